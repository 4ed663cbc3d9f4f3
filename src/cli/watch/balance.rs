//! The quick balance summary of `rollx watch`: games of the greedy
//! computer player on the file being edited, played in the background
//! (never holding the preview back) by the family's own `simulate`, with
//! the same seed on every rebuild, so that the same content gives the same
//! summary.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use rollx::families::simulate::{Progress, SimCount, SimulateRequest};
use rollx::families::{Given, Model};

/// The computer player of the summary: every family has it.
pub const PLAYER: &str = "greedy";

/// One summary being played, or played.
#[derive(Debug)]
pub struct Job {
    /// The build it is for.
    pub build: u64,
    /// The content it is for ([`super::build::Build::fingerprint`]).
    pub fingerprint: [u8; 32],
    /// Games per table asked for, and the seed.
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// Games (and replays) played so far.
    done: AtomicU64,
    /// Games (and replays) in all, once the run has started.
    total: AtomicU64,
    /// Set when a newer build makes the run pointless, or on Ctrl-C.
    cancelled: AtomicBool,
    /// The report as text, or why there is none, once the run ended.
    result: Mutex<Option<Result<String, String>>>,
}

/// How far a summary has come.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Playing: games done of the total (0 of 0 before the start).
    Playing(u64, u64),
    /// Done: the report.
    Done(String),
    /// The run failed, or was stopped: why.
    Failed(String),
}

impl Job {
    /// A summary of `games` games with `seed` for a build.
    pub fn new(build: u64, fingerprint: [u8; 32], games: u64, seed: u64) -> Arc<Job> {
        Arc::new(Job {
            build,
            fingerprint,
            games,
            seed,
            done: AtomicU64::new(0),
            total: AtomicU64::new(0),
            cancelled: AtomicBool::new(false),
            result: Mutex::new(None),
        })
    }

    /// Where it is.
    pub fn stage(&self) -> Stage {
        match &*self.result.lock().expect("not poisoned") {
            Some(Ok(text)) => Stage::Done(text.clone()),
            Some(Err(why)) => Stage::Failed(why.clone()),
            None => Stage::Playing(
                self.done.load(Ordering::Relaxed),
                self.total.load(Ordering::Relaxed),
            ),
        }
    }

    /// Asks the run to stop after the games being played.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Plays the summary for `model` (read from `path`) on this thread,
    /// and keeps its report.
    pub fn run(&self, path: PathBuf, model: Model) {
        let paths = [path];
        let models = [model];
        let policies = [PLAYER.to_string()];
        let given = Given::default();
        let games = self.games;
        let command = |n: u64| {
            format!(
                "rollx simulate {} --games {n} --policy {PLAYER} --seed {}",
                paths[0].display(),
                self.seed
            )
        };
        let request = SimulateRequest {
            paths: &paths,
            models: &models,
            games,
            seed: self.seed,
            policies: &policies,
            options: &given,
            html: false,
            command: &command,
            save_log: None,
            progress: self,
        };
        let family = models[0].family();
        // On all cores but one, so that rebuilds and sheets keep one to
        // themselves (a seed gives the same games whatever the threads).
        let threads =
            std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1));
        let simulated = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| format!("cannot start worker threads: {e}"))
            .and_then(|pool| {
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    pool.install(|| family.simulate(&request))
                }))
                .map_err(|_| "the games stopped on an internal error".to_string())
            });
        let result = match simulated {
            Err(why) => Err(why),
            Ok(Ok(_)) if self.cancelled.load(Ordering::Relaxed) => Err("stopped".to_string()),
            Ok(Ok(sim)) => Ok(sim.text),
            Ok(Err(failure)) => Err(failure.message.clone().unwrap_or_else(|| {
                let why: Vec<&str> = failure
                    .diagnostics
                    .iter()
                    .map(|d| d.message.as_str())
                    .collect();
                why.join("; ")
            })),
        };
        *self.result.lock().expect("not poisoned") = Some(result);
    }
}

impl Progress for Job {
    fn start(&self, count: &SimCount, _announce: &str) {
        self.total.store(count.total(), Ordering::Relaxed);
    }

    fn message(&self, _text: String) {}

    fn tick(&self, n: u64) {
        self.done.fetch_add(n, Ordering::Relaxed);
    }

    fn stop(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    fn warn(&self, _text: &str) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_file_and_seed_give_the_same_summary() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/encore-black.toml");
        let model = rollx::families::load(&path).unwrap();
        let run = || {
            let job = Job::new(1, [0; 32], 50, 7);
            assert_eq!(job.stage(), Stage::Playing(0, 0));
            job.run(path.clone(), model.clone());
            match job.stage() {
                Stage::Done(text) => text,
                other => panic!("{other:?}"),
            }
        };
        let first = run();
        assert!(first.contains("greedy"), "{first}");
        assert_eq!(run(), first);
        // Cancelled before the start: no summary, and said so.
        let job = Job::new(2, [0; 32], 50, 7);
        job.cancel();
        job.run(path.clone(), model.clone());
        assert_eq!(job.stage(), Stage::Failed("stopped".into()));
    }
}
