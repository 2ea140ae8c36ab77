#!/usr/bin/env python3
"""Speed and memory benchmark of a full scan with the embedded rules.

Generates a large codebase from the project's own sources (corpus/, the rule test files under
queries/, and src/), then times, with the release binary:

  * a parse-only pass (`scan --parse-only`: the same walk, reads and tree-sitter parses on the same
    threads, with no slicing and no review), and
  * a full scan with every built-in rule,

and prints files/s, lines/s, CPU cores used, peak memory, and the full/parse-only ratio. It repeats
the full scan on a tree four times larger to show that peak memory does not grow with the number
of files (the pipeline's channels are bounded).

Usage: python3 bench/scan_speed.py [--lines 300000] [--runs 3] [--no-build]
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "target" / "release" / "shardscan"
SOURCE_SUFFIXES = {".py", ".js", ".ts", ".tsx", ".go", ".java", ".c", ".cpp", ".h", ".rb", ".php", ".rs", ".cs", ".sh"}


def source_files():
    files = []
    for base in ("corpus", "queries", "src"):
        for path in sorted((ROOT / base).rglob("*")):
            if path.is_file() and path.suffix in SOURCE_SUFFIXES:
                files.append(path)
    return files


def generate(target_lines, dest):
    files = source_files()
    if not files:
        sys.exit("no source files to build the benchmark tree from")
    sizes = [(path, path.read_bytes().count(b"\n")) for path in files]
    total_files = total_lines = copy = 0
    while total_lines < target_lines:
        for path, lines in sizes:
            rel = path.relative_to(ROOT)
            out = dest / f"copy{copy:04d}" / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, out)
            total_files += 1
            total_lines += lines
        copy += 1
    return total_files, total_lines


def measure(args):
    """Runs `args`; returns (wall seconds, peak RSS in MiB, CPU seconds, stderr)."""
    started = time.perf_counter()
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = process.stderr.read().decode(errors="replace")
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"{' '.join(map(str, args))} exited {code}:\n{stderr}")
    return wall, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, stderr


def best_of(runs, args):
    results = [measure(args) for _ in range(runs)]
    walls = [r[0] for r in results]
    median = statistics.median(walls)
    chosen = min(results, key=lambda r: abs(r[0] - median))
    return median, max(r[1] for r in results), chosen[2], chosen[3]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=300_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
    options = parser.parse_args()

    if not options.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    with tempfile.TemporaryDirectory(prefix="shardscan-bench-") as tmp:
        tree = Path(tmp) / "tree"
        files, lines = generate(options.lines, tree)
        print(f"tree: {files} files, {lines} lines (from corpus/, queries/ and src/)")
        scan = [str(BINARY), "scan", str(tree), "--fail-on", "none", "--no-progress", "-f", "json"]
        # Warm the page cache so both passes read from memory.
        measure(scan + ["--parse-only"])
        parse_wall, parse_rss, parse_cpu, _ = best_of(options.runs, scan + ["--parse-only"])
        full_wall, full_rss, full_cpu, stderr = best_of(options.runs, scan)
        print(stderr.strip())
        print()
        print(f"{'pass':<12} {'wall s':>8} {'files/s':>10} {'lines/s':>12} {'cores':>6} {'peak MiB':>9}")
        for name, wall, cpu, rss in (("parse-only", parse_wall, parse_cpu, parse_rss), ("full scan", full_wall, full_cpu, full_rss)):
            print(f"{name:<12} {wall:>8.2f} {files / wall:>10.0f} {lines / wall:>12.0f} {cpu / wall:>6.2f} {rss:>9.1f}")
        print(f"full scan / parse-only: {full_wall / parse_wall:.2f}x (target <= 1.5x)")

        big = Path(tmp) / "big"
        big_files, big_lines = generate(options.lines * 4, big)
        shutil.rmtree(tree)
        big_wall, big_rss, big_cpu, _ = measure([str(BINARY), "scan", str(big), "--fail-on", "none", "--no-progress", "-q"])
        print(f"4x tree: {big_files} files, {big_lines} lines: {big_wall:.2f}s, {big_cpu / big_wall:.2f} cores, peak {big_rss:.1f} MiB "
              f"(vs {full_rss:.1f} MiB at 1x)")


if __name__ == "__main__":
    main()
