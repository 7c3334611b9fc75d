"""The stub LLM server speaks OpenAI's wire format and injects the faults it promises."""

import http.client
import json
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from llm_stub import StubServer

STUB = Path(__file__).with_name("llm_stub.py")


def request(server, method, path, body=None, headers=None, timeout=5):
    """(status, headers, body bytes) of one request; the connection is closed afterwards."""
    url = urlsplit(server.url if isinstance(server, StubServer) else server)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=timeout)
    try:
        data = json.dumps(body).encode() if body is not None else None
        connection.request(method, path, body=data, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


def chat(server, stream=False, **extra):
    body = {"model": "stub-model", "messages": [{"role": "user", "content": "hi"}], **extra}
    headers = {"Content-Type": "application/json"}
    return request(server, "POST", "/v1/chat/completions", {**body, "stream": stream}, headers)


def events(raw: bytes) -> list[str]:
    """The data of each SSE event, in order."""
    text = raw.decode()
    assert text.endswith("\n\n"), "an SSE stream ends with a blank line"
    return [line[len("data: ") :] for line in text.split("\n\n") if line]


def streamed_content(data: list[str]) -> str:
    chunks = [json.loads(d) for d in data if d != "[DONE]"]
    return "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks if c["choices"])


def test_models(llm_stub):
    status, _, body = request(llm_stub, "GET", "/v1/models")

    assert status == 200
    listing = json.loads(body)
    assert listing["object"] == "list"
    assert listing["data"][0]["id"] == "stub-model"
    assert listing["data"][0]["object"] == "model"


def test_completion_without_stream(llm_stub):
    llm_stub.state.script({"content": "Use .iloc instead of .ix"})

    status, headers, body = chat(llm_stub)

    assert status == 200
    assert headers["Content-Type"] == "application/json"
    reply = json.loads(body)
    assert reply["object"] == "chat.completion"
    assert reply["choices"][0]["message"] == {
        "role": "assistant",
        "content": "Use .iloc instead of .ix",
    }
    assert reply["choices"][0]["finish_reason"] == "stop"
    assert reply["usage"]["completion_tokens"] == len("Use .iloc instead of .ix") // 4
    assert reply["usage"]["total_tokens"] == sum(
        reply["usage"][k] for k in ("prompt_tokens", "completion_tokens")
    )


def test_stream_is_sse_chunks_then_done(llm_stub):
    llm_stub.state.script({"content": "abcdefghijklmnopqrst", "chunk_chars": 8})

    status, headers, body = chat(llm_stub, stream=True)

    assert status == 200
    assert headers["Content-Type"].startswith("text/event-stream")
    data = events(body)
    assert data[-1] == "[DONE]"
    chunks = [json.loads(d) for d in data[:-1]]
    assert all(c["object"] == "chat.completion.chunk" for c in chunks)
    deltas = [c["choices"][0]["delta"].get("content") for c in chunks]
    assert deltas == ["", "abcdefgh", "ijklmnop", "qrst", None]
    assert chunks[-1]["choices"][0]["finish_reason"] == "stop"
    assert not any("usage" in c for c in chunks)


def test_stream_ends_with_usage_when_asked(llm_stub):
    status, _, body = chat(llm_stub, stream=True, stream_options={"include_usage": True})

    data = events(body)
    last = json.loads(data[-2])
    assert status == 200
    assert last["choices"] == []
    assert last["usage"]["completion_tokens"] == len("stub reply") // 4
    assert streamed_content(data) == "stub reply"


def test_replies_are_consumed_in_order_then_the_default(llm_stub):
    status, _, _ = request(
        llm_stub, "POST", "/_stub/script", {"replies": [{"content": "one"}, {"content": "two"}]}
    )

    replies = [json.loads(chat(llm_stub)[2])["choices"][0]["message"]["content"] for _ in "123"]

    assert status == 200
    assert replies == ["one", "two", "stub reply"]


def test_requests_are_recorded_and_reset(llm_stub):
    chat(llm_stub, stream=True)

    _, _, body = request(llm_stub, "GET", "/_stub/requests")
    (recorded,) = json.loads(body)
    assert recorded["method"] == "POST"
    assert recorded["path"] == "/v1/chat/completions"
    assert recorded["body"]["messages"] == [{"role": "user", "content": "hi"}]
    assert recorded["headers"]["content-type"] == "application/json"
    assert not recorded["disconnected"]
    assert recorded["finished_at"] >= recorded["started_at"]

    request(llm_stub, "POST", "/_stub/script", {"replies": [{"content": "left over"}]})
    request(llm_stub, "POST", "/_stub/reset", {})
    assert json.loads(request(llm_stub, "GET", "/_stub/requests")[2]) == []
    assert json.loads(chat(llm_stub)[2])["choices"][0]["message"]["content"] == "stub reply"


class TestKey:
    @pytest.fixture
    def llm_stub(self):
        server = StubServer(key="sk-right").start()
        yield server
        server.stop()

    @pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer sk-wrong"}])
    def test_missing_or_wrong_key_is_401(self, llm_stub, headers):
        status, _, body = request(llm_stub, "GET", "/v1/models", headers=headers)

        assert status == 401
        assert json.loads(body)["error"]["code"] == "invalid_api_key"

    def test_right_key_passes(self, llm_stub):
        headers = {"Authorization": "Bearer sk-right"}

        assert request(llm_stub, "GET", "/v1/models", headers=headers)[0] == 200


def test_fault_429_says_when_to_retry(llm_stub):
    llm_stub.state.script({"fault": "429", "retry_after": 7})

    status, headers, body = chat(llm_stub, stream=True)

    assert status == 429
    assert headers["retry-after"] == "7"
    assert json.loads(body)["error"]["code"] == "rate_limit_exceeded"


def test_fault_500_and_a_status_of_its_own(llm_stub):
    llm_stub.state.script({"fault": "500"}, {"status": 503})

    assert chat(llm_stub)[0] == 500
    assert chat(llm_stub)[0] == 503
    assert chat(llm_stub)[0] == 200


def test_fault_401_quotes_the_key_it_got(llm_stub):
    llm_stub.state.script({"fault": "401"})

    status, _, body = request(
        llm_stub,
        "POST",
        "/v1/chat/completions",
        {"model": "m", "messages": []},
        {"Authorization": "Bearer sk-sent"},
    )

    assert status == 401
    assert "sk-sent" in json.loads(body)["error"]["message"]


def test_fault_stall_sends_headers_then_nothing_until_the_client_leaves(llm_stub):
    llm_stub.state.script({"fault": "stall"})
    url = urlsplit(llm_stub.url)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=0.3)
    connection.request("POST", "/v1/chat/completions", json.dumps({"stream": True}))
    response = connection.getresponse()

    assert response.status == 200
    with pytest.raises(TimeoutError):
        response.read(1)
    connection.close()
    assert wait_for(lambda: llm_stub.state.requests()[0]["disconnected"])


def test_fault_cut_closes_mid_stream(llm_stub):
    llm_stub.state.script({"fault": "cut", "content": "abcdefghijklmnop", "chunk_chars": 4})

    with pytest.raises(http.client.IncompleteRead) as cut:
        chat(llm_stub, stream=True)

    data = events(cut.value.partial)
    assert "[DONE]" not in data
    assert streamed_content(data) == "abcdefgh"


def test_faults_without_stream(llm_stub):
    llm_stub.state.script({"fault": "cut"}, {"fault": "malformed"}, {"fault": "stall"})

    with pytest.raises(http.client.IncompleteRead):
        chat(llm_stub)
    assert chat(llm_stub)[2] == b"{not json"
    with pytest.raises(TimeoutError):
        request(llm_stub, "POST", "/v1/chat/completions", {"messages": []}, timeout=0.3)
    assert wait_for(lambda: llm_stub.state.requests()[2]["disconnected"])


def test_fault_malformed_sends_a_data_line_that_is_not_json(llm_stub):
    llm_stub.state.script({"fault": "malformed"})

    data = events(chat(llm_stub, stream=True)[2])

    assert "{not json" in data
    assert data[-1] == "[DONE]"


def test_fault_empty_streams_no_content(llm_stub):
    llm_stub.state.script({"fault": "empty", "content": "ignored"})

    data = events(chat(llm_stub, stream=True)[2])

    assert streamed_content(data) == ""
    assert data[-1] == "[DONE]"


def test_command_line_prints_its_url_and_serves(tmp_path):
    stub = subprocess.Popen(
        [sys.executable, str(STUB), "--port", "0", "--key", "k"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = stub.stdout.readline()
        url = json.loads(line)["url"]
        assert line == json.dumps({"url": url}) + "\n"
        assert url.startswith("http://127.0.0.1:") and url.endswith("/v1")
        status, _, _ = request(url, "GET", "/v1/models", headers={"Authorization": "Bearer k"})
        assert status == 200
    finally:
        stub.terminate()
        stub.wait(timeout=10)


def wait_for(condition, timeout=3.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False
