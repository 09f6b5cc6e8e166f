"""Who may write what into the session file (issue 27): texts are validated where the session
model accepts them; rulings by their authority only; a tied vote's Roshambo can be neither
withdrawn nor re-paired; an open vote survives a restart; a step prepared against an old
revision of the file is refused, and a round played here never lands on another round."""

from __future__ import annotations

import json
from pathlib import Path

from starlette.testclient import WebSocketTestSession

from lopti_rules.serve.evening import Evening
from lopti_rules.serve.service import TableService, table_file_for
from lopti_rules.session import store
from tests.serve.helpers import Msg, ask, client_for, deal, make_service, move_of, seat, with_rule

QUESTION = {"type": "ruling", "rule": 1, "question": "Does a 10 count?", "answer": "Yes."}


def test_a_text_with_a_control_character_is_refused_and_the_file_stays_usable(
    tmp_path: Path,
) -> None:
    service, author = with_rule(tmp_path)
    token = service.tokens.seat[service.names.index(author)]
    if service.names.index(author) == 0:
        token = service.tokens.host
    with seat(client_for(service), token) as ws:
        ws.receive_json()
        for bad in ({"question": "A \x1b[2J question?"}, {"answer": "Yes\x00."}):
            refused = ask(ws, {**QUESTION, **bad})
            assert refused["type"] == "error", refused
            assert "control character" in refused["message"], refused
        long = ask(ws, {**QUESTION, "answer": "y" * 400})
        assert long["type"] == "state"  # the longest answer allowed
        rule = 'rule "Bell\x07":\n    after clear:\n        player draws 1\n'
        refused = ask(ws, {"type": "reword", "rule": 1, "text": rule})
        assert refused["type"] == "error" and "U+0007" in refused["message"], refused
    session = store.load(tmp_path / "s.yaml")  # loads: nothing poisoned it
    assert [r.answer for r in session.state.rulings] == ["y" * 400]
    Evening.open(tmp_path / "s.yaml", [])  # and `lopti serve --session` starts


def test_only_the_creator_makes_the_creators_ruling(tmp_path: Path) -> None:
    service, author = with_rule(tmp_path)
    other = next(i for i, n in enumerate(service.names) if n != author and i != 0)
    with seat(client_for(service), service.tokens.seat[other]) as ws:
        ws.receive_json()
        refused = ask(ws, QUESTION)
        assert refused["kind"] == "forbidden" and author in refused["message"], refused
        # nor a "table ruling" with other players' yes votes
        yes = [n for n in service.names if n != author]
        refused = ask(ws, {**QUESTION, "creator_absent": True, "yes": yes})
        assert refused["kind"] == "forbidden", refused
        mine = ask(ws, {**QUESTION, "creator_absent": True, "yes": [service.names[other]]})
        assert mine["type"] == "state"  # one's own yes, from one's own device
    assert store.load(tmp_path / "s.yaml").state.rulings[0].voted_yes == [service.names[other]]


def test_the_host_enters_a_tables_ruling_for_the_players(tmp_path: Path) -> None:
    service, author = with_rule(tmp_path)
    yes = [n for n in service.names if n != author]
    with seat(client_for(service), service.tokens.host) as host:
        host.receive_json()
        if author == service.names[0]:
            assert ask(host, QUESTION)["type"] == "state"
            return
        state = ask(host, {**QUESTION, "creator_absent": True, "yes": yes})
        assert state["type"] == "state"
    ruling = store.load(tmp_path / "s.yaml").state.rulings[0]
    assert ruling.by == "table" and ruling.result == "decided"


def _tied(
    service: TableService, author: str, sockets: list[WebSocketTestSession]
) -> tuple[str, list[Msg]]:
    """The proposer (not the author) opens a vote to remove rule 1 and it ties; returns the
    proposer's name and what each device saw once Roshambo has begun."""
    names = service.names
    by_name = dict(zip(names, sockets, strict=True))
    for ws in sockets:
        ws.receive_json()

    def everyone() -> list[Msg]:
        return [ws.receive_json() for ws in sockets]

    proposer = next(n for n in names if n != author)
    by_name[proposer].send_json({"type": "vote_open", "action": "remove", "rule": 1})
    everyone()
    yes = {proposer, next(n for n in names if n not in (proposer, author))}
    for name in names:
        by_name[name].send_json({"type": "ballot", "yes": name in yes})
        seen = everyone()
    assert seen[0]["evening"]["vote"]["roshambo"] == [proposer, author]
    return proposer, seen


def test_a_tied_vote_can_be_neither_withdrawn_nor_re_paired_once_roshambo_began(
    tmp_path: Path,
) -> None:
    service, author = with_rule(tmp_path)
    client = client_for(service)
    sockets = [client.websocket_connect(f"/ws?t={service.tokens.host}")]
    sockets += [client.websocket_connect(f"/ws?t={t}") for t in service.tokens.seat[1:]]
    with sockets[0] as host, sockets[1], sockets[2], sockets[3]:
        proposer, _seen = _tied(service, author, sockets)
        mine = sockets[service.names.index(proposer)]
        refused = ask(mine, {"type": "vote_cancel"})
        assert refused["type"] == "error" and refused["clause"] == "V11", refused
        refused = ask(host, {"type": "vote_cancel"})
        assert refused["type"] == "error" and refused["clause"] == "V11", refused
        other = next(n for n in service.names if n not in (proposer, author))
        refused = ask(host, {"type": "vote_close", "defenders": [other]})
        assert refused["type"] == "error" and refused["clause"] == "V11", refused
        state = ask(host, {"type": "settle", "pile": "5", "play": "8"})
        assert state["type"] == "settled"
    assert service.evening.to_json()["vote"] is not None


def test_an_open_vote_its_ballots_and_its_throws_survive_a_restart(tmp_path: Path) -> None:
    service, author = with_rule(tmp_path)
    client = client_for(service)
    sockets = [client.websocket_connect(f"/ws?t={service.tokens.host}")]
    sockets += [client.websocket_connect(f"/ws?t={t}") for t in service.tokens.seat[1:]]
    with sockets[0], sockets[1], sockets[2], sockets[3]:
        proposer, seen = _tied(service, author, sockets)
        (question,) = seen[service.names.index(author)]["asks"]
        theirs = sockets[service.names.index(author)]
        theirs.send_json({"type": "answer", "id": question["id"], "choice": "R" * 40})
        assert theirs.receive_json()["evening"]["vote"]["thrown"] == [author]
    # the server stops (Ctrl-C or worse) and starts again from its files
    path = tmp_path / "s.yaml"
    again = TableService(Evening.open(path, []), table_file=table_file_for(path), seed=7)
    assert "RRRR" not in json.dumps(again.evening.to_json())  # the throws are still secret
    index = again.names.index(proposer)
    with seat(client_for(again), again.tokens.seat[index] if index else again.tokens.host) as ws:
        state = ws.receive_json()
        vote = state["evening"]["vote"]
        assert vote["roshambo"] == [proposer, author] and len(vote["voted"]) == 4
        assert vote["thrown"] == [author]
        reopened = ask(ws, {"type": "vote_open", "action": "base", "option": "places"})
        assert reopened["type"] == "error" and reopened["clause"] == "V1"  # still open
        (mine,) = state["asks"]
        done = ask(ws, {"type": "answer", "id": mine["id"], "choice": "P" * 40})
        assert done["evening"]["vote"] is None
    record = store.load(path).state.votes[-1]
    assert record.roshambo is not None and record.roshambo.winner == proposer  # P beats R


def test_a_round_played_here_never_lands_on_a_round_another_command_dealt(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.yaml"
    service = make_service(path)
    with seat(client_for(service), service.tokens.host) as ws:
        ws.receive_json()
        state = deal(ws)
        with store.locked(path):  # meanwhile, `lopti session round` and `deal`
            elsewhere = store.load(path)
            elsewhere.finish_round("Cat", [])
            elsewhere.deal()
            store.save(elsewhere, path)
        while state["game"] is not None and not state["game"]["over"]:
            assert state["type"] == "state", state
            move = {"type": "move", "seq": state["seq"], "move": move_of(state["legal"][0])}
            state = ask(ws, move)
        assert any("is not recorded" in line for line in state["log"]), state["log"]
    rounds = store.load(path).state.rounds
    assert [r.winner for r in rounds] == ["Cat", None] and not rounds[1].finished
