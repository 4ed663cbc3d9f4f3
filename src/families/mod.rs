//! The game families rollx models, each in its own folder over the shared
//! core, and the registry the commands go through: which family a file
//! belongs to, and what `check` and `print` do with it.
//!
//! A file names its family in a `[game]` table (`family = "encore"`); a
//! file without one is a Rolling map, so every map written before families
//! came in still loads. A variant's family is the family of the file it
//! `extends`.

pub mod diceland;
pub mod encore;
pub mod log;
pub mod rolling;

pub use log::log_family;

use std::path::{Path, PathBuf};

use toml::de::{DeTable, DeValue};

use crate::diag::{self, Diagnostic, Loc, SourceMap};
use crate::print::{PrintOptions, Template};
use crate::scene::Document;
use crate::source::toml::suggest;
use crate::source::{DiskFiles, Files, MAX_EXTENDS_DEPTH, normalize};

/// A game family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Rolling America, Rolling Japan and their fan maps.
    Rolling,
    /// Encore! / Noch mal! boards.
    Encore,
    /// Diceland / Würfelland boards.
    Diceland,
}

impl Family {
    /// Every family, in the order help texts list them.
    pub const ALL: [Family; 3] = [Family::Rolling, Family::Encore, Family::Diceland];

    /// The family's name in files (`[game] family = "rolling"`).
    pub fn name(self) -> &'static str {
        match self {
            Family::Rolling => "rolling",
            Family::Encore => "encore",
            Family::Diceland => "diceland",
        }
    }

    /// What the family's files are called (`map`, `board`).
    pub fn noun(self) -> &'static str {
        match self {
            Family::Rolling => "map",
            Family::Encore | Family::Diceland => "board",
        }
    }

    /// The family's name in sentences ("Encore").
    pub fn title(self) -> &'static str {
        match self {
            Family::Rolling => "Rolling",
            Family::Encore => "Encore",
            Family::Diceland => "Diceland",
        }
    }

    /// One of its files, in a sentence: "an Encore board".
    pub fn a_file(self) -> String {
        let article = if self.title().starts_with(['A', 'E', 'I', 'O', 'U']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {} {}", self.title(), self.noun())
    }

    /// The family by its name in files.
    pub fn by_name(name: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// What `rollx generate` is asked for; sizes left out take the family's
/// standard sheet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GenerateOptions {
    /// The seed: the same seed gives the same file.
    pub seed: u64,
    /// Columns of the grid.
    pub columns: Option<usize>,
    /// Rows of the grid.
    pub rows: Option<usize>,
}

/// A generated map or board file.
#[derive(Clone, Debug)]
pub struct GeneratedFile {
    /// The file's text.
    pub text: String,
    /// Its id.
    pub id: String,
    /// Columns and rows of its grid.
    pub size: (usize, usize),
    /// Tries the generator needed (1 when the first succeeded).
    pub tries: u32,
}

/// Why `rollx generate` made nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The family has no generator.
    #[error(
        "rollx cannot generate {} files: a Rolling map is drawn from real geography \
         (docs/map-format.md); `rollx generate encore` and `rollx generate diceland` make boards",
        .0.name()
    )]
    NoGenerator(Family),
    /// The size asked for cannot follow the conventions.
    #[error("{0}")]
    Size(String),
    /// Every try failed.
    #[error("no board found in {0} tries; try another seed or size")]
    GaveUp(u32),
}

impl Family {
    /// A random map or board of this family, or why there is none (the
    /// family has no generator, or the size cannot be made).
    pub fn generate(self, options: &GenerateOptions) -> Result<GeneratedFile, GenerateError> {
        match self {
            Family::Rolling => Err(GenerateError::NoGenerator(self)),
            Family::Encore => {
                let standard = encore::generate::Options::default();
                let o = encore::generate::Options {
                    seed: options.seed,
                    columns: options.columns.unwrap_or(standard.columns),
                    rows: options.rows.unwrap_or(standard.rows),
                };
                let g = encore::generate::generate(&o).map_err(|e| match e {
                    encore::generate::GenerateError::Size(why) => GenerateError::Size(why),
                    encore::generate::GenerateError::GaveUp(tries) => GenerateError::GaveUp(tries),
                })?;
                Ok(GeneratedFile {
                    text: g.toml,
                    id: g.board.info.id,
                    size: (g.board.columns, g.board.rows),
                    tries: g.tries,
                })
            }
            Family::Diceland => {
                let standard = diceland::generate::Options::default();
                let o = diceland::generate::Options {
                    seed: options.seed,
                    columns: options.columns.unwrap_or(standard.columns),
                    rows: options.rows.unwrap_or(standard.rows),
                };
                let g = diceland::generate::generate(&o).map_err(|e| match e {
                    diceland::generate::GenerateError::Size(why) => GenerateError::Size(why),
                    diceland::generate::GenerateError::GaveUp(tries) => {
                        GenerateError::GaveUp(tries)
                    }
                })?;
                Ok(GeneratedFile {
                    text: g.toml,
                    id: g.id,
                    size: (o.columns, o.rows),
                    tries: g.tries,
                })
            }
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
            return Ok(Family::by_name(&name).unwrap_or(Family::Rolling));
        }
        base = named_base(&text);
    }
    Ok(Family::Rolling)
}

/// A valid map or board, of whichever family.
#[derive(Clone, Debug)]
pub enum Model {
    /// A Rolling map.
    Rolling(rolling::map::Map),
    /// An Encore board.
    Encore(encore::Board),
    /// A Diceland board.
    Diceland(diceland::Board),
}

impl Model {
    /// The family.
    pub fn family(&self) -> Family {
        match self {
            Model::Rolling(_) => Family::Rolling,
            Model::Encore(_) => Family::Encore,
            Model::Diceland(_) => Family::Diceland,
        }
    }

    /// The map's or board's name (`Rolling America`).
    pub fn name(&self) -> &str {
        match self {
            Model::Rolling(m) => &m.info.name,
            Model::Encore(b) => &b.info.name,
            Model::Diceland(b) => &b.info.name,
        }
    }

    /// The map's or board's id (`usa`).
    pub fn id(&self) -> &str {
        match self {
            Model::Rolling(m) => &m.info.id,
            Model::Encore(b) => &b.info.id,
            Model::Diceland(b) => &b.info.id,
        }
    }

    /// The Rolling map, for the commands that play Rolling games only (the
    /// family of anything else is the error).
    pub fn into_rolling(self) -> Result<rolling::map::Map, Family> {
        match self {
            Model::Rolling(map) => Ok(map),
            Model::Encore(_) => Err(Family::Encore),
            Model::Diceland(_) => Err(Family::Diceland),
        }
    }

    /// Lays out a pad of sheets on `template` and runs the print checks:
    /// the pad, or every reason it should not be printed.
    pub fn print(
        &self,
        template: &Template,
        options: &PrintOptions,
    ) -> Result<Printed, Vec<Diagnostic>> {
        match self {
            Model::Rolling(map) => rolling::sheet::print(map, template, options).map(Printed::from),
            Model::Encore(board) => {
                encore::sheet::print(board, template, options).map(Printed::from)
            }
            Model::Diceland(board) => {
                diceland::sheet::print(board, template, options).map(Printed::from)
            }
        }
    }
}

/// A pad that passed the print checks.
#[derive(Clone, Debug)]
pub struct Printed {
    /// The pages.
    pub document: Document,
    /// Side of the boxes in points.
    pub box_size: f32,
    /// What the boxes are called (`writing boxes`, `boxes`).
    pub box_noun: &'static str,
}

impl<A: crate::print::Part> From<crate::print::Pad<A>> for Printed {
    fn from(pad: crate::print::Pad<A>) -> Self {
        Self {
            document: pad.document,
            box_size: pad.box_size,
            box_noun: A::BOX_NOUN,
        }
    }
}

/// What a family's reader reports about a file: JSON, and text for the
/// terminal.
trait FamilyReport: serde::Serialize {
    /// The file, as given.
    fn file(&self) -> &str;
    /// The summary `check` shows under a valid file.
    fn summary(&self) -> String;
}

impl FamilyReport for rolling::map::Report {
    fn file(&self) -> &str {
        &self.file
    }
    fn summary(&self) -> String {
        rolling::map::Report::summary(self)
    }
}

impl FamilyReport for diceland::report::Report {
    fn file(&self) -> &str {
        &self.file
    }
    fn summary(&self) -> String {
        diceland::report::Report::summary(self)
    }
}

impl FamilyReport for encore::report::Report {
    fn file(&self) -> &str {
        &self.file
    }
    fn summary(&self) -> String {
        encore::report::Report::summary(self)
    }
}

/// Everything `rollx check` learns about one file, whatever its family.
#[derive(Debug)]
pub struct Checked {
    /// The file's family.
    pub family: Family,
    /// The file as given.
    pub file: String,
    /// Every file read (the file and what it extends).
    pub sources: SourceMap,
    /// Every finding, in reading order.
    pub diagnostics: Vec<Diagnostic>,
    /// The map or board, when there are no errors.
    pub model: Option<Model>,
    /// The summary `check` shows after a valid file (tables of regions,
    /// dice, solvability).
    pub summary: String,
    /// The family's report, for `check --format json`.
    pub report: serde_json::Value,
}

impl Checked {
    /// A family's findings in the registry's shape: its report as JSON
    /// and text.
    fn new(
        family: Family,
        report: &impl FamilyReport,
        sources: SourceMap,
        diagnostics: Vec<Diagnostic>,
        model: Option<Model>,
    ) -> Self {
        Self {
            family,
            file: report.file().to_owned(),
            summary: report.summary(),
            report: serde_json::to_value(report).expect("reports serialise"),
            sources,
            diagnostics,
            model,
        }
    }

    /// Number of errors.
    pub fn errors(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    /// Number of warnings.
    pub fn warnings(&self) -> usize {
        self.diagnostics.len() - self.errors()
    }
}

/// Why a file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The file was read but is not valid.
    #[error("{} is not a valid {} ({})", .0.file, .0.family.noun(), plural(.0.errors(), "error"))]
    Invalid(Box<Checked>),
}

/// `n` and the word, plural when `n` is not 1.
fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// Checks a file on disk, whatever its family. Only an unreadable file is
/// an `Err`; every problem in its content is a diagnostic.
pub fn check_file(path: &Path) -> Result<Checked, LoadError> {
    let bytes = std::fs::read(path).map_err(|source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(check_bytes(&DiskFiles, path, bytes))
}

/// Loads a valid map or board from disk.
pub fn load(path: &Path) -> Result<Model, LoadError> {
    let mut checked = check_file(path)?;
    match checked.model.take() {
        Some(model) => Ok(model),
        None => Err(LoadError::Invalid(Box::new(checked))),
    }
}

/// Checks a file given as bytes, whatever its family; `files` serves the
/// files it extends. Valid Rolling maps are also checked against the
/// limits of printing and training.
pub fn check_bytes(files: &dyn Files, path: &Path, bytes: Vec<u8>) -> Checked {
    let text = String::from_utf8_lossy(&bytes);
    let family = match family_of(files, path, &text) {
        Ok(f) => f,
        Err(unknown) => return unknown_family(path, bytes, unknown),
    };
    match family {
        Family::Rolling => {
            let mut c = rolling::map::check_bytes(files, path, bytes);
            rolling::limits::add_limits(&mut c);
            let model = c.map.map(Model::Rolling);
            Checked::new(family, &c.report, c.sources, c.diagnostics, model)
        }
        Family::Encore => {
            let c = encore::check_bytes(files, path, bytes);
            let model = c.board.map(Model::Encore);
            Checked::new(family, &c.report, c.sources, c.diagnostics, model)
        }
        Family::Diceland => {
            let c = diceland::check_bytes(files, path, bytes);
            let model = c.board.map(Model::Diceland);
            Checked::new(family, &c.report, c.sources, c.diagnostics, model)
        }
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
        family: Family::Rolling,
        file,
        sources,
        diagnostics,
        model: None,
        summary: String::new(),
        report,
    }
}
