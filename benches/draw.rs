//! `rollx draw`: grid drawings of the shipped maps from their neighbours
//! alone (their grids removed), as `rollx draw` makes them with seed 1.
//!
//! Run with `cargo bench --bench draw`.

use std::path::Path;

use rollx::rolling::{DrawOptions, draw, wished_positions, without_layout};
use rollx::rolling::{Map, check_bytes};
use rollx::source::DiskFiles;

fn main() {
    divan::main();
}

/// A shipped map without its grid.
fn bare(file: &str) -> Map {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let text = without_layout(&std::fs::read_to_string(&path).unwrap()).unwrap();
    check_bytes(&DiskFiles, &path, text.into_bytes())
        .map
        .expect("a valid map")
}

fn draw_bare(map: &Map) -> usize {
    let positions = wished_positions(map, None);
    let opts = DrawOptions::new(1, (25, 16), map.areas.len());
    let d = draw(map, &positions, &opts);
    assert!(d.is_usable() && d.new_links.is_empty());
    d.grid.columns
}

#[divan::bench(sample_count = 5)]
fn usa(bencher: divan::Bencher) {
    let map = bare("maps/usa.toml");
    bencher.bench(|| draw_bare(&map));
}

#[divan::bench(sample_count = 5)]
fn japan(bencher: divan::Bencher) {
    let map = bare("maps/japan.toml");
    bencher.bench(|| draw_bare(&map));
}
