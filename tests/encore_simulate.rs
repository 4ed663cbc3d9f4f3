//! `rollx simulate` on Encore boards.

mod common;
use common::run;

use serde_json::Value;

const BOARD: &str = "maps/encore-black.toml";

fn json(args: &[&str]) -> Value {
    let mut all = vec!["simulate", BOARD, "--format", "json", "--quiet"];
    all.extend_from_slice(args);
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

const MIXED: [&str; 8] = [
    "--games",
    "40",
    "--players",
    "3",
    "--policy",
    "random,greedy",
    "--seats",
    "greedy,random,random",
];

#[test]
fn results_are_identical_for_any_thread_count() {
    let one = json(&[&MIXED[..], &["--threads", "1"]].concat());
    let two = json(&[&MIXED[..], &["--threads", "2"]].concat());
    let three = json(&[&MIXED[..], &["--threads", "3"]].concat());
    assert_eq!(one, two);
    assert_eq!(one, three);
    let text = |threads: &str| {
        let (code, out, err) = run(&[
            &["simulate", BOARD, "--quiet", "--threads", threads][..],
            &MIXED[..],
        ]
        .concat());
        assert_eq!(code, 0, "{err}");
        out
    };
    assert_eq!(text("1"), text("3"));
    // Another seed gives other games.
    let other = json(&[&MIXED[..], &["--seed", "2"]].concat());
    assert_ne!(one["tables"], other["tables"]);
}

#[test]
fn tallies_are_consistent() {
    let r = json(&MIXED);
    let tables = r["tables"].as_array().unwrap();
    // greedy x3, random x3, then the mixed table.
    assert_eq!(tables.len(), 3);
    assert_eq!(tables[0]["kind"], "self-play");
    assert_eq!(tables[2]["kind"], "mixed");
    for t in tables {
        assert_eq!(t["games"], 40);
        let wins: f64 = t["seat_results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["win_rate"].as_f64().unwrap())
            .sum();
        assert!((wins - 1.0).abs() < 1e-9, "shared wins split: {wins}");
        for p in t["policies"].as_array().unwrap() {
            let sheets = p["sheets"].as_u64().unwrap();
            let hist: u64 = p["distribution"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_u64().unwrap())
                .sum();
            assert_eq!(hist, sheets);
            let best = p["best"].as_i64().unwrap();
            let worst = p["worst"].as_i64().unwrap();
            assert_eq!(
                p["distribution"].as_array().unwrap().len() as i64,
                best - worst + 1
            );
            for c in p["columns"].as_array().unwrap() {
                let done = c["completed"].as_f64().unwrap();
                assert!((0.0..=1.0).contains(&done));
                let split = c["first"].as_f64().unwrap() + c["later"].as_f64().unwrap();
                assert!((split - done).abs() < 1e-9);
            }
            assert_eq!(p["boxes"].as_array().unwrap().len(), 105);
            assert!(p["solo_bands"].as_array().unwrap().is_empty());
        }
    }
    // The mixed table: greedy in seat 1, random in seats 2 and 3.
    let mixed = &tables[2]["policies"];
    assert_eq!(mixed[0]["policy"], "greedy");
    assert_eq!(mixed[0]["seats"], serde_json::json!([1]));
    assert_eq!(mixed[1]["seats"], serde_json::json!([2, 3]));
    assert_eq!(mixed[1]["sheets"], 80);
    // Greedy beats random players.
    assert!(mixed[0]["win_rate"].as_f64().unwrap() > 0.5, "{mixed}");
}

#[test]
fn solo_games_are_rated() {
    let r = json(&["--games", "30", "--policy", "greedy"]);
    assert_eq!(r["players"], 1);
    let p = &r["tables"][0]["policies"][0];
    let bands: u64 = p["solo_bands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["games"].as_u64().unwrap())
        .sum();
    assert_eq!(bands, 30);
    assert_eq!(r["tables"][0]["rolls_mean"], 30.0);
}

#[test]
fn text_and_markdown_reports() {
    let (code, out, err) = run(&[
        "simulate",
        BOARD,
        "--games",
        "20",
        "--players",
        "2",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("mean (95 % CI)"), "{out}");
    assert!(out.contains("Win rate by seat"), "{out}");
    assert!(out.contains("greedy x2"), "{out}");
    assert!(out.contains("scores (score:sheets)"), "{out}");
    let (code, text, err) = run(&["simulate", BOARD, "--games", "20", "--quiet"]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run(&[
        "simulate", BOARD, "--games", "20", "--format", "markdown", "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("# Encore! (black sheet) — Encore simulation\n"),
        "{out}"
    );
    assert!(out.contains("| table / policy | mean (95 % CI) |"), "{out}");
    // The Markdown report is the text report's table, cell for cell.
    let row = out
        .lines()
        .find(|l| l.starts_with("| greedy (solo) |"))
        .unwrap_or_else(|| panic!("{out}"));
    let cells: Vec<&str> = row.trim_matches('|').split(" | ").map(str::trim).collect();
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("greedy (solo)"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        cells[1..].iter().all(|c| line.contains(c)),
        "{cells:?} in {line}"
    );
}

#[test]
fn the_html_report_has_the_heat_map_and_the_logs_referee_clean() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("encore.html");
    let logs = dir.path().join("logs");
    let (code, out, err) = run(&[
        "simulate",
        BOARD,
        "--games",
        "6",
        "--players",
        "2",
        "--policy",
        "greedy",
        "--seats",
        "random,greedy",
        "--report",
        page.to_str().unwrap(),
        "--save-logs",
        logs.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("12 game logs written"), "{out}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("How early each box is crossed"));
    assert!(html.contains("aria-label=\"heat map of the board, greedy\""));
    assert!(html.contains("Win rate by seat"));
    assert!(html.contains("H4"), "box names in the tooltips");
    let mut files: Vec<_> = std::fs::read_dir(&logs)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 12);
    for f in [&files[0], &files[7], &files[11]] {
        let (code, out, err) = run(&["referee", f.to_str().unwrap(), "--map", BOARD]);
        assert_eq!(code, 0, "{}: {out}{err}", f.display());
    }
}

#[test]
fn bad_input_gets_a_clear_error() {
    let cases: [(&[&str], i32, &str); 7] = [
        (
            &["simulate", BOARD, "--horizon", "4"],
            2,
            "--horizon is an option of the computer players of Rolling maps",
        ),
        (
            &["simulate", BOARD, "--no-power-value"],
            2,
            "--no-power-value is an option of the simulation of Rolling maps",
        ),
        (
            &["simulate", BOARD, "--policy", "tuples"],
            2,
            "`tuples` does not play Encore boards",
        ),
        (
            &["simulate", BOARD, "--policy", "clever"],
            2,
            "invalid value 'clever'",
        ),
        (
            &["simulate", BOARD, "maps/examples/tutorial.toml"],
            2,
            "takes the files of one family in one run",
        ),
        (
            &[
                "simulate",
                BOARD,
                "--players",
                "3",
                "--seats",
                "greedy,strong",
            ],
            2,
            "--seats names 2 players, but --players is 3",
        ),
        (
            &["simulate", "maps/examples/tutorial.toml", "--players", "2"],
            2,
            "--players sets the tables of Encore boards",
        ),
    ];
    for (args, want, message) in cases {
        let (code, out, err) = run(args);
        assert_eq!(code, want, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
