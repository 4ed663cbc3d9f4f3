//! No input makes the checker panic: the broken corpus, and every prefix of
//! every shipped map (cut at each byte, so also inside UTF-8 sequences);
//! and, for every registered family, prefixes of each of its shipped files
//! through the family's whole check.

mod common;
use common::{root, toml_files};

use std::path::PathBuf;

use rollx::families::{self, Family};
use rollx::rolling::check_bytes;
use rollx::source::DiskFiles;

#[test]
fn the_broken_corpus_never_panics() {
    for path in toml_files("tests/fixtures/bad") {
        let bytes = std::fs::read(&path).unwrap();
        let checked = check_bytes(&DiskFiles, &path, bytes);
        assert!(!checked.diagnostics.is_empty(), "{}", path.display());
    }
}

/// Every shipped file (`maps/`, `maps/examples/`) with its family, as the
/// registry reads it from the file's text.
fn shipped() -> Vec<(Family, PathBuf)> {
    let mut files = toml_files("maps");
    files.extend(toml_files("maps/examples"));
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let family = families::family_of_text(&DiskFiles, &path, &text)
                .unwrap_or_else(|| panic!("{} is of a registered family", path.display()));
            (family, path)
        })
        .collect()
}

#[test]
fn truncations_of_every_shipped_map_are_checked_without_panic() {
    // Every 16th byte, and every cut inside a UTF-8 sequence (should a map
    // hold one; the shipped Rolling maps are ASCII today).
    truncations_are_checked_without_panic(|text, end| end % 16 == 0 || !text.is_char_boundary(end));
}

#[test]
#[ignore = "every byte of every map: a minute in a debug build; run by .ci/run"]
fn every_truncation_of_every_shipped_map_is_checked_without_panic() {
    truncations_are_checked_without_panic(|_, _| true);
}

/// Cuts every shipped Rolling map at each byte `cut(text, end)` selects and
/// checks the prefix: a diagnostic, never a panic. The Encore and Diceland
/// boards' readers are run on every truncation in tests/encore_board.rs and
/// tests/diceland_rules.rs; every family's whole check below.
fn truncations_are_checked_without_panic(cut: impl Fn(&str, usize) -> bool) {
    let maps: Vec<PathBuf> = shipped()
        .into_iter()
        .filter(|(family, _)| *family == rollx::rolling::FAMILY)
        .map(|(_, path)| path)
        .collect();
    assert!(maps.len() >= 4);
    for path in maps {
        let bytes = std::fs::read(&path).unwrap();
        let text = String::from_utf8(bytes.clone()).unwrap();
        let full = check_bytes(&DiskFiles, &path, bytes.clone());
        assert!(full.map.is_some(), "{} is valid", path.display());
        for end in (0..bytes.len()).filter(|&end| cut(&text, end)) {
            // A panic here fails the test and names no prefix, so say which.
            let result =
                std::panic::catch_unwind(|| check_bytes(&DiskFiles, &path, bytes[..end].to_vec()));
            assert!(
                result.is_ok(),
                "{} cut at byte {end} panics",
                path.display()
            );
        }
    }
}

/// Bytes between two cuts of a file in the test below: the whole check
/// (solvability, the print limits of every shipped template) of every
/// prefix that is valid takes up to seconds in a debug build, so not every
/// byte is cut; each file is cut at another offset.
const STRIDE: usize = 29;

#[test]
fn truncations_of_every_shipped_file_of_every_family_are_checked_without_panic() {
    let shipped = shipped();
    for family in Family::ALL {
        let files: Vec<&PathBuf> = shipped
            .iter()
            .filter(|(f, _)| f == family)
            .map(|(_, p)| p)
            .collect();
        assert!(!files.is_empty(), "{family:?} ships a file");
        for (i, path) in files.into_iter().enumerate() {
            let name = path.strip_prefix(root()).unwrap_or(path).display();
            let bytes = std::fs::read(path).unwrap();
            let mut cuts: Vec<usize> = (i % STRIDE..bytes.len()).step_by(STRIDE).collect();
            cuts.push(0);
            for end in cuts {
                let checked = std::panic::catch_unwind(|| {
                    families::check_bytes(&DiskFiles, path, bytes[..end].to_vec())
                })
                .unwrap_or_else(|_| panic!("{name} cut at byte {end} panics"));
                assert!(
                    checked.model.is_some() || checked.errors() > 0,
                    "{name} cut at byte {end}: no model and no error"
                );
                if let Some(model) = &checked.model {
                    assert_eq!(model.family(), *family, "{name} cut at byte {end}");
                }
            }
        }
    }
}
