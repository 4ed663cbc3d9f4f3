//! `rollx play BOARD --human` and `--resume` on a Diceland board: what
//! differs from the flow every family shares
//! ([`crate::families::terminal`]): you play seat 1 against computer
//! players of one policy on the same dice, named as `rollx play` names
//! them (docs/terminal-play.md#diceland-boards).

use std::path::Path;

use crate::diag::Failure;
use crate::engine::{Player, derive_seed};
use crate::families::terminal::{AtTable, Computers, Seating};
use crate::session::Session;
use crate::text::count;

use super::face::Diceland;
use super::notation::{self, Terminal, policy_of};
use super::play::{PLAYERS, player_by_name};
use super::rules::Game;
use super::rules::log::GameLog;
use super::rules::referee::Verdict;

impl AtTable for Diceland {
    type Notation<'r> = Terminal<'r>;

    const UNIT: &'static str = "turn";

    fn notation<'r>(&self, game: &'r Game) -> Terminal<'r> {
        Terminal { game }
    }

    fn resumed_seats(
        &self,
        log: &GameLog,
        _path: &Path,
    ) -> Result<(Vec<String>, Vec<String>), Failure> {
        let policies = log
            .players
            .iter()
            .skip(1)
            .map(|n| policy_of(n).to_string())
            .collect();
        Ok((log.players.clone(), policies))
    }

    fn clean_so_far(&self, verdict: &Verdict) -> bool {
        verdict.is_clean_so_far()
    }

    fn computers(&self, _game: &Game, s: &Seating) -> Result<Computers<Game>, Failure> {
        let computers = s
            .policies
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let seat = i + 1;
                player_by_name(p, derive_seed(s.seed, seat as u64 + 1))
                    .map(|p| p as Box<dyn Player<Game>>)
                    .ok_or_else(|| s.unknown(seat, &PLAYERS))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok((computers, notation::hinter()))
    }

    fn replay(
        &self,
        session: &mut Session<Terminal<'_>>,
        log: &GameLog,
    ) -> Result<Vec<String>, String> {
        notation::replay(session, log).map(|()| Vec::new())
    }

    fn over(&self, _played: usize, log: &GameLog) -> String {
        format!("after {}", count(log.turns.len(), "turn"))
    }

    fn log(&self, session: &Session<Terminal<'_>>, file: Option<String>) -> String {
        notation::log(session, file).to_json()
    }
}
