//! Speed of the Encore rules engine on `maps/encore-black.toml`.
//!
//! Run with `cargo bench --bench encore_engine`. The target is
//! 10,000 greedy four-player games per second on two cores:
//! `greedy_four_player_game` counts whole games (rolls, every decision of
//! the four greedy players, the end) on one thread, one item each;
//! `simulate_greedy_four_players` and `simulate_strong_solo` run
//! `rollx simulate`'s library function (games, tallies and all) on a
//! pool of 1 and 2 threads, for the speed-up.

use std::path::Path;

use divan::Bencher;
use rand::SeedableRng;
use rollx::encore::Effort;
use rollx::encore::simulate;
use rollx::encore::{Game, Move, Table};
use rollx::encore::{Greedy, RandomPlayer};
use rollx::engine::{self, Dice, Player, Rules, Watcher};

fn main() {
    divan::main();
}

fn black() -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/encore-black.toml");
    {
        let board = rollx::families::load(&path)
            .unwrap()
            .take()
            .expect("an Encore board");
        Game::new(board).unwrap()
    }
}

/// Plays one game of `seats` from `seed`; returns the table at the end.
fn game(
    g: &Game,
    seed: u64,
    seats: &mut [&mut dyn Player<Game>],
    w: &mut dyn Watcher<Game>,
) -> Table {
    let mut t = g.new_table(seats.len());
    engine::play(g, &mut t, &mut Dice::seed_from_u64(seed), seats, w);
    t
}

/// Whole four-player games of greedy players.
#[divan::bench(sample_count = 100, sample_size = 20)]
fn greedy_four_player_game(bencher: Bencher) {
    let g = black();
    let mut players = [
        Greedy::default(),
        Greedy::default(),
        Greedy::default(),
        Greedy::default(),
    ];
    let mut seed = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(1usize))
        .bench_local(|| {
            seed += 1;
            let [a, b, c, d] = &mut players;
            game(&g, seed, &mut [a, b, c, d], &mut engine::Quiet)
        });
}

/// `simulate` of greedy four-player tables, 256 games a sample, on a pool
/// of `threads`.
#[divan::bench(args = [1, 2], sample_count = 30, sample_size = 1)]
fn simulate_greedy_four_players(bencher: Bencher, threads: usize) {
    simulate_on(bencher, threads, &["greedy"; 4], 256);
}

/// `simulate` of the strong player's solo game, 4 games a sample, on a
/// pool of `threads`.
#[divan::bench(args = [1, 2], sample_count = 5, sample_size = 1)]
fn simulate_strong_solo(bencher: Bencher, threads: usize) {
    simulate_on(bencher, threads, &["strong"], 4);
}

fn simulate_on(bencher: Bencher, threads: usize, policies: &[&str], games: u64) {
    let g = black();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let mut seed = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(games as usize))
        .bench_local(|| {
            seed += 1;
            pool.install(|| simulate(&g, policies, Effort::DEFAULT, games, seed, &|_| {}).unwrap())
        });
}

/// Whole solo games of the greedy player.
#[divan::bench(sample_count = 100, sample_size = 20)]
fn greedy_solo_game(bencher: Bencher) {
    let g = black();
    let mut player = Greedy::default();
    let mut seed = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(1usize))
        .bench_local(|| {
            seed += 1;
            game(&g, seed, &mut [&mut player], &mut engine::Quiet)
        });
}

/// Whole four-player games of random players (longer games: every legal
/// move listed at every decision).
#[divan::bench(sample_count = 50, sample_size = 5)]
fn random_four_player_game(bencher: Bencher) {
    let g = black();
    let mut players: Vec<RandomPlayer> = (0..4).map(RandomPlayer::new).collect();
    let mut seed = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(1usize))
        .bench_local(|| {
            seed += 1;
            let mut seats: Vec<&mut dyn Player<Game>> = players
                .iter_mut()
                .map(|p| p as &mut dyn Player<Game>)
                .collect();
            game(&g, seed, &mut seats, &mut engine::Quiet)
        });
}

/// Decision states (table, seat) of greedy four-player games.
#[derive(Default)]
struct Decisions(Vec<(Table, usize)>);

impl Watcher<Game> for Decisions {
    fn before_move(&mut self, _g: &Game, table: &Table, player: usize, _mv: Move) {
        self.0.push((table.clone(), player));
    }
}

fn decisions(g: &Game) -> Vec<(Table, usize)> {
    let mut d = Decisions::default();
    let mut players = [
        Greedy::default(),
        Greedy::default(),
        Greedy::default(),
        Greedy::default(),
    ];
    for seed in 0..20 {
        let [a, b, c, e] = &mut players;
        game(g, seed, &mut [a, b, c, e], &mut d);
    }
    d.0
}

/// Runs `decide` on the decision states of greedy games in turn, one
/// item each.
fn each_decision<R>(bencher: Bencher, mut decide: impl FnMut(&Game, &Table, usize) -> R) {
    let g = black();
    let states = decisions(&g);
    let mut i = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(1usize))
        .bench_local(|| {
            let (t, p) = &states[i % states.len()];
            i += 1;
            decide(&g, t, *p)
        });
}

/// Every legal move of one decision, counted (the allocation-free
/// generator: dice, colours, numbers, pieces).
#[divan::bench(sample_count = 100, sample_size = 200)]
fn every_legal_move(bencher: Bencher) {
    each_decision(bencher, |g, t, p| {
        let mut n = 0usize;
        g.for_each_move(t, p, |_| n += 1);
        n
    });
}

/// One decision of the greedy player.
#[divan::bench(sample_count = 100, sample_size = 200)]
fn greedy_decision(bencher: Bencher) {
    let mut player = Greedy::default();
    each_decision(bencher, |g, t, p| player.choose(g, t, p));
}

/// Applying one greedy move to a copy of the table.
#[divan::bench(sample_count = 100, sample_size = 200)]
fn apply_move(bencher: Bencher) {
    let g = black();
    let states = decisions(&g);
    let mut player = Greedy::default();
    let moves: Vec<Move> = states
        .iter()
        .map(|(t, p)| player.choose(&g, t, *p))
        .collect();
    let mut i = 0;
    bencher.bench_local(|| {
        let (t, p) = &states[i % states.len()];
        let mut t = t.clone();
        Rules::apply(&g, &mut t, *p, moves[i % states.len()]);
        i += 1;
        t
    });
}
