//! Checks the fake LLM server itself with a real HTTP client (reqwest), so the tests built on it
//! can trust that it speaks the OpenAI and Anthropic wire protocols and injects faults as told.

#[path = "support/fake_llm.rs"]
mod fake_llm;

use std::time::{Duration, Instant};

use fake_llm::{Behavior, FakeLlm};
use serde_json::{json, Value};

fn client() -> reqwest::Client {
    // reqwest is built without a default crypto provider; building a client needs one even for
    // plain http. A second install (another test got there first) is harmless.
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder()
        .build()
        .expect("build a reqwest client")
}

/// A prompt shaped like shardscan's: numbered code lines, one with `eval(` on line 12.
fn prompt() -> String {
    let lines = [
        (11, "def run(expr):"),
        (12, "    return eval(expr)"),
        (13, "# eval is mentioned here without a call"),
    ];
    let mut prompt = String::from("Review this Python file.\n```\n");
    for (number, text) in lines {
        prompt.push_str(&format!("{number:>6} | {text}\n"));
    }
    prompt.push_str("```\n");
    prompt
}

fn openai_request(schema: &str, stream: bool) -> Value {
    let mut request = json!({
        "model": "gpt-fake",
        "messages": [
            { "role": "system", "content": "You are a security reviewer." },
            { "role": "user", "content": prompt() },
        ],
        "response_format": {
            "type": "json_schema",
            "json_schema": { "name": schema, "strict": true, "schema": { "type": "object" } },
        },
    });
    if stream {
        request["stream"] = json!(true);
        request["stream_options"] = json!({ "include_usage": true });
    }
    request
}

fn anthropic_request(tool: &str, stream: bool) -> Value {
    json!({
        "model": "claude-fake",
        "max_tokens": 1024,
        "stream": stream,
        "system": "You are a security reviewer.",
        "messages": [{ "role": "user", "content": [{ "type": "text", "text": prompt() }] }],
        "tools": [{ "name": tool, "description": "report", "input_schema": { "type": "object" } }],
        "tool_choice": { "type": "tool", "name": tool },
    })
}

async fn post_openai(server: &FakeLlm, body: &Value) -> reqwest::Response {
    client()
        .post(format!("{}/chat/completions", server.base_url_openai()))
        .bearer_auth("sk-test-openai")
        .json(body)
        .send()
        .await
        .expect("send to the fake")
}

async fn post_anthropic(server: &FakeLlm, body: &Value) -> reqwest::Response {
    client()
        .post(format!("{}/v1/messages", server.base_url_anthropic()))
        .header("x-api-key", "sk-ant-test")
        .header("anthropic-version", "2023-06-01")
        .json(body)
        .send()
        .await
        .expect("send to the fake")
}

/// Splits an SSE body into `(event name, data)` pairs.
fn sse_events(body: &str) -> Vec<(Option<String>, String)> {
    body.split("\n\n")
        .filter(|event| !event.trim().is_empty())
        .map(|event| {
            let mut name = None;
            let mut data = String::new();
            for line in event.lines() {
                if let Some(value) = line.strip_prefix("event: ") {
                    name = Some(value.to_string());
                } else if let Some(value) = line.strip_prefix("data: ") {
                    data.push_str(value);
                }
            }
            (name, data)
        })
        .collect()
}

fn assert_eval_finding(answer: &Value) {
    let findings = answer["findings"].as_array().expect("a findings array");
    assert_eq!(findings.len(), 1, "only line 12 calls eval(: {answer}");
    let finding = &findings[0];
    assert_eq!(finding["start_line"], 12);
    assert_eq!(finding["end_line"], 12);
    assert_eq!(finding["cwe"], "CWE-95");
    assert_eq!(finding["severity"], "error");
    assert_eq!(finding["evidence"], "return eval(expr)");
}

#[tokio::test]
async fn openai_json_answers_findings_from_the_prompt() {
    let server = FakeLlm::spawn(Behavior::default());
    let response = post_openai(&server, &openai_request("findings", false)).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["object"], "chat.completion");
    assert_eq!(body["model"], "gpt-fake");
    assert_eq!(body["choices"][0]["finish_reason"], "stop");
    let content = body["choices"][0]["message"]["content"].as_str().unwrap();
    assert_eval_finding(&serde_json::from_str(content).unwrap());
    let usage = &body["usage"];
    assert!(usage["prompt_tokens"].as_u64().unwrap() > 0);
    assert_eq!(
        usage["total_tokens"].as_u64(),
        Some(
            usage["prompt_tokens"].as_u64().unwrap() + usage["completion_tokens"].as_u64().unwrap()
        )
    );
    let stats = server.stats();
    assert_eq!((stats.requests, stats.completed), (1, 1));
    assert_eq!(stats.paths.get("/v1/chat/completions"), Some(&1));
    assert_eq!(stats.authorization_headers, ["Bearer sk-test-openai"]);
    assert!(stats.bodies[0].contains("return eval(expr)"));
}

#[tokio::test]
async fn openai_stream_sends_deltas_then_usage_then_done() {
    let server = FakeLlm::spawn(Behavior::default());
    let response = post_openai(&server, &openai_request("findings", true)).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    let events = sse_events(&response.text().await.unwrap());
    assert_eq!(events.last().unwrap().1, "[DONE]");
    let chunks: Vec<Value> = events[..events.len() - 1]
        .iter()
        .map(|(_, data)| serde_json::from_str(data).unwrap())
        .collect();
    let content: String = chunks
        .iter()
        .filter_map(|chunk| chunk["choices"][0]["delta"]["content"].as_str())
        .collect();
    let pieces = chunks
        .iter()
        .filter(|chunk| {
            chunk["choices"][0]["delta"]["content"]
                .as_str()
                .is_some_and(|c| !c.is_empty())
        })
        .count();
    assert!(pieces >= 2, "content comes in pieces, got {pieces}");
    assert_eval_finding(&serde_json::from_str(&content).unwrap());
    let last = chunks.last().unwrap();
    assert_eq!(last["choices"], json!([]));
    assert!(last["usage"]["completion_tokens"].as_u64().unwrap() >= 1);
    assert_eq!(server.stats().completed, 1);
}

#[tokio::test]
async fn anthropic_json_answers_with_the_requested_tool() {
    let server = FakeLlm::spawn(Behavior::default());
    let response = post_anthropic(&server, &anthropic_request("report_findings", false)).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["type"], "message");
    assert_eq!(body["model"], "claude-fake");
    assert_eq!(body["stop_reason"], "tool_use");
    let block = &body["content"][0];
    assert_eq!(block["type"], "tool_use");
    assert_eq!(block["name"], "report_findings");
    assert_eval_finding(&block["input"]);
    assert!(body["usage"]["input_tokens"].as_u64().unwrap() > 0);
    assert_eq!(server.stats().authorization_headers, ["sk-ant-test"]);
}

#[tokio::test]
async fn anthropic_stream_sends_the_real_event_sequence() {
    let server = FakeLlm::spawn(Behavior::default());
    let response = post_anthropic(&server, &anthropic_request("report_findings", true)).await;
    assert_eq!(response.status(), 200);
    let events = sse_events(&response.text().await.unwrap());
    let names: Vec<&str> = events
        .iter()
        .map(|(name, _)| name.as_deref().unwrap())
        .collect();
    let deltas = names
        .iter()
        .filter(|name| **name == "content_block_delta")
        .count();
    assert!(deltas >= 2, "several deltas, got {names:?}");
    let mut expected = vec!["message_start", "content_block_start", "ping"];
    expected.extend(std::iter::repeat_n("content_block_delta", deltas));
    expected.extend(["content_block_stop", "message_delta", "message_stop"]);
    assert_eq!(names, expected);
    let data: Vec<Value> = events
        .iter()
        .map(|(_, data)| serde_json::from_str(data).unwrap())
        .collect();
    for ((name, _), data) in events.iter().zip(&data) {
        assert_eq!(
            data["type"],
            name.as_deref().unwrap(),
            "the data names its event"
        );
    }
    assert!(
        data[0]["message"]["usage"]["input_tokens"]
            .as_u64()
            .unwrap()
            > 0
    );
    assert_eq!(data[1]["content_block"]["type"], "tool_use");
    assert_eq!(data[1]["content_block"]["name"], "report_findings");
    let json: String = data
        .iter()
        .filter_map(|event| event["delta"]["partial_json"].as_str())
        .collect();
    assert_eval_finding(&serde_json::from_str(&json).unwrap());
    let message_delta = &data[data.len() - 2];
    assert_eq!(message_delta["delta"]["stop_reason"], "tool_use");
    assert!(message_delta["usage"]["output_tokens"].as_u64().unwrap() >= 1);
}

#[tokio::test]
async fn verification_requests_get_verdicts() {
    let server = FakeLlm::spawn(Behavior {
        reject_needle: Some("return eval(expr)".into()),
        ..Behavior::default()
    });
    let body: Value = post_openai(&server, &openai_request("verdict", false))
        .await
        .json()
        .await
        .unwrap();
    let verdict: Value =
        serde_json::from_str(body["choices"][0]["message"]["content"].as_str().unwrap()).unwrap();
    assert_eq!(verdict["verdict"], "rejected");
    assert!(verdict["reason"].is_string());

    server.set_behavior(Behavior::default());
    let body: Value = post_anthropic(&server, &anthropic_request("report_verdict", false))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(body["content"][0]["name"], "report_verdict");
    assert_eq!(body["content"][0]["input"]["verdict"], "confirmed");
}

#[tokio::test]
async fn first_requests_are_rate_limited_with_retry_after() {
    let server = FakeLlm::spawn(Behavior {
        rate_limit_first: 1,
        retry_after_secs: 7,
        ..Behavior::default()
    });
    let response = post_openai(&server, &openai_request("findings", false)).await;
    assert_eq!(response.status(), 429);
    assert_eq!(response.headers()["retry-after"], "7");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"]["code"], "rate_limit_exceeded");
    let response = post_openai(&server, &openai_request("findings", false)).await;
    assert_eq!(response.status(), 200);

    // A new behavior restarts the count; Anthropic gets its own error shape.
    server.set_behavior(Behavior {
        rate_limit_first: 1,
        ..Behavior::default()
    });
    let response = post_anthropic(&server, &anthropic_request("report_findings", false)).await;
    assert_eq!(response.status(), 429);
    assert_eq!(response.headers()["retry-after"], "1");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["type"], "error");
    assert_eq!(body["error"]["type"], "rate_limit_error");
    let stats = server.stats();
    assert_eq!(
        (stats.requests, stats.completed, stats.rate_limited),
        (3, 1, 2)
    );
}

#[tokio::test]
async fn every_nth_request_fails_with_the_given_status() {
    let server = FakeLlm::spawn(Behavior {
        fail_every: Some((2, 529)),
        ..Behavior::default()
    });
    let mut statuses = Vec::new();
    for _ in 0..4 {
        let response = post_anthropic(&server, &anthropic_request("report_findings", false)).await;
        statuses.push(response.status().as_u16());
        if response.status() == 529 {
            let body: Value = response.json().await.unwrap();
            assert_eq!(body["error"]["type"], "overloaded_error");
        }
    }
    assert_eq!(statuses, [200, 529, 200, 529]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_requests_overlap_instead_of_queueing() {
    let server = FakeLlm::spawn(Behavior {
        latency: Duration::from_millis(200),
        ..Behavior::default()
    });
    let client = client();
    let url = format!("{}/chat/completions", server.base_url_openai());
    let body = openai_request("findings", false);
    let started = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..64 {
        let request = client.post(&url).json(&body);
        tasks.spawn(async move { request.send().await.map(|response| response.status()) });
    }
    while let Some(status) = tasks.join_next().await {
        assert_eq!(status.unwrap().unwrap(), 200);
    }
    let elapsed = started.elapsed();
    assert!(
        elapsed < Duration::from_millis(1500),
        "64 requests of 200 ms took {elapsed:?}"
    );
    let stats = server.stats();
    assert_eq!(stats.completed, 64);
    assert!(
        stats.peak_in_flight >= 32,
        "peak in flight {}",
        stats.peak_in_flight
    );
    // The server finishes its bookkeeping just after the client has the answer.
    let waited = Instant::now();
    while server.stats().in_flight > 0 && waited.elapsed() < Duration::from_secs(2) {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(server.stats().in_flight, 0);
}

#[tokio::test]
async fn a_stalled_request_times_out_in_the_client() {
    let server = FakeLlm::spawn(Behavior {
        stall: true,
        ..Behavior::default()
    });
    let error = client()
        .post(format!("{}/chat/completions", server.base_url_openai()))
        .timeout(Duration::from_millis(300))
        .json(&openai_request("findings", false))
        .send()
        .await
        .expect_err("the fake never answers");
    assert!(error.is_timeout(), "{error}");
    let stats = server.stats();
    assert_eq!((stats.requests, stats.completed), (1, 0));
}

#[tokio::test]
async fn a_stream_can_stall_after_its_first_events() {
    let server = FakeLlm::spawn(Behavior {
        stall_mid_stream: true,
        ..Behavior::default()
    });
    let mut response = post_anthropic(&server, &anthropic_request("report_findings", true)).await;
    assert_eq!(response.status(), 200);
    let mut received = String::new();
    let outcome = tokio::time::timeout(Duration::from_millis(300), async {
        while let Some(chunk) = response.chunk().await.unwrap() {
            received.push_str(&String::from_utf8_lossy(&chunk));
        }
    })
    .await;
    assert!(outcome.is_err(), "the stream never ends");
    assert!(received.contains("event: message_start"));
    assert!(received.contains("event: content_block_delta"));
    assert!(!received.contains("message_stop"));
    drop(response);
    assert_eq!(server.stats().completed, 0);
}

#[tokio::test]
async fn one_client_reuses_its_connection() {
    let server = FakeLlm::spawn(Behavior::default());
    let client = client();
    for _ in 0..2 {
        let response = client
            .post(format!("{}/chat/completions", server.base_url_openai()))
            .json(&openai_request("findings", false))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        response.bytes().await.unwrap();
    }
    let stats = server.stats();
    assert_eq!(
        (stats.requests, stats.completed, stats.connections),
        (2, 2, 1)
    );
}

#[tokio::test]
async fn damaged_answers_are_still_200() {
    let server = FakeLlm::spawn(Behavior {
        fenced: true,
        ..Behavior::default()
    });
    let body: Value = post_openai(&server, &openai_request("findings", false))
        .await
        .json()
        .await
        .unwrap();
    let content = body["choices"][0]["message"]["content"].as_str().unwrap();
    let inner = content
        .split("```json")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    assert_eval_finding(&serde_json::from_str(inner).unwrap());
    assert!(serde_json::from_str::<Value>(content).is_err());

    for behavior in [
        Behavior {
            truncated: true,
            ..Behavior::default()
        },
        Behavior {
            malformed: true,
            ..Behavior::default()
        },
    ] {
        server.set_behavior(behavior);
        let response = post_anthropic(&server, &anthropic_request("report_findings", false)).await;
        assert_eq!(response.status(), 200);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["content"][0]["type"], "text");
        let text = body["content"][0]["text"].as_str().unwrap();
        assert!(serde_json::from_str::<Value>(text).is_err(), "{text}");
    }
}

#[tokio::test]
async fn unknown_paths_and_bad_bodies_get_error_json() {
    let server = FakeLlm::spawn(Behavior::default());
    let client = client();
    let response = client
        .post(format!("{}/v1/completions", server.base_url_anthropic()))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 404);
    assert!(response.json::<Value>().await.unwrap()["error"]["message"].is_string());
    let response = client
        .post(format!("{}/v1/messages", server.base_url_anthropic()))
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"]["type"], "invalid_request_error");
}

#[tokio::test]
async fn dropping_the_server_releases_a_stalled_client() {
    let server = FakeLlm::spawn(Behavior {
        stall: true,
        ..Behavior::default()
    });
    let request = client()
        .post(format!("{}/chat/completions", server.base_url_openai()))
        .timeout(Duration::from_secs(5))
        .json(&openai_request("findings", false))
        .send();
    let pending = tokio::spawn(request);
    while server.stats().in_flight == 0 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let started = Instant::now();
    drop(server);
    let error = pending.await.unwrap().expect_err("the server went away");
    assert!(
        !error.is_timeout(),
        "the drop, not the timeout, ended it: {error}"
    );
    assert!(started.elapsed() < Duration::from_secs(2));
}
