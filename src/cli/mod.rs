//! The `rollx` command line: argument parsing and output. The games,
//! their files and their checks live in the library; this layer calls it
//! and prints. (`import` reads its links file and writes the map's
//! `[layout]` with the library's rules, `rollx::rolling::read_links`,
//! `atlas_table` and `default_id`; it prints what they say.)
//!
//! Every command's `run` returns a [`Ran`]: an [`Outcome`] when the command
//! ran to its end and has shown all it has to say (its report, and any
//! findings that fail it), or a [`Failure`] when an error stopped it. A
//! command does not show its failure: [`run`] shows it ([`show`]) and
//! turns the result into the exit code ([`exit_code`]), the one place
//! either is done. Warnings and progress lines are written where they
//! happen.

mod check;
mod draw;
mod family;
mod generate;
mod import;
mod interrupt;
mod locale;
mod new;
mod numbers;
mod output;
mod play;
mod print;
mod referee;
mod simulate;
mod solve;
mod terminal;
mod train;
mod watch;

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use rollx::diag::Failure;

/// How a command that ran to its end came out. Whatever it found is
/// already shown; a command that an error stopped returns a [`Failure`]
/// instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// All is well (exit code 0).
    Ok,
    /// What the command found fails it, and is shown: an invalid file
    /// (`check`), a game or sheet that breaks the rules (`referee`), print
    /// checks that failed (`print`), the input ending before the game did
    /// (`play --human`) (exit code 1).
    Failed,
    /// A usage or I/O error, already said: a file `check` could not read
    /// (it goes on with the others), a command line clap refused (exit
    /// code 2).
    Usage,
    /// Ctrl-C stopped the run, and the report covers what was done
    /// (`simulate`; exit code 130, what shells report for a command that
    /// Ctrl-C ended).
    Interrupted,
}

impl Outcome {
    /// The exit code of the outcome.
    pub const fn code(self) -> u8 {
        match self {
            Outcome::Ok => 0,
            Outcome::Failed => 1,
            Outcome::Usage => 2,
            Outcome::Interrupted => 130,
        }
    }
}

/// What a command's `run` returns: how it came out, or why it stopped.
pub type Ran = Result<Outcome, Failure>;

/// The exit code of a command's result: its outcome's, or for a failure
/// 1 when the input is invalid and 2 for a usage or I/O error.
fn exit_code(ran: &Ran) -> u8 {
    match ran {
        Ok(outcome) => outcome.code(),
        Err(failure) if failure.invalid => Outcome::Failed.code(),
        Err(_) => Outcome::Usage.code(),
    }
}

/// The command line: its description (with every family's games, see
/// [`about`]), its global options and its commands.
#[derive(Debug, Parser)]
#[command(name = "rollx", version, about, long_about = None)]
#[command(
    after_help = "Exit codes: 0 ok, 1 the input is invalid or a check failed, 2 usage or I/O error, \
130 interrupted by Ctrl-C (a simulation reports the games played so far)."
)]
pub struct Cli {
    /// Colour in diagnostics.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    pub color: ColorChoice,
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// When to use ANSI colours.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ColorChoice {
    /// When writing to a terminal and NO_COLOR is not set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether to colour output written to stdout.
    pub fn enabled(self) -> bool {
        self.enabled_for(&std::io::stdout())
    }

    /// Whether to colour output written to `stream`.
    pub fn enabled_for(self, stream: &impl IsTerminal) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => stream.is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        }
    }
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Write a new map or board file to start from.
    #[command(long_about = new::LONG_ABOUT)]
    New(new::NewArgs),
    /// Validate map and board files and summarise them.
    Check(check::CheckArgs),
    /// Generate a random board that follows its family's conventions.
    Generate(generate::GenerateArgs),
    /// Play a game: the computer plays, or you do with --human.
    #[command(long_about = play::LONG_ABOUT)]
    Play(play::PlayArgs),
    /// Check a recorded game (or a finished paper sheet) against the rules.
    Referee(referee::RefereeArgs),
    /// Print a pad of sheets for a map or board: PDF, with SVG and PNG previews.
    Print(print::PrintArgs),
    /// Make a map from real geography (a GeoJSON file of shapes).
    #[command(long_about = import::LONG_ABOUT)]
    Import(import::ImportArgs),
    /// Draw a map as a grid of cells from its neighbours alone.
    #[command(long_about = draw::LONG_ABOUT)]
    Draw(draw::DrawArgs),
    /// The best possible game on a map when every roll is known in advance.
    #[command(long_about = solve::LONG_ABOUT)]
    Solve(solve::SolveArgs),
    /// Simulate many games with computer players and report how a map plays.
    Simulate(simulate::SimulateArgs),
    /// Learn the values the `tuples` computer player plays by, for a map.
    #[command(long_about = train::LONG_ABOUT)]
    Train(train::TrainArgs),
    /// Watch a map or board file and preview it live in the browser.
    #[command(long_about = watch::LONG_ABOUT)]
    Watch(watch::WatchArgs),
}

/// What `rollx` is, with the games of every family of the registry.
pub fn about() -> String {
    format!(
        "A toolchain for map-based roll-and-write dice games ({}): validate maps and boards, \
         play, referee and simulate games, print sheets.",
        family::games()
    )
}

/// Parses the command line, runs the command, shows why it failed (when an
/// error stopped it) and returns its exit code.
pub fn run() -> ExitCode {
    // Every option that takes a value takes a negative number too, so that
    // `--games -5` reaches the option's parser, which says what it takes.
    let mut command = numbers::negatives_are_values(family::with_all_options(Cli::command()));
    let parsed = command
        .try_get_matches_from_mut(std::env::args_os())
        .and_then(|m| {
            let mut cli = Cli::from_arg_matches(&m).map_err(|e| e.format(&mut command))?;
            family::fill(&mut cli.command, &m);
            Ok(cli)
        });
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            // `--help` and `--version` come this way too, and are no error.
            let outcome = if e.use_stderr() {
                Outcome::Usage
            } else {
                Outcome::Ok
            };
            let _ = e.print();
            return ExitCode::from(exit_code(&Ok(outcome)));
        }
    };
    let color = cli.color.enabled();
    let _ = STDERR_COLOR.set(cli.color.enabled_for(&std::io::stderr()));
    let done = |r: Result<(), Failure>| r.map(|()| Outcome::Ok);
    let ran = match cli.command {
        Command::Check(args) => check::run(&args, color),
        Command::New(args) => done(new::run(&args)),
        Command::Generate(args) => done(generate::run(&args)),
        Command::Import(args) => done(import::run(&args)),
        Command::Draw(args) => done(draw::run(&args)),
        Command::Play(args) => play::run(&args, color),
        Command::Referee(args) => referee::run(&args, color),
        Command::Print(args) => print::run(&args, color),
        Command::Simulate(args) => simulate::run(&args),
        Command::Solve(args) => done(solve::run(&args)),
        Command::Train(args) => done(train::run(&args)),
        Command::Watch(args) => watch::run(&args),
    };
    if let Err(failure) = &ran {
        show(failure);
    }
    ExitCode::from(exit_code(&ran))
}

/// Tells the user something that is not the command's output itself
/// (files written, timings): on standard output under a text report, on
/// standard error when standard output carries a document (`--format json`
/// or `markdown`, a file written to `-`), which must stay that document
/// alone.
pub fn say(document_on_stdout: bool, text: &str) {
    if document_on_stdout {
        eprintln!("{text}");
    } else {
        println!("{text}");
    }
}

/// Whether diagnostics written to stderr are coloured (set once from
/// `--color` by [`run`]).
static STDERR_COLOR: std::sync::OnceLock<bool> = std::sync::OnceLock::new();

/// Whether to colour what goes to stderr.
pub fn stderr_color() -> bool {
    *STDERR_COLOR.get().unwrap_or(&false)
}

/// A print template by name or path; when it cannot be used, its
/// findings: a usage error when there is no such template, invalid input
/// when it is invalid.
pub fn load_template(name: &str) -> Result<rollx::print::Template, Failure> {
    rollx::print::template::load(name).map_err(|e| {
        let missing = e.diagnostics.iter().any(|d| d.code == "template-not-found");
        Failure::located(!missing, e.sources, e.diagnostics)
    })
}

/// Shows why a command failed on stderr: its located findings, then its
/// message, a blank line between them. Called by [`run`] alone.
fn show(failure: &Failure) {
    let style = rollx::diag::render::Style {
        color: stderr_color(),
        width: 100,
    };
    for d in &failure.diagnostics {
        let report = rollx::diag::render::report(d, &failure.sources, style);
        if failure.message.is_some() {
            eprintln!("{report}");
        } else {
            eprint!("{report}");
        }
    }
    if let Some(message) = &failure.message {
        eprintln!("error: {message}");
    }
}

/// Loads a valid map or board for a command. An invalid file fails with
/// its errors as `rollx check` shows them (warnings are left to `check`).
pub fn load_model(path: &std::path::Path) -> Result<rollx::families::Model, Failure> {
    rollx::families::load(path).map_err(Failure::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_outcome_and_failure_has_its_exit_code() {
        assert_eq!(exit_code(&Ok(Outcome::Ok)), 0);
        assert_eq!(exit_code(&Ok(Outcome::Failed)), 1);
        assert_eq!(exit_code(&Ok(Outcome::Usage)), 2);
        assert_eq!(exit_code(&Ok(Outcome::Interrupted)), 130);
        assert_eq!(exit_code(&Err(Failure::invalid("bad map"))), 1);
        assert_eq!(exit_code(&Err(Failure::usage("no such file"))), 2);
        let sources = rollx::diag::SourceMap::new();
        let located = |invalid| Failure::located(invalid, sources.clone(), Vec::new());
        assert_eq!(exit_code(&Err(located(true))), 1);
        assert_eq!(exit_code(&Err(located(false).with_message("not a log"))), 2);
    }
}
