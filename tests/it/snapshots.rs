//! Snapshots of what shardscan prints today, so a change of output shows up as a diff of a file
//! under `tests/it/snapshots/`: the exit code, stdout and stderr of `scan` in every format on one
//! small fixed repository, of `shards` and `rules list`, and of two errors.
//!
//! When an output changes on purpose, rewrite the snapshots and read the diff before committing:
//!
//! ```text
//! INSTA_UPDATE=always cargo test --test it snapshots
//! git diff tests/it/snapshots/
//! ```
//!
//! (`cargo insta review` does the same one snapshot at a time, but needs `cargo install
//! cargo-insta` first.) Without `INSTA_UPDATE`, a mismatch fails the test and leaves the new text
//! beside the old one as `*.snap.new`. With `CI` set, as `.ci/run` runs, insta writes nothing and a
//! mismatch only fails; [`Run::assert_snapshot`] refuses to run there with `INSTA_UPDATE` or
//! `INSTA_FORCE_PASS` set, so a pipeline can never rewrite or wave through a snapshot.
//!
//! What varies between runs and machines is filtered out before the comparison (see [`filters`]):
//! the temp dir, durations, the pool's timing and size figures, the tool version.

use serde_json::Value;

use crate::common::{assert_valid_sarif, run_in, write};

/// Python, JavaScript and Go with findings of every severity, a taint flow, an inline suppression,
/// a file that is not valid UTF-8 and one that is not source code.
fn fixture() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path();
    write(
        root,
        "repo/app/views.py",
        b"import hashlib
from flask import request


def search(cur):
    term = request.args.get('q')
    sql = \"SELECT * FROM t WHERE x = '\" + term + \"'\"
    cur.execute(sql)


def digest(data):
    return hashlib.md5(data).hexdigest()


def calc(expr):
    return eval(expr)  # shardscan-ignore: python/eval-exec


def hello():
    print('hi')
",
    );
    // Latin-1, not UTF-8: read with a replacement character, still reviewed.
    write(
        root,
        "repo/app/legacy.py",
        b"# caf\xe9\ndef legacy(q):\n    return eval(q)\n",
    );
    write(
        root,
        "repo/web/app.js",
        b"function token() {
  return Math.random().toString(36);
}

function run(code) {
  return eval(code);
}
",
    );
    write(
        root,
        "repo/svc/main.go",
        b"package main

import (
\t\"crypto/md5\"
\t\"fmt\"
)

func main() {
\tfmt.Println(md5.Sum([]byte(\"x\")))
}
",
    );
    write(
        root,
        "repo/docs/README.md",
        b"# Notes\n\nNothing to review.\n",
    );
    // No built-in rule is a note: this one, beside the tree, gives the third severity.
    write(
        root,
        "rules/python/print.scm",
        b"; id: local/print-call
; severity: note
; message: `print` call
(call function: (identifier) @f (#eq? @f \"print\")) @finding
",
    );
    dir
}

/// `scan` as a user types it, from the fixture's root: the user's rules beside the tree.
const SCAN: [&str; 4] = ["scan", "repo", "--rules", "rules"];

#[test]
fn scan_text() {
    run(&fixture(), &[&SCAN[..], &["-f", "text"]].concat()).assert_snapshot("scan_text");
}

#[test]
fn scan_json() {
    let mut json = run(&fixture(), &[&SCAN[..], &["-f", "json"]].concat());
    let report: Value = serde_json::from_str(&json.stdout).expect("the report is JSON");
    assert_eq!(report["complete"], true, "{}", json.stderr);
    json.stdout = without_unused_rules(&json.stdout);
    json.assert_snapshot("scan_json");
}

#[test]
fn scan_sarif() {
    let mut sarif = run(&fixture(), &[&SCAN[..], &["-f", "sarif"]].concat());
    assert_valid_sarif(&serde_json::from_str(&sarif.stdout).expect("the log is JSON"));
    sarif.stdout = without_unused_rules(&sarif.stdout);
    sarif.assert_snapshot("scan_sarif");
}

#[test]
fn scan_github() {
    run(&fixture(), &[&SCAN[..], &["-f", "github"]].concat()).assert_snapshot("scan_github");
}

#[test]
fn shards() {
    run(&fixture(), &["shards", "repo"]).assert_snapshot("shards");
}

#[test]
fn rules_list() {
    run(&fixture(), &["rules", "list"]).assert_snapshot("rules_list");
}

#[test]
fn usage_error_unknown_flag() {
    run(&fixture(), &[&SCAN[..], &["--no-such-flag"]].concat())
        .assert_snapshot("usage_error_unknown_flag");
}

/// The configuration file found in the scanned tree has a key that does not exist.
#[test]
fn bad_config_error() {
    let dir = fixture();
    write(
        dir.path(),
        "repo/shardscan.toml",
        b"[scan]\nfail_onn = \"none\"\n",
    );
    run(&dir, &SCAN).assert_snapshot("bad_config_error");
}

/// One finished run of `shardscan args`.
struct Run {
    args: String,
    status: i32,
    stdout: String,
    stderr: String,
    /// The temp dir it ran in, as given and resolved (they differ where /tmp is a link).
    temp: [String; 2],
}

/// Runs `shardscan args` in `dir`.
fn run(dir: &tempfile::TempDir, args: &[&str]) -> Run {
    let (status, stdout, stderr) = run_in(dir.path(), args);
    let canonical = dir.path().canonicalize().expect("temp dir exists");
    Run {
        args: args.join(" "),
        status,
        stdout,
        stderr,
        temp: [canonical, dir.path().to_path_buf()].map(|p| p.display().to_string()),
    }
}

impl Run {
    /// Compares the command line, exit code, stdout and stderr with the snapshot `name`, after
    /// [`filters`].
    fn assert_snapshot(&self, name: &str) {
        refuse_updates_in_ci();
        let text = format!(
            "$ shardscan {}\nexit: {}\n--- stdout ---\n{}--- stderr ---\n{}",
            self.args,
            self.status,
            or_empty(&self.stdout),
            or_empty(&self.stderr)
        );
        let mut settings = insta::Settings::clone_current();
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        for (pattern, replacement) in filters(&self.temp) {
            settings.add_filter(&pattern, replacement);
        }
        settings.bind(|| insta::assert_snapshot!(name, text));
    }
}

fn or_empty(text: &str) -> &str {
    if text.is_empty() {
        "(empty)\n"
    } else {
        text
    }
}

/// Regexes for what varies between runs and machines, in the order they apply.
fn filters(temp: &[String]) -> Vec<(String, &'static str)> {
    let mut filters = Vec::new();
    for path in temp {
        filters.push((regex::escape(path), "[TEMP]"));
    }
    // The SARIF base URI is the absolute repository path, percent-encoded where it needs it.
    filters.push((r"file://[^\s\x22]*/repo/".into(), "file://[TEMP]/repo/"));
    filters.push((
        format!(
            r#""(version|semanticVersion|tool_version)": "{}""#,
            regex::escape(env!("CARGO_PKG_VERSION"))
        ),
        r#""$1": "[VERSION]""#,
    ));
    // Wall-clock figures, and the pool's size (the number of CPUs) and how busy it got.
    filters.push((r"shards in \d+\.\d+s".into(), "shards in [DURATION]"));
    filters.push((
        r"pool: \d+ workers?, peak \d+ busy, utilization \d+%, first dispatch at \d+% of the run"
            .into(),
        "pool: [N] workers, peak [N] busy, utilization [PCT], first dispatch at [PCT] of the run",
    ));
    filters.push((
        r#""(duration_seconds|durationSeconds|wall_seconds|utilization|first_dispatch_share|overlap_share|workers|peak_concurrency)": [0-9.e+-]+"#.into(),
        r#""$1": "[VARIES]""#,
    ));
    filters
}

/// The JSON or SARIF rule table cut to the rules that a result names: all 148 would be thousands
/// of lines of the same shape, and the `rules_list` snapshot already lists every rule. Works on
/// the text so that key order and layout stay exactly as printed; each cut is marked.
fn without_unused_rules(stdout: &str) -> String {
    let named: std::collections::BTreeSet<&str> = stdout
        .lines()
        .filter_map(|line| {
            let line = line.trim();
            [
                "\"rule_id\": \"",
                "\"ruleId\": \"",
                "\"flow_rule\": \"",
                "\"flowRule\": \"",
            ]
            .iter()
            .find_map(|key| line.strip_prefix(key))
            .and_then(|rest| rest.split('"').next())
        })
        .collect();
    let lines: Vec<&str> = stdout.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.trim() == "\"rules\": [")
        .expect("a rules table in the output");
    let indent = &lines[start][..lines[start].len() - lines[start].trim_start().len()];
    let end = start
        + lines[start..]
            .iter()
            .position(|l| l.starts_with(indent) && l[indent.len()..].starts_with(']'))
            .expect("the end of the rules table");
    let item = format!("{indent}  ");
    let id_line = format!("{indent}    \"id\": \"");
    let mut out: Vec<String> = lines[..=start].iter().map(|l| l.to_string()).collect();
    let (mut left_out, mut i) = (0, start + 1);
    while i < end {
        let close = i + lines[i..end]
            .iter()
            .position(|l| l.starts_with(&item) && l[item.len()..].starts_with('}'))
            .expect("the end of a rule");
        let id = lines[i..close]
            .iter()
            .find_map(|l| l.strip_prefix(id_line.as_str()))
            .and_then(|rest| rest.split('"').next())
            .expect("a rule id");
        if named.contains(id) {
            if left_out > 0 {
                out.push(left_out_marker(&item, left_out));
                left_out = 0;
            }
            out.extend(lines[i..=close].iter().map(|l| l.to_string()));
        } else {
            left_out += 1;
        }
        i = close + 1;
    }
    if left_out > 0 {
        out.push(left_out_marker(&item, left_out));
    }
    out.extend(lines[end..].iter().map(|l| l.to_string()));
    let mut text = out.join("\n");
    if stdout.ends_with('\n') {
        text.push('\n');
    }
    text
}

fn left_out_marker(indent: &str, n: usize) -> String {
    let rules = if n == 1 { "rule" } else { "rules" };
    format!("{indent}[{n} {rules} that no result names]")
}

/// In CI a snapshot is only ever compared: refuse the settings that would make insta write one or
/// let a mismatch pass. (insta's own rule for "CI" is the same as this one.)
fn refuse_updates_in_ci() {
    let ci = match std::env::var("CI").as_deref() {
        Ok("false" | "0" | "") => false,
        Ok(_) => true,
        Err(_) => std::env::var_os("TF_BUILD").is_some(),
    };
    if !ci {
        return;
    }
    for var in ["INSTA_UPDATE", "INSTA_FORCE_PASS"] {
        if let Ok(value) = std::env::var(var) {
            assert!(
                matches!(value.as_str(), "" | "no" | "0" | "auto"),
                "{var}={value} with CI set: snapshots are only compared in CI, never written"
            );
        }
    }
}
