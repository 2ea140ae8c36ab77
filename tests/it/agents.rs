//! LLM and command reviewers end to end: the real binary against the in-process fake server
//! (`tests/support/fake_llm.rs`), which speaks both wire protocols and injects faults.

use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::{assert_valid_sarif, repo};
use crate::fake_llm::{Behavior, FakeLlm};
use crate::scan_command::{Outcome, ScanCommand};

const KEY: &str = "sk-test-SECRET-0123456789";

/// `n` files, each one shard with one line the fake flags (`eval(`).
fn eval_repo(n: usize) -> tempfile::TempDir {
    let files: Vec<(String, String)> = (0..n)
        .map(|i| {
            (
                format!("app/handler_{i}.py"),
                format!("def handler_{i}(request):\n    expr = request.args.get('q')\n    return eval(expr)\n"),
            )
        })
        .collect();
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    repo(&refs)
}

/// A scan of the workspace's `repo/`: JSON on stdout, `--fail-on none`, the test key in each
/// provider's default variable. Every test reads the outcome's `.json()`, so each of its runs
/// must print JSON.
fn scan(dir: &tempfile::TempDir) -> ScanCommand {
    ScanCommand::new(dir.path().join("repo"))
        .format("json")
        .fail_on("none")
        .env("OPENAI_API_KEY", KEY)
        .env("ANTHROPIC_API_KEY", KEY)
}

/// A temp dir holding the scanned tree under `repo/` and room for outputs beside it.
fn workspace(n: usize) -> tempfile::TempDir {
    let outer = tempfile::tempdir().unwrap();
    let inner = eval_repo(n);
    std::fs::rename(inner.path(), outer.path().join("repo")).unwrap();
    outer
}

fn agents(json: &Value) -> &Value {
    &json["summary"]["pool"]["agents"]
}

fn llm_findings(json: &Value) -> Vec<&Value> {
    json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule_id"].as_str().unwrap().starts_with("llm/"))
        .collect()
}

fn no_key_anywhere(texts: &[&str]) {
    for text in texts {
        assert!(!text.contains(KEY), "the API key leaked: {text}");
    }
}

#[test]
fn openai_and_anthropic_review_every_shard_and_never_leak_the_key() {
    let fake = FakeLlm::spawn(Behavior::default());
    for (reviewer, url, stream) in [
        ("openai", fake.base_url_openai(), false),
        ("openai", fake.base_url_openai(), true),
        ("anthropic", fake.base_url_anthropic(), false),
        ("anthropic", fake.base_url_anthropic(), true),
    ] {
        let dir = workspace(3);
        let sarif = dir.path().join("out.sarif");
        let record = dir.path().join("exchanges.jsonl");
        let scan = scan(&dir)
            .reviewer(reviewer)
            .base_url(&url)
            .model("fake-model")
            .no_cache()
            .output(&sarif)
            .arg("--record")
            .arg(&record)
            .args(stream.then_some("--stream"))
            .run();
        assert_eq!(
            scan.status, 0,
            "{reviewer} stream={stream}: {}",
            scan.stderr
        );
        let findings = llm_findings(scan.json());
        assert_eq!(
            findings.len(),
            3,
            "{reviewer} stream={stream}: {}",
            scan.stdout
        );
        for finding in &findings {
            assert_eq!(finding["rule_id"], "llm/cwe-95");
            assert_eq!(finding["location"]["start_line"], 3);
            assert_eq!(
                finding["reviewers"][0],
                format!("{reviewer}:fake-model/security")
            );
        }
        assert_eq!(scan.json()["complete"], true);
        assert_eq!(agents(scan.json())["jobs_reviewed"], 3);
        let log: Value = serde_json::from_str(&std::fs::read_to_string(&sarif).unwrap()).unwrap();
        assert_valid_sarif(&log);
        assert_eq!(log["runs"][0]["results"].as_array().unwrap().len(), 3);
        let recording = std::fs::read_to_string(&record).unwrap();
        assert_eq!(recording.lines().count(), 3);
        no_key_anywhere(&[
            &scan.stdout,
            &scan.stderr,
            &std::fs::read_to_string(&sarif).unwrap(),
            &recording,
        ]);
    }
    let stats = fake.stats();
    assert!(stats
        .authorization_headers
        .iter()
        .all(|h| h == &format!("Bearer {KEY}") || h == KEY));
    assert_eq!(stats.paths["/v1/chat/completions"], 6);
    assert_eq!(stats.paths["/v1/messages"], 6);
}

#[test]
fn agents_really_run_in_parallel_up_to_the_cap() {
    let fake = FakeLlm::spawn(Behavior {
        latency: Duration::from_millis(300),
        ..Behavior::default()
    });
    let dir = workspace(16);
    let url = fake.base_url_openai();
    let scan = scan(&dir)
        .reviewer("openai")
        .base_url(&url)
        .jobs("8")
        .no_cache()
        .run();
    assert_eq!(scan.status, 0, "{}", scan.stderr);
    assert_eq!(llm_findings(scan.json()).len(), 16);
    // 16 requests of 300 ms through 8 slots: two waves, not sixteen.
    assert_eq!(fake.stats().peak_in_flight, 8);
    assert_eq!(agents(scan.json())["peak_concurrency"], 8);
    assert!(scan.elapsed < Duration::from_secs(4), "{:?}", scan.elapsed);
}

#[test]
fn a_429_storm_backs_off_and_still_reviews_everything() {
    let fake = FakeLlm::spawn(Behavior {
        rate_limit_first: 4,
        retry_after_secs: 1,
        ..Behavior::default()
    });
    let dir = workspace(4);
    let url = fake.base_url_openai();
    let scan = scan(&dir)
        .reviewer("openai")
        .base_url(&url)
        .jobs("4")
        .no_cache()
        .run();
    assert_eq!(scan.status, 0, "{}", scan.stderr);
    assert_eq!(llm_findings(scan.json()).len(), 4);
    let metrics = agents(scan.json());
    assert_eq!(metrics["rate_limited"], 4);
    assert!(metrics["final_limit"].as_u64().unwrap() < 4, "{metrics}");
    assert!(
        scan.elapsed >= Duration::from_secs(1),
        "Retry-After was honoured"
    );
}

#[test]
fn a_stalled_server_cannot_hold_the_run_past_the_deadline() {
    let fake = FakeLlm::spawn(Behavior {
        stall: true,
        ..Behavior::default()
    });
    let dir = workspace(6);
    let url = fake.base_url_openai();
    let scan = scan(&dir)
        .reviewer("rules,openai")
        .base_url(&url)
        .jobs("2")
        .no_cache()
        .args(["--deadline", "2s", "--timeout", "10m"])
        .run();
    assert_eq!(scan.status, 3, "{}", scan.stderr);
    assert!(scan.elapsed < Duration::from_secs(6), "{:?}", scan.elapsed);
    // The rules still reviewed every shard; every agent job is listed with its reason.
    let rule_findings = scan.json()["findings"].as_array().unwrap().len();
    assert_eq!(rule_findings, 6, "{}", scan.stdout);
    let unreviewed = scan.json()["unreviewed"].as_array().unwrap();
    assert_eq!(unreviewed.len(), 6);
    for item in unreviewed {
        assert!(
            item["reason"].as_str().unwrap().contains("deadline"),
            "{item}"
        );
    }
    assert_eq!(agents(scan.json())["stopped"], "deadline");
}

#[test]
fn shards_finished_before_the_deadline_are_all_reported() {
    let fake = FakeLlm::spawn(Behavior {
        latency: Duration::from_millis(700),
        ..Behavior::default()
    });
    let dir = workspace(12);
    let url = fake.base_url_openai();
    let sarif = dir.path().join("partial.sarif");
    let scan = scan(&dir)
        .reviewer("openai")
        .base_url(&url)
        .jobs("2")
        .no_cache()
        .args(["--deadline", "2500ms"])
        .output(&sarif)
        .run();
    assert_eq!(scan.status, 3, "{}", scan.stderr);
    let completed = fake.stats().completed as usize;
    let found = llm_findings(scan.json()).len();
    assert!((4..12).contains(&completed), "{completed}");
    assert_eq!(found, completed, "every answered shard is in the report");
    assert_eq!(
        scan.json()["unreviewed"].as_array().unwrap().len(),
        12 - found
    );
    let log: Value = serde_json::from_str(&std::fs::read_to_string(&sarif).unwrap()).unwrap();
    assert_valid_sarif(&log);
    assert_eq!(log["runs"][0]["results"].as_array().unwrap().len(), found);
    let notifications = &log["runs"][0]["invocations"][0]["toolExecutionNotifications"];
    assert_eq!(notifications.as_array().unwrap().len(), 12 - found);
}

#[test]
fn the_token_budget_is_never_overshot() {
    let fake = FakeLlm::spawn(Behavior::default());
    let dir = workspace(10);
    let url = fake.base_url_openai();
    let budget = 5000u64;
    let scan = scan(&dir)
        .reviewer("openai")
        .base_url(&url)
        .jobs("4")
        .no_cache()
        .args(["--max-tokens", &budget.to_string()])
        .args(["--max-output-tokens", "500"])
        .run();
    assert_eq!(scan.status, 3, "{}", scan.stderr);
    let metrics = agents(scan.json());
    let spent = metrics["tokens_in"].as_u64().unwrap() + metrics["tokens_out"].as_u64().unwrap();
    assert!(spent <= budget, "{spent} > {budget}");
    let requests = fake.stats().requests;
    assert!(requests > 0 && requests < 10, "{requests}");
    let reasons: Vec<&str> = scan.json()["unreviewed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["reason"].as_str().unwrap())
        .collect();
    assert!(
        reasons.iter().all(|r| r.contains("token budget")),
        "{reasons:?}"
    );
}

#[test]
fn the_cache_makes_a_rerun_free_and_replay_needs_no_network() {
    let fake = FakeLlm::spawn(Behavior::default());
    let dir = workspace(5);
    let cache = dir.path().join("cache");
    let record = dir.path().join("run.jsonl");
    let url = fake.base_url_anthropic();
    let anthropic = || scan(&dir).reviewer("anthropic").base_url(&url);
    let first = anthropic()
        .arg("--cache-dir")
        .arg(&cache)
        .arg("--record")
        .arg(&record)
        .run();
    assert_eq!(first.status, 0, "{}", first.stderr);
    assert_eq!(fake.stats().requests, 5);
    let second = anthropic().arg("--cache-dir").arg(&cache).run();
    assert_eq!(fake.stats().requests, 5, "the rerun made no request");
    assert_eq!(second.json()["summary"]["shards_cached"], 5);
    assert_eq!(llm_findings(second.json()).len(), 5);
    drop(fake);
    // The server is gone: a replay answers from the recording alone.
    let replayed = anthropic().arg("--replay").arg(&record).run();
    assert_eq!(replayed.status, 0, "{}", replayed.stderr);
    let fingerprints = |json: &Value| -> Vec<String> {
        llm_findings(json)
            .iter()
            .map(|f| f["fingerprint"].to_string())
            .collect()
    };
    assert_eq!(fingerprints(first.json()), fingerprints(replayed.json()));
    assert!(cache.join("v1").read_dir().unwrap().next().is_some());
    no_key_anywhere(&[&std::fs::read_to_string(&record).unwrap()]);
}

#[test]
fn failing_agents_fall_back_to_the_rules_or_are_listed() {
    let fake = FakeLlm::spawn(Behavior {
        fail_every: Some((1, 500)),
        ..Behavior::default()
    });
    let dir = workspace(3);
    let url = fake.base_url_openai();
    let openai = || scan(&dir).reviewer("openai").base_url(&url).no_cache();
    let listed = openai().args(["--retries", "1"]).run();
    assert_eq!(listed.status, 3, "{}", listed.stderr);
    assert_eq!(fake.stats().requests, 6, "one retry each");
    let reasons: Vec<&str> = listed.json()["unreviewed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["reason"].as_str().unwrap())
        .collect();
    assert_eq!(reasons.len(), 3);
    assert!(reasons.iter().all(|r| r.contains("500")), "{reasons:?}");

    let fallback = openai()
        .args(["--retries", "0", "--fallback", "rules"])
        .run();
    assert_eq!(fallback.status, 0, "{}", fallback.stderr);
    let findings = fallback.json()["findings"].as_array().unwrap();
    assert_eq!(findings.len(), 3);
    assert!(findings[0]["reviewers"][0]
        .as_str()
        .unwrap()
        .starts_with("rules (fallback"));
}

#[test]
fn broken_answers_are_repaired_or_reported() {
    let fake = FakeLlm::spawn(Behavior {
        fenced: true,
        ..Behavior::default()
    });
    let dir = workspace(2);
    let url = fake.base_url_openai();
    let openai = || scan(&dir).reviewer("openai").base_url(&url).no_cache();
    let fenced = openai().run();
    assert_eq!(fenced.status, 0, "{}", fenced.stderr);
    assert_eq!(llm_findings(fenced.json()).len(), 2);

    fake.set_behavior(Behavior {
        malformed: true,
        ..Behavior::default()
    });
    let broken = openai().run();
    assert_eq!(broken.status, 3, "{}", broken.stderr);
    for item in broken.json()["unreviewed"].as_array().unwrap() {
        assert!(
            item["reason"].as_str().unwrap().contains("not JSON"),
            "{item}"
        );
    }

    // A whole answer padded with blank lines up to the output limit is read, not thrown away
    // as cut (a small model on llama-server does this), streamed or not, for both protocols.
    fake.set_behavior(Behavior {
        padded: true,
        ..Behavior::default()
    });
    for (reviewer, url) in [
        ("openai", fake.base_url_openai()),
        ("anthropic", fake.base_url_anthropic()),
    ] {
        for stream in [false, true] {
            let padded = scan(&dir)
                .reviewer(reviewer)
                .base_url(&url)
                .no_cache()
                .args(stream.then_some("--stream"))
                .run();
            assert_eq!(padded.status, 0, "{reviewer} {stream}: {}", padded.stderr);
            assert_eq!(llm_findings(padded.json()).len(), 2, "{reviewer} {stream}");
        }
    }

    // An answer cut at the output limit (1024 tokens for a server on this machine) says so,
    // streamed or not, for both protocols, and its
    // tokens still count.
    fake.set_behavior(Behavior {
        truncated: true,
        ..Behavior::default()
    });
    for (reviewer, url) in [
        ("openai", fake.base_url_openai()),
        ("anthropic", fake.base_url_anthropic()),
    ] {
        for stream in [false, true] {
            let cut = scan(&dir)
                .reviewer(reviewer)
                .base_url(&url)
                .no_cache()
                .args(stream.then_some("--stream"))
                .run();
            assert_eq!(cut.status, 3, "{reviewer} {stream}: {}", cut.stderr);
            for item in cut.json()["unreviewed"].as_array().unwrap() {
                assert!(
                    item["reason"]
                        .as_str()
                        .unwrap()
                        .contains("cut at 1024 output tokens"),
                    "{reviewer} {stream}: {item}"
                );
            }
            assert!(agents(cut.json())["tokens_out"].as_u64().unwrap() > 0);
        }
    }
}

#[test]
fn verification_drops_rejected_findings_and_keeps_the_reason() {
    let fake = FakeLlm::spawn(Behavior {
        reject_needle: Some(String::from("handler_1(")),
        ..Behavior::default()
    });
    let dir = workspace(3);
    let url = fake.base_url_openai();
    let cache = dir.path().join("cache");
    let verified = || {
        scan(&dir)
            .reviewer("openai")
            .base_url(&url)
            .arg("--verify")
            .arg("--cache-dir")
            .arg(&cache)
            .run()
    };
    let first = verified();
    assert_eq!(first.status, 0, "{}", first.stderr);
    assert_eq!(agents(first.json())["verified_confirmed"], 2);
    // A rerun from the cache keeps the verdicts: nothing rejected comes back.
    let requests = fake.stats().requests;
    let second = verified();
    assert_eq!(fake.stats().requests, requests, "all from the cache");
    for scan in [first, second] {
        assert_eq!(llm_findings(scan.json()).len(), 2);
        let rejected = scan.json()["rejected"].as_array().unwrap();
        assert_eq!(rejected.len(), 1);
        assert_eq!(
            rejected[0]["finding"]["location"]["path"],
            "app/handler_1.py"
        );
    }
}

#[test]
fn estimate_calls_nothing_and_timeline_draws_every_agent() {
    let fake = FakeLlm::spawn(Behavior::default());
    let dir = workspace(4);
    let url = fake.base_url_openai();
    // As a user types it: no key, no output format.
    let Outcome {
        status,
        stdout,
        stderr,
        ..
    } = ScanCommand::bare(dir.path().join("repo"))
        .reviewer("openai")
        .base_url(&url)
        .args(["--lens", "security,logic", "--estimate"])
        .run();
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.contains("4 shards"), "{stdout}");
    assert!(stdout.contains("8 requests"), "{stdout}");
    assert_eq!(fake.stats().requests, 0);

    let svg = dir.path().join("timeline.svg");
    let scan = scan(&dir)
        .reviewer("openai")
        .base_url(&url)
        .no_cache()
        .args(["--lens", "security,logic"])
        .arg("--timeline")
        .arg(&svg)
        .run();
    assert_eq!(scan.status, 0, "{}", scan.stderr);
    // Both lenses flag the same line: one finding, both reviewers.
    let findings = llm_findings(scan.json());
    assert_eq!(findings.len(), 4);
    assert_eq!(findings[0]["reviewers"].as_array().unwrap().len(), 2);
    let drawing = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(drawing.matches("<title>slot").count(), 8);
}

#[test]
fn a_command_agent_runs_outside_the_tree() {
    let dir = workspace(2);
    let script = dir.path().join("agent.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\ncat > /dev/null\nprintf '{\"findings\": [{\"start_line\": 3, \"end_line\": 3, \"cwe\": \"CWE-95\", \"severity\": \"error\", \"title\": \"ran in %s\", \"explanation\": \"\", \"confidence\": 0.8, \"evidence\": \"return eval(expr)\"}]}' \"$PWD\"\n",
    )
    .unwrap();
    let command = format!("sh {}", script.display());
    let scan = scan(&dir)
        .reviewer("command")
        .args(["--command", &command])
        .no_cache()
        .run();
    assert_eq!(scan.status, 0, "{}", scan.stderr);
    let findings = llm_findings(scan.json());
    assert_eq!(findings.len(), 2);
    let message = findings[0]["message"].as_str().unwrap();
    let tree = dir.path().join("repo").canonicalize().unwrap();
    assert!(message.contains("shardscan-agent-"), "{message}");
    assert!(!message.contains(tree.to_str().unwrap()), "{message}");
}

#[test]
fn agent_flags_are_validated() {
    let dir = workspace(1);
    let path = dir.path().join("repo");
    let path = path.to_str().unwrap();
    // Usage is checked on the command line as a user types it.
    let bare = || ScanCommand::bare(path);
    for (args, expected) in [
        (vec!["--reviewer", "gpt"], "unknown reviewer `gpt`"),
        (
            vec!["--reviewer", "openai"],
            "needs an API key in the environment variable OPENAI_API_KEY",
        ),
        (
            vec!["--reviewer", "openai", "--base-url", "ftp://x"],
            "not an http",
        ),
        (
            vec![
                "--reviewer",
                "openai",
                "--base-url",
                "http://127.0.0.1:9",
                "--lens",
                "style",
            ],
            "unknown lens",
        ),
        (
            vec![
                "--reviewer",
                "openai",
                "--base-url",
                "http://127.0.0.1:9",
                "--deadline",
                "soon",
            ],
            "invalid duration",
        ),
        (vec!["--verify"], "--verify needs an agent reviewer"),
        (vec!["--reviewer", "command"], "needs `--command"),
    ] {
        let Outcome { status, stderr, .. } = bare().args(&args).env("OPENAI_API_KEY", "").run();
        assert_eq!(status, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
    // Outputs of the run never land inside the scanned tree, and a file there is not touched.
    let inside = format!("{path}/run.jsonl");
    std::fs::write(&inside, "keep me\n").unwrap();
    let unreachable = || bare().reviewer("openai").base_url("http://127.0.0.1:9");
    let Outcome { status, stderr, .. } = unreachable().args(["--record", &inside]).run();
    assert_eq!(status, 2, "{stderr}");
    assert!(stderr.contains("inside the scanned tree"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&inside).unwrap(), "keep me\n");
    let cache_inside = format!("{path}/.cache");
    let Outcome { status, stderr, .. } = unreachable().args(["--cache-dir", &cache_inside]).run();
    assert_eq!(status, 2, "{stderr}");
    assert!(!std::path::Path::new(&cache_inside).exists());
}

#[test]
fn ctrl_c_stops_like_the_deadline_and_keeps_what_finished() {
    let fake = FakeLlm::spawn(Behavior {
        stall: true,
        ..Behavior::default()
    });
    let dir = workspace(4);
    let url = fake.base_url_openai();
    let child = ScanCommand::new(dir.path().join("repo"))
        .format("json")
        .fail_on("none")
        .reviewer("rules,openai")
        .base_url(&url)
        .no_cache()
        .args(["--timeout", "10m"])
        .command()
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the agents are stalled in flight, then interrupt.
    let waited = Instant::now();
    while fake.stats().requests < 4 && waited.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let interrupted = Instant::now();
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let output = child.wait_with_output().unwrap();
    assert!(interrupted.elapsed() < Duration::from_secs(5));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(agents(&json)["stopped"], "interrupted");
    // What the rules finished is kept; every agent job is listed with the reason.
    assert_eq!(json["findings"].as_array().unwrap().len(), 4);
    for item in json["unreviewed"].as_array().unwrap() {
        assert!(
            item["reason"].as_str().unwrap().contains("interrupted"),
            "{item}"
        );
    }
}

#[test]
fn after_the_deadline_the_rest_of_the_tree_is_listed_not_read() {
    let fake = FakeLlm::spawn(Behavior {
        latency: Duration::from_millis(800),
        ..Behavior::default()
    });
    let dir = workspace(40);
    let url = fake.base_url_openai();
    let scan = scan(&dir)
        .reviewer("openai")
        .base_url(&url)
        .jobs("1")
        .no_cache()
        .args(["--deadline", "1200ms"])
        .run();
    assert_eq!(scan.status, 3, "{}", scan.stderr);
    assert!(scan.elapsed < Duration::from_secs(6), "{:?}", scan.elapsed);
    let problems = scan.json()["problems"].as_array().unwrap();
    let unreviewed = scan.json()["unreviewed"].as_array().unwrap();
    let reviewed = scan.json()["summary"]["shards_reviewed"].as_u64().unwrap() as usize;
    // Every file is accounted for: reviewed, listed as an unreviewed shard, or listed unread.
    assert_eq!(
        reviewed + unreviewed.len() + problems.len(),
        40,
        "{}",
        scan.stdout
    );
    assert!(!problems.is_empty());
    for problem in problems {
        assert!(
            problem["message"]
                .as_str()
                .unwrap()
                .contains("deadline passed before this file"),
            "{problem}"
        );
    }
}

#[test]
fn the_pool_stays_within_the_servers_slots_and_backs_off_on_timeouts() {
    let fake = FakeLlm::spawn(Behavior {
        latency: Duration::from_millis(150),
        slots: Some(2),
        ..Behavior::default()
    });
    let dir = workspace(8);
    let url = fake.base_url_openai();
    let scan = scan(&dir)
        .reviewer("openai")
        .base_url(&url)
        .jobs("8")
        .no_cache()
        .run();
    assert_eq!(scan.status, 0, "{}", scan.stderr);
    assert_eq!(agents(scan.json())["server_slots"], 2);
    let stats = fake.stats();
    assert_eq!(stats.paths["/props"], 1, "asked once");
    assert!(stats.peak_in_flight <= 2, "{}", stats.peak_in_flight);
    assert_eq!(llm_findings(scan.json()).len(), 8);

    // A server that does not answer in time: each timeout halves the pool's limit, as a 429.
    fake.set_behavior(Behavior {
        stall: true,
        ..Behavior::default()
    });
    let stalled = scan_dir_with_timeout(&dir, &url);
    assert_eq!(stalled.status, 3, "{}", stalled.stderr);
    let metrics = agents(stalled.json());
    assert!(metrics["timed_out"].as_u64().unwrap() >= 1, "{metrics}");
    assert!(metrics["final_limit"].as_u64().unwrap() < 8, "{metrics}");
}

fn scan_dir_with_timeout(dir: &tempfile::TempDir, url: &str) -> Outcome {
    scan(dir)
        .reviewer("openai")
        .base_url(url)
        .jobs("8")
        .no_cache()
        .args(["--timeout", "300ms", "--retries", "0"])
        .run()
}
