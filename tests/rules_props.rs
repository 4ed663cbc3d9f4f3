//! Properties of the rules engine and the referee over many generated games.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

use proptest::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use rollx::engine::derive_seed;
use rollx::rolling::referee;
use rollx::rolling::{Action, DieKind, Game, Move, MoveList, Phase, PowerSet, State};
use rollx::rolling::{AreaId, Power, load};
use rollx::rolling::{GameLog, LogMove};
use rollx::rolling::{
    Greedy, Policy, RandomPolicy, Strong, StrongKnobs, TuplePlayer, TupleValue, play_game,
};

mod common;
use common::assert_referees_clean;

fn game(name: &str) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    Game::new(load(&path).expect("valid map")).expect("game")
}

const MAPS: [&str; 3] = [
    "maps/examples/tutorial.toml",
    "maps/usa.toml",
    "maps/japan.toml",
];

/// The invariants every reachable state keeps.
fn assert_invariants(g: &Game, before: &State, after: &State) {
    let rules = g.rules();
    for (a, (x, y)) in before.cells().iter().zip(after.cells()).enumerate() {
        assert!(x.is_empty() || x == y, "area {a} changed from {x} to {y}");
    }
    for p in [Power::ColorChange, Power::Guard, Power::Dupe] {
        assert!(after.used(p) <= rules.powers.get(p), "{p:?} overused");
        assert!(after.used(p) >= before.used(p));
    }
    for (a, b) in g.map().edges() {
        let (ca, cb) = (after.cell(a), after.cell(b));
        if let (Some(va), Some(vb)) = (ca.value(), cb.value()) {
            let excused = ca.is_guarded() || cb.is_guarded() || g.is_immune(a) || g.is_immune(b);
            assert!(
                excused || va.abs_diff(vb) <= 1,
                "{a:?}={ca} and {b:?}={cb} break the neighbour rule"
            );
        }
    }
    for c in after.cells() {
        if let Some(v) = c.value() {
            assert!(rules.faces.contains(&v));
        }
    }
}

/// Plays a whole game with `policy`, checking invariants after each step.
fn play_checked(g: &Game, seed: u64, policy: &mut dyn Policy) -> State {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut s = g.initial_state();
    let mut rolls = 0;
    let mut moves = MoveList::new();
    while !g.is_terminal(&s) {
        let before = s.clone();
        match g.phase(&s) {
            Phase::Chance => {
                let r = g.sample_roll(&s, &mut rng);
                g.apply_roll(&mut s, r).expect("sampled rolls are legal");
                rolls += 1;
            }
            Phase::Decision => {
                g.legal_moves(&s, &mut moves);
                assert!(!moves.is_empty(), "a decision always has a move");
                let mv = policy.choose(g, &s);
                assert!(g.is_legal(&s, &mv), "policy chose an illegal move {mv:?}");
                g.apply(&mut s, mv);
            }
            Phase::Terminal => unreachable!(),
        }
        assert_invariants(g, &before, &s);
    }
    assert_eq!(rolls, g.rules().results_per_game());
    assert_eq!(s.empty_count(), 0, "the game ends with every area filled");
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_legal_play_never_breaks_an_invariant(seed in any::<u64>(), map in 0usize..3) {
        let g = game(MAPS[map]);
        play_checked(&g, seed, &mut RandomPolicy::new(derive_seed(seed, 1)));
        play_checked(&g, seed, &mut Greedy::new());
    }
}

/// Every resolution a die could be given: each area, each pair, each X,
/// doing nothing, each with each set of powers.
fn all_candidates(g: &Game, s: &State) -> Vec<Move> {
    let mut out = Vec::new();
    let areas: Vec<AreaId> = g.all_areas().to_vec();
    let power_sets: Vec<PowerSet> = (0u8..8)
        .map(|bits| {
            let mut p = PowerSet::NONE;
            for (i, power) in [Power::ColorChange, Power::Guard, Power::Dupe]
                .into_iter()
                .enumerate()
            {
                if bits & (1 << i) != 0 {
                    p = p.with(power);
                }
            }
            p
        })
        .collect();
    for roll in s.pending() {
        for &powers in &power_sets {
            let mv = |action| Move {
                die: roll.die,
                action,
                powers,
            };
            out.push(mv(Action::Pass));
            for &a in &areas {
                out.push(mv(Action::Write(a)));
                out.push(mv(Action::Cross(a)));
                for &b in &areas {
                    out.push(mv(Action::WriteTwice(a, b)));
                }
            }
        }
    }
    out
}

/// A Color Change that changes nothing (wild die, every number in the
/// die's own region, an X in it, or doing nothing where the die would do
/// nothing anyway): legal, but left out of the generated moves.
fn wasted_color_change(g: &Game, s: &State, mv: &Move) -> bool {
    if !mv.powers.contains(Power::ColorChange) {
        return false;
    }
    let without = Move {
        powers: PowerSet::NONE,
        ..*mv
    };
    g.die(mv.die).kind == DieKind::Wild
        || match mv.action {
            Action::Pass => g.is_legal(s, &without),
            _ => mv.action.marked().all(|a| g.die_reaches(mv.die, a)),
        }
}

/// Checks, in the decision states of `games` random games (at most
/// `max_states` of them), that the generated moves are exactly the legal
/// ones. Returns the number of states checked and of generated moves that
/// spend a Color Change on an X or on doing nothing.
fn assert_generator_agrees(g: &Game, games: u64, max_states: usize) -> (usize, usize) {
    let mut checked_states = 0;
    let mut color_changed_x = 0;
    for seed in 0..games {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut policy = RandomPolicy::new(seed);
        let mut s = g.initial_state();
        let mut generated = MoveList::new();
        while !g.is_terminal(&s) && checked_states < max_states {
            if g.phase(&s) == Phase::Chance {
                let r = g.sample_roll(&s, &mut rng);
                g.apply_roll(&mut s, r).unwrap();
                continue;
            }
            g.legal_moves(&s, &mut generated);
            assert!(
                generated
                    .iter()
                    .eq((0..generated.len()).map(|i| generated.get(i))),
                "listing and unranking disagree"
            );
            let gen_set: BTreeSet<Move> = generated.iter().collect();
            assert_eq!(
                gen_set.len(),
                generated.len(),
                "the generator repeats a move"
            );
            color_changed_x += generated
                .iter()
                .filter(|m| {
                    m.powers.contains(Power::ColorChange)
                        && matches!(m.action, Action::Cross(_) | Action::Pass)
                })
                .count();
            for mv in all_candidates(g, &s) {
                let ok = g.is_legal(&s, &mv);
                if gen_set.contains(&mv) {
                    assert!(
                        ok,
                        "generated move {mv:?} is illegal: {:?}",
                        g.check(&s, &mv, s.pending_roll(mv.die).unwrap().value)
                    );
                } else if ok {
                    // With a guard that covers both copies, (a, b) and (b, a) are the same move.
                    let same_pair = match mv.action {
                        Action::WriteTwice(a, b) => gen_set.contains(&Move {
                            action: Action::WriteTwice(b, a),
                            ..mv
                        }),
                        _ => false,
                    };
                    assert!(
                        same_pair || wasted_color_change(g, &s, &mv),
                        "legal move {mv:?} is missing from the generator"
                    );
                }
            }
            checked_states += 1;
            let mv = policy.choose(g, &s);
            g.apply(&mut s, mv);
        }
    }
    (checked_states, color_changed_x)
}

#[test]
fn the_move_generator_agrees_with_the_rules_checker() {
    // Small maps make exhaustive candidate lists affordable.
    let g = game("maps/examples/tutorial.toml");
    let mut other = g.map().clone();
    other.rules.options.guard_covers_dupe = false;
    other.rules.options.color_change_anytime = false;
    other.rules.options.wild_without_placement = rollx::rolling::WildWithoutPlacement::NoEffect;
    let (checked, none) = assert_generator_agrees(&g, 40, usize::MAX);
    let (other_checked, _) = assert_generator_agrees(&Game::new(other).unwrap(), 40, usize::MAX);
    assert!(checked + other_checked > 400, "{checked} states checked");
    assert_eq!(none, 0, "Color Change is for writing only by default");
}

#[test]
fn the_move_generator_agrees_with_the_rules_checker_with_color_change_on_cross() {
    // Color Change on a forced X, under both readings of a wild die that
    // fits nowhere (X anywhere, or nothing).
    let mut x_anywhere = game("maps/examples/tutorial.toml").map().clone();
    x_anywhere.rules.options.color_change_on_cross = true;
    // Enough Color Changes that some are left when a number fits nowhere.
    x_anywhere.rules.powers.color_change = 12;
    let mut no_effect = x_anywhere.clone();
    no_effect.rules.options.wild_without_placement = rollx::rolling::WildWithoutPlacement::NoEffect;
    no_effect.rules.options.color_change_anytime = false;
    for map in [x_anywhere, no_effect] {
        let (checked, color_changed_x) =
            assert_generator_agrees(&Game::new(map).unwrap(), 25, usize::MAX);
        assert!(checked > 150, "{checked} states checked");
        assert!(color_changed_x > 0, "no Color Change on an X was generated");
    }
}

#[test]
fn the_move_generator_handles_maps_of_more_than_64_areas() {
    // 130 areas in a row, in two regions: sets span three 64-bit words.
    let mut text = String::from(
        "[map]\nid = \"long\"\nname = \"Long\"\ndescription = \"130 areas\"\n\
         [rules]\npreset = \"rolling-america\"\nrounds = 2\ndice_per_round = 2\n\
         [rules.powers]\ncolor_change = 1\nguard = 1\ndupe = 1\n\
         [[regions]]\nid = \"r\"\ncolor = \"#ff0000\"\n[[regions]]\nid = \"g\"\ncolor = \"#00ff00\"\n",
    );
    for i in 0..130 {
        let mut n = Vec::new();
        if i > 0 {
            n.push(format!("\"A{}\"", i - 1));
        }
        if i < 129 {
            n.push(format!("\"A{}\"", i + 1));
        }
        let region = if i < 65 { "r" } else { "g" };
        text.push_str(&format!(
            "[[areas]]\nid = \"A{i}\"\nregion = \"{region}\"\nneighbors = [{}]\n",
            n.join(", ")
        ));
    }
    let checked = rollx::rolling::check_bytes(
        &rollx::source::DiskFiles,
        Path::new("long.toml"),
        text.into_bytes(),
    );
    assert_eq!(checked.errors(), 0, "{:?}", checked.diagnostics);
    let g = Game::new(checked.map.unwrap()).unwrap();
    assert_eq!(assert_generator_agrees(&g, 2, 3).0, 3);
}

#[test]
fn every_log_produced_by_play_referees_clean() {
    for (m, map) in MAPS.iter().enumerate() {
        let g = game(map);
        let games = if m == 0 { 200 } else { 40 };
        for seed in 0..games {
            let players = 1 + (seed % 3) as usize;
            let mut roster: Vec<(String, Box<dyn Policy>)> = (0..players)
                .map(|i| {
                    let policy: Box<dyn Policy> = if (seed as usize + i).is_multiple_of(2) {
                        Box::new(Greedy::new())
                    } else {
                        Box::new(RandomPolicy::new(derive_seed(seed, i as u64)))
                    };
                    (format!("p{i}"), policy)
                })
                .collect();
            let played = play_game(&g, seed, &mut roster, None);
            assert_referees_clean(&g, &played, &format!("{map} seed {seed}"));
        }
    }
}

/// Whether a log move spends a Color Change on an X or on doing nothing.
fn color_changed_x(lm: &LogMove) -> bool {
    lm.powers.contains(&Power::ColorChange) && lm.areas.is_empty()
}

#[test]
fn games_played_with_color_change_on_cross_referee_clean() {
    let usa = game("maps/usa.toml");
    let light = StrongKnobs {
        candidates: 4,
        rollouts: 2,
        horizon: 0,
    };
    let mut used = 0;
    let mut example: Option<(Game, GameLog)> = None;
    for wild in [
        rollx::rolling::WildWithoutPlacement::XAnywhere,
        rollx::rolling::WildWithoutPlacement::NoEffect,
    ] {
        let mut map = usa.map().clone();
        map.rules.options.color_change_on_cross = true;
        map.rules.options.wild_without_placement = wild;
        let g = Game::new(map).unwrap();
        let values = Arc::new(TupleValue::train(&g, 3, 1).unwrap());
        // Many cheap games, a few slow ones.
        for seed in 0..40 {
            let policy: Box<dyn Policy> = match seed {
                0..20 => Box::new(Greedy::new()),
                20..32 => Box::new(RandomPolicy::new(seed)),
                32..35 => Box::new(TuplePlayer::new(values.clone())),
                _ => Box::new(Strong::new(light, seed)),
            };
            let mut roster = vec![("p".to_string(), policy)];
            let played = play_game(&g, seed, &mut roster, None);
            assert_referees_clean(&g, &played, &format!("{wild:?} seed {seed}"));
            let moves = || played.log.turns.iter().flat_map(|t| &t.moves[0]);
            used += moves().filter(|lm| color_changed_x(lm)).count();
            if example.is_none() && moves().any(|lm| color_changed_x(lm) && lm.cross.is_some()) {
                example = Some((g.clone(), played.log.clone()));
            }
        }
    }
    assert!(used > 0, "nobody used Color Change on an X");

    // The same game refereed by the strict reading: each X moved by a
    // Color Change out of its die's region is a power without a number
    // and an X in the wrong region.
    let (g, mut log) = example.expect("a Color Change moved an X");
    log.options = None;
    log.board.hash = None;
    let verdict = referee(&usa, &log).expect("the same map");
    let first = &verdict.violations[0];
    let (turn, mv) = log
        .turns
        .iter()
        .enumerate()
        .find_map(|(t, turn)| {
            turn.moves[0]
                .iter()
                .position(|lm| color_changed_x(lm) && lm.cross.is_some())
                .map(|k| (t + 1, k))
        })
        .unwrap();
    assert_eq!((first.turn, first.move_index), (turn, Some(mv)));
    assert_eq!(first.rule, "power-without-number");
    let lm = &log.turns[turn - 1].moves[0][mv];
    let (m, _) = rollx::rolling::move_from_log(&g, lm).unwrap();
    let Action::Cross(x) = m.action else {
        unreachable!()
    };
    // The players' Color Changes move an X only out of the region.
    assert!(!g.die_reaches(m.die, x));
    assert_eq!(verdict.violations[1].rule, "cross-wrong-region");
}

/// The state before each move of player 0: `(turn, move index, state)`.
fn states_before_moves(g: &Game, log: &GameLog) -> Vec<(usize, usize, State)> {
    let mut s = g.initial_state();
    let mut out = Vec::new();
    for (t, turn) in log.turns.iter().enumerate() {
        for d in &turn.dice {
            let roll = rollx::rolling::Roll {
                die: g.die_by_id(&d.die).unwrap(),
                value: d.value,
            };
            g.apply_roll(&mut s, roll).unwrap();
        }
        for (k, lm) in turn.moves[0].iter().enumerate() {
            out.push((t, k, s.clone()));
            let (mv, _) = rollx::rolling::move_from_log(g, lm).unwrap();
            g.apply(&mut s, mv);
        }
    }
    out
}

/// A corrupted version of move `lm` (made in state `s`) that breaks `rule`,
/// if this position allows one.
fn corrupt(g: &Game, s: &State, lm: &LogMove, rule: &str) -> Option<LogMove> {
    let (mv, _) = rollx::rolling::move_from_log(g, lm).unwrap();
    let value = s.pending_roll(mv.die)?.value;
    let code = |a: AreaId| g.map().area(a).id.clone();
    let write = |a: AreaId, number: u8, powers: Vec<Power>| LogMove {
        die: lm.die.clone(),
        number: Some(number),
        areas: vec![code(a)],
        cross: None,
        powers,
        color_change_to: None,
    };
    let empty = |a: &AreaId| s.cell(*a).is_empty();
    let fits = |a: &AreaId| g.neighbor_rule_ok(s, *a, value);
    match rule {
        "wrong-region" => g
            .all_areas()
            .iter()
            .find(|a| !g.die_reaches(mv.die, **a) && empty(a) && fits(a))
            .map(|&a| write(a, value, vec![])),
        "neighbor-rule" => g
            .die_areas(mv.die)
            .iter()
            .find(|a| empty(a) && !fits(a))
            .map(|&a| write(a, value, vec![])),
        "cross-with-spot" => {
            g.plain_spot(s, mv.die, value)?;
            g.die_areas(mv.die)
                .iter()
                .find(|a| empty(a))
                .map(|&a| LogMove {
                    die: lm.die.clone(),
                    number: None,
                    areas: vec![],
                    cross: Some(code(a)),
                    powers: vec![],
                    color_change_to: None,
                })
        }
        "power-spent" => {
            let spent = [Power::Guard, Power::Dupe, Power::ColorChange]
                .into_iter()
                .find(|&p| g.rules().powers.get(p) > 0 && s.used(p) == g.rules().powers.get(p))?;
            // Add the spent power to an otherwise legal write.
            if spent != Power::Guard
                || !matches!(mv.action, Action::Write(_))
                || !mv.powers.is_empty()
            {
                return None;
            }
            let mut out = lm.clone();
            out.powers.push(spent);
            Some(out)
        }
        "number-not-on-die" => {
            // The same areas and powers, with a number no die shows.
            mv.action.written().next()?;
            Some(LogMove {
                number: Some(9),
                ..lm.clone()
            })
        }
        "area-not-empty" => g
            .die_areas(mv.die)
            .iter()
            .find(|a| !empty(a))
            .map(|&a| write(a, value, vec![])),
        _ => unreachable!(),
    }
}

const CORRUPTIONS: [&str; 6] = [
    "wrong-region",
    "neighbor-rule",
    "cross-with-spot",
    "power-spent",
    "number-not-on-die",
    "area-not-empty",
];

#[test]
fn every_single_move_corruption_is_detected_and_attributed() {
    let mut detected = [0usize; CORRUPTIONS.len()];
    let mut logs = 0;
    for (m, map) in MAPS.iter().enumerate() {
        let g = game(map);
        let games: u64 = if m == 0 { 2000 } else { 150 };
        for seed in 0..games {
            let policy: Box<dyn Policy> = if seed % 2 == 0 {
                Box::new(Greedy::new())
            } else {
                Box::new(RandomPolicy::new(seed))
            };
            let mut roster = vec![("p".to_string(), policy)];
            let log = play_game(&g, seed, &mut roster, None).log;
            logs += 1;
            let positions = states_before_moves(&g, &log);
            // Start looking at a seed-dependent move so corruptions spread over the game.
            let start = (derive_seed(seed, 99) % positions.len() as u64) as usize;
            for (c, rule) in CORRUPTIONS.iter().enumerate() {
                let found = (0..positions.len())
                    .map(|i| &positions[(start + i) % positions.len()])
                    .find_map(|(t, k, s)| {
                        corrupt(&g, s, &log.turns[*t].moves[0][*k], rule).map(|lm| (*t, *k, lm))
                    });
                let Some((t, k, bad)) = found else { continue };
                let mut corrupted = log.clone();
                corrupted.turns[t].moves[0][k] = bad.clone();
                let verdict = referee(&g, &corrupted).expect("the log's own map");
                let first = verdict.violations.first().unwrap_or_else(|| {
                    panic!("{map} seed {seed}: {rule} at turn {} not detected", t + 1)
                });
                assert_eq!(
                    (first.turn, first.move_index, first.die.as_str(), first.rule),
                    (t + 1, Some(k), bad.die.as_str(), *rule),
                    "{map} seed {seed}: {bad:?}"
                );
                assert!(verdict.players[0].mistakes >= 1);
                detected[c] += 1;
            }
        }
    }
    assert!(logs >= 2000);
    for (c, rule) in CORRUPTIONS.iter().enumerate() {
        assert!(
            detected[c] >= 500,
            "only {} {rule} corruptions were tried",
            detected[c]
        );
    }
}

/// One X per mistake, counted the same way by the log referee and by the
/// paper check of the log's final sheet (`referee --write-sheet`, then
/// `referee --sheet`), under either reading of what a mistake is
/// (docs/rules.md, rule 30): a mistake planted in the last move of a game,
/// so that nothing follows from it, costs one X per die however many rules
/// it breaks (`per-die`), or one per rule broken (`per-rule`); the paper
/// check, which sees the numbers but not the order of play, counts the
/// same where the sheet shows the mistake (a number beside numbers it
/// breaks, a number no die shows, a power ticked too often) and fewer
/// where it cannot (an X, a region, an area written twice).
#[test]
fn the_log_and_the_paper_count_the_x_of_a_mistake_the_same_way() {
    use rollx::rolling::{Mistakes, check_filled, filled_toml};
    let visible = ["neighbor-rule", "number-not-on-die", "power-spent"];
    let mut tried = [0usize; CORRUPTIONS.len()];
    let mut several_rules = 0;
    for map in ["maps/examples/tutorial.toml", "maps/usa.toml"] {
        let per_die = game(map);
        let mut m = per_die.map().clone();
        m.rules.options.mistakes = Mistakes::PerRule;
        let per_rule = Game::new(m).expect("game");
        for seed in 0..300 {
            let policy: Box<dyn Policy> = if seed % 2 == 0 {
                Box::new(Greedy::new())
            } else {
                Box::new(RandomPolicy::new(seed))
            };
            let mut roster = vec![("p".to_string(), policy)];
            let log = play_game(&per_die, seed, &mut roster, None).log;
            let positions = states_before_moves(&per_die, &log);
            let (t, k, s) = positions.last().expect("moves");
            for (c, rule) in CORRUPTIONS.iter().enumerate() {
                let Some(bad) = corrupt(&per_die, s, &log.turns[*t].moves[0][*k], rule) else {
                    continue;
                };
                let mut corrupted = log.clone();
                corrupted.turns[*t].moves[0][*k] = bad.clone();
                corrupted.board.hash = None;
                corrupted.options = None;
                for (g, mode) in [(&per_die, "per-die"), (&per_rule, "per-rule")] {
                    let v = referee(g, &corrupted).expect("the log's own map");
                    let what = format!("{map} seed {seed}, {rule} ({mode}): {:?}", v.violations);
                    assert!(!v.violations.is_empty(), "{what}");
                    assert!(v.violations.iter().all(|x| x.turn == t + 1), "{what}");
                    let log_x = v.players[0].mistakes;
                    let want = match mode {
                        "per-die" => 1,
                        _ => v.violations.len() as u32,
                    };
                    assert_eq!(log_x, want, "{what}");
                    if mode == "per-rule" && v.violations.len() > 1 {
                        several_rules += 1;
                    }
                    let text = filled_toml(g, &v.players[0].sheet, Some("p"));
                    let paper = check_filled(g, Path::new("final.toml"), text.into_bytes())
                        .result
                        .expect("the final sheet reads back");
                    if visible.contains(rule) {
                        assert_eq!(paper.mistakes, log_x, "{what}\npaper: {:?}", paper.breaches);
                        assert_eq!(paper.total, v.players[0].total, "{what}");
                    } else {
                        assert!(
                            paper.mistakes <= log_x,
                            "{what}\npaper: {:?}",
                            paper.breaches
                        );
                    }
                }
                tried[c] += 1;
            }
        }
    }
    for (c, rule) in CORRUPTIONS.iter().enumerate() {
        assert!(
            tried[c] >= 20,
            "only {} {rule} corruptions were tried",
            tried[c]
        );
    }
    assert!(
        several_rules >= 10,
        "{several_rules} mistakes broke several rules"
    );
}
