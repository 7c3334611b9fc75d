"""The npm package, packed and installed as a user would: its command line works on its own."""

import json
import os
import subprocess
import time

import pytest
from package_build import REPO, build_env, figure, run

pytestmark = pytest.mark.skipif(os.name == "nt", reason="the command is run through its bin link")

EXAMPLE = "digits-2018.ipynb"  # runs clean end to end: `check` passes


@pytest.fixture(scope="module")
def installed_cli(source_tree, scratch):
    """`npm pack` (its prepack builds the bundle), then `npm install` of the tarball."""
    started = time.monotonic()
    packs = scratch / "npm-pack"
    packs.mkdir()
    packed = run(
        ["npm", "pack", "--json", "--pack-destination", packs],
        cwd=source_tree,
        env=build_env(),
        timeout=900,
    )
    (tarball,) = json.loads(packed.stdout[packed.stdout.index("[") :])
    app = scratch / "npm-app"
    app.mkdir()
    (app / "package.json").write_text('{"name": "scratch", "private": true}\n')
    run(
        ["npm", "install", "--no-audit", "--no-fund", packs / tarball["filename"]],
        cwd=app,
        env=build_env(),
        timeout=900,
    )
    figure(
        f"npm pack and install: {time.monotonic() - started:.0f} s, "
        f"tarball {tarball['size'] / 1e6:.1f} MB"
    )
    return app


def test_the_tarball_holds_the_bundle_and_installs_nothing_else(installed_cli):
    installed = sorted(p.name for p in (installed_cli / "node_modules").iterdir())
    assert installed == [".bin", ".package-lock.json", "jupyterlab-modernizer"]
    package = installed_cli / "node_modules" / "jupyterlab-modernizer"
    assert (package / "lib-cli" / "cli.js").is_file()


def test_the_installed_command_reports_its_version(installed_cli):
    command = installed_cli / "node_modules" / ".bin" / "jupyterlab-modernizer"
    version = run([command, "--version"], env=build_env(), timeout=60).stdout.strip()
    assert version == json.loads((REPO / "package.json").read_text())["version"]


def test_the_installed_command_checks_an_example(installed_cli, examples, scratch):
    command = installed_cli / "node_modules" / ".bin" / "jupyterlab-modernizer"
    report = scratch / "npm-check.json"
    reply = subprocess.run(
        [command, "check", examples / EXAMPLE, "--json", report],
        env=build_env(),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert reply.returncode == 0, f"{reply.stdout}\n{reply.stderr}"
    checked = json.loads(report.read_text())
    assert checked["verdict"] == "passed"
    assert checked["cells"] and all(cell["status"] == "ok" for cell in checked["cells"])
