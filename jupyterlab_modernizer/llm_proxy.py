"""The LLM proxy: what goes to the upstream, and what the browser gets back. No tornado here.

The browser speaks OpenAI's API to the Jupyter server; the proxy forwards to the one upstream
in ModernizerConfig and adds the key. Nothing in a request chooses where it goes: the URL and
the headers come from the config alone, and only OpenAI's chat completion fields pass (some
gateways route on body fields such as ``api_base``). Errors come back in OpenAI's shape,
never with the upstream's text when it may quote the key.
"""

import json
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from itertools import accumulate
from urllib.parse import urlsplit, urlunsplit

import httpx

from . import __version__
from .config import ModernizerConfig
from .secrets import StreamScrubber, server_secrets
from .secrets import scrub as scrub_secrets

log = logging.getLogger(__name__)

# OpenAI's chat completion request fields; anything else is dropped.
CHAT_FIELDS = frozenset(
    {
        "model",
        "messages",
        "stream",
        "stream_options",
        "temperature",
        "top_p",
        "n",
        "stop",
        "max_tokens",
        "max_completion_tokens",
        "presence_penalty",
        "frequency_penalty",
        "logit_bias",
        "logprobs",
        "top_logprobs",
        "seed",
        "tools",
        "tool_choice",
        "parallel_tool_calls",
        "response_format",
        "reasoning_effort",
        "user",
    }
)

# Upstream error text longer than this is cut: it is for a message line, not a document.
MAX_UPSTREAM_MESSAGE = 300

# Deeper JSON than this is refused: a chat request needs a few levels; Python's parser
# would fail with a RecursionError (a 500) a little past a thousand.
MAX_JSON_DEPTH = 64


class ProxyError(Exception):
    """An answer the proxy gives instead of the upstream's, in OpenAI's error shape."""

    def __init__(
        self,
        status: int,
        message: str,
        code: str,
        type_: str = "server_error",
        *,
        retry: bool = True,
        headers: dict[str, str] | None = None,
    ):
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code
        self.type = type_
        self.headers = dict(headers or {})
        if not retry:
            # The openai SDK retries 5xx and 429 unless told not to.
            self.headers["x-should-retry"] = "false"

    def body(self) -> dict:
        return {"error": {"message": self.message, "type": self.type, "code": self.code}}

    def event(self) -> bytes:
        """The error as an SSE event, for a stream whose 200 has already been sent."""
        return f"data: {json.dumps(self.body())}\n\n".encode()


def not_configured() -> ProxyError:
    return ProxyError(
        503,
        "No LLM configured: set OPENAI_BASE_URL (and OPENAI_API_KEY if the endpoint needs a "
        "key) in the Jupyter server's environment, or c.ModernizerConfig.llm_base_url, and "
        "restart Jupyter. Fixes from the migration rules work without one.",
        "llm_not_configured",
        retry=False,
    )


def upstream_url(config: ModernizerConfig, route: str) -> str:
    """The upstream's URL for one of the proxy's fixed routes; a query string is kept."""
    scheme, netloc, path, query, _ = urlsplit(config.llm_base_url.strip())
    return urlunsplit((scheme, netloc, f"{path.rstrip('/')}/{route}", query, ""))


def upstream_headers(config: ModernizerConfig) -> dict[str, str]:
    """The headers sent upstream: none of the browser's, the key from the config."""
    headers = {
        "Accept": "application/json, text/event-stream",
        "Accept-Encoding": "identity",  # chunks pass through as they come, undecoded
        "User-Agent": f"jupyterlab-modernizer/{__version__}",
    }
    if config.llm_api_key:
        headers["Authorization"] = f"Bearer {config.llm_api_key}"
    return headers


def chat_body(config: ModernizerConfig, raw: bytes) -> dict:
    """The body to send upstream for the browser's chat completion request."""
    if len(raw) > config.llm_max_body_bytes:
        raise ProxyError(
            413,
            f"The request is {len(raw)} bytes; this server accepts at most "
            f"{config.llm_max_body_bytes} (c.ModernizerConfig.llm_max_body_bytes).",
            "request_too_large",
            "invalid_request_error",
        )
    if json_depth(raw) > MAX_JSON_DEPTH:
        raise ProxyError(
            400,
            f"The request's JSON nests deeper than {MAX_JSON_DEPTH} levels.",
            "json_too_deep",
            "invalid_request_error",
        )
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):
        body = None
    if not isinstance(body, dict):
        raise ProxyError(
            400, "The request body must be a JSON object.", "invalid_json", "invalid_request_error"
        )
    allowed = list(config.llm_models)
    model = body.get("model")
    if allowed and model not in allowed:
        raise ProxyError(
            400,
            f"Model {model!r} is not offered on this server; choose one of: {', '.join(allowed)}.",
            "model_not_allowed",
            "invalid_request_error",
        )
    dropped = sorted(set(body) - CHAT_FIELDS)
    if dropped:
        log.debug("LLM proxy drops request fields %s", dropped)
    return {name: value for name, value in body.items() if name in CHAT_FIELDS}


def models_list(config: ModernizerConfig) -> dict | None:
    """The configured models in OpenAI's list shape, or None to ask the upstream."""
    if not config.llm_models:
        return None
    models = [
        {"id": name, "object": "model", "created": 0, "owned_by": "jupyter-server"}
        for name in config.llm_models
    ]
    return {"object": "list", "data": models}


def secrets_of(config: ModernizerConfig) -> list[str]:
    """The key, and any sk-shaped secret in the config or the server's environment."""
    return server_secrets(config.llm_api_key, [config.llm_base_url, *config.llm_models])


def scrub(text: str, config: ModernizerConfig) -> str:
    """Text from the upstream without the key or another secret, should it quote one."""
    return scrub_secrets(text, secrets_of(config))


def json_depth(raw: bytes) -> int:
    """How deeply a JSON text nests its arrays and objects (strings skipped), without parsing."""
    brackets = re.sub(rb'"(?:[^"\\]+|\\.)*"|[^\[\]{}"]+', b"", raw)
    return max(accumulate(1 if b in b"[{" else -1 for b in brackets), default=0)


def upstream_error(
    status: int, headers: httpx.Headers, raw: bytes, config: ModernizerConfig
) -> ProxyError:
    """The proxy's answer to an upstream's error status."""
    if status in (401, 403):
        # Not the upstream's text: OpenAI's names the key it got.
        return ProxyError(
            502,
            f"The LLM endpoint rejected the API key (HTTP {status}). Check OPENAI_API_KEY or "
            "c.ModernizerConfig.llm_api_key on the Jupyter server.",
            "llm_key_rejected",
            "authentication_error",
            retry=False,
        )
    said = upstream_message(raw, config)
    if status == 429:
        passed = {
            name: headers[name] for name in ("retry-after", "retry-after-ms") if name in headers
        }
        wait = f"; retry after {headers['retry-after']} s" if "retry-after" in headers else ""
        return ProxyError(
            429,
            f"The LLM endpoint is rate limiting requests{wait}.{said}",
            "llm_rate_limited",
            "rate_limit_error",
            headers=passed,
        )
    if status >= 500:
        return ProxyError(
            502, f"The LLM endpoint failed (HTTP {status}).{said}", "llm_upstream_error"
        )
    return ProxyError(
        502,
        f"The LLM endpoint refused the request (HTTP {status}).{said}",
        "llm_request_refused",
        retry=False,
    )


def upstream_message(raw: bytes, config: ModernizerConfig) -> str:
    """The upstream's own error message, without the key, as " It said: ...", or ""."""
    try:
        message = json.loads(raw)["error"]["message"]
    except (ValueError, KeyError, TypeError):
        return ""
    if not isinstance(message, str) or not message.strip():
        return ""
    return f" It said: {scrub(message.strip(), config)[:MAX_UPSTREAM_MESSAGE]}"


def timed_out(config: ModernizerConfig, started: bool) -> ProxyError:
    if started:
        message = f"The LLM endpoint stopped answering (nothing for {config.llm_idle_timeout:g} s)."
    else:
        message = f"The LLM endpoint did not answer within {config.llm_idle_timeout:g} s."
    return ProxyError(504, message, "llm_timeout")


def stream_cut() -> ProxyError:
    return ProxyError(
        502,
        "The LLM endpoint closed the connection before its reply was complete.",
        "llm_stream_cut",
    )


class LLMProxy:
    """Requests to the configured upstream, with the configured limits."""

    def __init__(self, config: ModernizerConfig):
        self.config = config
        self._ssl_context = None

    @asynccontextmanager
    async def open(self, method: str, route: str, body: dict | None = None):
        """The upstream's 2xx response, headers read, body not yet; raises ProxyError."""
        config = self.config
        if not config.llm_configured:
            raise not_configured()
        if self._ssl_context is None:
            self._ssl_context = httpx.create_ssl_context()
        connect = config.llm_connect_timeout
        timeout = httpx.Timeout(
            connect=connect, read=config.llm_idle_timeout, write=connect, pool=connect
        )
        async with httpx.AsyncClient(timeout=timeout, verify=self._ssl_context) as client:
            request = client.build_request(
                method, upstream_url(config, route), json=body, headers=upstream_headers(config)
            )
            try:
                response = await client.send(request, stream=True)
            except httpx.ConnectTimeout:
                raise ProxyError(
                    504,
                    f"Cannot reach the LLM endpoint: no connection within {connect:g} s.",
                    "llm_timeout",
                ) from None
            except httpx.TimeoutException:
                raise timed_out(config, started=False) from None
            except httpx.HTTPError as error:
                log.debug("LLM upstream unreachable: %s", type(error).__name__)
                raise ProxyError(
                    502,
                    "Cannot reach the LLM endpoint: check that it is running and "
                    "OPENAI_BASE_URL (c.ModernizerConfig.llm_base_url) on the Jupyter server.",
                    "llm_unreachable",
                ) from None
            try:
                if not 200 <= response.status_code < 300:
                    raw = await self._read(response, limit=64 * 1024)
                    raise upstream_error(response.status_code, response.headers, raw, config)
                yield response
            finally:
                await response.aclose()

    async def read(self, response: httpx.Response) -> bytes:
        """A whole non-streamed reply, without the key should it quote it."""
        return scrub((await self._read(response)).decode(errors="replace"), self.config).encode()

    async def relay(self, response: httpx.Response) -> AsyncIterator[bytes]:
        """A streamed reply's bytes as they come, secrets masked; raises ProxyError if it
        breaks off (after what was held back for the masking)."""
        tail = None
        sse = response.headers.get("content-type", "").startswith("text/event-stream")
        scrubber = StreamScrubber(secrets_of(self.config), sse)
        try:
            async for piece in response.aiter_raw():
                tail = ((tail or b"") + piece)[-32:]
                if safe := scrubber.feed(piece):
                    yield safe
        except httpx.TimeoutException:
            if rest := scrubber.flush():
                yield rest
            raise timed_out(self.config, started=tail is not None) from None
        except httpx.HTTPError:
            if rest := scrubber.flush():
                yield rest
            raise stream_cut() from None
        if rest := scrubber.flush():
            yield rest
        if sse and b"[DONE]" not in (tail or b""):
            raise stream_cut()

    async def _read(self, response: httpx.Response, limit: int | None = None) -> bytes:
        parts, size = [], 0
        try:
            async for piece in response.aiter_raw():
                parts.append(piece)
                size += len(piece)
                if limit is not None and size >= limit:
                    break
        except httpx.TimeoutException:
            raise timed_out(self.config, started=False) from None
        except httpx.HTTPError:
            raise stream_cut() from None
        return b"".join(parts)
