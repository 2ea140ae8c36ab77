//! Reading a file of an untrusted tree: only regular files are ever opened. A FIFO, socket or
//! device named like source code (`mkfifo x.py`) would block a reader forever, or do something on
//! open; its type is checked before the open, and again on what was opened.

use std::fs::Metadata;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// A path that is not a regular file (nor a directory), so shardscan does not open it.
#[derive(Debug, thiserror::Error)]
#[error("`{}` is a {kind}, not a regular file: not opened", path.display())]
pub(crate) struct SpecialFile {
    pub(crate) path: PathBuf,
    pub(crate) kind: &'static str,
}

/// What kind of special file `metadata` describes (after symlinks are followed); `None` for
/// regular files, directories and, not following them, symbolic links.
pub(crate) fn special_kind(metadata: &Metadata) -> Option<&'static str> {
    kind_of(metadata.file_type())
}

/// [`special_kind`] of a file type (as the walker reports it).
pub(crate) fn kind_of(file_type: std::fs::FileType) -> Option<&'static str> {
    if file_type.is_file() || file_type.is_dir() || file_type.is_symlink() {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return Some("FIFO");
        }
        if file_type.is_socket() {
            return Some("socket");
        }
        if file_type.is_block_device() {
            return Some("block device");
        }
        if file_type.is_char_device() {
            return Some("character device");
        }
    }
    Some("special file")
}

/// The [`SpecialFile`] an error of [`read`] carries, if that is why it failed.
pub(crate) fn as_special(error: &io::Error) -> Option<&SpecialFile> {
    error
        .get_ref()
        .and_then(|e| e.downcast_ref::<SpecialFile>())
}

/// Reads the whole file at `path` (symlinks followed), refusing anything but a regular file
/// before opening it. Errors name the path (a [`SpecialFile`] always does).
pub(crate) fn read(path: &Path) -> io::Result<Vec<u8>> {
    read_unnamed(path).map_err(|e| {
        if as_special(&e).is_some() {
            e
        } else {
            io::Error::new(
                e.kind(),
                format!("failed to read `{}`: {e}", path.display()),
            )
        }
    })
}

/// [`read`], with the operating system's errors as they are (for a caller that names the file
/// itself).
pub(crate) fn read_unnamed(path: &Path) -> io::Result<Vec<u8>> {
    read_bounded(path, None)
}

/// [`read_unnamed`], stopping after `limit + 1` bytes, so that a caller can tell a file larger
/// than `limit` without holding it: the size a file reports is not trusted (those under /proc
/// report 0).
pub(crate) fn read_at_most(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    read_bounded(path, Some(limit))
}

fn read_bounded(path: &Path, limit: Option<u64>) -> io::Result<Vec<u8>> {
    let refuse = |kind| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            SpecialFile {
                path: path.to_path_buf(),
                kind,
            },
        )
    };
    if let Some(kind) = special_kind(&std::fs::metadata(path)?) {
        return Err(refuse(kind));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    // The path can be swapped for a FIFO between the check and the open: a non-blocking open
    // returns at once whatever it finds, and the check below refuses it.
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let mut file = options.open(path)?;
    let opened = file.metadata()?;
    if let Some(kind) = special_kind(&opened) {
        return Err(refuse(kind));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(opened.len()).unwrap_or(0));
    match limit {
        Some(limit) => file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?,
        None => file.read_to_end(&mut bytes)?,
    };
    Ok(bytes)
}

/// [`read`] as UTF-8 text (configuration, rules, reports shardscan reads back).
pub(crate) fn read_to_string(path: &Path) -> io::Result<String> {
    utf8(read(path)?, path)
}

/// [`read_unnamed`] as UTF-8 text.
pub(crate) fn read_to_string_unnamed(path: &Path) -> io::Result<String> {
    utf8(read_unnamed(path)?, path)
}

fn utf8(bytes: Vec<u8>, path: &Path) -> io::Result<String> {
    String::from_utf8(bytes).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("`{}` is not valid UTF-8 ({e})", path.display()),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regular_files_are_read_and_directories_refused_with_their_path() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("a.py");
        std::fs::write(&file, "x = 1\n").expect("write");
        assert_eq!(read(&file).expect("read"), b"x = 1\n");
        let error = read(dir.path()).expect_err("a directory");
        assert!(error
            .to_string()
            .contains(&dir.path().display().to_string()));
        let missing = read(&dir.path().join("missing.py")).expect_err("missing");
        assert!(missing.to_string().contains("missing.py"), "{missing}");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_being_opened() {
        let dir = tempfile::tempdir().expect("temp dir");
        let fifo = dir.path().join("x.py");
        let status = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo");
        assert!(status.success());
        // Opening it for reading would block until a writer came: this returns at once.
        let error = read(&fifo).expect_err("a FIFO");
        let special = as_special(&error).expect("a SpecialFile");
        assert_eq!(special.kind, "FIFO");
        assert!(error.to_string().contains("x.py` is a FIFO"), "{error}");
        assert_eq!(
            kind_of(std::fs::metadata(&fifo).expect("stat").file_type()),
            Some("FIFO")
        );
    }
}
