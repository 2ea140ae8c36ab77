//! Partitions: a stable, balanced share of the shards for each of N machines (`--partition I/N`),
//! so a CI matrix splits one audit. Every machine that sees the same tree deals the same shares.

use std::collections::HashSet;

/// The shard ids of partition `index` of `count` (1-based): the shards, given as `(tokens, id)`,
/// are dealt largest first to the least loaded partition (ties to the lowest), so the partitions
/// are balanced by tokens and together cover every shard exactly once.
pub(crate) fn share(
    mut shards: Vec<(usize, String)>,
    index: usize,
    count: usize,
) -> HashSet<String> {
    deal(&mut shards, count)
        .into_iter()
        .nth(index.saturating_sub(1))
        .unwrap_or_default()
}

/// Deals `(tokens, id)` items into `count` bins, largest first, each to the least loaded bin.
fn deal(items: &mut [(usize, String)], count: usize) -> Vec<HashSet<String>> {
    items.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    let mut bins: Vec<(usize, HashSet<String>)> = vec![(0, HashSet::new()); count.max(1)];
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
}
