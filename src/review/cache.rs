//! Results of agents, kept by content: a rerun pays only for shards that changed. Also the
//! record/replay files that make an LLM run reproducible without a network.
//!
//! Entries live in the user's cache directory (never the scanned tree) and hold nothing secret:
//! the key is a hash of the prompt version, agent, endpoint and the whole request (instructions,
//! lens, context and the shard's lines), with the shard's line numbers counted from its start,
//! so a change to the shard or its context is a miss and code that only moved is a hit; the
//! value is the checked findings, with lines relative to the shard.

use std::collections::HashMap;
use std::fs;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::Context;
use sha2::{Digest, Sha256};

use super::llm::parse::RawFinding;
use super::llm::{Completion, Request, PROMPT_VERSION};

/// The key of one request: everything that decides its answer, nothing secret.
pub(crate) fn key(agent: &str, base_url: &str, request: &Request, salt: &str) -> String {
    let mut hasher = Sha256::new();
    for part in [
        PROMPT_VERSION,
        agent,
        base_url,
        request.kind.schema_name(),
        salt,
        &request.system,
        &request.key_material(),
    ] {
        hasher.update(part.as_bytes());
        hasher.update([0]);
    }
    hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A cached review.
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct Entry {
    /// Findings with lines relative to the shard's first line (0 = its first line).
    pub(crate) findings: Vec<RawFinding>,
    /// Findings a verifier rejected (with `--verify`), with its reason.
    #[serde(default)]
    pub(crate) rejected: Vec<(RawFinding, String)>,
    /// A triage's verdict on a rules finding (`--triage`): confirmed, and the reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) verdict: Option<(bool, String)>,
    pub(crate) tokens_in: u64,
    pub(crate) tokens_out: u64,
}

pub(crate) struct Cache {
    dir: PathBuf,
}

impl Cache {
    /// The cache under `dir` (named by `what`), refused inside the scanned `roots`: a scan never
    /// writes into the tree it audits.
    pub(crate) fn open(dir: PathBuf, what: &str, roots: &[PathBuf]) -> anyhow::Result<Cache> {
        // Checked before anything is created.
        crate::output::refuse_inside_roots(what, &dir, roots).map_err(|e| {
            e.with_hint("pass `--cache-dir` outside the scanned tree, or `--no-cache`")
        })?;
        fs_err::create_dir_all(&dir).context("cannot create the cache directory")?;
        Ok(Cache { dir })
    }

    fn path(&self, key: &str) -> PathBuf {
        self.dir
            .join("v1")
            .join(&key[..2])
            .join(format!("{key}.json"))
    }

    pub(crate) fn get(&self, key: &str) -> Option<Entry> {
        let text = fs::read(self.path(key)).ok()?;
        serde_json::from_slice(&text).ok()
    }

    /// Stores an entry atomically (write then rename); failures only cost the cache.
    pub(crate) fn put(&self, key: &str, entry: &Entry) {
        let path = self.path(key);
        let Some(parent) = path.parent() else { return };
        if fs::create_dir_all(parent).is_err() {
            return;
        }
        let Ok(mut tmp) = tempfile::NamedTempFile::new_in(parent) else {
            return;
        };
        if serde_json::to_writer(&mut tmp, entry).is_ok() {
            let _ = tmp.persist(&path);
        }
    }
}

/// One line of a recording.
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct Exchange {
    pub(crate) key: String,
    pub(crate) agent: String,
    pub(crate) kind: super::llm::RequestKind,
    /// Where the request came from, for people reading the file.
    pub(crate) shard: String,
    pub(crate) system: String,
    pub(crate) user: String,
    /// Which turn of the agent's conversation about the shard this is (1: the first request).
    #[serde(default = "first_turn")]
    pub(crate) turn: usize,
    /// What the tools answered to the previous turn's calls (the response holds this turn's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) tool_results: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) response: Option<Completion>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) error: Option<String>,
}

fn first_turn() -> usize {
    1
}

/// Appends every exchange to a JSONL file as it happens.
pub(crate) struct Recorder {
    out: Mutex<BufWriter<fs_err::File>>,
}

impl Recorder {
    pub(crate) fn create(path: &Path) -> anyhow::Result<Recorder> {
        let file = fs_err::OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(true)
            .open(path)
            .context("cannot create the recording")?;
        Ok(Recorder {
            out: Mutex::new(BufWriter::new(file)),
        })
    }

    pub(crate) fn record(&self, exchange: &Exchange) {
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        if serde_json::to_writer(&mut *out, exchange).is_ok() {
            let _ = out.write_all(b"\n");
            let _ = out.flush();
        }
    }
}

/// Answers requests from a recording, never from the network.
pub(crate) struct Replay {
    answers: HashMap<String, Result<Completion, String>>,
}

impl Replay {
    pub(crate) fn load(path: &Path) -> anyhow::Result<Replay> {
        let file = fs_err::File::open(path).context("cannot open the recording")?;
        let mut answers = HashMap::new();
        for (index, line) in BufReader::new(file).lines().enumerate() {
            let line =
                line.with_context(|| format!("cannot read the recording `{}`", path.display()))?;
            if line.trim().is_empty() {
                continue;
            }
            let exchange: Exchange = serde_json::from_str(&line).with_context(|| {
                format!(
                    "`{}` line {}: not a shardscan recording",
                    path.display(),
                    index + 1
                )
            })?;
            let answer = match (exchange.response, exchange.error) {
                (Some(response), _) => Ok(response),
                (None, Some(error)) => Err(error),
                (None, None) => continue,
            };
            // A later success wins over an earlier failure of the same request.
            match answers.get(&exchange.key) {
                Some(Ok(_)) if answer.is_err() => {}
                _ => {
                    answers.insert(exchange.key, answer);
                }
            }
        }
        Ok(Replay { answers })
    }

    pub(crate) fn get(&self, key: &str) -> Option<&Result<Completion, String>> {
        self.answers.get(key)
    }
}
