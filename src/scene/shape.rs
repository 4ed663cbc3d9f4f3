//! Shaping for the scripts whose letters join, change shape, combine or
//! run right to left (Arabic, Hebrew, the Indic scripts, Thai, ...): the
//! text is put in visual order by the Unicode bidirectional algorithm
//! (`unicode-bidi`), and each piece is shaped with its face by HarfRust
//! (the pure-Rust port of HarfBuzz), giving glyphs and their positions.
//!
//! Texts without such characters are not shaped: they are drawn a glyph a
//! character, left to right, as they always were, so their files do not
//! change.

use std::ops::Range;

use unicode_script::{Script, UnicodeScript};

/// The scripts whose texts are shaped: their letters join, change shape
/// or combine with marks, or they run right to left.
const COMPLEX: &[Script] = {
    use Script::*;
    &[
        Arabic, Hebrew, Syriac, Thaana, Nko, Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil,
        Telugu, Kannada, Malayalam, Sinhala, Thai, Lao, Tibetan, Myanmar, Khmer, Mongolian,
    ]
};

/// Whether `text` is shaped: it holds a character of a script whose
/// letters join, change shape or combine (Arabic, Hebrew, Syriac, the
/// Indic scripts, Thai, Lao, Tibetan, Myanmar, Khmer, Mongolian, ...), or
/// one written right to left.
pub(crate) fn needs_shaping(text: &str) -> bool {
    text.chars().any(|c| {
        !c.is_ascii()
            && (COMPLEX.contains(&c.script())
                || matches!(
                    unicode_bidi::bidi_class(c),
                    unicode_bidi::BidiClass::R | unicode_bidi::BidiClass::AL
                ))
    })
}

/// A glyph of a shaped run, placed from the run's start: `x` to the right
/// and `y` up, both in ems.
#[derive(Clone, Debug, PartialEq)]
pub struct Glyph {
    /// Its id in the face.
    pub id: u16,
    /// Where its origin is, from the run's start, in ems.
    pub x: f32,
    /// How far above the baseline it is drawn, in ems (a mark over a
    /// letter).
    pub y: f32,
    /// The text it stands for: the whole cluster on its first glyph (a
    /// ligature stands for two letters), nothing on the others.
    pub text: Option<String>,
}

/// The pieces of `text` in the order they are seen, left to right, each
/// a byte range and whether it runs right to left.
pub(crate) fn visual_pieces(text: &str) -> Vec<(Range<usize>, bool)> {
    let info = unicode_bidi::BidiInfo::new(text, None);
    let mut out = Vec::new();
    for para in &info.paragraphs {
        let (levels, runs) = info.visual_runs(para, para.range.clone());
        for run in runs {
            let rtl = levels[run.start].is_rtl();
            out.push((run, rtl));
        }
    }
    out
}

/// `text` shaped with the face in `bytes` (index `index`) in `lang`:
/// its glyphs in visual order and its advance, in ems; `None` when the
/// face cannot be read.
pub fn shape(
    bytes: &[u8],
    index: u32,
    text: &str,
    rtl: bool,
    lang: &str,
) -> Option<(Vec<Glyph>, f32)> {
    let font = harfrust::FontRef::from_index(bytes, index).ok()?;
    let data = harfrust::ShaperData::new(&font);
    let shaper = data.shaper(&font).build();
    let upem = shaper.units_per_em() as f32;
    let mut buffer = harfrust::UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.set_direction(if rtl {
        harfrust::Direction::RightToLeft
    } else {
        harfrust::Direction::LeftToRight
    });
    if let Ok(l) = lang.parse::<harfrust::Language>() {
        buffer.set_language(l);
    }
    buffer.guess_segment_properties();
    let shaped = shaper.shape(buffer, harfrust::ShapeOptions::new());
    // Each cluster's text: from its start to the next cluster's start.
    let mut starts: Vec<usize> = shaped
        .glyph_infos()
        .iter()
        .map(|g| g.cluster as usize)
        .collect();
    starts.sort_unstable();
    starts.dedup();
    let cluster_text = |start: usize| -> Option<String> {
        let i = starts.binary_search(&start).ok()?;
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        text.get(start..end).map(str::to_string)
    };
    let mut glyphs = Vec::with_capacity(shaped.glyph_infos().len());
    let mut seen: Vec<u32> = Vec::new();
    let mut pen = 0.0;
    for (info, pos) in shaped.glyph_infos().iter().zip(shaped.glyph_positions()) {
        let first = !seen.contains(&info.cluster);
        if first {
            seen.push(info.cluster);
        }
        glyphs.push(Glyph {
            id: u16::try_from(info.glyph_id).unwrap_or(0),
            x: (pen + pos.x_offset as f32) / upem,
            y: pos.y_offset as f32 / upem,
            text: if first {
                cluster_text(info.cluster as usize)
            } else {
                None
            },
        });
        pen += pos.x_advance as f32;
    }
    Some((glyphs, pen / upem))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_texts_of_complex_or_right_to_left_scripts_are_shaped() {
        assert!(!needs_shaping("Cambio de Color"));
        assert!(!needs_shaping("北海道 Ñandú"));
        assert!(needs_shaping("القاهرة"));
        assert!(needs_shaping("שלום"));
        assert!(needs_shaping("नमस्ते"));
        assert!(needs_shaping("ไทย"));
    }

    #[test]
    fn a_right_to_left_name_in_a_latin_text_is_its_own_piece() {
        let text = "Round 3: القاهرة";
        let pieces = visual_pieces(text);
        assert_eq!(pieces.first().map(|p| p.1), Some(false));
        let rtl: Vec<&str> = pieces
            .iter()
            .filter(|p| p.1)
            .map(|p| &text[p.0.clone()])
            .collect();
        assert_eq!(rtl, vec!["القاهرة"]);
    }

    #[test]
    fn arabic_letters_join_and_run_right_to_left() {
        let font = super::super::font::REGULAR;
        let face = ttf_parser::Face::parse(font, 0).unwrap();
        let (glyphs, width) = shape(font, 0, "بيت", true, "ar").unwrap();
        assert_eq!(glyphs.len(), 3);
        // Joined: the first letter takes its initial form, not the
        // isolated one the character map gives.
        let isolated = face.glyph_index('ب').unwrap().0;
        let last = glyphs.last().unwrap();
        assert_eq!(last.text.as_deref(), Some("ب"));
        assert_ne!(last.id, isolated);
        // Right to left: the first letter is drawn rightmost.
        assert!(glyphs.windows(2).all(|w| w[0].x < w[1].x));
        assert!(width > 0.0);
    }
}
