//! How long `rollx check` takes on the shipped maps (reading the files,
//! parsing, resolving and every check, no printing) and on the Encore
//! boards, how long `rollx generate encore` takes, and what `rollx watch`
//! does on every save.
//!
//! Run with `cargo bench --bench check`.

use std::path::Path;

use rollx::rolling::{check_bytes, check_file};
use rollx::source::DiskFiles;

fn main() {
    divan::main();
}

const MAPS: [&str; 3] = [
    "maps/usa.toml",
    "maps/japan.toml",
    "maps/examples/usa-mainland.toml",
];

/// The whole check of a map file, including reading it from disk.
#[divan::bench(args = MAPS)]
fn check_map_file(map: &str) -> usize {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(map);
    let checked = check_file(divan::black_box(&path)).expect("readable");
    checked.diagnostics.len()
}

/// The check of a map already in memory (parsing and validation only).
#[divan::bench(args = ["maps/usa.toml", "maps/japan.toml"])]
fn check_map_text(bencher: divan::Bencher, map: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(map);
    let bytes = std::fs::read(&path).expect("readable");
    bencher.bench(|| {
        check_bytes(&DiskFiles, &path, divan::black_box(bytes.clone()))
            .diagnostics
            .len()
    });
}

const BOARDS: [&str; 2] = ["maps/encore-black.toml", "maps/encore-seed-11-20x8.toml"];

/// The whole check of an Encore board as `rollx check` runs it: reading,
/// the conventions, the fewest turns, and the print checks on every
/// shipped template.
#[divan::bench(args = BOARDS)]
fn check_board_file(board: &str) -> usize {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(board);
    let checked = rollx::families::check_file(divan::black_box(&path)).expect("readable");
    checked.diagnostics.len()
}

/// The fewest turns alone (rule solvability) on an Encore board.
#[divan::bench(args = BOARDS)]
fn solve_board(bencher: divan::Bencher, board: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(board);
    let board = rollx::families::load(&path)
        .unwrap()
        .take::<rollx::encore::Board>()
        .expect("an Encore board");
    bencher.bench(|| rollx::encore::Solver::new(divan::black_box(&board)).solve());
}

/// `rollx generate encore`: a random board that follows the conventions,
/// seeds 0 to 99 in turn (the figure is the mean over them).
#[divan::bench(args = [(15, 7), (20, 8)], sample_count = 100, sample_size = 1)]
fn generate_board(bencher: divan::Bencher, (columns, rows): (usize, usize)) {
    let mut seed = 0;
    bencher.bench_local(|| {
        seed = (seed + 1) % 100;
        rollx::encore::generate(&rollx::encore::GenerateOptions {
            seed,
            columns,
            rows,
        })
        .expect("a board")
        .tries
    });
}

/// What `rollx watch` does on every save of a file: the whole check (as
/// `rollx check`, print checks on every shipped template included), then
/// the sheet laid out on the letter template with its own print checks,
/// and its first page written as SVG for the page.
#[divan::bench(args = [
    "maps/usa.toml",
    "maps/usa-atlas.toml",
    "maps/japan-atlas.toml",
    "maps/encore-black.toml",
    "maps/diceland-1.toml",
])]
fn watch_rebuild(file: &str) -> usize {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let checked = rollx::families::check_file(divan::black_box(&path)).expect("readable");
    let model = checked.model.expect("a valid file");
    let template = rollx::print::template::load("letter").expect("shipped");
    let options = rollx::print::PrintOptions {
        sheets: 1,
        mono: false,
        ..rollx::print::PrintOptions::default()
    };
    let (printed, _) = model.sheet(&template, &options);
    rollx::render::svg::to_svg(&printed.document, 1)
        .expect("an SVG")
        .len()
}
