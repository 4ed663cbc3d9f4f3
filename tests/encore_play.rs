//! Encore games played, recorded and refereed: every log the computer
//! plays referees clean (random, greedy and strong players, 1 to 4
//! players, several seeds, the black board and generated boards), the same
//! seed gives the same log byte for byte, corrupted logs are caught with the right rule
//! names, and bad input gets a clear error and the right exit code.

mod common;

use common::{root, run};
use rollx::encore::{Board, ColorId};
use rollx::encore::{Effort, PlayedGame, play_game, seat_players};
use rollx::encore::{Game, OPEN_ROLLS, Phase};
use rollx::encore::{GameLog, JOKER, LogMove, LogNumber};
use rollx::encore::{Verdict, WrongBoard, referee};

const BOARDS: [&str; 3] = [
    "maps/encore-black.toml",
    "maps/encore-seed-7.toml",
    "maps/encore-seed-11-20x8.toml",
];

fn board(path: &str) -> Board {
    rollx::families::load(&root().join(path))
        .unwrap()
        .take()
        .expect("an Encore board")
}

fn game(path: &str) -> Game {
    Game::new(board(path)).unwrap()
}

fn strings(s: &[&str]) -> Vec<String> {
    s.iter().map(|x| x.to_string()).collect()
}

/// A game of `policies` (one per seat) from `seed`.
fn played(game: &Game, policies: &[&str], seed: u64, file: &str) -> PlayedGame {
    let mut seats = seat_players(&strings(policies), seed, Effort::DEFAULT).unwrap();
    play_game(game, seed, &mut seats, Some(file.to_string()))
}

/// The referee's verdict on a log, read back from its JSON as `rollx
/// referee` reads it.
fn verdict(game: &Game, log: &GameLog) -> Verdict {
    let log = GameLog::parse(&log.to_json()).expect("the log parses");
    referee(game, &log).expect("the log's own board")
}

/// The greedy four-player game on the black board from seed 1, and its
/// game.
fn four_greedy() -> (Game, GameLog) {
    let g = game(BOARDS[0]);
    let log = played(&g, &["greedy"; 4], 1, BOARDS[0]).log;
    (g, log)
}

/// Whether the verdict names `rule` for `player` in roll `turn`.
fn names_rule(v: &Verdict, turn: usize, player: usize, rule: &str) -> bool {
    v.violations
        .iter()
        .any(|x| x.turn == turn && x.player_index == player && x.rule == rule)
}

fn problem_kinds(v: &Verdict) -> Vec<&str> {
    v.problems.iter().map(|p| p.kind).collect()
}

// ---------------------------------------------------------------------------
// Clean games.

#[test]
fn every_computer_played_log_referees_clean_and_round_trips() {
    let tables: [&[&str]; 6] = [
        &["greedy"],
        &["random"],
        &["greedy", "random"],
        &["random", "random", "greedy"],
        &["greedy"; 4],
        &["random", "greedy", "random", "greedy"],
    ];
    let mut games = 0;
    for path in BOARDS {
        let g = game(path);
        for policies in tables {
            for seed in [1, 2] {
                let what = format!("{path} {policies:?} seed {seed}");
                let p = played(&g, policies, seed, path);
                assert_eq!(p.table.phase(), Phase::Over, "{what}");
                let json = p.log.to_json();
                let back = GameLog::parse(&json).unwrap();
                assert_eq!(back, p.log, "{what}: the log round-trips");
                assert_eq!(back.to_json(), json, "{what}");
                let v = verdict(&g, &p.log);
                assert!(v.is_clean(), "{what}: {:?} {:?}", v.problems, v.violations);
                assert!(v.complete, "{what}");
                let winners = g.winners(&p.table);
                for (seat, pv) in v.players.iter().enumerate() {
                    assert_eq!(pv.score, g.score(p.table.sheet(seat)), "{what}");
                    assert_eq!(pv.winner, winners.contains(&seat), "{what}");
                    assert_eq!(p.log.result[seat].total, pv.score.total, "{what}");
                }
                assert_eq!(v.solo_band.is_some(), policies.len() == 1, "{what}");
                games += 1;
            }
        }
    }
    assert_eq!(games, 36);
}

#[test]
fn a_strong_players_log_referees_clean() {
    let g = game(BOARDS[0]);
    let p = played(&g, &["strong"], 1, BOARDS[0]);
    assert_eq!(p.log.players[0].policy.as_deref(), Some("strong"));
    let v = verdict(&g, &p.log);
    assert!(v.is_clean(), "{:?} {:?}", v.problems, v.violations);
    assert_eq!(v.players[0].score, g.score(p.table.sheet(0)));
}

#[test]
fn the_log_names_dice_by_face_and_boxes_by_name() {
    let (g, log) = four_greedy();
    assert_eq!(log.format, "rollx-game-log");
    assert_eq!(log.game.as_deref(), Some("encore"));
    assert_eq!(log.board.id, "encore-black");
    assert!(log.board.hash.as_deref().unwrap().starts_with("sha256:"));
    assert_eq!(log.players[1].name, "greedy 2");
    assert_eq!(log.players[1].policy.as_deref(), Some("greedy"));
    let json: serde_json::Value = serde_json::from_str(&log.to_json()).unwrap();
    let first = &json["turns"][0];
    assert_eq!(first["roll"]["colors"].as_array().unwrap().len(), 3);
    assert_eq!(first["roll"]["numbers"].as_array().unwrap().len(), 3);
    let ids: Vec<&str> = g.board().colors.iter().map(|c| c.id.as_str()).collect();
    let mut crosses = 0;
    for turn in json["turns"].as_array().unwrap() {
        for c in turn["roll"]["colors"].as_array().unwrap() {
            let c = c.as_str().unwrap();
            assert!(ids.contains(&c) || c == JOKER, "{c}");
        }
        for mv in turn["moves"].as_array().unwrap() {
            if mv == "pass" {
                continue;
            }
            crosses += 1;
            for b in mv["boxes"].as_array().unwrap() {
                let name = b.as_str().unwrap();
                assert!(g.box_by_name(name).is_some(), "{name}");
                assert!(name.chars().next().unwrap().is_ascii_uppercase(), "{name}");
            }
            assert!(ids.contains(&mv["color"].as_str().unwrap()));
            assert!(mv["number"].as_u64().unwrap() <= 5);
        }
    }
    assert!(crosses > 10);
}

// ---------------------------------------------------------------------------
// The command line.

#[test]
fn play_then_referee_is_clean_and_the_same_seed_gives_the_same_log() {
    let dir = tempfile::tempdir().unwrap();
    let log = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let (a, b, c) = (log("a.json"), log("b.json"), log("c.json"));
    let play = |file: &str, seed: &str| {
        run(&[
            "play",
            "maps/encore-black.toml",
            "--players",
            "4",
            "--policy",
            "greedy,random,greedy,random",
            "--seed",
            seed,
            "--log",
            file,
        ])
    };
    let (code, out_a, err) = play(&a, "1");
    assert_eq!(code, 0, "{err}");
    let (code, out_b, _) = play(&b, "1");
    assert_eq!(code, 0);
    assert_eq!(out_a.replace(&a, ""), out_b.replace(&b, ""));
    let bytes_a = std::fs::read(&a).unwrap();
    assert_eq!(bytes_a, std::fs::read(&b).unwrap(), "same seed, same log");
    play(&c, "2");
    assert_ne!(bytes_a, std::fs::read(&c).unwrap(), "another seed");

    assert!(out_a.starts_with(
        "Encore! (black sheet) (encore-black), seed 1, 4 players: greedy 1, random 2,\n  greedy 3, random 4\n"
    ), "{out_a}");
    assert!(
        out_a.lines().all(|l| l.chars().count() <= 80),
        "fits 80 columns"
    );
    assert!(out_a.contains("\nroll 1 (everyone chooses from every die): "));
    assert!(
        out_a.contains("\nroll 4 (greedy 4 chooses first)")
            || out_a.contains("\nroll 4 (random 4 chooses first)")
    );
    assert!(out_a.contains("colours  columns  \"!\" left  open stars  total"));
    assert!(out_a.contains("\nwinner: ") || out_a.contains("\nwinners, sharing the win: "));

    let (code, out, err) = run(&["referee", &a]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("clean: every move follows the rules"), "{out}");
    let (code, _, err) = run(&["play", "--resume", &a]);
    assert_eq!(code, 1);
    assert!(err.contains("seat 1 was played by the computer"), "{err}");
    let (code, json, _) = run(&["referee", &a, "--format", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["players"].as_array().unwrap().len(), 4);
    assert_eq!(v["complete"], true);
}

#[test]
fn the_solo_game_has_thirty_rolls_and_a_rating() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("solo.json");
    let (code, out, err) = run(&[
        "play",
        "maps/encore-black.toml",
        "--seed",
        "3",
        "--log",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1 player: greedy"), "{out}");
    assert!(out.contains("\nroll 1 of 30: "), "{out}");
    assert!(out.contains("solo rating: "), "{out}");
    let log = GameLog::parse(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert!(log.turns.len() <= 30);
    // The solo player rolls two colour dice and two number dice.
    assert_eq!(log.turns[0].roll.colors.len(), 2);
    assert_eq!(log.turns[0].roll.numbers.len(), 2);
    let (code, out, _) = run(&["referee", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("solo rating: "), "{out}");
}

#[test]
fn generated_boards_play_and_referee_through_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    for board in &BOARDS[1..] {
        let file = dir.path().join("g.json");
        let file = file.to_str().unwrap();
        let (code, _, err) = run(&[
            "play",
            board,
            "--players",
            "3",
            "--policy",
            "random",
            "--seed",
            "5",
            "--log",
            file,
        ]);
        assert_eq!(code, 0, "{board}: {err}");
        let (code, out, err) = run(&["referee", file]);
        assert_eq!(code, 0, "{board}: {out}{err}");
    }
}

// ---------------------------------------------------------------------------
// Corrupted logs.

/// The first roll after the open rolls in which the active player took a
/// colour die whose face no other die of the roll shows, and another
/// player crossed: (turn index, active seat, that other seat).
fn taken_die_turn(log: &GameLog) -> (usize, usize, usize) {
    let players = log.players.len();
    for (t, turn) in log.turns.iter().enumerate().skip(usize::from(OPEN_ROLLS)) {
        let active = t % players;
        let LogMove::Cross(c) = &turn.moves[active] else {
            continue;
        };
        let shown = turn
            .roll
            .colors
            .iter()
            .filter(|f| **f == c.color_die)
            .count();
        let other =
            (0..players).find(|&q| q != active && matches!(turn.moves[q], LogMove::Cross(_)));
        if let (1, Some(q)) = (shown, other) {
            return (t, active, q);
        }
    }
    panic!("no such roll")
}

#[test]
fn a_die_the_active_player_took_reused_by_another_player_is_caught() {
    let (g, mut log) = four_greedy();
    let (t, active, q) = taken_die_turn(&log);
    let LogMove::Cross(taken) = log.turns[t].moves[active].clone() else {
        unreachable!()
    };
    let LogMove::Cross(c) = &mut log.turns[t].moves[q] else {
        unreachable!()
    };
    c.color_die = taken.color_die.clone();
    let v = verdict(&g, &log);
    assert!(names_rule(&v, t + 1, q, "die-taken"), "{:?}", v.violations);
    let x = v.violations.iter().find(|x| x.rule == "die-taken").unwrap();
    assert!(!x.active);
    assert_eq!(x.player, format!("greedy {}", q + 1));
    assert!(x.dice.starts_with(&taken.color_die), "{}", x.dice);
    assert!(!v.violations.iter().any(|x| x.turn < t + 1));
}

#[test]
fn a_box_moved_is_caught() {
    let (g, mut log) = four_greedy();
    // The last roll in which a player crossed two boxes or more: one of
    // them moved to a box of another colour.
    let (t, p) = log
        .turns
        .iter()
        .enumerate()
        .rev()
        .find_map(|(t, turn)| {
            let p = turn
                .moves
                .iter()
                .position(|m| matches!(m, LogMove::Cross(c) if c.boxes.len() >= 2))?;
            Some((t, p))
        })
        .expect("someone crossed two boxes");
    let LogMove::Cross(c) = &mut log.turns[t].moves[p] else {
        unreachable!()
    };
    let color = g.color_by_id(&c.color).unwrap();
    let moved = (0..g.box_count())
        .find(|&i| g.board().cells[i].color != color)
        .unwrap();
    *c.boxes.last_mut().unwrap() = g.box_name(moved);
    let v = verdict(&g, &log);
    assert!(
        names_rule(&v, t + 1, p, "wrong-color"),
        "{:?}",
        v.violations
    );
    assert!(
        !v.violations
            .iter()
            .any(|x| x.turn <= t && x.rule != "wrong-color")
    );
    // The claimed score no longer matches the sheet, or the box moved
    // changes nothing the score counts: either way the verdict is not
    // clean.
    assert!(!v.is_clean());

    // A piece moved away from everything crossed before: in the first
    // roll, the player's boxes moved to column A.
    let (g, mut log) = four_greedy();
    let LogMove::Cross(c) = &mut log.turns[0].moves[0] else {
        panic!("greedy 1 crosses in the first roll")
    };
    let color = g.color_by_id(&c.color).unwrap();
    let far: Vec<usize> = (0..g.board().rows)
        .map(|r| r * g.board().columns)
        .filter(|&i| g.board().cells[i].color == color)
        .take(1)
        .collect();
    c.boxes = far.iter().map(|&i| g.box_name(i)).collect();
    let v = verdict(&g, &log);
    assert!(names_rule(&v, 1, 0, "not-anchored"), "{:?}", v.violations);
}

#[test]
fn a_joker_without_exclamation_boxes_left_is_caught() {
    let g = game(BOARDS[0]);
    let jokers = g.board().jokers;
    // Random players spend their jokers; find a player who has spent them
    // all and then crosses with a colour die that is not the joker.
    for seed in 1..20 {
        let mut log = played(&g, &["random"; 3], seed, BOARDS[0]).log;
        let mut used = [0u8; 3];
        let mut found = None;
        'turns: for (t, turn) in log.turns.iter().enumerate() {
            for (p, mv) in turn.moves.iter().enumerate() {
                if let LogMove::Cross(c) = mv {
                    if used[p] == jokers && c.color_die != JOKER {
                        found = Some((t, p));
                        break 'turns;
                    }
                    used[p] += u8::from(c.color_die == JOKER)
                        + u8::from(matches!(c.number_die, LogNumber::Joker(_)));
                }
            }
        }
        let Some((t, p)) = found else { continue };
        let LogMove::Cross(c) = &mut log.turns[t].moves[p] else {
            unreachable!()
        };
        c.color_die = JOKER.to_string();
        let v = verdict(&g, &log);
        assert!(
            names_rule(&v, t + 1, p, "no-joker-left"),
            "{:?}",
            v.violations
        );
        let x = v
            .violations
            .iter()
            .find(|x| x.rule == "no-joker-left")
            .unwrap();
        assert!(
            x.message.contains("with 0 \"!\" boxes left"),
            "{}",
            x.message
        );
        return;
    }
    panic!("no random player spent every joker in 19 games");
}

#[test]
fn a_wrong_claimed_result_is_caught() {
    let (g, log) = four_greedy();
    let mut columns = log.clone();
    columns.result[2].columns += 2;
    columns.result[2].total += 2;
    let v = verdict(&g, &columns);
    assert_eq!(problem_kinds(&v), ["wrong-column-points", "wrong-total"]);
    assert_eq!(v.problems[0].player.as_deref(), Some("greedy 3"));
    assert!(v.violations.is_empty());

    let mut colors = log.clone();
    colors.result[0].colors += 3;
    let v = verdict(&g, &colors);
    assert_eq!(problem_kinds(&v), ["wrong-color-points", "wrong-total"]);

    let mut total = log.clone();
    total.result[1].total -= 1;
    let v = verdict(&g, &total);
    assert_eq!(problem_kinds(&v), ["wrong-total"]);

    let mut stars = log.clone();
    stars.result[3].open_stars += 1;
    stars.result[3].star_penalty += 2;
    stars.result[3].total -= 2;
    let v = verdict(&g, &stars);
    assert_eq!(
        problem_kinds(&v),
        ["wrong-star-penalty", "wrong-star-penalty", "wrong-total"]
    );

    let mut stranger = log;
    stranger.result[0].player = "nobody".into();
    assert_eq!(problem_kinds(&verdict(&g, &stranger)), ["unknown-player"]);
}

#[test]
fn dice_that_could_not_have_been_rolled_are_caught() {
    let (g, log) = four_greedy();
    let mut more = log.clone();
    more.turns[5].roll.colors.push("green".into());
    let v = verdict(&g, &more);
    assert_eq!(problem_kinds(&v), ["dice-count"]);
    assert_eq!(v.problems[0].turn, Some(6));

    let mut purple = log.clone();
    purple.turns[2].roll.colors[0] = "purple".into();
    purple.turns[2].roll.numbers[1] = LogNumber::Number(6);
    let v = verdict(&g, &purple);
    let kinds = problem_kinds(&v);
    assert_eq!(kinds[..2], ["not-a-face", "not-a-face"], "{kinds:?}");
    assert!(v.problems[0].message.contains("purple"));
    assert!(v.problems[1].message.contains("number die 6"));
}

#[test]
fn turns_after_the_end_and_a_log_cut_short_are_caught() {
    let (g, log) = four_greedy();
    let mut extra = log.clone();
    extra.turns.push(extra.turns[0].clone());
    assert_eq!(problem_kinds(&verdict(&g, &extra)), ["extra-turns"]);

    let mut short = log;
    short.turns.truncate(10);
    short.result.clear();
    short.finished = false;
    let v = verdict(&g, &short);
    assert_eq!(problem_kinds(&v), ["incomplete"]);
    assert!(!v.complete);
    assert!(v.players.iter().all(|p| !p.winner));
}

#[test]
fn unknown_colours_and_boxes_are_named() {
    let (g, mut log) = four_greedy();
    let LogMove::Cross(c) = &mut log.turns[0].moves[1] else {
        panic!("greedy 2 crosses in the first roll")
    };
    c.boxes[0] = "Z99".into();
    let LogMove::Cross(c) = &mut log.turns[0].moves[2] else {
        panic!("greedy 3 crosses in the first roll")
    };
    c.color = "purple".into();
    let v = verdict(&g, &log);
    assert!(names_rule(&v, 1, 1, "unknown-box"), "{:?}", v.violations);
    assert!(names_rule(&v, 1, 2, "unknown-color"), "{:?}", v.violations);
}

#[test]
fn a_log_of_another_board_is_refused_with_one_error() {
    let (_, log) = four_greedy();
    let other = game(BOARDS[1]);
    assert!(matches!(
        referee(&other, &log),
        Err(WrongBoard::OtherBoard { .. })
    ));
    let mut changed = board(BOARDS[0]);
    changed.column_points[0].first += 1;
    assert!(matches!(
        referee(&Game::new(changed).unwrap(), &log),
        Err(WrongBoard::Changed { .. })
    ));
    // Names, print colours and letters do not count.
    let mut renamed = board(BOARDS[0]);
    renamed.info.name = "Another name".into();
    renamed.colors[ColorId(0).index()].letter = 'x';
    assert!(referee(&Game::new(renamed).unwrap(), &log).is_ok());

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.json");
    std::fs::write(&file, log.to_json()).unwrap();
    let file = file.to_str().unwrap();
    let (code, out, err) = run(&["referee", file, "--map", BOARDS[1]]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.starts_with("board-mismatch\n"), "{err}");
    assert!(err.contains("is a game on board `encore-black`"), "{err}");
    assert_eq!(err.matches("mismatch").count(), 1, "one error: {err}");

    let text = std::fs::read_to_string(root().join(BOARDS[0]))
        .unwrap()
        .replace("columns_first = [5, 3,", "columns_first = [6, 3,");
    let changed = dir.path().join("encore-black.toml");
    std::fs::write(&changed, text).unwrap();
    let (code, _, err) = run(&["referee", file, "--map", changed.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.starts_with("board-changed\n"), "{err}");
    assert!(err.contains("has changed since"), "{err}");

    let (code, _, err) = run(&["referee", file, "--map", "maps/usa.toml"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("is an Encore game log, and maps/usa.toml is a Rolling map"),
        "{err}"
    );
}

#[test]
fn the_command_line_names_a_corrupted_moves_turn_player_and_dice() {
    let (_, mut log) = four_greedy();
    let (t, active, q) = taken_die_turn(&log);
    let LogMove::Cross(taken) = log.turns[t].moves[active].clone() else {
        unreachable!()
    };
    let LogMove::Cross(c) = &mut log.turns[t].moves[q] else {
        unreachable!()
    };
    c.color_die = taken.color_die.clone();
    let dice = log.turns[t].moves[q].dice();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.json");
    std::fs::write(&file, log.to_json()).unwrap();
    let (code, out, err) = run(&["referee", file.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    let line = format!("  roll {}, greedy {}, {dice}: ", t + 1, q + 1);
    assert!(out.contains(&line), "{line:?} in {out}");
    assert!(
        out.contains("the active player took that colour die [die-taken]"),
        "{out}"
    );
    assert!(out.contains("not clean: "), "{out}");
}

// ---------------------------------------------------------------------------
// Bad input.

#[test]
fn bad_input_gets_a_clear_error_and_the_right_exit_code() {
    let cases: [(&[&str], i32, &str); 8] = [
        (
            &["play", "no/such-board.toml"],
            2,
            "cannot read no/such-board.toml",
        ),
        (
            &[
                "play",
                "maps/encore-black.toml",
                "--human",
                "--horizon",
                "4",
            ],
            2,
            "--horizon is an option of the computer players of Rolling maps",
        ),
        (
            &["play", "maps/encore-black.toml", "--policy", "tuples"],
            2,
            "`tuples` does not play Encore boards",
        ),
        (
            &["play", "maps/encore-black.toml", "--values", "v.tuples"],
            2,
            "--values is an option of the computer players of Rolling maps",
        ),
        (
            &[
                "play",
                "maps/encore-black.toml",
                "--players",
                "3",
                "--policy",
                "greedy,random",
            ],
            2,
            "--policy names 2 computer players, but --players is 3",
        ),
        (
            &["play", "maps/encore-black.toml", "--players", "0"],
            2,
            "--players",
        ),
        (
            &["play", "maps/encore-black.toml", "--policy", "clever"],
            2,
            "invalid value 'clever'",
        ),
        (
            &["referee", "no/such-log.json"],
            2,
            "cannot read no/such-log.json",
        ),
    ];
    for (args, want, text) in cases {
        let (code, out, err) = run(args);
        assert_eq!(code, want, "{args:?}: {out}{err}");
        assert!(err.contains(text), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn malformed_logs_are_refused_with_where_and_what() {
    let (_, log) = four_greedy();
    let json = log.to_json();
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, String, &str); 6] = [
        (
            "cut.json",
            json[..json.len() / 2].to_string(),
            "not a valid game log",
        ),
        (
            "family.json",
            json.replacen("\"game\": \"encore\"", "\"game\": \"yahtzee\"", 1),
            "`game` is \"yahtzee\", which is no game family rollx knows (rolling, encore, diceland)",
        ),
        (
            "move.json",
            json.replacen("\"pass\"", "\"skip\"", 1),
            "a move: \"pass\", or an object with color_die, number_die, color, number and boxes",
        ),
        (
            "number.json",
            json.replacen("\"number\": ", "\"number\": -", 1),
            "a move: \"pass\"",
        ),
        (
            "players.json",
            json.replacen("\"name\": \"greedy 2\"", "\"name\": \"greedy 1\"", 1),
            "`players` names \"greedy 1\" twice (seats 1 and 2)",
        ),
        (
            "version.json",
            json.replacen("\"version\": 2", "\"version\": 9", 1),
            "this is version 9 of the Encore game log format",
        ),
    ];
    for (name, text, want) in cases {
        assert_ne!(text, json, "{name} changes the log");
        let file = dir.path().join(name);
        std::fs::write(&file, &text).unwrap();
        let (code, out, err) = run(&["referee", file.to_str().unwrap()]);
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert!(err.contains(want), "{name}: {err}");
        if name != "family.json" {
            assert!(err.starts_with("game-log\n"), "{name}: {err}");
        }
        assert!(!err.contains("panicked"), "{name}: {err}");
    }
}

#[test]
fn help_mentions_boards() {
    let (code, out, _) = run(&["play", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Encore board"), "{out}");
    assert!(out.contains("MAP|BOARD"), "{out}");
    let (code, out, _) = run(&["referee", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Encore board"), "{out}");
    assert!(out.contains("MAP|BOARD"), "{out}");
}

#[test]
fn the_encore_log_schema_in_docs_is_current() {
    let committed = std::fs::read_to_string(root().join("docs/encore-log.schema.json")).unwrap();
    assert_eq!(
        committed.trim_end(),
        GameLog::schema().trim_end(),
        "regenerate with `cargo run --example encore_log_schema > docs/encore-log.schema.json`"
    );
}

#[test]
fn the_documented_example_is_a_valid_log() {
    let doc = std::fs::read_to_string(root().join("docs/encore-log.md")).unwrap();
    let start = doc.find("```json\n").unwrap() + "```json\n".len();
    let end = start + doc[start..].find("```").unwrap();
    let log = GameLog::parse(&doc[start..end]).expect("the example parses");
    let v = referee(&game(BOARDS[0]), &log).unwrap();
    assert!(v.violations.is_empty(), "{:?}", v.violations);
    assert_eq!(problem_kinds(&v), ["incomplete"]);
}

// ---------------------------------------------------------------------------
// Rolling maps take one policy per seat too, and play as before with one.

#[test]
fn rolling_maps_take_one_policy_per_seat() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.json");
    let file = file.to_str().unwrap();
    let (code, out, err) = run(&[
        "play",
        "maps/usa.toml",
        "--players",
        "2",
        "--policy",
        "greedy,random",
        "--seed",
        "7",
        "--log",
        file,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("greedy 1") && out.contains("random 2"),
        "{out}"
    );
    let (code, out, _) = run(&["referee", file]);
    assert_eq!(code, 0, "{out}");
    let (code, _, err) = run(&[
        "play",
        "maps/usa.toml",
        "--human",
        "--players",
        "2",
        "--policy",
        "greedy,random",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("give one --policy"), "{err}");
}

#[test]
fn the_strong_players_effort_comes_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let log = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let play = |file: &str, policy: &str, effort: &[&str]| {
        let mut args = vec![
            "play",
            "maps/encore-black.toml",
            "--players",
            "2",
            "--policy",
            policy,
            "--seed",
            "4",
            "--log",
            file,
        ];
        args.extend_from_slice(effort);
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{out}{err}");
        serde_json::from_slice::<serde_json::Value>(&std::fs::read(file).unwrap()).unwrap()
    };
    // One candidate: the strong player plays the greedy player's move.
    let (one, greedy) = (log("one.json"), log("greedy.json"));
    let a = play(&one, "strong,greedy", &["--candidates", "1"]);
    let b = play(&greedy, "greedy,greedy", &[]);
    assert_eq!(a["turns"], b["turns"]);
    let (code, out, err) = run(&["referee", &one]);
    assert_eq!(code, 0, "{out}{err}");
    // A little more effort: a game of its own, still clean.
    let few = log("few.json");
    let c = play(
        &few,
        "strong,greedy",
        &["--candidates", "3", "--rollouts", "4"],
    );
    assert_ne!(a["turns"], c["turns"], "three candidates play another game");
    let (code, out, err) = run(&["referee", &few]);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn rule_options_from_the_command_line_are_played_logged_and_refereed() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("all.json");
    let file = file.to_str().unwrap();
    let (code, out, err) = run(&[
        "play",
        "maps/encore-black.toml",
        "--solo-dice",
        "all",
        "--seed",
        "2",
        "--log",
        file,
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("\nrules changed: solo-dice all\n"), "{out}");
    let log: serde_json::Value = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
    assert_eq!(log["options"]["solo-dice"], "all");
    for turn in log["turns"].as_array().unwrap() {
        assert_eq!(
            turn["roll"]["colors"].as_array().unwrap().len(),
            3,
            "every die"
        );
        assert_eq!(turn["roll"]["numbers"].as_array().unwrap().len(), 3);
    }
    let (code, out, err) = run(&["referee", file]);
    assert_eq!(code, 0, "{out}{err}");

    // The default rolls one die of each kind fewer, and says nothing.
    let (code, out, _) = run(&["play", "maps/encore-black.toml", "--seed", "2"]);
    assert_eq!(code, 0);
    assert!(!out.contains("rules changed"), "{out}");

    let (code, out, err) = run(&[
        "simulate",
        "maps/encore-black.toml",
        "--start-column",
        "first-piece",
        "--games",
        "20",
        "--format",
        "json",
        "-q",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["options"]["start-column"], "first-piece", "{out}");

    // The star penalty's cap: a solo game on the 20-star board, played
    // and refereed by the reading chosen, and a paper sheet checked by it.
    let capped = dir.path().join("capped.json");
    let capped = capped.to_str().unwrap();
    let board = "maps/encore-seed-11-20x8.toml";
    for (cap, log) in [("none", file), ("thirty", capped)] {
        let (code, out, err) = run(&[
            "play",
            board,
            "--players",
            "1",
            "--star-cap",
            cap,
            "--seed",
            "3",
            "--log",
            log,
        ]);
        assert_eq!(code, 0, "{out}{err}");
        let (code, out, err) = run(&["referee", log]);
        assert_eq!(code, 0, "{cap}: {out}{err}");
    }
    let none: serde_json::Value = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
    assert_eq!(none["options"]["star-cap"], "none");
    let sheet = dir.path().join("sheet.toml");
    let sheet = sheet.to_str().unwrap();
    let (code, out, err) = run(&["referee", capped, "--write-sheet", sheet]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = run(&["referee", "--sheet", sheet, "--map", board]);
    assert_eq!(code, 0, "{out}{err}");
    // A sheet with nothing crossed: all 20 stars open, -30 by the
    // rulebook's cap, -40 without it (8 "!" left: -22 and -32).
    let empty = dir.path().join("empty.toml");
    let empty = empty.to_str().unwrap();
    std::fs::write(
        empty,
        "board = \"encore-seed-11-20x8\"\ntotal = -22\ncrossed = []\n",
    )
    .unwrap();
    let (code, out, err) = run(&["referee", "--sheet", empty, "--map", board]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("20 (-30)"), "{out}");
    let (code, out, err) = run(&[
        "referee",
        "--sheet",
        empty,
        "--map",
        board,
        "--star-cap",
        "none",
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("20 (-40)"), "{out}");
    let (code, _, err) = run(&[
        "referee",
        "--sheet",
        sheet,
        "--map",
        "maps/usa.toml",
        "--star-cap",
        "none",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--star-cap is a rule of Encore boards"),
        "{err}"
    );

    for cmd in ["play", "simulate"] {
        let (code, _, err) = run(&[cmd, "maps/usa.toml", "--solo-dice", "all"]);
        assert_eq!(code, 2, "{cmd}");
        assert!(
            err.contains(
                "--solo-dice is a rule of Encore boards, and maps/usa.toml is a Rolling map"
            ),
            "{cmd}: {err}"
        );
    }
}
