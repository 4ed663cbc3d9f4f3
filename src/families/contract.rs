//! The contract's types: what a family implements and what the
//! commands hand it, in one place. A family imports this module, never the
//! registry that lists it ([`super`]).

use std::path::PathBuf;

use crate::diag::{self, Diagnostic, SourceMap};
use crate::print::{Locale, PrintOptions, Template};
use crate::scene::Document;

pub use super::face::{
    About, AtTerminal, Card, CheckedSheet, Command, Console, Declared, DeepRequest, Deepened, Face,
    FileToCheck, Generator, Given, Loader, PlayRequest, Played, RefereeRequest, Refereed,
    SheetRequest, Start, Takes, TerminalRequest, Topic,
};
pub use super::referee::LogAt;
pub use super::typed::Typed;

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
    /// The family whose face is `face`.
    pub const fn new(face: &'static dyn Face) -> Family {
        Family(face)
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
        super::face::a_file(self.0)
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

impl GenerateOptions {
    /// The grid asked for, `standard`'s columns and rows where none is
    /// given.
    pub fn or(&self, (columns, rows): (usize, usize)) -> GridSize {
        GridSize {
            seed: self.seed,
            columns: self.columns.unwrap_or(columns),
            rows: self.rows.unwrap_or(rows),
        }
    }
}

/// What a board generator makes a board of: a seed and a grid's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridSize {
    /// The seed: the same seed gives the same board.
    pub seed: u64,
    /// Columns of the grid (hexagons in a row).
    pub columns: usize,
    /// Rows of the grid.
    pub rows: usize,
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
    /// The family has no generator: the family, and the commands that
    /// generate files instead, in a sentence.
    #[error("rollx cannot generate {} files: {}; {}", .0.name(), .0.face().no_generator(), .1)]
    NoGenerator(Family, String),
    /// The size asked for cannot follow the conventions.
    #[error("{0}")]
    Size(String),
    /// Every try failed.
    #[error("no board found in {0} tries; try another seed or size")]
    GaveUp(u32),
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
