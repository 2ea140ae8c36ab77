//! Merging shardscan SARIF logs (one per partition, machine or category) into one log with one
//! run per category, as one scan of everything would have written it: rules united, results
//! deduplicated and their fingerprints numbered again, notifications and metrics combined, and
//! GitHub's limits enforced again on the whole by the scan's own loop ([`super::limits`]).
//!
//! Inputs are read and checked once, at the edge ([`crate::model::sarif::read`]), into the typed
//! model the scan writes, so the merge may rely on the shape checked there. Nothing a shardscan
//! run holds is lost on the way: the schema allows no field the model lacks but in `properties`
//! bags, which the model keeps as JSON (and [`properties`] merges as JSON).

mod properties;
mod results;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::{self, Write};

use super::limits::{self, Origin, MAX_NOTIFICATIONS, MAX_RUNS};
use super::{category_of_id, notification, JOIN_LEFT_TO_MERGE, SCHEMA_URI};
use crate::model::sarif::{
    ArtifactLocation, Invocation, Log, Notification, ReportingDescriptor, Run,
    RunAutomationDetails, SarifResult, VERSION,
};

#[derive(Debug, thiserror::Error)]
pub(crate) enum MergeError {
    #[error("the merged log would have {count} runs (one per category) and GitHub accepts at most {MAX_RUNS}\nhint: merge and upload the categories in several files")]
    TooManyRuns { count: usize },
    #[error("the summaries are of {}, which no SARIF input has\nhint: merge the summaries with the SARIF files of the same partitions", if category.is_empty() { String::from("the default category") } else { format!("category `{category}`") })]
    NoRunFor { category: String },
    #[error("{input} left its flows across files to the merge (`scan --summaries-out`): without the partitions' summaries they would be lost\nhint: add `--summaries` with every partition's summaries file")]
    SummariesMissing { input: String },
}

/// The merged log, ready for [`render`].
#[derive(Debug)]
pub(crate) struct MergedLog {
    /// One run per category; results deduplicated, sorted by location, fingerprints renumbered,
    /// `ruleIndex` pointing into the merged rules. Not yet cut to GitHub's limits.
    log: Log,
    /// Things the user should know that do not belong in the log (inputs merged once).
    pub(crate) warnings: Vec<String>,
}

impl MergedLog {
    pub(crate) fn runs(&self) -> usize {
        self.log.runs.len()
    }

    /// Results in all runs, before any cut for GitHub's limits.
    pub(crate) fn results(&self) -> usize {
        let results = self.log.runs.iter().map(|run| run.results.as_ref());
        results.map(|results| results.map_or(0, Vec::len)).sum()
    }
}

/// The category of a run: what precedes the last `/` of `automationDetails.id`, as GitHub reads
/// it; empty (the default category) without one.
fn category(run: &Run) -> &str {
    run.automation_details
        .as_ref()
        .and_then(|details| details.id.as_deref())
        .map_or("", category_of_id)
}

/// Merges `inputs` (a name for messages, and a log from the reader) into one run per category,
/// in the order the categories first appear, with the `added` results of each category (what
/// the join of the partitions' summaries found). A run equal to one already taken is merged
/// once, with a warning: merging a file with itself must not double its metrics. `added` has
/// an entry (maybe with no results) for each category whose partitions' summaries were joined.
pub(crate) fn merge(
    inputs: Vec<(String, Log)>,
    added: Vec<(String, Vec<SarifResult>)>,
) -> Result<MergedLog, MergeError> {
    struct Group {
        category: String,
        runs: Vec<Run>,
        sources: Vec<String>,
        added: Vec<SarifResult>,
    }
    let mut groups: Vec<Group> = Vec::new();
    let mut warnings = Vec::new();
    for (name, log) in inputs {
        let count = log.runs.len();
        for (i, run) in log.runs.into_iter().enumerate() {
            let source = if count == 1 {
                format!("`{name}`")
            } else {
                format!("run {} of `{name}`", i + 1)
            };
            let position = match groups.iter().position(|g| g.category == category(&run)) {
                Some(position) => position,
                None => {
                    groups.push(Group {
                        category: category(&run).to_string(),
                        runs: Vec::new(),
                        sources: Vec::new(),
                        added: Vec::new(),
                    });
                    groups.len() - 1
                }
            };
            let group = &mut groups[position];
            if let Some(same) = group.runs.iter().position(|taken| *taken == run) {
                warnings.push(format!(
                    "{source} is identical to {}: merged once",
                    group.sources[same]
                ));
                continue;
            }
            group.runs.push(run);
            group.sources.push(source);
        }
    }
    // A partition that left its flows across files to the merge is whole only with the
    // summaries of its category joined.
    let joined: HashSet<&str> = added
        .iter()
        .map(|(category, _)| category.as_str())
        .collect();
    for group in groups
        .iter()
        .filter(|g| !joined.contains(g.category.as_str()))
    {
        let left = group.runs.iter().zip(&group.sources).find(|(run, _)| {
            run.properties
                .as_ref()
                .and_then(|p| p.additional_properties.get(JOIN_LEFT_TO_MERGE))
                .is_some_and(|v| *v == serde_json::Value::Bool(true))
        });
        if let Some((_, source)) = left {
            return Err(MergeError::SummariesMissing {
                input: source.clone(),
            });
        }
    }
    for (category, results) in added {
        match groups.iter_mut().find(|g| g.category == category) {
            Some(group) => group.added.extend(results),
            None => return Err(MergeError::NoRunFor { category }),
        }
    }
    if groups.len() > MAX_RUNS {
        return Err(MergeError::TooManyRuns {
            count: groups.len(),
        });
    }
    let runs: Vec<Run> = groups
        .into_iter()
        .map(|group| merge_category(&group.category, group.runs, group.added, &mut warnings))
        .collect();
    let log = Log::builder()
        .schema(SCHEMA_URI)
        .version(VERSION)
        .runs(runs)
        .build();
    Ok(MergedLog { log, warnings })
}

/// The runs of one category as one run: the first run's fields, with everything the others
/// hold merged in.
fn merge_category(
    category: &str,
    mut runs: Vec<Run>,
    added: Vec<SarifResult>,
    warnings: &mut Vec<String>,
) -> Run {
    let mut versions: Vec<&str> = Vec::new();
    for run in &runs {
        let version = run.tool.driver.version.as_deref().unwrap_or("?");
        if !versions.contains(&version) {
            versions.push(version);
        }
    }
    if versions.len() > 1 {
        warnings.push(format!(
            "the inputs{} come from different shardscan versions ({}): rules are described as the first has them",
            if category.is_empty() { String::new() } else { format!(" of category `{category}`") },
            versions.join(", ")
        ));
    }

    let properties = properties::merge_properties(&runs);
    let invocation = merge_invocations(&runs);
    // Relative URIs resolve against `%SRCROOT%`; each machine's own root is as good as another,
    // so the first input's stands and bases only the others declare are kept.
    let mut bases: BTreeMap<String, ArtifactLocation> = BTreeMap::new();
    for run in &runs {
        for (id, location) in run.original_uri_base_ids.iter().flatten() {
            bases.entry(id.clone()).or_insert_with(|| location.clone());
        }
    }
    let same_details = runs
        .iter()
        .all(|run| run.automation_details == runs[0].automation_details);

    let results = results::merge_results(
        runs.iter_mut()
            .map(|run| run.results.take().unwrap_or_default())
            .chain(std::iter::once(added)),
    );
    // The first description of an id wins.
    let mut rules: Vec<ReportingDescriptor> = Vec::new();
    let mut ids = HashSet::new();
    for run in &mut runs {
        for rule in run.tool.driver.rules.take().into_iter().flatten() {
            if ids.insert(rule.id.clone()) {
                rules.push(rule);
            }
        }
    }
    let used: HashSet<&str> = results
        .iter()
        .filter_map(|r| r.rule_id.as_deref())
        .collect();
    limits::cap_rules(&mut rules, &used);
    let positions: HashMap<&str, i64> = rules
        .iter()
        .zip(0..)
        .map(|(rule, i)| (rule.id.as_str(), i))
        .collect();
    let mut results = results;
    for result in &mut results {
        result.rule_index = result
            .rule_id
            .as_deref()
            .and_then(|id| positions.get(id).copied());
    }

    let mut merged = runs.swap_remove(0);
    merged.tool.driver.rules = Some(rules);
    merged.results = Some(results);
    merged.invocations = Some(vec![invocation]);
    if !bases.is_empty() {
        merged.original_uri_base_ids = Some(bases);
    }
    if !same_details {
        merged.automation_details = (!category.is_empty()).then(|| {
            RunAutomationDetails::builder()
                .id(format!("{category}/"))
                .build()
        });
    }
    let mut properties = properties;
    // Whatever the parts left to the merge is done (or refused above).
    properties.additional_properties.remove(JOIN_LEFT_TO_MERGE);
    merged.properties = Some(properties);
    merged
}

/// One invocation for the merged run: successful when every input's was, with their
/// notifications, each once, at most [`MAX_NOTIFICATIONS`] of them.
fn merge_invocations(runs: &[Run]) -> Invocation {
    let mut successful = true;
    let mut notifications: Vec<Notification> = Vec::new();
    let mut seen = HashSet::new();
    let mut dropped = 0usize;
    let invocations = || runs.iter().flat_map(|run| run.invocations.iter().flatten());
    for invocation in invocations() {
        successful &= invocation.execution_successful;
    }
    // Errors and warnings (unreviewed shards, file problems) before notes (skipped files), so a
    // long list of skipped files never pushes out what left a run incomplete.
    let is_note = |n: &Notification| n.level.as_ref().is_some_and(|l| l == "note");
    let notes_last = [false, true].into_iter().flat_map(|notes| {
        invocations()
            .flat_map(|invocation| invocation.tool_execution_notifications.iter().flatten())
            .filter(move |n| is_note(n) == notes)
    });
    {
        for listed in notes_last {
            let key = serde_json::to_string(listed).expect("a notification is JSON");
            if !seen.insert(key) {
                continue;
            }
            if notifications.len() < MAX_NOTIFICATIONS {
                notifications.push(listed.clone());
            } else {
                dropped += 1;
            }
        }
    }
    if dropped > 0 {
        notifications.push(notification(
            "error",
            "notifications-truncated",
            format!("{dropped} more notifications (unreviewed shards, file problems, skipped files) are in the input files"),
        ));
    }
    Invocation::builder()
        .execution_successful(successful)
        .tool_execution_notifications(notifications)
        .build()
}

/// Writes the merged log as pretty JSON with a trailing newline, cut as a scan cuts its own until
/// it fits GitHub's limits; each cut is said in a notification.
pub(crate) fn render(merged: &MergedLog, out: &mut dyn Write) -> io::Result<()> {
    limits::write_within_limits(merged.log.clone(), None, Origin::Merge, out)
}

#[cfg(test)]
mod tests;
