//! Computer players and whole games.
//!
//! A [`Policy`] chooses how to resolve a die; [`play_game`] plays one game
//! for any number of players on one shared dice sequence, seeded, and
//! records it as a [`GameLog`].

mod greedy;
pub mod leaf;
mod random;
pub mod report;
pub mod sim_doc;
pub mod simulate;
mod strong;
pub mod tuples;

pub use greedy::{Greedy, Weights};
pub use random::RandomPolicy;
pub use strong::{HeldBack, ROLLOUT_WEIGHTS, Strong, StrongKnobs};
pub use tuples::{TuplePlayer, TupleValue};

use std::sync::Arc;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::engine::{self, Rules as _, Watcher};
use crate::rolling::rules::log::{GameLog, LogRoll, LogTurn, log_move};
use crate::rolling::rules::{Game, Move, Roll, Solo, State, Table};

/// A computer player.
pub trait Policy {
    /// The policy's name (`random`, `greedy`).
    fn name(&self) -> &str;

    /// How to resolve one of the pending dice. Called only in
    /// [`Phase::Decision`](crate::rolling::rules::Phase::Decision); must
    /// return a legal move.
    fn choose(&mut self, game: &Game, state: &State) -> Move;
}

/// A [`Policy`] in a seat at the table: an [`engine::Player`] of the
/// Rolling rules, at a whole table or alone.
pub struct Seat<'a>(pub &'a mut dyn Policy);

impl engine::Player<Game> for Seat<'_> {
    fn choose(&mut self, game: &Game, table: &Table, me: usize) -> Move {
        self.0.choose(game, &table.sheets[me])
    }
}

impl engine::Player<Solo<'_>> for Seat<'_> {
    fn choose(&mut self, solo: &Solo<'_>, state: &State, _me: usize) -> Move {
        self.0.choose(solo.0, state)
    }
}

/// The policies `rollx play --policy` knows.
pub const POLICIES: [&str; 5] = ["random", "greedy", "tuples", "strong", "expert"];

/// What the computer players need besides their name and seed.
#[derive(Clone, Debug)]
pub struct PlayerSetup {
    /// The strong player's effort.
    pub knobs: StrongKnobs,
    /// The expert player's effort.
    pub expert_knobs: StrongKnobs,
    /// The learned values the `tuples` and `expert` players play by (see
    /// [`tuples::TupleValue`]).
    pub values: Option<Arc<TupleValue>>,
}

impl Default for PlayerSetup {
    fn default() -> Self {
        PlayerSetup {
            knobs: StrongKnobs::DEFAULT,
            expert_knobs: StrongKnobs::EXPERT,
            values: None,
        }
    }
}

/// Builds a policy by name with everything `setup` provides. `None` for an
/// unknown name, or for `tuples` and `expert` without values.
pub fn policy_with(name: &str, seed: u64, setup: &PlayerSetup) -> Option<Box<dyn Policy>> {
    match name {
        "random" => Some(Box::new(RandomPolicy::new(seed))),
        "greedy" => Some(Box::new(Greedy::new())),
        "tuples" => Some(Box::new(TuplePlayer::new(setup.values.clone()?))),
        "strong" => Some(Box::new(Strong::new(setup.knobs, seed))),
        "expert" => Some(Box::new(Strong::expert(
            setup.expert_knobs,
            seed,
            setup.values.clone()?,
        ))),
        _ => None,
    }
}

pub use crate::engine::derive_seed;

/// A finished game.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The record of the game.
    pub log: GameLog,
    /// Each player's final sheet.
    pub states: Vec<State>,
}

/// Records a game as the turns of a [`GameLog`]: each turn's dice, then
/// what each player wrote.
struct Recorder {
    players: usize,
    turns: Vec<LogTurn>,
    /// Whether the last turn's dice are all rolled (a die now begins a
    /// new turn).
    moved: bool,
}

impl Watcher<Game> for Recorder {
    fn chance(&mut self, game: &Game, _table: &Table, roll: Roll) {
        if self.moved || self.turns.is_empty() {
            self.turns.push(LogTurn {
                dice: Vec::new(),
                moves: vec![Vec::new(); self.players],
            });
            self.moved = false;
        }
        let turn = self.turns.last_mut().expect("a turn was begun");
        turn.dice.push(LogRoll {
            die: game.die(roll.die).id.clone(),
            value: roll.value,
        });
    }

    fn before_move(&mut self, game: &Game, table: &Table, player: usize, mv: Move) {
        self.moved = true;
        let number = table.sheets[player]
            .pending_roll(mv.die)
            .expect("players pick a pending die")
            .value;
        let turn = self.turns.last_mut().expect("moves follow dice");
        turn.moves[player].push(log_move(game, &mv, number));
    }
}

/// Plays one game from `seed`: the same dice for every player, each
/// resolving them with its own policy. `map_file` is recorded in the log.
pub fn play_game(
    game: &Game,
    seed: u64,
    players: &mut [(String, Box<dyn Policy>)],
    map_file: Option<String>,
) -> PlayedGame {
    let mut dice = Pcg64Mcg::seed_from_u64(seed);
    play_recorded(
        game,
        Some(seed),
        &mut |t: &Table| engine::Rules::sample_chance(game, t, &mut dice),
        players,
        map_file,
    )
}

/// Plays one game on `rolls`, every roll of it in order (known in advance,
/// or typed from a real game), rather than on a seed's dice: `seed` is
/// only recorded, when the rolls are a seed's.
pub fn play_rolls(
    game: &Game,
    rolls: &[Roll],
    seed: Option<u64>,
    players: &mut [(String, Box<dyn Policy>)],
    map_file: Option<String>,
) -> PlayedGame {
    let mut next = rolls.iter().copied();
    play_recorded(
        game,
        seed,
        &mut |_: &Table| next.next().expect("enough rolls for the game"),
        players,
        map_file,
    )
}

/// Plays one game with chance from `chance`, recorded.
fn play_recorded(
    game: &Game,
    seed: Option<u64>,
    chance: &mut dyn FnMut(&Table) -> Roll,
    players: &mut [(String, Box<dyn Policy>)],
    map_file: Option<String>,
) -> PlayedGame {
    let mut table = game.new_table(players.len());
    let mut recorder = Recorder {
        players: players.len(),
        turns: Vec::new(),
        moved: false,
    };
    let mut seats: Vec<Seat> = players.iter_mut().map(|(_, p)| Seat(p.as_mut())).collect();
    let mut seated: Vec<&mut dyn engine::Player<Game>> = seats
        .iter_mut()
        .map(|s| s as &mut dyn engine::Player<Game>)
        .collect();
    engine::play_with(game, &mut table, chance, &mut seated, &mut recorder);
    let names = players.iter().map(|(n, _)| n.clone()).collect();
    let states = table.sheets;
    let log = GameLog::rolled(game, seed, map_file, names, recorder.turns, &states);
    PlayedGame { log, states }
}

/// Plays one single-player game without recording it (for simulations):
/// returns the final sheet.
pub fn play_silent(game: &Game, seed: u64, policy: &mut dyn Policy) -> State {
    let mut state = game.initial_state();
    play_out(game, &mut state, &mut Pcg64Mcg::seed_from_u64(seed), policy);
    state
}

/// Plays a game on from `state` to its end: `dice` draws and rolls the dice,
/// `policy` resolves them.
pub fn play_out(game: &Game, state: &mut State, dice: &mut Pcg64Mcg, policy: &mut dyn Policy) {
    engine::play(
        &Solo(game),
        state,
        dice,
        &mut [&mut Seat(policy)],
        &mut engine::Quiet,
    );
}

/// Stops a game where a test on the sheet says so.
struct StopAt<F>(F);

impl<'g, F: FnMut(&State) -> bool> Watcher<Solo<'g>> for StopAt<F> {
    fn stop(&mut self, _solo: &Solo<'g>, state: &State) -> bool {
        (self.0)(state)
    }
}

/// Plays a game on from `state` until it ends or `stop` says so; `stop` is
/// asked before every die is drawn.
pub fn play_until(
    game: &Game,
    state: &mut State,
    dice: &mut Pcg64Mcg,
    policy: &mut dyn Policy,
    stop: impl FnMut(&State) -> bool,
) {
    engine::play(
        &Solo(game),
        state,
        dice,
        &mut [&mut Seat(policy)],
        &mut StopAt(stop),
    );
}
