//! Measures the relaxation bound (`rollx::rolling::relaxed_bound`) on a
//! map's seeds beside the solver's best game: `cargo run --release
//! --example bounds -- MAP FIRST_SEED SEEDS CONFLICTS POSITIONS`.

use std::time::Instant;

use rollx::rolling::{Limit, load, relaxed_bound, rolls_of_seed, solve_guided};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let map = args.get(1).map_or("maps/japan.toml", String::as_str);
    let arg = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let (first, seeds, conflicts, positions) = (arg(2, 1), arg(3, 10), arg(4, 100_000), arg(5, 0));
    let game = rollx::rolling::Game::new(load(std::path::Path::new(map)).unwrap()).unwrap();
    let (mut proven_zero, mut gap, mut exact, mut times) = (0, 0i64, 0, Vec::new());
    for seed in first..first + seeds {
        let rolls = rolls_of_seed(&game, seed);
        let t = Instant::now();
        let b = relaxed_bound(&game, &rolls, conflicts);
        let secs = t.elapsed().as_secs_f64();
        times.push(secs);
        if b.crosses > 0 {
            proven_zero += 1;
        }
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
        if let Some(s) = &best {
            assert!(
                b.crosses <= s.crosses,
                "seed {seed}: bound above a played game"
            );
            gap += i64::from(s.crosses) - i64::from(b.crosses.max(s.lower_bound));
            if b.crosses.max(s.lower_bound) == s.crosses {
                exact += 1;
            }
        }
        println!(
            "seed {seed}: bound {} ({}; {} conflicts, {secs:.2} s){}",
            b.crosses,
            if b.optimum {
                "relaxation optimum"
            } else {
                "budget spent"
            },
            b.conflicts,
            best.map(|s| format!(
                ", best game {} X, search bound {}",
                s.crosses, s.lower_bound
            ))
            .unwrap_or_default()
        );
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{map}: 0 X proven impossible on {proven_zero} of {seeds}; median {:.2} s; exact {exact}; mean gap {:.2}",
        times[times.len() / 2],
        gap as f64 / seeds as f64
    );
}
