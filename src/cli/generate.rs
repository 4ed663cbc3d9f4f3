//! `rollx generate`: random boards of a family that follow its design
//! conventions.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::numbers::whole;
use super::output::{self, Output};
use rollx::diag::Failure;
use rollx::families::{self, Family, GenerateError, GenerateOptions};
use rollx::source::DiskFiles;
use rollx::text::{count, plural};

/// The long description `--help` shows.
pub const LONG_ABOUT: &str = "Generate a random board that follows every design convention of its family: \
for Encore, 21 boxes of each of five colours in blocks of 1 to 6, every colour in every column, \
one star per column and three per colour, and every column and colour completable from the \
start column. The same seed gives the same board on every machine. The board is checked as \
`rollx check --deny-warnings` would before it is written. Sizes other than 15 x 7 scale the \
conventions (the columns a multiple of 5, from 5 to 25; 5 to 11 rows, the most that print on every shipped template). \
For Diceland, 11 x 9 hexagons by default (5 to 16 each way): zones of 2 to 6 cells, no two zones of \
a colour side by side, two stars of each colour in different zones, a few obstacles that cut nothing \
off, and the start cell in the middle (docs/diceland-board.md).";

/// Arguments of `rollx generate`.
#[derive(Debug, Args)]
#[command(after_help = "Families: encore, diceland.\n\n\
Examples:\n  rollx generate encore --seed 7 -o b.toml && rollx check --deny-warnings b.toml\n  rollx generate diceland --seed 3 -o d.toml && rollx print d.toml\n  rollx generate encore --columns 10 --rows 6 --seed 3 -o small.toml\n  rollx generate encore --seed 7 | rollx print /dev/stdin -o b.pdf\n\n\
Exit codes: 0 written, 1 no board was found for this seed and size, 2 usage (a size the conventions cannot fill) or I/O error.")]
pub struct GenerateArgs {
    /// The family: encore or diceland.
    #[arg(value_name = "FAMILY")]
    pub family: String,
    /// The seed: the same seed gives the same board.
    #[arg(long, default_value_t = 0, value_parser = whole::<u64>(0, u64::MAX))]
    pub seed: u64,
    /// Columns of the grid (default: the standard sheet's 15; Diceland: 11).
    #[arg(long, value_name = "N", value_parser = whole::<usize>(1, u64::MAX))]
    pub columns: Option<usize>,
    /// Rows of the grid (default: the standard sheet's 7; Diceland: 9).
    #[arg(long, value_name = "M", value_parser = whole::<usize>(1, u64::MAX))]
    pub rows: Option<usize>,
    /// The board file to write; `-` or none: standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Runs `rollx generate`.
pub fn run(args: &GenerateArgs) -> Result<(), Failure> {
    let Some(family) = Family::by_name(&args.family.to_ascii_lowercase()) else {
        let names: Vec<&str> = Family::ALL.iter().map(|f| f.name()).collect();
        return Err(Failure::usage(format!(
            "unknown family `{}`\n  help: the families are {}",
            args.family,
            names.join(", ")
        )));
    };
    let out = match args.output.as_deref() {
        None => None,
        Some(p) => Some(Output::check(p, true)?),
    };
    let start = Instant::now();
    let options = GenerateOptions {
        seed: args.seed,
        columns: args.columns,
        rows: args.rows,
    };
    let generated = family.generate(&options).map_err(|e| match e {
        GenerateError::GaveUp(_) => Failure::invalid(e.to_string()),
        GenerateError::NoGenerator(_) | GenerateError::Size(_) => Failure::usage(e.to_string()),
    })?;
    let elapsed = start.elapsed();
    // Say what a designer would see from `rollx check` on the file.
    let name = PathBuf::from(format!("{}.toml", generated.id));
    let checked = families::check_bytes(&DiskFiles, &name, generated.text.clone().into_bytes());
    if checked.errors() + checked.warnings() > 0 {
        return Err(Failure::invalid(format!(
            "the generated board does not check clean ({}, {}); \
             this is a bug in rollx, please report the seed and size",
            count(checked.errors(), "error"),
            count(checked.warnings(), "warning")
        )));
    }
    let written = match &out {
        Some(o) if !o.is_stdout() => {
            output::write(o, generated.text.as_bytes())?;
            format!("wrote {}", o.path().display())
        }
        _ => {
            print!("{}", generated.text);
            "written to standard output".to_owned()
        }
    };
    let (columns, rows) = generated.size;
    eprintln!(
        "{}: {} {} x {} board {} in {} ({:.1} ms); checks clean",
        written,
        family.name(),
        columns,
        rows,
        generated.id,
        plural(generated.tries, "try", "tries"),
        elapsed.as_secs_f64() * 1e3,
    );
    eprint!(
        "{}",
        indent(&checked.summary, family.face().generated_line())
    );
    Ok(())
}

/// The lines of `text` (`check`'s summary) that begin with `words` (the
/// family's [`rollx::families::Face::generated_line`]), indented; none for
/// no words.
fn indent(text: &str, words: &str) -> String {
    text.lines()
        .filter(|l| !words.is_empty() && l.trim_start().starts_with(words))
        .map(|l| format!("  {}\n", l.trim()))
        .collect()
}
