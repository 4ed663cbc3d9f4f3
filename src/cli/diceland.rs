//! `rollx play`, `rollx referee` and `rollx simulate` for Diceland boards:
//! the computer players play a whole game, printed turn by turn; the
//! referee replays a log; the simulation plays many games per table.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use super::interrupt;
use super::output::{self, Output, OutputDir};
use super::play::PlayArgs;
use super::referee::log_error;
use super::simulate::{
    Finish, Format as SimFormat, SimulateArgs, command_line, finish, start_tables, worker_pool,
};
use super::{EXIT_USAGE, load_model};
use rollx::diceland::Board;
use rollx::diceland::model::Cell;
use rollx::diceland::play::PLAYERS;
use rollx::diceland::play::sim_html::{self, table_name};
use rollx::diceland::play::simulate::{Summary, Tally, simulate_range};
use rollx::diceland::rules::log::GameLog;
use rollx::diceland::rules::referee::{Verdict, referee};
use rollx::diceland::rules::{Game, Sheet};
use rollx::text::{count, plural};

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

/// `rollx simulate` on Diceland boards: each policy at a table of
/// `--players` (default 4) and alone, then the `--seats` table.
pub fn simulate_boards(
    args: &SimulateArgs,
    boards: Vec<Board>,
    report_out: Option<Output>,
    logs_dir: Option<OutputDir>,
    start: Instant,
) -> u8 {
    let mut given = vec![
        (args.no_power_value, "--no-power-value"),
        (args.optimum, "--optimum"),
    ];
    given.extend(other_player_options(&args.effort, &args.rules));
    given.push((logs_dir.is_some(), "--save-logs"));
    if let Some(flag) = other_options(&given) {
        return refuse(flag, &args.maps[0]);
    }
    if let Err(code) = refuse_policies(&args.policy, &args.maps[0]) {
        return code;
    }
    if let Err(code) = refuse_policies(&args.seats, &args.maps[0]) {
        return code;
    }
    let players = match (args.players, args.seats.len()) {
        (Some(n), s) if s > 0 && usize::from(n) != s => {
            eprintln!(
                "error: --seats names {}, but --players is {n}",
                count(s, "player")
            );
            return EXIT_USAGE;
        }
        (Some(n), _) => usize::from(n),
        (None, s) if s > 0 => s,
        (None, _) => 4,
    };
    let mut tables: Vec<Vec<String>> = Vec::new();
    for p in &args.policy {
        tables.push(vec![p.clone(); players]);
        if players > 1 {
            tables.push(vec![p.clone()]);
        }
    }
    if !args.seats.is_empty() {
        tables.push(args.seats.clone());
    }
    let pool = match worker_pool(args) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let (count, bar, catch) = start_tables(args, boards.len(), tables.len());
    let games: Vec<Game> = boards.into_iter().map(Game::new).collect();
    // Every board's and table's games are played part by part, all
    // together, so that Ctrl-C leaves the same first games of each.
    let mut tallies: Vec<Vec<Option<Tally>>> = vec![vec![None; tables.len()]; games.len()];
    let played = pool.install(|| {
        interrupt::in_parts(args.games, |range| {
            let tick = |n: u64| bar.inc(n);
            for (game, per) in games.iter().zip(&mut tallies) {
                for (seats, slot) in tables.iter().zip(per.iter_mut()) {
                    bar.set_message(format!("{} ({})", game.board().info.id, seats.join(",")));
                    let tally = simulate_range(game, seats, range.clone(), args.seed, &tick)
                        .expect("policies checked");
                    interrupt::merge_into(slot, tally, Tally::merge);
                }
            }
        })
    });
    drop(catch);
    bar.finish_and_clear();
    let interrupted = played < args.games;
    let results: Vec<Vec<Summary>> = games
        .iter()
        .zip(&tallies)
        .map(|(game, per)| {
            tables
                .iter()
                .zip(per)
                .map(|(seats, tally)| {
                    let tally = tally.as_ref().expect("every table plays a first part");
                    Summary::new(game, seats, args.seed, tally)
                })
                .collect()
        })
        .collect();
    let note = interrupted.then(|| interrupt::covered(played, args.games, "per board and table"));
    let document = args.format != SimFormat::Text;
    let command = command_line(args, played);
    if let Some(out) = &report_out {
        let mut page = String::new();
        if games.len() == 1 {
            page = sim_html::html(games[0].board(), &results[0], &command);
        } else {
            // One page with every board, one after another.
            for (g, r) in games.iter().zip(&results) {
                let one = sim_html::html(g.board(), r, &command);
                let body = one
                    .split_once("<body>\n")
                    .and_then(|(_, b)| b.rsplit_once("</body>"))
                    .map_or(String::new(), |(b, _)| b.to_string());
                page.push_str(&body);
            }
            page = rollx::report::html::page("Diceland simulation", &page);
        }
        if let Some(note) = &note {
            page = interrupt::mark_html(&page, note);
        }
        if let Err(e) = output::write(out, page.as_bytes()) {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    }
    match args.format {
        SimFormat::Json => {
            let all: Vec<&Summary> = results.iter().flatten().collect();
            let mut value = serde_json::to_value(&all).expect("serialises");
            if interrupted {
                interrupt::mark_json(&mut value, played, args.games);
            }
            println!(
                "{}",
                serde_json::to_string_pretty(&value).expect("serialises")
            );
        }
        SimFormat::Text | SimFormat::Markdown => {
            let md = args.format == SimFormat::Markdown;
            if let Some(note) = &note {
                if md {
                    println!("*{note}*\n");
                } else {
                    println!("{note}\n");
                }
            }
            for (g, r) in games.iter().zip(&results) {
                print!("{}", summary_text(g.board(), r, args, played, md));
            }
            if !md {
                println!(
                    "turns: a game's length (alone: to reach the goal); over: dice lost to \
                     overshooting a zone, per game; bonus: bonus rolls per game"
                );
            }
        }
    }
    finish(
        args,
        document,
        &Finish {
            report: report_out.as_ref(),
            logs: None,
            count: &count,
            played,
            start,
            note: note.as_deref(),
        },
    )
}

/// One board's tables as text (or a Markdown table).
fn summary_text(
    board: &Board,
    tables: &[Summary],
    args: &SimulateArgs,
    games: u64,
    md: bool,
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} ({}): {} per table, seed {}",
        board.info.name,
        board.info.id,
        count(games, "game"),
        args.seed
    );
    if md {
        s.push_str("\n| table | turns (95 % CI) | win rate by seat | no winner | overshoots per game | bonus rolls per game |\n|---|---|---|---|---|---|\n");
    } else {
        let _ = writeln!(
            s,
            "  {:<30} {:>14}  {:<25} {:>5}  {:>5}",
            "table", "turns", "win rate by seat", "over", "bonus"
        );
    }
    for t in tables {
        let wins = if t.policies.len() == 1 {
            "solo: turns to the goal".to_string()
        } else {
            t.seats
                .iter()
                .map(|x| format!("{:.0}%", x.win_rate * 100.0))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let turns = format!("{:.2} ± {:.2}", t.turns.mean, t.turns.ci95);
        if md {
            let _ = writeln!(
                s,
                "| {} | {turns} | {wins} | {:.1} % | {:.2} | {:.2} |",
                table_name(t),
                t.no_winner * 100.0,
                t.overshoots_per_game,
                t.bonus_rolls_per_game
            );
        } else {
            let _ = writeln!(
                s,
                "  {:<30} {turns:>14}  {wins:<25} {:>5.2}  {:>5.2}",
                table_name(t),
                t.overshoots_per_game,
                t.bonus_rolls_per_game
            );
        }
    }
    s
}
