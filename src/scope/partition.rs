//! Partitions: a stable, balanced share of the shards for each of N machines (`--partition I/N`),
//! so a CI matrix splits one audit. Every machine that sees the same tree deals the same shares:
//! the files by their size, without reading them, and the shards of a file larger than a fair
//! share (which every partition cuts to deal them).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};

use crate::lang::Language;

/// The most partitions `--partition I/N` accepts. A CI matrix or an indexed job has a few hundred
/// machines at most; the bound keeps a typo (`1/100000000`) an error rather than a run that deals
/// shards into a hundred million empty bins.
pub(crate) const MAX_PARTITIONS: usize = 65_536;

/// The ids of partition `index` of `count` (1-based): the items, given as `(weight, id)`, are
/// dealt largest first to the least loaded partition (ties to the lowest), so the partitions are
/// balanced by weight and together hold every item exactly once.
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

/// This machine's share of a partitioned run: the files it reads and reviews whole, and its
/// shards of the files too large for one partition (dealt shard by shard).
#[derive(Debug, Default)]
pub(crate) struct Share {
    files: HashSet<String>,
    /// The split files this share holds a shard of: it reads them, and reviews its shards.
    split: HashSet<String>,
    shards: HashSet<String>,
}

impl Share {
    /// Whether this partition reads the file at `path`.
    pub(crate) fn reads(&self, path: &str) -> bool {
        self.files.contains(path) || self.split.contains(path)
    }

    /// Whether the file at `path` is this partition's whole (so it alone counts it).
    pub(crate) fn owns(&self, path: &str) -> bool {
        self.files.contains(path)
    }

    /// Whether this partition reviews `shard`.
    pub(crate) fn holds(&self, id: &str, path: &str) -> bool {
        self.files.contains(path) || self.shards.contains(id)
    }
}

/// The files larger than a fair share (the bytes of all / `count`), given as `(bytes, path)`:
/// the only ones a partition must cut before the deal, so that their shards can spread.
pub(crate) fn oversized(files: &[File], count: usize) -> HashSet<String> {
    let fair = fair_share(files, count);
    files
        .iter()
        .filter(|file| file.bytes > fair)
        .map(|file| file.path.clone())
        .collect()
}

/// A file to deal: its size, its path and its language (none where no grammar reads it).
#[derive(Debug, Clone)]
pub(crate) struct File {
    pub(crate) bytes: usize,
    pub(crate) path: String,
    pub(crate) language: Option<Language>,
}

/// The bytes of all `files` over `count`.
fn fair_share(files: &[File], count: usize) -> usize {
    let total = files
        .iter()
        .fold(0usize, |sum, f| sum.saturating_add(f.bytes));
    total / count.max(1)
}

/// Partition `index` of `count`, dealt a file at a time: `files`, and the shards of the
/// [`oversized`] ones as `(bytes, id, path)`. The rules review a whole file once whichever of
/// its shards a partition holds, so a file split over partitions would cost each of them the
/// whole file, and a file dealt whole need not be read by the others at all (nor parsed to deal
/// it). A file larger than a fair share with more than one shard is dealt shard by shard, so
/// that it spreads.
///
/// A language whose files add up to no more than a fair share is dealt as one item, all its
/// files to one partition: each partition compiles the rules of every language it meets (0.1
/// to 0.6 s of CPU a language), so a few Python or JavaScript files spread over every partition
/// of a C tree would make each of them pay that compile.
pub(crate) fn share_by_file(
    files: Vec<File>,
    oversized_shards: Vec<(usize, String, String)>,
    index: usize,
    count: usize,
) -> Share {
    let mut shards_of: HashMap<String, Vec<(usize, String)>> = HashMap::new();
    for (bytes, id, path) in oversized_shards {
        shards_of.entry(path).or_default().push((bytes, id));
    }
    shards_of.retain(|_, shards| shards.len() > 1);
    let fair = fair_share(&files, count);
    let mut per_language: HashMap<Language, (usize, usize)> = HashMap::new();
    for file in &files {
        if let Some(language) = file.language {
            let (bytes, files) = per_language.entry(language).or_default();
            *bytes = bytes.saturating_add(file.bytes);
            *files += 1;
        }
    }
    per_language.retain(|_, (bytes, files)| *bytes <= fair && *files > 1);
    let mut items = Vec::new();
    // A whole file is dealt under a key no shard id has (ids never hold a NUL), and a language's
    // files under one no file has (no path holds a NUL either).
    let mut file_of: HashMap<String, String> = HashMap::new();
    let mut grouped: HashMap<String, Vec<String>> = HashMap::new();
    for File {
        bytes,
        path,
        language,
    } in files
    {
        if let Some(language) = language.filter(|l| per_language.contains_key(l)) {
            grouped
                .entry(format!("\0\0{}", language.name()))
                .or_default()
                .push(path);
            continue;
        }
        match shards_of.remove(&path) {
            Some(shards) => {
                for (bytes, id) in shards {
                    file_of.insert(id.clone(), path.clone());
                    items.push((bytes, id));
                }
            }
            None => items.push((bytes, format!("\0{path}"))),
        }
    }
    for (language, (bytes, _)) in &per_language {
        items.push((*bytes, format!("\0\0{}", language.name())));
    }
    let mut dealt = Share::default();
    for key in share(items, index, count) {
        if key.starts_with("\0\0") {
            dealt.files.extend(grouped.remove(&key).unwrap_or_default());
            continue;
        }
        match key.strip_prefix('\0') {
            Some(path) => {
                dealt.files.insert(path.to_string());
            }
            None => {
                if let Some(path) = file_of.remove(&key) {
                    dealt.split.insert(path);
                }
                dealt.shards.insert(key);
            }
        }
    }
    dealt
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
        // a.py, b.py and c.py are small; big.c is 120 of 170 bytes, cut into 4 shards; one.c is
        // larger than a fair share but has one shard.
        // No language here: each file is dealt on its own.
        let files: Vec<File> = [("a.py", 30), ("b.py", 10), ("c.py", 10), ("big.c", 120)]
            .iter()
            .map(|(path, bytes)| File {
                bytes: *bytes,
                path: path.to_string(),
                language: None,
            })
            .collect();
        let big: Vec<(usize, String, String)> = (0..4)
            .map(|i| (30, format!("big.c#{i}"), String::from("big.c")))
            .collect();
        let count = 4;
        assert_eq!(
            oversized(&files, count),
            HashSet::from([String::from("big.c")]),
            "170 bytes over 4: a fair share is 42"
        );
        let shares: Vec<Share> = (1..=count)
            .map(|i| share_by_file(files.clone(), big.clone(), i, count))
            .collect();
        for small in ["a.py", "b.py", "c.py"] {
            let readers: Vec<&Share> = shares.iter().filter(|s| s.reads(small)).collect();
            assert_eq!(readers.len(), 1, "{small} is read by one partition");
            assert!(readers[0].owns(small) && readers[0].holds("any id", small));
        }
        // big.c spreads: each shard in exactly one partition, read only where a shard is.
        for (_, id, path) in &big {
            let holders = shares.iter().filter(|s| s.holds(id, path)).count();
            assert_eq!(holders, 1, "{id} in exactly one partition");
        }
        assert_eq!(shares.iter().filter(|s| s.reads("big.c")).count(), 4);
        assert!(shares.iter().all(|s| !s.owns("big.c")));
        // A file of one shard is dealt whole, however large.
        let one = vec![(120, String::from("big.c#0"), String::from("big.c"))];
        let whole: Vec<Share> = (1..=count)
            .map(|i| share_by_file(files.clone(), one.clone(), i, count))
            .collect();
        assert_eq!(whole.iter().filter(|s| s.owns("big.c")).count(), 1);
        // The same shares from the same tree, in any order.
        let mut reversed = files.clone();
        reversed.reverse();
        let again = share_by_file(reversed, big.iter().rev().cloned().collect(), 2, count);
        assert_eq!(again.files, shares[1].files);
        assert_eq!(again.shards, shares[1].shards);
    }

    #[test]
    fn a_language_whose_files_fit_in_a_fair_share_stays_in_one_partition() {
        // 400 bytes of C in four files, 60 of Python in three.
        let file = |path: &str, bytes: usize, language: Language| File {
            bytes,
            path: path.to_string(),
            language: Some(language),
        };
        let mut files: Vec<File> = (0..4)
            .map(|i| file(&format!("c{i}.c"), 100, Language::C))
            .collect();
        files.extend([
            file("p0.py", 30, Language::Python),
            file("p1.py", 20, Language::Python),
            file("p2.py", 10, Language::Python),
        ]);
        let readers = |count: usize, path: &str| -> Vec<usize> {
            (1..=count)
                .filter(|i| share_by_file(files.clone(), Vec::new(), *i, count).reads(path))
                .collect()
        };
        // Over 2 or 4 a fair share (230, 115) holds all the Python: one partition has it all;
        // the C files still spread, and every file is in exactly one partition.
        for count in [2, 4] {
            let python = readers(count, "p0.py");
            assert_eq!(python.len(), 1, "over {count}");
            assert_eq!(readers(count, "p1.py"), python, "over {count}");
            assert_eq!(readers(count, "p2.py"), python, "over {count}");
            let mut c: Vec<usize> = (0..4)
                .flat_map(|i| readers(count, &format!("c{i}.c")))
                .collect();
            assert_eq!(c.len(), 4);
            c.sort_unstable();
            c.dedup();
            assert_eq!(c.len(), count.min(4), "over {count}: {c:?}");
        }
        // Over 8 (a fair share of 57) the Python is larger than a share, and spreads.
        let mut python: Vec<usize> = ["p0.py", "p1.py", "p2.py"]
            .iter()
            .flat_map(|p| readers(8, p))
            .collect();
        python.sort_unstable();
        python.dedup();
        assert_eq!(python.len(), 3);
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
