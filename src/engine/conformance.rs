//! The promises of the engine interface, checked by playing random games
//! (after OpenSpiel's random-simulation test, which every registered game
//! passes): every family's game passes the same check, through its face.
//!
//! A random game is played twice step by step, checking each promise as
//! it goes, and the two must be the same game (the same seed plays the
//! same game). It is then replayed through the one game loop
//! ([`play_with`]), its chance outcomes and moves given in the same order,
//! and must end the same way.

use std::fmt::Debug;
use std::ops::Range;

use rand::{RngExt, SeedableRng};

use super::{Actor, Dice, Player, Rules, Watcher, derive_seed, play_with};

/// What random games showed when every promise held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Conformance {
    /// Games played.
    pub games: usize,
    /// Chance outcomes drawn, in all.
    pub chances: usize,
    /// Moves made, in all.
    pub moves: usize,
}

/// The most steps (chance outcomes and moves) a game may take before it is
/// said not to end.
const MAX_STEPS: usize = 1_000_000;

/// One step of a game.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Step<C, M> {
    Chance(C),
    Move(usize, M),
}

/// A game played: its steps and every player's final score.
type Played<R> = (
    Vec<Step<<R as Rules>::Chance, <R as Rules>::Move>>,
    Vec<f64>,
);

/// Plays a random game of `players` players for each seed of `seeds`
/// (chance from the seed, moves chosen uniformly among the legal ones)
/// and checks the interface's promises on the way: the table seats
/// `players`; whoever acts has a decision and a legal move; every score is
/// finite; the game ends; the same seed plays the same game; and the game
/// loop plays it the same way. The first broken promise is the error.
pub fn random_games<R: Rules + ?Sized>(
    rules: &R,
    players: usize,
    seeds: Range<u64>,
) -> Result<Conformance, String> {
    let mut seen = Conformance::default();
    for seed in seeds {
        let at = |e: String| format!("{players} players, seed {seed}: {e}");
        let (steps, scores) = random_game(rules, players, seed).map_err(at)?;
        let again = random_game(rules, players, seed).map_err(at)?;
        if again != (steps.clone(), scores.clone()) {
            return Err(at("the same seed played another game".to_string()));
        }
        let looped = through_the_loop(rules, players, &steps).map_err(at)?;
        if looped != scores {
            return Err(at(format!(
                "the game loop ended with scores {looped:?}, the steps with {scores:?}"
            )));
        }
        seen.games += 1;
        seen.chances += steps
            .iter()
            .filter(|s| matches!(s, Step::Chance(_)))
            .count();
        seen.moves += steps.iter().filter(|s| matches!(s, Step::Move(..))).count();
    }
    Ok(seen)
}

/// One random game, step by step.
fn random_game<R: Rules + ?Sized>(
    rules: &R,
    players: usize,
    seed: u64,
) -> Result<Played<R>, String> {
    let mut table = rules.new_table(players);
    if rules.players(&table) != players {
        return Err(format!(
            "a table for {players} seats {}",
            rules.players(&table)
        ));
    }
    let mut dice = Dice::seed_from_u64(seed);
    let mut choices = Dice::seed_from_u64(derive_seed(seed, 1));
    let mut steps = Vec::new();
    loop {
        if steps.len() > MAX_STEPS {
            return Err(format!("the game did not end in {MAX_STEPS} steps"));
        }
        let movers: Vec<usize> = match rules.actor(&table) {
            Actor::Over => break,
            Actor::Chance => {
                let outcome = rules.sample_chance(&table, &mut dice);
                rules.apply_chance(&mut table, outcome);
                steps.push(Step::Chance(outcome));
                continue;
            }
            Actor::Player(p) if p >= players => {
                return Err(format!("seat {p} acts at a table of {players}"));
            }
            Actor::Player(p) => vec![p],
            Actor::AllPlayers => (0..players).collect(),
        };
        if !movers.iter().any(|&p| rules.must_move(&table, p)) {
            return Err(format!(
                "{:?} acts, and no player has a decision",
                rules.actor(&table)
            ));
        }
        for p in movers {
            while rules.must_move(&table, p) {
                let moves = rules.legal_moves(&table, p);
                if moves.is_empty() {
                    return Err(format!("seat {p} must move and has no legal move"));
                }
                let mv = moves[choices.random_range(0..moves.len())];
                rules.apply(&mut table, p, mv);
                steps.push(Step::Move(p, mv));
                let score = rules.score(&table, p);
                if !score.is_finite() {
                    return Err(format!("seat {p} scores {score} after {mv:?}"));
                }
                if steps.len() > MAX_STEPS {
                    return Err(format!("the game did not end in {MAX_STEPS} steps"));
                }
            }
        }
    }
    let mut scores = Vec::with_capacity(players);
    for p in 0..players {
        if rules.must_move(&table, p) {
            return Err(format!("seat {p} has a decision after the game is over"));
        }
        let score = rules.score(&table, p);
        if !score.is_finite() {
            return Err(format!("seat {p} ends with the score {score}"));
        }
        scores.push(score);
    }
    if !steps.iter().any(|s| matches!(s, Step::Chance(_))) {
        return Err("the game ended before chance acted".to_string());
    }
    if !steps.iter().any(|s| matches!(s, Step::Move(..))) {
        return Err("the game ended before anyone moved".to_string());
    }
    Ok((steps, scores))
}

/// Plays `steps` again through the game loop: the final scores, or the
/// first step the loop did not take as the steps say.
fn through_the_loop<R: Rules + ?Sized>(
    rules: &R,
    players: usize,
    steps: &[Step<R::Chance, R::Move>],
) -> Result<Vec<f64>, String> {
    let mut script = Script {
        steps,
        next: 0,
        broken: None,
    };
    let mut table = rules.new_table(players);
    {
        let chance_steps: Vec<R::Chance> = steps
            .iter()
            .filter_map(|s| match s {
                Step::Chance(c) => Some(*c),
                Step::Move(..) => None,
            })
            .collect();
        let mut chances = chance_steps.into_iter();
        let moves: Vec<(usize, R::Move)> = steps
            .iter()
            .filter_map(|s| match s {
                Step::Move(p, m) => Some((*p, *m)),
                Step::Chance(_) => None,
            })
            .collect();
        let Some(&(_, any)) = moves.first() else {
            return Err("the game has no move".to_string());
        };
        let mut seats: Vec<Scripted<R>> = (0..players)
            .map(|p| Scripted {
                moves: moves.iter().filter(|(q, _)| *q == p).map(|m| m.1).collect(),
                next: 0,
                any,
            })
            .collect();
        let mut seated: Vec<&mut dyn Player<R>> =
            seats.iter_mut().map(|s| s as &mut dyn Player<R>).collect();
        // The script's steps are all there is; a loop that asks for more
        // is stopped by the watcher before it draws.
        let fallback = match chances.clone().next() {
            Some(c) => c,
            None => return Err("the game has no chance outcome".to_string()),
        };
        play_with(
            rules,
            &mut table,
            &mut |_| chances.next().unwrap_or(fallback),
            &mut seated,
            &mut script,
        );
    }
    if let Some(broken) = script.broken {
        return Err(broken);
    }
    if script.next != steps.len() {
        return Err(format!(
            "the game loop stopped after {} of the game's {} steps",
            script.next,
            steps.len()
        ));
    }
    if rules.actor(&table) != Actor::Over {
        return Err("the game loop ended before the game".to_string());
    }
    Ok((0..players).map(|p| rules.score(&table, p)).collect())
}

/// A player who makes the moves of a game played before, in order.
struct Scripted<R: Rules + ?Sized> {
    moves: Vec<R::Move>,
    next: usize,
    /// A move of the game, for a loop that asks past the script's end.
    any: R::Move,
}

impl<R: Rules + ?Sized> Player<R> for Scripted<R> {
    fn choose(&mut self, rules: &R, table: &R::Table, me: usize) -> R::Move {
        // Past the script's end the watcher has already stopped trusting
        // the game; any legal move lets the loop go on to its next chance.
        let mv = match self.moves.get(self.next) {
            Some(&mv) => mv,
            None => rules
                .legal_moves(table, me)
                .first()
                .copied()
                .unwrap_or(self.any),
        };
        self.next += 1;
        mv
    }
}

/// Follows the game loop against the steps of the game, and keeps the
/// first promise it breaks.
struct Script<'s, C, M> {
    steps: &'s [Step<C, M>],
    next: usize,
    broken: Option<String>,
}

impl<C, M> Script<'_, C, M>
where
    C: Copy + Debug + PartialEq,
    M: Copy + Debug + PartialEq,
{
    /// Takes the step the loop took; `false` (and the reason kept) when the
    /// game did not take it there.
    fn take(&mut self, step: Step<C, M>) -> bool {
        if self.broken.is_some() {
            return false;
        }
        if self.steps.get(self.next) != Some(&step) {
            self.broken = Some(format!(
                "step {} of the game loop is {step:?}, the game's is {:?}",
                self.next + 1,
                self.steps.get(self.next)
            ));
            return false;
        }
        self.next += 1;
        true
    }
}

impl<R: Rules + ?Sized> Watcher<R> for Script<'_, R::Chance, R::Move> {
    fn stop(&mut self, _rules: &R, _table: &R::Table) -> bool {
        self.broken.is_some() || self.next >= self.steps.len()
    }

    fn chance(&mut self, rules: &R, table: &R::Table, outcome: R::Chance) {
        if rules.actor(table) != Actor::Chance {
            self.broken = Some("the game loop drew while a player acts".to_string());
        }
        self.take(Step::Chance(outcome));
    }

    fn before_move(&mut self, rules: &R, table: &R::Table, player: usize, mv: R::Move) {
        if self.broken.is_some() {
            return;
        }
        let acts = match rules.actor(table) {
            Actor::Player(p) => p == player,
            Actor::AllPlayers => true,
            Actor::Chance | Actor::Over => false,
        };
        if !acts || !rules.must_move(table, player) {
            self.broken = Some(format!(
                "the game loop asked seat {player}, who has no decision"
            ));
        } else if !rules.legal_moves(table, player).contains(&mv) {
            self.broken = Some(format!("{mv:?} of seat {player} is not listed as legal"));
        } else {
            self.take(Step::Move(player, mv));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game: chance adds a die to a total, then the one player adds
    /// 0 or 1; over at 20. Each flag breaks one promise.
    #[derive(Default)]
    struct Race {
        endless: bool,
        no_moves: bool,
        nan: bool,
        wrong_seats: bool,
    }

    #[derive(Clone)]
    struct Total {
        total: u32,
        moved: bool,
    }

    impl Rules for Race {
        type Table = Total;
        type Move = u32;
        type Chance = u32;
        fn new_table(&self, _players: usize) -> Total {
            Total {
                total: 0,
                moved: true,
            }
        }
        fn players(&self, _table: &Total) -> usize {
            if self.wrong_seats { 2 } else { 1 }
        }
        fn actor(&self, t: &Total) -> Actor {
            if t.total >= 20 && !self.endless {
                Actor::Over
            } else if t.moved {
                Actor::Chance
            } else {
                Actor::Player(0)
            }
        }
        fn must_move(&self, t: &Total, _player: usize) -> bool {
            !t.moved && (t.total < 20 || self.endless)
        }
        fn sample_chance(&self, _t: &Total, dice: &mut Dice) -> u32 {
            dice.random_range(1..=6)
        }
        fn apply_chance(&self, t: &mut Total, outcome: u32) {
            t.total += outcome;
            t.moved = false;
        }
        fn legal_moves(&self, _t: &Total, _player: usize) -> Vec<u32> {
            if self.no_moves { vec![] } else { vec![0, 1] }
        }
        fn apply(&self, t: &mut Total, _player: usize, mv: u32) {
            t.total += mv;
            t.moved = true;
        }
        fn score(&self, t: &Total, _player: usize) -> f64 {
            if self.nan {
                f64::NAN
            } else {
                f64::from(t.total)
            }
        }
    }

    #[test]
    fn a_game_that_keeps_its_promises_passes() {
        let seen = random_games(&Race::default(), 1, 0..5).unwrap();
        assert_eq!(seen.games, 5);
        assert!(seen.chances >= 5 * 3 && seen.moves >= 5 * 3, "{seen:?}");
    }

    #[test]
    fn each_broken_promise_is_found() {
        for (race, says) in [
            (
                Race {
                    endless: true,
                    ..Race::default()
                },
                "did not end",
            ),
            (
                Race {
                    no_moves: true,
                    ..Race::default()
                },
                "no legal move",
            ),
            (
                Race {
                    nan: true,
                    ..Race::default()
                },
                "scores NaN",
            ),
            (
                Race {
                    wrong_seats: true,
                    ..Race::default()
                },
                "a table for 1 seats 2",
            ),
        ] {
            let e = random_games(&race, 1, 0..2).unwrap_err();
            assert!(e.contains(says), "{e}");
        }
    }
}
