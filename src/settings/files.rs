//! Which configuration files a command reads, and how far each is trusted.
//!
//! The command line and a file named with `--config` are the user's, and so is the user's own
//! file in the platform configuration directory. A `shardscan.toml` found in the scanned
//! repository is part of the input: on a pull request from a fork it is written by a stranger. It
//! may decide the repository's own business and nothing that acts on the scanning machine.

use std::path::{Path, PathBuf};

use anyhow::bail;

use super::scan_root;
use crate::cli::{ConfigArgs, WalkArgs};
use crate::config::{self, ConfigFile, Trust};
use crate::error::Error;
use crate::io::Env;

/// The configuration of a command, from files of different trust:
///
/// - `--config FILE`: that file alone, trusted (the user named it);
/// - otherwise the user's own file ([`user_config_path`], trusted), then the `shardscan.toml`
///   found from `start` up to the repository's `root` and no further, which is part of the input:
///   it may set only the repository's own business ([`config::REPOSITORY_KEYS`]), with paths
///   inside the repository, unless `--trust-repo-config`;
/// - `--no-config`: no file.
pub(crate) fn config_file(
    args: &ConfigArgs,
    start: &Path,
    root: &Path,
    env: &Env,
) -> anyhow::Result<Option<ConfigFile>> {
    if args.no_config {
        return Ok(None);
    }
    if let Some(path) = &args.config {
        if !path.is_file() {
            bail!("configuration file `{}` does not exist", path.display());
        }
        return ConfigFile::merge(vec![config::load(path, Trust::Named, env)?]);
    }
    let mut layers = Vec::new();
    if let Some(path) = user_config_path(env).filter(|path| path.is_file()) {
        layers.push(config::load(&path, Trust::User, env)?);
    }
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let root = canonical(root);
    let start = canonical(start);
    let start = if start.is_dir() {
        start
    } else {
        start.parent().map(Path::to_path_buf).unwrap_or(start)
    };
    if let Some(path) = config::discover(&start, &root)? {
        let trust = if args.trust_repo_config {
            Trust::TrustedRepository
        } else {
            Trust::Repository
        };
        let layer = config::load(&path, trust, env)?;
        check_repository_file(&layer, &root)?;
        layers.push(layer);
    }
    ConfigFile::merge(layers)
}

/// The configuration of `scan` and `shards`: discovery starts at the first path scanned and stops
/// at the scan root.
pub(crate) fn walk_config(
    walk: &WalkArgs,
    config: &ConfigArgs,
    env: &Env,
) -> anyhow::Result<Option<ConfigFile>> {
    let first = walk.paths.first().map_or(Path::new("."), PathBuf::as_path);
    config_file(config, first, &scan_root(walk), env)
}

/// The user's own configuration file: `$XDG_CONFIG_HOME/shardscan/config.toml`, else
/// `~/.config/shardscan/config.toml` (`%APPDATA%\shardscan\config.toml` on Windows).
pub(crate) fn user_config_path(env: &Env) -> Option<PathBuf> {
    let base = match env.get_os("XDG_CONFIG_HOME").filter(|d| !d.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None if cfg!(windows) => PathBuf::from(env.get_os("APPDATA")?),
        None => PathBuf::from(env.get_os("HOME").filter(|d| !d.is_empty())?).join(".config"),
    };
    Some(base.join("shardscan").join("config.toml"))
}

/// Refuses a repository's file that sets what is not the repository's to decide, or points
/// outside the repository.
fn check_repository_file(layer: &config::Layer, root: &Path) -> anyhow::Result<()> {
    if layer.trust != Trust::Repository {
        return Ok(());
    }
    let path = layer.path.display();
    let refused = layer.refused_keys();
    if !refused.is_empty() {
        return Err(Error::new(format!(
            "the scanned repository's configuration `{path}` sets {} a scanned repository may \
             not set: {}",
            if refused.len() == 1 { "a key" } else { "keys" },
            refused.join(", ")
        ))
        .with_hint(format!(
            "those settings could run programs, reach the network, read your environment, \
             write files or spend money; put them in your own configuration ({}), pass the file \
             yourself with `--config {path}`, or add `--trust-repo-config` when you scan code \
             you trust",
            user_config_display()
        ))
        .into());
    }
    // Inside the repository and below the file itself: when the repository's root is taken
    // from an enclosing work tree (a checkout without `.git` inside the user's dotfiles), the
    // root alone would let `../../.ssh` through.
    let home = layer.path.parent().unwrap_or(root);
    for key in ["scan.baseline", "rules.dirs"] {
        for value in layer.paths(key) {
            let inside = std::fs::canonicalize(&value)
                .is_ok_and(|p| p.starts_with(root) && p.starts_with(home));
            if !inside {
                return Err(Error::new(format!(
                    "the scanned repository's configuration `{path}` sets `{key}` to `{}`, \
                     which is not inside `{}`, the file's folder in the repository",
                    value.display(),
                    home.display()
                ))
                .with_hint(format!(
                    "a repository's file may only name paths inside it; pass the file with \
                     `--config {path}` if you trust it"
                ))
                .into());
            }
        }
    }
    Ok(())
}

fn user_config_display() -> &'static str {
    if cfg!(windows) {
        "%APPDATA%\\shardscan\\config.toml"
    } else {
        "~/.config/shardscan/config.toml"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A repository (with `.git`) inside a parent folder, and an environment whose user
    /// configuration directory is `config_home`.
    struct Fixture {
        dir: tempfile::TempDir,
        env: Env,
    }

    impl Fixture {
        fn new() -> Fixture {
            let dir = tempfile::tempdir().unwrap();
            std::fs::create_dir_all(dir.path().join("parent/repo/.git")).unwrap();
            std::fs::create_dir_all(dir.path().join("parent/repo/src")).unwrap();
            std::fs::create_dir_all(dir.path().join("home/.config/shardscan")).unwrap();
            let env = Env::from_pairs([("HOME", dir.path().join("home").to_str().unwrap())]);
            Fixture { dir, env }
        }

        fn path(&self, rel: &str) -> PathBuf {
            self.dir.path().join(rel)
        }

        fn write(&self, rel: &str, text: &str) {
            std::fs::write(self.path(rel), text).unwrap();
        }

        fn read(&self, args: &ConfigArgs) -> anyhow::Result<Option<ConfigFile>> {
            let repo = self.path("parent/repo");
            config_file(args, &repo.join("src"), &repo, &self.env)
        }
    }

    #[test]
    fn discovery_stops_at_the_repository_root() {
        let fixture = Fixture::new();
        fixture.write("parent/shardscan.toml", "[scan]\nfail_on = \"none\"\n");
        assert!(fixture.read(&ConfigArgs::default()).unwrap().is_none());
        fixture.write("parent/repo/shardscan.toml", "[scan]\nfail_on = \"note\"\n");
        let file = fixture.read(&ConfigArgs::default()).unwrap().unwrap();
        assert_eq!(file.config.scan.fail_on.as_deref(), Some("note"));
        assert_eq!(file.layers.len(), 1);
        assert_eq!(file.layers[0].trust, Trust::Repository);
    }

    #[test]
    fn a_repository_file_may_not_set_what_acts_on_the_scanning_machine() {
        let fixture = Fixture::new();
        fixture.write(
            "parent/repo/shardscan.toml",
            "[scan]\nfail_on = \"none\"\noutputs = [\"/tmp/x.sarif\"]\n\
             [reviewers]\nuse = [\"command\"]\n[reviewers.command]\ncommand = \"sh -c id\"\n\
             [reviewers.openai]\nbase_url = \"http://127.0.0.1:1\"\napi_key_env = \"HOME\"\n",
        );
        let error = Error::from(fixture.read(&ConfigArgs::default()).unwrap_err());
        let message = error.to_string();
        for key in [
            "reviewers.command.command",
            "reviewers.openai.api_key_env",
            "reviewers.openai.base_url",
            "reviewers.use",
            "scan.outputs",
        ] {
            assert!(message.contains(key), "{key} named: {message}");
        }
        assert!(!message.contains("scan.fail_on"), "{message}");
        assert!(message.contains("parent/repo/shardscan.toml"), "{message}");
        let hint = error.hint().unwrap();
        assert!(
            hint.contains("--config") && hint.contains("--trust-repo-config"),
            "{hint}"
        );
        // Trusted, by flag or by naming the file, it is read whole.
        let trusted = ConfigArgs {
            trust_repo_config: true,
            ..ConfigArgs::default()
        };
        let file = fixture.read(&trusted).unwrap().unwrap();
        assert_eq!(
            file.config.reviewers.use_,
            Some(vec!["command".to_string()])
        );
        let named = ConfigArgs {
            config: Some(fixture.path("parent/repo/shardscan.toml")),
            ..ConfigArgs::default()
        };
        assert_eq!(
            fixture.read(&named).unwrap().unwrap().layers[0].trust,
            Trust::Named
        );
    }

    #[test]
    fn a_repository_file_names_only_paths_inside_the_repository() {
        let fixture = Fixture::new();
        fixture.write("parent/outside.json", "{}");
        fixture.write("parent/repo/base.json", "{}");
        fixture.write(
            "parent/repo/shardscan.toml",
            "[scan]\nbaseline = \"../outside.json\"\n",
        );
        let error = fixture
            .read(&ConfigArgs::default())
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("scan.baseline") && error.contains("not inside"),
            "{error}"
        );
        // A symbolic link inside the repository that leads out of it is outside.
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(fixture.path("parent"), fixture.path("parent/repo/up"))
                .unwrap();
            fixture.write("parent/repo/shardscan.toml", "[rules]\ndirs = [\"up\"]\n");
            let error = fixture
                .read(&ConfigArgs::default())
                .unwrap_err()
                .to_string();
            assert!(error.contains("rules.dirs"), "{error}");
        }
        fixture.write(
            "parent/repo/shardscan.toml",
            "[scan]\nbaseline = \"base.json\"\n",
        );
        let file = fixture.read(&ConfigArgs::default()).unwrap().unwrap();
        assert!(file
            .config
            .scan
            .baseline
            .unwrap()
            .ends_with("repo/base.json"));
    }

    #[test]
    fn the_users_file_is_trusted_and_the_repositorys_wins_where_both_set_a_key() {
        let fixture = Fixture::new();
        fixture.write(
            "home/.config/shardscan/config.toml",
            "[scan]\nfail_on = \"warning\"\nexclude = [\"gen/**\"]\n[cache]\ndir = \"~/cache\"\n\
             [reviewers.openai]\nmodel = \"m\"\n",
        );
        fixture.write("parent/repo/shardscan.toml", "[scan]\nfail_on = \"note\"\n");
        let file = fixture.read(&ConfigArgs::default()).unwrap().unwrap();
        assert_eq!(file.config.scan.fail_on.as_deref(), Some("note"));
        assert_eq!(file.config.scan.exclude, Some(vec!["gen/**".to_string()]));
        assert_eq!(file.config.cache.dir, Some(fixture.path("home/cache")));
        assert_eq!(
            file.origin("scan.fail_on").map(|l| l.trust),
            Some(Trust::Repository)
        );
        assert_eq!(file.origin("cache.dir").map(|l| l.trust), Some(Trust::User));
        // XDG_CONFIG_HOME moves the user's file; --no-config reads neither.
        let none = ConfigArgs {
            no_config: true,
            ..ConfigArgs::default()
        };
        assert!(fixture.read(&none).unwrap().is_none());
        let moved = Env::from_pairs([("XDG_CONFIG_HOME", "/nonexistent")]);
        assert_eq!(
            user_config_path(&moved),
            Some(PathBuf::from("/nonexistent/shardscan/config.toml"))
        );
    }
}
