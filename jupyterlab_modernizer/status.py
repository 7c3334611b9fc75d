"""What the server tells the frontend about itself."""

from . import __version__
from .config import ModernizerConfig


def server_status(config: ModernizerConfig) -> dict:
    """The extension's version and whether an LLM is available, and which models.

    Only what the browser may see: never the API key, nor the upstream URL
    (it may carry credentials of its own).
    """
    configured = config.llm_configured
    return {
        "version": __version__,
        "llm": {
            "configured": configured,
            "models": list(config.llm_models) if configured else [],
        },
    }
