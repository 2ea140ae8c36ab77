//! `shardscan rules list|test|profile|tree`.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use anstyle::{AnsiColor, Style};
use anyhow::Context as _;
use serde_json::json;

use super::Context;
use crate::cli::{ConfigArgs, RuleArgs, RulesCommand, ShardsFormat};
use crate::exit::ExitStatus;
use crate::io::Env;
use crate::lang::Language;
use crate::review::rules::{kindless, testing, RuleSet, RuleSources};
use crate::settings::{self, Resolver};
use crate::slice::{self, SourceFile};

/// The rules in force for a `rules` command: the flags, then the `shardscan.toml` found from
/// `start` (or named with `--config`). With `every_optional`, the rules that are off by default
/// are loaded too (`list` shows them, `test` checks them).
fn load(
    rules: &RuleArgs,
    config: &ConfigArgs,
    start: &Path,
    env: &Env,
    every_optional: bool,
) -> anyhow::Result<(RuleSet, RuleSources)> {
    let file = settings::config_file(config, start, &settings::default_root(start), env)?;
    let mut sources = settings::rule_sources(rules, &mut Resolver::new(file.as_ref()));
    sources.every_optional = every_optional;
    Ok((RuleSet::load(&sources)?, sources))
}

pub(super) fn run(
    command: RulesCommand,
    context: &mut Context<'_, '_>,
) -> anyhow::Result<ExitStatus> {
    let color = context.stdout_color();
    let env = context.io.env;
    let out = &mut *context.io.stdout;
    match command {
        RulesCommand::List {
            rules,
            config,
            format,
        } => {
            let (set, sources) = load(&rules, &config, Path::new("."), env, true)?;
            // Listed, but not in force for a scan with these flags and this file.
            let off = |r: &crate::review::rules::Rule| {
                r.meta.off_by_default && !sources.enabled.contains(&r.meta.id)
            };
            match format {
                ShardsFormat::Json => {
                    let list: Vec<_> = set
                        .rules()
                        .iter()
                        .map(|r| {
                            json!({
                                "id": r.meta.id,
                                "name": r.meta.name,
                                "severity": r.meta.severity,
                                "languages": r.languages.iter().map(|l| l.name()).collect::<Vec<_>>(),
                                "cwe": r.meta.cwe,
                                "tags": r.meta.tags,
                                "precision": r.meta.precision.as_str(),
                                "default": if r.meta.off_by_default { "off" } else { "on" },
                                "security_severity": crate::model::finding::decimal(r.meta.security_severity),
                                "message": r.meta.message,
                                "origin": r.origin.to_string(),
                            })
                        })
                        .collect();
                    serde_json::to_writer_pretty(&mut *out, &list)?;
                    writeln!(out)?;
                }
                ShardsFormat::Text => {
                    for r in set.rules() {
                        let note = if off(r) {
                            " (off by default: --enable)"
                        } else {
                            ""
                        };
                        writeln!(
                            out,
                            "{:<44} {:<7} {:<10} {}{note}",
                            r.meta.id,
                            r.meta.severity.as_str(),
                            r.meta.cwe.join(","),
                            r.meta.name
                        )?;
                    }
                    let mut per_language: Vec<(Language, usize)> = Language::ALL
                        .iter()
                        .map(|l| {
                            (
                                *l,
                                set.rules()
                                    .iter()
                                    .filter(|r| r.languages.contains(l))
                                    .count(),
                            )
                        })
                        .filter(|(_, n)| *n > 0)
                        .collect();
                    per_language.sort();
                    let summary: Vec<String> = per_language
                        .iter()
                        .map(|(l, n)| format!("{l} {n}"))
                        .collect();
                    out.flush()?;
                    writeln!(
                        context.io.stderr,
                        "{} ({})",
                        crate::report::counted(set.rules().len(), "rule"),
                        summary.join(", ")
                    )?;
                }
            }
            Ok(ExitStatus::Clean)
        }
        RulesCommand::Test { rules, config } => {
            let set = Arc::new(load(&rules, &config, Path::new("."), env, true)?.0);
            let paint = |color_of: AnsiColor, text: &str| {
                let style = Style::new().fg_color(Some(color_of.into()));
                if color {
                    format!("{}{text}{}", style.render(), style.render_reset())
                } else {
                    text.to_string()
                }
            };
            let (ok, fail) = (paint(AnsiColor::Green, "ok"), paint(AnsiColor::Red, "FAIL"));
            let results = testing::run(&set, crate::slice::SliceOptions::default().budget_tokens);
            let mut failed = 0;
            for result in &results {
                if result.passed() {
                    writeln!(
                        out,
                        "{ok}   {} ({} expected in {})",
                        result.rule_id,
                        result.expected,
                        result.files.join(", ")
                    )?;
                    continue;
                }
                failed += 1;
                writeln!(out, "{fail} {}", result.rule_id)?;
                for (file, line) in &result.missed {
                    writeln!(out, "       missed: {file}:{line} (annotated `ruleid`)")?;
                }
                for (file, line) in &result.unexpected {
                    writeln!(out, "       false positive: {file}:{line}")?;
                }
                for problem in &result.problems {
                    writeln!(out, "       {problem}")?;
                }
            }
            writeln!(out, "{} passed, {} failed", results.len() - failed, failed)?;
            Ok(if failed == 0 {
                ExitStatus::Clean
            } else {
                ExitStatus::Findings
            })
        }
        RulesCommand::Profile {
            rules,
            config,
            path,
            top,
        } => {
            let start = path.clone().unwrap_or_else(|| ".".into());
            let (set, _) = load(&rules, &config, &start, env, false)?;
            profile(&set, path.as_deref(), top, out, &mut *context.io.stderr)?;
            Ok(ExitStatus::Clean)
        }
        RulesCommand::Tree { file } => {
            // A FIFO or device named on the command line is refused, not waited on.
            let bytes = crate::files::read(&file)?;
            let language = Language::detect(&file, &bytes).with_context(|| {
                format!(
                    "cannot tell the language of `{}` from its name or `#!` line",
                    file.display()
                )
            })?;
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let name = file.display().to_string();
            let mut source = SourceFile::new(name.clone(), name, language, text);
            slice::parse(&mut source, &mut tree_sitter::Parser::new());
            let tree = source.tree.as_ref().with_context(|| {
                format!(
                    "no syntax tree for `{}` ({language}): {}",
                    file.display(),
                    source.parse_failure.as_deref().unwrap_or("no grammar")
                )
            })?;
            print_tree(out, &source, tree.root_node())?;
            Ok(ExitStatus::Clean)
        }
    }
}

/// Prints one node per line, indented, with field names and the text of leaves: the shape a query
/// has to match.
fn print_tree(
    out: &mut dyn Write,
    file: &SourceFile,
    root: tree_sitter::Node<'_>,
) -> std::io::Result<()> {
    let mut cursor = root.walk();
    let mut depth = 0usize;
    loop {
        let node = cursor.node();
        if node.is_named() {
            let field = cursor
                .field_name()
                .map(|f| format!("{f}: "))
                .unwrap_or_default();
            let start = node.start_position();
            let leaf = if node.named_child_count() == 0 {
                let text = &file.text[node.byte_range()];
                let line = text.lines().next().unwrap_or_default();
                let line: String = line.chars().take(60).collect();
                format!(" `{}`", crate::report::printable(&line))
            } else {
                String::new()
            };
            writeln!(
                out,
                "{}{field}({}) [{}:{}]{leaf}",
                "  ".repeat(depth),
                node.kind(),
                start.row + 1,
                start.column + 1
            )?;
        }
        if cursor.goto_first_child() {
            depth += 1;
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return Ok(());
            }
            depth -= 1;
        }
    }
}

/// Where the time of the rules goes as a scan runs them (with the summaries the join takes: a
/// first pass, or whole ones where a scan makes them whole at once), per language: the phases of
/// a file's run, then the taint rules whose own walks cost the most. On one worker, so that the
/// phases add up to the whole. What the join reads again is not in it.
fn full_run(
    set: &RuleSet,
    files: &[SourceFile],
    parse: &std::collections::BTreeMap<Language, std::time::Duration>,
    top: usize,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    use crate::review::rules::engine::{Phase, Timings};
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .context("failed to start a worker thread")?;
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    writeln!(
        out,
        "\nper language, the rules as a scan runs them (with summaries: a first pass, or whole where \
         marked), on one worker, without what the join reads again:"
    )?;
    let mut walks: Vec<(std::time::Duration, &str, Language)> = Vec::new();
    for (language, parse_time) in parse {
        let Some(compiled) = set
            .compiled(*language)
            .map_err(|e| anyhow::anyhow!("{e}"))?
        else {
            continue;
        };
        let timings = Timings::default();
        let lazily = crate::review::rules::reviewer::summarized_lazily(*language);
        one.install(|| {
            for file in files.iter().filter(|f| f.language == *language) {
                if let Some(tree) = &file.tree {
                    if lazily {
                        compiled.run_lazily_timed(tree, &file.text, &timings);
                    } else {
                        compiled.run_timed(tree, &file.text, &timings);
                    }
                }
            }
        });
        let spent = timings.spent();
        let total: std::time::Duration = spent.phases.iter().sum();
        writeln!(
            out,
            "  {:<11} {:>7.1} ms ({:.2}x parse){}:",
            language.name(),
            ms(total),
            total.as_secs_f64() / parse_time.as_secs_f64().max(1e-9),
            if lazily { "" } else { ", whole" }
        )?;
        let phases: Vec<String> = Phase::ALL
            .iter()
            .zip(spent.phases)
            .map(|(phase, time)| format!("{} {:.1} ms", phase.name(), ms(time)))
            .collect();
        writeln!(out, "              {}", phases.join(", "))?;
        if spent.together > 0 {
            writeln!(
                out,
                "              {} made for several rules about extents at once, \
                 each rule's time below its share",
                crate::report::counted(spent.together, "walk")
            )?;
        }
        for (rule, time) in spent.rules {
            if let Some(rule) = set.rules().get(rule) {
                walks.push((time, &rule.meta.id, *language));
            }
        }
    }
    walks.sort();
    writeln!(
        out,
        "\ntaint rules' own walks in that run (besides the free walks they share), the slowest:"
    )?;
    for (elapsed, id, language) in walks.iter().rev().take(top) {
        writeln!(out, "  {:>7.1} ms  {id} ({language})", ms(*elapsed))?;
    }
    Ok(())
}

/// `rules profile`: compile time of every rule per language and, with a path, the time each rule
/// alone and each language's combined query take over its files, against the time to parse them.
fn profile(
    set: &RuleSet,
    path: Option<&std::path::Path>,
    top: usize,
    out: &mut dyn Write,
    warnings: &mut dyn Write,
) -> anyhow::Result<()> {
    use std::time::{Duration, Instant};
    use tree_sitter::{Query, QueryCursor, StreamingIterator};

    let mut compile: Vec<(Duration, &str, Language)> = Vec::new();
    let mut types = std::collections::HashMap::new();
    for rule in set.rules() {
        for language in &rule.languages {
            let grammar = language
                .grammar()
                .context("rules only load for languages with a grammar")?;
            // The text a scan compiles, as a scan compiles it.
            let text = match types
                .entry(*language)
                .or_insert_with(|| kindless::NodeTypes::of(*language))
            {
                Some(types) => kindless::kindless(&rule.source, types),
                None => std::borrow::Cow::Borrowed(rule.source.as_str()),
            };
            let started = Instant::now();
            Query::new(&grammar, &text)
                .or_else(|_| Query::new(&grammar, &rule.source))
                .map_err(|e| anyhow::anyhow!("`{}`: {e}", rule.origin))?;
            compile.push((started.elapsed(), &rule.meta.id, *language));
        }
    }
    let total: Duration = compile.iter().map(|c| c.0).sum();
    compile.sort();
    writeln!(
        out,
        "compile: {:.0} ms in all; the slowest:",
        total.as_secs_f64() * 1e3
    )?;
    for (elapsed, id, language) in compile.iter().rev().take(top) {
        writeln!(
            out,
            "  {:>7.1} ms  {id} ({language})",
            elapsed.as_secs_f64() * 1e3
        )?;
    }
    let Some(path) = path else {
        return Ok(());
    };
    let mut parser = tree_sitter::Parser::new();
    let mut files: Vec<SourceFile> = Vec::new();
    let mut parse: std::collections::BTreeMap<Language, Duration> = Default::default();
    for entry in ignore::WalkBuilder::new(path).build().flatten() {
        let file_path = entry.path();
        let Some(language) = Language::from_extension(file_path).filter(|l| set.covers(*l)) else {
            continue;
        };
        let bytes = match crate::files::read(file_path) {
            Ok(bytes) => bytes,
            Err(e) => {
                // Named, not waited on: a FIFO `x.py` would block the profile forever.
                if let Some(special) = crate::files::as_special(&e) {
                    writeln!(
                        warnings,
                        "warning: skipped {}",
                        crate::report::printable(&special.to_string())
                    )?;
                }
                continue;
            }
        };
        // Only what a scan reviews: binary, generated and minified files are skipped (a
        // minified bundle of two lines would count for more than the rest of its language).
        let crate::walk::Classified::Source { text, .. } =
            crate::walk::classify(file_path, Some(language), bytes)
        else {
            continue;
        };
        let name = file_path.display().to_string();
        let mut file = SourceFile::new(name.clone(), name, language, text);
        let started = Instant::now();
        slice::parse(&mut file, &mut parser);
        *parse.entry(language).or_default() += started.elapsed();
        if file.tree.is_some() {
            files.push(file);
        }
    }
    writeln!(
        out,
        "\nper language over {}: parse, then all rules in one query, and compiling that query",
        crate::report::counted(files.len(), "file")
    )?;
    for (language, parse_time) in &parse {
        let Some(compiled) = set
            .compiled(*language)
            .map_err(|e| anyhow::anyhow!("{e}"))?
        else {
            continue;
        };
        let time = |filtered: bool| -> anyhow::Result<Duration> {
            let started = Instant::now();
            for file in files.iter().filter(|f| f.language == *language) {
                let tree = file.tree.as_ref().context("parsed files have trees")?;
                if filtered {
                    compiled.run(tree, &file.text);
                } else {
                    compiled.run_unfiltered(tree, &file.text);
                }
            }
            Ok(started.elapsed())
        };
        // Once unmeasured, so neither figure pays for warming caches.
        time(false)?;
        let query = time(true)?;
        let unfiltered = time(false)?;
        // Paid once per scan for each language it meets, whatever the number of files.
        let compile = compiled.built_in();
        writeln!(
            out,
            "  {:<11} parse {:>7.1} ms   rules {:>7.1} ms ({:.2}x parse; {:.2}x without the prefilter)   compile {:>6.1} ms",
            language.name(),
            parse_time.as_secs_f64() * 1e3,
            query.as_secs_f64() * 1e3,
            query.as_secs_f64() / parse_time.as_secs_f64().max(1e-9),
            unfiltered.as_secs_f64() / parse_time.as_secs_f64().max(1e-9),
            compile.as_secs_f64() * 1e3,
        )?;
        let unfiltered_rules: Vec<&str> = set
            .rules()
            .iter()
            .enumerate()
            .filter(|(index, rule)| {
                rule.languages.contains(language) && compiled.prefilter_literals(*index).is_none()
            })
            .map(|(_, rule)| rule.meta.id.as_str())
            .collect();
        if !unfiltered_rules.is_empty() {
            writeln!(
                out,
                "              no literal to prefilter on, so every {} file is walked: {}",
                language.name(),
                unfiltered_rules.join(", ")
            )?;
        }
    }
    full_run(set, &files, &parse, top, out)?;
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let mut cursor = QueryCursor::new();
    let mut walk = |query: &Query, language: Language| -> anyhow::Result<Duration> {
        let started = Instant::now();
        for file in files.iter().filter(|f| f.language == language) {
            let tree = file.tree.as_ref().context("parsed files have trees")?;
            let mut matches = cursor.matches(query, tree.root_node(), file.text.as_bytes());
            while matches.next().is_some() {}
        }
        Ok(started.elapsed())
    };
    // A query with no pattern still walks every node of the files: each rule's figure holds
    // that walk, which a scan pays once for all the rules of the language.
    let mut bare: std::collections::BTreeMap<Language, Duration> = Default::default();
    for language in parse.keys() {
        let Some(grammar) = language.grammar() else {
            continue;
        };
        let query = Query::new(&grammar, "").map_err(|e| anyhow::anyhow!("{e}"))?;
        bare.insert(*language, walk(&query, *language)?);
    }
    let mut run: Vec<(Duration, &str, Language)> = Vec::new();
    for rule in set.rules() {
        for language in &rule.languages {
            let Some(grammar) = language.grammar() else {
                continue;
            };
            let query = Query::new(&grammar, &rule.source)
                .map_err(|e| anyhow::anyhow!("`{}`: {e}", rule.origin))?;
            run.push((walk(&query, *language)?, &rule.meta.id, *language));
        }
    }
    // By what each adds to that walk: the rules of the language with the most files would
    // come first by their whole time.
    let adds = |elapsed: &Duration, language: &Language| {
        ms(*elapsed) - ms(bare.get(language).copied().unwrap_or_default())
    };
    run.sort_by(|a, b| adds(&a.0, &a.2).total_cmp(&adds(&b.0, &b.2)));
    writeln!(
        out,
        "\neach rule alone over the same files (no prefilter): the time a query with no pattern takes to\n\
         walk them, then per rule its time and what it adds to that walk, the most first:"
    )?;
    for (language, elapsed) in &bare {
        writeln!(out, "  {:>7.1} ms  no pattern ({language})", ms(*elapsed))?;
    }
    for (elapsed, id, language) in run.iter().rev().take(top) {
        writeln!(
            out,
            "  {:>7.1} ms  {:>+7.1} ms  {id} ({language})",
            ms(*elapsed),
            adds(elapsed, language)
        )?;
    }
    Ok(())
}
