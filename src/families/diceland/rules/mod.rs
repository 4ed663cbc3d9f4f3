//! The Diceland rules engine: the game on one board ([`Game`], the static
//! rules), the table ([`Table`]: every player's sheet, the dice, whose
//! turn and which phase), the moves, chance, and the rule of crossing
//! ([`sheet`]), described sentence by sentence in `docs/diceland-rules.md`.
//!
//! A turn: the active player rolls the six colour dice, chooses a colour
//! showing and sets its dice aside; they stop, or reroll the other dice
//! (each reroll that shows the colour adds its dice; one that does not
//! ends the rolling). Then everyone crosses at once: the active player all
//! the chosen dice, each other player optionally one other colour of the
//! last roll. A star crossed gives a bonus roll of five dice, clockwise
//! from the active player; a star crossed in a bonus roll gives another
//! at once.

pub mod filled;
pub mod log;
pub(crate) mod page;
pub mod referee;
pub mod sheet;
mod table;

pub use sheet::{Breach, Sheet, Target};
pub use table::{Move, MoveError, Phase, Roll, Table};

use super::model::Board;
use crate::engine::{Actor, Dice, Rules};

/// Dice of the active player's roll.
pub const DICE: u8 = 6;
/// Dice of a bonus roll.
pub const BONUS_DICE: u8 = 5;
/// The most players at a table (each decides on their own sheet).
pub const MAX_PLAYERS: usize = 8;

/// Choices where the rulebook can be read more than one way, and the
/// engine's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Options {
    /// Turns after which a game ends without a winner (a guard for boards
    /// where nobody can finish; the published boards end long before).
    pub max_turns: u16,
    /// One bonus roll for each star crossed (`true`, the reading chosen),
    /// or one for any number of stars crossed in one crossing.
    pub bonus_per_star: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_turns: 400,
            bonus_per_star: true,
        }
    }
}

/// Diceland on one board: the static rules every table shares.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    options: Options,
}

impl Game {
    /// The game on `board` with the standard rules.
    pub fn new(board: Board) -> Game {
        Game::with_options(board, Options::default())
    }

    /// The game with `options`.
    pub fn with_options(board: Board, options: Options) -> Game {
        Game { board, options }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Whether `mv` of `player` is legal now, and why not.
    pub fn check(&self, t: &Table, player: usize, mv: Move) -> Result<(), MoveError> {
        t.check(&self.board, player, mv)
    }

    /// Every legal move of `player` now (crossings listed in full).
    pub fn moves(&self, t: &Table, player: usize) -> Vec<Move> {
        t.moves(&self.board, player)
    }
}

impl Rules for Game {
    type Table = Table;
    type Move = Move;
    type Chance = Roll;

    fn new_table(&self, players: usize) -> Table {
        Table::new(&self.board, players.clamp(1, MAX_PLAYERS))
    }

    fn players(&self, t: &Table) -> usize {
        t.sheets.len()
    }

    fn actor(&self, t: &Table) -> Actor {
        match t.phase {
            Phase::Roll | Phase::Reroll | Phase::BonusRoll(_) => Actor::Chance,
            Phase::Choose | Phase::Decide => Actor::Player(usize::from(t.active)),
            Phase::Cross => Actor::AllPlayers,
            Phase::BonusCross(p) => Actor::Player(usize::from(p)),
            Phase::Over => Actor::Over,
        }
    }

    fn must_move(&self, t: &Table, player: usize) -> bool {
        t.must_move(player)
    }

    fn sample_chance(&self, t: &Table, dice: &mut Dice) -> Roll {
        Roll::random(t.dice_to_roll(), dice)
    }

    fn apply_chance(&self, t: &mut Table, roll: Roll) {
        t.apply_roll(roll);
    }

    fn legal_moves(&self, t: &Table, player: usize) -> Vec<Move> {
        t.moves(&self.board, player)
    }

    fn apply(&self, t: &mut Table, player: usize, mv: Move) {
        t.apply(&self.board, &self.options, player, mv);
    }

    fn score(&self, t: &Table, player: usize) -> f64 {
        let s = &t.sheets[player];
        let won = if t.winners & 1 << player != 0 {
            1000.0
        } else {
            0.0
        };
        let goal = self.board.goal;
        won + 20.0 * f64::from(s.stars.min(goal.stars))
            + 30.0 * f64::from(s.complete_colors().min(goal.colors))
            + s.crossed.len() as f64
    }
}
