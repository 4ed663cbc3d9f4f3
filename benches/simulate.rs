//! Simulation throughput on `maps/usa.toml`: games per second per policy,
//! on one and on two threads (the speed-up target is 1.7x).
//!
//! Run with `cargo bench --bench simulate`. Each iteration plays 1,000 games;
//! games per second = 1,000 / the time shown.

use std::path::Path;

use rollx::map::load;
use rollx::play::simulate::simulate;
use rollx::play::{Policy, policy_by_name};
use rollx::rules::Game;

fn main() {
    divan::main();
}

const GAMES: u64 = 1000;

fn usa() -> Game {
    Game::new(load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml")).unwrap()).unwrap()
}

fn run(bencher: divan::Bencher, policy: &str, threads: usize) {
    let game = usa();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let make = |seed| -> Box<dyn Policy> { policy_by_name(policy, seed).unwrap() };
    bencher
        .counter(divan::counter::ItemsCount::new(GAMES))
        .bench(|| {
            pool.install(|| simulate(&game, GAMES, 1, &make, &|_| {}))
                .games
        });
}

#[divan::bench(args = [1, 2], sample_count = 10)]
fn greedy_games(bencher: divan::Bencher, threads: usize) {
    run(bencher, "greedy", threads);
}

#[divan::bench(args = [1, 2], sample_count = 10)]
fn random_games(bencher: divan::Bencher, threads: usize) {
    run(bencher, "random", threads);
}
