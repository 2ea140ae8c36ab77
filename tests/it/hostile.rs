//! A scanned repository is input, not instructions: its `shardscan.toml` cannot make shardscan
//! run a program, reach an address, read an environment variable or write outside the outputs the
//! user named, and a file above the repository's root is not read at all.

use std::net::TcpListener;
use std::path::{Path, PathBuf};

use crate::common::{bin, decode, write};

const BUG: &str =
    "import os\nfrom flask import request\n\n\ndef run():\n    os.system(request.args['cmd'])\n";

/// What a hostile configuration would leave behind if it were obeyed.
struct Trap {
    dir: tempfile::TempDir,
    listener: TcpListener,
}

impl Trap {
    fn new() -> Trap {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        Trap {
            dir: tempfile::tempdir().unwrap(),
            listener,
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// A configuration asking for everything a repository must not decide.
    fn config(&self) -> String {
        let port = self.listener.local_addr().unwrap().port();
        format!(
            "[scan]\nfail_on = \"none\"\noutputs = [\"{out}\"]\n\
             [reviewers]\nuse = [\"command\", \"openai\"]\n\
             [reviewers.command]\ncommand = \"touch {marker}\"\n\
             [reviewers.openai]\nbase_url = \"http://127.0.0.1:{port}/v1\"\n\
             api_key_env = \"SHARDSCAN_TEST_SECRET\"\n\
             [cache]\ndir = \"{cache}\"\n",
            out = self.path("pwned.sarif").display(),
            marker = self.path("ran").display(),
            cache = self.path("cache").display(),
        )
    }

    /// Nothing ran, nothing connected, nothing was written.
    fn assert_untouched(&self) {
        let left: Vec<_> = std::fs::read_dir(self.dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert!(left.is_empty(), "files appeared outside the tree: {left:?}");
        match self.listener.accept() {
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            other => panic!("a connection reached the listener: {other:?}"),
        }
    }
}

/// A git repository holding a bug, inside a parent folder.
fn repository() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path().join("repo");
    std::fs::create_dir_all(repo.join(".git")).unwrap();
    write(&repo, "app.py", BUG.as_bytes());
    (dir, repo)
}

fn shardscan(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let output = bin()
        .current_dir(dir)
        .env("SHARDSCAN_TEST_SECRET", "sk-hostile-secret-value")
        .args(args)
        .output()
        .unwrap();
    decode(output)
}

#[test]
fn a_repositorys_configuration_cannot_act_on_the_scanning_machine() {
    let trap = Trap::new();
    let (_dir, repo) = repository();
    write(&repo, "shardscan.toml", trap.config().as_bytes());
    for args in [
        &["scan", ".", "--no-progress"][..],
        &["scan", ".", "-f", "sarif", "--no-progress"],
        &["shards", "."],
        &["rules", "list"],
    ] {
        let (status, stdout, stderr) = shardscan(&repo, args);
        assert_eq!(status, 2, "{args:?} refused: {stderr}");
        assert!(stdout.is_empty(), "{args:?} wrote nothing: {stdout}");
        for key in [
            "cache.dir",
            "reviewers.command.command",
            "reviewers.openai.api_key_env",
            "reviewers.openai.base_url",
            "reviewers.use",
            "scan.outputs",
        ] {
            assert!(stderr.contains(key), "{args:?} names {key}: {stderr}");
        }
        assert!(stderr.contains("repo/shardscan.toml"), "{stderr}");
        assert!(stderr.contains("--trust-repo-config"), "{stderr}");
        assert!(!stderr.contains("sk-hostile"), "{stderr}");
        trap.assert_untouched();
    }
    // --no-config scans the repository as if the file were not there.
    let (status, _, stderr) = shardscan(&repo, &["scan", ".", "--no-config", "-q"]);
    assert_eq!(status, 1, "{stderr}");
    trap.assert_untouched();
}

#[test]
fn a_configuration_above_the_repository_root_is_not_read() {
    let trap = Trap::new();
    let (dir, repo) = repository();
    write(dir.path(), "shardscan.toml", trap.config().as_bytes());
    let (status, stdout, stderr) = shardscan(&repo, &["scan", ".", "--no-progress"]);
    // fail_on = "none" above the root is not obeyed either: the finding fails the run.
    assert_eq!(status, 1, "{stderr}");
    assert!(stdout.contains("taint-command-injection"), "{stdout}");
    assert!(
        !stderr.contains("configuration:"),
        "no file was used: {stderr}"
    );
    trap.assert_untouched();
    // A folder of the repository is scanned the same way.
    let (status, _, stderr) = shardscan(&repo, &["scan", "app.py", "-q"]);
    assert_eq!(status, 1, "{stderr}");
    trap.assert_untouched();
}

#[test]
fn a_repositorys_own_business_is_taken_and_named() {
    let (_dir, repo) = repository();
    write(&repo, "tests/test_app.py", BUG.as_bytes());
    write(
        &repo,
        "shardscan.toml",
        b"[scan]\nexclude = [\"tests/**\"]\nfail_on = \"none\"\n[rules]\ndisable = [\"python/eval-exec\"]\n",
    );
    let (status, stdout, stderr) = shardscan(&repo, &["scan", ".", "-f", "json", "--no-progress"]);
    assert_eq!(status, 0, "{stderr}");
    assert!(
        stderr.contains(
            "shardscan.toml`, the repository's (rules.disable, scan.exclude, scan.fail_on)"
        ),
        "{stderr}"
    );
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let files: Vec<_> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["location"]["path"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(files, vec!["app.py"]);
}

#[test]
fn diff_mode_never_runs_the_repositorys_git_filters_or_fetches() {
    use crate::ci::git;
    let trap = Trap::new();
    let (_dir, repo) = repository();
    std::fs::remove_dir_all(repo.join(".git")).unwrap();
    write(&repo, "lib.py", b"x = 1\n");
    write(&repo, ".gitattributes", b"* filter=evil\n");
    git(&repo, &["init", "-q"]);
    git(&repo, &["add", "."]);
    git(&repo, &["commit", "-q", "-m", "start"]);
    git(&repo, &["branch", "base"]);
    // Set only now, so that the test's own commit above did not run it.
    let marker = trap.path("ran");
    let filter = format!("sh -c 'touch {}; cat'", marker.display());
    git(&repo, &["config", "filter.evil.clean", &filter]);
    git(&repo, &["config", "filter.evil.process", &filter]);
    git(&repo, &["config", "core.fsmonitor", &filter]);
    // An uncommitted change holds the bug: it is reviewed whole.
    write(&repo, "lib.py", format!("x = 1\n{BUG}").as_bytes());
    let (status, stdout, stderr) = shardscan(
        &repo,
        &[
            "scan",
            ".",
            "--diff-base",
            "base",
            "--no-progress",
            "-f",
            "json",
        ],
    );
    assert_eq!(status, 1, "{stderr}");
    assert!(stderr.contains("diff mode: 1 file changed"), "{stderr}");
    assert!(stdout.contains("\"lib.py\""), "{stdout}");
    trap.assert_untouched();
}

#[cfg(unix)]
#[test]
fn links_in_the_repository_do_not_lead_shardscan_out_of_it() {
    use std::os::unix::fs::symlink;
    let trap = Trap::new();
    let secret = trap.dir.path().join("secret.txt");
    std::fs::write(&secret, "API_TOKEN = \"sk-hostile-secret-value\"\n").unwrap();
    let (_dir, repo) = repository();
    // The configuration itself, linked to a file elsewhere: refused, its text never shown.
    symlink(&secret, repo.join("shardscan.toml")).unwrap();
    let (status, _, stderr) = shardscan(&repo, &["scan", ".", "-q"]);
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.contains("symbolic link") && !stderr.contains("sk-hostile"),
        "{stderr}"
    );
    std::fs::remove_file(repo.join("shardscan.toml")).unwrap();
    // A rule partial in the repository's rules directory, linked out.
    write(
        &repo,
        "ci/rules/python/x.scm",
        b"; id: t/x\n; severity: error\n; message: x\n; include: leak\n(call) @finding\n",
    );
    symlink(&secret, repo.join("ci/rules/python/leak.partial")).unwrap();
    write(&repo, "shardscan.toml", b"[rules]\ndirs = [\"ci/rules\"]\n");
    for args in [
        &["scan", ".", "-q"][..],
        &["rules", "list"],
        &["rules", "test"],
    ] {
        let (status, _, stderr) = shardscan(&repo, args);
        assert_eq!(status, 2, "{args:?}: {stderr}");
        assert!(!stderr.contains("sk-hostile"), "{args:?}: {stderr}");
        assert!(stderr.contains("leak.partial"), "{args:?}: {stderr}");
    }
    std::fs::remove_file(repo.join("shardscan.toml")).unwrap();
    // A scan path that is a link out of the repository is not followed unasked.
    symlink(trap.dir.path(), repo.join("src")).unwrap();
    let (status, stdout, stderr) = shardscan(&repo, &["scan", "src", "-f", "json"]);
    assert_eq!(status, 2, "{stderr}");
    assert!(stdout.is_empty() && stderr.contains("--follow"), "{stderr}");
    std::fs::remove_file(&secret).unwrap();
    trap.assert_untouched();
}
