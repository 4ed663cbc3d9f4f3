//! The command line's side of the family contract: the options of every
//! family, the one rule that refuses an option on a family that does not
//! declare it, and the checks of players and tables every family shares.

use std::path::Path;

use rollx::families::{Command, Family, Given};

use super::{EXIT_USAGE, EffortArgs, EncoreRuleArgs};

/// The family options given with `effort` and `rules`, by flag.
pub fn given(effort: &EffortArgs, rules: &EncoreRuleArgs) -> Given {
    let mut g: Vec<(String, String)> = Vec::new();
    let mut put = |flag: &str, value: Option<String>| {
        if let Some(v) = value {
            g.push((flag.to_string(), v));
        }
    };
    put("candidates", effort.candidates.map(|v| v.to_string()));
    put("rollouts", effort.rollouts.map(|v| v.to_string()));
    put("horizon", effort.horizon.map(|v| v.to_string()));
    put(
        "values",
        effort.values.as_ref().map(|v| v.display().to_string()),
    );
    put("solo-dice", rules.solo_dice.map(|v| value_name(&v)));
    put("start-column", rules.start_column.map(|v| value_name(&v)));
    put("star-cap", rules.star_cap.map(|v| value_name(&v)));
    Given::new(g)
}

/// A value's name on the command line.
fn value_name(v: &impl clap::ValueEnum) -> String {
    v.to_possible_value()
        .map(|p| p.get_name().to_string())
        .unwrap_or_default()
}

/// Refuses, with a message, an option given (`given`) that `family` does
/// not declare for `command`, the file being `path`: `Err` holds the exit
/// code.
pub fn refuse_undeclared(
    family: Family,
    command: Command,
    given: &Given,
    path: &Path,
) -> Result<(), u8> {
    let declares = |f: Family, flag: &str| {
        f.face()
            .options()
            .iter()
            .find(|d| d.flag == flag && d.commands.contains(&command))
            .copied()
    };
    let Some(flag) = given.flags().find(|flag| declares(family, flag).is_none()) else {
        return Ok(());
    };
    let by: Vec<Family> = Family::ALL
        .iter()
        .copied()
        .filter(|f| declares(*f, flag).is_some())
        .collect();
    let what = by
        .first()
        .and_then(|f| declares(*f, flag))
        .map_or("is an option", |d| d.what);
    let files: Vec<String> = by
        .iter()
        .map(|f| format!("{} {}s", f.title(), f.noun()))
        .collect();
    eprintln!(
        "error: --{flag} {what} of {}, and {} is {}\n  help: leave out --{flag}; {}",
        rollx::text::and_list(&files),
        path.display(),
        family.a_file(),
        family.face().options_help()
    );
    Err(EXIT_USAGE)
}

/// Refuses a table `family` does not play, or a computer player it does
/// not have (`policies`, one per seat), the file being `path`.
pub fn refuse_players(family: Family, policies: &[String], path: &Path) -> Result<(), u8> {
    let face = family.face();
    let files = format!("{} {}s", family.title(), family.noun());
    if policies.len() > face.max_players() {
        eprintln!(
            "error: --players {}: a {} table has 1 to {} players",
            policies.len(),
            family.title(),
            face.max_players()
        );
        return Err(EXIT_USAGE);
    }
    if let Some(p) = policies
        .iter()
        .find(|p| !face.players().contains(&p.as_str()))
    {
        eprintln!(
            "error: --policy {p}: {} is {}, and `{p}` does not play {files}\n  \
             help: {files} have the players {}",
            path.display(),
            family.a_file(),
            face.players().join(", ")
        );
        return Err(EXIT_USAGE);
    }
    Ok(())
}
