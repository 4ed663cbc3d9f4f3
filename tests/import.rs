//! `rollx import`: maps from real shapes. The US and Japan fixtures
//! (tests/fixtures/geodata, with their licences) come with adjacency
//! tables computed independently; the import must find exactly those
//! neighbours.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use common::{root, run};
use rollx::geom::geojson::{Properties, Shape, read};
use rollx::rolling::{ImportOptions as Options, Regions, import};

/// The land (and link) pairs of an adjacency table.
fn reference(file: &str, relations: &[&str]) -> BTreeSet<(String, String)> {
    let text = std::fs::read_to_string(root().join("tests/fixtures/geodata").join(file)).unwrap();
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            relations.contains(&f[2]).then(|| {
                let (a, b) = (f[0].to_string(), f[1].to_string());
                if a < b { (a, b) } else { (b, a) }
            })
        })
        .collect()
}

/// The neighbour pairs of a map file, and each area's region.
fn pairs_and_regions(
    path: &std::path::Path,
) -> (BTreeSet<(String, String)>, BTreeMap<String, String>) {
    let map = rollx::rolling::load(path).unwrap();
    let mut pairs = BTreeSet::new();
    let mut regions = BTreeMap::new();
    for a in &map.areas {
        regions.insert(a.id.clone(), map.region(a.region).id.clone());
        for n in &a.neighbors {
            let b = map.areas[n.index()].id.clone();
            pairs.insert(if a.id < b {
                (a.id.clone(), b)
            } else {
                (b, a.id.clone())
            });
        }
    }
    (pairs, regions)
}

/// Import options for a test map.
fn options(regions: Regions, immune_islands: bool) -> Options {
    Options {
        id: "test".into(),
        name: "Test".into(),
        source: "generated".into(),
        min_border: None,
        regions,
        links: Vec::new(),
        immune_islands,
    }
}

fn fixture(name: &str) -> String {
    root()
        .join("tests/fixtures/geodata")
        .join(name)
        .display()
        .to_string()
}

/// The US states fixture as a file would come from the web: parsed,
/// changed by `edit`, and written into `dir` as `name`.
fn edited_states(dir: &Path, name: &str, edit: impl FnOnce(&mut serde_json::Value)) -> PathBuf {
    let text = std::fs::read_to_string(fixture("us-states.geojson")).unwrap();
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    edit(&mut doc);
    let path = dir.join(name);
    std::fs::write(&path, doc.to_string()).unwrap();
    path
}

#[test]
fn the_us_states_import_with_exactly_their_land_borders() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("us.toml");
    let out_s = out.to_str().unwrap();
    let geo = fixture("us-states.geojson");
    // Alaska and Hawaii touch nothing: refused on request, naming them, and
    // nothing written.
    let (code, _, err) = run(&["import", &geo, "--islands", "error", "-o", out_s]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("AK, HI") && err.contains("--islands immune"),
        "{err}"
    );
    assert!(!out.exists());

    // By default they become immune, with a warning; the map is drawn on a
    // grid that shows exactly its neighbours, checks clean and prints.
    let (code, stdout, err) = run(&["import", &geo, "--id-property", "id", "-o", out_s]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("50 areas, 105 neighbour pairs"), "{stdout}");
    assert!(
        stdout.contains("105 of 105 neighbour pairs share an edge"),
        "{stdout}"
    );
    assert!(err.contains("warning: AK, HI touch no other area"), "{err}");
    // The Four Corners touch only at a point: reported, not neighbours.
    assert!(err.contains("warning[corner-contact]: AZ and CO"), "{err}");
    assert!(err.contains("warning[corner-contact]: NM and UT"), "{err}");
    let (pairs, regions) = pairs_and_regions(&out);
    assert_eq!(pairs, reference("us-adjacency.csv", &["land"]));
    assert_eq!(
        regions.len(),
        50,
        "no area is dropped, Rhode Island included"
    );
    assert!(regions.contains_key("RI"));
    let (code, report, err) = run(&["check", out_s, "--deny-warnings"]);
    assert_eq!(code, 0, "{report}{err}");
    assert!(report.contains("2 immune: AK, HI"), "{report}");
    assert!(report.contains("layout      grid"), "{report}");
    let pdf = dir.path().join("us.pdf");
    let (code, stdout, err) = run(&["print", out_s, "-o", pdf.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        format!("{stdout}{err}").contains("print checks passed"),
        "{stdout}{err}"
    );

    // The same file every time (without the drawing, whose determinism
    // tests/draw.rs checks).
    let bare = dir.path().join("bare.toml");
    let bare_s = bare.to_str().unwrap();
    let (code, _, _) = run(&["import", &geo, "--no-draw", "-o", bare_s]);
    assert_eq!(code, 0);
    let first = std::fs::read(&bare).unwrap();
    assert!(
        !String::from_utf8_lossy(&first).contains("\n[layout]"),
        "no grid"
    );
    let (code, _, _) = run(&["import", &geo, "--no-draw", "-o", bare_s]);
    assert_eq!(code, 0);
    assert_eq!(std::fs::read(&bare).unwrap(), first);
}

#[test]
fn japan_imports_with_its_straits_as_links() {
    let dir = tempfile::tempdir().unwrap();
    let links = dir.path().join("links.csv");
    let table = std::fs::read_to_string(fixture("japan-adjacency.csv")).unwrap();
    let rows: Vec<String> = table
        .lines()
        .filter(|l| l.contains(",link,"))
        .map(|l| l.split(',').take(2).collect::<Vec<_>>().join(","))
        .collect();
    std::fs::write(&links, format!("a,b\n{}\n", rows.join("\n"))).unwrap();
    let out = dir.path().join("japan.toml");
    let (code, stdout, err) = run(&[
        "import",
        &fixture("japan-prefectures.geojson"),
        "--links",
        links.to_str().unwrap(),
        "--regions",
        "8",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("47 areas, 92 neighbour pairs"), "{stdout}");
    let (pairs, regions) = pairs_and_regions(&out);
    assert_eq!(pairs, reference("japan-adjacency.csv", &["land", "link"]));
    let names: BTreeSet<&String> = regions.values().collect();
    assert_eq!(names.len(), 8);
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        text.matches("[[links]]").count(),
        6,
        "the straits are links"
    );
    let (code, report, err) = run(&["check", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}{err}");
}

/// Whether the areas of every region (islands aside) are one piece.
fn contiguous(
    neighbours: &BTreeMap<String, Vec<String>>,
    regions: &BTreeMap<String, String>,
) -> bool {
    let mut by_region: BTreeMap<&String, Vec<&String>> = BTreeMap::new();
    for (a, r) in regions {
        if !neighbours[a].is_empty() {
            by_region.entry(r).or_default().push(a);
        }
    }
    by_region.values().all(|members| {
        let mut seen = BTreeSet::from([members[0]]);
        let mut stack = vec![members[0]];
        while let Some(a) = stack.pop() {
            for b in &neighbours[a] {
                if regions[b] == regions[a] && seen.insert(b) {
                    stack.push(b);
                }
            }
        }
        seen.len() == members.len()
    })
}

/// Imports `shapes` into `k` split regions and checks what the import
/// promises of them: contiguous, sizes within one area of each other
/// unless the import says it could not (and then the sizes it names),
/// the same every time. Whether they are within one area.
fn even_regions(shapes: &[Shape], k: usize, what: &str) -> bool {
    let options = options(Regions::Split(k), true);
    let imported = import(shapes, &options).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.toml");
    std::fs::write(&path, &imported.toml).unwrap();
    let map = rollx::rolling::load(&path).unwrap();
    let mut neighbours = BTreeMap::new();
    let mut regions = BTreeMap::new();
    for a in &map.areas {
        regions.insert(a.id.clone(), map.region(a.region).id.clone());
        neighbours.insert(
            a.id.clone(),
            a.neighbors
                .iter()
                .map(|n| map.areas[n.index()].id.clone())
                .collect::<Vec<_>>(),
        );
    }
    assert_eq!(map.regions.len(), k, "{what}");
    assert!(contiguous(&neighbours, &regions), "{what}");
    let sizes: Vec<usize> = map.regions.iter().map(|r| r.areas.len()).collect();
    let (lo, hi) = (*sizes.iter().min().unwrap(), *sizes.iter().max().unwrap());
    let even = hi <= lo + 1;
    assert_eq!(
        imported.uneven,
        (!even).then_some((lo, hi)),
        "{what}: sizes {sizes:?}"
    );
    assert_eq!(
        import(shapes, &options).unwrap().toml,
        imported.toml,
        "{what}: deterministic"
    );
    even
}

#[test]
fn split_regions_are_contiguous_and_even() {
    let text = std::fs::read_to_string(fixture("us-states.geojson")).unwrap();
    let (shapes, _) = read(&text, &Properties::default())
        .unwrap()
        .into_page(Default::default())
        .unwrap();
    for k in [2, 3, 4, 6, 8] {
        assert!(even_regions(&shapes, k, &format!("US, k = {k}")), "k = {k}");
    }
}

/// Counties shaped like real ones (uneven sizes and neighbour counts,
/// enclaves) split into regions within one area of each other.
#[test]
fn split_regions_of_real_shaped_counties_are_even() {
    let props = Properties {
        id: Some("GEOID"),
        ..Properties::default()
    };
    let mut even = 0;
    let mut cases = 0;
    for seed in 1..=4 {
        let text = common::counties::geojson(&common::counties::counties(120, 5, seed));
        let (shapes, _) = read(&text, &props)
            .unwrap()
            .into_page(Default::default())
            .unwrap();
        for k in [2, 5, 7, 12] {
            cases += 1;
            even += usize::from(even_regions(&shapes, k, &format!("seed {seed}, k = {k}")));
        }
    }
    assert_eq!(even, cases, "every case evened out");
}

/// Where regions cannot be evened out without cutting one in two (a
/// star: leaves that touch only the centre), the import says so with the
/// sizes, and the command warns.
#[test]
fn regions_that_cannot_be_evened_out_are_reported() {
    let rect = |id: &str, x0: f64, y0: f64, x1: f64, y1: f64| Shape {
        id: id.into(),
        name: None,
        names: Vec::new(),
        region: None,
        rings: vec![vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]]],
        outers: vec![0],
    };
    // Planar coordinates (too large to be degrees).
    let mut shapes = vec![rect("hub", 0.0, 0.0, 1200.0, 200.0)];
    for i in 0..6 {
        let x = f64::from(i) * 200.0;
        shapes.push(rect(&format!("leaf{i}"), x, 200.0, x + 150.0, 400.0));
    }
    assert!(!even_regions(&shapes, 3, "star"));
    let imported = import(&shapes, &options(Regions::Split(3), true)).unwrap();
    assert_eq!(imported.uneven, Some((1, 5)));
    let dir = tempfile::tempdir().unwrap();
    let geo = dir.path().join("star.geojson");
    let features: Vec<serde_json::Value> = shapes
        .iter()
        .map(|s| {
            let mut ring = s.rings[0].clone();
            ring.push(ring[0]);
            serde_json::json!({"type": "Feature", "id": s.id, "properties": {},
                "geometry": {"type": "Polygon", "coordinates": [ring]}})
        })
        .collect();
    std::fs::write(
        &geo,
        serde_json::json!({"type": "FeatureCollection", "features": features}).to_string(),
    )
    .unwrap();
    let out = dir.path().join("star.toml");
    let (code, _, stderr) = run(&[
        "import",
        geo.to_str().unwrap(),
        "--regions",
        "3",
        "--y-axis",
        "up",
        "--no-draw",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains(
            "the regions could not be evened out to within one area of each other (they have 1 to 5 areas)"
        ),
        "{stderr}"
    );
}

/// A grid of `w` x `h` unit squares, ids `c<col>r<row>`, sharing their
/// vertices with their neighbours.
fn grid(w: usize, h: usize) -> Vec<Shape> {
    let mut shapes = Vec::new();
    for r in 0..h {
        for c in 0..w {
            let (x, y) = (c as f64, r as f64);
            shapes.push(Shape {
                id: format!("c{c}r{r}"),
                name: None,
                names: Vec::new(),
                region: None,
                rings: vec![vec![[x, y], [x + 1.0, y], [x + 1.0, y + 1.0], [x, y + 1.0]]],
                outers: vec![0],
            });
        }
    }
    shapes
}

#[test]
fn a_generated_grid_has_its_side_neighbours_and_reports_its_corners() {
    let (w, h) = (20, 15);
    let shapes = grid(w, h);
    let options = options(Regions::Split(6), false);
    let imported = import(&shapes, &options).unwrap();
    assert_eq!(imported.pairs.len(), (w - 1) * h + w * (h - 1));
    let corners = imported
        .findings
        .iter()
        .filter(|f| f.kind == "corner-contact")
        .count();
    assert_eq!(
        corners,
        2 * (w - 1) * (h - 1),
        "every diagonal pair touches at a corner"
    );
}

#[test]
fn bad_input_gets_a_clear_error_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("m.toml");
    let out_s = out.to_str().unwrap();
    let not_json = dir.path().join("x.geojson");
    std::fs::write(&not_json, "{ nope").unwrap();
    let (code, _, err) = run(&["import", not_json.to_str().unwrap(), "-o", out_s]);
    assert_eq!(code, 1);
    assert!(
        err.contains("x.geojson") && err.contains("not JSON"),
        "{err}"
    );
    let point = dir.path().join("p.geojson");
    std::fs::write(
        &point,
        r#"{"type":"FeatureCollection","features":[{"type":"Feature","id":"P","geometry":{"type":"Point","coordinates":[0,0]}}]}"#,
    )
    .unwrap();
    let (code, _, err) = run(&["import", point.to_str().unwrap(), "-o", out_s]);
    assert_eq!(code, 1);
    assert!(
        err.contains("`P` is a Point, not a Polygon or MultiPolygon"),
        "{err}"
    );
    let (code, _, err) = run(&["import", "no/such.geojson", "-o", out_s]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read no/such.geojson"), "{err}");
    // A folder as the output is refused before any work.
    let (code, _, err) = run(&[
        "import",
        &fixture("us-states.geojson"),
        "-o",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("it is a folder"), "{err}");
    let links = dir.path().join("links.csv");
    let with_links = |text: &str| {
        std::fs::write(&links, text).unwrap();
        let geo = fixture("us-states.geojson");
        run(&[
            "import",
            &geo,
            "--links",
            links.to_str().unwrap(),
            "-o",
            out_s,
        ])
    };
    let (code, _, err) = with_links("a,b\nHI CA\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("links.csv:2") && err.contains("`HI CA`"),
        "{err}"
    );
    let (code, _, err) = with_links("HI,XX\n");
    assert_eq!(code, 1);
    assert!(err.contains("HI-XX"), "{err}");
    assert!(!out.exists(), "nothing written");
}

#[test]
fn regions_can_come_from_a_property() {
    let mut shapes = grid(4, 2);
    for (i, s) in shapes.iter_mut().enumerate() {
        s.region = Some(if i % 4 < 2 { "west" } else { "east" }.to_string());
    }
    let options = options(Regions::FromProperty, false);
    let imported = import(&shapes, &options).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.toml");
    std::fs::write(&path, &imported.toml).unwrap();
    let (_, regions) = pairs_and_regions(&path);
    assert_eq!(regions["c0r1"], "west");
    assert_eq!(regions["c3r0"], "east");
    let (code, report, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}{err}");
}

mod random_shapes {
    use super::*;
    use proptest::prelude::*;

    /// Up to 8 shapes of 3 to 6 points on a small lattice: many share
    /// sides, touch at corners, overlap or are degenerate.
    fn shapes() -> impl Strategy<Value = Vec<Shape>> {
        prop::collection::vec(prop::collection::vec((0i32..6, 0i32..6), 3..7), 1..9).prop_map(
            |rings| {
                rings
                    .into_iter()
                    .enumerate()
                    .map(|(i, ring)| Shape {
                        id: format!("a{i}"),
                        name: None,
                        names: Vec::new(),
                        region: None,
                        rings: vec![
                            ring.into_iter()
                                .map(|(x, y)| [f64::from(x), f64::from(y)])
                                .collect(),
                        ],
                        outers: vec![0],
                    })
                    .collect()
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Whatever the shapes, the import ends without panicking, and a
        /// map it writes is one `rollx check` accepts.
        #[test]
        fn any_shapes_import_to_a_valid_map_or_a_clear_error(shapes in shapes(), k in 1usize..5) {
            let options = options(Regions::Split(k.min(shapes.len())), true);
            let imported = match import(&shapes, &options) {
                Ok(i) => i,
                Err(rollx::rolling::ImportError::Apart(groups)) => {
                    prop_assert!(groups.len() > 1);
                    return Ok(());
                }
                Err(e) => return Err(TestCaseError::fail(e.to_string())),
            };
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("random.toml");
            std::fs::write(&path, &imported.toml).unwrap();
            let checked = rollx::rolling::check_file(&path).unwrap();
            prop_assert!(
                checked.errors() == 0,
                "{}\n{:?}",
                imported.toml,
                checked.diagnostics
            );
        }
    }
}

#[test]
fn longitudes_and_latitudes_are_projected_before_borders_are_measured() {
    // A 5 x 4 grid of one-degree cells around 45° north, written as
    // GeoJSON degrees with y (latitude) up.
    let mut features = Vec::new();
    for r in 0..4 {
        for c in 0..5 {
            let (x, y) = (10 + c, 44 + r);
            features.push(format!(
                r#"{{"type":"Feature","properties":{{"id":"c{c}r{r}"}},"geometry":{{"type":"Polygon","coordinates":[[[{x},{y}],[{},{y}],[{},{}],[{x},{}],[{x},{y}]]]}}}}"#,
                x + 1,
                x + 1,
                y + 1,
                y + 1
            ));
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let geo = dir.path().join("cells.geojson");
    std::fs::write(
        &geo,
        format!(
            r#"{{"type":"FeatureCollection","features":[{}]}}"#,
            features.join(",")
        ),
    )
    .unwrap();
    let out = dir.path().join("cells.toml");
    let (code, stdout, err) = run(&[
        "import",
        geo.to_str().unwrap(),
        "--regions",
        "3",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    // 4 x 5 side pairs each way; the border lengths are in kilometres.
    assert!(stdout.contains("20 areas, 31 neighbour pairs"), "{stdout}");
    assert!(stdout.contains(" km)"), "{stdout}");
    assert!(
        err.contains("warning[corner-contact]") && err.contains("km, projected"),
        "{err}"
    );
    // North is up on the page: the top row has the smallest y.
    let map = rollx::rolling::load(&out).unwrap();
    let y = |id: &str| {
        map.areas
            .iter()
            .find(|a| a.id == id)
            .and_then(|a| a.position.as_ref())
            .map(|p| p.y)
            .unwrap()
    };
    assert!(y("c0r3") < y("c0r0"), "the northern row is drawn on top");
}

#[test]
fn overlapping_shapes_are_reported_with_where_their_borders_cross() {
    let square = |id: &str, x: f64, y: f64| Shape {
        id: id.into(),
        name: None,
        names: Vec::new(),
        region: None,
        rings: vec![vec![
            [x, y],
            [x + 10.0, y],
            [x + 10.0, y + 10.0],
            [x, y + 10.0],
        ]],
        outers: vec![0],
    };
    // B overlaps A's right half; C shares B's right side exactly.
    let shapes = vec![
        square("A", 0.0, 0.0),
        square("B", 5.0, 3.0),
        square("C", 15.0, 3.0),
    ];
    let imported = import(&shapes, &options(Regions::Split(1), true)).unwrap();
    let overlaps: Vec<_> = imported
        .findings
        .iter()
        .filter(|f| f.kind == "overlap")
        .collect();
    assert_eq!(overlaps.len(), 1, "{:?}", imported.findings);
    assert_eq!(overlaps[0].areas, ("A".to_string(), "B".to_string()));
    assert!(
        overlaps[0].message.contains("cross 2 times"),
        "{}",
        overlaps[0].message
    );
    // Where they cross: on A's border, inside B.
    let at = overlaps[0].at;
    assert!(
        (5.0..=10.0).contains(&at[0]) && (3.0..=10.0).contains(&at[1]),
        "{at:?}"
    );
    // Shapes that only share a side do not overlap.
    assert!(
        !imported
            .findings
            .iter()
            .any(|f| f.areas.1 == "C" && f.kind == "overlap")
    );
}

#[test]
fn an_atlas_import_names_its_shapes_and_checks_their_borders() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("maps")).unwrap();
    let out = dir.path().join("maps/us.toml");
    let geo = fixture("us-states.geojson");
    let (code, _, err) = run(&[
        "import",
        &geo,
        "--id-property",
        "id",
        "--atlas",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("kind = \"atlas\"") && text.contains("id_property = \"id\""),
        "{text}"
    );
    // The path is relative to the map file, so the two can move together.
    assert!(text.contains("geojson = \"../"), "{text}");
    let (code, report, err) = run(&["check", out.to_str().unwrap(), "--deny-warnings"]);
    assert_eq!(code, 0, "{report}{err}");
    assert!(
        report.contains("layout      atlas, real shapes from ../"),
        "{report}"
    );
}

#[test]
fn features_with_null_geometries_are_skipped_with_one_warning() {
    // As files come from the web: legal GeoJSON features whose geometry is
    // null (here Alaska, Hawaii, and one without an id at the end).
    let dir = tempfile::tempdir().unwrap();
    let mut all = 0;
    let geo = edited_states(dir.path(), "messy.geojson", |doc| {
        let features = doc["features"].as_array_mut().unwrap();
        all = features.len();
        for f in features.iter_mut() {
            if f["id"] == "AK" || f["id"] == "HI" {
                f["geometry"] = serde_json::Value::Null;
            }
        }
        features.push(
            serde_json::json!({"type": "Feature", "properties": {"name": "?"}, "geometry": null}),
        );
    });
    let out = dir.path().join("m.toml");
    let (code, stdout, err) = run(&[
        "import",
        geo.to_str().unwrap(),
        "--no-draw",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let warning = format!(
        "warning: {}: 3 features skipped: `AK`, `HI`, `feature {}` (their geometry is null or empty",
        geo.display(),
        all + 1
    );
    assert_eq!(
        err.matches("features skipped").count(),
        1,
        "one warning: {err}"
    );
    assert!(err.contains(&warning), "{err}");
    assert!(stdout.contains(&format!("{} areas", all - 2)), "{stdout}");
    let (code, report, err) = run(&["check", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}{err}");
}

/// The `y` of area `id` in a written map.
fn y_of(map: &str, id: &str) -> f64 {
    let doc: toml::Value = toml::from_str(map).unwrap();
    let area = doc["areas"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"].as_str() == Some(id))
        .unwrap();
    area["y"].as_float().unwrap()
}

#[test]
fn screen_coordinates_say_which_way_y_was_taken_and_can_be_flipped() {
    // The states in screen coordinates (y down), without the file's
    // `y_axis`: as a file drawn in an image editor comes.
    let dir = tempfile::tempdir().unwrap();
    let geo = edited_states(dir.path(), "screen.geojson", |doc| {
        doc.as_object_mut().unwrap().remove("y_axis");
        doc.as_object_mut().unwrap().remove("viewport");
    });
    let out = dir.path().join("m.toml");
    let import = |extra: &[&str]| {
        let mut args = vec![
            "import",
            geo.to_str().unwrap(),
            "--no-draw",
            "-o",
            out.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let (code, stdout, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        (stdout, err, std::fs::read_to_string(&out).unwrap())
    };
    // Unsaid: y up, with a warning that says how to flip it; Minnesota
    // then lies south of Texas (the map's y grows downwards).
    let (stdout, err, map) = import(&[]);
    assert!(stdout.contains("y pointing up (the default)"), "{stdout}");
    assert_eq!(
        err.matches("--y-axis down").count(),
        1,
        "warned once: {err}"
    );
    assert!(err.contains("does not say which way y points"), "{err}");
    assert!(y_of(&map, "MN") > y_of(&map, "TX"), "upside down");
    // --y-axis down: north at the top, no warning.
    let (stdout, err, map) = import(&["--y-axis", "down"]);
    assert!(
        stdout.contains("y pointing down (as --y-axis says)"),
        "{stdout}"
    );
    assert!(!err.contains("which way y points"), "{err}");
    assert!(y_of(&map, "MN") < y_of(&map, "TX"));
    // An atlas keeps the direction in its layout, so the sheet reads the
    // shapes the same way, and the map checks clean.
    let (code, _, err) = run(&[
        "import",
        geo.to_str().unwrap(),
        "--atlas",
        "--y-axis",
        "down",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let map = std::fs::read_to_string(&out).unwrap();
    assert!(map.contains("y_axis = \"down\"\n"), "{map}");
    let (code, report, err) = run(&["check", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}{err}");
    // A bad direction in the layout is located.
    std::fs::write(&out, map.replace("y_axis = \"down\"", "y_axis = \"south\"")).unwrap();
    let (code, report, _) = run(&["check", out.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        report.contains("`y_axis` is `south`, not `up` or `down`"),
        "{report}"
    );
    // A viewport says screen coordinates: north at the top, said so.
    let with_viewport = edited_states(dir.path(), "viewport.geojson", |doc| {
        doc.as_object_mut().unwrap().remove("y_axis");
    });
    let (code, stdout, err) = run(&[
        "import",
        with_viewport.to_str().unwrap(),
        "--no-draw",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        stdout.contains("y pointing down (the file gives a viewport: screen coordinates)"),
        "{stdout}"
    );
    assert!(!err.contains("which way y points"), "{err}");
    let map = std::fs::read_to_string(&out).unwrap();
    assert!(y_of(&map, "MN") < y_of(&map, "TX"));
    // The file's own y_axis is honoured, and said.
    let (code, stdout, err) = run(&[
        "import",
        &fixture("us-states.geojson"),
        "--no-draw",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        stdout.contains("y pointing down (as the file's `y_axis` says)"),
        "{stdout}"
    );
}

#[test]
fn links_files_are_read_as_people_write_them() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("m.toml");
    let links = dir.path().join("ferries.csv");
    let import = |text: &str, extra: &[&str]| {
        std::fs::write(&links, text).unwrap();
        let geo = fixture("us-states.geojson");
        let mut args = vec![
            "import",
            geo.as_str(),
            "--no-draw",
            "--links",
            links.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        run(&args)
    };
    // A header row (its names are not area ids), quoted fields, a further
    // column, a comment and a blank line: both islands are joined, so none
    // is made immune.
    let (code, _, err) = import(
        "from,to,\"by\"\n# ferries\n\"HI\", \"CA\",\"ship, weekly\"\n\nAK,WA,ferry\n",
        &[],
    );
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("immune"), "{err}");
    let map = std::fs::read_to_string(&out).unwrap();
    assert!(
        map.contains("between = [\"AK\", \"WA\"]") || map.contains("between = [\"WA\", \"AK\"]"),
        "{map}"
    );
    // Semicolons, no header.
    let (code, _, err) = import("HI;CA\nAK;WA\n", &[]);
    assert_eq!(code, 0, "{err}");
    // --links-header skips a first row even when it names areas.
    let (code, _, err) = import("HI,CA\nAK,WA\n", &["--links-header"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("HI touches no other area"),
        "the first row was skipped: {err}"
    );
    // Every bad line is reported, with its line number, and nothing is
    // written.
    std::fs::remove_file(&out).unwrap();
    let (code, _, err) = import("a,b\nHI,CA\nHI CA\nAK,XX\nYY,ZZ\n,WA\n", &[]);
    assert_eq!(code, 1);
    assert!(err.contains("4 bad lines in"), "{err}");
    for line in [
        "ferries.csv:3: `HI CA` is not a pair of area ids",
        "ferries.csv:4: the pair AK-XX names `XX` that no feature has",
        "ferries.csv:5: the pair YY-ZZ names `YY` and `ZZ` that no feature has",
        "ferries.csv:6: `,WA` is not a pair of area ids",
    ] {
        assert!(err.contains(line), "{line}: {err}");
    }
    assert!(!out.exists(), "nothing written");
}

/// A GeoJSON file of `w` x `h` unit squares, like the counties of a
/// country: each has a numeric `GEOID` and the `STATEFP` of its 6 x 6 block.
fn counties(w: usize, h: usize) -> String {
    let mut features = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let (x0, y0) = (x as f64, y as f64);
            features.push(serde_json::json!({
                "type": "Feature",
                "properties": {
                    "GEOID": format!("{}", 1000 + y * w + x),
                    "STATEFP": format!("{:02}", x / 6 + 10 * (y / 6)),
                },
                "geometry": {"type": "Polygon", "coordinates": [[
                    [x0, y0], [x0 + 1.0, y0], [x0 + 1.0, y0 + 1.0], [x0, y0 + 1.0], [x0, y0]
                ]]}
            }));
        }
    }
    serde_json::json!({"type": "FeatureCollection", "features": features}).to_string()
}

#[test]
fn too_many_areas_are_refused_at_once_and_a_part_imports() {
    let dir = tempfile::tempdir().unwrap();
    let geo = dir.path().join("counties.geojson");
    std::fs::write(&geo, counties(60, 53)).unwrap();
    let out = dir.path().join("m.toml");
    let import = |extra: &[&str]| {
        let mut args = vec![
            "import",
            geo.to_str().unwrap(),
            "--id-property",
            "GEOID",
            "--no-draw",
            "-o",
            out.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        run(&args)
    };
    // The whole file: one message, the limit and the ways forward, and
    // nothing written.
    let (code, _, err) = import(&[]);
    assert_eq!(code, 1);
    assert!(
        err.contains("3180 features, and a map has at most 1000 areas"),
        "{err}"
    );
    assert!(err.contains("--where PROPERTY=VALUE"), "{err}");
    // The example is one this file has: a property and a value of it, and
    // how many features and areas they give.
    assert!(
        err.contains("--dissolve PROPERTY (--dissolve STATEFP makes 90 areas)"),
        "{err}"
    );
    assert!(
        err.contains("--where STATEFP=00 keeps the 36 features whose STATEFP is 00"),
        "{err}"
    );
    assert!(
        err.contains(
            "properties of this file with fewer values than features: STATEFP (90 values)"
        ),
        "{err}"
    );
    assert_eq!(err.lines().count(), 2, "one message and its help: {err}");
    // A file without such a property is not offered one it lacks.
    let bare = dir.path().join("bare.geojson");
    let mut doc: serde_json::Value = serde_json::from_str(&counties(60, 53)).unwrap();
    for f in doc["features"].as_array_mut().unwrap() {
        let props = f["properties"].as_object_mut().unwrap();
        props.retain(|k, _| k == "GEOID");
    }
    std::fs::write(&bare, doc.to_string()).unwrap();
    let (code, _, err) = run(&[
        "import",
        bare.to_str().unwrap(),
        "--id-property",
        "GEOID",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("no property of this file groups its features"),
        "{err}"
    );
    assert!(!err.contains("STATEFP"), "{err}");
    assert!(!out.exists());
    // One "state": 36 counties, a map that checks clean.
    let (code, stdout, err) = import(&["--where", "STATEFP=00"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("note: --where STATEFP=00 keeps 36 of 3180 features"),
        "{err}"
    );
    assert!(stdout.contains("36 areas"), "{stdout}");
    // Its 50 corners that touch: the first five, and how many more.
    assert_eq!(err.matches("warning[corner-contact]: ").count(), 6, "{err}");
    assert!(
        err.contains(
            "warning[corner-contact]: ... and 45 more like these (--all-warnings or --format json lists every one)"
        ),
        "{err}"
    );
    let (code, _, err) = import(&["--where", "STATEFP=00", "--all-warnings"]);
    assert_eq!(code, 0);
    assert_eq!(
        err.matches("warning[corner-contact]: ").count(),
        50,
        "{err}"
    );
    let (code, report, err) = run(&["check", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}{err}");
    // A value no feature has: what there is instead.
    let (code, _, err) = import(&["--where", "STATEFP=zz"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("no feature is left to import: `STATEFP` is never `zz` (it is `00`, `01`"),
        "{err}"
    );
    let (code, _, err) = import(&["--where", "STATE"]);
    assert_eq!(code, 2);
    assert!(err.contains("`STATE` is not PROPERTY=VALUE"), "{err}");
}

#[test]
fn a_map_that_falls_apart_names_its_groups_by_size() {
    // Six islands of 1 to 6 x 2 squares, far apart: the message names the
    // four largest by size with a few ids each, then how many more, not
    // every id on one line.
    let mut shapes = Vec::new();
    for (k, w) in [1usize, 6, 2, 5, 3, 4].into_iter().enumerate() {
        for mut s in grid(w, 2) {
            s.id = format!("i{k}{}", s.id);
            for p in s.rings.iter_mut().flatten() {
                p[0] += 20.0 * k as f64;
            }
            shapes.push(s);
        }
    }
    let err = import(&shapes, &options(Regions::Split(2), true))
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "the map falls apart into 6 groups that no border or link joins: \
         12 areas (i1c0r0, i1c1r0, i1c2r0, i1c3r0, ...); 10 areas (i3c0r0, i3c1r0, i3c2r0, i3c3r0, ...); \
         8 areas (i5c0r0, i5c1r0, i5c2r0, i5c3r0, ...); 6 areas (i4c0r0, i4c1r0, i4c2r0, i4c0r1, ...); 2 more groups"
    );
}

#[test]
fn ids_that_mix_numbers_and_text_are_warned_about_with_the_property_to_use() {
    let dir = tempfile::tempdir().unwrap();
    // Half the features with their FIPS number as id, as merged files have.
    let geo = edited_states(dir.path(), "mixed.geojson", |doc| {
        let features = doc["features"].as_array_mut().unwrap();
        for (i, f) in features.iter_mut().enumerate() {
            if i % 2 == 0 {
                let fips: u64 = f["properties"]["fips"].as_str().unwrap().parse().unwrap();
                f["id"] = serde_json::json!(fips);
            }
        }
    });
    let out = dir.path().join("m.toml");
    let (code, _, err) = run(&[
        "import",
        geo.to_str().unwrap(),
        "--no-draw",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("the features' ids mix numbers and text (`2` and `AL`)"),
        "{err}"
    );
    assert!(err.contains("--id-property fips"), "{err}");
}

#[test]
fn an_enclave_is_its_surrounding_areas_neighbour_whatever_its_border_length() {
    // A city state inside a country (its whole outline is their border,
    // shorter than the least border asked for), and a country beside.
    let square = |x0: f64, y0: f64, x1: f64, y1: f64| vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
    let shape = |id: &str, rings: Vec<Vec<[f64; 2]>>| Shape {
        id: id.into(),
        name: None,
        names: Vec::new(),
        region: None,
        rings,
        outers: vec![0],
    };
    let shapes = vec![
        shape(
            "IT",
            vec![square(0.0, 0.0, 10.0, 10.0), square(4.0, 4.0, 5.0, 5.0)],
        ),
        shape("VA", vec![square(4.0, 4.0, 5.0, 5.0)]),
        shape("FR", vec![square(10.0, 0.0, 20.0, 10.0)]),
        // Touches Italy along 0.5, under a quarter of its own outline of 6:
        // too short by both rules.
        shape("XX", vec![square(-2.0, 9.5, 0.0, 10.5)]),
    ];
    let mut opts = options(Regions::Split(1), true);
    opts.min_border = Some(5.0);
    let imported = import(&shapes, &opts).unwrap();
    let pairs = &imported.pairs;
    let has = |a: &str, b: &str| {
        pairs
            .iter()
            .any(|(x, y)| (x == a && y == b) || (x == b && y == a))
    };
    assert!(
        has("IT", "VA") && has("IT", "FR") && pairs.len() == 2,
        "{pairs:?}"
    );
    assert_eq!(imported.islands, ["XX"], "{pairs:?}");
    let short = imported
        .findings
        .iter()
        .find(|f| f.kind == "short-border")
        .expect("the short border is reported");
    assert!(
        short.message.contains("under both the least for the map (5.000) and a quarter of the smaller area's outline (1.500)"),
        "{}",
        short.message
    );
}

/// The state of each county of a generated file, by id.
fn states_of(counties: &[common::counties::County]) -> BTreeMap<String, String> {
    counties
        .iter()
        .map(|c| (c.geoid.clone(), c.state.clone()))
        .collect()
}

/// `--dissolve` merges counties into states along their shared borders:
/// each state one area, with the counties' land, neighbours where their
/// counties are, and a map that checks clean, drawn as a grid or printed
/// as an atlas of the merged outlines.
#[test]
fn counties_dissolve_into_states_along_their_borders() {
    let counties = common::counties::counties(400, 7, 5);
    let text = common::counties::geojson(&counties);
    let state = states_of(&counties);
    // The library: one shape per state, as much land as its counties.
    let by_county = read(
        &text,
        &Properties {
            id: Some("GEOID"),
            ..Properties::default()
        },
    )
    .unwrap();
    let by_state = read(
        &text,
        &Properties {
            dissolve: Some("STATEFP"),
            ..Properties::default()
        },
    )
    .unwrap();
    assert_eq!(by_state.dissolved, counties.len());
    let states: BTreeSet<&String> = state.values().collect();
    assert_eq!(by_state.shapes.len(), states.len());
    for s in &by_state.shapes {
        let land: f64 = by_county
            .shapes
            .iter()
            .filter(|c| state[&c.id] == s.id)
            .map(Shape::area)
            .sum();
        assert!(
            (s.area() - land).abs() < land * 1e-9,
            "{}: {} against {land}",
            s.id,
            s.area()
        );
        // The borders inside the state are gone: far fewer points than
        // its counties have.
        let points: usize = s.rings.iter().map(Vec::len).sum();
        let county_points: usize = by_county
            .shapes
            .iter()
            .filter(|c| state[&c.id] == s.id)
            .flat_map(|c| c.rings.iter().map(Vec::len))
            .sum();
        assert!(
            points * 2 < county_points,
            "{}: {points} of {county_points}",
            s.id
        );
    }
    // The command: neighbours are the states whose counties are.
    let dir = tempfile::tempdir().unwrap();
    let geo = dir.path().join("counties.geojson");
    std::fs::write(&geo, &text).unwrap();
    let counties_map = dir.path().join("counties.toml");
    let (code, _, err) = run(&[
        "import",
        geo.to_str().unwrap(),
        "--id-property",
        "GEOID",
        "--no-draw",
        "-o",
        counties_map.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let states_map = dir.path().join("states.toml");
    let (code, stdout, err) = run(&[
        "import",
        geo.to_str().unwrap(),
        "--dissolve",
        "STATEFP",
        "--regions",
        "3",
        "-o",
        states_map.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(&format!(
            "note: --dissolve STATEFP merges {} features into {} areas",
            counties.len(),
            states.len()
        )),
        "{err}"
    );
    assert!(
        stdout.contains(&format!("{} areas", states.len())),
        "{stdout}"
    );
    let (county_pairs, _) = pairs_and_regions(&counties_map);
    let expected: BTreeSet<(String, String)> = county_pairs
        .iter()
        .map(|(a, b)| (state[a].clone(), state[b].clone()))
        .filter(|(a, b)| a != b)
        .map(|(a, b)| if a < b { (a, b) } else { (b, a) })
        .collect();
    let (state_pairs, _) = pairs_and_regions(&states_map);
    assert_eq!(state_pairs, expected);
    let (code, report, err) = run(&["check", states_map.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}{err}");
    // An atlas of the merged outlines: the map says how to read the file.
    let atlas_map = dir.path().join("atlas.toml");
    let (code, _, err) = run(&[
        "import",
        geo.to_str().unwrap(),
        "--dissolve",
        "STATEFP",
        "--regions",
        "3",
        "--atlas",
        "-o",
        atlas_map.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let written = std::fs::read_to_string(&atlas_map).unwrap();
    assert!(written.contains("dissolve = \"STATEFP\""), "{written}");
    let (code, report, err) = run(&["check", atlas_map.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}{err}");
    // Dissolving by a property some feature lacks: which one.
    let (code, _, err) = run(&[
        "import",
        geo.to_str().unwrap(),
        "--dissolve",
        "COUNTY",
        "-o",
        dir.path().join("x.toml").to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("feature 1 has no property `COUNTY` to dissolve by"),
        "{err}"
    );
}

/// `--format json`: stdout holds one JSON report alone, with every
/// warning (the terminal shows a few of each kind, nearest first) and,
/// when the map falls apart, every group in full.
#[test]
fn the_json_report_has_every_warning_and_every_group() {
    let dir = tempfile::tempdir().unwrap();
    let counties = common::counties::counties(300, 3, 2);
    let geo = dir.path().join("counties.geojson");
    std::fs::write(&geo, common::counties::geojson(&counties)).unwrap();
    let out = dir.path().join("m.toml");
    let args = |extra: &[&str]| {
        let mut a = vec![
            "import".to_string(),
            geo.to_str().unwrap().to_string(),
            "--id-property".into(),
            "GEOID".into(),
            "--no-draw".into(),
            "-o".into(),
            out.to_str().unwrap().into(),
        ];
        a.extend(extra.iter().map(|s| s.to_string()));
        a
    };
    let text_args = args(&[]);
    let (code, stdout, err) = run(&text_args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("written: 300 areas"), "{stdout}");
    let json_args = args(&["--format", "json"]);
    let (code, stdout, json_err) = run(&json_args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 0, "{json_err}");
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("stdout is JSON alone");
    assert_eq!(report["areas"], 300);
    assert!(
        json_err.contains("written: 300 areas"),
        "messages on stderr: {json_err}"
    );
    // Every warning is in the report; the terminal shows at most five of a
    // kind and says how many more.
    let warnings = report["warnings"].as_array().unwrap();
    let corners = warnings
        .iter()
        .filter(|w| w["kind"] == "corner-contact")
        .count();
    assert!(corners > 5, "{corners}");
    assert!(
        err.contains(&format!(
            "warning[corner-contact]: ... and {} more like these (--all-warnings or --format json lists every one)",
            corners - 5
        )),
        "{err}"
    );
    assert_eq!(
        stdout.matches("\"kind\"").count(),
        warnings.len(),
        "one entry per warning"
    );
    let pairs = report["neighbour_pairs"].as_array().unwrap();
    assert!(pairs.len() > 300, "{}", pairs.len());
    // A map in pieces: every group, every id, largest first.
    let mut text = common::counties::geojson(&counties);
    text = text.replacen("\"features\":[", "\"features\":[{\"type\":\"Feature\",\"properties\":{\"GEOID\":\"far\"},\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[[10,10],[10.1,10],[10.1,10.1],[10,10.1],[10,10]]]}},{\"type\":\"Feature\",\"properties\":{\"GEOID\":\"farther\"},\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[[10.1,10],[10.2,10],[10.2,10.1],[10.1,10.1],[10.1,10]]]}},", 1);
    std::fs::write(&geo, text).unwrap();
    let (code, stdout, err) = run(&json_args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 1, "{err}");
    let refusal: serde_json::Value = serde_json::from_str(&stdout).expect("stdout is JSON alone");
    let groups = refusal["groups"].as_array().unwrap();
    assert_eq!(groups.len(), 2, "{refusal}");
    assert_eq!(groups[0].as_array().unwrap().len(), 300);
    assert_eq!(groups[1], serde_json::json!(["far", "farther"]));
    assert!(
        refusal["error"]
            .as_str()
            .unwrap()
            .contains("falls apart into 2 groups")
    );
    assert!(err.contains("falls apart into 2 groups"), "{err}");
    // Any other refusal is a JSON report too.
    let none = args(&["--format", "json", "--where", "STATEFP=zz"]);
    let (code, stdout, err) = run(&none.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 1, "{err}");
    let refusal: serde_json::Value = serde_json::from_str(&stdout).expect("stdout is JSON alone");
    assert!(
        refusal["error"]
            .as_str()
            .unwrap()
            .contains("no feature is left to import"),
        "{refusal}"
    );
    assert!(refusal.get("groups").is_none(), "{refusal}");
    assert!(!out.exists() || std::fs::read_to_string(&out).unwrap().contains("300 areas"));
}

/// Imports a committed fixture with `args` (then `-o` a map in `dir`),
/// checks the map with `rollx check`: (stdout, stderr, the map's path).
fn import_fixture(dir: &Path, file: &str, args: &[&str]) -> (String, String, PathBuf) {
    let out = dir.join(format!("{file}.toml"));
    let geo = fixture(file);
    let mut all = vec!["import", geo.as_str()];
    all.extend_from_slice(args);
    all.extend_from_slice(&["-o", out.to_str().unwrap()]);
    let (code, stdout, stderr) = run(&all);
    assert_eq!(code, 0, "{file}: {stderr}");
    let (code, report, err) = run(&["check", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{file}: {report}{err}");
    (stdout, stderr, out)
}

/// A continent as designers download one: countries in longitudes and
/// latitudes with wandering borders, a city state inside one of them, an
/// island joined by a links file with a header, quotes and an extra
/// column. It imports, checks clean, and prints with its print checks
/// passing.
#[test]
fn a_continent_with_an_enclave_and_a_ferry_imports_checks_and_prints() {
    let dir = tempfile::tempdir().unwrap();
    let links = root().join("tests/fixtures/geodata/continent-links.csv");
    let (stdout, stderr, map) = import_fixture(
        dir.path(),
        "continent.geojson",
        &[
            "--id-property",
            "iso_a2",
            "--regions",
            "5",
            "--links",
            links.to_str().unwrap(),
        ],
    );
    assert!(stdout.contains("written: 26 areas"), "{stdout}");
    assert!(!stderr.contains("touch no other area"), "{stderr}");
    let (pairs, _) = pairs_and_regions(&map);
    // The city state is the neighbour of the country around it, and of no
    // other; the island of the country its ferry reaches.
    let vs: Vec<&(String, String)> = pairs
        .iter()
        .filter(|(a, b)| a == "VS" || b == "VS")
        .collect();
    assert_eq!(vs.len(), 1, "{vs:?}");
    let link = std::fs::read_to_string(&links).unwrap();
    let coast = link
        .lines()
        .nth(1)
        .unwrap()
        .split(',')
        .nth(1)
        .unwrap()
        .trim_matches('"');
    assert!(
        pairs.contains(&(coast.to_string(), "IS".to_string())),
        "{pairs:?}"
    );
    let png = dir.path().join("continent.png");
    let (code, out, err) = run(&[
        "print",
        map.to_str().unwrap(),
        "--png",
        png.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        format!("{out}{err}").contains("print checks passed"),
        "{out}{err}"
    );
}

/// A continent as a file of provinces with their countries' codes (as
/// NUTS regions carry them), twenty one-province countries crowding its
/// middle: dissolved into countries and printed as an atlas, the crowd is
/// drawn again, enlarged, in two insets on Letter (the map made smaller to
/// free corners for them), and every template's print checks pass.
#[test]
#[ignore = "minutes in a debug build (the map is laid out smaller in eight ways on every template); .ci/run runs it with the release binary"]
fn a_crowded_continent_prints_as_an_atlas_with_an_inset() {
    let dir = tempfile::tempdir().unwrap();
    let (stdout, stderr, map) = import_fixture(
        dir.path(),
        "crowded-provinces.geojson",
        &["--dissolve", "CNTR_CODE", "--regions", "5", "--atlas"],
    );
    assert!(stdout.contains("written: 32 areas"), "{stdout}");
    assert!(
        stderr.contains("merges 300 features into 32 areas"),
        "{stderr}"
    );
    // Clean on every shipped template, in colour and black and white.
    let (code, out, err) = run(&["check", map.to_str().unwrap(), "--deny-warnings"]);
    assert_eq!(code, 0, "{out}{err}");
    let svg = dir.path().join("crowd.svg");
    let (code, out, err) = run(&[
        "print",
        map.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
        "--sheets",
        "1",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let text = std::fs::read_to_string(&svg).unwrap();
    // The crowd is enlarged in insets, each clipped to its frame (one on
    // Letter since its codes print at 6 pt; a second holds, where needed,
    // what the first leaves too far from its country).
    let insets = text.matches("<clipPath").count();
    assert!((1..=2).contains(&insets), "{insets} insets");
    // The smaller drawings are laid out in parallel: the same sheet on one
    // thread as on several.
    let one = dir.path().join("one.svg");
    let out = common::rollx()
        .env("RAYON_NUM_THREADS", "1")
        .args([
            "print",
            map.to_str().unwrap(),
            "--svg",
            one.to_str().unwrap(),
            "--sheets",
            "1",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(std::fs::read_to_string(&one).unwrap(), text, "one thread");
    // Each country's box once.
    for code in ["SA", "SK", "ST", "LA", "LL"] {
        assert_eq!(text.matches(&format!(">{code}<")).count(), 1, "{code}");
    }
    // Without the inset, callouts run too far from their countries.
    let plain = dir.path().join("plain.toml");
    std::fs::write(
        &plain,
        std::fs::read_to_string(&map)
            .unwrap()
            .replace("kind = \"atlas\"", "kind = \"atlas\"\ninset = []"),
    )
    .unwrap();
    let (code, out, err) = run(&[
        "print",
        plain.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        format!("{out}{err}").contains("print-callout-far"),
        "{out}{err}"
    );
}

/// Screen coordinates without a word about y: the import says which way
/// it took y and warns; `--y-axis down` puts Maine above Connecticut.
#[test]
fn a_screen_coordinate_file_imports_the_right_way_up_when_told() {
    let dir = tempfile::tempdir().unwrap();
    let (stdout, stderr, map) = import_fixture(
        dir.path(),
        "new-england-screen.geojson",
        &["--id-property", "id", "--no-draw"],
    );
    assert!(stdout.contains("y pointing up (the default)"), "{stdout}");
    assert!(
        stderr.contains("import it again with --y-axis down"),
        "{stderr}"
    );
    let text = std::fs::read_to_string(&map).unwrap();
    assert!(
        y_of(&text, "ME") > y_of(&text, "CT"),
        "upside down without a word"
    );
    let (stdout, _, map) = import_fixture(
        dir.path(),
        "new-england-screen.geojson",
        &["--id-property", "id", "--no-draw", "--y-axis", "down"],
    );
    assert!(
        stdout.contains("y pointing down (as --y-axis says)"),
        "{stdout}"
    );
    let text = std::fs::read_to_string(&map).unwrap();
    assert!(y_of(&text, "ME") < y_of(&text, "CT"), "Maine at the top");
}

/// Features without a shape (null, missing, empty) are skipped with one
/// warning that names them; the rest make a map that checks clean.
#[test]
fn a_file_with_null_geometries_imports_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let (stdout, stderr, _) = import_fixture(
        dir.path(),
        "new-england-nulls.geojson",
        &["--id-property", "id", "--regions", "2"],
    );
    assert!(stdout.contains("written: 7 areas"), "{stdout}");
    assert!(
        stderr.contains("3 features skipped: `PR`, `GU`, `VI`"),
        "{stderr}"
    );
    assert_eq!(
        stderr.matches("skipped").count(),
        1,
        "one warning: {stderr}"
    );
}

/// A country's 3,100 counties: refused whole with one message and the
/// ways forward; one state's counties, and the counties dissolved into
/// states, each import to a map that checks clean.
#[test]
fn a_countrys_counties_import_as_one_state_or_dissolved_into_states() {
    let dir = tempfile::tempdir().unwrap();
    let counties = common::counties::counties(3100, 48, 1);
    let geo = dir.path().join("counties.geojson");
    std::fs::write(&geo, common::counties::geojson(&counties)).unwrap();
    let out = dir.path().join("m.toml");
    let import = |extra: &[&str]| {
        let mut args = vec!["import", geo.to_str().unwrap(), "-o", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        run(&args)
    };
    let (code, _, err) = import(&["--id-property", "GEOID"]);
    assert_eq!(code, 1);
    assert_eq!(err.lines().count(), 2, "{err}");
    assert!(err.contains("--dissolve STATEFP"), "{err}");
    assert!(!out.exists());
    let state = &counties[0].state;
    let in_state = counties.iter().filter(|c| &c.state == state).count();
    let condition = format!("STATEFP={state}");
    let (code, stdout, err) =
        import(&["--id-property", "GEOID", "--where", &condition, "--no-draw"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        stdout.contains(&format!("written: {in_state} areas")),
        "{stdout}"
    );
    let (code, report, err) = run(&["check", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}{err}");
    let (code, stdout, err) = import(&["--dissolve", "STATEFP", "--atlas"]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("written: 48 areas"), "{stdout}");
    let (code, report, err) = run(&["check", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}{err}");
}

/// The neighbour pairs of an import's JSON report, and its stderr.
fn json_pairs(file: &str, extra: &[&str]) -> (BTreeSet<(String, String)>, String) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("m.toml");
    let geo = fixture(file);
    let mut args = vec!["import", geo.as_str(), "--no-draw", "--format", "json"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["-o", out.to_str().unwrap()]);
    let (code, stdout, stderr) = run(&args);
    assert_eq!(code, 0, "{file}: {stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("JSON alone on stdout");
    let pairs = report["neighbour_pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p[0].as_str().unwrap().to_string(),
                p[1].as_str().unwrap().to_string(),
            )
        })
        .collect();
    (pairs, stderr)
}

/// Rectangular states in degrees whose neighbours' sides carry points of
/// their own (T-junctions), as US states and Canadian provinces are
/// drawn: the projection bends the long straight sides, and every side
/// two states share is still found as their border.
#[test]
fn straight_borders_with_t_junctions_are_found_after_projection() {
    let (pairs, stderr) = json_pairs("t-junction-states.geojson", &[]);
    let want: BTreeSet<(String, String)> = [
        ("NC", "NE"),
        ("NC", "NW"),
        ("NC", "SC"),
        ("NE", "SE"),
        ("NW", "SW"),
        ("SC", "SE"),
        ("SC", "SW"),
    ]
    .iter()
    .map(|(a, b)| {
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        (a.to_string(), b.to_string())
    })
    .collect();
    let pairs: BTreeSet<(String, String)> = pairs
        .into_iter()
        .map(|(a, b)| if a < b { (a, b) } else { (b, a) })
        .collect();
    assert_eq!(pairs, want, "{stderr}");
    assert!(!stderr.contains("overlap"), "{stderr}");
    // Only the diagonal pairs meet, at a corner.
    assert_eq!(stderr.matches("corner-contact").count(), 4, "{stderr}");
    // The same file with a byte order mark reads the same.
    let (bom, stderr) = json_pairs("bom-states.geojson", &[]);
    let bom: BTreeSet<(String, String)> = bom
        .into_iter()
        .map(|(a, b)| if a < b { (a, b) } else { (b, a) })
        .collect();
    assert_eq!(bom, want, "{stderr}");
}

/// The import's first line says how it reads the coordinates and why;
/// a viewport says a drawing in screen coordinates, a drawing that says
/// nothing is read as degrees with the way to read it as a drawing, and
/// --coordinates reads it so, into an atlas that reads it the same way.
#[test]
fn the_first_line_says_how_the_coordinates_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let (stdout, stderr, map) = import_fixture(dir.path(), "drawing.geojson", &["--no-draw"]);
    let first = stderr.lines().next().unwrap_or_default();
    assert!(
        first.contains("coordinates read as planar (the file gives a viewport), y pointing down"),
        "{stderr}"
    );
    assert!(stdout.contains("coordinates: planar"), "{stdout}");
    let text = std::fs::read_to_string(&map).unwrap();
    assert!(y_of(&text, "TL") < y_of(&text, "BL"), "top at the top");

    let (_, stderr, _) = import_fixture(dir.path(), "drawing-bare.geojson", &["--no-draw"]);
    let first = stderr.lines().next().unwrap_or_default();
    assert!(
        first.contains("read as longitudes and latitudes"),
        "{stderr}"
    );
    assert!(stderr.contains("--coordinates planar"), "{stderr}");

    let (stdout, stderr, map) = import_fixture(
        dir.path(),
        "drawing-bare.geojson",
        &["--atlas", "--coordinates", "planar", "--y-axis", "down"],
    );
    assert!(
        stderr
            .lines()
            .next()
            .unwrap_or_default()
            .contains("read as planar (as --coordinates says), y pointing down (as --y-axis says)"),
        "{stderr}"
    );
    assert!(stdout.contains("coordinates: planar"), "{stdout}");
    let text = std::fs::read_to_string(&map).unwrap();
    assert!(text.contains("coordinates = \"planar\"\n"), "{text}");
    // Degrees asked of coordinates that cannot be is refused up front.
    let geo = fixture("new-england-screen.geojson");
    let out = dir.path().join("x.toml");
    let (code, _, stderr) = run(&[
        "import",
        &geo,
        "--coordinates",
        "degrees",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("outside ±180° and ±90°"), "{stderr}");
    assert!(!out.exists());
}

/// The summary's count of warnings counts every warning printed above
/// it, the coordinates' one too.
#[test]
fn the_summary_counts_every_warning_printed() {
    let dir = tempfile::tempdir().unwrap();
    let (stdout, stderr, _) = import_fixture(
        dir.path(),
        "new-england-screen.geojson",
        &["--id-property", "id", "--no-draw", "--all-warnings"],
    );
    let printed = stderr.lines().filter(|l| l.starts_with("warning")).count();
    assert!(printed >= 1, "{stderr}");
    assert!(
        stdout.contains(&format!(
            "{printed} warning{}",
            if printed == 1 { "" } else { "s" }
        )),
        "{stdout}\n{stderr}"
    );
}

/// The T-junction states with NE moved a little north-east, off its
/// neighbours:
/// an island a near miss away.
fn states_with_a_gap(dir: &Path) -> PathBuf {
    let mut doc: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(fixture("t-junction-states.geojson")).unwrap(),
    )
    .unwrap();
    for f in doc["features"].as_array_mut().unwrap() {
        if f["id"] == "NE" {
            for p in f["geometry"]["coordinates"][0].as_array_mut().unwrap() {
                p[0] = serde_json::json!(p[0].as_f64().unwrap() + 0.02);
                p[1] = serde_json::json!(p[1].as_f64().unwrap() + 0.02);
            }
        }
    }
    let path = dir.join("gap.geojson");
    std::fs::write(&path, doc.to_string()).unwrap();
    path
}

/// A refused import shows the near misses that explain it; a pair a link
/// joins gets none; a link to an area without a shape says so.
#[test]
fn refusals_show_their_near_misses_and_links_silence_theirs() {
    let dir = tempfile::tempdir().unwrap();
    let geo = states_with_a_gap(dir.path());
    let out = dir.path().join("m.toml");
    let (code, _, err) = run(&[
        "import",
        geo.to_str().unwrap(),
        "--islands",
        "error",
        "--no-draw",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("touch no other area: NE"), "{err}");
    assert!(err.contains("warning[near-miss]: NC and NE"), "{err}");
    assert!(!out.exists());
    // A link joins NC and NE: no near miss is said for them, one is for
    // NE and SE.
    let links = dir.path().join("links.csv");
    std::fs::write(&links, "NC,NE\n").unwrap();
    let (code, _, err) = run(&[
        "import",
        geo.to_str().unwrap(),
        "--links",
        links.to_str().unwrap(),
        "--no-draw",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("NC and NE"), "{err}");
    assert!(err.contains("warning[near-miss]: NE and SE"), "{err}");
    // A link to a feature without a shape names why it is not there.
    std::fs::write(&links, "PR,ME\n").unwrap();
    let (code, _, err) = run(&[
        "import",
        &fixture("new-england-nulls.geojson"),
        "--links",
        links.to_str().unwrap(),
        "--no-draw",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("names `PR`, whose feature has no shape"),
        "{err}"
    );
}

/// A lake (a hole in a state that no area fills) prints as water on an
/// atlas sheet, in colour and in black and white, not as blank paper a
/// writing box could be taken for.
#[test]
fn an_atlas_lake_prints_as_water() {
    let dir = tempfile::tempdir().unwrap();
    let mut doc: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(fixture("t-junction-states.geojson")).unwrap(),
    )
    .unwrap();
    for f in doc["features"].as_array_mut().unwrap() {
        if f["id"] == "NC" {
            let lake = serde_json::json!([
                [-103.0, 42.5],
                [-103.0, 43.5],
                [-101.5, 43.5],
                [-101.5, 42.5],
                [-103.0, 42.5]
            ]);
            f["geometry"]["coordinates"]
                .as_array_mut()
                .unwrap()
                .push(lake);
        }
    }
    let geo = dir.path().join("lake.geojson");
    std::fs::write(&geo, doc.to_string()).unwrap();
    let map = dir.path().join("lake.toml");
    let (code, _, err) = run(&[
        "import",
        geo.to_str().unwrap(),
        "--atlas",
        "-o",
        map.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    for (mono, water) in [(false, "#deecf8"), (true, "#eeeeee")] {
        let svg = dir.path().join("lake.svg");
        let mut args = vec![
            "print",
            map.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
        ];
        if mono {
            args.push("--mono");
        }
        let (code, _, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        let svg = std::fs::read_to_string(&svg).unwrap();
        assert_eq!(
            svg.matches(&format!("fill=\"{water}\"")).count(),
            1,
            "one water wash, mono {mono}"
        );
    }
    // Without the lake, no water.
    let (code, _, err) = run(&[
        "import",
        &fixture("t-junction-states.geojson"),
        "--atlas",
        "-o",
        map.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, svg, err) = run(&["print", map.to_str().unwrap(), "--svg", "-"]);
    assert_eq!(code, 0, "{err}");
    assert!(!svg.contains("fill=\"#deecf8\""));
}

/// A ferry between two islands with a long third one between them: no
/// line across the water joins them, the curve round it is drawn, and the
/// print checks warn of the detour, naming the link, while the sheet
/// prints.
#[test]
fn a_link_drawn_round_an_island_is_a_detour_warning() {
    let dir = tempfile::tempdir().unwrap();
    let (_, _, map) = import_fixture(
        dir.path(),
        "detour.geojson",
        &[
            "--atlas",
            "--links",
            &fixture("detour-links.csv"),
            "--regions",
            "2",
        ],
    );
    let svg = dir.path().join("d.svg");
    let (code, stdout, stderr) = run(&[
        "print",
        map.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("print-link-detour"), "{stderr}");
    let said = stderr.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains("the link between BB and AA is drawn"),
        "{said}"
    );
    assert!(
        stdout.contains("print checks passed with 1 warning"),
        "{stdout}"
    );
    assert!(svg.exists());
    // check names it too, on each shipped template.
    let (code, report, _) = run(&["check", map.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    assert!(report.contains("print-link-detour"), "{report}");
    // Without the third island between them, the line is straight and
    // nothing is said.
    let mut doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("detour.geojson")).unwrap()).unwrap();
    doc["features"]
        .as_array_mut()
        .unwrap()
        .retain(|f| f["id"] != "CC");
    let geo = dir.path().join("open.geojson");
    std::fs::write(&geo, doc.to_string()).unwrap();
    let out = dir.path().join("open.toml");
    let (code, _, err) = run(&[
        "import",
        geo.to_str().unwrap(),
        "--atlas",
        "--links",
        &fixture("detour-links.csv"),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, stderr) = run(&[
        "print",
        out.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("print-link-detour"), "{stderr}");
}

/// Where an even split exists, --regions finds one: the continent into
/// seven regions within one area of each other (its first seeding alone
/// gave 3 to 5 areas and a warning), the island joined by its ferry.
#[test]
fn regions_split_evenly_where_they_can() {
    for k in ["5", "6", "7", "8"] {
        let (pairs, stderr) = json_pairs(
            "continent.geojson",
            &[
                "--id-property",
                "iso_a2",
                "--links",
                &fixture("continent-links.csv"),
                "--regions",
                k,
            ],
        );
        assert!(!pairs.is_empty());
        assert!(
            !stderr.contains("could not be evened out"),
            "--regions {k}: {stderr}"
        );
    }
}

/// A file under the area limit but over what a sheet prints is refused
/// before the drawing work, saying neither a grid nor a diagram prints and
/// how to get a map that does (or one for analysis only).
#[test]
fn a_map_too_large_to_print_says_so_with_the_ways_forward() {
    let dir = tempfile::tempdir().unwrap();
    let geo = dir.path().join("counties.geojson");
    std::fs::write(&geo, counties(30, 30)).unwrap();
    let out = dir.path().join("m.toml");
    let (code, _, err) = run(&[
        "import",
        geo.to_str().unwrap(),
        "--id-property",
        "GEOID",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    let said = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(said.contains("has 900 areas"), "{said}");
    assert!(said.contains("so neither prints"), "{said}");
    assert!(
        said.contains("--dissolve") && said.contains("--no-draw"),
        "{said}"
    );
    assert!(!said.contains("print the map as a diagram"), "{said}");
    assert!(!out.exists());
    // --no-draw keeps it, for analysis.
    let (code, _, err) = run(&[
        "import",
        geo.to_str().unwrap(),
        "--id-property",
        "GEOID",
        "--no-draw",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
}
