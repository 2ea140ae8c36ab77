#!/usr/bin/env python3
"""Parse time of Python files made of long runs of comment lines (issue 11).

tree-sitter-python's external scanner looks ahead over every following comment line at the end of
each comment line inside an indented block, so n consecutive comment lines cost n^2 line scans.
This writes one file per shape (40,000 `# comment` lines at the top level, inside a function, and
between a function and its dedent, plus a control file of code of the same size), each ending
with an `os.system("ls " + target)` that the rules must report, and for each binary given prints
the time of `scan --parse-only` (walk, read, parse; the median of --runs) and whether a full scan
reported the call and parsed the file.

Usage: python3 bench/comment_runs.py [--lines 40000] [--runs 3] [--binary PATH]... [--no-build]
(several --binary: before and after, e.g. a release build of the base commit and of this one)
"""

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SINK = '    os.system("ls " + target)\n'


def shapes(lines):
    """(name, text) of each file measured."""
    head = "import os\n\n\ndef run(target):\n"
    return [
        ("top-level", "# comment\n" * lines + "import os\n\n\ndef run(target):\n" + SINK),
        ("in a function", head + "    # comment\n" * lines + SINK),
        ("before a dedent", head + "    x = 1\n" + "# comment\n" * lines + SINK),
        ("control: code", head + "    x = 1\n" * lines + SINK),
    ]


def timed(args):
    started = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True)
    return time.perf_counter() - started, done


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=40_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--binary", action="append", default=[])
    parser.add_argument("--no-build", action="store_true")
    options = parser.parse_args()
    binaries = options.binary or [str(ROOT / "target/release/shardscan")]
    if not options.binary and not options.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    print(f"{options.lines} lines per file; median of {options.runs} runs of scan --parse-only")
    for binary in binaries:
        print(f"\n{binary}")
        for name, text in shapes(options.lines):
            with tempfile.TemporaryDirectory() as tree:
                (Path(tree) / "comments.py").write_text(text)
                scan = [binary, "scan", tree, "--no-progress", "--fail-on", "none"]
                times = [timed(scan + ["--parse-only", "-q"])[0] for _ in range(options.runs)]
                _, full = timed(scan + ["-f", "json"])
                # 3: incomplete, which is what a file that failed to parse makes a run.
                if full.returncode not in (0, 3):
                    sys.exit(f"{binary} exited {full.returncode}:\n{full.stderr}")
                report = json.loads(full.stdout)
                found = any(
                    f["rule_id"] == "python/os-system-injection" for f in report["findings"]
                )
                parsed = not report["problems"]
                print(
                    f"  {name:<16} {len(text) / 1024:>6.0f} KB  parse {statistics.median(times):>7.2f} s"
                    f"  parsed: {'yes' if parsed else 'no '}  finding reported: {'yes' if found else 'no'}"
                )


if __name__ == "__main__":
    main()
