//! What the HTTP backends share: one client, error classification, and server-sent events.

use std::sync::OnceLock;
use std::time::Duration;

use super::{CallError, Secret};

/// One HTTP client for the process (connection pooling across agents).
pub(crate) fn client() -> Result<reqwest::Client, String> {
    static CLIENT: OnceLock<Result<reqwest::Client, String>> = OnceLock::new();
    CLIENT
        .get_or_init(|| {
            // reqwest is built without a default crypto provider; install ring's once.
            let _ = rustls::crypto::ring::default_provider().install_default();
            reqwest::Client::builder()
                .user_agent(concat!("shardscan/", env!("CARGO_PKG_VERSION")))
                .connect_timeout(Duration::from_secs(20))
                .pool_max_idle_per_host(1024)
                .build()
                .map_err(|e| format!("cannot build the HTTP client: {e}"))
        })
        .clone()
}

/// Classifies a transport error (no status): all are worth a retry except a bad URL.
pub(crate) fn transport_error(error: reqwest::Error, key: Option<&Secret>) -> CallError {
    // The URL may carry credentials (`user:token@host`, `?key=`): never quote it.
    let error = error.without_url();
    let mut message = error.to_string();
    let mut source = std::error::Error::source(&error);
    while let Some(cause) = source {
        message.push_str(": ");
        message.push_str(&cause.to_string());
        source = cause.source();
    }
    let message = redact(&message, key);
    if error.is_builder() {
        CallError::Permanent(format!("invalid request: {message}"))
    } else if error.is_timeout() {
        CallError::Retryable {
            message: format!("timed out: {message}"),
            retry_after: None,
            rate_limited: false,
        }
    } else {
        CallError::Retryable {
            message: format!("connection failed: {message}"),
            retry_after: None,
            rate_limited: false,
        }
    }
}

/// Classifies an HTTP error status, with the server's message and its Retry-After.
pub(crate) fn status_error(
    status: reqwest::StatusCode,
    headers: &reqwest::header::HeaderMap,
    body: &str,
    key: Option<&Secret>,
) -> CallError {
    let detail = serde_json::from_str::<serde_json::Value>(body)
        .ok()
        .and_then(|v| {
            v.pointer("/error/message")
                .or_else(|| v.get("message"))
                .and_then(|m| m.as_str())
                .map(str::to_string)
        })
        .unwrap_or_else(|| body.chars().take(300).collect());
    let message = redact(&format!("HTTP {status}: {}", detail.trim()), key);
    let retry_after = retry_after(headers);
    match status.as_u16() {
        // 503: an overloaded server (llama-server with its slots busy): as a 429.
        429 | 503 | 529 => CallError::Retryable {
            message,
            retry_after,
            rate_limited: true,
        },
        408 | 409 | 425 | 500..=502 | 504..=599 => CallError::Retryable {
            message,
            retry_after,
            rate_limited: false,
        },
        401 | 403 => CallError::Permanent(format!(
            "{message}\nhint: check the API key's environment variable"
        )),
        _ => CallError::Permanent(message),
    }
}

/// `Retry-After` in seconds (or `retry-after-ms`); an HTTP date counts as one second.
fn retry_after(headers: &reqwest::header::HeaderMap) -> Option<Duration> {
    if let Some(ms) = headers
        .get("retry-after-ms")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<f64>().ok())
    {
        return Some(Duration::from_secs_f64((ms / 1000.0).clamp(0.0, 600.0)));
    }
    let value = headers.get(reqwest::header::RETRY_AFTER)?.to_str().ok()?;
    match value.trim().parse::<f64>() {
        Ok(seconds) => Some(Duration::from_secs_f64(seconds.clamp(0.0, 600.0))),
        Err(_) => Some(Duration::from_secs(1)),
    }
}

fn redact(text: &str, key: Option<&Secret>) -> String {
    match key {
        Some(key) => key.redact(text),
        None => text.to_string(),
    }
}

/// Sends `body` to `url` and returns the response if its status is a success.
pub(crate) async fn post(
    url: &str,
    headers: &[(&str, String)],
    body: &serde_json::Value,
    key: Option<&Secret>,
) -> Result<reqwest::Response, CallError> {
    let client = client().map_err(CallError::Permanent)?;
    let mut request = client.post(url).json(body);
    for (name, value) in headers {
        request = request.header(*name, value);
    }
    let response = request.send().await.map_err(|e| transport_error(e, key))?;
    let status = response.status();
    if status.is_success() {
        return Ok(response);
    }
    let headers = response.headers().clone();
    let body = response.text().await.unwrap_or_default();
    Err(status_error(status, &headers, &body, key))
}

/// What a stream reader does after an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Read {
    /// Read on.
    More,
    /// The answer is complete: stop reading (dropping the response makes the server stop).
    Enough,
}

/// Reads a server-sent event stream, calling `on_event(event_name, data)` for each event, until
/// the stream ends or `on_event` has read enough.
pub(crate) async fn read_events(
    mut response: reqwest::Response,
    key: Option<&Secret>,
    mut on_event: impl FnMut(&str, &str) -> Result<Read, CallError>,
) -> Result<(), CallError> {
    let mut buffer: Vec<u8> = Vec::new();
    loop {
        let chunk = response
            .chunk()
            .await
            .map_err(|e| transport_error(e, key))?;
        let done = chunk.is_none();
        if let Some(chunk) = chunk {
            buffer.extend_from_slice(&chunk);
        }
        // Events end with a blank line (LF or CRLF).
        while let Some((end, skip)) = event_end(&buffer) {
            let raw = String::from_utf8_lossy(&buffer[..end]).into_owned();
            buffer.drain(..end + skip);
            let mut name = String::new();
            let mut data = String::new();
            for line in raw.lines() {
                if let Some(value) = line.strip_prefix("event:") {
                    name = value.trim().to_string();
                } else if let Some(value) = line.strip_prefix("data:") {
                    if !data.is_empty() {
                        data.push('\n');
                    }
                    data.push_str(value.strip_prefix(' ').unwrap_or(value));
                }
            }
            if (!data.is_empty() || !name.is_empty()) && on_event(&name, &data)? == Read::Enough {
                return Ok(());
            }
        }
        if done {
            return Ok(());
        }
    }
}

fn event_end(buffer: &[u8]) -> Option<(usize, usize)> {
    let lf = buffer.windows(2).position(|w| w == b"\n\n").map(|i| (i, 2));
    let crlf = buffer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map(|i| (i, 4));
    match (lf, crlf) {
        (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
        (a, b) => a.or(b),
    }
}

/// Whether `base_url` is a server on this machine (llama.cpp, Ollama, vLLM run locally).
pub(crate) fn is_local(base_url: &str) -> bool {
    let host = base_url
        .split_once("://")
        .map_or(base_url, |(_, rest)| rest)
        .split(['/', '?'])
        .next()
        .unwrap_or_default();
    let host = host.rsplit_once('@').map_or(host, |(_, h)| h);
    let host = if host.starts_with('[') {
        host.split(']')
            .next()
            .unwrap_or(host)
            .trim_start_matches('[')
    } else {
        host.split(':').next().unwrap_or(host)
    };
    host.eq_ignore_ascii_case("localhost") || host.starts_with("127.") || host == "::1"
}

/// How many requests the server at `base_url` works on at once, where it says: llama-server's
/// `GET /props` (`total_slots`), else the length of its `GET /slots`. More requests than slots
/// only queue at the server, where the wait would count against each request's timeout.
pub(crate) async fn server_slots(base_url: &str, key: Option<&Secret>) -> Option<usize> {
    let root = base_url.trim_end_matches('/');
    let root = root.strip_suffix("/v1").unwrap_or(root);
    let client = client().ok()?;
    let get = |path: &str| {
        let mut request = client
            .get(format!("{root}{path}"))
            .timeout(Duration::from_secs(3));
        if let Some(key) = key {
            request = request.header("authorization", format!("Bearer {}", key.expose()));
        }
        request.send()
    };
    if let Ok(response) = get("/props").await {
        if response.status().is_success() {
            if let Ok(props) = response.json::<serde_json::Value>().await {
                if let Some(n) = props.get("total_slots").and_then(|n| n.as_u64()) {
                    return (n > 0).then_some(n as usize);
                }
            }
        }
    }
    let response = get("/slots").await.ok()?;
    if !response.status().is_success() {
        return None;
    }
    let slots = response.json::<serde_json::Value>().await.ok()?;
    let n = slots.as_array()?.len();
    (n > 0).then_some(n)
}

/// The stream ended before the answer was complete.
pub(crate) fn truncated(what: &str) -> CallError {
    CallError::Retryable {
        message: format!("the stream ended before {what}"),
        retry_after: None,
        rate_limited: false,
    }
}
