//! The file `shardscan init` writes keeps its promise: every setting in it, uncommented alone,
//! is a working configuration, with an agent reviewer or without.

use std::path::Path;

use crate::ci::git;
use crate::common::{bin, decode, write};

const BUG: &str =
    "import os\nfrom flask import request\n\n\ndef run():\n    os.system(request.args['cmd'])\n";

/// Whether a line of the starter is a setting or a table, commented out.
fn commented_setting(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("# ")?;
    let key = rest.split(" = ").next()?;
    let table = rest.starts_with('[') && rest.ends_with(']');
    let assignment =
        rest.contains(" = ") && key.chars().all(|c| c.is_ascii_lowercase() || c == '_');
    (table || assignment).then_some(rest)
}

/// The starter with the setting on line `only` uncommented, and the table it belongs to.
fn uncomment(starter: &str, only: usize) -> String {
    let lines: Vec<&str> = starter.lines().collect();
    // The commented table header (`# [reviewers.openai]`) the line sits under, if any.
    let header = lines[..only]
        .iter()
        .rposition(|l| l.starts_with('[') || l.starts_with("# ["))
        .filter(|&i| lines[i].starts_with("# ["));
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| match commented_setting(line) {
            Some(rest) if i == only || Some(i) == header => rest.to_string(),
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn shardscan(dir: &Path, home: &Path, args: &[&str]) -> (i32, String, String) {
    decode(
        bin()
            .current_dir(dir)
            .env("HOME", home)
            .env_remove("SHARDSCAN_CACHE_DIR")
            .env_remove("XDG_CACHE_HOME")
            .args(args)
            .output()
            .unwrap(),
    )
}

#[test]
fn every_line_of_the_starter_file_works_when_uncommented() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    let repo = dir.path().join("repo");
    let config_dir = dir.path().join("ci");
    std::fs::create_dir_all(&home).unwrap();
    write(
        &config_dir,
        "rules/python/print.scm",
        b"; id: mine/print\n; severity: note\n; message: `print` call\n(call function: (identifier) @f (#eq? @f \"print\")) @finding\n",
    );
    write(&repo, "src/app.py", BUG.as_bytes());
    write(&repo, "tests/test_app.py", BUG.as_bytes());
    git(&repo, &["init", "-q"]);
    git(&repo, &["add", "."]);
    git(&repo, &["commit", "-q", "-m", "start"]);
    git(&repo, &["update-ref", "refs/remotes/origin/main", "HEAD"]);
    // What the starter's relative paths name, beside it.
    let baseline = config_dir.join("shardscan-baseline.json");
    let (status, _, stderr) = shardscan(
        &repo,
        &home,
        &["baseline", ".", "-o", baseline.to_str().unwrap()],
    );
    assert_eq!(status, 0, "{stderr}");

    let written = dir.path().join("starter.toml");
    let (status, _, stderr) = shardscan(dir.path(), &home, &["init", written.to_str().unwrap()]);
    assert_eq!(status, 0, "{stderr}");
    let starter = std::fs::read_to_string(&written).unwrap();
    let config = config_dir.join("shardscan.toml");
    let settings: Vec<usize> = starter
        .lines()
        .enumerate()
        .filter(|(_, line)| commented_setting(line).is_some_and(|rest| !rest.starts_with('[')))
        .map(|(i, _)| i)
        .collect();
    assert!(settings.len() > 30, "the starter lists its settings");
    for line in settings {
        let text = uncomment(&starter, line);
        std::fs::write(&config, &text).unwrap();
        let setting = starter.lines().nth(line).unwrap();
        let config_arg = config.to_str().unwrap();
        for extra in [&[][..], &["--reviewer", "openai", "--estimate"]] {
            let mut args = vec!["scan", ".", "--no-progress", "--config", config_arg];
            args.extend_from_slice(extra);
            let (status, _, stderr) = shardscan(&repo, &home, &args);
            assert!(
                status == 0 || status == 1,
                "`{setting}` {extra:?} exits {status}: {stderr}"
            );
        }
    }
}
