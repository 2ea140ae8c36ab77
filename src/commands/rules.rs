//! `shardscan rules list|test|tree`.

use std::io::Write;
use std::sync::Arc;

use anyhow::Context;
use serde_json::json;

use crate::cli::{ColorChoice, RulesCommand, ShardsFormat};
use crate::lang::Language;
use crate::review::rules::{testing, RuleSet};
use crate::settings;
use crate::slice::{self, SourceFile};

pub fn run(command: RulesCommand, color: ColorChoice) -> anyhow::Result<u8> {
    let mut out = std::io::stdout().lock();
    match command {
        RulesCommand::List { rules, format } => {
            let set = RuleSet::load(&settings::rule_sources(&rules))?;
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
                                "security_severity": r.meta.security_severity,
                                "message": r.meta.message,
                                "origin": r.origin.to_string(),
                            })
                        })
                        .collect();
                    serde_json::to_writer_pretty(&mut out, &list)?;
                    writeln!(out)?;
                }
                ShardsFormat::Text => {
                    for r in set.rules() {
                        writeln!(
                            out,
                            "{:<44} {:<7} {:<10} {}",
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
                    eprintln!("{} rules ({})", set.rules().len(), summary.join(", "));
                }
            }
            Ok(crate::exit::CLEAN)
        }
        RulesCommand::Test { rules } => {
            let set = Arc::new(RuleSet::load(&settings::rule_sources(&rules))?);
            let use_color = settings::color_enabled(color);
            let (green, red, reset) = if use_color {
                ("\x1b[32m", "\x1b[31m", "\x1b[0m")
            } else {
                ("", "", "")
            };
            let results = testing::run(&set, crate::slice::SliceOptions::default().budget_tokens);
            let mut failed = 0;
            for result in &results {
                if result.passed() {
                    writeln!(
                        out,
                        "{green}ok{reset}   {} ({} expected in {})",
                        result.rule_id,
                        result.expected,
                        result.files.join(", ")
                    )?;
                    continue;
                }
                failed += 1;
                writeln!(out, "{red}FAIL{reset} {}", result.rule_id)?;
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
                crate::exit::CLEAN
            } else {
                crate::exit::FINDINGS
            })
        }
        RulesCommand::Tree { file } => {
            let bytes = std::fs::read(&file)
                .with_context(|| format!("failed to read `{}`", file.display()))?;
            let language = Language::detect(&file, &bytes).with_context(|| {
                format!(
                    "cannot tell the language of `{}` from its name or `#!` line",
                    file.display()
                )
            })?;
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let name = file.display().to_string();
            let mut source = SourceFile::new(file.clone(), name.clone(), name, language, text);
            slice::parse(&mut source, &mut tree_sitter::Parser::new());
            let tree = source.tree.as_ref().with_context(|| {
                format!(
                    "no syntax tree for `{}` ({language}): {}",
                    file.display(),
                    source.parse_failure.as_deref().unwrap_or("no grammar")
                )
            })?;
            print_tree(&mut out, &source, tree.root_node())?;
            Ok(crate::exit::CLEAN)
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
                format!(" `{}`", line.chars().take(60).collect::<String>())
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
