#!/usr/bin/env python3
"""What agents find with a real model, per mode: the shard alone, packed context, read-only
tools, triage of the rules' findings, consensus of three reviews, and verification; and, asked
for with --modes, five reviews with every finding kept (`sampled-shard`: the shard alone,
`sampled`: with the packed context), which shows what a small model reports at least once.

Needs an OpenAI-compatible server; ../shared/LOCAL_LLM.md says how to run llama-server with
Qwen2.5-Coder-1.5B-Instruct on this machine (about 150 prompt and 30 generated tokens/s, so a
mode takes minutes). Not part of CI.

  llama-server -m qwen2.5-coder-1.5b-q4_k_m.gguf --host 127.0.0.1 --port 8642 -c 16384 \\
      --parallel 1 -t 2 --jinja --no-webui
  python3 bench/agent_modes.py --base-url http://127.0.0.1:8642/v1 \\
      [--repos php-helpdesk,flask-shop] [--modes shard,context,tools,triage,consensus,verify,
      sampled-shard,sampled] \\
      [--juliet-c DIR] [--juliet-java DIR] [--juliet-sample N] [--json OUT] [--record DIR]

Every scan streams its answers (`--stream`): a small model on llama-server pads a finished answer
with blank lines up to the output limit, and a stream is read only until the whole answer is in.

Corpus: each repository's files named in its manifest (bugs and look-alikes) are scanned, with
only the agent reviewer (the rules reviewer too for triage). A planted bug is found when an
agent finding starts inside its lines: "strict" also wants the bug's CWE, "loose" any CWE (a small
model's CWE labels are often wrong). Precision is over the agent findings; look-alikes are the
manifest's `safe` entries an agent flagged. Triage is scored on the rules' findings: kept and
rejected, true and false. The bug whose source and sink are in different files
(php-helpdesk: `$_POST['host']` in public/index.php line 28 run by `shell_exec` in
src/admin_tools.php) is reported on its own line.

Juliet: bench/juliet.py on CWE-78 cases whose flow crosses files (`_54`: five files, one call
each), scored per case at function level like the rules, in the shard, context and tools modes.
"""

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "target" / "release" / "shardscan"

MODES = {
    "shard": ["--reviewer", "openai", "--context-tokens", "0"],
    "context": ["--reviewer", "openai"],
    "tools": ["--reviewer", "openai", "--tools"],
    "triage": ["--reviewer", "rules,openai", "--triage"],
    "consensus": ["--reviewer", "openai", "--consensus", "3", "--consensus-min", "2"],
    "verify": ["--reviewer", "openai", "--verify"],
    # Five reviews, the four after the first sampled, every finding kept: what a small model
    # reports at least once, with the shard alone and with the packed context.
    "sampled-shard": ["--reviewer", "openai", "--context-tokens", "0", "--consensus", "5"],
    "sampled": ["--reviewer", "openai", "--consensus", "5"],
}
JULIET_MODES = ("shard", "context", "tools")
CROSS_FILE = ("php-helpdesk", "public/index.php", 28, "CWE-78")


def manifest(repo):
    return json.loads((ROOT / "corpus" / "manifests" / f"{repo}.json").read_text())


def scan(repo, files, mode, options, record):
    args = [str(options.binary), "scan", str(ROOT / "corpus" / repo), "--root",
            str(ROOT / "corpus" / repo), "-f", "json", "--no-config", "--fail-on", "none",
            "--no-progress", "--no-cache", "--stream", "--base-url", options.base_url, "--model",
            options.model, "--timeout", options.timeout, *MODES[mode]]
    for path in files:
        args += ["--include", path]
    if record:
        args += ["--record", str(record / f"{mode}-{repo}.jsonl")]
    started = time.perf_counter()
    result = subprocess.run(args, capture_output=True, text=True,
                            env={"OPENAI_API_KEY": "local", "PATH": "/usr/bin:/bin"})
    wall = time.perf_counter() - started
    if result.returncode not in (0, 1, 3):
        sys.exit(f"{repo} ({mode}): exit {result.returncode}\n{result.stderr}")
    return json.loads(result.stdout), wall


def inside(finding, entry):
    location = finding["location"]
    return (location["path"] == entry["file"]
            and entry["start_line"] <= location["start_line"] <= entry["end_line"])


def score_repo(repo, report):
    """Counts of one repository's scan: agent findings against the manifest, and the rules'."""
    truth = manifest(repo)
    bugs, safe = truth["bugs"], truth.get("safe", [])
    agent = [f for f in report["findings"] if f["rule_id"].startswith("llm/")
             and not f.get("suppressed")]
    # An agent finding merged into a rules finding on the same line keeps the rules' id and
    # names the agent among its reviewers.
    agent += [f for f in report["findings"] if not f["rule_id"].startswith("llm/")
              and any(r.startswith("openai") and not r.endswith("/triage")
                      for r in f["reviewers"])]
    counts = {"bugs": len(bugs), "found_strict": 0, "found_loose": 0, "agent_findings": len(agent),
              "tp_strict": 0, "tp_loose": 0, "lookalikes_flagged": 0, "cross_file": None}
    for bug in bugs:
        near = [f for f in agent if inside(f, bug)]
        counts["found_loose"] += bool(near)
        counts["found_strict"] += any(bug["cwe"] in f.get("cwe", []) for f in near)
    for finding in agent:
        near = [b for b in bugs if inside(finding, b)]
        counts["tp_loose"] += bool(near)
        counts["tp_strict"] += any(b["cwe"] in finding.get("cwe", []) for b in near)
    counts["lookalikes_flagged"] = sum(any(inside(f, s) for f in agent) for s in safe)
    if repo == CROSS_FILE[0]:
        counts["cross_file"] = any(f["location"]["path"] == CROSS_FILE[1]
                                   and f["location"]["start_line"] == CROSS_FILE[2]
                                   for f in agent)
    rules = [f for f in report["findings"] if not f["rule_id"].startswith("llm/")]
    counts["rules_kept_true"] = sum(any(inside(f, b) for b in bugs) for f in rules)
    counts["rules_kept_false"] = len(rules) - counts["rules_kept_true"]
    rejected = [r["finding"] for r in report.get("rejected", [])
                if not r["finding"]["rule_id"].startswith("llm/")]
    counts["rules_rejected_true"] = sum(any(inside(f, b) for b in bugs) for f in rejected)
    counts["rules_rejected_false"] = len(rejected) - counts["rules_rejected_true"]
    metrics = report["summary"]["pool"].get("agents") or {}
    for key in ("requests", "turns", "tool_calls", "tokens_in", "tokens_out", "retries",
                "timed_out", "findings_relocated", "findings_dropped_quote_not_found",
                "findings_dropped_outside_shard", "findings_malformed", "verified_confirmed",
                "verified_rejected", "triage_confirmed", "triage_rejected", "jobs_failed"):
        counts[key] = metrics.get(key, 0)
    counts["unreviewed"] = len(report.get("unreviewed") or [])
    return counts


def add(total, counts):
    for key, value in counts.items():
        if isinstance(value, bool):
            total[key] = total.get(key) or value
        elif value is not None:
            total[key] = total.get(key, 0) + value


def ratio(a, b):
    return f"{a / b:.2f}" if b else "n/a"


def print_corpus(rows):
    print("\nCorpus (agent findings; strict = same CWE, loose = any CWE)")
    header = ("mode", "recall s/l", "precision s/l", "findings", "look-alikes", "cross-file",
              "relocated", "no quote", "outside", "requests", "turns", "tools", "tokens in/out",
              "unreviewed", "wall s")
    print(" | ".join(header))
    for mode, t in rows:
        print(" | ".join(str(x) for x in (
            mode,
            f"{ratio(t['found_strict'], t['bugs'])}/{ratio(t['found_loose'], t['bugs'])}",
            f"{ratio(t['tp_strict'], t['agent_findings'])}/"
            f"{ratio(t['tp_loose'], t['agent_findings'])}",
            t["agent_findings"], t["lookalikes_flagged"],
            {True: "found", False: "missed", None: "-"}[t.get("cross_file")],
            t["findings_relocated"], t["findings_dropped_quote_not_found"],
            t["findings_dropped_outside_shard"], t["requests"], t["turns"], t["tool_calls"],
            f"{t['tokens_in']}/{t['tokens_out']}", t["unreviewed"], f"{t['wall']:.0f}")))
    for mode, t in rows:
        if mode == "triage":
            print(f"\ntriage of the rules' findings: kept {t['rules_kept_true']} true and "
                  f"{t['rules_kept_false']} false, rejected {t['rules_rejected_true']} true and "
                  f"{t['rules_rejected_false']} false")
        if mode == "verify":
            print(f"verification: {t['verified_confirmed']} confirmed, "
                  f"{t['verified_rejected']} rejected")


def juliet(options, mode, out):
    args = [sys.executable, str(ROOT / "bench" / "juliet.py"), "--binary", str(options.binary),
            "--set", "injection", "--group", "78", "--case", r"_54$", "--sample",
            str(options.juliet_sample), "--json", str(out)]
    if options.juliet_c:
        args += ["--c", str(options.juliet_c)]
    if options.juliet_java:
        args += ["--java", str(options.juliet_java)]
    for arg in ["--no-cache", "--stream", "--base-url", options.base_url, "--model", options.model,
                "--timeout", options.timeout, *MODES[mode]]:
        args.append(f"--scan-arg={arg}")
    started = time.perf_counter()
    result = subprocess.run(args, capture_output=True, text=True,
                            env={"OPENAI_API_KEY": "local", "PATH": "/usr/bin:/bin"})
    wall = time.perf_counter() - started
    if result.returncode != 0:
        sys.exit(f"juliet ({mode}): exit {result.returncode}\n{result.stderr}")
    return result.stdout, wall


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", required=True, help="the server, e.g. http://127.0.0.1:8642/v1")
    parser.add_argument("--model", default="qwen2.5-coder-1.5b")
    parser.add_argument("--binary", type=Path, default=BINARY)
    parser.add_argument("--repos", default="php-helpdesk,flask-shop,c-logd,node-pastebin")
    parser.add_argument("--modes", default="shard,context,tools,triage,consensus,verify")
    parser.add_argument("--timeout", default="600s", help="per request [default: 600s]")
    parser.add_argument("--files", default="",
                        help="scan only these of the manifest's files (comma-separated), e.g. "
                             "public/index.php,src/admin_tools.php for the cross-file bug alone")
    parser.add_argument("--juliet-c", type=Path)
    parser.add_argument("--juliet-java", type=Path)
    parser.add_argument("--juliet-sample", type=int, default=3)
    parser.add_argument("--json", type=Path, help="write every figure here")
    parser.add_argument("--record", type=Path, help="keep each scan's exchanges in this directory")
    options = parser.parse_args()
    if not options.binary.is_file():
        sys.exit(f"no binary at `{options.binary}`; hint: cargo build --release")
    if options.record:
        options.record.mkdir(parents=True, exist_ok=True)
    modes = [m for m in options.modes.split(",") if m]
    unknown = [m for m in modes if m not in MODES]
    if unknown:
        sys.exit(f"unknown mode(s) {unknown}; the modes are {', '.join(MODES)}")
    repos = [r for r in options.repos.split(",") if r]
    figures = {"corpus": {}, "juliet": {}}
    rows = []
    for mode in modes:
        total = {"wall": 0.0}
        for repo in repos:
            truth = manifest(repo)
            files = sorted({b["file"] for b in truth["bugs"]}
                           | {s["file"] for s in truth.get("safe", [])})
            if options.files:
                files = [f for f in files if f in options.files.split(",")]
            report, wall = scan(repo, files, mode, options, options.record)
            counts = score_repo(repo, report)
            counts["wall"] = wall
            figures["corpus"].setdefault(mode, {})[repo] = counts
            add(total, counts)
            print(f"{mode} {repo}: {counts['found_loose']}/{counts['bugs']} bugs (loose), "
                  f"{counts['agent_findings']} findings, {wall:.0f} s", flush=True)
        rows.append((mode, total))
    print_corpus(rows)
    if options.juliet_c or options.juliet_java:
        with tempfile.TemporaryDirectory() as temp:
            for mode in [m for m in modes if m in JULIET_MODES]:
                out = Path(temp) / f"{mode}.json"
                text, wall = juliet(options, mode, out)
                figures["juliet"][mode] = {"wall": wall, "report": json.loads(out.read_text())}
                print(f"\nJuliet, {mode} ({wall:.0f} s):\n{text}", flush=True)
    if options.json:
        options.json.write_text(json.dumps(figures, indent=1) + "\n")


if __name__ == "__main__":
    main()
