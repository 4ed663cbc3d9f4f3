//! `rollx solve`: the best possible game on a map when every roll of the
//! game is known in advance.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::load_model;
use super::numbers::{above, whole};
use super::output::Output;
use super::play::save;
use rollx::diag::Failure;
use rollx::rolling::{Game, Roll};
use rollx::rolling::{Limit, SolveError, parse_dice, rolls_of_seed, solve_guided, witness_log};
use rollx::text::{count, plural};

/// The long description `--help` shows.
pub const LONG_ABOUT: &str = "The fewest X a player could end with on a Rolling map when every \
roll of the game is known in advance: the dice `rollx play --seed S` rolls, under the map's full \
rules (forced placement, the wild die, immune areas, every power). A branch and bound over the \
rules engine's own moves, starting from the greedy player's game on the same dice; on large \
maps, beams guided by play-outs and by the values `rollx train` learned (MAP.tuples, or \
--values) look for better games. It says whether the result is exact (proven the fewest) or, when its limit ran out, the best game \
found with a proven lower bound. The search is limited by the positions it visits \
(--positions), so a seed gives the same game on every machine however busy; --time-limit \
stops it sooner when asked. Every player at a table sees the same dice, so each player's \
optimum is the same. --log writes the best game as a game log, which `rollx referee` checks. \
See docs/solver.md for the method and its limits.";

/// Arguments of `rollx solve`.
#[derive(Debug, Args)]
#[command(
    after_help = "Exit codes: 0 solved (exactly or not: the output says), 1 the map is invalid, 2 usage \
or I/O error.\n\n\
Examples:\n  rollx solve maps/examples/tutorial.toml --seed 3\n  rollx solve maps/usa.toml --seed 1 --log best.json && rollx referee best.json\n  rollx solve maps/japan.toml --seed 7 --positions 20000000 --format json"
)]
pub struct SolveArgs {
    /// The map.
    #[arg(value_name = "MAP")]
    pub map: PathBuf,
    /// The seed of the game whose dice are solved, as `rollx play --seed`
    /// [default: 1].
    #[arg(long, conflicts_with = "dice", value_parser = whole::<u64>(0, u64::MAX))]
    pub seed: Option<u64>,
    /// A file of every roll of the game in order, one a line: the die's id
    /// and the number it shows (`red 4`); see docs/solver.md.
    #[arg(long, value_name = "FILE")]
    pub dice: Option<PathBuf>,
    /// Stop after visiting this many positions with the best game found
    /// and a proven lower bound: the same result on every machine (about
    /// 10 s on a full-size map on one core of a laptop).
    #[arg(long, value_name = "POSITIONS", default_value_t = 4_000_000, value_parser = whole::<u64>(1, u64::MAX))]
    pub positions: u64,
    /// Also stop after this many seconds (the result then depends on the
    /// machine and its load).
    #[arg(long, value_name = "SECONDS", value_parser = above("a number of seconds", 0.0))]
    pub time_limit: Option<f64>,
    /// Write the best game found as a game log.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Learned values (`rollx train`) that guide the search to better
    /// games on large maps [default: MAP.tuples beside the map, when it
    /// exists].
    #[arg(long, value_name = "FILE")]
    pub values: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Output formats of `solve`.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// A few lines.
    Text,
    /// One JSON object.
    Json,
}

/// What `--format json` prints.
#[derive(Serialize)]
struct Report<'a> {
    map: &'a str,
    seed: Option<u64>,
    /// X of the best game found.
    crosses: u32,
    /// No game on these dice ends with fewer X.
    lower_bound: u32,
    /// Whether `crosses` is proven the fewest.
    exact: bool,
    greedy_crosses: u32,
    nodes: u64,
    seconds: f64,
    /// The values file that guided the search, if any.
    values: Option<String>,
}

/// The rolls of the dice file at `path`, with their lines, or what is
/// wrong with it.
fn read_dice(game: &Game, path: &std::path::Path) -> Result<Vec<(Roll, usize)>, Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::usage(format!("cannot read {}: {e}", path.display())))?;
    parse_dice(game, &text).map_err(|e| {
        Failure::invalid(format!(
            "{}:{}:{}: {}\n  help: {}",
            path.display(),
            e.line,
            e.column,
            e.message,
            e.help
        ))
    })
}

/// Runs `rollx solve`.
pub fn run(args: &SolveArgs) -> Result<(), Failure> {
    let log = Output::check_arg(args.log.as_deref(), false)?;
    let game = load_game(&args.map, "solve")?;
    let (rolls, lines) = match &args.dice {
        None => (rolls_of_seed(&game, args.seed.unwrap_or(1)), Vec::new()),
        Some(path) => read_dice(&game, path)?.into_iter().unzip(),
    };
    let values = solver_values(&args.map, args.values.as_deref(), &game)?;
    let seed = args.dice.is_none().then(|| args.seed.unwrap_or(1));
    let start = Instant::now();
    let limit = Limit {
        deadline: args
            .time_limit
            .map(|t| start + Duration::from_secs_f64(t.min(1e7))),
        positions: Some(args.positions),
    };
    let guide = values.as_ref().map(|(v, _)| v.as_ref());
    let solution = solve_guided(&game, &rolls, limit, guide).map_err(|e| {
        Failure::invalid(match (&args.dice, e) {
            (Some(path), SolveError::BadRoll { index, problem }) => format!(
                "{}:{}: roll {index}: {problem}\n  help: a die is drawn once a round \
                 ({} a round); the file lists every roll of the game in order",
                path.display(),
                lines[index - 1],
                plural(game.rules().dice_per_round, "die", "dice")
            ),
            (Some(path), e) => format!(
                "{}: {e}\n  help: a game on {} takes {} rolls",
                path.display(),
                args.map.display(),
                game.rules().results_per_game()
            ),
            (None, e) => format!("{}: {e}", args.map.display()),
        })
    })?;
    let seconds = start.elapsed().as_secs_f64();
    let info = &game.map().info;
    match args.format {
        Format::Json => {
            let report = Report {
                map: &info.id,
                seed,
                crosses: solution.crosses,
                lower_bound: solution.lower_bound,
                exact: solution.exact,
                greedy_crosses: solution.greedy_crosses,
                nodes: solution.nodes,
                seconds,
                values: values.as_ref().map(|(_, p)| p.display().to_string()),
            };
            println!(
                "{}",
                serde_json::to_string_pretty(&report).expect("serialises")
            );
        }
        Format::Text => {
            match (seed, &args.dice) {
                (Some(seed), _) => println!("{} ({}), seed {seed}:", info.name, info.id),
                (None, Some(path)) => {
                    println!(
                        "{} ({}), the dice of {}:",
                        info.name,
                        info.id,
                        path.display()
                    )
                }
                (None, None) => unreachable!("a seed without a dice file"),
            }
            if solution.exact {
                println!(
                    "  the fewest X possible: {} (exact: no game on these dice ends with fewer)",
                    solution.crosses
                );
            } else {
                let bound = match solution.lower_bound {
                    0 => "no lower bound above 0 X is proven".to_string(),
                    b => format!("proven: no game ends with fewer than {b} X"),
                };
                let limit = match args.time_limit {
                    Some(t) if solution.nodes < args.positions => {
                        format!("the time limit of {t} s ran out")
                    }
                    _ => format!("the limit of {} ran out", count(args.positions, "position")),
                };
                println!(
                    "  best game found: {} X (not exact: {limit}; {bound})",
                    solution.crosses
                );
            }
            println!(
                "  the greedy player on the same dice: {} X",
                solution.greedy_crosses
            );
            println!(
                "  {} searched in {seconds:.2} s",
                count(solution.nodes, "position")
            );
            match &values {
                Some((_, path)) => println!("  guided by the values in {}", path.display()),
                None if !solution.exact && args.values.is_none() => println!(
                    "  no learned values guided the search: `rollx train {}` learns them \
                     (into {}), and with them it finds better games on large maps",
                    args.map.display(),
                    rollx::rolling::default_values_path(&args.map).display()
                ),
                None => {}
            }
        }
    }
    let Some(out) = &log else {
        return Ok(());
    };
    let log = witness_log(
        &game,
        &rolls,
        seed,
        &solution,
        Some(args.map.display().to_string()),
    );
    save(out, &log.to_json())?;
    // With --format json, standard output holds the report alone.
    super::say(
        args.format == Format::Json,
        &format!("log written to {}", out.path().display()),
    );
    Ok(())
}

/// Loads a Rolling map for a command that plays Rolling games (`solve`,
/// `train`), refusing other families up front.
pub(super) fn load_game(
    path: &std::path::Path,
    command: &str,
) -> Result<rollx::rolling::Game, Failure> {
    match load_model(path)?.take::<rollx::rolling::Map>() {
        Ok(map) => rolling_game(map, path),
        Err(family) => Err(Failure::usage(format!(
            "{} is {}, and `rollx {command}` takes Rolling maps only for now\n  \
             help: `rollx check`, `watch`, `print`, `play` (the computer players, or you \
             with --human), `referee` and `simulate` take it",
            path.display(),
            family.a_file(),
        ))),
    }
}

/// The Rolling game on a map read from `path`, or invalid input when the
/// rules engine cannot play it.
pub(super) fn rolling_game(
    map: rollx::rolling::Map,
    path: &std::path::Path,
) -> Result<rollx::rolling::Game, Failure> {
    rollx::rolling::Game::new(map).map_err(|e| Failure::invalid(format!("{}: {e}", path.display())))
}

/// The learned values that guide the solver's search on `map`: the file
/// `explicit` names (an error if it cannot be read), or the one `rollx
/// train` writes beside the map when it exists (a warning, and no values,
/// if it is for another version of the map). With the values, the path
/// they came from.
pub(super) fn solver_values(
    map: &std::path::Path,
    explicit: Option<&std::path::Path>,
    game: &rollx::rolling::Game,
) -> Result<Option<rollx::rolling::Guide>, Failure> {
    let (values, warning) = rollx::rolling::solver_values(map, explicit, game)?;
    if let Some(w) = warning {
        eprintln!("warning: {w}");
    }
    Ok(values)
}
