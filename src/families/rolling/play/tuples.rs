//! A learned estimate of the X still to come: an n-tuple network.
//!
//! The estimate is a sum of table entries, one table per chain of three
//! neighbouring areas (`a – b – c`, with `b` the middle one), indexed by
//! what the three areas hold (blank, a number, X, or a guarded number)
//! and by the stage of the game (rounds in pairs), plus one table indexed
//! by the powers used, plus one table per region indexed by its empty
//! areas, the round, whether its die and the wild die were drawn this
//! round, and the Color Changes used. A chain sees the local pattern that
//! decides whether its blank areas can still be filled: a blank area
//! between a 2 and a 5 is lost, between a 3 and a 4 it still takes two
//! faces. A region's table sees what no chain can: whether the dice left
//! can still fill it.
//!
//! The tables are learned by temporal-difference learning on the positions
//! right after each move ("afterstates"), as Szubert and Jaśkowski did for
//! 2048: a player that picks the move with the fewest X now plus estimated
//! later plays a game against the seeded dice, and then the estimate of
//! each position it went through is pulled towards that position's
//! λ-return (Sutton and Barto, ch. 12): the X made by the next move plus a
//! blend, by λ = 0.5, of the next position's estimate and its own λ-return.
//! The pull, the learning rate, falls as the games go on. Learning is
//! sequential and seeded, so the same map and seed give the same tables on
//! every machine.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::strong::HeldBack;
use super::{Policy, derive_seed};
use crate::engine;
use crate::rolling::map::{AreaId, MAX_REGIONS, Power};
use crate::rolling::rules::log::map_hash;
use crate::rolling::rules::{
    Action, Cell, DieId, DieKind, Game, Move, MoveList, PowerSet, Solo, State,
};

/// The most faces a die may have for the estimate (the tables grow with
/// the cube of the number of faces).
pub const MAX_FACES: usize = 12;
/// Each power's uses made, capped.
const USES: usize = 4;
/// Entries of the powers table for one stage.
const POWER_ENTRIES: usize = USES * USES * USES;
/// The most empty areas of one region the region tables tell apart.
const MAX_BLANKS: usize = 15;
/// Entries of a region's table for one round: whether the region's die and
/// the wild die were drawn this round, Color Changes used, empty areas.
const REGION_ENTRIES: usize = 2 * 2 * USES * (MAX_BLANKS + 1);

/// Empty areas per region.
type Blanks = [u16; MAX_REGIONS];
/// The share of a learning step each region's entry takes.
const REGION_SHARE: f32 = 1.0 / 16.0;

/// When an estimate is read: the stage of the chain tables, and the round
/// and the dice drawn in it for the region tables. The moves of a round's
/// last die are read at the start of the next round.
#[derive(Clone, Copy, Debug)]
struct Moment {
    stage: usize,
    round: usize,
    /// Bit `r`: region `r`'s die was drawn this round.
    drawn: u64,
    /// Whether the wild die was drawn this round.
    wild: bool,
}

/// The learned estimate (see the module documentation).
#[derive(Clone, Debug)]
pub struct TupleValue {
    /// The chains of three neighbouring areas.
    chains: Vec<[AreaId; 3]>,
    /// The chains through each area, with the weight of the area's symbol
    /// in the chain's pattern.
    through: Vec<Vec<(u32, u32)>>,
    /// Whether two areas share a chain: bit `b` of row `a` (rows of
    /// `near_words` words).
    near: Vec<u64>,
    near_words: usize,
    /// For each area, the other areas it shares chains with, and those
    /// chains.
    shared: Vec<Vec<(AreaId, Vec<u32>)>>,
    /// Number of stages (pairs of rounds).
    stages: usize,
    /// What each cell is to the estimate: blank 0, the faces 1 to `n` in
    /// ascending order, X `n + 1`, guarded `n + 2`; by the cell's byte.
    cell_symbol: [u8; 256],
    /// Symbols: faces plus 3.
    symbols: usize,
    /// Chain tables: `(chain * stages + stage) * symbols³ + pattern`.
    chain_table: Vec<f32>,
    /// Powers table: `stage * POWER_ENTRIES + uses made`.
    power_table: Vec<f32>,
    /// The region of each area.
    area_region: Vec<u8>,
    /// The dice that are some region's own: `(die, region)`.
    region_dice: Vec<(DieId, u8)>,
    /// The wild die.
    wild_die: DieId,
    /// Number of regions.
    regions: usize,
    /// Rounds of a game.
    rounds: usize,
    /// Region tables, one per region and round (see [`REGION_ENTRIES`]):
    /// what a region's count of empty areas means for the X to come, given
    /// the dice still in the bag this round and the Color Changes left.
    region_table: Vec<f32>,
    /// The hash of the map and rules the values are for.
    map_hash: String,
    /// Games learned from.
    games: u64,
    /// Seed of those games.
    seed: u64,
}

/// From which share of the rounds the tuples and expert players use each
/// power (by [`Power::index`]: Color Change, Guard, Dupe): Dupe from the
/// third round of eight. Their values learn when a Dupe pays, but not in
/// the first two rounds. On 2,000 USA games after 200,000 games of
/// learning, Dupe from the third round gives 6.28 X; from the fourth 6.31,
/// the fifth 6.42, the sixth 6.48; from the second 6.79 and at any time
/// 6.97 (after 80,000 and 140,000 games, when from the third gives 6.61
/// and 6.33).
pub const TUPLES_POWER_FROM: [f32; 3] = [0.0, 0.0, 0.25];

/// The first bytes of a values file.
const MAGIC: &[u8] = b"rollx-tuples";
/// The values file's format version.
const FORMAT_VERSION: u32 = 2;
/// The learning rate of [`Trainer`] after `games` games: it starts at
/// 0.02 and falls, to half of that after 100,000 games and a seventh after
/// 600,000, so that late games refine what early ones learned.
fn learning_rate(games: u64) -> f32 {
    0.02 / (1.0 + games as f32 / 100_000.0)
}

/// Why a values file cannot be used.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ValuesError {
    /// The bytes are not a values file.
    #[error("not a rollx values file (they are written by `rollx train`)")]
    NotValues,
    /// A format this version does not read.
    #[error(
        "values file format {0} is not supported (this rollx reads format {FORMAT_VERSION}): run `rollx train` again"
    )]
    Version(u32),
    /// Made for another map, or other rules.
    #[error(
        "the values were learned for another map or other rules (map hash {found}, this map {expected}): run `rollx train` on this map again"
    )]
    OtherMap {
        /// The hash in the file.
        found: String,
        /// The map's hash.
        expected: String,
    },
    /// Cut short or damaged.
    #[error("the values file is truncated or damaged: run `rollx train` again")]
    Truncated,
}

/// Why a map cannot have learned values.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error(
    "the tuples player supports dice of at most {MAX_FACES} faces, and this map's dice have {0}"
)]
pub struct TooManyFaces(pub usize);

/// Reads little-endian numbers from bytes.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let out = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(out)
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
}

impl TupleValue {
    /// An estimate that is zero everywhere, for `game`'s map; an error when
    /// its dice have more than [`MAX_FACES`] faces.
    pub fn new(game: &Game) -> Result<TupleValue, TooManyFaces> {
        let faces = &game.rules().faces;
        if faces.len() > MAX_FACES {
            return Err(TooManyFaces(faces.len()));
        }
        let symbols = faces.len() + 3;
        let mut cell_symbol = [0u8; 256];
        cell_symbol[usize::from(Cell::CROSS.raw())] = symbols as u8 - 2;
        for (i, &f) in faces.iter().enumerate() {
            cell_symbol[usize::from(Cell::number(f).raw())] = i as u8 + 1;
            cell_symbol[usize::from(Cell::guarded(f).raw())] = symbols as u8 - 1;
        }
        let mut chains = Vec::new();
        for &b in game.all_areas() {
            let n = game.neighbors(b);
            for (i, &a) in n.iter().enumerate() {
                for &c in &n[i + 1..] {
                    chains.push([a, b, c]);
                }
            }
        }
        let mut through = vec![Vec::new(); game.area_count()];
        let symbols_u32 = symbols as u32;
        for (i, chain) in chains.iter().enumerate() {
            let weights = [symbols_u32 * symbols_u32, symbols_u32, 1];
            for (a, w) in chain.iter().zip(weights) {
                through[a.index()].push((i as u32, w));
            }
        }
        let stages = usize::from(game.rules().rounds).div_ceil(2).max(1);
        let near_words = game.area_count().div_ceil(64);
        let mut near = vec![0u64; game.area_count() * near_words];
        let mut shared: Vec<Vec<(AreaId, Vec<u32>)>> = vec![Vec::new(); game.area_count()];
        for (i, chain) in chains.iter().enumerate() {
            for &x in chain {
                for &y in chain {
                    near[x.index() * near_words + y.index() / 64] |= 1 << (y.index() % 64);
                    if x == y {
                        continue;
                    }
                    let with = &mut shared[x.index()];
                    match with.iter_mut().find(|(z, _)| *z == y) {
                        Some((_, list)) => list.push(i as u32),
                        None => with.push((y, vec![i as u32])),
                    }
                }
            }
        }
        let regions = game.map().regions.len();
        let rounds = usize::from(game.rules().rounds).max(1);
        let area_region = game
            .all_areas()
            .iter()
            .map(|&a| game.region_of(a).index() as u8)
            .collect();
        let region_dice = (0..game.dice().len())
            .filter_map(|i| {
                let die = DieId(i as u8);
                match game.die(die).kind {
                    DieKind::Region(r) => Some((die, r.index() as u8)),
                    DieKind::Wild => None,
                }
            })
            .collect();
        Ok(TupleValue {
            near,
            near_words,
            shared,
            chain_table: vec![0.0; chains.len() * stages * symbols * symbols * symbols],
            power_table: vec![0.0; stages * POWER_ENTRIES],
            region_table: vec![0.0; regions * rounds * REGION_ENTRIES],
            area_region,
            region_dice,
            wild_die: game.wild_die(),
            regions,
            rounds,
            chains,
            through,
            stages,
            cell_symbol,
            symbols,
            map_hash: map_hash(game.map()),
            games: 0,
            seed: 0,
        })
    }

    /// Learns the estimate from `games` games against dice seeded by
    /// `seed` (see [`Trainer`] to follow the learning).
    pub fn train(game: &Game, games: u64, seed: u64) -> Result<TupleValue, TooManyFaces> {
        let mut trainer = Trainer::new(game, seed)?;
        for _ in 0..games {
            trainer.play(game);
        }
        Ok(trainer.finish())
    }

    /// The tables as a values file (see `docs/simulate.md`), for
    /// [`TupleValue::from_bytes`].
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(
            64 + 4 * (self.chain_table.len() + self.power_table.len() + self.region_table.len()),
        );
        out.extend(MAGIC);
        out.extend(FORMAT_VERSION.to_le_bytes());
        out.extend((self.map_hash.len() as u32).to_le_bytes());
        out.extend(self.map_hash.as_bytes());
        out.extend(self.games.to_le_bytes());
        out.extend(self.seed.to_le_bytes());
        out.extend((self.chains.len() as u32).to_le_bytes());
        out.extend((self.stages as u32).to_le_bytes());
        for x in self.tables() {
            out.extend(x.to_le_bytes());
        }
        out
    }

    /// Reads a values file written by [`TupleValue::to_bytes`] for `game`'s
    /// map and rules.
    pub fn from_bytes(game: &Game, bytes: &[u8]) -> Result<TupleValue, ValuesError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(MAGIC.len()) != Some(MAGIC) {
            return Err(ValuesError::NotValues);
        }
        let version = r.u32().ok_or(ValuesError::Truncated)?;
        if version != FORMAT_VERSION {
            return Err(ValuesError::Version(version));
        }
        let len = r.u32().ok_or(ValuesError::Truncated)? as usize;
        let hash = r.take(len).ok_or(ValuesError::Truncated)?;
        let hash = String::from_utf8_lossy(hash).into_owned();
        // A file for this map was made by a `TupleValue` for it, so the map
        // has few enough faces; any other map is refused below.
        let Ok(mut value) = TupleValue::new(game) else {
            return Err(ValuesError::OtherMap {
                found: hash,
                expected: map_hash(game.map()),
            });
        };
        if hash != value.map_hash {
            return Err(ValuesError::OtherMap {
                found: hash,
                expected: value.map_hash,
            });
        }
        value.games = r.u64().ok_or(ValuesError::Truncated)?;
        value.seed = r.u64().ok_or(ValuesError::Truncated)?;
        let chains = r.u32().ok_or(ValuesError::Truncated)? as usize;
        let stages = r.u32().ok_or(ValuesError::Truncated)? as usize;
        if chains != value.chains.len() || stages != value.stages {
            return Err(ValuesError::Truncated);
        }
        for x in value.tables_mut() {
            *x = f32::from_le_bytes(r.u32().ok_or(ValuesError::Truncated)?.to_le_bytes());
            if !x.is_finite() {
                return Err(ValuesError::Truncated);
            }
        }
        if r.at != bytes.len() {
            return Err(ValuesError::Truncated);
        }
        Ok(value)
    }

    /// Every entry, in the order of the values file.
    fn tables(&self) -> impl Iterator<Item = &f32> {
        self.chain_table
            .iter()
            .chain(&self.power_table)
            .chain(&self.region_table)
    }

    /// Every entry, in the order of the values file.
    fn tables_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.chain_table
            .iter_mut()
            .chain(&mut self.power_table)
            .chain(&mut self.region_table)
    }

    /// Games the values were learned from.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Seed of the games the values were learned from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The stage of a round.
    #[inline]
    fn stage_of(&self, round: u8) -> usize {
        (usize::from(round) / 2).min(self.stages - 1)
    }

    /// When `state`'s estimate is read.
    fn moment(&self, state: &State) -> Moment {
        let mut drawn = 0;
        for &(die, region) in &self.region_dice {
            if state.drawn(die) {
                drawn |= 1 << region;
            }
        }
        Moment {
            stage: self.stage_of(state.round()),
            round: usize::from(state.round()).min(self.rounds - 1),
            drawn,
            wild: state.drawn(self.wild_die),
        }
    }

    /// The start of round `round`, with every die back in the bag.
    fn round_start(&self, round: u8) -> Moment {
        Moment {
            stage: self.stage_of(round),
            round: usize::from(round).min(self.rounds - 1),
            drawn: 0,
            wild: false,
        }
    }

    /// The symbol of a cell.
    #[inline]
    fn symbol(&self, cell: Cell) -> usize {
        usize::from(self.cell_symbol[usize::from(cell.raw())])
    }

    /// The entry of a chain for the cells `cell` gives its areas.
    #[inline]
    fn chain_entry(&self, chain: usize, stage: usize, cell: impl Fn(AreaId) -> Cell) -> usize {
        let [a, b, c] = self.chains[chain];
        let n = self.symbols;
        (chain * self.stages + stage) * n * n * n
            + (self.symbol(cell(a)) * n + self.symbol(cell(b))) * n
            + self.symbol(cell(c))
    }

    #[inline]
    fn chain_index(&self, chain: usize, state: &State, stage: usize) -> usize {
        self.chain_entry(chain, stage, |a| state.cell(a))
    }

    /// The entry of the powers table for the uses made of each power.
    #[inline]
    fn power_entry(stage: usize, used: impl Fn(Power) -> u8) -> usize {
        // Uses made, capped; a map granting fewer uses simply never
        // reaches the higher entries.
        let used = |p: Power| usize::from(used(p)).min(USES - 1);
        stage * POWER_ENTRIES
            + (used(Power::ColorChange) * USES + used(Power::Guard)) * USES
            + used(Power::Dupe)
    }

    #[inline]
    fn power_index(state: &State, stage: usize) -> usize {
        Self::power_entry(stage, |p| state.used(p))
    }

    /// The entry of region `region`'s table with `blanks` empty areas and
    /// `changes` Color Changes used.
    #[inline]
    fn region_entry(&self, region: usize, blanks: u16, changes: u8, at: Moment) -> usize {
        let drawn = (at.drawn >> region & 1) as usize;
        ((((region * self.rounds + at.round) * 2 + drawn) * 2 + usize::from(at.wild)) * USES
            + usize::from(changes).min(USES - 1))
            * (MAX_BLANKS + 1)
            + usize::from(blanks).min(MAX_BLANKS)
    }

    /// The empty areas of each region.
    fn blanks(&self, state: &State) -> Blanks {
        let mut blanks = [0; MAX_REGIONS];
        for (cell, &region) in state.cells().iter().zip(&self.area_region) {
            blanks[usize::from(region)] += u16::from(cell.is_empty());
        }
        blanks
    }

    /// The sum of the region tables' entries.
    fn regions_value(&self, blanks: &Blanks, changes: u8, at: Moment) -> f32 {
        (0..self.regions)
            .map(|r| self.region_table[self.region_entry(r, blanks[r], changes, at)])
            .sum()
    }

    /// The estimated X still to come after `state` (0 once the game is over).
    pub fn value(&self, state: &State) -> f32 {
        if state.is_finished() {
            return 0.0;
        }
        self.value_at(state, self.moment(state))
    }

    /// The sum of `state`'s entries at `at`.
    fn value_at(&self, state: &State, at: Moment) -> f32 {
        let chains: f32 = (0..self.chains.len())
            .map(|i| self.chain_table[self.chain_index(i, state, at.stage)])
            .sum();
        chains
            + self.power_table[Self::power_index(state, at.stage)]
            + self.regions_value(&self.blanks(state), state.used(Power::ColorChange), at)
    }

    /// `value(after) - value(before)`, where `after` is `before` with `mv`
    /// applied: only the chains through the areas the move marks are read.
    pub fn change(&self, before: &State, after: &State, mv: &Move) -> f32 {
        if after.is_finished() || before.round() != after.round() {
            return self.value(after) - self.value(before);
        }
        let (areas, n) = marked(mv);
        let mut marks = [(AreaId(0), Cell::EMPTY); 2];
        for (mark, &area) in marks.iter_mut().zip(&areas[..n]) {
            *mark = (area, after.cell(area));
        }
        let at = self.moment(before);
        self.powers_change(before, mv.powers, at.stage)
            + self.chains_change(before, &marks[..n], at.stage)
            + self.regions_change(before, &self.blanks(before), &marks[..n], mv.powers, at)
    }

    /// The powers table's part of a move's change of estimate.
    #[inline]
    fn powers_change(&self, before: &State, powers: PowerSet, stage: usize) -> f32 {
        let used_after = |p: Power| before.used(p) + u8::from(powers.contains(p));
        self.power_table[Self::power_entry(stage, used_after)]
            - self.power_table[Self::power_index(before, stage)]
    }

    /// The region tables' part of a move's change of estimate, where
    /// `blanks` are `before`'s empty areas per region and `marks` the
    /// (empty) areas the move marks.
    fn regions_change(
        &self,
        before: &State,
        blanks: &Blanks,
        marks: &[(AreaId, Cell)],
        powers: PowerSet,
        at: Moment,
    ) -> f32 {
        let changes = before.used(Power::ColorChange);
        let changes_after = changes + u8::from(powers.contains(Power::ColorChange));
        let region = |&(a, _): &(AreaId, Cell)| usize::from(self.area_region[a.index()]);
        if changes_after.min(USES as u8 - 1) != changes.min(USES as u8 - 1) {
            // Every region's entry moves.
            let mut after = *blanks;
            for mark in marks {
                after[region(mark)] -= 1;
            }
            return self.regions_value(&after, changes_after, at)
                - self.regions_value(blanks, changes, at);
        }
        let mut d = 0.0;
        for (k, mark) in marks.iter().enumerate() {
            let r = region(mark);
            if marks[..k].iter().any(|m| region(m) == r) {
                continue;
            }
            let taken = marks.iter().filter(|m| region(m) == r).count() as u16;
            d += self.region_table[self.region_entry(r, blanks[r] - taken, changes, at)]
                - self.region_table[self.region_entry(r, blanks[r], changes, at)];
        }
        d
    }

    /// Whether some chain holds both areas (then their changes do not
    /// simply add up).
    #[inline]
    fn near(&self, a: AreaId, b: AreaId) -> bool {
        self.near[a.index() * self.near_words + b.index() / 64] & (1 << (b.index() % 64)) != 0
    }

    /// [`TupleValue::chains_change`] for one marked area.
    fn chains_change_one(&self, before: &State, area: AreaId, cell: Cell, stage: usize) -> f32 {
        let shift = self.symbol(cell) as isize - self.symbol(before.cell(area)) as isize;
        let mut d = 0.0;
        for &(chain, weight) in &self.through[area.index()] {
            let i = self.chain_index(chain as usize, before, stage);
            let j = i.wrapping_add_signed(shift * weight as isize);
            d += self.chain_table[j] - self.chain_table[i];
        }
        d
    }

    /// The chains' part of a move's change of estimate, for the (at most
    /// two) areas it marks.
    fn chains_change(&self, before: &State, marks: &[(AreaId, Cell)], stage: usize) -> f32 {
        debug_assert!(marks.len() <= 2, "a move marks at most two areas");
        let one =
            |&(area, cell): &(AreaId, Cell)| self.chains_change_one(before, area, cell, stage);
        match marks {
            [a, b] if self.near(a.0, b.0) => {
                one(a) + one(b) + self.chains_overlap(before, *a, *b, stage)
            }
            _ => marks.iter().map(one).sum(),
        }
    }

    /// What the chains holding both marked areas `a` and `b` change beyond
    /// the sum of each mark's own change ([`TupleValue::chains_change_one`]
    /// counts such a chain once for each mark, with the other area as it
    /// was).
    fn chains_overlap(
        &self,
        before: &State,
        (a, cell_a): (AreaId, Cell),
        (b, cell_b): (AreaId, Cell),
        stage: usize,
    ) -> f32 {
        let shift = |area: AreaId, cell: Cell| {
            self.symbol(cell) as isize - self.symbol(before.cell(area)) as isize
        };
        let (shift_a, shift_b) = (shift(a, cell_a), shift(b, cell_b));
        let n = self.symbols as isize;
        let chains = self.shared[a.index()]
            .iter()
            .find(|(x, _)| *x == b)
            .map_or(&[][..], |(_, c)| c);
        let mut d = 0.0;
        for &chain in chains {
            let [x, y, _] = self.chains[chain as usize];
            let weight = |area: AreaId| match area {
                _ if area == x => n * n,
                _ if area == y => n,
                _ => 1,
            };
            let i = self.chain_index(chain as usize, before, stage);
            let ia = i.wrapping_add_signed(shift_a * weight(a));
            let ib = i.wrapping_add_signed(shift_b * weight(b));
            let iab = ia.wrapping_add_signed(shift_b * weight(b));
            d += self.chain_table[iab] - self.chain_table[ia] - self.chain_table[ib]
                + self.chain_table[i];
        }
        d
    }

    /// Moves the estimate of `state` by `step`, shared over its entries.
    fn nudge(&mut self, state: &State, step: f32) {
        let at = self.moment(state);
        let share = step / (self.chains.len() as f32 + 1.0) * 8.0;
        for i in 0..self.chains.len() {
            let k = self.chain_index(i, state, at.stage);
            self.chain_table[k] += share;
        }
        self.power_table[Self::power_index(state, at.stage)] += step / 8.0;
        let blanks = self.blanks(state);
        let changes = state.used(Power::ColorChange);
        for (r, &b) in blanks[..self.regions].iter().enumerate() {
            let k = self.region_entry(r, b, changes, at);
            self.region_table[k] += step * REGION_SHARE;
        }
    }
}

/// The areas whose cells a move changes: written, or marked with an X.
fn marked(mv: &Move) -> ([AreaId; 2], usize) {
    match mv.action {
        Action::Write(a) | Action::Cross(a) => ([a, a], 1),
        Action::WriteTwice(a, b) => ([a, b], 2),
        Action::Pass => ([AreaId(0), AreaId(0)], 0),
    }
}

/// Picks moves by the estimate: the fewest X now plus estimated later,
/// among the moves it does not hold back ([`HeldBack`] with
/// [`TUPLES_POWER_FROM`]).
#[derive(Clone, Debug)]
struct Chooser {
    moves: MoveList,
    buffers: Buffers,
}

impl Chooser {
    fn new(game: &Game) -> Chooser {
        Chooser {
            moves: MoveList::new(),
            buffers: Buffers {
                scratch: game.initial_state(),
                memo: Vec::new(),
            },
        }
    }

    /// The move with the fewest X made plus the change of estimate.
    fn choose(&mut self, game: &Game, value: &TupleValue, state: &State) -> Move {
        game.legal_moves(state, &mut self.moves);
        let held = HeldBack::new(&self.moves, TUPLES_POWER_FROM);
        let mut weigh = Weigh::new(game, value, state, &mut self.buffers);
        let mut best: Option<(f32, Move)> = None;
        for mv in held.kept(game, state, &self.moves) {
            let score = weigh.score(&mv);
            if best.is_none_or(|(b, _)| score < b) {
                best = Some((score, mv));
            }
        }
        // Some move is always kept (a plain write, an X or a pass holds no
        // power back); the first legal move keeps this total anyway.
        best.map_or_else(|| self.moves.get(0), |(_, m)| m)
    }
}

/// Weighs the moves of one decision: the X a move makes plus the change it
/// makes to the estimate, plus 1/1024 per power used.
struct Weigh<'a> {
    game: &'a Game,
    value: &'a TupleValue,
    state: &'a State,
    /// When the moves are weighed: the stage they lead to.
    at: Moment,
    /// The empty areas of each region before the move.
    blanks: Blanks,
    /// Whether the die is the game's last.
    ends_game: bool,
    /// A buffer for the game's last die.
    scratch: &'a mut State,
    /// The chains' change for one area taking one symbol, by
    /// `area * symbols + symbol` (NaN until needed): many moves of one
    /// decision write the same number in the same area.
    memo: &'a mut Vec<f32>,
}

impl<'a> Weigh<'a> {
    fn new(
        game: &'a Game,
        value: &'a TupleValue,
        state: &'a State,
        buffers: &'a mut Buffers,
    ) -> Weigh<'a> {
        let rules = game.rules();
        // Whether this die is the round's last: every move then leads to the
        // next round's stage, and is weighed there (the estimate before the
        // move, read in that stage too, is the same for every move).
        let ends_round = state.pending().count() == 1
            && state.rolled_in_turn() >= rules.dice_per_turn
            && state.rolled_in_round() >= rules.dice_per_round;
        let round = state.round() + u8::from(ends_round);
        let at = if ends_round {
            value.round_start(round)
        } else {
            value.moment(state)
        };
        buffers.memo.clear();
        buffers
            .memo
            .resize(game.area_count() * value.symbols, f32::NAN);
        Weigh {
            game,
            value,
            state,
            at,
            blanks: value.blanks(state),
            ends_game: ends_round && round >= rules.rounds,
            scratch: &mut buffers.scratch,
            memo: &mut buffers.memo,
        }
    }

    /// The chains' change for one mark, remembered.
    fn one(&mut self, mark: (AreaId, Cell)) -> f32 {
        let k = mark.0.index() * self.value.symbols + self.value.symbol(mark.1);
        let memo = self.memo[k];
        if !memo.is_nan() {
            return memo;
        }
        let d = self
            .value
            .chains_change_one(self.state, mark.0, mark.1, self.at.stage);
        self.memo[k] = d;
        d
    }

    /// The score of a legal move.
    fn score(&mut self, mv: &Move) -> f32 {
        let (game, value, state) = (self.game, self.value, self.state);
        let change = if self.ends_game {
            // The last die: what is left empty becomes X.
            self.scratch.clone_from(state);
            game.apply(self.scratch, *mv);
            self.scratch.crosses() as f32 - state.crosses() as f32
        } else {
            let marks = marks(game, state, mv);
            let chains = match *marks.as_slice() {
                [] => 0.0,
                [one] => self.one(one),
                [a, b] if !value.near(a.0, b.0) => self.one(a) + self.one(b),
                [a, b] => {
                    self.one(a) + self.one(b) + value.chains_overlap(state, a, b, self.at.stage)
                }
                _ => unreachable!("a move marks at most two areas"),
            };
            let change = f32::from(matches!(mv.action, Action::Cross(_)))
                + chains
                + value.powers_change(state, mv.powers, self.at.stage)
                + value.regions_change(state, &self.blanks, marks.as_slice(), mv.powers, self.at);
            debug_assert!({
                self.scratch.clone_from(state);
                game.apply(self.scratch, *mv);
                let full = self.scratch.crosses() as f32 - state.crosses() as f32
                    + value.value_at(self.scratch, self.at)
                    - value.value_at(state, self.at);
                (full - change).abs() < 1e-3
            });
            change
        };
        change + mv.powers.len() as f32 / 1024.0
    }
}

/// The buffers a [`Weigh`] borrows.
#[derive(Clone, Debug)]
struct Buffers {
    scratch: State,
    memo: Vec<f32>,
}

/// The cells a move writes: up to two areas and what they then hold.
struct Marks {
    cells: [(AreaId, Cell); 2],
    len: usize,
}

impl Marks {
    fn as_slice(&self) -> &[(AreaId, Cell)] {
        &self.cells[..self.len]
    }
}

/// What `mv` writes on `state`'s sheet, without applying it.
fn marks(game: &Game, state: &State, mv: &Move) -> Marks {
    let mut out = Marks {
        cells: [(AreaId(0), Cell::EMPTY); 2],
        len: 0,
    };
    let number = state.pending_roll(mv.die).map_or(0, |r| r.value);
    for mark in game.marks(mv, number) {
        out.cells[out.len] = mark;
        out.len += 1;
    }
    out
}

/// How far back the λ-return carries what happens later: each position's
/// target is the X of the next move plus the next position's estimate,
/// blended by λ with the next position's own target.
const LAMBDA: f32 = 0.5;

/// The TD(λ) learner: plays a game by the estimate, then moves the
/// estimate of each position the game went through towards its λ-return.
struct Learner {
    chooser: Chooser,
    /// The positions after each move of the game being learned from (the
    /// buffers are reused from game to game).
    after: Vec<State>,
    /// The number of positions of `after` in use.
    moves: usize,
    /// The λ-return of each position.
    targets: Vec<f32>,
}

/// The learner's player: the chooser, by the values learned so far.
struct Learning<'a> {
    chooser: &'a mut Chooser,
    value: &'a TupleValue,
}

impl<'g> engine::Player<Solo<'g>> for Learning<'_> {
    fn choose(&mut self, solo: &Solo<'g>, state: &State, _me: usize) -> Move {
        self.chooser.choose(solo.0, self.value, state)
    }
}

/// Keeps the position after each move (reusing the buffers of earlier
/// games).
struct Positions<'a> {
    after: &'a mut Vec<State>,
    moves: &'a mut usize,
}

impl<'g> engine::Watcher<Solo<'g>> for Positions<'_> {
    fn after_move(&mut self, _solo: &Solo<'g>, state: &State, _player: usize, _mv: Move) {
        match self.after.get_mut(*self.moves) {
            Some(slot) => slot.clone_from(state),
            None => self.after.push(state.clone()),
        }
        *self.moves += 1;
    }
}

impl Learner {
    fn new(game: &Game) -> Learner {
        Learner {
            chooser: Chooser::new(game),
            after: Vec::new(),
            moves: 0,
            targets: Vec::new(),
        }
    }

    /// Plays one game, then learns from it; returns its X.
    fn play(&mut self, game: &Game, value: &mut TupleValue, seed: u64, rate: f32) -> u32 {
        let mut dice = Pcg64Mcg::seed_from_u64(seed);
        let mut state = game.initial_state();
        self.moves = 0;
        let mut player = Learning {
            chooser: &mut self.chooser,
            value,
        };
        let mut positions = Positions {
            after: &mut self.after,
            moves: &mut self.moves,
        };
        engine::play(
            &Solo(game),
            &mut state,
            &mut dice,
            &mut [&mut player],
            &mut positions,
        );
        // The λ-returns, from the last position back: the X still to come
        // after a position is estimated by the X the next move makes plus a
        // blend of the next position's estimate and its λ-return. The last
        // position's return is exact: the X made after it (none, or the
        // areas left empty).
        let after = &self.after[..self.moves];
        self.targets.clear();
        self.targets.resize(after.len(), 0.0);
        let mut next: Option<(&State, f32)> = None;
        for (i, s) in after.iter().enumerate().rev() {
            let target = match next {
                None => state.crosses() as f32 - s.crosses() as f32,
                Some((n, g)) => {
                    n.crosses() as f32 - s.crosses() as f32
                        + (1.0 - LAMBDA) * value.value(n)
                        + LAMBDA * g
                }
            };
            self.targets[i] = target;
            next = Some((s, target));
        }
        for (s, &target) in after.iter().zip(&self.targets) {
            let error = target - value.value(s);
            value.nudge(s, rate * error);
        }
        state.crosses()
    }
}

/// Learns a [`TupleValue`] one game at a time (`rollx train` shows the
/// progress). The games are seeded: the same map and seed give the same
/// values on every machine.
pub struct Trainer {
    value: TupleValue,
    learner: Learner,
    seed: u64,
}

impl Trainer {
    /// Starts from values that are zero everywhere.
    pub fn new(game: &Game, seed: u64) -> Result<Trainer, TooManyFaces> {
        let mut value = TupleValue::new(game)?;
        value.seed = seed;
        Ok(Trainer {
            value,
            learner: Learner::new(game),
            seed,
        })
    }

    /// Plays and learns from one more game; returns its X.
    pub fn play(&mut self, game: &Game) -> u32 {
        let seed = derive_seed(self.seed, self.value.games);
        let rate = learning_rate(self.value.games);
        let x = self.learner.play(game, &mut self.value, seed, rate);
        self.value.games += 1;
        x
    }

    /// The values learned so far.
    pub fn value(&self) -> &TupleValue {
        &self.value
    }

    /// Ends the learning, with the values learned.
    pub fn finish(self) -> TupleValue {
        self.value
    }
}

/// How long learning from some number of games takes on one core of this
/// machine, measured on a sample of games ([`TrainingEstimate::measure`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainingEstimate {
    /// The most likely time, in seconds.
    pub seconds: f64,
    /// The shortest and longest times the sample allows, in seconds.
    pub low: f64,
    /// See `low`.
    pub high: f64,
}

impl TrainingEstimate {
    /// Warm-up games played before the timing (the first games also pay
    /// for touching the tables' memory for the first time).
    const WARM_UP: std::time::Duration = std::time::Duration::from_millis(40);
    /// One timed batch of games lasts at least this long.
    const BATCH: std::time::Duration = std::time::Duration::from_millis(30);
    /// Timed batches.
    const BATCHES: usize = 5;
    /// How a whole learning run's time compares with the sample's rate
    /// (the median batch's): the run is most likely this much slower, and
    /// from `FASTER` times the fastest batch to `SLOWER` times the slowest.
    /// Measured in processor time for 600,000 games: on
    /// `maps/examples/tutorial.toml` 11.2 s against a sample's 11.3, on
    /// `maps/japan.toml` about 120 s against 118 to 125, on `maps/usa.toml`
    /// 237 s against 190 to 243 (its tables, 5 MB, outgrow the processor's
    /// caches as the run goes on).
    const LIKELY: f64 = 1.1;
    const FASTER: f64 = 0.95;
    const SLOWER: f64 = 1.35;

    /// Times learning on `game` for about a fifth of a second of processor
    /// time (warm-up, then five batches of games; none are kept) and scales
    /// the rate to `games` games; `None` when the map cannot be learned.
    pub fn measure(game: &Game, games: u64) -> Option<TrainingEstimate> {
        let mut trainer = Trainer::new(game, 1).ok()?;
        let start = std::time::Instant::now();
        let mut warm = 0;
        while warm < 5 || start.elapsed() < Self::WARM_UP {
            trainer.play(game);
            warm += 1;
        }
        // Seconds per game of each batch, in this thread's processor time:
        // on a busy machine the clock on the wall also counts the time the
        // other programs had the core.
        let mut rates: Vec<f64> = (0..Self::BATCHES)
            .map(|_| {
                let t = cpu_time::ThreadTime::now();
                let mut n = 0u32;
                while n < 3 || t.elapsed() < Self::BATCH {
                    trainer.play(game);
                    n += 1;
                }
                t.elapsed().as_secs_f64() / f64::from(n)
            })
            .collect();
        rates.sort_by(f64::total_cmp);
        let games = games as f64;
        Some(TrainingEstimate {
            seconds: rates[rates.len() / 2] * games * Self::LIKELY,
            low: rates[0] * games * Self::FASTER,
            high: rates[rates.len() - 1] * games * Self::SLOWER,
        })
    }
}

impl std::fmt::Display for TrainingEstimate {
    /// `3 to 7 minutes, most likely 4`, rounded as an estimate should be
    /// (`about 11 seconds` when the range rounds to one value).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (unit, per) = if self.high < 90.0 {
            ("seconds", 1.0)
        } else if self.high < 90.0 * 60.0 {
            ("minutes", 60.0)
        } else {
            ("hours", 3600.0)
        };
        let round = |s: f64| (s / per).round().max(1.0);
        let (low, mid, high) = (
            round(self.low),
            round(self.seconds.clamp(self.low, self.high)),
            round(self.high),
        );
        if low == high {
            let unit = if mid == 1.0 {
                unit.trim_end_matches('s')
            } else {
                unit
            };
            write!(f, "about {mid} {unit}")
        } else {
            write!(f, "{low} to {high} {unit}, most likely {mid}")
        }
    }
}

/// The player that picks moves by a learned [`TupleValue`], one move at a
/// time.
#[derive(Clone, Debug)]
pub struct TuplePlayer {
    value: std::sync::Arc<TupleValue>,
    chooser: Option<Chooser>,
}

impl TuplePlayer {
    /// A player using `value`.
    pub fn new(value: std::sync::Arc<TupleValue>) -> TuplePlayer {
        TuplePlayer {
            value,
            chooser: None,
        }
    }

    /// The values the player plays by.
    pub fn value(&self) -> &TupleValue {
        &self.value
    }

    /// The score of each of `moves` (legal moves of `state`), into `out`:
    /// the X the move makes plus the change of the estimate of X to come,
    /// plus 1/1024 per power used (lower is better; the player plays the
    /// lowest). Used to rank moves before a deeper look.
    pub fn rank_moves(
        &mut self,
        game: &Game,
        state: &State,
        moves: impl Iterator<Item = Move>,
        out: &mut Vec<(f32, Move)>,
    ) {
        out.clear();
        let chooser = self.chooser.get_or_insert_with(|| Chooser::new(game));
        let mut weigh = Weigh::new(game, &self.value, state, &mut chooser.buffers);
        out.extend(moves.map(|mv| (weigh.score(&mv), mv)));
    }
}

impl Policy for TuplePlayer {
    fn name(&self) -> &str {
        "tuples"
    }

    fn choose(&mut self, game: &Game, state: &State) -> Move {
        let chooser = self.chooser.get_or_insert_with(|| Chooser::new(game));
        chooser.choose(game, &self.value, state)
    }
}
