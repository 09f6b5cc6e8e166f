"""The server's limits (issue 27, docs/limits.md "The web table"): a device that stops reading
is dropped and never freezes the table; half-open requests time out; one address cannot take
every connection; a seat flooding messages is slowed down, not the others; security headers
on every route; the table file is owner-only from its first moment."""

from __future__ import annotations

import json
import os
import socket
import stat
import threading
import time
from pathlib import Path

from websockets.sync.client import connect

from lopti_rules.serve.app import make_app
from lopti_rules.serve.limits import Limits, server_options
from lopti_rules.serve.service import TableService
from tests.serve.helpers import TENS_TAX, ask, client_for, make_service, seat
from tests.serve.live import RawSocket, served

SECURITY = ("content-security-policy", "x-frame-options", "x-content-type-options")


def _open_vote_and_cancel(ws: object) -> None:
    """Two steps that change the evening (each sends every device a state)."""
    assert hasattr(ws, "send") and hasattr(ws, "recv")
    for msg in (
        {"type": "vote_open", "action": "base", "option": "places", "value": True},
        {"type": "vote_cancel"},
    ):
        ws.send(json.dumps(msg))
        reply = json.loads(ws.recv(timeout=3))
        assert reply["type"] == "state", reply


def test_a_device_that_stops_reading_is_dropped_and_the_table_goes_on() -> None:
    service = make_service(rules=[("Ann", ("# " + "a" * 900 + "\n") * 8 + TENS_TAX)])
    limits = Limits(outbox=8, send_timeout=1.0, rate=1e3, burst=1e3, seat_rate=1e3, seat_burst=1e3)
    with served(make_app(service, limits=limits), limits) as port:
        asleep = RawSocket(port, f"/ws?t={service.tokens.seat[1]}", rcvbuf=2048)
        url = f"ws://127.0.0.1:{port}/ws?t={service.tokens.host}"
        with connect(url, max_size=None) as host:
            json.loads(host.recv(timeout=3))
            started = time.monotonic()
            for _ in range(400):  # 800 states of 8 KB: more than the phone's buffers hold
                _open_vote_and_cancel(host)  # each answered within 3 s, or this fails
            assert time.monotonic() - started < 60
        assert asleep.closed_within(15)  # the server dropped it
        asleep.close()
        again = RawSocket(port, f"/ws?t={service.tokens.seat[1]}")  # it may come back
        assert again.receive_json()["type"] == "state"
        again.close()


def _half_open(port: int, source: str) -> socket.socket:
    """A request whose head never ends (a slowloris)."""
    sock = socket.socket()
    sock.bind((source, 0))
    sock.settimeout(5)
    sock.connect(("127.0.0.1", port))
    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    return sock


def _closed(sock: socket.socket, within: float) -> bool:
    """Whether the server closes `sock` within `within` seconds (whatever it sends first)."""
    deadline = time.monotonic() + within
    while (left := deadline - time.monotonic()) > 0:
        sock.settimeout(left)
        try:
            if sock.recv(65536) == b"":
                return True
        except TimeoutError:
            return False
        except OSError:
            return True
    return False


def test_half_open_requests_time_out_and_one_address_cannot_take_every_connection() -> None:
    service = make_service()
    limits = Limits(max_connections=60, per_address=10, request_timeout=1.0)
    with served(make_app(service, limits=limits), limits) as port:
        held = [_half_open(port, "127.0.0.2") for _ in range(10)]
        beyond = [_half_open(port, "127.0.0.2") for _ in range(5)]
        assert all(_closed(s, 0.5) for s in beyond)  # over its address's share: at once
        # another device is served meanwhile
        with connect(f"ws://127.0.0.1:{port}/ws?t={service.tokens.host}") as host:
            assert json.loads(host.recv(timeout=3))["type"] == "state"
        assert all(_closed(s, 3.0) for s in held)  # no head within a second: closed
        for s in held + beyond:
            s.close()


def test_an_idle_keep_alive_connection_and_a_huge_head_are_closed() -> None:
    service = make_service()
    limits = Limits(keep_alive=0.5)
    with served(make_app(service, limits=limits), limits) as port:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            sock.sendall(b"GET /labels.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert sock.recv(65536).startswith(b"HTTP/1.1 200")
            time.sleep(1.0)
            assert _closed(sock, 2.0)
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            try:
                sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 40_000)
                answer = sock.recv(65536)
            except ConnectionResetError:  # refused before it was all sent
                answer = b""
            assert answer.startswith(b"HTTP/1.1 4") or answer == b"", answer[:40]


def test_the_server_options_set_every_limit() -> None:
    options = server_options(Limits(max_connections=77, keep_alive=3.0))
    assert options["limit_concurrency"] == 77 and options["timeout_keep_alive"] == 3.0
    assert options["h11_max_incomplete_event_size"] == 16 * 1024
    assert options["ws_max_size"] > 16_384 and options["ws_per_message_deflate"] is False


def test_a_frame_over_the_size_limit_closes_only_that_connection() -> None:
    service = make_service()
    with served(make_app(service)) as port:
        raw = RawSocket(port, f"/ws?t={service.tokens.host}")
        raw.receive_json()
        raw.send_frame(b'{"type": "check_rule", "text": "' + b"a" * 40_000 + b'"}')
        assert raw.closed_within(5)
        with connect(f"ws://127.0.0.1:{port}/ws?t={service.tokens.host}") as host:
            assert json.loads(host.recv(timeout=3))["type"] == "state"


def test_a_seat_flooding_checks_is_slowed_down_and_the_others_are_answered() -> None:
    service = make_service()
    # a slow refill (a check every 1.5 s once the burst is spent), so that the flood is
    # refused however long a check takes on a busy machine (at the default 20 a second, a
    # check slower than 150 ms earned its own refill and every one was answered)
    client = client_for(service, limits=Limits(rate=2.0, seat_rate=2.0))
    check = {"type": "check_rule", "text": 'rule "A":\n    after clear:\n        player draws 1\n'}
    with seat(client, service.tokens.seat[1]) as ben, seat(client, service.tokens.host) as ann:
        ben.receive_json(), ann.receive_json()
        kinds = [ask(ben, check)["type"] for _ in range(60)]
        assert kinds.count("checked") < 20 and "error" in kinds
        refused = ask(ben, check)
        assert refused["kind"] == "rate" and "wait a moment" in refused["message"]
        started = time.monotonic()
        assert ask(ann, check)["type"] == "checked"  # another seat is not slowed
        assert time.monotonic() - started < 5


def test_one_seat_may_not_open_more_than_its_share_of_connections() -> None:
    service = make_service()
    limits = Limits(per_seat=2)
    with served(make_app(service, limits=limits), limits) as port:
        url = f"ws://127.0.0.1:{port}/ws?t={service.tokens.seat[2]}"
        with connect(url) as one, connect(url) as two, connect(url) as three:
            assert json.loads(one.recv(timeout=3))["type"] == "state"
            assert json.loads(two.recv(timeout=3))["type"] == "state"
            try:
                three.recv(timeout=3)
                raise AssertionError("a third connection of the seat was served")
            except Exception as exc:  # closed by the server (1013)
                assert "1013" in str(exc), exc


def test_every_route_carries_the_security_headers() -> None:
    service = make_service()
    client = client_for(service)
    for path in ("/", "/static/index.html", "/labels.json", "/qr.svg", "/static/nothing"):
        response = client.get(path)
        for header in SECURITY:
            assert header in response.headers, (path, header)
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
        assert response.headers["x-frame-options"] == "DENY"


def test_the_table_file_is_never_readable_by_others(tmp_path: Path) -> None:
    seen: set[int] = set()
    for i in range(20):
        service = make_service(tmp_path / f"s{i}.yaml")
        table_file = service.table_file
        assert table_file is not None
        table_file.unlink(missing_ok=True)
        done = threading.Event()

        def watch(path: Path = table_file, done: threading.Event = done) -> None:
            while not done.is_set():
                try:
                    seen.add(stat.S_IMODE(os.stat(path).st_mode))
                except FileNotFoundError:
                    continue

        watcher = threading.Thread(target=watch)
        watcher.start()
        old = os.umask(0o022)
        try:
            service.save()
            time.sleep(0.01)
        finally:
            os.umask(old)
            done.set()
            watcher.join()
    assert seen == {0o600}, sorted(oct(m) for m in seen)
    reread = TableService(service.evening, table_file=table_file)
    assert reread.tokens.host == service.tokens.host
