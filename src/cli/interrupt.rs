//! Ctrl-C during a long run (`rollx simulate`). While [`Catch`] lives, the
//! first interrupt only asks the run to stop: the games being played are
//! finished, no new ones are started, and the command reports the games
//! finished so far. A second interrupt ends the process at once, writing
//! nothing. Either way the exit code is [`EXIT_INTERRUPTED`].
//!
//! On Unix the handler is installed with `sigaction` from `libc` (already
//! a dependency); elsewhere Ctrl-C keeps its default effect (the process
//! ends, and nothing is written).

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Exit code of an interrupted run: 128 + SIGINT, what shells report for a
/// command that Ctrl-C ended.
pub const EXIT_INTERRUPTED: u8 = 130;

/// Set by the first interrupt.
static REQUESTED: AtomicBool = AtomicBool::new(false);

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
        unsafe { libc::_exit(i32::from(EXIT_INTERRUPTED)) }
    }
    // SAFETY: `write` is async-signal-safe; the buffer is a static.
    unsafe {
        libc::write(2, NOTE.as_ptr().cast(), NOTE.len());
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

/// Plays the games `0..games` of a run in consecutive parts, `part(range)`
/// playing every table's (every map's, policy's, replay's) games of the
/// range, until every game is played or Ctrl-C asks to stop, which is
/// looked at after each part. Returns how many games were played: always a
/// prefix `0..n` of the run, the same games for every table, so the report
/// of an interrupted run is the report of `--games n`.
///
/// The parts start at one game per thread and grow while a part takes
/// under half a second, so that an interrupt waits for about a second of
/// play. How the games are cut into parts changes nothing in the results:
/// the tallies are integers, merged in the order of the games.
pub fn in_parts(games: u64, mut part: impl FnMut(Range<u64>)) -> u64 {
    let threads = rayon::current_num_threads().max(1) as u64;
    let mut size = threads;
    let mut done = 0;
    while done < games {
        let end = done.saturating_add(size).min(games);
        let started = Instant::now();
        part(done..end);
        done = end;
        if requested() {
            break;
        }
        let seconds = started.elapsed().as_secs_f64();
        if seconds < 0.5 {
            size = size.saturating_mul(2);
        } else if seconds > 2.0 {
            size = (size / 2).max(threads);
        }
    }
    done
}

/// Adds `tally` to the tally in `slot` (the first one takes the slot).
pub fn merge_into<T>(slot: &mut Option<T>, tally: T, merge: impl Fn(&mut T, &T)) {
    match slot {
        Some(total) => merge(total, &tally),
        None => *slot = Some(tally),
    }
}

/// An interrupted run's note: `played` of `asked` games per table.
pub fn covered(played: u64, asked: u64, per: &str) -> String {
    format!(
        "interrupted: this report covers the first {played} of {asked} games {per} (the \
         same as --games {played})"
    )
}

/// Marks a JSON report (an object, or an array of them) as interrupted:
/// `"interrupted": {"games": played, "asked": asked}` in each object.
pub fn mark_json(report: &mut serde_json::Value, played: u64, asked: u64) {
    let mark = serde_json::json!({ "games": played, "asked": asked });
    match report {
        serde_json::Value::Object(o) => {
            o.insert("interrupted".into(), mark);
        }
        serde_json::Value::Array(items) => {
            for item in items {
                mark_json(item, played, asked);
            }
        }
        _ => {}
    }
}

/// Marks an HTML report as interrupted: a paragraph at the top of its body.
pub fn mark_html(page: &str, note: &str) -> String {
    let banner = format!(
        "<p class=\"interrupted\" style=\"border:2px solid #b00;padding:0.5em\"><strong>{}</strong></p>\n",
        html_escape(note)
    );
    match page.find("<body>") {
        Some(at) => {
            let after = at + "<body>".len();
            let after = after + usize::from(page[after..].starts_with('\n'));
            format!("{}{banner}{}", &page[..after], &page[after..])
        }
        None => format!("{banner}{page}"),
    }
}

/// `text` with HTML's special characters escaped.
fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_cover_every_game_once_in_order() {
        let mut seen = Vec::new();
        let played = in_parts(1000, |r| seen.extend(r));
        assert_eq!(played, 1000);
        assert_eq!(seen, (0..1000).collect::<Vec<_>>());
    }

    #[test]
    fn reports_are_marked() {
        let mut v = serde_json::json!([{ "a": 1 }, { "b": 2 }]);
        mark_json(&mut v, 3, 10);
        assert_eq!(v[1]["interrupted"]["games"], 3);
        assert_eq!(v[0]["interrupted"]["asked"], 10);
        let page = mark_html("<html><body>\n<h1>x</h1></body></html>", "a < b");
        assert!(page.contains("<body>\n<p class=\"interrupted\""), "{page}");
        assert!(page.contains("a &lt; b"), "{page}");
    }
}
