//! Every place of the join numbered densely from 0, so that a walk keys what it reached by one
//! 32-bit number rather than a tag and three: its map of places reached, the biggest thing a
//! scan of a large C tree holds, takes half the memory, and counts and marks per place are
//! plain arrays.
//!
//! The numbers run file by file: the parameters of each function, the functions' returns, the
//! arguments of each kept call, the calls' results; then the fields and globals; then, per
//! rule, the sinks of its edges (see [`Sinks`]). A place past what the numbers can count (four
//! billion, far more than a scan can hold in memory) has none and is not followed.

use std::ops::Range;

use super::{FileRecord, Node, Origin, Target};

/// The numbers of the places of every file, and of the fields.
pub(super) struct Numbers {
    files: Vec<FileNumbers>,
    /// The first field's number.
    fields: u32,
    /// How many fields there are.
    field_count: u32,
    /// One past the last field's number: where each rule's sinks start.
    end: u32,
}

/// Where a file's places are numbered.
struct FileNumbers {
    /// Per function, the number of its first parameter, and one past the last function's.
    parameters: Box<[u32]>,
    /// The number of the first function's return.
    returns: u32,
    /// Per kept call, the number of its first argument, and one past the last call's.
    arguments: Box<[u32]>,
    /// The number of the first call's result.
    results: u32,
}

/// Counts up the numbers given so far; `None` once past `u32::MAX`.
struct Counter(Option<u32>);

impl Counter {
    /// The next `count` numbers: the first of them.
    fn take(&mut self, count: usize) -> u32 {
        let first = self.0.unwrap_or(u32::MAX);
        self.0 = self
            .0
            .and_then(|at| at.checked_add(u32::try_from(count).ok()?));
        first
    }

    /// The first of the next numbers of each of `counts`, and the one after the last.
    fn starts(&mut self, counts: &[usize]) -> Box<[u32]> {
        let mut starts: Vec<u32> = counts.iter().map(|count| self.take(*count)).collect();
        starts.push(self.take(0));
        starts.into()
    }
}

impl Numbers {
    /// The numbers of `files`' places and of `field_count` fields. A function has as many
    /// parameters, and a call as many arguments, as it names or as any edge of any rule gives it
    /// (an edge into the third argument of a call of two is still followed).
    pub(super) fn new(files: &[FileRecord], field_count: usize) -> Numbers {
        let mut next = Counter(Some(0));
        let mut numbered = Vec::with_capacity(files.len());
        for file in files {
            let functions = file.kept_functions.iter();
            let mut parameters: Vec<usize> = functions.map(|f| f.parameters()).collect();
            let mut arguments: Vec<usize> = file
                .kept_calls
                .iter()
                .map(|call| {
                    let by_address = call.by_address().iter().map(|p| *p as usize + 1);
                    by_address.fold(call.arguments as usize, usize::max)
                })
                .collect();
            let own = file.by_rule.values().flat_map(|record| &record.edges);
            for edge in own.chain(file.shared.iter().flatten()) {
                if let Origin::Parameter(k, position) = edge.from() {
                    if let Some(count) = parameters.get_mut(k) {
                        *count = (*count).max(position + 1);
                    }
                }
                if let Target::Argument(c, position) = edge.to() {
                    if let Some(count) = arguments.get_mut(c) {
                        *count = (*count).max(position + 1);
                    }
                }
            }
            let parameters = next.starts(&parameters);
            let returns = next.take(file.kept_functions.len());
            let arguments = next.starts(&arguments);
            let results = next.take(file.kept_calls.len());
            numbered.push(FileNumbers {
                parameters,
                returns,
                arguments,
                results,
            });
        }
        let fields = next.take(field_count);
        let end = next.take(0);
        Numbers {
            files: numbered,
            fields,
            field_count: u32::try_from(field_count).unwrap_or(u32::MAX),
            end,
        }
    }

    /// The number of a place other than a sink; `None` for a place no file has, or past what
    /// the numbers count.
    fn place(&self, node: Node) -> Option<u32> {
        let within = |first: u32, at: usize, count: usize| {
            let at = u32::try_from(at).ok()?;
            let number = first.checked_add(at)?;
            (at < u32::try_from(count).ok()? && number < self.end).then_some(number)
        };
        let nth = |starts: &[u32], item: usize, position: usize| {
            let (first, next) = (*starts.get(item)?, *starts.get(item + 1)?);
            within(first, position, usize::try_from(next - first).ok()?)
        };
        match node {
            Node::Parameter(f, k, position) => nth(&self.files.get(f)?.parameters, k, position),
            Node::Return(f, k) => {
                let file = self.files.get(f)?;
                within(file.returns, k, file.parameters.len() - 1)
            }
            Node::Argument(f, c, position) => nth(&self.files.get(f)?.arguments, c, position),
            Node::Result(f, c) => {
                let file = self.files.get(f)?;
                within(file.results, c, file.arguments.len() - 1)
            }
            Node::Field(id) => within(self.fields, id, self.field_count as usize),
            Node::Sink(..) => None,
        }
    }
}

/// One rule's sinks, numbered after every other place: per file, the number of its first, and
/// one past the last file's.
pub(super) struct Sinks {
    starts: Vec<u32>,
}

impl Sinks {
    /// The numbers of the sinks `ranges` lists per file, after `numbers`' places.
    pub(super) fn new(numbers: &Numbers, ranges: &[Vec<Range<usize>>]) -> Sinks {
        let counts: Vec<usize> = ranges.iter().map(Vec::len).collect();
        Sinks {
            starts: Counter(Some(numbers.end)).starts(&counts).into(),
        }
    }

    /// One past the last number of the rule's places: the size of an array over them.
    pub(super) fn end(&self) -> u32 {
        self.starts.last().copied().unwrap_or_default()
    }

    /// The number of the sink numbered `n` in file `f`.
    fn number(&self, f: usize, n: usize) -> Option<u32> {
        let (first, next) = (*self.starts.get(f)?, *self.starts.get(f + 1)?);
        let number = first.checked_add(u32::try_from(n).ok()?)?;
        (number < next).then_some(number)
    }

    /// The sink numbered `number`, as (file, sink); `None` for a number that is no sink.
    pub(super) fn sink(&self, number: u32) -> Option<(usize, usize)> {
        if !self.numbers().contains(&number) {
            return None;
        }
        // The last file whose sinks start at or before the number; files without sinks start
        // where the next does, and are passed over.
        let f = self.starts.partition_point(|start| *start <= number) - 1;
        let first = *self.starts.get(f)?;
        (number >= first).then(|| (f, (number - first) as usize))
    }

    /// Every sink's number.
    pub(super) fn numbers(&self) -> Range<u32> {
        self.starts.first().copied().unwrap_or_default()..self.end()
    }
}

/// The numbers of one rule's walk: every place's but the sinks', and the rule's sinks'.
pub(super) struct Places<'a> {
    pub(super) numbers: &'a Numbers,
    pub(super) sinks: Sinks,
}

impl Places<'_> {
    /// The number of `node`; `None` for a place that has none (see [`Numbers`]).
    pub(super) fn number(&self, node: Node) -> Option<u32> {
        match node {
            Node::Sink(f, n) => self.sinks.number(f, n),
            _ => self.numbers.place(node),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::calls::Names;
    use super::super::{EdgeRecord, RuleRecord, Steps};
    use super::*;
    use crate::review::rules::taint::summary::{CallSite, Function};

    fn function(names: &mut Names, parameters: usize) -> super::super::KeptFunction {
        names.function(Function {
            name: String::from("f"),
            class: None,
            parameters,
            variadic: false,
            private: false,
            keeps: Vec::new(),
        })
    }

    fn call(names: &mut Names, arguments: usize, by_address: &[usize]) -> super::super::Call {
        names.call(CallSite {
            name: String::from("f"),
            class: None,
            unknown_receiver: false,
            arguments: (0..arguments).map(|a| a..a + 1).collect(),
            by_address: (0..arguments.max(4))
                .map(|a| by_address.contains(&a))
                .collect(),
            overwritten: Vec::new(),
        })
    }

    /// A file's one sink, at `at`.
    fn one(at: usize) -> Vec<Range<usize>> {
        std::iter::once(at..at + 1).collect()
    }

    fn edge(from: Origin, to: Target) -> EdgeRecord {
        EdgeRecord::new(from, &to, Steps::default()).expect("small numbers fit")
    }

    /// Three files: one with two functions and two calls, one with nothing, one with a call
    /// given more arguments by an edge and by an address than it names.
    fn files() -> Vec<FileRecord> {
        let mut names = Names::default();
        let first = FileRecord {
            kept_functions: vec![function(&mut names, 2), function(&mut names, 0)],
            kept_calls: vec![call(&mut names, 1, &[]), call(&mut names, 3, &[])],
            ..FileRecord::default()
        };
        let mut last = FileRecord {
            kept_functions: vec![function(&mut names, 1)],
            kept_calls: vec![call(&mut names, 1, &[2])],
            ..FileRecord::default()
        };
        // An edge from the function's fourth parameter, and into the call's fifth argument.
        last.by_rule.insert(
            7,
            RuleRecord {
                edges: vec![edge(Origin::Parameter(0, 3), Target::Argument(0, 4))],
                shares: false,
                complete: true,
            },
        );
        vec![first, FileRecord::default(), last]
    }

    #[test]
    fn every_place_has_its_own_number_and_sinks_come_back_to_their_file() {
        let files = files();
        let numbers = Numbers::new(&files, 2);
        let sink_ranges = vec![vec![0..1, 5..6], Vec::new(), one(3)];
        let places = Places {
            numbers: &numbers,
            sinks: Sinks::new(&numbers, &sink_ranges),
        };
        let nodes = [
            Node::Parameter(0, 0, 0),
            Node::Parameter(0, 0, 1),
            Node::Return(0, 0),
            Node::Return(0, 1),
            Node::Argument(0, 0, 0),
            Node::Argument(0, 1, 0),
            Node::Argument(0, 1, 2),
            Node::Result(0, 0),
            Node::Result(0, 1),
            // The last file's parameter and arguments past what they name, given by an edge
            // and by an address.
            Node::Parameter(2, 0, 3),
            Node::Argument(2, 0, 2),
            Node::Argument(2, 0, 4),
            Node::Return(2, 0),
            Node::Result(2, 0),
            Node::Field(0),
            Node::Field(1),
            Node::Sink(0, 0),
            Node::Sink(0, 1),
            Node::Sink(2, 0),
        ];
        let numbered: Vec<u32> = nodes
            .iter()
            .map(|node| places.number(*node).expect("a place of the index"))
            .collect();
        let distinct: std::collections::BTreeSet<u32> = numbered.iter().copied().collect();
        assert_eq!(distinct.len(), nodes.len(), "no two places share a number");
        assert!(numbered.iter().all(|n| *n < places.sinks.end()));
        // The first file's parameters, returns, arguments and results; the last's: parameters
        // 0..4, its return, arguments 0..5 and its result; the fields; the sinks. The numbers
        // are dense.
        let every = (2 + 2 + (1 + 3) + 2) + (4 + 1 + 5 + 1) + 2 + 3;
        assert_eq!(places.sinks.end(), every);
        for (node, number) in nodes.iter().zip(&numbered) {
            let back = places.sinks.sink(*number);
            match node {
                Node::Sink(f, n) => assert_eq!(back, Some((*f, *n))),
                _ => assert_eq!(back, None, "{node:?} is no sink"),
            }
        }
        assert_eq!(places.sinks.numbers().count(), 3);
    }

    #[test]
    fn a_place_no_file_has_has_no_number() {
        let files = files();
        let numbers = Numbers::new(&files, 2);
        let places = Places {
            numbers: &numbers,
            sinks: Sinks::new(&numbers, &[one(0), Vec::new(), Vec::new()]),
        };
        for node in [
            // Past a function's parameters, a file's functions or calls, or a call's arguments.
            Node::Parameter(0, 0, 2),
            Node::Parameter(0, 2, 0),
            Node::Return(0, 2),
            Node::Return(1, 0),
            Node::Argument(0, 0, 1),
            Node::Argument(0, 2, 0),
            Node::Result(0, 2),
            Node::Argument(2, 0, 5),
            // Past the files, the fields and the sinks.
            Node::Parameter(3, 0, 0),
            Node::Result(3, 0),
            Node::Field(2),
            Node::Sink(0, 1),
            Node::Sink(1, 0),
            Node::Sink(3, 0),
        ] {
            assert_eq!(places.number(node), None, "{node:?}");
        }
        assert_eq!(places.sinks.sink(places.sinks.end()), None);
        assert_eq!(
            places.sinks.sink(0),
            None,
            "a parameter's number is no sink"
        );
    }

    #[test]
    fn numbers_past_what_32_bits_count_are_not_given() {
        let mut next = Counter(Some(u32::MAX - 3));
        assert_eq!(next.take(2), u32::MAX - 3);
        assert_eq!(next.take(1), u32::MAX - 1);
        // Four billion places: the next ones have no number that could be told apart.
        assert_eq!(next.take(5), u32::MAX);
        assert_eq!(next.0, None);
        assert_eq!(next.take(1), u32::MAX);
        assert_eq!(&*next.starts(&[1, 2]), &[u32::MAX; 3]);
    }
}
