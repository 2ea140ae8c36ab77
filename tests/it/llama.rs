//! End to end against a real LLM server: llama.cpp's `llama-server` with the tiny SmolLM2-135M
//! model, spoken to through both wire protocols (`--reviewer openai` and `--reviewer anthropic`).
//!
//! The server and model come from `scripts/llama-server.sh` (built from PyPI, cached outside the
//! repo). Without them the test prints a SKIPPED line and passes, unless `SHARDSCAN_REQUIRE_LLAMA=1`
//! (CI) makes that a failure. The model is far too small to find real bugs, so the checks are
//! about the protocol and the report's structure, never about what was found.

use std::fs::File;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common;
use crate::scan_command::ScanCommand;

const SETUP_HINT: &str =
    "run scripts/llama-server.sh setup, then eval \"$(scripts/llama-server.sh env)\"";
/// How long the server may take to answer `/health` with 200 (it takes about a second).
const HEALTH_TIMEOUT: Duration = Duration::from_secs(60);
/// A backstop above shardscan's own `--deadline 8m`, so a hung run cannot hang the test suite.
const SCAN_TIMEOUT: Duration = Duration::from_secs(10 * 60);
const CORPUS: &str = "corpus/flask-shop";
/// `-c` is the context of all slots together: `-c 4096 --parallel 4` would leave each request
/// 1024 tokens for prompt and answer, and a shard's prompt alone is often 600 or more, so answers
/// were cut off mid-JSON (`finish_reason: "length"`). 16384 gives each of the 4 slots 4096.
/// `-t 1` is much faster than `-t 2` on a busy 2-core machine.
const SERVER_ARGS: &str = "-c 16384 --parallel 4 -t 1 --jinja --no-webui";

/// The server binary and model from the environment, or `None` (after saying why) when the test
/// should be skipped. Panics instead when `SHARDSCAN_REQUIRE_LLAMA=1`.
fn llama_paths() -> Option<(PathBuf, PathBuf)> {
    let lookup = |var: &str| -> Result<PathBuf, String> {
        match std::env::var_os(var) {
            None => Err(format!("{var} is not set")),
            Some(value) => {
                let path = PathBuf::from(value);
                if path.is_file() {
                    Ok(path)
                } else {
                    Err(format!("{var}={} is not a file", path.display()))
                }
            }
        }
    };
    let why = match (
        lookup("SHARDSCAN_LLAMA_SERVER"),
        lookup("SHARDSCAN_LLAMA_MODEL"),
    ) {
        (Ok(server), Ok(model)) => return Some((server, model)),
        (Err(e), _) | (_, Err(e)) => e,
    };
    let message = format!("SKIPPED llama.cpp end-to-end test: {why} ({SETUP_HINT})");
    if std::env::var("SHARDSCAN_REQUIRE_LLAMA").as_deref() == Ok("1") {
        panic!("{message}; SHARDSCAN_REQUIRE_LLAMA=1 makes this a failure");
    }
    eprintln!("{message}");
    None
}

/// A running `llama-server`, killed when dropped (also when the test panics).
struct LlamaServer {
    child: Child,
    port: u16,
    /// Holds the server's log file.
    dir: tempfile::TempDir,
}

impl LlamaServer {
    fn start(server: &Path, model: &Path) -> LlamaServer {
        let port = free_port();
        let dir = tempfile::tempdir().expect("temp dir");
        let log = File::create(dir.path().join("server.log")).expect("create server log");
        let child = Command::new(server)
            .arg("-m")
            .arg(model)
            .args(["--host", "127.0.0.1", "--port", &port.to_string()])
            .args(SERVER_ARGS.split(' '))
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("clone log handle"))
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| panic!("could not start {}: {e}", server.display()));
        let mut guard = LlamaServer { child, port, dir };
        guard.wait_healthy();
        guard
    }

    fn wait_healthy(&mut self) {
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("poll llama-server") {
                panic!(
                    "llama-server exited with {status} before it was healthy; its log ends:\n{}",
                    self.log_tail()
                );
            }
            if http_get_status(self.port, "/health") == Some(200) {
                eprintln!(
                    "llama-server healthy on port {} after {:.1} s",
                    self.port,
                    started.elapsed().as_secs_f64()
                );
                return;
            }
            if started.elapsed() > HEALTH_TIMEOUT {
                panic!(
                    "llama-server did not answer GET /health with 200 within {HEALTH_TIMEOUT:?}; \
                     its log ends:\n{}",
                    self.log_tail()
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn log_tail(&self) -> String {
        tail(&self.dir.path().join("server.log"), 40)
    }
}

impl Drop for LlamaServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A port that was free a moment ago (the listener is dropped before the server binds it).
fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind an ephemeral port");
    listener.local_addr().expect("local address").port()
}

/// The status code of `GET path`, or `None` while the server does not answer.
fn http_get_status(port: u16, path: &str) -> Option<u16> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut head = [0u8; 64];
    let n = stream.read(&mut head).ok()?;
    // "HTTP/1.1 200 OK"
    let line = std::str::from_utf8(&head[..n]).ok()?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn tail(path: &Path, lines: usize) -> String {
    let text = std::fs::read(path).unwrap_or_default();
    let text = String::from_utf8_lossy(&text);
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

/// Runs `command` to completion with its output in files under `dir`, killing it after
/// `timeout`; returns (status, stdout, stderr).
fn run_with_timeout(
    mut command: Command,
    dir: &Path,
    timeout: Duration,
) -> (ExitStatus, String, String) {
    let stdout_path = dir.join("stdout");
    let stderr_path = dir.join("stderr");
    let mut child = command
        .stdin(Stdio::null())
        .stdout(File::create(&stdout_path).expect("create stdout file"))
        .stderr(File::create(&stderr_path).expect("create stderr file"))
        .spawn()
        .expect("run shardscan");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("poll shardscan") {
            break status;
        }
        if started.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "shardscan still running after {timeout:?}; killed. stderr ends:\n{}",
                tail(&stderr_path, 40)
            );
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    let read =
        |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned();
    (status, read(&stdout_path), read(&stderr_path))
}

/// Structural checks of shardscan's JSON report. The field paths are the ones this test assumes
/// the LLM reviewers' report has; adjust them here when the report changes.
fn check_report(json: &Value) {
    assert!(
        json.get("schema_version").is_some_and(Value::is_u64),
        "report has no numeric schema_version"
    );
    let corpus = common::project_root().join(CORPUS);
    let findings = json["findings"]
        .as_array()
        .expect("report has a findings array");
    for (i, finding) in findings.iter().enumerate() {
        let at = format!("findings[{i}] = {finding}");
        assert!(
            finding["rule_id"].as_str().is_some_and(|s| !s.is_empty()),
            "no rule_id in {at}"
        );
        let path = finding["location"]["path"]
            .as_str()
            .unwrap_or_else(|| panic!("no location.path in {at}"));
        // Paths are as the scan displays them: relative to the working directory of the run (the
        // project root), so `corpus/flask-shop/run.py`; relative to the scan root is accepted too.
        let file = [common::project_root().join(path), corpus.join(path)]
            .into_iter()
            .find(|p| p.is_file())
            .unwrap_or_else(|| panic!("location.path is not a file in {at}"));
        let file = file
            .canonicalize()
            .expect("canonical path of an existing file");
        assert!(
            file.starts_with(corpus.canonicalize().expect("corpus exists")),
            "location.path is not under {CORPUS} in {at}"
        );
        let start = finding["location"]["start_line"]
            .as_u64()
            .unwrap_or_else(|| panic!("no location.start_line in {at}"));
        let end = finding["location"]["end_line"]
            .as_u64()
            .unwrap_or_else(|| panic!("no location.end_line in {at}"));
        assert!(start >= 1, "start_line < 1 in {at}");
        assert!(end >= start, "end_line < start_line in {at}");
        assert!(
            matches!(
                finding["severity"].as_str(),
                Some("error" | "warning" | "note")
            ),
            "severity is not error, warning or note in {at}"
        );
    }
    let agents = json["summary"]["pool"]["agents"]["agents_started"]
        .as_u64()
        .expect("report has summary.pool.agents.agents_started");
    assert!(agents >= 1, "no reviewer agent was started: {agents}");
}

/// Runs one scan of the corpus through `reviewer` at `base_url` and checks what it wrote.
fn scan_with(reviewer: &str, base_url: &str, stream: bool) {
    let out = tempfile::tempdir().expect("temp dir");
    let json_path = out.path().join("report.json");
    let sarif_path = out.path().join("report.sarif");
    let command = ScanCommand::new(CORPUS)
        .current_dir(common::project_root())
        .env("SHARDSCAN_TEST_KEY", "dummy-test-key")
        .reviewer(reviewer)
        .base_url(base_url)
        .model("smollm2")
        .args(["--api-key-env", "SHARDSCAN_TEST_KEY"])
        .jobs("4")
        .no_cache()
        .args(["--timeout", "120s", "--deadline", "8m"])
        .args(["--max-output-tokens", "768"])
        .format("json")
        .fail_on("none")
        .args(stream.then_some("--stream"))
        .output(&json_path)
        .output(format!("sarif:{}", sarif_path.display()))
        .command();
    let started = Instant::now();
    let (status, _stdout, stderr) = run_with_timeout(command, out.path(), SCAN_TIMEOUT);
    eprintln!(
        "--reviewer {reviewer}: {status} after {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let read_json = |path: &Path| -> Value {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
            panic!(
                "--reviewer {reviewer}: could not read {} ({e}); {status}, stderr:\n{stderr}",
                path.display()
            )
        });
        serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{} is not JSON: {e}\n{text}", path.display()))
    };
    // A 135M-parameter model may ramble past the output limit or answer prose: those shards are
    // listed unreviewed (exit 3) with the reason, and that is a correct run. On a slow machine
    // its rambling may also outlast the scan's deadline, which cancels the shards still in
    // flight: the server answered (the usage below is read), so that is no protocol failure
    // either. What must not happen is a refused request, an HTTP error, a request that timed out,
    // a stream we could not read.
    let json = read_json(&json_path);
    match status.code() {
        Some(0) => {}
        Some(3) => {
            for item in json["unreviewed"].as_array().expect("unreviewed list") {
                let reason = item["reason"].as_str().unwrap_or_default();
                assert!(
                    reason.contains("unusable answer")
                        || reason.contains("was cut at")
                        || reason.starts_with("the deadline passed"),
                    "--reviewer {reviewer}: a shard failed for a reason other than the model's \
                     answer: {item}\nstderr:\n{stderr}"
                );
            }
            assert_eq!(
                json["problems"],
                serde_json::json!([]),
                "--reviewer {reviewer}"
            );
        }
        _ => panic!("--reviewer {reviewer}: {status}, expected 0 or 3; stderr:\n{stderr}"),
    }
    let summary = &json["summary"];
    let agents = &summary["pool"]["agents"];
    let total = summary["shards_total"].as_u64().expect("shards_total");
    let unreviewed: std::collections::BTreeSet<&str> = json["unreviewed"]
        .as_array()
        .expect("unreviewed list")
        .iter()
        .filter_map(|u| u["shard_id"].as_str())
        .collect();
    assert_eq!(
        summary["shards_reviewed"].as_u64().unwrap() + unreviewed.len() as u64,
        total,
        "--reviewer {reviewer}: every shard is reviewed or listed"
    );
    assert!(
        agents["requests"].as_u64().unwrap() >= total,
        "--reviewer {reviewer}: {agents}"
    );
    assert!(
        agents["tokens_in"].as_u64().unwrap() > 0 && agents["tokens_out"].as_u64().unwrap() > 0,
        "--reviewer {reviewer}: the server's usage was read: {agents}"
    );
    eprintln!(
        "--reviewer {reviewer}: {} of {total} shards reviewed, {} findings, {} tokens in, {} out",
        summary["shards_reviewed"],
        json["findings"].as_array().map_or(0, Vec::len),
        agents["tokens_in"],
        agents["tokens_out"]
    );
    check_report(&json);
    let sarif = read_json(&sarif_path);
    assert_eq!(
        sarif["version"], "2.1.0",
        "--reviewer {reviewer}: SARIF version"
    );
}

#[test]
fn llama_server_reviews_the_corpus_through_both_protocols() {
    let Some((server, model)) = llama_paths() else {
        return;
    };
    let server = LlamaServer::start(&server, &model);
    let port = server.port;
    // One protocol answers whole, the other streams: both of the real server's shapes are read.
    scan_with("openai", &format!("http://127.0.0.1:{port}/v1"), false);
    scan_with("anthropic", &format!("http://127.0.0.1:{port}"), true);
}
