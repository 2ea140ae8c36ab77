//! Reading what an agent answered, tolerantly (code fences, text around the JSON, loose field
//! types), and turning a kept report into a finding. Which reports are kept, only those that
//! quote the shard, is the evidence check in `evidence`.

mod evidence;

use serde_json::Value;

use super::Lens;
use crate::model::{Finding, Location, Severity};
use crate::slice::{Shard, SourceFile};

pub(crate) use evidence::{check, Dropped, Placed};

/// One finding as an agent reported it, after coercing loose types.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct RawFinding {
    pub(crate) start_line: usize,
    pub(crate) end_line: usize,
    pub(crate) cwe: Option<String>,
    pub(crate) severity: Severity,
    pub(crate) title: String,
    pub(crate) explanation: String,
    pub(crate) confidence: f32,
    pub(crate) evidence: String,
}

/// The first JSON value in `text` that `wanted` accepts: the whole text, then each fenced block,
/// then each balanced `{...}` or `[...]`. An answer may quote code (`[1, 2]`) or prose
/// (`line [42]`) before its real JSON, so the first value that parses is not enough.
pub(crate) fn extract_json(text: &str, wanted: impl Fn(&Value) -> bool) -> Option<Value> {
    let trimmed = text.trim();
    let accept = |candidate: &str| {
        serde_json::from_str::<Value>(candidate.trim())
            .ok()
            .filter(|value| wanted(value))
    };
    if let Some(value) = accept(trimmed) {
        return Some(value);
    }
    let mut rest = trimmed;
    while let Some(start) = rest.find("```") {
        let body = &rest[start + 3..];
        let body = body.split_once('\n').map_or("", |(_, after)| after);
        let Some(end) = body.find("```") else { break };
        if let Some(value) = accept(&body[..end]) {
            return Some(value);
        }
        rest = &body[end + 3..];
    }
    for (start, open) in trimmed
        .char_indices()
        .filter(|(_, c)| *c == '{' || *c == '[')
    {
        if let Some(end) = balanced_end(&trimmed[start..], open) {
            if let Some(value) = accept(&trimmed[start..start + end]) {
                return Some(value);
            }
        }
    }
    None
}

/// The shape of a review answer: `{"findings": ...}`, one finding object, or a list of objects.
fn is_findings_answer(value: &Value) -> bool {
    match value {
        Value::Object(map) => map.contains_key("findings") || map.contains_key("start_line"),
        Value::Array(items) => items.iter().all(Value::is_object),
        _ => false,
    }
}

/// Length of the balanced bracketed value at the start of `text`, skipping strings.
fn balanced_end(text: &str, open: char) -> Option<usize> {
    let close = if open == '{' { '}' } else { ']' };
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            c if c == open => depth += 1,
            c if c == close => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + c.len_utf8());
                }
            }
            _ => {}
        }
    }
    None
}

/// Byte length of a complete JSON object or array at the start of `text` (after leading whitespace),
/// if one has fully arrived; what follows it is not looked at.
pub(crate) fn complete_value_len(text: &str) -> Option<usize> {
    let body = text.trim_start();
    let skipped = text.len() - body.len();
    let open = body.chars().next().filter(|c| *c == '{' || *c == '[')?;
    balanced_end(body, open).map(|end| skipped + end)
}

/// Whether `text` starts with a whole answer (findings or a verdict) that has fully arrived: a
/// stream can stop there. A complete value that is not an answer (a plan before the answer)
/// is not enough.
pub(crate) fn holds_complete_answer(text: &str) -> bool {
    // A small model opens a code fence first (```json) even when asked for JSON alone.
    let trimmed = text.trim_start();
    let text = match trimmed.strip_prefix("```") {
        Some(fenced) => fenced.split_once('\n').map_or("", |(_, body)| body),
        None => trimmed,
    };
    let Some(len) = complete_value_len(text) else {
        return false;
    };
    serde_json::from_str::<Value>(text[..len].trim())
        .is_ok_and(|value| is_findings_answer(&value) || value.get("verdict").is_some())
}

/// Whether an answer the server marked as cut at the output limit is whole all the same: small
/// local models emit a complete value and then pad with blank lines until the limit. True when a
/// complete findings answer or verdict is followed by nothing but whitespace (or the code fence
/// that closes it).
pub(crate) fn usable_despite_cut(text: &str) -> bool {
    let mut tail = text.trim_end();
    if let Some(before) = tail.strip_suffix("```") {
        tail = before.trim_end();
    }
    // A value cut in its middle cannot end the text with its closing bracket.
    if !tail.ends_with(['}', ']']) {
        return false;
    }
    let usable = |value: &Value| is_findings_answer(value) || value.get("verdict").is_some();
    // The value may follow prose or an opening fence; the outermost value is the one that ends
    // exactly where the text does.
    tail.char_indices()
        .filter(|(_, c)| *c == '{' || *c == '[')
        .any(|(start, _)| {
            let candidate = &tail[start..];
            complete_value_len(candidate) == Some(candidate.len())
                && serde_json::from_str::<Value>(candidate)
                    .ok()
                    .is_some_and(|value| usable(&value))
        })
}

/// The findings of a review answer; `Err` when there is no usable JSON at all. Entries that are
/// not findings are counted as malformed.
pub(crate) fn parse_findings(text: &str) -> Result<(Vec<RawFinding>, usize), String> {
    let value = extract_json(text, is_findings_answer).ok_or_else(|| {
        format!(
            "the answer is not JSON: {}",
            clip(text.trim(), 120).replace('\n', " ")
        )
    })?;
    let list = match &value {
        Value::Array(items) => items.as_slice(),
        Value::Object(map) => match map.get("findings") {
            Some(Value::Array(items)) => items.as_slice(),
            Some(Value::Null) | None if map.contains_key("start_line") => {
                std::slice::from_ref(&value)
            }
            Some(Value::Null) => &[],
            _ => return Err(String::from("the answer has no `findings` list")),
        },
        _ => return Err(String::from("the answer is neither an object nor a list")),
    };
    let mut findings = Vec::new();
    let mut malformed = 0;
    for item in list {
        match coerce(item) {
            Some(finding) => findings.push(finding),
            None => malformed += 1,
        }
    }
    Ok((findings, malformed))
}

/// A verifier's verdict: `(confirmed, reason)`.
pub(crate) fn parse_verdict(text: &str) -> Result<(bool, String), String> {
    let value = extract_json(text, |v| v.get("verdict").is_some())
        .ok_or_else(|| String::from("the verdict is not JSON"))?;
    let verdict = value
        .get("verdict")
        .and_then(Value::as_str)
        .map(|v| v.trim().to_ascii_lowercase())
        .ok_or_else(|| String::from("the verdict has no `verdict` field"))?;
    let reason = value
        .get("reason")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    match verdict.as_str() {
        "confirmed" | "confirm" | "true" | "valid" | "real" => Ok((true, reason)),
        "rejected" | "reject" | "false" | "invalid" | "false_positive" => Ok((false, reason)),
        other => Err(format!("unknown verdict `{}`", clip(other, 40))),
    }
}

fn coerce(item: &Value) -> Option<RawFinding> {
    let number = |key: &str| -> Option<usize> {
        match item.get(key)? {
            Value::Number(n) => n.as_u64().map(|n| n as usize),
            Value::String(s) => s.trim().parse().ok(),
            _ => None,
        }
    };
    let text = |key: &str| -> String {
        match item.get(key) {
            Some(Value::String(s)) => s.trim().to_string(),
            Some(Value::Null) | None => String::new(),
            Some(other) => other.to_string(),
        }
    };
    let start_line = number("start_line").or_else(|| number("line"))?;
    let end_line = number("end_line").unwrap_or(start_line).max(start_line);
    let title = text("title");
    if start_line == 0 || title.is_empty() {
        return None;
    }
    let severity = match text("severity").to_ascii_lowercase().as_str() {
        "error" | "critical" | "high" => Severity::Error,
        "note" | "low" | "info" | "informational" => Severity::Note,
        _ => Severity::Warning,
    };
    let confidence = match item.get("confidence") {
        Some(Value::Number(n)) => n.as_f64().unwrap_or(0.5) as f32,
        Some(Value::String(s)) => match s.trim().to_ascii_lowercase().as_str() {
            "high" => 0.9,
            "medium" => 0.6,
            "low" => 0.3,
            other => other.parse().unwrap_or(0.5),
        },
        _ => 0.5,
    };
    let confidence = if confidence.is_nan() {
        0.5
    } else if confidence > 1.0 && confidence <= 100.0 {
        confidence / 100.0
    } else {
        confidence.clamp(0.0, 1.0)
    };
    let cwe = normalize_cwe(&text("cwe"));
    Some(RawFinding {
        start_line,
        end_line,
        cwe,
        severity,
        title: clip(&title, 200),
        explanation: clip(&text("explanation"), 2000),
        confidence,
        evidence: text("evidence"),
    })
}

/// `CWE-89` from `89`, `cwe-89`, `CWE-89: SQL Injection`, `OWASP A03 / CWE-89`; `None` when
/// there is no number.
pub(crate) fn normalize_cwe(text: &str) -> Option<String> {
    let upper = text.trim().to_ascii_uppercase();
    // An explicit `CWE-` wins over any other number in the text.
    let from = upper.find("CWE").map_or(0, |i| i + 3);
    let digits: String = upper[from..]
        .trim_start_matches(|c: char| !c.is_ascii_digit())
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let number: u32 = digits.parse().ok()?;
    (number > 0).then(|| format!("CWE-{number}"))
}

/// The definitions holding `line` in the file's parse tree (`Outer > inner`): a shard may hold
/// several functions, and a finding belongs to the one it is in, not to the shard's first.
fn definition_at(file: &SourceFile, line: usize) -> Option<String> {
    let tree = file.tree.as_ref()?;
    let text = file.line_text(line);
    let code = text.trim();
    let start = file.line_start(line) + (text.len() - text.trim_start().len());
    let node = tree
        .root_node()
        .descendant_for_byte_range(start, start + code.len())?;
    // The rules reviewer's style (`Outer > inner`), so both name a place alike.
    crate::review::rules::reviewer::enclosing_symbol(file, node)
}

/// The finding a checked report becomes.
pub(crate) fn to_finding(raw: &RawFinding, shard: &Shard, reviewer: &str, lens: Lens) -> Finding {
    let file = &shard.file;
    let end_text = file.line_text(raw.end_line);
    let rule_id = match &raw.cwe {
        Some(cwe) => format!("llm/{}", cwe.to_ascii_lowercase()),
        None => format!("llm/{lens}"),
    };
    let mut message = raw.title.trim_end_matches('.').to_string();
    if !raw.explanation.is_empty() {
        message.push_str(". ");
        message.push_str(&raw.explanation);
    }
    let snippet: Vec<&str> = (raw.start_line..=raw.end_line.min(raw.start_line + 7))
        .map(|line| file.line_text(line))
        .collect();
    let location = Location {
        path: file.rel_path.clone(),
        start_line: raw.start_line,
        start_column: 1,
        end_line: raw.end_line,
        end_column: file.utf16_column(raw.end_line, end_text.len()).max(1),
    };
    let mut finding = Finding::new(
        rule_id,
        format!("{reviewer}/{lens}"),
        raw.severity,
        message,
        location,
    );
    finding.cwe = raw.cwe.iter().cloned().collect();
    finding.confidence = raw.confidence;
    finding.snippet = snippet.join("\n");
    finding.symbol = definition_at(file, raw.start_line).or_else(|| {
        shard
            .context
            .enclosing
            .last()
            .cloned()
            .or_else(|| shard.symbols.first().cloned())
    });
    finding
}

fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extracts_json_from_fences_and_chatter() {
        let any = |_: &Value| true;
        let fenced = "Here you go:\n```json\n{\"findings\": []}\n```\nHope this helps {x}.";
        assert_eq!(
            extract_json(fenced, any),
            Some(serde_json::json!({"findings": []}))
        );
        let chatter = "Sure! {\"findings\": [{\"title\": \"a } in a string\"}]} trailing";
        assert!(extract_json(chatter, any).is_some());
        assert_eq!(extract_json("no json here", any), None);
        assert_eq!(
            extract_json("{\"findings\": [{\"start_line\": 3", any),
            None
        );
        // Quoted code and prose come before the answer: the answer's shape wins.
        let quoted = "At line [42]:\n```python\nargs = [1, 2]\n```\n```json\n{\"findings\": [{\"start_line\": 42, \"title\": \"t\"}]}\n```";
        let (findings, malformed) = parse_findings(quoted).unwrap();
        assert_eq!((findings.len(), malformed), (1, 0));
    }

    #[test]
    fn cwe_numbers() {
        assert_eq!(
            normalize_cwe("OWASP A03 / CWE-89").as_deref(),
            Some("CWE-89")
        );
        assert_eq!(normalize_cwe("78").as_deref(), Some("CWE-78"));
        assert_eq!(normalize_cwe("none"), None);
    }

    #[test]
    fn coerces_loose_fields() {
        let text = r#"{"findings": [
            {"start_line": "12", "severity": "HIGH", "title": "SQL injection", "cwe": "89",
             "confidence": "high", "evidence": "cur.execute(q)"},
            {"title": "no line"},
            {"start_line": 3, "end_line": 1, "title": "t", "confidence": 80, "cwe": "none"}
        ]}"#;
        let (findings, malformed) = parse_findings(text).unwrap();
        assert_eq!(malformed, 1);
        assert_eq!(findings[0].start_line, 12);
        assert_eq!(findings[0].end_line, 12);
        assert_eq!(findings[0].severity, Severity::Error);
        assert_eq!(findings[0].cwe.as_deref(), Some("CWE-89"));
        assert!((findings[0].confidence - 0.9).abs() < 1e-6);
        assert_eq!(findings[1].end_line, 3);
        assert_eq!(findings[1].cwe, None);
        assert!((findings[1].confidence - 0.8).abs() < 1e-6);
        assert!(parse_findings("I found nothing").is_err());
        assert_eq!(parse_findings("[]").unwrap().0, vec![]);
    }

    #[test]
    fn verdicts() {
        assert_eq!(
            parse_verdict(r#"{"verdict": "Rejected", "reason": "constant"}"#).unwrap(),
            (false, String::from("constant"))
        );
        assert!(parse_verdict(r#"{"verdict": "maybe"}"#).is_err());
    }

    // The fixtures below are shared with the evidence check's tests.

    pub(super) const SAMPLE: &str = r#"import os

def export_invoices(db, name):
    q = "SELECT * FROM invoices WHERE name = '" + name + "'"
    rows = db.execute(q)
    log(rows)
    rows = db.execute(q)
    printf("%s\n", name)
    say("a b")
    say("a\nb")
    return rows

def fetch_rates(db, cur):
    url = "http://rates/" + cur
    data = os.popen("curl " + url).read()
    return data

def outside(path):
    os.system("rm -rf " + path)
"#;

    /// A shard of `text` (parsed as Python when `parsed`) whose primary lines are `first..=last`.
    pub(super) fn shard(text: &str, parsed: bool, first: usize, last: usize) -> Shard {
        let mut file = SourceFile::new(
            "app.py".into(),
            "app.py".into(),
            crate::lang::Language::Python,
            text.into(),
        );
        if parsed {
            crate::slice::parse(&mut file, &mut tree_sitter::Parser::new());
            assert!(file.tree.is_some());
        }
        let file = std::sync::Arc::new(file);
        let options = crate::slice::SliceOptions {
            budget_tokens: 100_000,
        };
        let mut shard = crate::slice::slice_file(&file, &options)
            .into_iter()
            .next()
            .unwrap();
        shard.start_line = first;
        shard.end_line = last;
        shard.byte_range = file.byte_range_of_lines(first, last);
        shard
    }

    pub(super) fn raw(start_line: usize, end_line: usize, evidence: &str) -> RawFinding {
        RawFinding {
            start_line,
            end_line,
            cwe: None,
            severity: Severity::Warning,
            title: String::from("t"),
            explanation: String::new(),
            confidence: 0.5,
            evidence: evidence.to_string(),
        }
    }

    #[test]
    fn complete_values_followed_by_padding() {
        let padded = format!("  {{\"findings\": []}}{}", "\n".repeat(500));
        let cases: &[(&str, &str, Option<usize>, bool)] = &[
            ("padded findings", &padded, Some(18), true),
            ("padded list", "[]   \n \n", Some(2), true),
            (
                "padded verdict",
                "{\"verdict\": \"confirmed\"}\n\n\n",
                Some(24),
                true,
            ),
            (
                "a bracket in a string",
                "[{\"a\": \"]\"}]  ",
                Some(12),
                true,
            ),
            (
                "fenced, then padding",
                "```json\n{\"findings\": []}\n```\n\n\n   ",
                None,
                true,
            ),
            (
                "prose, then the value and padding",
                "Sure:\n{\"findings\": []}\n\n\n",
                None,
                true,
            ),
            (
                "cut mid-value",
                "{\"findings\": [{\"start_line\": 3",
                None,
                false,
            ),
            (
                "cut inside a string",
                "{\"findings\": [{\"title\": \"}]}",
                None,
                false,
            ),
            (
                "chatter after it",
                "{\"findings\": []}\nHope this helps!\n\n",
                Some(16),
                false,
            ),
            (
                "a second value, cut",
                "{\"findings\": []}\n{\"findings\": [",
                Some(16),
                false,
            ),
            ("not an answer", "{\"foo\": 1}\n\n", Some(10), false),
            (
                "balanced, not JSON",
                "{\"findings\": [1,]}\n\n",
                Some(18),
                false,
            ),
            ("nothing", "\n\n  ", None, false),
        ];
        for (name, text, len, usable) in cases {
            assert_eq!(complete_value_len(text), *len, "{name}");
            assert_eq!(usable_despite_cut(text), *usable, "{name}");
        }
        let len = complete_value_len(&padded).unwrap();
        assert_eq!(&padded[..len], "  {\"findings\": []}");
    }

    #[test]
    fn credits_the_innermost_definition() {
        let two_functions = shard(SAMPLE, true, 3, 16);
        let nested = "class Store:\n    @cached\n    def load(self):\n        return 1\n\nx = 2\n";
        let nested = shard(nested, true, 1, 6);
        let mut unparsed = shard(SAMPLE, false, 3, 16);
        unparsed.symbols = vec![String::from("first_symbol")];
        let mut enclosed = shard(SAMPLE, false, 3, 16);
        enclosed.context.enclosing = vec![String::from("class Outer:")];
        let cases: &[(&str, &Shard, usize, Option<&str>)] = &[
            (
                "in the first function",
                &two_functions,
                5,
                Some("export_invoices"),
            ),
            (
                "in the second function",
                &two_functions,
                15,
                Some("fetch_rates"),
            ),
            (
                "on the second's def line",
                &two_functions,
                13,
                Some("fetch_rates"),
            ),
            // Between the two: no definition holds the line, so the shard's first symbol.
            ("between them", &two_functions, 12, Some("export_invoices")),
            ("a method", &nested, 4, Some("Store > load")),
            ("a decorator", &nested, 2, Some("Store > load")),
            ("the class line", &nested, 1, Some("Store")),
            (
                "no tree: the first symbol",
                &unparsed,
                15,
                Some("first_symbol"),
            ),
            (
                "no tree: the enclosing signature",
                &enclosed,
                15,
                Some("class Outer:"),
            ),
        ];
        for (name, shard, line, want) in cases {
            let finding = to_finding(&raw(*line, *line, ""), shard, "agent", Lens::Security);
            assert_eq!(finding.symbol.as_deref(), *want, "{name}");
        }
    }

    #[test]
    fn a_stream_stops_only_at_a_whole_answer() {
        for (text, whole) in [
            ("{\"findings\": []}", true),
            (
                "  {\"verdict\": \"confirmed\", \"reason\": \"x\"}\n\n",
                true,
            ),
            ("{\"findings\": [{\"start_line\": 3", false),
            // A complete value that is not the answer: read on.
            ("{\"plan\": \"look at line 3\"}", false),
            ("```json\n{\"findings\": []}\n", true),
            ("```json\n{\"findings\": [", false),
            ("[1, 2]", false),
        ] {
            assert_eq!(holds_complete_answer(text), whole, "{text}");
        }
    }
}
