//! The files shardscan writes (reports, the timeline, `init`'s starter file, a merged log): each
//! is checked and given its temporary file beside the target before any work starts, and renamed
//! into place only when everything it belongs with was written, so a failed run leaves no report
//! behind, whole or partial.
//!
//! This is I/O, so it lives apart from `report/`, whose printers only render into a writer.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::paths;

/// The one check every path shardscan writes goes through: `path`, named on the command line or
/// in the configuration as `what` (`--output`, `` `scan.outputs` in `x.toml` ``), resolved as the
/// write would resolve it, must not lie in any of the scanned `roots`. Returns where the write
/// lands, so the caller writes exactly the path that was checked.
pub(crate) fn refuse_inside_roots(
    what: &str,
    path: &Path,
    roots: &[PathBuf],
) -> Result<PathBuf, Error> {
    let resolved = paths::resolve_for_write(path);
    for root in roots {
        let root_resolved = paths::resolve_for_write(root);
        // Whole components: `repo-out` is not inside `repo`.
        if resolved.starts_with(&root_resolved) {
            let through = if std::path::absolute(path).is_ok_and(|a| a == resolved) {
                String::new()
            } else {
                format!(" (it resolves to `{}`)", resolved.display())
            };
            return Err(Error::new(format!(
                "refusing to write `{}` ({what}){through}: it is inside the scanned tree `{}`, \
                 and shardscan never writes into the code it audits",
                path.display(),
                root_resolved.display()
            ))
            .with_hint("write it outside the scanned tree"));
        }
    }
    Ok(resolved)
}

/// A file to be written: its target checked, its temporary file already created beside it (in
/// the same directory, so the final rename is atomic and cannot cross file systems).
#[derive(Debug)]
pub(crate) struct PendingFile {
    /// The flag or key that named it, for messages: `--output`, `` `scan.outputs` in `x` ``.
    what: String,
    /// The path as the user wrote it.
    shown: PathBuf,
    /// Where it lands, every symlink followed: the path that was checked.
    target: PathBuf,
    temp: tempfile::NamedTempFile,
    /// `init`: never replace an existing file.
    no_clobber: bool,
}

impl PendingFile {
    /// Checks `path` (named by `what`) for a write: outside every one of `roots`, not a
    /// directory, in a directory that exists and takes a new file, which is proved by creating
    /// the temporary file the content will go to.
    pub(crate) fn prepare(
        what: &str,
        path: &Path,
        roots: &[PathBuf],
    ) -> Result<PendingFile, Error> {
        let target = refuse_inside_roots(what, path, roots)?;
        PendingFile::create(what, path, target, false)
    }

    /// Like [`PendingFile::prepare`] for a file that must not exist yet (`shardscan init`).
    pub(crate) fn prepare_new(what: &str, path: &Path) -> Result<PendingFile, Error> {
        if std::fs::symlink_metadata(path).is_ok() {
            return Err(already_exists(path));
        }
        PendingFile::create(what, path, paths::resolve_for_write(path), true)
    }

    fn create(
        what: &str,
        shown: &Path,
        target: PathBuf,
        no_clobber: bool,
    ) -> Result<PendingFile, Error> {
        let named = format!("`{}` ({what})", shown.display());
        let existing = std::fs::metadata(&target).ok();
        if existing.as_ref().is_some_and(|m| m.is_dir()) {
            return Err(Error::new(format!("{named} is a directory"))
                .with_hint("name the file to write, e.g. `DIR/shardscan.sarif`"));
        }
        let parent = match target.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => {
                return Err(Error::new(format!("{named} names no file"))
                    .with_hint("name the file to write"))
            }
        };
        match std::fs::metadata(parent) {
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => {
                return Err(Error::new(format!(
                    "cannot write {named}: `{}` is not a directory",
                    parent.display()
                ))
                .with_hint("write it into an existing directory"))
            }
            Err(_) => {
                return Err(Error::new(format!(
                    "cannot write {named}: directory `{}` does not exist",
                    parent.display()
                ))
                .with_hint("create the directory first, or write the file elsewhere"))
            }
        }
        let name = target
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let prefix = format!(".{name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".shardscan-tmp");
        // The mode `File::create` would leave: an existing file's own, else 0666 less the umask
        // (a temporary file's private 0600 would otherwise become the report's).
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = existing.map_or(0o666, |m| m.permissions().mode() & 0o777);
            builder.permissions(std::fs::Permissions::from_mode(mode));
        }
        let temp = builder.tempfile_in(parent).map_err(|e| {
            Error::new(format!(
                "cannot write {named}: cannot create a file in `{}`: {e}",
                parent.display()
            ))
            .with_hint("check that the directory is writable, or write the file elsewhere")
        })?;
        Ok(PendingFile {
            what: what.to_string(),
            shown: shown.to_path_buf(),
            target,
            temp,
            no_clobber,
        })
    }

    /// The path as the user wrote it.
    pub(crate) fn path(&self) -> &Path {
        &self.shown
    }

    /// Where the content goes until [`PendingFile::persist`].
    pub(crate) fn file(&mut self) -> &mut std::fs::File {
        self.temp.as_file_mut()
    }

    /// Writes all of `bytes` to the temporary file.
    pub(crate) fn write_all(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        let result = self.temp.as_file_mut().write_all(bytes);
        result.map_err(|e| self.failed(e))
    }

    fn failed(&self, error: std::io::Error) -> anyhow::Error {
        anyhow::Error::new(error).context(format!(
            "failed to write `{}` ({})",
            self.shown.display(),
            self.what
        ))
    }

    /// Puts the content in place: the temporary file, synced, renamed over the target.
    pub(crate) fn persist(self) -> anyhow::Result<()> {
        self.sync()?;
        self.rename()
    }

    fn sync(&self) -> anyhow::Result<()> {
        self.temp.as_file().sync_all().map_err(|e| self.failed(e))
    }

    fn rename(self) -> anyhow::Result<()> {
        let PendingFile {
            what,
            shown,
            target,
            temp,
            no_clobber,
        } = self;
        let persisted = if no_clobber {
            temp.persist_noclobber(&target)
        } else {
            temp.persist(&target)
        };
        match persisted {
            Ok(_) => Ok(()),
            Err(e) if no_clobber && e.error.kind() == std::io::ErrorKind::AlreadyExists => {
                Err(already_exists(&shown).into())
            }
            Err(e) => Err(anyhow::Error::new(e.error)
                .context(format!("failed to write `{}` ({what})", shown.display()))),
        }
    }
}

fn already_exists(path: &Path) -> Error {
    Error::new(format!(
        "`{}` already exists; shardscan init never overwrites a file",
        path.display()
    ))
    .with_hint("remove it first, or name another path")
}

/// Files that belong together, the reports of one run: all put in place, or none.
#[derive(Debug, Default)]
pub(crate) struct PendingSet {
    files: Vec<PendingFile>,
}

impl PendingSet {
    pub(crate) fn push(&mut self, file: PendingFile) {
        self.files.push(file);
    }

    /// Syncs every file first (where a full disk shows), then renames each into place. A rename
    /// within one directory fails only if the target changed under the run (say, became a
    /// directory); the files renamed before it then stay.
    pub(crate) fn commit(self) -> anyhow::Result<()> {
        for file in &self.files {
            file.sync()?;
        }
        for file in self.files {
            file.rename()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_refusal_names_what_the_path_and_the_tree() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("repo");
        std::fs::create_dir_all(&root).unwrap();
        let roots = [dir.path().join("other"), root.clone()];
        let error = refuse_inside_roots("--output", &root.join("app.py"), &roots).unwrap_err();
        let shown = error.to_string();
        assert!(shown.contains("--output"), "{shown}");
        assert!(shown.contains("app.py"), "{shown}");
        assert!(shown.contains("inside the scanned tree"), "{shown}");
        assert!(error.hint().is_some_and(|h| h.contains("outside")));
        let fine = dir.path().join("out.json");
        assert_eq!(
            refuse_inside_roots("--output", &fine, &roots).unwrap(),
            paths::resolve_for_write(&fine)
        );
    }

    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn nothing_is_in_place_until_the_set_commits() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.json");
        let b = dir.path().join("b.sarif");
        std::fs::write(&b, "old").unwrap();
        let mut set = PendingSet::default();
        for path in [&a, &b] {
            let mut file = PendingFile::prepare("--output", path, &[]).unwrap();
            file.write_all(b"new").unwrap();
            set.push(file);
        }
        assert!(!a.exists());
        assert_eq!(std::fs::read_to_string(&b).unwrap(), "old");
        set.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "new");
        assert_eq!(std::fs::read_to_string(&b).unwrap(), "new");
        assert_eq!(names(dir.path()), ["a.json", "b.sarif"]);
    }

    #[test]
    fn a_set_dropped_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let mut set = PendingSet::default();
        let mut file = PendingFile::prepare("--output", &dir.path().join("a.json"), &[]).unwrap();
        file.write_all(b"half").unwrap();
        set.push(file);
        drop(set);
        assert!(names(dir.path()).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_gets_the_umask_mode_and_an_old_one_keeps_its_own() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let fresh = dir.path().join("fresh.json");
        let old = dir.path().join("old.json");
        std::fs::write(&old, "").unwrap();
        std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o640)).unwrap();
        for path in [&fresh, &old] {
            PendingFile::prepare("--output", path, &[])
                .unwrap()
                .persist()
                .unwrap();
        }
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        // What `File::create` gives under this umask, not a temporary file's 0600.
        let plain = dir.path().join("plain");
        std::fs::File::create(&plain).unwrap();
        assert_eq!(mode(&fresh), mode(&plain));
        assert_eq!(mode(&old), 0o640);
    }

    #[test]
    fn a_bad_target_is_refused_by_name() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("no/such/dir/out.json");
        let error = PendingFile::prepare("--output", &missing, &[]).unwrap_err();
        assert!(error.to_string().contains("does not exist"), "{error}");
        assert!(
            error.to_string().contains("no/such/dir/out.json"),
            "{error}"
        );
        let error = PendingFile::prepare("--output", dir.path(), &[]).unwrap_err();
        assert!(error.to_string().contains("is a directory"), "{error}");
        let file = dir.path().join("file");
        std::fs::write(&file, "").unwrap();
        let error = PendingFile::prepare("--output", &file.join("out.json"), &[]).unwrap_err();
        assert!(error.to_string().contains("is not a directory"), "{error}");
    }

    #[test]
    fn a_new_file_never_replaces_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("shardscan.toml");
        let mut file = PendingFile::prepare_new("init", &path).unwrap();
        file.write_all(b"first").unwrap();
        // Another writer wins the race between the check and the rename.
        std::fs::write(&path, "theirs").unwrap();
        let error = file.persist().unwrap_err().to_string();
        assert!(error.contains("already exists"), "{error}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "theirs");
        assert!(PendingFile::prepare_new("init", &path).is_err());
        assert_eq!(names(dir.path()), ["shardscan.toml"]);
    }
}
