//! Paths as reports name them: repository-relative display paths and percent-encoded URIs, and
//! the check that keeps every write out of the scanned tree.

use std::path::{Path, PathBuf};

use percent_encoding::{percent_encode, AsciiSet, CONTROLS};

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
pub(crate) fn relative(root: &Path, path: &Path) -> (String, String) {
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

/// The file URI of a directory, with the trailing slash SARIF requires of a base.
pub(crate) fn directory_uri(path: &std::path::Path) -> String {
    let (_, encoded) = relative(std::path::Path::new("/\u{0}never"), path);
    let mut uri = encoded;
    if !uri.ends_with('/') {
        uri.push('/');
    }
    uri
}

/// Percent-encodes a `/`-separated display path as a relative URI (absolute paths become `file://`).
pub(crate) fn encode_path(path: &str) -> String {
    if let Some(absolute) = path.strip_prefix('/') {
        let (_, uri) = relative(
            std::path::Path::new("/\u{0}never"),
            std::path::Path::new(&format!("/{absolute}")),
        );
        return uri;
    }
    let (_, uri) = relative(
        std::path::Path::new("/"),
        &std::path::Path::new("/").join(path),
    );
    uri
}

/// Whether `path` (which may not exist yet) lies inside `root`: both are resolved through their
/// nearest existing ancestor, so symlinks and `..` cannot hide it.
pub(crate) fn is_inside(path: &Path, root: &Path) -> bool {
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
