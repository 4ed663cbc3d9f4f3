//! `rollx new`: a commented file of a family to start from, as `cargo new`
//! and `typst init` start a project.

use std::path::{Path, PathBuf};

use clap::Args;

use super::output::{self, Output};
use rollx::diag::Failure;
use rollx::families::{self, Family};
use rollx::source::DiskFiles;

/// The long description `--help` shows.
pub const LONG_ABOUT: &str = "Write a new map or board file to start from: a small, commented \
file of the family that `rollx check` accepts without an error or a warning and that prints on \
every shipped template. Its id is the file's name (letters, digits, _ and -), its name that or \
--name. An existing file is never overwritten. Then edit it, with `rollx check FILE` or \
`rollx watch FILE` beside you.";

/// Arguments of `rollx new`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// The family of the file (see below).
    #[arg(value_name = "FAMILY")]
    pub family: String,
    /// The file to write (it must not exist).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The name printed at the top of the sheet (default: from the file's
    /// name).
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
}

/// `rollx new`'s help, which names the families of the registry.
pub fn with_families(cmd: clap::Command) -> clap::Command {
    let families: Vec<String> = Family::ALL
        .iter()
        .map(|f| format!("  {:<10} {} {}", f.name(), f.title(), f.noun()))
        .collect();
    let first = Family::ALL[0];
    cmd.after_help(format!(
        "Families:\n{}\n\nExamples:\n  rollx new {} my-{}.toml && rollx check my-{}.toml\n  rollx new {} islands.toml --name \"The Islands\"\n\n\
Exit codes: 0 written, 2 usage or I/O error (an unknown family, a file that exists).",
        families.join("\n"),
        first.name(),
        first.noun(),
        first.noun(),
        first.name(),
    ))
}

/// The id of a file at `path`: its name less the extension, in the
/// letters an id may have (others become `-`), at most 32; `my-NOUN` when
/// nothing is left.
fn id_of(path: &Path, noun: &str) -> String {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut id: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '-'
            }
        })
        .take(32)
        .collect();
    id = id.trim_matches('-').to_string();
    if id.is_empty() {
        format!("my-{noun}")
    } else {
        id
    }
}

/// A name from an id: `my-island` is "My island".
fn name_of(id: &str) -> String {
    let words = id.replace(['-', '_'], " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Runs `rollx new`.
pub fn run(args: &NewArgs) -> Result<(), Failure> {
    let Some(family) = Family::by_name(&args.family.to_ascii_lowercase()) else {
        let names: Vec<&str> = Family::ALL.iter().map(|f| f.name()).collect();
        return Err(Failure::usage(format!(
            "unknown family `{}`\n  help: the families are {}",
            args.family,
            names.join(", ")
        )));
    };
    if std::fs::symlink_metadata(&args.file).is_ok() {
        return Err(Failure::usage(format!(
            "{} exists: rollx new never overwrites a file\n  help: give a new file's name, or \
edit this one",
            args.file.display()
        )));
    }
    let out = Output::check(&args.file, false)?;
    let id = id_of(&args.file, family.noun());
    let name = match &args.name {
        Some(n) if n.trim().is_empty() || n.chars().any(char::is_control) => {
            return Err(Failure::usage(
                "--name is printed at the top of the sheet: give it as one line of text",
            ));
        }
        Some(n) => n.trim().to_string(),
        None => name_of(&id),
    };
    let file = args.file.display().to_string();
    let text = family.starter(&id, &name, &file);
    // The starter checks clean, or it is not written.
    let checked = families::check_bytes(&DiskFiles, &args.file, text.clone().into_bytes());
    if checked.errors() + checked.warnings() > 0 {
        return Err(Failure::invalid(format!(
            "the starter file does not check clean ({} errors, {} warnings): a bug in rollx",
            checked.errors(),
            checked.warnings()
        )));
    }
    output::write(&out, text.as_bytes())?;
    println!(
        "wrote {file}: {} `{id}` to start from\n  next: rollx check {file}, rollx print {file}, \
rollx watch {file}",
        family.a_file()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_names_come_from_the_file_name() {
        assert_eq!(id_of(Path::new("maps/my-island.toml"), "map"), "my-island");
        assert_eq!(
            id_of(Path::new("Ma carte (v2).toml"), "map"),
            "Ma-carte--v2"
        );
        assert_eq!(id_of(Path::new("北海道.toml"), "map"), "my-map");
        assert_eq!(id_of(Path::new(&"x".repeat(40)), "board").len(), 32);
        assert_eq!(name_of("my-island"), "My island");
        assert_eq!(name_of("dice_land"), "Dice land");
    }
}
