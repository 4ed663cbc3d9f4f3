//! The solver (`rollx solve`): on tiny maps it agrees with an exhaustive
//! search written here, its best game referees clean and reaches its X,
//! and it is never worse than a computer player on the same dice.

mod common;

use std::path::Path;

use common::run;
use rollx::engine::derive_seed;
use rollx::rolling::TupleValue;
use rollx::rolling::referee;
use rollx::rolling::{Game, MoveList, Phase, Roll, State};
use rollx::rolling::{Greedy, Policy, RandomPolicy, play_silent};
use rollx::rolling::{
    Limit, SolveError, check_rolls, relaxed_bound, relaxed_bound_from, rolls_of_seed, solve,
    solve_guided, witness_log,
};

/// A map of `areas` areas in a ring, alternately red and green, with the
/// given powers, `rounds` rounds of `per_round` dice (2 a turn).
fn tiny(areas: usize, rounds: u8, per_round: u8, powers: [u8; 3]) -> Game {
    tiny_with(areas, rounds, per_round, powers, false)
}

/// [`tiny`], with its first area immune (it keeps its neighbours) when
/// `immune`.
fn tiny_with(areas: usize, rounds: u8, per_round: u8, powers: [u8; 3], immune: bool) -> Game {
    let mut text = format!(
        "[map]\nid = \"tiny{areas}\"\nname = \"Tiny\"\ndescription = \"a ring\"\n\
         [rules]\npreset = \"rolling-america\"\nrounds = {rounds}\ndice_per_round = {per_round}\n\
         [rules.powers]\ncolor_change = {}\nguard = {}\ndupe = {}\n\
         [[regions]]\nid = \"r\"\ncolor = \"#ff0000\"\n[[regions]]\nid = \"g\"\ncolor = \"#00ff00\"\n",
        powers[0], powers[1], powers[2]
    );
    for i in 0..areas {
        let prev = (i + areas - 1) % areas;
        let next = (i + 1) % areas;
        let region = if i % 2 == 0 { "r" } else { "g" };
        let mut n = vec![format!("\"A{prev}\"")];
        if next != prev {
            n.push(format!("\"A{next}\""));
        }
        text.push_str(&format!(
            "[[areas]]\nid = \"A{i}\"\nregion = \"{region}\"\nneighbors = [{}]\n{}",
            n.join(", "),
            if immune && i == 0 {
                "immune = true\n"
            } else {
                ""
            }
        ));
    }
    let checked = rollx::rolling::check_bytes(
        &rollx::source::DiskFiles,
        Path::new("tiny.toml"),
        text.into_bytes(),
    );
    assert_eq!(checked.errors(), 0, "{:?}", checked.diagnostics);
    Game::new(checked.map.expect("a valid map")).expect("the engine takes it")
}

/// The fewest X on `rolls` by trying every legal move everywhere.
fn brute_force(game: &Game, state: &State, rolls: &[Roll], k: usize) -> u32 {
    match game.phase(state) {
        Phase::Terminal => state.crosses(),
        Phase::Chance => {
            let mut next = state.clone();
            game.apply_roll(&mut next, rolls[k]).unwrap();
            brute_force(game, &next, rolls, k + 1)
        }
        Phase::Decision => {
            let mut moves = MoveList::new();
            game.legal_moves(state, &mut moves);
            moves
                .iter()
                .map(|mv| {
                    let mut next = state.clone();
                    game.apply(&mut next, mv);
                    brute_force(game, &next, rolls, k)
                })
                .min()
                .expect("a decision has a move")
        }
    }
}

#[test]
fn the_solver_agrees_with_an_exhaustive_search_on_tiny_maps() {
    let (tried, _) = agrees_with_an_exhaustive_search(0..30);
    assert_eq!(tried, 240);
}

#[test]
#[ignore = "2,400 exhaustive searches: minutes in a debug build; run by .ci/run"]
fn the_solver_agrees_with_an_exhaustive_search_on_2400_tiny_games() {
    let (tried, better_than_greedy) = agrees_with_an_exhaustive_search(0..300);
    assert_eq!(tried, 2400);
    assert!(
        better_than_greedy > 50,
        "the search finds better games than greedy ({better_than_greedy})"
    );
}

/// Solves the games of `seeds` on six tiny maps and compares each with an
/// exhaustive search: (games tried, games better than greedy's).
fn agrees_with_an_exhaustive_search(seeds: std::ops::Range<u64>) -> (u32, u32) {
    let maps = [
        tiny(3, 2, 2, [0, 0, 0]),
        tiny(4, 2, 2, [1, 0, 0]),
        tiny(5, 2, 2, [0, 1, 1]),
        tiny(6, 2, 2, [1, 1, 1]),
        tiny(6, 3, 2, [0, 0, 2]),
        tiny(5, 2, 2, [2, 2, 2]),
        tiny_with(5, 2, 2, [0, 0, 0], true),
        tiny_with(6, 2, 2, [1, 1, 1], true),
    ];
    let mut better_than_greedy = 0;
    let mut tried = 0;
    for (m, game) in maps.iter().enumerate() {
        for seed in seeds.clone() {
            let rolls = rolls_of_seed(game, seed);
            let best = brute_force(game, &game.initial_state(), &rolls, 0);
            let s = solve(game, &rolls, None).unwrap();
            assert!(s.exact, "map {m} seed {seed}: no time limit, so exact");
            assert_eq!(s.crosses, best, "map {m} seed {seed}");
            assert_eq!(s.lower_bound, best);
            assert!(s.crosses <= s.greedy_crosses);
            // The relaxation's bound is a proof: never above the optimum,
            // from the start or from any position between turns of a
            // random game (with its numbers, X and powers used).
            let b = relaxed_bound(game, &rolls, u64::MAX, u32::MAX);
            assert!(b.optimum, "map {m} seed {seed}: no budget, so decided");
            assert!(b.crosses <= best, "map {m} seed {seed}: {b:?} above {best}");
            let mut state = game.initial_state();
            let mut random = RandomPolicy::new(seed);
            let mut k = 0;
            loop {
                match game.phase(&state) {
                    Phase::Terminal => break,
                    Phase::Chance => {
                        if state.pending().next().is_none() && k > 0 {
                            let from = brute_force(game, &state, &rolls, k);
                            let b =
                                relaxed_bound_from(game, &state, &rolls[k..], u64::MAX, u32::MAX);
                            assert!(
                                b.crosses <= from,
                                "map {m} seed {seed} after {k} rolls: {b:?} above {from}"
                            );
                        }
                        game.apply_roll(&mut state, rolls[k]).unwrap();
                        k += 1;
                    }
                    Phase::Decision => {
                        let mv = random.choose(game, &state);
                        game.apply(&mut state, mv);
                    }
                }
            }
            better_than_greedy += u32::from(s.crosses < s.greedy_crosses);
            tried += 1;
        }
    }
    (tried, better_than_greedy)
}

#[test]
fn every_best_game_referees_clean_and_beats_no_player() {
    let tutorial = {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/examples/tutorial.toml");
        let map = rollx::families::load(&path)
            .unwrap()
            .take::<rollx::rolling::Map>()
            .unwrap();
        Game::new(map).unwrap()
    };
    let maps = [tiny(6, 2, 2, [1, 1, 1]), tiny(8, 3, 2, [1, 1, 1]), tutorial];
    for (m, game) in maps.iter().enumerate() {
        let seeds = if m == 2 { 2 } else { 150 };
        for seed in 0..seeds {
            let s = solve(game, &rolls_of_seed(game, seed), None).unwrap();
            let log = witness_log(game, &rolls_of_seed(game, seed), Some(seed), &s, None);
            let v = referee(game, &log).unwrap();
            assert!(v.is_clean(), "map {m} seed {seed}: {:?}", v.violations);
            assert_eq!(v.players[0].crosses, s.crosses, "map {m} seed {seed}");
            for policy in [
                &mut Greedy::new() as &mut dyn Policy,
                &mut RandomPolicy::new(derive_seed(seed, 1)),
            ] {
                let x = play_silent(game, seed, policy).crosses();
                assert!(
                    s.crosses <= x,
                    "map {m} seed {seed}: {} beat the optimum",
                    policy.name()
                );
            }
        }
    }
}

#[test]
fn a_time_limit_gives_the_best_game_found_and_an_honest_bound() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml");
    let game = Game::new(
        rollx::families::load(&path)
            .unwrap()
            .take::<rollx::rolling::Map>()
            .unwrap(),
    )
    .unwrap();
    let rolls = rolls_of_seed(&game, 1);
    let deadline = std::time::Instant::now() + std::time::Duration::from_millis(300);
    let s = solve(&game, &rolls, Some(deadline)).unwrap();
    assert!(!s.exact, "the USA map is not solved in 0.3 s");
    assert!(s.lower_bound <= s.crosses);
    assert!(s.crosses <= s.greedy_crosses);
    let log = witness_log(&game, &rolls, Some(1), &s, None);
    let v = referee(&game, &log).unwrap();
    assert!(v.is_clean());
    assert_eq!(v.players[0].crosses, s.crosses);
}

#[test]
fn rolls_that_do_not_make_a_game_are_refused() {
    let game = tiny(4, 2, 2, [0, 0, 0]);
    let rolls = rolls_of_seed(&game, 3);
    assert_eq!(rolls.len(), 4);
    assert_eq!(
        check_rolls(&game, &rolls[..3]),
        Err(SolveError::TooFew { given: 3 })
    );
    let mut more = rolls.clone();
    more.push(rolls[0]);
    assert_eq!(
        check_rolls(&game, &more),
        Err(SolveError::TooMany { used: 4, given: 5 })
    );
    let mut twice = rolls.clone();
    twice[1] = twice[0];
    let err = solve(&game, &twice, None).unwrap_err();
    assert!(
        err.to_string().starts_with("roll 2: the ") && err.to_string().contains("already drawn"),
        "{err}"
    );
}

#[test]
fn the_command_line_solves_writes_a_clean_log_and_refuses_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("best.json");
    let log = log.to_str().unwrap();
    let (code, out, err) = run(&[
        "solve",
        "maps/examples/tutorial.toml",
        "--seed",
        "2",
        "--log",
        log,
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("the fewest X possible: 2 (exact"), "{out}");
    let (code, out, err) = run(&["referee", log]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("clean: every move follows the rules"), "{out}");

    let (code, json, _) = run(&[
        "solve",
        "maps/examples/tutorial.toml",
        "--seed",
        "2",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["crosses"], 2);
    assert_eq!(v["exact"], true);

    let (code, out, _) = run(&["solve", "maps/usa.toml", "--time-limit", "0.2"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("not exact: the time limit of 0.2 s ran out"),
        "{out}"
    );

    // By default the search stops on positions, not on the clock: the
    // same seed gives the same game on every run, however busy the
    // machine, and the output says which limit ran out and how to learn
    // values when none guided it.
    let args = |extra: &[&'static str]| {
        let mut args = vec![
            "solve",
            "maps/usa.toml",
            "--seed",
            "2",
            "--positions",
            "20000",
        ];
        args.extend_from_slice(extra);
        args
    };
    let (code, _, err) = run(&args(&["--values", "no/values.tuples"]));
    assert_eq!(
        code, 2,
        "a --values file that is missing is an error: {err}"
    );
    let by_positions = |extra: &[&'static str]| {
        let (code, out, err) = run(&args(extra));
        assert_eq!(code, 0, "{err}");
        out
    };
    let first = by_positions(&[]);
    assert!(
        first.contains("not exact: the limit of 20000 positions ran out"),
        "{first}"
    );
    assert!(
        first.contains("`rollx train maps/usa.toml` learns them (into maps/usa.tuples)"),
        "{first}"
    );
    let json = |out: &str| {
        let mut v: serde_json::Value = serde_json::from_str(out).unwrap();
        v.as_object_mut().unwrap().remove("seconds");
        v
    };
    let a = json(&by_positions(&["--format", "json"]));
    let b = json(&by_positions(&["--format", "json"]));
    assert_eq!(a, b, "the same positions give the same game");
    // The first game (the pilot method's) is played whole before the
    // limit is looked at, so a small limit is passed by that much.
    assert!(a["nodes"].as_u64().unwrap() >= 20000, "{a}");

    for (args, code, message) in [
        (
            &["solve", "no/such.toml"][..],
            2,
            "cannot read no/such.toml",
        ),
        (
            &["solve", "maps/encore-black.toml"][..],
            2,
            "takes Rolling maps only for now",
        ),
        (
            &["solve", "maps/usa.toml", "--time-limit", "0"][..],
            2,
            "--time-limit takes a number of seconds above 0, not 0",
        ),
    ] {
        let (c, _, err) = run(args);
        assert_eq!(c, code, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

#[test]
fn a_dice_file_is_solved_like_its_seed_and_mistakes_are_located() {
    let dir = tempfile::tempdir().unwrap();
    let map = "maps/examples/tutorial.toml";
    let game = {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(map);
        Game::new(
            rollx::families::load(&path)
                .unwrap()
                .take::<rollx::rolling::Map>()
                .unwrap(),
        )
        .unwrap()
    };
    let rolls = rolls_of_seed(&game, 2);
    let lines: Vec<String> = rolls
        .iter()
        .map(|r| format!("{} {}", game.die(r.die).id, r.value))
        .collect();
    let write = |name: &str, lines: &[String]| {
        let path = dir.path().join(name);
        let text = format!("# the dice of seed 2\n\n{}\n", lines.join("\n"));
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let dice = write("dice.txt", &lines);
    let log = dir.path().join("best.json");
    let log = log.to_str().unwrap();
    let (code, out, err) = run(&["solve", map, "--dice", &dice, "--log", log]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("the fewest X possible: 2 (exact"), "{out}");
    let (code, out, err) = run(&["referee", log]);
    assert_eq!(code, 0, "{out}{err}");

    let mut wrong_die = lines.clone();
    wrong_die[2] = "purple 4".into();
    let mut wrong_face = lines.clone();
    wrong_face[0] = format!("{} 9", game.die(rolls[0].die).id);
    let mut twice = lines.clone();
    twice[1] = twice[0].clone();
    let mut longer = lines.clone();
    longer.push(lines[0].clone());
    // The file's lines start at 3 (a comment and a blank line first).
    for (name, content, message) in [
        (
            "die.txt",
            wrong_die,
            ":5:1: `purple` is not a die of the map",
        ),
        ("face.txt", wrong_face, "is not a face of the dice"),
        ("twice.txt", twice, ":4: roll 2: the "),
        (
            "short.txt",
            lines[..5].to_vec(),
            "the game needs more rolls than the 5 given",
        ),
        (
            "long.txt",
            longer,
            "the game is over after 12 rolls, 13 are given",
        ),
    ] {
        let path = write(name, &content);
        let (code, _, err) = run(&["solve", map, "--dice", &path]);
        assert_eq!(code, 1, "{name}: {err}");
        assert!(err.contains(message), "{name}: {err}");
        assert!(err.contains("help: "), "{name}: {err}");
    }
    let (code, _, err) = run(&["solve", map, "--dice", "no/such.txt"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read no/such.txt"), "{err}");
}

#[test]
fn check_deep_reports_solvability_the_same_on_any_thread_count() {
    let deep = |threads: &str, format: &str| {
        run(&[
            "check",
            "maps/examples/tutorial.toml",
            "--deep",
            "--samples",
            "3",
            "--positions",
            "100000",
            "--threads",
            threads,
            "--format",
            format,
        ])
    };
    let (code, out, err) = deep("2", "text");
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(
            "rule solvability: 3 sampled games (seed 1), each searched up to 100000 positions"
        ),
        "{out}"
    );
    assert!(out.contains("  solved exactly: "), "{out}");
    assert!(out.contains("the greedy player"), "{out}");
    let (code, one, _) = deep("1", "json");
    assert_eq!(code, 0);
    let (_, two, _) = deep("2", "json");
    assert_eq!(one, two, "the same report on one and two threads");
    let v: serde_json::Value = serde_json::from_str(&one).unwrap();
    let d = &v["deep"];
    assert_eq!(d["samples"], 3);
    let dist: u64 = d["best_distribution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(dist, 3);
    assert!(d["best_mean"].as_f64().unwrap() <= d["greedy_mean"].as_f64().unwrap());
    assert_eq!(v["valid"], true, "the usual report is still there");

    let (code, _, err) = run(&["check", "maps/usa.toml", "--samples", "3"]);
    assert_eq!(code, 2);
    assert!(err.contains("--deep"), "{err}");
}

#[test]
fn simulate_optimum_reports_each_policys_gap_to_the_best_game() {
    let sim = |threads: &str, format: &str, extra: &[&str]| {
        let mut args = vec![
            "simulate",
            "maps/examples/tutorial.toml",
            "--games",
            "12",
            "--policy",
            "greedy,random",
            "--no-power-value",
            "--optimum",
            "--positions",
            "30000",
            "--threads",
            threads,
            "--format",
            format,
            "-q",
        ];
        args.extend_from_slice(extra);
        run(&args)
    };
    let (code, one, err) = sim("1", "json", &[]);
    assert_eq!(code, 0, "{err}");
    let (_, two, _) = sim("2", "json", &[]);
    assert_eq!(one, two, "the same report on one and two threads");
    let v: serde_json::Value = serde_json::from_str(&one).unwrap();
    let map = &v["maps"][0];
    let o = &map["optimum"];
    let best = o["mean"].as_f64().unwrap();
    assert_eq!(o["games"], 12);
    assert_eq!(o["positions"], 30000);
    assert!(o["exact"].as_u64().unwrap() <= 12);
    assert!(o["lower_bound_mean"].as_f64().unwrap() <= best);
    let count = |a: &serde_json::Value| -> u64 {
        a.as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .sum()
    };
    assert_eq!(count(&o["distribution"]), 12);
    for p in map["policies"].as_array().unwrap() {
        let gap = &p["gap"];
        let mean = p["mean"].as_f64().unwrap();
        // The gap is taken game by game, so its mean is the difference of
        // the means; no policy is better than the best game.
        assert!(
            (gap["mean"].as_f64().unwrap() - (mean - best)).abs() < 1e-9,
            "{p}"
        );
        assert!(best <= mean);
        assert_eq!(count(&gap["distribution"]), 12);
        let as_good = gap["as_good_share"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&as_good));
        // The gap's other end, to the proven bound: no game is below the
        // bound, so it is the mean less the mean bound, and at least the
        // gap to the best game.
        let to_bound = gap["to_bound_mean"].as_f64().unwrap();
        let bound = o["lower_bound_mean"].as_f64().unwrap();
        assert!((to_bound - (mean - bound)).abs() < 1e-9, "{p}");
        assert!(to_bound >= gap["mean"].as_f64().unwrap() - 1e-9, "{p}");
    }
    let impossible = o["perfect_impossible_share"].as_f64().unwrap();
    let perfect = o["perfect_share"].as_f64().unwrap();
    assert!(impossible + perfect <= 1.0 + 1e-9, "{o}");

    let (code, md, _) = sim("2", "markdown", &[]);
    assert_eq!(code, 0);
    let head = md
        .lines()
        .find(|l| l.starts_with("|  |"))
        .unwrap_or_else(|| panic!("a summary table: {md}"));
    assert!(head.contains("(best game)"), "{md}");
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("r.html");
    let (code, text, err) = sim("2", "text", &["--report", html.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("gap to the best game"), "{text}");
    assert!(text.contains("the best game on the same dice"), "{text}");
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("Gap to the best game"));
    assert!(
        page.contains("--optimum --positions 30000"),
        "the command is reproducible"
    );

    // Without --optimum the report has no best games, and --positions
    // alone is a usage error; Encore boards have no solver.
    let (code, plain, _) = run(&[
        "simulate",
        "maps/examples/tutorial.toml",
        "--games",
        "5",
        "--no-power-value",
        "--format",
        "json",
        "-q",
    ]);
    assert_eq!(code, 0);
    assert!(!plain.contains("optimum") && !plain.contains("\"gap\""));
    let (code, _, err) = run(&[
        "simulate",
        "maps/examples/tutorial.toml",
        "--positions",
        "10",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--optimum"), "{err}");
    let (code, _, err) = run(&["simulate", "maps/encore-black.toml", "--optimum"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--optimum is an option of the simulation of Rolling maps"),
        "{err}"
    );
}

#[test]
fn beams_guided_by_learned_values_give_clean_games() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml");
    let game = Game::new(
        rollx::families::load(&path)
            .unwrap()
            .take::<rollx::rolling::Map>()
            .unwrap(),
    )
    .unwrap();
    let values = TupleValue::train(&game, 200, 1).unwrap();
    for seed in [1, 2] {
        let rolls = rolls_of_seed(&game, seed);
        // Far fewer positions than the USA's games need to be exact; the
        // limit is a count, not a time, so the game is the same every time.
        let limit = Limit {
            deadline: None,
            positions: Some(50_000),
        };
        let guided = solve_guided(&game, &rolls, limit, Some(&values)).unwrap();
        assert!(!guided.exact);
        assert!(guided.lower_bound <= guided.crosses);
        assert!(guided.crosses <= guided.greedy_crosses);
        assert_eq!(
            solve_guided(&game, &rolls, limit, Some(&values)).unwrap(),
            guided,
            "a limit in positions gives the same game every time"
        );
        let log = witness_log(&game, &rolls, Some(seed), &guided, None);
        let v = referee(&game, &log).unwrap();
        assert!(v.is_clean(), "seed {seed}: {:?}", v.violations);
        assert_eq!(v.players[0].crosses, guided.crosses);
    }
}

#[test]
fn values_for_the_solver_are_checked_up_front() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none.tuples");
    let (code, _, err) = run(&[
        "solve",
        "maps/examples/tutorial.toml",
        "--values",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot read"), "{err}");
    // Values learned on another map are refused when named, and skipped
    // with a warning when they merely lie beside the map.
    let other = dir.path().join("usa.tuples");
    let usa = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml");
    let usa = Game::new(
        rollx::families::load(&usa)
            .unwrap()
            .take::<rollx::rolling::Map>()
            .unwrap(),
    )
    .unwrap();
    std::fs::write(&other, TupleValue::train(&usa, 2, 1).unwrap().to_bytes()).unwrap();
    let (code, _, err) = run(&[
        "solve",
        "maps/examples/tutorial.toml",
        "--values",
        other.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("usa.tuples"), "{err}");
    let map = dir.path().join("tutorial.toml");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/examples/tutorial.toml"),
        &map,
    )
    .unwrap();
    std::fs::copy(&other, dir.path().join("tutorial.tuples")).unwrap();
    let (code, out, err) = run(&["solve", map.to_str().unwrap(), "--seed", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("warning") && err.contains("rollx train"),
        "{err}"
    );
    assert!(!out.contains("guided by"), "{out}");
}

#[test]
fn the_relaxation_proves_bounds_on_japan_that_no_game_beats() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/japan.toml");
    let game = Game::new(rollx::rolling::load(&path).unwrap()).unwrap();
    let mut above_zero = 0;
    for seed in [1, 5, 8, 9, 10] {
        let rolls = rolls_of_seed(&game, seed);
        let bound = relaxed_bound(&game, &rolls, 3000, u32::MAX);
        // The same budget of conflicts gives the same bound.
        assert_eq!(
            bound,
            relaxed_bound(&game, &rolls, 3000, u32::MAX),
            "seed {seed}"
        );
        assert!(bound.conflicts <= 3000 + 10, "{bound:?}");
        // No player's game on the dice ends below it.
        let greedy = play_silent(&game, seed, &mut Greedy::new()).crosses();
        assert!(
            bound.crosses <= greedy,
            "seed {seed}: {bound:?}, greedy {greedy}"
        );
        above_zero += u32::from(bound.crosses > 0);
    }
    assert!(
        above_zero > 0,
        "a perfect game is proven impossible on some seed"
    );
}

/// Every shipped Rolling map and variants of the tutorial map with other
/// faces, rounds, dice and powers (by editing its text).
fn rolling_maps_and_variants() -> Vec<(String, Game)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut games = Vec::new();
    for name in [
        "maps/usa.toml",
        "maps/japan.toml",
        "maps/usa-atlas.toml",
        "maps/examples/usa-mainland.toml",
        "maps/examples/tutorial.toml",
    ] {
        let game = Game::new(rollx::rolling::load(&root.join(name)).unwrap()).unwrap();
        games.push((name.to_string(), game));
    }
    let tutorial = std::fs::read_to_string(root.join("maps/examples/tutorial.toml")).unwrap();
    let variants = [
        (
            "faces 0-7, 4 rounds",
            "rounds = 3",
            "rounds = 4\nfaces = [0, 1, 2, 3, 4, 5, 6, 7]",
        ),
        (
            "faces 1 3 5 6",
            "rounds = 3",
            "rounds = 3\nfaces = [1, 3, 5, 6]",
        ),
        (
            "japan preset, 2 dice a round",
            "preset = \"rolling-america\"\nrounds = 3\ndice_per_round = 4",
            "preset = \"rolling-japan\"\nrounds = 5\ndice_per_round = 2",
        ),
        (
            "three of each power",
            "color_change = 1\nguard = 1\ndupe = 1",
            "color_change = 3\nguard = 3\ndupe = 3",
        ),
        (
            "dupes only, guard one copy",
            "color_change = 1\nguard = 1\ndupe = 1",
            "color_change = 0\nguard = 2\ndupe = 3\n[rules.options]\nguard_covers_dupe = false",
        ),
    ];
    for (what, from, to) in variants {
        assert!(tutorial.contains(from), "{what}");
        let text = tutorial.replacen(from, to, 1);
        let checked = rollx::rolling::check_bytes(
            &rollx::source::DiskFiles,
            Path::new("variant.toml"),
            text.into_bytes(),
        );
        assert_eq!(checked.errors(), 0, "{what}: {:?}", checked.diagnostics);
        let game = Game::new(checked.map.expect("a valid map")).expect("the engine takes it");
        games.push((format!("tutorial, {what}"), game));
    }
    games
}

#[test]
fn no_game_played_on_any_rolling_map_beats_the_relaxation() {
    // The bound is a proof: a game below it would be a false one. Every
    // game the greedy and random players play on the same dice ends at or
    // above it, on every shipped map and on variants with other dice,
    // rounds and powers (the USA maps have immune areas).
    let mut proven = 0;
    let mut games = 0;
    for (name, game) in rolling_maps_and_variants() {
        for seed in 0..12u64 {
            let rolls = rolls_of_seed(&game, seed);
            let bound = relaxed_bound(&game, &rolls, 4000, u32::MAX);
            let greedy = play_silent(&game, seed, &mut Greedy::new()).crosses();
            let random = play_silent(&game, seed, &mut RandomPolicy::new(seed)).crosses();
            assert!(
                bound.crosses <= greedy.min(random),
                "{name} seed {seed}: {bound:?}, greedy {greedy}, random {random}"
            );
            proven += u32::from(bound.crosses > 0);
            games += 1;
        }
    }
    // The property is not empty: on many games something is proven.
    assert!(proven * 6 > games, "proven above 0 on {proven} of {games}");
}

#[test]
fn check_deep_counts_perfect_games_proven_impossible_on_japan() {
    let deep = |format: &str| {
        run(&[
            "check",
            "maps/japan.toml",
            "--deep",
            "--samples",
            "3",
            "--positions",
            "20000",
            "--format",
            format,
        ])
    };
    let (code, out, err) = deep("json");
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let d = &v["deep"];
    let (found, impossible) = (
        d["perfect_found"].as_u64().unwrap(),
        d["perfect_impossible"].as_u64().unwrap(),
    );
    // The relaxation proves what the search alone never did on Japan.
    assert!(impossible >= 2, "{d}");
    assert_eq!(d["exact"], 0, "no Japan game is solved exactly: {d}");
    // Every sample decided: the share comes with its interval although
    // no game was solved exactly.
    assert_eq!(found + impossible, 3, "{d}");
    assert_eq!(d["perfect_share"][0], 0.0, "{d}");
    let bounds: u64 = d["bound_distribution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(bounds, 3);
    let (bound, best) = (
        d["bound_mean"].as_f64().unwrap(),
        d["best_mean"].as_f64().unwrap(),
    );
    assert!(bound >= 1.0 - 1e-9 && bound <= best, "{d}");
    let (_, text, _) = deep("text");
    assert!(
        text.contains("  perfect game (0 X) possible: 0 of 3 = 0 % (95 % CI 0 % to 56 %); impossible (proven) in 3\n"),
        "{text}"
    );
    assert!(
        text.contains("  proven lower bound (no game on the dice ends with fewer X): mean "),
        "{text}"
    );
}
