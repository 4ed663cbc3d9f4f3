//! A proven lower bound on the X of any game on known dice, from a
//! relaxation of the rules solved by a SAT solver (`batsat`, pure Rust).
//!
//! The relaxation forgets the order of the game and forced placement
//! (rule 12: a number that fits must be written), so it lets a player
//! leave any result unwritten. What it keeps is what every finished sheet
//! shows, counted by value:
//!
//! - an area holds one number, a face of the dice;
//! - for each value, the areas of a region holding it number at most the
//!   results of that value of the region's die; the rest (the region's
//!   overflow) are written by the wild die's results of that value or by
//!   a power: a Color Change makes another die's result wild, a Dupe
//!   writes a second copy. So, for each value, the overflow summed over
//!   the regions is at most the wild results of that value plus what the
//!   powers add, and the powers add at most as many as the rules grant
//!   (Color Change and Dupe uses together);
//! - two neighbouring numbers differ by at most 1, unless one of the areas
//!   is immune or one of the numbers is guarded (at most as many as the
//!   rules grant, twice that when a Guard covers both copies of a Dupe);
//! - after the last round every area without a number is an X (rule 28).
//!
//! Every game's finished sheet is such a labelling, so when no labelling
//! leaves at most `k` areas without a number, no game ends with `k` X or
//! fewer: the solver's "no" is a proof. The question is asked for `k = 0,
//! 1, 2, …` on one incremental instance (a totalizer counts the areas
//! without a number), until the answer is "yes" (the relaxation's optimum)
//! or the conflict budget runs out; the bound is the first `k` not refuted.
//! The budget counts conflicts, not time, so the bound is the same on
//! every machine.

use batsat::{Callbacks, ClauseKind, Lit, SolverInterface, SolverOpts, Var, lbool};

use super::map::Power;
use super::rules::{DieKind, Game, Roll, State};

/// What the relaxation proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    /// No game on the dice ends with fewer X.
    pub crosses: u32,
    /// Whether the relaxation's optimum was reached (`crosses` is the
    /// fewest X of any labelling; a better bound needs a stronger
    /// relaxation), rather than the budget running out or `up_to` being
    /// proven.
    pub optimum: bool,
    /// Conflicts the solver spent.
    pub conflicts: u64,
}

/// Counts the solver's conflicts (one learnt clause each) and stops it
/// when the budget is spent.
struct Budget {
    conflicts: u64,
    limit: u64,
}

impl Callbacks for Budget {
    fn on_new_clause(&mut self, _c: &[Lit], src: ClauseKind) {
        if matches!(src, ClauseKind::Learnt) {
            self.conflicts += 1;
        }
    }

    fn stop(&self) -> bool {
        self.conflicts >= self.limit
    }
}

/// The CNF being built.
struct Cnf {
    solver: batsat::Solver<Budget>,
}

impl Cnf {
    /// An empty instance whose solver stops after `conflicts` conflicts.
    fn new(conflicts: u64) -> Cnf {
        Cnf {
            solver: batsat::Solver::new_with(
                SolverOpts::default(),
                Budget {
                    conflicts: 0,
                    limit: conflicts,
                },
            ),
        }
    }

    fn var(&mut self) -> Lit {
        let v: Var = self.solver.new_var_default();
        Lit::new(v, true)
    }

    fn clause(&mut self, lits: &[Lit]) {
        let mut c = lits.to_vec();
        self.solver.add_clause_reuse(&mut c);
    }

    /// A unary counter of `lits`: `out[j]` is true when at least `j + 1`
    /// of them are (the direction that at-most constraints need).
    fn totalizer(&mut self, lits: &[Lit]) -> Vec<Lit> {
        match lits.len() {
            0 => Vec::new(),
            1 => vec![lits[0]],
            n => {
                let (a, b) = lits.split_at(n / 2);
                let a = self.totalizer(a);
                let b = self.totalizer(b);
                let out: Vec<Lit> = (0..n).map(|_| self.var()).collect();
                for i in 0..=a.len() {
                    for j in 0..=b.len() {
                        if i + j == 0 {
                            continue;
                        }
                        // a ≥ i and b ≥ j imply out ≥ i + j.
                        let mut c = vec![out[i + j - 1]];
                        if i > 0 {
                            c.push(!a[i - 1]);
                        }
                        if j > 0 {
                            c.push(!b[j - 1]);
                        }
                        self.clause(&c);
                    }
                }
                out
            }
        }
    }

    /// At most `k` of `lits` are true.
    fn at_most(&mut self, lits: &[Lit], k: usize) {
        if lits.len() <= k {
            return;
        }
        let out = self.totalizer(lits);
        self.clause(&[!out[k]]);
    }
}

/// The proven lower bound on the X of every game on `rolls` (every roll of
/// one game, in order), spending at most `conflicts` solver conflicts and
/// proving at most `up_to` (a caller with a game of `up_to` X needs no
/// more; `u32::MAX` asks for the relaxation's optimum).
pub fn relaxed_bound(game: &Game, rolls: &[Roll], conflicts: u64, up_to: u32) -> Bound {
    relaxed_bound_from(game, &game.initial_state(), rolls, conflicts, up_to)
}

/// [`relaxed_bound`] from `state`, a position between turns (no roll
/// pending) with `rolls` still to come: its numbers and X are kept, and
/// only the powers it has left are granted.
pub fn relaxed_bound_from(
    game: &Game,
    state: &State,
    rolls: &[Roll],
    conflicts: u64,
    up_to: u32,
) -> Bound {
    let areas = game.area_count();
    let (mut cnf, at_least_blank) = instance(game, state, rolls, conflicts);
    // The first k that a labelling reaches, or that the budget leaves
    // undecided, or `up_to`; every area blank but those written is always
    // a labelling, so k = areas is never refuted.
    for (k, &more_blank) in at_least_blank.iter().enumerate() {
        if k as u32 >= up_to {
            return Bound {
                crosses: up_to,
                optimum: false,
                conflicts: cnf.solver.cb().conflicts,
            };
        }
        let answer = cnf.solver.solve_limited(&[!more_blank]);
        if answer != lbool::FALSE {
            return Bound {
                crosses: k as u32,
                optimum: answer == lbool::TRUE,
                conflicts: cnf.solver.cb().conflicts,
            };
        }
    }
    Bound {
        crosses: areas as u32,
        optimum: true,
        conflicts: cnf.solver.cb().conflicts,
    }
}

/// The relaxation from `state` as CNF, and its counter of areas without a
/// number: `out[j]` is true when at least `j + 1` areas hold none.
fn instance(game: &Game, state: &State, rolls: &[Roll], conflicts: u64) -> (Cnf, Vec<Lit>) {
    let areas = game.area_count();
    let rules = game.rules();
    let left = |power: Power, granted: u8| usize::from(granted.saturating_sub(state.used(power)));
    let color_change = left(Power::ColorChange, rules.powers.color_change);
    let dupe = left(Power::Dupe, rules.powers.dupe);
    let guard = left(Power::Guard, rules.powers.guard);
    let cells = state.cells();
    let faces: Vec<u8> = rules.faces.clone();
    let max_face = usize::from(faces.iter().copied().max().unwrap_or(0));
    let mut cnf = Cnf::new(conflicts);
    // val[a][v]: area a holds the number v.
    let val: Vec<Vec<Lit>> = (0..areas)
        .map(|_| (0..=max_face).map(|_| cnf.var()).collect())
        .collect();
    // An area holds one number at most; what is written stays.
    let mut numbered = Vec::with_capacity(areas);
    for (holds, cell) in val.iter().zip(cells) {
        for v in 0..=max_face {
            let written = cell.value().map(usize::from);
            if !faces.contains(&(v as u8)) || (!cell.is_empty() && written != Some(v)) {
                cnf.clause(&[!holds[v]]);
            }
            if written == Some(v) {
                cnf.clause(&[holds[v]]);
            }
            for w in v + 1..=max_face {
                cnf.clause(&[!holds[v], !holds[w]]);
            }
        }
        let n = cnf.var();
        let mut c: Vec<Lit> = holds.clone();
        c.push(!n);
        cnf.clause(&c);
        numbered.push(n);
    }
    // The results to come by die and value.
    let regions = &game.map().regions;
    let mut of_region = vec![vec![0usize; max_face + 1]; regions.len()];
    let mut wild = vec![0usize; max_face + 1];
    for roll in rolls {
        let v = usize::from(roll.value);
        match game.die(roll.die).kind {
            DieKind::Region(r) => of_region[r.index()][v] += 1,
            DieKind::Wild => wild[v] += 1,
        }
    }
    // For each value, the empty areas of a region given it beyond the
    // results of the region's die to come (its overflow) are written by
    // wild results of that value, or by a power: a Color Change makes
    // another die's result wild, a Dupe writes a second copy. So, summed
    // over the regions, the overflow of a value is at most its wild
    // results plus what powers add, and the powers add at most the Color
    // Changes and Dupes left.
    let mut excess = Vec::new();
    for v in 0..=max_face {
        let mut overflow = Vec::new();
        for (r, region) in regions.iter().enumerate() {
            let lits: Vec<Lit> = region
                .areas
                .iter()
                .filter(|a| cells[a.index()].is_empty())
                .map(|a| val[a.index()][v])
                .collect();
            let have = of_region[r][v];
            if lits.len() <= have {
                continue;
            }
            let count = cnf.totalizer(&lits);
            overflow.extend_from_slice(&count[have..]);
        }
        if overflow.len() <= wild[v] {
            continue;
        }
        let count = cnf.totalizer(&overflow);
        excess.extend_from_slice(&count[wild[v]..]);
    }
    cnf.at_most(&excess, color_change + dupe);
    // The neighbour rule, but for immune areas and guarded numbers (those
    // written, and those the Guards left may write).
    let guarded: Vec<Option<Lit>> = cells
        .iter()
        .map(|cell| (guard > 0 && cell.is_empty()).then(|| cnf.var()))
        .collect();
    let exempt = |a: usize| game.is_immune(game.all_areas()[a]) || cells[a].is_guarded();
    for a in 0..areas {
        if exempt(a) {
            continue;
        }
        for &nb in game.neighbors(game.all_areas()[a]) {
            let b = nb.index();
            // Two numbers already written are legal as they stand.
            if b <= a || exempt(b) || (!cells[a].is_empty() && !cells[b].is_empty()) {
                continue;
            }
            for v in 0..=max_face {
                for w in 0..=max_face {
                    if v.abs_diff(w) <= 1 {
                        continue;
                    }
                    let mut c = vec![!val[a][v], !val[b][w]];
                    c.extend(guarded[a]);
                    c.extend(guarded[b]);
                    cnf.clause(&c);
                }
            }
        }
    }
    let guards = guard
        * if dupe > 0 && rules.options.guard_covers_dupe {
            2
        } else {
            1
        };
    let guarded: Vec<Lit> = guarded.into_iter().flatten().collect();
    cnf.at_most(&guarded, guards);
    // at_least_blank[j]: at least j + 1 areas hold no number.
    let blank: Vec<Lit> = numbered.iter().map(|&n| !n).collect();
    let at_least_blank = cnf.totalizer(&blank);
    (cnf, at_least_blank)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_totalizer_counts() {
        for n in 1..7usize {
            for k in 0..=n {
                // With k of n inputs true, the counter's "at least k"
                // output cannot be false.
                let mut cnf = Cnf::new(u64::MAX);
                let lits: Vec<Lit> = (0..n).map(|_| cnf.var()).collect();
                for (i, &l) in lits.iter().enumerate() {
                    cnf.clause(&[if i < k { l } else { !l }]);
                }
                let out = cnf.totalizer(&lits);
                if k > 0 {
                    let a = cnf.solver.solve_limited(&[!out[k - 1]]);
                    assert_eq!(a, lbool::FALSE, "n {n} k {k}: at least k is forced");
                }
                cnf.at_most(&lits, n);
                assert_eq!(cnf.solver.solve_limited(&[]), lbool::TRUE);
            }
        }
    }
}
