"""Who is who at the web table: per-seat tokens and the WebSocket origin check.

Takes: the seat names. Produces: `Tokens`, one unguessable token (`secrets.token_urlsafe`,
128 bits) for the host and one per seat, compared in constant time; and `origin_allowed`,
which accepts a WebSocket only from a page served by this server (its own host and port),
so another web site open in the same browser cannot drive a seat. docs/web.md has the
threat model.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from urllib.parse import urlsplit


def new_token() -> str:
    return secrets.token_urlsafe(16)


@dataclass(frozen=True, slots=True)
class Identity:
    """A connected client: the seat it plays (None: a host without a seat) and whether it
    is the host (who deals, sets the seats and may enter votes for players)."""

    seat: int | None
    host: bool


class Tokens:
    """The host's token and one token per seat."""

    def __init__(self, seats: int, *, host: str | None = None, seat: list[str] | None = None):
        self.host = host or new_token()
        self.seat = list(seat) if seat is not None else [new_token() for _ in range(seats)]
        if len(self.seat) != seats:
            self.seat = [new_token() for _ in range(seats)]

    def identify(self, token: str | None) -> Identity | None:
        """The identity a token gives (the host plays seat 0), or None for any other text."""
        if not token:
            return None
        if hmac.compare_digest(token, self.host):
            return Identity(0, True)
        for index, known in enumerate(self.seat):
            if hmac.compare_digest(token, known):
                return Identity(index, False)
        return None

    def to_json(self) -> dict[str, object]:
        return {"host": self.host, "seat": list(self.seat)}


def origin_allowed(origin: str | None, host_header: str | None) -> bool:
    """A browser's WebSocket must come from a page of this server: its Origin's host:port
    equals the Host it connected to. No Origin (not a browser: scripts, tests) is allowed,
    since such a client still needs a seat's token."""
    if origin is None:
        return True
    if not host_header:
        return False
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    return parts.netloc.lower() == host_header.lower()
