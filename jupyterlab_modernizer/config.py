"""Server-side settings, from Jupyter config or the OPENAI_* environment variables."""

import os

from traitlets import Bool, Float, Int, List, Unicode, default
from traitlets.config import Configurable


class ModernizerConfig(Configurable):
    """The extension's server settings: the LLM upstream and its key, kernel websockets.

    Set in jupyter_server_config.py, e.g.
    ``c.ModernizerConfig.llm_base_url = "http://localhost:11434/v1"``,
    or through OPENAI_BASE_URL and OPENAI_API_KEY. Jupyter config wins over the environment.
    """

    llm_base_url = Unicode(
        help="Base URL of the OpenAI-compatible upstream, e.g. https://api.openai.com/v1. "
        "Empty: no LLM, fixes come from the migration rules alone.",
    ).tag(config=True)

    llm_api_key = Unicode(
        help="Key the server adds to upstream requests; never sent to the browser. "
        "Prefer OPENAI_API_KEY: Jupyter's --debug log prints the whole Jupyter config.",
    ).tag(config=True)

    llm_models = List(
        Unicode(),
        help="Models offered to the user, e.g. ['gpt-4.1-mini']. When set, the proxy refuses "
        "any other model; when empty, it serves whatever the upstream lists.",
    ).tag(config=True)

    llm_connect_timeout = Float(
        10.0,
        help="Seconds to connect to the LLM upstream before the proxy answers 504.",
    ).tag(config=True)

    llm_idle_timeout = Float(
        180.0,
        help="Seconds the LLM upstream may stay silent, before its reply starts or between two "
        "chunks of a stream, before the proxy gives up (504, or an error event in a stream).",
    ).tag(config=True)

    llm_max_body_bytes = Int(
        1024 * 1024,
        help="Largest request body the LLM proxy accepts, in bytes; larger ones get 413.",
    ).tag(config=True)

    kernel_nodelay = Bool(
        True,
        help="Send kernel messages without Nagle's delay (TCP_NODELAY on kernel websockets): "
        "saves about 40 ms per executed cell.",
    ).tag(config=True)

    @default("llm_base_url")
    def _llm_base_url_from_environment(self):
        return os.environ.get("OPENAI_BASE_URL", "")

    @default("llm_api_key")
    def _llm_api_key_from_environment(self):
        return os.environ.get("OPENAI_API_KEY", "")

    @property
    def llm_configured(self) -> bool:
        """True when there is an upstream to forward to."""
        return bool(self.llm_base_url.strip())
