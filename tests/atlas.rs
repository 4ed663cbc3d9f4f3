//! Atlas maps: real shapes on the sheet. The shipped atlas maps check
//! clean and print as 100-sheet pads; `rollx check` proves the shapes
//! touch exactly where the neighbours say, and says what is wrong when
//! they do not.

mod common;

use common::{root, run};

#[test]
fn the_shipped_atlas_maps_check_clean_and_print_whole_pads() {
    let dir = tempfile::tempdir().unwrap();
    for (map, areas) in [("maps/usa-atlas.toml", 50), ("maps/japan-atlas.toml", 47)] {
        let (code, out, err) = run(&["check", map, "--deny-warnings"]);
        assert_eq!(code, 0, "{out}{err}");
        assert!(
            out.contains("layout      atlas, real shapes from atlas/"),
            "{out}"
        );
        let pdf = dir.path().join("pad.pdf");
        let (code, out, err) = run(&["print", map, "-o", pdf.to_str().unwrap()]);
        assert_eq!(code, 0, "{out}{err}");
        assert!(
            format!("{out}{err}").contains("print checks passed"),
            "{out}{err}"
        );
        // Every area's writing box is drawn once per sheet.
        let svg = dir.path().join("sheet.svg");
        let (code, _, err) = run(&[
            "print",
            map,
            "--svg",
            svg.to_str().unwrap(),
            "--sheets",
            "1",
        ]);
        assert_eq!(code, 0, "{err}");
        let text = std::fs::read_to_string(&svg).unwrap();
        let model = rollx::rolling::load(&root().join(map)).unwrap();
        assert_eq!(model.areas.len(), areas);
        for a in &model.areas {
            assert!(
                text.contains(&format!(">{}<", a.id)),
                "{map}: no box for {}",
                a.id
            );
        }
    }
}

/// A copy of the USA atlas map in a temporary folder, its shapes file
/// named by absolute path, edited by `edit`.
fn usa_atlas_with(dir: &std::path::Path, edit: impl Fn(String) -> String) -> std::path::PathBuf {
    let text = std::fs::read_to_string(root().join("maps/usa-atlas.toml")).unwrap();
    let shapes = root().join("maps/atlas/us-states.geojson");
    let text = text.replace(
        "geojson = \"atlas/us-states.geojson\"",
        &format!("geojson = {:?}", shapes.to_str().unwrap()),
    );
    let path = dir.join("map.toml");
    std::fs::write(&path, edit(text)).unwrap();
    path
}

#[test]
fn shapes_that_contradict_the_neighbours_are_errors_naming_both_areas() {
    let dir = tempfile::tempdir().unwrap();
    // Drop the Utah-Wyoming border from both lists: the shapes still share it.
    let path = usa_atlas_with(dir.path(), |t| {
        t.replace(
            "neighbors = [\"AZ\", \"CO\", \"ID\", \"NV\", \"WY\"]",
            "neighbors = [\"AZ\", \"CO\", \"ID\", \"NV\"]",
        )
        .replace(
            "neighbors = [\"CO\", \"ID\", \"MT\", \"NE\", \"SD\", \"UT\"]",
            "neighbors = [\"CO\", \"ID\", \"MT\", \"NE\", \"SD\"]",
        )
    });
    let (code, out, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    let all = format!("{out}{err}");
    assert!(all.contains("atlas-extra-pair"), "{all}");
    assert!(all.contains("`UT` and `WY` share a border"), "{all}");

    // Declare Arizona and Colorado neighbours: they meet at a point only.
    let path = usa_atlas_with(dir.path(), |t| {
        t.replace(
            "neighbors = [\"CA\", \"NM\", \"NV\", \"UT\"]",
            "neighbors = [\"CA\", \"CO\", \"NM\", \"NV\", \"UT\"]",
        )
        .replace(
            "neighbors = [\"KS\", \"NE\", \"NM\", \"OK\", \"UT\", \"WY\"]",
            "neighbors = [\"AZ\", \"KS\", \"NE\", \"NM\", \"OK\", \"UT\", \"WY\"]",
        )
    });
    let (code, out, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    let all = format!("{out}{err}");
    assert!(all.contains("atlas-missing-pair"), "{all}");
    assert!(
        all.contains("`AZ` and `CO` are declared neighbours but their shapes share no border"),
        "{all}"
    );
}

#[test]
fn a_missing_shapes_file_or_shape_is_a_located_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = usa_atlas_with(dir.path(), |t| {
        t.replace("geojson = \"/", "geojson = \"/no/such/dir/")
    });
    let (code, out, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    let all = format!("{out}{err}");
    assert!(
        all.contains("atlas-file") && all.contains("cannot read the shapes file"),
        "{all}"
    );
    assert!(all.contains("map.toml:"), "located in the map file: {all}");

    // A shapes file without Rhode Island.
    let text = std::fs::read_to_string(root().join("maps/atlas/us-states.geojson")).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let features = json["features"].as_array_mut().unwrap();
    features.retain(|f| f["properties"]["id"] != "RI");
    let shapes = dir.path().join("no-ri.geojson");
    std::fs::write(&shapes, json.to_string()).unwrap();
    let path = usa_atlas_with(dir.path(), |t| {
        let from = root().join("maps/atlas/us-states.geojson");
        t.replace(from.to_str().unwrap(), shapes.to_str().unwrap())
    });
    let (code, out, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    let all = format!("{out}{err}");
    assert!(
        all.contains("atlas-missing-area") && all.contains("area `RI` has no shape"),
        "{all}"
    );

    // `kind = "atlas"` without a file.
    let path = usa_atlas_with(dir.path(), |t| {
        let at = t.find("geojson = ").unwrap();
        let end = at + t[at..].find('\n').unwrap();
        format!("{}{}", &t[..at], &t[end + 1..])
    });
    let (code, out, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    let all = format!("{out}{err}");
    assert!(all.contains("has no `geojson`"), "{all}");
}

#[test]
fn atlas_maps_play_and_are_refereed() {
    for map in ["maps/usa-atlas.toml", "maps/japan-atlas.toml"] {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("game.json");
        let (code, _, err) = run(&[
            "play",
            map,
            "--seed",
            "5",
            "--policy",
            "greedy",
            "--log",
            log.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        let (code, out, err) = run(&["referee", log.to_str().unwrap()]);
        assert_eq!(code, 0, "{out}{err}");
    }
}

/// The areas an atlas sheet enlarges in an inset (`[layout] inset`): named
/// areas are drawn again in a corner, their boxes there, once each; a
/// misspelt area is a located error with a suggestion; areas no corner
/// can enlarge are refused by the print checks with what to do; `[]`
/// draws none; two lists name two insets; a grid map is told it draws no
/// inset.
#[test]
fn an_inset_is_named_checked_and_printed_or_refused() {
    let dir = tempfile::tempdir().unwrap();
    let with = |inset: &str| {
        usa_atlas_with(dir.path(), |t| {
            t.replace(
                "kind = \"atlas\"",
                &format!("kind = \"atlas\"\ninset = {inset}"),
            )
        })
    };
    let svg_of = |path: &std::path::Path| {
        let svg = dir.path().join("sheet.svg");
        let (code, out, err) = run(&[
            "print",
            path.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
            "--sheets",
            "1",
        ]);
        assert_eq!(code, 0, "{out}{err}");
        std::fs::read_to_string(&svg).unwrap()
    };

    let named = with("[\"RI\", \"CT\", \"MA\"]");
    let (code, out, err) = run(&["check", named.to_str().unwrap(), "--deny-warnings"]);
    assert_eq!(code, 0, "{out}{err}");
    let text = svg_of(&named);
    assert!(
        text.contains("<clipPath"),
        "the inset is clipped to its frame"
    );
    let one_box_each = |text: &str, ids: &[&str]| {
        for id in ids {
            assert_eq!(
                text.matches(&format!(">{id}<")).count(),
                1,
                "{id}: one writing box"
            );
        }
    };
    one_box_each(&text, &["RI", "CT", "MA", "NY", "TX"]);
    let none = with("[]");
    assert!(!svg_of(&none).contains("<clipPath"), "no inset");

    let misspelt = with("[\"RI\", \"CTT\"]");
    let (code, out, err) = run(&["check", misspelt.to_str().unwrap(), "--color", "never"]);
    assert_eq!(code, 1, "{out}{err}");
    let all = format!("{out}{err}");
    assert!(all.contains("there is no area `CTT`"), "{all}");
    assert!(all.contains("map.toml:"), "located: {all}");
    assert!(all.contains("did you mean `CT`?"), "{all}");

    let far = with("[\"WA\", \"FL\"]");
    let pdf = dir.path().join("far.pdf");
    let (code, out, err) = run(&["print", far.to_str().unwrap(), "-o", pdf.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(!pdf.exists(), "nothing written");
    let all = format!("{out}{err}");
    assert!(all.contains("print-inset-no-room"), "{all}");
    assert!(all.contains("no larger than the map itself"), "{all}");
    assert!(all.contains("inset = []"), "{all}");

    // A variant that removes the only area its base's inset names leaves
    // the choice to the sheet, with no unknown area.
    with("[\"RI\"]");
    let variant = dir.path().join("variant.toml");
    std::fs::write(
        &variant,
        "extends = \"map.toml\"\n[[areas]]\nid = \"RI\"\nremove = true\n",
    )
    .unwrap();
    let (code, out, err) = run(&["check", variant.to_str().unwrap(), "--color", "never"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        !format!("{out}{err}").contains("unknown-area"),
        "{out}{err}"
    );
    svg_of(&variant);

    // Two named insets (Kanto and Kansai): each drawn in its own corner,
    // each area's box once; a list mixing areas and lists is a located
    // error.
    let two = dir.path().join("two.toml");
    let japan = root().join("maps/japan-atlas.toml");
    std::fs::write(
        &two,
        format!(
            "extends = {:?}\n[layout]\ninset = [[\"TKY\", \"KNG\", \"STM\", \"CHB\"], [\"OSK\", \"KYT\", \"NAR\", \"HYG\"]]\n",
            japan.to_str().unwrap()
        ),
    )
    .unwrap();
    let text = svg_of(&two);
    assert_eq!(text.matches("<clipPath").count(), 2, "two insets");
    one_box_each(&text, &["TKY", "KNG", "OSK", "KYT", "HKD", "OKN"]);
    let mixed = with("[[\"RI\"], \"CT\"]");
    let (code, out, err) = run(&["check", mixed.to_str().unwrap(), "--color", "never"]);
    assert_eq!(code, 1, "{out}{err}");
    let all = format!("{out}{err}");
    assert!(all.contains("wrong-type"), "{all}");
    assert!(all.contains("map.toml:"), "located: {all}");
    assert!(all.contains("several: [[\"A\", \"B\"], [\"C\"]]"), "{all}");

    let grid = dir.path().join("grid.toml");
    std::fs::write(
        &grid,
        format!(
            "extends = {:?}\n[layout]\ninset = [\"RI\"]\n",
            root().join("maps/usa.toml").to_str().unwrap()
        ),
    )
    .unwrap();
    let (code, out, err) = run(&["check", grid.to_str().unwrap(), "--color", "never"]);
    assert_eq!(code, 0, "{out}{err}");
    let all = format!("{out}{err}");
    assert!(all.contains("atlas-inset"), "{all}");
    assert!(all.contains("a grid layout draws no inset"), "{all}");
}
