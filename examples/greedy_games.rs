//! Plays N greedy games on the USA map (for profiling: `valgrind --tool=callgrind`).
fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let game = rollx::rolling::Game::new(
        rollx::rolling::load(std::path::Path::new("maps/usa.toml")).unwrap(),
    )
    .unwrap();
    let mut policy = rollx::rolling::Greedy::new();
    let mut x = 0;
    for seed in 0..n {
        x += game
            .score(&rollx::rolling::play_silent(&game, seed, &mut policy))
            .crosses;
    }
    println!("{n} games, mean X {:.2}", f64::from(x) / n as f64);
}
