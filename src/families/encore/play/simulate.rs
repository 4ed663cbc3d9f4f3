//! Monte Carlo simulation of Encore: many seeded games of one table of
//! computer players (one policy per seat) on one board, tallied for
//! balance reports.
//!
//! Game `i` of a run with seed `s` uses the dice seed `derive_seed(s, i)`,
//! and the player in seat `k` the seed `derive_seed(derive_seed(s, i), k +
//! 1)`, exactly as [`seat_players`](super::seat_players) seats them, so
//! every game can be replayed alone and saved as the same log. The games
//! are split into fixed chunks whose tallies hold only integers and are
//! merged in chunk order: the results are identical whatever the number
//! of threads.

use rand::SeedableRng;

use super::{Effort, player_by_name};
use crate::encore::rules::{Boxes, Game, Sheet, Table, solo_band, solo_bands};
use crate::engine::{self, Dice, Watcher, derive_seed};

/// Most players at a simulated table (shared wins are counted in units of
/// `1 / lcm(1..=MAX_SIM_PLAYERS)` of a game, which stays exact).
pub const MAX_SIM_PLAYERS: usize = 8;

/// A game's win is split into this many units among the players who share
/// it: every number of winners up to [`MAX_SIM_PLAYERS`] divides it.
pub const WIN_UNITS: u64 = 840;

/// Integer totals of one seat over a set of games; merging is exact.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatTally {
    /// Sum of final scores.
    pub sum_score: i64,
    /// Sum of squared final scores.
    pub sum_score2: u64,
    /// Games by final score: index `score - Tally::score_low`.
    pub hist: Vec<u64>,
    /// Games won: [`WIN_UNITS`] for a win alone, an equal part of it for a
    /// shared win ([`Game::winners`]).
    pub win_units: u64,
    /// Games won or shared.
    pub wins_or_ties: u64,
    /// Per column: games in which it was completed.
    pub column_done: Vec<u64>,
    /// Per column: games in which it was completed first (its first value).
    pub column_first: Vec<u64>,
    /// Per column: sum of the roll number at which it was completed.
    pub column_roll_sum: Vec<u64>,
    /// Per colour: games in which it was completed.
    pub color_done: Vec<u64>,
    /// Per colour: games in which it was completed first.
    pub color_first: Vec<u64>,
    /// Sum of star boxes left open at the end.
    pub open_stars: u64,
    /// Sum of "!" boxes (jokers) used.
    pub jokers_used: u64,
    /// Per box: games in which it was crossed.
    pub box_crossed: Vec<u64>,
    /// Per box: sum of the roll number at which it was crossed.
    pub box_roll_sum: Vec<u64>,
    /// Solo games by band of the rating table ([`solo_bands`] order).
    pub solo_bands: Vec<u64>,
}

impl SeatTally {
    fn new(game: &Game, hist_len: usize) -> Self {
        let board = game.board();
        let boxes = game.box_count();
        SeatTally {
            hist: vec![0; hist_len],
            column_done: vec![0; board.columns],
            column_first: vec![0; board.columns],
            column_roll_sum: vec![0; board.columns],
            color_done: vec![0; board.colors.len()],
            color_first: vec![0; board.colors.len()],
            box_crossed: vec![0; boxes],
            box_roll_sum: vec![0; boxes],
            solo_bands: vec![0; solo_bands().len()],
            ..SeatTally::default()
        }
    }

    fn merge(&mut self, o: &SeatTally) {
        fn add(a: &mut [u64], b: &[u64]) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
        self.sum_score += o.sum_score;
        self.sum_score2 += o.sum_score2;
        add(&mut self.hist, &o.hist);
        self.win_units += o.win_units;
        self.wins_or_ties += o.wins_or_ties;
        add(&mut self.column_done, &o.column_done);
        add(&mut self.column_first, &o.column_first);
        add(&mut self.column_roll_sum, &o.column_roll_sum);
        add(&mut self.color_done, &o.color_done);
        add(&mut self.color_first, &o.color_first);
        self.open_stars += o.open_stars;
        self.jokers_used += o.jokers_used;
        add(&mut self.box_crossed, &o.box_crossed);
        add(&mut self.box_roll_sum, &o.box_roll_sum);
        add(&mut self.solo_bands, &o.solo_bands);
    }
}

/// Integer totals of a set of games at one table; merging is exact.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Sum of the rolls of each game (each roll is one player's turn).
    pub rolls: u64,
    /// The lowest score the histograms hold (the board's worst: every star
    /// open, nothing completed).
    pub score_low: i32,
    /// Per seat.
    pub seats: Vec<SeatTally>,
}

impl Tally {
    /// An empty tally for `players` seats on `game`.
    pub fn new(game: &Game, players: usize) -> Self {
        let (low, high) = score_bounds(game);
        let len = (high - low + 1) as usize;
        Tally {
            games: 0,
            rolls: 0,
            score_low: low,
            seats: (0..players).map(|_| SeatTally::new(game, len)).collect(),
        }
    }

    /// Adds another tally of the same table.
    pub fn merge(&mut self, o: &Tally) {
        self.games += o.games;
        self.rolls += o.rolls;
        for (a, b) in self.seats.iter_mut().zip(&o.seats) {
            a.merge(b);
        }
    }
}

/// The lowest and highest score a sheet of `game` can end with.
pub fn score_bounds(game: &Game) -> (i32, i32) {
    let board = game.board();
    let low = -(game.star_boxes().len() as i32 * i32::from(board.star_penalty));
    let first = |p: &[crate::encore::Points]| -> i32 {
        p.iter()
            .map(|x| i32::from(x.first.max(x.later)))
            .sum::<i32>()
    };
    let high = first(&board.color_bonus) + first(&board.column_points) + i32::from(board.jokers);
    (low, high.max(low))
}

/// What one game's moves tell: when each box, column was crossed, per
/// seat, in fixed arrays (no allocation per move).
struct Timing<'t> {
    /// Each seat's sheet before its last move.
    before: [Sheet; MAX_SIM_PLAYERS],
    tally: &'t mut Tally,
}

impl Watcher<Game> for Timing<'_> {
    fn after_move(
        &mut self,
        game: &Game,
        table: &Table,
        player: usize,
        _mv: crate::encore::rules::Move,
    ) {
        let sheet = table.sheet(player);
        let before = &mut self.before[player];
        let roll = u64::from(table.rolls());
        let seat = &mut self.tally.seats[player];
        let new: Boxes = sheet.crossed() - before.crossed();
        for i in new.iter() {
            seat.box_roll_sum[i] += roll;
        }
        let done = sheet.columns_done() & !before.columns_done();
        let mut bits = done;
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            seat.column_roll_sum[c] += roll;
            bits &= bits - 1;
        }
        let _ = game;
        *before = *sheet;
    }
}

/// Plays one game from `seed` with `policies` seated and adds it to `tally`.
fn play_into(game: &Game, seed: u64, policies: &[&str], effort: Effort, tally: &mut Tally) {
    let mut seats: Vec<Box<dyn engine::Player<Game>>> = policies
        .iter()
        .enumerate()
        .map(|(k, p)| {
            player_by_name(p, derive_seed(seed, k as u64 + 1), effort)
                .expect("policies are checked")
        })
        .collect();
    let mut players: Vec<&mut dyn engine::Player<Game>> = seats
        .iter_mut()
        .map(|p| p.as_mut() as &mut dyn engine::Player<Game>)
        .collect();
    let mut dice = Dice::seed_from_u64(seed);
    let mut table = game.new_table(policies.len());
    let mut timing = Timing {
        before: [Sheet::EMPTY; MAX_SIM_PLAYERS],
        tally,
    };
    engine::play(game, &mut table, &mut dice, &mut players, &mut timing);
    let low = tally.score_low;
    tally.games += 1;
    tally.rolls += u64::from(table.rolls());
    let winners = game.winners(&table);
    let share = WIN_UNITS / winners.len().max(1) as u64;
    for (p, sheet) in table.sheets().iter().enumerate() {
        let seat = &mut tally.seats[p];
        let score = game.score(sheet);
        let total = score.total;
        seat.sum_score += i64::from(total);
        seat.sum_score2 += (i64::from(total) * i64::from(total)) as u64;
        let slot = (total - low).max(0) as usize;
        if slot >= seat.hist.len() {
            seat.hist.resize(slot + 1, 0);
        }
        seat.hist[slot] += 1;
        if winners.contains(&p) {
            seat.win_units += share;
            seat.wins_or_ties += 1;
        }
        for c in 0..seat.column_done.len() {
            if sheet.columns_done() >> c & 1 == 1 {
                seat.column_done[c] += 1;
                if sheet.columns_first() >> c & 1 == 1 {
                    seat.column_first[c] += 1;
                }
            }
        }
        for c in 0..seat.color_done.len() {
            if sheet.colors_done() >> c & 1 == 1 {
                seat.color_done[c] += 1;
                if sheet.colors_first() >> c & 1 == 1 {
                    seat.color_first[c] += 1;
                }
            }
        }
        seat.open_stars += u64::from(score.open_stars);
        seat.jokers_used += u64::from(sheet.jokers_used());
        for i in sheet.crossed().iter() {
            seat.box_crossed[i] += 1;
        }
        if table.is_solo() {
            seat.solo_bands[usize::from(solo_band(total).rank)] += 1;
        }
    }
}

/// Why a table cannot be simulated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    /// No seat, or more than [`MAX_SIM_PLAYERS`].
    #[error("a simulated table seats 1 to {MAX_SIM_PLAYERS} players, not {0}")]
    Players(usize),
    /// A policy that is not an Encore player.
    #[error("`{0}` is not an Encore player (they are random, greedy and strong)")]
    Policy(String),
}

/// Checks a table of `policies` (one per seat) before it is simulated.
pub fn check_table(policies: &[&str]) -> Result<(), SimError> {
    if policies.is_empty() || policies.len() > MAX_SIM_PLAYERS {
        return Err(SimError::Players(policies.len()));
    }
    if let Some(p) = policies.iter().find(|p| !super::PLAYERS.contains(p)) {
        return Err(SimError::Policy((*p).to_string()));
    }
    Ok(())
}

/// Plays games `0..games` (seeds derived from `seed`) at a table of
/// `policies` (one per seat, seat 0 rolls first; `effort` is the strong
/// player's) on the current rayon pool, calling `progress` with the number of games just finished (from
/// any thread). The result is the same whatever the number of threads.
pub fn simulate(
    game: &Game,
    policies: &[&str],
    effort: Effort,
    games: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Tally, SimError> {
    simulate_range(game, policies, effort, 0..games, seed, progress)
}

/// [`simulate`] for the games `games.start..games.end` of the run only:
/// tallies of consecutive ranges, merged in order, are the tally of the
/// games of all of them (a long run can be played in parts).
pub fn simulate_range(
    game: &Game,
    policies: &[&str],
    effort: Effort,
    games: std::ops::Range<u64>,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Tally, SimError> {
    check_table(policies)?;
    Ok(engine::fold_range(
        games,
        || Tally::new(game, policies.len()),
        |tally, i| play_into(game, derive_seed(seed, i), policies, effort, tally),
        Tally::merge,
        progress,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn black() -> Game {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/encore-black.toml");
        let board = crate::families::load(&path)
            .unwrap()
            .take()
            .expect("an Encore board");
        Game::new(board).unwrap()
    }

    fn run(game: &Game, threads: usize, policies: &[&str], games: u64) -> Tally {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| simulate(game, policies, Effort::DEFAULT, games, 5, &|_| {}).unwrap())
    }

    #[test]
    fn results_do_not_depend_on_the_thread_count() {
        let g = black();
        let table = ["greedy", "random", "greedy"];
        let one = run(&g, 1, &table, 40);
        assert_eq!(one, run(&g, 2, &table, 40));
        assert_eq!(one, run(&g, 3, &table, 40));
    }

    #[test]
    fn tallies_are_consistent() {
        let g = black();
        let t = run(&g, 2, &["greedy", "random", "greedy"], 50);
        assert_eq!(t.games, 50);
        let wins: u64 = t.seats.iter().map(|s| s.win_units).sum();
        assert_eq!(
            wins,
            50 * WIN_UNITS,
            "every game's win is shared out exactly"
        );
        for s in &t.seats {
            assert_eq!(s.hist.iter().sum::<u64>(), 50);
            assert!(s.column_done.iter().all(|&n| n <= 50));
            assert!(
                s.column_first
                    .iter()
                    .zip(&s.column_done)
                    .all(|(f, d)| f <= d)
            );
            // A box is crossed once per game at most, at a roll after the first.
            for (n, sum) in s.box_crossed.iter().zip(&s.box_roll_sum) {
                assert!(*n <= 50);
                assert!(*sum >= *n);
            }
            assert_eq!(s.solo_bands.iter().sum::<u64>(), 0, "no solo games");
        }
        let solo = run(&g, 2, &["greedy"], 30);
        assert_eq!(solo.seats[0].solo_bands.iter().sum::<u64>(), 30);
        assert_eq!(solo.rolls, 30 * u64::from(g.board().solo_rolls));
    }

    #[test]
    fn bad_tables_are_refused() {
        let g = black();
        assert_eq!(
            simulate(&g, &[], Effort::DEFAULT, 1, 1, &|_| {}).unwrap_err(),
            SimError::Players(0)
        );
        assert!(matches!(
            simulate(&g, &["tuples"], Effort::DEFAULT, 1, 1, &|_| {}),
            Err(SimError::Policy(_))
        ));
    }
}
