"""Tokens, the WebSocket origin check, the host's powers, and the table file's secrecy."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect

from lopti_rules.serve.security import Tokens, origin_allowed
from tests.serve.helpers import ask, client_for, make_service, seat


def test_tokens_are_unguessable_and_distinct() -> None:
    tokens = Tokens(4)
    every = [tokens.host, *tokens.seat]
    assert len(set(every)) == 5 and all(len(t) >= 22 for t in every)
    assert tokens.identify(tokens.seat[2]) is not None and tokens.identify(tokens.seat[2]).seat == 2  # type: ignore[union-attr]
    assert tokens.identify(tokens.host).host  # type: ignore[union-attr]
    assert tokens.identify("") is None and tokens.identify(tokens.host[:-1]) is None


@pytest.mark.parametrize(
    ("origin", "host", "ok"),
    [
        (None, "127.0.0.1:8000", True),
        ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
        ("http://evil.example", "127.0.0.1:8000", False),
        ("http://127.0.0.1:9999", "127.0.0.1:8000", False),
        ("null", "127.0.0.1:8000", False),
        ("http://127.0.0.1:8000", None, False),
    ],
)
def test_origin_check(origin: str | None, host: str | None, ok: bool) -> None:
    assert origin_allowed(origin, host) is ok


def test_a_socket_needs_a_token_and_this_servers_origin() -> None:
    service = make_service()
    client = client_for(service)
    for url in ("/ws", "/ws?t=nope"):
        with pytest.raises(WebSocketDisconnect), client.websocket_connect(url) as ws:
            ws.receive_json()
    evil = {"origin": "http://evil.example"}
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(f"/ws?t={service.tokens.host}", headers=evil) as ws,
    ):
        ws.receive_json()
    good = {"origin": "http://testserver"}
    with client.websocket_connect(f"/ws?t={service.tokens.host}", headers=good) as ws:
        assert ws.receive_json()["host"] is True


def test_only_the_host_sees_join_links_and_qr_codes() -> None:
    service = make_service()
    client = client_for(service)
    with seat(client, service.tokens.seat[1]) as ben:
        state = ben.receive_json()
        assert "joins" not in state and service.tokens.host not in str(state)
        assert ask(ben, {"type": "new_round"})["kind"] == "forbidden"
    with seat(client, service.tokens.host) as host:
        joins = host.receive_json()["joins"]
        assert [j["seat"] for j in joins] == [1, 2, 3]
    denied = client.get(f"/qr.svg?t={service.tokens.seat[1]}&seat=2")
    assert denied.status_code == 403
    shown = client.get(f"/qr.svg?t={service.tokens.host}&seat=2")
    assert shown.status_code == 200 and shown.text.lstrip().startswith("<")
    assert "<script" not in shown.text
    assert client.get(f"/qr.svg?t={service.tokens.host}&seat=9").status_code == 404


def test_the_page_is_served_with_a_strict_policy() -> None:
    client = client_for(make_service())
    page = client.get("/")
    assert page.status_code == 200 and '<script src="/static/app.js"' in page.text
    assert "script-src" not in page.headers["content-security-policy"]  # default-src 'self'
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["referrer-policy"] == "no-referrer"
    assert client.get("/static/style.css").status_code == 200


def test_the_table_file_keeps_tokens_for_its_owner_only(tmp_path: Path) -> None:
    service = make_service(tmp_path / "e.yaml")
    service.save()
    table = tmp_path / "e.yaml.table.json"
    assert table.exists() and stat.S_IMODE(table.stat().st_mode) == 0o600
