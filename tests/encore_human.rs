//! `rollx play BOARD --human`: an Encore game in the terminal, driven by
//! typed commands: whole games played with `auto`, moves refused with the
//! rule they break, turns taken back, hints, the end of the input, the
//! 80-column screen, and games against computer players.

mod common;
use common::{rollx, run, run_with_input};

use serde_json::Value;

const BLACK: &str = "maps/encore-black.toml";

/// Plays the black board in the terminal with `extra` arguments, `COLUMNS`
/// at 80, and `input` typed: (exit code, stdout, stderr).
fn play(extra: &[&str], input: &str) -> (i32, String, String) {
    let out = rollx()
        .env("COLUMNS", "80")
        .args(["play", BLACK, "--human"])
        .args(extra)
        .write_stdin(input)
        .output()
        .expect("runs");
    (
        out.status.code().expect("exit code"),
        String::from_utf8(out.stdout).expect("utf-8"),
        String::from_utf8(out.stderr).expect("utf-8"),
    )
}

/// The lines wider than 80 columns, but for the commands echoed after `> `.
fn too_wide(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| !l.starts_with("> ") && l.chars().count() > 80)
        .collect()
}

/// The log written to `path`.
fn read_log(path: &std::path::Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("log written")).expect("JSON")
}

/// Asserts that `rollx referee` finds the log clean.
fn referees_clean(path: &std::path::Path) {
    let (code, out, err) = run(&["referee", path.to_str().expect("utf-8 path")]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("clean: every move follows the rules"), "{out}");
}

#[test]
fn a_solo_game_played_with_auto_ends_with_the_score_and_a_clean_log() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("solo.json");
    let args = ["--seed", "3", "--log", log.to_str().unwrap()];
    let (code, out, err) = play(&args, &"auto\n".repeat(30));
    assert_eq!(code, 0, "{err}\n{out}");
    assert!(out.contains("roll 1 of 30"), "{out}");
    assert!(out.contains("roll 30 of 30"), "{out}");
    assert!(out.contains("game over after 30 rolls"), "{out}");
    assert!(out.contains("open stars  total"), "{out}");
    assert!(out.contains("solo rating:"), "{out}");
    assert!(
        out.contains(&format!("log written to {}", log.display())),
        "{out}"
    );
    assert_eq!(too_wide(&out), Vec::<&str>::new());
    let json = read_log(&log);
    // A finished log leaves `finished` out (it defaults to true).
    assert!(json.get("finished").is_none(), "{json}");
    assert_eq!(json["turns"].as_array().unwrap().len(), 30);
    assert_eq!(json["players"][0]["name"], "you");
    referees_clean(&log);
}

#[test]
fn a_move_against_the_rules_is_refused_with_the_rule_and_the_game_goes_on() {
    // A1 is far from the start column H; `pass` is always allowed.
    let (code, out, err) = play(&["--seed", "3"], "A1\nyellow 9 H1\npass\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("not allowed"), "{out}");
    assert!(out.contains("[not-anchored]"), "{out}");
    assert!(out.contains("[too-many]"), "{out}");
    assert!(out.contains("you play pass"), "{out}");
    assert!(out.contains("roll 2 of 30"), "{out}");
    // Words that are no move get a pointer to `help`, and the prompt asks again.
    let (code, out, _) = play(&["--seed", "3"], "frobnicate\nhelp\nmoves\nquit\n");
    assert_eq!(code, 0);
    assert!(out.contains("`frobnicate` is not a colour"), "{out}");
    assert!(out.contains("Commands:"), "{out}");
    assert!(out.contains("e.g."), "{out}");
    assert!(!out.contains("roll 2 of 30"), "{out}");
    // Every wrong box of a move is named, not only the first: H2 is
    // orange and H3 red.
    let (_, out, _) = play(&["--seed", "3"], "green 3 H1 H2 H3\nquit\n");
    assert!(
        out.contains("H2 and H3 are not of the colour crossed [wrong-color]"),
        "{out}"
    );
}

#[test]
fn undo_takes_back_the_last_roll_with_the_same_dice() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("undo.json");
    let args = ["--seed", "4", "--log", log.to_str().unwrap()];
    let (code, out, err) = play(&args, "undo\nauto\nauto\nundo\nundo\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("nothing to undo: this is the first roll"),
        "{out}"
    );
    assert!(out.contains("the last roll is taken back"), "{out}");
    let dice: Vec<&str> = out.lines().filter(|l| l.starts_with("dice: ")).collect();
    // Rolls 1, 2, 3, then 2 and 1 again: the same dice.
    assert_eq!(dice.len(), 5, "{out}");
    assert_eq!(dice[1], dice[3]);
    assert_eq!(dice[0], dice[4]);
    // Back at the first roll, nothing is played: the saved log is empty.
    let json = read_log(&log);
    assert_eq!(json["finished"], false);
    assert_eq!(json["turns"].as_array().unwrap().len(), 0);
}

#[test]
fn hints_are_the_same_for_the_same_position_and_auto_plays_them() {
    let hint = |input: &str| {
        let (code, out, err) = play(&["--seed", "9"], input);
        assert_eq!(code, 0, "{err}");
        out.lines()
            .filter_map(|l| l.strip_prefix("the strong player would play: "))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let first = hint("hint\nhint\nquit\n");
    assert_eq!(first.len(), 2);
    assert_eq!(first[0], first[1]);
    let (_, out, _) = play(&["--seed", "9"], "auto\nundo\nhint\nquit\n");
    assert!(out.contains(&format!("you play {}", first[0])), "{out}");
    assert!(
        out.contains(&format!("the strong player would play: {}", first[0])),
        "{out}"
    );
}

#[test]
fn the_end_of_the_input_saves_the_rolls_played() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("eof.json");
    let args = ["--seed", "5", "--log", log.to_str().unwrap()];
    let (code, out, err) = play(&args, "auto\npass\n");
    // As for Rolling maps: the input ended before the game did.
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("input ended: saved to"), "{out}");
    assert!(out.contains("after 2 rolls (unfinished"), "{out}");
    let json = read_log(&log);
    assert_eq!(json["finished"], false);
    assert_eq!(json["turns"].as_array().unwrap().len(), 2);
    // The referee checks the rolls played.
    let (_, rout, rerr) = run(&["referee", log.to_str().unwrap()]);
    assert!(rout.contains("0 rules broken"), "{rout}{rerr}");
    // Without --log the game is abandoned.
    let (code, out, _) = play(&["--seed", "5"], "");
    assert_eq!(code, 1);
    assert!(out.contains("input ended: game abandoned"), "{out}");
}

#[test]
fn a_saved_game_resumes_where_it_stopped_with_the_same_dice() {
    let dir = tempfile::tempdir().unwrap();
    let (saved, whole) = (dir.path().join("saved.json"), dir.path().join("whole.json"));
    let (saved, whole) = (saved.to_str().unwrap(), whole.to_str().unwrap());
    let two = ["--seed", "6", "--players", "2", "--log"];
    let (code, out, err) = play(
        &[&two[..], &[saved]].concat(),
        "auto
pass
quit
",
    );
    assert_eq!(code, 0, "{out}{err}");
    let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(&format!("go on with `rollx play --resume {saved}`")),
        "{out}"
    );
    let (code, out, err) = run_with_input(
        &["play", "--resume", saved],
        Some(
            "auto
auto
quit
",
        ),
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(&format!("resuming {saved} after 2 rolls")),
        "{out}"
    );
    // The same game played without a break.
    let (code, _, err) = play(
        &[&two[..], &[whole]].concat(),
        "auto
pass
auto
auto
quit
",
    );
    assert_eq!(code, 0, "{err}");
    let (a, b) = (
        read_log(std::path::Path::new(saved)),
        read_log(std::path::Path::new(whole)),
    );
    assert_eq!(a["turns"].as_array().unwrap().len(), 4, "{a}");
    assert_eq!(a["turns"], b["turns"]);
    assert_eq!(a["players"], b["players"]);
    let (_, out, err) = run(&["referee", saved]);
    assert!(out.contains("0 rules broken, 1 log problem"), "{out}{err}");

    // A game the computer played alone is not resumed, nor a broken one.
    let computer = dir.path().join("computer.json");
    let computer = computer.to_str().unwrap();
    let (code, _, _) = run(&[
        "play",
        "maps/encore-black.toml",
        "--seed",
        "1",
        "--log",
        computer,
    ]);
    assert_eq!(code, 0);
    let (code, _, err) = run_with_input(&["play", "--resume", computer], Some(""));
    assert_eq!(code, 1);
    assert!(
        err.contains("only a game played with `rollx play --human` can be resumed"),
        "{err}"
    );
    let mut broken = read_log(std::path::Path::new(saved));
    broken["turns"][0]["moves"][0]["boxes"] = serde_json::json!(["A1"]);
    std::fs::write(computer, broken.to_string()).unwrap();
    let (code, _, err) = run_with_input(&["play", "--resume", computer], Some(""));
    assert_eq!(code, 1);
    assert!(
        err.contains("the game breaks the rules, so it cannot be resumed"),
        "{err}"
    );
}

#[test]
fn every_screen_fits_80_columns() {
    let input = "help\nmoves\nsheet 2\nsheet 9\nhint\nA1\nauto\nauto\nauto\nauto\nquit\n";
    let (code, out, err) = play(&["--seed", "2", "--players", "3"], input);
    assert_eq!(code, 0, "{err}");
    assert_eq!(too_wide(&out), Vec::<&str>::new(), "{out}");
    assert!(out.contains("greedy 2's sheet:"), "{out}");
    assert!(out.contains("no player `9`"), "{out}");
    assert!(out.contains("[H]"), "{out}");
    assert!(out.contains("everyone chooses from every die"), "{out}");
}

#[test]
fn a_four_player_game_finishes_and_referees_clean() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("four.json");
    let args = [
        "--seed",
        "6",
        "--players",
        "4",
        "--policy",
        "greedy,random,greedy",
        "--log",
        log.to_str().unwrap(),
    ];
    // Typing the boxes alone, and passing when they do not fit.
    let (code, out, err) = play(&args, &"H1 H2\npass\n".repeat(150));
    assert_eq!(code, 0, "{err}\n{out}");
    assert!(out.contains("game over after"), "{out}");
    assert!(out.contains("random 3"), "{out}");
    assert!(out.contains("winner"), "{out}");
    assert_eq!(too_wide(&out), Vec::<&str>::new());
    let json = read_log(&log);
    // A finished log leaves `finished` out (it defaults to true).
    assert!(json.get("finished").is_none(), "{json}");
    assert_eq!(json["players"].as_array().unwrap().len(), 4);
    assert_eq!(json["players"][2]["policy"], "random");
    referees_clean(&log);
    // --policy names one player for each computer seat, or one for all.
    let (code, _, err) = play(&["--players", "3", "--policy", "greedy,random,strong"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--policy names 3 computer players"), "{err}");
}
