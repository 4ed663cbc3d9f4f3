//! The command line's side of the family contract: the options of every
//! family as flags, and the computer players `--policy` takes. (The rules
//! that refuse an option, a player or a table a family does not take are
//! the library's: [`rollx::families::Family::refuse_undeclared`].)

use rollx::families::{Command, Declared, Family, Given, Takes, Topic};

/// Every computer player of every family, by name, each once (what
/// `--policy` takes; the file's family then refuses those it does not
/// have).
pub fn all_players() -> Vec<&'static str> {
    let mut all: Vec<&'static str> = Vec::new();
    for family in Family::ALL {
        for p in family.face().players() {
            if !all.contains(&p) {
                all.push(p);
            }
        }
    }
    all
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

/// Every family's paragraph of `topic`'s help, in the registry's order,
/// joined by `sep`.
pub fn paragraphs(topic: Topic, sep: &str) -> String {
    let all: Vec<&str> = Family::ALL
        .iter()
        .map(|f| f.face().help(topic))
        .filter(|p| !p.is_empty())
        .collect();
    all.join(sep)
}

/// The examples of a command's help: the command line's `own`, then every
/// family's of `topic`, one a line.
pub fn examples(own: &[&str], topic: Topic) -> String {
    let mut all: Vec<&str> = own.to_vec();
    for family in Family::ALL {
        all.extend_from_slice(family.face().examples(topic));
    }
    format!("Examples:\n  {}", all.join("\n  "))
}

/// The games of every family, for the command line's description:
/// "Rolling America, Rolling Japan and their fan maps; Encore! / Noch mal!
/// boards; ...".
pub fn games() -> String {
    let all: Vec<&str> = Family::ALL.iter().map(|f| f.face().games()).collect();
    all.join("; ")
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
        // The help of every family that declares the option: one text
        // when they agree, else each family's, in a paragraph of its own.
        let mut helps: Vec<(Family, &str)> = Vec::new();
        for f in &by {
            if let Some(o) = f.face().options().iter().find(|o| o.flag == d.flag)
                && !helps.iter().any(|(_, h)| *h == o.help)
            {
                helps.push((*f, o.help));
            }
        }
        let help = match helps.as_slice() {
            [(_, one)] => one.to_string(),
            many => many
                .iter()
                .map(|(f, h)| format!("{}: {h}", files_of(&[*f])))
                .collect::<Vec<_>>()
                .join("\n\n"),
        };
        // Built once per run; clap keeps headings as static text.
        let heading: &'static str =
            Box::leak(format!("Options of {}", files_of(&by)).into_boxed_str());
        let mut arg = clap::Arg::new(d.flag)
            .long(d.flag)
            .help(help)
            .help_heading(heading);
        arg = match d.takes {
            Takes::Whole { min, max } => arg
                .value_name(d.value_name)
                .value_parser(super::numbers::whole::<u64>(min, max)),
            Takes::Choice(values) => {
                arg.value_name(d.value_name)
                    .value_parser(PossibleValuesParser::new(
                        values.iter().map(|(n, h)| PossibleValue::new(*n).help(*h)),
                    ))
            }
            Takes::File => arg
                .value_name(d.value_name)
                .value_parser(clap::value_parser!(std::path::PathBuf)),
            Takes::Switch => arg.action(clap::ArgAction::SetTrue),
            Takes::Seats => {
                let mut players: Vec<&str> = Vec::new();
                for f in &by {
                    for p in f.face().players() {
                        if !players.contains(&p) {
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

/// `--policy`'s help: `intro`, then each family's computer players with
/// what they do, in the registry's order ("Rolling maps: random (uniform
/// among legal moves), greedy (...).").
pub fn policy_help(intro: &str) -> String {
    let mut help = intro.to_string();
    for &family in Family::ALL {
        let face = family.face();
        let players: Vec<String> = face
            .players()
            .iter()
            .map(|p| match face.player_help(p) {
                "" => p.to_string(),
                what => format!("{p} ({what})"),
            })
            .collect();
        help.push_str(&format!(
            "\n\n{}: {}.",
            files_of(&[family]),
            players.join(", ")
        ));
    }
    help
}

/// The `rollx` command line with every family's declared options added to
/// `play`, `simulate` and `referee`, `--policy`'s help made from the
/// families' players, and each family's paragraph and examples in the help
/// of `check`, `generate`, `print`, `play`, `simulate` and `referee`.
pub fn with_all_options(cmd: clap::Command) -> clap::Command {
    let play_intro = "How the computer plays: one player for every seat, or one per seat \
                      separated by commas (greedy,random).";
    let simulate_intro = "Computer players to compare, separated by commas: each plays every \
                          seat of its own table.";
    let (play, simulate) = (policy_help(play_intro), policy_help(simulate_intro));
    cmd.about(super::about())
        .mut_subcommand("new", super::new::with_families)
        .mut_subcommand("check", |c| {
            c.long_about(super::check::long_about())
                .after_help(super::check::after_help())
        })
        .mut_subcommand("generate", |c| {
            c.long_about(super::generate::long_about())
                .after_help(super::generate::after_help())
        })
        .mut_subcommand("print", |c| {
            c.long_about(super::print::long_about())
                .after_help(super::print::after_help())
        })
        .mut_subcommand("play", |c| {
            with_options(c, Command::Play)
                .after_help(super::play::after_help())
                .mut_arg("policy", |a| a.help(play_intro).long_help(play))
        })
        .mut_subcommand("simulate", |c| {
            with_options(c, Command::Simulate)
                .long_about(super::simulate::long_about())
                .after_help(super::simulate::after_help())
                .mut_arg("policy", |a| a.help(simulate_intro).long_help(simulate))
        })
        .mut_subcommand("referee", |c| {
            with_options(c, Command::RefereeSheet)
                .long_about(super::referee::long_about())
                .after_help(super::referee::after_help())
        })
}

/// Puts the family options given in `matches` (the whole command line's)
/// into the parsed command's arguments.
pub fn fill(command: &mut super::Command, matches: &clap::ArgMatches) {
    let sub = |name: &str| {
        matches
            .subcommand_matches(name)
            .expect("the parsed subcommand")
    };
    match command {
        super::Command::Play(a) => a.options = given_in(sub("play"), Command::Play),
        super::Command::Simulate(a) => a.options = given_in(sub("simulate"), Command::Simulate),
        super::Command::Referee(a) => {
            a.options = given_in(sub("referee"), Command::RefereeSheet);
        }
        _ => {}
    }
}
