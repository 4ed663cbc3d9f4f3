//! Unit tests: one or more per check, on small in-memory maps.

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

use super::*;
use crate::source::Files;
use load::check_with;

/// An in-memory file system.
struct MemFiles(HashMap<PathBuf, String>);

impl Files for MemFiles {
    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        self.0
            .get(path)
            .map(|s| s.as_bytes().to_vec())
            .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no such file"))
    }
}

fn check_files(files: &[(&str, &str)]) -> Checked {
    let mem = MemFiles(
        files
            .iter()
            .map(|(p, t)| (PathBuf::from(p), t.to_string()))
            .collect(),
    );
    check_with(&mem, Path::new(files[0].0)).expect("top file exists")
}

fn check_text(text: &str) -> Checked {
    check_files(&[("m.toml", text)])
}

/// `(code, line)` of every finding, in reading order.
fn findings(c: &Checked) -> Vec<(&'static str, u32)> {
    c.diagnostics
        .iter()
        .map(|d| {
            (
                d.code,
                d.primary().map_or(0, |l| c.sources.position(l).line),
            )
        })
        .collect()
}

fn codes(c: &Checked) -> Vec<&'static str> {
    c.diagnostics.iter().map(|d| d.code).collect()
}

/// A valid four-area map: A-B-C-D in a row, regions r (A, B) and g (C, D).
const HEAD: &str = r##"[map]
id = "t"
name = "T"
description = "test"

[rules]
preset = "rolling-america"
rounds = 3
dice_per_round = 2
[rules.powers]
dupe = 0

[[regions]]
id = "r"
color = "#ff0000"

[[regions]]
id = "g"
color = "#00ff00"
"##;

fn area(id: &str, region: &str, neighbors: &[&str]) -> String {
    let list: Vec<String> = neighbors.iter().map(|n| format!("\"{n}\"")).collect();
    format!(
        "\n[[areas]]\nid = \"{id}\"\nregion = \"{region}\"\nneighbors = [{}]\n",
        list.join(", ")
    )
}

fn row_map() -> String {
    let mut s = HEAD.to_string();
    s += &area("A", "r", &["B"]);
    s += &area("B", "r", &["A", "C"]);
    s += &area("C", "g", &["B", "D"]);
    s += &area("D", "g", &["C"]);
    s
}

fn with_grid(map: &str, grid: &str) -> String {
    format!("{map}\n[layout]\nkind = \"grid\"\ngrid = '''\n{grid}\n'''\n")
}

#[test]
fn a_valid_map_loads_with_dense_indices() {
    let c = check_text(&with_grid(&row_map(), "A B C D"));
    assert_eq!(findings(&c), []);
    let map = c.map.expect("valid");
    assert_eq!(map.areas.len(), 4);
    let b = map.area_by_code("B").unwrap();
    assert_eq!(map.area(b).neighbors, [AreaId(0), AreaId(2)]);
    assert_eq!(map.region(map.area(b).region).id, "r");
    assert_eq!(map.regions[1].areas, [AreaId(2), AreaId(3)]);
    assert_eq!(map.edges().len(), 3);
    assert_eq!(map.rules.rounds, 3);
    let Layout::Grid(g) = &map.layout else {
        panic!("grid layout")
    };
    assert_eq!((g.columns, g.rows), (4, 1));
    assert_eq!(g.cells_of(AreaId(3)).collect::<Vec<_>>(), [(3, 0)]);
}

#[test]
fn syntax_errors_are_located() {
    let c = check_text("[map]\nid = \"x\"\nname = \n");
    assert_eq!(findings(&c), [("syntax", 3)]);
    assert!(c.map.is_none());
}

#[test]
fn unknown_keys_suggest_the_nearest_key() {
    let c = check_text(&row_map().replace(
        "region = \"g\"\nneighbors = [\"C\"]",
        "region = \"g\"\nneighbours = [\"C\"]",
    ));
    let d = c
        .diagnostics
        .iter()
        .find(|d| d.code == "unknown-key")
        .expect("unknown key");
    assert_eq!(d.help.as_deref(), Some("did you mean `neighbors`?"));
}

#[test]
fn wrong_types_are_reported_and_the_rest_still_checked() {
    let c = check_text(
        &row_map()
            .replace("rounds = 3", "rounds = \"3\"")
            .replace("id = \"D\"", "id = 4"),
    );
    let codes = codes(&c);
    assert_eq!(codes.iter().filter(|&&c| c == "wrong-type").count(), 2);
    // D's entry lost its id, so C's reference to D is unknown too; but the
    // id was written, so it is not also reported as missing.
    assert!(!codes.contains(&"missing-field"), "{codes:?}");
    assert!(codes.contains(&"unknown-area"));
}

#[test]
fn a_field_of_the_wrong_type_is_reported_once() {
    // `[map] id = 3`: a wrong type, not a missing id as well.
    let c = check_text(&row_map().replace("id = \"t\"", "id = 3"));
    assert_eq!(findings(&c), [("wrong-type", 2)]);
    // `region = 5`: a wrong type, not an area without a region as well.
    let c = check_text(&row_map().replace(
        "region = \"g\"\nneighbors = [\"C\"]",
        "region = 5\nneighbors = [\"C\"]",
    ));
    assert_eq!(codes(&c), ["wrong-type"]);
    // The same for the other required keys, and for whole tables.
    for (from, to) in [
        ("name = \"T\"", "name = []"),
        ("preset = \"rolling-america\"", "preset = 1"),
        ("color = \"#ff0000\"", "color = 255"),
        (
            "[map]\nid = \"t\"\nname = \"T\"\ndescription = \"test\"\n",
            "map = 1\n",
        ),
    ] {
        let c = check_text(&row_map().replace(from, to));
        assert_eq!(codes(&c), ["wrong-type"], "{to}");
    }
    // A key that is really missing is still reported.
    let c = check_text(&row_map().replace("id = \"t\"\n", ""));
    assert_eq!(codes(&c), ["missing-field"]);
}

#[test]
fn missing_required_fields_point_at_their_table() {
    let c = check_text(
        &row_map()
            .replace("name = \"T\"\n", "")
            .replace("preset = \"rolling-america\"\n", ""),
    );
    assert_eq!(findings(&c), [("missing-field", 1), ("missing-field", 5)]);
}

#[test]
fn duplicate_ids_name_both_places() {
    let c = check_text(&(row_map() + &area("A", "g", &[])));
    let d = c
        .diagnostics
        .iter()
        .find(|d| d.code == "duplicate-id")
        .unwrap();
    assert_eq!(d.labels.len(), 2);
}

#[test]
fn unknown_references_are_reported() {
    let c = check_text(
        &row_map()
            .replace(
                "neighbors = [\"A\", \"C\"]",
                "neighbors = [\"A\", \"C\", \"Q\"]",
            )
            .replace("region = \"g\"", "region = \"gg\""),
    );
    assert!(codes(&c).contains(&"unknown-area"));
    assert!(codes(&c).contains(&"unknown-region"));
}

#[test]
fn self_and_duplicate_neighbours() {
    let c = check_text(&row_map().replace(
        "neighbors = [\"A\", \"C\"]",
        "neighbors = [\"A\", \"C\", \"B\", \"A\"]",
    ));
    assert_eq!(codes(&c), ["self-neighbor", "duplicate-neighbor"]);
    assert!(c.map.is_none(), "self-neighbor is an error");
}

#[test]
fn asymmetric_adjacency_names_both_lines() {
    let c = check_text(&row_map().replace("neighbors = [\"C\"]\n", "neighbors = []\n"));
    let d = c
        .diagnostics
        .iter()
        .find(|d| d.code == "asymmetric-adjacency")
        .unwrap();
    let lines: Vec<u32> = d
        .labels
        .iter()
        .map(|l| c.sources.position(l.loc).line)
        .collect();
    assert_eq!(lines.len(), 2);
    assert_ne!(lines[0], lines[1]);
    assert!(d.message.contains("`C` lists `D`"), "{}", d.message);
}

#[test]
fn empty_region_and_region_without_die() {
    let c = check_text(
        &row_map()
            .replace("rounds = 3", "rounds = 3\nwild = \"g\"")
            .replace(
                "[[regions]]\nid = \"g\"",
                "[[regions]]\nid = \"y\"\ncolor = \"#ffff00\"\n\n[[regions]]\nid = \"g\"",
            ),
    );
    assert!(codes(&c).contains(&"empty-region"));
    assert!(codes(&c).contains(&"region-without-die"));
}

#[test]
fn area_without_region() {
    let c = check_text(&row_map().replace("id = \"D\"\nregion = \"g\"\n", "id = \"D\"\n"));
    assert_eq!(codes(&c), ["area-without-region"]);
}

#[test]
fn isolated_areas_must_be_immune() {
    let isolated = row_map() + &area("E", "g", &[]);
    assert_eq!(codes(&check_text(&isolated)), ["isolated-area"]);
    let immune = isolated.replace(
        "id = \"E\"\nregion = \"g\"",
        "id = \"E\"\nregion = \"g\"\nimmune = true",
    );
    assert_eq!(codes(&check_text(&immune)), [] as [&str; 0]);
}

#[test]
fn disconnected_maps_name_their_components() {
    let mut s = HEAD.to_string();
    s += &area("A", "r", &["B"]);
    s += &area("B", "r", &["A"]);
    s += &area("C", "g", &["D"]);
    s += &area("D", "g", &["C"]);
    let c = check_text(&s);
    let d = c
        .diagnostics
        .iter()
        .find(|d| d.code == "disconnected")
        .expect("disconnected");
    assert!(
        d.message.contains("{A, B}") && d.message.contains("{C, D}"),
        "{}",
        d.message
    );
    assert_eq!(c.report.components, 2);
}

#[test]
fn split_regions_warn() {
    let s = row_map()
        .replace("id = \"B\"\nregion = \"r\"", "id = \"B\"\nregion = \"g\"")
        .replace("id = \"C\"\nregion = \"g\"", "id = \"C\"\nregion = \"r\"");
    let c = check_text(&s);
    assert_eq!(
        codes(&c),
        ["region-not-contiguous", "region-not-contiguous"]
    );
    assert!(c.map.is_some(), "a warning does not invalidate the map");
}

#[test]
fn a_grid_typo_suggests_the_areas_around_it_first() {
    // ES and CZ are both one letter from CS; the typo sits inside CZ.
    let mut map = HEAD.to_string();
    map += &area("ES", "r", &["FR"]);
    map += &area("FR", "r", &["ES", "CZ"]);
    map += &area("CZ", "g", &["FR"]);
    let help = |grid: &str| {
        let c = check_text(&with_grid(&map, grid));
        let d = c
            .diagnostics
            .iter()
            .find(|d| d.code == "grid-unknown-token")
            .cloned()
            .unwrap();
        d.help.unwrap()
    };
    assert_eq!(
        help("ES FR CZ CZ\nES FR CZ CS\nES FR CZ CZ"),
        "did you mean `CZ`? Use `.` for sea"
    );
    // When no area around it looks like the typo, the whole map is searched.
    assert_eq!(
        help("ES FR . . . CZ\nFR FR . . . EX"),
        "did you mean `ES`? Use `.` for sea"
    );
}

#[test]
fn grid_tokens_must_be_areas_and_rows_even() {
    let c = check_text(&with_grid(&row_map(), "A B C D\nA X . ."));
    assert_eq!(findings(&c), [("grid-unknown-token", 45)]);
    let c = check_text(&with_grid(&row_map(), "A B C D\nA B"));
    assert_eq!(codes(&c), ["grid-ragged"]);
}

#[test]
fn grid_token_locations_point_at_the_cell() {
    let c = check_text(&with_grid(&row_map(), "A B C D\n. . X ."));
    let loc = c.diagnostics[0].primary().unwrap();
    assert_eq!(c.sources.snippet(loc), "X");
    assert_eq!(c.sources.position(loc).column, 5);
}

#[test]
fn every_area_drawn_in_one_piece() {
    assert_eq!(
        codes(&check_text(&with_grid(&row_map(), "A B C ."))),
        ["grid-missing-area"]
    );
    assert_eq!(
        codes(&check_text(&with_grid(&row_map(), "A B C D\nD . . ."))),
        ["grid-extra-pair", "grid-area-split"]
    );
}

#[test]
fn grid_contacts_must_equal_declared_neighbours() {
    // C and D swapped: B touches D, C touches nothing declared.
    let c = check_text(&with_grid(&row_map(), "A B D C"));
    let mut got = codes(&c);
    got.sort_unstable();
    assert_eq!(got, ["grid-extra-pair", "grid-missing-pair"]);
    // Corners never count.
    let c = check_text(&with_grid(&row_map(), "A B . .\n. . C D"));
    assert_eq!(codes(&c), ["grid-missing-pair"]);
}

#[test]
fn links_complete_the_grid_and_must_be_neighbours() {
    let linked = row_map() + "\n[[links]]\nbetween = [\"B\", \"C\"]\nname = \"bridge\"\n";
    let c = check_text(&with_grid(&linked, "A B . C D"));
    assert_eq!(findings(&c), []);
    assert_eq!(c.map.unwrap().links[0].name.as_deref(), Some("bridge"));
    // A link over areas that touch anyway.
    let c = check_text(&with_grid(&linked, "A B C D"));
    assert_eq!(codes(&c), ["link-touches"]);
    // A link that is not a declared neighbour pair.
    let bad = row_map() + "\n[[links]]\nbetween = [\"A\", \"D\"]\n";
    assert_eq!(codes(&check_text(&bad)), ["link-not-neighbor"]);
}

#[test]
fn playability_warns_when_dice_run_short() {
    // One round of two dice for four areas.
    let c = check_text(&row_map().replace("rounds = 3", "rounds = 1"));
    assert!(codes(&c).contains(&"too-few-dice"), "{:?}", codes(&c));
    let dice = c.report.dice.unwrap();
    assert_eq!((dice.results_per_game, dice.areas), (2, 4));
    // Five areas in region r: 3 rounds x 2 dice / 3 dice in the bag = 2 own
    // + 2 wild = 4 dice can reach it on average.
    let mut s = row_map().replace("id = \"C\"\nregion = \"g\"", "id = \"C\"\nregion = \"r\"");
    s = s.replace(
        "neighbors = [\"A\", \"C\"]",
        "neighbors = [\"A\", \"C\", \"E\", \"F\"]",
    );
    s += &area("E", "r", &["B"]);
    s += &area("F", "r", &["B"]);
    s = s.replace("rounds = 3", "rounds = 3\ndice_per_round = 2");
    let c = check_text(&s.replacen("dice_per_round = 2\n", "", 1));
    assert_eq!(codes(&c), ["region-unfillable"]);
    assert!((c.report.regions[0].reach - 4.0).abs() < 1e-9);
    assert_eq!(c.report.regions[0].size, 5);
}

#[test]
fn rule_values_are_range_checked() {
    let s = row_map().replace(
        "rounds = 3",
        "rounds = 0\nfaces = [1, 1]\ndice_per_turn = 3",
    );
    let c = check_text(&s);
    assert_eq!(
        codes(&c).iter().filter(|&&c| c == "invalid-value").count(),
        4,
        "{:?}",
        findings(&c)
    );
}

#[test]
fn presets_set_the_rules() {
    let c = check_text(&row_map().replace("rolling-america", "rolling-japan"));
    let rules = c.map.unwrap().rules;
    assert_eq!(rules.wild, "purple");
    assert_eq!(
        (
            rules.powers.color_change,
            rules.powers.guard,
            rules.powers.dupe
        ),
        (3, 0, 0)
    );
    assert_eq!(rules.faces, [1, 2, 3, 4, 5, 6]);
}

#[test]
fn rule_options_are_read() {
    let s = row_map()
        + "\n[rules.options]\nwild_without_placement = \"no-effect\"\nguard_covers_dupe = false\n";
    // [rules.options] after the areas is still part of [rules].
    let c = check_text(&s);
    let o = c.map.unwrap().rules.options;
    assert_eq!(o.wild_without_placement, WildWithoutPlacement::NoEffect);
    assert!(!o.guard_covers_dupe);
    assert!(o.color_change_anytime);
    assert!(!o.color_change_on_cross, "off unless asked for");
    let on = check_text(&(row_map() + "\n[rules.options]\ncolor_change_on_cross = true\n"));
    assert!(on.map.unwrap().rules.options.color_change_on_cross);
    let wrong = check_text(&(row_map() + "\n[rules.options]\ncolor_change_on_cross = \"yes\"\n"));
    assert!(
        wrong.diagnostics.iter().any(|d| d.code == "wrong-type"),
        "{:?}",
        wrong.diagnostics
    );
}

#[test]
fn invalid_utf8_is_a_located_error() {
    let mem = MemFiles(HashMap::new());
    let c = check_bytes(
        &mem,
        Path::new("x.toml"),
        b"[map]\nid = \"\xff\"\n".to_vec(),
    );
    assert_eq!(findings(&c), [("encoding", 2)]);
}

const BASE: &str = "base.toml";

fn base_with_grid() -> String {
    with_grid(&row_map(), "A B C D")
}

#[test]
fn variants_override_fields_and_inherit_the_rest() {
    let variant = "extends = \"base.toml\"\n[map]\nid = \"v\"\n[rules.powers]\nguard = 5\n[[areas]]\nid = \"B\"\nregion = \"g\"\n";
    let c = check_files(&[("v.toml", variant), (BASE, &base_with_grid())]);
    assert_eq!(findings(&c), []);
    let map = c.map.unwrap();
    assert_eq!(map.info.id, "v");
    assert_eq!(map.info.name, "T");
    assert_eq!(map.rules.powers.guard, 5);
    assert_eq!(map.rules.rounds, 3);
    let b = map.area_by_code("B").unwrap();
    assert_eq!(map.region(map.area(b).region).id, "g");
    assert_eq!(map.area(b).neighbors.len(), 2);
}

#[test]
fn variants_remove_areas_everywhere() {
    let variant = "extends = \"base.toml\"\n[[areas]]\nid = \"D\"\nremove = true\n";
    let c = check_files(&[("v.toml", variant), (BASE, &base_with_grid())]);
    assert_eq!(findings(&c), []);
    let map = c.map.unwrap();
    assert_eq!(map.areas.len(), 3);
    let Layout::Grid(g) = &map.layout else {
        panic!()
    };
    assert_eq!(
        g.cells.iter().filter(|c| c.is_none()).count(),
        1,
        "D's cell is sea"
    );
    assert!(map.area(map.area_by_code("C").unwrap()).neighbors.len() == 1);
}

#[test]
fn variants_add_areas_and_edit_neighbours() {
    let variant = "extends = \"base.toml\"\n\
        [[areas]]\nid = \"E\"\nregion = \"g\"\nneighbors = [\"D\"]\n\
        [[areas]]\nid = \"D\"\nadd_neighbors = [\"E\"]\n\
        [layout]\ngrid = '''\nA B C D E\n'''\n";
    let c = check_files(&[("v.toml", variant), (BASE, &base_with_grid())]);
    assert_eq!(findings(&c), []);
    assert_eq!(c.map.unwrap().areas.len(), 5);

    let variant = "extends = \"base.toml\"\n[[areas]]\nid = \"D\"\nremove_neighbors = [\"C\"]\n[[areas]]\nid = \"C\"\nremove_neighbors = [\"D\", \"A\"]\n";
    let c = check_files(&[("v.toml", variant), (BASE, &row_map())]);
    // A is not C's neighbour; D is then isolated.
    assert_eq!(codes(&c), ["unknown-area", "isolated-area"]);
}

#[test]
fn a_variant_listing_an_entry_twice_is_reported_as_in_a_base_file() {
    // An existing area, a new one, a region and a link, each listed twice.
    let variant = "extends = \"base.toml\"\n\
        [[areas]]\nid = \"B\"\nregion = \"g\"\n\
        [[areas]]\nid = \"B\"\nname = \"Bee\"\n\
        [[regions]]\nid = \"g\"\nname = \"Green\"\n\
        [[regions]]\nid = \"g\"\nname = \"Grün\"\n\
        [[links]]\nbetween = [\"B\", \"C\"]\n\
        [[links]]\nbetween = [\"C\", \"B\"]\n";
    let c = check_files(&[("v.toml", variant), (BASE, &row_map())]);
    assert_eq!(
        codes(&c),
        ["duplicate-id", "duplicate-id", "duplicate-link"],
        "{:?}",
        c.diagnostics
    );
    for d in &c.diagnostics {
        assert_eq!(d.labels.len(), 2, "both places: {d:?}");
        let loc = d.primary().unwrap();
        assert_eq!(c.sources.get(loc.source).path, Path::new("v.toml"));
    }
    // The same entries once each are fine.
    let once = "extends = \"base.toml\"\n[[areas]]\nid = \"B\"\nname = \"Bee\"\n";
    let c = check_files(&[("v.toml", once), (BASE, &row_map())]);
    assert_eq!(findings(&c), []);
}

#[test]
fn variant_errors_point_into_the_right_file() {
    let variant = "extends = \"base.toml\"\n[[areas]]\nid = \"B\"\nregion = \"nope\"\n";
    let c = check_files(&[("v.toml", variant), (BASE, &row_map())]);
    let loc = c.diagnostics[0].primary().unwrap();
    assert_eq!(c.sources.get(loc.source).path, Path::new("v.toml"));
    // And errors in the base are reported in the base.
    let base = row_map().replace("neighbors = [\"C\"]", "neighbors = [\"C\", \"Z\"]");
    let c = check_files(&[("v.toml", "extends = \"base.toml\"\n"), (BASE, &base)]);
    let loc = c.diagnostics[0].primary().unwrap();
    assert_eq!(c.sources.get(loc.source).path, Path::new("base.toml"));
}

#[test]
fn extends_cycles_and_missing_bases_are_errors() {
    let c = check_files(&[
        ("a.toml", "extends = \"b.toml\"\n"),
        ("b.toml", "extends = \"a.toml\"\n"),
    ]);
    assert_eq!(findings(&c), [("extends-cycle", 1)]);
    let c = check_files(&[("a.toml", "extends = \"nowhere.toml\"\n")]);
    assert_eq!(findings(&c), [("extends-not-found", 1)]);
    let c = check_files(&[("a.toml", "[[areas]]\nid = \"A\"\nremove = true\n")]);
    assert!(
        codes(&c).contains(&"invalid-value"),
        "remove without extends"
    );
}

#[test]
fn extends_paths_are_relative_to_the_variant() {
    let c = check_files(&[
        ("maps/fan/v.toml", "extends = \"../base.toml\"\n"),
        ("maps/base.toml", &row_map()),
    ]);
    assert_eq!(findings(&c), []);
}

#[test]
fn mono_letters_are_one_letter_each_and_unique() {
    let with_letters = |r: &str, g: &str| {
        row_map()
            .replace(
                "id = \"r\"\ncolor = \"#ff0000\"",
                &format!("id = \"r\"\ncolor = \"#ff0000\"\nmono_letter = \"{r}\""),
            )
            .replace(
                "id = \"g\"\ncolor = \"#00ff00\"",
                &format!("id = \"g\"\ncolor = \"#00ff00\"\nmono_letter = \"{g}\""),
            )
    };
    let c = check_text(&with_letters("k", "7"));
    assert_eq!(findings(&c), []);
    let map = c.map.expect("valid");
    assert_eq!(map.regions[0].mono_letter, Some('K'));
    assert_eq!(map.regions[1].mono_letter, Some('7'));
    // Not one letter: located at the value.
    let c = check_text(&with_letters("KK", "-"));
    assert_eq!(findings(&c), [("invalid-value", 16), ("invalid-value", 21)]);
    // The same letter twice (in any case): both places are shown.
    let c = check_text(&with_letters("b", "B"));
    assert_eq!(findings(&c), [("invalid-value", 21)]);
    assert_eq!(c.diagnostics[0].labels.len(), 2);
    assert!(c.diagnostics[0].message.contains("mono letter `B`"));
}

#[test]
fn water_cells_are_sea_for_the_rules_and_water_on_the_sheet() {
    // B and C neighbour across the water, through a link: they do not touch.
    let map = row_map() + "\n[[links]]\nbetween = [\"B\", \"C\"]\n";
    let c = check_text(&with_grid(&map, "A B ~ C D"));
    assert_eq!(findings(&c), []);
    let m = c.map.expect("valid");
    let Layout::Grid(g) = &m.layout else {
        panic!("grid layout")
    };
    assert_eq!(g.water, [false, false, true, false, false]);
    assert!(g.is_water(2, 0) && g.cell(2, 0).is_none());
    // Without the link, B and C do not touch across the water.
    let c = check_text(&with_grid(&row_map(), "A B ~ C D"));
    assert_eq!(codes(&c), ["grid-missing-pair"]);
}

#[test]
fn positions_need_both_coordinates_as_finite_numbers() {
    let with = |extra: &str| {
        row_map().replace(
            "id = \"A\"\nregion = \"r\"",
            &format!("id = \"A\"\nregion = \"r\"\n{extra}"),
        )
    };
    let c = check_text(&with("x = 1\ny = -2.5"));
    assert_eq!(findings(&c), []);
    let m = c.map.expect("valid");
    assert_eq!(m.areas[0].position, Some(Position { x: 1.0, y: -2.5 }));
    assert_eq!(m.areas[1].position, None);
    let c = check_text(&with("x = 1"));
    assert_eq!(codes(&c), ["missing-field"]);
    assert!(c.diagnostics[0].message.contains("has `x` but no `y`"));
    let c = check_text(&with("x = inf\ny = 0"));
    assert_eq!(codes(&c), ["invalid-value"]);
    let c = check_text(&with("x = \"left\"\ny = 0"));
    assert_eq!(codes(&c), ["wrong-type"]);
}
