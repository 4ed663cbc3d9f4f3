//! `rollx play` and `rollx referee` for Encore boards: the computer plays a
//! whole game and prints it roll by roll; the referee replays a log.

use std::fmt::Write as _;
use std::path::Path;

use super::output::Output;
use super::play::{PlayArgs, fitted, save_finished, seat_policies, seed_or_clock};
use super::referee::{
    Format, RefereeArgs, log_error, read_sheet, report_sheet, wrong_file_diagnostic,
};
use super::{EXIT_INVALID, EXIT_OK, EXIT_USAGE, encore_game, load_model};
use rollx::diag::SourceMap;
use rollx::diag::render::{Style, report};
use rollx::encore::Board;
use rollx::encore::play::{PLAYERS, play_game, seat_players};
use rollx::encore::rules::filled::{self, FilledResult, FilledVerdict};
use rollx::encore::rules::log::{GameLog, LogTurn};
use rollx::encore::rules::referee::{PlayerVerdict, Verdict, WrongBoard, referee};
use rollx::encore::rules::{Game, Score, Table, solo_band, solo_bands};
use rollx::text::{count, plural};

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

/// `rollx play` on an Encore board (`path`): the computer players play a
/// whole game, printed roll by roll, and the log is written to `log`.
pub fn play(args: &PlayArgs, board: Board, path: &Path, log: Option<Output>, _color: bool) -> u8 {
    if let Err(code) = refuse_rolling_options(args, path) {
        return code;
    }
    let policies = match seat_policies(&args.policy, args.players) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let game = match encore_game(board, path, args.rules.options()) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let seed = seed_or_clock(args.seed);
    let mut seats =
        seat_players(&policies, seed, args.effort.encore_effort()).expect("policies checked above");
    let played = play_game(&game, seed, &mut seats, Some(path.display().to_string()));
    print!("{}", game_text(&game, &played.log, &played.table));
    save_finished(log.as_ref(), &played.log.to_json())
}

/// A game as text: the header, each roll and every move, then the scores
/// of the sheets at the end (`table`) and the winners.
fn game_text(game: &Game, log: &GameLog, table: &Table) -> String {
    let mut s = String::new();
    let names = log.names();
    let players = names.len();
    s.push_str(&fitted(&format!(
        "{} ({}), seed {}, {}: {}",
        game.board().info.name,
        game.board().info.id,
        log.seed.unwrap_or_default(),
        count(players, "player"),
        names.join(", ")
    )));
    let changed = game.options().changed();
    if !changed.is_empty() {
        let _ = writeln!(s, "rules changed: {}", changed.join(", "));
    }
    let width = names.iter().map(String::len).max().unwrap_or(0);
    for (t, turn) in log.turns.iter().enumerate() {
        let _ = writeln!(s);
        let _ = writeln!(s, "{}", roll_line(game, t, turn, &names));
        for (name, mv) in names.iter().zip(&turn.moves) {
            let _ = writeln!(s, "  {name:width$}  {}", mv.describe());
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
    } else if number <= usize::from(rollx::encore::rules::OPEN_ROLLS) {
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

/// `rollx referee` on an Encore log (`text`, read from `path`).
pub fn referee_log(args: &RefereeArgs, path: &Path, text: &str, color: bool) -> u8 {
    let sheet_out = match Output::check_arg(args.write_sheet.as_deref(), false) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let RefereedLog { log, game, verdict } =
        match referee_log_text(path, text, args.map.as_deref(), color) {
            Ok(r) => r,
            Err(code) => return code,
        };
    match args.format {
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(&verdict).expect("serialises")
        ),
        Format::Text => print!("{}", verdict_text(&game, &log, &verdict, path)),
    }
    if let Some(out) = &sheet_out {
        let Some(player) = sheet_player(&verdict, args.player.as_deref()) else {
            return EXIT_USAGE;
        };
        let text = filled::to_toml(&game, &player.sheet, Some(&player.player));
        if let Err(e) = super::output::write(out, text.as_bytes()) {
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

/// The referee's findings as text: every problem and broken rule, then
/// the scores as the referee counts them.
fn verdict_text(game: &Game, log: &GameLog, v: &Verdict, path: &Path) -> String {
    let mut s = String::new();
    let seed = log.seed.map(|x| format!(", seed {x}")).unwrap_or_default();
    let _ = writeln!(
        s,
        "referee: {} ({}{seed}, {}, {})",
        path.display(),
        game.board().info.name,
        count(log.players.len(), "player"),
        count(log.turns.len(), "roll")
    );
    for p in &v.problems {
        let turn = p.turn.map(|t| format!("roll {t}: ")).unwrap_or_default();
        let _ = writeln!(s, "  log problem: {turn}{} [{}]", p.message, p.kind);
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

/// The player whose sheet `--write-sheet` writes: the one named, or the
/// only one; says why not otherwise.
fn sheet_player<'v>(v: &'v Verdict, name: Option<&str>) -> Option<&'v PlayerVerdict> {
    let names: Vec<&str> = v.players.iter().map(|p| p.player.as_str()).collect();
    let found = match name {
        Some(n) => v.players.iter().find(|p| p.player == n),
        None if v.players.len() == 1 => v.players.first(),
        None => {
            eprintln!(
                "error: the log has {} players ({}): say whose sheet --write-sheet writes with \
--player NAME",
                v.players.len(),
                names.join(", ")
            );
            return None;
        }
    };
    if found.is_none() {
        eprintln!(
            "error: --player {}: the log has no such player (its players: {})",
            name.unwrap_or_default(),
            names.join(", ")
        );
    }
    found
}

/// `rollx referee --sheet` on an Encore board: checks a finished paper
/// sheet (docs/encore-sheet.md) without a log.
pub fn referee_sheet(args: &RefereeArgs, board: Board, sheet: &Path, color: bool) -> u8 {
    let map_path = args.map.as_deref().unwrap_or(Path::new("board"));
    let mut options = rollx::encore::rules::Options::default();
    if let Some(cap) = args.star_cap {
        options.star_cap = cap.cap();
    }
    let game = match encore_game(board, map_path, options) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let bytes = match read_sheet(sheet) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let FilledVerdict {
        sources,
        diagnostics,
        result,
    } = filled::check(&game, sheet, bytes);
    report_sheet(
        args.format,
        &sources,
        &diagnostics,
        result,
        color,
        |result| sheet_text(&game, result),
        FilledResult::is_clean,
    )
}

/// A checked sheet's summary: its score as the checker counts it, the
/// total written, and the verdict.
fn sheet_text(game: &Game, r: &FilledResult) -> String {
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
