//! The `rollx` command line: argument parsing and output. Everything else
//! lives in the library; this layer only calls it and prints.

mod check;
mod diceland_human;
mod draw;
mod encore;
mod encore_human;
mod family;
mod generate;
mod human;
mod import;
mod interrupt;
mod numbers;
mod output;
mod play;
mod print;
mod referee;
mod sheet_text;
mod simulate;
mod solve;
mod train;

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

use rollx::rolling::play::PlayerSetup;

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
    let mut command = numbers::negatives_are_values(Cli::command());
    let parsed = command
        .try_get_matches_from_mut(std::env::args_os())
        .and_then(|m| Cli::from_arg_matches(&m).map_err(|e| e.format(&mut command)));
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

/// What the computer players play with (`play` and `simulate`): the strong
/// and expert players' effort and the learned values.
#[derive(Clone, Debug, clap::Args)]
pub struct EffortArgs {
    /// Strong and expert players: moves looked at per decision (the best by
    /// a one-step cost; for the expert, when both dice of a turn are
    /// pending, pairs of moves, one per die); more is stronger and slower
    /// [default: 64 for strong, 16 for expert; 6 for strong on Encore
    /// boards].
    #[arg(long, value_parser = numbers::whole::<u16>(1, 256))]
    pub candidates: Option<u16>,
    /// Strong and expert players: games played out for each of the two best
    /// candidate moves (weaker ones are dropped after fewer); more is
    /// stronger and slower [default: 128 for strong, 64 for expert; 64 for
    /// strong on Encore boards].
    #[arg(long, value_parser = numbers::whole::<u16>(1, 4096))]
    pub rollouts: Option<u16>,
    /// Strong and expert players: rounds each game played out looks ahead
    /// before the position is scored with an estimate (fitted on the map
    /// for strong, the learned values for expert); 0 plays every game to
    /// the end [default: 3 for strong, 2 for expert].
    #[arg(long, value_parser = numbers::whole::<u8>(0, 255))]
    pub horizon: Option<u8>,
    /// Tuples and expert players: the values file written by `rollx train`
    /// (default: the map's path with the extension .tuples).
    #[arg(long, value_name = "FILE")]
    pub values: Option<std::path::PathBuf>,
}

/// The readings of the Encore rules where the rulebook is ambiguous
/// (`play` and `simulate`; docs/encore-rules.md#options).
#[derive(Clone, Debug, Default, clap::Args)]
pub struct EncoreRuleArgs {
    /// Encore boards: the dice of the solo game: `fewer` rolls 2 colour and
    /// 2 number dice, one of each fewer than the board's (the default);
    /// `all` rolls every die, the player still taking one of each.
    #[arg(long, value_enum, value_name = "DICE")]
    pub solo_dice: Option<SoloDiceArg>,
    /// Encore boards: where a piece may start: `every-turn` lets the start
    /// column anchor a piece in every turn (the default); `first-piece`
    /// only a player's first piece.
    #[arg(long, value_enum, value_name = "RULE")]
    pub start_column: Option<StartColumnArg>,
    /// Encore boards: the most points open stars cost: `thirty` (the
    /// rulebook's "for a maximum of 30 points lost", on any board; the
    /// default) or `none` (every open star costs the board's penalty).
    #[arg(long, value_enum, value_name = "CAP")]
    pub star_cap: Option<StarCapArg>,
}

/// `--star-cap`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum StarCapArg {
    /// At most 30 points lost for open stars.
    Thirty,
    /// No cap.
    None,
}

impl StarCapArg {
    /// The engine's option.
    pub fn cap(self) -> rollx::encore::rules::StarCap {
        match self {
            StarCapArg::Thirty => rollx::encore::rules::StarCap::Thirty,
            StarCapArg::None => rollx::encore::rules::StarCap::Uncapped,
        }
    }
}

/// `--solo-dice`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SoloDiceArg {
    /// One colour die and one number die fewer than the board's.
    Fewer,
    /// Every die.
    All,
}

/// `--start-column`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum StartColumnArg {
    /// The start column anchors a piece in every turn.
    EveryTurn,
    /// The start column anchors only a player's first piece.
    FirstPiece,
}

impl EncoreRuleArgs {
    /// The game's options: those given, the others the defaults.
    pub fn options(&self) -> rollx::encore::rules::Options {
        use rollx::encore::rules::{Options, SoloDice, StartColumn};
        let mut o = Options::default();
        if let Some(d) = self.solo_dice {
            o.solo_dice = match d {
                SoloDiceArg::Fewer => SoloDice::Fewer,
                SoloDiceArg::All => SoloDice::All,
            };
        }
        if let Some(r) = self.start_column {
            o.start_column = match r {
                StartColumnArg::EveryTurn => StartColumn::EveryTurn,
                StartColumnArg::FirstPiece => StartColumn::FirstPiece,
            };
        }
        if let Some(c) = self.star_cap {
            o.star_cap = c.cap();
        }
        o
    }

    /// The first option given, by its flag (Rolling maps refuse them).
    pub fn given(&self) -> Option<&'static str> {
        if self.solo_dice.is_some() {
            Some("--solo-dice")
        } else if self.start_column.is_some() {
            Some("--start-column")
        } else if self.star_cap.is_some() {
            Some("--star-cap")
        } else {
            None
        }
    }

    /// The options that differ from the defaults, as command-line flags.
    pub fn flags(&self) -> String {
        self.options()
            .changed()
            .iter()
            .map(|c| format!(" --{c}"))
            .collect()
    }

    /// Refuses the options on a Rolling map (`path`), with a message:
    /// `Err` holds the exit code.
    pub fn refuse_on_map(&self, path: &std::path::Path) -> Result<(), u8> {
        match self.given() {
            Some(flag) => {
                eprintln!(
                    "error: {flag} is a rule of Encore boards, and {} is a Rolling map\n  \
                     help: leave out {flag}; a map's rules are in its [rules] table",
                    path.display()
                );
                Err(EXIT_USAGE)
            }
            None => Ok(()),
        }
    }
}

impl EffortArgs {
    /// What the computer players `policies` need on the map at `map`:
    /// the knobs, and the learned values when the `tuples` or `expert`
    /// player is among them. Prints why the values cannot be read and
    /// returns the exit code.
    pub fn setup(
        &self,
        map: &std::path::Path,
        game: &rollx::rolling::rules::Game,
        policies: &[String],
    ) -> Result<PlayerSetup, u8> {
        let given = family::given(self, &EncoreRuleArgs::default());
        rollx::rolling::commands::player_setup(map, game, policies, &given).map_err(fail)
    }

    /// The Encore strong player's effort: the knobs given, the others its
    /// defaults.
    pub fn encore_effort(&self) -> rollx::encore::play::Effort {
        let d = rollx::encore::play::Effort::DEFAULT;
        rollx::encore::play::Effort {
            candidates: self.candidates.map_or(d.candidates, usize::from),
            rollouts: self.rollouts.map_or(d.rollouts, usize::from),
        }
    }

    /// The knobs as command-line options, those given only.
    pub fn knob_options(&self) -> String {
        let mut out = String::new();
        if let Some(c) = self.candidates {
            out.push_str(&format!(" --candidates {c}"));
        }
        if let Some(r) = self.rollouts {
            out.push_str(&format!(" --rollouts {r}"));
        }
        if let Some(h) = self.horizon {
            out.push_str(&format!(" --horizon {h}"));
        }
        out
    }
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
pub fn load_game(path: &std::path::Path, command: &str) -> Result<rollx::rolling::rules::Game, u8> {
    match load_model(path)?.take::<rollx::rolling::map::Map>() {
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

/// The Encore rules engine on a board read from `path`; `Err` holds the
/// exit code, the error printed.
pub fn encore_game(
    board: rollx::encore::Board,
    path: &std::path::Path,
    options: rollx::encore::rules::Options,
) -> Result<rollx::encore::rules::Game, u8> {
    rollx::encore::rules::Game::with_options(board, options).map_err(|e| {
        eprintln!("error: {}: {e}", path.display());
        EXIT_INVALID
    })
}

/// The Rolling game on a map read from `path`. Returns the exit code when
/// the rules engine cannot play it.
pub fn rolling_game(
    map: rollx::rolling::map::Map,
    path: &std::path::Path,
) -> Result<rollx::rolling::rules::Game, u8> {
    rollx::rolling::rules::Game::new(map).map_err(|e| {
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
    game: &rollx::rolling::rules::Game,
) -> Result<Option<rollx::rolling::commands::Guide>, u8> {
    match rollx::rolling::commands::solver_values(map, explicit, game) {
        Ok((values, warning)) => {
            if let Some(w) = warning {
                eprintln!("warning: {w}");
            }
            Ok(values)
        }
        Err(f) => Err(fail(f)),
    }
}
