//! What a family writes: the contract with the family's own types. A
//! family implements [`About`] (its names, files, options and players),
//! [`Typed`] (what it does with its own map or board) and
//! [`Simulates`] (what differs in its simulations); the erased [`Face`]
//! the commands reach it by is implemented here once, for every such
//! family, with the one look into a [`Model`] for the family's own. A
//! model of another family is refused there with an error, so no family
//! looks into a model, and none expects.

use crate::diag::{Diagnostic, Failure};
use crate::engine::conformance::{self, Conformance};
use crate::print::{PrintOptions, Template};

use super::contract::{Model, Printed};
use super::face::{
    About, AtTerminal, CheckedSheet, Console, DeepRequest, Deepened, Face, PlayRequest, Played,
    RefereeRequest, Refereed, SheetRequest, Start, TerminalRequest,
};
use super::log::{GameLog, LogFamily};
use super::referee::LogAt;
use super::simulate::{SimulateRequest, Simulated, Simulates};
use super::vet::Vetted;

/// A game family with its own types: its map or board ([`Typed::Model`])
/// and its rules engine ([`Typed::Rules`]), and what each command does
/// with them. The commands' flows are written once over it
/// ([`play`](Face::play)); a family writes what differs.
pub trait Typed: About + 'static {
    /// The family's map or board, as `check` makes it.
    type Model: std::any::Any + Send + Sync;

    /// The family's rules engine on one of its files.
    type Rules: crate::engine::Rules;

    /// A whole game its computer players played: its log, and the sheets
    /// at the end.
    type Game;

    /// The rules engine on `model`, with the family's `options` given (a
    /// rule the family lets a game choose): why not, when it cannot play
    /// it.
    fn engine(&self, model: &Self::Model, options: &super::Given) -> Result<Self::Rules, String>;

    /// A pad of sheets of `model` on `template`, and every problem the
    /// print checks find ([`Face::sheet`]).
    fn sheet(
        &self,
        model: &Self::Model,
        template: &Template,
        options: &PrintOptions,
    ) -> (Printed, Vec<Diagnostic>);

    /// The rules of `model`, a paragraph each, in `lang`
    /// ([`Face::rules`]).
    fn rules(&self, model: &Self::Model, lang: crate::lang::Lang) -> Vec<String>;

    /// Random games of `players` players on `rules`, one per seed, checked
    /// against the engine interface's promises: the engine's own, unless
    /// a family plays a lone player by other rules.
    fn random_games(
        &self,
        rules: &Self::Rules,
        players: usize,
        seeds: std::ops::Range<u64>,
    ) -> Result<Conformance, String> {
        conformance::random_games(rules, players, seeds)
    }

    /// `rollx check --deep` on `model`, for a family that
    /// [deepens](About::deepens).
    fn deep(&self, _model: &Self::Model, _request: &DeepRequest) -> Result<Deepened, Failure> {
        Err(Failure::usage(format!(
            "{} {}s have no deeper check",
            self.title(),
            self.noun()
        )))
    }

    /// The computer players of `request` seated at `rules` and playing a
    /// whole game: a player the family cannot seat (its learned values
    /// missing) is the error.
    fn play_game(&self, rules: &Self::Rules, request: &PlayRequest) -> Result<Self::Game, Failure>;

    /// A played game as `rollx play` shows it, and its log.
    fn played(&self, rules: &Self::Rules, game: &Self::Game, request: &PlayRequest) -> Played;

    /// The family's game logs.
    type Log: LogFamily;

    /// A refereed game: every rule broken, and the scores.
    type Verdict: serde::Serialize;

    /// The game of `log` refereed on `model` (the file the log names, or
    /// the one given): the rules it was played by, and the verdict; a log
    /// of a game on another map or board is the error, located in the log
    /// (`at`).
    fn referee_log(
        &self,
        model: &Self::Model,
        log: &GameLog<Self::Log>,
        at: &LogAt,
    ) -> Result<(Self::Rules, Self::Verdict), Failure>;

    /// A verdict as `rollx referee` shows it.
    fn verdict_text(
        &self,
        rules: &Self::Rules,
        log: &GameLog<Self::Log>,
        verdict: &Self::Verdict,
        request: &RefereeRequest,
    ) -> String;

    /// Whether no rule is broken and nothing is wrong with the log.
    fn clean(&self, verdict: &Self::Verdict) -> bool;

    /// The final sheet of the player in `seat` (named `name`) as a filled
    /// sheet (`--write-sheet`).
    fn filled(
        &self,
        rules: &Self::Rules,
        verdict: &Self::Verdict,
        seat: usize,
        name: &str,
    ) -> String;

    /// A finished paper sheet checked: its score and every rule broken.
    type Filled: serde::Serialize;

    /// A finished paper sheet of `model` read and checked for `rollx
    /// referee --sheet`: the rules it was checked by, and the sheet's
    /// findings and result; why not, when the rules cannot be set up.
    fn check_filled(
        &self,
        model: &Self::Model,
        request: &SheetRequest,
    ) -> Result<(Self::Rules, CheckedSheet<Self::Filled>), Failure>;

    /// A checked paper sheet as `rollx referee --sheet` shows it.
    fn filled_text(
        &self,
        rules: &Self::Rules,
        filled: &Self::Filled,
        request: &SheetRequest,
    ) -> String;

    /// Whether no rule is broken on a checked paper sheet.
    fn filled_clean(&self, filled: &Self::Filled) -> bool;

    /// `rollx play --human` and `--resume`: a game at the terminal, on
    /// `model` when it is a new one. A family that can be played at the
    /// terminal implements [`AtTable`](super::terminal::AtTable) and
    /// calls the flow written once over it,
    /// [`terminal`](super::terminal::terminal); by default, its games are
    /// not played at the terminal.
    fn terminal(
        &self,
        _model: Option<&Self::Model>,
        _request: &TerminalRequest,
        _console: Console,
    ) -> Result<AtTerminal, Failure> {
        Err(Failure::usage(format!(
            "{} {}s cannot be played at the terminal",
            self.title(),
            self.noun()
        )))
    }
}

/// The family's own model inside `model`, or why not: it is of another
/// family.
pub(crate) fn own<'m, K: Typed>(kind: &K, model: &'m Model) -> Result<&'m K::Model, String> {
    model.get::<K::Model>().ok_or_else(|| {
        format!(
            "{} ({}) is {}, not {}",
            model.name(),
            model.id(),
            model.family().a_file(),
            super::face::a_file(kind)
        )
    })
}

/// [`own`] for a command: a model of another family is a usage error.
fn own_or_fail<'m, K: Typed>(kind: &K, model: &'m Model) -> Result<&'m K::Model, Failure> {
    own(kind, model).map_err(Failure::usage)
}

/// [`own`] where there is no other way to say it than a finding (a
/// sheet, the rules).
fn own_or_find<'m, K: Typed>(kind: &K, model: &'m Model) -> Result<&'m K::Model, Diagnostic> {
    own(kind, model).map_err(|why| Diagnostic::error("wrong-family", why))
}

impl<K: Simulates> Face for K {
    fn sheet(
        &self,
        model: &Model,
        template: &Template,
        options: &PrintOptions,
    ) -> (Printed, Vec<Diagnostic>) {
        match own_or_find(self, model) {
            Ok(m) => Typed::sheet(self, m, template, options),
            Err(wrong) => (Printed::default(), vec![wrong]),
        }
    }

    fn rules(&self, model: &Model, lang: crate::lang::Lang) -> Result<Vec<String>, Diagnostic> {
        own_or_find(self, model).map(|m| Typed::rules(self, m, lang))
    }

    fn random_games(
        &self,
        model: &Model,
        players: usize,
        seeds: std::ops::Range<u64>,
    ) -> Result<Conformance, String> {
        let m = own(self, model)?;
        let rules = self.engine(m, &super::Given::default())?;
        Typed::random_games(self, &rules, players, seeds)
    }

    fn deep(&self, model: &Model, request: &DeepRequest) -> Result<Deepened, Failure> {
        Typed::deep(self, own_or_fail(self, model)?, request)
    }

    fn play(&self, model: &Model, request: Vetted<PlayRequest>) -> Result<Played, Failure> {
        let rules = self
            .engine(own_or_fail(self, model)?, request.options)
            .map_err(|e| Failure::invalid(format!("{}: {e}", request.path.display())))?;
        let game = self.play_game(&rules, &request)?;
        Ok(self.played(&rules, &game, &request))
    }

    fn referee(&self, request: &RefereeRequest) -> Result<Refereed, Failure> {
        super::referee::referee(self, request)
    }

    fn referee_sheet(
        &self,
        model: &Model,
        request: Vetted<SheetRequest>,
    ) -> Result<CheckedSheet, Failure> {
        super::referee::referee_sheet(self, own_or_fail(self, model)?, &request)
    }

    fn simulate(&self, request: Vetted<SimulateRequest>) -> Result<Simulated, Failure> {
        let models = request
            .models
            .iter()
            .map(|m| own_or_fail(self, m))
            .collect::<Result<Vec<_>, _>>()?;
        super::simulate::simulate(self, &models, &request)
    }

    fn terminal(
        &self,
        request: Vetted<TerminalRequest>,
        console: Console,
    ) -> Result<AtTerminal, Failure> {
        let model = match request.start {
            Start::New { model, .. } => Some(own_or_fail(self, model)?),
            Start::Resume { .. } => None,
        };
        Typed::terminal(self, model, &request, console)
    }
}
