"""Table calls, races and conduct at the web table (the rules' `call`, `race`, `conduct`):
a person says a call due for them, another person catches a call not made, anyone reports
conduct; refusals come with the table's reason; the bots wait while a person may speak."""

from __future__ import annotations

from starlette.testclient import WebSocketTestSession

from tests.serve.helpers import Msg, ask, client_for, deal, make_service, move_of, seat

TAP = 'rule "Tap":\n    call tap "say tap" after play\n    after missed tap: player draws 2\n'
SWEAR = (
    'rule "No swearing":\n    conduct swearing "swear at the table"\n'
    "    after caught swearing: player draws 1\n"
)


def _play(ws: WebSocketTestSession, state: Msg) -> Msg:
    legal = next(m for m in state["legal"] if m["kind"] == "play")
    return ask(ws, {"type": "move", "seq": state["seq"], "move": move_of(legal)})


def test_conduct_is_reported_about_another_player_with_the_tables_reasons() -> None:
    service = make_service(rules=[("Ann", SWEAR)])
    with seat(client_for(service), service.tokens.host) as ann:
        ann.receive_json()
        state = deal(ann)
        reports = state["game"]["calls"]["report"]
        assert {r["about"] for r in reports} == {1, 2, 3}  # never about oneself
        assert reports[0]["what"] == "swear at the table" and reports[0]["report"] == "caught"
        assert state["legal"]  # Ann to play: the bots do not move meanwhile
        before = state["game"]["hand_sizes"][1]
        myself = ask(ann, {"type": "call", "kind": "report", "name": "swearing", "about": 0})
        assert myself["type"] == "error" and "themselves" in myself["message"]
        unknown = ask(ann, {"type": "call", "kind": "report", "name": "tap", "about": 1})
        assert unknown["type"] == "error" and "no rule in force declares" in unknown["message"]
        state = ask(ann, {"type": "call", "kind": "report", "name": "swearing", "about": 1})
        assert state["type"] == "state"
        assert state["game"]["hand_sizes"][1] == before + 1  # Ben draws a card
        assert any("Ben" in line for line in state["log"])


def test_a_call_due_for_a_person_holds_the_bots_until_it_is_said() -> None:
    service = make_service(rules=[("Ann", TAP)])
    with seat(client_for(service, call_window=60), service.tokens.host) as ann:
        ann.receive_json()
        state = _play(ann, deal(ann))
        calls = state["game"]["calls"]
        assert calls["say"] == [{"name": "tap", "what": "say tap"}]
        assert state["game"]["to_act"] is not None and state["legal"] == []  # the bots wait
        wrong = ask(ann, {"type": "call", "kind": "say", "name": "swearing"})
        assert wrong["type"] == "error"
        seq = state["seq"]
        state = ask(ann, {"type": "call", "kind": "say", "name": "tap"})
        assert state["seq"] > seq and state["game"]["calls"]["say"] == []
        assert state["legal"] or state["game"]["over"]  # the bots played on to Ann's turn


def test_another_person_catches_a_call_not_made() -> None:
    service = make_service(rules=[("Ann", TAP)])
    client = client_for(service, call_window=0.3)
    with seat(client, service.tokens.host) as ann, seat(client, service.tokens.seat[1]) as ben:
        ann.receive_json(), ben.receive_json()
        ann.send_json({"type": "new_round", "seats": ["person", "person", "bot", "bot"]})
        states = [ann.receive_json(), ben.receive_json()]
        for ws, i in ((ann, 0), (ben, 1)):
            ws.send_json({"type": "answer", "id": states[i]["asks"][0]["id"], "choice": "keep"})
            states = [ann.receive_json(), ben.receive_json()]
        me = next(i for i in (0, 1) if states[i]["legal"])
        mine, other = (ann, ben) if me == 0 else (ben, ann)
        _play(mine, states[me])
        seen = other.receive_json()
        (catch,) = [r for r in seen["game"]["calls"]["report"] if r["about"] == me]
        assert catch["name"] == "tap" and catch["report"] == "missed"
        had = seen["game"]["hand_sizes"][me]
        caught = ask(other, {"type": "call", "kind": "report", "name": "tap", "about": me})
        mine.receive_json()
        assert caught["game"]["hand_sizes"][me] == had + 2  # the penalty: draws 2
        again = ask(other, {"type": "call", "kind": "report", "name": "tap", "about": me})
        assert again["type"] == "error"  # once per opening


def test_the_bots_go_on_when_the_moment_to_speak_passes() -> None:
    service = make_service(rules=[("Ann", TAP)])
    with seat(client_for(service, call_window=0.2), service.tokens.host) as ann:
        ann.receive_json()
        state = _play(ann, deal(ann))
        assert state["game"]["calls"]["say"] and state["legal"] == []
        later = ann.receive_json()  # nobody spoke in time: the bots played on
        assert later["seq"] > state["seq"] and later["game"]["calls"]["say"] == []
