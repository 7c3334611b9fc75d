"""HTTP routes of the server extension. Logic lives in modules without tornado."""

import json

import tornado
from jupyter_server.base.handlers import APIHandler
from jupyter_server.utils import url_path_join

from .status import server_status


class StatusHandler(APIHandler):
    @tornado.web.authenticated
    def get(self):
        self.finish(json.dumps(server_status()))


def setup_handlers(web_app):
    base_url = web_app.settings["base_url"]
    web_app.add_handlers(
        ".*$", [(url_path_join(base_url, "modernizer", "status"), StatusHandler)]
    )
