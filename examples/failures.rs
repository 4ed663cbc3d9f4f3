//! Where a player's X come from, round by round.
//!
//! `cargo run --release --example failures -- MAP VALUES POLICY GAMES`
//!
//! Every die either writes its number (twice with a Dupe), marks an X (its
//! number fits nowhere in its region) or does nothing (its region is full),
//! so a game's X are exactly the dice that wrote no number, plus the areas
//! beyond the dice (2 on the USA map), less the Dupes used. This prints, per
//! round, the mean X marked, dice that did nothing and Dupes used, over the
//! games `rollx simulate --seed 5` plays (same dice, same player seeds). A
//! developer's tool: bad arguments make it panic.
use std::sync::Arc;

use rayon::prelude::*;
use rollx::engine::derive_seed;
use rollx::rolling::{Action, Game, Move, State};
use rollx::rolling::{PlayerSetup, Policy, TupleValue, play_silent, policy_with};

/// Per round: X marked, dice that did nothing, Dupes.
type Tally = Vec<[u32; 3]>;

/// A player that counts what another one does, round by round.
struct Counting {
    player: Box<dyn Policy>,
    tally: Tally,
}

impl Policy for Counting {
    fn name(&self) -> &str {
        self.player.name()
    }

    fn choose(&mut self, game: &Game, state: &State) -> Move {
        let mv = self.player.choose(game, state);
        let kind = match mv.action {
            Action::Cross(_) => Some(0),
            Action::Pass => Some(1),
            Action::WriteTwice(..) => Some(2),
            Action::Write(_) => None,
        };
        if let Some(k) = kind {
            self.tally[usize::from(state.round())][k] += 1;
        }
        mv
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = Game::new(rollx::rolling::load(std::path::Path::new(&args[1])).unwrap()).unwrap();
    let bytes = std::fs::read(&args[2]).unwrap();
    let value = Arc::new(TupleValue::from_bytes(&game, &bytes).unwrap());
    let policy = &args[3];
    let games: u64 = args[4].parse().unwrap();
    let setup = PlayerSetup {
        values: Some(value),
        ..PlayerSetup::default()
    };
    let rounds = usize::from(game.rules().rounds);
    let played: Vec<(Tally, u32)> = (0..games)
        .into_par_iter()
        .map(|i| {
            let seed = derive_seed(5, i);
            let mut counting = Counting {
                player: policy_with(policy, seed, &setup).unwrap(),
                tally: vec![[0; 3]; rounds],
            };
            let end = play_silent(&game, seed, &mut counting);
            (counting.tally, end.crosses())
        })
        .collect();
    let n = games as f64;
    let mean =
        |f: &dyn Fn(&(Tally, u32)) -> u32| played.iter().map(|p| f64::from(f(p))).sum::<f64>() / n;
    println!("{games} games of {policy}: {:.2} X", mean(&|p| p.1));
    println!();
    println!("| round | X marked | dice doing nothing | Dupes |");
    println!("|---|---|---|---|");
    for r in 0..rounds {
        let col = |k: usize| mean(&|p: &(Tally, u32)| p.0[r][k]);
        println!(
            "| {} | {:.2} | {:.2} | {:.2} |",
            r + 1,
            col(0),
            col(1),
            col(2)
        );
    }
}
