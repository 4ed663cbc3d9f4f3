//! Diceland boards at the terminal: how a decision is typed (a colour,
//! `stop`, `reroll`, `cross red C4 D4`, `pass`) and read, what the table
//! says at each step (the rolls as they fall, every move as the log
//! writes it, the question you answer), the sheet with the coordinates
//! moves are typed in, and a saved game played again to be resumed: the
//! family's [`Notation`] for the one terminal [`Session`].

use std::fmt::Write as _;

use super::Board;
use super::commands::{sheet_text, standing};
use super::model::{Color, column_letters};
use super::play::player_by_name;
use super::rules::log::{Event as LogEvent, GameLog, Recorder, move_text, parse_move};
use super::rules::{Game, Move, Phase, Roll, Table};
use crate::engine::{Actor, Rules as _};
use crate::session::{Command, Ending, Hinter, ME, Notation, Session, Undone, View};
use crate::text::wrap;

/// The commands, for `help`.
const HELP: &str = "Commands: a colour to choose it (red, yellow, green, blue, orange, grey, or \
its letter R Y G B O A); `stop` or `reroll`; `cross <colour> <cells>` (cells by column letter \
and row, as the sheet shows them: `cross red C4 D4`) or `pass`; `sheet` shows your sheet; `table` \
where every player stands (stars, colours complete, cells); \
`moves` lists your legal moves; `hint` asks the strong player; `auto` lets it make this move; \
`undo` takes back your moves of the turn being played (before any, the last turn you played in; \
its dice fall again as they fell); `quit` stops (the game is saved with --log, marked unfinished). \
On the sheet, a cell is named by the column letter straight above it and the row number on its \
left (`D4`): every other row is shifted, so the first line of letters is for the odd rows (1, 3, \
5, ...) and the second for the even rows (2, 4, 6, ...).\n";

/// The player that gives `hint`s and plays `auto`: the strong player,
/// which solves the decision exactly and draws nothing at random, so the
/// same position always gets the same hint.
pub fn hinter() -> Hinter<Game> {
    Hinter {
        name: "strong".into(),
        make: Box::new(|_, _| {
            let strong: Box<dyn crate::engine::Player<Game>> =
                player_by_name("strong", 0).expect("the strong player");
            strong
        }),
    }
}

/// The Diceland family's notation on a board.
pub struct Terminal<'g> {
    /// The game being played.
    pub game: &'g Game,
}

/// A message wrapped to `width`, later lines indented by two spaces.
fn say(text: &str, width: usize) -> String {
    wrap(text, "", "  ", width)
}

/// The computer player a seat's name stands for: `greedy 2` is `greedy`.
pub fn policy_of(name: &str) -> &str {
    name.rsplit_once(' ')
        .filter(|(_, n)| n.parse::<usize>().is_ok())
        .map_or(name, |(p, _)| p)
}

/// A sheet at the terminal: the sheet as `rollx play` prints it
/// (`sheet_text`: each cell its colour letter, `x` once crossed, `*`
/// after a star, obstacles `#`, the start `@`, every other row shifted
/// half a cell), with the row numbers on the left and the column letters
/// above, the way cells are typed (`D4`). The rows are shifted, so the
/// letters are written twice: the first line above the odd rows' cells
/// (1, 3, ...), the second above the even rows' (2, 4, ...); a cell's
/// column is the letter straight above it.
pub fn terminal_sheet(board: &Board, sheet: &super::rules::Sheet) -> String {
    let rows = board.grid.rows;
    let number = rows.to_string().len().max(2);
    let letters = |shift: &str| {
        let mut line = format!("{:number$}{shift}", "");
        for c in 0..board.grid.columns {
            let _ = write!(line, " {:<3}", column_letters(c));
        }
        line.trim_end().to_string() + "\n"
    };
    let mut s = letters("  ");
    if rows > 1 {
        s.push_str(&letters("    "));
    }
    for (r, line) in sheet_text(board, sheet).lines().enumerate() {
        let _ = writeln!(s, "{:>number$}{line}", r + 1);
    }
    s
}

/// What the table asks of you now, in words.
fn question(table: &Table) -> String {
    match table.phase {
        Phase::Choose => format!("choose a colour of the roll ({})", table.roll.letters()),
        Phase::Decide => format!(
            "{} {} dice set aside: stop or reroll the other {}?",
            table.kept,
            table.chosen.map_or("", Color::id),
            6 - table.kept
        ),
        _ => {
            let (dice, compulsory) = table.offer(ME);
            let offer: Vec<String> = Color::ALL
                .into_iter()
                .filter(|c| dice[c.index()] > 0)
                .map(|c| format!("{} {}", dice[c.index()], c.id()))
                .collect();
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

/// Cell names in upper case (`c4` is `C4`), the rest as typed.
fn upper_cells(text: &str) -> String {
    text.split_whitespace()
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

/// Reads a decision as typed (in lower case): `s` and `r`; a colour by
/// name or letter while choosing; else a move as the log writes it, the
/// word `choose` understood while choosing, commas read as spaces.
fn parse_typed(board: &Board, table: &Table, text: &str) -> Result<Move, String> {
    match text {
        "s" => return Ok(Move::Stop),
        "r" => return Ok(Move::Reroll),
        _ => {}
    }
    let mut chars = text.chars();
    let colour = match (chars.next(), chars.next()) {
        (Some(c), None) => Color::by_letter(c.to_ascii_uppercase()),
        _ => Color::by_id(text),
    };
    if let (Some(c), Phase::Choose) = (colour, table.phase) {
        return Ok(Move::Choose(c));
    }
    let written = if text.starts_with("choose") || text.starts_with("cross") {
        text.to_string()
    } else if table.phase == Phase::Choose {
        format!("choose {text}")
    } else {
        text.to_string()
    };
    // A cell name no board has (too many letters) is no cell, whatever
    // the board's reading of it would be.
    if let Some(w) = written
        .replace(',', " ")
        .split_whitespace()
        .find(|w| w.len() > 12 && w.chars().any(|c| c.is_ascii_digit()))
    {
        return Err(format!("`{w}` is no cell of the board"));
    }
    parse_move(board, &upper_cells(&written.replace(',', " ")))
}

impl Notation for Terminal<'_> {
    type Rules = Game;

    fn rules(&self) -> &Game {
        self.game
    }

    fn command(&self, line: &str) -> Command {
        let text = line.trim().to_lowercase();
        match text.as_str() {
            "" => Command::Empty,
            "quit" | "exit" | "q" => Command::Quit,
            "undo" | "u" => Command::Undo,
            "help" | "?" => Command::Help,
            "sheet" => Command::Sheet(None),
            "table" => Command::Table,
            "moves" => Command::Moves(None),
            "hint" => Command::Hint,
            "auto" => Command::Auto,
            _ => Command::Play(text),
        }
    }

    fn parse(&self, table: &Table, text: &str, view: View) -> Result<Move, String> {
        parse_typed(self.game.board(), table, text)
            .map_err(|why| say(&format!("{why}; `help` lists the commands\n"), view.width))
    }

    fn check(&self, table: &Table, mv: Move, view: View) -> Result<(), String> {
        self.game
            .check(table, ME, mv)
            .map_err(|e| say(&format!("not allowed: {e}\n"), view.width))
    }

    fn describe(&self, _table: &Table, _seat: usize, mv: Move) -> String {
        move_text(self.game.board(), mv)
    }

    /// A turn starts with the active player's first roll.
    fn turn_starts(&self, table: &Table) -> bool {
        table.phase == Phase::Roll
    }

    /// Every roll as it falls: `turn 3: greedy 2 rolls: RRYBOA`, a
    /// reroll, a bonus roll.
    fn chance_told(&self, table: &Table, roll: Roll, names: &[String], _view: View) -> String {
        let who = |p: u8| format!("{} ", names[usize::from(p)]);
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
        format!("{what}: {}\n", roll.letters())
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
        moves
            .iter()
            .map(|m| format!("    {}: {m}\n", names[seat]))
            .collect()
    }

    /// Who plays, then your sheet (a resumed game: the sheet alone).
    fn intro(
        &self,
        table: &Table,
        names: &[String],
        seed: u64,
        resumed: bool,
        view: View,
    ) -> String {
        let board = self.game.board();
        let mut s = String::new();
        if !resumed {
            let others = names.len() - 1;
            let against = match names.get(1) {
                Some(name) => format!(
                    ", against {others} {} player{}",
                    policy_of(name),
                    if others == 1 { "" } else { "s" }
                ),
                None => String::new(),
            };
            s = say(
                &format!(
                    "{} ({}), seed {seed}: you are seat 1{against}. Type `help` for the \
                     commands.\n",
                    board.info.name, board.info.id
                ),
                view.width,
            );
        }
        s + &terminal_sheet(board, &table.sheets[ME])
    }

    /// What happened since you last decided, and the question.
    fn header(
        &self,
        table: &Table,
        _names: &[String],
        told: &str,
        _fresh: bool,
        view: View,
    ) -> String {
        format!(
            "{told}{}",
            say(&format!("{}\n", question(table)), view.width)
        )
    }

    fn accepted(&self, _table: &Table, names: &[String], mv: Move, _view: View) -> String {
        format!("    {}: {}\n", names[ME], move_text(self.game.board(), mv))
    }

    fn hint(&self, _table: &Table, hinter: &str, mv: Move, view: View) -> String {
        say(
            &format!(
                "the {hinter} player would play: {}\n",
                move_text(self.game.board(), mv)
            ),
            view.width,
        )
    }

    fn help(&self, _table: &Table, _hinter: &str, view: View) -> String {
        say(HELP, view.width)
    }

    fn sheets(
        &self,
        table: &Table,
        _names: &[String],
        _which: Option<&str>,
        _view: View,
    ) -> String {
        terminal_sheet(self.game.board(), &table.sheets[ME])
    }

    fn standings(&self, table: &Table, names: &[String]) -> String {
        names
            .iter()
            .zip(&table.sheets)
            .map(|(name, sheet)| standing(name, sheet) + "\n")
            .collect()
    }

    fn moves(&self, table: &Table, _which: Option<&str>, view: View) -> String {
        let board = self.game.board();
        let moves: Vec<String> = self
            .game
            .moves(table, ME)
            .into_iter()
            .map(|m| move_text(board, m))
            .collect();
        say(&format!("{}\n", moves.join("; ")), view.width)
    }

    /// Taken back: the turn and its first roll, and your sheet; nothing
    /// to take back: the question again.
    fn undone(&self, table: &Table, what: Undone, view: View) -> String {
        match what {
            Undone::ThisTurn | Undone::Earlier => {
                say(
                    &format!(
                        "taken back to turn {}, just after its roll {}\n",
                        table.turn,
                        table.roll.letters()
                    ),
                    view.width,
                ) + &terminal_sheet(self.game.board(), &table.sheets[ME])
            }
            Undone::Nothing => {
                say("nothing to undo: you have not moved yet\n", view.width)
                    + &say(&format!("{}\n", question(table)), view.width)
            }
        }
    }

    /// Where every player stands, then the winners, or how the game
    /// stopped.
    fn ending(
        &self,
        table: &Table,
        names: &[String],
        told: &str,
        ending: Ending,
        _view: View,
    ) -> String {
        let mut s = format!("{told}\n{}", self.standings(table, names));
        let last = match ending {
            Ending::Finished => {
                let winners: Vec<&str> = table
                    .winners()
                    .into_iter()
                    .map(|p| names[p].as_str())
                    .collect();
                if winners.is_empty() {
                    "no winner: the turn limit was reached".to_string()
                } else {
                    format!(
                        "winner{}: {}",
                        if winners.len() == 1 { "" } else { "s" },
                        winners.join(", ")
                    )
                }
            }
            // The command line says how a stopped game ends, and where it
            // is saved, as for every family.
            Ending::Quit | Ending::InputEnded => return s,
        };
        s.push_str(&last);
        s.push('\n');
        s
    }
}

/// The game at `session` as a log: every event, a turn half played
/// included (a resumed game goes on from it), marked finished with the
/// winners once the game is over; `board_file` is the board's path as the
/// log records it.
pub fn log(session: &Session<Terminal>, board_file: Option<String>) -> GameLog {
    let game = session.notation().game;
    let mut log = GameLog::new(
        game,
        board_file,
        Some(session.seed()),
        session.names().to_vec(),
    );
    let table = session.watch(session.events(), &mut Recorder { log: &mut log });
    log.finish(&table);
    log
}

/// Plays a saved game's events again at `session`: its rolls rolled again
/// from the seed (each must be the logged one), your moves as saved, the
/// computers' moves chosen again (each must be the saved one: a computer
/// that now chooses otherwise stops the resume). A turn half played is
/// played as far as the log goes.
pub fn replay(session: &mut Session<Terminal>, saved: &GameLog) -> Result<(), String> {
    let game = session.notation().game;
    let board = game.board();
    for (t, turn) in saved.turns.iter().enumerate() {
        let number = t + 1;
        for event in &turn.events {
            match (game.actor(session.table()), event) {
                (Actor::Chance, LogEvent::Roll { roll }) => {
                    let rolled = session.roll_one();
                    if rolled.letters() != *roll {
                        return Err(format!(
                            "turn {number}: the log rolls {roll}, but its seed rolls {}",
                            rolled.letters()
                        ));
                    }
                }
                (Actor::Player(_) | Actor::AllPlayers, LogEvent::Move { player, mv }) => {
                    let seat = saved
                        .players
                        .iter()
                        .position(|p| p == player)
                        .ok_or_else(|| format!("turn {number}: no player `{player}`"))?;
                    let logged = parse_move(board, mv)
                        .map_err(|why| format!("turn {number}: {player}: {why}"))?;
                    if seat != ME {
                        let now = session.fresh_choice(seat);
                        if now != logged {
                            return Err(format!(
                                "turn {number}: {player} played `{mv}`, but plays `{}` there \
                                 now (was the game saved by another version of rollx?)",
                                move_text(board, now)
                            ));
                        }
                    }
                    if !session.notation().is_legal(session.table(), seat, logged) {
                        return Err(format!(
                            "turn {number}: {player} cannot play `{mv}` there (`rollx \
                             referee` says why)"
                        ));
                    }
                    session.play(seat, logged);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diceland::rules::Sheet;

    /// The words of a line with where each starts.
    fn words(line: &str) -> Vec<(usize, &str)> {
        let mut out = Vec::new();
        let mut start = None;
        for (x, ch) in line.char_indices().chain([(line.len(), ' ')]) {
            match (ch == ' ', start) {
                (false, None) => start = Some(x),
                (true, Some(s)) => {
                    out.push((s, &line[s..x]));
                    start = None;
                }
                _ => {}
            }
        }
        out
    }

    /// Every cell of every shipped board, read off the terminal sheet by
    /// its row number and the column letters straight above it, is the
    /// name the cell is typed by.
    #[test]
    fn the_sheet_labels_every_cell_by_the_name_it_is_typed_by() {
        let maps = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
        for n in 1..=4 {
            let model = crate::families::load(&maps.join(format!("diceland-{n}.toml")))
                .expect("a shipped board");
            let board: Board = model.take().expect("a Diceland board");
            let text = terminal_sheet(&board, &Sheet::new(&board));
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), board.grid.rows + 2, "{text}");
            for (r, line) in lines[2..].iter().enumerate() {
                let mut cells = words(line);
                let (_, number) = cells.remove(0);
                assert_eq!(number, (r + 1).to_string(), "{text}");
                assert_eq!(cells.len(), board.grid.columns, "row {}\n{text}", r + 1);
                let letters = words(lines[r % 2]);
                for (c, &(x, _)) in cells.iter().enumerate() {
                    let above = letters.iter().find(|(at, _)| *at == x).map(|(_, w)| *w);
                    let typed = format!("{}{}", above.unwrap_or("?"), r + 1);
                    assert_eq!(
                        board.cell_by_name(&typed),
                        Some(board.grid.index(c, r)),
                        "{typed}\n{text}"
                    );
                }
            }
        }
    }
}
