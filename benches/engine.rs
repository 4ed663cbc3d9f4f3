//! Speed of the rules engine on `maps/usa.toml`.
//!
//! Run with `cargo bench --bench engine`. The target is one million
//! die resolutions (legal-move generation plus apply) per second on one core.

use std::path::Path;

use divan::Bencher;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rollx::rolling::load;
use rollx::rolling::{Game, MoveList, Phase, State};
use rollx::rolling::{Greedy, Policy, RandomPolicy, play_silent};

fn main() {
    divan::main();
}

fn usa() -> Game {
    Game::new(load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml")).unwrap()).unwrap()
}

/// Decision states from whole games, in game order: `policy` picks the
/// moves that lead from one to the next.
fn decision_states(game: &Game, games: u64, policy: &mut dyn Policy) -> Vec<State> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut s = game.initial_state();
        while !game.is_terminal(&s) {
            if game.phase(&s) == Phase::Chance {
                let r = game.sample_roll(&s, &mut rng);
                game.apply_roll(&mut s, r).unwrap();
            } else {
                out.push(s.clone());
                let mv = policy.choose(game, &s);
                game.apply(&mut s, mv);
            }
        }
    }
    out
}

/// One die resolution as the random player makes it: every legal move
/// (including every power combination) generated, one applied. The states
/// come from greedy games, so powers stay available as long as in real play.
#[divan::bench(sample_count = 200, sample_size = 500)]
fn resolve_one_die_all_moves(bencher: Bencher) {
    let game = usa();
    let states = decision_states(&game, 20, &mut Greedy::new());
    let mut moves = MoveList::new();
    let mut i = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(1usize))
        .bench_local(|| {
            let mut s = states[i % states.len()].clone();
            i += 1;
            game.legal_moves(&s, &mut moves);
            let mv = moves.get(i % moves.len());
            game.apply(&mut s, mv);
            s
        });
}

/// One die resolution of the first pending die: its legal moves generated,
/// the first applied.
#[divan::bench(sample_count = 200, sample_size = 500)]
fn resolve_first_die(bencher: Bencher) {
    let game = usa();
    let states = decision_states(&game, 20, &mut Greedy::new());
    let mut moves = MoveList::new();
    let mut i = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(1usize))
        .bench_local(|| {
            let mut s = states[i % states.len()].clone();
            i += 1;
            let roll = s.pending().next().unwrap();
            game.moves_for(&s, roll, &mut moves);
            let mv = moves.get(0);
            game.apply(&mut s, mv);
            s
        });
}

/// Whole games with the random player (48 dice each).
#[divan::bench(sample_count = 100, sample_size = 10)]
fn random_game(bencher: Bencher) {
    let game = usa();
    let mut seed = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(1usize))
        .bench_local(|| {
            seed += 1;
            play_silent(&game, seed, &mut RandomPolicy::new(seed))
        });
}

/// Whole games with the greedy player.
#[divan::bench(sample_count = 100, sample_size = 10)]
fn greedy_game(bencher: Bencher) {
    let game = usa();
    let mut seed = 0;
    let mut policy = Greedy::new();
    bencher
        .counter(divan::counter::ItemsCount::new(1usize))
        .bench_local(|| {
            seed += 1;
            play_silent(&game, seed, &mut policy)
        });
}
