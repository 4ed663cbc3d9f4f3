//! Whole games: computer players seated at a table, playing one game on
//! one seeded sequence of dice, recorded as a [`GameLog`].

use rand::SeedableRng;

use super::{Effort, player_by_name};
use crate::encore::rules::log::{GameLog, LogPlayer, LogRecorder};
use crate::encore::rules::{Game, Table};
use crate::engine::{self, Dice, derive_seed};

/// A player in a seat: their name and policy as the log records them, and
/// the player.
pub struct Seat {
    /// Name and policy.
    pub who: LogPlayer,
    /// The player.
    pub player: Box<dyn engine::Player<Game>>,
}

/// Seats the computer players `policies` (one per seat) for a game from
/// `seed`: each gets its own generator, derived from the seed and its seat,
/// and is named by its policy, with its seat number when several play
/// (`greedy 2`); `effort` is the strong player's. `Err` names a policy
/// that is not an Encore player.
pub fn seat_players(policies: &[String], seed: u64, effort: Effort) -> Result<Vec<Seat>, String> {
    policies
        .iter()
        .enumerate()
        .map(|(i, policy)| {
            let player = player_by_name(policy, derive_seed(seed, i as u64 + 1), effort)
                .ok_or_else(|| policy.clone())?;
            let name = if policies.len() == 1 {
                policy.clone()
            } else {
                format!("{policy} {}", i + 1)
            };
            Ok(Seat {
                who: LogPlayer {
                    name,
                    policy: Some(policy.clone()),
                },
                player,
            })
        })
        .collect()
}

/// A game played to its end.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The record of the game.
    pub log: GameLog,
    /// The table at the end: every player's sheet.
    pub table: Table,
}

/// Plays one game from `seed` with the players in `seats` (seat 0 rolls
/// first), recording it; `board_file` is recorded in the log. The same
/// seed and players give the same game.
pub fn play_game(
    game: &Game,
    seed: u64,
    seats: &mut [Seat],
    board_file: Option<String>,
) -> PlayedGame {
    let mut dice = Dice::seed_from_u64(seed);
    let mut table = game.new_table(seats.len());
    let mut recorder = LogRecorder::default();
    let who = seats.iter().map(|s| s.who.clone()).collect();
    let mut players: Vec<&mut dyn engine::Player<Game>> = seats
        .iter_mut()
        .map(|s| s.player.as_mut() as &mut dyn engine::Player<Game>)
        .collect();
    engine::play(game, &mut table, &mut dice, &mut players, &mut recorder);
    let log = GameLog::played(game, Some(seed), board_file, who, recorder.turns, &table);
    PlayedGame { log, table }
}
