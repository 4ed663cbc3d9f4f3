//! The strong player: legal, reproducible, and stronger than greedy.

mod common;
use common::{assert_referees_clean, root, run};

use rollx::engine::derive_seed;
use rollx::rolling::Game;
use rollx::rolling::LeafModel;
use rollx::rolling::load;
use rollx::rolling::{
    Greedy, Policy, ROLLOUT_WEIGHTS, Strong, StrongKnobs, play_game, play_silent, play_until,
};

fn game(name: &str) -> Game {
    Game::new(load(&root().join(name)).expect("valid map")).expect("game")
}

/// Little effort, so that the tests stay quick in debug builds.
const LIGHT: StrongKnobs = StrongKnobs {
    candidates: 4,
    rollouts: 4,
    horizon: 0,
};

#[test]
fn strong_games_referee_clean_on_every_shipped_map() {
    for map in [
        "maps/examples/tutorial.toml",
        "maps/usa.toml",
        "maps/japan.toml",
    ] {
        let g = game(map);
        for seed in 0..2 {
            let mut roster: Vec<(String, Box<dyn Policy>)> = vec![
                (
                    "strong".into(),
                    Box::new(Strong::new(LIGHT, derive_seed(seed, 1))),
                ),
                ("greedy".into(), Box::new(Greedy::new())),
            ];
            let played = play_game(&g, seed, &mut roster, None);
            assert_referees_clean(&g, &played, &format!("{map} seed {seed}"));
            assert!(played.states.iter().all(|s| g.is_terminal(s)));
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let g = game("maps/usa.toml");
    let a = play_silent(&g, 5, &mut Strong::new(LIGHT, 11));
    let b = play_silent(&g, 5, &mut Strong::new(LIGHT, 11));
    assert_eq!(a, b);
}

#[test]
fn strong_makes_fewer_x_than_greedy_on_the_usa_map() {
    // The same dice for both players; the strong player looks ahead.
    let g = game("maps/usa.toml");
    assert_strong_beats_greedy(&g, LIGHT);
}

/// Over 10 games on the same dice, the strong player with `knobs` makes at
/// least one X per game fewer than greedy.
fn assert_strong_beats_greedy(g: &Game, knobs: StrongKnobs) {
    let (mut strong, mut greedy) = (0, 0);
    for seed in 0..10 {
        let s = play_silent(g, seed, &mut Strong::new(knobs, derive_seed(seed, 1)));
        let gr = play_silent(g, seed, &mut Greedy::new());
        strong += g.score(&s).crosses;
        greedy += g.score(&gr).crosses;
    }
    assert!(
        strong + 10 < greedy,
        "strong {strong} X against greedy {greedy} X over 10 games ({knobs:?})"
    );
}

#[test]
fn strong_results_do_not_depend_on_threads_and_bad_knobs_are_refused() {
    let sim = |extra: &[&str]| {
        let mut args = vec![
            "simulate",
            "maps/examples/tutorial.toml",
            "--games",
            "40",
            "--policy",
            "strong",
            "--format",
            "json",
            "--quiet",
            "--no-power-value",
        ];
        args.extend_from_slice(extra);
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v["maps"][0]["policies"][0]["distribution"].clone()
    };
    let one = sim(&["--threads", "1", "--candidates", "3", "--rollouts", "4"]);
    let two = sim(&["--threads", "2", "--candidates", "3", "--rollouts", "4"]);
    assert_eq!(one, two);
    let (code, _, err) = run(&[
        "simulate",
        "maps/examples/tutorial.toml",
        "--policy",
        "strong",
        "--rollouts",
        "0",
    ]);
    assert_eq!(code, 2, "zero rollouts is a usage error");
    assert!(err.contains("--rollouts"), "{err}");
}

#[test]
fn the_html_report_names_the_strong_players_effort() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("r.html");
    let report = report.to_str().unwrap();
    let (code, _, err) = run(&[
        "simulate",
        "maps/examples/tutorial.toml",
        "--games",
        "4",
        "--policy",
        "greedy,strong",
        "--candidates",
        "2",
        "--rollouts",
        "3",
        "--no-power-value",
        "--quiet",
        "--report",
        report,
    ]);
    assert_eq!(code, 0, "{err}");
    let html = std::fs::read_to_string(report).unwrap();
    // The knobs given, and only those: the others keep their defaults.
    assert!(
        html.contains(
            "--policy greedy,strong --seed 1 --no-power-value --candidates 2 --rollouts 3"
        ) && !html.contains("--horizon"),
        "the reproducing command is in the report"
    );
}

/// The start of round `round` of a game played by `policy` from `seed`, and
/// the game's final X.
fn round_start_and_end(
    g: &Game,
    seed: u64,
    round: u8,
    policy: &mut dyn Policy,
) -> (rollx::rolling::State, u32) {
    use rand::SeedableRng;
    let mut dice = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut state = g.initial_state();
    let mut kept = None;
    play_until(g, &mut state, &mut dice, policy, |s| {
        if s.round() == round && s.rolled_in_round() == 0 {
            kept = Some(s.clone());
        }
        false
    });
    (kept.expect("the game reached the round"), state.crosses())
}

#[test]
fn the_leaf_estimate_predicts_the_final_x_better_than_the_average_does() {
    let g = game("maps/usa.toml");
    let mut base = Greedy::with_weights(ROLLOUT_WEIGHTS);
    let leaf = LeafModel::calibrate(&g, &mut base, 400, 1);
    let again = LeafModel::calibrate(&g, &mut base, 400, 1);
    // Games the estimate was not fitted on, seen at the start of round 4.
    let held_out: Vec<_> = (10_000..10_200)
        .map(|seed| round_start_and_end(&g, seed, 4, &mut base))
        .collect();
    let mean_rest = held_out
        .iter()
        .map(|(s, end)| f64::from(end - s.crosses()))
        .sum::<f64>()
        / held_out.len() as f64;
    let (mut err_leaf, mut err_mean) = (0.0, 0.0);
    for (s, end) in &held_out {
        let end = f64::from(*end);
        assert_eq!(
            leaf.value(&g, s),
            again.value(&g, s),
            "fitting is deterministic"
        );
        err_leaf += (leaf.value(&g, s) - end).abs();
        err_mean += (f64::from(s.crosses()) + mean_rest - end).abs();
    }
    assert!(
        err_leaf < 0.85 * err_mean,
        "leaf error {err_leaf:.1} against {err_mean:.1} for the average"
    );
    // A finished sheet is worth exactly its X.
    let done = play_silent(&g, 3, &mut base);
    assert_eq!(leaf.value(&g, &done), f64::from(done.crosses()));
}

#[test]
fn strong_with_a_horizon_is_deterministic_and_beats_greedy() {
    let g = game("maps/usa.toml");
    let knobs = StrongKnobs {
        horizon: 2,
        ..LIGHT
    };
    let a = play_silent(&g, 5, &mut Strong::new(knobs, 11));
    let b = play_silent(&g, 5, &mut Strong::new(knobs, 11));
    assert_eq!(a, b);
    assert_strong_beats_greedy(&g, knobs);
}

/// A player that records the round of every move another player makes.
struct Recorder<P> {
    inner: P,
    moves: Vec<(u8, rollx::rolling::Move)>,
}

impl<P: Policy> Policy for Recorder<P> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn choose(&mut self, g: &Game, s: &rollx::rolling::State) -> rollx::rolling::Move {
        let mv = self.inner.choose(g, s);
        self.moves.push((s.round(), mv));
        mv
    }
}

#[test]
fn the_strong_player_keeps_dupe_for_the_last_three_rounds() {
    let g = game("maps/usa.toml");
    let mut dupes = 0;
    for seed in 0..4 {
        let mut p = Recorder {
            inner: Strong::new(LIGHT, derive_seed(seed, 1)),
            moves: Vec::new(),
        };
        play_silent(&g, seed, &mut p);
        for (round, mv) in &p.moves {
            if mv.powers.contains(rollx::rolling::Power::Dupe) {
                assert!(*round >= 5, "seed {seed}: a Dupe in round {}", round + 1);
                dupes += 1;
            }
        }
    }
    assert!(dupes > 0, "the strong player dupes");
}
