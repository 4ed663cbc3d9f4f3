//! The final sheet of every computer-played game, written as a filled
//! sheet (docs/filled-sheet.md), checks clean the paper way (the code
//! `rollx referee --sheet` runs) with the same X as the log referee.

mod common;
use common::{root, run};

use std::path::Path;
use std::sync::Arc;

use rollx::engine::derive_seed;
use rollx::rolling::GameLog;
use rollx::rolling::load;
use rollx::rolling::referee;
use rollx::rolling::{Game, State};
use rollx::rolling::{
    Greedy, PlayedGame, Policy, RandomPolicy, Strong, StrongKnobs, TuplePlayer, TupleValue,
    play_game,
};
use rollx::rolling::{check_filled, filled_toml};

fn game(name: &str) -> Game {
    Game::new(load(&root().join(name)).expect("valid map")).expect("game")
}

/// Checks `sheet` written as a filled sheet, and returns its total X.
fn paper_total(g: &Game, sheet: &State, player: &str, what: &str) -> u32 {
    let text = filled_toml(g, sheet, Some(player));
    let verdict = check_filled(g, Path::new("final.toml"), text.clone().into_bytes());
    let result = verdict
        .result
        .unwrap_or_else(|| panic!("{what}: the written sheet does not read back:\n{text}"));
    assert!(
        verdict.diagnostics.is_empty() && result.breaches.is_empty(),
        "{what}: {:?}\n{text}",
        result.breaches
    );
    assert_eq!(
        result.sheet.cells(),
        sheet.cells(),
        "{what}: the sheet reads back"
    );
    for p in rollx::rolling::Power::ALL {
        assert_eq!(result.sheet.used(p), sheet.used(p), "{what}: {p:?} ticks");
    }
    assert_eq!(result.player.as_deref(), Some(player));
    result.total
}

/// Plays `games` games with `make`'s player on `g`, and checks each final
/// sheet the paper way against the log referee's verdict. Returns how many
/// sheets hold more circled numbers than Guard ticks (Guards on Dupes).
fn assert_sheets_agree(
    g: &Game,
    name: &str,
    games: u64,
    mut make: impl FnMut(u64) -> Box<dyn Policy>,
) -> usize {
    let mut paired = 0;
    for seed in 0..games {
        let what = format!("{} {name} seed {seed}", g.map().info.id);
        let mut roster = vec![(name.to_string(), make(seed))];
        let PlayedGame { log, states } = play_game(g, seed, &mut roster, None);
        let log = GameLog::parse(&log.to_json()).expect("a played log parses");
        let verdict = referee(g, &log).expect("the log's own map");
        assert!(verdict.is_clean(), "{what}: {:?}", verdict.violations);
        let player = &verdict.players[0];
        assert_eq!(player.sheet.cells(), states[0].cells(), "{what}");
        let paper = paper_total(g, &states[0], name, &what);
        assert_eq!(
            paper, player.total,
            "{what}: the paper check and the log disagree"
        );
        let circled = states[0].cells().iter().filter(|c| c.is_guarded()).count();
        paired += usize::from(circled > usize::from(states[0].used(rollx::rolling::Power::Guard)));
    }
    paired
}

/// Plays every policy on `map` (few seeds of the slow ones, with small
/// efforts: the point is legal play, not good play) and checks each final
/// sheet. Returns how many sheets circle more numbers than they tick Guards.
fn assert_every_policys_sheets_agree(map: &str) -> usize {
    let g = game(map);
    let light = StrongKnobs {
        candidates: 4,
        rollouts: 4,
        horizon: 0,
    };
    let expert = StrongKnobs {
        candidates: 2,
        rollouts: 1,
        horizon: 1,
    };
    let values = Arc::new(TupleValue::train(&g, 5, 1).expect("few enough faces"));
    assert_sheets_agree(&g, "random", 40, |s| {
        Box::new(RandomPolicy::new(derive_seed(s, 1)))
    }) + assert_sheets_agree(&g, "greedy", 40, |_| Box::new(Greedy::new()))
        + assert_sheets_agree(&g, "tuples", 8, |_| {
            Box::new(TuplePlayer::new(values.clone()))
        })
        + assert_sheets_agree(&g, "strong", 6, |s| {
            Box::new(Strong::new(light, derive_seed(s, 1)))
        })
        + assert_sheets_agree(&g, "expert", 2, |s| {
            Box::new(Strong::expert(expert, derive_seed(s, 1), values.clone()))
        })
}

#[test]
fn every_final_sheet_checks_clean_with_the_logs_x_on_usa() {
    // The case the paper check once got wrong (a Guard on a Dupe circles
    // two numbers) does come up.
    let paired = assert_every_policys_sheets_agree("maps/usa.toml");
    assert!(
        paired > 0,
        "no sheet circles more numbers than it ticks Guards"
    );
}

#[test]
fn every_final_sheet_checks_clean_with_the_logs_x_on_japan() {
    // Rolling Japan has no Guard.
    assert_eq!(assert_every_policys_sheets_agree("maps/japan.toml"), 0);
}

/// `rollx play ... --log` then `rollx referee LOG --write-sheet` and
/// `rollx referee --sheet`: the reproduction (the strong player's
/// seed-1 game, whose Guard on a Dupe circles two equal numbers).
#[test]
fn the_strong_players_seed_1_sheet_referees_clean_on_paper() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("s1.json");
    let sheet = dir.path().join("s1.toml");
    let (log_s, sheet_s) = (log.to_str().unwrap(), sheet.to_str().unwrap());
    let (code, out, err) = run(&[
        "play",
        "maps/usa.toml",
        "--seed",
        "1",
        "--policy",
        "strong",
        "--log",
        log_s,
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("score: 5 X"), "{out}");
    let (code, out, err) = run(&["referee", log_s, "--write-sheet", sheet_s]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("clean: every move follows the rules"), "{out}");
    assert!(
        out.contains(&format!("strong's sheet written to {sheet_s}")),
        "{out}"
    );
    let text = std::fs::read_to_string(&sheet).unwrap();
    let circled = text.matches("\"(").count();
    assert!(circled > 3, "more circles than Guards:\n{text}");
    assert!(text.contains("guard = 3\n"), "{text}");
    let (code, out, err) = run(&["referee", "--sheet", sheet_s, "--map", "maps/usa.toml"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("strong: 5 X on the sheet, 0 empty (counted as X), 0 mistakes -> 5 X"),
        "{out}"
    );
    assert!(
        out.contains("clean: no rule is broken on this sheet"),
        "{out}"
    );
}

#[test]
fn write_sheet_asks_whose_sheet_when_the_log_has_several_players() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("g.json");
    let sheet = dir.path().join("g.toml");
    let (log_s, sheet_s) = (log.to_str().unwrap(), sheet.to_str().unwrap());
    let (code, _, err) = run(&[
        "play",
        "maps/japan.toml",
        "--seed",
        "3",
        "--players",
        "2",
        "--log",
        log_s,
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(&["referee", log_s, "--write-sheet", sheet_s]);
    assert_eq!(code, 2);
    assert!(
        err.contains("the log has 2 players (greedy 1, greedy 2)") && err.contains("--player NAME"),
        "{err}"
    );
    assert!(!sheet.exists(), "nothing is written");
    let (code, _, err) = run(&[
        "referee",
        log_s,
        "--write-sheet",
        sheet_s,
        "--player",
        "nobody",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("no such player"), "{err}");
    let (code, out, err) = run(&[
        "referee",
        log_s,
        "--format",
        "json",
        "--write-sheet",
        sheet_s,
        "--player",
        "greedy 2",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    serde_json::from_str::<serde_json::Value>(&out).expect("stdout stays JSON");
    assert!(err.contains("greedy 2's sheet written to"), "{err}");
    let (code, out, err) = run(&["referee", "--sheet", sheet_s, "--map", "maps/japan.toml"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("greedy 2: "), "{out}");
}
