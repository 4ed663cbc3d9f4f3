//! The table: every player's sheet, the dice, whose turn it is and what
//! comes next; the moves and the rolls that change it.

use rand::RngExt;

use super::sheet::{Breach, Sheet};
use super::{BONUS_DICE, DICE, Options};
use crate::diceland::model::{Board, CellSet, Color};
use crate::engine::Dice;

/// What happens next at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The active player rolls the six dice.
    Roll,
    /// The active player chooses a colour of the roll.
    Choose,
    /// The active player stops or rerolls.
    Decide,
    /// The active player rerolls the dice not set aside.
    Reroll,
    /// Everyone crosses: the active player the chosen dice, the others one
    /// other colour of the last roll, or nothing.
    Cross,
    /// This player rolls a bonus roll of five dice.
    BonusRoll(u8),
    /// This player uses one colour of the bonus roll, or not.
    BonusCross(u8),
    /// The game is over.
    Over,
}

/// One roll of some dice: how many show each colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Roll(pub [u8; 6]);

impl Roll {
    /// `dice` dice rolled.
    pub fn random(dice: u8, rng: &mut Dice) -> Roll {
        let mut counts = [0u8; 6];
        for _ in 0..dice {
            counts[rng.random_range(0..6usize)] += 1;
        }
        Roll(counts)
    }

    /// Dice showing `c`.
    #[inline]
    pub fn count(&self, c: Color) -> u8 {
        self.0[c.index()]
    }

    /// Dice rolled.
    pub fn dice(&self) -> u8 {
        let all: u16 = self.0.iter().map(|&c| u16::from(c)).sum();
        u8::try_from(all).unwrap_or(u8::MAX)
    }

    /// As written in logs: one letter per die, in the colours' order
    /// (`RRYBBA`).
    pub fn letters(&self) -> String {
        Color::ALL
            .into_iter()
            .flat_map(|c| std::iter::repeat_n(c.letter(), usize::from(self.count(c))))
            .collect()
    }

    /// A roll as written in logs (at most 255 dice of a colour).
    pub fn parse(s: &str) -> Option<Roll> {
        let mut counts = [0u8; 6];
        for ch in s.chars() {
            let c = &mut counts[Color::by_letter(ch.to_ascii_uppercase())?.index()];
            *c = c.checked_add(1)?;
        }
        Some(Roll(counts))
    }
}

/// One decision of one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The active player sets aside the dice of a colour of the first roll.
    Choose(Color),
    /// The active player rerolls the other dice.
    Reroll,
    /// The active player stops rolling.
    Stop,
    /// Crosses these cells with the dice of this colour.
    Cross(Color, CellSet),
    /// Crosses nothing.
    Pass,
}

/// Why a move is not legal now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not this player's decision, or not this kind of decision.
    #[error("{0}")]
    Turn(String),
    /// A colour no die of the roll shows.
    #[error("no die of the roll shows {0}")]
    NotRolled(&'static str),
    /// A crossing that breaks the rule of crossing.
    #[error("{0}")]
    Breach(#[from] Breach),
}

impl MoveError {
    /// A stable name for reports.
    pub fn kind(&self) -> &'static str {
        match self {
            MoveError::Turn(_) => "out-of-turn",
            MoveError::NotRolled(_) => "color-not-rolled",
            MoveError::Breach(b) => match b {
                Breach::Count { .. } => "cross-count",
                Breach::Color { .. } => "cross-color",
                Breach::Crossed { .. } => "cross-twice",
                Breach::TwoZones(..) => "cross-two-zones",
                Breach::OpenZone { .. } => "cross-open-zone",
                Breach::Apart { .. } => "cross-apart",
                Breach::MustCross { .. } => "cross-compulsory",
            },
        }
    }
}

/// Everything about one game in progress.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    /// Every player's sheet, by seat.
    pub sheets: Vec<Sheet>,
    /// Turns begun (from 1 once the first roll is made).
    pub turn: u16,
    /// The active player's seat.
    pub active: u8,
    /// What happens next.
    pub phase: Phase,
    /// The active player's last roll (in phase 2: what the others choose
    /// from).
    pub roll: Roll,
    /// The colour the active player chose, once chosen.
    pub chosen: Option<Color>,
    /// Dice of that colour set aside.
    pub kept: u8,
    /// Whether the last reroll showed none of the chosen colour.
    pub bust: bool,
    /// The last bonus roll.
    pub bonus_roll: Roll,
    /// Players still to cross in phase 2, as bits.
    pub to_cross: u16,
    /// Bonus rolls each player is owed.
    pub bonus: Vec<u8>,
    /// The winners, as bits, once the game is over.
    pub winners: u16,
}

impl Table {
    /// A table for `players` players before the first roll.
    pub fn new(board: &Board, players: usize) -> Table {
        Table {
            sheets: vec![Sheet::new(board); players],
            turn: 0,
            active: 0,
            phase: Phase::Roll,
            roll: Roll([0; 6]),
            chosen: None,
            kept: 0,
            bust: false,
            bonus_roll: Roll([0; 6]),
            to_cross: 0,
            bonus: vec![0; players],
            winners: 0,
        }
    }

    /// The winners' seats.
    pub fn winners(&self) -> Vec<usize> {
        (0..self.sheets.len())
            .filter(|p| self.winners >> p & 1 == 1)
            .collect()
    }

    /// Dice the next roll rolls.
    pub fn dice_to_roll(&self) -> u8 {
        match self.phase {
            Phase::Roll => DICE,
            Phase::Reroll => DICE - self.kept,
            Phase::BonusRoll(_) => BONUS_DICE,
            _ => 0,
        }
    }

    /// Whether `player` has a decision now.
    pub fn must_move(&self, player: usize) -> bool {
        match self.phase {
            Phase::Choose | Phase::Decide => player == usize::from(self.active),
            Phase::Cross => self.to_cross >> player & 1 == 1,
            Phase::BonusCross(p) => player == usize::from(p),
            _ => false,
        }
    }

    /// The dice `player` may cross with now: for each colour, how many
    /// dice (0: that colour is not theirs to use), and whether crossing is
    /// compulsory.
    pub fn offer(&self, player: usize) -> ([u8; 6], bool) {
        let mut dice = [0u8; 6];
        match self.phase {
            Phase::Cross => {
                let chosen = self.chosen.map_or(usize::MAX, Color::index);
                if player == usize::from(self.active) {
                    dice[chosen] = self.kept;
                    return (dice, true);
                }
                for c in Color::ALL {
                    if c.index() != chosen {
                        dice[c.index()] = self.roll.count(c);
                    }
                }
            }
            Phase::BonusCross(_) => dice = self.bonus_roll.0,
            _ => {}
        }
        (dice, false)
    }

    /// Checks a move of `player`.
    pub fn check(&self, board: &Board, player: usize, mv: Move) -> Result<(), MoveError> {
        if !self.must_move(player) {
            return Err(MoveError::Turn(format!(
                "seat {} has no decision now ({})",
                player + 1,
                self.waiting_for()
            )));
        }
        match (self.phase, mv) {
            (Phase::Choose, Move::Choose(c)) => {
                if self.roll.count(c) == 0 {
                    return Err(MoveError::NotRolled(c.id()));
                }
                Ok(())
            }
            (Phase::Decide, Move::Stop | Move::Reroll) => Ok(()),
            (Phase::Cross | Phase::BonusCross(_), Move::Cross(c, cells)) => {
                let (dice, _) = self.offer(player);
                let n = usize::from(dice[c.index()]);
                if n == 0 {
                    return Err(MoveError::NotRolled(c.id()));
                }
                self.sheets[player].check_cross(board, c, n, &cells)?;
                Ok(())
            }
            (Phase::Cross | Phase::BonusCross(_), Move::Pass) => {
                let (dice, compulsory) = self.offer(player);
                if compulsory && let Some(c) = self.chosen {
                    let n = usize::from(dice[c.index()]);
                    if self.sheets[player].can_cross(board, c, n) {
                        return Err(Breach::MustCross {
                            color: c.id(),
                            dice: n,
                        }
                        .into());
                    }
                }
                Ok(())
            }
            _ => Err(MoveError::Turn(format!(
                "{} is not a move now ({})",
                describe_kind(mv),
                self.waiting_for()
            ))),
        }
    }

    /// What the table waits for, in words.
    pub fn waiting_for(&self) -> String {
        match self.phase {
            Phase::Roll | Phase::Reroll => "the dice are rolled next".into(),
            Phase::Choose => format!("seat {} chooses a colour", self.active + 1),
            Phase::Decide => format!("seat {} stops or rerolls", self.active + 1),
            Phase::Cross => "the players cross".into(),
            Phase::BonusRoll(p) => format!("seat {} rolls a bonus roll", p + 1),
            Phase::BonusCross(p) => format!("seat {} uses the bonus roll", p + 1),
            Phase::Over => "the game is over".into(),
        }
    }

    /// Every legal move of `player`.
    pub fn moves(&self, board: &Board, player: usize) -> Vec<Move> {
        if !self.must_move(player) {
            return Vec::new();
        }
        match self.phase {
            Phase::Choose => Color::ALL
                .into_iter()
                .filter(|&c| self.roll.count(c) > 0)
                .map(Move::Choose)
                .collect(),
            Phase::Decide => vec![Move::Stop, Move::Reroll],
            Phase::Cross | Phase::BonusCross(_) => {
                let (dice, compulsory) = self.offer(player);
                let mut out = Vec::new();
                for c in Color::ALL {
                    let n = usize::from(dice[c.index()]);
                    if n > 0 {
                        self.sheets[player].crossings(board, c, n, |cells, _| {
                            out.push(Move::Cross(c, cells));
                        });
                    }
                }
                if out.is_empty() || !compulsory {
                    out.push(Move::Pass);
                }
                out
            }
            _ => Vec::new(),
        }
    }

    /// Applies a roll of the dice.
    pub fn apply_roll(&mut self, roll: Roll) {
        match self.phase {
            Phase::Roll => {
                self.turn += 1;
                self.roll = roll;
                self.chosen = None;
                self.kept = 0;
                self.bust = false;
                self.phase = Phase::Choose;
            }
            Phase::Reroll => {
                self.roll = roll;
                let c = self.chosen.unwrap_or(Color::Red);
                let more = roll.count(c);
                if more == 0 {
                    self.bust = true;
                    self.start_crossing();
                } else {
                    self.kept = self.kept.saturating_add(more);
                    if self.kept >= DICE {
                        self.start_crossing();
                    } else {
                        self.phase = Phase::Decide;
                    }
                }
            }
            Phase::BonusRoll(p) => {
                self.bonus_roll = roll;
                self.bonus[usize::from(p)] -= 1;
                self.phase = Phase::BonusCross(p);
            }
            _ => {}
        }
    }

    fn start_crossing(&mut self) {
        self.phase = Phase::Cross;
        self.to_cross = ((1u32 << self.sheets.len()) - 1) as u16;
    }

    /// Applies a legal move of `player`.
    pub fn apply(&mut self, board: &Board, options: &Options, player: usize, mv: Move) {
        match (self.phase, mv) {
            (Phase::Choose, Move::Choose(c)) => {
                self.chosen = Some(c);
                self.kept = self.roll.count(c);
                if self.kept >= DICE {
                    self.start_crossing();
                } else {
                    self.phase = Phase::Decide;
                }
            }
            (Phase::Decide, Move::Stop) => self.start_crossing(),
            (Phase::Decide, Move::Reroll) => self.phase = Phase::Reroll,
            (Phase::Cross, _) => {
                self.to_cross &= !(1 << player);
                if let Move::Cross(_, cells) = mv {
                    let stars = self.sheets[player].cross(board, &cells);
                    self.bonus[player] += bonus_rolls(options, stars);
                }
                if self.to_cross == 0 {
                    self.winners = (0..self.sheets.len())
                        .filter(|&p| self.sheets[p].reached_goal(board))
                        .fold(0, |w, p| w | 1 << p);
                    if self.winners != 0 {
                        self.phase = Phase::Over;
                    } else {
                        self.next_bonus(options);
                    }
                }
            }
            (Phase::BonusCross(p), _) => {
                let p = usize::from(p);
                if let Move::Cross(_, cells) = mv {
                    let stars = self.sheets[p].cross(board, &cells);
                    self.bonus[p] += bonus_rolls(options, stars);
                    if self.sheets[p].reached_goal(board) {
                        self.winners = 1 << p;
                        self.phase = Phase::Over;
                        return;
                    }
                }
                self.next_bonus(options);
            }
            _ => {}
        }
    }

    /// Ends the turn where it stands, for a referee replaying a log that
    /// leaves a turn unfinished: the players still to cross cross nothing,
    /// bonus rolls not yet rolled are lost, and the next player is active
    /// (unless those crossings end the game). A turn the table never began
    /// counts as played.
    pub(crate) fn forfeit_turn(&mut self, board: &Board, options: &Options) {
        if self.phase == Phase::Over {
            return;
        }
        if self.phase == Phase::Roll {
            self.turn += 1;
        }
        if self.phase == Phase::Cross {
            for p in 0..self.sheets.len() {
                if self.to_cross >> p & 1 == 1 {
                    self.apply(board, options, p, Move::Pass);
                }
            }
            if self.phase == Phase::Over {
                return;
            }
        }
        self.bonus.fill(0);
        self.next_bonus(options);
    }

    /// The next bonus roll, clockwise from the active player, or the next
    /// turn.
    fn next_bonus(&mut self, options: &Options) {
        let n = self.sheets.len();
        for k in 0..n {
            let p = (usize::from(self.active) + k) % n;
            if self.bonus[p] > 0 {
                self.phase = Phase::BonusRoll(p as u8);
                return;
            }
        }
        if self.turn >= options.max_turns {
            self.phase = Phase::Over;
            return;
        }
        self.active = ((usize::from(self.active) + 1) % n) as u8;
        self.phase = Phase::Roll;
    }
}

/// Bonus rolls earned by crossing `stars` star cells at once.
fn bonus_rolls(options: &Options, stars: u8) -> u8 {
    if options.bonus_per_star {
        stars
    } else {
        stars.min(1)
    }
}

fn describe_kind(mv: Move) -> &'static str {
    match mv {
        Move::Choose(_) => "choosing a colour",
        Move::Reroll => "rerolling",
        Move::Stop => "stopping",
        Move::Cross(..) => "crossing",
        Move::Pass => "passing",
    }
}
