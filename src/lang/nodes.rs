//! Each node's named children, found once for a file and shared by the walks of its rules.
//!
//! A taint walk asks for a node's children at every statement and expression it visits, and a
//! file is walked once per rule and once per set of free walks: the same children, found again
//! each time by stepping a cursor over every child, punctuation and hidden nodes included. The
//! table finds them once, and while a thread runs [`within`] it, [`named_children`] looks them
//! up by the node's id, [`each_named_below`] goes through the named nodes below one (a pass for a
//! file's declarations, or a function's) without stepping over the others, and [`path_below`]
//! goes down from a statement to a node of it (a sink) without searching every level's children
//! from the first. A node the table does not hold (of another tree, a copy of its own included,
//! or asked for outside a run within a table) is read from the tree as before. The answer is the
//! same either way: `answers_as_the_tree_does` checks both over every node of the rule test
//! files.
//!
//! A pass over a whole file that needs each node's field (the file's shape) is made with one
//! cursor, [`descend`], rather than with the table: a pass made once needs no table.

use std::cell::Cell;
use std::collections::HashMap;
use std::num::NonZeroU16;
use std::ops::{ControlFlow, Range};

use tree_sitter::Node;

/// The named children of the named nodes of one tree (those under named parents up to the root:
/// in the grammars shardscan has, no other node has children).
pub(crate) struct Nodes<'t> {
    root: Node<'t>,
    /// Where a node's children start in `named`, and how many there are.
    index: HashMap<usize, (u32, u32), foldhash::fast::FixedState>,
    named: Vec<Node<'t>>,
    /// Every named node's children are in the table: no anonymous node holds a named one, and
    /// the tree has fewer than four billion nodes.
    whole: bool,
}

impl<'t> Nodes<'t> {
    /// The table of every named node under `root`, `root` included.
    pub(crate) fn of(root: Node<'t>) -> Self {
        let mut index = HashMap::with_hasher(foldhash::fast::FixedState::default());
        let mut named: Vec<Node<'t>> = Vec::new();
        let mut stack = vec![root];
        let mut cursor = root.walk();
        let mut whole = true;
        while let Some(node) = stack.pop() {
            let start = named.len();
            // The children as `Node::children` steps over them.
            cursor.reset(node);
            let mut more = cursor.goto_first_child();
            while more {
                let child = cursor.node();
                if child.is_named() {
                    named.push(child);
                } else if child.child_count() > 0 && holds_named(child) {
                    // An anonymous node has only tokens below it (Python's `is not`) in the
                    // grammars shardscan has; should one hold a named node, that node is not
                    // in the table, and no pass over the nodes below one is made from it.
                    whole = false;
                }
                more = cursor.goto_next_sibling();
            }
            let (Ok(from), Ok(count)) = (u32::try_from(start), u32::try_from(named.len() - start))
            else {
                // Past four billion nodes, the rest are read from the tree.
                named.truncate(start);
                whole = false;
                break;
            };
            index.insert(node.id(), (from, count));
            stack.extend_from_slice(&named[start..]);
        }
        Self {
            root,
            index,
            named,
            whole,
        }
    }

    /// The node the table was made from.
    pub(crate) fn root(&self) -> Node<'t> {
        self.root
    }

    /// The named children of `node`, when the table holds `node`.
    fn children(&self, node: Node<'t>) -> Option<&[Node<'t>]> {
        let &(from, count) = self.index.get(&node.id())?;
        Some(&self.named[from as usize..][..count as usize])
    }
}

thread_local! {
    /// The table of the tree this thread walks now, if it walks within one.
    static ENTERED: Cell<*const ()> = const { Cell::new(std::ptr::null()) };
}

/// Puts back, when it drops, the table a run of [`within`] replaced.
struct Restore(*const ());

impl Drop for Restore {
    fn drop(&mut self) {
        ENTERED.with(|entered| entered.set(self.0));
    }
}

/// Runs `walk` with `nodes` answering for its tree on this thread; with `None`, whatever table
/// answers now (if any) goes on answering. Runs nest (a worker may take up another file's work
/// while it waits for its own): each puts back the table before it when it ends, panicking or
/// not.
pub(crate) fn within<R>(nodes: Option<&Nodes<'_>>, walk: impl FnOnce() -> R) -> R {
    let Some(nodes) = nodes else {
        return walk();
    };
    let table = std::ptr::from_ref(nodes).cast::<()>();
    let _restore = Restore(ENTERED.with(|entered| entered.replace(table)));
    walk()
}

/// Whether a named node lies below `node`.
fn holds_named(node: Node<'_>) -> bool {
    let mut found = false;
    each_named_below_by_cursor(node, |_| {
        found = true;
        ControlFlow::Break(())
    });
    found
}

/// Calls `each` with the named nodes below `node` in the order of the text, each before the
/// nodes inside it, found by stepping a cursor over every node, until `each` breaks.
pub(crate) fn each_named_below_by_cursor<'t>(
    node: Node<'t>,
    mut each: impl FnMut(Node<'t>) -> ControlFlow<()>,
) {
    // With a cursor rather than recursion: a tree can be thousands of levels deep.
    let mut cursor = node.walk();
    let mut depth = 0usize;
    loop {
        if cursor.goto_first_child() {
            depth += 1;
        } else {
            while !cursor.goto_next_sibling() {
                if depth == 0 || !cursor.goto_parent() {
                    return;
                }
                depth -= 1;
            }
        }
        if depth == 0 {
            return;
        }
        if cursor.node().is_named() && each(cursor.node()).is_break() {
            return;
        }
    }
}

/// The address of the tree `node` is of (a copy of a tree is another tree).
fn tree_of(node: Node<'_>) -> usize {
    node.into_raw().tree as usize
}

/// What `answer` says of the entered table, when it is of `node`'s tree.
fn asked<'t, R>(node: Node<'t>, answer: impl FnOnce(&Nodes<'t>) -> Option<R>) -> Option<R> {
    let table = ENTERED.with(Cell::get);
    if table.is_null() {
        return None;
    }
    // SAFETY: a table is entered only for the length of a run of `within`, which borrows it,
    // and each run puts back the one before it as it ends: an entered table is alive. Until
    // the check below, only its root's address is read; after it, the table is known to be of
    // `node`'s tree (the tree at that address, which the table borrows, so it is no other tree
    // at the same address since), and its nodes live as long as `node` does.
    let table = unsafe { &*table.cast::<Nodes<'t>>() };
    if tree_of(node) != tree_of(table.root) {
        return None;
    }
    answer(table)
}

/// What the entered table holds of `node`'s named children, when it holds `node`.
fn held<'t>(node: Node<'t>) -> Option<Vec<Node<'t>>> {
    asked(node, |table| Some(table.children(node)?.to_vec()))
}

/// Calls `each` with every named node below `node` in the order of the text, each before the
/// nodes inside it, when the entered table holds `node`: the nodes a cursor would meet, without
/// stepping over punctuation and hidden nodes. `false`, having called nothing, otherwise.
pub(crate) fn each_named_below<'t>(node: Node<'t>, mut each: impl FnMut(Node<'t>)) -> bool {
    asked(node, |table| {
        if !table.whole {
            return None;
        }
        // The children still to meet of each node on the way down: a stack, not recursion,
        // since trees can be thousands of levels deep.
        let mut pending = vec![table.children(node)?.iter()];
        while let Some(children) = pending.last_mut() {
            let Some(child) = children.next() else {
                pending.pop();
                continue;
            };
            each(*child);
            if let Some(below) = table.children(*child).filter(|at| !at.is_empty()) {
                pending.push(below.iter());
            }
        }
        Some(())
    })
    .is_some()
}

/// The nodes from `node` down to the outermost node below it with exactly the bytes `range`
/// (both included), when the entered table holds `node` whole and that node is named: the
/// nodes a cursor stepping down from `node` towards `range` would meet. `None` when the table
/// cannot say (the tree then answers).
pub(crate) fn path_below<'t>(node: Node<'t>, range: &Range<usize>) -> Option<Vec<Node<'t>>> {
    asked(node, |table| {
        // Every node on the way is named: in a whole table no anonymous node holds one.
        if !table.whole || range.is_empty() {
            return None;
        }
        let mut path = vec![node];
        let mut at = node;
        loop {
            let children = table.children(at)?;
            // Siblings do not overlap: the one around `range` is the last to start at or
            // before it.
            let after = children.partition_point(|c| c.start_byte() <= range.start);
            let child = *children[..after].last()?;
            if child.end_byte() < range.end {
                return None;
            }
            path.push(child);
            if child.byte_range() == *range {
                return Some(path);
            }
            at = child;
        }
    })
}

/// A named child with where it stands among its parent's children: the field it is in, if
/// any, and whether it is the first child (named or not) in that field.
#[cfg(test)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct InField<'t> {
    node: Node<'t>,
    field: Option<NonZeroU16>,
    first: bool,
}

/// The named children of `node` in order, each with where it stands, found by stepping a cursor
/// over every child of `node`: what [`descend`] must give, level by level.
#[cfg(test)]
fn named_children_in_fields_by_cursor(node: Node<'_>) -> Vec<InField<'_>> {
    let mut children = Vec::new();
    let mut met = Vec::new();
    let mut cursor = node.walk();
    let mut more = cursor.goto_first_child();
    while more {
        let field = cursor.field_id();
        let first = field.is_some_and(|field| !met.contains(&field));
        met.extend(field);
        if cursor.node().is_named() {
            children.push(InField {
                node: cursor.node(),
                field,
                first,
            });
        }
        more = cursor.goto_next_sibling();
    }
    children
}

/// Where a named node stands among its parent's children: the field it is in, and whether no
/// child before it (named or not) is in that field. `None` for the node a walk starts from.
pub(crate) type Standing = Option<(Option<NonZeroU16>, bool)>;

/// Calls `visit` with every named node under `root` (`root` first) in the order of the text,
/// each before the nodes inside it, with what `visit` gave for its parent (`top` for `root`'s)
/// and where it stands (see [`Standing`]): found with one cursor for the whole walk, not a
/// cursor and a list per node. Named nodes under an anonymous one (none, in the grammars
/// shardscan has) are not visited.
pub(crate) fn descend<'t, S: Copy>(
    root: Node<'t>,
    top: S,
    mut visit: impl FnMut(Node<'t>, S, Standing) -> S,
) {
    let inside = visit(root, top, None);
    let mut cursor = root.walk();
    if !cursor.goto_first_child() {
        return;
    }
    // Per level open below `root`: what its children are given, and the fields met so far
    // among them. Levels closed are kept, their lists reused.
    let mut levels: Vec<(S, Vec<NonZeroU16>)> = vec![(inside, Vec::new())];
    let mut open = 1;
    loop {
        let (given, met) = &mut levels[open - 1];
        let given = *given;
        let field = cursor.field_id();
        let first = field.is_some_and(|field| !met.contains(&field));
        met.extend(field.filter(|_| first));
        let node = cursor.node();
        if node.is_named() {
            let inside = visit(node, given, Some((field, first)));
            if cursor.goto_first_child() {
                match levels.get_mut(open) {
                    Some(level) => {
                        level.0 = inside;
                        level.1.clear();
                    }
                    None => levels.push((inside, Vec::new())),
                }
                open += 1;
                continue;
            }
        }
        // On to the next sibling, of this node or of the nearest level above that has one.
        while !cursor.goto_next_sibling() {
            open -= 1;
            if open == 0 || !cursor.goto_parent() {
                return;
            }
        }
    }
}

/// The named children of `node`, in order.
pub(crate) fn named_children(node: Node<'_>) -> Vec<Node<'_>> {
    held(node).unwrap_or_else(|| {
        let mut cursor = node.walk();
        node.named_children(&mut cursor).collect()
    })
}

/// Every file of the rule pack (`queries/<language>/`) in a language with a grammar, its
/// rules' test files among them, in order, each read and parsed: for tests that go over the
/// pack's own examples in every language the rules cover.
#[cfg(test)]
pub(crate) fn parsed_rule_test_files() -> Vec<(
    std::path::PathBuf,
    crate::lang::Language,
    String,
    tree_sitter::Tree,
)> {
    let queries = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("queries");
    let mut files: Vec<_> = std::fs::read_dir(&queries)
        .expect("the rule pack")
        .flat_map(|dir| std::fs::read_dir(dir.expect("a language").path()).expect("its files"))
        .map(|entry| entry.expect("a file").path())
        .collect();
    files.sort();
    let mut parser = tree_sitter::Parser::new();
    let mut parsed = Vec::new();
    for path in files {
        let Some(language) = crate::lang::Language::from_extension(&path) else {
            continue;
        };
        let Some(grammar) = language.grammar() else {
            continue;
        };
        let text = std::fs::read_to_string(&path).expect("a test file");
        parser.set_language(&grammar).expect("the grammar loads");
        let tree = parser.parse(&text, None).expect("it parses");
        parsed.push((path, language, text, tree));
    }
    parsed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Language;

    /// Over every node of every rule test file (the pack's own examples, in every language the
    /// rules cover), named or not, the table gives the children the tree does.
    #[test]
    fn answers_as_the_tree_does() {
        let mut checked = std::collections::BTreeMap::<Language, usize>::new();
        let mut paths = std::collections::BTreeMap::<Language, usize>::new();
        for (path, language, _, tree) in parsed_rule_test_files() {
            let table = Nodes::of(tree.root_node());
            // Every node, named or not, each asked once within the table and once not.
            let mut all = Vec::new();
            let mut stack = vec![tree.root_node()];
            while let Some(node) = stack.pop() {
                all.push(node);
                let mut cursor = node.walk();
                stack.extend(node.children(&mut cursor));
            }
            let plain: Vec<_> = all.iter().map(|node| named_children(*node)).collect();
            within(Some(&table), || {
                for (node, children) in all.iter().zip(&plain) {
                    let at = format!(
                        "{} at {:?} in {}",
                        node.kind(),
                        node.byte_range(),
                        path.display()
                    );
                    // Nodes compare by id alone: compare all that makes one.
                    let raw = |nodes: &[Node<'_>]| -> Vec<_> {
                        let raw = nodes.iter().map(|n| n.into_raw());
                        raw.map(|n| (n.context, n.id, n.tree)).collect()
                    };
                    let found = named_children(*node);
                    assert_eq!(raw(&found), raw(children), "children of {at}");
                    // Each named node's children come from the table itself.
                    let from_table = held(*node);
                    assert_eq!(from_table.is_some(), node.is_named(), "{at} in the table");
                    if let Some(from_table) = from_table {
                        assert_eq!(raw(&from_table), raw(children), "children of {at}");
                    }
                    // The way down to each node two levels below it, and to a range that
                    // is no node's, as a cursor goes.
                    let mut cursor = node.walk();
                    for child in node.children(&mut cursor) {
                        let mut ranges =
                            vec![child.byte_range(), child.start_byte()..child.end_byte() + 1];
                        let mut inner = child.walk();
                        ranges.extend(child.children(&mut inner).map(|c| c.byte_range()));
                        for range in ranges {
                            let found = path_below(*node, &range);
                            let expected = path_by_cursor(*node, &range);
                            // The table answers for every way down made of named nodes.
                            let named = expected.as_ref().is_some_and(|path| {
                                path.iter().all(|n| n.is_named()) && !range.is_empty()
                            });
                            if table.whole && named {
                                *paths.entry(language).or_default() += 1;
                            } else if found.is_none() {
                                continue;
                            }
                            let found = found.as_deref().map(raw);
                            assert_eq!(found, expected.as_deref().map(raw), "{range:?} below {at}");
                        }
                    }
                    // And the named nodes below it, in the order a cursor meets them.
                    let mut below = Vec::new();
                    let answered = each_named_below(*node, |n| below.push(n));
                    assert_eq!(answered, node.is_named(), "{at}: below it from the table");
                    if answered {
                        let mut by_cursor = Vec::new();
                        each_named_below_by_cursor(*node, |n| {
                            by_cursor.push(n);
                            ControlFlow::Continue(())
                        });
                        assert_eq!(raw(&below), raw(&by_cursor), "below {at}");
                    }
                }
            });
            *checked.entry(language).or_default() += all.len();
        }
        // The check covers every language the taint engine walks.
        let walked = [
            Language::Python,
            Language::JavaScript,
            Language::TypeScript,
            Language::Go,
            Language::Java,
            Language::C,
            Language::Cpp,
            Language::CSharp,
            Language::Php,
        ];
        for language in walked {
            assert!(
                checked.get(&language).is_some_and(|n| *n > 1000),
                "{checked:?}"
            );
            assert!(paths.get(&language).is_some_and(|n| *n > 1000), "{paths:?}");
        }
    }

    /// Over every rule test file, [`descend`] visits the named nodes a walk down from the root
    /// meets (each node's named children, found with a cursor of its own), in the same order,
    /// each given what its parent was given back and where it stands among its parent's
    /// children; from a node within the tree, only those below it.
    #[test]
    fn descends_as_each_node_s_children_say() {
        let raw = |node: Node<'_>| {
            let raw = node.into_raw();
            (raw.context, raw.id, raw.tree)
        };
        let mut visited = std::collections::BTreeMap::<Language, usize>::new();
        for (path, language, _, tree) in parsed_rule_test_files() {
            let root = tree.root_node();
            // From the root, and from its last named child (the siblings after it not visited).
            let last = u32::try_from(root.named_child_count().max(1) - 1).expect("small");
            let starts = [Some(root), root.named_child(last)];
            for start in starts.into_iter().flatten() {
                let mut expected = Vec::new();
                let mut stack = vec![(start, None, None)];
                while let Some((node, parent, standing)) = stack.pop() {
                    expected.push((raw(node), parent, standing));
                    let children = named_children_in_fields_by_cursor(node);
                    for child in children.into_iter().rev() {
                        let standing = Some((child.field, child.first));
                        stack.push((child.node, Some(raw(node)), standing));
                    }
                }
                let mut found = Vec::new();
                descend(start, None, |node, parent, standing| {
                    found.push((raw(node), parent, standing));
                    Some(raw(node))
                });
                assert!(found == expected, "{}", path.display());
                *visited.entry(language).or_default() += found.len();
            }
        }
        assert!(
            visited.len() > 8 && visited.values().all(|n| *n > 100),
            "{visited:?}"
        );
    }

    /// The nodes from `node` down to the outermost one below it with exactly the bytes
    /// `range`, stepping a cursor over every child on the way (named or not).
    fn path_by_cursor<'t>(node: Node<'t>, range: &Range<usize>) -> Option<Vec<Node<'t>>> {
        let mut path = vec![node];
        let mut at = node;
        loop {
            let mut cursor = at.walk();
            let around = |c: &Node<'_>| c.start_byte() <= range.start && c.end_byte() >= range.end;
            let child = at.children(&mut cursor).find(around)?;
            path.push(child);
            if child.byte_range() == *range {
                return Some(path);
            }
            at = child;
        }
    }

    /// A table answers only for its own tree, not for a copy of it that shares its nodes, and
    /// only within a run; runs nest, and one that panics puts back the table before it.
    #[test]
    fn answers_only_for_its_tree_within_a_run() {
        let grammar = Language::C.grammar().expect("C's grammar");
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&grammar).expect("the grammar loads");
        let one = parser.parse("int f(int a) { return a; }", None);
        let two = parser.parse("int g(int b) { b++; }", None);
        let (one, two) = (one.expect("it parses"), two.expect("it parses"));
        let copy = one.clone();
        let (table_one, table_two) = (Nodes::of(one.root_node()), Nodes::of(two.root_node()));
        let holds = |node: Node<'_>| held(node).is_some();
        assert!(!holds(one.root_node()));
        within(Some(&table_one), || {
            assert!(holds(one.root_node()));
            assert!(!holds(two.root_node()));
            let child = one.root_node().child(0).expect("a function");
            let copied = copy.root_node().child(0).expect("a function");
            assert_eq!(child.id(), copied.id(), "a copy shares its tree's nodes");
            assert!(holds(child));
            assert!(!holds(copied));
            within(Some(&table_two), || {
                assert!(holds(two.root_node()));
                assert!(!holds(one.root_node()));
            });
            let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                within(Some(&table_two), || panic!("a walk that panics"))
            }));
            assert!(panicked.is_err());
            within(None, || assert!(holds(one.root_node())));
            assert!(holds(one.root_node()));
            assert_eq!(named_children(one.root_node()).len(), 1);
        });
        assert!(!holds(one.root_node()));
    }
}
