//! The referee of Diceland logs: it replays a log through the engine, so
//! every move is judged by the same rule the computer players obey, and
//! reports each broken rule with its turn and player, and each problem of
//! the log itself (dice that could not have been rolled, a game cut short,
//! winners the sheets do not support).
//!
//! The replay goes on after every mistake, the way players check each
//! other's sheets: a crossing that breaks a rule crosses nothing; an event
//! the table cannot take (a roll nobody rolls now, a move of a player with
//! no decision) is reported and left out, and the events after it that
//! depend on it are left out with it (said in the same finding); a turn
//! the log leaves unfinished is ended where it stands, and the next turn
//! is replayed from there.

use serde::Serialize;

use super::Game;
use super::log::{Event, GameLog, board_hash, parse_move};
use super::table::{Move, Phase, Roll, Table};
use crate::engine::{Actor, Rules};
use crate::families::log::{self, LogProblem};

/// A move that breaks a rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// The turn, from 1.
    pub turn: usize,
    /// The player.
    pub player: String,
    /// The move as written.
    #[serde(rename = "move")]
    pub mv: String,
    /// Stable name of the rule broken.
    pub kind: &'static str,
    /// What is wrong.
    pub message: String,
    /// When the move breaks the rule only because an earlier crossing of
    /// the same player crossed nothing (on the sheet as the player wrote
    /// it, the move is legal): the turn of the first such crossing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub follows_from: Option<usize>,
    /// Whether the rule is broken on the sheet as the player wrote it
    /// only: the move is legal on the sheet as judged (where an earlier
    /// crossing crossed nothing), or it is in an event left out, which is
    /// judged on the sheet as written alone. It is reported, and the
    /// replay takes the move as the judged sheet allows.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub on_paper: bool,
}

/// One player's sheet at the end of the replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerVerdict {
    /// The player.
    pub name: String,
    /// Star cells crossed.
    pub stars: u8,
    /// Colours crossed completely.
    pub complete_colors: u8,
    /// Cells crossed.
    pub crosses: usize,
    /// Whether the player won.
    pub won: bool,
}

/// One finding of the referee, in the order the replay met them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finding {
    /// `problems[i]`.
    Problem(usize),
    /// `violations[i]`.
    Violation(usize),
}

/// The referee's verdict on a log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Problems with the log itself.
    pub problems: Vec<LogProblem>,
    /// Moves that break a rule.
    pub violations: Vec<Violation>,
    /// Every player's sheet at the end.
    pub players: Vec<PlayerVerdict>,
    /// The winners by the replay.
    pub winners: Vec<String>,
    /// Turns replayed.
    pub turns: usize,
    /// Whether the game is over at the end of the log.
    pub complete: bool,
    /// The problems and violations in the order the replay met them.
    #[serde(skip)]
    pub findings: Vec<Finding>,
    /// Every player's sheet at the end of the replay.
    #[serde(skip)]
    pub sheets: Vec<super::Sheet>,
}

impl Verdict {
    /// No problem and no broken rule.
    pub fn is_clean(&self) -> bool {
        self.problems.is_empty() && self.violations.is_empty()
    }

    /// Clean but for being unfinished: the log of a game stopped before
    /// its end, which may be resumed.
    pub fn is_clean_so_far(&self) -> bool {
        self.violations.is_empty() && log::clean_so_far(&self.problems)
    }
}

/// The log was recorded on another board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the log was played on a board with hash {logged}, but this board's is {board}")]
pub struct WrongBoard {
    /// The log's hash.
    pub logged: String,
    /// The board's hash.
    pub board: String,
}

/// What became of one event of the log.
enum Outcome {
    /// The table took it.
    Applied,
    /// It was reported and taken: a crossing as crossing nothing, a roll
    /// of the wrong number of dice as written.
    Taken,
    /// It was reported and left out. Unless the players are crossing, the
    /// events after it that the table cannot take depend on it and are
    /// left out with it.
    LeftOut(Finding),
}

/// The replay of one log.
struct Replay<'a> {
    game: &'a Game,
    log: &'a GameLog,
    table: Table,
    problems: Vec<LogProblem>,
    violations: Vec<Violation>,
    findings: Vec<Finding>,
    /// Seats whose crossing with a star was rejected in this turn, with
    /// the turn of the mistake it follows from, if it does: the bonus roll
    /// it would have earned explains a roll nobody is owed.
    rejected_stars: Vec<(usize, Option<usize>)>,
    /// The table's turn counter before this log turn.
    began: u16,
    /// Every player's sheet as they wrote it: each crossing of the log
    /// crossed, rules or not. A move that breaks a rule on the judged
    /// sheet but not on this one follows from an earlier mistake.
    written: Vec<super::Sheet>,
    /// Each seat's first turn with a crossing that crossed nothing on the
    /// judged sheet (from there the two sheets differ).
    rejected_in: Vec<Option<usize>>,
}

impl Replay<'_> {
    fn problem(&mut self, p: LogProblem) -> Finding {
        self.problems.push(p);
        let f = Finding::Problem(self.problems.len() - 1);
        self.findings.push(f);
        f
    }

    fn violation(&mut self, v: Violation) -> Finding {
        self.violations.push(v);
        let f = Finding::Violation(self.violations.len() - 1);
        self.findings.push(f);
        f
    }

    /// Adds `more` to the message of finding `f`.
    fn amend(&mut self, f: Finding, more: &str) {
        let message = match f {
            Finding::Problem(i) => &mut self.problems[i].message,
            Finding::Violation(i) => &mut self.violations[i].message,
        };
        message.push_str(more);
    }

    /// Whether the table would take `event` now without a finding of its
    /// own being due: a roll while the dice are rolled, a move of a known
    /// player who has a decision. Events that fail this after a finding
    /// are the ones it makes impossible.
    /// A turn's first roll is its first event (`i` is the event's place).
    fn expects(&self, event: &Event, i: usize) -> bool {
        match event {
            Event::Roll { .. } => {
                self.game.actor(&self.table) == Actor::Chance
                    && !(self.table.phase == Phase::Roll && i > 0)
            }
            Event::Move { player, mv } => {
                let fits = match mv.split_whitespace().next() {
                    Some("choose") => self.table.phase == Phase::Choose,
                    Some("stop" | "reroll") => self.table.phase == Phase::Decide,
                    Some("cross" | "pass") => {
                        matches!(self.table.phase, Phase::Cross | Phase::BonusCross(_))
                    }
                    // A move that cannot be read is reported on its own.
                    _ => true,
                };
                fits && self
                    .log
                    .players
                    .iter()
                    .position(|p| p == player)
                    .is_some_and(|seat| self.table.must_move(seat))
            }
        }
    }

    /// Replays event `i` of turn `number`'s `events`.
    fn event(&mut self, number: usize, events: &[Event], i: usize) -> Outcome {
        match &events[i] {
            Event::Roll { roll } => self.roll(number, events, i, roll),
            Event::Move { player, mv } => self.step(number, player, mv),
        }
    }

    fn roll(&mut self, number: usize, events: &[Event], i: usize, roll: &str) -> Outcome {
        let turn = Some(number);
        if self.game.actor(&self.table) != Actor::Chance
            || (self.table.phase == Phase::Roll && i > 0)
        {
            let why = if self.table.phase == Phase::Roll {
                if self.table.turn == self.began {
                    "the turn's first roll is missing".to_string()
                } else {
                    "the turn is over at the table".to_string()
                }
            } else {
                self.table.waiting_for()
            };
            let (owed, follows_from, player) = self.explain_bonus(events, i);
            let f = self.problem(LogProblem {
                follows_from,
                player,
                ..LogProblem::new(
                    turn,
                    "unexpected-roll",
                    format!("a roll ({roll}) where {why}{owed}"),
                )
            });
            return Outcome::LeftOut(f);
        }
        let want = self.table.dice_to_roll();
        let Some(r) = Roll::parse(roll) else {
            let f = self.problem(LogProblem::new(
                turn,
                "wrong-dice",
                format!("`{roll}` is no roll: one letter per die, R Y G B O or A"),
            ));
            return Outcome::LeftOut(f);
        };
        if r.dice() != want {
            // Replayed as written, so the choices made on it are judged
            // on the dice the players saw.
            self.problem(LogProblem::new(
                turn,
                "wrong-dice",
                format!(
                    "the roll {roll} has {}, but {want} were rolled; it is replayed as written",
                    crate::text::plural(usize::from(r.dice()), "die", "dice")
                ),
            ));
            self.game.apply_chance(&mut self.table, r);
            return Outcome::Taken;
        }
        if let Phase::BonusRoll(p) = self.table.phase {
            let roller = &self.log.players[usize::from(p)];
            if let Some(Event::Move { player, .. }) = events[i + 1..]
                .iter()
                .find(|e| matches!(e, Event::Move { .. }))
                && player != roller
                && self.log.players.contains(player)
            {
                let (owed, follows_from, by) = self.explain_bonus(events, i);
                let f = self.problem(LogProblem {
                    follows_from,
                    player: by,
                    ..LogProblem::new(
                        turn,
                        "unexpected-roll",
                        format!(
                            "a bonus roll ({roll}) used by {player}, but {} the next bonus \
roll{owed}",
                            crate::text::subject_verb(roller, "rolls", "roll")
                        ),
                    )
                });
                return Outcome::LeftOut(f);
            }
        }
        self.game.apply_chance(&mut self.table, r);
        Outcome::Applied
    }

    /// Why a roll of `events[i]` may be one nobody is owed: the bonus roll
    /// of a crossing with a star that was rejected (named by the move
    /// that uses the roll).
    /// Also the turn of the mistake the rejected crossing follows from.
    fn explain_bonus(&self, events: &[Event], i: usize) -> (String, Option<usize>, Option<String>) {
        let user = events[i + 1..].iter().find_map(|e| match e {
            Event::Move { player, .. } => Some(player),
            Event::Roll { .. } => None,
        });
        let Some(name) = user else {
            return (String::new(), None, None);
        };
        let seat = self.log.players.iter().position(|p| p == name);
        match self.rejected_stars.iter().find(|(s, _)| Some(*s) == seat) {
            Some(&(_, follows)) => (
                format!(
                    ": it is the bonus roll of {name}'s crossing with a star, which broke a rule \
and crossed nothing, so it earned no bonus roll"
                ),
                follows,
                Some(name.clone()),
            ),
            None => (String::new(), None, None),
        }
    }

    /// Crosses a crossing of `seat` on the sheet as written.
    fn write(&mut self, seat: usize, mv: Move) {
        if let Move::Cross(_, cells) = mv {
            self.written[seat].cross_as_written(self.game.board(), &cells);
        }
    }

    /// Notes the turn from which the sheet of the player of `event` as
    /// judged differs from the sheet as written.
    fn diverged(&mut self, number: usize, event: &Event) {
        if let Event::Move { player, .. } = event
            && let Some(seat) = self.log.players.iter().position(|p| p == player)
            && self.rejected_in[seat].is_none()
            && self.written[seat].crossed != self.table.sheets[seat].crossed
        {
            self.rejected_in[seat] = Some(number);
        }
    }

    /// A crossing the table cannot take (its roll was left out, say) is
    /// still on the player's paper: it is judged there, for where its
    /// crosses go (the colour, one zone, an open one, touching, not
    /// crossed before; not for its count of dice, which the table did not
    /// roll), and crossed there.
    fn write_left_out(&mut self, number: usize, event: &Event) {
        if let Event::Move { player, mv } = event
            && let Some(seat) = self.log.players.iter().position(|p| p == player)
            && let Ok(m) = parse_move(self.game.board(), mv)
        {
            if let Move::Cross(c, cells) = m
                && let Err(e) =
                    self.written[seat].check_cross(self.game.board(), c, cells.len(), &cells)
            {
                let kind = super::table::MoveError::from(e.clone()).kind();
                self.violation(Violation {
                    turn: number,
                    player: player.clone(),
                    mv: mv.clone(),
                    kind,
                    message: format!(
                        "on the sheet as written, {e} (the event is left out, so the crossing is \
judged there alone, for where its crosses go)"
                    ),
                    follows_from: None,
                    on_paper: true,
                });
            }
            self.write(seat, m);
        }
    }

    fn step(&mut self, number: usize, player: &str, mv: &str) -> Outcome {
        let turn = Some(number);
        let Some(seat) = self.log.players.iter().position(|p| p == player) else {
            let f = self.problem(LogProblem::new(
                turn,
                "unknown-player",
                format!(
                    "`{player}` is not one of the log's players ({})",
                    self.log.players.join(", ")
                ),
            ));
            return Outcome::LeftOut(f);
        };
        let crossing = matches!(self.table.phase, Phase::Cross | Phase::BonusCross(_))
            && self.table.must_move(seat);
        // A cell listed twice is named, and the move judged with it once
        // (as the Encore referee does with a box).
        let mut words: Vec<&str> = Vec::new();
        let mut twice: Vec<&str> = Vec::new();
        for w in mv.split_whitespace() {
            if !words.contains(&w) {
                words.push(w);
            } else if !twice.contains(&w) {
                twice.push(w);
            }
        }
        for cell in &twice {
            self.violation(Violation {
                turn: number,
                player: player.to_string(),
                mv: mv.to_string(),
                kind: "cell-twice",
                message: format!(
                    "{cell} is listed twice in one crossing: a crossing crosses each of its cells \
once, one cell per die (the move is judged with {cell} once)"
                ),
                follows_from: None,
                on_paper: false,
            });
        }
        let read = words.join(" ");
        let parsed = match parse_move(self.game.board(), &read) {
            Ok(m) => m,
            Err(why) => {
                let f = self.problem(LogProblem::new(turn, "bad-move", why).of_player(player));
                if crossing {
                    // A crossing that cannot be read crosses nothing.
                    self.game.apply(&mut self.table, seat, Move::Pass);
                    self.amend(f, "; the move crosses nothing");
                    return Outcome::Taken;
                }
                return Outcome::LeftOut(f);
            }
        };
        // The move judged on the sheet as the player wrote it too (which
        // differs from the judged one from the turn `rejected_in` on), and
        // that sheet brought up to date.
        let diverged = self.rejected_in[seat].filter(|_| crossing);
        let on_paper = diverged.map(|_| {
            let mut paper = self.table.clone();
            paper.sheets[seat] = self.written[seat];
            paper.check(self.game.board(), seat, parsed)
        });
        self.write(seat, parsed);
        match (self.game.check(&self.table, seat, parsed), on_paper) {
            (Ok(()), Some(Err(e))) => {
                // Legal on the sheet as judged, a mistake on paper.
                let t = diverged.expect("the sheets differ");
                self.violation(Violation {
                    turn: number,
                    player: player.to_string(),
                    mv: mv.to_string(),
                    kind: e.kind(),
                    message: format!(
                        "on the sheet as written, {e} (on the sheet as judged the move is legal: \
a crossing of {player} in turn {t} crossed nothing there)"
                    ),
                    follows_from: None,
                    on_paper: true,
                });
                self.game.apply(&mut self.table, seat, parsed);
                Outcome::Taken
            }
            (Ok(()), _) => {
                self.game.apply(&mut self.table, seat, parsed);
                Outcome::Applied
            }
            (Err(e), paper) => {
                // Legal on paper: it breaks a rule only because an earlier
                // crossing crossed nothing. Illegal there too: a mistake of
                // its own, said as the player's paper shows it.
                let (follows_from, message) = match (&paper, diverged) {
                    (Some(Ok(())), Some(t)) => (
                        Some(t),
                        format!(
                            "{e} (on the sheet as written it is legal: it follows from turn {t}, \
where a crossing of {player} crossed nothing)"
                        ),
                    ),
                    (Some(Err(p)), Some(t)) if p.to_string() != e.to_string() => (
                        None,
                        format!(
                            "{p} (on the sheet as judged, where a crossing of {player} in turn \
{t} crossed nothing: {e})"
                        ),
                    ),
                    _ => (None, e.to_string()),
                };
                let kind = match &paper {
                    Some(Err(p)) if follows_from.is_none() => p.kind(),
                    _ => e.kind(),
                };
                let f = self.violation(Violation {
                    turn: number,
                    player: player.to_string(),
                    mv: mv.to_string(),
                    kind,
                    message,
                    follows_from,
                    on_paper: false,
                });

                if self.table.phase == Phase::Choose
                    && self.table.must_move(seat)
                    && matches!(parsed, Move::Choose(_))
                {
                    // A colour the roll does not show is set aside as
                    // written (no dice of it), so the turn goes on as the
                    // players played it.
                    self.game.apply(&mut self.table, seat, parsed);
                    return Outcome::Taken;
                }
                if crossing && matches!(parsed, Move::Cross(..) | Move::Pass) {
                    // A crossing that breaks the rules crosses nothing (and
                    // earns no bonus roll), as does a pass where crossing
                    // was compulsory.
                    if let Move::Cross(_, cells) = parsed
                        && !cells.and(self.game.board().stars()).is_empty()
                    {
                        self.rejected_stars.push((seat, follows_from));
                    }
                    self.game.apply(&mut self.table, seat, Move::Pass);
                    return Outcome::Taken;
                }
                Outcome::LeftOut(f)
            }
        }
    }
}

/// Replays `log` on `game`.
pub fn referee(game: &Game, log: &GameLog) -> Result<Verdict, WrongBoard> {
    let hash = board_hash(game.board());
    if let Some(logged) = &log.board.hash
        && *logged != hash
    {
        return Err(WrongBoard {
            logged: logged.clone(),
            board: hash,
        });
    }
    let game = Game::with_options(game.board().clone(), log.options);
    let mut r = Replay {
        game: &game,
        log,
        table: game.new_table(log.players.len()),
        problems: Vec::new(),
        violations: Vec::new(),
        findings: Vec::new(),
        rejected_stars: Vec::new(),
        began: 0,
        written: vec![super::Sheet::new(game.board()); log.players.len()],
        rejected_in: vec![None; log.players.len()],
    };
    let mut turns = 0;
    let last = log.turns.len();
    'turns: for (t, turn) in log.turns.iter().enumerate() {
        let number = t + 1;
        if r.table.phase == Phase::Over {
            r.problem(LogProblem::new(
                Some(number),
                "extra-turns",
                format!(
                    "the game ended in turn {t}, the log goes on to turn {last}: the rest is \
ignored"
                ),
            ));
            break;
        }
        turns = number;
        r.rejected_stars.clear();
        let began = r.table.turn;
        r.began = began;
        let events = &turn.events;
        // The finding whose consequences are being left out, and how many.
        let mut skipping: Option<(Finding, usize)> = None;
        let mut turn_findings = 0;
        for i in 0..events.len() {
            if r.table.phase == Phase::Over {
                let mut p = LogProblem::new(
                    Some(number),
                    "after-the-end",
                    format!(
                        "the game ended before this event; the log goes on with {} in this turn \
and {} after it: the rest is ignored",
                        crate::text::plural(events.len() - i, "event", "events"),
                        crate::text::plural(last - number, "turn", "turns")
                    ),
                );
                if let Event::Move { player, .. } = &events[i] {
                    p = p.of_player(player);
                }
                r.problem(p);
                break 'turns;
            }
            if let Some((f, n)) = skipping {
                if !r.expects(&events[i], i) {
                    r.write_left_out(number, &events[i]);
                    r.diverged(number, &events[i]);
                    skipping = Some((f, n + 1));
                    continue;
                }
                close_skip(&mut r, f, n);
                skipping = None;
            }
            let outcome = r.event(number, events, i);
            r.diverged(number, &events[i]);
            match outcome {
                Outcome::Applied => {}
                Outcome::Taken => turn_findings += 1,
                Outcome::LeftOut(f) => {
                    turn_findings += 1;
                    // While the players cross, each move stands alone; else
                    // the table waits for the roll or decision left out.
                    if r.table.phase != Phase::Cross {
                        skipping = Some((f, 0));
                    }
                }
            }
        }
        if let Some((f, n)) = skipping {
            close_skip(&mut r, f, n);
        }
        let unfinished =
            r.table.turn == began || !matches!(r.table.phase, Phase::Roll | Phase::Over);
        if unfinished && number < last {
            let stands = if r.table.turn == began {
                "the turn never began at the table".to_string()
            } else {
                r.table.waiting_for()
            };
            let said = "; the replay goes on at the next turn: players still to cross cross \
nothing, bonus rolls not rolled are lost";
            if turn_findings == 0 {
                r.problem(LogProblem::new(
                    Some(number),
                    "turn-order",
                    format!("turn {number} ends where {stands}{said}"),
                ));
            } else if let Some(&f) = r.findings.last() {
                r.amend(f, &format!("; turn {number} ends where {stands}{said}"));
            }
            r.table.forfeit_turn(game.board(), game.options());
        }
    }
    let Replay {
        table,
        mut problems,
        violations,
        mut findings,
        written,
        rejected_in,
        ..
    } = r;
    let complete = table.phase == Phase::Over;
    if !complete {
        let mut p = log::incomplete(
            &crate::text::plural(log.turns.len(), "turn", "turns"),
            Some(&table.waiting_for()),
        );
        // A game that ends on paper, but not on the sheets as judged.
        if let Some((seat, t)) = (0..log.players.len())
            .filter(|&s| written[s].reached_goal(game.board()))
            .filter_map(|s| Some((s, rejected_in[s]?)))
            .min_by_key(|&(_, t)| t)
        {
            let name = &log.players[seat];
            p.message.push_str(&format!(
                " (on the sheet as written {} the goal: the game is not over only \
because a crossing of {name} in turn {t} crossed nothing)",
                crate::text::subject_verb(name, "reaches", "reach")
            ));
            p = LogProblem {
                follows_from: Some(t),
                ..p.of_player(name)
            };
        }
        problems.push(p);
        findings.push(Finding::Problem(problems.len() - 1));
    }
    let winners: Vec<String> = table
        .winners()
        .into_iter()
        .map(|p| log.players[p].clone())
        .collect();
    if complete {
        let mut claimed = log.result.clone();
        claimed.sort();
        let mut found = winners.clone();
        found.sort();
        if claimed != found {
            problems.push(LogProblem::new(
                None,
                "wrong-winners",
                format!(
                    "the log names the winners {}, but the sheets make {}",
                    names(&claimed),
                    names(&found)
                ),
            ));
            findings.push(Finding::Problem(problems.len() - 1));
        }
    }
    let players = log
        .players
        .iter()
        .enumerate()
        .map(|(p, name)| player_verdict(&table, p, name))
        .collect();
    Ok(Verdict {
        problems,
        violations,
        players,
        winners,
        turns,
        complete,
        findings,
        sheets: table.sheets.clone(),
    })
}

/// Says in finding `f` that the `n` events after it were left out.
fn close_skip(r: &mut Replay<'_>, f: Finding, n: usize) {
    let said = match n {
        0 => return,
        1 => " (the event after it, which depends on it, is left out)".to_string(),
        n => format!(" (the {n} events after it, which depend on it, are left out)"),
    };
    r.amend(f, &said);
}

fn player_verdict(table: &Table, p: usize, name: &str) -> PlayerVerdict {
    let s = &table.sheets[p];
    PlayerVerdict {
        name: name.to_string(),
        stars: s.stars,
        complete_colors: s.complete_colors(),
        crosses: s.crossed.len(),
        won: table.winners >> p & 1 == 1,
    }
}

fn names(list: &[String]) -> String {
    if list.is_empty() {
        "nobody".into()
    } else {
        list.join(", ")
    }
}
