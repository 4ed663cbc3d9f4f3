//! One node of play: a player's sheet, powers used, the bag, the round and
//! the dice waiting to be resolved.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::game::{DieId, MAX_DICE_PER_TURN};
use crate::rolling::map::{AreaId, Power};

/// What is written in one area: blank, X, a number, or a guarded (circled)
/// number. Stored in one byte.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell(u8);

impl Cell {
    /// Nothing written yet.
    pub const EMPTY: Cell = Cell(0);
    /// An X.
    pub const CROSS: Cell = Cell(1);

    /// A written number.
    #[inline]
    pub fn number(value: u8) -> Cell {
        Cell(2 + 2 * value)
    }

    /// A number written with Guard (circled).
    #[inline]
    pub fn guarded(value: u8) -> Cell {
        Cell(3 + 2 * value)
    }

    /// Whether nothing is written.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the area holds an X.
    #[inline]
    pub fn is_cross(self) -> bool {
        self.0 == 1
    }

    /// The number written, guarded or not.
    #[inline]
    pub fn value(self) -> Option<u8> {
        (self.0 >= 2).then(|| (self.0 - 2) / 2)
    }

    /// The stored byte (see [`CONSTRAINTS`](super::game)).
    #[inline]
    pub(crate) fn raw(self) -> u8 {
        self.0
    }

    /// Whether the number is guarded.
    #[inline]
    pub fn is_guarded(self) -> bool {
        self.0 >= 2 && self.0 % 2 == 1
    }

    /// Whether a neighbour holding this cell lets `value` be written (the
    /// neighbour rule): blank, X and guarded numbers never constrain; a
    /// number must be within 1.
    #[inline]
    pub fn allows(self, value: u8) -> bool {
        self.constraint() & (1u64 << value) != 0
    }

    /// The faces this cell lets its neighbours hold, as a bit mask (bit `v`
    /// for value `v`).
    #[inline]
    pub fn constraint(self) -> u64 {
        super::game::constraint_of(self.0)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// `.` blank, `X`, `4`, `(4)` guarded.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.value(), self.is_guarded()) {
            (None, _) if self.is_cross() => f.pad("X"),
            (None, _) => f.pad("."),
            (Some(v), false) => f.pad(&v.to_string()),
            (Some(v), true) => f.pad(&format!("({v})")),
        }
    }
}

impl Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Cell::parse(&s).ok_or_else(|| {
            serde::de::Error::custom(format!("`{s}` is not a cell: use ., X, 4 or (4)"))
        })
    }
}

impl Cell {
    /// Parses the [`Display`](fmt::Display) form.
    pub fn parse(s: &str) -> Option<Cell> {
        let s = s.trim();
        match s {
            "" | "." => Some(Cell::EMPTY),
            "X" | "x" => Some(Cell::CROSS),
            _ => {
                if let Some(inner) = s.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
                    inner
                        .trim()
                        .parse::<u8>()
                        .ok()
                        .filter(|&v| v <= crate::rolling::map::MAX_FACE)
                        .map(Cell::guarded)
                } else {
                    s.parse::<u8>()
                        .ok()
                        .filter(|&v| v <= crate::rolling::map::MAX_FACE)
                        .map(Cell::number)
                }
            }
        }
    }
}

/// A die drawn from the bag and rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Roll {
    /// Which die.
    pub die: DieId,
    /// The face rolled.
    pub value: u8,
}

/// Who acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The next die is drawn and rolled (see [`super::Game::chance_outcomes`]).
    Chance,
    /// The player resolves one of the rolled dice.
    Decision,
    /// The game is over.
    Terminal,
}

/// One player's position in a game. Cheap to clone: a byte per area and a
/// few counters ([`Clone::clone_from`] reuses the area buffer, so search
/// code can copy positions without allocating).
#[derive(PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    cells: Vec<Cell>,
    /// Uses of each power so far, indexed like [`Power`].
    used: [u8; 3],
    /// Round, from 0.
    round: u8,
    /// Dice rolled so far this round.
    rolled_in_round: u8,
    /// Dice rolled so far this turn.
    rolled_in_turn: u8,
    /// Dice drawn from the bag this round, one bit per die.
    drawn: u64,
    /// Dice rolled this turn and not yet resolved.
    pending: [Option<Roll>; MAX_DICE_PER_TURN],
    /// After the last round: every empty area has become X.
    finished: bool,
}

impl Clone for State {
    fn clone(&self) -> Self {
        let mut copy = Self::new(0);
        copy.clone_from(self);
        copy
    }

    fn clone_from(&mut self, source: &Self) {
        let Self {
            cells,
            used,
            round,
            rolled_in_round,
            rolled_in_turn,
            drawn,
            pending,
            finished,
        } = source;
        self.cells.clone_from(cells);
        self.used = *used;
        self.round = *round;
        self.rolled_in_round = *rolled_in_round;
        self.rolled_in_turn = *rolled_in_turn;
        self.drawn = *drawn;
        self.pending = *pending;
        self.finished = *finished;
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("State")
            .field("round", &self.round)
            .field("rolled_in_round", &self.rolled_in_round)
            .field("pending", &self.pending().collect::<Vec<_>>())
            .field("used", &self.used)
            .field(
                "cells",
                &self
                    .cells
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
            )
            .finish()
    }
}

impl State {
    pub(crate) fn new(areas: usize) -> Self {
        Self {
            cells: vec![Cell::EMPTY; areas],
            used: [0; 3],
            round: 0,
            rolled_in_round: 0,
            rolled_in_turn: 0,
            drawn: 0,
            pending: [None; MAX_DICE_PER_TURN],
            finished: false,
        }
    }

    /// What is written in an area.
    #[inline]
    pub fn cell(&self, area: AreaId) -> Cell {
        self.cells[area.index()]
    }

    /// Every area's cell, indexed by area.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    #[inline]
    pub(crate) fn set_cell(&mut self, area: AreaId, cell: Cell) {
        self.cells[area.index()] = cell;
    }

    /// Uses of a power so far.
    #[inline]
    pub fn used(&self, power: Power) -> u8 {
        self.used[power.index()]
    }

    pub(crate) fn use_power(&mut self, power: Power) {
        let u = &mut self.used[power.index()];
        *u = u.saturating_add(1);
    }

    /// Uses of all powers together.
    pub fn powers_used(&self) -> u32 {
        self.used.iter().map(|&u| u32::from(u)).sum()
    }

    /// The current round, from 0.
    pub fn round(&self) -> u8 {
        self.round
    }

    /// Dice rolled so far this round.
    pub fn rolled_in_round(&self) -> u8 {
        self.rolled_in_round
    }

    /// Dice rolled so far this turn.
    pub fn rolled_in_turn(&self) -> u8 {
        self.rolled_in_turn
    }

    /// Whether a die was drawn from the bag this round.
    #[inline]
    pub fn drawn(&self, die: DieId) -> bool {
        self.drawn & (1 << die.0) != 0
    }

    /// Number of dice drawn this round.
    pub fn drawn_count(&self) -> u32 {
        self.drawn.count_ones()
    }

    /// The rolled dice not yet resolved, in the order they were rolled.
    pub fn pending(&self) -> impl Iterator<Item = Roll> + '_ {
        self.pending.iter().flatten().copied()
    }

    /// The rolled dice not yet resolved with their place in the turn's roll
    /// order (from 0), which stays put as other dice are resolved.
    pub fn pending_slots(&self) -> impl Iterator<Item = (usize, Roll)> + '_ {
        self.pending
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|r| (i, r)))
    }

    /// The pending roll of a die, if it is waiting to be resolved.
    pub fn pending_roll(&self, die: DieId) -> Option<Roll> {
        self.pending().find(|r| r.die == die)
    }

    /// Whether the game is over.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Number of X on the sheet.
    pub fn crosses(&self) -> u32 {
        self.cells.iter().filter(|c| c.is_cross()).count() as u32
    }

    /// Number of empty areas.
    pub fn empty_count(&self) -> u32 {
        self.cells.iter().filter(|c| c.is_empty()).count() as u32
    }

    pub(crate) fn push_roll(&mut self, roll: Roll) {
        self.drawn |= 1 << roll.die.0;
        self.rolled_in_round += 1;
        self.rolled_in_turn += 1;
        if let Some(slot) = self.pending.iter_mut().find(|p| p.is_none()) {
            *slot = Some(roll);
        }
    }

    /// Removes a die from the pending dice; false if it was not pending.
    pub(crate) fn take_pending(&mut self, die: DieId) -> bool {
        match self
            .pending
            .iter_mut()
            .find(|p| p.is_some_and(|r| r.die == die))
        {
            Some(slot) => {
                *slot = None;
                true
            }
            None => false,
        }
    }

    pub(crate) fn has_pending(&self) -> bool {
        self.pending.iter().any(Option::is_some)
    }

    pub(crate) fn end_turn(&mut self) {
        self.rolled_in_turn = 0;
        self.pending = [None; MAX_DICE_PER_TURN];
    }

    pub(crate) fn end_round(&mut self) {
        self.round += 1;
        self.rolled_in_round = 0;
        self.drawn = 0;
    }

    pub(crate) fn finish(&mut self) {
        self.finished = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip_through_text() {
        for cell in [
            Cell::EMPTY,
            Cell::CROSS,
            Cell::number(0),
            Cell::number(6),
            Cell::guarded(4),
            Cell::guarded(63),
        ] {
            assert_eq!(Cell::parse(&cell.to_string()), Some(cell));
        }
        assert_eq!(Cell::parse("(7"), None);
        assert_eq!(Cell::parse("64"), None);
    }

    #[test]
    fn only_plain_numbers_constrain_neighbours() {
        assert!(Cell::EMPTY.allows(6));
        assert!(Cell::CROSS.allows(1));
        assert!(Cell::guarded(1).allows(6));
        assert!(
            Cell::number(3).allows(2) && Cell::number(3).allows(3) && Cell::number(3).allows(4)
        );
        assert!(!Cell::number(3).allows(5) && !Cell::number(3).allows(1));
    }
}
