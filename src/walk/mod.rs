//! File discovery: `ignore`'s walker (gitignore, .ignore, hidden files, globs), vendored directories
//! pruned, and every file that is not scanned counted under a reason shown in the summary.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use crate::lang::Language;
use crate::model::SkipReason;
use crate::paths::relative;
use anyhow::Context;
use ignore::overrides::OverrideBuilder;
use ignore::WalkBuilder;

mod classify;

pub(crate) use classify::{classify, Classified};

/// Resolved walk options.
#[derive(Debug, Clone)]
pub(crate) struct WalkSettings {
    pub(crate) paths: Vec<PathBuf>,
    /// Canonical directory that reported paths are relative to.
    pub(crate) root: PathBuf,
    pub(crate) include: Vec<String>,
    pub(crate) exclude: Vec<String>,
    pub(crate) hidden: bool,
    pub(crate) ignore_files: bool,
    pub(crate) follow_links: bool,
    pub(crate) include_vendored: bool,
    pub(crate) max_file_size: u64,
}

#[cfg(test)]
impl WalkSettings {
    /// Every file under `dir` as a default scan sees it, paths relative to `dir`.
    pub(crate) fn for_root(dir: &std::path::Path) -> WalkSettings {
        WalkSettings {
            paths: vec![dir.to_path_buf()],
            root: std::fs::canonicalize(dir).expect("a test's directory exists"),
            include: vec![],
            exclude: vec![],
            hidden: false,
            ignore_files: true,
            follow_links: false,
            include_vendored: false,
            max_file_size: 1 << 20,
        }
    }
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

/// A file the walker found that may be source code; the reader decides.
#[derive(Debug)]
pub(crate) struct Candidate {
    pub(crate) path: PathBuf,
    pub(crate) rel_path: String,
    pub(crate) uri: String,
    /// From the extension; `None` means "look at the `#!` line".
    pub(crate) language: Option<Language>,
}

/// What the walker reports for each entry.
pub(crate) enum WalkEvent {
    File(Candidate),
    Skipped {
        path: String,
        reason: SkipReason,
        detail: Option<String>,
    },
}

/// Walks `settings.paths`, calling `emit` for every entry in a deterministic order. Stops early
/// when `emit` returns false (the consumer has gone away).
pub(crate) fn walk(
    settings: &WalkSettings,
    mut emit: impl FnMut(WalkEvent) -> bool,
) -> anyhow::Result<()> {
    // The vendored directories pruned, named in the report (their files are never listed).
    let vendored: Arc<Mutex<Vec<PathBuf>>> = Arc::default();
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
                    vendored
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(entry.path().to_path_buf());
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
                    } else if let Some(kind) = crate::files::kind_of(file_type) {
                        // Never opened: reading a FIFO named `x.py` would wait forever.
                        WalkEvent::Skipped {
                            path: relative(&settings.root, path).0,
                            reason: SkipReason::SpecialFile,
                            detail: Some(kind.to_string()),
                        }
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
    let vendored = std::mem::take(&mut *vendored.lock().unwrap_or_else(|e| e.into_inner()));
    for directory in vendored {
        if !emit(WalkEvent::Skipped {
            path: relative(&settings.root, &directory).0,
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
