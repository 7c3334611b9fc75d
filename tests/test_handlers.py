"""GET /modernizer/status through a real Jupyter server."""

import json

import pytest
from jupyter_server.utils import url_path_join

from jupyterlab_modernizer import __version__

SECRET = "sk-test-do-not-leak-1234"


async def test_status_with_token(jp_fetch):
    response = await jp_fetch("modernizer", "status")

    assert response.code == 200
    assert response.headers["Content-Type"].startswith("application/json")
    assert json.loads(response.body) == {
        "version": __version__,
        "llm": {"configured": False, "models": []},
    }


@pytest.mark.parametrize("headers", [{}, {"Authorization": "token wrong"}])
async def test_status_without_valid_token_is_forbidden(
    jp_serverapp, http_server_client, jp_base_url, headers
):
    # A plain client: jp_fetch would add the server's token.
    response = await http_server_client.fetch(
        url_path_join(jp_base_url, "modernizer", "status"), headers=headers, raise_error=False
    )

    assert response.code == 403
    assert __version__ not in response.body.decode()


class TestWithLLMConfigured:
    @pytest.fixture
    def jp_server_config(self):
        return {
            "ServerApp": {"jpserver_extensions": {"jupyterlab_modernizer": True}},
            "ModernizerConfig": {
                "llm_base_url": "http://localhost:11434/v1",
                "llm_api_key": SECRET,
                "llm_models": ["llama3"],
            },
        }

    async def test_status_reports_the_models(self, jp_fetch):
        response = await jp_fetch("modernizer", "status")

        assert json.loads(response.body)["llm"] == {"configured": True, "models": ["llama3"]}

    async def test_the_key_never_reaches_the_client(self, jp_fetch):
        response = await jp_fetch("modernizer", "status")

        assert SECRET not in response.body.decode()
        assert not any(SECRET in value for _, value in response.headers.get_all())
