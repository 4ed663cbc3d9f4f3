//! `rollx check`: validate map files.

use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, ValueEnum};

use super::{EXIT_INVALID, EXIT_OK, EXIT_USAGE};
use rollx::diag::render::{self, Style};
use rollx::families::{self, Checked, LoadError};

/// The long description `--help` shows.
pub const LONG_ABOUT: &str = "Validate map and board files, whatever their family (a \
file's `[game] family`; Rolling when it names none). Rolling maps: TOML syntax and types, \
references, symmetric neighbours, connectivity, the grid drawing against the declared \
neighbours, and whether the dice can fill every region. Encore boards: the grid, its colours, \
points and dice, the design conventions (as warnings), and rule solvability: the fewest turns \
to complete each column and colour and to end the game. A valid file is also laid out on every \
shipped print template, in colour and in black and white, and what the print checks find \
(boxes too small, colours too close to tell apart, parts that do not fit, hidden links) is \
reported as warnings, as are dice with more faces than `rollx train` supports. Every problem is \
reported at once, with its file, line and column. See docs/diagnostics.md for every code.";

/// Arguments of `rollx check`.
#[derive(Debug, Args)]
#[command(
    after_help = "Exit codes: 0 every file is valid (warnings allowed unless --deny-warnings), 1 a file is \
invalid (or, with --deny-warnings, has warnings), 2 usage or I/O error.\n\n\
Examples:\n  rollx check maps/usa.toml\n  rollx check maps/*.toml maps/examples/*.toml\n  rollx check --format json maps/japan.toml\n  rollx check maps/encore-black.toml\n  rollx check --deny-warnings my-map.toml   # in CI: warnings fail too"
)]
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
}

/// Output formats of `check`.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// Diagnostics with source excerpts, then a summary table.
    Text,
    /// One JSON report: an object for one map, an array for several.
    Json,
}

/// Runs `rollx check`.
pub fn run(args: &CheckArgs, color: bool) -> u8 {
    let style = Style { color, width: 100 };
    let mut code = EXIT_OK;
    let mut reports = Vec::new();
    for path in &args.maps {
        let start = Instant::now();
        let result = families::check_file(path);
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
                code = EXIT_USAGE;
                continue;
            }
        };
        let failed = checked.errors() > 0 || (args.deny_warnings && checked.warnings() > 0);
        if failed && code == EXIT_OK {
            code = EXIT_INVALID;
        }
        match args.format {
            Format::Text => print!("{}", text(&checked, style, args.deny_warnings)),
            Format::Json => reports.push(checked.report),
        }
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
    code
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
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
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
                    plural(warnings, "warning")
                ));
            }
        }
        None => out.push_str(&format!(
            "invalid: {file} has {} and {}\n",
            plural(errors, "error"),
            plural(warnings, "warning")
        )),
    }
    out
}
