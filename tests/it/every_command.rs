//! What holds for every command and every run, not only a scan with agents: `shardscan.toml` is
//! read the same way by `scan`, `shards` and `rules`, and the deadline and Ctrl-C stop a rules-only
//! scan with a report.

use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::{bin, repo, run, run_in};

const EVAL: &str =
    "def handler(request):\n    expr = request.args.get('q')\n    return eval(expr)\n";

/// A repository whose configuration leaves out `vendor_code/` and turns off `python/eval-exec`.
fn configured_repo() -> tempfile::TempDir {
    let dir = repo(&[
        ("src/app.py", EVAL),
        ("generated_stubs/stub.py", EVAL),
        (
            "shardscan.toml",
            "[scan]\nexclude = [\"generated_stubs/**\"]\n[rules]\ndisable = [\"python/eval-exec\"]\n",
        ),
    ]);
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    dir
}

#[test]
fn shards_honour_the_configuration_file() {
    let dir = configured_repo();
    let (status, stdout, stderr) = run_in(dir.path(), &["shards", ".", "--format", "json"]);
    assert_eq!(status, 0, "{stderr}");
    let shards: Value = serde_json::from_str(&stdout).unwrap();
    let paths: Vec<&str> = shards
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["path"].as_str().unwrap())
        .collect();
    assert_eq!(paths, vec!["src/app.py"], "the excluded file is not cut");
    // --no-config reads no file: both are cut.
    let (_, stdout, _) = run_in(dir.path(), &["shards", ".", "--no-config"]);
    assert!(stdout.contains("generated_stubs/stub.py"), "{stdout}");
}

#[test]
fn rules_list_honours_the_configuration_file() {
    let dir = configured_repo();
    let (status, stdout, stderr) = run_in(dir.path(), &["rules", "list"]);
    assert_eq!(status, 0, "{stderr}");
    assert!(
        !stdout.contains("python/eval-exec "),
        "disabled by the file:\n{stdout}"
    );
    assert!(stdout.contains("python/taint-code-injection"), "{stdout}");
    let (_, stdout, _) = run_in(dir.path(), &["rules", "list", "--no-config"]);
    assert!(stdout.contains("python/eval-exec "), "{stdout}");
}

#[test]
fn scan_names_the_configuration_file_it_read_and_what_it_took() {
    let dir = configured_repo();
    let (_, stdout, stderr) = run_in(dir.path(), &["scan", ".", "-f", "json", "--no-progress"]);
    assert!(
        stderr.contains("configuration: `")
            && stderr.contains("`, the repository's (rules.disable, scan.exclude)"),
        "{stderr}"
    );
    let report: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        report["configuration"][0]["settings"],
        serde_json::json!(["rules.disable", "scan.exclude"])
    );
    assert_eq!(report["configuration"][0]["trust"], "repository");
}

#[test]
fn a_rules_only_scan_past_its_deadline_exits_3_with_a_report() {
    let dir = repo(&[("a.py", EVAL), ("b.py", EVAL)]);
    let path = dir.path().to_str().unwrap();
    let (status, stdout, stderr) = run(&[
        "scan",
        path,
        "--deadline",
        "0s",
        "-f",
        "json",
        "--no-progress",
    ]);
    assert_eq!(status, 3, "incomplete: {stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    assert_eq!(report["complete"], false);
    let problems = report["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 2, "both files listed: {problems:?}");
    assert!(problems[0]["message"]
        .as_str()
        .unwrap()
        .contains("the deadline passed before this file was read"));
    assert!(
        stderr.contains("not read: the run stopped first"),
        "{stderr}"
    );
}

/// Ctrl-C during a rules-only scan: the files not yet read are listed, what was reviewed is
/// reported, and the run exits 3 (with `--fail-on none`: findings would make it 1).
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_rules_only_scan_with_a_report() {
    // Enough files that a debug build is still at work when the signal comes.
    let files: Vec<(String, &str)> = (0..5000)
        .map(|i| (format!("pkg{}/m{i}.py", i % 30), EVAL))
        .collect();
    let refs: Vec<(&str, &str)> = files.iter().map(|(p, t)| (p.as_str(), *t)).collect();
    let dir = repo(&refs);
    let child = bin()
        .args([
            "scan",
            dir.path().to_str().unwrap(),
            "-f",
            "json",
            "--no-progress",
            "--jobs",
            "1",
            "--fail-on",
            "none",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    std::thread::sleep(Duration::from_millis(400));
    let signalled = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(signalled.success());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let report: Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("a report even when interrupted ({e}): {stderr}"));
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    let stopped = report["problems"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| {
            p["message"]
                .as_str()
                .unwrap()
                .contains("interrupted (Ctrl-C) before this file was read")
        })
        .count();
    assert!(
        stopped > 0,
        "files after the interrupt are listed ({:?} after start): {stderr}",
        started.elapsed()
    );
    let reviewed = report["summary"]["files"].as_u64().unwrap();
    assert!(reviewed > 0, "files before it are reported: {stderr}");
    assert_eq!(
        reviewed as usize + stopped,
        5000,
        "every file is accounted for"
    );
}
