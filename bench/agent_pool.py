#!/usr/bin/env python3
"""Benchmark of the agent pool against the fake LLM server at a fixed latency.

Starts `examples/fake_llm` (the same fake the tests use, speaking the OpenAI protocol) with a
fixed latency per request, generates a tree of N one-shard files, and runs

    shardscan scan TREE --reviewer openai --base-url FAKE -j J --no-cache

then prints the wall time against the ideal ceil(N / J) x latency, the pool's utilization and
first-dispatch share (from the JSON report), and shardscan's peak memory. The same pass runs again
with the read-only tools on (`--tools`): the fake looks up a definition once per shard before it
answers, so each shard is a two-turn conversation and the ideal is ceil(N / J) x 2 x latency. A second pass scans
10,000 and 100,000 shards at zero latency to show that peak memory does not grow with the number
of shards (every channel is bounded; results stream to the aggregator), on shards without findings
and again with one finding each (findings are kept for the report, so those grow with them).

Usage: python3 bench/agent_pool.py [--shards 2000] [--jobs 64] [--latency-ms 200] [--big 100000]
"""

import argparse
import json
import math
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "target" / "release" / "shardscan"
FAKE = ROOT / "target" / "release" / "examples" / "fake_llm"


def build():
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    subprocess.run(["cargo", "build", "--release", "--quiet", "--example", "fake_llm"], cwd=ROOT, check=True)


def make_tree(root, shards, flagged=True):
    """`shards` small Python files, each one shard; with `flagged`, each has one line the fake
    flags (so each shard yields a finding)."""
    call = "eval" if flagged else "len"
    for i in range(shards):
        directory = root / f"pkg{i // 1000:03d}"
        directory.mkdir(parents=True, exist_ok=True)
        (directory / f"handler_{i}.py").write_text(
            f"def handler_{i}(request):\n    expr = request.args.get('q')\n    return {call}(expr)\n"
        )


def start_fake(latency_ms, lookup=None):
    extra = ["--lookup", lookup] if lookup else []
    process = subprocess.Popen([str(FAKE), "--latency-ms", str(latency_ms), *extra],
                               stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline().strip()
    if not line.startswith("listening "):
        process.kill()
        sys.exit(f"the fake server did not start: {line!r}")
    return process, line.split(" ", 1)[1]


def scan(tree, url, jobs, out, tools=False):
    """Runs one scan; returns (wall seconds, peak RSS MiB, JSON report)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    command = [str(BINARY), "scan", str(tree), "--reviewer", "openai", "--base-url", url + "/v1",
               "--model", "bench", "-j", str(jobs), "--max-agents", "1000000", "--no-cache", "--no-progress", "--fail-on", "none",
               "-q", "-o", f"json:{out}"]
    if tools:
        command += ["--tools", "--context-tokens", "0"]
    started = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True)
    wall = time.monotonic() - started
    if result.returncode not in (0, 1):
        sys.exit(f"scan failed ({result.returncode}): {result.stderr}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    # ru_maxrss of children is the largest child so far: only meaningful when it grew.
    return wall, max(peak, before) / 1024, json.loads(Path(out).read_text())


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shards", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=64)
    parser.add_argument("--latency-ms", type=int, default=200)
    parser.add_argument("--big", type=int, default=100_000, help="shards of the memory pass (0 to skip)")
    parser.add_argument("--no-build", action="store_true")
    options = parser.parse_args()
    if not options.no_build:
        build()

    with tempfile.TemporaryDirectory(prefix="shardscan-agents-") as tmp:
        tmp = Path(tmp)
        tree = tmp / "tree"
        make_tree(tree, options.shards)
        for tools in (False, True):
            fake, url = start_fake(options.latency_ms, "handler_0" if tools else None)
            try:
                wall, peak, report = scan(tree, url, options.jobs, tmp / "out.json", tools)
            finally:
                fake.kill()
            agents = report["summary"]["pool"]["agents"]
            n = report["summary"]["shards_total"]
            turns = 2 if tools else 1
            ideal = math.ceil(n / options.jobs) * turns * options.latency_ms / 1000
            label = ", tools on: two turns per shard" if tools else ""
            print(f"== {n} shards, -j {options.jobs}, {options.latency_ms} ms per request (fake OpenAI server){label}")
            print(f"reviewed {report['summary']['shards_reviewed']} of {n} shards, {agents['requests']} requests, "
                  f"{agents.get('turns', 0)} turns, {agents.get('tool_calls', 0)} tool calls, "
                  f"{len(report['findings'])} findings, complete: {report['complete']}")
            print(f"wall {wall:.2f}s (process), pool {agents['wall_seconds']:.2f}s; ideal ceil(N/j) x {turns} x latency = {ideal:.2f}s; "
                  f"ratio {wall / ideal:.3f} (target <= 1.05)")
            print(f"utilization {agents['utilization']:.3f} (target >= 0.95), peak {agents['peak_concurrency']} of "
                  f"{agents['cap']}, first dispatch at {agents['first_dispatch_share'] * 100:.2f}% of the run, "
                  f">=2 busy {agents['overlap_share'] * 100:.1f}% of the run")
            print(f"peak memory {peak:.1f} MiB")
        shutil.rmtree(tree)

        if options.big:
            print("== peak memory against the number of shards (0 ms latency)")
            fake, url = start_fake(0)
            try:
                for shards, flagged in ((options.big // 10, False), (options.big, False), (options.big // 10, True), (options.big, True)):
                    tree = tmp / f"tree{shards}"
                    make_tree(tree, shards, flagged)
                    # A fresh process each time, so ru_maxrss is this scan's own.
                    probe = subprocess.run(
                        [sys.executable, "-c", PROBE, str(BINARY), str(tree), url, str(options.jobs), str(tmp / "big.json")],
                        capture_output=True, text=True, check=True)
                    wall, peak, reviewed = probe.stdout.split()
                    kind = "one finding each" if flagged else "no findings"
                    print(f"{shards} shards ({kind}): {float(wall):.1f}s, {reviewed} reviewed, peak {float(peak):.1f} MiB")
                    shutil.rmtree(tree)
            finally:
                fake.kill()


PROBE = """
import json, resource, subprocess, sys, time
binary, tree, url, jobs, out = sys.argv[1:]
started = time.monotonic()
subprocess.run([binary, "scan", tree, "--reviewer", "openai", "--base-url", url + "/v1", "--model", "bench",
                "-j", jobs, "--max-agents", "1000000", "--no-cache", "--no-progress", "--fail-on", "none", "-q", "-o", "json:" + out], check=True)
wall = time.monotonic() - started
report = json.load(open(out))
print(wall, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, report["summary"]["shards_reviewed"])
"""


if __name__ == "__main__":
    main()
