//! `rollx play BOARD --human` and `--resume` on an Encore board: what
//! differs from the flow every family shares
//! ([`crate::families::terminal`]): you play seat 1 against the dice, the
//! computer the other seats (one policy for all, or one per seat), and a
//! finished game ends with the scores and the winners
//! (docs/terminal-play.md#encore-boards).

use std::path::Path;

use crate::diag::Failure;
use crate::engine::{Player, derive_seed};
use crate::families::terminal::{AtTable, Computers, Seating};
use crate::session::Session;
use crate::text::count;

use super::commands::{effort, outcome, score_table};
use super::face::Encore;
use super::notation::{self, Terminal};
use super::play::{PLAYERS, player_by_name};
use super::rules::log::GameLog;
use super::rules::referee::Verdict;
use super::rules::{Game, Score};

impl AtTable for Encore {
    type Notation<'r> = Terminal<'r>;

    const UNIT: &'static str = "roll";

    fn notation<'r>(&self, game: &'r Game) -> Terminal<'r> {
        Terminal { game }
    }

    fn seats(
        &self,
        policies: &[String],
        players: usize,
    ) -> Result<(Vec<String>, Vec<String>), Failure> {
        let others = players - 1;
        let policies: Vec<String> = match policies.len() {
            1 => vec![policies[0].clone(); others],
            n if n == others => policies.to_vec(),
            n => {
                return Err(Failure::usage(format!(
                    "--policy names {n} computer players, but you play with {}\n  \
                     help: give one policy for every computer player, or one per computer \
                     seat (seats 2 to {players}) separated by commas",
                    count(others as u64, "computer player"),
                )));
            }
        };
        let names = std::iter::once("you".to_string())
            .chain(
                policies
                    .iter()
                    .enumerate()
                    .map(|(i, p)| format!("{p} {}", i + 2)),
            )
            .collect();
        Ok((names, policies))
    }

    /// An Encore log says who played by computer (`policy`).
    fn computer_in_seat_1<'l>(&self, log: &'l GameLog) -> Option<&'l str> {
        log.players.first().and_then(|p| p.policy.as_deref())
    }

    fn resumed_seats(
        &self,
        log: &GameLog,
        _path: &Path,
    ) -> Result<(Vec<String>, Vec<String>), Failure> {
        // A seat without a policy is no computer player: `computers` says so.
        let policies = log
            .players
            .iter()
            .skip(1)
            .map(|p| p.policy.clone().unwrap_or_default())
            .collect();
        Ok((log.names(), policies))
    }

    fn clean_so_far(&self, verdict: &Verdict) -> bool {
        verdict.is_clean_so_far()
    }

    fn computers(&self, _game: &Game, s: &Seating) -> Result<Computers<Game>, Failure> {
        let effort = effort(s.options);
        let computers = s
            .policies
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let seat = i + 1;
                player_by_name(p, derive_seed(s.seed, seat as u64 + 1), effort)
                    .ok_or_else(|| s.unknown(seat, &PLAYERS))
            })
            .collect::<Result<Vec<Box<dyn Player<Game>>>, _>>()?;
        Ok((computers, notation::hinter(s.seed, effort)))
    }

    fn replay(
        &self,
        session: &mut Session<Terminal<'_>>,
        log: &GameLog,
    ) -> Result<Vec<String>, String> {
        notation::replay(session, log).map(|()| Vec::new())
    }

    fn over(&self, played: usize, _log: &GameLog) -> String {
        format!("all {} are played", count(played as u64, "roll"))
    }

    /// The scores, and who won.
    fn finished(&self, session: &Session<Terminal<'_>>) -> String {
        let game = session.notation().game;
        let scores: Vec<(String, Score)> = session
            .names()
            .iter()
            .zip(session.table().sheets())
            .map(|(n, sheet)| (n.clone(), game.score(sheet)))
            .collect();
        let winners: Vec<&str> = game
            .winners(session.table())
            .into_iter()
            .map(|p| session.names()[p].as_str())
            .collect();
        format!("{}{}", score_table(&scores), outcome(&winners, &scores))
    }

    fn log(&self, session: &Session<Terminal<'_>>, file: Option<String>) -> String {
        notation::log(session, file).to_json()
    }
}
