"""What the package tests share: where the checkout is, how to run a step, its figures."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
STARTED = time.monotonic()
FIGURES: list[str] = []


def figure(text: str) -> None:
    """A measurement printed at the end of the run (the time of a step, a size)."""
    FIGURES.append(text)


def build_env() -> dict[str, str]:
    """The environment the project's builds run in: the venv's tools and the npm binaries."""
    path = os.pathsep.join([str(VENV_BIN), str(REPO / "node_modules" / ".bin"), os.environ["PATH"]])
    return {**os.environ, "PATH": path}


def run(command, *, timeout: float, **kwargs) -> subprocess.CompletedProcess:
    """Runs `command`, failing the test with its output when it exits non-zero."""
    reply = subprocess.run(
        [str(part) for part in command],
        capture_output=True,
        text=True,
        timeout=timeout,
        **kwargs,
    )
    if reply.returncode != 0:
        pytest.fail(f"{command} exited {reply.returncode}\n{reply.stdout}\n{reply.stderr}")
    return reply
