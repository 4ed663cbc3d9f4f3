//! Game logs: a versioned JSON record of a game, written by `rollx play`
//! and read by `rollx referee`, in the envelope every family's log shares
//! (`families::log::GameLog`) with the Rolling parts: `map`, `rules`, the
//! players' names, the turns and the claimed `result`, and no `game`.
//! `docs/game-log.md` documents the format and
//! `docs/game-log.schema.json` is its JSON Schema (generated from these
//! types; a test keeps it current).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::game::{DieId, Game};
use super::moves::{Action, Move, PowerSet};
use super::state::State;
use crate::rolling::map::{Map, Power, Rules};

use crate::families::log::{self as envelope, BoardRef, LogFamily, LogSchema};

/// The current version of the format.
pub const LOG_VERSION: u32 = 1;

/// The parts of a Rolling log in the envelope every family's log shares
/// ([`envelope::GameLog`]): `map`, `rules`, players by name, [`LogTurn`]s
/// and each player's claimed [`LogResult`]; no `game` (Rolling logs came
/// first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RollingLog;

/// A recorded game on a Rolling map.
pub type GameLog = envelope::GameLog<RollingLog>;

impl LogFamily for RollingLog {
    const GAME: Option<&'static str> = None;
    const VERSION: u32 = LOG_VERSION;
    const BOARD: &'static str = "map";
    const OPTIONS: &'static str = "rules";
    const RESULT: &'static str = "result";
    type Board = LogMap;
    /// The rules the game was played with, for reference: when present
    /// they must equal the map's rules.
    type Options = Option<Rules>;
    /// A player's name.
    type Player = String;
    type Turn = LogTurn;
    type Claim = Vec<LogResult>;
    const DOC: &'static str = "docs/game-log.md";

    fn player_name(player: &Self::Player) -> &str {
        player
    }

    fn writes_options(rules: &Option<Rules>) -> bool {
        rules.is_some()
    }

    fn writes_result(result: &Vec<LogResult>) -> bool {
        !result.is_empty()
    }

    fn wrong_version(version: u32) -> String {
        format!(
            "this is version {version} of the game log format; this rollx reads version {LOG_VERSION}"
        )
    }

    fn check(log: &GameLog) -> Result<(), String> {
        if log.players.is_empty() {
            return Err("`players` is empty: a game has at least one player".into());
        }
        Ok(())
    }
}

impl LogSchema for RollingLog {
    const TITLE: &'static str = "rollx game log";
    const DESCRIPTION: &'static str =
        "One game of a Rolling X map: the dice rolled and how each player resolved them.";
    const BOARD_DOC: &'static str = "The map the game was played on.";
    const OPTIONS_DOC: &'static str = "The rules the game was played with, for reference. When \
present they\nmust equal the map's rules.";
    const PLAYERS_DOC: &'static str =
        "The players' names, in the order their moves are listed in each turn.";
    const TURNS_DOC: &'static str = "Every turn in order.";
    const RESULT_DOC: &'static str = "Each player's final result as claimed by the recorder \
(optional; the\nreferee compares it with its own count).";
}

/// Which map a game was played on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LogMap {
    /// The map's `[map] id`.
    pub id: String,
    /// `sha256:` hash of the map's playing content (see [`map_hash`]); the
    /// referee refuses the log when the map has changed since the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
    /// Path of the map file as given to `rollx play`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

impl BoardRef for LogMap {
    fn id(&self) -> &str {
        &self.id
    }

    fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }
}

/// One turn: the dice drawn and rolled, and each player's resolutions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LogTurn {
    /// The dice, in the order drawn.
    pub dice: Vec<LogRoll>,
    /// One list per player (in the order of `players`): how each die was
    /// resolved, in the order the player resolved them.
    pub moves: Vec<Vec<LogMove>>,
}

/// A die drawn and rolled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LogRoll {
    /// The die's id (`red`, `clear`).
    pub die: String,
    /// The face rolled.
    #[schemars(range(max = 99))]
    pub value: u8,
}

/// How a player resolved one die. Exactly one of: `areas` (with `number`),
/// `cross`, or neither (the die did nothing).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, try_from = "LogMoveFields")]
pub struct LogMove {
    /// The die's id.
    pub die: String,
    /// The number written (normally the die's value).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u8>,
    /// The area written, or the two areas of a Dupe (with a Guard that covers
    /// one copy only, the guarded one first).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub areas: Vec<String>,
    /// The area marked with an X.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cross: Option<String>,
    /// The powers used on this die.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub powers: Vec<Power>,
    /// With Color Change: the region the die was turned into.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color_change_to: Option<String>,
}

/// The fields of a [`LogMove`] before their combination is checked (the
/// JSON Schema describes these).
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "LogMove")]
/// How a player resolved one die. Exactly one of: `areas` (with `number`),
/// `cross`, or neither (the die did nothing).
struct LogMoveFields {
    /// The die's id.
    die: String,
    /// The number written (normally the die's value); required with `areas`.
    #[serde(default)]
    #[schemars(range(max = 99))]
    number: Option<u8>,
    /// The area written, or the two areas of a Dupe (with a Guard that covers
    /// one copy only, the guarded one first).
    #[serde(default)]
    #[schemars(length(max = 2))]
    areas: Vec<String>,
    /// The area marked with an X.
    #[serde(default)]
    cross: Option<String>,
    /// The powers used on this die, each at most once.
    #[serde(default, deserialize_with = "unique_powers")]
    #[schemars(extend("uniqueItems" = true))]
    powers: Vec<Power>,
    /// With Color Change: the region the die was turned into.
    #[serde(default)]
    color_change_to: Option<String>,
}

/// Reads a move's `powers`, refusing a power listed twice (the error then
/// points at the end of the list).
fn unique_powers<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Power>, D::Error> {
    let powers = Vec::<Power>::deserialize(d)?;
    match powers
        .iter()
        .enumerate()
        .find_map(|(i, p)| powers[..i].contains(p).then_some(p))
    {
        Some(p) => Err(serde::de::Error::custom(format!(
            "`powers` lists \"{}\" twice: each power is used at most once on a die",
            p.key()
        ))),
        None => Ok(powers),
    }
}

impl TryFrom<LogMoveFields> for LogMove {
    type Error = String;

    fn try_from(f: LogMoveFields) -> Result<Self, String> {
        if f.areas.len() > 2 {
            return Err(format!(
                "a move writes at most two areas (Dupe), this one lists {}",
                f.areas.len()
            ));
        }
        if !f.areas.is_empty() && f.cross.is_some() {
            return Err("a move either writes `areas` or marks a `cross`, not both".into());
        }
        if !f.areas.is_empty() && f.number.is_none() {
            return Err("a move that writes `areas` needs the `number` written".into());
        }
        if f.areas.is_empty() && f.number.is_some() {
            return Err("a `number` without `areas`: say where it was written".into());
        }
        Ok(LogMove {
            die: f.die,
            number: f.number,
            areas: f.areas,
            cross: f.cross,
            powers: f.powers,
            color_change_to: f.color_change_to,
        })
    }
}

/// A player's final result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LogResult {
    /// The player's name.
    pub player: String,
    /// Number of X on the finished sheet.
    pub crosses: u32,
    /// Powers used.
    pub powers_used: u32,
}

impl GameLog {
    /// The log of a game rollx played on `game`'s map (read from
    /// `map_file`), with its dice rolled from `seed` when there is one:
    /// `players` by name, the `turns` played
    /// so far, and each player's sheet after them. A game not over is
    /// marked unfinished; a finished one records each player's result.
    pub fn rolled<'a>(
        game: &Game,
        seed: Option<u64>,
        map_file: Option<String>,
        players: Vec<String>,
        turns: Vec<LogTurn>,
        sheets: impl IntoIterator<Item = &'a State>,
    ) -> GameLog {
        let mut sheets = sheets.into_iter().peekable();
        let finished = sheets.peek().is_some_and(|s| game.is_terminal(s));
        let result = if finished {
            players
                .iter()
                .zip(sheets)
                .map(|(name, sheet)| {
                    let score = game.score(sheet);
                    LogResult {
                        player: name.clone(),
                        crosses: score.crosses,
                        powers_used: score.powers_used,
                    }
                })
                .collect()
        } else {
            Vec::new()
        };
        let board = LogMap {
            id: game.map().info.id.clone(),
            hash: Some(map_hash(game.map())),
            file: map_file,
        };
        GameLog {
            finished,
            result,
            ..GameLog::from_parts(board, Some(game.rules().clone()), seed, players, turns)
        }
    }
}

/// A hash of what a map means for play: areas, their regions, immunity and
/// neighbours, and the rules. Names, colours, links and geometry do not
/// count, so redrawing a map keeps its logs valid.
pub fn map_hash(map: &Map) -> String {
    #[derive(Serialize)]
    struct Canonical<'a> {
        areas: Vec<(&'a str, &'a str, bool, Vec<&'a str>)>,
        rules: &'a Rules,
    }
    let mut areas: Vec<(&str, &str, bool, Vec<&str>)> = map
        .areas
        .iter()
        .map(|a| {
            let mut n: Vec<&str> = a
                .neighbors
                .iter()
                .map(|&n| map.area(n).id.as_str())
                .collect();
            n.sort_unstable();
            (a.id.as_str(), map.region(a.region).id.as_str(), a.immune, n)
        })
        .collect();
    areas.sort_unstable();
    let bytes = serde_json::to_vec(&Canonical {
        areas,
        rules: &map.rules,
    })
    .expect("serialises");
    envelope::hash_text(&Sha256::digest(&bytes))
}

/// A log move naming what the engine did.
pub fn log_move(game: &Game, mv: &Move, number: u8) -> LogMove {
    let map = game.map();
    let code = |a: crate::rolling::map::AreaId| map.area(a).id.clone();
    let areas: Vec<String> = mv.action.written().map(code).collect();
    let color_change_to = if mv.powers.contains(Power::ColorChange) {
        let mut regions = mv.action.marked().map(|a| game.region_of(a));
        let first = regions.next();
        first
            .filter(|&r| regions.all(|x| x == r))
            .map(|r| map.region(r).id.clone())
    } else {
        None
    };
    LogMove {
        die: game.die(mv.die).id.clone(),
        number: (!areas.is_empty()).then_some(number),
        cross: match mv.action {
            Action::Cross(a) => Some(code(a)),
            _ => None,
        },
        areas,
        powers: mv.powers.iter().collect(),
        color_change_to,
    }
}

/// An id in a log that the map does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnknownId {
    /// Not a die of this map.
    Die(String),
    /// Not an area of this map.
    Area(String),
}

/// The engine move a log move describes, with the number written.
pub fn move_from_log(game: &Game, lm: &LogMove) -> Result<(Move, u8), UnknownId> {
    let die: DieId = game
        .die_by_id(&lm.die)
        .ok_or_else(|| UnknownId::Die(lm.die.clone()))?;
    let area = |id: &String| {
        game.map()
            .area_by_code(id)
            .ok_or_else(|| UnknownId::Area(id.clone()))
    };
    let action = match (lm.areas.as_slice(), &lm.cross) {
        ([a], _) => Action::Write(area(a)?),
        ([a, b], _) => Action::WriteTwice(area(a)?, area(b)?),
        (_, Some(c)) => Action::Cross(area(c)?),
        _ => Action::Pass,
    };
    let number = lm.number.unwrap_or(0);
    Ok((
        Move {
            die,
            action,
            powers: PowerSet::of(&lm.powers),
        },
        number,
    ))
}
