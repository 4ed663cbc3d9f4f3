//! Refereeing a recorded Encore game: replay the log against the rules
//! (every roll checked against the board's dice, every move through
//! [`Game::check`]), name every rule broken with its turn, player and dice,
//! and check the claimed scores against the referee's own count.

use serde::Serialize;

use crate::families::log;
pub use crate::families::log::LogProblem;

use super::game::Game;
use super::log::{
    GameLog, LogMove, LogResult, PassMark, board_hash, boxes_listed_twice, move_from_log,
    roll_from_log,
};
use super::moves::Move;
use super::score::{Score, solo_band};
use super::table::{Phase, Sheet};

/// One rule broken by one player's move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// The roll, from 1.
    pub turn: usize,
    /// The player's name.
    pub player: String,
    /// The player's seat, from 0.
    pub player_index: usize,
    /// Whether the player was the active player, choosing before the
    /// others (not in the open rolls, in which everyone chooses at once).
    pub active: bool,
    /// The dice taken, as the log names them (`"green 3"`, `"? 5 as blue
    /// 5"`), or `"pass"`.
    pub dice: String,
    /// The boxes crossed, as the log names them.
    pub boxes: Vec<String>,
    /// Stable name of the rule (see docs/encore-rules.md).
    pub rule: &'static str,
    /// What happened.
    pub message: String,
}

/// One player's result as the referee counts it.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerVerdict {
    /// Name.
    pub player: String,
    /// The score of the sheet as written.
    pub score: Score,
    /// Whether the player wins (among those sharing the win).
    pub winner: bool,
    /// The sheet as written.
    #[serde(skip)]
    pub sheet: Sheet,
}

/// The referee's findings on one log.
#[derive(Clone, Debug, Serialize)]
pub struct Verdict {
    /// Problems with the log itself.
    pub problems: Vec<LogProblem>,
    /// Every rule broken, in game order.
    pub violations: Vec<Violation>,
    /// Each player's result, by seat.
    pub players: Vec<PlayerVerdict>,
    /// Whether the log covers a whole game.
    pub complete: bool,
    /// The solo game's rating (`"25-28"`), for a whole solo game.
    pub solo_band: Option<String>,
    /// How options the log leaves out were read ([`GameLog::readings`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub readings: Vec<String>,
}

impl Verdict {
    /// No violations and no problems.
    pub fn is_clean(&self) -> bool {
        self.problems.is_empty() && self.violations.is_empty()
    }

    /// Clean but for being unfinished: the log of a game stopped before
    /// its end, which may be resumed.
    pub fn is_clean_so_far(&self) -> bool {
        self.violations.is_empty() && log::clean_so_far(&self.problems)
    }
}

/// Why a log cannot be refereed on a board: it was recorded on another
/// board, or on another version of this one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WrongBoard {
    /// The log names another board id.
    #[error("the log is for board `{log}`, but it is refereed on board `{board}`")]
    OtherBoard {
        /// The board id in the log.
        log: String,
        /// The id of the board given.
        board: String,
    },
    /// The ids agree, but the board's boxes, points or dice have changed
    /// since the game was recorded (the log's `board.hash` differs).
    #[error(
        "the board `{board}` has changed since the game was recorded: its boxes, points or dice \
differ from the board hash in the log"
    )]
    Changed {
        /// The board id.
        board: String,
    },
}

impl WrongBoard {
    /// Stable name of the problem (as `rollx referee` reports it).
    pub fn code(&self) -> &'static str {
        match self {
            WrongBoard::OtherBoard { .. } => "board-mismatch",
            WrongBoard::Changed { .. } => "board-changed",
        }
    }
}

/// Whether `log` belongs to `game`'s board: the same id, and the same
/// hash when the log records one.
pub fn wrong_board(game: &Game, log: &GameLog) -> Option<WrongBoard> {
    let info = &game.board().info;
    if log.board.id != info.id {
        Some(WrongBoard::OtherBoard {
            log: log.board.id.clone(),
            board: info.id.clone(),
        })
    } else if log
        .board
        .hash
        .as_ref()
        .is_some_and(|h| *h != board_hash(game.board()))
    {
        Some(WrongBoard::Changed {
            board: info.id.clone(),
        })
    } else {
        None
    }
}

/// Referees a log on a game (its board with the log's options: see
/// [`GameLog::game`]); a log of another board (`wrong_board`) is not
/// refereed.
pub fn referee(game: &Game, log: &GameLog) -> Result<Verdict, WrongBoard> {
    if let Some(wrong) = wrong_board(game, log) {
        return Err(wrong);
    }
    let players = log.players.len();
    let names = log.names();
    let mut table = game.new_table(players);
    let mut problems = Vec::new();
    let mut violations = Vec::new();
    let problem = LogProblem::new;

    for (t, turn) in log.turns.iter().enumerate() {
        let number = t + 1;
        if table.phase() == Phase::Over {
            problems.push(problem(
                Some(number),
                "extra-turns",
                format!(
                    "the game ended after roll {t}, the log goes on to roll {}: the rest is ignored",
                    log.turns.len()
                ),
            ));
            break;
        }

        // The dice.
        let (roll, missing) = roll_from_log(game, &turn.roll);
        let (color_dice, number_dice) = game.dice_rolled(players);
        let (colors, numbers) = (turn.roll.colors.len(), turn.roll.numbers.len());
        if (colors, numbers) != (usize::from(color_dice), usize::from(number_dice)) {
            problems.push(problem(
                Some(number),
                "dice-count",
                format!(
                    "{colors} colour and {numbers} number dice rolled; a table of {players} rolls \
{color_dice} and {number_dice}"
                ),
            ));
        }
        for face in missing {
            problems.push(problem(
                Some(number),
                "not-a-face",
                format!("the {face} shows a face no die of the board has"),
            ));
        }
        game.put_roll(&mut table, roll);

        // The moves: the active player's first, then the others by seat
        // (everyone at once in the open rolls and the solo game).
        if turn.moves.len() != players {
            problems.push(problem(
                Some(number),
                "player-count",
                format!(
                    "moves for {} players, the log names {players}: a missing move counts as a pass",
                    turn.moves.len()
                ),
            ));
        }
        let active = table.active();
        let order: Vec<usize> = if table.phase() == Phase::Active {
            std::iter::once(active)
                .chain((0..players).filter(|&p| p != active))
                .collect()
        } else {
            (0..players).collect()
        };
        let pass = LogMove::Pass(PassMark::Pass);
        for p in order {
            let lm = turn.moves.get(p).unwrap_or(&pass);
            let takes_first = p == active && table.phase() == Phase::Active;
            let mut record = |rule: &'static str, message: String| {
                violations.push(Violation {
                    turn: number,
                    player: names[p].clone(),
                    player_index: p,
                    active: takes_first,
                    dice: lm.dice(),
                    boxes: lm.boxes().to_vec(),
                    rule,
                    message,
                });
            };
            for name in boxes_listed_twice(lm) {
                record(
                    "box-twice",
                    format!(
                        "{name} is listed twice in one move: a move crosses each of its boxes \
once, as many boxes as the number shows (the move is judged with {name} once)"
                    ),
                );
            }
            let mv = match move_from_log(game, lm) {
                Ok(mv) => mv,
                Err(unknown) => {
                    record(unknown.code(), unknown.describe(game));
                    Move::Pass
                }
            };
            for broken in game.check(&table, p, &mv) {
                record(broken.code(), broken.describe(game));
            }
            game.apply_as_written(&mut table, p, &mv);
        }
    }
    let complete = table.phase() == Phase::Over;
    if !complete {
        problems.push(log::incomplete(
            &crate::text::plural(log.turns.len(), "roll", "rolls"),
            None,
        ));
    }

    let winners = if complete {
        game.winners(&table)
    } else {
        Vec::new()
    };
    let verdicts: Vec<PlayerVerdict> = table
        .sheets()
        .iter()
        .enumerate()
        .map(|(p, sheet)| PlayerVerdict {
            player: names[p].clone(),
            score: game.score(sheet),
            winner: winners.contains(&p),
            sheet: *sheet,
        })
        .collect();
    for claimed in &log.result {
        match verdicts.iter().find(|v| v.player == claimed.player) {
            Some(v) => {
                for (kind, message) in result_differences(claimed, &v.score) {
                    problems.push(problem(None, kind, message).of_player(&claimed.player));
                }
            }
            None => problems.push(
                problem(
                    None,
                    "unknown-player",
                    format!(
                        "a result is claimed for `{}`, who is not a player",
                        claimed.player
                    ),
                )
                .of_player(&claimed.player),
            ),
        }
    }
    let solo_band = (complete && players == 1).then(|| solo_band(verdicts[0].score.total).label());
    Ok(Verdict {
        problems,
        violations,
        players: verdicts,
        complete,
        solo_band,
        readings: log.readings(),
    })
}

/// Each part of a claimed score that the sheet does not support: its
/// problem's name and what is wrong.
fn result_differences(claimed: &LogResult, score: &Score) -> Vec<(&'static str, String)> {
    let counted = LogResult::of(&claimed.player, score);
    let (c, s) = (claimed, &counted);
    let parts: [(&'static str, &str, &str, u32, u32); 5] = [
        (
            "wrong-color-points",
            "colour bonus point",
            "colour bonus points",
            c.colors,
            s.colors,
        ),
        (
            "wrong-column-points",
            "column point",
            "column points",
            c.columns,
            s.columns,
        ),
        (
            "wrong-jokers-left",
            "\"!\" box left",
            "\"!\" boxes left",
            c.jokers_left,
            s.jokers_left,
        ),
        (
            "wrong-star-penalty",
            "open star",
            "open stars",
            c.open_stars,
            s.open_stars,
        ),
        (
            "wrong-star-penalty",
            "point lost for open stars",
            "points lost for open stars",
            c.star_penalty,
            s.star_penalty,
        ),
    ];
    let mut out: Vec<(&'static str, String)> = parts
        .into_iter()
        .filter(|(_, _, _, c, s)| c != s)
        .map(|(kind, one, many, c, s)| {
            (
                kind,
                format!(
                    "{} {}; the sheet has {}",
                    crate::text::subject_verb(&claimed.player, "claims", "claim"),
                    crate::text::plural(c, one, many),
                    crate::text::plural(s, one, many)
                ),
            )
        })
        .collect();
    let arithmetic =
        i64::from(claimed.colors) + i64::from(claimed.columns) + i64::from(claimed.jokers_left)
            - i64::from(claimed.star_penalty);
    if i64::from(claimed.total) != arithmetic || claimed.total != counted.total {
        out.push((
            "wrong-total",
            format!(
                "{} a total of {}; the claimed parts add up to {arithmetic} and the sheet \
scores {}",
                crate::text::subject_verb(&claimed.player, "claims", "claim"),
                claimed.total,
                counted.total
            ),
        ));
    }
    out
}
