//! The Rolling family at the terminal: how a move is typed (`1 PA`, `red
//! PA NY +dupe`, `1 x TX`, `pass`) and read, how dice and moves are
//! described, the sheet as text ([`sheet`]), and a saved game played
//! again to be resumed: the family's [`Notation`] for the one terminal
//! [`Session`].

pub mod sheet;

use crate::engine::{self, Rules as _, derive_seed};
use crate::rolling::map::{AreaId, Power, suggest_word};
use crate::rolling::play::Policy;
use crate::rolling::rules::log::{GameLog, LogMove, LogRoll, LogTurn, log_move, move_from_log};
use crate::rolling::rules::{Action, Game, Move, MoveList, PowerSet, Roll, State, Table};
use crate::session::{Command, Ending, Event, Hinter, ME, Notation, Session, Undone, View};
use crate::text::{count, wrap};

use sheet::{powers_line, render_fitted};

/// The hint player's stream of the game's seed (see [`hinter`]).
const HINT_STREAM: u64 = 0x6869_6e74;

/// A computer player's policy in a seat at the table.
pub struct Computer(pub Box<dyn Policy>);

impl engine::Player<Game> for Computer {
    fn choose(&mut self, game: &Game, table: &Table, me: usize) -> Move {
        self.0.choose(game, &table.sheets[me])
    }
}

/// The player that gives `hint`s and plays `auto` (`name`, made by
/// `make` from a seed): seeded by the game's `seed`, the turn and your
/// moves in it, so that the same position always gets the same hint.
pub fn hinter(name: &str, seed: u64, make: Box<dyn Fn(u64) -> Box<dyn Policy>>) -> Hinter<Game> {
    Hinter {
        name: name.to_string(),
        make: Box::new(move |turn, mine| {
            let place = (turn as u64) << 8 | mine as u64;
            let seed = derive_seed(derive_seed(seed, HINT_STREAM), place);
            Box::new(Computer(make(seed)))
        }),
    }
}

/// The Rolling family's notation on a map.
pub struct Terminal<'g> {
    /// The game being played.
    pub game: &'g Game,
}

/// Writes a message wrapped to `width`, later lines indented by two spaces.
fn say(text: &str, width: usize) -> String {
    wrap(text, "", "  ", width)
}

impl Notation for Terminal<'_> {
    type Rules = Game;

    fn rules(&self) -> &Game {
        self.game
    }

    fn command(&self, line: &str) -> Command {
        let lower = line.to_ascii_lowercase();
        let mut words = lower.split_whitespace();
        let first = words.next().unwrap_or("");
        let second = words.next().map(str::to_string);
        match first {
            "" => Command::Empty,
            "help" | "?" => Command::Help,
            "quit" | "exit" => Command::Quit,
            "sheet" => Command::Sheet(second),
            "undo" => Command::Undo,
            "moves" => Command::Moves(second),
            "hint" => Command::Hint,
            "auto" => Command::Auto,
            _ => Command::Play(line.to_string()),
        }
    }

    fn parse(&self, table: &Table, text: &str, view: View) -> Result<Move, String> {
        parse_move(self.game, me(table), text).map_err(|m| say(&m, view.width))
    }

    fn check(&self, table: &Table, mv: Move, view: View) -> Result<(), String> {
        let me = me(table);
        let roll = me.pending_roll(mv.die).expect("parsed dice are pending");
        let breaches = self.game.check(me, &mv, roll.value);
        if breaches.is_empty() {
            return Ok(());
        }
        let mut s = String::from("not allowed:\n");
        for b in breaches {
            s.push_str(&wrap(&b.describe(self.game), "  - ", "    ", view.width));
        }
        Err(s)
    }

    fn describe(&self, table: &Table, seat: usize, mv: Move) -> String {
        describe_move(self.game, &table.sheets[seat], &mv)
    }

    fn computer_told(
        &self,
        _before: &Table,
        after: &Table,
        seat: usize,
        names: &[String],
        moves: &[String],
        view: View,
    ) -> String {
        say(
            &format!(
                "{}: {} ({} X so far)",
                names[seat],
                moves.join(", "),
                after.sheets[seat].crosses()
            ),
            view.width,
        )
    }

    fn intro(
        &self,
        _table: &Table,
        names: &[String],
        seed: u64,
        _resumed: bool,
        view: View,
    ) -> String {
        let map = self.game.map();
        let mut s = say(
            &format!(
                "{} ({}), seed {seed}. Type `help` for the commands.",
                map.info.name, map.info.id
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
                &format!("Playing against {}, on the same dice.", others.join(", ")),
                view.width,
            ));
        }
        s
    }

    fn header(
        &self,
        table: &Table,
        _names: &[String],
        told: &str,
        fresh: bool,
        view: View,
    ) -> String {
        let mut s = told.to_string();
        if fresh {
            s.push('\n');
            s.push_str(&render_fitted(self.game, me(table), view.color, view.width));
        }
        s
    }

    fn status(&self, table: &Table, view: View) -> String {
        let game = self.game;
        let rules = game.rules();
        let per_round = rules.dice_per_round / rules.dice_per_turn;
        let me = me(table);
        let status = format!(
            "round {}/{}, turn {}/{per_round}: {}",
            me.round() + 1,
            rules.rounds,
            (me.rolled_in_round() - 1) / rules.dice_per_turn + 1,
            describe_dice(game, me),
        );
        let powers = powers_line(game, me);
        if status.len() + 3 + powers.len() <= view.width {
            format!("{status} | {powers}\n")
        } else {
            say(&status, view.width) + &say(&format!("powers: {powers}"), view.width)
        }
    }

    fn accepted(&self, table: &Table, _names: &[String], mv: Move, view: View) -> String {
        say(&describe_move(self.game, me(table), &mv), view.width)
    }

    fn hint(&self, table: &Table, hinter: &str, mv: Move, view: View) -> String {
        say(
            &format!(
                "the {hinter} player would play: {}",
                describe_move(self.game, me(table), &mv)
            ),
            view.width,
        )
    }

    fn help(&self, table: &Table, hinter: &str, view: View) -> String {
        help_text(self.game, me(table), hinter, view.width)
    }

    fn sheets(&self, table: &Table, names: &[String], which: Option<&str>, view: View) -> String {
        show_sheets(self.game, table, names, which, view)
    }

    fn moves(&self, table: &Table, which: Option<&str>, view: View) -> String {
        list_moves(self.game, me(table), which, view.width)
    }

    fn undone(&self, table: &Table, what: Undone, view: View) -> String {
        match what {
            Undone::ThisTurn => {
                say("this turn's moves are taken back", view.width)
                    + &render_fitted(self.game, me(table), view.color, view.width)
            }
            Undone::Earlier => say(
                "the last turn is taken back: its dice again, nothing resolved",
                view.width,
            ),
            Undone::Nothing => say("nothing to undo: this is the first turn", view.width),
        }
    }

    fn ending(
        &self,
        table: &Table,
        names: &[String],
        told: &str,
        ending: Ending,
        view: View,
    ) -> String {
        if ending != Ending::Finished {
            return told.to_string();
        }
        let game = self.game;
        let mut s = told.to_string();
        for (i, name) in names.iter().enumerate().skip(1) {
            s.push('\n');
            s.push_str(&format!("{name}'s sheet:\n"));
            s.push_str(&render_fitted(
                game,
                &table.sheets[i],
                view.color,
                view.width,
            ));
        }
        s.push('\n');
        if names.len() > 1 {
            s.push_str("your sheet:\n");
        }
        let me = me(table);
        s.push_str(&render_fitted(game, me, view.color, view.width));
        s.push('\n');
        let score = game.score(me);
        s.push_str(&say(
            &format!(
                "game over: {} X, {} used ({})",
                score.crosses,
                count(score.powers_used, "power"),
                powers_line(game, me)
            ),
            view.width,
        ));
        if table.sheets.len() > 1 {
            let mut ranking: Vec<(usize, crate::rolling::rules::Score)> = table
                .sheets
                .iter()
                .map(|s| game.score(s))
                .enumerate()
                .collect();
            ranking.sort_by_key(|&(i, s)| (s, i));
            s.push_str("ranking (fewest X, then fewest powers):\n");
            for (place, (i, sc)) in ranking.iter().enumerate() {
                s.push_str(&format!(
                    "  {}. {:<12} {:>2} X  {}\n",
                    place + 1,
                    names[*i],
                    sc.crosses,
                    count(sc.powers_used, "power")
                ));
            }
        }
        s
    }
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

/// `sheet`: the person's sheet; `sheet N`: player N's; `sheet all`: all.
fn show_sheets(
    game: &Game,
    table: &Table,
    names: &[String],
    which: Option<&str>,
    view: View,
) -> String {
    let sheets: Vec<&State> = table.sheets.iter().collect();
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
                    &format!(
                        "no player `{n}`: `sheet N` for player N ({}), `sheet all` for \
                         everyone's",
                        players.join(", ")
                    ),
                    view.width,
                );
            }
        },
    };
    let mut s = String::new();
    for i in chosen {
        match i {
            _ if sheets.len() == 1 => {}
            0 => s.push_str("your sheet:\n"),
            _ => s.push_str(&format!("{}'s sheet:\n", names[i])),
        }
        s.push_str(&render_fitted(game, sheets[i], view.color, view.width));
    }
    s
}

/// A move as it is typed at the prompt, with its die's place in the
/// turn's roll order: `1 PA`, `2 PA NY +dupe`, `1 x TX`, `1 pass`.
fn typed(game: &Game, state: &State, mv: &Move) -> String {
    let slot = state
        .pending_slots()
        .find(|(_, r)| r.die == mv.die)
        .map_or(1, |(i, _)| i + 1);
    let code = |a: AreaId| game.map().area(a).id.as_str();
    let mut words = vec![slot.to_string()];
    match mv.action {
        Action::Write(a) => words.push(code(a).to_string()),
        Action::WriteTwice(a, b) => words.extend([code(a).to_string(), code(b).to_string()]),
        Action::Cross(a) => words.extend(["x".to_string(), code(a).to_string()]),
        Action::Pass => words.push("pass".into()),
    }
    for p in mv.powers.iter() {
        words.push(
            match p {
                Power::ColorChange => "+cc",
                Power::Guard => "+guard",
                Power::Dupe => "+dupe",
            }
            .into(),
        );
    }
    words.join(" ")
}

/// The commands, with examples that are legal for the dice on the table
/// (taken from the move generator: a die that can be written, a Dupe, a
/// Color Change, a Guard, an X, each only where one is legal now); an
/// example that is not possible now shows `AREA` in place of areas, with
/// the die place the others use.
fn help_text(game: &Game, state: &State, hinter: &str, columns: usize) -> String {
    let mut legal = MoveList::new();
    game.legal_moves(state, &mut legal);
    let slots: Vec<(usize, Roll)> = state.pending_slots().collect();
    // The first legal move with exactly these powers and an action of
    // this kind, as typed; else the same with `AREA`s.
    let example = |powers: &[Power], kind: fn(&Action) -> bool, generic: &str| -> (String, bool) {
        let powers = PowerSet::of(powers);
        legal
            .iter()
            .find(|m| m.powers == powers && kind(&m.action))
            .map_or((generic.to_string(), false), |m| {
                (typed(game, state, &m), true)
            })
    };
    let writes = |a: &Action| matches!(a, Action::Write(_));
    let twice = |a: &Action| matches!(a, Action::WriteTwice(..));
    let (write, found) = example(&[], writes, "1 AREA");
    let n = write.split(' ').next().unwrap_or("1").to_string();
    let area = write.split(' ').nth(1).unwrap_or("AREA").to_string();
    let die_name = slots
        .iter()
        .find(|(i, _)| (i + 1).to_string() == n)
        .map_or_else(|| "red".to_string(), |(_, r)| game.die(r.die).id.clone());
    let generic = |tail: &str| format!("{n} {tail}");
    let granted = |p: Power| game.rules().powers.get(p) > 0;
    let mut lines: Vec<(String, String)> = vec![
        (
            write.clone(),
            format!("write die {n}'s number in {area} (or name the die: {die_name} {area})"),
        ),
        (
            area.clone(),
            if found {
                "the same, when only one die is left to resolve".into()
            } else {
                "an area alone, when only one die is left to resolve".into()
            },
        ),
    ];
    if granted(Power::Dupe) {
        let (ex, _) = example(&[Power::Dupe], twice, &generic("AREA AREA +dupe"));
        lines.push((
            ex,
            "Dupe: write the number in two areas of the region".into(),
        ));
    }
    if granted(Power::ColorChange) {
        let (ex, _) = example(&[Power::ColorChange], writes, &generic("AREA +cc"));
        lines.push((ex, "Color Change: the die counts as wild".into()));
    }
    if granted(Power::Guard) {
        let (ex, _) = example(&[Power::Guard], writes, &generic("AREA +guard"));
        lines.push((
            ex,
            "Guard: ignore the neighbour rule (the number is circled)".into(),
        ));
    }
    let (cross, _) = example(&[], |a| matches!(a, Action::Cross(_)), &generic("x AREA"));
    let crossed = cross.rsplit(' ').next().unwrap_or("AREA").to_string();
    lines.push((
        cross,
        format!("mark an X in {crossed} (only when the number fits nowhere)"),
    ));
    let (pass, _) = example(&[], |a| matches!(a, Action::Pass), &generic("pass"));
    lines.push((
        pass,
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
        let (ex, _) = example(
            &[Power::ColorChange, Power::Dupe],
            twice,
            &generic("AREA AREA +cc +dupe"),
        );
        format!("Powers combine: {ex}. ")
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
fn list_moves(game: &Game, state: &State, which: Option<&str>, width: usize) -> String {
    if let Some(w) = which
        && !state
            .pending_slots()
            .any(|(i, r)| w == (i + 1).to_string() || w.eq_ignore_ascii_case(&game.die(r.die).id))
    {
        return say(&no_such_die(game, state, w), width);
    }
    let mut s = String::new();
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
        let mut all = MoveList::new();
        game.moves_for(state, roll, &mut all);
        let die = &game.die(roll.die).id;
        let with_powers = count(all.len() as u64, "move");
        let text = if spots.is_empty() {
            // The moves left, named as they are typed (the first few).
            const SHOWN: usize = 6;
            let mut named: Vec<String> = all
                .iter()
                .take(SHOWN)
                .map(|m| typed(game, state, &m))
                .collect();
            if all.len() > SHOWN {
                named.push(format!("and {} more", all.len() - SHOWN));
            }
            format!(
                "die {} ({die} {}): fits nowhere without powers; {with_powers} with powers or X: {}",
                i + 1,
                roll.value,
                named.join(", ")
            )
        } else {
            format!(
                "die {} ({die} {}): {} ({with_powers} in all with powers)",
                i + 1,
                roll.value,
                spots.join(" "),
            )
        };
        s.push_str(&say(&text, width));
    }
    s
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

/// The person's sheet.
fn me(table: &Table) -> &State {
    &table.sheets[ME]
}

/// The game at `session` as a log: the turns played to their end (a turn
/// half played is played again when the game is resumed), with each
/// player's result once the game is over.
pub fn log(session: &Session<Terminal>, map_file: Option<String>) -> GameLog {
    let game = session.notation().game;
    let players = session.names().len();
    let mut table = game.new_table(players);
    let mut turns: Vec<LogTurn> = Vec::new();
    let mut rolling = false;
    for event in session.played_events() {
        match *event {
            Event::Chance(roll) => {
                if !rolling {
                    turns.push(LogTurn {
                        dice: Vec::new(),
                        moves: vec![Vec::new(); players],
                    });
                }
                rolling = true;
                let turn = turns.last_mut().expect("a turn begun");
                turn.dice.push(LogRoll {
                    die: game.die(roll.die).id.clone(),
                    value: roll.value,
                });
                game.apply_chance(&mut table, roll);
            }
            Event::Move(p, mv) => {
                rolling = false;
                let number = table.sheets[p].pending_roll(mv.die).expect("pending").value;
                let turn = turns.last_mut().expect("a turn begun");
                turn.moves[p].push(log_move(game, &mv, number));
                engine::Rules::apply(game, &mut table, p, mv);
            }
        }
    }
    GameLog::rolled(
        game,
        Some(session.seed()),
        map_file,
        session.names().to_vec(),
        turns,
        &session.table().sheets,
    )
}

/// Plays a saved game's turns again at `session`: each turn's dice must be
/// the ones the seed rolls, and every move must be legal; the computers
/// choose again (so that they go on as they would have), and where one
/// chooses otherwise than the log says, the log's move is kept. Returns
/// notes on such differences.
pub fn replay(session: &mut Session<Terminal>, log: &GameLog) -> Result<Vec<String>, String> {
    let game = session.notation().game;
    let names = session.names().to_vec();
    let mut diverged: Vec<String> = Vec::new();
    for (t, turn) in log.turns.iter().enumerate() {
        if session.is_over() {
            return Err(format!(
                "the log has {}, the game only {t}",
                count(log.turns.len(), "turn")
            ));
        }
        let mut rolls: Vec<Roll> = Vec::new();
        while game.actor(session.table()) == engine::Actor::Chance {
            rolls.push(session.roll_one());
        }
        let rolled: Vec<(String, u8)> = rolls
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
                session.seed(),
                show(&rolled)
            ));
        }
        if turn.moves.len() != names.len() {
            return Err(format!(
                "turn {}: moves for {}, the log names {}",
                t + 1,
                count(turn.moves.len(), "player"),
                names.len()
            ));
        }
        for lm in &turn.moves[0] {
            let mv = legal_move(game, me(session.table()), lm)
                .map_err(|e| format!("turn {}, {}: {e}", t + 1, log.players[0]))?;
            session.play(ME, mv);
        }
        if game.must_move(session.table(), ME) {
            return Err(format!(
                "turn {}, {}: a die is not resolved",
                t + 1,
                log.players[0]
            ));
        }
        for (seat, name) in names.iter().enumerate().skip(1) {
            let wanted = &turn.moves[seat];
            let mut k = 0;
            while game.must_move(session.table(), seat) {
                let chosen = session.fresh_choice(seat);
                let state = &session.table().sheets[seat];
                let lm = wanted
                    .get(k)
                    .ok_or_else(|| format!("turn {}, {name}: a die is not resolved", t + 1))?;
                let mv = legal_move(game, state, lm)
                    .map_err(|e| format!("turn {}, {name}: {e}", t + 1))?;
                let value = state.pending_roll(mv.die).expect("legal").value;
                if log_move(game, &chosen, value) != *lm && !diverged.contains(name) {
                    diverged.push(name.clone());
                }
                session.play(seat, mv);
                k += 1;
            }
            if wanted.len() > k {
                return Err(format!("turn {}, {name}: more moves than dice", t + 1));
            }
        }
    }
    Ok(diverged
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    /// Random games on the tutorial map: every move `typed` writes reads
    /// back as that move, and `moves` names every move of a die that fits
    /// nowhere without powers (when there are few).
    #[test]
    fn typed_moves_read_back_and_moves_names_the_forced_ones() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/examples/tutorial.toml");
        let game = Game::new(crate::rolling::map::load(&path).unwrap()).unwrap();
        let mut named = 0;
        for seed in 0..40 {
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
            let mut state = game.initial_state();
            let mut legal = MoveList::new();
            while !game.is_terminal(&state) {
                if game.phase(&state) == crate::rolling::rules::Phase::Chance {
                    let roll = game.sample_roll(&state, &mut rng);
                    game.apply_roll(&mut state, roll).unwrap();
                    continue;
                }
                game.legal_moves(&state, &mut legal);
                for mv in legal.iter() {
                    assert_eq!(
                        parse_move(&game, &state, &typed(&game, &state, &mv)),
                        Ok(mv)
                    );
                }
                for (_, roll) in state.pending_slots() {
                    let mut all = MoveList::new();
                    game.moves_for(&state, roll, &mut all);
                    if game.plain_spot(&state, roll.die, roll.value).is_none() && all.len() <= 6 {
                        let text = list_moves(&game, &state, None, 500);
                        for mv in all.iter() {
                            assert!(text.contains(&typed(&game, &state, &mv)), "{text}");
                        }
                        named += 1;
                    }
                }
                let mv = legal.get(rng.random_range(0..legal.len()));
                game.apply(&mut state, mv);
            }
        }
        assert!(named > 10, "{named}");
    }
}
