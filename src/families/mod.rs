//! The game families rollx models, each in its own folder over the shared
//! core, and the registry the commands go through: which family a file
//! belongs to, and what `check` and `print` do with it.
//!
//! A file names its family in a `[game]` table (`family = "encore"`); a
//! file without one is a Rolling map, so every map written before families
//! came in still loads. A variant's family is the family of the file it
//! `extends`.

pub(crate) mod contract;
mod face;
pub mod log;
pub(crate) mod referee;
pub mod simulate;
pub mod terminal;
mod typed;
mod vet;

pub use contract::{
    About, AtTerminal, Card, Checked, CheckedSheet, Command, Console, Declared, DeepRequest,
    Deepened, Face, Family, FileToCheck, GenerateError, GenerateOptions, GeneratedFile, Generator,
    Given, LoadError, Loader, LogAt, Model, PlayRequest, Played, Printed, RefereeRequest, Refereed,
    SheetRequest, Start, Takes, TerminalRequest, Topic, Typed,
};
pub use log::{LogError, log_family};
pub use vet::Vetted;

use std::path::{Path, PathBuf};

use toml::de::{DeTable, DeValue};

use crate::diag::{self, Diagnostic, Loc, SourceMap};
use crate::print::Locale;
use crate::source::toml::suggest;
use crate::source::{DiskFiles, Files, MAX_EXTENDS_DEPTH, normalize};

impl Family {
    /// The registry: every family, in the order help texts list them. The
    /// first is the family of a file or log that names none (Rolling maps
    /// came first).
    pub const ALL: &[Family] = &[
        crate::rolling::FAMILY,
        crate::encore::FAMILY,
        crate::diceland::FAMILY,
    ];

    /// The family of a file or log that names none.
    pub fn unnamed() -> Family {
        Family::ALL[0]
    }

    /// The family by its name in files.
    pub fn by_name(name: &str) -> Option<Family> {
        Family::ALL.iter().copied().find(|f| f.name() == name)
    }
}

/// The commands that generate files, in a sentence: "`rollx generate
/// encore` and `rollx generate diceland` make boards".
fn generators() -> String {
    let with: Vec<Family> = Family::ALL
        .iter()
        .copied()
        .filter(|f| f.face().generator().is_some())
        .collect();
    let commands: Vec<String> = with
        .iter()
        .map(|f| format!("`rollx generate {}`", f.name()))
        .collect();
    let mut nouns: Vec<&str> = with.iter().map(|f| f.noun()).collect();
    nouns.dedup();
    let verb = if commands.len() == 1 { "makes" } else { "make" };
    format!(
        "{} {verb} {}",
        crate::text::and_list(&commands),
        nouns
            .iter()
            .map(|n| format!("{n}s"))
            .collect::<Vec<_>>()
            .join(" and ")
    )
}

impl Family {
    /// A random map or board of this family, or why there is none (the
    /// family has no generator, or the size cannot be made).
    pub fn generate(self, options: &GenerateOptions) -> Result<GeneratedFile, GenerateError> {
        match self.face().generator() {
            Some(generate) => generate(options),
            None => Err(GenerateError::NoGenerator(self, generators())),
        }
    }
}

/// The `[game] family` a file's text names: the name and where it is
/// written, or `None` (no `[game]` table, or text that is not TOML: the
/// family's reader reports that). In a file with a syntax error, a family
/// rollx knows that the parser could still read is taken, so that the
/// error is reported by that family's reader (with its format's help).
fn named_family(text: &str) -> Option<(String, std::ops::Range<usize>)> {
    let (doc, errors) = DeTable::parse_recoverable(text);
    let game = doc.get_ref().get("game")?;
    let DeValue::Table(t) = game.get_ref() else {
        return None;
    };
    let family = t.get("family")?;
    match family.get_ref() {
        DeValue::String(s) if errors.is_empty() || Family::by_name(s).is_some() => {
            Some((s.to_string(), family.span()))
        }
        _ => None,
    }
}

/// The `extends` a file's text names, if any.
fn named_base(text: &str) -> Option<String> {
    let (doc, _) = DeTable::parse_recoverable(text);
    match doc.get_ref().get("extends")?.get_ref() {
        DeValue::String(s) => Some(s.to_string()),
        _ => None,
    }
}

/// Why a file's family is not known.
struct UnknownFamily {
    name: String,
    span: std::ops::Range<usize>,
}

/// The family of the file at `path` (its text given), without checking
/// the file: `None` when it names a family rollx does not know.
pub fn family_of_text(files: &dyn Files, path: &Path, text: &str) -> Option<Family> {
    family_of(files, path, text).ok()
}

/// The family of the file at `path` (its text given): the `[game] family`
/// it names, else that of the file it extends (and so on), else Rolling.
fn family_of(files: &dyn Files, path: &Path, text: &str) -> Result<Family, UnknownFamily> {
    if let Some((name, span)) = named_family(text) {
        return Family::by_name(&name).ok_or(UnknownFamily { name, span });
    }
    let mut at: PathBuf = path.to_path_buf();
    let mut base = named_base(text);
    for _ in 0..MAX_EXTENDS_DEPTH {
        let Some(name) = base else { break };
        at = normalize(&crate::source::files::relative_to(&at, &name));
        let Some(text) = files.read(&at).ok().and_then(|b| String::from_utf8(b).ok()) else {
            break;
        };
        if let Some((name, _)) = named_family(&text) {
            // The base's own check reports a name it does not know.
            return Ok(Family::by_name(&name).unwrap_or_else(Family::unnamed));
        }
        base = named_base(&text);
    }
    Ok(Family::unnamed())
}

/// Checks a file on disk, whatever its family. Only an unreadable file is
/// an `Err`; every problem in its content is a diagnostic.
pub fn check_file(path: &Path) -> Result<Checked, LoadError> {
    check_file_in(path, &Locale::default())
}

/// [`check_file`], the print checks run on sheets in `locale`.
pub fn check_file_in(path: &Path, locale: &Locale) -> Result<Checked, LoadError> {
    Ok(check_bytes_in(&DiskFiles, path, read(path)?, locale))
}

/// A file's bytes, or the error that says it cannot be read.
fn read(path: &Path) -> Result<Vec<u8>, LoadError> {
    std::fs::read(path).map_err(|source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Loads a valid map or board from disk, for a command: checked as
/// `rollx check` does, without the print checks of the shipped templates
/// (a command that prints runs its own on its own template).
pub fn load(path: &Path) -> Result<Model, LoadError> {
    let bytes = read(path)?;
    let mut checked = check_bytes_for(&DiskFiles, path, bytes, None);
    match checked.model.take() {
        Some(model) => Ok(model),
        None => Err(LoadError::Invalid(Box::new(checked))),
    }
}

/// The shipped file `maps/{file}`, loaded as its family's model
/// (for the families' own tests).
#[cfg(test)]
pub(crate) fn shipped<T: std::any::Any + Clone>(file: &str) -> T {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(file);
    let model = load(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    model
        .take()
        .unwrap_or_else(|family| panic!("{file} is a {} file", family.name()))
}

/// Checks a file given as bytes, whatever its family; `files` serves the
/// files it extends. Valid files of every family are also checked
/// against the limits of printing (the print checks of every shipped
/// template), and Rolling maps against those of training.
pub fn check_bytes(files: &dyn Files, path: &Path, bytes: Vec<u8>) -> Checked {
    check_bytes_in(files, path, bytes, &Locale::default())
}

/// [`check_bytes`], the print checks run on sheets in `locale`.
pub fn check_bytes_in(files: &dyn Files, path: &Path, bytes: Vec<u8>, locale: &Locale) -> Checked {
    check_bytes_for(files, path, bytes, Some(locale))
}

/// [`check_bytes`], the print checks run on sheets in `locale` when one is
/// given and left out otherwise (a command that prints nothing).
fn check_bytes_for(
    files: &dyn Files,
    path: &Path,
    bytes: Vec<u8>,
    locale: Option<&Locale>,
) -> Checked {
    let text = String::from_utf8_lossy(&bytes);
    match family_of(files, path, &text) {
        Ok(family) => family.face().check(FileToCheck {
            files,
            path,
            bytes,
            locale,
        }),
        Err(unknown) => unknown_family(path, bytes, unknown),
    }
}

/// The report of a file whose `[game] family` is not one rollx knows.
fn unknown_family(path: &Path, bytes: Vec<u8>, unknown: UnknownFamily) -> Checked {
    let mut sources = SourceMap::new();
    let mut diagnostics = Vec::new();
    match diag::add_utf8(&mut sources, path, bytes) {
        Ok((id, _)) => {
            let names: Vec<&str> = Family::ALL.iter().map(|f| f.name()).collect();
            let d = Diagnostic::error(
                "unknown-family",
                format!("rollx knows no game family `{}`", unknown.name),
            )
            .with_label(Loc::new(id, unknown.span), "unknown family");
            diagnostics.push(match suggest(&unknown.name, &names) {
                Some(s) => d.with_help(format!("did you mean `{s}`?")),
                None => d.with_help(format!(
                    "the families are {}; a Rolling map may leave [game] out",
                    names.join(", ")
                )),
            });
        }
        Err(d) => diagnostics.push(d),
    }
    let file = path.display().to_string();
    let report = serde_json::json!({
        "file": file,
        "valid": false,
        "errors": diagnostics
            .iter()
            .map(|d| diag::render::JsonDiagnostic::new(d, &sources))
            .collect::<Vec<_>>(),
        "warnings": [],
    });
    Checked {
        family: Family::unnamed(),
        file,
        sources,
        diagnostics,
        model: None,
        summary: String::new(),
        report,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each family's card names exactly the players the family seats, in
    /// its order, each with its help.
    #[test]
    fn every_card_names_the_players_its_family_seats() {
        let seated: [(Family, &[&str]); 3] = [
            (crate::rolling::FAMILY, &crate::rolling::play::POLICIES),
            (crate::encore::FAMILY, &crate::encore::play::PLAYERS),
            (crate::diceland::FAMILY, &crate::diceland::play::PLAYERS),
        ];
        assert_eq!(seated.len(), Family::ALL.len(), "every family is here");
        for (family, players) in seated {
            let face = family.face();
            assert_eq!(face.players(), players, "{}", family.name());
            assert!(
                players.iter().all(|p| !face.player_help(p).is_empty()),
                "{}",
                family.name()
            );
        }
    }
}
