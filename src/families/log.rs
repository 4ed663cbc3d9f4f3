//! What the game logs of every family share: the envelope's `format`,
//! reading a log with located errors, the `finished` flag, finding the
//! file a game was played on, the problems a referee finds with a log
//! itself, and which family a log belongs to.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::Family;
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
pub fn parse_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, LogError> {
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
pub fn check_format(format: &str) -> Result<(), LogError> {
    if format == LOG_FORMAT {
        Ok(())
    } else {
        Err(LogError::at_start(format!(
            "`format` is \"{format}\", expected \"{LOG_FORMAT}\""
        )))
    }
}

/// The default of a log's `finished`: a game played to its end.
pub fn finished_default() -> bool {
    true
}

/// Whether `finished` is the default (and is left out of the log).
pub fn is_finished(finished: &bool) -> bool {
    *finished
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
pub fn file_of_log(
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
pub fn invalid_log(
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
pub fn wrong_file_diagnostic(
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
