//! Successive halving: share a budget of play-outs among candidate moves
//! so that the promising ones get most of it.

/// The candidate (an index below `k`, the candidates best first by some
/// cheaper ranking) with the lowest total cost over its play-outs:
/// every candidate is played out a few times, the better half goes on
/// with twice as many, and so on until one is left; the last two have
/// `rollouts` play-outs each. `cost(c, j)` plays candidate `c` out for the
/// `j`-th time (play-out `j` should use the same chance outcomes for every
/// candidate, so they are compared on equal luck). Ties go to the earlier
/// candidate. `totals` is scratch space, kept to avoid allocating.
pub fn successive_halving(
    k: usize,
    rollouts: usize,
    totals: &mut Vec<(f64, usize)>,
    mut cost: impl FnMut(usize, usize) -> f64,
) -> usize {
    if k <= 1 {
        return 0;
    }
    let halvings = usize::BITS - (k - 1).leading_zeros();
    let mut games = (rollouts >> (halvings - 1)).max(1);
    totals.clear();
    totals.extend((0..k).map(|c| (0.0, c)));
    let mut alive = k;
    let mut done = 0;
    loop {
        for (total, c) in &mut totals[..alive] {
            for j in done..games {
                *total += cost(*c, j);
            }
        }
        done = games;
        totals[..alive].sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        alive = alive.div_ceil(2);
        if alive == 1 {
            return totals[0].1;
        }
        games = (games * 2).min(rollouts);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_cheapest_and_spends_most_on_the_best() {
        let mut totals = Vec::new();
        let mut played = [0usize; 5];
        // Candidate 3 is cheapest; the noise (j % 3) is the same for all.
        let best = successive_halving(5, 16, &mut totals, |c, j| {
            played[c] += 1;
            (c as f64 - 3.0).abs() + (j % 3) as f64
        });
        assert_eq!(best, 3);
        assert_eq!(played[3], 16, "the last two have every play-out");
        assert!(played[0] < played[3] && played[0] >= 1);
        assert_eq!(
            successive_halving(1, 16, &mut totals, |_, _| unreachable!()),
            0
        );
        // A tie goes to the earlier candidate.
        assert_eq!(successive_halving(3, 4, &mut totals, |_, _| 1.0), 0);
    }
}
