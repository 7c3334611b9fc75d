"""The status logic, without a server."""

import json
from importlib.metadata import version

from traitlets.config import Config

from jupyterlab_modernizer import __version__
from jupyterlab_modernizer.config import ModernizerConfig
from jupyterlab_modernizer.status import server_status

SECRET = "sk-test-do-not-leak-1234"


def config_of(**traits) -> ModernizerConfig:
    return ModernizerConfig(config=Config({"ModernizerConfig": traits}))


def test_version_is_the_installed_package_version():
    assert __version__ == version("jupyterlab-modernizer")


def test_without_settings_no_llm_is_configured():
    assert server_status(ModernizerConfig()) == {
        "version": __version__,
        "llm": {"configured": False, "models": []},
    }


def test_a_base_url_configures_the_llm_and_its_models():
    config = config_of(llm_base_url="http://localhost:11434/v1", llm_models=["llama3", "qwen"])

    assert server_status(config)["llm"] == {"configured": True, "models": ["llama3", "qwen"]}


def test_a_key_or_models_without_base_url_configure_nothing():
    config = config_of(llm_api_key=SECRET, llm_models=["gpt-4.1-mini"])

    assert server_status(config)["llm"] == {"configured": False, "models": []}


def test_settings_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", "https://api.openai.com/v1")
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)

    config = ModernizerConfig()

    assert config.llm_base_url == "https://api.openai.com/v1"
    assert config.llm_api_key == SECRET
    assert config.llm_configured


def test_jupyter_config_wins_over_the_environment(monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", "https://api.openai.com/v1")

    config = config_of(llm_base_url="http://localhost:8000/v1")

    assert config.llm_base_url == "http://localhost:8000/v1"


def test_status_never_contains_the_key_nor_the_upstream_url():
    base_url = "https://user:pass@llm.example/v1"
    config = config_of(llm_base_url=base_url, llm_api_key=SECRET, llm_models=["m"])

    text = json.dumps(server_status(config))

    assert SECRET not in text
    assert base_url not in text
