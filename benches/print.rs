//! Speed and size of printing the 100-sheet USA pad, the 100-sheet pad of
//! the standard Encore board, and the 100-sheet Rolling Japan pad in
//! English and in Japanese (`--lang ja`: its title, words and prefecture
//! labels drawn with a system CJK font, embedded as a subset; skipped
//! without one).
//!
//! Run with `cargo bench --bench print`. The targets: under 300 ms of work
//! and under 70 KB for 100 sheets (the sheet is drawn once, each extra
//! page costs its page entry), and 100 sheets under 1.5 times the work of
//! one.
//! The sizes are printed before the timings.

use std::path::Path;

#[path = "../tests/encore_black/mod.rs"]
mod encore_black;

use rollx::print::{PrintOptions, template};
use rollx::render::pdf::to_pdf;
use rollx::rolling::load;

fn main() {
    sizes("USA pad on letter", pdf_size);
    sizes("Encore pad on letter", encore_size);
    sizes("Rolling Japan pad in English", |n| japan_size(n, "en"));
    if japanese_prints() {
        sizes("Rolling Japan pad in Japanese", |n| japan_size(n, "ja"));
    }
    divan::main();
}

/// The Rolling Japan pad of `sheets` sheets in `lang` on Letter: layout,
/// print checks and the PDF.
fn japan_pdf(sheets: u32, lang: &str) -> Vec<u8> {
    let model = rollx::families::load(Path::new("maps/japan.toml")).unwrap();
    let t = template::load("letter").unwrap();
    let options = PrintOptions {
        sheets,
        mono: false,
        locale: rollx::print::Locale {
            lang: rollx::lang::Lang::parse(lang).ok(),
            ..Default::default()
        },
    };
    to_pdf(&model.print(&t, &options).unwrap().document).unwrap()
}

fn japan_size(sheets: u32, lang: &str) -> usize {
    japan_pdf(sheets, lang).len()
}

/// Whether this machine has a font for the Japanese sheet.
fn japanese_prints() -> bool {
    let model = rollx::families::load(Path::new("maps/japan.toml")).unwrap();
    let t = template::load("letter").unwrap();
    let options = PrintOptions {
        sheets: 1,
        locale: rollx::print::Locale {
            lang: rollx::lang::Lang::parse("ja").ok(),
            ..Default::default()
        },
        ..PrintOptions::default()
    };
    model.print(&t, &options).is_ok()
}

/// `rollx print maps/japan.toml` (100 sheets), in English.
#[divan::bench(sample_count = 10)]
fn japan_pad_100_sheets_english(bencher: divan::Bencher) {
    bencher.bench(|| japan_pdf(100, "en").len());
}

/// `rollx print maps/japan.toml --lang ja` (100 sheets): the same pad in
/// Japanese.
#[divan::bench(sample_count = 10)]
fn japan_pad_100_sheets_japanese(bencher: divan::Bencher) {
    if japanese_prints() {
        bencher.bench(|| japan_pdf(100, "ja").len());
    }
}

/// Prints the size of a 1-sheet and a 100-sheet pad.
fn sizes(what: &str, size: fn(u32) -> usize) {
    let (one, hundred) = (size(1), size(100));
    println!(
        "{what}: 1 sheet {:.1} KB, 100 sheets {:.1} KB, {:.2} KB per extra sheet",
        one as f64 / 1024.0,
        hundred as f64 / 1024.0,
        (hundred - one) as f64 / 99.0 / 1024.0
    );
}

/// A colour pad of `sheets` sheets of the standard Encore board on
/// Letter, which must pass the print checks.
fn encore_pad(board: &rollx::encore::Board, sheets: u32) -> rollx::encore::Pad {
    let t = template::load("letter").unwrap();
    rollx::encore::print_sheet(
        board,
        &t,
        &PrintOptions {
            sheets,
            mono: false,
            ..PrintOptions::default()
        },
    )
    .unwrap()
}

fn encore_size(sheets: u32) -> usize {
    to_pdf(&encore_pad(&encore_black::black(), sheets).document)
        .unwrap()
        .len()
}

/// Everything `rollx print maps/encore-black.toml` does between reading
/// the board and writing the file: layout, print checks and the 100-page
/// PDF.
#[divan::bench(sample_count = 20)]
fn encore_pad_100_sheets(bencher: divan::Bencher) {
    let board = encore_black::black();
    bencher.bench(|| to_pdf(&encore_pad(&board, 100).document).unwrap().len());
}

/// What `rollx check` would add to a board's checks: the board laid out
/// and checked on every shipped template, in colour and black and white.
#[divan::bench(sample_count = 20)]
fn encore_shipped_template_checks(bencher: divan::Bencher) {
    let board = encore_black::black();
    bencher.bench(|| rollx::encore::shipped_findings(&board, &Default::default()).len());
}

/// A colour pad of `sheets` sheets of `map` on `t`, which must pass the
/// print checks.
fn pad(map: &rollx::rolling::Map, t: &template::Template, sheets: u32) -> rollx::rolling::Pad {
    rollx::rolling::print_sheet(
        map,
        t,
        &PrintOptions {
            sheets,
            mono: false,
            ..PrintOptions::default()
        },
    )
    .unwrap()
}

fn pdf_size(sheets: u32) -> usize {
    let map = load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml")).unwrap();
    let t = template::load("letter").unwrap();
    to_pdf(&pad(&map, &t, sheets).document).unwrap().len()
}

/// Everything `rollx print maps/usa.toml` does between reading the map and
/// writing the file: layout, print checks and the 100-page PDF.
#[divan::bench(sample_count = 20)]
fn usa_pad_100_sheets(bencher: divan::Bencher) {
    let map = load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml")).unwrap();
    let t = template::load("letter").unwrap();
    bencher.bench(|| to_pdf(&pad(&map, &t, 100).document).unwrap().len());
}

/// The same for one sheet: a pad is one drawing, so 100 sheets should
/// cost little more (the target: under 1.5 times).
#[divan::bench(sample_count = 20)]
fn usa_pad_1_sheet(bencher: divan::Bencher) {
    let map = load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml")).unwrap();
    let t = template::load("letter").unwrap();
    bencher.bench(|| to_pdf(&pad(&map, &t, 1).document).unwrap().len());
}

/// Layout and print checks alone.
#[divan::bench(sample_count = 50)]
fn usa_layout_and_checks(bencher: divan::Bencher) {
    let map = load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml")).unwrap();
    let t = template::load("letter").unwrap();
    bencher.bench(|| pad(&map, &t, 100).box_size);
}

/// The USA map without its grid: the node-and-link diagram (stress layout,
/// slots and their improvement) and the print checks.
#[divan::bench(sample_count = 10)]
fn usa_diagram_layout_and_checks(bencher: divan::Bencher) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("maps/usa.toml")).unwrap();
    let text = &text[..text.find("\n[layout]").unwrap() + 1];
    let map = rollx::rolling::check_bytes(
        &rollx::source::DiskFiles,
        &root.join("usa-diagram.toml"),
        text.as_bytes().to_vec(),
    )
    .map
    .unwrap();
    let t = template::load("letter").unwrap();
    bencher.bench(|| pad(&map, &t, 1).box_size);
}

/// What `rollx check` adds to a map's checks: the USA laid out and checked
/// on every shipped template, in colour and black and white.
#[divan::bench(sample_count = 20)]
fn usa_shipped_template_checks(bencher: divan::Bencher) {
    let map = load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml")).unwrap();
    bencher.bench(|| rollx::rolling::shipped_findings(&map, &Default::default()).len());
}
