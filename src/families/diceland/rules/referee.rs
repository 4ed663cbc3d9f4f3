//! The referee of Diceland logs: it replays a log through the engine, so
//! every move is judged by the same rule the computer players obey, and
//! reports each broken rule with its turn and player, and each problem of
//! the log itself (dice that could not have been rolled, a game cut short,
//! winners the sheets do not support).

use serde::Serialize;

use super::Game;
use super::log::{Event, GameLog, board_hash, parse_move};
use super::table::{Move, Phase, Roll, Table};
use crate::engine::{Actor, Rules};
use crate::families::log::LogProblem;

/// A move that breaks a rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// The turn, from 1.
    pub turn: usize,
    /// The player.
    pub player: String,
    /// The move as written.
    #[serde(rename = "move")]
    pub mv: String,
    /// Stable name of the rule broken.
    pub kind: &'static str,
    /// What is wrong.
    pub message: String,
}

/// One player's sheet at the end of the replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerVerdict {
    /// The player.
    pub name: String,
    /// Star cells crossed.
    pub stars: u8,
    /// Colours crossed completely.
    pub complete_colors: u8,
    /// Cells crossed.
    pub crosses: usize,
    /// Whether the player won.
    pub won: bool,
}

/// The referee's verdict on a log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Problems with the log itself.
    pub problems: Vec<LogProblem>,
    /// Moves that break a rule.
    pub violations: Vec<Violation>,
    /// Every player's sheet at the end.
    pub players: Vec<PlayerVerdict>,
    /// The winners by the replay.
    pub winners: Vec<String>,
    /// Turns replayed.
    pub turns: usize,
    /// Every player's sheet at the end of the replay.
    #[serde(skip)]
    pub sheets: Vec<super::Sheet>,
}

impl Verdict {
    /// No problem and no broken rule.
    pub fn is_clean(&self) -> bool {
        self.problems.is_empty() && self.violations.is_empty()
    }
}

/// The log was recorded on another board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the log was played on a board with hash {logged}, but this board's is {board}")]
pub struct WrongBoard {
    /// The log's hash.
    pub logged: String,
    /// The board's hash.
    pub board: String,
}

/// Replays `log` on `game`.
pub fn referee(game: &Game, log: &GameLog) -> Result<Verdict, WrongBoard> {
    let hash = board_hash(game.board());
    if let Some(logged) = &log.board.hash
        && *logged != hash
    {
        return Err(WrongBoard {
            logged: logged.clone(),
            board: hash,
        });
    }
    let game = Game::with_options(game.board().clone(), log.options);
    let board = game.board();
    let mut table = game.new_table(log.players.len());
    let mut problems = Vec::new();
    let mut violations = Vec::new();
    let mut stopped = false;
    let mut turns = 0;
    'turns: for (t, turn) in log.turns.iter().enumerate() {
        let number = t + 1;
        turns = number;
        if table.phase != Phase::Roll {
            let why = if table.phase == Phase::Over {
                "the game was over before this turn".to_string()
            } else {
                format!(
                    "turn {number} begins before turn {t} is over ({})",
                    table.waiting_for()
                )
            };
            problems.push(LogProblem::new(Some(number), "turn-order", why));
            stopped = true;
            break;
        }
        for event in &turn.events {
            match event {
                Event::Roll { roll } => {
                    if game.actor(&table) != Actor::Chance {
                        problems.push(LogProblem::new(
                            Some(number),
                            "unexpected-roll",
                            format!("a roll ({roll}) where {}", table.waiting_for()),
                        ));
                        stopped = true;
                        break 'turns;
                    }
                    let want = table.dice_to_roll();
                    match Roll::parse(roll) {
                        Some(r) if r.dice() == want => game.apply_chance(&mut table, r),
                        Some(r) => {
                            problems.push(LogProblem::new(
                                Some(number),
                                "wrong-dice",
                                format!(
                                    "the roll {roll} has {} dice, but {want} were rolled",
                                    r.dice()
                                ),
                            ));
                            stopped = true;
                            break 'turns;
                        }
                        None => {
                            problems.push(LogProblem::new(
                                Some(number),
                                "wrong-dice",
                                format!("`{roll}` is no roll: one letter per die, R Y G B O or A"),
                            ));
                            stopped = true;
                            break 'turns;
                        }
                    }
                }
                Event::Move { player, mv } => {
                    let Some(seat) = log.players.iter().position(|p| p == player) else {
                        problems.push(LogProblem::new(
                            Some(number),
                            "unknown-player",
                            format!("`{player}` is not one of the log's players"),
                        ));
                        stopped = true;
                        break 'turns;
                    };
                    let parsed = match parse_move(board, mv) {
                        Ok(m) => m,
                        Err(why) => {
                            problems.push(
                                LogProblem::new(Some(number), "bad-move", why).of_player(player),
                            );
                            stopped = true;
                            break 'turns;
                        }
                    };
                    match game.check(&table, seat, parsed) {
                        Ok(()) => game.apply(&mut table, seat, parsed),
                        Err(e) => {
                            violations.push(Violation {
                                turn: number,
                                player: player.clone(),
                                mv: mv.clone(),
                                kind: e.kind(),
                                message: e.to_string(),
                            });
                            // A crossing that breaks the rules crosses
                            // nothing; anything else stops the replay.
                            if matches!(parsed, Move::Cross(..))
                                && game.check(&table, seat, Move::Pass).is_ok()
                            {
                                game.apply(&mut table, seat, Move::Pass);
                            } else {
                                stopped = true;
                                break 'turns;
                            }
                        }
                    }
                }
            }
        }
    }
    if !stopped && log.finished && table.phase != Phase::Over {
        problems.push(LogProblem::new(
            None,
            "unfinished",
            format!(
                "the log says the game is finished, but it ends where {}",
                table.waiting_for()
            ),
        ));
    }
    let winners: Vec<String> = table
        .winners()
        .into_iter()
        .map(|p| log.players[p].clone())
        .collect();
    if !stopped && log.finished && table.phase == Phase::Over {
        let mut claimed = log.winners.clone();
        claimed.sort();
        let mut found = winners.clone();
        found.sort();
        if claimed != found {
            problems.push(LogProblem::new(
                None,
                "wrong-winners",
                format!(
                    "the log names the winners {}, but the sheets make {}",
                    names(&claimed),
                    names(&found)
                ),
            ));
        }
    }
    let players = log
        .players
        .iter()
        .enumerate()
        .map(|(p, name)| player_verdict(&game, &table, p, name))
        .collect();
    Ok(Verdict {
        problems,
        violations,
        players,
        winners,
        turns,
        sheets: table.sheets.clone(),
    })
}

fn player_verdict(game: &Game, table: &Table, p: usize, name: &str) -> PlayerVerdict {
    let s = &table.sheets[p];
    let _ = game;
    PlayerVerdict {
        name: name.to_string(),
        stars: s.stars,
        complete_colors: s.complete_colors(),
        crosses: s.crossed.len(),
        won: table.winners >> p & 1 == 1,
    }
}

fn names(list: &[String]) -> String {
    if list.is_empty() {
        "nobody".into()
    } else {
        list.join(", ")
    }
}
