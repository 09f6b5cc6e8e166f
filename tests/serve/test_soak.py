"""The soak tier (issue 27): many tables served by one uvicorn server, each with a session
file, two people (scripted clients over real WebSockets) and two bots. The people play,
deal the next round, drop their connection and come back; a sleeping phone per table stops
reading; the server is restarted from its files. After every step: the frames each person
got show nothing hidden (`frames.assert_public`), the table's session file loads, and the
table answers every person within seconds. The default tier is a few seconds; `-m slow`
plays for minutes."""

from __future__ import annotations

import json
import random
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.routing import Mount
from websockets.sync.client import ClientConnection, connect

from lopti_rules.serve.app import make_app
from lopti_rules.serve.evening import Evening
from lopti_rules.serve.limits import Bucket, Limits
from lopti_rules.serve.service import TableService, table_file_for
from lopti_rules.session import store
from tests.serve.frames import Msg, assert_public
from tests.serve.helpers import NAMES
from tests.serve.live import RawSocket, served

PING = {"type": "settle", "pile": "5", "play": "8"}
SEATS = ["person", "person", "bot", "bot"]
LIMITS = Limits(outbox=16, send_timeout=2.0, per_address=1000)  # every device is 127.0.0.1


@dataclass
class Person:
    """A scripted person at one table: its seat, its key and its connection."""

    table: int
    seat: int
    token: str
    secrets: list[str]
    ws: ClientConnection | None = None
    last: Msg | None = None
    open: ExitStack = field(default_factory=ExitStack)
    # a device sends no faster than the table takes (half its rate): a refusal for speed
    # would leave `catch_up` waiting for an answer that never comes, so it fails at once
    pace: Bucket = field(default_factory=lambda: Bucket(LIMITS.rate / 2, LIMITS.burst / 2))

    def connect(self, port: int) -> None:
        url = f"ws://127.0.0.1:{port}/t{self.table}/ws?t={self.token}"
        self.ws = self.open.enter_context(connect(url, max_size=None))
        self.last = self.read_one()

    def read_one(self) -> Msg:
        assert self.ws is not None
        frame: Msg = json.loads(self.ws.recv(timeout=10))
        assert_public(frame, self.seat, self.secrets)
        assert frame.get("kind") != "rate", "a paced device was refused for speed"
        return frame

    def send(self, msg: dict[str, Any]) -> None:
        assert self.ws is not None
        while not self.pace.take():
            time.sleep(0.01)
        self.ws.send(json.dumps(msg))

    def catch_up(self) -> Msg:
        """Everything sent so far, checked; the table answers within seconds (or this
        fails); the last state."""
        self.send(PING)
        while True:
            frame = self.read_one()
            if frame["type"] == "settled":
                assert self.last is not None
                return self.last
            if frame["type"] == "state":
                self.last = frame

    def drop(self) -> None:
        self.open.close()
        self.ws = None


@dataclass
class Soak:
    folder: Path
    tables: int
    people: list[Person] = field(default_factory=list)
    rounds: int = 0
    restarts: int = 0
    steps: int = 0

    def app(self) -> Starlette:
        """Every table, from its files (new or as they were left)."""
        routes = []
        tokens = {}
        for i in range(self.tables):
            path = self.folder / f"t{i}.yaml"
            evening = Evening.open(path, NAMES)
            service = TableService(evening, table_file=table_file_for(path), seed=None)
            tokens[i] = service.tokens
            routes.append(Mount(f"/t{i}", make_app(service, call_window=0.2, limits=LIMITS)))
        if not self.people:
            for i, keys in tokens.items():
                every = [keys.host, *keys.seat[1:]]
                for seat in (0, 1):
                    mine = every[seat]
                    others = [t for t in every if t != mine] if seat else []
                    self.people.append(Person(i, seat, mine, others))
        return Starlette(routes=routes)

    def step(self, rng: random.Random, port: int) -> None:
        person = rng.choice(self.people)
        self.steps += 1
        if person.ws is None:
            person.connect(port)
        elif rng.random() < 0.05:
            person.drop()  # the page is closed or reloaded; it comes back later
            return
        state = person.catch_up()
        game = state["game"]
        if state["asks"]:
            question = rng.choice(state["asks"])
            value = rng.choice(question["options"])["value"]
            person.send({"type": "answer", "id": question["id"], "choice": value})
        elif state["legal"]:
            move = {k: v for k, v in rng.choice(state["legal"]).items() if k != "label"}
            person.send({"type": "move", "seq": state["seq"], "move": move})
        elif person.seat == 0 and (game is None or game["over"]):
            person.send({"type": "new_round", "cards": "web", "seats": SEATS})
            self.rounds += 1
        person.catch_up()
        store.load(self.folder / f"t{person.table}.yaml")  # every session file loads

    def run(self, seed: int, steps: int, restarts: int) -> None:
        rng = random.Random(seed)
        for _ in range(restarts + 1):
            with served(self.app(), LIMITS) as port:
                asleep = [  # a phone per table that stops reading at once
                    RawSocket(port, f"/t{p.table}/ws?t={p.token}", rcvbuf=2048)
                    for p in self.people
                    if p.seat == 1
                ]
                for _ in range(steps // (restarts + 1)):
                    self.step(rng, port)
                for person in self.people:
                    person.drop()
                for phone in asleep:
                    phone.close()
            self.restarts += 1
        self.restarts -= 1


def test_tables_of_bots_and_people_soak_through_drops_sleepers_and_restarts(
    tmp_path: Path,
) -> None:
    soak = Soak(tmp_path, tables=3)
    soak.run(seed=1, steps=150, restarts=1)
    assert soak.rounds >= 3 and soak.restarts == 1


@pytest.mark.slow
def test_tables_of_bots_and_people_soak_for_minutes(tmp_path: Path) -> None:
    soak = Soak(tmp_path, tables=20)
    soak.run(seed=2, steps=12_000, restarts=6)
    print(f"soak: {soak.tables} tables, {soak.rounds} rounds, {soak.restarts} restarts")
    assert soak.rounds >= 100 and soak.restarts == 6
