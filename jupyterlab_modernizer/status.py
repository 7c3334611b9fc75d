"""What the server tells the frontend about itself."""

from . import __version__


def server_status():
    return {"version": __version__, "llm": {"configured": False}}
