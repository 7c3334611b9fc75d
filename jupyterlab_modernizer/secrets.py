"""Keeping the server's secrets out of what the browser gets: whole replies and streams.

The secrets are the configured key and every ``sk-``-shaped token the server holds in its
config or environment. A stream is scrubbed as it passes: an SSE event goes on once it is
complete, and text inside the events (a delta's ``content``, say) is scrubbed across events,
holding back only a tail that could still be the start of a secret.
"""

import json
import os
import re

# A key this short (a placeholder like "ollama") is no secret; hiding it would mangle text.
MIN_SCRUBBED_KEY = 8
MASK = "***"
SECRET_SHAPE = re.compile(r"sk-[A-Za-z0-9_\-]{8,}")
EVENT_END = re.compile(r"\r?\n\r?\n")


def server_secrets(api_key: str, config_values=(), environ=None) -> list[str]:
    """The configured key and every sk-shaped token in the config values and environment."""
    environ = os.environ if environ is None else environ
    found = {api_key} if len(api_key) >= MIN_SCRUBBED_KEY else set()
    for value in [*config_values, *environ.values()]:
        if isinstance(value, str):
            found.update(SECRET_SHAPE.findall(value))
    # Longest first: a secret that holds another is masked whole.
    return sorted(found, key=len, reverse=True)


def scrub(text: str, secrets: list[str]) -> str:
    """The text with every secret masked."""
    for secret in secrets:
        text = text.replace(secret, MASK)
    return text


def held_tail(text: str, secrets: list[str]) -> int:
    """How many characters at the end of ``text`` could be the start of a secret."""
    longest = max((len(s) for s in secrets), default=1)
    for size in range(min(longest - 1, len(text)), 0, -1):
        tail = text[-size:]
        if any(secret.startswith(tail) for secret in secrets):
            return size
    return 0


class TextScrubber:
    """One text that arrives in pieces: masks secrets, even one split over two pieces."""

    def __init__(self, secrets: list[str]):
        self.secrets = secrets
        self.held = ""

    def feed(self, piece: str) -> str:
        text = scrub(self.held + piece, self.secrets)
        keep = held_tail(text, self.secrets)
        self.held = text[len(text) - keep :]
        return text[: len(text) - keep]

    def flush(self) -> str:
        """The held tail: kept when short ("sk-"), masked when it is most of a secret."""
        text, self.held = self.held, ""
        return MASK if len(text) >= MIN_SCRUBBED_KEY else text


class StreamScrubber:
    """A streamed reply's bytes with the secrets masked; ``flush()`` at the end of the stream."""

    def __init__(self, secrets: list[str], sse: bool):
        self.secrets = secrets
        self.sse = sse
        self._pending = b""  # a UTF-8 sequence cut at the end of a piece
        self._buffer = ""  # an SSE event not yet complete
        self._raw = TextScrubber(secrets)
        self._texts: dict[tuple, TextScrubber] = {}
        self._template: dict = {}

    def feed(self, piece: bytes) -> bytes:
        if not self.secrets:
            return piece
        text, self._pending = _decode_complete(self._pending + piece)
        if not self.sse:
            return self._raw.feed(text).encode()
        self._buffer += text
        out = []
        while match := EVENT_END.search(self._buffer):
            event, self._buffer = self._buffer[: match.end()], self._buffer[match.end() :]
            out.append(self._event(event))
        return "".join(out).encode()

    def flush(self) -> bytes:
        """What is still held: an unfinished event, text that only looked like a key's start."""
        if not self.secrets:
            return b""
        rest = self._pending.decode(errors="replace")
        self._pending = b""
        if not self.sse:
            return scrub(self._raw.flush() + rest, self.secrets).encode()
        rest, self._buffer = self._buffer + rest, ""
        return (self._held_event() + scrub(rest, self.secrets)).encode()

    def _event(self, event: str) -> str:
        data = event.strip()
        chunk = None
        if data.startswith("data:") and "\n" not in data:
            try:
                chunk = json.loads(data[len("data:") :])
            except ValueError:
                chunk = None
        if not isinstance(chunk, dict) or not isinstance(chunk.get("choices"), list):
            if data.replace(" ", "") == "data:[DONE]":
                return self._held_event() + event
            return scrub(event, self.secrets)
        self._template = chunk
        changed = False
        for choice in chunk["choices"]:
            delta = choice.get("delta") if isinstance(choice, dict) else None
            if not isinstance(delta, dict):
                continue
            index = choice.get("index")
            for field, value in list(delta.items()):
                if isinstance(value, str) and field != "role":
                    delta[field] = self._text(index, field).feed(value)
                    changed = changed or delta[field] != value
            if choice.get("finish_reason"):
                for (held_index, field), text in self._texts.items():
                    if held_index == index and text.held:
                        delta[field] = delta.get(field, "") + text.flush()
                        changed = True
        # An event the scrubbing did not touch goes on byte for byte.
        if not changed:
            return scrub(event, self.secrets)
        return scrub(f"data: {json.dumps(chunk, ensure_ascii=False)}\n\n", self.secrets)

    def _text(self, index, field: str) -> TextScrubber:
        return self._texts.setdefault((index, field), TextScrubber(self.secrets))

    def _held_event(self) -> str:
        """An event with the text still held, for a stream that ends without finishing."""
        choices = [
            {"index": index, "delta": {field: text.flush()}, "finish_reason": None}
            for (index, field), text in self._texts.items()
            if text.held
        ]
        if not choices:
            return ""
        chunk = {**self._template, "choices": choices}
        return scrub(f"data: {json.dumps(chunk, ensure_ascii=False)}\n\n", self.secrets)


def _decode_complete(raw: bytes) -> tuple[str, bytes]:
    """The text of ``raw`` up to a UTF-8 sequence cut at its end, and that cut tail."""
    for cut in range(min(3, len(raw)) + 1):
        try:
            return raw[: len(raw) - cut].decode(), raw[len(raw) - cut :]
        except UnicodeDecodeError:
            continue
    return raw.decode(errors="replace"), b""
