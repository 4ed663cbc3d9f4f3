//! `rollx play MAP --human` and `--resume` on a Rolling map: what differs
//! from the flow every family shares ([`crate::families::terminal`]): you
//! play seat 1 against the dice and computer players of one policy, named
//! `<policy> <seat>`; hints come from the expert when the map's learned
//! values can be read, else from the strong player (docs/terminal-play.md).

use std::path::Path;

use crate::diag::Failure;
use crate::engine::Player;
use crate::families::contract::Given;
use crate::families::terminal::{AtTable, Computers, Seating};
use crate::session::Session;
use crate::text::count;

use super::commands::{default_values_path, player_setup};
use super::face::Rolling;
use super::notation::{self, Computer, Terminal};
use super::play::{POLICIES, Strong, derive_seed, policy_with};
use super::rules::Game;
use super::rules::log::GameLog;
use super::rules::referee::Verdict;

impl AtTable for Rolling {
    type Notation<'r> = Terminal<'r>;

    const UNIT: &'static str = "turn";

    fn notation<'r>(&self, game: &'r Game) -> Terminal<'r> {
        Terminal { game }
    }

    /// `rollx play --human` names the computers `<policy> <seat>`, all of
    /// one policy.
    fn resumed_seats(
        &self,
        log: &GameLog,
        path: &Path,
    ) -> Result<(Vec<String>, Vec<String>), Failure> {
        let path = path.display();
        let mut policies = Vec::new();
        for (i, name) in log.players.iter().enumerate().skip(1) {
            let parsed = name
                .rsplit_once(' ')
                .filter(|(p, n)| POLICIES.contains(p) && *n == (i + 1).to_string())
                .map(|(p, _)| p.to_string());
            match (policies.first(), parsed) {
                (_, None) => {
                    return Err(Failure::invalid(format!(
                        "{path}: cannot tell how player {} (`{name}`) plays: \
                         `rollx play --human` names computer players `<policy> <number>`",
                        i + 1
                    )));
                }
                (Some(p), Some(q)) if *p != q => {
                    return Err(Failure::invalid(format!(
                        "{path}: the computer players play differently ({p}, {q})"
                    )));
                }
                (_, Some(q)) => policies.push(q),
            }
        }
        Ok((log.players.clone(), policies))
    }

    fn clean_so_far(&self, verdict: &Verdict) -> bool {
        verdict.violations.is_empty() && crate::families::log::clean_so_far(&verdict.problems)
    }

    fn computers(&self, game: &Game, s: &Seating) -> Result<Computers<Game>, Failure> {
        // The computers all play one policy (`seats` and `resumed_seats`).
        let policy = s
            .policies
            .first()
            .cloned()
            .unwrap_or_else(|| "greedy".into());
        let mut setup = player_setup(s.map, game, std::slice::from_ref(&policy), s.options)?;
        // Hints come from the expert when the map's learned values can be read.
        if setup.values.is_none() && wants_values(s.options, s.map) {
            match player_setup(s.map, game, &["expert".to_string()], s.options) {
                Ok(expert) => setup.values = expert.values,
                Err(_) => (s.note)("hints come from the strong player instead"),
            }
        }
        let hint_setup = setup.clone();
        let hinter = match setup.values.clone() {
            Some(values) => notation::hinter(
                "expert",
                s.seed,
                Box::new(move |seed| {
                    Box::new(Strong::expert(
                        hint_setup.expert_knobs,
                        seed,
                        values.clone(),
                    ))
                }),
            ),
            None => notation::hinter(
                "strong",
                s.seed,
                Box::new(move |seed| Box::new(Strong::new(hint_setup.knobs, seed))),
            ),
        };
        let computers = (1..s.names.len())
            .map(|seat| {
                policy_with(&policy, derive_seed(s.seed, seat as u64 + 1), &setup)
                    .map(|p| Box::new(Computer(p)) as Box<dyn Player<Game>>)
                    .ok_or_else(|| s.unknown(seat, &POLICIES))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok((computers, hinter))
    }

    fn replay(
        &self,
        session: &mut Session<Terminal<'_>>,
        log: &GameLog,
    ) -> Result<Vec<String>, String> {
        notation::replay(session, log)
    }

    fn over(&self, played: usize, _log: &GameLog) -> String {
        format!("after {}, the last", count(played as u64, "turn"))
    }

    fn log(&self, session: &Session<Terminal<'_>>, file: Option<String>) -> String {
        notation::log(session, file).to_json()
    }
}

/// Whether learned values are asked for (`--values`) or lie beside the
/// map at `map`.
fn wants_values(options: &Given, map: &Path) -> bool {
    options.get("values").is_some() || default_values_path(map).is_file()
}
