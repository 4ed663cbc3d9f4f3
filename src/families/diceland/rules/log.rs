//! Diceland game logs: a versioned JSON record of a game on a board,
//! written by `rollx play` and read by `rollx referee`, in the envelope of
//! every family's log (`format`, `version`, `game`, `seed`, `players`,
//! `turns`, `finished`) with `"game": "diceland"`. `docs/diceland-log.md`
//! documents the format.
//!
//! Each turn is a list of events in the order they happened: a roll of
//! the dice (`{"roll": "RRYBBA"}`, one colour letter per die) or a
//! player's move (`{"player": "greedy 2", "move": "cross red C4 D4"}`).
//! Moves are `choose <colour>`, `reroll`, `stop`, `cross <colour>
//! <cells>` and `pass`; cells are named by column letter and row, as the
//! sheet prints them.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::table::{Move, Phase, Roll, Table};
use super::{Game, Options};
use crate::diceland::model::{Board, Cell, CellSet, Color};
use crate::engine::Watcher;
use crate::families::log::{LOG_FORMAT, LogError, check_format, parse_json};

/// The current version of the Diceland log.
pub const LOG_VERSION: u32 = 1;

/// The value of the `game` field.
pub const LOG_GAME: &str = "diceland";

/// A recorded Diceland game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameLog {
    /// Always `"rollx-game-log"`.
    pub format: String,
    /// Format version; this is version 1.
    pub version: u32,
    /// Always `"diceland"`.
    pub game: String,
    /// The board the game was played on.
    pub board: LogBoard,
    /// The readings of the rulebook the game was played by.
    #[serde(default)]
    pub options: Options,
    /// The seed of the dice, for computer games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The players' names, by seat: seat 1 is active first.
    pub players: Vec<String>,
    /// Every turn, in order.
    pub turns: Vec<LogTurn>,
    /// `false` for a game stopped before its end.
    #[serde(
        default = "crate::families::log::finished_default",
        skip_serializing_if = "crate::families::log::is_finished"
    )]
    pub finished: bool,
    /// The winners as the recorder claims them (the referee compares).
    #[serde(default)]
    pub winners: Vec<String>,
}

/// The board of a log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogBoard {
    /// The board's id.
    pub id: String,
    /// The board file, as given to `rollx play`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// `sha256:` hash of what the board means for play ([`board_hash`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
}

/// One turn: the active player's rolls and choices, everyone's crossings,
/// the bonus rolls.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogTurn {
    /// The events, in order.
    pub events: Vec<Event>,
}

/// A roll or a move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Event {
    /// Dice rolled: one colour letter per die.
    Roll {
        /// The letters (`RRYBBA`).
        roll: String,
    },
    /// A player's move.
    Move {
        /// The player's name.
        player: String,
        /// The move (`cross red C4 D4`).
        #[serde(rename = "move")]
        mv: String,
    },
}

/// A hash of what a board means for play: its grid and its goal.
pub fn board_hash(board: &Board) -> String {
    let mut h = Sha256::new();
    h.update(format!("{}x{};", board.grid.columns, board.grid.rows));
    for c in &board.cells {
        let t = match c {
            Cell::Hole => ".".to_string(),
            Cell::Obstacle => "#".to_string(),
            Cell::Start => "@".to_string(),
            Cell::Zone { zone, star } => format!(
                "{}{}{}",
                board.zones[usize::from(*zone)].color.letter(),
                zone,
                if *star { "*" } else { "" }
            ),
        };
        h.update(t);
        h.update(" ");
    }
    h.update(format!("goal {} {}", board.goal.stars, board.goal.colors));
    let digest = h.finalize();
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256:{hex}")
}

/// A move as a log writes it.
pub fn move_text(board: &Board, mv: Move) -> String {
    match mv {
        Move::Choose(c) => format!("choose {}", c.id()),
        Move::Reroll => "reroll".into(),
        Move::Stop => "stop".into(),
        Move::Pass => "pass".into(),
        Move::Cross(c, cells) => {
            let names: Vec<String> = cells.iter().map(|i| board.cell_name(i)).collect();
            format!("cross {} {}", c.id(), names.join(" "))
        }
    }
}

/// A move as a log writes it, read back; `Err` says what is wrong.
pub fn parse_move(board: &Board, text: &str) -> Result<Move, String> {
    let mut words = text.split_whitespace();
    let verb = words.next().unwrap_or("");
    let color = |w: Option<&str>| -> Result<Color, String> {
        let w = w.ok_or("a colour is missing")?;
        Color::by_id(w)
            .ok_or_else(|| format!("`{w}` is no colour (red, yellow, green, blue, orange, grey)"))
    };
    let mv = match verb {
        "choose" => Move::Choose(color(words.next())?),
        "reroll" => Move::Reroll,
        "stop" => Move::Stop,
        "pass" => Move::Pass,
        "cross" => {
            let c = color(words.next())?;
            let mut cells = CellSet::EMPTY;
            for w in words.by_ref() {
                let i = board
                    .cell_by_name(w)
                    .ok_or_else(|| format!("`{w}` is no cell of the board"))?;
                if cells.contains(i) {
                    return Err(format!(
                        "{w} is listed twice in one move: a crossing crosses each of its cells \
once, one cell per die"
                    ));
                }
                cells.insert(i);
            }
            if cells.is_empty() {
                return Err("a crossing names no cell".into());
            }
            return Ok(Move::Cross(c, cells));
        }
        _ => {
            return Err(format!(
                "`{text}` is no move (choose <colour>, reroll, stop, cross <colour> <cells>, pass)"
            ));
        }
    };
    match words.next() {
        Some(extra) => Err(format!("`{extra}` follows the move `{verb}`")),
        None => Ok(mv),
    }
}

impl GameLog {
    /// An empty log of a game on `game`'s board.
    pub fn new(
        game: &Game,
        file: Option<String>,
        seed: Option<u64>,
        players: Vec<String>,
    ) -> GameLog {
        GameLog {
            format: LOG_FORMAT.to_string(),
            version: LOG_VERSION,
            game: LOG_GAME.to_string(),
            board: LogBoard {
                id: game.board().info.id.clone(),
                file,
                hash: Some(board_hash(game.board())),
            },
            options: *game.options(),
            seed,
            players,
            turns: Vec::new(),
            finished: false,
            winners: Vec::new(),
        }
    }

    /// Reads a log's text, with where it goes wrong.
    pub fn parse(text: &str) -> Result<GameLog, LogError> {
        let log: GameLog = parse_json(text)?;
        check_format(&log.format)?;
        if log.game != LOG_GAME {
            return Err(LogError::at_start(format!(
                "`game` is \"{}\", expected \"{LOG_GAME}\"",
                log.game
            )));
        }
        if log.version != LOG_VERSION {
            return Err(LogError::at_start(format!(
                "this is a version {} log; rollx reads version {LOG_VERSION}",
                log.version
            )));
        }
        if log.players.is_empty() || log.players.len() > super::MAX_PLAYERS {
            return Err(LogError::at_start(format!(
                "`players` names {} players; a game has 1 to {}",
                log.players.len(),
                super::MAX_PLAYERS
            )));
        }
        Ok(log)
    }

    /// The log as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("logs serialise")
    }

    /// Marks the game finished with the table's winners.
    pub fn finish(&mut self, table: &Table) {
        self.finished = table.phase == Phase::Over;
        self.winners = table
            .winners()
            .into_iter()
            .map(|p| self.players[p].clone())
            .collect();
    }
}

/// A watcher that records a game into a log.
pub struct Recorder<'a> {
    /// The log being written.
    pub log: &'a mut GameLog,
}

impl Watcher<Game> for Recorder<'_> {
    fn chance(&mut self, _game: &Game, table: &Table, roll: Roll) {
        if table.phase == Phase::Roll {
            self.log.turns.push(LogTurn::default());
        }
        if let Some(turn) = self.log.turns.last_mut() {
            turn.events.push(Event::Roll {
                roll: roll.letters(),
            });
        }
    }

    fn before_move(&mut self, game: &Game, _table: &Table, player: usize, mv: Move) {
        let name = self.log.players[player].clone();
        if let Some(turn) = self.log.turns.last_mut() {
            turn.events.push(Event::Move {
                player: name,
                mv: move_text(game.board(), mv),
            });
        }
    }
}
