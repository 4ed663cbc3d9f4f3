//! The command line's side of the family contract: the options of every
//! family, the one rule that refuses an option on a family that does not
//! declare it, and the checks of players and tables every family shares.

use std::path::Path;

use rollx::families::{Command, Declared, Family, Given, Takes};

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

/// Every option the families declare for `command`, once each (the first
/// declaration), with the families that declare it, in the registry's
/// order.
pub fn declared(command: Command) -> Vec<(Declared, Vec<Family>)> {
    let mut all: Vec<(Declared, Vec<Family>)> = Vec::new();
    for &family in Family::ALL {
        for d in family.face().options() {
            if !d.commands.contains(&command) {
                continue;
            }
            match all.iter_mut().find(|(o, _)| o.flag == d.flag) {
                Some((_, by)) => by.push(family),
                None => all.push((*d, vec![family])),
            }
        }
    }
    all
}

/// The families' files in words: "Rolling maps and Encore boards".
fn files_of(families: &[Family]) -> String {
    let files: Vec<String> = families
        .iter()
        .map(|f| format!("{} {}s", f.title(), f.noun()))
        .collect();
    rollx::text::and_list(&files)
}

/// The command line's options of `command` (a subcommand of `rollx`)
/// with every family's declared options added, under a heading naming
/// the families that take them.
pub fn with_options(mut cmd: clap::Command, command: Command) -> clap::Command {
    use clap::builder::{PossibleValue, PossibleValuesParser};
    for (d, by) in declared(command) {
        // The help of every family that declares the option, once each.
        let mut helps: Vec<&str> = Vec::new();
        for f in &by {
            if let Some(o) = f.face().options().iter().find(|o| o.flag == d.flag)
                && !helps.contains(&o.help)
            {
                helps.push(o.help);
            }
        }
        // Built once per run; clap keeps headings as static text.
        let heading: &'static str =
            Box::leak(format!("Options of {}", files_of(&by)).into_boxed_str());
        let mut arg = clap::Arg::new(d.flag)
            .long(d.flag)
            .help(helps.join(" "))
            .help_heading(heading);
        arg = match d.takes {
            Takes::Whole { min, max } => arg
                .value_name(d.value_name)
                .value_parser(super::numbers::whole::<u64>(min, max)),
            Takes::Choice(values) => arg.value_name(d.value_name).value_parser(
                PossibleValuesParser::new(values.iter().map(|(n, h)| PossibleValue::new(*n).help(*h))),
            ),
            Takes::File => arg
                .value_name(d.value_name)
                .value_parser(clap::value_parser!(std::path::PathBuf)),
            Takes::Switch => arg.action(clap::ArgAction::SetTrue),
            Takes::Seats => {
                let mut players: Vec<&str> = Vec::new();
                for f in &by {
                    for p in f.face().players() {
                        if !players.contains(p) {
                            players.push(p);
                        }
                    }
                }
                arg.value_name(d.value_name)
                    .value_delimiter(',')
                    .value_parser(PossibleValuesParser::new(players))
            }
        };
        if let Some(other) = d.requires {
            arg = arg.requires(other);
        }
        if command == Command::RefereeSheet {
            arg = arg.requires("sheet");
        }
        cmd = cmd.arg(arg);
    }
    cmd
}

/// The family options of `command` given in `matches`, in the order of
/// [`declared`].
pub fn given_in(matches: &clap::ArgMatches, command: Command) -> Given {
    let mut given = Vec::new();
    for (d, _) in declared(command) {
        let value = match d.takes {
            Takes::Switch => matches.get_flag(d.flag).then(String::new),
            Takes::Whole { .. } => matches.get_one::<u64>(d.flag).map(u64::to_string),
            Takes::Choice(_) => matches.get_one::<String>(d.flag).cloned(),
            Takes::File => matches
                .get_one::<std::path::PathBuf>(d.flag)
                .map(|p| p.display().to_string()),
            Takes::Seats => matches
                .get_many::<String>(d.flag)
                .map(|v| v.cloned().collect::<Vec<_>>().join(",")),
        };
        if let Some(v) = value {
            given.push((d.flag.to_string(), v));
        }
    }
    Given::new(given)
}
