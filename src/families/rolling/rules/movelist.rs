//! The legal moves of a position, stored compactly.
//!
//! With powers left, one die can have thousands of legal moves (every pair
//! of areas for a Dupe after a Color Change). [`MoveList`] keeps them as a
//! few groups that share a die and powers (a set of areas, or the pairs of a
//! set), with exact counts, the way chess engines keep moves as bitboards.
//! Generating them costs a pass over the areas; [`MoveList::get`] unranks
//! any one move, so a random player picks uniformly without listing them,
//! and [`MoveList::iter`] lists them all when needed.

use super::game::{DieId, DieKind, Game};
use super::moves::{Action, Move, PowerSet};
use super::state::{Phase, Roll, State};
use crate::rolling::map::{AreaId, MAX_AREAS, Power};

const WORDS: usize = MAX_AREAS.div_ceil(64);

/// A set of areas on the stack.
#[derive(Clone, Copy)]
struct AreaBits([u64; WORDS]);

impl AreaBits {
    fn new() -> Self {
        Self([0; WORDS])
    }

    #[inline]
    fn insert(&mut self, a: AreaId) {
        self.0[a.index() / 64] |= 1 << (a.index() % 64);
    }
}

/// Where a set of areas lives in [`MoveList::words`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SetRef(u32);

/// How the moves of a group are laid out.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// Write the number in each area of the set.
    Write(SetRef),
    /// Mark an X in each area of the set.
    Cross(SetRef),
    /// Do nothing (one move).
    Pass,
    /// Write in both areas of each pair `a < b` of the set, except pairs
    /// with both areas in `skip` (a Color Change that changes nothing).
    Pairs { set: SetRef, skip: Option<SetRef> },
    /// Write in `a` from `first` and `b` from `second`, `a != b` (the first
    /// copy is the guarded one), except pairs with both areas in `skip`.
    Ordered {
        first: SetRef,
        second: SetRef,
        skip: Option<SetRef>,
    },
}

#[derive(Clone, Copy, Debug)]
struct Group {
    die: DieId,
    powers: PowerSet,
    shape: Shape,
    len: usize,
}

/// The legal moves of a position (see the module documentation). Reuse one
/// list across positions: after warming up it allocates nothing.
#[derive(Clone, Debug, Default)]
pub struct MoveList {
    words: Vec<u64>,
    stride: usize,
    groups: Vec<Group>,
    len: usize,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no move (the position is not a decision).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn clear(&mut self, areas: usize) {
        self.words.clear();
        self.groups.clear();
        self.len = 0;
        self.stride = areas.div_ceil(64).max(1);
    }

    fn set(&self, r: SetRef) -> &[u64] {
        &self.words[r.0 as usize..r.0 as usize + self.stride]
    }

    fn store(&mut self, bits: &AreaBits) -> SetRef {
        let at = self.words.len();
        self.words.extend_from_slice(&bits.0[..self.stride]);
        SetRef(at as u32)
    }

    fn push(&mut self, die: DieId, powers: PowerSet, shape: Shape) {
        let len = self.count(shape);
        if len > 0 {
            self.groups.push(Group {
                die,
                powers,
                shape,
                len,
            });
            self.len += len;
        }
    }

    fn count(&self, shape: Shape) -> usize {
        let ones = |r: SetRef| popcount(self.set(r));
        let both = |x: SetRef, y: SetRef| {
            self.set(x)
                .iter()
                .zip(self.set(y))
                .map(|(a, b)| (a & b).count_ones() as usize)
                .sum::<usize>()
        };
        let three = |x: SetRef, y: SetRef, z: SetRef| {
            self.set(x)
                .iter()
                .zip(self.set(y))
                .zip(self.set(z))
                .map(|((a, b), c)| (a & b & c).count_ones() as usize)
                .sum::<usize>()
        };
        let pairs = |n: usize| n * n.saturating_sub(1) / 2;
        match shape {
            Shape::Write(s) | Shape::Cross(s) => ones(s),
            Shape::Pass => 1,
            Shape::Pairs { set, skip } => {
                pairs(ones(set)) - skip.map_or(0, |r| pairs(both(set, r)))
            }
            Shape::Ordered {
                first,
                second,
                skip,
            } => {
                let all = ones(first) * ones(second) - both(first, second);
                let inside = skip.map_or(0, |r| {
                    both(first, r) * both(second, r) - three(first, second, r)
                });
                all - inside
            }
        }
    }

    /// The `i`-th move (in the order [`MoveList::iter`] lists them).
    ///
    /// # Panics
    /// If `i >= self.len()`.
    pub fn get(&self, mut i: usize) -> Move {
        for g in &self.groups {
            if i < g.len {
                return Move {
                    die: g.die,
                    action: self.unrank(g.shape, i),
                    powers: g.powers,
                };
            }
            i -= g.len;
        }
        panic!("move {i} of a list of {}", self.len)
    }

    fn unrank(&self, shape: Shape, mut i: usize) -> Action {
        match shape {
            Shape::Write(s) => Action::Write(select(self.set(s), i)),
            Shape::Cross(s) => Action::Cross(select(self.set(s), i)),
            Shape::Pass => Action::Pass,
            Shape::Pairs { .. } | Shape::Ordered { .. } => {
                let stride = self.stride;
                for a in ones(self.firsts(shape)) {
                    let mut cand = [0u64; WORDS];
                    self.seconds(shape, a, &mut cand[..stride]);
                    let c = popcount(&cand[..stride]);
                    if i < c {
                        return Action::WriteTwice(a, select(&cand[..stride], i));
                    }
                    i -= c;
                }
                unreachable!("counted pairs")
            }
        }
    }

    /// The areas a group's moves start from (its only areas but for pairs).
    fn firsts(&self, shape: Shape) -> &[u64] {
        match shape {
            Shape::Write(s) | Shape::Cross(s) | Shape::Pairs { set: s, .. } => self.set(s),
            Shape::Ordered { first, .. } => self.set(first),
            Shape::Pass => &[],
        }
    }

    /// The second areas paired with `a` in a group of pairs, into `out`
    /// (nothing for other groups).
    fn seconds(&self, shape: Shape, a: AreaId, out: &mut [u64]) {
        let skip = match shape {
            Shape::Pairs { set, skip } => {
                after(self.set(set), a, out);
                skip
            }
            Shape::Ordered { second, skip, .. } => {
                out.copy_from_slice(self.set(second));
                out[a.index() / 64] &= !(1 << (a.index() % 64));
                skip
            }
            Shape::Write(_) | Shape::Cross(_) | Shape::Pass => {
                out.fill(0);
                None
            }
        };
        if let Some(r) = skip.filter(|&r| contains(self.set(r), a)) {
            minus(out, self.set(r));
        }
    }

    /// Every move, group by group (the order of [`MoveList::get`]), each in
    /// constant time on average.
    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        self.iter_where(|_, _| true)
    }

    /// The moves that use the powers `keep` accepts, in the order of
    /// [`MoveList::iter`]: the moves are grouped by die and powers, and a
    /// group left out costs nothing to skip.
    pub fn iter_where<'a>(
        &'a self,
        keep: impl Fn(DieId, PowerSet) -> bool + 'a,
    ) -> impl Iterator<Item = Move> + 'a {
        self.groups
            .iter()
            .filter(move |g| keep(g.die, g.powers))
            .flat_map(move |g| {
                self.actions(g.shape).map(move |action| Move {
                    die: g.die,
                    action,
                    powers: g.powers,
                })
            })
    }

    /// The actions of one group, in the order [`MoveList::unrank`] ranks them.
    fn actions(&self, shape: Shape) -> impl Iterator<Item = Action> + '_ {
        let stride = self.stride;
        let pass = matches!(shape, Shape::Pass).then_some(Action::Pass);
        pass.into_iter()
            .chain(ones(self.firsts(shape)).flat_map(move |a| {
                let single = match shape {
                    Shape::Write(_) => Some(Action::Write(a)),
                    Shape::Cross(_) => Some(Action::Cross(a)),
                    _ => None,
                };
                let mut cand = [0u64; WORDS];
                self.seconds(shape, a, &mut cand[..stride]);
                single.into_iter().chain(
                    (0..stride)
                        .flat_map(move |w| word_ones(w, cand[w]))
                        .map(move |b| Action::WriteTwice(a, b)),
                )
            }))
    }

    /// Whether a move is in the list.
    pub fn contains(&self, mv: &Move) -> bool {
        self.iter().any(|m| m == *mv)
    }
}

fn popcount(s: &[u64]) -> usize {
    s.iter().map(|w| w.count_ones() as usize).sum()
}

fn contains(s: &[u64], a: AreaId) -> bool {
    s[a.index() / 64] & (1 << (a.index() % 64)) != 0
}

fn minus(s: &mut [u64], r: &[u64]) {
    for (x, y) in s.iter_mut().zip(r) {
        *x &= !y;
    }
}

/// The areas of `s` after `a`, into `out`.
fn after(s: &[u64], a: AreaId, out: &mut [u64]) {
    let (w, b) = (a.index() / 64, a.index() % 64);
    for (i, o) in out.iter_mut().enumerate() {
        *o = match i.cmp(&w) {
            std::cmp::Ordering::Less => 0,
            std::cmp::Ordering::Equal => s[i] & (!0u64).checked_shl(b as u32 + 1).unwrap_or(0),
            std::cmp::Ordering::Greater => s[i],
        };
    }
}

/// The areas of a set in order.
fn ones(s: &[u64]) -> impl Iterator<Item = AreaId> + '_ {
    s.iter()
        .enumerate()
        .flat_map(|(w, &word)| word_ones(w, word))
}

/// The areas of word `w` of a set, in order.
fn word_ones(w: usize, word: u64) -> impl Iterator<Item = AreaId> {
    let mut bits = word;
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let b = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            AreaId((w * 64 + b) as u16)
        })
    })
}

/// The `i`-th area of a set.
fn select(s: &[u64], i: usize) -> AreaId {
    ones(s).nth(i).expect("index within the set")
}

impl Game {
    /// Every useful legal move for the pending dice, into `out` (cleared
    /// first). Moves that spend a power for nothing are left out: Color
    /// Change on the wild die, Color Change whose numbers all land in the
    /// die's own region, and (under `color_change_on_cross`) Color Change
    /// on an X in the die's own region or on a die that would do nothing
    /// anyway. [`Game::check`] accepts those too.
    pub fn legal_moves(&self, state: &State, out: &mut MoveList) {
        out.clear(self.area_count());
        if self.phase(state) != Phase::Decision {
            return;
        }
        for roll in state.pending() {
            self.add_moves(state, roll, out);
        }
    }

    /// The useful legal moves of one pending die, into `out` (cleared first).
    pub fn moves_for(&self, state: &State, roll: Roll, out: &mut MoveList) {
        out.clear(self.area_count());
        self.add_moves(state, roll, out);
    }

    fn add_moves(&self, state: &State, roll: Roll, out: &mut MoveList) {
        let rules = self.rules();
        let opts = rules.options;
        let (die, v) = (roll.die, roll.value);
        let can = |p: Power| state.used(p) < rules.powers.get(p);
        let wild = self.die(die).kind == DieKind::Wild;
        let (guard, dupe) = (can(Power::Guard), can(Power::Dupe));
        let none = PowerSet::NONE;
        let g = none.with(Power::Guard);
        let d = none.with(Power::Dupe);

        let mut plain = AreaBits::new();
        let mut empty = AreaBits::new();
        let mut any_plain = false;
        for &a in self.die_areas(die) {
            if state.cell(a).is_empty() {
                empty.insert(a);
                if self.neighbor_rule_ok(state, a, v) {
                    plain.insert(a);
                    any_plain = true;
                }
            }
        }
        let (plain_r, empty_r) = (out.store(&plain), out.store(&empty));
        out.push(die, none, Shape::Write(plain_r));
        if guard {
            out.push(die, g, Shape::Write(empty_r));
        }
        if dupe {
            out.push(
                die,
                d,
                Shape::Pairs {
                    set: plain_r,
                    skip: None,
                },
            );
        }
        if guard && dupe {
            let shape = if self.guard_covers(1) {
                Shape::Pairs {
                    set: empty_r,
                    skip: None,
                }
            } else {
                Shape::Ordered {
                    first: empty_r,
                    second: plain_r,
                    skip: None,
                }
            };
            out.push(die, g.with(Power::Dupe), shape);
        }

        if !wild && can(Power::ColorChange) && (opts.color_change_anytime || !any_plain) {
            let c = none.with(Power::ColorChange);
            let mut all_plain = AreaBits::new();
            let mut all_empty = AreaBits::new();
            let mut own = AreaBits::new();
            let mut plain_out = AreaBits::new();
            let mut empty_out = AreaBits::new();
            let mut fits_somewhere = false;
            for &a in self.all_areas() {
                let mine = self.die_reaches(die, a);
                if mine {
                    own.insert(a);
                }
                if state.cell(a).is_empty() {
                    all_empty.insert(a);
                    if !mine {
                        empty_out.insert(a);
                    }
                    if self.neighbor_rule_ok(state, a, v) {
                        fits_somewhere = true;
                        all_plain.insert(a);
                        if !mine {
                            plain_out.insert(a);
                        }
                    }
                }
            }
            let (ap, ae, own_r) = (
                out.store(&all_plain),
                out.store(&all_empty),
                out.store(&own),
            );
            let (po, eo) = (out.store(&plain_out), out.store(&empty_out));
            out.push(die, c, Shape::Write(po));
            if guard {
                out.push(die, c.with(Power::Guard), Shape::Write(eo));
            }
            if dupe {
                out.push(
                    die,
                    c.with(Power::Dupe),
                    Shape::Pairs {
                        set: ap,
                        skip: Some(own_r),
                    },
                );
            }
            if guard && dupe {
                let shape = if self.guard_covers(1) {
                    Shape::Pairs {
                        set: ae,
                        skip: Some(own_r),
                    }
                } else {
                    Shape::Ordered {
                        first: ae,
                        second: ap,
                        skip: Some(own_r),
                    }
                };
                out.push(die, c.with(Power::Guard).with(Power::Dupe), shape);
            }
            // A number that fits nowhere: with Color Change the die resolves
            // as wild, so its X may go outside its region, or it may do
            // nothing (where the wild die would). Color Changes that change
            // nothing are left out: an X in the die's own region, or doing
            // nothing when the die would do nothing anyway.
            if !fits_somewhere && self.powers_without_number().contains(Power::ColorChange) {
                match self.cross_spot(state, die, true) {
                    Some(_) => out.push(die, c, Shape::Cross(eo)),
                    None if self.cross_spot(state, die, false).is_some() => {
                        out.push(die, c, Shape::Pass)
                    }
                    None => {}
                }
            }
        }

        if !any_plain {
            match self.cross_spot(state, die, wild) {
                Some(_) => out.push(die, none, Shape::Cross(empty_r)),
                None => out.push(die, none, Shape::Pass),
            }
        }
    }
}
