"""Repair rate of `jupyterlab-modernizer run --offline --auto-accept` over the eroded corpus.

Copies benchmarks/corpus/ to a temporary folder (the corpus is never changed), runs every
notebook of its manifest.json in one command (one local Jupyter server, one fresh kernel per
notebook in the notebook's own folder) and reads the command's --json report:

  - the share of notebooks that end reproducible (a clean verification from the top, scores
    within the tolerance of the saved ones);
  - for each reproduced notebook, cell executions divided by its code cells (target <= 2.0:
    one run after the offline fixes, one verification);
  - the verdict of every notebook.

    .venv/bin/python benchmarks/bench_repair.py [--budget S] [--output FILE] [--keep DIR]

Needs the CLI built (`npm run build:cli`, part of `make install`).
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CLI = os.path.join(ROOT, "bin", "jupyterlab-modernizer.js")
CORPUS = os.path.join(HERE, "corpus")
VENV_BIN = os.path.join(ROOT, ".venv", "bin")


def run_corpus(work, budget, options=("--offline",), env=None):
    """
    Runs the CLI over the copied corpus with `options` (offline by default) and `env` added
    to the environment; returns (names, reports by name, seconds, the finished process).
    """
    with open(os.path.join(work, "manifest.json")) as f:
        manifest = json.load(f)
    names = [nb["name"] for nb in manifest["notebooks"]]
    paths = [nb["path"] for nb in manifest["notebooks"]]
    env = dict(os.environ, PATH=VENV_BIN + os.pathsep + os.environ.get("PATH", ""), **(env or {}))
    started = time.monotonic()
    done = subprocess.run(
        [
            "node",
            CLI,
            "run",
            *paths,
            *options,
            "--auto-accept",
            "--out",
            "out",
            "--json",
            "report.json",
            "--budget",
            str(budget),
        ],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
    )
    seconds = time.monotonic() - started
    if not os.path.exists(os.path.join(work, "report.json")):
        sys.exit(f"The command wrote no report (exit {done.returncode}):\n{done.stderr}")
    with open(os.path.join(work, "report.json")) as f:
        reports = json.load(f)["notebooks"]
    by_name = {}
    for report in reports:
        name = os.path.basename(report["notebook"])[: -len(".ipynb")]
        by_name[name] = report
    return names, by_name, seconds, done


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=float, default=600, help="seconds per notebook")
    parser.add_argument("--output", help="write the figures as JSON here")
    parser.add_argument("--keep", help="copy the results (modernized notebooks) here")
    args = parser.parse_args()
    if not os.path.exists(os.path.join(ROOT, "lib-cli", "cli.js")):
        sys.exit("Build the CLI first: npm run build:cli")

    with tempfile.TemporaryDirectory(prefix="bench-repair-") as tmp:
        work = os.path.join(tmp, "corpus")
        shutil.copytree(CORPUS, work)
        names, reports, seconds, done = run_corpus(work, args.budget)
        if args.keep:
            shutil.copytree(work, args.keep, dirs_exist_ok=True)

    rows = []
    for name in names:
        report = reports.get(name)
        if report is None:
            rows.append({"name": name, "outcome": "not run (see the command's stderr)"})
            continue
        rows.append(
            {
                "name": name,
                "outcome": report["outcome"],
                "reproducible": report["verdict"] == "reproducible",
                "fixes": len(report["changes"]),
                "executions": report["executions"],
                "code_cells": report["codeCells"],
                "ratio": report["executions"] / max(report["codeCells"], 1),
                "seconds": report["seconds"],
            }
        )
    reproduced = [row for row in rows if row.get("reproducible")]
    ratios = [row["ratio"] for row in reproduced]
    figures = {
        "notebooks": len(names),
        "reproducible": len(reproduced),
        "share_reproducible": len(reproduced) / len(names),
        "executions_per_code_cell_mean": statistics.mean(ratios) if ratios else None,
        "executions_per_code_cell_max": max(ratios) if ratios else None,
        "reproduced_within_2x": sum(1 for r in ratios if r <= 2.0),
        "seconds": round(seconds, 1),
        "notebooks_detail": rows,
    }

    width = max(len(name) for name in names)
    for row in rows:
        extra = (
            f"  {row['fixes']:2d} fixes  {row['executions']:3d}/{row['code_cells']:2d}"
            f" = {row['ratio']:.2f}"
            if "ratio" in row
            else ""
        )
        print(f"{row['name']:<{width}}  {extra}  {row['outcome']}")
    print()
    print(
        f"Reproducible: {len(reproduced)}/{len(names)} "
        f"({100 * figures['share_reproducible']:.0f}%) in {seconds:.0f}s"
    )
    if ratios:
        print(
            f"Executions per code cell of a reproduced notebook: mean "
            f"{figures['executions_per_code_cell_mean']:.2f}, max "
            f"{figures['executions_per_code_cell_max']:.2f} "
            f"({figures['reproduced_within_2x']}/{len(ratios)} within 2.0)"
        )
    if done.stderr.strip():
        print(f"\nstderr of the command:\n{done.stderr.strip()}", file=sys.stderr)
    if args.output:
        with open(args.output, "w") as out:
            json.dump(figures, out, indent=2)


if __name__ == "__main__":
    main()
