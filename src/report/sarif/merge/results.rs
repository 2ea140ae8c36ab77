//! Results of a merged run: one per finding, in a scan's order, fingerprints numbered as one
//! scan of everything would number them.

use std::collections::HashMap;

use serde_json::Value;

use crate::model::sarif::{fingerprint, PhysicalLocation, SarifResult, FINGERPRINT};

/// Results of every run, one per finding, sorted as a scan sorts them.
///
/// A finding is what it is and where it is: the `shardscan/v1` fingerprint without its `:N`
/// ordinal (rule, file, enclosing definition, code) and the start of its region; without a
/// fingerprint, the rule, URI and start. The ordinal is left out because each partition numbers
/// equal findings on its own (two in one function, cut into two shards reviewed apart, are both
/// `:1`); after the merge they are numbered again in file order, as one scan of everything would
/// number them. Findings of one place whose flows start in different files stay apart, as a scan
/// keeps them (a helper that runs what it is given, reached from the sources of two files). A
/// finding with no flow is the same as one of that place with a flow, as the scan's dedup has
/// it, when both are suppressed or neither is; it joins the one whose flow starts in the first
/// file (by path), whatever order the runs come in.
pub(super) fn merge_results(runs: impl Iterator<Item = Vec<SarifResult>>) -> Vec<SarifResult> {
    let mut results: Vec<Option<SarifResult>> = Vec::new();
    let mut index: HashMap<(String, i64, i64, String), usize> = HashMap::new();
    for result in runs.flatten() {
        let key = identity(&result);
        match index.get(&key) {
            Some(&kept) => {
                if let Some(kept) = &mut results[kept] {
                    absorb(kept, result);
                }
            }
            None => {
                index.insert(key, results.len());
                results.push(Some(result));
            }
        }
    }
    // Then the findings without a flow, into one of their place with a flow.
    let mut places: HashMap<(&str, i64, i64), Vec<usize>> = HashMap::new();
    for ((what, line, column, _), at) in &index {
        places.entry((what, *line, *column)).or_default().push(*at);
    }
    for mut at in places.into_values() {
        // In the order the results came: a tie between two origins goes to the first.
        at.sort_unstable();
        for flowless in at.iter().copied() {
            let Some(found) = results[flowless].as_ref() else {
                continue;
            };
            if !origin(found).is_empty() {
                continue;
            }
            let suppressed = is_suppressed(found);
            let into = at
                .iter()
                .copied()
                .filter_map(|i| Some((i, results[i].as_ref()?)))
                .filter(|(_, r)| !origin(r).is_empty())
                .filter(|(_, r)| is_suppressed(r) == suppressed)
                .min_by_key(|(_, r)| path(origin(r)))
                .map(|(i, _)| i);
            if let Some(into) = into {
                let taken = results[flowless].take().expect("checked above");
                if let Some(kept) = &mut results[into] {
                    absorb(kept, taken);
                }
            }
        }
    }
    let mut results: Vec<SarifResult> = results.into_iter().flatten().collect();
    results.sort_by_cached_key(order);
    renumber(&mut results);
    results
}

fn is_suppressed(result: &SarifResult) -> bool {
    result.suppressions.as_ref().is_some_and(|s| !s.is_empty())
}

fn physical(result: &SarifResult) -> Option<&PhysicalLocation> {
    result
        .locations
        .as_ref()?
        .first()?
        .physical_location
        .as_ref()
}

fn uri(result: &SarifResult) -> &str {
    physical(result)
        .and_then(|physical| physical.artifact_location.as_ref()?.uri.as_deref())
        .unwrap_or("")
}

/// Line and column where the result starts.
fn start(result: &SarifResult) -> (i64, i64) {
    let region = physical(result).and_then(|physical| physical.region.as_ref());
    region.map_or((0, 0), |region| {
        (
            region.start_line.unwrap_or(0),
            region.start_column.unwrap_or(0),
        )
    })
}

/// The file where the result's flow starts, `""` without a flow.
fn origin(result: &SarifResult) -> &str {
    let first = result
        .code_flows
        .as_ref()
        .and_then(|flows| flows.first())
        .and_then(|flow| flow.thread_flows.first())
        .and_then(|thread| thread.locations.first())
        .and_then(|step| step.location.as_ref());
    first
        .and_then(|location| location.physical_location.as_ref())
        .and_then(|physical| physical.artifact_location.as_ref()?.uri.as_deref())
        .unwrap_or("")
}

fn identity(result: &SarifResult) -> (String, i64, i64, String) {
    let what = match fingerprint(result) {
        Some(fingerprint) => format!("fp\0{}", split_ordinal(fingerprint).0),
        None => format!(
            "at\0{}\0{}",
            result.rule_id.as_deref().unwrap_or(""),
            uri(result)
        ),
    };
    let (line, column) = start(result);
    (what, line, column, origin(result).to_string())
}

/// `base:N` -> (`base`, Some(N)); anything else is all base.
fn split_ordinal(fingerprint: &str) -> (&str, Option<usize>) {
    match fingerprint.rsplit_once(':') {
        Some((base, ordinal)) => match ordinal.parse() {
            Ok(n) => (base, Some(n)),
            Err(_) => (fingerprint, None),
        },
        None => (fingerprint, None),
    }
}

/// The path a URI names, as a scan prints it: percent-decoded (what is not UTF-8 as the
/// replacement character, as the scan shows such a name), a file outside the root without its
/// `file://`.
fn path(uri: &str) -> String {
    let uri = uri.strip_prefix("file://").unwrap_or(uri);
    percent_encoding::percent_decode_str(uri)
        .decode_utf8_lossy()
        .into_owned()
}

/// File, line, column, rule, then where the flow starts: the order of a scan's results (the join
/// reports one sink's flows from the files in order). Files are compared as the scan compares
/// them, by their paths, not by their percent-encoded URIs (`é` is `%C3%A9`, which sorts before
/// `a`), or equal findings of two origins would be numbered apart from the scan's numbers.
pub(super) fn order(result: &SarifResult) -> (String, i64, i64, String, String) {
    let (line, column) = start(result);
    let rule = result.rule_id.clone().unwrap_or_default();
    (path(uri(result)), line, column, rule, path(origin(result)))
}

/// A second report of a kept finding adds its suppressions and reviewers.
fn absorb(kept: &mut SarifResult, duplicate: SarifResult) {
    if let Some(from) = duplicate.suppressions {
        unite(kept.suppressions.get_or_insert_with(Vec::new), from);
    }
    let reviewers = duplicate
        .properties
        .and_then(|mut properties| properties.additional_properties.remove("reviewers"));
    if let Some(Value::Array(from)) = reviewers {
        let properties = kept.properties.get_or_insert_with(Default::default);
        let into = properties
            .additional_properties
            .entry(String::from("reviewers"))
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(into) = into {
            unite(into, from);
        }
    }
}

/// Appends to `into` the items of `from` it lacks.
pub(super) fn unite<T: PartialEq>(into: &mut Vec<T>, from: impl IntoIterator<Item = T>) {
    for item in from {
        if !into.contains(&item) {
            into.push(item);
        }
    }
}

fn renumber(results: &mut [SarifResult]) {
    let mut seen: HashMap<String, usize> = HashMap::new();
    for result in results {
        let Some(slot) = result
            .partial_fingerprints
            .as_mut()
            .and_then(|prints| prints.get_mut(FINGERPRINT))
        else {
            continue;
        };
        let (base, Some(_)) = split_ordinal(slot) else {
            continue;
        };
        let base = base.to_string();
        let count = seen.entry(base.clone()).or_default();
        *count += 1;
        *slot = format!("{base}:{count}");
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::tests::{log, merge_logs, result, run};
    use crate::model::sarif::fingerprint;

    /// The finding `abc:1` at line 10 of `a.py`, with a flow of one step in `origin`.
    fn flowing_from(origin: &str) -> serde_json::Value {
        let mut found = result("abc:1", 10, "error");
        found["codeFlows"] = json!([{ "threadFlows": [{ "locations": [
            { "location": { "physicalLocation": {
                "artifactLocation": { "uri": origin, "uriBaseId": "%SRCROOT%" },
                "region": { "startLine": 3 } } } }
        ]}]}]);
        found
    }

    #[test]
    fn equal_findings_cut_apart_are_numbered_again_in_file_order() {
        let first = run(vec![result("abc:1", 10, "error")], json!({}));
        let second = run(
            vec![result("abc:1", 20, "error"), result("abc:1", 10, "error")],
            json!({}),
        );
        let merged = merge_logs(vec![log(vec![second]), log(vec![first])]).unwrap();
        let results = merged.log.runs[0].results.as_ref().unwrap();
        let prints: Vec<_> = results
            .iter()
            .map(|r| (fingerprint(r).unwrap(), super::start(r).0))
            .collect();
        assert_eq!(prints, [("abc:1", 10), ("abc:2", 20)]);
        assert_eq!(
            results[0].rule_index,
            Some(0),
            "pointed at the merged rules"
        );
    }

    /// A helper that runs what it is given, reached from the sources of two files, is two
    /// findings at one place, as the scan reports them; the same flow from two partitions is one.
    #[test]
    fn findings_of_one_place_whose_flows_start_in_different_files_stay_apart() {
        let from = |origin: &str, fingerprint: &str| {
            let mut found = result(fingerprint, 10, "error");
            found["codeFlows"] = json!([{ "threadFlows": [{ "locations": [
                { "location": { "physicalLocation": {
                    "artifactLocation": { "uri": origin, "uriBaseId": "%SRCROOT%" },
                    "region": { "startLine": 3 } } } },
                { "location": { "physicalLocation": {
                    "artifactLocation": { "uri": "a.py", "uriBaseId": "%SRCROOT%" },
                    "region": { "startLine": 10 } } } }
            ]}]}]);
            found
        };
        // One part with both (numbered as the scan numbered them), another with the second
        // again and a third file's: in the scan's order, by where the flows start.
        let whole = run(
            vec![from("b.py", "abc:1"), from("c.py", "abc:2")],
            json!({}),
        );
        let part = run(
            vec![from("d.py", "abc:1"), from("c.py", "abc:1")],
            json!({}),
        );
        let merged = merge_logs(vec![log(vec![part]), log(vec![whole])]).unwrap();
        let results = merged.log.runs[0].results.as_ref().unwrap();
        let found: Vec<(&str, &str)> = results
            .iter()
            .map(|r| (super::origin(r), fingerprint(r).unwrap()))
            .collect();
        assert_eq!(
            found,
            [("b.py", "abc:1"), ("c.py", "abc:2"), ("d.py", "abc:3")]
        );
    }

    /// Regression: the merge kept a finding without a flow apart from the same finding with
    /// one, where the scan's dedup joins them; the one with the flow is kept, with every
    /// reviewer.
    #[test]
    fn a_finding_without_a_flow_joins_the_same_finding_with_one() {
        let flowed = flowing_from("b.py");
        let mut flowless = result("abc:1", 10, "error");
        flowless["properties"]["reviewers"] = json!(["llm:gpt"]);
        for parts in [
            [flowless.clone(), flowed.clone()],
            [flowed.clone(), flowless.clone()],
        ] {
            let [first, second] = parts;
            let merged = merge_logs(vec![
                log(vec![run(vec![first], json!({}))]),
                log(vec![run(vec![second], json!({}))]),
            ])
            .unwrap();
            let results = merged.log.runs[0].results.as_ref().unwrap();
            assert_eq!(results.len(), 1);
            assert_eq!(super::origin(&results[0]), "b.py");
            let properties = &results[0]
                .properties
                .as_ref()
                .unwrap()
                .additional_properties;
            let reviewers = properties["reviewers"].as_array().unwrap();
            assert_eq!(reviewers.len(), 2, "{reviewers:?}");
            assert!(reviewers.contains(&json!("llm:gpt")) && reviewers.contains(&json!("rules")));
        }
    }

    /// Review: a finding without a flow joined whichever finding with a flow came first, so the
    /// merge depended on the order of its inputs; and it hid a live finding under a suppressed
    /// one, which the scan's dedup never does.
    #[test]
    fn a_finding_without_a_flow_joins_the_first_origin_by_path_and_only_alike_suppressed() {
        let mut flowless = result("abc:1", 10, "error");
        flowless["properties"]["reviewers"] = json!(["llm:gpt"]);
        let mut suppressed = result("abc:1", 10, "error");
        suppressed["suppressions"] = json!([{ "kind": "external", "justification": "baseline" }]);
        let reviewers = |r: &crate::model::sarif::SarifResult| {
            r.properties.as_ref().unwrap().additional_properties["reviewers"].clone()
        };
        for order in [["c.py", "b.py"], ["b.py", "c.py"]] {
            for flowless_first in [true, false] {
                for (alone, expected) in [
                    (&flowless, [("b.py", false), ("c.py", false)].as_slice()),
                    (&suppressed, &[("", true), ("b.py", false), ("c.py", false)]),
                ] {
                    let mut parts = vec![
                        log(vec![run(vec![flowing_from(order[0])], json!({}))]),
                        log(vec![run(vec![flowing_from(order[1])], json!({}))]),
                    ];
                    let rest = log(vec![run(vec![alone.clone()], json!({}))]);
                    if flowless_first {
                        parts.insert(0, rest);
                    } else {
                        parts.push(rest);
                    }
                    let merged = merge_logs(parts).unwrap();
                    let results = merged.log.runs[0].results.as_ref().unwrap();
                    let found: Vec<(&str, bool)> = results
                        .iter()
                        .map(|r| (super::origin(r), r.suppressions.is_some()))
                        .collect();
                    assert_eq!(found, expected);
                    let (b, c) = (&results[found.len() - 2], &results[found.len() - 1]);
                    let joined = if std::ptr::eq(alone, &flowless) {
                        json!(["rules", "llm:gpt"])
                    } else {
                        json!(["rules"])
                    };
                    assert_eq!(reviewers(b), joined);
                    assert_eq!(reviewers(c), json!(["rules"]));
                }
            }
        }
    }

    /// Regression: the merge ordered flows by their origins' URIs, the scan by their paths, so a
    /// file named with a letter beyond ASCII took its ordinal before a plain one in the merge
    /// and after it in the scan.
    #[test]
    fn origins_are_ordered_by_their_paths_not_their_encoded_uris() {
        let merged = merge_logs(vec![
            log(vec![run(vec![flowing_from("%C3%A9t%C3%A9.py")], json!({}))]),
            log(vec![run(vec![flowing_from("b.py")], json!({}))]),
        ])
        .unwrap();
        let results = merged.log.runs[0].results.as_ref().unwrap();
        let found: Vec<(&str, &str)> = results
            .iter()
            .map(|r| (super::origin(r), fingerprint(r).unwrap()))
            .collect();
        assert_eq!(found, [("b.py", "abc:1"), ("%C3%A9t%C3%A9.py", "abc:2")]);
    }

    #[test]
    fn a_finding_reported_twice_keeps_every_reviewer_and_suppression() {
        let mut rules = result("abc:1", 10, "error");
        rules["suppressions"] = json!([{ "kind": "inSource", "justification": "inline" }]);
        let mut agent = result("abc:1", 10, "error");
        agent["properties"]["reviewers"] = json!(["rules", "llm:gpt"]);
        agent["suppressions"] = json!([
            { "kind": "inSource", "justification": "inline" },
            { "kind": "external", "justification": "baseline" }
        ]);
        let mut bare = result("zzz:1", 3, "note");
        bare["properties"] = json!({ "confidence": 0.5 });
        let mut bare_again = result("zzz:1", 3, "note");
        bare_again["properties"]["reviewers"] = json!(["llm:gpt"]);
        let merged = merge_logs(vec![
            log(vec![run(vec![rules, bare], json!({}))]),
            log(vec![run(vec![agent, bare_again], json!({}))]),
        ])
        .unwrap();
        let results = merged.log.runs[0].results.as_ref().unwrap();
        assert_eq!(results.len(), 2);
        let reviewers = |i: usize| {
            results[i]
                .properties
                .as_ref()
                .unwrap()
                .additional_properties["reviewers"]
                .clone()
        };
        assert_eq!(reviewers(0), json!(["llm:gpt"]), "line 3 first");
        assert_eq!(reviewers(1), json!(["rules", "llm:gpt"]));
        let kinds: Vec<_> = results[1]
            .suppressions
            .iter()
            .flatten()
            .map(|s| s.kind.clone())
            .collect();
        assert_eq!(kinds, [json!("inSource"), json!("external")]);
    }
}
