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
    """Read the settings and add the routes; called by `jupyter server` and `jupyter lab`."""
    # Imported here so that listing the labextension does not import the server.
    from .config import ModernizerConfig
    from .handlers import setup_handlers
    from .websocket import disable_nagle

    config = ModernizerConfig(parent=server_app)
    setup_handlers(server_app.web_app, config)
    if config.kernel_nodelay:
        disable_nagle(server_app.web_app)
    llm = "configured" if config.llm_configured else "not configured (migration rules only)"
    server_app.log.info("Notebook Modernizer %s loaded; LLM %s", __version__, llm)
