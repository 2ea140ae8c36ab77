//! The report formats, named in one table that the command line, the configuration file and
//! `-o FORMAT:PATH` all read.

use std::fmt;

/// A report format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Format {
    /// Compiler-style diagnostics with a code snippet.
    Text,
    /// shardscan's own JSON (versioned by `schema_version`).
    Json,
    /// SARIF 2.1.0, as GitHub code scanning accepts it.
    Sarif,
    /// GitHub Actions workflow annotations (`::error file=...::`).
    Github,
}

impl Format {
    /// Every format, with its name, the other names it answers to (a file extension), and what
    /// it is: the one table of format names.
    pub(crate) const TABLE: [(Format, &'static str, &'static [&'static str], &'static str); 4] = [
        (
            Format::Text,
            "text",
            &["txt"],
            "compiler-style diagnostics with a code snippet",
        ),
        (
            Format::Json,
            "json",
            &[],
            "shardscan's own JSON (versioned by `schema_version`)",
        ),
        (
            Format::Sarif,
            "sarif",
            &[],
            "SARIF 2.1.0, as GitHub code scanning accepts it",
        ),
        (
            Format::Github,
            "github",
            &[],
            "GitHub Actions workflow annotations",
        ),
    ];

    pub(crate) fn name(self) -> &'static str {
        Format::TABLE
            .iter()
            .find(|(format, ..)| *format == self)
            .map_or("text", |(_, name, ..)| name)
    }

    /// The format named `name` (or one of its other names), ignoring case.
    pub(crate) fn from_name(name: &str) -> Option<Format> {
        let name = name.trim().to_ascii_lowercase();
        Format::TABLE
            .iter()
            .find(|(_, own, others, _)| *own == name || others.contains(&name.as_str()))
            .map(|(format, ..)| *format)
    }

    /// The `FORMAT` and the rest of an `-o FORMAT:PATH` spec: the word before the first colon when
    /// it names a format or looks like a name (two letters or more, so that a drive letter `C:`
    /// stays part of a path). An unknown name is the caller's error to report, not a path.
    pub(crate) fn split_spec(spec: &str) -> Option<(&str, &str)> {
        let (prefix, rest) = spec.split_once(':')?;
        let word = prefix.len() > 1 && prefix.chars().all(|c| c.is_ascii_alphanumeric());
        (word || Format::from_name(prefix).is_some()).then_some((prefix, rest))
    }

    /// The names, for messages: `text, json, sarif or github`.
    pub(crate) fn names() -> String {
        let names: Vec<&str> = Format::TABLE.iter().map(|(_, name, ..)| *name).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.join(""),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_is_found_by_each_of_its_names() {
        for (format, name, others, _) in Format::TABLE {
            assert_eq!(Format::from_name(name), Some(format));
            assert_eq!(format.name(), name);
            for other in others {
                assert_eq!(Format::from_name(other), Some(format));
            }
        }
        assert_eq!(Format::from_name("SARIF"), Some(Format::Sarif));
        assert_eq!(Format::from_name("xml"), None);
        assert_eq!(Format::names(), "text, json, sarif or github");
    }

    #[test]
    fn a_spec_prefix_is_a_word_before_the_colon() {
        assert_eq!(
            Format::split_spec("sarif:a.sarif"),
            Some(("sarif", "a.sarif"))
        );
        assert_eq!(Format::split_spec("jsn:a.json"), Some(("jsn", "a.json")));
        assert_eq!(Format::split_spec("C:a.sarif"), None);
        assert_eq!(Format::split_spec("./x:a.json"), None);
        assert_eq!(Format::split_spec("a.json"), None);
    }
}
