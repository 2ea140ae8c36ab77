//! Shared helpers: run the binary, build repos in temp dirs, validate SARIF.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use serde_json::Value;

pub fn bin() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_shardscan"));
    // Agent results are cached per user; tests keep theirs out of the user's home.
    let cache = std::env::temp_dir().join(format!("shardscan-test-cache-{}", std::process::id()));
    // A key in the runner's environment must not reach an agent a test did not point at the
    // fake server.
    // The runner's own configuration file must not change what a test sees.
    let no_user_config = std::env::temp_dir().join("shardscan-test-no-user-config");
    command
        .env("NO_COLOR", "1")
        .env("SHARDSCAN_CACHE_DIR", cache)
        .env("XDG_CONFIG_HOME", no_user_config)
        .env_remove("CI")
        .env_remove("OPENAI_API_KEY")
        .env_remove("ANTHROPIC_API_KEY");
    command
}

/// Runs shardscan with `args`; returns (exit status, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let output = bin().args(args).output().expect("run shardscan");
    decode(output)
}

pub fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let output = bin()
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run shardscan");
    decode(output)
}

/// (exit status, or -1 when killed by a signal; stdout; stderr) of a finished run, read lossily.
pub fn decode(output: Output) -> (i32, String, String) {
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Writes `files` (path, contents) under a new temp dir.
pub fn repo(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for (path, text) in files {
        write(dir.path(), path, text.as_bytes());
    }
    dir
}

pub fn write(root: &Path, rel: &str, bytes: &[u8]) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().expect("has parent")).expect("mkdir");
    std::fs::write(path, bytes).expect("write");
}

pub fn project_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn schema_validator() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        // The team's copy in ../shared/sarif is the reference; the vendored copy (the same file)
        // keeps a clone that has no ../shared testable.
        let shared = project_root().join("../shared/sarif/sarif-schema-2.1.0.json");
        let path = if shared.exists() {
            shared
        } else {
            project_root().join("tests/data/sarif-schema-2.1.0.json")
        };
        let text = std::fs::read_to_string(&path).expect("read SARIF schema");
        let schema: Value = serde_json::from_str(&text).expect("schema is JSON");
        jsonschema::validator_for(&schema).expect("SARIF schema compiles")
    })
}

/// Validates a SARIF log against the OASIS schema and GitHub code scanning's extra rules
/// (`../shared/sarif/GITHUB.md`). Panics with every problem found.
pub fn assert_valid_sarif(log: &Value) {
    let mut problems: Vec<String> = schema_validator()
        .iter_errors(log)
        .map(|e| format!("schema: {e} at {}", e.instance_path()))
        .collect();
    problems.extend(github_problems(log));
    assert!(
        problems.is_empty(),
        "invalid SARIF:\n{}\n{}",
        problems.join("\n"),
        serde_json::to_string_pretty(log).unwrap_or_default()
    );
}

fn nonempty(value: &Value) -> bool {
    value.as_str().is_some_and(|s| !s.trim().is_empty())
}

pub fn github_problems(log: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let mut fail = |p: String| problems.push(p);
    if log["version"] != "2.1.0" {
        fail(format!("version is {}", log["version"]));
    }
    if !nonempty(&log["$schema"]) {
        fail("no $schema".into());
    }
    let Some(runs) = log["runs"].as_array() else {
        return vec!["no runs".into()];
    };
    if runs.is_empty() || runs.len() > 20 {
        fail(format!("{} runs", runs.len()));
    }
    let mut categories = std::collections::HashSet::new();
    for run in runs {
        let category = run["automationDetails"]["id"]
            .as_str()
            .unwrap_or("")
            .rsplit_once('/')
            .map_or(String::new(), |(c, _)| c.to_string());
        if !categories.insert(category.clone()) {
            fail(format!("two runs with category `{category}`"));
        }
        if !nonempty(&run["tool"]["driver"]["name"]) {
            fail("driver without a name".into());
        }
        let Some(rules) = run["tool"]["driver"]["rules"].as_array() else {
            fail("driver without rules[]".into());
            continue;
        };
        if rules.len() > 25_000 {
            fail(format!("{} rules", rules.len()));
        }
        let mut ids = std::collections::HashSet::new();
        for rule in rules {
            let id = rule["id"].as_str().unwrap_or("");
            if id.is_empty() || !ids.insert(id.to_string()) {
                fail(format!("rule id `{id}` empty or duplicated"));
            }
            for field in ["shortDescription", "fullDescription"] {
                let text = &rule[field]["text"];
                if !nonempty(text) || text.as_str().is_some_and(|t| t.len() > 1024) {
                    fail(format!("rule {id}: {field}.text missing or over 1024"));
                }
            }
            if !nonempty(&rule["help"]["text"]) {
                fail(format!("rule {id}: no help.text"));
            }
            if rule["name"].as_str().is_some_and(|n| n.len() > 255) {
                fail(format!("rule {id}: name over 255"));
            }
            let properties = &rule["properties"];
            if let Some(severity) = properties.get("security-severity") {
                match severity.as_str().and_then(|s| s.parse::<f64>().ok()) {
                    Some(v) if v > 0.0 && v <= 10.0 => {}
                    _ => fail(format!(
                        "rule {id}: security-severity {severity} is not a string number in (0, 10]"
                    )),
                }
            }
            if properties["tags"].as_array().is_some_and(|t| t.len() > 20) {
                fail(format!("rule {id}: more than 20 tags"));
            }
            if let Some(level) = rule["defaultConfiguration"]["level"].as_str() {
                if !["note", "warning", "error", "none"].contains(&level) {
                    fail(format!("rule {id}: level {level}"));
                }
            }
        }
        let Some(results) = run["results"].as_array() else {
            fail("run without results[]".into());
            continue;
        };
        if results.len() > 25_000 {
            fail(format!("{} results", results.len()));
        }
        for result in results {
            let rule_id = result["ruleId"].as_str().unwrap_or("");
            if rule_id.is_empty() || !ids.contains(rule_id) {
                fail(format!(
                    "result with ruleId `{rule_id}` not among the rules"
                ));
            }
            if !nonempty(&result["message"]["text"]) {
                fail(format!("{rule_id}: result without message.text"));
            }
            if result["partialFingerprints"]
                .as_object()
                .is_none_or(|m| m.is_empty())
            {
                fail(format!("{rule_id}: no partialFingerprints"));
            }
            let Some(locations) = result["locations"].as_array().filter(|l| !l.is_empty()) else {
                fail(format!("{rule_id}: no locations"));
                continue;
            };
            if locations.len() > 1000 {
                fail(format!("{rule_id}: over 1000 locations"));
            }
            let physical = &locations[0]["physicalLocation"];
            let uri = physical["artifactLocation"]["uri"].as_str().unwrap_or("");
            if let Some(problem) = uri_problem(uri) {
                fail(format!("{rule_id}: uri `{uri}`: {problem}"));
            }
            if physical["region"]["startLine"].as_u64().unwrap_or(0) < 1 {
                fail(format!("{rule_id}: no region.startLine"));
            }
            if let Some(flows) = result["codeFlows"].as_array() {
                for flow in flows {
                    for thread in flow["threadFlows"].as_array().into_iter().flatten() {
                        if thread["locations"]
                            .as_array()
                            .is_some_and(|l| l.len() > 10_000)
                        {
                            fail(format!("{rule_id}: thread flow over 10,000 locations"));
                        }
                    }
                }
            }
        }
    }
    problems
}

fn uri_problem(uri: &str) -> Option<&'static str> {
    if uri.is_empty() {
        return Some("empty");
    }
    if uri.contains(' ') {
        return Some("contains a space");
    }
    if uri.starts_with('/') {
        return Some("absolute path, not repository-relative");
    }
    if !uri.starts_with("file:")
        && uri
            .split('/')
            .next()
            .is_some_and(|first| first.contains(':'))
    {
        return Some("colon in the first segment");
    }
    if uri.contains('\\') {
        return Some("backslash");
    }
    None
}

/// Hash of every path, kind, size and content under `root`, to prove a scan wrote nothing.
pub fn tree_digest(root: &Path) -> String {
    use sha2_free::hash;
    let mut entries = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let mut children: Vec<_> = std::fs::read_dir(&dir)
            .expect("read dir")
            .flatten()
            .collect();
        children.sort_by_key(|e| e.path());
        for child in children {
            let path = child.path();
            let meta = std::fs::symlink_metadata(&path).expect("metadata");
            let rel = path
                .strip_prefix(root)
                .expect("under root")
                .to_string_lossy()
                .into_owned();
            let modified = meta
                .modified()
                .ok()
                .and_then(|m| m.duration_since(std::time::UNIX_EPOCH).ok())
                .map(|d| d.as_nanos())
                .unwrap_or(0);
            if meta.is_dir() {
                entries.push(format!("d {rel} {modified}"));
                stack.push(path);
            } else if meta.is_file() {
                let bytes = std::fs::read(&path).unwrap_or_default();
                entries.push(format!(
                    "f {rel} {} {modified} {:016x}",
                    meta.len(),
                    hash(&bytes)
                ));
            } else {
                entries.push(format!("o {rel}"));
            }
        }
    }
    entries.sort();
    format!("{:016x}", hash(entries.join("\n").as_bytes()))
}

mod sha2_free {
    /// FNV-1a: enough to notice any change in a test tree.
    pub fn hash(bytes: &[u8]) -> u64 {
        bytes.iter().fold(0xcbf29ce484222325u64, |h, b| {
            (h ^ *b as u64).wrapping_mul(0x100000001b3)
        })
    }
}
