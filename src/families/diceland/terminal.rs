//! `rollx play BOARD --human` and `--resume` on a Diceland board: you play
//! seat 1 against computer players on the same dice; the game is the one
//! terminal session ([`crate::session`]) with the Diceland notation
//! (docs/terminal-play.md#diceland-boards).

use std::path::Path;

use crate::diag::Failure;
use crate::engine::{Player, derive_seed};
use crate::families::contract::{AtTerminal, Console, Start, TerminalRequest};
use crate::session::{Session, View, play_at, resumable};
use crate::text::count;

use super::Board;
use super::notation::{self, Terminal, policy_of};
use super::play::{PLAYERS, player_by_name, seat_names};
use super::rules::Game;
use super::rules::log::GameLog;
use super::rules::referee::Verdict;

/// A game from `seed` before its first roll: you in seat 1, then a
/// computer player for each of `policies` (seat 2 on), each seeded by the
/// game's seed and its seat. `Err` holds the seat (from 0) of a policy
/// that is no Diceland player.
fn session<'n>(
    notation: &'n Terminal,
    seed: u64,
    names: Vec<String>,
    policies: &[&str],
    view: View,
) -> Result<Session<'n, Terminal<'n>>, usize> {
    let computers = policies
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seat = i + 1;
            player_by_name(p, derive_seed(seed, seat as u64 + 1))
                .map(|p| p as Box<dyn Player<Game>>)
                .ok_or(seat)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Session::new(
        notation,
        seed,
        names,
        computers,
        notation::hinter(),
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
            let [policy] = policies else {
                return Err(Failure::usage(
                    "--human plays against one kind of computer player: give one --policy",
                ));
            };
            let mut names = seat_names(&vec![policy.clone(); players]);
            names[0] = "you".to_string();
            let game = Game::new(board.clone());
            let terminal = Terminal { game: &game };
            let others = vec![policy.as_str(); players - 1];
            let mut session = session(&terminal, seed, names, &others, r.view)
                .map_err(|_| Failure::usage("the computer players are checked"))?;
            go(
                &mut session,
                Some(path.display().to_string()),
                &mut console,
                false,
            )
        }
        Start::Resume { path, text, map } => {
            let refereed = crate::families::referee::refereed(
                &super::face::Diceland,
                path,
                text,
                map,
                r.load,
            )?;
            resume(path, refereed, r.view, console)
        }
    }
}

/// Goes on with a Diceland game that `rollx play --human` saved
/// unfinished (`text`, read from `path`): the log must referee clean; its
/// rolls are rolled again from its seed and its moves played again, then
/// the game goes on at the terminal.
fn resume(
    path: &Path,
    (saved, game, verdict): (GameLog, Game, Verdict),
    view: View,
    mut console: Console,
) -> Result<AtTerminal, Failure> {
    let seat_1 = (saved.players[0] != "you").then_some(saved.players[0].as_str());
    let seed = resumable(path, verdict.is_clean_so_far(), saved.seed, seat_1)?;
    let file = path.display();
    let others: Vec<&str> = saved.players[1..].iter().map(|n| policy_of(n)).collect();
    let terminal = Terminal { game: &game };
    let mut session =
        session(&terminal, seed, saved.players.clone(), &others, view).map_err(|seat| {
            Failure::invalid(format!(
                "{file}: cannot tell how player {} (`{}`) plays: the computer players are {}",
                seat + 1,
                saved.players[seat],
                PLAYERS.join(", ")
            ))
        })?;
    let replayed = notation::replay(&mut session, &saved).map(|()| Vec::new());
    let over = format!("after {}", count(saved.turns.len(), "turn"));
    crate::session::resume(&session, &mut console, path, replayed, &over, "turn")?;
    go(&mut session, saved.board.file.clone(), &mut console, true)
}

/// Plays a session at the terminal to its end, or until you stop;
/// `board_file` is the board's path as the log records it.
fn go(
    s: &mut Session<Terminal>,
    board_file: Option<String>,
    console: &mut Console,
    resumed: bool,
) -> Result<AtTerminal, Failure> {
    let ending = play_at(s, console, resumed)?;
    Ok(AtTerminal {
        ending,
        log: notation::log(s, board_file).to_json(),
        played: count(s.turns_played() as u64, "turn"),
    })
}
