//! What commands say when something is wrong: the map's own errors, plural
//! forms, estimates that fit the map.

mod common;
use common::run;

#[test]
fn commands_show_an_invalid_maps_errors_instead_of_pointing_at_check() {
    for command in ["play", "print", "simulate", "train"] {
        let (code, out, err) = run(&[command, "tests/fixtures/bad/asymmetric-adjacency.toml"]);
        assert_eq!(code, 1, "{command}: {err}");
        assert!(out.is_empty(), "{command}: {out}");
        // The diagnostic itself, with its place in the file and its help.
        assert!(
            err.contains("`FJ` lists `NO` as a neighbour, but `NO` does not list `FJ`"),
            "{command}: {err}"
        );
        assert!(
            err.contains("asymmetric-adjacency.toml:44:20"),
            "{command}: {err}"
        );
        assert!(
            err.contains("help: neighbours go both ways"),
            "{command}: {err}"
        );
        assert!(
            err.contains("is not a valid map (1 error)"),
            "{command}: {err}"
        );
        assert!(!err.contains("for details"), "{command}: {err}");
    }
}

#[test]
fn the_missing_values_hint_estimates_training_time_for_the_map() {
    let dir = tempfile::tempdir().unwrap();
    let values = dir.path().join("none.tuples");
    let (code, _, err) = run(&[
        "play",
        "maps/examples/tutorial.toml",
        "--policy",
        "tuples",
        "--values",
        values.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("rollx train maps/examples/tutorial.toml"),
        "{err}"
    );
    assert!(
        err.contains("; learning takes ") && err.contains(", on one core of this machine"),
        "{err}"
    );
    assert!(!err.contains("seven minutes"), "{err}");
}

#[test]
fn a_negative_number_gets_the_options_range_not_a_tip() {
    let map = "maps/examples/tutorial.toml";
    for (args, want) in [
        (
            vec!["simulate", map, "--games", "-5"],
            "error: --games takes a whole number from 1 to 10,000,000, not -5",
        ),
        (
            vec!["play", map, "--seed", "-1"],
            "error: --seed takes a whole number, 0 or more, not -1",
        ),
        (
            vec!["play", map, "--players", "-2"],
            "error: --players takes a whole number from 1 to 64, not -2",
        ),
        (
            vec!["print", map, "--sheets", "-3"],
            "error: --sheets takes a whole number from 1 to 10,000, not -3",
        ),
        (
            vec!["solve", map, "--time-limit=-1.5"],
            "error: --time-limit takes a number of seconds above 0, not -1.5",
        ),
        (
            vec!["simulate", map, "--games", "0"],
            "error: --games takes a whole number from 1 to 10,000,000, not 0",
        ),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.trim_end(), want, "{args:?}");
    }
}

#[test]
fn a_map_or_board_given_as_a_game_log_is_named_with_what_to_give() {
    for (file, what, noun) in [
        ("maps/usa.toml", "a Rolling map", "map"),
        ("maps/examples/usa-mainland.toml", "a Rolling map", "map"),
        ("maps/encore-black.toml", "an Encore board", "board"),
        ("maps/diceland-1.toml", "a Diceland board", "board"),
    ] {
        let (code, out, err) = run(&["referee", file]);
        assert_eq!(code, 2, "{file}: {err}");
        assert!(out.is_empty(), "{file}: {out}");
        assert!(
            err.starts_with(&format!("error: {file} is {what}, not a game log\n")),
            "{file}: {err}"
        );
        assert!(err.contains("written by `rollx play --log FILE`"), "{err}");
        assert!(
            err.contains(&format!(
                "paper sheet of this {noun} instead, give `rollx referee --sheet SHEET.toml --map {file}`"
            )),
            "{err}"
        );
        assert!(!err.contains("expected value"), "{err}");
        // `play --resume` says the same kind of thing.
        let (code, _, err) = run(&["play", "--resume", file]);
        assert_eq!(code, 2, "{file}: {err}");
        assert!(
            err.contains(&format!("{file} is {what}, not a game log")),
            "{err}"
        );
        assert!(
            err.contains(&format!("`rollx play {file} --human`")),
            "{err}"
        );
    }
    // A filled paper sheet is TOML too.
    let sheet = "tests/fixtures/sheets/usa-clean.toml";
    let (code, _, err) = run(&["referee", sheet]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("is a TOML file (a filled paper sheet?), not a game log"),
        "{err}"
    );
    assert!(
        err.contains(&format!("`rollx referee --sheet {sheet} --map MAP`")),
        "{err}"
    );
    // A broken log is still a broken log, pointed at.
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, "{\"map\": {\"id\": \"usa\"},\n  \"turns\": [\n").unwrap();
    let (code, _, err) = run(&["referee", broken.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a valid game log"), "{err}");
}

#[test]
fn several_files_checked_end_with_one_line_on_them_all() {
    let (code, out, _) = run(&[
        "check",
        "maps/examples/tutorial.toml",
        "maps/encore-black.toml",
        "tests/fixtures/bad/syntax.toml",
        "no/such.toml",
    ]);
    assert_eq!(code, 2);
    let last = out.trim_end().lines().last().unwrap_or_default();
    assert_eq!(
        last,
        "checked 4 files: 2 valid, 1 invalid, 1 unreadable; 1 error, 0 warnings"
    );
    // One file has its own summary last, as before.
    let (code, out, _) = run(&["check", "maps/encore-black.toml"]);
    assert_eq!(code, 0);
    assert!(!out.contains("checked 1 file"), "{out}");
    assert_eq!(
        out.trim_end().lines().last().map(str::trim),
        Some("warnings: 0")
    );
}

/// Whether `text` counts one of something in the plural ("1 games").
fn one_in_the_plural(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    words.windows(2).find_map(|w| {
        let noun = w[1].trim_end_matches([',', '.', ')', ';', ':']);
        let plural = noun.len() > 2 && noun.ends_with('s') && !noun.ends_with("ss");
        (w[0] == "1" && plural && noun != "X").then(|| format!("{} {}", w[0], w[1]))
    })
}

#[test]
fn one_of_something_is_singular() {
    let dir = tempfile::tempdir().unwrap();
    // One game, and the replays that value the powers named as such.
    let (code, out, err) = run(&["simulate", "maps/examples/tutorial.toml", "--games", "1"]);
    assert_eq!(code, 0, "{err}");
    let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(
            "report 1 game per map and policy, plus 3 replays of each to value the powers"
        ),
        "{out}"
    );
    assert!(
        err.contains("1 game, plus 3 replays to value the powers"),
        "{err}"
    );
    // One dupe.
    let (_, out, _) = run(&["check", "tests/fixtures/bad/too-few-dice.toml"]);
    assert!(out.contains("and 1 dupe cannot fill"), "{out}");
    // One obstacle on a Diceland board.
    let fixture = std::fs::read_to_string(
        common::root().join("tests/fixtures/diceland/land-color-stars.toml"),
    )
    .unwrap();
    let board = dir.path().join("one-obstacle.toml");
    std::fs::write(
        &board,
        fixture.replace("\"  R1  R1* Y2  Y2  Y2\",", "\"  R1  R1* Y2  Y2  #\","),
    )
    .unwrap();
    let (code, out, _) = run(&["check", board.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(", 1 obstacle, start"), "{out}");
    // One game learned from.
    let values = dir.path().join("t.tuples");
    let (code, out, err) = run(&[
        "train",
        "maps/examples/tutorial.toml",
        "--games",
        "1",
        "-o",
        values.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("learned from 1 game of tutorial"), "{out}");
    // Nowhere in these outputs is one thing counted in the plural.
    assert_eq!(one_in_the_plural(&out), None, "train: {out}");
    for args in [
        vec!["simulate", "maps/examples/tutorial.toml", "--games", "1"],
        vec!["simulate", "maps/encore-black.toml", "--games", "1"],
        vec!["simulate", "maps/diceland-1.toml", "--games", "1"],
        vec!["check", board.to_str().unwrap()],
        vec!["check", "tests/fixtures/bad/too-few-dice.toml"],
    ] {
        let (_, out, err) = run(&args);
        assert_eq!(one_in_the_plural(&out), None, "{args:?}: {out}");
        assert_eq!(one_in_the_plural(&err), None, "{args:?}: {err}");
    }
}
