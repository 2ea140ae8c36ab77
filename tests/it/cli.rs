//! The `scan`, `shards` and `rules` commands as a user runs them.

use serde_json::Value;

use crate::common::{assert_valid_sarif, repo, run, run_in, tree_digest};
use crate::scan_command::ScanCommand;

const VULNERABLE: &str = "import subprocess\n\n\ndef handler(request):\n    expr = request.args.get('q')\n    return eval(expr)\n\n\ndef safe():\n    return eval('1 + 1')\n";

#[test]
fn scan_reports_findings_and_exits_1() {
    let dir = repo(&[("app/views.py", VULNERABLE)]);
    let path = dir.path().to_str().unwrap();
    let (status, stdout, stderr) = run(&["scan", path]);
    assert_eq!(status, 1, "{stderr}");
    assert!(stdout.contains("error[python/eval-exec]"), "{stdout}");
    assert!(stdout.contains("--> app/views.py:6:12"), "{stdout}");
    assert!(stdout.contains("return eval(expr)"), "{stdout}");
    assert!(!stdout.contains("\x1b["), "no colour when not a terminal");
    assert!(stderr.contains("scanned 1 file"), "{stderr}");
    assert!(stderr.contains("1 finding: 1 error"), "{stderr}");

    let (status, _, _) = run(&["scan", path, "--fail-on", "none"]);
    assert_eq!(status, 0);
}

#[test]
fn clean_repo_exits_0_and_sarif_has_empty_results() {
    let dir = repo(&[("lib/util.py", "def add(a, b):\n    return a + b\n")]);
    let (status, stdout, stderr) =
        run(&["scan", dir.path().to_str().unwrap(), "--format", "sarif"]);
    assert_eq!(status, 0, "{stderr}");
    let log: Value = serde_json::from_str(&stdout).unwrap();
    assert_valid_sarif(&log);
    assert_eq!(log["runs"][0]["results"], serde_json::json!([]));
    assert_eq!(
        log["runs"][0]["invocations"][0]["executionSuccessful"],
        true
    );
}

#[test]
fn several_outputs_in_one_run() {
    let dir = repo(&[("src/a b/ü.py", VULNERABLE)]);
    let out = tempfile::tempdir().unwrap();
    let sarif = out.path().join("out.sarif");
    let json = out.path().join("out.json");
    let github = out.path().join("annotations.txt");
    let (status, stdout, stderr) = run(&[
        "scan",
        dir.path().to_str().unwrap(),
        "-o",
        sarif.to_str().unwrap(),
        "-o",
        json.to_str().unwrap(),
        "-o",
        &format!("github:{}", github.display()),
    ]);
    assert_eq!(status, 1, "{stderr}");
    assert!(
        stdout.contains("python/eval-exec"),
        "text still goes to the terminal"
    );

    let log: Value = serde_json::from_str(&std::fs::read_to_string(&sarif).unwrap()).unwrap();
    assert_valid_sarif(&log);
    let result = &log["runs"][0]["results"][0];
    assert_eq!(
        result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "src/a%20b/%C3%BC.py"
    );
    assert_eq!(
        result["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"],
        "%SRCROOT%"
    );
    let fingerprints = &result["partialFingerprints"];
    assert!(fingerprints["primaryLocationLineHash"]
        .as_str()
        .unwrap()
        .contains(':'));
    assert!(fingerprints["shardscan/v1"]
        .as_str()
        .unwrap()
        .ends_with(":1"));
    let rule = &log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "python/eval-exec")
        .unwrap()
        .clone();
    assert!(rule["properties"]["tags"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t == "external/cwe/cwe-95"));
    assert!(rule["properties"]["security-severity"].is_string());

    let report: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["schema_version"], 1);
    assert_eq!(report["complete"], true);
    assert_eq!(report["findings"][0]["location"]["path"], "src/a b/ü.py");
    assert_eq!(report["summary"]["files"], 1);

    let annotations = std::fs::read_to_string(&github).unwrap();
    assert!(
        annotations.starts_with("::error file=src/a b/ü.py,line=6,"),
        "{annotations}"
    );
}

#[test]
fn fingerprints_are_stable_under_line_shifts() {
    let scan = |text: &str| {
        let dir = repo(&[("m.py", text)]);
        let scanned = ScanCommand::bare(dir.path()).format("json").run();
        scanned.json()["findings"][0]["fingerprint"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let before = scan(VULNERABLE);
    let shifted = scan(&format!("# a new header comment\n\n\n{VULNERABLE}"));
    assert_eq!(before, shifted);
    let changed = scan(&VULNERABLE.replace("eval(expr)", "eval(expr + '0')"));
    assert_ne!(before, changed);
}

#[test]
fn inline_suppression_is_listed_not_reported() {
    let text = VULNERABLE.replace(
        "return eval(expr)",
        "return eval(expr)  # shardscan-ignore: python/eval-exec",
    );
    let dir = repo(&[("m.py", &text)]);
    let (status, stdout, stderr) = run(&["scan", dir.path().to_str().unwrap(), "-f", "sarif"]);
    assert_eq!(status, 0, "{stderr}");
    assert!(stderr.contains("1 suppressed inline"), "{stderr}");
    let log: Value = serde_json::from_str(&stdout).unwrap();
    assert_valid_sarif(&log);
    assert_eq!(
        log["runs"][0]["results"][0]["suppressions"][0]["kind"],
        "inSource"
    );
}

#[test]
fn scan_never_writes_into_the_tree() {
    let dir = repo(&[
        ("app/views.py", VULNERABLE),
        ("app/.gitignore", "ignored.py\n"),
        ("app/ignored.py", VULNERABLE),
        ("web/index.js", "document.write(location.hash);\n"),
    ]);
    let before = tree_digest(dir.path());
    let (status, _, stderr) = run_in(dir.path(), &["scan", ".", "-f", "sarif"]);
    assert_eq!(status, 1, "{stderr}");
    let (status, _, _) = run_in(dir.path(), &["shards", "."]);
    assert_eq!(status, 0);
    assert_eq!(tree_digest(dir.path()), before, "the scanned tree changed");
}

#[test]
fn gitignore_include_exclude_and_hidden() {
    let dir = repo(&[
        (".gitignore", "build/\n"),
        ("build/gen.py", VULNERABLE),
        (".hidden/x.py", VULNERABLE),
        ("src/a.py", VULNERABLE),
        ("tests/t.py", VULNERABLE),
        ("node_modules/lib/index.py", VULNERABLE),
    ]);
    let root = dir.path().to_str().unwrap();
    let paths = |args: &[&str]| {
        let report = ScanCommand::bare(root)
            .format("json")
            .args(args)
            .run()
            .json()
            .clone();
        let mut paths: Vec<String> = report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["location"]["path"].as_str().unwrap().to_string())
            .collect();
        paths.sort();
        (paths, report)
    };
    let (found, report) = paths(&[]);
    assert_eq!(found, vec!["src/a.py", "tests/t.py"]);
    assert_eq!(report["summary"]["skipped"]["vendored-directory"], 1);
    assert_eq!(paths(&["--exclude", "tests/**"]).0, vec!["src/a.py"]);
    assert_eq!(paths(&["--include", "tests/**"]).0, vec!["tests/t.py"]);
    assert_eq!(
        paths(&["--hidden"]).0,
        vec![".hidden/x.py", "src/a.py", "tests/t.py"]
    );
    assert_eq!(
        paths(&["--include-vendored"]).0,
        vec!["node_modules/lib/index.py", "src/a.py", "tests/t.py"]
    );
}

#[test]
fn shards_command_shows_the_cut() {
    let mut text = String::from("import os\n\nclass Service:\n");
    for i in 0..30 {
        text.push_str(&format!("    def step_{i}(self, value):\n        total = value * {i}\n        return os.path.join(str(total), 'out')\n\n"));
    }
    let dir = repo(&[("svc.py", &text)]);
    let (status, stdout, stderr) = run(&[
        "shards",
        dir.path().to_str().unwrap(),
        "--format",
        "json",
        "--shard-tokens",
        "200",
    ]);
    assert_eq!(status, 0, "{stderr}");
    let shards: Vec<Value> = serde_json::from_str(&stdout).unwrap();
    assert!(shards.len() > 3);
    let mut next = 1;
    for shard in &shards {
        assert_eq!(shard["start_line"].as_u64().unwrap(), next);
        next = shard["end_line"].as_u64().unwrap() + 1;
    }
    assert_eq!(next as usize, text.lines().count() + 1);
    assert!(shards
        .iter()
        .any(|s| s["context"]["enclosing"][0] == "class Service:"));
    // Stable across runs.
    let (_, again, _) = run(&[
        "shards",
        dir.path().to_str().unwrap(),
        "--format",
        "json",
        "--shard-tokens",
        "200",
    ]);
    assert_eq!(stdout, again);
}

/// `rules profile` shows where the rules' time goes as a scan runs them: every phase of a file's
/// run, and the taint rules whose own walks cost the most.
#[test]
fn rules_profile_times_the_phases_and_each_taint_rules_walks() {
    let dir = repo(&[(
        "app/views.py",
        "import subprocess\n\ndef run(request):\n    cmd = request.args['cmd']\n    subprocess.call(cmd, shell=True)\n\n\ndef helper(x):\n    return x\n",
    )]);
    let (status, stdout, stderr) = run(&[
        "rules",
        "profile",
        "--no-config",
        // Every rule: the lists are sorted by time, and rules that take no time (those of the
        // languages the tree does not have) are ranked by noise.
        "--top",
        "10000",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(status, 0, "{stderr}");
    let (one_query, full) = stdout
        .split_once("the rules as a scan runs them")
        .expect("the full run is timed");
    // What compiling the language's query costs, which every scan pays once.
    let compiled = one_query
        .lines()
        .find(|line| line.trim_start().starts_with("python"))
        .unwrap_or_default();
    assert!(
        compiled.contains("compile") && compiled.trim_end().ends_with(" ms"),
        "{stdout}"
    );
    let python = full
        .lines()
        .find(|line| line.trim_start().starts_with("python"))
        .unwrap_or_default();
    assert!(python.contains("x parse"), "{stdout}");
    for phase in [
        "prefilter",
        "query",
        "setup",
        "free walks",
        "rule walks",
        "judging",
        "files no rule enters",
    ] {
        assert!(full.contains(&format!("{phase} ")), "{phase}: {stdout}");
    }
    let (_, walks) = full
        .split_once("taint rules' own walks")
        .expect("the rules' walks are listed");
    let walks = walks.split("\n\n").next().unwrap_or_default();
    assert!(
        walks.contains("python/taint-command-injection (python)"),
        "{stdout}"
    );
    // Each rule alone, and what it adds to a query with no pattern, which walks the same files.
    let (_, alone) = stdout
        .split_once("each rule alone")
        .expect("each rule is timed alone");
    assert!(alone.contains(" ms  no pattern (python)"), "{stdout}");
    let rule = alone
        .lines()
        .find(|line| line.contains("python/taint-command-injection (python)"))
        .unwrap_or_default();
    assert_eq!(rule.matches(" ms ").count(), 2, "{stdout}");
}

/// Regression: `rules profile` timed the minified bundles a scan skips, so SQLAlchemy's two-line
/// jquery.js made its JavaScript look fifteen times the parse.
#[test]
fn rules_profile_leaves_out_what_a_scan_skips() {
    let minified = format!("var a=1;{}\n", "function f(b){return b+1};".repeat(2000));
    let dir = repo(&[
        ("app/views.py", "def helper(x):\n    return x\n"),
        ("static/bundle.js", minified.as_str()),
    ]);
    let (status, stdout, stderr) = run(&[
        "rules",
        "profile",
        "--no-config",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.contains("per language over 1 file:"), "{stdout}");
    assert!(!stdout.contains("javascript  parse"), "{stdout}");
}

#[test]
fn rules_commands() {
    let (status, stdout, stderr) = run(&["rules", "test"]);
    assert_eq!(status, 0, "{stdout}{stderr}");
    assert!(stdout.contains(" passed, 0 failed"), "{stdout}");
    let (status, stdout, _) = run(&["rules", "list", "--format", "json"]);
    assert_eq!(status, 0);
    let rules: Vec<Value> = serde_json::from_str(&stdout).unwrap();
    assert!(rules.iter().any(|r| r["id"] == "python/eval-exec"));

    let dir = repo(&[(
        "python/bad.scm",
        "; id: mine/bad\n; severity: error\n; message: m\n(call (#eq? @x \"y\")) @finding\n",
    )]);
    let (status, _, stderr) = run(&["rules", "list", "--rules", dir.path().to_str().unwrap()]);
    assert_eq!(status, 2);
    assert!(stderr.contains("bad.scm"), "{stderr}");
}

#[test]
fn user_rules_are_loaded_like_builtin_ones() {
    let rules = repo(&[(
        "python/print.scm",
        "; id: mine/print\n; severity: note\n; message: `print` call\n(call function: (identifier) @f (#eq? @f \"print\")) @finding\n",
    )]);
    let dir = repo(&[("a.py", "print('hi')\n")]);
    let (status, stdout, stderr) = run(&[
        "scan",
        dir.path().to_str().unwrap(),
        "--no-builtin-rules",
        "--rules",
        rules.path().to_str().unwrap(),
        "--fail-on",
        "note",
    ]);
    assert_eq!(status, 1, "{stderr}");
    assert!(stdout.contains("note[mine/print]"), "{stdout}");
}

#[test]
fn usage_errors_exit_2_with_a_message() {
    let (status, _, stderr) = run(&["scan", "/definitely/not/here"]);
    assert_eq!(status, 2);
    assert!(
        stderr.contains("path `/definitely/not/here` does not exist"),
        "{stderr}"
    );
    let (status, _, stderr) = run(&["scan", ".", "-o", "report.xml"]);
    assert_eq!(status, 2);
    assert!(stderr.contains("report.xml"), "{stderr}");
    let (status, _, _) = run(&["scan", "--fail-on", "sometimes"]);
    assert_eq!(status, 2);
    let (status, _, stderr) = run(&["scan", ".", "--disable", "no/such-rule"]);
    assert_eq!(status, 2);
    assert!(stderr.contains("no/such-rule"), "{stderr}");
}

#[test]
fn globs_and_paths_are_relative_to_the_git_root_from_any_directory() {
    let dir = repo(&[
        ("src/a.py", VULNERABLE),
        ("src/gen/b.py", VULNERABLE),
        ("other/c.py", VULNERABLE),
    ]);
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    let (_, stdout, stderr) = run_in(
        &dir.path().join("src"),
        &["scan", ".", "-f", "json", "--exclude", "src/gen/**"],
    );
    let report: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}{stderr}"));
    let paths: Vec<&str> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["location"]["path"].as_str().unwrap())
        .collect();
    assert_eq!(paths, vec!["src/a.py"]);
}

#[test]
fn a_rule_off_by_default_runs_when_enabled_by_flag_or_by_the_repository_file() {
    let dir = repo(&[(
        "Wrap.java",
        "class Wrap {\n    byte[] seal(byte[] key) throws Exception {\n        \
         javax.crypto.Cipher c = javax.crypto.Cipher.getInstance(\"AES\");\n        \
         return c.doFinal(key);\n    }\n}\n",
    )]);
    let root = dir.path().to_str().unwrap();
    let rules = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["scan", root, "-f", "json", "--fail-on", "none"];
        all.extend_from_slice(args);
        let (status, stdout, stderr) = run(&all);
        assert_eq!(status, 0, "{stderr}");
        let report: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}{stderr}"));
        report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["rule_id"].as_str().unwrap().to_string())
            .collect()
    };
    assert!(rules(&[]).is_empty());
    assert_eq!(
        rules(&["--enable", "java/cipher-default-mode"]),
        ["java/cipher-default-mode"]
    );
    std::fs::write(
        dir.path().join("shardscan.toml"),
        "[rules]\nenable = [\"java/cipher-default-mode\"]\n",
    )
    .unwrap();
    assert_eq!(rules(&[]), ["java/cipher-default-mode"]);
    let (status, _, stderr) = run(&["scan", root, "--enable", "no/such-rule"]);
    assert_eq!(status, 2);
    assert!(
        stderr.contains("cannot enable unknown rule `no/such-rule`"),
        "{stderr}"
    );
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let dir = repo(&[("m.py", VULNERABLE)]);
    let (_, stdout, _) = run(&["scan", dir.path().to_str().unwrap(), "--color", "always"]);
    let title = stdout
        .find("error[python/eval-exec]")
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(stdout[..title].contains("\x1b["), "painted: {stdout:?}");
    let (_, stdout, _) = run(&["scan", dir.path().to_str().unwrap(), "--color", "never"]);
    assert!(!stdout.contains('\x1b'));
}

#[test]
fn include_does_not_pull_in_hidden_or_ignored_files() {
    let dir = repo(&[
        (".gitignore", "local_settings.py\n"),
        (".secret.py", VULNERABLE),
        ("src/app.py", VULNERABLE),
        ("src/local_settings.py", VULNERABLE),
    ]);
    let (_, stdout, _) = run(&[
        "scan",
        dir.path().to_str().unwrap(),
        "-f",
        "json",
        "--include",
        "*.py",
    ]);
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let paths: Vec<&str> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["location"]["path"].as_str().unwrap())
        .collect();
    assert_eq!(paths, vec!["src/app.py"]);
}

#[cfg(unix)]
#[test]
fn dotdot_symlinked_and_overlapping_scan_paths_get_repository_paths() {
    let dir = repo(&[("lib/app.py", VULNERABLE), ("sub/keep.txt", "")]);
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    // The scan paths (the first and any more in `args`) as given, from the directory `cwd`.
    let paths = |cwd: &std::path::Path, path: &str, args: &[&str]| {
        let scanned = ScanCommand::bare(path)
            .format("json")
            .args(args)
            .current_dir(cwd)
            .run();
        let report = scanned.json();
        let found: Vec<String> = report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["location"]["path"].as_str().unwrap().to_string())
            .collect();
        (found, report["summary"]["files"].as_u64().unwrap())
    };
    let sub = dir.path().join("sub");
    assert_eq!(paths(&sub, "..", &[]).0, vec!["lib/app.py"]);
    assert_eq!(
        paths(&sub, "..", &["--include", "lib/**"]).0,
        vec!["lib/app.py"]
    );
    let link = tempfile::tempdir().unwrap();
    let linked = link.path().join("repo");
    std::os::unix::fs::symlink(dir.path(), &linked).unwrap();
    assert_eq!(
        paths(&sub, linked.to_str().unwrap(), &["--include", "lib/**"]).0,
        vec!["lib/app.py"]
    );
    // The same file reached through two scan paths is scanned once.
    assert_eq!(
        paths(dir.path(), ".", &["lib"]),
        (vec!["lib/app.py".to_string()], 1)
    );
}

#[test]
fn secrets_are_masked_in_every_finding_that_quotes_them() {
    let dir = repo(&[
        ("a.py", "import requests\n\ndef login(url):\n    return requests.post(url, verify=False, password=\"Sup3rS3cretValue123\")\n"),
        ("b.go", "package main\n\nconst dbPassword = `Sup3rS3cretPassw0rd!`\n"),
    ]);
    let out = tempfile::tempdir().unwrap();
    let sarif = out.path().join("out.sarif");
    let (_, stdout, stderr) = run(&[
        "scan",
        dir.path().to_str().unwrap(),
        "-o",
        sarif.to_str().unwrap(),
        "-o",
        &format!("json:{}", out.path().join("r.json").display()),
    ]);
    let everything = format!(
        "{stdout}{stderr}{}{}",
        std::fs::read_to_string(&sarif).unwrap(),
        std::fs::read_to_string(out.path().join("r.json")).unwrap()
    );
    assert!(
        everything.contains("python/hardcoded-secret")
            && everything.contains("python/tls-verify-disabled"),
        "{stdout}"
    );
    assert!(
        !everything.contains("Sup3rS3cret"),
        "a secret leaked:\n{everything}"
    );
}

#[test]
fn taint_findings_carry_their_flow_in_sarif_and_text() {
    let dir = repo(&[(
        "app/views.py",
        "from flask import request\n\n\ndef search(cur):\n    term = request.args.get('q')\n    sql = \"SELECT * FROM t WHERE x = '\" + term + \"'\"\n    cur.execute(sql)\n",
    )]);
    let path = dir.path().to_str().unwrap();
    let (status, stdout, stderr) = run(&["scan", path, "-f", "sarif"]);
    assert_eq!(status, 1, "{stderr}");
    let log: Value = serde_json::from_str(&stdout).unwrap();
    assert_valid_sarif(&log);
    let results = log["runs"][0]["results"].as_array().unwrap();
    // The pattern rule flags the same sink: one result, with the taint rule's flow.
    let taint = results
        .iter()
        .find(|r| r["codeFlows"].is_array())
        .expect("the taint rule reports the flow");
    assert_eq!(results.len(), 1, "{results:#?}");
    let steps = taint["codeFlows"][0]["threadFlows"][0]["locations"]
        .as_array()
        .unwrap();
    let lines: Vec<u64> = steps
        .iter()
        .map(|s| {
            s["location"]["physicalLocation"]["region"]["startLine"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(lines, vec![5, 5, 6, 7], "{taint:#}");
    assert!(steps[0]["location"]["message"]["text"]
        .as_str()
        .unwrap()
        .contains("request.args"));
    let (_, text, _) = run(&["scan", path]);
    assert_eq!(
        taint["properties"]["flowRule"], "python/taint-sql-injection",
        "{taint:#}"
    );
    assert!(
        text.contains("= flow (python/taint-sql-injection): line 5 -> line 6 -> line 7"),
        "{text}"
    );
    // Each step is labelled on its line of the code shown.
    assert!(text.contains("reaches the sink `sql`"), "{text}");
    assert!(text.contains("untrusted value `request.args`"), "{text}");
}
