//! `rollx simulate` on Encore boards: each policy's self-play table and the
//! mixed table of `--seats`, reported as text, JSON or Markdown, an HTML
//! page with heat maps, and the games saved as logs.

use std::time::Instant;

use rayon::prelude::*;

use super::output::{self, Output, OutputDir};
use super::simulate::{Format, SimulateArgs, command_line, games_bar, worker_pool};
use super::{EXIT_OK, EXIT_USAGE};
use rollx::encore::Board;
use rollx::encore::play::sim_report::{SimReport, TableKind, markdown, table_result, text};
use rollx::encore::play::simulate::simulate;
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
                "error: --seats names {s} players, but --players is {n}\n  \
                 help: give one policy per seat, or leave out --players"
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
    let total = args.games * (games.len() * tables.len()) as u64;
    let bar = games_bar(args, total);
    let players = tables.first().map_or(1, |(_, s)| s.len());
    let mut reports = Vec::new();
    let mut failed = None;
    pool.install(|| {
        for game in &games {
            let mut results = Vec::new();
            for (kind, seats) in &tables {
                bar.set_message(format!("{} ({})", game.board().info.id, seats.join(",")));
                let tick = |n: u64| bar.inc(n);
                let policies: Vec<&str> = seats.iter().map(String::as_str).collect();
                match simulate(
                    game,
                    &policies,
                    args.effort.encore_effort(),
                    args.games,
                    args.seed,
                    &tick,
                ) {
                    Ok(tally) => results.push(table_result(game, *kind, &policies, &tally)),
                    Err(e) => {
                        failed = Some(e.to_string());
                        return;
                    }
                }
            }
            let board = game.board();
            reports.push(SimReport {
                board: board.info.id.clone(),
                name: board.info.name.clone(),
                seed: args.seed,
                games: args.games,
                players,
                options: *game.options(),
                tables: results,
            });
        }
    });
    bar.finish_and_clear();
    if let Some(message) = failed {
        eprintln!("error: {message}");
        return EXIT_USAGE;
    }

    // The files first, as for maps.
    if let Some(out) = &report_out {
        let page = sim_html::html(&reports[0], games[0].board(), &command_line(args));
        if let Err(e) = output::write(out, page.as_bytes()) {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    }
    if let Some(dir) = &logs_dir
        && let Err(code) = save_logs(args, &games, &tables, dir, &pool)
    {
        return code;
    }
    match args.format {
        Format::Text => {
            let texts: Vec<String> = reports.iter().map(text).collect();
            print!("{}", texts.join("\n"));
        }
        Format::Json => {
            let value = if reports.len() == 1 {
                serde_json::to_string_pretty(&reports[0])
            } else {
                serde_json::to_string_pretty(&reports)
            };
            println!("{}", value.expect("reports serialise"));
        }
        Format::Markdown => {
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
    if args.format == Format::Text {
        if let Some(path) = &args.report {
            println!("\nreport written to {}", path.display());
        }
        if let Some(dir) = &args.save_logs {
            println!("{total} game logs written to {}", dir.display());
        }
        if !args.quiet {
            eprintln!("{total} games in {:.1} s", start.elapsed().as_secs_f64());
        }
    }
    EXIT_OK
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
