//! Anthropic's Messages API: structured output through a forced tool call.

use serde_json::{json, Value};

use super::http::{self, read_events, Read};
use super::parse;
use super::{AgentConfig, Backend, CallError, CallFuture, Completion, Request};

const API_VERSION: &str = "2023-06-01";

pub(crate) struct Anthropic {
    config: AgentConfig,
    url: String,
}

impl Anthropic {
    pub(crate) fn new(config: AgentConfig) -> anyhow::Result<Anthropic> {
        let url = format!("{}/v1/messages", config.base_url.trim_end_matches('/'));
        Ok(Anthropic { config, url })
    }

    fn body(&self, request: &Request) -> Value {
        let tool = request.kind.tool_name();
        let mut body = json!({
            "model": self.config.model,
            "max_tokens": request.max_output_tokens,
            "temperature": 0,
            "system": request.system,
            "messages": [{"role": "user", "content": request.user}],
            "tools": [{
                "name": tool,
                "description": "Report the result of the review.",
                "input_schema": request.kind.schema(),
            }],
            "tool_choice": {"type": "tool", "name": tool},
        });
        if self.config.stream {
            body["stream"] = json!(true);
        }
        body
    }

    async fn send(&self, request: &Request) -> Result<Completion, CallError> {
        let key = self.config.api_key.as_ref();
        let mut headers = vec![("anthropic-version", API_VERSION.to_string())];
        if let Some(key) = key {
            headers.push(("x-api-key", key.expose().to_string()));
        }
        let response = http::post(&self.url, &headers, &self.body(request), key).await?;
        let estimated_in = request.estimated_tokens();
        if !self.config.stream {
            let value: Value = response
                .json()
                .await
                .map_err(|e| http::transport_error(e, key))?;
            let blocks = value
                .get("content")
                .and_then(Value::as_array)
                .ok_or_else(|| CallError::Permanent(String::from("the answer has no content")))?;
            // The forced tool call carries the answer; text blocks are the fallback.
            let text = blocks
                .iter()
                .find(|b| b.get("type").and_then(Value::as_str) == Some("tool_use"))
                .and_then(|b| b.get("input"))
                .map(Value::to_string)
                .unwrap_or_else(|| {
                    blocks
                        .iter()
                        .filter_map(|b| b.get("text").and_then(Value::as_str))
                        .collect::<Vec<_>>()
                        .join("")
                });
            let cut = value.get("stop_reason").and_then(Value::as_str) == Some("max_tokens");
            let usage = |field: &str| {
                value
                    .pointer(&format!("/usage/{field}"))
                    .and_then(Value::as_u64)
            };
            return Ok(Completion {
                tokens_in: input_tokens(value.get("usage")).unwrap_or(estimated_in),
                tokens_out: usage("output_tokens").unwrap_or(text.len() as u64 / 4),
                text,
                cut,
            });
        }
        let mut tool_json = String::new();
        let mut text = String::new();
        let (mut tokens_in, mut tokens_out) = (None, None);
        let mut stopped = false;
        let mut cut = false;
        read_events(response, key, |name, data| {
            let Ok(event) = serde_json::from_str::<Value>(data) else {
                return Ok(Read::More);
            };
            let kind = event.get("type").and_then(Value::as_str).unwrap_or(name);
            match kind {
                "message_start" => {
                    tokens_in = input_tokens(event.pointer("/message/usage"));
                }
                "content_block_delta" => {
                    if let Some(piece) =
                        event.pointer("/delta/partial_json").and_then(Value::as_str)
                    {
                        tool_json.push_str(piece);
                        // The whole input of the forced tool call has arrived (see OpenAi).
                        if piece.contains('}') && parse::complete_value_len(&tool_json).is_some() {
                            stopped = true;
                            return Ok(Read::Enough);
                        }
                    } else if let Some(piece) = event.pointer("/delta/text").and_then(Value::as_str)
                    {
                        text.push_str(piece);
                    }
                }
                "message_delta" => {
                    if event.pointer("/delta/stop_reason").and_then(Value::as_str)
                        == Some("max_tokens")
                    {
                        cut = true;
                    }
                    tokens_out = event
                        .pointer("/usage/output_tokens")
                        .and_then(Value::as_u64);
                }
                "message_stop" => stopped = true,
                "error" => {
                    let message = event
                        .pointer("/error/message")
                        .and_then(Value::as_str)
                        .unwrap_or("error event in the stream");
                    return Err(CallError::Retryable {
                        message: format!("the server reported: {message}"),
                        retry_after: None,
                        rate_limited: event.pointer("/error/type").and_then(Value::as_str)
                            == Some("overloaded_error"),
                    });
                }
                _ => {}
            }
            Ok(Read::More)
        })
        .await?;
        if !stopped {
            return Err(http::truncated("message_stop"));
        }
        let text = if tool_json.is_empty() {
            text
        } else {
            tool_json
        };
        Ok(Completion {
            tokens_in: tokens_in.unwrap_or(estimated_in),
            tokens_out: tokens_out.unwrap_or(text.len() as u64 / 4),
            text,
            cut,
        })
    }
}

/// Input tokens of a usage object: `input_tokens` leaves out what was read from or written to
/// the prompt cache, which is input all the same.
fn input_tokens(usage: Option<&Value>) -> Option<u64> {
    let usage = usage?;
    let fresh = usage.get("input_tokens")?.as_u64()?;
    let cached = ["cache_read_input_tokens", "cache_creation_input_tokens"]
        .iter()
        .filter_map(|field| usage.get(*field).and_then(Value::as_u64))
        .sum::<u64>();
    Some(fresh + cached)
}

impl Backend for Anthropic {
    fn call<'a>(&'a self, request: &'a Request) -> CallFuture<'a> {
        Box::pin(self.send(request))
    }
}
