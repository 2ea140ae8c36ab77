//! What CI pipelines use: configuration files, diff mode, baselines, partitions and categories, on
//! real git repositories built in temp dirs.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::common::{assert_valid_sarif, run, write};
use crate::scan_command::{Outcome, ScanCommand};

pub(crate) fn git(dir: &Path, args: &[&str]) -> String {
    let output = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["-c", "user.name=test", "-c", "user.email=test@example.com"])
        .args([
            "-c",
            "init.defaultBranch=main",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .output()
        .expect("run git");
    assert!(
        output.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

const OLD_BUG: &str = "import os\n\n\ndef legacy(request):\n    return eval(request.args['q'])\n";

fn handlers(n: usize) -> String {
    (0..n)
        .map(|i| format!("def handler_{i}(x):\n    return x + {i}\n\n\n"))
        .collect()
}

/// A repository on `main` with an old bug and clean code, then a `feature` branch that adds one
/// bug in a changed function of an existing file and leaves the old one alone.
fn repo_with_history() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    git(root, &["init", "-q"]);
    write(root, "app/legacy.py", OLD_BUG.as_bytes());
    write(root, "app/views.py", handlers(40).as_bytes());
    write(root, "app/models.py", handlers(30).as_bytes());
    git(root, &["add", "-A"]);
    git(root, &["commit", "-qm", "main"]);
    git(root, &["checkout", "-qb", "feature"]);
    let mut views = handlers(40);
    views = views.replace(
        "def handler_20(x):\n    return x + 20\n",
        "def handler_20(x):\n    import os\n    return os.system('ls ' + x)\n",
    );
    write(root, "app/views.py", views.as_bytes());
    git(root, &["commit", "-qam", "feature"]);
    dir
}

/// `scan PATH -f json --fail-on none` as a pipeline types it: the report on stdout, exit 0
/// whatever it finds.
fn report_scan(path: impl AsRef<std::ffi::OsStr>) -> ScanCommand {
    ScanCommand::bare(path).format("json").fail_on("none")
}

fn rule_ids(report: &Value) -> Vec<String> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["suppressed"].is_null())
        .map(|f| {
            format!(
                "{}:{}",
                f["location"]["path"].as_str().unwrap(),
                f["rule_id"].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn a_pull_request_scan_reviews_only_changed_shards_and_reports_only_new_findings() {
    let dir = repo_with_history();
    let root = dir.path();
    let repo = root.to_str().unwrap();
    // The full scan of the branch sees both bugs.
    let scanned = report_scan(repo).run();
    assert_eq!(scanned.status, 0, "{}", scanned.stderr);
    let full = scanned.json();
    assert_eq!(rule_ids(full).len(), 2, "{}", scanned.stdout);
    let full_shards = full["summary"]["shards_total"].as_u64().unwrap();

    // Diff mode: only the changed shard of views.py is reviewed.
    let scanned = report_scan(repo).args(["--diff-base", "main"]).run();
    assert_eq!(scanned.status, 0, "{}", scanned.stderr);
    let diff = scanned.json();
    assert_eq!(
        rule_ids(diff),
        vec!["app/views.py:python/os-system-injection"]
    );
    let diff_shards = diff["summary"]["shards_total"].as_u64().unwrap();
    assert!(
        diff_shards >= 1 && diff_shards < full_shards,
        "{diff_shards} of {full_shards}"
    );
    assert_eq!(diff["summary"]["files"], 1);
    let stderr = &scanned.stderr;
    assert!(
        stderr.contains("diff mode: 1 file changed since"),
        "{stderr}"
    );

    // A baseline written on main knows the old bug: a full scan against it reports only the new
    // one, and keeps the old one as an external suppression in SARIF.
    let out = tempfile::tempdir().unwrap();
    let baseline = out.path().join("baseline.json");
    git(root, &["checkout", "-q", "main"]);
    let (status, _, stderr) = run(&["baseline", repo, "-o", baseline.to_str().unwrap()]);
    assert_eq!(status, 0, "{stderr}");
    git(root, &["checkout", "-q", "feature"]);
    let sarif = out.path().join("pr.sarif");
    let scanned = ScanCommand::bare(repo)
        .format("json")
        .arg("--baseline")
        .arg(&baseline)
        .output(&sarif)
        .args(["--category", "pull-request"])
        .run();
    let stderr = &scanned.stderr;
    assert_eq!(scanned.status, 1, "the new bug fails the run: {stderr}");
    let report = scanned.json();
    assert_eq!(
        rule_ids(report),
        vec!["app/views.py:python/os-system-injection"]
    );
    assert_eq!(report["baseline"]["known"], 1);
    assert!(
        stderr.contains("1 more already in the baseline"),
        "{stderr}"
    );
    let log: Value = serde_json::from_str(&std::fs::read_to_string(&sarif).unwrap()).unwrap();
    assert_valid_sarif(&log);
    let run0 = &log["runs"][0];
    assert_eq!(run0["automationDetails"]["id"], "pull-request/");
    let kinds: Vec<&Value> = run0["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["suppressions"].as_array())
        .flatten()
        .map(|s| &s["kind"])
        .collect();
    assert_eq!(kinds, vec!["external"]);

    // A SARIF baseline works the same, and only the old bug remains suppressed when the branch
    // is compared with itself.
    let scanned = report_scan(repo).arg("--baseline").arg(&sarif).run();
    assert_eq!(scanned.status, 0);
    assert_eq!(rule_ids(scanned.json()), Vec::<String>::new());
}

#[test]
fn diff_mode_explains_missing_history() {
    let dir = repo_with_history();
    let repo = dir.path().to_str().unwrap();
    let Outcome { status, stderr, .. } = ScanCommand::bare(repo)
        .args(["--diff-base", "origin/nope"])
        .run();
    assert_eq!(status, 2);
    assert!(
        stderr.contains("is not a commit in this repository"),
        "{stderr}"
    );
    assert!(stderr.contains("fetch-depth: 0"), "{stderr}");

    // A shallow clone of the branch has no merge base with main: compare with main itself.
    let clones = tempfile::tempdir().unwrap();
    let shallow = clones.path().join("shallow");
    let source = format!("file://{repo}");
    let output = Command::new("git")
        .args([
            "clone", "-q", "--depth", "1", "--branch", "feature", &source,
        ])
        .arg(&shallow)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    git(
        &shallow,
        &[
            "fetch",
            "-q",
            "--depth",
            "1",
            "origin",
            "main:refs/remotes/origin/main",
        ],
    );
    let scanned = report_scan(&shallow)
        .args(["--diff-base", "origin/main"])
        .run();
    let stderr = &scanned.stderr;
    assert_eq!(scanned.status, 0, "{stderr}");
    assert!(stderr.contains("shallow clone"), "{stderr}");
    assert_eq!(
        rule_ids(scanned.json()),
        vec!["app/views.py:python/os-system-injection"]
    );
}

#[test]
fn partitions_cover_every_shard_exactly_once_and_merge_to_the_full_scan() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    for i in 0..12 {
        let body = if i % 3 == 0 {
            format!(
                "def f_{i}(request):\n    return eval(request.args['q'])\n\n\n{}",
                handlers(i)
            )
        } else {
            handlers(5 + i)
        };
        write(root, &format!("pkg/mod_{i}.py"), body.as_bytes());
    }
    // A file larger than a fair share, with a bug at each end. The rules review a file whole
    // whichever of its shards a partition holds, so it is dealt whole, not cut into shards.
    let big = format!(
        "def first(request):\n    return eval(request.args['q'])\n\n\n{}\
         def last(request):\n    return eval(request.args['q'])\n",
        handlers(200)
    );
    write(root, "pkg/big.py", big.as_bytes());
    // A file without shards and one the reader skips: each is counted by one partition only.
    write(root, "pkg/empty.py", b"");
    write(root, "pkg/blob.py", b"\x00\x01binary\x00");
    let repo = root.to_str().unwrap();
    let scan = |extra: &[&str]| -> Value {
        let scanned = report_scan(repo)
            .args(["--shard-tokens", "64"])
            .args(extra)
            .run();
        assert_eq!(scanned.status, 0, "{}", scanned.stderr);
        scanned.json().clone()
    };
    let fingerprints = |report: &Value| -> Vec<String> {
        report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["fingerprint"].as_str().unwrap().to_string())
            .collect()
    };
    let full = scan(&[]);
    let full_shards = full["summary"]["shards_total"].as_u64().unwrap();
    let mut union = BTreeSet::new();
    let mut shards = 0;
    let mut loads = Vec::new();
    let (mut files, mut skipped) = (0, 0);
    let mut holding_big = Vec::new();
    for i in 1..=4 {
        let part = scan(&["--partition", &format!("{i}/4")]);
        let in_big = part["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["location"]["path"] == "pkg/big.py")
            .count();
        if in_big > 0 {
            holding_big.push(in_big);
        }
        assert_eq!(part["complete"], true);
        shards += part["summary"]["shards_total"].as_u64().unwrap();
        files += part["summary"]["files"].as_u64().unwrap();
        skipped += part["summary"]["skipped"]["binary"].as_u64().unwrap_or(0);
        loads.push(part["summary"]["lines"].as_u64().unwrap());
        for fp in fingerprints(&part) {
            assert!(union.insert(fp), "a finding in two partitions");
        }
    }
    assert_eq!(shards, full_shards, "every shard exactly once");
    assert_eq!(
        files,
        full["summary"]["files"].as_u64().unwrap(),
        "every file once"
    );
    assert_eq!(skipped, 1, "the skipped file is reported once");
    assert_eq!(holding_big, [2], "the large file is one partition's, whole");
    assert_eq!(union, fingerprints(&full).into_iter().collect());
    // Stable: the same partition twice is the same share.
    assert_eq!(
        fingerprints(&scan(&["--partition", "2/4"])),
        fingerprints(&scan(&["--partition", "2/4"]))
    );
    let Outcome { status, stderr, .. } = ScanCommand::bare(repo).args(["--partition", "5/4"]).run();
    assert_eq!(status, 2);
    assert!(stderr.contains("invalid --partition `5/4`"), "{stderr}");
}

#[test]
fn the_configuration_file_is_found_validated_and_overridden_by_flags() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "src/app.py", OLD_BUG.as_bytes());
    write(root, "tests/test_app.py", OLD_BUG.as_bytes());
    write(
        root,
        "shardscan.toml",
        b"[scan]\nexclude = [\"tests/**\"]\nfail_on = \"none\"\nformat = \"json\"\n",
    );
    let src = root.join("src");
    let in_root = || ScanCommand::bare(".").current_dir(root);
    // Found by walking up from the scan root (the directory scanned here).
    let scanned = in_root().run();
    let stderr = &scanned.stderr;
    assert_eq!(scanned.status, 0, "fail_on from the file: {stderr}");
    assert_eq!(
        rule_ids(scanned.json()),
        vec!["src/app.py:python/eval-exec"]
    );
    // A flag wins over the file.
    assert_eq!(in_root().fail_on("error").run().status, 1);
    // --no-config ignores it.
    let scanned = in_root().arg("--no-config").format("json").run();
    assert_eq!(scanned.status, 1);
    assert_eq!(scanned.json()["findings"].as_array().unwrap().len(), 2);
    // Unknown keys are named, with the file.
    write(root, "shardscan.toml", b"[scan]\nfail_onn = \"none\"\n");
    let Outcome { status, stderr, .. } = in_root().run();
    assert_eq!(status, 2);
    assert!(
        stderr.contains("fail_onn") && stderr.contains("shardscan.toml"),
        "{stderr}"
    );
    write(root, "shardscan.toml", b"[scan]\nfail_on = \"sometimes\"\n");
    let Outcome { status, stderr, .. } = in_root().run();
    assert_eq!(status, 2);
    assert!(stderr.contains("scan.fail_on = \"sometimes\""), "{stderr}");
    // --config names another file; its paths are relative to it.
    let elsewhere = tempfile::tempdir().unwrap();
    write(
        elsewhere.path(),
        "ci/shardscan.toml",
        b"[scan]\noutputs = [\"out/report.sarif\"]\nfail_on = \"none\"\n[rules]\ndisable = [\"python/eval-exec\", \"python/taint-code-injection\"]\n",
    );
    std::fs::create_dir_all(elsewhere.path().join("ci/out")).unwrap();
    let config = elsewhere.path().join("ci/shardscan.toml");
    let Outcome { status, stderr, .. } = ScanCommand::bare(&src)
        .arg("--config")
        .arg(&config)
        .arg("-q")
        .run();
    assert_eq!(status, 0, "{stderr}");
    let log: Value = serde_json::from_str(
        &std::fs::read_to_string(elsewhere.path().join("ci/out/report.sarif")).unwrap(),
    )
    .unwrap();
    assert_valid_sarif(&log);
    assert_eq!(log["runs"][0]["results"], serde_json::json!([]));
    let Outcome { status, stderr, .. } = ScanCommand::bare(".")
        .args(["--config", "/nonexistent/shardscan.toml"])
        .run();
    assert_eq!(status, 2);
    assert!(stderr.contains("/nonexistent/shardscan.toml"), "{stderr}");
}

#[test]
fn init_writes_a_starter_file_once() {
    let dir = tempfile::tempdir().unwrap();
    let (status, _, stderr) = run(&["init", dir.path().to_str().unwrap()]);
    assert_eq!(status, 0, "{stderr}");
    let written = dir.path().join("shardscan.toml");
    let text = std::fs::read_to_string(&written).unwrap();
    assert!(text.contains("[reviewers.openai]"));
    // The starter file is a valid configuration as written.
    write(dir.path(), "a.py", b"x = 1\n");
    let Outcome { status, stderr, .. } = ScanCommand::bare(".").current_dir(dir.path()).run();
    assert_eq!(status, 0, "{stderr}");
    let (status, _, stderr) = run(&["init", written.to_str().unwrap()]);
    assert_eq!(status, 2);
    assert!(stderr.contains("already exists"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&written).unwrap(), text);
}
