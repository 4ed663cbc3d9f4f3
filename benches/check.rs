//! How long `rollx check` takes on the shipped maps: reading the files,
//! parsing, resolving and every check (no printing).
//!
//! Run with `cargo bench --bench check`.

use std::path::Path;

use rollx::rolling::map::{check_bytes, check_file};
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
