//! Results of a merged run: one per finding, in a scan's order, fingerprints numbered as one
//! scan of everything would number them.

use std::collections::HashMap;

use serde_json::{json, Value};

use super::FINGERPRINT;

/// Results of every run, one per finding, sorted as a scan sorts them.
///
/// A finding is what it is and where it is: the `shardscan/v1` fingerprint without its `:N`
/// ordinal (rule, file, enclosing definition, code) and the start of its region; without a
/// fingerprint, the rule, URI and start. The ordinal is left out because each partition numbers
/// equal findings on its own (two in one function, cut into two shards reviewed apart, are both
/// `:1`); after the merge they are numbered again in file order, as one scan of everything would
/// number them.
pub(super) fn merge_results(runs: &[&Value]) -> Vec<Value> {
    let mut results: Vec<Value> = Vec::new();
    let mut index: HashMap<(String, u64, u64), usize> = HashMap::new();
    for run in runs {
        for result in run["results"].as_array().into_iter().flatten() {
            let key = identity(result);
            match index.get(&key) {
                Some(&kept) => absorb(&mut results[kept], result),
                None => {
                    index.insert(key, results.len());
                    results.push(result.clone());
                }
            }
        }
    }
    results.sort_by_cached_key(order);
    renumber(&mut results);
    results
}

fn region(result: &Value) -> &Value {
    &result["locations"][0]["physicalLocation"]
}

fn identity(result: &Value) -> (String, u64, u64) {
    let what = match result["partialFingerprints"][FINGERPRINT].as_str() {
        Some(fingerprint) => format!("fp\0{}", split_ordinal(fingerprint).0),
        None => format!(
            "at\0{}\0{}",
            result["ruleId"].as_str().unwrap_or(""),
            region(result)["artifactLocation"]["uri"]
                .as_str()
                .unwrap_or("")
        ),
    };
    let start = &region(result)["region"];
    (
        what,
        start["startLine"].as_u64().unwrap_or(0),
        start["startColumn"].as_u64().unwrap_or(0),
    )
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

/// File, line, column, rule: the order of a scan's results.
pub(super) fn order(result: &Value) -> (String, u64, u64, String) {
    let physical = region(result);
    (
        physical["artifactLocation"]["uri"]
            .as_str()
            .unwrap_or("")
            .to_string(),
        physical["region"]["startLine"].as_u64().unwrap_or(0),
        physical["region"]["startColumn"].as_u64().unwrap_or(0),
        result["ruleId"].as_str().unwrap_or("").to_string(),
    )
}

/// A second report of a kept finding adds its suppressions and reviewers.
fn absorb(kept: &mut Value, duplicate: &Value) {
    let Some(kept) = kept.as_object_mut() else {
        return;
    };
    if let Some(from) = duplicate["suppressions"].as_array() {
        unite(
            kept.entry("suppressions").or_insert_with(|| json!([])),
            from,
        );
    }
    if let Some(from) = duplicate["properties"]["reviewers"].as_array() {
        if let Some(properties) = kept
            .entry("properties")
            .or_insert_with(|| json!({}))
            .as_object_mut()
        {
            unite(
                properties.entry("reviewers").or_insert_with(|| json!([])),
                from,
            );
        }
    }
}

/// Appends to `into` (an array) the items of `from` it lacks.
pub(super) fn unite(into: &mut Value, from: &[Value]) {
    if let Some(into) = into.as_array_mut() {
        for item in from {
            if !into.contains(item) {
                into.push(item.clone());
            }
        }
    }
}

fn renumber(results: &mut [Value]) {
    let mut seen: HashMap<String, usize> = HashMap::new();
    for result in results {
        let Some(slot) = result
            .get_mut("partialFingerprints")
            .and_then(|f| f.get_mut(FINGERPRINT))
        else {
            continue;
        };
        let Some(fingerprint) = slot.as_str() else {
            continue;
        };
        let (base, Some(_)) = split_ordinal(fingerprint) else {
            continue;
        };
        let base = base.to_string();
        let count = seen.entry(base.clone()).or_default();
        *count += 1;
        *slot = Value::String(format!("{base}:{count}"));
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::tests::{log, result, run};
    use super::super::{merge, FINGERPRINT};

    #[test]
    fn equal_findings_cut_apart_are_numbered_again_in_file_order() {
        let first = run(vec![result("abc:1", 10, "error")], json!({}));
        let second = run(
            vec![result("abc:1", 20, "error"), result("abc:1", 10, "error")],
            json!({}),
        );
        let merged = merge(&[log(vec![second]), log(vec![first])]).unwrap();
        let results = &merged.runs[0].results;
        let prints: Vec<_> = results
            .iter()
            .map(|r| {
                (
                    r["partialFingerprints"][FINGERPRINT].clone(),
                    r["locations"][0]["physicalLocation"]["region"]["startLine"].clone(),
                )
            })
            .collect();
        assert_eq!(
            prints,
            vec![(json!("abc:1"), json!(10)), (json!("abc:2"), json!(20))]
        );
        assert_eq!(results[0]["ruleIndex"], 0, "pointed at the merged rules");
    }
}
