//! The game loop: chance rolls, players decide, until the game is over.

use super::{Actor, Dice, Player, Rules, Watcher};

/// A watcher that watches nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl<R: Rules + ?Sized> Watcher<R> for Quiet {}

/// Plays on from `table` until the game is over (or `watcher` stops it):
/// chance outcomes from `dice`, moves from `players` (one per seat).
pub fn play<R: Rules + ?Sized>(
    rules: &R,
    table: &mut R::Table,
    dice: &mut Dice,
    players: &mut [&mut dyn Player<R>],
    watcher: &mut dyn Watcher<R>,
) {
    play_with(
        rules,
        table,
        &mut |t| rules.sample_chance(t, dice),
        players,
        watcher,
    );
}

/// [`play`] with chance outcomes from `chance` (a sequence known in
/// advance, say) rather than drawn from dice.
pub fn play_with<R: Rules + ?Sized>(
    rules: &R,
    table: &mut R::Table,
    chance: &mut dyn FnMut(&R::Table) -> R::Chance,
    players: &mut [&mut dyn Player<R>],
    watcher: &mut dyn Watcher<R>,
) {
    drive(
        rules,
        &mut Seated {
            table,
            chance,
            players,
            watcher,
        },
    );
}

/// What a [`Driver`] did with its turn to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Done: the loop goes on to whoever acts next.
    Done,
    /// Something changed who acts (a move taken back, say): the loop asks
    /// again who acts before anyone else does.
    Again,
    /// The game stops here, before its end.
    Stop,
}

/// What the game loop ([`drive`]) drives: the table, and whoever acts on
/// it. [`play`] drives computer players and a watcher; the terminal
/// session ([`crate::session`]) drives a person and computer players,
/// with undo.
pub trait Driver<R: Rules + ?Sized> {
    /// The table as it stands.
    fn table(&self) -> &R::Table;

    /// Draws a chance outcome and applies it.
    fn roll(&mut self, rules: &R) -> Flow;

    /// The player in `seat` decides: every decision it has now, or (when
    /// `all` is false, one player acting alone) one. `all`: every player
    /// acts at once, each on their own sheet.
    fn decide(&mut self, rules: &R, seat: usize, all: bool) -> Flow;
}

/// The game loop: until the game is over, chance rolls when it acts, the
/// player who acts decides, or, when all act at once, each player who
/// must move decides in seat order. `true` when the game is over, `false`
/// when the driver stopped it.
pub fn drive<R: Rules + ?Sized, D: Driver<R> + ?Sized>(rules: &R, driver: &mut D) -> bool {
    'game: loop {
        let flow = match rules.actor(driver.table()) {
            Actor::Over => return true,
            Actor::Chance => driver.roll(rules),
            Actor::Player(p) => driver.decide(rules, p, false),
            Actor::AllPlayers => {
                for p in 0..rules.players(driver.table()) {
                    if !rules.must_move(driver.table(), p) {
                        continue;
                    }
                    match driver.decide(rules, p, true) {
                        Flow::Done => {}
                        Flow::Again => continue 'game,
                        Flow::Stop => return false,
                    }
                }
                Flow::Done
            }
        };
        if flow == Flow::Stop {
            return false;
        }
    }
}

/// Computer players at a table, with chance outcomes from `chance`, watched.
struct Seated<'a, 'p, R: Rules + ?Sized> {
    table: &'a mut R::Table,
    chance: &'a mut dyn FnMut(&R::Table) -> R::Chance,
    players: &'a mut [&'p mut dyn Player<R>],
    watcher: &'a mut dyn Watcher<R>,
}

impl<R: Rules + ?Sized> Driver<R> for Seated<'_, '_, R> {
    fn table(&self) -> &R::Table {
        self.table
    }

    fn roll(&mut self, rules: &R) -> Flow {
        if self.watcher.stop(rules, self.table) {
            return Flow::Stop;
        }
        let outcome = (self.chance)(self.table);
        self.watcher.chance(rules, self.table, outcome);
        rules.apply_chance(self.table, outcome);
        Flow::Done
    }

    fn decide(&mut self, rules: &R, seat: usize, _all: bool) -> Flow {
        decide(
            rules,
            self.table,
            seat,
            &mut *self.players[seat],
            self.watcher,
        );
        Flow::Done
    }
}

/// Draws and applies chance outcomes while chance acts. `false` when the
/// watcher stopped the game.
pub fn roll<R: Rules + ?Sized>(
    rules: &R,
    table: &mut R::Table,
    dice: &mut Dice,
    watcher: &mut dyn Watcher<R>,
) -> bool {
    roll_with(rules, table, &mut |t| rules.sample_chance(t, dice), watcher)
}

/// [`roll`] with chance outcomes from `chance`.
fn roll_with<R: Rules + ?Sized>(
    rules: &R,
    table: &mut R::Table,
    chance: &mut dyn FnMut(&R::Table) -> R::Chance,
    watcher: &mut dyn Watcher<R>,
) -> bool {
    while rules.actor(table) == Actor::Chance {
        if watcher.stop(rules, table) {
            return false;
        }
        let outcome = chance(table);
        watcher.chance(rules, table, outcome);
        rules.apply_chance(table, outcome);
    }
    true
}

/// Lets `player` (in seat `seat`) make every decision it has now.
pub fn decide<R: Rules + ?Sized>(
    rules: &R,
    table: &mut R::Table,
    seat: usize,
    player: &mut dyn Player<R>,
    watcher: &mut dyn Watcher<R>,
) {
    while rules.must_move(table, seat) {
        let mv = player.choose(rules, table, seat);
        watcher.before_move(rules, table, seat, mv);
        rules.apply(table, seat, mv);
        watcher.after_move(rules, table, seat, mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three rolls, each followed by every player moving at once.
    struct Rounds;

    #[derive(Clone)]
    struct Round {
        rolls: u32,
        moved: Vec<bool>,
    }

    impl Rules for Rounds {
        type Table = Round;
        type Move = ();
        type Chance = ();
        fn new_table(&self, players: usize) -> Round {
            Round {
                rolls: 0,
                moved: vec![true; players],
            }
        }
        fn players(&self, t: &Round) -> usize {
            t.moved.len()
        }
        fn actor(&self, t: &Round) -> Actor {
            match (t.moved.iter().all(|&m| m), t.rolls) {
                (true, 3) => Actor::Over,
                (true, _) => Actor::Chance,
                (false, _) => Actor::AllPlayers,
            }
        }
        fn must_move(&self, t: &Round, player: usize) -> bool {
            !t.moved[player]
        }
        fn sample_chance(&self, _t: &Round, _dice: &mut Dice) {}
        fn apply_chance(&self, t: &mut Round, _outcome: ()) {
            t.rolls += 1;
            t.moved.iter_mut().for_each(|m| *m = false);
        }
        fn legal_moves(&self, _t: &Round, _player: usize) -> Vec<()> {
            vec![()]
        }
        fn apply(&self, t: &mut Round, player: usize, _mv: ()) {
            t.moved[player] = true;
        }
        fn score(&self, _t: &Round, _player: usize) -> f64 {
            0.0
        }
    }

    /// A driver that writes down what the loop asks of it; seat 1 first
    /// answers `again` (without moving) once, and the driver stops at the
    /// roll numbered `stop_at`.
    struct Notes {
        table: Round,
        said: Vec<String>,
        again_once: bool,
        stop_at: Option<u32>,
    }

    impl Driver<Rounds> for Notes {
        fn table(&self) -> &Round {
            &self.table
        }
        fn roll(&mut self, rules: &Rounds) -> Flow {
            if Some(self.table.rolls + 1) == self.stop_at {
                return Flow::Stop;
            }
            self.said.push("roll".into());
            rules.apply_chance(&mut self.table, ());
            Flow::Done
        }
        fn decide(&mut self, rules: &Rounds, seat: usize, all: bool) -> Flow {
            assert!(all, "every player acts at once in this game");
            self.said.push(format!("{seat}"));
            if seat == 1 && self.again_once {
                self.again_once = false;
                return Flow::Again;
            }
            rules.apply(&mut self.table, seat, ());
            Flow::Done
        }
    }

    fn notes(again_once: bool, stop_at: Option<u32>) -> (bool, String) {
        let mut d = Notes {
            table: Rounds.new_table(3),
            said: Vec::new(),
            again_once,
            stop_at,
        };
        let over = drive(&Rounds, &mut d);
        (over, d.said.join(" "))
    }

    #[test]
    fn the_loop_rolls_then_asks_each_player_who_must_move_in_seat_order() {
        assert_eq!(
            notes(false, None),
            (true, "roll 0 1 2 roll 0 1 2 roll 0 1 2".into())
        );
    }

    #[test]
    fn again_asks_who_acts_before_anyone_else_does() {
        // Seat 2 waits until seat 1 has moved; seat 0 is not asked twice.
        assert_eq!(
            notes(true, None),
            (true, "roll 0 1 1 2 roll 0 1 2 roll 0 1 2".into())
        );
    }

    #[test]
    fn a_driver_that_stops_ends_the_loop_before_the_game_does() {
        assert_eq!(notes(false, Some(2)), (false, "roll 0 1 2".into()));
    }
}
