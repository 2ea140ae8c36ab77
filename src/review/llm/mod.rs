//! LLM reviewer agents: the prompt, tolerant parsing of what comes back, and the backends that
//! speak each provider's wire protocol. The governed pool that runs them is [`super::agents`].

pub(crate) mod anthropic;
pub(crate) mod command;
pub(crate) mod http;
pub(crate) mod openai;
pub(crate) mod parse;
pub(crate) mod prompt;

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

/// Part of every cache key and recording: change it whenever the prompt or schema changes.
pub(crate) const PROMPT_VERSION: &str = "shardscan-prompt/3";

/// A reviewer's point of view: each lens sends the shard to an agent with other instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Lens {
    Security,
    Memory,
    Concurrency,
    Logic,
}

impl Lens {
    pub(crate) const ALL: [Lens; 4] =
        [Lens::Security, Lens::Memory, Lens::Concurrency, Lens::Logic];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Lens::Security => "security",
            Lens::Memory => "memory",
            Lens::Concurrency => "concurrency",
            Lens::Logic => "logic",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<Lens> {
        Lens::ALL.into_iter().find(|l| l.name() == text.trim())
    }
}

impl fmt::Display for Lens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which wire protocol an agent speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Provider {
    OpenAi,
    Anthropic,
    Command,
}

impl Provider {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Provider::OpenAi => "openai",
            Provider::Anthropic => "anthropic",
            Provider::Command => "command",
        }
    }
}

/// An API key: never printed, never serialized, never part of a cache key or recording.
#[derive(Clone)]
pub(crate) struct Secret(String);

impl Secret {
    pub(crate) fn new(value: String) -> Secret {
        Secret(value)
    }

    pub(crate) fn expose(&self) -> &str {
        &self.0
    }

    /// `text` with every occurrence of the secret replaced, for error messages that quote a
    /// server's answer.
    pub(crate) fn redact(&self, text: &str) -> String {
        if self.0.len() < 4 {
            return text.to_string();
        }
        text.replace(&self.0, "[REDACTED]")
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret([REDACTED])")
    }
}

/// One configured agent backend.
#[derive(Clone, Debug)]
pub(crate) struct AgentConfig {
    pub(crate) provider: Provider,
    pub(crate) base_url: String,
    pub(crate) model: String,
    pub(crate) api_key: Option<Secret>,
    /// For [`Provider::Command`]: the program and its arguments.
    pub(crate) command: Vec<String>,
    /// Longest one request may take, streaming included.
    pub(crate) timeout: Duration,
    pub(crate) max_output_tokens: u32,
    pub(crate) stream: bool,
    /// US dollars per million input and output tokens.
    pub(crate) price_in: f64,
    pub(crate) price_out: f64,
}

impl AgentConfig {
    /// `openai:gpt-4o-mini`, `anthropic:claude-...`, `command:agent`: recorded on findings.
    pub(crate) fn name(&self) -> String {
        match self.provider {
            Provider::Command => {
                let program = self.command.first().map(String::as_str).unwrap_or("?");
                let program = std::path::Path::new(program)
                    .file_name()
                    .and_then(|n| n.to_str())
                    .unwrap_or(program);
                format!("command:{program}")
            }
            provider => format!("{}:{}", provider.name(), self.model),
        }
    }

    pub(crate) fn cost(&self, tokens_in: u64, tokens_out: u64) -> f64 {
        (tokens_in as f64 * self.price_in + tokens_out as f64 * self.price_out) / 1e6
    }
}

/// What an agent is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum RequestKind {
    /// Review a shard: answer `{"findings": [...]}`.
    Findings,
    /// Confirm or reject one finding: answer `{"verdict": ..., "reason": ...}`.
    Verdict,
}

impl RequestKind {
    /// Name of the JSON schema (OpenAI) and tool (Anthropic) the answer must follow.
    pub(crate) fn schema_name(self) -> &'static str {
        match self {
            RequestKind::Findings => "findings",
            RequestKind::Verdict => "verdict",
        }
    }

    pub(crate) fn tool_name(self) -> &'static str {
        match self {
            RequestKind::Findings => "report_findings",
            RequestKind::Verdict => "report_verdict",
        }
    }

    pub(crate) fn schema(self) -> serde_json::Value {
        match self {
            RequestKind::Findings => prompt::findings_schema(),
            RequestKind::Verdict => prompt::verdict_schema(),
        }
    }
}

/// A read-only tool an agent may call: its name, what it does, the JSON schema of its arguments.
#[derive(Clone, Debug)]
pub(crate) struct ToolSpec {
    pub(crate) name: &'static str,
    pub(crate) description: &'static str,
    pub(crate) parameters: serde_json::Value,
}

/// A call an agent asked for.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct ToolCall {
    /// The protocol's id for the call, echoed with its result.
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) arguments: serde_json::Value,
}

/// One earlier turn of a conversation: what the agent asked for, and what each call returned
/// (in the same order).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Turn {
    pub(crate) calls: Vec<ToolCall>,
    pub(crate) results: Vec<String>,
}

/// One request to an agent.
#[derive(Clone, Debug)]
pub(crate) struct Request {
    pub(crate) kind: RequestKind,
    pub(crate) system: String,
    pub(crate) user: String,
    /// Read-only tools offered besides the answer (empty: answer at once).
    pub(crate) tools: Vec<ToolSpec>,
    /// The conversation so far: each turn the agent spent calling tools.
    pub(crate) turns: Vec<Turn>,
    /// Tools are offered but this turn must answer (the turn or token cap is reached).
    pub(crate) answer_now: bool,
    /// 0: the deterministic review (temperature 0). Otherwise one of the sampled reviews of
    /// `--consensus`, with this number as its seed.
    pub(crate) sample: u32,
    /// `user` with line numbers counted from the start of what it shows: what the cache key
    /// and recordings are keyed on, so code that only moved in its file is a cache hit.
    pub(crate) key_text: String,
    pub(crate) max_output_tokens: u32,
}

impl Request {
    /// Input tokens, estimated before sending, as a code model's tokenizer counts them (see
    /// `slice::estimate_text_tokens`), with the tools' definitions and the turns so far, plus
    /// the chat template's overhead per message.
    pub(crate) fn estimated_tokens(&self) -> u64 {
        use crate::slice::estimate_text_tokens as tokens;
        let mut total = tokens(&self.system) + tokens(&self.user) + 2 * MESSAGE_OVERHEAD;
        for tool in &self.tools {
            total += tokens(tool.description) + tokens(&tool.parameters.to_string()) + 8;
        }
        for turn in &self.turns {
            for (call, result) in turn.calls.iter().zip(&turn.results) {
                total += tokens(&call.arguments.to_string()) + tokens(result);
                total += 2 * MESSAGE_OVERHEAD;
            }
        }
        total as u64
    }

    /// The text a cache key and a recording are taken over: `key_text` and the turns so far.
    pub(crate) fn key_material(&self) -> String {
        let mut material = self.key_text.clone();
        for turn in &self.turns {
            for (call, result) in turn.calls.iter().zip(&turn.results) {
                material.push_str(&format!("\0{}\0{}\0{}", call.name, call.arguments, result));
            }
        }
        if !self.tools.is_empty() {
            material.push_str(if self.answer_now {
                "\0answer"
            } else {
                "\0tools"
            });
        }
        if self.sample > 0 {
            material.push_str(&format!("\0sample {}", self.sample));
        }
        material
    }
}

/// The completion of an answer made of tool calls: the answer tool's arguments are the answer
/// (or, when no lookup was offered, whatever tool was called: a server may ignore the forced
/// choice and name it otherwise); otherwise the calls are lookups for the next turn.
pub(crate) fn answer_or_lookups(
    request: &Request,
    calls: Vec<ToolCall>,
    cut: bool,
    make: impl FnOnce(String) -> Completion,
) -> Completion {
    let answer = request.kind.tool_name();
    let chosen = calls
        .iter()
        .find(|call| call.name == answer)
        .or_else(|| calls.first().filter(|_| request.tools.is_empty()));
    if let Some(call) = chosen {
        let text = match &call.arguments {
            serde_json::Value::String(text) => text.clone(),
            other => other.to_string(),
        };
        return make(text);
    }
    let mut completion = make(String::new());
    completion.cut = cut;
    completion.tool_calls = calls;
    completion
}

/// Whether a server's refusal is about tools (not the context length, a key, a model name):
/// only then does the run go on without them.
pub(crate) fn mentions_tools(message: &str) -> bool {
    let message = message.to_ascii_lowercase();
    ["tool", "function"]
        .iter()
        .any(|word| message.contains(word))
}

/// Tokens a chat template adds around each message (role markers).
const MESSAGE_OVERHEAD: usize = 6;

/// An agent's answer: the JSON text it produced, and what it cost.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct Completion {
    pub(crate) text: String,
    pub(crate) tokens_in: u64,
    pub(crate) tokens_out: u64,
    /// The answer hit the output limit (`finish_reason: length`, `stop_reason: max_tokens`): its
    /// JSON is cut, and asking again at temperature 0 gives the same answer.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) cut: bool,
    /// Read-only tools the agent called instead of answering (then `text` is not the answer).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) tool_calls: Vec<ToolCall>,
}

/// Why a call failed.
#[derive(Clone, Debug)]
pub(crate) enum CallError {
    /// Worth trying again: timeouts, connection errors, 429, 5xx.
    Retryable {
        message: String,
        /// The server asked to wait this long (Retry-After).
        retry_after: Option<Duration>,
        /// A 429 (or 529): the pool halves its concurrency.
        rate_limited: bool,
    },
    /// Trying again will not help: other 4xx, a missing key, a program that cannot start.
    Permanent(String),
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CallError::Retryable { message, .. } | CallError::Permanent(message) => {
                f.write_str(message)
            }
        }
    }
}

pub(crate) type CallFuture<'a> =
    Pin<Box<dyn Future<Output = Result<Completion, CallError>> + Send + 'a>>;

/// A wire protocol: sends one request, returns the answer's JSON text.
pub(crate) trait Backend: Send + Sync {
    fn call<'a>(&'a self, request: &'a Request) -> CallFuture<'a>;
}

/// Builds the backend of `config`.
pub(crate) fn backend(config: &AgentConfig) -> anyhow::Result<Box<dyn Backend>> {
    Ok(match config.provider {
        Provider::OpenAi => Box::new(openai::OpenAi::new(config.clone())?),
        Provider::Anthropic => Box::new(anthropic::Anthropic::new(config.clone())?),
        Provider::Command => Box::new(command::CommandAgent::new(config.clone())?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_refusal_about_tools_turns_them_off() {
        assert!(mentions_tools("HTTP 400: tools are not supported"));
        assert!(mentions_tools(
            "HTTP 400: unsupported parameter: 'tool_choice'"
        ));
        assert!(mentions_tools("HTTP 400: function calling is not enabled"));
        assert!(!mentions_tools(
            "HTTP 400: the request exceeds the available context size"
        ));
        assert!(!mentions_tools("HTTP 401: invalid API key"));
    }
}
