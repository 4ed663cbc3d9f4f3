//! Diceland boards through the commands, as a new user runs them: the
//! issue's whole chain (generate, check, print, play, referee, simulate),
//! the same seed giving the same files, and every command that does not
//! handle a Diceland board refusing it up front with a clear message.

mod common;

use common::{root, run, tool};

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

fn s(p: &std::path::Path) -> String {
    p.display().to_string()
}

#[test]
fn generate_check_print_play_referee_simulate() {
    let dir = tmp();
    let board = dir.path().join("d.toml");
    let (code, _, err) = run(&["generate", "diceland", "--seed", "3", "-o", &s(&board)]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("checks clean"), "{err}");

    let (code, out, _) = run(&["check", "--deny-warnings", &s(&board)]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("is a valid board"), "{out}");
    assert!(out.contains("fewest dice to win: at least"), "{out}");

    let pdf = dir.path().join("d.pdf");
    let png = dir.path().join("d.png");
    let (code, out, err) = run(&[
        "print",
        &s(&board),
        "-o",
        &s(&pdf),
        "--png",
        &s(&png),
        "--sheets",
        "3",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("print checks passed"), "{out}");
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    let (code, out, err) = run(&[
        "print",
        &s(&board),
        "-o",
        &s(&pdf),
        "--mono",
        "--sheets",
        "1",
    ]);
    assert_eq!(code, 0, "{out}{err}");

    let log = dir.path().join("g.json");
    let (code, out, err) = run(&[
        "play",
        &s(&board),
        "--players",
        "3",
        "--seed",
        "1",
        "--log",
        &s(&log),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("greedy 3") && out.contains("winner"), "{out}");
    let (code, out, err) = run(&["referee", &s(&log)]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("every move follows the rules"), "{out}");
    let (code, out, _) = run(&["referee", "--format", "json", &s(&log)]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["violations"].as_array().unwrap().len(), 0);

    // A cell crossed that the board's rules forbid: exit 1, named.
    let text = std::fs::read_to_string(&log).unwrap();
    let first = text.find("\"cross ").unwrap();
    let end = first + text[first..].find("\"\n").unwrap();
    let mut bad = text.clone();
    let color: Vec<&str> = text[first + 1..end].split_whitespace().collect();
    bad.replace_range(first..=end, &format!("\"cross {} A1 K9\"", color[1]));
    std::fs::write(&log, bad).unwrap();
    let (code, out, _) = run(&["referee", &s(&log)]);
    assert_eq!(code, 1, "{out}");
    // The heading line of every family's referee, then the rule broken.
    assert!(out.starts_with("referee: "), "{out}");
    assert!(
        out.contains(": cross ") && out.contains(" [cross-"),
        "{out}"
    );

    let report = dir.path().join("diceland.html");
    let (code, out, err) = run(&[
        "simulate",
        "maps/diceland-1.toml",
        "maps/diceland-2.toml",
        "--games",
        "40",
        "--report",
        &s(&report),
        "-q",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("4 greedy players") && out.contains("greedy alone"),
        "{out}"
    );
    let html = std::fs::read_to_string(&report).unwrap();
    assert!(html.contains("<svg class=\"board\""), "a heat map");
    assert!(html.contains("Diceland 1") && html.contains("Diceland 2"));
}

#[test]
fn simulate_reports_the_same_whatever_the_threads() {
    let args = |threads: &str| {
        run(&[
            "simulate",
            "maps/diceland-3.toml",
            "--games",
            "60",
            "--policy",
            "random,greedy",
            "--seats",
            "greedy,random,greedy",
            "--format",
            "json",
            "--threads",
            threads,
            "-q",
        ])
    };
    let (c1, one, _) = args("1");
    let (c3, three, _) = args("3");
    assert_eq!((c1, c3), (0, 0));
    assert_eq!(one, three);
    let v: serde_json::Value = serde_json::from_str(&one).unwrap();
    // random x3, random alone, greedy x3, greedy alone, the mixed table.
    assert_eq!(v.as_array().unwrap().len(), 5);
    let mixed = &v[4];
    let wins: f64 = mixed["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["win_rate"].as_f64().unwrap())
        .sum();
    assert!(
        (wins + mixed["no_winner"].as_f64().unwrap() - 1.0).abs() < 1e-9,
        "{mixed}"
    );
    assert_eq!(
        mixed["cells"].as_array().unwrap().len(),
        100,
        "the heat map has every zone cell"
    );
}

#[test]
fn a_simulation_saves_logs_the_referee_accepts() {
    let dir = tmp();
    let logs = dir.path().join("logs");
    let board = root().join("maps/diceland-1.toml");
    let (code, out, err) = run(&[
        "simulate",
        &s(&board),
        "--games",
        "3",
        "--players",
        "2",
        "--policy",
        "random,greedy",
        "--seats",
        "strong,random",
        "--save-logs",
        &s(&logs),
    ]);
    assert_eq!(code, 0, "{err}");
    // Two policies at a table of two and alone, and the mixed table.
    assert!(out.contains("15 game logs written"), "{out}");
    let mut files: Vec<_> = std::fs::read_dir(&logs)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let names: Vec<String> = files
        .iter()
        .map(|f| f.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 15, "{names:?}");
    for name in [
        "diceland-1-greedyx1-0.json",
        "diceland-1-greedyx2-2.json",
        "diceland-1-randomx2-1.json",
        "diceland-1-seats-strong-random-0.json",
    ] {
        assert!(names.iter().any(|n| n == name), "{name} in {names:?}");
    }
    for f in &files {
        let (code, out, err) = run(&["referee", &s(f)]);
        assert_eq!(code, 0, "{}: {out}{err}", f.display());
        assert!(out.contains("clean: every move follows the rules"), "{out}");
    }
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let a = run(&[
        "play",
        "maps/diceland-4.toml",
        "--players",
        "2",
        "--policy",
        "greedy,random",
        "--seed",
        "9",
    ]);
    let b = run(&[
        "play",
        "maps/diceland-4.toml",
        "--players",
        "2",
        "--policy",
        "greedy,random",
        "--seed",
        "9",
    ]);
    assert_eq!(a.0, 0);
    assert_eq!(a.1, b.1);
}

#[test]
fn commands_that_do_not_handle_diceland_refuse_it_up_front() {
    let board = "maps/diceland-1.toml";
    for (args, says) in [
        (
            vec!["play", board, "--policy", "tuples"],
            "does not play Diceland",
        ),
        (vec!["play", board, "--horizon", "2"], "--horizon"),
        (vec!["play", board, "--solo-dice", "all"], "--solo-dice"),
        (
            vec!["play", board, "--human", "--rollouts", "9"],
            "--rollouts",
        ),
        (vec!["simulate", board, "maps/usa.toml"], "one family"),
        (vec!["simulate", board, "--optimum"], "--optimum"),
        (vec!["train", board], "Diceland"),
        (vec!["solve", board], "Diceland"),
        (vec!["draw", board], "Diceland"),
        (vec!["generate", "diceland", "--columns", "3"], "columns"),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    assert!(root().join(board).is_file());
}

#[test]
fn finished_sheets_are_checked_the_paper_way() {
    let dir = tmp();
    let log = dir.path().join("g.json");
    let board = "maps/diceland-2.toml";
    let (code, _, err) = run(&[
        "play",
        board,
        "--players",
        "2",
        "--seed",
        "4",
        "--log",
        &s(&log),
    ]);
    assert_eq!(code, 0, "{err}");
    // Every player's sheet, as the referee writes it, checks clean.
    for player in ["greedy 1", "greedy 2"] {
        let sheet = dir.path().join(format!("{player}.toml"));
        let (code, out, err) = run(&[
            "referee",
            &s(&log),
            "--write-sheet",
            &s(&sheet),
            "--player",
            player,
        ]);
        assert_eq!(code, 0, "{out}{err}");
        let (code, out, err) = run(&["referee", "--sheet", &s(&sheet), "--map", board]);
        assert_eq!(code, 0, "{player}: {out}{err}");
        assert!(out.contains("the sheet follows the rules"), "{out}");
    }
    // Several players: whose sheet must be said.
    let (code, _, err) = run(&[
        "referee",
        &s(&log),
        "--write-sheet",
        &s(&dir.path().join("x.toml")),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--player"), "{err}");

    let sheet = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        run(&[
            "referee",
            "--sheet",
            &s(&p),
            "--map",
            board,
            "--format",
            "json",
        ])
    };
    // The start is F5 on diceland-2: F4 touches it, A9 does not.
    let (code, out, _) = sheet(
        "apart.toml",
        "board = \"diceland-2\"\ncrossed = [\"F4\", \"A9\"]\nstars = 3\ncolor_complete = true\nwinner = true\n",
    );
    assert_eq!(code, 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // Apart; two orange zones open (F4's and A9's); no star crossed; no
    // colour complete; no win.
    assert_eq!(v["breaches"], 5, "{v}");
    let (code, out, _) = run(&[
        "referee",
        "--sheet",
        &s(&dir.path().join("apart.toml")),
        "--map",
        board,
    ]);
    assert_eq!(code, 1);
    for code in [
        "sheet-not-connected",
        "sheet-open-zones",
        "sheet-stars",
        "sheet-color-complete",
        "sheet-winner",
    ] {
        assert!(out.contains(code), "{code}: {out}");
    }
    // Not a sheet of this board, or not a cell: not checked (exit 2).
    let (code, _, err) = sheet("other.toml", "board = \"diceland-1\"\ncrossed = [\"F4\"]\n");
    assert_eq!(code, 2);
    assert!(err.contains("board-mismatch"), "{err}");
    let (code, _, err) = sheet(
        "start.toml",
        "board = \"diceland-2\"\ncrossed = [\"F5\", \"Z99\"]\n",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown-cell") && err.contains("F5") && err.contains("Z99"),
        "{err}"
    );
}

#[test]
fn a_person_plays_in_the_terminal() {
    let dir = tmp();
    let log = dir.path().join("mine.json");
    // `auto` lets the strong player move for you: a whole game.
    let mut input = String::from("help\nmoves\nhint\nchoose purple\ncross red Z99\n");
    input.push_str(&"auto\n".repeat(2000));
    let (code, out, err) = common::run_with_input(
        &[
            "play",
            "maps/diceland-3.toml",
            "--human",
            "--players",
            "2",
            "--seed",
            "2",
            "--log",
            &s(&log),
        ],
        Some(&input),
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("`purple` is no colour"), "{out}");
    assert!(out.contains("the strong player would play"), "{out}");
    assert!(out.contains("winner"), "{out}");
    let (code, out, _) = run(&["referee", &s(&log)]);
    assert_eq!(code, 0, "{out}");
    // A move the rules forbid is refused with the reason, and the game
    // goes on; `quit` saves the game unfinished.
    let (code, out, _) = common::run_with_input(
        &[
            "play",
            "maps/diceland-3.toml",
            "--human",
            "--seed",
            "2",
            "--log",
            &s(&log),
        ],
        Some("auto\nstop\ncross green A1\nquit\n"),
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("not allowed:"), "{out}");
    assert!(
        out.contains("(unfinished); go") && out.contains("`rollx play --resume"),
        "{out}"
    );
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("\"finished\": false"), "{text}");
    // An unfinished game is never clean: the referee says so (exit 1), and
    // nothing else.
    let (code, out, _) = run(&["referee", &s(&log)]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("[incomplete]"), "{out}");
    assert!(
        out.contains("not clean: 0 rules broken, 1 log problem\n"),
        "{out}"
    );
    // The input ending first: exit 1.
    let (code, _, _) = common::run_with_input(
        &["play", "maps/diceland-3.toml", "--human", "--seed", "2"],
        Some(""),
    );
    assert_eq!(code, 1);
}

/// A game stopped with `quit` after `moves` of your moves and resumed
/// (the rest by `auto`) is the game played in one go.
#[test]
fn a_game_stopped_and_resumed_is_the_game_played_in_one_go() {
    let dir = tmp();
    let whole = dir.path().join("whole.json");
    let args = |log: &std::path::Path| {
        vec![
            "play".to_string(),
            "maps/diceland-2.toml".into(),
            "--human".into(),
            "--players".into(),
            "3".into(),
            "--policy".into(),
            "random".into(),
            "--seed".into(),
            "11".into(),
            "--log".into(),
            s(log),
        ]
    };
    let all = "auto\n".repeat(3000);
    let a = args(&whole);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    let (code, out, err) = common::run_with_input(&a, Some(&all));
    assert_eq!(code, 0, "{out}{err}");
    let whole_text = std::fs::read_to_string(&whole).unwrap();
    assert!(!whole_text.contains("\"finished\": false"));
    for moves in [1, 7, 30] {
        let part = dir.path().join(format!("part{moves}.json"));
        let a = args(&part);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let first = format!("{}quit\n", "auto\n".repeat(moves));
        let (code, out, err) = common::run_with_input(&a, Some(&first));
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.contains("--resume"), "{out}");
        // The stop and the resume count the same turns: those played to
        // their end (a turn half played starts again from its dice).
        let saved_after = out
            .split(" after ")
            .last()
            .and_then(|t| t.split(" (unfinished)").next())
            .unwrap()
            .to_string();
        // Stopped twice: resumed, quit again at once, resumed to the end.
        let (code, out, err) =
            common::run_with_input(&["play", "--resume", &s(&part)], Some("quit\n"));
        assert_eq!(code, 0, "{out}{err}");
        assert!(
            out.contains(&format!("resuming {} after {saved_after}\n", s(&part))),
            "after {moves} moves, saved after {saved_after}: {out}"
        );
        let (code, out, err) = common::run_with_input(&["play", "--resume", &s(&part)], Some(&all));
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.contains("winner"), "{out}");
        assert_eq!(
            std::fs::read_to_string(&part).unwrap(),
            whole_text,
            "after {moves} moves"
        );
    }
    // A finished game has nothing to resume; a log that breaks the rules
    // or whose dice are not its seed's is refused.
    let (code, _, err) = run(&["play", "--resume", &s(&whole)]);
    assert_eq!(code, 1);
    assert!(err.contains("the game is over"), "{err}");
    let (code, _, err) = run(&["play", "--resume", &s(&whole), "--horizon", "2"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--horizon is an option of the computer players of Rolling maps")
            && err.contains("is a game on a Diceland board"),
        "{err}"
    );
    let part = dir.path().join("part1.json");
    let text = std::fs::read_to_string(&part).unwrap();
    let mut log: serde_json::Value = serde_json::from_str(&text).unwrap();
    log["finished"] = serde_json::Value::Bool(false);
    log["turns"].as_array_mut().unwrap().truncate(2);
    log["seed"] = serde_json::json!(12);
    let changed = dir.path().join("changed.json");
    std::fs::write(&changed, serde_json::to_string(&log).unwrap()).unwrap();
    let (code, _, err) = run(&["play", "--resume", &s(&changed)]);
    assert_eq!(code, 1);
    assert!(err.contains("but its seed rolls"), "{err}");
}

#[test]
#[ignore = "needs qpdf and poppler-utils; run by .ci/run"]
fn diceland_pads_pass_qpdf_and_poppler_reads_them() {
    let dir = tmp();
    for (template, mono) in [("letter", false), ("a4", true), ("a4-2up", false)] {
        let pdf = dir.path().join(format!("d-{template}-{mono}.pdf"));
        let mut args = vec![
            "print",
            "maps/diceland-1.toml",
            "--template",
            template,
            "--sheets",
            "3",
        ];
        let p = s(&pdf);
        args.extend(["-o", &p]);
        if mono {
            args.push("--mono");
        }
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{out}{err}");
        let (ok, out, err) = tool("qpdf", &["--check", &p]);
        assert!(
            ok && out.contains("No syntax or stream encoding errors found"),
            "{out}{err}"
        );
        let prefix = dir.path().join(format!("page-{template}"));
        let (ok, _, err) = tool(
            "pdftoppm",
            &["-r", "40", "-f", "1", "-l", "1", "-png", &p, &s(&prefix)],
        );
        assert!(ok && err.trim().is_empty(), "pdftoppm: {err}");
        let (ok, text, err) = tool("pdftotext", &["-f", "1", "-l", "1", &p, "-"]);
        assert!(ok && err.trim().is_empty(), "pdftotext: {err}");
        for word in [
            "Diceland 1: Meadows",
            "Name",
            "Colour done",
            "Stars",
            "Win: 9 stars",
        ] {
            assert!(text.contains(word), "{template}: {word} not in {text}");
        }
        if mono {
            assert!(text.contains("A Grey"), "the black-and-white key: {text}");
        }
    }
}

#[test]
#[ignore = "needs Debian's chromium; run by .ci/run"]
fn the_diceland_report_renders_in_headless_chromium() {
    let dir = tmp();
    let report = dir.path().join("diceland.html");
    let (code, _, err) = run(&[
        "simulate",
        "maps/diceland-2.toml",
        "--games",
        "100",
        "-q",
        "--report",
        &s(&report),
    ]);
    assert_eq!(code, 0, "{err}");
    let shot = dir.path().join("shot.png");
    let (ok, _, log) = tool(
        "chromium",
        &[
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            &format!("--user-data-dir={}", dir.path().join("profile").display()),
            &format!("--screenshot={}", shot.display()),
            "--window-size=1100,1600",
            &format!("file://{}", report.display()),
        ],
    );
    assert!(ok, "{log}");
    assert!(!log.contains("Uncaught"), "{log}");
    assert!(
        std::fs::read(&shot).unwrap().len() > 20_000,
        "a screenshot with the heat map"
    );
}

#[test]
fn a_variant_extends_a_board_and_changes_only_what_it_writes() {
    let dir = tmp();
    let base = root().join("maps/diceland-1.toml");
    let variant = dir.path().join("short.toml");
    std::fs::write(
        &variant,
        format!(
            "extends = \"{}\"\n\n[board]\nid = \"diceland-1-short\"\nname = \"Diceland 1, a short game\"\n\n[goal]\nstars = 6\n",
            base.display()
        ),
    )
    .unwrap();
    let (code, out, _) = run(&["check", "--format", "json", &s(&variant)]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["family"], "diceland");
    assert_eq!(v["board"], "diceland-1-short");
    assert_eq!(v["goal"]["stars"], 6);
    assert_eq!(v["goal"]["colors"], 1, "kept from the default");
    assert_eq!(v["columns"], 11, "the grid comes from the base");
    // A key the format does not have is a located error.
    std::fs::write(&variant, "extends = \"nowhere.toml\"\n[goal]\nstarz = 6\n").unwrap();
    let (code, out, _) = run(&["check", &s(&variant)]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("extends-not-found") || out.contains("unknown-key"),
        "{out}"
    );
}

/// The terminal sheet shows the column letters and row numbers moves are
/// typed with: a move read off it is played; `sheet` shows it crossed;
/// `undo` takes it back (and, with nothing left to take back, asks again).
#[test]
fn the_terminal_sheet_names_the_cells_as_they_are_typed() {
    let (code, out, err) = common::run_with_input(
        &["play", "maps/diceland-1.toml", "--human", "--seed", "3"],
        Some("help\nY\nr\ncross yellow f6, g6 h6\nsheet\nundo\nundo\nquit\n"),
    );
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("diceland-terminal-sheet", out);
}

/// `undo` takes your moves back to just after the turn's first roll (the
/// same dice fall again): a game with undos, played on by the same
/// moves, is the game played without them.
#[test]
fn undo_takes_moves_back_and_the_same_dice_fall_again() {
    let dir = tmp();
    let play = |input: &str, log: &std::path::Path| {
        let (code, out, err) = common::run_with_input(
            &[
                "play",
                "maps/diceland-4.toml",
                "--human",
                "--players",
                "3",
                "--policy",
                "random",
                "--seed",
                "8",
                "--log",
                &s(log),
            ],
            Some(input),
        );
        assert_eq!(code, 0, "{out}{err}");
        (out, std::fs::read_to_string(log).unwrap())
    };
    let (_, straight) = play(&"auto\n".repeat(3000), &dir.path().join("a.json"));
    let (out, _) = play("undo\ntable\nquit\n", &dir.path().join("b.json"));
    assert!(out.contains("nothing to undo"), "{out}");
    // `table`: where every player stands.
    for name in ["you", "random 2", "random 3"] {
        assert!(
            out.contains(&format!(
                "{name}: 0 stars, 0 colours complete, 0 cells crossed"
            )),
            "{out}"
        );
    }
    for moves in [2, 9, 25] {
        let input = format!(
            "{}undo\n{}undo\nundo\n{}",
            "auto\n".repeat(moves),
            "auto\n".repeat(3),
            "auto\n".repeat(3000)
        );
        let (out, log) = play(&input, &dir.path().join(format!("u{moves}.json")));
        assert!(out.contains("taken back to turn"), "{out}");
        assert_eq!(log, straight, "undo after {moves} moves");
    }
}

#[test]
fn the_referee_reports_every_mistake_of_a_log_with_several() {
    // A three-player game with three mistakes planted: the active player's
    // crossing with a cell too many in turn 4 (a crossing with a star, so
    // its bonus roll is owed to nobody), a cell listed twice in turn 10,
    // and a crossing written twice in turn 15. Every one is named, the
    // findings that only follow from turn 4 are counted apart, and the
    // replay goes to the end of the game and compares the winners.
    let log = "tests/fixtures/diceland/logs/active-crossing-then-more.json";
    let (code, out, err) = run(&["referee", log]);
    assert_eq!(code, 1, "{out}{err}");
    for (turn, kind) in [(4, "cross-count"), (10, "cell-twice"), (15, "out-of-turn")] {
        assert!(
            out.lines()
                .any(|l| l.starts_with(&format!("  turn {turn}, "))
                    && l.ends_with(&format!(" [{kind}]"))),
            "{kind}: {out}"
        );
    }
    // The heading line every family's referee writes.
    assert!(
        out.starts_with(&format!(
            "referee: {log} (Diceland 1: Meadows, seed 4, 3 players, 23 turns)\n"
        )),
        "{out}"
    );
    // The planted cell A1, crossed in turn 4 on the player's paper, is
    // crossed again in turn 12: legal on the judged sheet, where turn 4
    // crossed nothing, a mistake on paper, reported.
    assert!(
        out.contains(
            "turn 12, greedy 1: cross yellow A1: on the sheet as written, A1 is crossed already"
        ),
        "{out}"
    );
    assert!(out.contains("winner: greedy 3\n"), "{out}");
    insta::assert_snapshot!("diceland-referee-several-mistakes", out);
    let (code, json, _) = run(&["referee", log, "--format", "json"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let follows = v["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| x["follows_from"] == 4)
        .count();
    assert!(follows >= 5, "{json}");
    assert_eq!(v["turns"], 23);
    assert_eq!(v["complete"], true);

    // The Encore log with a box listed twice: that box, and nothing else.
    let log = "tests/fixtures/encore/logs/box-twice.json";
    let (code, out, err) = run(&["referee", log]);
    assert_eq!(code, 1, "{out}{err}");
    insta::assert_snapshot!("encore-referee-box-twice", out);
    assert!(
        out.contains("not clean: 1 rule broken, 0 log problems"),
        "{out}"
    );
}

#[test]
fn check_warns_about_the_print_limits_of_every_shipped_template() {
    // A name far too long for the title strip: every template would fail
    // to print it, and check says so before anyone prints.
    let dir = tmp();
    let board = dir.path().join("long.toml");
    let text = std::fs::read_to_string(root().join("maps/diceland-1.toml")).unwrap();
    let long = "A very long board name that goes on and on and on, far wider than any title strip \
                of any sheet could ever hold in print";
    let text: String = text
        .lines()
        .map(|l| {
            if l.starts_with("name = ") {
                format!("name = \"{long}\"\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    std::fs::write(&board, text).unwrap();
    let (code, out, _) = run(&["check", &s(&board), "--format", "json"]);
    assert_eq!(code, 0, "{out}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let codes: Vec<&str> = report["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["code"].as_str().unwrap())
        .collect();
    assert!(codes.contains(&"print-text-overflow"), "{codes:?}");
    let (code, _, _) = run(&["check", "--deny-warnings", &s(&board)]);
    assert_eq!(code, 1);
    let (code, _, err) = run(&["print", &s(&board), "-o", &s(&dir.path().join("x.pdf"))]);
    assert_eq!(code, 1, "print refuses what check warned about: {err}");
}
