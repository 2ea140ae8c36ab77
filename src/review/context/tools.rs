//! The read-only tools an agent may call while it reviews a shard: look up a definition, find
//! the references to a name, read a range of lines. They answer from the symbol index and the
//! files it knows (those the walk found inside the scanned root), never run anything and never
//! write; a path the index does not know (`../`, absolute, left out by the walk, a symlink out)
//! is refused with a message the agent can read. Every answer is bounded in size.

use std::fmt::Write as _;

use serde_json::{json, Value};

use super::index::SymbolIndex;
use crate::review::llm::{ToolCall, ToolSpec};

/// Longest answer of one call, in bytes: an agent's turn must stay within its context.
const MAX_RESULT_BYTES: usize = 6000;
/// Most definitions shown for one name.
const MAX_DEFINITIONS: usize = 3;
/// Most lines of one definition shown; the rest is left to `read_lines`.
const MAX_DEFINITION_LINES: usize = 80;
/// Most references listed.
const MAX_REFERENCES: usize = 20;
/// Most lines one `read_lines` returns.
const MAX_READ_LINES: usize = 120;

pub(crate) const FIND_DEFINITION: &str = "find_definition";
pub(crate) const FIND_REFERENCES: &str = "find_references";
pub(crate) const READ_LINES: &str = "read_lines";

/// The tools offered to an agent.
pub(crate) fn specs() -> Vec<ToolSpec> {
    vec![
        ToolSpec {
            name: FIND_DEFINITION,
            description: "Show the definition (with its line numbers) of a function, class, \
                          constant or macro of the repository, by the name the code uses.",
            parameters: json!({
                "type": "object",
                "additionalProperties": false,
                "required": ["name"],
                "properties": {"name": {"type": "string", "description": "the name as written in the code, e.g. run_query"}}
            }),
        },
        ToolSpec {
            name: FIND_REFERENCES,
            description: "List where a function of the repository is called from (file, line \
                          and the calling function).",
            parameters: json!({
                "type": "object",
                "additionalProperties": false,
                "required": ["name"],
                "properties": {"name": {"type": "string"}}
            }),
        },
        ToolSpec {
            name: READ_LINES,
            description: "Read lines of a file of the repository, by its path as shown in the \
                          prompt.",
            parameters: json!({
                "type": "object",
                "additionalProperties": false,
                "required": ["path", "start_line", "end_line"],
                "properties": {
                    "path": {"type": "string"},
                    "start_line": {"type": "integer"},
                    "end_line": {"type": "integer"}
                }
            }),
        },
    ]
}

/// The answer to `call`, made by an agent reviewing a shard of `from` (a repository path, for
/// "nearest first"). Errors are answers too: the agent reads them and goes on.
pub(crate) fn run(index: &SymbolIndex, from: &str, call: &ToolCall) -> String {
    let answer = match call.name.as_str() {
        FIND_DEFINITION => text_argument(&call.arguments, "name")
            .map(|name| find_definition(index, from, &name)),
        FIND_REFERENCES => text_argument(&call.arguments, "name")
            .map(|name| find_references(index, from, &name)),
        READ_LINES => read_lines(index, &call.arguments),
        other => Err(format!(
            "there is no tool `{}`; the tools are {FIND_DEFINITION}, {FIND_REFERENCES} and {READ_LINES}",
            clip(other, 60)
        )),
    };
    let text = answer.unwrap_or_else(|error| format!("error: {error}"));
    clip(&text, MAX_RESULT_BYTES)
}

fn text_argument(arguments: &Value, field: &str) -> Result<String, String> {
    let value = arguments
        .get(field)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .ok_or_else(|| format!("give `{field}` as a string"))?;
    // `self.db.run_query` and `Db::run_query` name `run_query`.
    let last = value
        .rsplit(['.', ':'])
        .find(|s| !s.is_empty())
        .unwrap_or(value);
    Ok(last.trim_end_matches("()").to_string())
}

fn number_argument(arguments: &Value, field: &str) -> Result<usize, String> {
    match arguments.get(field) {
        Some(Value::Number(n)) => n.as_u64().map(|n| n as usize),
        Some(Value::String(s)) => s.trim().parse().ok(),
        _ => None,
    }
    .ok_or_else(|| format!("give `{field}` as a line number"))
}

fn find_definition(index: &SymbolIndex, from: &str, name: &str) -> String {
    let found = index.definitions(name, from);
    if found.is_empty() {
        return format!("no definition of `{name}` in the repository (it may be a library's)");
    }
    let mut out = String::new();
    for definition in found.iter().take(MAX_DEFINITIONS) {
        let _ = writeln!(
            out,
            "--- {}:{}-{}",
            index.path_of(definition),
            definition.first_line,
            definition.last_line
        );
        match index.definition_lines(definition) {
            Ok(lines) => {
                let total = lines.len();
                for (number, line) in lines.into_iter().take(MAX_DEFINITION_LINES) {
                    let _ = writeln!(out, "{number}|{line}");
                }
                if total > MAX_DEFINITION_LINES {
                    let _ = writeln!(
                        out,
                        "... {} more lines (read_lines for them)",
                        total - MAX_DEFINITION_LINES
                    );
                }
            }
            Err(error) => {
                let _ = writeln!(out, "{}\n(error: {error})", definition.signature);
            }
        }
    }
    if found.len() > MAX_DEFINITIONS {
        let _ = writeln!(
            out,
            "... and {} more definitions",
            found.len() - MAX_DEFINITIONS
        );
    }
    out
}

fn find_references(index: &SymbolIndex, from: &str, name: &str) -> String {
    let callers = index.callers(name, from);
    if callers.is_empty() {
        return format!("no call of `{name}` in the repository");
    }
    let mut out = String::new();
    for caller in callers.iter().take(MAX_REFERENCES) {
        let _ = writeln!(
            out,
            "{}:{}{}",
            caller.path,
            caller.line,
            caller
                .signature
                .as_ref()
                .map_or(String::new(), |s| format!(" in `{s}`"))
        );
    }
    if callers.len() > MAX_REFERENCES {
        let _ = writeln!(out, "... and {} more", callers.len() - MAX_REFERENCES);
    }
    out
}

fn read_lines(index: &SymbolIndex, arguments: &Value) -> Result<String, String> {
    let path = arguments
        .get("path")
        .and_then(Value::as_str)
        .ok_or("give `path` as a string")?;
    let first = number_argument(arguments, "start_line")?.max(1);
    let last = number_argument(arguments, "end_line")?;
    if last < first {
        return Err(format!("end_line {last} is before start_line {first}"));
    }
    let last = last.min(first.saturating_add(MAX_READ_LINES - 1));
    let lines = index.lines(path, first, last)?;
    if lines.is_empty() {
        return Err(format!("`{path}` has no line {first}"));
    }
    let mut out = String::new();
    for (number, line) in lines {
        let _ = writeln!(out, "{number}|{line}");
    }
    Ok(out)
}

/// `text` cut to at most `max` bytes on a character boundary, saying so.
fn clip(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut cut = max;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}\n... (cut at {max} bytes)", &text[..cut])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::context::{build_index, Limits};
    use crate::walk::WalkSettings;

    fn call(name: &str, arguments: Value) -> ToolCall {
        ToolCall {
            id: String::from("1"),
            name: name.to_string(),
            arguments,
        }
    }

    #[test]
    fn tools_answer_from_the_tree_and_never_outside_it() {
        let outer = tempfile::tempdir().unwrap();
        let root = outer.path().join("repo");
        std::fs::create_dir_all(root.join("app")).unwrap();
        std::fs::write(
            root.join("app/db.py"),
            "import os\n\ndef run(q):\n    return os.system(q)\n",
        )
        .unwrap();
        std::fs::write(
            root.join("app/views.py"),
            "from app.db import run\n\ndef view(request):\n    return run(request.args['q'])\n",
        )
        .unwrap();
        std::fs::write(outer.path().join("secret.txt"), "TOKEN=hunter2\n").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(outer.path().join("secret.txt"), root.join("app/link.py"))
            .unwrap();
        let settings = WalkSettings::for_root(&root);
        let index = build_index(&settings, 1, Limits::default()).unwrap();
        let from = "app/views.py";

        let definition = run(
            &index,
            from,
            &call(FIND_DEFINITION, json!({"name": "db.run"})),
        );
        assert!(
            definition.starts_with("--- app/db.py:3-4\n3|def run(q):\n4|    return os.system(q)"),
            "{definition}"
        );
        let references = run(&index, from, &call(FIND_REFERENCES, json!({"name": "run"})));
        assert_eq!(references, "app/views.py:4 in `def view(request):`\n");
        let lines = run(
            &index,
            from,
            &call(
                READ_LINES,
                json!({"path": "app/db.py", "start_line": 4, "end_line": "9"}),
            ),
        );
        assert_eq!(lines, "4|    return os.system(q)\n");

        for path in [
            "../secret.txt",
            "app/../../secret.txt",
            outer.path().join("secret.txt").to_str().unwrap(),
            "/etc/passwd",
            "app/link.py",
        ] {
            let answer = run(
                &index,
                from,
                &call(
                    READ_LINES,
                    json!({"path": path, "start_line": 1, "end_line": 5}),
                ),
            );
            assert!(answer.starts_with("error:"), "{path}: {answer}");
            assert!(!answer.contains("hunter2"), "{path}: {answer}");
        }
        let unknown = run(&index, from, &call("run_shell", json!({"cmd": "id"})));
        assert!(
            unknown.starts_with("error: there is no tool `run_shell`"),
            "{unknown}"
        );
        let bad = run(&index, from, &call(READ_LINES, json!("app/db.py")));
        assert!(bad.starts_with("error: give `path`"), "{bad}");
    }

    #[test]
    fn a_file_swapped_for_a_symlink_out_after_the_walk_is_refused() {
        let outer = tempfile::tempdir().unwrap();
        let root = outer.path().join("repo");
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(root.join("a.py"), "def f():\n    pass\n").unwrap();
        std::fs::write(outer.path().join("secret.py"), "TOKEN = 'hunter2'\n").unwrap();
        let index = build_index(&WalkSettings::for_root(&root), 1, Limits::default()).unwrap();
        std::fs::remove_file(root.join("a.py")).unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(outer.path().join("secret.py"), root.join("a.py")).unwrap();
        let answer = run(
            &index,
            "a.py",
            &call(
                READ_LINES,
                json!({"path": "a.py", "start_line": 1, "end_line": 1}),
            ),
        );
        assert!(answer.starts_with("error:"), "{answer}");
        assert!(!answer.contains("hunter2"), "{answer}");
    }

    #[test]
    fn answers_are_bounded() {
        let long = "x".repeat(MAX_RESULT_BYTES * 2);
        assert!(clip(&long, MAX_RESULT_BYTES).len() < MAX_RESULT_BYTES + 40);
    }
}
