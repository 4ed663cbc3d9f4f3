//! Speed of the Diceland engine and players on `maps/diceland-1.toml`.
//!
//! Run with `cargo bench --bench diceland`. The target is 10,000
//! greedy four-player games per second on two cores:
//! `greedy_four_player_game` counts whole games (every roll, every
//! decision of the four greedy players, the bonus rolls, the end) on one
//! thread; `simulate_greedy_four_players` runs `rollx simulate`'s library
//! function (games and tallies) on a pool of 1 and 2 threads;
//! `strong_against_greedy` plays the strong player's games.

use std::path::Path;

use divan::Bencher;
use rollx::diceland::Game;
use rollx::diceland::play_game;
use rollx::diceland::simulate;

fn main() {
    divan::main();
}

fn board() -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/diceland-1.toml");
    {
        let board = rollx::families::load(&path)
            .unwrap()
            .take()
            .expect("a Diceland board");
        Game::new(board)
    }
}

fn policies(names: &[&str]) -> Vec<String> {
    names.iter().map(|s| s.to_string()).collect()
}

/// Whole four-player games of greedy players, recorded as logs.
#[divan::bench(sample_count = 100, sample_size = 20)]
fn greedy_four_player_game(bencher: Bencher) {
    let g = board();
    let p = policies(&["greedy"; 4]);
    let mut seed = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(1usize))
        .bench_local(|| {
            seed += 1;
            play_game(&g, seed, &p, None).unwrap()
        });
}

/// `simulate` of greedy four-player tables, 1024 games a sample, on a
/// pool of `threads`.
#[divan::bench(args = [1, 2], sample_count = 20, sample_size = 1)]
fn simulate_greedy_four_players(bencher: Bencher, threads: usize) {
    simulate_on(bencher, threads, &["greedy"; 4], 1024);
}

/// `simulate` of the strong player against three greedy players, 16
/// games a sample, on a pool of `threads`.
#[divan::bench(args = [1, 2], sample_count = 5, sample_size = 1)]
fn strong_against_greedy(bencher: Bencher, threads: usize) {
    simulate_on(
        bencher,
        threads,
        &["strong", "greedy", "greedy", "greedy"],
        16,
    );
}

fn simulate_on(bencher: Bencher, threads: usize, names: &[&str], games: u64) {
    let g = board();
    let p = policies(names);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let mut seed = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(games as usize))
        .bench_local(|| {
            seed += 1;
            pool.install(|| simulate(&g, &p, games, seed, &|_| {}).unwrap())
        });
}
