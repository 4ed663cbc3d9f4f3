//! The referees of every family report every mistake of a log, not only
//! the first: a clean computer-played log is corrupted in every way a
//! hand-transcribed log goes wrong (a wrong die, a move out of turn, an
//! illegal move, an entry listed twice, a false score, a move after the
//! end) at a random turn and player, and the referee must name that
//! mistake at that turn and player; with three mistakes planted at
//! different turns and players, it must name all three.

use std::path::Path;

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// One finding of a referee, in the terms every family shares.
#[derive(Debug)]
struct Found {
    turn: Option<usize>,
    player: Option<String>,
    kind: String,
}

/// What a planted mistake must be reported as: its turn (from 1) or none
/// for the whole log, its player or none, and the kinds that name it
/// (empty: any broken rule of that player in that turn).
#[derive(Clone, Debug)]
struct Expect {
    what: &'static str,
    turn: Option<usize>,
    player: Option<String>,
    kinds: Vec<&'static str>,
}

impl Expect {
    fn new(
        what: &'static str,
        turn: Option<usize>,
        player: Option<&str>,
        kinds: &[&'static str],
    ) -> Expect {
        Expect {
            what,
            turn,
            player: player.map(str::to_string),
            kinds: kinds.to_vec(),
        }
    }

    fn met_by(&self, found: &[Found]) -> bool {
        found.iter().any(|f| {
            f.turn == self.turn
                && (self.player.is_none() || f.player == self.player)
                && (self.kinds.is_empty() || self.kinds.contains(&f.kind.as_str()))
        })
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Checks that every expectation is met, and that nothing is reported
/// before the first planted mistake, with the findings shown.
fn assert_reported(family: &str, seed: u64, expects: &[Expect], found: &[Found]) {
    let first = expects.iter().filter_map(|e| e.turn).min();
    if let Some(first) = first.filter(|_| expects.iter().all(|e| e.turn.is_some())) {
        assert!(
            found.iter().all(|f| f.turn.is_none_or(|t| t >= first)),
            "{family} seed {seed}: a finding before the first mistake (turn {first}): {found:#?}"
        );
    }
    for e in expects {
        assert!(
            e.met_by(found),
            "{family} seed {seed}: the planted {} ({e:?}) is not reported; the referee found {found:#?}",
            e.what
        );
    }
}

/// Three distinct turn indexes in `0..turns`, sorted, spread over the game.
fn three_turns(rng: &mut Pcg64Mcg, turns: usize) -> [usize; 3] {
    loop {
        let mut t = [
            rng.random_range(0..turns),
            rng.random_range(0..turns),
            rng.random_range(0..turns),
        ];
        t.sort();
        if t[0] < t[1] && t[1] < t[2] {
            return t;
        }
    }
}

// ---------------------------------------------------------------------------
// Rolling.

mod rolling {
    use super::*;
    use rollx::rolling::Game;
    use rollx::rolling::GameLog;
    use rollx::rolling::load;
    use rollx::rolling::referee;
    use rollx::rolling::{Greedy, Policy, play_game};

    pub const KINDS: [&str; 4] = ["wrong die", "out of turn", "illegal move", "area twice"];

    pub fn game() -> Game {
        Game::new(load(&root().join("maps/usa.toml")).expect("valid map")).expect("game")
    }

    pub fn log(game: &Game, seed: u64) -> GameLog {
        let mut roster: Vec<(String, Box<dyn Policy>)> = (1..=3)
            .map(|i| (format!("p{i}"), Box::new(Greedy::new()) as Box<dyn Policy>))
            .collect();
        play_game(game, seed, &mut roster, None).log
    }

    pub fn found(game: &Game, log: &GameLog) -> Vec<Found> {
        let v = referee(game, log).expect("the log's own map");
        let mut out: Vec<Found> = v
            .violations
            .iter()
            .map(|x| Found {
                turn: Some(x.turn),
                player: Some(x.player.clone()),
                kind: x.rule.to_string(),
            })
            .collect();
        out.extend(v.problems.iter().map(|p| Found {
            turn: p.turn,
            player: p.player.clone(),
            kind: p.kind.to_string(),
        }));
        out
    }

    /// Plants mistake `kind` in turn `t` of player `p`, if this turn
    /// allows it: what the referee must report.
    pub fn plant(log: &mut GameLog, kind: &'static str, t: usize, p: usize) -> Option<Expect> {
        let name = log.players[p].clone();
        let turn = Some(t + 1);
        match kind {
            "wrong die" => {
                log.turns[t].dice[0].value = 9;
                Some(Expect::new(kind, turn, None, &["not-a-face"]))
            }
            "out of turn" => {
                // The same die resolved twice.
                let first = log.turns[t].moves[p].first()?.clone();
                log.turns[t].moves[p].push(first);
                Some(Expect::new(kind, turn, Some(&name), &[]))
            }
            "illegal move" => {
                // A number written over an area the player wrote before.
                let before = log.turns[..t]
                    .iter()
                    .flat_map(|turn| &turn.moves[p])
                    .find_map(|m| m.areas.first().cloned())?;
                let mv = log.turns[t].moves[p]
                    .iter_mut()
                    .find(|m| m.areas.len() == 1)?;
                mv.areas = vec![before];
                Some(Expect::new(kind, turn, Some(&name), &[]))
            }
            "area twice" => {
                let mv = log.turns[t].moves[p]
                    .iter_mut()
                    .find(|m| m.areas.len() == 1)?;
                let a = mv.areas[0].clone();
                mv.areas.push(a);
                Some(Expect::new(kind, turn, Some(&name), &["same-area-twice"]))
            }
            _ => unreachable!("{kind}"),
        }
    }
}

// ---------------------------------------------------------------------------
// Encore.

mod encore {
    use super::*;
    use rollx::encore::referee;
    use rollx::encore::{Effort, play_game, seat_players};
    use rollx::encore::{Game, OPEN_ROLLS};
    use rollx::encore::{GameLog, LogMove};

    pub const KINDS: [&str; 4] = ["wrong die", "out of turn", "illegal move", "box twice"];

    pub fn game() -> Game {
        {
            let b = rollx::families::load(&root().join("maps/encore-black.toml"))
                .unwrap()
                .take()
                .expect("an Encore board");
            Game::new(b).unwrap()
        }
    }

    pub fn log(game: &Game, seed: u64) -> GameLog {
        let policies: Vec<String> = vec!["greedy".into(); 4];
        let mut seats = seat_players(&policies, seed, Effort::DEFAULT).unwrap();
        play_game(game, seed, &mut seats, None).log
    }

    pub fn found(game: &Game, log: &GameLog) -> Vec<Found> {
        let log = GameLog::parse(&log.to_json()).expect("the log parses");
        let v = referee(game, &log).expect("the log's own board");
        let mut out: Vec<Found> = v
            .violations
            .iter()
            .map(|x| Found {
                turn: Some(x.turn),
                player: Some(x.player.clone()),
                kind: x.rule.to_string(),
            })
            .collect();
        out.extend(v.problems.iter().map(|p| Found {
            turn: p.turn,
            player: p.player.clone(),
            kind: p.kind.to_string(),
        }));
        out
    }

    pub fn plant(log: &mut GameLog, kind: &'static str, t: usize, p: usize) -> Option<Expect> {
        let players = log.players.len();
        let name = log.players[p].name.clone();
        let turn = Some(t + 1);
        match kind {
            "wrong die" => {
                log.turns[t].roll.colors[0] = "purple".into();
                Some(Expect::new(kind, turn, None, &["not-a-face"]))
            }
            "out of turn" => {
                // A player takes the colour die the active player took
                // before them (only one die of the roll shows that face).
                if t < usize::from(OPEN_ROLLS) || t % players == p {
                    return None;
                }
                let active = t % players;
                let LogMove::Cross(taken) = log.turns[t].moves[active].clone() else {
                    return None;
                };
                let shown = log.turns[t]
                    .roll
                    .colors
                    .iter()
                    .filter(|f| **f == taken.color_die)
                    .count();
                let LogMove::Cross(c) = &mut log.turns[t].moves[p] else {
                    return None;
                };
                if shown != 1 {
                    return None;
                }
                c.color_die = taken.color_die.clone();
                Some(Expect::new(kind, turn, Some(&name), &["die-taken"]))
            }
            "illegal move" => {
                let LogMove::Cross(c) = &mut log.turns[t].moves[p] else {
                    return None;
                };
                if c.boxes.len() < 2 {
                    return None;
                }
                c.boxes.pop();
                Some(Expect::new(kind, turn, Some(&name), &["wrong-count"]))
            }
            "box twice" => {
                let LogMove::Cross(c) = &mut log.turns[t].moves[p] else {
                    return None;
                };
                let first = c.boxes[0].clone();
                c.boxes.push(first);
                Some(Expect::new(kind, turn, Some(&name), &["box-twice"]))
            }
            _ => unreachable!("{kind}"),
        }
    }
}

// ---------------------------------------------------------------------------
// Diceland.

mod diceland {
    use super::*;
    use rollx::diceland::play_game;
    use rollx::diceland::referee;
    use rollx::diceland::{Event, GameLog, parse_move};
    use rollx::diceland::{Game, Phase, Roll};
    use rollx::engine::Rules;

    pub const KINDS: [&str; 5] = [
        "wrong die",
        "out of turn",
        "illegal crossing, active player",
        "illegal crossing, another player",
        "cell twice",
    ];

    pub fn game() -> Game {
        {
            let b = rollx::families::load(&root().join("maps/diceland-1.toml"))
                .unwrap()
                .take()
                .expect("a Diceland board");
            Game::new(b)
        }
    }

    pub fn log(game: &Game, seed: u64) -> GameLog {
        let policies: Vec<String> = vec!["greedy".into(); 3];
        play_game(game, seed, &policies, None).unwrap().log
    }

    pub fn found(game: &Game, log: &GameLog) -> Vec<Found> {
        let log = GameLog::parse(&log.to_json()).expect("the log parses");
        let v = referee(game, &log).expect("the log's own board");
        let mut out: Vec<Found> = v
            .violations
            .iter()
            .map(|x| Found {
                turn: Some(x.turn),
                player: Some(x.player.clone()),
                kind: x.kind.to_string(),
            })
            .collect();
        out.extend(v.problems.iter().map(|p| Found {
            turn: p.turn,
            player: p.player.clone(),
            kind: p.kind.to_string(),
        }));
        out
    }

    /// For every event of a clean log, the phase of the table before it
    /// and the active seat.
    fn phases(game: &Game, log: &GameLog) -> Vec<Vec<(Phase, usize)>> {
        let mut table = game.new_table(log.players.len());
        let mut out = Vec::new();
        for turn in &log.turns {
            let mut here = Vec::new();
            for e in &turn.events {
                here.push((table.phase, usize::from(table.active)));
                match e {
                    Event::Roll { roll } => {
                        game.apply_chance(&mut table, Roll::parse(roll).unwrap())
                    }
                    Event::Move { player, mv } => {
                        let seat = log.players.iter().position(|p| p == player).unwrap();
                        let m = parse_move(game.board(), mv).unwrap();
                        game.apply(&mut table, seat, m);
                    }
                }
            }
            out.push(here);
        }
        out
    }

    /// The event of `p`'s crossing in the crossing after the rolls of turn
    /// `t`: its index.
    fn crossing(game: &Game, log: &GameLog, t: usize, p: usize) -> Option<usize> {
        let phases = phases(game, log);
        log.turns[t].events.iter().enumerate().position(|(e, ev)| {
            phases[t][e].0 == Phase::Cross
                && matches!(ev, Event::Move { player, .. } if *player == log.players[p])
        })
    }

    /// Plants mistake `kind` in turn `t` of player `p` of `log`, a copy of
    /// the `clean` log with mistakes planted in other turns only.
    pub fn plant(
        game: &Game,
        clean: &GameLog,
        log: &mut GameLog,
        kind: &'static str,
        t: usize,
        p: usize,
    ) -> Option<Expect> {
        let name = log.players[p].clone();
        let turn = Some(t + 1);
        let active = phases(game, clean)[t][0].1;
        match kind {
            "wrong die" => {
                let Event::Roll { roll } = &mut log.turns[t].events[0] else {
                    unreachable!("a turn begins with a roll")
                };
                roll.push('R');
                Some(Expect::new(kind, turn, None, &["wrong-dice"]))
            }
            "out of turn" => {
                let e = crossing(game, clean, t, p)?;
                let again = log.turns[t].events[e].clone();
                log.turns[t].events.insert(e + 1, again);
                // After the crossing that ends the game, a move is one
                // after the end.
                Some(Expect::new(
                    kind,
                    turn,
                    Some(&name),
                    &["out-of-turn", "after-the-end"],
                ))
            }
            "illegal crossing, active player" | "illegal crossing, another player" => {
                let wanted = kind.ends_with("active player");
                if (p == active) != wanted {
                    return None;
                }
                let e = crossing(game, clean, t, p)?;
                let Event::Move { mv, .. } = &mut log.turns[t].events[e] else {
                    unreachable!()
                };
                if !mv.starts_with("cross") {
                    return None;
                }
                // One cell more than the dice: the board's first free cell
                // not in the move (a count the dice never allow).
                let board = game.board();
                let extra = (0..board.cells.len())
                    .map(|i| board.cell_name(i))
                    .find(|c| board.cell_by_name(c).is_some() && !mv.split(' ').any(|w| w == c))?;
                mv.push(' ');
                mv.push_str(&extra);
                Some(Expect::new(
                    kind,
                    turn,
                    Some(&name),
                    &[
                        "cross-count",
                        "cross-color",
                        "cross-twice",
                        "cross-two-zones",
                        "cross-open-zone",
                        "cross-apart",
                    ],
                ))
            }
            "cell twice" => {
                let e = crossing(game, clean, t, p)?;
                let Event::Move { mv, .. } = &mut log.turns[t].events[e] else {
                    unreachable!()
                };
                let cell = mv.split(' ').nth(2)?.to_string();
                mv.push(' ');
                mv.push_str(&cell);
                Some(Expect::new(kind, turn, Some(&name), &["cell-twice"]))
            }
            _ => unreachable!("{kind}"),
        }
    }
}

// ---------------------------------------------------------------------------
// The properties.

#[test]
fn every_single_mistake_is_reported_at_its_turn_and_player() {
    let mut planted = std::collections::BTreeMap::<String, usize>::new();

    let g = rolling::game();
    for seed in 0..30 {
        let clean = rolling::log(&g, seed);
        assert!(rolling::found(&g, &clean).is_empty(), "rolling seed {seed}");
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        for kind in rolling::KINDS {
            for _ in 0..20 {
                let t = rng.random_range(0..clean.turns.len());
                let p = rng.random_range(0..clean.players.len());
                let mut bad = clean.clone();
                if let Some(e) = rolling::plant(&mut bad, kind, t, p) {
                    assert_reported("rolling", seed, &[e], &rolling::found(&g, &bad));
                    *planted.entry(format!("rolling {kind}")).or_default() += 1;
                    break;
                }
            }
        }
        // A false score and a turn after the end.
        let mut bad = clean.clone();
        bad.result[1].crosses += 1;
        let name = bad.players[1].clone();
        let e = Expect::new("false score", None, Some(&name), &["result-differs"]);
        assert_reported("rolling", seed, &[e], &rolling::found(&g, &bad));
        let mut bad = clean.clone();
        bad.turns.push(bad.turns[0].clone());
        let e = Expect::new(
            "move after the end",
            Some(bad.turns.len()),
            None,
            &["extra-turns"],
        );
        assert_reported("rolling", seed, &[e], &rolling::found(&g, &bad));
    }

    let g = encore::game();
    for seed in 0..30 {
        let clean = encore::log(&g, seed);
        assert!(encore::found(&g, &clean).is_empty(), "encore seed {seed}");
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        for kind in encore::KINDS {
            for _ in 0..40 {
                let t = rng.random_range(0..clean.turns.len());
                let p = rng.random_range(0..clean.players.len());
                let mut bad = clean.clone();
                if let Some(e) = encore::plant(&mut bad, kind, t, p) {
                    assert_reported("encore", seed, &[e], &encore::found(&g, &bad));
                    *planted.entry(format!("encore {kind}")).or_default() += 1;
                    break;
                }
            }
        }
        let mut bad = clean.clone();
        bad.result[2].total += 1;
        let name = bad.players[2].name.clone();
        let e = Expect::new("false score", None, Some(&name), &["wrong-total"]);
        assert_reported("encore", seed, &[e], &encore::found(&g, &bad));
        let mut bad = clean.clone();
        bad.turns.push(bad.turns[0].clone());
        let e = Expect::new(
            "move after the end",
            Some(bad.turns.len()),
            None,
            &["extra-turns"],
        );
        assert_reported("encore", seed, &[e], &encore::found(&g, &bad));
    }

    let g = diceland::game();
    for seed in 0..120 {
        let clean = diceland::log(&g, seed);
        assert!(
            diceland::found(&g, &clean).is_empty(),
            "diceland seed {seed}"
        );
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        for kind in diceland::KINDS {
            for _ in 0..40 {
                let t = rng.random_range(0..clean.turns.len());
                let p = rng.random_range(0..clean.players.len());
                let mut bad = clean.clone();
                if let Some(e) = diceland::plant(&g, &clean, &mut bad, kind, t, p) {
                    assert_reported("diceland", seed, &[e], &diceland::found(&g, &bad));
                    *planted.entry(format!("diceland {kind}")).or_default() += 1;
                    break;
                }
            }
        }
        // Winners the sheets do not make.
        let mut bad = clean.clone();
        let loser = bad
            .players
            .iter()
            .find(|p| !bad.result.contains(p))
            .cloned()
            .unwrap();
        bad.result = vec![loser];
        let e = Expect::new("false score", None, None, &["wrong-winners"]);
        assert_reported("diceland", seed, &[e], &diceland::found(&g, &bad));
        // A move after the winning crossing, and a turn after the end.
        let mut bad = clean.clone();
        let last = bad.turns.len();
        let mv = rollx::diceland::Event::Move {
            player: bad.players[0].clone(),
            mv: "pass".into(),
        };
        bad.turns[last - 1].events.push(mv);
        let e = Expect::new("move after the end", Some(last), None, &["after-the-end"]);
        assert_reported("diceland", seed, &[e], &diceland::found(&g, &bad));
        let mut bad = clean.clone();
        bad.turns.push(bad.turns[0].clone());
        let e = Expect::new("turn after the end", Some(last + 1), None, &["extra-turns"]);
        assert_reported("diceland", seed, &[e], &diceland::found(&g, &bad));
    }

    // Every kind was planted in most games.
    for (kind, n) in &planted {
        assert!(*n >= 20, "{kind} was planted in only {n} games");
    }
    assert_eq!(planted.len(), 4 + 4 + 5, "{planted:?}");
}

#[test]
fn three_mistakes_at_different_turns_and_players_are_all_reported() {
    let mut logs = [0usize; 3];

    let g = rolling::game();
    for seed in 100..140 {
        let clean = rolling::log(&g, seed);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let turns = three_turns(&mut rng, clean.turns.len());
        let mut bad = clean.clone();
        let mut expects = Vec::new();
        for (i, &t) in turns.iter().enumerate() {
            let kind = rolling::KINDS[rng.random_range(0..rolling::KINDS.len())];
            expects.extend(rolling::plant(&mut bad, kind, t, i));
        }
        if expects.len() == 3 {
            assert_reported("rolling", seed, &expects, &rolling::found(&g, &bad));
            logs[0] += 1;
        }
    }

    let g = encore::game();
    for seed in 100..140 {
        let clean = encore::log(&g, seed);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let turns = three_turns(&mut rng, clean.turns.len());
        let mut bad = clean.clone();
        let mut expects = Vec::new();
        for (i, &t) in turns.iter().enumerate() {
            // Players 1, 2, 3 at the three turns; a kind this roll allows.
            let start = rng.random_range(0..encore::KINDS.len());
            expects.extend((0..encore::KINDS.len()).find_map(|k| {
                let kind = encore::KINDS[(start + k) % encore::KINDS.len()];
                let mut trial = bad.clone();
                let e = encore::plant(&mut trial, kind, t, i + 1)?;
                bad = trial;
                Some(e)
            }));
        }
        if expects.len() == 3 {
            assert_reported("encore", seed, &expects, &encore::found(&g, &bad));
            logs[1] += 1;
        }
    }

    let g = diceland::game();
    for seed in 100..200 {
        let clean = diceland::log(&g, seed);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let turns = three_turns(&mut rng, clean.turns.len());
        let mut bad = clean.clone();
        let mut expects = Vec::new();
        for (i, &t) in turns.iter().enumerate() {
            let start = rng.random_range(0..diceland::KINDS.len());
            expects.extend((0..diceland::KINDS.len()).find_map(|k| {
                let kind = diceland::KINDS[(start + k) % diceland::KINDS.len()];
                let mut trial = bad.clone();
                let e = diceland::plant(&g, &clean, &mut trial, kind, t, i)?;
                bad = trial;
                Some(e)
            }));
        }
        if expects.len() == 3 {
            assert_reported("diceland", seed, &expects, &diceland::found(&g, &bad));
            logs[2] += 1;
        }
    }
    assert!(
        logs.iter().all(|&n| n >= 25),
        "logs with three mistakes: {logs:?}"
    );
}

#[test]
fn damaged_diceland_logs_never_panic_and_lost_events_are_reported() {
    use rollx::diceland::Event;
    let g = diceland::game();
    let mut damaged = 0;
    for seed in 300..360 {
        let clean = diceland::log(&g, seed);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        for _ in 0..20 {
            let mut bad = clean.clone();
            // One to three events deleted, doubled, moved or changed.
            for _ in 0..rng.random_range(1..4) {
                let t = rng.random_range(0..bad.turns.len());
                let events = &mut bad.turns[t].events;
                if events.is_empty() {
                    continue;
                }
                let e = rng.random_range(0..events.len());
                match rng.random_range(0..5) {
                    0 => {
                        events.remove(e);
                    }
                    1 => {
                        let again = events[e].clone();
                        events.insert(e, again);
                    }
                    2 => {
                        let f = rng.random_range(0..events.len());
                        events.swap(e, f);
                    }
                    3 => {
                        if let Event::Roll { roll } = &mut events[e] {
                            *roll = "RYGBOA".repeat(rng.random_range(0..60));
                        }
                    }
                    _ => {
                        if let Event::Move { mv, .. } = &mut events[e] {
                            *mv = [
                                "stop",
                                "reroll",
                                "pass",
                                "choose red",
                                "cross red A1 A1",
                                "x",
                            ][rng.random_range(0..6)]
                            .to_string();
                        }
                    }
                }
            }
            let found = diceland::found(&g, &bad);
            // Deleting a roll or a move always leaves something to say.
            let lost = bad
                .turns
                .iter()
                .zip(&clean.turns)
                .any(|(b, c)| b.events.len() < c.events.len());
            if lost {
                assert!(
                    !found.is_empty(),
                    "seed {seed}: an event deleted and nothing found"
                );
            }
            damaged += 1;
        }
    }
    assert!(damaged >= 1000);
}
