//! Reading what an agent answered, tolerantly (code fences, text around the JSON, loose field
//! types), then keeping only findings that point into the shard and quote the real file.

use serde_json::Value;

use super::Lens;
use crate::model::{Finding, Location, Severity};
use crate::slice::{Shard, SourceFile};

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

/// Where a kept finding was placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Placed {
    /// At the lines it cited: its quote is there.
    AsCited,
    /// At the lines its quote covers, nearest to the cited ones: models quote code exactly but
    /// miscount lines, or quote a bug and cite its safe twin a few lines away.
    Relocated,
}

/// Why a reported finding was not kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dropped {
    /// It is about code outside the shard it was asked about: its quote is elsewhere in the file,
    /// or it quoted nothing found and cited lines outside the shard.
    OutsideShard,
    /// Its quote is nowhere in the file, or too short to prove anything.
    QuoteNotFound,
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

/// Evidence shorter than this (without whitespace) proves nothing (`)`, `x`), however it was
/// normalised to match.
const MIN_EVIDENCE: usize = 4;

/// Keeps a finding only if its quote is in the shard's primary lines, and places it where the
/// quote is: at the cited lines when the cited start line is within an occurrence of the quote,
/// otherwise at the occurrence nearest to the cited start line (the earlier one on a tie),
/// spanning the lines the quote covers. A finding kept as cited that runs past the shard's end is
/// cut at the end.
pub(crate) fn check(mut raw: RawFinding, shard: &Shard) -> Result<(RawFinding, Placed), Dropped> {
    let quotes = quote_forms(&raw.evidence);
    if quotes.is_empty() {
        return Err(Dropped::QuoteNotFound);
    }
    let file = &shard.file;
    let last_line = shard.end_line.min(file.line_count());
    let Some(spans) = occurrences(file, shard.start_line, last_line, &quotes) else {
        // A quote elsewhere in the file, or lines cited elsewhere, is about code another shard
        // holds; a quote nowhere at all, cited here, was made up.
        let cited_inside = (shard.start_line..=shard.end_line).contains(&raw.start_line);
        return if cited_inside && occurrences(file, 1, file.line_count(), &quotes).is_none() {
            Err(Dropped::QuoteNotFound)
        } else {
            Err(Dropped::OutsideShard)
        };
    };
    if spans
        .iter()
        .any(|&(first, last)| (first..=last).contains(&raw.start_line))
    {
        raw.end_line = raw.end_line.min(shard.end_line);
        return Ok((raw, Placed::AsCited));
    }
    let distance = |&(first, last): &(usize, usize)| {
        first
            .saturating_sub(raw.start_line)
            .max(raw.start_line.saturating_sub(last))
    };
    // `min_by_key` keeps the first of equals, and spans are in file order: ties go to the earlier.
    // (`spans` is never empty.)
    let Some(&(first, last)) = spans.iter().min_by_key(|span| distance(span)) else {
        return Err(Dropped::QuoteNotFound);
    };
    raw.start_line = first;
    raw.end_line = last;
    Ok((raw, Placed::Relocated))
}

/// How the source side is read when matching a quote.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SourceForm {
    /// As it is (whitespace collapsed).
    Plain,
    /// With its two-character escapes `\n`, `\t`, `\r` read as whitespace.
    EscapesAsSpace,
}

/// The forms of a quote to look for, most faithful first, each whitespace-collapsed and paired with
/// how the source must be read for it; forms too short to prove anything are left out, so no
/// normalisation turns a long quote into a one-character one that matches anywhere.
fn quote_forms(evidence: &str) -> Vec<(String, SourceForm)> {
    let stripped = strip_line_numbers(evidence);
    // Code that itself starts with `1 |` after a line break is rare, but it is code.
    let mut bases = vec![stripped.as_str()];
    if stripped != evidence {
        bases.push(evidence);
    }
    let mut forms: Vec<(String, SourceForm)> = Vec::new();
    // Exact text first, then the JSON slips: a decoded `\n` that is a real line break where the
    // source has the two characters, and `\"` escapes that survived a double escaping.
    for base in &bases {
        forms.push((squash(base), SourceForm::Plain));
    }
    for base in &bases {
        forms.push((squash(&escapes_as_space(base)), SourceForm::EscapesAsSpace));
    }
    for base in &bases {
        let unescaped = unescape_quotes(base);
        forms.push((squash(&unescaped), SourceForm::Plain));
        forms.push((
            squash(&escapes_as_space(&unescaped)),
            SourceForm::EscapesAsSpace,
        ));
    }
    let mut kept: Vec<(String, SourceForm)> = Vec::new();
    for form in forms {
        let long_enough = form.0.chars().filter(|c| !c.is_whitespace()).count() >= MIN_EVIDENCE;
        if long_enough && !kept.contains(&form) {
            kept.push(form);
        }
    }
    kept
}

/// The line spans (first, last) of every occurrence of the first quote form found in lines
/// `first..=last` of `file`, in file order; `None` when no form is there. A later form is a
/// fallback only: it is not looked for once an earlier one is found.
fn occurrences(
    file: &SourceFile,
    first: usize,
    last: usize,
    quotes: &[(String, SourceForm)],
) -> Option<Vec<(usize, usize)>> {
    let mut plain = None;
    let mut unescaped = None;
    for (quote, form) in quotes {
        let haystack = match form {
            SourceForm::Plain => {
                plain.get_or_insert_with(|| Haystack::new(file, first, last, false))
            }
            SourceForm::EscapesAsSpace => {
                unescaped.get_or_insert_with(|| Haystack::new(file, first, last, true))
            }
        };
        let spans = haystack.find_all(quote);
        if !spans.is_empty() {
            return Some(spans);
        }
    }
    None
}

/// Lines of a file with whitespace collapsed to single spaces, knowing the line of every byte, so
/// a quote that spans lines or differs in indentation is found and placed.
struct Haystack {
    text: String,
    /// The 1-based line of each byte of `text`.
    lines: Vec<usize>,
}

impl Haystack {
    fn new(file: &SourceFile, first: usize, last: usize, escapes: bool) -> Haystack {
        let mut text = String::new();
        let mut lines = Vec::new();
        for line in first..=last {
            let source = file.line_text(line);
            let source = if escapes {
                escapes_as_space(source)
            } else {
                source.to_string()
            };
            for word in source.split_whitespace() {
                if !text.is_empty() {
                    // A quote never starts or ends with a space, so its line does not matter.
                    text.push(' ');
                    lines.push(line);
                }
                text.push_str(word);
                lines.extend(std::iter::repeat_n(line, word.len()));
            }
        }
        Haystack { text, lines }
    }

    /// Line spans of every occurrence of `quote`, overlapping ones included.
    fn find_all(&self, quote: &str) -> Vec<(usize, usize)> {
        let mut spans = Vec::new();
        // An empty quote is everywhere: it places nothing.
        let Some(last_byte) = quote.len().checked_sub(1) else {
            return spans;
        };
        let mut from = 0;
        while let Some(found) = self.text.get(from..).and_then(|rest| rest.find(quote)) {
            let start = from + found;
            if let (Some(&first), Some(&last)) =
                (self.lines.get(start), self.lines.get(start + last_byte))
            {
                if spans.last() != Some(&(first, last)) {
                    spans.push((first, last));
                }
            }
            // On to the next character, so overlapping occurrences are found too.
            from = start + self.text[start..].chars().next().map_or(1, char::len_utf8);
        }
        spans
    }
}

/// The two-character escapes `\n`, `\t`, `\r` as spaces: a quote decoded from JSON holds a real
/// line break where the source has the escape, and collapsing whitespace then makes them equal.
fn escapes_as_space(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && matches!(chars.peek(), Some('n' | 't' | 'r')) {
            chars.next();
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

/// `\"` and `\\` unescaped: a model that escaped its quote twice leaves them in the decoded text.
fn unescape_quotes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(&next @ ('"' | '\\'))) => {
                chars.next();
                out.push(next);
            }
            _ => out.push(c),
        }
    }
    out
}

/// Evidence copied with the prompt's line numbers loses them: `42|code` as the prompt numbers
/// lines now, `    42 | code` as it did before.
fn strip_line_numbers(evidence: &str) -> String {
    evidence
        .lines()
        .map(|line| {
            let trimmed = line.trim_start();
            let digits = trimmed.len()
                - trimmed
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .len();
            match trimmed[digits..].trim_start().strip_prefix('|') {
                Some(code) if digits > 0 => code.strip_prefix(' ').unwrap_or(code),
                _ => line,
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whitespace collapsed to single spaces, so a quote may differ from the file in indentation and
/// line breaks only.
fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
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
    fn cwe_numbers_and_evidence_prefixes() {
        assert_eq!(
            normalize_cwe("OWASP A03 / CWE-89").as_deref(),
            Some("CWE-89")
        );
        assert_eq!(normalize_cwe("78").as_deref(), Some("CWE-78"));
        assert_eq!(normalize_cwe("none"), None);
        assert_eq!(
            strip_line_numbers("    42 | cur.execute(q)\n    43 |     x"),
            "cur.execute(q)\n    x"
        );
        assert_eq!(strip_line_numbers("a | b"), "a | b");
        // The prompt's compact prefix; one space after the bar goes as in the old form, which
        // matching (whitespace collapsed) does not notice.
        assert_eq!(
            strip_line_numbers("42|    cur.execute(q)\n43|x\n44| y\n7 |z"),
            "   cur.execute(q)\nx\ny\nz"
        );
        assert_eq!(strip_line_numbers("x = 1|2"), "x = 1|2");
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

    const SAMPLE: &str = r#"import os

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
    fn shard(text: &str, parsed: bool, first: usize, last: usize) -> Shard {
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

    fn raw(start_line: usize, end_line: usize, evidence: &str) -> RawFinding {
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

    type Placement = Result<(usize, usize, Placed), Dropped>;

    fn placed(finding: RawFinding, shard: &Shard) -> Placement {
        check(finding, shard).map(|(r, how)| (r.start_line, r.end_line, how))
    }

    #[test]
    fn places_findings_where_their_quote_is() {
        use Placed::{AsCited, Relocated};
        let shard = shard(SAMPLE, true, 3, 16);
        let popen = r#"os.popen("curl " + url)"#;
        let rows = "rows = db.execute(q)";
        let system = r#"os.system("rm -rf " + path)"#;
        let cases: &[(&str, (usize, usize), &str, Placement)] = &[
            ("quoted at the cited line", (15, 15), popen, Ok((15, 15, AsCited))),
            ("cited lines miscounted", (4, 4), popen, Ok((15, 15, Relocated))),
            (
                "a quote over two lines moves with its span",
                (3, 3),
                "url = \"http://rates/\" + cur\n        data = os.popen(",
                Ok((14, 15, Relocated)),
            ),
            (
                "cited start inside a two-line quote",
                (15, 16),
                "url = \"http://rates/\" + cur\ndata = os.popen(",
                Ok((15, 16, AsCited)),
            ),
            ("twins: a tie goes to the earlier", (6, 6), rows, Ok((5, 5, Relocated))),
            ("twins: the nearer one below", (9, 9), rows, Ok((7, 7, Relocated))),
            ("twins: the cited one", (7, 7), rows, Ok((7, 7, AsCited))),
            ("twins: far below both", (16, 16), rows, Ok((7, 7, Relocated))),
            ("cut at the shard's end", (15, 30), popen, Ok((15, 16, AsCited))),
            ("cited above the shard, quoted in it", (1, 1), popen, Ok((15, 15, Relocated))),
            ("quoted in another shard", (19, 19), system, Err(Dropped::OutsideShard)),
            ("quoted in another shard, cited here", (15, 15), system, Err(Dropped::OutsideShard)),
            ("quoted nowhere, cited here", (15, 15), "eval(request.args)", Err(Dropped::QuoteNotFound)),
            ("quoted nowhere, cited elsewhere", (19, 19), "eval(request.args)", Err(Dropped::OutsideShard)),
            ("too short to prove anything", (14, 14), "url", Err(Dropped::QuoteNotFound)),
            ("too short, cited elsewhere", (19, 19), ")", Err(Dropped::QuoteNotFound)),
            ("no quote", (15, 15), "", Err(Dropped::QuoteNotFound)),
            (
                "the old line-number prefix",
                (4, 4),
                r#"    15 |     data = os.popen("curl " + url).read()"#,
                Ok((15, 15, Relocated)),
            ),
            (
                "the compact line-number prefix",
                (14, 15),
                "14|    url = \"http://rates/\" + cur\n15|    data = os.popen(\"curl \" + url).read()",
                Ok((14, 15, AsCited)),
            ),
        ];
        for (name, (start, end), evidence, want) in cases {
            assert_eq!(placed(raw(*start, *end, evidence), &shard), *want, "{name}");
        }
    }

    #[test]
    fn quotes_with_json_escapes() {
        use Placed::{AsCited, Relocated};
        let shard = shard(SAMPLE, true, 3, 16);
        let cases: &[(&str, (usize, usize), &str, Placement)] = &[
            // `"printf(\"%s\n\", name);"` in the JSON: a real line break where the source has `\n`.
            (
                "a decoded \\n",
                (8, 8),
                "printf(\"%s\n\", name)",
                Ok((8, 8, AsCited)),
            ),
            (
                "a decoded \\n, miscited",
                (4, 4),
                "printf(\"%s\n\", name)",
                Ok((8, 8, Relocated)),
            ),
            (
                "a decoded \\t",
                (8, 8),
                "printf(\"%s\t\", name)",
                Ok((8, 8, AsCited)),
            ),
            // Escaped twice: `\"` and `\\n` survive decoding.
            (
                "escaped twice",
                (8, 8),
                r#"printf(\"%s\\n\", name)"#,
                Ok((8, 8, AsCited)),
            ),
            (
                "escaped twice, miscited",
                (12, 12),
                r#"printf(\"%s\\n\", name)"#,
                Ok((8, 8, Relocated)),
            ),
            // The exact text wins over a fallback that would match the cited twin.
            (
                "exact match first",
                (10, 10),
                r#"say("a b")"#,
                Ok((9, 9, Relocated)),
            ),
            (
                "the escaped twin as quoted",
                (10, 10),
                r#"say("a\nb")"#,
                Ok((10, 10, AsCited)),
            ),
            // No normalisation turns a quote into a one-character one that matches anywhere.
            (
                "escapes only",
                (8, 8),
                r"\n\n\n\n",
                Err(Dropped::QuoteNotFound),
            ),
            (
                "a quoted escape",
                (8, 8),
                r#""\n""#,
                Err(Dropped::QuoteNotFound),
            ),
            // `(q)` is on lines 5 and 7, `\n"` on line 8: too short once normalised.
            (
                "an escape and a short quote",
                (5, 5),
                r"\n(q)",
                Err(Dropped::QuoteNotFound),
            ),
            (
                "a short quote escaped twice",
                (8, 8),
                r#"\\n""#,
                Err(Dropped::QuoteNotFound),
            ),
        ];
        for (name, (start, end), evidence, want) in cases {
            assert_eq!(placed(raw(*start, *end, evidence), &shard), *want, "{name}");
        }
        // Through the JSON as a model writes it.
        let answer = r#"{"findings": [{"start_line": 8, "title": "format", "evidence": "printf(\"%s\n\", name);"}]}"#;
        let (findings, _) = parse_findings(answer).unwrap();
        assert_eq!(findings[0].evidence, "printf(\"%s\n\", name);");
        let evidence = findings[0].evidence.replace(';', "");
        assert_eq!(placed(raw(8, 8, &evidence), &shard), Ok((8, 8, AsCited)));
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
}
