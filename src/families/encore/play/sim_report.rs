//! The Encore simulation report: what the tallies of
//! [`simulate`](super::simulate::simulate) say, per table and per policy,
//! as serialisable results.

use serde::Serialize;

use super::simulate::{SeatTally, Tally, WIN_UNITS};
use crate::encore::Board;
use crate::encore::rules::{Game, Options, solo_bands};
use crate::report::stats::{Moments, median};

/// A whole run: one board, every table simulated on it.
#[derive(Clone, Debug, Serialize)]
pub struct SimReport {
    /// The board's id.
    pub board: String,
    /// The board's name.
    pub name: String,
    /// Seed of the run.
    pub seed: u64,
    /// Games per table.
    pub games: u64,
    /// Players at every table.
    pub players: usize,
    /// The readings of the rules played.
    pub options: Options,
    /// The tables, in the order they were simulated.
    pub tables: Vec<TableResult>,
}

/// What was simulated at one table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TableKind {
    /// One policy in every seat.
    SelfPlay,
    /// The seats given one by one (`--seats`).
    Mixed,
}

/// One table: its seats and its results.
#[derive(Clone, Debug, Serialize)]
pub struct TableResult {
    /// Self-play or mixed.
    pub kind: TableKind,
    /// A short name: the policy (self-play), or the seats joined by commas.
    pub label: String,
    /// The policy of each seat, seat 1 first (seat 1 rolls first).
    pub seats: Vec<String>,
    /// Games played.
    pub games: u64,
    /// Mean rolls per game (each roll is one player's turn).
    pub rolls_mean: f64,
    /// Mean turns per player as the active player (rolls / players).
    pub turns_per_player_mean: f64,
    /// Each seat's results.
    pub seat_results: Vec<SeatResult>,
    /// Each policy's results over the seats it plays, in seat order of
    /// first appearance.
    pub policies: Vec<PolicyResult>,
}

/// One seat of a table.
#[derive(Clone, Debug, Serialize)]
pub struct SeatResult {
    /// Seat number, from 1.
    pub seat: usize,
    /// Its policy.
    pub policy: String,
    /// Mean score.
    pub mean: f64,
    /// Half-width of the 95 % confidence interval of the mean.
    pub ci95: f64,
    /// Share of the games won, a shared win counted as an equal part
    /// (the rates of a table's seats add up to 1).
    pub win_rate: f64,
    /// Share of the games won alone or shared.
    pub win_or_tie_rate: f64,
}

/// A column's completion.
#[derive(Clone, Debug, Serialize)]
pub struct ColumnResult {
    /// Its letter.
    pub column: String,
    /// Share of sheets that completed it.
    pub completed: f64,
    /// Share of sheets that completed it first (its first value).
    pub first: f64,
    /// Share of sheets that completed it later.
    pub later: f64,
    /// Mean roll at which it was completed, when it ever was.
    pub mean_roll: Option<f64>,
}

/// A colour's completion.
#[derive(Clone, Debug, Serialize)]
pub struct ColorResult {
    /// Its id.
    pub color: String,
    /// Share of sheets that completed it.
    pub completed: f64,
    /// Share of sheets that completed it first.
    pub first: f64,
    /// Share of sheets that completed it later.
    pub later: f64,
}

/// A box of the board: how often and how early it is crossed.
#[derive(Clone, Debug, Serialize)]
pub struct BoxResult {
    /// Its name (`H4`).
    #[serde(rename = "box")]
    pub name: String,
    /// Share of sheets on which it was crossed.
    pub crossed: f64,
    /// Mean roll at which it was crossed, when it ever was.
    pub mean_roll: Option<f64>,
}

/// A band of the solo rating table and the share of solo games in it.
#[derive(Clone, Debug, Serialize)]
pub struct BandResult {
    /// The band as the rulebook prints it (`37-40`).
    pub band: String,
    /// Games in it.
    pub games: u64,
    /// Share of the games.
    pub share: f64,
}

/// One policy's results at a table, over every seat it plays (each seat
/// of each game is one sheet).
#[derive(Clone, Debug, Serialize)]
pub struct PolicyResult {
    /// The policy.
    pub policy: String,
    /// The seats it plays, from 1.
    pub seats: Vec<usize>,
    /// Sheets counted (games x seats).
    pub sheets: u64,
    /// Mean score.
    pub mean: f64,
    /// Half-width of the 95 % confidence interval of the mean.
    pub ci95: f64,
    /// Median score.
    pub median: f64,
    /// Sample standard deviation.
    pub std_dev: f64,
    /// Best score.
    pub best: i32,
    /// Worst score.
    pub worst: i32,
    /// Sheets by score, from `worst` to `best`.
    pub distribution: Vec<u64>,
    /// Share of the games won by one of its seats (shared wins split).
    pub win_rate: f64,
    /// Mean star boxes left open.
    pub open_stars_mean: f64,
    /// Mean "!" boxes (jokers) used.
    pub jokers_used_mean: f64,
    /// Mean columns completed.
    pub columns_mean: f64,
    /// Per column.
    pub columns: Vec<ColumnResult>,
    /// Per colour.
    pub colors: Vec<ColorResult>,
    /// Per box, row by row from the top.
    pub boxes: Vec<BoxResult>,
    /// The solo rating bands, from the top (solo games only; empty
    /// otherwise).
    pub solo_bands: Vec<BandResult>,
}

fn share(n: u64, of: u64) -> f64 {
    n as f64 / of.max(1) as f64
}

fn mean_of(sum: u64, n: u64) -> Option<f64> {
    (n > 0).then(|| sum as f64 / n as f64)
}

/// The results of the seats `seats` (from 0) of a tally, merged.
fn policy_result(game: &Game, tally: &Tally, policy: &str, seats: &[usize]) -> PolicyResult {
    let board: &Board = game.board();
    let mut m: SeatTally = tally.seats[seats[0]].clone();
    for &s in &seats[1..] {
        let o = &tally.seats[s];
        m.sum_score += o.sum_score;
        m.sum_score2 += o.sum_score2;
        m.win_units += o.win_units;
        m.open_stars += o.open_stars;
        m.jokers_used += o.jokers_used;
        for (a, b) in [
            (&mut m.hist, &o.hist),
            (&mut m.column_done, &o.column_done),
            (&mut m.column_first, &o.column_first),
            (&mut m.column_roll_sum, &o.column_roll_sum),
            (&mut m.color_done, &o.color_done),
            (&mut m.color_first, &o.color_first),
            (&mut m.box_crossed, &o.box_crossed),
            (&mut m.box_roll_sum, &o.box_roll_sum),
            (&mut m.solo_bands, &o.solo_bands),
        ] {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
    }
    let sheets = tally.games * seats.len() as u64;
    let Moments {
        mean,
        std_dev,
        ci95,
    } = Moments::of(sheets, m.sum_score as f64, m.sum_score2 as f64);
    let first = m.hist.iter().position(|&n| n > 0).unwrap_or(0);
    let last = m.hist.iter().rposition(|&n| n > 0).unwrap_or(0);
    let median = median(&m.hist, i64::from(tally.score_low));
    let columns = (0..board.columns)
        .map(|c| ColumnResult {
            column: Board::column_name(c),
            completed: share(m.column_done[c], sheets),
            first: share(m.column_first[c], sheets),
            later: share(m.column_done[c] - m.column_first[c], sheets),
            mean_roll: mean_of(m.column_roll_sum[c], m.column_done[c]),
        })
        .collect();
    let colors = board
        .colors
        .iter()
        .enumerate()
        .map(|(c, color)| ColorResult {
            color: color.id.clone(),
            completed: share(m.color_done[c], sheets),
            first: share(m.color_first[c], sheets),
            later: share(m.color_done[c] - m.color_first[c], sheets),
        })
        .collect();
    let boxes = (0..game.box_count())
        .map(|i| BoxResult {
            name: game.box_name(i),
            crossed: share(m.box_crossed[i], sheets),
            mean_roll: mean_of(m.box_roll_sum[i], m.box_crossed[i]),
        })
        .collect();
    let solo: u64 = m.solo_bands.iter().sum();
    let solo_bands = if solo == 0 {
        Vec::new()
    } else {
        solo_bands()
            .iter()
            .zip(&m.solo_bands)
            .map(|(b, &n)| BandResult {
                band: b.label(),
                games: n,
                share: share(n, solo),
            })
            .collect()
    };
    PolicyResult {
        policy: policy.to_string(),
        seats: seats.iter().map(|s| s + 1).collect(),
        sheets,
        mean,
        ci95,
        median,
        std_dev,
        best: last as i32 + tally.score_low,
        worst: first as i32 + tally.score_low,
        distribution: m.hist[first..=last].to_vec(),
        win_rate: m.win_units as f64 / (WIN_UNITS * tally.games.max(1)) as f64,
        open_stars_mean: share(m.open_stars, sheets),
        jokers_used_mean: share(m.jokers_used, sheets),
        columns_mean: share(m.column_done.iter().sum(), sheets),
        columns,
        colors,
        boxes,
        solo_bands,
    }
}

/// The results of one table of `policies` (one per seat) from its tally.
pub fn table_result(game: &Game, kind: TableKind, policies: &[&str], tally: &Tally) -> TableResult {
    let players = policies.len();
    let seat_results = tally
        .seats
        .iter()
        .zip(policies)
        .enumerate()
        .map(|(k, (s, p))| {
            let Moments { mean, ci95, .. } =
                Moments::of(tally.games, s.sum_score as f64, s.sum_score2 as f64);
            SeatResult {
                seat: k + 1,
                policy: (*p).to_string(),
                mean,
                ci95,
                win_rate: s.win_units as f64 / (WIN_UNITS * tally.games.max(1)) as f64,
                win_or_tie_rate: share(s.wins_or_ties, tally.games),
            }
        })
        .collect();
    let mut order: Vec<&str> = Vec::new();
    for p in policies {
        if !order.contains(p) {
            order.push(p);
        }
    }
    let results = order
        .iter()
        .map(|p| {
            let seats: Vec<usize> = (0..players).filter(|&k| policies[k] == *p).collect();
            policy_result(game, tally, p, &seats)
        })
        .collect();
    TableResult {
        kind,
        label: match kind {
            TableKind::SelfPlay => policies[0].to_string(),
            TableKind::Mixed => policies.join(","),
        },
        seats: policies.iter().map(|p| (*p).to_string()).collect(),
        games: tally.games,
        rolls_mean: share(tally.rolls, tally.games),
        turns_per_player_mean: share(tally.rolls, tally.games) / players as f64,
        seat_results,
        policies: results,
    }
}

/// The table's name in reports: `greedy x4` or the seats.
pub fn table_title(t: &TableResult) -> String {
    match t.kind {
        TableKind::SelfPlay if t.seats.len() == 1 => format!("{} (solo)", t.label),
        TableKind::SelfPlay => format!("{} x{}", t.label, t.seats.len()),
        TableKind::Mixed => format!("seats {}", t.label),
    }
}

/// A fraction as a percentage with one decimal.
fn pct(x: f64) -> String {
    format!("{:.1} %", x * 100.0)
}

/// A policy's line name: `greedy x4`, or at the mixed table `strong in
/// seat 1`.
pub fn policy_label(t: &TableResult, p: &PolicyResult) -> String {
    match t.kind {
        TableKind::SelfPlay => table_title(t),
        TableKind::Mixed => {
            let seats: Vec<String> = p.seats.iter().map(|s| s.to_string()).collect();
            format!(
                "{} in seat{} {}",
                p.policy,
                if seats.len() == 1 { "" } else { "s" },
                seats.join(",")
            )
        }
    }
}

/// A policy's win rate as shown in tables: at a mixed table its share of
/// the wins; "-" in a solo game or at a table it plays alone, where its
/// seats win every game between them.
pub fn win_rate_text(t: &TableResult, p: &PolicyResult) -> String {
    match t.kind {
        TableKind::Mixed if t.seats.len() > 1 => pct(p.win_rate),
        _ => "-".to_string(),
    }
}
