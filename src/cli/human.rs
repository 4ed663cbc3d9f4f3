//! `rollx play --human`: the glue between the command line and the one
//! terminal session of the library ([`rollx::session`]): standard input
//! and output, the terminal's width, and what every family's resume
//! checks.

use std::io::{self, IsTerminal, Write};

pub use rollx::session::Ending;
use rollx::session::{Notation, Session, View};

use super::sheet_text::terminal_width;

/// The view of the terminal: its width, and colours when asked for.
pub(super) fn view(color: bool) -> View {
    View {
        width: terminal_width(),
        color,
    }
}

/// Plays `session` on standard input and output (`resumed`: after a saved
/// game's turns were played again). The error is the exit code, once said.
pub(super) fn run<N: Notation>(session: &mut Session<N>, resumed: bool) -> Result<Ending, u8> {
    let stdin = io::stdin();
    let interactive = stdin.is_terminal();
    let mut input = stdin.lock();
    let mut out = io::stdout().lock();
    let ending = session.run(&mut input, &mut out, interactive, resumed);
    let ending = ending.and_then(|e| out.flush().map(|()| e));
    ending.map_err(|e| {
        eprintln!("error: {e}");
        super::EXIT_USAGE
    })
}

/// Whether a saved game can be resumed: its log referees clean (`clean`),
/// names its seed and had a person in seat 1 (`computer`: the policy
/// that played seat 1, if any). The seed, or the exit code after the
/// error is printed.
pub(super) fn resumable(
    file: &std::path::Path,
    clean: bool,
    seed: Option<u64>,
    computer: Option<&str>,
) -> Result<u64, u8> {
    let file = file.display();
    if !clean {
        eprintln!(
            "error: {file}: the game breaks the rules, so it cannot be resumed\n  \
             help: `rollx referee {file}` says where"
        );
        return Err(super::EXIT_INVALID);
    }
    let Some(seed) = seed else {
        eprintln!("error: {file} has no seed: only games whose dice rollx rolled can be resumed");
        return Err(super::EXIT_INVALID);
    };
    if let Some(p) = computer {
        eprintln!(
            "error: {file}: seat 1 was played by the computer ({p}): only a game played with \
             `rollx play --human` can be resumed"
        );
        return Err(super::EXIT_INVALID);
    }
    Ok(seed)
}
