//! A learned estimate of the X still to come: an n-tuple network.
//!
//! The estimate is a sum of table entries, one table per chain of three
//! neighbouring areas (`a – b – c`, with `b` the middle one), indexed by
//! what the three areas hold (blank, a number, X, or a guarded number)
//! and by the stage of the game (rounds in pairs), plus one table indexed
//! by the powers used. A chain sees the local pattern that decides
//! whether its blank areas can still be filled: a blank area between a 2
//! and a 5 is lost, between a 3 and a 4 it still takes two faces.
//!
//! The tables are learned by temporal-difference learning, TD(0), on the
//! positions right after each move ("afterstates"), as Szubert and Jaśkowski
//! did for 2048: a player that picks the move with the fewest X now plus
//! estimated later plays games against the seeded dice, and after each
//! move the estimate of its previous position is pulled towards the X
//! made since plus the estimate of its new position. Learning is
//! sequential and seeded, so the same map and seed give the same tables on
//! every machine.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::strong::HeldBack;
use super::{Policy, derive_seed};
use crate::map::{AreaId, Power};
use crate::rules::log::map_hash;
use crate::rules::{Action, Game, Move, MoveList, Phase, State};

/// The most faces a die may have for the estimate (the tables grow with
/// the cube of the number of faces).
pub const MAX_FACES: usize = 12;
/// Each power's uses made, capped.
const USES: usize = 4;
/// Entries of the powers table for one stage.
const POWER_ENTRIES: usize = USES * USES * USES;

/// The learned estimate (see the module documentation).
#[derive(Clone, Debug)]
pub struct TupleValue {
    /// The chains of three neighbouring areas.
    chains: Vec<[AreaId; 3]>,
    /// The chains through each area.
    through: Vec<Vec<u32>>,
    /// Number of stages (pairs of rounds).
    stages: usize,
    /// What each cell is to the estimate: blank 0, the faces 1 to `n` in
    /// ascending order, X `n + 1`, guarded `n + 2`; by the cell's face.
    face_symbol: [u8; 64],
    /// Symbols: faces plus 3.
    symbols: usize,
    /// Chain tables: `(chain * stages + stage) * symbols³ + pattern`.
    chain_table: Vec<f32>,
    /// Powers table: `stage * POWER_ENTRIES + uses made`.
    power_table: Vec<f32>,
    /// The hash of the map and rules the values are for.
    map_hash: String,
    /// Games learned from.
    games: u64,
    /// Seed of those games.
    seed: u64,
}

/// The first bytes of a values file.
const MAGIC: &[u8] = b"rollx-tuples";
/// The values file's format version.
const FORMAT_VERSION: u32 = 1;
/// The learning rate of [`Trainer`].
const LEARNING_RATE: f32 = 0.02;

/// Why a values file cannot be used.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ValuesError {
    /// The bytes are not a values file.
    #[error("not a rollx values file (they are written by `rollx train`)")]
    NotValues,
    /// A format this version does not read.
    #[error(
        "values file format {0} is not supported (this rollx reads format 1): run `rollx train` again"
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
        let mut face_symbol = [0u8; 64];
        for (i, &f) in faces.iter().enumerate() {
            face_symbol[usize::from(f) & 63] = i as u8 + 1;
        }
        let symbols = faces.len() + 3;
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
        for (i, chain) in chains.iter().enumerate() {
            for a in chain {
                through[a.index()].push(i as u32);
            }
        }
        let stages = usize::from(game.rules().rounds).div_ceil(2).max(1);
        Ok(TupleValue {
            chain_table: vec![0.0; chains.len() * stages * symbols * symbols * symbols],
            power_table: vec![0.0; stages * POWER_ENTRIES],
            chains,
            through,
            stages,
            face_symbol,
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
        let mut out =
            Vec::with_capacity(64 + 4 * (self.chain_table.len() + self.power_table.len()));
        out.extend(MAGIC);
        out.extend(FORMAT_VERSION.to_le_bytes());
        out.extend((self.map_hash.len() as u32).to_le_bytes());
        out.extend(self.map_hash.as_bytes());
        out.extend(self.games.to_le_bytes());
        out.extend(self.seed.to_le_bytes());
        out.extend((self.chains.len() as u32).to_le_bytes());
        out.extend((self.stages as u32).to_le_bytes());
        for x in self.chain_table.iter().chain(&self.power_table) {
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
        for x in value.chain_table.iter_mut().chain(&mut value.power_table) {
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

    /// Games the values were learned from.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Seed of the games the values were learned from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    #[inline]
    fn stage(&self, state: &State) -> usize {
        (usize::from(state.round()) / 2).min(self.stages - 1)
    }

    /// The symbol of an area's cell.
    #[inline]
    fn symbol(&self, state: &State, area: AreaId) -> usize {
        let cell = state.cell(area);
        if cell.is_empty() {
            0
        } else if cell.is_cross() {
            self.symbols - 2
        } else if cell.is_guarded() {
            self.symbols - 1
        } else {
            usize::from(self.face_symbol[usize::from(cell.value().unwrap_or(0)) & 63])
        }
    }

    #[inline]
    fn chain_index(&self, chain: usize, state: &State, stage: usize) -> usize {
        let [a, b, c] = self.chains[chain];
        let n = self.symbols;
        (chain * self.stages + stage) * n * n * n
            + (self.symbol(state, a) * n + self.symbol(state, b)) * n
            + self.symbol(state, c)
    }

    #[inline]
    fn power_index(state: &State, stage: usize) -> usize {
        // Uses made, capped; a map granting fewer uses simply never
        // reaches the higher entries.
        let used = |p: Power| usize::from(state.used(p)).min(USES - 1);
        stage * POWER_ENTRIES
            + (used(Power::ColorChange) * USES + used(Power::Guard)) * USES
            + used(Power::Dupe)
    }

    /// The estimated X still to come after `state` (0 once the game is over).
    pub fn value(&self, state: &State) -> f32 {
        if state.is_finished() {
            return 0.0;
        }
        let stage = self.stage(state);
        let chains: f32 = (0..self.chains.len())
            .map(|i| self.chain_table[self.chain_index(i, state, stage)])
            .sum();
        chains + self.power_table[Self::power_index(state, stage)]
    }

    /// `value(after) - value(before)`, where `after` is `before` with `mv`
    /// applied: only the chains through the areas the move marks are read.
    pub fn change(&self, before: &State, after: &State, mv: &Move) -> f32 {
        let (areas, n) = marked(mv);
        let changed = &areas[..n];
        if after.is_finished() || before.round() != after.round() {
            return self.value(after) - self.value(before);
        }
        let stage = self.stage(before);
        let mut d = self.power_table[Self::power_index(after, stage)]
            - self.power_table[Self::power_index(before, stage)];
        for (k, area) in changed.iter().enumerate() {
            for &chain in &self.through[area.index()] {
                // A chain through two changed areas counts once.
                let [a, b, c] = self.chains[chain as usize];
                if changed[..k].iter().any(|x| *x == a || *x == b || *x == c) {
                    continue;
                }
                let chain = chain as usize;
                d += self.chain_table[self.chain_index(chain, after, stage)]
                    - self.chain_table[self.chain_index(chain, before, stage)];
            }
        }
        d
    }

    /// Moves the estimate of `state` by `step`, shared over its entries.
    fn nudge(&mut self, state: &State, step: f32) {
        let stage = self.stage(state);
        let share = step / (self.chains.len() as f32 + 1.0) * 8.0;
        for i in 0..self.chains.len() {
            let k = self.chain_index(i, state, stage);
            self.chain_table[k] += share;
        }
        self.power_table[Self::power_index(state, stage)] += step / 8.0;
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
/// among the moves the strong player does not hold back ([`HeldBack`]).
#[derive(Clone, Debug)]
struct Chooser {
    moves: MoveList,
    scratch: State,
}

impl Chooser {
    fn new(game: &Game) -> Chooser {
        Chooser {
            moves: MoveList::new(),
            scratch: game.initial_state(),
        }
    }

    /// The move with the fewest X made plus the change of estimate.
    fn choose(&mut self, game: &Game, value: &TupleValue, state: &State) -> Move {
        game.legal_moves(state, &mut self.moves);
        let held = HeldBack::new(&self.moves);
        let crosses = state.crosses() as f32;
        let mut best: Option<(f32, Move)> = None;
        for mv in self.moves.iter() {
            if held.holds(game, state, &mv) {
                continue;
            }
            self.scratch.clone_from(state);
            game.apply(&mut self.scratch, mv);
            let score = self.scratch.crosses() as f32 - crosses
                + value.change(state, &self.scratch, &mv)
                + mv.powers.len() as f32 / 1024.0;
            if best.is_none_or(|(b, _)| score < b) {
                best = Some((score, mv));
            }
        }
        // Some move is always kept (a plain write, an X or a pass holds no
        // power back); the first legal move keeps this total anyway.
        best.map_or_else(|| self.moves.get(0), |(_, m)| m)
    }
}

/// The TD learner: plays by the estimate and updates it after every move.
struct Learner {
    chooser: Chooser,
    previous: State,
}

impl Learner {
    fn new(game: &Game) -> Learner {
        Learner {
            chooser: Chooser::new(game),
            previous: game.initial_state(),
        }
    }

    /// Plays one game, learning; returns its X.
    fn play(&mut self, game: &Game, value: &mut TupleValue, seed: u64, rate: f32) -> u32 {
        let mut dice = Pcg64Mcg::seed_from_u64(seed);
        let mut state = game.initial_state();
        let mut started = false;
        loop {
            match game.phase(&state) {
                Phase::Chance => {
                    let roll = game.sample_roll(&state, &mut dice);
                    game.apply_roll(&mut state, roll)
                        .expect("a sampled roll is legal");
                }
                Phase::Decision => {
                    let mv = self.chooser.choose(game, value, &state);
                    game.apply(&mut state, mv);
                    if started {
                        let target = state.crosses() as f32 - self.previous.crosses() as f32
                            + value.value(&state);
                        let error = target - value.value(&self.previous);
                        value.nudge(&self.previous, rate * error);
                    }
                    self.previous.clone_from(&state);
                    started = true;
                }
                Phase::Terminal => break,
            }
        }
        if started {
            let error = state.crosses() as f32
                - self.previous.crosses() as f32
                - value.value(&self.previous);
            value.nudge(&self.previous, rate * error);
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
        let x = self
            .learner
            .play(game, &mut self.value, seed, LEARNING_RATE);
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
