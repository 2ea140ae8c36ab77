//! The OpenAI-compatible chat completions API (OpenAI, vLLM, Ollama, OpenRouter, llama.cpp):
//! structured output through `response_format` with a JSON schema.

use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{json, Value};

use super::http::{self, read_events, Read};
use super::parse;
use super::{
    answer_or_lookups, AgentConfig, Backend, CallError, CallFuture, Completion, Request, ToolCall,
    ToolSpec,
};

/// Temperature of the sampled reviews of `--consensus` (the first review stays at 0).
pub(crate) const SAMPLED_TEMPERATURE: f64 = 0.7;

pub(crate) struct OpenAi {
    config: AgentConfig,
    url: String,
    /// The server refused our JSON schema (some reject keywords such as `maxLength` in strict
    /// mode): ask for a plain JSON object instead, and rely on the tolerant parser.
    schema_refused: AtomicBool,
    /// The server refused a request with tools: send the packed context alone from now on.
    tools_refused: AtomicBool,
}

impl OpenAi {
    pub(crate) fn new(config: AgentConfig) -> anyhow::Result<OpenAi> {
        let url = format!("{}/chat/completions", config.base_url.trim_end_matches('/'));
        Ok(OpenAi {
            config,
            url,
            schema_refused: AtomicBool::new(false),
            tools_refused: AtomicBool::new(false),
        })
    }

    fn body(&self, request: &Request) -> Value {
        let tools = !request.tools.is_empty() && !self.tools_refused.load(Ordering::Relaxed);
        let mut messages = vec![
            json!({"role": "system", "content": request.system}),
            json!({"role": "user", "content": request.user}),
        ];
        if tools {
            for turn in &request.turns {
                let calls: Vec<Value> = turn
                    .calls
                    .iter()
                    .map(|call| {
                        json!({
                            "id": call.id,
                            "type": "function",
                            "function": {"name": call.name, "arguments": call.arguments.to_string()},
                        })
                    })
                    .collect();
                messages.push(json!({"role": "assistant", "content": null, "tool_calls": calls}));
                for (call, result) in turn.calls.iter().zip(&turn.results) {
                    messages
                        .push(json!({"role": "tool", "tool_call_id": call.id, "content": result}));
                }
            }
        }
        let mut body = json!({
            "model": self.config.model,
            "temperature": 0,
            "max_tokens": request.max_output_tokens,
            "messages": messages,
        });
        if request.sample > 0 {
            body["temperature"] = json!(SAMPLED_TEMPERATURE);
            body["seed"] = json!(request.sample);
        }
        if tools {
            // The answer is one more tool, so every turn is a tool call: a lookup, or the answer.
            // A turn that must answer is offered the answer alone: llama-server reads only a
            // string `tool_choice` (an object naming the tool becomes "auto").
            let lookups: &[ToolSpec] = if request.answer_now {
                &[]
            } else {
                &request.tools
            };
            let mut offered: Vec<Value> = lookups
                .iter()
                .map(|tool| {
                    json!({"type": "function", "function": {
                        "name": tool.name,
                        "description": tool.description,
                        "parameters": tool.parameters,
                    }})
                })
                .collect();
            let answer = request.kind.tool_name();
            offered.push(json!({"type": "function", "function": {
                "name": answer,
                "description": "Report the result of the review. Call it once, last.",
                "parameters": request.kind.schema(),
            }}));
            body["tools"] = Value::Array(offered);
            body["tool_choice"] = json!("required");
        } else {
            body["response_format"] = if self.schema_refused.load(Ordering::Relaxed) {
                json!({"type": "json_object"})
            } else {
                json!({
                    "type": "json_schema",
                    "json_schema": {
                        "name": request.kind.schema_name(),
                        "strict": true,
                        "schema": request.kind.schema(),
                    }
                })
            };
        }
        if self.config.stream {
            body["stream"] = json!(true);
            body["stream_options"] = json!({"include_usage": true});
        }
        body
    }

    async fn send(&self, request: &Request) -> Result<Completion, CallError> {
        let mut outcome = self.send_once(request).await;
        // A server without tool support (or without `tool_choice`): from now on every request
        // goes without tools, with the packed context alone. Detected once.
        if let Err(CallError::Permanent(message)) = &outcome {
            if message.starts_with("HTTP 4")
                && !request.tools.is_empty()
                && super::mentions_tools(message)
                && !self.tools_refused.swap(true, Ordering::Relaxed)
            {
                outcome = self.send_once(request).await;
            }
        }
        if let Err(CallError::Permanent(message)) = &outcome {
            if message.starts_with("HTTP 400")
                && (message.contains("schema") || message.contains("response_format"))
                && !self.schema_refused.swap(true, Ordering::Relaxed)
            {
                outcome = self.send_once(request).await;
            }
        }
        outcome
    }

    async fn send_once(&self, request: &Request) -> Result<Completion, CallError> {
        let key = self.config.api_key.as_ref();
        let mut headers = Vec::new();
        if let Some(key) = key {
            headers.push(("authorization", format!("Bearer {}", key.expose())));
        }
        let response = http::post(&self.url, &headers, &self.body(request), key).await?;
        let estimated_in = request.estimated_tokens();
        if !self.config.stream {
            let value: Value = response
                .json()
                .await
                .map_err(|e| http::transport_error(e, key))?;
            let message = value.pointer("/choices/0/message");
            let calls = message
                .and_then(|m| m.get("tool_calls"))
                .and_then(Value::as_array)
                .map(|calls| calls.iter().filter_map(tool_call).collect::<Vec<_>>())
                .unwrap_or_default();
            let cut = value
                .pointer("/choices/0/finish_reason")
                .and_then(Value::as_str)
                == Some("length");
            if !calls.is_empty() {
                let completion = answer_or_lookups(request, calls, cut, |text| Completion {
                    tokens_in: usage(&value, "prompt_tokens").unwrap_or(estimated_in),
                    tokens_out: usage(&value, "completion_tokens").unwrap_or(text.len() as u64 / 4),
                    text,
                    cut,
                    tool_calls: Vec::new(),
                });
                return Ok(completion);
            }
            let text = message
                .and_then(|m| m.get("content"))
                .and_then(Value::as_str)
                .or_else(|| {
                    message
                        .and_then(|m| m.get("refusal"))
                        .and_then(Value::as_str)
                })
                .ok_or_else(|| {
                    CallError::Permanent(String::from(
                        "the answer has no choices[0].message.content",
                    ))
                })?
                .to_string();
            let tokens_in = usage(&value, "prompt_tokens").unwrap_or(estimated_in);
            let tokens_out = usage(&value, "completion_tokens").unwrap_or(text.len() as u64 / 4);
            return Ok(Completion {
                text,
                tokens_in,
                tokens_out,
                cut,
                tool_calls: Vec::new(),
            });
        }
        let mut text = String::new();
        // Tool calls arrive in pieces, by index: (id, name, arguments so far).
        let mut pieces: Vec<(String, String, String)> = Vec::new();
        let mut tokens = (None, None);
        let mut finished = false;
        let mut cut = false;
        read_events(response, key, |_, data| {
            if data.trim() == "[DONE]" {
                finished = true;
                return Ok(Read::More);
            }
            let Ok(chunk) = serde_json::from_str::<Value>(data) else {
                return Ok(Read::More);
            };
            if let Some(piece) = chunk
                .pointer("/choices/0/delta/content")
                .and_then(Value::as_str)
            {
                text.push_str(piece);
                // A whole JSON answer has arrived: what a small model writes after it is
                // padding up to the output limit, and waiting for it costs minutes.
                if piece.contains(['}', ']']) && parse::holds_complete_answer(&text) {
                    finished = true;
                    return Ok(Read::Enough);
                }
            }
            for delta in chunk
                .pointer("/choices/0/delta/tool_calls")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let index = delta.get("index").and_then(Value::as_u64).unwrap_or(0) as usize;
                if index >= 64 {
                    continue;
                }
                if pieces.len() <= index {
                    pieces.resize(index + 1, Default::default());
                }
                let piece = &mut pieces[index];
                if let Some(id) = delta.get("id").and_then(Value::as_str) {
                    piece.0 = id.to_string();
                }
                if let Some(name) = delta.pointer("/function/name").and_then(Value::as_str) {
                    piece.1.push_str(name);
                }
                if let Some(arguments) =
                    delta.pointer("/function/arguments").and_then(Value::as_str)
                {
                    piece.2.push_str(arguments);
                }
            }
            if chunk
                .pointer("/choices/0/finish_reason")
                .and_then(Value::as_str)
                == Some("length")
            {
                cut = true;
            }
            if chunk.get("usage").is_some_and(|u| !u.is_null()) {
                tokens = (
                    usage(&chunk, "prompt_tokens"),
                    usage(&chunk, "completion_tokens"),
                );
            }
            Ok(Read::More)
        })
        .await?;
        if !finished {
            return Err(http::truncated("[DONE]"));
        }
        let calls: Vec<ToolCall> = pieces
            .into_iter()
            .filter(|(_, name, _)| !name.is_empty())
            .map(|(id, name, arguments)| ToolCall {
                id,
                name,
                arguments: parse_arguments(&arguments),
            })
            .collect();
        let make = |text: String| Completion {
            tokens_in: tokens.0.unwrap_or(estimated_in),
            tokens_out: tokens.1.unwrap_or(text.len() as u64 / 4),
            text,
            cut,
            tool_calls: Vec::new(),
        };
        if !calls.is_empty() {
            return Ok(answer_or_lookups(request, calls, cut, make));
        }
        Ok(make(text))
    }
}

/// A tool call of a non-streamed answer.
fn tool_call(call: &Value) -> Option<ToolCall> {
    let name = call.pointer("/function/name")?.as_str()?.to_string();
    let arguments = match call.pointer("/function/arguments") {
        Some(Value::String(text)) => parse_arguments(text),
        Some(other) => other.clone(),
        None => Value::Null,
    };
    Some(ToolCall {
        id: call
            .get("id")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
        name,
        arguments,
    })
}

/// Arguments as the JSON they should be; text that is not JSON is kept as a string, for the
/// tool to refuse with a message the agent can read.
fn parse_arguments(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string()))
}

fn usage(value: &Value, field: &str) -> Option<u64> {
    value.get("usage")?.get(field)?.as_u64()
}

impl Backend for OpenAi {
    fn call<'a>(&'a self, request: &'a Request) -> CallFuture<'a> {
        Box::pin(self.send(request))
    }
}
