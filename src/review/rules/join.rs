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
//! Memory is bounded: the edges' steps (locations, messages, the lines they show) are written out
//! to an unnamed temporary file as each file is added, each message and line once per file, and
//! read back only for the flows the join reports (see [`Spill`], [`StepWriter`]), so what the
//! index holds of an edge is its two ends, in 28 bytes; the names of calls, functions and fields
//! are numbered, each kept once (see [`calls`]). Past [`MAX_EDGES`] edges, the rule holding the
//! most edges gives its up (its flows across functions are not followed, and the matches pending
//! on its sinks stand), so that one rule whose values reach everywhere (numbers from input) does
//! not leave every other rule's pending matches undecided. When no rule holds an eighth of the
//! bound, the index takes no more summaries, joins what it has, and keeps every pending match (an
//! incomplete view closes nothing).

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::io::{Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::sync::Mutex;

use rayon::prelude::*;

use super::taint::summary::{CallSite, Field, Function, Origin, Target};
use crate::model::{Finding, FlowStep, Joined};
use crate::review::rules::RangeMap;

pub(crate) mod again;
mod calls;
mod numbers;
pub(crate) mod saved;

pub(crate) use again::{Loader, Reread};
use calls::{Call, KeptField, KeptFunction, Names};
use numbers::{Numbers, Places, Sinks};

/// Most edges the index holds (11 MB of them at worst: their steps are on disk).
pub(crate) const MAX_EDGES: usize = 400_000;

/// Most calls a joined flow goes through before the join stops following it.
const MAX_DEPTH: usize = 64;

/// Most files whose sources one place is followed from, each apart: a helper that runs what it
/// is given (`IO.writeLine(s)`, `run(cmd)`) is reported once per file whose sources reach it,
/// each finding with the flow from that file, rather than once for the first file found.
const MAX_ORIGINS: usize = 64;
// Counted in a byte per node (see `Frontier::origins`).
const _: () = assert!(MAX_ORIGINS < u8::MAX as usize);

/// Most places reached in one rule's walk, over all origins, counting only the places the walk
/// goes through (those leading to a sink a finding is ready for); past it a place is followed
/// from the first file that reaches it only (as many places as a repository at the edge bound
/// has).
const MAX_REACHED: usize = 2 * MAX_EDGES;

/// One edge of a file, with where its steps are: its two ends as 32-bit numbers and a byte of
/// kinds, 28 bytes rather than the 56 of an [`Origin`], a [`Target`] and [`Steps`], since the
/// index holds up to [`MAX_EDGES`] of them for the whole scan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct EdgeRecord {
    from: [u32; 2],
    to: [u32; 2],
    steps: Steps,
    /// The origin's kind in the low two bits, the target's in the next two.
    kinds: u8,
}

const _: () = assert!(std::mem::size_of::<EdgeRecord>() <= 28);

impl EdgeRecord {
    /// The edge from `from` to `to`, its steps at `steps`; `None` when a number does not fit in
    /// 32 bits (a sink more than 4 GiB into its file), and the edge is left out.
    pub(crate) fn new(from: Origin, to: &Target, steps: Steps) -> Option<EdgeRecord> {
        let n = |n: usize| u32::try_from(n).ok();
        let (origin, from) = match from {
            Origin::Source => (0, [0, 0]),
            Origin::Parameter(function, position) => (1, [n(function)?, n(position)?]),
            Origin::Result(call) => (2, [n(call)?, 0]),
            Origin::Field(field, function) => (3, [n(field)?, n(function)?]),
        };
        let (target, to) = match to {
            Target::Sink(range) => (0, [n(range.start)?, n(range.end)?]),
            Target::Argument(call, position) => (1, [n(*call)?, n(*position)?]),
            Target::Return(function) => (2, [n(*function)?, 0]),
            Target::Field(field) => (3, [n(*field)?, 0]),
        };
        Some(EdgeRecord {
            from,
            to,
            steps,
            kinds: origin | target << 2,
        })
    }

    pub(crate) fn from(&self) -> Origin {
        let [a, b] = self.from.map(|n| n as usize);
        match self.kinds & 0b11 {
            0 => Origin::Source,
            1 => Origin::Parameter(a, b),
            2 => Origin::Result(a),
            _ => Origin::Field(a, b),
        }
    }

    pub(crate) fn to(&self) -> Target {
        let [a, b] = self.to.map(|n| n as usize);
        match self.kinds >> 2 & 0b11 {
            0 => Target::Sink(a..b),
            1 => Target::Argument(a, b),
            2 => Target::Return(a),
            _ => Target::Field(a),
        }
    }
}

/// Where an edge's steps are among its file's (see [`FileRecord::steps`]): none when empty.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Steps {
    at: u32,
    len: u32,
}

/// A file's steps as they are written out: each message and each text once, however many
/// steps show it (every edge through a line shows that line: 14 times over on libxml2's
/// largest file), and each step as six 32-bit numbers: where it is, and where its message and
/// its text are.
#[derive(Debug, Default)]
pub(crate) struct StepWriter {
    bytes: Vec<u8>,
    /// Where each message or text written so far is.
    written: FastMap<String, u32>,
    /// Per place of the file a step was at (its bytes): its location's four numbers and where
    /// its text is, so that a place many edges go through is shown once (see
    /// [`StepWriter::write_at`]).
    places: FastMap<Range<usize>, Shown>,
    /// The records of the steps being written, kept from one edge to the next: a vector of
    /// their own for each edge grew four times on average.
    records: Vec<u8>,
}

/// A place's location (its four numbers) and where its text is.
type Shown = ([u32; 4], u32);

/// The bytes of a step: four numbers of its location, and where its message and text are.
const STEP: usize = 6 * 4;

impl StepWriter {
    /// [`StepWriter::write_at`] for steps already shown: the same records.
    #[cfg(test)]
    pub(crate) fn write(&mut self, steps: &[FlowStep]) -> Steps {
        self.write_with(|writer, records| {
            for step in steps {
                let shown = (writer.numbers(&step.location)?, writer.string(&step.text)?);
                writer.record(shown, &step.message, records)?;
            }
            Some(())
        })
    }

    /// Writes `steps`, each the bytes of the file it is at and its message: where they are
    /// among the file's. `show` gives the location and text of a place, asked once per place
    /// however many steps are there. None (the edge keeps no steps) when a number does not fit
    /// in 32 bits: a file of more than 4 GiB, or of its steps.
    pub(crate) fn write_at<'m>(
        &mut self,
        steps: impl IntoIterator<Item = (&'m Range<usize>, &'m str)>,
        mut show: impl FnMut(&Range<usize>) -> (crate::model::Location, String),
    ) -> Steps {
        self.write_with(|writer, records| {
            for (bytes, message) in steps {
                let shown = match writer.places.get(bytes) {
                    Some(shown) => *shown,
                    None => {
                        let (location, text) = show(bytes);
                        let shown = (writer.numbers(&location)?, writer.string(&text)?);
                        writer.places.insert(bytes.clone(), shown);
                        shown
                    }
                };
                writer.record(shown, message, records)?;
            }
            Some(())
        })
    }

    /// Writes the records `write` makes; on `None`, takes back all it wrote: the messages and
    /// texts, and the places shown with a text it wrote (a place whose text was written before
    /// stays, as its text does).
    fn write_with(
        &mut self,
        write: impl FnOnce(&mut StepWriter, &mut Vec<u8>) -> Option<()>,
    ) -> Steps {
        let rollback = self.bytes.len();
        let mut records = std::mem::take(&mut self.records);
        records.clear();
        let written = write(self, &mut records).and_then(|()| {
            let at = u32::try_from(self.bytes.len()).ok()?;
            let len = u32::try_from(records.len()).ok()?;
            self.bytes.extend_from_slice(&records);
            u32::try_from(self.bytes.len()).ok()?;
            Some(Steps { at, len })
        });
        self.records = records;
        written.unwrap_or_else(|| {
            self.bytes.truncate(rollback);
            self.written.retain(|_, at| (*at as usize) < rollback);
            self.places
                .retain(|_, (_, text)| (*text as usize) < rollback);
            Steps::default()
        })
    }

    /// The four numbers of `location`, if each fits in 32 bits.
    fn numbers(&self, location: &crate::model::Location) -> Option<[u32; 4]> {
        Some([
            u32::try_from(location.start_line).ok()?,
            u32::try_from(location.start_column).ok()?,
            u32::try_from(location.end_line).ok()?,
            u32::try_from(location.end_column).ok()?,
        ])
    }

    /// Adds to `records` a step shown at `shown`, with `message`.
    fn record(&mut self, shown: Shown, message: &str, records: &mut Vec<u8>) -> Option<()> {
        let (location, text) = shown;
        let message = self.string(message)?;
        for number in location.into_iter().chain([message, text]) {
            records.extend_from_slice(&number.to_le_bytes());
        }
        Some(())
    }

    /// Where `text` is: its length then its bytes, written the first time it is asked for.
    fn string(&mut self, text: &str) -> Option<u32> {
        if let Some(at) = self.written.get(text) {
            return Some(*at);
        }
        let at = u32::try_from(self.bytes.len()).ok()?;
        let len = u32::try_from(text.len()).ok()?;
        self.bytes.extend_from_slice(&len.to_le_bytes());
        self.bytes.extend_from_slice(text.as_bytes());
        self.written.insert(text.to_string(), at);
        Some(at)
    }

    /// The file's steps, for the index's [`Spill`].
    pub(crate) fn finish(self) -> Vec<u8> {
        self.bytes
    }
}

impl Steps {
    /// The steps [`StepWriter::write_at`] wrote, from their records `bytes`, in the file at `path`,
    /// with `string` giving the message or text written at a place; `None` if they are not
    /// whole.
    fn read(
        bytes: &[u8],
        path: &str,
        string: impl Fn(u32) -> Option<String>,
    ) -> Option<Vec<FlowStep>> {
        if !bytes.len().is_multiple_of(STEP) {
            return None;
        }
        let mut steps = Vec::with_capacity(bytes.len() / STEP);
        for record in bytes.chunks_exact(STEP) {
            let mut numbers = record
                .chunks_exact(4)
                .map(|n| u32::from_le_bytes([n[0], n[1], n[2], n[3]]));
            let mut number = || numbers.next();
            let location = crate::model::Location {
                path: path.to_string(),
                start_line: number()? as usize,
                start_column: number()? as usize,
                end_line: number()? as usize,
                end_column: number()? as usize,
            };
            let message = string(number()?)?;
            let text = string(number()?)?;
            steps.push(FlowStep {
                location,
                message,
                text,
            });
        }
        Some(steps)
    }
}

/// Where the index keeps its files' steps: an unnamed temporary file, gone when the scan ends
/// however it ends, so that memory does not grow with the repository; in memory where no
/// temporary file can be made or written.
#[derive(Debug, Default)]
struct Spill {
    file: Option<Mutex<std::fs::File>>,
    /// Bytes written to the file.
    written: u64,
    /// No temporary file could be made: not tried again.
    unavailable: bool,
    memory: Vec<u8>,
}

/// Where a file's steps went, and how many bytes they are: a read past them is none (the
/// steps' own numbers come from a summaries file too, which is untrusted).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) enum Kept {
    #[default]
    Nowhere,
    Disk(u64, usize),
    Memory(usize, usize),
}

impl Spill {
    fn keep(&mut self, bytes: &[u8]) -> Kept {
        if bytes.is_empty() {
            return Kept::Nowhere;
        }
        if self.file.is_none() && !self.unavailable {
            match tempfile::tempfile() {
                Ok(file) => self.file = Some(Mutex::new(file)),
                Err(_) => self.unavailable = true,
            }
        }
        if let Some(file) = &self.file {
            let mut file = file.lock().unwrap_or_else(|e| e.into_inner());
            let at = self.written;
            let wrote = file
                .seek(SeekFrom::Start(at))
                .and_then(|_| file.write_all(bytes));
            if wrote.is_ok() {
                self.written += bytes.len() as u64;
                return Kept::Disk(at, bytes.len());
            }
            // A full disk: what is already written stays readable, the rest goes to memory.
            drop(file);
            self.unavailable = true;
        }
        let at = self.memory.len();
        self.memory.extend_from_slice(bytes);
        Kept::Memory(at, bytes.len())
    }

    /// The message or text [`StepWriter`] wrote at `at` among the steps of a file that went to
    /// `kept`.
    fn string(&self, kept: Kept, at: u32) -> Option<String> {
        let head = self.read(kept, Steps { at, len: 4 })?;
        let len = u32::from_le_bytes(head.try_into().ok()?);
        let bytes = self.read(
            kept,
            Steps {
                at: at.checked_add(4)?,
                len,
            },
        )?;
        String::from_utf8(bytes).ok()
    }

    /// The `len` bytes kept at `at` of a file whose steps went to `kept`.
    fn read(&self, kept: Kept, Steps { at, len }: Steps) -> Option<Vec<u8>> {
        let (at, len) = (at as usize, len as usize);
        let within = |size: usize| at.checked_add(len).is_some_and(|end| end <= size);
        match kept {
            Kept::Nowhere => None,
            Kept::Memory(base, size) => within(size)
                .then(|| self.memory.get(base + at..base + at + len))
                .flatten()
                .map(<[u8]>::to_vec),
            Kept::Disk(base, size) => {
                if !within(size) {
                    return None;
                }
                let mut file = self
                    .file
                    .as_ref()?
                    .lock()
                    .unwrap_or_else(|e| e.into_inner());
                let mut bytes = vec![0; len];
                file.seek(SeekFrom::Start(base + at as u64)).ok()?;
                file.read_exact(&mut bytes).ok()?;
                Some(bytes)
            }
        }
    }
}

/// A match that the join decides: a pattern rule's, with the (taint rule, sink) pairs of which
/// one must be open for it to stand; or a leak's, with the (call, argument position) pairs its
/// memory was lent to, of which none may keep it.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct Pending {
    pub(crate) finding: Finding,
    pub(crate) sinks: Vec<(usize, Range<usize>)>,
    pub(crate) lent: Vec<(usize, usize)>,
}

/// One taint rule's edges in a file (see `engine::RuleEdges`).
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
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
    /// Its functions, calls and fields as the summary gives them: handed to the index's
    /// [`Names`] when the file is added.
    pub(crate) functions: Vec<Function>,
    pub(crate) calls: Vec<CallSite>,
    /// The fields and globals its functions write or read.
    pub(crate) fields: Vec<Field>,
    /// Its functions, calls and fields as the index keeps them.
    pub(crate) kept_functions: Vec<KeptFunction>,
    pub(crate) kept_calls: Vec<Call>,
    pub(crate) kept_fields: Vec<KeptField>,
    /// Per taint rule with roles in the file: its edges.
    pub(crate) by_rule: BTreeMap<usize, RuleRecord>,
    /// The edges of every other taint rule.
    pub(crate) shared: Option<Vec<EdgeRecord>>,
    /// The finding each (taint rule, sink) reached from a parameter or a result would be,
    /// without its flow.
    pub(crate) sinks: HashMap<(usize, Range<usize>), Finding>,
    /// The file's pattern matches that the join decides.
    pub(crate) pending: Vec<Pending>,
    /// Its edges' steps (see [`Steps`]): handed to the index's [`Spill`] when the file is added.
    pub(crate) steps: Vec<u8>,
    /// Where the index put them.
    pub(crate) kept: Kept,
    /// Summaries made in a first pass, to be made whole when the join goes into the file: where
    /// to read it again (see [`again`]).
    pub(crate) reread: Option<Reread>,
}

impl FileRecord {
    /// The rule's own edges and the shared ones it takes: none where its summary is incomplete.
    fn rule_edges(&self, rule: usize) -> (&[EdgeRecord], &[EdgeRecord]) {
        let shared = self.shared.as_deref().unwrap_or(&[]);
        match self.by_rule.get(&rule) {
            Some(record) if !record.complete => (&[], &[]),
            Some(record) if record.shares => (&record.edges, shared),
            Some(record) => (&record.edges, &[]),
            None => (&[], shared),
        }
    }

    fn edges(&self, rule: usize) -> impl Iterator<Item = &EdgeRecord> {
        let (own, shared) = self.rule_edges(rule);
        own.iter().chain(shared)
    }

    /// The rule's edges from `origin`, in the file's order. A field's edges are those of any
    /// reader of it (see [`start`]): the caller picks the reader.
    fn edges_from(&self, rule: usize, origin: Origin) -> impl Iterator<Item = &EdgeRecord> {
        let (kind, at, position) = start(origin);
        self.edges_starting(rule, (kind, at, position)..(kind, at, position + 1))
    }

    /// The rule's edges whose [`start`] is within `keys`, in the file's order.
    fn edges_starting(
        &self,
        rule: usize,
        keys: Range<(u8, usize, usize)>,
    ) -> impl Iterator<Item = &EdgeRecord> {
        let (own, shared) = self.rule_edges(rule);
        starting(own, keys.clone())
            .iter()
            .chain(starting(shared, keys))
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
    spill: Spill,
    names: Names,
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
    /// Adds a file's summary; past the bound the file is left out and its pending matches
    /// given back: they are then the caller's to report.
    pub(crate) fn add(&mut self, mut file: FileRecord) -> Result<(), Vec<Pending>> {
        if self.full {
            return Err(file.pending);
        }
        if !self.fit(&mut file) {
            self.full = true;
            return Err(file.pending);
        }
        self.keep(&mut file);
        self.files.push(file);
        Ok(())
    }

    /// Hands `file`'s functions, calls and fields to the index's names (see [`FileRecord`]).
    fn keep(&mut self, file: &mut FileRecord) {
        let functions = std::mem::take(&mut file.functions).into_iter();
        file.kept_functions = functions.map(|f| self.names.function(f)).collect();
        let calls = std::mem::take(&mut file.calls).into_iter();
        file.kept_calls = calls.map(|site| self.names.call(site)).collect();
        let fields = std::mem::take(&mut file.fields);
        file.kept_fields = fields.iter().map(|field| self.names.field(field)).collect();
        // Collected in place, the vectors would keep the summary's larger allocations.
        file.kept_functions.shrink_to_fit();
        file.kept_calls.shrink_to_fit();
    }

    /// Counts `file`'s edges in, past the bound giving up those of the rule with the most
    /// (see [`Index::add`]), and keeps its steps; `false` when no rule holds an eighth of the
    /// bound: the index takes no more edges.
    fn fit(&mut self, file: &mut FileRecord) -> bool {
        for rule in &self.shed {
            shed_from(file, *rule);
        }
        loop {
            let count = file.edge_count();
            if self.edges + count <= MAX_EDGES {
                self.count_in(file);
                file.kept = self.spill.keep(&std::mem::take(&mut file.steps));
                // Sorted by where they start, each node's edges are found by a binary search:
                // the join indexes no edge of its own (a stable sort: the file's order stays).
                for record in file.by_rule.values_mut() {
                    record.edges.sort_by_key(|edge| start(edge.from()));
                }
                if let Some(shared) = &mut file.shared {
                    shared.sort_by_key(|edge| start(edge.from()));
                }
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
                return false;
            };
            self.shed.insert(rule);
            self.edges -= self.held.remove(&rule).unwrap_or(0);
            for stored in &mut self.files {
                shed_from(stored, rule);
            }
            shed_from(file, rule);
        }
    }

    /// Counts `file`'s edges in the index's: all of them, and each rule's own.
    fn count_in(&mut self, file: &FileRecord) {
        for (rule, record) in &file.by_rule {
            *self.held.entry(*rule).or_default() += record.edges.len();
        }
        self.edges += file.edge_count();
    }

    /// Counts the edges of the index's file `f` out of the index's (see [`Index::count_in`]); a
    /// rule given up holds none.
    fn count_out(&mut self, f: usize) {
        let file = &self.files[f];
        for (rule, record) in &file.by_rule {
            if let Some(held) = self.held.get_mut(rule) {
                *held -= record.edges.len();
            }
        }
        self.edges -= file.edge_count();
    }

    /// Joins every summary: the flows across functions, and the pending matches that stand.
    /// `whole` says every file of the scan was summarized; otherwise no pending match is closed.
    /// Files summarized in a first pass are read again with `loader` where the walks go into
    /// them (see [`again`]).
    pub(crate) fn join(mut self, whole: bool, loader: Option<Loader<'_>>) -> Vec<Joined> {
        // Files came in the order the workers finished them: sorted, the flows chosen are the
        // same on every run.
        self.files.sort_by(|a, b| a.path.cmp(&b.path));
        let callees = self.resolve();
        let fields = self.fields();
        // In the files' order: the walk follows a function's callers in this order, and the
        // flow it reports must be the same on every run.
        let callers = callees.inverted(self.files.iter().map(|file| file.kept_functions.len()));
        let links = Linked {
            callees: &callees,
            callers: &callers,
            fields: &fields,
        };
        if let Some(loader) = loader {
            self.read_again(whole, loader, &links);
        }
        let whole = whole && !self.full;
        let shed = std::mem::take(&mut self.shed);
        let numbers = Numbers::new(&self.files, fields.readers.len());
        let rules: HashSet<usize> = self
            .files
            .iter()
            .flat_map(|f| f.by_rule.keys().copied())
            .collect();
        let mut rules: Vec<usize> = rules.into_iter().filter(|r| !shed.contains(r)).collect();
        rules.sort_unstable();
        // A rule's walk from the sources finds only the sinks that some file has a finding
        // ready for (a sink a parameter or a result reaches), and its open walk decides only
        // the pending matches that name it: a rule with neither is not walked.
        let mut reported: HashSet<usize> = HashSet::new();
        let mut asked: HashSet<usize> = HashSet::new();
        for file in &self.files {
            reported.extend(file.sinks.keys().map(|(rule, _)| *rule));
            let pending = file.pending.iter().flat_map(|p| &p.sinks);
            asked.extend(pending.map(|(rule, _)| *rule));
        }
        rules.retain(|rule| reported.contains(rule) || (whole && asked.contains(rule)));
        // Each rule's graph is its own: the rules are joined on every worker at once, and
        // their findings taken in the rules' order, as one worker would give them.
        let this = &self;
        let joined: Vec<(Vec<Joined>, Vec<OpenSink>)> = rules
            .par_iter()
            .map(|&rule| {
                let mut out = Vec::new();
                let mut open_sinks = Vec::new();
                let graph = Graph::new(this, rule, &links, &numbers);
                // The walk from the sources goes only through the places that lead to a sink
                // some file has a finding ready for: no other sink is reported.
                let ready = this.files.iter().enumerate().flat_map(|(f, file)| {
                    let ready = file.sinks.keys().filter(|(ready, _)| *ready == rule);
                    ready.map(move |(_, range)| (f, range))
                });
                let tainted = match graph.sinks(ready) {
                    Some(leading) => graph.propagate(false, leading).reached,
                    None => Reached::default(),
                };
                let mut reached: Vec<(Node, usize)> = tainted
                    .keys()
                    .filter_map(|key| {
                        let (number, origin) = unkey(*key);
                        let (file, sink) = graph.places.sinks.sink(number)?;
                        Some((Node::Sink(file, sink), origin as usize))
                    })
                    .collect();
                reached.sort_unstable();
                for key in reached {
                    if let (Node::Sink(file, sink), _) = key {
                        let record = &this.files[file];
                        let range = graph.sink_ranges[file][sink].clone();
                        let Some(template) = record.sinks.get(&(rule, range)) else {
                            continue;
                        };
                        let mut finding = template.clone();
                        finding.flow = graph.path(&tainted, key);
                        out.push(Joined {
                            finding,
                            uri: record.uri.clone(),
                        });
                    }
                }
                // One walk's map at a time.
                drop(tainted);
                // The open walk goes only through the places that lead to the sinks pending
                // matches ask about: found going back from those sinks, a few files' worth, not
                // every place a parameter of a function no call was seen of reaches.
                if whole && asked.contains(&rule) {
                    let asked = this.files.iter().enumerate().flat_map(|(f, file)| {
                        let asked = file.pending.iter().flat_map(|p| &p.sinks);
                        let asked = asked.filter(|(asked, _)| *asked == rule);
                        asked.map(move |(_, range)| (f, range))
                    });
                    let open = match graph.sinks(asked) {
                        Some(leading) => graph.propagate(true, leading).seen,
                        None => Vec::new(),
                    };
                    for number in graph.places.sinks.numbers() {
                        let Some((file, sink)) = graph.places.sinks.sink(number) else {
                            continue;
                        };
                        if open.get(number as usize).is_some_and(|seen| *seen) {
                            let range = graph.sink_ranges[file][sink].clone();
                            open_sinks.push((rule, file, range));
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
    fn keeps(&self, callees: &Links, file: usize, call: usize, position: usize) -> bool {
        let mut seen: HashSet<(usize, usize, usize)> = HashSet::new();
        let mut stack = vec![(file, call, position, 0)];
        while let Some((file, call, position, depth)) = stack.pop() {
            if !seen.insert((file, call, position)) {
                continue;
            }
            if depth > MAX_DEPTH {
                return true;
            }
            if !callees.has(file, call) {
                // Not the repository's: the library's, or not resolved.
                return true;
            }
            for (g, k) in callees.get(file, call) {
                let Some(keeping) = self.files[g].kept_functions[k].keeps.get(position) else {
                    return true;
                };
                if keeping.kept {
                    return true;
                }
                for (inner, at) in &keeping.through {
                    stack.push((g, *inner, *at, depth + 1));
                }
            }
        }
        false
    }

    /// The repository's number of each file's fields (the same name is one field, unless it is
    /// private to its file), and per number the (file, field) pairs that name it.
    fn fields(&self) -> Fields {
        let mut numbers: HashMap<(Option<usize>, calls::Name), usize> = HashMap::new();
        let mut ids = Vec::new();
        let mut readers: Vec<Vec<(usize, usize)>> = Vec::new();
        for (f, file) in self.files.iter().enumerate() {
            let mut of_file = Vec::new();
            for (i, field) in file.kept_fields.iter().enumerate() {
                let key = (field.private.then_some(f), field.name);
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
    fn resolve(&self) -> Links {
        // Functions by the number of their name: one no call names is called nowhere.
        let mut by_name: HashMap<calls::Name, Vec<(usize, usize)>> = HashMap::new();
        for (f, file) in self.files.iter().enumerate() {
            for (k, function) in file.kept_functions.iter().enumerate() {
                if self.names.called(function.name) {
                    by_name.entry(function.name).or_default().push((f, k));
                }
            }
        }
        let mut callees = Links::default();
        for (f, file) in self.files.iter().enumerate() {
            callees.open_file();
            for (c, call) in file.kept_calls.iter().enumerate() {
                let Some(named) = by_name.get(&call.name) else {
                    callees.push(c, []);
                    continue;
                };
                let fits = |(g, k): &(usize, usize)| {
                    let function = &self.files[*g].kept_functions[*k];
                    let arguments = call.arguments as usize;
                    let parameters = function.parameters();
                    let arity =
                        arguments == parameters || (function.variadic && arguments > parameters);
                    arity && (!function.private || *g == f)
                };
                let candidates: Vec<(usize, usize)> = named.iter().copied().filter(fits).collect();
                let class_of = |(g, k): &(usize, usize)| self.files[*g].kept_functions[*k].class;
                let chosen: Vec<(usize, usize)> = if call.unknown_receiver {
                    // A receiver whose class is not known: as often a library's object (a
                    // decoder's `decode`) as one of the repository's, so not resolved.
                    Vec::new()
                } else {
                    let in_class: Vec<(usize, usize)> = candidates
                        .iter()
                        .copied()
                        .filter(|c| call.class.is_some() && class_of(c) == call.class)
                        .collect();
                    if !in_class.is_empty() {
                        in_class
                    } else {
                        // A plain function: the file's own, else the only one elsewhere.
                        let free: Vec<(usize, usize)> = candidates
                            .iter()
                            .copied()
                            .filter(|(g, k)| self.files[*g].kept_functions[*k].class.is_none())
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
                callees.push(c, chosen);
            }
        }
        callees
    }
}

/// The order of edges by where they start: sources first, then parameters, results and
/// fields; a field's edges together whichever function reads it.
fn start(origin: Origin) -> (u8, usize, usize) {
    match origin {
        Origin::Source => (0, 0, 0),
        Origin::Parameter(function, position) => (1, function, position),
        Origin::Result(call) => (2, call, 0),
        Origin::Field(field, _) => (3, field, 0),
    }
}

/// The run of `edges` (sorted by [`start`]) that starts within `keys`.
fn starting(edges: &[EdgeRecord], keys: Range<(u8, usize, usize)>) -> &[EdgeRecord] {
    let first = edges.partition_point(|e| start(e.from()) < keys.start);
    let count = edges[first..].partition_point(|e| start(e.from()) < keys.end);
    &edges[first..first + count]
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

/// How each node was first reached from the sources of each file, by [`key`]: from which node
/// (by its number, [`NOWHERE`] for where a flow starts), with which steps. 24 bytes a node: the
/// map may hold [`MAX_REACHED`] of them.
type Reached = FastMap<u64, (u32, Piece)>;

/// No node: where a flow starts.
const NOWHERE: u32 = u32::MAX;

/// The key of [`Reached`]: a node's number (see [`numbers`]) and the number of the file whose
/// sources reached it (the same for every start of the open walk).
fn key(number: u32, origin: u32) -> u64 {
    u64::from(number) << 32 | u64::from(origin)
}

/// The node's number and the origin of a [`key`].
fn unkey(key: u64) -> (u32, u32) {
    ((key >> 32) as u32, key as u32)
}

/// The walk's maps hash small numbers, millions of times on a large tree: with foldhash rather
/// than SipHash, hashing and growing them costs a fraction. The numbers are the scan's own
/// (files, functions, calls), not chosen by the audited code, and the seed is random per map.
type FastMap<K, V> = HashMap<K, V, foldhash::fast::RandomState>;

/// Steps of the file numbered first.
type Piece = (u32, Steps);

/// No steps.
const NO_STEPS: Piece = (0, Steps { at: 0, len: 0 });

/// A [`Node`] as the walk's queue keeps it: a tag and three 32-bit numbers, half a [`Node`]'s
/// size, since the queue may hold hundreds of thousands of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Packed([u32; 4]);

/// A number of the join as 32 bits: files, functions, calls, positions and sinks are all far
/// fewer than 2^32 in a scan.
fn narrow(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl From<Node> for Packed {
    fn from(node: Node) -> Packed {
        let n = narrow;
        Packed(match node {
            Node::Parameter(a, b, c) => [0, n(a), n(b), n(c)],
            Node::Return(a, b) => [1, n(a), n(b), 0],
            Node::Argument(a, b, c) => [2, n(a), n(b), n(c)],
            Node::Result(a, b) => [3, n(a), n(b), 0],
            Node::Sink(a, b) => [4, n(a), n(b), 0],
            Node::Field(a) => [5, n(a), 0, 0],
        })
    }
}

impl Packed {
    fn node(self) -> Option<Node> {
        let [tag, a, b, c] = self.0.map(|n| n as usize);
        Some(match tag {
            0 => Node::Parameter(a, b, c),
            1 => Node::Return(a, b),
            2 => Node::Argument(a, b, c),
            3 => Node::Result(a, b),
            4 => Node::Sink(a, b),
            5 => Node::Field(a),
            _ => return None,
        })
    }
}

/// Links from each item of each file (its calls, or its functions) to items of files, as
/// (file, item): the calls' functions, and the other way the functions' calls. Three flat
/// arrays rather than a map of vectors, where an entry, its vector and their headers cost more
/// than a hundred bytes a resolved call.
#[derive(Debug, Default)]
struct Links {
    /// Per file, the number of its first item.
    firsts: Vec<usize>,
    /// Per item, in the files' order, where its links end in `to`; they start where the
    /// previous item's end.
    ends: Vec<u32>,
    to: Vec<(u32, u32)>,
}

impl Links {
    /// The next file's items follow.
    fn open_file(&mut self) {
        self.firsts.push(self.ends.len());
    }

    /// The links of the file's item `item`, which must be the one after the last pushed.
    fn push(&mut self, item: usize, to: impl IntoIterator<Item = (usize, usize)>) {
        let first = self.firsts.last().copied().unwrap_or_default();
        debug_assert_eq!(first + item, self.ends.len(), "items are pushed in order");
        self.to.extend(
            to.into_iter()
                .map(|(file, item)| (narrow(file), narrow(item))),
        );
        self.ends.push(narrow(self.to.len()));
    }

    /// The numbers of the file's items (none for a file past the last).
    fn items(&self, file: usize) -> Range<usize> {
        let Some(first) = self.firsts.get(file) else {
            return 0..0;
        };
        let next_file = self.firsts.get(file + 1);
        *first..next_file.copied().unwrap_or(self.ends.len())
    }

    /// Where the links of the item numbered `at` are in `to`.
    fn links_at(&self, at: usize) -> Range<usize> {
        let start = at
            .checked_sub(1)
            .map_or(0, |before| self.ends[before] as usize);
        start..self.ends[at] as usize
    }

    /// Where the item's links are in `to`: none for an item past the file's.
    fn span(&self, file: usize, item: usize) -> Range<usize> {
        let items = self.items(file);
        let at = items.start + item;
        if at < items.end {
            self.links_at(at)
        } else {
            0..0
        }
    }

    /// The item's links, in the order they were pushed.
    fn get(&self, file: usize, item: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.to[self.span(file, item)]
            .iter()
            .map(|(file, item)| (*file as usize, *item as usize))
    }

    fn has(&self, file: usize, item: usize) -> bool {
        !self.span(file, item).is_empty()
    }

    /// The links the other way, over files of `counts` items each: each item's in the order of
    /// the items linking to it.
    fn inverted(&self, counts: impl Iterator<Item = usize>) -> Links {
        let mut inverted = Links::default();
        let mut total = 0;
        for count in counts {
            inverted.firsts.push(total);
            total += count;
        }
        let firsts = &inverted.firsts;
        let at = |(file, item): (u32, u32)| firsts[file as usize] + item as usize;
        // Counted, then placed: each item's links end where the counts up to it add up.
        let mut ends = vec![0u32; total];
        for link in &self.to {
            ends[at(*link)] += 1;
        }
        let mut sum = 0;
        for end in &mut ends {
            sum += *end;
            *end = sum;
        }
        let mut next: Vec<u32> = std::iter::once(0).chain(ends.iter().copied()).collect();
        let mut to = vec![(0, 0); self.to.len()];
        for file in 0..self.firsts.len() {
            let items = self.items(file);
            for (item, number) in items.enumerate() {
                for link in &self.to[self.links_at(number)] {
                    let slot = &mut next[at(*link)];
                    to[*slot as usize] = (narrow(file), narrow(item));
                    *slot += 1;
                }
            }
        }
        inverted.ends = ends;
        inverted.to = to;
        inverted
    }
}

/// What the files' calls resolve to and the fields they name: the same in every rule's graph.
struct Linked<'a> {
    callees: &'a Links,
    callers: &'a Links,
    fields: &'a Fields,
}

/// One rule's edges over the whole index.
struct Graph<'a> {
    index: &'a Index,
    rule: usize,
    callees: &'a Links,
    callers: &'a Links,
    /// Per file: the sinks of its edges, numbered.
    sink_ranges: Vec<Vec<Range<usize>>>,
    sink_numbers: Vec<RangeMap<usize>>,
    fields: &'a Fields,
    /// Every node's number, the rule's sinks' included.
    places: Places<'a>,
    /// The files summarized in a first pass whose edges the walks asked for (see [`again`]),
    /// while `noting`.
    noted: std::cell::RefCell<BTreeSet<usize>>,
    noting: std::cell::Cell<bool>,
}

/// The fields and globals of the repository: per file, the number of each of its own; per
/// number, the (file, field) pairs that name it.
struct Fields {
    ids: Vec<Vec<usize>>,
    readers: Vec<Vec<(usize, usize)>>,
}

/// What a walk goes through (see [`Graph::leading_to`]): places by number, and the files that
/// hold one (or name a field that is one).
#[cfg_attr(test, derive(Clone))]
struct Leading {
    places: Vec<bool>,
    files: Vec<bool>,
}

/// The breadth-first walk of [`Graph::propagate`]: what is reached, and what is left to follow.
struct Frontier {
    reached: Reached,
    /// The places the walk goes through, by number (see [`Graph::leading_to`]).
    within: Vec<bool>,
    /// The open walk's: it asks only what is reached, from one origin for all.
    open: bool,
    /// The open walk's: what it reached, since it keeps neither how nor from where (a bit a
    /// node, by its number).
    seen: Vec<bool>,
    /// How many origins each node has been reached from (at most [`MAX_ORIGINS`]), by its
    /// number.
    origins: Vec<u8>,
    /// (node, origin, calls gone through), packed: on a large C tree the queue holds hundreds
    /// of thousands of nodes at once.
    queue: VecDeque<(Packed, u32, u32)>,
}

impl Frontier {
    /// Reaches `node`, numbered `number`, from `origin`'s sources, coming from the node
    /// numbered `from` ([`NOWHERE`] where a flow starts) with `steps`, through `depth` calls.
    fn reach(
        &mut self,
        (node, number, origin): (Node, u32, usize),
        from: u32,
        steps: Piece,
        depth: usize,
    ) {
        let queued = (Packed::from(node), narrow(origin), narrow(depth));
        if !self
            .within
            .get(number as usize)
            .is_some_and(|within| *within)
        {
            return;
        }
        if self.open {
            let Some(seen) = self.seen.get_mut(number as usize) else {
                return;
            };
            if depth <= MAX_DEPTH && !*seen {
                *seen = true;
                self.queue.push_back(queued);
            }
            return;
        }
        let key = key(number, narrow(origin));
        if depth > MAX_DEPTH || self.reached.contains_key(&key) {
            return;
        }
        let full = self.reached.len() >= MAX_REACHED;
        let Some(count) = self.origins.get_mut(number as usize) else {
            return;
        };
        if usize::from(*count) >= MAX_ORIGINS || (full && *count > 0) {
            return;
        }
        *count += 1;
        self.reached.insert(key, (from, steps));
        self.queue.push_back(queued);
    }
}

impl<'a> Graph<'a> {
    fn new(index: &'a Index, rule: usize, links: &Linked<'a>, numbers: &'a Numbers) -> Graph<'a> {
        let mut sink_ranges = Vec::new();
        let mut sink_numbers = Vec::new();
        for file in &index.files {
            // Numbered in the file's order of sinks, not of edges (which are sorted by where
            // they start): the joined findings come out in this order.
            let mut ranges: Vec<Range<usize>> = file
                .edges(rule)
                .filter_map(|edge| match edge.to() {
                    Target::Sink(range) => Some(range),
                    _ => None,
                })
                .collect();
            ranges.sort_unstable_by_key(|range| (range.start, range.end));
            ranges.dedup();
            let numbers: RangeMap<usize> = ranges
                .iter()
                .enumerate()
                .map(|(number, range)| (range.clone(), number))
                .collect();
            sink_ranges.push(ranges);
            sink_numbers.push(numbers);
        }
        let places = Places {
            numbers,
            sinks: Sinks::new(numbers, &sink_ranges),
        };
        Graph {
            index,
            rule,
            callees: links.callees,
            callers: links.callers,
            sink_ranges,
            sink_numbers,
            fields: links.fields,
            places,
            noted: Default::default(),
            noting: std::cell::Cell::new(true),
        }
    }

    /// File `f`, for its edges: noted when they were made in a first pass only.
    fn read(&self, f: usize) -> &'a FileRecord {
        let file = &self.index.files[f];
        if file.reread.is_some() && self.noting.get() {
            self.noted.borrow_mut().insert(f);
        }
        file
    }

    /// Every place and every file: a walk that goes through all.
    #[cfg(test)]
    fn everywhere(&self) -> Leading {
        Leading {
            places: vec![true; self.places.sinks.end() as usize],
            files: vec![true; self.index.files.len()],
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
    /// was seen of reaches (its callers are outside the scan). Going only through the places
    /// that lead to the sinks the walk is asked about, and starting only in the files that
    /// hold them (see [`Graph::leading_to`]).
    fn propagate(&self, open: bool, Leading { places, files }: Leading) -> Frontier {
        let count = self.places.sinks.end() as usize;
        let mut frontier = Frontier {
            reached: FastMap::default(),
            within: places,
            open,
            seen: if open { vec![false; count] } else { Vec::new() },
            origins: if open { Vec::new() } else { vec![0; count] },
            queue: VecDeque::new(),
        };
        for (f, file) in self.index.files.iter().enumerate() {
            if !files[f] {
                continue;
            }
            // The open walk asks only what is reached: one origin for all.
            let origin = if open { 0 } else { f };
            let mut sources = file.edges_from(self.rule, Origin::Source).peekable();
            if sources.peek().is_some() {
                // A first pass's edges from sources are those of its walks alone, which hold
                // them all only when the walks it left out end too.
                self.read(f);
            }
            for edge in sources {
                let start = (self.target(f, &edge.to()), origin);
                self.reach(&mut frontier, start, NOWHERE, (narrow(f), edge.steps), 0);
            }
            if open {
                // A value handed over by address may have been filled by calls not followed.
                for (c, call) in file.kept_calls.iter().enumerate() {
                    for position in call.by_address().iter().map(|p| *p as usize) {
                        self.reach(
                            &mut frontier,
                            (Node::Argument(f, c, position), 0),
                            NOWHERE,
                            NO_STEPS,
                            0,
                        );
                    }
                }
                for (k, function) in file.kept_functions.iter().enumerate() {
                    if !self.callers.has(f, k) {
                        for position in 0..function.parameters() {
                            self.reach(
                                &mut frontier,
                                (Node::Parameter(f, k, position), 0),
                                NOWHERE,
                                NO_STEPS,
                                0,
                            );
                        }
                    }
                }
            }
        }
        while let Some((node, origin, depth)) = frontier.queue.pop_front() {
            let Some(node) = node.node() else { continue };
            let from = self.places.number(node).unwrap_or(NOWHERE);
            let (origin, depth) = (origin as usize, depth as usize);
            match node {
                Node::Argument(f, c, position) => {
                    for (g, k) in self.callees.get(f, c) {
                        let into = Node::Parameter(g, k, position);
                        self.reach(&mut frontier, (into, origin), from, NO_STEPS, depth + 1);
                        // The call's result, when the callee returns what it was given here.
                        for edge in self.from(g, Origin::Parameter(k, position)) {
                            if edge.to() == Target::Return(k) {
                                let into = Node::Result(f, c);
                                let steps = (narrow(g), edge.steps);
                                self.reach(&mut frontier, (into, origin), from, steps, depth + 1);
                            }
                        }
                    }
                }
                Node::Parameter(g, k, position) => {
                    for edge in self.from(g, Origin::Parameter(k, position)) {
                        // What reaches the return value is followed per call (above).
                        if edge.to() != Target::Return(k) {
                            let into = self.target(g, &edge.to());
                            self.reach(
                                &mut frontier,
                                (into, origin),
                                from,
                                (narrow(g), edge.steps),
                                depth,
                            );
                        }
                    }
                }
                Node::Return(g, k) => {
                    // Returned whatever the arguments: every call's result.
                    for (f, c) in self.callers.get(g, k) {
                        let into = (Node::Result(f, c), origin);
                        self.reach(&mut frontier, into, from, NO_STEPS, depth + 1);
                    }
                }
                Node::Result(f, c) => {
                    for edge in self.from(f, Origin::Result(c)) {
                        let into = self.target(f, &edge.to());
                        self.reach(
                            &mut frontier,
                            (into, origin),
                            from,
                            (narrow(f), edge.steps),
                            depth,
                        );
                    }
                }
                Node::Field(id) => {
                    // Every function that reads the field, in any file that names it, unless
                    // each of its callers has just stored a constant there.
                    for (f, field) in &self.fields.readers[id] {
                        let edges = self
                            .read(*f)
                            .edges_from(self.rule, Origin::Field(*field, 0));
                        for edge in edges {
                            let Origin::Field(_, reader) = edge.from() else {
                                continue;
                            };
                            if self.overwritten_by_every_caller(*f, reader, id) {
                                continue;
                            }
                            let into = self.target(*f, &edge.to());
                            self.reach(
                                &mut frontier,
                                (into, origin),
                                from,
                                (narrow(*f), edge.steps),
                                depth + 1,
                            );
                        }
                    }
                }
                Node::Sink(..) => {}
            }
        }
        frontier
    }

    /// Reaches `node` from `origin`'s sources (see [`Frontier::reach`]); a node without a
    /// number (see [`numbers`]) is not followed.
    fn reach(
        &self,
        frontier: &mut Frontier,
        (node, origin): (Node, usize),
        from: u32,
        steps: Piece,
        depth: usize,
    ) {
        if let Some(number) = self.number(node) {
            frontier.reach((node, number, origin), from, steps, depth);
        }
    }

    /// The number of `node` (see [`numbers`]). A parameter or an argument past those its
    /// function or call names is numbered only where an edge goes through it: where the file's
    /// edges were made in a first pass, it has none yet, and the file is noted.
    fn number(&self, node: Node) -> Option<u32> {
        let number = self.places.number(node);
        if number.is_none() {
            if let Node::Parameter(f, ..) | Node::Argument(f, ..) = node {
                self.read(f);
            }
        }
        number
    }

    /// What leads to the sinks of `ranges`, as (file, range): see [`Graph::leading_to`]. A
    /// range that is no sink of the rule's edges (no edge reaches it) has nothing leading to it.
    fn sinks<'r>(
        &self,
        ranges: impl Iterator<Item = (usize, &'r Range<usize>)>,
    ) -> Option<Leading> {
        let sinks = ranges.filter_map(|(f, range)| {
            let number = self.sink_numbers[f].get(range)?;
            Some(Node::Sink(f, *number))
        });
        self.leading_to(sinks)
    }

    /// The places from which one of `sinks` may be reached: a walk asked about them need go
    /// through no other. Found going back from the sinks, through every edge into a place (a
    /// field's from every file that names it), every call of a function into its parameters,
    /// every callee into a call's result, and a call's arguments its callee returns into that
    /// result. Whatever leads to such a place is such a place, so a walk that goes only
    /// through them reaches each in the order, and through as many calls, as one through
    /// every place would, below the bound on places a rule's walk follows from several files
    /// ([`MAX_REACHED`], which then counts fewer: past it the walks differ, the one through
    /// fewer places keeping more origins and maybe other ways). `None` when no place leads
    /// there: nothing to walk.
    fn leading_to(&self, sinks: impl Iterator<Item = Node>) -> Option<Leading> {
        let mut sinks = sinks.peekable();
        sinks.peek()?;
        let mut within = vec![false; self.places.sinks.end() as usize];
        let mut files = vec![false; self.index.files.len()];
        // Per file, its edges by the number of the place they go into (built when first gone
        // into).
        let mut into: Vec<Option<Vec<(u32, Packed)>>> = Vec::new();
        into.resize_with(self.index.files.len(), || None);
        // What is left to go back from, packed: the sinks are taken one at a time, each once
        // what the one before led back to is gone through (what leads to any of them is the
        // same in any order), so the stack does not hold them all at once: a first pass's
        // sinks may be most of the places of a large tree.
        let mut stack: Vec<Packed> = Vec::new();
        loop {
            let node = match stack.pop() {
                Some(packed) => packed.node(),
                None if sinks.peek().is_none() => break,
                None => sinks.next(),
            };
            let Some(node) = node else { continue };
            let Some(number) = self.number(node) else {
                continue;
            };
            match within.get_mut(number as usize) {
                Some(seen) if !*seen => *seen = true,
                _ => continue,
            }
            match node {
                Node::Parameter(f, ..)
                | Node::Return(f, _)
                | Node::Argument(f, ..)
                | Node::Result(f, _)
                | Node::Sink(f, _) => files[f] = true,
                Node::Field(id) => {
                    for (f, _) in &self.fields.readers[id] {
                        files[*f] = true;
                    }
                }
            }
            let mut back = |f: usize, number: u32, stack: &mut Vec<Packed>| {
                let edges = into[f].get_or_insert_with(|| self.edges_into(f));
                let at = edges.partition_point(|(to, _)| *to < number);
                let to = edges[at..].iter().take_while(|(to, _)| *to == number);
                stack.extend(to.map(|(_, from)| *from));
            };
            match node {
                Node::Parameter(g, k, position) => {
                    let calls = self.callers.get(g, k);
                    let arguments = calls.map(|(f, c)| Node::Argument(f, c, position));
                    stack.extend(arguments.map(Packed::from));
                }
                Node::Result(f, c) => {
                    for (g, k) in self.callees.get(f, c) {
                        stack.push(Packed::from(Node::Return(g, k)));
                        // The arguments the callee returns.
                        let returns = self.out_of_parameters(g, k);
                        for edge in returns.filter(|edge| edge.to() == Target::Return(k)) {
                            if let Origin::Parameter(_, position) = edge.from() {
                                stack.push(Packed::from(Node::Argument(f, c, position)));
                            }
                        }
                    }
                }
                Node::Argument(f, ..) | Node::Return(f, _) | Node::Sink(f, _) => {
                    back(f, number, &mut stack);
                }
                Node::Field(id) => {
                    for (f, _) in &self.fields.readers[id] {
                        back(*f, number, &mut stack);
                    }
                }
            }
        }
        files.contains(&true).then_some(Leading {
            places: within,
            files,
        })
    }

    /// The rule's edges of file `f` as (the number of the place each goes into, where it
    /// comes from), sorted by that number: the edges from a source, which start no walk back,
    /// and from a parameter into its own function's return, which the walk follows per call
    /// (see [`Graph::propagate`]), left out.
    fn edges_into(&self, f: usize) -> Vec<(u32, Packed)> {
        let mut edges: Vec<(u32, Packed)> = self
            .read(f)
            .edges(self.rule)
            .filter_map(|edge| {
                let from = match edge.from() {
                    Origin::Source => return None,
                    Origin::Parameter(k, _) if edge.to() == Target::Return(k) => return None,
                    Origin::Parameter(k, position) => Node::Parameter(f, k, position),
                    Origin::Result(c) => Node::Result(f, c),
                    Origin::Field(field, _) => Node::Field(self.fields.ids[f][field]),
                };
                let to = self.places.number(self.target(f, &edge.to()))?;
                Some((to, Packed::from(from)))
            })
            .collect();
        edges.sort_unstable_by_key(|(to, _)| *to);
        edges
    }

    /// The rule's edges of file `f` from any parameter of its function `k` (those past the
    /// parameters it names too: a variadic C function's).
    fn out_of_parameters(&self, f: usize, k: usize) -> impl Iterator<Item = &'a EdgeRecord> + '_ {
        let parameters = start(Origin::Parameter(k, 0))..start(Origin::Parameter(k + 1, 0));
        self.read(f).edges_starting(self.rule, parameters)
    }

    /// The rule's edges of file `f` that start at `origin`, in the file's order.
    fn from(&self, f: usize, origin: Origin) -> impl Iterator<Item = &'a EdgeRecord> + '_ {
        let edges = self.read(f).edges_from(self.rule, origin);
        edges.filter(move |edge| edge.from() == origin)
    }

    /// Whether every call seen of function `k` of file `f` comes right after its caller stored
    /// a constant in the field numbered `id` (false when no call was seen).
    fn overwritten_by_every_caller(&self, f: usize, k: usize, id: usize) -> bool {
        self.callers.has(f, k)
            && self.callers.get(f, k).all(|(g, c)| {
                self.index.files[g].kept_calls[c]
                    .overwritten()
                    .iter()
                    .any(|field| self.fields.ids[g][*field as usize] == id)
            })
    }

    /// The steps from where the flow starts to `node`, in order, read back from the spill. A
    /// piece that cannot be read back is left out of the flow: the finding stands.
    fn path(&self, reached: &Reached, (node, origin): (Node, usize)) -> Vec<FlowStep> {
        let mut pieces: Vec<Piece> = Vec::new();
        let mut current = self.places.number(node).unwrap_or(NOWHERE);
        while let Some((from, steps)) = reached.get(&key(current, narrow(origin))) {
            pieces.push(*steps);
            if *from == NOWHERE {
                break;
            }
            current = *from;
        }
        let mut flow = Vec::new();
        for (file, steps) in pieces.into_iter().rev() {
            if steps.len == 0 {
                continue;
            }
            let record = &self.index.files[file as usize];
            let spill = &self.index.spill;
            let string = |at| spill.string(record.kept, at);
            let read = spill.read(record.kept, steps);
            flow.extend(
                read.and_then(|bytes| Steps::read(&bytes, &record.path, string))
                    .unwrap_or_default(),
            );
        }
        flow
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(line: usize, message: &str, text: &str) -> FlowStep {
        FlowStep {
            location: crate::model::Location {
                path: String::from("src/a.c"),
                start_line: line,
                start_column: 4,
                end_line: line + 1,
                end_column: 9,
            },
            message: message.to_string(),
            text: text.to_string(),
        }
    }

    #[test]
    fn steps_written_out_read_back_whole_from_disk_or_memory() {
        let first = vec![step(3, "read from `argv`", "  x = argv[1];\n  y = x;")];
        let second = vec![
            step(7, "passed to `run` \u{e9}", ""),
            step(8, "", "only text"),
        ];
        let mut writer = StepWriter::default();
        let a = writer.write(&first);
        let none = writer.write(&[]);
        let b = writer.write(&second);
        assert_eq!(none.len, 0);
        // A step shown again costs its record only: its message and text are written once.
        let before = writer.bytes.len();
        let again = writer.write(&first);
        assert_eq!(writer.bytes.len() - before, STEP);
        let buffer = writer.finish();
        let same = |read: Option<Vec<FlowStep>>, expected: &[FlowStep]| {
            let read = read.expect("read back");
            assert_eq!(read.len(), expected.len());
            for (got, want) in read.iter().zip(expected) {
                assert_eq!(got.location, want.location);
                assert_eq!((&got.message, &got.text), (&want.message, &want.text));
            }
        };
        for on_disk in [true, false] {
            let mut spill = Spill {
                unavailable: !on_disk,
                ..Spill::default()
            };
            // Another file's steps first, so that each is read at its own place.
            let other = spill.keep(b"another file's steps");
            let kept = spill.keep(&buffer);
            assert_eq!(matches!(kept, Kept::Disk(..)), on_disk);
            assert!(matches!(other, Kept::Disk(0, _) | Kept::Memory(0, _)));
            let read = |steps| {
                let string = |at| spill.string(kept, at);
                spill
                    .read(kept, steps)
                    .and_then(|bytes| Steps::read(&bytes, "src/a.c", string))
            };
            same(read(a), &first);
            same(read(b), &second);
            same(read(again), &first);
            // A read past a file's own steps is none, though the next file's follow them.
            let past = Steps { at: 0, len: 21 };
            assert!(spill.read(other, past).is_none());
        }
        // Cut short, the steps are not read as something else.
        let at = again.at as usize;
        let records = &buffer[at..at + STEP - 1];
        assert!(Steps::read(records, "src/a.c", |_| Some(String::new())).is_none());
        assert!(Spill::default().read(Kept::Nowhere, a).is_none());
        // A place that holds no whole string is no string.
        let mut spill = Spill::default();
        let kept = spill.keep(&[9, 0, 0, 0, b'x']);
        assert_eq!(spill.string(kept, 0), None);
    }

    /// The message or text a step writer wrote at `at` of its `buffer`.
    fn string_at(buffer: &[u8], at: u32) -> Option<String> {
        let at = at as usize;
        let len = u32::from_le_bytes(buffer.get(at..at + 4)?.try_into().ok()?) as usize;
        String::from_utf8(buffer.get(at + 4..at + 4 + len)?.to_vec()).ok()
    }

    #[test]
    fn a_place_many_steps_go_through_is_shown_once_and_read_back_as_each_step_says() {
        // Places by their bytes; line 10 + the start of the bytes, shown as "line N".
        let shown = std::cell::Cell::new(0);
        let show = |bytes: &Range<usize>| {
            shown.set(shown.get() + 1);
            let step = step(10 + bytes.start, "", &format!("line {}", bytes.start));
            (step.location, step.text)
        };
        let (a, b, c) = (0..4, 7..9, 12..20);
        let mut writer = StepWriter::default();
        let first = writer.write_at([(&a, "read from `argv`"), (&b, "passed to `run`")], show);
        let second = writer.write_at([(&b, "x"), (&c, "returned by `f`"), (&a, "again")], show);
        assert_eq!(shown.get(), 3, "each place shown once: {a:?}, {b:?}, {c:?}");
        let expected = |steps: &[(&Range<usize>, &str)]| -> Vec<FlowStep> {
            let at =
                |bytes: &Range<usize>| step(10 + bytes.start, "", &format!("line {}", bytes.start));
            steps
                .iter()
                .map(|(bytes, message)| FlowStep {
                    message: message.to_string(),
                    ..at(bytes)
                })
                .collect()
        };
        // The same records as written from the steps themselves.
        let mut plain = StepWriter::default();
        let steps = expected(&[(&a, "read from `argv`"), (&b, "passed to `run`")]);
        let again = plain.write(&steps);
        assert_eq!((first.at, first.len), (again.at, again.len));
        let buffer = writer.finish();
        let string = |at: u32| string_at(&buffer, at);
        let read = |steps: Steps| {
            let records = &buffer[steps.at as usize..(steps.at + steps.len) as usize];
            Steps::read(records, "src/a.c", string).expect("read back")
        };
        for (steps, want) in [
            (
                first,
                expected(&[(&a, "read from `argv`"), (&b, "passed to `run`")]),
            ),
            (
                second,
                expected(&[(&b, "x"), (&c, "returned by `f`"), (&a, "again")]),
            ),
        ] {
            let got = read(steps);
            assert_eq!(got.len(), want.len());
            for (got, want) in got.iter().zip(&want) {
                assert_eq!(got.location, want.location);
                assert_eq!((&got.message, &got.text), (&want.message, &want.text));
            }
        }
    }

    #[test]
    fn a_place_shown_by_steps_that_were_taken_back_is_shown_again() {
        let shown = std::cell::Cell::new(0);
        let show = |bytes: &Range<usize>| {
            shown.set(shown.get() + 1);
            let mut step = step(3, "", &format!("text {}", bytes.start));
            if bytes.start == 99 {
                step.location.end_column = usize::MAX;
            }
            (step.location, step.text)
        };
        let (new, far) = (5..6, 99..100);
        let mut writer = StepWriter::default();
        let bytes = writer.bytes.len();
        #[cfg(target_pointer_width = "64")]
        {
            assert_eq!(
                writer.write_at([(&new, "m"), (&far, "n")], show),
                Steps::default()
            );
            assert_eq!(
                writer.bytes.len(),
                bytes,
                "what the edge wrote is taken back"
            );
            assert!(writer.places.is_empty(), "and the place it showed");
        }
        let kept = writer.write_at([(&new, "m")], show);
        assert_eq!(kept.len as usize, STEP);
        assert_eq!(writer.places.len(), 1);
        // The place taken back was shown again, and reads back as itself.
        #[cfg(target_pointer_width = "64")]
        assert_eq!(shown.get(), 3);
        let buffer = writer.finish();
        let string = |at: u32| string_at(&buffer, at);
        let records = &buffer[kept.at as usize..(kept.at + kept.len) as usize];
        let read = Steps::read(records, "src/a.c", string).expect("read back");
        assert_eq!(
            (read[0].message.as_str(), read[0].text.as_str()),
            ("m", "text 5")
        );
    }

    #[test]
    fn a_step_whose_numbers_do_not_fit_leaves_its_edge_without_steps_and_nothing_behind() {
        let mut writer = StepWriter::default();
        let kept = writer.write(&[step(3, "kept", "x")]);
        let bytes = writer.bytes.len();
        #[cfg(target_pointer_width = "64")]
        {
            let mut far = step(4, "a new message", "a new text");
            far.location.end_column = u32::MAX as usize + 1;
            assert_eq!(
                writer.write(&[step(5, "another", "y"), far]),
                Steps::default()
            );
            assert_eq!(
                writer.bytes.len(),
                bytes,
                "what the edge wrote is taken back"
            );
            assert!(!writer.written.contains_key("another"));
        }
        assert_eq!(writer.write(&[step(3, "kept", "x")]).len as usize, STEP);
        assert_ne!(kept.len, 0);
    }

    #[test]
    fn a_node_packed_for_the_walk_comes_back_the_same() {
        for node in [
            Node::Parameter(1, 2, 3),
            Node::Return(4, 5),
            Node::Argument(6, 7, 8),
            Node::Result(9, 10),
            Node::Sink(11, 12),
            Node::Field(13),
        ] {
            assert_eq!(Packed::from(node).node(), Some(node));
        }
        assert_eq!(Packed([6, 0, 0, 0]).node(), None, "a tag past the kinds");
    }

    #[test]
    fn an_edge_packed_for_the_index_comes_back_the_same() {
        let steps = Steps { at: 7, len: 9 };
        let origins = [
            Origin::Source,
            Origin::Parameter(1, 2),
            Origin::Result(3),
            Origin::Field(4, 5),
        ];
        let targets = [
            Target::Sink(6..8),
            Target::Argument(9, 10),
            Target::Return(11),
            Target::Field(12),
        ];
        for from in origins {
            for to in &targets {
                let edge = EdgeRecord::new(from, to, steps).expect("small numbers fit");
                assert_eq!(
                    (edge.from(), edge.to(), edge.steps),
                    (from, to.clone(), steps)
                );
            }
        }
        // A sink past 4 GiB into its file does not fit: the edge is left out, not wrapped.
        #[cfg(target_pointer_width = "64")]
        {
            let far = u32::MAX as usize + 1;
            assert!(EdgeRecord::new(Origin::Source, &Target::Sink(far..far + 1), steps).is_none());
            assert!(EdgeRecord::new(Origin::Result(far), &Target::Return(0), steps).is_none());
        }
    }

    #[test]
    fn links_come_back_in_order_and_the_other_way_in_the_order_of_who_links() {
        // Two files of calls: file 0 has calls 0..3, file 1 has calls 0..2; the functions are
        // file 0's 0..2 and file 1's 0..1.
        let mut callees = Links::default();
        callees.open_file();
        callees.push(0, [(1, 0), (0, 1)]);
        callees.push(1, []);
        callees.push(2, [(0, 1)]);
        callees.open_file();
        callees.push(0, [(0, 1)]);
        callees.push(1, [(1, 0)]);
        let got = |links: &Links, file, item| links.get(file, item).collect::<Vec<_>>();
        assert_eq!(got(&callees, 0, 0), [(1, 0), (0, 1)]);
        assert!(!callees.has(0, 1) && got(&callees, 0, 1).is_empty());
        assert_eq!(got(&callees, 1, 1), [(1, 0)]);
        // Past a file's items, or past the files, nothing (not the next file's first item).
        assert!(!callees.has(0, 3) && !callees.has(1, 2) && !callees.has(2, 0));
        let callers = callees.inverted([2, 1].into_iter());
        assert!(!callers.has(0, 0));
        assert_eq!(got(&callers, 0, 1), [(0, 0), (0, 2), (1, 0)]);
        assert_eq!(got(&callers, 1, 0), [(0, 0), (1, 1)]);
    }

    fn file(path: &str, rules: &[(usize, usize)]) -> FileRecord {
        let edge = EdgeRecord::new(Origin::Source, &Target::Return(0), Steps::default())
            .expect("small numbers");
        let mut record = FileRecord {
            path: path.to_string(),
            ..FileRecord::default()
        };
        for (rule, count) in rules {
            record.by_rule.insert(
                *rule,
                RuleRecord {
                    edges: vec![edge; *count],
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
        assert!(index
            .add(file("a.c", &[(1, MAX_EDGES / 2), (2, 10)]))
            .is_ok());
        assert!(index
            .add(file("b.c", &[(1, MAX_EDGES / 2), (2, 10)]))
            .is_ok());
        assert!(!index.full, "the index still takes summaries");
        assert_eq!(index.shed, BTreeSet::from([1]));
        assert_eq!(index.edges, 20, "only rule 2's edges are held");
        for stored in &index.files {
            assert!(!stored.by_rule[&1].complete && stored.by_rule[&1].edges.is_empty());
            assert_eq!(stored.by_rule[&2].edges.len(), 10);
        }
        // A later file's edges of the rule given up are not taken either.
        assert!(index.add(file("c.c", &[(1, 5), (2, 1)])).is_ok());
        assert_eq!(index.edges, 21);
    }

    /// Calls resolved by name, class, arity and privacy: in the caller's class, else a plain
    /// function of the caller's file, else the only plain one elsewhere; a class that no call
    /// names, or a name that only a call's class has, is no call's.
    #[test]
    fn a_call_resolves_to_its_class_s_function_else_a_plain_one_it_can_see() {
        let function = |name: &str, class: Option<&str>, private| Function {
            name: name.to_string(),
            class: class.map(str::to_string),
            parameters: 1,
            variadic: false,
            private,
            keeps: Vec::new(),
        };
        let call = |name: &str, class: Option<&str>, arguments| CallSite {
            name: name.to_string(),
            class: class.map(str::to_string),
            unknown_receiver: false,
            arguments: (0..arguments).map(|a| a..a + 1).collect(),
            by_address: vec![false; arguments],
            overwritten: Vec::new(),
        };
        let a = FileRecord {
            path: String::from("a.py"),
            functions: vec![
                function("run", Some("Other"), false),
                function("Helper", None, false),
                function("start", Some("Helper"), false),
                function("local", None, true),
            ],
            calls: vec![
                call("local", None, 1),
                call("solo", None, 1),
                call("run", Some("Other"), 1),
            ],
            ..FileRecord::default()
        };
        let b = FileRecord {
            path: String::from("b.py"),
            functions: vec![
                function("local", None, true),
                function("run", None, false),
                function("solo", None, false),
            ],
            calls: vec![
                call("start", Some("Helper"), 1),
                call("run", Some("Helper"), 1),
                call("local", None, 1),
                call("run", None, 2),
                CallSite {
                    unknown_receiver: true,
                    ..call("start", None, 1)
                },
            ],
            ..FileRecord::default()
        };
        let mut index = Index::default();
        assert!(index.add(a).is_ok() && index.add(b).is_ok());
        let callees = index.resolve();
        let of = |f: usize, calls: usize| -> Vec<Vec<(usize, usize)>> {
            (0..calls).map(|c| callees.get(f, c).collect()).collect()
        };
        // `local`: a's own private one; `solo`: b's, the only one; `run` in `Other`: a's.
        assert_eq!(of(0, 3), [vec![(0, 3)], vec![(1, 2)], vec![(0, 0)]]);
        // `start` in `Helper`: a's; `run` in `Helper`, which has none: b's own plain one, not
        // the one in `Other`; `local`: b's own, not a's private one; `run` given two arguments,
        // and a call on an object of no known class: none.
        assert_eq!(
            of(1, 5),
            [vec![(0, 2)], vec![(1, 1)], vec![(1, 0)], vec![], vec![]]
        );
    }

    /// Numbers that look random, the same on every run.
    #[derive(Clone)]
    struct Dice(u64);

    impl Dice {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) as usize % n
        }
    }

    /// A repository of `files` files made up by `dice`: functions that call each other's
    /// (some by address, some in a class several files' functions share), fields several
    /// files name (some private, some overwritten before a call), and one rule's edges (its
    /// own, the shared ones, or none where its summary is incomplete) from sources,
    /// parameters, results and fields to sinks, arguments, returns and fields.
    fn made_up(dice: &mut Dice, files: usize) -> Index {
        let mut index = Index::default();
        for record in made_up_files(dice, files) {
            assert!(index.add(record).is_ok());
        }
        index
    }

    /// The files of [`made_up`], before the index takes them.
    fn made_up_files(dice: &mut Dice, files: usize) -> Vec<FileRecord> {
        let mut made = Vec::new();
        let class = |dice: &mut Dice| ["A", "B"].get(dice.below(3)).map(|c| c.to_string());
        for f in 0..files {
            let functions: Vec<Function> = (0..3)
                .map(|_| Function {
                    name: format!("f{}", dice.below(4)),
                    class: class(dice),
                    parameters: 1 + dice.below(2),
                    variadic: dice.below(4) == 0,
                    private: dice.below(6) == 0,
                    keeps: Vec::new(),
                })
                .collect();
            let calls: Vec<CallSite> = (0..6)
                .map(|_| {
                    let arguments = 1 + dice.below(3);
                    CallSite {
                        name: format!("f{}", dice.below(4)),
                        class: class(dice),
                        unknown_receiver: dice.below(10) == 0,
                        arguments: (0..arguments).map(|a| a..a + 1).collect(),
                        by_address: (0..arguments).map(|_| dice.below(8) == 0).collect(),
                        overwritten: (0..2).filter(|_| dice.below(4) == 0).collect(),
                    }
                })
                .collect();
            let fields: Vec<Field> = (0..2)
                .map(|_| Field {
                    name: format!("g{}", dice.below(3)),
                    private: dice.below(5) == 0,
                })
                .collect();
            let mut edges = Vec::new();
            for _ in 0..12 {
                let from = match dice.below(8) {
                    0 => Origin::Source,
                    1..=4 => Origin::Parameter(dice.below(3), dice.below(3)),
                    5 | 6 => Origin::Result(dice.below(6)),
                    _ => Origin::Field(dice.below(2), dice.below(3)),
                };
                let to = match dice.below(6) {
                    0 | 1 => {
                        let at = 10 * dice.below(4);
                        Target::Sink(at..at + 5)
                    }
                    2 | 3 => Target::Argument(dice.below(6), dice.below(3)),
                    4 => Target::Return(dice.below(3)),
                    _ => Target::Field(dice.below(2)),
                };
                // A parameter returned: the call's result is then as open as its argument.
                let to = match (from, dice.below(3)) {
                    (Origin::Parameter(k, _), 0) => Target::Return(k),
                    _ => to,
                };
                edges.extend(EdgeRecord::new(from, &to, Steps::default()));
            }
            // The rule's own edges, or the shared ones it takes (with or without its own).
            let (own, shared) = match dice.below(4) {
                0 => (None, Some(edges)),
                1 => {
                    let half = edges.split_off(edges.len() / 2);
                    (Some((edges, true)), Some(half))
                }
                _ => (Some((edges, false)), None),
            };
            let by_rule = own.map(|(edges, shares)| {
                let complete = dice.below(10) > 0;
                let record = RuleRecord {
                    edges,
                    shares,
                    complete,
                };
                (0, record)
            });
            let record = FileRecord {
                path: format!("{f}.c"),
                functions,
                calls,
                fields,
                by_rule: by_rule.into_iter().collect(),
                shared,
                ..FileRecord::default()
            };
            made.push(record);
        }
        made
    }

    /// Each place a walk from the sources reached on the way from `origin`'s sources to the
    /// place numbered `number`, last first, with the steps it came by.
    fn way(reached: &Reached, number: u32, origin: usize) -> Vec<(u32, Piece)> {
        let mut way = Vec::new();
        let mut at = number;
        while let Some((from, steps)) = reached.get(&key(at, narrow(origin))) {
            way.push((at, *steps));
            if *from == NOWHERE || way.len() > 1000 {
                break;
            }
            at = *from;
        }
        way
    }

    /// Per sink of `index`'s rule 0, whether the open walk reaches it going through every
    /// place, and going only through what leads to it (each sink asked about alone, then all
    /// at once); whether the second went through fewer places than there are; whether the
    /// walk from the sources reaches it the same way from each file both ways; and whether
    /// it reaches it at all.
    fn both_ways(mut index: Index) -> Vec<(Node, bool, bool, bool, bool, bool)> {
        index.files.sort_by(|a, b| a.path.cmp(&b.path));
        let callees = index.resolve();
        let fields = index.fields();
        let numbers = Numbers::new(&index.files, fields.readers.len());
        let callers = callees.inverted(index.files.iter().map(|file| file.kept_functions.len()));
        let links = Linked {
            callees: &callees,
            callers: &callers,
            fields: &fields,
        };
        let graph = Graph::new(&index, 0, &links, &numbers);
        let places = graph.places.sinks.end() as usize;
        let everywhere = graph.everywhere();
        let tainted = graph.propagate(false, everywhere.clone()).reached;
        let everywhere = graph.propagate(true, everywhere).seen;
        let sinks: Vec<Node> = (0..index.files.len())
            .flat_map(|f| (0..graph.sink_ranges[f].len()).map(move |n| Node::Sink(f, n)))
            .collect();
        let asked = sinks.iter().map(|sink| vec![*sink]).chain([sinks.clone()]);
        let mut out = Vec::new();
        for asked in asked {
            let (seen, through, reached) = match graph.leading_to(asked.iter().copied()) {
                Some(leading) => {
                    let through = leading.places.iter().filter(|p| **p).count();
                    let reached = graph.propagate(false, leading.clone()).reached;
                    (graph.propagate(true, leading).seen, through, reached)
                }
                None => (Vec::new(), 0, Reached::default()),
            };
            for sink in asked {
                let number = graph.places.number(sink).expect("a sink has a number");
                let seen = seen.get(number as usize).is_some_and(|seen| *seen);
                let files = 0..index.files.len();
                let ways = files.map(|f| (way(&tainted, number, f), way(&reached, number, f)));
                let ways: Vec<_> = ways.collect();
                let same = ways.iter().all(|(all, part)| all == part);
                let any = ways.iter().any(|(all, _)| !all.is_empty());
                let everywhere = everywhere[number as usize];
                out.push((sink, everywhere, seen, through < places, same, any));
            }
        }
        out
    }

    #[test]
    fn the_open_walk_through_what_leads_to_its_sinks_finds_what_a_walk_through_all_does() {
        let mut dice = Dice(15);
        let (mut open, mut closed, mut fewer, mut tainted) = (0, 0, 0, 0);
        for _ in 0..400 {
            let files = 1 + dice.below(4);
            let index = made_up(&mut dice, files);
            let described = format!("{:#?}", index.files);
            for (sink, everywhere, seen, through_fewer, same, any) in both_ways(index) {
                assert_eq!(seen, everywhere, "{sink:?} of {described}");
                assert!(same, "the way from the sources to {sink:?} of {described}");
                *if seen { &mut open } else { &mut closed } += 1;
                fewer += usize::from(through_fewer);
                tainted += usize::from(any);
            }
        }
        // Not a comparison of nothing: sinks open and closed, some reached from the sources,
        // through fewer places than all.
        assert!(
            open > 100 && closed > 100 && fewer > 100 && tainted > 100,
            "{open} {closed} {fewer} {tainted}"
        );
    }

    #[test]
    fn past_the_calls_the_walks_follow_a_sink_is_reached_only_by_a_shorter_way() {
        // f0, which no call reaches, hands its parameter and a source to f1, f1 to f2, ...,
        // f69 to a sink: 69 calls, past the 64 the walks follow. `entry` hands its own
        // parameter and a source to f60: 9 calls.
        let chain = |short: bool| {
            let count = 70;
            let function = |name: String| Function {
                name,
                class: None,
                parameters: 1,
                variadic: false,
                private: false,
                keeps: Vec::new(),
            };
            let call = |name: String| CallSite {
                name,
                class: None,
                unknown_receiver: false,
                arguments: std::iter::once(0..1).collect(),
                by_address: vec![false],
                overwritten: Vec::new(),
            };
            let edge = |from, to| EdgeRecord::new(from, &to, Steps::default()).expect("small");
            let mut functions: Vec<Function> =
                (0..count).map(|k| function(format!("f{k}"))).collect();
            let mut calls: Vec<CallSite> = (1..count).map(|k| call(format!("f{k}"))).collect();
            let mut edges: Vec<EdgeRecord> = (0..count - 1)
                .map(|k| edge(Origin::Parameter(k, 0), Target::Argument(k, 0)))
                .collect();
            edges.push(edge(Origin::Parameter(count - 1, 0), Target::Sink(0..5)));
            edges.push(edge(Origin::Source, Target::Argument(0, 0)));
            if short {
                functions.push(function(String::from("entry")));
                calls.push(call(String::from("f60")));
                let into_f60 = Target::Argument(count - 1, 0);
                edges.push(edge(Origin::Parameter(count, 0), into_f60.clone()));
                edges.push(edge(Origin::Source, into_f60));
            }
            let mut index = Index::default();
            let rule = RuleRecord {
                edges,
                shares: false,
                complete: true,
            };
            let record = FileRecord {
                path: String::from("chain.c"),
                functions,
                calls,
                by_rule: BTreeMap::from([(0, rule)]),
                ..FileRecord::default()
            };
            assert!(index.add(record).is_ok());
            let found = both_ways(index);
            for (_, everywhere, seen, _, same, _) in &found {
                assert_eq!(everywhere, seen);
                assert!(same);
            }
            // Open, and reached from the sources.
            (found[0].1, found[0].5)
        };
        assert_eq!(
            chain(false),
            (false, false),
            "69 calls deep is past the walks"
        );
        assert_eq!(chain(true), (true, true), "9 calls deep is within them");
    }

    #[test]
    fn when_no_rule_holds_an_eighth_of_the_bound_the_index_is_full() {
        let mut index = Index::default();
        let rules: Vec<(usize, usize)> = (0..10).map(|r| (r, MAX_EDGES / 10)).collect();
        assert!(index.add(file("a.c", &rules)).is_ok());
        assert!(index.add(file("b.c", &[(11, MAX_EDGES / 20)])).is_err());
        assert!(index.full);
        assert!(index.shed.is_empty());
    }

    /// A made-up file of [`made_up_files`] with what the join reports in it: a finding ready
    /// for each sink a parameter or a result reaches, and a pending match on a sink or two.
    fn reporting(dice: &mut Dice, files: usize) -> Vec<FileRecord> {
        let mut made = made_up_files(dice, files);
        for record in &mut made {
            let finding = |what: String| {
                let location = crate::model::Location {
                    path: record.path.clone(),
                    start_line: 1,
                    start_column: 1,
                    end_line: 1,
                    end_column: 1,
                };
                Finding::new("r", "rules", crate::model::Severity::Error, what, location)
            };
            let ready: Vec<Range<usize>> = (record.edges(0))
                .filter(|edge| edge.from() != Origin::Source)
                .filter_map(|edge| match edge.to() {
                    Target::Sink(range) => Some(range),
                    _ => None,
                })
                .collect();
            for range in ready {
                let template = finding(format!("ready {range:?}"));
                record.sinks.insert((0, range), template);
            }
            for _ in 0..dice.below(3) {
                let at = 10 * dice.below(4);
                record.pending.push(Pending {
                    finding: finding(format!("pending {at}")),
                    sinks: vec![(0, at..at + 5)],
                    lent: Vec::new(),
                });
            }
        }
        made
    }

    /// [`reporting`]'s file as a first pass summarizes it (see [`again`]): where its sources'
    /// values leave its functions, or a match in it waits for the join, it is whole already;
    /// otherwise it has no edges (a made-up file's edges from sources are the only ones that may
    /// leave) and no finding ready.
    fn first_pass(mut whole: FileRecord) -> FileRecord {
        let waits = whole
            .pending
            .iter()
            .any(|pending| !pending.sinks.is_empty());
        if waits || whole.edges(0).any(|edge| edge.from() == Origin::Source) {
            return whole;
        }
        for record in whole.by_rule.values_mut() {
            record.edges.clear();
            record.complete = true;
        }
        FileRecord {
            shared: None,
            sinks: HashMap::new(),
            reread: Some(Reread {
                path: std::path::PathBuf::from(&whole.path),
                language: crate::lang::Language::C,
                hash: 0,
            }),
            ..whole
        }
    }

    /// The findings of a join, each as its debug text, in order: what two joins are compared by.
    fn shown(joined: Vec<Joined>) -> Vec<String> {
        let shown = joined.iter().map(|j| format!("{:?}", j.finding));
        shown.collect()
    }

    #[test]
    fn a_join_that_reads_again_the_files_its_walks_go_into_finds_what_one_of_whole_files_does() {
        let mut dice = Dice(27);
        let (mut found, mut read, mut left) = (0, 0, 0);
        for _ in 0..1000 {
            let files = 1 + dice.below(5);
            let whole = dice.below(4) > 0;
            let made = reporting(&mut dice.clone(), files);
            let described = format!("{made:#?}");
            let mut eager = Index::default();
            for record in made {
                assert!(eager.add(record).is_ok());
            }
            let mut lazy = Index::default();
            for record in reporting(&mut dice.clone(), files) {
                assert!(lazy.add(first_pass(record)).is_ok());
            }
            let kept: HashMap<String, FileRecord> = reporting(&mut dice, files)
                .into_iter()
                .map(|record| (record.path.clone(), record))
                .collect();
            let kept = Mutex::new(kept);
            let loads = std::sync::atomic::AtomicUsize::new(0);
            let loader = |first: &FileRecord| {
                loads.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let record = kept.lock().unwrap().remove(&first.path).expect("read once");
                Ok(record)
            };
            let expected = shown(eager.join(whole, None));
            let got = shown(lazy.join(whole, Some(&loader)));
            assert_eq!(got, expected, "whole: {whole}, of {described}");
            found += expected.len();
            let loads = loads.into_inner();
            read += loads;
            left += kept.into_inner().unwrap().len();
        }
        // Not a comparison of nothing: findings, files read again, and files left as they were.
        assert!(
            found > 200 && read > 100 && left > 100,
            "{found} {read} {left}"
        );
    }

    #[test]
    fn a_file_that_cannot_be_read_again_is_one_whose_walks_hit_their_limits() {
        let mut dice = Dice(31);
        let (mut found, mut given_up, mut failed) = (0, 0, 0);
        for _ in 0..500 {
            let files = 1 + dice.below(5);
            let whole = dice.below(4) > 0;
            let mut lazy = Index::default();
            for record in reporting(&mut dice.clone(), files) {
                assert!(lazy.add(first_pass(record)).is_ok());
            }
            // Every file of the first pass as the join takes one it could not read again.
            let mut limited = Index::default();
            for record in reporting(&mut dice, files) {
                let mut record = first_pass(record);
                if record.reread.take().is_some() {
                    for rule in record.by_rule.values_mut() {
                        rule.complete = false;
                    }
                    given_up += 1;
                }
                assert!(limited.add(record).is_ok());
            }
            let loads = std::sync::atomic::AtomicUsize::new(0);
            let loader = |_: &FileRecord| {
                loads.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                Err(String::from("it changed while it was scanned"))
            };
            let expected = shown(limited.join(whole, None));
            assert_eq!(shown(lazy.join(whole, Some(&loader))), expected);
            found += expected.len();
            failed += loads.into_inner();
        }
        // Not a comparison of nothing: findings, and files the join failed to read again.
        assert!(
            found > 50 && given_up > 100 && failed > 50,
            "{found} {given_up} {failed}"
        );
    }
}
