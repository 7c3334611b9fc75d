"""The three programs bench_real runs per notebook, each in its own process with a time cap.

A notebook that hangs or crashes costs at most its cap: the process is stopped (SIGTERM, then
SIGKILL to its process group), and so is every process left working inside that notebook's
copy of the repository (kernels run in sessions of their own, with the notebook's folder as
their working directory).
"""

import contextlib
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import nbformat

HERE = os.path.dirname(os.path.abspath(__file__))
EXECUTE = os.path.join(HERE, "execute.py")
sys.path.insert(0, os.path.dirname(HERE))

from bench_repair import ROOT, VENV_BIN  # noqa: E402

PYTHON = os.path.join(VENV_BIN, "python")
ENV = dict(os.environ, PATH=VENV_BIN + os.pathsep + os.environ.get("PATH", ""))
# Slack over the budget for kernel start-up and shutdown before a process is stopped.
SLACK = 120


def build_cli(commit, folder):
    """The CLI bundled from the sources at `commit` into `folder`; the path of its cli.js."""
    os.makedirs(folder)
    archive = subprocess.run(
        ["git", "-C", ROOT, "archive", commit, "src", "package.json", "tsconfig.json"],
        capture_output=True,
        check=True,
    )
    subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
    os.symlink(os.path.join(ROOT, "node_modules"), os.path.join(folder, "node_modules"))
    bundle = os.path.join(folder, "lib-cli", "cli.js")
    esbuild = [os.path.join(ROOT, "node_modules", ".bin", "esbuild"), "src/cli/main.ts"]
    esbuild += ["--bundle", "--platform=node", "--target=node20", f"--outfile={bundle}"]
    subprocess.run(esbuild + ["--log-level=warning"], cwd=folder, check=True)
    return bundle


def resolve(commit):
    """The full hash of a commit of the checkout."""
    done = subprocess.run(
        ["git", "-C", ROOT, "rev-parse", "--verify", f"{commit}^{{commit}}"],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        sys.exit(f"No such commit: {commit}")
    return done.stdout.strip()


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def run_capped(command, cap, log, cwd=None, inside=None):
    """
    Runs `command` with its output in `log`; stops it after `cap` seconds. Returns its exit
    code (None when it was stopped) and the seconds it took. `inside`: a folder whose
    lingering processes are stopped too.
    """
    started = time.monotonic()
    with open(log, "w") as out:
        process = subprocess.Popen(
            command, cwd=cwd, env=ENV, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            code = process.wait(timeout=cap)
        except subprocess.TimeoutExpired:
            code = None
            stop_group(process, signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                stop_group(process, signal.SIGKILL)
                process.wait()
    if code is None and inside:
        stop_processes_in(inside)
    return code, round(time.monotonic() - started, 1)


def stop_group(process, sig):
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, sig)


def stop_processes_in(folder):
    """Kills the processes whose working directory is in `folder` (our kernels, nobody else's)."""
    folder = os.path.realpath(folder) + os.sep
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cwd = os.readlink(f"/proc/{pid}/cwd") + os.sep
        except OSError:
            continue
        if cwd.startswith(folder):
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(pid), signal.SIGKILL)


def execute(notebook, out, result, budget, expected_from=None, inside=None):
    """The independent run (execute.py) of `notebook`; its result, or a failure saying why not."""
    command = [PYTHON, EXECUTE, notebook, "--out", out, "--result", result, "--budget", str(budget)]
    if expected_from:
        command += ["--expected-from", expected_from]
    log = result + ".log"
    code, seconds = run_capped(
        command, budget + SLACK, log, cwd=os.path.dirname(notebook), inside=inside
    )
    if code == 0 and os.path.exists(result):
        with open(result) as f:
            return json.load(f)
    with open(log, errors="replace") as f:
        tail = f.read().strip().splitlines()[-1:] or [""]
    why = "the runner was stopped at its time cap" if code is None else tail[0][:300]
    return {
        "first_failure": {"cell": None, "kind": "runner", "ename": None, "evalue": why},
        "errors": [],
        "ran": 0,
        "code_cells": None,
        "seconds": seconds,
    }


def modernize(cli, notebook, out, budget, inside):
    """`run --offline --auto-accept --write-modules` on one notebook: its JSON report or None."""
    report = os.path.join(out, "report.json")
    command = ["node", cli, "run", notebook, "--offline", "--auto-accept", "--write-modules"]
    command += ["--out", out, "--json", report, "--budget", str(budget)]
    # The budget covers the whole loop, its verification too; kernels start and stop outside it.
    code, seconds = run_capped(
        command, budget + 2 * SLACK, os.path.join(out, "cli.log"), inside=inside
    )
    if not os.path.exists(report):
        return None, code, seconds
    with open(report) as f:
        notebooks = json.load(f)["notebooks"]
    return (notebooks[0] if notebooks else None), code, seconds


def cache_key(row, budget):
    hashed = hashlib.sha256()
    # The notebook and the runner: a changed runner judges the same run differently.
    for path in (os.path.join(row["work"], "saved.ipynb"), EXECUTE):
        with open(path, "rb") as f:
            hashed.update(f.read())
    name = row["path"].replace("/", "__")
    return f"{name}.{row['commit'][:12]}.{hashed.hexdigest()[:16]}.{int(budget)}s"


def cached_run(cache, row, budget, executed, result):
    """The original's run from the cache (copied to `executed` and `result`), or None."""
    folder = os.path.join(cache, cache_key(row, budget))
    if not os.path.exists(os.path.join(folder, "result.json")):
        return None
    shutil.copy(os.path.join(folder, "executed.ipynb"), executed)
    shutil.copy(os.path.join(folder, "result.json"), result)
    with open(result) as f:
        return {**json.load(f), "cached": True}


def cache_run(cache, row, budget, executed, result):
    folder = os.path.join(cache, cache_key(row, budget))
    os.makedirs(folder, exist_ok=True)
    shutil.copy(executed, os.path.join(folder, "executed.ipynb"))
    shutil.copy(result, os.path.join(folder, "result.json"))


def why_no_report(out):
    """The last line the CLI wrote when it wrote no report (e.g. a notebook it refuses)."""
    try:
        with open(os.path.join(out, "cli.log"), errors="replace") as f:
            lines = [line.strip() for line in f if line.strip()]
    except OSError:
        return "no report"
    return f"no report: {lines[-1][:300]}" if lines else "no report"


def as_nbformat4(path, out):
    """`path` as nbformat 4 at `out` (older notebooks converted as nbformat does)."""
    nbformat.write(nbformat.read(path, as_version=4), out)
    return out


def scores(cli, original, executed=None, tolerance=0.1):
    """`scores ORIGINAL [EXECUTED] --json -`: saved scores and comparison, by the CLI's rule."""
    command = ["node", cli, "scores", original, "--tolerance", str(tolerance), "--json", "-"]
    if executed:
        command.insert(4, executed)
    done = subprocess.run(command, env=ENV, capture_output=True, text=True, timeout=120)
    if done.returncode not in (0, 1):
        raise RuntimeError(f"scores failed on {original}: {done.stderr.strip()}")
    return json.loads(done.stdout)
