//! `rollx solve`: exact solves on the tutorial map, and the search's pace
//! on the USA map, where a solve does not finish (docs/solver.md).
//!
//! Run with `cargo bench --bench solve`. `exact_tutorial` solves the dice
//! of one seed exactly per iteration (seeds 1, 7, 9 and 10, between about
//! 10 and 100 ms each); `usa_one_second` searches the USA map's seed 1 for
//! a second and shows the positions per second as the throughput.

use std::path::Path;
use std::time::{Duration, Instant};

use divan::counter::ItemsCount;
use rollx::rolling::map::load;
use rollx::rolling::rules::Game;
use rollx::rolling::solve::{rolls_of_seed, solve};

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

#[divan::bench(sample_count = 3, sample_size = 1)]
fn usa_one_second(bencher: divan::Bencher) {
    let g = game("maps/usa.toml");
    let rolls = rolls_of_seed(&g, 1);
    // The positions of one second's search, as the throughput.
    let nodes = solve(&g, &rolls, Some(Instant::now() + Duration::from_secs(1)))
        .unwrap()
        .nodes;
    bencher.counter(ItemsCount::new(nodes)).bench(|| {
        solve(&g, &rolls, Some(Instant::now() + Duration::from_secs(1)))
            .unwrap()
            .crosses
    });
}
