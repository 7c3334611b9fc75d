"""The packages as users get them, built from a copy of the working tree.

Building rewrites `lib/`, `lib-cli/` and the labextension (a production build); doing it in a
copy leaves the checkout's development build as it was. The copy shares `node_modules`.
"""

import shutil
import sys
import tempfile
import time
from pathlib import Path

import pytest
from package_build import FIGURES, REPO, STARTED, build_env, figure, run

# Neither package is built from these, and ui-tests has a node_modules of its own.
NOT_COPIED = ("ui-tests/", "benchmarks/", "test/", "tests/")


def pytest_terminal_summary(terminalreporter):
    if FIGURES:
        terminalreporter.write_sep("-", "package figures")
        for line in [*FIGURES, f"whole run: {time.monotonic() - STARTED:.0f} s"]:
            terminalreporter.write_line(line)


@pytest.fixture(scope="session")
def scratch():
    """A folder for the session's builds and environments, removed at the end."""
    with tempfile.TemporaryDirectory(prefix="modernizer-package-") as folder:
        yield Path(folder)


@pytest.fixture(scope="session")
def source_tree(scratch) -> Path:
    """The working tree's files (tracked or not, git's ignores applied), built for production."""
    listed = run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO,
        timeout=60,
    ).stdout
    tree = scratch / "source"
    for name in filter(None, listed.split("\0")):
        source = REPO / name
        if name.startswith(NOT_COPIED) or not source.is_file():
            continue
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, tree / name)
    (tree / "node_modules").symlink_to(REPO / "node_modules", target_is_directory=True)
    started = time.monotonic()
    # The wheel's build hook would `npm install` first, replacing the shared node_modules
    # with a fresh download; with the assets built here beforehand it packs them as they are.
    run(["npm", "run", "build:prod"], cwd=tree, env=build_env(), timeout=1200)
    figure(f"npm run build:prod: {time.monotonic() - started:.0f} s")
    return tree


@pytest.fixture(scope="session")
def wheel(source_tree, scratch) -> Path:
    """The wheel `python -m build --wheel` makes, with no registry (the build tools are here)."""
    dist = scratch / "dist"
    started = time.monotonic()
    run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", dist],
        cwd=source_tree,
        env=build_env(),
        timeout=1200,
    )
    (built,) = dist.glob("jupyterlab_modernizer-*.whl")
    size = built.stat().st_size / 1e6
    figure(f"wheel built in {time.monotonic() - started:.0f} s: {built.name}, {size:.1f} MB")
    return built


@pytest.fixture(scope="session")
def examples(scratch) -> Path:
    """A copy of examples/, so nothing a notebook writes lands in the checkout."""
    copy = scratch / "examples"
    shutil.copytree(REPO / "examples", copy)
    return copy
