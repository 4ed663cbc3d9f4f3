//! Generic tests over the registry: every family in `Family::ALL` is
//! tested the same way, through its face, without a test naming it. A new
//! family is tested by these as soon as it is registered and ships a file.

mod common;
use common::{root, toml_files};

use std::path::{Path, PathBuf};

use rollx::families::{
    self, Command, Family, GenerateError, GenerateOptions, Given, PlayRequest, RefereeRequest,
    SheetRequest, Takes, Topic,
};
use rollx::source::DiskFiles;

/// A shipped file, checked.
struct Shipped {
    path: PathBuf,
    checked: families::Checked,
}

/// Every shipped file (`maps/`, `maps/examples/`), checked once for all
/// the tests and grouped by the family `check` reads it as, in the
/// registry's order.
fn shipped() -> &'static [(Family, Vec<Shipped>)] {
    static SHIPPED: std::sync::OnceLock<Vec<(Family, Vec<Shipped>)>> = std::sync::OnceLock::new();
    SHIPPED.get_or_init(|| {
        let mut files = toml_files("maps");
        files.extend(toml_files("maps/examples"));
        let mut by_family: Vec<(Family, Vec<Shipped>)> =
            Family::ALL.iter().map(|&f| (f, Vec::new())).collect();
        for path in files {
            let checked = families::check_file(&path).expect("a shipped file reads");
            let (_, of) = by_family
                .iter_mut()
                .find(|(f, _)| *f == checked.family)
                .expect("every file is of a registered family");
            of.push(Shipped { path, checked });
        }
        by_family
    })
}

/// The model of a shipped file that checks valid.
fn model(file: &Shipped) -> &families::Model {
    file.checked
        .model
        .as_ref()
        .unwrap_or_else(|| panic!("{} is valid", rel(&file.path)))
}

/// The least effort of the computer players: each whole-number option
/// the family declares for `play` at its least (the family's rules, given
/// by words, stay at their defaults).
fn least_effort(family: Family) -> Given {
    Given::new(
        family
            .face()
            .options()
            .iter()
            .filter(|o| o.commands.contains(&Command::Play))
            .filter_map(|o| match o.takes {
                Takes::Whole { min, .. } => Some((o.flag.to_string(), min.to_string())),
                _ => None,
            })
            .collect(),
    )
}

/// The path from the project's root, for messages.
fn rel(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The codes of a check's findings.
fn codes(checked: &families::Checked) -> Vec<&'static str> {
    checked.diagnostics.iter().map(|d| d.code).collect()
}

#[test]
fn every_family_ships_files_that_check_valid_without_warnings() {
    let shipped = shipped();
    assert_eq!(shipped.len(), Family::ALL.len());
    for (family, files) in shipped {
        assert!(!files.is_empty(), "{family:?} ships no file in maps/");
        for file in files {
            let checked = &file.checked;
            let path = rel(&file.path);
            assert_eq!(checked.family, *family);
            assert_eq!(checked.errors(), 0, "{path}: {:?}", codes(checked));
            assert_eq!(checked.warnings(), 0, "{path}: {:?}", codes(checked));
            assert_eq!(model(file).family(), *family, "{path}");
            // What the commands are given for it is of the same family
            // (without the slow checks again: the family only).
            let text = std::fs::read_to_string(&file.path).unwrap();
            assert_eq!(
                families::family_of_text(&DiskFiles, &file.path, &text),
                Some(*family),
                "{path}"
            );
        }
    }
}

/// OpenSpiel's random-simulation test, for every registered family: on
/// every shipped file, random games alone and at a full table (at most
/// four) keep the promises of the engine interface, through the one game
/// loop ([`rollx::engine::conformance`]).
#[test]
fn random_games_of_every_family_keep_the_engine_promises() {
    for (family, files) in shipped() {
        let face = family.face();
        for file in files {
            let path = rel(&file.path);
            for players in [1, face.max_players().min(4)] {
                let seen = face
                    .random_games(model(file), players, 0..2)
                    .unwrap_or_else(|e| panic!("{path}: {e}"));
                assert_eq!(seen.games, 2, "{path}");
                assert!(seen.chances > 0 && seen.moves >= seen.games, "{path}");
            }
        }
    }
}

#[test]
fn every_generator_makes_files_of_its_family_that_check_clean() {
    let dir = tempfile::tempdir().unwrap();
    let mut generators = 0;
    for &family in Family::ALL {
        if family.face().generator().is_none() {
            // Asked anyway, the family says it has none.
            let refused = family.generate(&GenerateOptions::default());
            assert!(
                matches!(refused, Err(GenerateError::NoGenerator(f, _)) if f == family),
                "{family:?}: {refused:?}"
            );
            continue;
        }
        generators += 1;
        for seed in [0, 1, u64::MAX] {
            let options = GenerateOptions {
                seed,
                ..GenerateOptions::default()
            };
            let made = family
                .generate(&options)
                .unwrap_or_else(|e| panic!("{family:?} seed {seed}: {e}"));
            assert!(made.tries >= 1);
            // The same seed makes the same file.
            assert_eq!(family.generate(&options).unwrap().text, made.text);
            let path = dir.path().join(format!("{}-{seed}.toml", family.name()));
            std::fs::write(&path, &made.text).unwrap();
            let checked = families::check_file(&path).unwrap();
            assert_eq!(checked.family, family, "seed {seed}");
            assert!(
                checked.diagnostics.is_empty(),
                "{family:?} seed {seed}: {:?}",
                checked.diagnostics
            );
            let model = checked.model.expect("valid");
            assert_eq!(model.id(), made.id);
        }
    }
    assert!(generators > 0, "some family has a generator");
}

/// The names of a log's players (`"players"`: names, or tables with a
/// `name`).
fn log_players(log: &str) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(log).expect("a played log is JSON");
    v["players"]
        .as_array()
        .expect("a log lists its players")
        .iter()
        .map(|p| {
            p.as_str()
                .or_else(|| p["name"].as_str())
                .expect("a player has a name")
                .to_string()
        })
        .collect()
}

/// Plays one game of `family` on the file at `path` with the computer
/// players `policies`, then referees it from its log and every player's
/// finished sheet from the sheet alone: all clean. `Err` when the family
/// cannot play the game (its message).
fn play_and_referee(
    family: Family,
    file: &Shipped,
    seed: u64,
    policies: &[String],
    options: &Given,
    dir: &Path,
) -> Result<(), String> {
    let (path, model) = (file.path.as_path(), model(file));
    let face = family.face();
    let what = format!("{family:?} {} seed {seed} {policies:?}", rel(path));
    let none = Given::default();
    let played = family
        .play(
            model,
            &PlayRequest {
                path,
                seed,
                policies,
                options,
                color: false,
                width: 80,
            },
        )
        .map_err(|f| f.message.unwrap_or_default())?;
    assert!(!played.text.is_empty(), "{what}");
    assert_eq!(
        families::log_family(&played.log),
        Ok(family),
        "{what}: the log says its family"
    );
    let players = log_players(&played.log);
    assert_eq!(players.len(), policies.len(), "{what}: one player a seat");
    let log_path = dir.join(format!("{}-{seed}-{}.json", family.name(), policies.len()));
    std::fs::write(&log_path, &played.log).unwrap();
    // The log names `path`; the loader hands over the model already read,
    // as the command line's registry would read it again.
    let load = |p: &Path| {
        assert_eq!(p, path, "{what}: the log names the file played on");
        Ok(model.clone())
    };
    let request = RefereeRequest {
        path: &log_path,
        text: &played.log,
        map: None,
        load: &load,
        sheet_of: None,
        color: false,
        width: 80,
    };
    let verdict = face
        .referee(&request)
        .unwrap_or_else(|f| panic!("{what}: {f:?}"));
    assert!(
        verdict.clean,
        "{what}: the log referees clean:\n{}",
        verdict.text
    );
    assert!(verdict.sheet.is_none(), "{what}: no sheet was asked for");
    for player in &players {
        let refereed = face
            .referee(&RefereeRequest {
                sheet_of: Some(Some(player)),
                ..request
            })
            .unwrap_or_else(|f| panic!("{what} {player}: {f:?}"));
        assert!(refereed.clean, "{what} {player}");
        let (whose, sheet) = refereed
            .sheet
            .expect("the sheet asked for")
            .unwrap_or_else(|e| panic!("{what} {player}: {e}"));
        assert_eq!(&whose, player, "{what}");
        let sheet_path = dir.join(format!("{}-{seed}-sheet.toml", family.name()));
        std::fs::write(&sheet_path, &sheet).unwrap();
        let checked = family
            .referee_sheet(
                model,
                &SheetRequest {
                    map_path: path,
                    path: &sheet_path,
                    bytes: sheet.as_bytes(),
                    options: &none,
                    color: false,
                    width: 80,
                },
            )
            .unwrap_or_else(|f| panic!("{what} {player}'s sheet: {f:?}"));
        assert!(
            checked.diagnostics.is_empty(),
            "{what} {player}'s sheet: {:?}\n{sheet}",
            checked.diagnostics
        );
        let verdict = checked
            .result
            .unwrap_or_else(|| panic!("{what} {player}'s sheet is read"));
        assert!(
            verdict.clean,
            "{what} {player}'s finished sheet checks clean:\n{}\n{sheet}",
            verdict.text
        );
    }
    Ok(())
}

/// Seeds of the random games.
const SEEDS: u64 = 4;
/// The largest table played (within each family's most).
const TABLE: usize = 3;

/// Every family says what each of its computer players does, and `--policy`'s
/// help of `play` and `simulate` shows it for every family, from the
/// registry.
#[test]
fn every_computer_player_has_its_help_in_the_policy_help() {
    for command in ["play", "simulate"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_rollx"))
            .args([command, "--help"])
            .output()
            .unwrap();
        let help = String::from_utf8(out.stdout)
            .unwrap()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        for &family in Family::ALL {
            let face = family.face();
            for p in face.players() {
                let what = face.player_help(p);
                assert!(!what.is_empty(), "{family:?} {p}");
                let said = format!("{p} ({what})")
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                assert!(
                    help.contains(&said),
                    "{command} --help lacks {said}:\n{help}"
                );
            }
        }
    }
}

/// `text` with every run of whitespace one space (clap wraps the help).
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Each command's help shows every family's paragraph and examples, from
/// the registry: a family writes its words about a command in its face.
#[test]
fn every_familys_words_are_in_the_help_of_each_command() {
    let topics = [
        ("check", Topic::Check),
        ("check", Topic::Deep),
        ("play", Topic::Play),
        ("print", Topic::Print),
        ("referee", Topic::Referee),
        ("simulate", Topic::Simulate),
        ("generate", Topic::Generate),
    ];
    let help = |command: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_rollx"))
            .args([command, "--help"].into_iter().filter(|a| !a.is_empty()))
            .env("COLUMNS", "100")
            .output()
            .unwrap();
        words(&String::from_utf8(out.stdout).unwrap())
    };
    let mut paragraphs = 0;
    for (command, topic) in topics {
        let help = help(command);
        for &family in Family::ALL {
            let face = family.face();
            let said = face.help(topic);
            if !said.is_empty() {
                paragraphs += 1;
                assert!(
                    help.contains(&words(said)),
                    "{command} --help lacks {family:?}'s {said}"
                );
            }
            for example in face.examples(topic) {
                assert!(
                    help.contains(&words(example)),
                    "{command} --help lacks {example}"
                );
            }
        }
    }
    assert!(paragraphs >= 14, "{paragraphs} paragraphs");
    let about = help("");
    for &family in Family::ALL {
        assert!(about.contains(family.face().games()), "{about}");
    }
}

/// No file of the command line names a family: what it says of one comes
/// from the registry. The commands of the Rolling family alone (`solve`,
/// `train`, `draw`, `import`) are the known exception, as docs/families.md
/// says.
#[test]
fn no_command_line_file_names_a_family() {
    let one_family = ["solve.rs", "train.rs", "draw.rs", "import.rs"];
    let mut files = vec![root().join("src/cli")];
    let mut read = 0;
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.ends_with(".rs") || one_family.contains(&name.as_str()) {
            continue;
        }
        read += 1;
        let text = std::fs::read_to_string(&path).unwrap();
        // Comments may quote what the code prints; tests may name files.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for (n, line) in code.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for &family in Family::ALL {
                for word in [family.title(), family.name()] {
                    assert!(
                        !line.contains(word),
                        "{}:{}: names the {} family: {line}",
                        rel(&path),
                        n + 1,
                        family.title()
                    );
                }
            }
        }
    }
    assert!(read > 10, "{read} files read");
}

/// The registry's entry points vet what a library caller gives them: a
/// computer player the family does not have, a table it does not play, an
/// option it does not declare, no player at all, or a file of another
/// family is a usage error, for every family, and never a panic.
#[test]
fn the_entry_points_refuse_what_a_family_does_not_take() {
    let none = Given::default();
    let by_family = shipped();
    for (i, (family, files)) in by_family.iter().enumerate() {
        let file = &files[0];
        let (path, model) = (file.path.as_path(), model(file));
        let play = |policies: &[String], options: &Given, model: &families::Model| {
            family.play(
                model,
                &PlayRequest {
                    path,
                    seed: 1,
                    policies,
                    options,
                    color: false,
                    width: 80,
                },
            )
        };
        let said = |r: Result<families::Played, rollx::diag::Failure>| match r {
            Ok(_) => panic!("{family:?}: played"),
            Err(f) => {
                assert!(!f.invalid, "{family:?}: a usage error");
                f.message.unwrap_or_default()
            }
        };
        let nobody = said(play(&["nobody".to_string()], &none, model));
        assert!(nobody.contains("`nobody` does not play"), "{nobody}");
        assert!(said(play(&[], &none, model)).contains("at least one player"));
        let max = family.face().max_players();
        if max < 20 {
            let many = vec![family.face().players()[0].to_string(); max + 1];
            assert!(
                said(play(&many, &none, model)).contains("players"),
                "{family:?}"
            );
        }
        // An option only another family declares.
        let foreign = Family::ALL
            .iter()
            .flat_map(|f| f.face().options())
            .find(|d| {
                d.commands.contains(&Command::Play)
                    && !family.face().options().iter().any(|o| o.flag == d.flag)
            });
        if let Some(d) = foreign {
            let value = match d.takes {
                Takes::Choice(values) => values[0].0.to_string(),
                Takes::Whole { min, .. } => min.to_string(),
                _ => String::new(),
            };
            let given = Given::new(vec![(d.flag.to_string(), value)]);
            let one = vec![family.face().players()[0].to_string()];
            let refused = said(play(&one, &given, model));
            assert!(refused.contains(&format!("--{}", d.flag)), "{refused}");
        }
        // A file of another family.
        let (_, others) = &by_family[(i + 1) % by_family.len()];
        let one = vec![family.face().players()[0].to_string()];
        let other = said(play(&one, &none, others[0].checked.model.as_ref().unwrap()));
        assert!(
            other.contains(&format!("not {}", family.a_file())),
            "{other}"
        );
    }
}

/// Every computer game referees clean from its log and from each
/// player's finished sheet: every family, every computer player it has
/// that plays without learned values, alone and at mixed tables, for
/// several seeds, at the least effort the family's options allow (the
/// rules at their defaults). The games are played on each family's smallest shipped
/// file: the referee loads the file the log names for every verdict, and
/// in a debug build an atlas map or a large Encore board takes seconds to
/// check.
#[test]
fn every_computer_game_referees_clean_from_its_log_and_from_its_finished_sheets() {
    let dir = tempfile::tempdir().unwrap();
    for (family, files) in shipped() {
        let family = *family;
        let face = family.face();
        assert!(
            !face.players().is_empty(),
            "{family:?} has computer players"
        );
        assert!(face.max_players() >= 1, "{family:?}");
        let options = least_effort(family);
        let file = files
            .iter()
            .min_by_key(|f| (std::fs::metadata(&f.path).unwrap().len(), &f.path))
            .expect("the family ships a file");
        // Each player alone first: those that need learned values (which
        // no shipped file has) say so and sit out the tables.
        let mut players: Vec<String> = Vec::new();
        for (i, &player) in face.players().iter().enumerate() {
            let seat = [player.to_string()];
            match play_and_referee(family, file, i as u64, &seat, &options, dir.path()) {
                Ok(()) => players.push(player.to_string()),
                Err(e) if e.contains("learned values") => {}
                Err(e) => panic!("{family:?} {player}: {e}"),
            }
        }
        assert!(!players.is_empty(), "{family:?}: some player plays");
        for seed in 0..SEEDS {
            for seats in 2..=TABLE.min(face.max_players()) {
                let policies: Vec<String> = (0..seats)
                    .map(|k| players[(seed as usize + k) % players.len()].clone())
                    .collect();
                play_and_referee(family, file, seed, &policies, &options, dir.path())
                    .unwrap_or_else(|e| panic!("{family:?} seed {seed} {policies:?}: {e}"));
            }
        }
    }
}

/// A name far wider than the title of any sheet.
const LONG_NAME: &str = "A very long name that goes on and on and on, far wider than any title \
                         strip of any sheet of any family could ever hold in print";

/// Whether a print warning (`printing on the letter and a4 templates:
/// ...`) is about the shipped template `name`.
fn on_template(message: &str, name: &str) -> bool {
    let Some(rest) = message.strip_prefix("printing on ") else {
        return false;
    };
    let (on, _) = rest.split_once(':').unwrap_or((rest, ""));
    on.starts_with("every shipped template") || on.split([' ', ',']).any(|word| word == name)
}

/// `check` warns about every shipped template's print limits, for every
/// family: the smallest shipped file that extends none, renamed with a
/// name no sheet holds, stays valid with a print warning about every
/// shipped template, located in the file.
#[test]
fn check_warns_about_the_print_limits_of_every_shipped_template() {
    let dir = tempfile::tempdir().unwrap();
    for (family, files) in shipped() {
        let (file, text) = files
            .iter()
            .map(|f| (f, std::fs::read_to_string(&f.path).unwrap()))
            .filter(|(_, text)| !text.lines().any(|l| l.starts_with("extends")))
            .min_by_key(|(f, text)| (text.len(), f.path.clone()))
            .unwrap_or_else(|| panic!("{family:?} ships a file that extends none"));
        // The file's own name is its first `name`.
        let mut renamed = false;
        let long: String = text
            .lines()
            .map(|l| {
                if !renamed && l.starts_with("name = ") {
                    renamed = true;
                    format!("name = \"{LONG_NAME}\"\n")
                } else {
                    format!("{l}\n")
                }
            })
            .collect();
        assert!(renamed, "{}: no name", rel(&file.path));
        let path = dir.path().join(format!("{}-long.toml", family.name()));
        std::fs::write(&path, &long).unwrap();
        let checked = families::check_bytes(&DiskFiles, &path, long.into_bytes());
        let what = format!("{family:?} {} renamed", rel(&file.path));
        assert_eq!(checked.family, *family, "{what}");
        assert_eq!(checked.errors(), 0, "{what}: {:?}", codes(&checked));
        let model = checked.model.as_ref().expect("still valid");
        assert_eq!(model.name(), LONG_NAME, "{what}");
        let print: Vec<_> = checked
            .diagnostics
            .iter()
            .filter(|d| d.code.starts_with("print-"))
            .collect();
        // The name overflows on every shipped template: each is named by
        // some warning, or one says "every shipped template".
        for (template, _) in rollx::print::template::BUILTIN {
            assert!(
                print.iter().any(|d| d.code == "print-text-overflow"
                    && !d.labels.is_empty()
                    && on_template(&d.message, template)),
                "{what}: nothing about {template}: {:?}",
                checked.diagnostics
            );
        }
        assert!(print.iter().all(|d| !d.is_error()), "{what}: warnings only");
    }
}

/// Every `.toml` file under `dir`, in any folder, sorted.
fn toml_files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(toml_files_under(&path));
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// Every documented diagnostic code of `check` (the `### `code``
/// headings of docs/diagnostics.md) has a fixture named by it, anywhere
/// under tests/fixtures/, whose check reports it; and every family has
/// such fixtures, of its own files.
#[test]
fn every_documented_code_has_a_fixture_of_some_family_that_reports_it() {
    let docs = std::fs::read_to_string(root().join("docs/diagnostics.md")).unwrap();
    let documented: Vec<&str> = docs
        .lines()
        .filter_map(|l| l.strip_prefix("### `"))
        .map(|l| l.trim_end_matches('`'))
        .collect();
    assert!(documented.len() > 20, "{documented:?}");
    let fixtures = toml_files_under(&root().join("tests/fixtures"));
    let mut families_shown: Vec<Family> = Vec::new();
    for code in documented {
        let named: Vec<&PathBuf> = fixtures
            .iter()
            .filter(|p| p.file_stem().is_some_and(|s| s == code))
            .collect();
        assert!(!named.is_empty(), "`{code}` has no fixture {code}.toml");
        for path in named {
            let checked = families::check_file(path).unwrap();
            assert!(
                codes(&checked).contains(&code),
                "{} does not report `{code}`: {:?}",
                rel(path),
                codes(&checked)
            );
            if !families_shown.contains(&checked.family) {
                families_shown.push(checked.family);
            }
        }
    }
    for family in Family::ALL {
        assert!(
            families_shown.contains(family),
            "no documented code has a fixture of {}",
            family.a_file()
        );
    }
}
