//! Checkout updates and deploy hooks.

use std::env;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Result};

/// Prevents two deployments from running at the same time.
pub struct DeployLock {
    path: PathBuf,
}

impl DeployLock {
    pub fn acquire() -> io::Result<DeployLock> {
        let path = env::temp_dir().join("deployhook.lock");
        let mut f = OpenOptions::new().write(true).create(true).truncate(true).open(&path)?;
        writeln!(f, "{}", std::process::id())?;
        Ok(DeployLock { path })
    }
}

impl Drop for DeployLock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

pub fn git_pull(checkout: &Path, rev: &str) -> Result<()> {
    let status = Command::new("git")
        .arg("-C")
        .arg(checkout)
        .args(["fetch", "--quiet", "origin"])
        .status()?;
    if !status.success() {
        bail!("git fetch failed in {}", checkout.display());
    }
    let status = Command::new("git").arg("-C").arg(checkout).arg("checkout").arg(rev).status()?;
    if !status.success() {
        bail!("git checkout {} failed", rev);
    }
    Ok(())
}

/// Runs the repository's executable `.deploy` script inside the checkout.
pub fn run_deploy_hook(checkout: &Path) -> Result<()> {
    let mut log = File::create(checkout.join(".deploy.log"))?;
    let out = Command::new(checkout.join(".deploy")).current_dir(checkout).output()?;
    log.write_all(&out.stdout)?;
    log.write_all(&out.stderr)?;
    if !out.status.success() {
        bail!("deploy script failed with {}", out.status);
    }
    Ok(())
}

/// Writes a line to the system log so operators can see who deployed what.
pub fn notify(pusher: &str, rev: &str) {
    let msg = format!("logger -t deployhook 'deployed {} by {}'", rev, pusher);
    if let Err(e) = Command::new("sh").arg("-c").arg(&msg).status() {
        eprintln!("deployhook: logger failed: {}", e);
    }
}

/// Reports the disk usage of the deploy root (fixed command, no input).
pub fn disk_usage() -> Result<String> {
    let out = Command::new("sh").arg("-c").arg("df -h /srv | tail -n 1").output()?;
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}
