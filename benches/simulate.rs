//! Simulation throughput on `maps/usa.toml`: games per second per policy,
//! on one and on two threads (the speed-up target is 1.7x).
//!
//! Run with `cargo bench --bench simulate`. Each iteration plays 1,000
//! random, greedy or tuples games, or 32 strong or expert games (default
//! knobs; the first sample also fits the strong player's leaf estimate, a
//! fraction of a second); divan shows the games per second as the
//! throughput. The tuples and expert players play by values learned from
//! 2,000 games before the benchmark starts (a few seconds; fully learned
//! values play about as fast).

use std::path::Path;

use rollx::rolling::load;
use rollx::rolling::simulate;
use std::sync::{Arc, OnceLock};

use rollx::rolling::Game;
use rollx::rolling::{PlayerSetup, Policy, TupleValue, policy_with};

fn main() {
    divan::main();
}

const GAMES: u64 = 1000;

fn usa() -> Game {
    Game::new(load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml")).unwrap()).unwrap()
}

fn run(bencher: divan::Bencher, policy: &str, threads: usize) {
    run_games(bencher, policy, threads, GAMES);
}

fn run_games(bencher: divan::Bencher, policy: &str, threads: usize, games: u64) {
    let game = usa();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let setup = if policy == "tuples" || policy == "expert" {
        static VALUES: OnceLock<Arc<TupleValue>> = OnceLock::new();
        PlayerSetup {
            values: Some(
                VALUES
                    .get_or_init(|| Arc::new(TupleValue::train(&game, 2000, 1).unwrap()))
                    .clone(),
            ),
            ..PlayerSetup::default()
        }
    } else {
        PlayerSetup::default()
    };
    let make = |seed| -> Box<dyn Policy> { policy_with(policy, seed, &setup).unwrap() };
    bencher
        .counter(divan::counter::ItemsCount::new(games))
        .bench(|| {
            pool.install(|| simulate(&game, games, 1, &make, &|_| {}))
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

#[divan::bench(args = [1, 2], sample_count = 10)]
fn tuples_games(bencher: divan::Bencher, threads: usize) {
    run(bencher, "tuples", threads);
}

#[divan::bench(args = [1, 2], sample_count = 3)]
fn expert_games(bencher: divan::Bencher, threads: usize) {
    run_games(bencher, "expert", threads, 32);
}

#[divan::bench(args = [1, 2], sample_count = 3)]
fn strong_games(bencher: divan::Bencher, threads: usize) {
    run_games(bencher, "strong", threads, 32);
}
