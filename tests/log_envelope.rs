//! Every family's game log is the one envelope of `families::log::GameLog`
//! with the family's parts in it: a log reads back to the bytes it was
//! written as, its fields come in the envelope's order under the family's
//! keys, and the envelope's errors (an unknown, duplicate or missing field)
//! read the same in every family, at the same line and column.

mod common;
use common::root;

use rollx::families::LogError;

/// A log of each family as `rollx play --log` writes it: one finished game
/// (played by the computer) and one stopped before its end, by family.
fn logs() -> Vec<(&'static str, String)> {
    let mut out = Vec::new();

    let map = rollx::rolling::load(&root().join("maps/usa.toml")).expect("valid map");
    let game = rollx::rolling::Game::new(map).expect("game");
    let mut roster: Vec<(String, Box<dyn rollx::rolling::Policy>)> =
        vec![("Ann".into(), Box::new(rollx::rolling::Greedy::new()))];
    let log = rollx::rolling::play_game(&game, 3, &mut roster, Some("maps/usa.toml".into())).log;
    assert!(log.finished && !log.result.is_empty(), "a finished game");
    out.push(("rolling", log.to_json()));
    // stopped early, recorded by hand: no rules, no seed, no result
    let mut stopped = log.clone();
    stopped.turns.truncate(2);
    stopped.finished = false;
    stopped.result.clear();
    stopped.options = None;
    stopped.seed = None;
    out.push(("rolling", stopped.to_json()));

    let board = rollx::families::load(&root().join("maps/encore-black.toml"))
        .unwrap()
        .take()
        .expect("an Encore board");
    let game = rollx::encore::Game::new(board).unwrap();
    let mut seats =
        rollx::encore::seat_players(&["greedy".into()], 5, rollx::encore::Effort::DEFAULT).unwrap();
    let log = rollx::encore::play_game(&game, 5, &mut seats, None).log;
    assert!(log.finished && !log.result.is_empty(), "a finished game");
    out.push(("encore", log.to_json()));
    let mut stopped = log.clone();
    stopped.turns.truncate(3);
    stopped.finished = false;
    stopped.result.clear();
    out.push(("encore", stopped.to_json()));

    let board = rollx::families::load(&root().join("maps/diceland-1.toml"))
        .unwrap()
        .take()
        .expect("a Diceland board");
    let game = rollx::diceland::Game::new(board);
    let log = rollx::diceland::play_game(&game, 5, &["greedy".into()], None)
        .unwrap()
        .log;
    assert!(log.finished && !log.result.is_empty(), "a finished game");
    out.push(("diceland", log.to_json()));
    // a game not begun: no winners claimed, which Diceland still writes
    let empty = rollx::diceland::GameLog::new(&game, None, Some(5), vec!["Ann".into()]);
    out.push(("diceland", empty.to_json()));
    out
}

/// Reads a log as its family does.
fn parse(family: &str, json: &str) -> Result<String, LogError> {
    match family {
        "rolling" => rollx::rolling::GameLog::parse(json).map(|l| l.to_json()),
        "encore" => rollx::encore::GameLog::parse(json).map(|l| l.to_json()),
        "diceland" => rollx::diceland::GameLog::parse(json).map(|l| l.to_json()),
        _ => unreachable!("a family of logs()"),
    }
}

/// The top-level keys of a log, in the order written.
fn keys(json: &str) -> Vec<String> {
    let value: serde_json::Value = serde_json::from_str(json).expect("a log is JSON");
    value
        .as_object()
        .expect("a log is an object")
        .keys()
        .cloned()
        .collect()
}

/// Every key a family's log may have, in the envelope's order.
fn all_keys(family: &str) -> &'static [&'static str] {
    match family {
        "rolling" => &[
            "format", "version", "map", "rules", "seed", "players", "turns", "finished", "result",
        ],
        "encore" => &[
            "format", "version", "game", "board", "options", "seed", "players", "turns",
            "finished", "result",
        ],
        _ => &[
            "format", "version", "game", "board", "options", "seed", "players", "turns",
            "finished", "winners",
        ],
    }
}

#[test]
fn every_family_reads_its_log_back_to_the_same_bytes() {
    for (family, json) in logs() {
        let again = parse(family, &json).unwrap_or_else(|e| panic!("{family}: {e}\n{json}"));
        assert_eq!(again, json, "{family}");
    }
}

#[test]
fn every_family_writes_the_envelope_in_order_leaving_out_what_it_omits() {
    let written: Vec<(&str, Vec<String>)> =
        logs().iter().map(|(f, json)| (*f, keys(json))).collect();
    let expected: [&[&str]; 6] = [
        // finished: `finished` left out; Rolling has no `game`
        &[
            "format", "version", "map", "rules", "seed", "players", "turns", "result",
        ],
        // no rules, no seed, no result, and `finished: false`
        &["format", "version", "map", "players", "turns", "finished"],
        &[
            "format", "version", "game", "board", "options", "seed", "players", "turns", "result",
        ],
        // Encore writes its options even when they are the default
        &[
            "format", "version", "game", "board", "options", "seed", "players", "turns", "finished",
        ],
        &[
            "format", "version", "game", "board", "options", "seed", "players", "turns", "winners",
        ],
        // Diceland writes `winners` even when it claims none
        &[
            "format", "version", "game", "board", "options", "seed", "players", "turns",
            "finished", "winners",
        ],
    ];
    for ((family, keys), expected) in written.iter().zip(expected) {
        assert_eq!(keys, expected, "{family}");
        let order: Vec<&str> = all_keys(family)
            .iter()
            .copied()
            .filter(|k| keys.iter().any(|w| w == k))
            .collect();
        assert_eq!(keys, &order, "{family}: in the envelope's order");
    }
}

/// A log's text with `line` inserted after its `format` line (the second).
fn with_line(json: &str, line: &str) -> String {
    let (head, rest) = json.split_once(",\n").expect("format is written first");
    assert!(head.ends_with("\"format\": \"rollx-game-log\""), "{head}");
    format!("{head},\n{line}\n{rest}")
}

#[test]
fn an_unknown_field_is_refused_alike_in_every_family() {
    let mut at = Vec::new();
    for (family, json) in logs() {
        let e = parse(family, &with_line(&json, "  \"extra\": 1,")).expect_err("refused");
        let names: Vec<String> = all_keys(family).iter().map(|k| format!("`{k}`")).collect();
        assert_eq!(
            e.message,
            format!(
                "unknown field `extra`, expected one of {}",
                names.join(", ")
            ),
            "{family}"
        );
        at.push((family, e.line, e.column));
    }
    // the key's closing quote, on the line inserted
    assert!(
        at.iter()
            .all(|&(_, line, column)| (line, column) == (Some(3), Some(9))),
        "{at:?}"
    );
}

#[test]
fn duplicate_and_missing_fields_are_refused_alike_in_every_family() {
    for (family, json) in logs() {
        // the log's own `version` follows on line 4: refused after its key
        let e = parse(family, &with_line(&json, "  \"version\": 1,")).expect_err("refused");
        assert_eq!(
            (e.message.as_str(), e.line, e.column),
            ("duplicate field `version`", Some(4), Some(11)),
            "{family}"
        );

        let turns = json.find("  \"turns\"").expect("turns are written");
        let cut = format!("{}\n}}", json[..turns].trim_end().trim_end_matches(','));
        let e = parse(family, &cut).expect_err("refused");
        // at the end of the object
        assert_eq!(
            (e.message.as_str(), e.line, e.column),
            ("missing field `turns`", Some(cut.lines().count()), Some(1)),
            "{family}"
        );
    }
}

#[test]
fn a_rolling_log_has_no_game_and_the_others_need_theirs() {
    let logs = logs();
    let (_, rolling) = &logs[0];
    let e = parse("rolling", &with_line(rolling, "  \"game\": \"rolling\",")).expect_err("refused");
    assert!(
        e.message
            .starts_with("unknown field `game`, expected one of `format`, `version`, `map`"),
        "{}",
        e.message
    );
    for (family, json) in &logs[2..] {
        let other = if *family == "encore" {
            "diceland"
        } else {
            "encore"
        };
        let wrong = json.replacen(
            &format!("\"game\": \"{family}\""),
            &format!("\"game\": \"{other}\""),
            1,
        );
        let e = parse(family, &wrong).expect_err("refused");
        assert_eq!(
            (e.message.as_str(), e.line, e.column),
            (
                format!("`game` is \"{other}\", expected \"{family}\"").as_str(),
                Some(1),
                Some(1)
            ),
            "{family}"
        );
    }
}
