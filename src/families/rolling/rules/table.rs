//! The Rolling rules behind the engine interface ([`crate::engine::Rules`]):
//! a table is every player's sheet, all on the same dice; the dice of a
//! turn are rolled, then all players resolve them at once, each on their
//! own sheet.

use super::game::Game;
use super::movelist::MoveList;
use super::moves::Move;
use super::state::{Phase, Roll, State};
use crate::engine::{Actor, Dice, Rules};

/// The whole table of a Rolling game: each player's sheet, in seat order.
/// Every sheet holds the same dice, rolled once for all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The players' sheets.
    pub sheets: Vec<State>,
}

/// A score where higher is better: minus the X, and the powers used as the
/// tie-break (fewer is better).
fn higher_is_better(game: &Game, state: &State) -> f64 {
    let s = game.score(state);
    -f64::from(s.crosses) - f64::from(s.powers_used) / 1024.0
}

/// The legal moves of one sheet, listed.
fn listed(game: &Game, state: &State) -> Vec<Move> {
    let mut list = MoveList::new();
    game.legal_moves(state, &mut list);
    list.iter().collect()
}

impl Rules for Game {
    type Table = Table;
    type Move = Move;
    type Chance = Roll;

    fn new_table(&self, players: usize) -> Table {
        Table {
            sheets: vec![self.initial_state(); players],
        }
    }

    fn players(&self, table: &Table) -> usize {
        table.sheets.len()
    }

    fn actor(&self, table: &Table) -> Actor {
        if table
            .sheets
            .iter()
            .any(|s| self.phase(s) == Phase::Decision)
        {
            return Actor::AllPlayers;
        }
        match table.sheets.first().map(|s| self.phase(s)) {
            Some(Phase::Chance) => Actor::Chance,
            _ => Actor::Over,
        }
    }

    fn must_move(&self, table: &Table, player: usize) -> bool {
        self.phase(&table.sheets[player]) == Phase::Decision
    }

    fn sample_chance(&self, table: &Table, dice: &mut Dice) -> Roll {
        self.sample_roll(&table.sheets[0], dice)
    }

    fn apply_chance(&self, table: &mut Table, roll: Roll) {
        for s in &mut table.sheets {
            self.apply_roll(s, roll).expect("a sampled roll is legal");
        }
    }

    fn legal_moves(&self, table: &Table, player: usize) -> Vec<Move> {
        listed(self, &table.sheets[player])
    }

    fn apply(&self, table: &mut Table, player: usize, mv: Move) {
        Game::apply(self, &mut table.sheets[player], mv);
    }

    fn score(&self, table: &Table, player: usize) -> f64 {
        higher_is_better(self, &table.sheets[player])
    }
}

/// One player alone, the table being that player's sheet: simulations,
/// training and the computer players' look-ahead need nothing around it.
#[derive(Clone, Copy, Debug)]
pub struct Solo<'g>(pub &'g Game);

impl Rules for Solo<'_> {
    type Table = State;
    type Move = Move;
    type Chance = Roll;

    fn new_table(&self, _players: usize) -> State {
        self.0.initial_state()
    }

    fn players(&self, _table: &State) -> usize {
        1
    }

    fn actor(&self, state: &State) -> Actor {
        match self.0.phase(state) {
            Phase::Chance => Actor::Chance,
            Phase::Decision => Actor::Player(0),
            Phase::Terminal => Actor::Over,
        }
    }

    fn must_move(&self, state: &State, player: usize) -> bool {
        player == 0 && self.0.phase(state) == Phase::Decision
    }

    fn sample_chance(&self, state: &State, dice: &mut Dice) -> Roll {
        self.0.sample_roll(state, dice)
    }

    fn apply_chance(&self, state: &mut State, roll: Roll) {
        self.0
            .apply_roll(state, roll)
            .expect("a sampled roll is legal");
    }

    fn legal_moves(&self, state: &State, _player: usize) -> Vec<Move> {
        listed(self.0, state)
    }

    fn apply(&self, state: &mut State, _player: usize, mv: Move) {
        self.0.apply(state, mv);
    }

    fn score(&self, state: &State, _player: usize) -> f64 {
        higher_is_better(self.0, state)
    }
}
