//! Turning [`Diagnostic`]s into text (miette reports) and JSON.

use std::fmt;

use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents,
    SourceSpan, SpanContents,
};
use serde::Serialize;

use super::{Diagnostic, Position, Severity, SourceId, SourceMap};

/// How to draw reports.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// Use ANSI colours.
    pub color: bool,
    /// Wrap width in columns.
    pub width: usize,
}

impl Default for Style {
    fn default() -> Self {
        Self {
            color: false,
            width: 100,
        }
    }
}

/// Renders one diagnostic as a miette report with the source lines underlined.
pub fn report(diag: &Diagnostic, sources: &SourceMap, style: Style) -> String {
    let theme = if style.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(style.width)
        .with_break_words(false)
        .with_word_separator(textwrap::WordSeparator::AsciiSpace)
        .with_word_splitter(textwrap::WordSplitter::NoHyphenation)
        .with_links(false)
        .with_context_lines(1)
        .with_show_related_as_nested(true);
    let mut out = String::new();
    let report = Report::new(diag, sources);
    // Writing into a String cannot fail.
    let _ = handler.render_report(&mut out, &report);
    out
}

/// A diagnostic in miette's terms: labels grouped by file, the primary
/// file's labels in the report itself, other files' as related reports.
#[derive(Debug)]
struct Report {
    code: &'static str,
    /// `None` for a related excerpt, shown as advice.
    severity: Option<Severity>,
    message: String,
    help: Option<String>,
    source: Option<Excerpt>,
    labels: Vec<LabeledSpan>,
    related: Vec<Report>,
}

/// Labels further apart than this many lines are shown as separate excerpts.
const CLUSTER_LINES: u32 = 4;

impl Report {
    fn new(diag: &Diagnostic, sources: &SourceMap) -> Self {
        // Group labels by file, and within a file by nearby lines, so that
        // two distant lines do not drag everything between them along.
        let mut groups: Vec<(SourceId, Vec<u32>, Vec<usize>)> = Vec::new();
        for (i, label) in diag.labels.iter().enumerate() {
            let line = sources.position(label.loc).line;
            let near = groups.iter_mut().find(|(src, lines, _)| {
                *src == label.loc.source && lines.iter().any(|&l| l.abs_diff(line) <= CLUSTER_LINES)
            });
            match near {
                Some((_, lines, members)) => {
                    lines.push(line);
                    members.push(i);
                }
                None => groups.push((label.loc.source, vec![line], vec![i])),
            }
        }
        let part = |file: Option<SourceId>,
                    members: &[usize],
                    message: String,
                    help: Option<String>,
                    severity| {
            let printable = file.map(|id| Printable::new(&sources.get(id).text));
            let labels = members
                .iter()
                .map(|&i| {
                    let l = &diag.labels[i];
                    let text = (!l.text.is_empty()).then(|| printable_line(&l.text));
                    let (start, end) = match &printable {
                        Some(p) => (p.offset(l.loc.start as usize), p.offset(l.loc.end as usize)),
                        None => (l.loc.start as usize, l.loc.end as usize),
                    };
                    let span = (start, end - start);
                    if i == 0 {
                        LabeledSpan::new_primary_with_span(text, span)
                    } else {
                        LabeledSpan::new_with_span(text, span)
                    }
                })
                .collect();
            let source = file.zip(printable).map(|(id, p)| Excerpt {
                name: printable_line(&sources.get(id).path.display().to_string()),
                text: p.text,
            });
            Report {
                code: diag.code,
                severity,
                message: printable_line(&message),
                help: help.map(|h| printable_line(&h)),
                source,
                labels,
                related: Vec::new(),
            }
        };
        let Some((first_file, _, first_members)) = groups.first() else {
            return part(
                None,
                &[],
                diag.message.clone(),
                diag.help.clone(),
                Some(diag.severity),
            );
        };
        let mut main = part(
            Some(*first_file),
            first_members,
            diag.message.clone(),
            diag.help.clone(),
            Some(diag.severity),
        );
        for (file, lines, members) in groups.iter().skip(1) {
            let path = sources.get(*file).path.display().to_string();
            let line = lines.iter().min().copied().unwrap_or(1);
            main.related.push(part(
                Some(*file),
                members,
                format!("see also {path}:{line}"),
                None,
                None,
            ));
        }
        main
    }
}

/// A control character as something a terminal shows rather than obeys:
/// the Unicode "control picture" of a C0 control (`␛` for escape) or of
/// delete, and `�` for the rest (C1 controls).
fn picture(c: char) -> char {
    match c {
        '\0'..='\u{1f}' => char::from_u32(0x2400 + c as u32).unwrap_or('\u{fffd}'),
        '\u{7f}' => '\u{2421}',
        _ => '\u{fffd}',
    }
}

/// Whether a character of a source excerpt must be shown as a picture:
/// every control character but tab and the newline (with the carriage
/// return before it).
fn unprintable(text: &str, i: usize, c: char) -> bool {
    c.is_control()
        && c != '\n'
        && c != '\t'
        && !(c == '\r' && text.as_bytes().get(i + 1) == Some(&b'\n'))
}

/// A source text made safe to print, with the map from its byte offsets
/// to the original's.
struct Printable {
    text: String,
    /// `(end of a replaced character in the original, bytes added so far)`.
    shifts: Vec<(usize, usize)>,
}

impl Printable {
    /// Control characters become pictures (so an escape sequence in a map
    /// file cannot drive the terminal, and a lone `\r` cannot move the
    /// cursor back or split a line differently from TOML); only `\n` ends a
    /// line, as in [`SourceFile::position`](super::SourceFile::position).
    fn new(text: &str) -> Self {
        let mut out = String::with_capacity(text.len());
        let mut shifts = Vec::new();
        let mut added = 0;
        for (i, c) in text.char_indices() {
            if unprintable(text, i, c) {
                let p = picture(c);
                out.push(p);
                added += p.len_utf8() - c.len_utf8();
                shifts.push((i + c.len_utf8(), added));
            } else {
                out.push(c);
            }
        }
        Self { text: out, shifts }
    }

    /// The offset in the printable text of byte `offset` of the original.
    fn offset(&self, offset: usize) -> usize {
        let k = self.shifts.partition_point(|&(end, _)| end <= offset);
        offset + k.checked_sub(1).map_or(0, |k| self.shifts[k].1)
    }
}

/// A file's printable text as miette reads it, with the column of the
/// `file:line:column` header counted in characters (miette counts bytes),
/// so that it agrees with [`SourceMap::position`] and the JSON output.
#[derive(Debug)]
struct Excerpt {
    name: String,
    text: String,
}

impl miette::SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner = self.text.read_span(span, before, after)?;
        // miette gives a column only for a span read without context.
        let column = if before == 0 {
            let start = span.offset().min(self.text.len());
            let line_start = self.text[..start].rfind('\n').map_or(0, |i| i + 1);
            self.text[line_start..start].chars().count()
        } else {
            0
        };
        Ok(Box::new(
            MietteSpanContents::new_named(
                self.name.clone(),
                inner.data(),
                *inner.span(),
                inner.line(),
                column,
                inner.line_count(),
            )
            .with_language("toml"),
        ))
    }
}

/// Text of a message or label made safe to print: control characters but
/// the newline become pictures.
fn printable_line(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() && c != '\n' {
                picture(c)
            } else {
                c
            }
        })
        .collect()
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Report {}

impl miette::Diagnostic for Report {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        // Related excerpts repeat nothing of the main report.
        self.severity
            .map(|_| Box::new(self.code) as Box<dyn fmt::Display>)
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Some(Severity::Error) => miette::Severity::Error,
            Some(Severity::Warning) => miette::Severity::Warning,
            None => miette::Severity::Advice,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source.as_ref().map(|s| s as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        (!self.labels.is_empty()).then(|| Box::new(self.labels.iter().cloned()) as _)
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        (!self.related.is_empty())
            .then(|| Box::new(self.related.iter().map(|r| r as &dyn miette::Diagnostic)) as _)
    }
}

/// A diagnostic flattened for JSON output.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct JsonDiagnostic {
    /// Stable code.
    pub code: &'static str,
    /// `error` or `warning`.
    pub severity: Severity,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    /// File of the primary location.
    pub file: Option<String>,
    /// Line of the primary location (1-based).
    pub line: Option<u32>,
    /// Column of the primary location (1-based, in characters).
    pub column: Option<u32>,
    /// Every location, primary first.
    pub labels: Vec<JsonLabel>,
}

/// One location of a [`JsonDiagnostic`].
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct JsonLabel {
    /// File path.
    pub file: String,
    /// Line (1-based).
    pub line: u32,
    /// Column (1-based, in characters).
    pub column: u32,
    /// Explanation.
    pub text: String,
}

impl JsonDiagnostic {
    /// The diagnostics of one severity, flattened, in their order (a
    /// report's `errors` or `warnings`).
    pub fn all(diags: &[Diagnostic], sources: &SourceMap, severity: Severity) -> Vec<Self> {
        diags
            .iter()
            .filter(|d| d.severity == severity)
            .map(|d| Self::new(d, sources))
            .collect()
    }

    /// Flattens a diagnostic, resolving its locations to lines and columns.
    pub fn new(diag: &Diagnostic, sources: &SourceMap) -> Self {
        let labels: Vec<JsonLabel> = diag
            .labels
            .iter()
            .map(|l| {
                let Position { line, column } = sources.position(l.loc);
                JsonLabel {
                    file: sources.get(l.loc.source).path.display().to_string(),
                    line,
                    column,
                    text: l.text.clone(),
                }
            })
            .collect();
        let first = labels.first();
        Self {
            code: diag.code,
            severity: diag.severity,
            message: diag.message.clone(),
            help: diag.help.clone(),
            file: first.map(|l| l.file.clone()).or_else(|| {
                diag.file
                    .map(|id| sources.get(id).path.display().to_string())
            }),
            line: first.map(|l| l.line),
            column: first.map(|l| l.column),
            labels,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Loc;

    #[test]
    fn paths_are_never_broken_across_lines() {
        let path = "tests/fixtures/bad/a-rather-long-name-for-a-file.toml";
        let d = Diagnostic::error("x", format!("cannot use {path} here, and {path} there"))
            .with_help(format!(
                "see {path} and docs/map-format.md for the whole story"
            ));
        for width in [40, 60, 80, 100] {
            let text = report(
                &d,
                &SourceMap::new(),
                Style {
                    color: false,
                    width,
                },
            );
            assert_eq!(text.matches(path).count(), 3, "at {width}:\n{text}");
            assert!(text.contains("docs/map-format.md"), "at {width}:\n{text}");
        }
    }

    #[test]
    fn a_lone_carriage_return_does_not_split_the_line() {
        let mut sources = SourceMap::new();
        let id = sources.add("cr.toml", "a\rb\u{fffd}\nc = 1\r\nd\n".to_string());
        let d = Diagnostic::error("encoding", "bad").with_label(Loc::new(id, 3..3), "here");
        // The header, the excerpt and the JSON position agree: line 1.
        assert_eq!(sources.describe(Loc::new(id, 3..3)), "cr.toml:1:4");
        let text = report(&d, &sources, Style::default());
        assert!(text.contains("[cr.toml:1:4]"), "{text}");
        assert!(text.contains(" 1 │ a\u{240d}b\u{fffd}"), "{text}");
        // Characters, not bytes, count for the column.
        let d = Diagnostic::error("x", "y").with_label(Loc::new(id, 6..6), "here");
        assert_eq!(sources.describe(Loc::new(id, 6..6)), "cr.toml:1:5");
        let text = report(&d, &sources, Style::default());
        assert!(text.contains("[cr.toml:1:5]"), "{text}");
        assert!(!text.contains('\r'), "{text:?}");
        // CRLF line ends still end lines.
        let d = Diagnostic::error("x", "y").with_label(Loc::new(id, 14..15), "d");
        let text = report(&d, &sources, Style::default());
        assert!(text.contains("[cr.toml:3:1]"), "{text}");
        assert_eq!(
            Printable::new("a\r\nb\rc\r").text,
            "a\r\nb\u{240d}c\u{240d}"
        );
    }

    #[test]
    fn control_characters_from_a_file_are_shown_not_obeyed() {
        let mut sources = SourceMap::new();
        // An escape sequence that would turn the terminal red, a bell, and
        // a C1 control, in a value and in a key.
        let text = "name = \"\u{1b}[31mred\u{7}\"\n\u{9b}2J = 1\n".to_string();
        let key = text.find('\u{9b}').unwrap();
        let id = sources.add("ctl\u{1b}.toml", text);
        let d = Diagnostic::error("unknown-key", "no key `\u{9b}2J` (\u{1b}[31m)")
            .with_label(Loc::new(id, key..key + 4), "unknown \u{7}")
            .with_help("remove \u{1b}[0m it");
        let out = report(&d, &sources, Style::default());
        assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
        assert!(out.contains("\u{241b}[31mred\u{2407}"), "{out}");
        assert!(out.contains("no key `\u{fffd}2J`"), "{out}");
        // The label still points at the key: line 2, column 1.
        assert!(out.contains("ctl\u{241b}.toml:2:1]"), "{out}");
        assert_eq!(
            sources.describe(Loc::new(id, key..key)),
            "ctl\u{1b}.toml:2:1"
        );
    }
}
