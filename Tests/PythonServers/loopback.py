"""Serves an ASGI app of the test suite on 127.0.0.1 the way Tests/GeneratedCodeTests/PythonTestServer.swift
starts it: on a free port announced as `LISTENING <port>` once uvicorn listens, and until standard input
closes, when the test process that started it ends however it ends.
"""
import os
import socket
import sys
import threading

import uvicorn


def serve(app, on_exit=lambda: None):
    """Runs `app` until standard input closes, then calls `on_exit` (to remove the app's files) and exits."""

    class Server(uvicorn.Server):
        # Announces the port once uvicorn's listeners are up; standard output carries nothing else, as the
        # test process reads only that line (uvicorn's access log, which goes there, is off).
        async def startup(self, sockets=None):
            await super().startup(sockets=sockets)
            if not self.should_exit:
                print(f"LISTENING {sockets[0].getsockname()[1]}", flush=True)

    # The socket is bound here, on a free port, so its number is known; uvicorn listens on it.
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    server = Server(uvicorn.Config(app, log_level="warning", access_log=False))

    def exit_when_stdin_closes():
        sys.stdin.read()
        on_exit()
        os._exit(0)

    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    server.run(sockets=[listener])
