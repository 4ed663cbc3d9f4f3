//! `rollx play` in the terminal as a person plays it: the sheet fitted to
//! the terminal's width, undoing a whole turn, stopping and resuming a game,
//! hints from the strongest player, and the checks on what is typed.

mod common;
use common::{rollx, run_with_input as run};

use std::path::Path;

use serde_json::Value;

const TUTORIAL: &str = "maps/examples/tutorial.toml";

/// Runs `rollx` with `COLUMNS` set, and text on stdin.
fn run_at(columns: usize, args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = rollx()
        .env("COLUMNS", columns.to_string())
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("runs");
    (
        out.status.code().expect("exit code"),
        String::from_utf8(out.stdout).expect("utf-8"),
        String::from_utf8(out.stderr).expect("utf-8"),
    )
}

/// The lines wider than `width`, but for the commands echoed after `> `.
fn too_wide(out: &str, width: usize) -> Vec<&str> {
    out.lines()
        .filter(|l| !l.starts_with("> ") && l.chars().count() > width)
        .collect()
}

/// Plays the tutorial map with seed 5 in the terminal, with `extra`
/// arguments and `input` typed.
fn tutorial(extra: &[&str], input: &str) -> (i32, String, String) {
    let mut args = vec!["play", TUTORIAL, "--human", "--seed", "5"];
    args.extend_from_slice(extra);
    run(&args, Some(input))
}

/// `auto` for `n` dice, then `then`.
fn autos(n: usize, then: &str) -> String {
    format!("{}{then}", "auto\n".repeat(n))
}

#[test]
fn the_sheet_fits_the_terminal_and_shows_links() {
    let session = "help\nmoves\nsheet 2\n1 x\nquit\n";
    for (map, full) in [
        ("maps/usa.toml", " WA  WA  WA"),
        ("maps/japan.toml", " HKD HKD"),
    ] {
        for width in [60, 80, 200] {
            let (code, out, err) = run_at(width, &["play", map, "--seed", "1"], "");
            assert_eq!(code, 0, "{err}");
            assert_eq!(
                too_wide(&out, width),
                Vec::<&str>::new(),
                "{map} at {width}"
            );
            assert_eq!(out.contains(full), width == 200, "{map} at {width}:\n{out}");
            let args = ["play", map, "--human", "--seed", "1", "--players", "2"];
            let (code, out, err) = run_at(width, &args, session);
            assert_eq!(code, 0, "{err}");
            assert_eq!(
                too_wide(&out, width),
                Vec::<&str>::new(),
                "{map} at {width}"
            );
        }
    }
    // The USA fits 80 columns with compact cells; at 60 only its regions do.
    let (_, out, _) = run_at(80, &["play", "maps/usa.toml", "--seed", "1"], "");
    assert!(out.contains("\n WA WA WA ID MT"), "{out}");
    let (_, out, _) = run_at(60, &["play", "maps/usa.toml", "--seed", "1"], "");
    assert!(!out.contains(" WA WA"), "{out}");
    assert!(out.contains("(map left out: it needs 72 columns"), "{out}");
    // Japan's straits and bridges are listed.
    let (_, out, _) = run_at(80, &["play", "maps/japan.toml", "--seed", "1"], "");
    assert!(
        out.contains("links (neighbours across water): HKD-AOM, CHB-KNG,"),
        "{out}"
    );
    // The referee's sheet goes through the same fitting.
    let sheet = [
        "referee",
        "--sheet",
        "tests/fixtures/sheets/usa-mistakes.toml",
    ];
    let args = [&sheet[..], &["--map", "maps/usa.toml"]].concat();
    let (code, out, _) = run_at(80, &args, "");
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("\n WA WA WA ID MT"), "{out}");
}

#[test]
fn undo_takes_back_the_whole_last_turn() {
    // Seed 5 on the tutorial map opens with yellow 2 and clear 6; random 2
    // shares the dice.
    let (code, out, err) = tutorial(
        &["--players", "2", "--policy", "random"],
        "1 IS\n2 FJ\nundo\n2 NO\n1 SU\nundo\nundo\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    // The first undo takes back the finished first turn, dice and all.
    let taken_back = "the last turn is taken back: its dice again, nothing resolved";
    assert_eq!(out.matches(taken_back).count(), 2, "{out}");
    assert!(
        out.contains("clear 6 in NO\nround 1/3, turn 1/2: die 1: yellow 2 |"),
        "{out}"
    );
    // The second turn's dice are the same both times, and so is what the
    // computer did on the first turn.
    let second: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("round 1/3, turn 2/2: "))
        .collect();
    assert_eq!(second.len(), 2, "{out}");
    assert_eq!(second[0], second[1]);
    let theirs: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("random 2: "))
        .collect();
    assert_eq!(theirs.len(), 2, "{out}");
    assert_eq!(theirs[0], theirs[1]);
    // Back at the first turn there is nothing more to undo.
    assert!(
        out.contains("nothing to undo: this is the first turn"),
        "{out}"
    );
}

/// The log written by a session, parsed.
fn log_of(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn a_game_stopped_is_saved_and_resumed_as_it_would_have_gone() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    // Random computers have generators of their own: resuming must leave
    // them where they were.
    let go = |log: &str, input: &str| {
        tutorial(
            &["--players", "3", "--policy", "random", "--log", log],
            input,
        )
    };
    let (code, out, err) = go(&path("whole.json"), &autos(40, ""));
    assert_eq!(code, 0, "{out}{err}");
    let whole = std::fs::read_to_string(path("whole.json")).unwrap();
    assert!(!whole.contains("finished"), "a finished game says nothing");

    // `quit` after two turns and a half: saved, unfinished, exit 0.
    let (code, out, err) = go(&path("quit.json"), &autos(5, "quit\n"));
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("game stopped: saved to ") && out.contains("after 2 turns (unfinished)"),
        "{out}"
    );
    let saved = log_of(Path::new(&path("quit.json")));
    assert_eq!(saved["finished"], Value::Bool(false));
    assert_eq!(saved["turns"].as_array().unwrap().len(), 2);
    assert!(
        saved.get("result").is_none(),
        "no result for a game not over"
    );
    // The referee reads it as a game not over.
    let (code, out, _) = run(&["referee", &path("quit.json")], None);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("[incomplete]"), "{out}");
    // Resumed, it goes on with the dice the seed gives, the computers as
    // they would have played, and is saved again to the same file: the
    // very game played without a stop.
    let (code, out, err) = run(
        &["play", "--resume", &path("quit.json")],
        Some(&autos(40, "")),
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("resuming "), "{out}");
    assert!(out.contains("after 2 turns"), "{out}");
    assert_eq!(std::fs::read_to_string(path("quit.json")).unwrap(), whole);

    // The input ends in the middle of a turn: saved, exit 1; resumed into
    // another file.
    let (code, out, err) = go(&path("eof.json"), &autos(7, ""));
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("input ended: saved to"), "{out}");
    let (code, out, err) = run(
        &[
            "play",
            "--resume",
            &path("eof.json"),
            "--log",
            &path("eof-2.json"),
        ],
        Some(&autos(40, "")),
    );
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(std::fs::read_to_string(path("eof-2.json")).unwrap(), whole);

    // A game over has nothing to resume.
    let (code, _, err) = run(&["play", "--resume", &path("whole.json")], Some(""));
    assert_eq!(code, 1);
    assert!(err.contains("the game is over"), "{err}");
}

#[test]
fn resume_refuses_a_log_it_cannot_go_on_with() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("saved.json");
    let saved_s = saved.to_str().unwrap();
    let (code, _, err) = tutorial(&["--log", saved_s], &autos(6, "quit\n"));
    assert_eq!(code, 0, "{err}");
    let good = log_of(&saved);
    let resume = |log: &Value, extra: &[&str]| {
        let path = dir.path().join("edited.json");
        std::fs::write(&path, serde_json::to_string_pretty(log).unwrap()).unwrap();
        let mut args = vec!["play", "--resume", path.to_str().unwrap()];
        args.extend_from_slice(extra);
        let (code, _, err) = run(&args, Some("quit\n"));
        (code, err)
    };
    // Dice other than the seed's.
    let mut bad = good.clone();
    let die = &mut bad["turns"][1]["dice"][0]["value"];
    *die = (if die.as_u64() == Some(1) { 2 } else { 1 }).into();
    // The log is refereed first, as every family's is: the referee says
    // where.
    let breaks = "the game breaks the rules, so it cannot be resumed";
    let (code, err) = resume(&bad, &[]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(breaks), "{err}");
    assert!(err.contains("help: `rollx referee "), "{err}");
    // A move against the rules: the second turn writes where the first did.
    let mut bad = good.clone();
    let first = bad["turns"][0]["moves"][0][0].clone();
    let second = &mut bad["turns"][1]["moves"][0][0];
    if let (Some(a), Some(_)) = (first.get("areas"), second.get("areas")) {
        second["areas"] = a.clone();
        let (code, err) = resume(&bad, &[]);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains(breaks), "{err}");
    }
    // No seed: the dice to come are unknown.
    let mut bad = good.clone();
    bad.as_object_mut().unwrap().remove("seed");
    let (code, err) = resume(&bad, &[]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("has no seed"), "{err}");
    // Another map.
    let (code, err) = resume(&good, &["maps/usa.toml"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("map-mismatch"), "{err}");
    assert!(err.contains("is a game on map `tutorial`"), "{err}");
    // The seed and the players come from the log.
    let (code, _, err) = run(&["play", "--resume", saved_s, "--seed", "3"], None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot be used with"), "{err}");
    // No such file.
    let (code, _, err) = run(&["play", "--resume", "no/such.json"], None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot read no/such.json"), "{err}");
}

#[test]
fn hints_come_from_the_strongest_player_and_auto_plays_them() {
    let (code, out, _) = tutorial(&[], "help\nhint\nauto\nquit\n");
    assert_eq!(code, 0);
    assert!(
        out.contains("hint           what the strong player would play"),
        "{out}"
    );
    let hint = out
        .lines()
        .find_map(|l| l.strip_prefix("the strong player would play: "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        out.contains(&format!("> auto\n{hint}\n")),
        "auto plays the hint: {out}"
    );
    // With learned values for the map, the expert gives them.
    let dir = tempfile::tempdir().unwrap();
    let values = dir.path().join("tutorial.tuples");
    let values_s = values.to_str().unwrap();
    let (code, _, err) = run(
        &["train", TUTORIAL, "--games", "100", "-q", "-o", values_s],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let (code, out, _) = tutorial(&["--values", values_s], "hint\nquit\n");
    assert_eq!(code, 0);
    assert!(out.contains("the expert player would play: "), "{out}");
}

#[test]
fn typed_moves_are_checked_and_the_help_speaks_of_the_map() {
    // A power named twice.
    let (_, out, _) = tutorial(&[], "1 SU +guard +GUARD\n1 SU +dupe +dupe SA\nquit\n");
    assert!(
        out.contains("`+GUARD` is there twice: Guard is used at most once on a die"),
        "{out}"
    );
    assert!(
        out.contains("`+dupe` is there twice: Dupe is used"),
        "{out}"
    );
    assert!(!out.contains("yellow 2 in SU"), "{out}");
    // The help's examples are the map's areas and dice.
    let (_, out, _) = run(
        &["play", "maps/japan.toml", "--human", "--seed", "5"],
        Some("help\nquit\n"),
    );
    let help = &out[out.find("> help").unwrap()..out.find("> quit").unwrap()];
    for usa in [" PA", " NY", " TX", " OK"] {
        assert!(!help.contains(usa), "{usa}: {help}");
    }
    assert!(help.contains("(or name the die: "), "{help}");
}

/// The move examples of the help at the start of a game: each command of
/// the help's first part, unless it shows `AREA` for want of a legal one.
fn help_examples(map: &str, seed: &str) -> Vec<String> {
    let (_, out, _) = run(
        &["play", map, "--human", "--seed", seed],
        Some("help\nquit\n"),
    );
    let help = &out[out.find("Resolve each die").unwrap()..out.find("Other commands").unwrap()];
    let mut examples: Vec<String> = help
        .lines()
        .filter(|l| l.starts_with("  "))
        .filter_map(|l| l.trim().split("  ").next().map(str::to_string))
        .collect();
    if let Some(combined) = help
        .split("Powers combine: ")
        .nth(1)
        .and_then(|s| s.split(". ").next())
    {
        examples.push(combined.to_string());
    }
    examples.retain(|e| !e.contains("AREA") && !e.ends_with("pass"));
    examples
}

#[test]
fn the_help_examples_are_legal_for_the_dice_on_the_table() {
    let mut tried = 0;
    for map in [
        "maps/examples/tutorial.toml",
        "maps/usa.toml",
        "maps/japan.toml",
    ] {
        for seed in 1..=6 {
            let seed = seed.to_string();
            let examples = help_examples(map, &seed);
            assert!(examples.len() >= 2, "{map} seed {seed}: {examples:?}");
            for example in examples {
                // "TTR" alone is the same move "when only one die is left".
                if !example.contains(' ') {
                    continue;
                }
                let (_, out, _) = run(
                    &["play", map, "--human", "--seed", &seed],
                    Some(&format!("{example}\nquit\n")),
                );
                let after = &out[out.find(&format!("> {example}")).unwrap()..];
                assert!(
                    !after.contains("not allowed") && !after.contains("error"),
                    "{map} seed {seed}: the help's `{example}` is refused:\n{after}"
                );
                tried += 1;
            }
        }
    }
    assert!(tried > 30, "{tried}");
}

#[test]
fn the_region_list_names_each_regions_die() {
    let (_, out, _) = tutorial(&[], "quit\n");
    for die in [
        "blue die: North ",
        "green die: West ",
        "red die: East ",
        "yellow die: South ",
    ] {
        assert!(out.contains(die), "{die}: {out}");
    }
}

#[test]
fn the_computers_turns_and_sheets_are_shown() {
    let (code, out, _) = tutorial(&["--players", "2"], &autos(12, ""));
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("Playing against greedy 2 (`sheet 2`), on the same dice."),
        "{out}"
    );
    let turns = out.lines().filter(|l| l.starts_with("greedy 2: ")).count();
    assert_eq!(turns, 6, "one line per turn: {out}");
    assert!(out.contains("\ngreedy 2's sheet:\n"), "{out}");
    assert!(out.contains("\nyour sheet:\n"), "{out}");
    // And on request, during the game.
    let (_, out, _) = tutorial(&["--players", "2"], "sheet 2\nsheet all\nsheet 3\nquit\n");
    assert_eq!(out.matches("greedy 2's sheet:").count(), 2, "{out}");
    assert!(out.contains("> sheet all\nyour sheet:\n"), "{out}");
    assert!(out.contains("no player `3`"), "{out}");
}

#[test]
fn counts_of_one_are_singular() {
    // Greedy uses one power in this game.
    let (code, out, _) = run(&["play", TUTORIAL, "--seed", "2"], None);
    assert_eq!(code, 0);
    assert!(out.contains(", 1 power used ("), "{out}");
    assert!(!out.contains(" 1 powers"), "{out}");
}
