//! `rollx play BOARD --human` and `--resume` on an Encore board: you play
//! seat 1 against the dice, the computer the other seats; the game is the
//! one terminal session ([`crate::session`]) with the Encore notation.

use std::path::Path;

use crate::diag::Failure;
use crate::engine::{Player, derive_seed};
use crate::families::contract::{AtTerminal, Console, Start, TerminalRequest};
use crate::session::{Ending, Session, View, play_at, resumable};
use crate::text::count;

use super::Board;
use super::commands::{effort, game, outcome, rule_options, score_table};
use super::notation::{self, Terminal};
use super::play::{Effort, PLAYERS, player_by_name};
use super::rules::log::GameLog;
use super::rules::referee::Verdict;
use super::rules::{Game, Score};

/// A game from `seed` before its first roll: the person in seat 1, then a
/// computer player for each of `policies` (seat 2 on), each seeded by the
/// game's seed and its seat. `Err` holds the seat (from 0) of a policy
/// that is missing or not a computer player.
fn session<'n>(
    notation: &'n Terminal,
    seed: u64,
    names: Vec<String>,
    policies: &[Option<&str>],
    effort: Effort,
    view: View,
) -> Result<Session<'n, Terminal<'n>>, usize> {
    let computers = policies
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seat = i + 1;
            p.and_then(|p| player_by_name(p, derive_seed(seed, seat as u64 + 1), effort))
                .ok_or(seat)
        })
        .collect::<Result<Vec<Box<dyn Player<Game>>>, _>>()?;
    Ok(Session::new(
        notation,
        seed,
        names,
        computers,
        notation::hinter(seed, effort),
        view,
    ))
}

/// A game at the terminal: new, or resumed from its log.
/// `board` is the board of a new game.
pub(crate) fn terminal(
    board: Option<&Board>,
    r: &TerminalRequest,
    mut console: Console,
) -> Result<AtTerminal, Failure> {
    let effort = effort(r.options);
    match r.start {
        Start::New {
            path,
            seed,
            policies,
            players,
            ..
        } => {
            let Some(board) = board else {
                return Err(Failure::usage("a new game needs its board"));
            };
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
            let game = game(board.clone(), path, rule_options(r.options))?;
            let names: Vec<String> = std::iter::once("you".to_string())
                .chain(
                    policies
                        .iter()
                        .enumerate()
                        .map(|(i, p)| format!("{p} {}", i + 2)),
                )
                .collect();
            let policies: Vec<Option<&str>> = policies.iter().map(|p| Some(p.as_str())).collect();
            let terminal = Terminal { game: &game };
            let mut session = session(&terminal, seed, names, &policies, effort, r.view)
                .map_err(|_| Failure::usage("the computer players are checked"))?;
            go(
                &mut session,
                Some(path.display().to_string()),
                &mut console,
                false,
            )
        }
        Start::Resume { path, text, map } => {
            let (saved, game, verdict) =
                crate::families::referee::refereed(&super::face::Encore, path, text, map, r.load)?;
            resume(path, (saved, game, verdict), effort, r.view, console)
        }
    }
}

/// Goes on with an Encore game that `rollx play --human` saved unfinished
/// (`text`, read from `path`): the log must referee clean; its rolls are
/// rolled again from its seed and its moves played again, then the game
/// goes on at the terminal.
fn resume(
    path: &Path,
    (saved, game, verdict): (GameLog, Game, Verdict),
    effort: Effort,
    view: View,
    mut console: Console,
) -> Result<AtTerminal, Failure> {
    let seed = resumable(
        path,
        verdict.is_clean_so_far(),
        saved.seed,
        saved.players.first().and_then(|p| p.policy.as_deref()),
    )?;
    let file = path.display();
    let policies: Vec<Option<&str>> = saved
        .players
        .iter()
        .skip(1)
        .map(|p| p.policy.as_deref())
        .collect();
    let terminal = Terminal { game: &game };
    let mut session =
        session(&terminal, seed, saved.names(), &policies, effort, view).map_err(|seat| {
            Failure::invalid(format!(
                "{file}: cannot tell how player {} (`{}`) plays: the computer players are {}",
                seat + 1,
                saved.players[seat].name,
                PLAYERS.join(", ")
            ))
        })?;
    let replayed = notation::replay(&mut session, &saved).map(|()| Vec::new());
    let over = format!(
        "all {} are played",
        count(session.turns_played() as u64, "roll")
    );
    crate::session::resume(&session, &mut console, path, replayed, &over, "roll")?;
    go(&mut session, saved.board.file.clone(), &mut console, true)
}

/// Plays a session at the terminal; a finished game's scores and winners
/// follow it. `board_file` is the board's path as the log records it.
fn go(
    s: &mut Session<Terminal>,
    board_file: Option<String>,
    console: &mut Console,
    resumed: bool,
) -> Result<AtTerminal, Failure> {
    let ending = play_at(s, console, resumed)?;
    if ending == Ending::Finished {
        let game = s.notation().game;
        let scores: Vec<(String, Score)> = s
            .names()
            .iter()
            .zip(s.table().sheets())
            .map(|(n, sheet)| (n.clone(), game.score(sheet)))
            .collect();
        let winners: Vec<&str> = game
            .winners(s.table())
            .into_iter()
            .map(|p| s.names()[p].as_str())
            .collect();
        write!(
            console.out,
            "{}{}",
            score_table(&scores),
            outcome(&winners, &scores)
        )
        .and_then(|()| console.out.flush())
        .map_err(|e| Failure::usage(e.to_string()))?;
    }
    Ok(AtTerminal {
        ending,
        log: notation::log(s, board_file).to_json(),
        played: count(s.turns_played() as u64, "roll"),
    })
}
