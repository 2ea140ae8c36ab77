#!/usr/bin/env python3
"""How evenly `--partition I/N` splits a large audit, and whether the merged parts are the whole.

Scans one tree whole, then as N partitions for each N (one after another, each partition as its own
run with every core of this machine, as each would have its own machine), and prints per N: each
partition's wall time, the largest over the ideal (the whole scan's time / N), the sum of the
partitions over the whole, and whether `shardscan merge` of the N parts gives the findings of the
whole scan (same rule, file, lines and fingerprint; missing or extra ones are counted). Each
partition writes its summaries (`--summaries-out`) and the merge joins them (`--summaries`), as
the shipped workflows do; the merge's time and the summaries' size are printed too.

Usage: python3 bench/partitions.py [--tree NAME|DIR] [--parts 1 2 4 8] [--binary PATH] [--no-build]
NAME is one of bench/real_trees.py's trees (default: sqlalchemy).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
import real_trees  # noqa: E402


def timed(args):
    started = time.perf_counter()
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = process.stderr.read().decode(errors="replace")
    _, status, usage = os.wait4(process.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1, 3):
        sys.exit(f"{' '.join(map(str, args))} exited {code}:\n{stderr}")
    return time.perf_counter() - started, usage.ru_utime + usage.ru_stime


def findings(path):
    run = json.loads(Path(path).read_text())["runs"][0]
    found = set()
    for result in run.get("results", []):
        location = result["locations"][0]["physicalLocation"]
        found.add((
            result["ruleId"],
            location["artifactLocation"]["uri"],
            location["region"]["startLine"],
            location["region"].get("endLine"),
            json.dumps(result.get("partialFingerprints", {}), sort_keys=True),
        ))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tree", default="sqlalchemy")
    parser.add_argument("--parts", type=int, nargs="+", default=[1, 2, 4, 8])
    parser.add_argument("--binary", type=Path)
    parser.add_argument("--no-build", action="store_true")
    options = parser.parse_args()
    if not options.binary and not options.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    binary = str(options.binary or ROOT / "target" / "release" / "shardscan")
    if Path(options.tree).is_dir():
        tree, label = Path(options.tree), options.tree
    else:
        tree, label = real_trees.tree(options.tree)
    base = [binary, "scan", str(tree), "--no-config", "--fail-on", "none", "--no-progress", "-q"]
    print(f"== partitions of {label}")
    with tempfile.TemporaryDirectory(prefix="shardscan-partitions-") as tmp:
        tmp = Path(tmp)
        timed(base + ["--parse-only", "-o", f"json:{tmp / 'warm.json'}"])  # warm the page cache
        whole_sarif = tmp / "whole.sarif"
        whole, whole_cpu = timed(base + ["-o", f"sarif:{whole_sarif}"])
        whole_findings = findings(whole_sarif)
        print(f"whole scan: {whole:.2f} s wall, {whole_cpu:.2f} s CPU, {len(whole_findings)} findings")
        print(f"{'N':>3} {'partitions (s)':<48} {'largest/ideal':>13} {'sum/whole':>9} "
              f"{'merge (s)':>9} {'summaries':>9}  merged == whole")
        for n in options.parts:
            times = []
            parts = []
            summaries = []
            for i in range(1, n + 1):
                out = tmp / f"part-{i}-of-{n}.sarif"
                saved = tmp / f"part-{i}-of-{n}.summaries"
                wall, _ = timed(base + ["--partition", f"{i}/{n}", "--summaries-out", str(saved),
                                        "-o", f"sarif:{out}"])
                times.append(wall)
                parts.append(str(out))
                summaries.append(str(saved))
            merged = tmp / f"merged-{n}.sarif"
            started = time.perf_counter()
            subprocess.run([binary, "merge", *parts, "--summaries", *summaries, "-o", str(merged)],
                           check=True, stdout=subprocess.DEVNULL)
            merge_time = time.perf_counter() - started
            size = sum(Path(s).stat().st_size for s in summaries) / 2**20
            got = findings(merged)
            missing, extra = len(whole_findings - got), len(got - whole_findings)
            same = "yes" if not missing and not extra else f"no: {missing} missing, {extra} extra"
            shown = " ".join(f"{t:.2f}" for t in times)
            print(f"{n:>3} {shown:<48} {max(times) / (whole / n):>12.2f}x {sum(times) / whole:>8.2f}x "
                  f"{merge_time:>9.2f} {size:>6.1f} MB  {same}")


if __name__ == "__main__":
    main()
