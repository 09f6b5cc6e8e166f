"""Frames for the web table's tests: a well-formed message of every type, and a seeded fuzzer
of frames (valid, mutated and out of phase) built from them."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from lopti_rules.serve.protocol import MESSAGE_TYPES
from tests.serve.test_play import GAME_KEYS  # what a state's game may hold, said once

Msg = dict[str, Any]
RULE = 'rule "Tens tax":\n    after clear when cause is ten:\n        each other player draws 1\n'

# one well-formed message of each type (valid JSON of the right shape; the table may still
# refuse it at the moment it is sent)
SAMPLES: dict[str, Msg] = {
    "move": {"type": "move", "seq": 0, "move": {"kind": "play", "rank": 5, "count": 1}},
    "answer": {"type": "answer", "id": "swap-1-0", "choice": "keep"},
    "call": {"type": "call", "kind": "report", "name": "tap", "about": 1},
    "new_round": {"type": "new_round", "cards": "web", "seats": ["person", "bot", "bot", "bot"]},
    "finish_round": {"type": "finish_round", "winner": "Ben"},
    "check_rule": {"type": "check_rule", "text": RULE},
    "add_rule": {"type": "add_rule", "text": RULE},
    "vote_open": {"type": "vote_open", "action": "base", "option": "places", "value": True},
    "ballot": {"type": "ballot", "yes": True},
    "vote_close": {"type": "vote_close"},
    "vote_defenders": {"type": "vote_defenders", "defenders": ["Ben"]},
    "vote_cancel": {"type": "vote_cancel"},
    "delete_rule": {"type": "delete_rule", "rule": 1},
    "reword": {"type": "reword", "rule": 1, "text": RULE},
    "ruling": {"type": "ruling", "rule": 1, "question": "Does a 10 count?", "answer": "Yes."},
    "settle": {"type": "settle", "pile": "5 | 7 7", "play": "8"},
    "setup_restore": {"type": "setup_restore", "text": RULE, "author": "Ben", "yes": ["Ann"]},
    "stand_in": {"type": "stand_in", "seat": 1},
    "seat_back": {"type": "seat_back"},
    "away_after": {"type": "away_after", "seconds": 30},
    "abandon": {"type": "abandon"},
    "draft": {"type": "draft", "text": RULE},
}
assert set(SAMPLES) == set(MESSAGE_TYPES)

_ODD: list[Any] = [
    None,
    True,
    -1,
    0,
    2**63,
    1.5,
    "",
    "x" * 500,
    "\x00\x1b[31m",
    "\ud7ff\uffff",
    [],
    {},
    [[[[]]]],
    {"a": {"b": {"c": 1}}},
    "Ann",
    "Zed",
    "roshambo-1-0",
    "choice-1-0-0",
]


def valid(rng: random.Random, state: Msg | None) -> Msg:
    """A well-formed message of a random type, using what the last `state` offers (a legal
    move, an open question's answer) when there is one."""
    if state is not None and rng.random() < 0.5:
        if state.get("legal"):
            move = {k: v for k, v in rng.choice(state["legal"]).items() if k != "label"}
            return {"type": "move", "seq": state["seq"], "move": move}
        if state.get("asks"):
            question = rng.choice(state["asks"])
            option = rng.choice(question["options"])["value"]
            return {"type": "answer", "id": question["id"], "choice": option}
    return copy.deepcopy(SAMPLES[rng.choice(MESSAGE_TYPES)])


def mutate(rng: random.Random, msg: Msg) -> str:
    """`msg` broken one way: a field dropped, retyped or added, the type changed, the text
    cut short, a byte flipped, or nested deep."""
    msg = copy.deepcopy(msg)
    how = rng.randrange(8)
    keys = [k for k in msg if k != "type"]
    if how == 0 and keys:
        del msg[rng.choice(keys)]
    elif how == 1 and keys:
        msg[rng.choice(keys)] = rng.choice(_ODD)
    elif how == 2:
        msg[rng.choice(["extra", "for", "seat", "__proto__"])] = rng.choice(_ODD)
    elif how == 3:
        msg["type"] = rng.choice([*MESSAGE_TYPES, "state", "", None, 5])
    elif how == 4:
        text = json.dumps(msg)
        return text[: rng.randrange(len(text))]
    elif how == 5:
        flipped = bytearray(json.dumps(msg).encode())
        flipped[rng.randrange(len(flipped))] = rng.randrange(32, 127)
        return flipped.decode("utf-8", "replace")
    elif how == 6:
        depth = rng.choice([50, 900, 5000])
        return '{"type": "settle", "play": "5", "pile": ' + "[" * depth + "]" * depth + "}"
    else:
        return rng.choice(["", "null", "[]", '"move"', "1e999", "{}", "[" * 3000])
    return json.dumps(msg)


def frames(seed: int, count: int, state: Msg | None = None) -> list[str]:
    """`count` frames: about a third well-formed, a third mutated, a third out of phase
    (well-formed messages of every type, whatever the table is doing)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        kind = rng.randrange(3)
        if kind == 0:
            out.append(json.dumps(valid(rng, state)))
        elif kind == 1:
            out.append(mutate(rng, valid(rng, state)))
        else:
            out.append(json.dumps(SAMPLES[rng.choice(MESSAGE_TYPES)]))
    return out


STATE_KEYS = {
    "type", "seq", "you", "name", "host", "names", "kinds", "game", "legal", "asks", "log",
    "log_start", "evening", "joins", "away_after", "draft", "summary",
}  # fmt: skip
REPLIES = {"state", "error", "checked", "settled"}
ERRORS = {"illegal", "refused", "stale", "forbidden", "malformed", "out_of_turn", "rate"}


def assert_public(frame: Msg, seat: int | None, secrets: list[str]) -> None:
    """A frame a device received shows it nothing hidden: only the known fields; its own
    hand and no other (counts for the others' hands and every face-down card); only its
    own questions; no secret (another seat's key, the deal's seed); an error in one
    sentence, never an internal one."""
    assert frame["type"] in REPLIES, frame
    text = json.dumps(frame)
    assert not any(secret in text for secret in secrets), "a secret was sent"
    if frame["type"] == "error":
        assert frame["kind"] in ERRORS, frame  # never `internal`: no handler failed
        assert "\n" not in frame["message"] and "Traceback" not in frame["message"]
        return
    if frame["type"] != "state":
        return
    assert set(frame) <= STATE_KEYS and frame["you"] == seat, sorted(frame)
    game = frame["game"]
    if game is not None:
        assert set(game) == GAME_KEYS, sorted(game)
        assert all(isinstance(n, int) for n in game["face_down"] + game["hand_sizes"])
        if seat is not None:
            assert len(game["hand"]) == game["hand_sizes"][seat]
    for question in frame["asks"]:
        assert question["kind"] in {"swap", "choice", "roshambo"}, question
        if question["kind"] == "swap":
            assert question["id"].endswith(f"-{seat}")
