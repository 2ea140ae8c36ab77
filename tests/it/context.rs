//! Agents that see past their shard (issue 14): the repository's symbol index packs the
//! definitions a shard calls into its prompt, so a bug whose input is read in one file and run
//! in another is found by the agent reviewing the caller, and missed without that context.

use std::path::PathBuf;

use serde_json::Value;

use crate::fake_llm::{Behavior, FakeLlm};
use crate::scan_command::ScanCommand;

/// The corpus repository whose command injection is split across two files: `public/index.php`
/// passes `$_POST['host']` to `admin_ping()`, which `src/admin_tools.php` runs with
/// `shell_exec`.
fn helpdesk() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/php-helpdesk")
}

/// A model that flags a call of `admin_ping(` only when it can see that the function runs a
/// shell command: it needs the callee.
fn needs_the_callee() -> Behavior {
    Behavior {
        needles: Vec::new(),
        needs_context: vec![(
            String::from("admin_ping("),
            String::from("shell_exec("),
            String::from("CWE-78"),
        )],
        ..Behavior::default()
    }
}

fn agent_findings(json: &Value) -> Vec<(String, u64, String)> {
    json["findings"]
        .as_array()
        .expect("findings[]")
        .iter()
        .filter(|f| {
            f["rule_id"]
                .as_str()
                .unwrap_or_default()
                .starts_with("llm/")
        })
        .map(|f| {
            (
                f["location"]["path"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
                f["location"]["start_line"].as_u64().unwrap_or_default(),
                f["rule_id"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

fn scan(fake: &FakeLlm, context_tokens: &str) -> Value {
    let outcome = ScanCommand::new(helpdesk())
        .format("json")
        .fail_on("none")
        .reviewer("openai")
        .base_url(&fake.base_url_openai())
        .model("fake-model")
        .no_cache()
        .arg("--context-tokens")
        .arg(context_tokens)
        .env("OPENAI_API_KEY", "sk-test")
        .run();
    assert_eq!(outcome.status, 0, "{}", outcome.stderr);
    outcome.json().clone()
}

#[test]
fn a_bug_split_across_files_is_found_with_the_callee_and_missed_without() {
    let fake = FakeLlm::spawn(needs_the_callee());
    let with = agent_findings(&scan(&fake, "2000"));
    assert!(
        with.iter().any(
            |(path, line, rule)| path.ends_with("php-helpdesk/public/index.php")
                && *line == 28
                && rule == "llm/cwe-78"
        ),
        "the caller's agent saw `admin_ping`'s body and reported the injection: {with:?}"
    );
    // The definition came from the other file, with its own line numbers.
    let bodies = fake.stats().bodies;
    assert!(bodies.iter().any(
        |body| body.contains("php-helpdesk/src/admin_tools.php:8-12")
            && body.contains("shell_exec('ping -c 3 -W 2 ' . $host . ' 2>&1')")
    ));

    let without = agent_findings(&scan(&fake, "0"));
    assert!(
        without.is_empty(),
        "without the packed context the same model finds nothing: {without:?}"
    );
}

/// Two shards of one file: `helper` above, `handler` with the line the fake flags below.
fn two_shards(helper_lines: usize) -> String {
    let mut text = String::from("def helper(x):\n");
    for i in 0..helper_lines {
        text.push_str(&format!("    x = x + {i}\n"));
    }
    text.push_str("    return x\n\n\ndef handler(request):\n");
    for _ in 0..4 {
        text.push_str("    # the query comes from the request, as typed by the user\n");
    }
    text.push_str("    expr = request.args.get('q')\n    return eval(expr)\n");
    text
}

#[test]
fn code_that_only_moved_is_a_cache_hit_reported_at_its_new_lines() {
    let fake = FakeLlm::spawn(Behavior::default());
    let outer = tempfile::tempdir().unwrap();
    let repo = outer.path().join("repo");
    std::fs::create_dir(&repo).unwrap();
    let cache = outer.path().join("cache");
    let run = || {
        let outcome = ScanCommand::new(&repo)
            .format("json")
            .fail_on("none")
            .reviewer("openai")
            .base_url(&fake.base_url_openai())
            .model("fake-model")
            .args(["--shard-tokens", "100"])
            .arg("--cache-dir")
            .arg(&cache)
            .env("OPENAI_API_KEY", "sk-test")
            .run();
        assert_eq!(outcome.status, 0, "{}", outcome.stderr);
        outcome.json().clone()
    };
    let eval_line = |text: &str| text.lines().position(|l| l.contains("eval(")).unwrap() as u64 + 1;
    let before = two_shards(12);
    std::fs::write(repo.join("app.py"), &before).unwrap();
    let first = run();
    assert_eq!(
        agent_findings(&first),
        vec![("app.py".into(), eval_line(&before), "llm/cwe-95".into())]
    );
    let asked = fake.stats().requests;
    assert_eq!(asked, 2, "one request per shard");

    // Five lines more in the helper: its shard changed, the handler's only moved.
    let after = two_shards(17);
    std::fs::write(repo.join("app.py"), &after).unwrap();
    let second = run();
    assert_eq!(
        fake.stats().requests,
        asked + 1,
        "only the changed shard was asked"
    );
    assert_eq!(
        agent_findings(&second),
        vec![("app.py".into(), eval_line(&after), "llm/cwe-95".into())]
    );
    assert_eq!(eval_line(&after), eval_line(&before) + 5);

    // With the rules too, the handler's prompt holds their finding on it as a hint, with its
    // line: keyed from the shard's start, that line moves with the code and it is still a hit.
    let with_rules = |text: &str| {
        std::fs::write(repo.join("app.py"), text).unwrap();
        let outcome = ScanCommand::new(&repo)
            .format("json")
            .fail_on("none")
            .reviewer("rules,openai")
            .base_url(&fake.base_url_openai())
            .model("fake-model")
            .args(["--shard-tokens", "100"])
            .arg("--cache-dir")
            .arg(&cache)
            .env("OPENAI_API_KEY", "sk-test")
            .run();
        assert_eq!(outcome.status, 0, "{}", outcome.stderr);
    };
    let earlier = fake.stats().bodies.len();
    with_rules(&two_shards(14));
    let asked = fake.stats().requests;
    // The shards are asked concurrently: find the handler's prompt among this run's.
    let bodies = fake.stats().bodies;
    let hinted = bodies[earlier..]
        .iter()
        .find(|body| body.contains("eval(expr)"))
        .cloned()
        .unwrap_or_default();
    assert!(hinted.contains("Static analysis flagged"), "{hinted}");
    with_rules(&two_shards(19));
    assert_eq!(
        fake.stats().requests,
        asked + 1,
        "only the changed shard was asked"
    );
}

/// The read-only tools, scripted: the fake looks up `admin_ping` before it answers.
fn looks_up_the_callee() -> Behavior {
    Behavior {
        lookups: vec![(
            String::from("find_definition"),
            serde_json::json!({"name": "admin_ping"}),
        )],
        ..needs_the_callee()
    }
}

fn agent_metrics(json: &Value) -> &Value {
    &json["summary"]["pool"]["agents"]
}

/// A scan of `path` by `reviewer` at `url` with the read-only tools and no packed context.
fn with_tools(path: &std::path::Path, reviewer: &str, url: &str) -> ScanCommand {
    ScanCommand::new(path)
        .format("json")
        .fail_on("none")
        .reviewer(reviewer)
        .base_url(url)
        .model("fake-model")
        .no_cache()
        .args(["--tools", "--context-tokens", "0"])
        .env("OPENAI_API_KEY", "sk-test")
        .env("ANTHROPIC_API_KEY", "sk-test")
}

#[test]
fn an_agent_looks_up_the_callee_with_a_tool_on_both_protocols() {
    let fake = FakeLlm::spawn(looks_up_the_callee());
    for (reviewer, url) in [
        ("openai", fake.base_url_openai()),
        ("anthropic", fake.base_url_anthropic()),
    ] {
        for stream in [false, true] {
            let outcome = with_tools(&helpdesk(), reviewer, &url)
                .args(stream.then_some("--stream"))
                .run();
            assert_eq!(outcome.status, 0, "{reviewer} {stream}: {}", outcome.stderr);
            let json = outcome.json();
            let found = agent_findings(json);
            assert!(
                found.iter().any(|(path, line, rule)| path
                    .ends_with("php-helpdesk/public/index.php")
                    && *line == 28
                    && rule == "llm/cwe-78"),
                "{reviewer} {stream}: {found:?}"
            );
            let metrics = agent_metrics(json);
            let jobs = metrics["jobs_reviewed"].as_u64().unwrap();
            assert!(jobs > 1);
            // One lookup and one answer per shard, each a request.
            assert_eq!(metrics["turns"], 2 * jobs, "{reviewer} {stream}");
            assert_eq!(metrics["tool_calls"], jobs, "{reviewer} {stream}");
            assert_eq!(metrics["requests"], 2 * jobs, "{reviewer} {stream}");
        }
    }
    // The lookup reached the model as the tool's answer, with the callee's body.
    assert!(fake.stats().bodies.iter().any(|body| body
        .contains("shell_exec('ping -c 3 -W 2 ' . $host . ' 2>&1')")
        && (body.contains("\"tool_call_id\"") || body.contains("\"tool_result\""))));
}

/// A one-file repository with one shard the fake flags.
fn one_shard() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("app.py"),
        "def handler(request):\n    return eval(request.args['q'])\n\ndef helper():\n    return 1\n",
    )
    .unwrap();
    dir
}

#[test]
fn the_turn_cap_and_the_token_cap_end_a_conversation_with_what_it_has() {
    let dir = one_shard();
    let fake = FakeLlm::spawn(Behavior {
        always_lookup: true,
        lookups: vec![(
            String::from("find_definition"),
            serde_json::json!({"name": "helper"}),
        )],
        ..Behavior::default()
    });
    let url = fake.base_url_openai();
    let capped = with_tools(dir.path(), "openai", &url)
        .args(["--max-turns", "3"])
        .run();
    assert_eq!(capped.status, 0, "{}", capped.stderr);
    let metrics = agent_metrics(capped.json());
    assert_eq!(metrics["turns"], 3, "two lookups, then the forced answer");
    assert_eq!(metrics["conversations_turn_capped"], 1);
    assert_eq!(
        agent_findings(capped.json()).len(),
        1,
        "the answer still counts"
    );

    let token_capped = with_tools(dir.path(), "openai", &url)
        .args(["--max-turns", "6", "--max-shard-tokens", "1"])
        .run();
    assert_eq!(token_capped.status, 0, "{}", token_capped.stderr);
    let metrics = agent_metrics(token_capped.json());
    assert_eq!(
        metrics["turns"], 2,
        "one lookup spent the cap; the next turn answered"
    );
    assert_eq!(metrics["conversations_token_capped"], 1);

    // A model that keeps calling tools when it must answer: the shard is listed, with why.
    fake.set_behavior(Behavior {
        always_lookup: true,
        ignore_forced_answer: true,
        lookups: vec![(
            String::from("read_lines"),
            serde_json::json!({"path": "app.py", "start_line": 1, "end_line": 2}),
        )],
        ..Behavior::default()
    });
    let stubborn = with_tools(dir.path(), "anthropic", &fake.base_url_anthropic())
        .args(["--max-turns", "2"])
        .run();
    assert_eq!(stubborn.status, 3, "{}", stubborn.stderr);
    let reason = stubborn.json()["unreviewed"][0]["reason"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(reason.contains("turn cap (2 turns)"), "{reason}");
    assert_eq!(agent_metrics(stubborn.json())["turns"], 2);
}

#[test]
fn every_turn_counts_against_the_cap_and_the_budget() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..6 {
        std::fs::write(
            dir.path().join(format!("h{i}.py")),
            format!("def handler_{i}(request):\n    return eval(request.args['q'])\n"),
        )
        .unwrap();
    }
    let fake = FakeLlm::spawn(Behavior {
        latency: std::time::Duration::from_millis(60),
        always_lookup: true,
        lookups: vec![(
            String::from("find_references"),
            serde_json::json!({"name": "handler_0"}),
        )],
        ..Behavior::default()
    });
    let url = fake.base_url_openai();
    let one_at_a_time = with_tools(dir.path(), "openai", &url)
        .jobs("1")
        .args(["--max-turns", "3"])
        .run();
    assert_eq!(one_at_a_time.status, 0, "{}", one_at_a_time.stderr);
    assert_eq!(agent_metrics(one_at_a_time.json())["turns"], 18);
    assert_eq!(agent_metrics(one_at_a_time.json())["peak_concurrency"], 1);
    assert_eq!(
        fake.stats().peak_in_flight,
        1,
        "the server never saw two turns at once"
    );

    let budget = 3000u64;
    let spent_out = with_tools(dir.path(), "openai", &url)
        .jobs("3")
        .args(["--max-turns", "3", "--max-output-tokens", "200"])
        .args(["--max-tokens", &budget.to_string()])
        .run();
    assert_eq!(spent_out.status, 3, "{}", spent_out.stderr);
    let metrics = agent_metrics(spent_out.json());
    let spent = metrics["tokens_in"].as_u64().unwrap() + metrics["tokens_out"].as_u64().unwrap();
    assert!(spent <= budget, "{spent} > {budget}");
    assert!(metrics["turns"].as_u64().unwrap() < 18);
}

#[test]
fn a_deadline_mid_conversation_cancels_it_and_lists_the_shard() {
    let dir = one_shard();
    let fake = FakeLlm::spawn(Behavior {
        latency: std::time::Duration::from_millis(700),
        always_lookup: true,
        lookups: vec![(
            String::from("find_definition"),
            serde_json::json!({"name": "helper"}),
        )],
        ..Behavior::default()
    });
    let started = std::time::Instant::now();
    let outcome = with_tools(dir.path(), "openai", &fake.base_url_openai())
        .args(["--max-turns", "4", "--deadline", "1s"])
        .run();
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    assert_eq!(outcome.status, 3, "{}", outcome.stderr);
    let json = outcome.json();
    let reason = json["unreviewed"][0]["reason"].as_str().unwrap();
    assert!(reason.contains("deadline"), "{reason}");
    assert!(agent_metrics(json)["turns"].as_u64().unwrap() >= 1);
}

#[test]
fn replay_reproduces_a_conversation_without_a_network() {
    let outer = tempfile::tempdir().unwrap();
    let record = outer.path().join("run.jsonl");
    let fake = FakeLlm::spawn(looks_up_the_callee());
    let url = fake.base_url_anthropic();
    let recorded = with_tools(&helpdesk(), "anthropic", &url)
        .arg("--record")
        .arg(&record)
        .run();
    assert_eq!(recorded.status, 0, "{}", recorded.stderr);
    drop(fake);
    let replayed = with_tools(&helpdesk(), "anthropic", &url)
        .arg("--replay")
        .arg(&record)
        .run();
    assert_eq!(replayed.status, 0, "{}", replayed.stderr);
    assert_eq!(
        agent_findings(recorded.json()),
        agent_findings(replayed.json())
    );
    assert!(!agent_findings(replayed.json()).is_empty());
    assert_eq!(
        agent_metrics(replayed.json())["turns"],
        agent_metrics(recorded.json())["turns"]
    );
}

#[test]
fn a_server_without_tools_is_detected_once_and_gets_the_packed_context() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..4 {
        std::fs::write(
            dir.path().join(format!("h{i}.py")),
            format!("def handler_{i}(request):\n    return eval(request.args['q'])\n"),
        )
        .unwrap();
    }
    let fake = FakeLlm::spawn(Behavior {
        refuse_tools: true,
        ..Behavior::default()
    });
    let outcome = with_tools(dir.path(), "openai", &fake.base_url_openai())
        .jobs("1")
        .run();
    assert_eq!(outcome.status, 0, "{}", outcome.stderr);
    assert_eq!(agent_findings(outcome.json()).len(), 4);
    let offered = fake
        .stats()
        .bodies
        .iter()
        .filter(|body| body.contains("find_definition"))
        .count();
    assert_eq!(
        offered, 1,
        "the tools were offered once, refused, and not again"
    );
}

/// Files with one finding of the rules each (`eval` of a request parameter).
fn eval_files(n: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..n {
        std::fs::write(
            dir.path().join(format!("h{i}.py")),
            format!("def handler_{i}(request):\n    return eval(request.args['q'])\n"),
        )
        .unwrap();
    }
    dir
}

fn rules_findings(json: &Value) -> Vec<(String, String)> {
    json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| !f["rule_id"].as_str().unwrap().starts_with("llm/"))
        .map(|f| {
            (
                f["location"]["path"].as_str().unwrap().to_string(),
                f["fingerprint"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn triage_confirms_or_rejects_each_rules_finding_and_keeps_fingerprints() {
    let dir = eval_files(2);
    let rules_only = ScanCommand::new(dir.path())
        .format("json")
        .fail_on("none")
        .run();
    let before = rules_findings(rules_only.json());
    assert_eq!(before.len(), 2, "{}", rules_only.stdout);

    let fake = FakeLlm::spawn(Behavior {
        needles: Vec::new(),
        reject_needle: Some(String::from("h1.py")),
        ..Behavior::default()
    });
    let triaged = ScanCommand::new(dir.path())
        .format("json")
        .fail_on("none")
        .reviewer("rules,openai")
        .base_url(&fake.base_url_openai())
        .model("fake-model")
        .no_cache()
        .arg("--triage")
        .env("OPENAI_API_KEY", "sk-test")
        .run();
    assert_eq!(triaged.status, 0, "{}", triaged.stderr);
    let json = triaged.json();
    let after = rules_findings(json);
    assert_eq!(
        after,
        vec![before[0].clone()],
        "h0 confirmed, same fingerprint"
    );
    let confirmed = &json["findings"][0];
    assert!(confirmed["reviewers"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r == "openai:fake-model/triage"));
    let rejected = json["rejected"].as_array().unwrap();
    // The pattern and the taint rule's findings on h1's sink, both rejected by one triage.
    assert_eq!(rejected.len(), 2, "{json}");
    assert!(rejected
        .iter()
        .all(|r| r["finding"]["location"]["path"] == "h1.py"));
    assert!(rejected[0]["reason"]
        .as_str()
        .unwrap()
        .starts_with("triage: "));
    let metrics = agent_metrics(json);
    assert_eq!(
        (
            metrics["triage_confirmed"].as_u64(),
            metrics["triage_rejected"].as_u64()
        ),
        (Some(1), Some(1))
    );
    // One review and one triage per shard, each a request.
    assert_eq!(fake.stats().requests, 4);

    let refused = ScanCommand::new(dir.path())
        .reviewer("openai")
        .base_url(&fake.base_url_openai())
        .arg("--triage")
        .env("OPENAI_API_KEY", "sk-test")
        .run();
    assert_eq!(refused.status, 2);
    assert!(
        refused
            .stderr
            .contains("nothing to triage without the rules reviewer"),
        "{}",
        refused.stderr
    );
}

#[test]
fn consensus_says_how_many_reviews_agreed_in_json_and_sarif() {
    let dir = eval_files(1);
    let out = tempfile::tempdir().unwrap();
    let sarif = out.path().join("out.sarif");
    let fake = FakeLlm::spawn(Behavior::default());
    let outcome = ScanCommand::new(dir.path())
        .format("json")
        .fail_on("none")
        .reviewer("openai")
        .base_url(&fake.base_url_openai())
        .model("fake-model")
        .no_cache()
        .args(["--consensus", "3"])
        .output(&sarif)
        .env("OPENAI_API_KEY", "sk-test")
        .run();
    assert_eq!(outcome.status, 0, "{}", outcome.stderr);
    let findings = outcome.json()["findings"].as_array().unwrap().clone();
    assert_eq!(findings.len(), 1, "three reports of one finding are one");
    assert_eq!(
        findings[0]["agreement"],
        serde_json::json!({"k": 3, "of": 3})
    );
    assert_eq!(fake.stats().requests, 3);
    let bodies = fake.stats().bodies;
    let sampled = bodies.iter().filter(|b| b.contains("\"seed\"")).count();
    assert_eq!(
        sampled, 2,
        "the first review is deterministic, the others sampled"
    );
    let log: Value = serde_json::from_str(&std::fs::read_to_string(&sarif).unwrap()).unwrap();
    crate::common::assert_valid_sarif(&log);
    let result = &log["runs"][0]["results"][0];
    assert_eq!(result["rank"], 100.0);
    assert_eq!(result["properties"]["agreement"]["k"], 3);

    let bad = ScanCommand::new(dir.path())
        .reviewer("openai")
        .base_url(&fake.base_url_openai())
        .args(["--consensus", "2", "--consensus-min", "3"])
        .env("OPENAI_API_KEY", "sk-test")
        .run();
    assert_eq!(bad.status, 2, "{}", bad.stderr);
    assert!(
        bad.stderr
            .contains("--consensus-min 3 is more than the 2 reviews"),
        "{}",
        bad.stderr
    );
}
