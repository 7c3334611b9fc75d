"""Prompt tokens per LLM fix of `jupyterlab-modernizer run` over the eroded corpus.

Starts the stub LLM server (tests/llm_stub.py, which records every request), copies
benchmarks/corpus/ to a temporary folder (the corpus is never changed) and runs every notebook
of its manifest.json in one command with the stub as the LLM:

    OPENAI_BASE_URL=STUB node bin/jupyterlab-modernizer.js run NB... --auto-accept \\
        --model stub-model --out out --json report.json --budget S

The stub's reply ("stub reply") is no fix the CLI can read, so each fix is asked twice (the
first attempt, then a retry holding the first prompt, the unreadable reply and why it could not
be used) and gives up: the notebook stops at that cell. What is measured is what is sent. For
every chat request the stub received, the prompt tokens are counted three ways:

  - `stub`: what the stub reports as usage.prompt_tokens (characters / 4 of the messages'
    contents as JSON strings), the figure of the summary;
  - `chars/4`: characters / 4 of the messages' raw contents, rounded up (the CLI's estimate);
  - `words`: words and punctuation marks (a crude tokenizer, as a cross-check).

Requests are grouped per fix: a retry's messages begin with the messages of an earlier request.
It prints the number of notebooks, the fixes asked, the median, 90th percentile and maximum
prompt tokens of a fix's first attempt, and the target (median <= 3,000).

    .venv/bin/python benchmarks/bench_llm_prompts.py [--budget S] [--output FILE]

Needs the CLI built (`npm run build:cli`, part of `make install`).
"""

import argparse
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import urllib.request

from bench_repair import CORPUS, ROOT, run_corpus

STUB = os.path.join(ROOT, "tests", "llm_stub.py")
MODEL = "stub-model"
TARGET_MEDIAN = 3000
WORD = re.compile(r"\w+|[^\w\s]")


class Stub:
    """The stub LLM server in a process of its own, on a free port."""

    def __init__(self):
        self.process = subprocess.Popen(
            [sys.executable, STUB, "--port", "0"],
            stdout=subprocess.PIPE,
            text=True,
        )
        line = self.process.stdout.readline()
        if not line:
            sys.exit(f"The stub LLM server did not start (exit {self.process.wait()})")
        self.url = json.loads(line)["url"]
        self.root = self.url[: -len("/v1")]

    def requests(self):
        with urllib.request.urlopen(f"{self.root}/_stub/requests", timeout=30) as response:
            return json.load(response)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def run_corpus_with_stub(work, budget, stub_url):
    """Runs the CLI over the copied corpus with the stub as its LLM; the reports in run order."""
    names, by_name, seconds, done = run_corpus(
        work,
        budget,
        options=("--model", MODEL),
        env={"OPENAI_BASE_URL": stub_url, "OPENAI_API_KEY": "bench-dummy-key"},
    )
    return names, list(by_name.values()), seconds, done


def counts(messages):
    """Prompt tokens of one request's messages, three ways."""
    contents = [str(m.get("content", "")) for m in messages if isinstance(m, dict)]
    as_json = "".join(json.dumps(c) for c in contents)
    raw = "".join(contents)
    return {
        "stub": max(1, len(as_json) // 4) if as_json else 0,
        "chars/4": math.ceil(len(raw) / 4),
        "words": sum(len(WORD.findall(c)) for c in contents),
    }


def group_fixes(requests):
    """Chat requests grouped per fix: each fix's first attempt and its retries."""
    fixes = []
    for request in requests:
        if request.get("path") != "/v1/chat/completions" or request.get("method") != "POST":
            continue
        messages = (request.get("body") or {}).get("messages") or []
        tokens = counts(messages)
        for fix in reversed(fixes):
            first = fix["messages"]
            if len(messages) > len(first) and messages[: len(first)] == first:
                fix["retries"].append(tokens)
                break
        else:
            user = next((m for m in messages if m.get("role") == "user"), {})
            fixes.append(
                {
                    "messages": messages,
                    "first": tokens,
                    "retries": [],
                    "heading": str(user.get("content", "")).split("\n", 1)[0][:80],
                }
            )
    return fixes


def percentile(values, share):
    """The nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def summary(values):
    if not values:
        return None
    return {
        "median": statistics.median(values),
        "p90": percentile(values, 0.9),
        "max": max(values),
        "mean": round(statistics.mean(values), 1),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=float, default=600, help="seconds per notebook")
    parser.add_argument("--output", help="write the figures as JSON here")
    args = parser.parse_args()
    if not os.path.exists(os.path.join(ROOT, "lib-cli", "cli.js")):
        sys.exit("Build the CLI first: npm run build:cli")

    stub = Stub()
    try:
        with tempfile.TemporaryDirectory(prefix="bench-llm-prompts-") as tmp:
            work = os.path.join(tmp, "corpus")
            shutil.copytree(CORPUS, work)
            names, reports, seconds, done = run_corpus_with_stub(work, args.budget, stub.url)
        requests = stub.requests()
    finally:
        stub.stop()

    fixes = group_fixes(requests)
    chat = sum(1 for fix in fixes for _ in [fix["first"], *fix["retries"]])
    ways = ("stub", "chars/4", "words")
    first = {way: [fix["first"][way] for fix in fixes] for way in ways}
    retries = {way: [r[way] for fix in fixes for r in fix["retries"]] for way in ways}
    whole = {
        way: [fix["first"][way] + sum(r[way] for r in fix["retries"]) for fix in fixes]
        for way in ways
    }
    # The CLI's own record: its fixes (those not asked included) and their prompt tokens.
    recorded = [
        dict(fix, notebook=os.path.basename(report["notebook"])[: -len(".ipynb")])
        for report in reports
        for fix in (report.get("llm") or {}).get("fixes", [])
    ]
    sent = [fix for fix in recorded if fix.get("requests", 0) > 0]
    if len(sent) == len(fixes) and all(
        len(fix["retries"]) + 1 == rec["requests"] for fix, rec in zip(fixes, sent, strict=True)
    ):
        # Notebooks run one after the other: the stub's fixes are the report's, in order.
        for fix, rec in zip(fixes, sent, strict=True):
            fix["where"] = f"{rec['notebook']} {rec['where']}"
    not_sent = [fix for fix in recorded if fix.get("requests", 0) == 0]
    llm_errors = [r["llm"]["error"] for r in reports if (r.get("llm") or {}).get("error")]
    asking = {os.path.basename(r["notebook"]) for r in reports if (r.get("llm") or {}).get("fixes")}

    median = statistics.median(first["stub"]) if fixes else None
    figures = {
        "notebooks": len(names),
        "notebooks_reported": len(reports),
        "notebooks_asking_the_llm": len(asking),
        "fixes_asked": len(fixes),
        "chat_requests": chat,
        "retries": len(retries["stub"]),
        "fixes_not_sent": len(not_sent),
        "llm_errors": llm_errors,
        "first_attempt": {way: summary(first[way]) for way in ways},
        "retry": {way: summary(retries[way]) for way in ways},
        "per_fix_with_retries": {way: summary(whole[way]) for way in ways},
        "cli_reported_prompt_tokens_per_fix": summary(
            [fix["promptTokens"] for fix in recorded if fix.get("requests", 0) > 0]
        ),
        "target_median": TARGET_MEDIAN,
        "pass": median is not None and median <= TARGET_MEDIAN,
        "seconds": round(seconds, 1),
        "notebooks_detail": [
            {
                "name": os.path.basename(r["notebook"])[: -len(".ipynb")],
                "outcome": r.get("outcome"),
                "verdict": r.get("verdict"),
                "llm_fixes": len((r.get("llm") or {}).get("fixes", [])),
            }
            for r in reports
        ],
        "fixes": [
            {
                "where": fix.get("where"),
                "heading": fix["heading"],
                "first": fix["first"],
                "retries": fix["retries"],
            }
            for fix in fixes
        ],
    }

    for fix in fixes:
        again = " + ".join(str(r["stub"]) for r in fix["retries"]) or "-"
        print(f"{fix['first']['stub']:6d}  retry {again:>6}  {fix.get('where') or fix['heading']}")
    print()
    print(
        f"Notebooks: {len(names)} ({len(asking)} asked the LLM) in {seconds:.0f}s; "
        f"fixes asked: {len(fixes)} ({chat} chat requests, {len(retries['stub'])} retries)"
    )
    if not_sent:
        print(f"Fixes not sent: {len(not_sent)} ({not_sent[0].get('reason')})")
    if llm_errors:
        print(f"LLM errors: {len(llm_errors)} ({llm_errors[0]['message']})")
    if fixes:
        print("Prompt tokens per fix    median    p90     max   (first attempts)")
        for way in ways:
            s = figures["first_attempt"][way]
            print(f"  {way:<20} {s['median']:8.0f} {s['p90']:6d} {s['max']:7d}")
        if retries["stub"]:
            s = figures["retry"]["stub"]
            print(f"  {'retry (stub)':<20} {s['median']:8.0f} {s['p90']:6d} {s['max']:7d}")
        s = figures["per_fix_with_retries"]["stub"]
        print(f"  {'fix + retry (stub)':<20} {s['median']:8.0f} {s['p90']:6d} {s['max']:7d}")
        verdict = "PASS" if figures["pass"] else "over"
        print(f"Target: median <= {TARGET_MEDIAN:,} prompt tokens per fix: {median:.0f} {verdict}")
    else:
        print("No fix was asked of the LLM: nothing to measure.")
    if done.returncode not in (0, 1) and done.stderr.strip():
        print(f"\nstderr of the command:\n{done.stderr.strip()}", file=sys.stderr)
    if args.output:
        with open(args.output, "w") as out:
            json.dump(figures, out, indent=2)


if __name__ == "__main__":
    main()
