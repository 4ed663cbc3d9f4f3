//! Laying out an atlas sheet as the areas grow: generated counties shaped
//! like real ones (`tests/common/counties.rs`, in 7 states, seed 3),
//! imported with `rollx import --atlas` (outside the timing), then laid out
//! on Letter in colour and print-checked, as `rollx print` does for one
//! template (`rollx check` does it for six). The growth exponent between
//! two sizes is log(t2 / t1) / log(n2 / n1).
//!
//! Run with `cargo bench --bench atlas`.

#[path = "../tests/common/counties.rs"]
mod counties;

use std::path::PathBuf;
use std::process::Command;

use rollx::print::{Locale, PrintOptions, template};
use rollx::rolling::{Map, load, print_sheet};

fn main() {
    divan::main();
}

/// The atlas map of `n` generated counties, imported into a directory
/// that lives as long as the benchmark.
fn atlas(n: usize) -> Map {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("rollx-bench-atlas-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let geojson = dir.join(format!("c{n}.geojson"));
    std::fs::write(&geojson, counties::geojson(&counties::counties(n, 7, 3))).unwrap();
    let map = dir.join(format!("c{n}.toml"));
    let out = Command::new(env!("CARGO_BIN_EXE_rollx"))
        .arg("import")
        .arg(&geojson)
        .args(["--id-property", "GEOID", "--atlas", "-o"])
        .arg(&map)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    load(&map).unwrap()
}

#[divan::bench(args = [50, 100, 200, 300], sample_count = 3, sample_size = 1)]
fn letter_layout(bencher: divan::Bencher, n: usize) {
    let map = atlas(n);
    let t = template::load("letter").unwrap();
    let options = PrintOptions::one(false, &Locale::default());
    // Crowded sheets fail their print checks; the layout is what is timed.
    bencher.bench(|| print_sheet(divan::black_box(&map), &t, &options).is_ok());
}
