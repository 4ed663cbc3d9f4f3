//! The score of a sheet, the winners of a table, and the solo game's
//! rating.

use serde::Serialize;

use super::game::Game;
use super::movegen::bits;
use super::table::{Sheet, Table};

/// What a sheet scores (final once the game is over).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Score {
    /// Colour bonuses: first or later value of each colour completed.
    pub colors: u32,
    /// Column points: first or later value of each column completed.
    pub columns: u32,
    /// "!" boxes not crossed: a point each.
    pub jokers_left: u32,
    /// Star boxes not crossed.
    pub open_stars: u32,
    /// Points lost for them: the board's penalty each, at most 30 in all
    /// unless [`Options::star_cap`](super::game::Options::star_cap) says
    /// otherwise.
    pub star_penalty: u32,
    /// Colours + columns + jokers left - star penalty.
    pub total: i32,
}

impl Game {
    /// The points of the columns and colours completed on a sheet: each
    /// scores its first value if the sheet completed it before anyone else
    /// or in the same turn as the first ([`Sheet::columns_first`]), its
    /// later value otherwise.
    pub fn score(&self, sheet: &Sheet) -> Score {
        let board = self.board();
        let points = |done: u32, first: u32, table: &[crate::encore::Points]| -> u32 {
            bits(done)
                .map(|i| {
                    let p = table[i as usize];
                    u32::from(if first >> i & 1 == 1 {
                        p.first
                    } else {
                        p.later
                    })
                })
                .sum()
        };
        let colors = points(
            u32::from(sheet.colors_done()),
            u32::from(sheet.colors_first()),
            &board.color_bonus,
        );
        let columns = points(
            sheet.columns_done(),
            sheet.columns_first(),
            &board.column_points,
        );
        let jokers_left = u32::from(self.jokers_left(sheet));
        let open_stars = (self.star_boxes() - sheet.crossed()).len();
        let star_penalty = self
            .options()
            .star_cap
            .penalty(open_stars, u32::from(board.star_penalty));
        Score {
            colors,
            columns,
            jokers_left,
            open_stars,
            star_penalty,
            total: (colors + columns + jokers_left) as i32 - star_penalty as i32,
        }
    }

    /// The winners of a table (seats): the highest total; among equal
    /// totals, the most "!" boxes left; players still equal share the
    /// win.
    pub fn winners(&self, table: &Table) -> Vec<usize> {
        let key = |s: &Sheet| {
            let score = self.score(s);
            (score.total, score.jokers_left)
        };
        let best = table.sheets().iter().map(key).max();
        (0..table.players())
            .filter(|&p| Some(key(table.sheet(p))) == best)
            .collect()
    }
}

/// One band of the solo game's rating table (the rulebook's: from more
/// than 40 points down to less than 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct SoloBand {
    /// Place from the top (0: more than 40 points).
    pub rank: u8,
    /// Lowest score of the band (`None`: no lower bound).
    pub low: Option<i32>,
    /// Highest score of the band (`None`: no upper bound).
    pub high: Option<i32>,
}

impl SoloBand {
    /// The band as the rulebook prints it (`> 40`, `37-40`, `0`, `< 0`).
    pub fn label(&self) -> String {
        match (self.low, self.high) {
            (Some(l), None) => format!("> {}", l - 1),
            (None, Some(h)) => format!("< {}", h + 1),
            (Some(l), Some(h)) if l == h => l.to_string(),
            (Some(l), Some(h)) => format!("{l}-{h}"),
            (None, None) => "any".into(),
        }
    }
}

/// The lowest score of each band of the solo rating table but the last
/// two (0 points, and less than 0), from the top.
const SOLO_BAND_FLOORS: [i32; 11] = [41, 37, 33, 29, 25, 21, 17, 13, 9, 5, 1];

/// Every band of the solo rating table, from the top.
pub fn solo_bands() -> Vec<SoloBand> {
    let mut bands = Vec::new();
    let mut high = None;
    for (rank, &low) in SOLO_BAND_FLOORS.iter().enumerate() {
        bands.push(SoloBand {
            rank: rank as u8,
            low: Some(low),
            high,
        });
        high = Some(low - 1);
    }
    let n = SOLO_BAND_FLOORS.len() as u8;
    bands.push(SoloBand {
        rank: n,
        low: Some(0),
        high: Some(0),
    });
    bands.push(SoloBand {
        rank: n + 1,
        low: None,
        high: Some(-1),
    });
    bands
}

/// The band of the solo rating table a total falls in.
pub fn solo_band(total: i32) -> SoloBand {
    solo_bands()
        .into_iter()
        .find(|b| b.low.is_none_or(|l| total >= l) && b.high.is_none_or(|h| total <= h))
        .expect("the bands cover every total")
}
