//! Monte Carlo simulation: many seeded games of one policy on one map,
//! tallied for balance reports.
//!
//! Game `i` of a run with seed `s` uses the dice seed `derive_seed(s, i)`
//! and a policy seeded the same way, so every game can be replayed alone
//! (`rollx play --seed`), and the games are split into fixed chunks whose
//! tallies hold only integers: the results are identical whatever the
//! number of threads.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::Serialize;

use super::{Policy, Seat, derive_seed};
use crate::engine::{self, Watcher};
use crate::report::stats::{Moments, median};
use crate::rolling::map::{AreaId, Map, Power};
use crate::rolling::rules::{Action, Game, Move, Solo, State};

/// Why an X ended up on the sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cause {
    /// A die fit nowhere and the X went into an area that no longer allowed
    /// any number (it was lost anyway).
    DeadArea,
    /// A die fit nowhere and the X went into an area that still allowed
    /// other numbers.
    NoRoom,
    /// The area was still empty after the last round.
    LeftEmpty,
}

impl Cause {
    /// Every cause, in report order.
    pub const ALL: [Cause; 3] = [Cause::DeadArea, Cause::NoRoom, Cause::LeftEmpty];

    /// A phrase for reports.
    pub fn describe(self) -> &'static str {
        match self {
            Cause::DeadArea => "forced X in an area its neighbours had already closed",
            Cause::NoRoom => "forced X: the number fit nowhere in its region",
            Cause::LeftEmpty => "left empty after the last round",
        }
    }
}

/// Integer totals over a set of games; merging tallies is exact.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Sum of X over the games.
    pub sum_x: u64,
    /// Sum of squared X.
    pub sum_x2: u64,
    /// Games by number of X (index = X).
    pub hist: Vec<u64>,
    /// Per area: games in which it ended as an X.
    pub area_x: Vec<u64>,
    /// Per area and cause: X of that cause.
    pub area_causes: Vec<[u64; 3]>,
    /// Per power: total uses.
    pub power_uses: [u64; 3],
    /// Per power: games that used every granted use.
    pub power_exhausted: [u64; 3],
    /// X of each game, in the order of the games.
    pub per_game: Vec<u32>,
}

impl Tally {
    fn new(areas: usize) -> Self {
        Self {
            area_x: vec![0; areas],
            area_causes: vec![[0; 3]; areas],
            ..Self::default()
        }
    }

    /// Adds another tally.
    pub fn merge(&mut self, o: &Tally) {
        self.games += o.games;
        self.sum_x += o.sum_x;
        self.sum_x2 += o.sum_x2;
        if self.hist.len() < o.hist.len() {
            self.hist.resize(o.hist.len(), 0);
        }
        for (a, b) in self.hist.iter_mut().zip(&o.hist) {
            *a += b;
        }
        for (a, b) in self.area_x.iter_mut().zip(&o.area_x) {
            *a += b;
        }
        for (a, b) in self.area_causes.iter_mut().zip(&o.area_causes) {
            for k in 0..3 {
                a[k] += b[k];
            }
        }
        for k in 0..3 {
            self.power_uses[k] += o.power_uses[k];
            self.power_exhausted[k] += o.power_exhausted[k];
        }
        self.per_game.extend_from_slice(&o.per_game);
    }

    /// Mean, spread and 95 % confidence interval of X.
    fn moments(&self) -> Moments {
        Moments::of(self.games, self.sum_x as f64, self.sum_x2 as f64)
    }

    /// Mean X.
    pub fn mean(&self) -> f64 {
        self.moments().mean
    }

    /// Sample standard deviation of X.
    pub fn std_dev(&self) -> f64 {
        self.moments().std_dev
    }

    /// Half-width of the 95 % confidence interval of the mean.
    pub fn ci95(&self) -> f64 {
        self.moments().ci95
    }

    /// The median number of X.
    pub fn median(&self) -> f64 {
        median(&self.hist, 0)
    }
}

/// What one game's moves tell about its X: the X marked because a number
/// fitted nowhere, with their cause, and the sheet just before the last
/// move (what is still empty after it becomes X).
struct Causes {
    forced: Vec<(AreaId, Cause)>,
    before_end: Option<State>,
}

impl<'g> Watcher<Solo<'g>> for Causes {
    fn before_move(&mut self, solo: &Solo<'g>, state: &State, _player: usize, mv: Move) {
        let game = solo.0;
        let rules = game.rules();
        if let Action::Cross(a) = mv.action {
            let cause = if game.allowed_values(state, a) == 0 {
                Cause::DeadArea
            } else {
                Cause::NoRoom
            };
            self.forced.push((a, cause));
        }
        let last = state.round() + 1 == rules.rounds
            && state.rolled_in_round() == rules.dice_per_round
            && state.pending().count() == 1;
        if last {
            self.before_end = Some(state.clone());
        }
    }
}

/// Plays one game and adds it to `tally`.
fn play_into(game: &Game, seed: u64, policy: &mut dyn Policy, tally: &mut Tally) {
    let rules = game.rules();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut state = game.initial_state();
    let mut causes = Causes {
        forced: Vec::new(),
        before_end: None,
    };
    engine::play(
        &Solo(game),
        &mut state,
        &mut rng,
        &mut [&mut Seat(policy)],
        &mut causes,
    );
    let Causes { forced, before_end } = causes;
    let score = game.score(&state);
    let x = u64::from(score.crosses);
    tally.games += 1;
    tally.sum_x += x;
    tally.sum_x2 += x * x;
    if tally.hist.len() <= x as usize {
        tally.hist.resize(x as usize + 1, 0);
    }
    tally.hist[x as usize] += 1;
    tally.per_game.push(score.crosses);
    for (i, c) in state.cells().iter().enumerate() {
        if c.is_cross() {
            tally.area_x[i] += 1;
        }
    }
    for &(a, cause) in &forced {
        tally.area_causes[a.index()][cause as usize] += 1;
    }
    if let Some(before) = before_end {
        for (i, (b, a)) in before.cells().iter().zip(state.cells()).enumerate() {
            // Empty before the last move, X after it, and not crossed by it.
            if b.is_empty() && a.is_cross() && !forced.iter().any(|&(f, _)| f.index() == i) {
                tally.area_causes[i][Cause::LeftEmpty as usize] += 1;
            }
        }
    }
    for p in [Power::ColorChange, Power::Guard, Power::Dupe] {
        let k = p.index();
        let used = state.used(p);
        tally.power_uses[k] += u64::from(used);
        if used > 0 && used == rules.powers.get(p) {
            tally.power_exhausted[k] += 1;
        }
    }
}

/// Plays games `0..games` (seeds derived from `seed`) with policies made by
/// `make_policy(policy_seed)`, on the current rayon pool, calling
/// `progress` with the number of games just finished (from any thread).
pub fn simulate(
    game: &Game,
    games: u64,
    seed: u64,
    make_policy: &(dyn Fn(u64) -> Box<dyn Policy> + Sync),
    progress: &(dyn Fn(u64) + Sync),
) -> Tally {
    simulate_range(game, 0..games, seed, make_policy, progress)
}

/// [`simulate`] for the games `games.start..games.end` of the run only:
/// tallies of consecutive ranges, merged in order, are the tally of the
/// games of all of them (a long run can be played in parts).
pub fn simulate_range(
    game: &Game,
    games: std::ops::Range<u64>,
    seed: u64,
    make_policy: &(dyn Fn(u64) -> Box<dyn Policy> + Sync),
    progress: &(dyn Fn(u64) + Sync),
) -> Tally {
    engine::fold_range(
        games,
        || Tally::new(game.area_count()),
        |tally, i| {
            let s = derive_seed(seed, i);
            let mut policy = make_policy(s);
            play_into(game, s, policy.as_mut(), tally);
        },
        Tally::merge,
        progress,
    )
}

/// The same game with one power taken away (for restricted-play studies).
pub fn without_power(game: &Game, power: Power) -> Game {
    let mut map: Map = game.map().clone();
    match power {
        Power::ColorChange => map.rules.powers.color_change = 0,
        Power::Guard => map.rules.powers.guard = 0,
        Power::Dupe => map.rules.powers.dupe = 0,
    }
    Game::new(map).expect("removing a power keeps the game valid")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rolling::play::{Greedy, RandomPolicy};

    fn tutorial() -> Game {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/examples/tutorial.toml");
        Game::new(crate::rolling::map::load(&path).unwrap()).unwrap()
    }

    fn run(game: &Game, threads: usize, games: u64) -> Tally {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| simulate(game, games, 7, &|s| Box::new(RandomPolicy::new(s)), &|_| {}))
    }

    #[test]
    fn results_do_not_depend_on_the_thread_count() {
        let g = tutorial();
        let one = run(&g, 1, 300);
        assert_eq!(one, run(&g, 2, 300));
        assert_eq!(one, run(&g, 3, 300));
        assert_eq!(one.games, 300);
        assert_eq!(one.hist.iter().sum::<u64>(), 300);
        assert_eq!(one.per_game.len(), 300);
        assert_eq!(
            one.per_game.iter().map(|&x| u64::from(x)).sum::<u64>(),
            one.sum_x
        );
    }

    #[test]
    fn a_run_played_in_parts_is_the_whole_run() {
        let g = tutorial();
        let whole = run(&g, 2, 100);
        let make = |s| Box::new(RandomPolicy::new(s)) as Box<dyn Policy>;
        let mut parts = simulate_range(&g, 0..30, 7, &make, &|_| {});
        parts.merge(&simulate_range(&g, 30..100, 7, &make, &|_| {}));
        assert_eq!(parts, whole);
    }

    #[test]
    fn causes_account_for_every_x() {
        let g = tutorial();
        let t = run(&g, 2, 500);
        let caused: u64 = t.area_causes.iter().flat_map(|c| c.iter()).sum();
        assert_eq!(caused, t.sum_x, "every X has exactly one cause");
        assert_eq!(t.area_x.iter().sum::<u64>(), t.sum_x);
    }

    #[test]
    fn statistics_follow_their_definitions() {
        let mut t = Tally::new(1);
        t.games = 4;
        t.hist = vec![0, 1, 2, 1];
        t.sum_x = 1 + 2 + 2 + 3;
        t.sum_x2 = 1 + 4 + 4 + 9;
        assert!((t.mean() - 2.0).abs() < 1e-12);
        assert!((t.std_dev() - (2.0f64 / 3.0).sqrt()).abs() < 1e-12);
        assert_eq!(t.median(), 2.0);
        assert!((t.ci95() - 1.96 * (2.0f64 / 3.0).sqrt() / 2.0).abs() < 1e-12);
    }

    #[test]
    fn taking_a_power_away_leaves_no_use_of_it() {
        // The random player uses Dupe on the tutorial map; without Dupe it cannot.
        let g = tutorial();
        let with = run(&g, 2, 200);
        assert!(with.power_uses[2] > 0);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let without = pool.install(|| {
            simulate(
                &without_power(&g, Power::Dupe),
                200,
                7,
                &|_| Box::new(Greedy::new()),
                &|_| {},
            )
        });
        assert_eq!(without.power_uses[2], 0);
    }
}
