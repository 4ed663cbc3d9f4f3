//! Turning [`Diagnostic`]s into text (miette reports) and JSON.

use std::fmt;

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource};
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
    source: Option<NamedSource<String>>,
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
            let labels = members
                .iter()
                .map(|&i| {
                    let l = &diag.labels[i];
                    let text = (!l.text.is_empty()).then(|| l.text.clone());
                    let span = (l.loc.start as usize, (l.loc.end - l.loc.start) as usize);
                    if i == 0 {
                        LabeledSpan::new_primary_with_span(text, span)
                    } else {
                        LabeledSpan::new_with_span(text, span)
                    }
                })
                .collect();
            let source = file.map(|id| {
                let f = sources.get(id);
                NamedSource::new(f.path.display().to_string(), lone_cr_as_space(&f.text))
                    .with_language("toml")
            });
            Report {
                code: diag.code,
                severity,
                message,
                help,
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

/// The text as miette should see it: only `\n` ends a line, as in
/// [`SourceFile::position`](super::SourceFile::position) and TOML. miette
/// counts a lone `\r` as a line break for the `file:line:column` header
/// but not in the excerpt, so the two would disagree; a lone `\r` becomes
/// a space (one byte, so every offset stays put), which also keeps it from
/// sending the terminal's cursor back to the start of the line.
fn lone_cr_as_space(text: &str) -> String {
    let bytes = text.as_bytes();
    if !bytes.contains(&b'\r') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        if c == '\r' && bytes.get(i + 1) != Some(&b'\n') {
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
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
            file: first.map(|l| l.file.clone()),
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
    fn a_lone_carriage_return_does_not_split_the_line() {
        let mut sources = SourceMap::new();
        let id = sources.add("cr.toml", "a\rb\u{fffd}\nc = 1\r\nd\n".to_string());
        let d = Diagnostic::error("encoding", "bad").with_label(Loc::new(id, 3..3), "here");
        // The header, the excerpt and the JSON position agree: line 1.
        assert_eq!(sources.describe(Loc::new(id, 3..3)), "cr.toml:1:4");
        let text = report(&d, &sources, Style::default());
        assert!(text.contains("[cr.toml:1:4]"), "{text}");
        assert!(text.contains(" 1 │ a b\u{fffd}"), "{text}");
        assert!(!text.contains('\r'), "{text:?}");
        // CRLF line ends still end lines.
        let d = Diagnostic::error("x", "y").with_label(Loc::new(id, 14..15), "d");
        let text = report(&d, &sources, Style::default());
        assert!(text.contains("[cr.toml:3:1]"), "{text}");
        assert_eq!(lone_cr_as_space("a\r\nb\rc\r"), "a\r\nb c ");
    }
}
