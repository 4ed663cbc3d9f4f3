//! The Encore computer players beyond greedy: the strong player's moves
//! are legal, it is deterministic, and it plays solo and at a table.

use rand::SeedableRng;
use rollx::encore::{Game, Move, Phase, Table};
use rollx::encore::{Greedy, Strong};
use rollx::engine::{self, Dice, Player, Watcher};

fn black() -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/encore-black.toml");
    {
        let board = rollx::families::load(&path)
            .unwrap()
            .take()
            .expect("an Encore board");
        Game::new(board).unwrap()
    }
}

/// A strong player cheap enough for a debug build.
fn light(seed: u64) -> Strong {
    let mut s = Strong::new(seed);
    s.candidates = 3;
    s.rollouts = 2;
    s
}

/// Checks every move against the rules before it is applied, and records
/// them.
#[derive(Default)]
struct Legal(Vec<(usize, Move)>);

impl Watcher<Game> for Legal {
    fn before_move(&mut self, game: &Game, table: &Table, player: usize, mv: Move) {
        assert!(
            game.is_legal(table, player, &mv),
            "seat {player} played an illegal move {mv:?}: {:?}",
            game.check(table, player, &mv)
        );
        self.0.push((player, mv));
    }
}

fn play(
    game: &Game,
    seed: u64,
    seats: &mut [&mut dyn Player<Game>],
) -> (Table, Vec<(usize, Move)>) {
    let mut table = game.new_table(seats.len());
    let mut legal = Legal::default();
    engine::play(
        game,
        &mut table,
        &mut Dice::seed_from_u64(seed),
        seats,
        &mut legal,
    );
    assert_eq!(table.phase(), Phase::Over);
    (table, legal.0)
}

#[test]
fn the_strong_player_plays_legal_moves_solo_and_at_a_table() {
    let game = black();
    for seed in 0..2 {
        let mut s = light(seed);
        let (table, moves) = play(&game, seed, &mut [&mut s]);
        assert!(!moves.is_empty());
        assert!(table.rolls() <= 30, "a solo game has 30 rolls");
        let mut s = light(seed);
        let (mut g1, mut g2) = (Greedy::default(), Greedy::default());
        let (_, moves) = play(&game, seed, &mut [&mut g1, &mut s, &mut g2]);
        assert!(moves.iter().any(|(p, _)| *p == 1));
    }
}

#[test]
fn the_strong_player_is_deterministic_for_a_seed() {
    let game = black();
    let run = |seed| {
        let mut s = light(seed);
        let mut g = Greedy::default();
        play(&game, 7, &mut [&mut s, &mut g]).1
    };
    assert_eq!(run(3), run(3));
}

#[test]
fn ranked_moves_come_best_first_and_hold_the_greedy_choice() {
    let game = black();
    let mut table = game.new_table(1);
    let mut dice = Dice::seed_from_u64(5);
    engine::roll(&game, &mut table, &mut dice, &mut engine::Quiet);
    let greedy = Greedy::default();
    let ranked = greedy.ranked(&game, &table, 0, 5);
    assert!(!ranked.is_empty() && ranked.len() <= 5);
    assert!(ranked.windows(2).all(|w| w[0].1 >= w[1].1), "{ranked:?}");
    let choice = Greedy::default().choose(&game, &table, 0);
    assert_eq!(ranked[0].0, choice, "the best ranked is greedy's move");
    for (mv, _) in &ranked {
        assert!(game.is_legal(&table, 0, mv));
    }
}
