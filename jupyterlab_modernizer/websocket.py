"""Kernel websockets without Nagle's delay.

Tornado leaves Nagle's algorithm on for websockets. After each execution the kernel sends a
few small frames back to back (execute_input, the reply, the idle status); with Nagle each
waits for the client's delayed ACK of the one before, about 40 ms per cell on Linux. Running a
notebook cell by cell pays that on every cell, so kernel websockets set TCP_NODELAY.
"""

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection


class NoDelayChannelsConnection(ZMQChannelsWebsocketConnection):
    """The default kernel websocket connection, with TCP_NODELAY on its socket."""

    def connect(self):
        self.websocket_handler.set_nodelay(True)
        return super().connect()


def disable_nagle(web_app) -> bool:
    """Use NoDelayChannelsConnection when the server uses the default connection class.

    A server configured with another class (a gateway, a custom one) is left as it is.
    Returns whether the class was replaced.
    """
    key = "kernel_websocket_connection_class"
    if web_app.settings.get(key) is not ZMQChannelsWebsocketConnection:
        return False
    web_app.settings[key] = NoDelayChannelsConnection
    return True
