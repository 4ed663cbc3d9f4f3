//! The greedy player: a one-step heuristic.
//!
//! Every placement is scored by what it takes away from the empty
//! neighbours: an area whose neighbours still allow `k` faces is worth
//! `option_cost[k]` of its [`Weights`] (an area that allows none is a future X). The greedy
//! player writes where that loss is smallest, dupes when the second copy is
//! nearly free, and when a die fits nowhere it spends Color Change or Guard
//! before accepting an X, which it puts where the area was doomed anyway.

use super::Policy;
use crate::rolling::map::{AreaId, Power};
use crate::rolling::rules::{
    Action, Cell, DieKind, Game, Move, MoveList, PowerSet, Roll, State, window,
};

/// The weights of the greedy player's costs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Cost of an empty area whose neighbours allow `k` faces (index capped).
    pub option_cost: [f32; 7],
    /// How much of its own option cost filling an area saves (0: the
    /// player looks only at the neighbours).
    pub fill_gain: f32,
    /// Extra cost a Dupe may add over the best single placement and still
    /// be worth it.
    pub dupe_gain: f32,
    /// What spending a power costs.
    pub power_cost: f32,
    /// What an X costs.
    pub cross_cost: f32,
    /// How far into the game (a share of its rounds) each power may first
    /// be used, indexed like [`Power`]: 0 from the start, 0.5 from the
    /// middle round on.
    pub power_from: [f32; 3],
}

impl Weights {
    /// The `greedy` player's weights.
    pub const GREEDY: Weights = Weights {
        option_cost: [10.0, 4.0, 2.0, 1.0, 0.5, 0.2, 0.0],
        fill_gain: 0.0,
        dupe_gain: 2.5,
        power_cost: 1.5,
        cross_cost: 10.0,
        power_from: [0.0; 3],
    };

    /// Whether this far into the game `power` may be used.
    pub fn allows(&self, power: Power, game: &Game, state: &State) -> bool {
        allowed_from(self.power_from[power.index()], game, state)
    }

    #[inline]
    fn option_cost(&self, k: u32) -> f32 {
        self.option_cost[(k as usize).min(self.option_cost.len() - 1)]
    }
}

/// Whether `state` has reached the share `from` of `game`'s rounds (a
/// power allowed from there may be used).
pub(crate) fn allowed_from(from: f32, game: &Game, state: &State) -> bool {
    f32::from(state.round()) >= from * f32::from(game.rules().rounds)
}

impl Default for Weights {
    fn default() -> Self {
        Self::GREEDY
    }
}

/// The one-step heuristic player. Deterministic.
#[derive(Clone, Debug, Default)]
pub struct Greedy {
    weights: Weights,
    memo: Allowed,
    /// The moves of a die, when the fallback needs the rules' list.
    moves: MoveList,
}

/// The faces each area's neighbours allow, kept from one decision to the
/// next: an area's entry depends only on its neighbours' cells, so only the
/// areas around cells that changed since the last decision are computed
/// again.
#[derive(Clone, Debug, Default)]
struct Allowed {
    /// The faces each area's neighbours allow.
    values: Vec<u64>,
    /// The same for the empty areas that the neighbour rule applies to, 0
    /// for the others: what a number written next to them takes away.
    open: Vec<u64>,
    /// The same for the empty areas, 0 for the others: where each face
    /// may be written.
    free: Vec<u64>,
    /// The sheet the entries were computed for.
    cells: Vec<Cell>,
}

impl Allowed {
    /// Brings the entries up to date with `state`.
    fn start(&mut self, game: &Game, state: &State) {
        let now = state.cells();
        if self.cells.len() != now.len() {
            self.values = vec![0; now.len()];
            self.open = vec![0; now.len()];
            self.free = vec![0; now.len()];
            self.cells = now.to_vec();
            for i in 0..now.len() {
                self.compute(game, state, AreaId(i as u16));
            }
            return;
        }
        for (i, &cell) in now.iter().enumerate() {
            if self.cells[i] != cell {
                self.cells[i] = cell;
                let a = AreaId(i as u16);
                self.compute(game, state, a);
                for &n in game.neighbors(a) {
                    self.compute(game, state, n);
                }
            }
        }
    }

    /// Computes `a`'s entries afresh.
    fn compute(&mut self, game: &Game, state: &State, a: AreaId) {
        let v = game.allowed_values(state, a);
        let i = a.index();
        self.values[i] = v;
        let empty = state.cell(a).is_empty();
        self.open[i] = if empty && !game.is_immune(a) { v } else { 0 };
        self.free[i] = if empty { v } else { 0 };
    }

    /// The faces `a`'s neighbours allow.
    #[inline(always)]
    fn get(&self, a: AreaId) -> u64 {
        self.values[a.index()]
    }
}

impl Greedy {
    /// A greedy player.
    pub fn new() -> Self {
        Self::default()
    }

    /// A greedy player with other weights.
    pub fn with_weights(weights: Weights) -> Self {
        Self {
            weights,
            ..Self::default()
        }
    }
}

/// How much writing `v` in `area` (unguarded) costs its empty neighbours,
/// given every area's allowed faces, less what filling the area saves.
fn placement_cost(weights: &Weights, game: &Game, allowed: &Allowed, area: AreaId, v: u8) -> f32 {
    let w = window(v);
    let mut cost = 0.0;
    if weights.fill_gain != 0.0 && !game.is_immune(area) {
        cost -= weights.fill_gain * weights.option_cost(allowed.get(area).count_ones());
    }
    for &n in game.neighbors(area) {
        // Full and immune areas are 0 here, and an empty area that allows
        // nothing loses nothing: both are skipped.
        let before = allowed.open[n.index()];
        if before != 0 {
            cost += weights.option_cost((before & w).count_ones())
                - weights.option_cost(before.count_ones());
        }
    }
    cost
}

/// The best and second best plain spots for a roll.
fn best_two(
    weights: &Weights,
    game: &Game,
    allowed: &Allowed,
    roll: Roll,
) -> [Option<(f32, AreaId)>; 2] {
    let mut best: [Option<(f32, AreaId)>; 2] = [None, None];
    for &a in game.die_areas(roll.die) {
        // Immune areas accept any face (`allowed_values` says so).
        if allowed.free[a.index()] & (1 << roll.value) == 0 {
            continue;
        }
        let c = placement_cost(weights, game, allowed, a, roll.value);
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
        let wt = &self.weights;
        allowed.start(game, state);
        let rules = game.rules();
        let can = |p: Power| state.used(p) < rules.powers.get(p) && wt.allows(p, game, state);
        let mut choice: Option<(f32, Move)> = None;
        let mut consider = |cost: f32, mv: Move| {
            if choice.is_none_or(|(c, _)| cost < c) {
                choice = Some((cost, mv));
            }
        };

        // Plain placements (and cheap dupes) for every pending die.
        for roll in state.pending() {
            let [first, second] = best_two(wt, game, allowed, roll);
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
                        c + c2 + wt.power_cost - wt.dupe_gain - wt.cross_cost / 4.0,
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
                if allowed.free[a.index()] & (1 << roll.value) != 0 {
                    offer(
                        wt.power_cost + placement_cost(wt, game, allowed, a, roll.value),
                        Move {
                            die,
                            action: Action::Write(a),
                            powers: PowerSet::NONE.with(Power::ColorChange),
                        },
                    );
                }
            }
        }
        // Under `color_change_on_cross`, a Color Change may also move the X
        // out of the region, or let the die do nothing: the rules list
        // where (this is rare, so the list is made only here).
        let cc = PowerSet::NONE.with(Power::ColorChange);
        if coloured && can(Power::ColorChange) && game.powers_without_number() == cc {
            game.moves_for(state, roll, &mut self.moves);
            for mv in self.moves.iter_where(|_, powers| powers == cc) {
                match mv.action {
                    Action::Cross(a) => offer(
                        wt.power_cost + wt.cross_cost - wt.option_cost(allowed.get(a).count_ones()),
                        mv,
                    ),
                    Action::Pass => offer(wt.power_cost, mv),
                    Action::Write(_) | Action::WriteTwice(..) => {}
                }
            }
        }
        // X or Guard go where the area is most doomed anyway.
        let mut doomed: Option<(u32, AreaId)> = None;
        for &a in game.die_areas(die) {
            if state.cell(a).is_empty() {
                let k = allowed.get(a).count_ones();
                if doomed.is_none_or(|(d, _)| k < d) {
                    doomed = Some((k, a));
                }
            }
        }
        if let Some((k, a)) = doomed {
            if can(Power::Guard) {
                offer(
                    wt.power_cost + wt.option_cost(k) - wt.cross_cost,
                    Move {
                        die,
                        action: Action::Write(a),
                        powers: PowerSet::NONE.with(Power::Guard),
                    },
                );
            }
            if game.cross_spot(state, die, !coloured).is_some() {
                offer(
                    wt.cross_cost - wt.option_cost(k),
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

impl Greedy {
    /// The one-step cost of any legal move under this player's weights
    /// (lower is better): what the numbers take away from the empty
    /// neighbours, less what filling the areas saves, plus the powers spent
    /// and the X marked. Used to rank moves before a deeper look.
    pub fn rank_moves(
        &mut self,
        game: &Game,
        state: &State,
        moves: impl Iterator<Item = Move>,
        out: &mut Vec<(f32, Move)>,
    ) {
        out.clear();
        self.memo.start(game, state);
        let wt = self.weights;
        let guard_covers_dupe = game.guard_covers(1);
        for mv in moves {
            let Some(roll) = state.pending_roll(mv.die) else {
                continue;
            };
            let v = roll.value;
            let allowed = &mut self.memo;
            let guard = mv.powers.contains(Power::Guard);
            let powers = wt.power_cost * mv.powers.len() as f32;
            let cost = match mv.action {
                Action::Write(a) => {
                    if guard {
                        guarded_cost(&wt, game, allowed, a)
                    } else {
                        placement_cost(&wt, game, allowed, a, v)
                    }
                }
                Action::WriteTwice(a, b) => {
                    let first = if guard {
                        guarded_cost(&wt, game, allowed, a)
                    } else {
                        placement_cost(&wt, game, allowed, a, v)
                    };
                    let second = if guard && guard_covers_dupe {
                        guarded_cost(&wt, game, allowed, b)
                    } else {
                        placement_cost(&wt, game, allowed, b, v)
                    };
                    first + second - wt.dupe_gain - wt.cross_cost / 4.0
                }
                Action::Cross(a) => wt.cross_cost - wt.option_cost(allowed.get(a).count_ones()),
                Action::Pass => 0.0,
            };
            out.push((cost + powers, mv));
        }
    }
}

/// What writing a guarded number in `area` costs: nothing for the
/// neighbours, less what filling the area saves.
fn guarded_cost(weights: &Weights, game: &Game, allowed: &Allowed, area: AreaId) -> f32 {
    if game.is_immune(area) {
        0.0
    } else {
        -weights.fill_gain * weights.option_cost(allowed.get(area).count_ones())
    }
}
