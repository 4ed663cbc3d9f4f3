//! Finished Encore paper sheets (docs/encore-sheet.md): every computer
//! player's final sheet, written by the writer, checks clean with the
//! engine's score; corrupted sheets are caught by name; the fixtures and
//! `rollx referee --sheet` / `--write-sheet` on Encore boards.

mod common;
use common::{root, run};

use std::path::Path;

use rollx::encore::{Boxes, Game, Sheet};
use rollx::encore::{Effort, PlayedGame, play_game, seat_players};
use rollx::encore::{FilledResult, check_filled, filled_toml};

fn black() -> Game {
    {
        let b = rollx::families::load(&root().join("maps/encore-black.toml"))
            .unwrap()
            .take()
            .expect("an Encore board");
        Game::new(b).expect("the engine plays it")
    }
}

/// Checks a sheet's text; panics when it cannot be read.
fn check(g: &Game, text: &str, what: &str) -> FilledResult {
    let verdict = check_filled(g, Path::new("sheet.toml"), text.as_bytes().to_vec());
    verdict
        .result
        .unwrap_or_else(|| panic!("{what}: not readable: {:?}\n{text}", verdict.diagnostics))
}

fn rules(r: &FilledResult) -> Vec<&'static str> {
    r.breaches.iter().map(|b| b.rule).collect()
}

/// Plays `games` games of `policies` and checks every final sheet the paper
/// way: clean, the same boxes, the engine's total. Then corrupts each and
/// checks that the corruption is named.
fn assert_sheets_agree(g: &Game, policies: &[&str], games: u64) {
    let names: Vec<String> = policies.iter().map(|p| p.to_string()).collect();
    for seed in 0..games {
        let mut seats = seat_players(&names, seed, Effort::DEFAULT).unwrap();
        let PlayedGame { log, table } = play_game(g, seed, &mut seats, None);
        for (p, sheet) in table.sheets().iter().enumerate() {
            let player = &log.names()[p];
            let what = format!("{policies:?} seed {seed}, {player}");
            let text = filled_toml(g, sheet, Some(player));
            let r = check(g, &text, &what);
            assert!(r.is_clean(), "{what}: {:?}\n{text}", r.breaches);
            assert_eq!(r.sheet.crossed(), sheet.crossed(), "{what}");
            assert_eq!(r.jokers_used, sheet.jokers_used(), "{what}");
            let engine = g.score(sheet);
            assert_eq!(r.score.total, engine.total, "{what}: the totals differ");
            assert_eq!(r.written_total, Some(engine.total), "{what}");
            assert_eq!(r.player.as_deref(), Some(player.as_str()));
            corrupt(g, sheet, player, &what);
        }
    }
}

/// The boxes of `crossed` linked to the start column through crossed boxes.
fn linked(g: &Game, crossed: Boxes) -> Boxes {
    let mut reached = crossed & g.start_boxes();
    loop {
        let more = reached | (g.touching(&reached) & crossed);
        if more == reached {
            return reached;
        }
        reached = more;
    }
}

/// Corruptions of a clean sheet, each caught by its name.
fn corrupt(g: &Game, sheet: &Sheet, player: &str, what: &str) {
    let text = filled_toml(g, sheet, Some(player));
    let columns = (sheet.columns_done(), sheet.columns_first());
    let colors = (sheet.colors_done(), sheet.colors_first());
    // A wrong total.
    let engine = g.score(sheet).total;
    let wrong = text.replace(
        &format!("total = {engine}\n"),
        &format!("total = {}\n", engine + 1),
    );
    assert!(
        rules(&check(g, &wrong, what)).contains(&"sheet-total"),
        "{what}"
    );
    // A box whose removal cuts others off the start column.
    let crossed = sheet.crossed();
    if let Some(cut) = crossed.iter().find(|&i| {
        let mut rest = crossed;
        rest.remove(i);
        linked(g, rest) != rest
    }) {
        let mut rest = crossed;
        rest.remove(cut);
        let broken = Sheet::finished(rest, sheet.jokers_used(), columns, colors);
        let r = check(g, &filled_toml(g, &broken, Some(player)), what);
        assert!(
            rules(&r).contains(&"sheet-not-connected"),
            "{what}: {:?}",
            r.breaches
        );
    }
    // A column claimed that is not complete.
    if let Some(c) = (0..g.board().columns).find(|&c| sheet.columns_done() >> c & 1 == 0) {
        let claimed = Sheet::finished(
            crossed,
            sheet.jokers_used(),
            (columns.0 | 1 << c, columns.1 | 1 << c),
            colors,
        );
        let r = check(g, &filled_toml(g, &claimed, Some(player)), what);
        assert_eq!(rules(&r), ["sheet-column-incomplete"], "{what}");
        // Its arithmetic is right, but the checker does not count it.
        assert_eq!(r.claimed.total, r.written_total.unwrap());
        assert_eq!(r.score.total, engine, "{what}");
    }
}

#[test]
fn every_random_and_greedy_sheet_checks_clean_with_the_engines_total() {
    let g = black();
    assert_sheets_agree(&g, &["random"], 30);
    assert_sheets_agree(&g, &["greedy"], 30);
    assert_sheets_agree(&g, &["random", "greedy", "random"], 15);
}

#[test]
fn the_strong_players_sheets_check_clean() {
    let g = black();
    assert_sheets_agree(&g, &["strong"], 2);
    assert_sheets_agree(&g, &["strong", "greedy"], 1);
}

#[test]
fn the_clean_fixture_is_clean() {
    let (code, out, err) = run(&[
        "referee",
        "--sheet",
        "tests/fixtures/encore/sheets/black-clean.toml",
        "--map",
        "maps/encore-black.toml",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("clean: no rule is broken on this sheet"),
        "{out}"
    );
    insta::assert_snapshot!("encore-sheet-clean", out);
}

#[test]
fn the_mistakes_fixture_names_every_mistake() {
    let (code, out, err) = run(&[
        "referee",
        "--sheet",
        "tests/fixtures/encore/sheets/black-mistakes.toml",
        "--map",
        "maps/encore-black.toml",
    ]);
    assert_eq!(code, 1, "{out}{err}");
    for rule in [
        "sheet-not-connected",
        "sheet-column-incomplete",
        "sheet-column-unclaimed",
        "sheet-claim-value",
        "sheet-jokers",
        "sheet-total",
    ] {
        assert!(out.contains(rule), "{rule} missing:\n{out}");
    }
    insta::assert_snapshot!("encore-sheet-mistakes", out);
    let (code, out, _) = run(&[
        "referee",
        "--format",
        "json",
        "--sheet",
        "tests/fixtures/encore/sheets/black-mistakes.toml",
        "--map",
        "maps/encore-black.toml",
    ]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert!(v["breaches"].as_array().unwrap().len() >= 6, "{out}");
}

#[test]
fn an_unreadable_sheet_or_another_board_exits_2() {
    let g = black();
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("board = \"encore-blue\"\n", "board-mismatch"),
        ("crossed = [\"H1\", \"Z9\"]\n", "unknown-box"),
        ("grid = [\"x\"]\n", "sheet-grid"),
        ("[columns]\nQ = 1\n", "unknown-column"),
        ("[colors]\ngren = 5\n", "unknown-color"),
        ("[columns]\nH = true\n", "invalid-value"),
        ("jokers = \"two\"\n", "wrong-type"),
        ("color = 3\n", "unknown-key"),
        ("grid = [\n", "syntax"),
    ];
    for (i, (text, code)) in cases.iter().enumerate() {
        let v = check_filled(&g, Path::new("s.toml"), text.as_bytes().to_vec());
        assert!(v.result.is_none(), "{text}");
        assert!(
            v.diagnostics.iter().any(|d| d.code == *code),
            "{text}: {:?}",
            v.diagnostics
        );
        let path = dir.path().join(format!("s{i}.toml"));
        std::fs::write(&path, text).unwrap();
        let (exit, out, err) = run(&[
            "referee",
            "--sheet",
            path.to_str().unwrap(),
            "--map",
            "maps/encore-black.toml",
        ]);
        assert_eq!(exit, 2, "{text}: {out}{err}");
        assert!(err.contains(code), "{text}: {err}");
    }
}

#[test]
fn three_colours_complete_is_a_mistake() {
    let g = black();
    let board = g.board();
    let mut crossed = g.start_boxes();
    for c in 0..3 {
        crossed |= g.color_boxes(rollx::encore::ColorId(c));
    }
    // Link everything to column H: cross the whole board but a few boxes
    // of the last two colours.
    let mut all = g.all_boxes();
    for c in 3..board.colors.len() {
        if let Some(i) = g.color_boxes(rollx::encore::ColorId(c as u8)).first() {
            all.remove(i);
        }
    }
    let sheet = Sheet::finished(all, 0, (0, 0), (0b111, 0b111));
    let text = filled_toml(&g, &sheet, None);
    let r = check(&g, &text, "three colours");
    assert!(
        rules(&r).contains(&"sheet-too-many-colors"),
        "{:?}",
        r.breaches
    );
}

#[test]
fn the_grid_and_the_list_of_boxes_read_the_same() {
    let g = black();
    let by_list = check(&g, "crossed = [\"H1\", \"h2\", \"G2\"]\n", "list");
    assert!(by_list.is_clean(), "{:?}", by_list.breaches);
    let mut rows: Vec<String> = vec![".".repeat(15); 7];
    rows[0].replace_range(7..8, "x");
    rows[1].replace_range(6..8, "XX");
    let grid = format!("grid = {rows:?}\n");
    let by_grid = check(&g, &grid, "grid");
    assert_eq!(by_grid.sheet.crossed(), by_list.sheet.crossed());
    // Not linked to H.
    let r = check(&g, "crossed = [\"A1\", \"B1\", \"H1\"]\n", "loose");
    assert_eq!(rules(&r), ["sheet-not-connected"]);
    assert_eq!(r.breaches[0].boxes, ["A1", "B1"]);
}

#[test]
fn write_sheet_writes_an_encore_logs_sheet_that_checks_clean() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("g.json");
    let sheet = dir.path().join("g.toml");
    let (log_s, sheet_s) = (log.to_str().unwrap(), sheet.to_str().unwrap());
    let (code, out, err) = run(&[
        "play",
        "maps/encore-black.toml",
        "--seed",
        "4",
        "--players",
        "2",
        "--log",
        log_s,
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, _, err) = run(&["referee", log_s, "--write-sheet", sheet_s]);
    assert_eq!(code, 2);
    assert!(err.contains("--player NAME"), "{err}");
    assert!(!sheet.exists());
    let names: Vec<String> =
        serde_json::from_str::<serde_json::Value>(&std::fs::read_to_string(&log).unwrap()).unwrap()
            ["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_string())
            .collect();
    let (code, out, err) = run(&[
        "referee",
        log_s,
        "--write-sheet",
        sheet_s,
        "--player",
        &names[1],
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(&format!("{}'s sheet written to", names[1])),
        "{out}"
    );
    let (code, out, err) = run(&[
        "referee",
        "--sheet",
        sheet_s,
        "--map",
        "maps/encore-black.toml",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("clean: no rule is broken on this sheet"),
        "{out}"
    );
}
