"""The web table's limits: what one device, one seat and one address may cost the server.

Takes: nothing (the defaults) or the numbers a test or a benchmark sets. Produces: `Limits`
(how many connections, how fast, how much may wait to be sent), `Bucket` (a token bucket:
the message rate of a connection or a seat) and `GuardedH11` (uvicorn's HTTP protocol with a
deadline for a request's head and a cap on connections, overall and per address), with
`server_options` for uvicorn. Guarantees: a device that stops reading is dropped once its
outbox is full or a send waits longer than `send_timeout`, never holding up a table; a
connection that sends no complete request head within `request_timeout` is closed; past
`max_connections` (or `per_address` from one address) a new connection is closed at once,
so the process never runs out of files; each connection and each seat sends at most its
rate of messages (a burst above it is refused with one sentence). docs/limits.md has the
numbers.
"""

from __future__ import annotations

import asyncio
import resource
import time
from dataclasses import dataclass
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from lopti_rules.serve import protocol


@dataclass(frozen=True, slots=True)
class Limits:
    """The numbers (docs/limits.md, "The web table")."""

    max_connections: int = 256  # open connections at once (HTTP and WebSocket)
    per_address: int = 32  # of them from one address
    per_seat: int = 8  # WebSockets of one seat (or the host) at once
    request_timeout: float = 10.0  # seconds to send a request's head
    keep_alive: float = 5.0  # seconds an idle HTTP connection stays open
    outbox: int = 64  # frames waiting to be sent to one connection
    send_timeout: float = 10.0  # seconds one frame may take to be sent
    rate: float = 20.0  # messages a second from one connection
    burst: float = 40.0  # of them at once
    seat_rate: float = 30.0  # messages a second from all the connections of one seat
    seat_burst: float = 60.0
    check_cost: float = 3.0  # a `check_rule` counts as this many messages (the checker runs)


class Bucket:
    """A token bucket: `rate` tokens a second, at most `burst` saved up."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def take(self, cost: float = 1.0) -> bool:
        """Spend `cost` tokens if there are so many; False (nothing spent) otherwise."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol, with a deadline for each request's head and a cap on the
    connections (`Limits`, set on the class by `server_options`)."""

    limits = Limits()
    heads = 0  # requests whose head this connection was given time for

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        host = self.client[0] if self.client else None
        mine = sum(1 for c in self.connections if _address(c) == host)
        if len(self.connections) > self.limits.max_connections or mine > self.limits.per_address:
            transport.abort()
            return
        self._arm()

    def _arm(self) -> None:
        self.heads += 1
        self.loop.call_later(self.limits.request_timeout, self._head_due, self.heads)

    def _head_due(self, head: int) -> None:
        """Request `head`'s head did not arrive in time: the connection is closed (h11 is
        IDLE until a whole head arrived; after it, and after an upgrade, it never is)."""
        idle = self.conn.their_state is h11.IDLE
        if head == self.heads and idle and not self.transport.is_closing():
            self.transport.close()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()  # the next request on this connection has its own deadline


class GuardedWebSockets(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, except that a connection whose writing stays paused
    (the other side reads nothing, its buffers are full) for `send_timeout` seconds is
    aborted, since its closing handshake could never be sent either; and a text frame that
    is not UTF-8 reaches the application as bytes, to be answered with an error frame
    (uvicorn would log a traceback for each one and close the connection)."""

    limits = Limits()
    stalled: asyncio.TimerHandle | None = None

    def pause_writing(self) -> None:
        super().pause_writing()
        if self.stalled is None:
            self.stalled = self.loop.call_later(self.limits.send_timeout, self.transport.abort)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.stalled is not None:
            self.stalled.cancel()
            self.stalled = None

    def connection_lost(self, exc: Exception | None) -> None:
        if self.stalled is not None:
            self.stalled.cancel()
            self.stalled = None
        super().connection_lost(exc)

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text":
            try:
                b"".join(self.frames).decode("utf-8")
            except UnicodeDecodeError:
                self.curr_msg_data_type = "bytes"
        super().send_receive_event_to_app()


def _address(connection: object) -> str | None:
    client = getattr(connection, "client", None)
    return str(client[0]) if client else None


def server_options(limits: Limits | None = None) -> dict[str, Any]:
    """uvicorn's settings for the web table (`lopti serve` and benchmarks/bench_serve.py):
    the guarded HTTP and WebSocket protocols; a frame a little over `protocol.MAX_FRAME`
    is cut off by the server itself; a request head at most 16 KiB; WebSocket messages not
    compressed
    (permessage-deflate): a state is a few KB that the local network carries at once, and
    compressing it cost the server more CPU per move than building it (docs/web.md, Speed)."""
    limits = limits or Limits()
    http = type("GuardedH11", (GuardedH11,), {"limits": limits})
    ws = type("GuardedWebSockets", (GuardedWebSockets,), {"limits": limits})
    return {
        "log_level": "warning",
        "http": http,
        "ws": ws,
        "limit_concurrency": limits.max_connections,
        "timeout_keep_alive": limits.keep_alive,
        "h11_max_incomplete_event_size": 16 * 1024,
        "ws_max_size": protocol.MAX_FRAME + 1024,
        "ws_ping_interval": 20.0,
        "ws_ping_timeout": 20.0,
        "ws_per_message_deflate": False,
    }


def more_files() -> None:
    """Raise the process's soft limit of open files to its hard limit (at most 65536), so
    the connection caps, not the files, decide when a connection is refused."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):
            return
