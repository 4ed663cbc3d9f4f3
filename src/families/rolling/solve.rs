//! The best possible game on known dice: with every roll of a game known in
//! advance, the fewest X a player could end with under the map's full
//! rules (forced placement, the wild die, immune areas, every power).
//!
//! A depth-first branch and bound over the rules engine's own legal moves
//! (so the solver can only play what the referee accepts):
//!
//! - the greedy player's game on the same dice, then the pilot method's
//!   (every move played out by greedy on the known dice), are the first
//!   incumbents;
//! - a node is cut when its lower bound reaches the best game found: the
//!   X already on the sheet, plus the empty areas that the results still
//!   to come cannot fill (by count, per die, and the areas the neighbour
//!   rule has already closed to every number to come);
//! - positions reached by different move orders are searched once
//!   (a transposition table of exact values and proven lower bounds);
//! - moves are tried in the greedy player's order, best first;
//! - when the search does not finish in a quarter of the limit, wide
//!   beams (guided by learned values when given, and by play-outs) look
//!   for better games, and the search goes on from them.
//!
//! It is exact when the search finishes; with a limit it stops with the
//! best game found and a proven lower bound, and says which it is.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::bound::relaxed_bound;
use super::map::Power;
use super::play::tuples::TUPLES_POWER_FROM;
use super::play::{Greedy, HeldBack, Policy, Seat, TupleValue, play_rolls};
use super::rules::log::GameLog;
use super::rules::{DieId, Game, MAX_DICE, Move, MoveList, Phase, Roll, Solo, State};
use crate::engine::{self, Watcher};

/// The transposition table stops growing at this many positions (a few
/// hundred megabytes at most).
const MAX_MEMO: usize = 1_000_000;

/// Moves of a play-out counted as one position searched: a play-out move
/// takes about a quarter of the time of a position of the exact search,
/// so a limit in positions stands for about the same time in both.
const PLAY_OUT_MOVES: u64 = 4;

/// Conflicts of the relaxation's SAT solver for a search limited by time
/// only.
const RELAXATION_CONFLICTS: u64 = 40_000;

/// Positions of the search's limit that stand for one conflict of the
/// relaxation (4,000,000 positions: 20,000 conflicts, about a second on
/// Rolling Japan and Rolling America, against about five for the search).
const POSITIONS_PER_CONFLICT: u64 = 200;

/// The fewest conflicts the relaxation is given however small the limit:
/// enough to settle "is a perfect game possible?" on Rolling Japan on
/// most seeds (a tenth of a second; see `docs/solver.md`).
const MIN_RELAXATION_CONFLICTS: u64 = 10_000;

/// The widest beam searched.
const MAX_BEAM: u64 = 4096;

/// How often (in positions) the clock is read.
const CLOCK_EVERY: u64 = 4096;

/// Every roll of the game `rollx play --seed seed` plays on `game`, in
/// order (a greedy player writes meanwhile). The rolls do not depend on
/// what the players write: dice are drawn from the bag by the seed alone.
pub fn rolls_of_seed(game: &Game, seed: u64) -> Vec<Roll> {
    let mut record = Record::default();
    engine::play(
        &Solo(game),
        &mut game.initial_state(),
        &mut Pcg64Mcg::seed_from_u64(seed),
        &mut [&mut Seat(&mut Greedy::new())],
        &mut record,
    );
    record.rolls
}

/// The rolls of a game, as the game loop plays it.
#[derive(Default)]
struct Record {
    rolls: Vec<Roll>,
}

impl Watcher<Solo<'_>> for Record {
    fn chance(&mut self, _rules: &Solo<'_>, _state: &State, roll: Roll) {
        self.rolls.push(roll);
    }
}

/// Plays one game alone on `rolls` (checked) with `policy`: the final
/// sheet and the moves played.
fn play_on(game: &Game, rolls: &[Roll], policy: &mut dyn Policy) -> (State, Vec<Move>) {
    let mut state = game.initial_state();
    let mut moves = Vec::new();
    play_out(game, &mut state, rolls, 0, policy, &mut moves);
    (state, moves)
}

/// Plays `state` (`k` rolls in) to the end with `policy` on the known
/// rolls through the engine's game loop, appending its moves to `moves`;
/// the X it ends with.
fn play_out(
    game: &Game,
    state: &mut State,
    rolls: &[Roll],
    k: usize,
    policy: &mut dyn Policy,
    moves: &mut Vec<Move>,
) -> u32 {
    let mut next = rolls[k..].iter().copied();
    engine::play_with(
        &Solo(game),
        state,
        &mut |_| next.next().expect("the rolls were checked"),
        &mut [&mut Seat(policy)],
        &mut Moves(moves),
    );
    state.crosses()
}

/// Watches the moves of a game into a list.
struct Moves<'a>(&'a mut Vec<Move>);

impl Watcher<Solo<'_>> for Moves<'_> {
    fn before_move(&mut self, _rules: &Solo<'_>, _state: &State, _player: usize, mv: Move) {
        self.0.push(mv);
    }
}

/// A mistake in a dice file, at its line and column (from 1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct DiceFileError {
    /// The line.
    pub line: usize,
    /// The column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: String,
}

/// The rolls of a dice file (docs/solver.md): one roll a line, the die's
/// id in the map and the number it shows (`red 4`); `#` starts a comment,
/// blank lines are skipped. With each roll, its line.
pub fn parse_dice(game: &Game, text: &str) -> Result<Vec<(Roll, usize)>, DiceFileError> {
    let ids: Vec<&str> = game.dice().iter().map(|d| d.id.as_str()).collect();
    let mut rolls = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("");
        let mut words = line
            .split_whitespace()
            .map(|w| (w, w.as_ptr() as usize - raw.as_ptr() as usize + 1));
        let Some((die, at)) = words.next() else {
            continue;
        };
        let error = |column: usize, message: String, help: String| DiceFileError {
            line: i + 1,
            column,
            message,
            help,
        };
        let Some(id) = game.die_by_id(die) else {
            return Err(error(
                at,
                format!("`{die}` is not a die of the map"),
                format!("the dice are {}", ids.join(", ")),
            ));
        };
        let Some((number, at_n)) = words.next() else {
            return Err(error(
                at + die.len(),
                format!("the {die} die's number is missing"),
                "write the die and the number it shows, e.g. `red 4`".into(),
            ));
        };
        let value = match number.parse::<u8>() {
            Ok(v) if game.rules().faces.contains(&v) => v,
            _ => {
                return Err(error(
                    at_n,
                    format!("`{number}` is not a face of the dice"),
                    format!("the faces are {}", game.faces_text()),
                ));
            }
        };
        if let Some((extra, at_x)) = words.next() {
            return Err(error(
                at_x,
                format!("`{extra}` after the roll"),
                "one roll a line: the die and its number".into(),
            ));
        }
        rolls.push((Roll { die: id, value }, i + 1));
    }
    Ok(rolls)
}

/// Why a sequence of rolls cannot be solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// A roll the game cannot take at that point.
    #[error("roll {index}: {problem}")]
    BadRoll {
        /// The roll, from 1.
        index: usize,
        /// What is wrong.
        problem: String,
    },
    /// Too few rolls for a whole game.
    #[error("the game needs more rolls than the {given} given")]
    TooFew {
        /// Rolls given.
        given: usize,
    },
    /// Rolls left when the game is over.
    #[error("the game is over after {used} rolls, {given} are given")]
    TooMany {
        /// Rolls a game takes.
        used: usize,
        /// Rolls given.
        given: usize,
    },
}

/// The best game found on a sequence of rolls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// X of the best game found.
    pub crosses: u32,
    /// A proven lower bound: no game on these rolls ends with fewer X.
    /// Equal to `crosses` when the search finished.
    pub lower_bound: u32,
    /// Whether `crosses` is proven to be the fewest possible.
    pub exact: bool,
    /// The moves of the best game, in order (the rolls between them are
    /// the given ones).
    pub moves: Vec<Move>,
    /// The sheet at the end of the best game.
    pub sheet: State,
    /// X of the greedy player's game on the same rolls.
    pub greedy_crosses: u32,
    /// Positions searched.
    pub nodes: u64,
}

/// What the search knows of a position.
#[derive(Clone, Copy, Debug)]
struct Known {
    /// The fewest X from here (exact), or a lower bound.
    value: u32,
    exact: bool,
}

/// The buffers of one decision of the search: its legal moves, their
/// ranking, and the position after one of them.
type Scratch = (MoveList, Vec<(f32, Move)>, Option<State>);

/// The search, over one sequence of rolls.
struct Search<'g> {
    game: &'g Game,
    rolls: &'g [Roll],
    memo: HashMap<State, Known>,
    nodes: u64,
    deadline: Option<Instant>,
    max_positions: u64,
    out_of_time: bool,
    greedy: Greedy,
    dupes: u8,
    color_changes: u8,
    guards: u8,
    /// For each roll `k` (and one past the last) and each die: how many
    /// rolls of the die are at `k` or later, and their numbers (bit `v`
    /// for `v`).
    dice_left: Vec<Vec<(u16, u64)>>,
    /// For each area, the dice that reach it (bit `d` for die `d`).
    reach: Vec<u64>,
    /// Per depth of the search, the buffers of a decision (reused, so the
    /// search allocates only for the positions it remembers).
    scratch: Vec<Scratch>,
    /// The moves from the start to the position searched.
    path: Vec<Move>,
    /// The best whole game found: its X and moves.
    best: (u32, Vec<Move>),
    /// Learned values that guide the beams, if given.
    values: Option<&'g TupleValue>,
}

impl Search<'_> {
    /// X that the game must still end with from `state`, `k` rolls in:
    /// those on the sheet, and the empty areas that the results to come
    /// cannot fill even one each (a Dupe fills two).
    ///
    /// Per die: the empty areas only that die (or the wild die) reaches,
    /// beyond the die's results to come, must be filled by the wild die's
    /// results, by Color Changes of other dice, or by Dupes, or end as X.
    fn bound(&self, state: &State, k: usize) -> u32 {
        let results = (state.pending().count() + self.rolls.len() - k) as u32;
        let dupes = u32::from(self.dupes.saturating_sub(state.used(Power::Dupe)));
        let changes = u32::from(
            self.color_changes
                .saturating_sub(state.used(Power::ColorChange)),
        );
        let overall = state.empty_count().saturating_sub(results + dupes);
        let dice = self.game.dice().len();
        let wild = usize::from(self.game.wild_die().0);
        let mut left = [0u32; MAX_DICE];
        let mut empty = [0u32; MAX_DICE];
        for (d, &(n, _)) in self.dice_left[k].iter().enumerate() {
            left[d] = u32::from(n);
        }
        for roll in state.pending() {
            left[usize::from(roll.die.0)] += 1;
        }
        for (i, cell) in state.cells().iter().enumerate() {
            // Areas with one home die: the only die but the wild one that
            // reaches them.
            let others = self.reach[i] & !(1 << wild);
            if cell.is_empty() && others.count_ones() == 1 {
                empty[others.trailing_zeros() as usize] += 1;
            }
        }
        let short: u32 = (0..dice)
            .filter(|&d| d != wild)
            .map(|d| empty[d].saturating_sub(left[d]))
            .sum();
        let spare: u32 = (0..dice)
            .filter(|&d| d != wild)
            .map(|d| left[d].saturating_sub(empty[d]))
            .sum();
        let by_die = short.saturating_sub(left[wild] + changes.min(spare) + dupes);
        state.crosses()
            + overall
                .max(by_die)
                .max(self.dead_bound(state, k, results + dupes))
    }

    /// X from the areas no number to come can be written in: an empty
    /// area is dead when no roll still to come of a die that reaches it
    /// (of any die, with a Color Change left) shows a number its
    /// neighbours allow. Neighbours only ever allow fewer numbers, so a
    /// dead area stays dead, unless a Guard fills it (two, with a Dupe).
    /// With `writes` numbers at most still to write, the dead areas beyond
    /// what the Guards left fill and the live ones beyond the writes end
    /// as X.
    fn dead_bound(&self, state: &State, k: usize, writes: u32) -> u32 {
        let game = self.game;
        let mut per_die = [0u64; MAX_DICE];
        for (d, &(_, values)) in self.dice_left[k].iter().enumerate() {
            per_die[d] = values;
        }
        for roll in state.pending() {
            per_die[usize::from(roll.die.0)] |= 1 << roll.value;
        }
        let any = per_die.iter().fold(0, |m, v| m | v);
        let changes = self.color_changes > state.used(Power::ColorChange);
        let (mut dead, mut live) = (0u32, 0u32);
        for (i, cell) in state.cells().iter().enumerate() {
            if !cell.is_empty() {
                continue;
            }
            let coming = if changes {
                any
            } else {
                let mut m = 0;
                let mut dice = self.reach[i];
                while dice != 0 {
                    m |= per_die[dice.trailing_zeros() as usize];
                    dice &= dice - 1;
                }
                m
            };
            if game.allowed_values(state, game.all_areas()[i]) & coming == 0 {
                dead += 1;
            } else {
                live += 1;
            }
        }
        // A guarded number fills a dead area; a guarded Dupe may fill two.
        let guards = u32::from(self.guards.saturating_sub(state.used(Power::Guard)));
        let dupes = u32::from(self.dupes.saturating_sub(state.used(Power::Dupe)));
        dead.saturating_sub(guards + guards.min(dupes)) + live.saturating_sub(writes)
    }

    /// Searches until `limit` is reached, from the incumbent: whether the
    /// best game found is proven the best.
    fn prove(&mut self, root: &State, limit: Limit) -> bool {
        self.limit_to(limit);
        let alpha = self.best.0;
        self.search(root, 0, alpha);
        !self.out_of_time
    }

    /// Searches on until `limit` is reached.
    fn limit_to(&mut self, limit: Limit) {
        self.deadline = limit.deadline;
        self.max_positions = limit.positions.unwrap_or(u64::MAX);
        self.out_of_time = self.nodes >= self.max_positions;
    }

    /// `1 / part` of what is left of `limit`.
    fn share(&self, limit: Limit, part: u32) -> Limit {
        let now = Instant::now();
        Limit {
            deadline: limit
                .deadline
                .map(|d| now + d.saturating_duration_since(now) / part),
            positions: limit
                .positions
                .map(|p| self.nodes + p.saturating_sub(self.nodes) / u64::from(part)),
        }
    }

    /// Beams as wide as the rest of `limit` allows, each wider than the
    /// last, until the limit is reached or a perfect game is found. A
    /// beam's cost grows about as its width: `line_cost` is what one line
    /// costs (positions and time), measured by a beam of one line when it
    /// is not given, and again by each beam.
    fn beams(&mut self, limit: Limit, line_cost: Option<(u64, Duration)>) {
        self.limit_to(limit);
        let mut per_line = line_cost.unwrap_or_else(|| {
            let (positions, started) = (self.nodes, Instant::now());
            self.beam(1);
            (self.nodes - positions, started.elapsed())
        });
        let mut last = 1;
        while !self.out_of_time && self.best.0 > 0 {
            let by_positions = self.max_positions.saturating_sub(self.nodes) / per_line.0.max(1);
            let by_time = limit.deadline.map_or(u64::MAX, |d| {
                let left = d.saturating_duration_since(Instant::now());
                (0.8 * left.as_secs_f64() / per_line.1.as_secs_f64().max(1e-6)) as u64
            });
            // The first estimate comes from a beam of one line, and a wide
            // beam costs more a line (sorting, merging equal positions):
            // the first beam is a quarter as wide, and the next ones are
            // sized by what the last one cost.
            let mut width = by_positions.min(by_time).min(MAX_BEAM);
            if last == 1 {
                width = (width / 4).max(width.min(2));
            }
            if width < 2 * last {
                return;
            }
            let (positions, started) = (self.nodes, Instant::now());
            self.beam(width as usize);
            per_line = (
                (self.nodes - positions) / width,
                started.elapsed() / width as u32,
            );
            last = width;
        }
    }

    /// Counts `positions` more searched, and notes when the limit is
    /// reached (reading the clock only if `clock`).
    fn spend(&mut self, positions: u64, clock: bool) {
        self.nodes += positions;
        if self.nodes >= self.max_positions
            || (clock && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.out_of_time = true;
        }
    }

    /// A beam search guided by play-outs (with `width` 1, the pilot
    /// method), or by the learned values when the search has them: at each
    /// decision, every legal move of each of the `width` positions kept is
    /// played out to the end by the greedy player on the known rolls (with
    /// values: scored by the X on the sheet plus the X the values expect to
    /// come), and the `width` positions after the best-scored moves are
    /// kept. The best whole game met on the way (a play-out, or a line of
    /// the beam) becomes the best game found if it is better. Stops early
    /// when the limit is reached.
    fn beam(&mut self, width: usize) {
        let (game, rolls) = (self.game, self.rolls);
        /// A position of the beam: the moves to it, the next roll's index.
        struct Line {
            state: State,
            k: usize,
            moves: Vec<Move>,
        }
        let mut start = game.initial_state();
        let k = roll_on(game, &mut start, rolls, 0);
        let mut lines = vec![Line {
            state: start,
            k,
            moves: Vec::new(),
        }];
        let mut moves = MoveList::new();
        let mut trial = game.initial_state();
        let mut tail = Vec::new();
        while !lines.is_empty() && !self.out_of_time {
            // (score, line, move) for every move of every line: the X its
            // play-out ends with, or with values, the X on the sheet plus
            // the X the values expect to come.
            let mut scored: Vec<(f32, usize, Move)> = Vec::new();
            for (i, line) in lines.iter().enumerate() {
                game.legal_moves(&line.state, &mut moves);
                let Some(values) = self.values else {
                    for mv in moves.iter() {
                        trial.clone_from(&line.state);
                        game.apply(&mut trial, mv);
                        tail.clear();
                        tail.push(mv);
                        let crosses =
                            play_out(game, &mut trial, rolls, line.k, &mut self.greedy, &mut tail);
                        self.spend(tail.len() as u64 / PLAY_OUT_MOVES, true);
                        if crosses < self.best.0 {
                            self.best =
                                (crosses, line.moves.iter().chain(&tail).copied().collect());
                        }
                        scored.push((crosses as f32, i, mv));
                    }
                    continue;
                };
                // The values know only the positions the tuples player
                // reaches: powers are held back as it holds them.
                let held = HeldBack::new(&moves, TUPLES_POWER_FROM);
                for mv in held.kept(game, &line.state, &moves) {
                    trial.clone_from(&line.state);
                    game.apply(&mut trial, mv);
                    roll_on(game, &mut trial, rolls, line.k);
                    self.spend(1, true);
                    let score = trial.crosses() as f32
                        + values.value(&trial)
                        + trial.powers_used() as f32 / 1024.0;
                    scored.push((score, i, mv));
                }
            }
            scored.sort_by(|a, b| a.0.total_cmp(&b.0).then((a.1, a.2).cmp(&(b.1, b.2))));
            let mut seen = std::collections::HashSet::new();
            let mut next = Vec::with_capacity(width);
            for (_, i, mv) in scored {
                if next.len() == width {
                    break;
                }
                let mut state = lines[i].state.clone();
                game.apply(&mut state, mv);
                let k = roll_on(game, &mut state, rolls, lines[i].k);
                if !seen.insert(state.clone()) {
                    continue;
                }
                let mut moves = lines[i].moves.clone();
                moves.push(mv);
                if game.phase(&state) == Phase::Terminal {
                    if state.crosses() < self.best.0 {
                        self.best = (state.crosses(), moves);
                    }
                } else {
                    next.push(Line { state, k, moves });
                }
            }
            lines = next;
        }
    }

    /// The fewest X from `state` (`k` rolls applied) if it is below
    /// `alpha` (exact), else a lower bound of at least `alpha`.
    fn search(&mut self, state: &State, k: usize, alpha: u32) -> Known {
        self.spend(1, self.nodes.is_multiple_of(CLOCK_EVERY));
        let mut low = self.bound(state, k);
        let phase = self.game.phase(state);
        if phase == Phase::Terminal {
            let crosses = state.crosses();
            if crosses < self.best.0 {
                self.best = (crosses, self.path.clone());
            }
            return Known {
                value: crosses,
                exact: true,
            };
        }
        if let Some(known) = self.memo.get(state) {
            if known.exact || known.value >= alpha {
                return *known;
            }
            low = low.max(known.value);
        }
        if low >= alpha || self.out_of_time {
            return Known {
                value: low,
                exact: false,
            };
        }
        let known = match phase {
            Phase::Chance => {
                let mut next = state.clone();
                self.game
                    .apply_roll(&mut next, self.rolls[k])
                    .expect("the rolls were checked");
                self.search(&next, k + 1, alpha)
            }
            Phase::Decision => self.decide(state, k, alpha, low),
            Phase::Terminal => unreachable!("handled above"),
        };
        if !self.out_of_time && (self.memo.len() < MAX_MEMO || self.memo.contains_key(state)) {
            self.memo.insert(state.clone(), known);
        }
        known
    }

    /// A decision: every legal move, the greedy player's best first.
    fn decide(&mut self, state: &State, k: usize, alpha: u32, low: u32) -> Known {
        let depth = self.path.len();
        if self.scratch.len() <= depth {
            self.scratch.resize_with(depth + 1, Default::default);
        }
        let (mut moves, mut ranked, next) = std::mem::take(&mut self.scratch[depth]);
        let mut next = next.unwrap_or_else(|| state.clone());
        self.game.legal_moves(state, &mut moves);
        self.greedy
            .rank_moves(self.game, state, moves.iter(), &mut ranked);
        ranked.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let mut best: Option<u32> = None;
        let mut least_bound = u32::MAX;
        for &(_, mv) in &ranked {
            let limit = best.map_or(alpha, |v| v.min(alpha));
            next.clone_from(state);
            self.game.apply(&mut next, mv);
            self.path.push(mv);
            let child = self.search(&next, k, limit);
            self.path.pop();
            if self.out_of_time {
                break;
            }
            if child.exact && child.value < limit {
                best = Some(child.value);
                if child.value <= low {
                    break;
                }
            } else {
                least_bound = least_bound.min(child.value);
            }
        }
        self.scratch[depth] = (moves, ranked, Some(next));
        match best {
            Some(value) if !self.out_of_time => Known { value, exact: true },
            // Every move was proven to end with `alpha` X or more (or the
            // time ran out, and nothing is stored).
            _ => Known {
                value: least_bound.max(low),
                exact: false,
            },
        }
    }
}

/// For each roll `k` (and one past the last) and each die: how many rolls
/// of the die are at `k` or later, and their numbers.
fn dice_left(game: &Game, rolls: &[Roll]) -> Vec<Vec<(u16, u64)>> {
    let mut out = vec![vec![(0u16, 0u64); game.dice().len()]; rolls.len() + 1];
    for k in (0..rolls.len()).rev() {
        out[k] = out[k + 1].clone();
        let (n, values) = &mut out[k][usize::from(rolls[k].die.0)];
        *n += 1;
        *values |= 1 << rolls[k].value;
    }
    out
}

/// Checks that `rolls` make one whole game on `game`.
pub fn check_rolls(game: &Game, rolls: &[Roll]) -> Result<(), SolveError> {
    greedy_game(game, rolls).map(|_| ())
}

/// The greedy player's game on `rolls`, checking that they make one whole
/// game: its final sheet and its moves.
fn greedy_game(game: &Game, rolls: &[Roll]) -> Result<(State, Vec<Move>), SolveError> {
    let mut state = game.initial_state();
    let mut greedy = Greedy::new();
    let mut moves = Vec::new();
    let mut k = 0;
    loop {
        match game.phase(&state) {
            Phase::Terminal if k == rolls.len() => return Ok((state, moves)),
            Phase::Terminal => {
                return Err(SolveError::TooMany {
                    used: k,
                    given: rolls.len(),
                });
            }
            Phase::Chance => {
                let roll = *rolls
                    .get(k)
                    .ok_or(SolveError::TooFew { given: rolls.len() })?;
                if let Some(problem) = game.roll_problem(&state, roll) {
                    return Err(SolveError::BadRoll {
                        index: k + 1,
                        problem: problem.describe(game, roll),
                    });
                }
                game.apply_roll(&mut state, roll).expect("checked");
                k += 1;
            }
            Phase::Decision => {
                let mv = greedy.choose(game, &state);
                moves.push(mv);
                game.apply(&mut state, mv);
            }
        }
    }
}

/// Rolls the known dice from roll `k` until a decision or the end; the
/// index of the next roll.
fn roll_on(game: &Game, state: &mut State, rolls: &[Roll], mut k: usize) -> usize {
    while game.phase(state) == Phase::Chance {
        game.apply_roll(state, rolls[k])
            .expect("the rolls were checked");
        k += 1;
    }
    k
}

/// How long a search may go on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limit {
    /// Stop at this time.
    pub deadline: Option<Instant>,
    /// Stop after this many positions: a limit that gives the same result
    /// on every machine.
    pub positions: Option<u64>,
}

/// The fewest X a player can end with on `rolls` (every roll of one game,
/// in order), searching until `deadline` at most.
pub fn solve(
    game: &Game,
    rolls: &[Roll],
    deadline: Option<Instant>,
) -> Result<Solution, SolveError> {
    solve_within(
        game,
        rolls,
        Limit {
            deadline,
            positions: None,
        },
    )
}

/// [`solve`] within `limit`.
pub fn solve_within(game: &Game, rolls: &[Roll], limit: Limit) -> Result<Solution, SolveError> {
    solve_guided(game, rolls, limit, None)
}

/// `solve_within`, with wide beams guided by the values `rollx train`
/// learned on the map when they are given (they find better games on
/// full-size maps).
pub fn solve_guided(
    game: &Game,
    rolls: &[Roll],
    limit: Limit,
    values: Option<&TupleValue>,
) -> Result<Solution, SolveError> {
    // The greedy player's game is the first incumbent.
    let (greedy_end, greedy_moves) = greedy_game(game, rolls)?;
    let greedy_crosses = greedy_end.crosses();
    let mut search = Search {
        game,
        rolls,
        memo: HashMap::new(),
        nodes: 0,
        deadline: limit.deadline,
        max_positions: limit.positions.unwrap_or(u64::MAX),
        out_of_time: false,
        greedy: Greedy::new(),
        dupes: game.rules().powers.dupe,
        color_changes: game.rules().powers.color_change,
        guards: game.rules().powers.guard,
        dice_left: dice_left(game, rolls),
        reach: (0..game.area_count())
            .map(|i| {
                (0..game.dice().len() as u8)
                    .filter(|&d| game.die_reaches(DieId(d), game.all_areas()[i]))
                    .fold(0u64, |m, d| m | 1 << d)
            })
            .collect(),
        scratch: Vec::new(),
        path: Vec::new(),
        best: (greedy_crosses, greedy_moves),
        values: None,
    };
    // The pilot method improves on the greedy game; then the exact search
    // has a quarter of the rest of the limit; if it does not finish, beams
    // guided by the values (when given) a third of what is left, beams
    // guided by play-outs half of what is left then (a better incumbent
    // cuts more), and the exact search the rest (what it proved is
    // remembered).
    let started = Instant::now();
    search.beam(1);
    let line_cost = (search.nodes, started.elapsed());
    let root = game.initial_state();
    let mut exact = search.prove(&root, search.share(limit, 4));
    if !exact {
        if values.is_some() {
            search.values = values;
            search.beams(search.share(limit, 3), None);
            search.values = None;
        }
        search.beams(search.share(limit, 2), Some(line_cost));
        exact = search.prove(&root, limit);
    }
    let mut lower_bound = search.bound(&root, 0);
    let (crosses, moves) = search.best;
    // When the search did not prove its best game the fewest, the
    // relaxation's bound (a SAT proof, with a budget of conflicts that
    // grows with the limit of positions) may.
    if !exact && lower_bound < crosses {
        let budget = limit.positions.map_or(RELAXATION_CONFLICTS, |p| {
            (p / POSITIONS_PER_CONFLICT).max(MIN_RELAXATION_CONFLICTS)
        });
        lower_bound = lower_bound.max(relaxed_bound(game, rolls, budget, crosses).crosses);
        exact = lower_bound >= crosses;
    }
    let (sheet, played) = play_on(game, rolls, &mut Scripted(moves.into_iter()));
    assert_eq!(
        sheet.crosses(),
        crosses,
        "the best game found ends as found"
    );
    Ok(Solution {
        crosses,
        lower_bound: if exact {
            crosses
        } else {
            lower_bound.min(crosses)
        },
        exact,
        moves: played,
        sheet,
        greedy_crosses,
        nodes: search.nodes,
    })
}

/// Plays the moves of a solution in order.
struct Scripted(std::vec::IntoIter<Move>);

impl Policy for Scripted {
    fn name(&self) -> &str {
        "solver"
    }

    fn choose(&mut self, _game: &Game, _state: &State) -> Move {
        self.0
            .next()
            .expect("a solution has a move for every decision")
    }
}

/// The best game found on `rolls` (the dice of `seed`, when they are a
/// seed's), as the game log of one player named `solver` (`map_file` is
/// recorded in it): what `rollx referee` checks.
pub fn witness_log(
    game: &Game,
    rolls: &[Roll],
    seed: Option<u64>,
    solution: &Solution,
    map_file: Option<String>,
) -> GameLog {
    let mut players: Vec<(String, Box<dyn Policy>)> = vec![(
        "solver".to_string(),
        Box::new(Scripted(solution.moves.clone().into_iter())),
    )];
    play_rolls(game, rolls, seed, &mut players, map_file).log
}
