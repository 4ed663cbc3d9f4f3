//! `rollx simulate`: many computer games per map, summarised for designers.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::interrupt;
use super::numbers::whole;
use super::output::{self, Output, OutputDir};
use super::{Outcome, Ran, load_model};
use rollx::diag::Failure;
use rollx::families::simulate::{Progress, SimCount, SimulateRequest, Simulated};
use rollx::families::{Command, Family, Given, Model, Topic};
use rollx::text::count;

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

/// The long description `--help` shows, with what each family's
/// simulation plays and reports.
pub fn long_about() -> String {
    format!(
        "Play many seeded games on a map or board with computer players and report how it \
         plays. Results are identical for a given seed whatever the number of threads.\n\n{}",
        super::family::paragraphs(Topic::Simulate, "\n\n")
    )
}

/// The examples, what Ctrl-C does and the exit codes, shown after the
/// options.
pub fn after_help() -> String {
    format!(
        "{}\n\n\
         Ctrl-C stops a run: the games being played are finished, and the report (text, JSON, \
         Markdown, --report) covers the games finished so far, the first N of every table, \
         marked as interrupted; it is the report `--games N` gives. --save-logs then writes \
         nothing. A second Ctrl-C stops at once, writing nothing \
         (docs/simulate.md#interrupting-a-run).\n\n\
         Exit codes: 0 done, 1 a map or board is invalid, 2 usage or I/O error, 130 interrupted \
         by Ctrl-C.",
        super::family::examples(
            &[
                "rollx simulate maps/usa.toml",
                "rollx simulate maps/usa.toml maps/japan.toml --games 10000 --report \
                 output/balance.html",
                "rollx simulate maps/usa.toml --policy greedy,random --format json",
                "rollx train maps/usa.toml && rollx simulate maps/usa.toml --policy \
                 greedy,tuples,expert",
                "rollx simulate maps/usa.toml maps/japan.toml --games 10000 --policy \
                 random,greedy,strong --no-power-value --format markdown",
                "rollx simulate maps/examples/tutorial.toml --games 20 --save-logs output/logs",
                "rollx simulate maps/usa.toml --games 200 --policy greedy,strong --optimum",
            ],
            Topic::Simulate
        )
    )
}

/// Arguments of `rollx simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// Map or board files, all of one family (how several are reported
    /// is the family's, in the description).
    #[arg(value_name = "MAP|BOARD", required = true)]
    pub maps: Vec<PathBuf>,
    /// Games per file and table.
    #[arg(long, default_value_t = 1000, value_parser = whole::<u64>(1, 10_000_000))]
    pub games: u64,
    /// Computer players to compare (the help lists each family's players:
    /// see [`super::family::policy_help`]).
    #[arg(long, default_value = "greedy", value_delimiter = ',', value_parser = clap::builder::PossibleValuesParser::new(super::family::all_players()))]
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
    /// The options the families declare (see [`super::family`]).
    #[arg(skip)]
    pub options: Given,
    /// No progress bar.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// The command line's side of a run: the progress bar, Ctrl-C, and what is
/// said before the run.
struct Run {
    quiet: bool,
    bar: OnceLock<ProgressBar>,
    catch: Mutex<Option<interrupt::Catch>>,
}

impl Progress for Run {
    fn start(&self, count: &SimCount, announce: &str) {
        let _ = self
            .bar
            .set(games_bar(self.quiet, count.total(), &count.unit()));
        // Ctrl-C is caught before the run is announced, and until it ends.
        *self.catch.lock().expect("not poisoned") = Some(interrupt::catch());
        if !self.quiet {
            eprintln!("{announce}");
        }
    }

    fn message(&self, text: String) {
        if let Some(bar) = self.bar.get() {
            bar.set_message(text);
        }
    }

    fn tick(&self, n: u64) {
        if let Some(bar) = self.bar.get() {
            bar.inc(n);
        }
    }

    fn stop(&self) -> bool {
        interrupt::requested()
    }

    fn warn(&self, text: &str) {
        eprintln!("warning: {text}");
    }
}

/// Runs `rollx simulate`.
pub fn run(args: &SimulateArgs) -> Ran {
    let start = Instant::now();
    // The outputs are checked before the games are played.
    let report_out = Output::check_arg(args.report.as_deref(), false)?;
    let logs_dir = args
        .save_logs
        .as_deref()
        .map(OutputDir::check)
        .transpose()?;
    let models = args
        .maps
        .iter()
        .map(|path| load_model(path))
        .collect::<Result<Vec<Model>, Failure>>()?;
    let families: Vec<Family> = models.iter().map(Model::family).collect();
    if let Some(k) = families.iter().position(|f| *f != families[0]) {
        let what = |i: usize| format!("{} is {}", args.maps[i].display(), families[i].a_file());
        return Err(Failure::usage(format!(
            "{} and {}; `rollx simulate` takes the files of one family in one run\n  \
             help: simulate them in separate runs",
            what(0),
            what(k)
        )));
    }
    let family = families[0];
    let given = args.options.clone();
    family.refuse_undeclared(Command::Simulate, &given, &family.subject(&args.maps[0]))?;
    family.refuse_players(1, &args.policy, &args.maps[0])?;
    let pool = worker_pool(args)?;
    let progress = Run {
        quiet: args.quiet,
        bar: OnceLock::new(),
        catch: Mutex::new(None),
    };
    let command = |games: u64| command_line(args, family, games);
    let created: OnceLock<Result<(), String>> = OnceLock::new();
    let save = |name: &str, json: &str| -> Result<(), String> {
        let dir = logs_dir
            .as_ref()
            .expect("logs are saved only with --save-logs");
        created
            .get_or_init(|| dir.create().map_err(|e| e.to_string()))
            .clone()?;
        output::write(&dir.file(name), format!("{json}\n").as_bytes()).map_err(|e| e.to_string())
    };
    let request = SimulateRequest {
        paths: &args.maps,
        models: &models,
        games: args.games,
        seed: args.seed,
        policies: &args.policy,
        options: &given,
        html: report_out.is_some(),
        command: &command,
        save_log: logs_dir
            .as_ref()
            .map(|_| &save as &(dyn Fn(&str, &str) -> Result<(), String> + Sync)),
        progress: &progress,
    };
    let result = pool.install(|| family.simulate(&request));
    drop(progress.catch.lock().expect("not poisoned").take());
    if let Some(bar) = progress.bar.get() {
        bar.finish_and_clear();
    }
    let sim = result?;
    let document = args.format != Format::Text;

    // The files first: a reader that stops early (`rollx simulate ... |
    // head`) ends the process on its next write, and must not cost them.
    if let (Some(out), Some(page)) = (&report_out, &sim.html) {
        output::write(out, page.as_bytes())?;
    }
    match args.format {
        Format::Text => print!("{}", sim.text),
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(&sim.json).expect("reports serialise")
        ),
        Format::Markdown => print!("{}", sim.markdown),
    }
    Ok(finish(
        args,
        document,
        report_out.as_ref(),
        logs_dir.as_ref(),
        &sim,
        start,
    ))
}

/// Says which files were written and how long the run took (standard
/// output under a text report, standard error under a document), and
/// how the run came out: interrupted when Ctrl-C stopped it.
fn finish(
    args: &SimulateArgs,
    document: bool,
    report: Option<&Output>,
    logs: Option<&OutputDir>,
    sim: &Simulated,
    start: Instant,
) -> Outcome {
    if let Some(out) = report {
        let gap = if document { "" } else { "\n" };
        super::say(
            document,
            &format!("{gap}report written to {}", out.path().display()),
        );
    }
    match (logs, sim.logs) {
        (Some(dir), Some(n)) => super::say(
            document,
            &format!(
                "{} written to {}",
                count(n, "game log"),
                dir.path().display()
            ),
        ),
        (Some(dir), None) => eprintln!(
            "no game logs written: the run was interrupted\n  help: `--games {} --save-logs {}` \
             writes the logs of the games this report covers",
            sim.played,
            dir.path().display()
        ),
        (None, _) => {}
    }
    if !args.quiet {
        let scale = sim.played as f64 / args.games as f64;
        eprintln!(
            "done in {:.1} s: {}",
            start.elapsed().as_secs_f64(),
            sim.count.words(scale)
        );
    }
    match &sim.note {
        Some(note) => {
            if document {
                eprintln!("{note}");
            }
            Outcome::Interrupted
        }
        None => Outcome::Ok,
    }
}

/// The worker threads of `--threads` (one per core without it).
fn worker_pool(args: &SimulateArgs) -> Result<rayon::ThreadPool, Failure> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, usize::from))
        .build()
        .map_err(|e| Failure::usage(format!("cannot start worker threads: {e}")))
}

/// The progress bar of a run of `total` games: hidden with `--quiet` or
/// when standard error is not a terminal.
fn games_bar(quiet: bool, total: u64, unit: &str) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
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

/// The command that reproduces a run of any family: every option given.
/// With `games` games (the games an interrupted run played).
fn command_line(args: &SimulateArgs, family: Family, games: u64) -> String {
    let maps: Vec<String> = args.maps.iter().map(|m| m.display().to_string()).collect();
    let mut c = format!(
        "rollx simulate {} --games {} --policy {} --seed {}",
        maps.join(" "),
        games,
        args.policy.join(","),
        args.seed
    );
    // The family's options given, in the order it declares them.
    for d in family.face().options() {
        if let Some(value) = args.options.get(d.flag) {
            c.push_str(&format!(" --{}", d.flag));
            if !value.is_empty() {
                c.push_str(&format!(" {value}"));
            }
        }
    }
    c
}
