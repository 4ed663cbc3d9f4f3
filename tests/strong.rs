//! The strong player: legal, reproducible, and stronger than greedy.

mod common;
use common::{assert_referees_clean, root, run};

use rollx::map::load;
use rollx::play::{Greedy, Policy, Strong, StrongKnobs, derive_seed, play_game, play_silent};
use rollx::rules::Game;

fn game(name: &str) -> Game {
    Game::new(load(&root().join(name)).expect("valid map")).expect("game")
}

/// Little effort, so that the tests stay quick in debug builds.
const LIGHT: StrongKnobs = StrongKnobs {
    candidates: 4,
    rollouts: 4,
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
    let (mut strong, mut greedy) = (0, 0);
    for seed in 0..10 {
        let s = play_silent(&g, seed, &mut Strong::new(LIGHT, derive_seed(seed, 1)));
        let gr = play_silent(&g, seed, &mut Greedy::new());
        strong += g.score(&s).crosses;
        greedy += g.score(&gr).crosses;
    }
    assert!(
        strong + 10 < greedy,
        "strong {strong} X against greedy {greedy} X over 10 games"
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
    assert!(
        html.contains(
            "--policy greedy,strong --seed 1 --no-power-value --candidates 2 --rollouts 3"
        ),
        "the reproducing command is in the report"
    );
}
