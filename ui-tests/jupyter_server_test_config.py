"""Jupyter server configuration for the Notebook Modernizer UI tests (Galata)."""

import os

from jupyterlab.galata import configure_jupyter_server

configure_jupyter_server(c)  # noqa: F821

# A port of its own, so the suite does not collide with a running JupyterLab.
c.ServerApp.port = int(os.environ.get("MODERNIZER_UI_PORT", "8931"))  # noqa: F821
c.ServerApp.allow_root = True  # noqa: F821
# Warnings and errors only: the test report stays readable.
c.ServerApp.log_level = "WARN"  # noqa: F821
