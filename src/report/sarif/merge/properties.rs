//! The `properties` of a merged run: counts add up, peaks and times keep their largest, shares are
//! weighed by each run's duration.

use serde_json::{json, Map, Value};

use super::results::unite;
use crate::model::sarif::{PropertyBag, Run};

/// How a figure of two runs' `properties` combines.
#[derive(Debug, PartialEq)]
enum Combine {
    /// Counts of things each run did: files, lines, shards, suppressed, skipped, agents started,
    /// requests, tokens, cost. Partitions split the work, so their counts add up; this is also
    /// the default for figures this code does not know, as most are counts.
    Sum,
    /// Peaks, sizes of a pool and times: partitions run side by side, so the merged run took as
    /// long as its slowest part and was as wide as its widest.
    Max,
    /// Shares of a run's time (utilization, overlap, first dispatch): a mean weighted by each
    /// run's `durationSeconds`.
    Mean,
}

fn combine_rule(key: &str) -> Combine {
    match key {
        "workers" | "cap" | "final_limit" | "wall_seconds" | "durationSeconds" => Combine::Max,
        "utilization" => Combine::Mean,
        _ if key.contains("peak") || key.contains("Peak") => Combine::Max,
        _ if key.ends_with("share") || key.ends_with("Share") => Combine::Mean,
        _ => Combine::Sum,
    }
}

/// The merged run's `properties`: every figure of `metrics` (and any other property) combined by
/// [`combine_rule`]; lists united; differing strings joined with `; `; objects merged key by key.
/// `mergedFrom` counts the scans merged, an input that was itself a merge counting for as many
/// as it says. When partitions count only their own share (files, lines and shards they cut and
/// reviewed), the sums equal the figures of one scan of everything.
pub(super) fn merge_properties(runs: &[Run]) -> PropertyBag {
    let mut merged = Value::Null;
    let mut weight = 0.0;
    let mut scans = 0u64;
    for run in runs {
        let properties = run.properties.as_ref().map_or(Value::Null, to_json);
        scans += properties["mergedFrom"].as_u64().unwrap_or(1);
        // Runs that took no measurable time still count, equally.
        let own = properties["metrics"]["durationSeconds"]
            .as_f64()
            .unwrap_or(0.0)
            .max(f64::MIN_POSITIVE);
        combine("", &mut merged, &properties, (weight, own));
        weight += own;
    }
    let mut merged = match merged {
        Value::Object(object) => object,
        _ => Map::new(),
    };
    merged.insert("mergedFrom".into(), json!(scans));
    let tags = merged
        .remove("tags")
        .and_then(|tags| serde_json::from_value(tags).ok());
    PropertyBag {
        tags,
        additional_properties: merged.into_iter().collect(),
    }
}

/// A property bag as the JSON object it is written as, `tags` a property like any other.
fn to_json(bag: &PropertyBag) -> Value {
    let mut object: Map<String, Value> = bag
        .additional_properties
        .iter()
        .map(|(key, value)| (key.clone(), value.clone()))
        .collect();
    if let Some(tags) = &bag.tags {
        object.insert("tags".into(), json!(tags));
    }
    Value::Object(object)
}

fn combine(key: &str, into: &mut Value, from: &Value, weights: (f64, f64)) {
    if into.is_null() {
        *into = from.clone();
        return;
    }
    match (into, from) {
        (Value::Object(into), Value::Object(from)) => {
            for (key, value) in from {
                match into.get_mut(key) {
                    Some(slot) => combine(key, slot, value, weights),
                    None => {
                        into.insert(key.clone(), value.clone());
                    }
                }
            }
        }
        (Value::Number(into), Value::Number(from)) => {
            *into = combine_numbers(combine_rule(key), into, from, weights);
        }
        (Value::Array(into), Value::Array(from)) => unite(into, from.iter().cloned()),
        (Value::String(into), Value::String(from))
            if !into.split("; ").any(|part| part == from) =>
        {
            into.push_str("; ");
            into.push_str(from);
        }
        (Value::Bool(into), Value::Bool(from)) => *into |= *from,
        // Different types: the first run's value stands.
        _ => {}
    }
}

fn combine_numbers(
    rule: Combine,
    a: &serde_json::Number,
    b: &serde_json::Number,
    (weight_a, weight_b): (f64, f64),
) -> serde_json::Number {
    if let (Some(x), Some(y)) = (a.as_u64(), b.as_u64()) {
        match rule {
            Combine::Sum => return x.saturating_add(y).into(),
            Combine::Max => return x.max(y).into(),
            Combine::Mean => {}
        }
    }
    let (x, y) = (a.as_f64().unwrap_or(0.0), b.as_f64().unwrap_or(0.0));
    let value = match rule {
        Combine::Sum => x + y,
        Combine::Max => x.max(y),
        Combine::Mean => (x * weight_a + y * weight_b) / (weight_a + weight_b),
    };
    serde_json::Number::from_f64(value).unwrap_or_else(|| a.clone())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::tests::{log, merge_logs, run};

    #[test]
    fn metrics_add_counts_and_keep_peaks_and_weigh_shares() {
        let a = json!({ "files": 3, "durationSeconds": 1.0, "skipped": { "binary": 1 },
                        "pool": { "workers": 4, "peak_concurrency": 4, "utilization": 0.5,
                                  "wall_seconds": 1.0, "agents_started": 3 } });
        let b = json!({ "files": 2, "durationSeconds": 3.0, "skipped": { "binary": 2, "minified": 1 },
                        "pool": { "workers": 2, "peak_concurrency": 2, "utilization": 0.9,
                                  "wall_seconds": 3.0, "agents_started": 2 } });
        let merged =
            merge_logs(vec![log(vec![run(vec![], a)]), log(vec![run(vec![], b)])]).unwrap();
        let bag = merged.log.runs[0].properties.as_ref().unwrap();
        let properties = serde_json::to_value(bag).unwrap();
        assert_eq!(properties["mergedFrom"], 2);
        let metrics = &properties["metrics"];
        assert_eq!(metrics["files"], 5);
        assert_eq!(metrics["durationSeconds"], 3.0);
        assert_eq!(metrics["skipped"], json!({ "binary": 3, "minified": 1 }));
        assert_eq!(metrics["pool"]["workers"], 4);
        assert_eq!(metrics["pool"]["peak_concurrency"], 4);
        assert_eq!(metrics["pool"]["agents_started"], 5);
        let utilization = metrics["pool"]["utilization"].as_f64().unwrap();
        assert!((utilization - 0.8).abs() < 1e-9, "{utilization}");
    }
}
