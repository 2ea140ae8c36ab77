use std::io;
use std::process::{Command, Output};

pub struct HookRunner {
    shell: String,
}

/// Runs the user-configured post-deploy hook.
pub fn run_hook(script: &str) -> io::Result<Output> {
    Command::new("sh")
        .arg("-c")
        // ruleid: rust/command-shell-injection
        .arg(script)
        .output()
}

pub fn archive(dir: &str, name: &str) -> io::Result<Output> {
    let cmdline = format!("tar czf {}.tgz {}", name, dir);
    // ruleid: rust/command-shell-injection
    std::process::Command::new("/bin/bash").args(["-c", &cmdline]).output()
}

pub fn windows_copy(src: &str) -> io::Result<Output> {
    // ruleid: rust/command-shell-injection
    Command::new("cmd").args(&["/C", src]).output()
}

pub async fn tokio_hook(line: String) -> io::Result<std::process::ExitStatus> {
    // ruleid: rust/command-shell-injection
    tokio::process::Command::new("sh").arg("-c").arg(format!("echo {}", line)).status().await
}

pub fn run_in(shell: &HookRunner, job: &str) -> io::Result<Output> {
    // ruleid: rust/command-shell-injection
    Command::new("bash").args(vec!["-c", job]).output()?;
    // ok: rust/command-shell-injection
    Command::new("bash").args(vec!["-c", "env"]).output()?;
    // ok: rust/command-shell-injection
    Command::new(&shell.shell).arg("-c").arg("true").output()
}

impl HookRunner {
    pub fn safe(&self, url: &str, dir: &str) -> io::Result<Output> {
        // ok: rust/command-shell-injection
        Command::new("sh").arg("-c").arg("make clean && make").output()?;
        // ok: rust/command-shell-injection
        Command::new("git").arg("clone").arg(url).arg(dir).output()?;
        // ok: rust/command-shell-injection
        Command::new("sh").args(["-c", "uptime"]).output()?;
        // ok: rust/command-shell-injection
        Command::new("ls").args(["-l", dir]).output()?;
        // ok: rust/command-shell-injection
        Command::new("sh").arg(dir).output()
    }
}
