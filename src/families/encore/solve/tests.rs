//! The solver against brute force: on small boards, a breadth-first search
//! over every set of crossed boxes gives the true fewest turns.

use rand::{RngExt, SeedableRng};

use super::*;
use crate::encore::model::{BoardCell, Points};
use crate::encore::standard;
use crate::source::BoardInfo;

/// A board from rows of letters (upper case: a star), the numbers on the
/// dice and the start column.
pub(crate) fn board(rows: &[&str], numbers: &[u8], start: usize) -> Board {
    let mut colors = Vec::new();
    let mut cells = Vec::new();
    for row in rows {
        for ch in row.chars() {
            let l = ch.to_ascii_lowercase();
            let c = match colors.iter().position(|&x| x == l) {
                Some(c) => c,
                None => {
                    colors.push(l);
                    colors.len() - 1
                }
            };
            cells.push(BoardCell {
                color: ColorId(c as u8),
                star: ch.is_ascii_uppercase(),
            });
        }
    }
    let palette = standard::colors();
    let columns = rows[0].len();
    Board {
        info: BoardInfo {
            id: "test".into(),
            name: "Test".into(),
            ..BoardInfo::default()
        },
        colors: colors
            .iter()
            .enumerate()
            .map(|(i, &l)| {
                let mut c = palette[i % palette.len()].clone();
                c.letter = l;
                c.id = format!("c{i}");
                c
            })
            .collect(),
        columns,
        rows: rows.len(),
        cells,
        start_column: start,
        column_points: vec![Points { first: 1, later: 0 }; columns],
        color_bonus: vec![Points { first: 5, later: 3 }; colors.len()],
        jokers: 8,
        star_penalty: 2,
        dice: EncoreDice {
            numbers: numbers.to_vec(),
            max_cross: *numbers.iter().max().unwrap(),
            ..standard::dice()
        },
        solo_rolls: 30,
    }
}

use crate::encore::model::EncoreDice;

/// The fewest turns to reach every set of crossed boxes (u16::MAX: never).
fn brute(board: &Board) -> Vec<u16> {
    let n = board.cells.len();
    assert!(n <= 16);
    let grid = board.grid();
    let sizes: Vec<u32> = board.dice.numbers.iter().map(|&x| u32::from(x)).collect();
    let near: Vec<u32> = (0..n)
        .map(|i| grid.neighbors(i).fold(0, |m, j| m | 1 << j))
        .collect();
    let connected = |mask: u32| {
        let mut seen = mask & mask.wrapping_neg();
        loop {
            let mut grown = seen;
            for (i, around) in near.iter().enumerate() {
                if seen >> i & 1 == 1 {
                    grown |= around & mask;
                }
            }
            if grown == seen {
                return seen == mask;
            }
            seen = grown;
        }
    };
    let start: u32 = (0..board.rows)
        .map(|r| 1u32 << grid.index(board.start_column, r))
        .fold(0, |a, b| a | b);
    let pieces: Vec<u32> = (1u32..1 << n)
        .filter(|&m| {
            sizes.contains(&m.count_ones())
                && {
                    let c = board.cells[m.trailing_zeros() as usize].color;
                    (0..n).all(|i| m >> i & 1 == 0 || board.cells[i].color == c)
                }
                && connected(m)
        })
        .collect();
    let mut dist = vec![u16::MAX; 1 << n];
    dist[0] = 0;
    let mut queue = std::collections::VecDeque::from([0u32]);
    while let Some(s) = queue.pop_front() {
        let around = (0..n)
            .filter(|&i| s >> i & 1 == 1)
            .fold(0, |m, i| m | near[i]);
        for &p in &pieces {
            if p & s == 0 && (p & (start | around)) != 0 {
                let t = s | p;
                if dist[t as usize] == u16::MAX {
                    dist[t as usize] = dist[s as usize] + 1;
                    queue.push_back(t);
                }
            }
        }
    }
    dist
}

/// The true fewest turns to cross every box of `target`.
fn fewest(dist: &[u16], target: u32) -> Option<u32> {
    dist.iter()
        .enumerate()
        .filter(|&(s, &d)| d != u16::MAX && s as u32 & target == target)
        .map(|(_, &d)| u32::from(d))
        .min()
}

/// Asserts that the solver's count agrees with the truth: equal when it
/// says exact, a range holding it otherwise.
fn agree(turns: Turns, truth: Option<u32>, what: &str) -> bool {
    if turns.is_exact() {
        assert_eq!(turns.at_least, truth, "{what}");
        true
    } else {
        let t = truth.unwrap_or(u32::MAX);
        assert!(
            turns.at_least.is_some_and(|a| a <= t),
            "{what}: {turns:?} vs {truth:?}"
        );
        if let Some(m) = turns.at_most {
            assert!(t <= m, "{what}: {turns:?} vs {truth:?}");
        }
        false
    }
}

fn check_against_brute(b: &Board) -> (usize, usize) {
    let dist = brute(b);
    let s = Solver::new(b).solve();
    let grid = b.grid();
    let what = |t: &str| {
        format!(
            "{t} on {:?} numbers {:?} start {}",
            rows_of(b),
            b.dice.numbers,
            b.start_column
        )
    };
    let mut exact = 0;
    let mut total = 0;
    for c in 0..b.columns {
        let mask = (0..b.rows).fold(0u32, |m, r| m | 1 << grid.index(c, r));
        exact += usize::from(agree(
            s.columns[c],
            fewest(&dist, mask),
            &what(&format!("column {c}")),
        ));
        total += 1;
    }
    let color_mask = |c: usize| {
        (0..b.cells.len())
            .filter(|&i| b.cells[i].color.index() == c)
            .fold(0u32, |m, i| m | 1 << i)
    };
    for c in 0..b.colors.len() {
        exact += usize::from(agree(
            s.colors[c],
            fewest(&dist, color_mask(c)),
            &what(&format!("colour {c}")),
        ));
        total += 1;
    }
    let mut end: Option<u32> = None;
    for a in 0..b.colors.len() {
        for c in a + 1..b.colors.len() {
            if let Some(t) = fewest(&dist, color_mask(a) | color_mask(c)) {
                end = Some(end.map_or(t, |e| e.min(t)));
            }
        }
    }
    exact += usize::from(agree(s.game_end, end, &what("game end")));
    total += 1;
    (exact, total)
}

fn rows_of(b: &Board) -> Vec<String> {
    (0..b.rows)
        .map(|r| {
            (0..b.columns)
                .map(|c| b.colors[b.cell(c, r).color.index()].letter)
                .collect()
        })
        .collect()
}

fn random_board(rng: &mut rand_pcg::Pcg64Mcg, numbers: &[u8]) -> Option<Board> {
    let columns = rng.random_range(2..=5usize);
    let rows = rng.random_range(2..=3usize);
    let k = rng.random_range(2..=3usize);
    let letters = ['a', 'b', 'c'];
    let rows: Vec<String> = (0..rows)
        .map(|_| {
            (0..columns)
                .map(|_| letters[rng.random_range(0..k)])
                .collect()
        })
        .collect();
    let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
    let start = rng.random_range(0..columns);
    let b = board(&refs, numbers, start);
    b.blocks().iter().all(|x| x.len() <= MAX_BLOCK).then_some(b)
}

#[test]
fn conventional_dice_give_exact_counts_equal_to_brute_force() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    let mut boards = 0;
    while boards < 150 {
        let Some(b) = random_board(&mut rng, &[1, 2, 3, 4, 5]) else {
            continue;
        };
        let (exact, total) = check_against_brute(&b);
        // Exact whenever every block takes at most two turns (the tree's
        // overlapping options can then always be replaced by the block).
        let solver = Solver::new(&b);
        if solver
            .blocks
            .iter()
            .all(|k| k.pieces[k.full() as usize] <= 2)
        {
            assert_eq!(exact, total, "every count is exact: {:?}", rows_of(&b));
            boards += 1;
        }
    }
}

#[test]
fn small_and_gapped_dice_stay_within_their_ranges() {
    // Numbers 1-2 make blocks that take three turns and more; numbers
    // without a 1 leave boxes that can never be crossed.
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(2);
    let sets: [&[u8]; 5] = [&[1, 2], &[2, 3], &[2], &[1, 3], &[3, 4]];
    let (mut exact, mut total) = (0, 0);
    for i in 0..250 {
        let Some(b) = random_board(&mut rng, sets[i % sets.len()]) else {
            continue;
        };
        let (e, t) = check_against_brute(&b);
        exact += e;
        total += t;
    }
    // Nearly every count is exact even here.
    assert!(exact * 10 >= total * 9, "{exact} of {total} exact");
}

#[test]
fn a_six_box_line_through_the_start_takes_two_turns() {
    // Six blue boxes in a row: two turns to complete blue (5 + 1).
    let b = board(&["bbbbbb", "rrrrrr"], &[1, 2, 3, 4, 5], 0);
    let s = Solver::new(&b).solve();
    assert_eq!(s.colors[0].text(), "2");
    assert_eq!(s.colors[1].text(), "2");
    // Column F: one box of each colour, the far end of both rows: 3 turns
    // (five boxes of one row, then the sixth, then the box beside it).
    assert_eq!(s.columns[5].text(), "3");
    assert_eq!(s.game_end.text(), "4");
}

#[test]
fn numbers_without_a_one_can_never_cross_a_lone_box() {
    let b = board(&["aab", "aaa"], &[2, 3, 4, 5], 0);
    let s = Solver::new(&b).solve();
    assert!(s.colors[1].is_never());
    assert!(s.columns[2].is_never());
    assert!(!s.columns[0].is_never());
    assert!(s.game_end.is_never());
}

#[test]
fn the_answer_is_the_same_on_any_number_of_threads() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/encore-seed-11-20x8.toml");
    let board: Board = crate::families::load(&path).unwrap().take().unwrap();
    let on = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        format!("{:?}", pool.install(|| Solver::new(&board).solve()))
    };
    let one = on(1);
    assert_eq!(one, on(2));
    assert_eq!(one, on(3));
}
