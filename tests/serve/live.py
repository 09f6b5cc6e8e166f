"""A table served by uvicorn on 127.0.0.1 in a thread, with `lopti serve`'s settings, and raw
WebSocket clients that can misbehave (stop reading, send bytes no browser sends)."""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from starlette.applications import Starlette

from lopti_rules.serve.limits import Limits, server_options


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def served(app: Starlette, limits: Limits | None = None) -> Iterator[int]:
    """Serve `app` on a free port of 127.0.0.1 until the block ends; yields the port."""
    port = free_port()
    options: Any = server_options(limits)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, **options)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(20)


class RawSocket:
    """A WebSocket client over a plain socket: frames are sent as given, and nothing is
    read unless asked (a phone asleep). `source` binds another loopback address."""

    def __init__(
        self, port: int, path: str, *, rcvbuf: int | None = None, source: str | None = None
    ) -> None:
        self.sock = socket.socket()
        if rcvbuf is not None:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        if source is not None:
            self.sock.bind((source, 0))
        self.sock.settimeout(10)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            assert chunk, head
            head += chunk
        assert head.startswith(b"HTTP/1.1 101"), head
        self.buffer = b""

    def send_frame(self, payload: bytes, opcode: int = 1) -> None:
        """One masked frame (opcode 1: text, even if `payload` is not UTF-8)."""
        mask = os.urandom(4)
        size = len(payload)
        if size < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | size)
        else:
            head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, size)
        body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(head + mask + body)

    def _read(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def receive(self) -> tuple[int, bytes]:
        """The next frame: (opcode, payload); ConnectionError when the server closed."""
        first, second = self._read(2)
        size = second & 0x7F
        if size == 126:
            (size,) = struct.unpack("!H", self._read(2))
        elif size == 127:
            (size,) = struct.unpack("!Q", self._read(8))
        return first & 0x0F, self._read(size)

    def receive_json(self) -> dict[str, Any]:
        while True:
            opcode, payload = self.receive()
            if opcode == 8:
                raise ConnectionError(f"closed by the server: {payload[:2].hex()}")
            if opcode == 1:
                data: dict[str, Any] = json.loads(payload)
                return data

    def closed_within(self, seconds: float) -> bool:
        """Whether the server closes the connection within `seconds` (reading all)."""
        self.sock.settimeout(0.5)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                if not self.sock.recv(1 << 20):
                    return True
            except TimeoutError:
                continue
            except OSError:
                return True
        return False

    def close(self) -> None:
        self.sock.close()
