//! `shardscan shards`: shows how files are cut, so a user can see what each reviewer will read.

use std::sync::Mutex;

use serde::Serialize;

use super::Context;
use crate::cli::{ShardsArgs, ShardsFormat};
use crate::exit::ExitStatus;
use crate::model::{Event, SkipReason};
use crate::pipeline::{self, PipelineSettings};
use crate::settings::{self, ShardsSettings};
use crate::slice::{ContextHeader, Shard, ShardKind};

#[derive(Serialize)]
struct ShardInfo {
    id: String,
    path: String,
    language: &'static str,
    kind: ShardKind,
    start_line: usize,
    end_line: usize,
    start_byte: usize,
    end_byte: usize,
    tokens: usize,
    symbols: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    overlap: Option<(usize, usize)>,
    context: ContextHeader,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
    #[serde(skip)]
    header: String,
}

pub(super) fn run(args: ShardsArgs, context: &mut Context<'_, '_>) -> anyhow::Result<ExitStatus> {
    let file = settings::walk_config(&args.walk, &args.config, context.io.env)?;
    let ShardsSettings { walk, slice, jobs } = ShardsSettings::resolve(&args, file.as_ref())?;
    let collected = Mutex::new(Vec::new());
    let verbose = args.verbose;
    let on_shard = |shard: &Shard| {
        let info = ShardInfo {
            id: shard.id.clone(),
            path: shard.file.rel_path.clone(),
            language: shard.language().name(),
            kind: shard.kind,
            start_line: shard.start_line,
            end_line: shard.end_line,
            start_byte: shard.byte_range.start,
            end_byte: shard.byte_range.end,
            tokens: shard.tokens,
            symbols: shard.symbols.clone(),
            overlap: shard.overlap,
            context: shard.context.clone(),
            text: verbose.then(|| shard.text().to_string()),
            header: if verbose {
                shard.header_text()
            } else {
                String::new()
            },
        };
        collected
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(info);
    };
    let mut problems = Vec::new();
    let mut special = Vec::new();
    pipeline::run(
        &PipelineSettings {
            on_shard: Some(&on_shard),
            ..PipelineSettings::new(&walk, &slice, jobs)
        },
        &[],
        None,
        |event| match event {
            Event::Skipped {
                path,
                reason: SkipReason::Error,
                detail,
            } => problems.push(format!("{path}: {}", detail.unwrap_or_default())),
            Event::Skipped {
                path,
                reason: SkipReason::SpecialFile,
                detail,
            } => special.push(format!(
                "skipped `{path}`: a {}, not a regular file",
                detail.as_deref().unwrap_or("special file")
            )),
            _ => {}
        },
    )?;
    let mut shards = collected.into_inner().unwrap_or_else(|e| e.into_inner());
    shards.sort_by(|a, b| (&a.path, a.start_line).cmp(&(&b.path, b.start_line)));
    let out = &mut *context.io.stdout;
    match args.format {
        ShardsFormat::Json => {
            serde_json::to_writer_pretty(&mut *out, &shards)?;
            writeln!(out)?;
        }
        ShardsFormat::Text => {
            for shard in &shards {
                writeln!(
                    out,
                    "{} {}:{}-{} {:<11} ~{} tokens {}",
                    shard.id,
                    shard.path,
                    shard.start_line,
                    shard.end_line,
                    format!("{:?}", shard.kind).to_lowercase(),
                    shard.tokens,
                    shard.symbols.join(", ")
                )?;
                if verbose {
                    writeln!(out, "{}", shard.header)?;
                    if let Some(text) = &shard.text {
                        writeln!(out, "{text}")?;
                    }
                }
            }
        }
    }
    let files: std::collections::BTreeSet<&str> = shards.iter().map(|s| s.path.as_str()).collect();
    writeln!(
        context.io.stderr,
        "{} in {}",
        crate::report::counted(shards.len(), "shard"),
        crate::report::counted(files.len(), "file")
    )?;
    for problem in special.iter().chain(&problems) {
        context.warn(problem)?;
    }
    Ok(if problems.is_empty() {
        ExitStatus::Clean
    } else {
        ExitStatus::Incomplete
    })
}
