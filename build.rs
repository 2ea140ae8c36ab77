//! Embeds every file under `queries/` (rules and their annotated test files) into the binary, so
//! the built-in rule pack and `shardscan rules test` work from an installed binary with no checkout.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    let root =
        PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let queries = root.join("queries");
    println!("cargo:rerun-if-changed=queries");
    let mut files = Vec::new();
    if queries.is_dir() {
        collect(&queries, &mut files);
    }
    files.sort();
    let mut out =
        String::from("/// Every file under `queries/`: (path relative to `queries/`, contents).\n");
    out.push_str("pub(crate) static EMBEDDED: &[(&str, &str)] = &[\n");
    for file in &files {
        let rel = file
            .strip_prefix(&queries)
            .expect("collected under queries/")
            .to_string_lossy()
            .replace('\\', "/");
        out.push_str(&format!(
            "    ({rel:?}, include_str!({:?})),\n",
            file.to_string_lossy()
        ));
        // Directories are watched above; files are listed so edits to them rebuild too.
        println!("cargo:rerun-if-changed={}", file.display());
    }
    out.push_str("];\n");
    let dest =
        PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded_rules.rs");
    fs::write(dest, out).expect("write embedded_rules.rs");
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            println!("cargo:rerun-if-changed={}", path.display());
            collect(&path, files);
        } else if path.is_file() {
            files.push(path);
        }
    }
}
