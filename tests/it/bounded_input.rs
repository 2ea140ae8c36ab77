//! Input sized or shaped to hurt (issue 11): partitions beyond reason, special files, files that are
//! slow to parse, embedded blobs. Each gives a clear error or a named skip, never a panic or a
//! hang, and never costs the findings elsewhere.

use serde_json::Value;

use crate::common::{repo, write};
use crate::scan_command::ScanCommand;

const BUG: &str = "import os\n\ndef handler(q):\n    return eval(q)\n";

/// Rule ids and paths of a JSON report's findings.
fn findings(report: &Value) -> Vec<(String, String)> {
    report["findings"]
        .as_array()
        .expect("findings[]")
        .iter()
        .map(|f| {
            (
                f["location"]["path"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
                f["rule_id"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

/// `--partition 1/18446744073709551615` panicked (capacity overflow) and `1/100000000` asked for
/// 5.6 GB: N is bounded, and the message names the flag and the bound.
#[test]
fn partition_counts_beyond_the_bound_are_a_usage_error_not_a_panic() {
    let dir = repo(&[("app.py", BUG)]);
    for value in [
        "1/18446744073709551615",
        "1/100000000",
        "1/65537",
        "0/4",
        "3/2",
    ] {
        let scan = ScanCommand::new(dir.path())
            .args(["--partition", value])
            .run();
        assert_eq!(scan.status, 2, "{value}: {}", scan.stderr);
        assert!(!scan.stderr.contains("panicked"), "{}", scan.stderr);
        assert!(
            scan.stderr
                .contains(&format!("invalid --partition `{value}`"))
                && scan.stderr.contains("65536"),
            "{}",
            scan.stderr
        );
    }
    // The bound itself is accepted, and the one shard lands in the first partition.
    let first = ScanCommand::new(dir.path())
        .format("json")
        .fail_on("none")
        .args(["--partition", "1/65536"])
        .run();
    assert_eq!(first.status, 0, "{}", first.stderr);
    assert_eq!(findings(first.json()).len(), 1);
    let last = ScanCommand::new(dir.path())
        .format("json")
        .fail_on("none")
        .args(["--partition", "65536/65536"])
        .run();
    assert_eq!(last.status, 0, "{}", last.stderr);
    assert!(findings(last.json()).is_empty());
}

/// No output named the files a scan skipped: JSON lists each with its reason, SARIF has a note
/// per file (at most 1,000, then one saying how many more), and `scan --verbose` prints a line
/// per file after the summary, whose counts stay.
#[test]
fn every_skipped_file_is_named_with_its_reason_in_json_sarif_and_text() {
    let dir = repo(&[
        ("app.py", BUG),
        ("static/app.min.js", "var a=1;\n"),
        ("node_modules/left-pad/index.js", "module.exports = 1;\n"),
        ("README.md", "# hello\n"),
    ]);
    let root = dir.path();
    write(root, "big.py", "x = 1\n".repeat(400).as_bytes());
    let scan = || {
        ScanCommand::new(root)
            .fail_on("none")
            .args(["--max-file-size", "1K"])
    };

    let json = scan().format("json").run();
    assert_eq!(json.status, 0, "{}", json.stderr);
    let listed: Vec<(String, String)> = json.json()["skipped_files"]
        .as_array()
        .expect("skipped_files[]")
        .iter()
        .map(|s| {
            (
                s["path"].as_str().unwrap_or_default().to_string(),
                s["reason"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    let expected: Vec<(String, String)> = [
        ("README.md", "not-source"),
        ("big.py", "too-large"),
        ("node_modules", "vendored-directory"),
        ("static/app.min.js", "minified"),
    ]
    .iter()
    .map(|(p, r)| (p.to_string(), r.to_string()))
    .collect();
    assert_eq!(listed, expected);
    assert_eq!(json.json()["summary"]["skipped"]["minified"], 1);

    let sarif = scan().format("sarif").run();
    let log: Value = serde_json::from_str(&sarif.stdout).expect("SARIF");
    crate::common::assert_valid_sarif(&log);
    let notes: Vec<&Value> = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
        .as_array()
        .expect("notifications")
        .iter()
        .filter(|n| n["descriptor"]["id"] == "skipped-file")
        .collect();
    assert_eq!(notes.len(), 4, "{notes:?}");
    assert!(notes.iter().all(|n| n["level"] == "note"));
    // Files that could hold code come first; not-source files last.
    let first = notes[0]["message"]["text"].as_str().unwrap_or_default();
    assert_eq!(
        first,
        "file `big.py` was not scanned: larger than --max-file-size (2400 bytes)"
    );
    assert_eq!(
        notes[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "big.py"
    );

    let text = scan().arg("--verbose").run();
    assert!(text.stderr.contains("skipped: "), "{}", text.stderr);
    let summary_at = text.stderr.find("skipped: ").unwrap_or(usize::MAX);
    for line in [
        "skipped `README.md`: not source code",
        "skipped `big.py`: larger than --max-file-size (2400 bytes)",
        "skipped `node_modules`: vendored directories",
        "skipped `static/app.min.js`: minified",
    ] {
        let at = text.stderr.find(line);
        assert!(
            at.is_some_and(|at| at > summary_at),
            "{line}\n{}",
            text.stderr
        );
    }
    let quiet = scan().run();
    assert!(!quiet.stderr.contains("skipped `"), "{}", quiet.stderr);
}

/// SARIF names at most 1,000 skipped files, then says how many more the JSON report lists.
#[test]
fn skipped_file_notifications_are_capped_with_a_count_of_the_rest() {
    let dir = repo(&[("app.py", BUG)]);
    for i in 0..1_005 {
        write(dir.path(), &format!("docs/{i:04}.md"), b"text\n");
    }
    let sarif = ScanCommand::new(dir.path())
        .format("sarif")
        .fail_on("none")
        .run();
    let log: Value = serde_json::from_str(&sarif.stdout).expect("SARIF");
    crate::common::assert_valid_sarif(&log);
    let notifications = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
        .as_array()
        .expect("notifications");
    let count = |id: &str| {
        notifications
            .iter()
            .filter(|n| n["descriptor"]["id"] == id)
            .count()
    };
    assert_eq!(count("skipped-file"), 1_000);
    assert_eq!(count("skipped-files-truncated"), 1);
    assert!(notifications.iter().any(|n| n["message"]["text"]
        .as_str()
        .is_some_and(|t| t.starts_with("5 more skipped files"))));
}
