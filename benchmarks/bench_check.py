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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="measured rounds (default 5)")
    parser.add_argument(
        "--notebook",
        default=os.path.join(HERE, "healthy-50.ipynb"),
        help="notebook to run (default: benchmarks/healthy-50.ipynb)",
    )
    parser.add_argument("--no-warmup", action="store_true", help="skip the unmeasured round")
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

    with tempfile.TemporaryDirectory(prefix="bench-check-") as tmp:
        server = Server(nb_dir, env, tmp)
        try:
            server.wait()
            warm_json = os.path.join(tmp, "warm.json")
            cold_json = os.path.join(tmp, "cold.json")
            commands = {
                WARM: [
                    node,
                    CLI,
                    "check",
                    notebook,
                    "--server-url",
                    server.url,
                    "--token",
                    server.token,
                    "--json",
                    warm_json,
                ],
                NBCLIENT: [jupyter, "execute", notebook],
                COLD: [node, CLI, "check", notebook, "--json", cold_json],
            }
            order = [WARM, NBCLIENT, COLD]
            times = {name: [] for name in order}
            reports = {WARM: [], COLD: []}
            print(f"notebook: {os.path.relpath(notebook)} ({n_cells} code cells)")
            print(f"warm server: {server.url} (started by this script)")
            rounds = [(0, False)] * (0 if args.no_warmup else 1)
            rounds += [(r, True) for r in range(1, args.rounds + 1)]
            for number, measured in rounds:
                shift = number % len(order)
                line = []
                for name in order[shift:] + order[:shift]:
                    elapsed = timed(commands[name], env, nb_dir)
                    if measured:
                        times[name].append(elapsed)
                        if name in reports:
                            reports[name].append(
                                cli_report(warm_json if name == WARM else cold_json)
                            )
                    line.append(f"{name} {elapsed:6.2f} s")
                label = f"round {number}" if measured else "warm-up"
                print(f"{label:>9}: " + "   ".join(line), flush=True)
        finally:
            server.stop()

    med = {name: statistics.median(values) for name, values in times.items()}
    ratio = med[WARM] / med[NBCLIENT]
    per_cell_ms = (med[WARM] - med[NBCLIENT]) / n_cells * 1000
    cold_extra = med[COLD] - med[NBCLIENT]
    paired_warm = statistics.median(
        w - b for w, b in zip(times[WARM], times[NBCLIENT], strict=True)
    )
    paired_cold = statistics.median(
        c - b for c, b in zip(times[COLD], times[NBCLIENT], strict=True)
    )

    print()
    print(f"{'wall time, s':<18} {'median':>8} {'min':>8} {'max':>8} {'n':>3}")
    for name in order:
        print(f"{name:<18} {describe(times[name])}")
    for name in (WARM, COLD):
        last = [r for r in reports[name] if r]
        if last:
            cells_s = statistics.median(r["cells_s"] for r in last)
            r = last[-1]
            print(
                f"  {name}: verdict {r['verdict']}, {r['ran']}/{r['total']} cells ran,"
                f" median {cells_s:.2f} s inside cells as the CLI timed them"
            )
    print()
    print(f"{'figure':<40} {'value':>10} {'target':>10}  result")
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
    for label, value, target, ok in rows:
        print(f"{label:<40} {value:>10} {target:>10}  {verdict(ok)}")
    print(f"{'(paired per round) warm extra, s':<40} {paired_warm:>10.2f}")
    print(f"{'(paired per round) cold extra, s':<40} {paired_cold:>10.2f}")

    if args.output:
        figures = {
            "notebook": os.path.relpath(notebook, ROOT),
            "code_cells": n_cells,
            "rounds": args.rounds,
            "times_s": times,
            "median_s": med,
            "warm_ratio": ratio,
            "warm_overhead_ms_per_cell": per_cell_ms,
            "cold_extra_s": cold_extra,
            "targets": {
                "warm_ratio": TARGET_RATIO,
                "warm_overhead_ms_per_cell": TARGET_MS_PER_CELL,
                "cold_extra_s": TARGET_COLD_S,
            },
        }
        with open(args.output, "w", encoding="utf-8") as f:
            json.dump(figures, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()
