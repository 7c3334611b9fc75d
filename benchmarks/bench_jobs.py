"""Notebooks per hour of `jupyterlab-modernizer run --jobs 1` and `--jobs 2`, side by side.

Runs the eroded corpus (benchmarks/corpus/, in manifest order; `--limit N` takes the first N)
through

    node bin/jupyterlab-modernizer.js run NB... --offline --auto-accept --out out
        --json report.json --jobs J

with J = 1 and J = 2, in batches of each size of `--sizes` (default `4,all`): with size 4 the
corpus goes through in consecutive batches of 4 notebooks, one command each; with `all` it is
one command for the whole corpus. Every size thus works on the same notebooks, and its cost
per notebook is the wall time of all its commands (from spawn to exit: the local Jupyter
server's start and stop, every kernel's start and shutdown, the loop) divided by the number
of notebooks. Each command works in a fresh copy of its notebooks' folders (the corpus is
never changed). Within a round the configurations take turns, and their order is reversed
from one round to the next, so that a change in the machine's load falls on all alike.

It prints per size and J: the wall time, seconds per notebook (wall, and CPU of the command, its
server and kernels together, which a busy machine moves far less), notebooks per hour and how
many ended reproducible; the ratio of notebooks per hour of J = 2 to J = 1 per size (the median
of each round's pair, which ran under much the same load); the cost per notebook of each size
against the smallest (it must not grow with the batch: judged on CPU time); and every
notebook whose verdict is not the same in all runs (the corpus has notebooks with unseeded
randomness whose scores may land out of tolerance in one run and not in another).

    .venv/bin/python benchmarks/bench_jobs.py [--limit N] [--sizes 4,all] [--rounds R]
        [--budget S] [--output FILE.json]

Needs the CLI built (`npm run build:cli`, part of `make install`).

Figures on this machine (2 cores shared with other work, load average 8-9; `--limit 8
--rounds 3`, about 10 minutes; 7 of 8 reproduced in every run, the same verdicts throughout):

    batch size  jobs  s/notebook  CPU s/notebook  notebooks/hour
             4     1        4.80            2.98             750
             4     2        3.46            3.09            1042
             8     1        7.80            2.87             462
             8     2        6.15            3.11             586

--jobs 2 / --jobs 1: 1.25 in batches of 4 (rounds 1.51, 0.84, 1.25), 1.30 in one batch of 8
(rounds 1.27, 1.30, 1.34). CPU per notebook, the batch of 8 against batches of 4: 0.96 with
--jobs 1, 1.01 with --jobs 2. Wall time per notebook moved by up to 2x from round to round
with the machine's load. Timed line by line, the last 4 of the 8 took 29 s as the second half
of one batch of 8 and 30 s as a batch of their own (after its server's 2.5 s start): a
notebook's place in the batch does not slow it.
"""

import argparse
import json
import os
import resource
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
JOBS = (1, 2)


def children_cpu():
    """CPU seconds of the processes this one has waited for, and of theirs (kernels too)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_batch(paths, jobs, budget):
    """
    Runs one command over `paths` (relative to the corpus) in a fresh copy of their folders;
    returns (wall seconds, CPU seconds of the command, its server and kernels, verdict by
    notebook path).
    """
    env = dict(os.environ, PATH=VENV_BIN + os.pathsep + os.environ.get("PATH", ""))
    with tempfile.TemporaryDirectory(prefix="bench-jobs-") as work:
        for path in paths:
            folder = os.path.dirname(path)
            shutil.copytree(os.path.join(CORPUS, folder), os.path.join(work, folder))
        command = ["node", CLI, "run", *paths, "--offline", "--auto-accept", "--out", "out"]
        command += ["--json", "report.json", "--budget", str(budget), "--jobs", str(jobs)]
        cpu = children_cpu()
        started = time.monotonic()
        done = subprocess.run(command, cwd=work, env=env, capture_output=True, text=True)
        seconds = time.monotonic() - started
        cpu = children_cpu() - cpu
        report = os.path.join(work, "report.json")
        if not os.path.exists(report):
            sys.exit(f"The command wrote no report (exit {done.returncode}):\n{done.stderr}")
        with open(report) as f:
            reports = json.load(f)["notebooks"]
    if len(reports) != len(paths):
        sys.exit(f"{len(paths) - len(reports)} notebook(s) with no report:\n{done.stderr}")
    verdicts = {os.path.relpath(r["notebook"], work): r["verdict"] for r in reports}
    return seconds, cpu, verdicts


def batches(paths, size):
    """The corpus in consecutive batches of `size` notebooks."""
    return [paths[i : i + size] for i in range(0, len(paths), size)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, help="the first N notebooks of the corpus only")
    parser.add_argument("--sizes", default="4,all", help="batch sizes, e.g. 4,all")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--budget", type=float, default=600, help="seconds per notebook")
    parser.add_argument("--output", help="write the figures as JSON here")
    args = parser.parse_args()
    if not os.path.exists(os.path.join(ROOT, "lib-cli", "cli.js")):
        sys.exit("Build the CLI first: npm run build:cli")

    with open(os.path.join(CORPUS, "manifest.json")) as f:
        paths = [nb["path"] for nb in json.load(f)["notebooks"]][: args.limit]
    count = len(paths)
    sizes = sorted(
        {count if s.strip() == "all" else min(int(s), count) for s in args.sizes.split(",")}
    )
    configs = [(size, jobs) for size in sizes for jobs in JOBS]
    measured = {config: {"wall": [], "cpu": []} for config in configs}
    verdicts = {}  # notebook -> {(size, jobs, round): verdict}
    print(f"{count} notebooks, batch sizes {sizes}, {args.rounds} round(s)", flush=True)
    for round_ in range(args.rounds):
        for size, jobs in configs if round_ % 2 == 0 else configs[::-1]:
            wall = cpu = 0.0
            for batch in batches(paths, size):
                batch_wall, batch_cpu, found = run_batch(batch, jobs, args.budget)
                wall += batch_wall
                cpu += batch_cpu
                for path, verdict in found.items():
                    verdicts.setdefault(path, {})[(size, jobs, round_)] = verdict
            measured[(size, jobs)]["wall"].append(wall)
            measured[(size, jobs)]["cpu"].append(cpu)
            print(
                f"  round {round_ + 1}: batches of {size}, --jobs {jobs}: "
                f"{wall:.1f}s wall, {cpu:.1f}s CPU",
                flush=True,
            )

    rows = []
    for size, jobs in configs:
        wall = statistics.median(measured[(size, jobs)]["wall"])
        cpu = statistics.median(measured[(size, jobs)]["cpu"])
        reproduced = statistics.median(
            sum(1 for runs in verdicts.values() if runs[(size, jobs, r)] == "reproducible")
            for r in range(args.rounds)
        )
        rows.append(
            {
                "size": size,
                "jobs": jobs,
                "batches": len(batches(paths, size)),
                "seconds": round(wall, 1),
                "seconds_per_notebook": round(wall / count, 2),
                "cpu_seconds_per_notebook": round(cpu / count, 2),
                "notebooks_per_hour": round(3600 * count / wall),
                "reproducible": reproduced,
            }
        )
    by = {(row["size"], row["jobs"]): row for row in rows}

    print()
    print(
        "batch size  jobs  batches  seconds  s/notebook  CPU s/notebook  notebooks/hour  reproduced"
    )
    for row in rows:
        print(
            f"{row['size']:>10}  {row['jobs']:>4}  {row['batches']:>7}  {row['seconds']:>7.1f}"
            f"  {row['seconds_per_notebook']:>10.2f}  {row['cpu_seconds_per_notebook']:>14.2f}"
            f"  {row['notebooks_per_hour']:>14}  {row['reproducible']:>7g}/{count}"
        )
    # Each round's pair ran one after the other, under much the same load: their ratio is
    # steadier than the ratio of the medians.
    paired = {
        size: [
            one / two
            for one, two in zip(
                measured[(size, 1)]["wall"], measured[(size, 2)]["wall"], strict=True
            )
        ]
        for size in sizes
    }
    ratios = {size: statistics.median(values) for size, values in paired.items()}
    print()
    for size, values in paired.items():
        each = ", ".join(f"{value:.2f}" for value in values)
        print(
            f"notebooks per hour, --jobs 2 / --jobs 1, batches of {size}: "
            f"{ratios[size]:.2f} (median of the rounds' pairs: {each})"
        )
    # Against the smallest batch: wall time moves with the machine's load, CPU time hardly.
    growth = {}
    for jobs in JOBS:
        for size in sizes[1:]:
            factors = {
                key: by[(size, jobs)][key] / by[(sizes[0], jobs)][key]
                for key in ("seconds_per_notebook", "cpu_seconds_per_notebook")
            }
            growth[f"{size}/{sizes[0]} jobs {jobs}"] = factors
            cpu = factors["cpu_seconds_per_notebook"]
            print(
                f"cost per notebook, batches of {size} / batches of {sizes[0]}, --jobs {jobs}: "
                f"wall {factors['seconds_per_notebook']:.2f}, CPU {cpu:.2f}"
                f" ({'within 10%: does not grow' if cpu <= 1.1 else 'GROWS'})"
            )
    differ = {path: runs for path, runs in verdicts.items() if len(set(runs.values())) > 1}
    if differ:
        print("\nVerdicts that differ between runs:")
        for path, runs in differ.items():
            text = ", ".join(
                f"size {s} jobs {j} round {r + 1}: {v}" for (s, j, r), v in sorted(runs.items())
            )
            print(f"  {path}: {text}")
    else:
        print("Verdicts: the same for every notebook in every run")

    if args.output:
        with open(args.output, "w") as out:
            json.dump(
                {
                    "notebooks": count,
                    "rounds": args.rounds,
                    "rows": rows,
                    "ratio_jobs2_to_jobs1": {str(s): round(r, 3) for s, r in ratios.items()},
                    "ratio_by_round": {str(s): [round(v, 3) for v in p] for s, p in paired.items()},
                    "cost_growth": growth,
                    "measured": {f"{s}x{j}": m for (s, j), m in measured.items()},
                    "differing_verdicts": {
                        p: {f"{s}x{j}#{r + 1}": v for (s, j, r), v in runs.items()}
                        for p, runs in differ.items()
                    },
                },
                out,
                indent=2,
            )


if __name__ == "__main__":
    main()
