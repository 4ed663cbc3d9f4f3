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
    /// The file a finding is about when no place in it can be shown (a
    /// binary file): named in the JSON output, with no line or excerpt.
    pub file: Option<SourceId>,
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
            file: None,
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

    /// Names the file the finding is about, for one without a label.
    pub fn with_file(mut self, file: SourceId) -> Self {
        self.file = Some(file);
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
/// A binary file (a picture, a PDF, UTF-16 text: see [`binary_kind`]) is
/// added without its content and reported once as `not-text`, with no
/// excerpt. Other bytes that are not UTF-8 are added with replacement
/// characters (so the file can still be shown) and reported as an
/// `encoding` error pointing at the first bad byte.
pub(crate) fn add_utf8(
    sources: &mut SourceMap,
    path: impl Into<std::path::PathBuf>,
    bytes: Vec<u8>,
) -> Result<(SourceId, String), Diagnostic> {
    let path = path.into();
    if let Some(kind) = binary_kind(&bytes) {
        let name = path.display().to_string();
        let id = sources.add(path, String::new());
        let (message, help) = if kind.contains("UTF-16") {
            (
                format!(
                    "{name} is not UTF-8 text ({kind}): rollx reads TOML maps and boards saved as UTF-8"
                ),
                "save the file as UTF-8",
            )
        } else {
            (
                format!("{name} is not a text file ({kind}): rollx reads TOML maps and boards"),
                "give the .toml file of the map or board (see docs/map-format.md)",
            )
        };
        return Err(Diagnostic::error("not-text", message)
            .with_file(id)
            .with_help(help));
    }
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

/// How many leading bytes [`binary_kind`] looks at.
const SNIFF_BYTES: usize = 8192;

/// What a file that is not text looks like (`it looks like a PNG image`),
/// or `None` for text. A file is binary when it starts with the signature
/// of a common binary format, or its first 8 KiB hold a NUL byte (TOML
/// allows none) or more than one control character in twenty (tab, line
/// feed, carriage return and form feed do not count).
pub(crate) fn binary_kind(bytes: &[u8]) -> Option<&'static str> {
    const SIGNATURES: &[(&[u8], &str)] = &[
        (b"\x89PNG\r\n\x1a\n", "it looks like a PNG image"),
        (b"%PDF-", "it looks like a PDF document"),
        (b"\xff\xd8\xff", "it looks like a JPEG image"),
        (b"GIF87a", "it looks like a GIF image"),
        (b"GIF89a", "it looks like a GIF image"),
        (
            b"PK\x03\x04",
            "it looks like a ZIP archive or an office document",
        ),
        (b"\x1f\x8b", "it looks like a gzip archive"),
        (b"\x7fELF", "it looks like a program"),
        (b"\xff\xfe", "it is UTF-16 text"),
        (b"\xfe\xff", "it is UTF-16 text"),
    ];
    if let Some((_, kind)) = SIGNATURES.iter().find(|(sig, _)| bytes.starts_with(sig)) {
        return Some(kind);
    }
    let head = &bytes[..bytes.len().min(SNIFF_BYTES)];
    let controls = head
        .iter()
        .filter(|&&b| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c)) || b == 0x7f)
        .count();
    if head.contains(&0) || controls * 20 > head.len() {
        return Some("it holds binary data");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_files_are_told_from_text() {
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        assert_eq!(binary_kind(&png), Some("it looks like a PNG image"));
        assert_eq!(
            binary_kind(b"%PDF-1.7\n%\xe2\xe3"),
            Some("it looks like a PDF document")
        );
        // UTF-16 without a byte-order mark: every other byte is NUL.
        assert_eq!(
            binary_kind(b"[\0m\0a\0p\0]\0"),
            Some("it holds binary data")
        );
        // Text, even Latin-1 text, is not binary: its bad byte is shown.
        assert_eq!(binary_kind(b"[map]\r\nid = \"caf\xe9\"\n\tx = 1\n"), None);
        assert_eq!(binary_kind(b""), None);

        let mut sources = SourceMap::new();
        let d = add_utf8(&mut sources, "pic.png", png).unwrap_err();
        assert_eq!(d.code, "not-text");
        assert!(d.labels.is_empty(), "no excerpt of a binary file");
        assert!(
            d.message.starts_with("pic.png is not a text file"),
            "{}",
            d.message
        );
        let file = d.file.unwrap();
        assert_eq!(sources.get(file).path, std::path::Path::new("pic.png"));
        let d = add_utf8(&mut sources, "l1.toml", b"id = \"caf\xe9\"".to_vec()).unwrap_err();
        assert_eq!(d.code, "encoding");
        assert_eq!(d.labels.len(), 1);
    }
}

/// Why a command could not do what it was asked, from the library or the
/// command line itself: located findings (shown first, as `rollx check`
/// shows them) and a message, and whether the input was invalid or the
/// command misused (which decides the exit code). The command line shows
/// it and turns it into the exit code in one place (`cli::run`).
#[derive(Debug, Default)]
pub struct Failure {
    /// The input is invalid (exit 1); otherwise a usage or I/O error
    /// (exit 2).
    pub invalid: bool,
    /// The files the findings point into.
    pub sources: SourceMap,
    /// Located findings.
    pub diagnostics: Vec<Diagnostic>,
    /// What is wrong, in a sentence (shown as `error: …` after the
    /// findings); it may go on with `\n  help: …`.
    pub message: Option<String>,
}

impl Failure {
    /// A usage or I/O error: `message`.
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure {
            message: Some(message.into()),
            ..Failure::default()
        }
    }

    /// Invalid input: `message`.
    pub fn invalid(message: impl Into<String>) -> Failure {
        Failure {
            invalid: true,
            message: Some(message.into()),
            ..Failure::default()
        }
    }

    /// Located findings in `sources`, without a message.
    pub fn located(invalid: bool, sources: SourceMap, diagnostics: Vec<Diagnostic>) -> Failure {
        Failure {
            invalid,
            sources,
            diagnostics,
            message: None,
        }
    }

    /// The same failure with `message` shown after its findings.
    pub fn with_message(mut self, message: impl Into<String>) -> Failure {
        self.message = Some(message.into());
        self
    }
}
