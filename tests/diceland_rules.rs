//! The Diceland rules, one test per rule sentence of
//! docs/diceland-rules.md (small hand-made situations on a tiny board), and
//! properties over thousands of states reached by play on the shipped and
//! generated boards: the move generator lists exactly the moves the rule
//! check accepts, computer games referee clean, seeded games repeat, and
//! corrupted logs are caught.

use std::path::Path;

use rand::{RngExt, SeedableRng};
use rollx::diceland::{Board, CellSet, Color};
use rollx::diceland::{Breach, Game, Move, MoveError, Phase, Roll, Sheet, Table};
use rollx::diceland::{Event, GameLog};
use rollx::diceland::{Finding, referee};
use rollx::diceland::{PLAYERS, play_game, player_by_name};
use rollx::engine::{Actor, Dice, Rules};

// ---------------------------------------------------------------------------
// Helpers.

/// A tiny board; cells by name:
///
/// ```text
///  A1 R1   B1 R1*  C1 Y2   D1 Y2*  E1 B3
///     A2 R4   B2 @    C2 Y2   D2 B3   E2 B3*
///  A3 R4*  B3 G5   C3 G5*  D3 A6   E3 A6*
/// ```
///
/// The start B2 touches A2, C2, B1, C1, B3 and C3.
fn tiny(goal: &str) -> Board {
    // The board has six stars: the published nine cannot be reached.
    let goal = if goal.is_empty() {
        "[goal]\nstars = 4\n"
    } else {
        goal
    };
    let text = format!(
        "[game]\nfamily = \"diceland\"\n[board]\nid = \"tiny\"\nname = \"Tiny\"\n[grid]\nrows = [\n  \"R1  R1* Y2  Y2*  B3\",\n  \"  R4  @   Y2   B3  B3*\",\n  \"R4* G5  G5*  A6   A6*\",\n]\n{goal}"
    );
    let c = rollx::diceland::check_bytes(
        &rollx::source::DiskFiles,
        Path::new("tiny.toml"),
        text.into_bytes(),
    );
    c.board.unwrap_or_else(|| panic!("{:?}", c.diagnostics))
}

fn shipped(n: usize) -> Board {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("maps/diceland-{n}.toml"));
    rollx::families::load(&path)
        .unwrap()
        .take()
        .expect("a Diceland board")
}

fn cells(board: &Board, names: &[&str]) -> CellSet {
    names
        .iter()
        .map(|n| board.cell_by_name(n).unwrap_or_else(|| panic!("{n}")))
        .collect()
}

/// A roll by its letters.
fn roll(letters: &str) -> Roll {
    Roll::parse(letters).unwrap()
}

/// Applies a move that must be legal.
fn play(game: &Game, t: &mut Table, player: usize, mv: Move) {
    game.check(t, player, mv)
        .unwrap_or_else(|e| panic!("{mv:?} of seat {player}: {e}"));
    game.apply(t, player, mv);
}

fn breach(r: Result<(), MoveError>) -> Breach {
    match r {
        Err(MoveError::Breach(b)) => b,
        other => panic!("expected a broken rule of crossing, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------
// The rules, one sentence each.

#[test]
fn a_turn_rolls_six_dice_then_the_rest() {
    let game = Game::new(tiny(""));
    let mut t = game.new_table(2);
    assert_eq!(game.actor(&t), Actor::Chance);
    assert_eq!(t.dice_to_roll(), 6);
    game.apply_chance(&mut t, roll("RRYGBA"));
    assert_eq!(game.actor(&t), Actor::Player(0));
    play(&game, &mut t, 0, Move::Choose(Color::Red));
    assert_eq!(t.phase, Phase::Decide);
    // Seat 2 has no decision; the active player no other kind of move.
    assert_eq!(
        game.check(&t, 1, Move::Stop).unwrap_err().kind(),
        "out-of-turn"
    );
    assert_eq!(
        game.check(&t, 0, Move::Pass).unwrap_err().kind(),
        "out-of-turn"
    );
    play(&game, &mut t, 0, Move::Reroll);
    assert_eq!(t.dice_to_roll(), 4, "the dice not set aside");
    game.apply_chance(&mut t, roll("YGBA"));
    assert_eq!(t.phase, Phase::Cross);
    assert_eq!(
        game.check(&t, 0, Move::Reroll).unwrap_err().kind(),
        "out-of-turn"
    );
    play(
        &game,
        &mut t,
        0,
        Move::Cross(Color::Red, cells(game.board(), &["A2", "A3"])),
    );
    play(&game, &mut t, 1, Move::Pass);
    // A3 is a star: seat 1's bonus roll, then seat 2 is active.
    assert_eq!(t.phase, Phase::BonusRoll(0));
    assert_eq!(t.dice_to_roll(), 5);
    game.apply_chance(&mut t, roll("OOOOO"));
    play(&game, &mut t, 0, Move::Pass);
    assert_eq!((t.phase, t.active), (Phase::Roll, 1));
}

#[test]
fn choose_a_colour_that_shows() {
    let game = Game::new(tiny(""));
    let mut t = game.new_table(1);
    game.apply_chance(&mut t, roll("RRYYGG"));
    assert_eq!(
        game.check(&t, 0, Move::Choose(Color::Blue))
            .unwrap_err()
            .kind(),
        "color-not-rolled"
    );
    let choices = game.moves(&t, 0);
    assert_eq!(
        choices,
        [
            Move::Choose(Color::Red),
            Move::Choose(Color::Yellow),
            Move::Choose(Color::Green)
        ]
    );
    play(&game, &mut t, 0, Move::Choose(Color::Yellow));
    assert_eq!(t.kept, 2, "every die of the colour is set aside");
}

#[test]
fn reroll_adds_the_colour_or_ends_rolling() {
    let game = Game::new(tiny(""));
    let mut t = game.new_table(1);
    game.apply_chance(&mut t, roll("RYGBOA"));
    play(&game, &mut t, 0, Move::Choose(Color::Green));
    play(&game, &mut t, 0, Move::Reroll);
    game.apply_chance(&mut t, roll("GRRBA"));
    assert_eq!((t.phase, t.kept), (Phase::Decide, 2), "one more green");
    play(&game, &mut t, 0, Move::Reroll);
    game.apply_chance(&mut t, roll("RRBA"));
    assert_eq!(
        (t.phase, t.kept, t.bust),
        (Phase::Cross, 2, true),
        "no green: the two stay"
    );
    assert_eq!(t.offer(0).0[Color::Green.index()], 2);
}

#[test]
fn six_dice_of_the_colour_end_rolling() {
    let game = Game::new(tiny(""));
    let mut t = game.new_table(1);
    game.apply_chance(&mut t, roll("AAAAAA"));
    play(&game, &mut t, 0, Move::Choose(Color::Grey));
    assert_eq!(t.phase, Phase::Cross, "no die left to reroll");
    let mut t = game.new_table(1);
    game.apply_chance(&mut t, roll("AAAAAR"));
    play(&game, &mut t, 0, Move::Choose(Color::Grey));
    play(&game, &mut t, 0, Move::Reroll);
    game.apply_chance(&mut t, roll("A"));
    assert_eq!((t.phase, t.kept), (Phase::Cross, 6));
}

#[test]
fn the_active_player_must_cross_when_possible() {
    let game = Game::new(tiny(""));
    let board = game.board();
    let mut t = game.new_table(2);
    game.apply_chance(&mut t, roll("RYGBOA"));
    play(&game, &mut t, 0, Move::Choose(Color::Red));
    play(&game, &mut t, 0, Move::Stop);
    assert_eq!(
        game.check(&t, 0, Move::Pass).unwrap_err().kind(),
        "cross-compulsory"
    );
    assert!(!game.moves(&t, 0).contains(&Move::Pass));
    // Another player may pass.
    assert!(game.check(&t, 1, Move::Pass).is_ok());
    play(
        &game,
        &mut t,
        0,
        Move::Cross(Color::Red, cells(board, &["B1"])),
    );
    // Orange has no cell: nothing can be crossed, passing is the move.
    let mut t = game.new_table(1);
    game.apply_chance(&mut t, roll("RYGBOA"));
    play(&game, &mut t, 0, Move::Choose(Color::Orange));
    play(&game, &mut t, 0, Move::Stop);
    assert_eq!(game.moves(&t, 0), [Move::Pass]);
}

#[test]
fn others_take_one_other_colour_of_the_last_roll() {
    let game = Game::new(tiny(""));
    let board = game.board();
    let mut t = game.new_table(3);
    game.apply_chance(&mut t, roll("RRYGGA"));
    play(&game, &mut t, 0, Move::Choose(Color::Red));
    play(&game, &mut t, 0, Move::Stop);
    // The active player's colour is not offered; the others' dice are.
    assert_eq!(
        game.check(&t, 1, Move::Cross(Color::Red, cells(board, &["B1", "A1"])))
            .unwrap_err()
            .kind(),
        "color-not-rolled"
    );
    assert_eq!(
        game.check(&t, 1, Move::Cross(Color::Blue, cells(board, &["D2"])))
            .unwrap_err()
            .kind(),
        "color-not-rolled"
    );
    // All the colour's dice or none.
    assert_eq!(
        breach(game.check(&t, 1, Move::Cross(Color::Green, cells(board, &["B3"])))),
        Breach::Count {
            color: "green",
            dice: 2,
            crosses: 1
        }
    );
    play(
        &game,
        &mut t,
        1,
        Move::Cross(Color::Green, cells(board, &["B3", "C3"])),
    );
    // Two players may take the same colour.
    play(
        &game,
        &mut t,
        2,
        Move::Cross(Color::Green, cells(board, &["B3", "C3"])),
    );
    // After a reroll, the last roll is what is offered.
    let mut t = game.new_table(2);
    game.apply_chance(&mut t, roll("RRYGGA"));
    play(&game, &mut t, 0, Move::Choose(Color::Red));
    play(&game, &mut t, 0, Move::Reroll);
    game.apply_chance(&mut t, roll("YYBA"));
    assert_eq!(t.offer(1).0, [0, 2, 0, 1, 0, 1]);
}

#[test]
fn one_cell_per_die_of_the_colour() {
    let board = tiny("");
    let mut s = Sheet::new(&board);
    assert_eq!(
        s.check_cross(&board, Color::Red, 2, &cells(&board, &["B1"])),
        Err(Breach::Count {
            color: "red",
            dice: 2,
            crosses: 1
        })
    );
    assert_eq!(
        s.check_cross(&board, Color::Red, 1, &cells(&board, &["C1"])),
        Err(Breach::Color {
            cells: vec!["C1".into()],
            color: "red"
        })
    );
    assert_eq!(
        s.check_cross(&board, Color::Red, 1, &cells(&board, &["B2"])),
        Err(Breach::Color {
            cells: vec!["B2".into()],
            color: "red"
        }),
        "the start cell is no zone cell"
    );
    s.cross(&board, &cells(&board, &["B1"]));
    assert_eq!(
        s.check_cross(&board, Color::Red, 1, &cells(&board, &["B1"])),
        Err(Breach::Crossed {
            cells: vec!["B1".into()]
        })
    );
}

#[test]
fn crosses_stay_in_one_zone() {
    let board = tiny("");
    let s = Sheet::new(&board);
    assert_eq!(
        s.check_cross(&board, Color::Red, 2, &cells(&board, &["B1", "A2"])),
        Err(Breach::TwoZones("1".into(), "4".into()))
    );
}

#[test]
fn crosses_touch_earlier_crosses() {
    let board = tiny("");
    let mut s = Sheet::new(&board);
    assert_eq!(
        s.check_cross(&board, Color::Red, 1, &cells(&board, &["A3"])),
        Err(Breach::Apart {
            cells: vec!["A3".into()]
        })
    );
    // Through a cross of the same move.
    assert!(
        s.check_cross(&board, Color::Red, 2, &cells(&board, &["A2", "A3"]))
            .is_ok()
    );
    // Through an earlier cross.
    s.cross(&board, &cells(&board, &["C2"]));
    assert!(
        s.check_cross(&board, Color::Blue, 1, &cells(&board, &["D2"]))
            .is_ok()
    );
    assert_eq!(
        s.check_cross(&board, Color::Blue, 1, &cells(&board, &["E2"])),
        Err(Breach::Apart {
            cells: vec!["E2".into()]
        })
    );
}

#[test]
fn one_open_zone_per_colour() {
    let board = tiny("");
    let mut s = Sheet::new(&board);
    s.cross(&board, &cells(&board, &["B1"]));
    assert_eq!(
        s.check_cross(&board, Color::Red, 1, &cells(&board, &["A2"])),
        Err(Breach::OpenZone {
            color: "red",
            open: "1".into(),
            new: "4".into()
        })
    );
    s.cross(&board, &cells(&board, &["A1"]));
    assert!(
        s.check_cross(&board, Color::Red, 1, &cells(&board, &["A2"]))
            .is_ok(),
        "zone 1 finished"
    );
}

#[test]
fn overshoot_crosses_nothing() {
    let game = Game::new(tiny(""));
    let board = game.board();
    // Every red zone within reach has two cells: three red dice cross
    // nothing, and the active player passes.
    let mut t = game.new_table(1);
    game.apply_chance(&mut t, roll("RRRYGB"));
    play(&game, &mut t, 0, Move::Choose(Color::Red));
    play(&game, &mut t, 0, Move::Stop);
    assert_eq!(game.moves(&t, 0), [Move::Pass]);
    assert_eq!(
        t.sheets[0].target(board, Color::Red, 3),
        rollx::diceland::Target::Overshoot
    );
    // An open zone with one free cell takes one die, not two.
    let mut s = Sheet::new(board);
    s.cross(board, &cells(board, &["B1"]));
    assert!(s.can_cross(board, Color::Red, 1));
    assert!(!s.can_cross(board, Color::Red, 2));
    // In a bonus roll too.
    let mut t = game.new_table(1);
    t.sheets[0] = s;
    t.phase = Phase::BonusRoll(0);
    t.bonus[0] = 1;
    game.apply_chance(&mut t, roll("RRYYY"));
    let moves = game.moves(&t, 0);
    assert!(
        moves
            .iter()
            .all(|m| !matches!(m, Move::Cross(Color::Red, _))),
        "{moves:?}"
    );
}

#[test]
fn stars_give_bonus_rolls_that_chain() {
    let game = Game::new(tiny(""));
    let board = game.board();
    let mut t = game.new_table(1);
    game.apply_chance(&mut t, roll("RYGBOA"));
    play(&game, &mut t, 0, Move::Choose(Color::Red));
    play(&game, &mut t, 0, Move::Stop);
    play(
        &game,
        &mut t,
        0,
        Move::Cross(Color::Red, cells(board, &["B1"])),
    );
    assert_eq!(t.phase, Phase::BonusRoll(0));
    game.apply_chance(&mut t, roll("YYAAA"));
    // One colour of the bonus roll, all its dice, no reroll.
    assert_eq!(
        game.check(&t, 0, Move::Reroll).unwrap_err().kind(),
        "out-of-turn"
    );
    assert_eq!(
        game.check(&t, 0, Move::Cross(Color::Green, cells(board, &["B3"])))
            .unwrap_err()
            .kind(),
        "color-not-rolled"
    );
    // Optional.
    assert!(game.check(&t, 0, Move::Pass).is_ok());
    // D1 is a star: another bonus roll at once.
    play(
        &game,
        &mut t,
        0,
        Move::Cross(Color::Yellow, cells(board, &["C2", "D1"])),
    );
    assert_eq!(t.phase, Phase::BonusRoll(0));
    game.apply_chance(&mut t, roll("OOOOO"));
    play(&game, &mut t, 0, Move::Pass);
    assert_eq!(t.phase, Phase::Roll, "the next turn");
    assert_eq!(t.sheets[0].stars, 2);
}

#[test]
fn bonus_rolls_go_clockwise_from_the_active_player() {
    let game = Game::new(tiny(""));
    let board = game.board();
    let mut t = game.new_table(3);
    // Turn 1: orange has no cell, everyone passes; seat 2 is active next.
    game.apply_chance(&mut t, roll("RYGBOA"));
    play(&game, &mut t, 0, Move::Choose(Color::Orange));
    play(&game, &mut t, 0, Move::Stop);
    for p in 0..3 {
        play(&game, &mut t, p, Move::Pass);
    }
    assert_eq!(t.active, 1);
    // Turn 2: seats 1 and 3 cross a star each.
    game.apply_chance(&mut t, roll("RYGBOA"));
    play(&game, &mut t, 1, Move::Choose(Color::Blue));
    play(&game, &mut t, 1, Move::Stop);
    play(&game, &mut t, 1, Move::Pass);
    play(
        &game,
        &mut t,
        0,
        Move::Cross(Color::Red, cells(board, &["B1"])),
    );
    play(
        &game,
        &mut t,
        2,
        Move::Cross(Color::Green, cells(board, &["C3"])),
    );
    // Clockwise from the active seat 2: seat 3 first, then seat 1.
    assert_eq!(t.phase, Phase::BonusRoll(2));
    game.apply_chance(&mut t, roll("OOOOO"));
    play(&game, &mut t, 2, Move::Pass);
    assert_eq!(t.phase, Phase::BonusRoll(0));
    game.apply_chance(&mut t, roll("OOOOO"));
    play(&game, &mut t, 0, Move::Pass);
    assert_eq!((t.phase, t.active), (Phase::Roll, 2));
}

#[test]
fn the_first_to_the_goal_wins() {
    let game = Game::new(tiny("[goal]\nstars = 2\ncolors = 1\n"));
    let board = game.board();
    let mut t = game.new_table(1);
    let mut sheet = Sheet::new(board);
    sheet.cross(board, &cells(board, &["B1", "A1"]));
    assert_eq!(sheet.complete_colors(), 0, "red has four cells");
    sheet.cross(board, &cells(board, &["A2"]));
    assert!(!sheet.reached_goal(board), "one star");
    t.sheets[0] = sheet;
    game.apply_chance(&mut t, roll("RYGBOA"));
    play(&game, &mut t, 0, Move::Choose(Color::Red));
    play(&game, &mut t, 0, Move::Stop);
    play(
        &game,
        &mut t,
        0,
        Move::Cross(Color::Red, cells(board, &["A3"])),
    );
    assert!(t.sheets[0].reached_goal(board));
    assert_eq!(
        (t.phase, t.winners()),
        (Phase::Over, vec![0]),
        "no bonus roll is taken"
    );
}

#[test]
fn several_players_can_win_together() {
    let game = Game::new(tiny("[goal]\nstars = 1\ncolors = 0\n"));
    let board = game.board();
    let mut t = game.new_table(3);
    game.apply_chance(&mut t, roll("RYGBOA"));
    play(&game, &mut t, 0, Move::Choose(Color::Red));
    play(&game, &mut t, 0, Move::Stop);
    play(
        &game,
        &mut t,
        0,
        Move::Cross(Color::Red, cells(board, &["B1"])),
    );
    play(&game, &mut t, 1, Move::Pass);
    play(
        &game,
        &mut t,
        2,
        Move::Cross(Color::Green, cells(board, &["C3"])),
    );
    assert_eq!((t.phase, t.winners()), (Phase::Over, vec![0, 2]));
}

#[test]
fn a_bonus_roll_winner_wins_alone() {
    let game = Game::new(tiny("[goal]\nstars = 2\ncolors = 0\n"));
    let board = game.board();
    let mut t = game.new_table(2);
    game.apply_chance(&mut t, roll("RYGBOA"));
    play(&game, &mut t, 0, Move::Choose(Color::Red));
    play(&game, &mut t, 0, Move::Stop);
    play(
        &game,
        &mut t,
        0,
        Move::Cross(Color::Red, cells(board, &["B1"])),
    );
    play(
        &game,
        &mut t,
        1,
        Move::Cross(Color::Green, cells(board, &["C3"])),
    );
    assert_eq!(t.phase, Phase::BonusRoll(0));
    game.apply_chance(&mut t, roll("YYOOO"));
    play(
        &game,
        &mut t,
        0,
        Move::Cross(Color::Yellow, cells(board, &["C2", "D1"])),
    );
    assert_eq!(
        (t.phase, t.winners()),
        (Phase::Over, vec![0]),
        "seat 2's bonus roll is not taken"
    );
    assert_eq!(t.bonus[1], 1);
}

#[test]
fn one_bonus_roll_per_crossing_is_an_option() {
    // The tiny board with A2 a star too: zone 4 has two.
    let text = "[game]\nfamily = \"diceland\"\n[board]\nid = \"tiny2\"\nname = \"Tiny\"\n[grid]\nrows = [\n  \"R1  R1* Y2  Y2*  B3\",\n  \"  R4* @   Y2   B3  B3*\",\n  \"R4* G5  G5*  A6   A6*\",\n]\n[goal]\nstars = 4\n";
    let board = rollx::diceland::check_bytes(
        &rollx::source::DiskFiles,
        Path::new("t.toml"),
        text.as_bytes().to_vec(),
    )
    .board
    .unwrap();
    for (per_star, rolls) in [(true, 2), (false, 1)] {
        let options = rollx::diceland::Options {
            bonus_per_star: per_star,
            ..Default::default()
        };
        let game = Game::with_options(board.clone(), options);
        let mut t = game.new_table(1);
        game.apply_chance(&mut t, roll("RRYGBA"));
        play(&game, &mut t, 0, Move::Choose(Color::Red));
        play(&game, &mut t, 0, Move::Stop);
        play(
            &game,
            &mut t,
            0,
            Move::Cross(Color::Red, cells(game.board(), &["A2", "A3"])),
        );
        assert_eq!(t.sheets[0].stars, 2);
        assert_eq!(
            (t.phase, t.bonus[0]),
            (Phase::BonusRoll(0), rolls),
            "per star: {per_star}"
        );
    }
}

// ---------------------------------------------------------------------------
// Properties over states of play.

/// Random games on `board`: calls `each` with every state where a player
/// decides, and that player's seat.
fn states(board: &Board, games: u64, players: usize, mut each: impl FnMut(&Game, &Table, usize)) {
    let game = Game::new(board.clone());
    for seed in 0..games {
        let mut dice = Dice::seed_from_u64(seed);
        let mut table = game.new_table(players);
        let mut seats: Vec<_> = (0..players)
            .map(|p| {
                player_by_name(
                    if p % 2 == 0 { "random" } else { "greedy" },
                    seed * 10 + p as u64,
                )
                .unwrap()
            })
            .collect();
        let mut guard = 0;
        loop {
            guard += 1;
            assert!(guard < 20_000, "a game ends");
            match game.actor(&table) {
                Actor::Over => break,
                Actor::Chance => {
                    let r = game.sample_chance(&table, &mut dice);
                    game.apply_chance(&mut table, r);
                }
                Actor::Player(p) => {
                    each(&game, &table, p);
                    let mv = seats[p].choose(&game, &table, p);
                    game.apply(&mut table, p, mv);
                }
                Actor::AllPlayers => {
                    for (p, seat) in seats.iter_mut().enumerate() {
                        if game.must_move(&table, p) {
                            each(&game, &table, p);
                            let mv = seat.choose(&game, &table, p);
                            game.apply(&mut table, p, mv);
                        }
                    }
                }
            }
        }
    }
}

/// A move near the legal ones: a colour, or cells around the player's
/// crosses.
fn nearby_move(board: &Board, table: &Table, p: usize, rng: &mut Dice) -> Move {
    let color = Color::ALL[rng.random_range(0..6usize)];
    match rng.random_range(0..6u32) {
        0 => Move::Choose(color),
        1 => Move::Stop,
        2 => Move::Reroll,
        3 => Move::Pass,
        _ => {
            let sheet = &table.sheets[p];
            let mut pool: Vec<usize> = sheet.frontier.iter().collect();
            for i in sheet.frontier.iter() {
                pool.extend(board.neighbors(i).iter());
            }
            let n = rng.random_range(1..=4usize);
            let cells: CellSet = (0..n)
                .map(|_| pool[rng.random_range(0..pool.len().max(1))])
                .collect();
            Move::Cross(color, cells)
        }
    }
}

#[test]
fn the_move_generator_and_the_rule_check_agree_both_ways() {
    let mut rng = Dice::seed_from_u64(7);
    let mut checked = 0;
    let mut legal_found = 0;
    let mut boards: Vec<Board> = (1..=4).map(shipped).collect();
    boards.push(tiny("[goal]\nstars = 5\n"));
    for board in &boards {
        states(board, 6, 3, |game, table, p| {
            let moves = game.moves(table, p);
            assert!(!moves.is_empty());
            for &m in &moves {
                assert!(game.check(table, p, m).is_ok(), "{m:?} listed but refused");
            }
            for _ in 0..8 {
                let m = nearby_move(game.board(), table, p, &mut rng);
                let ok = game.check(table, p, m).is_ok();
                assert_eq!(ok, moves.contains(&m), "{m:?}: check {ok}, listed {}", !ok);
                checked += 1;
                legal_found += usize::from(ok);
            }
        });
    }
    assert!(checked > 5_000, "{checked} moves checked");
    assert!(
        legal_found > 200,
        "the sample hits legal moves too: {legal_found}"
    );
}

#[test]
fn computer_games_referee_clean_and_repeat() {
    for board in [shipped(1), shipped(3)] {
        let game = Game::new(board);
        for seed in 0..12u64 {
            let players = 1 + (seed % 4) as usize;
            let policies: Vec<String> = (0..players)
                .map(|p| {
                    ["random", "greedy", "greedy", "random"][(p + seed as usize) % 4].to_string()
                })
                .collect();
            let played = play_game(&game, seed, &policies, None).unwrap();
            assert_eq!(played.log.finished, played.table.phase == Phase::Over);
            assert!(played.log.finished, "seed {seed}: the game ends");
            let verdict = referee(&game, &played.log).unwrap();
            assert!(verdict.is_clean(), "seed {seed}: {verdict:?}");
            assert_eq!(verdict.winners, played.log.result);
            // Every player's finished sheet checks clean the paper way.
            for (p, sheet) in played.table.sheets.iter().enumerate() {
                let text =
                    rollx::diceland::filled_toml(game.board(), sheet, Some(&played.log.players[p]));
                let v = rollx::diceland::check_filled(
                    game.board(),
                    Path::new("s.toml"),
                    text.into_bytes(),
                );
                let r = v.result.unwrap_or_else(|| panic!("{:?}", v.diagnostics));
                assert!(r.is_clean(), "seed {seed}, seat {p}: {:?}", v.diagnostics);
                assert_eq!(r.reached_goal, sheet.reached_goal(game.board()));
                if played.table.winners().contains(&p) {
                    assert!(r.reached_goal, "a winner's sheet reaches the goal");
                }
            }
            // The log read back is the same game.
            let again = GameLog::parse(&played.log.to_json()).unwrap();
            assert_eq!(again, played.log);
            // The same seed, the same game.
            let replay = play_game(&game, seed, &policies, None).unwrap();
            assert_eq!(replay.log, played.log);
        }
    }
}

#[test]
fn strong_games_referee_clean() {
    let game = Game::new(shipped(2));
    for seed in 0..2u64 {
        let policies: Vec<String> = ["strong", "greedy"].iter().map(|s| s.to_string()).collect();
        let played = play_game(&game, seed, &policies, None).unwrap();
        let verdict = referee(&game, &played.log).unwrap();
        assert!(verdict.is_clean(), "{verdict:?}");
        assert!(!played.log.result.is_empty());
    }
    assert_eq!(PLAYERS, ["random", "greedy", "strong"]);
}

#[test]
fn the_strong_player_finishes_when_an_offer_lets_it() {
    // Seat 2 has green complete and three stars (B1, A3, C3); the goal
    // wants four. Seat 1 keeps green from GRAYYY: seat 2 may take the red
    // die (A1), the grey (D3) or the three yellow (C1 C2 D1, the fourth
    // star).
    let game = Game::new(tiny(""));
    let board = game.board();
    let mut t = game.new_table(2);
    let mut sheet = Sheet::new(board);
    for c in ["B3", "C3", "B1", "A2", "A3"] {
        sheet.cross(board, &cells(board, &[c]));
    }
    assert_eq!(sheet.stars, 3);
    t.sheets[1] = sheet;
    let finish = rollx::diceland::finish_chance(board, &t.sheets[1]);
    assert!(finish > 0.0 && finish < 1.0, "{finish}");
    assert_eq!(
        rollx::diceland::finish_chance(board, &Sheet::new(board)),
        0.0
    );
    game.apply_chance(&mut t, roll("GRAYYY"));
    play(&game, &mut t, 0, Move::Choose(Color::Green));
    play(&game, &mut t, 0, Move::Stop);
    play(
        &game,
        &mut t,
        0,
        Move::Cross(Color::Green, cells(board, &["B3"])),
    );
    let mut strong = player_by_name("strong", 0).unwrap();
    let mv = strong.choose(&game, &t, 1);
    play(&game, &mut t, 1, mv);
    assert!(t.sheets[1].reached_goal(board), "{mv:?}");
    assert_eq!(t.winners(), vec![1]);
}

/// The first event of `log` that is a move matching `pred`, as (turn,
/// event).
fn find_move(log: &GameLog, pred: impl Fn(&str) -> bool) -> (usize, usize) {
    for (t, turn) in log.turns.iter().enumerate() {
        for (e, ev) in turn.events.iter().enumerate() {
            if let Event::Move { mv, .. } = ev
                && pred(mv)
            {
                return (t, e);
            }
        }
    }
    panic!("no such move");
}

#[test]
fn corrupted_logs_are_caught() {
    let game = Game::new(shipped(1));
    let policies: Vec<String> = vec!["greedy".into(), "greedy".into()];
    let log = play_game(&game, 5, &policies, None).unwrap().log;
    // The findings that do not follow from an earlier one, in the order
    // of play.
    let findings = |log: &GameLog| {
        let v = referee(&game, log).unwrap();
        v.findings
            .iter()
            .filter_map(|f| match *f {
                Finding::Problem(i) => {
                    let p = &v.problems[i];
                    p.follows_from.is_none().then_some((p.turn, p.kind))
                }
                Finding::Violation(i) => {
                    let x = &v.violations[i];
                    x.follows_from.is_none().then_some((Some(x.turn), x.kind))
                }
            })
            .collect::<Vec<_>>()
    };
    let kinds = |log: &GameLog| {
        findings(log)
            .into_iter()
            .map(|(_, k)| k)
            .collect::<Vec<_>>()
    };
    assert!(kinds(&log).is_empty());

    // A die too many in the first roll: the roll is replayed as written,
    // and the game goes on clean.
    let mut bad = log.clone();
    let Event::Roll { roll } = &mut bad.turns[0].events[0] else {
        unreachable!()
    };
    roll.push('B');
    assert_eq!(findings(&bad), [(Some(1), "wrong-dice")]);
    // Another roll altogether: what the players did on it breaks rules in
    // that turn only; everything later is legal on the sheets as written.
    let mut bad = log.clone();
    bad.turns[0].events[0] = Event::Roll {
        roll: "RRYYGGB".into(),
    };
    let found = findings(&bad);
    assert_eq!(found[0], (Some(1), "wrong-dice"));
    assert!(found.iter().all(|(t, _)| *t == Some(1)), "{found:?}");

    // A crossing moved to a cell far from every cross.
    let mut bad = log.clone();
    let (t, e) = find_move(&bad, |m| m.starts_with("cross"));
    let Event::Move { mv, .. } = &mut bad.turns[t].events[e] else {
        unreachable!()
    };
    let words: Vec<&str> = mv.split_whitespace().collect();
    *mv = format!("cross {} K9", words[1]);
    assert!(
        kinds(&bad).iter().any(|k| k.starts_with("cross-")),
        "{:?}",
        kinds(&bad)
    );

    // The last turn cut off, whether or not the log says it is finished.
    let mut bad = log.clone();
    bad.turns.pop();
    assert_eq!(kinds(&bad), ["incomplete"]);
    bad.finished = false;
    let v = referee(&game, &bad).unwrap();
    assert!(!v.is_clean() && v.is_clean_so_far() && !v.complete);

    // A winner claimed who did not win.
    let mut bad = log.clone();
    bad.result = vec!["greedy 1".into(), "greedy 2".into()];
    assert_eq!(kinds(&bad), ["wrong-winners"]);

    // A move by someone not at the table, and one that cannot be read.
    let mut bad = log.clone();
    let (t, e) = find_move(&bad, |_| true);
    if let Event::Move { player, .. } = &mut bad.turns[t].events[e] {
        *player = "nobody".into();
    }
    assert_eq!(kinds(&bad)[0], "unknown-player");
    assert!(findings(&bad).iter().all(|(turn, _)| *turn == Some(t + 1)));
    let mut bad = log.clone();
    if let Event::Move { mv, .. } = &mut bad.turns[t].events[e] {
        *mv = "choose purple".into();
    }
    assert_eq!(kinds(&bad)[0], "bad-move");
    assert!(findings(&bad).iter().all(|(turn, _)| *turn == Some(t + 1)));

    // A board changed since.
    let other = Game::new(shipped(2));
    assert!(referee(&other, &log).is_err());
}

#[test]
fn every_truncation_of_every_shipped_board_is_read_without_panic() {
    for n in 1..=4 {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("maps/diceland-{n}.toml"));
        let bytes = std::fs::read(&path).unwrap();
        for end in (0..bytes.len()).step_by(3) {
            let result = std::panic::catch_unwind(|| {
                rollx::diceland::check_bytes(
                    &rollx::source::DiskFiles,
                    &path,
                    bytes[..end].to_vec(),
                )
            });
            assert!(
                result.is_ok(),
                "{} cut at byte {end} panics",
                path.display()
            );
        }
    }
}

#[test]
fn a_cell_name_of_any_length_is_read_without_overflow() {
    let board = shipped(1);
    assert!(board.cell_by_name("A1").is_some());
    // 26^14 and more overflow a 64-bit column number: such a name names no
    // cell, in a move typed or a log read.
    for letters in [14, 20, 100] {
        let name = format!("{}1", "Z".repeat(letters));
        assert_eq!(board.cell_by_name(&name), None, "{name}");
    }
}

/// A player's paper, built apart from the referee: every cell their
/// crossings of `log` before event `upto` (turn, event) name, crossed in a
/// shuffled order (the order of play must not matter).
fn paper(
    board: &Board,
    log: &GameLog,
    player: &str,
    upto: (usize, usize),
    rng: &mut rand_pcg::Pcg64Mcg,
) -> Sheet {
    let mut crossings: Vec<CellSet> = Vec::new();
    'log: for (t, turn) in log.turns.iter().enumerate() {
        for (i, e) in turn.events.iter().enumerate() {
            if (t, i) >= upto {
                break 'log;
            }
            // A cell written twice is on paper once.
            let mut words: Vec<&str> = Vec::new();
            if let Event::Move { mv, .. } = e {
                for w in mv.split_whitespace() {
                    if !words.contains(&w) {
                        words.push(w);
                    }
                }
            }
            if let Event::Move { player: p, .. } = e
                && p == player
                && let Ok(Move::Cross(_, cells)) =
                    rollx::diceland::parse_move(board, &words.join(" "))
            {
                crossings.push(cells);
            }
        }
    }
    for i in (1..crossings.len()).rev() {
        crossings.swap(i, rng.random_range(0..=i));
    }
    let mut sheet = Sheet::new(board);
    for cells in crossings {
        let fresh = cells.and(board.zone_cells()).minus(&sheet.crossed);
        sheet.cross(board, &fresh);
    }
    sheet
}

/// The findings of the log referee agree with a player's paper built
/// apart, whatever the order of play: in games with one crossing edited
/// (a cell dropped, or one moved to another cell of the colour), a move
/// the referee says only follows from an earlier crossing that crossed
/// nothing is one the player's paper allows, a crossing it calls a mistake
/// of its own breaks a rule on that paper too, and one reported on paper
/// only breaks a rule there. (A crossing is judged here for where its
/// crosses go, not for its count of dice.)
#[test]
fn the_referee_tags_what_follows_from_a_mistake_as_the_paper_shows_it() {
    let (mut follows, mut own, mut on_paper) = (0, 0, 0);
    for board_n in [1, 2] {
        let game = Game::new(shipped(board_n));
        let board = game.board();
        for seed in 0..150u64 {
            let policies: Vec<String> = ["greedy", "random", "greedy"]
                .iter()
                .map(|s| s.to_string())
                .collect();
            let mut log = play_game(&game, seed, &policies, None).unwrap().log;
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
            // Edit one crossing of the first few turns.
            let crossings: Vec<(usize, usize)> = log
                .turns
                .iter()
                .enumerate()
                .take(6)
                .flat_map(|(t, turn)| {
                    turn.events
                        .iter()
                        .enumerate()
                        .filter_map(move |(i, e)| match e {
                            Event::Move { mv, .. } if mv.starts_with("cross ") => Some((t, i)),
                            _ => None,
                        })
                })
                .collect();
            let Some(&(t, i)) = crossings.get(rng.random_range(0..crossings.len().max(1))) else {
                continue;
            };
            let Event::Move { mv, .. } = &mut log.turns[t].events[i] else {
                unreachable!()
            };
            let mut words: Vec<String> = mv.split_whitespace().map(str::to_string).collect();
            let color = Color::by_id(&words[1]).unwrap();
            if seed % 2 == 0 && words.len() > 3 {
                words.pop();
            } else {
                let others: Vec<usize> = board.color_cells(color).iter().collect();
                let pick = others[rng.random_range(0..others.len())];
                let last = words.len() - 1;
                words[last] = board.cell_name(pick);
            }
            *mv = words.join(" ");
            let v = referee(&game, &log).unwrap();
            // Each violation, matched with its event.
            let mut used = std::collections::HashSet::new();
            for x in &v.violations {
                let Some(Move::Cross(c, cells)) = rollx::diceland::parse_move(board, &x.mv).ok()
                else {
                    continue;
                };
                if x.kind == "cross-count" || x.kind == "cell-twice" {
                    continue;
                }
                let turn = &log.turns[x.turn - 1];
                let Some(i) = (0..turn.events.len()).find(|&i| {
                    !used.contains(&(x.turn, i))
                        && matches!(&turn.events[i], Event::Move { player, mv } if *player == x.player && *mv == x.mv)
                }) else {
                    continue;
                };
                used.insert((x.turn, i));
                let mut legal = None;
                for _ in 0..3 {
                    let p = paper(board, &log, &x.player, (x.turn - 1, i), &mut rng);
                    let ok = p.check_cross(board, c, cells.len(), &cells).is_ok();
                    assert!(
                        legal.is_none_or(|l| l == ok),
                        "seed {seed}: the order of play decides"
                    );
                    legal = Some(ok);
                }
                let legal = legal.unwrap();
                let what = format!("board {board_n} seed {seed}, edited turn {}: {x:?}", t + 1);
                if x.follows_from.is_some() {
                    assert!(
                        legal,
                        "{what}: tagged as following, but the paper refuses it"
                    );
                    follows += 1;
                } else if x.on_paper {
                    assert!(!legal, "{what}: a mistake on paper that the paper allows");
                    on_paper += 1;
                } else if x.kind.starts_with("cross-") {
                    assert!(!legal, "{what}: a mistake of its own that the paper allows");
                    own += 1;
                }
            }
        }
    }
    assert!(
        follows > 100 && own > 20 && on_paper > 5,
        "{follows} {own} {on_paper}"
    );
}
