//! What the commands do with Diceland boards and logs, behind the
//! family's face: the computer players play a whole game, printed turn by
//! turn; the referee replays a log or checks a finished paper sheet.

use std::fmt::Write as _;
use std::path::Path;

use super::play::PLAYERS;
use super::play::sim_doc;
use super::play::simulate::{Tally, simulate_range};
use crate::diag::Failure;
use crate::families::contract::{CheckedSheet, LogAt, PlayRequest, Played, SheetRequest};
use crate::families::log::LogProblem;
use crate::families::simulate::{Reports, Seated, SimulateRequest, Simulates};
use crate::text::{count, plural, wrap};

use super::Board;
use super::model::Cell;
use super::play::simulate::Summary;
use super::play::{PlayedGame, play_game};
use super::rules::filled::{self, FilledResult};
use super::rules::log::{Event, GameLog};
use super::rules::referee::{Finding, Verdict, referee};
use super::rules::{Game, Sheet};

/// `rollx play` on a Diceland board: the computer players of `r` seated
/// and playing a whole game.
pub(crate) fn play(game: &Game, r: &PlayRequest) -> Result<PlayedGame, Failure> {
    play_game(game, r.seed, r.policies, Some(r.path.display().to_string())).map_err(|policy| {
        Failure::usage(format!(
            "--policy {policy}: Diceland boards have no such player\n  help: they have {}",
            super::play::PLAYERS.join(", ")
        ))
    })
}

/// A game the computer players played, as `rollx play` shows it.
pub(crate) fn played(game: &Game, played: &PlayedGame, r: &PlayRequest) -> Played {
    Played {
        text: game_text(game, &played.log, &played.table.sheets, r.seed, r.width),
        log: played.log.to_json(),
    }
}

/// A game as text: each turn's events, then every sheet and the winners.
fn game_text(game: &Game, log: &GameLog, sheets: &[Sheet], seed: u64, width: usize) -> String {
    let board = game.board();
    let mut s = wrap(
        &format!(
            "{} ({}), seed {seed}, {} player{}: {}",
            board.info.name,
            board.info.id,
            log.players.len(),
            if log.players.len() == 1 { "" } else { "s" },
            log.players.join(", ")
        ),
        "",
        "  ",
        width,
    );
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
        if log.result.is_empty() {
            "no winner: the turn limit was reached".to_string()
        } else {
            format!(
                "winner{}: {}",
                if log.result.len() == 1 { "" } else { "s" },
                log.result.join(", ")
            )
        }
    );
    s
}

/// Where a player stands: `you: 5 stars, 1 colour complete, 23 cells
/// crossed`.
pub(crate) fn standing(name: &str, sheet: &Sheet) -> String {
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
pub(crate) fn sheet_text(board: &Board, sheet: &Sheet) -> String {
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

/// The game of `log` refereed on `board` (`at` says where they come
/// from): the rules it was played by, and the verdict; a log of a game on
/// another board, or on the board since changed, is the error.
pub(crate) fn referee_log(
    board: &Board,
    log: &GameLog,
    at: &LogAt,
) -> Result<(Game, Verdict), Failure> {
    if board.info.id != log.board.id {
        return Err(Failure::usage(format!(
            "{} is a game on board `{}`, but {} is `{}`\n  help: pass the board whose [board] id is `{}` with --map FILE",
            at.path.display(),
            log.board.id,
            at.file.display(),
            board.info.id,
            log.board.id
        )));
    }
    let game = Game::with_options(board.clone(), log.options);
    let verdict = referee(&game, log).map_err(|wrong| {
        Failure::usage(format!(
            "{} (board `{}`) has changed since {} was recorded: {wrong}\n  \
             help: referee the log on the board as it was then",
            at.file.display(),
            log.board.id,
            at.path.display()
        ))
    })?;
    Ok((game, verdict))
}

/// The verdict as text, in the shape every family's referee writes: the
/// heading line, each finding of the log and each rule broken (those that
/// only follow from an earlier crossing that crossed nothing counted in one
/// line a player, each in the JSON verdict), the sheets, who won, and the
/// verdict.
pub(crate) fn verdict_text(log: &GameLog, game: &Game, v: &Verdict, path: &Path) -> String {
    let mut s = log.referee_heading(path, &game.board().info.name, "turn");
    // Whether the game ended is never left out, even when it follows from
    // an earlier mistake: it decides who won.
    let shown = |p: &LogProblem| p.follows_from.is_none() || p.kind == "incomplete";
    for f in &v.findings {
        match *f {
            Finding::Problem(i) => {
                let p = &v.problems[i];
                if !shown(p) {
                    continue;
                }
                let turn = p.turn.map(|t| format!("turn {t}, ")).unwrap_or_default();
                let who = p
                    .player
                    .as_ref()
                    .map(|n| format!("{n}: "))
                    .unwrap_or_default();
                let _ = writeln!(s, "  log problem: {turn}{who}{} [{}]", p.message, p.kind);
            }
            Finding::Violation(i) => {
                let x = &v.violations[i];
                if x.follows_from.is_some() {
                    continue;
                }
                let _ = writeln!(
                    s,
                    "  turn {}, {}: {}: {} [{}]",
                    x.turn, x.player, x.mv, x.message, x.kind
                );
            }
        }
    }
    // Findings there only because an earlier crossing crossed nothing:
    // one line a player.
    let mut follow: Vec<(&str, usize, usize)> = Vec::new();
    let following = v
        .violations
        .iter()
        .filter_map(|x| Some((x.player.as_str(), x.follows_from?)))
        .chain(
            v.problems
                .iter()
                .filter(|p| !shown(p))
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
            "  and {} of {player}, there only because {player}'s crossing of turn {t} crossed \
nothing: on the sheet as written {} legal (--format json lists {})",
            plural(*n, "later finding", "later findings"),
            if *n == 1 { "it is" } else { "they are" },
            if *n == 1 { "it" } else { "each" }
        );
    }
    let _ = writeln!(s);
    let width = v
        .players
        .iter()
        .map(|p| p.name.len())
        .max()
        .unwrap_or(6)
        .max(6);
    let _ = writeln!(s, "  {:width$}  stars  colours complete  cells", "player");
    for p in &v.players {
        let _ = writeln!(
            s,
            "  {:width$}  {:>5}  {:>16}  {:>5}",
            p.name, p.stars, p.complete_colors, p.crosses
        );
    }
    let named = |names: &[String]| crate::text::and_list(names);
    let said = match (v.complete, v.winners.as_slice()) {
        (true, []) => "no winner".to_string(),
        (true, [one]) => format!("winner: {one}"),
        (true, many) => format!("winners, sharing the win: {}", named(many)),
        (false, _) => "no winner yet: the game is not over at the end of the log".to_string(),
    };
    let mut claimed = log.result.clone();
    claimed.sort();
    let mut found = v.winners.clone();
    found.sort();
    if !claimed.is_empty() && claimed != found {
        let _ = writeln!(
            s,
            "{said} (the log names {} as {})",
            named(&log.result),
            if log.result.len() == 1 {
                "the winner"
            } else {
                "the winners"
            }
        );
    } else {
        let _ = writeln!(s, "{said}");
    }
    let _ = writeln!(s);
    if v.is_clean() {
        let _ = writeln!(s, "clean: every move follows the rules");
    } else {
        let later: usize = follow.iter().map(|(_, n, _)| n).sum();
        let rules = v
            .violations
            .iter()
            .filter(|x| x.follows_from.is_none())
            .count();
        let problems = v.problems.iter().filter(|p| shown(p)).count();
        let _ = writeln!(
            s,
            "not clean: {}, {}{}",
            plural(rules, "rule broken", "rules broken"),
            count(problems, "log problem"),
            match later {
                0 => String::new(),
                n => format!(
                    "; and {} that only follow from them",
                    plural(n, "later finding", "later findings")
                ),
            }
        );
    }
    s
}

/// A finished paper sheet of `board` read and checked, and the game it
/// was checked by.
pub(crate) fn check_filled(board: &Board, r: &SheetRequest) -> (Game, CheckedSheet<FilledResult>) {
    let checked = filled::check(board, r.path, r.bytes.to_vec());
    (Game::new(board.clone()), checked)
}

/// A checked sheet's summary.
pub(crate) fn filled_text(board: &Board, r: &FilledResult) -> String {
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

/// `rollx simulate` on Diceland boards: each policy at a full table and
/// alone, and the mixed table of `--seats`, on every board.
impl Simulates for super::face::Diceland {
    type Run = Game;
    type Tally = Tally;
    type Extra = ();

    fn tables(&self, r: &SimulateRequest) -> Result<Vec<Seated>, Failure> {
        let path = &r.paths[0];
        let seats: Vec<String> = r
            .options
            .get("seats")
            .map(|s| s.split(',').map(str::to_string).collect())
            .unwrap_or_default();
        if let Some(p) = seats.iter().find(|p| !PLAYERS.contains(&p.as_str())) {
            return Err(Failure::usage(format!(
                "--policy {p}: {} is a Diceland board, and `{p}` does not play Diceland\n  \
                 help: Diceland boards have the players {}",
                path.display(),
                PLAYERS.join(", ")
            )));
        }
        let players = match (r.options.whole::<usize>("players"), seats.len()) {
            (Some(n), s) if s > 0 && n != s => {
                return Err(Failure::usage(format!(
                    "--seats names {}, but --players is {n}",
                    count(s, "player")
                )));
            }
            (Some(n), _) => n,
            (None, s) if s > 0 => s,
            (None, _) => 4,
        };
        let mut tables = Vec::new();
        for p in r.policies {
            tables.push(Seated::alike(p, players));
            if players > 1 {
                tables.push(Seated::alike(p, 1));
            }
        }
        if !seats.is_empty() {
            tables.push(Seated { seats, mixed: true });
        }
        Ok(tables)
    }

    fn run(&self, board: &Board, _path: &Path, _r: &SimulateRequest) -> Result<Game, Failure> {
        Ok(Game::new(board.clone()))
    }

    fn play_range(
        &self,
        game: &Game,
        table: &Seated,
        games: std::ops::Range<u64>,
        seed: u64,
        tick: &(dyn Fn(u64) + Sync),
    ) -> Result<Tally, String> {
        simulate_range(game, &table.seats, games, seed, tick)
            .map_err(|p| format!("`{p}` does not play Diceland"))
    }

    fn merge(&self, into: &mut Tally, more: &Tally) {
        into.merge(more);
    }

    fn reports(
        &self,
        games: &[Game],
        tables: &[Seated],
        tallies: &[Vec<Tally>],
        _extras: &[()],
        played: u64,
        r: &SimulateRequest,
    ) -> Reports {
        let results: Vec<Vec<Summary>> = games
            .iter()
            .zip(tallies)
            .map(|(game, per)| {
                tables
                    .iter()
                    .zip(per)
                    .map(|(table, tally)| Summary::new(game, &table.seats, r.seed, tally))
                    .collect()
            })
            .collect();
        let boards: Vec<(&Board, &[Summary])> = games
            .iter()
            .zip(&results)
            .map(|(g, s)| (g.board(), s.as_slice()))
            .collect();
        let all: Vec<&Summary> = results.iter().flatten().collect();
        Reports {
            doc: sim_doc::doc(&boards, &(r.command)(played)),
            json: serde_json::to_value(&all).expect("serialises"),
        }
    }

    fn log(&self, game: &Game, table: &Seated, seed: u64, path: &Path) -> Result<String, String> {
        play_game(game, seed, &table.seats, Some(path.display().to_string()))
            .map(|played| played.log.to_json())
            .map_err(|p| format!("`{p}` does not play Diceland"))
    }
}
