//! How strong the Diceland players are on the four shipped boards: each
//! player's mean turns to reach the goal alone, and the strong player's
//! win rate at a four-player table against three greedy players, in each
//! seat (1000 games a seat by default), with the mean over the seats.
//!
//! `cargo run --release --example diceland_strength -- [GAMES]`
//!
//! It runs the same library function as `rollx simulate`, so each cell of
//! the table is also `rollx simulate maps/diceland-N.toml --players 1
//! --policy greedy,strong` or `--seats strong,greedy,greedy,greedy` (the
//! strong player's seat moved), with the same seed 1.

use rollx::diceland::Game;
use rollx::diceland::{Summary, simulate};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .map_or(1000, |a| a.parse().expect("a number of games"));
    println!(
        "| board | greedy alone: turns to the goal | strong alone | strong against three greedy, seat 1 | seat 2 | seat 3 | seat 4 | mean over seats |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let mut means = Vec::new();
    for n in 1..=4 {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("maps/diceland-{n}.toml"));
        let board = rollx::families::load(&path)
            .unwrap()
            .take::<rollx::diceland::Board>()
            .expect("a Diceland board");
        let game = Game::new(board);
        let run = |seats: &[&str]| -> Summary {
            let seats: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
            let tally = simulate(&game, &seats, games, 1, &|_| {}).expect("players");
            Summary::new(&game, &seats, 1, &tally)
        };
        let solo = |p: &str| {
            let s = run(&[p]);
            format!("{:.1} ± {:.1}", s.turns.mean, s.turns.ci95)
        };
        let mut rates = Vec::new();
        for seat in 0..4 {
            let seats: Vec<&str> = (0..4)
                .map(|k| if k == seat { "strong" } else { "greedy" })
                .collect();
            rates.push(run(&seats).seats[seat].win_rate);
        }
        let mean = rates.iter().sum::<f64>() / 4.0;
        means.push(mean);
        let pct: Vec<String> = rates
            .iter()
            .map(|r| format!("{:.1} %", r * 100.0))
            .collect();
        println!(
            "| diceland-{n} | {} | {} | {} | {:.1} % |",
            solo("greedy"),
            solo("strong"),
            pct.join(" | "),
            mean * 100.0
        );
    }
    println!(
        "\nmean over the four boards and seats: {:.1} % (a seat's fair share: 25 %)",
        means.iter().sum::<f64>() / 4.0 * 100.0
    );
}
