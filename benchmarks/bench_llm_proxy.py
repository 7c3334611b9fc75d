"""Latency the LLM proxy adds: time to first token through modernizer/v1 against the upstream.

The script starts the stub LLM server (tests/llm_stub.py) and a real `jupyter server` whose
modernizer extension points at it (OPENAI_BASE_URL, a dummy OPENAI_API_KEY), then sends the
same streamed chat completion ("stream": true) two ways, round by round:

  direct   POST {stub}/v1/chat/completions
  proxy    POST {server}/modernizer/v1/chat/completions  (Authorization: token T)

The client is the standard library's http.client, one persistent HTTP/1.1 connection per side,
reading the SSE body line by line as it arrives. Time to first token (TTFT) runs from sending
the request to the first `data:` line whose delta carries non-empty content (the stub's first
chunk, the assistant role with "", does not count). The two sides alternate within a round and
the one that goes first changes every round. Figures: median and p90 TTFT of each side, and the
median of the per-round difference proxy - direct (target <= 20 ms). Then the total time of a
whole 2 KB reply (16 characters per chunk, 128 chunks) both ways, to [DONE] and the end of the
body.

The stub runs with TCP_NODELAY on its sockets, as LLM servers do (asyncio servers such as
uvicorn and Go's net/http set it by default). Without it, the stub writes each SSE chunk with
Nagle's algorithm on and, over a reused connection, the client's delayed ACK holds its first
content chunk back by about 40 ms: the direct side would measure that instead of the stub.
`--stub-nagle` keeps the stub as it is, to see it.

    .venv/bin/python benchmarks/bench_llm_proxy.py [--rounds 50] [--full-rounds 10] [--output F]

Needs the extension installed in the venv (`make install`); takes about 3 s, 2 of them to start
the server. `make bench` runs it after bench_check.py.
"""

import argparse
import http.client
import json
import os
import secrets
import select
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
STUB = os.path.join(ROOT, "tests", "llm_stub.py")
VENV_BIN = os.path.join(ROOT, ".venv", "bin")

# tests/llm_stub.py's main(), with or without TCP_NODELAY on the connections it accepts.
STUB_MAIN = (
    "import sys; sys.path.insert(0, sys.argv.pop(1)); import llm_stub; {}sys.exit(llm_stub.main())"
)
STUB_NAGLE = STUB_MAIN.format("")
STUB_NODELAY = STUB_MAIN.format("llm_stub.StubHandler.disable_nagle_algorithm = True; ")

TARGET_TTFT_MS = 20.0
API_KEY = "sk-bench-not-a-real-key"
REQUEST = {
    "model": "stub-model",
    "messages": [{"role": "user", "content": "Say something."}],
    "stream": True,
}


def environment():
    env = dict(os.environ)
    paths = [VENV_BIN, env.get("PATH", "")]
    env["PATH"] = os.pathsep.join(p for p in paths if p)
    env.pop("JUPYTER_TOKEN", None)
    return env


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop_process(process, timeout=15):
    """SIGTERM, then SIGKILL if the process is still there after `timeout` seconds."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def tail(path, size=3000):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()[-size:]
    except OSError:
        return ""


class Stub:
    """tests/llm_stub.py in a process of its own, on a free port."""

    def __init__(self, log_dir, nagle=False):
        self.log_path = os.path.join(log_dir, "stub.log")
        self.log = open(self.log_path, "wb")  # noqa: SIM115 (closed in stop())
        # A session of its own: Ctrl+C reaches this script only, which stops the stub.
        launcher = STUB_NAGLE if nagle else STUB_NODELAY
        self.process = subprocess.Popen(
            [sys.executable, "-c", launcher, os.path.dirname(STUB), "--port", "0"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=self.log,
            start_new_session=True,
        )
        self.url = None

    def wait(self, timeout=15.0):
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        line = self.process.stdout.readline() if ready else b""
        try:
            self.url = json.loads(line)["url"].rstrip("/") + "/"
        except (ValueError, KeyError, TypeError):
            self.stop()
            raise RuntimeError(
                f"the stub LLM server did not start:\n{tail(self.log_path)}"
            ) from None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.url}models", timeout=2) as reply:
                    if reply.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"the stub LLM server does not answer:\n{tail(self.log_path)}")

    def script(self, *replies):
        """Queue the stub's next replies (GET/POST outside the timed requests)."""
        origin = urlsplit(self.url)
        request = urllib.request.Request(
            f"{origin.scheme}://{origin.netloc}/_stub/script",
            data=json.dumps({"replies": list(replies)}).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=5) as reply:
            reply.read()

    def callers(self):
        """How many chat completions the stub served, by User-Agent family."""
        origin = urlsplit(self.url)
        with urllib.request.urlopen(
            f"{origin.scheme}://{origin.netloc}/_stub/requests", timeout=5
        ) as reply:
            requests = json.load(reply)
        counts = {}
        for request in requests:
            if request["path"].endswith("/chat/completions"):
                agent = request["headers"].get("user-agent", "-").split("/")[0]
                counts[agent] = counts.get(agent, 0) + 1
        return counts

    def stop(self):
        stop_process(self.process, timeout=5)
        self.process.stdout.close()
        self.log.close()


class Server:
    """A `jupyter server` with the modernizer extension, its LLM upstream the stub."""

    def __init__(self, root_dir, env, log_dir, upstream):
        self.token = secrets.token_hex(24)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log_path = os.path.join(log_dir, "server.log")
        args = [
            shutil.which("jupyter", path=env["PATH"]) or "jupyter",
            "server",
            "--ServerApp.open_browser=False",
            f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.root_dir={root_dir}",
            f"--IdentityProvider.token={self.token}",
            "--ServerApp.jpserver_extensions=jupyterlab_modernizer=True",
        ]
        if hasattr(os, "getuid") and os.getuid() == 0:
            args.append("--allow-root")
        env = dict(env, OPENAI_BASE_URL=upstream, OPENAI_API_KEY=API_KEY)
        self.log = open(self.log_path, "wb")  # noqa: SIM115 (closed in stop())
        self.process = subprocess.Popen(
            args,
            cwd=root_dir,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def _get(self, path):
        request = urllib.request.Request(
            f"{self.url}{path}", headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(request, timeout=2) as reply:
            return reply.status, reply.read()

    def wait(self, timeout=60.0):
        deadline = time.monotonic() + timeout
        problem = "the Jupyter server did not start"
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                status, raw = self._get("modernizer/status")
            except urllib.error.HTTPError as error:
                if error.code == 404:
                    problem = "the modernizer server extension is not loaded"
                time.sleep(0.2)
                continue
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.2)
                continue
            if status == 200 and json.loads(raw)["llm"]["configured"]:
                return
            problem = "the modernizer extension sees no LLM upstream"
            break
        self.stop()
        raise RuntimeError(f"{problem}:\n{tail(self.log_path)}")

    def stop(self):
        stop_process(self.process)
        self.log.close()


class Side:
    """One way to the chat completions, over one persistent HTTP/1.1 connection."""

    def __init__(self, name, url, headers=None):
        parts = urlsplit(url)
        self.name = name
        self.path = parts.path
        self.headers = {
            "Content-Type": "application/json",
            "User-Agent": "bench_llm_proxy",
            **(headers or {}),
        }
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)

    def stream(self, body):
        """(seconds to the first content delta, seconds to the end, the content received)."""
        data = json.dumps(body).encode()
        started = time.perf_counter()
        self.connection.request("POST", self.path, body=data, headers=self.headers)
        response = self.connection.getresponse()
        if response.status != 200:
            raise RuntimeError(f"{self.name}: HTTP {response.status}: {response.read()[:500]!r}")
        first, done, parts = None, False, []
        while line := response.readline():
            if not line.startswith(b"data:"):
                continue
            payload = line[5:].strip()
            if payload == b"[DONE]":
                done = True
                continue
            event = json.loads(payload)
            if "error" in event:
                raise RuntimeError(f"{self.name}: error event {event['error']}")
            for choice in event.get("choices") or []:
                content = (choice.get("delta") or {}).get("content")
                if content:
                    if first is None:
                        first = time.perf_counter() - started
                    parts.append(content)
        total = time.perf_counter() - started
        if first is None or not done:
            raise RuntimeError(f"{self.name}: the stream had no content or no [DONE]")
        return first, total, "".join(parts)

    def close(self):
        self.connection.close()


def p90(values):
    return statistics.quantiles(values, n=10, method="inclusive")[-1]


def ms(seconds):
    return seconds * 1000


def reply_text(size):
    words = "the proxy passes each chunk on as it comes "
    return (words * (size // len(words) + 1))[:size]


def rounds_of(sides, rounds, request, before=None):
    """Per side, the (first, total) of each round; the order alternates round by round."""
    times = {side.name: [] for side in sides}
    for number in range(rounds):
        order = sides if number % 2 == 0 else sides[::-1]
        for side in order:
            expected = before() if before else None
            first, total, content = side.stream(request)
            if expected is not None and content != expected:
                raise RuntimeError(f"{side.name}: got {len(content)} characters, not the reply")
            times[side.name].append((first, total))
    return times


def interrupted(signum, frame):
    raise KeyboardInterrupt


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=50, help="TTFT rounds (default 50)")
    parser.add_argument("--warmup", type=int, default=5, help="unmeasured rounds (default 5)")
    parser.add_argument(
        "--full-rounds", type=int, default=10, help="rounds of the whole 2 KB reply (default 10)"
    )
    parser.add_argument(
        "--reply-bytes", type=int, default=2048, help="size of the whole reply (default 2048)"
    )
    parser.add_argument(
        "--chunk-chars", type=int, default=16, help="characters per chunk of it (default 16)"
    )
    parser.add_argument(
        "--stub-nagle",
        action="store_true",
        help="leave Nagle's algorithm on in the stub (its default), see above",
    )
    parser.add_argument("--output", help="also write the figures as JSON to this file")
    args = parser.parse_args()
    if args.rounds < 2 or args.full_rounds < 1:
        parser.error("--rounds must be at least 2 and --full-rounds at least 1")

    # Ctrl+C or SIGTERM (even when started with SIGINT ignored) ends the run through the
    # `finally` below, which stops the stub and the server (each in a session of its own).
    signal.signal(signal.SIGINT, interrupted)
    signal.signal(signal.SIGTERM, interrupted)
    env = environment()
    if not shutil.which("jupyter", path=env["PATH"]):
        sys.exit("bench_llm_proxy: needs jupyter in .venv (run `make install`)")

    stub = server = None
    sides = []
    started = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory(prefix="bench-llm-proxy-") as tmp:
            try:
                stub = Stub(tmp, nagle=args.stub_nagle)
                stub.wait()
                server = Server(tmp, env, tmp, stub.url)
                server.wait()
                direct = Side("direct", f"{stub.url}chat/completions")
                proxy = Side(
                    "proxy",
                    f"{server.url}modernizer/v1/chat/completions",
                    {"Authorization": f"token {server.token}"},
                )
                sides = [direct, proxy]
                print(f"stub: {stub.url}   server: {server.url} (both started by this script)")
                print("client: http.client, one persistent HTTP/1.1 connection per side")
                print(f"stub: TCP_NODELAY {'off (--stub-nagle)' if args.stub_nagle else 'on'}")
                ready = time.perf_counter() - started

                rounds_of(sides, args.warmup, REQUEST)
                ttft = rounds_of(sides, args.rounds, REQUEST)

                text = reply_text(args.reply_bytes)

                def script():
                    stub.script({"content": text, "chunk_chars": args.chunk_chars})
                    return text

                full = rounds_of(sides, args.full_rounds, REQUEST, before=script)
                callers = stub.callers()
            finally:
                # A second Ctrl+C must not leave the server running.
                signal.signal(signal.SIGINT, signal.SIG_IGN)
                signal.signal(signal.SIGTERM, signal.SIG_IGN)
                for side in sides:
                    side.close()
                if server:
                    server.stop()
                if stub:
                    stub.stop()
    except KeyboardInterrupt:
        sys.exit("bench_llm_proxy: interrupted; stub and server stopped")
    elapsed = time.perf_counter() - started

    first = {name: [ms(f) for f, _ in values] for name, values in ttft.items()}
    whole = {name: [ms(t) for _, t in values] for name, values in full.items()}
    extra = [p - d for d, p in zip(first["direct"], first["proxy"], strict=True)]
    extra_whole = [p - d for d, p in zip(whole["direct"], whole["proxy"], strict=True)]
    paired = statistics.median(extra)
    ok = paired <= TARGET_TTFT_MS

    print(f"start-up {ready:.1f} s, whole run {elapsed:.1f} s")
    each = args.warmup + args.rounds + args.full_rounds
    seen = ", ".join(f"{n} from {agent}" for agent, n in sorted(callers.items()))
    print(f"the stub served {seen} ({each} requests per side sent)")
    print()
    n = len(first["direct"])
    print(
        f"{'TTFT, ms (' + str(n) + ' rounds)':<34} {'median':>8} {'p90':>8} {'min':>8} {'max':>8}"
    )
    for name in ("direct", "proxy"):
        v = first[name]
        print(f"{name:<34} {statistics.median(v):8.2f} {p90(v):8.2f} {min(v):8.2f} {max(v):8.2f}")
    print(f"{'proxy - direct, per round':<34} {paired:8.2f} {p90(extra):8.2f}")
    print()
    label = f"whole {args.reply_bytes} B reply, {args.chunk_chars} chars/chunk, ms"
    print(f"{label:<50} {'median':>8} {'min':>8} {'max':>8}")
    for name in ("direct", "proxy"):
        v = whole[name]
        print(f"{name:<50} {statistics.median(v):8.2f} {min(v):8.2f} {max(v):8.2f}")
    print(f"{'proxy - direct, per round':<50} {statistics.median(extra_whole):8.2f}")
    print()
    result = "PASS" if ok else "over"
    print(
        f"TTFT added by the proxy (median of per-round differences): {paired:.2f} ms"
        f"   target <= {TARGET_TTFT_MS:.0f} ms   {result}"
    )

    if args.output:
        figures = {
            "rounds": args.rounds,
            "full_rounds": args.full_rounds,
            "client": "http.client, persistent connection per side",
            "stub_nodelay": not args.stub_nagle,
            "ttft_ms": first,
            "ttft_median_ms": {k: statistics.median(v) for k, v in first.items()},
            "ttft_p90_ms": {k: p90(v) for k, v in first.items()},
            "ttft_extra_median_ms": paired,
            "whole_reply": {"bytes": args.reply_bytes, "chunk_chars": args.chunk_chars},
            "whole_ms": whole,
            "whole_median_ms": {k: statistics.median(v) for k, v in whole.items()},
            "whole_extra_median_ms": statistics.median(extra_whole),
            "target_ttft_extra_ms": TARGET_TTFT_MS,
            "pass": ok,
        }
        with open(args.output, "w", encoding="utf-8") as f:
            json.dump(figures, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()
