//! Many seeded games at once: the work is cut into chunks played on the
//! current rayon pool, and the chunks' tallies are merged in order, so the
//! result is the same whatever the number of threads.

use rayon::prelude::*;

/// The most games in one chunk of work.
const MAX_CHUNK: u64 = 16;

/// Games per chunk for a run of `games`: small enough that a short run of
/// slow games (a strong player's) still spreads over every thread, large
/// enough that a long run of fast ones does not pay for scheduling. It
/// depends on `games` alone, never on the thread count.
fn chunk(games: u64) -> u64 {
    (games / 64).clamp(1, MAX_CHUNK)
}

/// Plays games `0..games`: `play(tally, i)` adds game `i` to a tally that
/// `new()` made, and the tallies are merged with `merge` in the order of
/// their games. `progress` hears how many games just finished (from any
/// thread).
pub fn fold_games<T: Send>(
    games: u64,
    new: impl Fn() -> T + Sync,
    play: impl Fn(&mut T, u64) + Sync,
    merge: impl Fn(&mut T, &T),
    progress: &(dyn Fn(u64) + Sync),
) -> T {
    fold_range(0..games, new, play, merge, progress)
}

/// [`fold_games`] for the games `games.start..games.end` only. Where
/// merging is exact (tallies of integers), the games of a run played in
/// consecutive ranges and merged in order give the tally of the whole run:
/// a caller can play a long run in parts, and stop between them.
pub fn fold_range<T: Send>(
    games: std::ops::Range<u64>,
    new: impl Fn() -> T + Sync,
    play: impl Fn(&mut T, u64) + Sync,
    merge: impl Fn(&mut T, &T),
    progress: &(dyn Fn(u64) + Sync),
) -> T {
    let (first, count) = (games.start, games.end.saturating_sub(games.start));
    let size = chunk(count);
    let tallies: Vec<T> = (0..count.div_ceil(size))
        .into_par_iter()
        .map(|c| {
            let mut tally = new();
            let end = ((c + 1) * size).min(count);
            for i in c * size..end {
                play(&mut tally, first + i);
            }
            progress(end - c * size);
            tally
        })
        .collect();
    let mut total = new();
    for t in &tallies {
        merge(&mut total, t);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_spread_short_runs_and_cap_long_ones() {
        assert_eq!(chunk(0), 1);
        assert_eq!(chunk(4), 1);
        assert_eq!(chunk(200), 3);
        assert_eq!(chunk(100_000), MAX_CHUNK);
    }

    #[test]
    fn every_game_is_played_once_and_merged_in_order() {
        let seen = std::sync::atomic::AtomicU64::new(0);
        let games: Vec<u64> = fold_games(
            1000,
            Vec::new,
            |t, i| t.push(i),
            |a, b| a.extend_from_slice(b),
            &|n| {
                seen.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
            },
        );
        assert_eq!(games, (0..1000).collect::<Vec<_>>());
        assert_eq!(seen.into_inner(), 1000);
    }

    #[test]
    fn a_run_played_in_ranges_is_the_whole_run() {
        let whole: Vec<u64> = fold_games(
            300,
            Vec::new,
            |t, i| t.push(i * i),
            |a, b| a.extend_from_slice(b),
            &|_| {},
        );
        let mut parts: Vec<u64> = Vec::new();
        for range in [0..7, 7..8, 8..200, 200..300] {
            let part: Vec<u64> = fold_range(
                range,
                Vec::new,
                |t, i| t.push(i * i),
                |a, b| a.extend_from_slice(b),
                &|_| {},
            );
            parts.extend(part);
        }
        assert_eq!(parts, whole);
        let empty: Vec<u64> = fold_range(
            5..5,
            Vec::new,
            |t, i| t.push(i),
            |a, b| a.extend_from_slice(b),
            &|_| {},
        );
        assert!(empty.is_empty());
    }
}
