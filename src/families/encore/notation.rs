//! Encore boards at the terminal: how a move is typed (`blue 3 H4 H5 I5`,
//! `? blue 3 ...`, the boxes alone, `pass`) and read, the sheet and the
//! roll as text, and a saved game played again to be resumed: the
//! family's [`Notation`] for the one terminal [`Session`].

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;

use crate::encore::play::Strong;
use crate::encore::rules::log::{
    GameLog, LogMove, LogPlayer, LogRecorder, LogTurn, PassMark, log_move, log_roll, move_from_log,
};
use crate::encore::rules::{
    Boxes, ColorFace, Cross, Game, Move, NumberFace, OPEN_ROLLS, Phase, Table,
};
use crate::encore::{Board, ColorId};
use crate::engine::{Actor, Rules as _, derive_seed};
use crate::session::{Command, Ending, Hinter, ME, Notation, Session, Undone, View};
use crate::text::{count, wrap};

/// The hint player's stream of the game's seed.
const HINT_STREAM: u64 = 0x6869_6e74;

/// The player that gives `hint`s and plays `auto`: the strong player with
/// `effort`, from a generator seeded by the game's `seed` (its rollouts
/// are seeded by the roll too): the same position always gets the same
/// hint.
pub fn hinter(seed: u64, effort: crate::encore::play::Effort) -> Hinter<Game> {
    Hinter {
        name: "strong".into(),
        make: Box::new(move |_, _| {
            Box::new(Strong::with_effort(derive_seed(seed, HINT_STREAM), effort))
        }),
    }
}

/// The Encore family's notation on a board.
pub struct Terminal<'g> {
    /// The game being played.
    pub game: &'g Game,
}

/// A message wrapped to `width`, later lines indented by two spaces.
fn say(text: &str, width: usize) -> String {
    wrap(text, "", "  ", width)
}

impl Notation for Terminal<'_> {
    type Rules = Game;

    fn rules(&self) -> &Game {
        self.game
    }

    fn command(&self, line: &str) -> Command {
        let command = line.to_ascii_lowercase();
        let mut words = command.split_whitespace();
        match words.next().unwrap_or("") {
            "" => Command::Empty,
            "help" | "h" => Command::Help,
            "quit" | "exit" | "q" => Command::Quit,
            "sheet" => Command::Sheet(words.next().map(str::to_string)),
            "moves" | "m" => Command::Moves(None),
            "undo" | "u" => Command::Undo,
            "hint" => Command::Hint,
            "auto" | "a" => Command::Auto,
            _ => Command::Play(command.clone()),
        }
    }

    fn parse(&self, table: &Table, text: &str, view: View) -> Result<Move, String> {
        parse_move(self.game, table, text).map_err(|m| say(&m, view.width))
    }

    fn check(&self, table: &Table, mv: Move, view: View) -> Result<(), String> {
        let game = self.game;
        let broken = game.check(table, ME, &mv);
        if broken.is_empty() {
            return Ok(());
        }
        let mut s = say(
            &format!("not allowed: {}", log_move(game, &mv).describe()),
            view.width,
        );
        for b in broken {
            s.push_str(&wrap(
                &format!("{} [{}]", b.describe(game), b.code()),
                "  - ",
                "    ",
                view.width,
            ));
        }
        Err(s)
    }

    fn is_legal(&self, table: &Table, seat: usize, mv: Move) -> bool {
        self.game.is_legal(table, seat, &mv)
    }

    fn describe(&self, _table: &Table, _seat: usize, mv: Move) -> String {
        log_move(self.game, &mv).describe()
    }

    fn computer_told(
        &self,
        before: &Table,
        _after: &Table,
        seat: usize,
        names: &[String],
        moves: &[String],
        view: View,
    ) -> String {
        let active = if before.phase() == Phase::Active {
            " (chooses first)"
        } else {
            ""
        };
        moves
            .iter()
            .map(|m| {
                say(
                    &format!("roll {}, {}{active}: {m}", before.rolls(), names[seat]),
                    view.width,
                )
            })
            .collect()
    }

    fn intro(
        &self,
        _table: &Table,
        names: &[String],
        seed: u64,
        _resumed: bool,
        view: View,
    ) -> String {
        let board = self.game.board();
        let mut s = say(
            &format!(
                "{} ({}), seed {seed}. Type `help` for the commands.",
                board.info.name, board.info.id
            ),
            view.width,
        );
        if names.len() > 1 {
            let others: Vec<String> = names[1..]
                .iter()
                .enumerate()
                .map(|(i, n)| format!("{n} (`sheet {}`)", i + 2))
                .collect();
            s.push_str(&say(
                &format!(
                    "You play against {}, on the same dice; you choose first in roll 4. The \
                     game ends when someone completes a second colour.",
                    others.join(", ")
                ),
                view.width,
            ));
        } else {
            s.push_str(&say(
                &format!("Solo game: {} rolls of the dice.", board.solo_rolls),
                view.width,
            ));
        }
        s
    }

    fn header(
        &self,
        table: &Table,
        names: &[String],
        told: &str,
        _fresh: bool,
        view: View,
    ) -> String {
        format!(
            "\n{told}{}{}",
            render(self.game, table, ME, view.color, view.width),
            status(self.game, table, names)
        )
    }

    fn accepted(&self, _table: &Table, _names: &[String], mv: Move, view: View) -> String {
        say(
            &format!("you play {}", log_move(self.game, &mv).describe()),
            view.width,
        )
    }

    fn hint(&self, _table: &Table, hinter: &str, mv: Move, view: View) -> String {
        say(
            &format!(
                "the {hinter} player would play: {}",
                log_move(self.game, &mv).describe()
            ),
            view.width,
        )
    }

    fn help(&self, table: &Table, _hinter: &str, view: View) -> String {
        help_text(self.game, table, view.width)
    }

    fn sheets(&self, table: &Table, names: &[String], which: Option<&str>, view: View) -> String {
        let game = self.game;
        match which {
            None => render(game, table, ME, view.color, view.width),
            Some(n) => match n.parse::<usize>() {
                Ok(k) if (1..=names.len()).contains(&k) => {
                    format!("{}'s sheet:\n", names[k - 1])
                        + &render(game, table, k - 1, view.color, view.width)
                }
                _ => say(
                    &format!(
                        "no player `{n}`: `sheet N` shows player N's sheet, from 1 (you) to {}",
                        names.len()
                    ),
                    view.width,
                ),
            },
        }
    }

    fn moves(&self, table: &Table, _which: Option<&str>, view: View) -> String {
        moves_text(self.game, table, view.width)
    }

    fn undone(&self, _table: &Table, what: Undone, view: View) -> String {
        match what {
            Undone::Nothing => say("nothing to undo: this is the first roll", view.width),
            Undone::ThisTurn | Undone::Earlier => say(
                "the last roll is taken back: the same dice again, your sheet as it was",
                view.width,
            ),
        }
    }

    /// The sheets and the number of rolls once the game is over (the CLI
    /// adds the score table and the winners).
    fn ending(
        &self,
        table: &Table,
        names: &[String],
        told: &str,
        ending: Ending,
        view: View,
    ) -> String {
        if ending != Ending::Finished {
            return String::new();
        }
        let game = self.game;
        let mut s = format!("\n{told}");
        for (seat, name) in names.iter().enumerate().skip(1) {
            let _ = writeln!(s, "{name}'s sheet:");
            s.push_str(&render(game, table, seat, view.color, view.width));
        }
        if names.len() > 1 {
            s.push_str("your sheet:\n");
        }
        s.push_str(&render(game, table, ME, view.color, view.width));
        s.push('\n');
        s.push_str(&say(
            &format!("game over after {}.", count(table.rolls(), "roll")),
            view.width,
        ));
        s
    }
}

/// The game at `session` as a log: every roll played to its end (a roll
/// half played is left out), marked unfinished unless the game is over;
/// each computer's policy is the first word of its name.
pub fn log(session: &Session<Terminal>, board_file: Option<String>) -> GameLog {
    let game = session.notation().game;
    let names = session.names();
    let mut recorder = LogRecorder::default();
    session.watch(session.played_events(), &mut recorder);
    let players = names
        .iter()
        .enumerate()
        .map(|(i, name)| LogPlayer {
            name: name.clone(),
            policy: (i != ME).then(|| name.split(' ').next().unwrap_or("").to_string()),
        })
        .collect();
    GameLog::played(
        game,
        Some(session.seed()),
        board_file,
        players,
        recorder.turns,
        session.table(),
    )
}

/// Plays the rolls of a saved game again at `session`: each roll from the
/// seed (it must show the log's dice), then the log's moves. The
/// computers' moves are kept, as after an undo.
pub fn replay(session: &mut Session<Terminal>, log: &GameLog) -> Result<(), String> {
    let game = session.notation().game;
    for (t, turn) in log.turns.iter().enumerate() {
        if game.actor(session.table()) != Actor::Chance {
            return Err(format!("the game ended before roll {}", t + 1));
        }
        let roll = session.roll_one();
        if log_roll(game, &roll) != turn.roll {
            return Err(format!(
                "roll {}: the log's dice are not the ones seed {} rolls",
                t + 1,
                session.seed()
            ));
        }
        loop {
            match game.actor(session.table()) {
                Actor::Player(p) => replay_move(session, t, turn, p)?,
                Actor::AllPlayers => {
                    for p in 0..session.names().len() {
                        if game.must_move(session.table(), p) {
                            replay_move(session, t, turn, p)?;
                        }
                    }
                }
                Actor::Chance | Actor::Over => break,
            }
        }
    }
    Ok(())
}

/// Plays seat `p`'s move of roll `t` of a saved game again.
fn replay_move(
    session: &mut Session<Terminal>,
    t: usize,
    turn: &LogTurn,
    p: usize,
) -> Result<(), String> {
    let game = session.notation().game;
    let logged = turn
        .moves
        .get(p)
        .cloned()
        .unwrap_or(LogMove::Pass(PassMark::Pass));
    let mv = move_from_log(game, &logged).map_err(|e| e.describe(game))?;
    if !game.is_legal(session.table(), p, &mv) {
        return Err(format!(
            "roll {}: {} cannot play {}",
            t + 1,
            session.names()[p],
            logged.describe()
        ));
    }
    session.play(p, mv);
    Ok(())
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
fn render(game: &Game, table: &Table, seat: usize, color: bool, width: usize) -> String {
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
        width,
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
fn status(game: &Game, table: &Table, names: &[String]) -> String {
    let players = names.len();
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
        format!(": {} was active", names[table.active()])
    };
    let mut text = format!("{number}{who}\ndice: {}\n", dice_text(game, roll));
    if let Some((c, n)) = table.taken()
        && table.active() != ME
    {
        let mine = game.dice_for(table, ME);
        let _ = writeln!(
            text,
            "{} took {} {}; you choose from: {}",
            names[table.active()],
            game.color_face_name(c),
            number_name(n),
            dice_text(game, &mine)
        );
    }
    text
}

/// A roll's dice: the colour dice, then the numbers (`?`: a joker).
fn dice_text(game: &Game, roll: &crate::encore::rules::Roll) -> String {
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
fn moves_text(game: &Game, table: &Table, width: usize) -> String {
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
fn help_text(game: &Game, table: &Table, columns: usize) -> String {
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
