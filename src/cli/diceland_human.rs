//! `rollx play BOARD --human` on a Diceland board: you play seat 1 in the
//! terminal, against computer players on the same dice, through the same
//! engine and rule check as everything else (docs/terminal-play.md#diceland-boards).

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::Path;

use rand::SeedableRng;

use super::diceland::{refuse_policies, sheet_text, table_size};
use super::human::{Ending, read_command, say};
use super::output::Output;
use super::play::{PlayArgs, save, seed_or_clock};
use super::{EXIT_INVALID, EXIT_OK, EXIT_USAGE};
use rollx::diceland::Board;
use rollx::diceland::model::Color;
use rollx::diceland::play::{player_by_name, seat_names};
use rollx::diceland::rules::log::{GameLog, Recorder, move_text, parse_move};
use rollx::diceland::rules::{Game, Move, Phase, Table};
use rollx::engine::{Actor, Dice, Player, Rules, Watcher, derive_seed};

/// The commands, for `help`.
const HELP: &str = "Commands: a colour to choose it (red, yellow, green, blue, orange, grey, or \
its letter R Y G B O A); `stop` or `reroll`; `cross <colour> <cells>` (cells by column letter \
and row, as the sheet shows them: `cross red C4 D4`) or `pass`; `sheet` shows your sheet; \
`moves` lists your legal moves; `hint` asks the strong player; `auto` lets it make this move; \
`quit` stops (the game is saved with --log, marked unfinished).";

/// `rollx play BOARD --human`.
pub fn play(args: &PlayArgs, board: Board, path: &Path, log: Option<Output>) -> u8 {
    let [policy] = args.policy.as_slice() else {
        eprintln!("error: --human plays against one kind of computer player: give one --policy");
        return EXIT_USAGE;
    };
    if let Err(code) =
        refuse_policies(std::slice::from_ref(policy), path).and_then(|()| table_size(args.players))
    {
        return code;
    }
    let game = Game::new(board);
    let seed = seed_or_clock(args.seed);
    let players = usize::from(args.players);
    let mut policies = vec![policy.clone(); players];
    let mut names = seat_names(&policies);
    names[0] = "you".to_string();
    policies[0] = "you".to_string();
    let mut seats: Vec<Option<Box<dyn Player<Game> + Send>>> = (0..players)
        .map(|i| {
            (i > 0)
                .then(|| player_by_name(policy, derive_seed(seed, i as u64 + 1)).expect("checked"))
        })
        .collect();
    let mut record = GameLog::new(
        &game,
        Some(path.display().to_string()),
        Some(seed),
        names.clone(),
    );
    let mut dice = Dice::seed_from_u64(seed);
    let mut table = game.new_table(players);
    let stdin = io::stdin();
    let interactive = stdin.is_terminal();
    let mut input = stdin.lock();
    let mut out = io::stdout().lock();
    let _ = say(
        &mut out,
        &format!(
            "{} ({}), seed {seed}: you are seat 1{}. Type `help` for the commands.\n",
            game.board().info.name,
            game.board().info.id,
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
    let _ = write!(out, "{}", sheet_text(game.board(), &table.sheets[0]));
    let ending = run(
        &game,
        &mut table,
        &mut dice,
        &mut seats,
        &mut record,
        &mut input,
        &mut out,
        interactive,
    );
    let ending = match ending {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    };
    record.finish(&table);
    let _ = writeln!(out);
    for (name, sheet) in names.iter().zip(&table.sheets) {
        let _ = writeln!(
            out,
            "{name}: {} stars, {} colour{} complete, {} cells crossed",
            sheet.stars,
            sheet.complete_colors(),
            if sheet.complete_colors() == 1 {
                ""
            } else {
                "s"
            },
            sheet.crossed.len()
        );
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
            if record.finished { "" } else { " (unfinished)" }
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
) -> io::Result<Ending> {
    let players = seats.len();
    loop {
        match game.actor(table) {
            Actor::Over => return Ok(Ending::Finished),
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
) -> io::Result<Option<Ending>> {
    let mv = match &mut seats[p] {
        Some(player) => player.choose(game, table, p),
        None => match ask(game, table, input, out, interactive)? {
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
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    interactive: bool,
) -> io::Result<Result<Move, Ending>> {
    let board = game.board();
    say(out, &format!("{}\n", question(game, table)))?;
    let mut line = String::new();
    loop {
        if !read_command(input, out, interactive, &mut line)? {
            return Ok(Err(Ending::InputEnded));
        }
        let text = line.trim().to_lowercase();
        let strong = || player_by_name("strong", 0).expect("a player");
        let mv = match text.as_str() {
            "" => continue,
            "quit" | "exit" | "q" => return Ok(Err(Ending::Quit)),
            "help" | "?" => {
                say(out, &format!("{HELP}\n"))?;
                continue;
            }
            "sheet" => {
                write!(out, "{}", sheet_text(board, &table.sheets[0]))?;
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
