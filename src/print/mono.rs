//! Black-and-white sheets, for every family: colours (a Rolling map's
//! regions, an Encore board's colours) told apart by hatching and by a
//! letter.

use crate::scene::{Item, Path, Point, Rect, Rgb, Stroke, Style};

/// One letter per colour, different for every colour, from each colour's
/// `(chosen letter, name, id)`: the chosen letter (`mono_letter`) when its
/// file gives one; otherwise the first letter of its name that no other
/// colour has (Black and Blue become `B` and `L`), then of its id, then the
/// first free letter or digit (`?` once all 36 are taken).
pub fn mono_letters<'a>(
    colors: impl IntoIterator<Item = (Option<char>, &'a str, &'a str)>,
) -> Vec<char> {
    let colors: Vec<(Option<char>, &str, &str)> = colors.into_iter().collect();
    let mut taken: Vec<char> = colors.iter().filter_map(|c| c.0).collect();
    colors
        .iter()
        .map(|&(chosen, name, id)| {
            if let Some(l) = chosen {
                return l;
            }
            let letter = name
                .chars()
                .chain(id.chars())
                .filter(|c| c.is_alphanumeric())
                .filter_map(|c| c.to_uppercase().next())
                .chain(('A'..='Z').chain('0'..='9'))
                .find(|c| !taken.contains(c))
                .unwrap_or('?');
            taken.push(letter);
            letter
        })
        .collect()
}

/// Hatching for colour `i` in black and white: lines at an angle, or two
/// sets of lines, over `bounds` (six patterns, then the same six wider
/// apart).
pub fn hatch(i: usize, bounds: Rect, width: f32) -> Vec<Item> {
    let spacing = 4.0 + (i / 6) as f32 * 2.0;
    let angles: &[f32] = match i % 6 {
        0 => &[45.0],
        1 => &[135.0],
        2 => &[0.0],
        3 => &[90.0],
        4 => &[45.0, 135.0],
        _ => &[0.0, 90.0],
    };
    let c = bounds.center();
    let r = (bounds.w.powi(2) + bounds.h.powi(2)).sqrt() / 2.0 + spacing;
    let mut path = Path::new();
    for &deg in angles {
        let (s, co) = deg.to_radians().sin_cos();
        let n = (r / spacing).ceil() as i32;
        for k in -n..=n {
            let off = k as f32 * spacing;
            // A line through c + off * normal, along the direction (co, s).
            let (px, py) = (c.x - s * off, c.y + co * off);
            path.segs.extend(
                Path::line(
                    Point::new(px - co * r, py - s * r),
                    Point::new(px + co * r, py + s * r),
                )
                .segs,
            );
        }
    }
    vec![Item::Path(
        path,
        Style::stroke(Stroke::solid(Rgb::grey(140), width)),
    )]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_run_out_into_a_question_mark_not_a_panic() {
        let names: Vec<String> = (0..40).map(|i| format!("c{i}")).collect();
        let letters = mono_letters(names.iter().map(|n| (None, n.as_str(), n.as_str())));
        assert_eq!(letters.len(), 40);
        assert_eq!(letters.iter().filter(|&&l| l == '?').count(), 4);
        let unique: std::collections::BTreeSet<&char> = letters.iter().take(36).collect();
        assert_eq!(unique.len(), 36);
    }

    #[test]
    fn encore_colours_get_their_initials() {
        let names = ["Red", "Orange", "Yellow", "Green", "Blue"];
        let letters = mono_letters(names.into_iter().map(|n| (None, n, n)));
        assert_eq!(letters, ['R', 'O', 'Y', 'G', 'B']);
    }
}
