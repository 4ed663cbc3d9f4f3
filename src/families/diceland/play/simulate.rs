//! Monte Carlo simulation of Diceland: many seeded games of one table of
//! computer players (one policy per seat) on one board, tallied for a
//! balance report.
//!
//! Game `i` of a run with seed `s` is the game `rollx play` plays with the
//! seed `derive_seed(s, i)` (its players seated as [`super::play_game`]
//! seats them), so every game can be replayed alone. Tallies hold only
//! integers and merge in game order: the report is identical whatever the
//! number of threads.

use rand::SeedableRng;
use serde::Serialize;

use super::player_by_name;
use crate::diceland::model::{Board, Color};
use crate::diceland::rules::{Game, Move, Phase, Roll, Table, Target};
use crate::engine::{self, Dice, Rules, Watcher, derive_seed, fold_range};
use crate::report::stats::Moments;

/// A game's win is split into this many units among its winners.
const WIN_UNITS: u64 = 840;

/// Integer totals over a set of games; merging is exact.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    games: u64,
    /// Games that ended without a winner (the turn limit).
    no_winner: u64,
    /// Sum and sum of squares of the turns a game lasted.
    turns: u64,
    turns2: u64,
    /// Per seat: win units.
    wins: Vec<u64>,
    /// Per seat: star cells crossed at the end.
    stars: Vec<u64>,
    /// Dice that crossed nothing because they overshot their zone.
    overshoots: u64,
    /// Rerolls that showed none of the chosen colour.
    busts: u64,
    /// Rerolls.
    rerolls: u64,
    /// Bonus rolls.
    bonus_rolls: u64,
    /// Per cell: sheets on which it was crossed, and the sum of the turns.
    cell_crossed: Vec<u64>,
    cell_turns: Vec<u64>,
    /// Per zone: sheets on which it was completed, and the sum of the turns.
    zone_done: Vec<u64>,
    zone_turns: Vec<u64>,
}

impl Tally {
    fn new(board: &Board, players: usize) -> Tally {
        let n = board.cells.len();
        Tally {
            wins: vec![0; players],
            stars: vec![0; players],
            cell_crossed: vec![0; n],
            cell_turns: vec![0; n],
            zone_done: vec![0; board.zones.len()],
            zone_turns: vec![0; board.zones.len()],
            ..Tally::default()
        }
    }

    /// Games tallied.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Adds another tally (of the games that follow this one's).
    pub fn merge(&mut self, o: &Tally) {
        self.games += o.games;
        self.no_winner += o.no_winner;
        self.turns += o.turns;
        self.turns2 += o.turns2;
        self.overshoots += o.overshoots;
        self.busts += o.busts;
        self.rerolls += o.rerolls;
        self.bonus_rolls += o.bonus_rolls;
        let add = |a: &mut Vec<u64>, b: &Vec<u64>| {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        };
        add(&mut self.wins, &o.wins);
        add(&mut self.stars, &o.stars);
        add(&mut self.cell_crossed, &o.cell_crossed);
        add(&mut self.cell_turns, &o.cell_turns);
        add(&mut self.zone_done, &o.zone_done);
        add(&mut self.zone_turns, &o.zone_turns);
    }
}

/// Counts what happens in one game.
struct Counter<'a> {
    tally: &'a mut Tally,
}

impl Watcher<Game> for Counter<'_> {
    fn chance(&mut self, _game: &Game, table: &Table, roll: Roll) {
        match table.phase {
            Phase::Reroll => {
                self.tally.rerolls += 1;
                if table.chosen.is_some_and(|c| roll.count(c) == 0) {
                    self.tally.busts += 1;
                }
            }
            Phase::BonusRoll(_) => self.tally.bonus_rolls += 1,
            _ => {}
        }
    }

    fn before_move(&mut self, game: &Game, table: &Table, player: usize, mv: Move) {
        let board = game.board();
        let sheet = &table.sheets[player];
        let turn = u64::from(table.turn);
        match mv {
            Move::Pass if table.phase == Phase::Cross && player == usize::from(table.active) => {
                if let Some(c) = table.chosen
                    && sheet.target(board, c, usize::from(table.kept)) == Target::Overshoot
                {
                    self.tally.overshoots += 1;
                }
            }
            Move::Cross(_, cells) => {
                for i in cells.iter() {
                    self.tally.cell_crossed[i] += 1;
                    self.tally.cell_turns[i] += turn;
                }
                if let Some(z) = cells.iter().next().and_then(|i| board.zone_of(i))
                    && board.zones[z]
                        .set
                        .minus(&sheet.crossed)
                        .minus(&cells)
                        .is_empty()
                {
                    self.tally.zone_done[z] += 1;
                    self.tally.zone_turns[z] += turn;
                }
            }
            _ => {}
        }
    }
}

/// Plays game `i` of a run from `seed` into `tally`.
fn play_one(game: &Game, policies: &[String], seed: u64, i: u64, tally: &mut Tally) {
    let s = derive_seed(seed, i);
    let mut seats: Vec<_> = policies
        .iter()
        .enumerate()
        .map(|(k, p)| player_by_name(p, derive_seed(s, k as u64 + 1)).expect("policies checked"))
        .collect();
    let mut players: Vec<&mut dyn engine::Player<Game>> = seats
        .iter_mut()
        .map(|p| p.as_mut() as &mut dyn engine::Player<Game>)
        .collect();
    let mut dice = Dice::seed_from_u64(s);
    let mut table = game.new_table(policies.len());
    engine::play(
        game,
        &mut table,
        &mut dice,
        &mut players,
        &mut Counter { tally },
    );
    let t = u64::from(table.turn);
    tally.games += 1;
    tally.turns += t;
    tally.turns2 += t * t;
    let winners = table.winners();
    if winners.is_empty() {
        tally.no_winner += 1;
    }
    for &w in &winners {
        tally.wins[w] += WIN_UNITS / winners.len() as u64;
    }
    for (p, sheet) in table.sheets.iter().enumerate() {
        tally.stars[p] += u64::from(sheet.stars);
    }
    let _ = game.players(&table);
}

/// Plays `games` games of `policies` on `game` from `seed`: the tally.
/// `progress` hears how many games just finished. `Err` names a policy
/// that is no Diceland player.
pub fn simulate(
    game: &Game,
    policies: &[String],
    games: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Tally, String> {
    simulate_range(game, policies, 0..games, seed, progress)
}

/// [`simulate`] for the games `games.start..games.end` of the run only:
/// tallies of consecutive ranges, merged in order ([`Tally::merge`]), are
/// the tally of the games of all of them (a long run can be played in
/// parts).
pub fn simulate_range(
    game: &Game,
    policies: &[String],
    games: std::ops::Range<u64>,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Tally, String> {
    if let Some(p) = policies.iter().find(|p| player_by_name(p, 0).is_none()) {
        return Err(p.clone());
    }
    let board = game.board();
    Ok(fold_range(
        games,
        || Tally::new(board, policies.len()),
        |t, i| play_one(game, policies, seed, i, t),
        Tally::merge,
        progress,
    ))
}

/// One seat in the summary.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SeatSummary {
    /// The seat, from 1.
    pub seat: usize,
    /// Its policy.
    pub policy: String,
    /// Share of the games won (a shared win split among its winners).
    pub win_rate: f64,
    /// Mean star cells crossed at the end.
    pub mean_stars: f64,
}

/// One cell, zone or star in the summary.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PlaceSummary {
    /// Its name: a cell (`C4`) or a zone's label.
    pub name: String,
    /// Its colour.
    pub color: &'static str,
    /// Share of the sheets on which it was crossed (a zone: completed).
    pub reached: f64,
    /// Mean turn at which it was, when it was.
    pub mean_turn: Option<f64>,
}

/// What a run of games shows about a board.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Summary {
    /// The board's id.
    pub board: String,
    /// The board's name.
    pub name: String,
    /// The policies, by seat.
    pub policies: Vec<String>,
    /// Games played.
    pub games: u64,
    /// The seed of the run.
    pub seed: u64,
    /// Turns a game lasts (alone: turns to reach the goal).
    pub turns: Moments,
    /// Share of the games that reached the turn limit with no winner.
    pub no_winner: f64,
    /// Each seat.
    pub seats: Vec<SeatSummary>,
    /// Per game: dice lost to overshooting a zone.
    pub overshoots_per_game: f64,
    /// Share of the rerolls that showed none of the chosen colour.
    pub bust_rate: f64,
    /// Per game: rerolls.
    pub rerolls_per_game: f64,
    /// Per game: bonus rolls.
    pub bonus_rolls_per_game: f64,
    /// Each star cell.
    pub stars: Vec<PlaceSummary>,
    /// Each zone.
    pub zones: Vec<PlaceSummary>,
    /// Each zone cell, row by row: the heat map.
    pub cells: Vec<PlaceSummary>,
}

impl Summary {
    /// The summary of a tally.
    pub fn new(game: &Game, policies: &[String], seed: u64, t: &Tally) -> Summary {
        let board = game.board();
        let games = t.games.max(1) as f64;
        let sheets = (t.games * policies.len() as u64).max(1) as f64;
        let place = |name: String, color: Color, n: u64, turns: u64| PlaceSummary {
            name,
            color: color.id(),
            reached: n as f64 / sheets,
            mean_turn: (n > 0).then(|| turns as f64 / n as f64),
        };
        let cell = |i: usize| {
            let color = board.zones[board.zone_of(i).unwrap_or(0)].color;
            place(
                board.cell_name(i),
                color,
                t.cell_crossed[i],
                t.cell_turns[i],
            )
        };
        Summary {
            board: board.info.id.clone(),
            name: board.info.name.clone(),
            policies: policies.to_vec(),
            games: t.games,
            seed,
            turns: Moments::of(t.games, t.turns as f64, t.turns2 as f64),
            no_winner: t.no_winner as f64 / games,
            seats: policies
                .iter()
                .enumerate()
                .map(|(k, p)| SeatSummary {
                    seat: k + 1,
                    policy: p.clone(),
                    win_rate: t.wins[k] as f64 / WIN_UNITS as f64 / games,
                    mean_stars: t.stars[k] as f64 / games,
                })
                .collect(),
            overshoots_per_game: t.overshoots as f64 / games,
            bust_rate: t.busts as f64 / t.rerolls.max(1) as f64,
            rerolls_per_game: t.rerolls as f64 / games,
            bonus_rolls_per_game: t.bonus_rolls as f64 / games,
            stars: board.stars().iter().map(cell).collect(),
            zones: board
                .zones
                .iter()
                .enumerate()
                .map(|(z, zone)| {
                    place(
                        zone.label.clone(),
                        zone.color,
                        t.zone_done[z],
                        t.zone_turns[z],
                    )
                })
                .collect(),
            cells: board.zone_cells().iter().map(cell).collect(),
        }
    }
}
