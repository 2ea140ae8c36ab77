//! An in-process fake LLM server on 127.0.0.1 that speaks the OpenAI chat-completions and the
//! Anthropic Messages wire protocols (JSON and SSE streaming), with injectable faults.
//!
//! Self-contained on purpose (std, tokio and serde_json only): integration tests include it with
//! `#[path = "../support/fake_llm.rs"] mod fake_llm;` and `examples/fake_llm.rs` wraps it for
//! benchmarks. The HTTP/1.1 is hand-written and minimal: one request line, headers up to CRLFCRLF,
//! a `Content-Length` body, keep-alive; answers carry `Content-Length` (JSON) or
//! `Transfer-Encoding: chunked` (SSE). Each connection is its own task, so many slow requests
//! overlap instead of queueing behind each other.
//!
//! The answer is derived from the prompt: every code line `format!("{:>6} | {}", n, text)` of the
//! last user message that contains a needle substring yields one finding.

// Each including crate uses a different part of the API.
#![allow(dead_code)]

use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;

/// Larger request heads are refused; real clients send a few hundred bytes.
const MAX_HEAD_BYTES: usize = 64 * 1024;
/// Larger request bodies are refused with 413.
const MAX_BODY_BYTES: usize = 64 * 1024 * 1024;
/// `Stats::bodies` keeps only the most recent bodies so a long benchmark stays bounded.
const MAX_KEPT_BODIES: usize = 10_000;

/// What the fake does with the requests it receives. Faults are counted from the last
/// `FakeLlm::spawn` or `FakeLlm::set_behavior`: "the first N requests" means the first N after it.
#[derive(Clone, Debug)]
pub struct Behavior {
    /// Sleep before answering each request (every answer, errors included; not stalls).
    pub latency: Duration,
    /// The first N requests get 429 with `Retry-After: retry_after_secs`.
    pub rate_limit_first: u32,
    /// The value of `Retry-After` on 429 answers.
    pub retry_after_secs: u64,
    /// `Some((n, status))`: every n-th request (1-based) is answered with `status` and an error body.
    pub fail_every: Option<(u32, u16)>,
    /// Read the request, then never answer; the connection is held until the client drops it.
    pub stall: bool,
    /// Streaming requests: send the headers and the first event(s), then stall as above.
    /// Non-streaming requests are answered normally.
    pub stall_mid_stream: bool,
    /// Answer 200 with content that is not JSON at all.
    pub malformed: bool,
    /// Answer 200 with the JSON wrapped in a ```json fence plus a trailing sentence.
    pub fenced: bool,
    /// Answer 200 with the JSON cut in half.
    pub truncated: bool,
    /// Answer 200 with the whole JSON followed by blank lines up to the output limit, marked cut
    /// (as a small local model pads a finished answer).
    pub padded: bool,
    /// `(substring, CWE)`: every numbered code line containing the substring yields one finding.
    pub needles: Vec<(String, String)>,
    /// `(line needle, context needle, CWE)`: a model that needs to see more than the shard. A
    /// code line containing the line needle yields a finding only when the context above the
    /// code (packed definitions, or what a tool returned) contains the context needle.
    pub needs_context: Vec<(String, String, String)>,
    /// When read-only tools are offered: the lookups the model makes, one per turn in order
    /// (`(tool name, arguments)`), before it answers.
    pub lookups: Vec<(String, Value)>,
    /// Make the first lookup on every turn that offers tools and does not force the answer.
    pub always_lookup: bool,
    /// Keep looking up even when the answer is forced (a model that ignores `tool_choice`).
    pub ignore_forced_answer: bool,
    /// Answer 400 to any request that offers read-only tools (a server without tool support).
    pub refuse_tools: bool,
    /// Say at `GET /props` (as llama-server does, `total_slots`) that the server has this many
    /// slots; `None` answers 404 there, as a server that does not say.
    pub slots: Option<usize>,
    /// Verification prompts containing this substring get `"rejected"`; all others `"confirmed"`.
    pub reject_needle: Option<String>,
}

impl Default for Behavior {
    fn default() -> Self {
        Behavior {
            latency: Duration::ZERO,
            rate_limit_first: 0,
            retry_after_secs: 1,
            fail_every: None,
            stall: false,
            stall_mid_stream: false,
            malformed: false,
            fenced: false,
            truncated: false,
            padded: false,
            needles: vec![
                ("eval(".to_string(), "CWE-95".to_string()),
                ("os.system(".to_string(), "CWE-78".to_string()),
            ],
            reject_needle: None,
            needs_context: Vec::new(),
            lookups: Vec::new(),
            always_lookup: false,
            ignore_forced_answer: false,
            refuse_tools: false,
            slots: None,
        }
    }
}

/// A snapshot of what the fake has seen since it started (not reset by `set_behavior`).
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Every request received, whatever its answer (429, 5xx, 404, stalled...).
    pub requests: u64,
    /// 200 answers sent in full (a stream counts once its last event is written).
    pub completed: u64,
    /// 429 answers sent.
    pub rate_limited: u64,
    /// TCP connections accepted; with keep-alive several requests share one.
    pub connections: u64,
    /// Requests being handled right now (read, not yet fully answered or abandoned).
    pub in_flight: usize,
    /// The most requests handled at once.
    pub peak_in_flight: usize,
    /// Requests per path (query string dropped).
    pub paths: BTreeMap<String, u64>,
    /// Every `authorization` and `x-api-key` header value seen, in order.
    pub authorization_headers: Vec<String>,
    /// Request bodies, oldest first (the last 10 000 only).
    pub bodies: Vec<String>,
}

/// A running fake server; dropping it shuts the server down and joins its thread.
pub struct FakeLlm {
    port: u16,
    shared: Arc<Shared>,
    shutdown: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl FakeLlm {
    /// Binds 127.0.0.1 on a free port and serves from a background thread with its own tokio
    /// runtime. Returns once the socket is listening, so a request sent right away is accepted.
    pub fn spawn(behavior: Behavior) -> FakeLlm {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        listener
            .set_nonblocking(true)
            .expect("a fresh socket can be made non-blocking");
        let port = listener
            .local_addr()
            .expect("a bound socket has an address")
            .port();
        let shared = Arc::new(Shared {
            control: Mutex::new(Control {
                behavior,
                since_set: 0,
            }),
            recorder: Mutex::new(Recorder::default()),
        });
        let (shutdown, shutdown_rx) = oneshot::channel();
        let thread_shared = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name(format!("fake-llm-{port}"))
            .spawn(move || serve(listener, thread_shared, shutdown_rx))
            .expect("spawn the fake LLM thread");
        FakeLlm {
            port,
            shared,
            shutdown: Some(shutdown),
            thread: Some(thread),
        }
    }

    /// The port the server listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// `http://127.0.0.1:PORT/v1`, the OpenAI-style base URL (`/chat/completions` is appended).
    pub fn base_url_openai(&self) -> String {
        format!("http://127.0.0.1:{}/v1", self.port)
    }

    /// `http://127.0.0.1:PORT`, the Anthropic-style base URL (`/v1/messages` is appended).
    pub fn base_url_anthropic(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Replaces the behavior for the requests that arrive from now on, and restarts the request
    /// count that `rate_limit_first` and `fail_every` use. Requests already sleeping keep theirs.
    pub fn set_behavior(&self, behavior: Behavior) {
        let mut control = lock(&self.shared.control);
        control.behavior = behavior;
        control.since_set = 0;
    }

    /// A snapshot of the counters.
    pub fn stats(&self) -> Stats {
        let recorder = lock(&self.shared.recorder);
        let mut stats = recorder.stats.clone();
        stats.bodies = recorder.bodies.iter().cloned().collect();
        stats
    }
}

impl Drop for FakeLlm {
    fn drop(&mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
        if let Some(thread) = self.thread.take() {
            // A panic in the server thread already failed the test that caused it.
            let _ = thread.join();
        }
    }
}

struct Shared {
    control: Mutex<Control>,
    recorder: Mutex<Recorder>,
}

struct Control {
    behavior: Behavior,
    /// Requests since the behavior was last set: what `rate_limit_first` and `fail_every` count.
    since_set: u64,
}

#[derive(Default)]
struct Recorder {
    stats: Stats,
    bodies: VecDeque<String>,
}

/// A poisoned lock only means another request panicked; the counters are still usable.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The server thread: accept until told to stop, then drop every connection task at once (stalled
/// ones included, which is what unblocks a client still waiting on them).
fn serve(
    listener: std::net::TcpListener,
    shared: Arc<Shared>,
    mut shutdown: oneshot::Receiver<()>,
) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("build the fake LLM runtime");
    runtime.block_on(async {
        let listener = TcpListener::from_std(listener).expect("register the listener with tokio");
        loop {
            tokio::select! {
                _ = &mut shutdown => break,
                accepted = listener.accept() => match accepted {
                    Ok((stream, _)) => {
                        lock(&shared.recorder).stats.connections += 1;
                        tokio::spawn(serve_connection(stream, Arc::clone(&shared)));
                    }
                    // Out of file descriptors and the like: back off instead of spinning.
                    Err(_) => tokio::time::sleep(Duration::from_millis(10)).await,
                },
            }
        }
    });
    runtime.shutdown_background();
}

struct Request {
    method: String,
    path: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
    keep_alive: bool,
}

impl Request {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }
}

enum ReadOutcome {
    Request(Request),
    /// The client closed the connection between requests.
    Closed,
    /// Not HTTP we understand: answer with this status and message, then close.
    Bad(u16, String),
}

/// Reads one request; bytes past its end stay in `buffer` for the next one (pipelining).
async fn read_request(
    stream: &mut TcpStream,
    buffer: &mut Vec<u8>,
) -> std::io::Result<ReadOutcome> {
    let head_end = loop {
        if let Some(at) = buffer.windows(4).position(|window| window == b"\r\n\r\n") {
            break at;
        }
        if buffer.len() > MAX_HEAD_BYTES {
            return Ok(ReadOutcome::Bad(431, "request head too large".into()));
        }
        if read_more(stream, buffer).await? == 0 {
            return Ok(ReadOutcome::Closed);
        }
    };
    let head = String::from_utf8_lossy(&buffer[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let request_line = lines.next().unwrap_or_default();
    let mut parts = request_line.split(' ');
    let (Some(method), Some(target), Some(version)) = (parts.next(), parts.next(), parts.next())
    else {
        return Ok(ReadOutcome::Bad(
            400,
            format!("bad request line `{request_line}`"),
        ));
    };
    let mut headers = Vec::new();
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            return Ok(ReadOutcome::Bad(400, format!("bad header line `{line}`")));
        };
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
    }
    let header = |name: &str| {
        headers
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.to_ascii_lowercase())
    };
    if header("transfer-encoding").is_some() {
        return Ok(ReadOutcome::Bad(
            411,
            "chunked request bodies are not supported".into(),
        ));
    }
    let length = match header("content-length") {
        None => 0,
        Some(value) => match value.parse::<usize>() {
            Ok(length) if length <= MAX_BODY_BYTES => length,
            Ok(_) => return Ok(ReadOutcome::Bad(413, "request body too large".into())),
            Err(_) => {
                return Ok(ReadOutcome::Bad(
                    400,
                    format!("bad content-length `{value}`"),
                ))
            }
        },
    };
    let keep_alive = match header("connection").as_deref() {
        Some("close") => false,
        Some("keep-alive") => true,
        _ => version == "HTTP/1.1",
    };
    let body_start = head_end + 4;
    while buffer.len() < body_start + length {
        if read_more(stream, buffer).await? == 0 {
            return Ok(ReadOutcome::Closed);
        }
    }
    let body = buffer[body_start..body_start + length].to_vec();
    buffer.drain(..body_start + length);
    let path = target.split('?').next().unwrap_or_default().to_string();
    Ok(ReadOutcome::Request(Request {
        method: method.to_string(),
        path,
        headers,
        body,
        keep_alive,
    }))
}

async fn read_more(stream: &mut TcpStream, buffer: &mut Vec<u8>) -> std::io::Result<usize> {
    let mut chunk = [0u8; 16 * 1024];
    let read = stream.read(&mut chunk).await?;
    buffer.extend_from_slice(&chunk[..read]);
    Ok(read)
}

/// Holds a stalled connection open until the client gives up on it (or the server shuts down).
async fn wait_for_disconnect(stream: &mut TcpStream) {
    let mut sink = [0u8; 4096];
    while let Ok(read) = stream.read(&mut sink).await {
        if read == 0 {
            break;
        }
    }
}

async fn serve_connection(mut stream: TcpStream, shared: Arc<Shared>) {
    let _ = stream.set_nodelay(true);
    let mut buffer = Vec::new();
    loop {
        match read_request(&mut stream, &mut buffer).await {
            Ok(ReadOutcome::Request(request)) => {
                match handle(&mut stream, request, &shared).await {
                    Ok(true) => continue,
                    Ok(false) | Err(_) => break,
                }
            }
            Ok(ReadOutcome::Bad(status, message)) => {
                let body = openai_error(status, &message);
                let _ = write_json(&mut stream, status, &body, &[], false).await;
                break;
            }
            Ok(ReadOutcome::Closed) | Err(_) => break,
        }
    }
}

/// Counts a request as in flight from the moment it is read until it is answered or abandoned.
struct InFlight<'a>(&'a Shared);

impl<'a> InFlight<'a> {
    fn enter(shared: &'a Shared) -> Self {
        let mut recorder = lock(&shared.recorder);
        recorder.stats.in_flight += 1;
        recorder.stats.peak_in_flight = recorder.stats.peak_in_flight.max(recorder.stats.in_flight);
        InFlight(shared)
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        lock(&self.0.recorder).stats.in_flight -= 1;
    }
}

/// What to send back.
enum Reply {
    Json {
        status: u16,
        body: Value,
        headers: Vec<(&'static str, String)>,
    },
    /// SSE events, each already formatted (`event:`/`data:` lines and the blank line).
    Stream {
        events: Vec<String>,
        /// Send this many events, then stall.
        stall_after: Option<usize>,
    },
}

/// Answers one request; `Ok(false)` means the connection must close.
async fn handle(
    stream: &mut TcpStream,
    request: Request,
    shared: &Shared,
) -> std::io::Result<bool> {
    // What the server says about itself: answered at once, not a chat request (not counted in
    // `requests`, nor in the faults' counts), only in `paths`.
    if request.method == "GET" && (request.path == "/props" || request.path == "/slots") {
        let slots = lock(&shared.control).behavior.slots;
        *lock(&shared.recorder)
            .stats
            .paths
            .entry(request.path.clone())
            .or_default() += 1;
        let (status, body) = match (slots, request.path.as_str()) {
            (Some(n), "/props") => (
                200,
                json!({"total_slots": n, "default_generation_settings": {"n_ctx": 4096}}),
            ),
            (Some(n), _) => (
                200,
                Value::Array((0..n).map(|id| json!({"id": id})).collect()),
            ),
            (None, _) => (404, openai_error(404, "File Not Found")),
        };
        write_json(stream, status, &body, &[], true).await?;
        return Ok(true);
    }
    let (behavior, count) = {
        let mut control = lock(&shared.control);
        control.since_set += 1;
        (control.behavior.clone(), control.since_set)
    };
    {
        let mut recorder = lock(&shared.recorder);
        let recorder = &mut *recorder;
        recorder.stats.requests += 1;
        *recorder
            .stats
            .paths
            .entry(request.path.clone())
            .or_default() += 1;
        for (name, value) in &request.headers {
            if name == "authorization" || name == "x-api-key" {
                recorder.stats.authorization_headers.push(value.clone());
            }
        }
        if recorder.bodies.len() == MAX_KEPT_BODIES {
            recorder.bodies.pop_front();
        }
        recorder
            .bodies
            .push_back(String::from_utf8_lossy(&request.body).into_owned());
    }
    let _in_flight = InFlight::enter(shared);
    if behavior.stall {
        wait_for_disconnect(stream).await;
        return Ok(false);
    }
    if !behavior.latency.is_zero() {
        tokio::time::sleep(behavior.latency).await;
    }
    match decide(&request, &behavior, count) {
        Reply::Json {
            status,
            body,
            headers,
        } => {
            // Counted before it is sent, so a client that has read the answer sees it counted;
            // taken back if sending fails.
            fn counter(stats: &mut Stats, status: u16) -> Option<&mut u64> {
                match status {
                    200 => Some(&mut stats.completed),
                    429 => Some(&mut stats.rate_limited),
                    _ => None,
                }
            }
            if let Some(count) = counter(&mut lock(&shared.recorder).stats, status) {
                *count += 1;
            }
            if let Err(e) = write_json(stream, status, &body, &headers, request.keep_alive).await {
                if let Some(count) = counter(&mut lock(&shared.recorder).stats, status) {
                    *count -= 1;
                }
                return Err(e);
            }
        }
        Reply::Stream {
            events,
            stall_after,
        } => {
            stream
                .write_all(
                    response_head(200, "text/event-stream", None, &[], request.keep_alive)
                        .as_bytes(),
                )
                .await?;
            for (index, event) in events.iter().enumerate() {
                if stall_after == Some(index) {
                    wait_for_disconnect(stream).await;
                    return Ok(false);
                }
                let chunk = format!("{:x}\r\n{event}\r\n", event.len());
                stream.write_all(chunk.as_bytes()).await?;
            }
            lock(&shared.recorder).stats.completed += 1;
            if let Err(e) = stream.write_all(b"0\r\n\r\n").await {
                lock(&shared.recorder).stats.completed -= 1;
                return Err(e);
            }
        }
    }
    Ok(request.keep_alive)
}

#[derive(Clone, Copy, PartialEq)]
enum Protocol {
    OpenAi,
    Anthropic,
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Findings,
    Verdict,
}

/// The parts of a chat request the fake looks at.
struct Chat {
    model: String,
    stream: bool,
    include_usage: bool,
    /// The text of the first user message (the shard and its context).
    prompt: String,
    /// What the tools answered in earlier turns, in order.
    tool_results: Vec<String>,
    /// Assistant turns so far (each a round of tool calls).
    assistant_turns: usize,
    /// Tools other than the answer tool are offered.
    lookups_offered: bool,
    /// `tool_choice` names the answer tool.
    answer_forced: bool,
    /// Any tool is offered, the answer tool included.
    any_tools: bool,
    kind: Kind,
    /// Anthropic: the tool the answer must call (from `tool_choice`, else the first tool).
    tool_name: Option<String>,
    /// OpenAI: the answer tool offered in `tools` (the answer goes as its call).
    answer_tool: Option<String>,
}

fn error_body(protocol: Protocol, status: u16, message: &str) -> Value {
    match protocol {
        Protocol::OpenAi => openai_error(status, message),
        Protocol::Anthropic => anthropic_error(status, message),
    }
}

fn error_reply(protocol: Protocol, status: u16, message: &str) -> Reply {
    Reply::Json {
        status,
        body: error_body(protocol, status, message),
        headers: Vec::new(),
    }
}

/// Picks the answer after the latency: routing, injected errors, then the chat answer itself.
fn decide(request: &Request, behavior: &Behavior, count: u64) -> Reply {
    let protocol = match request.path.as_str() {
        "/v1/chat/completions" => Protocol::OpenAi,
        "/v1/messages" => Protocol::Anthropic,
        other => {
            let message = format!("unknown request URL: {} {other}", request.method);
            return error_reply(Protocol::OpenAi, 404, &message);
        }
    };
    if request.method != "POST" {
        let message = format!("method `{}` not allowed, use POST", request.method);
        return error_reply(protocol, 405, &message);
    }
    if count <= u64::from(behavior.rate_limit_first) {
        let message = format!(
            "rate limit reached (fake, request {count} of the first {}); try again in {}s",
            behavior.rate_limit_first, behavior.retry_after_secs
        );
        return Reply::Json {
            status: 429,
            body: error_body(protocol, 429, &message),
            headers: vec![("retry-after", behavior.retry_after_secs.to_string())],
        };
    }
    if let Some((every, status)) = behavior.fail_every {
        if every > 0 && count.is_multiple_of(u64::from(every)) {
            let message = format!("injected failure on request {count} (every {every})");
            return error_reply(protocol, status, &message);
        }
    }
    let body: Value = match serde_json::from_slice(&request.body) {
        Ok(body @ Value::Object(_)) => body,
        Ok(_) => return error_reply(protocol, 400, "the request body must be a JSON object"),
        Err(error) => {
            return error_reply(
                protocol,
                400,
                &format!("the request body is not valid JSON: {error}"),
            )
        }
    };
    let chat = match parse_chat(protocol, &body) {
        Ok(chat) => chat,
        Err(message) => return error_reply(protocol, 400, &message),
    };
    let prompt_tokens = (request.body.len() / 4) as u64;
    if chat.lookups_offered && behavior.refuse_tools {
        return error_reply(
            protocol,
            400,
            "tools are not supported by this server (fake)",
        );
    }
    // A model that ignores the forced answer looks up even when only the answer is offered.
    let looks_up = (chat.lookups_offered && !chat.answer_forced)
        || (behavior.ignore_forced_answer && chat.any_tools);
    if looks_up {
        let next = if behavior.always_lookup {
            behavior.lookups.first()
        } else {
            behavior.lookups.get(chat.assistant_turns)
        };
        if let Some((name, arguments)) = next {
            let id = format!("call_{}", chat.assistant_turns + 1);
            let call = Block::ToolUse(id, name.clone(), arguments.clone());
            return match protocol {
                Protocol::OpenAi => openai_reply(&chat, call, prompt_tokens, false),
                Protocol::Anthropic => anthropic_reply(&chat, call, prompt_tokens, false),
            };
        }
    }
    let answer = match chat.kind {
        Kind::Findings => findings_answer(
            &chat.prompt,
            &chat.tool_results,
            &behavior.needles,
            &behavior.needs_context,
        ),
        Kind::Verdict => verdict_answer(&chat.prompt, behavior.reject_needle.as_deref()),
    };
    let json_text = answer.to_string();
    let damaged = damage(&json_text, behavior);
    let reply = match protocol {
        Protocol::OpenAi => {
            let block = match (damaged, &chat.answer_tool) {
                (None, Some(name)) => {
                    Block::ToolUse(String::from("call_answer"), name.clone(), answer)
                }
                (damaged, _) => Block::Text(damaged.unwrap_or(json_text)),
            };
            openai_reply(&chat, block, prompt_tokens, behavior.stall_mid_stream)
        }
        Protocol::Anthropic => {
            let block = match (damaged, &chat.tool_name) {
                (None, Some(name)) => {
                    Block::ToolUse(String::from("toolu_fake"), name.clone(), answer)
                }
                (Some(text), _) => Block::Text(text),
                (None, None) => Block::Text(json_text),
            };
            anthropic_reply(&chat, block, prompt_tokens, behavior.stall_mid_stream)
        }
    };
    if behavior.truncated || behavior.padded {
        mark_cut(reply)
    } else {
        reply
    }
}

/// A truncated answer is one that hit the output limit: say so as the real APIs do
/// (`finish_reason: "length"`, `stop_reason: "max_tokens"`).
fn mark_cut(reply: Reply) -> Reply {
    let cut = |text: &str| {
        text.replace("\"finish_reason\":\"stop\"", "\"finish_reason\":\"length\"")
            .replace(
                "\"stop_reason\":\"tool_use\"",
                "\"stop_reason\":\"max_tokens\"",
            )
            .replace(
                "\"stop_reason\":\"end_turn\"",
                "\"stop_reason\":\"max_tokens\"",
            )
    };
    match reply {
        Reply::Json {
            status,
            body,
            headers,
        } => Reply::Json {
            status,
            body: serde_json::from_str(&cut(&body.to_string())).unwrap_or(body),
            headers,
        },
        Reply::Stream {
            events,
            stall_after,
        } => Reply::Stream {
            events: events.iter().map(|e| cut(e)).collect(),
            stall_after,
        },
    }
}

/// The bad text a fault asks for, or `None` for a clean answer.
fn damage(json_text: &str, behavior: &Behavior) -> Option<String> {
    if behavior.malformed {
        Some("I am sorry, but I cannot review this code right now.".to_string())
    } else if behavior.truncated {
        let mut cut = json_text.len() / 2;
        while !json_text.is_char_boundary(cut) {
            cut -= 1;
        }
        Some(json_text[..cut].to_string())
    } else if behavior.padded {
        Some(format!("{json_text}{}", "\n".repeat(400)))
    } else if behavior.fenced {
        let pretty = serde_json::from_str::<Value>(json_text)
            .and_then(|value| serde_json::to_string_pretty(&value))
            .unwrap_or_else(|_| json_text.to_string());
        Some(format!(
            "Here is my review:\n```json\n{pretty}\n```\nLet me know if you need anything else."
        ))
    } else {
        None
    }
}

fn parse_chat(protocol: Protocol, body: &Value) -> Result<Chat, String> {
    let model = body["model"].as_str().unwrap_or("fake-model").to_string();
    let stream = body["stream"].as_bool().unwrap_or(false);
    let include_usage = body["stream_options"]["include_usage"]
        .as_bool()
        .unwrap_or(false);
    let messages = body["messages"]
        .as_array()
        .ok_or("`messages` must be an array")?;
    let first_user = messages
        .iter()
        .find(|message| message["role"] == "user")
        .ok_or("`messages` has no user message")?;
    let prompt = message_text(&first_user["content"]);
    let mut tool_results = Vec::new();
    for message in messages {
        if message["role"] == "tool" {
            tool_results.push(message_text(&message["content"]));
        }
        for part in message["content"].as_array().into_iter().flatten() {
            if part["type"] == "tool_result" {
                tool_results.push(message_text(&part["content"]));
            }
        }
    }
    let assistant_turns = messages
        .iter()
        .filter(|message| message["role"] == "assistant")
        .count();
    let tools: Vec<&str> = body["tools"]
        .as_array()
        .map(|tools| {
            tools
                .iter()
                .filter_map(|tool| tool["name"].as_str().or(tool["function"]["name"].as_str()))
                .collect()
        })
        .unwrap_or_default();
    let chosen = body["tool_choice"]["name"]
        .as_str()
        .or(body["tool_choice"]["function"]["name"].as_str());
    let schema_name = body["response_format"]["json_schema"]["name"].as_str();
    let is_verdict = schema_name == Some("verdict")
        || chosen == Some("report_verdict")
        || tools.contains(&"report_verdict");
    let is_answer = |name: &&str| name.starts_with("report_");
    let lookups_offered = tools.iter().any(|name| !is_answer(name));
    let answer_forced = chosen.is_some_and(|name| is_answer(&name));
    let answer = tools.iter().copied().find(is_answer);
    let tool_name = match protocol {
        Protocol::Anthropic => chosen
            .filter(is_answer)
            .or(answer)
            .or(tools.first().copied())
            .map(str::to_string),
        Protocol::OpenAi => None,
    };
    let answer_tool = match protocol {
        Protocol::OpenAi => answer.map(str::to_string),
        Protocol::Anthropic => None,
    };
    Ok(Chat {
        model,
        stream,
        include_usage,
        prompt,
        tool_results,
        assistant_turns,
        lookups_offered,
        answer_forced,
        any_tools: !tools.is_empty(),
        answer_tool,
        kind: if is_verdict {
            Kind::Verdict
        } else {
            Kind::Findings
        },
        tool_name,
    })
}

/// Message content is a string or (both protocols) an array of parts; only text parts count.
fn message_text(content: &Value) -> String {
    match content {
        Value::String(text) => text.clone(),
        Value::Array(parts) => parts
            .iter()
            .filter(|part| part["type"] == "text")
            .filter_map(|part| part["text"].as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}

/// The line shardscan puts before the code to review; what is above it is context.
const CODE_MARKER: &str = "Code to review (each line starts with its number):";

/// The prompt split at the code marker: (context, code). Without a marker all of it is code.
fn split_at_code(prompt: &str) -> (&str, &str) {
    match prompt.rfind(CODE_MARKER) {
        Some(at) => (&prompt[..at], &prompt[at + CODE_MARKER.len()..]),
        None => ("", prompt),
    }
}

/// `(line number, text)` for each code line shaped like `format!("{n}|{text}")` (or the older
/// `format!("{:>6} | {}", n, text)`).
fn numbered_lines(code: &str) -> impl Iterator<Item = (u64, &str)> {
    code.lines().filter_map(|line| {
        let rest = line.trim_start();
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let number = rest[..digits].parse().ok()?;
        let text = rest[digits..]
            .strip_prefix(" | ")
            .or_else(|| rest[digits..].strip_prefix('|'))?;
        Some((number, text))
    })
}

fn findings_answer(
    prompt: &str,
    tool_results: &[String],
    needles: &[(String, String)],
    needs_context: &[(String, String, String)],
) -> Value {
    let (context, code) = split_at_code(prompt);
    let context = format!("{context}\n{}", tool_results.join("\n"));
    let needles: Vec<(&str, &str)> = needles
        .iter()
        .map(|(needle, cwe)| (needle.as_str(), cwe.as_str()))
        .chain(
            needs_context
                .iter()
                .filter(|(_, wanted, _)| context.contains(wanted.as_str()))
                .map(|(needle, _, cwe)| (needle.as_str(), cwe.as_str())),
        )
        .collect();
    let mut findings = Vec::new();
    for (line, text) in numbered_lines(code) {
        for (needle, cwe) in &needles {
            if text.contains(needle) {
                findings.push(json!({
                    "start_line": line,
                    "end_line": line,
                    "cwe": cwe,
                    "severity": "error",
                    "title": title_for(cwe),
                    "explanation": format!("the line passes data to `{needle}`, which an attacker may control (fake finding)"),
                    "confidence": 0.9,
                    "evidence": text.trim(),
                }));
            }
        }
    }
    json!({ "findings": findings })
}

fn title_for(cwe: &str) -> String {
    match cwe {
        "CWE-95" => "Code injection via eval".to_string(),
        "CWE-78" => "OS command injection".to_string(),
        "CWE-89" => "SQL injection".to_string(),
        other => format!("Potential vulnerability ({other})"),
    }
}

fn verdict_answer(prompt: &str, reject_needle: Option<&str>) -> Value {
    match reject_needle {
        Some(needle) if prompt.contains(needle) => json!({
            "verdict": "rejected",
            "reason": format!("the prompt contains `{needle}`, which the fake was told to reject"),
        }),
        _ => json!({
            "verdict": "confirmed",
            "reason": "the fake confirms every finding it is not told to reject",
        }),
    }
}

/// About three pieces, cut on character boundaries, none empty.
fn split_in_pieces(text: &str) -> Vec<&str> {
    let target = text.len().div_ceil(3).max(1);
    let mut pieces = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let mut end = (start + target).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        pieces.push(&text[start..end]);
        start = end;
    }
    pieces
}

fn sse_data(data: &Value) -> String {
    format!("data: {data}\n\n")
}

fn sse_event(name: &str, data: &Value) -> String {
    format!("event: {name}\ndata: {data}\n\n")
}

fn openai_reply(chat: &Chat, block: Block, prompt_tokens: u64, stall_mid_stream: bool) -> Reply {
    let (content, call) = match &block {
        Block::Text(text) => (text.clone(), None),
        Block::ToolUse(id, name, input) => (input.to_string(), Some((id.clone(), name.clone()))),
    };
    let content = content.as_str();
    let finish = if call.is_some() { "tool_calls" } else { "stop" };
    let completion_tokens = (content.len() as u64 / 4).max(1);
    let usage = json!({
        "prompt_tokens": prompt_tokens,
        "completion_tokens": completion_tokens,
        "total_tokens": prompt_tokens + completion_tokens,
    });
    if !chat.stream {
        return Reply::Json {
            status: 200,
            body: json!({
                "id": "chatcmpl-fake",
                "object": "chat.completion",
                "created": 0,
                "model": chat.model,
                "choices": [{
                    "index": 0,
                    "message": match &call {
                        None => json!({ "role": "assistant", "content": content }),
                        Some((id, name)) => json!({
                            "role": "assistant",
                            "content": null,
                            "tool_calls": [{
                                "id": id,
                                "type": "function",
                                "function": { "name": name, "arguments": content },
                            }],
                        }),
                    },
                    "finish_reason": finish,
                }],
                "usage": usage,
            }),
            headers: Vec::new(),
        };
    }
    let chunk = |choices: Value, usage: Value| {
        let mut chunk = json!({
            "id": "chatcmpl-fake",
            "object": "chat.completion.chunk",
            "created": 0,
            "model": chat.model,
            "choices": choices,
        });
        // With include_usage the real API sends `"usage": null` on every chunk but the last.
        if chat.include_usage || !usage.is_null() {
            chunk["usage"] = usage;
        }
        sse_data(&chunk)
    };
    let delta = |delta: Value, finish: Value| {
        chunk(
            json!([{ "index": 0, "delta": delta, "finish_reason": finish }]),
            Value::Null,
        )
    };
    let mut events = vec![delta(
        json!({ "role": "assistant", "content": "" }),
        Value::Null,
    )];
    for (i, piece) in split_in_pieces(content).into_iter().enumerate() {
        let piece = match &call {
            None => json!({ "content": piece }),
            // The first piece names the call; the others carry only arguments.
            Some((id, name)) if i == 0 => json!({ "tool_calls": [{
                "index": 0, "id": id, "type": "function",
                "function": { "name": name, "arguments": piece },
            }]}),
            Some(_) => json!({ "tool_calls": [{ "index": 0, "function": { "arguments": piece } }]}),
        };
        events.push(delta(piece, Value::Null));
    }
    events.push(delta(json!({}), json!(finish)));
    events.push(chunk(json!([]), usage));
    events.push("data: [DONE]\n\n".to_string());
    Reply::Stream {
        events,
        // The role chunk and the first piece of content.
        stall_after: stall_mid_stream.then_some(2),
    }
}

enum Block {
    /// `(call id, tool name, input)`
    ToolUse(String, String, Value),
    Text(String),
}

fn anthropic_reply(chat: &Chat, block: Block, input_tokens: u64, stall_mid_stream: bool) -> Reply {
    let (output_text, stop_reason) = match &block {
        Block::ToolUse(_, _, input) => (input.to_string(), "tool_use"),
        Block::Text(text) => (text.clone(), "end_turn"),
    };
    let output_tokens = (output_text.len() as u64 / 4).max(1);
    if !chat.stream {
        let content = match &block {
            Block::ToolUse(id, name, input) => {
                json!({ "type": "tool_use", "id": id, "name": name, "input": input })
            }
            Block::Text(text) => json!({ "type": "text", "text": text }),
        };
        return Reply::Json {
            status: 200,
            body: json!({
                "id": "msg_fake",
                "type": "message",
                "role": "assistant",
                "model": chat.model,
                "content": [content],
                "stop_reason": stop_reason,
                "stop_sequence": null,
                "usage": { "input_tokens": input_tokens, "output_tokens": output_tokens },
            }),
            headers: Vec::new(),
        };
    }
    let mut events = vec![
        sse_event(
            "message_start",
            &json!({
                "type": "message_start",
                "message": {
                    "id": "msg_fake",
                    "type": "message",
                    "role": "assistant",
                    "content": [],
                    "model": chat.model,
                    "stop_reason": null,
                    "stop_sequence": null,
                    "usage": { "input_tokens": input_tokens, "output_tokens": 1 },
                },
            }),
        ),
        sse_event(
            "content_block_start",
            &json!({
                "type": "content_block_start",
                "index": 0,
                "content_block": match &block {
                    Block::ToolUse(id, name, _) => json!({ "type": "tool_use", "id": id, "name": name, "input": {} }),
                    Block::Text(_) => json!({ "type": "text", "text": "" }),
                },
            }),
        ),
        // The real API sends pings too; clients must skip events they do not know.
        sse_event("ping", &json!({ "type": "ping" })),
    ];
    for piece in split_in_pieces(&output_text) {
        let delta = match &block {
            Block::ToolUse(..) => json!({ "type": "input_json_delta", "partial_json": piece }),
            Block::Text(_) => json!({ "type": "text_delta", "text": piece }),
        };
        events.push(sse_event(
            "content_block_delta",
            &json!({ "type": "content_block_delta", "index": 0, "delta": delta }),
        ));
    }
    events.push(sse_event(
        "content_block_stop",
        &json!({ "type": "content_block_stop", "index": 0 }),
    ));
    events.push(sse_event(
        "message_delta",
        &json!({
            "type": "message_delta",
            "delta": { "stop_reason": stop_reason, "stop_sequence": null },
            "usage": { "output_tokens": output_tokens },
        }),
    ));
    events.push(sse_event(
        "message_stop",
        &json!({ "type": "message_stop" }),
    ));
    Reply::Stream {
        events,
        // message_start, content_block_start, ping and the first delta.
        stall_after: stall_mid_stream.then_some(4),
    }
}

fn openai_error(status: u16, message: &str) -> Value {
    let (kind, code) = match status {
        400 | 404 | 405 | 411 | 413 | 431 => ("invalid_request_error", Value::Null),
        401 => ("invalid_request_error", json!("invalid_api_key")),
        429 => ("requests", json!("rate_limit_exceeded")),
        _ => ("server_error", Value::Null),
    };
    json!({ "error": { "message": message, "type": kind, "param": null, "code": code } })
}

fn anthropic_error(status: u16, message: &str) -> Value {
    let kind = match status {
        400 | 405 | 411 | 413 | 431 => "invalid_request_error",
        401 => "authentication_error",
        403 => "permission_error",
        404 => "not_found_error",
        429 => "rate_limit_error",
        529 => "overloaded_error",
        _ => "api_error",
    };
    json!({ "type": "error", "error": { "type": kind, "message": message } })
}

fn reason_phrase(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        411 => "Length Required",
        413 => "Payload Too Large",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        529 => "Overloaded",
        _ => "Error",
    }
}

/// Status line and headers; `Some(length)` gives a `Content-Length` body, `None` a chunked one.
fn response_head(
    status: u16,
    content_type: &str,
    length: Option<usize>,
    headers: &[(&'static str, String)],
    keep_alive: bool,
) -> String {
    let mut head = format!(
        "HTTP/1.1 {status} {}\r\ncontent-type: {content_type}\r\n",
        reason_phrase(status)
    );
    match length {
        Some(length) => head.push_str(&format!("content-length: {length}\r\n")),
        None => head.push_str("cache-control: no-cache\r\ntransfer-encoding: chunked\r\n"),
    }
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    if !keep_alive {
        head.push_str("connection: close\r\n");
    }
    head.push_str("\r\n");
    head
}

async fn write_json(
    stream: &mut TcpStream,
    status: u16,
    body: &Value,
    headers: &[(&'static str, String)],
    keep_alive: bool,
) -> std::io::Result<()> {
    let body = body.to_string();
    let mut response = response_head(
        status,
        "application/json",
        Some(body.len()),
        headers,
        keep_alive,
    );
    response.push_str(&body);
    stream.write_all(response.as_bytes()).await
}
