"""Overhead of `jupyterlab-modernizer check` against `jupyter execute` on a healthy notebook.

Three commands run the same notebook (benchmarks/healthy-50.ipynb, 50 code cells, about 15 s of
compute), each as a fresh process with a fresh kernel, interleaved round by round (the order
rotates every round so that drifts in machine load fall on all three alike):

  check (warm)    node bin/jupyterlab-modernizer.js check NB --server-url URL --token T
                  against a Jupyter server this script started once, before the rounds
  jupyter execute jupyter execute NB  (nbclient: starts its own kernel, no server)
  check (cold)    node bin/jupyterlab-modernizer.js check NB  (starts its own server)

Each figure is the median wall-clock time of a command, from spawn to exit. Warm overhead:
the ratio of the medians of `check (warm)` and `jupyter execute` (target <= 1.05), and their
difference divided by the number of code cells (target <= 5 ms per cell). Cold overhead: the
median of `check (cold)` minus that of `jupyter execute` (target <= 2 s).

    .venv/bin/python benchmarks/bench_check.py [--rounds 5] [--notebook NB] [--output FILE]

Needs the CLI built (`npm run build:cli`, part of `make install`).
"""

import argparse
import json
import os
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CLI = os.path.join(ROOT, "bin", "jupyterlab-modernizer.js")
CLI_BUNDLE = os.path.join(ROOT, "lib-cli", "cli.js")
VENV_BIN = os.path.join(ROOT, ".venv", "bin")

TARGET_RATIO = 1.05
TARGET_MS_PER_CELL = 5.0
TARGET_COLD_S = 2.0

WARM, NBCLIENT, COLD = "check (warm)", "jupyter execute", "check (cold)"


def environment():
    env = dict(os.environ)
    paths = [VENV_BIN, os.path.join(ROOT, "node_modules", ".bin"), env.get("PATH", "")]
    env["PATH"] = os.pathsep.join(p for p in paths if p)
    env.pop("JUPYTER_TOKEN", None)
    return env


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def code_cells(notebook):
    with open(notebook, encoding="utf-8") as f:
        cells = json.load(f)["cells"]
    return sum(1 for c in cells if c["cell_type"] == "code" and "".join(c["source"]).strip())


class Server:
    """A plain `jupyter server` for the warm runs, stopped (with its kernels) on exit."""

    def __init__(self, root_dir, env, log_dir):
        self.token = secrets.token_hex(24)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log_path = os.path.join(log_dir, "server.log")
        args = [
            shutil.which("jupyter", path=env["PATH"]) or "jupyter",
            "server",
            "--no-browser",
            f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.root_dir={root_dir}",
            f"--IdentityProvider.token={self.token}",
        ]
        if hasattr(os, "getuid") and os.getuid() == 0:
            args.append("--allow-root")
        self.log = open(self.log_path, "wb")  # noqa: SIM115 (closed in stop())
        self.process = subprocess.Popen(
            args, cwd=root_dir, env=env, stdout=self.log, stderr=subprocess.STDOUT
        )

    def wait(self, timeout=60.0):
        deadline = time.monotonic() + timeout
        status = f"{self.url}api/status"
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            request = urllib.request.Request(
                status, headers={"Authorization": f"token {self.token}"}
            )
            try:
                with urllib.request.urlopen(request, timeout=2) as reply:
                    if reply.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.2)
        self.stop()
        with open(self.log_path, encoding="utf-8", errors="replace") as f:
            tail = f.read()[-3000:]
        raise RuntimeError(f"the Jupyter server did not start:\n{tail}")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def timed(args, env, cwd):
    started = time.perf_counter()
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        sys.stderr.write(f"$ {' '.join(args)}\nexit {done.returncode}\n")
        sys.stderr.write(done.stdout[-3000:] + done.stderr[-3000:])
        raise RuntimeError(f"{args[0]} failed (exit {done.returncode})")
    return elapsed


def cli_report(path):
    try:
        with open(path, encoding="utf-8") as f:
            report = json.load(f)
    except (OSError, ValueError):
        return None
    cells_ms = sum(c.get("durationMs") or 0 for c in report.get("cells", []))
    return {
        "verdict": report.get("verdict"),
        "ran": report.get("ran"),
        "total": report.get("total"),
        "cells_s": cells_ms / 1000,
    }


def describe(values):
    return (
        f"{statistics.median(values):8.2f} {min(values):8.2f} {max(values):8.2f} {len(values):3d}"
    )


def verdict(ok):
    return "ok" if ok else "MISSED"


def trivial_notebook(path, n):
    """A notebook of n code cells that do next to nothing: the cost of the machinery alone."""
    cells = [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": f"c{i}",
            "metadata": {},
            "outputs": [],
            "source": f"x = {i}",
        }
        for i in range(n)
    ]
    notebook = {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    with open(path, "w", encoding="utf-8") as f:
        json.dump(notebook, f)
    return path


def commands_for(notebook, node, jupyter, server, report_dir):
    warm_json = os.path.join(report_dir, "warm.json")
    cold_json = os.path.join(report_dir, "cold.json")
    warm = [node, CLI, "check", notebook, "--server-url", server.url, "--token", server.token]
    return {
        WARM: (warm + ["--json", warm_json], warm_json),
        NBCLIENT: ([jupyter, "execute", notebook], None),
        COLD: ([node, CLI, "check", notebook, "--json", cold_json], cold_json),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="measured rounds (default 5)")
    parser.add_argument(
        "--notebook",
        default=os.path.join(HERE, "healthy-50.ipynb"),
        help="notebook to run (default: benchmarks/healthy-50.ipynb)",
    )
    parser.add_argument("--no-warmup", action="store_true", help="skip the unmeasured round")
    parser.add_argument(
        "--no-trivial",
        action="store_true",
        help="skip the extra runs of 1-cell and 50-cell trivial notebooks",
    )
    parser.add_argument("--output", help="also write the figures as JSON to this file")
    args = parser.parse_args()

    notebook = os.path.abspath(args.notebook)
    nb_dir = os.path.dirname(notebook)
    env = environment()
    node = shutil.which("node", path=env["PATH"])
    jupyter = shutil.which("jupyter", path=env["PATH"])
    if not node or not jupyter:
        sys.exit("bench_check: needs node and jupyter on PATH (run `make install`)")
    if not os.path.exists(CLI_BUNDLE):
        sys.exit("bench_check: the CLI is not built; run `npm run build:cli` (or `make install`)")
    n_cells = code_cells(notebook)
    order = [WARM, NBCLIENT, COLD]

    with tempfile.TemporaryDirectory(prefix="bench-check-") as tmp:
        cases = {"healthy": notebook}
        if not args.no_trivial:
            cases["trivial-1"] = trivial_notebook(os.path.join(tmp, "trivial-1.ipynb"), 1)
            cases["trivial-50"] = trivial_notebook(os.path.join(tmp, "trivial-50.ipynb"), 50)
        times = {case: {name: [] for name in order} for case in cases}
        reports = {WARM: [], COLD: []}
        server = Server(nb_dir, env, tmp)
        try:
            server.wait()
            commands = {
                case: commands_for(path, node, jupyter, server, tmp) for case, path in cases.items()
            }
            print(f"notebook: {os.path.relpath(notebook)} ({n_cells} code cells)")
            print(f"warm server: {server.url} (started by this script)")
            rounds = [(0, False)] * (0 if args.no_warmup else 1)
            rounds += [(r, True) for r in range(1, args.rounds + 1)]
            for number, measured in rounds:
                shift = number % len(order)
                line = []
                for case in cases:
                    for name in order[shift:] + order[:shift]:
                        args_, report_path = commands[case][name]
                        elapsed = timed(args_, env, os.path.dirname(cases[case]))
                        if measured:
                            times[case][name].append(elapsed)
                            if case == "healthy" and report_path:
                                reports[name].append(cli_report(report_path))
                        if case == "healthy":
                            line.append(f"{name} {elapsed:6.2f} s")
                label = f"round {number}" if measured else "warm-up"
                print(f"{label:>9}: " + "   ".join(line), flush=True)
        finally:
            server.stop()

    healthy = times["healthy"]
    med = {name: statistics.median(values) for name, values in healthy.items()}
    ratio = med[WARM] / med[NBCLIENT]
    per_cell_ms = (med[WARM] - med[NBCLIENT]) / n_cells * 1000
    cold_extra = med[COLD] - med[NBCLIENT]
    paired_warm = statistics.median(
        w - b for w, b in zip(healthy[WARM], healthy[NBCLIENT], strict=True)
    )
    paired_cold = statistics.median(
        c - b for c, b in zip(healthy[COLD], healthy[NBCLIENT], strict=True)
    )

    print()
    print(f"{'wall time, s':<34} {'median':>8} {'min':>8} {'max':>8} {'n':>3}")
    for case in cases:
        for name in order:
            print(f"{case + ': ' + name:<34} {describe(times[case][name])}")
    for name in (WARM, COLD):
        done = [r for r in reports[name] if r]
        if done:
            cells_s = statistics.median(r["cells_s"] for r in done)
            r = done[-1]
            print(
                f"  healthy {name}: verdict {r['verdict']}, {r['ran']}/{r['total']} cells ran,"
                f" median {cells_s:.2f} s inside cells as the CLI timed them"
            )
    print()
    rows = [
        (
            "warm: ratio of medians check/execute",
            f"{ratio:.3f}",
            f"<= {TARGET_RATIO:.2f}",
            ratio <= TARGET_RATIO,
        ),
        (
            "warm: overhead per cell, ms",
            f"{per_cell_ms:.1f}",
            f"<= {TARGET_MS_PER_CELL:.0f}",
            per_cell_ms <= TARGET_MS_PER_CELL,
        ),
        (
            "cold: extra seconds (medians)",
            f"{cold_extra:.2f}",
            f"<= {TARGET_COLD_S:.0f}",
            cold_extra <= TARGET_COLD_S,
        ),
    ]
    print(f"{'healthy notebook':<40} {'value':>10} {'target':>10}  result")
    for label, value, target, ok in rows:
        print(f"{label:<40} {value:>10} {target:>10}  {verdict(ok)}")
    print(f"{'(paired per round) warm extra, s':<40} {paired_warm:>10.2f}")
    print(f"{'(paired per round) cold extra, s':<40} {paired_cold:>10.2f}")

    figures = {
        "notebook": os.path.relpath(notebook, ROOT),
        "code_cells": n_cells,
        "rounds": args.rounds,
        "times_s": times,
        "median_s": med,
        "warm_ratio": ratio,
        "warm_overhead_ms_per_cell": per_cell_ms,
        "cold_extra_s": cold_extra,
    }
    if not args.no_trivial:
        # Machinery alone: fixed cost from the 1-cell notebook, cost per cell from the slope
        # between the 1-cell and the 50-cell trivial notebooks.
        one = {n: statistics.median(v) for n, v in times["trivial-1"].items()}
        fifty = {n: statistics.median(v) for n, v in times["trivial-50"].items()}
        print()
        print(f"{'trivial notebooks (x = i)':<40} {'fixed, s':>10} {'per cell, ms':>13}")
        for name in order:
            slope_ms = (fifty[name] - one[name]) / 49 * 1000
            print(f"{name:<40} {one[name]:>10.2f} {slope_ms:>13.1f}")
            figures.setdefault("trivial", {})[name] = {
                "fixed_s": one[name],
                "per_cell_ms": slope_ms,
            }

    if args.output:
        figures["targets"] = {
            "warm_ratio": TARGET_RATIO,
            "warm_overhead_ms_per_cell": TARGET_MS_PER_CELL,
            "cold_extra_s": TARGET_COLD_S,
        }
        with open(args.output, "w", encoding="utf-8") as f:
            json.dump(figures, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()
