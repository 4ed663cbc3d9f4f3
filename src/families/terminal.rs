//! `rollx play --human` and `--resume`, written once for every family
//! ([`terminal`]): a new game seats you and the computer players on the
//! rules of the file; a saved game is read and refereed as `rollx
//! referee` reads it, must be clean so far, name its seed and have you in
//! seat 1, and its turns are played again; then the one terminal session
//! ([`crate::session`]) plays it with the family's notation, and the
//! game's log is kept. A family writes what differs ([`AtTable`]).

use std::path::Path;

use crate::diag::Failure;
use crate::engine::Player;
use crate::session::{Ending, Hinter, Session, play_at, resumable};
use crate::text::count;

use super::face::{AtTerminal, Console, Given, Start, TerminalRequest};
use super::log::{BoardRef, GameLog, LogFamily};
use super::referee::refereed;
use super::typed::Typed;

/// Where the computer players of a game at the terminal sit down: the
/// file the game is on, its seed, the seats' names and how the computers
/// play.
#[derive(Clone, Copy)]
pub struct Seating<'a> {
    /// The map or board's file (beside which a family may keep what its
    /// players learned).
    pub map: &'a Path,
    /// The file a player that cannot sit is reported in: the map or
    /// board of a new game, the log of a saved one.
    pub file: &'a Path,
    /// The game's seed.
    pub seed: u64,
    /// Every seat's name, you first.
    pub names: &'a [String],
    /// How each computer plays, seat 2 on, by player name.
    pub policies: &'a [String],
    /// The family's options given.
    pub options: &'a Given,
    /// Notes beside the game.
    pub note: &'a dyn Fn(&str),
}

impl Seating<'_> {
    /// The error for the computer in `seat` (from 0) whose player the
    /// family does not have: `players`, the ones it has.
    pub fn unknown(&self, seat: usize, players: &[&str]) -> Failure {
        Failure::invalid(format!(
            "{}: cannot tell how player {} (`{}`) plays: the computer players are {}",
            self.file.display(),
            seat + 1,
            self.names.get(seat).map_or("", String::as_str),
            players.join(", ")
        ))
    }
}

/// The computer players of seats 2 on, and the player that gives hints.
pub type Computers<R> = (Vec<Box<dyn Player<R>>>, Hinter<R>);

/// What a family writes to be played at the terminal: its notation, how
/// the seats of a new game and of a saved one are named, its computer
/// players and hinter, and how a saved game is played again and a played
/// one logged. [`terminal`] is the flow over it.
pub trait AtTable: Typed {
    /// The family's notation on its rules.
    type Notation<'r>: crate::session::Notation<Rules = Self::Rules>
    where
        Self::Rules: 'r;

    /// What the family calls a turn ("turn", "roll"), as in "resuming
    /// FILE after 2 turns".
    const UNIT: &'static str;

    /// The notation on `rules`.
    fn notation<'r>(&self, rules: &'r Self::Rules) -> Self::Notation<'r>;

    /// The seats of a new game of `players` players, you in seat 1, the
    /// computers playing by `policies` as given (`--policy`): every
    /// seat's name, and each computer's player (seat 2 on); why not, when
    /// the policies do not fit the table. By default, the computers all
    /// play the one policy given, named `<policy> <seat>`.
    fn seats(
        &self,
        policies: &[String],
        players: usize,
    ) -> Result<(Vec<String>, Vec<String>), Failure> {
        let [policy] = policies else {
            return Err(Failure::usage(
                "--human plays against one kind of computer player: give one --policy",
            ));
        };
        let names = std::iter::once("you".to_string())
            .chain((2..=players).map(|seat| format!("{policy} {seat}")))
            .collect();
        Ok((names, vec![policy.clone(); players.saturating_sub(1)]))
    }

    /// The player that played seat 1 of a saved game, when a computer did
    /// (such a game cannot be resumed): by default, the player of a seat 1
    /// not named `you`.
    fn computer_in_seat_1<'l>(&self, log: &'l GameLog<Self::Log>) -> Option<&'l str> {
        let first = log.players.first().map(Self::Log::player_name)?;
        (first != "you").then_some(first)
    }

    /// The seats of a saved game (the log at `path`): every seat's name,
    /// and each computer's player (seat 2 on); why not, when the log does
    /// not say how they play.
    fn resumed_seats(
        &self,
        log: &GameLog<Self::Log>,
        path: &Path,
    ) -> Result<(Vec<String>, Vec<String>), Failure>;

    /// Whether a refereed saved game breaks no rule (it may be unfinished).
    fn clean_so_far(&self, verdict: &Self::Verdict) -> bool;

    /// The computer players seated at `rules`, and the hinter.
    fn computers(
        &self,
        rules: &Self::Rules,
        seating: &Seating,
    ) -> Result<Computers<Self::Rules>, Failure>;

    /// Plays a saved game's turns again in `session`: notes to show, or
    /// why the log cannot be played again.
    fn replay(
        &self,
        session: &mut Session<Self::Notation<'_>>,
        log: &GameLog<Self::Log>,
    ) -> Result<Vec<String>, String>;

    /// How far a saved game that is over went ("after 12 turns"), after
    /// `played` turns played again.
    fn over(&self, played: usize, log: &GameLog<Self::Log>) -> String;

    /// What follows a game played to its end (the scores and winners),
    /// if the session's ending did not say it.
    fn finished(&self, _session: &Session<Self::Notation<'_>>) -> String {
        String::new()
    }

    /// The session's game as a log (JSON), recording the map or board's
    /// `file`.
    fn log(&self, session: &Session<Self::Notation<'_>>, file: Option<String>) -> String;
}

/// `rollx play --human` and `--resume` on a family's file: a new game on
/// `model`, or a saved one; played at `console` until it ends or you stop.
pub fn terminal<K: AtTable>(
    kind: &K,
    model: Option<&K::Model>,
    r: &TerminalRequest,
    mut console: Console,
) -> Result<AtTerminal, Failure> {
    // The game's rules, seed and seats; the file of its map or board (and
    // as its log records it); and the log of a saved game.
    let (rules, seed, names, policies, map, file, saved) = match r.start {
        Start::New {
            path,
            seed,
            policies,
            players,
            ..
        } => {
            let Some(model) = model else {
                return Err(Failure::usage(format!(
                    "a new game needs its {}",
                    kind.noun()
                )));
            };
            let rules = kind
                .engine(model, r.options)
                .map_err(|e| Failure::invalid(format!("{}: {e}", path.display())))?;
            let (names, policies) = kind.seats(policies, players)?;
            let file = Some(path.display().to_string());
            (rules, seed, names, policies, path.to_path_buf(), file, None)
        }
        Start::Resume { path, text, map } => {
            let (log, rules, verdict, found) = refereed(kind, path, text, map, r.load)?;
            let seed = resumable(
                path,
                kind.clean_so_far(&verdict),
                log.seed,
                kind.computer_in_seat_1(&log),
            )?;
            let (names, policies) = kind.resumed_seats(&log, path)?;
            let file = match map {
                Some(given) => Some(given.display().to_string()),
                None => log.board.file().map(str::to_string),
            };
            (rules, seed, names, policies, found, file, Some((path, log)))
        }
    };
    let seating = Seating {
        map: &map,
        // A player that cannot sit is reported in the log of a saved game.
        file: saved.as_ref().map_or(map.as_path(), |(path, _)| path),
        seed,
        names: &names,
        policies: &policies,
        options: r.options,
        note: console.note,
    };
    let (computers, hinter) = kind.computers(&rules, &seating)?;
    let notation = kind.notation(&rules);
    let mut session = Session::new(&notation, seed, names, computers, hinter, r.view);
    if let Some((path, log)) = &saved {
        let replayed = kind.replay(&mut session, log);
        let over = kind.over(session.turns_played(), log);
        crate::session::resume(&session, &mut console, path, replayed, &over, K::UNIT)?;
    }
    go(kind, &mut session, file, &mut console, saved.is_some())
}

/// Plays a session at the terminal to its end, or until you stop; what
/// the family says after a finished game follows it. `file` is the map or
/// board's file as the log records it.
fn go<K: AtTable>(
    kind: &K,
    session: &mut Session<K::Notation<'_>>,
    file: Option<String>,
    console: &mut Console,
    resumed: bool,
) -> Result<AtTerminal, Failure> {
    let ending = play_at(session, console, resumed)?;
    if ending == Ending::Finished {
        let after = kind.finished(session);
        write!(console.out, "{after}")
            .and_then(|()| console.out.flush())
            .map_err(|e| Failure::usage(e.to_string()))?;
    }
    Ok(AtTerminal {
        ending,
        log: kind.log(session, file),
        played: count(session.turns_played() as u64, K::UNIT),
    })
}
