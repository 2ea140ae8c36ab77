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

/// Where a write to `path` would land: the path made absolute and resolved one component at a
/// time as the kernel would, every symlink followed (the last component's too, dangling or not),
/// `..` taken after the symlink before it is resolved. The part that does not exist yet is kept
/// as written; a `..` under a missing directory stays literal, so the result names a directory
/// that does not exist rather than a place the kernel would never reach.
pub(crate) fn resolve_for_write(path: &Path) -> PathBuf {
    use std::collections::VecDeque;
    use std::path::Component;

    // Linux gives up after 40 links; so do we, and the write then fails on its own.
    const MAX_LINKS: usize = 40;
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut pending: VecDeque<PathBuf> = absolute
        .components()
        .map(|c| PathBuf::from(c.as_os_str()))
        .collect();
    let mut resolved = PathBuf::new();
    let mut missing = false;
    let mut links = 0;
    while let Some(part) = pending.pop_front() {
        let component = part.components().next();
        match component {
            None | Some(Component::CurDir) => {}
            Some(Component::Prefix(_) | Component::RootDir) => resolved.push(&part),
            Some(Component::ParentDir) if missing => resolved.push(".."),
            Some(Component::ParentDir) => {
                resolved.pop();
            }
            Some(Component::Normal(name)) => {
                let next = resolved.join(name);
                if missing {
                    resolved = next;
                    continue;
                }
                match std::fs::symlink_metadata(&next) {
                    Ok(meta) if meta.file_type().is_symlink() && links < MAX_LINKS => {
                        links += 1;
                        match std::fs::read_link(&next) {
                            Ok(target) => {
                                // An absolute target starts again from its root; a relative one
                                // from the link's directory, which `resolved` still is.
                                for c in target.components().rev() {
                                    pending.push_front(PathBuf::from(c.as_os_str()));
                                }
                            }
                            Err(_) => {
                                missing = true;
                                resolved = next;
                            }
                        }
                    }
                    Ok(meta) if meta.file_type().is_symlink() => {
                        missing = true;
                        resolved = next;
                    }
                    Ok(_) => resolved = next,
                    // Missing, not a directory, not searchable: nothing below it can be followed.
                    Err(_) => {
                        missing = true;
                        resolved = next;
                    }
                }
            }
        }
    }
    resolved
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether a write to `path` would land inside `root`.
    fn is_inside(path: &Path, root: &Path) -> bool {
        resolve_for_write(path).starts_with(resolve_for_write(root))
    }

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
        std::fs::create_dir_all(dir.path().join("out")).unwrap();
        let at = |rel: &str| dir.path().join(rel);
        #[cfg(unix)]
        {
            use std::os::unix::fs::symlink;
            symlink(&root, at("link")).unwrap();
            // A relative link, resolved from its own directory.
            symlink("../repo/src", at("out/rel")).unwrap();
            // Dangling links: the file they name does not exist yet, and a write creates it.
            symlink(root.join("src/new.py"), at("out/dangling")).unwrap();
            symlink(at("out/elsewhere.json"), at("out/dangling-out")).unwrap();
            // A loop cannot be followed; the write would fail, and nothing says it is inside.
            symlink(at("out/loop"), at("out/loop")).unwrap();
        }
        let cases: &[(&str, bool)] = &[
            ("repo", true),
            ("repo/src/app.py", true),
            ("repo/src/new/deeper/out.json", true),
            ("repo/./src/../out.json", true),
            ("out/../repo/out.json", true),
            ("out/x.json", false),
            ("elsewhere/out.json", false),
            ("repo/../out/x.json", false),
            ("repository/x.json", false),
            // `..` under a missing directory stays literal: the kernel would refuse to walk it.
            ("missing/../repo/x.json", false),
            #[cfg(unix)]
            ("link/out.json", true),
            #[cfg(unix)]
            ("link/../out/x.json", false),
            #[cfg(unix)]
            ("out/rel/x.json", true),
            #[cfg(unix)]
            ("out/rel/../../out/x.json", false),
            #[cfg(unix)]
            ("out/dangling", true),
            #[cfg(unix)]
            ("out/dangling-out", false),
            #[cfg(unix)]
            ("out/loop", false),
        ];
        for (rel, inside) in cases {
            assert_eq!(is_inside(&at(rel), &root), *inside, "{rel}");
        }
        #[cfg(unix)]
        assert_eq!(
            resolve_for_write(&at("out/dangling")),
            resolve_for_write(&root).join("src/new.py")
        );
        // The root itself may be named through a link.
        #[cfg(unix)]
        assert!(is_inside(&root.join("x.json"), &at("link")));
    }

    #[test]
    fn relative_paths_are_taken_from_the_working_directory() {
        // Tests run in the package directory; these paths are only resolved, never written.
        assert!(is_inside(
            Path::new("src/no-such-dir/out.json"),
            Path::new("src")
        ));
        assert!(is_inside(Path::new("src"), Path::new(".")));
        assert!(!is_inside(Path::new("src/../Cargo.toml"), Path::new("src")));
        let cwd = std::env::current_dir().unwrap();
        assert!(is_inside(&cwd.join("src/lib.rs"), Path::new("src")));
    }
}
