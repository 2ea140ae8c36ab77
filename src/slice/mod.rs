//! The shard model: a file read and parsed once ([`SourceFile`]) and the independent slices of it
//! that reviewers audit ([`Shard`]).

mod line_hash;
mod parse;
mod slicer;
pub(crate) mod suppress;

use std::ops::Range;
use std::sync::{Arc, OnceLock};

use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::lang::Language;
pub(crate) use parse::parse;
pub(crate) use slicer::node_name;
pub(crate) use slicer::{slice_file, SliceOptions};

/// A source file, read and parsed once; every shard of it shares this through an `Arc`, and it is
/// freed when its last shard has been reviewed.
pub(crate) struct SourceFile {
    /// Path relative to the scan root, `/`-separated, for display.
    pub(crate) rel_path: String,
    /// Percent-encoded repository-relative URI, for SARIF.
    pub(crate) uri: String,
    pub(crate) language: Language,
    pub(crate) text: String,
    /// Where the file was read from, when it can be read again (the rules reviewer reads it
    /// again when the join across files goes into it); `None` for a text made up in memory.
    pub(crate) origin: Option<std::path::PathBuf>,
    /// The parse tree; `None` for grammar-less languages or when parsing failed.
    pub(crate) tree: Option<tree_sitter::Tree>,
    /// Why `tree` is `None` although the language has a grammar.
    pub(crate) parse_failure: Option<String>,
    /// Byte offset where each line starts; a trailing newline does not start a new line.
    line_starts: Vec<usize>,
    line_hashes: OnceLock<Vec<String>>,
    /// Work a reviewer does once for the whole file and shares among its shards.
    pub(crate) reviewer_cache: ReviewerCache,
}

/// Per-file results of reviewers, by reviewer name: the rules reviewer runs its query over the
/// whole tree once and hands each shard the matches in its range, rather than walking the tree
/// again from the root for every shard.
#[derive(Default)]
pub(crate) struct ReviewerCache {
    slots: std::sync::Mutex<Vec<(&'static str, Arc<dyn std::any::Any + Send + Sync>)>>,
}

impl ReviewerCache {
    /// The value stored under `key`, computing it with `make` the first time. The lock is not
    /// held while `make` runs: it may use the worker pool, and a worker waiting there can run
    /// another shard of this file, which must not wait for a lock its own thread holds. The
    /// pipeline fills the cache before a file's shards are handed out
    /// ([`crate::review::Reviewer::prepare`]), so shards computing it at once is rare (a
    /// computation that panicked); the first value stored is the one every shard gets.
    pub(crate) fn get_or_insert_with<T: Send + Sync + 'static>(
        &self,
        key: &'static str,
        make: impl FnOnce() -> T,
    ) -> Arc<T> {
        let stored = |slots: &Vec<(&'static str, Arc<dyn std::any::Any + Send + Sync>)>| {
            slots
                .iter()
                .find(|(k, _)| *k == key)
                .and_then(|(_, value)| Arc::clone(value).downcast::<T>().ok())
        };
        if let Some(value) = stored(&self.slots.lock().unwrap_or_else(|e| e.into_inner())) {
            return value;
        }
        let value = Arc::new(make());
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(first) = stored(&slots) {
            return first;
        }
        slots.retain(|(k, _)| *k != key);
        slots.push((
            key,
            Arc::clone(&value) as Arc<dyn std::any::Any + Send + Sync>,
        ));
        value
    }
}

impl SourceFile {
    pub(crate) fn new(
        rel_path: String,
        uri: String,
        language: Language,
        text: String,
    ) -> SourceFile {
        let mut line_starts = vec![0];
        line_starts.extend(
            line_breaks(&text)
                .map(|i| i + 1)
                .filter(|&start| start < text.len()),
        );
        if text.is_empty() {
            line_starts.clear();
        }
        SourceFile {
            rel_path,
            uri,
            language,
            text,
            origin: None,
            tree: None,
            parse_failure: None,
            line_starts,
            line_hashes: OnceLock::new(),
            reviewer_cache: ReviewerCache::default(),
        }
    }

    /// Number of lines (a trailing newline does not add one; an empty file has none).
    pub(crate) fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// 1-based line holding byte `offset`.
    pub(crate) fn line_of_byte(&self, offset: usize) -> usize {
        self.line_starts
            .partition_point(|&start| start <= offset)
            .max(1)
    }

    /// Byte offset where line `line` (1-based) starts.
    pub(crate) fn line_start(&self, line: usize) -> usize {
        self.line_starts
            .get(line.saturating_sub(1))
            .copied()
            .unwrap_or(self.text.len())
    }

    /// 1-based lines of the bytes `range`; an empty range is on the line of its start, and a range
    /// ending just after a line break does not reach the next line.
    pub(crate) fn lines_of(&self, range: &Range<usize>) -> (usize, usize) {
        let first = self.line_of_byte(range.start);
        let last = if range.end > range.start {
            self.line_of_byte(range.end - 1)
        } else {
            first
        };
        (first, last.max(first))
    }

    /// Byte range of lines `first..=last` (1-based), newline of the last one included.
    pub(crate) fn byte_range_of_lines(&self, first: usize, last: usize) -> Range<usize> {
        let start = self
            .line_starts
            .get(first.saturating_sub(1))
            .copied()
            .unwrap_or(self.text.len());
        let end = self
            .line_starts
            .get(last)
            .copied()
            .unwrap_or(self.text.len());
        start..end
    }

    /// Text of line `line` (1-based) without its line terminator.
    pub(crate) fn line_text(&self, line: usize) -> &str {
        let range = self.byte_range_of_lines(line, line);
        self.text[range].trim_end_matches(['\n', '\r'])
    }

    /// 1-based SARIF column (UTF-16 code units, as SARIF's default `columnKind`) of byte column
    /// `byte_column` (0-based) on `line`.
    pub(crate) fn utf16_column(&self, line: usize, byte_column: usize) -> usize {
        let text = self.line_text(line);
        let mut cut = byte_column.min(text.len());
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text[..cut].encode_utf16().count() + 1
    }

    /// GitHub's `primaryLocationLineHash` of `line`, computed once per file on first use.
    pub(crate) fn line_hash(&self, line: usize) -> String {
        let hashes = self
            .line_hashes
            .get_or_init(|| line_hash::line_hashes(&self.text));
        hashes
            .get(line.saturating_sub(1))
            .cloned()
            .unwrap_or_default()
    }
}

/// Offsets of the last byte of every line break: `\n`, `\r\n` (its `\n`) and a lone `\r`, as
/// SARIF viewers and GitHub count lines.
fn line_breaks(text: &str) -> impl Iterator<Item = usize> + '_ {
    let bytes = text.as_bytes();
    bytes.iter().enumerate().filter_map(move |(i, b)| match b {
        b'\n' => Some(i),
        b'\r' if bytes.get(i + 1) != Some(&b'\n') => Some(i),
        _ => None,
    })
}

/// How a shard's primary region was cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum ShardKind {
    /// One or more whole definitions (and the lines between them).
    Definitions,
    /// Statements or members of a definition too big for one shard.
    Members,
    /// A window of lines: no grammar, no parse, or a node that cannot be split further.
    Lines,
}

/// The small header that makes a shard readable on its own.
#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct ContextHeader {
    /// Imports and includes of the file (shared by all its shards).
    pub(crate) imports: Arc<[String]>,
    /// Signatures of the enclosing definitions, outermost first.
    pub(crate) enclosing: Vec<String>,
    /// Signatures of sibling definitions outside this shard.
    pub(crate) siblings: Vec<String>,
}

/// An independent slice of a file: the unit of work of a reviewer.
pub(crate) struct Shard {
    /// Stable id: hash of path, byte range and content.
    pub(crate) id: String,
    pub(crate) file: Arc<SourceFile>,
    pub(crate) kind: ShardKind,
    /// Primary region: every line of a file is in exactly one shard's primary region.
    pub(crate) byte_range: Range<usize>,
    pub(crate) start_line: usize,
    pub(crate) end_line: usize,
    /// Lines before the primary region repeated for context when a definition was split.
    pub(crate) overlap: Option<(usize, usize)>,
    /// Names of the definitions in the shard.
    pub(crate) symbols: Vec<String>,
    pub(crate) context: ContextHeader,
    /// Estimated tokens of the primary text plus header (bytes / 4, an overestimate for code).
    pub(crate) tokens: usize,
}

impl Shard {
    pub(crate) fn text(&self) -> &str {
        &self.file.text[self.byte_range.clone()]
    }

    pub(crate) fn language(&self) -> Language {
        self.file.language
    }

    /// The context header as a reviewer reads it, in the file's own comment syntax. Imports the
    /// shard itself holds (the first shard of a file usually does) are not repeated.
    pub(crate) fn header_text(&self) -> String {
        let comment = self
            .language()
            .spec()
            .line_comments
            .first()
            .copied()
            .unwrap_or("//");
        let mut out = format!("{comment} file: {}\n", self.file.rel_path);
        let own = self.text();
        for import in self.context.imports.iter() {
            if own.contains(import.as_str()) {
                continue;
            }
            out.push_str(import);
            out.push('\n');
        }
        for (depth, signature) in self.context.enclosing.iter().enumerate() {
            out.push_str(&format!(
                "{comment} in {}{}\n",
                "  ".repeat(depth),
                signature
            ));
        }
        if let Some((first, last)) = self.overlap {
            // No line numbers here: the shard's prompt, and its cache key, must not change when
            // the code only moves.
            out.push_str(&format!(
                "{comment} context, the {} lines before (reviewed in the shard before):\n",
                last + 1 - first
            ));
            for line in first..=last {
                out.push_str(self.file.line_text(line));
                out.push('\n');
            }
        }
        if !self.context.siblings.is_empty() {
            out.push_str(&format!("{comment} siblings:\n"));
            for sibling in self.context.siblings.iter() {
                out.push_str(&format!("{comment}   {sibling}\n"));
            }
        }
        out
    }
}

/// Stable shard id: the first 16 hex digits of SHA-256 over path, byte range and content.
pub(crate) fn shard_id(rel_path: &str, range: &Range<usize>, content: &str) -> String {
    let mut hasher = Sha256::new();
    hasher.update(rel_path.as_bytes());
    hasher.update([0]);
    hasher.update(format!("{}-{}", range.start, range.end).as_bytes());
    hasher.update([0]);
    hasher.update(content.as_bytes());
    let digest = hasher.finalize();
    digest[..8].iter().map(|b| format!("{b:02x}")).collect()
}

/// Estimated tokens of `text` as the BPE tokenizer of a code model cuts it, counted in quarter
/// tokens: a whole identifier or keyword is usually one token (with its leading space), up to ten
/// letters; a number is one token per digit (line numbers are a quarter of a prompt's tokens);
/// punctuation merges with its neighbours and the line break (`);\n`) to about three quarters a
/// mark; a run of indentation is one. Fitted against Qwen2.5-Coder's real tokenizer on 42 corpus
/// files numbered as prompts are, checked on 56 others: real / estimate 0.98 (0.88-1.13), where
/// bytes / 4 came in 27% under (1.27).
pub(crate) fn estimate_text_tokens(text: &str) -> usize {
    let mut quarters = 0;
    let mut word = 0usize;
    let mut digits_only = true;
    let mut ascii = true;
    let mut data = true;
    let mut spaces = 0usize;
    let end_word = |word: &mut usize,
                    digits_only: &mut bool,
                    ascii: &mut bool,
                    data: &mut bool,
                    quarters: &mut usize| {
        if *word > 0 {
            *quarters += if *digits_only || !*ascii {
                // Digits, and letters outside ASCII (CJK, accents), are about a token each.
                4 * *word
            } else if *word > LONG_WORD && *data {
                // Hex, base64 and other long runs are not words a vocabulary holds.
                4 * word.div_ceil(3)
            } else {
                4 * word.div_ceil(WORD_PIECE)
            };
        }
        *word = 0;
        *digits_only = true;
        *ascii = true;
        *data = true;
    };
    for ch in text.chars() {
        if ch.is_alphanumeric() || ch == '_' {
            if spaces > 1 {
                quarters += 4;
            }
            spaces = 0;
            word += 1;
            digits_only &= ch.is_ascii_digit();
            ascii &= ch.is_ascii();
            // A name has underscores or no digits; hex and base64 have digits and none.
            data &= ch != '_';
            continue;
        }
        end_word(
            &mut word,
            &mut digits_only,
            &mut ascii,
            &mut data,
            &mut quarters,
        );
        if ch == ' ' || ch == '\t' {
            spaces += 1;
            continue;
        }
        if spaces > 1 {
            quarters += 4;
        }
        spaces = 0;
        if ch != '\n' && ch != '\r' {
            quarters += 3;
        }
    }
    end_word(
        &mut word,
        &mut digits_only,
        &mut ascii,
        &mut data,
        &mut quarters,
    );
    if spaces > 1 {
        quarters += 4;
    }
    quarters.div_ceil(4)
}

/// Letters of an identifier a code model's tokenizer keeps in one token, about.
const WORD_PIECE: usize = 10;
/// Past this many letters, with no underscore, a run is data (hex, base64), cut about every
/// three.
const LONG_WORD: usize = 24;

/// Estimated tokens of `bytes` bytes of code.
pub(crate) fn estimate_tokens(bytes: usize) -> usize {
    bytes.div_ceil(4)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> SourceFile {
        SourceFile::new("x.py".into(), "x.py".into(), Language::Python, text.into())
    }

    #[test]
    fn line_geometry() {
        let f = file("ab\ncd\n\nef");
        assert_eq!(f.line_count(), 4);
        assert_eq!(f.line_of_byte(0), 1);
        assert_eq!(f.line_of_byte(3), 2);
        assert_eq!(f.line_of_byte(6), 3);
        assert_eq!(f.line_of_byte(7), 4);
        assert_eq!(f.byte_range_of_lines(2, 3), 3..7);
        assert_eq!(f.line_text(4), "ef");
        assert_eq!(file("a\n").line_count(), 1);
        assert_eq!(file("").line_count(), 0);
        assert_eq!(file("\n\n").line_count(), 2);
        // CR-only and CRLF line ends count as GitHub and SARIF viewers count them.
        let f = file("a\rb\r\nc\rd");
        assert_eq!(f.line_count(), 4);
        assert_eq!((f.line_text(2), f.line_text(3)), ("b", "c"));
        assert_eq!(f.lines_of(&(2..6)), (2, 3));
    }

    #[test]
    fn token_estimates_count_as_a_code_tokenizer_does() {
        for (text, tokens) in [
            // Each word a token; `(`, `)` and `;` three quarters each.
            ("return run(x);", 6),
            // A line number is a token per digit.
            ("1234|", 5),
            // Indentation is one token, a long identifier two.
            ("        a_very_long_identifier_name", 4),
            // Data and other scripts: about a token per three characters, and per character.
            (
                "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
                22,
            ),
            ("数据库", 3),
            ("", 0),
        ] {
            assert_eq!(estimate_text_tokens(text), tokens, "{text:?}");
        }
    }

    #[test]
    fn utf16_columns() {
        let f = file("é𝄞x = 1\n");
        // é is 2 bytes / 1 unit, 𝄞 is 4 bytes / 2 units.
        assert_eq!(f.utf16_column(1, 6), 4);
        assert_eq!(f.utf16_column(1, 0), 1);
        assert_eq!(f.utf16_column(1, 99), 9);
    }
}
