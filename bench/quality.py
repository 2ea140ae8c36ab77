#!/usr/bin/env python3
"""Quality of the embedded rules on the corpus: recall, precision and Youden index.

Scans every repository under corpus/ (release build) and compares the findings with the ground
truth in corpus/manifests/*.json:

  * a planted bug is found (true positive) when a finding with the same CWE starts inside its
    line range in its file;
  * a finding that matches no planted bug is a false positive;
  * a planted bug marked `"detectable": true` and not found is a false negative (bugs no rule
    could see are listed but not counted against recall);
  * `"safe"` entries of a manifest (look-alike code that must not be flagged, file + lines) are the
    negatives: the false-positive rate is the share of them flagged, and Youden's J is recall minus
    that rate. Without safe entries J is shown as n/a.

Prints a table per language and per CWE, then every miss and false positive.

With --without-taint every taint rule is turned off, which shows what the pattern rules alone
find and flag (the superseded pattern rules then report all their matches).

Usage: python3 bench/quality.py [--no-build] [--binary PATH] [--repo NAME]... [--without-taint]
"""

import argparse
import collections
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "target" / "release" / "shardscan"


def taint_rules(binary):
    listing = subprocess.run([str(binary), "rules", "list"], capture_output=True, text=True,
                             check=True).stdout
    return sorted({word for line in listing.splitlines() for word in line.split()
                   if "/taint-" in word})


def scan(binary, repo, extra):
    result = subprocess.run(
        [str(binary), "scan", str(repo), "--root", str(repo), "-f", "json", "--no-config",
         "--fail-on", "none", "--no-progress", *extra],
        capture_output=True, text=True)
    if result.returncode not in (0, 1):
        sys.exit(f"{repo}: exit {result.returncode}\n{result.stderr}")
    return json.loads(result.stdout)


def inside(finding, entry):
    location = finding["location"]
    return (location["path"] == entry["file"]
            and entry["start_line"] <= location["start_line"] <= entry["end_line"])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-build", action="store_true", help="use the release build as it is")
    parser.add_argument("--binary", type=Path, help="scan with this shardscan binary (implies --no-build)")
    parser.add_argument("--repo", action="append", default=[],
                        help="only this corpus repository (repeatable)")
    parser.add_argument("--without-taint", action="store_true",
                        help="turn every taint rule off (the pattern rules alone)")
    options = parser.parse_args()
    binary = options.binary or BINARY
    if not options.no_build and not options.binary:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)

    extra = []
    if options.without_taint:
        for rule in taint_rules(binary):
            extra += ["--disable", rule]
    rows = collections.defaultdict(lambda: collections.Counter())
    misses, false_positives = [], []
    for manifest_path in sorted((ROOT / "corpus" / "manifests").glob("*.json")):
        manifest = json.loads(manifest_path.read_text())
        if options.repo and manifest["repo"] not in options.repo:
            continue
        repo = ROOT / "corpus" / manifest["repo"]
        language = manifest["language"]
        report = scan(binary, repo, extra)
        findings = [f for f in report["findings"] if not f.get("suppressed")]
        matched = set()
        for bug in manifest["bugs"]:
            hits = [i for i, f in enumerate(findings) if inside(f, bug) and bug["cwe"] in f["cwe"]]
            for key in (("language", language), ("cwe", bug["cwe"])):
                if hits:
                    rows[key]["tp"] += 1
                elif bug.get("detectable", True):
                    rows[key]["fn"] += 1
                else:
                    rows[key]["undetectable"] += 1
            if not hits and bug.get("detectable", True):
                misses.append(f"{manifest['repo']}/{bug['file']}:{bug['start_line']} {bug['cwe']}")
            matched.update(hits)
        safe = manifest.get("safe", [])
        for entry in safe:
            flagged = any(inside(f, entry) for f in findings)
            for key in (("language", language), ("cwe", entry.get("cwe", "-"))):
                rows[key]["negatives"] += 1
                rows[key]["fp_on_safe"] += int(flagged)
        for i, finding in enumerate(findings):
            if i in matched:
                continue
            cwe = (finding["cwe"] or ["-"])[0]
            for key in (("language", language), ("cwe", cwe)):
                rows[key]["fp"] += 1
            location = finding["location"]
            false_positives.append(f"{manifest['repo']}/{location['path']}:{location['start_line']} {finding['rule_id']}")

    def line(name, c):
        tp, fp, fn = c["tp"], c["fp"], c["fn"]
        recall = tp / (tp + fn) if tp + fn else None
        precision = tp / (tp + fp) if tp + fp else None
        if c["negatives"] and recall is not None:
            fpr = c["fp_on_safe"] / c["negatives"]
            youden = f"{recall - fpr:.2f}"
        else:
            youden = "n/a"
        shown = lambda value: "-" if value is None else f"{value:.2f}"
        return (f"{name:<14} {tp:>4} {fp:>4} {fn:>4} {shown(recall):>7} {shown(precision):>9} "
                f"{youden:>7} {c['fp_on_safe']:>3}/{c['negatives']:<3}")

    header = (f"{'':<14} {'TP':>4} {'FP':>4} {'FN':>4} {'recall':>7} {'precision':>9} {'Youden':>7} "
              f"safe flagged")
    for kind in ("language", "cwe"):
        print(f"== by {kind}")
        print(header)
        total = collections.Counter()
        for (k, name), counter in sorted(rows.items()):
            if k == kind and (counter["tp"] or counter["fp"] or counter["fn"] or counter["negatives"]):
                print(line(name, counter))
                total.update(counter)
        print(line("all", total))
    if misses:
        print("missed: " + ", ".join(misses))
    if false_positives:
        print("false positives: " + ", ".join(false_positives))


if __name__ == "__main__":
    main()
