//! Machine-readable output stays machine-readable: with `--format json`
//! (and `markdown`), or a file written to standard output with `-o -`,
//! standard output carries that document alone, whatever else the command
//! writes (logs, reports, sheets) and says (files written, timings), which
//! goes to standard error.

mod common;

use std::path::Path;

use serde_json::Value;

/// Runs `rollx` with `args`: (exit code, stdout bytes, stderr).
fn run(args: &[&str]) -> (i32, Vec<u8>, String) {
    let out = common::rollx().args(args).output().expect("runs");
    (
        out.status.code().expect("exit code"),
        out.stdout,
        String::from_utf8(out.stderr).expect("utf-8 stderr"),
    )
}

/// The one JSON document `stdout` holds; fails when it holds anything
/// else before or after it (whitespace aside).
fn one_json(stdout: &[u8], what: &str) -> Value {
    let mut docs = serde_json::Deserializer::from_slice(stdout).into_iter::<Value>();
    let first = match docs.next() {
        Some(Ok(v)) => v,
        other => panic!(
            "{what}: standard output is not a JSON document ({other:?}):\n{}",
            String::from_utf8_lossy(stdout)
        ),
    };
    let rest = &stdout[docs.byte_offset()..];
    assert!(
        rest.iter().all(u8::is_ascii_whitespace),
        "{what}: standard output goes on after the JSON document:\n{}",
        String::from_utf8_lossy(rest)
    );
    first
}

/// Runs a command that prints JSON: asserts the exit code, that standard
/// output is one JSON document, and returns it with standard error.
fn json(args: &[&str], code: i32) -> (Value, String) {
    let (c, out, err) = run(args);
    assert_eq!(c, code, "rollx {}: {err}", args.join(" "));
    (one_json(&out, &args.join(" ")), err)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

const TUTORIAL: &str = "maps/examples/tutorial.toml";

#[test]
fn check_prints_one_json_document() {
    let (v, _) = json(&["check", "--format", "json", TUTORIAL], 0);
    assert!(v.is_object());
    let (v, _) = json(
        &[
            "check",
            "--format",
            "json",
            TUTORIAL,
            "maps/encore-black.toml",
            "maps/diceland-1.toml",
        ],
        0,
    );
    assert_eq!(v.as_array().map(Vec::len), Some(3));
    let (v, _) = json(
        &[
            "check",
            "--format",
            "json",
            "tests/fixtures/bad/asymmetric-adjacency.toml",
        ],
        1,
    );
    assert!(v.is_object());
    let (v, err) = json(
        &[
            "check",
            "--format",
            "json",
            "--timings",
            "--deep",
            "--samples",
            "2",
            TUTORIAL,
        ],
        0,
    );
    assert!(v["deep"].is_object(), "{v}");
    assert!(err.contains("timings:"), "{err}");
}

#[test]
fn solve_and_referee_print_one_json_document_with_their_files_written() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("best.json");
    let (v, err) = json(
        &[
            "solve",
            TUTORIAL,
            "--seed",
            "1",
            "--log",
            s(&log),
            "--format",
            "json",
        ],
        0,
    );
    assert!(v["crosses"].is_u64(), "{v}");
    assert!(log.is_file());
    assert!(err.contains("log written to"), "{err}");

    let sheet = dir.path().join("best.toml");
    let (v, err) = json(
        &[
            "referee",
            s(&log),
            "--format",
            "json",
            "--write-sheet",
            s(&sheet),
        ],
        0,
    );
    assert!(v["players"].is_array(), "{v}");
    assert!(sheet.is_file());
    assert!(err.contains("sheet written to"), "{err}");

    let (v, _) = json(
        &[
            "referee",
            "--sheet",
            s(&sheet),
            "--map",
            TUTORIAL,
            "--format",
            "json",
        ],
        0,
    );
    assert!(v.is_object(), "{v}");
}

#[test]
fn board_logs_and_sheets_are_refereed_as_one_json_document() {
    let dir = tempfile::tempdir().unwrap();
    for board in ["maps/encore-black.toml", "maps/diceland-1.toml"] {
        let log = dir.path().join("game.json");
        let sheet = dir.path().join("sheet.toml");
        let (code, _, err) = run(&["play", board, "--seed", "2", "--log", s(&log)]);
        assert_eq!(code, 0, "{board}: {err}");
        let (v, err) = json(
            &[
                "referee",
                s(&log),
                "--map",
                board,
                "--format",
                "json",
                "--write-sheet",
                s(&sheet),
            ],
            0,
        );
        assert!(v.is_object(), "{board}: {v}");
        assert!(sheet.is_file(), "{board}");
        assert!(err.contains("sheet written to"), "{board}: {err}");
        let (v, _) = json(
            &[
                "referee",
                "--sheet",
                s(&sheet),
                "--map",
                board,
                "--format",
                "json",
            ],
            0,
        );
        assert!(v.is_object(), "{board}: {v}");
    }
}

#[test]
fn simulate_prints_one_json_document_with_its_report_and_logs_written() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &[&str]); 4] = [
        (TUTORIAL, &["--save-logs"]),
        (TUTORIAL, &["--optimum", "--positions", "2000"]),
        ("maps/encore-black.toml", &["--save-logs"]),
        ("maps/diceland-1.toml", &[]),
    ];
    for (k, (map, extra)) in cases.into_iter().enumerate() {
        let report = dir.path().join(format!("report-{k}.html"));
        let logs = dir.path().join(format!("logs-{k}"));
        let mut args = vec![
            "simulate",
            map,
            "--games",
            "2",
            "--format",
            "json",
            "--report",
            s(&report),
        ];
        for e in extra {
            args.push(e);
            if *e == "--save-logs" {
                args.push(s(&logs));
            }
        }
        let (v, err) = json(&args, 0);
        assert!(v.is_object() || v.is_array(), "{map}: {v}");
        assert!(v.get("interrupted").is_none(), "{map}: {v}");
        assert!(report.is_file(), "{map}");
        assert!(err.contains("report written to"), "{map}: {err}");
        if extra.contains(&"--save-logs") {
            assert!(std::fs::read_dir(&logs).unwrap().count() > 0, "{map}");
            assert!(err.contains("written to"), "{map}: {err}");
        }
    }
}

#[test]
fn markdown_is_the_table_alone() {
    let dir = tempfile::tempdir().unwrap();
    for map in [TUTORIAL, "maps/encore-black.toml", "maps/diceland-1.toml"] {
        let report = dir.path().join("r.html");
        let (code, out, err) = run(&[
            "simulate",
            map,
            "--games",
            "2",
            "--format",
            "markdown",
            "--report",
            s(&report),
        ]);
        assert_eq!(code, 0, "{map}: {err}");
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("|---"), "{map}: {out}");
        assert!(!out.contains("written"), "{map}: {out}");
        assert!(err.contains("report written to"), "{map}: {err}");
    }
}

#[test]
fn files_written_to_standard_output_come_alone() {
    // A generated board.
    let (code, out, err) = run(&["generate", "encore", "--seed", "3", "-o", "-"]);
    assert_eq!(code, 0, "{err}");
    let text = String::from_utf8(out).unwrap();
    toml::from_str::<toml::Table>(&text).expect("standard output is the board alone");
    assert!(err.contains("written to standard output"), "{err}");

    // A drawn map.
    let (code, out, err) = run(&["draw", TUTORIAL, "-o", "-", "--time-limit", "20"]);
    assert_eq!(code, 0, "{err}");
    let text = String::from_utf8(out).unwrap();
    toml::from_str::<toml::Table>(&text).expect("standard output is the map alone");
    assert!(err.contains("drew tutorial"), "{err}");

    // A PDF, an SVG, a PNG.
    let (code, out, err) = run(&["print", TUTORIAL, "--sheets", "1", "-o", "-"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with(b"%PDF-"), "{err}");
    assert!(out.trim_ascii_end().ends_with(b"%%EOF"));
    assert_eq!(out.windows(5).filter(|w| w == b"%PDF-").count(), 1);
    assert!(err.contains("wrote standard output"), "{err}");
    let (code, out, err) = run(&["print", TUTORIAL, "--svg", "-"]);
    assert_eq!(code, 0, "{err}");
    let svg = String::from_utf8(out).unwrap();
    assert!(svg.trim_start().starts_with('<'), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>"));
    let (code, out, err) = run(&["print", TUTORIAL, "--png", "-"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with(b"\x89PNG\r\n\x1a\n"));
    assert!(err.contains("wrote standard output"), "{err}");
}
