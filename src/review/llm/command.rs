//! The `command` backend: any agent CLI, run once per request with the prompt on standard input
//! and JSON findings expected on standard output. It runs in a fresh empty temporary directory,
//! never inside the scanned tree, and is killed when the request is cancelled or times out.

use std::process::Stdio;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::{AgentConfig, Backend, CallError, CallFuture, Completion, Request};

pub(crate) struct CommandAgent {
    config: AgentConfig,
}

impl CommandAgent {
    pub(crate) fn new(config: AgentConfig) -> anyhow::Result<CommandAgent> {
        if config.command.is_empty() {
            anyhow::bail!("the command reviewer needs a program: `--command 'PROGRAM ARGS...'`");
        }
        Ok(CommandAgent { config })
    }

    async fn run(&self, request: &Request) -> Result<Completion, CallError> {
        let dir = tempfile::Builder::new()
            .prefix("shardscan-agent-")
            .tempdir()
            .map_err(|e| CallError::Permanent(format!("cannot create a working directory: {e}")))?;
        let program = &self.config.command[0];
        let mut command = tokio::process::Command::new(program);
        command
            .args(&self.config.command[1..])
            .current_dir(dir.path())
            .env("SHARDSCAN_REQUEST_KIND", request.kind.schema_name())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        // Its own process group, so a cancelled or timed-out agent takes its children with it
        // (`sh -c`, wrappers that start the real agent).
        #[cfg(unix)]
        command.process_group(0);
        let mut child = command
            .spawn()
            .map_err(|e| CallError::Permanent(format!("cannot run `{program}`: {e}")))?;
        let mut group = ProcessGroup(child.id());
        let prompt = format!("{}\n\n{}", request.system, request.user);
        let mut stdin = child.stdin.take().expect("stdin is piped");
        let mut stdout = child.stdout.take().expect("stdout is piped");
        let mut stderr = child.stderr.take().expect("stderr is piped");
        // Write and read at once, so a large prompt cannot deadlock against a full pipe.
        let write = async move {
            // An agent that exits without reading all of its input is not an error.
            let _ = stdin.write_all(prompt.as_bytes()).await;
            drop(stdin);
        };
        let mut out = Vec::new();
        let mut err = Vec::new();
        let (_, read_out, _) = tokio::join!(
            write,
            stdout.read_to_end(&mut out),
            stderr.read_to_end(&mut err)
        );
        read_out
            .map_err(|e| CallError::Permanent(format!("cannot read `{program}`'s output: {e}")))?;
        let status = child
            .wait()
            .await
            .map_err(|e| CallError::Permanent(format!("`{program}` failed: {e}")))?;
        // It ended on its own: nothing left to kill (and its id may be reused).
        group.0 = None;
        drop(dir);
        if !status.success() {
            let tail: String = String::from_utf8_lossy(&err)
                .lines()
                .rev()
                .take(3)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect::<Vec<_>>()
                .join(" / ");
            return Err(CallError::Retryable {
                message: format!("`{program}` exited with {status}: {tail}"),
                retry_after: None,
                rate_limited: false,
            });
        }
        let text = String::from_utf8_lossy(&out).into_owned();
        Ok(Completion {
            tokens_in: request.estimated_tokens(),
            tokens_out: (text.len() as u64).div_ceil(4),
            text,
            cut: false,
            tool_calls: Vec::new(),
        })
    }
}

/// Kills a whole process group when dropped before the agent ended: on a timeout or a
/// cancellation (the future is dropped) this is what stops the agent's children.
struct ProcessGroup(Option<u32>);

impl Drop for ProcessGroup {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Some(id) = self.0 {
            let _ = std::process::Command::new("kill")
                .args(["-KILL", "--", &format!("-{id}")])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
        }
    }
}

impl Backend for CommandAgent {
    fn call<'a>(&'a self, request: &'a Request) -> CallFuture<'a> {
        Box::pin(self.run(request))
    }
}
