//! Test programs for the engine's unit tests: source text with the nodes of each role marked
//! inline (`«source:input()»`, `«sink:cmd»`, `«sanitizer:...»`, `«propagator:...»`), parsed with
//! the language's real grammar, as a rule's query would have found them.

use std::ops::Range;

use tree_sitter::{Node, Parser, Tree};

use crate::review::rules::names::Aliases;

use super::budget::Limits;
use super::lang;
use super::state::State;
use super::syntax::Syntax;
use super::walk::{self, Walk};
use super::{analyze, open_sinks, Flow, Roles};
use crate::lang::Language;

/// A parsed test program and the roles marked in it.
pub(super) struct Program {
    pub(super) language: Language,
    pub(super) text: String,
    pub(super) tree: Tree,
    pub(super) roles: Roles,
    /// What the program's names stand for (C macros).
    pub(super) names: Aliases,
}

/// Parses `text` with the grammar of `language`.
pub(super) fn parse(language: Language, text: &str) -> Tree {
    let grammar = language
        .grammar()
        .expect("the engine's languages have grammars");
    let mut parser = Parser::new();
    parser
        .set_language(&grammar)
        .expect("the grammar matches the tree-sitter version");
    parser
        .parse(text, None)
        .expect("parsing without a timeout ends")
}

/// A program of `language` that holds `expression` as a value, in the smallest code the grammar
/// takes it in.
pub(super) fn expression_program(language: Language, expression: &str) -> Program {
    let code = match language {
        Language::Go => format!("package p\nvar v = {expression}"),
        Language::Java => format!("class A {{ Object v = {expression}; }}"),
        Language::Php => format!("<?php {expression};"),
        Language::C => format!("void f() {{ {expression}; }}"),
        _ => format!("{expression};"),
    };
    program(language, &code)
}

/// The program `marked` with its markers taken out and their nodes as roles. A marker may hold
/// another; each must cover exactly one node of the tree.
pub(super) fn program(language: Language, marked: &str) -> Program {
    let mut text = String::new();
    let mut open: Vec<(String, usize)> = Vec::new();
    let mut marks: Vec<(String, Range<usize>)> = Vec::new();
    let mut rest = marked;
    while let Some(c) = rest.chars().next() {
        rest = &rest[c.len_utf8()..];
        match c {
            '«' => {
                let (role, after) = rest.split_once(':').expect("a marker names its role");
                open.push((role.to_string(), text.len()));
                rest = after;
            }
            '»' => {
                let (role, start) = open.pop().expect("a marker closes one that opened");
                marks.push((role, start..text.len()));
            }
            _ => text.push(c),
        }
    }
    assert!(open.is_empty(), "a marker is left open in {marked:?}");
    let tree = parse(language, &text);
    let mut roles = Roles::default();
    for (role, range) in marks {
        let node = tree
            .root_node()
            .descendant_for_byte_range(range.start, range.end);
        assert_eq!(
            node.map(|n| n.byte_range()),
            Some(range.clone()),
            "`{}` is not one node",
            &text[range.clone()]
        );
        assert!(roles.add(&role, range), "unknown role `{role}`");
    }
    let names = Aliases::of(language, tree.root_node(), &text);
    Program {
        language,
        text,
        tree,
        roles,
        names,
    }
}

impl Program {
    pub(super) fn root(&self) -> Node<'_> {
        self.tree.root_node()
    }

    pub(super) fn syntax(&self) -> &'static Syntax {
        lang::syntax(self.language).expect("tests use the engine's languages")
    }

    /// The smallest node whose text is the first occurrence of `snippet`.
    pub(super) fn node(&self, snippet: &str) -> Node<'_> {
        let start = self
            .text
            .find(snippet)
            .unwrap_or_else(|| panic!("`{snippet}` is not in the program"));
        let node = self
            .root()
            .descendant_for_byte_range(start, start + snippet.len())
            .expect("the range lies in the tree");
        assert_eq!(
            &self.text[node.byte_range()],
            snippet,
            "`{snippet}` is not one node"
        );
        node
    }

    /// The first node, outermost first, whose kind is `kind`.
    pub(super) fn first(&self, kind: &str) -> Node<'_> {
        let mut found = Vec::new();
        super::shape::collect(self.root(), &|k| k == kind, &mut found);
        *found
            .first()
            .unwrap_or_else(|| panic!("no `{kind}` in the program"))
    }

    pub(super) fn source_of(&self, node: Node<'_>) -> &str {
        &self.text[node.byte_range()]
    }

    pub(super) fn flows(&self) -> Vec<Flow> {
        analyze(
            self.language,
            self.root(),
            &self.text,
            &self.names,
            &self.roles,
        )
    }

    /// The text of each sink a flow reaches, in source order.
    pub(super) fn flagged(&self) -> Vec<&str> {
        self.flows()
            .into_iter()
            .map(|flow| &self.text[flow.sink])
            .collect()
    }

    /// What each step of the flow to the first sink reached says.
    pub(super) fn steps(&self) -> Vec<String> {
        let flows = self.flows();
        let flow = flows.first().expect("a flow reaches a sink");
        flow.steps
            .iter()
            .map(|(_, step)| step.to_string())
            .collect()
    }

    /// The text of each sink [`open_sinks`] leaves open, in source order.
    pub(super) fn open(&self) -> Vec<&str> {
        let mut open: Vec<Range<usize>> = open_sinks(
            self.language,
            self.root(),
            &self.text,
            &self.names,
            &self.roles,
        )
        .into_iter()
        .collect();
        open.sort_by_key(|r| r.start);
        open.into_iter().map(|r| &self.text[r]).collect()
    }

    /// The flows of a walk under `limits`, and whether it ran to the end.
    pub(super) fn run(&self, parameters_are_sources: bool, limits: Limits) -> (Vec<Flow>, bool) {
        walk::run(
            self.language,
            self.root(),
            &self.text,
            &self.names,
            &self.roles,
            parameters_are_sources,
            limits,
            None,
        )
    }

    /// The state after walking the body of the program's first function, or its top level when
    /// it declares none.
    pub(super) fn state_after(&self) -> State {
        let syntax = self.syntax();
        let mut declarations = Vec::new();
        super::shape::collect(
            self.root(),
            &|k| syntax.declarations.contains(&k),
            &mut declarations,
        );
        let block = match declarations.first() {
            Some(function) => (syntax.body)(*function).expect("the function has a body"),
            None => self.root(),
        };
        let mut walk = Walk::new(
            syntax,
            &self.text,
            &self.names,
            &self.roles,
            false,
            Limits::DEFAULT,
        );
        let mut state = State::default();
        walk.statement(block, &mut state);
        state
    }

    /// The places tainted after [`Program::state_after`], in order.
    pub(super) fn tainted_after(&self) -> Vec<String> {
        self.state_after().vars.into_keys().collect()
    }
}

/// Checks that each program (with its `«source:...»` and `«sink:...»` marks) flags exactly the
/// sinks given, by their text.
pub(super) fn assert_flagged(cases: &[(Language, String, &[&str])]) {
    for (language, code, expected) in cases {
        assert_eq!(
            program(*language, code).flagged(),
            *expected,
            "{language}: {code}"
        );
    }
}
