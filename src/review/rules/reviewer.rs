//! The rules reviewer: turns the matches of a shard's rules into findings.

use std::io::Write as _;
use std::sync::{Arc, Mutex};

use super::engine::{FileMatches, Incomplete, RuleMatch};
use super::join::saved::{self, Header, SummaryWriter};
use super::join::{again, EdgeRecord, FileRecord, Index, Pending, Reread, RuleRecord, StepWriter};
use super::taint::summary::{Edge, Origin, Target};
use super::RuleSet;
use crate::lang::GrammarNames;
use crate::lang::Language;
use crate::model::{Finding, FlowStep, Location, Problem};
use crate::review::{Finished, ReviewError, Reviewer, Seen};
use crate::secrets as mask;
use crate::slice::{suppress, Shard, SourceFile};

/// Most lines of source kept as a finding's snippet.
const SNIPPET_LINES: usize = 8;

pub(crate) struct RulesReviewer {
    rules: Arc<RuleSet>,
    /// The summaries of the files reviewed so far, joined by [`Reviewer::finish`].
    index: Mutex<Index>,
    /// A partition's summaries written out for `shardscan merge` (`--summaries-out`), in place
    /// of its own join: its files' flows across functions and the matches the join decides are
    /// the merge's to report, with every other partition's files.
    saving: Option<Mutex<Saving>>,
}

/// Where a partition's summaries stand: still being written, written whole, or stopped by the
/// first error writing them.
enum Saving {
    Open(SummaryWriter<std::fs::File>),
    Written,
    Failed(std::io::Error),
}

impl RulesReviewer {
    pub(crate) fn new(rules: Arc<RuleSet>) -> RulesReviewer {
        RulesReviewer {
            rules,
            index: Mutex::new(Index::default()),
            saving: None,
        }
    }

    /// A reviewer that writes its summaries to `out` (see [`saved`](super::join::saved)) and
    /// joins nothing itself: partition `partition` of a run whose reports say `category`, and
    /// compare their findings with a baseline if `baseline`.
    pub(crate) fn saving(
        rules: Arc<RuleSet>,
        out: std::fs::File,
        partition: (usize, usize),
        category: Option<String>,
        baseline: bool,
    ) -> std::io::Result<RulesReviewer> {
        let header = Header {
            format: saved::FORMAT.to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            partition,
            category,
            baseline,
            rules: rules.rules().iter().map(|r| r.meta.id.clone()).collect(),
        };
        let writer = SummaryWriter::new(out, &header)?;
        Ok(RulesReviewer {
            saving: Some(Mutex::new(Saving::Open(writer))),
            ..RulesReviewer::new(rules)
        })
    }

    /// After [`Reviewer::finish`]: whether the summaries were written whole.
    pub(crate) fn saved(&self) -> std::io::Result<()> {
        let Some(saving) = &self.saving else {
            return Ok(());
        };
        let mut saving = saving.lock().unwrap_or_else(|e| e.into_inner());
        match std::mem::replace(&mut *saving, Saving::Written) {
            Saving::Written => Ok(()),
            Saving::Failed(error) => Err(error),
            Saving::Open(_) => Err(std::io::Error::other("the run ended before its summaries")),
        }
    }

    /// The finding a match is, in `file`.
    fn finding(&self, file: &SourceFile, tree: &tree_sitter::Tree, m: &RuleMatch) -> Finding {
        let rule = self.rules.rule(m.rule);
        let node = tree
            .root_node()
            .descendant_for_byte_range(m.node_bytes.start, m.node_bytes.end);
        let location = location_of(file, &m.node_bytes);
        let start_byte_column = m.node_bytes.start - file.line_start(location.start_line);
        let mut finding = Finding::new(
            rule.meta.id.clone(),
            self.name(),
            rule.meta.severity,
            render_message(
                &rule.meta.message,
                &m.captures,
                m.detail.as_deref(),
                &file.text,
            ),
            location,
        );
        let (start_line, end_line) = (finding.location.start_line, finding.location.end_line);
        finding.cwe = rule.meta.cwe.clone();
        finding.confidence = rule.meta.precision.confidence();
        finding.snippet = snippet(file, start_line, end_line, start_byte_column);
        finding.symbol = node.and_then(|n| enclosing_symbol(file, n));
        finding.flow = m
            .flow
            .iter()
            .map(|(bytes, message)| flow_step(file, bytes, message))
            .collect();
        if let Some(node) = node.filter(|_| mask::is_secret(&rule.meta.cwe)) {
            finding.secrets = secret_values(node, &file.text);
        }
        finding
    }

    /// Hands the file's summaries and deferred matches to the index, with what the join will
    /// need of the file (locations, snippets, line hashes, suppressions) taken now: the file is
    /// not kept. Summaries of a first pass (see [`CompiledRules::run_lazily`]) keep where to read
    /// the file again.
    ///
    /// [`CompiledRules::run_lazily`]: super::engine::CompiledRules::run_lazily
    fn summarize(&self, file: &SourceFile, tree: &tree_sitter::Tree, matches: &mut FileMatches) {
        let first_pass = matches.facts.as_ref().is_some_and(|f| f.first_pass);
        let Some(mut record) = self.record(file, tree, matches) else {
            return;
        };
        if first_pass {
            record.reread = file.origin.clone().map(|path| Reread {
                path,
                language: file.language,
                hash: again::hash(&file.text),
            });
        }
        if let Some(saving) = &self.saving {
            // Masked now, with the file's own secrets: the secrets themselves are not written
            // out. (The steps' lines are, as the join's spill holds them; the merge writes SARIF,
            // which shows no step's line.)
            let mut findings: Vec<&mut Finding> = record
                .sinks
                .values_mut()
                .chain(record.pending.iter_mut().map(|p| &mut p.finding))
                .collect();
            mask::mask_findings(&mut findings);
            let mut saving = saving.lock().unwrap_or_else(|e| e.into_inner());
            if let Saving::Open(writer) = &mut *saving {
                if let Err(error) = writer.add(&record) {
                    *saving = Saving::Failed(error);
                }
            }
            return;
        }
        let accepted = self
            .index
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .add(record);
        // Past the index's bound a file is not joined: its deferred matches stand now (its
        // leaks lent to calls, which nothing decides, stay out).
        if accepted.is_err() {
            for m in matches.matches.iter_mut() {
                m.deferred.clear();
            }
        }
    }

    /// The file's summaries and the matches the join decides, as the index keeps them; `None`
    /// when the run made no summaries (the query was cut short).
    fn record(
        &self,
        file: &SourceFile,
        tree: &tree_sitter::Tree,
        matches: &mut FileMatches,
    ) -> Option<FileRecord> {
        let facts = matches.facts.take()?;
        let mut record = FileRecord {
            path: file.rel_path.clone(),
            uri: file.uri.clone(),
            ..FileRecord::default()
        };
        let calls = &facts.shape.calls;
        let functions = &facts.shape.functions;
        let fields = &facts.shape.fields;
        // The edges' steps, written out with the file (the index keeps them out of memory).
        let mut spilled = StepWriter::default();
        let mut records = |edges: Vec<Edge>| -> Vec<EdgeRecord> {
            // Into a vector of their own: collected in place, the records would keep the
            // edges' larger allocation for as long as the index holds them.
            let mut records = Vec::with_capacity(edges.len());
            records.extend(edges.into_iter().filter_map(|edge| {
                // Where the value leaves the function, the argument or the return value,
                // is no sink: its step says where the value goes.
                let leaves = match &edge.to {
                    Target::Argument(call, _) => Some(format!("passed to `{}`", calls[*call].name)),
                    Target::Return(function) => {
                        Some(format!("returned by `{}`", functions[*function].name))
                    }
                    Target::Field(field) => Some(format!("stored in `{}`", fields[*field].name)),
                    Target::Sink(_) => None,
                };
                let last = edge.steps.len().saturating_sub(1);
                let steps =
                    edge.steps
                        .iter()
                        .enumerate()
                        .map(|(at, (bytes, message))| match &leaves {
                            Some(leaves) if at == last => (bytes, leaves.as_str()),
                            _ => (bytes, &**message),
                        });
                // Each place is shown (its location and lines) once for the file, however
                // many edges go through it.
                let written = spilled.write_at(steps, |bytes| {
                    let step = flow_step(file, bytes, "");
                    (step.location, step.text)
                });
                EdgeRecord::new(edge.from, &edge.to, written)
            }));
            records
        };
        for (rule, edges) in facts.by_rule {
            // The finding each sink that a parameter or a call's result reaches would be.
            let sinks = edges.edges.iter().filter(|e| e.from != Origin::Source);
            for sink in sinks.filter_map(|e| match &e.to {
                Target::Sink(sink) => Some(sink),
                _ => None,
            }) {
                record.sinks.entry((rule, sink.clone())).or_insert_with(|| {
                    let m = RuleMatch {
                        rule,
                        node_bytes: sink.clone(),
                        captures: vec![(String::from("sink"), sink.clone())],
                        flow: Vec::new(),
                        detail: None,
                        deferred: Vec::new(),
                        lent: Vec::new(),
                    };
                    prepared(file, self.finding(file, tree, &m))
                });
            }
            let rule_record = RuleRecord {
                edges: records(edges.edges),
                shares: edges.shares,
                complete: edges.complete,
            };
            record.by_rule.insert(rule, rule_record);
        }
        // A leak whose memory was lent to calls: each call as the summary numbers it (one it
        // does not number, the join cannot look into: the match is dropped).
        for m in matches.matches.iter().filter(|m| !m.lent.is_empty()) {
            let lent: Option<Vec<(usize, usize)>> = m
                .lent
                .iter()
                .map(|argument| facts.shape.argument(argument))
                .collect();
            if let Some(lent) = lent {
                record.pending.push(Pending {
                    finding: prepared(file, self.finding(file, tree, m)),
                    sinks: Vec::new(),
                    lent,
                });
            }
        }
        record.shared = facts.shared.map(&mut records);
        record.steps = spilled.finish();
        record.functions = facts.shape.functions;
        record.fields = facts.shape.fields;
        record.calls = facts.shape.calls;
        for m in matches.matches.iter().filter(|m| !m.deferred.is_empty()) {
            record.pending.push(Pending {
                finding: prepared(file, self.finding(file, tree, m)),
                sinks: m.deferred.clone(),
                lent: Vec::new(),
            });
        }
        Some(record)
    }

    /// Reads again, parses and summarizes whole a file the first pass summarized (see
    /// [`again`]): its record as the index would have had it.
    fn load(&self, first: &FileRecord) -> Result<FileRecord, String> {
        let reread = first
            .reread
            .as_ref()
            .ok_or("it was summarized whole already")?;
        let bytes = crate::files::read_unnamed(&reread.path)
            .map_err(|e| format!("it could not be read again: {e}"))?;
        let text = match crate::walk::classify(&reread.path, Some(reread.language), bytes) {
            crate::walk::Classified::Source { text, .. } => text,
            crate::walk::Classified::Skip(reason) => {
                return Err(format!("it is no longer source text ({reason})"))
            }
        };
        if again::hash(&text) != reread.hash {
            return Err(String::from("it changed while it was scanned"));
        }
        let mut file =
            SourceFile::new(first.path.clone(), first.uri.clone(), reread.language, text);
        thread_local! {
            static PARSER: std::cell::RefCell<tree_sitter::Parser> =
                std::cell::RefCell::new(tree_sitter::Parser::new());
        }
        PARSER.with_borrow_mut(|parser| crate::slice::parse(&mut file, parser));
        let tree = file.tree.as_ref().ok_or("it could not be parsed again")?;
        let compiled = match self.rules.compiled(reread.language) {
            Ok(Some(compiled)) => compiled,
            _ => return Err(String::from("its rules are gone")),
        };
        let mut matches = compiled.run_with_summaries(tree, &file.text);
        if matches.incomplete.is_some() {
            return Err(String::from("its rules did not run to the end again"));
        }
        // Its matches were judged in the first pass (none waited), and reported then.
        self.record(&file, tree, &mut matches)
            .ok_or_else(|| String::from("it gave no summaries again"))
    }
}

/// A finding of the join, with what the aggregator would take from its file taken now.
fn prepared(file: &SourceFile, mut finding: Finding) -> Finding {
    let line = finding.location.start_line;
    finding.line_hash = file.line_hash(line);
    finding.suppressed = suppress::suppression(file, line, &finding.rule_id);
    finding
}

/// One step of a flow, at `bytes` of `file`: the line (and the next one) as its text.
fn flow_step(file: &SourceFile, bytes: &std::ops::Range<usize>, message: &str) -> FlowStep {
    let location = location_of(file, bytes);
    let column = bytes.start - file.line_start(location.start_line);
    let line = location.start_line;
    let mut text = clip_line(file.line_text(line), column);
    if line < file.line_count() {
        text.push('\n');
        text.push_str(&clip_line(file.line_text(line + 1), 0));
    }
    FlowStep {
        text,
        location,
        message: message.to_string(),
    }
}

impl RulesReviewer {
    /// Every match of the file's rules: one pass of the query over the whole tree serves every
    /// shard of the file, and its summaries go to the index once. `None`: no rule of the
    /// language is in force.
    fn file_matches(&self, file: &SourceFile) -> Result<Option<Arc<FileMatches>>, ReviewError> {
        let Some(tree) = &file.tree else {
            return Err(ReviewError::Permanent(format!(
                "not parsed: {}",
                file.parse_failure.as_deref().unwrap_or("no syntax tree")
            )));
        };
        let compiled = match self.rules.compiled(file.language) {
            Ok(Some(compiled)) => compiled,
            Ok(None) => return Ok(None),
            Err(e) => return Err(ReviewError::Permanent(e.to_string())),
        };
        Ok(Some(file.reviewer_cache.get_or_insert_with(
            "rules",
            || {
                // A first pass, where the file can be read again for the join (not when the
                // summaries are written out for a merge, which reads no file).
                let lazy = self.saving.is_none()
                    && file.origin.is_some()
                    && summarized_lazily(file.language);
                let mut matches = if lazy {
                    compiled.run_lazily(tree, &file.text)
                } else {
                    compiled.run_with_summaries(tree, &file.text)
                };
                // No match of a first pass waits for the join, which reads a file again only
                // where its walks go (a first pass makes whole at once a file with a match it
                // cannot judge): one that did would be judged by nothing.
                let first_pass = matches.facts.as_ref().is_some_and(|f| f.first_pass);
                let waiting = first_pass && matches.matches.iter().any(|m| !m.deferred.is_empty());
                debug_assert!(
                    !waiting,
                    "a first pass left a match waiting in {}",
                    file.rel_path
                );
                if waiting {
                    matches = compiled.run_with_summaries(tree, &file.text);
                }
                self.summarize(file, tree, &mut matches);
                matches
            },
        )))
    }
}

impl Reviewer for RulesReviewer {
    fn name(&self) -> &str {
        "rules"
    }

    fn supports(&self, language: Language) -> bool {
        language.has_grammar() && self.rules.covers(language)
    }

    fn review(&self, shard: &Shard) -> Result<Vec<Finding>, ReviewError> {
        let file = &shard.file;
        let Some(file_matches) = self.file_matches(file)? else {
            return Ok(Vec::new());
        };
        let Some(tree) = &file.tree else {
            return Ok(Vec::new());
        };
        let incomplete = file_matches.incomplete.clone();
        let findings: Vec<Finding> = file_matches
            .in_range(&shard.byte_range)
            .iter()
            .filter(|m| m.deferred.is_empty() && m.lent.is_empty())
            .map(|m| self.finding(file, tree, m))
            .collect();
        match incomplete {
            None => Ok(findings),
            Some(Incomplete::MatchLimit) => Err(ReviewError::Incomplete {
                findings,
                reason: String::from("rules stopped early: too many partial matches in this file"),
            }),
            Some(Incomplete::Timeout) => Err(ReviewError::Incomplete {
                findings,
                reason: format!(
                    "rules timed out after {}s on this file",
                    super::engine::QUERY_TIMEOUT.as_secs()
                ),
            }),
        }
    }

    fn prepare(&self, file: &SourceFile) {
        let _ = self.file_matches(file);
    }

    fn warm(&self, language: Language) {
        // An error is the review's to report, on each shard.
        let _ = self.rules.compiled(language);
    }

    fn ready(&self, language: Language) -> bool {
        self.rules.is_compiled(language)
    }

    fn finish(&self, seen: Seen) -> Finished {
        if let Some(saving) = &self.saving {
            let mut saving = saving.lock().unwrap_or_else(|e| e.into_inner());
            *saving = match std::mem::replace(&mut *saving, Saving::Written) {
                Saving::Open(writer) => {
                    match writer
                        .finish(seen.stopped)
                        .and_then(|mut file| file.flush())
                    {
                        Ok(()) => Saving::Written,
                        Err(error) => Saving::Failed(error),
                    }
                }
                done => done,
            };
            return Finished::default();
        }
        let index = std::mem::take(&mut *self.index.lock().unwrap_or_else(|e| e.into_inner()));
        // A file the join could not read again is taken as one whose walks stopped there (see
        // [`again`]): said, since flows through it may be missing.
        let unread = Mutex::new(Vec::new());
        let loader = |first: &FileRecord| {
            self.load(first).inspect_err(|why| {
                let problem = Problem {
                    path: first.path.clone(),
                    message: format!(
                        "flows through its functions were not followed across files: {why}"
                    ),
                };
                unread
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(problem);
            })
        };
        let joined = index.join(seen.whole, Some(&loader));
        let problems = unread.into_inner().unwrap_or_else(|e| e.into_inner());
        Finished { joined, problems }
    }
}

/// Where `bytes` of `file` are. Lines come from byte offsets, not tree-sitter rows, so a lone `\r`
/// counts as a line break here exactly as in the slicer, SARIF viewers and GitHub; columns are
/// UTF-16, as SARIF's.
fn location_of(file: &SourceFile, bytes: &std::ops::Range<usize>) -> Location {
    let (start_line, end_line) = file.lines_of(bytes);
    let start = bytes.start - file.line_start(start_line);
    let end = (bytes.end - file.line_start(end_line)).min(file.line_text(end_line).len());
    Location {
        path: file.rel_path.clone(),
        start_line,
        start_column: file.utf16_column(start_line, start),
        end_line,
        end_column: file.utf16_column(end_line, end),
    }
}

/// The values of the string literals inside a secret finding's node, so they can be masked
/// wherever they are quoted.
fn secret_values(node: tree_sitter::Node<'_>, text: &str) -> Vec<String> {
    const MAX_NODES: usize = 512;
    let mut values = Vec::new();
    let mut cursor = node.walk();
    let mut visited = 0;
    'walk: loop {
        let current = cursor.node();
        visited += 1;
        if current.kind_name().contains("string") || current.kind_name().contains("heredoc") {
            let value = mask::literal_value(&text[current.byte_range()]);
            if value.chars().count() > 4 && !value.contains('\n') {
                values.push(value.to_string());
            }
        }
        if visited < MAX_NODES && cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.node() == node {
                break 'walk;
            }
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    values
}

/// Replaces `{{capture}}` in a rule message with the first line of that capture's text.
fn render_message(
    template: &str,
    captures: &[(String, std::ops::Range<usize>)],
    detail: Option<&str>,
    text: &str,
) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        let Some(len) = rest[start..].find("}}") else {
            break;
        };
        let name = rest[start + 2..start + len].trim();
        out.push_str(&rest[..start]);
        if let (Some(detail), "detail") = (detail, name) {
            out.push_str(detail);
            rest = &rest[start + len + 2..];
            continue;
        }
        match captures.iter().find(|(n, _)| n == name) {
            Some((_, range)) => {
                let value = text[range.clone()]
                    .lines()
                    .next()
                    .unwrap_or_default()
                    .trim();
                let mut cut = value.len().min(80);
                while !value.is_char_boundary(cut) {
                    cut -= 1;
                }
                out.push_str(&value[..cut]);
                if cut < value.len() {
                    out.push_str("...");
                }
            }
            None => out.push_str(&rest[start..start + len + 2]),
        }
        rest = &rest[start + len + 2..];
    }
    out.push_str(rest);
    out
}

/// The flagged lines, at most [`SNIPPET_LINES`] of them, each clipped to [`SNIPPET_WIDTH`]
/// characters around the flagged column: one finding on a 500 KB line must not put the whole line
/// into every report. A clipped line is marked with `…` where it was cut.
pub(crate) fn snippet(
    file: &SourceFile,
    start_line: usize,
    end_line: usize,
    start_byte_column: usize,
) -> String {
    let last = end_line.min(start_line + SNIPPET_LINES - 1);
    (start_line..=last)
        .map(|line| {
            let text = file.line_text(line);
            let column = if line == start_line {
                start_byte_column
            } else {
                0
            };
            clip_line(text, column)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Most characters of one snippet line.
pub(crate) const SNIPPET_WIDTH: usize = 240;

fn clip_line(text: &str, byte_column: usize) -> String {
    if text.chars().count() <= SNIPPET_WIDTH {
        return text.to_string();
    }
    let mut column = byte_column.min(text.len());
    while !text.is_char_boundary(column) {
        column -= 1;
    }
    // Keep a little context before the flagged column.
    let before = text[..column].chars().count();
    let skip = before.saturating_sub(SNIPPET_WIDTH / 6);
    let kept: String = text.chars().skip(skip).take(SNIPPET_WIDTH).collect();
    let cut_end = skip + SNIPPET_WIDTH < text.chars().count();
    format!(
        "{}{kept}{}",
        if skip > 0 { "…" } else { "" },
        if cut_end { "…" } else { "" }
    )
}

/// `Outer > inner`: the definitions enclosing `node`, outermost first. Part of the fingerprint, so
/// a finding keeps its identity when code above it moves.
pub(crate) fn enclosing_symbol(file: &SourceFile, node: tree_sitter::Node<'_>) -> Option<String> {
    let kinds = file.language.spec().definition_kinds;
    let mut names = Vec::new();
    let mut current = Some(node);
    while let Some(n) = current {
        if kinds.contains(&n.kind_name()) {
            if let Some(name) = crate::slice::node_name(file, n) {
                if names.last() != Some(&name) {
                    names.push(name);
                }
            }
        }
        current = n.parent();
    }
    names.reverse();
    (!names.is_empty()).then(|| names.join(" > "))
}

/// Whether a scan summarizes files of `language` in a first pass (see
/// [`CompiledRules::run_lazily`]), where it can read them again for the join. C and C++ are
/// summarized whole at once: their rules' sources (constants, allocations, what is read) are in
/// most functions, and the join goes into most files (101 of libxml2's 195), which read again
/// would cost the scan more than it saves.
///
/// [`CompiledRules::run_lazily`]: super::engine::CompiledRules::run_lazily
pub(crate) fn summarized_lazily(language: Language) -> bool {
    !matches!(language, Language::C | Language::Cpp)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file of a first pass that the join goes into but cannot read again (it changed while
    /// the scan ran) is a problem of the run, named with why: the flows through it are not
    /// followed. Unchanged, the join reads it again and finds the flow through it.
    #[test]
    fn a_file_the_join_cannot_read_again_is_a_problem_naming_it() {
        let rules = Arc::new(RuleSet::builtin().expect("the built-in rules load"));
        let dir = tempfile::tempdir().expect("a temporary directory");
        let dir = dir.path();
        // A request's value goes through `b.run`, which no rule has a role in (so a first pass
        // leaves it as one), to the shell in `c.execute`.
        let files = [
            (
                "a.py",
                "from flask import request\nfrom b import run\n\n\ndef main():\n    run(request.args[\"cmd\"])\n",
            ),
            (
                "b.py",
                "from c import execute\n\n\ndef run(cmd):\n    execute(cmd)\n",
            ),
            (
                "c.py",
                "import os\n\n\ndef execute(cmd):\n    os.system(cmd)\n",
            ),
        ];
        let mut parser = tree_sitter::Parser::new();
        for changed in [false, true] {
            let reviewer = RulesReviewer::new(Arc::clone(&rules));
            for (name, text) in files {
                let path = dir.join(name);
                std::fs::write(&path, text).expect("written");
                let (name, text) = (name.to_string(), text.to_string());
                let mut file = SourceFile::new(name.clone(), name, Language::Python, text);
                file.origin = Some(path);
                crate::slice::parse(&mut file, &mut parser);
                reviewer.prepare(&file);
            }
            if changed {
                let edited = format!("{}# edited\n", files[1].1);
                std::fs::write(dir.join("b.py"), edited).expect("written");
            }
            let finished = reviewer.finish(Seen {
                whole: true,
                stopped: false,
            });
            let through_b = finished.joined.iter().any(|joined| {
                let mut steps = joined.finding.flow.iter();
                steps.any(|step| step.location.path == "b.py")
            });
            if changed {
                assert!(!through_b, "{:?}", finished.joined);
                let [problem] = finished.problems.as_slice() else {
                    panic!("{:?}", finished.problems);
                };
                assert_eq!(problem.path, "b.py");
                assert!(problem.message.contains("it changed while it was scanned"));
            } else {
                assert!(through_b, "{:?}", finished.joined);
                assert!(finished.problems.is_empty(), "{:?}", finished.problems);
            }
        }
    }

    #[test]
    fn clips_long_lines_around_the_flagged_column() {
        assert_eq!(clip_line("short", 0), "short");
        let long = format!("{}eval(x){}", "a".repeat(10_000), "b".repeat(10_000));
        let clipped = clip_line(&long, 10_000);
        assert!(clipped.starts_with('…') && clipped.ends_with('…'));
        assert!(clipped.contains("eval(x)"));
        assert!(clipped.chars().count() <= SNIPPET_WIDTH + 2);
        let tail = clip_line(&long, 0);
        assert!(!tail.starts_with('…') && tail.ends_with('…'));
    }
}
