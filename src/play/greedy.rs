//! The greedy player: a one-step heuristic.
//!
//! Every placement is scored by what it takes away from the empty
//! neighbours: an area whose neighbours still allow `k` faces is worth
//! `OPTION_COST[k]` (an area that allows none is a future X). The greedy
//! player writes where that loss is smallest, dupes when the second copy is
//! nearly free, and when a die fits nowhere it spends Color Change or Guard
//! before accepting an X, which it puts where the area was doomed anyway.

use super::Policy;
use crate::map::{AreaId, Power};
use crate::rules::{Action, DieKind, Game, Move, PowerSet, Roll, State, window};

/// Cost of an empty area whose neighbours allow `k` faces (index capped).
const OPTION_COST: [f32; 7] = [10.0, 4.0, 2.0, 1.0, 0.5, 0.2, 0.0];
/// Extra cost a Dupe may add over the best single placement and still be worth it.
const DUPE_GAIN: f32 = 2.5;
/// What spending a power costs.
const POWER_COST: f32 = 1.5;
/// What an X costs.
const CROSS_COST: f32 = 10.0;

#[inline]
fn option_cost(k: u32) -> f32 {
    OPTION_COST[(k as usize).min(OPTION_COST.len() - 1)]
}

/// The one-step heuristic player. Deterministic.
#[derive(Clone, Debug, Default)]
pub struct Greedy {
    memo: Allowed,
}

/// The faces each area's neighbours allow, computed at most once per
/// decision (an entry is current when its stamp equals the epoch).
#[derive(Clone, Debug, Default)]
struct Allowed {
    values: Vec<u64>,
    stamps: Vec<u32>,
    epoch: u32,
}

impl Allowed {
    fn start(&mut self, areas: usize) {
        if self.values.len() != areas {
            self.values = vec![0; areas];
            self.stamps = vec![0; areas];
            self.epoch = 0;
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamps.fill(0);
            self.epoch = 1;
        }
    }

    #[inline]
    fn get(&mut self, game: &Game, state: &State, a: AreaId) -> u64 {
        let i = a.index();
        if self.stamps[i] != self.epoch {
            self.values[i] = game.allowed_values(state, a);
            self.stamps[i] = self.epoch;
        }
        self.values[i]
    }
}

impl Greedy {
    /// A greedy player.
    pub fn new() -> Self {
        Self::default()
    }
}

/// How much writing `v` in `area` (unguarded) costs its empty neighbours,
/// given every area's allowed faces.
fn placement_cost(game: &Game, state: &State, allowed: &mut Allowed, area: AreaId, v: u8) -> f32 {
    let w = window(v);
    let mut cost = 0.0;
    for &n in game.neighbors(area) {
        if !state.cell(n).is_empty() || game.is_immune(n) {
            continue;
        }
        let before = allowed.get(game, state, n);
        cost += option_cost((before & w).count_ones()) - option_cost(before.count_ones());
    }
    cost
}

/// The best and second best plain spots for a roll.
fn best_two(
    game: &Game,
    state: &State,
    allowed: &mut Allowed,
    roll: Roll,
) -> [Option<(f32, AreaId)>; 2] {
    let mut best: [Option<(f32, AreaId)>; 2] = [None, None];
    for &a in game.die_areas(roll.die) {
        // Immune areas accept any face (`allowed_values` says so).
        if !state.cell(a).is_empty() || allowed.get(game, state, a) & (1 << roll.value) == 0 {
            continue;
        }
        let c = placement_cost(game, state, allowed, a, roll.value);
        if best[0].is_none_or(|(b, _)| c < b) {
            best[1] = best[0];
            best[0] = Some((c, a));
        } else if best[1].is_none_or(|(b, _)| c < b) {
            best[1] = Some((c, a));
        }
    }
    best
}

impl Policy for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, game: &Game, state: &State) -> Move {
        let allowed = &mut self.memo;
        allowed.start(game.area_count());
        let rules = game.rules();
        let can = |p: Power| state.used(p) < rules.powers.get(p);
        let mut choice: Option<(f32, Move)> = None;
        let mut consider = |cost: f32, mv: Move| {
            if choice.is_none_or(|(c, _)| cost < c) {
                choice = Some((cost, mv));
            }
        };

        // Plain placements (and cheap dupes) for every pending die.
        for roll in state.pending() {
            let [first, second] = best_two(game, state, allowed, roll);
            if let Some((c, a)) = first {
                consider(
                    c,
                    Move {
                        die: roll.die,
                        action: Action::Write(a),
                        powers: PowerSet::NONE,
                    },
                );
                if let (Some((c2, b)), true) = (second, can(Power::Dupe)) {
                    let pair = if a < b { (a, b) } else { (b, a) };
                    consider(
                        c + c2 + POWER_COST - DUPE_GAIN - CROSS_COST / 4.0,
                        Move {
                            die: roll.die,
                            action: Action::WriteTwice(pair.0, pair.1),
                            powers: PowerSet::NONE.with(Power::Dupe),
                        },
                    );
                }
            }
        }
        if let Some((_, mv)) = choice {
            return mv;
        }

        // No die fits anywhere plainly: resolve the first pending die.
        let roll = state
            .pending()
            .next()
            .expect("a pending die in the decision phase");
        let die = roll.die;
        let coloured = matches!(game.die(die).kind, DieKind::Region(_));
        let mut fallback: Option<(f32, Move)> = None;
        let mut offer = |cost: f32, mv: Move| {
            if fallback.is_none_or(|(c, _)| cost < c) {
                fallback = Some((cost, mv));
            }
        };
        if coloured && can(Power::ColorChange) {
            for &a in game.all_areas() {
                if state.cell(a).is_empty() && allowed.get(game, state, a) & (1 << roll.value) != 0
                {
                    offer(
                        POWER_COST + placement_cost(game, state, allowed, a, roll.value),
                        Move {
                            die,
                            action: Action::Write(a),
                            powers: PowerSet::NONE.with(Power::ColorChange),
                        },
                    );
                }
            }
        }
        // X or Guard go where the area is most doomed anyway.
        let mut doomed: Option<(u32, AreaId)> = None;
        for &a in game.die_areas(die) {
            if state.cell(a).is_empty() {
                let k = allowed.get(game, state, a).count_ones();
                if doomed.is_none_or(|(d, _)| k < d) {
                    doomed = Some((k, a));
                }
            }
        }
        if let Some((k, a)) = doomed {
            if can(Power::Guard) {
                offer(
                    POWER_COST + option_cost(k) - CROSS_COST,
                    Move {
                        die,
                        action: Action::Write(a),
                        powers: PowerSet::NONE.with(Power::Guard),
                    },
                );
            }
            let crossing_allowed = coloured
                || rules.options.wild_without_placement
                    == crate::map::WildWithoutPlacement::XAnywhere;
            if crossing_allowed {
                offer(
                    CROSS_COST - option_cost(k),
                    Move {
                        die,
                        action: Action::Cross(a),
                        powers: PowerSet::NONE,
                    },
                );
            }
        }
        fallback.map_or(
            Move {
                die,
                action: Action::Pass,
                powers: PowerSet::NONE,
            },
            |(_, mv)| mv,
        )
    }
}
