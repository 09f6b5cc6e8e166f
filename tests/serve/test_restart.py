"""A restart mid-round resumes the round, the seats' tokens and the evening from the files;
a dropped connection resumes its seat; two actions at once are served one after the other."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from lopti_rules.serve import protocol
from lopti_rules.serve.app import Hub
from tests.serve.helpers import ask, client_for, deal, make_service, move_of, seat


def test_a_restart_mid_round_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "evening.yaml"
    service = make_service(path)
    with seat(client_for(service), service.tokens.host) as ws:
        ws.receive_json()
        state = deal(ws)
        for _ in range(3):
            if state["game"]["over"]:
                break
            state = ask(
                ws, {"type": "move", "seq": state["seq"], "move": move_of(state["legal"][0])}
            )
    before = service.state_for(service.tokens.identify(service.tokens.host))  # type: ignore[arg-type]
    again = make_service(path)  # the server restarts
    assert again.tokens.host == service.tokens.host and again.tokens.seat == service.tokens.seat
    after = again.state_for(again.tokens.identify(again.tokens.host))  # type: ignore[arg-type]
    assert after["game"] == before["game"] and after["legal"] == before["legal"]
    assert after["evening"] == before["evening"]
    with seat(client_for(again), again.tokens.host) as ws:
        resumed = ws.receive_json()
        assert resumed["game"] == before["game"]
        if not resumed["game"]["over"]:
            moved = ask(
                ws, {"type": "move", "seq": resumed["seq"], "move": move_of(resumed["legal"][0])}
            )
            assert moved["type"] == "state"


def test_a_dropped_connection_resumes_its_seat() -> None:
    service = make_service()
    client = client_for(service)
    with seat(client, service.tokens.host) as ws:
        ws.receive_json()
        state = deal(ws)
    with seat(client, service.tokens.host) as ws:
        back = ws.receive_json()
        assert (
            back["you"] == 0 and back["game"] == state["game"] and back["legal"] == state["legal"]
        )


class _Socket:
    """A stand-in for a connected browser: collects what it is sent."""

    def __init__(self) -> None:
        self.sent: list[dict[str, object]] = []

    async def send_text(self, text: str) -> None:
        await asyncio.sleep(0)  # let the other action try to run in between
        self.sent.append(json.loads(text))


def test_two_actions_at_once_are_served_one_after_the_other() -> None:
    service = make_service()
    hub = Hub(service)
    host = service.tokens.identify(service.tokens.host)
    assert host is not None
    sockets = [_Socket(), _Socket()]
    deal_msg = json.dumps({"type": "new_round", "cards": "real"})

    async def both() -> None:
        for s in sockets:
            assert hub.join(s, host)  # type: ignore[arg-type]
        await asyncio.gather(*(hub.frame(s, host, deal_msg) for s in sockets))  # type: ignore[arg-type]
        await hub.drained()

    asyncio.run(both())
    errors = [m for s in sockets for m in s.sent if m["type"] == "error"]
    assert len(errors) == 1 and errors[0]["clause"] == "W4"  # the second deal was refused
    assert len(service.evening.session.state.rounds) == 1
    assert protocol.parse(deal_msg).type == "new_round"
