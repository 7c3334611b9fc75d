"""Kernel websockets opened through the server send without Nagle's delay."""

import json
import socket

import pytest
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from jupyterlab_modernizer.websocket import NoDelayChannelsConnection, disable_nagle


async def _open_kernel_socket(jp_fetch, jp_ws_fetch):
    """Starts a kernel, opens its channels websocket, returns the server side's TCP socket."""
    response = await jp_fetch("api", "kernels", method="POST", body=json.dumps({}))
    kernel_id = json.loads(response.body)["id"]
    client = await jp_ws_fetch("api", "kernels", kernel_id, "channels")
    (connection,) = [
        c for c in ZMQChannelsWebsocketConnection._open_sockets if c.kernel_id == kernel_id
    ]
    server_socket = connection.websocket_handler.ws_connection.stream.socket
    return client, server_socket


def _nodelay(sock) -> bool:
    return bool(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))


async def test_kernel_websocket_has_nodelay(jp_fetch, jp_ws_fetch):
    client, server_socket = await _open_kernel_socket(jp_fetch, jp_ws_fetch)
    try:
        assert _nodelay(server_socket)
    finally:
        client.close()


class TestSwitchedOff:
    @pytest.fixture
    def jp_server_config(self):
        return {
            "ServerApp": {"jpserver_extensions": {"jupyterlab_modernizer": True}},
            "ModernizerConfig": {"kernel_nodelay": False},
        }

    async def test_kernel_websocket_keeps_tornado_default(self, jp_fetch, jp_ws_fetch):
        client, server_socket = await _open_kernel_socket(jp_fetch, jp_ws_fetch)
        try:
            assert not _nodelay(server_socket)
        finally:
            client.close()


class _Gateway(ZMQChannelsWebsocketConnection):
    pass


def test_custom_connection_class_is_left_alone():
    class App:
        settings = {"kernel_websocket_connection_class": _Gateway}

    assert not disable_nagle(App)
    assert App.settings["kernel_websocket_connection_class"] is _Gateway


def test_default_connection_class_is_replaced():
    class App:
        settings = {"kernel_websocket_connection_class": ZMQChannelsWebsocketConnection}

    assert disable_nagle(App)
    assert App.settings["kernel_websocket_connection_class"] is NoDelayChannelsConnection
