//! `rollx play`: the computer plays a whole game, or a person plays in the
//! terminal.

use std::path::{Path, PathBuf};

use clap::Args;

use super::numbers::whole;
use super::output::{self, Output};
use super::terminal::terminal_width;
use super::{Outcome, Ran, load_model};
use rollx::diag::Failure;
use rollx::engine::derive_seed;
use rollx::families::{Command, Console, PlayRequest, Start, TerminalRequest, Topic};
use rollx::session::Ending;
use rollx::text::wrap;
use std::io::IsTerminal as _;

/// The long description `--help` shows.
pub const LONG_ABOUT: &str = "Play a whole game on a map or board of any family. The computer plays by \
default and prints each final sheet with its score (on a board: each roll, every player's move, \
and the scores with the winners); --human lets you play a map or a board in the terminal against the dice \
(and, with --players, against computer players on the same dice). The same --seed always gives \
the same dice (and, for the computer, the same game).";

/// What `--help` shows after the options: the terminal's commands,
/// examples, each family's paragraph, the exit codes.
pub fn after_help() -> String {
    format!(
        "In the terminal (--human), `help` lists the commands; `undo` takes back the turn being \
         played, or the last one; `hint` asks the strongest computer player available (expert \
         when the map's learned values can be read, strong otherwise). `quit`, or the end of the \
         input, stops the game: with --log it is saved, marked unfinished, and `rollx play \
         --resume LOG` plays its turns again and goes on with the dice the seed would have \
         given. Sheets are fitted to the terminal's width (COLUMNS, when set, overrides it; 80 \
         when the output is not a terminal). See docs/terminal-play.md.\n\n{}\n\n{}\n\n\
         Exit codes: 0 the game was played (or stopped with `quit`), 1 the map or the game to \
         resume is invalid, or the input ended before the game did, 2 usage or I/O error.",
        super::family::examples(
            &[
                "rollx play maps/usa.toml --seed 1 --log g.json",
                "rollx play maps/japan.toml --policy random --players 3",
                "rollx play maps/usa.toml --human --seed 7 --log mine.json",
                "rollx play --resume mine.json",
            ],
            Topic::Play
        ),
        super::family::paragraphs(Topic::Play, "\n\n")
    )
}

/// Arguments of `rollx play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The map or board file (with --resume: by default the one recorded
    /// in the log, then maps/<id>.toml).
    #[arg(value_name = "MAP|BOARD", required_unless_present = "resume")]
    pub map: Option<PathBuf>,
    /// Seed for the dice (a random one is chosen and printed when omitted).
    #[arg(long, conflicts_with = "resume", value_parser = whole::<u64>(0, u64::MAX))]
    pub seed: Option<u64>,
    /// How the computer plays (the help lists each family's players: see
    /// [`super::family::policy_help`]).
    #[arg(long, default_value = "greedy", value_delimiter = ',', conflicts_with = "resume", value_parser = clap::builder::PossibleValuesParser::new(super::family::all_players()))]
    pub policy: Vec<String>,
    /// The options the families declare (see [`super::family`]).
    #[arg(skip)]
    pub options: rollx::families::Given,
    /// Number of players sharing the dice (with --human: you plus computer
    /// players).
    #[arg(long, default_value_t = 1, conflicts_with = "resume", value_parser = whole::<u16>(1, 64))]
    pub players: u16,
    /// Write the game log (JSON) to this file; with --human, also when you
    /// stop before the end (the log is then marked unfinished).
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Play yourself in the terminal.
    #[arg(long)]
    pub human: bool,
    /// Go on with a game stopped and saved with --human --log: its turns are
    /// played again (same map, seed and players), then you play on. The
    /// log is saved again to the same file, unless --log says otherwise.
    #[arg(long, value_name = "LOG")]
    pub resume: Option<PathBuf>,
}

/// The policy of each of `players` seats from `--policy`: one for
/// everyone, or one per seat. A usage error otherwise.
pub(super) fn seat_policies(policies: &[String], players: u16) -> Result<Vec<String>, Failure> {
    match policies.len() {
        1 => Ok(vec![policies[0].clone(); usize::from(players)]),
        n if n == usize::from(players) => Ok(policies.to_vec()),
        n => Err(Failure::usage(format!(
            "--policy names {n} computer players, but --players is {players}\n  \
             help: give one policy for every player, or one per seat separated by commas"
        ))),
    }
}

/// The seed given, or one from the clock.
pub(super) fn seed_or_clock(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        derive_seed(nanos, u64::from(std::process::id()))
    })
}

/// Runs `rollx play`.
pub fn run(args: &PlayArgs, color: bool) -> Ran {
    if args.human || args.resume.is_some() {
        return run_human(args, color);
    }
    let map_path = args
        .map
        .as_ref()
        .expect("clap requires a map without --resume");
    let log = Output::check_arg(args.log.as_deref(), false)?;
    let model = load_model(map_path)?;
    let family = model.family();
    let given = args.options.clone();
    let subject = family.subject(map_path);
    family.refuse_undeclared(Command::Play, &given, &subject)?;
    let policies = seat_policies(&args.policy, args.players)?;
    family.refuse_players(policies.len(), &policies, map_path)?;
    let request = PlayRequest {
        path: map_path,
        seed: seed_or_clock(args.seed),
        policies: &policies,
        options: &given,
        color,
        width: terminal_width(),
    };
    let played = family.play(&model, &request)?;
    print!("{}", played.text);
    save_finished(log.as_ref(), &played.log)?;
    Ok(Outcome::Ok)
}

/// Writes the log of a finished game, when asked to, and says where.
pub(super) fn save_finished(log: Option<&Output>, json: &str) -> Result<(), Failure> {
    if let Some(out) = log {
        save(out, json)?;
        println!("log written to {}", out.path().display());
    }
    Ok(())
}

/// `text` wrapped to the terminal's width.
pub(super) fn fitted(text: &str) -> String {
    wrap(text, "", "  ", terminal_width())
}

/// Writes a log.
pub(super) fn save(out: &Output, json: &str) -> Result<(), Failure> {
    Ok(output::write(out, format!("{json}\n").as_bytes())?)
}

/// A game in the terminal: a new one, or one resumed from its log.
fn run_human(args: &PlayArgs, color: bool) -> Ran {
    // The game to resume is read first; then where the game is saved is
    // checked, before it is played.
    let text = args.resume.as_deref().map(read_saved).transpose()?;
    let log = Output::check_arg(args.log.as_deref().or(args.resume.as_deref()), false)?;
    let given = args.options.clone();
    let model;
    let (family, start, subject) = match (&args.resume, &text) {
        (Some(path), Some(text)) => {
            let family = rollx::families::log_family(text).map_err(|_| {
                Failure::usage(format!(
                    "{} is not a game log of a family rollx knows: --resume goes on \
                     with games saved by `rollx play --human --log FILE`",
                    path.display()
                ))
            })?;
            let subject = format!("{} is a game on {}", path.display(), family.a_file());
            let start = Start::Resume {
                path,
                text,
                map: args.map.as_deref(),
            };
            (family, start, subject)
        }
        _ => {
            let path = args
                .map
                .as_ref()
                .expect("clap requires a map without --resume");
            model = load_model(path)?;
            let family = model.family();
            let subject = family.subject(path);
            let start = Start::New {
                model: &model,
                path,
                seed: seed_or_clock(args.seed),
                policies: &args.policy,
                players: usize::from(args.players),
            };
            (family, start, subject)
        }
    };
    family.refuse_undeclared(Command::Play, &given, &subject)?;
    if let (Some(path), None) = (&args.map, &args.resume) {
        family.refuse_players(usize::from(args.players), &args.policy, path)?;
    }
    let request = TerminalRequest {
        start,
        load: &|p| rollx::families::load(p).map_err(Into::into),
        options: &given,
        view: rollx::session::View {
            width: terminal_width(),
            color,
        },
    };
    let stdin = std::io::stdin();
    let interactive = stdin.is_terminal();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let console = Console {
        input: &mut input,
        out: &mut out,
        interactive,
        note: &|note| eprintln!("note: {note}"),
    };
    let played = family.terminal(&request, console)?;
    save_session(
        log.as_ref(),
        &played.log,
        played.ending,
        |path| {
            format!(
                "saved to {} after {} (unfinished); go on with `rollx play --resume {}`",
                path.display(),
                played.played,
                path.display()
            )
        },
        "game abandoned (with --log FILE it is saved, to be resumed)",
    )
}

/// Saves the log (`json`) of a game played at the terminal and says how it
/// ended: a finished game's to `log`; a stopped one's, marked unfinished,
/// printed as `saved(path)`, or `abandoned` without `--log`. The game
/// fails when the input ended before it did.
pub(super) fn save_session(
    log: Option<&Output>,
    json: &str,
    ending: Ending,
    saved: impl FnOnce(&Path) -> String,
    abandoned: &str,
) -> Ran {
    if ending == Ending::Finished {
        save_finished(log, json)?;
        return Ok(Outcome::Ok);
    }
    let why = match ending {
        Ending::InputEnded => "input ended",
        _ => "game stopped",
    };
    match log {
        Some(out) => {
            save(out, json)?;
            print!("{}", fitted(&format!("{why}: {}", saved(out.path()))));
        }
        None => print!("{}", fitted(&format!("{why}: {abandoned}"))),
    }
    Ok(if ending == Ending::InputEnded {
        Outcome::Failed
    } else {
        Outcome::Ok
    })
}

/// The text of a saved game to resume; a usage error for a file that
/// cannot be read, or that is a map, a board or another TOML file, not a
/// game log.
fn read_saved(path: &Path) -> Result<String, Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::usage(format!("cannot read {}: {e}", path.display())))?;
    if let Some(what) = super::referee::not_a_log(path, &text) {
        return Err(Failure::usage(format!(
            "{} is {}, not a game log\n  help: --resume goes on with a game saved by \
             `rollx play --human --log FILE`{}",
            path.display(),
            what.describe(),
            match what {
                super::referee::NotALog::Model(_) => format!(
                    "; to play a new game on this {}, give `rollx play {} --human`",
                    what.noun(),
                    path.display()
                ),
                super::referee::NotALog::Toml => String::new(),
            }
        )));
    }
    Ok(text)
}
