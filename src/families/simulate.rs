//! What every family's `rollx simulate` shares: the request, the result,
//! the run's progress and how it is stopped (Ctrl-C), what it counts, and
//! how a run stopped early says so in its reports.

use std::ops::Range;
use std::path::PathBuf;
use std::time::Instant;

use super::{Given, Model};
use crate::text::{count, plural};

/// What a run plays: games, the replays that value the powers (Rolling
/// maps), and games whose dice are solved (`--optimum`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SimCount {
    /// Games of every table.
    pub games: u64,
    /// Replays of them without a power.
    pub replays: u64,
    /// Games whose dice are solved.
    pub solved: u64,
}

impl SimCount {
    /// Everything the progress counts.
    pub fn total(&self) -> u64 {
        self.games + self.replays + self.solved
    }

    /// The progress's unit: "games", "games and replays", ...
    pub fn unit(&self) -> String {
        match (self.replays > 0, self.solved > 0) {
            (false, false) => "games".into(),
            (true, false) => "games and replays".into(),
            (false, true) => "games and solved games".into(),
            (true, true) => "games, replays and solved games".into(),
        }
    }

    /// The counts in words, scaled by `scale` (the part of the run
    /// played).
    pub fn words(&self, scale: f64) -> String {
        let n = |x: u64| (x as f64 * scale).round() as u64;
        let mut s = count(n(self.games), "game");
        if self.replays > 0 {
            s.push_str(&format!(
                ", plus {} to value the powers",
                count(n(self.replays), "replay")
            ));
        }
        if self.solved > 0 {
            s.push_str(&format!(
                "{} {} by the solver",
                if self.replays > 0 { " and" } else { ", and" },
                plural(n(self.solved), "game solved", "games solved")
            ));
        }
        s
    }

    /// The line that opens a run of `games` games `per` table.
    pub fn starting(&self, games: u64, per: &str) -> String {
        format!(
            "simulating {} {per} (in all: {}); Ctrl-C stops the run and reports the games \
             finished",
            count(games, "game"),
            self.words(1.0)
        )
    }
}

/// The command line's side of a run: where its progress goes, and whether
/// it is asked to stop.
pub trait Progress: Sync {
    /// The run starts, every check passed: what it plays, and the line
    /// that announces it.
    fn start(&self, count: &SimCount, announce: &str);
    /// What is being played now ("usa (greedy)").
    fn message(&self, text: String);
    /// `n` more games (replays, solved games) played.
    fn tick(&self, n: u64);
    /// Whether the run is asked to stop (Ctrl-C).
    fn stop(&self) -> bool;
    /// Something the user should know before the run (shown even when
    /// the progress is not).
    fn warn(&self, text: &str);
}

/// Writes one game log of a run: its file name and text.
pub type SaveLog<'a> = &'a (dyn Fn(&str, &str) -> Result<(), String> + Sync);

/// What `rollx simulate` asks of a family.
#[derive(Clone, Copy)]
pub struct SimulateRequest<'a> {
    /// The files, as given.
    pub paths: &'a [PathBuf],
    /// Their maps or boards (all of this family).
    pub models: &'a [Model],
    /// Games per table.
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// The computer players to compare.
    pub policies: &'a [String],
    /// The family's options given.
    pub options: &'a Given,
    /// Whether the HTML report is wanted.
    pub html: bool,
    /// The command that reproduces the run with so many games (shown in
    /// the HTML report).
    pub command: &'a (dyn Fn(u64) -> String + Sync),
    /// Where every game's log goes (`--save-logs`), when wanted.
    pub save_log: Option<SaveLog<'a>>,
    /// The run's progress.
    pub progress: &'a dyn Progress,
}

/// A run's reports.
#[derive(Clone, Debug)]
pub struct Simulated {
    /// Games played per table (fewer than asked when stopped early).
    pub played: u64,
    /// What a whole run plays.
    pub count: SimCount,
    /// The note of a run stopped early.
    pub note: Option<String>,
    /// The report as text.
    pub text: String,
    /// As JSON (marked when stopped early).
    pub json: serde_json::Value,
    /// As Markdown.
    pub markdown: String,
    /// The HTML report, when asked for.
    pub html: Option<String>,
    /// The game logs written (none when the run stopped early).
    pub logs: Option<u64>,
}

/// Writes the log of every game `0..games` of one table as
/// `{prefix}-{i}.json` (`i` zero-padded), each game played again by
/// `log(seed)` with the seed the run gave it, in parallel.
pub fn save_logs(
    games: u64,
    seed: u64,
    save: SaveLog,
    prefix: &str,
    log: impl Fn(u64) -> String + Sync,
) -> Result<(), crate::diag::Failure> {
    use rayon::prelude::*;
    let width = games.saturating_sub(1).to_string().len();
    let failed = (0..games).into_par_iter().find_map_any(|i| {
        let json = log(crate::engine::derive_seed(seed, i));
        save(&format!("{prefix}-{i:0width$}.json"), &json).err()
    });
    failed.map_or(Ok(()), |m| Err(crate::diag::Failure::usage(m)))
}

/// Plays the games `0..games` of a run in consecutive parts, `part(range)`
/// playing every table's (every map's, policy's, replay's) games of the
/// range, until every game is played or `stop` asks to stop, which is
/// looked at after each part. Returns how many games were played: always a
/// prefix `0..n` of the run, the same games for every table, so the report
/// of a run stopped early is the report of `--games n`.
///
/// The parts start at one game per thread and grow while a part takes
/// under half a second, so that a stop waits for about a second of play.
/// How the games are cut into parts changes nothing in the results: the
/// tallies are integers, merged in the order of the games.
pub fn in_parts(games: u64, stop: &dyn Fn() -> bool, mut part: impl FnMut(Range<u64>)) -> u64 {
    let threads = rayon::current_num_threads().max(1) as u64;
    let mut size = threads;
    let mut done = 0;
    while done < games {
        let end = done.saturating_add(size).min(games);
        let started = Instant::now();
        part(done..end);
        done = end;
        if stop() {
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

/// A stopped run's note: `played` of `asked` games per table.
pub fn covered(played: u64, asked: u64, per: &str) -> String {
    format!(
        "interrupted: this report covers the first {played} of {asked} games {per} (the \
         same as --games {played})"
    )
}

/// Marks a JSON report (an object, or an array of them) as stopped early:
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

/// Marks an HTML report as stopped early: a paragraph at the top of its
/// body.
pub fn mark_html(page: &str, note: &str) -> String {
    let banner = format!(
        "<p class=\"interrupted\" style=\"border:2px solid #b00;padding:0.5em\"><strong>{}</strong></p>\n",
        crate::render::svg::escape(note)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_cover_every_game_once_in_order() {
        let mut seen = Vec::new();
        let played = in_parts(1000, &|| false, |r| seen.extend(r));
        assert_eq!(played, 1000);
        assert_eq!(seen, (0..1000).collect::<Vec<_>>());
    }

    #[test]
    fn a_stop_ends_the_run_after_a_part() {
        let mut parts = 0;
        let played = in_parts(1000, &|| true, |_| parts += 1);
        assert_eq!(parts, 1);
        assert!(played > 0 && played < 1000, "{played}");
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
