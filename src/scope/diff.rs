//! Diff mode: which lines changed since the merge base with a revision, read from the `git`
//! binary (the one the user's CI already has, with its credentials and shallow-clone state).

use std::collections::HashMap;
use std::ops::RangeInclusive;
use std::path::Path;
use std::process::Command;

use anyhow::{bail, Context};

/// Lines changed per file, by display path (relative to the scan root, `/`-separated).
#[derive(Debug, Default)]
pub(crate) struct Changes {
    /// The commit compared against (the merge base, or the revision itself in a shallow clone).
    pub(crate) base: String,
    pub(crate) note: Option<String>,
    files: HashMap<String, Vec<RangeInclusive<usize>>>,
}

impl Changes {
    /// Whether `path` changed at all (new files included).
    pub(crate) fn touches(&self, path: &str) -> bool {
        self.files.contains_key(path)
    }

    /// Whether any line in `first..=last` of `path` changed.
    pub(crate) fn overlaps(&self, path: &str, first: usize, last: usize) -> bool {
        self.files.get(path).is_some_and(|ranges| {
            ranges
                .iter()
                .any(|r| *r.start() <= last && first <= *r.end())
        })
    }

    pub(crate) fn file_count(&self) -> usize {
        self.files.len()
    }
}

fn git(dir: &Path, args: &[&str]) -> anyhow::Result<std::process::Output> {
    Command::new("git")
        .arg("-C")
        .arg(dir)
        // The scanned repository's own git configuration is not to be obeyed. Nothing here
        // compares the work tree (that would run its clean filters, see `uncommitted`), an
        // fsmonitor hook is off, external diff and textconv drivers are off in `diff`, and no
        // transport may run: a partial clone's lazy fetch would otherwise run `core.sshCommand`
        // and reach the network.
        .args(["-c", "core.quotepath=off", "-c", "core.fsmonitor=false"])
        .args(["-c", "protocol.allow=never"])
        .env("GIT_NO_LAZY_FETCH", "1")
        .env("GIT_TERMINAL_PROMPT", "0")
        .args(args)
        .output()
        .context("cannot run `git` (diff mode needs it on the PATH)")
}

fn git_text(dir: &Path, args: &[&str]) -> anyhow::Result<Option<String>> {
    let output = git(dir, args)?;
    Ok(output.status.success().then(|| {
        String::from_utf8_lossy(&output.stdout)
            .trim_end()
            .to_string()
    }))
}

/// The lines changed in the work tree at `root` since the merge base of HEAD with `rev`, plus
/// files git does not track yet.
pub(crate) fn changes(root: &Path, rev: &str) -> anyhow::Result<Changes> {
    if rev.starts_with('-') {
        bail!("--diff-base `{rev}` is not a revision");
    }
    let toplevel = git_text(root, &["rev-parse", "--show-toplevel"])?.ok_or_else(|| {
        anyhow::anyhow!(
            "--diff-base needs a git work tree, and `{}` is not in one",
            root.display()
        )
    })?;
    let toplevel = Path::new(&toplevel)
        .canonicalize()
        .with_context(|| format!("cannot resolve the work tree `{toplevel}`"))?;
    let commit = format!("{rev}^{{commit}}");
    let Some(target) = git_text(root, &["rev-parse", "--verify", "--quiet", &commit])? else {
        bail!(
            "--diff-base `{rev}` is not a commit in this repository\nhint: fetch it first, e.g. \
             `git fetch origin {rev_hint}` (in GitHub Actions: actions/checkout with \
             `fetch-depth: 0`)",
            rev_hint = rev.trim_start_matches("origin/")
        );
    };
    let shallow =
        git_text(root, &["rev-parse", "--is-shallow-repository"])?.as_deref() == Some("true");
    let (base, note) = match git_text(root, &["merge-base", "HEAD", &target])? {
        Some(base) => (base, None),
        None if shallow => (
            target.clone(),
            Some(format!(
                "no merge base with {rev} in this shallow clone: comparing with {rev} itself (fetch \
                 more history, e.g. `fetch-depth: 0`, for an exact pull-request diff)"
            )),
        ),
        None => bail!(
            "HEAD and `{rev}` have no common ancestor\nhint: pass the branch the work started \
             from as --diff-base"
        ),
    };
    let diff = git(
        root,
        &[
            "diff",
            "--no-color",
            "--no-ext-diff",
            "--no-textconv",
            "--unified=0",
            "--diff-filter=ACMRT",
            &base,
            "HEAD",
            "--",
        ],
    )?;
    if !diff.status.success() {
        bail!(
            "`git diff {base}` failed: {}",
            String::from_utf8_lossy(&diff.stderr).trim()
        );
    }
    let mut changes = Changes {
        base,
        note,
        files: HashMap::new(),
    };
    let scope = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let to_display = |repo_path: &str| -> Option<String> {
        let absolute = toplevel.join(repo_path);
        let rel = absolute.strip_prefix(&scope).ok()?;
        Some(
            rel.components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/"),
        )
    };
    for (path, ranges) in parse_unified(&String::from_utf8_lossy(&diff.stdout)) {
        if let Some(display) = to_display(&path) {
            changes.files.entry(display).or_default().extend(ranges);
        }
    }
    // Work not committed yet counts whole: git compares the work tree through the repository's
    // filters, so shardscan compares it with HEAD itself.
    for path in uncommitted(root, &toplevel)? {
        if let Some(display) = to_display(&path) {
            changes.files.insert(display, vec![1..=usize::MAX]);
        }
    }
    let untracked = git(
        root,
        &[
            "ls-files",
            "--others",
            "--exclude-standard",
            "-z",
            "--full-name",
        ],
    )?;
    if untracked.status.success() {
        for path in String::from_utf8_lossy(&untracked.stdout).split('\0') {
            if path.is_empty() {
                continue;
            }
            // `ls-files` names paths from the directory it runs in with --full-name: the top.
            if let Some(display) = to_display(path) {
                changes.files.insert(display, vec![1..=usize::MAX]);
            }
        }
    }
    Ok(changes)
}

/// The files under `root` whose content in the work tree differs from HEAD's (staged or not), by
/// repository path. Each file is hashed as git hashes a blob; git itself is never asked to read
/// the work tree, since a clean filter in the repository's `.git/config` (`filter.x.clean`, with
/// `* filter=x` in `.gitattributes`) would run a program of the repository's choosing. A file
/// that a filter legitimately changes (line endings) is counted as changed: more is reviewed,
/// never less.
fn uncommitted(root: &Path, toplevel: &Path) -> anyhow::Result<Vec<String>> {
    let tree = git(
        root,
        &["ls-tree", "-r", "-z", "--full-name", "HEAD", "--", "."],
    )?;
    if !tree.status.success() {
        bail!(
            "`git ls-tree HEAD` failed: {}",
            String::from_utf8_lossy(&tree.stderr).trim()
        );
    }
    let mut changed = Vec::new();
    for entry in String::from_utf8_lossy(&tree.stdout).split('\0') {
        // `<mode> SP <type> SP <object> TAB <path>`
        let Some((meta, path)) = entry.split_once('\t') else {
            continue;
        };
        let mut fields = meta.split(' ');
        let (Some(mode), Some("blob"), Some(object)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        if mode == "120000" {
            continue; // A symbolic link: never read.
        }
        let file = toplevel.join(path);
        match std::fs::symlink_metadata(&file) {
            Ok(meta) if meta.is_file() => {}
            _ => continue, // Deleted, or no longer a regular file: nothing to scan.
        }
        let Ok(content) = std::fs::read(&file) else {
            continue;
        };
        if blob_id(&content, object.len()) != object {
            changed.push(path.to_string());
        }
    }
    Ok(changed)
}

/// The object id git gives a blob holding `content`: SHA-1, or SHA-256 in a repository whose ids
/// are `hex_len` = 64 characters long.
fn blob_id(content: &[u8], hex_len: usize) -> String {
    use sha2::Digest as _;
    let header = format!("blob {}\0", content.len());
    let digest: Vec<u8> = if hex_len == 64 {
        let mut hasher = sha2::Sha256::new();
        hasher.update(header.as_bytes());
        hasher.update(content);
        hasher.finalize().to_vec()
    } else {
        let mut hasher = sha1::Sha1::new();
        hasher.update(header.as_bytes());
        hasher.update(content);
        hasher.finalize().to_vec()
    };
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// The changed line ranges of each file in a `--unified=0` diff. A pure deletion marks the lines
/// on both sides of where the code was, since their meaning may have changed.
fn parse_unified(diff: &str) -> Vec<(String, Vec<RangeInclusive<usize>>)> {
    let mut out: Vec<(String, Vec<RangeInclusive<usize>>)> = Vec::new();
    for line in diff.lines() {
        if let Some(path) = line.strip_prefix("+++ ") {
            if path == "/dev/null" {
                // A deleted file: its hunks belong to nothing we scan.
                out.push((String::new(), Vec::new()));
                continue;
            }
            let path = unquote(path);
            let path = path.strip_prefix("b/").unwrap_or(&path).to_string();
            out.push((path, Vec::new()));
        } else if let Some(hunk) = line.strip_prefix("@@ ") {
            let Some((_, new)) = hunk
                .split(' ')
                .find(|part| part.starts_with('+'))
                .map(|part| ((), part.trim_start_matches('+')))
            else {
                continue;
            };
            let (start, count) = match new.split_once(',') {
                Some((start, count)) => (start.parse().unwrap_or(1), count.parse().unwrap_or(1)),
                None => (new.parse().unwrap_or(1), 1usize),
            };
            let range = if count == 0 {
                start.max(1)..=start + 1
            } else {
                start..=start + count - 1
            };
            if let Some((_, ranges)) = out.last_mut() {
                ranges.push(range);
            }
        }
    }
    out.retain(|(path, _)| !path.is_empty());
    out
}

/// Git's C-style quoting of unusual paths (`"a\tb"`, octal escapes for bytes).
fn unquote(path: &str) -> String {
    let Some(inner) = path.strip_prefix('"').and_then(|p| p.strip_suffix('"')) else {
        return path.to_string();
    };
    let mut bytes = Vec::new();
    let mut chars = inner.bytes().peekable();
    while let Some(b) = chars.next() {
        if b != b'\\' {
            bytes.push(b);
            continue;
        }
        match chars.next() {
            Some(b'n') => bytes.push(b'\n'),
            Some(b't') => bytes.push(b'\t'),
            Some(b'r') => bytes.push(b'\r'),
            Some(d @ b'0'..=b'7') => {
                let mut value = u32::from(d - b'0');
                for _ in 0..2 {
                    match chars.peek() {
                        Some(&o @ b'0'..=b'7') => {
                            value = value * 8 + u32::from(o - b'0');
                            chars.next();
                        }
                        _ => break,
                    }
                }
                bytes.push(value as u8);
            }
            Some(other) => bytes.push(other),
            None => {}
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_hunks_additions_and_deletions() {
        let diff = "diff --git a/src/app.py b/src/app.py\n--- a/src/app.py\n+++ b/src/app.py\n\
                    @@ -3 +3 @@ def f():\n-x\n+y\n@@ -10,2 +9,0 @@\n-a\n-b\n@@ -20,0 +21,3 @@\n+1\n+2\n+3\n\
                    diff --git a/new.py b/new.py\n--- /dev/null\n+++ b/new.py\n@@ -0,0 +1,2 @@\n+a\n+b\n";
        let parsed = parse_unified(diff);
        assert_eq!(parsed[0].0, "src/app.py");
        assert_eq!(parsed[0].1, vec![3..=3, 9..=10, 21..=23]);
        assert_eq!(parsed[1], ("new.py".to_string(), vec![1..=2]));
    }

    #[test]
    fn blob_ids_are_gits() {
        // `printf 'hello\n' | git hash-object --stdin` (and with --object-format=sha256).
        assert_eq!(
            blob_id(b"hello\n", 40),
            "ce013625030ba8dba906f756967f9e9ca394464a"
        );
        assert_eq!(
            blob_id(b"hello\n", 64),
            "2cf8d83d9ee29543b34a87727421fdecb7e3f3a183d337639025de576db9ebb4"
        );
    }

    #[test]
    fn unquotes_git_paths() {
        assert_eq!(unquote("\"b/a\\tb.py\""), "b/a\tb.py");
        assert_eq!(unquote("\"b/caf\\303\\251.py\""), "b/café.py");
        assert_eq!(unquote("b/plain name.py"), "b/plain name.py");
    }
}
