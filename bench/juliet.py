#!/usr/bin/env python3
"""Held-out score of shardscan on the Juliet test suites (NIST SARD), at function level.

The suites are not part of this repository: fetch them yourself, then point the script at them.

  git clone https://github.com/find-sec-bugs/juliet-test-suite       # Java 1.3 (src/testcases/)
  git clone https://github.com/arichardson/juliet-test-suite-c       # C/C++ 1.3 (testcases/)

Either a checkout or a bare git directory works (a bare one is read with `git archive HEAD`).

Usage: python3 bench/juliet.py [--java DIR] [--c DIR] [--binary PATH] [--sample N] [--json OUT]
                              [--set injection|classes|all] [--disable RULE ...] [--enable RULE ...]

What is scored
  * CWE groups (`--set injection`, the default). Java: 22/23/36 (path traversal), 78,
    79/80/81/83 (XSS), 89, 90, 327, 328, 643. C/C++: 78, 134, 22/23/36, 90. A group takes every
    test case directory `CWE<n>_*` whose n is in the group. A finding matches the group if any CWE
    in its `cwe` list is one the group accepts: the group's own CWEs, plus 326 for 327
    (inadequate strength) and 327 and 916 for 328 (a weak hash is also a broken algorithm; 916 is
    the password-hash form). Nothing else is widened: a CWE-77 or CWE-73 finding does not count
    for 78 or 22.
  * `--set classes`: the bug classes of issue 13. Java 330/338 (weak random), 614 (cookie without
    Secure); C/C++ 121, 122, 124, 126, 127 (bounds; a finding of any bounds CWE counts: 119-127,
    131, 170, 193, 786-788, 805, 806), 193 (the `__CWE193_` cases of the bounds folders, left out
    of the others), 190/191 (+128, 680), 680 (+190), 369, 401 (+772, 775), 415, 416 (+825), 457 (+908),
    476/690, 761 and 762 (+763). This copy of the Java suite has no 330 or 501 folder.
    `--set all` scores both.
  * Comments are blanked before scanning (Juliet's comments say where the flaw is and what fixes
    it): a small lexer for C-like syntax that skips string and char literals replaces every
    comment character with a space and keeps newlines, so lines and columns do not move.
  * Functions are found from Juliet's regular layout: a Java method is a header at four spaces
    followed by a line `    {` and ends at the next line `    }`; a C/C++ function is a header at
    column 0 followed by `{` at column 0 and ends at the next `}` at column 0 (headers starting
    with `namespace`, `class`, `struct` ... are not functions, so the functions inside a C++
    `namespace X {` are found the same way). Header lines may continue on deeper-indented lines.
  * A function is bad if its name (after the C prefix `CWE..._NN[a-z]_`) contains `bad`, good if
    it contains `good`; a function named neither (`action` in `X_81_bad.java`) takes the role of its
    file (`_bad`, `_goodG2B`, `_goodB2G`). Other functions (`main`, `privateReturnsTrue`) are
    neither. Good functions are grouped into variants by `good`, `G2B`/`B2G` and the number:
    `goodG2B`, `goodG2BSink` and `goodG2BSource` are one unit, `goodG2B1` and `goodG2B2` two,
    `good1` one. The dispatcher `good()` whose body only calls the variants is not a unit (a
    `good()` holding other code would be the unit `good`; there are none in these groups).
  * A test case is every file sharing a base name (`X_54a.c` ... `X_54e.c`, `X_81.h`,
    `X_81_bad.cpp`, `X_81a.java` are one case X_54 / X_81). It is a true positive if any bad
    function holds a finding of the group; each good unit is a false positive if any of its
    functions holds one. TPR = TP / cases, FPR = flagged good units / good units, Youden's J =
    TPR - FPR. Findings outside any function, or in functions that are neither, are counted and
    shown but do not score. Cases where no bad function was found are shown and left out.
  * Sampling: `--sample N` cases per group, drawn from the group's cases sorted by name with a
    fixed seed (`random.Random(12)`, the same cases every run); `--sample 0` takes all. A fixed
    stride would alias with the suite's regular naming (every source and sink has the same run of
    flow variants 01 ... 84) and pick one flow variant over and over.
  * Each group's sampled cases are copied (comments blanked) into one temporary tree, scanned with
    one run of `scan TREE --root TREE --no-config --fail-on none --no-progress -f json`, and the
    findings mapped back by path and line. Of the suites' support code the output helpers are
    copied, as a real project's own helpers are in its tree: Java's `testcasesupport/IO.java`,
    so that the engine follows a value into what `IO.writeLine` prints (CWE-338 is judged by
    where the random value goes), and C's `testcasesupport/io.c`, so that the join sees that
    `printLine(data)` only reads the memory it is lent (CWE-401 is judged by whether any
    function called keeps it). Their findings do not score. The rest (`juliet.support`, the C
    headers) is not needed by any rule.

Prints a table per suite (per group and overall, with the wall time of the scans), the ten most
frequent rule ids among flagged good units and which kind of unit they flag (good source with the
bad sink, or bad source with a fixed sink), and how many cases are found by flow (flaw inside one
function or passed between functions), by source and by CWE and sink, most missed first, with the
rules that fired in the bad functions of missed cases under another CWE.
"""

import argparse
import collections
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "target" / "release" / "shardscan"

# (label, CWE numbers of the test case directories, CWE numbers a matching finding may carry,
#  a regex a case's name must match or None)
JAVA_GROUPS = [
    ("22/23/36 path", {22, 23, 36}, {22, 23, 36}, None),
    ("78 command", {78}, {78}, None),
    ("79-83 XSS", {79, 80, 81, 83}, {79, 80, 81, 83}, None),
    ("89 SQL", {89}, {89}, None),
    ("90 LDAP", {90}, {90}, None),
    ("327 crypto", {327}, {327, 326}, None),
    ("328 hash", {328}, {328, 327, 916}, None),
    ("643 XPath", {643}, {643}, None),
]
C_GROUPS = [
    ("78 command", {78}, {78}, None),
    ("134 format", {134}, {134}, None),
    ("22/23/36 path", {22, 23, 36}, {22, 23, 36}, None),
    ("90 LDAP", {90}, {90}, None),
]
# The bug classes of issue 13. A bounds error may be reported under any CWE of the family (a
# stack overflow is also an out-of-bounds write, CWE-787); CWE-193, the off-by-one, is the cases
# of the bounds folders named `__CWE193_`, scored on their own and left out of the others. An
# index from input not checked against the size (CWE-129) or for a negative value (CWE-839) is
# how those folders' own `__CWE129_` and `__CWE839_` cases are named.
BOUNDS = {119, 120, 121, 122, 123, 124, 125, 126, 127, 129, 131, 170, 193, 786, 787, 788, 805, 806, 839}
NOT_193 = r"^(?!.*__CWE193_)"
JAVA_CLASSES = [
    ("330/338 weak random", {330, 338}, {330, 338}, None),
    ("614 cookie not secure", {614}, {614}, None),
]
C_CLASSES = [
    ("121 stack overflow", {121}, BOUNDS, NOT_193),
    ("122 heap overflow", {122}, BOUNDS, NOT_193),
    ("124 underwrite", {124}, BOUNDS, NOT_193),
    ("126 overread", {126}, BOUNDS, NOT_193),
    ("127 underread", {127}, BOUNDS, NOT_193),
    ("193 off by one", {121, 122, 124, 126, 127}, BOUNDS, r"__CWE193_"),
    ("190/191 integer overflow", {190, 191}, {190, 191, 128, 680}, None),
    ("680 overflow into an allocation", {680}, {680, 190}, None),
    ("369 divide by zero", {369}, {369}, None),
    ("401 leak", {401}, {401, 772, 775}, None),
    ("415 double free", {415}, {415}, None),
    ("416 use after free", {416}, {416, 825}, None),
    ("457 uninitialized", {457}, {457, 908}, None),
    ("476/690 NULL dereference", {476, 690}, {476, 690}, None),
    ("761 free not at start", {761}, {761, 763}, None),
    ("762 mismatched free", {762}, {762, 763}, None),
]
#: --set: which groups to score.
SETS = {
    "injection": {"java": JAVA_GROUPS, "c": C_GROUPS},
    "classes": {"java": JAVA_CLASSES, "c": C_CLASSES},
    "all": {"java": JAVA_GROUPS + JAVA_CLASSES, "c": C_GROUPS + C_CLASSES},
}
SUITES = {
    # name: (directory of test cases in the suite, source suffixes, method indentation)
    "java": ("src/testcases", {".java"}, "    "),
    "c": ("testcases", {".c", ".cpp", ".h"}, ""),
}

# The suite's output helper, copied into each tree so that the engine follows a case's values
# into what it prints (`IO.writeLine(x)` is `System.out.println(x)`): where a value goes is
# what CWE-338 is judged by. The C suite's helpers are not needed by any C rule.
SUPPORT = {"java": "src/testcasesupport/IO.java", "c": "testcasesupport/io.c"}

# X_01, X_54a, X_81_bad, X_81_goodG2B, X_81 (the .h of 81-84): the base is X_NN.
CASE_FILE = re.compile(r"^(?P<base>.+_\d\d)(?P<part>[a-z]?)(?:_(?P<role>bad|base|good\w*))?$")
# The C/C++ prefix of a function name: everything up to the flow variant, `..._54b_`.
C_PREFIX = re.compile(r"^.*_\d\d[a-z]?_")
GOOD_VARIANT = re.compile(r"good((?:G2B|B2G)?\d*)", re.IGNORECASE)
SEED = 12
NOT_FUNCTIONS = ("namespace", "class", "struct", "union", "enum", "typedef", "extern", "using",
                 "template")


def blank_comments(text):
    """Replaces every character of // and /* */ comments with a space, keeping newlines.

    String and char literals are skipped with their backslash escapes, so `"http://"` and
    `'/'` stay as they are."""
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            i += 1
            while i < n and text[i] != c and text[i] != "\n":
                i += 2 if text[i] == "\\" else 1
            i += 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                out[i] = " "
                i += 1
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            for j in range(i, end):
                if out[j] != "\n":
                    out[j] = " "
            i = end
        else:
            i += 1
    return "".join(out)


def functions(text, indent):
    """(name, first line, last line) of each function, 1-based, from comment-blanked text.

    `indent` is the indentation of a function's header and braces: four spaces for Java methods,
    none for C/C++ functions."""
    lines = [line.rstrip() for line in text.split("\n")]
    opening, closing = indent + "{", indent + "}"
    found = []
    i = 0
    while i < len(lines):
        if lines[i] != opening:
            i += 1
            continue
        header = None
        j = i - 1
        while j >= 0:
            line = lines[j]
            if not line.strip():
                j -= 1
                continue
            if line.startswith(indent) and not line[len(indent)].isspace():
                header = line.strip()
                break
            if line.startswith(indent + " ") or line.startswith(indent + "\t"):
                j -= 1  # a header continued on a deeper-indented line
                continue
            break
        end = next((k for k in range(i + 1, len(lines)) if lines[k] == closing), None)
        name = re.search(r"([\w:~]+)\s*\(", header) if header else None
        if (end is None or name is None or header.startswith("#")
                or header.split()[0] in NOT_FUNCTIONS):
            i += 1
            continue
        found.append((name.group(1), j + 1, end + 1))
        i = end + 1
    return found


def role(name, file_role):
    """('bad', None), ('good', variant) or (None, None) for a function name."""
    short = C_PREFIX.sub("", name)
    good = GOOD_VARIANT.search(short)
    if good:
        return "good", "good" + good.group(1).upper()
    if "bad" in short.lower():
        return "bad", None
    if file_role == "bad":
        return "bad", None
    if file_role and file_role.startswith("good"):
        return "good", "good" + GOOD_VARIANT.match(file_role).group(1).upper()
    return None, None


def only_calls(text, start, end):
    """Whether the function on lines start..end only calls other functions, passing its own
    parameters at most (`goodG2B(request, response);`)."""
    body = [line.strip() for line in text.split("\n")[start:end - 1]]
    return all(not line or line == "{" or re.fullmatch(r"\w+\([\w, ]*\);", line)
               for line in body)


def cwe_numbers(finding):
    return {int(c.split("-")[1]) for c in finding.get("cwe") or [] if re.fullmatch(r"CWE-\d+", c)}


def suite_root(directory, cases_dir, groups, staging):
    """The directory holding the suite's CWE* folders; from a bare git directory, the folders
    of the groups are unpacked into `staging` first."""
    directory = Path(directory)
    if (directory / cases_dir).is_dir():
        return directory / cases_dir
    if (directory / "HEAD").is_file() and (directory / "objects").is_dir():
        git = ["git", "--git-dir", str(directory)]
        listing = subprocess.run(git + ["ls-tree", "-d", "--name-only", f"HEAD:{cases_dir}"],
                                 capture_output=True, text=True, check=True).stdout.split()
        wanted = set().union(*(dir_cwes for _, dir_cwes, _, _ in groups))
        folders = [f"{cases_dir}/{name}" for name in listing
                   if re.match(r"CWE(\d+)_", name) and int(name[3:].split("_")[0]) in wanted]
        if not folders:
            sys.exit(f"`{directory}` holds no `{cases_dir}/CWE*` folders of the groups")
        archive = subprocess.run(git + ["archive", "HEAD", *folders],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(staging)], input=archive, check=True)
        return staging / cases_dir
    sys.exit(f"`{directory}` has no `{cases_dir}` and is not a bare git directory")


def read_support(directory, path):
    """The text of the suite's file `path`, from a checkout or a bare git directory."""
    directory = Path(directory)
    if (directory / path).is_file():
        return (directory / path).read_bytes()
    shown = subprocess.run(["git", "--git-dir", str(directory), "show", f"HEAD:{path}"],
                           capture_output=True)
    if shown.returncode != 0:
        sys.exit(f"`{directory}` has no `{path}`")
    return shown.stdout


def collect_cases(root, cwes, suffixes, only=None):
    """{case key: [paths]} for the group's CWE directories; the key is the path without suffix.
    With `only`, a regex, just the cases whose name it matches."""
    cases = collections.defaultdict(list)
    for cwe_dir in sorted(root.iterdir()):
        number = re.match(r"CWE(\d+)_", cwe_dir.name)
        if not number or int(number.group(1)) not in cwes:
            continue
        for path in sorted(cwe_dir.rglob("*")):
            if path.suffix not in suffixes or not path.is_file():
                continue
            match = CASE_FILE.match(path.stem)
            if match and (only is None or re.search(only, match.group("base"))):
                key = str(path.parent.relative_to(root) / match.group("base"))
                cases[key].append(path)
    return cases


def sample(keys, count):
    keys = sorted(keys, key=lambda key: (Path(key).name, key))
    if count <= 0 or count >= len(keys):
        return keys
    return sorted(random.Random(SEED).sample(keys, count), key=lambda key: (Path(key).name, key))


#: Rule ids to turn off (`--disable`) and rules off by default to turn on (`--enable`), from the
#: command line.
DISABLED = []
ENABLED = []
#: More arguments for every scan (`--scan-arg`), e.g. an agent reviewer for bench/agent_modes.py;
#: test cases whose key matches `--case` (all when empty).
SCAN_ARGS = []
CASE_PATTERN = []


def scan(binary, tree):
    started = time.perf_counter()
    selection = [arg for rule in DISABLED for arg in ("--disable", rule)]
    selection += [arg for rule in ENABLED for arg in ("--enable", rule)]
    selection += SCAN_ARGS
    result = subprocess.run(
        [str(binary), "scan", str(tree), "--root", str(tree), "--no-config", "--fail-on", "none",
         "--no-progress", "-f", "json", *selection], capture_output=True, text=True)
    wall = time.perf_counter() - started
    if result.returncode not in (0, 1):
        sys.exit(f"scan of {tree}: exit {result.returncode}\n{result.stderr}")
    return json.loads(result.stdout), wall


def score_group(binary, root, group, suffixes, indent, count, work, support=None):
    label, dir_cwes, accepted, only = group
    cases = collect_cases(root, dir_cwes, suffixes, only)
    if CASE_PATTERN:
        cases = {key: files for key, files in cases.items()
                 if any(re.search(pattern, key) for pattern in CASE_PATTERN)}
    chosen = sample(cases, count)
    if not chosen:  # a partial checkout: the group's folders are not there
        return [], 0.0, collections.Counter(), 0
    tree = work / re.sub(r"\W+", "_", label)
    # per file: (case key, file role, blanked text, functions)
    files = {}
    for key in chosen:
        for path in cases[key]:
            rel = path.relative_to(root)
            text = blank_comments(path.read_bytes().decode("latin-1"))
            out = tree / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(text.encode("latin-1"))
            files[str(rel)] = (key, CASE_FILE.match(path.stem).group("role"), text,
                               functions(text, indent))
    if support is not None:
        name, text = support
        (tree / "testcasesupport").mkdir(parents=True, exist_ok=True)
        (tree / "testcasesupport" / Path(name).name).write_bytes(text)
    report, wall = scan(binary, tree)

    results = {key: {"case": key, "files": [], "bad_functions": [], "tp": False,
                     "good": {}, "findings": []} for key in chosen}
    for rel, (key, file_role, text, funcs) in files.items():
        case = results[key]
        case["files"].append(rel)
        for name, start, end in funcs:
            kind, variant = role(name, file_role)
            if kind == "bad":
                case["bad_functions"].append(f"{Path(rel).name}:{name}")
            elif kind == "good" and not (variant == "good" and only_calls(text, start, end)):
                case["good"].setdefault(variant, {"functions": [], "flagged": False, "rules": []})
                case["good"][variant]["functions"].append(f"{Path(rel).name}:{name}")
    stats = collections.Counter()
    for finding in report["findings"]:
        if finding.get("suppressed"):
            continue
        location = finding["location"]
        if location["path"].startswith("testcasesupport/"):
            # A flow that ends in the output helper (`IO.writeLine` printing the value) is
            # the case's: it is placed where it last passes through a test case file.
            steps = [step["location"] for step in finding.get("flow") or []
                     if step["location"]["path"] in files]
            location = steps[-1] if steps else location
        entry = files.get(location["path"])
        if entry is None:
            stats["findings outside test cases"] += 1
            continue
        key, file_role, text, funcs = entry
        case = results[key]
        matches = bool(cwe_numbers(finding) & accepted)
        line = location["start_line"]
        holder = next(((name, start, end) for name, start, end in funcs if start <= line <= end),
                      None)
        kind, variant = role(holder[0], file_role) if holder else (None, None)
        if kind == "good" and variant not in case["good"]:
            kind = "dispatcher"
        where = kind or ("other function" if holder else "outside functions")
        stats[f"{'group' if matches else 'other-CWE'} findings in {where}"] += 1
        case["findings"].append({"rule_id": finding["rule_id"], "cwe": finding.get("cwe"),
                                 "path": location["path"], "line": line,
                                 "function": holder[0] if holder else None, "role": where,
                                 "matches_group": matches})
        if matches and kind == "bad":
            case["tp"] = True
        elif matches and kind == "good":
            case["good"][variant]["flagged"] = True
            case["good"][variant]["rules"].append(finding["rule_id"])
    stats["unreviewed shards"] += len(report.get("unreviewed") or [])
    stats["problems"] += len(report.get("problems") or [])
    stats["skipped files"] += len(report.get("skipped_files") or [])
    return list(results.values()), wall, stats, len(cases)


def row(label, total, cases, wall):
    scored = [c for c in cases if c["bad_functions"]]
    tp = sum(c["tp"] for c in scored)
    units = [u for c in cases for u in c["good"].values()]
    fp = sum(u["flagged"] for u in units)
    tpr = tp / len(scored) if scored else None
    fpr = fp / len(units) if units else None
    shown = lambda value, form: "-" if value is None else format(value, form)
    youden = tpr - fpr if tpr is not None and fpr is not None else None
    return (f"| {label} | {total} | {len(scored)} | {tp} | {shown(tpr, '.3f')} | {len(units)} | "
            f"{fp} | {shown(fpr, '.3f')} | {shown(youden, '+.3f')} | {len(cases) - len(scored)} | "
            f"{wall:.1f} s |")


# Where the data of a Juliet case comes from, as the case names spell it (longest first).
SOURCES = ["getCookies_Servlet", "getParameter_Servlet", "getQueryString_Servlet",
           "console_readLine", "connect_tcp", "listen_tcp", "PropertiesFile", "URLConnection",
           "Environment", "Property", "database", "File",
           "connect_socket", "listen_socket", "environment", "console", "file"]


def describe(case):
    """(CWE, source, sink, flow) of a case: CWE78 / Environment / - / in one function for
    CWE78_OS_Command_Injection__Environment_01; CWE134 / console / vprintf / across functions
    for CWE134_Uncontrolled_Format_String__char_console_vprintf_54. Flow variants 01-19 and 31-39
    keep the flaw inside one function; the others pass it between functions, files or objects."""
    cwe = Path(case["case"]).parts[0].split("_")[0]
    middle, variant = Path(case["case"]).name.split("__", 1)[-1].rsplit("_", 1)
    source, sink = "-", middle
    for name in SOURCES:
        at = f"_{middle}_".find(f"_{name}_")
        if at >= 0:
            source, sink = name, f"_{middle}_"[at + len(name) + 2:].strip("_") or "-"
            break
    number = int(variant)
    flow = "in one function" if number < 20 or 31 <= number < 40 else "across functions"
    return cwe, source, sink, flow


def breakdown(title, cases, key, limit=12):
    """Prints TP / cases for each value of key(case), most missed first."""
    total, found = collections.Counter(), collections.Counter()
    for case in cases:
        total[key(case)] += 1
        found[key(case)] += case["tp"]
    shown = sorted(total, key=lambda k: (-(total[k] - found[k]), k))
    rest = shown[limit:]
    print(f"  {title}: " + ", ".join(f"{k} {found[k]}/{total[k]}" for k in shown[:limit])
          + (f", {len(rest)} more" if rest else ""))


def report_suite(name, scored):
    print(f"\n== {name}")
    print("| group | cases in suite | cases scored | TP | TPR | good units | FP | FPR | Youden "
          "| no bad function | scan wall |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    everything, walls, stats = [], 0.0, collections.Counter()
    for label, total, cases, wall, group_stats in scored:
        print(row(label, total, cases, wall))
        everything += cases
        walls += wall
        stats.update(group_stats)
    print(row("all", sum(s[1] for s in scored), everything, walls))
    print("\nfindings by place: " + ", ".join(f"{k} {v}" for k, v in sorted(stats.items())))

    units = [(variant, unit) for c in everything for variant, unit in c["good"].items()]
    fp_rules = collections.Counter(rule for _, unit in units if unit["flagged"]
                                   for rule in set(unit["rules"]))
    print("\nfalse positives, rules of the flagged good units: "
          + (", ".join(f"{r} {n}" for r, n in fp_rules.most_common(10)) or "none"))
    kinds, flagged = collections.Counter(), collections.Counter()
    for variant, unit in units:
        kind = "G2B" if "G2B" in variant else "B2G" if "B2G" in variant else "other"
        kinds[kind] += 1
        flagged[kind] += unit["flagged"]
    print("  flagged by kind of good unit (good source / good sink / other): "
          + ", ".join(f"{k} {flagged[k]}/{kinds[k]}" for k in ("G2B", "B2G", "other")))
    scored_cases = [c for c in everything if c["bad_functions"]]
    missed = [c for c in scored_cases if not c["tp"]]
    print(f"missed cases: {len(missed)} of {len(scored_cases)}; found/cases")
    breakdown("by flow", scored_cases, lambda c: describe(c)[3])
    breakdown("by source", scored_cases, lambda c: describe(c)[1])
    breakdown("by CWE and sink", scored_cases, lambda c: f"{describe(c)[0]} {describe(c)[2]}")
    wrong_cwe = collections.Counter(f["rule_id"] for c in missed for f in c["findings"]
                                    if f["role"] == "bad")
    print("  rules that fired with another CWE in the bad functions of missed cases: "
          + (", ".join(f"{r} {n}" for r, n in wrong_cwe.most_common(10)) or "none"))
    return everything


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--java", type=Path, help="Juliet Java: a checkout or a bare git directory")
    parser.add_argument("--c", type=Path, help="Juliet C/C++: a checkout or a bare git directory")
    parser.add_argument("--binary", type=Path, default=BINARY, help="shardscan binary to score")
    parser.add_argument("--sample", type=int, default=150,
                        help="test cases per CWE group (0: all) [default: 150]")
    parser.add_argument("--json", type=Path, help="write the per-case results here")
    parser.add_argument("--set", choices=sorted(SETS), default="injection",
                        help="which CWE groups: the injection and crypto groups of issue 12, the "
                             "bug classes of issue 13 (memory safety, weak random, cookies), or "
                             "all [default: injection]")
    parser.add_argument("--disable", action="append", default=[], metavar="RULE",
                        help="turn a rule off in the scans (repeatable)")
    parser.add_argument("--enable", action="append", default=[], metavar="RULE",
                        help="turn on a rule that is off by default (repeatable), e.g. "
                             "java/cipher-default-mode, which reports Juliet's safe CWE-327 case "
                             "(a bare \"AES\", ECB by default)")
    parser.add_argument("--group", action="append", default=[], metavar="LABEL",
                        help="score only the groups whose label starts with LABEL (repeatable), "
                             "e.g. 78")
    parser.add_argument("--case", action="append", default=[], metavar="REGEX",
                        help="score only the test cases whose key matches REGEX (repeatable), e.g. "
                             "'_5[1-4]$' for the flows through several files")
    parser.add_argument("--scan-arg", action="append", default=[], metavar="ARG",
                        help="pass ARG to every scan (repeatable; write `--scan-arg=--flag`)")
    options = parser.parse_args()
    DISABLED.extend(options.disable)
    ENABLED.extend(options.enable)
    SCAN_ARGS.extend(options.scan_arg)
    CASE_PATTERN.extend(options.case)
    if not options.java and not options.c:
        parser.error("give --java DIR and/or --c DIR")
    if not options.binary.is_file():
        sys.exit(f"no binary at `{options.binary}`; hint: cargo build --release, or --binary PATH")

    disabled = f", rules turned off: {', '.join(DISABLED)}" if DISABLED else ""
    disabled += f", rules turned on: {', '.join(ENABLED)}" if ENABLED else ""
    print(f"binary {options.binary}, groups {options.set}, "
          f"sample {options.sample or 'all'} cases per group{disabled}")
    output = {}
    with tempfile.TemporaryDirectory(prefix="juliet-") as temp:
        work = Path(temp)
        for name, directory in (("java", options.java), ("c", options.c)):
            if not directory:
                continue
            cases_dir, suffixes, indent = SUITES[name]
            groups = [group for group in SETS[options.set][name]
                      if not options.group or any(group[0].startswith(g) for g in options.group)]
            staging = work / f"{name}-suite"
            staging.mkdir()
            root = suite_root(directory, cases_dir, groups, staging)
            support = SUPPORT.get(name)
            support = support and (support, read_support(directory, support))
            scored = []
            for group in groups:
                cases, wall, stats, total = score_group(
                    options.binary, root, group, suffixes, indent, options.sample, work / name,
                    support)
                for case in cases:
                    case["group"] = group[0]
                scored.append((group[0], total, cases, wall, stats))
            output[name] = report_suite("Java" if name == "java" else "C/C++", scored)
            shutil.rmtree(staging)
    if options.json:
        options.json.write_text(json.dumps(output, indent=1) + "\n")


if __name__ == "__main__":
    main()
