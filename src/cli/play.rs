//! `rollx play`: the computer plays a whole game, or a person plays in the
//! terminal.

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::Args;

use super::sheet_text::{powers_line, render};
use super::{EXIT_OK, EXIT_USAGE, EffortArgs, human, load_game, write_atomic};
use rollx::play::{POLICIES, Policy, derive_seed, play_game, policy_with};

/// Arguments of `rollx play`.
#[derive(Debug, Args)]
#[command(
    long_about = "Play a whole game on a map. The computer plays by default and prints each \
final sheet with its score; --human lets you play in the terminal against the dice. The same \
--seed always gives the same dice (and, for the computer, the same game).",
    after_help = "Examples:\n  rollx play maps/usa.toml --seed 1 --log g.json\n  rollx play maps/japan.toml --policy random --players 3\n  rollx play maps/usa.toml --human --seed 7\n\n\
Exit codes: 0 the game was played, 1 the map is invalid, 2 usage or I/O error."
)]
pub struct PlayArgs {
    /// The map file.
    #[arg(value_name = "MAP")]
    pub map: PathBuf,
    /// Seed for the dice (a random one is chosen and printed when omitted).
    #[arg(long)]
    pub seed: Option<u64>,
    /// How the computer plays: random (uniform among legal moves), greedy
    /// (a one-step heuristic), tuples (by values learned with `rollx
    /// train`; see --values), strong (Monte Carlo rollouts, slower; see
    /// --candidates, --rollouts and --horizon) or expert (rollouts played by
    /// the tuples player, which needs its values too; the strongest).
    #[arg(long, default_value = "greedy", value_parser = clap::builder::PossibleValuesParser::new(POLICIES))]
    pub policy: String,
    #[command(flatten)]
    pub effort: EffortArgs,
    /// Number of players sharing the dice (with --human: you plus computer
    /// players).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub players: u16,
    /// Write the game log (JSON) to this file.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Play yourself in the terminal.
    #[arg(long)]
    pub human: bool,
}

/// Runs `rollx play`.
pub fn run(args: &PlayArgs, color: bool) -> u8 {
    let game = match load_game(&args.map) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let seed = args.seed.unwrap_or_else(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        derive_seed(nanos, u64::from(std::process::id()))
    });
    let map_file = Some(args.map.display().to_string());
    let setup = match args
        .effort
        .setup(&args.map, &game, std::slice::from_ref(&args.policy))
    {
        Ok(s) => s,
        Err(code) => return code,
    };

    if args.human {
        let computers: Vec<(String, Box<dyn Policy>)> = (1..args.players)
            .map(|i| {
                let name = format!("{} {}", args.policy, i + 1);
                let policy = policy_with(&args.policy, derive_seed(seed, u64::from(i) + 1), &setup)
                    .expect("validated by clap and setup");
                (name, policy)
            })
            .collect();
        let stdin = std::io::stdin();
        let interactive = stdin.is_terminal();
        let mut input = stdin.lock();
        let mut out = std::io::stdout();
        return match human::play(
            &game,
            seed,
            computers,
            map_file,
            &mut input,
            &mut out,
            color,
            interactive,
        ) {
            Ok(Some(log)) => write_log(args, &log.to_json()),
            Ok(None) => EXIT_OK,
            Err(e) => {
                eprintln!("error: {e}");
                EXIT_USAGE
            }
        };
    }

    let mut players: Vec<(String, Box<dyn Policy>)> = (0..args.players)
        .map(|i| {
            let name = if args.players == 1 {
                args.policy.clone()
            } else {
                format!("{} {}", args.policy, i + 1)
            };
            (
                name,
                policy_with(&args.policy, derive_seed(seed, u64::from(i) + 1), &setup)
                    .expect("validated by clap and setup"),
            )
        })
        .collect();
    let played = play_game(&game, seed, &mut players, map_file);
    let map = game.map();
    println!(
        "{} ({}), seed {seed}, {} {}",
        map.info.name,
        map.info.id,
        args.players,
        if args.players == 1 {
            "player"
        } else {
            "players"
        }
    );
    for ((name, _), state) in players.iter().zip(&played.states) {
        let score = game.score(state);
        println!();
        if args.players > 1 {
            println!("{name}");
        }
        print!("{}", render(&game, state, color));
        println!();
        println!(
            "score: {} X, {} powers used ({})",
            score.crosses,
            score.powers_used,
            powers_line(&game, state)
        );
    }
    if args.players > 1 {
        let mut ranking: Vec<(usize, rollx::rules::Score)> = played
            .states
            .iter()
            .map(|s| game.score(s))
            .enumerate()
            .collect();
        ranking.sort_by_key(|&(i, s)| (s, i));
        println!();
        println!("ranking (fewest X, then fewest powers):");
        for (place, (i, s)) in ranking.iter().enumerate() {
            println!(
                "  {}. {:<12} {:>2} X  {} powers",
                place + 1,
                players[*i].0,
                s.crosses,
                s.powers_used
            );
        }
    }
    write_log(args, &played.log.to_json())
}

fn write_log(args: &PlayArgs, json: &str) -> u8 {
    let Some(path) = &args.log else {
        return EXIT_OK;
    };
    match write_atomic(path, format!("{json}\n").as_bytes()) {
        Ok(()) => {
            println!("log written to {}", path.display());
            EXIT_OK
        }
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", path.display());
            EXIT_USAGE
        }
    }
}
