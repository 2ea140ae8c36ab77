//! What an agent is told: the lens's instructions, the shard with absolute line numbers and its
//! context header, and the schema of the answer.

use serde_json::{json, Value};

use super::parse::RawFinding;
use super::{Lens, Request, RequestKind};
use crate::model::Finding;
use crate::review::context::pack::Packed;
use crate::slice::Shard;

/// Longest enclosing definition shown to a verifier, in lines; past it the verifier sees the
/// finding's lines with this many lines around them.
const VERIFY_CONTEXT_LINES: usize = 400;
const VERIFY_MARGIN: usize = 40;

/// The answer of a review: `{"findings": [...]}`.
pub(crate) fn findings_schema() -> Value {
    json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["findings"],
        "properties": {
            "findings": {
                "type": "array",
                "maxItems": 12,
                "items": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["evidence", "start_line", "end_line", "cwe", "severity",
                                 "title", "explanation", "confidence"],
                    // The order a model writes them in: the quote first, so the lines it cites
                    // follow from what it quoted.
                    "properties": {
                        "evidence": {"type": "string", "description": "the offending code, quoted exactly from the file", "maxLength": 600},
                        "start_line": {"type": "integer", "description": "first line of the bug, as numbered in the code"},
                        "end_line": {"type": "integer", "description": "last line of the bug"},
                        "cwe": {"type": "string", "description": "CWE identifier such as CWE-89, or an empty string"},
                        "severity": {"type": "string", "enum": ["error", "warning", "note"]},
                        "title": {"type": "string", "maxLength": 120},
                        "explanation": {"type": "string", "maxLength": 1200},
                        "confidence": {"type": "number", "minimum": 0, "maximum": 1}
                    }
                }
            }
        }
    })
}

/// The answer of a verification: `{"verdict": "confirmed"|"rejected", "reason": ...}`.
pub(crate) fn verdict_schema() -> Value {
    json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["verdict", "reason"],
        "properties": {
            "verdict": {"type": "string", "enum": ["confirmed", "rejected"]},
            "reason": {"type": "string", "maxLength": 600}
        }
    })
}

fn lens_instructions(lens: Lens) -> &'static str {
    match lens {
        Lens::Security => {
            "Look for security vulnerabilities: injection (SQL, command, code, template, LDAP, \
             XPath), path traversal, SSRF, XSS, open redirects, unsafe deserialization, broken \
             authentication or authorization checks, hard-coded secrets, weak cryptography, \
             disabled TLS verification, and untrusted input reaching a dangerous sink."
        }
        Lens::Memory => {
            "Look for memory-safety and resource bugs: buffer overflows, out-of-bounds reads and \
             writes, use after free, double free, null dereferences, integer overflow feeding a \
             size, uninitialized memory, leaks of memory, file handles or locks on error paths."
        }
        Lens::Concurrency => {
            "Look for concurrency bugs: data races, unsynchronized shared state, check-then-act \
             races (TOCTOU), deadlocks from lock ordering, missing awaits, blocking calls inside \
             async code, and state shared across requests."
        }
        Lens::Logic => {
            "Look for logic bugs: wrong conditions, off-by-one errors, inverted checks, \
             unhandled error cases, wrong operator precedence, values used before validation, \
             and code that does not do what its names say."
        }
    }
}

/// What a review answer looks like, shown in the instructions instead of the JSON schema: the
/// schema itself goes out as `response_format` or the tool's input schema where the protocol has
/// one, and a model shown the raw schema echoes it back.
const FINDINGS_EXAMPLE: &str = r#"{"findings": [{"evidence": "<the offending code, copied exactly>", "start_line": 12, "end_line": 13, "cwe": "CWE-78", "severity": "error", "title": "<short title>", "explanation": "<why it is a bug and how it can be reached>", "confidence": 0.8}]}"#;

/// The line before the code to review: everything above it is context.
pub(crate) const CODE_MARKER: &str = "Code to review (each line starts with its number):";

const VERDICT_EXAMPLE: &str = r#"{"verdict": "confirmed", "reason": "<one or two sentences>"}"#;

/// The request that reviews `shard` through `lens`; `packed` is the context from the rest of
/// the repository (see `review::context::pack`), empty for none.
pub(crate) fn review_request(
    shard: &Shard,
    lens: Lens,
    max_output_tokens: u32,
    packed: &Packed,
) -> Request {
    let system = format!(
        "You are a meticulous code auditor, one of many reviewing a codebase in parallel; you see \
         one slice of one file. {}\n\nReport only real, specific problems in the numbered lines \
         of the slice; the context above them is for understanding only. A bug may run through \
         a function defined elsewhere: when input in these lines reaches a dangerous operation \
         inside a function shown in the context, report it at the line here that calls it. \
         Cite the lines by the numbers shown. Quote the offending code exactly in `evidence`. Give a CWE identifier \
         when one fits. Severity: error for exploitable or certain bugs, warning for likely \
         ones, note for minor ones. If nothing is wrong, answer {{\"findings\": []}}. Answer \
         with JSON only, shaped like this example:\n{}",
        lens_instructions(lens),
        FINDINGS_EXAMPLE
    );
    // The cache key is taken over the same text with lines counted from the shard's start, so
    // code that only moved is a hit; the findings cached are relative to the start too.
    let user = |base: usize| {
        let mut user = format!(
            "File: {} ({})\nLines {}-{} of the file are to be reviewed.\n\nContext:\n{}\n{}",
            shard.file.rel_path,
            shard.language(),
            shard.start_line - base,
            shard.end_line - base,
            shard.header_text(),
            packed.render(base),
        );
        push_code(&mut user, shard, shard.start_line, shard.end_line, base);
        user
    };
    keyed_request(
        RequestKind::Findings,
        system,
        user,
        shard.start_line,
        max_output_tokens,
    )
}

/// The request that asks an independent verifier to confirm or reject `finding`, with wider
/// context than the reviewer had: the file's imports and the whole enclosing definition. The
/// verifier is shown the claim (title, CWE, lines), not the reviewer's explanation: shown the
/// explanation, a small model copies it and confirms everything.
pub(crate) fn verify_request(shard: &Shard, finding: &RawFinding) -> Request {
    let system = format!(
        "You are an independent verifier. Another reviewer reported a possible bug. Check it \
         against the code and decide whether it is real. Reject it if the code does not do what \
         the report says, if the input cannot be controlled, or if it is handled elsewhere in \
         what you see. Answer with JSON only, shaped like this example:\n{}",
        VERDICT_EXAMPLE
    );
    let file = &shard.file;
    let (first, last) = enclosing_lines(shard, finding.start_line, finding.end_line);
    let user = |base: usize| {
        let mut user = format!(
            "Reported bug: {}{} at {} lines {}-{}\n\nFile: {} ({})\nImports:\n",
            finding.title.trim_end_matches('.'),
            finding
                .cwe
                .as_ref()
                .map_or(String::new(), |cwe| format!(" [{cwe}]")),
            file.rel_path,
            finding.start_line - base,
            finding.end_line - base,
            file.rel_path,
            shard.language()
        );
        for import in shard.context.imports.iter() {
            user.push_str(import);
            user.push('\n');
        }
        user.push('\n');
        push_code(&mut user, shard, first, last, base);
        user
    };
    keyed_request(
        RequestKind::Verdict,
        system,
        user,
        first,
        VERDICT_OUTPUT_TOKENS,
    )
}

/// The request that asks an agent to triage a static finding (`--triage`): the rule's claim, its
/// flow from source to sink, the packed context and the enclosing definition.
pub(crate) fn triage_request(shard: &Shard, finding: &Finding, packed: &Packed) -> Request {
    let system = format!(
        "You are a security reviewer triaging the report of a static analyzer, which finds real \
         bugs but also false positives. Decide whether the reported problem is real in this \
         code. Reject it if the value cannot be controlled by an attacker, if it is validated, \
         escaped or constant on every way to the flagged line, or if the code does not do what \
         the report says; confirm it otherwise. Answer with JSON only, shaped like this \
         example:\n{VERDICT_EXAMPLE}"
    );
    let file = &shard.file;
    let start = finding.location.start_line;
    let end = finding.location.end_line;
    let (first, last) = enclosing_lines(shard, start, end);
    let user = |base: usize| {
        let mut user = format!(
            "Reported by the rule `{}`{}: {} at {} lines {}-{}\n",
            finding.rule_id,
            if finding.cwe.is_empty() {
                String::new()
            } else {
                format!(" [{}]", finding.cwe.join(", "))
            },
            finding.message.lines().next().unwrap_or_default(),
            file.rel_path,
            start - base,
            end - base,
        );
        if !finding.flow.is_empty() {
            user.push_str("Flow from source to sink:\n");
            for step in &finding.flow {
                let line = if step.location.path == file.rel_path {
                    step.location.start_line - base.min(step.location.start_line - 1)
                } else {
                    step.location.start_line
                };
                user.push_str(&format!(
                    "- {}:{}: {}\n",
                    step.location.path, line, step.message
                ));
            }
        }
        user.push_str(&format!(
            "\nFile: {} ({})\n",
            file.rel_path,
            shard.language()
        ));
        user.push_str(&packed.render(base));
        push_code(&mut user, shard, first, last, base);
        user
    };
    keyed_request(
        RequestKind::Verdict,
        system,
        user,
        first,
        VERDICT_OUTPUT_TOKENS,
    )
}

/// Output limit of a verdict: a word and a sentence or two.
const VERDICT_OUTPUT_TOKENS: u32 = 400;

/// A request whose user text `user(base)` shows the file's lines less `base`: sent with the real
/// numbers, keyed with them counted from `first_line` (code that only moved is a cache hit).
fn keyed_request(
    kind: RequestKind,
    system: String,
    user: impl Fn(usize) -> String,
    first_line: usize,
    max_output_tokens: u32,
) -> Request {
    Request {
        kind,
        system,
        user: user(0),
        key_text: user(first_line.saturating_sub(1)),
        tools: Vec::new(),
        turns: Vec::new(),
        answer_now: false,
        sample: 0,
        max_output_tokens,
    }
}

/// The code to review, after the marker that ends the context: lines `first..=last`.
fn push_code(out: &mut String, shard: &Shard, first: usize, last: usize, base: usize) {
    out.push_str(CODE_MARKER);
    out.push('\n');
    push_numbered(out, shard, first, last, base);
}

/// The lines of the top-level definition that holds lines `start..=end`, or a margin around them.
fn enclosing_lines(shard: &Shard, start: usize, end: usize) -> (usize, usize) {
    let file = &shard.file;
    let around = (
        start.saturating_sub(VERIFY_MARGIN).max(1),
        (end + VERIFY_MARGIN).min(file.line_count()),
    );
    let Some(tree) = &file.tree else {
        return around;
    };
    let byte = file.line_start(start);
    let root = tree.root_node();
    let mut walker = root.walk();
    let item = root
        .children(&mut walker)
        .find(|n| n.start_byte() <= byte && byte < n.end_byte());
    match item {
        Some(item) => {
            let (first, last) = file.lines_of(&item.byte_range());
            if last + 1 - first <= VERIFY_CONTEXT_LINES {
                (first.min(start), last.max(end))
            } else {
                around
            }
        }
        None => around,
    }
}

/// The code with each line's number: `42|text`. A padded `    42 | ` cost 43% of the code's
/// tokens with a real code model's tokenizer. Numbers are shown less `base`.
fn push_numbered(out: &mut String, shard: &Shard, first: usize, last: usize, base: usize) {
    use std::fmt::Write as _;
    for line in first..=last.min(shard.file.line_count()) {
        let _ = writeln!(out, "{}|{}", line - base, shard.file.line_text(line));
    }
}
