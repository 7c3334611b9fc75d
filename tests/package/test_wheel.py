"""`pip install jupyterlab-modernizer` gives the command line, with no Node on the machine."""

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path

import pytest
from package_build import REPO, figure, run

pytestmark = pytest.mark.skipif(os.name == "nt", reason="PATH without node is built for POSIX")

# What a user of the examples has: JupyterLab, a kernel and today's releases of the ML stack.
USER_PACKAGES = ["jupyterlab", "ipykernel", "pandas", "numpy", "scikit-learn", "matplotlib"]
USER_PACKAGES += ["seaborn"]
EXAMPLE = "iris-knn-py2.ipynb"
REPO_VERSION = json.loads((REPO / "package.json").read_text())["version"]


def path_without_node(folder: Path) -> str:
    """PATH's programs but Node's, as links in `folder`: a PATH of that one folder."""
    folder.mkdir()
    for directory in os.environ["PATH"].split(os.pathsep):
        # Nor a virtual environment's programs or the checkout's npm tools.
        if not os.path.isdir(directory) or Path(directory).resolve().is_relative_to(REPO):
            continue
        if (Path(directory).parent / "pyvenv.cfg").exists():
            continue
        for entry in os.scandir(directory):
            name = entry.name
            if name.startswith("node") or name in ("npm", "npx", "corepack"):
                continue
            if not (folder / name).exists() and os.access(entry.path, os.X_OK):
                (folder / name).symlink_to(entry.path)
    return str(folder)


@pytest.fixture(scope="module")
def installed(wheel, scratch) -> Path:
    """A fresh venv with the wheel and the user's packages; its bin folder."""
    venv = scratch / "venv"
    started = time.monotonic()
    run([sys.executable, "-m", "venv", venv], timeout=300)
    # Byte-compiling every module of the stack would take most of the install's time.
    pip = [venv / "bin" / "python", "-m", "pip", "install", "--quiet", "--no-compile"]
    run([*pip, wheel, *USER_PACKAGES], timeout=1800)
    figure(f"fresh venv with the wheel and the ML stack: {time.monotonic() - started:.0f} s")
    return venv / "bin"


@pytest.fixture(scope="module")
def no_node(scratch) -> dict[str, str]:
    """An environment whose PATH has no node, nor the venv: its commands are run by path."""
    path = path_without_node(scratch / "path-without-node")
    env = {**os.environ, "PATH": path}
    env.pop("VIRTUAL_ENV", None)
    assert subprocess.run(["sh", "-c", "command -v node"], env=env).returncode != 0
    return env


def test_the_wheel_holds_the_bundle_the_labextension_and_the_commands(wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        (entry_points,) = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
        scripts = archive.read(entry_points).decode()
    data = f"jupyterlab_modernizer-{REPO_VERSION}.data/data"
    assert "jupyterlab_modernizer/lib-cli/cli.js" in names
    assert f"{data}/share/jupyter/labextensions/jupyterlab-modernizer/package.json" in names
    assert f"{data}/etc/jupyter/jupyter_server_config.d/jupyterlab_modernizer.json" in names
    assert "jupyter-modernizer = jupyterlab_modernizer.cli:main" in scripts
    assert "jupyterlab-modernizer = jupyterlab_modernizer.cli:main" in scripts


def test_every_command_of_the_wheel_answers(installed, no_node):
    def said(*command) -> str:
        return run([installed / command[0], *command[1:]], env=no_node, timeout=60).stdout.strip()

    version = said("python", "-c", "import jupyterlab_modernizer as m; print(m.__version__)")
    assert said("python", "-m", "jupyterlab_modernizer", "--version") == version
    assert said("jupyterlab-modernizer", "--version") == version
    usage = said("jupyter", "modernizer", "--help")
    assert "check" in usage and "run" in usage and "scores" in usage


def test_jupyter_modernizer_runs_an_example_to_reproducible_with_no_node(
    installed, no_node, examples, scratch
):
    out, report = scratch / "out", scratch / "report.json"
    started = time.monotonic()
    reply = subprocess.run(
        [
            installed / "jupyter",
            "modernizer",
            "run",
            examples / EXAMPLE,
            "--offline",
            "--auto-accept",
            "--out",
            out,
            "--json",
            report,
        ],
        env=no_node,
        capture_output=True,
        text=True,
        timeout=900,
    )
    figure(f"jupyter modernizer run {EXAMPLE}, no node on PATH: {time.monotonic() - started:.1f} s")
    assert reply.returncode == 0, f"{reply.stdout}\n{reply.stderr}"
    assert f"{EXAMPLE}: reproducible" in reply.stdout
    written = json.loads(report.read_text())
    (result,) = written["notebooks"]
    assert result["verdict"] == "reproducible"
    assert written["tool"]["version"] == REPO_VERSION
    modernized = json.loads((out / EXAMPLE.replace(".ipynb", ".modernized.ipynb")).read_text())
    code = ["".join(cell["source"]) for cell in modernized["cells"] if cell["cell_type"] == "code"]
    assert not any(line.startswith("print ") for cell in code for line in cell.splitlines())


def notebook_of(path: Path, *sources: str) -> Path:
    cells = [
        {
            "cell_type": "code",
            "metadata": {},
            "outputs": [],
            "execution_count": None,
            "source": code,
        }
        for code in sources
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    )
    return path


class Output:
    """The lines a child prints (stdout and stderr), read as they come."""

    def __init__(self, child: subprocess.Popen):
        self.lines: queue.Queue[str] = queue.Queue()
        self.text = ""
        self.reader = threading.Thread(target=lambda: [self.lines.put(x) for x in child.stdout])
        self.reader.start()

    def wait_for(self, text: str, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.text:
            self.text += self.lines.get(timeout=max(0.0, deadline - time.monotonic()))

    def rest(self) -> str:
        """Everything printed, once the child has closed its output."""
        self.reader.join(timeout=60)
        while not self.lines.empty():
            self.text += self.lines.get()
        return self.text


def test_ctrl_c_stops_a_run_and_a_second_one_quits_at_once(installed, no_node, scratch):
    first = "print('first ran')"
    stoppable = notebook_of(
        scratch / "ctrl-c" / "sleeps.ipynb", first, "import time; time.sleep(600)"
    )
    # A cell that ignores interrupts: only the second Ctrl+C ends the command.
    stubborn = notebook_of(
        scratch / "ctrl-c" / "stubborn.ipynb",
        first,
        "import signal, time; signal.signal(signal.SIGINT, signal.SIG_IGN); time.sleep(600)",
    )
    for notebook, presses in ((stoppable, 1), (stubborn, 2)):
        child = subprocess.Popen(
            [installed / "jupyter", "modernizer", "check", notebook],
            env=no_node,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            output = Output(child)
            output.wait_for("[1/2] cell 1 ok")
            child.send_signal(signal.SIGINT)
            output.wait_for("Stopping (Ctrl+C again to quit at once)...")
            if presses == 2:
                child.send_signal(signal.SIGINT)
            assert child.wait(timeout=60) == 130
            text = output.rest()
        finally:
            child.kill()
            child.wait()
        if presses == 1:
            assert "cell 2 cancelled" in text
        else:
            assert "cell 2" not in text.split("Stopping")[1]
