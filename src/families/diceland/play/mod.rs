//! Computer players of Diceland, and whole games played by them.
//!
//! - `random`: a legal move chosen uniformly (crossings by colour first).
//! - `greedy`: the colour with the most stars and cells now, rerolls while
//!   the zone has room for two more dice, crosses towards the nearest star.
//! - `strong`: values a sheet by the crosses its best plan to the goal
//!   still needs and, near the goal, by its chance to finish on the next
//!   roll ([`strong::value`]), and decides stop or reroll by the exact
//!   value of the push-your-luck Markov chain over the dice set aside
//!   ([`strong::push_value`]).

mod greedy;
mod random;
pub mod sim_doc;
pub mod simulate;
pub mod strong;

use rand::SeedableRng;

use super::model::{Board, CellSet, Color};
use super::rules::log::{GameLog, Recorder};
use super::rules::{Game, Sheet, Table};
use crate::engine::{self, Dice, Rules, derive_seed};

/// The computer players, by name.
pub const PLAYERS: [&str; 3] = ["random", "greedy", "strong"];

/// The player named `name`, with its own generator from `seed`.
pub fn player_by_name(name: &str, seed: u64) -> Option<Box<dyn engine::Player<Game> + Send>> {
    Some(match name {
        "random" => Box::new(random::Random::new(seed)),
        "greedy" => Box::new(greedy::Greedy),
        "strong" => Box::new(strong::Strong),
        _ => return None,
    })
}

/// A game played to its end.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The record of the game.
    pub log: GameLog,
    /// The table at the end.
    pub table: Table,
}

/// The names of players `policies` (one per seat): the policy, with the
/// seat number when several play (`greedy 2`).
pub fn seat_names(policies: &[String]) -> Vec<String> {
    policies
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if policies.len() == 1 {
                p.clone()
            } else {
                format!("{p} {}", i + 1)
            }
        })
        .collect()
}

/// Plays one game from `seed` with one player per policy (seat 0 active
/// first), recording it. `Err` names a policy that is no Diceland player.
pub fn play_game(
    game: &Game,
    seed: u64,
    policies: &[String],
    board_file: Option<String>,
) -> Result<PlayedGame, String> {
    let mut seats = policies
        .iter()
        .enumerate()
        .map(|(i, p)| player_by_name(p, derive_seed(seed, i as u64 + 1)).ok_or_else(|| p.clone()))
        .collect::<Result<Vec<_>, String>>()?;
    let mut log = GameLog::new(game, board_file, Some(seed), seat_names(policies));
    let mut dice = Dice::seed_from_u64(seed);
    let mut table = game.new_table(seats.len());
    let mut players: Vec<&mut dyn engine::Player<Game>> = seats
        .iter_mut()
        .map(|s| s.as_mut() as &mut dyn engine::Player<Game>)
        .collect();
    engine::play(
        game,
        &mut table,
        &mut dice,
        &mut players,
        &mut Recorder { log: &mut log },
    );
    log.finish(&table);
    Ok(PlayedGame { log, table })
}

/// For each star cell, the steps from a sheet's crosses (or the start
/// cell) to it; 0 once crossed. A shortest way out of the crosses leaves
/// them through a free cell next to them (the frontier), so the steps are
/// one more than the frontier's nearest distance.
pub fn star_distances(board: &Board, sheet: &Sheet) -> Vec<(usize, u8)> {
    board
        .stars()
        .iter()
        .map(|s| {
            let d = if sheet.crossed.contains(s) {
                0
            } else {
                sheet
                    .frontier
                    .iter()
                    .map(|f| board.distance(f, s))
                    .min()
                    .map_or(u8::MAX, |d| d.saturating_add(1))
            };
            (s, d)
        })
        .collect()
}

/// The best crossing of `dice` dice of colour `c` by `score` (higher is
/// better), and its score.
pub fn best_cross(
    board: &Board,
    sheet: &Sheet,
    c: Color,
    dice: usize,
    mut score: impl FnMut(&CellSet) -> f64,
) -> Option<(CellSet, f64)> {
    let mut best: Option<(CellSet, f64)> = None;
    sheet.crossings(board, c, dice, |cells, _| {
        let s = score(&cells);
        if best.as_ref().is_none_or(|(_, b)| s > *b) {
            best = Some((cells, s));
        }
    });
    best
}
