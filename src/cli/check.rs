//! `rollx check`: validate map files.

use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, ValueEnum};

use super::{EXIT_INVALID, EXIT_OK, EXIT_USAGE};
use crate::diag::render::{self, Style};
use crate::map::{self, Checked, LoadError};

/// Arguments of `rollx check`.
#[derive(Debug, Args)]
#[command(
    long_about = "Validate map files: TOML syntax and types, references, symmetric neighbours, \
connectivity, the grid drawing against the declared neighbours, and whether the dice can fill \
every region. Every problem is reported at once, with its file, line and column. \
See docs/diagnostics.md for every code.",
    after_help = "Exit codes: 0 every map is valid (warnings allowed), 1 a map is invalid, 2 usage or I/O error.\n\n\
Examples:\n  rollx check maps/usa.toml\n  rollx check maps/*.toml maps/examples/*.toml\n  rollx check --format json maps/japan.toml"
)]
pub struct CheckArgs {
    /// Map files to check.
    #[arg(required = true, value_name = "MAP")]
    pub maps: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print how long checking took to stderr.
    #[arg(long)]
    pub timings: bool,
}

/// Output formats of `check`.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// Diagnostics with source excerpts, then a summary table.
    Text,
    /// One JSON report per map (an array when several maps are given).
    Json,
}

/// Runs `rollx check`.
pub fn run(args: &CheckArgs, color: bool) -> u8 {
    let style = Style { color, width: 100 };
    let mut code = EXIT_OK;
    let mut reports = Vec::new();
    for path in &args.maps {
        let start = Instant::now();
        let result = map::check_file(path);
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
        if checked.errors() > 0 && code == EXIT_OK {
            code = EXIT_INVALID;
        }
        match args.format {
            Format::Text => print!("{}", text(&checked, style)),
            Format::Json => reports.push(checked.report),
        }
    }
    if args.format == Format::Json {
        let json = if reports.len() == 1 {
            serde_json::to_string_pretty(&reports[0])
        } else {
            serde_json::to_string_pretty(&reports)
        };
        println!("{}", json.expect("reports serialise"));
    }
    code
}

/// The text output for one map: every diagnostic, then a verdict and,
/// when the map could be read, the summary table.
fn text(checked: &Checked, style: Style) -> String {
    let mut out = String::new();
    for d in &checked.diagnostics {
        out.push_str(&render::report(d, &checked.sources, style));
        out.push('\n');
    }
    let r = &checked.report;
    let (errors, warnings) = (checked.errors(), checked.warnings());
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    if errors == 0 {
        out.push_str(&format!(
            "ok: {} is a valid map: {} ({})\n",
            r.file, r.name, r.map
        ));
        out.push_str(&r.summary());
    } else {
        out.push_str(&format!(
            "invalid: {} has {} and {}\n",
            r.file,
            plural(errors, "error"),
            plural(warnings, "warning")
        ));
    }
    out
}
