//! `rollx simulate`: many computer games per map, summarised for designers.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use super::interrupt;
use super::numbers::whole;
use super::output::{self, Output, OutputDir};
use super::{
    EXIT_OK, EXIT_USAGE, EffortArgs, EncoreRuleArgs, load_model, rolling_game, solver_values,
};
use rollx::families::Model;
use rollx::rolling::deep::solve_range;
use rollx::rolling::map::Power;
use rollx::rolling::play::report::{
    MapResult, SimReport, add_optimum, markdown, policy_result, text,
};
use rollx::rolling::play::simulate::{Tally, simulate_range, without_power};
use rollx::rolling::play::{
    POLICIES, PlayerSetup, Policy, derive_seed, html, play_game, policy_with,
};
use rollx::rolling::rules::Game;
use rollx::text::{count, plural};

/// Output formats of `simulate`.
#[derive(Clone, Copy, Debug, clap::ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// The maps side by side, then each map's regions and hardest areas.
    Text,
    /// Everything, machine-readable.
    Json,
    /// Mean X (95 % CI) per map and policy as a Markdown table.
    Markdown,
}

/// The long description `--help` shows.
pub const LONG_ABOUT: &str = "Play many seeded games per map with computer players and report how the map \
plays: mean, median and spread of X with a 95 % confidence interval, the distribution, perfect \
games, how often each area ends as an X, the pressure on each region, how often each power is \
used and how many X it saves (the same games replayed without it), and why the X happen. \
With --optimum, every game's dice are also solved (`rollx solve`, --positions per game) and each \
policy's gap to the best game on the same dice is reported. Results are identical for a given \
seed whatever the number of threads.\n\n\
Encore boards (files with `[game] family = \"encore\"`) are simulated at tables of --players \
(default 1, the 30-roll solo game): each --policy (random, greedy, strong) plays every seat of its \
own table, and --seats fixes a mixed table, one policy per seat (seat 1 rolls first). Reported: \
the score (mean with its 95 % CI, median, spread, distribution), the win rate by seat (a shared \
win split equally), game length, how often and how early each column and colour is completed \
(first or later), stars left open, jokers used, the solo rating bands, and in the HTML report the \
board as a heat map of how early each box is crossed. --candidates and --rollouts set the \
strong player's effort; --solo-dice and --start-column choose between the readings of the \
rulebook (docs/encore-rules.md#options).\n\n\
Diceland boards are simulated at tables of --players (default 4): each --policy (random, greedy, \
strong) plays every seat of its own table and plays alone (the solo measure: turns to reach the \
goal), and --seats adds a mixed table. Reported: game length with its 95 % CI, win rate by seat, \
dice lost to overshooting a zone, reroll busts, bonus rolls, how often and when each star is \
crossed and each zone completed, and in the HTML report the board as a heat map of the turn each \
cell is crossed (docs/diceland-rules.md#strength).";

/// Arguments of `rollx simulate`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  rollx simulate maps/usa.toml\n  rollx simulate maps/usa.toml maps/japan.toml --games 10000 --report output/balance.html\n  rollx simulate maps/usa.toml --policy greedy,random --format json\n  rollx train maps/usa.toml && rollx simulate maps/usa.toml --policy greedy,tuples,expert\n  rollx simulate maps/usa.toml maps/japan.toml --games 10000 --policy random,greedy,strong --no-power-value --format markdown\n  rollx simulate maps/examples/tutorial.toml --games 20 --save-logs output/logs\n  rollx simulate maps/usa.toml --games 200 --policy greedy,strong --optimum\n  rollx simulate maps/encore-black.toml --policy random,greedy\n  rollx simulate maps/encore-black.toml --players 4 --policy greedy,strong --games 200 --report output/encore.html\n  rollx simulate maps/encore-black.toml --players 4 --seats strong,greedy,greedy,greedy --games 200\n\n\
Ctrl-C stops a run: the games being played are finished, and the report (text, JSON, Markdown, \
--report) covers the games finished so far, the first N of every table, marked as interrupted; \
it is the report `--games N` gives. --save-logs then writes nothing. A second Ctrl-C stops at \
once, writing nothing (docs/simulate.md#interrupting-a-run).\n\n\
Exit codes: 0 done, 1 a map or board is invalid, 2 usage or I/O error, 130 interrupted by \
Ctrl-C."
)]
pub struct SimulateArgs {
    /// Map files (several are reported side by side), or Encore board
    /// files (each reported on its own); not both in one run.
    #[arg(value_name = "MAP|BOARD", required = true)]
    pub maps: Vec<PathBuf>,
    /// Games per map and policy (per board and table).
    #[arg(long, default_value_t = 1000, value_parser = whole::<u64>(1, 10_000_000))]
    pub games: u64,
    /// Computer players to compare, separated by commas: random (uniform
    /// among legal moves), greedy (one-step heuristic, fast), tuples (by
    /// values learned with `rollx train`, fast; see --values), strong
    /// (Monte Carlo rollouts; see --candidates, --rollouts and --horizon),
    /// expert (rollouts played by the tuples player, which needs its values
    /// too; the strongest). Encore boards have random, greedy and strong,
    /// each playing every seat of its own table.
    #[arg(long, default_value = "greedy", value_delimiter = ',', value_parser = clap::builder::PossibleValuesParser::new(POLICIES))]
    pub policy: Vec<String>,
    /// Seed of the run: game i uses a seed derived from it and i.
    #[arg(long, default_value_t = 1, value_parser = whole::<u64>(0, u64::MAX))]
    pub seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = whole::<u16>(1, 1024))]
    pub threads: Option<u16>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Also write a self-contained HTML report with charts and heat maps.
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<PathBuf>,
    /// Also write every game as a game log (for `rollx referee`) into DIR.
    #[arg(long, value_name = "DIR")]
    pub save_logs: Option<PathBuf>,
    /// Encore boards: players at each table (1, the default, is the solo
    /// game).
    #[arg(long, value_parser = whole::<u16>(1, 8))]
    pub players: Option<u16>,
    /// Encore boards: a mixed table, one policy per seat separated by
    /// commas, seat 1 rolling first (strong,greedy,greedy,greedy); reported
    /// seat by seat after the --policy tables. Sets --players.
    #[arg(long, value_delimiter = ',', value_parser = clap::builder::PossibleValuesParser::new(rollx::encore::play::PLAYERS))]
    pub seats: Vec<String>,
    /// Skip replaying the games without each power (faster; no power values).
    #[arg(long)]
    pub no_power_value: bool,
    /// Also solve every game's dice with `rollx solve` and report each
    /// policy's gap to the best game on the same dice (regret), with the
    /// best games' X. Rolling maps only.
    #[arg(long)]
    pub optimum: bool,
    /// With --optimum: positions the solver searches per game at most (the
    /// same on every machine; about half a second a game on the USA map).
    #[arg(long, requires = "optimum", default_value_t = DEFAULT_POSITIONS, value_parser = whole::<u64>(1, u64::MAX))]
    pub positions: u64,
    #[command(flatten)]
    pub effort: EffortArgs,
    #[command(flatten)]
    pub rules: EncoreRuleArgs,
    /// No progress bar.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// Positions the solver searches per game by default (as `check --deep`).
pub const DEFAULT_POSITIONS: u64 = 1_000_000;

fn make<'a>(
    policy: &'a str,
    setup: &'a PlayerSetup,
) -> impl Fn(u64) -> Box<dyn Policy> + Sync + 'a {
    move |seed| policy_with(policy, seed, setup).expect("validated by clap and setup")
}

/// Runs `rollx simulate`.
pub fn run(args: &SimulateArgs) -> u8 {
    let start = Instant::now();
    if args.effort.values.is_some() && args.maps.len() > 1 {
        eprintln!(
            "error: --values gives one map's values; with several maps leave it out, and each \
             map's values are read from beside it (MAP.tuples)"
        );
        return EXIT_USAGE;
    }
    // The outputs are checked before the games are played.
    let report_out = match Output::check_arg(args.report.as_deref(), false) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let logs_dir = match args.save_logs.as_deref().map(OutputDir::check).transpose() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    };
    let mut models = Vec::new();
    for path in &args.maps {
        match load_model(path) {
            Ok(m) => models.push(m),
            Err(code) => return code,
        }
    }
    let families: Vec<rollx::families::Family> = models.iter().map(Model::family).collect();
    if let Some(k) = families.iter().position(|f| *f != families[0]) {
        let what = |i: usize| format!("{} is {}", args.maps[i].display(), families[i].a_file());
        eprintln!(
            "error: {} and {}; `rollx simulate` takes the files of one family in one run\n  \
             help: simulate them in separate runs",
            what(0),
            what(k)
        );
        return EXIT_USAGE;
    }
    if families[0] == rollx::diceland::FAMILY {
        let boards = models
            .into_iter()
            .filter_map(|m| m.take::<rollx::diceland::Board>().ok())
            .collect();
        return super::diceland::simulate_boards(args, boards, report_out, logs_dir, start);
    }
    let boards = models
        .iter()
        .filter(|m| m.family() == rollx::encore::FAMILY)
        .count();
    if boards > 0 && args.optimum {
        eprintln!(
            "error: --optimum solves the games of Rolling maps; Encore boards have no solver\n  \
             help: leave out --optimum"
        );
        return EXIT_USAGE;
    }
    if boards > 0 {
        let boards = models
            .into_iter()
            .filter_map(|m| m.take::<rollx::encore::Board>().ok())
            .collect();
        return super::encore_simulate::run(args, boards, report_out, logs_dir, start);
    }
    if let Some(flag) = [
        (args.players.is_some(), "--players"),
        (!args.seats.is_empty(), "--seats"),
    ]
    .into_iter()
    .find_map(|(given, flag)| given.then_some(flag))
    {
        eprintln!(
            "error: {flag} sets the tables of Encore boards; Rolling maps are simulated solo\n  \
             help: leave out {flag}"
        );
        return EXIT_USAGE;
    }
    if let Err(code) = args.rules.refuse_on_map(&args.maps[0]) {
        return code;
    }
    let mut games: Vec<Game> = Vec::new();
    let mut setups: Vec<PlayerSetup> = Vec::new();
    for (path, model) in args.maps.iter().zip(models) {
        let map = model.take().expect("boards are simulated above");
        match rolling_game(map, path) {
            Ok(g) => {
                match args.effort.setup(path, &g, &args.policy) {
                    Ok(s) => setups.push(s),
                    Err(code) => return code,
                }
                games.push(g);
            }
            Err(code) => return code,
        }
    }
    // The values that guide the solver, per map (empty without --optimum).
    // The values the players already read are used again.
    let mut optimum_values = Vec::new();
    for ((path, game), setup) in args
        .maps
        .iter()
        .filter(|_| args.optimum)
        .zip(&games)
        .zip(&setups)
    {
        let read = match &setup.values {
            Some(v) => Ok(Some((
                v.clone(),
                args.effort
                    .values
                    .clone()
                    .unwrap_or_else(|| rollx::rolling::commands::default_values_path(path)),
            ))),
            None => solver_values(path, args.effort.values.as_deref(), game),
        };
        match read {
            Ok(v) => optimum_values.push(v),
            Err(code) => return code,
        }
    }
    let pool = match worker_pool(args) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let powers_of = |g: &Game| -> Vec<Power> {
        if args.no_power_value {
            Vec::new()
        } else {
            g.rules()
                .powers
                .iter()
                .into_iter()
                .filter(|&(_, n)| n > 0)
                .map(|(p, _)| p)
                .collect()
        }
    };
    let policies = args.policy.len() as u64;
    let count = Count {
        games: args.games * policies * games.len() as u64,
        replays: games
            .iter()
            .map(|g| args.games * policies * powers_of(g).len() as u64)
            .sum(),
        solved: if args.optimum {
            args.games * games.len() as u64
        } else {
            0
        },
    };
    let bar = games_bar(args, count.total(), &count.unit());
    // Ctrl-C is caught before the run is announced, and until it ends.
    let catch = interrupt::catch();
    if !args.quiet {
        eprintln!("{}", count.starting(args.games, "per map and policy"));
    }

    // Every map's and policy's games, and their replays, are played part
    // by part, all together, so that Ctrl-C leaves the same first games of
    // each (see `interrupt::in_parts`).
    struct Tallies {
        with: Option<Tally>,
        without: Vec<(Power, Option<Tally>)>,
    }
    let mut tallies: Vec<Vec<Tallies>> = games
        .iter()
        .map(|g| {
            args.policy
                .iter()
                .map(|_| Tallies {
                    with: None,
                    without: powers_of(g).into_iter().map(|p| (p, None)).collect(),
                })
                .collect()
        })
        .collect();
    let reduced: Vec<Vec<(Power, Game)>> = games
        .iter()
        .map(|g| {
            powers_of(g)
                .into_iter()
                .map(|p| (p, without_power(g, p)))
                .collect()
        })
        .collect();
    let mut solved: Vec<Vec<(u32, u32, bool)>> = vec![Vec::new(); games.len()];
    let played = pool.install(|| {
        interrupt::in_parts(args.games, |range| {
            let tick = |n: u64| bar.inc(n);
            for (m, (game, setup)) in games.iter().zip(&setups).enumerate() {
                for (policy, t) in args.policy.iter().zip(&mut tallies[m]) {
                    bar.set_message(format!("{} ({policy})", game.map().info.id));
                    let make = make(policy, setup);
                    let with = simulate_range(game, range.clone(), args.seed, &make, &tick);
                    interrupt::merge_into(&mut t.with, with, Tally::merge);
                    for ((_, slot), (_, reduced)) in t.without.iter_mut().zip(&reduced[m]) {
                        let without =
                            simulate_range(reduced, range.clone(), args.seed, &make, &tick);
                        interrupt::merge_into(slot, without, Tally::merge);
                    }
                }
                if let Some(values) = optimum_values.get(m) {
                    bar.set_message(format!("{} (solving)", game.map().info.id));
                    let guide = values.as_ref().map(|(v, _)| v.as_ref());
                    solved[m].extend(
                        solve_range(
                            game,
                            range.clone(),
                            args.seed,
                            args.positions,
                            guide,
                            &|| bar.inc(1),
                        )
                        .into_iter()
                        .map(|s| (s.crosses, s.lower_bound, s.exact)),
                    );
                }
            }
        })
    });
    drop(catch);
    bar.finish_and_clear();
    let interrupted = played < args.games;

    let mut maps = Vec::new();
    for (m, game) in games.iter().enumerate() {
        let mut policies = Vec::new();
        let mut per_game = Vec::new();
        for (policy, t) in args.policy.iter().zip(&tallies[m]) {
            let with = t.with.clone().expect("every run plays a first part");
            let without: Vec<(Power, Tally)> = t
                .without
                .iter()
                .map(|(p, t)| (*p, t.clone().expect("every run plays a first part")))
                .collect();
            policies.push(policy_result(game, policy, &with, &without));
            per_game.push(with.per_game);
        }
        let map = game.map();
        let mut result = MapResult {
            map: map.info.id.clone(),
            name: map.info.name.clone(),
            areas: map.areas.len(),
            policies,
            optimum: None,
        };
        if let Some(values) = optimum_values.get(m) {
            let per_game: Vec<&[u32]> = per_game.iter().map(Vec::as_slice).collect();
            add_optimum(
                &mut result,
                args.positions,
                values.as_ref().map(|(_, p)| p.display().to_string()),
                &solved[m],
                &per_game,
            );
        }
        maps.push(result);
    }
    let report = SimReport {
        seed: args.seed,
        games: played,
        maps,
    };
    let note = interrupted.then(|| interrupt::covered(played, args.games, "per map and policy"));
    let document = args.format != Format::Text;

    // The files first: a reader that stops early (`rollx simulate ... |
    // head`) ends the process on its next write, and must not cost them.
    if let Some(out) = &report_out {
        let command = command_line(args, played);
        let mut page = html::html(
            &report,
            &games.iter().map(Game::map).collect::<Vec<_>>(),
            &command,
        );
        if let Some(note) = &note {
            page = interrupt::mark_html(&page, note);
        }
        if let Err(e) = output::write(out, page.as_bytes()) {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    }
    let logs_written = match &logs_dir {
        Some(_) if interrupted => false,
        Some(dir) => {
            if let Err(code) = save_logs(args, &games, &setups, dir, &pool) {
                return code;
            }
            true
        }
        None => false,
    };
    match args.format {
        Format::Text => {
            if let Some(note) = &note {
                println!("{note}\n");
            }
            print!("{}", text(&report));
        }
        Format::Json => {
            let mut value = serde_json::to_value(&report).expect("reports serialise");
            if interrupted {
                interrupt::mark_json(&mut value, played, args.games);
            }
            println!(
                "{}",
                serde_json::to_string_pretty(&value).expect("reports serialise")
            );
        }
        Format::Markdown => {
            if let Some(note) = &note {
                println!("*{note}*\n");
            }
            print!("{}", markdown(&report));
        }
    }
    let logs = args.games * (games.len() * args.policy.len()) as u64;
    finish(
        args,
        document,
        &Finish {
            report: report_out.as_ref(),
            logs: logs_dir.as_ref().map(|d| (d, logs, logs_written)),
            count: &count,
            played,
            start,
            note: note.as_deref(),
        },
    )
}

/// What a run of `simulate` played: games, the replays that value the
/// powers, and games solved (`--optimum`).
pub(super) struct Count {
    /// Games of every table.
    pub games: u64,
    /// Replays of them without a power.
    pub replays: u64,
    /// Games whose dice are solved.
    pub solved: u64,
}

impl Count {
    /// Everything the progress bar counts.
    pub fn total(&self) -> u64 {
        self.games + self.replays + self.solved
    }

    /// The progress bar's unit: "games", "games and replays", ...
    pub fn unit(&self) -> String {
        match (self.replays > 0, self.solved > 0) {
            (false, false) => "games".into(),
            (true, false) => "games and replays".into(),
            (false, true) => "games and solved games".into(),
            (true, true) => "games, replays and solved games".into(),
        }
    }

    /// The counts in words, `games` of them asked per table (`per`).
    fn words(&self, scale: f64) -> String {
        let n = |x: u64| (x as f64 * scale).round() as u64;
        let mut s = count(n(self.games), "game");
        if self.replays > 0 {
            s.push_str(&format!(
                ", plus {} to value the powers",
                count(n(self.replays), "replay")
            ));
        }
        if self.solved > 0 {
            s.push_str(&format!(
                "{} {} by the solver",
                if self.replays > 0 { " and" } else { ", and" },
                plural(n(self.solved), "game solved", "games solved")
            ));
        }
        s
    }

    /// The line that opens a run.
    pub fn starting(&self, games: u64, per: &str) -> String {
        format!(
            "simulating {} {per} (in all: {}); Ctrl-C stops the run and reports the games \
             finished",
            count(games, "game"),
            self.words(1.0)
        )
    }
}

/// What [`finish`] says.
pub(super) struct Finish<'a> {
    /// The HTML report, when written.
    pub report: Option<&'a Output>,
    /// The folder of game logs, how many logs a whole run writes, and
    /// whether they were written.
    pub logs: Option<(&'a OutputDir, u64, bool)>,
    /// What a whole run plays.
    pub count: &'a Count,
    /// Games played of each table.
    pub played: u64,
    /// When the run started.
    pub start: Instant,
    /// The interrupted run's note.
    pub note: Option<&'a str>,
}

/// Says which files were written and how long the run took (standard
/// output under a text report, standard error under a document), and
/// returns the exit code: 130 when Ctrl-C stopped the run.
pub(super) fn finish(args: &SimulateArgs, document: bool, f: &Finish) -> u8 {
    if let Some(out) = f.report {
        let gap = if document { "" } else { "\n" };
        super::say(
            document,
            &format!("{gap}report written to {}", out.path().display()),
        );
    }
    match f.logs {
        Some((dir, logs, true)) => super::say(
            document,
            &format!(
                "{} written to {}",
                count(logs, "game log"),
                dir.path().display()
            ),
        ),
        Some((dir, _, false)) => eprintln!(
            "no game logs written: the run was interrupted\n  help: `--games {} --save-logs {}` \
             writes the logs of the games this report covers",
            f.played,
            dir.path().display()
        ),
        None => {}
    }
    if !args.quiet {
        let scale = f.played as f64 / args.games as f64;
        eprintln!(
            "done in {:.1} s: {}",
            f.start.elapsed().as_secs_f64(),
            f.count.words(scale)
        );
    }
    match f.note {
        Some(note) => {
            if document {
                eprintln!("{note}");
            }
            interrupt::EXIT_INTERRUPTED
        }
        None => EXIT_OK,
    }
}

/// The worker threads of `--threads` (one per core without it).
pub(super) fn worker_pool(args: &SimulateArgs) -> Result<rayon::ThreadPool, u8> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, usize::from))
        .build()
        .map_err(|e| {
            eprintln!("error: cannot start worker threads: {e}");
            EXIT_USAGE
        })
}

/// The progress bar of a run of `total` games: hidden with `--quiet` or
/// when standard error is not a terminal.
pub(super) fn games_bar(args: &SimulateArgs, total: u64, unit: &str) -> ProgressBar {
    if args.quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let b = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    b.set_style(
        ProgressStyle::with_template(&format!(
            "{{spinner}} {{msg}} [{{bar:40}}] {{pos}}/{{len}} {unit}, {{rate}}, {{eta}} left"
        ))
        .expect("valid template")
        .with_key("rate", rate)
        .progress_chars("=> "),
    );
    b
}

/// A bar's pace in whole units a second (`51,594/s`).
pub(super) fn rate(state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write) {
    let _ = write!(
        w,
        "{}/s",
        super::numbers::grouped(state.per_sec().round() as u64)
    );
}

/// The start of a run of `tables` tables on each of `boards` boards
/// (Encore, Diceland): what it plays, its bar, and Ctrl-C caught before
/// the run is announced (and until the catch is dropped).
pub(super) fn start_tables(
    args: &SimulateArgs,
    boards: usize,
    tables: usize,
) -> (Count, ProgressBar, super::interrupt::Catch) {
    let count = Count {
        games: args.games * (boards * tables) as u64,
        replays: 0,
        solved: 0,
    };
    let bar = games_bar(args, count.total(), &count.unit());
    let catch = super::interrupt::catch();
    if !args.quiet {
        eprintln!("{}", count.starting(args.games, "per board and table"));
    }
    (count, bar, catch)
}

/// The command that reproduces a run of any family: every option given.
/// With `games` games (the games an interrupted run played).
pub(super) fn command_line(args: &SimulateArgs, games: u64) -> String {
    let maps: Vec<String> = args.maps.iter().map(|m| m.display().to_string()).collect();
    let mut c = format!(
        "rollx simulate {} --games {} --policy {} --seed {}",
        maps.join(" "),
        games,
        args.policy.join(","),
        args.seed
    );
    if let Some(n) = args.players {
        c.push_str(&format!(" --players {n}"));
    }
    if !args.seats.is_empty() {
        c.push_str(&format!(" --seats {}", args.seats.join(",")));
    }
    if args.no_power_value {
        c.push_str(" --no-power-value");
    }
    if args.optimum {
        c.push_str(" --optimum");
        if args.positions != DEFAULT_POSITIONS {
            c.push_str(&format!(" --positions {}", args.positions));
        }
    }
    c.push_str(&args.effort.knob_options());
    if let Some(values) = &args.effort.values {
        c.push_str(&format!(" --values {}", values.display()));
    }
    c.push_str(&args.rules.flags());
    c
}

/// Writes every simulated game as a game log: the same seeds give the same
/// games as the simulation.
fn save_logs(
    args: &SimulateArgs,
    games: &[Game],
    setups: &[PlayerSetup],
    dir: &OutputDir,
    pool: &rayon::ThreadPool,
) -> Result<(), u8> {
    if let Err(e) = dir.create() {
        eprintln!("error: {e}");
        return Err(EXIT_USAGE);
    }
    let width = (args.games - 1).to_string().len();
    for ((game, path), setup) in games.iter().zip(&args.maps).zip(setups) {
        for policy in &args.policy {
            let failed = pool.install(|| {
                (0..args.games).into_par_iter().find_map_any(|i| {
                    let seed = derive_seed(args.seed, i);
                    let mut players = vec![(policy.clone(), make(policy, setup)(seed))];
                    let played =
                        play_game(game, seed, &mut players, Some(path.display().to_string()));
                    let file =
                        dir.file(&format!("{}-{policy}-{i:0width$}.json", game.map().info.id));
                    output::write(&file, format!("{}\n", played.log.to_json()).as_bytes())
                        .err()
                        .map(|e| e.to_string())
                })
            });
            if let Some(message) = failed {
                eprintln!("error: {message}");
                return Err(EXIT_USAGE);
            }
        }
    }
    Ok(())
}
