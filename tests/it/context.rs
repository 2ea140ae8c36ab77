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
}
