"""Where the proxy sends requests and what it says about the upstream's errors, without a server."""

import httpx
import pytest
from traitlets.config import Config

from jupyterlab_modernizer.config import ModernizerConfig
from jupyterlab_modernizer.llm_proxy import ProxyError, chat_body, upstream_error, upstream_url

SECRET = "sk-test-do-not-leak-1234"


def config_of(**traits) -> ModernizerConfig:
    return ModernizerConfig(config=Config({"ModernizerConfig": traits}))


@pytest.mark.parametrize(
    ("base_url", "expected"),
    [
        ("http://localhost:11434/v1", "http://localhost:11434/v1/chat/completions"),
        ("http://localhost:11434/v1/", "http://localhost:11434/v1/chat/completions"),
        (
            "https://x.openai.azure.com/openai/v1?api-version=preview",
            "https://x.openai.azure.com/openai/v1/chat/completions?api-version=preview",
        ),
    ],
)
def test_upstream_url_is_the_base_url_and_the_route(base_url, expected):
    assert upstream_url(config_of(llm_base_url=base_url), "chat/completions") == expected


def test_only_chat_completion_fields_pass():
    body = b'{"model": "m", "messages": [], "seed": 1, "base_url": "http://x", "api_key": "k"}'

    assert chat_body(config_of(), body) == {"model": "m", "messages": [], "seed": 1}


def test_body_limit_is_the_setting():
    with pytest.raises(ProxyError) as refused:
        chat_body(config_of(llm_max_body_bytes=10), b'{"messages": []}')

    assert refused.value.status == 413


def test_upstream_message_is_passed_on_without_the_key():
    raw = f'{{"error": {{"message": "Project of key {SECRET} has no access to m"}}}}'.encode()

    error = upstream_error(404, httpx.Headers(), raw, config_of(llm_api_key=SECRET))

    assert error.status == 502
    assert error.message == (
        "The LLM endpoint refused the request (HTTP 404). It said: Project of key *** has no "
        "access to m"
    )


def test_a_placeholder_key_is_left_in_the_upstream_message():
    # Ollama ignores the key; a short placeholder is no secret and hiding it would mangle words.
    raw = b'{"error": {"message": "model \\"llama\\" not found, try pulling it first"}}'

    error = upstream_error(404, httpx.Headers(), raw, config_of(llm_api_key="llama"))

    assert 'model "llama" not found' in error.message
