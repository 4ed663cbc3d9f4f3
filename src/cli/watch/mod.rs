//! `rollx watch`: the designer's loop. The file is checked and its sheet
//! laid out again on every save (of it, of a file it extends, of an atlas
//! shapes file it names), and a local page shows the newest build: the
//! sheet, every finding of `rollx check`, the print checks, the summary,
//! and a balance summary played in the background.
//!
//! The main thread watches and rebuilds ([`build`]); a few threads answer
//! the page ([`server`]) from [`Shared`]; a thread per balance summary
//! plays its games ([`balance`]) and is told to stop when a newer build
//! makes it pointless.

mod balance;
mod build;
mod page;
mod server;

use std::path::PathBuf;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Args;
use notify::{EventKind, RecursiveMode, Watcher};

use super::locale::LocaleArgs;
use super::numbers::whole;
use super::{Outcome, Ran, interrupt, load_template};
use balance::{Job, Stage};
use build::Build;
use rollx::diag::Failure;
use rollx::print::{Locale, Template, template};
use server::Look;

/// The long description `--help` shows.
pub const LONG_ABOUT: &str = "Watch a map or board file and show it live in the browser: the \
sheet as it will print (the template, black and white and the language switchable on the page), every finding \
of `rollx check` with its line and help, the print checks of the template shown, the summary and \
solvability `check` reports, and a balance summary of a few thousand games of the greedy \
computer player (seeded, so the same file gives the same figures; played in the background with \
a progress bar, never holding the sheet back).\n\n\
On every save of the file, of a file it extends or of an atlas shapes file it names, the page \
updates by itself, keeping its scroll position. A save with errors shows them in the sheet's \
place, with the last good sheet greyed beside them. Each rebuild prints one line here.\n\n\
The page is served on 127.0.0.1 only (a free port unless --port is given), read-only: its own \
few routes, nothing from the disk by the request's path. Ctrl-C stops watching.";

/// Arguments of `rollx watch`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  rollx watch maps/usa.toml\n  rollx watch my-board.toml --template a4 --mono\n  rollx watch maps/japan.toml --lang ja\n  rollx watch my-map.toml --port 8765 --no-open\n\n\
Exit codes: 0 stopped with Ctrl-C, 2 usage or I/O error (the file cannot be read at the start, \
the port is taken, the template is invalid)."
)]
pub struct WatchArgs {
    /// The map or board file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The template shown first: a shipped one (letter, a4, a4-2up) or a
    /// template file; the page switches between them.
    #[arg(long, short = 't', value_name = "NAME|FILE", default_value = template::DEFAULT)]
    pub template: String,
    /// Show the sheet in black and white first.
    #[arg(long)]
    pub mono: bool,
    /// The port on 127.0.0.1 (default: a free one, printed).
    #[arg(long, value_parser = whole::<u16>(1, u16::MAX as u64))]
    pub port: Option<u16>,
    /// Do not open the page in a browser (the address is printed).
    #[arg(long)]
    pub no_open: bool,
    /// Games of the balance summary.
    #[arg(long, default_value_t = 2_000, value_parser = whole::<u64>(1, 1_000_000))]
    pub games: u64,
    /// Seed of the balance summary.
    #[arg(long, default_value_t = 1, value_parser = whole::<u64>(0, u64::MAX))]
    pub seed: u64,
    #[command(flatten)]
    pub locale: LocaleArgs,
}

/// What the page is served from: set up once, and the builds as they
/// come.
pub struct Shared {
    /// The file as given.
    file: String,
    /// The templates the page offers, by name.
    templates: Vec<(String, Template)>,
    /// How the sheet is shown first (the page switches).
    first: Look,
    /// The fonts (and `--lang`) asked for.
    locale: Locale,
    /// Games and seed of the balance summaries.
    games: u64,
    seed: u64,
    now: Mutex<Now>,
}

/// The newest build, the last good one and the balance summary.
struct Now {
    build: Arc<Build>,
    good: Option<Arc<Build>>,
    balance: Option<Arc<Job>>,
}

impl Shared {
    fn now(&self) -> std::sync::MutexGuard<'_, Now> {
        self.now.lock().expect("not poisoned")
    }

    /// The newest build's number, and a word for where the balance
    /// summary is: the page fetches a part again when its word changes.
    fn versions(&self) -> (u64, String) {
        let now = self.now();
        let balance = match &now.balance {
            None => "none".to_string(),
            Some(job) => match job.stage() {
                Stage::Playing(done, _) => format!("{}-playing-{done}", job.build),
                Stage::Done(_) => format!("{}-done", job.build),
                Stage::Failed(_) => format!("{}-failed", job.build),
            },
        };
        // The summary is the last good build's while the newest has errors.
        let stale = now.build.model().is_none();
        (now.build.number, format!("{balance}-{stale}"))
    }

    /// The view of the newest build on a template.
    fn view(&self, look: Look) -> String {
        let (build, good) = {
            let now = self.now();
            (now.build.clone(), now.good.clone())
        };
        let t = &self.templates[look.template].1;
        let key = look.query();
        let locale = self.locale_of(look);
        let sheet = build.sheet(look, t, &locale);
        let good_sheet = good
            .as_ref()
            .filter(|g| g.number != build.number)
            .and_then(|g| g.sheet(look, t, &locale).map(|s| (g, s)));
        page::view(
            &build,
            sheet.as_deref(),
            good_sheet.as_ref().map(|(g, s)| (g.as_ref(), s.as_ref())),
            &key,
        )
    }

    /// The balance summary of the last good build (the build it was
    /// played for may be an earlier one of the same content).
    fn balance(&self) -> String {
        let (job, stale) = {
            let now = self.now();
            (now.balance.clone(), now.build.model().is_none())
        };
        match job {
            None => page::balance(None),
            Some(job) => {
                let stage = job.stage();
                page::balance(Some((&stage, job.build, job.games, job.seed, stale)))
            }
        }
    }

    /// The first page of build `number` (the newest or the last good one)
    /// as SVG.
    fn sheet(&self, number: u64, look: Look) -> Option<String> {
        let build = {
            let now = self.now();
            [Some(&now.build), now.good.as_ref()]
                .into_iter()
                .flatten()
                .find(|b| b.number == number)
                .cloned()
        }?;
        let t = &self.templates[look.template].1;
        build
            .sheet(look, t, &self.locale_of(look))
            .map(|s| s.svg.clone())
    }

    /// The locale of a look: its language, else `--lang`, else the
    /// file's; the fonts asked for.
    fn locale_of(&self, look: Look) -> Locale {
        Locale {
            lang: look.language().or(self.locale.lang),
            ..self.locale.clone()
        }
    }

    /// Takes a new build: the newest, the last good one when valid (with
    /// a balance summary started for it, unless its content is the one
    /// already summed up).
    fn take(&self, build: Arc<Build>) {
        let mut now = self.now();
        now.build = build.clone();
        let Some(model) = build.model().cloned() else {
            return;
        };
        now.good = Some(build.clone());
        let same = now
            .balance
            .as_ref()
            .is_some_and(|j| j.fingerprint == build.fingerprint);
        if same {
            return;
        }
        if let Some(old) = &now.balance {
            old.cancel();
        }
        let job = Job::new(build.number, build.fingerprint, self.games, self.seed);
        now.balance = Some(job.clone());
        let path = PathBuf::from(&self.file);
        std::thread::spawn(move || job.run(path, model));
    }

    /// Stops the balance summary being played (watching stops).
    fn stop_balance(&self) {
        if let Some(job) = &self.now().balance {
            job.cancel();
        }
    }
}

/// The templates the page offers: the shipped ones, and the one given
/// when it is a file; and which of them is shown first.
fn templates(given: &str) -> Result<(Vec<(String, Template)>, usize), Failure> {
    let first = load_template(given)?;
    let mut out: Vec<(String, Template)> = Vec::new();
    for (name, _) in template::BUILTIN {
        out.push((name.to_string(), load_template(name)?));
    }
    let chosen = match out.iter().position(|(n, _)| n == given) {
        Some(i) => i,
        None => {
            out.push((given.to_string(), first));
            out.len() - 1
        }
    };
    Ok((out, chosen))
}

/// Opens `url` in the desktop's browser, quietly; whether it could.
fn open_browser(url: &str) -> bool {
    let mut command = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else {
        std::process::Command::new("xdg-open")
    };
    // A browser started here gets a process group of its own, so that the
    // Ctrl-C that stops watching does not close it too.
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    command
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    match command.spawn() {
        Ok(mut child) => {
            // Reaped in the background, so that it does not linger.
            std::thread::spawn(move || child.wait());
            true
        }
        Err(_) => false,
    }
}

/// Whether a file event can have changed a file: opening and reading
/// cannot (the rebuild itself reads them).
fn may_change(kind: &EventKind) -> bool {
    use notify::event::{AccessKind, AccessMode};
    match kind {
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Access(_) => false,
        _ => true,
    }
}

/// The folders of `files`, to watch (a file replaced by an editor's
/// rename is seen in its folder).
fn folders(files: &[PathBuf]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    for f in files {
        if let Some(dir) = f.parent()
            && !out.iter().any(|d| d == dir)
        {
            out.push(dir.to_path_buf());
        }
    }
    out
}

/// Runs `rollx watch` until Ctrl-C.
pub fn run(args: &WatchArgs) -> Ran {
    // The file must be there at the start (later, a save caught halfway
    // is shown on the page and mended by the next).
    let meta = std::fs::metadata(&args.file)
        .map_err(|e| Failure::usage(format!("cannot read {}: {e}", args.file.display())))?;
    if meta.is_dir() {
        return Err(Failure::usage(format!(
            "{} is a folder\n  help: give the map or board file to watch",
            args.file.display()
        )));
    }
    let (templates, chosen) = templates(&args.template)?;
    let asked = ("127.0.0.1", args.port.unwrap_or(0));
    let server = tiny_http::Server::http(asked).map_err(|e| {
        Failure::usage(format!(
            "cannot serve on 127.0.0.1:{}: {e}\n  help: choose another --port, or leave it out for a free one",
            asked.1
        ))
    })?;
    let port = server
        .server_addr()
        .to_ip()
        .map(|a| a.port())
        .ok_or_else(|| Failure::usage("the server has no IP address"))?;
    let url = format!("http://127.0.0.1:{port}/");
    let file = args.file.display().to_string();

    let locale = args.locale.locale();
    let first = Arc::new(Build::new(1, &args.file, &locale));
    let shared = Arc::new(Shared {
        file: file.clone(),
        templates,
        first: Look {
            template: chosen,
            mono: args.mono,
            lang: args
                .locale
                .lang
                .and_then(|l| rollx::lang::Lang::all().position(|k| k == l))
                .map_or(0, |i| i + 1),
        },
        locale: locale.clone(),
        games: args.games,
        seed: args.seed,
        now: Mutex::new(Now {
            build: first.clone(),
            good: None,
            balance: None,
        }),
    });
    let mut files = first.files.clone();
    let mut fingerprint = first.fingerprint;
    println!("watching {file}: {url} (Ctrl-C stops)");
    println!("{}", first.line(&file));
    shared.take(first);
    let _catch = interrupt::catch_quietly();

    let server = Arc::new(server);
    for _ in 0..4 {
        let (server, shared) = (server.clone(), shared.clone());
        std::thread::spawn(move || server::serve(server, shared, port));
    }

    // File events arrive on a channel; a change is built once the events
    // have been quiet for a moment (an editor's save is several), and the
    // files are also compared every second in case an event was missed.
    // Without events (the system's limit of watches reached, say), the
    // comparison alone carries on, and the user is told once.
    let (tx, rx) = mpsc::channel();
    let mut watcher =
        match notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            let _ = tx.send(event);
        }) {
            Ok(w) => Some(w),
            Err(e) => {
                println!("no file events ({e}): the files are compared every second instead");
                None
            }
        };
    let mut watched: Vec<PathBuf> = Vec::new();
    let mut told = false;
    let mut watch = |files: &[PathBuf], watcher: &mut Option<notify::RecommendedWatcher>| {
        let Some(watcher) = watcher else { return };
        for dir in folders(files) {
            if watched.contains(&dir) {
                continue;
            }
            match watcher.watch(&dir, RecursiveMode::NonRecursive) {
                Ok(()) => watched.push(dir),
                // A folder that does not exist yet (a base file still to
                // be written) is found by the comparison.
                Err(e) if dir.exists() && !told => {
                    told = true;
                    println!(
                        "cannot watch {} ({e}): its files are compared every second instead",
                        dir.display()
                    );
                }
                Err(_) => {}
            }
        }
    };
    watch(&files, &mut watcher);

    if !args.no_open && !open_browser(&url) {
        println!("open {url} in a browser");
    }

    let mut number = 1;
    let mut due: Option<Instant> = None;
    let mut checked_at = Instant::now();
    const QUIET: Duration = Duration::from_millis(60);
    while !interrupt::requested() {
        // Events of other files in the folders watched fall through to
        // the checks below, so that a busy folder cannot hold them off.
        match rx.recv_timeout(Duration::from_millis(50)) {
            Ok(Ok(event)) => {
                if may_change(&event.kind) && event.paths.iter().any(|p| files.contains(p)) {
                    due = Some(Instant::now() + QUIET);
                    continue;
                }
            }
            Ok(Err(_)) | Err(RecvTimeoutError::Timeout) => {}
            // No events at all: the comparison paces the loop.
            Err(RecvTimeoutError::Disconnected) => std::thread::sleep(Duration::from_millis(50)),
        }
        let polled = checked_at.elapsed() >= Duration::from_secs(1);
        if due.is_some_and(|d| Instant::now() >= d) || polled {
            due = None;
            checked_at = Instant::now();
            if build::fingerprint(&files) == fingerprint {
                continue;
            }
            number += 1;
            let next = Build::new(number, &args.file, &locale);
            println!("{}", next.line(&file));
            files = next.files.clone();
            fingerprint = next.fingerprint;
            watch(&files, &mut watcher);
            shared.take(Arc::new(next));
        }
    }
    shared.stop_balance();
    println!("stopped watching {file}");
    Ok(Outcome::Ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_offers_the_shipped_templates_and_a_template_file() {
        let (t, chosen) = templates("a4").unwrap();
        let names: Vec<&str> = t.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["letter", "a4", "a4-2up"]);
        assert_eq!(chosen, 1);
        assert!(templates("no-such-template.toml").is_err());
    }

    #[test]
    fn reading_a_file_is_no_change_and_writing_one_is() {
        use notify::event::{AccessKind, AccessMode, CreateKind, ModifyKind};
        assert!(!may_change(&EventKind::Access(AccessKind::Open(
            AccessMode::Any
        ))));
        assert!(!may_change(&EventKind::Access(AccessKind::Close(
            AccessMode::Read
        ))));
        assert!(may_change(&EventKind::Access(AccessKind::Close(
            AccessMode::Write
        ))));
        assert!(may_change(&EventKind::Modify(ModifyKind::Any)));
        assert!(may_change(&EventKind::Create(CreateKind::File)));
        assert_eq!(
            folders(&[
                PathBuf::from("/a/x.toml"),
                PathBuf::from("/a/y.toml"),
                PathBuf::from("/b/z.toml")
            ]),
            [PathBuf::from("/a"), PathBuf::from("/b")]
        );
    }
}
