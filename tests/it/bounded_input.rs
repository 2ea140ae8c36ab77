//! Input sized or shaped to hurt (issue 11): partitions beyond reason, special files, files that are
//! slow to parse, embedded blobs. Each gives a clear error or a named skip, never a panic or a
//! hang, and never costs the findings elsewhere.

use serde_json::Value;

use crate::common::repo;
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
