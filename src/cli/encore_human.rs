//! `rollx play BOARD --human`: an Encore game in the terminal. You play
//! seat 1 against the dice, and the computer plays the other seats; the
//! game is the library's terminal session ([`rollx::session`]) with the
//! Encore notation ([`rollx::encore::notation`]). This file checks the
//! options, builds the players, resumes a saved game and saves the log.

use std::path::Path;

use super::encore::{RefereedLog, outcome, referee_log_text, refuse_rolling_options, score_table};
use super::human::{self, Ending, resumable};
use super::output::Output;
use super::play::{PlayArgs, save_session, seed_or_clock};
use super::sheet_text::count;
use super::{EXIT_INVALID, EXIT_USAGE};
use rollx::encore::Board;
use rollx::encore::notation::{self, Terminal};
use rollx::encore::play::{Effort, player_by_name};
use rollx::encore::rules::{Game, Score};
use rollx::engine::{Player, derive_seed};
use rollx::session::Session;

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
    color: bool,
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
        human::view(color),
    ))
}

/// `rollx play BOARD --human`: checks the options, plays the game at the
/// terminal, and saves the log (also when stopped before the end).
pub fn play(args: &PlayArgs, board: Board, path: &Path, log: Option<Output>, color: bool) -> u8 {
    if let Err(code) = refuse_rolling_options(args, path) {
        return code;
    }
    let others = usize::from(args.players) - 1;
    let policies: Vec<String> = match args.policy.len() {
        1 => vec![args.policy[0].clone(); others],
        n if n == others => args.policy.clone(),
        n => {
            eprintln!(
                "error: --policy names {n} computer players, but you play with {}\n  \
                 help: give one policy for every computer player, or one per computer seat \
                 (seats 2 to {}) separated by commas",
                count(others as u64, "computer player"),
                args.players
            );
            return EXIT_USAGE;
        }
    };
    let game = match super::encore_game(board, path, args.rules.options()) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let seed = seed_or_clock(args.seed);
    let effort = args.effort.encore_effort();
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
    let Ok(mut session) = session(&terminal, seed, names, &policies, effort, color) else {
        unreachable!("the policies were checked above");
    };
    go(
        &mut session,
        Some(path.display().to_string()),
        log.as_ref(),
        false,
    )
}

/// Plays a session at the terminal, then saves its log to `log` (also
/// when stopped before the end, to be resumed); `board_file` is the
/// board's path as the log records it.
fn go(
    s: &mut Session<Terminal>,
    board_file: Option<String>,
    log: Option<&Output>,
    resumed: bool,
) -> u8 {
    let ending = match human::run(s, resumed) {
        Ok(e) => e,
        Err(code) => return code,
    };
    if ending == Ending::Finished {
        let game = s.notation().game;
        let scores: Vec<(String, Score)> = s
            .names()
            .iter()
            .zip(s.table().sheets())
            .map(|(n, sheet)| (n.clone(), game.score(sheet)))
            .collect();
        print!("{}", score_table(&scores));
        let winners: Vec<&str> = game
            .winners(s.table())
            .into_iter()
            .map(|p| s.names()[p].as_str())
            .collect();
        print!("{}", outcome(&winners, &scores));
    }
    let json = notation::log(s, board_file).to_json();
    let rolls = count(s.turns_played() as u64, "roll");
    save_session(
        log,
        &json,
        ending,
        |file| {
            format!(
                "saved to {} after {rolls} (unfinished); go on with `rollx play --resume {}`",
                file.display(),
                file.display()
            )
        },
        "game abandoned (with --log FILE it is saved, to be resumed)",
    )
}

/// `rollx play --resume LOG` of an Encore game that `rollx play --human`
/// saved unfinished (`text`, read from `path`): the log must referee
/// clean; its rolls are rolled again from its seed and its moves played
/// again, then the game goes on at the terminal and is saved to `log`.
pub fn resume(args: &PlayArgs, path: &Path, text: &str, log: Option<Output>, color: bool) -> u8 {
    let RefereedLog {
        log: saved,
        game,
        verdict,
    } = match referee_log_text(path, text, args.map.as_deref(), color) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let seed = match resumable(
        path,
        verdict.is_clean_so_far(),
        saved.seed,
        saved.players.first().and_then(|p| p.policy.as_deref()),
    ) {
        Ok(seed) => seed,
        Err(code) => return code,
    };
    let file = path.display();
    let effort = args.effort.encore_effort();
    let policies: Vec<Option<&str>> = saved
        .players
        .iter()
        .skip(1)
        .map(|p| p.policy.as_deref())
        .collect();
    let terminal = Terminal { game: &game };
    let mut session = match session(&terminal, seed, saved.names(), &policies, effort, color) {
        Ok(s) => s,
        Err(seat) => {
            eprintln!(
                "error: {file}: cannot tell how player {} (`{}`) plays: the computer \
                 players are {}",
                seat + 1,
                saved.players[seat].name,
                rollx::encore::play::PLAYERS.join(", ")
            );
            return EXIT_INVALID;
        }
    };
    if let Err(e) = notation::replay(&mut session, &saved) {
        eprintln!("error: {file}: cannot resume the game: {e}");
        return EXIT_INVALID;
    }
    if session.is_over() {
        eprintln!(
            "error: {file}: the game is over (all {} are played): nothing to resume",
            count(session.turns_played() as u64, "roll")
        );
        return EXIT_INVALID;
    }
    println!(
        "resuming {file} after {}",
        count(saved.turns.len() as u64, "roll")
    );
    go(&mut session, saved.board.file.clone(), log.as_ref(), true)
}
