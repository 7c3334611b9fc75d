"""HTTP routes of the server extension. Logic lives in modules without tornado."""

import asyncio
import json

from jupyter_server.base.handlers import APIHandler
from jupyter_server.utils import url_path_join
from tornado import web
from tornado.iostream import StreamClosedError

from .config import ModernizerConfig
from .llm_proxy import LLMProxy, ProxyError, chat_body, models_list, not_configured
from .status import server_status


class StatusHandler(APIHandler):
    """GET /modernizer/status: version and LLM availability."""

    def initialize(self, modernizer_config: ModernizerConfig):
        self.modernizer_config = modernizer_config

    @web.authenticated
    def get(self):
        self.finish(json.dumps(server_status(self.modernizer_config)))


class ProxyHandler(APIHandler):
    """Base of the LLM proxy's routes: errors in OpenAI's shape; a browser that leaves
    cancels the upstream request."""

    def initialize(self, proxy: LLMProxy):
        self.proxy = proxy
        self._forwarding: asyncio.Future | None = None

    async def forward(self, work) -> None:
        """Run `work()`, the request's forwarding, as a task the browser's leaving cancels."""
        if not self.proxy.config.llm_configured:
            self.send_error_reply(not_configured())
            return
        self._forwarding = asyncio.ensure_future(work())
        try:
            await self._forwarding
        except (asyncio.CancelledError, StreamClosedError):
            self.log.debug("LLM proxy: the browser left; upstream request closed")
        except ProxyError as error:
            self.send_error_reply(error)

    def send_error_reply(self, error: ProxyError) -> None:
        if error.status >= 500 or error.status == 429:
            self.log.warning("LLM proxy: %s %s", error.status, error.code)
        self.set_status(error.status)
        for name, value in error.headers.items():
            self.set_header(name, value)
        self.finish(json.dumps(error.body()))

    def on_connection_close(self):
        if self._forwarding is not None:
            self._forwarding.cancel()
        super().on_connection_close()


class ChatCompletionsHandler(ProxyHandler):
    """POST /modernizer/v1/chat/completions, streamed or not."""

    @web.authenticated
    async def post(self):
        await self.forward(self._chat)

    async def _chat(self):
        body = chat_body(self.proxy.config, self.request.body)
        async with self.proxy.open("POST", "chat/completions", body) as upstream:
            content_type = upstream.headers.get("content-type", "application/json")
            if not body.get("stream"):
                self.finish(await self.proxy.read(upstream), set_content_type=content_type)
                return
            started = False
            try:
                async for piece in self.proxy.relay(upstream):
                    if not started:  # 200 only once the upstream has said something
                        started = True
                        self.set_header("Content-Type", content_type)
                        self.set_header("Cache-Control", "no-cache")
                        self.set_header("X-Accel-Buffering", "no")
                    self.write(piece)
                    await self.flush()
            except ProxyError as error:
                if not started:
                    raise
                self.log.warning("LLM proxy: stream broke off: %s", error.code)
                self.write(error.event())
            self.finish(set_content_type=content_type)


class ModelsHandler(ProxyHandler):
    """GET /modernizer/v1/models: the configured models, or the upstream's."""

    @web.authenticated
    async def get(self):
        await self.forward(self._models)

    async def _models(self):
        configured = models_list(self.proxy.config)
        if configured is not None:
            self.finish(json.dumps(configured))
            return
        async with self.proxy.open("GET", "models") as upstream:
            self.finish(await self.proxy.read(upstream))


def setup_handlers(web_app, config: ModernizerConfig):
    """Add the extension's routes under the server's base URL."""
    base = url_path_join(web_app.settings["base_url"], "modernizer")
    proxy = {"proxy": LLMProxy(config)}
    web_app.add_handlers(
        ".*$",
        [
            (url_path_join(base, "status"), StatusHandler, {"modernizer_config": config}),
            (url_path_join(base, "v1", "chat", "completions"), ChatCompletionsHandler, proxy),
            (url_path_join(base, "v1", "models"), ModelsHandler, proxy),
        ],
    )
