//! `rollx solve`: exact solves on the tutorial map, and the search's pace
//! on the USA map, where a solve does not finish (docs/solver.md).
//!
//! Run with `cargo bench --bench solve`. `exact_tutorial` solves the dice
//! of one seed exactly per iteration (seeds 1, 7, 9 and 10, between about
//! 10 and 100 ms each); `usa_one_second` and `japan_one_second` search the
//! map's seed 1 for a second and show the positions per second as the
//! throughput (positions of the exact search, and of the beams, four
//! play-out moves counting as one).

use std::path::Path;
use std::time::{Duration, Instant};

use divan::counter::ItemsCount;
use rollx::rolling::Game;
use rollx::rolling::load;
use rollx::rolling::{rolls_of_seed, solve};

fn main() {
    divan::main();
}

fn game(map: &str) -> Game {
    Game::new(load(&Path::new(env!("CARGO_MANIFEST_DIR")).join(map)).unwrap()).unwrap()
}

#[divan::bench(args = [1, 7, 9, 10], sample_count = 3, sample_size = 1)]
fn exact_tutorial(bencher: divan::Bencher, seed: u64) {
    let g = game("maps/examples/tutorial.toml");
    let rolls = rolls_of_seed(&g, seed);
    bencher.bench(|| {
        let s = solve(&g, &rolls, None).unwrap();
        assert!(s.exact);
        s.crosses
    });
}

/// The positions of one second's search of `map`'s seed 1, as the
/// throughput (without learned values: the benchmark needs no training).
fn one_second(bencher: divan::Bencher, map: &str) {
    let g = game(map);
    let rolls = rolls_of_seed(&g, 1);
    let nodes = solve(&g, &rolls, Some(Instant::now() + Duration::from_secs(1)))
        .unwrap()
        .nodes;
    bencher.counter(ItemsCount::new(nodes)).bench(|| {
        solve(&g, &rolls, Some(Instant::now() + Duration::from_secs(1)))
            .unwrap()
            .crosses
    });
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn usa_one_second(bencher: divan::Bencher) {
    one_second(bencher, "maps/usa.toml");
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn japan_one_second(bencher: divan::Bencher) {
    one_second(bencher, "maps/japan.toml");
}
