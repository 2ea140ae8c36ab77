//! shardscan run in-process through `run_with_args`, with buffers for its streams and an
//! environment of the test's own: what the binary does, without a process or the test's real
//! environment.

use shardscan::exit::ExitStatus;
use shardscan::io::{Env, Io};

use crate::common::repo;

const EVAL: &str =
    "def handler(request):\n    expr = request.args.get('q')\n    return eval(expr)\n";

/// Runs shardscan with `args` in-process; returns the status, stdout and stderr.
fn run(args: &[&str], env: &Env, terminal: bool) -> (ExitStatus, String, String) {
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let status = {
        let mut io = Io {
            stdout: &mut stdout,
            stderr: &mut stderr,
            stdout_is_terminal: terminal,
            stderr_is_terminal: false,
            env,
        };
        let all = std::iter::once("shardscan").chain(args.iter().copied());
        shardscan::run_with_args(all, &mut io)
    };
    (
        status,
        String::from_utf8(stdout).unwrap(),
        String::from_utf8(stderr).unwrap(),
    )
}

#[test]
fn a_scan_writes_to_the_streams_it_is_given() {
    let dir = repo(&[("app.py", EVAL)]);
    let path = dir.path().to_str().unwrap();
    let env = Env::default();
    let (status, stdout, stderr) = run(&["scan", path, "--no-config"], &env, false);
    assert_eq!(status, ExitStatus::Findings, "{stderr}");
    assert!(stdout.contains("error[python/eval-exec]"), "{stdout}");
    assert!(!stdout.contains('\u{1b}'), "not a terminal: no colour");
    assert!(stderr.contains("scanned 1 file"), "{stderr}");
}

#[test]
fn colour_follows_the_given_terminal_and_environment() {
    let dir = repo(&[("app.py", EVAL)]);
    let path = dir.path().to_str().unwrap();
    let (_, painted, _) = run(&["scan", path, "--no-config"], &Env::default(), true);
    assert!(painted.contains('\u{1b}'), "a terminal gets colour");
    let no_color = Env::from_pairs([("NO_COLOR", "1")]);
    let (_, plain, _) = run(&["scan", path, "--no-config"], &no_color, true);
    assert!(!plain.contains('\u{1b}'), "NO_COLOR wins: {plain:?}");
}

#[test]
fn an_api_key_comes_from_the_given_environment_only() {
    let dir = repo(&[("app.py", EVAL)]);
    let path = dir.path().to_str().unwrap();
    let args = [
        "scan",
        path,
        "--no-config",
        "--reviewer",
        "openai",
        "--api-key-env",
        "SHARDSCAN_IN_PROCESS_KEY",
        "--estimate",
    ];
    // --estimate calls nothing; without a key it is still refused only for a real run.
    let (status, stdout, stderr) = run(&args, &Env::default(), false);
    assert_eq!(status, ExitStatus::Clean, "{stderr}");
    assert!(
        stdout.starts_with("1 file, 1 shard, 1 lens: security"),
        "{stdout}"
    );
    let real_run: Vec<&str> = args[..args.len() - 1].to_vec();
    let (status, _, stderr) = run(&real_run, &Env::default(), false);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        stderr.contains("error: the openai reviewer needs an API key")
            && stderr.contains("\nhint: export SHARDSCAN_IN_PROCESS_KEY="),
        "{stderr}"
    );
}

#[test]
fn usage_errors_and_help_go_to_their_streams() {
    let env = Env::default();
    let (status, stdout, stderr) = run(&["scan", "--no-such-flag"], &env, false);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        stdout.is_empty() && stderr.contains("--no-such-flag"),
        "{stderr}"
    );
    let (status, stdout, _) = run(&["--help"], &env, false);
    assert_eq!(status, ExitStatus::Clean);
    assert!(stdout.contains("Usage: shardscan"), "{stdout}");
}
