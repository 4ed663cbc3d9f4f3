//! A family written from outside the crate, against the public contract
//! only: a one-die game on a tiny board. It proves what a new family
//! writes (its model, rules, players, game text and log, what a table's
//! games tally and its simulation report) and that the commands' flows
//! written once over the contract serve it: the registry's entry points
//! vet its requests; `play` seats its players, plays the game and shows
//! it; `referee` replays its logs and checks its finished paper sheets;
//! `play --human` and `--resume` play it at the terminal with its
//! notation; `simulate` plays its tables part by part, reports and saves
//! the logs; and the engine's conformance games run on it.
//!
//! The game: a board is a row of `cells` boxes. Each turn one die is
//! rolled and every player writes it in an empty box of their own row,
//! keeping the numbers written rising from left to right, or passes. The
//! game ends after `turns` rolls; a player scores one point a box
//! written.

use std::path::Path;

use rand::RngExt;
use rollx::diag::{Diagnostic, Failure, SourceMap};
use rollx::engine::{self, Actor, Dice, Rules};
use rollx::families::log::{BoardRef, GameLog, LOG_FORMAT, LogFamily};
use rollx::families::simulate::{
    Progress, Reports, Seated, SimCount, SimulateRequest, Simulated, Simulates,
};
use rollx::families::terminal::{self, AtTable, Computers, Seating};
use rollx::families::{
    About, AtTerminal, Card, Checked, CheckedSheet, Command, Console, Family, FileToCheck, Given,
    LogAt, Model, PlayRequest, Played, Printed, RefereeRequest, Refereed, SheetRequest, Start,
    TerminalRequest, Typed,
};
use rollx::print::{PrintOptions, Template};
use rollx::report::doc::{Block, Doc, Table as Columns, para};
use rollx::session::{
    Command as SessionCommand, Ending, Event as SessionEvent, Hinter, Notation, Session, Undone,
    View,
};

/// The toy family.
struct Toy;

/// The toy family, as a registry lists it.
const TOY: Family = Family::new(&Toy);

/// A toy board.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
struct Board {
    id: String,
    cells: usize,
    turns: usize,
}

/// A toy table: each player's row, the die on the table, who has written
/// it, and the turns played.
#[derive(Clone, Debug)]
struct Table {
    rows: Vec<Vec<Option<u8>>>,
    die: Option<u8>,
    moved: Vec<bool>,
    turns: usize,
}

/// A toy move: write the die in box `.0`, or pass.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Move {
    Write(usize),
    Pass,
}

/// The toy rules on one board.
struct Game(Board);

impl Game {
    /// What is wrong with a finished paper row (0 an empty box): a row of
    /// another length, a number no die shows, numbers that fall, more
    /// numbers than rolls.
    fn paper_mistakes(&self, boxes: &[u8]) -> Vec<String> {
        let mut mistakes = Vec::new();
        if boxes.len() != self.0.cells {
            mistakes.push(format!(
                "{} boxes, the board has {}",
                boxes.len(),
                self.0.cells
            ));
        }
        let written: Vec<u8> = boxes.iter().copied().filter(|&n| n != 0).collect();
        for n in written.iter().filter(|&&n| n > 6) {
            mistakes.push(format!("{n} is on no die"));
        }
        for pair in written.windows(2).filter(|p| p[1] < p[0]) {
            mistakes.push(format!(
                "{} after {}: the numbers must rise",
                pair[1], pair[0]
            ));
        }
        if written.len() > self.0.turns {
            mistakes.push(format!(
                "{} numbers in {} rolls",
                written.len(),
                self.0.turns
            ));
        }
        mistakes
    }
}

/// A finished paper sheet as a player writes it (what `--write-sheet`
/// writes).
#[derive(serde::Deserialize)]
struct PaperSheet {
    player: String,
    boxes: Vec<u8>,
}

/// A paper sheet checked.
#[derive(Debug, serde::Serialize)]
struct Sheet {
    player: String,
    points: u32,
    mistakes: Vec<String>,
}

impl Rules for Game {
    type Table = Table;
    type Move = Move;
    type Chance = u8;

    fn new_table(&self, players: usize) -> Table {
        Table {
            rows: vec![vec![None; self.0.cells]; players],
            die: None,
            moved: vec![false; players],
            turns: 0,
        }
    }

    fn players(&self, table: &Table) -> usize {
        table.rows.len()
    }

    fn actor(&self, table: &Table) -> Actor {
        match table.die {
            _ if table.turns == self.0.turns => Actor::Over,
            None => Actor::Chance,
            Some(_) => Actor::AllPlayers,
        }
    }

    fn must_move(&self, table: &Table, player: usize) -> bool {
        table.die.is_some() && !table.moved[player]
    }

    fn sample_chance(&self, _table: &Table, dice: &mut Dice) -> u8 {
        dice.random_range(1..=6u8)
    }

    fn apply_chance(&self, table: &mut Table, outcome: u8) {
        table.die = Some(outcome);
        table.moved.iter_mut().for_each(|m| *m = false);
    }

    fn legal_moves(&self, table: &Table, player: usize) -> Vec<Move> {
        let (row, die) = (&table.rows[player], table.die.unwrap_or(0));
        let fits = |at: usize| {
            row[at].is_none()
                && row[..at].iter().flatten().all(|&n| n <= die)
                && row[at + 1..].iter().flatten().all(|&n| n >= die)
        };
        (0..row.len())
            .filter(|&at| fits(at))
            .map(Move::Write)
            .chain([Move::Pass])
            .collect()
    }

    fn apply(&self, table: &mut Table, player: usize, mv: Move) {
        if let Move::Write(at) = mv {
            table.rows[player][at] = table.die;
        }
        table.moved[player] = true;
        if table.moved.iter().all(|&m| m) {
            table.die = None;
            table.turns += 1;
        }
    }

    fn score(&self, table: &Table, player: usize) -> f64 {
        table.rows[player].iter().flatten().count() as f64
    }
}

/// A toy player: `first` writes in the first box it may, `random` picks
/// any legal move.
struct Player {
    random: Option<Dice>,
}

impl engine::Player<Game> for Player {
    fn choose(&mut self, game: &Game, table: &Table, me: usize) -> Move {
        let moves = game.legal_moves(table, me);
        match &mut self.random {
            Some(dice) => moves[dice.random_range(0..moves.len())],
            None => moves[0],
        }
    }
}

/// A toy game played: the names, the dice rolled, every move, and the
/// table at the end.
struct Played_ {
    names: Vec<String>,
    rolls: Vec<u8>,
    moves: Vec<(usize, Move)>,
    table: Table,
}

/// Records the dice and the moves.
#[derive(Default)]
struct Recorder {
    rolls: Vec<u8>,
    moves: Vec<(usize, Move)>,
}

impl engine::Watcher<Game> for Recorder {
    fn chance(&mut self, _: &Game, _: &Table, outcome: u8) {
        self.rolls.push(outcome);
    }

    fn before_move(&mut self, _: &Game, _: &Table, player: usize, mv: Move) {
        self.moves.push((player, mv));
    }
}

/// What the toy is called and says: its card, data only.
const CARD: Card = Card {
    name: "toy",
    title: "Toy",
    noun: "board",
    games: "a one-die toy on a row of boxes",
    starter: "id = \"{id}\"\ncells = 5\nturns = 5\n",
    solvability: "nothing",
    options_help: "toy boards take no options",
    players: &[
        ("first", "writes in the first box it may"),
        ("random", "any legal move"),
    ],
    max_players: 4,
    ..Card::NONE
};

impl About for Toy {
    fn card(&self) -> &'static Card {
        &CARD
    }

    fn check(&self, file: FileToCheck) -> Checked {
        let path = file.path;
        let mut sources = SourceMap::new();
        let text = String::from_utf8_lossy(&file.bytes).into_owned();
        sources.add(path, text.clone());
        let (model, diagnostics) = match toml::from_str::<Board>(&text) {
            Ok(b) if b.cells > 0 && b.turns > 0 => (
                Some(Model::new(TOY, &format!("Toy {}", b.id), &b.id.clone(), b)),
                Vec::new(),
            ),
            Ok(_) => (
                None,
                vec![Diagnostic::error(
                    "invalid-value",
                    "a toy board has at least one box and one turn",
                )],
            ),
            Err(e) => (None, vec![Diagnostic::error("invalid-toml", e.to_string())]),
        };
        Checked {
            family: TOY,
            file: path.display().to_string(),
            sources,
            diagnostics,
            model,
            summary: String::new(),
            report: serde_json::json!({}),
        }
    }
}

impl Typed for Toy {
    type Model = Board;
    type Rules = Game;
    type Game = Played_;
    type Log = ToyLog;
    type Verdict = Verdict;

    fn engine(&self, board: &Board, _options: &Given) -> Result<Game, String> {
        Ok(Game(board.clone()))
    }

    fn sheet(
        &self,
        _board: &Board,
        _template: &Template,
        _options: &PrintOptions,
    ) -> (Printed, Vec<Diagnostic>) {
        let why = Diagnostic::error("print-unsupported", "toy boards print no sheets");
        (Printed::default(), vec![why])
    }

    fn rules(&self, board: &Board, _lang: rollx::lang::Lang) -> Vec<String> {
        vec![format!(
            "Write each die in one of your {} boxes, rising from left to right.",
            board.cells
        )]
    }

    fn play_game(&self, game: &Game, request: &PlayRequest) -> Result<Played_, Failure> {
        Ok(play_game(game, request.policies, request.seed))
    }

    fn played(&self, game: &Game, played: &Played_, request: &PlayRequest) -> Played {
        let row = |r: &Vec<Option<u8>>| {
            r.iter()
                .map(|n| n.map_or("_".to_string(), |n| n.to_string()))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut text = format!("{} ({}), seed {}\n", game.0.id, game.0.cells, request.seed);
        for (p, name) in played.names.iter().enumerate() {
            text.push_str(&format!(
                "{name}: {}  ({} points)\n",
                row(&played.table.rows[p]),
                game.score(&played.table, p)
            ));
        }
        Played {
            text,
            log: log(game, played, request.seed, request.path),
        }
    }

    fn referee_log(
        &self,
        board: &Board,
        log: &GameLog<ToyLog>,
        at: &LogAt,
    ) -> Result<(Game, Verdict), Failure> {
        if log.board.id != board.id {
            return Err(Failure::usage(format!(
                "{} is a game on `{}`, and {} is `{}`",
                at.path.display(),
                log.board.id,
                at.file.display(),
                board.id
            )));
        }
        let game = Game(board.clone());
        let mut table = game.new_table(log.players.len());
        let mut mistakes = Vec::new();
        for (t, turn) in log.turns.iter().enumerate() {
            if game.actor(&table) == Actor::Over {
                mistakes.push(format!("turn {}: the game is over", t + 1));
                break;
            }
            game.apply_chance(&mut table, turn.die);
            for (p, at) in turn.boxes.iter().enumerate() {
                let mv = at.map_or(Move::Pass, Move::Write);
                if game.legal_moves(&table, p).contains(&mv) {
                    game.apply(&mut table, p, mv);
                } else {
                    mistakes.push(format!("turn {}, {}: box {:?}", t + 1, log.players[p], at));
                    game.apply(&mut table, p, Move::Pass);
                }
            }
        }
        let points = (0..log.players.len())
            .map(|p| game.score(&table, p) as u32)
            .collect();
        Ok((
            game,
            Verdict {
                points,
                mistakes,
                rows: table.rows,
            },
        ))
    }

    fn verdict_text(
        &self,
        _game: &Game,
        log: &GameLog<ToyLog>,
        verdict: &Verdict,
        _request: &RefereeRequest,
    ) -> String {
        let mut text: String = verdict
            .mistakes
            .iter()
            .map(|m| format!("  {m}\n"))
            .collect();
        for (name, points) in log.players.iter().zip(&verdict.points) {
            text.push_str(&format!("{name}: {points} points\n"));
        }
        text
    }

    fn clean(&self, verdict: &Verdict) -> bool {
        verdict.mistakes.is_empty()
    }

    fn filled(&self, _game: &Game, verdict: &Verdict, seat: usize, name: &str) -> String {
        let boxes: Vec<String> = verdict.rows[seat]
            .iter()
            .map(|b| b.map_or("0".to_string(), |n| n.to_string()))
            .collect();
        format!("player = \"{name}\"\nboxes = [{}]\n", boxes.join(", "))
    }

    type Filled = Sheet;

    fn check_filled(
        &self,
        board: &Board,
        request: &SheetRequest,
    ) -> Result<(Game, CheckedSheet<Sheet>), Failure> {
        let game = Game(board.clone());
        let mut sources = SourceMap::new();
        let text = String::from_utf8_lossy(request.bytes).into_owned();
        sources.add(request.path.display().to_string(), text.clone());
        let read: Result<PaperSheet, _> = toml::from_str(&text);
        let (result, diagnostics) = match read {
            Err(e) => (None, vec![Diagnostic::error("invalid-toml", e.to_string())]),
            Ok(paper) => {
                let mistakes = game.paper_mistakes(&paper.boxes);
                let findings = mistakes
                    .iter()
                    .map(|m| Diagnostic::error("toy-rule", m.clone()))
                    .collect();
                let sheet = Sheet {
                    player: paper.player,
                    points: paper.boxes.iter().filter(|&&n| n != 0).count() as u32,
                    mistakes,
                };
                (Some(sheet), findings)
            }
        };
        Ok((
            game,
            CheckedSheet {
                sources,
                diagnostics,
                result,
            },
        ))
    }

    fn filled_text(&self, _game: &Game, sheet: &Sheet, _request: &SheetRequest) -> String {
        format!("{}: {} points\n", sheet.player, sheet.points)
    }

    fn filled_clean(&self, sheet: &Sheet) -> bool {
        sheet.mistakes.is_empty()
    }

    fn terminal(
        &self,
        board: Option<&Board>,
        request: &TerminalRequest,
        console: Console,
    ) -> Result<AtTerminal, Failure> {
        terminal::terminal(self, board, request, console)
    }
}

/// The toy game at the terminal: a box number writes the die there,
/// `pass` passes.
struct ToyTerminal<'g>(&'g Game);

impl ToyTerminal<'_> {
    /// A row as the terminal shows it: `[3 . 5 .]`.
    fn row(row: &[Option<u8>]) -> String {
        let boxes: Vec<String> = row
            .iter()
            .map(|b| b.map_or(".".to_string(), |n| n.to_string()))
            .collect();
        format!("[{}]", boxes.join(" "))
    }
}

impl Notation for ToyTerminal<'_> {
    type Rules = Game;

    fn rules(&self) -> &Game {
        self.0
    }

    fn command(&self, line: &str) -> SessionCommand {
        match line {
            "" => SessionCommand::Empty,
            "help" => SessionCommand::Help,
            "quit" => SessionCommand::Quit,
            "undo" => SessionCommand::Undo,
            "hint" => SessionCommand::Hint,
            "auto" => SessionCommand::Auto,
            "sheet" => SessionCommand::Sheet(None),
            "moves" => SessionCommand::Moves(None),
            typed => SessionCommand::Play(typed.to_string()),
        }
    }

    fn parse(&self, _table: &Table, text: &str, _view: View) -> Result<Move, String> {
        match text {
            "pass" => Ok(Move::Pass),
            n => match n.parse::<usize>() {
                Ok(at) if (1..=self.0.0.cells).contains(&at) => Ok(Move::Write(at - 1)),
                _ => Err(format!(
                    "`{n}` is no box: type 1 to {} or pass\n",
                    self.0.0.cells
                )),
            },
        }
    }

    fn check(&self, table: &Table, mv: Move, _view: View) -> Result<(), String> {
        if self.is_legal(table, 0, mv) {
            Ok(())
        } else {
            Err("not allowed: the numbers must rise\n".to_string())
        }
    }

    fn describe(&self, _table: &Table, _seat: usize, mv: Move) -> String {
        match mv {
            Move::Write(at) => format!("box {}", at + 1),
            Move::Pass => "pass".to_string(),
        }
    }

    fn computer_told(
        &self,
        _before: &Table,
        _after: &Table,
        seat: usize,
        names: &[String],
        moves: &[String],
        _view: View,
    ) -> String {
        format!("{}: {}\n", names[seat], moves.join(", "))
    }

    fn intro(&self, _table: &Table, names: &[String], seed: u64, _: bool, _: View) -> String {
        format!("a toy game of {} (seed {seed})\n", names.join(", "))
    }

    fn header(&self, table: &Table, _: &[String], told: &str, _: bool, _: View) -> String {
        format!(
            "{told}die {}, your row {}\n",
            table.die.unwrap_or(0),
            Self::row(&table.rows[0])
        )
    }

    fn accepted(&self, table: &Table, _names: &[String], mv: Move, _view: View) -> String {
        format!("you: {}\n", self.describe(table, 0, mv))
    }

    fn hint(&self, table: &Table, hinter: &str, mv: Move, _view: View) -> String {
        format!("{hinter} would play {}\n", self.describe(table, 0, mv))
    }

    fn help(&self, _table: &Table, hinter: &str, _view: View) -> String {
        format!("a box number, pass, hint ({hinter}), auto, undo, sheet, moves, quit\n")
    }

    fn sheets(&self, table: &Table, names: &[String], _: Option<&str>, _: View) -> String {
        names
            .iter()
            .zip(&table.rows)
            .map(|(name, row)| format!("{name} {}\n", Self::row(row)))
            .collect()
    }

    fn moves(&self, table: &Table, _which: Option<&str>, _view: View) -> String {
        let moves: Vec<String> = self
            .0
            .legal_moves(table, 0)
            .into_iter()
            .map(|mv| self.describe(table, 0, mv))
            .collect();
        format!("{}\n", moves.join(", "))
    }

    fn undone(&self, _table: &Table, what: Undone, _view: View) -> String {
        format!("undone: {what:?}\n")
    }

    fn ending(
        &self,
        table: &Table,
        names: &[String],
        told: &str,
        ending: Ending,
        _: View,
    ) -> String {
        let points: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(p, name)| format!("{name}: {} points", self.0.score(table, p)))
            .collect();
        format!("{told}{ending:?}: {}\n", points.join(", "))
    }
}

impl AtTable for Toy {
    type Notation<'r> = ToyTerminal<'r>;

    const UNIT: &'static str = "turn";

    fn notation<'r>(&self, game: &'r Game) -> ToyTerminal<'r> {
        ToyTerminal(game)
    }

    fn resumed_seats(
        &self,
        log: &GameLog<ToyLog>,
        _path: &Path,
    ) -> Result<(Vec<String>, Vec<String>), Failure> {
        let policies = log
            .players
            .iter()
            .skip(1)
            .map(|name| name.split(' ').next().unwrap_or_default().to_string())
            .collect();
        Ok((log.players.clone(), policies))
    }

    fn clean_so_far(&self, verdict: &Verdict) -> bool {
        verdict.mistakes.is_empty()
    }

    fn computers(&self, _game: &Game, s: &Seating) -> Result<Computers<Game>, Failure> {
        let computers = s
            .policies
            .iter()
            .enumerate()
            .map(|(i, policy)| {
                let seat = i + 1;
                toy_player(policy, engine::derive_seed(s.seed, seat as u64))
                    .map(|p| Box::new(p) as Box<dyn engine::Player<Game>>)
                    .ok_or_else(|| s.unknown(seat, &Toy.players()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let hinter = Hinter {
            name: "first".to_string(),
            make: Box::new(|_, _| Box::new(Player { random: None })),
        };
        Ok((computers, hinter))
    }

    fn replay(
        &self,
        session: &mut Session<ToyTerminal<'_>>,
        log: &GameLog<ToyLog>,
    ) -> Result<Vec<String>, String> {
        for (t, turn) in log.turns.iter().enumerate() {
            let rolled = session.roll_one();
            if rolled != turn.die {
                return Err(format!("turn {}: the seed rolls {rolled}", t + 1));
            }
            for (seat, at) in turn.boxes.iter().enumerate() {
                let logged = at.map_or(Move::Pass, Move::Write);
                if seat > 0 && session.fresh_choice(seat) != logged {
                    return Err(format!(
                        "turn {}: seat {} plays otherwise now",
                        t + 1,
                        seat + 1
                    ));
                }
                session.play(seat, logged);
            }
        }
        Ok(Vec::new())
    }

    fn over(&self, played: usize, _log: &GameLog<ToyLog>) -> String {
        format!("after {played} turns")
    }

    fn log(&self, session: &Session<ToyTerminal<'_>>, file: Option<String>) -> String {
        let players = session.names().len();
        let mut turns: Vec<Turn> = Vec::new();
        let mut moved = 0;
        for event in session.played_events() {
            match *event {
                SessionEvent::Chance(die) => {
                    turns.push(Turn {
                        die,
                        boxes: vec![None; players],
                    });
                    moved = 0;
                }
                SessionEvent::Move(seat, mv) => {
                    if let (Some(turn), Move::Write(at)) = (turns.last_mut(), mv) {
                        turn.boxes[seat] = Some(at);
                    }
                    moved += 1;
                }
            }
        }
        // A turn half played is played again from its dice.
        if moved < players {
            turns.pop();
        }
        let game = session.notation().0;
        GameLog::<ToyLog> {
            format: LOG_FORMAT.to_string(),
            version: 1,
            game: Some("toy".to_string()),
            board: LogBoard {
                id: game.0.id.clone(),
                file,
            },
            options: (),
            seed: Some(session.seed()),
            players: session.names().to_vec(),
            turns,
            finished: session.is_over(),
            result: (0..players)
                .map(|p| game.score(session.table(), p) as u32)
                .collect(),
        }
        .to_json()
    }
}

/// The toy player named `name`, with its dice from `seed`.
fn toy_player(name: &str, seed: u64) -> Option<Player> {
    match name {
        "first" => Some(Player { random: None }),
        "random" => Some(Player {
            random: Some(rand::SeedableRng::seed_from_u64(seed)),
        }),
        _ => None,
    }
}

/// A toy game played by `policies` (one a seat) on the dice of `seed`.
fn play_game(game: &Game, policies: &[String], seed: u64) -> Played_ {
    let names: Vec<String> = policies
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{p} {}", i + 1))
        .collect();
    let mut seats: Vec<Player> = policies
        .iter()
        .enumerate()
        .map(|(i, p)| Player {
            random: (p == "random")
                .then(|| rand::SeedableRng::seed_from_u64(engine::derive_seed(seed, i as u64))),
        })
        .collect();
    let mut players: Vec<&mut dyn engine::Player<Game>> = seats
        .iter_mut()
        .map(|s| s as &mut dyn engine::Player<Game>)
        .collect();
    let mut table = game.new_table(players.len());
    let mut recorder = Recorder::default();
    let mut dice: Dice = rand::SeedableRng::seed_from_u64(seed);
    engine::play(game, &mut table, &mut dice, &mut players, &mut recorder);
    Played_ {
        names,
        rolls: recorder.rolls,
        moves: recorder.moves,
        table,
    }
}

/// The parts of a toy log in the envelope every family's log shares.
#[derive(Clone, Copy, Debug, PartialEq)]
struct ToyLog;

/// The board a toy game was played on.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct LogBoard {
    id: String,
    file: Option<String>,
}

impl BoardRef for LogBoard {
    fn id(&self) -> &str {
        &self.id
    }
    fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }
}

/// One toy turn: the die, and each player's box (none: a pass).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct Turn {
    die: u8,
    boxes: Vec<Option<usize>>,
}

impl LogFamily for ToyLog {
    const GAME: Option<&'static str> = Some("toy");
    const VERSION: u32 = 1;
    const BOARD: &'static str = "board";
    const OPTIONS: &'static str = "options";
    const RESULT: &'static str = "points";
    type Board = LogBoard;
    type Options = ();
    type Player = String;
    type Turn = Turn;
    type Claim = Vec<u32>;
    const DOC: &'static str = "tests/toy_family.rs";

    fn player_name(player: &String) -> &str {
        player
    }

    fn wrong_version(version: u32) -> String {
        format!("toy logs are version 1, not {version}")
    }

    fn check(log: &GameLog<ToyLog>) -> Result<(), String> {
        if log.turns.iter().any(|t| t.boxes.len() != log.players.len()) {
            return Err("every turn has a box or a pass for every player".to_string());
        }
        Ok(())
    }
}

/// A toy game's log (JSON), the game played from `file` on the dice of
/// `seed`.
fn log(game: &Game, played: &Played_, seed: u64, file: &Path) -> String {
    let players = played.names.len();
    let turns = played
        .rolls
        .iter()
        .enumerate()
        .map(|(t, &die)| Turn {
            die,
            boxes: played.moves[t * players..(t + 1) * players]
                .iter()
                .map(|(_, m)| match m {
                    Move::Write(at) => Some(*at),
                    Move::Pass => None,
                })
                .collect(),
        })
        .collect();
    GameLog::<ToyLog> {
        format: LOG_FORMAT.to_string(),
        version: 1,
        game: Some("toy".to_string()),
        board: LogBoard {
            id: game.0.id.clone(),
            file: Some(file.display().to_string()),
        },
        options: (),
        seed: Some(seed),
        players: played.names.clone(),
        turns,
        finished: true,
        result: (0..players)
            .map(|p| game.score(&played.table, p) as u32)
            .collect(),
    }
    .to_json()
}

/// A refereed toy game: each player's points, and every move against the
/// rules (turn, player, box), which counts as a pass.
#[derive(Clone, Debug, serde::Serialize)]
struct Verdict {
    points: Vec<u32>,
    mistakes: Vec<String>,
    rows: Vec<Vec<Option<u8>>>,
}

/// What a toy table's games tally: games, and points by seat.
#[derive(Clone, Debug, PartialEq)]
struct Tally {
    games: u64,
    points: Vec<f64>,
}

/// Toy simulations: each policy alone, then all of them at one table.
impl Simulates for Toy {
    type Run = Game;
    type Tally = Tally;
    type Extra = ();

    fn tables(&self, request: &SimulateRequest) -> Result<Vec<Seated>, Failure> {
        let mut tables: Vec<Seated> = request
            .policies
            .iter()
            .map(|p| Seated::alike(p, 1))
            .collect();
        if request.policies.len() > 1 {
            tables.push(Seated {
                seats: request.policies.to_vec(),
                mixed: true,
            });
        }
        Ok(tables)
    }

    fn run(
        &self,
        board: &Board,
        _path: &Path,
        _request: &SimulateRequest,
    ) -> Result<Game, Failure> {
        Ok(Game(board.clone()))
    }

    fn play_range(
        &self,
        game: &Game,
        table: &Seated,
        games: std::ops::Range<u64>,
        seed: u64,
        tick: &(dyn Fn(u64) + Sync),
    ) -> Result<Tally, String> {
        let mut tally = Tally {
            games: 0,
            points: vec![0.0; table.seats.len()],
        };
        for i in games {
            let played = play_game(game, &table.seats, engine::derive_seed(seed, i));
            for (p, points) in tally.points.iter_mut().enumerate() {
                *points += game.score(&played.table, p);
            }
            tally.games += 1;
            tick(1);
        }
        Ok(tally)
    }

    fn merge(&self, into: &mut Tally, more: &Tally) {
        into.games += more.games;
        for (a, b) in into.points.iter_mut().zip(&more.points) {
            *a += b;
        }
    }

    fn reports(
        &self,
        _games: &[Game],
        tables: &[Seated],
        tallies: &[Vec<Tally>],
        _extras: &[()],
        played: u64,
        _request: &SimulateRequest,
    ) -> Reports {
        let rows: Vec<(String, Vec<f64>)> = tables
            .iter()
            .zip(&tallies[0])
            .map(|(t, tally)| {
                let means = tally
                    .points
                    .iter()
                    .map(|p| p / tally.games as f64)
                    .collect();
                (t.seats.join(","), means)
            })
            .collect();
        let mut doc = Doc::new("Toy simulation");
        doc.push(para(format!("{played} games per table.")));
        let mut table = Columns::new(["table", "points of seat 1"]);
        for (name, means) in &rows {
            table.row([name.clone(), format!("{:.2}", means[0])]);
        }
        doc.push(Block::Table(table));
        Reports {
            doc,
            json: rows
                .iter()
                .map(|(table, means)| serde_json::json!({ "table": table, "means": means }))
                .collect(),
        }
    }

    fn label(&self, table: &Seated) -> String {
        table.seats.join("-")
    }

    fn log(&self, game: &Game, table: &Seated, seed: u64, path: &Path) -> Result<String, String> {
        Ok(log(game, &play_game(game, &table.seats, seed), seed, path))
    }
}

/// A toy board read and checked through the family's face.
fn board(text: &str) -> Model {
    let checked = TOY.face().check(FileToCheck {
        files: &rollx::source::DiskFiles,
        path: Path::new("toy.toml"),
        bytes: text.as_bytes().to_vec(),
        locale: None,
    });
    assert!(checked.diagnostics.is_empty(), "{:?}", checked.diagnostics);
    checked.model.expect("a valid toy board")
}

/// `rollx play` on a toy board through the registry's entry point.
fn play(model: &Model, policies: &[&str], seed: u64, options: &Given) -> Result<Played, Failure> {
    let policies: Vec<String> = policies.iter().map(|p| p.to_string()).collect();
    TOY.play(
        model,
        &PlayRequest {
            path: Path::new("toy.toml"),
            seed,
            policies: &policies,
            options,
            color: false,
            width: 80,
        },
    )
}

const BOARD: &str = "id = \"row\"\ncells = 6\nturns = 8\n";

#[test]
fn the_generic_play_flow_plays_the_toy_family() {
    let model = board(BOARD);
    assert_eq!(model.family(), TOY);
    let given = Given::default();
    for seed in 0..20 {
        let played = play(&model, &["first", "random"], seed, &given).expect("a game");
        let again = play(&model, &["first", "random"], seed, &given).expect("a game");
        assert_eq!(
            played.text, again.text,
            "seed {seed}: the same seed, the same game"
        );
        assert_eq!(played.log, again.log);
        let log: serde_json::Value = serde_json::from_str(&played.log).expect("a JSON log");
        assert_eq!(log["game"], "toy");
        let turns = log["turns"].as_array().expect("turns");
        assert_eq!(turns.len(), 8, "eight turns");
        assert!(
            turns
                .iter()
                .all(|t| t["boxes"].as_array().map(Vec::len) == Some(2))
        );
        // What the text shows is what the rules score.
        let first = played.text.lines().nth(1).expect("the first player's row");
        let written = first
            .split_once(": ")
            .map(|(_, row)| row.split("  ").next().unwrap_or(""))
            .unwrap_or("")
            .split(' ')
            .filter(|b| *b != "_")
            .count();
        assert!(
            first.ends_with(&format!("({written} points)")),
            "seed {seed}: {first}"
        );
    }
    let other = play(&model, &["first", "random"], 1, &given).expect("a game");
    let seeds: std::collections::BTreeSet<String> = (0..20)
        .map(|s| play(&model, &["random"], s, &given).expect("a game").log)
        .collect();
    assert!(seeds.len() > 10, "seeds give other games: {other:?}");
}

#[test]
fn the_entry_points_vet_the_toy_familys_requests() {
    let model = board(BOARD);
    let message = |r: Result<Played, Failure>| r.err().and_then(|f| f.message).unwrap_or_default();
    let given = Given::default();
    let unknown = message(play(&model, &["strong"], 1, &given));
    assert!(
        unknown.contains("`strong` does not play Toy boards") && unknown.contains("first, random"),
        "{unknown}"
    );
    let crowded = message(play(&model, &["first"; 5], 1, &given));
    assert!(
        crowded.contains("a Toy table has 1 to 4 players"),
        "{crowded}"
    );
    assert!(message(play(&model, &[], 1, &given)).contains("at least one player"));
    let option = Given::new(vec![("solo-dice".to_string(), "all".to_string())]);
    let undeclared = message(play(&model, &["first"], 1, &option));
    assert!(
        undeclared.contains("--solo-dice is a rule of Encore boards")
            && undeclared.contains("toy boards take no options"),
        "{undeclared}"
    );
    // A model of another family is refused with an error, not a panic.
    let usa = rollx::families::load(Path::new("maps/usa.toml")).expect("the USA map");
    let other = message(play(&usa, &["first"], 1, &given));
    assert!(
        other.contains("is a Rolling map, not a Toy board"),
        "{other}"
    );
    let (_, problems) = TOY.face().sheet(
        &usa,
        &rollx::print::template::load("letter").expect("letter"),
        &PrintOptions::default(),
    );
    assert!(
        problems.iter().any(|d| d.code == "wrong-family"),
        "{problems:?}"
    );
}

#[test]
fn the_toy_family_keeps_the_engine_interfaces_promises() {
    let model = board(BOARD);
    for players in 1..=4 {
        let seen = TOY
            .face()
            .random_games(&model, players, 0..30)
            .expect("the promises hold");
        assert_eq!(seen.games, 30);
        assert_eq!(seen.chances, 30 * 8, "{players} players: one die a turn");
        assert_eq!(seen.moves, 30 * 8 * players);
    }
    // The toy family declares its players like any family: the command
    // that lists them reads them from the face.
    assert_eq!(TOY.face().players(), ["first", "random"]);
    assert!(TOY.face().options().is_empty());
    assert!(
        TOY.refuse_undeclared(Command::Play, &Given::default(), "toy.toml")
            .is_ok()
    );
}

/// A run's progress, kept: the announcement, the ticks, and whether to stop
/// after so many ticks.
#[derive(Default)]
struct Kept {
    announced: std::sync::Mutex<Vec<String>>,
    ticks: std::sync::atomic::AtomicU64,
    stop_after: Option<u64>,
}

impl Progress for Kept {
    fn start(&self, _count: &SimCount, announce: &str) {
        self.announced.lock().unwrap().push(announce.to_string());
    }
    fn message(&self, _text: String) {}
    fn tick(&self, n: u64) {
        self.ticks
            .fetch_add(n, std::sync::atomic::Ordering::Relaxed);
    }
    fn stop(&self) -> bool {
        self.stop_after
            .is_some_and(|n| self.ticks.load(std::sync::atomic::Ordering::Relaxed) >= n)
    }
    fn warn(&self, _text: &str) {}
}

/// `rollx simulate` on a toy board through the registry's entry point,
/// the logs saved into `saved`.
fn simulate(
    model: &Model,
    games: u64,
    progress: &Kept,
    saved: &std::sync::Mutex<Vec<(String, String)>>,
) -> Result<Simulated, Failure> {
    let policies = vec!["first".to_string(), "random".to_string()];
    let save = |name: &str, text: &str| {
        saved
            .lock()
            .unwrap()
            .push((name.to_string(), text.to_string()));
        Ok(())
    };
    TOY.simulate(&SimulateRequest {
        paths: &[std::path::PathBuf::from("toy.toml")],
        models: std::slice::from_ref(model),
        games,
        seed: 7,
        policies: &policies,
        options: &Given::default(),
        html: true,
        command: &|n| format!("rollx simulate toy.toml --games {n}"),
        save_log: Some(&save),
        progress,
    })
}

#[test]
fn the_generic_simulation_runs_the_toy_family() {
    let model = board(BOARD);
    let saved = std::sync::Mutex::new(Vec::new());
    let progress = Kept::default();
    let run = simulate(&model, 40, &progress, &saved).expect("a run");
    assert_eq!(run.played, 40);
    assert_eq!(
        run.count.games,
        40 * 3,
        "three tables: each player alone, both together"
    );
    assert_eq!(
        progress.ticks.into_inner(),
        40 * 3,
        "every game ticked once"
    );
    assert!(
        progress.announced.lock().unwrap()[0]
            .starts_with("simulating 40 games per board and table"),
        "{:?}",
        progress.announced
    );
    assert!(run.note.is_none() && run.json.get("interrupted").is_none());
    assert_eq!(run.logs, Some(120));
    let saved = saved.into_inner().unwrap();
    assert_eq!(saved.len(), 120);
    assert!(
        saved
            .iter()
            .any(|(name, _)| name == "row-first-random-39.json"),
        "{saved:?}"
    );
    // The first player alone writes what the report says, game by game:
    // its saved logs played again give the same mean.
    let first: Vec<&(String, String)> = saved
        .iter()
        .filter(|(name, _)| name.starts_with("row-first-") && !name.contains("random"))
        .collect();
    assert_eq!(first.len(), 40);
    let again = simulate(
        &model,
        40,
        &Kept::default(),
        &std::sync::Mutex::new(Vec::new()),
    )
    .expect("a run");
    assert_eq!(run.text, again.text, "the same seed, the same report");
    // The generic writers write the toy's report in every format.
    assert!(run.text.starts_with("Toy simulation\n"), "{}", run.text);
    let mean = format!("{:.2}", run.json[0]["means"][0].as_f64().unwrap());
    let row = run
        .text
        .lines()
        .find(|l| l.starts_with("  first "))
        .unwrap_or_else(|| panic!("a row of the first player alone: {}", run.text));
    assert!(row.ends_with(&format!(" {mean}")), "{row:?}");
    assert!(
        run.markdown.contains(&format!(
            "| table | points of seat 1 |\n|---|---:|\n| first | {mean} |"
        )),
        "{}",
        run.markdown
    );
    let page = run.html.as_deref().expect("the page was asked for");
    assert!(page.contains("<h1>Toy simulation</h1>"), "{page}");
    assert!(page.contains("<td>first</td>"), "{page}");
    assert_eq!(run.json, again.json);
    let mean = run.json[0]["means"][0]
        .as_f64()
        .expect("the first table's mean");
    let written: usize = first
        .iter()
        .map(|(_, log)| {
            let log: serde_json::Value = serde_json::from_str(log).expect("a JSON log");
            let turns = log["turns"].as_array().expect("turns").clone();
            turns.iter().filter(|t| !t["boxes"][0].is_null()).count()
        })
        .sum();
    assert!(
        (mean - written as f64 / 40.0).abs() < 1e-9,
        "the report's mean {mean} is the logs' {written} boxes in 40 games"
    );
}

#[test]
fn a_stopped_toy_simulation_reports_the_games_played() {
    let model = board(BOARD);
    let saved = std::sync::Mutex::new(Vec::new());
    let progress = Kept {
        stop_after: Some(1),
        ..Kept::default()
    };
    let run = simulate(&model, 100_000, &progress, &saved).expect("a run");
    assert!(run.played < 100_000, "{}", run.played);
    let note = run.note.expect("a note");
    assert!(
        run.text.starts_with(&format!("{note}\n\nToy simulation\n")),
        "{}",
        run.text
    );
    assert!(
        run.html.expect("a page").contains(&note),
        "the page says so too"
    );
    assert!(
        note.starts_with(&format!(
            "interrupted: this report covers the first {} of 100000",
            run.played
        )),
        "{note}"
    );
    assert_eq!(
        run.json[0]["interrupted"]["games"], run.played,
        "{}",
        run.json
    );
    assert_eq!(run.logs, None, "no logs of a stopped run");
    assert!(saved.into_inner().unwrap().is_empty());
}

/// A toy board read from `path`, as the commands load a file.
fn load_board(path: &Path) -> Result<Model, Failure> {
    let bytes = std::fs::read(path).map_err(|e| Failure::usage(e.to_string()))?;
    TOY.face()
        .check(FileToCheck {
            files: &rollx::source::DiskFiles,
            path,
            bytes,
            locale: None,
        })
        .model
        .ok_or_else(|| Failure::invalid("not a toy board"))
}

/// `rollx referee` on a toy log through the registry's entry point, the
/// board read from `board` as `--map`.
fn referee(log: &str, board: &Path, sheet_of: Option<Option<&str>>) -> Result<Refereed, Failure> {
    TOY.face().referee(&RefereeRequest {
        path: Path::new("game.json"),
        text: log,
        map: Some(board),
        load: &load_board,
        sheet_of,
        color: false,
        width: 80,
    })
}

#[test]
fn the_referee_accepts_every_toy_game_the_computer_plays() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("row.toml");
    std::fs::write(&file, BOARD).unwrap();
    let model = board(BOARD);
    for seed in 0..40 {
        let played = play(
            &model,
            &["random", "first", "random"],
            seed,
            &Given::default(),
        )
        .expect("a game");
        let verdict = referee(&played.log, &file, Some(Some("first 2"))).expect("a verdict");
        assert!(verdict.clean, "seed {seed}: {}", verdict.text);
        // The referee's points are the ones the game showed.
        let shown: Vec<&str> = played.text.lines().skip(1).collect();
        let counted: Vec<&str> = verdict.text.lines().collect();
        assert_eq!(shown.len(), 3);
        for (line, counted) in shown.iter().zip(&counted) {
            let points = line.rsplit_once('(').map(|(_, p)| p.trim_end_matches(')'));
            assert_eq!(
                points,
                counted.split_once(": ").map(|(_, p)| p),
                "seed {seed}"
            );
        }
        let (name, sheet) = verdict.sheet.expect("a sheet asked for").expect("a player");
        assert_eq!(name, "first 2");
        assert!(sheet.starts_with("player = \"first 2\""), "{sheet}");
    }
}

#[test]
fn the_referee_reports_every_mistake_of_a_toy_log() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("row.toml");
    std::fs::write(&file, BOARD).unwrap();
    let model = board(BOARD);
    // The first player writes the first die in the first box, on an
    // empty row.
    let played = play(&model, &["first"], 3, &Given::default()).expect("a game");
    let mut log: serde_json::Value = serde_json::from_str(&played.log).unwrap();
    assert_eq!(log["turns"][0]["boxes"][0], 0);
    // The first box written twice more: each is a mistake.
    log["turns"][1]["boxes"][0] = 0.into();
    log["turns"][5]["boxes"][0] = 0.into();
    let verdict = referee(&log.to_string(), &file, None).expect("a verdict");
    assert!(!verdict.clean);
    let mistakes: Vec<&str> = verdict
        .text
        .lines()
        .filter(|l| l.starts_with("  turn"))
        .collect();
    assert_eq!(mistakes.len(), 2, "{}", verdict.text);
    assert!(mistakes[0].starts_with("  turn 2") && mistakes[1].starts_with("  turn 6"));
    // A broken log is a located error; a sheet of nobody is refused up
    // front.
    let broken = referee("{\"format\": 3}", &file, None).expect_err("an error");
    assert_eq!(broken.diagnostics.len(), 1, "{broken:?}");
    let nobody = referee(&played.log, &file, Some(Some("nobody")))
        .err()
        .and_then(|f| f.message)
        .unwrap_or_default();
    assert!(
        nobody.contains("--player nobody: the log has no such player"),
        "{nobody}"
    );
    // A log of another board is refused.
    let other = dir.path().join("other.toml");
    std::fs::write(&other, BOARD.replace("row", "other")).unwrap();
    let wrong = referee(&played.log, &other, None)
        .err()
        .and_then(|f| f.message)
        .unwrap_or_default();
    assert!(wrong.contains("is a game on `row`"), "{wrong}");
}

/// `rollx referee --sheet` on a toy paper sheet through the registry's
/// entry point.
fn referee_sheet(model: &Model, sheet: &str) -> Result<CheckedSheet, Failure> {
    TOY.referee_sheet(
        model,
        &SheetRequest {
            map_path: Path::new("toy.toml"),
            path: Path::new("sheet.toml"),
            bytes: sheet.as_bytes(),
            options: &Given::default(),
            color: false,
            width: 80,
        },
    )
}

#[test]
fn the_generic_sheet_check_agrees_with_the_toy_referee() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("row.toml");
    std::fs::write(&file, BOARD).unwrap();
    let model = board(BOARD);
    for seed in 0..20 {
        let played = play(&model, &["random", "first"], seed, &Given::default()).expect("a game");
        for player in ["random 1", "first 2"] {
            let verdict = referee(&played.log, &file, Some(Some(player))).expect("a verdict");
            let (_, sheet) = verdict.sheet.expect("asked").expect("a player");
            let checked = referee_sheet(&model, &sheet).expect("checked");
            assert!(checked.diagnostics.is_empty(), "{:?}", checked.diagnostics);
            let result = checked.result.expect("the sheet is read");
            assert!(result.clean, "seed {seed}, {player}: {}", result.text);
            // The sheet's points are the ones the referee counted.
            let counted = verdict
                .text
                .lines()
                .find(|l| l.starts_with(&format!("{player}: ")))
                .expect("the player's points");
            assert_eq!(result.text.trim_end(), counted, "seed {seed}");
            let json: serde_json::Value = serde_json::from_str(&result.json).unwrap();
            assert_eq!(json["player"], player);
        }
    }
    // Every mistake of a sheet is found, and the sheet is not clean.
    let wrong = referee_sheet(&model, "player = \"x\"\nboxes = [3, 2, 9, 0, 1]\n").unwrap();
    let codes: Vec<&str> = wrong.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["toy-rule"; 4], "{:?}", wrong.diagnostics);
    assert!(!wrong.result.expect("read").clean);
    // A sheet that cannot be read has no result, and says why.
    let unread = referee_sheet(&model, "boxes = \"none\"").unwrap();
    assert!(unread.result.is_none());
    assert_eq!(unread.diagnostics[0].code, "invalid-toml");
}

/// A toy game at the terminal through the registry's entry point: a new
/// one on `model` (the file `file`) with `seed`, or the saved one `resume`
/// (its path and text); `typed` is what the person types. The game, and
/// what the terminal showed.
fn at_terminal(
    model: &Model,
    file: &Path,
    seed: u64,
    resume: Option<(&Path, &str)>,
    typed: &str,
) -> (Result<AtTerminal, Failure>, String) {
    let policies = ["random".to_string()];
    let start = match resume {
        None => Start::New {
            model,
            path: file,
            seed,
            policies: &policies,
            players: 3,
        },
        Some((path, text)) => Start::Resume {
            path,
            text,
            map: Some(file),
        },
    };
    let mut input = typed.as_bytes();
    let mut out = Vec::new();
    let played = TOY.terminal(
        &TerminalRequest {
            start,
            load: &load_board,
            options: &Given::default(),
            view: View {
                width: 80,
                color: false,
            },
        },
        Console {
            input: &mut input,
            out: &mut out,
            interactive: false,
            note: &|_| {},
        },
    );
    (played, String::from_utf8(out).unwrap())
}

#[test]
fn the_generic_terminal_plays_and_resumes_a_toy_game() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("row.toml");
    std::fs::write(&file, BOARD).unwrap();
    let model = board(BOARD);
    let turns = 8;
    for seed in 0..6 {
        // In one go: every turn played by the hinter, to the end.
        let (whole, shown) = at_terminal(&model, &file, seed, None, &"auto\n".repeat(turns));
        let whole = whole.unwrap_or_else(|f| panic!("seed {seed}: {f:?}"));
        assert_eq!(whole.ending, Ending::Finished, "{shown}");
        assert_eq!(whole.played, "8 turns");
        assert!(
            shown.starts_with("a toy game of you, random 2, random 3"),
            "{shown}"
        );
        assert!(shown.contains("Finished: you: "), "{shown}");
        // The referee accepts the game, with the points the terminal showed.
        let verdict = referee(&whole.log, &file, None).expect("a verdict");
        assert!(verdict.clean, "seed {seed}: {}", verdict.text);
        let last = shown.lines().last().unwrap();
        for line in verdict.text.lines() {
            assert!(last.contains(line), "{last} / {line}");
        }
        // Stopped after three turns, saved, and resumed: the same game,
        // byte for byte.
        let (stopped, shown) = at_terminal(&model, &file, seed, None, "auto\nauto\nauto\nquit\n");
        let stopped = stopped.unwrap();
        assert_eq!(stopped.ending, Ending::Quit, "{shown}");
        assert_eq!(stopped.played, "3 turns");
        let saved = dir.path().join("saved.json");
        std::fs::write(&saved, &stopped.log).unwrap();
        let (resumed, shown) = at_terminal(
            &model,
            &file,
            seed,
            Some((&saved, &stopped.log)),
            &"auto\n".repeat(turns - 3),
        );
        let resumed = resumed.unwrap_or_else(|f| panic!("seed {seed}: {f:?}"));
        assert!(shown.starts_with("resuming "), "{shown}");
        assert!(shown.contains("after 3 turns"), "{shown}");
        assert_eq!(resumed.log, whole.log, "seed {seed}");
        // A game over has nothing to resume.
        let (over, _) = at_terminal(&model, &file, seed, Some((&saved, &whole.log)), "");
        let over = over.expect_err("a game over");
        assert!(over.invalid);
        assert!(
            format!("{over:?}").contains("nothing to resume"),
            "{over:?}"
        );
    }
}

#[test]
fn the_generic_terminal_refuses_a_toy_game_it_cannot_go_on_with() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("row.toml");
    std::fs::write(&file, BOARD).unwrap();
    let model = board(BOARD);
    let (stopped, _) = at_terminal(&model, &file, 7, None, "1\nquit\n");
    let stopped = stopped.unwrap();
    let log: serde_json::Value = serde_json::from_str(&stopped.log).unwrap();
    let saved = dir.path().join("saved.json");
    let resume = |log: &serde_json::Value| {
        let text = serde_json::to_string(log).unwrap();
        let (played, _) = at_terminal(&model, &file, 7, Some((&saved, &text)), "quit\n");
        format!("{:?}", played.expect_err("refused"))
    };
    // A move against the rules: the referee's verdict refuses it.
    let mut bad = log.clone();
    bad["turns"][0]["boxes"][0] = 99.into();
    assert!(
        resume(&bad).contains("breaks the rules"),
        "{}",
        resume(&bad)
    );
    // No seed.
    let mut bad = log.clone();
    bad.as_object_mut().unwrap().remove("seed");
    assert!(resume(&bad).contains("has no seed"), "{}", resume(&bad));
    // The computer played seat 1.
    let mut bad = log.clone();
    bad["players"][0] = "random 1".into();
    assert!(resume(&bad).contains("seat 1 was played by the computer"));
    // A computer whose player the family does not have.
    let mut bad = log.clone();
    bad["players"][1] = "clever 2".into();
    assert!(
        resume(&bad).contains("cannot tell how player 2 (`clever 2`) plays"),
        "{}",
        resume(&bad)
    );
}
