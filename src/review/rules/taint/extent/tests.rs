//! The extents the walk follows, on small programs: each access marked `«sink:...»` is judged
//! as a rule about extents would, and the test reads what was said of it.

use super::super::analyze_extent;
use super::super::fixture::program;
use super::*;
use crate::lang::Language::{self, Cpp, C};

/// What each access of `marked` that leaves its buffer says, in source order, and the text of
/// each access found within bounds, for a rule judging `access`.
fn judged(language: Language, access: Access, marked: &str) -> (Vec<String>, Vec<String>) {
    let mut program = program(language, marked);
    program.roles.extent = Some(Check::Bounds(access));
    program.roles.sources = sources(program.root(), &program.text, &program.names);
    let (flows, fits) = analyze_extent(
        program.language,
        program.root(),
        &program.text,
        &program.names,
        &program.roles,
    );
    let said = flows
        .into_iter()
        .map(|f| f.detail.expect("an access past an end says why"))
        .collect();
    let mut inside: Vec<_> = fits.into_iter().collect();
    inside.sort_by_key(|r| r.start);
    let inside = inside
        .into_iter()
        .map(|r| program.text[r].to_string())
        .collect();
    (said, inside)
}

fn writes(marked: &str) -> Vec<String> {
    judged(C, Access::Write, marked).0
}

#[test]
fn a_copy_is_judged_against_the_buffer_its_pointer_was_given() {
    let code = "void f(const char *s) {\n    char *data;\n    char small[50];\n    \
                char large[100];\n    data = small;\n    «sink:memcpy(data, s, 100 * sizeof(char))»;\n    \
                data = large;\n    «sink:memcpy(data, s, 100 * sizeof(char))»;\n}\n";
    let (said, inside) = judged(C, Access::Write, code);
    assert_eq!(
        said,
        ["`memcpy` writes 100 bytes into `data`, which has room for 50 bytes"]
    );
    assert_eq!(inside, ["memcpy(data, s, 100 * sizeof(char))"]);
}

#[test]
fn the_flow_runs_from_the_allocation_to_the_access() {
    let code = "void f(void) {\n    char *p = (char *)malloc(10);\n    char *q = p + 4;\n    \
                «sink:memset(q, 0, 7)»;\n}\n";
    let mut program = program(C, code);
    program.roles.extent = Some(Check::Bounds(Access::Write));
    program.roles.sources = sources(program.root(), &program.text, &program.names);
    let (flows, _) = analyze_extent(
        C,
        program.root(),
        &program.text,
        &program.names,
        &program.roles,
    );
    let steps: Vec<&str> = flows[0].steps.iter().map(|(_, s)| &**s).collect();
    assert_eq!(
        steps,
        [
            "`malloc(10)` allocates 10 bytes",
            "assigned to `p`",
            "assigned to `q`",
            "`memset` writes 7 bytes into `q`, which has room for 6 bytes: one past the end",
        ]
    );
}

#[test]
fn strings_need_their_terminator() {
    let cases: &[(&str, &[&str])] = &[
        (
            "void f(void) { char ten[10]; «sink:strcpy(ten, \"0123456789\")»; }",
            &["`strcpy` writes 11 bytes into `ten`, which has room for 10 bytes: one past the end"],
        ),
        ("void f(void) { char ten[10]; «sink:strcpy(ten, \"012345678\")»; }", &[]),
        (
            "#define NAME \"0123456789\"\nvoid f(void) { char ten[10]; «sink:strcpy(ten, NAME)»; }",
            &["`strcpy` writes 11 bytes into `ten`, which has room for 10 bytes: one past the end"],
        ),
        // A fill and a terminator give the string its length.
        (
            "void f(void) { char s[100]; char d[50] = \"\"; memset(s, 'A', 99); s[99] = '\\0'; \
             «sink:strcpy(d, s)»; }",
            &["`strcpy` writes 100 bytes into `d`, which has room for 50 bytes"],
        ),
        (
            "void f(void) { char s[100]; char d[50] = \"\"; memset(s, 'A', 99); s[49] = '\\0'; \
             «sink:strcpy(d, s)»; }",
            &[],
        ),
        // Appending counts what the buffer already holds.
        (
            "void f(void) { char d[20] = \"0123456789\"; «sink:strcat(d, \"0123456789\")»; }",
            &["`strcat` writes 21 bytes into `d`, which has room for 20 bytes: one past the end"],
        ),
        // A string of unknown length is not judged past the end.
        ("void f(const char *s) { char d[8]; «sink:strcpy(d, s)»; }", &[]),
    ];
    for (code, expected) in cases {
        assert_eq!(writes(code), *expected, "{code}");
    }
}

#[test]
fn a_format_reaches_its_bound_unless_its_output_is_known_to_be_shorter() {
    let cases: &[(&str, usize)] = &[
        (
            "void f(const char *s) { char d[50]; «sink:snprintf(d, 100, \"%s\", s)»; }",
            1,
        ),
        (
            "void f(const char *s) { char d[50]; «sink:snprintf(d, sizeof d, \"%s\", s)»; }",
            0,
        ),
        (
            "void f(int n) { char d[50]; «sink:snprintf(d, 100, \"n=%d\", n)»; }",
            0,
        ),
        (
            "void f(int n) { char d[10]; «sink:sprintf(d, \"count: %d\", n)»; }",
            1,
        ),
        (
            "void f(int n) { char d[20]; «sink:sprintf(d, \"count: %d\", n)»; }",
            0,
        ),
        (
            "void f(int n, const char *s) { char d[20]; «sink:sprintf(d, \"%s\", s)»; }",
            0,
        ),
    ];
    for (code, expected) in cases {
        assert_eq!(writes(code).len(), *expected, "{code}");
    }
}

#[test]
fn loop_counters_range_over_their_bounds_and_guards_narrow_them() {
    let cases: &[(&str, usize)] = &[
        ("void f(void) { int a[10]; int i; for (i = 0; i < 10; i++) «sink:a[i]» = 0; }", 0),
        ("void f(void) { int a[10]; int i; for (i = 0; i <= 10; i++) «sink:a[i]» = 0; }", 1),
        ("void f(void) { int a[10]; for (int i = 0; i < 10; i++) «sink:a[i + 1]» = 0; }", 1),
        ("void f(void) { int a[10]; int i; for (i = 0; i < 10; i++) «sink:a[i - 1]» = 0; }", 1),
        (
            "void f(void) { int a[10]; int i; for (i = 0; i < 20; i++) { if (i >= 10) break; \
             «sink:a[i]» = 0; } }",
            0,
        ),
        (
            "void f(void) { int a[10]; int i; for (i = 0; i < 20; i++) { if (i < 10) «sink:a[i]» = 0; } }",
            0,
        ),
        (
            "void f(void) { int a[10]; int i; for (i = 0; i < 20; i++) { if (!(i < 12)) continue; \
             «sink:a[i]» = 0; } }",
            1,
        ),
        // A counter its body changes, or a bound not known, is not followed.
        (
            "void f(void) { int a[10]; int i; for (i = 0; i < 20; i++) { i += 1; «sink:a[i]» = 0; } }",
            0,
        ),
        ("void f(int n) { int a[10]; int i; for (i = 0; i < n; i++) «sink:a[i]» = 0; }", 0),
        // `sizeof` of an int array counts bytes.
        (
            "void f(void) { int a[10]; unsigned i; for (i = 0; i < sizeof(a); i++) «sink:a[i]» = 0; }",
            1,
        ),
        // `i` is known after `strlen` of a string of known length.
        (
            "void f(void) { char s[11] = \"0123456789\"; char d[10]; size_t n = strlen(s); \
             for (size_t i = 0; i < n + 1; i++) «sink:d[i]» = s[i]; }",
            1,
        ),
    ];
    for (code, expected) in cases {
        assert_eq!(writes(code).len(), *expected, "{code}");
    }
}

#[test]
fn types_whose_size_the_scan_does_not_see_compare_in_their_own_unit() {
    let cases: &[(&str, usize)] = &[
        (
            "void f(node *s) { node *d = (node *)malloc(50 * sizeof(node)); \
             «sink:memcpy(d, s, 100 * sizeof(node))»; }",
            1,
        ),
        (
            "void f(node *s) { node *d = (node *)malloc(100 * sizeof(node)); \
             «sink:memcpy(d, s, 100 * sizeof(node))»; }",
            0,
        ),
        // Bytes and structs do not compare.
        (
            "void f(node *s) { node *d = (node *)malloc(50); «sink:memcpy(d, s, 100 * sizeof(node))»; }",
            0,
        ),
        (
            "void f(void) { node *d = (node *)malloc(50 * sizeof(node)); int i; \
             for (i = 0; i < 100; i++) «sink:d[i]» = d[0]; }",
            1,
        ),
        // Ten bytes are not ten ints.
        (
            "void f(int *s) { int *d = (int *)malloc(10); «sink:memcpy(d, s, 10 * sizeof(int))»; }",
            1,
        ),
    ];
    for (code, expected) in cases {
        assert_eq!(writes(code).len(), *expected, "{code}");
    }
}

#[test]
fn a_pointer_moved_before_its_buffer_writes_outside_it() {
    let said = writes(
        "void f(void) { char b[100]; char *p = b - 8; «sink:memset(p, 0, 10)»; \
         char *q = p + 8; «sink:memset(q, 0, 10)»; }",
    );
    assert_eq!(
        said,
        ["`memset` writes 10 bytes into `p`, 8 bytes before the start of the buffer it points into"]
    );
    let said = writes("void f(void) { int a[4]; int *p = a; p--; «sink:*p» = 1; }");
    assert_eq!(
        said,
        ["`*p` writes element 0 of `p`, 1 element before the start of the buffer it points into"]
    );
}

#[test]
fn branches_may_leave_a_pointer_in_any_of_their_buffers() {
    let code = "void f(int c, const char *s) {\n    char a[10];\n    char b[100];\n    char *p;\n    \
                if (c) p = a; else p = b;\n    «sink:memcpy(p, s, 20)»;\n    «sink:memcpy(p, s, 10)»;\n}\n";
    let (said, inside) = judged(C, Access::Write, code);
    assert_eq!(said.len(), 1);
    assert_eq!(inside, ["memcpy(p, s, 10)"]);
    // Another value on one branch (a parameter): nothing is known to fit, the known buffer may
    // still be overrun.
    let code =
        "void f(int c, char *s) {\n    char a[10];\n    char *p = s;\n    if (c) p = a;\n    \
                «sink:memcpy(p, s, 20)»;\n    «sink:memcpy(p, s, 10)»;\n}\n";
    let (said, inside) = judged(C, Access::Write, code);
    assert_eq!(said.len(), 1);
    assert!(inside.is_empty(), "{inside:?}");
    // A null pointer on one branch is no buffer: what is left fits.
    let code =
        "void f(int c, char *s) {\n    char a[10];\n    char *p = NULL;\n    if (c) p = a;\n    \
                «sink:memcpy(p, s, 10)»;\n}\n";
    assert_eq!(judged(C, Access::Write, code).1, ["memcpy(p, s, 10)"]);
}

#[test]
fn what_a_branch_writes_into_an_unwritten_buffer_is_what_it_holds_after() {
    let code = "void f(int c) {\n    char d[100];\n    char s[100];\n    memset(s, 'A', 99);\n    \
                s[99] = '\\0';\n    if (c) {\n        d[0] = '\\0';\n    }\n    «sink:strcat(d, s)»;\n}\n";
    let (said, inside) = judged(C, Access::Write, code);
    assert!(said.is_empty(), "{said:?}");
    assert_eq!(inside, ["strcat(d, s)"]);
    // Strings of two lengths: the longer is judged.
    let code = "void f(int c) {\n    char d[50];\n    char s[100];\n    memset(s, 'A', 99);\n    \
                if (c) s[99] = '\\0'; else s[40] = '\\0';\n    «sink:strcpy(d, s)»;\n}\n";
    assert_eq!(writes(code).len(), 1);
}

#[test]
fn a_buffer_handed_to_a_call_that_may_write_it_holds_what_is_not_known() {
    let cases: &[(&str, usize)] = &[
        ("void f(void) { char s[20] = \"\"; char d[5]; fill(s); «sink:strcpy(d, s)»; }", 0),
        ("void f(void) { char s[20] = \"\"; char d[5]; puts(s); «sink:strcpy(d, s)»; }", 0),
        (
            "void f(void) { char s[20] = \"0123456789\"; char d[5]; puts(s); «sink:strcpy(d, s)»; }",
            1,
        ),
        // Freed, then allocated again: the new size counts.
        (
            "void f(const char *s) { char *p = (char *)malloc(10); free(p); p = (char *)malloc(100); \
             «sink:memcpy(p, s, 50)»; }",
            0,
        ),
    ];
    for (code, expected) in cases {
        assert_eq!(writes(code).len(), *expected, "{code}");
    }
}

#[test]
fn reads_are_judged_on_the_side_they_read() {
    let code = "void f(char *out) {\n    char small[50];\n    char large[100];\n    \
                memset(large, 'B', 99);\n    large[99] = '\\0';\n    \
                «sink:memcpy(out, small, 100)»;\n    «sink:memcpy(out, large, strlen(large))»;\n}\n";
    let (said, inside) = judged(C, Access::Read, code);
    assert_eq!(
        said,
        ["`memcpy` reads 100 bytes from `small`, which holds 50 bytes"]
    );
    assert_eq!(inside, ["memcpy(out, large, strlen(large))"]);
    // A write is not a read.
    let (said, _) = judged(
        C,
        Access::Read,
        "void f(void) { int a[4]; «sink:a[4]» = 1; int b = «sink:a[5]»; }",
    );
    assert_eq!(
        said,
        ["`a[5]` reads element 5 of `a`, which holds 4 elements"]
    );
}

#[test]
fn numeric_macros_and_cpp_allocations_and_references_give_sizes() {
    let code =
        "#define SIZE 16\nvoid f(const char *s) { char b[SIZE]; «sink:memcpy(b, s, SIZE + 1)»; }";
    assert_eq!(writes(code).len(), 1);
    let cpp = |marked: &str| judged(Cpp, Access::Write, marked).0;
    assert_eq!(
        cpp("void f() { char *d = new char[10]; «sink:strcpy(d, \"0123456789\")»; }").len(),
        1
    );
    assert_eq!(
        cpp("void f() { wchar_t *d = new wchar_t[10]; «sink:wcscpy(d, L\"012345678\")»; }").len(),
        0
    );
    assert_eq!(
        cpp("void f() { char *data; char *&alias = data; char b[8]; data = b; «sink:memset(alias, 0, 9)»; }")
            .len(),
        1
    );
    // A C++ condition the constants decide takes one branch.
    assert_eq!(
        cpp("void f() { int i = 10; int *b = new int[10]; if (i >= 0 && i < 10) { «sink:b[i]» = 1; } }")
            .len(),
        0
    );
}

/// What each read of `marked` that reads unwritten memory says.
fn unwritten(language: Language, marked: &str) -> Vec<String> {
    let mut program = program(language, marked);
    program.roles.extent = Some(Check::Unwritten);
    program.roles.constructs = language == Cpp;
    program.roles.sources = sources(program.root(), &program.text, &program.names);
    let (flows, _) = analyze_extent(
        program.language,
        program.root(),
        &program.text,
        &program.names,
        &program.roles,
    );
    flows.into_iter().filter_map(|f| f.detail).collect()
}

#[test]
fn reads_of_what_no_path_wrote_are_reported() {
    let cases: &[(&str, usize)] = &[
        ("int f(void) { int a[4]; return «sink:a[2]»; }", 1),
        ("int f(void) { int a[4] = {0}; return «sink:a[2]»; }", 0),
        ("int f(void) { static int a[4]; return «sink:a[2]»; }", 0),
        ("int f(void) { int *a = (int *)calloc(4, sizeof(int)); return «sink:a[2]»; }", 0),
        ("int f(void) { int *a = (int *)malloc(4 * sizeof(int)); return «sink:a[2]»; }", 1),
        // A loop over part of the array writes that part.
        (
            "int f(void) { int a[10]; int i; for (i = 0; i < 5; i++) a[i] = i; return «sink:a[7]»; }",
            1,
        ),
        (
            "int f(void) { int a[10]; int i; for (i = 0; i < 5; i++) a[i] = i; return «sink:a[4]»; }",
            0,
        ),
        // What one path wrote counts (the paths may be correlated).
        ("int f(int c) { int a[4]; if (c) a[2] = 1; return «sink:a[2]»; }", 0),
        // A call given the buffer may write it; one given a value read from it does not.
        ("int f(void) { int a[4]; fill(a); return «sink:a[2]»; }", 0),
        ("int f(void) { int a[4]; show(a[0]); return «sink:a[2]»; }", 1),
        ("int f(void) { char a[4]; puts(a); return «sink:a[2]»; }", 1),
        // Written through a pointer the walk stops following (moved in a loop).
        (
            "int f(const char *s) { char a[8]; char *p = a; while (*s) *p++ = *s++; \
             return «sink:a[0]»; }",
            0,
        ),
        // A row of an array of arrays is where the row starts, not a read.
        ("void f(void) { char rows[2][8]; fill(«sink:rows[1]»); }", 0),
        // A loop that reads what its earlier rounds wrote.
        (
            "void f(void) { long w[64]; int i; for (i = 0; i < 16; i++) w[i] = i; \
             for (i = 16; i < 64; i++) w[i] = «sink:w[i - 2]»; }",
            0,
        ),
    ];
    for (code, expected) in cases {
        assert_eq!(unwritten(C, code).len(), *expected, "{code}");
    }
    assert_eq!(
        unwritten(C, "int f(void) { int a[10]; int i; for (i = 0; i < 5; i++) a[i] = i; int t = 0; \
                      for (i = 0; i < 10; i++) t += «sink:a[i]»; return t; }"),
        ["`a[i]` reads elements 0 to 9 of `a`; nothing has written the 20 bytes from 20 bytes into \
          its buffer"]
    );
}

#[test]
fn cpp_arrays_of_class_types_may_be_built_by_their_constructors() {
    let cases: &[(&str, usize)] = &[
        ("int f() { int *a = new int[4]; return «sink:a[1]»; }", 1),
        ("int f() { int *a = new int[4](); return «sink:a[1]»; }", 0),
        ("int f() { Pair p[4]; return «sink:p[1]».a; }", 0),
        (
            "int f() { Pair *p = new Pair[4]; return «sink:p[1]».a; }",
            0,
        ),
    ];
    for (code, expected) in cases {
        assert_eq!(unwritten(Cpp, code).len(), *expected, "{code}");
    }
}

/// Per function of `source` (C), per parameter: kept outright, or the names of the calls it is
/// handed to.
fn keeps(source: &str) -> Vec<(String, Vec<String>)> {
    let program = program(C, source);
    let shape = crate::review::rules::taint::summary::Shape::of(
        C,
        program.root(),
        &program.text,
        &program.names,
    )
    .expect("C has a shape");
    shape
        .functions
        .iter()
        .map(|function| {
            let said = function
                .keeps
                .iter()
                .map(|k| match k.kept {
                    true => String::from("kept"),
                    false => k
                        .through
                        .iter()
                        .map(|(call, _)| shape.calls[*call].name.clone())
                        .collect::<Vec<_>>()
                        .join(","),
                })
                .collect();
            (function.name.clone(), said)
        })
        .collect()
}

#[test]
fn a_parameter_only_read_is_not_kept_and_one_stored_returned_or_freed_is() {
    let found = keeps(
        "void show(const char *s) { if (s != NULL && s[0]) printf(\"%s\", s); }\n\
         void rest(const char *s) { show(strchr(s, ':') + 1); }\n\
         void put(struct bag *b, char *item) { b->items[b->n++] = item; }\n\
         char *same(char *p) { return p; }\n\
         void drop(char *p) { free(p); }\n\
         void alias(char *p) { char *q = p; use(q); }\n\
         void address(char *p) { remember(&p); }\n\
         void moved(char *p, int n) { p++; n = p == NULL; *p = 0; }\n\
         void enlist(struct item *it) { list_add(&it->link, &all); }\n\
         void post(char *p) { g = p++; }\n\
         void through(void (*run)(char *), char *p) { run(p); }\n\
         int exists(const char *path) { FILE *f = fopen(path, \"r\"); return f != NULL; }\n",
    );
    let of = |name: &str| {
        found
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, k)| k.clone())
            .unwrap_or_default()
    };
    assert_eq!(of("show"), [""], "compared, indexed and printed: read");
    assert_eq!(of("rest"), ["show"], "what `strchr` answers points into it");
    assert_eq!(
        of("put"),
        ["", "kept"],
        "`b->items[...]` reads `b`; `item` is stored"
    );
    assert_eq!(of("same"), ["kept"]);
    assert_eq!(of("drop"), ["kept"], "released: the caller gave it away");
    assert_eq!(of("alias"), ["kept"], "an alias is not followed");
    assert_eq!(of("address"), ["kept"]);
    assert_eq!(of("moved"), ["", ""]);
    assert_eq!(of("enlist"), ["kept"], "the address of a member is kept");
    assert_eq!(of("post"), ["kept"], "`p++` is still the pointer");
    assert_eq!(
        of("through"),
        ["", "kept"],
        "a call through a parameter is not known"
    );
    assert_eq!(of("exists"), [""], "`fopen` reads the path");
}

/// What each rule of `checks` (its check, and the texts of its sinks among those `marked`) finds
/// in its own walk, and what each finds walked together with the others (`analyze_extents`): per
/// rule, the flows and the accesses found inside their buffers.
type Found = Vec<(Vec<String>, Vec<Range<usize>>)>;
fn alone_and_together(marked: &str, checks: &[(Check, &[&str])]) -> (Found, Found) {
    use super::super::{analyze_extents, ExtentFindings};
    let mut program = program(C, marked);
    program.roles.sources = sources(program.root(), &program.text, &program.names);
    let rules: Vec<_> = checks
        .iter()
        .map(|(check, texts)| {
            let mut roles = program.roles.clone();
            roles.extent = Some(*check);
            roles.sinks = (program.roles.sinks.iter())
                .filter(|r| texts.contains(&&program.text[(*r).clone()]))
                .cloned()
                .collect();
            roles
        })
        .collect();
    assert!(rules.iter().all(|roles| roles.walks_as(&rules[0])));
    let said = |(flows, fits): &ExtentFindings| {
        let said: Vec<String> = flows.iter().map(|f| format!("{f:?}")).collect();
        let mut fits: Vec<Range<usize>> = fits.iter().cloned().collect();
        fits.sort_by_key(|r| (r.start, r.end));
        (said, fits)
    };
    let (root, text, names) = (program.root(), &program.text, &program.names);
    let alone = (rules.iter())
        .map(|roles| said(&analyze_extent(C, root, text, names, roles)))
        .collect();
    let rules: Vec<_> = rules.iter().collect();
    let together = analyze_extents(C, root, text, names, &rules)
        .expect("the walk runs to its end")
        .iter()
        .map(said)
        .collect();
    (alone, together)
}

/// Rules about extents walked as one (`analyze_extents`) find what each finds in its own walk.
/// That walk goes into a function only where the rule has a sink: `f` leaks `p`, but only the
/// rule about writes has a sink in `f`, so the leak there is no rule's.
#[test]
fn rules_walked_together_find_what_each_finds_alone() {
    let code =
        "void f(const char *s) {\n    char small[50];\n    char *p = (char *)malloc(10);\n    \
                «sink:memcpy(small, s, 100)»;\n}\n\
                void g(void) {\n    char *q = (char *)malloc(10);\n    char ten[10];\n    \
                «sink:ten[12]» = 'a';\n    «sink:ten[1]» = 'b';\n«sink:}»\n";
    let writes: &[&str] = &["memcpy(small, s, 100)", "ten[12]", "ten[1]"];
    let checks = [
        (Check::Bounds(Access::Write), writes),
        (Check::Leak, &["}"]),
    ];
    let (alone, together) = alone_and_together(code, &checks);
    assert_eq!(together, alone);
    // Something was found: two writes past an end and one inside, and the leak of `q` alone.
    assert_eq!(alone[0].0.len(), 2, "{:?}", alone[0]);
    assert_eq!(alone[0].1.len(), 1, "{:?}", alone[0]);
    assert_eq!(alone[1].0.len(), 1, "{:?}", alone[1]);
    assert!(alone[1].0[0].contains("q"), "{:?}", alone[1]);
}

/// A function nested in a loop (GNU C) that only the walk together goes into (the rule about
/// leaks has a sink there, the rule about reads none) changes nothing the walk carries on after
/// it: a `break` in it, outside its own loops (not C, but a parse may hold it), does not leave
/// the loop around it with its state.
#[test]
fn a_function_only_the_walk_together_goes_into_changes_nothing_around_it() {
    let code = "void e(int n) {\n    char big[100], small[4];\n    char *p = big;\n    \
                while (n--) {\n        int d(int x) { char *p = small; if (x) break; return 0; «sink:}»\n        \
                d(n);\n    }\n    char c = «sink:p[50]»;\n«sink:}»\n";
    let checks = [
        (Check::Bounds(Access::Read), &["p[50]"][..]),
        (Check::Leak, &["}"][..]),
    ];
    let (alone, together) = alone_and_together(code, &checks);
    assert_eq!(together, alone);
    assert_eq!(
        alone[0].1.len(),
        1,
        "`p[50]` reads inside `big`: {:?}",
        alone[0]
    );
}
