//! The corpus: sample repositories with planted bugs and a ground-truth manifest each. Every
//! planted bug the rules can detect must be found, and nothing may be reported on clean code
//! except the false positives a manifest owns up to (`known_false_positives`, which
//! `bench/quality.py` still counts against precision); one of those that stops being reported
//! must leave the list.

use serde::Deserialize;
use serde_json::Value;

use crate::common::{assert_valid_sarif, project_root, run};

#[derive(Deserialize)]
struct Manifest {
    repo: String,
    language: String,
    bugs: Vec<Bug>,
    #[serde(default)]
    known_false_positives: Vec<KnownFalsePositive>,
}

/// A finding on clean code that the rules are known to make, and why it is wrong.
#[derive(Deserialize)]
struct KnownFalsePositive {
    file: String,
    line: u64,
    rule: String,
    #[allow(dead_code)]
    why: String,
}

#[derive(Deserialize)]
struct Bug {
    file: String,
    start_line: u64,
    end_line: u64,
    cwe: String,
    #[serde(default)]
    rule: Option<String>,
    detectable: bool,
}

fn manifests() -> Vec<Manifest> {
    let dir = project_root().join("corpus/manifests");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            serde_json::from_str(&std::fs::read_to_string(p).unwrap())
                .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        })
        .collect()
}

#[test]
fn every_detectable_planted_bug_is_found_and_clean_code_is_quiet() {
    let manifests = manifests();
    assert!(
        manifests.len() >= 5,
        "the corpus needs at least five repositories"
    );
    let languages: std::collections::BTreeSet<&str> =
        manifests.iter().map(|m| m.language.as_str()).collect();
    assert!(
        languages.len() >= 5,
        "in at least five languages: {languages:?}"
    );
    let mut failures = Vec::new();
    let (mut found, mut detectable) = (0, 0);
    for manifest in &manifests {
        let repo = project_root().join("corpus").join(&manifest.repo);
        let out = tempfile::tempdir().unwrap();
        let sarif = out.path().join("out.sarif");
        let (status, stdout, stderr) = run(&[
            "scan",
            repo.to_str().unwrap(),
            "--root",
            repo.to_str().unwrap(),
            "-f",
            "json",
            "-o",
            sarif.to_str().unwrap(),
        ]);
        assert!(
            status == 0 || status == 1,
            "{}: exit {status}\n{stderr}",
            manifest.repo
        );
        let log: Value = serde_json::from_str(&std::fs::read_to_string(&sarif).unwrap()).unwrap();
        assert_valid_sarif(&log);
        let report: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(report["complete"], true, "{}: {stderr}", manifest.repo);
        let findings = report["findings"].as_array().unwrap();
        for bug in manifest.bugs.iter().filter(|b| b.detectable) {
            detectable += 1;
            let hit = findings.iter().any(|f| {
                let line = f["location"]["start_line"].as_u64().unwrap();
                f["location"]["path"] == bug.file.as_str()
                    && (bug.start_line..=bug.end_line).contains(&line)
                    && bug
                        .rule
                        .as_deref()
                        .is_none_or(|r| f["rule_id"] == r || f["flow_rule"] == r)
            });
            if hit {
                found += 1;
            } else {
                failures.push(format!(
                    "{}: missed {}:{}-{} {} ({:?})",
                    manifest.repo, bug.file, bug.start_line, bug.end_line, bug.cwe, bug.rule
                ));
            }
        }
        for finding in findings {
            let path = finding["location"]["path"].as_str().unwrap();
            let line = finding["location"]["start_line"].as_u64().unwrap();
            let planted = manifest
                .bugs
                .iter()
                .any(|b| b.file == path && (b.start_line..=b.end_line).contains(&line));
            let known = manifest
                .known_false_positives
                .iter()
                .any(|k| k.file == path && k.line == line && finding["rule_id"] == k.rule.as_str());
            if !planted && !known {
                failures.push(format!(
                    "{}: false positive {path}:{line} {}",
                    manifest.repo, finding["rule_id"]
                ));
            }
        }
        for known in &manifest.known_false_positives {
            let still = findings.iter().any(|f| {
                f["location"]["path"] == known.file.as_str()
                    && f["location"]["start_line"] == known.line
                    && f["rule_id"] == known.rule.as_str()
            });
            if !still {
                failures.push(format!(
                    "{}: the known false positive {}:{} {} is no longer reported; take it out \
                     of the manifest",
                    manifest.repo, known.file, known.line, known.rule
                ));
            }
        }
    }
    eprintln!("corpus recall: {found}/{detectable} planted rule-detectable bugs");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
