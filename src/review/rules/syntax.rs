//! Reads what the engine needs from a query's source text: a pattern's predicates and the kind
//! of node it is rooted at (for the prefilter), and where each node of a pattern stands (for
//! [`super::kindless`]). A small tokenizer of tree-sitter's query syntax (parentheses, words,
//! strings, comments), not a parser: tree-sitter compiles the query itself.

use std::ops::Range;

#[derive(Debug, PartialEq)]
pub(crate) enum Arg {
    Capture(String),
    Str(String),
}

#[derive(Debug, PartialEq)]
pub(crate) struct Predicate {
    pub(crate) name: String,
    pub(crate) args: Vec<Arg>,
}

/// The `(#name? @capture "string" ...)` predicates of one pattern's source text.
pub(crate) fn predicates(text: &str) -> Vec<Predicate> {
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
pub(crate) fn outermost_kinds(text: &str) -> Option<Vec<String>> {
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
                    Token::Word(word) if word.starts_with('@') => {
                        tokens.next();
                    }
                    Token::Other(_) | Token::Colon => {
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
            tokens.skip_to_close()?;
            Some(kinds)
        }
        _ => None,
    }
}

/// One node of a pattern, `(kind ...)`, as it is written.
#[derive(Debug, PartialEq)]
pub(crate) struct Node<'a> {
    pub(crate) kind: &'a str,
    /// Where the kind's word stands in the text.
    pub(crate) kind_at: Range<usize>,
    /// The kind of the node it is written in, through alternations and groups; `None` for a
    /// node at a pattern's top level.
    pub(crate) parent: Option<&'a str>,
    /// The field it is given there (`function: (identifier)`), through alternations and groups.
    pub(crate) field: Option<&'a str>,
    /// The fields every match of it has: written directly in it (not in an alternation or a
    /// group of it), with no quantifier that lets them be absent.
    pub(crate) fields: Vec<&'a str>,
}

/// Every node of the patterns in `text`, inner nodes before the node they are written in;
/// `None` for text we cannot read (a parenthesis or bracket left open or closed twice).
pub(crate) fn nodes(text: &str) -> Option<Vec<Node<'_>>> {
    let mut reader = Reader {
        tokens: Tokens::new(text),
        out: Vec::new(),
    };
    while reader.tokens.peek().is_some() {
        reader.item(None, None)?;
    }
    Some(reader.out)
}

/// Reads [`nodes`]: one item at a time, in the node and field it is written in.
struct Reader<'a> {
    tokens: Tokens<'a>,
    out: Vec<Node<'a>>,
}

impl<'a> Reader<'a> {
    /// One item (a node, a group, an alternation, an anonymous node, a wildcard, a capture, a
    /// quantifier, an anchor, a negated field) in `parent`, given `field`.
    fn item(&mut self, parent: Option<&'a str>, field: Option<&'a str>) -> Option<()> {
        match self.tokens.next_at()? {
            (_, Token::Open) => match self.tokens.peek()? {
                Token::Word(word) if word.starts_with('#') => self.tokens.skip_to_close(),
                &Token::Word(kind) if names(kind) => {
                    let (at, _) = self.tokens.next_at()?;
                    let fields = self.body(kind)?;
                    self.out.push(Node {
                        kind,
                        kind_at: at..at + kind.len(),
                        parent,
                        field,
                        fields,
                    });
                    Some(())
                }
                // A group: a field given to it is its first item's; the others are later
                // children of the parent, in whatever field.
                _ => {
                    let mut field = field;
                    while *self.tokens.peek()? != Token::Close {
                        self.element(parent, field.take())?;
                    }
                    self.tokens.next();
                    Some(())
                }
            },
            (_, Token::Bracket(true)) => {
                while *self.tokens.peek()? != Token::Bracket(false) {
                    self.element(parent, field)?;
                }
                self.tokens.next();
                Some(())
            }
            (_, Token::Close | Token::Bracket(false)) => None,
            _ => Some(()),
        }
    }

    /// The children of a node of `kind`, to its closing parenthesis; answers the fields every
    /// match has.
    fn body(&mut self, kind: &'a str) -> Option<Vec<&'a str>> {
        let mut fields = Vec::new();
        while *self.tokens.peek()? != Token::Close {
            if let Some(field) = self.element(Some(kind), None)? {
                fields.push(field);
            }
        }
        self.tokens.next();
        Some(fields)
    }

    /// One element of a node, a group or an alternation: `field: item` or an item. Answers the
    /// field when every match has it: its item is one node (not a group or an alternation) with
    /// no `?` or `*` after it.
    fn element(
        &mut self,
        parent: Option<&'a str>,
        field: Option<&'a str>,
    ) -> Option<Option<&'a str>> {
        let name = match self.tokens.peek()? {
            &Token::Word(name) if names(name) => name,
            _ => return self.item(parent, field).map(|()| None),
        };
        self.tokens.next();
        if self.tokens.peek() != Some(&Token::Colon) {
            // A bare word: the wildcard `_`.
            return Some(None);
        }
        self.tokens.next();
        let single = self.single();
        self.item(parent, Some(name))?;
        Some((single && !self.optional()).then_some(name))
    }

    /// Whether the captures and quantifiers after an item let it be absent (`?`, `*`). Only
    /// looks: they are read as items of their own after it.
    fn optional(&self) -> bool {
        let mut optional = false;
        let mut tokens = self.tokens.clone();
        loop {
            match tokens.next() {
                Some(Token::Word(word)) if word.starts_with('@') => {}
                Some(Token::Other('?' | '*')) => optional = true,
                Some(Token::Other('+')) => {}
                _ => return optional,
            }
        }
    }

    /// Whether the item ahead is one node, string or wildcard, not a group or an alternation
    /// (whose items may be quantified, or stand in no field). Only looks.
    fn single(&self) -> bool {
        let mut tokens = self.tokens.clone();
        match tokens.next() {
            Some(Token::Open) => matches!(tokens.next(), Some(Token::Word(w)) if names(w)),
            Some(Token::Str(_) | Token::Word(_)) => true,
            _ => false,
        }
    }
}

/// Whether `word` names a kind of node or a field: not a capture, a negated field, a
/// predicate or an anchor.
fn names(word: &str) -> bool {
    !word.starts_with(['@', '!', '#', '.'])
}

/// Where the top-level pattern that starts at byte `start` of the query `text` ends: after its
/// node, alternation or group (with the predicates inside) and the captures and quantifier after
/// it. `None` when it never closes. Rules compiled as one query use it to tell a pattern that
/// runs on into the next rule's text, which tree-sitter would accept as one.
pub(crate) fn pattern_end(text: &str, start: usize) -> Option<usize> {
    let rest = text.get(start..)?;
    let mut tokens = Tokens::new(rest);
    match tokens.next()? {
        Token::Open | Token::Bracket(true) => tokens.skip_to_close()?,
        Token::Word(_) | Token::Str(_) => {}
        _ => return None,
    }
    let mut end = tokens.pos;
    loop {
        let mut ahead = tokens.clone();
        match ahead.next() {
            Some(Token::Word(word)) if word.starts_with('@') => {}
            Some(Token::Other('?' | '*' | '+')) => {}
            _ => break,
        }
        tokens = ahead;
        end = tokens.pos;
    }
    Some(start + end)
}

/// The top-level patterns of a query's source `text`, in order, each as [`pattern_end`] reads
/// it; `None` for text that cannot be read that way.
pub(crate) fn patterns(text: &str) -> Option<Vec<Range<usize>>> {
    let mut out = Vec::new();
    let mut at = 0;
    loop {
        let mut ahead = Tokens::new(text);
        ahead.pos = at;
        let Some((start, _)) = ahead.next_at() else {
            return Some(out);
        };
        let end = pattern_end(text, start)?;
        out.push(start..end);
        at = end;
    }
}

/// A pattern read apart: what it matches, the names it gives its captures, its predicates.
#[derive(Debug, PartialEq)]
pub(crate) struct Skeleton<'a> {
    /// The pattern's tokens, each capture as a bare `@` and each predicate as a bare `#`:
    /// patterns with the same structure match the same nodes and bind captures at the same
    /// places. Where a predicate stands counts: tree-sitter reads it as a child that matches
    /// nothing, so an anchor before it anchors nothing, and an alternative of one may be left
    /// out.
    pub(crate) structure: String,
    /// The pattern's text with each predicate made one of no argument, `(#shardscan-none?)`,
    /// which tree-sitter reads as it reads any predicate and which nothing evaluates.
    pub(crate) bare: String,
    /// Each capture's name as written (without its `@`), in order, the predicates' left out.
    pub(crate) captures: Vec<&'a str>,
    /// Each predicate's text, `(#eq? @a "b")`, in order.
    pub(crate) predicates: Vec<&'a str>,
}

/// What a predicate is replaced with in a [`Skeleton`]'s bare text.
pub(crate) const INERT: &str = "(#shardscan-none?)";

/// [`Skeleton`] of one pattern's text; `None` for text that cannot be read (a parenthesis left
/// open).
pub(crate) fn skeleton(text: &str) -> Option<Skeleton<'_>> {
    let mut tokens = Tokens::new(text);
    let mut out = Skeleton {
        structure: String::new(),
        bare: String::new(),
        captures: Vec::new(),
        predicates: Vec::new(),
    };
    let mut kept = 0;
    while let Some((at, token)) = tokens.next_at() {
        use std::fmt::Write;
        match token {
            Token::Open if matches!(tokens.peek(), Some(Token::Word(w)) if w.starts_with('#')) => {
                tokens.skip_to_close()?;
                out.bare.push_str(&text[kept..at]);
                out.bare.push_str(INERT);
                out.predicates.push(&text[at..tokens.pos]);
                out.structure.push_str("# ");
                kept = tokens.pos;
            }
            Token::Word(word) if word.starts_with('@') => {
                out.captures.push(&word[1..]);
                out.structure.push_str("@ ");
            }
            token => {
                let _ = write!(out.structure, "{token:?} ");
            }
        }
    }
    out.bare.push_str(&text[kept..]);
    Some(out)
}

#[derive(Clone, Debug, PartialEq)]
enum Token<'a> {
    Open,
    Close,
    /// The `:` after a field's name.
    Colon,
    /// Any other character: the `?`, `*` and `+` quantifiers, anything we do not read.
    Other(char),
    /// `[` (true) or `]`: an alternation.
    Bracket(bool),
    Word(&'a str),
    Str(String),
}

/// A small tokenizer of tree-sitter's query syntax: parentheses, words, strings, comments.
/// A clone looks ahead without taking anything.
#[derive(Clone)]
struct Tokens<'a> {
    text: &'a str,
    pos: usize,
    peeked: Option<Option<(usize, Token<'a>)>>,
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
            self.peeked = Some(self.lex_at());
        }
        self.peeked
            .as_ref()
            .and_then(|t| t.as_ref().map(|(_, token)| token))
    }

    /// The rest of a parenthesis or a bracket already open, to its match (in a query, each
    /// closes what opened last).
    fn skip_to_close(&mut self) -> Option<()> {
        let mut depth = 1usize;
        while depth > 0 {
            match self.next()? {
                Token::Open | Token::Bracket(true) => depth += 1,
                Token::Close | Token::Bracket(false) => depth -= 1,
                _ => {}
            }
        }
        Some(())
    }

    /// The next token and where it starts in the text.
    fn next_at(&mut self) -> Option<(usize, Token<'a>)> {
        match self.peeked.take() {
            Some(token) => token,
            None => self.lex_at(),
        }
    }

    /// The next token and where it starts in the text.
    fn lex_at(&mut self) -> Option<(usize, Token<'a>)> {
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
        Some((
            start,
            match c {
                b'(' => Token::Open,
                b')' => Token::Close,
                b':' => Token::Colon,
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
                // A name as tree-sitter reads one, with what it starts with (a capture's `@`, a
                // negated field's `!`, a predicate's `#`, which ends in `?` or `!`) and the
                // `/` of a supertype's subtype. Any other `?` is a quantifier.
                _ if is_word_byte(c) || matches!(c, b'@' | b'!' | b'#') => {
                    while self.pos < bytes.len() && is_word_byte(bytes[self.pos]) {
                        self.pos += 1;
                    }
                    if c == b'#' && matches!(bytes.get(self.pos), Some(b'?' | b'!')) {
                        self.pos += 1;
                    }
                    Token::Word(&self.text[start..self.pos])
                }
                _ => {
                    // Skip the rest of a multi-byte character.
                    while !self.text.is_char_boundary(self.pos) {
                        self.pos += 1;
                    }
                    Token::Other(self.text[start..].chars().next().unwrap_or_default())
                }
            },
        ))
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        self.next_at().map(|(_, token)| token)
    }
}

fn is_word_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b'/')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pattern ends after its node, alternation or group, with the captures and quantifier
    /// after it, whatever strings, comments and brackets it holds.
    #[test]
    fn a_pattern_ends_where_tree_sitter_ends_it() {
        fn end(text: &str) -> Option<&str> {
            pattern_end(text, 0).map(|end| &text[..end])
        }
        let text = "(call (#eq? @f \")\")) @a @b ; (x)\n(next)";
        assert_eq!(end(text), Some("(call (#eq? @f \")\")) @a @b"));
        let text = "[(a) (b ; ]\n)] @x* (c)";
        assert_eq!(end(text), Some("[(a) (b ; ]\n)] @x*"));
        assert_eq!(end("((a) (b))?\n"), Some("((a) (b))?"));
        assert_eq!(end("_ @any"), Some("_ @any"));
        // Never closed: by a parenthesis, or by a string.
        assert_eq!(end("((call) @finding\n"), None);
        assert_eq!(end("((call) (#eq? @f \"x))"), None);
        // From where it starts, in a longer text.
        let text = "(a)\n; (b\n(c) @d";
        let start = text.find("(c)").unwrap();
        assert_eq!(pattern_end(text, start), Some(text.len()));
    }

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
        use Token::{Bracket, Close, Colon, Open, Other, Str, Word};
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
                "#any-of? #set! @a.b x_1 !f expression/identifier",
                vec![
                    Word("#any-of?"),
                    Word("#set!"),
                    Word("@a.b"),
                    Word("x_1"),
                    Word("!f"),
                    Word("expression/identifier"),
                ],
            ),
            // A `?` outside a predicate's name is a quantifier, as tree-sitter reads it.
            (
                "@p? _?@q",
                vec![Word("@p"), Other('?'), Word("_"), Other('?'), Word("@q")],
            ),
            // Anything else is one token per character, however many bytes it takes.
            (
                "é[_]*",
                vec![
                    Other('é'),
                    Bracket(true),
                    Word("_"),
                    Bracket(false),
                    Other('*'),
                ],
            ),
            (
                "(a f: (b) !g)+",
                vec![
                    Open,
                    Word("a"),
                    Word("f"),
                    Colon,
                    Open,
                    Word("b"),
                    Close,
                    Word("!g"),
                    Close,
                    Other('+'),
                ],
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
    fn nodes_know_their_parent_their_field_and_the_fields_they_must_have() {
        let text = r#"; (commented (out))
((call function: [(attribute object: (_) @o) ((name) @n)]
       arguments: (args (string) . "x" (_)? @a)
       !type
       body: (block)?
       [left: (x) right: (y)]) @c
 (#eq? @o "(call"))"#;
        let read: Vec<_> = nodes(text)
            .unwrap()
            .into_iter()
            .map(|n| {
                assert_eq!(&text[n.kind_at.clone()], n.kind);
                (n.kind, n.parent, n.field, n.fields)
            })
            .collect();
        assert_eq!(
            read,
            vec![
                ("_", Some("attribute"), Some("object"), vec![]),
                ("attribute", Some("call"), Some("function"), vec!["object"]),
                ("name", Some("call"), Some("function"), vec![]),
                ("string", Some("args"), None, vec![]),
                ("_", Some("args"), None, vec![]),
                ("args", Some("call"), Some("arguments"), vec![]),
                ("block", Some("call"), Some("body"), vec![]),
                ("x", Some("call"), Some("left"), vec![]),
                ("y", Some("call"), Some("right"), vec![]),
                // `function` holds an alternation, `body` may be absent, `left` and `right` are
                // alternatives.
                ("call", None, None, vec!["arguments"]),
            ]
        );
        // However a quantifier is written, a field it may leave out is not one every match has;
        // nor is one whose item is a group or an alternation.
        for text in [
            "(m f: (x) @p?)",
            "(m f: (x)?@p)",
            "(m f: (x) @a.b?)",
            "(m f: _?)",
            "(m f: (x)*)",
            "(m f: ((x)?))",
            "(m f: [(x)? \"y\"])",
            "(m f: [(x) (y)])",
        ] {
            let read = nodes(text).unwrap();
            let m = read.iter().find(|n| n.kind == "m").unwrap();
            assert!(m.fields.is_empty(), "{text}: {:?}", m.fields);
        }
        let read = nodes("(m f: (x) @p + g: \"s\" h: _)").unwrap();
        assert_eq!(read.last().unwrap().fields, ["f", "g", "h"]);
        // A field given to a group is its first item's: the others stand in no known field.
        let read = nodes("(m f: ((x) (y k: (z)) @c))").unwrap();
        let fields: Vec<_> = read.iter().map(|n| (n.kind, n.field)).collect();
        assert_eq!(
            fields,
            [("x", Some("f")), ("z", Some("k")), ("y", None), ("m", None)]
        );
        // Unbalanced text is not read.
        for text in ["(a (b)", "(a))", "[(a)", "(a])"] {
            assert_eq!(nodes(text), None, "{text}");
        }
        assert_eq!(nodes(""), Some(vec![]));
    }

    #[test]
    fn a_query_is_read_pattern_by_pattern() {
        let text =
            "; a rule\n((call) @c (#eq? @c \")\"))\n\n(name) @n ?\n[(a) (b)] @x\n\"s\" ; end\n";
        let read: Vec<&str> = patterns(text)
            .unwrap()
            .into_iter()
            .map(|r| &text[r])
            .collect();
        assert_eq!(
            read,
            [
                "((call) @c (#eq? @c \")\"))",
                "(name) @n ?",
                "[(a) (b)] @x",
                "\"s\""
            ]
        );
        assert_eq!(patterns(" ; nothing\n"), Some(vec![]));
        assert_eq!(patterns("(a (b)"), None);
    }

    #[test]
    fn a_skeleton_is_what_a_pattern_matches_apart_from_its_names_and_predicates() {
        let one = skeleton(
            "((call function: (name) @f args: (_) @sink) (#eq? @f \"run\") (#not-guarded-by? @sink \")\"))",
        )
        .unwrap();
        let two = skeleton(
            "((call function: (name) @g ; a note\n args: (_) @source) (#any-of? @g \"a\" \"b\") (#match? @source \"x\"))",
        )
        .unwrap();
        assert_eq!(one.structure, two.structure);
        assert_eq!(one.captures, ["f", "sink"]);
        assert_eq!(two.captures, ["g", "source"]);
        assert_eq!(
            one.predicates,
            ["(#eq? @f \"run\")", "(#not-guarded-by? @sink \")\")"]
        );
        assert_eq!(
            one.bare,
            "((call function: (name) @f args: (_) @sink) (#shardscan-none?) (#shardscan-none?))"
        );
        // A capture elsewhere, another kind, a quantifier, a field: another structure.
        for other in [
            "((call function: (name) args: (_) @sink @f))",
            "((call function: (name) @f args: (x) @sink))",
            "((call function: (name) @f args: (_)? @sink))",
            "((call function: (name) @f (_) @sink))",
            "((call function: (name) @f args: (_) @sink @more))",
            // A predicate elsewhere, or one fewer: an anchor before it anchors nothing.
            "((call function: (name) @f (#eq? @f \"run\") args: (_) @sink) (#eq? @f \"a\"))",
            "((call function: (name) @f args: (_) @sink) (#eq? @f \"run\"))",
        ] {
            assert_ne!(skeleton(other).unwrap().structure, one.structure, "{other}");
        }
        assert_eq!(skeleton("((a) (#eq? @a \"x\"").map(|s| s.structure), None);
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
