//! Measures the relaxation bound (`rollx::rolling::relaxed_bound`) on a
//! map's seeds beside the solver's best game: `cargo run --release
//! --example bounds -- MAP FIRST_SEED SEEDS CONFLICTS POSITIONS`.
//!
//! Per seed it times three things on one thread: the question "is a
//! perfect game (0 X) possible?" alone (the bound asked up to 1), the
//! bound within CONFLICTS conflicts, and (when POSITIONS is above 0)
//! `rollx solve`'s search at that limit of positions, which asks the
//! relaxation again within its own budget. The summary gives the seeds
//! where 0 X is proven impossible, the median time of that proof, the
//! seeds solved exactly and the mean gap between the best game found and
//! the proven bound.
//!
//! With a sixth argument `nodes`, it also replays the best game found and
//! asks the relaxation from the start of every round (the numbers and X
//! written so far kept), up to the best game's X: how early on the best
//! line the relaxation, used as a bound at the nodes of the search, would
//! prove that line's end the best.

use std::time::Instant;

use rollx::rolling::{Policy, RandomPolicy};

use rollx::rolling::{
    Game, Limit, Move, Phase, Roll, load, relaxed_bound, relaxed_bound_from, rolls_of_seed,
    solve_guided,
};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let map = args.get(1).map_or("maps/japan.toml", String::as_str);
    let arg = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let (first, seeds, conflicts, positions) = (arg(2, 1), arg(3, 10), arg(4, 40_000), arg(5, 0));
    let nodes = args.get(6).is_some_and(|a| a == "nodes");
    let game = rollx::rolling::Game::new(load(std::path::Path::new(map)).unwrap()).unwrap();
    let mut zero_times = Vec::new();
    let mut solve_times = Vec::new();
    let (mut proven_zero, mut decided_zero, mut gap, mut exact) = (0, 0, 0i64, 0);
    let mut bounds = Vec::new();
    for seed in first..first + seeds {
        let rolls = rolls_of_seed(&game, seed);
        let t = Instant::now();
        let zero = relaxed_bound(&game, &rolls, conflicts, 1);
        let zero_secs = t.elapsed().as_secs_f64();
        // Decided: refuted (bound 1), or a labelling with 0 X found.
        let decided = zero.crosses == 1 || zero.optimum;
        // When the budget leaves 0 X undecided the whole bound is 0 too
        // (the same instance asks the same first question).
        let t = Instant::now();
        let b = if decided {
            relaxed_bound(&game, &rolls, conflicts, u32::MAX)
        } else {
            zero
        };
        let secs = t.elapsed().as_secs_f64();
        if zero.crosses == 1 {
            proven_zero += 1;
            zero_times.push(zero_secs);
        }
        decided_zero += u32::from(decided);
        bounds.push(b.crosses);
        let t = Instant::now();
        let best = (positions > 0).then(|| {
            solve_guided(
                &game,
                &rolls,
                Limit {
                    deadline: None,
                    positions: Some(positions),
                },
                None,
            )
            .unwrap()
        });
        let solve_secs = t.elapsed().as_secs_f64();
        if let (Some(s), true) = (&best, nodes) {
            println!(
                "  {}",
                along_the_best_game(&game, &rolls, (&s.moves, s.crosses), conflicts)
            );
            println!(
                "  {}",
                after_random_rounds(&game, &rolls, s.crosses, conflicts, seed)
            );
        }
        if let Some(s) = &best {
            solve_times.push(solve_secs);
            assert!(
                b.crosses <= s.crosses,
                "seed {seed}: bound above a played game"
            );
            let proven = b.crosses.max(s.lower_bound);
            gap += i64::from(s.crosses) - i64::from(proven);
            exact += u32::from(proven == s.crosses);
        }
        println!(
            "seed {seed}: 0 X {} ({zero_secs:.2} s); bound {} ({}; {} conflicts, {secs:.2} s){}",
            if zero.crosses == 1 {
                "impossible"
            } else if zero.optimum {
                "possible in the relaxation"
            } else {
                "undecided"
            },
            b.crosses,
            if b.optimum {
                "relaxation optimum"
            } else {
                "budget spent"
            },
            b.conflicts,
            best.map(|s| format!(
                "; best game {} X, solve's bound {} ({solve_secs:.2} s)",
                s.crosses, s.lower_bound
            ))
            .unwrap_or_default()
        );
    }
    let median = |t: &mut Vec<f64>| {
        t.sort_by(f64::total_cmp);
        t.get(t.len() / 2).copied().unwrap_or(f64::NAN)
    };
    let mut by_bound = std::collections::BTreeMap::new();
    for b in bounds {
        *by_bound.entry(b).or_insert(0) += 1;
    }
    println!(
        "{map}, seeds {first}..{}: 0 X decided on {decided_zero} of {seeds}, proven impossible on {proven_zero} (median {:.2} s, slowest {:.2} s); bounds {by_bound:?} within {conflicts} conflicts",
        first + seeds - 1,
        median(&mut zero_times),
        zero_times.last().copied().unwrap_or(f64::NAN),
    );
    if positions > 0 {
        println!(
            "solve at {positions} positions: exact on {exact} of {seeds}; mean gap {:.2} X; median {:.2} s, slowest {:.2} s",
            gap as f64 / seeds as f64,
            median(&mut solve_times),
            solve_times.last().copied().unwrap_or(f64::NAN),
        );
    }
}

/// The relaxation's bound from the start of each round of the best game
/// found, as "round: X so far/bound".
fn along_the_best_game(
    game: &Game,
    rolls: &[Roll],
    best: (&[Move], u32),
    conflicts: u64,
) -> String {
    let mut state = game.initial_state();
    let (mut k, mut moves, mut out) = (0, best.0.iter(), Vec::new());
    let mut reached = None;
    loop {
        match game.phase(&state) {
            Phase::Terminal => break,
            Phase::Chance => {
                if state.pending().next().is_none() && state.rolled_in_round() == 0 && k > 0 {
                    let t = Instant::now();
                    let b = relaxed_bound_from(game, &state, &rolls[k..], conflicts, best.1);
                    out.push(format!(
                        "r{}: {}/{} ({:.1} s)",
                        state.round(),
                        state.crosses(),
                        b.crosses,
                        t.elapsed().as_secs_f64()
                    ));
                    if b.crosses >= best.1 && reached.is_none() {
                        reached = Some(state.round());
                    }
                }
                game.apply_roll(&mut state, rolls[k]).unwrap();
                k += 1;
            }
            Phase::Decision => game.apply(&mut state, *moves.next().unwrap()),
        }
    }
    format!(
        "along the best game (round: X so far/bound): {}; the bound meets {} X from round {}",
        out.join(", "),
        best.1,
        reached.map_or("-".to_string(), |r| r.to_string())
    )
}

/// The relaxation's bound after rounds 1 and 2 played at random on the
/// known dice, on 100 random lines: how many reach the best game's X (so
/// a search with the bound at those nodes would cut them).
fn after_random_rounds(
    game: &Game,
    rolls: &[Roll],
    best: u32,
    conflicts: u64,
    seed: u64,
) -> String {
    let mut out = Vec::new();
    for rounds in [1u8, 2] {
        let (mut cut, mut sum, lines) = (0, 0, 100);
        let t = Instant::now();
        for line in 0..lines {
            let mut random = RandomPolicy::new(seed * 1000 + line);
            let mut state = game.initial_state();
            let mut k = 0;
            loop {
                match game.phase(&state) {
                    Phase::Terminal => break,
                    Phase::Chance => {
                        if state.pending().next().is_none()
                            && state.rolled_in_round() == 0
                            && state.round() > rounds
                        {
                            break;
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
            let b = relaxed_bound_from(game, &state, &rolls[k..], conflicts, best);
            cut += u32::from(b.crosses >= best);
            sum += b.crosses;
        }
        out.push(format!(
            "after round {rounds}: {cut} of {lines} random lines cut (bound >= {best}), mean bound {:.1}, {:.2} s a line",
            f64::from(sum) / f64::from(lines as u32),
            t.elapsed().as_secs_f64() / lines as f64
        ));
    }
    out.join("; ")
}
