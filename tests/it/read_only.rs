//! Issue 11, "safe to point at untrusted code": shardscan never writes into the tree it audits,
//! checks every file it will write before it reads a line of code, and writes its reports all
//! together or not at all.

use std::path::{Path, PathBuf};

use crate::common::{repo, run_in, tree_digest, write};
use crate::scan_command::{Outcome, ScanCommand};

/// A finding, so that a scan that ran would print something on stdout.
const VULNERABLE: &str = "def handler(request):\n    return eval(request.args.get('q'))\n";

/// A temp dir holding the scanned tree under `repo/` and an output directory `out/` beside it.
fn workspace() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = repo(&[("repo/app.py", VULNERABLE)]);
    let root = dir.path().join("repo");
    let out = dir.path().join("out");
    std::fs::create_dir_all(&out).unwrap();
    (dir, root, out)
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Exit 2 before the scan: nothing on stdout, no summary, and the message names `path`.
fn assert_refused_before_the_scan(outcome: &Outcome, path: &str) {
    let Outcome {
        status,
        stdout,
        stderr,
        ..
    } = outcome;
    assert_eq!(*status, 2, "{stderr}");
    assert_eq!(stdout, "", "the scan ran: {stderr}");
    let summary = stderr.lines().any(|line| line.starts_with("scanned "));
    assert!(!summary, "the scan ran: {stderr}");
    assert!(stderr.contains(path), "{stderr}");
}

/// Regression: `shardscan scan . -o text:app.py` overwrote the audited source file.
#[test]
fn an_output_over_an_audited_file_is_refused() {
    let (_dir, root, _) = workspace();
    let before = tree_digest(&root);
    for (spec, path) in [
        ("text:app.py", "`app.py`"),
        ("app.py.sarif", "`app.py.sarif`"),
        ("json:./sub/../app.json", "`./sub/../app.json`"),
    ] {
        let outcome = ScanCommand::new(".").current_dir(&root).output(spec).run();
        assert_refused_before_the_scan(&outcome, path);
        assert!(outcome.stderr.contains("--output"), "{}", outcome.stderr);
        assert!(
            outcome.stderr.contains("inside the scanned tree"),
            "{}",
            outcome.stderr
        );
        assert!(
            outcome.stderr.contains("hint: write it outside"),
            "{}",
            outcome.stderr
        );
    }
    assert_eq!(tree_digest(&root), before, "the scanned tree changed");
    assert_eq!(
        std::fs::read_to_string(root.join("app.py")).unwrap(),
        VULNERABLE
    );
}

/// A scanned path counts as much as the root: a file scanned on its own is not written over.
#[test]
fn a_scanned_file_is_refused_as_an_output_whatever_the_root() {
    let (dir, root, _) = workspace();
    let app = root.join("app.py");
    let outcome = ScanCommand::new(&app)
        .args(["--root", dir.path().join("out").to_str().unwrap()])
        .output(format!("text:{}", app.display()))
        .run();
    assert_refused_before_the_scan(&outcome, "app.py");
    assert_eq!(std::fs::read_to_string(&app).unwrap(), VULNERABLE);
}

#[cfg(unix)]
#[test]
fn outputs_through_symlinks_into_the_tree_are_refused() {
    let (_dir, root, out) = workspace();
    // A directory outside that is a link into the tree, and a dangling link whose target would
    // be created inside it.
    std::os::unix::fs::symlink(&root, out.join("into-repo")).unwrap();
    std::os::unix::fs::symlink(root.join("new.json"), out.join("report.json")).unwrap();
    let before = tree_digest(&root);
    for target in ["into-repo/report.sarif", "report.json"] {
        let path = out.join(target);
        let outcome = ScanCommand::new(&root).output(&path).run();
        assert_refused_before_the_scan(&outcome, target);
        assert!(outcome.stderr.contains("resolves to"), "{}", outcome.stderr);
    }
    assert_eq!(tree_digest(&root), before, "the scanned tree changed");
    assert!(!root.join("new.json").exists());
}

/// Regression: a missing directory ran the whole scan, printed it, then exited 2.
#[test]
fn a_missing_output_directory_fails_before_the_scan() {
    let (_dir, root, out) = workspace();
    let missing = out.join("no/such/dir/report.sarif");
    let outcome = ScanCommand::new(&root).output(&missing).run();
    assert_refused_before_the_scan(&outcome, "no/such/dir");
    assert!(
        outcome.stderr.contains("does not exist"),
        "{}",
        outcome.stderr
    );
    // A file where the directory should be, and a directory where the file should be.
    write(&out, "plain", b"");
    for (path, says) in [
        (out.join("plain/report.json"), "is not a directory"),
        (out.clone(), "is a directory"),
    ] {
        let outcome = ScanCommand::new(&root)
            .output(format!("json:{}", path.display()))
            .run();
        assert_refused_before_the_scan(&outcome, &out.display().to_string());
        assert!(outcome.stderr.contains(says), "{}", outcome.stderr);
    }
    assert_eq!(names(&out), ["plain"]);
}

/// Regression: with two `-o`, the good one was written while the run still exited 2.
#[test]
fn one_bad_output_means_no_output_is_written() {
    let (_dir, root, out) = workspace();
    let good = out.join("good.json");
    let bad = out.join("missing/bad.sarif");
    for order in [[&good, &bad], [&bad, &good]] {
        let outcome = ScanCommand::new(&root)
            .output(order[0])
            .output(order[1])
            .run();
        assert_refused_before_the_scan(&outcome, "missing/bad.sarif");
        assert!(!good.exists() && !bad.exists());
        assert!(names(&out).is_empty(), "{:?}", names(&out));
    }
}

#[test]
fn a_successful_run_leaves_its_reports_and_nothing_else() {
    let (_dir, root, out) = workspace();
    std::fs::write(out.join("old.sarif"), "an older report").unwrap();
    let outcome = ScanCommand::new(&root)
        .output(out.join("old.sarif"))
        .output(out.join("r.json"))
        .output(format!("github:{}", out.join("notes.txt").display()))
        .run();
    assert_eq!(outcome.status, 1, "{}", outcome.stderr);
    assert!(
        outcome.stdout.contains("python/eval-exec"),
        "{}",
        outcome.stdout
    );
    assert_eq!(names(&out), ["notes.txt", "old.sarif", "r.json"]);
    let sarif = std::fs::read_to_string(out.join("old.sarif")).unwrap();
    assert!(sarif.contains("python/eval-exec"), "{sarif}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // The mode a plain `File::create` gets under this umask, not a temporary file's 0600.
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        std::fs::File::create(out.join("plain")).unwrap();
        assert_eq!(mode(&out.join("r.json")), mode(&out.join("plain")));
    }
}

/// `scan.outputs` from a configuration file is checked like `-o`, and named as the key it is.
#[test]
fn an_output_from_the_configuration_is_refused_by_its_key() {
    let (dir, root, out) = workspace();
    let config = out.join("trusted.toml");
    std::fs::write(&config, "[scan]\noutputs = [\"../repo/report.sarif\"]\n").unwrap();
    let outcome = ScanCommand::new(&root).arg("--config").arg(&config).run();
    assert_refused_before_the_scan(&outcome, "report.sarif");
    assert!(
        outcome.stderr.contains("`scan.outputs` in"),
        "{}",
        outcome.stderr
    );
    assert!(!root.join("report.sarif").exists());
    // A prefix that is no format is as much an error there as on the command line.
    std::fs::write(&config, "[scan]\noutputs = [\"jsn:report.json\"]\n").unwrap();
    let outcome = ScanCommand::new(&root).arg("--config").arg(&config).run();
    assert_refused_before_the_scan(&outcome, "trusted.toml");
    assert!(
        outcome.stderr.contains("unknown report format `jsn`"),
        "{}",
        outcome.stderr
    );
    assert_eq!(names(&out), ["trusted.toml"]);
    drop(dir);
}

#[test]
fn a_timeline_inside_the_tree_is_refused_before_the_scan() {
    let (_dir, root, _) = workspace();
    let inside = root.join("timeline.svg");
    let outcome = ScanCommand::new(&root)
        .reviewer("openai")
        .base_url("http://127.0.0.1:9")
        .env("OPENAI_API_KEY", "")
        .arg("--timeline")
        .arg(&inside)
        .run();
    assert_refused_before_the_scan(&outcome, "timeline.svg");
    assert!(outcome.stderr.contains("--timeline"), "{}", outcome.stderr);
    assert!(!inside.exists());
}

/// `-o jsn:out.json` wrote a JSON file named `jsn:out.json`; a prefix that is no format is an
/// error that lists the formats.
#[test]
fn an_unknown_output_format_is_named_with_the_real_ones() {
    let (_dir, root, out) = workspace();
    let outcome = ScanCommand::new(&root)
        .current_dir(&out)
        .output("jsn:out.json")
        .run();
    assert_refused_before_the_scan(&outcome, "jsn");
    assert!(
        outcome.stderr.contains("unknown report format"),
        "{}",
        outcome.stderr
    );
    assert!(
        outcome.stderr.contains("text, json, sarif or github"),
        "{}",
        outcome.stderr
    );
    assert!(names(&out).is_empty(), "{:?}", names(&out));
}

#[test]
fn init_dash_prints_the_starter_file_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (status, stdout, stderr) = run_in(dir.path(), &["init", "-"]);
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.contains("[reviewers.openai]"), "{stdout}");
    assert!(names(dir.path()).is_empty());
    // A missing directory is named, before anything is written.
    let (status, _, stderr) = run_in(dir.path(), &["init", "no/such/shardscan.toml"]);
    assert_eq!(status, 2);
    assert!(stderr.contains("no/such"), "{stderr}");
    assert!(names(dir.path()).is_empty());
}
