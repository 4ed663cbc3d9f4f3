//! The strong and expert players: Monte Carlo rollouts over a base player.
//!
//! At every decision the strong player ranks the legal moves with the greedy
//! player's one-step costs, keeps the best few, and plays each of them out
//! a number of times with the greedy player resolving every later die. All
//! candidates are played out on the same dice (common random numbers), so
//! the comparison between them is sharp even with few rollouts. The
//! candidate with the fewest X on average wins (fewer powers used breaks
//! ties), which is Bertsekas' rollout algorithm: a policy at least as good
//! as its base player, usually much better.
//!
//! The rollouts are shared out by successive halving: every candidate is
//! played out a few times, the better half twice as often, and so on until
//! the last two have [`StrongKnobs::rollouts`] games each. A rollout stops
//! [`StrongKnobs::horizon`] rounds ahead, at the start of a round, and the
//! position it reached is scored with an estimate of its final X fitted on
//! the map ([`LeafModel`]): the far rounds' dice add noise to the
//! comparison and say little about the move being weighed, and stopping
//! early makes each rollout cheaper.
//!
//! The bag's contents are known, and the rollouts draw from it exactly as
//! the game does, so the dice still to come this round are weighed
//! correctly.
//!
//! The expert player ([`Strong::expert`]) is the same search with the
//! tuples player ([`TuplePlayer`]) in place of the greedy one: it ranks the
//! candidates, plays the rollouts, and its learned values score where a
//! rollout stops. It also plans a turn whole: when both dice of a turn are
//! pending, its candidates are pairs of moves, one per die.

use std::sync::{Arc, Mutex};

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::greedy::{Greedy, Weights, allowed_from};
use super::leaf::LeafModel;
use super::tuples::{TUPLES_POWER_FROM, TuplePlayer, TupleValue};
use super::{Policy, derive_seed, play_out, play_until};
use crate::rolling::map::Power;
use crate::rolling::rules::log::map_hash;
use crate::rolling::rules::{Action, Game, Move, MoveList, Phase, PowerSet, State};

/// Which derived stream the rollouts' dice come from.
const ROLLOUT_STREAM: u64 = 0x0072_6f6c_6c6f_7574;

/// The strong player's tunable effort.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrongKnobs {
    /// Moves looked at per decision (the best by the one-step cost).
    pub candidates: usize,
    /// Games each of the last two candidates is played out (the first
    /// candidates to be dropped get fewer; see the module documentation).
    pub rollouts: usize,
    /// Rounds a rollout looks ahead before its position is scored with the
    /// fitted estimate ([`LeafModel`]); 0 plays every rollout to the end.
    pub horizon: u8,
}

impl StrongKnobs {
    /// The default effort: about 6 games per second per core on
    /// `maps/usa.toml`. Looking at every reasonable move is cheap, since
    /// the weak ones are dropped after a few rollouts; the rollouts of the
    /// last few candidates decide.
    pub const DEFAULT: StrongKnobs = StrongKnobs {
        candidates: 64,
        rollouts: 128,
        horizon: 3,
    };

    /// The expert player's default effort ([`Strong::expert`]): its
    /// rollouts are played by the tuples player, which is slower than the
    /// greedy one but needs far fewer of them. With both dice of a turn
    /// planned at once (see [`Strong::expert`]) it decides once per turn,
    /// which leaves time for 64 rollouts (5.66 X against 5.74 with 32, on
    /// 1,000 USA games).
    pub const EXPERT: StrongKnobs = StrongKnobs {
        candidates: 16,
        rollouts: 64,
        horizon: 2,
    };
}

impl Default for StrongKnobs {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// The weights of the greedy player that the strong player plays out with,
/// tuned by a random search over 2,000 seeded games on `maps/usa.toml`
/// (mean X 10.0 on their own, against 12.6 for the `greedy` weights): they
/// value filling a tight area, and keep Color Change and Guard for the dice
/// that fit nowhere. Dupe waits for the last three rounds of eight: on
/// their own these weights then play worse (10.5 X), but the strong player
/// plays better (7.04 X against 7.56 on 1,000 USA games, 16 candidates
/// with 64 rollouts), since early on nobody knows which regions will run
/// short of dice, and a region filled early only makes its own dice find
/// it full.
pub const ROLLOUT_WEIGHTS: Weights = Weights {
    option_cost: [10.0, 4.0, 2.85, 2.15, 1.5, 0.4, 0.0],
    fill_gain: 2.15,
    dupe_gain: 1.4,
    power_cost: 6.1,
    cross_cost: 14.0,
    power_from: [0.0, 0.0, 0.625],
};

/// The moves the strong, tuples and expert players leave out: Color Change
/// and Guard while some die can be written without a power (a power spent
/// early is missed later more often than a look ahead can tell), and every
/// power before the share of the game its player allows it from: Dupe
/// waits for the last three rounds of eight for the strong player
/// ([`ROLLOUT_WEIGHTS`]), and for the third round for the tuples and
/// expert players ([`TUPLES_POWER_FROM`]), whose learned values tell when
/// a Dupe pays.
#[derive(Clone, Copy, Debug)]
pub struct HeldBack {
    /// Whether some pending die can be written without a power.
    plain: bool,
    /// From which share of the rounds each power may be used, by
    /// [`Power::index`].
    power_from: [f32; 3],
}

impl HeldBack {
    /// The rule for a decision whose legal moves are `moves`, for a player
    /// that allows each power from the share `power_from` of the rounds.
    pub fn new(moves: &MoveList, power_from: [f32; 3]) -> HeldBack {
        HeldBack {
            plain: moves
                .iter_where(|_, powers| powers.is_empty())
                .any(|m| matches!(m.action, Action::Write(_))),
            power_from,
        }
    }

    /// Whether the moves using `powers` are left out (the rule looks at
    /// nothing else of a move).
    fn holds_powers(&self, game: &Game, state: &State, powers: PowerSet) -> bool {
        let saved = powers.contains(Power::ColorChange) || powers.contains(Power::Guard);
        (self.plain && saved)
            || !powers
                .iter()
                .all(|p| allowed_from(self.power_from[p.index()], game, state))
    }

    /// The moves of `moves` that are not left out, in their order.
    pub fn kept<'a>(
        &'a self,
        game: &'a Game,
        state: &'a State,
        moves: &'a MoveList,
    ) -> impl Iterator<Item = Move> + 'a {
        moves.iter_where(move |_, powers| !self.holds_powers(game, state, powers))
    }
}

/// The player the rollouts are played by, and how a rollout that stops
/// early is scored.
#[derive(Clone, Debug)]
enum Base {
    /// The greedy player with [`ROLLOUT_WEIGHTS`], scored by the fitted
    /// [`LeafModel`] (fitted on first use).
    Greedy {
        player: Greedy,
        leaf: Option<Arc<LeafModel>>,
    },
    /// The tuples player, scored by its learned values.
    Tuples(TuplePlayer),
}

/// The rollout player (see the module documentation). Deterministic for a
/// given seed.
#[derive(Clone, Debug)]
pub struct Strong {
    knobs: StrongKnobs,
    rng: Pcg64Mcg,
    base: Base,
    moves: MoveList,
    ranked: Vec<(f32, Move)>,
    seeds: Vec<u64>,
    /// Scratch for the successive halving: each candidate's total over its
    /// rollouts and its one-step rank.
    totals: Vec<(f64, usize)>,
    /// The other die's move of the turn planned at the last decision, and
    /// the position it is for.
    plan: Option<(State, Move)>,
    /// The candidates: one-step score and plan.
    pairs: Vec<(f32, Plan)>,
    /// Buffers for ranking the other die's moves when a turn is planned.
    inner: (MoveList, Vec<(f32, Move)>, Option<State>),
    /// The position of the rollout being played (its buffer is reused).
    scratch: Option<State>,
}

impl Strong {
    /// A strong player with its own seeded generator for the rollouts.
    pub fn new(knobs: StrongKnobs, seed: u64) -> Self {
        Self::with_base(
            knobs,
            seed,
            Base::Greedy {
                player: Greedy::with_weights(ROLLOUT_WEIGHTS),
                leaf: None,
            },
        )
    }

    /// The expert player: the same rollouts, played by the tuples player
    /// with `values`, which also score where a rollout stops. When both
    /// dice of a turn are pending it plans the turn whole: its candidates
    /// are pairs of moves (see `plan_turns`), the rollouts start after
    /// both, and the second move is played at the next decision without a
    /// second search.
    pub fn expert(knobs: StrongKnobs, seed: u64, values: Arc<TupleValue>) -> Self {
        Self::with_base(knobs, seed, Base::Tuples(TuplePlayer::new(values)))
    }

    fn with_base(knobs: StrongKnobs, seed: u64, base: Base) -> Self {
        Self {
            knobs: StrongKnobs {
                candidates: knobs.candidates.max(1),
                rollouts: knobs.rollouts.max(1),
                horizon: knobs.horizon,
            },
            // A stream of its own, apart from the dice even when a caller
            // seeds both alike.
            rng: Pcg64Mcg::seed_from_u64(derive_seed(seed, ROLLOUT_STREAM)),
            base,
            moves: MoveList::new(),
            ranked: Vec::new(),
            seeds: Vec::new(),
            totals: Vec::new(),
            plan: None,
            pairs: Vec::new(),
            inner: (MoveList::new(), Vec::new(), None),
            scratch: None,
        }
    }

    /// The final X (estimated when the rollout stops early) plus 1/1024
    /// per power used, of one rollout after `mv`.
    fn play_out_after(&mut self, game: &Game, state: &State, (mv, then): Plan, seed: u64) -> f64 {
        let s = self.scratch.get_or_insert_with(|| state.clone());
        s.clone_from(state);
        game.apply(s, mv);
        if let Some(m2) = then {
            game.apply(s, m2);
        }
        let dice = &mut Pcg64Mcg::seed_from_u64(seed);
        let powers = |s: &State| f64::from(s.powers_used()) / 1024.0;
        let stop = state.round().saturating_add(self.knobs.horizon);
        let at_horizon = |s: &State| s.round() >= stop && s.rolled_in_round() == 0;
        match &mut self.base {
            Base::Greedy { player, leaf: None } => {
                play_out(game, s, dice, player);
                f64::from(s.crosses()) + powers(s)
            }
            Base::Greedy {
                player,
                leaf: Some(leaf),
            } => {
                play_until(game, s, dice, player, at_horizon);
                leaf.value(game, s) + powers(s)
            }
            Base::Tuples(player) => {
                if self.knobs.horizon == 0 {
                    play_out(game, s, dice, player);
                } else {
                    play_until(game, s, dice, player, at_horizon);
                }
                f64::from(s.crosses()) + f64::from(player.value().value(s)) + powers(s)
            }
        }
    }
}

/// A candidate: a move, and for a turn planned whole the move of the other
/// pending die after it.
type Plan = (Move, Option<Move>);

/// Orders scored moves by score, then by the moves themselves (so that ties
/// break the same way on every run).
fn by_score<T: Ord>(a: &(f32, T), b: &(f32, T)) -> std::cmp::Ordering {
    a.0.total_cmp(&b.0).then(a.1.cmp(&b.1))
}

/// First moves the expert pairs with moves for the other die, when both
/// dice of a turn are pending.
const PLANNED_FIRSTS: usize = 8;
/// Moves for the other die tried after each of those first moves.
const PLANNED_SECONDS: usize = 4;

/// The candidates of a decision with both dice of a turn pending, for the
/// expert: the [`PLANNED_FIRSTS`] best first moves of `ranked` (scored by
/// the tuples player), each followed by the [`PLANNED_SECONDS`] best moves
/// for the other die, ordered by the two moves' summed scores (into
/// `out`). Rollouts then weigh whole turns: the move for the second die
/// is no longer left to the tuples player, whose one-step look misjudges
/// it most often (it spends Guard or Color Change where an X would do,
/// for instance).
fn plan_turns(
    game: &Game,
    state: &State,
    player: &mut TuplePlayer,
    power_from: [f32; 3],
    ranked: &mut [(f32, Move)],
    (moves, seconds, after): &mut (MoveList, Vec<(f32, Move)>, Option<State>),
    out: &mut Vec<(f32, Plan)>,
) {
    ranked.sort_unstable_by(by_score);
    let after = after.get_or_insert_with(|| state.clone());
    for &(first_score, first) in ranked.iter().take(PLANNED_FIRSTS) {
        after.clone_from(state);
        game.apply(after, first);
        if game.phase(after) != Phase::Decision {
            out.push((first_score, (first, None)));
            continue;
        }
        game.legal_moves(after, moves);
        let held = HeldBack::new(moves, power_from);
        player.rank_moves(game, after, held.kept(game, after, moves), seconds);
        seconds.sort_unstable_by(by_score);
        for &(score, second) in seconds.iter().take(PLANNED_SECONDS) {
            out.push((first_score + score, (first, Some(second))));
        }
    }
    out.sort_by(by_score);
}

impl Strong {
    /// Plays the first move of `plan` and keeps its second for the next
    /// decision.
    fn finish_plan(&mut self, game: &Game, state: &State, plan: Plan) -> Move {
        if let Some(m2) = plan.1 {
            let mut after = state.clone();
            game.apply(&mut after, plan.0);
            self.plan = Some((after, m2));
        }
        plan.0
    }
}

/// Leaf estimates already fitted, by map and rules (their hash): fitting
/// takes a few thousand games, and a simulation makes a player per game.
static LEAVES: Mutex<Vec<(String, Arc<LeafModel>)>> = Mutex::new(Vec::new());

/// The leaf estimate for `game`, fitted once per map and rules on games of
/// the rollout player from a fixed seed (so it is the same on every run).
fn leaf_for(game: &Game) -> Arc<LeafModel> {
    let key = map_hash(game.map());
    let mut cache = LEAVES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, leaf)) = cache.iter().find(|(k, _)| *k == key) {
        return leaf.clone();
    }
    let mut base = Greedy::with_weights(ROLLOUT_WEIGHTS);
    let leaf = Arc::new(LeafModel::calibrate(game, &mut base, CALIBRATION_GAMES, 1));
    cache.push((key, leaf.clone()));
    leaf
}

/// Games the leaf estimate is fitted on.
const CALIBRATION_GAMES: u64 = 4000;

impl Policy for Strong {
    fn name(&self) -> &str {
        match self.base {
            Base::Greedy { .. } => "strong",
            Base::Tuples(_) => "expert",
        }
    }

    fn choose(&mut self, game: &Game, state: &State) -> Move {
        if self.knobs.horizon > 0
            && let Base::Greedy {
                leaf: leaf @ None, ..
            } = &mut self.base
        {
            *leaf = Some(leaf_for(game));
        }
        if let Some((at, m2)) = self.plan.take()
            && at == *state
        {
            return m2;
        }
        game.legal_moves(state, &mut self.moves);
        if self.moves.len() == 1 {
            return self.moves.get(0);
        }
        let power_from = match self.base {
            Base::Greedy { .. } => ROLLOUT_WEIGHTS.power_from,
            Base::Tuples(_) => TUPLES_POWER_FROM,
        };
        let held = HeldBack::new(&self.moves, power_from);
        let moves = held.kept(game, state, &self.moves);
        match &mut self.base {
            Base::Greedy { player, .. } => player.rank_moves(game, state, moves, &mut self.ranked),
            Base::Tuples(player) => player.rank_moves(game, state, moves, &mut self.ranked),
        }
        self.pairs.clear();
        match &mut self.base {
            Base::Tuples(player) if state.pending().count() == 2 => {
                plan_turns(
                    game,
                    state,
                    player,
                    power_from,
                    &mut self.ranked,
                    &mut self.inner,
                    &mut self.pairs,
                );
                self.pairs.truncate(self.knobs.candidates);
            }
            _ => {
                let k = self.knobs.candidates.min(self.ranked.len());
                if k < self.ranked.len() {
                    self.ranked.select_nth_unstable_by(k - 1, by_score);
                    self.ranked.truncate(k);
                }
                self.ranked.sort_unstable_by(by_score);
                self.pairs
                    .extend(self.ranked.iter().map(|&(score, mv)| (score, (mv, None))));
            }
        }
        let k = self.pairs.len();
        if k == 1 {
            return self.finish_plan(game, state, self.pairs[0].1);
        }
        self.seeds.clear();
        for _ in 0..self.knobs.rollouts {
            self.seeds.push(self.rng.next_u64());
        }
        // All candidates are played on the same dice, in the same order.
        let mut totals = std::mem::take(&mut self.totals);
        let best =
            crate::engine::successive_halving(k, self.knobs.rollouts, &mut totals, |c, j| {
                let plan = self.pairs[c].1;
                self.play_out_after(game, state, plan, self.seeds[j])
            });
        self.totals = totals;
        self.finish_plan(game, state, self.pairs[best].1)
    }
}
