"""Helpers for the web table's tests: a table served by Starlette's TestClient."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient, WebSocketTestSession

from lopti_rules.engine import TableOptions
from lopti_rules.serve.app import ANSWER_TIMEOUT, CALL_WINDOW, GONE_GRACE, make_app
from lopti_rules.serve.evening import Evening
from lopti_rules.serve.limits import Limits
from lopti_rules.serve.service import TableService, table_file_for
from lopti_rules.serve.table import Round

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ann", "Ben", "Cat", "Dan"]
TENS_TAX = (
    'rule "Tens tax":\n    after clear when cause is ten:\n        each other player draws 1\n'
)
Msg = dict[str, Any]


def make_service(
    session: Path | None = None,
    *,
    names: list[str] | None = None,
    rules: list[tuple[str, str]] | None = None,
    seed: int = 7,
) -> TableService:
    evening = Evening.open(session, names or NAMES, rules or [])
    return TableService(evening, table_file=table_file_for(session), seed=seed)


# Clients opened by a test, closed after it (tests/serve/conftest.py). A TestClient used as a
# context manager runs the app on one event loop for all its sockets, as uvicorn does.
OPEN = ExitStack()


@contextmanager
def lopti_serve(args: list[str], cwd: Path) -> Iterator[list[str]]:
    """Run `lopti serve ARGS` (with `--port`) in `cwd` until the block ends; yields the two
    lines it prints first (the table, the host's address) once the port answers."""
    port = int(args[args.index("--port") + 1])
    server = subprocess.Popen(
        [sys.executable, "-m", "lopti_rules", "serve", *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        lines = [server.stdout.readline() for _ in range(2)]
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                assert time.monotonic() < deadline, f"the server did not start: {lines}"
                time.sleep(0.1)
        yield lines
    finally:
        server.terminate()
        server.wait(20)


def client_for(
    service: TableService,
    *,
    answer_timeout: float = ANSWER_TIMEOUT,
    gone_grace: float = GONE_GRACE,
    call_window: float = CALL_WINDOW,
    limits: Limits | None = None,
    beat: float = 0.0,
    away_after: float = 0.0,
) -> TestClient:
    """A test client of the table (its clocks and limits as `make_app` takes them; by
    default the bots move at once and nobody's seat is taken over by itself)."""
    app = make_app(
        service,
        answer_timeout=answer_timeout,
        gone_grace=gone_grace,
        call_window=call_window,
        limits=limits,
        beat=beat,
        away_after=away_after,
    )
    return OPEN.enter_context(TestClient(app))


@contextmanager
def seat(client: TestClient, token: str) -> Iterator[WebSocketTestSession]:
    with client.websocket_connect(f"/ws?t={token}") as ws:
        yield ws


def ask(ws: WebSocketTestSession, msg: Msg) -> Msg:
    """Send a message and return the first reply."""
    ws.send_json(msg)
    reply: Msg = ws.receive_json()
    return reply


def move_of(legal: Msg) -> Msg:
    return {k: v for k, v in legal.items() if k != "label"}


def deal(ws: WebSocketTestSession, seats: list[str] | None = None) -> Msg:
    """Host: deal a round here; answer the setup swap by keeping the cards."""
    state = ask(
        ws, {"type": "new_round", "cards": "web", "seats": seats or ["person", "bot", "bot", "bot"]}
    )
    for question in state["asks"]:
        if question["kind"] == "swap":
            state = ask(ws, {"type": "answer", "id": question["id"], "choice": "keep"})
    return state


def play_out(ws: WebSocketTestSession, state: Msg) -> Msg:
    """Make the first legal move until the round is over."""
    while not state["game"]["over"]:
        assert state["legal"], state
        state = ask(ws, {"type": "move", "seq": state["seq"], "move": move_of(state["legal"][0])})
        assert state["type"] == "state", state
    return state


def won_round(ws: WebSocketTestSession) -> Msg:
    """Host: read the first state, deal a round here and play it out."""
    ws.receive_json()
    return play_out(ws, deal(ws))


def with_rule(tmp_path: Path) -> tuple[TableService, str]:
    """A service whose session has one rule in force, by its winner; returns the author."""
    service = make_service(tmp_path / "s.yaml")
    with seat(client_for(service), service.tokens.host) as ws:
        state = won_round(ws)
        ask(ws, {"type": "add_rule", "text": TENS_TAX})
    return service, state["evening"]["winner"]


def prompts_seen(
    table: TableOptions, seeds: range, rules: list[tuple[str, int]] | None = None, moves: int = 300
) -> set[str]:
    """The prompts a person in seat 0 (two bots beside) is asked over a round of each seed,
    answering the first option and playing the first legal move."""
    found: set[str] = set()
    for seed in seeds:
        r = Round.deal(["Ann", "Ben", "Cat"], ["person", "bot", "bot"], table, seed, rules or [])
        for _ in range(moves):
            if r.over:
                break
            asks = r.asks(0)
            if asks:
                if asks[0].kind == "choice":
                    found.add(asks[0].prompt)
                r.answer(0, asks[0].id, asks[0].options[0][0])
                continue
            legal = r.legal(0)
            if not legal:
                break
            m = legal[0]
            rank, count, index = m.get("rank"), m.get("count"), m.get("index")
            assert rank is None or isinstance(rank, int)
            assert count is None or isinstance(count, int)
            assert index is None or isinstance(index, int)
            r.move(0, str(m["kind"]), rank, count, index)
    return found
