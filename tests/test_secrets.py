"""Masking the server's secrets in text that arrives in pieces, split anywhere."""

import json

import pytest

from jupyterlab_modernizer.secrets import StreamScrubber, TextScrubber, server_secrets

KEY = "sk-test-do-not-leak-1234"


def event(content: str | None = None, finish: str | None = None) -> bytes:
    delta = {} if content is None else {"content": content}
    chunk = {"id": "c", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    return f"data: {json.dumps(chunk)}\n\n".encode()


def replay(scrubber: StreamScrubber, raw: bytes, size: int) -> bytes:
    out = b"".join(scrubber.feed(raw[i : i + size]) for i in range(0, len(raw), size))
    return out + scrubber.flush()


def content(raw: bytes) -> str:
    events = [e[len("data: ") :] for e in raw.decode().split("\n\n") if e]
    chunks = [json.loads(e) for e in events if e != "[DONE]"]
    return "".join(c["choices"][0]["delta"].get("content", "") for c in chunks)


@pytest.mark.parametrize("size", [1, 2, 7, 13, 64, 100_000])
@pytest.mark.parametrize("chars", [1, 3, 5, 40])
def test_a_key_split_over_events_and_bytes_is_masked(size, chars):
    text = f"key {KEY}, again {KEY}, then: s"
    raw = b"".join(event(text[i : i + chars]) for i in range(0, len(text), chars))
    raw += event(finish="stop") + b"data: [DONE]\n\n"

    out = replay(StreamScrubber([KEY], sse=True), raw, size)

    assert KEY.encode() not in out
    assert content(out) == "key ***, again ***, then: s"
    assert out.endswith(b"data: [DONE]\n\n")


def test_held_text_of_a_stream_without_finish_comes_before_done():
    raw = event("ends with sk-te") + b"data: [DONE]\n\n"

    out = replay(StreamScrubber([KEY], sse=True), raw, 5)

    assert content(out) == "ends with sk-te"
    assert out.endswith(b"data: [DONE]\n\n")


def test_most_of_a_key_at_the_end_of_a_stream_is_masked():
    out = replay(StreamScrubber([KEY], sse=True), event(f"cut at {KEY[:-3]}"), 4)

    assert content(out) == "cut at ***"


def test_events_without_a_secret_pass_byte_for_byte():
    raw = event("plain text") + b"data: {not json\n\n" + b"data: [DONE]\n\n"

    assert replay(StreamScrubber([KEY], sse=True), raw, 3) == raw


@pytest.mark.parametrize("size", [1, 4, 1000])
def test_a_raw_stream_is_masked_across_pieces(size):
    raw = f"é {KEY} ü {KEY[:5]}".encode()

    out = replay(StreamScrubber([KEY], sse=False), raw, size)

    assert out == f"é *** ü {KEY[:5]}".encode()


def test_only_a_possible_start_of_a_secret_is_held_back():
    text = TextScrubber([KEY])

    assert text.feed("no secret here\n") == "no secret here\n"
    assert text.feed("a task") == "a ta"
    assert text.feed("-list") == "sk-list"


def test_the_secrets_are_the_key_and_sk_tokens_of_config_and_environment():
    environ = {"HOME": "/root", "TOOL": "token=sk-from-environment-99", "SHORT": "sk-abc"}

    found = server_secrets(KEY, ["http://x/v1?k=sk-in-the-base-url-7"], environ)

    assert sorted(found) == sorted([KEY, "sk-from-environment-99", "sk-in-the-base-url-7"])
    assert server_secrets("ollama", [], {}) == []
