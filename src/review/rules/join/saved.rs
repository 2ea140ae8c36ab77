//! A partition's summaries, saved for `shardscan merge` (`scan --partition I/N --summaries-out
//! FILE`): what the index would hold of each file the partition read, so that the merge joins
//! every partition's files as one scan of everything would, flows across partitions included.
//!
//! The file is gzip: a header (JSON), then per file its record (JSON) and its steps (the bytes
//! [`super::StepWriter`] wrote), then a trailer (JSON) that says how many files came and whether
//! the run stopped early. Each part is a frame: a tag byte, a 64-bit little-endian length, the
//! bytes. A file cut short has no trailer, and is refused.
//!
//! The file comes back from a CI artifact, so it is read as untrusted input: every number that
//! indexes something (a function, a call, a field, a rule, a step) is checked against what it
//! indexes before the index takes the file, and what fails is an error naming the file.

use std::collections::BTreeMap;
use std::io::{self, BufReader, Read, Write};
use std::ops::Range;
use std::path::Path;

use flate2::read::MultiGzDecoder;
use flate2::write::GzEncoder;
use serde::{Deserialize, Serialize};

use super::{EdgeRecord, FileRecord, Pending, RuleRecord};
use crate::model::Finding;
use crate::review::rules::taint::summary::{CallSite, Field, Function, Origin, Target};

/// What the header's `format` says; a reader refuses any other.
pub(crate) const FORMAT: &str = "shardscan-summaries/1";

/// Frames' tags.
const HEADER: u8 = b'H';
const FILE: u8 = b'F';
const STEPS: u8 = b'S';
const END: u8 = b'E';

/// The largest frame a reader takes: a file's record or steps. The largest of libxml2's (its
/// largest C files, under the walk's default 1 MB) are 3 MB; this leaves room for files many
/// times the default size, and bounds what a hostile file can make the merge hold at once.
const MAX_FRAME: u64 = 256 << 20;

/// The most parameters a function, or arguments a call, may have in a record (and the highest
/// position an edge may name): no honest one comes near, and each is a place the join numbers.
const MAX_POSITION: usize = 1 << 12;

/// The most places (parameters, returns, arguments, results) the records of one merge may name:
/// the join holds a few bytes per place, so this bounds its memory whatever the files say.
const MAX_PLACES: usize = 1 << 28;

/// How a stream that gzip cannot read is said.
const NOT_GZIP: &str = "not gzip as written";

/// What a partition says of itself, first in its file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Header {
    pub(crate) format: String,
    /// The shardscan version that wrote it: the merge joins only its own version's summaries.
    pub(crate) version: String,
    /// `(i, n)`: partition i of n.
    pub(crate) partition: (usize, usize),
    pub(crate) category: Option<String>,
    /// The partition compared its findings with a baseline (`--baseline`): the merge should
    /// compare its own with it too.
    pub(crate) baseline: bool,
    /// The rules' ids, in the order the records number them.
    pub(crate) rules: Vec<String>,
}

/// Last in the file: how many files came, and whether the run stopped before reading all of its
/// share (then the merge closes nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Trailer {
    pub(crate) files: usize,
    pub(crate) stopped: bool,
}

/// A file's record as written: the index's own fields (where it put the steps, the functions,
/// calls and fields as it keeps them) are left out, and the sinks' findings come as a list
/// sorted by key, since JSON keys are strings.
#[derive(Serialize)]
struct Written<'a> {
    path: &'a str,
    uri: &'a str,
    functions: &'a [Function],
    calls: &'a [CallSite],
    fields: &'a [Field],
    by_rule: &'a BTreeMap<usize, RuleRecord>,
    shared: &'a Option<Vec<EdgeRecord>>,
    sinks: Vec<(&'a (usize, Range<usize>), &'a Finding)>,
    pending: &'a [Pending],
}

#[derive(Deserialize)]
struct Loaded {
    path: String,
    uri: String,
    functions: Vec<Function>,
    calls: Vec<CallSite>,
    fields: Vec<Field>,
    by_rule: BTreeMap<usize, RuleRecord>,
    shared: Option<Vec<EdgeRecord>>,
    sinks: Vec<((usize, Range<usize>), Finding)>,
    pending: Vec<Pending>,
}

/// Writes a partition's summaries as its files are reviewed.
pub(crate) struct SummaryWriter<W: Write> {
    out: GzEncoder<W>,
    files: usize,
}

impl<W: Write> SummaryWriter<W> {
    pub(crate) fn new(out: W, header: &Header) -> io::Result<SummaryWriter<W>> {
        let mut writer = SummaryWriter {
            out: GzEncoder::new(out, flate2::Compression::fast()),
            files: 0,
        };
        writer.frame(HEADER, &serde_json::to_vec(header)?)?;
        Ok(writer)
    }

    /// Writes `file` (its findings' secrets already masked: they are not written).
    pub(crate) fn add(&mut self, file: &FileRecord) -> io::Result<()> {
        let mut sinks: Vec<_> = file.sinks.iter().collect();
        sinks.sort_by_key(|((rule, sink), _)| (*rule, sink.start, sink.end));
        let written = Written {
            path: &file.path,
            uri: &file.uri,
            functions: &file.functions,
            calls: &file.calls,
            fields: &file.fields,
            by_rule: &file.by_rule,
            shared: &file.shared,
            sinks,
            pending: &file.pending,
        };
        self.frame(FILE, &serde_json::to_vec(&written)?)?;
        self.frame(STEPS, &file.steps)?;
        self.files += 1;
        Ok(())
    }

    /// Ends the file with its trailer; gives back what it was written to.
    pub(crate) fn finish(mut self, stopped: bool) -> io::Result<W> {
        let trailer = Trailer {
            files: self.files,
            stopped,
        };
        self.frame(END, &serde_json::to_vec(&trailer)?)?;
        self.out.finish()
    }

    fn frame(&mut self, tag: u8, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(&[tag])?;
        self.out.write_all(&(bytes.len() as u64).to_le_bytes())?;
        self.out.write_all(bytes)
    }
}

/// Why a summaries file was refused.
#[derive(Debug, thiserror::Error)]
pub(crate) enum SavedError {
    #[error("cannot read `{path}`: {error}")]
    Io { path: String, error: io::Error },
    #[error("`{path}` is not a shardscan summaries file ({reason})")]
    NotSummaries { path: String, reason: String },
    #[error("`{path}` was written by shardscan {found}; this is {ours}, which joins only its own version's summaries")]
    Version {
        path: String,
        found: String,
        ours: String,
    },
    #[error("`{path}` is damaged: {reason}")]
    Damaged { path: String, reason: String },
    #[error("`{path}` does not belong with `{first}`: {reason}\nhint: merge the summaries of one partitioned scan, each partition once")]
    Mismatch {
        path: String,
        first: String,
        reason: String,
    },
    #[error("the summaries do not fit together: {0}")]
    Inconsistent(String),
    #[error("no summaries of partition {partitions} of {count}: the flows across files and the matches it left to the merge would be lost\nhint: give the merge every partition's summaries file")]
    Missing { partitions: String, count: usize },
}

/// What the join of every partition's summaries found.
#[derive(Debug)]
pub(crate) struct Joined {
    /// The category the partitions' reports have.
    pub(crate) category: Option<String>,
    /// The flows across functions and files, and the matches that stand.
    pub(crate) found: Vec<crate::model::Joined>,
    /// What the user should know: partitions missing or stopped early.
    pub(crate) warnings: Vec<String>,
    /// Some partition compared its findings with a baseline.
    pub(crate) baseline: bool,
}

/// Joins the summaries at `paths`, as one scan of every partition's files would have joined
/// them: each file is checked as it is read, and the files must be the partitions of one scan
/// (same version, rules, category and count), each partition once. Past the index's bound, a
/// file's matches that wait on the join stand, as in a scan.
pub(crate) fn join(paths: &[std::path::PathBuf]) -> Result<Joined, SavedError> {
    let mut readers = Vec::with_capacity(paths.len());
    for path in paths {
        readers.push(SummaryReader::open(path)?);
    }
    let Some(first) = readers.first() else {
        return Ok(Joined {
            category: None,
            found: Vec::new(),
            warnings: Vec::new(),
            baseline: false,
        });
    };
    let (first_path, first_header) = (first.path.clone(), first.header.clone());
    let count = first_header.partition.1;
    let mut seen: BTreeMap<usize, String> = BTreeMap::new();
    for reader in &readers {
        let header = &reader.header;
        let mismatch = |reason: String| SavedError::Mismatch {
            path: reader.path.clone(),
            first: first_path.clone(),
            reason,
        };
        if header.rules != first_header.rules {
            return Err(mismatch(String::from("it was written with other rules")));
        }
        if header.category != first_header.category {
            return Err(mismatch(String::from("its category differs")));
        }
        let (index, of) = header.partition;
        if of != count {
            return Err(mismatch(format!(
                "it is partition {index} of {of}, not of {count}"
            )));
        }
        if let Some(earlier) = seen.insert(index, reader.path.clone()) {
            return Err(SavedError::Mismatch {
                path: reader.path.clone(),
                first: earlier,
                reason: format!("both are partition {index} of {count}"),
            });
        }
    }
    // A partition without its summaries left to the merge what no one else has: refused, as a
    // missing partition's SARIF is.
    if seen.len() < count {
        let missing = (1..=count).filter(|i| !seen.contains_key(i));
        let shown: Vec<String> = missing.clone().take(8).map(|i| i.to_string()).collect();
        let more = missing.count().saturating_sub(shown.len());
        return Err(SavedError::Missing {
            partitions: shown.join(", ")
                + &if more > 0 {
                    format!(" and {more} more")
                } else {
                    String::new()
                },
            count,
        });
    }
    let mut warnings = Vec::new();
    let baseline = readers.iter().any(|r| r.header.baseline);
    let mut index = super::Index::default();
    let mut standing = Vec::new();
    let mut stopped = Vec::new();
    let mut places = 0usize;
    // A file cut over partitions (where agents review, by shards) is summarized by each of them,
    // the same each time: the first partition's is taken, as the whole scan takes it once.
    let mut taken = std::collections::HashSet::new();
    readers.sort_by_key(|r| r.header.partition.0);
    for mut reader in readers {
        while let Some((file, its_places)) = reader.next_checked()? {
            if !taken.insert(file.path.clone()) {
                continue;
            }
            places = places.saturating_add(its_places);
            if places > MAX_PLACES {
                return Err(SavedError::Damaged {
                    path: reader.path.clone(),
                    reason: format!(
                        "the summaries name more than {MAX_PLACES} parameters, arguments, returns and results"
                    ),
                });
            }
            let uri = file.uri.clone();
            if let Err(pending) = index.add(file) {
                // Past the bound: what waits on callers stands; a leak lent to calls stays out.
                standing.extend(pending.into_iter().filter(|p| p.lent.is_empty()).map(|p| {
                    crate::model::Joined {
                        finding: p.finding,
                        uri: uri.clone(),
                    }
                }));
            }
        }
        if reader.trailer().is_some_and(|t| t.stopped) {
            stopped.push(format!("`{}`", reader.path));
        }
    }
    if !stopped.is_empty() {
        warnings.push(format!(
            "{} stopped before reading all of its files: no match that waits on its callers is dropped",
            stopped.join(", ")
        ));
    }
    let whole = stopped.is_empty();
    // Every number was checked as it was read; a join that still fails says so, not a panic.
    let joined = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| index.join(whole, None)))
        .map_err(|panic| SavedError::Inconsistent(crate::review::panic_message(&*panic)))?;
    let mut found = joined;
    found.extend(standing);
    Ok(Joined {
        category: first_header.category,
        found,
        warnings,
        baseline,
    })
}

/// Reads a summaries file: its header first ([`SummaryReader::open`]), then file by file, so
/// that the merge holds no more of it at once than the index keeps.
pub(crate) struct SummaryReader {
    path: String,
    input: BufReader<MultiGzDecoder<fs_err::File>>,
    pub(crate) header: Header,
    files: usize,
    trailer: Option<Trailer>,
}

impl SummaryReader {
    pub(crate) fn open(path: &Path) -> Result<SummaryReader, SavedError> {
        let shown = path.display().to_string();
        let file = fs_err::File::open(path).map_err(|error| SavedError::Io {
            path: shown.clone(),
            error,
        })?;
        if file.metadata().is_ok_and(|m| m.len() == 0) {
            return Err(SavedError::NotSummaries {
                path: shown,
                reason: String::from("it is empty"),
            });
        }
        let mut reader = SummaryReader {
            path: shown,
            input: BufReader::new(MultiGzDecoder::new(file)),
            header: Header {
                format: String::new(),
                version: String::new(),
                partition: (0, 0),
                category: None,
                baseline: false,
                rules: Vec::new(),
            },
            files: 0,
            trailer: None,
        };
        let not_ours = |path: &str, reason: &str| SavedError::NotSummaries {
            path: path.to_string(),
            reason: reason.to_string(),
        };
        let (tag, bytes) = match reader.frame() {
            Ok(Some(frame)) => frame,
            Ok(None) => return Err(not_ours(&reader.path, "it is empty")),
            // Not gzip at all: something else given as summaries (a cut gzip stream is damaged).
            Err(SavedError::Damaged { reason, .. }) if reason.starts_with(NOT_GZIP) => {
                return Err(not_ours(&reader.path, "it is not gzip"))
            }
            Err(error) => return Err(error),
        };
        if tag != HEADER {
            return Err(not_ours(&reader.path, "it does not start with a header"));
        }
        let header: Header = serde_json::from_slice(&bytes)
            .map_err(|e| not_ours(&reader.path, &format!("its header: {e}")))?;
        if header.format != FORMAT {
            return Err(not_ours(
                &reader.path,
                &format!("format `{}`, expected `{FORMAT}`", header.format),
            ));
        }
        let ours = env!("CARGO_PKG_VERSION");
        if header.version != ours {
            return Err(SavedError::Version {
                path: reader.path,
                found: header.version,
                ours: ours.to_string(),
            });
        }
        let (index, count) = header.partition;
        if index == 0 || index > count || count > crate::scope::partition::MAX_PARTITIONS {
            return Err(reader.damaged(format!("partition {index} of {count}")));
        }
        reader.header = header;
        Ok(reader)
    }

    /// The next file's record, checked; `None` after the trailer.
    #[cfg(test)]
    pub(crate) fn next_file(&mut self) -> Result<Option<FileRecord>, SavedError> {
        Ok(self.next_checked()?.map(|(file, _)| file))
    }

    /// The next file's record, checked, with the places the join will number for it.
    fn next_checked(&mut self) -> Result<Option<(FileRecord, usize)>, SavedError> {
        if self.trailer.is_some() {
            return Ok(None);
        }
        let Some((tag, bytes)) = self.frame()? else {
            return Err(self.damaged(String::from("it ends before its trailer (cut short?)")));
        };
        match tag {
            END => {
                let trailer: Trailer = serde_json::from_slice(&bytes)
                    .map_err(|e| self.damaged(format!("its trailer: {e}")))?;
                if trailer.files != self.files {
                    return Err(self.damaged(format!(
                        "its trailer counts {} files, it holds {}",
                        trailer.files, self.files
                    )));
                }
                if self.frame()?.is_some() {
                    return Err(self.damaged(String::from("something follows its trailer")));
                }
                self.trailer = Some(trailer);
                Ok(None)
            }
            FILE => {
                let read: Loaded = serde_json::from_slice(&bytes)
                    .map_err(|e| self.damaged(format!("file record {}: {e}", self.files + 1)))?;
                let steps = match self.frame()? {
                    Some((STEPS, steps)) => steps,
                    _ => {
                        return Err(
                            self.damaged(format!("the steps of `{}` are missing", read.path))
                        )
                    }
                };
                let file = FileRecord {
                    path: read.path,
                    uri: read.uri,
                    functions: read.functions,
                    calls: read.calls,
                    fields: read.fields,
                    by_rule: read.by_rule,
                    shared: read.shared,
                    sinks: read.sinks.into_iter().collect(),
                    pending: read.pending,
                    steps,
                    ..FileRecord::default()
                };
                let places = check(&file, self.header.rules.len())
                    .map_err(|reason| self.damaged(format!("`{}`: {reason}", file.path)))?;
                self.files += 1;
                Ok(Some((file, places)))
            }
            other => Err(self.damaged(format!("unexpected frame `{}`", other.escape_ascii()))),
        }
    }

    /// The trailer, once every file is read.
    pub(crate) fn trailer(&self) -> Option<Trailer> {
        self.trailer
    }

    fn damaged(&self, reason: String) -> SavedError {
        SavedError::Damaged {
            path: self.path.clone(),
            reason,
        }
    }

    /// The next frame; `None` at a clean end of the stream.
    fn frame(&mut self) -> Result<Option<(u8, Vec<u8>)>, SavedError> {
        let mut tag = [0u8; 1];
        match self.input.read(&mut tag) {
            Ok(0) => return Ok(None),
            Ok(_) => {}
            Err(error) => return Err(self.unreadable(error)),
        }
        let mut length = [0u8; 8];
        self.input
            .read_exact(&mut length)
            .map_err(|e| self.unreadable(e))?;
        let length = u64::from_le_bytes(length);
        if length > MAX_FRAME {
            return Err(self.damaged(format!("a frame of {length} bytes")));
        }
        let mut bytes = Vec::new();
        (&mut self.input)
            .take(length)
            .read_to_end(&mut bytes)
            .map_err(|e| self.unreadable(e))?;
        if bytes.len() as u64 != length {
            return Err(self.damaged(String::from("it ends inside a frame (cut short?)")));
        }
        Ok(Some((tag[0], bytes)))
    }

    /// A read that failed: the file's own error, or a stream that is not gzip or is cut short.
    fn unreadable(&self, error: io::Error) -> SavedError {
        match error.kind() {
            io::ErrorKind::UnexpectedEof => {
                self.damaged(String::from("it ends inside a frame (cut short?)"))
            }
            io::ErrorKind::InvalidInput | io::ErrorKind::InvalidData => {
                self.damaged(format!("{NOT_GZIP}: {error}"))
            }
            _ => SavedError::Io {
                path: self.path.clone(),
                error,
            },
        }
    }
}

/// Whether every number of `file` that indexes something indexes what it has (its functions,
/// calls, fields and steps, and `rules` rules), and no position is past [`MAX_POSITION`]; gives
/// the places the join will number for the file.
fn check(file: &FileRecord, rules: usize) -> Result<usize, String> {
    let (functions, calls, fields) = (file.functions.len(), file.calls.len(), file.fields.len());
    let within = |what: &str, n: usize, count: usize| {
        if n < count {
            Ok(())
        } else {
            Err(format!("{what} {n} of {count}"))
        }
    };
    let position = |n: usize| within("position", n, MAX_POSITION);
    let call_argument = |call: usize, at: usize| {
        within("call", call, calls)?;
        position(at)
    };
    // Per function its parameters, per call its arguments, as the join numbers them: as many
    // as it names or as any edge gives it.
    let mut parameters = Vec::with_capacity(functions);
    for function in &file.functions {
        position(function.parameters)?;
        parameters.push(function.parameters);
        for keeping in &function.keeps {
            for (call, at) in &keeping.through {
                call_argument(*call, *at)?;
            }
        }
    }
    let mut arguments = Vec::with_capacity(calls);
    for call in &file.calls {
        position(call.arguments.len())?;
        arguments.push(call.arguments.len());
        if call.by_address.len() > call.arguments.len() {
            return Err(format!(
                "call `{}` has more flags than arguments",
                call.name
            ));
        }
        for field in &call.overwritten {
            within("field", *field, fields)?;
        }
    }
    let steps = file.steps.len();
    let mut edge = |edge: &EdgeRecord| -> Result<(), String> {
        match edge.from() {
            Origin::Source => {}
            Origin::Parameter(function, at) => {
                within("function", function, functions)?;
                position(at)?;
                parameters[function] = parameters[function].max(at + 1);
            }
            Origin::Result(call) => within("call", call, calls)?,
            Origin::Field(field, function) => {
                within("field", field, fields)?;
                within("function", function, functions)?;
            }
        }
        match edge.to() {
            Target::Sink(range) if range.start > range.end => {
                return Err(format!("a sink at {}..{}", range.start, range.end))
            }
            Target::Sink(_) => {}
            Target::Argument(call, at) => {
                call_argument(call, at)?;
                arguments[call] = arguments[call].max(at + 1);
            }
            Target::Return(function) => within("function", function, functions)?,
            Target::Field(field) => within("field", field, fields)?,
        }
        let end = edge.steps.at as usize + edge.steps.len as usize;
        if end > steps {
            return Err(format!("steps up to byte {end} of {steps}"));
        }
        Ok(())
    };
    for (rule, record) in &file.by_rule {
        within("rule", *rule, rules)?;
        record.edges.iter().try_for_each(&mut edge)?;
    }
    file.shared.iter().flatten().try_for_each(&mut edge)?;
    for (rule, range) in file.sinks.keys() {
        within("rule", *rule, rules)?;
        if range.start > range.end {
            return Err(format!("a sink at {}..{}", range.start, range.end));
        }
    }
    for pending in &file.pending {
        for (rule, _) in &pending.sinks {
            within("rule", *rule, rules)?;
        }
        for (call, at) in &pending.lent {
            call_argument(*call, *at)?;
        }
    }
    let numbered = parameters.iter().chain(&arguments).sum::<usize>();
    Ok(numbered + functions + calls + fields)
}

#[cfg(test)]
mod tests;
