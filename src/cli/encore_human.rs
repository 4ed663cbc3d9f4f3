//! `rollx play BOARD --human`: an Encore game in the terminal. You play
//! seat 1 against the dice, and the computer plays the other seats; each
//! roll goes through the engine ([`engine::roll`], [`engine::decide`]), the
//! rules refuse what they forbid ([`Game::check`]), and a turn can be taken
//! back with the same dice.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::Path;

use rand::SeedableRng;

use super::encore::{RefereedLog, outcome, referee_log_text, refuse_rolling_options, score_table};
use super::human::{Ending, read_command, resumable, say, say_with};
use super::output::Output;
use super::play::{PlayArgs, save_session, seed_or_clock};
use super::sheet_text::{count, terminal_width, wrap};
use super::{EXIT_INVALID, EXIT_USAGE};
use rollx::encore::play::{Effort, Strong, player_by_name};
use rollx::encore::rules::log::{
    GameLog, LogMove, LogPlayer, LogRecorder, LogTurn, PassMark, log_move, move_from_log,
};
use rollx::encore::rules::{
    Boxes, ColorFace, Cross, Game, Move, NumberFace, OPEN_ROLLS, Phase, Score, Table,
};
use rollx::encore::{Board, ColorId};
use rollx::engine::{self, Actor, Dice, Player as _, Rules as _, derive_seed};

/// The hint player's stream of the game's seed.
const HINT_STREAM: u64 = 0x6869_6e74;

/// The seat the person plays.
const ME: usize = 0;

/// Where a turn began: the table, the dice generator and the log just
/// after the turn's dice were rolled, so that the turn can be played again.
struct TurnStart {
    table: Table,
    dice: Dice,
    turns: Vec<LogTurn>,
}

/// Plays one move chosen beforehand (the engine asks a [`engine::Player`]).
struct Chosen(Move);

impl engine::Player<Game> for Chosen {
    fn choose(&mut self, _game: &Game, _table: &Table, _me: usize) -> Move {
        self.0
    }
}

/// A game in progress at the terminal.
struct Session<'g> {
    game: &'g Game,
    seed: u64,
    dice: Dice,
    table: Table,
    recorder: LogRecorder,
    /// Every seat's name: the person's first.
    names: Vec<String>,
    /// The computer players, for seats 1 and on.
    computers: Vec<Box<dyn engine::Player<Game>>>,
    /// The strong player's effort, for the hint as for the computers.
    effort: Effort,
    /// Every turn begun.
    starts: Vec<TurnStart>,
    /// The computers' moves by turn and seat, kept when turns are taken
    /// back: they play them again while they are legal.
    kept: Vec<Vec<Option<Move>>>,
    /// What the computers did since the person last chose.
    told: Vec<String>,
}

impl<'g> Session<'g> {
    /// A game from `seed` before its first roll: the person in seat 1,
    /// then a computer player for each of `policies` (seat 2 on), each
    /// seeded by the game's seed and its seat. `Err` holds the seat (from
    /// 0) of a policy that is missing or not a computer player.
    fn new(
        game: &'g Game,
        seed: u64,
        names: Vec<String>,
        policies: &[Option<&str>],
        effort: Effort,
    ) -> Result<Self, usize> {
        let computers = policies
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let seat = i + 1;
                p.and_then(|p| player_by_name(p, derive_seed(seed, seat as u64 + 1), effort))
                    .ok_or(seat)
            })
            .collect::<Result<_, _>>()?;
        Ok(Session {
            game,
            seed,
            dice: Dice::seed_from_u64(seed),
            table: game.new_table(names.len()),
            recorder: LogRecorder::default(),
            names,
            computers,
            effort,
            starts: Vec::new(),
            kept: Vec::new(),
            told: Vec::new(),
        })
    }

    /// Rolls the next turn's dice.
    fn begin_turn(&mut self) {
        engine::roll(
            self.game,
            &mut self.table,
            &mut self.dice,
            &mut self.recorder,
        );
        self.starts.push(TurnStart {
            table: self.table.clone(),
            dice: self.dice.clone(),
            turns: self.recorder.turns.clone(),
        });
    }

    /// The computer in `seat` chooses (or plays again what it played
    /// before the turn was taken back, while that is legal).
    fn computer(&mut self, seat: usize) {
        let game = self.game;
        let t = self.starts.len() - 1;
        if self.kept.len() <= t {
            self.kept.resize(t + 1, vec![None; self.names.len()]);
        }
        let mv = match self.kept[t][seat].filter(|mv| game.is_legal(&self.table, seat, mv)) {
            Some(mv) => mv,
            None => self.computers[seat - 1].choose(game, &self.table, seat),
        };
        self.kept[t][seat] = Some(mv);
        let active = if self.table.phase() == Phase::Active {
            " (chooses first)"
        } else {
            ""
        };
        self.told.push(format!(
            "roll {}, {}{active}: {}",
            self.table.rolls(),
            self.names[seat],
            log_move(game, &mv).describe()
        ));
        engine::decide(
            game,
            &mut self.table,
            seat,
            &mut Chosen(mv),
            &mut self.recorder,
        );
    }

    /// The person's move, legal, through the engine.
    fn play_mine(&mut self, mv: Move) {
        engine::decide(
            self.game,
            &mut self.table,
            ME,
            &mut Chosen(mv),
            &mut self.recorder,
        );
    }

    /// Takes the last turn back: the table as it was after its roll, with
    /// the same dice. `false` when this is the first turn.
    fn undo(&mut self) -> bool {
        if self.starts.len() < 2 {
            return false;
        }
        self.starts.pop();
        let start = self.starts.last().expect("a turn before");
        self.table = start.table.clone();
        self.dice = start.dice.clone();
        self.recorder.turns = start.turns.clone();
        self.told.clear();
        true
    }

    /// What `hint` says and `auto` plays: the strong player's move in the
    /// person's seat, from a generator seeded by the game's seed (its
    /// rollouts are seeded by the roll too): the same position always gets
    /// the same hint.
    fn hint(&self) -> Move {
        Strong::with_effort(derive_seed(self.seed, HINT_STREAM), self.effort).choose(
            self.game,
            &self.table,
            ME,
        )
    }

    /// The game as a log: every turn played to its end (a turn half played
    /// is left out), marked unfinished unless the game is over.
    fn log(&self, board_file: Option<String>) -> GameLog {
        let turns = if self.table.phase() == Phase::Over {
            self.recorder.turns.clone()
        } else {
            let begun = self.starts.last().map_or(0, |s| s.turns.len());
            self.recorder.turns[..begun.saturating_sub(1)].to_vec()
        };
        let players = self
            .names
            .iter()
            .enumerate()
            .map(|(i, name)| LogPlayer {
                name: name.clone(),
                policy: (i != ME).then(|| name.split(' ').next().unwrap_or("").to_string()),
            })
            .collect();
        GameLog::played(
            self.game,
            Some(self.seed),
            board_file,
            players,
            turns,
            &self.table,
        )
    }

    /// Plays the turns of a saved game again: each roll from the seed (it
    /// must show the log's dice), then the log's moves. The computers'
    /// moves are kept, as after an undo.
    fn replay(&mut self, log: &GameLog) -> Result<(), String> {
        let game = self.game;
        for (t, turn) in log.turns.iter().enumerate() {
            if game.actor(&self.table) != Actor::Chance {
                return Err(format!("the game ended before roll {}", t + 1));
            }
            self.begin_turn();
            let rolled = &self.recorder.turns.last().expect("just rolled").roll;
            if *rolled != turn.roll {
                return Err(format!(
                    "roll {}: the log's dice are not the ones seed {} rolls",
                    t + 1,
                    self.seed
                ));
            }
            loop {
                match game.actor(&self.table) {
                    Actor::Player(p) => self.replay_move(t, turn, p)?,
                    Actor::AllPlayers => {
                        for p in 0..self.names.len() {
                            if game.must_move(&self.table, p) {
                                self.replay_move(t, turn, p)?;
                            }
                        }
                    }
                    Actor::Chance | Actor::Over => break,
                }
            }
        }
        Ok(())
    }

    /// Plays seat `p`'s move of turn `t` of a saved game again.
    fn replay_move(&mut self, t: usize, turn: &LogTurn, p: usize) -> Result<(), String> {
        let game = self.game;
        let logged = turn
            .moves
            .get(p)
            .cloned()
            .unwrap_or(LogMove::Pass(PassMark::Pass));
        let mv = move_from_log(game, &logged).map_err(|e| e.describe(game))?;
        if !game.is_legal(&self.table, p, &mv) {
            return Err(format!(
                "roll {}: {} cannot play {}",
                t + 1,
                self.names[p],
                logged.describe()
            ));
        }
        if p != ME {
            if self.kept.len() <= t {
                self.kept.resize(t + 1, vec![None; self.names.len()]);
            }
            self.kept[t][p] = Some(mv);
        }
        engine::decide(
            game,
            &mut self.table,
            p,
            &mut Chosen(mv),
            &mut self.recorder,
        );
        Ok(())
    }

    /// The turns played to their end.
    fn turns_played(&self) -> usize {
        if self.table.phase() == Phase::Over {
            self.starts.len()
        } else {
            self.starts.len().saturating_sub(1)
        }
    }
}

/// `rollx play BOARD --human`: checks the options, plays the game at the
/// terminal, and saves the log (also when stopped before the end).
pub fn play(args: &PlayArgs, board: Board, path: &Path, log: Option<Output>, color: bool) -> u8 {
    if let Err(code) = refuse_rolling_options(args, path) {
        return code;
    }
    let others = usize::from(args.players) - 1;
    let policies: Vec<String> = match args.policy.len() {
        1 => vec![args.policy[0].clone(); others],
        n if n == others => args.policy.clone(),
        n => {
            eprintln!(
                "error: --policy names {n} computer players, but you play with {}\n  \
                 help: give one policy for every computer player, or one per computer seat \
                 (seats 2 to {}) separated by commas",
                count(others as u64, "computer player"),
                args.players
            );
            return EXIT_USAGE;
        }
    };
    let game = match super::encore_game(board, path, args.rules.options()) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let seed = seed_or_clock(args.seed);
    let effort = args.effort.encore_effort();
    let names: Vec<String> = std::iter::once("you".to_string())
        .chain(
            policies
                .iter()
                .enumerate()
                .map(|(i, p)| format!("{p} {}", i + 2)),
        )
        .collect();
    let policies: Vec<Option<&str>> = policies.iter().map(|p| Some(p.as_str())).collect();
    let Ok(mut session) = Session::new(&game, seed, names, &policies, effort) else {
        unreachable!("the policies were checked above");
    };
    go(
        &mut session,
        Some(path.display().to_string()),
        log.as_ref(),
        color,
    )
}

/// Plays a session at the terminal, then saves its log to `log` (also
/// when stopped before the end, to be resumed); `board_file` is the
/// board's path as the log records it.
fn go(s: &mut Session, board_file: Option<String>, log: Option<&Output>, color: bool) -> u8 {
    let stdin = io::stdin();
    let interactive = stdin.is_terminal();
    let mut input = stdin.lock();
    let mut out = io::stdout();
    let ending = match run(s, &mut input, &mut out, color, interactive) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    };
    let json = s.log(board_file).to_json();
    let rolls = count(s.turns_played() as u64, "roll");
    save_session(
        log,
        &json,
        ending,
        |file| {
            format!(
                "saved to {} after {rolls} (unfinished); go on with `rollx play --resume {}`",
                file.display(),
                file.display()
            )
        },
        "game abandoned (with --log FILE it is saved, to be resumed)",
    )
}

/// `rollx play --resume LOG` of an Encore game that `rollx play --human`
/// saved unfinished (`text`, read from `path`): the log must referee
/// clean; its rolls are rolled again from its seed and its moves played
/// again, then the game goes on at the terminal and is saved to `log`.
pub fn resume(args: &PlayArgs, path: &Path, text: &str, log: Option<Output>, color: bool) -> u8 {
    let RefereedLog {
        log: saved,
        game,
        verdict,
    } = match referee_log_text(path, text, args.map.as_deref(), color) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let seed = match resumable(
        path,
        verdict.is_clean_so_far(),
        saved.seed,
        saved.players.first().and_then(|p| p.policy.as_deref()),
    ) {
        Ok(seed) => seed,
        Err(code) => return code,
    };
    let file = path.display();
    let effort = args.effort.encore_effort();
    let policies: Vec<Option<&str>> = saved
        .players
        .iter()
        .skip(1)
        .map(|p| p.policy.as_deref())
        .collect();
    let mut session = match Session::new(&game, seed, saved.names(), &policies, effort) {
        Ok(s) => s,
        Err(seat) => {
            eprintln!(
                "error: {file}: cannot tell how player {} (`{}`) plays: the computer \
                 players are {}",
                seat + 1,
                saved.players[seat].name,
                rollx::encore::play::PLAYERS.join(", ")
            );
            return EXIT_INVALID;
        }
    };
    if let Err(e) = session.replay(&saved) {
        eprintln!("error: {file}: cannot resume the game: {e}");
        return EXIT_INVALID;
    }
    if session.table.phase() == Phase::Over {
        eprintln!(
            "error: {file}: the game is over (all {} are played): nothing to resume",
            count(session.turns_played() as u64, "roll")
        );
        return EXIT_INVALID;
    }
    println!(
        "resuming {file} after {}",
        count(saved.turns.len() as u64, "roll")
    );
    go(&mut session, saved.board.file.clone(), log.as_ref(), color)
}

/// Plays the game at the terminal to its end, or until the person stops.
fn run(
    s: &mut Session,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    color: bool,
    interactive: bool,
) -> io::Result<Ending> {
    let game = s.game;
    let board = game.board();
    let players = s.names.len();
    say(
        out,
        &format!(
            "{} ({}), seed {}. Type `help` for the commands.",
            board.info.name, board.info.id, s.seed
        ),
    )?;
    if players > 1 {
        let others: Vec<String> = s.names[1..]
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{n} (`sheet {}`)", i + 2))
            .collect();
        say(
            out,
            &format!(
                "You play against {}, on the same dice; you choose first in roll 4. The game \
                 ends when someone completes a second colour.",
                others.join(", ")
            ),
        )?;
    } else {
        say(
            out,
            &format!("Solo game: {} rolls of the dice.", board.solo_rolls),
        )?;
    }
    let mut line = String::new();
    loop {
        match game.actor(&s.table) {
            Actor::Over => break,
            Actor::Chance => s.begin_turn(),
            Actor::Player(p) if p != ME => s.computer(p),
            Actor::AllPlayers if !game.must_move(&s.table, ME) => {
                for p in 1..players {
                    if game.must_move(&s.table, p) {
                        s.computer(p);
                    }
                }
            }
            Actor::Player(_) | Actor::AllPlayers => {
                match my_turn(s, input, out, color, interactive, &mut line)? {
                    None => {}
                    Some(ending) => return Ok(ending),
                }
            }
        }
    }
    writeln!(out)?;
    for t in s.told.drain(..) {
        say(out, &t)?;
    }
    for seat in 1..players {
        writeln!(out, "{}'s sheet:", s.names[seat])?;
        write!(out, "{}", render(game, &s.table, seat, color))?;
    }
    if players > 1 {
        writeln!(out, "your sheet:")?;
    }
    write!(out, "{}", render(game, &s.table, ME, color))?;
    writeln!(out)?;
    say(
        out,
        &format!("game over after {}.", count(s.table.rolls(), "roll")),
    )?;
    let scores: Vec<(String, Score)> = s
        .names
        .iter()
        .zip(s.table.sheets())
        .map(|(n, sheet)| (n.clone(), game.score(sheet)))
        .collect();
    write!(out, "{}", score_table(&scores))?;
    let winners: Vec<&str> = game
        .winners(&s.table)
        .into_iter()
        .map(|p| s.names[p].as_str())
        .collect();
    write!(out, "{}", outcome(&winners, &scores))?;
    Ok(Ending::Finished)
}

/// The person's decision: shows the turn and reads commands until a move
/// is played (`None`), the turn is taken back (`None`: the game loop goes
/// on from the turn before) or the person stops.
fn my_turn(
    s: &mut Session,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    color: bool,
    interactive: bool,
    line: &mut String,
) -> io::Result<Option<Ending>> {
    let game = s.game;
    writeln!(out)?;
    for t in s.told.drain(..) {
        say(out, &t)?;
    }
    write!(out, "{}", render(game, &s.table, ME, color))?;
    write!(out, "{}", status(s))?;
    loop {
        if !read_command(input, out, interactive, line)? {
            return Ok(Some(Ending::InputEnded));
        }
        let command = line.trim().to_ascii_lowercase();
        let mut words = command.split_whitespace();
        match words.next().unwrap_or("") {
            "" => {}
            "help" | "h" => write!(out, "{}", help_text(game, &s.table))?,
            "quit" | "exit" | "q" => return Ok(Some(Ending::Quit)),
            "sheet" => match words.next() {
                None => write!(out, "{}", render(game, &s.table, ME, color))?,
                Some(n) => match n.parse::<usize>() {
                    Ok(k) if (1..=s.names.len()).contains(&k) => {
                        writeln!(out, "{}'s sheet:", s.names[k - 1])?;
                        write!(out, "{}", render(game, &s.table, k - 1, color))?;
                    }
                    _ => say(
                        out,
                        &format!(
                            "no player `{n}`: `sheet N` shows player N's sheet, from 1 (you) to {}",
                            s.names.len()
                        ),
                    )?,
                },
            },
            "moves" | "m" => write!(out, "{}", moves_text(game, &s.table))?,
            "undo" | "u" => {
                if s.undo() {
                    say(
                        out,
                        "the last roll is taken back: the same dice again, your sheet as it was",
                    )?;
                    return Ok(None);
                }
                say(out, "nothing to undo: this is the first roll")?;
            }
            "hint" => {
                let mv = s.hint();
                say(
                    out,
                    &format!(
                        "the strong player would play: {}",
                        log_move(game, &mv).describe()
                    ),
                )?;
            }
            "auto" | "a" => {
                let mv = s.hint();
                say(out, &format!("you play {}", log_move(game, &mv).describe()))?;
                s.play_mine(mv);
                return Ok(None);
            }
            _ => match parse_move(game, &s.table, &command) {
                Err(message) => say(out, &message)?,
                Ok(mv) => {
                    let broken = game.check(&s.table, ME, &mv);
                    if broken.is_empty() {
                        say(out, &format!("you play {}", log_move(game, &mv).describe()))?;
                        s.play_mine(mv);
                        return Ok(None);
                    }
                    say(
                        out,
                        &format!("not allowed: {}", log_move(game, &mv).describe()),
                    )?;
                    for b in broken {
                        say_with(
                            out,
                            &format!("{} [{}]", b.describe(game), b.code()),
                            "  - ",
                            "    ",
                        )?;
                    }
                }
            },
        }
    }
}

/// A colour's letter on the sheet, lower case.
fn letter(game: &Game, c: ColorId) -> char {
    game.board().colors[c.index()].letter.to_ascii_lowercase()
}

/// `text` in the board colour `c`: on its background when `filled` (a box
/// crossed), else as the letter's colour.
fn paint(game: &Game, c: ColorId, text: &str, filled: bool, color: bool) -> String {
    if !color {
        return text.to_string();
    }
    let rgb = game.board().colors[c.index()].color;
    let (r, g, b) = (rgb.r, rgb.g, rgb.b);
    if filled {
        format!("\x1b[48;2;{r};{g};{b}m\x1b[38;2;0;0;0m{text}\x1b[0m")
    } else {
        format!("\x1b[1;38;2;{r};{g};{b}m{text}\x1b[0m")
    }
}

/// A sheet: the grid (each box its colour's letter, `*` after a star, `X`
/// when crossed; the start column's letter in brackets), then the column
/// points (`-` where someone took the first value; `=` under a column the
/// sheet completed), the colours and the "!" boxes.
fn render(game: &Game, table: &Table, seat: usize, color: bool) -> String {
    let board = game.board();
    let sheet = table.sheet(seat);
    let crossed = sheet.crossed();
    let mut s = String::from("    ");
    for c in 0..board.columns {
        let name = Board::column_name(c);
        if c == board.start_column {
            let _ = write!(s, "[{name}]");
        } else {
            let _ = write!(s, "{name:^3}");
        }
    }
    s.push('\n');
    for r in 0..board.rows {
        let _ = write!(s, "{:>3} ", r + 1);
        for c in 0..board.columns {
            let i = r * board.columns + c;
            let cell = board.cells[i];
            let text = if crossed.contains(i) {
                " X ".to_string()
            } else {
                format!(
                    " {}{}",
                    letter(game, cell.color),
                    if cell.star { '*' } else { ' ' }
                )
            };
            s.push_str(&paint(game, cell.color, &text, crossed.contains(i), color));
        }
        s.push('\n');
    }
    let points = |label: &str, first: bool| {
        let mut line = format!("{label:>3} ");
        for (c, p) in board.column_points.iter().enumerate() {
            let claimed = table.claimed_columns() >> c & 1 == 1;
            let v = if !first {
                p.later.to_string()
            } else if claimed && sheet.columns_first() >> c & 1 == 0 {
                "-".to_string()
            } else {
                p.first.to_string()
            };
            let _ = write!(line, "{v:^3}");
        }
        line.trim_end().to_string() + "\n"
    };
    s.push_str(&points("1st", true));
    s.push_str(&points("2nd", false));
    if sheet.columns_done() != 0 {
        let mut line = String::from("    ");
        for c in 0..board.columns {
            line.push_str(if sheet.columns_done() >> c & 1 == 1 {
                " = "
            } else {
                "   "
            });
        }
        s.push_str(line.trim_end());
        s.push_str("  (columns done)\n");
    }
    let colors: Vec<String> = board
        .colors
        .iter()
        .enumerate()
        .map(|(k, col)| {
            let id = ColorId(k as u8);
            let bonus = board.color_bonus[k];
            let left = (game.color_boxes(id) - crossed).len();
            let claimed = table.claimed_colors() >> k & 1 == 1;
            let first = if claimed && sheet.colors_first() >> k & 1 == 0 {
                "-".to_string()
            } else {
                bonus.first.to_string()
            };
            let state = if sheet.color_done(id) {
                "done".to_string()
            } else {
                format!("{left} left")
            };
            format!(
                "{} {}/{} ({state})",
                paint(game, id, &col.id, false, color),
                first,
                bonus.later
            )
        })
        .collect();
    s.push_str(&wrap(
        &format!("colours (1st/2nd): {}", colors.join(", ")),
        "",
        "  ",
        terminal_width(),
    ));
    let left = game.jokers_left(sheet);
    let marks = "!".repeat(usize::from(left)) + &".".repeat(usize::from(board.jokers - left));
    let score = game.score(sheet);
    let _ = writeln!(
        s,
        "\"!\" left: {marks} ({left} of {}) | score so far: {}",
        board.jokers, score.total
    );
    s
}

/// The roll, the dice and what you may take from them.
fn status(s: &Session) -> String {
    let game = s.game;
    let table = &s.table;
    let players = s.names.len();
    let roll = table.roll();
    let number = if players == 1 {
        format!("roll {} of {}", table.rolls(), game.board().solo_rolls)
    } else {
        format!("roll {}", table.rolls())
    };
    let who = if players == 1 {
        String::new()
    } else if table.rolls() <= OPEN_ROLLS {
        ": everyone chooses from every die".to_string()
    } else if table.phase() == Phase::Active {
        ": you are active and choose first".to_string()
    } else {
        format!(": {} was active", s.names[table.active()])
    };
    let mut text = format!("{number}{who}\ndice: {}\n", dice_text(game, roll));
    if let Some((c, n)) = table.taken()
        && table.active() != ME
    {
        let mine = game.dice_for(table, ME);
        let _ = writeln!(
            text,
            "{} took {} {}; you choose from: {}",
            s.names[table.active()],
            game.color_face_name(c),
            number_name(n),
            dice_text(game, &mine)
        );
    }
    text
}

/// A roll's dice: the colour dice, then the numbers (`?`: a joker).
fn dice_text(game: &Game, roll: &rollx::encore::rules::Roll) -> String {
    let colors: Vec<String> = roll
        .colors()
        .iter()
        .map(|&f| game.color_face_name(f))
        .collect();
    let numbers: Vec<String> = roll.numbers().iter().map(|&n| number_name(n)).collect();
    format!("{} | {}", colors.join(" "), numbers.join(" "))
}

/// A number die's face: its number, or `?`.
fn number_name(n: NumberFace) -> String {
    match n {
        NumberFace::Number(n) => n.to_string(),
        NumberFace::Joker => "?".to_string(),
    }
}

/// The colour a word names: its id, name or letter, or the start of its id.
fn color_named(game: &Game, word: &str) -> Option<ColorId> {
    let colors = &game.board().colors;
    let exact = colors.iter().position(|c| {
        c.id.eq_ignore_ascii_case(word)
            || c.name.eq_ignore_ascii_case(word)
            || (word.chars().count() == 1
                && c.letter
                    .eq_ignore_ascii_case(&word.chars().next().unwrap_or(' ')))
    });
    let found = exact.or_else(|| {
        let starts: Vec<usize> = (0..colors.len())
            .filter(|&k| word.len() >= 2 && colors[k].id.to_ascii_lowercase().starts_with(word))
            .collect();
        (starts.len() == 1).then(|| starts[0])
    });
    found.map(|k| ColorId(k as u8))
}

/// Whether a word names a joker die.
fn is_joker_word(word: &str) -> bool {
    matches!(word, "?" | "joker" | "black" | "!")
}

/// Parses a move as typed: `pass`; `blue 3 H4 H5 I5` (the colour die, the
/// number die, the boxes); a joker die as `?` (or `joker`, `black`)
/// followed by what it stands for (`? blue 3 ...`, `blue ? 3 ...`); or the
/// boxes alone, the dice then read from them. Checks only the words: the
/// rules are [`Game::check`]'s.
fn parse_move(game: &Game, table: &Table, text: &str) -> Result<Move, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words == ["pass"] || words == ["p"] {
        return Ok(Move::Pass);
    }
    let mut color_die: Option<ColorFace> = None;
    let mut color: Option<ColorId> = None;
    let mut number_die: Option<NumberFace> = None;
    let mut number: Option<u8> = None;
    let mut boxes = Boxes::EMPTY;
    let mut named: Vec<usize> = Vec::new();
    for &w in &words {
        if w == "as" {
            continue;
        }
        if let Some(i) = game.box_by_name(&w.to_ascii_uppercase()) {
            if boxes.contains(i) {
                return Err(format!("{} is named twice", game.box_name(i)));
            }
            boxes.insert(i);
            named.push(i);
        } else if is_joker_word(w) {
            if color_die.is_none() && number_die.is_none() {
                color_die = Some(ColorFace::Joker);
            } else if number_die.is_none() {
                number_die = Some(NumberFace::Joker);
            } else {
                return Err(format!("`{w}`: two dice are named already"));
            }
        } else if let Some(c) = color_named(game, w) {
            match (color_die, color) {
                (None, _) => {
                    color_die = Some(ColorFace::Color(c));
                    color = Some(c);
                }
                (Some(ColorFace::Joker), None) => color = Some(c),
                _ => return Err(format!("`{w}`: a colour is named already")),
            }
        } else if let Ok(n) = w.parse::<u8>() {
            match (number_die, number) {
                (None, _) => {
                    number_die = Some(NumberFace::Number(n));
                    number = Some(n);
                }
                (Some(NumberFace::Joker), None) => number = Some(n),
                _ => return Err(format!("`{w}`: a number is named already")),
            }
        } else {
            let ids: Vec<&str> = game.board().colors.iter().map(|c| c.id.as_str()).collect();
            let board = game.board();
            return Err(format!(
                "`{w}` is not a colour ({}), a number, `?` (a joker die), or a box (columns \
                 {} to {}, rows 1 to {}). Type `help` for the commands.",
                ids.join(", "),
                Board::column_name(0),
                Board::column_name(board.columns - 1),
                board.rows
            ));
        }
    }
    let Some(&first) = named.first() else {
        return Err("name the boxes to cross (like H4 H5), or `pass`".into());
    };
    let dice = game.dice_for(table, ME);
    let color = color.unwrap_or(game.board().cells[first].color);
    let color_die = color_die.unwrap_or_else(|| {
        let own = ColorFace::Color(color);
        if !dice.has_color(own) && dice.has_color(ColorFace::Joker) {
            ColorFace::Joker
        } else {
            own
        }
    });
    let number = number.unwrap_or(u8::try_from(named.len()).unwrap_or(u8::MAX));
    let number_die = number_die.unwrap_or_else(|| {
        let own = NumberFace::Number(number);
        if !dice.has_number(own) && dice.has_number(NumberFace::Joker) {
            NumberFace::Joker
        } else {
            own
        }
    });
    Ok(Move::Cross(Cross {
        color_die,
        number_die,
        color,
        number,
        boxes,
    }))
}

/// The legal choices, compactly: for each colour, the numbers you may
/// cross and in how many ways (`*`: only with a joker die), with an example.
fn moves_text(game: &Game, table: &Table) -> String {
    // (colour, number) -> (pieces, fewest jokers, an example)
    let mut groups: BTreeMap<(u8, u8), (usize, u8, Move)> = BTreeMap::new();
    let mut seen: HashSet<(u8, u8, Boxes)> = HashSet::new();
    game.for_each_move(table, ME, |mv| {
        let Move::Cross(c) = mv else { return };
        let fresh = seen.insert((c.color.0, c.number, c.boxes));
        let e = groups
            .entry((c.color.0, c.number))
            .or_insert((0, u8::MAX, mv));
        if fresh {
            e.0 += 1;
        }
        if c.jokers() < e.1 {
            e.1 = c.jokers();
            e.2 = mv;
        }
    });
    let width = terminal_width();
    if groups.is_empty() {
        return wrap(
            "no box can be crossed with these dice: `pass`",
            "",
            "  ",
            width,
        );
    }
    let mut s = String::new();
    for (k, col) in game.board().colors.iter().enumerate() {
        let mine: Vec<_> = groups
            .iter()
            .filter(|((c, _), _)| usize::from(*c) == k)
            .collect();
        let Some(&(_, &(_, _, example))) = mine.last() else {
            continue;
        };
        let list: Vec<String> = mine
            .iter()
            .map(|((_, n), (ways, jokers, _))| {
                format!("{n}{} x{ways}", if *jokers > 0 { "*" } else { "" })
            })
            .collect();
        s.push_str(&wrap(
            &format!(
                "{}: {}; e.g. {}",
                col.id,
                list.join(", "),
                typed(game, &example)
            ),
            "",
            "    ",
            width,
        ));
    }
    s.push_str(&wrap(
        "(number x ways to cross it; * only with a joker die; or `pass`)",
        "",
        "  ",
        width,
    ));
    s
}

/// A move as it is typed: `blue 3 H4 H5 I5`, `? blue 3 H4 H5 I5`, `pass`.
fn typed(game: &Game, mv: &Move) -> String {
    match mv {
        Move::Pass => "pass".into(),
        Move::Cross(c) => {
            let color = &game.board().colors[c.color.index()].id;
            let color = match c.color_die {
                ColorFace::Joker => format!("? {color}"),
                ColorFace::Color(_) => color.clone(),
            };
            let number = match c.number_die {
                NumberFace::Joker => format!("? {}", c.number),
                NumberFace::Number(_) => c.number.to_string(),
            };
            let boxes: Vec<String> = c.boxes.iter().map(|i| game.box_name(i)).collect();
            format!("{color} {number} {}", boxes.join(" "))
        }
    }
}

/// The commands, with examples from the position (a legal move when there
/// is one) and the board's colours.
fn help_text(game: &Game, table: &Table) -> String {
    let board = game.board();
    let mut example: Option<Cross> = None;
    game.for_each_move(table, ME, |mv| {
        if let Move::Cross(c) = mv {
            let better = example.is_none_or(|e| (c.jokers(), e.number) < (e.jokers(), c.number));
            if c.jokers() == 0 && better {
                example = Some(c);
            }
        }
    });
    let c = example.unwrap_or_else(|| {
        let color = board.cells[board.start_column].color;
        Cross {
            color_die: ColorFace::Color(color),
            number_die: NumberFace::Number(1),
            color,
            number: 1,
            boxes: Boxes::of([board.start_column]),
        }
    });
    let full = typed(game, &Move::Cross(c));
    let col = &board.colors[c.color.index()];
    let boxes: Vec<String> = c.boxes.iter().map(|i| game.box_name(i)).collect();
    let short = format!(
        "{} {} {}",
        col.letter.to_ascii_lowercase(),
        c.number,
        boxes.join(" ").to_ascii_lowercase()
    );
    let lines: Vec<(String, String)> = vec![
        (
            full.clone(),
            format!(
                "take the {} die and the {} and cross those boxes",
                col.id, c.number
            ),
        ),
        (
            short,
            "the same: colour letters and box names ignore case".into(),
        ),
        (
            boxes.join(" "),
            "the boxes alone: the dice are read from them".into(),
        ),
        (
            format!("? {} {} {}", col.id, c.number, boxes.join(" ")),
            format!(
                "a joker colour die (`?`, `joker`, `black`) as {}; each joker die \
                 crosses a \"!\" box",
                col.id
            ),
        ),
        (
            format!("{} ? {} {}", col.id, c.number, boxes.join(" ")),
            format!("the \"?\" number die as {}", c.number),
        ),
        ("pass".into(), "take no dice, cross nothing".into()),
        (
            "moves".into(),
            "the legal choices: each colour's numbers, how many ways".into(),
        ),
        (
            "hint".into(),
            "what the strong player would play (the same for the same position)".into(),
        ),
        ("auto".into(), "play the hint".into()),
        (
            "sheet [N]".into(),
            "your sheet again, or player N's (from 1, you)".into(),
        ),
        (
            "undo".into(),
            "take back the last roll: its dice again, the others play the same".into(),
        ),
        ("help".into(), "this text".into()),
        (
            "quit".into(),
            "stop the game (the rolls played are saved with --log)".into(),
        ),
    ];
    let columns = terminal_width();
    let width = lines
        .iter()
        .map(|(l, _)| l.len())
        .max()
        .unwrap_or(0)
        .min(columns / 2)
        + 2;
    let mut s = String::from("Commands:\n");
    for (l, r) in lines {
        if l.len() + 2 > width {
            s.push_str(&wrap(&l, "  ", "    ", columns));
            s.push_str(&wrap(
                &r,
                &" ".repeat(width + 2),
                &" ".repeat(width + 2),
                columns,
            ));
        } else {
            s.push_str(&wrap(
                &r,
                &format!("  {l:width$}"),
                &" ".repeat(width + 2),
                columns,
            ));
        }
    }
    s.push_str(&wrap(
        &format!(
            "The sheet: a letter is a box of that colour (* a star), X a box crossed; \
             [{}] is the start column. Under the columns, the points for completing one \
             first and later (- when someone took the first).",
            Board::column_name(board.start_column)
        ),
        "",
        "",
        columns,
    ));
    s
}
