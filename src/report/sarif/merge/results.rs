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
/// finding with no flow is the same as one of that place with a flow, whatever its origin, as
/// the scan's dedup has it; the one with the flow is kept.
pub(super) fn merge_results(runs: impl Iterator<Item = Vec<SarifResult>>) -> Vec<SarifResult> {
    let mut results: Vec<SarifResult> = Vec::new();
    // Per place, the results kept there.
    let mut index: HashMap<(String, i64, i64), Vec<usize>> = HashMap::new();
    for result in runs.flatten() {
        let kept_here = index.entry(identity(&result)).or_default();
        let same = kept_here.iter().copied().find(|&kept| {
            let (kept, new) = (origin(&results[kept]), origin(&result));
            kept == new || kept.is_empty() || new.is_empty()
        });
        match same {
            Some(kept) if origin(&results[kept]).is_empty() && !origin(&result).is_empty() => {
                let flowless = std::mem::replace(&mut results[kept], result);
                absorb(&mut results[kept], flowless);
            }
            Some(kept) => absorb(&mut results[kept], result),
            None => {
                kept_here.push(results.len());
                results.push(result);
            }
        }
    }
    results.sort_by_cached_key(order);
    renumber(&mut results);
    results
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

fn identity(result: &SarifResult) -> (String, i64, i64) {
    let what = match fingerprint(result) {
        Some(fingerprint) => format!("fp\0{}", split_ordinal(fingerprint).0),
        None => format!(
            "at\0{}\0{}",
            result.rule_id.as_deref().unwrap_or(""),
            uri(result)
        ),
    };
    let (line, column) = start(result);
    (what, line, column)
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

/// File, line, column, rule, then where the flow starts: the order of a scan's results (the join
/// reports one sink's flows from the files in order). Files are compared as the scan compares
/// them, by their paths, not by their percent-encoded URIs (`é` is `%C3%A9`, which sorts before
/// `a`), or equal findings of two origins would be numbered apart from the scan's numbers.
pub(super) fn order(result: &SarifResult) -> (Vec<u8>, i64, i64, String, Vec<u8>) {
    let path = |uri: &str| percent_encoding::percent_decode_str(uri).collect::<Vec<u8>>();
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

    use super::super::merge;
    use super::super::tests::{log, result, run};
    use crate::model::sarif::fingerprint;

    #[test]
    fn equal_findings_cut_apart_are_numbered_again_in_file_order() {
        let first = run(vec![result("abc:1", 10, "error")], json!({}));
        let second = run(
            vec![result("abc:1", 20, "error"), result("abc:1", 10, "error")],
            json!({}),
        );
        let merged = merge(vec![log(vec![second]), log(vec![first])]).unwrap();
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
        let merged = merge(vec![log(vec![part]), log(vec![whole])]).unwrap();
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
        let mut flowed = result("abc:1", 10, "error");
        flowed["codeFlows"] = json!([{ "threadFlows": [{ "locations": [
            { "location": { "physicalLocation": {
                "artifactLocation": { "uri": "b.py", "uriBaseId": "%SRCROOT%" },
                "region": { "startLine": 3 } } } }
        ]}]}]);
        let mut flowless = result("abc:1", 10, "error");
        flowless["properties"]["reviewers"] = json!(["llm:gpt"]);
        for parts in [
            [flowless.clone(), flowed.clone()],
            [flowed.clone(), flowless.clone()],
        ] {
            let [first, second] = parts;
            let merged = merge(vec![
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

    /// Regression: the merge ordered flows by their origins' URIs, the scan by their paths, so a
    /// file named with a letter beyond ASCII took its ordinal before a plain one in the merge
    /// and after it in the scan.
    #[test]
    fn origins_are_ordered_by_their_paths_not_their_encoded_uris() {
        let from = |origin: &str| {
            let mut found = result("abc:1", 10, "error");
            found["codeFlows"] = json!([{ "threadFlows": [{ "locations": [
                { "location": { "physicalLocation": {
                    "artifactLocation": { "uri": origin, "uriBaseId": "%SRCROOT%" },
                    "region": { "startLine": 3 } } } }
            ]}]}]);
            found
        };
        let merged = merge(vec![
            log(vec![run(vec![from("%C3%A9t%C3%A9.py")], json!({}))]),
            log(vec![run(vec![from("b.py")], json!({}))]),
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
        let merged = merge(vec![
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
