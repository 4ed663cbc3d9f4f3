//! `rollx check` as a user runs it: exit codes, output, snapshots, and the
//! shipped maps against the reference facts.

mod common;
use common::{rollx, root, toml_files};

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// Runs `rollx check` and returns (exit code, stdout, stderr).
fn check(args: &[&str]) -> (i32, String, String) {
    let out = rollx().arg("check").args(args).output().expect("runs");
    (
        out.status.code().expect("exit code"),
        String::from_utf8(out.stdout).expect("utf-8 stdout"),
        String::from_utf8(out.stderr).expect("utf-8 stderr"),
    )
}

fn json(path: &str) -> Value {
    let (code, out, _) = check(&["--format", "json", path]);
    assert!(code == 0 || code == 1, "exit {code}");
    serde_json::from_str(&out).expect("valid JSON")
}

/// Unordered pairs from the report's neighbour lists.
fn pairs(report: &Value) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for area in report["areas"].as_array().unwrap() {
        let a = area["id"].as_str().unwrap().to_string();
        for n in area["neighbors"].as_array().unwrap() {
            let b = n.as_str().unwrap().to_string();
            out.insert((a.clone().min(b.clone()), a.clone().max(b)));
        }
    }
    out
}

fn csv_rows(name: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(root().join("tests/fixtures/reference").join(name)).unwrap();
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split(',').map(|c| c.trim().to_string()).collect())
        .collect()
}

/// Every shipped map and board (`maps/`, `maps/examples/`), as paths from
/// the project's root, with what `check` calls it: its family's noun
/// (`map`, `board`), by the `[game] family` the file names (or the file it
/// extends).
fn shipped() -> Vec<(String, &'static str)> {
    let mut out = Vec::new();
    for dir in ["maps", "maps/examples"] {
        for path in toml_files(dir) {
            let text = std::fs::read_to_string(&path).unwrap();
            let noun = rollx::families::family_of_text(&rollx::source::DiskFiles, &path, &text)
                .expect("a shipped file is of a registered family")
                .noun();
            let rel = path
                .strip_prefix(root())
                .unwrap()
                .to_string_lossy()
                .to_string();
            out.push((rel, noun));
        }
    }
    out
}

/// Each shipped file is checked twice (text and JSON): an Encore board's
/// check takes up to seconds in a debug build.
#[test]
fn shipped_maps_are_valid_without_warnings_and_match_snapshots() {
    let shipped = shipped();
    for map in [
        "maps/usa.toml",
        "maps/japan.toml",
        "maps/examples/tutorial.toml",
        "maps/examples/usa-mainland.toml",
        "maps/encore-black.toml",
    ] {
        assert!(shipped.iter().any(|(m, _)| m == map), "{map} is shipped");
    }
    for (map, noun) in &shipped {
        // Without warnings, --deny-warnings changes nothing in the output.
        let (code, text, err) = check(&["--deny-warnings", map]);
        assert_eq!(code, 0, "{map}:\n{text}{err}");
        assert!(
            text.starts_with(&format!("ok: {map} is a valid {noun}")),
            "{text}"
        );
        assert!(text.contains("warnings: 0"), "{map}: {text}");
        let name = Path::new(map)
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .to_string();
        insta::assert_snapshot!(format!("check-{name}"), text);
        let (_, json, _) = check(&["--format", "json", map]);
        insta::assert_snapshot!(format!("check-{name}-json"), json);
    }
}

#[test]
fn usa_json_lists_exactly_the_106_printed_pairs() {
    let report = json("maps/usa.toml");
    let expected: BTreeSet<(String, String)> = csv_rows("rolling-america-sheet-adjacency.csv")
        .into_iter()
        .map(|r| {
            (
                r[0].clone().min(r[1].clone()),
                r[0].clone().max(r[1].clone()),
            )
        })
        .collect();
    assert_eq!(expected.len(), 106);
    assert_eq!(pairs(&report), expected);
    assert_eq!(report["edges"], 106);
    assert_eq!(report["map"], "usa");
    // Neighbour lists are sorted.
    for area in report["areas"].as_array().unwrap() {
        let list: Vec<&str> = area["neighbors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        let mut sorted = list.clone();
        sorted.sort_unstable();
        assert_eq!(list, sorted);
    }
}

#[test]
fn usa_regions_and_immunity_match_the_sheet() {
    let report = json("maps/usa.toml");
    let areas = report["areas"].as_array().unwrap();
    assert_eq!(areas.len(), 50);
    for row in csv_rows("rolling-america-sheet-regions.csv") {
        let area = areas
            .iter()
            .find(|a| a["id"] == row[0].as_str())
            .expect("state present");
        assert_eq!(area["name"], row[1].as_str());
        assert_eq!(area["region"], row[2].as_str(), "{}", row[0]);
        assert_eq!(area["immune"], row[3] == "yes", "{}", row[0]);
    }
    let sizes: Vec<u64> = report["regions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["size"].as_u64().unwrap())
        .collect();
    assert_eq!(sizes.iter().sum::<u64>(), 50);
}

#[test]
fn japan_matches_the_real_borders_and_links() {
    let report = json("maps/japan.toml");
    let areas = report["areas"].as_array().unwrap();
    assert_eq!(areas.len(), 47);
    // Area codes are short; map them back to prefecture ids by name.
    let by_name = |name: &str| -> String {
        areas
            .iter()
            .find(|a| a["name"].as_str().unwrap().eq_ignore_ascii_case(name))
            .unwrap_or_else(|| panic!("{name} missing"))["id"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let regions = csv_rows("rolling-japan-regions.csv");
    for row in &regions {
        let id = by_name(&row[1]);
        let area = areas.iter().find(|a| a["id"] == id.as_str()).unwrap();
        assert_eq!(area["region"], row[4].as_str(), "{}", row[1]);
    }
    let name_of = |pref: &str| regions.iter().find(|r| r[0] == pref).unwrap()[1].clone();
    let mut expected = BTreeSet::new();
    let mut expected_links = BTreeSet::new();
    let rows = csv_rows("japan-adjacency.csv");
    assert_eq!(rows.iter().filter(|r| r[2] == "land").count(), 86);
    for r in rows {
        let (a, b) = (by_name(&name_of(&r[0])), by_name(&name_of(&r[1])));
        let pair = (a.clone().min(b.clone()), a.max(b));
        expected.insert(pair.clone());
        if r[2] != "land" {
            expected_links.insert(pair);
        }
    }
    assert_eq!(pairs(&report), expected);
    let links: BTreeSet<(String, String)> = report["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let (a, b) = (
                l["between"][0].as_str().unwrap().to_string(),
                l["between"][1].as_str().unwrap().to_string(),
            );
            (a.clone().min(b.clone()), a.max(b))
        })
        .collect();
    assert_eq!(
        links, expected_links,
        "straits, bridges and Okayama-Kagawa are links"
    );
}

/// The broken files: `tests/fixtures/bad/` for a map's own checks,
/// `tests/fixtures/limits/` for the limits of printing and training, which
/// `rollx check` adds (the map library alone finds nothing there), and
/// `tests/fixtures/encore/` for Encore boards (one per `board-*` code)
/// and `tests/fixtures/diceland/` for Diceland boards (one per `land-*`
/// code).
const FIXTURE_DIRS: [&str; 4] = [
    "tests/fixtures/bad",
    "tests/fixtures/limits",
    "tests/fixtures/encore",
    "tests/fixtures/diceland",
];

fn bad_fixtures() -> Vec<PathBuf> {
    FIXTURE_DIRS.iter().flat_map(|d| toml_files(d)).collect()
}

/// Codes whose fixtures hold only warnings: the map or board stays valid.
const WARNINGS: [&str; 30] = [
    "atlas-inset",
    "atlas-unknown-shape",
    "board-block-sizes",
    "board-block-too-large",
    "board-color-boxes",
    "board-color-stars",
    "board-column-colors",
    "board-column-stars",
    "duplicate-link",
    "duplicate-neighbor",
    "land-chokepoint",
    "land-color-stars",
    "land-unreachable",
    "land-zone-size",
    "link-touches",
    "print-box-too-small",
    "print-callout-far",
    "print-color-too-pale",
    "print-colors-too-close",
    "print-inset-no-room",
    "print-leaders-cross",
    "print-link-crosses",
    "print-link-detour",
    "print-link-hidden",
    "print-text-overflow",
    "region-not-contiguous",
    "region-tiny",
    "region-unfillable",
    "too-few-dice",
    "too-many-faces",
];

/// Codes about a whole file, which has no line to point at (a binary file).
const FILE_LEVEL: [&str; 1] = ["not-text"];

#[test]
fn every_broken_fixture_reports_its_own_code_with_a_location() {
    let fixtures = bad_fixtures();
    assert!(fixtures.len() >= 15, "corpus has {} maps", fixtures.len());
    for path in fixtures {
        let code = path.file_stem().unwrap().to_str().unwrap().to_string();
        let rel = path
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .to_string();
        // Snapshots are named by folder: `bad-syntax`, `encore-board-ragged`.
        let folder = path
            .parent()
            .and_then(Path::file_name)
            .unwrap()
            .to_string_lossy()
            .to_string();
        let report = json(&rel);
        // A folder named after a family holds that family's files.
        let family = rollx::families::Family::by_name(&folder);
        if let Some(family) = family {
            assert_eq!(
                report["family"],
                family.name(),
                "{rel} is read as {}",
                family.a_file()
            );
        }
        let key = if WARNINGS.contains(&code.as_str()) {
            "warnings"
        } else {
            "errors"
        };
        let found: Vec<&Value> = report[key]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["code"] == code.as_str())
            .collect();
        assert!(
            !found.is_empty(),
            "{rel} does not report {code}: {report:#}"
        );
        for d in found {
            if FILE_LEVEL.contains(&code.as_str()) {
                // About the whole file: named, with no place in it.
                assert_eq!(d["file"], rel.as_str(), "{rel}: {d:#}");
                assert!(d["line"].is_null() && d["labels"] == serde_json::json!([]));
                continue;
            }
            assert!(d["line"].as_u64().unwrap() >= 1, "{rel}: no line");
            assert!(d["column"].as_u64().unwrap() >= 1, "{rel}: no column");
            assert!(!d["message"].as_str().unwrap().is_empty());
            if family.is_some() {
                assert!(
                    d["help"].as_str().is_some_and(|h| !h.is_empty()),
                    "{rel}: a finding of a family's folder says how to fix it: {d:#}"
                );
            }
        }
        let (exit, text, _) = check(&[&rel]);
        let want = if key == "errors" { 1 } else { 0 };
        assert_eq!(exit, want, "{rel}:\n{text}");
        insta::assert_snapshot!(format!("{folder}-{code}"), text);
    }
}

#[test]
fn every_documented_code_has_a_fixture() {
    let docs = std::fs::read_to_string(root().join("docs/diagnostics.md")).unwrap();
    let documented: BTreeSet<String> = docs
        .lines()
        .filter_map(|l| l.strip_prefix("### `"))
        .map(|l| l.trim_end_matches('`').to_string())
        .collect();
    let fixtures: BTreeSet<String> = bad_fixtures()
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().to_string())
        .collect();
    assert_eq!(
        documented, fixtures,
        "docs/diagnostics.md and tests/fixtures/{{bad,limits,encore,diceland}}/ list the same codes"
    );
}

/// Kebab-case string literals in the sources that are not diagnostic codes.
const NOT_CODES: [&str; 17] = [
    // `rollx watch`: an HTTP header's value, the program that opens a
    // browser.
    "no-store",
    // The values of the rules option `mistakes`; the ids of files in the
    // tests of `rollx new`.
    "per-die",
    "per-rule",
    "my-island",
    "my-map",
    "xdg-open",
    "rolling-america",
    "rolling-japan",
    "rollx-game-log",
    "rollx-tuples",
    "kebab-case",
    "x-anywhere",
    "no-effect",
    "color-change",
    "no-such-template",
    // A paper size and a shop template's name.
    "half-letter",
    "half-letter-bleed",
];

/// Every kebab-case string literal (`"wrong-region"`) in a source file.
fn kebab_literals(text: &str) -> Vec<String> {
    text.split('"')
        .skip(1)
        .step_by(2)
        .filter(|s| {
            s.contains('-')
                && !s.starts_with('-')
                && !s.ends_with('-')
                && s.chars().all(|c| c.is_ascii_lowercase() || c == '-')
        })
        .map(str::to_string)
        .collect()
}

/// Every `.rs` file under `dir`, in any folder.
fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

#[test]
fn every_code_the_program_prints_is_in_the_diagnostics_doc() {
    let docs = std::fs::read_to_string(root().join("docs/diagnostics.md")).unwrap();
    // The families' options and their values are words of the command
    // line, not codes.
    let mut options: Vec<&str> = Vec::new();
    for family in rollx::families::Family::ALL {
        for d in family.face().options() {
            options.push(d.flag);
            if let rollx::families::Takes::Choice(values) = d.takes {
                options.extend(values.iter().map(|(v, _)| *v));
            }
        }
    }
    let mut missing = BTreeSet::new();
    for path in rust_files(&root().join("src")) {
        {
            let text = std::fs::read_to_string(&path).unwrap();
            for code in kebab_literals(&text) {
                if !NOT_CODES.contains(&code.as_str())
                    && !options.contains(&code.as_str())
                    && !docs.contains(&format!("`{code}`"))
                {
                    missing.insert(code);
                }
            }
        }
    }
    for code in ["syntax", "encoding", "incomplete"] {
        assert!(docs.contains(&format!("`{code}`")), "{code}");
    }
    assert!(
        missing.is_empty(),
        "codes missing from docs/diagnostics.md: {missing:?}"
    );
}

/// Files with several faults (`tests/fixtures/several/`): every code the
/// file's `# expect:` line names is reported in the same run, a fault of
/// the grid's shape hiding none of the others.
#[test]
fn several_faults_are_reported_in_one_run() {
    let files = toml_files("tests/fixtures/several");
    assert!(!files.is_empty());
    for path in files {
        let rel = path
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let expect: BTreeSet<&str> = text
            .lines()
            .find_map(|l| l.strip_prefix("# expect:"))
            .expect("an # expect: line")
            .split_whitespace()
            .collect();
        let report = json(&rel);
        let found: BTreeSet<&str> = report["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["code"].as_str().unwrap())
            .collect();
        assert_eq!(found, expect, "{rel}: {report:#}");
        let (exit, out, _) = check(&[&rel]);
        assert_eq!(exit, 1);
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        insta::assert_snapshot!(format!("several-{name}"), out);
    }
}

/// A one-sided neighbour in a variant (`tests/fixtures/variants/`): the
/// other area's list is in the base map, so the help says what to write in
/// the variant (`add_neighbors`), never to edit the base; and the lines it
/// gives make the variant valid.
#[test]
fn a_variant_is_told_to_add_the_neighbour_in_its_own_file() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["one-sided-neighbor", "one-sided-neighbor-entry"] {
        let rel = format!("tests/fixtures/variants/{name}.toml");
        let report = json(&rel);
        let errors = report["errors"].as_array().unwrap();
        assert_eq!(errors.len(), 1, "{rel}: {report:#}");
        let e = &errors[0];
        assert_eq!(e["code"], "asymmetric-adjacency");
        assert_eq!(
            e["file"],
            rel.as_str(),
            "the variant's own line comes first"
        );
        let help = e["help"].as_str().unwrap();
        assert!(help.contains("add_neighbors = [\"IS\"]"), "{help}");
        assert!(help.contains("in the base map, which a variant leaves alone"));
        assert!(!help.contains("add \"IS\" to EA's neighbors"), "{help}");
        let (exit, text, _) = check(&[&rel]);
        assert_eq!(exit, 1);
        insta::assert_snapshot!(format!("variants-{name}"), text);

        // Doing what the help says: the variant is valid. (The copy lives
        // next to the fixture's base, as `extends` is relative.)
        let mut fixed = std::fs::read_to_string(root().join(&rel))
            .unwrap()
            .replace("../../../maps/", &format!("{}/maps/", root().display()));
        match help.split_once("\n\n") {
            Some((_, lines)) => fixed = format!("{fixed}\n{lines}\n"),
            None => {
                assert!(
                    help.contains("to EA's [[areas]] entry in this variant"),
                    "{help}"
                );
                fixed = fixed.replace(
                    "name = \"East Harbour\"",
                    "name = \"East Harbour\"\nadd_neighbors = [\"IS\"]",
                );
            }
        }
        let path = dir.path().join(format!("{name}.toml"));
        std::fs::write(&path, fixed).unwrap();
        let (exit, text, _) = check(&[path.to_str().unwrap()]);
        assert_eq!(exit, 0, "{text}");
    }
}

/// Shipped files with one `]` deleted (`tests/fixtures/syntax/`): the
/// error is on the line where the array was left open, in every family,
/// with that family's format in the help, not on the next statement where
/// the parser noticed.
#[test]
fn an_unclosed_array_is_reported_where_it_was_left_open() {
    // (fixture, the file it was made from, the family's format doc)
    let cases = [
        ("usa-unclosed-array", "maps/usa.toml", "docs/map-format.md"),
        (
            "encore-unclosed-array",
            "maps/encore-black.toml",
            "docs/encore-board.md",
        ),
        (
            "diceland-unclosed-array",
            "maps/diceland-1.toml",
            "docs/diceland-board.md",
        ),
    ];
    for (name, original, doc) in cases {
        let rel = format!("tests/fixtures/syntax/{name}.toml");
        let broken = std::fs::read_to_string(root().join(&rel)).unwrap();
        let original = std::fs::read_to_string(root().join(original)).unwrap();
        // The line the `]` was deleted from (or, for an array that ends on a
        // line of its own, the line before the deleted one).
        let (broken_lines, original_lines): (Vec<_>, Vec<_>) =
            (broken.lines().collect(), original.lines().collect());
        let differ = broken_lines
            .iter()
            .zip(&original_lines)
            .position(|(a, b)| a != b)
            .unwrap();
        let want = if original_lines[differ].trim() == "]" {
            differ // 1-based: the line before
        } else {
            differ + 1
        };
        let report = json(&rel);
        let errors = report["errors"].as_array().unwrap();
        assert_eq!(errors.len(), 1, "{rel}: {report:#}");
        let e = &errors[0];
        assert_eq!(e["code"], "syntax");
        assert_eq!(e["line"], want, "{rel}: {e:#}");
        assert!(e["message"].as_str().unwrap().contains("no closing `]`"));
        let help = e["help"].as_str().unwrap();
        assert!(help.contains(doc), "{rel}: {help}");
        // The help's fixed line is the original line.
        if let Some(fixed) = help
            .split('`')
            .nth(1)
            .filter(|_| help.contains("write line"))
        {
            assert_eq!(fixed, original_lines[want - 1].trim(), "{rel}");
        }
        let (exit, text, _) = check(&[&rel]);
        assert_eq!(exit, 1);
        insta::assert_snapshot!(format!("syntax-{name}"), text);
    }
}

/// A picture or a PDF given as a map: one sentence naming the file, no
/// excerpt of its bytes, exit 1, from `check` and from the commands that
/// load a map to use it.
#[test]
fn a_binary_file_is_refused_in_one_sentence_by_every_command() {
    let png = "tests/fixtures/bad/not-text.toml";
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("sheet.pdf");
    std::fs::write(
        &pdf,
        b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< >>\nstream\n\x00\x01\x02",
    )
    .unwrap();
    let pdf = pdf.to_str().unwrap();
    let out = dir.path().join("out.pdf");
    let out = out.to_str().unwrap();
    for (file, kind) in [(png, "a PNG image"), (pdf, "a PDF document")] {
        for args in [
            vec!["check", file],
            vec!["print", file, "-o", out],
            vec!["play", file, "--seed", "1"],
        ] {
            let o = rollx().args(&args).output().unwrap();
            let text = format!(
                "{}{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            );
            assert_eq!(o.status.code(), Some(1), "{args:?}: {text}");
            assert!(
                text.contains(&format!("{file} is not a text file (it looks like {kind})")),
                "{args:?}: {text}"
            );
            assert_eq!(text.matches("is not a text file").count(), 1, "{text}");
            // No excerpt: no pictures of control characters, no gutter.
            assert!(
                !text.contains('│') || !text.contains('╭'),
                "{args:?}: {text}"
            );
            assert!(!text.chars().any(|c| ('\u{2400}'..='\u{2421}').contains(&c)));
            assert!(text.len() < 1000, "{args:?}: {} bytes", text.len());
        }
    }
    assert!(!std::path::Path::new(out).exists());
}

#[test]
fn several_maps_at_once_exit_with_the_worst_result() {
    let (code, out, _) = check(&["maps/usa.toml", "tests/fixtures/bad/syntax.toml"]);
    assert_eq!(code, 1);
    assert!(out.contains("ok: maps/usa.toml"));
    assert!(out.contains("invalid: tests/fixtures/bad/syntax.toml has 1 error"));
    let (_, out, _) = check(&["--format", "json", "maps/usa.toml", "maps/japan.toml"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v.as_array().map(Vec::len), Some(2));
}

#[test]
fn unreadable_files_and_bad_usage_exit_2() {
    let (code, _, err) = check(&["no/such/map.toml"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read no/such/map.toml"), "{err}");
    let (code, _, err) = check(&[]);
    assert_eq!(code, 2, "{err}");
    let (code, _, _) = check(&["--format", "yaml", "maps/usa.toml"]);
    assert_eq!(code, 2);
}

#[test]
fn json_shape_depends_only_on_the_number_of_paths() {
    // One unreadable path: nothing on stdout, the error on stderr, exit 2.
    let (code, out, err) = check(&["--format", "json", "no/such/map.toml"]);
    assert_eq!(code, 2);
    assert_eq!(out, "", "no JSON for a file that cannot be read");
    assert!(err.contains("cannot read no/such/map.toml"), "{err}");
    // Several paths, one unreadable: still an array (of the readable ones).
    let (code, out, err) = check(&["--format", "json", "maps/usa.toml", "no/such/map.toml"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read no/such/map.toml"), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let reports = v.as_array().expect("an array for several paths");
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0]["map"], "usa");
    // Several paths, all unreadable: an empty array.
    let (code, out, _) = check(&["--format", "json", "no/a.toml", "no/b.toml"]);
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v.as_array().map(Vec::len), Some(0));
    // One readable path: one object.
    let (code, out, _) = check(&["--format", "json", "maps/usa.toml"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(v.is_object());
}

#[test]
fn deny_warnings_fails_a_map_with_warnings() {
    let fixture = "tests/fixtures/bad/duplicate-neighbor.toml";
    let (code, out, _) = check(&[fixture]);
    assert_eq!(code, 0, "warnings alone keep a map valid:\n{out}");
    let (code, out, _) = check(&["--deny-warnings", fixture]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("duplicate-neighbor"), "{out}");
    assert!(
        out.contains(&format!(
            "failed: {fixture} has 1 warning and --deny-warnings is set"
        )),
        "{out}"
    );
    let (code, out, _) = check(&["--deny-warnings", "--format", "json", fixture]);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["warnings"][0]["code"], "duplicate-neighbor");
    // A map without warnings still passes.
    let (code, _, _) = check(&["--deny-warnings", "maps/usa.toml"]);
    assert_eq!(code, 0);
}

#[test]
fn help_describes_the_command() {
    let out = rollx().args(["check", "--help"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Exit codes"));
    assert!(text.contains("--format"));
    assert!(text.contains("--deny-warnings"));
}

#[test]
fn timings_go_to_stderr() {
    let (code, out, err) = check(&["--timings", "maps/usa.toml"]);
    assert_eq!(code, 0);
    assert!(err.contains("timings: maps/usa.toml checked in"), "{err}");
    assert!(!out.contains("timings"));
}

#[test]
fn print_limits_are_warnings_in_text_and_json_and_fail_deny_warnings() {
    let fixture = "tests/fixtures/limits/print-box-too-small.toml";
    let (code, out, _) = check(&[fixture]);
    assert_eq!(code, 0, "a sheet's limits keep a map valid:\n{out}");
    // The limit is named: the largest grid each template prints at 9 mm.
    assert!(
        out.contains("at 9.0 mm this sheet holds a grid of at most 25 columns and 16 rows"),
        "{out}"
    );
    assert!(out.contains("warnings: 3"), "{out}");
    let (code, out, _) = check(&["--deny-warnings", "--format", "json", fixture]);
    assert_eq!(code, 1, "{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let warnings = v["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 3);
    for w in warnings {
        assert_eq!(w["code"], "print-box-too-small");
        assert_eq!(w["severity"], "warning");
        // Located at the grid.
        assert_eq!(w["file"], fixture);
        assert!(w["line"].as_u64().unwrap() > 100, "{w}");
    }
    // Colours too close, on every shipped template but only in colour: one
    // warning pointing at both colours.
    let report = json("tests/fixtures/limits/print-colors-too-close.toml");
    let w = &report["warnings"][0];
    assert!(
        w["message"]
            .as_str()
            .unwrap()
            .starts_with("printing on every shipped template in colour:"),
        "{w}"
    );
    assert_eq!(w["labels"].as_array().unwrap().len(), 2);
}
