//! A game at the terminal, for every family: one person in seat 1 against
//! the dice and computer players in the other seats, typing commands read
//! from a [`BufRead`] and answered on a [`Write`] (the library never
//! prints or exits itself).
//!
//! [`Session`] runs the game through the engine ([`Rules`]): chance is
//! rolled from the game's seed, the computers choose through
//! [`Player`], and the person's typed moves are read, checked and
//! described by the family's [`Notation`], after OpenSpiel's
//! `ActionToString` / `StringToAction`. Everything played is kept as a
//! list of [`Event`]s, from which a family writes its game log.
//!
//! The commands every family has: a move; `help`; `hint` (what a computer
//! player, the [`Hinter`], would play) and `auto` (play it); `sheet`;
//! `moves`; `undo` (take back your moves of the turn being played, or
//! before any the last turn you moved in: the table as it was just after
//! that turn's roll, the same dice to come, the computer players playing
//! again what they played while it is legal); `quit`. A family names them
//! its own way ([`Notation::command`]) and may have more (`table`).
//! Resuming a saved game is the family's replay of its log through
//! [`Session::roll_one`], [`Session::choice`] and [`Session::play`].

use std::io::{self, BufRead, Write};

use rand::SeedableRng;

use crate::engine::{Actor, Dice, Flow, Player, Rules, Watcher};

/// The seat the person plays.
pub const ME: usize = 0;

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

/// One thing that happened at the table, in order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Event<R: Rules> {
    /// A chance outcome.
    Chance(R::Chance),
    /// A move of a seat (from 0).
    Move(usize, R::Move),
}

/// A command as typed, once a family has read it ([`Notation::command`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Nothing typed: ask again.
    Empty,
    /// The commands.
    Help,
    /// Stop the game.
    Quit,
    /// Take moves back.
    Undo,
    /// What the hint player would play.
    Hint,
    /// Let the hint player move.
    Auto,
    /// A sheet: yours, or the one the word names.
    Sheet(Option<String>),
    /// Where every player stands.
    Table,
    /// The legal moves (of what the word names).
    Moves(Option<String>),
    /// A move, as typed.
    Play(String),
}

/// What `undo` took back, for the family to say
/// ([`Notation::undone`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undone {
    /// Your moves of the turn being played.
    ThisTurn,
    /// An earlier turn, the last one you moved in.
    Earlier,
    /// Nothing: you have not moved yet.
    Nothing,
}

/// How the text is shown: the width to fit it to, and whether to colour it.
#[derive(Clone, Copy, Debug)]
pub struct View {
    /// The width lines are wrapped to.
    pub width: usize,
    /// Whether ANSI colours may be used.
    pub color: bool,
}

/// The player that gives `hint`s and plays `auto`: made afresh for each
/// decision (from the turn, counted from 0, and the number of your moves
/// in it), so that the same position always gets the same hint, after an
/// undo or when the game is resumed, and `auto` plays the move `hint` gave.
pub struct Hinter<R: Rules> {
    /// What it is, as the family names it: `expert`, `strong`.
    pub name: String,
    /// Builds it for a decision: `(turn, your moves in the turn)`.
    #[allow(clippy::type_complexity)]
    pub make: Box<dyn Fn(usize, usize) -> Box<dyn Player<R>>>,
}

/// A family's notation and text view: how a move is typed and read, how
/// moves, dice and sheets are described, and what the table says at each
/// step. Every text returned is written as it is (line ends included).
pub trait Notation {
    /// The family's rules.
    type Rules: Rules;

    /// The rules being played.
    fn rules(&self) -> &Self::Rules;

    /// What a typed line asks for (the line is trimmed, not empty).
    fn command(&self, line: &str) -> Command;

    /// The move a typed line stands for, when the person decides at
    /// `table`; `Err` holds what to write instead. Checks the words only:
    /// [`Notation::check`] checks the rules.
    fn parse(
        &self,
        table: &<Self::Rules as Rules>::Table,
        text: &str,
        view: View,
    ) -> Result<<Self::Rules as Rules>::Move, String>;

    /// `Ok` when the person may play `mv` at `table`, else what to write:
    /// every rule it breaks.
    fn check(
        &self,
        table: &<Self::Rules as Rules>::Table,
        mv: <Self::Rules as Rules>::Move,
        view: View,
    ) -> Result<(), String>;

    /// Whether `seat` may play `mv` at `table` (a computer's move kept
    /// from before an undo is played again only then).
    fn is_legal(
        &self,
        table: &<Self::Rules as Rules>::Table,
        seat: usize,
        mv: <Self::Rules as Rules>::Move,
    ) -> bool {
        self.rules().legal_moves(table, seat).contains(&mv)
    }

    /// A move of `seat` at `table` (before it is played), in words.
    fn describe(
        &self,
        table: &<Self::Rules as Rules>::Table,
        seat: usize,
        mv: <Self::Rules as Rules>::Move,
    ) -> String;

    /// Whether the chance outcome about to be drawn at `table` begins a
    /// turn (the unit `undo` takes back).
    fn turn_starts(&self, _table: &<Self::Rules as Rules>::Table) -> bool {
        true
    }

    /// What to tell of a chance outcome about to be applied at `table`
    /// (nothing by default: the dice are shown when the person decides).
    fn chance_told(
        &self,
        _table: &<Self::Rules as Rules>::Table,
        _outcome: <Self::Rules as Rules>::Chance,
        _names: &[String],
        _view: View,
    ) -> String {
        String::new()
    }

    /// What to tell of the moves a computer player in `seat` just made in
    /// a row (`moves`, described), from `before` to `after`.
    fn computer_told(
        &self,
        before: &<Self::Rules as Rules>::Table,
        after: &<Self::Rules as Rules>::Table,
        seat: usize,
        names: &[String],
        moves: &[String],
        view: View,
    ) -> String;

    /// What to write when the session begins (after a resumed game's
    /// turns are played again when `resumed`).
    fn intro(
        &self,
        table: &<Self::Rules as Rules>::Table,
        names: &[String],
        seed: u64,
        resumed: bool,
        view: View,
    ) -> String;

    /// What to write when the person is to decide at `table`: `told` is
    /// what happened since the person last decided; `fresh` is false when
    /// the person has already been shown this turn (after a move of theirs
    /// in it, or after taking those moves back).
    fn header(
        &self,
        table: &<Self::Rules as Rules>::Table,
        names: &[String],
        told: &str,
        fresh: bool,
        view: View,
    ) -> String;

    /// What to write before each prompt (nothing by default).
    fn status(&self, _table: &<Self::Rules as Rules>::Table, _view: View) -> String {
        String::new()
    }

    /// What to write once a move of the person's is accepted, before it
    /// is played.
    fn accepted(
        &self,
        table: &<Self::Rules as Rules>::Table,
        names: &[String],
        mv: <Self::Rules as Rules>::Move,
        view: View,
    ) -> String;

    /// What `hint` says: the `hinter` player would play `mv`.
    fn hint(
        &self,
        table: &<Self::Rules as Rules>::Table,
        hinter: &str,
        mv: <Self::Rules as Rules>::Move,
        view: View,
    ) -> String;

    /// The commands, with examples from the position.
    fn help(&self, table: &<Self::Rules as Rules>::Table, hinter: &str, view: View) -> String;

    /// `sheet`: the person's sheet, or the one `which` names.
    fn sheets(
        &self,
        table: &<Self::Rules as Rules>::Table,
        names: &[String],
        which: Option<&str>,
        view: View,
    ) -> String;

    /// `table`: where every player stands (the family's own command;
    /// nothing by default).
    fn standings(&self, _table: &<Self::Rules as Rules>::Table, _names: &[String]) -> String {
        String::new()
    }

    /// `moves`: the legal moves (of what `which` names).
    fn moves(
        &self,
        table: &<Self::Rules as Rules>::Table,
        which: Option<&str>,
        view: View,
    ) -> String;

    /// What `undo` says once `what` is taken back, the table now `table`.
    fn undone(&self, table: &<Self::Rules as Rules>::Table, what: Undone, view: View) -> String;

    /// What to write when the session ends (`told`: what happened since
    /// the person last decided).
    fn ending(
        &self,
        table: &<Self::Rules as Rules>::Table,
        names: &[String],
        told: &str,
        ending: Ending,
        view: View,
    ) -> String;
}

/// Where a turn began.
struct Start<R: Rules> {
    /// The events before the turn's first chance outcome.
    before: usize,
    /// The events up to the end of the turn's first roll.
    at: usize,
    /// The table and the dice then.
    table: R::Table,
    dice: Dice,
}

/// A game in progress at the terminal: the table, the dice, the computer
/// players and everything played.
pub struct Session<'n, N: Notation> {
    notation: &'n N,
    seed: u64,
    dice: Dice,
    table: <N::Rules as Rules>::Table,
    names: Vec<String>,
    /// The computer players, for seats 2 on (index 0 is seat 2).
    computers: Vec<Box<dyn Player<N::Rules>>>,
    hinter: Hinter<N::Rules>,
    events: Vec<Event<N::Rules>>,
    starts: Vec<Start<N::Rules>>,
    /// The computers' moves by turn and seat, kept when turns are taken
    /// back: they play them again while they are legal.
    kept: Vec<Vec<Vec<<N::Rules as Rules>::Move>>>,
    /// What happened since the person last decided, to be told.
    told: String,
    /// Whether the person has been shown the turn being played.
    shown: bool,
    view: View,
}

/// The rules' table type of a notation.
type TableOf<N> = <<N as Notation>::Rules as Rules>::Table;
/// The rules' move type of a notation.
type MoveOf<N> = <<N as Notation>::Rules as Rules>::Move;
/// The rules' chance type of a notation.
type ChanceOf<N> = <<N as Notation>::Rules as Rules>::Chance;

impl<'n, N: Notation> Session<'n, N> {
    /// A game from `seed` before anything is rolled: the person in seat 1
    /// (`names[0]`), `computers` in the others, `hinter` for `hint` and
    /// `auto`.
    pub fn new(
        notation: &'n N,
        seed: u64,
        names: Vec<String>,
        computers: Vec<Box<dyn Player<N::Rules>>>,
        hinter: Hinter<N::Rules>,
        view: View,
    ) -> Self {
        let table = notation.rules().new_table(names.len());
        Session {
            notation,
            seed,
            dice: Dice::seed_from_u64(seed),
            table,
            names,
            computers,
            hinter,
            events: Vec::new(),
            starts: Vec::new(),
            kept: Vec::new(),
            told: String::new(),
            shown: false,
            view,
        }
    }

    /// The family's notation.
    pub fn notation(&self) -> &'n N {
        self.notation
    }

    /// The game's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The table as it stands.
    pub fn table(&self) -> &TableOf<N> {
        &self.table
    }

    /// Every seat's name, the person's first.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Everything played, in order.
    pub fn events(&self) -> &[Event<N::Rules>] {
        &self.events
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.notation.rules().actor(&self.table) == Actor::Over
    }

    /// The turns played to their end: every turn begun but the one being
    /// played, or all of them once the game is over.
    pub fn turns_played(&self) -> usize {
        if self.between_turns() {
            self.starts.len()
        } else {
            self.starts.len().saturating_sub(1)
        }
    }

    /// Whether the turn last begun is played to its end: the game is over,
    /// or the next outcome of chance begins a turn.
    fn between_turns(&self) -> bool {
        match self.notation.rules().actor(&self.table) {
            Actor::Over => true,
            Actor::Chance => {
                !matches!(self.events.last(), Some(Event::Chance(_)))
                    && self.notation.turn_starts(&self.table)
            }
            Actor::Player(_) | Actor::AllPlayers => false,
        }
    }

    /// The events of the turns played to their end (see
    /// [`Session::turns_played`]).
    pub fn played_events(&self) -> &[Event<N::Rules>] {
        match self.starts.last() {
            Some(s) if !self.between_turns() => &self.events[..s.before],
            _ => &self.events,
        }
    }

    /// Plays `events` (the session's, or the turns played of them) again
    /// on a new table, telling `watcher` each as the game loop would (a
    /// log's recorder); the table at the end.
    pub fn watch(
        &self,
        events: &[Event<N::Rules>],
        watcher: &mut dyn Watcher<N::Rules>,
    ) -> TableOf<N> {
        let rules = self.notation.rules();
        let mut table = rules.new_table(self.names.len());
        for event in events {
            match *event {
                Event::Chance(outcome) => {
                    watcher.chance(rules, &table, outcome);
                    rules.apply_chance(&mut table, outcome);
                }
                Event::Move(p, mv) => {
                    watcher.before_move(rules, &table, p, mv);
                    rules.apply(&mut table, p, mv);
                    watcher.after_move(rules, &table, p, mv);
                }
            }
        }
        table
    }

    /// Draws and applies one chance outcome (only when chance acts), as
    /// the game's dice give it: a new turn begins when the family says so.
    pub fn roll_one(&mut self) -> ChanceOf<N> {
        let rules = self.notation.rules();
        // A turn begins with the first outcome after a move (or the
        // game's first), when the family says so.
        let starts = !matches!(self.events.last(), Some(Event::Chance(_)))
            && self.notation.turn_starts(&self.table);
        let before = self.events.len();
        let outcome = rules.sample_chance(&self.table, &mut self.dice);
        self.told.push_str(&self.notation.chance_told(
            &self.table,
            outcome,
            &self.names,
            self.view(),
        ));
        rules.apply_chance(&mut self.table, outcome);
        self.events.push(Event::Chance(outcome));
        if starts {
            self.starts.push(Start {
                before,
                at: before,
                table: self.table.clone(),
                dice: self.dice.clone(),
            });
            self.shown = false;
        }
        if rules.actor(&self.table) != Actor::Chance
            && let Some(s) = self.starts.last_mut()
            && s.at == s.before
        {
            // The turn's first roll is over: this is where `undo` goes back to.
            s.at = self.events.len();
            s.table = self.table.clone();
            s.dice = self.dice.clone();
        }
        outcome
    }

    /// The turn being played, from 0.
    fn turn(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// The moves `seat` has made in the turn being played.
    fn moves_in_turn(&self, seat: usize) -> usize {
        let from = self.starts.last().map_or(0, |s| s.before);
        self.events[from..]
            .iter()
            .filter(|e| matches!(e, Event::Move(p, _) if *p == seat))
            .count()
    }

    /// What the computer in `seat` chooses now: what it played here before
    /// the turn was taken back, while that is legal, else its own choice.
    pub fn choice(&mut self, seat: usize) -> MoveOf<N> {
        let rules = self.notation.rules();
        let (t, k) = (self.turn(), self.moves_in_turn(seat));
        let kept = self
            .kept
            .get(t)
            .and_then(|seats| seats.get(seat))
            .and_then(|moves| moves.get(k))
            .copied()
            .filter(|&mv| self.notation.is_legal(&self.table, seat, mv));
        match kept {
            Some(mv) => mv,
            None => self.computers[seat - 1].choose(rules, &self.table, seat),
        }
    }

    /// What the computer in `seat` chooses now, ignoring what it played
    /// before (a saved game's moves are compared with it).
    pub fn fresh_choice(&mut self, seat: usize) -> MoveOf<N> {
        self.computers[seat - 1].choose(self.notation.rules(), &self.table, seat)
    }

    /// Plays `mv`, legal, for `seat`; a computer's move is kept, to be
    /// played again if the turn is taken back.
    pub fn play(&mut self, seat: usize, mv: MoveOf<N>) {
        if seat != ME {
            let (t, k) = (self.turn(), self.moves_in_turn(seat));
            if self.kept.len() <= t {
                self.kept.resize(t + 1, Vec::new());
            }
            if self.kept[t].len() <= seat {
                self.kept[t].resize(seat + 1, Vec::new());
            }
            let moves = &mut self.kept[t][seat];
            if moves.get(k) != Some(&mv) {
                moves.truncate(k);
                moves.push(mv);
            }
        }
        self.notation.rules().apply(&mut self.table, seat, mv);
        self.events.push(Event::Move(seat, mv));
    }

    /// The view text is shown in.
    fn view(&self) -> View {
        self.view
    }

    /// The move the hint player would play for the person now.
    fn hinted(&self) -> MoveOf<N> {
        let (t, k) = (self.turn(), self.moves_in_turn(ME));
        (self.hinter.make)(t, k).choose(self.notation.rules(), &self.table, ME)
    }

    /// Takes back the person's moves of the turn being played, or before
    /// any, of the last turn they moved in: the table and the dice as they
    /// were just after that turn's first roll.
    fn undo(&mut self) -> Undone {
        let current = self.starts.len().checked_sub(1);
        let moved = |t: usize| {
            let from = self.starts[t].at;
            let to = self
                .starts
                .get(t + 1)
                .map_or(self.events.len(), |s| s.before);
            self.events[from..to]
                .iter()
                .any(|e| matches!(e, Event::Move(ME, _)))
        };
        let Some(t) = (0..self.starts.len()).rev().find(|&t| moved(t)) else {
            return Undone::Nothing;
        };
        let start = &self.starts[t];
        self.table = start.table.clone();
        self.dice = start.dice.clone();
        self.events.truncate(start.at);
        self.starts.truncate(t + 1);
        self.told.clear();
        if Some(t) == current {
            Undone::ThisTurn
        } else {
            self.shown = false;
            Undone::Earlier
        }
    }

    /// Plays the game from where it stands to its end, or until the person
    /// stops or the input ends: chance from the game's dice, the computers'
    /// moves, the person's commands read from `input` (echoed when not
    /// `interactive`, so that a scripted session's transcript reads like
    /// one typed). `resumed` says the game was resumed from a log (what
    /// its replay told, [`Notation::chance_told`], is then not told).
    pub fn run(
        &mut self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        interactive: bool,
        resumed: bool,
    ) -> io::Result<Ending> {
        let notation = self.notation;
        let rules = notation.rules();
        let view = self.view;
        if resumed {
            // What was told while the saved game was played again is not
            // news.
            self.told.clear();
        }
        write!(
            out,
            "{}",
            notation.intro(&self.table, &self.names, self.seed, resumed, view)
        )?;
        let mut at = AtConsole {
            session: self,
            input,
            out,
            interactive,
            line: String::new(),
            stopped: None,
        };
        let over = crate::engine::drive(rules, &mut at);
        let ending = match at.stopped {
            _ if over => Ending::Finished,
            Some(stopped) => stopped?,
            None => Ending::Finished,
        };
        let told = std::mem::take(&mut self.told);
        write!(
            out,
            "{}",
            notation.ending(&self.table, &self.names, &told, ending, view)
        )?;
        Ok(ending)
    }

    /// The computer in `seat` makes its decision (`once`), or every
    /// decision it has now (when everyone decides, each on their own).
    fn computer(&mut self, seat: usize, once: bool) {
        let rules = self.notation.rules();
        let before = self.table.clone();
        let mut said = Vec::new();
        while (!once || said.is_empty()) && rules.must_move(&self.table, seat) {
            let mv = self.choice(seat);
            said.push(self.notation.describe(&self.table, seat, mv));
            self.play(seat, mv);
        }
        let told =
            self.notation
                .computer_told(&before, &self.table, seat, &self.names, &said, self.view);
        self.told.push_str(&told);
    }

    /// The person's decision: shows the table and reads commands until a
    /// move is played or taken back (`None`: the game goes on), or the
    /// person stops.
    fn decide(
        &mut self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        interactive: bool,
        line: &mut String,
    ) -> io::Result<Option<Ending>> {
        let notation = self.notation;
        let view = self.view;
        let told = std::mem::take(&mut self.told);
        write!(
            out,
            "{}",
            notation.header(&self.table, &self.names, &told, !self.shown, view)
        )?;
        self.shown = true;
        loop {
            write!(out, "{}", notation.status(&self.table, view))?;
            if !read_command(input, out, interactive, line)? {
                return Ok(Some(Ending::InputEnded));
            }
            let typed = line.trim();
            let mv = match notation.command(typed) {
                Command::Empty => continue,
                Command::Quit => return Ok(Some(Ending::Quit)),
                Command::Help => {
                    write!(
                        out,
                        "{}",
                        notation.help(&self.table, &self.hinter.name, view)
                    )?;
                    continue;
                }
                Command::Sheet(which) => {
                    let text = notation.sheets(&self.table, &self.names, which.as_deref(), view);
                    write!(out, "{text}")?;
                    continue;
                }
                Command::Table => {
                    write!(out, "{}", notation.standings(&self.table, &self.names))?;
                    continue;
                }
                Command::Moves(which) => {
                    write!(
                        out,
                        "{}",
                        notation.moves(&self.table, which.as_deref(), view)
                    )?;
                    continue;
                }
                Command::Undo => {
                    let what = self.undo();
                    write!(out, "{}", notation.undone(&self.table, what, view))?;
                    if what == Undone::Nothing {
                        continue;
                    }
                    return Ok(None);
                }
                Command::Hint => {
                    let mv = self.hinted();
                    let text = notation.hint(&self.table, &self.hinter.name, mv, view);
                    write!(out, "{text}")?;
                    continue;
                }
                Command::Auto => self.hinted(),
                Command::Play(text) => match notation.parse(&self.table, &text, view) {
                    Err(message) => {
                        write!(out, "{message}")?;
                        continue;
                    }
                    Ok(mv) => match notation.check(&self.table, mv, view) {
                        Ok(()) => mv,
                        Err(refusal) => {
                            write!(out, "{refusal}")?;
                            continue;
                        }
                    },
                },
            };
            write!(
                out,
                "{}",
                notation.accepted(&self.table, &self.names, mv, view)
            )?;
            self.play(ME, mv);
            return Ok(None);
        }
    }
}

/// A session at the console, as the game loop drives it
/// ([`crate::engine::drive`]): chance from the game's dice, the
/// computers' moves, and the person's commands read from `input`.
struct AtConsole<'s, 'n, 'io, N: Notation> {
    session: &'s mut Session<'n, N>,
    input: &'io mut dyn BufRead,
    out: &'io mut dyn Write,
    interactive: bool,
    /// The line being read.
    line: String,
    /// Why the game stopped before its end: the person stopped, the input
    /// ended, or the console failed.
    stopped: Option<io::Result<Ending>>,
}

impl<N: Notation> crate::engine::Driver<N::Rules> for AtConsole<'_, '_, '_, N> {
    fn table(&self) -> &TableOf<N> {
        &self.session.table
    }

    fn roll(&mut self, _rules: &N::Rules) -> Flow {
        self.session.roll_one();
        Flow::Done
    }

    /// A computer makes its one decision (acting alone) or every one it
    /// has (all acting at once); the person makes one, or takes moves
    /// back, and then the loop asks again who acts.
    fn decide(&mut self, _rules: &N::Rules, seat: usize, all: bool) -> Flow {
        if seat != ME {
            self.session.computer(seat, !all);
            return Flow::Done;
        }
        match self
            .session
            .decide(self.input, self.out, self.interactive, &mut self.line)
        {
            Ok(None) => Flow::Again,
            Ok(Some(ending)) => {
                self.stopped = Some(Ok(ending));
                Flow::Stop
            }
            Err(e) => {
                self.stopped = Some(Err(e));
                Flow::Stop
            }
        }
    }
}

/// Asks for a command: writes the prompt and reads a line into `line`.
/// `false` when the input has ended. When the input is not a terminal
/// (`interactive` false) the line read is echoed, so that a scripted
/// session's transcript reads like one typed.
pub(crate) fn read_command(
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

/// Whether a saved game can be resumed: its log referees clean so far
/// (`clean`), names its seed and had a person in seat 1 (`computer`: the
/// policy that played seat 1, if any). The seed.
pub(crate) fn resumable(
    file: &std::path::Path,
    clean: bool,
    seed: Option<u64>,
    computer: Option<&str>,
) -> Result<u64, crate::diag::Failure> {
    use crate::diag::Failure;
    let file = file.display();
    if !clean {
        return Err(Failure::invalid(format!(
            "{file}: the game breaks the rules, so it cannot be resumed\n  \
             help: `rollx referee {file}` says where"
        )));
    }
    let Some(seed) = seed else {
        return Err(Failure::invalid(format!(
            "{file} has no seed: only games whose dice rollx rolled can be resumed"
        )));
    };
    if let Some(p) = computer {
        return Err(Failure::invalid(format!(
            "{file}: seat 1 was played by the computer ({p}): only a game played with \
             `rollx play --human` can be resumed"
        )));
    }
    Ok(seed)
}

/// Where a game at the terminal is played: the person's commands, the
/// game's text, and notes beside it.
pub struct Console<'a> {
    /// The person's commands.
    pub input: &'a mut dyn std::io::BufRead,
    /// The game's text.
    pub out: &'a mut dyn std::io::Write,
    /// Whether a person types (else the commands are echoed).
    pub interactive: bool,
    /// Notes beside the game.
    pub note: &'a dyn Fn(&str),
}

/// What every family says when it goes on with a saved game (`file`)
/// whose turns were played again (`replayed`: the notes to show, or why
/// they could not be): a game that is over is refused (`over`: how far it
/// went, "after 12 turns"), else `resuming FILE after 2 turns`, counting
/// the session's turns played to their end (`unit`: what a family calls a
/// turn, "turn" or "roll"), as a game stopped says it was saved: a turn
/// half played when the game stopped starts again from its dice.
pub fn resume<N: Notation>(
    session: &Session<N>,
    console: &mut Console,
    file: &std::path::Path,
    replayed: Result<Vec<String>, String>,
    over: &str,
    unit: &str,
) -> Result<(), crate::diag::Failure> {
    let after = crate::text::count(session.turns_played() as u64, unit);
    use crate::diag::Failure;
    let file = file.display();
    let notes =
        replayed.map_err(|e| Failure::invalid(format!("{file}: cannot resume the game: {e}")))?;
    for note in notes {
        (console.note)(&note);
    }
    if session.is_over() {
        return Err(Failure::invalid(format!(
            "{file}: the game is over ({over}): nothing to resume"
        )));
    }
    writeln!(console.out, "resuming {file} after {after}")
        .map_err(|e| Failure::usage(e.to_string()))
}

/// Plays `session` at `console` (`resumed`: after a saved game's turns
/// were played again) until it ends or the person stops.
pub(crate) fn play_at<N: Notation>(
    session: &mut Session<N>,
    console: &mut Console,
    resumed: bool,
) -> Result<Ending, crate::diag::Failure> {
    let ending = session.run(console.input, console.out, console.interactive, resumed);
    ending
        .and_then(|e| console.out.flush().map(|()| e))
        .map_err(|e| crate::diag::Failure::usage(e.to_string()))
}
