//! `rollx import` at the scale of the ~3,100 US counties, on two kinds of
//! generated file: counties shaped like real ones (`tests/common/
//! counties.rs`: uneven sizes and neighbour counts, enclaves, wandering
//! borders of some 50 points a county, in degrees), read from GeoJSON
//! text, projected and imported into six regions, the whole import but the
//! drawing; and a regular lattice of 62 x 50 jittered cells.
//!
//! Run with `cargo bench --bench import`.

#[path = "../tests/common/counties.rs"]
mod counties;

use rollx::geom::geojson::{Properties, Shape, read};
use rollx::rolling::{ImportOptions as Options, Regions, import};

fn main() {
    divan::main();
}

/// A corner of the lattice, moved a little (the same for every cell that
/// shares it).
fn corner(c: usize, r: usize) -> [f64; 2] {
    let h = (c * 7919 + r * 104_729) % 1000;
    let (dx, dy) = (
        (h % 31) as f64 / 100.0 - 0.15,
        (h % 17) as f64 / 60.0 - 0.13,
    );
    [c as f64 * 10.0 + dx, r as f64 * 10.0 + dy]
}

/// The midpoint of a side, bent a little (shared by both cells).
fn middle(a: [f64; 2], b: [f64; 2], bend: f64) -> [f64; 2] {
    [(a[0] + b[0]) / 2.0 + bend, (a[1] + b[1]) / 2.0 - bend]
}

fn counties(w: usize, h: usize) -> Vec<Shape> {
    let mut shapes = Vec::with_capacity(w * h);
    for r in 0..h {
        for c in 0..w {
            let (p00, p10, p11, p01) = (
                corner(c, r),
                corner(c + 1, r),
                corner(c + 1, r + 1),
                corner(c, r + 1),
            );
            let ring = vec![
                p00,
                middle(p00, p10, 0.4),
                p10,
                middle(p10, p11, -0.3),
                p11,
                middle(p01, p11, 0.4),
                p01,
                middle(p00, p01, -0.3),
            ];
            shapes.push(Shape {
                id: format!("c{c}r{r}"),
                name: None,
                names: Vec::new(),
                region: None,
                rings: vec![ring],
                outers: vec![0],
            });
        }
    }
    shapes
}

/// Import options: six split regions, islands immune or refused.
fn six_regions(immune_islands: bool) -> Options {
    Options {
        id: "counties".into(),
        name: "Counties".into(),
        source: "generated".into(),
        min_border: None,
        regions: Regions::Split(6),
        links: Vec::new(),
        immune_islands,
    }
}

/// The whole import of 3,100 real-shaped counties from GeoJSON text
/// (regions split in six, no drawing).
#[divan::bench(sample_count = 3, sample_size = 1)]
fn real_shaped_3100(bencher: divan::Bencher) {
    let text = counties::geojson(&counties::counties(3100, 48, 1));
    let options = six_regions(true);
    let props = Properties {
        id: Some("GEOID"),
        ..Properties::default()
    };
    bencher.bench(|| {
        let (shapes, _) = read(&text, &props)
            .unwrap()
            .into_page(Default::default())
            .unwrap();
        let imported = import(&shapes, &options).unwrap();
        assert!(imported.pairs.len() > 3100 * 2);
        imported.toml.len()
    });
}

/// The import of a regular lattice of 3,100 cells (regions split in six).
#[divan::bench(sample_count = 3, sample_size = 1)]
fn lattice_3100(bencher: divan::Bencher) {
    let shapes = counties(62, 50);
    let options = six_regions(false);
    bencher.bench(|| {
        let imported = import(&shapes, &options).unwrap();
        assert_eq!(imported.pairs.len(), 61 * 50 + 62 * 49);
        imported.toml.len()
    });
}
