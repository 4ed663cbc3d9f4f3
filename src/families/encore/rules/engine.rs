//! The Encore rules behind the engine interface ([`crate::engine::Rules`]),
//! and the roll of the dice.

use rand::RngExt;

use super::dice::{ColorFace, MAX_DICE, NumberFace, Roll};
use super::game::Game;
use super::moves::Move;
use super::table::{Phase, Table};
use crate::encore::ColorId;
use crate::engine::{Actor, Dice, Rules};

impl Game {
    /// Rolls the dice of a turn with `rng` (portable: the same seed gives
    /// the same dice everywhere): the colour dice, then the number dice
    /// ([`Game::dice_rolled`]), each face equally likely. A colour die
    /// shows each colour of the board and, with jokers, the black joker; a
    /// number die each number of the dice and, with jokers, the "?".
    pub fn sample_roll(&self, table: &Table, rng: &mut impl rand::Rng) -> Roll {
        let board = self.board();
        let joker = u32::from(board.dice.jokers);
        let (color_dice, number_dice) = self.dice_rolled(table.players());
        let mut colors = [ColorFace::Joker; MAX_DICE];
        let color_faces = board.colors.len() as u32;
        for face in colors.iter_mut().take(usize::from(color_dice)) {
            let k = rng.random_range(0..color_faces + joker);
            if k < color_faces {
                *face = ColorFace::Color(ColorId(k as u8));
            }
        }
        let mut numbers = [NumberFace::Joker; MAX_DICE];
        let numbers_on_die = &board.dice.numbers;
        for face in numbers.iter_mut().take(usize::from(number_dice)) {
            let k = rng.random_range(0..numbers_on_die.len() as u32 + joker) as usize;
            if let Some(&n) = numbers_on_die.get(k) {
                *face = NumberFace::Number(n);
            }
        }
        Roll::new(
            &colors[..usize::from(color_dice)],
            &numbers[..usize::from(number_dice)],
        )
        .expect("the game rolls at most MAX_DICE of each")
    }
}

impl Rules for Game {
    type Table = Table;
    type Move = Move;
    type Chance = Roll;

    fn new_table(&self, players: usize) -> Table {
        Game::new_table(self, players)
    }

    fn players(&self, table: &Table) -> usize {
        table.players()
    }

    fn actor(&self, table: &Table) -> Actor {
        match table.phase() {
            Phase::Roll => Actor::Chance,
            Phase::Active => Actor::Player(table.active()),
            Phase::Choose => Actor::AllPlayers,
            Phase::Over => Actor::Over,
        }
    }

    fn must_move(&self, table: &Table, player: usize) -> bool {
        table.is_waiting(player)
    }

    fn sample_chance(&self, table: &Table, dice: &mut Dice) -> Roll {
        self.sample_roll(table, dice)
    }

    fn apply_chance(&self, table: &mut Table, roll: Roll) {
        self.put_roll(table, roll);
    }

    fn legal_moves(&self, table: &Table, player: usize) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(table, player, &mut out);
        out
    }

    fn apply(&self, table: &mut Table, player: usize, mv: Move) {
        debug_assert!(
            self.is_legal(table, player, &mv),
            "illegal move {mv:?}: {:?}",
            self.check(table, player, &mv)
        );
        self.apply_as_written(table, player, &mv);
    }

    /// The total, with the "!" boxes left as the tie-break.
    fn score(&self, table: &Table, player: usize) -> f64 {
        let s = Game::score(self, table.sheet(player));
        f64::from(s.total) + f64::from(s.jokers_left) / 1024.0
    }
}
