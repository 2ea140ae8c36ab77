//! The merge of the command line with the configuration file, one setting at a time, recording
//! where each value came from.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::config::ConfigFile;

/// Where a setting's value came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Source {
    /// A flag on the command line.
    Flag,
    /// A configuration file.
    File(PathBuf),
}

/// The source of every setting that did not keep its default, by its key in the configuration
/// file (`scan.fail_on`).
pub(crate) type Origins = BTreeMap<String, Source>;

/// Merges the command line with the configuration file, recording where each value came from.
pub(crate) struct Resolver<'a> {
    file: Option<&'a ConfigFile>,
    origins: Origins,
}

impl<'a> Resolver<'a> {
    pub(crate) fn new(file: Option<&'a ConfigFile>) -> Resolver<'a> {
        Resolver {
            file,
            origins: Origins::new(),
        }
    }

    pub(crate) fn file(&self) -> Option<&'a ConfigFile> {
        self.file
    }

    fn note(&mut self, key: impl Into<String>, source: Source) {
        self.origins.insert(key.into(), source);
    }

    pub(super) fn note_flag(&mut self, key: impl Into<String>) {
        self.note(key, Source::Flag);
    }

    pub(super) fn note_file(&mut self, key: impl Into<String>) {
        let key = key.into();
        let origin = self
            .file
            .and_then(|file| file.origin(&key).or(file.layers.last()));
        if let Some(layer) = origin {
            let source = Source::File(layer.path.clone());
            self.note(key, source);
        }
    }

    /// The flag's value, else the file's.
    pub(crate) fn value<T>(
        &mut self,
        key: impl Into<String>,
        flag: Option<T>,
        file: Option<T>,
    ) -> Option<T> {
        match (flag, file) {
            (Some(value), _) => {
                self.note_flag(key);
                Some(value)
            }
            (None, Some(value)) => {
                self.note_file(key);
                Some(value)
            }
            (None, None) => None,
        }
    }

    /// A list: the command line's replaces the file's.
    pub(crate) fn list(
        &mut self,
        key: impl Into<String>,
        flag: &[String],
        file: Option<&Vec<String>>,
    ) -> Vec<String> {
        if !flag.is_empty() {
            self.note_flag(key);
            return flag.to_vec();
        }
        match file {
            Some(list) => {
                self.note_file(key);
                list.clone()
            }
            None => Vec::new(),
        }
    }

    /// An on/off switch that is off by default: on when the flag is given or the file says so.
    pub(crate) fn switch(
        &mut self,
        key: impl Into<String>,
        flag: bool,
        file: Option<bool>,
    ) -> bool {
        if flag {
            self.note_flag(key);
            return true;
        }
        if file == Some(true) {
            self.note_file(key);
            return true;
        }
        false
    }

    /// How a message names a setting: its flag when the command line gave it, its key and file
    /// when a configuration file did (`` `pool.jobs` in `/repo/shardscan.toml` ``).
    pub(crate) fn name(&self, key: &str, flag: &str) -> String {
        match self.origins.get(key) {
            Some(Source::File(path)) => format!("`{key}` in `{}`", path.display()),
            _ => flag.to_string(),
        }
    }

    /// An error naming the file, the key and its value.
    pub(super) fn invalid(&self, key: &str, value: &str, expected: &str) -> anyhow::Error {
        match self.file {
            Some(file) => file.invalid(key, value, expected),
            None => anyhow::anyhow!("invalid `{key} = \"{value}\"` (expected {expected})"),
        }
    }

    pub(crate) fn into_origins(self) -> Origins {
        self.origins
    }
}
