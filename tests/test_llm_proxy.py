"""The LLM proxy through a real Jupyter server, against the stub LLM server."""

import asyncio
import json
import logging
import socket
import time

import httpx
import pytest
from llm_stub import StubServer

SECRET = "sk-test-do-not-leak-1234"
MESSAGES = [{"role": "user", "content": "Why does df.ix fail?"}]


@pytest.fixture
def proxy_config():
    """ModernizerConfig settings beyond the upstream and its key; classes override it."""
    return {}


@pytest.fixture
def jp_server_config(llm_stub, proxy_config):
    return {
        "ServerApp": {"jpserver_extensions": {"jupyterlab_modernizer": True}},
        "ModernizerConfig": {"llm_base_url": llm_stub.url, "llm_api_key": SECRET, **proxy_config},
    }


class Browser:
    """What the frontend does: requests to the proxy with Jupyter's token.

    Keeps every response, headers and body, for the check that the key is in none of them.
    """

    def __init__(self, base: str, auth: dict):
        self.base = base
        self.auth = auth
        self.seen: list[str] = []

    def url(self, route: str) -> str:
        return f"{self.base}modernizer/v1/{route}"

    async def request(self, method, route, body=None, headers=None, auth=True) -> httpx.Response:
        headers = {**(self.auth if auth else {}), **(headers or {})}
        content = body if isinstance(body, bytes) else json.dumps(body) if body else None
        async with httpx.AsyncClient(timeout=10) as client:
            response = await client.request(
                method, self.url(route), content=content, headers=headers
            )
        self._keep(response, response.content)
        return response

    async def chat(self, **body) -> httpx.Response:
        return await self.request("POST", "chat/completions", {"messages": MESSAGES, **body})

    async def stream(self, **body) -> tuple[httpx.Response, list[tuple[float, str]]]:
        """The response and its body's pieces as they arrived, with their arrival times."""
        pieces = []
        async with (
            httpx.AsyncClient(timeout=10) as client,
            client.stream(
                "POST",
                self.url("chat/completions"),
                json={"messages": MESSAGES, "stream": True, **body},
                headers=self.auth,
            ) as response,
        ):
            async for piece in response.aiter_text():
                pieces.append((time.time(), piece))
        self._keep(response, "".join(p for _, p in pieces).encode())
        return response, pieces

    def _keep(self, response: httpx.Response, body: bytes):
        headers = "\n".join(f"{k}: {v}" for k, v in response.headers.multi_items())
        self.seen.append(f"{headers}\n\n{body.decode(errors='replace')}")


@pytest.fixture
def browser(http_server_client, jp_http_port, jp_base_url, jp_auth_header):
    browser = Browser(f"http://127.0.0.1:{jp_http_port}{jp_base_url}", jp_auth_header)
    yield browser
    leaks = [response for response in browser.seen if SECRET in response]
    assert not leaks, "the API key reached the browser"


def sse_data(text: str) -> list[str]:
    return [event[len("data: ") :] for event in text.split("\n\n") if event]


def content_of(data: list[str]) -> str:
    chunks = [json.loads(d) for d in data if d != "[DONE]" and '"error"' not in d]
    return "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks if c["choices"])


def error_of(response: httpx.Response) -> dict:
    assert response.headers["content-type"].startswith("application/json")
    return response.json()["error"]


async def finished_upstream(llm_stub: StubServer) -> dict:
    """The stub's one request once it has noted the end of its reply, which the browser
    may read before the stub's handler gets to note it."""
    assert await wait_for(lambda: llm_stub.state.requests()[0]["finished_at"] is not None)
    (upstream,) = llm_stub.state.requests()
    return upstream


async def wait_for(condition, timeout=5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        await asyncio.sleep(0.02)
    return False


# -- replies


async def test_stream_passes_through_as_the_upstream_sends_it(browser, llm_stub):
    text = "Replace .ix with .loc or .iloc, depending on the labels."
    llm_stub.state.script({"content": text, "chunk_chars": 8, "delay_ms": 60})

    response, pieces = await browser.stream(stream_options={"include_usage": True})

    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    upstream = await finished_upstream(llm_stub)
    first_arrival = pieces[0][0]
    assert first_arrival < upstream["finished_at"] - 0.3, "the first chunk waited for the last"
    data = sse_data("".join(p for _, p in pieces))
    assert content_of(data) == text
    assert json.loads(data[-2])["usage"]["completion_tokens"] > 0
    assert data[-1] == "[DONE]"


async def test_reply_without_stream(browser, llm_stub):
    llm_stub.state.script({"content": "Use .iloc"})

    response = await browser.chat(model="stub-model")

    assert response.status_code == 200
    reply = response.json()
    assert reply["choices"][0]["message"]["content"] == "Use .iloc"
    assert reply["usage"]["total_tokens"] > 0


async def test_models_come_from_the_upstream(browser):
    response = await browser.request("GET", "models")

    assert response.status_code == 200
    assert [m["id"] for m in response.json()["data"]] == ["stub-model"]


# -- who may use it, and where it goes


@pytest.mark.parametrize(
    ("method", "route", "headers"),
    [
        ("POST", "chat/completions", {}),
        ("POST", "chat/completions", {"Authorization": "token wrong"}),
        ("POST", "chat/completions", {"Authorization": f"Bearer {SECRET}"}),
        ("GET", "models", {}),
    ],
)
async def test_without_jupyter_auth_is_forbidden(browser, llm_stub, method, route, headers):
    body = {"messages": MESSAGES} if method == "POST" else None

    response = await browser.request(method, route, body, headers=headers, auth=False)

    assert response.status_code == 403
    assert llm_stub.state.requests() == []


async def test_cookie_without_xsrf_token_is_forbidden(browser, llm_stub, jp_serverapp):
    # A logged-in browser's cookie alone, as a cross-site form would send it.
    async with httpx.AsyncClient(timeout=10) as client:
        login = await client.get(
            browser.base + "login", params={"token": jp_serverapp.identity_provider.token}
        )
        assert login.cookies, "logging in with the token sets the session cookie"
        response = await client.post(
            browser.url("chat/completions"), content=json.dumps({"messages": MESSAGES})
        )

    assert response.status_code == 403
    assert llm_stub.state.requests() == []


async def test_the_server_adds_the_key_and_no_browser_header_goes_upstream(
    browser, llm_stub, jp_auth_header
):
    await browser.chat(model="stub-model")

    (upstream,) = llm_stub.state.requests()
    assert upstream["headers"]["authorization"] == f"Bearer {SECRET}"
    jupyter_token = jp_auth_header["Authorization"].split()[-1]
    assert jupyter_token not in json.dumps(upstream)
    assert upstream["body"] == {"messages": MESSAGES, "model": "stub-model"}


class TestClientCannotChooseTheUpstream:
    @pytest.fixture
    def decoy(self):
        server = StubServer().start()
        yield server
        server.stop()

    async def test_body_fields_headers_and_query(self, browser, llm_stub, decoy):
        routing = {
            "base_url": decoy.url,
            "api_base": decoy.url,
            "api_key": "sk-decoy",
            "url": decoy.url + "/chat/completions",
            "extra_headers": {"Authorization": "Bearer sk-decoy"},
        }
        headers = {"Host": "127.0.0.1", "X-Forwarded-Host": decoy.url, "OpenAI-Base-URL": decoy.url}

        response = await browser.request(
            "POST",
            f"chat/completions?base_url={decoy.url}",
            {"messages": MESSAGES, "temperature": 0, **routing},
            headers=headers,
        )

        assert response.status_code == 200
        assert decoy.state.requests() == []
        (upstream,) = llm_stub.state.requests()
        assert upstream["path"] == "/v1/chat/completions"
        assert upstream["body"] == {"messages": MESSAGES, "temperature": 0}
        assert upstream["headers"]["authorization"] == f"Bearer {SECRET}"

    @pytest.mark.parametrize(
        "route",
        [
            "chat/completions/../../../../x",
            "chat/completions/http://{decoy}",
            "models/..%2F..%2Fx",
            "http://{decoy}/chat/completions",
        ],
    )
    async def test_paths_lead_nowhere_else(self, browser, llm_stub, decoy, route):
        host = decoy.url.removeprefix("http://")

        response = await browser.request("POST", route.format(decoy=host), {"messages": []})

        assert response.status_code == 404
        assert decoy.state.requests() == []
        assert llm_stub.state.requests() == []


class TestModelsConfigured:
    @pytest.fixture
    def proxy_config(self):
        return {"llm_models": ["stub-model", "llama3"]}

    async def test_models_are_the_configured_ones(self, browser, llm_stub):
        response = await browser.request("GET", "models")

        assert [m["id"] for m in response.json()["data"]] == ["stub-model", "llama3"]
        assert llm_stub.state.requests() == []

    async def test_another_model_is_refused(self, browser, llm_stub):
        response = await browser.chat(model="gpt-5")

        assert response.status_code == 400
        error = error_of(response)
        assert error["code"] == "model_not_allowed"
        assert error["message"] == (
            "Model 'gpt-5' is not offered on this server; choose one of: stub-model, llama3."
        )
        assert llm_stub.state.requests() == []

    async def test_a_configured_model_passes(self, browser):
        assert (await browser.chat(model="llama3")).status_code == 200


async def test_a_body_over_the_limit_is_413(browser, llm_stub):
    huge = [{"role": "user", "content": "x" * (1024 * 1024)}]

    response = await browser.chat(messages=huge)

    assert response.status_code == 413
    assert error_of(response)["code"] == "request_too_large"
    assert llm_stub.state.requests() == []


async def test_a_body_that_is_not_a_json_object_is_400(browser, llm_stub):
    response = await browser.request("POST", "chat/completions", b"[1, 2")

    assert response.status_code == 400
    assert error_of(response)["code"] == "invalid_json"


class TestNoKey:
    @pytest.fixture
    def jp_server_config(self, llm_stub):
        return {
            "ServerApp": {"jpserver_extensions": {"jupyterlab_modernizer": True}},
            "ModernizerConfig": {"llm_base_url": llm_stub.url},
        }

    async def test_no_authorization_goes_upstream(self, browser, llm_stub):
        await browser.chat(model="llama3")

        (upstream,) = llm_stub.state.requests()
        assert "authorization" not in upstream["headers"]


# -- upstream failures


@pytest.mark.parametrize("stream", [False, True])
async def test_rate_limit_passes_retry_after_on(browser, llm_stub, stream):
    llm_stub.state.script({"fault": "429", "retry_after": 7})

    response = await browser.chat(stream=stream)

    assert response.status_code == 429
    assert response.headers["retry-after"] == "7"
    error = error_of(response)
    assert error["code"] == "llm_rate_limited"
    assert error["message"].startswith(
        "The LLM endpoint is rate limiting requests; retry after 7 s"
    )


async def test_upstream_failure_is_502(browser, llm_stub):
    llm_stub.state.script({"fault": "500"})

    response = await browser.chat(stream=True)

    assert response.status_code == 502
    error = error_of(response)
    assert error["code"] == "llm_upstream_error"
    assert error["message"].startswith("The LLM endpoint failed (HTTP 500).")


async def test_rejected_key_is_said_without_the_upstream_quoting_it(browser, llm_stub):
    # The stub, like OpenAI, quotes the key it got in its 401.
    llm_stub.state.script({"fault": "401"})

    response = await browser.chat()

    assert response.status_code == 502
    assert response.headers["x-should-retry"] == "false"
    error = error_of(response)
    assert error["code"] == "llm_key_rejected"
    assert error["message"].startswith("The LLM endpoint rejected the API key (HTTP 401).")


async def test_an_upstream_error_message_never_carries_the_key(browser, llm_stub):
    # The stub's 401 quotes the key; as a 400 the proxy passes its message on, scrubbed.
    llm_stub.state.script({"fault": "401", "status": 400})

    response = await browser.chat()

    assert response.status_code == 502
    error = error_of(response)
    assert error["code"] == "llm_request_refused"
    assert error["message"] == (
        "The LLM endpoint refused the request (HTTP 400). It said: Incorrect API key provided: ***."
    )


async def test_cut_stream_ends_with_an_error_event(browser, llm_stub):
    llm_stub.state.script({"fault": "cut", "content": "abcdefghijklmnop", "chunk_chars": 4})

    response, pieces = await browser.stream()

    assert response.status_code == 200
    data = sse_data("".join(p for _, p in pieces))
    assert content_of(data) == "abcdefgh"
    assert "[DONE]" not in data
    assert json.loads(data[-1])["error"]["code"] == "llm_stream_cut"


async def test_cut_reply_without_stream_is_502(browser, llm_stub):
    llm_stub.state.script({"fault": "cut"})

    response = await browser.chat()

    assert response.status_code == 502
    assert error_of(response)["code"] == "llm_stream_cut"


@pytest.mark.parametrize("fault", ["malformed", "empty"])
async def test_odd_streams_pass_through_unchanged(browser, llm_stub, fault):
    llm_stub.state.script({"fault": fault})

    response, pieces = await browser.stream()

    data = sse_data("".join(p for _, p in pieces))
    assert response.status_code == 200
    assert ("{not json" in data) == (fault == "malformed")
    assert content_of([d for d in data if d != "{not json"]) == (
        "stub reply" if fault == "malformed" else ""
    )
    assert data[-1] == "[DONE]"


class TestShortTimeout:
    @pytest.fixture
    def proxy_config(self):
        return {"llm_idle_timeout": 0.5}

    @pytest.mark.parametrize("stream", [False, True])
    async def test_stalled_upstream_is_504(self, browser, llm_stub, stream):
        llm_stub.state.script({"fault": "stall"})

        started = time.monotonic()
        response = await browser.chat(stream=stream)

        assert response.status_code == 504
        assert time.monotonic() - started < 2.5
        error = error_of(response)
        assert error["code"] == "llm_timeout"
        assert error["message"] == "The LLM endpoint did not answer within 0.5 s."

    async def test_a_stream_that_stops_midway_ends_with_an_error_event(self, browser, llm_stub):
        # The role chunk comes at once, the first character 1.5 s later: past the timeout.
        llm_stub.state.script({"content": "ab", "chunk_chars": 1, "delay_ms": 1500})

        response, pieces = await browser.stream()

        data = sse_data("".join(p for _, p in pieces))
        assert response.status_code == 200
        assert "[DONE]" not in data
        error = json.loads(data[-1])["error"]
        assert error["code"] == "llm_timeout"
        assert error["message"] == "The LLM endpoint stopped answering (nothing for 0.5 s)."


class TestUnreachable:
    @pytest.fixture
    def jp_server_config(self):
        with socket.socket() as free:
            free.bind(("127.0.0.1", 0))
            port = free.getsockname()[1]
        return {
            "ServerApp": {"jpserver_extensions": {"jupyterlab_modernizer": True}},
            "ModernizerConfig": {"llm_base_url": f"http://127.0.0.1:{port}/v1"},
        }

    @pytest.mark.parametrize("route", ["chat/completions", "models"])
    async def test_closed_port_is_502(self, browser, route):
        response = await browser.request(
            "POST" if route != "models" else "GET", route, {"messages": MESSAGES}
        )

        assert response.status_code == 502
        error = error_of(response)
        assert error["code"] == "llm_unreachable"
        assert error["message"].startswith("Cannot reach the LLM endpoint")


class TestNotConfigured:
    @pytest.fixture
    def jp_server_config(self):
        return {"ServerApp": {"jpserver_extensions": {"jupyterlab_modernizer": True}}}

    @pytest.mark.parametrize(("method", "route"), [("POST", "chat/completions"), ("GET", "models")])
    async def test_is_503_saying_what_to_set(self, browser, method, route):
        response = await browser.request(method, route, {"messages": MESSAGES})

        assert response.status_code == 503
        assert response.headers["x-should-retry"] == "false"
        error = error_of(response)
        assert error["code"] == "llm_not_configured"
        assert error["message"].startswith("No LLM configured: set OPENAI_BASE_URL")


@pytest.mark.parametrize(
    "reply",
    [
        {"fault": "stall"},  # before the upstream says anything
        {"content": "x" * 200, "chunk_chars": 1, "delay_ms": 50},  # mid-stream, 10 s long
    ],
)
async def test_a_browser_that_leaves_cancels_the_upstream_request(browser, llm_stub, reply):
    llm_stub.state.script(reply)
    browsing = asyncio.ensure_future(browser.stream())
    assert await wait_for(lambda: llm_stub.state.requests())
    await asyncio.sleep(0.2)

    browsing.cancel()  # closes the browser's connection

    assert await wait_for(lambda: llm_stub.state.requests()[0]["disconnected"], timeout=3)
    with pytest.raises(asyncio.CancelledError):
        await browsing


async def test_no_log_line_at_info_names_the_key(browser, llm_stub, jp_serverapp):
    lines = []
    handler = logging.Handler(logging.INFO)
    handler.emit = lambda record: lines.append(handler.format(record))
    loggers = [logging.getLogger(), jp_serverapp.log, logging.getLogger("tornado.access")]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        llm_stub.state.script({"fault": "401"}, {"fault": "429"}, {"fault": "cut"})
        await browser.chat()
        await browser.chat()
        await browser.stream()
        await browser.chat()
    finally:
        for logger in loggers:
            logger.removeHandler(handler)

    assert any("llm_key_rejected" in line for line in lines)
    assert not [line for line in lines if SECRET in line]


# -- secrets in replies, and requests past the limits

ENV_SECRET = "sk-other-service-in-env-5678"


@pytest.mark.parametrize("chunk_chars", [1, 5, 8, 1000])
async def test_a_stream_never_carries_the_key_even_split_over_chunks(
    browser, llm_stub, chunk_chars
):
    text = f"Your key is {SECRET}; as said: {SECRET}."
    llm_stub.state.script({"content": text, "chunk_chars": chunk_chars})

    response, pieces = await browser.stream()

    assert response.status_code == 200
    data = sse_data("".join(p for _, p in pieces))
    assert content_of(data) == "Your key is ***; as said: ***."
    assert data[-1] == "[DONE]"


async def test_a_stream_never_carries_an_sk_secret_of_the_environment(
    browser, llm_stub, monkeypatch
):
    monkeypatch.setenv("OTHER_SERVICE_TOKEN", ENV_SECRET)
    llm_stub.state.script({"content": f"env: {ENV_SECRET} ok", "chunk_chars": 3})

    response, pieces = await browser.stream()
    body = "".join(p for _, p in pieces)

    assert ENV_SECRET not in body
    assert content_of(sse_data(body)) == "env: *** ok"


async def test_a_whole_reply_never_carries_an_sk_secret_of_the_environment(
    browser, llm_stub, monkeypatch
):
    monkeypatch.setenv("OTHER_SERVICE_TOKEN", ENV_SECRET)
    llm_stub.state.script({"content": f"{SECRET} and {ENV_SECRET}"})

    response = await browser.chat()

    assert ENV_SECRET not in response.text
    assert response.json()["choices"][0]["message"]["content"] == "*** and ***"


async def test_text_that_only_starts_like_a_key_is_kept_and_still_streams_early(browser, llm_stub):
    # "sk-t" is the start of the key: held back until the next chunk shows it is not.
    text = "Ask sk-t later; this reply streams as it comes."
    llm_stub.state.script({"content": text, "chunk_chars": 4, "delay_ms": 60})

    response, pieces = await browser.stream()

    upstream = await finished_upstream(llm_stub)
    assert pieces[0][0] < upstream["finished_at"] - 0.3, "the first chunk waited for the last"
    assert content_of(sse_data("".join(p for _, p in pieces))) == text


async def test_a_cut_stream_still_masks_what_it_held_back(browser, llm_stub):
    llm_stub.state.script({"fault": "cut", "content": f"abc {SECRET} {SECRET}", "chunk_chars": 6})

    response, pieces = await browser.stream()

    body = "".join(p for _, p in pieces)
    data = sse_data(body)
    # Cut after "abc sk-test-do-not-leak-": most of the key, masked all the same.
    assert content_of(data) == "abc ***"
    assert SECRET[:12] not in body
    assert json.loads(data[-1])["error"]["code"] == "llm_stream_cut"


async def test_deeply_nested_json_is_400_not_500(browser, llm_stub):
    deep = b'{"messages": [], "metadata": ' + b"[" * 5000 + b"]" * 5000 + b"}"

    response = await browser.request("POST", "chat/completions", deep)

    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "json_too_deep"
    assert error["type"] == "invalid_request_error"
    assert "64 levels" in error["message"]
    assert llm_stub.state.requests() == []


async def test_json_nested_within_the_limit_passes(browser, llm_stub):
    schema = {"type": "object"}
    for _ in range(20):
        schema = {"type": "object", "properties": {"x": schema}}
    tools = [{"type": "function", "function": {"name": "f", "parameters": schema}}]

    response = await browser.chat(tools=tools)

    assert response.status_code == 200
