#!/usr/bin/env python3
"""Time and memory of writing the reports of a run at GitHub's limit of 25,000 results.

Generates a Python tree with about 26,000 findings (one `eval(...)` of request data per function,
so each finding has a snippet and a taint flow), then times, with the release binary, the same
scan writing no report, the JSON report, and the SARIF log (which GitHub's 25,000-result limit
cuts, so the size check and the cut run too). The report's own cost is the difference from the
run that writes none.

Usage: python3 bench/report_size.py [--findings 26000] [--runs 3] [--binary PATH] [--no-build]
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FUNCTION = '''
def handler_{i}(request):
    expr = request.args.get("q{i}")
    return eval(expr)
'''


def measure(args):
    """Runs `args`; returns (wall seconds, peak RSS in MiB)."""
    started = time.perf_counter()
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = process.stderr.read().decode(errors="replace")
    _, status, usage = os.wait4(process.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"{' '.join(map(str, args))} exited {code}:\n{stderr}")
    return time.perf_counter() - started, usage.ru_maxrss / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--findings", type=int, default=26_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--binary", type=Path, default=ROOT / "target" / "release" / "shardscan")
    parser.add_argument("--no-build", action="store_true")
    options = parser.parse_args()
    if not options.no_build and options.binary == ROOT / "target" / "release" / "shardscan":
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    with tempfile.TemporaryDirectory(prefix="shardscan-report-") as tmp:
        tmp = Path(tmp)
        tree = tmp / "tree"
        per_file = 100
        for f in range(options.findings // per_file):
            path = tree / f"pkg{f // 50}" / f"views_{f}.py"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("".join(FUNCTION.format(i=f * per_file + i) for i in range(per_file)))
        scan = [str(options.binary), "scan", str(tree), "--fail-on", "none", "--no-progress", "-q", "--no-config"]
        cases = [("no report", []), ("JSON", ["-o", str(tmp / "out.json")]), ("SARIF", ["-o", str(tmp / "out.sarif")])]
        measure(scan)  # warm the page cache
        rows = []
        for name, extra in cases:
            results = [measure(scan + extra) for _ in range(options.runs)]
            rows.append((name, statistics.median(r[0] for r in results), max(r[1] for r in results)))
        sizes = {name: (tmp / f"out.{name.lower()}").stat().st_size for name in ("JSON", "SARIF")}
        print(f"tree: {options.findings // per_file} files with {per_file} findings each ({options.binary})")
        print(f"{'report':<10} {'wall s':>8} {'over none':>10} {'peak MiB':>9} {'bytes':>12}")
        base = rows[0][1]
        for name, wall, rss in rows:
            size = sizes.get(name, 0)
            print(f"{name:<10} {wall:>8.2f} {wall - base:>+10.2f} {rss:>9.1f} {size:>12,}")


if __name__ == "__main__":
    main()
