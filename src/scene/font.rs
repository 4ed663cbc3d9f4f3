//! The fonts every rendering uses, vendored so that output never depends
//! on the fonts a machine has: DejaVu Sans and DejaVu Sans Bold (Bitstream
//! Vera licence, see `assets/fonts/LICENSE-DejaVu.txt`).

use std::sync::OnceLock;

/// DejaVu Sans.
pub const REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold.
pub const BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");
/// The family name exporters write (SVG `font-family`).
pub const FAMILY: &str = "DejaVu Sans";

/// Regular or bold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weight {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

impl Weight {
    /// The font file.
    pub fn bytes(self) -> &'static [u8] {
        match self {
            Weight::Regular => REGULAR,
            Weight::Bold => BOLD,
        }
    }
}

/// Advance widths of the printable ASCII and Latin-1 characters in font
/// units, and the font's metrics.
struct Metrics {
    units_per_em: f32,
    ascender: f32,
    descender: f32,
    cap_height: f32,
    /// Advance of `char` c for c < 256; others are measured on demand.
    advances: [u16; 256],
}

fn metrics(weight: Weight) -> &'static Metrics {
    static REG: OnceLock<Metrics> = OnceLock::new();
    static BOLD_M: OnceLock<Metrics> = OnceLock::new();
    let cell = match weight {
        Weight::Regular => &REG,
        Weight::Bold => &BOLD_M,
    };
    cell.get_or_init(|| {
        let face = ttf_parser::Face::parse(weight.bytes(), 0).expect("the vendored font parses");
        let mut advances = [0u16; 256];
        for (c, adv) in advances.iter_mut().enumerate() {
            *adv = char::from_u32(c as u32)
                .and_then(|ch| face.glyph_index(ch))
                .and_then(|g| face.glyph_hor_advance(g))
                .unwrap_or(0);
        }
        Metrics {
            units_per_em: f32::from(face.units_per_em()),
            ascender: f32::from(face.ascender()),
            descender: -f32::from(face.descender()),
            // DejaVu's OS/2 table predates the cap height field: measure "H".
            cap_height: face
                .capital_height()
                .or_else(|| {
                    face.glyph_index('H')
                        .and_then(|g| face.glyph_bounding_box(g))
                        .map(|b| b.y_max)
                })
                .map_or(f32::from(face.ascender()) * 0.75, f32::from),
            advances,
        }
    })
}

/// The width of `text` at `size` points.
pub(crate) fn text_width(text: &str, size: f32, weight: Weight) -> f32 {
    let m = metrics(weight);
    let mut units = 0.0;
    for ch in text.chars() {
        units += if (ch as u32) < 256 {
            f32::from(m.advances[ch as usize])
        } else {
            let face =
                ttf_parser::Face::parse(weight.bytes(), 0).expect("the vendored font parses");
            face.glyph_index(ch)
                .and_then(|g| face.glyph_hor_advance(g))
                .map_or(m.units_per_em * 0.6, f32::from)
        };
    }
    units / m.units_per_em * size
}

/// Ascender and descender as fractions of the font size (both positive).
pub fn vertical_metrics(weight: Weight) -> (f32, f32) {
    let m = metrics(weight);
    (m.ascender / m.units_per_em, m.descender / m.units_per_em)
}

/// Height of capital letters as a fraction of the font size.
pub fn cap_height(weight: Weight) -> f32 {
    let m = metrics(weight);
    m.cap_height / m.units_per_em
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_come_from_the_font() {
        // DejaVu Sans: "M" advances 1767 units of 2048.
        let m = text_width("M", 2048.0, Weight::Regular);
        assert!((m - 1767.0).abs() < 0.5, "{m}");
        assert!(text_width("PA", 10.0, Weight::Bold) > text_width("PA", 10.0, Weight::Regular));
        assert_eq!(text_width("", 10.0, Weight::Regular), 0.0);
        let (asc, desc) = vertical_metrics(Weight::Regular);
        assert!(asc > 0.7 && asc < 1.0 && desc > 0.1 && desc < 0.4);
        // DejaVu Sans capitals are 1493 units of 2048 tall.
        assert!((cap_height(Weight::Regular) - 1493.0 / 2048.0).abs() < 1e-3);
    }
}
