//! GitHub-compatible `primaryLocationLineHash` fingerprints.
//!
//! This module owns the computation of the `partialFingerprints.primaryLocationLineHash`
//! value that shardscan writes into every SARIF result. GitHub code scanning uses that
//! fingerprint to recognise "the same alert" across uploads; when a SARIF file arrives
//! without it, `github/codeql-action` (`src/fingerprints.ts`, function `hash`) fills it
//! in. If shardscan's value differed from what codeql-action would compute for the
//! same file, alerts would be duplicated or closed and re-opened between runs, so this
//! is a bit-for-bit port and is pinned by codeql-action's own test vectors (see
//! `tests` below). Do not "improve" anything here: every quirk is load-bearing.
//!
//! # The algorithm
//!
//! 1. The file is read as a sequence of **UTF-16 code units** (JavaScript's
//!    `charCodeAt`), so a character outside the Basic Multilingual Plane contributes
//!    its two surrogate halves.
//! 2. Spaces (U+0020) and tabs (U+0009) are dropped entirely. `\r` is read as `\n`, and
//!    a `\n` *directly* after a `\r` is dropped, so `\r\n`, `\r` and `\n` are all one
//!    line break. (A space or tab between `\r` and `\n` breaks that pairing, giving two
//!    line breaks — exactly as `split(/\r\n|\r|\n/)` would count them.)
//! 3. A sentinel unit `65535` is appended to mark end of file, followed by zeros.
//! 4. The hash of a line is the polynomial hash, base 37, wrapping in 64 bits, of the
//!    100 units of that normalised stream that start at the line's first unit (the
//!    stream is zero-padded past the sentinel). It is computed with a rolling hash.
//! 5. The hash is printed as lowercase hexadecimal **without** zero padding
//!    (`Long.toUnsigned().toString(16)`), followed by `:N`, where `N` is the number of
//!    lines so far (this one included) whose hex string is the same. Identical lines
//!    that are followed by identical content therefore get `:1`, `:2`, …
//!
//! Because the block runs on past the end of a short line, a line's hash also depends
//! on the lines after it (up to 100 non-blank units in all).
//!
//! # Which lines get a hash
//!
//! A line starts at the first *kept* unit after a line break (or at the start of the
//! file). Because the end-of-file sentinel is itself a kept unit, every line gets a
//! start — even an empty one, or one made only of blanks — so the number of hashes is
//! always "number of line breaks + 1". In particular a file that ends with a line
//! break gets one extra, final entry for the empty "line" after it (always
//! `c129715d7a2bc9a3:1`, which is also the hash of the empty file). A SARIF result
//! never points at that line in practice, but keeping it makes the output identical to
//! codeql-action's and lets callers index the vector by `line - 1` for every line.
//!
//! # Input encoding
//!
//! codeql-action decodes the file with Node's `utf8` decoder, which keeps a leading
//! byte-order mark (it is hashed as U+FEFF) and replaces invalid sequences with U+FFFD
//! exactly as [`String::from_utf8_lossy`] does (checked against Node 20). Callers
//! should therefore pass the whole file text, BOM included, decoded with
//! `from_utf8_lossy` rather than skipping non-UTF-8 files.

use std::collections::HashMap;

/// Number of normalised code units covered by each line's hash.
const BLOCK_SIZE: usize = 100;

/// Base of the polynomial hash.
const BASE: u64 = 37;

/// Unit fed after the last character of the file. JavaScript's `Long.fromInt(65535)`;
/// it cannot be confused with a real character except U+FFFF, a noncharacter.
const EOF_UNIT: u16 = 0xFFFF;

const TAB: u16 = b'\t' as u16;
const SPACE: u16 = b' ' as u16;
const LF: u16 = b'\n' as u16;
const CR: u16 = b'\r' as u16;

/// Returns the GitHub `primaryLocationLineHash` of every line of `text`; element `i` is line `i + 1`.
///
/// The vector has one entry per line break in `text` plus one, so a text that ends
/// with a line break has a final entry for the empty line after it, and `""` yields
/// one entry. See the module documentation for the exact rules.
#[must_use]
pub(crate) fn line_hashes(text: &str) -> Vec<String> {
    let mut hasher = LineHasher::new();
    let mut normaliser = Normaliser::default();
    for unit in text.encode_utf16() {
        if let Some(kept) = normaliser.normalise(unit) {
            hasher.push(kept);
        }
    }
    hasher.finish()
}

/// Turns raw UTF-16 code units into the unit stream that is hashed: drops blanks,
/// reads `\r` as `\n` and swallows the `\n` of a `\r\n` pair.
#[derive(Default)]
struct Normaliser {
    /// Whether the previous *raw* unit was `\r`. Reset by every unit, including the
    /// blanks that are dropped, which is why `"\r \n"` counts as two line breaks.
    prev_cr: bool,
}

impl Normaliser {
    fn normalise(&mut self, unit: u16) -> Option<u16> {
        // Every raw unit updates `prev_cr`, dropped blanks included, so only a `\n`
        // that comes *immediately* after a `\r` is swallowed.
        let after_cr = std::mem::replace(&mut self.prev_cr, unit == CR);
        match unit {
            SPACE | TAB => None,
            LF if after_cr => None,
            CR => Some(LF),
            other => Some(other),
        }
    }
}

/// Rolling hash over a window of the last [`BLOCK_SIZE`] normalised units.
///
/// A line's hash needs the 100 units *starting* at the line, so it is only known once
/// 100 more units have been pushed. The window therefore also remembers which of its
/// slots began a line; when a slot is about to be overwritten, the hash at that moment
/// covers exactly the 100 units starting at that slot, and is emitted. Lines start in
/// order, so hashes are emitted in line order and the output vector is the line index.
struct LineHasher {
    /// The last `BLOCK_SIZE` units pushed (zeros before anything is pushed).
    window: [u16; BLOCK_SIZE],
    /// `line_start[i]` is true when `window[i]` was the first unit of a line whose
    /// hash has not been emitted yet.
    line_start: [bool; BLOCK_SIZE],
    /// Slot that the next unit goes into (the oldest unit in the window).
    next: usize,
    /// Polynomial hash of `window`, oldest unit having the highest power.
    hash: u64,
    /// `BASE^BLOCK_SIZE` (wrapping): the weight the oldest unit reaches when it leaves.
    leaving_weight: u64,
    /// Whether the next normalised unit begins a new line.
    at_line_start: bool,
    /// How many times each hash value has been emitted, for the `:N` suffix.
    seen: HashMap<u64, u32>,
    /// Emitted fingerprints, in line order.
    out: Vec<String>,
}

impl LineHasher {
    fn new() -> Self {
        Self {
            window: [0; BLOCK_SIZE],
            line_start: [false; BLOCK_SIZE],
            next: 0,
            hash: 0,
            leaving_weight: (0..BLOCK_SIZE).fold(1u64, |acc, _| acc.wrapping_mul(BASE)),
            at_line_start: true,
            seen: HashMap::new(),
            out: Vec::new(),
        }
    }

    /// Feeds one normalised unit of the file.
    fn push(&mut self, unit: u16) {
        self.emit_if_line_start();
        if self.at_line_start {
            self.at_line_start = false;
            self.line_start[self.next] = true;
        }
        if unit == LF {
            self.at_line_start = true;
        }
        self.roll(unit);
    }

    /// Feeds the end-of-file marker and the zero padding, returning every line's hash.
    fn finish(mut self) -> Vec<String> {
        // The sentinel goes through the normal path so that it starts a line when the
        // file is empty or ends with a line break: that line gets a hash too.
        self.push(EOF_UNIT);
        // Pad with zeros until every slot has been overwritten once more, flushing the
        // lines whose 100-unit block runs past the end of the file.
        for _ in 0..BLOCK_SIZE {
            self.emit_if_line_start();
            self.roll(0);
        }
        self.out
    }

    /// Before the oldest slot is overwritten: if it began a line, the current hash
    /// covers exactly that line's 100-unit block, so emit it.
    fn emit_if_line_start(&mut self) {
        if !std::mem::take(&mut self.line_start[self.next]) {
            return;
        }
        let count = self.seen.entry(self.hash).or_insert(0);
        *count += 1;
        // `{:x}` is lowercase and unpadded, like JavaScript's `toString(16)`; the
        // unsigned reading matches `Long.toUnsigned()`.
        self.out.push(format!("{:x}:{}", self.hash, count));
    }

    /// Shifts `unit` into the window, dropping the oldest unit from the hash.
    ///
    /// Two's-complement wrapping arithmetic on `u64` gives the same bits as the
    /// signed 64-bit `Long` arithmetic used by codeql-action.
    fn roll(&mut self, unit: u16) {
        let leaving = std::mem::replace(&mut self.window[self.next], unit);
        self.hash = self
            .hash
            .wrapping_mul(BASE)
            .wrapping_add(u64::from(unit))
            .wrapping_sub(self.leaving_weight.wrapping_mul(u64::from(leaving)));
        self.next = (self.next + 1) % BLOCK_SIZE;
    }
}

#[cfg(test)]
mod tests {
    use super::line_hashes;

    /// Hash of a line whose 100-unit block is just the end-of-file marker and zeros:
    /// the empty file, and the empty last line after a trailing line break.
    const EOF_LINE: &str = "c129715d7a2bc9a3:1";

    /// Expected result shared by codeql-action's newline-variant vectors.
    const NORMALISED_NEWLINES: [&str; 7] = [
        "e9496ae3ebfced30:1",
        "fb7c023a8b9ccb3f:1",
        "ce8ba1a563dcdaca:1",
        "e20e36e16fcb0cc8:1",
        "b3edc88f2938467e:1",
        "c8e28b0b4002a3a0:1",
        EOF_LINE,
    ];

    /// Checks the whole vector, and that its length is what codeql-action's test
    /// asserts: `input.split(/\r\n|\r|\n/).length`.
    fn check(input: &str, expected: &[&str]) {
        let got = line_hashes(input);
        assert_eq!(got, expected, "hashes of {input:?}");
        assert_eq!(got.len(), js_line_count(input), "line count of {input:?}");
    }

    /// `input.split(/\r\n|\r|\n/).length` in JavaScript.
    fn js_line_count(input: &str) -> usize {
        let mut breaks = 0;
        let mut chars = input.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\r' => {
                    chars.next_if_eq(&'\n');
                    breaks += 1;
                }
                '\n' => breaks += 1,
                _ => {}
            }
        }
        breaks + 1
    }

    /// Every string vector of `testHash` in codeql-action's `src/fingerprints.test.ts`.
    #[test]
    fn codeql_action_vectors() {
        let lorem = "Lorem ipsum dolor sit amet.\n".repeat(10);
        let cases: Vec<(&str, Vec<&str>)> = vec![
            // Empty file.
            ("", vec![EOF_LINE]),
            // Various combinations of newline characters.
            (
                " a\nb\n  \t\tc\n d",
                vec![
                    "271789c17abda88f:1",
                    "54703d4cd895b18:1",
                    "180aee12dab6264:1",
                    "a23a3dc5e078b07b:1",
                ],
            ),
            (
                " hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End",
                vec![
                    "8b7cf3e952e7aeb2:1",
                    "b1ae1287ec4718d9:1",
                    "bff680108adb0fcc:1",
                    "c6805c5e1288b612:1",
                    "b86d3392aea1be30:1",
                    "e6ceba753e1a442:1",
                ],
            ),
            (
                " hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End\n",
                NORMALISED_NEWLINES.to_vec(),
            ),
            // CR only.
            (
                " hello; \t\nworld!!!\r\r\r  \t\tGreetings\r End\r",
                NORMALISED_NEWLINES.to_vec(),
            ),
            // CRLF.
            (
                " hello; \t\r\nworld!!!\r\n\r\n\r\n  \t\tGreetings\r\n End\r\n",
                NORMALISED_NEWLINES.to_vec(),
            ),
            // Mixed.
            (
                " hello; \t\nworld!!!\r\n\n\r  \t\tGreetings\r End\r\n",
                NORMALISED_NEWLINES.to_vec(),
            ),
            // Repeated lines: identical hashes get increasing `:N` suffixes.
            (
                &lorem,
                vec![
                    "a7f2ff13bc495cf2:1",
                    "a7f2ff13bc495cf2:2",
                    "a7f2ff13bc495cf2:3",
                    "a7f2ff13bc495cf2:4",
                    "a7f2ff13bc495cf2:5",
                    "a7f2ff13bc495cf2:6",
                    "a7f2ff1481e87703:1",
                    "a9cf91f7bbf1862b:1",
                    "55ec222b86bcae53:1",
                    "cc97dc7b1d7d8f7b:1",
                    EOF_LINE,
                ],
            ),
            (
                "x = 2\nx = 1\nprint(x)\nx = 3\nprint(x)\nx = 4\nprint(x)\n",
                vec![
                    "e54938cc54b302f1:1",
                    "bb609acbe9138d60:1",
                    "1131fd5871777f34:1",
                    "5c482a0f8b35ea28:1",
                    "54517377da7028d2:1",
                    "2c644846cb18d53e:1",
                    "f1b89f20de0d133:1",
                    EOF_LINE,
                ],
            ),
        ];
        for (input, expected) in &cases {
            check(input, expected);
        }
    }

    /// codeql-action's end-to-end test (`src/testdata/fingerprinting.expected.sarif`)
    /// pins line 1 of `testFile1.js` and line 2 of `testFile2.js`; the other lines
    /// were produced by a direct transliteration of `fingerprints.ts` run under Node.
    #[test]
    fn codeql_action_sarif_testdata() {
        const TEST_FILE_1: &str = "var a = 0;\nvar b = 0;\nvar c = 0;\nvar d = 0;\n";
        const TEST_FILE_2: &str = "var foo = 0;\nvar bar = 0;\nvar baz = 0;\nvar qux = 0;\n";
        assert_eq!(line_hashes(TEST_FILE_1)[0], "5e4d5a9cf1294ad9:1");
        assert_eq!(line_hashes(TEST_FILE_2)[1], "f7592a95a9381ac0:1");
        check(
            TEST_FILE_1,
            &[
                "5e4d5a9cf1294ad9:1",
                "caea1afc91a6873d:1",
                "5b87491bda21f5c0:1",
                "4f30fbfc59569f82:1",
                EOF_LINE,
            ],
        );
        check(
            TEST_FILE_2,
            &[
                "872c213e5c3515b:1",
                "f7592a95a9381ac0:1",
                "a06ffb64d6f61444:1",
                "f72a3f49f98c8ba0:1",
                EOF_LINE,
            ],
        );
    }

    // The vectors below are not in codeql-action's test suite; they were produced by
    // a direct transliteration of `fingerprints.ts` (with BigInt for `Long`) run under
    // Node, which also reproduces every vector above.

    /// Lines longer than, exactly at, and just under the 100-unit block.
    #[test]
    fn long_lines() {
        let text = format!(
            "{}\nshort\n{}\n{}",
            "0123456789".repeat(25),
            "x".repeat(99),
            "y".repeat(100)
        );
        check(
            &text,
            &[
                "ed0a226092525cfa:1",
                "137378b0cd50841a:1",
                "52b56201ffb585b2:1",
                "cadd4b5b9d92c51c:1",
            ],
        );
    }

    /// Non-ASCII text is hashed as UTF-16 code units: a non-BMP character counts as
    /// its two surrogates, like JavaScript's `charCodeAt`.
    #[test]
    fn utf16_code_units() {
        check(
            "\u{1F600} x\n\u{10437}y\r\n\u{e9}",
            &[
                "2cdcbe3b46bce0a:1",
                "2dae62dacbb8ec8f:1",
                "27b31dc6a609eecc:1",
            ],
        );
        // A byte-order mark is an ordinary character to codeql-action.
        check("\u{feff}fn main() {}\n", &["d336dd861fa5824e:1", EOF_LINE]);
    }

    /// Blanks between `\r` and `\n` split the pair into two line breaks, and
    /// blank-only lines still get a hash (at their line break or at end of file).
    #[test]
    fn blanks_and_line_breaks() {
        check(
            "a\r \nb\r\t\r\n   \n\t",
            &[
                "880f8c82f82ef668:1",
                "938dc08ca072a889:1",
                "5b5cae4d3171c963:1",
                "5b5d4caf73a13177:1",
                "3c5bef55b72b93c9:1",
                EOF_LINE,
            ],
        );
    }

    /// Every line of any text is indexable by `line - 1`, including the empty line
    /// after a trailing line break.
    #[test]
    fn one_entry_per_line() {
        let cases = [
            ("", 1),
            ("\n", 2),
            ("\r\n", 2),
            ("\r", 2),
            ("a", 1),
            ("a\n", 2),
            ("a\n\n", 3),
            ("a\r\rb", 3),
            ("\n\n\n x", 4),
            ("  \t", 1),
        ];
        for (text, lines) in cases {
            assert_eq!(line_hashes(text).len(), lines, "{text:?}");
            assert_eq!(js_line_count(text), lines, "{text:?}");
        }
    }
}
