//! `rollx generate`: random boards of a family that follow its design
//! conventions.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::numbers::whole;
use super::output::{self, Output};
use rollx::diag::Failure;
use rollx::families::{self, Family, GenerateError, GenerateOptions, Topic};
use rollx::source::DiskFiles;
use rollx::text::{count, plural};

/// The long description `--help` shows, with the conventions of each
/// family that has a generator.
pub fn long_about() -> String {
    format!(
        "Generate a random board that follows every design convention of its family. The same \
         seed gives the same board on every machine. The board is checked as `rollx check \
         --deny-warnings` would before it is written.\n\n{}",
        super::family::paragraphs(Topic::Generate, "\n\n")
    )
}

/// The families, examples and exit codes `--help` shows after the options.
pub fn after_help() -> String {
    let names: Vec<&str> = Family::ALL
        .iter()
        .filter(|f| f.face().generator().is_some())
        .map(|f| f.name())
        .collect();
    format!(
        "Families: {}.\n\n{}\n\n\
         Exit codes: 0 written, 1 no board was found for this seed and size, 2 usage (a size the \
         conventions cannot fill) or I/O error.",
        names.join(", "),
        super::family::examples(&[], Topic::Generate)
    )
}

/// Arguments of `rollx generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The family (one of those listed below).
    #[arg(value_name = "FAMILY")]
    pub family: String,
    /// The seed: the same seed gives the same board.
    #[arg(long, default_value_t = 0, value_parser = whole::<u64>(0, u64::MAX))]
    pub seed: u64,
    /// Columns of the grid (default: the family's standard sheet's).
    #[arg(long, value_name = "N", value_parser = whole::<usize>(1, u64::MAX))]
    pub columns: Option<usize>,
    /// Rows of the grid (default: the family's standard sheet's).
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
        GenerateError::NoGenerator(..) | GenerateError::Size(_) => Failure::usage(e.to_string()),
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
