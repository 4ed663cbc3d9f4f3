//! `rollx play` and `rollx referee` as a user runs them.

mod common;
use common::{root, run_with_input as run};

use std::path::Path;

use serde_json::Value;

#[test]
fn a_played_game_referees_clean_and_any_corrupted_move_is_named() {
    let dir = tempfile::tempdir().unwrap();
    for map in ["maps/usa.toml", "maps/japan.toml"] {
        let log = dir.path().join("g.json");
        let log_s = log.to_str().unwrap();
        let (code, out, err) = run(&["play", map, "--seed", "1", "--log", log_s], None);
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.contains("score: "), "{out}");
        let (code, out, err) = run(&["referee", log_s], None);
        assert_eq!(code, 0, "{map}: {out}{err}");
        assert!(out.contains("clean: every move follows the rules"));

        // Corrupt moves all over the game: a number no die shows.
        let text = std::fs::read_to_string(&log).unwrap();
        let original: Value = serde_json::from_str(&text).unwrap();
        let turns = original["turns"].as_array().unwrap().len();
        for t in (0..turns).step_by(5) {
            let mut bad = original.clone();
            let moves = bad["turns"][t]["moves"][0].as_array_mut().unwrap();
            let Some((k, mv)) = moves
                .iter_mut()
                .enumerate()
                .find(|(_, m)| m.get("number").is_some())
            else {
                continue;
            };
            mv["number"] = 9.into();
            let die = mv["die"].as_str().unwrap().to_string();
            let bad_path = dir.path().join("bad.json");
            std::fs::write(&bad_path, serde_json::to_string(&bad).unwrap()).unwrap();
            let (code, out, _) = run(&["referee", bad_path.to_str().unwrap()], None);
            assert_eq!(code, 1, "{out}");
            let expected = format!("turn {} (", t + 1);
            let line = out
                .lines()
                .find(|l| l.contains("[number-not-on-die]"))
                .unwrap_or_else(|| panic!("{out}"));
            assert!(
                line.contains(&expected)
                    && line.contains(&format!("move {}", k + 1))
                    && line.contains(&format!("{die} die")),
                "{line}"
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.json"), dir.path().join("b.json"));
    let args = |p: &Path| {
        vec![
            "play".to_string(),
            "maps/usa.toml".into(),
            "--seed".into(),
            "42".into(),
            "--policy".into(),
            "random".into(),
            "--players".into(),
            "2".into(),
            "--log".into(),
            p.to_str().unwrap().to_string(),
        ]
    };
    let (_, out_a, _) = run(
        &args(&a).iter().map(String::as_str).collect::<Vec<_>>(),
        None,
    );
    let (_, out_b, _) = run(
        &args(&b).iter().map(String::as_str).collect::<Vec<_>>(),
        None,
    );
    assert_eq!(
        out_a.replace(a.to_str().unwrap(), ""),
        out_b.replace(b.to_str().unwrap(), "")
    );
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    // And another seed gives another game.
    let (_, out_c, _) = run(
        &[
            "play",
            "maps/usa.toml",
            "--seed",
            "43",
            "--policy",
            "random",
            "--players",
            "2",
        ],
        None,
    );
    assert_ne!(
        out_a.lines().skip(1).collect::<Vec<_>>(),
        out_c.lines().skip(1).collect::<Vec<_>>()
    );
}

#[test]
fn several_players_share_the_dice_and_are_ranked() {
    let (code, out, _) = run(
        &[
            "play",
            "maps/japan.toml",
            "--seed",
            "7",
            "--players",
            "3",
            "--policy",
            "random",
        ],
        None,
    );
    assert_eq!(code, 0);
    assert!(out.contains("3 players"));
    assert!(out.contains("ranking (fewest X, then fewest powers):"));
    assert_eq!(out.matches("score: ").count(), 3);
}

#[test]
fn the_printed_sheet_snapshot() {
    let (code, out, _) = run(&["play", "maps/usa.toml", "--seed", "1"], None);
    assert_eq!(code, 0);
    insta::assert_snapshot!("play-usa-seed-1", out);
}

#[test]
fn play_rejects_bad_maps_and_arguments() {
    let (code, _, err) = run(
        &["play", "tests/fixtures/bad/asymmetric-adjacency.toml"],
        None,
    );
    assert_eq!(code, 1);
    assert!(err.contains("is not a valid map"), "{err}");
    let (code, _, err) = run(&["play", "no/such.toml"], None);
    assert_eq!(code, 2, "{err}");
    let (code, _, _) = run(&["play", "maps/usa.toml", "--policy", "clever"], None);
    assert_eq!(code, 2);
    let (code, _, _) = run(&["play", "maps/usa.toml", "--players", "0"], None);
    assert_eq!(code, 2);
}

/// (fixture, exit code, text the report must contain)
const LOGS: [(&str, i32, &str); 19] = [
    ("clean", 0, "clean: every move follows the rules"),
    (
        "neighbor-rule",
        1,
        "turn 3 (round 2, turn 1), Bob, move 1, yellow die: DU breaks the neighbour rule",
    ),
    (
        "wrong-region",
        1,
        "turn 2 (round 1, turn 2), Bob, move 2, red die: MO is in the green region",
    ),
    (
        "cross-with-spot",
        1,
        "turn 6 (round 3, turn 2), Bob, move 1, clear die: the number had to be written",
    ),
    (
        "power-spent",
        1,
        "turn 6 (round 3, turn 2), Bob, move 1, clear die: Guard used more often",
    ),
    (
        "number-not-rolled",
        1,
        "turn 1 (round 1, turn 1), Bob, move 1, yellow die: wrote 3 but the die shows 2",
    ),
    ("area-written-twice", 1, "[area-not-empty]"),
    (
        "die-not-resolved",
        1,
        "Bob, red die: the red die (5) was not resolved",
    ),
    (
        "die-drawn-twice",
        1,
        "the yellow die was already drawn in round 1 [die-drawn-twice]",
    ),
    (
        "not-a-face",
        1,
        "the clear die shows 9, which is not a face [not-a-face]",
    ),
    (
        "unknown-area",
        1,
        "there is no area `FJX` in this map [unknown-area]",
    ),
    (
        "incomplete",
        1,
        "the game is not over after the log's 4 turns (the game has 6)",
    ),
    (
        "claimed-result",
        1,
        "Ann claims 1 X and 3 powers; the sheet has 3 X and 3 powers",
    ),
    ("schema-missing-turns", 2, "missing field `turns`"),
    (
        "map-mismatch",
        2,
        "map-mismatch.json is a game on map `dicia-2`",
    ),
    ("map-changed", 2, "(map `tutorial`) has changed since"),
    ("rules-differ", 2, "they differ in powers.guard"),
    ("schema-wrong-format", 2, "`format` is \"rollx-log\""),
    (
        "schema-power-twice",
        2,
        "`powers` lists \"dupe\" twice: each power is used at most once on a die",
    ),
];

#[test]
fn referee_reports_on_hand_written_logs() {
    for (name, want, needle) in LOGS {
        let path = format!("tests/fixtures/logs/{name}.json");
        let (code, out, err) = run(&["referee", &path], None);
        assert_eq!(code, want, "{name}:\n{out}{err}");
        assert!(
            out.contains(needle) || err.contains(needle),
            "{name} lacks {needle:?}:\n{out}{err}"
        );
        insta::assert_snapshot!(
            format!("referee-{name}"),
            format!("exit {code}\n--- stdout\n{out}--- stderr\n{err}")
        );
    }
    let fixtures = std::fs::read_dir(root().join("tests/fixtures/logs"))
        .unwrap()
        .count();
    assert_eq!(fixtures, LOGS.len(), "every log fixture is in the table");
}

#[test]
fn the_player_at_the_terminal_is_you_who_claim() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("you.json");
    let text = std::fs::read_to_string(root().join("tests/fixtures/logs/claimed-result.json"))
        .unwrap()
        .replace("\"Ann\"", "\"you\"")
        .replace(
            "maps/examples/tutorial.toml",
            root().join("maps/examples/tutorial.toml").to_str().unwrap(),
        );
    std::fs::write(&log, text).unwrap();
    let (code, out, err) = run(&["referee", log.to_str().unwrap()], None);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("you claim 1 X and 3 powers;"), "{out}");
    assert!(!out.contains("you claims"), "{out}");
}

#[test]
fn referee_json_lists_violations_and_scores() {
    let (code, out, _) = run(
        &[
            "referee",
            "--format",
            "json",
            "tests/fixtures/logs/neighbor-rule.json",
        ],
        None,
    );
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&out).unwrap();
    let first = &v["violations"][0];
    assert_eq!(first["turn"], 3);
    assert_eq!(first["player"], "Bob");
    assert_eq!(first["die"], "yellow");
    assert_eq!(first["rule"], "neighbor-rule");
    assert_eq!(first["areas"][0], "DU");
    let bob = &v["players"][1];
    assert_eq!(
        bob["total"].as_u64(),
        Some(bob["crosses"].as_u64().unwrap() + bob["mistakes"].as_u64().unwrap())
    );
    assert_eq!(v["players"][0]["mistakes"], 0);
}

#[test]
fn referee_needs_a_readable_log_and_map() {
    let (code, _, err) = run(&["referee", "no/such.json"], None);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read no/such.json"));
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("elsewhere.json");
    let text = std::fs::read_to_string(root().join("tests/fixtures/logs/clean.json"))
        .unwrap()
        .replace("maps/examples/tutorial.toml", "gone.toml")
        .replace("\"tutorial\"", "\"lost-map\"");
    std::fs::write(&log, text).unwrap();
    let (code, _, err) = run(&["referee", log.to_str().unwrap()], None);
    assert_eq!(code, 2);
    assert!(err.contains("pass it with --map"), "{err}");
    // With --map of another map it stops with one error (not a list of
    // "broken rules"), naming both maps and how to fix it.
    let (code, out, err) = run(
        &[
            "referee",
            log.to_str().unwrap(),
            "--map",
            "maps/examples/tutorial.toml",
        ],
        None,
    );
    assert_eq!(code, 2, "{out}{err}");
    assert_eq!(out, "", "nothing is refereed");
    assert_eq!(err.matches("map-mismatch").count(), 1, "{err}");
    // (The report wraps lines at 100 columns.)
    let err = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        err.contains("is a game on map `lost-map` (played from gone.toml)")
            && err.contains("is `tutorial`")
            && err.contains("pass the map whose [map] id is `lost-map` with --map FILE"),
        "{err}"
    );
}

#[test]
fn a_log_refereed_on_another_map_stops_with_one_error() {
    // The tutorial game refereed on the USA, in text and JSON.
    for format in ["text", "json"] {
        let (code, out, err) = run(
            &[
                "referee",
                "--format",
                format,
                "tests/fixtures/logs/clean.json",
                "--map",
                "maps/usa.toml",
            ],
            None,
        );
        assert_eq!(code, 2, "{out}{err}");
        assert_eq!(out, "");
        assert_eq!(err.matches("map-mismatch").count(), 1, "{err}");
        assert!(
            !err.contains("wrong-region") && !err.contains("unknown-area"),
            "{err}"
        );
        insta::assert_snapshot!(
            format!("referee-other-map-{format}"),
            format!("exit {code}\n--- stdout\n{out}--- stderr\n{err}")
        );
    }
}

#[test]
fn filled_sheets_are_checked_without_a_log() {
    let (code, out, _) = run(
        &[
            "referee",
            "--sheet",
            "tests/fixtures/sheets/usa-clean.toml",
            "--map",
            "maps/usa.toml",
        ],
        None,
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("clean: no rule is broken on this sheet"));
    let (code, out, _) = run(
        &[
            "referee",
            "--sheet",
            "tests/fixtures/sheets/usa-mistakes.toml",
            "--map",
            "maps/usa.toml",
        ],
        None,
    );
    assert_eq!(code, 1);
    for rule in [
        "neighbor-rule",
        "power-spent",
        "number-not-on-die",
        "guard-without-tick",
    ] {
        assert!(out.contains(rule), "{rule} missing:\n{out}");
    }
    assert!(
        out.contains("neighbours OH (4) and PA (6) differ by more than 1")
            || out.contains("neighbours PA (6) and OH (4)"),
        "{out}"
    );
    insta::assert_snapshot!("sheet-mistakes", out);
    let (code, _, err) = run(
        &[
            "referee",
            "--sheet",
            "tests/fixtures/sheets/usa-malformed.toml",
            "--map",
            "maps/usa.toml",
        ],
        None,
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("there is no area `PN`") && err.contains("did you mean `PA`?"),
        "{err}"
    );
    let (code, _, _) = run(
        &["referee", "--sheet", "tests/fixtures/sheets/usa-clean.toml"],
        None,
    );
    assert_eq!(code, 2, "--sheet needs --map");
    // A sheet of the USA checked on Japan: one clear error, not one unknown
    // area per line.
    let (code, out, err) = run(
        &[
            "referee",
            "--sheet",
            "tests/fixtures/sheets/usa-clean.toml",
            "--map",
            "maps/japan.toml",
        ],
        None,
    );
    assert_eq!(code, 2, "{out}{err}");
    assert_eq!(err.matches("map-mismatch").count(), 1, "{err}");
    assert!(
        err.contains("the sheet is for map `usa`, but it is checked on map `japan`"),
        "{err}"
    );
    assert!(err.contains("--map maps/usa.toml"), "{err}");
    assert!(!err.contains("unknown-area"), "{err}");
    let (code, out, _) = run(
        &[
            "referee",
            "--format",
            "json",
            "--sheet",
            "tests/fixtures/sheets/usa-mistakes.toml",
            "--map",
            "maps/usa.toml",
        ],
        None,
    );
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["total"].as_u64(),
        Some(
            v["crosses"].as_u64().unwrap()
                + v["empty"].as_u64().unwrap()
                + v["mistakes"].as_u64().unwrap()
        )
    );
}

#[test]
fn a_person_can_play_a_whole_game_in_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("human.json");
    // Some mistakes first, then let the greedy player finish every die.
    let mut input = String::from("help\nZZ ZZ\n1 x FJ\nmoves\nhint\nundo\n");
    input.push_str(&"auto\n".repeat(40));
    let (code, out, err) = run(
        &[
            "play",
            "maps/examples/tutorial.toml",
            "--human",
            "--seed",
            "5",
            "--log",
            log.to_str().unwrap(),
        ],
        Some(&input),
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("Type `help` for the commands."));
    assert!(
        out.contains("which die?"),
        "an ambiguous command is explained"
    );
    assert!(
        out.contains("not allowed:"),
        "an illegal move is refused with its reason"
    );
    assert!(out.contains("game over: "), "{out}");
    let (code, out, _) = run(&["referee", log.to_str().unwrap()], None);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("you "));
}

#[test]
fn a_person_types_moves_and_undoes_them() {
    // Seed 5 on the tutorial map opens with yellow 2 and clear 6.
    let play = |input: &str| {
        run(
            &[
                "play",
                "maps/examples/tutorial.toml",
                "--human",
                "--seed",
                "5",
            ],
            Some(input),
        )
    };
    let (code, out, _) = play("1 IS\n2 FJ\nundo\n2 NO\n1 SU\nquit\n");
    assert_eq!(code, 0);
    assert!(out.contains("yellow 2 in IS"), "{out}");
    assert!(out.contains("clear 6 in FJ"));
    // The first turn ended before the undo: nothing of the second turn is
    // resolved yet, so the first turn is taken back, and its dice rolled
    // again.
    assert!(
        out.contains("the last turn is taken back: its dice again, nothing resolved"),
        "{out}"
    );
    assert!(out.contains("clear 6 in NO"), "{out}");
    assert!(out.contains("yellow 2 in SU"), "{out}");
    assert!(out.contains("game abandoned"));
    // Undo within a turn takes its moves back.
    let (code, out, _) = play("1 IS\nundo\nquit\n");
    assert_eq!(code, 0);
    assert!(out.contains("this turn's moves are taken back"), "{out}");
    // Input that ends mid-game stops with exit code 1 (see `play --help`).
    let (code, out, _) = run(
        &[
            "play",
            "maps/examples/tutorial.toml",
            "--human",
            "--seed",
            "5",
        ],
        Some("1 IS\n"),
    );
    assert_eq!(code, 1);
    assert!(out.contains("input ended: game abandoned"));
}

#[test]
fn dice_keep_their_numbers_after_one_is_resolved() {
    // Seed 7 on the USA opens with orange 1 (die 1) and green 3 (die 2).
    let input = "1 WA\nmoves\nmoves 2\nmoves 1\n1 NY\nred NY\n7 NY\n2 CO\nquit\n";
    let (code, out, _) = run(
        &["play", "maps/usa.toml", "--human", "--seed", "7"],
        Some(input),
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("orange 1 in WA"), "{out}");
    // The prompt, `moves` and `moves 2` all call the green die "die 2".
    assert!(out.contains("turn 1/3: die 2: green 3 |"), "{out}");
    let listed = out
        .lines()
        .filter(|l| l.starts_with("die 2 (green 3): "))
        .count();
    assert_eq!(listed, 2, "`moves` and `moves 2` list die 2: {out}");
    assert!(!out.contains("die 1 (green 3)"), "{out}");
    // A die already resolved is named as such, not taken for an area.
    assert_eq!(
        out.matches("die 1 is already resolved this turn; still to resolve: 2 (green 3)")
            .count(),
        2,
        "`moves 1` and `1 NY`: {out}"
    );
    assert!(!out.contains("is not an area"), "{out}");
    assert!(
        out.contains("the red die is not waiting to be resolved"),
        "{out}"
    );
    assert!(out.contains("there is no die `7` this turn"), "{out}");
    // Die 2 is still typed as 2.
    assert!(out.contains("green 3 in CO"), "{out}");
}

#[test]
fn the_log_schema_in_docs_is_current() {
    let committed = std::fs::read_to_string(root().join("docs/game-log.schema.json")).unwrap();
    assert_eq!(
        committed.trim_end(),
        rollx::rolling::GameLog::schema().trim_end(),
        "regenerate with `cargo run --example log_schema > docs/game-log.schema.json`"
    );
}

#[test]
fn help_texts_explain_play_and_referee() {
    for cmd in ["play", "referee"] {
        let (code, out, _) = run(&[cmd, "--help"], None);
        assert_eq!(code, 0);
        assert!(
            out.contains("Exit codes") && out.contains("Examples"),
            "{cmd}: {out}"
        );
    }
    // referee's formats are described in its own terms, not check's.
    let (_, out, _) = run(&["referee", "--help"], None);
    assert!(!out.contains("summary table"), "{out}");
    assert!(!out.contains("per map"), "{out}");
    assert!(out.contains("turn, player and die"), "{out}");
    assert!(out.contains("The verdict as one JSON object"), "{out}");
}

#[test]
fn the_example_in_the_log_docs_is_a_legal_game_so_far() {
    let docs = std::fs::read_to_string(root().join("docs/game-log.md")).unwrap();
    let start = docs.find("```json\n").unwrap() + "```json\n".len();
    let end = start + docs[start..].find("```").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("example.json");
    std::fs::write(&path, &docs[start..end]).unwrap();
    let (code, out, err) = run(
        &["referee", "--format", "json", path.to_str().unwrap()],
        None,
    );
    assert_eq!(code, 1, "{out}{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["violations"].as_array().unwrap().len(), 0, "{out}");
    let kinds: Vec<&str> = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["incomplete"], "only the missing turns are reported");
}
