//! The evidence check: a finding an agent reported is kept only where its quote is in the shard's
//! primary lines, and is placed at the lines the quote covers. Real models cite lines off by a few
//! (or cite a bug's safe twin nearby) but quote the code exactly, so the quote, not the cited line
//! number, decides whether and where a finding stands. Quotes are matched tolerantly: whitespace
//! collapsed, the prompt's line-number prefixes removed, and the slips of JSON escaping undone.

use super::RawFinding;
use crate::slice::{Shard, SourceFile};

/// Where a kept finding was placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Placed {
    /// At the lines it cited: its quote is there.
    AsCited,
    /// At the lines its quote covers, nearest to the cited ones: models quote code exactly but
    /// miscount lines, or quote a bug and cite its safe twin a few lines away.
    Relocated,
}

/// Why a reported finding was not kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dropped {
    /// It is about code outside the shard it was asked about: its quote is elsewhere in the file,
    /// or it quoted nothing found and cited lines outside the shard.
    OutsideShard,
    /// Its quote is nowhere in the file, or too short to prove anything.
    QuoteNotFound,
}

/// Evidence shorter than this (without whitespace) proves nothing (`)`, `x`), however it was
/// normalised to match.
const MIN_EVIDENCE: usize = 4;

/// Keeps a finding only if its quote is in the shard's primary lines, and places it where the
/// quote is: at the cited lines when an occurrence of the quote lies wholly within them or the
/// cited start line is within an occurrence (a finding may cite the whole statement or function
/// around the line it quotes), otherwise at the occurrence nearest to the cited start line (the
/// earlier one on a tie), spanning the lines the quote covers. A finding kept as cited that runs
/// past the shard's end is cut at the end.
pub(crate) fn check(mut raw: RawFinding, shard: &Shard) -> Result<(RawFinding, Placed), Dropped> {
    let quotes = quote_forms(&raw.evidence);
    if quotes.is_empty() {
        return Err(Dropped::QuoteNotFound);
    }
    let file = &shard.file;
    let last_line = shard.end_line.min(file.line_count());
    let Some(spans) = occurrences(file, shard.start_line, last_line, &quotes) else {
        // A quote elsewhere in the file, or lines cited elsewhere, is about code another shard
        // holds; a quote nowhere at all, cited here, was made up.
        let cited_inside = (shard.start_line..=shard.end_line).contains(&raw.start_line);
        return if cited_inside && occurrences(file, 1, file.line_count(), &quotes).is_none() {
            Err(Dropped::QuoteNotFound)
        } else {
            Err(Dropped::OutsideShard)
        };
    };
    let cited = raw.start_line..=raw.end_line;
    if spans.iter().any(|&(first, last)| {
        (cited.contains(&first) && cited.contains(&last))
            || (first..=last).contains(&raw.start_line)
    }) {
        // Cited lines reach no further than the shard, on either side.
        raw.start_line = raw.start_line.max(shard.start_line);
        raw.end_line = raw.end_line.min(shard.end_line).max(raw.start_line);
        return Ok((raw, Placed::AsCited));
    }
    let distance = |&(first, last): &(usize, usize)| {
        first
            .saturating_sub(raw.start_line)
            .max(raw.start_line.saturating_sub(last))
    };
    // `min_by_key` keeps the first of equals, and spans are in file order: ties go to the earlier.
    // (`spans` is never empty.)
    let Some(&(first, last)) = spans.iter().min_by_key(|span| distance(span)) else {
        return Err(Dropped::QuoteNotFound);
    };
    raw.start_line = first;
    raw.end_line = last;
    Ok((raw, Placed::Relocated))
}

/// How the source side is read when matching a quote.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SourceForm {
    /// As it is (whitespace collapsed).
    Plain,
    /// With its two-character escapes `\n`, `\t`, `\r` read as whitespace.
    EscapesAsSpace,
}

/// The forms of a quote to look for, most faithful first, each whitespace-collapsed and paired with
/// how the source must be read for it; forms too short to prove anything are left out, so no
/// normalisation turns a long quote into a one-character one that matches anywhere.
fn quote_forms(evidence: &str) -> Vec<(String, SourceForm)> {
    let stripped = strip_line_numbers(evidence);
    // Code that itself starts with `1 |` after a line break is rare, but it is code.
    let mut bases = vec![stripped.as_str()];
    if stripped != evidence {
        bases.push(evidence);
    }
    let mut forms: Vec<(String, SourceForm)> = Vec::new();
    // Exact text first, then the JSON slips: a decoded `\n` that is a real line break where the
    // source has the two characters, and `\"` escapes that survived a double escaping.
    for base in &bases {
        forms.push((squash(base), SourceForm::Plain));
    }
    for base in &bases {
        forms.push((squash(&escapes_as_space(base)), SourceForm::EscapesAsSpace));
    }
    for base in &bases {
        let unescaped = unescape_quotes(base);
        forms.push((squash(&unescaped), SourceForm::Plain));
        forms.push((
            squash(&escapes_as_space(&unescaped)),
            SourceForm::EscapesAsSpace,
        ));
    }
    let mut kept: Vec<(String, SourceForm)> = Vec::new();
    for form in forms {
        let long_enough = form.0.chars().filter(|c| !c.is_whitespace()).count() >= MIN_EVIDENCE;
        if long_enough && !kept.contains(&form) {
            kept.push(form);
        }
    }
    kept
}

/// The line spans (first, last) of every occurrence of the first quote form found in lines
/// `first..=last` of `file`, in file order; `None` when no form is there. A later form is a
/// fallback only: it is not looked for once an earlier one is found.
fn occurrences(
    file: &SourceFile,
    first: usize,
    last: usize,
    quotes: &[(String, SourceForm)],
) -> Option<Vec<(usize, usize)>> {
    let mut plain = None;
    let mut unescaped = None;
    for (quote, form) in quotes {
        let haystack = match form {
            SourceForm::Plain => {
                plain.get_or_insert_with(|| Haystack::new(file, first, last, false))
            }
            SourceForm::EscapesAsSpace => {
                unescaped.get_or_insert_with(|| Haystack::new(file, first, last, true))
            }
        };
        let spans = haystack.find_all(quote);
        if !spans.is_empty() {
            return Some(spans);
        }
    }
    None
}

/// Lines of a file with whitespace collapsed to single spaces, knowing the line of every byte, so
/// a quote that spans lines or differs in indentation is found and placed.
struct Haystack {
    text: String,
    /// The 1-based line of each byte of `text`.
    lines: Vec<usize>,
}

impl Haystack {
    fn new(file: &SourceFile, first: usize, last: usize, escapes: bool) -> Haystack {
        let mut text = String::new();
        let mut lines = Vec::new();
        for line in first..=last {
            let source = file.line_text(line);
            let source = if escapes {
                escapes_as_space(source)
            } else {
                source.to_string()
            };
            for word in source.split_whitespace() {
                if !text.is_empty() {
                    // A quote never starts or ends with a space, so its line does not matter.
                    text.push(' ');
                    lines.push(line);
                }
                text.push_str(word);
                lines.extend(std::iter::repeat_n(line, word.len()));
            }
        }
        Haystack { text, lines }
    }

    /// Line spans of every occurrence of `quote`, overlapping ones included.
    fn find_all(&self, quote: &str) -> Vec<(usize, usize)> {
        let mut spans = Vec::new();
        // An empty quote is everywhere: it places nothing.
        let Some(last_byte) = quote.len().checked_sub(1) else {
            return spans;
        };
        let mut from = 0;
        while let Some(found) = self.text.get(from..).and_then(|rest| rest.find(quote)) {
            let start = from + found;
            if let (Some(&first), Some(&last)) =
                (self.lines.get(start), self.lines.get(start + last_byte))
            {
                if spans.last() != Some(&(first, last)) {
                    spans.push((first, last));
                }
            }
            // On to the next character, so overlapping occurrences are found too.
            from = start + self.text[start..].chars().next().map_or(1, char::len_utf8);
        }
        spans
    }
}

/// The two-character escapes `\n`, `\t`, `\r` as spaces: a quote decoded from JSON holds a real
/// line break where the source has the escape, and collapsing whitespace then makes them equal.
fn escapes_as_space(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && matches!(chars.peek(), Some('n' | 't' | 'r')) {
            chars.next();
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

/// `\"` and `\\` unescaped: a model that escaped its quote twice leaves them in the decoded text.
fn unescape_quotes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(&next @ ('"' | '\\'))) => {
                chars.next();
                out.push(next);
            }
            _ => out.push(c),
        }
    }
    out
}

/// Evidence copied with the prompt's line numbers loses them: `42|code` as the prompt numbers
/// lines now, `    42 | code` as it did before.
fn strip_line_numbers(evidence: &str) -> String {
    evidence
        .lines()
        .map(|line| {
            let trimmed = line.trim_start();
            let digits = trimmed.len()
                - trimmed
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .len();
            match trimmed[digits..].trim_start().strip_prefix('|') {
                Some(code) if digits > 0 => code.strip_prefix(' ').unwrap_or(code),
                _ => line,
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whitespace collapsed to single spaces, so a quote may differ from the file in indentation and
/// line breaks only.
fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::llm::parse::parse_findings;
    use crate::review::llm::parse::tests::{raw, shard, SAMPLE};

    type Placement = Result<(usize, usize, Placed), Dropped>;

    fn placed(finding: RawFinding, shard: &Shard) -> Placement {
        check(finding, shard).map(|(r, how)| (r.start_line, r.end_line, how))
    }

    #[test]
    fn places_findings_where_their_quote_is() {
        use Placed::{AsCited, Relocated};
        let shard = shard(SAMPLE, true, 3, 16);
        let popen = r#"os.popen("curl " + url)"#;
        let rows = "rows = db.execute(q)";
        let system = r#"os.system("rm -rf " + path)"#;
        let cases: &[(&str, (usize, usize), &str, Placement)] = &[
            ("quoted at the cited line", (15, 15), popen, Ok((15, 15, AsCited))),
            ("cited lines miscounted", (4, 4), popen, Ok((15, 15, Relocated))),
            (
                "a quote over two lines moves with its span",
                (3, 3),
                "url = \"http://rates/\" + cur\n        data = os.popen(",
                Ok((14, 15, Relocated)),
            ),
            (
                "cited start inside a two-line quote",
                (15, 16),
                "url = \"http://rates/\" + cur\ndata = os.popen(",
                Ok((15, 16, AsCited)),
            ),
            ("twins: a tie goes to the earlier", (6, 6), rows, Ok((5, 5, Relocated))),
            ("twins: the nearer one below", (9, 9), rows, Ok((7, 7, Relocated))),
            ("twins: the cited one", (7, 7), rows, Ok((7, 7, AsCited))),
            ("twins: far below both", (16, 16), rows, Ok((7, 7, Relocated))),
            ("cut at the shard's end", (15, 30), popen, Ok((15, 16, AsCited))),
            ("quoted inside a longer cited span", (13, 16), popen, Ok((13, 16, AsCited))),
            ("quoted inside a span past the shard's end", (14, 30), popen, Ok((14, 16, AsCited))),
            ("twins: both inside the cited span", (4, 8), rows, Ok((4, 8, AsCited))),
            ("cited span ends above the quote", (12, 14), popen, Ok((15, 15, Relocated))),
            (
                "a two-line quote partly below the cited span",
                (13, 14),
                "url = \"http://rates/\" + cur\ndata = os.popen(",
                Ok((14, 15, Relocated)),
            ),
            (
                "a two-line quote partly above the cited span",
                (15, 16),
                "def fetch_rates(db, cur):\nurl = \"http://rates/\" + cur",
                Ok((13, 14, Relocated)),
            ),
            ("cited above the shard, quoted in it", (1, 1), popen, Ok((15, 15, Relocated))),
            ("quoted in another shard", (19, 19), system, Err(Dropped::OutsideShard)),
            ("quoted in another shard, cited here", (15, 15), system, Err(Dropped::OutsideShard)),
            ("quoted nowhere, cited here", (15, 15), "eval(request.args)", Err(Dropped::QuoteNotFound)),
            ("quoted nowhere, cited elsewhere", (19, 19), "eval(request.args)", Err(Dropped::OutsideShard)),
            ("too short to prove anything", (14, 14), "url", Err(Dropped::QuoteNotFound)),
            ("too short, cited elsewhere", (19, 19), ")", Err(Dropped::QuoteNotFound)),
            ("no quote", (15, 15), "", Err(Dropped::QuoteNotFound)),
            (
                "the old line-number prefix",
                (4, 4),
                r#"    15 |     data = os.popen("curl " + url).read()"#,
                Ok((15, 15, Relocated)),
            ),
            (
                "the compact line-number prefix",
                (14, 15),
                "14|    url = \"http://rates/\" + cur\n15|    data = os.popen(\"curl \" + url).read()",
                Ok((14, 15, AsCited)),
            ),
        ];
        for (name, (start, end), evidence, want) in cases {
            assert_eq!(placed(raw(*start, *end, evidence), &shard), *want, "{name}");
        }
    }

    #[test]
    fn quotes_with_json_escapes() {
        use Placed::{AsCited, Relocated};
        let shard = shard(SAMPLE, true, 3, 16);
        let cases: &[(&str, (usize, usize), &str, Placement)] = &[
            // `"printf(\"%s\n\", name);"` in the JSON: a real line break where the source has `\n`.
            (
                "a decoded \\n",
                (8, 8),
                "printf(\"%s\n\", name)",
                Ok((8, 8, AsCited)),
            ),
            (
                "a decoded \\n, miscited",
                (4, 4),
                "printf(\"%s\n\", name)",
                Ok((8, 8, Relocated)),
            ),
            (
                "a decoded \\t",
                (8, 8),
                "printf(\"%s\t\", name)",
                Ok((8, 8, AsCited)),
            ),
            // Escaped twice: `\"` and `\\n` survive decoding.
            (
                "escaped twice",
                (8, 8),
                r#"printf(\"%s\\n\", name)"#,
                Ok((8, 8, AsCited)),
            ),
            (
                "escaped twice, miscited",
                (12, 12),
                r#"printf(\"%s\\n\", name)"#,
                Ok((8, 8, Relocated)),
            ),
            // The exact text wins over a fallback that would match the cited twin.
            (
                "exact match first",
                (10, 10),
                r#"say("a b")"#,
                Ok((9, 9, Relocated)),
            ),
            (
                "the escaped twin as quoted",
                (10, 10),
                r#"say("a\nb")"#,
                Ok((10, 10, AsCited)),
            ),
            // No normalisation turns a quote into a one-character one that matches anywhere.
            (
                "escapes only",
                (8, 8),
                r"\n\n\n\n",
                Err(Dropped::QuoteNotFound),
            ),
            (
                "a quoted escape",
                (8, 8),
                r#""\n""#,
                Err(Dropped::QuoteNotFound),
            ),
            // `(q)` is on lines 5 and 7, `\n"` on line 8: too short once normalised.
            (
                "an escape and a short quote",
                (5, 5),
                r"\n(q)",
                Err(Dropped::QuoteNotFound),
            ),
            (
                "a short quote escaped twice",
                (8, 8),
                r#"\\n""#,
                Err(Dropped::QuoteNotFound),
            ),
        ];
        for (name, (start, end), evidence, want) in cases {
            assert_eq!(placed(raw(*start, *end, evidence), &shard), *want, "{name}");
        }
        // Through the JSON as a model writes it.
        let answer = r#"{"findings": [{"start_line": 8, "title": "format", "evidence": "printf(\"%s\n\", name);"}]}"#;
        let (findings, _) = parse_findings(answer).unwrap();
        assert_eq!(findings[0].evidence, "printf(\"%s\n\", name);");
        let evidence = findings[0].evidence.replace(';', "");
        assert_eq!(placed(raw(8, 8, &evidence), &shard), Ok((8, 8, AsCited)));
    }

    #[test]
    fn line_number_prefixes() {
        assert_eq!(
            strip_line_numbers("    42 | cur.execute(q)\n    43 |     x"),
            "cur.execute(q)\n    x"
        );
        assert_eq!(strip_line_numbers("a | b"), "a | b");
        // The prompt's compact prefix; one space after the bar goes as in the old form, which
        // matching (whitespace collapsed) does not notice.
        assert_eq!(
            strip_line_numbers("42|    cur.execute(q)\n43|x\n44| y\n7 |z"),
            "   cur.execute(q)\nx\ny\nz"
        );
        assert_eq!(strip_line_numbers("x = 1|2"), "x = 1|2");
    }
}
