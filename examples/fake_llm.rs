//! The test suite's fake LLM server as a standalone process, for benchmarks: it answers OpenAI
//! (`/v1/chat/completions`) and Anthropic (`/v1/messages`) requests on 127.0.0.1 after a fixed
//! latency, and prints `listening http://127.0.0.1:PORT` as its first line of stdout.
//!
//! ```text
//! cargo run --example fake_llm -- --latency-ms 200 --needle 'pickle.loads(' --needle-cwe CWE-502
//! ```

#[path = "../tests/support/fake_llm.rs"]
mod fake_llm;

use std::io::Write;
use std::time::Duration;

use fake_llm::{Behavior, FakeLlm};

const USAGE: &str = "\
usage: fake_llm [OPTIONS]

  --latency-ms N          sleep N ms before each answer (default 200)
  --needle SUBSTR         code lines containing SUBSTR yield a finding; repeatable, and replaces
                          the default needles `eval(` (CWE-95) and `os.system(` (CWE-78)
  --needle-cwe CWE        the CWE of every --needle finding (default CWE-20)
  --reject SUBSTR         verification prompts containing SUBSTR get verdict \"rejected\"
  --rate-limit-first N    answer the first N requests with 429
  --retry-after SECS      the Retry-After of those 429 answers (default 1)
  --fail-every N:STATUS   answer every N-th request with STATUS (e.g. 10:503)
  --lookup NAME           when read-only tools are offered, call find_definition NAME once in each
                          conversation before answering (a two-turn conversation per shard)";

fn main() {
    if let Err(message) = run() {
        eprintln!("error: {message}\n\n{USAGE}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let mut behavior = Behavior {
        latency: Duration::from_millis(200),
        ..Behavior::default()
    };
    let mut needles = Vec::new();
    let mut needle_cwe = "CWE-20".to_string();
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "-h" || flag == "--help" {
            println!("{USAGE}");
            return Ok(());
        }
        let mut value = || args.next().ok_or(format!("`{flag}` needs a value"));
        match flag.as_str() {
            "--latency-ms" => behavior.latency = Duration::from_millis(number(&flag, &value()?)?),
            "--needle" => needles.push(value()?),
            "--needle-cwe" => needle_cwe = value()?,
            "--reject" => behavior.reject_needle = Some(value()?),
            "--lookup" => behavior.lookups.push((
                String::from("find_definition"),
                serde_json::json!({ "name": value()? }),
            )),
            "--rate-limit-first" => behavior.rate_limit_first = number(&flag, &value()?)?,
            "--retry-after" => behavior.retry_after_secs = number(&flag, &value()?)?,
            "--fail-every" => {
                let value = value()?;
                let (every, status) = value
                    .split_once(':')
                    .ok_or(format!("`--fail-every` wants N:STATUS, got `{value}`"))?;
                behavior.fail_every = Some((number(&flag, every)?, number(&flag, status)?));
            }
            other => return Err(format!("unknown flag `{other}`")),
        }
    }
    if !needles.is_empty() {
        behavior.needles = needles
            .into_iter()
            .map(|needle| (needle, needle_cwe.clone()))
            .collect();
    }
    let server = FakeLlm::spawn(behavior);
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "listening {}", server.base_url_anthropic())
        .and_then(|()| stdout.flush())
        .map_err(|error| format!("cannot write to stdout: {error}"))?;
    drop(stdout);
    // The server runs on its own thread; this one only has to stay alive until the process is killed.
    loop {
        std::thread::park();
    }
}

fn number<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("`{flag}` wants a number, got `{value}`"))
}
