//! A report as data, and its one writer per format.
//!
//! A family builds a simulation report as a [`Doc`] (headings,
//! paragraphs, tables, lists, charts and pictures); [`Doc::text`],
//! [`Doc::markdown`] and [`Doc::html`] write every family's report, the
//! way sheets go layout → scene → exporters. Text and Markdown are the
//! summary: they leave out what only a page can show (charts and
//! pictures) and the details behind the summary ([`Block::Details`]).

use std::fmt::Write;

use super::html::{BarChart, page};
use crate::render::svg::escape as esc;

/// The width text paragraphs are wrapped to.
const WIDTH: usize = 78;

/// A report: its title and what it says, in order.
#[derive(Clone, Debug, Default)]
pub struct Doc {
    /// The title (the page's heading).
    pub title: String,
    /// What it says, in order.
    pub blocks: Vec<Block>,
}

/// A part of a report.
#[derive(Clone, Debug)]
pub enum Block {
    /// A paragraph at the top of the report that the reader must see (a
    /// run stopped early).
    Warning(String),
    /// A heading: level 2 opens a part of the report, level 3 a part of
    /// that.
    Heading(u8, String),
    /// A paragraph.
    Para(Vec<Span>),
    /// A table.
    Table(Table),
    /// A label and a list of short items ("scores: 5:1 6:1 10:2").
    Items(String, Vec<String>),
    /// A bar chart (drawn on the page only).
    Chart(BarChart),
    /// A picture, as SVG, and its caption (drawn on the page only).
    Figure(String, String),
    /// Tables or pictures side by side on the page, one after the other
    /// elsewhere.
    Side(Vec<Block>),
    /// Small print at the end.
    Note(String),
    /// What the page shows and text and Markdown leave out (the details
    /// behind a summary).
    Details(Vec<Block>),
}

/// A piece of a paragraph.
#[derive(Clone, Debug)]
pub enum Span {
    /// Words.
    Text(String),
    /// A command or a name to type, as is.
    Code(String),
}

/// A paragraph of words only.
pub fn para(text: impl Into<String>) -> Block {
    Block::Para(vec![Span::Text(text.into())])
}

/// The paragraph that opens a report: what the run played (`played`,
/// "20 games per table, seed 1"), then the command that reproduces it.
pub fn reproduce(played: String, command: &str) -> Block {
    Block::Para(vec![
        Span::Text(format!("{played}. Reproduce with ")),
        Span::Code(command.to_string()),
        Span::Text(".".into()),
    ])
}

/// How a column's cells line up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Words, on the left.
    Left,
    /// Numbers, on the right.
    Right,
}

/// A table: its header and rows, the first column words, the others
/// numbers unless said otherwise.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// The column heads.
    pub head: Vec<String>,
    /// How each column lines up.
    pub align: Vec<Align>,
    /// The rows, a cell per column.
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// A table of `head`, its first column on the left, the others on the
    /// right.
    pub fn new<S: Into<String>>(head: impl IntoIterator<Item = S>) -> Table {
        let head: Vec<String> = head.into_iter().map(Into::into).collect();
        let align = (0..head.len())
            .map(|i| if i == 0 { Align::Left } else { Align::Right })
            .collect();
        Table {
            head,
            align,
            rows: Vec::new(),
        }
    }

    /// The table with column `i` lined up on the left.
    pub fn left(mut self, i: usize) -> Table {
        if let Some(a) = self.align.get_mut(i) {
            *a = Align::Left;
        }
        self
    }

    /// Adds a row.
    pub fn row<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>) {
        self.rows.push(cells.into_iter().map(Into::into).collect());
    }
}

impl Doc {
    /// A report titled `title`.
    pub fn new(title: impl Into<String>) -> Doc {
        Doc {
            title: title.into(),
            blocks: Vec::new(),
        }
    }

    /// Adds a block.
    pub fn push(&mut self, block: Block) {
        self.blocks.push(block);
    }

    /// The report with `warning` above everything else.
    pub fn warn(&mut self, warning: String) {
        self.blocks.insert(0, Block::Warning(warning));
    }

    /// The report as text: the title, then each block, tables lined up
    /// in columns and paragraphs wrapped to 78 characters.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for b in &self.blocks {
            if let Block::Warning(w) = b {
                // One line, whatever its length: the line a reader (or a
                // script) looks for first.
                let _ = writeln!(s, "{w}\n");
            }
        }
        let _ = writeln!(s, "{}", self.title);
        let mut after_heading = false;
        for b in &self.blocks {
            text_block(&mut s, b, after_heading);
            after_heading = matches!(b, Block::Heading(..));
        }
        s
    }

    /// The report as Markdown.
    pub fn markdown(&self) -> String {
        let mut s = String::new();
        for b in &self.blocks {
            if let Block::Warning(w) = b {
                let _ = writeln!(s, "**{}**\n", md_escape(w));
            }
        }
        let _ = writeln!(s, "# {}", md_escape(&self.title));
        for b in &self.blocks {
            md_block(&mut s, b);
        }
        s
    }

    /// The report as one self-contained HTML page.
    pub fn html(&self) -> String {
        let mut s = String::new();
        for b in &self.blocks {
            if let Block::Warning(w) = b {
                let _ = writeln!(
                    s,
                    "<p class=\"interrupted\" style=\"border:2px solid #b00;padding:0.5em\"><strong>{}</strong></p>",
                    esc(w)
                );
            }
        }
        let _ = writeln!(s, "<h1>{}</h1>", esc(&self.title));
        for b in &self.blocks {
            html_block(&mut s, b);
        }
        page(&self.title, &s)
    }
}

/// `text` wrapped to the width, each line after the first starting with
/// `indent`.
fn wrapped(text: &str, indent: &str) -> String {
    let options = textwrap::Options::new(WIDTH)
        .subsequent_indent(indent)
        .break_words(false)
        .word_separator(textwrap::WordSeparator::AsciiSpace)
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    textwrap::wrap(text, options).join("\n")
}

/// How wide `s` is on a terminal: a column per character.
fn width(s: &str) -> usize {
    s.chars().count()
}

/// `s` padded with spaces to `w` columns, on the side `align` says.
fn pad(s: &str, w: usize, align: Align) -> String {
    let fill = " ".repeat(w.saturating_sub(width(s)));
    match align {
        Align::Left => format!("{s}{fill}"),
        Align::Right => format!("{fill}{s}"),
    }
}

/// The words of a paragraph, code as is.
fn plain(spans: &[Span]) -> String {
    spans
        .iter()
        .map(|s| match s {
            Span::Text(t) | Span::Code(t) => t.as_str(),
        })
        .collect()
}

/// Writes `b` as text; a table right under a heading follows it without a
/// blank line.
fn text_block(s: &mut String, b: &Block, after_heading: bool) {
    match b {
        Block::Warning(_) | Block::Chart(_) | Block::Figure(..) | Block::Details(_) => {}
        Block::Heading(level, h) => {
            let _ = writeln!(s);
            if *level <= 2 {
                let _ = writeln!(s, "{h}\n{}", "-".repeat(width(h)));
            } else {
                let _ = writeln!(s, "{h}:");
            }
        }
        Block::Para(spans) => {
            let _ = writeln!(s, "\n{}", wrapped(&plain(spans), ""));
        }
        Block::Note(n) => {
            let _ = writeln!(s, "\n{}", wrapped(n, ""));
        }
        Block::Items(label, items) => {
            let _ = writeln!(s, "  {label}:");
            let mut line = String::new();
            for item in items {
                if !line.is_empty() && width(&line) + 2 + width(item) > WIDTH - 4 {
                    let _ = writeln!(s, "    {line}");
                    line.clear();
                }
                if !line.is_empty() {
                    line.push_str("  ");
                }
                line.push_str(item);
            }
            if !line.is_empty() {
                let _ = writeln!(s, "    {line}");
            }
        }
        Block::Table(t) => {
            if !after_heading {
                let _ = writeln!(s);
            }
            let columns = t.head.len();
            let widths: Vec<usize> = (0..columns)
                .map(|i| {
                    t.rows
                        .iter()
                        .filter_map(|r| r.get(i))
                        .chain([&t.head[i]])
                        .map(|c| width(c))
                        .max()
                        .unwrap_or(0)
                })
                .collect();
            let line = |cells: &[String]| {
                let cells: Vec<String> = (0..columns)
                    .map(|i| {
                        let cell = cells.get(i).map_or("", String::as_str);
                        pad(cell, widths[i], t.align[i])
                    })
                    .collect();
                format!("  {}", cells.join("  ")).trim_end().to_string()
            };
            let _ = writeln!(s, "{}", line(&t.head));
            for r in &t.rows {
                let _ = writeln!(s, "{}", line(r));
            }
        }
        Block::Side(blocks) => {
            for b in blocks {
                text_block(s, b, after_heading);
            }
        }
    }
}

/// `s` with the characters Markdown would read escaped.
fn md_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '|' | '*' | '_' | '`' | '<' | '>' | '[' | ']' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn md_block(s: &mut String, b: &Block) {
    match b {
        Block::Warning(_) | Block::Chart(_) | Block::Figure(..) | Block::Details(_) => {}
        Block::Heading(level, h) => {
            let _ = writeln!(s, "\n{} {}", "#".repeat(usize::from(*level)), md_escape(h));
        }
        Block::Para(spans) => {
            let words: String = spans
                .iter()
                .map(|sp| match sp {
                    Span::Text(t) => md_escape(t),
                    Span::Code(c) => format!("`{c}`"),
                })
                .collect();
            let _ = writeln!(s, "\n{words}");
        }
        Block::Note(n) => {
            let _ = writeln!(s, "\n*{}*", md_escape(n));
        }
        Block::Items(label, items) => {
            let items: Vec<String> = items.iter().map(|i| md_escape(i)).collect();
            let _ = writeln!(s, "\n{}: {}", md_escape(label), items.join(" · "));
        }
        Block::Table(t) => {
            let cells = |cells: &[String]| {
                let cells: Vec<String> = cells
                    .iter()
                    .map(|c| {
                        // An indented cell keeps its indent (a row under
                        // the one above).
                        let indent = (c.len() - c.trim_start().len()).div_ceil(2);
                        format!("{}{}", "&emsp;".repeat(indent), md_escape(c.trim()))
                    })
                    .collect();
                format!("| {} |", cells.join(" | "))
            };
            let _ = writeln!(s, "\n{}", cells(&t.head));
            let rule: Vec<&str> = t
                .align
                .iter()
                .map(|a| match a {
                    Align::Left => "---",
                    Align::Right => "---:",
                })
                .collect();
            let _ = writeln!(s, "|{}|", rule.join("|"));
            for r in &t.rows {
                let _ = writeln!(s, "{}", cells(r));
            }
        }
        Block::Side(blocks) => {
            for b in blocks {
                md_block(s, b);
            }
        }
    }
}

fn html_block(s: &mut String, b: &Block) {
    match b {
        Block::Warning(_) => {}
        Block::Heading(level, h) => {
            let _ = writeln!(s, "<h{level}>{}</h{level}>", esc(h));
        }
        Block::Para(spans) => {
            let words: String = spans
                .iter()
                .map(|sp| match sp {
                    Span::Text(t) => esc(t),
                    Span::Code(c) => format!("<code>{}</code>", esc(c)),
                })
                .collect();
            let _ = writeln!(s, "<p>{words}</p>");
        }
        Block::Note(n) => {
            let _ = writeln!(s, "<p><small>{}</small></p>", esc(n));
        }
        Block::Items(label, items) => {
            let items: Vec<String> = items.iter().map(|i| esc(i)).collect();
            let _ = writeln!(
                s,
                "<p><strong>{}</strong>: {}</p>",
                esc(label),
                items.join(" · ")
            );
        }
        Block::Table(t) => {
            let cell = |tag: &str, i: usize, c: &str| {
                let mut style = match t.align.get(i) {
                    Some(Align::Left) if i > 0 => "text-align:left".to_string(),
                    Some(Align::Right) if i == 0 => "text-align:right".to_string(),
                    _ => String::new(),
                };
                // A cell indented in text (a row under the one above) is
                // indented on the page too.
                let indent = c.len() - c.trim_start().len();
                if indent > 0 {
                    style = format!("padding-left:{}em", 0.7 + 0.5 * indent as f64);
                }
                let style = if style.is_empty() {
                    style
                } else {
                    format!(" style=\"{style}\"")
                };
                format!("<{tag}{style}>{}</{tag}>", esc(c.trim()))
            };
            s.push_str("<table><thead><tr>");
            for (i, h) in t.head.iter().enumerate() {
                s.push_str(&cell("th", i, h));
            }
            s.push_str("</tr></thead><tbody>\n");
            for r in &t.rows {
                s.push_str("<tr>");
                for (i, c) in r.iter().enumerate() {
                    s.push_str(&cell("td", i, c));
                }
                s.push_str("</tr>\n");
            }
            s.push_str("</tbody></table>\n");
        }
        Block::Chart(chart) => {
            let _ = writeln!(s, "{}", chart.svg());
        }
        Block::Figure(svg, caption) => {
            let _ = writeln!(
                s,
                "<figure>{svg}<figcaption>{}</figcaption></figure>",
                esc(caption)
            );
        }
        Block::Details(blocks) => {
            for b in blocks {
                html_block(s, b);
            }
        }
        Block::Side(blocks) => {
            let class = if blocks.iter().all(|b| matches!(b, Block::Figure(..))) {
                "heat"
            } else {
                "details"
            };
            let _ = writeln!(s, "<div class=\"{class}\">");
            for b in blocks {
                html_block(s, b);
            }
            s.push_str("</div>\n");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Doc {
        let mut d = Doc::new("Board <1>");
        d.push(reproduce(
            "6 games, seed 2".into(),
            "rollx simulate a|b.toml",
        ));
        let mut t = Table::new(["policy", "mean (95 % CI)", "best"]);
        t.row(["greedy", "12.00 ± 4.91", "21"]);
        t.row(["strong x4", "9.5 ± 1.00", "7"]);
        t.row(["  in seat 1", "9.0 ± 1.00", "7"]);
        d.push(Block::Heading(2, "Summary".into()));
        d.push(Block::Table(t));
        d.push(Block::Items(
            "scores".into(),
            vec!["5:1".into(), "6:1".into()],
        ));
        d.push(Block::Figure("<svg/>".into(), "a map".into()));
        d.push(Block::Details(vec![para("only on the page")]));
        d.push(Block::Note("Made by rollx.".into()));
        d
    }

    #[test]
    fn text_lines_columns_up_and_leaves_pictures_out() {
        let text = sample().text();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Board <1>");
        let head = lines.iter().position(|l| l.contains("policy")).unwrap();
        assert_eq!(lines[head], "  policy       mean (95 % CI)  best");
        assert_eq!(lines[head + 1], "  greedy         12.00 ± 4.91    21");
        assert_eq!(lines[head + 2], "  strong x4        9.5 ± 1.00     7");
        assert_eq!(lines[head + 3], "    in seat 1      9.0 ± 1.00     7");
        assert!(text.contains("Summary\n-------\n"), "{text}");
        assert!(text.contains("  scores:\n    5:1  6:1\n"), "{text}");
        assert!(!text.contains("svg") && !text.contains("a map"), "{text}");
        assert!(!text.contains("only on the page"), "{text}");
    }

    #[test]
    fn markdown_escapes_and_aligns() {
        let md = sample().markdown();
        assert!(md.starts_with("# Board \\<1\\>\n"), "{md}");
        assert!(md.contains("`rollx simulate a|b.toml`"), "{md}");
        assert!(
            md.contains("| policy | mean (95 % CI) | best |\n|---|---:|---:|\n"),
            "{md}"
        );
        assert!(md.contains("| greedy | 12.00 ± 4.91 | 21 |"), "{md}");
        assert!(md.contains("| &emsp;in seat 1 | 9.0 ± 1.00 | 7 |"), "{md}");
        assert!(md.contains("## Summary"), "{md}");
        assert!(
            !md.contains("<svg") && !md.contains("only on the page"),
            "{md}"
        );
    }

    #[test]
    fn html_escapes_every_word_and_keeps_pictures() {
        let mut doc = sample();
        doc.warn("stopped < early".into());
        let html = doc.html();
        assert!(html.contains("<title>Board &lt;1&gt;</title>"), "{html}");
        assert!(html.contains("<h1>Board &lt;1&gt;</h1>"), "{html}");
        assert!(
            html.contains("<code>rollx simulate a|b.toml</code>"),
            "{html}"
        );
        assert!(html.contains("<td>12.00 ± 4.91</td>"), "{html}");
        assert!(
            html.contains("<td style=\"padding-left:1.7em\">in seat 1</td>"),
            "{html}"
        );
        assert!(html.contains("<figure><svg/><figcaption>a map</figcaption></figure>"));
        assert!(html.contains("<p>only on the page</p>"), "{html}");
        let warn = html.find("stopped &lt; early").unwrap();
        assert!(warn < html.find("<h1>").unwrap(), "the warning comes first");
        let text = doc.text();
        assert!(text.starts_with("stopped < early\n\nBoard <1>\n"), "{text}");
    }
}
