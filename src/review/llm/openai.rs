//! The OpenAI-compatible chat completions API (OpenAI, vLLM, Ollama, OpenRouter, llama.cpp):
//! structured output through `response_format` with a JSON schema.

use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{json, Value};

use super::http::{self, read_events, Read};
use super::parse;
use super::{AgentConfig, Backend, CallError, CallFuture, Completion, Request};

pub(crate) struct OpenAi {
    config: AgentConfig,
    url: String,
    /// The server refused our JSON schema (some reject keywords such as `maxLength` in strict
    /// mode): ask for a plain JSON object instead, and rely on the tolerant parser.
    schema_refused: AtomicBool,
}

impl OpenAi {
    pub(crate) fn new(config: AgentConfig) -> anyhow::Result<OpenAi> {
        let url = format!("{}/chat/completions", config.base_url.trim_end_matches('/'));
        Ok(OpenAi {
            config,
            url,
            schema_refused: AtomicBool::new(false),
        })
    }

    fn body(&self, request: &Request) -> Value {
        let mut body = json!({
            "model": self.config.model,
            "temperature": 0,
            "max_tokens": request.max_output_tokens,
            "messages": [
                {"role": "system", "content": request.system},
                {"role": "user", "content": request.user},
            ],
            "response_format": {
                "type": "json_schema",
                "json_schema": {
                    "name": request.kind.schema_name(),
                    "strict": true,
                    "schema": request.kind.schema(),
                }
            }
        });
        if self.schema_refused.load(Ordering::Relaxed) {
            body["response_format"] = json!({"type": "json_object"});
        }
        if self.config.stream {
            body["stream"] = json!(true);
            body["stream_options"] = json!({"include_usage": true});
        }
        body
    }

    async fn send(&self, request: &Request) -> Result<Completion, CallError> {
        match self.send_once(request).await {
            Err(CallError::Permanent(message))
                if message.starts_with("HTTP 400")
                    && (message.contains("schema") || message.contains("response_format"))
                    && !self.schema_refused.swap(true, Ordering::Relaxed) =>
            {
                self.send_once(request).await
            }
            outcome => outcome,
        }
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
            let cut = value
                .pointer("/choices/0/finish_reason")
                .and_then(Value::as_str)
                == Some("length");
            let tokens_in = usage(&value, "prompt_tokens").unwrap_or(estimated_in);
            let tokens_out = usage(&value, "completion_tokens").unwrap_or(text.len() as u64 / 4);
            return Ok(Completion {
                text,
                tokens_in,
                tokens_out,
                cut,
            });
        }
        let mut text = String::new();
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
                if piece.contains(['}', ']']) && parse::complete_value_len(&text).is_some() {
                    finished = true;
                    return Ok(Read::Enough);
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
        Ok(Completion {
            tokens_in: tokens.0.unwrap_or(estimated_in),
            tokens_out: tokens.1.unwrap_or(text.len() as u64 / 4),
            text,
            cut,
        })
    }
}

fn usage(value: &Value, field: &str) -> Option<u64> {
    value.get("usage")?.get(field)?.as_u64()
}

impl Backend for OpenAi {
    fn call<'a>(&'a self, request: &'a Request) -> CallFuture<'a> {
        Box::pin(self.send(request))
    }
}
