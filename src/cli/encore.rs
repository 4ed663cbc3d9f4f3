//! `rollx play` and `rollx referee` for Encore boards: the computer plays a
//! whole game and prints it roll by roll; the referee replays a log.

use std::fmt::Write as _;
use std::path::Path;

use super::play::PlayArgs;
use super::referee::{log_error, wrong_file_diagnostic};
use super::{EXIT_INVALID, EXIT_USAGE, load_model};
use rollx::diag::SourceMap;
use rollx::diag::render::{Style, report};
use rollx::encore::Board;
use rollx::encore::play::PLAYERS;
use rollx::encore::rules::log::GameLog;
use rollx::encore::rules::referee::{Verdict, WrongBoard, referee};
use rollx::encore::rules::{Game, Score, solo_band, solo_bands};

/// Refuses, with a message, the options of `rollx play` that only the
/// Rolling family's players know, and policies that do not play Encore
/// boards (`path`): `Err` holds the exit code.
pub(super) fn refuse_rolling_options(args: &PlayArgs, path: &Path) -> Result<(), u8> {
    let a_board = format!("{} is an Encore board", path.display());
    if let Some(flag) = rolling_only(args) {
        eprintln!(
            "error: {flag} sets the computer players of Rolling maps, and {a_board}\n  \
             help: leave out {flag}; Encore boards have the players {}",
            PLAYERS.join(", ")
        );
        return Err(EXIT_USAGE);
    }
    if let Some(p) = args.policy.iter().find(|p| !PLAYERS.contains(&p.as_str())) {
        eprintln!(
            "error: --policy {p}: {a_board}, and `{p}` plays Rolling maps only for now\n  \
             help: Encore boards have the players {}",
            PLAYERS.join(", ")
        );
        return Err(EXIT_USAGE);
    }
    Ok(())
}

/// The options of `rollx play` that only the Rolling family's players
/// know, when given.
fn rolling_only(args: &PlayArgs) -> Option<&'static str> {
    let e = &args.effort;
    [
        (e.horizon.is_some(), "--horizon"),
        (e.values.is_some(), "--values"),
    ]
    .into_iter()
    .find_map(|(given, flag)| given.then_some(flag))
}

/// The scores' table: each player's colour bonuses, column points, "!"
/// boxes left, stars left open and total.
pub(super) fn score_table(scores: &[(String, Score)]) -> String {
    let mut s = String::new();
    let width = scores
        .iter()
        .map(|(n, _)| n.len())
        .max()
        .unwrap_or(0)
        .max(6);
    let _ = writeln!(
        s,
        "  {:width$}  colours  columns  \"!\" left  open stars  total",
        "player"
    );
    for (name, x) in scores {
        let stars = format!("{} (-{})", x.open_stars, x.star_penalty);
        let _ = writeln!(
            s,
            "  {name:width$}  {:>7}  {:>7}  {:>8}  {stars:>10}  {:>5}",
            x.colors, x.columns, x.jokers_left, x.total
        );
    }
    s
}

/// Who won (several share a win), or the solo game's rating.
pub(super) fn outcome(winners: &[&str], scores: &[(String, Score)]) -> String {
    match (scores, winners) {
        ([(_, score)], _) => {
            let band = solo_band(score.total);
            format!(
                "solo rating: {} points is the band {} ({} of {}, from the top)\n",
                score.total,
                band.label(),
                band.rank + 1,
                solo_bands().len()
            )
        }
        (_, [one]) => format!("winner: {one}\n"),
        (_, []) => String::new(),
        (_, many) => format!("winners, sharing the win: {}\n", many.join(", ")),
    }
}

/// An Encore log read, its board found and loaded, and the game refereed.
pub(super) struct RefereedLog {
    /// The log.
    pub log: GameLog,
    /// The game it was played: its board, with its options.
    pub game: Game,
    /// The referee's verdict.
    pub verdict: Verdict,
}

/// Reads the Encore log `text` (from `path`), finds its board (`map` when
/// given, else where the log says) and referees it. Says what is wrong
/// and returns the exit code otherwise.
pub(super) fn referee_log_text(
    path: &Path,
    text: &str,
    map: Option<&Path>,
    color: bool,
) -> Result<RefereedLog, u8> {
    let log = match GameLog::parse(text) {
        Ok(log) => log,
        Err(e) => {
            let help = "see docs/encore-log.md for the format";
            log_error(path, text, (e.line, e.column), &e.message, help, color);
            return Err(EXIT_USAGE);
        }
    };
    let given = map.is_some();
    let board_path = match map {
        Some(p) => p.to_path_buf(),
        None => {
            let found = log.board_candidates(path).into_iter().find(|p| p.is_file());
            match found {
                Some(p) => p,
                None => {
                    eprintln!(
                        "error: cannot find the board `{}` of {}: pass it with --map FILE",
                        log.board.id,
                        path.display()
                    );
                    return Err(EXIT_USAGE);
                }
            }
        }
    };
    let board = match load_model(&board_path).map(|m| m.take::<Board>()) {
        Ok(Ok(board)) => board,
        Ok(Err(other)) => {
            eprintln!(
                "error: {} is an Encore game log, and {} is {}\n  \
                 help: pass the board the game was played on (`{}`) with --map FILE",
                path.display(),
                board_path.display(),
                other.a_file(),
                log.board.id
            );
            return Err(EXIT_USAGE);
        }
        Err(code) => return Err(code),
    };
    let game = match log.game(board) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {}: {e}", board_path.display());
            return Err(EXIT_INVALID);
        }
    };
    let verdict = match referee(&game, &log) {
        Ok(v) => v,
        Err(wrong) => {
            let mut sources = SourceMap::new();
            let id = sources.add(path, text.to_string());
            let diag = wrong_board_diagnostic(&wrong, &log, path, &board_path, given);
            let diag = wrong_file_diagnostic(diag, &wrong_key(&wrong), id, text);
            eprint!("{}", report(&diag, &sources, Style { color, width: 100 }));
            return Err(EXIT_USAGE);
        }
    };
    Ok(RefereedLog { log, game, verdict })
}

/// The key of the log the wrong board shows in, with the label there.
fn wrong_key(wrong: &WrongBoard) -> (&'static str, String) {
    match wrong {
        WrongBoard::OtherBoard { log, .. } => ("id", format!("a game on `{log}`")),
        WrongBoard::Changed { .. } => ("hash", "the board as it was then".to_string()),
    }
}

/// The one error for a log refereed on a board it does not belong to:
/// what the log names, what the board is, and how to fix it (`given`: the
/// board came from `--map`).
fn wrong_board_diagnostic(
    wrong: &WrongBoard,
    log: &GameLog,
    log_path: &Path,
    board_path: &Path,
    given: bool,
) -> rollx::diag::Diagnostic {
    let (log_file, board_file) = (log_path.display(), board_path.display());
    let (message, help) = match wrong {
        WrongBoard::OtherBoard { log: want, board } => (
            format!(
                "{log_file} is a game on board `{want}`, but the board used, {board_file}, is \
`{board}`"
            ),
            match (&log.board.file, given) {
                (Some(f), true) => format!(
                    "leave out --map to use the board the log was played on ({f}), or pass the \
board whose [board] id is `{want}` with --map FILE"
                ),
                _ => format!("pass the board whose [board] id is `{want}` with --map FILE"),
            },
        ),
        WrongBoard::Changed { board } => (
            format!(
                "{board_file} (board `{board}`) has changed since {log_file} was recorded: its \
boxes, points or dice differ from the board hash in the log"
            ),
            "referee the log on the board as it was when the game was played (--map FILE), or \
delete `hash` from the log's `board` to referee it on the board as it is now"
                .to_string(),
        ),
    };
    rollx::diag::Diagnostic::error(wrong.code(), message).with_help(help)
}
