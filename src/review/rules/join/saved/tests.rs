use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::*;
use crate::model::{FlowStep, Location, Severity};
use crate::review::rules::join::StepWriter;
use crate::review::rules::taint::extent::Keeping;

fn location(path: &str, line: usize) -> Location {
    Location {
        path: path.to_string(),
        start_line: line,
        start_column: 1,
        end_line: line,
        end_column: 9,
    }
}

fn finding(rule: &str, path: &str, line: usize) -> Finding {
    let mut finding = Finding::new(rule, "rules", Severity::Error, "m", location(path, line));
    finding.snippet = String::from("exec(x)");
    finding
}

fn header(partition: (usize, usize), rules: &[&str]) -> Header {
    Header {
        format: FORMAT.to_string(),
        version: env!("CARGO_PKG_VERSION").to_string(),
        partition,
        category: None,
        baseline: false,
        rules: rules.iter().map(|r| r.to_string()).collect(),
    }
}

/// A file with one function `run(cmd)` whose parameter reaches a sink of rule 1, and a call
/// `run(x)` whose argument a source of rule 1 reaches, each edge with a step.
fn record(path: &str) -> FileRecord {
    let mut steps = StepWriter::default();
    let step = |line| FlowStep {
        location: location(path, line),
        message: String::from("reaches"),
        text: String::from("exec(cmd)"),
    };
    let into_sink = EdgeRecord::new(
        Origin::Parameter(0, 0),
        &Target::Sink(40..49),
        steps.write(&[step(3)]),
    )
    .unwrap();
    let into_call = EdgeRecord::new(
        Origin::Source,
        &Target::Argument(0, 0),
        steps.write(&[step(7), step(8)]),
    )
    .unwrap();
    let mut sinks = HashMap::new();
    sinks.insert((1, 40..49), finding("c/taint-command-injection", path, 3));
    FileRecord {
        path: path.to_string(),
        uri: path.to_string(),
        functions: vec![Function {
            name: String::from("run"),
            class: None,
            parameters: 1,
            variadic: false,
            private: false,
            keeps: vec![Keeping {
                kept: false,
                through: vec![(0, 0)],
            }],
        }],
        calls: vec![CallSite {
            name: String::from("run"),
            class: None,
            unknown_receiver: false,
            arguments: std::iter::once(60..61).collect(),
            by_address: vec![false],
            overwritten: vec![0],
        }],
        fields: vec![Field {
            name: String::from("g"),
            private: true,
        }],
        by_rule: BTreeMap::from([(
            1,
            RuleRecord {
                edges: vec![into_sink, into_call],
                shares: false,
                complete: true,
            },
        )]),
        shared: Some(vec![into_call]),
        sinks,
        pending: vec![Pending {
            finding: finding("c/system", path, 3),
            sinks: vec![(1, 40..49)],
            lent: Vec::new(),
        }],
        steps: steps.finish(),
        ..FileRecord::default()
    }
}

type Breaks = Box<dyn Fn(&mut FileRecord)>;

/// Writes `files` as partition `partition` into `dir`, and gives the file's path.
fn write(
    dir: &Path,
    partition: (usize, usize),
    rules: &[&str],
    files: &[FileRecord],
    stopped: bool,
) -> PathBuf {
    let path = dir.join(format!("part-{}-of-{}.summaries", partition.0, partition.1));
    let out = std::fs::File::create(&path).unwrap();
    let mut writer = SummaryWriter::new(out, &header(partition, rules)).unwrap();
    for file in files {
        writer.add(file).unwrap();
    }
    writer.finish(stopped).unwrap();
    path
}

fn read_all(path: &Path) -> Result<Vec<FileRecord>, SavedError> {
    let mut reader = SummaryReader::open(path)?;
    let mut files = Vec::new();
    while let Some(file) = reader.next_file()? {
        files.push(file);
    }
    Ok(files)
}

/// What a record holds, comparable: the sinks' map in key order, findings as JSON.
fn shown(file: &FileRecord) -> String {
    let mut sinks: Vec<_> = file.sinks.iter().collect();
    sinks.sort_by_key(|((rule, range), _)| (*rule, range.start));
    let sinks: Vec<String> = sinks
        .iter()
        .map(|(key, f)| format!("{key:?} {}", serde_json::to_string(f).unwrap()))
        .collect();
    let pending: Vec<String> = file
        .pending
        .iter()
        .map(|p| serde_json::to_string(p).unwrap())
        .collect();
    format!(
        "{} {} {:?} {:?} {:?} {:?} {:?} {sinks:?} {pending:?} {:?}",
        file.path,
        file.uri,
        file.functions,
        file.calls,
        file.fields,
        file.by_rule,
        file.shared,
        file.steps
    )
}

#[test]
fn a_partition_s_files_come_back_as_they_were_written() {
    let dir = tempfile::tempdir().unwrap();
    let files = [record("a.c"), record("b.c")];
    let path = write(dir.path(), (2, 3), &["r0", "r1"], &files, false);
    let mut reader = SummaryReader::open(&path).unwrap();
    assert_eq!(reader.header, header((2, 3), &["r0", "r1"]));
    let mut back = Vec::new();
    while let Some(file) = reader.next_file().unwrap() {
        back.push(file);
    }
    assert_eq!(
        reader.trailer(),
        Some(Trailer {
            files: 2,
            stopped: false
        })
    );
    let shown_back: Vec<String> = back.iter().map(shown).collect();
    let shown_files: Vec<String> = files.iter().map(shown).collect();
    assert_eq!(shown_back, shown_files);
    // And the steps of an edge read back through the index as they were written.
    let mut index = super::super::Index::default();
    for file in back {
        index.add(file).unwrap();
    }
    let record = &index.files[0];
    let edges = &record.by_rule[&1].edges;
    let edge = edges.iter().find(|e| e.from() != Origin::Source).unwrap();
    let steps = index.spill.read(record.kept, edge.steps).unwrap();
    let steps = super::super::Steps::read(&steps, "a.c", |at| index.spill.string(record.kept, at));
    assert_eq!(steps.unwrap()[0].location, location("a.c", 3));
}

#[test]
fn a_file_cut_short_or_not_ours_is_refused_with_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), (1, 2), &["r0", "r1"], &[record("a.c")], false);
    let bytes = std::fs::read(&path).unwrap();
    let shown = path.display().to_string();

    // Cut anywhere: the trailer, a frame or the gzip stream is missing.
    for keep in [bytes.len() - 9, bytes.len() / 2, 30] {
        let cut = dir.path().join(format!("cut-{keep}.summaries"));
        std::fs::write(&cut, &bytes[..keep]).unwrap();
        let error = match SummaryReader::open(&cut) {
            Ok(_) => read_all(&cut).unwrap_err(),
            Err(error) => error,
        }
        .to_string();
        assert!(error.contains(&cut.display().to_string()), "{error}");
    }

    let sarif = dir.path().join("part.sarif");
    std::fs::write(&sarif, "{\"version\": \"2.1.0\", \"runs\": []}").unwrap();
    let error = SummaryReader::open(&sarif).err().unwrap().to_string();
    assert!(
        error.contains("is not a shardscan summaries file"),
        "{error}"
    );
    assert!(error.contains("part.sarif"), "{error}");

    let empty = dir.path().join("empty.summaries");
    std::fs::write(&empty, "").unwrap();
    let error = SummaryReader::open(&empty).err().unwrap().to_string();
    assert!(error.contains("it is empty"), "{error}");

    let missing = dir.path().join("missing.summaries");
    let error = SummaryReader::open(&missing).err().unwrap().to_string();
    assert!(error.contains("missing.summaries"), "{error}");
    assert!(read_all(&path).is_ok(), "{shown} itself reads whole");
}

#[test]
fn another_version_s_summaries_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.summaries");
    let mut old = header((1, 1), &["r0"]);
    old.version = String::from("0.0.1");
    let writer = SummaryWriter::new(std::fs::File::create(&path).unwrap(), &old).unwrap();
    writer.finish(false).unwrap();
    let error = SummaryReader::open(&path).err().unwrap().to_string();
    assert!(error.contains("written by shardscan 0.0.1"), "{error}");
}

#[test]
fn a_number_that_indexes_nothing_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let breakages: Vec<(&str, Breaks)> = vec![
        ("function 0 of 0", Box::new(|f| f.functions.clear())),
        ("call 0 of 0", Box::new(|f| f.calls.clear())),
        ("field 0 of 0", Box::new(|f| f.fields.clear())),
        ("steps up to byte", Box::new(|f| f.steps.truncate(10))),
        (
            "rule 5 of 2",
            Box::new(|f| {
                let record = f.by_rule.remove(&1).unwrap();
                f.by_rule.insert(5, record);
            }),
        ),
        (
            "rule 7 of 2",
            Box::new(|f| f.pending[0].sinks = vec![(7, 0..1)]),
        ),
    ];
    for (said, break_it) in breakages {
        let mut file = record("a.c");
        break_it(&mut file);
        let path = write(dir.path(), (1, 1), &["r0", "r1"], &[file], false);
        let error = read_all(&path).unwrap_err().to_string();
        assert!(error.contains("is damaged"), "{error}");
        assert!(
            error.contains("`a.c`") && error.contains(said),
            "{said}: {error}"
        );
    }
}

#[test]
fn numbers_that_would_size_the_join_past_any_scan_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let breakages: Vec<(&str, Breaks)> = vec![
        (
            "position 4294967295",
            Box::new(|f| f.functions[0].parameters = u32::MAX as usize),
        ),
        (
            "position 4096",
            Box::new(|f| f.functions[0].keeps[0].through = vec![(0, 4096)]),
        ),
        (
            "position 70000",
            Box::new(|f| {
                let edge = EdgeRecord::new(
                    Origin::Parameter(0, 70_000),
                    &Target::Return(0),
                    Default::default(),
                );
                f.shared = Some(vec![edge.unwrap()]);
            }),
        ),
        (
            "position 65536",
            Box::new(|f| {
                let edge = EdgeRecord::new(
                    Origin::Source,
                    &Target::Argument(0, 65_536),
                    Default::default(),
                );
                f.shared = Some(vec![edge.unwrap()]);
            }),
        ),
    ];
    for (said, break_it) in breakages {
        let mut file = record("a.c");
        break_it(&mut file);
        let path = write(dir.path(), (1, 1), &["r0", "r1"], &[file], false);
        let error = join(&[path]).unwrap_err().to_string();
        assert!(
            error.contains("is damaged") && error.contains(said),
            "{said}: {error}"
        );
    }
    // A partition count past what --partition accepts.
    let path = write(dir.path(), (1, 1 << 40), &["r0"], &[], false);
    let error = SummaryReader::open(&path).err().unwrap().to_string();
    assert!(error.contains("is damaged"), "{error}");
}

#[test]
fn a_file_two_partitions_summarized_is_joined_once() {
    let dir = tempfile::tempdir().unwrap();
    let rules = ["r0", "r1"];
    let once = write(dir.path(), (1, 1), &rules, &[record("a.c")], false);
    let one = tempfile::tempdir().unwrap();
    let two = tempfile::tempdir().unwrap();
    // A file cut over two partitions (agents review it by shards) is in both their summaries.
    let first = write(one.path(), (1, 2), &rules, &[record("a.c")], false);
    let second = write(two.path(), (2, 2), &rules, &[record("a.c")], false);
    let shown = |joined: Joined| {
        let found = joined.found.iter();
        found
            .map(|j| serde_json::to_string(&j.finding).unwrap())
            .collect::<Vec<_>>()
    };
    let twice = shown(join(&[second, first]).unwrap());
    assert_eq!(twice, shown(join(&[once]).unwrap()));
}

#[test]
fn the_partitions_of_one_scan_join_and_others_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let one = tempfile::tempdir().unwrap();
    let two = tempfile::tempdir().unwrap();
    let rules = ["r0", "r1"];
    let first = write(one.path(), (1, 2), &rules, &[record("a.c")], false);
    let second = write(two.path(), (2, 2), &rules, &[record("b.c")], false);
    let joined = join(&[first.clone(), second.clone()]).unwrap();
    assert!(joined.warnings.is_empty(), "{:?}", joined.warnings);

    // Other rules, another count, a partition twice: refused, naming both files.
    let other_rules = write(dir.path(), (2, 2), &["r0", "r9"], &[record("b.c")], false);
    let error = join(&[first.clone(), other_rules]).unwrap_err().to_string();
    assert!(error.contains("written with other rules"), "{error}");
    let other_count = write(dir.path(), (2, 3), &rules, &[record("b.c")], false);
    let error = join(&[first.clone(), other_count]).unwrap_err().to_string();
    assert!(error.contains("partition 2 of 3, not of 2"), "{error}");
    let twice = dir.path().join("again.summaries");
    std::fs::copy(&first, &twice).unwrap();
    let error = join(&[first.clone(), twice]).unwrap_err().to_string();
    assert!(error.contains("both are partition 1 of 2"), "{error}");
    assert!(error.contains(&first.display().to_string()), "{error}");
}

#[test]
fn a_missing_partition_is_refused_and_a_stopped_one_closes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let rules = ["r0", "r1"];
    // A partition's summaries missing: what it left to the merge would be lost, so refused.
    let first = write(dir.path(), (1, 3), &rules, &[record("a.c")], false);
    let error = join(std::slice::from_ref(&first)).unwrap_err().to_string();
    assert!(
        error.contains("no summaries of partition 2, 3 of 3"),
        "{error}"
    );
    // A partition that stopped early: joined, said, and nothing that waits on callers dropped.
    let stopped = write(dir.path(), (1, 1), &rules, &[record("a.c")], true);
    let joined = join(&[stopped]).unwrap();
    let standing = joined.found.iter().map(|j| j.finding.rule_id.as_str());
    assert!(standing.collect::<Vec<_>>().contains(&"c/system"));
    assert!(
        joined.warnings[0].contains("stopped before reading all of its files"),
        "{:?}",
        joined.warnings
    );
    assert!(join(&[]).unwrap().found.is_empty());
}
