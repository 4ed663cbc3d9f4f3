//! The strong player: Monte Carlo rollouts over a tuned greedy player.
//!
//! At every decision the strong player ranks the legal moves with the greedy
//! player's one-step costs, keeps the best few, and plays each of them out
//! to the end of the game a number of times with the greedy player
//! resolving every later die. All candidates are played out on the same
//! dice (common random numbers), so the comparison between them is sharp
//! even with few rollouts. The candidate with the fewest X on average wins
//! (fewer powers used breaks ties), which is Bertsekas' rollout algorithm:
//! a policy at least as good as its base player, usually much better.
//!
//! Knobs: [`StrongKnobs::candidates`] (how many moves are looked at) and
//! [`StrongKnobs::rollouts`] (how many games each is played out). The
//! bag's contents are known, and the rollouts draw from it exactly as the
//! game does, so the dice still to come this round are weighed correctly.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::greedy::{Greedy, Weights};
use super::{Policy, derive_seed, play_out};

/// Which derived stream the rollouts' dice come from.
const ROLLOUT_STREAM: u64 = 0x0072_6f6c_6c6f_7574;
use crate::map::Power;
use crate::rules::{Action, Game, Move, MoveList, State};

/// The strong player's tunable effort.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrongKnobs {
    /// Moves looked at per decision (the best by the one-step cost).
    pub candidates: usize,
    /// Games played out per candidate.
    pub rollouts: usize,
}

impl StrongKnobs {
    /// The default effort: about 20 games per second per core on
    /// `maps/usa.toml`.
    pub const DEFAULT: StrongKnobs = StrongKnobs {
        candidates: 8,
        rollouts: 16,
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
/// that fit nowhere.
pub const ROLLOUT_WEIGHTS: Weights = Weights {
    option_cost: [10.0, 4.0, 2.85, 2.15, 1.5, 0.4, 0.0],
    fill_gain: 2.15,
    dupe_gain: 1.4,
    power_cost: 6.1,
    cross_cost: 14.0,
};

/// The rollout player (see the module documentation). Deterministic for a
/// given seed.
#[derive(Clone, Debug)]
pub struct Strong {
    knobs: StrongKnobs,
    rng: Pcg64Mcg,
    base: Greedy,
    moves: MoveList,
    ranked: Vec<(f32, Move)>,
    seeds: Vec<u64>,
    /// The position of the rollout being played (its buffer is reused).
    scratch: Option<State>,
}

impl Strong {
    /// A strong player with its own seeded generator for the rollouts.
    pub fn new(knobs: StrongKnobs, seed: u64) -> Self {
        Self {
            knobs: StrongKnobs {
                candidates: knobs.candidates.max(1),
                rollouts: knobs.rollouts.max(1),
            },
            // A stream of its own, apart from the dice even when a caller
            // seeds both alike.
            rng: Pcg64Mcg::seed_from_u64(derive_seed(seed, ROLLOUT_STREAM)),
            base: Greedy::with_weights(ROLLOUT_WEIGHTS),
            moves: MoveList::new(),
            ranked: Vec::new(),
            seeds: Vec::new(),
            scratch: None,
        }
    }

    /// The final X (times 1024) plus powers used of one rollout after `mv`.
    fn play_out_after(&mut self, game: &Game, state: &State, mv: Move, seed: u64) -> u64 {
        let s = self.scratch.get_or_insert_with(|| state.clone());
        s.clone_from(state);
        game.apply(s, mv);
        play_out(game, s, &mut Pcg64Mcg::seed_from_u64(seed), &mut self.base);
        u64::from(s.crosses()) * 1024 + u64::from(s.powers_used())
    }
}

impl Policy for Strong {
    fn name(&self) -> &str {
        "strong"
    }

    fn choose(&mut self, game: &Game, state: &State) -> Move {
        game.legal_moves(state, &mut self.moves);
        if self.moves.len() == 1 {
            return self.moves.get(0);
        }
        // Color Change and Guard are kept for dice that fit nowhere, as the
        // base player keeps them: a power spent early is missed later more
        // often than the rollouts (played by the base player) can tell.
        let plain = self
            .moves
            .iter()
            .any(|m| m.powers.is_empty() && matches!(m.action, Action::Write(_)));
        let moves = self.moves.iter().filter(|m| {
            !plain || !(m.powers.contains(Power::ColorChange) || m.powers.contains(Power::Guard))
        });
        self.base.rank_moves(game, state, moves, &mut self.ranked);
        let k = self.knobs.candidates.min(self.ranked.len());
        if k < self.ranked.len() {
            self.ranked
                .select_nth_unstable_by(k - 1, |a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            self.ranked.truncate(k);
        }
        self.ranked
            .sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        if k == 1 {
            return self.ranked[0].1;
        }
        self.seeds.clear();
        for _ in 0..self.knobs.rollouts {
            self.seeds.push(self.rng.next_u64());
        }
        let mut best: Option<(u64, Move)> = None;
        for i in 0..k {
            let mv = self.ranked[i].1;
            let mut total = 0;
            for j in 0..self.seeds.len() {
                total += self.play_out_after(game, state, mv, self.seeds[j]);
                if best.is_some_and(|(b, _)| total > b) {
                    break;
                }
            }
            if best.is_none_or(|(b, _)| total < b) {
                best = Some((total, mv));
            }
        }
        best.expect("at least one candidate").1
    }
}
