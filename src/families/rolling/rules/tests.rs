//! One test per rule sentence of docs/rules.md, named after it.

use std::path::Path;

use super::*;
use crate::rolling::map::{AreaId, Power, check_bytes};
use crate::source::DiskFiles;
use moves::{Breach, RollProblem};

/// A row A-B-C (region r), C-D-E-F (D, E, F in region g), and I (region g,
/// immune, alone). Dice: r, g and the wild die "clear"; two dice per turn and
/// per round, three rounds; one use of each power unless overridden.
const ROW: &str = r##"
[map]
id = "row"
name = "Row"
description = "test"
[rules]
preset = "rolling-america"
rounds = 3
dice_per_round = 2
[rules.powers]
color_change = 1
guard = 1
dupe = 1
[[regions]]
id = "r"
color = "#ff0000"
[[regions]]
id = "g"
color = "#00ff00"
[[areas]]
id = "A"
region = "r"
neighbors = ["B"]
[[areas]]
id = "B"
region = "r"
neighbors = ["A", "C"]
[[areas]]
id = "C"
region = "r"
neighbors = ["B", "D"]
[[areas]]
id = "D"
region = "g"
neighbors = ["C", "E"]
[[areas]]
id = "E"
region = "g"
neighbors = ["D", "F"]
[[areas]]
id = "F"
region = "g"
neighbors = ["E"]
[[areas]]
id = "I"
region = "g"
immune = true
"##;

fn game_from(text: &str) -> Game {
    let checked = check_bytes(&DiskFiles, Path::new("row.toml"), text.as_bytes().to_vec());
    assert!(
        checked.diagnostics.iter().all(|d| !d.is_error()),
        "{:?}",
        checked.diagnostics
    );
    Game::new(checked.map.expect("valid")).expect("game")
}

fn row() -> Game {
    game_from(ROW)
}

fn with_options(options: &str) -> Game {
    game_from(&format!("{ROW}\n[rules.options]\n{options}\n"))
}

fn area(game: &Game, code: &str) -> AreaId {
    game.map()
        .area_by_code(code)
        .unwrap_or_else(|| panic!("area {code}"))
}

fn die(game: &Game, id: &str) -> DieId {
    game.die_by_id(id).unwrap_or_else(|| panic!("die {id}"))
}

/// A state with the given cells written and these dice rolled.
fn state(game: &Game, cells: &[(&str, Cell)], rolls: &[(&str, u8)]) -> State {
    let mut s = game.initial_state();
    for &(code, cell) in cells {
        s.set_cell(area(game, code), cell);
    }
    for &(d, value) in rolls {
        game.apply_roll(
            &mut s,
            Roll {
                die: die(game, d),
                value,
            },
        )
        .expect("legal roll");
    }
    s
}

fn write(game: &Game, d: &str, code: &str, powers: &[Power]) -> Move {
    Move {
        die: die(game, d),
        action: Action::Write(area(game, code)),
        powers: PowerSet::of(powers),
    }
}

fn twice(game: &Game, d: &str, a: &str, b: &str, powers: &[Power]) -> Move {
    Move {
        die: die(game, d),
        action: Action::WriteTwice(area(game, a), area(game, b)),
        powers: PowerSet::of(powers),
    }
}

fn cross(game: &Game, d: &str, code: &str) -> Move {
    Move {
        die: die(game, d),
        action: Action::Cross(area(game, code)),
        powers: PowerSet::NONE,
    }
}

fn rules_broken(game: &Game, s: &State, mv: &Move) -> Vec<&'static str> {
    let value = s.pending_roll(mv.die).map_or(0, |r| r.value);
    game.check(s, mv, value).iter().map(Breach::rule).collect()
}

fn legal(game: &Game, s: &State) -> Vec<Move> {
    let mut out = MoveList::new();
    game.legal_moves(s, &mut out);
    out.iter().collect()
}

const N: fn(u8) -> Cell = Cell::number;

#[test]
fn the_bag_holds_one_die_per_region_plus_the_wild_die() {
    let g = row();
    let ids: Vec<&str> = g.dice().iter().map(|d| d.id.as_str()).collect();
    assert_eq!(ids, ["r", "g", "clear"]);
    assert_eq!(g.die(g.wild_die()).kind, DieKind::Wild);
    let s = g.initial_state();
    let outcomes = g.chance_outcomes(&s);
    assert_eq!(outcomes.len(), 3 * 6);
    let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-12);
}

#[test]
fn each_turn_draws_dice_without_replacement() {
    let g = row();
    let mut s = g.initial_state();
    g.apply_roll(
        &mut s,
        Roll {
            die: die(&g, "r"),
            value: 3,
        },
    )
    .unwrap();
    assert_eq!(g.phase(&s), Phase::Chance, "two dice per turn");
    // The same die cannot come out twice in a round.
    assert_eq!(
        g.apply_roll(
            &mut s,
            Roll {
                die: die(&g, "r"),
                value: 4
            }
        ),
        Err(RollProblem::AlreadyDrawn)
    );
    assert!(
        g.chance_outcomes(&s)
            .iter()
            .all(|(r, _)| r.die != die(&g, "r"))
    );
    g.apply_roll(
        &mut s,
        Roll {
            die: die(&g, "g"),
            value: 4,
        },
    )
    .unwrap();
    assert_eq!(g.phase(&s), Phase::Decision);
    assert_eq!(s.pending().count(), 2);
}

#[test]
fn a_round_ends_when_its_dice_are_rolled_and_the_dice_go_back() {
    let g = row();
    let mut s = state(&g, &[], &[("r", 1), ("clear", 5)]);
    // Both dice resolved: the round (2 dice) is over and every die is back in the bag.
    g.apply(&mut s, write(&g, "r", "A", &[]));
    g.apply(&mut s, write(&g, "clear", "F", &[]));
    assert_eq!(s.round(), 1);
    assert_eq!(g.dice_in_bag(&s).count(), 3);
    assert!(
        g.apply_roll(
            &mut s,
            Roll {
                die: die(&g, "r"),
                value: 2
            }
        )
        .is_ok()
    );
}

#[test]
fn rolling_america_has_eight_rounds_of_six_dice_from_a_bag_of_seven() {
    let map = crate::rolling::map::load(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/maps/usa.toml"
    )))
    .unwrap();
    let g = Game::new(map).unwrap();
    assert_eq!(g.dice().len(), 7);
    assert_eq!(g.rules().results_per_game(), 48);
    let mut s = g.initial_state();
    let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(3);
    let mut rolls = 0;
    let mut policy = crate::rolling::play::Greedy::new();
    while !g.is_terminal(&s) {
        match g.phase(&s) {
            Phase::Chance => {
                let r = g.sample_roll(&s, &mut rng);
                g.apply_roll(&mut s, r).unwrap();
                rolls += 1;
                // One die always stays in the bag.
                assert!(g.dice_in_bag(&s).count() >= 1);
            }
            Phase::Decision => {
                let mv = crate::rolling::play::Policy::choose(&mut policy, &g, &s);
                g.apply(&mut s, mv);
            }
            Phase::Terminal => unreachable!(),
        }
    }
    assert_eq!(rolls, 48);
}

#[test]
fn a_coloured_die_is_written_in_an_empty_area_of_its_region() {
    let g = row();
    let s = state(&g, &[("A", N(2))], &[("r", 2), ("g", 5)]);
    assert_eq!(
        rules_broken(&g, &s, &write(&g, "r", "B", &[])),
        [] as [&str; 0]
    );
    assert_eq!(
        rules_broken(&g, &s, &write(&g, "r", "E", &[])),
        ["wrong-region"]
    );
    assert_eq!(
        rules_broken(&g, &s, &write(&g, "r", "A", &[])),
        ["area-not-empty"]
    );
}

#[test]
fn the_wild_die_is_written_in_an_empty_area_of_any_region() {
    let g = row();
    let s = state(&g, &[], &[("clear", 4), ("g", 5)]);
    for code in ["A", "C", "F", "I"] {
        assert!(g.is_legal(&s, &write(&g, "clear", code, &[])), "{code}");
    }
}

#[test]
fn every_neighbour_must_be_blank_x_guarded_or_within_one() {
    let g = row();
    let cells = [("A", N(3)), ("C", Cell::CROSS), ("D", Cell::guarded(6))];
    // B's neighbours: A holds 3 and C an X.
    for (value, ok) in [(1, false), (2, true), (3, true), (4, true), (5, false)] {
        let s = state(&g, &cells, &[("r", value), ("g", 1)]);
        assert_eq!(
            g.is_legal(&s, &write(&g, "r", "B", &[])),
            ok,
            "{value} next to 3"
        );
    }
    // E's neighbour D holds a guarded 6: anything goes.
    let s = state(&g, &cells, &[("r", 1), ("g", 1)]);
    assert!(g.is_legal(&s, &write(&g, "g", "E", &[])));
    let s = state(&g, &[("A", N(6))], &[("r", 1), ("g", 1)]);
    assert_eq!(
        rules_broken(&g, &s, &write(&g, "r", "B", &[])),
        ["neighbor-rule"]
    );
}

#[test]
fn immune_areas_ignore_the_neighbour_rule() {
    let mut text = ROW.replace(
        "id = \"I\"\nregion = \"g\"\nimmune = true",
        "id = \"I\"\nregion = \"g\"\nimmune = true\nneighbors = [\"F\"]",
    );
    text = text.replace(
        "id = \"F\"\nregion = \"g\"\nneighbors = [\"E\"]",
        "id = \"F\"\nregion = \"g\"\nneighbors = [\"E\", \"I\"]",
    );
    let g = game_from(&text);
    let s = state(&g, &[("F", N(1))], &[("g", 6), ("r", 1)]);
    assert!(
        g.is_legal(&s, &write(&g, "g", "I", &[])),
        "I is immune: 6 next to 1 is fine"
    );
    assert!(
        !g.is_legal(&s, &write(&g, "g", "E", &[])),
        "E is not immune"
    );
}

#[test]
fn guarded_numbers_never_constrain_later_placements() {
    let g = row();
    let s = state(&g, &[("A", Cell::guarded(1))], &[("r", 6), ("g", 1)]);
    assert!(g.is_legal(&s, &write(&g, "r", "B", &[])));
    assert!(Cell::guarded(1).allows(6));
}

#[test]
fn a_player_must_write_the_number_if_some_empty_area_allows_it() {
    let g = row();
    // r rolls 6: B is blocked by A's 1, C is free.
    let s = state(&g, &[("A", N(1))], &[("r", 6), ("g", 1)]);
    assert_eq!(
        rules_broken(&g, &s, &cross(&g, "r", "B")),
        ["cross-with-spot"]
    );
    assert!(
        legal(&g, &s)
            .iter()
            .all(|m| m.die != die(&g, "r") || !matches!(m.action, Action::Cross(_)))
    );
}

#[test]
fn only_when_no_area_allows_it_the_player_marks_an_x_in_the_dies_region() {
    let g = row();
    // r rolls 6: A next to B=1, C next to B=1; B is full.
    let s = state(&g, &[("B", N(1))], &[("r", 6), ("g", 1)]);
    let s = {
        let mut s = s;
        s.set_cell(area(&g, "C"), N(1));
        s
    };
    assert!(g.is_legal(&s, &cross(&g, "r", "A")));
    assert_eq!(
        rules_broken(&g, &s, &cross(&g, "r", "D")),
        ["cross-wrong-region"]
    );
    let r_moves: Vec<Move> = legal(&g, &s)
        .into_iter()
        .filter(|m| m.die == die(&g, "r") && m.powers.is_empty())
        .collect();
    assert_eq!(r_moves, [cross(&g, "r", "A")]);
}

#[test]
fn a_die_whose_region_is_full_does_nothing() {
    let g = row();
    let s = state(
        &g,
        &[("A", N(1)), ("B", N(1)), ("C", N(1))],
        &[("r", 6), ("g", 1)],
    );
    let pass = Move {
        die: die(&g, "r"),
        action: Action::Pass,
        powers: PowerSet::NONE,
    };
    assert!(g.is_legal(&s, &pass));
    // With an empty area in the region, doing nothing is a mistake.
    let s = state(&g, &[("A", N(1)), ("B", N(1))], &[("r", 6), ("g", 1)]);
    assert_eq!(rules_broken(&g, &s, &pass), ["must-cross"]);
}

#[test]
fn color_change_treats_the_die_being_resolved_as_wild() {
    let g = row();
    let s = state(&g, &[], &[("r", 3), ("g", 1)]);
    assert!(g.is_legal(&s, &write(&g, "r", "F", &[Power::ColorChange])));
    assert!(legal(&g, &s).contains(&write(&g, "r", "F", &[Power::ColorChange])));
}

#[test]
fn guard_writes_the_number_ignoring_the_neighbour_rule_circled() {
    let g = row();
    let mut s = state(&g, &[("A", N(1))], &[("r", 6), ("g", 1)]);
    let mv = write(&g, "r", "B", &[Power::Guard]);
    assert!(g.is_legal(&s, &mv));
    g.apply(&mut s, mv);
    assert_eq!(s.cell(area(&g, "B")), Cell::guarded(6));
    assert_eq!(s.used(Power::Guard), 1);
}

#[test]
fn dupe_writes_the_number_twice_in_the_dies_region() {
    let g = row();
    let mut s = state(&g, &[], &[("r", 3), ("g", 1)]);
    let mv = twice(&g, "r", "A", "C", &[Power::Dupe]);
    assert!(g.is_legal(&s, &mv));
    assert_eq!(
        rules_broken(&g, &s, &twice(&g, "r", "A", "E", &[Power::Dupe])),
        ["wrong-region"]
    );
    assert_eq!(
        rules_broken(&g, &s, &twice(&g, "r", "A", "C", &[])),
        ["two-areas-without-dupe"]
    );
    assert_eq!(
        rules_broken(&g, &s, &write(&g, "r", "A", &[Power::Dupe])),
        ["dupe-needs-two-areas"]
    );
    g.apply(&mut s, mv);
    assert_eq!((s.cell(area(&g, "A")), s.cell(area(&g, "C"))), (N(3), N(3)));
}

#[test]
fn both_copies_of_a_dupe_obey_the_neighbour_rule() {
    let g = row();
    let s = state(&g, &[("D", N(6))], &[("r", 3), ("g", 1)]);
    // C touches D (6): the second copy breaks the rule.
    assert_eq!(
        rules_broken(&g, &s, &twice(&g, "r", "A", "C", &[Power::Dupe])),
        ["neighbor-rule"]
    );
}

#[test]
fn a_wild_dice_two_copies_may_go_to_two_regions() {
    let g = row();
    let s = state(&g, &[], &[("clear", 3), ("g", 1)]);
    assert!(g.is_legal(&s, &twice(&g, "clear", "A", "F", &[Power::Dupe])));
}

#[test]
fn powers_may_be_combined_on_one_die() {
    let g = row();
    let s = state(&g, &[("E", N(1))], &[("r", 6), ("g", 1)]);
    // Color Change + Guard + Dupe: the red 6 next to E's 1, in region g, twice.
    let all = [Power::ColorChange, Power::Guard, Power::Dupe];
    let mv = twice(&g, "r", "D", "F", &all);
    assert!(g.is_legal(&s, &mv), "{:?}", rules_broken(&g, &s, &mv));
    assert!(legal(&g, &s).contains(&mv));
}

#[test]
fn each_power_may_be_used_only_as_often_as_the_rules_grant() {
    let g = row();
    let mut s = state(&g, &[], &[("r", 3), ("g", 3)]);
    g.apply(&mut s, write(&g, "r", "A", &[Power::Guard]));
    let again = write(&g, "g", "E", &[Power::Guard]);
    assert_eq!(rules_broken(&g, &s, &again), ["power-spent"]);
    assert!(
        legal(&g, &s)
            .iter()
            .all(|m| !m.powers.contains(Power::Guard))
    );
}

#[test]
fn powers_apply_only_to_the_dice_rolled_this_turn() {
    let g = row();
    let s = state(&g, &[], &[("r", 3), ("g", 3)]);
    let not_rolled = write(&g, "clear", "A", &[Power::Guard]);
    assert_eq!(
        g.check(&s, &not_rolled, 3)
            .iter()
            .map(Breach::rule)
            .collect::<Vec<_>>(),
        ["die-not-rolled"]
    );
    assert!(!g.is_legal(&s, &not_rolled));
}

#[test]
fn rolling_japan_grants_three_color_changes_and_no_guard_or_dupe() {
    let g = game_from(&ROW.replace("rolling-america", "rolling-japan").replace(
        "[rules.powers]\ncolor_change = 1\nguard = 1\ndupe = 1\n",
        "",
    ));
    assert_eq!(g.rules().powers.color_change, 3);
    let s = state(&g, &[], &[("r", 3), ("g", 3)]);
    assert_eq!(
        rules_broken(&g, &s, &write(&g, "r", "A", &[Power::Guard])),
        ["power-spent"]
    );
    assert!(
        legal(&g, &s)
            .iter()
            .all(|m| !m.powers.contains(Power::Guard) && !m.powers.contains(Power::Dupe))
    );
    assert_eq!(g.die(g.wild_die()).id, "purple");
}

#[test]
fn the_number_written_is_the_number_rolled() {
    let g = row();
    let s = state(&g, &[], &[("r", 3), ("g", 3)]);
    let mv = write(&g, "r", "A", &[]);
    assert_eq!(
        g.check(&s, &mv, 4)
            .iter()
            .map(Breach::rule)
            .collect::<Vec<_>>(),
        ["number-not-rolled"]
    );
    assert_eq!(
        g.check(&s, &mv, 7)
            .iter()
            .map(Breach::rule)
            .collect::<Vec<_>>(),
        ["number-not-on-die"]
    );
}

#[test]
fn after_the_last_round_every_empty_area_becomes_an_x() {
    let g = row();
    let mut s = g.initial_state();
    let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(1);
    let mut moves = MoveList::new();
    while !g.is_terminal(&s) {
        if g.phase(&s) == Phase::Chance {
            let r = g.sample_roll(&s, &mut rng);
            g.apply_roll(&mut s, r).unwrap();
        } else {
            g.legal_moves(&s, &mut moves);
            // Always the plain or X move: never a power.
            let mv = moves.iter().find(|m| m.powers.is_empty()).unwrap();
            g.apply(&mut s, mv);
        }
    }
    assert_eq!(s.empty_count(), 0);
    // Six dice for seven areas: at least one X.
    assert!(s.crosses() >= 1);
    assert_eq!(g.phase(&s), Phase::Terminal);
}

#[test]
fn the_score_is_the_number_of_x_and_fewer_powers_break_ties() {
    let a = Score {
        crosses: 4,
        powers_used: 6,
    };
    let b = Score {
        crosses: 5,
        powers_used: 0,
    };
    let c = Score {
        crosses: 4,
        powers_used: 2,
    };
    let mut all = [a, b, c];
    all.sort();
    assert_eq!(all, [c, a, b]);
}

#[test]
fn option_wild_without_placement_chooses_between_x_anywhere_and_no_effect() {
    let blocked = [
        ("A", N(1)),
        ("B", N(1)),
        ("C", N(1)),
        ("D", N(1)),
        ("E", N(1)),
        ("F", N(1)),
        ("I", N(1)),
    ];
    // Everything full except... nothing: make two empty areas that refuse a 6.
    let mut cells = blocked.to_vec();
    cells.retain(|&(c, _)| c != "B" && c != "E");
    let x_anywhere = row();
    let s = state(&x_anywhere, &cells, &[("clear", 6), ("g", 1)]);
    assert!(x_anywhere.is_legal(&s, &cross(&x_anywhere, "clear", "B")));
    assert!(x_anywhere.is_legal(&s, &cross(&x_anywhere, "clear", "E")));
    let no_effect = with_options("wild_without_placement = \"no-effect\"");
    let s = state(&no_effect, &cells, &[("clear", 6), ("g", 1)]);
    assert_eq!(
        rules_broken(&no_effect, &s, &cross(&no_effect, "clear", "B")),
        ["cross-wrong-region"]
    );
    assert!(no_effect.is_legal(
        &s,
        &Move {
            die: die(&no_effect, "clear"),
            action: Action::Pass,
            powers: PowerSet::NONE
        }
    ));
}

#[test]
fn option_guard_covers_dupe_decides_whether_both_copies_are_guarded() {
    let covers = row();
    let s = state(&covers, &[("B", N(6)), ("E", N(6))], &[("r", 1), ("g", 1)]);
    // A and C both touch B's 6.
    let mv = twice(&covers, "r", "A", "C", &[Power::Guard, Power::Dupe]);
    assert!(covers.is_legal(&s, &mv));
    let first_only = with_options("guard_covers_dupe = false");
    let s = state(
        &first_only,
        &[("B", N(6)), ("E", N(6))],
        &[("r", 1), ("g", 1)],
    );
    let mv = twice(&first_only, "r", "A", "C", &[Power::Guard, Power::Dupe]);
    assert_eq!(rules_broken(&first_only, &s, &mv), ["neighbor-rule"]);
    // The guarded copy is the first: with B back to 1, A (guarded) and C are fine.
    let mut s2 = s.clone();
    s2.set_cell(area(&first_only, "B"), N(1));
    assert!(first_only.is_legal(&s2, &mv));
    first_only.apply(&mut s2, mv);
    assert!(s2.cell(area(&first_only, "A")).is_guarded());
    assert!(!s2.cell(area(&first_only, "C")).is_guarded());
}

#[test]
fn option_color_change_anytime_decides_whether_color_change_needs_a_blocked_region() {
    let anytime = row();
    let s = state(&anytime, &[], &[("r", 3), ("g", 1)]);
    assert!(anytime.is_legal(&s, &write(&anytime, "r", "F", &[Power::ColorChange])));
    let only_when_blocked = with_options("color_change_anytime = false");
    let s = state(&only_when_blocked, &[], &[("r", 3), ("g", 1)]);
    assert_eq!(
        rules_broken(
            &only_when_blocked,
            &s,
            &write(&only_when_blocked, "r", "F", &[Power::ColorChange])
        ),
        ["color-change-not-needed"]
    );
    let s = state(
        &only_when_blocked,
        &[("B", N(1)), ("A", N(1)), ("C", N(1))],
        &[("r", 3), ("g", 1)],
    );
    assert!(only_when_blocked.is_legal(
        &s,
        &write(&only_when_blocked, "r", "F", &[Power::ColorChange])
    ));
}

#[test]
fn powers_apply_to_writing_a_number_not_to_an_x() {
    let g = row();
    let s = state(&g, &[("A", N(1)), ("C", N(1))], &[("r", 6), ("g", 1)]);
    let mv = Move {
        die: die(&g, "r"),
        action: Action::Cross(area(&g, "B")),
        powers: PowerSet::of(&[Power::Guard]),
    };
    assert_eq!(rules_broken(&g, &s, &mv), ["power-without-number"]);
}

#[test]
fn option_color_change_on_cross_lets_color_change_move_a_forced_x() {
    // r rolls 6: A (next to B 1), D (C 1, E 1) and F (E 1) refuse it, and
    // I (immune) is full: the 6 fits nowhere, and r's X belongs in A.
    let cells = [("B", N(1)), ("C", N(1)), ("E", N(1)), ("I", N(1))];
    let cc = [Power::ColorChange];
    let cc_cross = |g: &Game, code: &str, powers: &[Power]| Move {
        powers: PowerSet::of(powers),
        ..cross(g, "r", code)
    };
    // r's moves without Guard (which writes the 6 anywhere) or Dupe.
    let r_moves = |g: &Game, s: &State| -> Vec<Move> {
        legal(g, s)
            .into_iter()
            .filter(|m| {
                m.die == die(g, "r")
                    && !m.powers.contains(Power::Guard)
                    && !m.powers.contains(Power::Dupe)
            })
            .collect()
    };
    let strict = row();
    let s = state(&strict, &cells, &[("r", 6), ("g", 1)]);
    assert_eq!(
        rules_broken(&strict, &s, &cc_cross(&strict, "D", &cc)),
        ["power-without-number", "cross-wrong-region"]
    );
    assert_eq!(r_moves(&strict, &s), [cross(&strict, "r", "A")]);

    let on = with_options("color_change_on_cross = true");
    let s = state(&on, &cells, &[("r", 6), ("g", 1)]);
    let mv = cc_cross(&on, "D", &cc);
    assert!(on.is_legal(&s, &mv));
    assert!(
        on.is_legal(&s, &cross(&on, "r", "A")),
        "the power is optional"
    );
    // An X in the die's own region with Color Change wastes the power: legal,
    // but not generated.
    assert!(on.is_legal(&s, &cc_cross(&on, "A", &cc)));
    assert_eq!(
        r_moves(&on, &s),
        [
            cc_cross(&on, "D", &cc),
            cc_cross(&on, "F", &cc),
            cross(&on, "r", "A")
        ]
    );
    // Guard and Dupe still apply to numbers only.
    assert_eq!(
        rules_broken(
            &on,
            &s,
            &cc_cross(&on, "D", &[Power::ColorChange, Power::Guard])
        ),
        ["power-without-number"]
    );
    let mut after = s.clone();
    on.apply(&mut after, mv);
    assert!(after.cell(area(&on, "D")).is_cross());
    assert_eq!(after.used(Power::ColorChange), 1);
    // The die counts as wild: where its number fits, it must be written.
    let s = state(
        &on,
        &[("B", N(1)), ("C", N(1)), ("I", N(1))],
        &[("r", 6), ("g", 1)],
    );
    assert_eq!(
        rules_broken(&on, &s, &cc_cross(&on, "D", &cc)),
        ["cross-with-spot"]
    );

    // Where a wild die that fits nowhere does nothing, so does this one.
    let no_effect =
        with_options("color_change_on_cross = true\nwild_without_placement = \"no-effect\"");
    let s = state(&no_effect, &cells, &[("r", 6), ("g", 1)]);
    assert_eq!(
        rules_broken(&no_effect, &s, &cc_cross(&no_effect, "D", &cc)),
        ["cross-wrong-region"]
    );
    let cc_pass = Move {
        die: die(&no_effect, "r"),
        action: Action::Pass,
        powers: PowerSet::of(&cc),
    };
    assert!(no_effect.is_legal(&s, &cc_pass));
    assert_eq!(
        r_moves(&no_effect, &s),
        [cc_pass, cross(&no_effect, "r", "A")]
    );
}

#[test]
fn a_filled_sheet_needs_a_guard_per_circle_or_per_pair_of_equal_circles_on_a_dupe() {
    let g = Cell::guarded;
    let covers = row();
    let equal = state(&covers, &[("A", g(2)), ("C", g(2))], &[]);
    let unequal = state(&covers, &[("A", g(2)), ("C", g(3))], &[]);
    assert_eq!(filled::guards_needed(&covers, &equal, 1), 1);
    assert_eq!(
        filled::guards_needed(&covers, &equal, 0),
        2,
        "no Dupe ticked"
    );
    assert_eq!(filled::guards_needed(&covers, &unequal, 1), 2);
    let first_only = with_options("guard_covers_dupe = false");
    let equal = state(&first_only, &[("A", g(2)), ("C", g(2))], &[]);
    assert_eq!(filled::guards_needed(&first_only, &equal, 1), 2);
    // The paper referee counts so: one Guard and one Dupe ticked for A, C.
    let sheet = "[powers]\nguard = 1\ndupe = 1\n[areas]\nA = \"(2)\"\nC = \"(2)\"\n";
    let rules = |game: &Game| -> Vec<&'static str> {
        let verdict = filled::check(game, Path::new("s.toml"), sheet.as_bytes().to_vec());
        verdict
            .result
            .expect("a sheet")
            .breaches
            .iter()
            .map(|b| b.rule)
            .collect()
    };
    assert_eq!(rules(&covers), Vec::<&str>::new());
    assert_eq!(rules(&first_only), ["guard-without-tick"]);
}

#[test]
fn a_sheet_written_as_a_filled_sheet_reads_back() {
    let g = row();
    let mut s = state(
        &g,
        &[("A", N(2)), ("B", Cell::guarded(6)), ("C", Cell::CROSS)],
        &[],
    );
    s.use_power(Power::Guard);
    let text = filled::to_toml(&g, &s, Some("Ann \"the\" player"));
    let verdict = filled::check(&g, Path::new("s.toml"), text.clone().into_bytes());
    assert!(verdict.diagnostics.is_empty(), "{text}");
    let back = verdict.result.expect("a sheet");
    assert_eq!(back.sheet.cells(), s.cells(), "{text}");
    assert_eq!(back.sheet.used(Power::Guard), 1);
    assert_eq!(back.player.as_deref(), Some("Ann \"the\" player"));
    assert!(text.contains("map = \"row\""), "{text}");
    assert!(!text.contains("D ="), "empty areas are left out: {text}");
}
