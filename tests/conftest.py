import pytest
from llm_stub import StubServer

pytest_plugins = ["pytest_jupyter.jupyter_server"]


@pytest.fixture(autouse=True)
def _no_llm_in_environment(monkeypatch):
    """The developer's own OPENAI_* variables must not change what the tests see."""
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)


@pytest.fixture
def jp_server_config():
    """A Jupyter server with the extension enabled and no LLM configured."""
    return {"ServerApp": {"jpserver_extensions": {"jupyterlab_modernizer": True}}}


@pytest.fixture
def llm_stub():
    """The OpenAI-compatible stub LLM server (tests/llm_stub.py), on a free port."""
    server = StubServer().start()
    yield server
    server.stop()
