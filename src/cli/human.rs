//! `rollx play --human`: play a game in the terminal against the dice, and
//! computer players sharing them; take turns back; stop and resume.

use std::io::{self, BufRead, Write};

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::sheet_text::{count, powers_line, render, terminal_width, wrap};
use rollx::engine::{self, Rules as _};
use rollx::rolling::map::{AreaId, Power, suggest_word};
use rollx::rolling::play::{Policy, derive_seed};
use rollx::rolling::rules::log::{GameLog, LogMove, LogRoll, LogTurn, log_move, move_from_log};
use rollx::rolling::rules::{
    Action, DieId, DieKind, Game, Move, PowerSet, Roll, Solo, State, Table as Sheets,
};

/// A named computer player.
pub type Player = (String, Box<dyn Policy>);

/// The player that gives `hint`s and plays `auto`: made afresh for each
/// position, seeded by the game's seed and the place in the game, so that
/// the same position always gets the same hint (after an undo, or when the
/// game is resumed) and `auto` plays the move `hint` gave.
pub struct Hinter {
    /// What it is: `expert`, `strong`.
    pub name: String,
    /// Builds it from a seed.
    pub make: Box<dyn Fn(u64) -> Box<dyn Policy>>,
}

/// The hint player's stream of the game's seed (see [`Hinter`]).
const HINT_STREAM: u64 = 0x6869_6e74;

/// How a session at the terminal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The game was played to its end.
    Finished,
    /// The player typed `quit`.
    Quit,
    /// The input ended before the game did.
    InputEnded,
}

/// Where a turn began: every sheet and the dice generator just after the
/// turn's dice were rolled, so that the turn can be played again.
struct TurnStart {
    sheets: Sheets,
    dice: Pcg64Mcg,
    rolls: Vec<Roll>,
}

/// Keeps the dice the game loop rolls.
struct Rolls(Vec<Roll>);

impl engine::Watcher<Game> for Rolls {
    fn chance(&mut self, _game: &Game, _table: &Sheets, roll: Roll) {
        self.0.push(roll);
    }
}

/// Plays moves chosen beforehand.
struct Replay<'m>(std::slice::Iter<'m, Move>);

impl engine::Player<Game> for Replay<'_> {
    fn choose(&mut self, _game: &Game, _table: &Sheets, _me: usize) -> Move {
        *self.0.next().expect("a move for every decision")
    }
}

/// What a computer's moves were, told and as a log records them.
struct Told {
    told: Vec<String>,
    recorded: Vec<LogMove>,
}

impl engine::Watcher<Game> for Told {
    fn before_move(&mut self, game: &Game, table: &Sheets, player: usize, mv: Move) {
        let state = &table.sheets[player];
        let number = state.pending_roll(mv.die).expect("pending").value;
        self.told.push(describe_move(game, state, &mv));
        self.recorded.push(log_move(game, &mv, number));
    }
}

/// A game in progress: the person's sheet (player 1), the computers'
/// sheets, the dice, and every turn played so far.
pub struct Table<'g> {
    game: &'g Game,
    seed: u64,
    dice: Pcg64Mcg,
    /// Every sheet: the person's first, then the computers'.
    sheets: Sheets,
    computers: Vec<Player>,
    /// The turns played to their end.
    turns: Vec<LogTurn>,
    /// Every turn begun (the turns played, and the one being played).
    starts: Vec<TurnStart>,
    /// The computers' moves by turn, kept when the person takes turns back:
    /// they play each turn once, whatever the person does on their sheet.
    kept: Vec<Vec<Vec<Move>>>,
    /// The computers that chose otherwise than a saved game says.
    diverged: Vec<String>,
}

impl<'g> Table<'g> {
    /// A new game from `seed`, against `computers`.
    pub fn new(game: &'g Game, seed: u64, computers: Vec<Player>) -> Self {
        Table {
            game,
            seed,
            dice: Pcg64Mcg::seed_from_u64(seed),
            sheets: game.new_table(computers.len() + 1),
            computers,
            turns: Vec::new(),
            starts: Vec::new(),
            kept: Vec::new(),
            diverged: Vec::new(),
        }
    }

    /// The person's sheet.
    fn me(&self) -> &State {
        &self.sheets.sheets[0]
    }

    /// The sheet of the computer `i` (from 0).
    fn other(&self, i: usize) -> &State {
        &self.sheets.sheets[i + 1]
    }

    /// Draws and rolls the next turn's dice.
    fn begin_turn(&mut self) {
        let mut rolls = Rolls(Vec::new());
        engine::roll(self.game, &mut self.sheets, &mut self.dice, &mut rolls);
        self.starts.push(TurnStart {
            sheets: self.sheets.clone(),
            dice: self.dice.clone(),
            rolls: rolls.0,
        });
    }

    /// Ends the turn the person has resolved with `mine`: the computers
    /// play it (or replay what they played before it was taken back, or,
    /// with `logged`, what a saved game says they played), and the turn is
    /// recorded. Returns what each computer did, one line each.
    fn finish_turn(
        &mut self,
        mine: &[Move],
        logged: Option<&[Vec<LogMove>]>,
    ) -> Result<Vec<String>, String> {
        let game = self.game;
        let t = self.turns.len();
        let mut moves = vec![log_moves(
            game,
            &mut self.starts[t].sheets.sheets[0].clone(),
            mine,
        )];
        if self.kept.len() <= t {
            let mut theirs = Vec::with_capacity(self.computers.len());
            for (i, (name, policy)) in self.computers.iter_mut().enumerate() {
                let state = &self.sheets.sheets[i + 1];
                let wanted = logged.map(|l| l.get(i + 1).map_or(&[][..], Vec::as_slice));
                let (chosen, diverged) = computer_turn(game, state, policy, wanted)
                    .map_err(|e| format!("turn {}, {name}: {e}", t + 1))?;
                if diverged && !self.diverged.contains(name) {
                    self.diverged.push(name.clone());
                }
                theirs.push(chosen);
            }
            self.kept.push(theirs);
        }
        let mut said = Vec::with_capacity(self.computers.len());
        for (i, ((name, _), theirs)) in self.computers.iter().zip(&self.kept[t]).enumerate() {
            let mut told = Told {
                told: Vec::with_capacity(theirs.len()),
                recorded: Vec::with_capacity(theirs.len()),
            };
            engine::decide(
                game,
                &mut self.sheets,
                i + 1,
                &mut Replay(theirs.iter()),
                &mut told,
            );
            moves.push(told.recorded);
            said.push(format!(
                "{name}: {} ({} X so far)",
                told.told.join(", "),
                self.other(i).crosses()
            ));
        }
        self.turns.push(LogTurn {
            dice: self.starts[t]
                .rolls
                .iter()
                .map(|r| LogRoll {
                    die: game.die(r.die).id.clone(),
                    value: r.value,
                })
                .collect(),
            moves,
        });
        Ok(said)
    }

    /// Takes the last turn played back: its dice are rolled again, as they
    /// were, and nothing is resolved. `false` when no turn is played yet.
    fn undo_turn(&mut self) -> bool {
        if self.turns.is_empty() {
            return false;
        }
        self.turns.pop();
        self.starts.pop();
        let start = self.starts.last().expect("a turn begun for each played");
        self.sheets = start.sheets.clone();
        self.dice = start.dice.clone();
        true
    }

    /// Plays a saved game's turns again: each turn's dice must be the ones
    /// the seed rolls, and every move must be legal; the computers choose
    /// again (so that they go on as they would have), and where one chooses
    /// otherwise than the log says, the log's move is kept. Returns notes
    /// on such differences.
    pub fn replay(&mut self, log: &GameLog) -> Result<Vec<String>, String> {
        let game = self.game;
        for (t, turn) in log.turns.iter().enumerate() {
            if self.is_over() {
                return Err(format!(
                    "the log has {}, the game only {t}",
                    count(log.turns.len(), "turn")
                ));
            }
            self.begin_turn();
            let rolled: Vec<(String, u8)> = self.starts[t]
                .rolls
                .iter()
                .map(|r| (game.die(r.die).id.clone(), r.value))
                .collect();
            let logged: Vec<(String, u8)> =
                turn.dice.iter().map(|d| (d.die.clone(), d.value)).collect();
            if rolled != logged {
                let show = |d: &[(String, u8)]| {
                    d.iter()
                        .map(|(die, v)| format!("{die} {v}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                return Err(format!(
                    "turn {}: the log's dice are {}, but seed {} rolls {}: the log was \
                     edited, or written by another version of rollx",
                    t + 1,
                    show(&logged),
                    self.seed,
                    show(&rolled)
                ));
            }
            if turn.moves.len() != self.computers.len() + 1 {
                return Err(format!(
                    "turn {}: moves for {}, the log names {}",
                    t + 1,
                    count(turn.moves.len(), "player"),
                    self.computers.len() + 1
                ));
            }
            let mut mine = Vec::new();
            for lm in &turn.moves[0] {
                let mv = legal_move(game, self.me(), lm)
                    .map_err(|e| format!("turn {}, {}: {e}", t + 1, log.players[0]))?;
                game.apply(&mut self.sheets.sheets[0], mv);
                mine.push(mv);
            }
            if game.must_move(&self.sheets, 0) {
                return Err(format!(
                    "turn {}, {}: a die is not resolved",
                    t + 1,
                    log.players[0]
                ));
            }
            self.finish_turn(&mine, Some(&turn.moves))?;
        }
        Ok(self
            .diverged
            .iter()
            .map(|name| {
                format!(
                    "{name} chooses otherwise than the log says: the log's moves are kept, \
                     and {name} may now play otherwise than in the game saved (was it played \
                     with other --candidates, --rollouts, --horizon or --values?)"
                )
            })
            .collect())
    }

    /// The game so far as a log: finished, with each player's result, or
    /// stopped, with the turns played to their end (a turn half played is
    /// played again when the game is resumed).
    pub fn log(&self, names: Vec<String>, map_file: Option<String>) -> GameLog {
        GameLog::rolled(
            self.game,
            Some(self.seed),
            map_file,
            names,
            self.turns.clone(),
            &self.sheets.sheets,
        )
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.game.actor(&self.sheets) == engine::Actor::Over
    }

    /// The turns played to their end.
    pub fn turns_played(&self) -> usize {
        self.turns.len()
    }
}

/// Whether a saved game can be resumed: its log referees clean (`clean`),
/// names its seed and had a person in seat 1 (`computer`: the policy
/// that played seat 1, if any). The seed, or the exit code after the
/// error is printed.
pub(super) fn resumable(
    file: &std::path::Path,
    clean: bool,
    seed: Option<u64>,
    computer: Option<&str>,
) -> Result<u64, u8> {
    let file = file.display();
    if !clean {
        eprintln!(
            "error: {file}: the game breaks the rules, so it cannot be resumed\n  \
             help: `rollx referee {file}` says where"
        );
        return Err(super::EXIT_INVALID);
    }
    let Some(seed) = seed else {
        eprintln!("error: {file} has no seed: only games whose dice rollx rolled can be resumed");
        return Err(super::EXIT_INVALID);
    };
    if let Some(p) = computer {
        eprintln!(
            "error: {file}: seat 1 was played by the computer ({p}): only a game played with \
             `rollx play --human` can be resumed"
        );
        return Err(super::EXIT_INVALID);
    }
    Ok(seed)
}

/// Writes a message wrapped to the terminal's width, later lines indented
/// by two spaces.
pub(super) fn say(out: &mut dyn Write, text: &str) -> io::Result<()> {
    say_with(out, text, "", "  ")
}

/// Writes `text` wrapped to the terminal's width, the first line starting
/// with `first`, the others with `rest`.
pub(super) fn say_with(out: &mut dyn Write, text: &str, first: &str, rest: &str) -> io::Result<()> {
    write!(out, "{}", wrap(text, first, rest, terminal_width()))
}

/// Applies `moves` to `state`, returning them as a log records them.
fn log_moves(game: &Game, state: &mut State, moves: &[Move]) -> Vec<LogMove> {
    moves
        .iter()
        .map(|mv| {
            let number = state.pending_roll(mv.die).expect("pending").value;
            game.apply(state, *mv);
            log_move(game, mv, number)
        })
        .collect()
}

/// The engine move a saved move describes, when it is legal in `state`.
fn legal_move(game: &Game, state: &State, lm: &LogMove) -> Result<Move, String> {
    let (mv, number) = move_from_log(game, lm).map_err(|e| format!("{e:?} is not on this map"))?;
    let roll = state
        .pending_roll(mv.die)
        .ok_or_else(|| format!("the {} die is not waiting to be resolved", lm.die))?;
    let number = if mv.action.written().next().is_some() {
        number
    } else {
        roll.value
    };
    let breaches = game.check(state, &mv, number);
    if let Some(b) = breaches.first() {
        return Err(format!("{} [{}]", b.describe(game), b.rule()));
    }
    Ok(mv)
}

/// One computer's turn from `state`: the moves it chooses, or with
/// `wanted` (a saved game's moves) those moves, each once it has chosen
/// (so that its choices go on as they would have); and whether it chose
/// otherwise than `wanted`.
fn computer_turn(
    game: &Game,
    state: &State,
    policy: &mut Box<dyn Policy>,
    wanted: Option<&[LogMove]>,
) -> Result<(Vec<Move>, bool), String> {
    let mut choosing = Choosing {
        policy,
        wanted,
        moves: Vec::new(),
        diverged: false,
        error: None,
    };
    engine::decide(
        &Solo(game),
        &mut state.clone(),
        0,
        &mut choosing,
        &mut engine::Quiet,
    );
    if let Some(e) = choosing.error {
        return Err(e);
    }
    if wanted.is_some_and(|list| list.len() > choosing.moves.len()) {
        return Err("more moves than dice".into());
    }
    Ok((choosing.moves, choosing.diverged))
}

/// A computer choosing its moves, or with `wanted` (a saved game's moves)
/// playing those, each once it has chosen.
struct Choosing<'a> {
    policy: &'a mut Box<dyn Policy>,
    wanted: Option<&'a [LogMove]>,
    moves: Vec<Move>,
    /// Whether it chose otherwise than `wanted`.
    diverged: bool,
    /// The first of `wanted` that cannot be played (its own choice is
    /// played instead, and the turn is refused).
    error: Option<String>,
}

impl<'g> engine::Player<Solo<'g>> for Choosing<'_> {
    fn choose(&mut self, solo: &Solo<'g>, state: &State, _me: usize) -> Move {
        let game = solo.0;
        let chosen = self.policy.choose(game, state);
        let mv = match self.wanted {
            None => chosen,
            Some(list) => {
                let wanted = list
                    .get(self.moves.len())
                    .ok_or("a die is not resolved".to_string())
                    .and_then(|lm| legal_move(game, state, lm).map(|mv| (lm, mv)));
                match wanted {
                    Ok((lm, mv)) => {
                        let value = state.pending_roll(mv.die).expect("legal").value;
                        self.diverged |= log_move(game, &chosen, value) != *lm;
                        mv
                    }
                    Err(e) => {
                        self.error.get_or_insert(e);
                        chosen
                    }
                }
            }
        };
        self.moves.push(mv);
        mv
    }
}

/// Plays the game at `table` interactively from where it stands: the
/// person resolves the dice, the computers follow each turn, and
/// `hinter` (named for what it is, e.g. `expert`) gives `hint`s and plays
/// `auto`. `interactive` is false when the input is not a terminal: the
/// commands read are then echoed.
pub fn play(
    table: &mut Table,
    hinter: &Hinter,
    names: &[String],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    color: bool,
    interactive: bool,
) -> io::Result<Ending> {
    let game = table.game;
    let map = game.map();
    let rules = game.rules();
    let per_round = rules.dice_per_round / rules.dice_per_turn;
    say(
        out,
        &format!(
            "{} ({}), seed {}. Type `help` for the commands.",
            map.info.name, map.info.id, table.seed
        ),
    )?;
    if names.len() > 1 {
        let others: Vec<String> = names[1..]
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{n} (`sheet {}`)", i + 2))
            .collect();
        say(
            out,
            &format!("Playing against {}, on the same dice.", others.join(", ")),
        )?;
    }
    let mut line = String::new();
    while !table.is_over() {
        if table.starts.len() == table.turns.len() {
            table.begin_turn();
        }
        let mut mine: Vec<Move> = Vec::new();
        writeln!(out)?;
        write!(out, "{}", render(game, table.me(), color))?;
        let mut undone = false;
        while game.must_move(&table.sheets, 0) {
            let me = table.me();
            let status = format!(
                "round {}/{}, turn {}/{per_round}: {}",
                me.round() + 1,
                rules.rounds,
                (me.rolled_in_round() - 1) / rules.dice_per_turn + 1,
                describe_dice(game, me),
            );
            let powers = powers_line(game, me);
            if status.len() + 3 + powers.len() <= terminal_width() {
                writeln!(out, "{status} | {powers}")?;
            } else {
                say(out, &status)?;
                say(out, &format!("powers: {powers}"))?;
            }
            if !read_command(input, out, interactive, &mut line)? {
                return Ok(Ending::InputEnded);
            }
            let command = line.trim();
            let lower = command.to_ascii_lowercase();
            let mut words = lower.split_whitespace();
            match words.next().unwrap_or("") {
                "" => continue,
                "help" | "?" => write!(out, "{}", help_text(game, &hinter.name))?,
                "quit" | "exit" => return Ok(Ending::Quit),
                "sheet" => show_sheets(table, names, words.next(), out, color)?,
                "undo" if !mine.is_empty() => {
                    let start = table.starts.last().expect("a turn begun");
                    table.sheets.sheets[0] = start.sheets.sheets[0].clone();
                    mine.clear();
                    say(out, "this turn's moves are taken back")?;
                    write!(out, "{}", render(game, table.me(), color))?;
                }
                "undo" => {
                    if table.undo_turn() {
                        say(
                            out,
                            "the last turn is taken back: its dice again, nothing resolved",
                        )?;
                        undone = true;
                        break;
                    }
                    say(out, "nothing to undo: this is the first turn")?;
                }
                "moves" => list_moves(game, table.me(), words.next(), out)?,
                "hint" | "auto" => {
                    let place = (table.turns.len() as u64) << 8 | mine.len() as u64;
                    let seed = derive_seed(derive_seed(table.seed, HINT_STREAM), place);
                    let mv = (hinter.make)(seed).choose(game, table.me());
                    let what = describe_move(game, table.me(), &mv);
                    if lower.starts_with("hint") {
                        say(
                            out,
                            &format!("the {} player would play: {what}", hinter.name),
                        )?;
                    } else {
                        say(out, &what)?;
                        game.apply(&mut table.sheets.sheets[0], mv);
                        mine.push(mv);
                    }
                }
                _ => match parse_move(game, table.me(), command) {
                    Err(message) => say(out, &message)?,
                    Ok(mv) => {
                        let me = table.me();
                        let roll = me.pending_roll(mv.die).expect("parsed dice are pending");
                        let breaches = game.check(me, &mv, roll.value);
                        if breaches.is_empty() {
                            say(out, &describe_move(game, me, &mv))?;
                            game.apply(&mut table.sheets.sheets[0], mv);
                            mine.push(mv);
                        } else {
                            writeln!(out, "not allowed:")?;
                            for b in breaches {
                                say_with(out, &b.describe(game), "  - ", "    ")?;
                            }
                        }
                    }
                },
            }
        }
        if undone {
            continue;
        }
        let said = table
            .finish_turn(&mine, None)
            .expect("computer players choose legal moves");
        for s in said {
            say(out, &s)?;
        }
    }

    let me = table.me();
    for (i, name) in names.iter().enumerate().skip(1) {
        writeln!(out)?;
        writeln!(out, "{name}'s sheet:")?;
        write!(out, "{}", render(game, table.other(i - 1), color))?;
    }
    writeln!(out)?;
    if names.len() > 1 {
        writeln!(out, "your sheet:")?;
    }
    write!(out, "{}", render(game, me, color))?;
    writeln!(out)?;
    let score = game.score(me);
    say(
        out,
        &format!(
            "game over: {} X, {} used ({})",
            score.crosses,
            count(score.powers_used, "power"),
            powers_line(game, me)
        ),
    )?;
    let states: Vec<&State> = table.sheets.sheets.iter().collect();
    if states.len() > 1 {
        let mut ranking: Vec<(usize, rollx::rolling::rules::Score)> =
            states.iter().map(|s| game.score(s)).enumerate().collect();
        ranking.sort_by_key(|&(i, s)| (s, i));
        writeln!(out, "ranking (fewest X, then fewest powers):")?;
        for (place, (i, s)) in ranking.iter().enumerate() {
            writeln!(
                out,
                "  {}. {:<12} {:>2} X  {}",
                place + 1,
                names[*i],
                s.crosses,
                count(s.powers_used, "power")
            )?;
        }
    }
    Ok(Ending::Finished)
}

/// Asks for a command: writes the prompt and reads a line into `line`.
/// `false` when the input has ended. When the input is not a terminal
/// (`interactive` false) the line read is echoed, so that a scripted
/// session's transcript reads like one typed.
pub(super) fn read_command(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    interactive: bool,
    line: &mut String,
) -> io::Result<bool> {
    write!(out, "> ")?;
    out.flush()?;
    line.clear();
    if input.read_line(line)? == 0 {
        writeln!(out)?;
        return Ok(false);
    }
    if !interactive {
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(true)
}

/// `sheet`: the person's sheet; `sheet N`: player N's; `sheet all`: all.
fn show_sheets(
    table: &Table,
    names: &[String],
    which: Option<&str>,
    out: &mut dyn Write,
    color: bool,
) -> io::Result<()> {
    let game = table.game;
    let sheets: Vec<&State> = table.sheets.sheets.iter().collect();
    let chosen: Vec<usize> = match which {
        None => vec![0],
        Some("all") => (0..sheets.len()).collect(),
        Some(n) => match n.parse::<usize>() {
            Ok(k) if (1..=sheets.len()).contains(&k) => vec![k - 1],
            _ => {
                let players: Vec<String> = names
                    .iter()
                    .enumerate()
                    .map(|(i, n)| format!("{} {n}", i + 1))
                    .collect();
                return say(
                    out,
                    &format!(
                        "no player `{n}`: `sheet N` for player N ({}), `sheet all` for \
                         everyone's",
                        players.join(", ")
                    ),
                );
            }
        },
    };
    for i in chosen {
        match i {
            _ if sheets.len() == 1 => {}
            0 => writeln!(out, "your sheet:")?,
            _ => writeln!(out, "{}'s sheet:", names[i])?,
        }
        write!(out, "{}", render(game, sheets[i], color))?;
    }
    Ok(())
}

/// The commands, with examples taken from the map being played: two areas
/// of one die's region, and two of another's.
fn help_text(game: &Game, hinter: &str) -> String {
    let map = game.map();
    let plain: Vec<usize> = (0..game.dice().len())
        .filter(|&d| game.dice()[d].kind != DieKind::Wild)
        .collect();
    let die = |k: usize| DieId(plain.get(k).copied().unwrap_or(0) as u8);
    let areas = |k: usize| -> (String, String) {
        let reach = game.die_areas(die(k));
        let code = |i: usize| {
            reach
                .get(i)
                .or(reach.first())
                .map_or("AREA".to_string(), |&a: &AreaId| map.area(a).id.clone())
        };
        (code(0), code(1))
    };
    let (a, b) = areas(0);
    let (c, d) = areas(1);
    let first = &game.die(die(0)).id;
    let granted = |p: Power| game.rules().powers.get(p) > 0;
    let mut lines: Vec<(String, String)> = vec![
        (
            format!("1 {a}"),
            format!("write die 1's number in {a} (or name the die: {first} {a})"),
        ),
        (
            a.to_string(),
            "the same, when only one die is left to resolve".into(),
        ),
    ];
    if granted(Power::Dupe) {
        lines.push((
            format!("1 {a} {b} +dupe"),
            "Dupe: write the number in two areas of the region".into(),
        ));
    }
    if granted(Power::ColorChange) {
        lines.push((
            format!("1 {c} +cc"),
            "Color Change: the die counts as wild".into(),
        ));
    }
    if granted(Power::Guard) {
        lines.push((
            format!("1 {b} +guard"),
            "Guard: ignore the neighbour rule (the number is circled)".into(),
        ));
    }
    lines.push((
        format!("1 x {c}"),
        format!("mark an X in {c} (only when the number fits nowhere)"),
    ));
    lines.push((
        "1 pass".into(),
        "the die does nothing (only when nothing else is possible)".into(),
    ));
    let mut commands = vec![
        (
            "moves [1]".to_string(),
            "list where each die can go without powers".to_string(),
        ),
        (
            "hint".into(),
            format!("what the {hinter} player would play (the strongest here)"),
        ),
        (
            "auto".into(),
            format!("let the {hinter} player resolve one die"),
        ),
        (
            "sheet [N|all]".into(),
            "your sheet again; player N's, or everyone's".into(),
        ),
        (
            "undo".into(),
            "take back this turn's moves, or (before any) the last turn".into(),
        ),
        ("help".into(), "this text".into()),
        (
            "quit".into(),
            "stop the game (saved with --log, to be resumed with --resume)".into(),
        ),
    ];
    let width = lines
        .iter()
        .chain(&commands)
        .map(|(l, _)| l.len())
        .max()
        .unwrap_or(0)
        + 2;
    let columns = terminal_width();
    let show = |list: &mut Vec<(String, String)>| {
        list.drain(..)
            .map(|(l, r)| {
                wrap(
                    &r,
                    &format!("  {l:width$}"),
                    &" ".repeat(width + 2),
                    columns,
                )
            })
            .collect::<String>()
    };
    let combined = if granted(Power::Dupe) && granted(Power::ColorChange) {
        format!("Powers combine: 1 {c} {d} +cc +dupe. ")
    } else {
        String::new()
    };
    format!(
        "Resolve each die by typing a command:\n{}{}Other commands:\n{}",
        show(&mut lines),
        wrap(
            &format!("{combined}Area codes and dice ignore case."),
            "",
            "",
            columns
        ),
        show(&mut commands)
    )
}

/// "die 1: red 4, die 2: clear (wild) 2"
fn describe_dice(game: &Game, state: &State) -> String {
    state
        .pending_slots()
        .map(|(i, r)| {
            let die = game.die(r.die);
            let wild = if r.die == game.wild_die() {
                " (wild)"
            } else {
                ""
            };
            format!("die {}: {}{wild} {}", i + 1, die.id, r.value)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// "red 4 in PA", "red 4 in PA and NY with Dupe", "X in TX".
fn describe_move(game: &Game, state: &State, mv: &Move) -> String {
    let map = game.map();
    let die = &game.die(mv.die).id;
    let value = state.pending_roll(mv.die).map_or(0, |r| r.value);
    let code = |a: AreaId| map.area(a).id.as_str();
    let what = match mv.action {
        Action::Write(a) => format!("{die} {value} in {}", code(a)),
        Action::WriteTwice(a, b) => format!("{die} {value} in {} and {}", code(a), code(b)),
        Action::Cross(a) => format!("{die} {value} fits nowhere: X in {}", code(a)),
        Action::Pass => format!("{die} {value} fits nowhere and does nothing"),
    };
    let powers: Vec<&str> = mv.powers.iter().map(Power::title).collect();
    if powers.is_empty() {
        what
    } else {
        format!("{what} with {}", powers.join(" and "))
    }
}

/// Lists where each pending die can go, numbered like the prompt: by the
/// die's place in the turn's roll order, which stays put as dice are
/// resolved. `which` (a die number or colour) limits the list to one die.
fn list_moves(
    game: &Game,
    state: &State,
    which: Option<&str>,
    out: &mut dyn Write,
) -> io::Result<()> {
    if let Some(w) = which
        && !state
            .pending_slots()
            .any(|(i, r)| w == (i + 1).to_string() || w.eq_ignore_ascii_case(&game.die(r.die).id))
    {
        return say(out, &no_such_die(game, state, w));
    }
    for (i, roll) in state.pending_slots() {
        if which.is_some_and(|w| {
            w != (i + 1).to_string() && !w.eq_ignore_ascii_case(&game.die(roll.die).id)
        }) {
            continue;
        }
        let spots: Vec<&str> = game
            .die_areas(roll.die)
            .iter()
            .filter(|&&a| state.cell(a).is_empty() && game.neighbor_rule_ok(state, a, roll.value))
            .map(|&a| game.map().area(a).id.as_str())
            .collect();
        let mut all = rollx::rolling::rules::MoveList::new();
        game.moves_for(state, roll, &mut all);
        let die = &game.die(roll.die).id;
        let with_powers = count(all.len() as u64, "move");
        let text = if spots.is_empty() {
            format!(
                "die {} ({die} {}): fits nowhere without powers ({with_powers} with powers or X)",
                i + 1,
                roll.value,
            )
        } else {
            format!(
                "die {} ({die} {}): {} ({with_powers} in all with powers)",
                i + 1,
                roll.value,
                spots.join(" "),
            )
        };
        say(out, &text)?;
    }
    Ok(())
}

/// The dice still to resolve, as the prompt numbers them: "2 (green 3)".
fn pending_choices(game: &Game, state: &State) -> String {
    state
        .pending_slots()
        .map(|(i, r)| format!("{} ({} {})", i + 1, game.die(r.die).id, r.value))
        .collect::<Vec<_>>()
        .join(" or ")
}

/// Why `word` names no die waiting to be resolved: a die already resolved
/// this turn, a die not rolled this turn, or no die at all.
fn no_such_die(game: &Game, state: &State, word: &str) -> String {
    let left = pending_choices(game, state);
    let resolved = word.parse::<usize>().ok().filter(|&n| {
        n >= 1
            && n <= usize::from(state.rolled_in_turn())
            && !state.pending_slots().any(|(i, _)| i + 1 == n)
    });
    if let Some(n) = resolved {
        format!("die {n} is already resolved this turn; still to resolve: {left}")
    } else if let Some(die) = game.dice().iter().find(|d| d.id.eq_ignore_ascii_case(word)) {
        format!(
            "the {} die is not waiting to be resolved (already resolved, or not rolled this turn); still to resolve: {left}",
            die.id
        )
    } else {
        format!("there is no die `{word}` this turn; still to resolve: {left}")
    }
}

/// Parses `1 PA`, `red PA NY +dupe`, `1 x TX`, `pass`, `PA`.
fn parse_move(game: &Game, state: &State, command: &str) -> Result<Move, String> {
    let map = game.map();
    let slots: Vec<(usize, Roll)> = state.pending_slots().collect();
    let pending: Vec<Roll> = slots.iter().map(|&(_, r)| r).collect();
    let mut tokens: Vec<&str> = command.split_whitespace().collect();
    let die_of = |t: &str| -> Option<Roll> {
        if let Ok(n) = t.parse::<usize>() {
            return slots.iter().find(|&&(i, _)| i + 1 == n).map(|&(_, r)| r);
        }
        pending
            .iter()
            .copied()
            .find(|r| game.die(r.die).id.eq_ignore_ascii_case(t))
    };
    let roll = match tokens.first().map(|t| (t, die_of(t))) {
        Some((_, Some(r))) => {
            tokens.remove(0);
            r
        }
        // A number or a die's colour names a die (unless the map has an
        // area of that name), even when that die is not waiting.
        Some((t, None))
            if (t.parse::<usize>().is_ok()
                || game.dice().iter().any(|d| d.id.eq_ignore_ascii_case(t)))
                && !map.areas.iter().any(|a| a.id.eq_ignore_ascii_case(t)) =>
        {
            return Err(no_such_die(game, state, t));
        }
        _ if pending.len() == 1 => pending[0],
        _ => {
            return Err(format!(
                "which die? Start with its number or colour: {}. Type `help` for the commands.",
                pending_choices(game, state)
            ));
        }
    };
    let mut powers = PowerSet::NONE;
    let mut areas = Vec::new();
    let mut cross = false;
    let mut pass = false;
    let codes: Vec<&str> = map.areas.iter().map(|a| a.id.as_str()).collect();
    let twice = |t: &str, what: &str| format!("`{t}` is there twice: {what}");
    for t in tokens {
        let word = t.trim_start_matches('+').to_ascii_lowercase();
        let area = map.areas.iter().position(|a| a.id.eq_ignore_ascii_case(t));
        let power = match word.as_str() {
            "guard" => Some(Power::Guard),
            "dupe" => Some(Power::Dupe),
            "cc" | "color" | "colour" | "colorchange" | "color-change" => Some(Power::ColorChange),
            _ => None,
        };
        match (word.as_str(), area, power) {
            (_, Some(i), _) if !t.starts_with('+') => areas.push(AreaId(i as u16)),
            (_, _, Some(p)) if powers.contains(p) => {
                return Err(twice(
                    t,
                    &format!("{} is used at most once on a die", p.title()),
                ));
            }
            (_, _, Some(p)) => powers = powers.with(p),
            ("x", _, _) if cross => return Err(twice(t, "one X per die")),
            ("x", _, _) => cross = true,
            ("pass", _, _) if pass => return Err(twice(t, "say `pass` once")),
            ("pass", _, _) => pass = true,
            _ => {
                let hint = suggest_word(t.to_ascii_uppercase().as_str(), &codes)
                    .map(|s| format!(" (did you mean {s}?)"))
                    .unwrap_or_default();
                return Err(format!(
                    "`{t}` is not an area, a power (+guard, +dupe, +cc), x or pass{hint}"
                ));
            }
        }
    }
    let action = match (areas.as_slice(), cross, pass) {
        ([a], true, false) => Action::Cross(*a),
        ([], false, true) => Action::Pass,
        ([a], false, false) => Action::Write(*a),
        ([a, b], false, false) => Action::WriteTwice(*a, *b),
        ([], false, false) => return Err("say where: an area code, `x AREA`, or `pass`".into()),
        _ => return Err("write one area (two with +dupe), or `x AREA`, or `pass`".into()),
    };
    Ok(Move {
        die: roll.die,
        action,
        powers,
    })
}
