"""Every incoming message is validated and size-limited; a bad one gets an error to its
sender only and changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from lopti_rules.serve import protocol
from tests.serve.helpers import ask, client_for, deal, make_service, seat

GOOD: list[dict[str, Any]] = [
    {"type": "move", "seq": 0, "move": {"kind": "play", "rank": 7, "count": 2}},
    {"type": "move", "seq": 3, "move": {"kind": "pickup"}},
    {"type": "move", "seq": 3, "move": {"kind": "reveal", "index": 0}},
    {"type": "answer", "id": "swap-1-0", "choice": "keep"},
    {"type": "call", "kind": "report", "name": "lopti", "about": 1},
    {"type": "call", "kind": "say", "name": "lopti"},
    {"type": "new_round", "cards": "real"},
    {"type": "finish_round", "winner": "Ann", "places": ["Ann", "Ben"]},
    {"type": "check_rule", "text": "rule"},
    {"type": "add_rule", "text": "rule"},
    {"type": "vote_open", "action": "base", "option": "places", "value": True},
    {"type": "ballot", "yes": True, "for": "Ben"},
    {"type": "vote_close", "defenders": ["Cat"]},
    {"type": "vote_defenders", "defenders": ["Cat", "Dan"]},
    {"type": "vote_cancel"},
    {"type": "delete_rule", "rule": 1},
    {"type": "reword", "rule": 1, "text": "rule"},
    {"type": "ruling", "rule": 1, "question": "q", "answer": "a"},
    {"type": "settle", "pile": "5", "play": "8"},
    {"type": "setup_restore", "text": "rule", "author": "Ben", "yes": ["Ann", "Ben", "Cat"]},
    {"type": "stand_in", "seat": 1},
    {"type": "seat_back"},
    {"type": "away_after", "seconds": 30},
    {"type": "abandon"},
    {"type": "draft", "text": "rule"},
]


def test_every_message_type_parses() -> None:
    kinds = {m["type"] for m in GOOD}
    assert kinds == set(protocol.MESSAGE_TYPES)
    for message in GOOD:
        assert protocol.parse(json.dumps(message)).type == message["type"]


@pytest.mark.parametrize(
    ("frame", "words"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "JSON object"),
        ('{"type": "teleport"}', "unknown message type"),
        ('{"type": "move", "seq": 0, "move": {"kind": "play", "rank": 15}}', "rank"),
        ('{"type": "move", "seq": -1, "move": {"kind": "pickup"}}', "seq"),
        ('{"type": "ballot", "yes": true, "extra": 1}', "extra"),
        ('{"type": "settle"}', "play"),
        ('{"type": "call", "kind": "shout", "name": "lopti"}', "kind"),
        ('{"type": "call", "kind": "report", "name": "lopti", "about": 9}', "about"),
        ('{"type": "setup_restore", "text": "", "author": "Ben"}', "text"),
        (json.dumps({"type": "check_rule", "text": "x" * 9000}), "8000"),
        (json.dumps({"type": "check_rule", "text": "x" * 20000}), "at most 16384"),
    ],
)
def test_bad_frames_are_refused_in_one_sentence(frame: str, words: str) -> None:
    with pytest.raises(protocol.BadMessage, match=words):
        protocol.parse(frame)


def test_a_bad_message_errs_to_its_sender_and_changes_nothing() -> None:
    service = make_service()
    client = client_for(service)
    with seat(client, service.tokens.host) as host, seat(client, service.tokens.seat[1]) as ben:
        host.receive_json()
        ben.receive_json()
        state = deal(host)
        ben.receive_json()  # the deal
        ben.receive_json()  # the swap answer
        before = state["seq"]
        for frame in ["{", '{"type": "move"}', "x" * 20000]:
            host.send_text(frame)
            reply = host.receive_json()
            assert reply["type"] == "error" and reply["kind"] == "malformed"
        host.send_bytes(b'{"type": "vote_cancel"}')
        assert host.receive_json()["kind"] == "malformed"
        # nothing changed: Ben got nothing, and the next state has the same game
        reply = ask(host, {"type": "settle", "pile": "", "play": "5"})
        assert reply["type"] == "settled"
        again = ask(ben, {"type": "check_rule", "text": ""})
        assert again["type"] == "checked"
        assert service.seq == before
