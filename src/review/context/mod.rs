//! What an agent sees past its shard: the repository's symbol index ([`index`]), the context
//! packed into a prompt from it within a token budget ([`pack`]), and the read-only tools an
//! agent may call to look further ([`tools`]).
//!
//! The index is built before agents start, in a pass of its own over the scanned tree (read,
//! parse, keep the definitions and calls, drop the tree). The pipeline streams shards to agents
//! while files are still being parsed, so an index built during that parse would be complete only
//! after the last file, and a prompt packed from it would depend on timing: not reproducible, a
//! miss in the cache and the recording. A pass first costs one more parse of each file, which is
//! small next to one agent's request (the rules reviewer still parses each file once).

pub(crate) mod index;
pub(crate) mod pack;
pub(crate) mod tools;

use std::cell::RefCell;

use rayon::iter::{IntoParallelIterator, ParallelIterator};

use crate::slice::SourceFile;
use crate::walk::{self, Candidate, Classified, WalkEvent, WalkSettings};
use index::{FileSymbols, IndexedFile};
pub(crate) use index::{Limits, SymbolIndex};

/// Files indexed at once between two additions to the index.
const CHUNK: usize = 256;

thread_local! {
    static PARSER: RefCell<tree_sitter::Parser> = RefCell::new(tree_sitter::Parser::new());
}

/// Builds the index of every file the walk of `settings` finds, on `jobs` threads. Files that
/// cannot be read or parsed are left out (the scan itself reports them).
pub(crate) fn build_index(
    settings: &WalkSettings,
    jobs: usize,
    limits: Limits,
) -> anyhow::Result<SymbolIndex> {
    let mut candidates = Vec::new();
    walk::walk(settings, |event| {
        if let WalkEvent::File(candidate) = event {
            candidates.push(candidate);
        }
        true
    })?;
    // One order whatever the threads do: the index, and every prompt packed from it, is the
    // same on every run.
    candidates.sort_by(|a, b| a.rel_path.cmp(&b.rel_path));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .thread_name(|index| format!("shardscan-index-{index}"))
        .build()
        .map_err(|e| anyhow::anyhow!("failed to start the index threads: {e}"))?;
    let mut index = SymbolIndex::new(&settings.root, limits);
    // A chunk at a time, each added in order as it is done: what waits to join the index is one
    // chunk's symbols, whatever the tree.
    let mut candidates = candidates.into_iter();
    loop {
        let chunk: Vec<Candidate> = candidates.by_ref().take(CHUNK).collect();
        if chunk.is_empty() {
            break;
        }
        let found: Vec<Option<(IndexedFile, FileSymbols)>> =
            pool.install(|| chunk.into_par_iter().map(index_one).collect());
        for (file, symbols) in found.into_iter().flatten() {
            index.add(file, symbols);
        }
    }
    Ok(index)
}

/// One file's symbols; `None` when it cannot be read or is not source code.
fn index_one(candidate: Candidate) -> Option<(IndexedFile, FileSymbols)> {
    let bytes = crate::files::read_unnamed(&candidate.path).ok()?;
    let Classified::Source { language, text, .. } =
        walk::classify(&candidate.path, candidate.language, bytes)
    else {
        return None;
    };
    let mut file = SourceFile::new(candidate.rel_path, candidate.uri, language, text);
    // A parser that panicked on a hostile file costs only that file's symbols.
    let parsed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        PARSER.with(|parser| crate::slice::parse(&mut file, &mut parser.borrow_mut()));
        index::symbols_of(&file)
    }))
    .ok()?;
    Some((IndexedFile::of(&file, &candidate.path), parsed))
}
