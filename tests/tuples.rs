//! The tuples player and its learned values: learning is reproducible, the
//! values file is checked when read, the incremental estimate agrees with
//! the full one, and the learned player plays legal and better games; so
//! does the expert player, which plays its rollouts with it.

mod common;
use std::sync::Arc;

use common::{assert_referees_clean, root, run};

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rollx::engine::derive_seed;
use rollx::rolling::load;
use rollx::rolling::{Game, MoveList, Phase, State};
use rollx::rolling::{
    Greedy, Policy, RandomPolicy, Strong, StrongKnobs, TuplePlayer, TupleValue, play_game,
    play_silent,
};
use rollx::rolling::{MAX_FACES, TooManyFaces, TrainingEstimate, ValuesError};

fn game(name: &str) -> Game {
    Game::new(load(&root().join(name)).expect("valid map")).expect("game")
}

const TUTORIAL: &str = "maps/examples/tutorial.toml";

fn train(g: &Game, games: u64, seed: u64) -> TupleValue {
    TupleValue::train(g, games, seed).expect("few enough faces")
}

/// The tutorial map with other faces on its dice, written into `dir`.
fn tutorial_with_faces(dir: &std::path::Path, faces: &[u8]) -> std::path::PathBuf {
    let text = std::fs::read_to_string(root().join(TUTORIAL)).unwrap();
    let list: Vec<String> = faces.iter().map(u8::to_string).collect();
    let text = text.replacen(
        "dice_per_round = 4\n",
        &format!("dice_per_round = 4\nfaces = [{}]\n", list.join(", ")),
        1,
    );
    assert!(text.contains("faces = ["), "the tutorial map has changed");
    let path = dir.join(format!("faces{}.toml", faces.len()));
    std::fs::write(&path, text).unwrap();
    path
}

/// Mean X of `policy` over `games` seeded games.
fn mean_x(g: &Game, games: u64, mut make: impl FnMut(u64) -> Box<dyn Policy>) -> f64 {
    let total: u32 = (0..games)
        .map(|s| play_silent(g, 10_000 + s, make(s).as_mut()).crosses())
        .sum();
    f64::from(total) / games as f64
}

#[test]
fn learning_is_reproducible_and_depends_on_the_seed() {
    let g = game(TUTORIAL);
    let a = train(&g, 300, 1).to_bytes();
    let b = train(&g, 300, 1).to_bytes();
    let c = train(&g, 300, 2).to_bytes();
    assert_eq!(a, b, "the same seed gives the same values");
    assert_ne!(a, c, "another seed gives other values");
    let v = TupleValue::from_bytes(&g, &a).expect("reads its own file");
    assert_eq!(v.games(), 300);
    assert_eq!(v.seed(), 1);
    assert_eq!(v.to_bytes(), a, "the file round-trips");
}

#[test]
fn values_files_are_checked_when_read() {
    let g = game(TUTORIAL);
    let bytes = train(&g, 20, 1).to_bytes();
    assert_eq!(
        TupleValue::from_bytes(&g, b"not a values file").unwrap_err(),
        ValuesError::NotValues
    );
    assert_eq!(
        TupleValue::from_bytes(&g, &bytes[..bytes.len() - 3]).unwrap_err(),
        ValuesError::Truncated
    );
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        TupleValue::from_bytes(&g, &longer).unwrap_err(),
        ValuesError::Truncated
    );
    let mut version = bytes.clone();
    version[12] = 9;
    assert_eq!(
        TupleValue::from_bytes(&g, &version).unwrap_err(),
        ValuesError::Version(9)
    );
    // Files of format 1 (before the region tables) are refused with the
    // command that makes them again.
    version[12] = 1;
    let old = TupleValue::from_bytes(&g, &version).unwrap_err();
    assert_eq!(old, ValuesError::Version(1));
    let message = old.to_string();
    assert!(
        message.contains("reads format 2") && message.contains("rollx train"),
        "{message}"
    );
    let usa = game("maps/usa.toml");
    assert!(matches!(
        TupleValue::from_bytes(&usa, &bytes).unwrap_err(),
        ValuesError::OtherMap { .. }
    ));
}

#[test]
fn the_incremental_estimate_agrees_with_the_full_one() {
    // The player scores moves by the change of only the chains through the
    // areas written; it must equal the difference of the full sums.
    for map in [TUTORIAL, "maps/usa.toml"] {
        let g = game(map);
        let v = train(&g, 30, 3);
        let mut rng = Pcg64Mcg::seed_from_u64(5);
        let mut moves = MoveList::new();
        let mut checked = 0;
        for seed in 0..3 {
            let mut dice = Pcg64Mcg::seed_from_u64(seed);
            let mut s: State = g.initial_state();
            loop {
                match g.phase(&s) {
                    Phase::Chance => {
                        let roll = g.sample_roll(&s, &mut dice);
                        g.apply_roll(&mut s, roll).unwrap();
                    }
                    Phase::Decision => {
                        g.legal_moves(&s, &mut moves);
                        for mv in moves.iter().take(40) {
                            let mut t = s.clone();
                            g.apply(&mut t, mv);
                            let full = v.value(&t) - v.value(&s);
                            let quick = v.change(&s, &t, &mv);
                            assert!(
                                (full - quick).abs() < 1e-3,
                                "{map}: {mv:?} changes the estimate by {full}, computed {quick}"
                            );
                            checked += 1;
                        }
                        let mv = moves.get(rng.random_range(0..moves.len()));
                        g.apply(&mut s, mv);
                    }
                    Phase::Terminal => break,
                }
            }
        }
        assert!(checked > 100, "{map}: only {checked} moves checked");
    }
}

#[test]
fn the_tuples_player_plays_legal_games() {
    for map in [TUTORIAL, "maps/japan.toml"] {
        let g = game(map);
        let v = Arc::new(train(&g, 20, 1));
        for seed in 0..2 {
            let mut roster: Vec<(String, Box<dyn Policy>)> = vec![
                ("tuples".into(), Box::new(TuplePlayer::new(v.clone()))),
                (
                    "random".into(),
                    Box::new(RandomPolicy::new(derive_seed(seed, 1))),
                ),
            ];
            let played = play_game(&g, seed, &mut roster, None);
            assert_referees_clean(&g, &played, &format!("{map} seed {seed}"));
        }
    }
}

#[test]
fn learning_makes_the_tuples_player_better_than_greedy() {
    let g = game(TUTORIAL);
    let untrained = Arc::new(TupleValue::new(&g).unwrap());
    let trained = Arc::new(train(&g, 3000, 1));
    let before = mean_x(&g, 300, |_| Box::new(TuplePlayer::new(untrained.clone())));
    let after = mean_x(&g, 300, |_| Box::new(TuplePlayer::new(trained.clone())));
    let greedy = mean_x(&g, 300, |_| Box::new(Greedy::new()));
    assert!(
        after < before - 0.3 && after < greedy,
        "learned {after:.2} X, unlearned {before:.2}, greedy {greedy:.2}"
    );
}

#[test]
fn train_writes_values_that_play_and_simulate_read() {
    let dir = tempfile::tempdir().unwrap();
    let values = dir.path().join("dicia.tuples");
    let v = values.to_str().unwrap();
    let (code, out, err) = run(&["train", TUTORIAL, "--games", "200", "-o", v]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("learned from 200 games of tutorial"), "{out}");
    assert!(out.contains("values written to"), "{out}");
    let (code, out, err) = run(&[
        "simulate",
        TUTORIAL,
        "--games",
        "20",
        "--policy",
        "greedy,tuples",
        "--values",
        v,
        "--format",
        "json",
        "--no-power-value",
    ]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        report["maps"][0]["policies"][1]["policy"], "tuples",
        "{out}"
    );
    // The HTML report names the values it was made with, to rerun it.
    let page = dir.path().join("report.html");
    let (code, _, err) = run(&[
        "simulate",
        TUTORIAL,
        "--games",
        "5",
        "--policy",
        "tuples",
        "--values",
        v,
        "--report",
        page.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains(&format!("--values {v}")),
        "the report's command"
    );
    let (code, out, err) = run(&[
        "play", TUTORIAL, "--policy", "tuples", "--values", v, "--seed", "3",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("score:"), "{out}");
}

#[test]
fn missing_or_foreign_values_are_refused_with_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    // No values beside the map: exit 2 and say how to make them.
    let map = dir.path().join("dicia.toml");
    std::fs::copy(root().join(TUTORIAL), &map).unwrap();
    let (code, _, err) = run(&["simulate", map.to_str().unwrap(), "--policy", "tuples"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("rollx train") && err.contains("dicia.tuples"),
        "{err}"
    );
    // With the time learning takes, measured on this map now: a range.
    assert!(err.contains("; learning takes "), "{err}");
    assert!(
        err.contains(", on one core of this machine (measured now)"),
        "{err}"
    );
    // Values of another map, or not values at all: exit 1.
    let other = dir.path().join("japan.tuples");
    let japan = game("maps/japan.toml");
    for (bytes, says) in [
        (train(&japan, 2, 1).to_bytes(), "another map"),
        (b"hello".to_vec(), "not a rollx values file"),
    ] {
        std::fs::write(&other, bytes).unwrap();
        let (code, _, err) = run(&[
            "play",
            TUTORIAL,
            "--policy",
            "tuples",
            "--values",
            other.to_str().unwrap(),
        ]);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains(says), "{err}");
    }
    // One values file cannot serve several maps.
    let (code, _, err) = run(&[
        "simulate",
        TUTORIAL,
        "maps/japan.toml",
        "--policy",
        "tuples",
        "--values",
        other.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("several maps"), "{err}");
}

#[test]
fn other_faces_are_learned_and_too_many_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    // Ten faces from 0: blank, X and guarded must not be confused with 0,
    // 7, 8 or 9.
    let ten: Vec<u8> = (0..10).collect();
    let path = tutorial_with_faces(dir.path(), &ten);
    let g = Game::new(load(&path).expect("valid map")).expect("game");
    let v = Arc::new(train(&g, 200, 1));
    assert_eq!(
        TupleValue::from_bytes(&g, &v.to_bytes()).map(|w| w.to_bytes()),
        Ok(v.to_bytes())
    );
    for seed in 0..3 {
        let mut roster: Vec<(String, Box<dyn Policy>)> =
            vec![("tuples".into(), Box::new(TuplePlayer::new(v.clone())))];
        let played = play_game(&g, seed, &mut roster, None);
        assert_referees_clean(&g, &played, &format!("ten faces, seed {seed}"));
    }
    let many: Vec<u8> = (1..=MAX_FACES as u8 + 1).collect();
    let path = tutorial_with_faces(dir.path(), &many);
    let g = Game::new(load(&path).expect("valid map")).expect("game");
    assert_eq!(
        TupleValue::new(&g).unwrap_err(),
        TooManyFaces(MAX_FACES + 1)
    );
    let (code, _, err) = run(&["train", path.to_str().unwrap(), "--games", "5"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("at most 12 faces"), "{err}");
}

/// The expert player with a small effort, for the tests.
fn small_expert(value: &Arc<TupleValue>, seed: u64) -> Box<dyn Policy> {
    let knobs = StrongKnobs {
        candidates: 4,
        rollouts: 4,
        horizon: 1,
    };
    Box::new(Strong::expert(knobs, seed, value.clone()))
}

#[test]
fn the_expert_player_plays_legal_reproducible_games() {
    for map in [TUTORIAL, "maps/japan.toml"] {
        let g = game(map);
        let v = Arc::new(train(&g, 20, 1));
        let mut logs = Vec::new();
        for _ in 0..2 {
            let mut roster: Vec<(String, Box<dyn Policy>)> =
                vec![("expert".into(), small_expert(&v, 5))];
            assert_eq!(roster[0].1.name(), "expert");
            let played = play_game(&g, 9, &mut roster, None);
            assert_referees_clean(&g, &played, map);
            logs.push(serde_json::to_string(&played.log).unwrap());
        }
        assert_eq!(logs[0], logs[1], "{map}: the same seeds give the same game");
    }
}

/// The first decision of a turn with both dice pending, on `game` from
/// `seed`.
fn turn_start(g: &Game, seed: u64) -> State {
    let mut dice = Pcg64Mcg::seed_from_u64(seed);
    let mut state = g.initial_state();
    while g.phase(&state) == Phase::Chance {
        let roll = g.sample_roll(&state, &mut dice);
        g.apply_roll(&mut state, roll).unwrap();
    }
    assert_eq!(state.pending().count(), 2);
    state
}

#[test]
fn the_expert_plans_a_turn_whole_and_drops_the_plan_when_the_position_changes() {
    let g = game("maps/usa.toml");
    let v = Arc::new(train(&g, 20, 1));
    let mut moves = MoveList::new();
    for seed in 0..20 {
        // Its second decision of a turn is legal after its first...
        let mut expert = small_expert(&v, seed);
        let mut state = turn_start(&g, seed);
        let first = expert.choose(&g, &state);
        g.apply(&mut state, first);
        let second = expert.choose(&g, &state);
        assert_ne!(first.die, second.die, "seed {seed}: one move per die");
        g.legal_moves(&state, &mut moves);
        assert!(moves.contains(&second), "seed {seed}: {second:?}");
        // ...and a move planned for one position is not played in another.
        let mut expert = small_expert(&v, seed);
        let state = turn_start(&g, seed);
        let first = expert.choose(&g, &state);
        let other = turn_start(&g, seed + 1000);
        let mv = expert.choose(&g, &other);
        g.legal_moves(&other, &mut moves);
        assert!(moves.contains(&mv), "seed {seed}: {mv:?} after {first:?}");
    }
}

#[test]
fn the_expert_player_beats_the_tuples_player_it_plays_out_with() {
    let g = game(TUTORIAL);
    let v = Arc::new(train(&g, 3000, 1));
    let knobs = StrongKnobs {
        candidates: 8,
        rollouts: 8,
        horizon: 2,
    };
    let tuples = mean_x(&g, 100, |_| Box::new(TuplePlayer::new(v.clone())));
    let expert = mean_x(&g, 100, |s| Box::new(Strong::expert(knobs, s, v.clone())));
    assert!(
        expert < tuples - 0.1,
        "expert {expert:.2} X against tuples {tuples:.2}"
    );
}

#[test]
fn the_expert_player_needs_values_and_takes_its_knobs() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("dicia.toml");
    std::fs::copy(root().join(TUTORIAL), &map).unwrap();
    let map = map.to_str().unwrap();
    let (code, _, err) = run(&["play", map, "--policy", "expert"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("the expert player needs learned values") && err.contains("rollx train"),
        "{err}"
    );
    let (code, _, err) = run(&["train", map, "--games", "100", "-q"]);
    assert_eq!(code, 0, "{err}");
    let page = dir.path().join("report.html");
    let (code, out, err) = run(&[
        "simulate",
        map,
        "--games",
        "4",
        "--policy",
        "expert",
        "--candidates",
        "3",
        "--rollouts",
        "2",
        "--format",
        "json",
        "--no-power-value",
        "--report",
        page.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        report["maps"][0]["policies"][0]["policy"], "expert",
        "{out}"
    );
    // The report's command reruns the same effort (the knobs given only).
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("--policy expert --seed 1 --no-power-value --candidates 3 --rollouts 2")
            && !html.contains("--horizon"),
        "the report's command"
    );
}

/// The estimate of a training's time: measured on a sample of this map's
/// games, a range around the most likely time, proportional to the games;
/// none for a map whose values cannot be learned. (How long the sample
/// takes is the machine's; only the shape is tested.)
#[test]
fn training_time_is_estimated_as_a_range() {
    let g = game(TUTORIAL);
    let e = TrainingEstimate::measure(&g, 600_000).unwrap();
    assert!(
        0.0 < e.low && e.low <= e.seconds && e.seconds <= e.high,
        "{e:?}"
    );
    let text = e.to_string();
    assert!(
        text.starts_with("about ") || text.contains(" to "),
        "{text}"
    );
    let dir = tempfile::tempdir().unwrap();
    let faces: Vec<u8> = (1..=MAX_FACES as u8 + 1).collect();
    let many = Game::new(load(&tutorial_with_faces(dir.path(), &faces)).unwrap()).unwrap();
    assert_eq!(TrainingEstimate::measure(&many, 1000), None);
    // How it reads, rounded as an estimate should be.
    let read =
        |low: f64, seconds: f64, high: f64| TrainingEstimate { seconds, low, high }.to_string();
    assert_eq!(read(10.6, 12.4, 15.4), "11 to 15 seconds, most likely 12");
    assert_eq!(read(168.0, 209.0, 393.0), "3 to 7 minutes, most likely 3");
    assert_eq!(read(11.1, 11.3, 11.4), "about 11 seconds");
    assert_eq!(read(0.01, 0.02, 0.03), "about 1 second");
    assert_eq!(read(5000.0, 7200.0, 9000.0), "1 to 3 hours, most likely 2");
}
