//! `rollx train`: learns the values the `tuples` and `expert` players play by.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::numbers::whole;
use super::output::{self, Output};
use super::solve::load_game;
use rollx::diag::Failure;
use rollx::rolling::Trainer;
use rollx::text::count;

/// Games learned from unless `--games` says otherwise.
pub const DEFAULT_GAMES: u64 = rollx::rolling::TRAINING_GAMES;

/// The long description `--help` shows.
pub const LONG_ABOUT: &str = "Learn, by playing many seeded games, how many X each local pattern of the map \
still costs: the values the `tuples` and `expert` computer players play by (`--policy tuples` \
or `--policy expert` in `play` and `simulate`). The values are written next to the map (`maps/usa.toml` gives `maps/usa.tuples`), \
where `play` and `simulate` find them. The same map and seed always give the same file. \
The default 600,000 games take about 4 minutes of one core for `maps/usa.toml`, 2 for \
`maps/japan.toml` and 11 seconds for the 12-area tutorial map (longer while other programs \
share the processor); the error of a player that needs values measures the time for its map.";

/// Arguments of `rollx train`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  rollx train maps/usa.toml\n  rollx train maps/examples/tutorial.toml --games 20000 --output tutorial.tuples\n\n\
Exit codes: 0 written, 1 the map is invalid, 2 usage or I/O error."
)]
pub struct TrainArgs {
    /// The map file.
    #[arg(value_name = "MAP")]
    pub map: PathBuf,
    /// Games to learn from (more is stronger; the gain flattens out
    /// towards 600,000).
    #[arg(long, default_value_t = DEFAULT_GAMES, value_parser = whole::<u64>(1, 100_000_000))]
    pub games: u64,
    /// Seed of the games.
    #[arg(long, default_value_t = 1, value_parser = whole::<u64>(0, u64::MAX))]
    pub seed: u64,
    /// Where to write the values (default: the map's path with the
    /// extension .tuples).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// Runs `rollx train`.
pub fn run(args: &TrainArgs) -> Result<(), Failure> {
    let game = load_game(&args.map, "train")?;
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| rollx::rolling::default_values_path(&args.map));
    // Fail before learning for minutes when the output cannot be written.
    let out = Output::check(&output, false)?;
    let bar = if args.quiet || !std::io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        let b = ProgressBar::with_draw_target(Some(args.games), ProgressDrawTarget::stderr());
        // The time left is shown once a twentieth of the games are played:
        // the first games, while the tables are first touched, run at
        // another pace and made the early estimate swing (an hour for a
        // seven-minute run).
        b.set_style(bar_style("{rate}, time left after the first 5 %"));
        b.set_message(game.map().info.id.clone());
        b
    };
    let mut trainer = Trainer::new(&game, args.seed)
        .map_err(|e| Failure::invalid(format!("{}: {e}", args.map.display())))?;
    let start = Instant::now();
    // The mean X of the last games played while learning shows how far the
    // player has come.
    let window = (args.games / 20).clamp(1, 5000);
    let mut recent = 0u64;
    for g in 0..args.games {
        let x = trainer.play(&game);
        if g >= args.games - window {
            recent += u64::from(x);
        }
        if g % 256 == 255 {
            bar.inc(256);
            if g / 256 == (args.games / 20) / 256 {
                bar.reset_eta();
                bar.set_style(bar_style("{rate}, {eta} left"));
            }
        }
    }
    bar.finish_and_clear();
    let value = trainer.finish();
    let bytes = value.to_bytes();
    output::write(&out, &bytes)?;
    println!(
        "learned from {} of {} (seed {}) in {:.0} s",
        count(args.games, "game"),
        game.map().info.id,
        args.seed,
        start.elapsed().as_secs_f64()
    );
    println!(
        "mean X of the last {} while learning: {:.2}",
        count(window, "game"),
        recent as f64 / window as f64
    );
    println!(
        "values written to {} ({:.1} MB); play by them with --policy tuples or expert",
        output.display(),
        bytes.len() as f64 / 1e6
    );
    Ok(())
}

/// The training bar, ending in `tail`.
fn bar_style(tail: &str) -> ProgressStyle {
    ProgressStyle::with_template(&format!(
        "{{spinner}} learning {{msg}} [{{bar:40}}] {{pos}}/{{len}} games, {tail}"
    ))
    .expect("valid template")
    .with_key("rate", super::simulate::rate)
    .progress_chars("=> ")
}
