//! Hostile and broken input: each case gives a clear message or a counted skip, never a panic, and
//! never costs the findings in the other files.

use serde_json::Value;

use crate::common::{assert_valid_sarif, repo, run, write};
use crate::scan_command::ScanCommand;

const BUG: &str = "def handler(q):\n    return eval(q)\n";

/// Scans `dir` with JSON output and `--fail-on none`; returns (status, report, stderr).
fn scan_json(dir: &std::path::Path, extra: &[&str]) -> (i32, Value, String) {
    let scanned = ScanCommand::bare(dir)
        .format("json")
        .fail_on("none")
        .args(extra)
        .run();
    assert!(!scanned.stderr.contains("panicked"), "{}", scanned.stderr);
    let report = scanned.json().clone();
    (scanned.status, report, scanned.stderr)
}

fn finding_paths(report: &Value) -> Vec<String> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["location"]["path"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn oversized_minified_binary_and_generated_files_are_counted_skips() {
    let dir = repo(&[("ok.py", BUG)]);
    let root = dir.path();
    // 50 MB of Python.
    let big = "x = 1\n".repeat(50 * 1024 * 1024 / 6);
    write(root, "big.py", big.as_bytes());
    write(
        root,
        "bundle.js",
        format!("var a={};", "1+".repeat(500_000)).as_bytes(),
    );
    write(root, "blob.py", b"\x00\x01\x02eval(x)\n");
    write(root, "api_pb2.py", BUG.as_bytes());
    let (status, report, stderr) = scan_json(root, &[]);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(finding_paths(&report), vec!["ok.py"]);
    let skipped = &report["summary"]["skipped"];
    assert_eq!(skipped["too-large"], 1, "{skipped}");
    assert_eq!(skipped["minified"], 1, "{skipped}");
    assert_eq!(skipped["binary"], 1, "{skipped}");
    assert_eq!(skipped["generated"], 1, "{skipped}");
    assert!(stderr.contains("larger than --max-file-size"), "{stderr}");
}

#[test]
fn invalid_utf8_is_read_lossily_and_still_reviewed() {
    let dir = repo(&[]);
    write(
        dir.path(),
        "latin1.py",
        b"# caf\xe9\ndef handler(q):\n    return eval(q)\n",
    );
    let (_, report, stderr) = scan_json(dir.path(), &[]);
    assert_eq!(finding_paths(&report), vec!["latin1.py"]);
    assert_eq!(report["findings"][0]["location"]["start_line"], 3);
    assert_eq!(report["summary"]["lossy_files"], 1);
    assert!(stderr.contains("not valid UTF-8"), "{stderr}");
}

#[test]
fn deep_nesting_does_not_crash() {
    let depth = 10_000;
    let dir = repo(&[("ok.py", BUG)]);
    // One nesting level per line, and all on one line (a 20 KB line is still Python to review).
    write(
        dir.path(),
        "deep_lines.py",
        format!("x = {}1{}\n", "[\n".repeat(depth), "]\n".repeat(depth)).as_bytes(),
    );
    write(
        dir.path(),
        "deep_calls.py",
        format!("f({}1{})\n", "g(\n".repeat(depth), ")\n".repeat(depth)).as_bytes(),
    );
    write(
        dir.path(),
        "deep_one_line.py",
        format!("x = {}1{}\n", "[".repeat(depth), "]".repeat(depth)).as_bytes(),
    );
    let (status, report, stderr) = scan_json(dir.path(), &[]);
    assert_eq!(finding_paths(&report), vec!["ok.py"]);
    assert_eq!(report["summary"]["files"], 4);
    // 10,000 nested calls can exhaust the query engine's match budget: then the run says which
    // shards were not fully reviewed and why (exit 3), rather than passing them off as clean.
    for unreviewed in report["unreviewed"].as_array().unwrap() {
        assert!(
            unreviewed["path"].as_str().unwrap().starts_with("deep_"),
            "{stderr}"
        );
        let reason = unreviewed["reason"].as_str().unwrap();
        assert!(
            reason.contains("too many partial matches") || reason.contains("timed out"),
            "{reason}"
        );
    }
    let complete = report["unreviewed"].as_array().unwrap().is_empty();
    assert_eq!(status, if complete { 0 } else { 3 }, "{stderr}");
    assert_eq!(report["complete"], complete);
}

/// Code that is deep where the taint walk goes (a 20,000-term concatenation from a request into a
/// shell, branches and loops nested hundreds deep, ten thousand top-level branches) is walked
/// within its limits: no crash, and the plain flow beside it is still found with its trace.
#[test]
fn deep_code_on_a_taint_path_does_not_crash_the_walk() {
    let flow = "import os\nfrom flask import request\n\n\ndef run():\n    \
                os.system('ls ' + request.args['dir'])\n";
    let dir = repo(&[("ok.py", flow)]);
    let terms = " + 'a'".repeat(20_000);
    write(
        dir.path(),
        "long_sum.py",
        format!("{flow}\n\ndef more():\n    x = request.args['a']{terms}\n    os.system(x)\n")
            .as_bytes(),
    );
    let mut nested = String::from("import os\nfrom flask import request\n\n\ndef deep():\n");
    for level in 1..=400 {
        let pad = "    ".repeat(level);
        nested.push_str(&format!("{pad}if request.args.get('k{level}'):\n"));
    }
    nested.push_str(&format!(
        "{}os.system(request.args['c'])\n",
        "    ".repeat(401)
    ));
    write(dir.path(), "nested_ifs.py", nested.as_bytes());
    let mut loops = String::from("function h(req, res) {\n  let c = req.query.c;\n");
    loops.push_str(&"for (const a of req.body.list) {\n".repeat(24));
    loops.push_str("c += a;\n");
    loops.push_str(&"}\n".repeat(24));
    loops.push_str("require('child_process').exec(c);\n}\n");
    write(dir.path(), "loops.js", loops.as_bytes());
    let mut wide = String::from("import os\nfrom flask import request\n\n");
    for i in 0..10_000 {
        wide.push_str(&format!(
            "v{i} = request.args['a']\nif v{i}:\n    os.system('ls ' + v{i})\n"
        ));
    }
    write(dir.path(), "wide.py", wide.as_bytes());
    let (_, report, stderr) = scan_json(dir.path(), &["--max-file-size", "4000000"]);
    let findings = report["findings"].as_array().unwrap();
    let ok = findings
        .iter()
        .find(|f| f["location"]["path"] == "ok.py")
        .unwrap_or_else(|| panic!("{stderr}"));
    assert_eq!(ok["flow_rule"], "python/taint-command-injection", "{ok:#}");
    assert!(
        findings.iter().any(|f| f["location"]["path"] == "loops.js"),
        "{stderr}"
    );
}

#[cfg(unix)]
#[test]
fn symlink_loops_and_dangling_links_are_reported_not_fatal() {
    let dir = repo(&[("src/ok.py", BUG)]);
    std::os::unix::fs::symlink(dir.path().join("src"), dir.path().join("src/loop")).unwrap();
    std::os::unix::fs::symlink(
        dir.path().join("missing.py"),
        dir.path().join("dangling.py"),
    )
    .unwrap();
    // Without --follow, links are counted and left alone.
    let (status, report, _) = scan_json(dir.path(), &[]);
    assert_eq!(status, 0);
    assert_eq!(finding_paths(&report), vec!["src/ok.py"]);
    assert_eq!(report["summary"]["skipped"]["symlink"], 2);
    // With --follow, the loop and the dangling link are problems: reported, exit 3, finding kept.
    let (status, report, stderr) = scan_json(dir.path(), &["--follow"]);
    assert_eq!(status, 3, "{stderr}");
    assert_eq!(finding_paths(&report), vec!["src/ok.py"]);
    assert_eq!(report["complete"], false);
    assert!(stderr.contains("loop"), "{stderr}");
    let (_, stdout, _) = run(&[
        "scan",
        dir.path().to_str().unwrap(),
        "--follow",
        "-f",
        "sarif",
    ]);
    let log: Value = serde_json::from_str(&stdout).unwrap();
    assert_valid_sarif(&log);
    assert_eq!(
        log["runs"][0]["invocations"][0]["executionSuccessful"],
        false
    );
    assert!(
        !log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
            .as_array()
            .unwrap()
            .is_empty()
    );
}

#[cfg(unix)]
#[test]
fn unreadable_files_are_reported_and_others_kept() {
    use std::os::unix::fs::PermissionsExt;
    let dir = repo(&[("ok.py", BUG), ("secret.py", BUG)]);
    let secret = dir.path().join("secret.py");
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o000)).unwrap();
    if std::fs::read(&secret).is_ok() {
        // Running as root: permissions do not stop reads. A directory where a file is expected
        // cannot be read as a file by anyone.
        std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o644)).unwrap();
        std::fs::remove_file(&secret).unwrap();
        std::os::unix::fs::symlink("/proc/self/mem", &secret).unwrap();
        let (status, report, stderr) = scan_json(dir.path(), &["--follow"]);
        assert_eq!(finding_paths(&report), vec!["ok.py"]);
        assert_eq!(status, 3, "{stderr}");
        assert!(stderr.contains("secret.py"), "{stderr}");
        return;
    }
    let (status, report, stderr) = scan_json(dir.path(), &[]);
    assert_eq!(status, 3, "{stderr}");
    assert_eq!(finding_paths(&report), vec!["ok.py"]);
    assert!(stderr.contains("secret.py"), "{stderr}");
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o644)).unwrap();
}

#[cfg(unix)]
#[test]
fn non_utf8_file_names_get_exact_uris() {
    use std::os::unix::ffi::OsStrExt;
    let dir = repo(&[]);
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.py");
    std::fs::write(dir.path().join(name), BUG).unwrap();
    let (status, stdout, stderr) = run(&[
        "scan",
        dir.path().to_str().unwrap(),
        "-f",
        "sarif",
        "--fail-on",
        "none",
    ]);
    assert_eq!(status, 0, "{stderr}");
    let log: Value = serde_json::from_str(&stdout).unwrap();
    assert_valid_sarif(&log);
    assert_eq!(
        log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "caf%E9.py"
    );
}

#[test]
fn empty_repository() {
    // Nothing to scan is an error, not a clean pass: a CI job pointed at the wrong directory
    // must not go green.
    let dir = repo(&[]);
    let (status, stdout, stderr) = run(&["scan", dir.path().to_str().unwrap(), "-f", "sarif"]);
    assert_eq!(status, 2, "{stderr}");
    assert!(stderr.contains("no source file to scan"), "{stderr}");
    assert!(stdout.is_empty(), "no report: {stdout}");
}

#[test]
fn a_file_as_the_scan_path() {
    let dir = repo(&[("pkg/one.py", BUG), ("pkg/two.py", BUG)]);
    let file = dir.path().join("pkg/one.py");
    let (status, stdout, stderr) = run(&["scan", file.to_str().unwrap(), "-f", "json"]);
    assert_eq!(status, 1, "{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(finding_paths(&report), vec!["one.py"]);
}
