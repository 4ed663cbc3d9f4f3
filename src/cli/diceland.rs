//! `rollx play`, `rollx referee` and `rollx simulate` for Diceland boards:
//! the computer players play a whole game, printed turn by turn; the
//! referee replays a log; the simulation plays many games per table.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use super::interrupt;
use super::output::{self, Output, OutputDir};
use super::play::{PlayArgs, fitted, save_finished, seat_policies, seed_or_clock};
use super::referee::{Format, RefereeArgs, log_error, read_sheet, report_sheet};
use super::simulate::{
    Finish, Format as SimFormat, SimulateArgs, command_line, finish, start_tables, worker_pool,
};
use super::{EXIT_INVALID, EXIT_OK, EXIT_USAGE, load_model};
use rollx::diceland::Board;
use rollx::diceland::model::Cell;
use rollx::diceland::play::sim_html::{self, table_name};
use rollx::diceland::play::simulate::{Summary, Tally, simulate_range};
use rollx::diceland::play::{PLAYERS, play_game};
use rollx::diceland::rules::filled::{self, FilledResult, FilledVerdict};
use rollx::diceland::rules::log::{Event, GameLog};
use rollx::diceland::rules::referee::{Finding, Verdict, referee};
use rollx::diceland::rules::{Game, Sheet};
use rollx::text::{count, noun, plural};

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

/// `rollx play` on a Diceland board: the computer players play a whole
/// game, printed turn by turn, and the log is written to `log`.
pub fn play(args: &PlayArgs, board: Board, path: &Path, log: Option<Output>) -> u8 {
    if let Err(code) = refuse_other_play_options(args, path).and_then(|()| table_size(args.players))
    {
        return code;
    }
    let policies = match seat_policies(&args.policy, args.players) {
        Ok(p) => p,
        Err(code) => return code,
    };
    if let Err(code) = refuse_policies(&policies, path) {
        return code;
    }
    let game = Game::new(board);
    let seed = seed_or_clock(args.seed);
    let played = play_game(&game, seed, &policies, Some(path.display().to_string()))
        .expect("policies checked above");
    print!(
        "{}",
        game_text(&game, &played.log, &played.table.sheets, seed)
    );
    save_finished(log.as_ref(), &played.log.to_json())
}

/// A game as text: each turn's events, then every sheet and the winners.
fn game_text(game: &Game, log: &GameLog, sheets: &[Sheet], seed: u64) -> String {
    let board = game.board();
    let mut s = fitted(&format!(
        "{} ({}), seed {seed}, {} player{}: {}",
        board.info.name,
        board.info.id,
        log.players.len(),
        if log.players.len() == 1 { "" } else { "s" },
        log.players.join(", ")
    ));
    for (t, turn) in log.turns.iter().enumerate() {
        let _ = writeln!(s, "\nturn {}", t + 1);
        for e in &turn.events {
            match e {
                Event::Roll { roll } => {
                    let _ = writeln!(s, "  roll {roll}");
                }
                Event::Move { player, mv } => {
                    let _ = writeln!(s, "    {player}: {mv}");
                }
            }
        }
    }
    for (name, sheet) in log.players.iter().zip(sheets) {
        let _ = writeln!(s, "\n{}", standing(name, sheet));
        s.push_str(&sheet_text(board, sheet));
    }
    let _ = writeln!(
        s,
        "\n{}",
        if log.winners.is_empty() {
            "no winner: the turn limit was reached".to_string()
        } else {
            format!(
                "winner{}: {}",
                if log.winners.len() == 1 { "" } else { "s" },
                log.winners.join(", ")
            )
        }
    );
    s
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

/// `rollx referee` on a Diceland log.
pub fn referee_log(args: &RefereeArgs, path: &Path, text: &str, color: bool) -> u8 {
    let sheet_out = match Output::check_arg(args.write_sheet.as_deref(), false) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let (log, game, verdict) = match refereed_log(path, text, args.map.as_deref(), color) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let whose = match &sheet_out {
        None => None,
        Some(_) => match (args.player.as_deref(), log.players.len()) {
            (Some(name), _) => match log.players.iter().position(|p| p == name) {
                Some(p) => Some(p),
                None => {
                    eprintln!(
                        "error: --player {name}: the log has no such player (its players: {})",
                        log.players.join(", ")
                    );
                    return EXIT_USAGE;
                }
            },
            (None, 1) => Some(0),
            (None, n) => {
                eprintln!(
                    "error: the log has {n} players ({}): say whose sheet --write-sheet writes \
                     with --player NAME",
                    log.players.join(", ")
                );
                return EXIT_USAGE;
            }
        },
    };
    match args.format {
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(&verdict).expect("serialises")
        ),
        Format::Text => print!("{}", verdict_text(&verdict, path)),
    }
    if let (Some(out), Some(p)) = (&sheet_out, whose) {
        let text = filled::to_toml(game.board(), &verdict.sheets[p], Some(&log.players[p]));
        if let Err(e) = output::write(out, text.as_bytes()) {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
        let note = format!(
            "{}'s sheet written to {}",
            log.players[p],
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

/// The verdict as text.
fn verdict_text(v: &Verdict, path: &Path) -> String {
    let mut s = String::new();
    for f in &v.findings {
        match *f {
            Finding::Problem(i) => {
                let p = &v.problems[i];
                if p.follows_from.is_some() {
                    continue;
                }
                let turn = p.turn.map(|t| format!("turn {t}: ")).unwrap_or_default();
                let who = p
                    .player
                    .as_ref()
                    .map(|n| format!("{n}: "))
                    .unwrap_or_default();
                let _ = writeln!(s, "problem [{}] {turn}{who}{}", p.kind, p.message);
            }
            Finding::Violation(i) => {
                let x = &v.violations[i];
                if x.follows_from.is_some() {
                    continue;
                }
                let _ = writeln!(
                    s,
                    "broken rule [{}] turn {}: {} `{}`: {}",
                    x.kind, x.turn, x.player, x.mv, x.message
                );
            }
        }
    }
    // Moves that break a rule only because an earlier crossing crossed
    // nothing: one line a player (each is in the JSON verdict).
    let mut follow: Vec<(&str, usize, usize)> = Vec::new();
    let following = v
        .violations
        .iter()
        .filter_map(|x| Some((x.player.as_str(), x.follows_from?)))
        .chain(
            v.problems
                .iter()
                .filter_map(|p| Some((p.player.as_deref().unwrap_or(""), p.follows_from?))),
        );
    for (player, t) in following {
        match follow.iter_mut().find(|(p, ..)| *p == player) {
            Some((_, n, first)) => {
                *n += 1;
                *first = (*first).min(t);
            }
            None => follow.push((player, 1, t)),
        }
    }
    for (player, n, t) in &follow {
        let _ = writeln!(
            s,
            "and {} of {player} that {} only because a crossing of turn {t} crossed nothing \
(on the sheet as written {} legal; each is listed with --format json)",
            if *n == 1 {
                "1 later finding".to_string()
            } else {
                format!("{n} later findings")
            },
            if *n == 1 { "is there" } else { "are there" },
            if *n == 1 { "it is" } else { "they are" }
        );
    }
    for p in &v.players {
        let _ = writeln!(
            s,
            "{:<12} {:>2} {:<5}  {} colour{} complete  {:>3} {:<5}{}",
            p.name,
            p.stars,
            noun(p.stars, "star", "stars"),
            p.complete_colors,
            if p.complete_colors == 1 { " " } else { "s" },
            p.crosses,
            noun(p.crosses, "cell", "cells"),
            if p.won { "  winner" } else { "" }
        );
    }
    let _ = writeln!(
        s,
        "{}: {}, {}",
        path.display(),
        count(v.turns, "turn"),
        if v.is_clean() {
            "every move follows the rules".to_string()
        } else {
            {
                let follow = v
                    .violations
                    .iter()
                    .filter(|x| x.follows_from.is_some())
                    .count()
                    + v.problems
                        .iter()
                        .filter(|p| p.follows_from.is_some())
                        .count();
                format!(
                    "{} problem{} and {} broken rule{}{}",
                    v.problems.len(),
                    if v.problems.len() == 1 { "" } else { "s" },
                    v.violations.len(),
                    if v.violations.len() == 1 { "" } else { "s" },
                    if follow > 0 {
                        format!("; {follow} of them follow from earlier mistakes")
                    } else {
                        String::new()
                    }
                )
            }
        }
    );
    s
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

/// `rollx referee --sheet` on a Diceland board: a finished paper sheet
/// checked the way players check each other's (docs/diceland-sheet.md).
pub fn referee_sheet(args: &RefereeArgs, board: Board, sheet: &Path, color: bool) -> u8 {
    let bytes = match read_sheet(sheet) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let FilledVerdict {
        sources,
        diagnostics,
        result,
    } = filled::check(&board, sheet, bytes);
    report_sheet(
        args.format,
        &sources,
        &diagnostics,
        result,
        color,
        |r| filled_text(&board, r),
        FilledResult::is_clean,
    )
}

/// A checked sheet's summary.
fn filled_text(board: &Board, r: &FilledResult) -> String {
    let name = r.player.as_deref().unwrap_or("sheet");
    let goal = board.goal;
    format!(
        "{name} ({}): {} crossed, {}, {} complete; the goal ({} and {} colour{}) {}\n{}\n",
        board.info.id,
        count(r.crossed, "cell"),
        count(r.stars, "star"),
        if r.complete_colors.is_empty() {
            "no colour".to_string()
        } else {
            r.complete_colors.join(" and ")
        },
        count(goal.stars, "star"),
        goal.colors,
        if goal.colors == 1 { "" } else { "s" },
        if r.reached_goal {
            "is reached"
        } else {
            "is not reached"
        },
        if r.is_clean() {
            "the sheet follows the rules".to_string()
        } else {
            format!(
                "{} rule{} broken",
                r.breaches,
                if r.breaches == 1 { "" } else { "s" }
            )
        }
    )
}
