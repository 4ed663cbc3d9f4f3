//! What the commands do with Encore boards and logs, behind the family's
//! face: the computer plays a whole game, printed roll by roll; the referee
//! replays a log or checks a finished paper sheet; the options the family
//! declares.

use std::fmt::Write as _;
use std::path::Path;

use super::play::sim_doc;
use super::play::sim_report::{SimReport, table_result};
use super::play::simulate::{Tally, check_table, simulate_range};
use crate::diag::{Diagnostic, Failure, SourceMap};
use crate::families::contract::{CheckedSheet, Given, LogAt, PlayRequest, Played, SheetRequest};
use crate::families::contract::{Command, Declared, Takes};
use crate::families::log::wrong_file_diagnostic;
use crate::families::simulate::{Reports, Seated, SimulateRequest, Simulates};
use crate::text::{count, plural, wrap};

use super::Board;
use super::play::sim_report::TableKind;
use super::play::{Effort, PlayedGame, play_game, seat_players};
use super::rules::filled::{self, FilledResult};
use super::rules::log::{GameLog, LogTurn};
use super::rules::referee::{PlayerVerdict, Verdict, WrongBoard, referee};
use super::rules::{
    Game, Options, Score, SoloDice, StarCap, StartColumn, Table, solo_band, solo_bands,
};

/// The options Encore boards declare.
pub(crate) const OPTIONS: &[Declared] = &[
    Declared::players(
        "Players at each table (1, the default, is the solo game).",
        8,
    ),
    Declared::SEATS,
    Declared {
        flag: "candidates",
        value_name: "CANDIDATES",
        help: "The strong player's candidate moves per decision (the best by a \
one-step cost); more is stronger and slower [default: 6].",
        takes: Takes::Whole { min: 1, max: 256 },
        commands: &[Command::Play, Command::Simulate],
        requires: None,
        what: "is an option of the computer players",
    },
    Declared {
        flag: "rollouts",
        value_name: "ROLLOUTS",
        help: "Games the strong player plays out for each of the two best \
candidate moves [default: 64].",
        takes: Takes::Whole { min: 1, max: 4096 },
        commands: &[Command::Play, Command::Simulate],
        requires: None,
        what: "is an option of the computer players",
    },
    Declared {
        flag: "solo-dice",
        value_name: "DICE",
        help: "The dice of the solo game: `fewer` rolls 2 colour and 2 number \
dice, one of each fewer than the board's (the default); `all` rolls every die, the player \
still taking one of each.",
        takes: Takes::Choice(&[
            (
                "fewer",
                "One colour die and one number die fewer than the board's",
            ),
            ("all", "Every die"),
        ]),
        commands: &[Command::Play, Command::Simulate],
        requires: None,
        what: "is a rule",
    },
    Declared {
        flag: "start-column",
        value_name: "RULE",
        help: "Where a piece may start: `every-turn` lets the start column anchor \
a piece in every turn (the default); `first-piece` only a player's first piece.",
        takes: Takes::Choice(&[
            (
                "every-turn",
                "The start column anchors a piece in every turn",
            ),
            (
                "first-piece",
                "The start column anchors only a player's first piece",
            ),
        ]),
        commands: &[Command::Play, Command::Simulate],
        requires: None,
        what: "is a rule",
    },
    Declared {
        flag: "star-cap",
        value_name: "CAP",
        help: "The most points open stars cost: `thirty` (the rulebook's \"for a \
maximum of 30 points lost\", on any board; the default) or `none` (every open star costs the \
board's penalty). A log records the reading it was played by.",
        takes: Takes::Choice(&[
            ("thirty", "At most 30 points lost for open stars"),
            ("none", "No cap"),
        ]),
        commands: &[Command::Play, Command::Simulate, Command::RefereeSheet],
        requires: None,
        what: "is a rule",
    },
];

/// The game's options: those given, the others the defaults.
pub(crate) fn rule_options(given: &Given) -> Options {
    let mut o = Options::default();
    match given.get("solo-dice") {
        Some("all") => o.solo_dice = SoloDice::All,
        Some(_) => o.solo_dice = SoloDice::Fewer,
        None => {}
    }
    match given.get("start-column") {
        Some("first-piece") => o.start_column = StartColumn::FirstPiece,
        Some(_) => o.start_column = StartColumn::EveryTurn,
        None => {}
    }
    match given.get("star-cap") {
        Some("none") => o.star_cap = StarCap::Uncapped,
        Some(_) => o.star_cap = StarCap::Thirty,
        None => {}
    }
    o
}

/// The strong player's effort: the knobs given, the others its defaults.
pub(crate) fn effort(given: &Given) -> Effort {
    let d = Effort::DEFAULT;
    Effort {
        candidates: given.whole("candidates").unwrap_or(d.candidates),
        rollouts: given.whole("rollouts").unwrap_or(d.rollouts),
    }
}

/// The Encore rules engine on `board` read from `path`.
pub(crate) fn game(board: Board, path: &Path, options: Options) -> Result<Game, Failure> {
    Game::with_options(board, options)
        .map_err(|e| Failure::invalid(format!("{}: {e}", path.display())))
}

/// `rollx play` on an Encore board: the computer players of `r` seated
/// and playing a whole game.
pub(crate) fn play(game: &Game, r: &PlayRequest) -> Result<PlayedGame, Failure> {
    let mut seats = seat_players(r.policies, r.seed, effort(r.options)).map_err(|policy| {
        Failure::usage(format!(
            "--policy {policy}: Encore boards have no such player\n  help: they have {}",
            super::play::PLAYERS.join(", ")
        ))
    })?;
    Ok(play_game(
        game,
        r.seed,
        &mut seats,
        Some(r.path.display().to_string()),
    ))
}

/// A game the computer players played, as `rollx play` shows it.
pub(crate) fn played(game: &Game, played: &PlayedGame, r: &PlayRequest) -> Played {
    Played {
        text: game_text(game, &played.log, &played.table, r.width),
        log: played.log.to_json(),
    }
}

/// A game as text: the header, each roll and every move, then the scores
/// of the sheets at the end (`table`) and the winners.
fn game_text(game: &Game, log: &GameLog, table: &Table, width: usize) -> String {
    let mut s = String::new();
    let names = log.names();
    let players = names.len();
    s.push_str(&wrap(
        &format!(
            "{} ({}), seed {}, {}: {}",
            game.board().info.name,
            game.board().info.id,
            log.seed.unwrap_or_default(),
            count(players, "player"),
            names.join(", ")
        ),
        "",
        "  ",
        width,
    ));
    let changed = game.options().changed();
    if !changed.is_empty() {
        let _ = writeln!(s, "rules changed: {}", changed.join(", "));
    }
    let name_width = names.iter().map(String::len).max().unwrap_or(0);
    for (t, turn) in log.turns.iter().enumerate() {
        let _ = writeln!(s);
        let _ = writeln!(s, "{}", roll_line(game, t, turn, &names));
        for (name, mv) in names.iter().zip(&turn.moves) {
            let _ = writeln!(s, "  {name:name_width$}  {}", mv.describe());
        }
    }
    let _ = writeln!(s);
    let scores: Vec<(String, Score)> = names
        .iter()
        .zip(table.sheets())
        .map(|(n, sheet)| (n.clone(), game.score(sheet)))
        .collect();
    s.push_str(&score_table(&scores));
    let winners: Vec<&str> = game
        .winners(table)
        .into_iter()
        .map(|p| names[p].as_str())
        .collect();
    s.push_str(&outcome(&winners, &scores));
    s
}

/// The line that opens a roll: its number, who chooses first, the dice.
fn roll_line(game: &Game, t: usize, turn: &LogTurn, names: &[String]) -> String {
    let players = names.len();
    let number = t + 1;
    let who = if players == 1 {
        format!("of {}", game.board().solo_rolls)
    } else if number <= usize::from(super::rules::OPEN_ROLLS) {
        "(everyone chooses from every die)".to_string()
    } else {
        format!("({} chooses first)", names[t % players])
    };
    let numbers: Vec<String> = turn.roll.numbers.iter().map(|n| n.to_string()).collect();
    format!(
        "roll {number} {who}: {} | {}",
        turn.roll.colors.join(" "),
        numbers.join(" ")
    )
}

/// The scores' table: each player's colour bonuses, column points, "!"
/// boxes left, stars left open and total.
pub(crate) fn score_table(scores: &[(String, Score)]) -> String {
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
pub(crate) fn outcome(winners: &[&str], scores: &[(String, Score)]) -> String {
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

/// The game of `log` refereed on `board` (`at` says where they come
/// from): the rules it was played by, and the verdict; a log of a game on
/// another board, or on the board since changed, is one error located in
/// the log.
pub(crate) fn referee_log(
    board: &Board,
    log: &GameLog,
    at: &LogAt,
) -> Result<(Game, Verdict), Failure> {
    let game = log
        .game(board.clone())
        .map_err(|e| Failure::invalid(format!("{}: {e}", at.file.display())))?;
    let verdict = referee(&game, log).map_err(|wrong| {
        let mut sources = SourceMap::new();
        let id = sources.add(at.path, at.text.to_string());
        let diag = wrong_board_diagnostic(&wrong, log, at.path, at.file, at.given);
        let diag = wrong_file_diagnostic(diag, &wrong_key(&wrong), id, at.text);
        Failure::located(false, sources, vec![diag])
    })?;
    Ok((game, verdict))
}

/// A player's final sheet as a filled sheet (`--write-sheet`).
pub(crate) fn filled_sheet(game: &Game, verdict: &Verdict, seat: usize) -> String {
    let player = &verdict.players[seat];
    filled::to_toml(game, &player.sheet, Some(&player.player))
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
) -> Diagnostic {
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
    Diagnostic::error(wrong.code(), message).with_help(help)
}

/// The referee's findings as text: every problem and broken rule, then
/// the scores as the referee counts them.
pub(crate) fn verdict_text(game: &Game, log: &GameLog, v: &Verdict, path: &Path) -> String {
    let mut s = String::new();
    s.push_str(&log.referee_heading(path, &game.board().info.name, "roll"));
    for r in &v.readings {
        let _ = writeln!(s, "  reading: {r}");
    }
    for p in &v.problems {
        s.push_str(&p.line("roll"));
    }
    for x in &v.violations {
        let active = if x.active { " (active)" } else { "" };
        let boxes = if x.boxes.is_empty() {
            String::new()
        } else {
            format!(": {}", x.boxes.join(" "))
        };
        let _ = writeln!(
            s,
            "  roll {}, {}{active}, {}{boxes}: {} [{}]",
            x.turn, x.player, x.dice, x.message, x.rule
        );
    }
    let _ = writeln!(s);
    let scores: Vec<(String, Score)> = v
        .players
        .iter()
        .map(|p| (p.player.clone(), p.score))
        .collect();
    s.push_str(&score_table(&scores));
    if v.complete {
        let winners: Vec<&str> = v
            .players
            .iter()
            .filter(|p: &&PlayerVerdict| p.winner)
            .map(|p| p.player.as_str())
            .collect();
        s.push_str(&outcome(&winners, &scores));
    }
    let _ = writeln!(s);
    if v.is_clean() {
        let _ = writeln!(s, "clean: every move follows the rules");
    } else {
        let _ = writeln!(
            s,
            "not clean: {}, {}",
            count_rules(v.violations.len()),
            count(v.problems.len(), "log problem")
        );
    }
    s
}

/// "1 rule broken", "3 rules broken".
fn count_rules(n: usize) -> String {
    format!("{n} {} broken", if n == 1 { "rule" } else { "rules" })
}

/// A finished paper sheet of `board` read and checked, and the game it
/// was checked by (with the star cap of the options given).
pub(crate) fn check_filled(
    board: &Board,
    r: &SheetRequest,
) -> Result<(Game, CheckedSheet<FilledResult>), Failure> {
    let mut options = Options::default();
    options.star_cap = rule_options(r.options).star_cap;
    let game = game(board.clone(), r.map_path, options)?;
    let checked = filled::check(&game, r.path, r.bytes.to_vec());
    Ok((game, checked))
}

/// A checked sheet's summary: its score as the checker counts it, the
/// total written, and the verdict.
pub(crate) fn sheet_text(game: &Game, r: &FilledResult) -> String {
    let mut s = String::new();
    let name = r.player.as_deref().unwrap_or("sheet");
    let _ = writeln!(
        s,
        "{} ({}): {} crossed, {} \"!\" of {} used",
        name,
        game.board().info.id,
        plural(r.crossed, "box", "boxes"),
        r.jokers_used,
        game.board().jokers
    );
    s.push_str(&score_table(&[(name.to_string(), r.score)]));
    match r.written_total {
        Some(t) if t == r.score.total => {
            let _ = writeln!(s, "  total written on the sheet: {t}");
        }
        Some(t) => {
            let _ = writeln!(
                s,
                "  total written on the sheet: {t} (its claims make {}, the checker counts {})",
                r.claimed.total, r.score.total
            );
        }
        None => {}
    }
    let _ = writeln!(s);
    if r.is_clean() {
        let _ = writeln!(s, "clean: no rule is broken on this sheet");
    } else {
        let _ = writeln!(
            s,
            "not clean: {} on this sheet",
            count(r.breaches.len(), "mistake")
        );
    }
    s
}

/// The seats of the tables of a simulation on Encore boards: each policy
/// in every seat of its own table (`--players`, 1 by default), then the
/// mixed table of `--seats`.
fn tables(r: &SimulateRequest) -> Result<Vec<Seated>, Failure> {
    let seats: Vec<String> = r
        .options
        .get("seats")
        .map(|s| s.split(',').map(str::to_string).collect())
        .unwrap_or_default();
    let players = match (r.options.whole::<usize>("players"), seats.len()) {
        (Some(n), s) if s > 0 && n != s => {
            return Err(Failure::usage(format!(
                "--seats names {}, but --players is {n}\n  \
                 help: give one policy per seat, or leave out --players",
                count(s, "player")
            )));
        }
        (_, s) if s > 8 => {
            return Err(Failure::usage(format!(
                "--seats names {s} players; a simulated table seats 1 to 8"
            )));
        }
        (_, s) if s > 0 => s,
        (n, _) => n.unwrap_or(1),
    };
    let mut out: Vec<Seated> = Vec::new();
    for p in r.policies {
        if !out.iter().any(|t| &t.seats[0] == p) {
            out.push(Seated::alike(p, players));
        }
    }
    if !seats.is_empty() {
        out.push(Seated { seats, mixed: true });
    }
    Ok(out)
}

/// One board's side of a run: its rules engine, and the strong player's
/// effort.
pub(crate) struct Run {
    game: Game,
    effort: Effort,
}

/// `rollx simulate` on Encore boards: each table (one policy in every seat,
/// or the seats given) on every board, side by side.
impl Simulates for super::face::Encore {
    type Run = Run;
    type Tally = Tally;
    type Extra = ();

    fn tables(&self, r: &SimulateRequest) -> Result<Vec<Seated>, Failure> {
        if r.models.len() > 1 && r.html {
            return Err(Failure::usage(format!(
                "--report draws one Encore board, and {} are given\n  \
                 help: simulate one board per run with --report",
                r.models.len()
            )));
        }
        let tables = tables(r)?;
        for table in &tables {
            let policies: Vec<&str> = table.seats.iter().map(String::as_str).collect();
            check_table(&policies).map_err(|e| Failure::usage(e.to_string()))?;
        }
        Ok(tables)
    }

    fn run(&self, board: &Board, path: &Path, r: &SimulateRequest) -> Result<Run, Failure> {
        Ok(Run {
            game: game(board.clone(), path, rule_options(r.options))?,
            effort: effort(r.options),
        })
    }

    fn play_range(
        &self,
        run: &Run,
        table: &Seated,
        games: std::ops::Range<u64>,
        seed: u64,
        tick: &(dyn Fn(u64) + Sync),
    ) -> Result<Tally, String> {
        let policies: Vec<&str> = table.seats.iter().map(String::as_str).collect();
        simulate_range(&run.game, &policies, run.effort, games, seed, tick)
            .map_err(|e| e.to_string())
    }

    fn merge(&self, into: &mut Tally, more: &Tally) {
        into.merge(more);
    }

    fn reports(
        &self,
        runs: &[Run],
        tables: &[Seated],
        tallies: &[Vec<Tally>],
        _extras: &[()],
        played: u64,
        r: &SimulateRequest,
    ) -> Reports {
        let players = tables.first().map_or(1, |t| t.seats.len());
        let reports: Vec<SimReport> = runs
            .iter()
            .zip(tallies)
            .map(|(run, per)| {
                let board = run.game.board();
                SimReport {
                    board: board.info.id.clone(),
                    name: board.info.name.clone(),
                    seed: r.seed,
                    games: played,
                    players,
                    options: *run.game.options(),
                    tables: tables
                        .iter()
                        .zip(per)
                        .map(|(table, tally)| {
                            let policies: Vec<&str> =
                                table.seats.iter().map(String::as_str).collect();
                            let kind = if table.mixed {
                                TableKind::Mixed
                            } else {
                                TableKind::SelfPlay
                            };
                            table_result(&run.game, kind, &policies, tally)
                        })
                        .collect(),
                }
            })
            .collect();
        let json = if reports.len() == 1 {
            serde_json::to_value(&reports[0])
        } else {
            serde_json::to_value(&reports)
        }
        .expect("reports serialise");
        let boards: Vec<(&SimReport, &Board)> = reports
            .iter()
            .zip(runs)
            .map(|(report, run)| (report, run.game.board()))
            .collect();
        Reports {
            doc: sim_doc::doc(&boards, &(r.command)(played)),
            json,
        }
    }

    fn log(&self, run: &Run, table: &Seated, seed: u64, path: &Path) -> Result<String, String> {
        let mut players = seat_players(&table.seats, seed, run.effort)
            .map_err(|p| format!("`{p}` does not play Encore boards"))?;
        let file = Some(path.display().to_string());
        Ok(play_game(&run.game, seed, &mut players, file).log.to_json())
    }
}
