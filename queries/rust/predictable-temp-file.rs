use std::env;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::PathBuf;

pub fn write_pid() -> io::Result<()> {
    // ruleid: rust/predictable-temp-file
    let path = env::temp_dir().join("deployd.pid");
    fs::write(&path, std::process::id().to_string())
}

pub fn dump_report(body: &[u8]) -> io::Result<()> {
    // ruleid: rust/predictable-temp-file
    let mut f = File::create("/tmp/deployd-report.json")?;
    f.write_all(body)
}

pub fn append_log(line: &str) -> io::Result<()> {
    let mut f = OpenOptions::new()
        .create(true)
        .append(true)
        // ruleid: rust/predictable-temp-file
        .open("/tmp/deployd.log")?;
    writeln!(f, "{}", line)
}

pub fn cache_file() -> io::Result<File> {
    // ruleid: rust/predictable-temp-file
    File::create(std::env::temp_dir().join("deployd-cache.bin"))
}

pub fn safe(unique: &str, state_dir: &PathBuf) -> io::Result<()> {
    // ok: rust/predictable-temp-file
    let mut tmp = tempfile::NamedTempFile::new()?;
    tmp.write_all(b"data")?;
    // ok: rust/predictable-temp-file
    let scratch = env::temp_dir().join(unique);
    // ok: rust/predictable-temp-file
    let state = state_dir.join("state.json");
    // ok: rust/predictable-temp-file
    let cfg = File::open("/etc/deployd/config.toml")?;
    // ok: rust/predictable-temp-file
    fs::write("/var/lib/deployd/last-run", b"ok")?;
    let _ = (scratch, state, cfg);
    Ok(())
}
