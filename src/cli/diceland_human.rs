//! `rollx play BOARD --human` on a Diceland board: you play seat 1 in the
//! terminal, against computer players on the same dice; the game is the
//! library's terminal session ([`rollx::session`]) with the Diceland
//! notation ([`rollx::diceland::notation`]). This file checks the options,
//! builds the players, resumes a saved game and saves the log
//! (docs/terminal-play.md#diceland-boards).

use std::path::{Path, PathBuf};

use super::human::{self, Ending, resumable};
use super::output::Output;
use super::play::{PlayArgs, save, seed_or_clock};
use super::{EXIT_INVALID, EXIT_OK, EXIT_USAGE};
use rollx::diceland::notation::{self, Terminal, policy_of};
use rollx::diceland::play::{PLAYERS, player_by_name, seat_names};
use rollx::diceland::rules::Game;
use rollx::diceland::{Board, FAMILY};
use rollx::engine::{Player, derive_seed};
use rollx::families::Command;
use rollx::session::Session;
use rollx::text::count;

/// A game from `seed` before its first roll: you in seat 1, then a
/// computer player for each of `policies` (seat 2 on), each seeded by the
/// game's seed and its seat. `Err` holds the seat (from 0) of a policy
/// that is no Diceland player.
fn session<'n>(
    notation: &'n Terminal,
    seed: u64,
    names: Vec<String>,
    policies: &[&str],
    color: bool,
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
        human::view(color),
    ))
}

/// Refuses the options Diceland games do not have (given with `path`).
fn refuse_options(args: &PlayArgs, path: &Path) -> Result<(), u8> {
    let given = super::family::given(&args.effort, &args.rules);
    super::family::refuse_undeclared(FAMILY, Command::Play, &given, path)
}

/// `rollx play BOARD --human`.
pub fn play(args: &PlayArgs, board: Board, path: &Path, log: Option<Output>, color: bool) -> u8 {
    let [policy] = args.policy.as_slice() else {
        eprintln!("error: --human plays against one kind of computer player: give one --policy");
        return EXIT_USAGE;
    };
    let players = usize::from(args.players);
    let policies = vec![policy.clone(); players];
    if let Err(code) = refuse_options(args, path)
        .and_then(|()| super::family::refuse_players(FAMILY, &policies, path))
    {
        return code;
    }
    let seed = seed_or_clock(args.seed);
    let mut names = seat_names(&policies);
    names[0] = "you".to_string();
    let game = Game::new(board);
    let terminal = Terminal { game: &game };
    let others = vec![policy.as_str(); players - 1];
    let Ok(mut session) = session(&terminal, seed, names, &others, color) else {
        unreachable!("the policies were checked above");
    };
    go(
        &mut session,
        Some(path.display().to_string()),
        log.as_ref(),
        false,
    )
}

/// `rollx play --resume LOG` of a Diceland game that `rollx play --human`
/// saved unfinished (`text`, read from `path`): the log must referee
/// clean; its rolls are rolled again from its seed and its moves played
/// again, then the game goes on at the terminal and is saved to `log`.
pub fn resume(args: &PlayArgs, path: &Path, text: &str, log: Option<Output>, color: bool) -> u8 {
    let (saved, game, verdict) = match notation::refereed(path, text, args.map.as_deref()) {
        Ok(r) => r,
        Err(f) => return super::fail(f),
    };
    // Refused once the board is known, to name it.
    let board = args
        .map
        .clone()
        .or(saved.board.file.as_ref().map(PathBuf::from));
    if let Err(code) = refuse_options(args, board.as_deref().unwrap_or(path)) {
        return code;
    }
    let seat_1 = (saved.players[0] != "you").then_some(saved.players[0].as_str());
    let seed = match resumable(path, verdict.is_clean_so_far(), saved.seed, seat_1) {
        Ok(seed) => seed,
        Err(code) => return code,
    };
    let file = path.display();
    let others: Vec<&str> = saved.players[1..].iter().map(|n| policy_of(n)).collect();
    let terminal = Terminal { game: &game };
    let mut session = match session(&terminal, seed, saved.players.clone(), &others, color) {
        Ok(s) => s,
        Err(seat) => {
            eprintln!(
                "error: {file}: cannot tell how player {} (`{}`) plays: the computer players \
                 are {}",
                seat + 1,
                saved.players[seat],
                PLAYERS.join(", ")
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
            "error: {file}: the game is over (after {}): nothing to resume",
            count(saved.turns.len(), "turn")
        );
        return EXIT_INVALID;
    }
    println!("resuming {file} after {}", count(saved.turns.len(), "turn"));
    go(&mut session, saved.board.file.clone(), log.as_ref(), true)
}

/// Plays a session at the terminal to its end, or until you stop, then
/// saves its log to `log` (also when stopped before the end, to be
/// resumed); `board_file` is the board's path as the log records it.
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
    if let Some(o) = log {
        let record = notation::log(s, board_file);
        if let Err(code) = save(o, &record.to_json()) {
            return code;
        }
        let file = o.path().display();
        println!(
            "log written to {file}{}",
            if record.finished {
                String::new()
            } else {
                format!(" (unfinished; go on with `rollx play --resume {file}`)")
            }
        );
    }
    match ending {
        Ending::InputEnded => EXIT_INVALID,
        Ending::Finished | Ending::Quit => EXIT_OK,
    }
}
