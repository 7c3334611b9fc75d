"""Notebook Modernizer: server side of the JupyterLab extension."""

try:
    from ._version import __version__
except ImportError:  # running from a source tree that was never built
    __version__ = "dev"


def _jupyter_labextension_paths():
    return [{"src": "labextension", "dest": "jupyterlab-modernizer"}]


def _jupyter_server_extension_points():
    return [{"module": "jupyterlab_modernizer"}]


def _load_jupyter_server_extension(server_app):
    from .handlers import setup_handlers

    setup_handlers(server_app.web_app)
    server_app.log.info("jupyterlab_modernizer server extension loaded")
