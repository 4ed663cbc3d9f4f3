//! Black-and-white sheets: regions told apart by hatching and by a letter
//! in every writing box (both shared with the other families, in
//! [`crate::print::mono`]).

use crate::print::mono::mono_letters;
use crate::rolling::map::Map;

pub(super) use crate::print::mono::hatch;

/// One letter per region, different for every region of the map: the
/// region's `mono_letter` when the map gives one; otherwise the first
/// letter of its name that no other region has (Black and Blue become `B`
/// and `L`), then of its id, then the first free letter or digit.
pub fn region_letters(map: &Map) -> Vec<char> {
    mono_letters(
        map.regions
            .iter()
            .map(|r| (r.mono_letter, r.name.as_str(), r.id.as_str())),
    )
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
