//! GitHub's limits on a SARIF upload (`../shared/sarif/GITHUB.md`: one over rejects the whole
//! file) and the one loop that cuts a log until it fits, for a scan's log and a merged one alike:
//! snippets go first, then results (the most severe stay), and each cut is said in a notification
//! of the run it was made in.

use std::cmp::Reverse;
use std::collections::HashSet;
use std::io::{self, Write};

use super::notification;
use crate::model::sarif::{
    Invocation, Log, Notification, ReportingDescriptor, ResultLevel, Run, SarifResult,
};

/// Runs per file (one per category).
pub(super) const MAX_RUNS: usize = 20;
/// Results per run (code scanning shows the top 5,000).
pub(super) const MAX_RESULTS: usize = 25_000;
/// Rules per run.
pub(super) const MAX_RULES: usize = 25_000;
/// Tags per rule (10 are kept).
pub(super) const MAX_TAGS: usize = 20;
/// The gzip-compressed upload.
pub(super) const MAX_GZIP_BYTES: usize = 10 * 1024 * 1024;
/// A rule's `shortDescription` and `fullDescription`.
pub(super) const MAX_DESCRIPTION: usize = 1_024;
/// A rule's `name`.
pub(super) const MAX_RULE_NAME: usize = 255;
/// Notifications are not limited by GitHub, but thousands of them help nobody.
pub(super) const MAX_NOTIFICATIONS: usize = 1_000;

/// Who wrote the log, for the notification of a cut: where the results left out can be found.
#[derive(Clone, Copy, Debug)]
pub(super) enum Origin {
    Scan,
    Merge,
}

impl Origin {
    fn truncated(self, total: usize, kept: usize) -> String {
        let (what, rest) = match self {
            Origin::Scan => ("found", "Use the JSON report for all of them."),
            Origin::Merge => ("after merging", "The merged input files hold all of them."),
        };
        format!(
            "{total} results {what}; only the {kept} most severe are in this file (GitHub's limits on results per run and on file size). {rest}"
        )
    }
}

/// How much of a log to keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Trim {
    pub(super) snippets: bool,
    /// Results per run; never more than [`MAX_RESULTS`].
    pub(super) max_results: usize,
}

impl Default for Trim {
    fn default() -> Self {
        Trim {
            snippets: true,
            max_results: MAX_RESULTS,
        }
    }
}

impl Trim {
    /// The next cut when the file is still too big: snippets first, then half the results of
    /// the largest run (`most`), again and again.
    fn next(self, most: usize) -> Trim {
        if self.snippets {
            Trim {
                snippets: false,
                ..self
            }
        } else {
            Trim {
                max_results: most.min(self.max_results) / 2,
                ..self
            }
        }
    }
}

/// Writes `log` as pretty JSON with a trailing newline, cut until it fits GitHub's 10 MB
/// compressed limit (and to at most [`MAX_RESULTS`] results per run in any case).
///
/// The log is cut in place, never copied: snippets first, then the results, halved again and
/// again. Keeping the most severe half of what the last cut kept keeps what one cut of all would
/// have (the choice is stable, by severity and then file order). Each candidate is measured as it
/// is serialized, into a byte counter and then, only when it is over 10 MB as text, into a gzip
/// encoder that keeps nothing but the count: a log at GitHub's limits is some 100 MB of text,
/// which is never held in memory.
/// `totals` are each run's results before any cut, when the log was built with fewer (`None`:
/// the log holds them all).
pub(super) fn write_within_limits(
    mut log: Log,
    totals: Option<Vec<usize>>,
    origin: Origin,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut cuts = Cuts::new(&log, totals, origin);
    let mut trim = Trim::default();
    loop {
        cuts.apply(&mut log, trim);
        if trim.max_results == 0 || fits(&log)? {
            let mut out = io::BufWriter::new(out);
            serde_json::to_writer_pretty(&mut out, &log).map_err(io::Error::from)?;
            out.write_all(b"\n")?;
            return out.flush();
        }
        trim = trim.next(cuts.most);
    }
}

/// Whether `log`, written as [`write_within_limits`] writes it, fits GitHub's compressed limit.
fn fits(log: &Log) -> io::Result<bool> {
    let mut text = Counter(1);
    serde_json::to_writer_pretty(&mut text, log).map_err(io::Error::from)?;
    if text.0 <= MAX_GZIP_BYTES {
        return Ok(true);
    }
    // The fast level compresses less than the default, so the estimate errs on the safe side.
    // The serializer writes a token at a time; the encoder wants blocks.
    let mut compressed = io::BufWriter::with_capacity(
        1 << 16,
        flate2::write::GzEncoder::new(Counter(0), flate2::Compression::fast()),
    );
    serde_json::to_writer_pretty(&mut compressed, log).map_err(io::Error::from)?;
    compressed.write_all(b"\n")?;
    let encoder = compressed.into_inner().map_err(|e| e.into_error())?;
    Ok(encoder.finish()?.0 <= MAX_GZIP_BYTES)
}

/// A writer that only counts what it is given.
struct Counter(usize);

impl Write for Counter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0 += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn results(run: &Run) -> usize {
    run.results.as_ref().map_or(0, Vec::len)
}

/// The cuts made in a log so far, so that each new one can replace what the last one said.
struct Cuts {
    origin: Origin,
    /// Each run's results before any cut.
    totals: Vec<usize>,
    /// The most results in one run.
    most: usize,
    /// The notifications the last cut added, per run.
    said: Vec<Vec<Notification>>,
}

impl Cuts {
    fn new(log: &Log, totals: Option<Vec<usize>>, origin: Origin) -> Cuts {
        let totals = totals.unwrap_or_else(|| log.runs.iter().map(results).collect());
        Cuts {
            origin,
            most: totals.iter().copied().max().unwrap_or(0),
            said: vec![Vec::new(); totals.len()],
            totals,
        }
    }

    /// Cuts `log` to what `trim` keeps, saying so in a notification of each run it cut.
    fn apply(&mut self, log: &mut Log, trim: Trim) {
        let max_results = trim.max_results.min(MAX_RESULTS);
        for (index, run) in log.runs.iter_mut().enumerate() {
            let total = self.totals[index];
            let said = cut_run(run, trim.snippets, max_results, total, self.origin);
            if said.is_empty() && self.said[index].is_empty() {
                // Nothing cut, now or before: the run is left as it was.
                continue;
            }
            let listed = notifications(run);
            // What the last cut said is out of date: this one says it again, with its figures.
            listed.retain(|notification| !self.said[index].contains(notification));
            let said: Vec<Notification> = said
                .into_iter()
                // An input of a merge may have been cut the same way already.
                .filter(|notification| !listed.contains(notification))
                .collect();
            // The cuts come first: they are about this file, the others about the run.
            listed.splice(0..0, said.iter().cloned());
            self.said[index] = said;
        }
    }
}

/// `log` with the cuts `trim` asks for made and said, for the tests of what a cut keeps.
#[cfg(test)]
pub(super) fn cut(log: &Log, trim: Trim, origin: Origin) -> Log {
    let mut log = log.clone();
    Cuts::new(&log, None, origin).apply(&mut log, trim);
    log
}

/// Cuts one run to `max_results` results (the most severe, in file order), and its snippets
/// unless `snippets`; returns the notifications that say so (`total` results before any cut).
fn cut_run(
    run: &mut Run,
    snippets: bool,
    max_results: usize,
    total: usize,
    origin: Origin,
) -> Vec<Notification> {
    let mut said = Vec::new();
    let Some(results) = run.results.as_mut() else {
        return said;
    };
    if results.len() > max_results {
        // The most severe, unsuppressed first; the sort is stable, so file order within a level.
        let mut order: Vec<usize> = (0..results.len()).collect();
        order.sort_by_key(|&i| (is_suppressed(&results[i]), Reverse(rank(&results[i]))));
        let mut keep = vec![false; results.len()];
        for &i in &order[..max_results] {
            keep[i] = true;
        }
        let mut position = 0;
        results.retain(|_| {
            position += 1;
            keep[position - 1]
        });
    }
    if results.len() < total {
        said.push(notification(
            "warning",
            "results-truncated",
            origin.truncated(total, results.len()),
        ));
    }
    if !snippets {
        let regions = results
            .iter_mut()
            .flat_map(|result| result.locations.iter_mut().flatten())
            .filter_map(|location| location.physical_location.as_mut()?.region.as_mut());
        for region in regions {
            region.snippet = None;
        }
        said.push(notification(
            "warning",
            "snippets-dropped",
            String::from("code snippets were left out to keep this file under GitHub's 10 MB (compressed) limit"),
        ));
    }
    said
}

/// The tool-execution notifications of a run's first invocation, made when there are none.
fn notifications(run: &mut Run) -> &mut Vec<Notification> {
    let invocations = run.invocations.get_or_insert_with(Vec::new);
    if invocations.is_empty() {
        invocations.push(Invocation::builder().execution_successful(true).build());
    }
    invocations[0]
        .tool_execution_notifications
        .get_or_insert_with(Vec::new)
}

fn is_suppressed(result: &SarifResult) -> bool {
    result.suppressions.as_ref().is_some_and(|s| !s.is_empty())
}

fn rank(result: &SarifResult) -> u8 {
    match result.level {
        Some(ResultLevel::Error) => 3,
        // SARIF's default level.
        Some(ResultLevel::Warning) | None => 2,
        Some(ResultLevel::Note) => 1,
        Some(ResultLevel::None) => 0,
    }
}

/// Sorts `rules` by id; over GitHub's limit, the rules results use (`used`) are kept first.
pub(super) fn cap_rules(rules: &mut Vec<ReportingDescriptor>, used: &HashSet<&str>) {
    if rules.len() > MAX_RULES {
        rules.sort_by_key(|rule| !used.contains(rule.id.as_str()));
        rules.truncate(MAX_RULES);
    }
    rules.sort_by(|a, b| a.id.cmp(&b.id));
}

/// The size of `bytes` gzip-compressed, for the tests' checks of what was written.
#[cfg(test)]
pub(super) fn gzip_size(bytes: &[u8]) -> io::Result<usize> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(bytes)?;
    Ok(encoder.finish()?.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::sarif::{
        ArtifactContent, Location, PhysicalLocation, Region, Suppression, Tool, ToolComponent,
    };

    fn result(line: i64, level: ResultLevel, suppressed: bool, text: String) -> SarifResult {
        let region = Region::builder()
            .start_line(line)
            .snippet(ArtifactContent::builder().text("eval(x)").build())
            .build();
        let location = Location::builder()
            .physical_location(PhysicalLocation::builder().region(region).build())
            .build();
        SarifResult::builder()
            .rule_id("r")
            .level(level)
            .message(super::super::message(text))
            .locations(vec![location])
            .opt_suppressions(
                suppressed.then(|| vec![Suppression::builder().kind("inSource").build()]),
            )
            .build()
    }

    fn log(results: Vec<SarifResult>) -> Log {
        let already = notification("error", "unreviewed-shard", String::from("lines 1-2"));
        let run = Run::builder()
            .tool(
                Tool::builder()
                    .driver(ToolComponent::builder().name("shardscan").build())
                    .build(),
            )
            .invocations(vec![Invocation::builder()
                .execution_successful(false)
                .tool_execution_notifications(vec![already])
                .build()])
            .results(results)
            .build();
        Log::builder().version("2.1.0").runs(vec![run]).build()
    }

    fn lines(run: &Run) -> Vec<i64> {
        let results = run.results.as_ref().unwrap();
        let start = |r: &SarifResult| {
            let location = &r.locations.as_ref().unwrap()[0];
            location
                .physical_location
                .as_ref()
                .unwrap()
                .region
                .as_ref()
                .unwrap()
                .start_line
        };
        results.iter().map(|r| start(r).unwrap()).collect()
    }

    fn notes(run: &Run) -> Vec<(String, String)> {
        let listed = run.invocations.as_ref().unwrap()[0]
            .tool_execution_notifications
            .as_ref();
        listed
            .unwrap()
            .iter()
            .map(|n| {
                let id = n.descriptor.as_ref().unwrap().id.clone().unwrap();
                (id, n.message.text.clone().unwrap())
            })
            .collect()
    }

    fn snippets(run: &Run) -> usize {
        let results = run.results.as_ref().unwrap();
        let regions = results
            .iter()
            .flat_map(|r| r.locations.iter().flatten())
            .filter_map(|l| l.physical_location.as_ref()?.region.as_ref());
        regions.filter(|region| region.snippet.is_some()).count()
    }

    #[test]
    fn a_log_within_the_limits_is_written_as_it_is() {
        let log = log(vec![result(1, ResultLevel::Note, false, "m".into())]);
        let value = |log: &Log| serde_json::to_value(log).unwrap();
        assert_eq!(
            value(&cut(&log, Trim::default(), Origin::Scan)),
            value(&log)
        );
        // A run that was never cut gets no invocation it did not have.
        let mut bare = log.clone();
        bare.runs[0].invocations = None;
        let kept = cut(&bare, Trim::default(), Origin::Scan);
        assert!(kept.runs[0].invocations.is_none());
    }

    #[test]
    fn cutting_what_a_cut_kept_keeps_what_one_cut_of_all_keeps() {
        use ResultLevel::{Error, Note, Warning};
        let levels = [
            Note, Error, Warning, Note, Error, Warning, Note, Note, Error, Warning,
        ];
        let results: Vec<SarifResult> = levels
            .iter()
            .zip(1..)
            .map(|(&level, line)| result(line, level, line % 4 == 0, "m".into()))
            .collect();
        let whole = log(results);
        let trim = |max_results| Trim {
            snippets: true,
            max_results,
        };
        // In place, as the loop cuts: 8, then 4, then 2.
        let mut stepwise = whole.clone();
        let mut cuts = Cuts::new(&stepwise, None, Origin::Scan);
        for max in [8, 4, 2] {
            cuts.apply(&mut stepwise, trim(max));
            let once = cut(&whole, trim(max), Origin::Scan);
            assert_eq!(lines(&stepwise.runs[0]), lines(&once.runs[0]), "to {max}");
            assert_eq!(notes(&stepwise.runs[0]), notes(&once.runs[0]), "to {max}");
        }
        // The notification counts from the whole run, once.
        let notes = notes(&stepwise.runs[0]);
        assert_eq!(
            notes
                .iter()
                .filter(|(id, _)| id == "results-truncated")
                .count(),
            1
        );
        assert!(
            notes[0].1.starts_with("10 results found; only the 2 most"),
            "{notes:?}"
        );
    }

    #[test]
    fn fewer_results_keep_the_most_severe_unsuppressed_in_file_order() {
        use ResultLevel::{Error, Note, Warning};
        let levels = [
            (Note, false),
            (Error, true),
            (Warning, false),
            (Error, false),
            (Note, false),
            (Error, false),
        ];
        let results: Vec<SarifResult> = levels
            .iter()
            .zip(1..)
            .map(|(&(level, suppressed), line)| result(line, level, suppressed, "m".into()))
            .collect();
        let trim = Trim {
            snippets: true,
            max_results: 4,
        };
        for origin in [Origin::Scan, Origin::Merge] {
            let whole = log(results.clone());
            let cut = cut(&whole, trim, origin);
            let run = &cut.runs[0];
            // Unsuppressed errors (4, 6), the warning (3), the first note (1); the suppressed
            // error (2) ranks below every unsuppressed result.
            assert_eq!(lines(run), [1, 3, 4, 6]);
            let notes = notes(run);
            assert_eq!(notes[0].0, "results-truncated", "the cut is said first");
            assert!(notes[0].1.starts_with("6 results "), "{}", notes[0].1);
            assert!(
                notes[0].1.contains("only the 4 most severe"),
                "{}",
                notes[0].1
            );
            assert_eq!(notes[1].0, "unreviewed-shard");
            assert_eq!(snippets(run), 4, "snippets stay");
        }
    }

    #[test]
    fn snippets_dropped_are_said_once() {
        let log = log(vec![result(1, ResultLevel::Note, false, "m".into())]);
        let trim = Trim {
            snippets: false,
            max_results: MAX_RESULTS,
        };
        let once = cut(&log, trim, Origin::Merge);
        assert_eq!(snippets(&once.runs[0]), 0);
        // A merge of a log already cut so says it no second time.
        let twice = cut(&once, trim, Origin::Merge);
        let ids: Vec<String> = notes(&twice.runs[0]).into_iter().map(|n| n.0).collect();
        assert_eq!(ids, ["snippets-dropped", "unreviewed-shard"]);
    }

    #[test]
    fn trims_go_from_snippets_to_halves_of_the_largest_run() {
        let mut trim = Trim::default();
        let mut steps = Vec::new();
        for _ in 0..4 {
            trim = trim.next(30_000);
            steps.push((trim.snippets, trim.max_results));
        }
        assert_eq!(
            steps,
            [
                (false, 25_000),
                (false, 12_500),
                (false, 6_250),
                (false, 3_125)
            ]
        );
        assert_eq!(Trim::default().next(10).next(10).max_results, 5);
    }

    #[test]
    fn the_loop_halves_results_until_the_file_fits() {
        // 4,000 results with 4 KB of incompressible message each: about 13 MB compressed, so
        // dropping snippets is not enough and half the results must go.
        let mut state = 0x9e3779b97f4a7c15u64;
        let mut noise = || -> String {
            (0..4096)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    char::from(b'!' + (state % 90) as u8)
                })
                .collect()
        };
        let results = (1..=4000)
            .map(|line| result(line, ResultLevel::Warning, false, noise()))
            .collect();
        let mut out = Vec::new();
        write_within_limits(log(results), None, Origin::Scan, &mut out).unwrap();
        assert!(gzip_size(&out).unwrap() <= MAX_GZIP_BYTES);
        let written: Log = serde_json::from_slice(&out).unwrap();
        let run = &written.runs[0];
        assert_eq!(lines(run), (1..=2000).collect::<Vec<_>>());
        let notes = notes(run);
        let ids: Vec<&str> = notes.iter().map(|n| n.0.as_str()).collect();
        assert_eq!(
            ids,
            ["results-truncated", "snippets-dropped", "unreviewed-shard"]
        );
        assert!(notes[0]
            .1
            .starts_with("4000 results found; only the 2000 most"));
        assert_eq!(snippets(run), 0);
    }

    #[test]
    fn over_githubs_limit_the_rules_results_use_are_kept() {
        let rule = |id: String| ReportingDescriptor::builder().id(id).build();
        let mut rules: Vec<_> = (0..=MAX_RULES).map(|i| rule(format!("r{i:05}"))).collect();
        rules.reverse();
        let used = HashSet::from(["r00000"]);
        cap_rules(&mut rules, &used);
        assert_eq!(rules.len(), MAX_RULES);
        assert_eq!(rules[0].id, "r00000", "used, so kept");
        assert!(rules.windows(2).all(|w| w[0].id < w[1].id), "sorted by id");
    }
}
