//! Runs the rules of one language over a parse tree: every rule of the language is compiled into a
//! single query, so each file's tree is walked once however many rules and shards there are, and
//! each match is routed back to its rule by pattern index.

use std::borrow::Cow;
use std::cell::RefCell;
use std::ops::{ControlFlow, Range};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use tree_sitter::{Query, QueryCursor, QueryCursorOptions, StreamingIterator, Tree};

use super::kindless;
use super::names::Aliases;
use super::predicates;
use super::syntax;

use super::prefilter::{self, PatternText, Plan, Prefilter};
use super::structures::{self, TextPredicate};
use super::taint::{self, summary};
use super::{Rule, RuleError, RuleSet};
use crate::lang::nodes::{self, Nodes};
use crate::lang::Language;
use crate::review::rules::RangeSet;

/// How many in-progress matches a cursor may track; past this tree-sitter drops the oldest, and we
/// report the file's shards as only partly reviewed instead of pretending they were clean.
const MATCH_LIMIT: u32 = 4096;

/// Longest time one file's query may run before it is abandoned and reported.
pub(crate) const QUERY_TIMEOUT: Duration = Duration::from_secs(10);

/// The parts of a file's run of the rules that `rules profile` times, in the order they run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Phase {
    /// The file's names, and where the prefilter lets the query go.
    Prefilter,
    Query,
    /// What every taint walk of the file shares: its buffers, references, functions and calls,
    /// declarations, each node's children.
    Setup,
    /// The walks with no role (see [`summary::FreeWalks`]).
    FreeWalks,
    /// Each taint rule's own walks.
    RuleWalks,
    /// Pattern matches superseded by a taint rule, and the edges every rule without a role
    /// shares.
    Judging,
    /// The summaries of a file the prefilter lets no rule into.
    Unmatched,
}

impl Phase {
    pub(crate) const ALL: [Phase; 7] = [
        Phase::Prefilter,
        Phase::Query,
        Phase::Setup,
        Phase::FreeWalks,
        Phase::RuleWalks,
        Phase::Judging,
        Phase::Unmatched,
    ];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Phase::Prefilter => "prefilter",
            Phase::Query => "query",
            Phase::Setup => "setup",
            Phase::FreeWalks => "free walks",
            Phase::RuleWalks => "rule walks",
            Phase::Judging => "judging",
            Phase::Unmatched => "files no rule enters",
        }
    }
}

/// Where the rules' time goes, summed over the files of a [`CompiledRules::run_timed`]: per
/// [`Phase`], and per taint rule (by its number in the rule set) its own walks.
#[derive(Debug, Default)]
pub(crate) struct Timings {
    spent: std::sync::Mutex<Spent>,
}

/// What [`Timings`] holds.
#[derive(Debug, Default, Clone)]
pub(crate) struct Spent {
    pub(crate) phases: [Duration; Phase::ALL.len()],
    pub(crate) rules: std::collections::HashMap<usize, Duration>,
    /// How many walks were made for several rules about extents at once, each rule's time
    /// then its share of the walk (see [`walking_alike`]).
    pub(crate) together: usize,
}

impl Timings {
    pub(crate) fn spent(&self) -> Spent {
        self.spent.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn add(&self, phase: Phase, elapsed: Duration) {
        let mut spent = self.spent.lock().unwrap_or_else(|e| e.into_inner());
        let index = Phase::ALL.iter().position(|p| *p == phase).unwrap_or(0);
        spent.phases[index] += elapsed;
    }

    /// `rules` were walked in `elapsed` (`together`: in one walk that ran to its end), each
    /// taking its share.
    fn add_rules(&self, rules: &[usize], elapsed: Duration, together: bool) {
        let mut spent = self.spent.lock().unwrap_or_else(|e| e.into_inner());
        let share = elapsed / u32::try_from(rules.len()).unwrap_or(u32::MAX).max(1);
        for rule in rules {
            *spent.rules.entry(*rule).or_default() += share;
        }
        if together {
            spent.together += 1;
        }
    }
}

/// Laps of one run for its [`Timings`]; without them, it reads no clock.
struct Laps<'a> {
    timings: Option<&'a Timings>,
    last: std::cell::Cell<Option<Instant>>,
}

impl<'a> Laps<'a> {
    fn new(timings: Option<&'a Timings>) -> Laps<'a> {
        Laps {
            timings,
            last: std::cell::Cell::new(timings.map(|_| Instant::now())),
        }
    }

    /// The time since the last lap goes to `phase`.
    fn lap(&self, phase: Phase) {
        if let (Some(timings), Some(last)) = (self.timings, self.last.get()) {
            let now = Instant::now();
            timings.add(phase, now - last);
            self.last.set(Some(now));
        }
    }
}

/// Every rule of one language in one query.
pub(crate) struct CompiledRules {
    query: Query,
    /// Per pattern of the compiled query: the rules' patterns it matches for (see
    /// `structures`). Every other table here is per pattern of the rules, as written.
    members: Vec<Vec<usize>>,
    /// Per pattern of a taint rule: the role its capture names.
    pattern_role: Vec<Option<&'static str>>,
    /// Rule indexes (into `RuleSet::rules`) of every pattern: one, or every taint rule that
    /// includes the partial it comes from.
    pattern_rules: Vec<Vec<usize>>,
    /// Per pattern: the capture its `@finding` is, if any.
    finding_capture: Vec<Option<u32>>,
    /// Per pattern: the names it gives the compiled query's captures, when they are not the
    /// query's own (a pattern compiled once for several, see `structures`).
    capture_names: Vec<Vec<Box<str>>>,
    /// Per pattern: the text predicates evaluated here, not by tree-sitter (those of a pattern
    /// compiled once for several).
    text_predicates: Vec<Vec<TextPredicate>>,
    /// Per pattern: the predicates shardscan evaluates (`#resolves-to?`...).
    predicates: Vec<Vec<predicates::Predicate>>,
    /// Per pattern: it finds an HTML response write (a sink or a pattern rule's finding of a
    /// rule with `; output: html`), not reported where the response is not HTML.
    html_output: Vec<bool>,
    prefilter: Prefilter,
    language: Language,
    /// The taint rules (by index) that follow a value's state (`; flow: value`), and those
    /// whose data may be numbers (`; flow: number`).
    value_flow: std::collections::HashSet<usize>,
    number_flow: std::collections::HashSet<usize>,
    /// The taint rules that keep a state only where every path leaves it (`; paths: all`), and
    /// those whose flows stay in their function (`; reach: function`).
    all_paths: std::collections::HashSet<usize>,
    function_reach: std::collections::HashSet<usize>,
    /// The rules about buffer extents (`; flow: extent`), with the side of an access each
    /// judges.
    extent: std::collections::HashMap<usize, taint::extent::Check>,
    /// Per pattern rule (by index): the taint rules of this language that supersede it.
    superseded_by: std::collections::HashMap<usize, Vec<usize>>,
    /// How long building all this took: what a scan pays once for the language.
    built_in: Duration,
}

/// Every match of a file's rules, sorted by where the reported node starts.
#[derive(Debug)]
pub(crate) struct FileMatches {
    pub(crate) matches: Vec<RuleMatch>,
    pub(crate) incomplete: Option<Incomplete>,
    /// The file's summaries, when asked for (see [`CompiledRules::run_with_summaries`]).
    pub(crate) facts: Option<FileFacts>,
}

/// One taint rule's edges in a file.
#[derive(Debug, Default)]
pub(crate) struct RuleEdges {
    /// From the rule's sources; and from parameters and results, unless `shares`.
    pub(crate) edges: Vec<summary::Edge>,
    /// The rule has no sink, sanitizer or propagator here: what parameters and results reach
    /// is what [`FileFacts::shared`] says.
    pub(crate) shares: bool,
    /// Every walk ran to the end; otherwise nothing of the file is known for the rule.
    pub(crate) complete: bool,
}

/// What a file's walks say about its functions, for the join across functions and files.
#[derive(Debug)]
pub(crate) struct FileFacts {
    pub(crate) shape: summary::Shape,
    /// Per taint rule with roles in this file (by rule index): its edges.
    pub(crate) by_rule: std::collections::BTreeMap<usize, RuleEdges>,
    /// The edges of every other taint rule of the language: the file has no source, sink or
    /// sanitizer of theirs, so it passes values on the same way for all of them.
    pub(crate) shared: Option<Vec<summary::Edge>>,
    /// Made by a first pass (see [`CompiledRules::run_lazily`]): the edges from the rules'
    /// sources alone, none of them leaving the file's functions.
    pub(crate) first_pass: bool,
}

impl FileMatches {
    /// The matches whose reported node starts inside `range`: a match that straddles two shards
    /// belongs to exactly one of them.
    pub(crate) fn in_range(&self, range: &Range<usize>) -> &[RuleMatch] {
        let start = self
            .matches
            .partition_point(|m| m.node_bytes.start < range.start);
        let end = self
            .matches
            .partition_point(|m| m.node_bytes.start < range.end);
        &self.matches[start..end.max(start)]
    }
}

/// One raw match, already attributed to a rule.
#[derive(Debug)]
pub(crate) struct RuleMatch {
    pub(crate) rule: usize,
    pub(crate) node_bytes: Range<usize>,
    /// `{{name}}` -> text for the message template.
    pub(crate) captures: Vec<(String, Range<usize>)>,
    /// For taint rules: the way from the source to the sink.
    pub(crate) flow: Vec<super::taint::Step>,
    /// What the flow says for the message's `{{detail}}` (the sizes of an access past a
    /// buffer's end).
    pub(crate) detail: Option<String>,
    /// For a superseded pattern rule's match on a sink that only a parameter of its function
    /// (or what a call of the repository returns) reaches: the (taint rule, sink) pairs the
    /// join decides it by. Empty: the match stands as it is.
    pub(crate) deferred: Vec<(usize, Range<usize>)>,
    /// For a leak, the arguments of calls the memory was lent to: the join keeps the match
    /// only if none of the functions called keeps it. Empty: the match stands as it is.
    pub(crate) lent: Vec<Range<usize>>,
}

/// Why a shard was not completely reviewed by the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Incomplete {
    MatchLimit,
    Timeout,
}

impl CompiledRules {
    pub(super) fn build(set: &RuleSet, language: Language) -> Result<CompiledRules, RuleError> {
        CompiledRules::build_with(set, language, Compile::Shared)
    }

    /// [`CompiledRules::build`], each pattern compiled as written with `Compile::Apart`: what
    /// compiling shared structures once must not change is checked against it.
    fn build_with(
        set: &RuleSet,
        language: Language,
        how: Compile,
    ) -> Result<CompiledRules, RuleError> {
        let started = Instant::now();
        let Compiled {
            query,
            source,
            patterns,
            members,
            capture_names,
            text_predicates,
            pattern_rules,
            pattern_role,
            predicates,
        } = compile(set, language, |_| true, Some(how))?;
        let html_output = pattern_rules
            .iter()
            .zip(&pattern_role)
            .map(|(rules, role)| {
                set.rules[rules[0]].meta.html_output && matches!(role, None | Some("sink"))
            })
            .collect();
        let grammar = language
            .grammar()
            .expect("rule sets are only compiled for languages with a grammar");
        let superseded_by = superseders(set, language);
        let function_reach = reaching_their_function(
            rules_where(set, language, |meta| meta.function_reach),
            &pattern_rules,
            &pattern_role,
            &superseded_by,
        );
        // Per pattern: its text, the pattern compiled for it, and its names for the captures.
        let mut compiled_as = vec![0; patterns.len()];
        for (compiled, group) in members.iter().enumerate() {
            for &pattern in group {
                compiled_as[pattern] = compiled;
            }
        }
        let name = |pattern: usize, index: u32| -> String {
            capture_names[pattern].get(index as usize).map_or_else(
                || query.capture_names()[index as usize].to_string(),
                |n| n.to_string(),
            )
        };
        let texts: Vec<PatternText<'_>> = patterns
            .iter()
            .enumerate()
            .map(|(pattern, range)| {
                let compiled = compiled_as[pattern];
                let bound = prefilter::always_bound(&query, compiled);
                PatternText {
                    text: &source[range.clone()],
                    compiled,
                    always_bound: bound
                        .iter()
                        .filter_map(|b| query.capture_index_for_name(b))
                        .map(|index| name(pattern, index))
                        .collect(),
                }
            })
            .collect();
        let prefilter = Prefilter::build_for(&query, &texts, &grammar);
        let finding_capture = (0..patterns.len())
            .map(|pattern| {
                (0..query.capture_names().len() as u32).find(|&i| name(pattern, i) == "finding")
            })
            .collect();
        Ok(CompiledRules {
            members,
            finding_capture,
            capture_names,
            text_predicates,
            predicates,
            html_output,
            value_flow: rules_where(set, language, |meta| meta.value_flow),
            number_flow: rules_where(set, language, |meta| meta.number_flow),
            all_paths: rules_where(set, language, |meta| meta.all_paths),
            function_reach,
            extent: set
                .rules
                .iter()
                .enumerate()
                .filter(|(_, rule)| rule.languages.contains(&language))
                .filter_map(|(index, rule)| Some((index, rule.meta.extent?)))
                .collect(),
            prefilter,
            query,
            pattern_rules,
            pattern_role,
            language,
            superseded_by,
            built_in: started.elapsed(),
        })
    }

    /// How long building these rules took: what a scan pays once for their language.
    pub(crate) fn built_in(&self) -> Duration {
        self.built_in
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.pattern_rules.is_empty()
    }

    /// Runs every rule over the whole of `tree`; shards take their share with
    /// [`FileMatches::in_range`]. The prefilter decides which parts of the tree can hold a match.
    pub(crate) fn run(&self, tree: &Tree, text: &str) -> FileMatches {
        self.run_planned(tree, text, None, Summaries::No, None, Saving::All)
    }

    /// [`CompiledRules::run`], with the file's summaries for the join across functions and
    /// files; a superseded pattern rule's match on a sink only a parameter reaches is then left
    /// for the join to decide (see [`RuleMatch::deferred`]).
    pub(crate) fn run_with_summaries(&self, tree: &Tree, text: &str) -> FileMatches {
        self.run_planned(tree, text, None, Summaries::Eager, None, Saving::All)
    }

    /// [`CompiledRules::run_with_summaries`], with only the summaries a first pass over the
    /// tree needs: the file's shape and the edges from each rule's sources. No walk from a
    /// parameter or a call's result is made, so no sink is known to wait for the join. The
    /// summaries are made whole in the same run where they are known to be needed: where a
    /// source's value leaves a function, and where a superseded pattern rule matches a sink of
    /// its taint rule (which only those walks can judge, see [`RuleMatch::deferred`]). The
    /// join makes the rest (with [`CompiledRules::run_with_summaries`]) for the few files it
    /// goes into; the findings are those of that run over every file.
    pub(crate) fn run_lazily(&self, tree: &Tree, text: &str) -> FileMatches {
        self.run_planned(tree, text, None, Summaries::Lazy, None, Saving::All)
    }

    /// [`CompiledRules::run_with_summaries`], its time added to `timings`.
    pub(crate) fn run_timed(&self, tree: &Tree, text: &str, timings: &Timings) -> FileMatches {
        self.run_planned(
            tree,
            text,
            None,
            Summaries::Eager,
            Some(timings),
            Saving::All,
        )
    }

    /// [`CompiledRules::run_lazily`], its time added to `timings`.
    pub(crate) fn run_lazily_timed(
        &self,
        tree: &Tree,
        text: &str,
        timings: &Timings,
    ) -> FileMatches {
        self.run_planned(
            tree,
            text,
            None,
            Summaries::Lazy,
            Some(timings),
            Saving::All,
        )
    }

    /// What the prefilter would have the query walk in `tree`.
    #[cfg(test)]
    pub(super) fn plan<'tree>(&self, tree: &'tree Tree, text: &str) -> Plan<'tree> {
        let aliases = Aliases::of(self.language, tree.root_node(), text);
        self.plan_with(tree, text, &aliases)
    }

    /// [`CompiledRules::plan`] for a file whose names are known: where a name is spelled
    /// otherwise than it is used, a rule's literal can sit in an import or a `#define` far from
    /// the match, so the uses of an import's new name hold the literals of the name it stands
    /// for, and a file with such a macro is weighed whole.
    fn plan_with<'tree>(&self, tree: &'tree Tree, text: &str, aliases: &Aliases) -> Plan<'tree> {
        self.prefilter
            .plan(tree.root_node(), text, aliases.renamings().as_deref())
    }

    /// Runs every rule over every node, without the prefilter, to check it and to measure it.
    pub(crate) fn run_unfiltered(&self, tree: &Tree, text: &str) -> FileMatches {
        self.run_planned(
            tree,
            text,
            Some(Plan::Whole),
            Summaries::No,
            None,
            Saving::All,
        )
    }

    /// What the prefilter needs to see before walking for `rule`: per pattern, sets of literals
    /// of which a match holds one each; `None` when one of its patterns has no set, so every file
    /// of the language is walked.
    pub(crate) fn prefilter_literals(&self, rule: usize) -> Option<Vec<&[super::prefilter::Set]>> {
        self.pattern_rules
            .iter()
            .enumerate()
            .filter(|(_, rules)| rules.contains(&rule))
            .map(|(pattern, _)| Some(self.prefilter.literals(pattern)).filter(|s| !s.is_empty()))
            .collect()
    }

    /// [`CompiledRules::run_with_summaries`], each rule walking every function of the file
    /// itself: what the free walks save is checked against it.
    #[cfg(test)]
    pub(crate) fn run_without_free_walks(&self, tree: &Tree, text: &str) -> FileMatches {
        self.run_planned(tree, text, None, Summaries::Eager, None, Saving::Nothing)
    }

    /// Runs the rules over what `plan` says, or what the prefilter says when it is `None`;
    /// `saving` says whether the rules' walks lean on the free walks.
    fn run_planned<'tree>(
        &self,
        tree: &'tree Tree,
        text: &str,
        plan: Option<Plan<'tree>>,
        made: Summaries,
        timings: Option<&Timings>,
        saving: Saving,
    ) -> FileMatches {
        let laps = Laps::new(timings);
        let summaries = made != Summaries::No;
        let lazy = made == Summaries::Lazy;
        // Predicates see a macro alias as the name it stands for (`SYSTEM` as `system`), and
        // `#resolves-to?` what the file's imports bind.
        let aliases = Aliases::of(self.language, tree.root_node(), text);
        let plan = plan.unwrap_or_else(|| self.plan_with(tree, text, &aliases));
        laps.lap(Phase::Prefilter);
        // From a root, matches start at that node only: the query goes only as deep as the
        // patterns rooted there reach, and a match inside two roots is found once.
        let (starts, start_depth) = match plan {
            Plan::Skip => {
                // Nothing of a rule here; values still pass through the file's functions.
                let facts = summaries
                    .then(|| self.facts(tree, text, &aliases, lazy))
                    .flatten();
                laps.lap(Phase::Unmatched);
                return FileMatches {
                    matches: Vec::new(),
                    incomplete: None,
                    facts,
                };
            }
            Plan::Whole => (vec![tree.root_node()], None),
            Plan::Roots(roots) => (roots, Some(0)),
        };
        thread_local! {
            static CURSOR: RefCell<QueryCursor> = RefCell::new(QueryCursor::new());
        }
        let (mut out, mut taint_roles, timed_out, exceeded) = CURSOR.with_borrow_mut(|cursor| {
            cursor.set_match_limit(MATCH_LIMIT);
            let started = Instant::now();
            let timed_out = std::cell::Cell::new(false);
            let out_of_time = || {
                timed_out.set(timed_out.get() || started.elapsed() > QUERY_TIMEOUT);
                timed_out.get()
            };
            let mut on_progress = |_: &tree_sitter::QueryCursorState| {
                if out_of_time() {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            };
            let mut out = Vec::new();
            let mut taint_roles: std::collections::BTreeMap<usize, taint::Roles> =
                Default::default();
            let mut exceeded = false;
            let bytes = text.as_bytes();
            // The cursor is the last file's of this thread.
            cursor.set_max_start_depth(start_depth);
            for start in starts {
                // Tree-sitter asks for progress only after some work within one start, which a
                // root's shallow patterns may never do: the clock is read between starts too.
                if out_of_time() {
                    break;
                }
                let options = QueryCursorOptions::new().progress_callback(&mut on_progress);
                let resolved =
                    |node: tree_sitter::Node<'_>| std::iter::once(aliases.text(node, bytes));
                let mut matches =
                    cursor.matches_with_options(&self.query, start, resolved, options);
                while let Some(m) = matches.next() {
                    for &pattern in &self.members[m.pattern_index] {
                        self.take(pattern, m, text, &aliases, &mut out, &mut taint_roles);
                    }
                }
                drop(matches);
                exceeded |= cursor.did_exceed_match_limit();
            }
            (out, taint_roles, timed_out.get(), exceeded)
        });
        laps.lap(Phase::Query);
        // The buffers the rules about extents judge accesses against, once for the file.
        if taint_roles.values().any(|r| r.extent.is_some()) {
            let buffers = taint::extent::sources(tree.root_node(), text, &aliases);
            for roles in taint_roles.values_mut().filter(|r| r.extent.is_some()) {
                roles.sources.extend(buffers.iter().cloned());
            }
        }
        // C++ arguments taken by reference, for the rules that follow a value's state or
        // the constants sizes come from: once for the file, not once per rule and walk.
        let by_reference = |r: &taint::Roles| r.value_only || r.extent.is_some();
        if self.language == Language::Cpp && taint_roles.values().any(by_reference) {
            let (read, written) = taint::reference_arguments(tree.root_node(), text);
            for roles in taint_roles.values_mut().filter(|r| by_reference(r)) {
                roles.by_reference = read.clone();
                roles.written = written.clone();
            }
        }
        // What the taint engine does with the file (its shape, its declarations, the walks)
        // asks for nodes' children again and again: found once for it all, and looked up on
        // every thread that works on the file (within the table).
        // A first pass walks only from the rules' sources: where no rule has one, no rule walks
        // the file, and the walks' table and declarations are not made (the shape is found from
        // the tree).
        // A file with a match a first pass cannot judge is made whole in this run (below).
        let waits = lazy && self.may_wait(&out, &taint_roles);
        let walks = !lazy
            || waits
            || taint_roles
                .values()
                .any(|r| !r.sources.is_empty() || r.extent.is_some());
        let table =
            (walks && (summaries || !taint_roles.is_empty()) && taint::supports(self.language))
                .then(|| Nodes::of(tree.root_node()));
        // With summaries, each rule's walks also give the edges of the file's functions.
        let shape = nodes::within(table.as_ref(), || {
            summaries
                .then(|| summary::Shape::of(self.language, tree.root_node(), text, &aliases))
                .flatten()
                .filter(|shape| !shape.is_empty())
        });
        let mut by_rule = std::collections::BTreeMap::new();
        // Per rule about extents: the accesses it found within bounds.
        let mut fits = std::collections::HashMap::new();
        let summarized = shape.is_some();
        // Each rule's walks are their own: they run on every worker at once (a large
        // file's rules spread over the machine), and are taken back in the rules' order.
        let cut_short = timed_out || exceeded;
        // The file's declarations, found once for all its walks (the free walks' too, which
        // summarize a file where no rule has a role).
        let declared = if !walks || (taint_roles.is_empty() && shape.is_none()) {
            None
        } else {
            nodes::within(table.as_ref(), || {
                taint::declared(
                    self.language,
                    tree.root_node(),
                    text,
                    &aliases,
                    shape.as_ref(),
                )
            })
        };
        for roles in taint_roles.values_mut() {
            roles.declared = declared.clone();
        }
        laps.lap(Phase::Setup);
        let facts = nodes::within(table.as_ref(), || {
            let mut free = match (shape.as_ref().filter(|_| !cut_short), &table) {
                // The walks with no role are the shared edges' and those of parameters and
                // results: a first pass makes neither.
                (Some(_), _) if lazy => Default::default(),
                (Some(shape), Some(table)) => {
                    self.free_walks(&taint_roles, shape, declared.clone(), table, text, &aliases)
                }
                // No shape (no summaries, or the query cut short): a shape has its table (above).
                _ => Default::default(),
            };
            laps.lap(Phase::FreeWalks);
            // Rules about extents that walk alike are walked together.
            let together = match saving {
                Saving::All => walking_alike(&taint_roles),
                Saving::Nothing => taint_roles.keys().map(|rule| vec![*rule]).collect(),
            };
            let mut walked: Vec<(usize, RuleWalk)> = together
                .par_iter()
                .flat_map_iter(|rules| {
                    nodes::within(table.as_ref(), || {
                        let started = timings.map(|_| Instant::now());
                        let timed = |rules: &[usize], started: Option<Instant>, together| {
                            if let (Some(timings), Some(started)) = (timings, started) {
                                timings.add_rules(rules, started.elapsed(), together);
                            }
                        };
                        if let Some(walks) =
                            self.walk_together(rules, &taint_roles, tree, text, &aliases)
                        {
                            timed(rules, started, true);
                            return walks;
                        }
                        // A walk together that gave up: its time is the rules' too.
                        if rules.len() > 1 {
                            timed(rules, started, false);
                        }
                        let alone = |rule: &usize| {
                            let started = timings.map(|_| Instant::now());
                            let roles = &taint_roles[rule];
                            let free = free
                                .get(&summary::flags(roles))
                                .filter(|_| saving == Saving::All);
                            // A rule whose flows stay in their function (`; reach: function`)
                            // gives no summaries: its walk is the one of the file alone.
                            let shape = shape
                                .as_ref()
                                .filter(|_| !self.function_reach.contains(rule));
                            let open = if lazy { None } else { Some(free) };
                            let walk = self.walk_rule(roles, shape, open, tree, text, &aliases);
                            timed(&[*rule], started, false);
                            (*rule, walk)
                        };
                        rules.iter().map(alone).collect::<Vec<_>>()
                    })
                })
                .collect();
            // In the rules' order, as each rule's walk was taken back before.
            walked.sort_by_key(|(rule, _)| *rule);
            // A file whose sources' values leave its functions is one the join goes into from
            // the start, and one with a match that waits for the walks from its parameters is
            // one it reads first: its summaries are made whole now, the rest of the walks
            // added, rather than once it is read and parsed again.
            let mut lazy = lazy;
            let leaves = |walk: &RuleWalk| {
                let mut edges = walk.edges.iter().flat_map(|e| &e.edges);
                edges.any(|edge| edge.from == summary::Origin::Source)
            };
            let whole_now = (shape.as_ref().filter(|_| !cut_short), &table);
            if let (Some(shape), Some(table)) = whole_now {
                if lazy && (waits || walked.iter().any(|(_, walk)| leaves(walk))) {
                    lazy = false;
                    laps.lap(Phase::RuleWalks);
                    free = self.free_walks(&taint_roles, shape, declared, table, text, &aliases);
                    laps.lap(Phase::FreeWalks);
                    walked.par_iter_mut().for_each(|(rule, walk)| {
                        let Some(edges) = walk.edges.as_mut().filter(|e| !e.shares) else {
                            return;
                        };
                        let roles = &taint_roles[rule];
                        let started = timings.map(|_| Instant::now());
                        let rest = nodes::within(Some(table), || {
                            let free = free.get(&summary::flags(roles));
                            let open = summary::Open::Rest(free);
                            let root = tree.root_node();
                            summary::summarize(
                                self.language,
                                root,
                                text,
                                &aliases,
                                roles,
                                shape,
                                open,
                            )
                        });
                        // The rest of a rule's walks are its own time too.
                        if let (Some(timings), Some(started)) = (timings, started) {
                            timings.add_rules(&[*rule], started.elapsed(), false);
                        }
                        edges.complete &= rest.complete;
                        if edges.complete {
                            edges.edges.extend(rest.edges);
                        } else {
                            edges.edges.clear();
                        }
                    });
                }
            }
            for (rule, walk) in walked {
                let rule = &rule;
                let flows = walk.flows;
                if let Some(inside) = walk.fits {
                    fits.insert(*rule, inside);
                }
                if let Some(edges) = walk.edges {
                    by_rule.insert(*rule, edges);
                }
                for flow in flows {
                    // A leak only the join can decide is left out where there is no join.
                    if !flow.lent.is_empty() && !summarized {
                        continue;
                    }
                    let source = flow.steps.first().map(|s| s.0.clone());
                    let mut captures = vec![(String::from("sink"), flow.sink.clone())];
                    captures.extend(source.map(|r| (String::from("source"), r)));
                    out.push(RuleMatch {
                        rule: *rule,
                        node_bytes: flow.sink,
                        captures,
                        flow: flow.steps,
                        detail: flow.detail,
                        deferred: Vec::new(),
                        lent: flow.lent,
                    });
                }
            }
            laps.lap(Phase::RuleWalks);
            // A query cut short may have missed sources: then nothing is judged, and the file's
            // summaries, which may have missed sanitizers, are not used.
            if !cut_short {
                let edges = shape.as_ref().map(|_| &by_rule);
                let judged = Judged {
                    roles: &taint_roles,
                    fits: &fits,
                    first_pass: lazy,
                };
                self.drop_superseded(&mut out, judged, tree, text, &aliases, edges);
            }
            match shape {
                Some(shape) if !cut_short => {
                    let first_pass = lazy;
                    let none = summary::flags(&taint::Roles::default());
                    let shared = if lazy {
                        None
                    } else {
                        self.shared_edges(tree, text, &aliases, &shape, free.get(&none))
                    };
                    Some(FileFacts {
                        shape,
                        by_rule,
                        shared,
                        first_pass,
                    })
                }
                _ => None,
            }
        });
        laps.lap(Phase::Judging);
        let incomplete = if timed_out {
            Some(Incomplete::Timeout)
        } else if exceeded {
            Some(Incomplete::MatchLimit)
        } else {
            None
        };
        out.sort_by_key(|m| (m.node_bytes.start, m.node_bytes.end, m.rule));
        FileMatches {
            matches: out,
            incomplete,
            facts,
        }
    }

    /// The walks with no role, per set of flags (see [`summary::FreeWalks`]): for the shared
    /// edges, and for flags two rules or more walk the file with. Each rule's own walks then go
    /// only into the functions that hold its roles. Made with the file's `shape` (so with
    /// summaries, and not after a query cut short), over the tree of its `table`. Each notes
    /// where the sanitizers and propagators of the rules that lean on it would have changed it,
    /// and where a rule that follows numbers would have found a tainted one.
    fn free_walks(
        &self,
        taint_roles: &std::collections::BTreeMap<usize, taint::Roles>,
        shape: &summary::Shape,
        declared: Option<std::sync::Arc<taint::Declared>>,
        table: &Nodes<'_>,
        text: &str,
        aliases: &Aliases,
    ) -> std::collections::HashMap<FlagsKey, summary::FreeWalks> {
        let none = taint::Roles {
            declared,
            ..taint::Roles::default()
        };
        // Per set of flags, the rules that walk with them; the walks with no role are always
        // made for the rules without roles in the file (the shared edges), and for others
        // where they save more than they cost.
        let none_key = summary::flags(&none);
        let mut wanted: std::collections::HashMap<FlagsKey, (&taint::Roles, Vec<&taint::Roles>)> =
            std::collections::HashMap::new();
        wanted.insert(none_key, (&none, Vec::new()));
        for (rule, roles) in taint_roles {
            if roles.extent.is_some() || self.function_reach.contains(rule) || shares(roles) {
                continue;
            }
            wanted
                .entry(summary::flags(roles))
                .or_insert((roles, Vec::new()))
                .1
                .push(roles);
        }
        let units = none
            .declared
            .as_ref()
            .map(|declared| declared.units.as_slice())
            .unwrap_or_default();
        wanted
            .into_par_iter()
            .filter(|(key, (_, rules))| {
                *key == none_key || summary::free_walks_pay(units, rules, shape)
            })
            .map(|(key, (like, rules))| {
                let free = nodes::within(Some(table), || {
                    summary::FreeWalks::new(
                        self.language,
                        table.root(),
                        text,
                        aliases,
                        like,
                        shape,
                        taint::Watched::of(rules),
                    )
                });
                (key, free)
            })
            .collect()
    }

    /// The walks of `rules` (two or more about extents that walk alike, see [`walking_alike`])
    /// made as one; `None` for one rule, or when that walk gave up on its limits: then each
    /// rule walks alone.
    fn walk_together(
        &self,
        rules: &[usize],
        taint_roles: &std::collections::BTreeMap<usize, taint::Roles>,
        tree: &Tree,
        text: &str,
        aliases: &Aliases,
    ) -> Option<Vec<(usize, RuleWalk)>> {
        if rules.len() < 2 {
            return None;
        }
        let roles: Vec<&taint::Roles> = rules.iter().map(|rule| &taint_roles[rule]).collect();
        let found = taint::analyze_extents(self.language, tree.root_node(), text, aliases, &roles)?;
        let walks = rules.iter().zip(found).map(|(rule, (flows, inside))| {
            let walk = RuleWalk {
                flows,
                edges: None,
                fits: Some(inside),
            };
            (*rule, walk)
        });
        Some(walks.collect())
    }

    /// One taint rule's walks over a file: its flows, and its edges (with the file's `shape`,
    /// for summaries) or the accesses it found within bounds (a rule about extents). The walks
    /// from parameters and results are made with `open` (the free walks they lean on, if any),
    /// not without it (a first pass, see [`CompiledRules::run_lazily`]).
    fn walk_rule(
        &self,
        roles: &taint::Roles,
        shape: Option<&summary::Shape>,
        open: Option<Option<&summary::FreeWalks>>,
        tree: &Tree,
        text: &str,
        aliases: &Aliases,
    ) -> RuleWalk {
        match shape {
            _ if roles.extent.is_some() => {
                let (flows, inside) =
                    taint::analyze_extent(self.language, tree.root_node(), text, aliases, roles);
                RuleWalk {
                    flows,
                    edges: None,
                    fits: Some(inside),
                }
            }
            Some(shape) => {
                let shares = shares(roles);
                let summary = summary::summarize(
                    self.language,
                    tree.root_node(),
                    text,
                    aliases,
                    roles,
                    shape,
                    match open {
                        Some(free) if !shares => summary::Open::From(free),
                        _ => summary::Open::No,
                    },
                );
                RuleWalk {
                    flows: summary.flows,
                    edges: Some(RuleEdges {
                        edges: summary.edges,
                        shares,
                        complete: summary.complete,
                    }),
                    fits: None,
                }
            }
            None => RuleWalk {
                flows: taint::analyze(self.language, tree.root_node(), text, aliases, roles),
                edges: None,
                fits: None,
            },
        }
    }

    /// The name `pattern` gives the compiled query's capture `index`.
    fn capture_name(&self, pattern: usize, index: u32) -> &str {
        match self.capture_names[pattern].get(index as usize) {
            Some(name) => name,
            None => self.query.capture_names()[index as usize],
        }
    }

    /// Takes `m`, a match of the compiled query, as a match of the rules' `pattern` (one of
    /// those it matches for), should that pattern's predicates hold: a node with a role for its
    /// taint rules, or a finding.
    fn take(
        &self,
        pattern: usize,
        m: &tree_sitter::QueryMatch<'_, '_>,
        text: &str,
        aliases: &Aliases,
        out: &mut Vec<RuleMatch>,
        taint_roles: &mut std::collections::BTreeMap<usize, taint::Roles>,
    ) {
        let bytes = text.as_bytes();
        let captures = m.captures();
        if !self.text_predicates[pattern]
            .iter()
            .all(|p| p.holds(captures, |node| aliases.text(node, bytes)))
        {
            return;
        }
        if !predicates::hold(&self.predicates[pattern], m, text, aliases) {
            return;
        }
        if self.html_output[pattern] && self.writes_plain_response(pattern, m, text) {
            return;
        }
        if let Some(role) = self.pattern_role[pattern] {
            // A taint rule's match is a node with a role, not a finding.
            for rule in &self.pattern_rules[pattern] {
                let roles = taint_roles.entry(*rule).or_insert_with(|| taint::Roles {
                    value_only: self.value_flow.contains(rule),
                    numbers: self.number_flow.contains(rule),
                    all_paths: self.all_paths.contains(rule),
                    extent: self.extent.get(rule).copied(),
                    constructs: self.language == Language::Cpp,
                    ..Default::default()
                });
                for capture in captures {
                    let captured = self.capture_name(pattern, capture.index);
                    if captured == role {
                        roles.add(captured, capture.node.byte_range());
                    }
                }
            }
            return;
        }
        let finding = self.finding_capture[pattern];
        let reported = captures
            .iter()
            .find(|c| Some(c.index) == finding)
            .or_else(|| captures.first());
        let Some(reported) = reported else { return };
        out.push(RuleMatch {
            rule: self.pattern_rules[pattern][0],
            node_bytes: reported.node.byte_range(),
            captures: captures
                .iter()
                .map(|c| {
                    let name = self.capture_name(pattern, c.index).to_string();
                    (name, c.node.byte_range())
                })
                .collect(),
            flow: Vec::new(),
            detail: None,
            deferred: Vec::new(),
            lent: Vec::new(),
        });
    }

    /// Whether the node `m` reports as a match of `pattern` (its sink, or its finding) writes a
    /// response the code has said is not HTML.
    fn writes_plain_response(
        &self,
        pattern: usize,
        m: &tree_sitter::QueryMatch<'_, '_>,
        text: &str,
    ) -> bool {
        let reported = m
            .captures()
            .iter()
            .find(|c| matches!(self.capture_name(pattern, c.index), "sink" | "finding"))
            .or_else(|| m.captures().first());
        reported.is_some_and(|c| predicates::plain_response(c.node, text))
    }

    /// The summaries of a file in which no rule has a role: its shape alone in a first pass
    /// (`lazy`).
    fn facts(&self, tree: &Tree, text: &str, aliases: &Aliases, lazy: bool) -> Option<FileFacts> {
        let shape = summary::Shape::of(self.language, tree.root_node(), text, aliases)
            .filter(|shape| !shape.is_empty())?;
        let shared = if lazy {
            None
        } else {
            self.shared_edges(tree, text, aliases, &shape, None)
        };
        Some(FileFacts {
            shape,
            by_rule: Default::default(),
            shared,
            first_pass: lazy,
        })
    }

    /// The edges the file's functions have for a rule without roles in it.
    fn shared_edges(
        &self,
        tree: &Tree,
        text: &str,
        aliases: &Aliases,
        shape: &summary::Shape,
        free: Option<&summary::FreeWalks>,
    ) -> Option<Vec<summary::Edge>> {
        let roles = taint::Roles::default();
        let found = summary::summarize(
            self.language,
            tree.root_node(),
            text,
            aliases,
            &roles,
            shape,
            summary::Open::From(free),
        );
        found.complete.then_some(found.edges)
    }
}

/// The taint rules of `taint_roles` in the groups their walks are made in: the rules about
/// extents whose walks go alike (see [`taint::Roles::walks_as`]) together, every other rule
/// alone; in the rules' order.
fn walking_alike(taint_roles: &std::collections::BTreeMap<usize, taint::Roles>) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (rule, roles) in taint_roles {
        let alike = groups.iter_mut().find(|group| {
            let first = &taint_roles[&group[0]];
            roles.walks_as(first)
        });
        match alike {
            Some(group) => group.push(*rule),
            None => groups.push(vec![*rule]),
        }
    }
    groups
}

/// Which summaries a run makes, for the join across functions and files.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Summaries {
    /// None: each file is judged alone.
    No,
    /// Every rule's edges from its sources, parameters and results, and the shared edges.
    Eager,
    /// The file's shape and the edges from the rules' sources only (see
    /// [`CompiledRules::run_lazily`]).
    Lazy,
}

/// How much of each rule's walks is taken from the walks with no role it shares with others,
/// or with other rules about extents (see [`walking_alike`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Saving {
    /// A rule walks only the functions where its roles change something (see
    /// [`summary::FreeWalks`]).
    All,
    /// Every rule walks every function of the file itself: what [`Saving::All`] must equal.
    #[cfg_attr(not(test), allow(dead_code))]
    Nothing,
}

/// Whether a rule with `roles` in a file passes values on there as every rule without roles
/// does: it has no sink, sanitizer, propagator or check in it (only sources, maybe).
fn shares(roles: &taint::Roles) -> bool {
    roles.sinks.is_empty()
        && roles.sanitizers.is_empty()
        && roles.propagators.is_empty()
        && roles.checked.is_empty()
        && roles.rejected.is_empty()
        && roles.cleared.is_empty()
}

/// The rules whose flows stay in their function: those that say so (`; reach: function`,
/// `declared`), and those whose every source does (`@source.local`) and that decide no pattern
/// rule's findings. No edge of theirs starts from a source, so the join of summaries could
/// never reach a sink for them, and the walks that would make their summaries are saved.
fn reaching_their_function(
    declared: std::collections::HashSet<usize>,
    pattern_rules: &[Vec<usize>],
    pattern_role: &[Option<&'static str>],
    superseded_by: &std::collections::HashMap<usize, Vec<usize>>,
) -> std::collections::HashSet<usize> {
    let deciding: std::collections::HashSet<usize> =
        superseded_by.values().flatten().copied().collect();
    // Per rule: whether it has sources that stay in their function, and others.
    let mut sources: std::collections::BTreeMap<usize, (bool, bool)> = Default::default();
    for (rules, role) in pattern_rules.iter().zip(pattern_role) {
        for rule in rules {
            let (local, other) = sources.entry(*rule).or_default();
            match role {
                Some("source.local") => *local = true,
                Some("source" | "filled") => *other = true,
                _ => {}
            }
        }
    }
    let local = sources
        .into_iter()
        .filter(|(rule, (local, other))| *local && !*other && !deciding.contains(rule))
        .map(|(rule, _)| rule);
    declared.into_iter().chain(local).collect()
}

/// The flags that make rules walk alike (see [`summary::flags`]).
type FlagsKey = (bool, bool, bool, bool, bool, bool);

/// What one taint rule's walks over a file gave.
struct RuleWalk {
    flows: Vec<taint::Flow>,
    edges: Option<RuleEdges>,
    fits: Option<RangeSet>,
}

/// What the taint rules of a file said, for the pattern rules they supersede: each rule's
/// roles, and for each rule about extents the accesses it found within bounds.
#[derive(Clone, Copy)]
struct Judged<'a> {
    roles: &'a std::collections::BTreeMap<usize, taint::Roles>,
    fits: &'a std::collections::HashMap<usize, RangeSet>,
    /// The summaries are a first pass's (see [`CompiledRules::run_lazily`]): no walk from a
    /// parameter or a result was made. A first pass makes whole at once a file with a match
    /// this judges (see [`CompiledRules::may_wait`]), so none should be judged so; one that
    /// was would wait, and the reviewer would make the file whole on seeing it.
    first_pass: bool,
}

/// For each pattern rule of `language` with `; superseded-by:`, the taint rules in force that
/// supersede it (a rule turned off, or absent, supersedes nothing).
fn superseders(set: &RuleSet, language: Language) -> std::collections::HashMap<usize, Vec<usize>> {
    let rules = &set.rules;
    let mut map = std::collections::HashMap::new();
    for (index, rule) in rules.iter().enumerate() {
        if rule.meta.taint || !rule.languages.contains(&language) {
            continue;
        }
        let taint: Vec<usize> = rule
            .meta
            .superseded_by
            .iter()
            .filter_map(|id| {
                rules.iter().position(|r| {
                    r.meta.id == *id && r.meta.taint && r.languages.contains(&language)
                })
            })
            .collect();
        if !taint.is_empty() {
            map.insert(index, taint);
        }
    }
    map
}

impl CompiledRules {
    /// The taint rules with roles in the file that judge the pattern match `m` (those that
    /// supersede its rule), each with its roles and its sinks on the match; none when `m`'s rule
    /// is superseded by none.
    fn judging<'r>(
        &'r self,
        m: &RuleMatch,
        roles: &'r std::collections::BTreeMap<usize, taint::Roles>,
    ) -> impl Iterator<Item = (usize, &'r taint::Roles, Vec<&'r Range<usize>>)> + 'r {
        let span = m.node_bytes.clone();
        let superseding = self.superseded_by.get(&m.rule).into_iter().flatten();
        superseding.filter_map(move |rule| {
            let roles = roles.get(rule)?;
            let sinks: Vec<&Range<usize>> = (roles.sinks.iter())
                .filter(|s| s.start < span.end && span.start < s.end)
                .collect();
            (!sinks.is_empty()).then_some((*rule, roles, sinks))
        })
    }

    /// Whether a pattern match of `matches` may wait for the join in a first pass: a taint rule
    /// judges it that only the walks from the file's parameters and results can settle (see
    /// [`Self::drop_superseded`]). A rule about extents judges its sinks alone, and one whose
    /// flows stay in their function has no summaries.
    fn may_wait(
        &self,
        matches: &[RuleMatch],
        roles: &std::collections::BTreeMap<usize, taint::Roles>,
    ) -> bool {
        matches.iter().any(|m| {
            self.judging(m, roles).any(|(rule, roles, _)| {
                roles.extent.is_none() && !self.function_reach.contains(&rule)
            })
        })
    }

    /// Drops the matches of superseded pattern rules that lie on a sink of a taint rule
    /// superseding them which no flow reached, and which holds no parameter of its function
    /// either: the taint rule has judged the value there. A sink that holds a parameter keeps
    /// the pattern match, since its callers may pass anything. With summaries, a sink that a
    /// parameter or a call's result reaches waits for the join instead; in a first pass, which
    /// has not walked from them, every sink no source reached would wait (none is judged there,
    /// see [`Judged::first_pass`]).
    fn drop_superseded(
        &self,
        matches: &mut Vec<RuleMatch>,
        judged_by: Judged<'_>,
        tree: &Tree,
        text: &str,
        aliases: &Aliases,
        summaries: Option<&std::collections::BTreeMap<usize, RuleEdges>>,
    ) {
        if self.superseded_by.is_empty() {
            return;
        }
        let roles = judged_by.roles;
        let reached: std::collections::HashSet<(usize, Range<usize>)> = matches
            .iter()
            .filter(|m| !m.flow.is_empty())
            .map(|m| (m.rule, m.node_bytes.clone()))
            .collect();
        let mut open: std::collections::HashMap<usize, RangeSet> = Default::default();
        matches.retain_mut(|m| {
            // Dropped only when every superseding rule with a sink here judged it clean.
            let mut judged = false;
            let mut deferred = Vec::new();
            for (taint_rule, roles, sinks) in self.judging(m, roles) {
                let reaches = sinks
                    .iter()
                    .any(|s| reached.contains(&(taint_rule, (*s).clone())));
                if let Some(fits) = judged_by.fits.get(&taint_rule) {
                    // A rule about extents settles an access it found past an end (its own
                    // finding, with the sizes, stands for the match) or inside its buffer
                    // (nothing to report); one it could not judge keeps the match.
                    if reaches || sinks.iter().all(|s| fits.contains(*s)) {
                        judged = true;
                        continue;
                    }
                    return true;
                }
                if reaches {
                    return true;
                }
                if let Some(summaries) = summaries {
                    // A sink that a parameter or a call's result reaches waits for the join.
                    let Some(edges) = summaries.get(&taint_rule).filter(|e| e.complete) else {
                        return true;
                    };
                    for sink in &sinks {
                        // Without the walks from parameters and results, any sink may wait.
                        let waits = judged_by.first_pass
                            || edges.edges.iter().any(
                                |edge| matches!(&edge.to, summary::Target::Sink(s) if s == *sink),
                            );
                        if waits {
                            deferred.push((taint_rule, (*sink).clone()));
                        }
                    }
                    judged = true;
                    continue;
                }
                let open = open.entry(taint_rule).or_insert_with(|| {
                    taint::open_sinks(self.language, tree.root_node(), text, aliases, roles)
                });
                if sinks.iter().any(|s| open.contains(*s)) {
                    return true;
                }
                judged = true;
            }
            if !deferred.is_empty() {
                // In the sinks' order, not the order a set of them happened to give.
                deferred.sort_by_key(|(rule, sink)| (*rule, sink.start, sink.end));
                m.deferred = deferred;
                return true;
            }
            !judged
        });
    }
}

/// The role of one pattern of a taint rule (exactly one of `@source`, `@sink`, `@sanitizer`,
/// `@propagator`), or `None` for a pattern rule.
fn taint_role(
    query: &Query,
    pattern: usize,
    rule: &Rule,
    language: Language,
) -> Result<Option<&'static str>, RuleError> {
    if !rule.meta.taint {
        return Ok(None);
    }
    let invalid = |message: String| RuleError::Invalid {
        origin: rule.origin.clone(),
        message,
    };
    if !taint::supports(language) {
        return Err(invalid(format!(
            "taint rules are not supported for {language} (the taint engine models Python, \
             JavaScript/TypeScript, Java, Go, PHP and C/C++)"
        )));
    }
    let roles = roles_of(query, pattern, |name| query.capture_index_for_name(name));
    match roles.as_slice() {
        [role] => Ok(Some(*role)),
        _ => Err(invalid(format!(
            "each pattern of a taint rule needs exactly one of @source, @sink, @sanitizer, \
             @propagator, @filled, @cleared, @checked, @rejected or @source.local (pattern {} has {})",
            pattern + 1,
            roles.len()
        ))),
    }
}

/// The indexes of the rules of `language` whose metadata passes `keep`.
fn rules_where(
    set: &RuleSet,
    language: Language,
    keep: impl Fn(&super::meta::RuleMeta) -> bool,
) -> std::collections::HashSet<usize> {
    set.rules
        .iter()
        .enumerate()
        .filter(|(_, rule)| keep(&rule.meta) && rule.languages.contains(&language))
        .map(|(index, _)| index)
        .collect()
}

fn unreachable_combined_error<T>(language: Language) -> Result<T, RuleError> {
    // Each rule compiled on its own but not together: report it rather than panic.
    Err(RuleError::Invalid {
        origin: super::Origin::Builtin(format!("{language}/*")),
        message: String::from("the rules compile one by one but not together"),
    })
}

/// Where a rule's text, or a partial shared by taint rules, sits in a query's text, and the
/// rules its patterns belong to.
type Span = (Range<usize>, Vec<usize>);

/// The text of one query holding every rule of `set` for `language`, each rule's text (or a
/// partial shared by taint rules, once) through `write`; and where each sits in it, with the
/// rules its patterns belong to.
fn query_source<'a>(
    set: &'a RuleSet,
    language: Language,
    keep: impl Fn(&Rule) -> bool,
    write: impl Fn(&'a str) -> Cow<'a, str>,
) -> (String, Vec<Span>) {
    let mut source = String::new();
    let mut spans: Vec<Span> = Vec::new();
    let mut shared: Vec<(&std::path::Path, &str, Vec<usize>)> = Vec::new();
    for (index, rule) in set.rules.iter().enumerate() {
        if !rule.languages.contains(&language) || !keep(rule) {
            continue;
        }
        let start = source.len();
        if rule.meta.taint {
            // The rule's own text; its partials come once, after every rule.
            let own = rule
                .partials
                .first()
                .map_or(rule.source.len(), |(_, r)| r.start);
            source.push_str(&write(&rule.source[..own]));
            for (path, range) in &rule.partials {
                match shared.iter_mut().find(|(p, _, _)| p == path) {
                    Some((_, _, rules)) => rules.push(index),
                    None => shared.push((path, &rule.source[range.clone()], vec![index])),
                }
            }
        } else {
            source.push_str(&write(&rule.source));
        }
        source.push('\n');
        spans.push((start..source.len(), vec![index]));
    }
    for (_, text, rules) in shared {
        let start = source.len();
        source.push_str(&write(text));
        source.push('\n');
        spans.push((start..source.len(), rules));
    }
    (source, spans)
}

/// One query compiled from the rules of a set for a language, each pattern checked. The tables
/// are per pattern of the rules' source, as written; the query may compile several of those as
/// one (see `structures`).
struct Compiled {
    query: Query,
    /// The rules' source.
    source: String,
    /// Where each of the rules' patterns stands in `source`.
    patterns: Vec<Range<usize>>,
    /// Per pattern of the query: the rules' patterns it matches for.
    members: Vec<Vec<usize>>,
    /// Per pattern: its names for the query's captures, by index; empty for the query's own.
    capture_names: Vec<Vec<Box<str>>>,
    /// Per pattern: the text predicates the engine evaluates (tree-sitter does the others').
    text_predicates: Vec<Vec<TextPredicate>>,
    /// The rules each pattern belongs to (several for a partial that taint rules share).
    pattern_rules: Vec<Vec<usize>>,
    pattern_role: Vec<Option<&'static str>>,
    predicates: Vec<Vec<predicates::Predicate>>,
}

/// How a scan compiles the patterns of its rules.
#[derive(Clone, Copy, PartialEq)]
enum Compile {
    /// Those of the same structure once (see `structures`).
    Shared,
    /// Each on its own.
    #[cfg_attr(not(test), allow(dead_code))]
    Apart,
}

/// Compiles the rules of `set` for `language` that `keep` passes into one query, and checks each
/// of its patterns. An error names the file of the rule at fault.
///
/// For a scan (`how`), nested nodes are compiled without their kind where their fields say it
/// (see `kindless`), and as written should tree-sitter refuse that text. A check (`None`)
/// compiles them as written: tree-sitter rejects a field or a child the node's kind cannot
/// have, and under a wildcard it no longer could.
fn compile(
    set: &RuleSet,
    language: Language,
    keep: impl Fn(&Rule) -> bool,
    how: Option<Compile>,
) -> Result<Compiled, RuleError> {
    let lean = how.is_some();
    let grammar = language
        .grammar()
        .expect("rule sets are only compiled for languages with a grammar");
    let types = lean.then(|| kindless::NodeTypes::of(language)).flatten();
    let lean_source = types.map(|types| {
        query_source(set, language, &keep, |text| {
            kindless::kindless(text, &types)
        })
    });
    if let (Some(Compile::Shared), Some((source, spans))) = (how, &lean_source) {
        if let Some(compiled) = compile_shared(set, language, source, spans) {
            return Ok(compiled);
        }
    }
    let leaner = lean_source.map(|(source, spans)| (Query::new(&grammar, &source), source, spans));
    let (query, source, spans) = match leaner {
        Some((Ok(query), source, spans)) => (query, source, spans),
        _ => {
            let (source, spans) = query_source(set, language, &keep, Cow::Borrowed);
            match Query::new(&grammar, &source) {
                Ok(query) => (query, source, spans),
                Err(_) => culprit(set, language, &spans)?,
            }
        }
    };
    let mut pattern_rules = Vec::with_capacity(query.pattern_count());
    let mut pattern_role = Vec::with_capacity(query.pattern_count());
    let mut predicates = Vec::with_capacity(query.pattern_count());
    for pattern in 0..query.pattern_count() {
        let offset = query.start_byte_for_pattern(pattern);
        let (span, rules) = spans
            .iter()
            .find(|(span, _)| span.contains(&offset))
            .expect("every pattern comes from one rule's source or a shared partial");
        // Two rules that are each no query can make one together (`((call) @finding` and `)`).
        if syntax::pattern_end(&source, offset).is_none_or(|end| end > span.end) {
            culprit(set, language, &spans)?;
        }
        let rules = rules.clone();
        let rule = &set.rules[rules[0]];
        let checked = check_pattern(&query, &source, pattern, rule)
            .and_then(|ours| Ok((ours, taint_role(&query, pattern, rule, language)?)));
        let (ours, role) = match checked {
            Ok(checked) => checked,
            Err(error) => {
                // Said of the rule alone, the message's line and pattern are the file's own.
                check_rule(rule, language)?;
                return Err(error);
            }
        };
        predicates.push(ours);
        pattern_role.push(role);
        pattern_rules.push(rules);
    }
    let count = query.pattern_count();
    Ok(Compiled {
        patterns: (0..count)
            .map(|p| query.start_byte_for_pattern(p)..query.end_byte_for_pattern(p))
            .collect(),
        members: (0..count).map(|p| vec![p]).collect(),
        capture_names: vec![Vec::new(); count],
        text_predicates: (0..count).map(|_| Vec::new()).collect(),
        query,
        source,
        pattern_rules,
        pattern_role,
        predicates,
    })
}

/// [`compile`] with the patterns of one structure compiled once (see `structures`), for rules
/// whose `source` (cut into `spans`) compiles as it is; `None` should anything not read,
/// compile or check as it does written whole: that way then reports what is wrong.
fn compile_shared(
    set: &RuleSet,
    language: Language,
    source: &str,
    spans: &[Span],
) -> Option<Compiled> {
    let grammar = language.grammar()?;
    let grouped = structures::group(source)?;
    let query = Query::new(&grammar, &grouped.source).ok()?;
    let carrier = Query::new(&grammar, &grouped.predicates).ok()?;
    let groups = grouped.members.len();
    let carried = grouped.predicates_of.iter().flatten().count();
    let laid_out = query.pattern_count() == groups
        && carrier.pattern_count() == carried
        && (0..groups).all(|g| query.start_byte_for_pattern(g) == grouped.starts[g]);
    if !laid_out {
        return None;
    }
    let count = grouped.patterns.len();
    let mut pattern_rules = vec![Vec::new(); count];
    let mut pattern_role = vec![None; count];
    let mut predicates: Vec<Vec<predicates::Predicate>> = (0..count).map(|_| Vec::new()).collect();
    let mut text_predicates: Vec<Vec<TextPredicate>> = (0..count).map(|_| Vec::new()).collect();
    let mut capture_names = vec![Vec::new(); count];
    for (group, members) in grouped.members.iter().enumerate() {
        for &pattern in members {
            let range = &grouped.patterns[pattern];
            let (span, rules) = spans.iter().find(|(span, _)| span.contains(&range.start))?;
            if range.end > span.end {
                return None;
            }
            let rule = &set.rules[rules[0]];
            pattern_rules[pattern] = rules.clone();
            if members.len() == 1 {
                // Compiled as written: checked as `compile` checks it.
                predicates[pattern] = check_pattern(&query, &grouped.source, group, rule).ok()?;
                pattern_role[pattern] = taint_role(&query, group, rule, language).ok()?;
                continue;
            }
            // The query's index of each capture this pattern names, and its names by index.
            let pairs = &grouped.names[pattern];
            let own_index = |own: &str| grouped.capture_index(&query, pattern, own);
            if !pairs.is_empty() {
                // The query's other captures are never this pattern's: they name nothing here.
                let mut names: Vec<Box<str>> = vec![Box::from(""); query.capture_names().len()];
                for (first, own) in pairs {
                    names[query.capture_index_for_name(first)? as usize] = own.as_str().into();
                }
                capture_names[pattern] = names;
            }
            pattern_role[pattern] = shared_role(&query, group, rule, language, own_index)?;
            let Some(carried) = grouped.predicates_of[pattern] else {
                continue;
            };
            // Every predicate handed over (none kept back as a text predicate the renaming
            // missed), and each one known.
            let handed = carrier.general_predicates(carried);
            if handed.len() != grouped.predicate_count[pattern] {
                return None;
            }
            let unknown = handed.iter().any(|p| {
                !predicates::OURS.contains(&p.operator.as_ref())
                    && !p.operator.starts_with(structures::RENAMED)
            });
            if unknown
                || !carrier.property_predicates(carried).is_empty()
                || !carrier.property_settings(carried).is_empty()
            {
                return None;
            }
            let to_query = |index: u32| own_index(carrier.capture_names().get(index as usize)?);
            predicates[pattern] = predicates::of(&carrier, carried, rule)
                .ok()?
                .into_iter()
                .map(|p| p.remapped(to_query))
                .collect::<Option<_>>()?;
            text_predicates[pattern] = TextPredicate::of(&carrier, carried, to_query)?;
        }
    }
    Some(Compiled {
        query,
        source: source.to_string(),
        patterns: grouped.patterns,
        members: grouped.members,
        capture_names,
        text_predicates,
        pattern_rules,
        pattern_role,
        predicates,
    })
}

/// [`taint_role`] of a pattern compiled as the query's `pattern` together with others, whose
/// own capture names `own_index` takes to the query's; `None` where `taint_role` would err.
fn shared_role(
    query: &Query,
    pattern: usize,
    rule: &Rule,
    language: Language,
    own_index: impl Fn(&str) -> Option<u32>,
) -> Option<Option<&'static str>> {
    if !rule.meta.taint {
        return Some(None);
    }
    if !taint::supports(language) {
        return None;
    }
    match roles_of(query, pattern, own_index).as_slice() {
        [role] => Some(Some(*role)),
        _ => None,
    }
}

/// The role names `query`'s `pattern` captures, each name taken to the query's capture by
/// `index_of`.
fn roles_of(
    query: &Query,
    pattern: usize,
    index_of: impl Fn(&str) -> Option<u32>,
) -> Vec<&'static str> {
    let quantifiers = query.capture_quantifiers(pattern);
    taint::ROLE_NAMES
        .iter()
        .copied()
        .filter(|name| {
            index_of(name).is_some_and(|index| {
                quantifiers
                    .get(index as usize)
                    .is_some_and(|q| *q != tree_sitter::CaptureQuantifier::Zero)
            })
        })
        .collect()
}

/// Compiles the rules of `set` for `language` that `keep` passes, together, to validate them;
/// the cheap way to check many rules, since each query compiled costs tree-sitter a fixed part.
pub(crate) fn check_rules(
    set: &RuleSet,
    language: Language,
    keep: impl Fn(&Rule) -> bool,
) -> Result<(), RuleError> {
    compile(set, language, keep, None).map(drop)
}

/// The error of the first rule in `spans` that is no valid query on its own, for a query of
/// them all that failed: so the message names its file.
fn culprit<T>(set: &RuleSet, language: Language, spans: &[Span]) -> Result<T, RuleError> {
    for (_, rules) in spans {
        check_rule(&set.rules[rules[0]], language)?;
    }
    unreachable_combined_error(language)
}

/// Compiles one rule on its own for `language`, to validate it with a message naming its file.
pub(crate) fn check_rule(rule: &Rule, language: Language) -> Result<(), RuleError> {
    let grammar = language
        .grammar()
        .expect("rules are only loaded for languages with a grammar");
    let query = Query::new(&grammar, &rule.source).map_err(|e| RuleError::Invalid {
        origin: rule.origin.clone(),
        message: format!(
            "invalid query for {language} at line {}, column {}: {}",
            e.row + 1,
            e.column + 1,
            e.message.trim()
        ),
    })?;
    for pattern in 0..query.pattern_count() {
        check_pattern(&query, &rule.source, pattern, rule)?;
        taint_role(&query, pattern, rule, language)?;
    }
    Ok(())
}

/// Checks one pattern of `query` (compiled from `source`) that belongs to `rule`; answers the
/// predicates shardscan evaluates for it.
fn check_pattern(
    query: &Query,
    source: &str,
    pattern: usize,
    rule: &Rule,
) -> Result<Vec<predicates::Predicate>, RuleError> {
    check_predicates(query, pattern, rule)?;
    let ours = predicates::of(query, pattern, rule)?;
    // A predicate written after a pattern's closing parenthesis is accepted by tree-sitter as a
    // pattern of its own and never applied: the rule would fire on every candidate.
    let start = query.start_byte_for_pattern(pattern);
    let text = source
        .get(start..query.end_byte_for_pattern(pattern))
        .unwrap_or_default();
    let code: String = text
        .lines()
        .map(|line| line.split(';').next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join(" ");
    let code = code.trim_start();
    if code.starts_with("(#") || code.is_empty() {
        let line = source.get(..start).unwrap_or_default().lines().count() + 1;
        return Err(RuleError::Invalid {
            origin: rule.origin.clone(),
            message: format!(
                "predicate outside any pattern near line {line}: it would never be applied\nhint: put it \
                 inside the pattern's parentheses, e.g. `((call) @c (#eq? @c \"x\"))`"
            ),
        });
    }
    Ok(ours)
}

/// tree-sitter accepts any `#name?` predicate and leaves the unknown ones for the caller, which
/// would make them pass silently; any but shardscan's own (see `predicates`) is an error.
fn check_predicates(query: &Query, pattern: usize, rule: &Rule) -> Result<(), RuleError> {
    let invalid = |message: String| RuleError::Invalid {
        origin: rule.origin.clone(),
        message,
    };
    let unknown = query
        .general_predicates(pattern)
        .iter()
        .find(|p| !predicates::OURS.contains(&p.operator.as_ref()));
    if let Some(predicate) = unknown {
        return Err(invalid(format!(
            "unknown predicate `#{}`\nhint: supported predicates are #eq?, #not-eq?, #any-eq?, \
             #match?, #not-match?, #any-match?, #any-of?, #not-any-of?, #resolves-to?, \
             #not-resolves-to?, #not-sized-for?, #not-overflow-checked? and #not-guarded-by?",
            predicate.operator
        )));
    }
    if let Some((property, _)) = query.property_predicates(pattern).first() {
        return Err(invalid(format!(
            "unsupported predicate `#is? {}` / `#is-not? {}`",
            property.key, property.key
        )));
    }
    if let Some(property) = query.property_settings(pattern).first() {
        return Err(invalid(format!(
            "unsupported directive `#set! {}`",
            property.key
        )));
    }
    Ok(())
}

#[cfg(test)]
mod differential {
    use crate::review::rules::{each_source_file, RuleSet};

    /// What two runs over a file must agree on: its matches, flows and summaries.
    fn seen(found: super::FileMatches) -> (String, String) {
        let facts = found.facts.map(|f| (f.by_rule, f.shared));
        (format!("{:?}", found.matches), format!("{facts:?}"))
    }

    /// The free walks and the walks made for several rules about extents at once only save
    /// work: over every rule test file, the corpus and our own sources, each file's matches,
    /// flows and summaries are exactly those of rules that each walk every function of the file
    /// themselves, alone.
    #[test]
    fn free_walks_never_change_the_findings_or_the_summaries() {
        let set = RuleSet::builtin().unwrap();
        let (mut files, mut edges) = (0, 0);
        let timings = super::Timings::default();
        // More trees to compare on, e.g. the third-party trees the speed benchmark scans.
        each_source_file(
            &set,
            "SHARDSCAN_DIFFERENTIAL_TREES",
            |path, compiled, tree, text| {
                let saved = compiled.run_timed(tree, text, &timings);
                edges += saved.facts.as_ref().map_or(0, |f| {
                    f.by_rule.values().map(|r| r.edges.len()).sum::<usize>()
                });
                let walked = compiled.run_without_free_walks(tree, text);
                assert!(seen(saved) == seen(walked), "{}", path.display());
                files += 1;
            },
        );
        assert!(files > 150 && edges > 1000, "{files} files, {edges} edges");
        let together = timings.spent().together;
        assert!(together > 10, "{together} walks for several rules at once");
    }

    /// A first pass leaves as one only what it can judge: over every rule test file, the corpus
    /// and our own sources, a file it leaves a first pass has no edge from a source that leaves
    /// its functions and no match that a whole run would make wait for the join; a file it makes
    /// whole has the matches, flows and summaries of a whole run.
    #[test]
    fn a_first_pass_makes_whole_at_once_what_it_cannot_judge() {
        let set = RuleSet::builtin().unwrap();
        let (mut first, mut whole, mut waiting) = (0, 0, 0);
        each_source_file(
            &set,
            "SHARDSCAN_DIFFERENTIAL_TREES",
            |path, compiled, tree, text| {
                let lazy = compiled.run_lazily(tree, text);
                let eager = compiled.run_with_summaries(tree, text);
                let Some(facts) = lazy.facts.as_ref() else {
                    return;
                };
                let waits = eager.matches.iter().any(|m| !m.deferred.is_empty());
                if facts.first_pass {
                    let mut edges = facts.by_rule.values().flat_map(|r| &r.edges);
                    let leaves = edges.any(|e| e.from == super::summary::Origin::Source);
                    // Nothing waits for the join, which reads a file again only where its
                    // walks go, and nothing a whole run would make wait was missed: the matches
                    // are the whole run's (the reviewer checks the first as it records).
                    let waiting = lazy.matches.iter().any(|m| !m.deferred.is_empty());
                    let matches = format!("{:?}", lazy.matches) == format!("{:?}", eager.matches);
                    assert!(
                        !leaves && !waiting && !waits && matches,
                        "{}",
                        path.display()
                    );
                    first += 1;
                } else {
                    waiting += usize::from(waits);
                    whole += 1;
                    assert!(seen(lazy) == seen(eager), "{}", path.display());
                }
            },
        );
        assert!(
            first > 100 && whole > 50 && waiting > 10,
            "{first} first passes, {whole} whole ({waiting} with a match that waits)"
        );
    }

    /// Compiling the patterns of one structure once changes nothing: over every rule test file,
    /// the corpus and our own sources, each file's matches, flows and summaries are those of the
    /// rules compiled each on its own.
    #[test]
    fn patterns_compiled_once_per_structure_find_what_each_finds_alone() {
        use std::collections::HashMap;

        use super::{Compile, CompiledRules};
        use crate::lang::Language;

        let set = RuleSet::builtin().unwrap();
        let mut apart: HashMap<Language, CompiledRules> = HashMap::new();
        let (mut files, mut found) = (0, 0);
        let timings = super::Timings::default();
        each_source_file(
            &set,
            "SHARDSCAN_DIFFERENTIAL_TREES",
            |path, compiled, tree, text| {
                let alone = apart.entry(compiled.language).or_insert_with(|| {
                    CompiledRules::build_with(&set, compiled.language, Compile::Apart).unwrap()
                });
                let shared = compiled.run_timed(tree, text, &timings);
                found += shared.matches.len();
                let expected = alone.run_timed(tree, text, &timings);
                assert!(seen(shared) == seen(expected), "{}", path.display());
                files += 1;
            },
        );
        assert!(
            files > 150 && found > 1000,
            "{files} files, {found} matches"
        );
        // Not vacuous: every language with rules of one structure compiles it once.
        for language in [
            Language::Python,
            Language::Java,
            Language::C,
            Language::Cpp,
            Language::TypeScript,
            Language::Php,
        ] {
            let compiled = set.compiled(language).unwrap().unwrap();
            let shared = compiled.members.iter().filter(|m| m.len() > 1).count();
            assert!(
                shared >= 5 && compiled.members.len() < compiled.pattern_rules.len(),
                "{language:?}: {shared} shared structures"
            );
        }
    }

    /// Nested nodes compiled without their kind (see `kindless`) match what the rules say as
    /// written: over every rule test file, the corpus and our own sources, each language's query
    /// of every built-in rule gives the same matches both ways, pattern by pattern, capture by
    /// capture.
    #[test]
    fn kindless_queries_match_as_written() {
        use std::borrow::Cow;
        use std::collections::HashMap;
        use tree_sitter::{Query, QueryCursor, StreamingIterator};

        use crate::lang::Language;
        use crate::review::rules::kindless;

        let set = RuleSet::builtin().unwrap();
        let mut queries: HashMap<Language, (Query, Query)> = HashMap::new();
        let (mut rewritten, mut files, mut matches) = (0, 0, 0);
        each_source_file(
            &set,
            "SHARDSCAN_DIFFERENTIAL_TREES",
            |path, compiled, tree, text| {
                let language = compiled.language;
                let (written, leaner) = queries.entry(language).or_insert_with(|| {
                    let grammar = language.grammar().unwrap();
                    let types = kindless::NodeTypes::of(language).unwrap();
                    let (plain, _) = super::query_source(&set, language, |_| true, Cow::Borrowed);
                    let (lean, _) = super::query_source(
                        &set,
                        language,
                        |_| true,
                        |t| kindless::kindless(t, &types),
                    );
                    rewritten += plain.len() - lean.len();
                    (
                        Query::new(&grammar, &plain).unwrap(),
                        Query::new(&grammar, &lean).unwrap(),
                    )
                });
                let all = |query: &Query| {
                    let mut cursor = QueryCursor::new();
                    let mut found = Vec::new();
                    let mut each = cursor.matches(query, tree.root_node(), text.as_bytes());
                    while let Some(m) = each.next() {
                        let captures: Vec<_> = m
                            .captures()
                            .iter()
                            .map(|c| (c.index, c.node.start_byte(), c.node.end_byte()))
                            .collect();
                        found.push((m.pattern_index, captures));
                    }
                    found.sort();
                    found
                };
                let expected = all(written);
                assert!(all(leaner) == expected, "{}", path.display());
                files += 1;
                matches += expected.len();
            },
        );
        // Not vacuous: rules were rewritten and matched.
        assert!(
            rewritten > 5000 && files > 150 && matches > 10000,
            "{rewritten} bytes shorter, {files} files, {matches} matches"
        );
    }
}
