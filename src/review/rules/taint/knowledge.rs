//! What the engine knows of common APIs, whatever the language: methods that fill their receiver
//! or the place an argument points at, that store or read an entry by key, that build strings, and
//! the names of the object a method runs on. What one language alone knows (its carriers, calls
//! that only answer a number or yes/no, out-parameters) sits in its table in `lang/`.

/// Methods that put their arguments into their receiver (a builder, a list, a map).
pub(super) const FILLS_RECEIVER: &[&str] = &[
    "append",
    "appendleft",
    "extend",
    "add",
    "addAll",
    "addFirst",
    "addLast",
    "offer",
    "push",
    "unshift",
    "insert",
    "put",
    "putAll",
    "putIfAbsent",
    "set",
    "setdefault",
    "update",
    "write",
    "Write",
    "WriteString",
    "WriteByte",
    "WriteRune",
    "Add",
    "Set",
    "setProperty",
];

/// Methods of a reader that fill the place their first argument points at.
pub(super) const FILLS_ARGUMENT: &[&str] = &[
    "Decode",
    "Unmarshal",
    "Bind",
    "BindJSON",
    "ShouldBind",
    "ShouldBindJSON",
];

/// Methods that store a value under a key given first (`m.put("k", v)`).
pub(super) const STORES_BY_KEY: &[&str] =
    &["put", "set", "Set", "Add", "setdefault", "putIfAbsent"];

/// Methods that read the entry of a key given first (`m.get("k")`).
pub(super) const READS_BY_KEY: &[&str] = &[
    "get",
    "Get",
    "pop",
    "getOrDefault",
    "getProperty",
    "getString",
];

/// Methods that build a string out of their arguments.
pub(super) const BUILDS_STRINGS: &[&str] = &[
    "format",
    "format_map",
    "join",
    "replace",
    "replaceAll",
    "substitute",
    "safe_substitute",
    "concat",
];

/// The names of the object a method runs on (`self`, `this`): its state is the program's own.
pub(super) fn is_own_object(name: &str) -> bool {
    matches!(name, "self" | "cls" | "this" | "$this")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A store by key is looked for only among the methods that fill their receiver.
    #[test]
    fn every_store_by_key_fills_its_receiver() {
        for name in STORES_BY_KEY {
            assert!(FILLS_RECEIVER.contains(name), "`{name}`");
        }
    }

    #[test]
    fn a_method_runs_on_its_own_object_under_these_names() {
        for name in ["self", "cls", "this", "$this"] {
            assert!(is_own_object(name), "`{name}`");
        }
        for name in ["me", "req", "$self", "This", "s"] {
            assert!(!is_own_object(name), "`{name}`");
        }
    }
}
