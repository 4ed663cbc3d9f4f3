//! `rollx play BOARD --human` on a Diceland board: you play seat 1 in the
//! terminal, against computer players on the same dice, through the same
//! engine and rule check as everything else (docs/terminal-play.md#diceland-boards).

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::Path;

use rand::SeedableRng;

use super::diceland::{
    refereed_log, refuse_other_play_options, refuse_policies, sheet_text, standing, table_size,
};
use super::human::{Ending, read_command, resumable, say};
use super::output::Output;
use super::play::{PlayArgs, save, seed_or_clock};
use super::{EXIT_INVALID, EXIT_OK, EXIT_USAGE};
use rollx::diceland::Board;
use rollx::diceland::model::Color;
use rollx::diceland::play::{player_by_name, seat_names};
use rollx::diceland::rules::log::{Event, GameLog, LogTurn, Recorder, move_text, parse_move};
use rollx::diceland::rules::{Game, Move, Phase, Table};
use rollx::engine::{Actor, Dice, Player, Rules, Watcher, derive_seed};

/// The commands, for `help`.
const HELP: &str = "Commands: a colour to choose it (red, yellow, green, blue, orange, grey, or \
its letter R Y G B O A); `stop` or `reroll`; `cross <colour> <cells>` (cells by column letter \
and row, as the sheet shows them: `cross red C4 D4`) or `pass`; `sheet` shows your sheet; `table` \
where every player stands (stars, colours complete, cells); \
`moves` lists your legal moves; `hint` asks the strong player; `auto` lets it make this move; \
`undo` takes back your moves of the turn being played (before any, the last turn you played in; \
its dice fall again as they fell); `quit` stops (the game is saved with --log, marked unfinished).";

/// Why the game at the terminal stopped being played.
enum Halt {
    /// It ended, you quit, or the input ended.
    Ended(Ending),
    /// You asked to take moves back.
    Undo,
}

/// A game at the terminal: the table, its dice, the computer players
/// (seat 1 is you) and the log being written.
struct Session {
    game: Game,
    table: Table,
    dice: Dice,
    seats: Vec<Option<Box<dyn Player<Game> + Send>>>,
    record: GameLog,
}

impl Session {
    /// A new game from `seed` on `game`, seat 1 yours, the others played
    /// by `policies` (one per seat after yours). `Err` names a seat whose
    /// policy is no Diceland player.
    fn new(
        game: Game,
        seed: u64,
        names: Vec<String>,
        policies: &[&str],
        board_file: Option<String>,
    ) -> Result<Session, usize> {
        let mut seats: Vec<Option<Box<dyn Player<Game> + Send>>> = vec![None];
        for (i, p) in policies.iter().enumerate() {
            let seat = i + 1;
            seats.push(Some(
                player_by_name(p, derive_seed(seed, seat as u64 + 1)).ok_or(seat)?,
            ));
        }
        let record = GameLog::new(&game, board_file, Some(seed), names);
        let table = game.new_table(seats.len());
        Ok(Session {
            game,
            table,
            dice: Dice::seed_from_u64(seed),
            seats,
            record,
        })
    }

    /// The session taken back to just after the first roll of the turn
    /// being played, if you have moved in it, else of the last turn you
    /// moved in: the game made again from its seed and the log up to
    /// there. `None` when there is nothing of yours to take back.
    fn undone(&self) -> Option<Session> {
        let you = &self.record.players[0];
        let moved = |t: &LogTurn| {
            t.events
                .iter()
                .any(|e| matches!(e, Event::Move { player, .. } if player == you))
        };
        let target = self.record.turns.iter().rposition(moved)?;
        let mut saved = self.record.clone();
        saved.turns.truncate(target + 1);
        saved.turns[target].events.truncate(1);
        let seed = saved.seed?;
        let others: Vec<&str> = saved.players[1..].iter().map(|n| policy_of(n)).collect();
        let mut session = Session::new(
            self.game.clone(),
            seed,
            saved.players.clone(),
            &others,
            saved.board.file.clone(),
        )
        .ok()?;
        session.replay(&saved).ok()?;
        Some(session)
    }

    /// Plays a saved game's events again: its rolls rolled again from the
    /// seed, your moves as saved, the computers' moves chosen again (they
    /// must be the saved ones).
    fn replay(&mut self, saved: &GameLog) -> Result<(), String> {
        let board = self.game.board();
        for (t, turn) in saved.turns.iter().enumerate() {
            let number = t + 1;
            for event in &turn.events {
                match (self.game.actor(&self.table), event) {
                    (Actor::Chance, Event::Roll { roll }) => {
                        let rolled = self.game.sample_chance(&self.table, &mut self.dice);
                        if rolled.letters() != *roll {
                            return Err(format!(
                                "turn {number}: the log rolls {roll}, but its seed rolls {}",
                                rolled.letters()
                            ));
                        }
                        Recorder {
                            log: &mut self.record,
                        }
                        .chance(&self.game, &self.table, rolled);
                        self.game.apply_chance(&mut self.table, rolled);
                    }
                    (Actor::Player(_) | Actor::AllPlayers, Event::Move { player, mv }) => {
                        let seat = saved
                            .players
                            .iter()
                            .position(|p| p == player)
                            .ok_or_else(|| format!("turn {number}: no player `{player}`"))?;
                        let logged = parse_move(board, mv)
                            .map_err(|why| format!("turn {number}: {player}: {why}"))?;
                        if let Some(computer) = &mut self.seats[seat] {
                            let now = computer.choose(&self.game, &self.table, seat);
                            if now != logged {
                                return Err(format!(
                                    "turn {number}: {player} played `{mv}`, but plays `{}` \
                                     there now (was the game saved by another version of rollx?)",
                                    move_text(board, now)
                                ));
                            }
                        }
                        Recorder {
                            log: &mut self.record,
                        }
                        .before_move(&self.game, &self.table, seat, logged);
                        self.game.apply(&mut self.table, seat, logged);
                    }
                    _ => {
                        return Err(format!(
                            "turn {number}: the log's events are out of order (`rollx referee` \
                             says where)"
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

/// `rollx play BOARD --human`.
pub fn play(args: &PlayArgs, board: Board, path: &Path, log: Option<Output>) -> u8 {
    let [policy] = args.policy.as_slice() else {
        eprintln!("error: --human plays against one kind of computer player: give one --policy");
        return EXIT_USAGE;
    };
    if let Err(code) = refuse_policies(std::slice::from_ref(policy), path)
        .and_then(|()| refuse_other_play_options(args, path))
        .and_then(|()| table_size(args.players))
    {
        return code;
    }
    let seed = seed_or_clock(args.seed);
    let players = usize::from(args.players);
    let mut names = seat_names(&vec![policy.clone(); players]);
    names[0] = "you".to_string();
    let others = vec![policy.as_str(); players - 1];
    let session = Session::new(
        Game::new(board),
        seed,
        names,
        &others,
        Some(path.display().to_string()),
    )
    .expect("policies checked above");
    let board = session.game.board();
    let mut out = io::stdout().lock();
    let _ = say(
        &mut out,
        &format!(
            "{} ({}), seed {seed}: you are seat 1{}. Type `help` for the commands.\n",
            board.info.name,
            board.info.id,
            if players > 1 {
                format!(
                    ", against {} {policy} player{}",
                    players - 1,
                    if players == 2 { "" } else { "s" }
                )
            } else {
                String::new()
            }
        ),
    );
    drop(out);
    go(session, log)
}

/// The computer player a seat's name stands for: `greedy 2` is `greedy`.
fn policy_of(name: &str) -> &str {
    name.rsplit_once(' ')
        .filter(|(_, n)| n.parse::<usize>().is_ok())
        .map_or(name, |(p, _)| p)
}

/// `rollx play --resume LOG` of a Diceland game that `rollx play --human`
/// saved unfinished (`text`, read from `path`): the log must referee
/// clean; its rolls are rolled again from its seed and its moves played
/// again, then the game goes on at the terminal and is saved to `log`.
pub fn resume(args: &PlayArgs, path: &Path, text: &str, log: Option<Output>, color: bool) -> u8 {
    if let Err(code) = refuse_other_play_options(args, path) {
        return code;
    }
    let (saved, game, verdict) = match refereed_log(path, text, args.map.as_deref(), color) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let seat_1 = (saved.players[0] != "you").then_some(saved.players[0].as_str());
    let seed = match resumable(path, verdict.is_clean_so_far(), saved.seed, seat_1) {
        Ok(seed) => seed,
        Err(code) => return code,
    };
    let file = path.display();
    let others: Vec<&str> = saved.players[1..].iter().map(|n| policy_of(n)).collect();
    let mut session = match Session::new(
        game,
        seed,
        saved.players.clone(),
        &others,
        saved.board.file.clone(),
    ) {
        Ok(s) => s,
        Err(seat) => {
            eprintln!(
                "error: {file}: cannot tell how player {} (`{}`) plays: the computer players \
                 are {}",
                seat + 1,
                saved.players[seat],
                rollx::diceland::play::PLAYERS.join(", ")
            );
            return EXIT_INVALID;
        }
    };
    if let Err(e) = session.replay(&saved) {
        eprintln!("error: {file}: cannot resume the game: {e}");
        return EXIT_INVALID;
    }
    if session.game.actor(&session.table) == Actor::Over {
        eprintln!(
            "error: {file}: the game is over (after {}): nothing to resume",
            rollx::text::count(saved.turns.len(), "turn")
        );
        return EXIT_INVALID;
    }
    println!(
        "resuming {file} after {} turn{}",
        saved.turns.len(),
        if saved.turns.len() == 1 { "" } else { "s" }
    );
    go(session, log)
}

/// Plays a session at the terminal to its end, or until you stop, then
/// says how it ended and saves the log to `log`.
fn go(mut session: Session, log: Option<Output>) -> u8 {
    let stdin = io::stdin();
    let interactive = stdin.is_terminal();
    let mut input = stdin.lock();
    let mut out = io::stdout().lock();
    let _ = write!(
        out,
        "{}",
        sheet_text(session.game.board(), &session.table.sheets[0])
    );
    let ending = loop {
        let Session {
            game,
            table,
            dice,
            seats,
            record,
        } = &mut session;
        let halt = run(
            game,
            table,
            dice,
            seats,
            record,
            &mut input,
            &mut out,
            interactive,
        );
        match halt {
            Ok(Halt::Ended(e)) => break e,
            Ok(Halt::Undo) => match session.undone() {
                Some(earlier) => {
                    session = earlier;
                    let turn = session.table.turn;
                    let _ = say(
                        &mut out,
                        &format!(
                            "taken back to turn {turn}, just after its roll {}\n",
                            session.table.roll.letters()
                        ),
                    );
                    let _ = write!(
                        out,
                        "{}",
                        sheet_text(session.game.board(), &session.table.sheets[0])
                    );
                }
                None => {
                    let _ = say(&mut out, "nothing to undo: you have not moved yet\n");
                }
            },
            Err(e) => {
                eprintln!("error: {e}");
                return EXIT_USAGE;
            }
        }
    };
    let Session { table, record, .. } = &mut session;
    record.finish(table);
    let _ = writeln!(out);
    for (name, sheet) in record.players.iter().zip(&table.sheets) {
        let _ = writeln!(out, "{}", standing(name, sheet));
    }
    match ending {
        Ending::Finished => {
            let _ = writeln!(
                out,
                "{}",
                if record.winners.is_empty() {
                    "no winner: the turn limit was reached".to_string()
                } else {
                    format!(
                        "winner{}: {}",
                        if record.winners.len() == 1 { "" } else { "s" },
                        record.winners.join(", ")
                    )
                }
            );
        }
        Ending::Quit => {
            let _ = writeln!(out, "game stopped");
        }
        Ending::InputEnded => {
            let _ = writeln!(out, "the input ended before the game did");
        }
    }
    drop(out);
    if let Some(o) = &log {
        if let Err(code) = save(o, &record.to_json()) {
            return code;
        }
        println!(
            "log written to {}{}",
            o.path().display(),
            if record.finished {
                String::new()
            } else {
                format!(
                    " (unfinished; go on with `rollx play --resume {}`)",
                    o.path().display()
                )
            }
        );
    }
    match ending {
        Ending::InputEnded => EXIT_INVALID,
        Ending::Finished | Ending::Quit => EXIT_OK,
    }
}

/// Plays on until the game is over, you quit, or the input ends.
#[allow(clippy::too_many_arguments)]
fn run(
    game: &Game,
    table: &mut Table,
    dice: &mut Dice,
    seats: &mut [Option<Box<dyn Player<Game> + Send>>],
    record: &mut GameLog,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    interactive: bool,
) -> io::Result<Halt> {
    let players = seats.len();
    loop {
        match game.actor(table) {
            Actor::Over => return Ok(Halt::Ended(Ending::Finished)),
            Actor::Chance => {
                let roll = game.sample_chance(table, dice);
                let who = |p: u8| {
                    let name = &record.players[usize::from(p)];
                    format!("{name} ")
                };
                let s = |p: u8| if p == 0 { "" } else { "s" };
                let what = match table.phase {
                    Phase::Roll => format!(
                        "\nturn {}: {}roll{}",
                        table.turn + 1,
                        who(table.active),
                        s(table.active)
                    ),
                    Phase::Reroll => format!("  {}reroll{}", who(table.active), s(table.active)),
                    Phase::BonusRoll(p) => format!("  {}roll{} a bonus roll", who(p), s(p)),
                    _ => String::new(),
                };
                writeln!(out, "{what}: {}", roll.letters())?;
                Recorder { log: record }.chance(game, table, roll);
                game.apply_chance(table, roll);
            }
            Actor::Player(p) => {
                if let Some(e) = one(game, table, seats, p, record, input, out, interactive)? {
                    return Ok(e);
                }
            }
            Actor::AllPlayers => {
                for p in 0..players {
                    if game.must_move(table, p)
                        && let Some(e) =
                            one(game, table, seats, p, record, input, out, interactive)?
                    {
                        return Ok(e);
                    }
                }
            }
        }
    }
}

/// One move of seat `p`: yours from the input, or the computer's.
#[allow(clippy::too_many_arguments)]
fn one(
    game: &Game,
    table: &mut Table,
    seats: &mut [Option<Box<dyn Player<Game> + Send>>],
    p: usize,
    record: &mut GameLog,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    interactive: bool,
) -> io::Result<Option<Halt>> {
    let mv = match &mut seats[p] {
        Some(player) => player.choose(game, table, p),
        None => match ask(game, table, &record.players, input, out, interactive)? {
            Ok(mv) => mv,
            Err(ending) => return Ok(Some(ending)),
        },
    };
    writeln!(
        out,
        "    {}: {}",
        record.players[p],
        move_text(game.board(), mv)
    )?;
    Recorder { log: record }.before_move(game, table, p, mv);
    game.apply(table, p, mv);
    Ok(None)
}

/// What the table asks of you now, in words.
fn question(game: &Game, table: &Table) -> String {
    let board = game.board();
    match table.phase {
        Phase::Choose => format!("choose a colour of the roll ({})", table.roll.letters()),
        Phase::Decide => format!(
            "{} {} dice set aside: stop or reroll the other {}?",
            table.kept,
            table.chosen.map_or("", Color::id),
            6 - table.kept
        ),
        _ => {
            let (dice, compulsory) = table.offer(0);
            let offer: Vec<String> = Color::ALL
                .into_iter()
                .filter(|c| dice[c.index()] > 0)
                .map(|c| format!("{} {}", dice[c.index()], c.id()))
                .collect();
            let _ = board;
            if offer.is_empty() {
                "nothing to cross: pass".to_string()
            } else if compulsory {
                format!(
                    "cross your {} (one cell per die), or pass if they fit nowhere",
                    offer.join(", ")
                )
            } else {
                format!(
                    "cross one colour of {} (all its dice), or pass",
                    offer.join(", ")
                )
            }
        }
    }
}

/// Reads your move: `Err` when you quit or the input ends.
fn ask(
    game: &Game,
    table: &Table,
    names: &[String],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    interactive: bool,
) -> io::Result<Result<Move, Halt>> {
    let board = game.board();
    say(out, &format!("{}\n", question(game, table)))?;
    let mut line = String::new();
    loop {
        if !read_command(input, out, interactive, &mut line)? {
            return Ok(Err(Halt::Ended(Ending::InputEnded)));
        }
        let text = line.trim().to_lowercase();
        let strong = || player_by_name("strong", 0).expect("a player");
        let mv = match text.as_str() {
            "" => continue,
            "quit" | "exit" | "q" => return Ok(Err(Halt::Ended(Ending::Quit))),
            "undo" | "u" => return Ok(Err(Halt::Undo)),
            "help" | "?" => {
                say(out, &format!("{HELP}\n"))?;
                continue;
            }
            "sheet" => {
                write!(out, "{}", sheet_text(board, &table.sheets[0]))?;
                continue;
            }
            "table" => {
                for (name, sheet) in names.iter().zip(&table.sheets) {
                    writeln!(out, "{}", standing(name, sheet))?;
                }
                continue;
            }
            "moves" => {
                let moves: Vec<String> = game
                    .moves(table, 0)
                    .into_iter()
                    .map(|m| move_text(board, m))
                    .collect();
                say(out, &format!("{}\n", moves.join("; ")))?;
                continue;
            }
            "hint" => {
                let m = strong().choose(game, table, 0);
                say(
                    out,
                    &format!("the strong player would play: {}\n", move_text(board, m)),
                )?;
                continue;
            }
            "auto" => strong().choose(game, table, 0),
            "s" => Move::Stop,
            "r" => Move::Reroll,
            _ => {
                let single = text.chars().count() == 1;
                let colour = if single {
                    text.chars()
                        .next()
                        .and_then(|c| Color::by_letter(c.to_ascii_uppercase()))
                } else {
                    Color::by_id(&text)
                };
                match (colour, table.phase) {
                    (Some(c), Phase::Choose) => Move::Choose(c),
                    _ => {
                        let written = if text.starts_with("choose") || text.starts_with("cross") {
                            text.clone()
                        } else if table.phase == Phase::Choose {
                            format!("choose {text}")
                        } else {
                            text.clone()
                        };
                        match parse_move(board, &written.replace(',', " ").to_uppercase_cells()) {
                            Ok(m) => m,
                            Err(why) => {
                                say(out, &format!("{why}; `help` lists the commands\n"))?;
                                continue;
                            }
                        }
                    }
                }
            }
        };
        match game.check(table, 0, mv) {
            Ok(()) => return Ok(Ok(mv)),
            Err(e) => say(out, &format!("not allowed: {e}\n"))?,
        }
    }
}

/// Cell names in upper case (`c4` is `C4`), the rest as typed.
trait UpperCells {
    fn to_uppercase_cells(&self) -> String;
}

impl UpperCells for String {
    fn to_uppercase_cells(&self) -> String {
        self.split_whitespace()
            .map(|w| {
                if w.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                    && w.chars().any(|c| c.is_ascii_digit())
                {
                    w.to_ascii_uppercase()
                } else {
                    w.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}
