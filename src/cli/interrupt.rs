//! Ctrl-C during a long run. While [`Catch`] lives, the first interrupt
//! only asks the run to stop: `rollx simulate` finishes the games being
//! played, starts no new ones and reports the games finished so far (exit
//! code 130, that of [`super::Outcome::Interrupted`]); `rollx watch` stops
//! watching (exit code 0). A second interrupt ends the process at once,
//! writing nothing, with exit code 130.
//!
//! On Unix the handler is installed with `sigaction` from `libc` (already
//! a dependency); elsewhere Ctrl-C keeps its default effect (the process
//! ends, and nothing is written).

use std::sync::atomic::{AtomicBool, Ordering};

#[cfg(unix)]
use super::Outcome;

/// Set by the first interrupt.
static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Whether the first interrupt writes [`NOTE`] (a run that says itself
/// how it stops, like `rollx watch`, clears it).
static SAY_NOTE: AtomicBool = AtomicBool::new(true);

/// Whether Ctrl-C asked the run to stop.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}

/// What the first interrupt writes to standard error (from the handler,
/// where only `write` may be called).
const NOTE: &[u8] = b"\ninterrupted: finishing the games being played, then reporting the \
games finished so far (Ctrl-C again stops at once, writing nothing)\n";

#[cfg(unix)]
extern "C" fn on_interrupt(_signal: libc::c_int) {
    if REQUESTED.swap(true, Ordering::SeqCst) {
        // SAFETY: `_exit` is async-signal-safe.
        unsafe { libc::_exit(i32::from(Outcome::Interrupted.code())) }
    }
    if SAY_NOTE.load(Ordering::SeqCst) {
        // SAFETY: `write` is async-signal-safe; the buffer is a static.
        unsafe {
            libc::write(2, NOTE.as_ptr().cast(), NOTE.len());
        }
    }
}

/// Sets what SIGINT does: `handler` is a function's address or SIG_DFL.
#[cfg(unix)]
fn set_handler(handler: libc::sighandler_t) {
    // SAFETY: a zeroed `sigaction` is a valid value to fill in; the handler
    // only touches an atomic and calls async-signal-safe functions.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = handler;
        action.sa_flags = libc::SA_RESTART;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(libc::SIGINT, &action, std::ptr::null_mut());
    }
}

/// Catches Ctrl-C while it lives (see the module's text); dropping it
/// gives Ctrl-C its default effect back.
pub struct Catch(());

/// Starts catching Ctrl-C, the first interrupt saying nothing (the
/// command says how it stops).
pub fn catch_quietly() -> Catch {
    SAY_NOTE.store(false, Ordering::SeqCst);
    catch()
}

/// Starts catching Ctrl-C.
pub fn catch() -> Catch {
    #[cfg(unix)]
    set_handler(on_interrupt as extern "C" fn(libc::c_int) as libc::sighandler_t);
    Catch(())
}

impl Drop for Catch {
    fn drop(&mut self) {
        #[cfg(unix)]
        set_handler(libc::SIG_DFL);
    }
}
