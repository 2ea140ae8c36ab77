//! Partitions: a stable, balanced share of the shards for each of N machines (`--partition I/N`),
//! so a CI matrix splits one audit. Every machine that sees the same tree deals the same shares.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap, HashSet};

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

/// [`share`], dealt a file at a time: the shards given as `(tokens, id, file)`. The rules review
/// a whole file once whichever of its shards a partition holds, so a file split over partitions
/// would cost each of them the whole file; a file larger than a partition's fair share (the
/// tokens of all / `count`) is still dealt shard by shard, so that it spreads.
pub(crate) fn share_by_file(
    shards: Vec<(usize, String, String)>,
    index: usize,
    count: usize,
) -> HashSet<String> {
    let total: usize = shards.iter().map(|s| s.0).sum();
    let fair = total / count.max(1);
    let mut files: BTreeMap<String, Vec<(usize, String)>> = BTreeMap::new();
    for (tokens, id, file) in shards {
        files.entry(file).or_default().push((tokens, id));
    }
    let mut items = Vec::new();
    // A whole file is dealt under a key no shard id has (ids never hold a NUL).
    let mut members: HashMap<String, Vec<String>> = HashMap::new();
    for (file, shards) in files {
        let tokens: usize = shards.iter().map(|s| s.0).sum();
        if shards.len() > 1 && tokens > fair {
            items.extend(shards);
        } else {
            let key = format!("\0{file}");
            items.push((tokens, key.clone()));
            members.insert(key, shards.into_iter().map(|(_, id)| id).collect());
        }
    }
    let mut ids = HashSet::new();
    for key in share(items, index, count) {
        match members.remove(&key) {
            Some(shards) => ids.extend(shards),
            None => {
                ids.insert(key);
            }
        }
    }
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
    fn a_file_stays_in_one_partition_unless_it_is_larger_than_a_fair_share() {
        // a.py: 3 shards, 30 tokens; b.py and c.py: 2 shards of 10; big.c: 4 shards, 120 tokens.
        let mut shards = Vec::new();
        for (file, sizes) in [
            ("a.py", vec![10, 10, 10]),
            ("b.py", vec![5, 5]),
            ("c.py", vec![5, 5]),
            ("big.c", vec![30, 30, 30, 30]),
        ] {
            for (i, tokens) in sizes.into_iter().enumerate() {
                shards.push((tokens, format!("{file}#{i}"), file.to_string()));
            }
        }
        let shares: Vec<HashSet<String>> = (1..=4)
            .map(|i| share_by_file(shards.clone(), i, 4))
            .collect();
        let mut all: Vec<&String> = shares.iter().flatten().collect();
        all.sort();
        all.dedup();
        assert_eq!(
            all.len(),
            shards.len(),
            "every shard in exactly one partition"
        );
        assert_eq!(shares.iter().map(HashSet::len).sum::<usize>(), shards.len());
        let holding = |file: &str| {
            shares
                .iter()
                .filter(|ids| ids.iter().any(|id| id.starts_with(&format!("{file}#"))))
                .count()
        };
        for small in ["a.py", "b.py", "c.py"] {
            assert_eq!(holding(small), 1, "{small} in one partition");
        }
        // 170 tokens over 4: a fair share is 42; big.c (120) spreads.
        assert_eq!(holding("big.c"), 4);
        // The same shares from the same tree, in any order.
        let mut reversed = shards.clone();
        reversed.reverse();
        assert_eq!(share_by_file(reversed, 2, 4), shares[1]);
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
