#!/usr/bin/env python3
"""How evenly `--partition I/N` splits a large audit, and whether the merged parts are the whole.

Scans one tree whole, then as N partitions for each N (one after another, each partition as its own
run with every core of this machine, as each would have its own machine), and prints per N: each
partition's wall time, the largest over the ideal (the whole scan's time / N), the sum of the
partitions over the whole, and whether `shardscan merge` of the N parts gives the findings of the
whole scan (same rule, file, lines and fingerprint; missing or extra ones are counted). Each
partition writes its summaries (`--summaries-out`) and the merge joins them (`--summaries`), as
the shipped workflows do; the merge's time and the summaries' size are printed too.

With `--runs R`, the whole scan and every partition run R times, in rounds (the whole scan, then
each N's partitions), and each keeps its shortest time: on a shared machine whose speed moves by a
third from minute to minute, one run of each says more about the machine than about the split.
Each partition's CPU time (user and system, of its shortest run) is printed too: the largest
partition's CPU over the whole scan's CPU / N says how the work is split, whatever the machine
did to the wall clock.

Usage: python3 bench/partitions.py [--tree NAME|DIR] [--parts 1 2 4 8] [--runs R] [--binary PATH]
       [--no-build]
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
    parser.add_argument("--runs", type=int, default=1, help="runs of each scan; the shortest counts")
    options = parser.parse_args()
    if options.runs < 1:
        parser.error("--runs must be at least 1")
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
        # Per scan (the whole one, and each partition of each N): its shortest (wall, CPU).
        best = {}

        def run(key, args):
            wall, cpu = timed(args)
            if key not in best or wall < best[key][0]:
                best[key] = (wall, cpu)

        for _ in range(options.runs):
            run("whole", base + ["-o", f"sarif:{whole_sarif}"])
            for n in options.parts:
                for i in range(1, n + 1):
                    out = tmp / f"part-{i}-of-{n}.sarif"
                    saved = tmp / f"part-{i}-of-{n}.summaries"
                    run((i, n), base + ["--partition", f"{i}/{n}", "--summaries-out", str(saved),
                                        "-o", f"sarif:{out}"])
        whole, whole_cpu = best["whole"]
        whole_findings = findings(whole_sarif)
        runs = f", the shortest of {options.runs} runs" if options.runs > 1 else ""
        print(f"whole scan: {whole:.2f} s wall, {whole_cpu:.2f} s CPU{runs}, "
              f"{len(whole_findings)} findings")
        print(f"{'N':>3} {'partitions (s)':<48} {'largest/ideal':>13} {'CPU':>6} {'sum/whole':>9} "
              f"{'merge (s)':>9} {'summaries':>9}  merged == whole")
        for n in options.parts:
            times = [best[(i, n)][0] for i in range(1, n + 1)]
            cpus = [best[(i, n)][1] for i in range(1, n + 1)]
            parts = [str(tmp / f"part-{i}-of-{n}.sarif") for i in range(1, n + 1)]
            summaries = [str(tmp / f"part-{i}-of-{n}.summaries") for i in range(1, n + 1)]
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
            print(f"{n:>3} {shown:<48} {max(times) / (whole / n):>12.2f}x "
                  f"{max(cpus) / (whole_cpu / n):>5.2f}x {sum(times) / whole:>8.2f}x "
                  f"{merge_time:>9.2f} {size:>6.1f} MB  {same}")


if __name__ == "__main__":
    main()
