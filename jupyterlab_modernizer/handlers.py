"""HTTP routes of the server extension. Logic lives in modules without tornado."""

import json

from jupyter_server.base.handlers import APIHandler
from jupyter_server.utils import url_path_join
from tornado import web

from .config import ModernizerConfig
from .status import server_status


class StatusHandler(APIHandler):
    """GET /modernizer/status: version and LLM availability."""

    def initialize(self, modernizer_config: ModernizerConfig):
        self.modernizer_config = modernizer_config

    @web.authenticated
    def get(self):
        self.finish(json.dumps(server_status(self.modernizer_config)))


def setup_handlers(web_app, config: ModernizerConfig):
    """Add the extension's routes under the server's base URL."""
    route = url_path_join(web_app.settings["base_url"], "modernizer", "status")
    web_app.add_handlers(".*$", [(route, StatusHandler, {"modernizer_config": config})])
