//! `rollx check`: validate map files.

use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, ValueEnum};

use super::locale::LocaleArgs;
use super::numbers::whole;
use super::{Outcome, Ran};
use rollx::diag::Failure;
use rollx::diag::render::{self, Style};
use rollx::families::{self, Checked, DeepRequest, Deepened, Family, LoadError, Model, Topic};
use rollx::text::{and_list, count};
use std::io::{IsTerminal, Write};

/// The long description `--help` shows: what is checked, each family's
/// paragraph, and each family's deeper look.
pub fn long_about() -> String {
    let deep = super::family::paragraphs(Topic::Deep, "\n\n");
    format!(
        "Validate map and board files, whatever their family (a file's `[game] family`; {} when \
         it names none). {} A valid file is also laid out on every shipped print template, in \
         colour and in black and white, and what the print checks find (boxes too small, \
         colours too close to tell apart, parts that do not fit, hidden links) is reported as \
         warnings. Every problem is reported at once, with its file, line and column. See \
         docs/diagnostics.md for every code.\n\n{deep}{}Each file's findings come first and its \
         summary last; several files end with one line on them all.",
        Family::unnamed().title(),
        super::family::paragraphs(Topic::Check, " "),
        if deep.is_empty() { "" } else { "\n\n" },
    )
}

/// The exit codes and examples `--help` shows after the options.
pub fn after_help() -> String {
    format!(
        "Exit codes: 0 every file is valid (warnings allowed unless --deny-warnings), 1 a file is \
         invalid (or, with --deny-warnings, has warnings), 2 usage or I/O error.\n\n{}",
        super::family::examples(
            &[
                "rollx check maps/usa.toml",
                "rollx check maps/*.toml maps/examples/*.toml",
                "rollx check --format json maps/japan.toml",
                "rollx check --deny-warnings my-map.toml   # in CI: warnings fail too",
                "rollx check maps/japan.toml --lang ja      # the words, names and fonts of the \
                 Japanese sheet",
                "rollx check maps/examples/tutorial.toml --deep --samples 50",
            ],
            Topic::Check
        )
    )
}

/// Arguments of `rollx check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Map or board files to check.
    #[arg(required = true, value_name = "FILE")]
    pub maps: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print how long checking took to stderr.
    #[arg(long)]
    pub timings: bool,
    /// Exit with 1 when a map has warnings, not only errors (for CI).
    #[arg(long)]
    pub deny_warnings: bool,
    /// Also look deeper at how good a game on the file can be, on sampled
    /// games, for the families that do (the description above says how).
    #[arg(long)]
    pub deep: bool,
    /// With --deep: games sampled.
    #[arg(long, default_value_t = 20, requires = "deep", value_parser = whole::<u64>(1, 100_000))]
    pub samples: u64,
    /// With --deep: positions each game is searched at most (a limit that
    /// gives the same report on every machine; about a second per million
    /// on the USA map).
    #[arg(long, default_value_t = 4_000_000, requires = "deep", value_parser = whole::<u64>(1, u64::MAX))]
    pub positions: u64,
    /// With --deep: seed of the sampled games (game i has the dice of a
    /// seed derived from it and i).
    #[arg(long, default_value_t = 1, requires = "deep", value_parser = whole::<u64>(0, u64::MAX))]
    pub seed: u64,
    /// With --deep: worker threads (default: one per core).
    #[arg(long, requires = "deep", value_parser = whole::<u16>(1, 1024))]
    pub threads: Option<u16>,
    #[command(flatten)]
    pub locale: LocaleArgs,
}

/// Output formats of `check`.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// Diagnostics with source excerpts, then a summary table.
    Text,
    /// One JSON report: an object for one map, an array for several.
    Json,
}

/// Runs `rollx check`: every file's findings and summary are shown, and a
/// file that fails (or cannot be read, said where it is met) fails the
/// command once all are checked.
pub fn run(args: &CheckArgs, color: bool) -> Ran {
    let style = Style { color, width: 100 };
    args.locale.check()?;
    let mut outcome = Outcome::Ok;
    let mut reports = Vec::new();
    let mut tally = Tally::default();
    for path in &args.maps {
        let start = Instant::now();
        let result = families::check_file_in(path, &args.locale.locale());
        let elapsed = start.elapsed();
        if args.timings {
            eprintln!(
                "timings: {} checked in {:.3} ms",
                path.display(),
                elapsed.as_secs_f64() * 1e3
            );
        }
        let checked = match result {
            Ok(c) => c,
            Err(e @ LoadError::Io { .. }) | Err(e @ LoadError::Invalid(_)) => {
                eprintln!("error: {e}");
                outcome = Outcome::Usage;
                tally.unreadable += 1;
                continue;
            }
        };
        let failed = checked.errors() > 0 || (args.deny_warnings && checked.warnings() > 0);
        if failed && outcome == Outcome::Ok {
            outcome = Outcome::Failed;
        }
        tally.add(&checked, failed);
        // The file's diagnostics and summary first: --deep takes minutes,
        // and what the ordinary check found is not held back for it.
        let words = checked.model.as_ref().and_then(|m| words(m, &args.locale));
        let fonts = checked.model.as_ref().and_then(|m| fonts(m, &args.locale));
        if args.format == Format::Text {
            print!("{}", text(&checked, style, args.deny_warnings));
            for (line, _) in [&words, &fonts].into_iter().flatten() {
                println!("{line}");
            }
            let _ = std::io::stdout().flush();
        }
        let deep = match (&checked.model, args.deep) {
            (Some(model), true) => deep_check(args, model, path)?,
            _ => None,
        };
        match args.format {
            Format::Text => match (&deep, &checked.model) {
                (Some(d), _) => print!("{}", d.text),
                (None, Some(m)) if args.deep => println!(
                    "--deep: {} {}s have their solvability above ({}); the solver is for {}",
                    m.family().title(),
                    m.family().noun(),
                    m.family().face().solvability(),
                    and_list(
                        &Family::ALL
                            .iter()
                            .filter(|f| f.face().deepens())
                            .map(|f| format!("{} {}s", f.title(), f.noun()))
                            .collect::<Vec<_>>()
                    )
                ),
                _ => {}
            },
            Format::Json => {
                let mut report = checked.report;
                if let (Some(d), Some(object)) = (&deep, report.as_object_mut()) {
                    object.insert("deep".into(), d.json.clone());
                }
                if let (Some((_, json)), Some(object)) = (words, report.as_object_mut()) {
                    object.insert("lang".into(), json);
                }
                if let (Some((_, json)), Some(object)) = (fonts, report.as_object_mut()) {
                    object.insert("fonts".into(), json);
                }
                reports.push(report);
            }
        }
    }
    // Several files: one line on them all, last, where it cannot scroll
    // away behind the files' findings.
    if args.format == Format::Text && args.maps.len() > 1 {
        println!("\n{}", tally.line(args.maps.len()));
    }
    if args.format == Format::Json {
        // The shape depends only on the command line: one path gives one
        // object (or nothing, when the file cannot be read), several paths
        // an array of the maps that could be read.
        let json = match (args.maps.len(), reports.first()) {
            (1, Some(report)) => Some(serde_json::to_string_pretty(report)),
            (1, None) => None,
            _ => Some(serde_json::to_string_pretty(&reports)),
        };
        if let Some(json) = json {
            println!("{}", json.expect("reports serialise"));
        }
    }
    Ok(outcome)
}

/// The language a valid file's sheets print in, when it is not English
/// (`--lang`, else the file's `lang`): a line for the text, and the JSON
/// (`{"code": "es", "missing": [...]}`) with the words its catalogue
/// lacks, which print in English.
fn words(model: &Model, args: &LocaleArgs) -> Option<(String, serde_json::Value)> {
    let lang = args.lang.or(model.lang())?;
    if lang == rollx::lang::Lang::ENGLISH {
        return None;
    }
    let missing = model.missing_words(lang);
    let keys: Vec<String> = missing.iter().map(ToString::to_string).collect();
    let mut line = if keys.is_empty() {
        format!(
            "language: {} ({}), every word of the sheet from its catalogue",
            lang.name(),
            lang.code()
        )
    } else {
        format!(
            "language: {} ({}), {} printed in English (lang/{}.toml lacks {})",
            lang.name(),
            lang.code(),
            count(keys.len(), "word"),
            lang.code(),
            keys.join(", ")
        )
    };
    // The file's own names in that language ([names.<code>]).
    let names = model.missing_names(lang);
    if !names.is_empty() {
        line.push_str(&format!(
            "; names the file does not give in {} (printed as it writes them): {}",
            lang.code(),
            names.join(", ")
        ));
    }
    let json = serde_json::json!({ "code": lang.code(), "missing": keys, "missing_names": names });
    Some((line, json))
}

/// Which font file drew which script on a valid file's sheets, when the
/// built-in font did not draw them all: a line for the text, and the JSON
/// (`[{"font": "Noto Sans CJK JP", "file": "...", "scripts": ["Han"]}]`).
fn fonts(model: &Model, args: &LocaleArgs) -> Option<(String, serde_json::Value)> {
    let locale = args.locale().for_file(model.lang(), model.fonts());
    let served = locale.fonts().served();
    if served.is_empty() {
        return None;
    }
    let parts: Vec<String> = served
        .iter()
        .map(|(face, scripts)| format!("{} for {}", face, and_list(scripts)))
        .collect();
    let json = served
        .iter()
        .map(|(face, scripts)| {
            serde_json::json!({
                "font": face.family,
                "bold": face.bold,
                "file": face.source.path().map(|p| p.display().to_string()),
                "index": face.index,
                "scripts": scripts,
            })
        })
        .collect();
    Some((format!("fonts: {}", parts.join("; ")), json))
}

/// What several files checked at once came to.
#[derive(Default)]
struct Tally {
    valid: usize,
    invalid: usize,
    unreadable: usize,
    /// Files that failed --deny-warnings.
    denied: usize,
    errors: usize,
    warnings: usize,
}

impl Tally {
    fn add(&mut self, checked: &Checked, failed: bool) {
        if checked.model.is_some() {
            self.valid += 1;
            if failed {
                self.denied += 1;
            }
        } else {
            self.invalid += 1;
        }
        self.errors += checked.errors();
        self.warnings += checked.warnings();
    }

    /// "checked 3 files: 2 valid, 1 invalid; 1 error, 15 warnings".
    fn line(&self, files: usize) -> String {
        let mut parts = vec![format!("{} valid", self.valid)];
        if self.denied > 0 {
            parts.push(format!("{} with warnings (--deny-warnings)", self.denied));
        }
        if self.invalid > 0 {
            parts.push(format!("{} invalid", self.invalid));
        }
        if self.unreadable > 0 {
            parts.push(format!("{} unreadable", self.unreadable));
        }
        format!(
            "checked {}: {}; {}, {}",
            count(files, "file"),
            parts.join(", "),
            count(self.errors, "error"),
            count(self.warnings, "warning")
        )
    }
}

/// `check --deep` on a valid file read from `path`, when its family has
/// a deeper check: the sampled games on the thread pool, with a progress
/// bar on a terminal.
fn deep_check(
    args: &CheckArgs,
    model: &Model,
    path: &std::path::Path,
) -> Result<Option<Deepened>, Failure> {
    let face = model.family().face();
    if !face.deepens() {
        return Ok(None);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, usize::from))
        .build()
        .map_err(|e| Failure::usage(format!("cannot start worker threads: {e}")))?;
    // On a terminal, under the text report (the JSON report is one document
    // at the end, and a bar would only clutter a log).
    let bar = if std::io::stderr().is_terminal() && args.format == Format::Text {
        indicatif::ProgressBar::new(args.samples)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "solving {pos}/{len} sampled games [{bar:40}] {eta} left",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    let request = DeepRequest {
        path,
        samples: args.samples,
        seed: args.seed,
        positions: args.positions,
        tick: &|| bar.inc(1),
        warn: &|w| eprintln!("warning: {w}"),
    };
    let deepened = pool.install(|| face.deep(model, &request));
    bar.finish_and_clear();
    deepened.map(Some)
}

/// The text output for one map: every diagnostic, then a verdict and,
/// when the map could be read, the summary table. With `deny_warnings`,
/// a map with warnings gets a failing verdict.
fn text(checked: &Checked, style: Style, deny_warnings: bool) -> String {
    let mut out = String::new();
    for d in &checked.diagnostics {
        out.push_str(&render::report(d, &checked.sources, style));
        out.push('\n');
    }
    let file = &checked.file;
    let (errors, warnings) = (checked.errors(), checked.warnings());
    match &checked.model {
        Some(model) => {
            out.push_str(&format!(
                "ok: {file} is a valid {}: {} ({})\n",
                checked.family.noun(),
                model.name(),
                model.id()
            ));
            out.push_str(&checked.summary);
            if deny_warnings && warnings > 0 {
                out.push_str(&format!(
                    "failed: {file} has {} and --deny-warnings is set\n",
                    count(warnings, "warning")
                ));
            }
        }
        None => out.push_str(&format!(
            "invalid: {file} has {} and {}\n",
            count(errors, "error"),
            count(warnings, "warning")
        )),
    }
    out
}
