//! Reads what the prefilter needs from one pattern's source text: its predicates and the kind of
//! node it is rooted at. A small tokenizer of tree-sitter's query syntax (parentheses, words,
//! strings, comments), not a parser: the query itself was already compiled by tree-sitter.

#[derive(Debug, PartialEq)]
pub(super) enum Arg {
    Capture(String),
    Str(String),
}

#[derive(Debug, PartialEq)]
pub(super) struct Predicate {
    pub(super) name: String,
    pub(super) args: Vec<Arg>,
}

/// The `(#name? @capture "string" ...)` predicates of one pattern's source text.
pub(super) fn predicates(text: &str) -> Vec<Predicate> {
    let mut tokens = Tokens::new(text);
    let mut out = Vec::new();
    while let Some(token) = tokens.next() {
        if token != Token::Open {
            continue;
        }
        let Some(Token::Word(word)) = tokens.peek() else {
            continue;
        };
        let Some(name) = word.strip_prefix('#') else {
            continue;
        };
        let name = name.to_string();
        tokens.next();
        let mut args = Vec::new();
        loop {
            match tokens.next() {
                Some(Token::Word(word)) if word.starts_with('@') => {
                    args.push(Arg::Capture(word[1..].to_string()))
                }
                Some(Token::Str(s)) => args.push(Arg::Str(s)),
                Some(Token::Close) | None => break,
                Some(_) => {}
            }
        }
        out.push(Predicate { name, args });
    }
    out
}

/// The kinds of node a pattern can be rooted at: the kind its first node has (looking through
/// grouping parentheses), every alternative's of an alternation, `""` for an anonymous node;
/// `None` for anything we cannot read.
pub(super) fn outermost_kinds(text: &str) -> Option<Vec<String>> {
    item_kinds(&mut Tokens::new(text))
}

/// [`outermost_kinds`] of the item at the front of `tokens`, consuming it.
fn item_kinds(tokens: &mut Tokens<'_>) -> Option<Vec<String>> {
    match tokens.next()? {
        Token::Str(_) => Some(vec![String::new()]),
        Token::Bracket(true) => {
            let mut kinds = Vec::new();
            loop {
                match tokens.peek()? {
                    Token::Bracket(false) => {
                        tokens.next();
                        return Some(kinds);
                    }
                    // An alternative's capture or quantifier.
                    Token::Word(word)
                        if word.starts_with('@') || word.bytes().all(|c| c == b'?') =>
                    {
                        tokens.next();
                    }
                    Token::Other => {
                        tokens.next();
                    }
                    _ => kinds.extend(item_kinds(tokens)?),
                }
            }
        }
        Token::Open => {
            // A node `(kind ...)`, or a group whose first item is its root.
            let kinds = match tokens.peek()? {
                Token::Word(word) if !word.starts_with(['@', '#']) => {
                    let kind = word.to_string();
                    tokens.next();
                    vec![kind]
                }
                _ => item_kinds(tokens)?,
            };
            // The rest, to the matching parenthesis.
            let mut depth = 1usize;
            while depth > 0 {
                match tokens.next()? {
                    Token::Open => depth += 1,
                    Token::Close => depth -= 1,
                    _ => {}
                }
            }
            Some(kinds)
        }
        _ => None,
    }
}

#[derive(Debug, PartialEq)]
enum Token<'a> {
    Open,
    Close,
    Other,
    /// `[` (true) or `]`: an alternation.
    Bracket(bool),
    Word(&'a str),
    Str(String),
}

/// A small tokenizer of tree-sitter's query syntax: parentheses, words, strings, comments.
struct Tokens<'a> {
    text: &'a str,
    pos: usize,
    peeked: Option<Option<Token<'a>>>,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Tokens<'a> {
        Tokens {
            text,
            pos: 0,
            peeked: None,
        }
    }

    fn peek(&mut self) -> Option<&Token<'a>> {
        if self.peeked.is_none() {
            self.peeked = Some(self.lex());
        }
        self.peeked.as_ref().and_then(Option::as_ref)
    }

    fn lex(&mut self) -> Option<Token<'a>> {
        let bytes = self.text.as_bytes();
        loop {
            let &c = bytes.get(self.pos)?;
            match c {
                b';' => {
                    while self.pos < bytes.len() && bytes[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                c if c.is_ascii_whitespace() => self.pos += 1,
                _ => break,
            }
        }
        let start = self.pos;
        let c = bytes[start];
        self.pos += 1;
        Some(match c {
            b'(' => Token::Open,
            b')' => Token::Close,
            b'[' => Token::Bracket(true),
            b']' => Token::Bracket(false),
            b'"' => {
                let mut out = String::new();
                let mut chars = self.text[self.pos..].char_indices();
                let mut end = self.text.len();
                while let Some((i, ch)) = chars.next() {
                    match ch {
                        '"' => {
                            end = self.pos + i + 1;
                            break;
                        }
                        '\\' => match chars.next() {
                            Some((_, 'n')) => out.push('\n'),
                            Some((_, 'r')) => out.push('\r'),
                            Some((_, 't')) => out.push('\t'),
                            Some((_, '0')) => out.push('\0'),
                            Some((_, other)) => out.push(other),
                            None => {}
                        },
                        other => out.push(other),
                    }
                }
                self.pos = end;
                Token::Str(out)
            }
            _ if is_word_byte(c) => {
                while self.pos < bytes.len() && is_word_byte(bytes[self.pos]) {
                    self.pos += 1;
                }
                Token::Word(&self.text[start..self.pos])
            }
            _ => {
                // Skip the rest of a multi-byte character.
                while !self.text.is_char_boundary(self.pos) {
                    self.pos += 1;
                }
                Token::Other
            }
        })
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        match self.peeked.take() {
            Some(token) => token,
            None => self.lex(),
        }
    }
}

fn is_word_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b'?' | b'!' | b'#' | b'@' | b'/')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_predicates_with_escapes_and_comments() {
        let text = r#"(call function: (identifier) @f ; (#eq? @f "commented")
            (#eq? @f "sys\"tem") (#any-of? @g "a" "b\\c") (#match? @h "^x$"))"#;
        assert_eq!(
            predicates(text),
            vec![
                Predicate {
                    name: "eq?".into(),
                    args: vec![Arg::Capture("f".into()), Arg::Str("sys\"tem".into())]
                },
                Predicate {
                    name: "any-of?".into(),
                    args: vec![
                        Arg::Capture("g".into()),
                        Arg::Str("a".into()),
                        Arg::Str("b\\c".into())
                    ]
                },
                Predicate {
                    name: "match?".into(),
                    args: vec![Arg::Capture("h".into()), Arg::Str("^x$".into())]
                },
            ]
        );
    }

    #[test]
    fn reads_predicates_whatever_their_name_and_wherever_they_end() {
        let cases = [
            // Words that are neither captures nor strings are left out (`#set!`'s key).
            (
                r#"((identifier) @x (#set! key "v"))"#,
                vec![Predicate {
                    name: "set!".into(),
                    args: vec![Arg::Str("v".into())],
                }],
            ),
            // The end of the text closes a predicate left open.
            (
                r#"(#eq? @a "x""#,
                vec![Predicate {
                    name: "eq?".into(),
                    args: vec![Arg::Capture("a".into()), Arg::Str("x".into())],
                }],
            ),
            // A `#` word not right after a parenthesis is no predicate.
            (r#"(call) @c #eq? @c "x""#, vec![]),
            ("(call (identifier) @f)", vec![]),
        ];
        for (text, expected) in cases {
            assert_eq!(predicates(text), expected, "{text}");
        }
    }

    #[test]
    fn tokenizes_words_strings_and_comments() {
        use Token::{Bracket, Close, Open, Other, Str, Word};
        let cases = [
            (
                r#"(a "b" @c)"#,
                vec![Open, Word("a"), Str("b".into()), Word("@c"), Close],
            ),
            (r#""\n\t\r\0\q\"""#, vec![Str("\n\t\r\0q\"".into())]),
            (r#""""#, vec![Str(String::new())]),
            // An unterminated string runs to the end, a trailing backslash escapes nothing.
            (r#""ab (c)"#, vec![Str("ab (c)".into())]),
            (r#""a\"#, vec![Str("a".into())]),
            (
                "; all (of \"this\")\n(x) ; and this",
                vec![Open, Word("x"), Close],
            ),
            (
                "#any-of? @a.b/c! x_1",
                vec![Word("#any-of?"), Word("@a.b/c!"), Word("x_1")],
            ),
            // Anything else is one token per character, however many bytes it takes.
            (
                "é[_]*",
                vec![Other, Bracket(true), Word("_"), Bracket(false), Other],
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(Tokens::new(text).collect::<Vec<_>>(), expected, "{text}");
        }
        // Peeking does not consume.
        let mut tokens = Tokens::new("(x)");
        assert_eq!(tokens.peek(), Some(&Open));
        assert_eq!(tokens.next(), Some(Open));
        assert_eq!(tokens.next(), Some(Word("x")));
    }

    #[test]
    fn outermost_kinds_look_through_groups_and_alternations() {
        let cases: [(&str, Option<&[&str]>); 16] = [
            ("((call) @c (#eq? @c \"x\"))", Some(&["call"])),
            (" ; note\n(module (x))", Some(&["module"])),
            ("(((call)))", Some(&["call"])),
            ("(_) @x", Some(&["_"])),
            ("(ERROR) @e", Some(&["ERROR"])),
            // An anonymous node.
            ("\"unsafe\" @u", Some(&[""])),
            ("((\"unsafe\") @u)", Some(&[""])),
            // An alternation: each alternative's, through groups, captures and quantifiers.
            ("[(a) (b)]", Some(&["a", "b"])),
            (
                "([(a (x)) @p (b)? \"c\"] (#eq? @p \"y\"))",
                Some(&["a", "b", ""]),
            ),
            ("[(a) [((b) @q) (c)]]", Some(&["a", "b", "c"])),
            ("((a) [(b) (c)])", Some(&["a"])),
            // Nothing to read, or cut short.
            ("; only a comment", None),
            ("", None),
            ("@x", None),
            ("[(a) (b)", None),
            ("((a)", None),
        ];
        for (text, expected) in cases {
            let expected: Option<Vec<String>> =
                expected.map(|kinds| kinds.iter().map(|k| k.to_string()).collect());
            assert_eq!(outermost_kinds(text), expected, "{text}");
        }
    }
}
