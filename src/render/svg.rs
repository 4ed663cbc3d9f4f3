//! SVG export: one page of a document as a standalone SVG file.
//!
//! Coordinates are written with at most two decimals, so the output is
//! stable across machines and readable in diffs (the snapshot tests look at
//! it). Symbols become `<g>` definitions drawn with `<use>`.

use std::fmt::Write;

use super::RenderError;
use crate::scene::{Anchor, Document, Item, Path, Rgb, Seg, Style, Text, Weight, font};

/// A number with at most two decimals and no trailing zeros.
pub(crate) fn num(v: f32) -> String {
    let r = (f64::from(v) * 100.0).round() / 100.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let s = format!("{r:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The `d` attribute of a path.
pub(crate) fn path_data(p: &Path) -> String {
    let mut d = String::new();
    for seg in &p.segs {
        if !d.is_empty() {
            d.push(' ');
        }
        let _ = match *seg {
            Seg::MoveTo(a) => write!(d, "M{} {}", num(a.x), num(a.y)),
            Seg::LineTo(a) => write!(d, "L{} {}", num(a.x), num(a.y)),
            Seg::CubicTo(a, b, c) => write!(
                d,
                "C{} {} {} {} {} {}",
                num(a.x),
                num(a.y),
                num(b.x),
                num(b.y),
                num(c.x),
                num(c.y)
            ),
            Seg::Close => write!(d, "Z"),
        };
    }
    d
}

/// `s` escaped for XML and HTML text and attribute values.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn color(c: Rgb) -> String {
    c.to_string()
}

fn style_attrs(style: &Style) -> String {
    let mut s = match style.fill {
        Some(c) => format!(" fill=\"{}\"", color(c)),
        None => " fill=\"none\"".to_string(),
    };
    if let Some(st) = &style.stroke {
        let _ = write!(
            s,
            " stroke=\"{}\" stroke-width=\"{}\"",
            color(st.color),
            num(st.width)
        );
        if !st.dash.is_empty() {
            let dash: Vec<String> = st.dash.iter().map(|&d| num(d)).collect();
            let _ = write!(s, " stroke-dasharray=\"{}\"", dash.join(" "));
        }
    }
    s
}

fn text_element(t: &Text) -> String {
    let runs = t.fonts.runs(&t.content, t.size, t.weight);
    if runs
        .iter()
        .any(|r| r.face.is_some_and(|f| f >= 2) || r.glyphs.is_some())
    {
        return text_outlines(t, &runs);
    }
    let anchor = match t.anchor {
        Anchor::Start => "",
        Anchor::Middle => " text-anchor=\"middle\"",
        Anchor::End => " text-anchor=\"end\"",
    };
    let weight = match t.weight {
        Weight::Regular => "",
        Weight::Bold => " font-weight=\"bold\"",
    };
    format!(
        "<text x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"{}\"{weight}{anchor} fill=\"{}\">{}</text>",
        num(t.pos.x),
        num(t.pos.y),
        font::FAMILY,
        num(t.size),
        color(t.color),
        escape(&t.content)
    )
}

/// A text some of whose characters the vendored font lacks, or that is
/// shaped: a group, its runs in the vendored font as text, the others
/// (and every shaped run) as the glyphs' outlines (a viewer may lack the
/// font they come from, and would not join or order the letters as the
/// PDF does), with the text as its label.
fn text_outlines(t: &Text, runs: &[crate::scene::fonts::Run<'_>]) -> String {
    let weight = match t.weight {
        Weight::Regular => "",
        Weight::Bold => " font-weight=\"bold\"",
    };
    let mut out = format!(
        "<g aria-label=\"{}\" fill=\"{}\">",
        escape(&t.content),
        color(t.color)
    );
    let mut x = t.left();
    for run in runs {
        match run.face {
            Some(face) if run.glyphs.is_some() => {
                let glyphs = run.glyphs.as_deref().unwrap_or_default();
                let path = t.fonts.outline_glyphs(
                    face,
                    glyphs,
                    t.size,
                    crate::scene::Point::new(x, t.pos.y),
                );
                let _ = write!(out, "<path d=\"{}\"/>", path_data(&path));
            }
            Some(face) if face >= 2 => {
                let path =
                    t.fonts
                        .outline(face, run.text, t.size, crate::scene::Point::new(x, t.pos.y));
                let _ = write!(out, "<path d=\"{}\"/>", path_data(&path));
            }
            _ => {
                let _ = write!(
                    out,
                    "<text x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"{}\"{weight}>{}</text>",
                    num(x),
                    num(t.pos.y),
                    font::FAMILY,
                    num(t.size),
                    escape(run.text)
                );
            }
        }
        x += run.width;
    }
    out.push_str("</g>");
    out
}

struct Writer {
    defs: String,
    clips: usize,
}

impl Writer {
    fn items(&mut self, items: &[Item], out: &mut String, indent: usize) {
        let pad = " ".repeat(indent);
        for item in items {
            match item {
                Item::Path(p, style) => {
                    let _ = writeln!(
                        out,
                        "{pad}<path d=\"{}\"{}/>",
                        path_data(p),
                        style_attrs(style)
                    );
                }
                Item::Text(t) => {
                    let _ = writeln!(out, "{pad}{}", text_element(t));
                }
                Item::Clip(clip, inner) => {
                    let id = format!("clip{}", self.clips);
                    self.clips += 1;
                    let _ = writeln!(
                        self.defs,
                        "  <clipPath id=\"{id}\"><path d=\"{}\"/></clipPath>",
                        path_data(clip)
                    );
                    let _ = writeln!(out, "{pad}<g clip-path=\"url(#{id})\">");
                    self.items(inner, out, indent + 1);
                    let _ = writeln!(out, "{pad}</g>");
                }
                Item::Use { symbol, at } => {
                    let _ = writeln!(
                        out,
                        "{pad}<use xlink:href=\"#symbol{symbol}\" x=\"{}\" y=\"{}\"/>",
                        num(at.x),
                        num(at.y)
                    );
                }
            }
        }
    }
}

/// Renders page `page` (from 1) as an SVG document. Text uses the DejaVu
/// Sans family (shipped with rollx; viewers without it substitute a sans
/// serif).
pub fn to_svg(doc: &Document, page: usize) -> Result<String, RenderError> {
    let p = super::page(doc, page)?;
    let mut w = Writer {
        defs: String::new(),
        clips: 0,
    };
    let mut symbols = String::new();
    for (i, s) in doc.symbols.iter().enumerate() {
        let _ = writeln!(symbols, "  <g id=\"symbol{i}\">");
        w.items(&s.items, &mut symbols, 2);
        let _ = writeln!(symbols, "  </g>");
    }
    let mut body = String::new();
    w.items(&p.items, &mut body, 1);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"{}pt\" height=\"{}pt\" viewBox=\"0 0 {} {}\">",
        num(p.width),
        num(p.height),
        num(p.width),
        num(p.height)
    );
    let _ = writeln!(out, " <title>{}</title>", escape(&doc.title));
    let _ = writeln!(out, " <defs>");
    out.push_str(&symbols);
    out.push_str(&w.defs);
    let _ = writeln!(out, " </defs>");
    let _ = writeln!(
        out,
        " <rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
        num(p.width),
        num(p.height)
    );
    out.push_str(&body);
    out.push_str("</svg>\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Page, Point, Rect, Stroke, Symbol};

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(115.259_995), "115.26");
        assert_eq!(num(3.0), "3");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(0.5), "0.5");
    }

    #[test]
    fn pages_symbols_clips_and_text_are_written() {
        let doc = Document {
            title: "A & B".into(),
            author: None,
            created: None,
            symbols: vec![Symbol {
                name: "box".into(),
                width: 10.0,
                height: 10.0,
                items: vec![Item::Path(
                    Path::rect(Rect::new(0.0, 0.0, 10.0, 10.0)),
                    Style::fill(Rgb::new(255, 0, 0)),
                )],
            }],
            pages: vec![Page {
                width: 100.0,
                height: 50.0,
                items: vec![
                    Item::Use {
                        symbol: 0,
                        at: Point::new(5.0, 5.0),
                    },
                    Item::Clip(
                        Path::rect(Rect::new(0.0, 0.0, 20.0, 20.0)),
                        vec![Item::Path(
                            Path::line(Point::new(0.0, 0.0), Point::new(40.0, 40.0)),
                            Style::stroke(Stroke::dashed(Rgb::BLACK, 0.5, &[2.0, 1.0])),
                        )],
                    ),
                    Item::Text(Text {
                        pos: Point::new(50.0, 40.0),
                        content: "PA <1>".into(),
                        size: 8.0,
                        weight: Weight::Bold,
                        color: Rgb::BLACK,
                        anchor: Anchor::Middle,
                        max_width: None,
                        fonts: crate::scene::Fonts::default(),
                    }),
                ],
                boxes: Default::default(),
            }],
        };
        let svg = to_svg(&doc, 1).unwrap();
        assert!(svg.contains("<title>A &amp; B</title>"));
        assert!(svg.contains("<g id=\"symbol0\">"));
        assert!(svg.contains("<use xlink:href=\"#symbol0\" x=\"5\" y=\"5\"/>"));
        assert!(svg.contains("<clipPath id=\"clip0\">"));
        assert!(svg.contains("stroke-dasharray=\"2 1\""));
        assert!(svg.contains(
            "font-weight=\"bold\" text-anchor=\"middle\" fill=\"#000000\">PA &lt;1&gt;</text>"
        ));
        assert!(matches!(
            to_svg(&doc, 2),
            Err(RenderError::NoPage {
                pages: 1,
                wanted: 2
            })
        ));
    }
}
