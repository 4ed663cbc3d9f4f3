//! The rules page: a family's rules in sentences ([`crate::families::Face::rules`]),
//! laid out on one page of a template in the locale's language and fonts,
//! under its title and over the credit line. A page the text does not fit
//! at 6 pt, or with a character no font has, is refused.

use super::checks::missing_glyphs;
use super::draw::Credit;
use super::pad::Locale;
use super::paging::{INK, SOFT};
use super::template::Template;
use crate::diag::Diagnostic;
use crate::lang::sheet;
use crate::scene::{Anchor, Document, Fonts, Item, Page, Point, Text, Weight, font};

/// `text` broken into lines at most `width` wide: at spaces, and inside a
/// word only when the word alone is wider (a sentence in Japanese).
pub fn wrap(text: &str, width: f32, size: f32, weight: Weight, fonts: &Fonts) -> Vec<String> {
    let w = |s: &str| fonts.width(s, size, weight);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let longer = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if w(&longer) <= width || line.is_empty() {
            line = longer;
        } else {
            lines.push(std::mem::take(&mut line));
            line = word.to_string();
        }
        // A word wider than the line: cut it where it must be.
        while w(&line) > width {
            let mut cut = String::new();
            for c in line.chars() {
                let mut next = cut.clone();
                next.push(c);
                if w(&next) > width && !cut.is_empty() {
                    break;
                }
                cut = next;
            }
            if cut.len() == line.len() {
                break;
            }
            line = line[cut.len()..].to_string();
            lines.push(cut);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The rules page of a file (`credit` names it) on `t` in `locale`: the
/// title, each paragraph of `rules` as a bulleted block, the closing line
/// and the credit line; the text as large as the template's text size, or
/// smaller (down to 6 pt) to fit the page.
pub fn rules_page(
    t: &Template,
    locale: &Locale,
    credit: &Credit<'_>,
    title: &str,
    rules: &[String],
) -> Result<Document, Vec<Diagnostic>> {
    let lang = locale.lang();
    let fonts = locale.fonts();
    let m = t.margins;
    let (left, top) = (m.left, m.top);
    let width = t.page_width - m.left - m.right;
    let bottom = t.page_height - m.bottom;
    let text = |pos: Point, content: String, size: f32, weight: Weight, color| {
        Item::Text(Text {
            pos,
            content,
            size,
            weight,
            color,
            anchor: Anchor::Start,
            max_width: Some(width),
            fonts: fonts.clone(),
        })
    };
    let heading = lang.fill(sheet::RULES_TITLE, &[("name", &title)]);
    let mut paragraphs: Vec<String> = rules.to_vec();
    paragraphs.push(lang.word(sheet::RULES_FOOTER).to_string());
    let asc = font::vertical_metrics(Weight::Bold).0;
    let title_size = t.fonts.title;
    let body_top = top + title_size * asc + title_size * 0.9;
    let credit_line = credit.line(lang);
    let room = bottom - t.fonts.small * 2.0 - body_top;
    // The largest size from the template's (times 1.2) down to 6 pt at
    // which every paragraph fits.
    let bullet = "\u{2022}";
    let indent = |size: f32| fonts.width(&format!("{bullet} "), size, Weight::Regular);
    let mut size = (t.fonts.text * 1.2).max(6.0);
    let layout = |size: f32| -> (Vec<Vec<String>>, f32) {
        let blocks: Vec<Vec<String>> = paragraphs
            .iter()
            .map(|p| wrap(p, width - indent(size), size, Weight::Regular, &fonts))
            .collect();
        let lines: usize = blocks.iter().map(Vec::len).sum();
        let height = lines as f32 * size * 1.35 + blocks.len() as f32 * size * 0.6;
        (blocks, height)
    };
    let (mut blocks, mut height) = layout(size);
    while height > room && size > 6.0 {
        size = (size - 0.5).max(6.0);
        (blocks, height) = layout(size);
    }
    if height > room {
        return Err(vec![
            Diagnostic::error(
                "print-text-overflow",
                format!(
                    "the rules do not fit one page of the {} template even at 6 pt",
                    t.name
                ),
            )
            .with_help("print the rules page on a larger template (--template)"),
        ]);
    }
    let mut items = vec![text(
        Point::new(left, top + title_size * asc),
        heading.clone(),
        title_size,
        Weight::Bold,
        INK,
    )];
    let mut y = body_top + size;
    let last = blocks.len() - 1;
    for (k, block) in blocks.into_iter().enumerate() {
        let color = if k == last { SOFT } else { INK };
        if k < last {
            items.push(text(
                Point::new(left, y),
                bullet.into(),
                size,
                Weight::Regular,
                INK,
            ));
        }
        for line in block {
            items.push(text(
                Point::new(left + indent(size), y),
                line,
                size,
                Weight::Regular,
                color,
            ));
            y += size * 1.35;
        }
        y += size * 0.6;
    }
    items.push(text(
        Point::new(left, bottom - t.fonts.small * 0.5),
        credit_line,
        t.fonts.small,
        Weight::Regular,
        SOFT,
    ));
    let doc = Document {
        title: heading,
        author: credit.author.map(str::to_string),
        created: None,
        symbols: Vec::new(),
        pages: vec![Page {
            width: t.page_width,
            height: t.page_height,
            items,
            boxes: Default::default(),
        }],
    };
    let problems = missing_glyphs(&doc);
    if problems.is_empty() {
        Ok(doc)
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_wrap_at_spaces_and_inside_long_words() {
        let fonts = Fonts::default();
        let lines = wrap(
            "one two three four five six",
            40.0,
            10.0,
            Weight::Regular,
            &fonts,
        );
        assert!(lines.len() > 1, "{lines:?}");
        assert!(
            lines
                .iter()
                .all(|l| fonts.width(l, 10.0, Weight::Regular) <= 40.0)
        );
        assert_eq!(lines.join(" "), "one two three four five six");
        let long = "a".repeat(40);
        let cut = wrap(&long, 30.0, 10.0, Weight::Regular, &fonts);
        assert!(cut.len() > 1 && cut.concat() == long, "{cut:?}");
    }

    #[test]
    fn the_page_holds_every_paragraph_in_the_language() {
        let t = crate::print::template::load("a4").unwrap();
        let credit = Credit {
            id: "x",
            name: "X",
            ..Credit::default()
        };
        let rules: Vec<String> = (0..5)
            .map(|i| format!("Rule {i} says something."))
            .collect();
        let locale = Locale {
            lang: crate::lang::Lang::parse("es").ok(),
            ..Locale::default()
        };
        let doc = rules_page(&t, &locale, &credit, "Mapa", &rules).unwrap();
        let texts: Vec<String> = doc.pages[0]
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text(t) => Some(t.content.clone()),
                _ => None,
            })
            .collect();
        assert!(texts[0].contains("Mapa"), "{texts:?}");
        for r in &rules {
            assert!(texts.contains(r), "{r}: {texts:?}");
        }
        // Too much to fit even at 6 pt: refused.
        let many: Vec<String> = (0..400)
            .map(|i| format!("Rule {i} says something long."))
            .collect();
        assert!(rules_page(&t, &locale, &credit, "Mapa", &many).is_err());
    }
}
