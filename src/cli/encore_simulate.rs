//! `rollx simulate` on Encore boards: each policy's self-play table and the
//! mixed table of `--seats`, reported as text, JSON or Markdown, an HTML
//! page with heat maps, and the games saved as logs.

use std::time::Instant;

use rayon::prelude::*;

use super::EXIT_USAGE;
use super::interrupt;
use super::output::{self, Output, OutputDir};
use super::simulate::{
    Finish, Format, SimulateArgs, command_line, finish, start_tables, worker_pool,
};
use rollx::encore::Board;
use rollx::encore::play::sim_report::{SimReport, TableKind, markdown, table_result, text};
use rollx::encore::play::simulate::{Tally, check_table, simulate_range};
use rollx::encore::play::{PLAYERS, play_game, seat_players, sim_html};
use rollx::encore::rules::Game;
use rollx::engine::derive_seed;

/// The options of `rollx simulate` that only Rolling maps take, when given.
fn rolling_only(args: &SimulateArgs) -> Option<&'static str> {
    let e = &args.effort;
    [
        (args.no_power_value, "--no-power-value"),
        (e.horizon.is_some(), "--horizon"),
        (e.values.is_some(), "--values"),
    ]
    .into_iter()
    .find_map(|(given, flag)| given.then_some(flag))
}

/// The tables to simulate: each policy in every seat, then the mixed
/// table of `--seats`. Says what is wrong otherwise.
fn tables(args: &SimulateArgs) -> Result<Vec<(TableKind, Vec<String>)>, u8> {
    if let Some(p) = args.policy.iter().find(|p| !PLAYERS.contains(&p.as_str())) {
        eprintln!(
            "error: --policy {p}: `{p}` plays Rolling maps only for now\n  \
             help: Encore boards have the players {}",
            PLAYERS.join(", ")
        );
        return Err(EXIT_USAGE);
    }
    let players = match (args.players, args.seats.len()) {
        (Some(n), s) if s > 0 && usize::from(n) != s => {
            eprintln!(
                "error: --seats names {}, but --players is {n}\n  \
                 help: give one policy per seat, or leave out --players",
                rollx::text::count(s, "player")
            );
            return Err(EXIT_USAGE);
        }
        (_, s) if s > 8 => {
            eprintln!("error: --seats names {s} players; a simulated table seats 1 to 8");
            return Err(EXIT_USAGE);
        }
        (_, s) if s > 0 => s,
        (n, _) => n.map_or(1, usize::from),
    };
    let mut out = Vec::new();
    for p in &args.policy {
        if !out
            .iter()
            .any(|(_, seats): &(TableKind, Vec<String>)| &seats[0] == p)
        {
            out.push((TableKind::SelfPlay, vec![p.clone(); players]));
        }
    }
    if !args.seats.is_empty() {
        out.push((TableKind::Mixed, args.seats.clone()));
    }
    Ok(out)
}

/// `rollx simulate` on Encore boards: the outputs are checked already.
pub fn run(
    args: &SimulateArgs,
    boards: Vec<Board>,
    report_out: Option<Output>,
    logs_dir: Option<OutputDir>,
    start: Instant,
) -> u8 {
    if let Some(flag) = rolling_only(args) {
        eprintln!(
            "error: {flag} sets the simulation of Rolling maps, and {} is an Encore board\n  \
             help: leave out {flag}; Encore boards have the players {}",
            args.maps[0].display(),
            PLAYERS.join(", ")
        );
        return EXIT_USAGE;
    }
    if boards.len() > 1 && report_out.is_some() {
        eprintln!(
            "error: --report draws one Encore board, and {} are given\n  \
             help: simulate one board per run with --report",
            boards.len()
        );
        return EXIT_USAGE;
    }
    let tables = match tables(args) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let mut games = Vec::new();
    for (board, path) in boards.into_iter().zip(&args.maps) {
        match super::encore_game(board, path, args.rules.options()) {
            Ok(g) => games.push(g),
            Err(code) => return code,
        }
    }
    let pool = match worker_pool(args) {
        Ok(p) => p,
        Err(code) => return code,
    };
    for (_, seats) in &tables {
        let policies: Vec<&str> = seats.iter().map(String::as_str).collect();
        if let Err(e) = check_table(&policies) {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    }
    let (count, bar, catch) = start_tables(args, games.len(), tables.len());
    let players = tables.first().map_or(1, |(_, s)| s.len());
    // Every board's and table's games are played part by part, all
    // together, so that Ctrl-C leaves the same first games of each.
    let mut tallies: Vec<Vec<Option<Tally>>> = vec![vec![None; tables.len()]; games.len()];
    let played = pool.install(|| {
        interrupt::in_parts(args.games, |range| {
            let tick = |n: u64| bar.inc(n);
            for (game, per) in games.iter().zip(&mut tallies) {
                for ((_, seats), slot) in tables.iter().zip(per.iter_mut()) {
                    bar.set_message(format!("{} ({})", game.board().info.id, seats.join(",")));
                    let policies: Vec<&str> = seats.iter().map(String::as_str).collect();
                    let tally = simulate_range(
                        game,
                        &policies,
                        args.effort.encore_effort(),
                        range.clone(),
                        args.seed,
                        &tick,
                    )
                    .expect("tables checked above");
                    interrupt::merge_into(slot, tally, Tally::merge);
                }
            }
        })
    });
    drop(catch);
    bar.finish_and_clear();
    let interrupted = played < args.games;
    let reports: Vec<SimReport> = games
        .iter()
        .zip(&tallies)
        .map(|(game, per)| {
            let board = game.board();
            SimReport {
                board: board.info.id.clone(),
                name: board.info.name.clone(),
                seed: args.seed,
                games: played,
                players,
                options: *game.options(),
                tables: tables
                    .iter()
                    .zip(per)
                    .map(|((kind, seats), tally)| {
                        let policies: Vec<&str> = seats.iter().map(String::as_str).collect();
                        let tally = tally.as_ref().expect("every table plays a first part");
                        table_result(game, *kind, &policies, tally)
                    })
                    .collect(),
            }
        })
        .collect();
    let note = interrupted.then(|| interrupt::covered(played, args.games, "per board and table"));
    let document = args.format != Format::Text;

    // The files first, as for maps.
    if let Some(out) = &report_out {
        let mut page = sim_html::html(&reports[0], games[0].board(), &command_line(args, played));
        if let Some(note) = &note {
            page = interrupt::mark_html(&page, note);
        }
        if let Err(e) = output::write(out, page.as_bytes()) {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    }
    let logs_written = match &logs_dir {
        Some(_) if interrupted => false,
        Some(dir) => {
            if let Err(code) = save_logs(args, &games, &tables, dir, &pool) {
                return code;
            }
            true
        }
        None => false,
    };
    match args.format {
        Format::Text => {
            if let Some(note) = &note {
                println!("{note}\n");
            }
            let texts: Vec<String> = reports.iter().map(text).collect();
            print!("{}", texts.join("\n"));
        }
        Format::Json => {
            let mut value = if reports.len() == 1 {
                serde_json::to_value(&reports[0])
            } else {
                serde_json::to_value(&reports)
            }
            .expect("reports serialise");
            if interrupted {
                interrupt::mark_json(&mut value, played, args.games);
            }
            println!(
                "{}",
                serde_json::to_string_pretty(&value).expect("reports serialise")
            );
        }
        Format::Markdown => {
            if let Some(note) = &note {
                println!("*{note}*\n");
            }
            for (k, r) in reports.iter().enumerate() {
                let md = markdown(r);
                // One header for every board.
                let body = if k == 0 {
                    md.as_str()
                } else {
                    md.splitn(3, '\n').nth(2).unwrap_or("")
                };
                print!("{body}");
            }
        }
    }
    finish(
        args,
        document,
        &Finish {
            report: report_out.as_ref(),
            logs: logs_dir.as_ref().map(|d| (d, count.games, logs_written)),
            count: &count,
            played,
            start,
            note: note.as_deref(),
        },
    )
}

/// Writes every simulated game as an Encore game log: the same seeds and
/// seats give the same games as the simulation.
fn save_logs(
    args: &SimulateArgs,
    games: &[Game],
    tables: &[(TableKind, Vec<String>)],
    dir: &OutputDir,
    pool: &rayon::ThreadPool,
) -> Result<(), u8> {
    if let Err(e) = dir.create() {
        eprintln!("error: {e}");
        return Err(EXIT_USAGE);
    }
    let width = (args.games - 1).to_string().len();
    for (game, path) in games.iter().zip(&args.maps) {
        for (kind, seats) in tables {
            let label = match kind {
                TableKind::SelfPlay => format!("{}x{}", seats[0], seats.len()),
                TableKind::Mixed => format!("seats-{}", seats.join("-")),
            };
            let failed = pool.install(|| {
                (0..args.games).into_par_iter().find_map_any(|i| {
                    let seed = derive_seed(args.seed, i);
                    let mut players = seat_players(seats, seed, args.effort.encore_effort())
                        .expect("policies checked");
                    let played =
                        play_game(game, seed, &mut players, Some(path.display().to_string()));
                    let file = dir.file(&format!(
                        "{}-{label}-{i:0width$}.json",
                        game.board().info.id
                    ));
                    output::write(&file, format!("{}\n", played.log.to_json()).as_bytes())
                        .err()
                        .map(|e| e.to_string())
                })
            });
            if let Some(message) = failed {
                eprintln!("error: {message}");
                return Err(EXIT_USAGE);
            }
        }
    }
    Ok(())
}
