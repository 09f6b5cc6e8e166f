"""A rule's question to a person at the web table (engine/asks.py): asked on that seat's
device only, answered only from it, the round waiting meanwhile; the default taken when
nobody answers in time or the seat's device is gone; and a restart replays the answers."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import WebSocketTestSession

from lopti_rules.engine import TableOptions
from lopti_rules.serve.service import TableService
from lopti_rules.serve.standin import abandon
from lopti_rules.serve.table import KEEP, Round
from tests.serve.helpers import Msg, ask, client_for, deal, make_service, move_of, seat

GIFT = 'rule "Gift":\n    after play: player gives 1 card to next player\n'


def _gift_table(session: Path | None = None) -> TableService:
    return make_service(session, rules=[("Ann", GIFT)])


def _first_play(ws: WebSocketTestSession, state: Msg) -> Msg:
    play = next(m for m in state["legal"] if m["kind"] == "play")
    return ask(ws, {"type": "move", "seq": state["seq"], "move": move_of(play)})


def test_a_rule_asks_the_person_and_the_round_waits_for_the_answer() -> None:
    service = _gift_table()
    client = client_for(service)
    with seat(client, service.tokens.host) as ann, seat(client, service.tokens.seat[1]) as ben:
        ann.receive_json(), ben.receive_json()
        ann.send_json({"type": "new_round", "seats": ["person", "person", "bot", "bot"]})
        states = [ann.receive_json(), ben.receive_json()]
        for ws, i in ((ann, 0), (ben, 1)):  # both keep their cards (S4)
            ws.send_json({"type": "answer", "id": states[i]["asks"][0]["id"], "choice": "keep"})
            states = [ann.receive_json(), ben.receive_json()]
        me = next(i for i in (0, 1) if states[i]["legal"])  # a person to play (the bots moved)
        mine, other = (ann, ben) if me == 0 else (ben, ann)
        other_name = service.names[1 - me]
        state = _first_play(mine, states[me])
        seen = other.receive_json()
        (question,) = state["asks"]
        assert question["kind"] == "choice" and question["prompt"].startswith("Gift: choose")
        assert other_name in question["prompt"]  # the next player gets the card
        assert state["legal"] == [] and state["game"]["asking"] == me
        assert seen["asks"] == [] and seen["game"]["asking"] == me
        labels = [o["label"] for o in question["options"]]
        assert set(labels) == set(state["game"]["hand"])  # one card of the asked seat's hand
        waiting = ask(mine, {"type": "move", "seq": state["seq"], "move": {"kind": "pickup"}})
        assert waiting["kind"] == "out_of_turn"
        not_theirs = ask(other, {"type": "answer", "id": question["id"], "choice": "5"})
        assert not_theirs["kind"] == "stale"
        bad = ask(mine, {"type": "answer", "id": question["id"], "choice": "99"})
        assert bad["type"] == "error"
        highest = question["options"][-1]
        had = seen["game"]["hand"].count(highest["label"])
        state = ask(mine, {"type": "answer", "id": question["id"], "choice": highest["value"]})
        after = other.receive_json()
        assert all(a["id"] != question["id"] for a in state["asks"])
        assert after["game"]["hand"].count(highest["label"]) >= had + 1
        assert any("Gift" in line for line in after["log"])


def test_nobody_answering_in_time_takes_the_default() -> None:
    service = _gift_table()
    client = client_for(service, answer_timeout=0.2)
    with seat(client, service.tokens.host) as ann:
        ann.receive_json()
        state = _first_play(ann, deal(ann))
        (question,) = state["asks"]
        later = ann.receive_json()  # the question's time is up
        assert all(a["id"] != question["id"] for a in later["asks"])
        assert any("did not answer in time" in line for line in later["log"])


def test_the_default_is_taken_soon_when_the_seats_device_is_gone() -> None:
    service = _gift_table()
    client = client_for(service, answer_timeout=60, gone_grace=0.2)
    with seat(client, service.tokens.host) as ann:
        ann.receive_json()
        question = _first_play(ann, deal(ann))["asks"][0]
    with seat(client, service.tokens.seat[1]) as ben:  # another device watches the table
        state = ben.receive_json()
        while state["game"]["asking"] is not None:
            state = ben.receive_json()
    assert service.open_question() is None or service.open_question() != (question["id"], 0)


def test_a_restart_replays_the_answers_given(tmp_path: Path) -> None:
    path = tmp_path / "evening.yaml"
    service = _gift_table(path)
    with seat(client_for(service), service.tokens.host) as ann:
        ann.receive_json()
        state = _first_play(ann, deal(ann))
        question = state["asks"][0]
        state = ask(
            ann,
            {"type": "answer", "id": question["id"], "choice": question["options"][-1]["value"]},
        )
        before = service.state_for(service.tokens.identify(service.tokens.host))  # type: ignore[arg-type]
    again = _gift_table(path)
    after = again.state_for(again.tokens.identify(again.tokens.host))  # type: ignore[arg-type]
    assert after["game"] == before["game"]
    assert after["asks"] == before["asks"]


def test_abandoning_the_round_abandons_the_step_waiting_for_an_answer() -> None:
    table = Round.deal(
        ["Ann", "Ben", "Cat", "Dan"], ["person", "bot", "bot", "bot"], TableOptions(players=4),
        3, [(GIFT, 0)],
    )  # fmt: skip
    for _ in range(200):  # the person keeps their cards, then plays until a question comes
        asks = table.asks(0)
        if asks and asks[0].kind == "choice":
            break
        if asks:
            table.answer(0, asks[0].id, KEEP)
            continue
        move = table.legal(0)[0]
        rank, count, index = (_number(move.get(k)) for k in ("rank", "count", "index"))
        table.move(0, str(move["kind"]), rank, count, index)
    assert table.question is not None and table.game.resolving
    assert abandon(table) and table.over
    assert table.question is None and table.pause.pending is None


def _number(value: object) -> int | None:
    return value if isinstance(value, int) else None
