//! `rollx simulate`, written once for every family (`simulate`): the
//! request, the tables, the games played part by part until the run ends
//! or is stopped (Ctrl-C), what it counts, the reports (marked when the
//! run stopped early) and the saved logs. A family says what differs
//! ([`Simulates`]): its tables, what one table's games tally, and its
//! reports.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::contract::{Given, Model, Typed};
use crate::diag::Failure;
use crate::report::doc::Doc;
use crate::text::{count, plural};

/// One table of a run: a computer player a seat, seat 1 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seated {
    /// The players by name, seat 1 first.
    pub seats: Vec<String>,
    /// Given seat by seat (`--seats`), rather than one player in every
    /// seat.
    pub mixed: bool,
}

impl Seated {
    /// `players` seats of `policy`.
    pub fn alike(policy: &str, players: usize) -> Seated {
        Seated {
            seats: vec![policy.to_string(); players],
            mixed: false,
        }
    }
}

/// A run's report, as the family builds it: the document that every
/// writer (text, Markdown, HTML) writes, and the results as JSON.
#[derive(Clone, Debug)]
pub struct Reports {
    /// The report.
    pub doc: Doc,
    /// The results as JSON.
    pub json: serde_json::Value,
}

/// What a family writes for `rollx simulate`; the run itself is
/// `simulate` in this module.
pub trait Simulates: Typed {
    /// One file's side of a run: its rules engine and what its players
    /// need.
    type Run: Sync;
    /// What one table's games tally.
    type Tally: Send;
    /// What the family plays on each file besides the tables' games (the
    /// solver's games), tallied; nothing for most.
    type Extra: Default + Send;

    /// What a run's games are counted per, in words ("per board and
    /// table").
    fn per(&self) -> String {
        format!("per {} and table", self.noun())
    }

    /// The tables of the run, or why the request cannot run (checked
    /// before anything is played).
    fn tables(&self, request: &SimulateRequest) -> Result<Vec<Seated>, Failure>;

    /// The side of the run of `model`, the file `path`.
    fn run(
        &self,
        model: &Self::Model,
        path: &Path,
        request: &SimulateRequest,
    ) -> Result<Self::Run, Failure>;

    /// Replays of each game of a table on `run` (to value the powers).
    fn replays(&self, _run: &Self::Run) -> u64 {
        0
    }

    /// Whether each game's dice on `run` are solved too.
    fn solves(&self, _run: &Self::Run) -> bool {
        false
    }

    /// The games `games` of the run at `table` on `run` (seeds derived
    /// from `seed`), `tick` told of each game played; why not, when a
    /// player cannot sit at the table.
    fn play_range(
        &self,
        run: &Self::Run,
        table: &Seated,
        games: Range<u64>,
        seed: u64,
        tick: &(dyn Fn(u64) + Sync),
    ) -> Result<Self::Tally, String>;

    /// Adds `more` to `into`, games in order.
    fn merge(&self, into: &mut Self::Tally, more: &Self::Tally);

    /// What the family plays on `run` (the file `id`) for the games
    /// `games` besides the tables' games, added to `into`.
    fn more(
        &self,
        _run: &Self::Run,
        _id: &str,
        _games: Range<u64>,
        _seed: u64,
        _progress: &dyn Progress,
        _into: &mut Self::Extra,
    ) {
    }

    /// The reports of `played` games at each table (`tallies`, a row per
    /// file) on every file (`runs`), with what was played besides
    /// (`extras`).
    fn reports(
        &self,
        runs: &[Self::Run],
        tables: &[Seated],
        tallies: &[Vec<Self::Tally>],
        extras: &[Self::Extra],
        played: u64,
        request: &SimulateRequest,
    ) -> Reports;

    /// A table in the names of saved logs: `greedyx4` for one player in
    /// every seat, `seats-strong-greedy` for a mixed table.
    fn label(&self, table: &Seated) -> String {
        if table.mixed {
            format!("seats-{}", table.seats.join("-"))
        } else {
            format!("{}x{}", table.seats[0], table.seats.len())
        }
    }

    /// The log of the game of `seed` at `table` on `run` (the file
    /// `path`), played again.
    fn log(
        &self,
        run: &Self::Run,
        table: &Seated,
        seed: u64,
        path: &Path,
    ) -> Result<String, String>;
}

/// `rollx simulate` on `models` (the request's, of the family `kind`):
/// every file's tables, played part by part until every game is played or
/// the run is stopped; the reports; the logs when asked for.
pub(crate) fn simulate<K: Simulates>(
    kind: &K,
    models: &[&K::Model],
    r: &SimulateRequest,
) -> Result<Simulated, Failure> {
    let tables = kind.tables(r)?;
    let runs = models
        .iter()
        .zip(r.paths)
        .map(|(model, path)| kind.run(model, path, r))
        .collect::<Result<Vec<_>, _>>()?;
    let per_file = r.games * tables.len() as u64;
    let count = SimCount {
        games: per_file * runs.len() as u64,
        replays: runs.iter().map(|run| per_file * kind.replays(run)).sum(),
        solved: runs.iter().filter(|run| kind.solves(run)).count() as u64 * r.games,
    };
    let per = kind.per();
    r.progress.start(&count, &count.starting(r.games, &per));
    // Every file's and table's games are played part by part, all
    // together, so that a stop leaves the same first games of each.
    let mut slots: Vec<Vec<Option<K::Tally>>> = runs
        .iter()
        .map(|_| tables.iter().map(|_| None).collect())
        .collect();
    let mut extras: Vec<K::Extra> = runs.iter().map(|_| K::Extra::default()).collect();
    let failed = std::cell::RefCell::new(None);
    let stop = || failed.borrow().is_some() || r.progress.stop();
    let played = in_parts(r.games, &stop, |range| {
        let tick = |n: u64| r.progress.tick(n);
        for (m, run) in runs.iter().enumerate() {
            let id = r.models[m].id();
            for (table, slot) in tables.iter().zip(&mut slots[m]) {
                r.progress
                    .message(format!("{id} ({})", table.seats.join(",")));
                match kind.play_range(run, table, range.clone(), r.seed, &tick) {
                    Ok(tally) => merge_into(slot, tally, |into, more| kind.merge(into, more)),
                    Err(why) => *failed.borrow_mut() = Some(why),
                }
            }
            kind.more(run, id, range.clone(), r.seed, r.progress, &mut extras[m]);
        }
    });
    if let Some(why) = failed.into_inner() {
        return Err(Failure::usage(why));
    }
    let tallies = slots
        .into_iter()
        .map(|row| row.into_iter().collect::<Option<Vec<_>>>())
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| Failure::usage("a simulation plays at least one game"))?;
    let interrupted = played < r.games;
    let mut reports = kind.reports(&runs, &tables, &tallies, &extras, played, r);
    let note = interrupted.then(|| covered(played, r.games, &per));
    if let Some(note) = &note {
        reports.doc.warn(note.clone());
    }
    if interrupted {
        mark_json(&mut reports.json, played, r.games);
    }
    let logs = match r.save_log {
        Some(save) if !interrupted => {
            for ((run, path), model) in runs.iter().zip(r.paths).zip(r.models) {
                for table in &tables {
                    let prefix = format!("{}-{}", model.id(), kind.label(table));
                    save_logs(r.games, r.seed, save, &prefix, |seed| {
                        kind.log(run, table, seed, path)
                    })?;
                }
            }
            Some(count.games)
        }
        _ => None,
    };
    Ok(Simulated {
        played,
        count,
        note,
        text: reports.doc.text(),
        json: reports.json,
        markdown: reports.doc.markdown(),
        html: r.html.then(|| reports.doc.html()),
        logs,
    })
}

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
fn save_logs(
    games: u64,
    seed: u64,
    save: SaveLog,
    prefix: &str,
    log: impl Fn(u64) -> Result<String, String> + Sync,
) -> Result<(), Failure> {
    use rayon::prelude::*;
    let width = games.saturating_sub(1).to_string().len();
    let failed = (0..games).into_par_iter().find_map_any(|i| {
        log(crate::engine::derive_seed(seed, i))
            .and_then(|json| save(&format!("{prefix}-{i:0width$}.json"), &json))
            .err()
    });
    failed.map_or(Ok(()), |m| Err(Failure::usage(m)))
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
fn in_parts(games: u64, stop: &dyn Fn() -> bool, mut part: impl FnMut(Range<u64>)) -> u64 {
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
fn merge_into<T>(slot: &mut Option<T>, tally: T, merge: impl Fn(&mut T, &T)) {
    match slot {
        Some(total) => merge(total, &tally),
        None => *slot = Some(tally),
    }
}

/// A stopped run's note: `played` of `asked` games per table.
fn covered(played: u64, asked: u64, per: &str) -> String {
    format!(
        "interrupted: this report covers the first {played} of {asked} games {per} (the \
         same as --games {played})"
    )
}

/// Marks a JSON report (an object, or an array of them) as stopped early:
/// `"interrupted": {"games": played, "asked": asked}` in each object.
fn mark_json(report: &mut serde_json::Value, played: u64, asked: u64) {
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
    }
}
