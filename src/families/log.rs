//! What the game logs of every family share: the envelope itself
//! ([`GameLog`], generic over the family's parts: [`LogFamily`]) with its
//! `format`, `version`, `game` and `finished`, how it is read (with located
//! errors), written and described by a JSON Schema ([`LogSchema`]); the
//! hash of a map or board as a log writes it, finding the file a game was
//! played on, the problems a referee finds with a log itself, and which
//! family a log belongs to.
//!
//! A family supplies the parts of its log (`rolling::rules::log::RollingLog`
//! and the others) and names the result `pub type GameLog =
//! families::log::GameLog<Parts>`.

use std::borrow::Cow;
use std::fmt::{self, Debug};
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::de::{self, DeserializeOwned, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize};

use super::contract::Family;
use crate::diag::{Diagnostic, Failure, Loc, SourceId, SourceMap};

/// The value of every game log's `format` field.
pub const LOG_FORMAT: &str = "rollx-game-log";

/// Why a log file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct LogError {
    /// What is wrong.
    pub message: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
}

impl LogError {
    /// An error about the log as a whole, shown at its start.
    pub fn at_start(message: String) -> LogError {
        LogError {
            message,
            line: Some(1),
            column: Some(1),
        }
    }
}

/// Reads a log's JSON into its family's type, with where it goes wrong.
pub(crate) fn parse_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, LogError> {
    serde_json::from_str(text).map_err(|e| LogError {
        message: e
            .to_string()
            .split(" at line ")
            .next()
            .unwrap_or_default()
            .to_string(),
        line: (e.line() > 0).then_some(e.line()),
        column: (e.column() > 0).then_some(e.column()),
    })
}

/// Refuses a log whose `format` is not [`LOG_FORMAT`].
pub(crate) fn check_format(format: &str) -> Result<(), LogError> {
    if format == LOG_FORMAT {
        Ok(())
    } else {
        Err(LogError::at_start(format!(
            "`format` is \"{format}\", expected \"{LOG_FORMAT}\""
        )))
    }
}

/// The default of a log's `finished`: a game played to its end.
pub(crate) fn finished_default() -> bool {
    true
}

/// Whether `finished` is the default (and is left out of the log).
pub fn is_finished(finished: &bool) -> bool {
    *finished
}

/// How a log writes the hash of its map or board (the `hash` the referee
/// compares): `sha256:` and the SHA-256 `digest` of what the file means for
/// play, in hex.
pub(crate) fn hash_text(digest: &[u8]) -> String {
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256:{hex}")
}

/// What a family puts in the envelope of its game log ([`GameLog`]): the
/// value of its `game`, its version, the keys and types of its own parts
/// (the map or board, the rules or options, a player, a turn, the claimed
/// result) and the checks only it makes.
pub trait LogFamily: Sized {
    /// The value of `game`, the family's name; `None` for a family whose
    /// logs have no `game` (Rolling, whose logs came first).
    const GAME: Option<&'static str>;
    /// The version of the family's log format this rollx reads and writes.
    const VERSION: u32;
    /// The key of the map or board (`map`, `board`).
    const BOARD: &'static str;
    /// The key of the rules or options the game was played by (`rules`,
    /// `options`).
    const OPTIONS: &'static str;
    /// The key of the claimed result (`result`, `winners`).
    const RESULT: &'static str;
    /// The map or board the game was played on.
    type Board: BoardRef + Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// The rules or options; a log without them reads as their default.
    type Options: Clone + Debug + PartialEq + Default + Serialize + DeserializeOwned;
    /// One player of `players`.
    type Player: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// One turn of `turns`.
    type Turn: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// The result the recorder claims; a log without one reads as the
    /// default (nothing claimed).
    type Claim: Clone + Debug + PartialEq + Default + Serialize + DeserializeOwned;

    /// Where the family's log format is described (`docs/game-log.md`).
    const DOC: &'static str;

    /// A player's name.
    fn player_name(player: &Self::Player) -> &str;

    /// Whether a log writes these rules or options (`false`: they are left
    /// out).
    fn writes_options(_options: &Self::Options) -> bool {
        true
    }

    /// Whether a log writes this claimed result (`false`: it is left out).
    fn writes_result(_result: &Self::Claim) -> bool {
        true
    }

    /// Whether this rollx reads `version` of the family's log format (the
    /// current one, [`LogFamily::VERSION`], unless the family reads older
    /// ones too).
    fn reads_version(version: u32) -> bool {
        version == Self::VERSION
    }

    /// What is wrong with a log of another `version` of the format.
    fn wrong_version(version: u32) -> String;

    /// What the family finds wrong with a log whose envelope reads (its
    /// players), shown at the start of the log.
    fn check(log: &GameLog<Self>) -> Result<(), String>;

    /// The log as JSON (pretty-printed unless the family says otherwise).
    fn write_json(log: &GameLog<Self>) -> String {
        serde_json::to_string_pretty(log).expect("logs serialise")
    }
}

/// The map or board a log names: its id and the file it was read from.
pub trait BoardRef {
    /// The map's or board's id.
    fn id(&self) -> &str;
    /// The file as given to `rollx play`, when the log records it.
    fn file(&self) -> Option<&str>;
}

/// What the JSON Schema of a family's log says about it: its title and
/// description, and the descriptions of the family's own parts (the shared
/// fields describe themselves).
pub trait LogSchema: LogFamily {
    /// The schema's title (`"rollx game log"`).
    const TITLE: &'static str;
    /// What one log records.
    const DESCRIPTION: &'static str;
    /// What the map or board is.
    const BOARD_DOC: &'static str;
    /// What the rules or options are.
    const OPTIONS_DOC: &'static str;
    /// What `players` lists.
    const PLAYERS_DOC: &'static str;
    /// What `turns` lists.
    const TURNS_DOC: &'static str;
    /// What the claimed result is.
    const RESULT_DOC: &'static str;
    /// The most players a log may list, when there is a limit.
    const MAX_PLAYERS: Option<usize> = None;
}

/// A recorded game of the family `F`: the envelope every family's log
/// shares, with the family's own parts in it. The JSON object lists the
/// fields in this order, under these keys but for the family's parts,
/// which it names ([`LogFamily::BOARD`], [`LogFamily::OPTIONS`],
/// [`LogFamily::RESULT`]); `game` is written by the families that have
/// one.
///
/// Reading, writing and the JSON Schema are written by hand, once, over
/// the list of the envelope's fields: serde's derive cannot name a field after the family, and
/// `#[serde(flatten)]` would give up `deny_unknown_fields` and the line
/// and column of an error in a field. The hand-written reader makes the
/// same calls in the same order as the derived one did (a key, then its
/// value, as they stream; duplicates, unknown and missing keys refused
/// with serde's own words), so every log reads, and every broken log is
/// refused, exactly as when each family derived its own.
#[derive(Clone, Debug, PartialEq)]
pub struct GameLog<F: LogFamily> {
    /// Always `"rollx-game-log"` ([`LOG_FORMAT`]).
    pub format: String,
    /// The version of the family's log format ([`LogFamily::VERSION`]).
    pub version: u32,
    /// The game family, as the log names it (`"encore"`); `None` for a
    /// family whose logs have no `game` (Rolling).
    pub game: Option<String>,
    /// The map or board the game was played on (`map` in a Rolling log,
    /// `board` in the others).
    pub board: F::Board,
    /// The rules or options the game was played by (`rules` in a Rolling
    /// log, `options` in the others); left out, their default.
    pub options: F::Options,
    /// The seed that generated the dice, for computer games.
    /// Hand-recorded games have none.
    pub seed: Option<u64>,
    /// The players, by seat, in the order each turn lists their moves.
    pub players: Vec<F::Player>,
    /// Every turn, in order.
    pub turns: Vec<F::Turn>,
    /// `false` for a game stopped before its end and saved to be resumed;
    /// its turns are the ones played so far. Left out (`true`) for a game
    /// played to the end.
    pub finished: bool,
    /// The result as the recorder claims it, which the referee compares
    /// with its own count (`result` in Rolling and Encore logs, `winners`
    /// in Diceland's); left out, nothing is claimed.
    pub result: F::Claim,
}

/// A field of the envelope, in the order a log writes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Format,
    Version,
    Game,
    Board,
    Options,
    Seed,
    Players,
    Turns,
    Finished,
    Result,
}

impl Key {
    /// Every field of the family's log, in order.
    fn all<F: LogFamily>() -> impl Iterator<Item = Key> {
        [
            Key::Format,
            Key::Version,
            Key::Game,
            Key::Board,
            Key::Options,
            Key::Seed,
            Key::Players,
            Key::Turns,
            Key::Finished,
            Key::Result,
        ]
        .into_iter()
        .filter(|&key| key != Key::Game || F::GAME.is_some())
    }

    /// The field's key in the family's log.
    fn name<F: LogFamily>(self) -> &'static str {
        match self {
            Key::Format => "format",
            Key::Version => "version",
            Key::Game => "game",
            Key::Board => F::BOARD,
            Key::Options => F::OPTIONS,
            Key::Seed => "seed",
            Key::Players => "players",
            Key::Turns => "turns",
            Key::Finished => "finished",
            Key::Result => F::RESULT,
        }
    }

    /// Whether a log must have the field (the others have a default).
    fn required(self) -> bool {
        matches!(
            self,
            Key::Format | Key::Version | Key::Game | Key::Board | Key::Players | Key::Turns
        )
    }
}

impl<F: LogFamily> GameLog<F> {
    /// The first line of the referee's text on this log, read from `path`
    /// and played on the map or board `name`: `referee: FILE (NAME, seed
    /// 5, 2 players, 30 turns)`, where `turn` is what the family calls a
    /// turn.
    pub(crate) fn referee_heading(&self, path: &Path, name: &str, turn: &str) -> String {
        let seed = self.seed.map(|x| format!(", seed {x}")).unwrap_or_default();
        format!(
            "referee: {} ({name}{seed}, {}, {})\n",
            path.display(),
            crate::text::count(self.players.len(), "player"),
            crate::text::count(self.turns.len(), turn)
        )
    }

    /// A log of the family's current format, of a game played to its end
    /// with no result claimed (set `finished` and `result` after).
    pub fn from_parts(
        board: F::Board,
        options: F::Options,
        seed: Option<u64>,
        players: Vec<F::Player>,
        turns: Vec<F::Turn>,
    ) -> Self {
        GameLog {
            format: LOG_FORMAT.to_string(),
            version: F::VERSION,
            game: F::GAME.map(str::to_string),
            board,
            options,
            seed,
            players,
            turns,
            finished: finished_default(),
            result: F::Claim::default(),
        }
    }

    /// Reads a log's text and checks its envelope: the `format`, the
    /// `game`, the `version`, then what the family checks
    /// ([`LogFamily::check`]); an error says where the log goes wrong.
    pub fn parse(text: &str) -> Result<Self, LogError> {
        let log: Self = parse_json(text)?;
        check_format(&log.format)?;
        if let (Some(expected), Some(game)) = (F::GAME, &log.game)
            && game != expected
        {
            return Err(LogError::at_start(format!(
                "`game` is \"{game}\", expected \"{expected}\""
            )));
        }
        if !F::reads_version(log.version) {
            return Err(LogError::at_start(F::wrong_version(log.version)));
        }
        F::check(&log).map_err(LogError::at_start)?;
        Ok(log)
    }

    /// The log as JSON, as `rollx play --log` writes it.
    pub fn to_json(&self) -> String {
        F::write_json(self)
    }

    /// Where the map or board of the log saved at `log_path` may be, in
    /// the order to try ([`file_candidates`]).
    pub(crate) fn file_candidates(&self, log_path: &Path) -> Vec<PathBuf> {
        file_candidates(self.board.file(), self.board.id(), log_path)
    }
}

impl<F: LogFamily> Serialize for GameLog<F> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let written = |key: Key| match key {
            Key::Game => self.game.is_some(),
            Key::Options => F::writes_options(&self.options),
            Key::Seed => self.seed.is_some(),
            Key::Finished => !is_finished(&self.finished),
            Key::Result => F::writes_result(&self.result),
            _ => true,
        };
        let count = Key::all::<F>().filter(|&key| written(key)).count();
        let mut s = serializer.serialize_struct("GameLog", count)?;
        for key in Key::all::<F>() {
            let name = key.name::<F>();
            if !written(key) {
                s.skip_field(name)?;
                continue;
            }
            match key {
                Key::Format => s.serialize_field(name, &self.format)?,
                Key::Version => s.serialize_field(name, &self.version)?,
                Key::Game => s.serialize_field(name, &self.game)?,
                Key::Board => s.serialize_field(name, &self.board)?,
                Key::Options => s.serialize_field(name, &self.options)?,
                Key::Seed => s.serialize_field(name, &self.seed)?,
                Key::Players => s.serialize_field(name, &self.players)?,
                Key::Turns => s.serialize_field(name, &self.turns)?,
                Key::Finished => s.serialize_field(name, &self.finished)?,
                Key::Result => s.serialize_field(name, &self.result)?,
            }
        }
        s.end()
    }
}

impl<'de, F: LogFamily> Deserialize<'de> for GameLog<F> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_struct("GameLog", &[], LogVisitor::<F>(PhantomData))
    }
}

/// Reads a [`GameLog`] as serde's derive would: a JSON object key by key,
/// or (as derived structs also accept) an array of the fields in order.
struct LogVisitor<F>(PhantomData<F>);

/// The envelope's fields as they are read, each `None` until it is.
struct Fields<F: LogFamily> {
    format: Option<String>,
    version: Option<u32>,
    game: Option<String>,
    board: Option<F::Board>,
    options: Option<F::Options>,
    seed: Option<Option<u64>>,
    players: Option<Vec<F::Player>>,
    turns: Option<Vec<F::Turn>>,
    finished: Option<bool>,
    result: Option<F::Claim>,
}

impl<F: LogFamily> Fields<F> {
    fn new() -> Self {
        Fields {
            format: None,
            version: None,
            game: None,
            board: None,
            options: None,
            seed: None,
            players: None,
            turns: None,
            finished: None,
            result: None,
        }
    }

    /// Whether the field `key` has been read.
    fn has(&self, key: Key) -> bool {
        match key {
            Key::Format => self.format.is_some(),
            Key::Version => self.version.is_some(),
            Key::Game => self.game.is_some(),
            Key::Board => self.board.is_some(),
            Key::Options => self.options.is_some(),
            Key::Seed => self.seed.is_some(),
            Key::Players => self.players.is_some(),
            Key::Turns => self.turns.is_some(),
            Key::Finished => self.finished.is_some(),
            Key::Result => self.result.is_some(),
        }
    }

    /// Reads the value of the field `key` with `read`, which is given the
    /// field's type.
    fn read<E>(&mut self, key: Key, mut read: impl ReadValue<E>) -> Result<(), E> {
        match key {
            Key::Format => self.format = read.value()?,
            Key::Version => self.version = read.value()?,
            Key::Game => self.game = read.value()?,
            Key::Board => self.board = read.value()?,
            Key::Options => self.options = read.value()?,
            Key::Seed => self.seed = read.value()?,
            Key::Players => self.players = read.value()?,
            Key::Turns => self.turns = read.value()?,
            Key::Finished => self.finished = read.value()?,
            Key::Result => self.result = read.value()?,
        }
        Ok(())
    }

    /// The log, once every field is read: a field left out takes its
    /// default, or is missing (`missing` says so, of the first in order)
    /// when it has none.
    fn finish<E>(self, missing: impl Fn(&'static str) -> E) -> Result<GameLog<F>, E> {
        if let Some(key) = Key::all::<F>().find(|&key| key.required() && !self.has(key)) {
            return Err(missing(key.name::<F>()));
        }
        let present = "checked above";
        Ok(GameLog {
            format: self.format.expect(present),
            version: self.version.expect(present),
            game: self.game,
            board: self.board.expect(present),
            options: self.options.unwrap_or_default(),
            seed: self.seed.unwrap_or_default(),
            players: self.players.expect(present),
            turns: self.turns.expect(present),
            finished: self.finished.unwrap_or_else(finished_default),
            result: self.result.unwrap_or_default(),
        })
    }
}

/// Reads the value of one field, of the type the field asks for: `None`
/// when there is none (an array of fields that ends early).
trait ReadValue<E> {
    fn value<T: DeserializeOwned>(&mut self) -> Result<Option<T>, E>;
}

/// The value after a key of a JSON object.
struct FromMap<'a, A>(&'a mut A);

impl<'de, A: MapAccess<'de>> ReadValue<A::Error> for FromMap<'_, A> {
    fn value<T: DeserializeOwned>(&mut self) -> Result<Option<T>, A::Error> {
        self.0.next_value().map(Some)
    }
}

/// The next element of a JSON array.
struct FromSeq<'a, A>(&'a mut A);

impl<'de, A: SeqAccess<'de>> ReadValue<A::Error> for FromSeq<'_, A> {
    fn value<T: DeserializeOwned>(&mut self) -> Result<Option<T>, A::Error> {
        self.0.next_element()
    }
}

impl<'de, F: LogFamily> Visitor<'de> for LogVisitor<F> {
    type Value = GameLog<F>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("struct GameLog")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<GameLog<F>, A::Error> {
        let mut fields = Fields::<F>::new();
        while let Some(key) = map.next_key_seed(KeySeed::<F>(PhantomData))? {
            if fields.has(key) {
                return Err(de::Error::duplicate_field(key.name::<F>()));
            }
            fields.read(key, FromMap(&mut map))?;
        }
        fields.finish(de::Error::missing_field)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<GameLog<F>, A::Error> {
        let mut fields = Fields::<F>::new();
        for (index, key) in Key::all::<F>().enumerate() {
            fields.read(key, FromSeq(&mut seq))?;
            if key.required() && !fields.has(key) {
                let count = Key::all::<F>().count();
                return Err(de::Error::invalid_length(index, &Elements(count)));
            }
        }
        fields.finish(de::Error::missing_field)
    }
}

/// What an array read as a log should hold: "struct GameLog with 9
/// elements".
struct Elements(usize);

impl de::Expected for Elements {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "struct GameLog with {} elements", self.0)
    }
}

/// Reads a key of the log's object as the field it names, refusing a key
/// the family's log does not have.
struct KeySeed<F>(PhantomData<F>);

impl<'de, F: LogFamily> DeserializeSeed<'de> for KeySeed<F> {
    type Value = Key;

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<Key, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl<'de, F: LogFamily> Visitor<'de> for KeySeed<F> {
    type Value = Key;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("field identifier")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<Key, E> {
        Key::all::<F>()
            .find(|key| key.name::<F>() == name)
            .ok_or_else(|| {
                // serde's `unknown_field`, which wants the names as a static list
                let names: Vec<String> = Key::all::<F>()
                    .map(|key| format!("`{}`", key.name::<F>()))
                    .collect();
                E::custom(format_args!(
                    "unknown field `{name}`, expected one of {}",
                    names.join(", ")
                ))
            })
    }

    fn visit_bytes<E: de::Error>(self, name: &[u8]) -> Result<Key, E> {
        self.visit_str(&String::from_utf8_lossy(name))
    }
}

impl<F: LogSchema> JsonSchema for GameLog<F>
where
    F::Board: JsonSchema,
    F::Options: JsonSchema,
    F::Player: JsonSchema,
    F::Turn: JsonSchema,
    F::Claim: JsonSchema,
{
    fn schema_name() -> Cow<'static, str> {
        "GameLog".into()
    }

    fn schema_id() -> Cow<'static, str> {
        format!(
            "{}::GameLog<{}>",
            module_path!(),
            std::any::type_name::<F>()
        )
        .into()
    }

    /// The schema schemars derived for each family's log when it had its
    /// own struct: the shared fields described here, the family's parts as
    /// [`LogSchema`] describes them.
    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let mut properties = serde_json::Map::new();
        let mut required = Vec::new();
        for key in Key::all::<F>() {
            let (mut schema, description) = match key {
                Key::Format => (
                    generator.subschema_for::<String>(),
                    "Always `\"rollx-game-log\"`.".to_string(),
                ),
                Key::Version => (
                    generator.subschema_for::<u32>(),
                    format!("Format version; this is version {}.", F::VERSION),
                ),
                Key::Game => (
                    generator.subschema_for::<String>(),
                    format!(
                        "The game family: always `\"{}\"` (a Rolling log has no `game`).",
                        F::GAME.unwrap_or_default()
                    ),
                ),
                Key::Board => (generator.subschema_for::<F::Board>(), F::BOARD_DOC.into()),
                Key::Options => (
                    generator.subschema_for::<F::Options>(),
                    F::OPTIONS_DOC.into(),
                ),
                Key::Seed => (
                    generator.subschema_for::<Option<u64>>(),
                    "The seed that generated the dice, for computer games. Hand-recorded\n\
                     games have none."
                        .into(),
                ),
                Key::Players => (
                    generator.subschema_for::<Vec<F::Player>>(),
                    F::PLAYERS_DOC.into(),
                ),
                Key::Turns => (
                    generator.subschema_for::<Vec<F::Turn>>(),
                    F::TURNS_DOC.into(),
                ),
                Key::Finished => (
                    generator.subschema_for::<bool>(),
                    "`false` for a game stopped before its end and saved to be resumed\n\
                     (`rollx play --human` saves one when the player quits, and `rollx\n\
                     play --resume` continues it); its turns are the ones played so far.\n\
                     Omitted (`true`) for a game played to the end."
                        .into(),
                ),
                Key::Result => (generator.subschema_for::<F::Claim>(), F::RESULT_DOC.into()),
            };
            schema.insert("description".into(), description.into());
            // what schemars adds after a field's own schema: its length,
            // its default (unless a log leaves the default out) and its
            // `const`
            let default = match key {
                Key::Options => F::writes_options(&F::Options::default())
                    .then(|| serde_json::to_value(F::Options::default()).ok())
                    .flatten(),
                Key::Finished => Some(finished_default().into()),
                Key::Result => F::writes_result(&F::Claim::default())
                    .then(|| serde_json::to_value(F::Claim::default()).ok())
                    .flatten(),
                _ => None,
            };
            if key == Key::Players {
                schema.insert("minItems".into(), 1.into());
                if let Some(max) = F::MAX_PLAYERS {
                    schema.insert("maxItems".into(), max.into());
                }
            }
            if let Some(default) = default {
                schema.insert("default".into(), default);
            }
            match key {
                Key::Format => schema.insert("const".into(), LOG_FORMAT.into()),
                Key::Version => schema.insert("const".into(), F::VERSION.into()),
                Key::Game => schema.insert("const".into(), F::GAME.unwrap_or_default().into()),
                _ => None,
            };
            properties.insert(key.name::<F>().into(), schema.to_value());
            if key.required() {
                required.push(serde_json::Value::from(key.name::<F>()));
            }
        }
        let mut schema = schemars::json_schema!({
            "type": "object",
            "additionalProperties": false,
        });
        schema.insert("properties".into(), properties.into());
        schema.insert("required".into(), required.into());
        schema.insert("title".into(), F::TITLE.into());
        schema.insert("description".into(), F::DESCRIPTION.into());
        schema
    }
}

impl<F: LogSchema> GameLog<F>
where
    Self: JsonSchema,
{
    /// The JSON Schema of the family's log format.
    pub fn schema() -> String {
        crate::source::schema::pretty::<Self>()
    }
}

/// Where the map or board of a log saved at `log_path` may be, in the
/// order to try: the file the log records (`recorded`: as given, then
/// relative to the log's folder), then `maps/<id>.toml`.
pub fn file_candidates(recorded: Option<&str>, id: &str, log_path: &Path) -> Vec<PathBuf> {
    let mut candidates = Vec::new();
    if let Some(file) = recorded {
        candidates.push(PathBuf::from(file));
        if let Some(dir) = log_path.parent() {
            candidates.push(dir.join(file));
        }
    }
    candidates.push(Path::new("maps").join(format!("{id}.toml")));
    candidates
}

/// Something wrong with a log itself rather than a player's move: dice
/// that could not have been rolled, missing or extra turns, a claimed
/// result the sheet does not support.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LogProblem {
    /// The turn, from 1, when the problem is in one turn.
    pub turn: Option<usize>,
    /// The player, when the problem is one player's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// Stable name.
    pub kind: &'static str,
    /// What is wrong.
    pub message: String,
    /// When the problem is there only because of an earlier mistake (a
    /// bonus roll owed to nobody because the crossing that earned it broke
    /// a rule, itself following from a mistake of that turn): the turn of
    /// that first mistake.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub follows_from: Option<usize>,
}

impl LogProblem {
    /// The problem as the referee's text lists it: `  log problem: turn 3:
    /// … [kind]`, where `turn` is what the family calls a turn.
    pub(crate) fn line(&self, turn: &str) -> String {
        let at = self
            .turn
            .map(|t| format!("{turn} {t}: "))
            .unwrap_or_default();
        format!("  log problem: {at}{} [{}]\n", self.message, self.kind)
    }

    /// A problem in turn `turn` (or the whole log), of no one player.
    pub fn new(turn: Option<usize>, kind: &'static str, message: String) -> LogProblem {
        LogProblem {
            turn,
            player: None,
            kind,
            message,
            follows_from: None,
        }
    }

    /// The same problem, one player's.
    pub fn of_player(self, player: &str) -> LogProblem {
        LogProblem {
            player: Some(player.to_string()),
            ..self
        }
    }
}

/// The problem every family reports for a log whose game is not over at
/// its end (a game stopped before its end, or a log cut short): `played`
/// says how far the log goes (`"4 turns"`, `"4 of the game's 30 turns"`),
/// `stands` where the game stands then, when the family can say.
/// A log with no other problem is clean so far and may be resumed
/// ([`clean_so_far`]).
pub fn incomplete(played: &str, stands: Option<&str>) -> LogProblem {
    let stands = stands.map(|s| format!(", where {s}")).unwrap_or_default();
    LogProblem::new(
        None,
        INCOMPLETE,
        format!(
            "the game is not over after the log's {played}{stands}: the results are those of an \
unfinished game"
        ),
    )
}

/// The kind of [`incomplete`].
pub const INCOMPLETE: &str = "incomplete";

/// Whether a log with these problems and no broken rule is clean but for
/// being unfinished: a game stopped before its end, which may be resumed.
pub fn clean_so_far(problems: &[LogProblem]) -> bool {
    problems.iter().all(|p| p.kind == INCOMPLETE)
}

/// The family of a game log's text: the family its `game` field names
/// (`"encore"`), Rolling for a log without one (Rolling logs came first).
/// Text that is not JSON (a log cut short) belongs to the family of the
/// first `"game": "<name>"` written in it, else to Rolling, so that the
/// family's own log reader says what is wrong with it. `Err` holds a
/// `game` that names no family, as written.
pub fn log_family(text: &str) -> Result<Family, String> {
    let game = match serde_json::from_str::<serde_json::Value>(text) {
        Ok(serde_json::Value::Object(log)) => log.get("game").cloned(),
        Ok(_) => None,
        Err(_) => written_game(text).map(serde_json::Value::String),
    };
    match game {
        None => Ok(Family::unnamed()),
        Some(serde_json::Value::String(name)) => {
            Family::by_name(&name).ok_or_else(|| format!("\"{name}\""))
        }
        Some(other) => Err(other.to_string()),
    }
}

/// The name in the first `"game": "<name>"` of a text (no Rolling log has
/// a key `game`).
fn written_game(text: &str) -> Option<String> {
    text.match_indices("\"game\"").find_map(|(at, key)| {
        let rest = text[at + key.len()..].trim_start().strip_prefix(':')?;
        let value = rest.trim_start().strip_prefix('"')?;
        let end = value.find(['"', '\\', '\n'])?;
        Some(value[..end].to_string())
    })
}

/// The map or board a log saved at `log_path` was played on: `given`
/// (`--map`), else the first of `candidates` that exists; else what is
/// wrong, saying how to give the file (`how`: "pass it with --map FILE").
pub(crate) fn file_of_log(
    given: Option<&Path>,
    candidates: Vec<PathBuf>,
    (noun, id): (&str, &str),
    log_path: &Path,
    how: &str,
) -> Result<PathBuf, Failure> {
    match given {
        Some(p) => Ok(p.to_path_buf()),
        None => candidates.into_iter().find(|p| p.is_file()).ok_or_else(|| {
            Failure::usage(format!(
                "cannot find the {noun} `{id}` of {}: {how}",
                log_path.display()
            ))
        }),
    }
}

/// Why a log could not be read, pointing at `at` (line, column) in its
/// `text`: a usage error (the file is not a game log).
pub(crate) fn invalid_log(
    path: &Path,
    text: &str,
    at: (Option<usize>, Option<usize>),
    message: &str,
    help: &str,
) -> Failure {
    let mut sources = SourceMap::new();
    let id = sources.add(path, text.to_string());
    let file = sources.get(id);
    let offset = file.offset(at.0.unwrap_or(1), at.1.unwrap_or(1));
    let diag = Diagnostic::error("game-log", format!("not a valid game log: {message}"))
        .with_label(Loc::new(id, offset..offset), message.to_string())
        .with_help(help.to_string());
    Failure::located(false, sources, vec![diag])
}

/// `diag` pointing at the value of the log's key (`id`, `hash`) that names
/// the map or board, with a label, when the key is found in `text`.
pub(crate) fn wrong_file_diagnostic(
    diag: Diagnostic,
    (key, label): &(&str, String),
    id: SourceId,
    text: &str,
) -> Diagnostic {
    match json_value_span(text, key) {
        Some(span) => diag.with_label(Loc::new(id, span), label.clone()),
        None => diag,
    }
}

/// Where the value of the object key `key` is written in a JSON text (the
/// game log's keys `id`, `hash` and `rules` occur once each): a string
/// value whole, else the key.
fn json_value_span(text: &str, key: &str) -> Option<std::ops::Range<usize>> {
    let quoted = format!("\"{key}\"");
    text.match_indices(&quoted).find_map(|(at, _)| {
        let after = at + quoted.len();
        let rest = text[after..].trim_start();
        let value = rest.strip_prefix(':')?.trim_start();
        let start = text.len() - value.len();
        if !value.starts_with('"') {
            return Some(at..after);
        }
        let mut escaped = false;
        let end = value[1..].char_indices().find_map(|(i, c)| {
            let close = c == '"' && !escaped;
            escaped = c == '\\' && !escaped;
            close.then_some(i + 2)
        })?;
        Some(start..start + end)
    })
}
