//! A node's kind and its children by field name, without what tree-sitter pays on every call:
//! `Node::kind` finds the end of the name's C string and checks that it is UTF-8, and
//! `Node::child_by_field_name` compares the name with each of the grammar's field names in turn.
//! The taint walks ask both many times (a sixth of a scan's time on C went there), so here each
//! grammar's names are read once, and the field names asked for, always the same few strings of
//! the program, are remembered by where they are stored.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use tree_sitter::Node;

use super::Language;

/// The names of one grammar.
struct Names {
    /// Node kinds' names, by kind id.
    kinds: Box<[Box<str>]>,
    /// Field names with their ids, sorted by name.
    fields: Box<[(Box<str>, u16)]>,
    /// The field ids last found for a name, by the name's address (see [`Names::field_id`]).
    recent: Box<[AtomicU64]>,
}

/// How many field names each grammar remembers.
const RECENT: usize = 256;

impl Names {
    /// The id of the field `name`, `None` when the grammar has none of that name. A name of the
    /// program's is stored at one address for as long as it runs, and a few of them are asked
    /// for all the time: each address and length is remembered with its id, in one word
    /// (address above 16 bits, length, id), so that no lock and no string is compared.
    fn field_id(&self, name: &'static str) -> Option<u16> {
        let address = name.as_ptr() as u64;
        let len = name.len() as u64;
        let cacheable = address < 1 << 48 && len < 1 << 8;
        let key = (address << 8) | len;
        let slot = &self.recent[((address >> 3) ^ (address >> 11) ^ len) as usize % RECENT];
        if cacheable {
            let entry = slot.load(Ordering::Relaxed);
            if entry != 0 && entry >> 8 == key {
                return u16::try_from(entry & 0xff).ok().filter(|id| *id != 0);
            }
        }
        let id = self
            .fields
            .binary_search_by(|(field, _)| (**field).cmp(name))
            .ok()
            .map(|at| self.fields[at].1);
        // Ids past a byte are looked up each time (no grammar has that many fields).
        if cacheable && id.is_none_or(|id| id < 1 << 8) {
            slot.store((key << 8) | u64::from(id.unwrap_or(0)), Ordering::Relaxed);
        }
        id
    }
}

/// Each grammar with its names.
type Table = Vec<(tree_sitter::Language, Names)>;

static NAMES: OnceLock<Table> = OnceLock::new();

fn names() -> &'static Table {
    NAMES.get_or_init(|| {
        Language::ALL
            .iter()
            .filter_map(|language| language.grammar())
            .map(|grammar| {
                let count = u16::try_from(grammar.node_kind_count()).unwrap_or(u16::MAX);
                let kinds = (0..count)
                    .map(|id| Box::from(grammar.node_kind_for_id(id).unwrap_or("")))
                    .collect();
                let field_count = u16::try_from(grammar.field_count()).unwrap_or(u16::MAX);
                let mut fields: Vec<(Box<str>, u16)> = (1..=field_count)
                    .filter_map(|id| Some((Box::from(grammar.field_name_for_id(id)?), id)))
                    .collect();
                fields.sort();
                let names = Names {
                    kinds,
                    fields: fields.into(),
                    recent: (0..RECENT).map(|_| AtomicU64::new(0)).collect(),
                };
                (grammar, names)
            })
            .collect()
    })
}

/// What a node's grammar names: its kind, its children's fields.
pub(crate) trait GrammarNames<'tree> {
    /// The kind of the node, as [`Node::kind`] says it.
    fn kind_name(&self) -> &'tree str;
    /// The child in the field `name`, as [`Node::child_by_field_name`] finds it.
    fn field(&self, name: &'static str) -> Option<Node<'tree>>;
}

/// The names of the grammar `node` was parsed with.
fn names_of(node: &Node<'_>) -> Option<&'static Names> {
    let language = node.language();
    names()
        .iter()
        .find(|(grammar, _)| *grammar == *language)
        .map(|(_, names)| names)
}

impl<'tree> GrammarNames<'tree> for Node<'tree> {
    #[inline]
    fn kind_name(&self) -> &'tree str {
        let id = usize::from(self.kind_id());
        names_of(self)
            .and_then(|names| names.kinds.get(id))
            .map(|name| &**name)
            // An error node (its id is past the table) or a grammar not in the table.
            .unwrap_or_else(|| self.kind())
    }

    #[inline]
    fn field(&self, name: &'static str) -> Option<Node<'tree>> {
        let Some(names) = names_of(self) else {
            return self.child_by_field_name(name);
        };
        self.child_by_field_id(names.field_id(name)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each grammar's field ids as tree-sitter gives them, asked for several times from names
    /// stored at several addresses (more than there are slots, so some share one), and for names
    /// that are no field.
    #[test]
    fn field_ids_are_tree_sitters_wherever_the_name_is_stored() {
        for (grammar, names) in super::names() {
            let mut asked: Vec<&'static str> = Vec::new();
            for id in 1..=grammar.field_count() as u16 {
                let name = grammar
                    .field_name_for_id(id)
                    .expect("ids up to the count are named");
                for _ in 0..3 {
                    asked.push(String::from(name).leak());
                }
                asked.push(format!("{name}_no").leak());
            }
            asked.push("");
            for _ in 0..2 {
                for name in &asked {
                    assert_eq!(
                        names.field_id(name),
                        grammar.field_id_for_name(name).map(|id| id.get()),
                        "{name:?}"
                    );
                }
            }
        }
    }

    /// Every node of a file of each language has the kind and the children by field that
    /// tree-sitter gives it, error nodes and aliased nodes (C++'s, TypeScript's) included.
    #[test]
    fn kinds_and_fields_agree_with_tree_sitter() {
        let samples = [
            (
                Language::Python,
                "def f(x):\n    return g(x, *y) if x else (\n",
            ),
            (
                Language::Cpp,
                "namespace a { template<class T> T f(T x) { return x; } }",
            ),
            (
                Language::TypeScript,
                "const f = (x: number): string => `${x}`; class A {",
            ),
            (
                Language::C,
                "int main(void) { char *p = malloc(4); free(p); }",
            ),
        ];
        for (language, source) in samples {
            let grammar = language
                .grammar()
                .expect("the sample's language has a grammar");
            let mut parser = tree_sitter::Parser::new();
            parser.set_language(&grammar).expect("grammar loads");
            let tree = parser.parse(source, None).expect("parses");
            let mut cursor = tree.walk();
            let mut seen = 0;
            loop {
                let node = cursor.node();
                assert_eq!(node.kind_name(), node.kind(), "{language:?}: {node:?}");
                for field in [
                    "name",
                    "body",
                    "function",
                    "arguments",
                    "left",
                    "value",
                    "no",
                ] {
                    assert_eq!(
                        node.field(field),
                        node.child_by_field_name(field),
                        "{language:?}: {node:?}.{field}"
                    );
                }
                seen += 1;
                if cursor.goto_first_child() || cursor.goto_next_sibling() {
                    continue;
                }
                while cursor.goto_parent() {
                    if cursor.goto_next_sibling() {
                        break;
                    }
                }
                if cursor.node() == tree.root_node() {
                    break;
                }
            }
            assert!(seen > 10, "{language:?}: walked {seen} nodes");
        }
    }
}
