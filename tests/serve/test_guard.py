"""A handler can fail, never the table (issue 27): every message is handled under a guard that
answers its sender with an error frame and releases the table's lock and the session file's;
frames no browser sends (deep JSON, bytes that are not UTF-8) get an error frame too."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from starlette.testclient import WebSocketTestSession

from lopti_rules.serve import protocol
from lopti_rules.serve.app import make_app
from lopti_rules.session import store
from tests.serve.frames import SAMPLES
from tests.serve.helpers import Msg, ask, client_for, make_service, seat
from tests.serve.live import RawSocket, served

# every card a pile can hold (no 3 or 10, no run of four: a position base Lopti can reach)
EVERY_CARD = (
    ", ".join(
        f"{x} {x}, {y} {y}, {x} {x}, {y} {y}"
        for x, y in (("2", "4"), ("5", "6"), ("7", "8"), ("Q", "K"))
    )
    + ", 9 9, J J, A A, 9 9, J J, A A"
)


def _answers(ws: WebSocketTestSession) -> None:
    """The table still answers this device (a real-card question, which changes nothing)."""
    reply = ask(ws, {"type": "settle", "pile": "5", "play": "8"})
    assert reply["type"] == "settled" and reply["legal"], reply


def test_a_settle_that_uses_up_every_card_is_answered_and_the_table_goes_on(
    tmp_path: Path,
) -> None:
    service = make_service(tmp_path / "s.yaml")
    client = client_for(service)
    with seat(client, service.tokens.host) as ws:
        ws.receive_json()
        # the pile and the play use up every card but the 10s: nobody else holds one
        pile = EVERY_CARD
        reply = ask(ws, {"type": "settle", "pile": pile, "play": "3 3 3 3"})
        assert reply["type"] == "settled" and reply["legal"], reply
        _answers(ws)
        state = ask(ws, {"type": "new_round", "cards": "real"})
        assert state["type"] == "state" and state["evening"]["in_play"]
    with seat(client, service.tokens.seat[1]) as ben:  # a new device gets its first state
        assert ben.receive_json()["type"] == "state"


@pytest.mark.parametrize("kind", protocol.MESSAGE_TYPES)
def test_a_failure_in_any_handler_answers_its_sender_and_the_table_goes_on(
    tmp_path: Path, kind: str
) -> None:
    service = make_service(tmp_path / "s.yaml")

    def fail(msg: protocol.Message) -> None:
        if msg.type == kind:
            raise StopIteration  # the worst: it cannot cross into an asyncio future

    service.fault = fail
    client = client_for(service)
    with seat(client, service.tokens.host) as host, seat(client, service.tokens.seat[1]) as ben:
        host.receive_json(), ben.receive_json()
        reply = ask(host, SAMPLES[kind])
        assert reply == {
            "type": "error",
            "kind": "internal",
            "message": "the server could not do that (an internal error); the table goes on",
            "clause": None,
        }
        # whatever the handler did before it failed is saved and shown to everyone
        assert host.receive_json()["type"] == "state"
        assert ben.receive_json()["type"] == "state"
        service.fault = None
        _answers(host)
        _answers(ben)
        assert ask(host, {"type": "new_round", "cards": "real"})["type"] == "state"
    assert store.load(tmp_path / "s.yaml").in_play  # the session file is whole


def test_a_failure_inside_the_session_files_lock_releases_it(tmp_path: Path) -> None:
    service = make_service(tmp_path / "s.yaml")

    def broken() -> None:
        raise OSError("the disk went away")

    service.evening.fault = broken
    with seat(client_for(service), service.tokens.host) as ws:
        ws.receive_json()
        assert ask(ws, {"type": "new_round", "cards": "real"})["kind"] == "internal"
        ws.receive_json()
        service.evening.fault = None
        with store.locked(tmp_path / "s.yaml", timeout=0.5):  # nobody holds it
            pass
        state = ask(ws, {"type": "new_round", "cards": "real"})
        assert state["type"] == "state" and state["evening"]["current"] == 1


def test_deep_json_gets_an_error_frame_and_the_connection_stays() -> None:
    service = make_service()
    with seat(client_for(service), service.tokens.host) as ws:
        ws.receive_json()
        for depth in (5000, 8000):
            ws.send_text("[" * depth + "]" * depth)
            reply: Msg = ws.receive_json()
            assert reply["type"] == "error" and reply["kind"] == "malformed", reply
            inner = '{"type": "settle", "play": "5", "pile": ' + "[" * depth + "]" * depth + "}"
            ws.send_text(inner)
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["kind"] == "malformed", reply
        _answers(ws)


def test_a_frame_that_is_not_utf8_is_answered_without_a_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    service = make_service()
    caplog.set_level(logging.INFO)
    with served(make_app(service)) as port:
        raw = RawSocket(port, f"/ws?t={service.tokens.host}")
        assert raw.receive_json()["type"] == "state"
        for _ in range(3):
            raw.send_frame(b'{"type": "settle", "play": "\xff\xfe"}')
            reply = raw.receive_json()
            assert reply["kind"] == "malformed" and "UTF-8" in reply["message"], reply
        raw.send_frame(b'{"type": "settle", "play": "8"}')
        assert raw.receive_json()["type"] == "settled"
        raw.close()
    assert not [r for r in caplog.records if r.exc_info], caplog.text
