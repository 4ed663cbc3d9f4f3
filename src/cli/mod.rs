//! The `rollx` command line: argument parsing and output. Everything else
//! lives in the library; this layer only calls it and prints.

mod check;
mod draw;
mod family;
mod generate;
mod import;
mod interrupt;
mod numbers;
mod output;
mod play;
mod print;
mod referee;
mod simulate;
mod solve;
mod terminal;
mod train;

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

/// Exit code: everything is fine.
pub const EXIT_OK: u8 = 0;
/// Exit code: the input is invalid or a check failed.
pub const EXIT_INVALID: u8 = 1;
/// Exit code: bad usage or an I/O error.
pub const EXIT_USAGE: u8 = 2;

/// A toolchain for map-based roll-and-write dice games (Rolling America,
/// Rolling Japan and their fan maps; Encore! / Noch mal! boards; Diceland /
/// Würfelland boards): validate maps and boards, play, referee and
/// simulate games, print sheets.
#[derive(Debug, Parser)]
#[command(name = "rollx", version, about, long_about = None)]
#[command(
    after_help = "Exit codes: 0 ok, 1 the input is invalid or a check failed, 2 usage or I/O error."
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
    /// Validate map and board files and summarise them.
    #[command(long_about = check::LONG_ABOUT)]
    Check(check::CheckArgs),
    /// Generate a random board that follows its family's conventions.
    #[command(long_about = generate::LONG_ABOUT)]
    Generate(generate::GenerateArgs),
    /// Play a game: the computer plays, or you do with --human.
    #[command(long_about = play::LONG_ABOUT)]
    Play(play::PlayArgs),
    /// Check a recorded game (or a finished paper sheet) against the rules.
    #[command(long_about = referee::LONG_ABOUT)]
    Referee(referee::RefereeArgs),
    /// Print a pad of sheets for a map or board: PDF, with SVG and PNG previews.
    #[command(long_about = print::LONG_ABOUT)]
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
    #[command(long_about = simulate::LONG_ABOUT)]
    Simulate(simulate::SimulateArgs),
    /// Learn the values the `tuples` computer player plays by, for a map.
    #[command(long_about = train::LONG_ABOUT)]
    Train(train::TrainArgs),
}

/// Parses the command line, runs the command and returns its exit code.
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
            let code = if e.use_stderr() { EXIT_USAGE } else { EXIT_OK };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let color = cli.color.enabled();
    let _ = STDERR_COLOR.set(cli.color.enabled_for(&std::io::stderr()));
    ExitCode::from(match cli.command {
        Command::Check(args) => check::run(&args, color),
        Command::Generate(args) => generate::run(&args),
        Command::Import(args) => import::run(&args),
        Command::Draw(args) => draw::run(&args),
        Command::Play(args) => play::run(&args, color),
        Command::Referee(args) => referee::run(&args, color),
        Command::Print(args) => print::run(&args, color),
        Command::Simulate(args) => simulate::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Train(args) => train::run(&args),
    })
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

/// Shows the errors among `diagnostics` on stderr as `rollx check` shows
/// them (warnings are left to `check`).
pub fn show_errors(diagnostics: &[rollx::diag::Diagnostic], sources: &rollx::diag::SourceMap) {
    let style = rollx::diag::render::Style {
        color: stderr_color(),
        width: 100,
    };
    for d in diagnostics.iter().filter(|d| d.is_error()) {
        eprintln!("{}", rollx::diag::render::report(d, sources, style));
    }
}

/// A print template by name or path, or the exit code (its findings
/// shown): 2 when there is no such template, 1 when it is invalid.
pub fn load_template(name: &str) -> Result<rollx::print::Template, u8> {
    rollx::print::template::load(name).map_err(|e| {
        let style = rollx::diag::render::Style {
            color: stderr_color(),
            width: 100,
        };
        for d in &e.diagnostics {
            eprint!("{}", rollx::diag::render::report(d, &e.sources, style));
        }
        let missing = e.diagnostics.iter().any(|d| d.code == "template-not-found");
        if missing { EXIT_USAGE } else { EXIT_INVALID }
    })
}

/// Shows why a command failed (its located findings, then its message,
/// a blank line between them) on stderr and returns the exit code: 1 for
/// invalid input, 2 for a usage or I/O error.
pub fn fail(failure: rollx::diag::Failure) -> u8 {
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
    if failure.invalid {
        EXIT_INVALID
    } else {
        EXIT_USAGE
    }
}

/// Loads a valid map or board for a command. An invalid file's errors are
/// shown as `rollx check` shows them (warnings are left to `check`).
/// Returns the exit code on failure.
pub fn load_model(path: &std::path::Path) -> Result<rollx::families::Model, u8> {
    match rollx::families::load(path) {
        Ok(model) => Ok(model),
        Err(e @ rollx::families::LoadError::Io { .. }) => {
            eprintln!("error: {e}");
            Err(EXIT_USAGE)
        }
        Err(rollx::families::LoadError::Invalid(checked)) => {
            show_errors(&checked.diagnostics, &checked.sources);
            eprintln!("error: {}", rollx::families::LoadError::Invalid(checked));
            Err(EXIT_INVALID)
        }
    }
}

/// Loads a Rolling map for a command that plays Rolling games (`play`,
/// `referee`, `simulate`, `train`), refusing other families up front.
/// Returns the exit code on failure.
pub fn load_game(path: &std::path::Path, command: &str) -> Result<rollx::rolling::Game, u8> {
    match load_model(path)?.take::<rollx::rolling::Map>() {
        Ok(map) => rolling_game(map, path),
        Err(family) => {
            eprintln!(
                "error: {} is {}, and `rollx {command}` takes Rolling maps only for now\n  \
                 help: `rollx check`, `rollx print`, `rollx play` (computer players) and \
                 `rollx referee` take it",
                path.display(),
                family.a_file(),
            );
            Err(EXIT_USAGE)
        }
    }
}

/// The Rolling game on a map read from `path`. Returns the exit code when
/// the rules engine cannot play it.
pub fn rolling_game(
    map: rollx::rolling::Map,
    path: &std::path::Path,
) -> Result<rollx::rolling::Game, u8> {
    rollx::rolling::Game::new(map).map_err(|e| {
        eprintln!("error: {}: {e}", path.display());
        EXIT_INVALID
    })
}

/// The learned values that guide the solver's search on `map`: the file
/// `explicit` names (an error if it cannot be read), or the one `rollx
/// train` writes beside the map when it exists (a warning, and no values,
/// if it is for another version of the map). With the values, the path
/// they came from.
pub fn solver_values(
    map: &std::path::Path,
    explicit: Option<&std::path::Path>,
    game: &rollx::rolling::Game,
) -> Result<Option<rollx::rolling::Guide>, u8> {
    match rollx::rolling::solver_values(map, explicit, game) {
        Ok((values, warning)) => {
            if let Some(w) = warning {
                eprintln!("warning: {w}");
            }
            Ok(values)
        }
        Err(f) => Err(fail(f)),
    }
}
