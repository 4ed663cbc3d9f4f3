//! `rollx referee`: check a recorded game, or a finished paper sheet.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::output::{self, Output};
use super::sheet_text::render;
use super::{EXIT_INVALID, EXIT_OK, EXIT_USAGE, load_game, load_model, rolling_game};
use rollx::diag::render::{Style, report};
use rollx::diag::{Diagnostic, Loc, SourceId, SourceMap};
use rollx::families::{
    CheckedSheet, Command, Family, Given, RefereeRequest, Refereed, SheetRequest,
};
use rollx::rolling::rules::filled::{self, FilledVerdict};
use rollx::rolling::rules::log::GameLog;
use rollx::rolling::rules::referee::{Verdict, WrongMap, referee};
use rollx::text::count;

/// The long description `--help` shows.
pub const LONG_ABOUT: &str = "Check a recorded game against the rules, the way players check each other's \
sheets at the end: replay the log, list every rule broken with its turn, player and die, and \
score each sheet with one extra X per mistake. A log of a game on an Encore board (its `game` is \
\"encore\") is replayed on the board: every roll checked against the board's dice, every move \
against the rules (docs/encore-rules.md), each broken rule named with its roll, player and dice, \
and the claimed scores checked against the referee's count. A Diceland log (its `game` is \
\"diceland\") is replayed through the Diceland engine (docs/diceland-rules.md). With --sheet, \
check a finished paper sheet of a map without a log (see docs/filled-sheet.md), of an Encore board (see \
docs/encore-sheet.md), or of a Diceland board (see docs/diceland-sheet.md).";

/// Arguments of `rollx referee`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  rollx referee g.json\n  rollx referee encore-game.json --map maps/encore-black.toml\n  rollx referee --format json g.json\n  rollx referee g.json --write-sheet g.toml\n  rollx referee --sheet my-sheet.toml --map maps/usa.toml\n  rollx referee --sheet encore-sheet.toml --map maps/encore-black.toml\n  rollx referee diceland-game.json --write-sheet mine.toml --player you\n\n\
Exit codes: 0 the game is clean, 1 it breaks rules (or the map or board is invalid), 2 the file cannot be read, is not a game log, or belongs to another map or board (or another version of it)."
)]
pub struct RefereeArgs {
    /// The game log (JSON, see docs/game-log.md; of an Encore board,
    /// docs/encore-log.md; of a Diceland board, docs/diceland-log.md).
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
    /// Also write the log's final sheet as a filled sheet (TOML, see
    /// docs/filled-sheet.md; of an Encore log, docs/encore-sheet.md; of a
    /// Diceland log, docs/diceland-sheet.md), which --sheet checks the
    /// paper way.
    #[arg(long, value_name = "FILE", conflicts_with = "sheet")]
    pub write_sheet: Option<PathBuf>,
    /// Whose sheet --write-sheet writes, by the name in the log (needed
    /// when the log has several players).
    #[arg(long, value_name = "NAME", requires = "write_sheet")]
    pub player: Option<String>,
    /// With --sheet on an Encore board: the most points open stars cost,
    /// `thirty` (the default) or `none` (see `rollx play --help`). A log
    /// records the reading it was played by.
    #[arg(long, value_enum, value_name = "CAP", requires = "sheet")]
    pub star_cap: Option<super::StarCapArg>,
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
pub fn run(args: &RefereeArgs, color: bool) -> u8 {
    if let Some(sheet) = &args.sheet {
        return run_sheet(args, sheet, color);
    }
    let path = args
        .log
        .as_ref()
        .expect("clap requires a log without --sheet");
    let sheet_out = match Output::check_arg(args.write_sheet.as_deref(), false) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", path.display());
            return EXIT_USAGE;
        }
    };
    if let Some(what) = not_a_log(path, &text) {
        eprintln!(
            "error: {} is {}, not a game log\n  help: {}",
            path.display(),
            what.describe(),
            what.referee_help(path)
        );
        return EXIT_USAGE;
    }
    match rollx::families::log_family(&text) {
        Ok(f) if f != rollx::rolling::FAMILY => {
            let request = RefereeRequest {
                path,
                text: &text,
                map: args.map.as_deref(),
                sheet_of: args.write_sheet.as_ref().map(|_| args.player.as_deref()),
                color,
            };
            return match f.face().referee(&request) {
                Ok(r) => report_verdict(args.format, r, sheet_out.as_ref()),
                Err(failure) => super::fail(failure),
            };
        }
        Ok(_) => {}
        Err(game) => {
            let names: Vec<&str> = Family::ALL.iter().map(|f| f.name()).collect();
            eprintln!(
                "error: {}: `game` is {game}, which is no game family rollx knows ({})",
                path.display(),
                names.join(", ")
            );
            return EXIT_USAGE;
        }
    }
    let log = match GameLog::parse(&text) {
        Ok(log) => log,
        Err(e) => {
            let help = "see docs/game-log.md for the format";
            log_error(path, &text, (e.line, e.column), &e.message, help, color);
            return EXIT_USAGE;
        }
    };
    let map_path = match find_map(args.map.as_deref(), &log, path) {
        Some(p) => p,
        None => {
            eprintln!(
                "error: cannot find the map `{}` of {}: pass it with --map FILE",
                log.map.id,
                path.display()
            );
            return EXIT_USAGE;
        }
    };
    let whose = match &args.write_sheet {
        Some(_) => match sheet_player(&log, args.player.as_deref()) {
            Ok(p) => Some(p),
            Err(message) => {
                eprintln!("error: {message}");
                return EXIT_USAGE;
            }
        },
        None => None,
    };
    let game = match load_game(&map_path, "referee") {
        Ok(g) => g,
        Err(code) => return code,
    };
    let verdict = match referee(&game, &log) {
        Ok(v) => v,
        Err(wrong) => {
            let mut sources = SourceMap::new();
            let id = sources.add(path, text.clone());
            let diag = wrong_map_diagnostic(
                &wrong,
                &log,
                (path, id, &text),
                &map_path,
                args.map.is_some(),
            );
            eprint!("{}", report(&diag, &sources, Style { color, width: 100 }));
            return EXIT_USAGE;
        }
    };
    match args.format {
        Format::Json => {
            println!(
                "{}",
                serde_json::to_string_pretty(&verdict).expect("serialises")
            );
        }
        Format::Text => print!("{}", text_verdict(&game, &log, &verdict, path, color)),
    }
    if let (Some(out), Some(p)) = (&sheet_out, whose) {
        let player = &verdict.players[p];
        let text = filled::to_toml(&game, &player.sheet, Some(&player.player));
        if let Err(e) = output::write(out, text.as_bytes()) {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
        let note = format!(
            "{}'s sheet written to {}",
            player.player,
            out.path().display()
        );
        match args.format {
            Format::Text => println!("{note}"),
            Format::Json => eprintln!("{note}"),
        }
    }
    if verdict.is_clean() {
        EXIT_OK
    } else {
        EXIT_INVALID
    }
}

/// Shows a verdict in `format`, writes the player's sheet to `sheet_out`
/// when asked, and returns the exit code: 0 when clean, 1 otherwise (2
/// when the sheet cannot be written).
fn report_verdict(format: Format, r: Refereed, sheet_out: Option<&Output>) -> u8 {
    match format {
        Format::Json => println!("{}", r.json),
        Format::Text => print!("{}", r.text),
    }
    if let (Some(out), Some(sheet)) = (sheet_out, r.sheet) {
        let (player, text) = match sheet {
            Ok(s) => s,
            Err(message) => {
                eprintln!("error: {message}");
                return EXIT_USAGE;
            }
        };
        if let Err(e) = output::write(out, text.as_bytes()) {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
        super::say(
            format == Format::Json,
            &format!("{player}'s sheet written to {}", out.path().display()),
        );
    }
    if r.clean { EXIT_OK } else { EXIT_INVALID }
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

/// Shows why a log could not be read, pointing at `at` (line, column)
/// in its `text`.
pub fn log_error(
    path: &Path,
    text: &str,
    at: (Option<usize>, Option<usize>),
    message: &str,
    help: &str,
    color: bool,
) {
    let mut sources = SourceMap::new();
    let id = sources.add(path, text.to_string());
    let file = sources.get(id);
    let offset = file.offset(at.0.unwrap_or(1), at.1.unwrap_or(1));
    let diag = Diagnostic::error("game-log", format!("not a valid game log: {message}"))
        .with_label(Loc::new(id, offset..offset), message.to_string())
        .with_help(help.to_string());
    eprint!("{}", report(&diag, &sources, Style { color, width: 100 }));
}

/// The index of the player whose sheet `--write-sheet` writes: the one
/// named, or the only one.
fn sheet_player(log: &GameLog, name: Option<&str>) -> Result<usize, String> {
    let names = log.players.join(", ");
    match name {
        Some(n) => log.players.iter().position(|p| p == n).ok_or_else(|| {
            format!("--player {n}: the log has no such player (its players: {names})")
        }),
        None if log.players.len() == 1 => Ok(0),
        None => Err(format!(
            "the log has {} players ({names}): say whose sheet --write-sheet writes with --player NAME",
            log.players.len()
        )),
    }
}

/// The one error for a log refereed on a map it does not belong to: what
/// the log names and what the map is, pointing at the log's field, and how
/// to fix it (`given`: the map came from `--map`).
fn wrong_map_diagnostic(
    wrong: &WrongMap,
    log: &GameLog,
    (log_path, id, text): (&Path, SourceId, &str),
    map_path: &Path,
    given: bool,
) -> Diagnostic {
    let (log_file, map_file) = (log_path.display(), map_path.display());
    let recorded = log
        .map
        .file
        .as_ref()
        .map(|f| format!(" (played from {f})"))
        .unwrap_or_default();
    let (message, key, label, help) = match wrong {
        WrongMap::OtherMap {
            log: want,
            map: have,
        } => (
            format!(
                "{log_file} is a game on map `{want}`{recorded}, but the map used, {map_file}, is `{have}`"
            ),
            "id",
            format!("a game on `{want}`"),
            match (&log.map.file, given) {
                (Some(f), true) => format!(
                    "leave out --map to use the map the log was played on ({f}), or pass the map \
whose [map] id is `{want}` with --map FILE"
                ),
                (None, true) => format!(
                    "pass the map whose [map] id is `{want}` with --map (e.g. --map maps/{want}.toml)"
                ),
                (_, false) => format!(
                    "{map_file} holds map `{have}`, not `{want}`: pass the map whose [map] id is \
`{want}` with --map FILE"
                ),
            },
        ),
        WrongMap::Changed { map } => (
            format!(
                "{map_file} (map `{map}`) has changed since {log_file} was recorded: its areas, \
neighbours or rules differ from the map hash in the log"
            ),
            "hash",
            "the map as it was then".to_string(),
            "referee the log on the map as it was when the game was played (--map FILE), or \
delete `hash` from the log's `map` to referee it on the map as it is now"
                .to_string(),
        ),
        WrongMap::OtherRules { map, differences } => (
            format!(
                "{log_file} was played with other rules than {map_file} (map `{map}`) has: they \
differ in {}",
                differences.join(", ")
            ),
            "rules",
            "the rules the game was played with".to_string(),
            "referee the log on the map the game was played on (--map FILE), or delete `rules` \
from the log to referee it by the map's rules"
                .to_string(),
        ),
    };
    let diag = Diagnostic::error(wrong.code(), message).with_help(help);
    wrong_file_diagnostic(diag, &(key, label), id, text)
}

/// `diag` pointing at the value of the log's key (`id`, `hash`) that names
/// the map or board, with a label, when the key is found in `text`.
pub fn wrong_file_diagnostic(
    diag: Diagnostic,
    (key, label): &(&str, String),
    id: SourceId,
    text: &str,
) -> Diagnostic {
    match json_value_span(text, key) {
        Some(span) => diag.with_label(Loc::new(id, span), label.clone()),
        None => diag,
    }
}

/// Where the value of the object key `key` is written in a JSON text (the
/// game log's keys `id`, `hash` and `rules` occur once each): a string
/// value whole, else the key.
fn json_value_span(text: &str, key: &str) -> Option<std::ops::Range<usize>> {
    let quoted = format!("\"{key}\"");
    text.match_indices(&quoted).find_map(|(at, _)| {
        let after = at + quoted.len();
        let rest = text[after..].trim_start();
        let value = rest.strip_prefix(':')?.trim_start();
        let start = text.len() - value.len();
        if !value.starts_with('"') {
            return Some(at..after);
        }
        let mut escaped = false;
        let end = value[1..].char_indices().find_map(|(i, c)| {
            let close = c == '"' && !escaped;
            escaped = c == '\\' && !escaped;
            close.then_some(i + 2)
        })?;
        Some(start..start + end)
    })
}

/// The map named by `--map`, else the first of the log's candidates that
/// exists (see [`GameLog::map_candidates`]).
fn find_map(given: Option<&Path>, log: &GameLog, log_path: &Path) -> Option<PathBuf> {
    match given {
        Some(p) => Some(p.to_path_buf()),
        None => log
            .map_candidates(log_path)
            .into_iter()
            .find(|p| p.is_file()),
    }
}

fn text_verdict(
    game: &rollx::rolling::rules::Game,
    log: &GameLog,
    v: &Verdict,
    path: &Path,
    color: bool,
) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let seed = log.seed.map(|x| format!(", seed {x}")).unwrap_or_default();
    let _ = writeln!(
        s,
        "referee: {} ({}{seed}, {}, {})",
        path.display(),
        game.map().info.name,
        count(log.players.len(), "player"),
        count(log.turns.len(), "turn")
    );
    for p in &v.problems {
        let turn = p.turn.map(|t| format!("turn {t}: ")).unwrap_or_default();
        let _ = writeln!(s, "  log problem: {turn}{} [{}]", p.message, p.kind);
    }
    for x in &v.violations {
        let which = x
            .move_index
            .map(|k| format!(", move {}", k + 1))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            "  turn {} (round {}, turn {}), {}{which}, {} die: {} [{}]",
            x.turn, x.round, x.turn_in_round, x.player, x.die, x.message, x.rule
        );
    }
    if v.players.len() == 1 && !v.violations.is_empty() {
        let _ = writeln!(s);
        s.push_str(&render(game, &v.players[0].sheet, color));
    }
    let _ = writeln!(s);
    let width = v
        .players
        .iter()
        .map(|p| p.player.len())
        .max()
        .unwrap_or(6)
        .max(6);
    let _ = writeln!(
        s,
        "  {:width$}  X on sheet  mistakes  total X  powers",
        "player"
    );
    for p in &v.players {
        let _ = writeln!(
            s,
            "  {:width$}  {:>10}  {:>8}  {:>7}  {:>6}",
            p.player, p.crosses, p.mistakes, p.total, p.powers_used
        );
    }
    let _ = writeln!(s);
    if v.is_clean() {
        let _ = writeln!(s, "clean: every move follows the rules");
    } else {
        let _ = writeln!(
            s,
            "not clean: {} {} (each adds one X), {} log {}",
            v.violations.len(),
            if v.violations.len() == 1 {
                "rule broken"
            } else {
                "rules broken"
            },
            v.problems.len(),
            if v.problems.len() == 1 {
                "problem"
            } else {
                "problems"
            }
        );
    }
    s
}

fn run_sheet(args: &RefereeArgs, sheet: &Path, color: bool) -> u8 {
    let map_path = args.map.as_ref().expect("clap requires --map with --sheet");
    let model = match load_model(map_path) {
        Ok(m) => m,
        Err(code) => return code,
    };
    let family = model.family();
    let given = match args.star_cap {
        Some(cap) => Given::new(vec![(
            "star-cap".to_string(),
            cap.to_possible_value()
                .map(|p| p.get_name().to_string())
                .unwrap_or_default(),
        )]),
        None => Given::default(),
    };
    if let Err(code) =
        super::family::refuse_undeclared(family, Command::RefereeSheet, &given, map_path)
    {
        return code;
    }
    if family != rollx::rolling::FAMILY {
        let bytes = match read_sheet(sheet) {
            Ok(b) => b,
            Err(code) => return code,
        };
        let request = SheetRequest {
            map_path,
            path: sheet,
            bytes: &bytes,
            options: &given,
            color,
        };
        return match family.face().referee_sheet(&model, &request) {
            Ok(checked) => show_sheet(args.format, checked, color),
            Err(f) => super::fail(f),
        };
    }
    let game = match rolling_game(model.take().expect("a map"), map_path) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let text = match read_sheet(sheet) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let FilledVerdict {
        sources,
        diagnostics,
        result,
    } = filled::check(&game, sheet, text);
    report_sheet(
        args.format,
        &sources,
        &diagnostics,
        result,
        color,
        |result| {
            format!(
                "{}\n  {}: {} X on the sheet, {} empty (counted as X), {} {} -> {} X, {}\n{}",
                render(&game, &result.sheet, color),
                result.player.as_deref().unwrap_or("sheet"),
                result.crosses,
                result.empty,
                result.mistakes,
                if result.mistakes == 1 {
                    "mistake"
                } else {
                    "mistakes"
                },
                result.total,
                count(result.powers_used, "power"),
                if result.mistakes == 0 {
                    "clean: no rule is broken on this sheet\n"
                } else {
                    ""
                }
            )
        },
        |result| result.mistakes == 0,
    )
}

/// Shows a checked paper sheet: a sheet that could not be read has its
/// problems on standard error (exit 2); otherwise `format` gives the
/// verdict as JSON, or the located findings and then the text (exit 0
/// when clean, 1 otherwise).
fn show_sheet(format: Format, checked: CheckedSheet, color: bool) -> u8 {
    let style = Style { color, width: 100 };
    let CheckedSheet {
        sources,
        diagnostics,
        verdict,
    } = checked;
    let Some(verdict) = verdict else {
        for d in &diagnostics {
            eprint!("{}", report(d, &sources, style));
        }
        return EXIT_USAGE;
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
    if verdict.clean { EXIT_OK } else { EXIT_INVALID }
}

/// A paper sheet's bytes; `Err` holds the exit code, the error printed.
pub(super) fn read_sheet(sheet: &Path) -> Result<Vec<u8>, u8> {
    std::fs::read(sheet).map_err(|e| {
        eprintln!("error: cannot read {}: {e}", sheet.display());
        EXIT_USAGE
    })
}

/// Reports a checked paper sheet of any family: a sheet that could not be
/// read has its problems on standard error (exit 2); otherwise `format`
/// gives the result as JSON, or the located findings and then `text`
/// (exit 0 when `clean`, 1 otherwise).
pub(super) fn report_sheet<R: serde::Serialize>(
    format: Format,
    sources: &SourceMap,
    diagnostics: &[Diagnostic],
    result: Option<R>,
    color: bool,
    text: impl FnOnce(&R) -> String,
    clean: impl FnOnce(&R) -> bool,
) -> u8 {
    let style = Style { color, width: 100 };
    let Some(result) = result else {
        for d in diagnostics {
            eprint!("{}", report(d, sources, style));
        }
        return EXIT_USAGE;
    };
    match format {
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(&result).expect("serialises")
        ),
        Format::Text => {
            for d in diagnostics {
                print!("{}", report(d, sources, style));
            }
            print!("{}", text(&result));
        }
    }
    if clean(&result) {
        EXIT_OK
    } else {
        EXIT_INVALID
    }
}
