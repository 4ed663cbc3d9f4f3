//! No input makes the checker panic: the broken corpus, and every prefix of
//! every shipped map (cut at each byte, so also inside UTF-8 sequences).

mod common;
use common::toml_files;

use rollx::rolling::map::check_bytes;
use rollx::source::DiskFiles;

#[test]
fn the_broken_corpus_never_panics() {
    for path in toml_files("tests/fixtures/bad") {
        let bytes = std::fs::read(&path).unwrap();
        let checked = check_bytes(&DiskFiles, &path, bytes);
        assert!(!checked.diagnostics.is_empty(), "{}", path.display());
    }
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
/// checks the prefix: a diagnostic, never a panic.
fn truncations_are_checked_without_panic(cut: impl Fn(&str, usize) -> bool) {
    let mut maps = toml_files("maps");
    maps.extend(toml_files("maps/examples"));
    // The Encore and Diceland boards' truncations are read in
    // tests/encore_board.rs and tests/diceland_rules.rs.
    maps.retain(|p| {
        let text = std::fs::read_to_string(p).unwrap();
        !text.contains("family = \"encore\"") && !text.contains("family = \"diceland\"")
    });
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
