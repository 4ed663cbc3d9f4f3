//! Encore boards as the board reader and `rollx check` see them: generated
//! boards load back clean; the same seed gives the same file; the shipped
//! black board is the reference sheet; variants load or fail where they
//! should; the shared diagnostic codes have their Encore causes; `check
//! --format json` carries the fewest turns.

mod common;
mod encore_black;

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

use rollx::diag::render::JsonDiagnostic;
use rollx::encore::Conventions;
use rollx::encore::{self, Board, ColorId, Points};
use rollx::encore::{GenerateOptions as Options, generate, standard_grid};
use rollx::families::{self, GenerateOptions};
use rollx::source::{DiskFiles, Files};
use serde_json::Value;

use common::{root, run};

/// Files in memory, by path, over the project's files on disk: a variant
/// written here extends the shipped boards.
struct Overlay(HashMap<PathBuf, Vec<u8>>);

impl Files for Overlay {
    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        match self.0.get(path) {
            Some(bytes) => Ok(bytes.clone()),
            None => DiskFiles.read(&root().join(path)),
        }
    }
}

/// Everything `rollx check` reports about a board file written at `path`
/// (relative to the project's root), the files it extends read from disk.
fn check_text(path: &str, text: &str) -> encore::Checked {
    check_with(path, text, &[])
}

/// As [`check_text`], with more files written in memory (`(path, text)`).
fn check_with(path: &str, text: &str, more: &[(&str, &str)]) -> encore::Checked {
    let mut files: HashMap<PathBuf, Vec<u8>> = more
        .iter()
        .map(|(p, t)| (PathBuf::from(p), t.as_bytes().to_vec()))
        .collect();
    files.insert(PathBuf::from(path), text.as_bytes().to_vec());
    encore::check_bytes(&Overlay(files), Path::new(path), text.as_bytes().to_vec())
}

/// The board a file loads to; panics with the findings when it has errors.
fn board_of(path: &str, text: &str) -> (Board, Vec<JsonDiagnostic>) {
    let c = check_text(path, text);
    match c.board {
        Some(b) => (b, c.report.warnings),
        None => panic!("{path} does not load:\n{:#?}", c.report.errors),
    }
}

/// The errors of a file that must not load.
fn errors_of(path: &str, text: &str) -> Vec<JsonDiagnostic> {
    let c = check_text(path, text);
    assert!(c.board.is_none(), "{path} loads, but should not");
    c.report.errors
}

/// The one finding with `code`, located in `file` at `line`, with a help.
fn located<'d>(
    found: &'d [JsonDiagnostic],
    code: &str,
    file: &str,
    line: u32,
) -> &'d JsonDiagnostic {
    let mine: Vec<&JsonDiagnostic> = found.iter().filter(|d| d.code == code).collect();
    assert_eq!(mine.len(), 1, "one {code} in {found:#?}");
    let d = mine[0];
    assert_eq!(d.file.as_deref(), Some(file), "{d:#?}");
    assert_eq!(d.line, Some(line), "{d:#?}");
    assert!(d.column.is_some_and(|c| c >= 1), "{d:#?}");
    assert!(d.help.as_ref().is_some_and(|h| !h.is_empty()), "{d:#?}");
    d
}

// ---------------------------------------------------------------------
// (1) Generated boards check clean and load back to the same board.

/// Generates boards of a size from the `seeds` and reads
/// each file back with the board reader (structure and conventions); every
/// `full_every`-th also goes through the whole of `rollx check`
/// (solvability and the print checks, much slower).
fn generated_boards_load_back(
    columns: usize,
    rows: usize,
    seeds: std::ops::Range<u64>,
    full_every: Option<u64>,
) {
    for seed in seeds {
        let options = Options {
            seed,
            columns,
            rows,
        };
        let g = generate(&options).unwrap_or_else(|e| panic!("{options:?}: {e}"));
        let path = Path::new("generated.toml");
        let read = encore::read_bytes(&DiskFiles, path, g.toml.clone().into_bytes());
        assert!(
            read.diagnostics.is_empty(),
            "{options:?}:\n{}\n{:#?}",
            g.toml,
            read.report
        );
        assert_eq!(read.board.as_ref(), Some(&g.board), "{options:?}");
        assert_eq!((g.board.columns, g.board.rows), (columns, rows));
        if full_every.is_some_and(|n| seed % n == 0) {
            let checked = families::check_bytes(&DiskFiles, path, g.toml.into_bytes());
            assert_eq!(checked.family, rollx::encore::FAMILY);
            assert_eq!(
                checked.diagnostics.len(),
                0,
                "{options:?}: {:#}",
                checked.report
            );
            match checked.model {
                Some(m) => assert_eq!(
                    m.get::<rollx::encore::Board>(),
                    Some(&g.board),
                    "{options:?}"
                ),
                other => panic!("{options:?}: {other:?}"),
            }
        }
    }
}

// Generating a board takes about 4 ms in a debug build at 15 x 7, reading
// it back 0.3 ms, and the whole of `check` (solvability and the print
// checks) 60 ms at 15 x 7 and over a second at 20 x 9: so every board goes
// through the reader and a sample through the whole check. The shipped
// generated boards (maps/encore-seed-*.toml) go through `rollx check` in
// tests/check.rs. 2250 boards in all, in about 4 s.

// Two tests, so that they run side by side.
#[test]
fn standard_boards_check_clean() {
    // Held to the standard sheet's conventions, not to looser ones.
    let g = generate(&standard_grid(0)).unwrap();
    assert_eq!(g.conventions, Conventions::standard());
    generated_boards_load_back(15, 7, 0..300, Some(100));
}

#[test]
fn more_standard_boards_check_clean() {
    generated_boards_load_back(15, 7, 300..600, Some(100));
}

#[test]
fn small_boards_check_clean() {
    generated_boards_load_back(5, 5, 0..1000, Some(200));
    generated_boards_load_back(10, 6, 0..500, Some(100));
}

#[test]
fn large_boards_check_clean() {
    // The full check of boards this large takes seconds in a debug build.
    generated_boards_load_back(20, 9, 0..100, None);
    generated_boards_load_back(25, 11, 0..50, None);
}

// ---------------------------------------------------------------------
// (2) The same seed gives the same file.

#[test]
fn the_same_seed_gives_the_same_file() {
    for (seed, columns, rows) in [(7, 15, 7), (11, 20, 8), (123_456_789, 10, 5)] {
        let options = Options {
            seed,
            columns,
            rows,
        };
        let a = generate(&options).unwrap();
        let b = generate(&options).unwrap();
        assert_eq!(a.toml, b.toml, "{options:?}");
        assert_eq!(a.tries, b.tries);
        // The registry's generator (what `rollx generate encore` runs) is
        // the same one.
        let via = rollx::encore::FAMILY
            .generate(&GenerateOptions {
                seed,
                columns: Some(columns),
                rows: Some(rows),
            })
            .unwrap();
        assert_eq!(via.text, a.toml);
        // Another seed, another board.
        let other = generate(&Options {
            seed: seed + 1,
            ..options
        })
        .unwrap();
        assert_ne!(other.board.cells, a.board.cells, "{options:?}");
    }
    // The board shipped as maps/encore-seed-7.toml is the generator's seed 7.
    let shipped = std::fs::read_to_string(root().join("maps/encore-seed-7.toml")).unwrap();
    assert_eq!(
        generate(&Options {
            seed: 7,
            ..standard_grid(0)
        })
        .unwrap()
        .toml,
        shipped
    );
}

// ---------------------------------------------------------------------
// (3) The black board is the reference sheet.

#[test]
fn the_black_board_is_the_reference_sheet() {
    use encore_black::*;
    let board = black();
    assert_eq!((board.columns, board.rows), (15, 7));
    assert_eq!(board.info.id, "encore-black");
    // The colours, by the letters the reference uses.
    assert_eq!(board.colors.len(), COLORS.len());
    let color_of = |letter: char| -> ColorId {
        let id = COLORS.iter().find(|c| c.0 == letter).unwrap().1;
        let i = board.colors.iter().position(|c| c.id == id).unwrap();
        assert_eq!(board.colors[i].letter, letter, "{id}");
        ColorId(i as u8)
    };
    // Every box: its colour and its star.
    for (r, row) in ROWS.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let cell = board.cell(c, r);
            let at = format!("{}{}", Board::column_name(c), r + 1);
            assert_eq!(cell.color, color_of(ch.to_ascii_lowercase()), "{at}");
            assert_eq!(cell.star, ch.is_ascii_uppercase(), "{at}");
        }
    }
    assert_eq!(board.start_column, START_COLUMN);
    assert_eq!(Board::column_name(board.start_column), "H");
    let points: Vec<Points> = FIRST
        .iter()
        .zip(LATER)
        .map(|(&first, later)| Points { first, later })
        .collect();
    assert_eq!(board.column_points, points);
    assert_eq!(board.color_bonus, vec![COLOR_BONUS; 5]);
    assert_eq!(board.jokers, JOKERS);
    assert_eq!(board.star_penalty, STAR_PENALTY);
    assert_eq!(board.solo_rolls, SOLO_ROLLS);
    let (color_dice, number_dice, numbers) = DICE;
    assert_eq!(board.dice.color_dice, color_dice);
    assert_eq!(board.dice.number_dice, number_dice);
    assert_eq!(board.dice.numbers, numbers);
    assert!(board.dice.jokers);
    assert_eq!(board.dice.max_cross, 5, "a joker is never 6");
    // The conventions the reference lists: 21 boxes a colour in blocks of 1
    // to 6, every colour in every column, one star a column, three a
    // colour.
    let blocks = board.blocks();
    for c in 0..5u8 {
        let mut sizes: Vec<usize> = blocks
            .iter()
            .filter(|b| board.cells[b[0]].color == ColorId(c))
            .map(Vec::len)
            .collect();
        sizes.sort_unstable();
        assert_eq!(sizes, [1, 2, 3, 4, 5, 6], "{}", board.colors[c as usize].id);
        let stars = board.boxes_of(ColorId(c)).filter(|&i| board.cells[i].star);
        assert_eq!(stars.count(), 3);
    }
    for c in 0..15 {
        let column: Vec<_> = (0..7).map(|r| board.cell(c, r)).collect();
        assert_eq!(column.iter().filter(|x| x.star).count(), 1);
        for k in 0..5u8 {
            assert!(column.iter().any(|x| x.color == ColorId(k)));
        }
    }
}

// ---------------------------------------------------------------------
// (4) Variants of a board.

/// The black board's grid with `from` letters replaced by `to`, as TOML
/// rows.
fn black_rows(edit: impl Fn(&str) -> String) -> String {
    let rows: Vec<String> = encore_black::ROWS
        .iter()
        .map(|r| format!("    \"{}\",\n", edit(r)))
        .collect();
    format!("rows = [\n{}]\n", rows.concat())
}

const VARIANT: &str = "maps/variant.toml";

#[test]
fn a_variant_changes_a_colours_letter_with_its_grid() {
    let text = format!(
        "extends = \"encore-black.toml\"\n\n[board]\nid = \"purple-letter\"\nname = \"P\"\n\n\
         [[colors]]\nid = \"red\"\nletter = \"p\"\n\n[grid]\n{}",
        black_rows(|r| r.replace('r', "p").replace('R', "P"))
    );
    let (board, warnings) = board_of(VARIANT, &text);
    assert!(warnings.is_empty(), "{warnings:#?}");
    let black = encore_black::black();
    let red = board.colors.iter().find(|c| c.id == "red").unwrap();
    assert_eq!(red.letter, 'p');
    assert_eq!(red.color, black.colors[3].color, "the rest of red is kept");
    assert_eq!(board.cells, black.cells);
    assert_eq!(board.info.id, "purple-letter");

    // Without the grid, the base's `r` boxes are no colour's: the error
    // points at the base's grid, and says which letters there are.
    let text = "extends = \"encore-black.toml\"\n\n[[colors]]\nid = \"red\"\nletter = \"p\"\n";
    let errors = errors_of(VARIANT, text);
    let d = located(
        &errors,
        "board-unknown-letter",
        "maps/encore-black.toml",
        54,
    );
    assert!(
        d.message
            .starts_with("`r` is not the letter of a colour (21 boxes)"),
        "{d:#?}"
    );
    assert!(d.help.as_ref().unwrap().contains("p red"), "{d:#?}");
}

/// The black board with a sixth colour, purple, in an eighth row.
fn six_colours() -> String {
    format!(
        "extends = \"encore-black.toml\"\n\n[board]\nid = \"six\"\nname = \"Six\"\n\n\
         [[colors]]\nid = \"purple\"\nletter = \"p\"\ncolor = \"#8e44ad\"\n\n[grid]\n{}",
        black_rows(|r| r.to_string()).replace(
            "    \"yybbbbryyyggGoo\",\n",
            "    \"yybbbbryyyggGoo\",\n    \"pppPpppyppppPpp\",\n"
        )
    )
}

#[test]
fn a_variant_adds_a_sixth_colour() {
    let (board, warnings) = board_of(VARIANT, &six_colours());
    assert_eq!(board.colors.len(), 6);
    assert_eq!(board.colors[5].id, "purple");
    assert_eq!(board.colors[5].name, "Purple", "named after its id");
    assert_eq!(board.rows, 8);
    assert_eq!(board.color_bonus.len(), 6, "the bonus extends to it");
    // Legal, but against the five-colour conventions: warnings, located in
    // the variant.
    let codes: Vec<&str> = warnings.iter().map(|w| w.code).collect();
    for code in [
        "board-color-boxes",
        "board-block-sizes",
        "board-column-colors",
        "board-column-stars",
    ] {
        assert!(codes.contains(&code), "{code}: {codes:?}");
    }
    let purple = warnings
        .iter()
        .find(|w| w.code == "board-color-boxes" && w.message.starts_with("purple"))
        .unwrap();
    // Held to the conventions of its size, 15 x 8 (120 boxes / 5 colours).
    assert_eq!(
        purple.message,
        "purple has 14 boxes; the convention for a 15 x 8 board is 24"
    );
    assert_eq!(purple.file.as_deref(), Some(VARIANT));
    assert_eq!(purple.line, Some(8), "at purple's id");
}

#[test]
fn a_variant_removes_a_colour() {
    // A variant of the six-colour variant removes purple, and its row:
    // back to the black board (three files in the chain).
    let text = format!(
        "extends = \"six.toml\"\n\n[[colors]]\nid = \"purple\"\nremove = true\n\n[grid]\n{}",
        black_rows(|r| r.to_string())
    );
    let six = six_colours();
    let c = check_with(VARIANT, &text, &[("maps/six.toml", &six)]);
    assert!(c.diagnostics.is_empty(), "{:#?}", c.report);
    let board = c.board.unwrap();
    let black = encore_black::black();
    assert_eq!(board.colors, black.colors);
    assert_eq!(board.cells, black.cells);
    assert_eq!(board.info.id, "six", "the rest of the variant is kept");

    // Orange removed, but the base's grid still has its boxes.
    let text = "extends = \"encore-black.toml\"\n\n[[colors]]\nid = \"orange\"\nremove = true\n";
    let errors = errors_of(VARIANT, text);
    let d = located(
        &errors,
        "board-unknown-letter",
        "maps/encore-black.toml",
        53,
    );
    assert!(
        d.help
            .as_ref()
            .unwrap()
            .ends_with("g green, y yellow, b blue, r red"),
        "{d:#?}"
    );

    // A colour the base does not have cannot be removed.
    let text = "extends = \"encore-black.toml\"\n\n[[colors]]\nid = \"purple\"\nremove = true\n";
    let errors = errors_of(VARIANT, text);
    let d = located(&errors, "invalid-value", VARIANT, 5);
    assert_eq!(
        d.message,
        "cannot remove colour `purple`: the base board has none"
    );
}

#[test]
fn a_variant_overrides_points() {
    let text = "extends = \"encore-black.toml\"\n\n[points]\n\
                columns_first = [9, 3, 3, 3, 2, 2, 2, 1, 2, 2, 2, 3, 3, 3, 9]\n\
                colors_first = [5, 5, 6, 5, 5]\nstar_penalty = 3\n\n[dice]\njoker_boxes = 6\n";
    let (board, warnings) = board_of(VARIANT, text);
    assert!(warnings.is_empty(), "{warnings:#?}");
    let black = encore_black::black();
    assert_eq!(board.column_points[0], Points { first: 9, later: 3 });
    assert_eq!(board.column_points[1..14], black.column_points[1..14]);
    assert_eq!(board.color_bonus[2], Points { first: 6, later: 3 });
    assert_eq!(board.color_bonus[0], Points { first: 5, later: 3 });
    assert_eq!((board.star_penalty, board.jokers), (3, 6));
    assert_eq!(board.cells, black.cells);

    // A list of the wrong length: located at the list, in the variant.
    let text = "extends = \"encore-black.toml\"\n\n[points]\ncolumns_later = [3, 2, 2]\n\
                colors_later = [3, 3]\n";
    let errors = errors_of(VARIANT, text);
    let lengths: Vec<&JsonDiagnostic> = errors
        .iter()
        .filter(|d| d.code == "board-points-length")
        .collect();
    assert_eq!(lengths.len(), 2, "{errors:#?}");
    assert_eq!(
        lengths[0].message,
        "`columns_later` has 3 values, but the board has 15 columns"
    );
    assert_eq!(lengths[0].line, Some(4));
    assert_eq!(
        lengths[1].message,
        "`colors_later` has 2 values, but the board has 5 colours"
    );
    assert_eq!(lengths[1].line, Some(5));
}

#[test]
fn a_six_row_variant_loads_with_the_conventions_it_breaks() {
    let rows: Vec<String> = encore_black::ROWS[..6]
        .iter()
        .map(|r| format!("\"{r}\""))
        .collect();
    let text = format!(
        "extends = \"encore-black.toml\"\n\n[grid]\nrows = [{}]\n",
        rows.join(", ")
    );
    let (board, warnings) = board_of(VARIANT, &text);
    assert_eq!((board.columns, board.rows), (15, 6));
    assert_eq!(board.cells[..], encore_black::black().cells[..90]);
    // Held to the conventions of a 15 x 6 board, 90 / 5 = 18 boxes per
    // colour: every colour with another count is said, at the grid (the
    // colours are declared in the base), naming the size.
    let boxes: Vec<&JsonDiagnostic> = warnings
        .iter()
        .filter(|w| w.code == "board-color-boxes")
        .collect();
    let off = board
        .colors
        .iter()
        .enumerate()
        .filter(|(c, _)| board.cells.iter().filter(|b| b.color.index() == *c).count() != 18)
        .count();
    assert!(off > 0);
    assert_eq!(boxes.len(), off, "{warnings:#?}");
    for w in &boxes {
        assert!(
            w.message
                .ends_with("the convention for a 15 x 6 board is 18"),
            "{w:#?}"
        );
    }
    assert!(
        warnings
            .iter()
            .all(|w| w.severity == rollx::diag::Severity::Warning)
    );

    // Declaring the board's own conventions silences what it breaks on
    // purpose, and holds it to those.
    let text = format!(
        "{text}\n[conventions]\nboxes_per_color = 18\nstars_per_column = 1\n\
         every_color_in_every_column = false\nblock_sizes = [1, 2, 3, 4, 5, 6]\n"
    );
    let (_, warnings) = board_of(VARIANT, &text);
    assert!(
        warnings.iter().all(|w| w.code != "board-column-colors"),
        "{warnings:#?}"
    );
    let boxes = warnings.iter().filter(|w| w.code == "board-color-boxes");
    assert!(boxes.clone().count() > 0);
    for w in boxes {
        assert!(
            w.message.ends_with("the board's convention is 18"),
            "{w:#?}"
        );
        // The help points at the declared convention rather than asking
        // for one.
        assert!(
            w.help
                .as_ref()
                .unwrap()
                .contains("or change `boxes_per_color`"),
            "{w:#?}"
        );
        assert!(
            w.labels
                .iter()
                .any(|l| l.text == "the convention" && l.line == 7),
            "{w:#?}"
        );
    }
}

// ---------------------------------------------------------------------
// The codes every file shares, with their Encore causes.

/// A small valid board (2 colours, 4 x 2) with `[section]` text added or
/// replaced: `edit(text)` returns the file.
const TINY: &str = r#"[game]
family = "encore"

[board]
id = "tiny"
name = "Tiny"

[[colors]]
id = "green"
letter = "g"

[[colors]]
id = "blue"
letter = "b"

[grid]
rows = ["GbgB", "bGBg"]

[points]
columns_first = [3, 2, 2, 3]
columns_later = [2, 1, 1, 2]

[conventions]
boxes_per_color = 4
block_sizes = [1, 1, 1, 1]
stars_per_color = 2
"#;

const FILE: &str = "boards/tiny.toml";

#[test]
fn the_small_board_is_clean() {
    let c = check_text(FILE, TINY);
    assert!(c.diagnostics.is_empty(), "{:#?}", c.report);
    assert!(c.board.is_some());
}

#[test]
fn missing_fields_of_a_board() {
    // [board] without an id; a new colour without a letter or a colour.
    let text = TINY
        .replace("id = \"tiny\"\n", "")
        .replace("[grid]", "[[colors]]\nid = \"purple\"\n\n[grid]");
    let errors = errors_of(FILE, &text);
    let mut missing: Vec<&str> = errors
        .iter()
        .filter(|d| d.code == "missing-field")
        .map(|d| d.message.as_str())
        .collect();
    missing.sort_unstable();
    assert_eq!(
        missing,
        [
            "[board] has no `id`",
            "colour `purple` has no `color`",
            "colour `purple` has no `letter`"
        ]
    );
    // The grid without rows.
    let errors = errors_of(FILE, &TINY.replace("rows = [\"GbgB\", \"bGBg\"]\n", ""));
    let d = located(&errors, "missing-field", FILE, 16);
    assert_eq!(d.message, "[grid] has no `rows`");
    // Column points are required on a grid of other than 15 columns.
    let text = TINY.replace("columns_first = [3, 2, 2, 3]\n", "");
    let errors = errors_of(FILE, &text);
    let d = located(&errors, "missing-field", FILE, 19);
    assert!(
        d.message
            .starts_with("[points] has no `columns_first`, and only boards of 15"),
        "{d:#?}"
    );
}

#[test]
fn invalid_values_of_a_board() {
    let cases: [(&str, &str, &str, u32); 9] = [
        (
            "[points]",
            "[points]\nstar_penalty = 100",
            "`star_penalty` must be from 0 to 99, not 100",
            20,
        ),
        (
            "[points]",
            "[dice]\nnumbers = [1, 3, 2]\n\n[points]",
            "the numbers of a number die must be different and ascending",
            20,
        ),
        (
            "[points]",
            "[dice]\nnumbers = []\n\n[points]",
            "a number die needs at least one number",
            20,
        ),
        (
            "[points]",
            "[dice]\nmax_cross = 4\n\n[points]",
            "`max_cross` is 4, but a number die shows 5",
            20,
        ),
        (
            "letter = \"b\"",
            "letter = \"b\"\ncolor = \"blue\"",
            "`blue` is not a colour",
            15,
        ),
        (
            "[grid]",
            "[[colors]]\nid = \"red\"\nremove = true\n\n[grid]",
            "`remove = true` only makes sense in a variant, but this file extends no board",
            18,
        ),
        (
            "rows = [\"GbgB\", \"bGBg\"]",
            "rows = []",
            "the grid has no rows",
            17,
        ),
        (
            "letter = \"b\"",
            "letter = \"bl\"",
            "a colour's letter must be one letter, not `bl`",
            14,
        ),
        (
            "letter = \"b\"",
            "letter = \"b\"\nmono_letter = \"?\"",
            "`mono_letter` must be one letter, not `?`",
            15,
        ),
    ];
    for (from, to, message, line) in cases {
        let errors = errors_of(FILE, &TINY.replace(from, to));
        let d = located(&errors, "invalid-value", FILE, line);
        assert_eq!(d.message, message);
    }
}

#[test]
fn wrong_types_and_unknown_keys_of_a_board() {
    // A type error is reported once, not again as missing.
    let errors = errors_of(
        FILE,
        &TINY.replace("rows = [\"GbgB\", \"bGBg\"]", "rows = \"GbgB\""),
    );
    assert_eq!(errors.len(), 1, "{errors:#?}");
    located(&errors, "wrong-type", FILE, 17);
    let errors = errors_of(
        FILE,
        &TINY.replace("[points]", "[points]\ncolors_first = \"5\""),
    );
    let d = located(&errors, "wrong-type", FILE, 20);
    assert!(
        d.message
            .contains("must be an integer or an array of integers"),
        "{d:#?}"
    );
    // A misspelt key: the help names the key meant.
    let errors = errors_of(FILE, &TINY.replace("[grid]", "[grid]\nstart_col = \"B\""));
    let d = located(&errors, "unknown-key", FILE, 17);
    assert!(d.help.as_ref().unwrap().contains("start_column"), "{d:#?}");
}

#[test]
fn duplicate_and_invalid_ids_of_a_board() {
    // A colour declared twice in one file.
    let text = TINY.replace(
        "[grid]",
        "[[colors]]\nid = \"blue\"\nletter = \"c\"\n\n[grid]",
    );
    let errors = errors_of(FILE, &text);
    let d = located(&errors, "duplicate-id", FILE, 17);
    assert_eq!(d.message, "colour `blue` is declared twice");
    assert_eq!(d.labels[1].line, 13, "and where it was first");
    // Listed twice in one variant.
    let text = "extends = \"encore-black.toml\"\n\n[[colors]]\nid = \"red\"\nletter = \"p\"\n\n\
                [[colors]]\nid = \"red\"\nname = \"Pink\"\n";
    let errors = errors_of(VARIANT, text);
    let d = located(&errors, "duplicate-id", VARIANT, 8);
    assert_eq!(d.message, "colour `red` is listed twice in this variant");
    // An id with a space.
    let errors = errors_of(FILE, &TINY.replace("id = \"tiny\"", "id = \"my board\""));
    located(&errors, "invalid-id", FILE, 5);
}

// ---------------------------------------------------------------------
// Bugs found by these tests.

#[test]
fn a_duplicate_letter_is_not_also_reported_as_an_empty_colour() {
    // Purple takes blue's letter: the grid's `b` boxes are blue's, and
    // purple has none, which the duplicate letter explains.
    let text = TINY.replace(
        "[grid]",
        "[[colors]]\nid = \"purple\"\nletter = \"B\"\ncolor = \"#8e44ad\"\n\n[grid]",
    );
    let errors = errors_of(FILE, &text);
    let codes: Vec<&str> = errors.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["board-duplicate-letter"], "{errors:#?}");
}

#[test]
fn an_empty_colour_points_at_the_colour() {
    let text = TINY.replace("[grid]", "[[colors]]\nid = \"red\"\n\n[grid]");
    let errors = errors_of(FILE, &text);
    let d = located(&errors, "board-empty-color", FILE, 17);
    assert_eq!(d.labels[0].text, "this colour");
    assert_eq!(d.labels[1].text, "has no box of it");
}

#[test]
fn limits_and_ranges_say_how_to_fix_them() {
    // Too many colours.
    let mut extra = String::new();
    for (i, letter) in ('c'..='p').filter(|l| *l != 'g').take(11).enumerate() {
        extra.push_str(&format!(
            "[[colors]]\nid = \"c{i}\"\nletter = \"{letter}\"\ncolor = \"#101010\"\n\n"
        ));
    }
    let errors = errors_of(FILE, &TINY.replace("[grid]", &format!("{extra}[grid]")));
    let d = errors
        .iter()
        .find(|d| d.code == "board-limit")
        .expect("board-limit");
    assert_eq!(d.message, "a board may have at most 12 colours");
    assert!(d.help.is_some());
    // Too wide a grid.
    let wide = "Gb".repeat(14);
    let errors = errors_of(
        FILE,
        &TINY.replace(
            "rows = [\"GbgB\", \"bGBg\"]",
            &format!("rows = [\"{wide}\"]"),
        ),
    );
    let d = located(&errors, "board-limit", FILE, 17);
    assert!(
        d.message.starts_with("the grid has 28 columns and 1 rows"),
        "{d:#?}"
    );
    // A number out of range.
    let errors = errors_of(
        FILE,
        &TINY.replace("[points]", "[solo]\nrolls = 0\n\n[points]"),
    );
    let d = located(&errors, "invalid-value", FILE, 20);
    assert_eq!(d.help.as_deref(), Some("write a whole number from 1 to 99"));
}

#[test]
fn a_block_beyond_the_solvers_limit_is_an_error_with_a_help() {
    // 14 green boxes in one block, and 14 blue (the solver counts up to 12
    // exactly).
    let text = TINY
        .replace(
            "rows = [\"GbgB\", \"bGBg\"]",
            "rows = [\"GgggggggggggggB\", \"bbbbbbbbbbbbbbg\"]",
        )
        .replace(
            "columns_first = [3, 2, 2, 3]",
            "columns_first = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]",
        )
        .replace(
            "columns_later = [2, 1, 1, 2]",
            "columns_later = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]",
        );
    let errors = errors_of(FILE, &text);
    let codes: Vec<&str> = errors.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["board-limit", "board-limit"], "{errors:#?}");
    assert!(
        errors[0]
            .message
            .starts_with("a block of 14 green boxes; rollx counts turns exactly")
    );
    assert!(errors[1].message.starts_with("a block of 14 blue boxes"));
    for d in &errors {
        assert_eq!(d.line, Some(17), "{d:#?}");
        assert!(d.help.is_some());
    }
}

#[test]
fn a_board_of_one_colour_can_never_end() {
    let text = TINY
        .replace("[[colors]]\nid = \"blue\"\nletter = \"b\"\n\n", "")
        .replace("rows = [\"GbgB\", \"bGBg\"]", "rows = [\"GGgg\", \"ggGG\"]");
    let errors = errors_of(FILE, &text);
    let d = located(&errors, "board-unsolvable", FILE, 13);
    assert_eq!(
        d.message,
        "the game can never end: the board has one colour, and the game ends when a player \
         completes two"
    );
}

#[test]
fn the_reader_alone_skips_the_slow_checks() {
    // The reader finds what check finds, except solvability and printing.
    let unsolvable =
        std::fs::read(root().join("tests/fixtures/encore/board-unsolvable.toml")).unwrap();
    let path = Path::new("tests/fixtures/encore/board-unsolvable.toml");
    let read = encore::read_bytes(&DiskFiles, path, unsolvable.clone());
    assert!(read.diagnostics.is_empty(), "{:#?}", read.report);
    assert!(read.solvability.is_none());
    let checked = encore::check_bytes(&DiskFiles, path, unsolvable);
    assert!(
        checked
            .diagnostics
            .iter()
            .all(|d| d.code == "board-unsolvable")
    );
    assert!(checked.board.is_none());
    // Structure and conventions are the reader's.
    for (code, fixture) in [
        ("board-ragged", "board-ragged"),
        ("board-column-stars", "board-column-stars"),
    ] {
        let path = root().join(format!("tests/fixtures/encore/{fixture}.toml"));
        let read = encore::read_bytes(&DiskFiles, &path, std::fs::read(&path).unwrap());
        assert!(read.diagnostics.iter().any(|d| d.code == code), "{code}");
    }
}

// ---------------------------------------------------------------------
// (5) `check --format json` of the black board.

#[test]
fn check_json_of_the_black_board_carries_its_fewest_turns() {
    let (code, json, _) = run(&["check", "--format", "json", "maps/encore-black.toml"]);
    assert_eq!(code, 0);
    let report: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(report["family"], "encore");
    assert_eq!(report["board"], "encore-black");
    assert_eq!(report["valid"], true);
    let (_, text, _) = run(&["check", "maps/encore-black.toml"]);

    // Column H, the start column, holds five blocks of five colours (G,
    // rr, b, o, yy): five turns, one per colour, and no fewer.
    let columns = report["column_points"].as_array().unwrap();
    assert_eq!(columns.len(), 15);
    assert_eq!(columns[7]["column"], "H");
    assert_eq!(columns[7]["fewest_turns"]["turns"], 5);
    // Every count is exact; each column takes at least as many turns as it
    // has colours (a turn crosses one), each colour at least 7 (blocks of 1
    // to 6 boxes, 5 at most a turn).
    let turns = |v: &Value| -> u64 {
        assert_eq!(v["exact"], true, "{v}");
        v["turns"].as_u64().unwrap()
    };
    let column_turns: Vec<u64> = columns.iter().map(|c| turns(&c["fewest_turns"])).collect();
    assert!(column_turns.iter().all(|&t| t >= 5), "{column_turns:?}");
    let colors = report["colors"].as_array().unwrap();
    let color_turns: Vec<u64> = colors.iter().map(|c| turns(&c["fewest_turns"])).collect();
    assert!(color_turns.iter().all(|&t| t >= 7), "{color_turns:?}");
    // The game ends with two colours: at least the larger of theirs.
    let end = &report["game_end"];
    let pair: Vec<&str> = end["colors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(pair.len(), 2);
    let of = |id: &str| color_turns[colors.iter().position(|c| c["id"] == id).unwrap()];
    let game_end = turns(end);
    assert!(game_end >= of(pair[0]).max(of(pair[1])), "{end}");

    // The text summary says the same.
    let row = |label: &str| -> String {
        text.lines()
            .find(|l| l.trim_start().starts_with(label))
            .unwrap_or_else(|| panic!("{label} in {text}"))
            .to_string()
    };
    let shown: Vec<u64> = row("fewest turns")
        .split_whitespace()
        .skip(2)
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(shown, column_turns);
    for (c, t) in colors.iter().zip(&color_turns) {
        let line = row(&format!("{} ", c["id"].as_str().unwrap()));
        assert!(line.ends_with(&format!(" {t}")), "{line}");
    }
    assert!(
        row("game end").contains(&format!(
            "after {game_end} turns at the fewest ({} and {} complete)",
            pair[0], pair[1]
        )),
        "{text}"
    );
}

// ---------------------------------------------------------------------
// No input makes the board reader panic.

#[test]
fn every_truncation_of_the_black_board_is_read_without_panic() {
    // The board reader (the full check's solver sees the same grid in every
    // prefix that reads as a board; the fixtures go through it in
    // tests/check.rs).
    let path = root().join("maps/encore-black.toml");
    let bytes = std::fs::read(&path).unwrap();
    let mut valid = 0;
    for end in 0..bytes.len() {
        let result = std::panic::catch_unwind(|| {
            encore::read_bytes(&DiskFiles, &path, bytes[..end].to_vec())
        });
        let read = result.unwrap_or_else(|_| panic!("cut at byte {end} panics"));
        valid += usize::from(read.board.is_some());
        assert!(
            read.board.is_some() || !read.diagnostics.is_empty(),
            "cut at {end}"
        );
    }
    assert!(valid > 0);
}
