//! Resolving a die: moves, the rules they must obey, and applying them.
//!
//! [`Game::check`] is the one statement of the rules: it lists every rule a
//! resolution breaks. [`Game::legal_moves`] enumerates the moves that pass
//! it (a test proves the two agree), and the referee uses `check` on moves
//! read from a log.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::game::{DieId, DieKind, Game};
use super::state::{Cell, Phase, Roll, State};
use crate::rolling::map::{AreaId, Power, WildWithoutPlacement};

/// A set of powers used on one die.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PowerSet(u8);

impl PowerSet {
    /// No power.
    pub const NONE: PowerSet = PowerSet(0);

    fn bit(p: Power) -> u8 {
        match p {
            Power::ColorChange => 1,
            Power::Guard => 2,
            Power::Dupe => 4,
        }
    }

    /// The set holding exactly these powers.
    pub fn of(powers: &[Power]) -> PowerSet {
        powers.iter().fold(PowerSet::NONE, |s, &p| s.with(p))
    }

    /// This set plus one power.
    #[inline]
    pub fn with(self, p: Power) -> PowerSet {
        PowerSet(self.0 | Self::bit(p))
    }

    /// Whether the set holds a power.
    #[inline]
    pub fn contains(self, p: Power) -> bool {
        self.0 & Self::bit(p) != 0
    }

    /// Whether no power is used.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of powers.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The powers in sheet order.
    pub fn iter(self) -> impl Iterator<Item = Power> {
        [Power::ColorChange, Power::Guard, Power::Dupe]
            .into_iter()
            .filter(move |&p| self.contains(p))
    }
}

impl fmt::Debug for PowerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter().map(Power::key)).finish()
    }
}

/// What a die's number does on the sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Write the number in one area.
    Write(AreaId),
    /// Write it in two areas (Dupe). With a Guard that covers only one copy,
    /// the first area is the guarded one.
    WriteTwice(AreaId, AreaId),
    /// Mark an X (no area accepts the number).
    Cross(AreaId),
    /// The die does nothing (no area accepts the number and none can take an X).
    Pass,
}

impl Action {
    /// The areas written (zero, one or two).
    pub fn written(&self) -> impl Iterator<Item = AreaId> {
        let (a, b) = match *self {
            Action::Write(a) => (Some(a), None),
            Action::WriteTwice(a, b) => (Some(a), Some(b)),
            _ => (None, None),
        };
        a.into_iter().chain(b)
    }

    /// The areas marked: written (zero, one or two), or the X.
    pub fn marked(&self) -> impl Iterator<Item = AreaId> {
        let cross = match *self {
            Action::Cross(a) => Some(a),
            _ => None,
        };
        self.written().chain(cross)
    }
}

/// How one player resolves one rolled die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Which of the pending dice.
    pub die: DieId,
    /// What is written.
    pub action: Action,
    /// The powers used on it.
    pub powers: PowerSet,
}

/// One rule broken by a resolution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "kebab-case")]
pub enum Breach {
    /// The die was not rolled this turn, or was already resolved.
    DieNotRolled,
    /// The number is not a face of the dice.
    NumberNotOnDie {
        /// The number written.
        number: u8,
    },
    /// The number differs from the roll.
    NumberNotRolled {
        /// The number written.
        number: u8,
        /// The number rolled.
        rolled: u8,
    },
    /// Something is already written in the area.
    AreaNotEmpty {
        /// The area.
        area: AreaId,
    },
    /// Both copies of a Dupe in one area.
    SameAreaTwice {
        /// The area.
        area: AreaId,
    },
    /// The area is not in the die's region (and no Color Change was used).
    WrongRegion {
        /// The area.
        area: AreaId,
    },
    /// A neighbour holds a number more than 1 away.
    NeighborRule {
        /// The area written.
        area: AreaId,
        /// The neighbour that forbids it.
        neighbor: AreaId,
    },
    /// An X (or nothing) although the number could be written somewhere.
    CrossWithSpot {
        /// An area that accepts the number.
        spot: AreaId,
    },
    /// An X outside the die's region (or any X where the rules say the wild
    /// die does nothing).
    CrossWrongRegion {
        /// The area.
        area: AreaId,
    },
    /// Nothing done although an X had to be marked.
    MustCross {
        /// An empty area that should have taken the X.
        area: AreaId,
    },
    /// More uses of a power than the rules grant.
    PowerSpent {
        /// The power.
        power: Power,
    },
    /// Color Change while the die's own region had a spot, and the rules
    /// option `color_change_anytime` is off.
    ColorChangeNotNeeded {
        /// A spot in the die's own region.
        spot: AreaId,
    },
    /// Dupe used but only one area written.
    DupeNeedsTwoAreas,
    /// Two areas written without Dupe.
    TwoAreasWithoutDupe,
    /// A power used on an X or on a die that did nothing.
    PowerWithoutNumber,
}

impl Breach {
    /// Stable name of the rule, as used in reports and docs/rules.md.
    pub fn rule(&self) -> &'static str {
        match self {
            Breach::DieNotRolled => "die-not-rolled",
            Breach::NumberNotOnDie { .. } => "number-not-on-die",
            Breach::NumberNotRolled { .. } => "number-not-rolled",
            Breach::AreaNotEmpty { .. } => "area-not-empty",
            Breach::SameAreaTwice { .. } => "same-area-twice",
            Breach::WrongRegion { .. } => "wrong-region",
            Breach::NeighborRule { .. } => "neighbor-rule",
            Breach::CrossWithSpot { .. } => "cross-with-spot",
            Breach::CrossWrongRegion { .. } => "cross-wrong-region",
            Breach::MustCross { .. } => "must-cross",
            Breach::PowerSpent { .. } => "power-spent",
            Breach::ColorChangeNotNeeded { .. } => "color-change-not-needed",
            Breach::DupeNeedsTwoAreas => "dupe-needs-two-areas",
            Breach::TwoAreasWithoutDupe => "two-areas-without-dupe",
            Breach::PowerWithoutNumber => "power-without-number",
        }
    }

    /// A sentence describing the breach with the map's names.
    pub fn describe(&self, game: &Game) -> String {
        let code = |a: &AreaId| game.map().area(*a).id.as_str();
        match self {
            Breach::DieNotRolled => {
                "this die was not rolled this turn, or was already resolved".into()
            }
            Breach::NumberNotOnDie { number } => format!("{number} is not a face of the dice"),
            Breach::NumberNotRolled { number, rolled } => {
                format!("wrote {number} but the die shows {rolled}")
            }
            Breach::AreaNotEmpty { area } => {
                format!("{} already holds a number or an X", code(area))
            }
            Breach::SameAreaTwice { area } => {
                format!(
                    "{} is listed twice: a move writes a number once, or with Dupe in two areas",
                    code(area)
                )
            }
            Breach::WrongRegion { area } => {
                let region = &game.map().region(game.region_of(*area)).id;
                format!(
                    "{} is in the {region} region, which this die cannot reach without Color Change",
                    code(area)
                )
            }
            Breach::NeighborRule { area, neighbor } => format!(
                "{} breaks the neighbour rule: its neighbour {} differs by more than 1",
                code(area),
                code(neighbor)
            ),
            Breach::CrossWithSpot { spot } => {
                format!(
                    "the number had to be written: {} (for one) accepted it",
                    code(spot)
                )
            }
            Breach::CrossWrongRegion { area } => {
                format!("an X in {} is outside what this die may mark", code(area))
            }
            Breach::MustCross { area } => {
                format!(
                    "no area accepted the number, so an X had to be marked (for example in {})",
                    code(area)
                )
            }
            Breach::PowerSpent { power } => {
                format!("{} used more often than the rules allow", power.title())
            }
            Breach::ColorChangeNotNeeded { spot } => format!(
                "Color Change used while the die's own region had a spot ({}); this map's rules forbid that",
                code(spot)
            ),
            Breach::DupeNeedsTwoAreas => {
                "Dupe writes the number in two areas, but one was given".into()
            }
            Breach::TwoAreasWithoutDupe => "two areas written without Dupe".into(),
            Breach::PowerWithoutNumber => {
                if game.powers_without_number().is_empty() {
                    "powers apply to writing a number, not to an X or nothing".into()
                } else {
                    "Guard and Dupe apply to writing a number, not to an X or nothing".into()
                }
            }
        }
    }
}

/// Why a roll cannot be applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "problem", rename_all = "kebab-case")]
pub enum RollProblem {
    /// The game is not waiting for a die.
    NotExpected,
    /// The die was already drawn this round.
    AlreadyDrawn,
    /// The value is not a face of the dice.
    NotAFace,
}

impl RollProblem {
    /// The problem in words, for `roll`.
    pub fn describe(self, game: &Game, roll: Roll) -> String {
        match self {
            RollProblem::NotExpected => "the game is not waiting for a die".into(),
            RollProblem::AlreadyDrawn => format!(
                "the {} die was already drawn this round",
                game.die(roll.die).id
            ),
            RollProblem::NotAFace => format!(
                "{} is not a face of the dice ({})",
                roll.value,
                game.faces_text()
            ),
        }
    }
}

/// The final result of one sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Score {
    /// Number of X (fewer is better), including one per rule broken when a
    /// game is refereed.
    pub crosses: u32,
    /// Powers used (the tie-break: fewer is better).
    pub powers_used: u32,
}

impl Game {
    /// Who acts next.
    pub fn phase(&self, state: &State) -> Phase {
        if state.is_finished() {
            Phase::Terminal
        } else if state.rolled_in_turn() < self.rules().dice_per_turn {
            Phase::Chance
        } else {
            Phase::Decision
        }
    }

    /// Whether the game is over.
    pub fn is_terminal(&self, state: &State) -> bool {
        state.is_finished()
    }

    /// The score of a sheet (final once the game is over).
    pub fn score(&self, state: &State) -> Score {
        Score {
            crosses: state.crosses(),
            powers_used: state.powers_used(),
        }
    }

    /// What is wrong with applying this roll now, if anything.
    pub fn roll_problem(&self, state: &State, roll: Roll) -> Option<RollProblem> {
        if self.phase(state) != Phase::Chance {
            Some(RollProblem::NotExpected)
        } else if roll.die.index() >= self.dice().len() || state.drawn(roll.die) {
            Some(RollProblem::AlreadyDrawn)
        } else if !self.rules().faces.contains(&roll.value) {
            Some(RollProblem::NotAFace)
        } else {
            None
        }
    }

    /// Applies a chance outcome (a die drawn and rolled).
    pub fn apply_roll(&self, state: &mut State, roll: Roll) -> Result<(), RollProblem> {
        match self.roll_problem(state, roll) {
            Some(p) => Err(p),
            None => {
                state.push_roll(roll);
                Ok(())
            }
        }
    }

    /// Applies a roll even if it breaks the bag's rules (for the referee,
    /// which reports the problem and carries on). Dice beyond the bag are
    /// ignored.
    pub(crate) fn apply_roll_lenient(&self, state: &mut State, roll: Roll) {
        if roll.die.index() < self.dice().len() && self.phase(state) == Phase::Chance {
            state.push_roll(roll);
        }
    }

    /// The first area where `value` may be written with die `die` without
    /// powers, if any.
    pub fn plain_spot(&self, state: &State, die: DieId, value: u8) -> Option<AreaId> {
        self.spot(state, self.die_areas(die), value)
    }

    /// The first empty area of `areas` where `value` may be written under
    /// the neighbour rule.
    fn spot(&self, state: &State, areas: &[AreaId], value: u8) -> Option<AreaId> {
        areas
            .iter()
            .copied()
            .find(|&a| state.cell(a).is_empty() && self.neighbor_rule_ok(state, a, value))
    }

    /// The powers that may be used on a die whose number is not written
    /// (an X, or nothing): Color Change under the rules option
    /// `color_change_on_cross`, none otherwise (docs/rules.md, rules 26
    /// and 27).
    pub fn powers_without_number(&self) -> PowerSet {
        if self.rules().options.color_change_on_cross {
            PowerSet::NONE.with(Power::ColorChange)
        } else {
            PowerSet::NONE
        }
    }

    /// Whether die `die` resolved with `powers` counts as the wild die: the
    /// wild die itself, or a die with a Color Change that the powers allow
    /// on this resolution (`writes`: whether it writes its number; see
    /// [`Game::powers_without_number`]). A Color Change that is not
    /// allowed leaves the die in its region.
    pub fn resolves_as_wild(&self, die: DieId, powers: PowerSet, writes: bool) -> bool {
        self.die(die).kind == DieKind::Wild
            || (powers.contains(Power::ColorChange)
                && (writes || self.powers_without_number().contains(Power::ColorChange)))
    }

    /// The areas a die reaches: its region's, or every area when it
    /// resolves as wild.
    fn reach(&self, die: DieId, wild: bool) -> &[AreaId] {
        if wild {
            self.all_areas()
        } else {
            self.die_areas(die)
        }
    }

    /// An empty area that may take the X of a die whose number fits
    /// nowhere it reaches (`wild`: it resolves as wild), if any: none for a
    /// wild die when the rules say it then does nothing.
    pub(crate) fn cross_spot(&self, state: &State, die: DieId, wild: bool) -> Option<AreaId> {
        if wild && self.rules().options.wild_without_placement == WildWithoutPlacement::NoEffect {
            return None;
        }
        self.reach(die, wild)
            .iter()
            .copied()
            .find(|&a| state.cell(a).is_empty())
    }

    /// Every rule the resolution breaks, in the order the rules are stated
    /// in docs/rules.md. `number` is the number written (normally the
    /// roll's value).
    pub fn check(&self, state: &State, mv: &Move, number: u8) -> Vec<Breach> {
        let mut out = Vec::new();
        let rules = self.rules();
        let roll = state.pending_roll(mv.die);
        if roll.is_none() {
            out.push(Breach::DieNotRolled);
        }
        let rolled = roll.map_or(number, |r| r.value);
        let writes = !matches!(mv.action, Action::Cross(_) | Action::Pass);
        if writes {
            if !rules.faces.contains(&number) {
                out.push(Breach::NumberNotOnDie { number });
            } else if number != rolled {
                out.push(Breach::NumberNotRolled { number, rolled });
            }
        }
        for power in mv.powers.iter() {
            if state.used(power) >= rules.powers.get(power) {
                out.push(Breach::PowerSpent { power });
            }
        }
        let die_index_ok = mv.die.index() < self.dice().len();
        match mv.action {
            Action::Write(_) | Action::WriteTwice(..) => {
                let dupe = mv.powers.contains(Power::Dupe);
                match (mv.action, dupe) {
                    (Action::Write(_), true) => out.push(Breach::DupeNeedsTwoAreas),
                    // An area listed twice is named as such, Dupe or not.
                    (Action::WriteTwice(a, b), _) if a == b => {
                        out.push(Breach::SameAreaTwice { area: a })
                    }
                    (Action::WriteTwice(..), false) => out.push(Breach::TwoAreasWithoutDupe),
                    _ => {}
                }
                let cc = mv.powers.contains(Power::ColorChange);
                if cc
                    && !rules.options.color_change_anytime
                    && die_index_ok
                    && let Some(spot) = self.plain_spot(state, mv.die, rolled)
                    && self.die(mv.die).kind != DieKind::Wild
                {
                    out.push(Breach::ColorChangeNotNeeded { spot });
                }
                let guard = mv.powers.contains(Power::Guard);
                for (copy, area) in mv.action.written().enumerate() {
                    if area.index() >= self.area_count() {
                        continue;
                    }
                    if !state.cell(area).is_empty() {
                        out.push(Breach::AreaNotEmpty { area });
                    }
                    if die_index_ok
                        && !self.resolves_as_wild(mv.die, mv.powers, true)
                        && !self.die_reaches(mv.die, area)
                    {
                        out.push(Breach::WrongRegion { area });
                    }
                    let guarded = guard && self.guard_covers(copy);
                    if !guarded {
                        out.extend(
                            self.neighbor_conflicts(state, area, number)
                                .map(|neighbor| Breach::NeighborRule { area, neighbor }),
                        );
                    }
                }
            }
            Action::Cross(_) | Action::Pass => {
                let without_number = self.powers_without_number();
                if mv.powers.iter().any(|p| !without_number.contains(p)) {
                    out.push(Breach::PowerWithoutNumber);
                }
                if let Action::Cross(area) = mv.action
                    && area.index() < self.area_count()
                    && !state.cell(area).is_empty()
                {
                    out.push(Breach::AreaNotEmpty { area });
                }
                if die_index_ok {
                    let wild = self.resolves_as_wild(mv.die, mv.powers, false);
                    let spot = self.spot(state, self.reach(mv.die, wild), rolled);
                    if let Some(spot) = spot {
                        out.push(Breach::CrossWithSpot { spot });
                    }
                    // Where an X may stand is a rule of its own: an X
                    // marked while the number fits, outside the die's
                    // region, breaks both.
                    if let Action::Cross(area) = mv.action {
                        let allowed = if wild {
                            rules.options.wild_without_placement == WildWithoutPlacement::XAnywhere
                        } else {
                            self.die_reaches(mv.die, area)
                        };
                        if !allowed {
                            out.push(Breach::CrossWrongRegion { area });
                        }
                    } else if spot.is_none()
                        && let Some(area) = self.cross_spot(state, mv.die, wild)
                    {
                        out.push(Breach::MustCross { area });
                    }
                }
            }
        }
        out
    }

    /// Whether a move is legal now.
    pub fn is_legal(&self, state: &State, mv: &Move) -> bool {
        match state.pending_roll(mv.die) {
            Some(roll) => {
                self.phase(state) == Phase::Decision && self.check(state, mv, roll.value).is_empty()
            }
            None => false,
        }
    }

    /// Applies a legal move. Panics in debug builds if it is not legal.
    pub fn apply(&self, state: &mut State, mv: Move) {
        let roll = state.pending_roll(mv.die).expect("the die is pending");
        debug_assert!(
            self.check(state, &mv, roll.value).is_empty(),
            "illegal move {mv:?}: {:?}",
            self.check(state, &mv, roll.value)
        );
        self.write(state, &mv, roll.value);
        state.take_pending(mv.die);
        self.after_resolution(state);
    }

    /// Applies what a player wrote, legal or not, as far as the sheet allows
    /// (an occupied area keeps what it had). Used by the referee.
    pub(crate) fn apply_as_written(&self, state: &mut State, mv: &Move, number: u8) {
        self.write(state, mv, number);
        state.take_pending(mv.die);
        self.after_resolution(state);
    }

    /// Closes the turn (and the round, when `round_over`) whatever was
    /// rolled and resolved: the referee keeps recorded games in step with
    /// their turn numbers even when a turn is malformed.
    pub(crate) fn close_turn(&self, state: &mut State, round_over: bool) {
        if state.rolled_in_turn() != 0 || state.has_pending() {
            state.end_turn();
        }
        if round_over && state.rolled_in_round() != 0 {
            state.end_round();
            if state.round() >= self.rules().rounds {
                self.cross_out_empty(state);
                state.finish();
            }
        }
    }

    /// Whether a Guard used on a die circles copy `copy` of its number (0
    /// the first, 1 the second copy of a Dupe): the first always, the
    /// second when the rules option `guard_covers_dupe` says so. This is
    /// the one statement of that rule (docs/rules.md, rule 22): the
    /// checker, the sheet, the move generator, the players and the
    /// filled-sheet referee all ask it.
    #[inline]
    pub fn guard_covers(&self, copy: usize) -> bool {
        copy == 0 || self.rules().options.guard_covers_dupe
    }

    /// What `mv` puts on the sheet when its die shows `number`: each area
    /// written with the number (guarded where its Guard covers it), or the
    /// area marked with an X. Nothing for a pass.
    pub fn marks(&self, mv: &Move, number: u8) -> impl Iterator<Item = (AreaId, Cell)> + use<> {
        let guard = mv.powers.contains(Power::Guard);
        let write = |copy: usize, area: AreaId| {
            let guarded = guard && self.guard_covers(copy);
            let cell = if guarded {
                Cell::guarded(number)
            } else {
                Cell::number(number)
            };
            (area, cell)
        };
        let marks = match mv.action {
            Action::Write(a) => [Some(write(0, a)), None],
            Action::WriteTwice(a, b) => [Some(write(0, a)), Some(write(1, b))],
            Action::Cross(a) => [Some((a, Cell::CROSS)), None],
            Action::Pass => [None, None],
        };
        marks.into_iter().flatten()
    }

    fn write(&self, state: &mut State, mv: &Move, number: u8) {
        for (area, cell) in self.marks(mv, number) {
            if area.index() < self.area_count() && state.cell(area).is_empty() {
                state.set_cell(area, cell);
            }
        }
        for p in mv.powers.iter() {
            state.use_power(p);
        }
    }

    fn after_resolution(&self, state: &mut State) {
        let rules = self.rules();
        if state.has_pending() || state.rolled_in_turn() < rules.dice_per_turn {
            return;
        }
        state.end_turn();
        if state.rolled_in_round() >= rules.dice_per_round {
            state.end_round();
            if state.round() >= rules.rounds {
                self.cross_out_empty(state);
                state.finish();
            }
        }
    }
}
