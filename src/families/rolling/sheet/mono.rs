//! Black-and-white sheets: regions told apart by hatching and by a letter
//! in every writing box.

use crate::rolling::map::Map;
use crate::scene::{Item, Path, Point, Rect, Rgb, Stroke, Style};

/// One letter per region, different for every region of the map: the
/// region's `mono_letter` when the map gives one; otherwise the first
/// letter of its name that no other region has (Black and Blue become `B`
/// and `L`), then of its id, then the first free letter or digit.
pub fn region_letters(map: &Map) -> Vec<char> {
    let mut taken: Vec<char> = map.regions.iter().filter_map(|r| r.mono_letter).collect();
    map.regions
        .iter()
        .map(|r| {
            if let Some(l) = r.mono_letter {
                return l;
            }
            let from_words = r.name.chars().chain(r.id.chars());
            let letter = from_words
                .filter(|c| c.is_alphanumeric())
                .filter_map(|c| c.to_uppercase().next())
                .chain(('A'..='Z').chain('0'..='9'))
                .find(|c| !taken.contains(c))
                .expect("36 symbols for at most 32 regions");
            taken.push(letter);
            letter
        })
        .collect()
}

/// Hatching for region `i` in black and white: lines at an angle, or two
/// sets of lines, over `bounds`.
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

    fn map_with(regions: &[(&str, &str, Option<char>)]) -> Map {
        let mut text = String::from(
            "[map]\nid = \"t\"\nname = \"T\"\ndescription = \"t\"\n[rules]\npreset = \"rolling-america\"\ndice_per_round = 2\n",
        );
        for (i, (id, name, letter)) in regions.iter().enumerate() {
            text +=
                &format!("[[regions]]\nid = \"{id}\"\nname = \"{name}\"\ncolor = \"#123456\"\n");
            if let Some(l) = letter {
                text += &format!("mono_letter = \"{l}\"\n");
            }
            text += &format!("[[areas]]\nid = \"A{i}\"\nregion = \"{id}\"\nimmune = true\n");
        }
        let checked = crate::rolling::map::check_bytes(
            &crate::source::DiskFiles,
            std::path::Path::new("t.toml"),
            text.into_bytes(),
        );
        checked
            .map
            .unwrap_or_else(|| panic!("{:?}", checked.diagnostics))
    }

    #[test]
    fn letters_are_unique_and_come_from_the_name() {
        let m = map_with(&[
            ("white", "White", None),
            ("black", "Black", None),
            ("blue", "Blue", None),
            ("bb", "Bbb", None),
        ]);
        assert_eq!(region_letters(&m), ['W', 'B', 'L', 'A']);
        let m = map_with(&[("balkans", "Balkans", None), ("benelux", "Benelux", None)]);
        assert_eq!(region_letters(&m), ['B', 'E']);
    }

    #[test]
    fn chosen_letters_win_over_names() {
        let m = map_with(&[("blue", "Blue", None), ("black", "Black", Some('k'))]);
        assert_eq!(region_letters(&m), ['B', 'K']);
        let m = map_with(&[("blue", "Blue", None), ("black", "Black", Some('B'))]);
        assert_eq!(region_letters(&m), ['L', 'B']);
    }
}
