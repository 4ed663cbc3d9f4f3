//! Computer players of Encore, as [`engine::Player`]s of the rules
//! ([`Game`]): [`RandomPlayer`], [`Greedy`] and [`Strong`]; and whole
//! games of them, recorded ([`play_game`]); many games of a table,
//! tallied ([`simulate`]) and reported ([`sim_report`], [`sim_doc`]).

mod game;
mod greedy;
mod random;
pub mod sim_doc;
pub mod sim_report;
pub mod simulate;
mod strong;

pub use game::{PlayedGame, Seat, play_game, seat_players};

pub use greedy::{Greedy, Weights};
pub use random::RandomPlayer;
pub use strong::Strong;

use crate::encore::rules::Game;
use crate::engine;

/// The players [`player_by_name`] knows.
pub const PLAYERS: [&str; 3] = ["random", "greedy", "strong"];

/// How hard the strong player thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Moves judged per decision: the best by the greedy values.
    pub candidates: usize,
    /// Games played out for each of the two best candidates (weaker ones
    /// are dropped after fewer).
    pub rollouts: usize,
}

impl Effort {
    /// The strong player's default: 6 candidates, 64 rollouts.
    pub const DEFAULT: Effort = Effort {
        candidates: 6,
        rollouts: 64,
    };
}

impl Default for Effort {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// A computer player by name; `seed` feeds the players that use
/// randomness, `effort` the strong player. `None` for an unknown name.
pub fn player_by_name(
    name: &str,
    seed: u64,
    effort: Effort,
) -> Option<Box<dyn engine::Player<Game>>> {
    match name {
        "random" => Some(Box::new(RandomPlayer::new(seed))),
        "greedy" => Some(Box::new(Greedy::default())),
        "strong" => Some(Box::new(Strong::with_effort(seed, effort))),
        _ => None,
    }
}
