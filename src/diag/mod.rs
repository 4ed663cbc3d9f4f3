//! Located diagnostics shared by every input format rollx reads.
//!
//! A [`Diagnostic`] has a stable [`code`](Diagnostic::code), a severity, a
//! message, optional help, and labels that point at byte ranges of source
//! files held by a [`SourceMap`]. The [`render`] module turns diagnostics
//! into miette reports or JSON; nothing here prints.

pub mod render;
mod source;

pub use source::{Loc, Position, SourceFile, SourceId, SourceMap};

use std::fmt;

/// How bad a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The input is usable but probably not what the author meant.
    Warning,
    /// The input is invalid.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// A pointer into a source file with an explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Where.
    pub loc: Loc,
    /// What is at that place (may be empty).
    pub text: String,
}

/// One finding about an input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable, documented identifier such as `asymmetric-adjacency`.
    pub code: &'static str,
    /// Error or warning.
    pub severity: Severity,
    /// One sentence saying what is wrong.
    pub message: String,
    /// How to fix it, when that is known.
    pub help: Option<String>,
    /// Source locations; the first is the primary one.
    pub labels: Vec<Label>,
}

impl Diagnostic {
    /// An error with the given code and message and no location yet.
    pub fn error(code: &'static str, message: impl Into<String>) -> Self {
        Self {
            code,
            severity: Severity::Error,
            message: message.into(),
            help: None,
            labels: Vec::new(),
        }
    }

    /// A warning with the given code and message and no location yet.
    pub fn warning(code: &'static str, message: impl Into<String>) -> Self {
        Self {
            severity: Severity::Warning,
            ..Self::error(code, message)
        }
    }

    /// Adds a label (the first one added is the primary location).
    pub fn with_label(mut self, loc: Loc, text: impl Into<String>) -> Self {
        self.labels.push(Label {
            loc,
            text: text.into(),
        });
        self
    }

    /// Adds a label when a location is known.
    pub fn with_opt_label(self, loc: Option<Loc>, text: impl Into<String>) -> Self {
        match loc {
            Some(loc) => self.with_label(loc, text),
            None => self,
        }
    }

    /// Sets the help text.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The primary location, if any.
    pub fn primary(&self) -> Option<Loc> {
        self.labels.first().map(|l| l.loc)
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Sorts diagnostics into reading order: by file, then position, then code.
pub fn sort(diags: &mut [Diagnostic]) {
    diags.sort_by(|a, b| {
        let key = |d: &Diagnostic| d.primary().map(|l| (l.source, l.start, l.end));
        key(a)
            .cmp(&key(b))
            .then_with(|| b.severity.cmp(&a.severity))
            .then_with(|| a.code.cmp(b.code))
            .then_with(|| a.message.cmp(&b.message))
    });
}

/// Adds a file read as bytes to `sources` and returns its id and text.
/// Bytes that are not UTF-8 are added with replacement characters (so the
/// file can still be shown) and reported as an `encoding` error pointing
/// at the first bad byte.
pub fn add_utf8(
    sources: &mut SourceMap,
    path: impl Into<std::path::PathBuf>,
    bytes: Vec<u8>,
) -> Result<(SourceId, String), Diagnostic> {
    match String::from_utf8(bytes) {
        Ok(text) => Ok((sources.add(path, text.clone()), text)),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
            let id = sources.add(path, text);
            Err(Diagnostic::error("encoding", "the file is not valid UTF-8")
                .with_label(Loc::new(id, at..at), "invalid byte here")
                .with_help("save the file as UTF-8"))
        }
    }
}
