//! Parsers for the values settings take: sizes, durations, partitions, report destinations,
//! command lines, and the list prices of known models.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Context};

use crate::model::Format;

/// Parses `10M`, `512k`, `2G` or a plain byte count.
pub(crate) fn parse_size(text: &str) -> anyhow::Result<u64> {
    let text = text.trim();
    let (number, multiplier) = match text.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let multiplier = match c.to_ascii_uppercase() {
                'K' => 1 << 10,
                'M' => 1 << 20,
                'G' => 1 << 30,
                'B' => 1,
                _ => bail!(
                    "invalid size `{text}` (expected a number with an optional K, M or G suffix)"
                ),
            };
            (&text[..i], multiplier)
        }
        _ => (text, 1),
    };
    let number: f64 = number.trim().parse().with_context(|| {
        format!("invalid size `{text}` (expected a number with an optional K, M or G suffix)")
    })?;
    if number < 0.0 {
        bail!("invalid size `{text}`: must not be negative");
    }
    Ok((number * multiplier as f64) as u64)
}

/// `2/4`: partition 2 of 4, with at most [`MAX_PARTITIONS`] partitions.
pub(crate) fn parse_partition(text: &str) -> anyhow::Result<(usize, usize)> {
    use crate::scope::partition::MAX_PARTITIONS;
    let invalid = || {
        anyhow::anyhow!(
            "invalid --partition `{text}` (expected I/N, e.g. 2/4, with 1 <= I <= N <= {MAX_PARTITIONS})"
        )
    };
    let (i, n) = text.split_once('/').ok_or_else(invalid)?;
    let i: usize = i.trim().parse().map_err(|_| invalid())?;
    let n: usize = n.trim().parse().map_err(|_| invalid())?;
    if n > MAX_PARTITIONS {
        bail!(
            "invalid --partition `{text}`: at most {MAX_PARTITIONS} partitions (expected I/N with \
             1 <= I <= N <= {MAX_PARTITIONS})"
        );
    }
    if i == 0 || n == 0 || i > n {
        return Err(invalid());
    }
    Ok((i, n))
}

/// `90`, `90s`, `1500ms`, `5m`, `1h`, `1h30m`.
pub(crate) fn parse_duration(text: &str) -> anyhow::Result<Duration> {
    let invalid =
        || anyhow::anyhow!("invalid duration `{text}` (expected e.g. 90s, 1500ms, 5m, 1h30m)");
    let text = text.trim();
    if let Ok(seconds) = text.parse::<f64>() {
        if seconds >= 0.0 && seconds.is_finite() {
            return Ok(Duration::from_secs_f64(seconds));
        }
        return Err(invalid());
    }
    let mut total = 0.0;
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .ok_or_else(invalid)?;
        if digits == 0 {
            return Err(invalid());
        }
        let number: f64 = rest[..digits].parse().map_err(|_| invalid())?;
        rest = &rest[digits..];
        let unit_len = rest
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(rest.len());
        let factor = match &rest[..unit_len] {
            "ms" => 0.001,
            "s" => 1.0,
            "m" | "min" => 60.0,
            "h" => 3600.0,
            _ => return Err(invalid()),
        };
        total += number * factor;
        rest = &rest[unit_len..];
    }
    Ok(Duration::from_secs_f64(total))
}

/// List prices (US dollars per million input and output tokens) of a few common models, for
/// `--max-cost` and `--estimate` when no price is given.
pub(crate) fn known_price(model: &str) -> Option<(f64, f64)> {
    let table: [(&str, f64, f64); 8] = [
        ("gpt-4o-mini", 0.15, 0.60),
        ("gpt-4o", 2.50, 10.0),
        ("gpt-4.1-mini", 0.40, 1.60),
        ("gpt-4.1", 2.0, 8.0),
        ("claude-haiku-4-5", 1.0, 5.0),
        ("claude-3-5-haiku", 0.80, 4.0),
        ("claude-sonnet-4", 3.0, 15.0),
        ("claude-opus-4", 15.0, 75.0),
    ];
    table
        .iter()
        .find(|(prefix, _, _)| model.starts_with(prefix))
        .map(|(_, input, output)| (*input, *output))
}

/// Splits a command line on whitespace, honouring single and double quotes.
pub(crate) fn split_command(text: &str) -> anyhow::Result<Vec<String>> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        bail!("unclosed quote in `--command {text}`");
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// One report destination.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OutputTarget {
    pub(crate) format: Format,
    /// `None` is standard output.
    pub(crate) path: Option<PathBuf>,
}

/// `out.sarif`, `report.json`, `github:annotations.txt`, `text:-`.
///
/// A prefix before `:` that looks like a format name (a word of two letters or more, so that a
/// drive letter is still a path) must be one: `jsn:out.json` is an unknown format, not a file
/// named `jsn:out.json`. A file whose name holds a colon is written as `./report:v1.json`.
pub(crate) fn parse_output(spec: &str) -> anyhow::Result<OutputTarget> {
    if let Some((prefix, path)) = Format::split_spec(spec) {
        if let Some(format) = Format::from_name(prefix) {
            if path.is_empty() {
                bail!(
                    "output `{spec}` names no file\nhint: name one, as in `{prefix}:{}`, or \
                     `{prefix}:-` for standard output",
                    example_file(format)
                );
            }
            let path = (path != "-").then(|| PathBuf::from(path));
            return Ok(OutputTarget { format, path });
        }
        let file = if path.is_empty() { "report" } else { path };
        // `./jsn:out.json` is a file of that name; offered only where its extension tells
        // the format, so that it parses as suggested.
        let as_file = format!("./{spec}");
        let or_file = if parse_output(&as_file).is_ok() {
            format!(", or `{as_file}` for a file of that name")
        } else {
            String::new()
        };
        bail!(
            "unknown report format `{prefix}` in output `{spec}` (the formats are {})\nhint: \
             write FORMAT:PATH with one of them, as in `{}:{file}`{or_file}",
            Format::names(),
            guess_format(prefix, path).name()
        );
    }
    let path = PathBuf::from(spec);
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    let format = Format::from_name(&extension).with_context(|| {
        let prefixed: Vec<String> = Format::TABLE
            .iter()
            .map(|(_, name, ..)| format!("`{name}:{spec}`"))
            .collect();
        format!(
            "cannot tell the format of output `{spec}` from its extension (the formats are {})\n\
             hint: name it, as in {}",
            Format::names(),
            prefixed.join(", ")
        )
    })?;
    Ok(OutputTarget {
        format,
        path: Some(path),
    })
}

/// A file name for `format`'s example, with the extension that alone would select it.
fn example_file(format: Format) -> &'static str {
    match format {
        Format::Text => "report.txt",
        Format::Json => "report.json",
        Format::Sarif => "report.sarif",
        Format::Github => "annotations.txt",
    }
}

/// The format a mistyped prefix most likely meant: the one its path's extension names, else the
/// one sharing the most leading letters with it, else SARIF.
fn guess_format(prefix: &str, path: &str) -> Format {
    let by_extension = std::path::Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .and_then(Format::from_name);
    let prefix = prefix.to_ascii_lowercase();
    let shared = |name: &str| {
        name.chars()
            .zip(prefix.chars())
            .take_while(|(a, b)| a == b)
            .count()
    };
    by_extension.unwrap_or_else(|| {
        Format::TABLE
            .iter()
            .map(|(format, name, ..)| (shared(name), *format))
            .filter(|(n, _)| *n > 0)
            .max_by_key(|(n, _)| *n)
            .map_or(Format::Sarif, |(_, format)| format)
    })
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("1M").unwrap(), 1 << 20);
        assert_eq!(parse_size("512k").unwrap(), 512 << 10);
        assert_eq!(parse_size("1000").unwrap(), 1000);
        assert!(parse_size("12X").is_err());
        assert!(parse_size("lots").is_err());
    }

    #[test]
    fn outputs() {
        assert_eq!(parse_output("out.sarif").unwrap().format, Format::Sarif);
        assert_eq!(parse_output("github:a.txt").unwrap().format, Format::Github);
        assert_eq!(parse_output("json:-").unwrap().path, None);
        let err = parse_output("out.xml").unwrap_err().to_string();
        assert!(err.contains("out.xml"), "{err}");
        // A Windows-looking path with a drive letter is not a format prefix.
        assert!(parse_output("C:out.sarif").is_ok());
        // A colon in a file name, written as the hint says.
        let target = parse_output("./report:v1.json").unwrap();
        assert_eq!(target.format, Format::Json);
        assert_eq!(target.path.as_deref(), Some(Path::new("./report:v1.json")));
    }

    /// The spellings in backticks on an error's `hint:` line.
    fn suggestions(error: &str) -> Vec<String> {
        let hint = error.split_once("\nhint: ").map_or("", |(_, hint)| hint);
        hint.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn output_errors_suggest_only_spellings_that_parse() {
        for (spec, says, first) in [
            (
                "jsn:out.json",
                "unknown report format `jsn`",
                "json:out.json",
            ),
            ("sarf:x", "unknown report format `sarf`", "sarif:x"),
            ("txt2:a.b", "unknown report format `txt2`", "text:a.b"),
            ("html:", "unknown report format `html`", "sarif:report"),
            ("out.xml", "cannot tell the format", "text:out.xml"),
            ("-", "cannot tell the format", "text:-"),
            ("sarif:", "names no file", "sarif:report.sarif"),
            ("github:", "names no file", "github:annotations.txt"),
        ] {
            let error = parse_output(spec).unwrap_err().to_string();
            assert!(error.contains(says), "{spec}: {error}");
            if !says.contains("names no file") {
                assert!(
                    error.contains("text, json, sarif or github"),
                    "{spec}: {error}"
                );
            }
            let suggested = suggestions(&error);
            assert_eq!(
                suggested.first().map(String::as_str),
                Some(first),
                "{error}"
            );
            for suggestion in &suggested {
                assert!(
                    parse_output(suggestion).is_ok(),
                    "{spec}: the hint suggests `{suggestion}`, which does not parse: {error}"
                );
            }
        }
    }
}
