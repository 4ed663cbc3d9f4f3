//! The game families rollx models, each in its own folder over the shared
//! core, and the registry the commands go through: which family a file
//! belongs to, and what `check` and `print` do with it.
//!
//! A file names its family in a `[game]` table (`family = "encore"`); a
//! file without one is a Rolling map, so every map written before families
//! came in still loads. A variant's family is the family of the file it
//! `extends`.

mod face;
pub mod log;
pub(crate) mod referee;
pub mod simulate;
mod typed;
mod vet;

pub use face::{
    About, AtTerminal, CheckedSheet, Command, Console, Declared, DeepRequest, Deepened, Face,
    Generator, Given, Loader, PlayRequest, Played, RefereeRequest, Refereed, SheetRequest, Start,
    Takes, TerminalRequest, Topic,
};
pub use log::{LogError, log_family};
pub use referee::LogAt;
pub use typed::Typed;
pub use vet::Vetted;

use std::path::{Path, PathBuf};

use toml::de::{DeTable, DeValue};

use crate::diag::{self, Diagnostic, Loc, SourceMap};
use crate::print::{Locale, PrintOptions, Template};
use crate::scene::Document;
use crate::source::toml::suggest;
use crate::source::{DiskFiles, Files, MAX_EXTENDS_DEPTH, normalize};

/// A game family: its face ([`Face`]), by which every command reaches it.
#[derive(Clone, Copy)]
pub struct Family(&'static dyn Face);

impl PartialEq for Family {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Family {}

impl std::hash::Hash for Family {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl std::fmt::Debug for Family {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.title())
    }
}

impl Family {
    /// The registry: every family, in the order help texts list them. The
    /// first is the family of a file or log that names none (Rolling maps
    /// came first).
    pub const ALL: &[Family] = &[
        crate::rolling::FAMILY,
        crate::encore::FAMILY,
        crate::diceland::FAMILY,
    ];

    /// The family whose face is `face`.
    pub const fn new(face: &'static dyn Face) -> Family {
        Family(face)
    }

    /// The family of a file or log that names none.
    pub fn unnamed() -> Family {
        Family::ALL[0]
    }

    /// The family's face.
    pub fn face(self) -> &'static dyn Face {
        self.0
    }

    /// The family's name in files (`[game] family = "rolling"`).
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// What the family's files are called (`map`, `board`).
    pub fn noun(self) -> &'static str {
        self.0.noun()
    }

    /// The family's name in sentences ("Encore").
    pub fn title(self) -> &'static str {
        self.0.title()
    }

    /// One of its files, in a sentence: "an Encore board".
    pub fn a_file(self) -> String {
        face::a_file(self.0)
    }

    /// The family's starter file ([`About::starter`]) for a new file at
    /// `file` (its path as the user gave it, named in the comments) with
    /// the id `id` (a valid id) and the name `name` (one line).
    pub fn starter(self, id: &str, name: &str, file: &str) -> String {
        let quoted = toml::Value::String(name.to_string()).to_string();
        // One pass, so that a name holding `{id}` stays as written.
        let fills: [(&str, &str); 4] = [
            ("\"{name}\"", &quoted),
            ("{name}", name),
            ("{id}", id),
            ("{file}", file),
        ];
        let mut out = String::new();
        let mut rest = self.0.starter();
        while let Some(at) = rest.find(['{', '"']) {
            out.push_str(&rest[..at]);
            rest = &rest[at..];
            match fills.iter().find(|(hole, _)| rest.starts_with(hole)) {
                Some((hole, fill)) => {
                    out.push_str(fill);
                    rest = &rest[hole.len()..];
                }
                None => {
                    out.push_str(&rest[..1]);
                    rest = &rest[1..];
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// The family by its name in files.
    pub fn by_name(name: &str) -> Option<Family> {
        Family::ALL.iter().copied().find(|f| f.name() == name)
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
    /// The family has no generator: its name, why, and the families that
    /// have one.
    #[error("rollx cannot generate {} files: {}; {}", .0.name(), .0.face().no_generator(), generators())]
    NoGenerator(Family),
    /// The size asked for cannot follow the conventions.
    #[error("{0}")]
    Size(String),
    /// Every try failed.
    #[error("no board found in {0} tries; try another seed or size")]
    GaveUp(u32),
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
        match self.0.generator() {
            Some(generate) => generate(options),
            None => Err(GenerateError::NoGenerator(self)),
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

/// A valid map or board, of whichever family: the family's own model
/// behind its face.
#[derive(Clone)]
pub struct Model {
    family: Family,
    name: String,
    id: String,
    lang: Option<crate::lang::Lang>,
    fonts: Vec<PathBuf>,
    names: crate::lang::Names,
    parts: Vec<(&'static str, String)>,
    inner: std::sync::Arc<dyn std::any::Any + Send + Sync>,
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model")
            .field("family", &self.family)
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

impl Model {
    /// A family's map or board (`inner`), with its name and id.
    pub fn new<T: std::any::Any + Send + Sync>(
        family: Family,
        name: &str,
        id: &str,
        inner: T,
    ) -> Model {
        Model {
            family,
            name: name.to_string(),
            id: id.to_string(),
            lang: None,
            fonts: Vec::new(),
            names: crate::lang::Names::default(),
            parts: Vec::new(),
            inner: std::sync::Arc::new(inner),
        }
    }

    /// This model, whose file prints its sheets in `lang` unless told
    /// otherwise (`[map] lang`).
    pub fn with_lang(mut self, lang: Option<crate::lang::Lang>, fonts: &[PathBuf]) -> Model {
        self.lang = lang;
        self.fonts = fonts.to_vec();
        self
    }

    /// The language the file's sheets print in unless told otherwise.
    pub fn lang(&self) -> Option<crate::lang::Lang> {
        self.lang
    }

    /// This model, whose file gives `names` in other languages for the
    /// title and the `parts` its sheets print names of (kind and id:
    /// `("regions", "red")`).
    pub fn with_names(
        mut self,
        names: &crate::lang::Names,
        parts: Vec<(&'static str, String)>,
    ) -> Model {
        self.names = names.clone();
        self.parts = parts;
        self
    }

    /// The names its sheets print that the file does not give in `lang`
    /// (they print as the file writes them): `name` for the title, then
    /// `kind id` (`regions red`). Short labels (`labels`) are optional
    /// (a box prints its id): they are listed only for a language that
    /// gives some, as the ones it left out.
    pub fn missing_names(&self, lang: crate::lang::Lang) -> Vec<String> {
        let mut out = Vec::new();
        if self.names.title(lang).is_none() {
            out.push("name".to_string());
        }
        out.extend(
            self.parts
                .iter()
                .filter(|(kind, _)| *kind != "labels" || self.names.gives(lang, kind))
                .filter(|(kind, id)| self.names.get(lang, kind, id).is_none())
                .map(|(kind, id)| format!("{kind} {id}")),
        );
        out
    }

    /// The font files the file names for its sheets.
    pub fn fonts(&self) -> &[PathBuf] {
        &self.fonts
    }

    /// The words its sheets print that `lang`'s catalogue lacks (they
    /// print in English).
    pub fn missing_words(&self, lang: crate::lang::Lang) -> Vec<crate::lang::Key> {
        let mut keys = crate::lang::SHEET.to_vec();
        keys.extend_from_slice(self.family.face().words());
        lang.missing(&keys)
    }

    /// The family.
    pub fn family(&self) -> Family {
        self.family
    }

    /// The map's or board's name (`Rolling America`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The map's or board's id (`usa`).
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The family's own model, when it is a `T`.
    pub fn get<T: std::any::Any>(&self) -> Option<&T> {
        self.inner.downcast_ref()
    }

    /// The family's own model as a `T`, for the commands of one family (the
    /// family of anything else is the error).
    pub fn take<T: std::any::Any + Clone>(self) -> Result<T, Family> {
        self.get::<T>().cloned().ok_or(self.family)
    }

    /// Lays out a pad of sheets on `template` and runs the print checks:
    /// the pad, or every reason it should not be printed.
    pub fn print(
        &self,
        template: &Template,
        options: &PrintOptions,
    ) -> Result<Printed, Vec<Diagnostic>> {
        match self.sheet(template, options) {
            (printed, problems) if problems.is_empty() => Ok(printed),
            (_, problems) => Err(problems),
        }
    }

    /// The rules page on `template` in `locale` (the file's language
    /// unless it says otherwise): the rules the family's engine plays by,
    /// in sentences; refused when they do not fit or a character has no
    /// font.
    pub fn rules_page(
        &self,
        template: &Template,
        locale: &Locale,
    ) -> Result<crate::scene::Document, Vec<Diagnostic>> {
        let files = [self.fonts.as_slice(), template.font_files.as_slice()].concat();
        let locale = locale.for_file(self.lang, &files);
        let lang = locale.lang();
        let title = self.names.title(lang).unwrap_or(&self.name);
        let credit = crate::print::Credit {
            id: &self.id,
            name: title,
            ..crate::print::Credit::default()
        };
        let rules = self.family.face().rules(self, lang).map_err(|e| vec![e])?;
        crate::print::rules_page(template, &locale, &credit, title, &rules)
    }

    /// Lays out a pad of sheets on `template` and runs the print checks,
    /// refusing nothing: the pad, and every reason it should not be
    /// printed (a preview shows both).
    pub fn sheet(&self, template: &Template, options: &PrintOptions) -> (Printed, Vec<Diagnostic>) {
        let files = [self.fonts.as_slice(), template.font_files.as_slice()].concat();
        let options = PrintOptions {
            locale: options.locale.for_file(self.lang, &files),
            ..options.clone()
        };
        self.family.face().sheet(self, template, &options)
    }
}

/// A pad of sheets laid out on a template (by [`Model::print`], one that
/// passed the print checks).
#[derive(Clone, Debug, Default)]
pub struct Printed {
    /// The pages.
    pub document: Document,
    /// Side of the boxes in points.
    pub box_size: f32,
    /// What the boxes are called (`writing boxes`, `boxes`).
    pub box_noun: &'static str,
    /// What the print checks warn of (the sheet prints all the same).
    pub warnings: Vec<Diagnostic>,
}

impl Printed {
    /// `pad` and what the print checks find on it for `template` (every
    /// family's [`Face::sheet`]).
    pub(crate) fn checked<A: crate::print::Part>(
        pad: crate::print::Pad<A>,
        template: &Template,
        mono: bool,
    ) -> (Printed, Vec<Diagnostic>) {
        let (problems, warnings): (Vec<Diagnostic>, Vec<Diagnostic>) =
            crate::print::check(&pad, template, mono)
                .into_iter()
                .partition(Diagnostic::is_error);
        let mut printed = Printed::from(pad);
        printed.warnings = warnings;
        (printed, problems)
    }
}

impl<A: crate::print::Part> From<crate::print::Pad<A>> for Printed {
    fn from(pad: crate::print::Pad<A>) -> Self {
        Self {
            document: pad.document,
            box_size: pad.box_size,
            box_noun: A::BOX_NOUN,
            warnings: Vec::new(),
        }
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
    /// A family's findings in the registry's shape: the file as given,
    /// the summary `check` shows, and the family's report as JSON.
    pub(crate) fn new(
        family: Family,
        (file, summary): (&str, String),
        report: &impl serde::Serialize,
        sources: SourceMap,
        diagnostics: Vec<Diagnostic>,
        model: Option<Model>,
    ) -> Self {
        Self {
            family,
            file: file.to_owned(),
            summary,
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
    #[error("{} is not a valid {} ({})", .0.file, .0.family.noun(), crate::text::count(.0.errors(), "error"))]
    Invalid(Box<Checked>),
}

impl From<LoadError> for diag::Failure {
    /// An unreadable file is a usage error; an invalid one shows its errors
    /// (its warnings are left to `check`) and is invalid input.
    fn from(e: LoadError) -> diag::Failure {
        match e {
            LoadError::Io { .. } => diag::Failure::usage(e.to_string()),
            LoadError::Invalid(_) => {
                let message = e.to_string();
                let LoadError::Invalid(checked) = e else {
                    unreachable!("matched above")
                };
                let checked = *checked;
                let errors = checked
                    .diagnostics
                    .into_iter()
                    .filter(Diagnostic::is_error)
                    .collect();
                diag::Failure {
                    invalid: true,
                    sources: checked.sources,
                    diagnostics: errors,
                    message: Some(message),
                }
            }
        }
    }
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
        Ok(family) => family.face().check(files, path, bytes, locale),
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
