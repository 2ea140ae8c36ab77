//! Partitions: a stable, balanced share of the shards for each of N machines (`--partition I/N`),
//! so a CI matrix splits one audit. Every machine that sees the same tree deals the same shares.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

/// The most partitions `--partition I/N` accepts. A CI matrix or an indexed job has a few hundred
/// machines at most; the bound keeps a typo (`1/100000000`) an error rather than a run that deals
/// shards into a hundred million empty bins.
pub(crate) const MAX_PARTITIONS: usize = 65_536;

/// The shard ids of partition `index` of `count` (1-based): the shards, given as `(tokens, id)`,
/// are dealt largest first to the least loaded partition (ties to the lowest), so the partitions
/// are balanced by tokens and together cover every shard exactly once.
pub(crate) fn share(
    mut shards: Vec<(usize, String)>,
    index: usize,
    count: usize,
) -> HashSet<String> {
    let wanted = index.saturating_sub(1);
    let mut ids = HashSet::new();
    deal(&mut shards, count, |bin, id| {
        if bin == wanted {
            ids.insert(id.to_string());
        }
    });
    ids
}

/// Deals `(tokens, id)` items into `count` bins, largest first, each to the least loaded bin
/// (ties to the lowest index), telling `place` where each goes. The heap holds the bins used so
/// far and the lowest unused one (every unused bin has load 0, and the lowest wins the tie), so
/// memory and time follow the number of items, never `count`.
fn deal(items: &mut [(usize, String)], count: usize, mut place: impl FnMut(usize, &str)) {
    items.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    let mut bins = BinaryHeap::from([Reverse((0usize, 0usize))]);
    let mut opened = 1;
    for (tokens, id) in items.iter() {
        let Some(Reverse((load, bin))) = bins.pop() else {
            break; // never: every pop is followed by a push
        };
        if bin + 1 == opened && opened < count {
            bins.push(Reverse((0, opened)));
            opened += 1;
        }
        bins.push(Reverse((load + tokens, bin)));
        place(bin, id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_cover_every_shard_once_and_balance_tokens() {
        let shards: Vec<(usize, String)> = [50, 40, 30, 20, 10, 10]
            .iter()
            .enumerate()
            .map(|(i, tokens)| (*tokens, format!("s{i}")))
            .collect();
        let shares: Vec<HashSet<String>> = (1..=2).map(|i| share(shards.clone(), i, 2)).collect();
        let mut all: Vec<&String> = shares.iter().flatten().collect();
        all.sort();
        assert_eq!(all.len(), 6);
        all.dedup();
        assert_eq!(all.len(), 6, "no shard in two partitions");
        let load = |ids: &HashSet<String>| -> usize {
            shards
                .iter()
                .filter(|(_, id)| ids.contains(id))
                .map(|(t, _)| t)
                .sum()
        };
        // 50+20+10 and 40+30+10: balanced to within the smallest shard.
        assert_eq!((load(&shares[0]), load(&shares[1])), (80, 80));
        // The same tree deals the same shares, in any input order.
        let mut reversed = shards.clone();
        reversed.reverse();
        assert_eq!(share(reversed, 1, 2), shares[0]);
    }

    /// The deal as it was first written: every bin allocated up front, a linear search for the
    /// lightest. The lazy deal must give the same shares.
    fn deal_eagerly(items: &mut [(usize, String)], count: usize) -> Vec<HashSet<String>> {
        items.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        let mut bins: Vec<(usize, HashSet<String>)> = vec![(0, HashSet::new()); count];
        for (tokens, id) in items.iter() {
            let (_, lightest) = bins
                .iter()
                .enumerate()
                .map(|(i, bin)| (bin.0, i))
                .min()
                .expect("at least one bin");
            bins[lightest].0 += tokens;
            bins[lightest].1.insert(id.clone());
        }
        bins.into_iter().map(|(_, ids)| ids).collect()
    }

    #[test]
    fn lazy_deal_gives_the_shares_of_the_eager_one() {
        // Zero-token shards, ties and more partitions than shards included.
        let tokens = [0, 7, 7, 3, 0, 12, 1, 1, 9, 0, 4, 4, 4, 30];
        let shards: Vec<(usize, String)> = tokens
            .iter()
            .enumerate()
            .map(|(i, t)| (*t, format!("s{i:02}")))
            .collect();
        for count in [1, 2, 3, 5, 13, 14, 40] {
            let eager = deal_eagerly(&mut shards.clone(), count);
            for (index, expected) in eager.iter().enumerate() {
                assert_eq!(
                    &share(shards.clone(), index + 1, count),
                    expected,
                    "partition {}/{count}",
                    index + 1
                );
            }
        }
    }

    #[test]
    fn the_largest_partition_count_costs_nothing_per_partition() {
        let shards = vec![(5, String::from("a")), (3, String::from("b"))];
        assert_eq!(
            share(shards.clone(), 1, MAX_PARTITIONS),
            HashSet::from([String::from("a")])
        );
        assert_eq!(
            share(shards.clone(), 2, MAX_PARTITIONS),
            HashSet::from([String::from("b")])
        );
        assert!(share(shards, MAX_PARTITIONS, MAX_PARTITIONS).is_empty());
        // Beyond what the flag accepts, still no allocation per partition.
        assert!(share(vec![(1, String::from("a"))], usize::MAX, usize::MAX).is_empty());
    }
}
