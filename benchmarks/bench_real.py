"""Share of real notebooks that `run --offline` brings back, each result checked independently.

    .venv/bin/python benchmarks/bench_real.py --corpus OUT [--split dev|heldout|all] [--jobs 2]
        [--budget 600] [--only SUBSTRING] [--limit N] [--output FILE.json] [--keep DIR]

OUT is a corpus laid out by benchmarks/real/layout.py (OUT/corpus.json lists its notebooks,
each repository's whole tree under OUT/OWNER+NAME/). The corpus is never changed. For each
repository, in a temporary folder:

  1. a copy runs the ORIGINAL of each notebook with an independent runner
     (real_bench/execute.py: nbclient, a fresh kernel in the notebook's folder, one budget for
     the whole notebook, errors allowed), which records the first cell that fails unexpectedly;
  2. a second copy gets `run NB --offline --auto-accept --write-modules` per notebook (modules
     are rewritten in place);
  3. then NAME.modernized.ipynb takes its notebook's place in that copy and is run by the
     same runner, before the next notebook is modernized; its scores are compared with the
     original's saved ones by `jupyterlab-modernizer scores ORIGINAL EXECUTED` (the CLI's own
     rule for what a score is, 10% relative). Reproduced: no unexpected failure and every saved
     score within tolerance.

`--jobs N` works on N notebooks of different repositories at once, never two in one. The CLI
is built from `--commit`, or copied from lib-cli/ when the benchmark starts, and the corpus is
copied then too: a rebuild or a new layout meanwhile changes nothing. `--cache DIR` keeps the
originals' runs for the next benchmark. Not part of `make test`: `make bench-real
REAL_CORPUS=OUT`.
"""

import argparse
import contextlib
import json
import os
import shutil
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from bench_repair import ROOT  # noqa: E402
from real_bench import cells, schedule, steps, summary, verdicts  # noqa: E402


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", help="a folder laid out by real/layout.py")
    parser.add_argument("--split", choices=["dev", "heldout", "all"], default="dev")
    parser.add_argument("--jobs", type=int, default=2, help="repositories worked on at once")
    parser.add_argument("--budget", type=float, default=600, help="seconds per notebook run")
    parser.add_argument("--only", help="notebooks whose repository or path holds this")
    parser.add_argument("--limit", type=int, help="at most this many notebooks")
    parser.add_argument("--output", help="write every notebook's figures as JSON here")
    parser.add_argument("--keep", help="keep each notebook's runs, results and logs here")
    parser.add_argument("--commit", help="build the CLI from this commit (default: lib-cli/)")
    parser.add_argument("--cli", help="run this CLI bundle (default: lib-cli/cli.js)")
    parser.add_argument("--summarize", metavar="FILE", help="print the report of an --output")
    parser.add_argument("--cache", help="reuse (and keep) the originals' runs in this folder")
    args = parser.parse_args()
    if not args.summarize and not args.corpus:
        parser.error("--corpus is required")
    return args


def selected(corpus, args):
    with open(os.path.join(corpus, "corpus.json")) as f:
        notebooks = json.load(f)["notebooks"]
    chosen = [
        nb
        for nb in notebooks
        if (args.split == "all" or nb["split"] == args.split)
        and (not args.only or args.only in f"{nb['repository']}/{nb['path']}")
    ]
    return chosen[: args.limit] if args.limit else chosen


def snapshot_cli(tmp, args):
    """
    The CLI to run, built from --commit or copied from lib-cli/ (or --cli): a rebuild in the
    checkout during the benchmark changes nothing.
    """
    if args.commit:
        args.commit = steps.resolve(args.commit)
        return steps.build_cli(args.commit, os.path.join(tmp, "cli"))
    built = args.cli or os.path.join(ROOT, "lib-cli", "cli.js")
    if not os.path.exists(built):
        sys.exit(f"No CLI at {built}: build it first (npm run build:cli)")
    os.makedirs(os.path.join(tmp, "cli", "lib-cli"))
    shutil.copy(os.path.join(ROOT, "package.json"), os.path.join(tmp, "cli"))
    return shutil.copy(built, os.path.join(tmp, "cli", "lib-cli", "cli.js"))


def bench_notebook(nb, corpus, tmp, cli, args, results):
    """Every step for one notebook, in its repository's two copies (made on first use)."""
    folder = nb["path"].split("/")[0]
    before = os.path.join(tmp, "original", folder)
    after = os.path.join(tmp, "modernized", folder)
    row = {key: nb[key] for key in ("split", "repository", "commit", "notebook", "path")}
    row["work"] = os.path.join(results, nb["path"].replace("/", "__"))
    os.makedirs(row["work"], exist_ok=True)
    for copy in (before, after):
        if not os.path.exists(copy):
            guarded(row, lambda _, c=copy: shutil.copytree(os.path.join(corpus, folder), c, True))
    if not row.get("errors"):
        guarded(row, first_pass, folder, corpus, before, after, cli, args)
        # Verified at once, with the modules as this notebook's own run left them.
        guarded(row, second_pass, folder, corpus, after, cli, args)
    conclude(row)
    return row


def guarded(row, step, *args):
    """Runs a step on a row; an exception is recorded in it instead of stopping the benchmark."""
    try:
        step(row, *args)
    except Exception as error:  # noqa: BLE001 - one notebook must not stop the others
        row.setdefault("errors", []).append(f"{type(error).__name__}: {error}")


def first_pass(row, folder, corpus, before, after, cli, args):
    """The original's independent run, then the CLI's modernization."""
    work = row["work"]
    # Its saved outputs in nbformat 4, which `scores` reads (the CLI refuses nbformat 3).
    saved = steps.as_nbformat4(os.path.join(corpus, row["path"]), os.path.join(work, "saved.ipynb"))
    inner = os.path.relpath(row["path"], folder)
    executed = os.path.join(work, "original.executed.ipynb")
    result = os.path.join(work, "original.result.json")
    # The original's run depends on the corpus and the environment only, never on the CLI.
    cached = args.cache and steps.cached_run(args.cache, row, args.budget, executed, result)
    if cached:
        original = cached
    else:
        original = steps.execute(
            os.path.join(before, inner), executed, result, args.budget, inside=before
        )
        # A run cut short (timeout, dead kernel, runner stopped) may go otherwise next time.
        if args.cache and (original["first_failure"] or {}).get("kind") in (None, "error"):
            steps.cache_run(args.cache, row, args.budget, executed, result)
    original["scores"] = steps.scores(cli, saved, executed)
    row["original"] = original
    report, code, seconds = steps.modernize(
        cli, os.path.join(after, inner), work, args.budget, after
    )
    row["cli"] = {
        "exit": code,
        "seconds": seconds,
        "verdict": report["verdict"] if report else None,
        "outcome": report["outcome"] if report else steps.why_no_report(work),
        "fixes": len(report["changes"]) if report else 0,
        "executions": report["executions"] if report else None,
    }


def second_pass(row, folder, corpus, after, cli, args):
    """The modernized notebook in its original's place, run by the independent runner."""
    work = row["work"]
    saved = os.path.join(work, "saved.ipynb")
    inner = os.path.join(after, os.path.relpath(row["path"], folder))
    name = os.path.basename(inner)[: -len(".ipynb")]
    modernized = os.path.join(work, f"{name}.modernized.ipynb")
    if "cli" not in row or not os.path.exists(modernized):
        return
    if (
        row["cli"]["fixes"] == 0
        and cells.same_code(saved, modernized)
        and not cells.modules_changed(os.path.join(corpus, folder), after)
    ):
        # Nothing changed (nor a module another notebook's run fixed): running the same code
        # again would only repeat the original's run.
        failure = row["original"]["first_failure"]
        row["modernized"] = {
            **row["original"],
            "original_cell": failure["cell"] if failure else None,
            "same_as_original": True,
        }
        return
    shutil.copy(modernized, inner)
    executed = os.path.join(work, "modernized.executed.ipynb")
    run = steps.execute(
        inner,
        executed,
        os.path.join(work, "modernized.result.json"),
        args.budget,
        expected_from=saved,
        inside=after,
    )
    run["scores"] = steps.scores(cli, saved, executed)
    failure = run["first_failure"]
    run["original_cell"] = cells.original_cell(
        saved, modernized, failure["cell"] if failure else None
    )
    row["modernized"] = run


def conclude(row):
    """Reproduced or not, why not, regression, the CLI's verdict: from the runs of one notebook."""
    row.pop("work")
    row.setdefault("cli", {"exit": None, "seconds": 0, "verdict": None, "outcome": "not run"})
    original, modernized = row.get("original"), row.get("modernized")
    row["saved_scores"] = len(original["scores"]["scores"]) if original else 0
    row["original_reproduced"], row["original_category"] = (
        verdicts.verdict(original, original["scores"].get("comparison"))
        if original
        else (False, "runner failed")
    )
    row["regression"] = None
    if modernized is None:
        refused = "nbformat 3" in row["cli"]["outcome"]
        row["reproduced"] = False
        row["category"] = "refused by the CLI: nbformat 3" if refused else "no result from the CLI"
    else:
        row["reproduced"], row["category"] = verdicts.verdict(
            modernized, modernized["scores"].get("comparison")
        )
        if original:
            row["regression"] = verdicts.regression(original, modernized)
    row["cli_says_reproducible"] = row["cli"]["verdict"] == "reproducible"


def main():
    args = parse_args()
    if args.summarize:
        with open(args.summarize) as f:
            summary.print_report(json.load(f))
        return
    corpus = os.path.abspath(args.corpus)
    notebooks = selected(corpus, args)
    if not notebooks:
        sys.exit("No notebook of the corpus matches.")
    groups = {}
    for nb in notebooks:
        groups.setdefault(nb["path"].split("/")[0], []).append(nb)
    started = time.monotonic()
    lock = threading.Lock()
    done = []

    def work(nb):
        row = bench_notebook(nb, snapshot, tmp, cli, args, results)
        with lock:
            done.append(row)
            print(summary.progress_line(row, len(done), len(notebooks)), flush=True)
            if args.output:
                # Written as it goes: a benchmark cut short still leaves its figures so far.
                partial = summary.figures(done, time.monotonic() - started, args, cli=cli)
                write_json(args.output, {**partial, "partial": len(done) < len(notebooks)})
        return row

    with tempfile.TemporaryDirectory(prefix="bench-real-") as tmp:
        cli = snapshot_cli(tmp, args)
        # The runner too: an edit to it meanwhile changes nothing of this benchmark.
        steps.EXECUTE = shutil.copy(steps.EXECUTE, os.path.join(tmp, "execute.py"))
        results = os.path.abspath(args.keep) if args.keep else os.path.join(tmp, "results")
        print(f"{len(notebooks)} notebooks in {len(groups)} repositories, {args.jobs} at once")
        # The corpus as it is now: a layout run meanwhile changes nothing of this benchmark.
        snapshot = os.path.join(tmp, "corpus")
        for folder in groups:
            with contextlib.suppress(OSError):
                shutil.copytree(os.path.join(corpus, folder), os.path.join(snapshot, folder), True)
        # Repositories in turn, so that figures cut short still cover many of them.
        order = schedule.interleaved(groups)
        rows = schedule.run_all(order, args.jobs, lambda nb: nb["path"].split("/")[0], work)
        figures = summary.figures(rows, time.monotonic() - started, args, cli=cli)
    print()
    summary.print_report(figures)
    if args.output:
        write_json(args.output, figures)


def write_json(path, figures):
    with open(path + ".tmp", "w") as out:
        json.dump(figures, out, indent=1)
    os.replace(path + ".tmp", path)


if __name__ == "__main__":
    main()
