//! `rollx play`, `rollx referee` and `rollx simulate` for Diceland boards:
//! the computer players play a whole game, printed turn by turn; the
//! referee replays a log; the simulation plays many games per table.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use super::EXIT_USAGE;
use super::interrupt;
use super::output::{self, Output, OutputDir};
use super::simulate::{
    Finish, Format as SimFormat, SimulateArgs, command_line, finish, start_tables, worker_pool,
};
use rollx::diceland::Board;
use rollx::diceland::play::PLAYERS;
use rollx::diceland::play::sim_html::{self, table_name};
use rollx::diceland::play::simulate::{Summary, Tally, simulate_range};
use rollx::diceland::rules::Game;
use rollx::text::count;

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
