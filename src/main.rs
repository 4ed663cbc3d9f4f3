//! The `rollx` command: a thin layer over the library (see `src/cli/`).

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    // Like other Unix tools, stop quietly when the reader of our output goes
    // away (`rollx play ... | head`) instead of panicking on a closed pipe.
    #[cfg(unix)]
    // SAFETY: called first thing in main, before any thread exists; resetting
    // a signal's disposition to the default has no other effect.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    cli::run()
}
