//! What an agent is told: the lens's instructions, the shard with absolute line numbers and its
//! context header, and the schema of the answer.

use serde_json::{json, Value};

use super::{Lens, Request, RequestKind};
use crate::model::Finding;
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
                    "required": ["start_line", "end_line", "cwe", "severity", "title",
                                 "explanation", "confidence", "evidence"],
                    "properties": {
                        "start_line": {"type": "integer", "description": "first line of the bug, as numbered in the code"},
                        "end_line": {"type": "integer", "description": "last line of the bug"},
                        "cwe": {"type": "string", "description": "CWE identifier such as CWE-89, or an empty string"},
                        "severity": {"type": "string", "enum": ["error", "warning", "note"]},
                        "title": {"type": "string", "maxLength": 120},
                        "explanation": {"type": "string", "maxLength": 1200},
                        "confidence": {"type": "number", "minimum": 0, "maximum": 1},
                        "evidence": {"type": "string", "description": "the offending code, quoted exactly from the file", "maxLength": 600}
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

/// The request that reviews `shard` through `lens`.
pub(crate) fn review_request(shard: &Shard, lens: Lens, max_output_tokens: u32) -> Request {
    let system = format!(
        "You are a meticulous code auditor, one of many reviewing a codebase in parallel; you see \
         one slice of one file. {}\n\nReport only real, specific problems in the numbered lines \
         of the slice; the context above them is for understanding only. Cite the lines by the \
         numbers shown. Quote the offending code exactly in `evidence`. Give a CWE identifier \
         when one fits. Severity: error for exploitable or certain bugs, warning for likely \
         ones, note for minor ones. If nothing is wrong, answer with an empty list. Answer with \
         JSON only, matching this schema:\n{}",
        lens_instructions(lens),
        findings_schema()
    );
    let mut user = format!(
        "File: {} ({})\nLines {}-{} of the file follow.\n\nContext:\n{}\nCode (each line \
         starts with its line number):\n",
        shard.file.rel_path,
        shard.language(),
        shard.start_line,
        shard.end_line,
        shard.header_text()
    );
    push_numbered(&mut user, shard, shard.start_line, shard.end_line);
    Request {
        kind: RequestKind::Findings,
        system,
        user,
        max_output_tokens,
    }
}

/// The request that asks an independent verifier to confirm or reject `finding`, with wider
/// context than the reviewer had: the file's imports and the whole enclosing definition.
pub(crate) fn verify_request(shard: &Shard, finding: &Finding) -> Request {
    let system = format!(
        "You are an independent verifier. Another reviewer reported a possible bug. Check it \
         against the code and decide whether it is real. Reject it if the code does not do what \
         the report says, if the input cannot be controlled, or if it is handled elsewhere in \
         what you see. Answer with JSON only, matching this schema:\n{}",
        verdict_schema()
    );
    let file = &shard.file;
    let (first, last) = enclosing_lines(shard, finding);
    let mut user = format!(
        "Reported bug: {} [{}] at {} lines {}-{}\n\nFile: {} ({})\nImports:\n",
        finding.message,
        finding.cwe.join(", "),
        file.rel_path,
        finding.location.start_line,
        finding.location.end_line,
        file.rel_path,
        shard.language()
    );
    for import in shard.context.imports.iter() {
        user.push_str(import);
        user.push('\n');
    }
    user.push_str("\nCode (each line starts with its line number):\n");
    push_numbered(&mut user, shard, first, last);
    Request {
        kind: RequestKind::Verdict,
        system,
        user,
        max_output_tokens: 400,
    }
}

/// The lines of the top-level definition that holds the finding, or a margin around it.
fn enclosing_lines(shard: &Shard, finding: &Finding) -> (usize, usize) {
    let file = &shard.file;
    let start = finding.location.start_line;
    let end = finding.location.end_line;
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

fn push_numbered(out: &mut String, shard: &Shard, first: usize, last: usize) {
    for line in first..=last.min(shard.file.line_count()) {
        out.push_str(&format!("{:>6} | {}\n", line, shard.file.line_text(line)));
    }
}
