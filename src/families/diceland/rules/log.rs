//! Diceland game logs: a versioned JSON record of a game on a board,
//! written by `rollx play` and read by `rollx referee`, in the envelope
//! every family's log shares (`families::log::GameLog`: `format`,
//! `version`, `game`, `seed`, `players`, `turns`, `finished`) with `"game":
//! "diceland"`, its `board`, its `options` and the claimed `winners`.
//! `docs/diceland-log.md` documents the format.
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
use crate::families::log::{self as envelope, BoardRef, LogFamily};

/// The current version of the Diceland log.
pub const LOG_VERSION: u32 = 1;

/// The value of the `game` field.
pub const LOG_GAME: &str = "diceland";

/// The parts of a Diceland log in the envelope every family's log shares
/// ([`envelope::GameLog`]): `"game": "diceland"`, `board`, `options`,
/// players by name, [`LogTurn`]s and the claimed `winners` (by name,
/// always written).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DicelandLog;

/// A recorded Diceland game.
pub type GameLog = envelope::GameLog<DicelandLog>;

impl LogFamily for DicelandLog {
    const GAME: Option<&'static str> = Some(LOG_GAME);
    const VERSION: u32 = LOG_VERSION;
    const BOARD: &'static str = "board";
    const OPTIONS: &'static str = "options";
    const RESULT: &'static str = "winners";
    type Board = LogBoard;
    type Options = Options;
    /// A player's name.
    type Player = String;
    type Turn = LogTurn;
    /// The winners' names.
    type Claim = Vec<String>;
    const DOC: &'static str = "docs/diceland-log.md";

    fn player_name(player: &Self::Player) -> &str {
        player
    }

    fn wrong_version(version: u32) -> String {
        format!("this is a version {version} log; rollx reads version {LOG_VERSION}")
    }

    fn check(log: &GameLog) -> Result<(), String> {
        if log.players.is_empty() || log.players.len() > super::MAX_PLAYERS {
            return Err(format!(
                "`players` names {} players; a game has 1 to {}",
                log.players.len(),
                super::MAX_PLAYERS
            ));
        }
        Ok(())
    }
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

impl BoardRef for LogBoard {
    fn id(&self) -> &str {
        &self.id
    }

    fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }
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
    envelope::hash_text(&h.finalize())
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
        let board = LogBoard {
            id: game.board().info.id.clone(),
            file,
            hash: Some(board_hash(game.board())),
        };
        GameLog {
            finished: false,
            ..GameLog::from_parts(board, *game.options(), seed, players, Vec::new())
        }
    }

    /// Marks the game finished with the table's winners.
    pub fn finish(&mut self, table: &Table) {
        self.finished = table.phase == Phase::Over;
        self.result = table
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
