//! The offline rules reviewer: tree-sitter queries from `queries/<language>/`, one rule per file,
//! run all at once over each file's single parse tree.
//!
//! Built-in rules are embedded in the binary by `build.rs`; `--rules DIR` loads a user's own through
//! the same code, so both are validated the same way.

pub(crate) mod engine;
pub(crate) mod join;
pub(crate) mod kindless;
pub(crate) mod meta;
pub(crate) mod names;
mod predicates;
mod prefilter;
pub(crate) mod reviewer;
mod structures;
mod syntax;
pub(crate) mod taint;
pub(crate) mod testing;

use std::collections::{BTreeMap, HashMap};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use rayon::prelude::*;

use crate::lang::Language;

/// A set of byte ranges of a file, hashed with foldhash: the walks ask the rules' roles and the
/// file's calls and sinks by range millions of times on a large tree, where the standard
/// SipHash cost a few percent of a scan. Seeded at random, as the standard one is.
pub(crate) type RangeSet = std::collections::HashSet<Range<usize>, foldhash::fast::RandomState>;

/// A map keyed by byte ranges of a file (see [`RangeSet`]).
pub(crate) type RangeMap<V> = HashMap<Range<usize>, V, foldhash::fast::RandomState>;
pub(crate) use meta::RuleMeta;
pub(crate) use reviewer::RulesReviewer;

include!(concat!(env!("OUT_DIR"), "/embedded_rules.rs"));

/// Where a rule or test file came from, for messages and `rules list`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Origin {
    /// Embedded; the path is relative to `queries/`.
    Builtin(String),
    User(PathBuf),
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Builtin(rel) => write!(f, "queries/{rel}"),
            Origin::User(path) => write!(f, "{}", path.display()),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub(crate) enum RuleError {
    #[error("failed to load rule `{origin}`: {message}")]
    Invalid { origin: Origin, message: String },
    #[error("failed to read rules from `{}`: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("rule id `{id}` is defined twice: in `{first}` and in `{second}`")]
    DuplicateId {
        id: String,
        first: Origin,
        second: Origin,
    },
    #[error("rules directory `{}` holds no rule files (`*.scm`)", .0.display())]
    Empty(PathBuf),
    #[error(
        "`{}` in a rules directory is a symbolic link to `{}`, outside the directory; rule \
         files are read only from inside it",
        path.display(),
        target.display()
    )]
    LinkOutside { path: PathBuf, target: PathBuf },
    /// `--enable` or `--disable` names no rule, or both name one.
    #[error("{0}")]
    Selection(String),
}

/// A loaded, validated rule.
#[derive(Debug)]
pub(crate) struct Rule {
    pub(crate) meta: RuleMeta,
    pub(crate) origin: Origin,
    pub(crate) languages: Vec<Language>,
    /// The whole file: metadata comments plus the query, followed by the partials it includes.
    pub(crate) source: String,
    /// The partials appended to `source` (`; include:`): each one's file and where it sits in
    /// `source`. A language's taint rules that include the same partial share one copy of its
    /// patterns in the compiled query.
    pub(crate) partials: Vec<(PathBuf, Range<usize>)>,
}

impl Rule {
    /// What a report says about this rule.
    pub(crate) fn descriptor(&self) -> crate::model::RuleDescriptor {
        let meta = &self.meta;
        crate::model::RuleDescriptor {
            id: meta.id.clone(),
            name: meta.name.clone(),
            description: meta::strip_template(&meta.message),
            help: meta.help.clone(),
            severity: meta.severity,
            cwe: meta.cwe.clone(),
            tags: meta.tags.clone(),
            precision: meta.precision.as_str().to_string(),
            security_severity: meta.security_severity,
        }
    }
}

/// An annotated test file that sits beside a rule (`sql.scm` + `sql.py`).
#[derive(Debug)]
pub(crate) struct RuleTestFile {
    pub(crate) origin: Origin,
    pub(crate) language: Language,
    pub(crate) text: String,
}

/// Every rule in force, plus one compiled query per language (built on first use).
pub(crate) struct RuleSet {
    rules: Vec<Rule>,
    /// Ids not in force: turned off with `--disable`, or off by default and not enabled (their
    /// test annotations are not errors).
    disabled: Vec<String>,
    tests: Vec<RuleTestFile>,
    compiled: HashMap<Language, OnceLock<Result<engine::CompiledRules, RuleError>>>,
}

impl std::fmt::Debug for RuleSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RuleSet")
            .field("rules", &self.rules.len())
            .finish()
    }
}

/// Options for [`RuleSet::load`].
#[derive(Clone, Debug, Default)]
pub(crate) struct RuleSources {
    /// Load the embedded pack.
    pub(crate) builtin: bool,
    /// Extra rule directories (`--rules DIR`).
    pub(crate) dirs: Vec<PathBuf>,
    /// Rule ids to leave out.
    pub(crate) disabled: Vec<String>,
    /// Rules off by default (`; default: off`) to use as well.
    pub(crate) enabled: Vec<String>,
    /// Use every rule that is off by default too (for `rules test` and `rules list`).
    pub(crate) every_optional: bool,
    /// Threads that may check the user rules at load (0: one per CPU); `--jobs` for a scan.
    pub(crate) threads: usize,
}

impl RuleSet {
    /// The embedded pack alone.
    #[cfg(test)]
    pub(crate) fn builtin() -> Result<RuleSet, RuleError> {
        RuleSet::load(&RuleSources {
            builtin: true,
            every_optional: true,
            ..RuleSources::default()
        })
    }

    pub(crate) fn load(sources: &RuleSources) -> Result<RuleSet, RuleError> {
        // (where it came from, its path for telling the language, contents)
        let mut files: Vec<(Origin, PathBuf, String)> = Vec::new();
        if sources.builtin {
            for (rel, text) in EMBEDDED {
                let origin = Origin::Builtin((*rel).to_string());
                files.push((origin, PathBuf::from(rel), (*text).to_string()));
            }
        }
        for dir in &sources.dirs {
            let mut found = Vec::new();
            let inside = dir.canonicalize().map_err(|source| RuleError::Io {
                path: dir.clone(),
                source,
            })?;
            read_dir_files(dir, &inside, &mut found)?;
            if !found
                .iter()
                .any(|(path, _)| path.extension().is_some_and(|e| e == "scm"))
            {
                return Err(RuleError::Empty(dir.clone()));
            }
            // The language comes from directories inside the rules directory (itself included),
            // never from where that directory happens to sit.
            let base = dir.parent().unwrap_or(dir);
            for (path, text) in found {
                let lookup = path.strip_prefix(base).unwrap_or(&path).to_path_buf();
                files.push((Origin::User(path), lookup, text));
            }
        }
        let mut rules = Vec::new();
        let mut dormant = Vec::new();
        let mut tests = Vec::new();
        let mut seen: BTreeMap<String, Origin> = BTreeMap::new();
        let partials: BTreeMap<PathBuf, String> = files
            .iter()
            .filter(|(_, lookup, _)| lookup.extension().is_some_and(|e| e == PARTIAL))
            .map(|(_, lookup, text)| (lookup.clone(), text.clone()))
            .collect();
        for (origin, lookup, text) in files {
            let path = origin_path(&origin);
            let is_rule = path.extension().is_some_and(|e| e == "scm");
            if is_rule {
                let rule = parse_rule(origin, &lookup, text, &partials)?;
                if let Some(first) = seen.get(&rule.meta.id) {
                    return Err(RuleError::DuplicateId {
                        id: rule.meta.id.clone(),
                        first: first.clone(),
                        second: rule.origin.clone(),
                    });
                }
                seen.insert(rule.meta.id.clone(), rule.origin.clone());
                let id = &rule.meta.id;
                if sources.disabled.contains(id) {
                    continue;
                }
                if rule.meta.off_by_default
                    && !sources.every_optional
                    && !sources.enabled.contains(id)
                {
                    dormant.push(id.clone());
                    continue;
                }
                rules.push(rule);
            } else if let Some(language) = Language::from_extension(&path) {
                tests.push(RuleTestFile {
                    origin,
                    language,
                    text,
                });
            }
        }
        for id in &sources.disabled {
            if !seen.contains_key(id) {
                return Err(RuleError::Selection(format!(
                    "cannot disable unknown rule `{id}` (`shardscan rules list` shows every id)"
                )));
            }
        }
        for id in &sources.enabled {
            if !seen.contains_key(id) {
                return Err(RuleError::Selection(format!(
                    "cannot enable unknown rule `{id}` (`shardscan rules list` shows every id)"
                )));
            }
            if sources.disabled.contains(id) {
                return Err(RuleError::Selection(format!(
                    "rule `{id}` is both enabled and disabled; drop one of the two"
                )));
            }
        }
        let mut set = RuleSet::from_rules(rules, tests);
        set.disabled = sources.disabled.iter().cloned().chain(dormant).collect();
        // User rules are checked eagerly so a bad query fails at start-up with its file name; the
        // built-in pack is compiled lazily (its queries are checked by the test suite).
        if !sources.dirs.is_empty() {
            set.check_user_rules(sources.threads)?;
        }
        Ok(set)
    }

    /// Compiles the user rules of each language they cover, as written, all of a language's
    /// together, the languages side by side on `threads` threads (0: one per CPU). The
    /// error reported is the first failing rule's, in the order of the files.
    ///
    /// One query per rule would cost far more: tree-sitter pays a fixed part for each query, about
    /// 9 ms, so a directory with a copy of the built-in pack took 7 s to check that way.
    fn check_user_rules(&self, threads: usize) -> Result<(), RuleError> {
        let is_user = |rule: &Rule| matches!(rule.origin, Origin::User(_));
        let languages: Vec<Language> = Language::ALL
            .iter()
            .copied()
            .filter(|l| {
                self.rules
                    .iter()
                    .any(|r| is_user(r) && r.languages.contains(l))
            })
            .collect();
        let check = |language: &Language| engine::check_rules(self, *language, is_user).err();
        // Should no thread start, the check runs on rayon's own pool.
        let failed: Vec<Option<RuleError>> = match rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|index| format!("shardscan-rules-{index}"))
            .build()
        {
            Ok(pool) => pool.install(|| languages.par_iter().map(check).collect()),
            Err(_) => languages.par_iter().map(check).collect(),
        };
        // Whatever thread finished first: the rule that comes first, then the language.
        let position = |error: &RuleError| match error {
            RuleError::Invalid { origin, .. } => {
                self.rules.iter().position(|r| r.origin == *origin)
            }
            _ => None,
        };
        failed
            .into_iter()
            .enumerate()
            .filter_map(|(at, error)| Some((at, error?)))
            .min_by_key(|(at, error)| (position(error).unwrap_or(usize::MAX), *at))
            .map_or(Ok(()), |(_, error)| Err(error))
    }

    fn from_rules(rules: Vec<Rule>, tests: Vec<RuleTestFile>) -> RuleSet {
        let compiled = Language::ALL
            .iter()
            .filter(|l| l.has_grammar())
            .map(|l| (*l, OnceLock::new()))
            .collect();
        RuleSet {
            rules,
            disabled: Vec::new(),
            tests,
            compiled,
        }
    }

    pub(crate) fn rules(&self) -> &[Rule] {
        &self.rules
    }

    pub(crate) fn is_disabled(&self, id: &str) -> bool {
        self.disabled.iter().any(|d| d == id)
    }

    pub(crate) fn tests(&self) -> &[RuleTestFile] {
        &self.tests
    }

    pub(crate) fn rule(&self, index: usize) -> &Rule {
        &self.rules[index]
    }

    /// Whether any rule applies to `language`.
    pub(crate) fn covers(&self, language: Language) -> bool {
        self.rules.iter().any(|r| r.languages.contains(&language))
    }

    /// Whether [`RuleSet::compiled`] would answer at once for `language`: its query is built (or
    /// failed to build), or there is none to build.
    pub(crate) fn is_compiled(&self, language: Language) -> bool {
        self.compiled
            .get(&language)
            .is_none_or(|cell| cell.get().is_some())
    }

    /// The compiled query of every rule for `language`, built once.
    pub(crate) fn compiled(
        &self,
        language: Language,
    ) -> Result<Option<&engine::CompiledRules>, &RuleError> {
        let Some(cell) = self.compiled.get(&language) else {
            return Ok(None);
        };
        match cell.get_or_init(|| engine::CompiledRules::build(self, language)) {
            Ok(compiled) if compiled.is_empty() => Ok(None),
            Ok(compiled) => Ok(Some(compiled)),
            Err(e) => Err(e),
        }
    }
}

fn origin_path(origin: &Origin) -> PathBuf {
    match origin {
        Origin::Builtin(rel) => PathBuf::from(rel),
        Origin::User(path) => path.clone(),
    }
}

/// Extension of a shared piece of query (`request-sources.partial`) that rules beside it pull in
/// with `; include: request-sources`, so that sources shared by several taint rules are written
/// once.
const PARTIAL: &str = "partial";

fn parse_rule(
    origin: Origin,
    lookup: &Path,
    source: String,
    partials: &BTreeMap<PathBuf, String>,
) -> Result<Rule, RuleError> {
    let invalid = |message: String| RuleError::Invalid {
        origin: origin.clone(),
        message,
    };
    let meta = meta::parse(&source).map_err(invalid)?;
    let mut source = source;
    let mut included: Vec<(PathBuf, Range<usize>)> = Vec::new();
    // The rule's includes, then what each partial includes in turn (its own `; include:`), each
    // partial once whoever names it.
    let mut pending: Vec<String> = meta.include.iter().rev().cloned().collect();
    while let Some(name) = pending.pop() {
        let key = lookup
            .parent()
            .unwrap_or(Path::new(""))
            .join(format!("{name}.{PARTIAL}"));
        if included.iter().any(|(done, _)| *done == key) {
            continue;
        }
        let Some(part) = partials.get(&key) else {
            return Err(invalid(format!(
                "included `{name}` not found: expected `{}` beside the rule",
                key.display()
            )));
        };
        source.push('\n');
        let start = source.len();
        source.push_str(part);
        included.push((key, start..source.len()));
        pending.extend(meta::partial_includes(part).into_iter().rev());
    }
    let languages = match &meta.languages {
        Some(list) => list.clone(),
        None => languages_from_dir(lookup).ok_or_else(|| {
            invalid(String::from(
                "cannot tell which language this rule is for\nhint: put it under a directory named \
                 after its language (`python/`, `javascript/`, ...) or add `; languages: python`",
            ))
        })?,
    };
    if meta.taint {
        // A rule about extents takes its sources from the engine: the buffers of the file.
        let needed: &[&[&str]] = if meta.extent.is_some() {
            &[&["@sink"]]
        } else {
            &[&["@source", "@filled"], &["@sink"]]
        };
        for roles in needed {
            // `@source.local` holds `@source`.
            if !roles.iter().any(|role| source.contains(role)) {
                return Err(invalid(format!(
                    "the taint rule has no `{}` pattern\nhint: a taint rule needs at least one \
                     @source (or @filled) and one @sink",
                    roles[0]
                )));
            }
        }
    } else if !source.contains("@finding") {
        return Err(invalid(String::from(
            "the query has no `@finding` capture\nhint: capture the node to report as `@finding`",
        )));
    }
    Ok(Rule {
        meta,
        origin,
        languages,
        source,
        partials: included,
    })
}

/// The languages a rule directory stands for. JavaScript rules also run on TypeScript, and C rules
/// on C++, because those grammars extend the other and share its node names.
fn languages_from_dir(path: &Path) -> Option<Vec<Language>> {
    let dir = path.parent()?;
    dir.ancestors().find_map(|d| {
        let name = d.file_name()?.to_str()?;
        let language = Language::from_name(name).filter(|l| l.has_grammar())?;
        Some(match language {
            Language::JavaScript => vec![Language::JavaScript, Language::TypeScript, Language::Tsx],
            Language::TypeScript => vec![Language::TypeScript, Language::Tsx],
            Language::C => vec![Language::C, Language::Cpp],
            other => vec![other],
        })
    })
}

/// The rule files, partials and test files under `dir`, sorted. Only regular files are read (a
/// FIFO named like a rule is an error naming it, never waited on), and a symbolic link only when
/// it leads to a file inside `inside`, the canonical rules directory: a rules directory may come from a
/// scanned repository, and a link to a secret elsewhere would have its lines echoed in the
/// message of a rule that fails to compile.
fn read_dir_files(
    dir: &Path,
    inside: &Path,
    out: &mut Vec<(PathBuf, String)>,
) -> Result<(), RuleError> {
    let io = |source| RuleError::Io {
        path: dir.to_path_buf(),
        source,
    };
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .map_err(io)?
        .collect::<Result<_, _>>()
        .map_err(io)?;
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        let mut file_type = entry.file_type().map_err(io)?;
        if file_type.is_symlink() {
            let Ok(target) = path.canonicalize() else {
                continue; // A dangling link holds no rule.
            };
            if !target.starts_with(inside) {
                return Err(RuleError::LinkOutside { path, target });
            }
            file_type = std::fs::metadata(&target).map_err(io)?.file_type();
            if file_type.is_dir() {
                // Already inside, so already read (and a link to a parent would loop).
                continue;
            }
        }
        if file_type.is_dir() {
            read_dir_files(&path, inside, out)?;
        } else if path.extension().is_some_and(|e| e == "scm" || e == PARTIAL)
            || Language::from_extension(&path).is_some()
        {
            // A FIFO named `x.scm` is refused rather than waited on.
            let text =
                crate::files::read_to_string_unnamed(&path).map_err(|source| RuleError::Io {
                    path: path.clone(),
                    source,
                })?;
            out.push((path, text));
        }
    }
    Ok(())
}

/// Calls `each` with every source file of the rule tests, the corpus and our own sources, and
/// of the trees the environment variable `trees` lists (paths, as `PATH` does), parsed, with
/// the rules of its language: what the differential tests compare two ways of running on.
#[cfg(test)]
pub(crate) fn each_source_file(
    set: &RuleSet,
    trees: &str,
    mut each: impl FnMut(&Path, &engine::CompiledRules, &tree_sitter::Tree, &str),
) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut parser = tree_sitter::Parser::new();
    let extra = std::env::var_os(trees).unwrap_or_default();
    let dirs = ["queries", "corpus", "src"]
        .map(|dir| root.join(dir))
        .into_iter()
        .chain(std::env::split_paths(&extra));
    for dir in dirs {
        for entry in ignore::WalkBuilder::new(dir).build().flatten() {
            let path = entry.path();
            let Some(language) = Language::from_extension(path) else {
                continue;
            };
            let Ok(Some(compiled)) = set.compiled(language) else {
                continue;
            };
            let Ok(text) = std::fs::read_to_string(path) else {
                continue;
            };
            parser.set_language(&language.grammar().unwrap()).unwrap();
            let tree = parser.parse(&text, None).unwrap();
            each(path, compiled, &tree, &text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, rel: &str, text: &str) {
        let path = dir.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn load_user(dir: &Path) -> Result<RuleSet, RuleError> {
        RuleSet::load(&RuleSources {
            builtin: false,
            dirs: vec![dir.to_path_buf()],
            ..RuleSources::default()
        })
    }

    const OK: &str = "; id: t/eval\n; severity: error\n; message: eval\n\
                      (call function: (identifier) @f (#eq? @f \"eval\")) @finding\n";

    #[test]
    fn loads_user_rules_and_names_bad_files() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "python/eval.scm", OK);
        let set = load_user(dir.path()).unwrap();
        assert_eq!(set.rules().len(), 1);
        assert_eq!(set.rules()[0].languages, vec![Language::Python]);

        write(
            dir.path(),
            "python/bad.scm",
            "; id: t/bad\n; severity: error\n; message: m\n(call nope: (x)) @finding\n",
        );
        let err = load_user(dir.path()).unwrap_err().to_string();
        assert!(err.contains("bad.scm"), "{err}");

        std::fs::remove_file(dir.path().join("python/bad.scm")).unwrap();
        write(dir.path(), "python/dup.scm", OK);
        let err = load_user(dir.path()).unwrap_err().to_string();
        assert!(
            err.contains("defined twice") && err.contains("dup.scm"),
            "{err}"
        );

        std::fs::remove_file(dir.path().join("python/dup.scm")).unwrap();
        write(dir.path(), "python/pred.scm", "; id: t/pred\n; severity: error\n; message: m\n(call function: (identifier) @f (#frobnicate? @f \"x\")) @finding\n");
        let err = load_user(dir.path()).unwrap_err().to_string();
        assert!(
            err.contains("pred.scm") && err.contains("#frobnicate?"),
            "{err}"
        );

        // Our own predicates are checked too: `#resolves-to?` needs a name.
        write(dir.path(), "python/pred.scm", "; id: t/pred\n; severity: error\n; message: m\n((call) @finding (#resolves-to? @finding))\n");
        let err = load_user(dir.path()).unwrap_err().to_string();
        assert!(
            err.contains("pred.scm")
                && err.contains("#resolves-to?")
                && err.contains("qualified name"),
            "{err}"
        );
        write(dir.path(), "python/pred.scm", "; id: t/pred\n; severity: error\n; message: m\n((call function: (_) @f) @finding (#resolves-to? @f \"hashlib.md5\"))\n");
        assert_eq!(load_user(dir.path()).unwrap().rules().len(), 2);

        // A taint rule pulls shared sources from a `.partial` beside it, and names a missing one.
        std::fs::remove_file(dir.path().join("python/pred.scm")).unwrap();
        let taint = "; id: t/taint\n; kind: taint\n; include: sources\n; severity: error\n; message: m\n\
                     (call function: (identifier) @f arguments: (argument_list (_) @sink) (#eq? @f \"eval\"))\n";
        write(dir.path(), "python/taint.scm", taint);
        let err = load_user(dir.path()).unwrap_err().to_string();
        assert!(
            err.contains("taint.scm") && err.contains("included `sources` not found"),
            "{err}"
        );
        write(
            dir.path(),
            "python/sources.partial",
            "((call function: (identifier) @i) @source (#eq? @i \"input\"))\n",
        );
        let set = load_user(dir.path()).unwrap();
        let rule = set.rules().iter().find(|r| r.meta.id == "t/taint").unwrap();
        assert!(rule.source.contains("@source"));
    }

    /// User rules are checked a language at a time, all together, yet an error still names the
    /// rule's file, and a line and pattern counted in that file.
    #[test]
    fn user_rules_checked_together_name_the_culprit_in_its_own_terms() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "python/a.scm", OK);
        let stray = "; id: t/stray\n; severity: error\n; message: m\n\
                     (call function: (identifier) @f) @finding\n(#eq? @f \"x\")\n";
        write(dir.path(), "python/b.scm", stray);
        let err = load_user(dir.path()).unwrap_err().to_string();
        assert!(
            err.contains("b.scm") && err.contains("predicate outside any pattern near line 5"),
            "{err}"
        );

        // A taint rule's roles are checked at load too, not when a file first needs them.
        std::fs::remove_file(dir.path().join("python/b.scm")).unwrap();
        let roles = "; id: t/roles\n; kind: taint\n; severity: error\n; message: m\n\
                     ((call) @source)\n((call) @sink @source)\n";
        write(dir.path(), "python/c.scm", roles);
        let err = load_user(dir.path()).unwrap_err().to_string();
        assert!(
            err.contains("c.scm") && err.contains("(pattern 2 has 2)"),
            "{err}"
        );
    }

    /// The languages are checked side by side; whichever finishes first, the error is the first
    /// failing rule's in the order of the files, and nothing is compiled for the scan yet.
    #[test]
    fn user_rules_languages_checked_side_by_side() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "python/eval.scm", OK);
        let js = "; id: t/js\n; severity: error\n; message: m\n(call_expression) @finding\n";
        write(dir.path(), "javascript/call.scm", js);
        let load = |threads| {
            RuleSet::load(&RuleSources {
                builtin: false,
                dirs: vec![dir.path().to_path_buf()],
                threads,
                ..RuleSources::default()
            })
        };
        for threads in [0, 1, 4] {
            let set = load(threads).unwrap();
            assert!(set.compiled.values().all(|cell| cell.get().is_none()));
        }

        // Python is checked before JavaScript, but `javascript/` is read before `python/`.
        let bad = "; id: t/bad-{}\n; severity: error\n; message: m\n(nope) @finding\n";
        write(dir.path(), "python/bad.scm", &bad.replace("{}", "py"));
        write(dir.path(), "javascript/bad.scm", &bad.replace("{}", "js"));
        let js_bad = format!("javascript{}bad.scm", std::path::MAIN_SEPARATOR);
        for threads in [1, 2, 4] {
            let err = load(threads).unwrap_err().to_string();
            assert!(
                err.contains(&js_bad) && err.contains("invalid query for javascript"),
                "{err}"
            );
        }
    }

    /// What the rules compiled together accept, a rule alone would have: a field or a child its
    /// node cannot have (which compiling nested nodes as wildcards would hide), and two files
    /// that are each no query but make one together.
    #[test]
    fn user_rules_checked_together_accept_only_what_each_would_alone() {
        let head = "; id: t/{}\n; severity: error\n; message: m\n";
        for query in [
            "(call function: (attribute object: (_) attribute: (integer))) @finding\n",
            "(call function: (attribute consequence: (_))) @finding\n",
        ] {
            let dir = tempfile::tempdir().unwrap();
            write(dir.path(), "python/a.scm", OK);
            write(
                dir.path(),
                "python/b.scm",
                &(head.replace("{}", "b") + query),
            );
            let err = load_user(dir.path()).unwrap_err().to_string();
            assert!(
                err.contains("b.scm") && err.contains("invalid query"),
                "{err}"
            );
        }
        // (The loader wants `@finding` in each file's text: a comment will do.)
        for (a, b) in [
            ("((call) @finding\n", "; @finding\n)\n"),
            ("; @finding\n(call)\n", "@finding\n"),
            (
                "((call) @finding (#eq? @finding \"x\n",
                "; @finding\n\"))\n",
            ),
        ] {
            let dir = tempfile::tempdir().unwrap();
            write(dir.path(), "python/a.scm", &(head.replace("{}", "a") + a));
            write(dir.path(), "python/b.scm", &(head.replace("{}", "b") + b));
            let err = load_user(dir.path()).unwrap_err().to_string();
            assert!(
                err.contains("a.scm") || err.contains("b.scm"),
                "{a:?} {b:?}: {err}"
            );
        }
    }

    /// A partial may include others (`sanitizers` = `clean-values` + more): each comes once,
    /// even when two name it or they name each other, and a missing one is named.
    #[test]
    fn a_partial_pulls_in_the_partials_it_includes_once() {
        let dir = tempfile::tempdir().unwrap();
        let taint = "; id: t/taint\n; kind: taint\n; include: sources, clean\n; severity: error\n\
                     ; message: m\n\
                     (call function: (identifier) @f arguments: (argument_list (_) @sink) (#eq? @f \"eval\"))\n";
        write(dir.path(), "python/taint.scm", taint);
        write(
            dir.path(),
            "python/sources.partial",
            "((call function: (identifier) @i) @source (#eq? @i \"input\"))\n",
        );
        write(
            dir.path(),
            "python/clean.partial",
            "; Everything `base` cleans, and more.\n; include: base\n\
             ((call function: (identifier) @q) @sanitizer (#eq? @q \"quote\"))\n",
        );
        write(
            dir.path(),
            "python/base.partial",
            "; include: clean\n((call function: (identifier) @n) @sanitizer (#eq? @n \"int\"))\n",
        );
        let set = load_user(dir.path()).unwrap();
        let rule = set.rules().iter().find(|r| r.meta.id == "t/taint").unwrap();
        let names: Vec<_> = rule
            .partials
            .iter()
            .map(|(path, _)| path.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["sources.partial", "clean.partial", "base.partial"]);
        assert_eq!(rule.source.matches("\"int\"").count(), 1);

        write(
            dir.path(),
            "python/base.partial",
            "; include: gone\n((call function: (identifier) @n) @sanitizer (#eq? @n \"int\"))\n",
        );
        let err = load_user(dir.path()).unwrap_err().to_string();
        assert!(err.contains("included `gone` not found"), "{err}");
    }

    /// A pattern rule superseded by a taint rule: silent where the taint rule has judged the
    /// sink clean, kept where a source or a parameter reaches it, and whole again when the taint
    /// rule is turned off.
    #[test]
    fn a_taint_rule_judges_the_sinks_of_the_pattern_rules_it_supersedes() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            "python/pattern.scm",
            "; id: t/pattern\n; superseded-by: t/taint\n; severity: error\n; message: m\n\
             (call function: (identifier) @f arguments: (argument_list . (binary_operator)) \
             (#eq? @f \"system\")) @finding\n",
        );
        write(
            dir.path(),
            "python/taint.scm",
            "; id: t/taint\n; kind: taint\n; severity: error\n; message: m\n\
             ((call function: (identifier) @i) @source (#eq? @i \"input\"))\n\
             (call function: (identifier) @f arguments: (argument_list . (_) @sink) \
             (#eq? @f \"system\"))\n",
        );
        let code = "def handler():\n    name = input()\n    system('rm ' + name)\n    \
                    name = 'tmp'\n    system('rm ' + name)\n\n\
                    def helper(path):\n    system('rm ' + path)\n";
        let lines = |disabled: Vec<String>| {
            let set = RuleSet::load(&RuleSources {
                builtin: false,
                dirs: vec![dir.path().to_path_buf()],
                disabled,
                ..RuleSources::default()
            })
            .unwrap();
            let mut parser = tree_sitter::Parser::new();
            parser
                .set_language(&Language::Python.grammar().unwrap())
                .unwrap();
            let tree = parser.parse(code, None).unwrap();
            let compiled = set.compiled(Language::Python).unwrap().unwrap();
            let mut found: Vec<(String, usize)> = compiled
                .run(&tree, code)
                .matches
                .iter()
                .map(|m| {
                    let line = code[..m.node_bytes.start].matches('\n').count() + 1;
                    (set.rules()[m.rule].meta.id.clone(), line)
                })
                .collect();
            found.sort();
            found
        };
        let pattern = |line| (String::from("t/pattern"), line);
        let taint = |line| (String::from("t/taint"), line);
        assert_eq!(
            lines(vec![]),
            vec![pattern(3), pattern(8), taint(3)],
            "the constant at line 5 is judged clean; the parameter at line 8 cannot be"
        );
        assert_eq!(
            lines(vec![String::from("t/taint")]),
            vec![pattern(3), pattern(5), pattern(8)]
        );
    }

    #[test]
    fn a_rule_off_by_default_runs_only_when_enabled() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            "python/always.scm",
            "; id: t/always\n; severity: note\n; message: m\n(call) @finding\n",
        );
        write(
            dir.path(),
            "python/optional.scm",
            "; id: t/optional\n; default: off\n; severity: note\n; message: m\n(call) @finding\n",
        );
        let load = |enabled: &[&str], disabled: &[&str], every_optional| {
            RuleSet::load(&RuleSources {
                builtin: false,
                dirs: vec![dir.path().to_path_buf()],
                enabled: enabled.iter().map(|s| s.to_string()).collect(),
                disabled: disabled.iter().map(|s| s.to_string()).collect(),
                every_optional,
                ..RuleSources::default()
            })
        };
        let ids = |set: RuleSet| -> Vec<String> {
            set.rules().iter().map(|r| r.meta.id.clone()).collect()
        };
        let set = load(&[], &[], false).unwrap();
        assert!(
            set.is_disabled("t/optional"),
            "its test annotations are not errors"
        );
        assert_eq!(ids(set), ["t/always"]);
        assert_eq!(
            ids(load(&["t/optional"], &[], false).unwrap()),
            ["t/always", "t/optional"]
        );
        assert_eq!(ids(load(&["t/always"], &[], false).unwrap()), ["t/always"]);
        assert_eq!(
            ids(load(&[], &[], true).unwrap()),
            ["t/always", "t/optional"]
        );
        assert_eq!(ids(load(&[], &["t/optional"], true).unwrap()), ["t/always"]);
        let unknown = load(&["t/nope"], &[], false).unwrap_err().to_string();
        assert!(
            unknown.contains("cannot enable unknown rule `t/nope`"),
            "{unknown}"
        );
        let both = load(&["t/optional"], &["t/optional"], false)
            .unwrap_err()
            .to_string();
        assert!(both.contains("both enabled and disabled"), "{both}");
    }

    #[test]
    fn builtin_rules_are_superseded_only_by_builtin_taint_rules_of_their_language() {
        let set = RuleSet::load(&RuleSources {
            builtin: true,
            ..RuleSources::default()
        })
        .unwrap();
        for rule in set.rules() {
            for id in &rule.meta.superseded_by {
                let taint = set.rules().iter().find(|r| &r.meta.id == id);
                assert!(
                    taint.is_some_and(|t| t.meta.taint && t.languages == rule.languages),
                    "{} is superseded by {id}, which is not a taint rule of its languages",
                    rule.meta.id
                );
            }
        }
    }

    #[test]
    fn rule_outside_a_language_directory_needs_languages() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "mine/eval.scm", OK);
        let err = load_user(dir.path()).unwrap_err().to_string();
        assert!(err.contains("which language"), "{err}");
        write(
            dir.path(),
            "mine/eval.scm",
            &format!("; languages: python\n{OK}"),
        );
        assert_eq!(load_user(dir.path()).unwrap().rules().len(), 1);
    }

    #[test]
    fn empty_rules_dir_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(load_user(dir.path()), Err(RuleError::Empty(_))));
    }

    #[cfg(unix)]
    #[test]
    fn links_out_of_a_rules_dir_are_refused_and_special_files_never_opened() {
        let outside = tempfile::tempdir().unwrap();
        let secret = outside.path().join("secret.txt");
        std::fs::write(&secret, "TOKEN=sk-secret\n").unwrap();
        let dir = tempfile::tempdir().unwrap();
        let rules = dir.path().join("python");
        std::fs::create_dir_all(&rules).unwrap();
        std::fs::write(rules.join("ok.scm"), OK).unwrap();
        // A link loop is not followed; a FIFO is refused by name, never opened (that would
        // block).
        std::os::unix::fs::symlink(dir.path(), rules.join("loop")).unwrap();
        assert_eq!(load_user(dir.path()).unwrap().rules().len(), 1);
        let fifo = rules.join("pipe.scm");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()));
        let error = load_user(dir.path()).unwrap_err().to_string();
        assert!(error.contains("pipe.scm"), "{error}");
        std::fs::remove_file(&fifo).unwrap();
        // A partial that leads out of the directory is refused, and its text is never read.
        std::os::unix::fs::symlink(&secret, rules.join("leak.partial")).unwrap();
        let error = load_user(dir.path()).unwrap_err();
        let message = error.to_string();
        assert!(matches!(error, RuleError::LinkOutside { .. }), "{message}");
        assert!(!message.contains("sk-secret"), "{message}");
        assert!(message.contains("leak.partial"), "{message}");
    }
}
