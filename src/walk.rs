//! File discovery: `ignore`'s walker (gitignore, .ignore, hidden files, globs), vendored directories
//! pruned, and every file that is not scanned counted under a reason shown in the summary.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use anyhow::Context;
use ignore::overrides::OverrideBuilder;
use ignore::WalkBuilder;
use percent_encoding::{percent_encode, AsciiSet, CONTROLS};

use crate::lang::Language;

/// Resolved walk options.
#[derive(Debug, Clone)]
pub struct WalkSettings {
    pub paths: Vec<PathBuf>,
    /// Canonical directory that reported paths are relative to.
    pub root: PathBuf,
    pub include: Vec<String>,
    pub exclude: Vec<String>,
    pub hidden: bool,
    pub ignore_files: bool,
    pub follow_links: bool,
    pub include_vendored: bool,
    pub max_file_size: u64,
}

/// Directory names holding third-party code that a repository audit should not report on.
const VENDORED_DIRS: &[&str] = &[
    "node_modules",
    "vendor",
    "vendors",
    "third_party",
    "third-party",
    "thirdparty",
    "bower_components",
    "jspm_packages",
    "site-packages",
    "dist-packages",
    ".venv",
    "venv",
    "Pods",
    "Carthage",
];

/// Why a file was not scanned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SkipReason {
    /// Not a language shardscan knows (images, docs, data files).
    NotSource,
    /// A known language that no configured reviewer audits.
    NoReviewer,
    Binary,
    Generated,
    Minified,
    /// Files under a vendored directory (counted per directory: its files are never listed).
    VendoredDirectory,
    TooLarge,
    /// A symbolic link, not followed without `--follow`.
    Symlink,
    /// Could not be read, or the walk itself failed there (a symlink loop, a permission error).
    Error,
    /// Not read: the run stopped (deadline or Ctrl-C) before it got there.
    Stopped,
}

impl SkipReason {
    pub fn describe(self) -> &'static str {
        match self {
            SkipReason::NotSource => "not source code",
            SkipReason::NoReviewer => "no reviewer for the language",
            SkipReason::Binary => "binary",
            SkipReason::Generated => "generated",
            SkipReason::Minified => "minified",
            SkipReason::VendoredDirectory => "vendored directories",
            SkipReason::TooLarge => "larger than --max-file-size",
            SkipReason::Symlink => "symbolic links (use --follow)",
            SkipReason::Error => "unreadable",
            SkipReason::Stopped => "not read: the run stopped first",
        }
    }
}

impl fmt::Display for SkipReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// A file the walker found that may be source code; the reader decides.
#[derive(Debug)]
pub struct Candidate {
    pub path: PathBuf,
    pub rel_path: String,
    pub uri: String,
    /// From the extension; `None` means "look at the `#!` line".
    pub language: Option<Language>,
}

/// What the walker reports for each entry.
pub enum WalkEvent {
    File(Candidate),
    Skipped {
        path: String,
        reason: SkipReason,
        detail: Option<String>,
    },
}

/// Walks `settings.paths`, calling `emit` for every entry in a deterministic order. Stops early
/// when `emit` returns false (the consumer has gone away).
pub fn walk(
    settings: &WalkSettings,
    mut emit: impl FnMut(WalkEvent) -> bool,
) -> anyhow::Result<()> {
    let vendored = Arc::new(AtomicUsize::new(0));
    // Includes are checked on files the walker has already accepted: as `ignore` overrides they
    // would whitelist hidden and gitignored files too.
    let include = if settings.include.is_empty() {
        None
    } else {
        let mut builder = OverrideBuilder::new(&settings.root);
        for glob in &settings.include {
            builder
                .add(glob)
                .with_context(|| format!("invalid --include glob `{glob}`"))?;
        }
        Some(builder.build().context("invalid --include globs")?)
    };
    let mut overrides = OverrideBuilder::new(&settings.root);
    for glob in &settings.exclude {
        let negated = match glob.strip_prefix('!') {
            Some(rest) => rest.to_string(),
            None => format!("!{glob}"),
        };
        overrides
            .add(&negated)
            .with_context(|| format!("invalid --exclude glob `{glob}`"))?;
    }
    let overrides = overrides.build().context("invalid --exclude globs")?;

    // Overlapping scan paths (`scan . src`) must not scan a file twice.
    let mut seen: Option<std::collections::HashSet<PathBuf>> =
        (settings.paths.len() > 1).then(Default::default);
    for start in &settings.paths {
        // Canonical starts make every entry path absolute and free of `..` and symlinks, like the
        // root, so repository-relative paths, globs and .gitignore rules all line up whichever
        // directory shardscan runs from and however the path was spelled.
        let start = std::fs::canonicalize(start)
            .or_else(|_| std::path::absolute(start))
            .unwrap_or_else(|_| start.clone());
        let mut builder = WalkBuilder::new(&start);
        builder
            .hidden(!settings.hidden)
            .ignore(settings.ignore_files)
            .git_ignore(settings.ignore_files)
            .git_global(settings.ignore_files)
            .git_exclude(settings.ignore_files)
            .parents(settings.ignore_files)
            // .gitignore applies whether or not the tree is a git checkout (a tarball, a CI cache).
            .require_git(false)
            .follow_links(settings.follow_links)
            .overrides(overrides.clone())
            .sort_by_file_name(|a, b| a.cmp(b));
        if !settings.include_vendored {
            let vendored = Arc::clone(&vendored);
            builder.filter_entry(move |entry| {
                let is_vendored = entry.depth() > 0
                    && entry.file_type().is_some_and(|t| t.is_dir())
                    && entry
                        .file_name()
                        .to_str()
                        .is_some_and(|name| VENDORED_DIRS.contains(&name));
                if is_vendored {
                    vendored.fetch_add(1, Ordering::Relaxed);
                }
                !is_vendored
            });
        }
        for entry in builder.build() {
            let event = match entry {
                Err(error) => WalkEvent::Skipped {
                    path: relative(
                        &settings.root,
                        &error_path(&error).unwrap_or_else(|| start.clone()),
                    )
                    .0,
                    reason: SkipReason::Error,
                    detail: Some(error_message(&error)),
                },
                Ok(entry) => {
                    let Some(file_type) = entry.file_type() else {
                        continue;
                    };
                    if file_type.is_dir() {
                        continue;
                    }
                    let path = entry.path();
                    if file_type.is_symlink() {
                        WalkEvent::Skipped {
                            path: relative(&settings.root, path).0,
                            reason: SkipReason::Symlink,
                            detail: None,
                        }
                    } else if !file_type.is_file() {
                        continue; // sockets, FIFOs, devices: never source files
                    } else if include
                        .as_ref()
                        .is_some_and(|include| !include.matched(path, false).is_whitelist())
                    {
                        continue; // not asked for
                    } else if seen
                        .as_mut()
                        .is_some_and(|seen| !seen.insert(path.to_path_buf()))
                    {
                        continue; // already found under an earlier scan path
                    } else {
                        let (rel_path, uri) = relative(&settings.root, path);
                        let language = Language::from_extension(path);
                        // Files with an extension we do not know are not source; files with
                        // none may be scripts, decided by their `#!` line when read.
                        if language.is_none() && path.extension().is_some() {
                            WalkEvent::Skipped {
                                path: rel_path,
                                reason: SkipReason::NotSource,
                                detail: None,
                            }
                        } else {
                            let size = entry.metadata().map(|m| m.len()).unwrap_or(0);
                            if size > settings.max_file_size {
                                WalkEvent::Skipped {
                                    path: rel_path,
                                    reason: SkipReason::TooLarge,
                                    detail: Some(format!("{size} bytes")),
                                }
                            } else {
                                WalkEvent::File(Candidate {
                                    path: path.to_path_buf(),
                                    rel_path,
                                    uri,
                                    language,
                                })
                            }
                        }
                    }
                }
            };
            if !emit(event) {
                return Ok(());
            }
        }
    }
    for _ in 0..vendored.load(Ordering::Relaxed) {
        if !emit(WalkEvent::Skipped {
            path: String::new(),
            reason: SkipReason::VendoredDirectory,
            detail: None,
        }) {
            break;
        }
    }
    Ok(())
}

fn error_path(error: &ignore::Error) -> Option<PathBuf> {
    match error {
        ignore::Error::WithPath { path, .. } => Some(path.clone()),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            error_path(err)
        }
        ignore::Error::Loop { child, .. } => Some(child.clone()),
        _ => None,
    }
}

fn error_message(error: &ignore::Error) -> String {
    match error {
        ignore::Error::WithPath { err, .. } | ignore::Error::WithDepth { err, .. } => {
            error_message(err)
        }
        ignore::Error::Loop { ancestor, .. } => {
            format!("symbolic link loop back to `{}`", ancestor.display())
        }
        other => other.to_string(),
    }
}

/// Characters escaped in a URI path segment: controls, space, and anything with a meaning in URIs
/// (a colon in the first segment would read as a scheme).
const SEGMENT: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'[')
    .add(b']')
    .add(b'\\')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'|')
    .add(b'}')
    .add(b':');

/// Display path and percent-encoded URI of `path` relative to `root`. Outside the root, an absolute
/// `file://` URI.
pub fn relative(root: &Path, path: &Path) -> (String, String) {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let (inside, rel) = match absolute.strip_prefix(root).ok().filter(|rel| {
        rel.components()
            .all(|c| matches!(c, std::path::Component::Normal(_)))
    }) {
        Some(rel) => (true, rel.to_path_buf()),
        None => match std::fs::canonicalize(path)
            .ok()
            .and_then(|c| c.strip_prefix(root).ok().map(Path::to_path_buf))
        {
            Some(rel) => (true, rel),
            None => (false, absolute.clone()),
        },
    };
    let segments: Vec<Vec<u8>> = rel
        .components()
        .filter_map(|c| match c {
            std::path::Component::Normal(s) => Some(os_bytes(s)),
            _ => None,
        })
        .collect();
    let display = segments
        .iter()
        .map(|s| String::from_utf8_lossy(s).into_owned())
        .collect::<Vec<_>>()
        .join("/");
    let encoded = segments
        .iter()
        .map(|s| percent_encode(s, SEGMENT).to_string())
        .collect::<Vec<_>>()
        .join("/");
    if inside {
        (display, encoded)
    } else {
        (format!("/{display}"), format!("file:///{encoded}"))
    }
}

#[cfg(unix)]
fn os_bytes(s: &std::ffi::OsStr) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    s.as_bytes().to_vec()
}

#[cfg(not(unix))]
fn os_bytes(s: &std::ffi::OsStr) -> Vec<u8> {
    s.to_string_lossy().into_owned().into_bytes()
}

/// How the reader classifies a file's contents.
pub enum Classified {
    Source {
        language: Language,
        text: String,
        lossy: bool,
    },
    Skip(SkipReason),
}

/// Looks inside a file: binary, generated or minified files are skipped; invalid UTF-8 is decoded
/// with replacement characters (line numbers stay right) and flagged as lossy.
pub fn classify(path: &Path, language: Option<Language>, bytes: Vec<u8>) -> Classified {
    let head = &bytes[..bytes.len().min(8192)];
    if head.contains(&0) {
        return Classified::Skip(SkipReason::Binary);
    }
    let Some(language) = language.or_else(|| Language::detect(path, head)) else {
        return Classified::Skip(SkipReason::NotSource);
    };
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    if is_generated_name(name) || has_generated_marker(head) {
        return Classified::Skip(SkipReason::Generated);
    }
    if is_minified(name, language, &bytes) {
        return Classified::Skip(SkipReason::Minified);
    }
    match String::from_utf8(bytes) {
        Ok(text) => Classified::Source {
            language,
            text,
            lossy: false,
        },
        Err(e) => Classified::Source {
            language,
            text: String::from_utf8_lossy(e.as_bytes()).into_owned(),
            lossy: true,
        },
    }
}

fn is_generated_name(name: &str) -> bool {
    const SUFFIXES: &[&str] = &[
        ".pb.go",
        "_pb2.py",
        "_pb2_grpc.py",
        ".pb.cc",
        ".pb.h",
        ".designer.cs",
        ".g.cs",
        "_generated.go",
        ".generated.ts",
        ".generated.js",
    ];
    SUFFIXES.iter().any(|s| name.ends_with(s))
}

/// The markers code generators put in their first lines: Go's `Code generated ... DO NOT EDIT.`,
/// protoc's `Generated by ... DO NOT EDIT!`, `@generated`, C#'s `<auto-generated>`. "DO NOT EDIT"
/// alone is not enough: people write it above hand-written code too.
fn has_generated_marker(head: &[u8]) -> bool {
    head.split(|&b| b == b'\n').take(5).any(|line| {
        let line = String::from_utf8_lossy(line);
        let lower = line.to_ascii_lowercase();
        line.contains("@generated")
            || line.contains("<auto-generated")
            || (lower.contains("generated") && line.contains("DO NOT EDIT"))
            || lower.contains("this file is automatically generated")
    })
}

/// `.min.js`, or JavaScript whose lines average hundreds of characters. Other languages are not
/// minified in practice: a long line there (a data table) is still hand-written code.
fn is_minified(name: &str, language: Language, bytes: &[u8]) -> bool {
    if name.contains(".min.") {
        return true;
    }
    let scripts = matches!(
        language,
        Language::JavaScript | Language::TypeScript | Language::Tsx
    );
    if !scripts || bytes.len() < 4096 {
        return false;
    }
    let lines = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
    bytes.len() / lines > 300
}

/// Whether `path` (which may not exist yet) lies inside `root`: both are resolved through their
/// nearest existing ancestor, so symlinks and `..` cannot hide it.
pub fn is_inside(path: &Path, root: &Path) -> bool {
    fn resolve(path: &Path) -> PathBuf {
        let absolute = if path.is_absolute() {
            path.to_path_buf()
        } else {
            std::env::current_dir().unwrap_or_default().join(path)
        };
        let mut missing = Vec::new();
        let mut existing = absolute.as_path();
        loop {
            if let Ok(resolved) = existing.canonicalize() {
                return missing
                    .iter()
                    .rev()
                    .fold(resolved, |acc, part| acc.join(part));
            }
            match (existing.parent(), existing.file_name()) {
                (Some(parent), Some(name)) => {
                    missing.push(name.to_os_string());
                    existing = parent;
                }
                _ => return absolute,
            }
        }
    }
    resolve(path).starts_with(resolve(root))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_are_percent_encoded_and_relative() {
        let root = Path::new("/repo");
        let (display, uri) = relative(root, Path::new("/repo/src/my file#1.py"));
        assert_eq!(display, "src/my file#1.py");
        assert_eq!(uri, "src/my%20file%231.py");
        let (_, uri) = relative(root, Path::new("/repo/c:d/é.py"));
        assert_eq!(uri, "c%3Ad/%C3%A9.py");
        let (_, uri) = relative(root, Path::new("/elsewhere/x.py"));
        assert_eq!(uri, "file:///elsewhere/x.py");
    }

    #[test]
    fn classifies_contents() {
        let skip = |name: &str, bytes: Vec<u8>| match classify(
            Path::new(name),
            Language::from_extension(Path::new(name)),
            bytes,
        ) {
            Classified::Skip(reason) => Some(reason),
            Classified::Source { .. } => None,
        };
        assert_eq!(
            skip("a.py", b"x = 1\0\n".to_vec()),
            Some(SkipReason::Binary)
        );
        assert_eq!(
            skip(
                "a.go",
                b"// Code generated by protoc. DO NOT EDIT.\npackage a\n".to_vec()
            ),
            Some(SkipReason::Generated)
        );
        assert_eq!(
            skip("a_pb2.py", b"x = 1\n".to_vec()),
            Some(SkipReason::Generated)
        );
        assert_eq!(
            skip("a.js", vec![b'x'; 1_000_000]),
            Some(SkipReason::Minified)
        );
        let table = format!("T = [{}]\n", "1, ".repeat(3000));
        assert_eq!(skip("table.py", table.into_bytes()), None);
        let warning = b"# DO NOT EDIT without a security review\nx = 1\n".to_vec();
        assert_eq!(skip("h.py", warning), None);
        let go = b"// Code generated by protoc-gen-go. DO NOT EDIT.\npackage m\n".to_vec();
        assert_eq!(skip("m.go", go), Some(SkipReason::Generated));
        assert_eq!(
            skip("app.min.js", b"var a=1;\n".to_vec()),
            Some(SkipReason::Minified)
        );
        assert_eq!(
            skip("README", b"hello\n".to_vec()),
            Some(SkipReason::NotSource)
        );
        assert_eq!(skip("run", b"#!/bin/sh\necho hi\n".to_vec()), None);
        match classify(
            Path::new("l.py"),
            Some(Language::Python),
            b"x = '\xff'\n".to_vec(),
        ) {
            Classified::Source { lossy, text, .. } => assert!(lossy && text.contains('\u{fffd}')),
            Classified::Skip(_) => panic!("latin-1 file skipped"),
        }
    }

    #[test]
    fn is_inside_sees_through_missing_dirs_and_symlinks() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("repo");
        std::fs::create_dir_all(root.join("src")).unwrap();
        assert!(is_inside(&root.join("src/new/deeper/out.json"), &root));
        assert!(!is_inside(&dir.path().join("elsewhere/out.json"), &root));
        #[cfg(unix)]
        {
            let link = dir.path().join("link");
            std::os::unix::fs::symlink(&root, &link).unwrap();
            assert!(is_inside(&link.join("out.json"), &root));
        }
    }
}
