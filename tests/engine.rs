//! One generic test of the engine interface, run for every family's game
//! (after OpenSpiel's random-simulation test): random players play whole
//! games through the game loop, and the interface keeps its promises on
//! the way.

use std::path::Path;

use rand::{RngExt, SeedableRng};
use rollx::engine::{self, Actor, Dice, Player, Rules, Watcher};
use rollx::rolling::rules::{Game, Solo};

/// Plays uniformly at random among the legal moves the interface lists.
struct Random(Dice);

impl<R: Rules> Player<R> for Random {
    fn choose(&mut self, rules: &R, table: &R::Table, me: usize) -> R::Move {
        let moves = rules.legal_moves(table, me);
        assert!(!moves.is_empty(), "a player who must move has a legal move");
        moves[self.0.random_range(0..moves.len())]
    }
}

/// Checks what the loop shows it against what the interface promises.
#[derive(Default)]
struct Promises {
    chances: usize,
    moves: usize,
}

impl<R: Rules> Watcher<R> for Promises {
    fn chance(&mut self, rules: &R, table: &R::Table, _outcome: R::Chance) {
        assert_eq!(rules.actor(table), Actor::Chance);
        self.chances += 1;
    }

    fn before_move(&mut self, rules: &R, table: &R::Table, player: usize, mv: R::Move) {
        assert!(
            rules.must_move(table, player),
            "only a player with a decision moves"
        );
        assert!(
            rules.legal_moves(table, player).contains(&mv),
            "the move chosen is listed as legal"
        );
        assert!(
            matches!(
                rules.actor(table),
                Actor::Player(p) if p == player
            ) || rules.actor(table) == Actor::AllPlayers
        );
        self.moves += 1;
    }

    fn after_move(&mut self, rules: &R, table: &R::Table, player: usize, _mv: R::Move) {
        assert!(rules.score(table, player).is_finite());
    }
}

/// Plays `games` random games of `players` players and checks that each
/// ends, with every player's score final and finite, and that the same
/// seed plays the same game.
fn random_games<R: Rules>(rules: &R, players: usize, games: u64)
where
    R::Table: PartialEq + std::fmt::Debug,
{
    for seed in 0..games {
        let play = |seed: u64| {
            let mut table = rules.new_table(players);
            assert_eq!(rules.players(&table), players);
            let mut dice = Dice::seed_from_u64(seed);
            let mut seats: Vec<Random> = (0..players)
                .map(|p| Random(Dice::seed_from_u64(seed * 31 + p as u64)))
                .collect();
            let mut seated: Vec<&mut dyn Player<R>> =
                seats.iter_mut().map(|s| s as &mut dyn Player<R>).collect();
            let mut promises = Promises::default();
            engine::play(rules, &mut table, &mut dice, &mut seated, &mut promises);
            assert_eq!(
                rules.actor(&table),
                Actor::Over,
                "the loop ends with the game"
            );
            assert!(promises.chances > 0 && promises.moves > 0);
            for p in 0..players {
                assert!(!rules.must_move(&table, p));
                assert!(rules.score(&table, p).is_finite());
            }
            table
        };
        assert_eq!(play(seed), play(seed), "seed {seed} plays the same game");
    }
}

fn game(map: &str) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(map);
    Game::new(rollx::rolling::map::load(&path).unwrap()).unwrap()
}

#[test]
fn random_rolling_games_keep_the_engine_promises() {
    for map in [
        "maps/usa.toml",
        "maps/japan.toml",
        "maps/examples/tutorial.toml",
    ] {
        let g = game(map);
        random_games(&g, 3, 4);
        random_games(&Solo(&g), 1, 4);
    }
}

#[test]
fn random_encore_games_keep_the_engine_promises() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/encore-black.toml");
    let board = rollx::families::load(&path)
        .unwrap()
        .take()
        .expect("maps/encore-black.toml is an Encore board");
    let g = rollx::encore::rules::Game::new(board).unwrap();
    random_games(&g, 4, 4);
    random_games(&g, 1, 4);
}

#[test]
fn random_diceland_games_keep_the_engine_promises() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/diceland-1.toml");
    let board = rollx::families::load(&path)
        .unwrap()
        .take()
        .expect("maps/diceland-1.toml is a Diceland board");
    let g = rollx::diceland::rules::Game::new(board);
    random_games(&g, 4, 4);
    random_games(&g, 1, 4);
}
