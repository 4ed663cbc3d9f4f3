//! `rollx play`, `rollx referee` and `rollx simulate` for Diceland boards:
//! the computer players play a whole game, printed turn by turn; the
//! referee replays a log; the simulation plays many games per table.

use std::path::Path;

use super::play::PlayArgs;
use super::referee::log_error;
use super::{EXIT_USAGE, load_model};
use rollx::diceland::Board;
use rollx::diceland::model::Cell;
use rollx::diceland::play::PLAYERS;
use rollx::diceland::rules::log::GameLog;
use rollx::diceland::rules::referee::{Verdict, referee};
use rollx::diceland::rules::{Game, Sheet};
use rollx::text::plural;

/// Options of other families, by flag, when given.
fn other_options(given: &[(bool, &'static str)]) -> Option<&'static str> {
    given.iter().find_map(|(g, flag)| g.then_some(*flag))
}

/// The other families' options for their players and rules, each with
/// whether it was given: the computer players' effort, Encore's rule
/// options.
fn other_player_options(
    e: &super::EffortArgs,
    rules: &super::EncoreRuleArgs,
) -> [(bool, &'static str); 5] {
    [
        (e.horizon.is_some(), "--horizon"),
        (e.values.is_some(), "--values"),
        (e.candidates.is_some(), "--candidates"),
        (e.rollouts.is_some(), "--rollouts"),
        (rules.given().is_some(), rules.given().unwrap_or("")),
    ]
}

/// Refuses an option of another family given with the Diceland board
/// or game `path`: the exit code.
fn refuse(flag: &str, path: &Path) -> u8 {
    eprintln!(
        "error: {flag} is not an option of Diceland games, and {} is one\n  \
         help: leave out {flag}; Diceland boards have the players {} (docs/diceland-rules.md)",
        path.display(),
        PLAYERS.join(", ")
    );
    EXIT_USAGE
}

/// Refuses the `play` options of other families (the computer players'
/// effort, Encore's rule options) with the Diceland board or game `path`.
pub(super) fn refuse_other_play_options(args: &PlayArgs, path: &Path) -> Result<(), u8> {
    match other_options(&other_player_options(&args.effort, &args.rules)) {
        Some(flag) => Err(refuse(flag, path)),
        None => Ok(()),
    }
}

/// Refuses a table larger than the engine plays.
pub(super) fn table_size(players: u16) -> Result<(), u8> {
    if usize::from(players) > rollx::diceland::rules::MAX_PLAYERS {
        eprintln!(
            "error: --players {players}: a Diceland table has 1 to {} players",
            rollx::diceland::rules::MAX_PLAYERS
        );
        return Err(EXIT_USAGE);
    }
    Ok(())
}

/// Refuses a policy that does not play Diceland.
pub(super) fn refuse_policies(policies: &[String], path: &Path) -> Result<(), u8> {
    if let Some(p) = policies.iter().find(|p| !PLAYERS.contains(&p.as_str())) {
        eprintln!(
            "error: --policy {p}: {} is a Diceland board, and `{p}` does not play Diceland\n  \
             help: Diceland boards have the players {}",
            path.display(),
            PLAYERS.join(", ")
        );
        return Err(EXIT_USAGE);
    }
    Ok(())
}

/// Where a player stands: `you: 5 stars, 1 colour complete, 23 cells
/// crossed`.
pub(super) fn standing(name: &str, sheet: &Sheet) -> String {
    format!(
        "{name}: {}, {} complete, {} crossed",
        plural(usize::from(sheet.stars), "star", "stars"),
        plural(usize::from(sheet.complete_colors()), "colour", "colours"),
        plural(sheet.crossed.len(), "cell", "cells")
    )
}

/// A sheet as text: each cell as its colour letter (lower case when
/// crossed, a star `*` after it), obstacles `#`, the start `@`, odd rows
/// shifted.
pub fn sheet_text(board: &Board, sheet: &Sheet) -> String {
    let mut s = String::new();
    for r in 0..board.grid.rows {
        s.push_str(if r % 2 == 1 { "    " } else { "  " });
        for c in 0..board.grid.columns {
            let i = board.grid.index(c, r);
            let t = match board.cells[i] {
                Cell::Hole => " . ".to_string(),
                Cell::Obstacle => " # ".to_string(),
                Cell::Start => " @ ".to_string(),
                Cell::Zone { zone, star } => {
                    let l = board.zones[usize::from(zone)].color.letter();
                    let l = if sheet.crossed.contains(i) { 'x' } else { l };
                    format!(" {l}{}", if star { '*' } else { ' ' })
                }
            };
            s.push_str(&t);
            s.push(' ');
        }
        s.push('\n');
    }
    s
}

/// A Diceland log read from `text` (the file `path`) and refereed on its
/// board: `map`, or the file the log names, or `maps/<id>.toml`. Errors
/// are printed; the exit code is returned.
pub(super) fn refereed_log(
    path: &Path,
    text: &str,
    map: Option<&Path>,
    color: bool,
) -> Result<(GameLog, Game, Verdict), u8> {
    let log = match GameLog::parse(text) {
        Ok(l) => l,
        Err(e) => {
            log_error(
                path,
                text,
                (e.line, e.column),
                &e.message,
                "see docs/diceland-log.md for the format",
                color,
            );
            return Err(EXIT_USAGE);
        }
    };
    let candidates =
        rollx::families::log::file_candidates(log.board.file.as_deref(), &log.board.id, path);
    let board_path = match map {
        Some(p) => p.to_path_buf(),
        None => match candidates.iter().find(|p| p.is_file()) {
            Some(p) => p.clone(),
            None => {
                eprintln!(
                    "error: cannot find the board `{}` of {}: pass it with --map FILE",
                    log.board.id,
                    path.display()
                );
                return Err(EXIT_USAGE);
            }
        },
    };
    let board = match load_model(&board_path).map(|m| m.take::<Board>()) {
        Ok(Ok(b)) => b,
        Ok(Err(other)) => {
            eprintln!(
                "error: {} is a Diceland log, but {} is {}\n  help: pass the Diceland board `{}` with --map FILE",
                path.display(),
                board_path.display(),
                other.a_file(),
                log.board.id
            );
            return Err(EXIT_USAGE);
        }
        Err(code) => return Err(code),
    };
    if board.info.id != log.board.id {
        eprintln!(
            "error: {} is a game on board `{}`, but {} is `{}`\n  help: pass the board whose [board] id is `{}` with --map FILE",
            path.display(),
            log.board.id,
            board_path.display(),
            board.info.id,
            log.board.id
        );
        return Err(EXIT_USAGE);
    }
    let game = Game::with_options(board, log.options);
    let verdict = match referee(&game, &log) {
        Ok(v) => v,
        Err(wrong) => {
            eprintln!(
                "error: {} (board `{}`) has changed since {} was recorded: {wrong}\n  \
                 help: referee the log on the board as it was then",
                board_path.display(),
                log.board.id,
                path.display()
            );
            return Err(EXIT_USAGE);
        }
    };
    Ok((log, game, verdict))
}
