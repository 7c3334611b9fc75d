"""Cost of one streamed chunk of a proposal in the inline diff, in a real browser.

Runs the Galata spec ui-tests/tests/inline-diff-bench.spec.ts (skipped by `make test`): a
notebook with one 500-line cell gets a proposal whose `after` streams in over N chunks (the new
source's first lines, the old ones after them; every tenth line rewritten, 50 hunks at the end).
Each chunk is timed in the page with performance marks: the hunks computed again and moved onto
the cell's text, the editor's decorations rebuilt in the next frame, and layout. It prints the
median and p95 per chunk (target: median <= 4 ms).

    .venv/bin/python benchmarks/bench_inline_diff.py [--chunks 200] [--port 8961]

Needs the extension built and installed (`make install`) and ui-tests/node_modules; takes
about 20 s, most of it to start JupyterLab.
"""

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunks", type=int, default=200)
    parser.add_argument("--port", default="8961", help="JupyterLab's port for the run")
    args = parser.parse_args()
    env = {
        **os.environ,
        "CI": "1",
        "MODERNIZER_BENCH": "1",
        "MODERNIZER_BENCH_CHUNKS": str(args.chunks),
        "MODERNIZER_UI_PORT": args.port,
        "PATH": f"{ROOT / '.venv' / 'bin'}:{ROOT / 'node_modules' / '.bin'}:{os.environ['PATH']}",
    }
    run = subprocess.run(
        [
            "npx",
            "playwright",
            "test",
            "tests/inline-diff-bench.spec.ts",
            "--project",
            "offline",
            "--retries",
            "0",
            "--reporter",
            "line",
        ],
        cwd=ROOT / "ui-tests",
        env=env,
        capture_output=True,
        text=True,
    )
    lines = [line for line in run.stdout.splitlines() if line.startswith("inline diff,")]
    for line in lines:
        print(line)
    if run.returncode != 0 or not lines:
        sys.stderr.write(run.stdout[-4000:] + run.stderr[-4000:])
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
