//! Summaries made on demand. A scan's first pass summarizes each file with the walks from its
//! rules' sources alone, and its shape (see [`CompiledRules::run_lazily`]): the walks from every
//! parameter and every call's result, which cost more than the rest of the rules together, are
//! left out. The join then reads again, parses and summarizes whole only the files its walks go
//! into, a few in a thousand on most trees.
//!
//! It does so in rounds. Each rule walks from the sources through the places that lead to a sink
//! a finding is ready for or into a file of the first pass (which has no finding ready yet): its
//! parameters, its calls' results, the fields it names, the arguments of calls into it; and the
//! open walk goes back from the sinks the pending matches ask about; every file of the first
//! pass whose edges either asks for is noted, and the noted files are made whole, on every
//! worker at once. A rule that noted none is done: it went into no file of the first pass, so
//! what the others' files become changes nothing of its walks. A round that notes nothing ends
//! it. Then every edge the join's own walks read was made whole, as in a scan that summarized
//! every file whole, so they find what that scan finds: a walk that reached a sink in a file
//! still of the first pass would have gone into that file, which no walk did. No match of a file
//! of the first pass waits for the join: a file with a match the first pass cannot judge is one
//! it makes whole at once (see [`CompiledRules::run_lazily`]).
//!
//! A file that changed since it was read, or can no longer be read, parsed or walked to the end,
//! is taken as one whose walks hit their limits: its summaries say nothing (a walk stops there).
//!
//! [`CompiledRules::run_lazily`]: crate::review::rules::engine::CompiledRules::run_lazily

use std::collections::{BTreeSet, HashSet};
use std::path::PathBuf;

use rayon::prelude::*;

use super::{shed_from, FileRecord, Graph, Index, Linked, Node, Numbers};
use crate::lang::Language;
use crate::review::rules::taint::summary::Origin;

/// Where to read again a file summarized in a first pass.
#[derive(Debug)]
pub(crate) struct Reread {
    pub(crate) path: PathBuf,
    pub(crate) language: Language,
    /// The hash of its text (see [`hash`]): a file that changed since is not taken.
    pub(crate) hash: u64,
}

/// Summarizes whole a file of the first pass, given its record; an error says why it could not.
pub(crate) type Loader<'l> = &'l (dyn Fn(&FileRecord) -> Result<FileRecord, String> + Sync);

/// The hash a [`Reread`] keeps of a file's text.
pub(crate) fn hash(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

impl Index {
    /// Makes whole, with `loader`, the summaries of the files of the first pass that the join's
    /// walks go into (see the module's documentation).
    pub(super) fn read_again(&mut self, whole: bool, loader: Loader<'_>, links: &Linked<'_>) {
        let mut rules: Vec<usize> = (self.files.iter())
            .flat_map(|file| file.by_rule.keys().copied())
            .collect::<BTreeSet<usize>>()
            .into_iter()
            .collect();
        while self.files.iter().any(|file| file.reread.is_some()) {
            let numbers = Numbers::new(&self.files, links.fields.readers.len());
            let asked: HashSet<usize> = (self.files.iter())
                .flat_map(|file| file.pending.iter().flat_map(|p| &p.sinks))
                .map(|(rule, _)| *rule)
                .collect();
            let this = &*self;
            rules.retain(|rule| !this.shed.contains(rule));
            let noted: Vec<(usize, BTreeSet<usize>)> = rules
                .par_iter()
                .map(|&rule| {
                    let open = whole && asked.contains(&rule);
                    (rule, this.noted_by(rule, open, links, &numbers))
                })
                .collect();
            rules = (noted.iter())
                .filter(|(_, files)| !files.is_empty())
                .map(|(rule, _)| *rule)
                .collect();
            let noted: BTreeSet<usize> = noted.into_iter().flat_map(|(_, files)| files).collect();
            if noted.is_empty() {
                break;
            }
            self.load(&noted.into_iter().collect::<Vec<usize>>(), loader);
        }
    }

    /// The files of the first pass whose edges `rule`'s walks ask for: the walk from the
    /// sources through what leads to a ready sink or into such a file, and with `open` the open
    /// walk through what leads to the sinks pending matches ask about.
    fn noted_by(
        &self,
        rule: usize,
        open: bool,
        links: &Linked<'_>,
        numbers: &Numbers,
    ) -> BTreeSet<usize> {
        let graph = Graph::new(self, rule, links, numbers);
        let sources =
            (self.files.iter()).any(|file| file.edges_from(rule, Origin::Source).next().is_some());
        if sources {
            // Through what leads to a sink a finding is ready for, or into a file of the first
            // pass (where one may be): its parameters, its calls' results, the fields it names.
            // Found file by file as the walk back takes them (not all at once: in a first pass
            // they may be most of the places of a large tree).
            let numbered = |node: &Node| graph.places.number(*node).is_some();
            let graph = &graph;
            let ends = self.files.iter().enumerate().flat_map(|(f, file)| {
                // The arguments of calls into such a file: a parameter past those its function
                // names has no number yet there (see [`Graph::number`]).
                let into_first_pass = (0..file.kept_calls.len()).filter(move |&c| {
                    let mut callees = links.callees.get(f, c);
                    callees.any(|(g, _)| self.files[g].reread.is_some())
                });
                let arguments = into_first_pass.flat_map(move |c| {
                    let arguments = (0..).map(move |p| Node::Argument(f, c, p));
                    arguments.take_while(numbered)
                });
                // A whole file's ready sinks; a first pass's places (none of the other kind).
                let (ready, first_pass) = match file.reread {
                    None => (Some(&file.sinks), None),
                    Some(_) => (None, Some(file)),
                };
                let ready = (ready.into_iter().flat_map(|sinks| sinks.keys()))
                    .filter(move |(ready, _)| *ready == rule)
                    .filter_map(move |(_, range)| graph.sink_numbers[f].get(range))
                    .map(move |number| Node::Sink(f, *number));
                let functions = first_pass.into_iter().flat_map(|file| &file.kept_functions);
                let parameters = functions.enumerate().flat_map(move |(k, function)| {
                    (0..function.parameters()).map(move |p| Node::Parameter(f, k, p))
                });
                let calls = first_pass.map_or(0, |file| file.kept_calls.len());
                let results = (0..calls).map(move |c| Node::Result(f, c));
                let fields = (first_pass.into_iter())
                    .flat_map(move |_| &links.fields.ids[f])
                    .map(|id| Node::Field(*id));
                arguments
                    .chain(ready)
                    .chain(parameters)
                    .chain(results)
                    .chain(fields)
            });
            // Going back notes nothing: only what the walk itself reads of a file is wanted.
            graph.noting.set(false);
            let leading = graph.leading_to(ends);
            graph.noting.set(true);
            if let Some(leading) = leading {
                graph.propagate(false, leading);
            }
        }
        if open {
            let asked = self.files.iter().enumerate().flat_map(|(f, file)| {
                let asked = file.pending.iter().flat_map(|p| &p.sinks);
                let asked = asked.filter(|(asked, _)| *asked == rule);
                asked.map(move |(_, range)| (f, range))
            });
            if let Some(leading) = graph.sinks(asked) {
                graph.propagate(true, leading);
            }
        }
        graph.noted.into_inner()
    }

    /// Summarizes whole the files numbered `wanted`, on every worker at once, in place of their
    /// first pass's. A few files at a time: each is in the index (its steps spilled, its edges
    /// counted) before more are read, so what a round reads is not all in memory at once.
    fn load(&mut self, wanted: &[usize], loader: Loader<'_>) {
        let batch = 2 * rayon::current_num_threads().max(1);
        for wanted in wanted.chunks(batch) {
            let files = &self.files;
            let loaded: Vec<(usize, Result<FileRecord, String>)> =
                wanted.par_iter().map(|&f| (f, loader(&files[f]))).collect();
            for (f, loaded) in loaded {
                let replaced = loaded.is_ok_and(|record| self.replace(f, record));
                if !replaced {
                    self.give_up(f);
                }
            }
        }
    }

    /// File `f` could not be summarized whole (see the module's documentation): it is taken as
    /// one whose walks did not run to the end, whose summaries say nothing (a walk stops there,
    /// as at any file whose walks hit their limits).
    fn give_up(&mut self, f: usize) {
        self.count_out(f);
        let file = &mut self.files[f];
        let rules: Vec<usize> = file.by_rule.keys().copied().collect();
        for rule in rules {
            shed_from(file, rule);
        }
        file.shared = None;
        file.reread = None;
    }

    /// Puts `whole`, file `f`'s summaries made whole, in place of its first pass's, keeping
    /// what both have alike (its functions, calls and fields); `false` when it does not fit
    /// under the bound on edges, or is not of the same shape (its text changed in between).
    fn replace(&mut self, f: usize, mut whole: FileRecord) -> bool {
        let first = &self.files[f];
        let alike = whole.functions.len() == first.kept_functions.len()
            && whole.calls.len() == first.kept_calls.len()
            && whole.fields.len() == first.kept_fields.len();
        if !alike {
            return false;
        }
        // The first pass's edges counted out, and in again if the whole ones do not fit.
        self.count_out(f);
        if !self.fit(&mut whole) {
            self.full = true;
            let first = std::mem::take(&mut self.files[f]);
            self.count_in(&first);
            self.files[f] = first;
            return false;
        }
        let first = &mut self.files[f];
        whole.kept_functions = std::mem::take(&mut first.kept_functions);
        whole.functions = Vec::new();
        whole.kept_calls = std::mem::take(&mut first.kept_calls);
        whole.calls = Vec::new();
        whole.kept_fields = std::mem::take(&mut first.kept_fields);
        whole.fields = Vec::new();
        whole.reread = None;
        *first = whole;
        true
    }
}
