//! How good could a game have been? A beam search over one game's dice,
//! known in advance (hindsight), guided by the learned values.
//!
//! `cargo run --release --example hindsight -- MAP VALUES GAMES [WIDTH]`
//!
//! For each seeded game it records the dice, then searches the moves with
//! every die known: at each decision the `WIDTH` positions with the fewest
//! X plus estimated X to come are kept. It prints the tuples player's mean
//! X on the same dice and the best the search found, with the dice that
//! wrote no number (an X marked, or nothing done) in each round of the best
//! line found. The search gives an upper bound on what a player who knew
//! the dice could do, so it tells how far any player without that
//! knowledge is from the floor.
use std::collections::HashSet;
use std::sync::Arc;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use rollx::rolling::TUPLES_POWER_FROM;
use rollx::rolling::{Action, Game, MoveList, Phase, Roll, State};
use rollx::rolling::{HeldBack, Policy, TuplePlayer, TupleValue};

/// Dice that wrote no number, per round (at most 16 rounds).
type Failures = [u8; 16];
/// One game: the tuples player's X, and the search's X and failures.
type Outcome = (u32, (u32, Failures));

/// Plays the game from `seed` with `policy`; returns its dice and its X.
fn record(game: &Game, seed: u64, policy: &mut dyn Policy) -> (Vec<Roll>, u32) {
    let mut dice = Pcg64Mcg::seed_from_u64(seed);
    let mut state = game.initial_state();
    let mut rolls = Vec::new();
    loop {
        match game.phase(&state) {
            Phase::Chance => {
                let roll = game.sample_roll(&state, &mut dice);
                rolls.push(roll);
                game.apply_roll(&mut state, roll).unwrap();
            }
            Phase::Decision => {
                let mv = policy.choose(game, &state);
                game.apply(&mut state, mv);
            }
            Phase::Terminal => return (rolls, state.crosses()),
        }
    }
}

/// Rolls the known dice until a decision or the end.
fn advance(game: &Game, state: &mut State, rolls: &[Roll], next: &mut usize) {
    while game.phase(state) == Phase::Chance {
        game.apply_roll(state, rolls[*next]).unwrap();
        *next += 1;
    }
}

/// The fewest X the beam finds, and that line's failures per round.
fn search(game: &Game, value: &TupleValue, rolls: &[Roll], width: usize) -> (u32, Failures) {
    let mut start = game.initial_state();
    let mut next = 0;
    advance(game, &mut start, rolls, &mut next);
    let mut beam = vec![(start, next, Failures::default())];
    let mut moves = MoveList::new();
    loop {
        if beam
            .iter()
            .all(|(s, _, _)| game.phase(s) == Phase::Terminal)
        {
            return beam
                .iter()
                .map(|(s, _, f)| (s.crosses(), *f))
                .min()
                .unwrap();
        }
        let mut children: Vec<(f32, State, usize, Failures)> = Vec::new();
        let mut seen = HashSet::new();
        for (s, n, failed) in &beam {
            if game.phase(s) == Phase::Terminal {
                children.push((s.crosses() as f32, s.clone(), *n, *failed));
                continue;
            }
            game.legal_moves(s, &mut moves);
            // The values know only the positions the tuples player reaches.
            let held = HeldBack::new(&moves, TUPLES_POWER_FROM);
            for mv in held.kept(game, s, &moves) {
                let mut t = s.clone();
                game.apply(&mut t, mv);
                let mut m = *n;
                let mut failed = *failed;
                if matches!(mv.action, Action::Cross(_) | Action::Pass) {
                    failed[usize::from(s.round()).min(failed.len() - 1)] += 1;
                }
                advance(game, &mut t, rolls, &mut m);
                if !seen.insert(t.clone()) {
                    continue;
                }
                let score = t.crosses() as f32 + value.value(&t) + t.powers_used() as f32 / 1024.0;
                children.push((score, t, m, failed));
            }
        }
        children.sort_by(|a, b| a.0.total_cmp(&b.0));
        children.truncate(width);
        beam = children.into_iter().map(|(_, s, n, f)| (s, n, f)).collect();
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = Game::new(rollx::rolling::load(std::path::Path::new(&args[1])).unwrap()).unwrap();
    let value = Arc::new(TupleValue::from_bytes(&game, &std::fs::read(&args[2]).unwrap()).unwrap());
    let games: u64 = args[3].parse().unwrap();
    let width: usize = args.get(4).map_or(200, |a| a.parse().unwrap());
    let results: Vec<Outcome> = (0..games)
        .into_par_iter()
        .map(|s| {
            let mut p = TuplePlayer::new(value.clone());
            let (rolls, played) = record(&game, 70_000 + s, &mut p);
            (played, search(&game, &value, &rolls, width))
        })
        .collect();
    let n = games as f64;
    let mean =
        |f: &dyn Fn(&Outcome) -> u32| results.iter().map(|r| f64::from(f(r))).sum::<f64>() / n;
    let mut histogram = [0u32; 20];
    for r in &results {
        histogram[(r.1.0 as usize).min(19)] += 1;
    }
    println!(
        "{games} games: tuples {:.2}, hindsight beam {width}: {:.2}",
        mean(&|r| r.0),
        mean(&|r| r.1.0)
    );
    println!("hindsight X histogram: {histogram:?}");
    let rounds = usize::from(game.rules().rounds).min(Failures::default().len());
    let per_round: Vec<String> = (0..rounds)
        .map(|k| format!("{:.2}", mean(&|r| u32::from(r.1.1[k]))))
        .collect();
    println!("dice writing no number per round: {}", per_round.join(" "));
}
