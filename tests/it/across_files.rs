//! Flows across functions and files (issue 12): a value read in one file and run in another is
//! reported at the sink with the whole way in its flow; a helper whose every caller in the scan
//! hands it a constant is no longer flagged; one no call reaches still is.

use serde_json::Value;

use crate::common::repo;
use crate::scan_command::ScanCommand;

pub(crate) const CALLER: &str = r#"import javax.servlet.http.HttpServletRequest;

public class Reports {
    public void run(HttpServletRequest request) throws Exception {
        String name = request.getParameter("name");
        (new Archiver()).pack(name);
    }

    public void nightly() throws Exception {
        String name = "nightly";
        Archiver archiver = new Archiver();
        archiver.compress(name);
    }
}
"#;

pub(crate) const CALLEE: &str = r#"public class Archiver {
    public void pack(String name) throws Exception {
        Runtime.getRuntime().exec("tar czf /backups/" + name + ".tgz /srv/data");
    }

    public void compress(String name) throws Exception {
        Runtime.getRuntime().exec("gzip -9 /srv/" + name);
    }

    public void unused(String name) throws Exception {
        Runtime.getRuntime().exec("rm -rf /srv/" + name);
    }
}
"#;

/// A place in a file: (path, line).
type Place = (String, u64);

/// (path, line, rule id) of every finding, and each finding's flow as places.
fn findings(report: &Value) -> Vec<(String, u64, String, Vec<Place>)> {
    let mut all: Vec<_> = report["findings"]
        .as_array()
        .expect("findings[]")
        .iter()
        .map(|f| {
            let flow = f["flow"]
                .as_array()
                .map(|steps| {
                    steps
                        .iter()
                        .map(|s| {
                            let path = s["location"]["path"].as_str().unwrap_or_default();
                            (
                                path.to_string(),
                                s["location"]["start_line"].as_u64().unwrap_or(0),
                            )
                        })
                        .collect()
                })
                .unwrap_or_default();
            (
                f["location"]["path"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
                f["location"]["start_line"].as_u64().unwrap_or(0),
                f["rule_id"].as_str().unwrap_or_default().to_string(),
                flow,
            )
        })
        .collect();
    all.sort();
    all
}

#[test]
fn a_value_read_in_one_file_and_run_in_another_is_reported_with_its_way() {
    let dir = repo(&[("src/Reports.java", CALLER), ("src/Archiver.java", CALLEE)]);
    let outcome = ScanCommand::new(dir.path())
        .format("json")
        .fail_on("none")
        .run();
    let found = findings(outcome.json());
    let lines: Vec<(&str, u64)> = found.iter().map(|(p, l, _, _)| (p.as_str(), *l)).collect();
    // `pack` runs what `run` read from the request; `compress` is only ever handed a constant;
    // `unused` is called by nothing the scan saw, so its callers may pass anything.
    assert_eq!(
        lines,
        [("src/Archiver.java", 3), ("src/Archiver.java", 11)],
        "{found:?}"
    );
    let (_, _, _, flow) = &found[0];
    let first = flow.first().expect("the finding has a flow");
    assert_eq!(first, &("src/Reports.java".to_string(), 5), "{flow:?}");
    assert!(
        flow.contains(&("src/Archiver.java".to_string(), 2)),
        "{flow:?}"
    );
}

/// Where a value leaves a function, its step says where it goes, at the argument's own columns;
/// the callee's parameter, where the next function's edge starts, is located as itself.
#[test]
fn a_step_where_a_value_leaves_its_function_says_where_it_goes() {
    let dir = repo(&[("src/Reports.java", CALLER), ("src/Archiver.java", CALLEE)]);
    let outcome = ScanCommand::new(dir.path())
        .format("json")
        .fail_on("none")
        .run();
    let steps: Vec<(String, u64, u64, u64, String)> = outcome.json()["findings"]
        .as_array()
        .expect("findings[]")
        .iter()
        .flat_map(|f| f["flow"].as_array().cloned().unwrap_or_default())
        .map(|step| {
            let at = &step["location"];
            (
                at["path"].as_str().unwrap_or_default().to_string(),
                at["start_line"].as_u64().unwrap_or(0),
                at["start_column"].as_u64().unwrap_or(0),
                at["end_column"].as_u64().unwrap_or(0),
                step["message"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    // `(new Archiver()).pack(name);`: `name` is columns 31 to 35.
    let passed = (
        "src/Reports.java".to_string(),
        6,
        31,
        35,
        "passed to `pack`".to_string(),
    );
    assert!(steps.contains(&passed), "{steps:#?}");
    let parameter = steps
        .iter()
        .find(|s| s.0 == "src/Archiver.java" && s.1 == 2)
        .expect("the callee's parameter is a step");
    assert_eq!(
        (parameter.2, parameter.3, parameter.4.as_str()),
        (22, 33, "parameter `name`")
    );
}

/// In SARIF too, each step of a flow across files is located in its own file (they were all
/// given the finding's file, so code scanning showed lines of the wrong file).
#[test]
fn a_flow_across_files_locates_each_step_in_its_own_file_in_sarif() {
    let dir = repo(&[("src/Reports.java", CALLER), ("src/Archiver.java", CALLEE)]);
    let outcome = ScanCommand::new(dir.path())
        .format("sarif")
        .fail_on("none")
        .run();
    let results = outcome.json()["runs"][0]["results"]
        .as_array()
        .expect("results")
        .clone();
    let steps: Vec<(String, u64)> = results
        .iter()
        .find(|r| r["codeFlows"].is_array())
        .expect("a result with a flow")["codeFlows"][0]["threadFlows"][0]["locations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|step| {
            let physical = &step["location"]["physicalLocation"];
            (
                physical["artifactLocation"]["uri"]
                    .as_str()
                    .unwrap()
                    .to_string(),
                physical["region"]["startLine"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        steps.first(),
        Some(&("src/Reports.java".to_string(), 5)),
        "{steps:?}"
    );
    assert!(
        steps.contains(&("src/Archiver.java".to_string(), 2)),
        "{steps:?}"
    );
}

#[test]
fn without_every_file_nothing_is_closed() {
    // A diff or a partition of many does not see every file: with `--partition 1/2` the helper
    // only a constant reaches keeps its finding. A partition of one is the whole scan.
    let dir = repo(&[("src/Reports.java", CALLER), ("src/Archiver.java", CALLEE)]);
    let whole = ScanCommand::new(dir.path())
        .format("json")
        .fail_on("none")
        .args(["--partition", "1/1"])
        .run();
    let lines: Vec<(String, u64)> = findings(whole.json())
        .into_iter()
        .map(|(p, l, _, _)| (p, l))
        .collect();
    assert_eq!(
        lines,
        [
            ("src/Archiver.java".to_string(), 3),
            ("src/Archiver.java".to_string(), 11)
        ]
    );
    let mut lines = Vec::new();
    for part in ["1/2", "2/2"] {
        let outcome = ScanCommand::new(dir.path())
            .format("json")
            .fail_on("none")
            .args(["--partition", part])
            .run();
        lines.extend(
            findings(outcome.json())
                .into_iter()
                .map(|(p, l, _, _)| (p, l)),
        );
    }
    assert!(
        lines.contains(&("src/Archiver.java".to_string(), 7)),
        "{lines:?}"
    );
}

const STORE: &str = r#"import javax.servlet.http.HttpServletRequest;

public class Jobs {
    private String pending;
    private String label = "nightly";

    public void submit(HttpServletRequest request) throws Exception {
        pending = request.getParameter("job");
        Queue.last = request.getParameter("job");
        run();
    }

    public void nightly() throws Exception {
        Queue.last = "rotate";
        new Queue().rerun();
    }

    private void run() throws Exception {
        Runtime.getRuntime().exec("sh /srv/jobs/" + pending);
        Runtime.getRuntime().exec("sh /srv/jobs/" + label);
    }
}
"#;

const QUEUE: &str = r#"public class Queue {
    public static String last;

    public void replay() throws Exception {
        Runtime.getRuntime().exec("sh /srv/jobs/" + Queue.last);
    }

    public void rerun() throws Exception {
        Runtime.getRuntime().exec("sh /srv/jobs/" + last);
    }
}
"#;

const GLOBAL_SET: &str = r#"#include <stdlib.h>

char *pending_command;
static char *own_command;

int main(int argc, char **argv)
{
    pending_command = getenv("JOB");
    own_command = "true";
    return run_pending();
}
"#;

const GLOBAL_RUN: &str = r#"#include <stdlib.h>

extern char *pending_command;
static char *own_command;

int run_pending(void)
{
    system(pending_command);
    return system(own_command);
}
"#;

#[test]
fn a_value_stored_in_a_field_or_global_is_followed_where_it_is_read() {
    let dir = repo(&[
        ("src/Jobs.java", STORE),
        ("src/Queue.java", QUEUE),
        ("c/set.c", GLOBAL_SET),
        ("c/run.c", GLOBAL_RUN),
    ]);
    let outcome = ScanCommand::new(dir.path())
        .format("json")
        .fail_on("none")
        .run();
    let found = findings(outcome.json());
    // Each is reported once, under the pattern rule that flags the same sink, with the flow.
    let taint: Vec<(&str, u64)> = found
        .iter()
        .filter(|(_, _, _, flow)| !flow.is_empty())
        .map(|(p, l, _, _)| (p.as_str(), *l))
        .collect();
    // The request's job, stored in a field and in another class's static field, and the
    // environment's, stored in a global of another file; not the constant label, nor a
    // `static` global of the same name in another file, nor the static field read by a method
    // whose only caller has just stored a constant in it.
    assert_eq!(
        taint,
        [("c/run.c", 8), ("src/Jobs.java", 19), ("src/Queue.java", 5)],
        "{found:?}"
    );
    // And nothing else: the label's and the static global's sinks are closed by the join.
    assert_eq!(found.len(), 3, "{found:?}");
    let (_, _, _, flow) = found
        .iter()
        .find(|(p, l, _, _)| p == "c/run.c" && *l == 8)
        .expect("the global's finding");
    assert_eq!(flow.first(), Some(&("c/set.c".to_string(), 8)), "{flow:?}");
}

const STATIC_CALLER: &str = r#"import javax.servlet.http.HttpServletRequest;

public class Tools {
    public void run(HttpServletRequest request) throws Exception {
        Shell.runLine(request.getParameter("cmd"));
    }
}
"#;

const STATIC_CALLEE: &str = r#"public class Shell {
    public static void runLine(String line) throws Exception {
        Runtime.getRuntime().exec(line);
    }
}
"#;

const FREEING_HELPER: &str = r#"#include <stdlib.h>

struct entry { char *key; int hits; };

void entry_drop(struct entry *e)
{
    free(e->key);
    free(e);
}
"#;

const FREEING_CALLER: &str = r#"#include <stdio.h>

struct entry { char *key; int hits; };
void entry_drop(struct entry *e);

void evict(struct entry *victim)
{
    free(victim);
    entry_drop(victim);
}
"#;

#[test]
fn a_static_call_and_a_pointer_freed_twice_are_followed_into_the_callee() {
    let dir = repo(&[
        ("src/Tools.java", STATIC_CALLER),
        ("src/Shell.java", STATIC_CALLEE),
        ("c/entry.c", FREEING_HELPER),
        ("c/evict.c", FREEING_CALLER),
    ]);
    let outcome = ScanCommand::new(dir.path())
        .format("json")
        .fail_on("none")
        .run();
    let found = findings(outcome.json());
    let places: Vec<(&str, u64, &str)> = found
        .iter()
        .map(|(p, l, r, _)| (p.as_str(), *l, r.as_str()))
        .collect();
    // `Shell.runLine(...)` names the class whose static method it calls (reported under the
    // pattern rule of that sink, with the flow); the pointer `evict` frees is freed again by
    // the helper it is handed to, and handing it over is already a use.
    assert!(
        places.contains(&("src/Shell.java", 3, "java/command-injection")),
        "{found:?}"
    );
    assert!(
        places.contains(&("c/evict.c", 9, "c/use-after-free")),
        "{found:?}"
    );
    assert!(
        places.contains(&("c/entry.c", 8, "c/double-free")),
        "{found:?}"
    );
    let (_, _, _, flow) = found
        .iter()
        .find(|(p, l, _, _)| p == "c/entry.c" && *l == 8)
        .expect("the double free");
    assert_eq!(
        flow.first(),
        Some(&("c/evict.c".to_string(), 8)),
        "{flow:?}"
    );
}

const ADMIN: &str = r#"import javax.servlet.http.HttpServletRequest;

public class Admin {
    public void restore(HttpServletRequest request) throws Exception {
        String name = request.getParameter("backup");
        (new Archiver()).pack(name);
    }
}
"#;

#[test]
fn a_helper_reached_from_two_files_is_reported_for_each() {
    // `pack` runs what two files read from the request: each is a caller to fix, so each gets a
    // finding at the sink with the flow from its own source, not one hiding the other.
    let dir = repo(&[
        ("src/Reports.java", CALLER),
        ("src/Admin.java", ADMIN),
        ("src/Archiver.java", CALLEE),
    ]);
    let outcome = ScanCommand::new(dir.path())
        .format("json")
        .fail_on("none")
        .run();
    let found = findings(outcome.json());
    let at_pack: Vec<&Place> = found
        .iter()
        .filter(|(p, l, _, _)| p == "src/Archiver.java" && *l == 3)
        .filter_map(|(_, _, _, flow)| flow.first())
        .collect();
    assert_eq!(
        at_pack,
        [
            &("src/Admin.java".to_string(), 5),
            &("src/Reports.java".to_string(), 5)
        ],
        "{found:?}"
    );
    let fingerprints: std::collections::HashSet<&str> = outcome.json()["findings"]
        .as_array()
        .expect("findings[]")
        .iter()
        .filter_map(|f| f["fingerprint"].as_str())
        .collect();
    assert_eq!(
        fingerprints.len(),
        found.len(),
        "each finding its own fingerprint"
    );
}
