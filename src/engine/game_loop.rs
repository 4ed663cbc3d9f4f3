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
    loop {
        match rules.actor(table) {
            Actor::Chance => {
                if !roll_with(rules, table, chance, watcher) {
                    return;
                }
            }
            Actor::Player(p) => decide(rules, table, p, &mut *players[p], watcher),
            Actor::AllPlayers => {
                for (p, player) in players.iter_mut().enumerate() {
                    decide(rules, table, p, &mut **player, watcher);
                }
            }
            Actor::Over => return,
        }
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
