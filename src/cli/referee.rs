//! `rollx referee`: check a recorded game, or a finished paper sheet.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::output::{self, Output};
use super::terminal::terminal_width;
use super::{Outcome, Ran, load_model};
use rollx::diag::Failure;
use rollx::diag::render::{Style, report};
use rollx::families::{
    CheckedSheet, Command, Family, Given, RefereeRequest, Refereed, SheetRequest, Topic,
};

/// The long description `--help` shows, with each family's logs and
/// paper sheets.
pub fn long_about() -> String {
    format!(
        "Check a recorded game against the rules, the way players check each other's sheets at \
         the end: replay the log, list every rule broken with its turn, player and die, and score \
         each sheet with its mistakes. With --sheet, check a finished paper sheet without a log; \
         with --write-sheet, write a player's final sheet as one.\n\n{}",
        super::family::paragraphs(Topic::Referee, "\n\n")
    )
}

/// The examples and exit codes `--help` shows after the options.
pub fn after_help() -> String {
    format!(
        "{}\n\n\
         Exit codes: 0 the game is clean, 1 it breaks rules (or the map or board is invalid), 2 \
         the file cannot be read, is not a game log, or belongs to another map or board (or \
         another version of it).",
        super::family::examples(
            &[
                "rollx referee g.json",
                "rollx referee --format json g.json",
                "rollx referee g.json --write-sheet g.toml",
                "rollx referee --sheet my-sheet.toml --map maps/usa.toml",
            ],
            Topic::Referee
        )
    )
}

/// Arguments of `rollx referee`.
#[derive(Debug, Args)]
pub struct RefereeArgs {
    /// The game log (JSON, as `rollx play --log` writes it; each family's
    /// format is named in the description).
    #[arg(
        value_name = "LOG",
        required_unless_present = "sheet",
        conflicts_with = "sheet"
    )]
    pub log: Option<PathBuf>,
    /// The map or board; by default the file recorded in the log, then
    /// maps/<id>.toml.
    #[arg(long, value_name = "MAP|BOARD")]
    pub map: Option<PathBuf>,
    /// Check a filled sheet (TOML) instead of a log; needs --map.
    #[arg(long, value_name = "FILLED", requires = "map")]
    pub sheet: Option<PathBuf>,
    /// Also write the log's final sheet as a filled sheet (TOML, each
    /// family's format named in the description), which --sheet checks
    /// the paper way.
    #[arg(long, value_name = "FILE", conflicts_with = "sheet")]
    pub write_sheet: Option<PathBuf>,
    /// Whose sheet --write-sheet writes, by the name in the log (needed
    /// when the log has several players).
    #[arg(long, value_name = "NAME", requires = "write_sheet")]
    pub player: Option<String>,
    /// The options the families declare (see [`super::family`]).
    #[arg(skip)]
    pub options: Given,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Output formats of `referee`.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// Every broken rule with its turn, player and die (or, with --sheet,
    /// its place in the file), then each player's score.
    Text,
    /// The verdict as one JSON object: problems, violations and players'
    /// scores (with --sheet: the sheet's score and breaches).
    Json,
}

/// Runs `rollx referee`.
pub fn run(args: &RefereeArgs, color: bool) -> Ran {
    if let Some(sheet) = &args.sheet {
        return run_sheet(args, sheet, color);
    }
    let path = args
        .log
        .as_ref()
        .expect("clap requires a log without --sheet");
    let sheet_out = Output::check_arg(args.write_sheet.as_deref(), false)?;
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::usage(format!("cannot read {}: {e}", path.display())))?;
    if let Some(what) = not_a_log(path, &text) {
        return Err(Failure::usage(format!(
            "{} is {}, not a game log\n  help: {}",
            path.display(),
            what.describe(),
            what.referee_help(path)
        )));
    }
    let family = rollx::families::log_family(&text).map_err(|game| {
        let names: Vec<&str> = Family::ALL.iter().map(|f| f.name()).collect();
        Failure::usage(format!(
            "{}: `game` is {game}, which is no game family rollx knows ({})",
            path.display(),
            names.join(", ")
        ))
    })?;
    let request = RefereeRequest {
        path,
        text: &text,
        map: args.map.as_deref(),
        load: &|p| rollx::families::load(p).map_err(Into::into),
        sheet_of: args.write_sheet.as_ref().map(|_| args.player.as_deref()),
        color,
        width: terminal_width(),
    };
    let refereed = family.face().referee(&request)?;
    report_verdict(args.format, refereed, sheet_out.as_ref())
}

/// Shows a verdict in `format` and writes the player's sheet to
/// `sheet_out` when asked: the game fails when it is not clean (a usage
/// error when the sheet cannot be written).
fn report_verdict(format: Format, r: Refereed, sheet_out: Option<&Output>) -> Ran {
    match format {
        Format::Json => println!("{}", r.json),
        Format::Text => print!("{}", r.text),
    }
    if let (Some(out), Some(sheet)) = (sheet_out, r.sheet) {
        let (player, text) = sheet.map_err(Failure::usage)?;
        output::write(out, text.as_bytes())?;
        super::say(
            format == Format::Json,
            &format!("{player}'s sheet written to {}", out.path().display()),
        );
    }
    Ok(if r.clean {
        Outcome::Ok
    } else {
        Outcome::Failed
    })
}

/// What a file given as a game log is, when it is a TOML file instead (game
/// logs are JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum NotALog {
    /// A map or board of this family.
    Model(Family),
    /// Another TOML file, such as a filled paper sheet.
    Toml,
}

impl NotALog {
    /// The file in words: "a Rolling map", "a TOML file".
    pub(super) fn describe(self) -> String {
        match self {
            NotALog::Model(family) => family.a_file(),
            NotALog::Toml => "a TOML file (a filled paper sheet?)".to_string(),
        }
    }

    /// The kind of file: "map", "board" or "file".
    pub(super) fn noun(self) -> &'static str {
        match self {
            NotALog::Model(family) => family.noun(),
            NotALog::Toml => "file",
        }
    }

    /// What `rollx referee` takes instead of the file at `path`.
    fn referee_help(self, path: &Path) -> String {
        let log = "`rollx referee` checks a game log (JSON) written by `rollx play --log FILE`";
        match self {
            NotALog::Model(family) => format!(
                "{log}; to check a finished paper sheet of this {} instead, give `rollx referee \
                 --sheet SHEET.toml --map {}`",
                family.noun(),
                path.display()
            ),
            NotALog::Toml => format!(
                "{log}; to check a filled paper sheet instead, give `rollx referee --sheet {} \
                 --map MAP`",
                path.display()
            ),
        }
    }
}

/// What the file `path` holding `text` is when it is not a game log but
/// TOML: a map or board (it has a `[map]` or `[board]` table, a `[game]`
/// table or an `extends`), or another TOML file. `None` for JSON and for
/// text that is neither (the log reader says what is wrong with it).
pub(super) fn not_a_log(path: &Path, text: &str) -> Option<NotALog> {
    if serde_json::from_str::<serde_json::Value>(text).is_ok() {
        return None;
    }
    let table = toml::from_str::<toml::Table>(text).ok()?;
    let is_table = |key: &str| table.get(key).is_some_and(toml::Value::is_table);
    if is_table("map") || is_table("board") || is_table("game") || table.contains_key("extends") {
        let family = rollx::families::family_of_text(&rollx::source::DiskFiles, path, text)
            .unwrap_or_else(Family::unnamed);
        Some(NotALog::Model(family))
    } else {
        Some(NotALog::Toml)
    }
}

fn run_sheet(args: &RefereeArgs, sheet: &Path, color: bool) -> Ran {
    let map_path = args.map.as_ref().expect("clap requires --map with --sheet");
    let model = load_model(map_path)?;
    let family = model.family();
    let given = args.options.clone();
    family.refuse_undeclared(Command::RefereeSheet, &given, &family.subject(map_path))?;
    let bytes = read_sheet(sheet)?;
    let request = SheetRequest {
        map_path,
        path: sheet,
        bytes: &bytes,
        options: &given,
        color,
        width: terminal_width(),
    };
    let checked = family.referee_sheet(&model, &request)?;
    show_sheet(args.format, checked, color)
}

/// Shows a checked paper sheet: a sheet that could not be read fails with
/// its problems (a usage error); otherwise `format` gives the verdict as
/// JSON, or the located findings and then the text, and the sheet fails
/// when it is not clean.
fn show_sheet(format: Format, checked: CheckedSheet, color: bool) -> Ran {
    let style = Style { color, width: 100 };
    let CheckedSheet {
        sources,
        diagnostics,
        result,
    } = checked;
    let Some(verdict) = result else {
        return Err(Failure::located(false, sources, diagnostics));
    };
    match format {
        Format::Json => println!("{}", verdict.json),
        Format::Text => {
            for d in &diagnostics {
                print!("{}", report(d, &sources, style));
            }
            print!("{}", verdict.text);
        }
    }
    Ok(if verdict.clean {
        Outcome::Ok
    } else {
        Outcome::Failed
    })
}

/// A paper sheet's bytes, or a usage error when it cannot be read.
pub(super) fn read_sheet(sheet: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(sheet)
        .map_err(|e| Failure::usage(format!("cannot read {}: {e}", sheet.display())))
}
