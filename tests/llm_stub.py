"""An OpenAI-compatible LLM server that replies from a script: the tests' stand-in for a paid LLM.

Standalone (Python standard library only):

    python tests/llm_stub.py [--port 0] [--key KEY] [--host 127.0.0.1]

prints one line, ``{"url": "http://127.0.0.1:PORT/v1"}``, once it listens. Routes:

- ``GET /v1/models``, ``POST /v1/chat/completions`` (streamed over SSE or not), in OpenAI's
  wire format; with ``--key``, a missing or wrong ``Authorization: Bearer KEY`` gives 401.
- ``POST /_stub/script`` ``{"replies": [REPLY, ...]}`` queues replies; each chat request takes
  the next one, or "stub reply" when none is left. REPLY fields, all optional:
  ``content``; ``chunk_chars`` (characters per streamed chunk, 8); ``delay_ms`` (before each
  chunk, 0); ``fault``: "429" (with a ``retry-after`` of ``retry_after`` seconds), "500",
  "401", "stall" (a stream's headers, then nothing until the client leaves or ``stall_s``
  pass; without stream, nothing at all), "cut" (half the content, then the connection
  closes), "malformed" (a data line that is not JSON; without stream, a body that is not
  JSON), "empty" (no content); ``status`` (the error status of a fault, or an error
  reply of its own when there is no fault).
- ``GET /_stub/requests``: every /v1 request so far (method, path, lower-case headers, JSON
  body, ``disconnected`` when the client left before the reply ended, start and end times).
- ``POST /_stub/reset``: empties the queue and the records.
"""

import argparse
import json
import select
import socket
import sys
import threading
import time
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MODEL = "stub-model"
DEFAULT_CONTENT = "stub reply"
FAULT_STATUS = {"429": 429, "500": 500, "401": 401}


class StubState:
    """The script and the records, shared by the server's threads and the tests."""

    def __init__(self, key: str | None = None):
        self.key = key
        self.stopping = threading.Event()
        self._lock = threading.Lock()
        self._replies: deque[dict] = deque()
        self._requests: list[dict] = []

    def script(self, *replies: dict) -> None:
        """Queue replies for the next chat completions, in order."""
        with self._lock:
            self._replies.extend(dict(reply) for reply in replies)

    def next_reply(self) -> dict:
        with self._lock:
            return self._replies.popleft() if self._replies else {}

    def record(self, entry: dict) -> dict:
        with self._lock:
            self._requests.append(entry)
        return entry

    def requests(self) -> list[dict]:
        """A copy of every /v1 request so far."""
        with self._lock:
            return json.loads(json.dumps(self._requests))

    def reset(self) -> None:
        with self._lock:
            self._replies.clear()
            self._requests.clear()


def approx_tokens(text: str) -> int:
    return max(1, len(text) // 4) if text else 0


def prompt_text(body: dict) -> str:
    messages = body.get("messages") if isinstance(body, dict) else None
    if not isinstance(messages, list):
        return ""
    return "".join(json.dumps(m.get("content", "")) for m in messages if isinstance(m, dict))


def error_body(message: str, type_: str, code: str | None = None) -> dict:
    return {"error": {"message": message, "type": type_, "param": None, "code": code}}


class StubHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: "StubServer"

    def log_message(self, format, *args):  # noqa: A002 - the base class's signature
        pass

    @property
    def state(self) -> StubState:
        return self.server.state

    # -- routing

    def do_GET(self):
        if self.path == "/_stub/requests":
            self._send_json(200, self.state.requests())
        elif self.path == "/v1/models":
            entry = self._record(None)
            if self._authorized():
                self._send_json(200, models_list())
            entry["finished_at"] = time.time()
        else:
            self._send_json(404, error_body(f"No route {self.path}", "invalid_request_error"))

    def do_POST(self):
        body = self._read_json()
        if self.path == "/_stub/script":
            replies = body.get("replies", []) if isinstance(body, dict) else []
            self.state.script(*replies)
            self._send_json(200, {"queued": len(replies)})
        elif self.path == "/_stub/reset":
            self.state.reset()
            self._send_json(200, {"reset": True})
        elif self.path == "/v1/chat/completions":
            entry = self._record(body)
            try:
                if self._authorized():
                    self._chat(body if isinstance(body, dict) else {}, entry)
            except OSError:  # the client went away mid-reply
                entry["disconnected"] = True
                self.close_connection = True
            entry["finished_at"] = time.time()
        else:
            self._send_json(404, error_body(f"No route {self.path}", "invalid_request_error"))

    # -- chat completions

    def _chat(self, body: dict, entry: dict) -> None:
        reply = self.state.next_reply()
        fault = reply.get("fault")
        status = reply.get("status") or FAULT_STATUS.get(fault)
        if status:
            self._send_error_reply(int(status), fault, reply)
            return
        content = str(reply.get("content", DEFAULT_CONTENT))
        if fault == "empty":
            content = ""
        if not body.get("stream"):
            self._reply_whole(body, content, fault, reply, entry)
            return
        self._start_stream()
        if fault == "stall":
            self._stall(float(reply.get("stall_s", 60)), entry)
            return
        chunks = split(content, int(reply.get("chunk_chars", 8)))
        if fault == "cut":
            chunks = chunks[: max(1, len(chunks) // 2)]
        self._send_event(chunk(body, {"role": "assistant", "content": ""}))
        for piece in chunks:
            self._sleep(reply.get("delay_ms", 0), entry)
            self._send_event(chunk(body, {"content": piece}))
        if fault == "cut":
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
            return
        if fault == "malformed":
            self._send_data("{not json")
        self._send_event(chunk(body, {}, finish_reason="stop"))
        options = body.get("stream_options") or {}
        if options.get("include_usage"):
            self._send_event({**chunk(body, None), "usage": usage(body, content)})
        self._send_data("[DONE]")
        self._send_chunk(b"")

    def _reply_whole(self, body: dict, content: str, fault, reply: dict, entry: dict) -> None:
        """A reply without stream; "stall" sends nothing, "cut" half the body."""
        if fault == "stall":
            self._stall(float(reply.get("stall_s", 60)), entry)
            return
        self._sleep(reply.get("delay_ms", 0), entry)
        if fault == "malformed":
            data = b"{not json"
        else:
            data = json.dumps(completion(body, content)).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if fault == "cut":
            self.wfile.write(data[: len(data) // 2])
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
            return
        self.wfile.write(data)

    def _send_error_reply(self, status: int, fault: str | None, reply: dict) -> None:
        headers = {}
        kind = fault or str(status)
        if kind == "429":
            headers["retry-after"] = str(reply.get("retry_after", 1))
            error = error_body("Rate limit reached for requests", "requests", "rate_limit_exceeded")
        elif kind == "401":
            error = self._key_error()
        else:
            error = error_body("The server had an error processing your request.", "server_error")
        self._send_json(status, error, headers)

    def _authorized(self) -> bool:
        if self.state.key is None or self._bearer() == self.state.key:
            return True
        self._send_json(401, self._key_error())
        return False

    def _bearer(self) -> str:
        value = self.headers.get("Authorization", "")
        return value[len("Bearer ") :] if value.startswith("Bearer ") else value

    def _key_error(self) -> dict:
        # Like OpenAI, the message names the key it got: a proxy must not pass it on.
        return error_body(
            f"Incorrect API key provided: {self._bearer()}.",
            "invalid_request_error",
            "invalid_api_key",
        )

    def _stall(self, seconds: float, entry: dict) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not self.state.stopping.is_set():
            if self._client_gone(0.05):
                entry["disconnected"] = True
                break
        self.close_connection = True

    def _sleep(self, delay_ms, entry: dict) -> None:
        """Wait between chunks; a client that leaves meanwhile raises like a failed write."""
        deadline = time.monotonic() + float(delay_ms or 0) / 1000
        while (left := deadline - time.monotonic()) > 0:
            if self._client_gone(min(left, 0.05)):
                raise ConnectionResetError("client disconnected")

    def _client_gone(self, timeout: float) -> bool:
        readable, _, _ = select.select([self.connection], [], [], timeout)
        if not readable:
            return False
        try:
            return self.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True

    # -- wire

    def _record(self, body) -> dict:
        return self.state.record(
            {
                "method": self.command,
                "path": self.path,
                "headers": {name.lower(): value for name, value in self.headers.items()},
                "body": body,
                "disconnected": False,
                "started_at": time.time(),
                "finished_at": None,
            }
        )

    def _read_json(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            return json.loads(raw) if raw else None
        except ValueError:
            return None

    def _send_json(self, status: int, payload, headers: dict | None = None) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def _start_stream(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.flush()

    def _send_event(self, payload: dict) -> None:
        self._send_data(json.dumps(payload))

    def _send_data(self, data: str) -> None:
        self._send_chunk(f"data: {data}\n\n".encode())

    def _send_chunk(self, data: bytes) -> None:
        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()


def split(text: str, size: int) -> list[str]:
    size = max(1, size)
    return [text[i : i + size] for i in range(0, len(text), size)]


def models_list() -> dict:
    model = {"id": MODEL, "object": "model", "created": 0, "owned_by": "stub"}
    return {"object": "list", "data": [model]}


def usage(body: dict, content: str) -> dict:
    prompt, completion_ = approx_tokens(prompt_text(body)), approx_tokens(content)
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion_,
        "total_tokens": prompt + completion_,
    }


def completion(body: dict, content: str) -> dict:
    return {
        "id": "chatcmpl-stub",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model") or MODEL,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
        "usage": usage(body, content),
    }


def chunk(body: dict, delta: dict | None, finish_reason: str | None = None) -> dict:
    choices = (
        [] if delta is None else [{"index": 0, "delta": delta, "finish_reason": finish_reason}]
    )
    return {
        "id": "chatcmpl-stub",
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": body.get("model") or MODEL,
        "choices": choices,
    }


class StubServer(ThreadingHTTPServer):
    """The stub on a port of its own; ``start()`` serves it from a background thread."""

    daemon_threads = True

    def __init__(self, host: str = "127.0.0.1", port: int = 0, key: str | None = None):
        super().__init__((host, port), StubHandler)
        self.state = StubState(key)
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/v1"

    def start(self) -> "StubServer":
        self._thread = threading.Thread(target=self.serve_forever, args=(0.05,), daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self.state.stopping.set()
        self.shutdown()
        self.server_close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="OpenAI-compatible stub LLM server for tests.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--key", default=None, help="require Authorization: Bearer KEY")
    args = parser.parse_args(argv)
    server = StubServer(args.host, args.port, args.key)
    print(json.dumps({"url": server.url}), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.state.stopping.set()
        server.server_close()


if __name__ == "__main__":
    sys.exit(main())
