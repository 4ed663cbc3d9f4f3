//! The preconditions of the family contract, checked once for every
//! family: a command reaches a family's face only through [`Family`]'s
//! entry points ([`Family::play`], [`Family::terminal`],
//! [`Family::simulate`], [`Family::referee_sheet`]), which refuse, as usage
//! errors, an option the family does not declare, a computer player it
//! does not have, a table larger than it plays and a file of another
//! family. The face's methods take the request [`Vetted`], which only
//! these entry points make, so a family relies on what they checked.

use std::path::Path;

use crate::diag::Failure;

use super::contract::{Family, Given, Model};
use super::face::{
    AtTerminal, CheckedSheet, Command, Console, PlayRequest, Played, SheetRequest, Start,
    TerminalRequest,
};
use super::simulate::{SimulateRequest, Simulated};

/// A request whose preconditions [`Family`]'s entry points have checked:
/// the family's options, players and table size. It reads as the request
/// itself.
#[derive(Clone, Copy)]
pub struct Vetted<'r, R>(&'r R);

impl<R> std::ops::Deref for Vetted<'_, R> {
    type Target = R;

    fn deref(&self) -> &R {
        self.0
    }
}

impl Family {
    /// What a file is, in a sentence: "maps/usa.toml is a Rolling map".
    pub fn subject(self, path: &Path) -> String {
        format!("{} is {}", path.display(), self.a_file())
    }

    /// Refuses, as a usage error, an option given (`given`) that the
    /// family does not declare for `command`; `subject` says what the file
    /// is ([`Family::subject`]).
    pub fn refuse_undeclared(
        self,
        command: Command,
        given: &Given,
        subject: &str,
    ) -> Result<(), Failure> {
        let declares = |f: Family, flag: &str| {
            f.face()
                .options()
                .iter()
                .find(|d| d.flag == flag && d.commands.contains(&command))
                .copied()
        };
        let Some(flag) = given.flags().find(|flag| declares(self, flag).is_none()) else {
            return Ok(());
        };
        let by: Vec<Family> = Family::ALL
            .iter()
            .copied()
            .filter(|f| declares(*f, flag).is_some())
            .collect();
        let what = by
            .first()
            .and_then(|f| declares(*f, flag))
            .map_or("is an option", |d| d.what);
        let files: Vec<String> = by
            .iter()
            .map(|f| format!("{} {}s", f.title(), f.noun()))
            .collect();
        Err(Failure::usage(format!(
            "--{flag} {what} of {}, and {subject}\n  help: leave out --{flag}; {}",
            crate::text::and_list(&files),
            self.face().options_help()
        )))
    }

    /// Refuses a table of `players` that the family does not play, or a
    /// computer player it does not have (among `policies`), the file being
    /// `path`: a usage error.
    pub fn refuse_players(
        self,
        players: usize,
        policies: &[String],
        path: &Path,
    ) -> Result<(), Failure> {
        let face = self.face();
        let files = format!("{} {}s", self.title(), self.noun());
        if players > face.max_players() {
            return Err(Failure::usage(format!(
                "--players {}: a {} table has 1 to {} players",
                players,
                self.title(),
                face.max_players()
            )));
        }
        if let Some(p) = policies
            .iter()
            .find(|p| !face.players().contains(&p.as_str()))
        {
            return Err(Failure::usage(format!(
                "--policy {p}: {} is {}, and `{p}` does not play {files}\n  \
                 help: {files} have the players {}",
                path.display(),
                self.a_file(),
                face.players().join(", ")
            )));
        }
        Ok(())
    }

    /// Refuses `model` when it is not of this family.
    fn refuse_other(self, model: &Model, path: &Path) -> Result<(), Failure> {
        if model.family() == self {
            Ok(())
        } else {
            Err(Failure::usage(format!(
                "{} is {}, not {}",
                path.display(),
                model.family().a_file(),
                self.a_file()
            )))
        }
    }

    /// `rollx play`: the computer players of `request` play a whole game
    /// on `model`, once the request is vetted.
    pub fn play(self, model: &Model, request: &PlayRequest) -> Result<Played, Failure> {
        self.refuse_other(model, request.path)?;
        self.refuse_undeclared(Command::Play, request.options, &self.subject(request.path))?;
        if request.policies.is_empty() {
            return Err(Failure::usage("a game needs at least one player"));
        }
        self.refuse_players(request.policies.len(), request.policies, request.path)?;
        self.face().play(model, Vetted(request))
    }

    /// `rollx play --human` and `--resume`: a game at the terminal, once
    /// the request is vetted (a game to resume is checked by the family,
    /// against its log).
    pub fn terminal(
        self,
        request: &TerminalRequest,
        console: Console,
    ) -> Result<AtTerminal, Failure> {
        if let Start::New {
            model,
            path,
            policies,
            players,
            ..
        } = request.start
        {
            self.refuse_other(model, path)?;
            self.refuse_undeclared(Command::Play, request.options, &self.subject(path))?;
            if players == 0 {
                return Err(Failure::usage("a game needs at least one player"));
            }
            self.refuse_players(players, policies, path)?;
        }
        self.face().terminal(Vetted(request), console)
    }

    /// `rollx simulate`: many games on the family's files, once the
    /// request is vetted.
    pub fn simulate(self, request: &SimulateRequest) -> Result<Simulated, Failure> {
        let Some(first) = request.paths.first() else {
            return Err(Failure::usage("a simulation needs at least one file"));
        };
        for (model, path) in request.models.iter().zip(request.paths) {
            self.refuse_other(model, path)?;
        }
        self.refuse_undeclared(Command::Simulate, request.options, &self.subject(first))?;
        if request.policies.is_empty() {
            return Err(Failure::usage("a simulation needs at least one player"));
        }
        self.refuse_players(1, request.policies, first)?;
        self.face().simulate(Vetted(request))
    }

    /// `rollx referee --sheet`: a finished paper sheet of `model` checked,
    /// once the request is vetted.
    pub fn referee_sheet(
        self,
        model: &Model,
        request: &SheetRequest,
    ) -> Result<CheckedSheet, Failure> {
        self.refuse_other(model, request.map_path)?;
        self.refuse_undeclared(
            Command::RefereeSheet,
            request.options,
            &self.subject(request.map_path),
        )?;
        self.face().referee_sheet(model, Vetted(request))
    }
}
