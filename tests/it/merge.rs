//! `shardscan merge`: parts of one scan merge back into the whole, and bad inputs are refused.

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::{json, Value};

use crate::common::{assert_valid_sarif, repo, run};
use crate::scan_command::ScanCommand;

/// Python files with planted bugs the built-in rules find; `twice.py` holds two equal findings in
/// one function, which only their `:N` ordinal tells apart.
fn vulnerable_repo() -> tempfile::TempDir {
    let mut files: Vec<(String, String)> = (0..6)
        .map(|i| {
            (
                format!("app/module_{i}.py"),
                format!(
                    "import os\n\n\ndef handler_{i}(request):\n    expr = request.args.get('q')\n    return eval(expr)\n\n\ndef run_{i}(name):\n    os.system('ls ' + name)\n"
                ),
            )
        })
        .collect();
    files.push((
        String::from("app/twice.py"),
        String::from(
            "def twice(x):\n    a = eval(x)\n    b = 1\n    a = eval(x)\n    return a + b\n",
        ),
    ));
    files.push((
        String::from("lib/clean.py"),
        String::from("def add(a, b):\n    return a + b\n"),
    ));
    let borrowed: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    repo(&borrowed)
}

/// Scans `root` into `out` (SARIF) with `extra` arguments and returns the log.
fn scan(root: &Path, out: &Path, extra: &[&str]) -> Value {
    let scanned = ScanCommand::bare(root)
        .output(out)
        .fail_on("none")
        .args(extra)
        .run();
    assert_eq!(scanned.status, 0, "{}", scanned.stderr);
    read(out)
}

fn read(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn write(path: &Path, log: &Value) {
    std::fs::write(path, serde_json::to_string_pretty(log).unwrap()).unwrap();
}

/// Runs `shardscan merge inputs -o out`, expecting success, and returns the validated log.
fn merge(inputs: &[&Path], out: &Path) -> (Value, String) {
    let mut args = vec!["merge"];
    args.extend(inputs.iter().map(|p| p.to_str().unwrap()));
    args.extend(["-o", out.to_str().unwrap()]);
    let (status, stdout, stderr) = run(&args);
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.is_empty(), "the log went to the file: {stdout}");
    let text = std::fs::read_to_string(out).unwrap();
    assert!(text.ends_with("}\n"), "pretty JSON with a trailing newline");
    let log: Value = serde_json::from_str(&text).unwrap();
    assert_valid_sarif(&log);
    (log, stderr)
}

fn fingerprints(run: &Value) -> Vec<String> {
    run["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r["partialFingerprints"]["shardscan/v1"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

/// Every result's `ruleIndex` names the rule of its `ruleId`.
fn assert_rule_indexes(run: &Value) {
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    for result in run["results"].as_array().unwrap() {
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], result["ruleId"]);
    }
}

/// `log` with only the results whose position `keep` accepts.
fn part(log: &Value, keep: impl Fn(usize) -> bool) -> Value {
    let mut part = log.clone();
    let results = part["runs"][0]["results"].as_array_mut().unwrap();
    let mut i = 0;
    results.retain(|_| {
        i += 1;
        keep(i - 1)
    });
    part
}

#[test]
fn parts_of_a_scan_merge_back_into_the_whole() {
    let dir = vulnerable_repo();
    let out = tempfile::tempdir().unwrap();
    let full = scan(dir.path(), &out.path().join("full.sarif"), &[]);
    let results = full["runs"][0]["results"].as_array().unwrap();
    assert!(results.len() >= 13, "{results:?}");

    // Three parts, round robin; the last parts come first to show that order does not matter.
    let paths: Vec<_> = (0..3)
        .map(|n| {
            let path = out.path().join(format!("part{n}.sarif"));
            write(&path, &part(&full, |i| i % 3 == n));
            path
        })
        .collect();
    let inputs: Vec<&Path> = paths.iter().rev().map(|p| p.as_path()).collect();
    let (merged, stderr) = merge(&inputs, &out.path().join("merged.sarif"));
    assert!(stderr.contains("merged 3 files into 1 run"), "{stderr}");

    let runs = merged["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    let run = &runs[0];
    let prints = fingerprints(run);
    let unique: BTreeSet<_> = prints.iter().collect();
    assert_eq!(unique.len(), prints.len(), "no duplicates: {prints:?}");
    assert_eq!(prints, fingerprints(&full["runs"][0]));
    assert_eq!(
        run["results"], full["runs"][0]["results"],
        "the same results, in the same order"
    );
    assert_rule_indexes(run);
    assert_eq!(
        run["tool"]["driver"]["rules"],
        full["runs"][0]["tool"]["driver"]["rules"]
    );
    assert_eq!(
        run["originalUriBaseIds"],
        full["runs"][0]["originalUriBaseIds"]
    );
    assert_eq!(run["invocations"][0]["executionSuccessful"], true);
    assert_eq!(run["properties"]["mergedFrom"], 3);
    // Each part kept the whole scan's metrics, so the counts add up to three times them.
    let metrics = &run["properties"]["metrics"];
    let original = &full["runs"][0]["properties"]["metrics"];
    assert_eq!(metrics["files"], original["files"].as_u64().unwrap() * 3);
    assert_eq!(metrics["durationSeconds"], original["durationSeconds"]);
    assert_eq!(metrics["pool"]["workers"], original["pool"]["workers"]);
}

/// Each partition numbers equal findings on its own: both halves of `twice.py` say `:1`.
#[test]
fn equal_findings_from_two_parts_are_numbered_as_one_scan_numbers_them() {
    let dir = vulnerable_repo();
    let out = tempfile::tempdir().unwrap();
    let full = scan(dir.path(), &out.path().join("full.sarif"), &[]);
    let twice: Vec<usize> = full["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .filter(|(_, r)| {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "app/twice.py"
        })
        .map(|(i, _)| i)
        .collect();
    assert_eq!(twice.len(), 2, "{full}");
    let first = part(&full, |i| i != twice[1]);
    let mut second = part(&full, |i| i == twice[1]);
    let print = &mut second["runs"][0]["results"][0]["partialFingerprints"]["shardscan/v1"];
    let numbered = print.as_str().unwrap().to_string();
    assert!(numbered.ends_with(":2"), "{numbered}");
    *print = json!(numbered.replace(":2", ":1"));
    let (a, b) = (out.path().join("a.sarif"), out.path().join("b.sarif"));
    write(&a, &first);
    write(&b, &second);
    let (merged, _) = merge(&[&b, &a], &out.path().join("merged.sarif"));
    assert_eq!(
        fingerprints(&merged["runs"][0]),
        fingerprints(&full["runs"][0])
    );
}

#[test]
fn merging_a_file_with_itself_changes_nothing() {
    let dir = vulnerable_repo();
    let out = tempfile::tempdir().unwrap();
    let path = out.path().join("full.sarif");
    let full = scan(dir.path(), &path, &[]);
    let (merged, stderr) = merge(&[&path, &path], &out.path().join("merged.sarif"));
    assert!(stderr.contains("identical"), "{stderr}");
    let (run, original) = (&merged["runs"][0], &full["runs"][0]);
    assert_eq!(run["results"], original["results"]);
    assert_eq!(run["properties"]["mergedFrom"], 1);
    assert_eq!(
        run["properties"]["metrics"]["files"],
        original["properties"]["metrics"]["files"]
    );

    // A copy with one result more is not identical: the shared results are still there once.
    let bigger = out.path().join("bigger.sarif");
    write(&bigger, &full);
    let smaller = out.path().join("smaller.sarif");
    write(&smaller, &part(&full, |i| i != 0));
    let (merged, _) = merge(&[&smaller, &bigger], &out.path().join("merged2.sarif"));
    assert_eq!(fingerprints(&merged["runs"][0]), fingerprints(original));
}

#[test]
fn categories_stay_separate_runs_in_first_seen_order() {
    let dir = vulnerable_repo();
    let out = tempfile::tempdir().unwrap();
    let full = scan(dir.path(), &out.path().join("full.sarif"), &[]);
    let with_category = |log: &Value, id: &str| {
        let mut log = log.clone();
        log["runs"][0]["automationDetails"] = json!({ "id": id });
        log
    };
    let inputs = [
        (
            "backend-1.sarif",
            with_category(&part(&full, |i| i % 2 == 0), "backend/"),
        ),
        ("default.sarif", full.clone()),
        ("frontend.sarif", with_category(&full, "frontend/")),
        (
            "backend-2.sarif",
            with_category(&part(&full, |i| i % 2 == 1), "backend/"),
        ),
    ];
    let paths: Vec<_> = inputs
        .iter()
        .map(|(name, log)| {
            let path = out.path().join(name);
            write(&path, log);
            path
        })
        .collect();
    let inputs: Vec<&Path> = paths.iter().map(|p| p.as_path()).collect();
    let (merged, stderr) = merge(&inputs, &out.path().join("merged.sarif"));
    assert!(stderr.contains("merged 4 files into 3 runs"), "{stderr}");
    let runs = merged["runs"].as_array().unwrap();
    let ids: Vec<&Value> = runs.iter().map(|r| &r["automationDetails"]["id"]).collect();
    assert_eq!(ids, [&json!("backend/"), &Value::Null, &json!("frontend/")]);
    for run in runs {
        assert_eq!(fingerprints(run), fingerprints(&full["runs"][0]));
        assert_rule_indexes(run);
    }
    assert_eq!(runs[0]["properties"]["mergedFrom"], 2);
}

#[test]
fn inputs_that_are_not_shardscan_sarif_exit_2_naming_the_file() {
    let dir = vulnerable_repo();
    let out = tempfile::tempdir().unwrap();
    let good = out.path().join("good.sarif");
    let mut full = scan(dir.path(), &good, &[]);
    full["runs"][0]["tool"]["driver"]["name"] = json!("CodeQL");
    let cases = [
        ("notes.txt", String::from("just some notes\n"), "not JSON"),
        ("empty.sarif", String::new(), "is empty"),
        ("codeql.sarif", full.to_string(), "written by `CodeQL`"),
        (
            "old.sarif",
            String::from("{\"version\": \"2.0.0\", \"runs\": []}"),
            "2.1.0",
        ),
    ];
    let merged = out.path().join("merged.sarif");
    for (name, text, why) in cases {
        let bad = out.path().join(name);
        std::fs::write(&bad, text).unwrap();
        let (status, stdout, stderr) = run(&[
            "merge",
            good.to_str().unwrap(),
            bad.to_str().unwrap(),
            "-o",
            merged.to_str().unwrap(),
        ]);
        assert_eq!(status, 2, "{name}: {stderr}");
        assert!(
            stderr.contains(name) && stderr.contains(why),
            "{name}: {stderr}"
        );
        assert!(stdout.is_empty());
        assert!(!merged.exists(), "{name}: a failed merge writes nothing");
    }
    let missing = out.path().join("missing.sarif");
    let (status, _, stderr) = run(&["merge", missing.to_str().unwrap()]);
    assert_eq!(status, 2);
    assert!(stderr.contains("missing.sarif"), "{stderr}");
    let leftovers: Vec<_> = std::fs::read_dir(out.path())
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn merged_log_goes_to_stdout_by_default() {
    let dir = vulnerable_repo();
    let out = tempfile::tempdir().unwrap();
    let path = out.path().join("full.sarif");
    let full = scan(dir.path(), &path, &[]);
    let (status, stdout, stderr) = run(&["merge", path.to_str().unwrap()]);
    assert_eq!(status, 0, "{stderr}");
    let log: Value = serde_json::from_str(&stdout).unwrap();
    assert_valid_sarif(&log);
    assert_eq!(log["runs"][0]["results"], full["runs"][0]["results"]);
}

/// The promise: partitions together cover every shard exactly once, so their merge is the
/// full scan. Partitions must count only their own share of files, lines and shards for the
/// merged metrics to equal the full scan's.
#[test]
fn four_partitions_merge_into_the_full_scan() {
    let dir = vulnerable_repo();
    let out = tempfile::tempdir().unwrap();
    let full = scan(dir.path(), &out.path().join("full.sarif"), &[]);
    let mut paths = Vec::new();
    let mut reviewed = 0;
    for i in 1..=4 {
        let path = out.path().join(format!("part{i}.sarif"));
        let part = scan(dir.path(), &path, &["--partition", &format!("{i}/4")]);
        assert_valid_sarif(&part);
        reviewed += part["runs"][0]["properties"]["metrics"]["shardsReviewed"]
            .as_u64()
            .unwrap();
        paths.push(path);
    }
    let full_metrics = &full["runs"][0]["properties"]["metrics"];
    assert_eq!(
        reviewed,
        full_metrics["shardsReviewed"].as_u64().unwrap(),
        "every shard once"
    );

    let inputs: Vec<&Path> = paths.iter().map(|p| p.as_path()).collect();
    let (merged, _) = merge(&inputs, &out.path().join("merged.sarif"));
    let run = &merged["runs"][0];
    assert_eq!(fingerprints(run), fingerprints(&full["runs"][0]));
    assert_eq!(run["results"], full["runs"][0]["results"]);
    assert_rule_indexes(run);
    assert_eq!(run["invocations"][0]["executionSuccessful"], true);
    assert_eq!(
        run["invocations"][0]["toolExecutionNotifications"],
        json!([])
    );
    assert_eq!(run["properties"]["mergedFrom"], 4);
    let metrics = &run["properties"]["metrics"];
    for key in [
        "files",
        "lines",
        "shardsTotal",
        "shardsReviewed",
        "shardsUnreviewed",
    ] {
        assert_eq!(metrics[key], full_metrics[key], "{key}");
    }
}

/// A value read in `src/Reports.java` runs in `src/Archiver.java`: two partitions of two deal
/// one file to each, and only the join of both finds the flow.
fn two_java_files() -> tempfile::TempDir {
    use crate::across_files::{CALLEE, CALLER};
    repo(&[("src/Reports.java", CALLER), ("src/Archiver.java", CALLEE)])
}

/// Runs `shardscan merge` with `args` and gives (status, stderr).
fn merge_with(args: &[&str]) -> (i32, String) {
    let mut all = vec!["merge"];
    all.extend(args);
    let (status, _, stderr) = run(&all);
    (status, stderr)
}

/// Partitions that write their summaries merge into the whole scan, flows across partitions
/// included: the value read in one partition's file runs in the other's, and the helper that
/// only a constant reaches is closed as the whole scan closes it.
#[test]
fn partitions_with_their_summaries_merge_into_the_whole_scan() {
    let dir = two_java_files();
    let out = tempfile::tempdir().unwrap();
    let full = scan(dir.path(), &out.path().join("full.sarif"), &[]);
    let mut parts = Vec::new();
    let mut summaries = Vec::new();
    for i in 1..=2 {
        let part = out.path().join(format!("part{i}.sarif"));
        let saved = out.path().join(format!("part{i}.summaries"));
        let partition = format!("{i}/2");
        let args = [
            "--partition",
            &partition,
            "--summaries-out",
            saved.to_str().unwrap(),
        ];
        let log = scan(dir.path(), &part, &args);
        // Each partition holds one of the two files, and says what it left to the merge.
        let properties = &log["runs"][0]["properties"];
        assert!(properties["metrics"]["files"] == 1, "{log}");
        assert_eq!(properties["joinLeftToMerge"], true);
        parts.push(part);
        summaries.push(saved);
    }
    let mut args: Vec<&str> = parts.iter().map(|p| p.to_str().unwrap()).collect();
    args.push("--summaries");
    args.extend(summaries.iter().map(|p| p.to_str().unwrap()));
    let merged_path = out.path().join("merged.sarif");
    args.extend(["-o", merged_path.to_str().unwrap()]);
    let (status, stderr) = merge_with(&args);
    assert_eq!(status, 0, "{stderr}");
    let merged = read(&merged_path);
    assert_valid_sarif(&merged);
    let run = &merged["runs"][0];
    assert_eq!(run["results"], full["runs"][0]["results"]);
    assert_rule_indexes(run);
    let flows = run["results"].as_array().unwrap().iter();
    let across = flows.filter(|r| r["codeFlows"].is_array()).count();
    assert!(
        across >= 1,
        "the flow from Reports.java into Archiver.java: {run}"
    );

    assert!(
        run["properties"].get("joinLeftToMerge").is_none(),
        "{}",
        run["properties"]
    );

    // The SARIF files alone lack what only the join of both partitions shows: refused.
    let plain = out.path().join("plain.sarif");
    let (status, stderr) = merge_with(&[
        parts[0].to_str().unwrap(),
        parts[1].to_str().unwrap(),
        "-o",
        plain.to_str().unwrap(),
    ]);
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.contains("left its flows across files to the merge"),
        "{stderr}"
    );
    assert!(stderr.contains("--summaries"), "{stderr}");
    assert!(!plain.exists());

    // Without one partition's summaries, what that partition left to the merge would be
    // lost: refused, and nothing written.
    std::fs::remove_file(&merged_path).unwrap();
    let one = [
        parts[0].to_str().unwrap(),
        parts[1].to_str().unwrap(),
        "--summaries",
        summaries[0].to_str().unwrap(),
        "-o",
        merged_path.to_str().unwrap(),
    ];
    let (status, stderr) = merge_with(&one);
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.contains("no summaries of partition 2 of 2"),
        "{stderr}"
    );
    assert!(!merged_path.exists());
}

#[test]
fn summaries_are_written_only_where_they_belong_and_damaged_ones_are_refused() {
    let dir = two_java_files();
    let out = tempfile::tempdir().unwrap();
    let saved = out.path().join("p.summaries");
    let saved = saved.to_str().unwrap();

    // Without --partition: a usage error.
    let outcome = ScanCommand::bare(dir.path())
        .args(["--summaries-out", saved])
        .run();
    assert_eq!(outcome.status, 2, "{}", outcome.stderr);
    assert!(outcome.stderr.contains("--partition"), "{}", outcome.stderr);

    // Inside the scanned tree: refused before anything is read, nothing written.
    let inside = dir.path().join("p.summaries");
    let outcome = ScanCommand::bare(dir.path())
        .args([
            "--partition",
            "1/2",
            "--summaries-out",
            inside.to_str().unwrap(),
        ])
        .run();
    assert_eq!(outcome.status, 2, "{}", outcome.stderr);
    assert!(
        outcome.stderr.contains("--summaries-out"),
        "{}",
        outcome.stderr
    );
    assert!(!inside.exists());

    // Cut short: the merge names the file, and writes nothing.
    let part = out.path().join("p.sarif");
    scan(
        dir.path(),
        &part,
        &["--partition", "1/2", "--summaries-out", saved],
    );
    let bytes = std::fs::read(saved).unwrap();
    std::fs::write(saved, &bytes[..bytes.len() / 2]).unwrap();
    let merged = out.path().join("merged.sarif");
    let args = [
        part.to_str().unwrap(),
        "--summaries",
        saved,
        "-o",
        merged.to_str().unwrap(),
    ];
    let (status, stderr) = merge_with(&args);
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.contains("p.summaries") && stderr.contains("damaged"),
        "{stderr}"
    );
    assert!(!merged.exists());

    // A SARIF file given as summaries.
    let args = [
        part.to_str().unwrap(),
        "--summaries",
        part.to_str().unwrap(),
    ];
    let (status, stderr) = merge_with(&args);
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.contains("is not a shardscan summaries file"),
        "{stderr}"
    );
}

/// Partitions that compared their findings with a baseline: the merge compares what its join
/// finds with the same baseline, and the merged log is the whole scan's with that baseline.
#[test]
fn the_merge_compares_what_its_join_finds_with_the_partitions_baseline() {
    let dir = two_java_files();
    let out = tempfile::tempdir().unwrap();
    let base = out.path().join("base.json");
    let (status, _, stderr) = run(&[
        "baseline",
        dir.path().to_str().unwrap(),
        "--no-config",
        "-o",
        base.to_str().unwrap(),
    ]);
    assert_eq!(status, 0, "{stderr}");
    let with_base = ["--baseline", base.to_str().unwrap()];
    let full = scan(dir.path(), &out.path().join("full.sarif"), &with_base);
    let suppressed = full["runs"][0]["results"].as_array().unwrap().iter();
    assert!(suppressed.filter(|r| r["suppressions"].is_array()).count() >= 2);
    let mut args = Vec::new();
    let mut summaries = Vec::new();
    for i in 1..=2 {
        let part = out.path().join(format!("part{i}.sarif"));
        let saved = out.path().join(format!("part{i}.summaries"));
        let partition = format!("{i}/2");
        let mut extra = vec!["--partition", &partition, "--summaries-out"];
        extra.push(saved.to_str().unwrap());
        extra.extend(with_base);
        scan(dir.path(), &part, &extra);
        args.push(part.to_str().unwrap().to_string());
        summaries.push(saved.to_str().unwrap().to_string());
    }
    args.push(String::from("--summaries"));
    args.extend(summaries);
    let merged = out.path().join("merged.sarif");
    args.extend([String::from("-o"), merged.to_str().unwrap().to_string()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();

    // Without the baseline, the merge says what it does not compare.
    let (status, stderr) = merge_with(&args);
    assert_eq!(status, 0, "{stderr}");
    assert!(stderr.contains("pass it with --baseline"), "{stderr}");
    assert_ne!(
        read(&merged)["runs"][0]["results"],
        full["runs"][0]["results"]
    );

    let mut with = args.clone();
    with.extend(with_base);
    let (status, stderr) = merge_with(&with);
    assert_eq!(status, 0, "{stderr}");
    assert!(!stderr.contains("--baseline"), "{stderr}");
    assert_eq!(
        read(&merged)["runs"][0]["results"],
        full["runs"][0]["results"]
    );
}
