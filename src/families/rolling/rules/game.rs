//! The static part of a game: the map's tables in the shape the engine
//! needs, and the dice.

use crate::rolling::map::{AreaId, Map, RegionId, Rules};

use super::state::{Cell, Roll, State};

/// Most dice one turn may roll (fixed so that [`State`] needs no allocation
/// for its pending dice).
pub const MAX_DICE_PER_TURN: usize = 6;
/// Most dice the bag may hold (the bag is a 64-bit set).
pub const MAX_DICE: usize = 64;

/// Index of a die in [`Game::dice`]: the regions' dice in region order, then
/// the wild die.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct DieId(pub u8);

impl DieId {
    /// The index as `usize`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Which areas a die may be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DieKind {
    /// The die of one colour region.
    Region(RegionId),
    /// The wild die: any region.
    Wild,
}

/// One die in the bag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Die {
    /// Its id (`red`, `clear`), as written in game logs.
    pub id: String,
    /// Its region, or wild.
    pub kind: DieKind,
}

/// Why a [`Game`] cannot be built for a map.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum GameError {
    /// The rules roll more dice per turn than the engine supports.
    #[error("{0} dice per turn: the engine supports at most {MAX_DICE_PER_TURN}")]
    TooManyDicePerTurn(u8),
    /// The bag would hold more dice than the engine supports.
    #[error("{0} dice in the bag: the engine supports at most {MAX_DICE}")]
    TooManyDice(usize),
}

/// The static game: a validated map and its rules, with lookup tables.
#[derive(Clone, Debug)]
pub struct Game {
    map: Map,
    dice: Vec<Die>,
    /// Neighbours of area `a` are `neighbors[starts[a]..starts[a + 1]]`.
    starts: Vec<u32>,
    neighbors: Vec<AreaId>,
    region_of: Vec<RegionId>,
    immune: Vec<bool>,
    /// Bit `v` set for every face `v`.
    faces_mask: u64,
}

/// The values within 1 of `v` (at most [`crate::rolling::map::MAX_FACE`]), as a bit mask.
#[inline]
pub fn window(v: u8) -> u64 {
    ((0b111u128 << v) >> 1) as u64
}

/// The neighbour rule, by the byte of the cell next door (see
/// [`Cell::constraint`]): what a cell lets its neighbours hold. Blank, X
/// and guarded numbers allow every face; a plain number its window.
pub(crate) const fn constraint_of(raw: u8) -> u64 {
    if raw >= 2 && raw.is_multiple_of(2) {
        ((0b111u128 << ((raw - 2) / 2)) >> 1) as u64
    } else {
        u64::MAX
    }
}

/// [`constraint_of`] for every byte, looked up in the engine's inner loops.
static CONSTRAINTS: [u64; 256] = {
    let mut t = [0; 256];
    let mut raw = 0;
    while raw < 256 {
        t[raw] = constraint_of(raw as u8);
        raw += 1;
    }
    t
};

impl Game {
    /// Builds the game for a validated map.
    pub fn new(map: Map) -> Result<Self, GameError> {
        let rules = &map.rules;
        if usize::from(rules.dice_per_turn) > MAX_DICE_PER_TURN {
            return Err(GameError::TooManyDicePerTurn(rules.dice_per_turn));
        }
        let mut dice: Vec<Die> = map
            .regions
            .iter()
            .enumerate()
            .map(|(i, r)| Die {
                id: r.id.clone(),
                kind: DieKind::Region(RegionId(i as u8)),
            })
            .collect();
        dice.push(Die {
            id: rules.wild.clone(),
            kind: DieKind::Wild,
        });
        if dice.len() > MAX_DICE {
            return Err(GameError::TooManyDice(dice.len()));
        }
        let mut starts = Vec::with_capacity(map.areas.len() + 1);
        let mut neighbors = Vec::new();
        for area in &map.areas {
            starts.push(neighbors.len() as u32);
            neighbors.extend_from_slice(&area.neighbors);
        }
        starts.push(neighbors.len() as u32);
        let faces_mask = rules.faces.iter().fold(0u64, |m, &f| m | (1u64 << f));
        Ok(Self {
            faces_mask,
            region_of: map.areas.iter().map(|a| a.region).collect(),
            immune: map.areas.iter().map(|a| a.immune).collect(),
            dice,
            starts,
            neighbors,
            map,
        })
    }

    /// The map.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.map.rules
    }

    /// Every die in the bag.
    pub fn dice(&self) -> &[Die] {
        &self.dice
    }

    /// The die with this index.
    #[inline]
    pub fn die(&self, id: DieId) -> &Die {
        &self.dice[id.index()]
    }

    /// Looks a die up by its id.
    pub fn die_by_id(&self, id: &str) -> Option<DieId> {
        self.dice
            .iter()
            .position(|d| d.id == id)
            .map(|i| DieId(i as u8))
    }

    /// The wild die.
    pub fn wild_die(&self) -> DieId {
        DieId(self.dice.len() as u8 - 1)
    }

    /// The faces of the dice, as text (`1, 2, 3, 4, 5, 6`).
    pub fn faces_text(&self) -> String {
        let faces: Vec<String> = self.rules().faces.iter().map(u8::to_string).collect();
        faces.join(", ")
    }

    /// Number of areas.
    #[inline]
    pub fn area_count(&self) -> usize {
        self.region_of.len()
    }

    /// The neighbours of an area.
    #[inline]
    pub fn neighbors(&self, area: AreaId) -> &[AreaId] {
        let a = area.index();
        &self.neighbors[self.starts[a] as usize..self.starts[a + 1] as usize]
    }

    /// The region of an area.
    #[inline]
    pub fn region_of(&self, area: AreaId) -> RegionId {
        self.region_of[area.index()]
    }

    /// Whether an area ignores the neighbour rule.
    #[inline]
    pub fn is_immune(&self, area: AreaId) -> bool {
        self.immune[area.index()]
    }

    /// The areas a die may be written in without powers.
    #[inline]
    pub fn die_areas(&self, die: DieId) -> &[AreaId] {
        match self.dice[die.index()].kind {
            DieKind::Region(r) => &self.map.regions[r.index()].areas,
            DieKind::Wild => self.all_areas(),
        }
    }

    /// Whether a die may be written in an area without Color Change.
    #[inline]
    pub fn die_reaches(&self, die: DieId, area: AreaId) -> bool {
        match self.dice[die.index()].kind {
            DieKind::Region(r) => self.region_of[area.index()] == r,
            DieKind::Wild => true,
        }
    }

    /// Every area, as one slice.
    pub fn all_areas(&self) -> &'static [AreaId] {
        &ALL_AREAS[..self.region_of.len()]
    }

    /// Whether `value` may be written in `area` under the neighbour rule:
    /// every neighbour is blank, X, guarded, or within 1 of the value.
    /// Immune areas ignore the rule.
    #[inline]
    pub fn neighbor_rule_ok(&self, state: &State, area: AreaId, value: u8) -> bool {
        let bit = 1u64 << value;
        self.immune[area.index()]
            || self
                .neighbors(area)
                .iter()
                .all(|&n| CONSTRAINTS[usize::from(state.cell(n).raw())] & bit != 0)
    }

    /// The faces the neighbours of `area` still allow there, as a bit mask
    /// (bit `v` for value `v`). Immune areas allow every face.
    #[inline]
    pub fn allowed_values(&self, state: &State, area: AreaId) -> u64 {
        if self.immune[area.index()] {
            return self.faces_mask;
        }
        self.neighbors(area)
            .iter()
            .fold(self.faces_mask, |mask, &n| {
                mask & CONSTRAINTS[usize::from(state.cell(n).raw())]
            })
    }

    /// Whether two neighbouring areas, as a finished sheet shows them,
    /// keep the neighbour rule whichever was written first: one of them is
    /// immune, or not both hold a number, or one allows the other's number
    /// (a guarded number allows every number; plain numbers differ by at
    /// most 1).
    pub fn pair_keeps_rule(&self, a: AreaId, ca: Cell, b: AreaId, cb: Cell) -> bool {
        match (ca.value(), cb.value()) {
            (Some(va), Some(vb)) => {
                self.is_immune(a) || self.is_immune(b) || ca.allows(vb) || cb.allows(va)
            }
            _ => true,
        }
    }

    /// Every neighbour that forbids `value` in `area` (none for an immune
    /// area).
    pub fn neighbor_conflicts<'a>(
        &'a self,
        state: &'a State,
        area: AreaId,
        value: u8,
    ) -> impl Iterator<Item = AreaId> + 'a {
        let neighbors: &[AreaId] = if self.immune[area.index()] {
            &[]
        } else {
            self.neighbors(area)
        };
        neighbors
            .iter()
            .copied()
            .filter(move |&n| !state.cell(n).allows(value))
    }

    /// The state before the first die is drawn.
    pub fn initial_state(&self) -> State {
        State::new(self.area_count())
    }

    /// The probability of each chance outcome: the next die is drawn
    /// uniformly from the dice still in the bag this round and rolled.
    pub fn chance_outcomes(&self, state: &State) -> Vec<(Roll, f64)> {
        let in_bag: Vec<DieId> = self.dice_in_bag(state).collect();
        let faces = &self.rules().faces;
        let p = 1.0 / (in_bag.len() * faces.len()) as f64;
        in_bag
            .iter()
            .flat_map(|&die| faces.iter().map(move |&value| (Roll { die, value }, p)))
            .collect()
    }

    /// The dice not yet drawn this round.
    pub fn dice_in_bag<'a>(&'a self, state: &'a State) -> impl Iterator<Item = DieId> + 'a {
        (0..self.dice.len() as u8)
            .map(DieId)
            .filter(move |d| !state.drawn(*d))
    }

    /// Draws and rolls the next die with `rng` (portable: the same seed gives
    /// the same dice everywhere).
    pub fn sample_roll(&self, state: &State, rng: &mut impl rand::Rng) -> Roll {
        use rand::RngExt;
        let left = self.dice.len() as u32 - state.drawn_count();
        let mut k = rng.random_range(0..left);
        let die = self
            .dice_in_bag(state)
            .find(|_| {
                let hit = k == 0;
                k = k.saturating_sub(1);
                hit
            })
            .expect("the bag is never empty when a die is drawn");
        let faces = &self.rules().faces;
        let value = faces[rng.random_range(0..faces.len() as u32) as usize];
        Roll { die, value }
    }

    /// Empties every empty area into an X (end of the game).
    pub(crate) fn cross_out_empty(&self, state: &mut State) {
        for i in 0..self.area_count() {
            let a = AreaId(i as u16);
            if state.cell(a) == Cell::EMPTY {
                state.set_cell(a, Cell::CROSS);
            }
        }
    }
}

/// `0..1000` as area ids, so that "every area" is a slice like a region.
static ALL_AREAS: [AreaId; crate::rolling::map::MAX_AREAS] = {
    let mut all = [AreaId(0); crate::rolling::map::MAX_AREAS];
    let mut i = 0;
    while i < all.len() {
        all[i] = AreaId(i as u16);
        i += 1;
    }
    all
};
