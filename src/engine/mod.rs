//! The interface every family's rules engine implements, after OpenSpiel's
//! `spiel.h`, and the one game loop that plays, simulates and trains for
//! all of them, and plays at the terminal ([`crate::session`]).
//!
//! - [`Rules`] is static: a family's game on one map or board. It makes a
//!   [`Rules::Table`], one value for the whole table (every player's sheet
//!   and what they share), and says who acts next ([`Actor`]): chance, one
//!   player, all players at once (each on their own sheet), or nobody
//!   because the game is over.
//! - Chance is explicit: [`Rules::sample_chance`] draws an outcome from a
//!   seeded, portable generator ([`Dice`]), so the same seed gives the same
//!   game on every machine.
//! - A [`Player`] chooses moves; [`Rules::apply`] applies them.
//! - [`Rules::score`] is higher for better play, in every family (a family
//!   shows it its own way: the Rolling family counts X, fewer being better).
//! - [`drive`] is the game loop: chance rolls, the player who acts
//!   decides, or each player who must move when all act at once, until the
//!   game is over or its [`Driver`] stops it. [`play`] drives computer
//!   players; the terminal session drives a person (who may stop the game
//!   or take moves back, [`Flow`]) and computer players. [`roll`] and
//!   [`decide`] are its steps, for callers that run the players
//!   themselves. A
//!   [`Watcher`] sees every chance outcome and move, to record a log, count
//!   statistics or learn, without a loop of its own.

mod batch;
pub mod conformance;
mod game_loop;
mod halving;

pub use batch::{fold_games, fold_range};
pub use game_loop::{Driver, Flow, Quiet, decide, drive, play, play_with, roll};
pub use halving::successive_halving;

/// The generator that rolls the dice: portable and seeded.
pub type Dice = rand_pcg::Pcg64Mcg;

/// A well-mixed 64-bit value derived from `seed` and a stream number, so
/// that each player's generator is independent of the dice and of the others.
pub fn derive_seed(seed: u64, stream: u64) -> u64 {
    // SplitMix64 finaliser.
    let mut z = seed
        ^ stream
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(0x6A09_E667_F3BC_C909);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Who acts next at a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// Chance: the next outcome is drawn ([`Rules::sample_chance`]).
    Chance,
    /// One player, by seat (from 0).
    Player(usize),
    /// Every player who still has a decision ([`Rules::must_move`]), each on
    /// their own sheet and unaffected by the others' choices; the game loop
    /// asks them in seat order.
    AllPlayers,
    /// The game is over.
    Over,
}

/// A family's game on one map or board: static, shared by every table and
/// thread.
pub trait Rules: Sync {
    /// Everything about one game in progress: every player's sheet and what
    /// the players share.
    type Table: Clone;
    /// One decision of one player.
    type Move: Copy + std::fmt::Debug + PartialEq;
    /// One outcome of chance (a die drawn and rolled).
    type Chance: Copy + std::fmt::Debug + PartialEq;

    /// A table for `players` players before anything is rolled.
    fn new_table(&self, players: usize) -> Self::Table;

    /// The number of players at the table.
    fn players(&self, table: &Self::Table) -> usize;

    /// Who acts next.
    fn actor(&self, table: &Self::Table) -> Actor;

    /// Whether `player` has a decision to make now.
    fn must_move(&self, table: &Self::Table, player: usize) -> bool;

    /// Draws the next chance outcome (only when chance acts).
    fn sample_chance(&self, table: &Self::Table, dice: &mut Dice) -> Self::Chance;

    /// Applies a chance outcome.
    fn apply_chance(&self, table: &mut Self::Table, outcome: Self::Chance);

    /// Every legal move of `player` now, for tools that need them listed
    /// (a family's own players use its faster move generators).
    fn legal_moves(&self, table: &Self::Table, player: usize) -> Vec<Self::Move>;

    /// Applies a legal move of `player`.
    fn apply(&self, table: &mut Self::Table, player: usize, mv: Self::Move);

    /// How well `player` has done so far (final once the game is over);
    /// higher is better.
    fn score(&self, table: &Self::Table, player: usize) -> f64;
}

/// Someone who plays: a computer player, or a person at the terminal.
pub trait Player<R: Rules + ?Sized> {
    /// The move of the player in seat `me`, whose decision it is. Must be
    /// legal.
    fn choose(&mut self, rules: &R, table: &R::Table, me: usize) -> R::Move;
}

/// What the game loop tells as it goes; every method does nothing unless a
/// watcher says otherwise.
pub trait Watcher<R: Rules + ?Sized> {
    /// Asked before each chance outcome is drawn: `true` stops the game
    /// there (a search that looks a few rounds ahead).
    fn stop(&mut self, _rules: &R, _table: &R::Table) -> bool {
        false
    }

    /// A chance outcome, before it is applied.
    fn chance(&mut self, _rules: &R, _table: &R::Table, _outcome: R::Chance) {}

    /// A move of `player`, before it is applied.
    fn before_move(&mut self, _rules: &R, _table: &R::Table, _player: usize, _mv: R::Move) {}

    /// A move of `player`, after it is applied.
    fn after_move(&mut self, _rules: &R, _table: &R::Table, _player: usize, _mv: R::Move) {}
}
