//! Ctrl-C during `rollx simulate`: the report of the games finished is
//! written, marked as interrupted with how many games of how many it
//! covers, and it is the report those games make on their own (the same
//! as `--games N`); the exit code is 130.
#![cfg(unix)]

mod common;

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};

use serde_json::Value;

/// Starts `rollx simulate args`, waits until it says it has started (Ctrl-C
/// is caught from then on), interrupts it, and returns its exit code,
/// standard output and standard error.
fn interrupted(args: &[&str]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rollx"))
        .current_dir(common::root())
        .env("NO_COLOR", "1")
        .arg("simulate")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rollx starts");
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut said = String::new();
    loop {
        let mut line = String::new();
        let n = stderr.read_line(&mut line).unwrap();
        assert!(n > 0, "simulate ended before it started: {said}");
        said.push_str(&line);
        if line.starts_with("simulating ") {
            break;
        }
    }
    // SAFETY: sends SIGINT to the child, which is still running: the
    // games asked for take hours.
    assert_eq!(
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) },
        0
    );
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    stderr.read_to_string(&mut said).unwrap();
    let status = child.wait().unwrap();
    (
        status.code().expect("an exit code, not a signal"),
        out,
        said,
    )
}

#[test]
fn an_interrupted_map_simulation_reports_the_games_finished() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.html");
    let logs = dir.path().join("logs");
    let (code, out, err) = interrupted(&[
        "maps/examples/tutorial.toml",
        "--games",
        "10000000",
        "--policy",
        "greedy,random",
        "--format",
        "json",
        "--report",
        report.to_str().unwrap(),
        "--save-logs",
        logs.to_str().unwrap(),
    ]);
    assert_eq!(code, 130, "{err}");
    let mut v: Value = serde_json::from_str(&out).expect("one JSON report on stdout");
    let played = v["interrupted"]["games"]
        .as_u64()
        .expect("marked interrupted");
    assert_eq!(v["interrupted"]["asked"], 10_000_000);
    assert!(played > 0 && played < 10_000_000, "{played}");
    assert_eq!(v["games"], played);
    assert!(
        err.contains(&format!(
            "interrupted: this report covers the first {played} of 10000000 games per map and policy"
        )),
        "{err}"
    );
    // The HTML report is written, marked, and reproducible with --games.
    let html = std::fs::read_to_string(&report).expect("the report is written");
    assert!(html.contains("class=\"interrupted\""), "{html}");
    assert!(html.contains(&format!("--games {played} ")), "{html}");
    // No logs: they would replay every game; the message says how to get them.
    assert!(!logs.exists());
    assert!(err.contains("no game logs written"), "{err}");

    // The games finished are the first ones, whole: the report is that of
    // a run of that many games.
    let (code, full, err) = common::run(&[
        "simulate",
        "maps/examples/tutorial.toml",
        "--games",
        &played.to_string(),
        "--policy",
        "greedy,random",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let full: Value = serde_json::from_str(&full).unwrap();
    v.as_object_mut().unwrap().remove("interrupted");
    assert_eq!(v, full);
}

#[test]
fn an_interrupted_board_simulation_says_so_above_its_tables() {
    let (code, out, err) = interrupted(&["maps/diceland-1.toml", "--games", "10000000"]);
    assert_eq!(code, 130, "{err}");
    let first = out.lines().next().unwrap_or_default();
    let played: u64 = first
        .strip_prefix("interrupted: this report covers the first ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the first line says how many games: {out}"));
    assert!(played > 0 && played < 10_000_000, "{out}");
    assert!(
        first.contains("of 10000000 games per board and table"),
        "{out}"
    );
    let per_table = if played == 1 {
        "1 game per table".to_string()
    } else {
        format!("{played} games per table")
    };
    assert!(
        out.contains(&per_table),
        "the tables are of the games played: {out}"
    );
}
