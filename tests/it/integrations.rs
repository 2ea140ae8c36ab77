//! The CI integrations shipped beside the binary: the composite GitHub Action (`action.yml`), the
//! example workflows in `docs/workflows/`, the examples in the README's "Use in CI" and the pre-commit hook.
//! Nothing here runs GitHub; it checks that the files parse and agree with each other, so an
//! example never passes the action an input it does not have.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use regex::Regex;
use yaml_rust2::{Yaml, YamlLoader};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Parses a file holding exactly one YAML document.
fn load(path: &Path) -> Yaml {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    parse(&text, &path.display().to_string())
}

fn parse(text: &str, what: &str) -> Yaml {
    let mut docs =
        YamlLoader::load_from_str(text).unwrap_or_else(|e| panic!("{what}: invalid YAML: {e}"));
    assert_eq!(docs.len(), 1, "{what}: expected one YAML document");
    docs.remove(0)
}

fn hash_keys(node: &Yaml) -> Vec<String> {
    node.as_hash()
        .map(|hash| {
            hash.keys()
                .filter_map(|key| key.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// A mapping's value under `key`, where the key may also have been read as a YAML 1.1 boolean
/// (`on` is `true` to a 1.1 parser; yaml-rust2 follows 1.2 and keeps it a string).
fn get_either<'a>(node: &'a Yaml, key: &str, boolean: bool) -> Option<&'a Yaml> {
    let hash = node.as_hash()?;
    hash.get(&Yaml::String(key.to_owned()))
        .or_else(|| hash.get(&Yaml::Boolean(boolean)))
}

fn action() -> Yaml {
    load(&root().join("action.yml"))
}

fn action_inputs() -> BTreeSet<String> {
    hash_keys(&action()["inputs"]).into_iter().collect()
}

fn workflow_files() -> Vec<PathBuf> {
    let dir = root().join("docs/workflows");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| {
            matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("yml" | "yaml")
            )
        })
        .collect();
    files.sort();
    files
}

/// Every mapping anywhere in `node` that has a `uses:` naming the shardscan action, with the
/// `with:` keys it passes.
fn shardscan_uses(node: &Yaml, found: &mut Vec<(String, Vec<String>)>) {
    match node {
        Yaml::Hash(hash) => {
            if let Some(uses) = node["uses"].as_str() {
                if uses.contains("shardscan") {
                    found.push((uses.to_owned(), hash_keys(&node["with"])));
                }
            }
            for value in hash.values() {
                shardscan_uses(value, found);
            }
        }
        Yaml::Array(items) => {
            for item in items {
                shardscan_uses(item, found);
            }
        }
        _ => {}
    }
}

fn assert_inputs_exist(what: &str, node: &Yaml) -> usize {
    let inputs = action_inputs();
    let mut found = Vec::new();
    shardscan_uses(node, &mut found);
    for (uses, keys) in &found {
        for key in keys {
            assert!(
                inputs.contains(key),
                "{what}: `{uses}` is given `{key}`, which action.yml does not declare \
                 (inputs: {inputs:?})"
            );
        }
    }
    found.len()
}

#[test]
fn action_is_a_composite_whose_run_steps_name_a_shell() {
    let action = action();
    assert_eq!(action["runs"]["using"].as_str(), Some("composite"));
    for key in ["name", "description"] {
        assert!(
            action[key].as_str().is_some_and(|s| !s.is_empty()),
            "action.yml needs a {key}"
        );
    }
    let steps = action["runs"]["steps"]
        .as_vec()
        .expect("action.yml runs.steps is a list");
    assert!(!steps.is_empty());
    for (index, step) in steps.iter().enumerate() {
        let has_run = !step["run"].is_badvalue();
        let has_uses = !step["uses"].is_badvalue();
        assert!(
            has_run != has_uses,
            "step {index} needs exactly one of run and uses"
        );
        if has_run {
            assert!(
                step["shell"].as_str().is_some(),
                "step {index} ({:?}) runs a command but names no shell",
                step["name"]
            );
        }
    }
}

#[test]
fn action_declares_what_it_uses() {
    let action = action();
    let inputs = action_inputs();
    for expected in [
        "path",
        "args",
        "reviewer",
        "fail-on",
        "diff-base",
        "baseline",
        "partition",
        "category",
        "sarif-file",
        "upload",
        "annotations",
        "api-key",
        "version",
    ] {
        assert!(
            inputs.contains(expected),
            "action.yml lacks input `{expected}`"
        );
    }
    for name in &inputs {
        let input = &action["inputs"][name.as_str()];
        assert!(
            input["description"].as_str().is_some_and(|s| !s.is_empty()),
            "input `{name}` has no description"
        );
    }
    assert_eq!(action["inputs"]["path"]["default"].as_str(), Some("."));
    assert_eq!(
        action["inputs"]["category"]["default"].as_str(),
        Some("shardscan")
    );
    assert_eq!(action["inputs"]["upload"]["default"].as_str(), Some("true"));
    assert_eq!(
        action["inputs"]["annotations"]["default"].as_str(),
        Some("true")
    );

    // Every `inputs.X` and `steps.ID` in an expression names something that exists.
    let text = fs::read_to_string(root().join("action.yml")).expect("read action.yml");
    let ids: BTreeSet<String> = action["runs"]["steps"]
        .as_vec()
        .expect("steps")
        .iter()
        .filter_map(|step| step["id"].as_str().map(str::to_owned))
        .collect();
    let input_ref = Regex::new(r"\binputs\.([A-Za-z0-9_-]+)").expect("regex");
    for capture in input_ref.captures_iter(&text) {
        assert!(
            inputs.contains(&capture[1]),
            "undeclared input `{}`",
            &capture[1]
        );
    }
    let step_ref = Regex::new(r"\bsteps\.([A-Za-z0-9_-]+)\.outputs").expect("regex");
    for capture in step_ref.captures_iter(&text) {
        assert!(
            ids.contains(&capture[1]),
            "no step with id `{}`",
            &capture[1]
        );
    }
    for output in ["sarif-file", "exit-code"] {
        assert!(
            action["outputs"][output]["value"].as_str().is_some(),
            "action.yml lacks output `{output}`"
        );
    }
}

#[test]
fn workflows_have_triggers_and_jobs_and_use_only_real_inputs() {
    let files = workflow_files();
    let names: Vec<_> = files
        .iter()
        .filter_map(|f| f.file_name()?.to_str().map(str::to_owned))
        .collect();
    for expected in ["pull-request.yml", "nightly.yml", "matrix.yml"] {
        assert!(
            names.iter().any(|n| n == expected),
            "docs/workflows/{expected} is missing"
        );
    }
    for file in &files {
        let what = file.display().to_string();
        let workflow = load(file);
        assert!(
            get_either(&workflow, "on", true).is_some(),
            "{what}: no `on` trigger"
        );
        let jobs = workflow["jobs"]
            .as_hash()
            .unwrap_or_else(|| panic!("{what}: no jobs"));
        for (name, job) in jobs {
            assert!(
                !job["runs-on"].is_badvalue(),
                "{what}: job {name:?} has no runs-on"
            );
            assert!(
                job["steps"].as_vec().is_some_and(|steps| !steps.is_empty()),
                "{what}: job {name:?} has no steps"
            );
        }
        let uses = assert_inputs_exist(&what, &workflow);
        assert!(uses > 0, "{what}: never uses the shardscan action");
    }
}

#[test]
fn pull_request_workflow_diffs_against_the_base_with_full_history() {
    let workflow = load(&root().join("docs/workflows/pull-request.yml"));
    let on = get_either(&workflow, "on", true).expect("on");
    assert!(
        !on["pull_request"].is_badvalue(),
        "triggered by pull_request"
    );
    let steps: Vec<&Yaml> = workflow["jobs"]
        .as_hash()
        .expect("jobs")
        .values()
        .flat_map(|job| job["steps"].as_vec().expect("steps").iter())
        .collect();
    let checkout = steps
        .iter()
        .find(|s| {
            s["uses"]
                .as_str()
                .is_some_and(|u| u.starts_with("actions/checkout@"))
        })
        .expect("a checkout step");
    assert_eq!(checkout["with"]["fetch-depth"].as_i64(), Some(0));
    let scan = steps
        .iter()
        .find(|s| s["uses"].as_str().is_some_and(|u| u.contains("shardscan")))
        .expect("a shardscan step");
    assert!(scan["with"]["diff-base"]
        .as_str()
        .is_some_and(|d| d.contains("github.base_ref")));
    assert!(scan["with"]["baseline"].as_str().is_some());
}

#[test]
fn matrix_workflow_merges_after_every_partition() {
    let workflow = load(&root().join("docs/workflows/matrix.yml"));
    let jobs = &workflow["jobs"];
    let partitions = jobs["scan"]["strategy"]["matrix"]["partition"]
        .as_vec()
        .expect("scan job has a partition matrix");
    assert_eq!(
        partitions
            .iter()
            .filter_map(Yaml::as_i64)
            .collect::<Vec<_>>(),
        vec![1, 2, 3, 4]
    );
    let needs = &jobs["merge"]["needs"];
    let needs: Vec<&str> = match needs {
        Yaml::String(job) => vec![job.as_str()],
        Yaml::Array(items) => items.iter().filter_map(Yaml::as_str).collect(),
        other => panic!("merge job needs: {other:?}"),
    };
    assert!(needs.contains(&"scan"), "merge needs the scan job");
    let merge_steps = jobs["merge"]["steps"].as_vec().expect("merge steps");
    // The merge joins the partitions' summaries, so that flows across partitions are found.
    assert!(merge_steps.iter().any(|s| s["run"]
        .as_str()
        .is_some_and(|r| r.contains("shardscan merge") && r.contains("--summaries "))));
    assert!(merge_steps.iter().any(|s| s["uses"]
        .as_str()
        .is_some_and(|u| u.starts_with("github/codeql-action/upload-sarif@"))));
    let scan_steps = jobs["scan"]["steps"].as_vec().expect("scan steps");
    let scan = scan_steps
        .iter()
        .find(|s| s["uses"].as_str().is_some_and(|u| u.contains("shardscan")))
        .expect("a shardscan step");
    assert!(
        scan["with"]["args"]
            .as_str()
            .is_some_and(|a| a.contains("--summaries-out")),
        "each partition writes its summaries for the merge"
    );
    let upload = &scan["with"]["upload"];
    assert!(
        *upload == Yaml::Boolean(false) || upload.as_str() == Some("false"),
        "partitions keep their SARIF for the merge job instead of uploading it: {upload:?}"
    );
}

#[test]
fn ci_doc_examples_parse_and_use_only_real_inputs() {
    let path = root().join("README.md");
    let text = fs::read_to_string(&path).expect("read README.md");
    assert!(text.contains("## Use in CI"));
    let block = Regex::new(r"(?s)```ya?ml\n(.*?)```").expect("regex");
    let mut uses = 0;
    for (index, capture) in block.captures_iter(&text).enumerate() {
        let what = format!("README.md yaml block {}", index + 1);
        let doc = parse(&capture[1], &what);
        uses += assert_inputs_exist(&what, &doc);
    }
    assert!(uses > 0, "the README shows the action in use");
}

#[test]
fn pre_commit_hook_scans_the_staged_files() {
    let hooks = load(&root().join(".pre-commit-hooks.yaml"));
    let hooks = hooks
        .as_vec()
        .expect(".pre-commit-hooks.yaml is a list of hooks");
    let hook = hooks
        .iter()
        .find(|h| h["id"].as_str() == Some("shardscan"))
        .expect("a hook with id shardscan");
    for key in ["name", "entry", "language"] {
        assert!(hook[key].as_str().is_some(), "hook needs {key}");
    }
    assert!(hook["entry"]
        .as_str()
        .is_some_and(|e| e.starts_with("shardscan scan")));
    assert_eq!(hook["pass_filenames"].as_bool(), Some(true));
}

/// Issue 11: the checkout is the scanned tree and shardscan refuses to write into it, so the
/// action's default report and every example's reports go under the runner's temporary directory.
#[test]
fn the_action_and_the_workflows_write_reports_outside_the_checkout() {
    assert_eq!(
        action()["inputs"]["sarif-file"]["default"].as_str(),
        Some("")
    );
    let text = fs::read_to_string(root().join("action.yml")).expect("read action.yml");
    assert!(
        text.contains(r#"SARIF_FILE="$RUNNER_TEMP/"#),
        "no default outside"
    );
    let written = Regex::new(r"(?:sarif-file:|--output (?:[a-z]+:)?)\s*(.+)").expect("regex");
    let mut seen = 0;
    for file in workflow_files() {
        let text = fs::read_to_string(&file).expect("read workflow");
        for capture in written.captures_iter(&text) {
            seen += 1;
            assert!(
                capture[1].starts_with("${{ runner.temp }}/"),
                "{}: writes `{}` into the checkout",
                file.display(),
                &capture[1]
            );
        }
    }
    assert!(seen >= 3, "the workflows name their reports");
}

/// The documents of the Kubernetes example, by kind and name.
fn kubernetes_example() -> Vec<Yaml> {
    let path = root().join("docs/kubernetes/partitioned-scan.yaml");
    let text = fs::read_to_string(&path).expect("read the Kubernetes example");
    YamlLoader::load_from_str(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .into_iter()
        .filter(|doc| !doc.is_null())
        .collect()
}

fn kubernetes_object<'a>(docs: &'a [Yaml], kind: &str, name: &str) -> &'a Yaml {
    docs.iter()
        .find(|d| d["kind"].as_str() == Some(kind) && d["metadata"]["name"].as_str() == Some(name))
        .unwrap_or_else(|| panic!("the example has no {kind} {name}"))
}

/// Runs one of the example's scripts as its pod would, with `shardscan` on `PATH`.
fn run_pod_script(script: &str, env: &[(&str, String)], bin_dir: &Path) -> std::process::Output {
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    std::process::Command::new("sh")
        .arg("-c")
        .arg(script)
        .env_clear()
        .env("PATH", path)
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .output()
        .expect("run sh")
}

#[test]
fn kubernetes_indexed_job_scans_every_partition_once_and_merges_them_all() {
    let docs = kubernetes_example();
    let config = &kubernetes_object(&docs, "ConfigMap", "shardscan-partitions")["data"];
    let partitions: usize = config["PARTITIONS"]
        .as_str()
        .and_then(|p| p.parse().ok())
        .expect("PARTITIONS is a number");
    let job = &kubernetes_object(&docs, "Job", "shardscan-scan")["spec"];
    assert_eq!(job["completionMode"].as_str(), Some("Indexed"));
    assert_eq!(job["completions"].as_i64(), Some(partitions as i64));
    assert_eq!(job["parallelism"].as_i64(), Some(partitions as i64));
    let merge_job = &kubernetes_object(&docs, "Job", "shardscan-merge")["spec"];
    for (spec, script) in [(job, "scan.sh"), (merge_job, "merge.sh")] {
        let container = &spec["template"]["spec"]["containers"][0];
        let command: Vec<&str> = container["command"]
            .as_vec()
            .expect("a command")
            .iter()
            .filter_map(Yaml::as_str)
            .collect();
        assert_eq!(command, ["sh", &format!("/scripts/{script}")]);
        assert!(
            config[script].as_str().is_some(),
            "the ConfigMap holds {script}"
        );
    }
    let scan_script = config["scan.sh"].as_str().unwrap();
    let merge_script = config["merge.sh"].as_str().unwrap();

    // Each pod's index runs the real shardscan on a small tree; then the merge.
    let tree = crate::common::repo(&[
        ("app/a.py", "import os\n\ndef run(name):\n    os.system('ls ' + name)\n"),
        ("app/b.py", "def handler(request):\n    return eval(request.args.get('q'))\n"),
        ("app/c.js", "const cp = require('child_process');\nfunction go(req) {\n  cp.exec('ls ' + req.query.dir);\n}\n"),
        ("app/d.py", "import pickle\n\ndef load(request):\n    return pickle.loads(request.data)\n"),
        ("app/e.py", "def fine(x):\n    return x + 1\n"),
        // A value read in one file and run in another: the merge finds it only through the
        // partitions' summaries.
        ("src/Reports.java", crate::across_files::CALLER),
        ("src/Archiver.java", crate::across_files::CALLEE),
    ]);
    let results = tempfile::tempdir().unwrap();
    let bin_dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(
        env!("CARGO_BIN_EXE_shardscan"),
        bin_dir.path().join("shardscan"),
    )
    .unwrap();
    let env = |index: Option<usize>| {
        let mut env = vec![
            ("SOURCE", tree.path().display().to_string()),
            ("RESULTS", results.path().display().to_string()),
            ("PARTITIONS", partitions.to_string()),
            ("SHARDSCAN_ARGS", String::from("--no-config")),
            ("WAIT_SECONDS", String::from("0")),
        ];
        if let Some(index) = index {
            env.push(("JOB_COMPLETION_INDEX", index.to_string()));
        }
        env
    };
    let part = |i: usize| {
        results
            .path()
            .join(format!("part-{i}-of-{partitions}.sarif"))
    };

    // The merge refuses while a part is missing.
    let early = run_pod_script(merge_script, &env(None), bin_dir.path());
    assert!(!early.status.success(), "merged with no part at all");
    assert!(!results.path().join("shardscan.sarif").exists());

    let mut reviewed = 0;
    for index in 0..partitions {
        let out = run_pod_script(scan_script, &env(Some(index)), bin_dir.path());
        assert!(
            out.status.success(),
            "index {index}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let log: serde_json::Value =
            serde_json::from_slice(&fs::read(part(index + 1)).unwrap()).unwrap();
        reviewed += log["runs"][0]["properties"]["metrics"]["shardsReviewed"]
            .as_u64()
            .unwrap();
    }
    // An index past the last partition is an error, not a silent duplicate.
    let past = run_pod_script(scan_script, &env(Some(partitions)), bin_dir.path());
    assert_eq!(past.status.code(), Some(2));

    let full_path = results.path().join("full.sarif");
    let full = crate::common::bin()
        .args([
            "scan",
            "--no-config",
            "--fail-on",
            "none",
            "--no-progress",
            "-f",
            "sarif",
            "-o",
        ])
        .arg(&full_path)
        .arg(tree.path())
        .output()
        .unwrap();
    assert!(
        full.status.success(),
        "{}",
        String::from_utf8_lossy(&full.stderr)
    );
    let full: serde_json::Value = serde_json::from_slice(&fs::read(&full_path).unwrap()).unwrap();
    assert_eq!(
        reviewed,
        full["runs"][0]["properties"]["metrics"]["shardsReviewed"]
            .as_u64()
            .unwrap(),
        "every shard in exactly one partition"
    );

    let merged = run_pod_script(merge_script, &env(None), bin_dir.path());
    assert!(
        merged.status.success(),
        "{}",
        String::from_utf8_lossy(&merged.stderr)
    );
    let merged: serde_json::Value =
        serde_json::from_slice(&fs::read(results.path().join("shardscan.sarif")).unwrap()).unwrap();
    assert_eq!(merged["runs"][0]["properties"]["mergedFrom"], partitions);
    assert_eq!(merged["runs"][0]["results"], full["runs"][0]["results"]);
    assert!(full["runs"][0]["results"]
        .as_array()
        .is_some_and(|r| r.len() >= 4));

    // One part lost: the merge gives up rather than upload a partial audit.
    fs::remove_file(part(partitions)).unwrap();
    fs::remove_file(results.path().join("shardscan.sarif")).unwrap();
    let partial = run_pod_script(merge_script, &env(None), bin_dir.path());
    assert!(!partial.status.success());
    assert!(
        String::from_utf8_lossy(&partial.stderr).contains(&format!("1 of {partitions} partitions"))
    );
    assert!(!results.path().join("shardscan.sarif").exists());
}
