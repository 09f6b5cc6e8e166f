"""Hidden information never leaks through the public part of the state (issue 27): who is asked
to jump in and which reports are offered never depend on a hidden card; no seat is sent the
host's folders; `lopti serve --pack` keeps the pack's base variants."""

from __future__ import annotations

import json
from pathlib import Path

from lopti_rules.engine import TableOptions
from lopti_rules.engine.variants import Variants
from lopti_rules.serve.table import Round
from lopti_rules.session import store
from tests.serve.helpers import client_for, lopti_serve, make_service, seat
from tests.serve.live import free_port

# due after a play only while the player still holds an ace: a hidden hand decides
ACE = 'rule "Ace up the sleeve":\n    call ace "say ace" after play when aces of player >= 1\n'


def _step(r: Round) -> int | None:
    """A person's step (the first legal move or the first answer); the seat that played."""
    for s in (0, 1):
        for question in r.asks(s):
            r.answer(s, question.id, question.options[0][0])
            return None
    turn = r.to_act()
    if turn is None or r.kinds[turn] != "person":
        r.go_on()  # nobody spoke: the bots go on
        return None
    s = turn
    m = r.legal(s)[0]
    rank, count, index = m.get("rank"), m.get("count"), m.get("index")
    assert rank is None or isinstance(rank, int)
    assert count is None or isinstance(count, int)
    assert index is None or isinstance(index, int)
    r.move(s, str(m["kind"]), rank, count, index)
    return s if m["kind"] == "play" and not r.game.out[s] else None


def test_a_report_is_offered_whenever_it_could_be_due_whatever_the_hidden_hand() -> None:
    due_seen = {True: 0, False: 0}
    for seed in range(6):
        table = TableOptions(players=4)
        r = Round.deal(
            ["Ann", "Ben", "Cat", "Dan"], ["person"] * 2 + ["bot"] * 2, table, seed, [(ACE, 0)]
        )
        for _ in range(400):
            if r.over:
                break
            mover = _step(r)  # who played, if a person did
            if mover is None or r.over or r.table is None:
                continue
            other = 1 - mover
            reports = r.calls(other)["report"]
            assert isinstance(reports, list)
            offered = {(c["name"], c["about"]) for c in reports}
            assert ("ace", mover) in offered  # the same whether or not the mover holds an ace
            assert r.held()  # and the bots wait the same
            due_seen[bool(r.table.due(mover))] += 1
    assert due_seen[True] and due_seen[False]  # both cases happened


def test_nobody_is_asked_to_jump_in_so_an_ask_never_shows_a_hand() -> None:
    asked: set[str] = set()
    for seed in range(10):
        table = TableOptions(players=3, variants=Variants(jump_in=True))
        r = Round.deal(["Ann", "Ben", "Cat"], ["person", "person", "bot"], table, seed)
        for _ in range(300):
            if r.over:
                break
            question = r.question
            if question is not None:
                asked.add(question.ask.purpose)
            _step(r)
    assert "jump_in" not in asked


def test_no_seat_is_sent_the_hosts_folders(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "evening.yaml"
    path.parent.mkdir()
    service = make_service(path)
    client = client_for(service)
    for token in (service.tokens.host, service.tokens.seat[1]):
        with seat(client, token) as ws:
            state = ws.receive_json()
            assert state["evening"]["file"] == "evening.yaml"
            assert str(tmp_path) not in json.dumps(state)


def test_serve_with_a_pack_keeps_its_base_variants(tmp_path: Path) -> None:
    pack = tmp_path / "pack.yaml"
    pack.write_text(
        "name: Snap table\nplayers: [Ann, Ben, Cat]\nbase:\n  jump_in: true\n  places: true\n"
        "rules:\n  - author: Ann\n    text: |\n"
        '      rule "Tens tax":\n          after clear when cause is ten:\n'
        "              each other player draws 1\n",
        encoding="utf-8",
    )
    session = tmp_path / "s.yaml"
    args = ["--pack", str(pack), "--session", str(session), "--port", str(free_port())]
    with lopti_serve(args, tmp_path):
        pass
    options = store.load(session).options(1)
    assert options.jump_in and options.places
