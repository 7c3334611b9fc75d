"""The extension as a user starts it: a real `jupyter server` process."""

import os
import subprocess
import sys
import threading

from jupyterlab_modernizer import __version__

SECRET = "sk-test-do-not-leak-1234"


def server_log_until_running(tmp_path, env) -> str:
    """Start `jupyter server`, return its log up to "is running at", then stop it."""
    server = subprocess.Popen(
        [
            *(sys.executable, "-m", "jupyter_server"),
            *("--no-browser", "--allow-root", "--port=0", "--IdentityProvider.token=abc"),
            f"--ServerApp.root_dir={tmp_path}",
        ],
        env={**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"), **env},
        stderr=subprocess.PIPE,
        text=True,
    )
    watchdog = threading.Timer(60, server.kill)
    watchdog.start()
    lines = []
    try:
        for line in server.stderr:
            lines.append(line)
            if "is running at" in line:
                break
    finally:
        watchdog.cancel()
        server.terminate()
        server.communicate(timeout=30)
    return "".join(lines)


def test_server_logs_one_line_without_llm(tmp_path):
    log = server_log_until_running(tmp_path, {})

    assert "jupyterlab_modernizer | extension was successfully loaded" in log
    assert log.count("Notebook Modernizer") == 1
    assert f"Notebook Modernizer {__version__} loaded; LLM not configured" in log


def test_server_never_logs_the_key(tmp_path):
    env = {"OPENAI_BASE_URL": "http://localhost:11434/v1", "OPENAI_API_KEY": SECRET}

    log = server_log_until_running(tmp_path, env)

    assert f"Notebook Modernizer {__version__} loaded; LLM configured" in log
    assert SECRET not in log
