//! Anthropic's Messages API: structured output through a forced tool call.

use serde_json::{json, Value};

use super::http::{self, read_events, Read};
use super::parse;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{
    answer_or_lookups, AgentConfig, Backend, CallError, CallFuture, Completion, Request, ToolCall,
};

const API_VERSION: &str = "2023-06-01";

pub(crate) struct Anthropic {
    config: AgentConfig,
    url: String,
    /// The server refused a request with lookup tools: the packed context alone from now on.
    tools_refused: AtomicBool,
}

impl Anthropic {
    pub(crate) fn new(config: AgentConfig) -> anyhow::Result<Anthropic> {
        let url = format!("{}/v1/messages", config.base_url.trim_end_matches('/'));
        Ok(Anthropic {
            config,
            url,
            tools_refused: AtomicBool::new(false),
        })
    }

    fn body(&self, request: &Request) -> Value {
        let answer = request.kind.tool_name();
        let tools = !request.tools.is_empty() && !self.tools_refused.load(Ordering::Relaxed);
        let mut messages = vec![json!({"role": "user", "content": request.user})];
        if tools {
            for turn in &request.turns {
                let uses: Vec<Value> = turn
                    .calls
                    .iter()
                    .map(|call| {
                        json!({"type": "tool_use", "id": call.id, "name": call.name, "input": call.arguments})
                    })
                    .collect();
                let results: Vec<Value> = turn
                    .calls
                    .iter()
                    .zip(&turn.results)
                    .map(|(call, result)| {
                        json!({"type": "tool_result", "tool_use_id": call.id, "content": result})
                    })
                    .collect();
                messages.push(json!({"role": "assistant", "content": uses}));
                messages.push(json!({"role": "user", "content": results}));
            }
        }
        let mut offered: Vec<Value> = Vec::new();
        // A turn that must answer is offered the answer alone (some servers ignore the choice).
        if tools && !request.answer_now {
            offered.extend(request.tools.iter().map(|tool| {
                json!({
                    "name": tool.name,
                    "description": tool.description,
                    "input_schema": tool.parameters,
                })
            }));
        }
        offered.push(json!({
            "name": answer,
            "description": "Report the result of the review. Call it once, last.",
            "input_schema": request.kind.schema(),
        }));
        // With lookups offered, any tool will do (a lookup or the answer); otherwise, and on
        // the last turn, the answer is forced.
        let choice = if tools && !request.answer_now {
            json!({"type": "any"})
        } else {
            json!({"type": "tool", "name": answer})
        };
        let mut body = json!({
            "model": self.config.model,
            "max_tokens": request.max_output_tokens,
            "temperature": 0,
            "system": request.system,
            "messages": messages,
            "tools": offered,
            "tool_choice": choice,
        });
        // The Messages API has no seed: a sampled review differs by its temperature alone.
        if request.sample > 0 {
            body["temperature"] = json!(super::openai::SAMPLED_TEMPERATURE);
        }
        if self.config.stream {
            body["stream"] = json!(true);
        }
        body
    }

    async fn send(&self, request: &Request) -> Result<Completion, CallError> {
        let outcome = self.send_once(request).await;
        // A server that refuses the lookup tools: the packed context alone from now on.
        if let Err(CallError::Permanent(message)) = &outcome {
            if message.starts_with("HTTP 4")
                && !request.tools.is_empty()
                && super::mentions_tools(message)
                && !self.tools_refused.swap(true, Ordering::Relaxed)
            {
                return self.send_once(request).await;
            }
        }
        outcome
    }

    async fn send_once(&self, request: &Request) -> Result<Completion, CallError> {
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
            let calls: Vec<ToolCall> = blocks
                .iter()
                .filter(|b| b.get("type").and_then(Value::as_str) == Some("tool_use"))
                .map(|b| ToolCall {
                    id: string(b, "id"),
                    name: string(b, "name"),
                    arguments: b.get("input").cloned().unwrap_or(Value::Null),
                })
                .collect();
            // Text blocks are the answer when no tool was called.
            let text: String = blocks
                .iter()
                .filter_map(|b| b.get("text").and_then(Value::as_str))
                .collect::<Vec<_>>()
                .join("");
            let cut = value.get("stop_reason").and_then(Value::as_str) == Some("max_tokens");
            let usage = |field: &str| {
                value
                    .pointer(&format!("/usage/{field}"))
                    .and_then(Value::as_u64)
            };
            let make = |text: String| Completion {
                tokens_in: input_tokens(value.get("usage")).unwrap_or(estimated_in),
                tokens_out: usage("output_tokens").unwrap_or(text.len() as u64 / 4),
                text,
                cut,
                tool_calls: Vec::new(),
            };
            if calls.is_empty() {
                return Ok(make(text));
            }
            return Ok(answer_or_lookups(request, calls, cut, make));
        }
        // Tool-use blocks by index: (id, name, input so far).
        let mut uses: Vec<(String, String, String)> = Vec::new();
        let mut current: Option<usize> = None;
        // A block was started but not kept (past the bound on tool calls): its pieces are dropped.
        let mut dropped_block = false;
        let answer = request.kind.tool_name();
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
                "content_block_start" => {
                    let block = event.get("content_block");
                    current = None;
                    dropped_block = false;
                    if block.and_then(|b| b.get("type")).and_then(Value::as_str) == Some("tool_use")
                    {
                        if uses.len() < 64 {
                            let block = block.unwrap_or(&Value::Null);
                            uses.push((string(block, "id"), string(block, "name"), String::new()));
                            current = Some(uses.len() - 1);
                        } else {
                            dropped_block = true;
                        }
                    }
                }
                "content_block_delta" => {
                    if let Some(piece) =
                        event.pointer("/delta/partial_json").and_then(Value::as_str)
                    {
                        if dropped_block {
                            return Ok(Read::More);
                        }
                        // A server that sends no block start still has one tool call.
                        if current.is_none() {
                            uses.push((String::new(), answer.to_string(), String::new()));
                            current = Some(uses.len() - 1);
                        }
                        let Some(index) = current else {
                            return Ok(Read::More);
                        };
                        let block = &mut uses[index];
                        block.2.push_str(piece);
                        // The whole answer has arrived: what follows is padding (see OpenAi).
                        if block.1 == answer
                            && piece.contains('}')
                            && parse::holds_complete_answer(&block.2)
                        {
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
        let calls: Vec<ToolCall> = uses
            .into_iter()
            .map(|(id, name, input)| ToolCall {
                id,
                name,
                arguments: if input.trim().is_empty() {
                    Value::Object(Default::default())
                } else {
                    serde_json::from_str(&input).unwrap_or(Value::String(input))
                },
            })
            .collect();
        let make = |text: String| Completion {
            tokens_in: tokens_in.unwrap_or(estimated_in),
            tokens_out: tokens_out.unwrap_or(text.len() as u64 / 4),
            text,
            cut,
            tool_calls: Vec::new(),
        };
        if calls.is_empty() {
            return Ok(make(text));
        }
        Ok(answer_or_lookups(request, calls, cut, make))
    }
}

fn string(value: &Value, field: &str) -> String {
    value
        .get(field)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
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
