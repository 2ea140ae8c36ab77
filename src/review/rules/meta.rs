//! Rule metadata: the `; key: value` comment block at the top of every rule file.
//!
//! Keeping the metadata in comments means a rule file is still a plain tree-sitter query that any
//! tree-sitter tool (the playground, `tree-sitter query`) accepts as it is.
//!
//! ```text
//! ; id: python/subprocess-shell-true
//! ; severity: error
//! ; message: `{{func}}` runs a shell with `shell=True`
//! ; cwe: CWE-78
//! ; tags: security, injection
//! ; precision: high
//! ; help: Pass the command as a list and drop `shell=True`.
//! ;   Continuation lines are indented by two spaces.
//! (call ...) @finding
//! ```

use super::taint::extent::{Access, Check};
use crate::lang::Language;
use crate::model::Severity;

/// How often a rule is right when it fires; GitHub shows it and we derive confidence from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Precision {
    VeryHigh,
    High,
    Medium,
    Low,
}

impl Precision {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Precision::VeryHigh => "very-high",
            Precision::High => "high",
            Precision::Medium => "medium",
            Precision::Low => "low",
        }
    }

    pub(crate) fn confidence(self) -> f32 {
        match self {
            Precision::VeryHigh => 0.95,
            Precision::High => 0.85,
            Precision::Medium => 0.6,
            Precision::Low => 0.35,
        }
    }

    fn parse(s: &str) -> Option<Precision> {
        Some(match s {
            "very-high" => Precision::VeryHigh,
            "high" => Precision::High,
            "medium" => Precision::Medium,
            "low" => Precision::Low,
            _ => return None,
        })
    }
}

/// Validated metadata of one rule.
#[derive(Clone, Debug)]
pub(crate) struct RuleMeta {
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) severity: Severity,
    /// Message template; `{{capture}}` is replaced by the captured text.
    pub(crate) message: String,
    pub(crate) cwe: Vec<String>,
    pub(crate) tags: Vec<String>,
    pub(crate) precision: Precision,
    /// A number in (0, 10] as GitHub expects; defaults from the severity.
    pub(crate) security_severity: f32,
    pub(crate) help: String,
    /// Explicit languages; `None` means "from the directory the rule lives in".
    pub(crate) languages: Option<Vec<Language>>,
    /// A taint rule (`; kind: taint`): its patterns name sources, sinks, sanitizers and
    /// propagators, and it reports flows from a source to a sink (see `rules::taint`).
    pub(crate) taint: bool,
    /// Shared pieces of query appended to this rule (`; include: request-sources` pulls in
    /// `request-sources.partial` from the rule's directory).
    pub(crate) include: Vec<String>,
    /// Taint rules that judge this pattern rule's matches where they have a sink
    /// (`; superseded-by: python/taint-command-injection`): a match on such a sink that no flow
    /// from a source reaches is dropped, and one that a flow reaches becomes that flow's
    /// finding. Matches where the taint rule has no sink stay as they are.
    pub(crate) superseded_by: Vec<String>,
    /// The rule's sinks (or, for a pattern rule, its matches) write an HTML response body
    /// (`; output: html`): a write in a function that has set another content type
    /// (`text/plain`, `application/json`) is not reported.
    pub(crate) html_output: bool,
    /// Off unless named with `--enable` or `rules.enable` (`; default: off`): for rules whose
    /// findings are real but that a suite or a team may count as acceptable (a cipher named
    /// without a mode), so a CI gate does not fail on them unasked.
    pub(crate) off_by_default: bool,
    /// A taint rule that follows one value's state (`; flow: value`: a pointer freed or NULL)
    /// rather than data: it passes only to copies of the value (assigned as it stands, cast,
    /// handed to a parameter, returned), not to what is computed from it, and a container
    /// holding it is not itself in that state.
    pub(crate) value_flow: bool,
    /// A taint rule whose data may be a number (`; flow: number`): numeric casts and calls
    /// that answer a number pass taint on rather than cleaning it.
    pub(crate) number_flow: bool,
    /// Joins keep a place in the rule's state only when every branch leaves it so
    /// (`; paths: all`): a variable read uninitialized on every path, not on some.
    pub(crate) all_paths: bool,
    /// Flows are reported only inside the function of their source (`; reach: function`): no
    /// summary edge starts from the rule's sources.
    pub(crate) function_reach: bool,
    /// A taint rule about buffers in C and C++ (`; flow: extent`), with what it checks (`;
    /// check: write-bounds` or `read-bounds`: an access past an end of the buffer it lands in;
    /// `unwritten`: a read of what nothing wrote; `leak`: memory or a file still held where
    /// the function returns). See `taint::extent`.
    pub(crate) extent: Option<Check>,
}

const KEYS: &[&str] = &[
    "id",
    "name",
    "severity",
    "message",
    "cwe",
    "tags",
    "precision",
    "security-severity",
    "help",
    "languages",
    "kind",
    "include",
    "superseded-by",
    "output",
    "default",
    "flow",
    "paths",
    "reach",
    "check",
];

/// Parses the metadata block. Errors are plain sentences; the caller adds the file name.
pub(crate) fn parse(source: &str) -> Result<RuleMeta, String> {
    let mut fields: Vec<(&'static str, String)> = Vec::new();
    for (index, raw) in source.lines().enumerate() {
        let trimmed = raw.trim_start();
        if trimmed.is_empty() {
            continue;
        }
        let Some(comment) = trimmed.strip_prefix(';') else {
            break; // the query starts here
        };
        let comment = comment.trim_start_matches(';');
        let body = comment.strip_prefix(' ').unwrap_or(comment);
        if body.trim().is_empty() {
            if let Some((_, value)) = fields.last_mut() {
                value.push('\n');
            }
            continue;
        }
        if body.starts_with("  ") || body.starts_with('\t') {
            let Some((_, value)) = fields.last_mut() else {
                return Err(format!(
                    "line {}: continuation line before any key",
                    index + 1
                ));
            };
            if !value.is_empty() {
                value.push('\n');
            }
            value.push_str(body.trim());
            continue;
        }
        let Some((key, value)) = body.split_once(':') else {
            // A plain comment (a note to rule authors); it ends the current field.
            fields.push(("", String::new()));
            continue;
        };
        let key = key.trim();
        let Some(known) = KEYS.iter().find(|k| **k == key) else {
            if key.contains(' ') {
                fields.push(("", String::new()));
                continue;
            }
            return Err(format!(
                "line {}: unknown metadata key `{key}` (expected one of {})",
                index + 1,
                KEYS.join(", ")
            ));
        };
        if fields.iter().any(|(k, _)| k == known) {
            return Err(format!(
                "line {}: metadata key `{key}` given twice",
                index + 1
            ));
        }
        fields.push((known, value.trim().to_string()));
    }
    let get = |key: &str| {
        fields
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.trim().to_string())
            .filter(|v| !v.is_empty())
    };
    let id = get("id").ok_or("missing metadata `; id: ...`")?;
    if !id
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_./".contains(c))
        || !id.starts_with(|c: char| c.is_ascii_alphanumeric())
    {
        return Err(format!(
            "rule id `{id}` may only hold letters, digits, `-`, `_`, `.` and `/`"
        ));
    }
    let severity = get("severity")
        .ok_or("missing metadata `; severity: error|warning|note`")?
        .parse::<Severity>()?;
    let message = get("message").ok_or("missing metadata `; message: ...`")?;
    let cwe = split_list(get("cwe").as_deref())
        .into_iter()
        .map(|c| {
            let upper = c.to_ascii_uppercase();
            let number = upper.strip_prefix("CWE-").unwrap_or(&upper);
            if number.is_empty() || !number.chars().all(|d| d.is_ascii_digit()) {
                Err(format!("`{c}` is not a CWE id (expected e.g. `CWE-78`)"))
            } else {
                Ok(format!("CWE-{number}"))
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    let precision = match get("precision") {
        None => Precision::High,
        Some(p) => Precision::parse(&p).ok_or_else(|| {
            format!("unknown precision `{p}` (expected very-high, high, medium or low)")
        })?,
    };
    let security_severity = match get("security-severity") {
        None => severity.default_security_severity(),
        Some(s) => {
            let value: f32 = s
                .parse()
                .map_err(|_| format!("security-severity `{s}` is not a number"))?;
            if !(value > 0.0 && value <= 10.0) {
                return Err(format!("security-severity `{s}` must be in (0, 10]"));
            }
            value
        }
    };
    let languages = match get("languages") {
        None => None,
        Some(list) => Some(
            split_list(Some(&list))
                .into_iter()
                .map(|name| {
                    Language::from_name(&name)
                        .filter(|l| l.has_grammar())
                        .ok_or_else(|| format!("unknown or grammar-less language `{name}`"))
                })
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    let taint = match get("kind").as_deref() {
        None | Some("pattern") => false,
        Some("taint") => true,
        Some(other) => {
            return Err(format!(
                "unknown kind `{other}` (expected pattern or taint)"
            ))
        }
    };
    let html_output = match get("output").as_deref().map(str::trim) {
        None => false,
        Some("html") => true,
        Some(other) => return Err(format!("unknown output `{other}` (expected html)")),
    };
    let off_by_default = match get("default").as_deref().map(str::trim) {
        None | Some("on") => false,
        Some("off") => true,
        Some(other) => return Err(format!("unknown default `{other}` (expected on or off)")),
    };
    let flow = get("flow");
    let flow = flow.as_deref().map(str::trim);
    if flow.is_some() && !taint {
        return Err(String::from("`flow` is for taint rules (`; kind: taint`)"));
    }
    let (value_flow, number_flow) = match flow {
        None | Some("taint") | Some("extent") => (false, false),
        Some("value") => (true, false),
        Some("number") => (false, true),
        Some(other) => {
            return Err(format!(
                "unknown flow `{other}` (expected taint, number, value or extent)"
            ))
        }
    };
    let check = get("check");
    let extent = match (flow, check.as_deref().map(str::trim)) {
        (Some("extent"), Some("write-bounds")) => Some(Check::Bounds(Access::Write)),
        (Some("extent"), Some("read-bounds")) => Some(Check::Bounds(Access::Read)),
        (Some("extent"), Some("unwritten")) => Some(Check::Unwritten),
        (Some("extent"), Some("leak")) => Some(Check::Leak),
        (Some("extent"), other) => {
            return Err(format!(
                "a rule with `flow: extent` says what it checks: `check: write-bounds`, \
                 `read-bounds`, `unwritten` or `leak`{}",
                other.map(|o| format!(", not `{o}`")).unwrap_or_default()
            ))
        }
        (_, Some(_)) => return Err(String::from("`check` is for rules with `flow: extent`")),
        (_, None) => None,
    };
    let all_paths = match get("paths").as_deref().map(str::trim) {
        None | Some("any") => false,
        Some("all") if taint => true,
        Some(other) => {
            return Err(format!(
                "unknown paths `{other}` (expected any or all, for a taint rule)"
            ))
        }
    };
    let function_reach = match get("reach").as_deref().map(str::trim) {
        None | Some("repository") => false,
        Some("function") if taint => true,
        Some(other) => {
            return Err(format!(
                "unknown reach `{other}` (expected repository or function, for a taint rule)"
            ))
        }
    };
    let name = get("name").unwrap_or_else(|| id.rsplit('/').next().unwrap_or(&id).to_string());
    let help = get("help").unwrap_or_else(|| strip_template(&message));
    Ok(RuleMeta {
        id,
        name,
        severity,
        message,
        cwe,
        tags: split_list(get("tags").as_deref()),
        precision,
        security_severity,
        help,
        languages,
        taint,
        include: split_list(get("include").as_deref()),
        superseded_by: split_list(get("superseded-by").as_deref()),
        html_output,
        off_by_default,
        value_flow,
        number_flow,
        all_paths,
        function_reach,
        extent,
    })
}

/// The partials a partial includes in turn: the `; include: a, b` lines of its leading comments
/// (a partial has no other metadata, so the rest of that block is prose).
pub(crate) fn partial_includes(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    for raw in source.lines() {
        let trimmed = raw.trim_start();
        if trimmed.is_empty() {
            continue;
        }
        let Some(comment) = trimmed.strip_prefix(';') else {
            break; // the query starts here
        };
        let body = comment.trim_start_matches(';').trim_start();
        if let Some(names) = body.strip_prefix("include:") {
            out.extend(split_list(Some(names)));
        }
    }
    out
}

fn split_list(value: Option<&str>) -> Vec<String> {
    value
        .unwrap_or_default()
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// The message with `{{capture}}` placeholders replaced by `...`, for rule descriptions.
pub(crate) fn strip_template(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(start) = rest.find("{{") {
        let Some(end) = rest[start..].find("}}") else {
            break;
        };
        out.push_str(&rest[..start]);
        out.push_str("...");
        rest = &rest[start + end + 2..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_full_block() {
        let src = "; id: py/x\n; severity: warning\n; message: `{{f}}` is bad\n; cwe: cwe-78, CWE-77\n\
                   ; tags: security, injection\n; precision: medium\n; help: first line\n;   second line\n\
                   ;\n;   after a blank\n(call) @finding\n";
        let meta = parse(src).unwrap();
        assert_eq!(meta.id, "py/x");
        assert_eq!(meta.severity, Severity::Warning);
        assert_eq!(meta.cwe, vec!["CWE-78", "CWE-77"]);
        assert_eq!(meta.tags, vec!["security", "injection"]);
        assert_eq!(meta.precision, Precision::Medium);
        assert_eq!(meta.help, "first line\nsecond line\n\nafter a blank");
        assert_eq!(meta.security_severity, 5.5);
        assert_eq!(meta.name, "x");
        assert!(!meta.off_by_default);
        let off =
            parse("; id: a\n; severity: note\n; message: m\n; default: off\n(call) @finding\n");
        assert!(off.unwrap().off_by_default);
    }

    #[test]
    fn rejects_bad_metadata_with_a_reason() {
        let cases = [
            (
                "; severity: error\n; message: m\n",
                "missing metadata `; id",
            ),
            (
                "; id: a\n; severity: fatal\n; message: m\n",
                "unknown severity `fatal`",
            ),
            (
                "; id: a\n; severity: error\n; message: m\n; colour: red\n",
                "unknown metadata key `colour`",
            ),
            (
                "; id: a\n; severity: error\n; message: m\n; cwe: 78x\n",
                "is not a CWE id",
            ),
            (
                "; id: a\n; severity: error\n; message: m\n; security-severity: 11\n",
                "must be in (0, 10]",
            ),
            (
                "; id: a b\n; severity: error\n; message: m\n",
                "may only hold",
            ),
            ("; id: a\n; id: b\n", "given twice"),
            (
                "; id: a\n; severity: error\n; message: m\n; default: maybe\n",
                "unknown default `maybe` (expected on or off)",
            ),
        ];
        for (src, want) in cases {
            let err = parse(src).unwrap_err();
            assert!(err.contains(want), "{src:?}: {err}");
        }
    }

    #[test]
    fn strips_templates() {
        assert_eq!(strip_template("`{{f}}` with {{x}} ok"), "`...` with ... ok");
    }
}
