//! A run's exit status says what it covered: nothing to scan is an error, a partial run says so
//! even when quiet, and flags for a reviewer the run does not have are refused.

use crate::common::{repo, run};

const EVAL: &str = "def f(x):\n    return eval(x)\n";

#[test]
fn a_run_that_scans_no_file_is_an_error() {
    let source = repo(&[("a.py", EVAL)]);
    let path = source.path().to_str().unwrap();
    let only_docs = repo(&[("README.md", "# hi\n"), ("data.json", "{}\n")]);
    let ignored = repo(&[(".gitignore", "*.py\n"), ("a.py", EVAL)]);
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--exclude", "**"], "--exclude"),
        (vec!["--include", "src/**"], "--include"),
        (vec![only_docs.path().to_str().unwrap()], "point shardscan"),
        (vec![ignored.path().to_str().unwrap()], "--no-ignore"),
    ];
    for (extra, hint) in cases {
        let mut args = vec!["scan", "--no-progress", "-f", "json"];
        if !extra[0].starts_with("--") {
            args.push(extra[0]);
        } else {
            args.push(path);
            args.extend(&extra);
        }
        let (status, stdout, stderr) = run(&args);
        assert_eq!(status, 2, "{args:?}: {stderr}");
        assert!(stdout.is_empty(), "{args:?}: no report: {stdout}");
        assert!(
            stderr.contains("no source file to scan"),
            "{args:?}: {stderr}"
        );
        assert!(stderr.contains(hint), "{args:?}: {stderr}");
    }
    // One file is enough.
    let (status, _, stderr) = run(&["scan", path, "-q", "--fail-on", "none"]);
    assert_eq!(status, 0, "{stderr}");
}

#[test]
fn a_quiet_incomplete_run_still_says_so() {
    let source = repo(&[("a.py", EVAL)]);
    let path = source.path().to_str().unwrap();
    let (status, stdout, stderr) = run(&["scan", path, "-q", "--deadline", "0s"]);
    assert_eq!(status, 3, "{stderr}");
    assert!(stdout.is_empty());
    assert!(
        stderr.contains("shardscan: incomplete run; not fully scanned: 1 file"),
        "{stderr}"
    );
    // A complete quiet run prints nothing at all.
    let (status, _, stderr) = run(&["scan", path, "-q"]);
    assert_eq!(status, 1);
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn flags_for_a_reviewer_the_run_does_not_have_are_refused() {
    let source = repo(&[("a.py", EVAL)]);
    let path = source.path().to_str().unwrap();
    let agent_flags: &[&[&str]] = &[
        &["--model", "m"],
        &["--base-url", "http://127.0.0.1:1/v1"],
        &["--api-key-env", "KEY"],
        &["--max-cost", "1"],
        &["--max-agents", "3"],
        &["--max-tokens", "100"],
        &["--rpm", "10"],
        &["--tpm", "10"],
        &["--timeout", "5s"],
        &["--retries", "1"],
        &["--stream"],
        &["--command", "true"],
        &["--verify"],
        &["--lens", "memory"],
        &["--price-in", "1"],
        &["--cache-dir", "/tmp/x"],
    ];
    for flag in agent_flags {
        let mut args = vec!["scan", path, "-q"];
        args.extend_from_slice(flag);
        let (status, _, stderr) = run(&args);
        assert_eq!(status, 2, "{flag:?}: {stderr}");
        assert!(
            stderr.contains(&format!("error: {} needs", flag[0])),
            "{flag:?} named: {stderr}"
        );
    }
    // HTTP flags with only the command reviewer, and --command without it.
    let (status, _, stderr) = run(&[
        "scan",
        path,
        "-q",
        "--reviewer",
        "command",
        "--command",
        "true",
        "--model",
        "m",
    ]);
    assert_eq!(status, 2);
    assert!(
        stderr.contains("--model needs an openai or anthropic reviewer"),
        "{stderr}"
    );
}

#[test]
fn a_closed_pipe_is_quiet_in_every_format() {
    use std::io::Read;
    use std::process::Stdio;
    // Enough findings that every format writes more than a pipe buffer holds.
    let files: Vec<(String, &str)> = (0..400).map(|i| (format!("m{i}.py"), EVAL)).collect();
    let refs: Vec<(&str, &str)> = files.iter().map(|(p, t)| (p.as_str(), *t)).collect();
    let source = repo(&refs);
    for format in ["text", "json", "sarif", "github"] {
        let mut child = crate::common::bin()
            .args(["scan", "--no-progress", "-f", format])
            .arg(source.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 16];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // The reader has enough: the pipe is closed here.
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            !stderr.contains("error:")
                && !stderr.contains("panicked")
                && !stderr.to_lowercase().contains("broken pipe"),
            "{format}: {stderr}"
        );
        assert_ne!(output.status.code(), Some(2), "{format}: {stderr}");
    }
}
