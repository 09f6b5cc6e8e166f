"""The protocol fuzz tier (issue 27): seeded frames of every message type - well-formed,
mutated and out of phase - from the host and two seats of a table with a session file.
After every frame: each device's frames show it nothing hidden and no handler failed
(`frames.assert_public`), the session file loads, and the table still answers every device.
The default tier sends a few hundred frames; `-m slow` sends thousands."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from starlette.testclient import WebSocketTestSession

from lopti_rules.serve.limits import Limits
from lopti_rules.session import store
from tests.serve.frames import Msg, assert_public, frames
from tests.serve.helpers import client_for, make_service

FREE = Limits(rate=1e6, burst=1e6, seat_rate=1e6, seat_burst=1e6)  # the fuzzer is not throttled
PING = {"type": "settle", "pile": "5", "play": "8"}


def _until_answered(ws: WebSocketTestSession, seat: int | None, secrets: list[str]) -> Msg | None:
    """Ask the table a question and read every frame until its answer: each checked; the
    last state seen (None if none came)."""
    ws.send_json(PING)
    last = None
    while True:
        frame: Msg = ws.receive_json()
        assert_public(frame, seat, secrets)
        if frame["type"] == "settled":
            return last
        if frame["type"] == "state":
            last = frame


def fuzz(tmp_path: Path, seed: int, count: int) -> int:
    """Send `count` fuzzed frames to one table; the number of frames sent."""
    path = tmp_path / f"fuzz-{seed}.yaml"
    service = make_service(path, seed=seed)
    tokens = service.tokens
    client = client_for(service, call_window=60, answer_timeout=600, gone_grace=600, limits=FREE)
    rng = random.Random(seed)
    who = [(tokens.host, 0), (tokens.seat[1], 1), (tokens.seat[2], 2)]
    secrets = {0: [], 1: [tokens.host, tokens.seat[2]], 2: [tokens.host, tokens.seat[1]]}
    with (
        client.websocket_connect(f"/ws?t={who[0][0]}") as host,
        client.websocket_connect(f"/ws?t={who[1][0]}") as ben,
        client.websocket_connect(f"/ws?t={who[2][0]}") as cat,
    ):
        sockets = [host, ben, cat]
        states: list[Msg | None] = []
        for seat, ws in enumerate(sockets):
            first: Msg = ws.receive_json()
            assert_public(first, seat, secrets[seat])
            states.append(first)
        sent = 0
        for batch in range(count // 10):
            seat = rng.randrange(3)
            for frame in frames(seed * 1000 + batch, 10, states[seat]):
                sockets[seat].send_text(frame)
                sent += 1
            for other, ws in enumerate(sockets):  # everyone's frames, then the table answers
                states[other] = _until_answered(ws, other, secrets[other]) or states[other]
            store.load(path)  # the session file is whole and valid
            if service.round is not None and rng.random() < 0.3:  # sometimes, play on
                ws = sockets[0]
                state = states[0]
                if state is not None and state["legal"]:
                    move = {k: v for k, v in state["legal"][0].items() if k != "label"}
                    ws.send_json({"type": "move", "seq": state["seq"], "move": move})
                    sent += 1
    return sent


def test_fuzzed_frames_never_break_the_table(tmp_path: Path) -> None:
    sent = sum(fuzz(tmp_path, seed, 100) for seed in range(3))
    assert sent >= 300


@pytest.mark.slow
def test_fuzzed_frames_never_break_the_table_long(tmp_path: Path) -> None:
    sent = sum(fuzz(tmp_path, seed, 1000) for seed in range(100, 110))
    print(f"fuzz: {sent} frames")
    assert sent >= 10_000
