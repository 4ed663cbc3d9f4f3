//! The Encore rules, one test per rule sentence of docs/encore-rules.md
//! (small hand-made situations on the black board and on tiny boards), and
//! properties over thousands of states reached by play on the black board
//! and on generated boards with other dice: the move generator lists
//! exactly the moves the rule check accepts, seeded games repeat, and the
//! score adds up.

mod encore_black;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::Path;

use rand::{RngExt, SeedableRng};
use rollx::encore::{Board, ColorId, Points};
use rollx::encore::{
    Broken, ColorFace, Cross, DieKind, Game, Move, NumberFace, Options, Phase, Roll, SoloDice,
    StarCap, StartColumn, Table, solo_band, solo_bands,
};
use rollx::encore::{Greedy, RandomPlayer};
use rollx::engine::{self, Actor, Dice, Player, Rules, Watcher};

// ---------------------------------------------------------------------------
// Helpers.

fn black_board() -> Board {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/encore-black.toml");
    rollx::families::load(&path)
        .unwrap()
        .take()
        .expect("an Encore board")
}

fn black() -> Game {
    Game::new(black_board()).unwrap()
}

/// A tiny board (letters r o y g b, upper case a star; each column worth 2
/// first and 1 later), started from `start`.
fn tiny_board(rows: &[&str], start: usize) -> Board {
    let columns = rows[0].len();
    let mut b = encore_black::board_from(rows, vec![Points { first: 2, later: 1 }; columns]);
    b.start_column = start;
    b
}

fn tiny(rows: &[&str], start: usize) -> Game {
    Game::new(tiny_board(rows, start)).unwrap()
}

/// The colour with letter `letter`.
fn color(game: &Game, letter: char) -> ColorId {
    let i = game
        .board()
        .colors
        .iter()
        .position(|c| c.letter == letter)
        .unwrap_or_else(|| panic!("no colour {letter}"));
    ColorId(i as u8)
}

/// A colour face: a colour letter, or `k` for the black joker.
fn color_face(game: &Game, ch: char) -> ColorFace {
    if ch == 'k' {
        ColorFace::Joker
    } else {
        ColorFace::Color(color(game, ch))
    }
}

/// A number face: a digit, or `?`.
fn number_face(ch: char) -> NumberFace {
    if ch == '?' {
        NumberFace::Joker
    } else {
        NumberFace::Number(ch.to_digit(10).unwrap() as u8)
    }
}

/// Dice showing these faces (`"gbk"`, `"35?"`).
fn roll(game: &Game, colors: &str, numbers: &str) -> Roll {
    let c: Vec<ColorFace> = colors.chars().map(|ch| color_face(game, ch)).collect();
    let n: Vec<NumberFace> = numbers.chars().map(number_face).collect();
    Roll::new(&c, &n).unwrap()
}

/// The box named as printed (`H4`).
fn at(game: &Game, name: &str) -> usize {
    let col = (name.as_bytes()[0] - b'A') as usize;
    let row: usize = name[1..].parse().unwrap();
    (row - 1) * game.board().columns + col
}

fn boxes(game: &Game, names: &[&str]) -> rollx::encore::Boxes {
    rollx::encore::Boxes::of(names.iter().map(|n| at(game, n)))
}

/// A cross with the colour die `die` (a letter, or `k`) and the number die
/// `number_die` (a digit or `?`), crossing `names` of colour `col`.
fn cross(game: &Game, die: char, number_die: char, col: char, names: &[&str]) -> Move {
    Move::Cross(Cross {
        color_die: color_face(game, die),
        number_die: number_face(number_die),
        color: color(game, col),
        number: names.len() as u8,
        boxes: boxes(game, names),
    })
}

/// Plays the cross of `dice` (colour die, number die, and the colour
/// crossed when the colour die is the joker: `"b2"`, `"k?b"`) on `names`.
fn take(game: &Game, table: &mut Table, player: usize, dice: &str, names: &[&str]) {
    let d: Vec<char> = dice.chars().collect();
    let col = *d.get(2).unwrap_or(&d[0]);
    play(game, table, player, cross(game, d[0], d[1], col, names));
}

/// Plays a legal move (the test fails with the rules it breaks otherwise).
fn play(game: &Game, table: &mut Table, player: usize, mv: Move) {
    assert_eq!(game.check(table, player, &mv), [], "{mv:?}");
    Rules::apply(game, table, player, mv);
}

/// Everyone still to choose passes.
fn all_pass(game: &Game, table: &mut Table) {
    while let Actor::Player(_) | Actor::AllPlayers = game.actor(table) {
        for p in 0..table.players() {
            if table.is_waiting(p) {
                play(game, table, p, Move::Pass);
            }
        }
    }
}

/// A table of `players` after the open rolls (everyone passed), its next
/// roll the first with an active player who takes dice first.
fn after_open_rolls(game: &Game, players: usize) -> Table {
    let mut t = game.new_table(players);
    for _ in 0..3 {
        game.put_roll(&mut t, roll(game, "ggg", "111"));
        all_pass(game, &mut t);
    }
    t
}

/// A table of `players` with its first roll on it.
fn rolled(game: &Game, players: usize, colors: &str, numbers: &str) -> Table {
    let mut t = game.new_table(players);
    game.put_roll(&mut t, roll(game, colors, numbers));
    t
}

fn broken(game: &Game, table: &Table, player: usize, mv: Move) -> Vec<Broken> {
    game.check(table, player, &mv)
}

fn listed(game: &Game, table: &Table, player: usize) -> Vec<Move> {
    Rules::legal_moves(game, table, player)
}

// ---------------------------------------------------------------------------
// Dice and turns.

#[test]
fn each_roll_throws_every_colour_die_and_every_number_die() {
    let game = black();
    let mut rng = Dice::seed_from_u64(1);
    let table = game.new_table(4);
    let mut seen_colors = HashSet::new();
    let mut seen_numbers = HashSet::new();
    for _ in 0..500 {
        let r = game.sample_roll(&table, &mut rng);
        assert_eq!((r.colors().len(), r.numbers().len()), (3, 3));
        seen_colors.extend(r.colors().iter().copied());
        seen_numbers.extend(r.numbers().iter().copied());
    }
    // Five colours and the black joker; 1 to 5 and the "?".
    assert_eq!(seen_colors.len(), 6);
    assert!(seen_colors.contains(&ColorFace::Joker));
    assert_eq!(seen_numbers.len(), 6);
    assert!(seen_numbers.contains(&NumberFace::Joker));
    assert!(!seen_numbers.contains(&NumberFace::Number(6)));
    // A board without jokers rolls none.
    let mut b = black_board();
    b.dice.jokers = false;
    let plain = Game::new(b).unwrap();
    for _ in 0..200 {
        let r = plain.sample_roll(&table, &mut rng);
        assert!(!r.colors().contains(&ColorFace::Joker));
        assert!(!r.numbers().contains(&NumberFace::Joker));
    }
}

#[test]
fn the_active_player_takes_one_colour_die_and_one_number_die_or_passes() {
    let game = black();
    let mut t = after_open_rolls(&game, 4);
    game.put_roll(&mut t, roll(&game, "gyb", "235"));
    // The fourth roll's active player is seat 3, alone to choose.
    assert_eq!(game.actor(&t), Actor::Player(3));
    assert!(t.is_waiting(3) && !t.is_waiting(0));
    let moves = listed(&game, &t, 3);
    assert_eq!(moves[0], Move::Pass);
    assert!(moves.contains(&cross(&game, 'b', '2', 'b', &["H4", "H5"])));
    // A die not rolled, or two colours, are no choice.
    assert_eq!(
        broken(&game, &t, 3, cross(&game, 'r', '2', 'r', &["H2", "H3"])),
        [
            Broken::DieNotRolled {
                die: DieKind::Color
            },
            Broken::WrongColor {
                at: boxes(&game, &["H2"])
            }
        ]
    );
    // Someone else may not choose yet.
    assert_eq!(broken(&game, &t, 0, Move::Pass), [Broken::NotYourChoice]);
    assert!(listed(&game, &t, 0).is_empty());
}

#[test]
fn then_every_other_player_chooses_from_the_dice_left_or_passes() {
    let game = black();
    let mut t = after_open_rolls(&game, 3);
    // Roll 4: seat 0 is active (4 mod 3 = 1 roll past seat 2).
    game.put_roll(&mut t, roll(&game, "gyb", "235"));
    assert_eq!(game.actor(&t), Actor::Player(0));
    take(&game, &mut t, 0, "b2", &["H4", "H5"]);
    assert_eq!(game.actor(&t), Actor::AllPlayers);
    assert!(!t.is_waiting(0) && t.is_waiting(1) && t.is_waiting(2));
    let left = game.dice_for(&t, 1);
    assert_eq!(left, roll(&game, "gy", "35"));
    // The blue die and the 2 are gone.
    assert_eq!(
        broken(
            &game,
            &t,
            1,
            cross(&game, 'b', '3', 'b', &["G4", "H4", "H5"])
        ),
        [Broken::DieTaken {
            die: DieKind::Color
        }]
    );
    assert_eq!(
        broken(&game, &t, 1, cross(&game, 'y', '2', 'y', &["H6", "H7"])),
        [Broken::DieTaken {
            die: DieKind::Number
        }]
    );
    assert!(
        listed(&game, &t, 1)
            .iter()
            .all(|m| !matches!(m, Move::Cross(c) if c.color_die == color_face(&game, 'b')))
    );
    take(&game, &mut t, 1, "y3", &["H6", "H7", "I7"]);
    play(&game, &mut t, 2, Move::Pass);
    assert_eq!(game.actor(&t), Actor::Chance);
}

#[test]
fn a_die_the_active_player_took_stays_for_the_others_when_another_shows_the_same() {
    let game = black();
    let mut t = after_open_rolls(&game, 2);
    game.put_roll(&mut t, roll(&game, "bbg", "223"));
    let active = t.active();
    take(&game, &mut t, active, "b2", &["H4", "H5"]);
    let other = 1 - active;
    assert_eq!(game.dice_for(&t, other), roll(&game, "bg", "23"));
    take(&game, &mut t, other, "b2", &["H4", "H5"]);
}

#[test]
fn in_the_first_three_rolls_everyone_chooses_from_all_the_dice() {
    let game = black();
    let mut t = game.new_table(3);
    for r in 1..=3 {
        game.put_roll(&mut t, roll(&game, "ygb", "52?"));
        assert_eq!(game.actor(&t), Actor::AllPlayers, "roll {r}");
        for p in 0..3 {
            assert!(t.is_waiting(p));
            assert_eq!(game.dice_for(&t, p), *t.roll());
        }
        all_pass(&game, &mut t);
    }
    game.put_roll(&mut t, roll(&game, "ygb", "52?"));
    assert_eq!(game.actor(&t), Actor::Player(0));
}

#[test]
fn several_players_may_take_the_same_dice() {
    let game = black();
    let mut t = rolled(&game, 3, "ygb", "52?");
    let yellow5 = cross(&game, 'y', '5', 'y', &["H6", "I6", "H7", "I7", "J7"]);
    for p in 0..3 {
        play(&game, &mut t, p, yellow5);
    }
}

#[test]
fn when_the_active_player_passes_the_others_choose_from_all_the_dice() {
    let game = black();
    let mut t = after_open_rolls(&game, 2);
    game.put_roll(&mut t, roll(&game, "ygb", "523"));
    let active = t.active();
    play(&game, &mut t, active, Move::Pass);
    assert_eq!(game.dice_for(&t, 1 - active), *t.roll());
}

#[test]
fn the_dice_pass_to_the_next_player_each_roll() {
    let game = black();
    let mut t = game.new_table(3);
    let mut actives = Vec::new();
    for _ in 0..7 {
        game.put_roll(&mut t, roll(&game, "ygb", "523"));
        actives.push(t.active());
        all_pass(&game, &mut t);
    }
    assert_eq!(actives, [0, 1, 2, 0, 1, 2, 0]);
}

// ---------------------------------------------------------------------------
// Crossing boxes.

#[test]
fn the_rulebooks_first_turn_examples() {
    let game = black();
    let t = rolled(&game, 1, "yob", "25");
    // (A) yellow 5: one of them is in column H.
    let a = cross(&game, 'y', '5', 'y', &["H6", "I6", "H7", "I7", "J7"]);
    // (B) orange 2: the whole block of 2, partly in column H.
    let b = cross(&game, 'o', '2', 'o', &["G2", "H2"]);
    // (C) blue 2: two boxes of the block of 4.
    let c = cross(&game, 'b', '2', 'b', &["H4", "H5"]);
    let moves = listed(&game, &t, 0);
    for m in [a, b, c] {
        assert!(moves.contains(&m), "{m:?}");
    }
    // Orange 5: column H has no room for five orange boxes.
    assert!(
        !moves
            .iter()
            .any(|m| matches!(m, Move::Cross(x) if x.color == color(&game, 'o') && x.number == 5))
    );
    // The whole blue block is 4 boxes, not 2: the whole value is used.
    let mut four = c;
    if let Move::Cross(x) = &mut four {
        x.boxes = boxes(&game, &["G4", "H4", "G5", "H5"]);
    }
    assert_eq!(
        broken(&game, &t, 0, four),
        [Broken::WrongCount {
            number: 2,
            crossed: 4
        }]
    );
}

#[test]
fn exactly_as_many_boxes_as_the_number_are_crossed() {
    let game = black();
    let t = rolled(&game, 1, "y", "3");
    let mut two = cross(&game, 'y', '3', 'y', &["H6", "H7"]);
    if let Move::Cross(c) = &mut two {
        c.number = 3;
    }
    assert_eq!(
        broken(&game, &t, 0, two),
        [Broken::WrongCount {
            number: 3,
            crossed: 2
        }]
    );
}

#[test]
fn every_box_is_of_the_colour_crossed_and_the_colour_is_the_dies() {
    let game = black();
    let t = rolled(&game, 1, "y", "2");
    // H5 is blue.
    assert_eq!(
        broken(&game, &t, 0, cross(&game, 'y', '2', 'y', &["H5", "H6"])),
        [Broken::WrongColor {
            at: boxes(&game, &["H5"])
        }]
    );
    // Every box of another colour is named, not only the first.
    let three = cross(&game, 'y', '2', 'y', &["H5", "G5", "H6"]);
    let found = broken(&game, &t, 0, three);
    assert!(
        found.contains(&Broken::WrongColor {
            at: boxes(&game, &["G5", "H5"])
        }),
        "{found:?}"
    );
    let said = found
        .iter()
        .find(|b| matches!(b, Broken::WrongColor { .. }))
        .unwrap()
        .describe(&game);
    assert_eq!(said, "G5 and H5 are not of the colour crossed");
    // Blue boxes with the yellow die.
    assert_eq!(
        broken(&game, &t, 0, cross(&game, 'y', '2', 'b', &["H4", "H5"])),
        [Broken::ColorNotOnDie]
    );
}

#[test]
fn no_box_is_crossed_twice() {
    let game = black();
    let mut t = rolled(&game, 1, "y", "2");
    take(&game, &mut t, 0, "y2", &["H6", "H7"]);
    game.put_roll(&mut t, roll(&game, "y", "2"));
    assert_eq!(
        broken(&game, &t, 0, cross(&game, 'y', '2', 'y', &["H7", "I7"])),
        [Broken::AlreadyCrossed {
            at: boxes(&game, &["H7"])
        }]
    );
}

#[test]
fn the_boxes_crossed_in_a_turn_are_connected_to_each_other_not_through_earlier_crosses() {
    // One red row; the middle box crossed first.
    let game = tiny(&["rrr", "ggg"], 1);
    let mut t = rolled(&game, 1, "r", "1");
    take(&game, &mut t, 0, "r1", &["B1"]);
    game.put_roll(&mut t, roll(&game, "r", "2"));
    assert_eq!(
        broken(&game, &t, 0, cross(&game, 'r', '2', 'r', &["A1", "C1"])),
        [Broken::NotConnected]
    );
    assert!(
        !listed(&game, &t, 0)
            .iter()
            .any(|m| matches!(m, Move::Cross(c) if c.number == 2))
    );
}

#[test]
fn a_number_is_never_split_across_two_blocks() {
    // Two red blocks, split by green.
    let game = tiny(&["rgr", "ggg"], 1);
    let t = rolled(&game, 1, "r", "2");
    assert_eq!(
        broken(&game, &t, 0, cross(&game, 'r', '2', 'r', &["A1", "C1"])),
        [Broken::BlocksSplit, Broken::NotAnchored]
    );
}

#[test]
fn a_block_need_not_be_finished_in_one_turn() {
    let game = black();
    let mut t = rolled(&game, 1, "b", "2");
    take(&game, &mut t, 0, "b2", &["H4", "H5"]);
    game.put_roll(&mut t, roll(&game, "b", "2"));
    take(&game, &mut t, 0, "b2", &["G4", "G5"]);
}

#[test]
fn a_piece_starts_in_the_start_column_or_next_to_a_box_crossed_before() {
    let game = black();
    let mut t = rolled(&game, 1, "b", "2");
    // G4, G5 are blue but not in column H, and nothing is crossed.
    assert_eq!(
        broken(&game, &t, 0, cross(&game, 'b', '2', 'b', &["G4", "G5"])),
        [Broken::NotAnchored]
    );
    take(&game, &mut t, 0, "b2", &["H4", "H5"]);
    // Orange I5 and J5: I5 is next to the crossed H5.
    game.put_roll(&mut t, roll(&game, "o", "2"));
    take(&game, &mut t, 0, "o2", &["I5", "J5"]);
    // Red A5 is next to nothing crossed, and not in column H.
    game.put_roll(&mut t, roll(&game, "rg", "1"));
    assert_eq!(
        broken(&game, &t, 0, cross(&game, 'r', '1', 'r', &["A5"])),
        [Broken::NotAnchored]
    );
    // Green H1 is next to nothing crossed, but in column H.
    take(&game, &mut t, 0, "g1", &["H1"]);
}

#[test]
fn option_start_column_decides_whether_the_start_column_anchors_every_turn() {
    let first_only = Game::with_options(
        black_board(),
        Options {
            start_column: StartColumn::FirstPiece,
            ..Options::default()
        },
    )
    .unwrap();
    for (game, later_h3_ok) in [(black(), true), (first_only, false)] {
        let mut t = rolled(&game, 1, "y", "2");
        take(&game, &mut t, 0, "y2", &["H6", "H7"]);
        game.put_roll(&mut t, roll(&game, "r", "1"));
        // H3 is in the start column but touches nothing crossed.
        let h3 = cross(&game, 'r', '1', 'r', &["H3"]);
        assert_eq!(game.is_legal(&t, 0, &h3), later_h3_ok);
        assert_eq!(listed(&game, &t, 0).contains(&h3), later_h3_ok);
        if !later_h3_ok {
            assert_eq!(broken(&game, &t, 0, h3), [Broken::NotAnchored]);
        }
    }
}

#[test]
fn a_turn_never_crosses_more_than_the_most_and_a_joker_is_never_a_six() {
    let game = black();
    let t = rolled(&game, 1, "y", "?");
    let mut six = cross(&game, 'y', '?', 'y', &["H6", "I6", "H7", "I7", "J7", "G7"]);
    assert_eq!(
        broken(&game, &t, 0, six)[0],
        Broken::NumberNotOnDie { number: 6 }
    );
    // A board whose turns cross at most 3 with dice up to 5.
    let mut b = tiny_board(&["rrrrr", "ggggg"], 0);
    b.dice.max_cross = 3;
    let game = Game::new(b).unwrap();
    let t = rolled(&game, 1, "r", "4");
    six = cross(&game, 'r', '4', 'r', &["A1", "B1", "C1", "D1"]);
    assert_eq!(
        broken(&game, &t, 0, six),
        [Broken::TooMany { number: 4, max: 3 }]
    );
    assert_eq!(listed(&game, &t, 0), [Move::Pass]);
}

// ---------------------------------------------------------------------------
// Jokers.

#[test]
fn the_black_joker_is_any_colour_and_the_question_mark_any_number_of_the_dice() {
    let game = black();
    let t = rolled(&game, 1, "k", "?");
    let moves = listed(&game, &t, 0);
    assert!(moves.contains(&cross(&game, 'k', '?', 'b', &["H4", "H5", "G4"])));
    assert!(moves.contains(&cross(&game, 'k', '?', 'g', &["H1"])));
    assert!(
        moves
            .iter()
            .all(|m| matches!(m, Move::Pass) || m.jokers() == 2)
    );
}

#[test]
fn each_joker_die_crosses_an_exclamation_box_and_with_none_left_no_joker() {
    let mut b = black_board();
    b.jokers = 3;
    let game = Game::new(b).unwrap();
    let mut t = rolled(&game, 1, "k", "?");
    // Two jokers: two "!" boxes.
    take(&game, &mut t, 0, "k?b", &["H4", "H5"]);
    assert_eq!(t.sheet(0).jokers_used(), 2);
    game.put_roll(&mut t, roll(&game, "kb", "?1"));
    let both = cross(&game, 'k', '?', 'b', &["G4", "G5"]);
    assert_eq!(
        broken(&game, &t, 0, both),
        [Broken::NoJokerLeft { jokers: 2, left: 1 }]
    );
    // One joker is still allowed, and the generator lists no move with two.
    take(&game, &mut t, 0, "b?", &["G4", "G5"]);
    assert_eq!(game.jokers_left(t.sheet(0)), 0);
    game.put_roll(&mut t, roll(&game, "ko", "?1"));
    assert!(listed(&game, &t, 0).iter().all(|m| m.jokers() == 0));
    assert_eq!(
        broken(&game, &t, 0, cross(&game, 'k', '1', 'r', &["H3"])),
        [Broken::NoJokerLeft { jokers: 1, left: 0 }]
    );
}

// ---------------------------------------------------------------------------
// Points.

/// Two columns A and B, each one red box over one green box; start column
/// A. Green blocks: A2-B2 (one block); red: A1-B1.
fn two_columns() -> Game {
    tiny(&["rr", "gg"], 0)
}

#[test]
fn a_column_scores_its_first_value_unless_someone_completed_it_in_an_earlier_turn() {
    let game = two_columns();
    let mut t = rolled(&game, 2, "rg", "12");
    // Roll 1: player 0 completes nothing; player 1 passes.
    take(&game, &mut t, 0, "r1", &["A1"]);
    play(&game, &mut t, 1, Move::Pass);
    game.put_roll(&mut t, roll(&game, "rg", "12"));
    // Roll 2: player 0 completes column A (first: 2 points).
    take(&game, &mut t, 0, "g1", &["A2"]);
    take(&game, &mut t, 1, "r1", &["A1"]);
    assert_eq!(game.score(t.sheet(0)).columns, 2);
    game.put_roll(&mut t, roll(&game, "rg", "12"));
    // Roll 3: player 1 completes column A later: 1 point.
    play(&game, &mut t, 0, Move::Pass);
    take(&game, &mut t, 1, "g1", &["A2"]);
    assert_eq!(game.score(t.sheet(1)).columns, 1);
    assert_eq!(t.claimed_columns(), 0b01);
}

#[test]
fn several_players_completing_a_column_in_the_same_turn_all_score_first() {
    let game = two_columns();
    let mut t = rolled(&game, 3, "rg", "12");
    for p in 0..3 {
        take(&game, &mut t, p, "r1", &["A1"]);
    }
    game.put_roll(&mut t, roll(&game, "rg", "12"));
    for p in 0..3 {
        take(&game, &mut t, p, "g1", &["A2"]);
        assert_eq!(t.sheet(p).columns_first(), 0b01);
    }
    for p in 0..3 {
        assert_eq!(game.score(t.sheet(p)).columns, 2, "player {p}");
    }
}

#[test]
fn the_active_players_column_is_not_claimed_before_the_others_choose() {
    let game = two_columns();
    let mut t = after_open_rolls(&game, 2);
    // Roll 4: both cross A1 (the active player first), roll 5 both A2.
    for _ in 0..2 {
        game.put_roll(&mut t, roll(&game, "rrgg", "11"));
        let active = t.active();
        let letter = if t.rolls() == 4 {
            ('r', "A1")
        } else {
            ('g', "A2")
        };
        play(
            &game,
            &mut t,
            active,
            cross(&game, letter.0, '1', letter.0, &[letter.1]),
        );
        play(
            &game,
            &mut t,
            1 - active,
            cross(&game, letter.0, '1', letter.0, &[letter.1]),
        );
    }
    assert_eq!(game.score(t.sheet(0)).columns, 2);
    assert_eq!(game.score(t.sheet(1)).columns, 2);
}

#[test]
fn a_player_may_complete_several_columns_in_one_turn() {
    let game = two_columns();
    let mut t = rolled(&game, 1, "r", "2");
    take(&game, &mut t, 0, "r2", &["A1", "B1"]);
    game.put_roll(&mut t, roll(&game, "g", "2"));
    take(&game, &mut t, 0, "g2", &["A2", "B2"]);
    assert_eq!(t.sheet(0).columns_done(), 0b11);
    assert_eq!(game.score(t.sheet(0)).columns, 4);
}

#[test]
fn colour_bonuses_score_first_and_later_like_columns() {
    let game = two_columns();
    let mut t = rolled(&game, 3, "r", "21");
    // Players 0 and 1 complete red in the same turn; player 2 later.
    take(&game, &mut t, 0, "r2", &["A1", "B1"]);
    take(&game, &mut t, 1, "r2", &["A1", "B1"]);
    take(&game, &mut t, 2, "r1", &["A1"]);
    game.put_roll(&mut t, roll(&game, "rg", "1"));
    play(&game, &mut t, 0, Move::Pass);
    play(&game, &mut t, 1, Move::Pass);
    take(&game, &mut t, 2, "r1", &["B1"]);
    let bonus = |p: usize| game.score(t.sheet(p)).colors;
    assert_eq!((bonus(0), bonus(1), bonus(2)), (5, 5, 3));
}

// ---------------------------------------------------------------------------
// End of the game and score.

#[test]
fn the_game_ends_after_the_turn_in_which_a_player_completes_a_second_colour() {
    let game = two_columns();
    let mut t = after_open_rolls(&game, 2);
    game.put_roll(&mut t, roll(&game, "rg", "22"));
    let active = t.active();
    take(&game, &mut t, active, "r2", &["A1", "B1"]);
    play(&game, &mut t, 1 - active, Move::Pass);
    game.put_roll(&mut t, roll(&game, "rg", "22"));
    let active = t.active();
    // The new active player passes; the other completes a second colour...
    play(&game, &mut t, active, Move::Pass);
    assert_eq!(game.actor(&t), Actor::AllPlayers);
    take(&game, &mut t, 1 - active, "g2", &["A2", "B2"]);
    // ... and the game is over after that turn.
    assert_eq!(t.phase(), Phase::Over);
    assert_eq!(game.actor(&t), Actor::Over);
}

#[test]
fn every_player_still_finishes_the_turn_that_ends_the_game() {
    let game = two_columns();
    let mut t = after_open_rolls(&game, 3);
    game.put_roll(&mut t, roll(&game, "rg", "22"));
    let active = t.active();
    take(&game, &mut t, active, "r2", &["A1", "B1"]);
    all_pass(&game, &mut t);
    for _ in 0..2 {
        game.put_roll(&mut t, roll(&game, "rg", "22"));
        all_pass(&game, &mut t);
    }
    game.put_roll(&mut t, roll(&game, "gr", "22"));
    // The first player is active again and completes green: a second colour.
    assert_eq!(t.active(), active);
    take(&game, &mut t, active, "g2", &["A2", "B2"]);
    assert_eq!(t.phase(), Phase::Choose);
    for p in (0..3).filter(|&p| p != active) {
        assert!(t.is_waiting(p));
        take(&game, &mut t, p, "r2", &["A1", "B1"]);
    }
    assert_eq!(t.phase(), Phase::Over);
}

#[test]
fn the_score_is_bonuses_plus_columns_plus_jokers_left_minus_the_penalty_per_open_star() {
    // Stars on A1 and B2.
    let game = tiny(&["Rr", "gG"], 0);
    let mut t = rolled(&game, 1, "k", "2");
    take(&game, &mut t, 0, "k2r", &["A1", "B1"]);
    let s = game.score(t.sheet(0));
    // Red first (5), no column, 7 jokers left, B2's star open (2).
    assert_eq!(
        (
            s.colors,
            s.columns,
            s.jokers_left,
            s.open_stars,
            s.star_penalty
        ),
        (5, 0, 7, 1, 2)
    );
    assert_eq!(s.total, 5 + 7 - 2);
}

#[test]
fn open_stars_cost_at_most_thirty_points_unless_the_cap_is_off() {
    // The generated 20 x 8 board has 20 stars: 40 points at 2 each.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/encore-seed-11-20x8.toml");
    let board = rollx::families::load(&path)
        .unwrap()
        .take::<rollx::encore::Board>()
        .expect("an Encore board");
    let capped = Game::new(board.clone()).unwrap();
    let uncapped = Game::with_options(
        board,
        Options {
            star_cap: StarCap::Uncapped,
            ..Options::default()
        },
    )
    .unwrap();
    let empty = capped.new_table(1);
    let (c, u) = (capped.score(empty.sheet(0)), uncapped.score(empty.sheet(0)));
    assert_eq!((c.open_stars, c.star_penalty), (20, 30));
    assert_eq!((u.open_stars, u.star_penalty), (20, 40));
    assert_eq!(c.total - u.total, 10);
    // On the standard sheet's 15 stars the cap never binds.
    let black = black();
    let s = black.score(black.new_table(1).sheet(0));
    assert_eq!((s.open_stars, s.star_penalty), (15, 30));
    assert_eq!(StarCap::Thirty.penalty(14, 2), 28);
    assert_eq!(StarCap::Thirty.penalty(16, 2), 30);
    assert_eq!(StarCap::Uncapped.penalty(16, 2), 32);
}

#[test]
fn ties_go_to_more_jokers_left_else_the_win_is_shared() {
    // One red star box; no points but jokers and stars.
    let mut b = tiny_board(&["R"], 0);
    b.column_points = vec![Points { first: 0, later: 0 }];
    b.color_bonus = vec![Points { first: 0, later: 0 }; 5];
    let game = Game::new(b).unwrap();
    let mut t = rolled(&game, 3, "k", "?");
    // Two jokers save the star's 2 points: 6 + 0 against 8 - 2.
    play(&game, &mut t, 0, Move::Pass);
    take(&game, &mut t, 1, "k?r", &["A1"]);
    play(&game, &mut t, 2, Move::Pass);
    let totals: Vec<i32> = (0..3).map(|p| game.score(t.sheet(p)).total).collect();
    assert_eq!(totals, [6, 6, 6]);
    assert_eq!(game.winners(&t), [0, 2]);
}

// ---------------------------------------------------------------------------
// The solo game.

#[test]
fn a_solo_game_has_thirty_rolls() {
    let game = black();
    let mut t = game.new_table(1);
    for r in 1..=30 {
        assert_eq!(game.actor(&t), Actor::Chance, "roll {r}");
        game.put_roll(&mut t, roll(&game, "ro", "11"));
        assert_eq!(game.actor(&t), Actor::AllPlayers);
        play(&game, &mut t, 0, Move::Pass);
    }
    assert_eq!(game.actor(&t), Actor::Over);
}

#[test]
fn option_solo_dice_decides_how_many_dice_the_solo_player_rolls() {
    let all = Game::with_options(
        black_board(),
        Options {
            solo_dice: SoloDice::All,
            ..Options::default()
        },
    )
    .unwrap();
    let mut rng = Dice::seed_from_u64(3);
    for (game, dice) in [(black(), (2, 2)), (all, (3, 3))] {
        assert_eq!(game.dice_rolled(1), dice);
        let r = game.sample_roll(&game.new_table(1), &mut rng);
        assert_eq!(
            (r.colors().len(), r.numbers().len()),
            (dice.0 as usize, dice.1 as usize)
        );
        // A table of several players always rolls every die.
        assert_eq!(game.dice_rolled(2), (3, 3));
    }
}

#[test]
fn the_solo_rating_table_follows_the_rulebook() {
    let labels: Vec<String> = solo_bands().iter().map(|b| b.label()).collect();
    assert_eq!(
        labels,
        [
            "> 40", "37-40", "33-36", "29-32", "25-28", "21-24", "17-20", "13-16", "9-12", "5-8",
            "1-4", "0", "< 0"
        ]
    );
    assert_eq!(solo_band(41).rank, 0);
    assert_eq!(solo_band(40).rank, 1);
    assert_eq!(solo_band(0).label(), "0");
    assert_eq!(solo_band(-7).label(), "< 0");
}

#[test]
fn option_max_rolls_ends_a_game_nobody_can_finish() {
    // Numbers 2 only: the single boxes can never be crossed.
    let mut b = tiny_board(&["rgr", "ggg"], 1);
    b.dice.numbers = vec![2];
    b.dice.max_cross = 2;
    b.dice.jokers = false;
    let game = Game::with_options(
        b,
        Options {
            max_rolls: 12,
            ..Options::default()
        },
    )
    .unwrap();
    let mut t = game.new_table(2);
    let mut seats = [Greedy::default(), Greedy::default()];
    let mut seated: Vec<&mut dyn Player<Game>> = seats
        .iter_mut()
        .map(|s| s as &mut dyn Player<Game>)
        .collect();
    engine::play(
        &game,
        &mut t,
        &mut Dice::seed_from_u64(1),
        &mut seated,
        &mut engine::Quiet,
    );
    assert_eq!(t.phase(), Phase::Over);
    assert_eq!(t.rolls(), 12);
}

// ---------------------------------------------------------------------------
// Properties over play.

/// Every connected set of boxes of one colour with 1 to `max` boxes,
/// found by growing sets box by box (independently of the engine).
fn every_piece(board: &Board, max: usize) -> Vec<(ColorId, Vec<usize>)> {
    let w = board.columns;
    let n = board.cells.len();
    let near = |i: usize| {
        let (c, r) = (i % w, i / w);
        let mut v = Vec::new();
        if c > 0 {
            v.push(i - 1);
        }
        if c + 1 < w {
            v.push(i + 1);
        }
        if r > 0 {
            v.push(i - w);
        }
        if i + w < n {
            v.push(i + w);
        }
        v
    };
    let mut all: BTreeSet<Vec<usize>> = BTreeSet::new();
    let mut frontier: Vec<Vec<usize>> = (0..n).map(|i| vec![i]).collect();
    while let Some(set) = frontier.pop() {
        if !all.insert(set.clone()) || set.len() == max {
            continue;
        }
        let color = board.cells[set[0]].color;
        for &i in &set {
            for j in near(i) {
                if board.cells[j].color == color && !set.contains(&j) {
                    let mut grown = set.clone();
                    grown.push(j);
                    grown.sort_unstable();
                    if !all.contains(&grown) {
                        frontier.push(grown);
                    }
                }
            }
        }
    }
    all.into_iter()
        .map(|s| (board.cells[s[0]].color, s))
        .collect()
}

/// At every decision, checks both directions: every listed move passes
/// the check, and every candidate the check accepts is listed. Candidates:
/// every connected set of boxes of one colour ([`every_piece`]) with the
/// colour die of its colour or the joker, and the number die of its size
/// or the "?"; a set with a box crossed before is tried once (it must be
/// refused). Then a few sets of one colour drawn at random, connected or
/// not: whatever the check accepts of them is listed too.
struct BothWays {
    pieces: Vec<(ColorId, u8, rollx::encore::Boxes)>,
    states: usize,
    crosses: usize,
}

impl BothWays {
    fn new(board: &Board) -> Self {
        let max = usize::from(board.dice.max_cross);
        let pieces = every_piece(board, max)
            .into_iter()
            .map(|(c, cells)| {
                let n = cells.len() as u8;
                (c, n, rollx::encore::Boxes::of(cells))
            })
            .collect();
        BothWays {
            pieces,
            states: 0,
            crosses: 0,
        }
    }
}

impl Watcher<Game> for BothWays {
    fn before_move(&mut self, game: &Game, table: &Table, player: usize, _mv: Move) {
        self.states += 1;
        let moves = listed(game, table, player);
        let set: HashSet<Move> = moves.iter().copied().collect();
        assert_eq!(set.len(), moves.len(), "no move is listed twice");
        assert_eq!(moves[0], Move::Pass);
        for m in &moves {
            assert_eq!(game.check(table, player, m), [], "listed {m:?}");
        }
        let crossed = table.sheet(player).crossed();
        let mut accepted = 1;
        for &(color, number, boxes) in &self.pieces {
            let free = !boxes.intersects(&crossed);
            let colors = [ColorFace::Color(color), ColorFace::Joker];
            let numbers = [NumberFace::Number(number), NumberFace::Joker];
            let tries = if free { 4 } else { 1 };
            for k in 0..tries {
                let mv = Move::Cross(Cross {
                    color_die: colors[k / 2],
                    number_die: numbers[k % 2],
                    color,
                    number,
                    boxes,
                });
                if game.check(table, player, &mv).is_empty() {
                    assert!(free, "a crossed box accepted: {mv:?}");
                    assert!(set.contains(&mv), "accepted but not listed: {mv:?}");
                    accepted += 1;
                }
            }
        }
        assert_eq!(accepted, moves.len(), "every listed move is a candidate");
        self.crosses += accepted - 1;
        // Sets that need not be connected: a few boxes of one colour drawn
        // at random; whatever the check accepts is listed.
        let mut rng = Dice::seed_from_u64(self.states as u64);
        let board = game.board();
        for _ in 0..30 {
            let c = ColorId(rng.random_range(0..board.colors.len() as u8));
            let own: Vec<usize> = game.color_boxes(c).iter().collect();
            let k = rng.random_range(1..=board.dice.max_cross.min(own.len() as u8));
            let mut b = rollx::encore::Boxes::EMPTY;
            while b.len() < u32::from(k) {
                b.insert(own[rng.random_range(0..own.len())]);
            }
            for color_die in [ColorFace::Color(c), ColorFace::Joker] {
                let mv = Move::Cross(Cross {
                    color_die,
                    number_die: NumberFace::Number(k),
                    color: c,
                    number: k,
                    boxes: b,
                });
                if game.check(table, player, &mv).is_empty() {
                    assert!(set.contains(&mv), "accepted but not listed: {mv:?}");
                }
            }
        }
    }
}

/// Plays `games` games of `players` with a mix of greedy and random
/// players, watched by `watcher`.
fn play_games(game: &Game, players: usize, games: u64, watcher: &mut dyn Watcher<Game>) {
    for seed in 0..games {
        let mut t = game.new_table(players);
        let mut seats: Vec<Box<dyn Player<Game>>> = (0..players)
            .map(|p| -> Box<dyn Player<Game>> {
                if (p as u64 + seed).is_multiple_of(2) {
                    Box::new(Greedy::default())
                } else {
                    Box::new(RandomPlayer::new(seed * 17 + p as u64))
                }
            })
            .collect();
        let mut seated: Vec<&mut dyn Player<Game>> = seats
            .iter_mut()
            .map(|s| &mut **s as &mut dyn Player<Game>)
            .collect();
        engine::play(
            game,
            &mut t,
            &mut Dice::seed_from_u64(seed),
            &mut seated,
            watcher,
        );
        assert_eq!(t.phase(), Phase::Over);
    }
}

/// The black board, generated boards of other sizes, and other dice.
fn boards() -> Vec<(String, Game)> {
    let mut out = vec![("black".to_string(), black())];
    let generated = |seed, columns, rows| {
        rollx::encore::generate(&rollx::encore::GenerateOptions {
            seed,
            columns,
            rows,
        })
        .unwrap()
        .board
    };
    out.push(("10 x 5".into(), Game::new(generated(1, 10, 5)).unwrap()));
    out.push(("25 x 11".into(), Game::new(generated(2, 25, 11)).unwrap()));
    let mut b = generated(3, 15, 7);
    b.dice.color_dice = 2;
    b.dice.number_dice = 4;
    b.dice.numbers = vec![1, 2, 3];
    b.dice.max_cross = 4;
    b.jokers = 3;
    out.push(("2 + 4 dice, 1-3, at most 4".into(), Game::new(b).unwrap()));
    let mut b = generated(4, 15, 7);
    b.dice.numbers = vec![2, 4];
    b.dice.jokers = false;
    out.push((
        "no jokers, 2 and 4, first piece only".into(),
        Game::with_options(
            b,
            Options {
                start_column: StartColumn::FirstPiece,
                max_rolls: 60,
                ..Options::default()
            },
        )
        .unwrap(),
    ));
    out
}

#[test]
fn the_generator_lists_exactly_the_moves_the_rule_check_accepts() {
    let mut states = 0;
    for (i, (name, game)) in boards().into_iter().enumerate() {
        let mut w = BothWays::new(game.board());
        // The large board alone, to keep the test quick; the others at a
        // table and alone.
        if i != 2 {
            play_games(&game, 3, 3, &mut w);
        }
        play_games(&game, 1, 2, &mut w);
        assert!(
            w.states >= 60 && w.crosses > 500,
            "{name}: {} states",
            w.states
        );
        states += w.states;
    }
    assert!(states > 1900, "{states} states");
}

/// Records a table as it goes, to score it without the engine's scoring:
/// the turn in which each player completed each column and colour (by the
/// boxes crossed), and the jokers each player took.
#[derive(Default)]
struct Ledger {
    turn: usize,
    columns: HashMap<(usize, usize), usize>,
    colors: HashMap<(usize, usize), usize>,
    jokers: HashMap<usize, u32>,
}

impl Watcher<Game> for Ledger {
    fn chance(&mut self, _game: &Game, _table: &Table, _roll: Roll) {
        self.turn += 1;
    }

    fn before_move(&mut self, _game: &Game, _table: &Table, player: usize, mv: Move) {
        if let Move::Cross(c) = mv {
            let n = u32::from(c.color_die == ColorFace::Joker)
                + u32::from(c.number_die == NumberFace::Joker);
            *self.jokers.entry(player).or_default() += n;
        }
    }

    fn after_move(&mut self, game: &Game, table: &Table, player: usize, _mv: Move) {
        let b = game.board();
        let crossed = table.sheet(player).crossed();
        for col in 0..b.columns {
            if (0..b.rows).all(|r| crossed.contains(r * b.columns + col)) {
                self.columns.entry((player, col)).or_insert(self.turn);
            }
        }
        for c in 0..b.colors.len() {
            if (0..b.cells.len())
                .filter(|&i| b.cells[i].color.index() == c)
                .all(|i| crossed.contains(i))
            {
                self.colors.entry((player, c)).or_insert(self.turn);
            }
        }
    }
}

impl Ledger {
    /// A player's total: each column and colour first if nobody completed
    /// it in an earlier turn, later otherwise; jokers left; open stars.
    fn total(&self, game: &Game, table: &Table, player: usize) -> i32 {
        let b = game.board();
        let points = |done: &HashMap<(usize, usize), usize>, what: &[Points]| -> i32 {
            done.iter()
                .filter(|((p, _), _)| *p == player)
                .map(|(&(_, i), &turn)| {
                    let earliest = done
                        .iter()
                        .filter(|((_, j), _)| *j == i)
                        .map(|(_, &t)| t)
                        .min()
                        .unwrap();
                    i32::from(if turn == earliest {
                        what[i].first
                    } else {
                        what[i].later
                    })
                })
                .sum()
        };
        let crossed = table.sheet(player).crossed();
        let open_stars = (0..b.cells.len())
            .filter(|&i| b.cells[i].star && !crossed.contains(i))
            .count() as i32;
        let jokers_left = i32::from(b.jokers) - *self.jokers.get(&player).unwrap_or(&0) as i32;
        points(&self.colors, &b.color_bonus) + points(&self.columns, &b.column_points) + jokers_left
            - i32::from(b.star_penalty) * open_stars
    }
}

#[test]
fn the_final_score_is_bonuses_plus_columns_plus_jokers_left_minus_the_star_penalty() {
    for (name, game) in boards().into_iter().take(3) {
        for players in [1, 2, 4] {
            for seed in 0..6 {
                let mut ledger = Ledger::default();
                let mut t = game.new_table(players);
                let mut seats: Vec<Box<dyn Player<Game>>> = (0..players)
                    .map(|p| -> Box<dyn Player<Game>> {
                        if p % 2 == 0 {
                            Box::new(Greedy::default())
                        } else {
                            Box::new(RandomPlayer::new(seed + 100 * p as u64))
                        }
                    })
                    .collect();
                let mut seated: Vec<&mut dyn Player<Game>> = seats
                    .iter_mut()
                    .map(|s| &mut **s as &mut dyn Player<Game>)
                    .collect();
                engine::play(
                    &game,
                    &mut t,
                    &mut Dice::seed_from_u64(seed),
                    &mut seated,
                    &mut ledger,
                );
                for p in 0..players {
                    let s = game.score(t.sheet(p));
                    assert_eq!(
                        s.total,
                        ledger.total(&game, &t, p),
                        "{name}, {players} players, seed {seed}, player {p}"
                    );
                    assert_eq!(
                        s.total,
                        (s.colors + s.columns + s.jokers_left) as i32 - s.star_penalty as i32
                    );
                }
                // The game ended for a reason the rules give.
                let two_colors = t.sheets().iter().any(|s| s.colors_done().count_ones() >= 2);
                assert!(two_colors || (players == 1 && t.rolls() == 30), "{name}");
            }
        }
    }
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let game = black();
    let run = |seed: u64, players: usize| {
        let mut t = game.new_table(players);
        let mut seats: Vec<Box<dyn Player<Game>>> = (0..players)
            .map(|p| -> Box<dyn Player<Game>> {
                if p == 0 {
                    Box::new(Greedy::default())
                } else {
                    Box::new(RandomPlayer::new(seed ^ p as u64))
                }
            })
            .collect();
        let mut seated: Vec<&mut dyn Player<Game>> = seats
            .iter_mut()
            .map(|s| &mut **s as &mut dyn Player<Game>)
            .collect();
        engine::play(
            &game,
            &mut t,
            &mut Dice::seed_from_u64(seed),
            &mut seated,
            &mut engine::Quiet,
        );
        t
    };
    for players in [1, 4] {
        assert_eq!(run(7, players), run(7, players));
        assert_ne!(run(7, players), run(8, players));
    }
}

// ---------------------------------------------------------------------------
// The hot path allocates nothing.

thread_local! {
    /// Allocations made by this thread.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

/// The system allocator, counting each thread's allocations.
struct Counting;

// SAFETY: every call is passed on to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|a| a.set(a.get() + 1));
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Decision states of a few four-player games.
#[derive(Default)]
struct Decisions(Vec<(Table, usize)>);

impl Watcher<Game> for Decisions {
    fn before_move(&mut self, _game: &Game, table: &Table, player: usize, _mv: Move) {
        self.0.push((table.clone(), player));
    }
}

#[test]
fn the_move_generator_and_the_greedy_player_allocate_nothing() {
    let game = black();
    let mut d = Decisions::default();
    play_games(&game, 4, 2, &mut d);
    let mut greedy = Greedy::default();
    let before = ALLOCATIONS.with(Cell::get);
    let mut moves = 0usize;
    let mut crosses = 0usize;
    for (table, player) in &d.0 {
        game.for_each_move(table, *player, |_| moves += 1);
        if let Move::Cross(_) = greedy.choose(&game, table, *player) {
            crosses += 1;
        }
    }
    assert_eq!(ALLOCATIONS.with(Cell::get) - before, 0);
    assert!(moves > 10 * d.0.len() && crosses > d.0.len() / 2);
}
