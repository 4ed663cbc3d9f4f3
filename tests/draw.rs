//! `rollx draw`: grid drawings made from a map's neighbours alone. The
//! shipped maps are redrawn with their grids removed; random planar maps
//! (made from random grids, so that a drawing exists) are drawn from their
//! neighbour lists; maps that cannot be drawn get a clear answer.

mod common;

use std::collections::BTreeSet;
use std::fmt::Write as _;

use common::{root, run};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rollx::geom::{Cells, Square};
use rollx::rolling::{DrawOptions, draw, wished_positions};
use rollx::rolling::{Layout, Map, check_bytes};
use rollx::source::DiskFiles;

/// A map's text without its `[layout]` table.
fn bare(path: &str) -> String {
    let text = std::fs::read_to_string(root().join(path)).unwrap();
    rollx::rolling::without_layout(&text).unwrap()
}

/// The pairs of areas that share a cell edge in a map's grid.
fn touching(map: &Map) -> BTreeSet<(String, String)> {
    let Layout::Grid(grid) = &map.layout else {
        panic!("a grid map")
    };
    let mut out = BTreeSet::new();
    for r in 0..grid.rows {
        for c in 0..grid.columns {
            let Some(a) = grid.cell(c, r) else { continue };
            for (c2, r2) in [(c + 1, r), (c, r + 1)] {
                if c2 < grid.columns
                    && r2 < grid.rows
                    && let Some(b) = grid.cell(c2, r2).filter(|&b| b != a)
                {
                    let (x, y) = (
                        map.areas[a.index()].id.clone(),
                        map.areas[b.index()].id.clone(),
                    );
                    out.insert(if x < y { (x, y) } else { (y, x) });
                }
            }
        }
    }
    out
}

/// Draws the map file at `path` with its grid removed, through the
/// command line, and returns the map it wrote (checked clean) with its
/// original.
fn redraw(path: &str) -> (Map, Map) {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("bare.toml");
    std::fs::write(&input, bare(path)).unwrap();
    let output = dir.path().join("drawn.toml");
    let (code, _, err) = run(&[
        "draw",
        input.to_str().unwrap(),
        "-o",
        output.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("neighbour pairs share an edge"), "{err}");
    let (code, out, err) = run(&["check", output.to_str().unwrap(), "--deny-warnings"]);
    assert_eq!(code, 0, "{out}{err}");
    let original = rollx::rolling::load(&root().join(path)).unwrap();
    (rollx::rolling::load(&output).unwrap(), original)
}

/// The neighbour pairs a map declares, and its links, by area id.
type Pairs = BTreeSet<(String, String)>;

fn declared(map: &Map) -> (Pairs, Pairs) {
    let id = |a: rollx::rolling::AreaId| map.areas[a.index()].id.clone();
    let order = |x: String, y: String| if x < y { (x, y) } else { (y, x) };
    let pairs = map
        .edges()
        .into_iter()
        .map(|(a, b)| order(id(a), id(b)))
        .collect();
    let links = map.links.iter().map(|l| order(id(l.a), id(l.b))).collect();
    (pairs, links)
}

#[test]
#[ignore = "minutes in a debug build; .ci/run runs it with the release binary"]
fn the_usa_is_redrawn_from_its_neighbours_with_every_pair_and_no_links() {
    let (drawn, original) = redraw("maps/usa.toml");
    let (pairs, links) = declared(&drawn);
    assert_eq!(pairs.len(), 106);
    assert!(links.is_empty(), "links were added: {links:?}");
    assert_eq!(
        touching(&drawn),
        pairs,
        "the grid shows exactly the neighbours"
    );
    assert_eq!(declared(&original).0, pairs, "the neighbours are unchanged");
    // The grid fits the Letter page at its least writing box.
    let Layout::Grid(grid) = &drawn.layout else {
        unreachable!()
    };
    assert!(
        grid.columns <= 25 && grid.rows <= 16,
        "{} x {}",
        grid.columns,
        grid.rows
    );
}

#[test]
#[ignore = "a minute in a debug build; .ci/run runs it with the release binary"]
fn japan_is_redrawn_with_links_only_for_its_straits() {
    let (drawn, original) = redraw("maps/japan.toml");
    let (pairs, links) = declared(&drawn);
    let (old_pairs, straits) = declared(&original);
    assert_eq!(pairs, old_pairs);
    assert_eq!(links, straits, "no link beyond the straits");
    let land: BTreeSet<_> = pairs.difference(&links).cloned().collect();
    assert_eq!(
        touching(&drawn),
        land,
        "every land pair touches, nothing else"
    );
}

#[test]
fn only_the_layout_is_rewritten_and_the_same_seed_draws_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(root().join("maps/examples/tutorial.toml")).unwrap();
    let path = dir.path().join("tutorial.toml");
    std::fs::write(&path, &text).unwrap();
    // In place, twice from the same text: the same file.
    let (code, _, err) = run(&["draw", path.to_str().unwrap(), "--seed", "3"]);
    assert_eq!(code, 0, "{err}");
    let first = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, &text).unwrap();
    run(&["draw", path.to_str().unwrap(), "--seed", "3"]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), first);
    // Everything before [layout] is kept byte for byte.
    let cut = |s: &str| s[..s.find("[layout]").unwrap_or(s.len())].to_string();
    assert_eq!(cut(&first), cut(&text));
    assert!(first.contains("[layout]\nkind = \"grid\"\n# Drawn by `rollx draw --seed 3`"));
    let (code, out, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
}

/// A random map that can be drawn: `areas` areas grown from random seeds
/// over a random grid, its neighbours those of the grid. Its text has no
/// layout and no positions.
fn random_map(areas: usize, seed: u64) -> String {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let (w, h) = (areas.div_ceil(3) + 4, 9);
    let grid = Square {
        columns: w,
        rows: h,
    };
    let mut owner: Vec<Option<usize>> = vec![None; w * h];
    let mut frontier = Vec::new();
    for a in 0..areas {
        loop {
            let i = rng.random_range(0..w * h);
            if owner[i].is_none() {
                owner[i] = Some(a);
                frontier.push(i);
                break;
            }
        }
    }
    // Grow every area a random cell at a time until the grid is full.
    while !frontier.is_empty() {
        let k = rng.random_range(0..frontier.len());
        let i = frontier[k];
        let free: Vec<usize> = grid.neighbors(i).filter(|&j| owner[j].is_none()).collect();
        if free.is_empty() {
            frontier.swap_remove(k);
            continue;
        }
        let j = free[rng.random_range(0..free.len())];
        owner[j] = owner[i];
        frontier.push(j);
    }
    let mut pairs = BTreeSet::new();
    for i in 0..w * h {
        for j in grid.neighbors(i) {
            let (a, b) = (owner[i].unwrap(), owner[j].unwrap());
            if a != b {
                pairs.insert((a.min(b), a.max(b)));
            }
        }
    }
    let mut s = String::from(
        "[map]\nid = \"random\"\nname = \"Random\"\ndescription = \"Random\"\n\n[rules]\npreset = \"rolling-america\"\n\n",
    );
    let regions = 6.min(areas);
    for r in 0..regions {
        let color = [
            "#e53935", "#1e88e5", "#43a047", "#fdd835", "#fb8c00", "#8e24aa",
        ][r];
        write!(s, "[[regions]]\nid = \"r{r}\"\ncolor = \"{color}\"\n\n").unwrap();
    }
    for a in 0..areas {
        let neighbours: Vec<String> = pairs
            .iter()
            .filter_map(|&(x, y)| match (x == a, y == a) {
                (true, _) => Some(format!("\"A{y}\"")),
                (_, true) => Some(format!("\"A{x}\"")),
                _ => None,
            })
            .collect();
        write!(
            s,
            "[[areas]]\nid = \"A{a}\"\nregion = \"r{}\"\nneighbors = [{}]\n\n",
            a * regions / areas,
            neighbours.join(", ")
        )
        .unwrap();
    }
    s
}

#[test]
fn random_planar_maps_of_10_and_25_areas_are_drawn_exactly() {
    random_planar_maps_are_drawn_exactly(&[(10, 1), (25, 2)]);
}

#[test]
#[ignore = "minutes in a debug build; run by .ci/run"]
fn random_planar_maps_of_40_and_60_areas_are_drawn_exactly() {
    random_planar_maps_are_drawn_exactly(&[(40, 3), (60, 4)]);
}

/// Random planar maps of (areas, seed) are drawn with every pair shown
/// and no new link, and the drawing passes every check.
fn random_planar_maps_are_drawn_exactly(maps: &[(usize, u64)]) {
    for &(areas, seed) in maps {
        let text = random_map(areas, seed);
        let checked = check_bytes(
            &DiskFiles,
            std::path::Path::new("random.toml"),
            text.clone().into_bytes(),
        );
        let map = checked
            .map
            .unwrap_or_else(|| panic!("{:?}\n{text}", checked.diagnostics));
        let positions = wished_positions(&map, None);
        let opts = DrawOptions::new(seed, (25, 16), map.areas.len());
        let drawing = draw(&map, &positions, &opts);
        assert!(
            drawing.is_usable(),
            "{areas} areas: extra pairs {:?}",
            drawing.extra
        );
        assert!(
            drawing.new_links.is_empty(),
            "{areas} areas: pairs not shown {:?}",
            drawing.new_links
        );
        // The drawing written into the map passes every check.
        let layout = rollx::rolling::layout_toml(&map, &drawing.grid, "test");
        let drawn = rollx::rolling::rewrite(&text, &layout, &[]).unwrap();
        let checked = check_bytes(
            &DiskFiles,
            std::path::Path::new("random.toml"),
            drawn.into_bytes(),
        );
        let errors: Vec<_> = checked
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .collect();
        assert!(errors.is_empty(), "{areas} areas: {errors:?}");
        assert!(drawing.grid.columns <= 25 && drawing.grid.rows <= 16);
    }
}

#[test]
fn a_pair_that_cannot_be_drawn_flat_becomes_a_reported_link() {
    // Five areas that all touch one another (K5) cannot be drawn flat.
    let mut s = String::from(
        "[map]\nid = \"k5\"\nname = \"K5\"\ndescription = \"K5\"\n\n[rules]\npreset = \"rolling-america\"\ndice_per_round = 2\n\n[[regions]]\nid = \"red\"\ncolor = \"#e53935\"\n\n",
    );
    for a in 0..5 {
        let others: Vec<String> = (0..5)
            .filter(|&b| b != a)
            .map(|b| format!("\"K{b}\""))
            .collect();
        write!(
            s,
            "[[areas]]\nid = \"K{a}\"\nregion = \"red\"\nneighbors = [{}]\n\n",
            others.join(", ")
        )
        .unwrap();
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k5.toml");
    std::fs::write(&path, &s).unwrap();
    // No flat drawing exists: the search stops by itself once rounds
    // find nothing better (it once ran to its time limit, 120 s by
    // default), with the drawing with one link.
    let (code, _, drew) = run(&["draw", path.to_str().unwrap(), "--time-limit", "100"]);
    assert_eq!(code, 0, "{drew}");
    assert!(!drew.contains("time limit"), "{drew}");
    assert!(drew.contains("drawn as a new link:"), "{drew}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[[links]]\nbetween = ["), "{text}");
    let (code, out, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    // Drawn flat, one of the five is ringed by the others, so no sea
    // joins the two ends of the link: `draw` says so, naming the area the
    // line must cross, and `print` refuses the sheet for the same link.
    let warned = drew
        .lines()
        .find(|l| l.starts_with("warning: no sea joins"))
        .unwrap_or_else(|| panic!("{drew}"));
    let across = warned
        .split("link across ")
        .nth(1)
        .and_then(|s| s.split(',').next())
        .unwrap();
    let pdf = dir.path().join("k5.pdf");
    let (code, _, printed) = run(&[
        "print",
        path.to_str().unwrap(),
        "--sheets",
        "1",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{printed}");
    assert!(
        printed.contains("print-link-crosses")
            && printed.contains(&format!("drawn across {across},")),
        "{warned}\n{printed}"
    );
}

#[test]
fn a_map_too_big_for_the_page_is_refused_clearly_and_left_unchanged() {
    // 300 areas in a ring: more than a 25 x 16 grid can keep apart.
    let mut s = String::from(
        "[map]\nid = \"ring\"\nname = \"Ring\"\ndescription = \"Ring\"\n\n[rules]\npreset = \"rolling-america\"\ndice_per_round = 2\n\n[[regions]]\nid = \"red\"\ncolor = \"#e53935\"\n\n",
    );
    let n = 300;
    for a in 0..n {
        write!(
            s,
            "[[areas]]\nid = \"R{a}\"\nregion = \"red\"\nneighbors = [\"R{}\", \"R{}\"]\n\n",
            (a + 1) % n,
            (a + n - 1) % n
        )
        .unwrap();
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ring.toml");
    std::fs::write(&path, &s).unwrap();
    let (code, _, err) = run(&["draw", path.to_str().unwrap(), "--time-limit", "2"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("error:") && err.contains("help:"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        s,
        "the file is untouched"
    );
}

#[test]
fn bad_arguments_and_files_get_clear_errors() {
    let (code, _, err) = run(&["draw", "no-such-map.toml"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot read no-such-map.toml"), "{err}");
    let (code, _, err) = run(&["draw", "maps/usa.toml", "--time-limit", "0", "-o", "-"]);
    assert_eq!(code, 2);
    assert!(err.contains("--time-limit"), "{err}");
    // A board of another family is refused up front.
    let (code, _, err) = run(&["draw", "maps/encore-black.toml", "-o", "-"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("`rollx draw` draws Rolling maps"), "{err}");
    // An invalid map (a typo in a neighbour) is refused with its errors.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("typo.toml");
    std::fs::write(
        &path,
        bare("maps/usa.toml").replace("\"MD\", \"NJ\", \"PA\"", "\"MDD\", \"NJ\", \"PA\""),
    )
    .unwrap();
    let (code, _, err) = run(&["draw", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("MDD") && err.contains("invalid apart from its drawing"),
        "{err}"
    );
}

#[test]
fn a_search_cut_short_by_the_time_limit_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bare.toml");
    std::fs::write(&path, bare("maps/usa.toml")).unwrap();
    let before = std::fs::read_to_string(&path).unwrap();
    let (code, _, err) = run(&["draw", path.to_str().unwrap(), "--time-limit", "0.001"]);
    // Cut short at once: the best drawing so far is either usable (written,
    // with a warning) or not (shown, the file untouched).
    match code {
        0 => assert!(err.contains("the time limit stopped the search"), "{err}"),
        1 => {
            assert!(err.contains("no drawing found"), "{err}");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
        }
        _ => panic!("{err}"),
    }
}

#[test]
fn the_drawing_does_not_depend_on_the_number_of_threads() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("bare.toml");
    std::fs::write(&input, bare("maps/examples/tutorial.toml")).unwrap();
    let draw_with = |threads: &str| {
        let out = common::rollx()
            .env("RAYON_NUM_THREADS", threads)
            .args(["draw", input.to_str().unwrap(), "--seed", "4", "-o", "-"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    let one = draw_with("1");
    assert!(String::from_utf8_lossy(&one).contains("[layout]\nkind = \"grid\""));
    assert_eq!(one, draw_with("3"), "one thread and three draw the same");
}

/// The centre `(column, row)` of an area's cells in a map's grid.
fn centre(map: &Map, id: &str) -> (f64, f64) {
    let Layout::Grid(grid) = &map.layout else {
        panic!("a grid map")
    };
    let a = map.areas.iter().position(|a| a.id == id).unwrap();
    let cells: Vec<(usize, usize)> = grid.cells_of(rollx::rolling::AreaId(a as u16)).collect();
    let n = cells.len() as f64;
    let (x, y) = cells.iter().fold((0.0, 0.0), |(x, y), &(c, r)| {
        (x + c as f64 + 0.5, y + r as f64 + 0.5)
    });
    (x / n, y / n)
}

#[test]
fn a_variant_that_adds_an_area_is_drawn_and_then_checks_clean() {
    let dir = tempfile::tempdir().unwrap();
    let base = root().join("maps/examples/tutorial.toml");
    let text =
        std::fs::read_to_string(root().join("tests/fixtures/variants/tutorial-new-area.toml"))
            .unwrap()
            .replace(
                "\"../../../maps/examples/tutorial.toml\"",
                &format!("{:?}", base.to_str().unwrap()),
            );
    let path = dir.path().join("cape.toml");
    std::fs::write(&path, &text).unwrap();
    // Its only error: the inherited grid has no cell for the new area.
    let (code, out, _) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        out.contains("grid-missing-area") && out.contains("1 error"),
        "{out}"
    );
    let (code, _, err) = run(&["draw", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("drew tutorial-cape"), "{err}");
    let (code, out, err) = run(&["check", path.to_str().unwrap(), "--deny-warnings"]);
    assert_eq!(code, 0, "{out}{err}");
    // The variant keeps its own text and gets a [layout] of its own.
    let drawn = std::fs::read_to_string(&path).unwrap();
    assert!(drawn.starts_with(&text), "{drawn}");
    assert!(drawn[text.len()..].contains("[layout]\nkind = \"grid\""));
    // The areas keep the places the inherited grid gave them: the north
    // above the south, the west left of the east.
    let map = rollx::rolling::load(&path).unwrap();
    assert_eq!(map.areas.len(), 13);
    let (fj, su, wo, ea) = (
        centre(&map, "FJ"),
        centre(&map, "SU"),
        centre(&map, "WO"),
        centre(&map, "EA"),
    );
    assert!(fj.1 < su.1 && wo.0 < ea.0, "{drawn}");
}

#[test]
fn areas_with_a_place_keep_it_and_an_island_far_from_its_anchor_too() {
    // Four areas of the tutorial map have a place: three on the mainland
    // as its grid has them, and the island (joined to Dunes, bottom right,
    // by a ferry alone) far off at the top left.
    let mut text = bare("maps/examples/tutorial.toml");
    for (id, x, y) in [
        ("HI", 5.5, 0.8),
        ("VA", 0.8, 3.5),
        ("DU", 4.5, 4.0),
        ("IS", -4.0, 0.0),
    ] {
        let from = format!("id = \"{id}\"\n");
        text = text.replacen(&from, &format!("{from}x = {x:.1}\ny = {y:.1}\n"), 1);
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("placed.toml");
    std::fs::write(&path, &text).unwrap();
    let (code, _, err) = run(&["draw", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let map = rollx::rolling::load(&path).unwrap();
    let drawn = std::fs::read_to_string(&path).unwrap();
    let at = |id: &str| centre(&map, id);
    let (hi, va, du, is) = (at("HI"), at("VA"), at("DU"), at("IS"));
    // The mainland as placed: Vale west of Highcliff and Dunes, Highcliff
    // north of Dunes.
    assert!(va.0 < hi.0 && va.0 < du.0 && hi.1 < du.1, "{drawn}");
    // The island west of every other area and north of its anchor.
    assert!(is.1 < du.1, "{drawn}");
    for a in &map.areas {
        if a.id != "IS" {
            let p = at(&a.id);
            assert!(is.0 < p.0, "{} at {p:?}, IS at {is:?}\n{drawn}", a.id);
        }
    }
}
