//! The repository's index of summaries, and the join that follows values across functions and
//! files once every file is read.
//!
//! Each file's one parse gives its summary (`taint::summary`): its functions and calls, and, per
//! taint rule, edges from a source, a parameter or a call's result to a sink, a call's argument
//! or a returned value. The rules reviewer adds each file's summary here as it reviews the file,
//! with its steps already turned into locations, so the file itself is not kept. Findings within
//! one function are reported with their shard as before; what only the whole repository shows is
//! reported once the pipeline has read every file:
//!
//! - a flow from a source into a function that runs it (a sink reached from a parameter), through
//!   any number of calls and files, through values that functions return (a parameter that
//!   reaches the return value makes the result of each call as tainted as that call's argument),
//!   and through fields and globals (a value one function stores in `this.data`, a static
//!   `Other.data` or a C global, another reads);
//! - a superseded pattern rule's match on a sink that only a parameter reaches: it is kept when
//!   some caller in the repository hands that parameter a source or a value of its own callers,
//!   or when no call of the function was seen (an entry point, or a library's own API), and
//!   dropped when every call seen hands it a value the taint rule judged clean.
//!
//! A call is resolved by name: to a function of the class the call names (`new Helper().run(x)`,
//! a local `Helper h = new Helper()`, or the caller's own class), with as many parameters as the
//! call has arguments (more for a variadic C function), and to a private or `static` function
//! only from its own file. A plain C call names the function of the same file, else the one
//! function of that name elsewhere; a call on a receiver whose class the code does not say is
//! not resolved (as often a library's object as one of the repository's). A value handed over
//! by address (`&request`) counts as open at that call: what the callee reads may have been
//! written through the pointer by calls the engine does not follow.
//!
//! Memory is bounded: past [`MAX_EDGES`] edges, the rule holding the most edges gives its up (its
//! flows across functions are not followed, and the matches pending on its sinks stand), so that
//! one rule whose values reach everywhere (numbers from input) does not leave every other rule's
//! pending matches undecided. When no rule holds an eighth of the bound, the index takes no more
//! summaries, joins what it has, and keeps every pending match (an incomplete view closes
//! nothing).

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::ops::Range;

use rayon::prelude::*;

use super::taint::summary::{CallSite, Field, Function, Origin, Target};
use crate::model::{Finding, FlowStep, Joined};

/// Most edges the index holds (about 100 MB at worst with their steps).
pub(crate) const MAX_EDGES: usize = 400_000;

/// Most calls a joined flow goes through before the join stops following it.
const MAX_DEPTH: usize = 64;

/// Most files whose sources one place is followed from, each apart: a helper that runs what it
/// is given (`IO.writeLine(s)`, `run(cmd)`) is reported once per file whose sources reach it,
/// each finding with the flow from that file, rather than once for the first file found.
const MAX_ORIGINS: usize = 64;

/// Most places reached in one rule's walk, over all origins; past it a place is followed from
/// the first file that reaches it only (as many places as a repository at the edge bound has).
const MAX_REACHED: usize = 2 * MAX_EDGES;

/// One edge of a file, with its steps as locations.
#[derive(Debug, Clone)]
pub(crate) struct EdgeRecord {
    pub(crate) from: Origin,
    pub(crate) to: Target,
    pub(crate) steps: Vec<FlowStep>,
}

/// A match that the join decides: a pattern rule's, with the (taint rule, sink) pairs of which
/// one must be open for it to stand; or a leak's, with the (call, argument position) pairs its
/// memory was lent to, of which none may keep it.
#[derive(Debug)]
pub(crate) struct Pending {
    pub(crate) finding: Finding,
    pub(crate) sinks: Vec<(usize, Range<usize>)>,
    pub(crate) lent: Vec<(usize, usize)>,
}

/// One taint rule's edges in a file (see `engine::RuleEdges`).
#[derive(Debug, Default)]
pub(crate) struct RuleRecord {
    pub(crate) edges: Vec<EdgeRecord>,
    pub(crate) shares: bool,
    pub(crate) complete: bool,
}

/// What the index keeps of one file.
#[derive(Debug, Default)]
pub(crate) struct FileRecord {
    pub(crate) path: String,
    pub(crate) uri: String,
    pub(crate) functions: Vec<Function>,
    pub(crate) calls: Vec<CallSite>,
    /// The fields and globals its functions write or read.
    pub(crate) fields: Vec<Field>,
    /// Per taint rule with roles in the file: its edges.
    pub(crate) by_rule: BTreeMap<usize, RuleRecord>,
    /// The edges of every other taint rule.
    pub(crate) shared: Option<Vec<EdgeRecord>>,
    /// The finding each (taint rule, sink) reached from a parameter or a result would be,
    /// without its flow.
    pub(crate) sinks: HashMap<(usize, Range<usize>), Finding>,
    /// The file's pattern matches that the join decides.
    pub(crate) pending: Vec<Pending>,
}

impl FileRecord {
    fn edges(&self, rule: usize) -> impl Iterator<Item = &EdgeRecord> {
        let shared = self.shared.as_deref().unwrap_or(&[]);
        let (own, shared): (&[EdgeRecord], &[EdgeRecord]) = match self.by_rule.get(&rule) {
            Some(record) if !record.complete => (&[], &[]),
            Some(record) if record.shares => (&record.edges, shared),
            Some(record) => (&record.edges, &[]),
            None => (&[], shared),
        };
        own.iter().chain(shared)
    }

    fn edge_count(&self) -> usize {
        let own: usize = self.by_rule.values().map(|r| r.edges.len()).sum();
        own + self.shared.as_ref().map_or(0, Vec::len)
    }
}

/// The summaries of every file read so far.
#[derive(Debug, Default)]
pub(crate) struct Index {
    files: Vec<FileRecord>,
    edges: usize,
    /// Summaries were refused past [`MAX_EDGES`].
    full: bool,
    /// Per rule, the edges of its own the index holds.
    held: HashMap<usize, usize>,
    /// Rules whose edges were given up to stay under [`MAX_EDGES`].
    shed: BTreeSet<usize>,
}

/// A place a value can be, in the join: (file, what).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Node {
    Parameter(usize, usize, usize),
    Return(usize, usize),
    Argument(usize, usize, usize),
    Result(usize, usize),
    Sink(usize, usize),
    /// A field or global, numbered over the repository (see [`Index::fields`]).
    Field(usize),
}

impl Index {
    /// Adds a file's summary; past the bound the file is left out and `false` returned (its
    /// pending matches are then the caller's to report).
    pub(crate) fn add(&mut self, mut file: FileRecord) -> bool {
        if self.full {
            return false;
        }
        for rule in &self.shed {
            shed_from(&mut file, *rule);
        }
        loop {
            let count = file.edge_count();
            if self.edges + count <= MAX_EDGES {
                for (rule, record) in &file.by_rule {
                    *self.held.entry(*rule).or_default() += record.edges.len();
                }
                self.edges += count;
                self.files.push(file);
                return true;
            }
            // The rule holding the most edges, this file's counted, gives its up.
            let mut held = self.held.clone();
            for (rule, record) in &file.by_rule {
                *held.entry(*rule).or_default() += record.edges.len();
            }
            let biggest = held
                .into_iter()
                .filter(|(rule, _)| !self.shed.contains(rule))
                .max_by_key(|(rule, edges)| (*edges, std::cmp::Reverse(*rule)));
            let Some((rule, _)) = biggest.filter(|(_, edges)| *edges >= MAX_EDGES / 8) else {
                self.full = true;
                return false;
            };
            self.shed.insert(rule);
            self.edges -= self.held.remove(&rule).unwrap_or(0);
            for stored in &mut self.files {
                shed_from(stored, rule);
            }
            shed_from(&mut file, rule);
        }
    }

    /// Joins every summary: the flows across functions, and the pending matches that stand.
    /// `whole` says every file of the scan was summarized; otherwise no pending match is closed.
    pub(crate) fn join(mut self, whole: bool) -> Vec<Joined> {
        let whole = whole && !self.full;
        let shed = std::mem::take(&mut self.shed);
        // Files came in the order the workers finished them: sorted, the flows chosen are the
        // same on every run.
        self.files.sort_by(|a, b| a.path.cmp(&b.path));
        let callees = self.resolve();
        let fields = self.fields();
        let mut callers: HashMap<(usize, usize), Vec<(usize, usize)>> = HashMap::new();
        for (call, functions) in &callees {
            for function in functions {
                callers.entry(*function).or_default().push(*call);
            }
        }
        let rules: HashSet<usize> = self
            .files
            .iter()
            .flat_map(|f| f.by_rule.keys().copied())
            .collect();
        let mut rules: Vec<usize> = rules.into_iter().filter(|r| !shed.contains(r)).collect();
        rules.sort_unstable();
        // Each rule's graph is its own: the rules are joined on every worker at once, and
        // their findings taken in the rules' order, as one worker would give them.
        let this = &self;
        let joined: Vec<(Vec<Joined>, Vec<OpenSink>)> = rules
            .par_iter()
            .map(|&rule| {
                let mut out = Vec::new();
                let mut open_sinks = Vec::new();
                let graph = Graph::new(this, rule, &callees, &callers, &fields);
                let tainted = graph.propagate(false);
                let mut reached: Vec<&(Node, usize)> = tainted.keys().collect();
                reached.sort_unstable();
                for key in reached {
                    if let (Node::Sink(file, sink), _) = key {
                        let record = &this.files[*file];
                        let range = graph.sink_ranges[*file][*sink].clone();
                        let Some(template) = record.sinks.get(&(rule, range)) else {
                            continue;
                        };
                        let mut finding = template.clone();
                        finding.flow = graph.path(&tainted, *key);
                        out.push(Joined {
                            finding,
                            uri: record.uri.clone(),
                        });
                    }
                }
                if whole {
                    let open = graph.propagate(true);
                    for (node, _) in open.keys() {
                        if let Node::Sink(file, sink) = node {
                            let range = graph.sink_ranges[*file][*sink].clone();
                            open_sinks.push((rule, *file, range));
                        }
                    }
                }
                (out, open_sinks)
            })
            .collect();
        let mut out = Vec::new();
        let mut open_sinks: HashSet<(usize, usize, Range<usize>)> = HashSet::new();
        for (found, open) in joined {
            out.extend(found);
            open_sinks.extend(open);
        }
        // Whether each lent argument's callee may keep it, decided before the files are taken.
        let mut kept: Vec<Vec<bool>> = Vec::with_capacity(self.files.len());
        for (index, file) in self.files.iter().enumerate() {
            kept.push(
                file.pending
                    .iter()
                    .map(|p| {
                        !whole
                            || p.lent.iter().any(|(call, position)| {
                                self.keeps(&callees, index, *call, *position)
                            })
                    })
                    .collect(),
            );
        }
        for (index, file) in self.files.into_iter().enumerate() {
            for (number, pending) in file.pending.into_iter().enumerate() {
                let stands = if !pending.lent.is_empty() {
                    // A leak stands where none of the calls its memory was lent to keeps it
                    // (undecided without the whole repository: left out).
                    !kept[index][number]
                } else {
                    !whole
                        || pending.sinks.iter().any(|(rule, range)| {
                            shed.contains(rule)
                                || open_sinks.contains(&(*rule, index, range.clone()))
                        })
                };
                if stands {
                    out.push(Joined {
                        finding: pending.finding,
                        uri: file.uri.clone(),
                    });
                }
            }
        }
        out
    }

    /// Whether the call `call` of file `file` may keep what its argument `position` points at:
    /// yes unless every function it resolves to is read and neither keeps it nor hands it to a
    /// call that may (followed up to [`MAX_DEPTH`] calls deep; a call met again adds nothing).
    fn keeps(
        &self,
        callees: &HashMap<(usize, usize), Vec<(usize, usize)>>,
        file: usize,
        call: usize,
        position: usize,
    ) -> bool {
        let mut seen: HashSet<(usize, usize, usize)> = HashSet::new();
        let mut stack = vec![(file, call, position, 0)];
        while let Some((file, call, position, depth)) = stack.pop() {
            if !seen.insert((file, call, position)) {
                continue;
            }
            if depth > MAX_DEPTH {
                return true;
            }
            let Some(functions) = callees.get(&(file, call)) else {
                // Not the repository's: the library's, or not resolved.
                return true;
            };
            for (g, k) in functions {
                let Some(keeping) = self.files[*g].functions[*k].keeps.get(position) else {
                    return true;
                };
                if keeping.kept {
                    return true;
                }
                for (inner, at) in &keeping.through {
                    stack.push((*g, *inner, *at, depth + 1));
                }
            }
        }
        false
    }

    /// The repository's number of each file's fields (the same name is one field, unless it is
    /// private to its file), and per number the (file, field) pairs that name it.
    fn fields(&self) -> Fields {
        let mut numbers: HashMap<(Option<usize>, &str), usize> = HashMap::new();
        let mut ids = Vec::new();
        let mut readers: Vec<Vec<(usize, usize)>> = Vec::new();
        for (f, file) in self.files.iter().enumerate() {
            let mut of_file = Vec::new();
            for (i, field) in file.fields.iter().enumerate() {
                let key = (field.private.then_some(f), field.name.as_str());
                let next = numbers.len();
                let id = *numbers.entry(key).or_insert(next);
                if id == readers.len() {
                    readers.push(Vec::new());
                }
                readers[id].push((f, i));
                of_file.push(id);
            }
            ids.push(of_file);
        }
        Fields { ids, readers }
    }

    /// The functions each call resolves to, by (file, call).
    fn resolve(&self) -> HashMap<(usize, usize), Vec<(usize, usize)>> {
        let mut by_name: HashMap<&str, Vec<(usize, usize)>> = HashMap::new();
        for (f, file) in self.files.iter().enumerate() {
            for (k, function) in file.functions.iter().enumerate() {
                by_name.entry(&function.name).or_default().push((f, k));
            }
        }
        let mut callees = HashMap::new();
        for (f, file) in self.files.iter().enumerate() {
            for (c, call) in file.calls.iter().enumerate() {
                let Some(named) = by_name.get(call.name.as_str()) else {
                    continue;
                };
                let fits = |(g, k): &(usize, usize)| {
                    let function = &self.files[*g].functions[*k];
                    let arity = call.arguments.len() == function.parameters
                        || (function.variadic && call.arguments.len() > function.parameters);
                    arity && (!function.private || *g == f)
                };
                let candidates: Vec<(usize, usize)> = named.iter().copied().filter(fits).collect();
                let class_of =
                    |(g, k): &(usize, usize)| self.files[*g].functions[*k].class.as_deref();
                let chosen: Vec<(usize, usize)> = if call.unknown_receiver {
                    // A receiver whose class is not known: as often a library's object (a
                    // decoder's `decode`) as one of the repository's, so not resolved.
                    Vec::new()
                } else {
                    let in_class: Vec<(usize, usize)> = candidates
                        .iter()
                        .copied()
                        .filter(|c| call.class.is_some() && class_of(c) == call.class.as_deref())
                        .collect();
                    if !in_class.is_empty() {
                        in_class
                    } else {
                        // A plain function: the file's own, else the only one elsewhere.
                        let free: Vec<(usize, usize)> = candidates
                            .iter()
                            .copied()
                            .filter(|c| class_of(c).is_none())
                            .collect();
                        let own: Vec<(usize, usize)> =
                            free.iter().copied().filter(|(g, _)| *g == f).collect();
                        if !own.is_empty() {
                            own
                        } else if free.len() == 1 {
                            free
                        } else {
                            Vec::new()
                        }
                    }
                };
                if !chosen.is_empty() {
                    callees.insert((f, c), chosen);
                }
            }
        }
        callees
    }
}

/// Gives up `rule`'s edges in `file`: its summary there says nothing any more.
fn shed_from(file: &mut FileRecord, rule: usize) {
    if let Some(record) = file.by_rule.get_mut(&rule) {
        record.edges = Vec::new();
        record.complete = false;
    }
}

/// A sink that what enters the scan from outside reaches: (rule, file, sink).
type OpenSink = (usize, usize, Range<usize>);

/// How each node was first reached from the sources of each file (the second of the key: the
/// file's number; the same for every start of the open walk): from which node (none for where a
/// flow starts), with which steps.
type Reached<'a> = HashMap<(Node, usize), (Option<Node>, &'a [FlowStep])>;

/// One rule's edges over the whole index.
struct Graph<'a> {
    index: &'a Index,
    rule: usize,
    callees: &'a HashMap<(usize, usize), Vec<(usize, usize)>>,
    callers: &'a HashMap<(usize, usize), Vec<(usize, usize)>>,
    /// Per file: the sinks of its edges, numbered.
    sink_ranges: Vec<Vec<Range<usize>>>,
    sink_numbers: Vec<HashMap<Range<usize>, usize>>,
    /// Per file: the rule's edges by where they start, so that each node reached looks up its
    /// own edges instead of reading every edge of its file.
    edges_from: Vec<HashMap<Origin, Vec<&'a EdgeRecord>>>,
    /// Per file: the edges that start at a field read, by field.
    field_edges: Vec<HashMap<usize, Vec<&'a EdgeRecord>>>,
    fields: &'a Fields,
}

/// The fields and globals of the repository: per file, the number of each of its own; per
/// number, the (file, field) pairs that name it.
struct Fields {
    ids: Vec<Vec<usize>>,
    readers: Vec<Vec<(usize, usize)>>,
}

/// The breadth-first walk of [`Graph::propagate`]: what is reached, and what is left to follow.
struct Frontier<'a> {
    reached: Reached<'a>,
    /// How many origins each node has been reached from (at most [`MAX_ORIGINS`]).
    origins: HashMap<Node, usize>,
    /// (node, origin, calls gone through).
    queue: VecDeque<(Node, usize, usize)>,
}

impl<'a> Frontier<'a> {
    fn reach(
        &mut self,
        (node, origin): (Node, usize),
        from: Option<Node>,
        steps: &'a [FlowStep],
        depth: usize,
    ) {
        if depth > MAX_DEPTH || self.reached.contains_key(&(node, origin)) {
            return;
        }
        let full = self.reached.len() >= MAX_REACHED;
        let count = self.origins.entry(node).or_default();
        if *count >= MAX_ORIGINS || (full && *count > 0) {
            return;
        }
        *count += 1;
        self.reached.insert((node, origin), (from, steps));
        self.queue.push_back((node, origin, depth));
    }
}

impl<'a> Graph<'a> {
    fn new(
        index: &'a Index,
        rule: usize,
        callees: &'a HashMap<(usize, usize), Vec<(usize, usize)>>,
        callers: &'a HashMap<(usize, usize), Vec<(usize, usize)>>,
        fields: &'a Fields,
    ) -> Graph<'a> {
        let mut sink_ranges = Vec::new();
        let mut sink_numbers = Vec::new();
        let mut edges_from = Vec::new();
        let mut field_edges = Vec::new();
        for file in &index.files {
            let mut ranges = Vec::new();
            let mut numbers = HashMap::new();
            let mut from: HashMap<Origin, Vec<&EdgeRecord>> = HashMap::new();
            let mut by_field: HashMap<usize, Vec<&EdgeRecord>> = HashMap::new();
            for edge in file.edges(rule) {
                if let Target::Sink(range) = &edge.to {
                    numbers.entry(range.clone()).or_insert_with(|| {
                        ranges.push(range.clone());
                        ranges.len() - 1
                    });
                }
                from.entry(edge.from).or_default().push(edge);
                if let Origin::Field(field, _) = edge.from {
                    by_field.entry(field).or_default().push(edge);
                }
            }
            sink_ranges.push(ranges);
            sink_numbers.push(numbers);
            edges_from.push(from);
            field_edges.push(by_field);
        }
        Graph {
            index,
            rule,
            callees,
            callers,
            sink_ranges,
            sink_numbers,
            edges_from,
            field_edges,
            fields,
        }
    }

    fn target(&self, file: usize, to: &Target) -> Node {
        match to {
            Target::Sink(range) => Node::Sink(file, self.sink_numbers[file][range]),
            Target::Argument(call, position) => Node::Argument(file, *call, *position),
            Target::Return(function) => Node::Return(file, *function),
            Target::Field(field) => Node::Field(self.fields.ids[file][*field]),
        }
    }

    /// Every node a source reaches; with `open`, also what a parameter of a function no call
    /// was seen of reaches (its callers are outside the scan).
    fn propagate(&self, open: bool) -> Reached<'a> {
        let mut frontier = Frontier {
            reached: HashMap::new(),
            origins: HashMap::new(),
            queue: VecDeque::new(),
        };
        for (f, file) in self.index.files.iter().enumerate() {
            // The open walk asks only what is reached: one origin for all.
            let origin = if open { 0 } else { f };
            for edge in file.edges(self.rule) {
                if edge.from == Origin::Source {
                    let start = (self.target(f, &edge.to), origin);
                    frontier.reach(start, None, &edge.steps, 0);
                }
            }
            if open {
                // A value handed over by address may have been filled by calls not followed.
                for (c, call) in file.calls.iter().enumerate() {
                    for (position, by_address) in call.by_address.iter().enumerate() {
                        if *by_address {
                            frontier.reach((Node::Argument(f, c, position), 0), None, &[], 0);
                        }
                    }
                }
                for (k, function) in file.functions.iter().enumerate() {
                    if !self.callers.contains_key(&(f, k)) {
                        for position in 0..function.parameters {
                            frontier.reach((Node::Parameter(f, k, position), 0), None, &[], 0);
                        }
                    }
                }
            }
        }
        while let Some((node, origin, depth)) = frontier.queue.pop_front() {
            match node {
                Node::Argument(f, c, position) => {
                    for (g, k) in self.callees.get(&(f, c)).into_iter().flatten() {
                        let into = Node::Parameter(*g, *k, position);
                        frontier.reach((into, origin), Some(node), &[], depth + 1);
                        // The call's result, when the callee returns what it was given here.
                        for edge in self.from(*g, Origin::Parameter(*k, position)) {
                            if edge.to == Target::Return(*k) {
                                let into = Node::Result(f, c);
                                frontier.reach((into, origin), Some(node), &edge.steps, depth + 1);
                            }
                        }
                    }
                }
                Node::Parameter(g, k, position) => {
                    for edge in self.from(g, Origin::Parameter(k, position)) {
                        // What reaches the return value is followed per call (above).
                        if edge.to != Target::Return(k) {
                            let into = self.target(g, &edge.to);
                            frontier.reach((into, origin), Some(node), &edge.steps, depth);
                        }
                    }
                }
                Node::Return(g, k) => {
                    // Returned whatever the arguments: every call's result.
                    for (f, c) in self.callers.get(&(g, k)).into_iter().flatten() {
                        frontier.reach((Node::Result(*f, *c), origin), Some(node), &[], depth + 1);
                    }
                }
                Node::Result(f, c) => {
                    for edge in self.from(f, Origin::Result(c)) {
                        let into = self.target(f, &edge.to);
                        frontier.reach((into, origin), Some(node), &edge.steps, depth);
                    }
                }
                Node::Field(id) => {
                    // Every function that reads the field, in any file that names it, unless
                    // each of its callers has just stored a constant there.
                    for (f, field) in &self.fields.readers[id] {
                        let edges = self.field_edges[*f].get(field).into_iter().flatten();
                        for edge in edges {
                            let Origin::Field(_, reader) = edge.from else {
                                continue;
                            };
                            if self.overwritten_by_every_caller(*f, reader, id) {
                                continue;
                            }
                            let into = self.target(*f, &edge.to);
                            frontier.reach((into, origin), Some(node), &edge.steps, depth + 1);
                        }
                    }
                }
                Node::Sink(..) => {}
            }
        }
        frontier.reached
    }

    /// The rule's edges of file `f` that start at `origin`, in the file's order.
    fn from(&self, f: usize, origin: Origin) -> impl Iterator<Item = &'a EdgeRecord> + '_ {
        self.edges_from[f]
            .get(&origin)
            .into_iter()
            .flatten()
            .copied()
    }

    /// Whether every call seen of function `k` of file `f` comes right after its caller stored
    /// a constant in the field numbered `id` (false when no call was seen).
    fn overwritten_by_every_caller(&self, f: usize, k: usize, id: usize) -> bool {
        let Some(callers) = self.callers.get(&(f, k)) else {
            return false;
        };
        callers.iter().all(|(g, c)| {
            self.index.files[*g].calls[*c]
                .overwritten
                .iter()
                .any(|field| self.fields.ids[*g][*field] == id)
        })
    }

    /// The steps from where the flow starts to `node`, in order.
    fn path(&self, reached: &Reached<'_>, (node, origin): (Node, usize)) -> Vec<FlowStep> {
        let mut pieces: Vec<&[FlowStep]> = Vec::new();
        let mut current = node;
        while let Some((from, steps)) = reached.get(&(current, origin)) {
            pieces.push(steps);
            match from {
                Some(from) => current = *from,
                None => break,
            }
        }
        pieces.into_iter().rev().flatten().cloned().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(path: &str, rules: &[(usize, usize)]) -> FileRecord {
        let edge = EdgeRecord {
            from: Origin::Source,
            to: Target::Return(0),
            steps: Vec::new(),
        };
        let mut record = FileRecord {
            path: path.to_string(),
            ..FileRecord::default()
        };
        for (rule, count) in rules {
            record.by_rule.insert(
                *rule,
                RuleRecord {
                    edges: vec![edge.clone(); *count],
                    shares: false,
                    complete: true,
                },
            );
        }
        record
    }

    #[test]
    fn past_the_bound_the_rule_with_most_edges_gives_its_up_and_the_others_stay() {
        let mut index = Index::default();
        assert!(index.add(file("a.c", &[(1, MAX_EDGES / 2), (2, 10)])));
        assert!(index.add(file("b.c", &[(1, MAX_EDGES / 2), (2, 10)])));
        assert!(!index.full, "the index still takes summaries");
        assert_eq!(index.shed, BTreeSet::from([1]));
        assert_eq!(index.edges, 20, "only rule 2's edges are held");
        for stored in &index.files {
            assert!(!stored.by_rule[&1].complete && stored.by_rule[&1].edges.is_empty());
            assert_eq!(stored.by_rule[&2].edges.len(), 10);
        }
        // A later file's edges of the rule given up are not taken either.
        assert!(index.add(file("c.c", &[(1, 5), (2, 1)])));
        assert_eq!(index.edges, 21);
    }

    #[test]
    fn when_no_rule_holds_an_eighth_of_the_bound_the_index_is_full() {
        let mut index = Index::default();
        let rules: Vec<(usize, usize)> = (0..10).map(|r| (r, MAX_EDGES / 10)).collect();
        assert!(index.add(file("a.c", &rules)));
        assert!(!index.add(file("b.c", &[(11, MAX_EDGES / 20)])));
        assert!(index.full);
        assert!(index.shed.is_empty());
    }
}
