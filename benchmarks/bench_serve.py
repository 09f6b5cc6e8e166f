"""Benchmark the web table: many tables at once, scripted clients over real WebSockets.

Run: `.venv/bin/python benchmarks/bench_serve.py [--tables 100] [--seconds 10] [--think 0]
[--files]`

A child process serves `--tables` tables (each the same `TableService` and routes as
`lopti serve`, mounted at /t0, /t1, ...) with uvicorn on 127.0.0.1. This process opens one
WebSocket per table as its host, deals rounds of one person against three bots and makes
the person's first legal move as soon as the state arrives, round after round, until
`--seconds` have passed or `--max-moves` moves were made. A move's round trip is from
sending it to receiving the state it produced (the bots' replies included). Prints the
moves per second, the p50/p99 round trip, and the CPU time the server and the clients used
(they share this machine's cores; other work on it slows the round trips, not the CPU time
per move). With `--think S` each client waits S seconds before each move, as a person
does; with 0 (the default) the clients play as fast as the server answers, which measures
its capacity (the round trip is then mostly queueing). With `--files`, every table keeps
its evening in a session file (written, atomically, after every move) under a temporary
folder. The server runs with `lopti serve`'s limits (`serve/limits.py`), except the caps on
connections per address and in all, since every client here comes from 127.0.0.1.
Aim (issues 16, 27): 100 tables with p99 under 50 ms, with files too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import socket
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _cpu_seconds(pid: int) -> float | None:
    """The CPU time (user + system) process `pid` has used so far (Linux), or None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def serve(port: int, tables: int, folder: str | None, tokens: Any) -> None:
    """The child process: `tables` tables behind one uvicorn server."""
    import uvicorn
    from starlette.applications import Starlette
    from starlette.routing import Mount

    from lopti_rules.serve.app import make_app
    from lopti_rules.serve.evening import Evening
    from lopti_rules.serve.limits import Limits, server_options
    from lopti_rules.serve.service import TableService, table_file_for

    # `lopti serve`'s limits, except that every client here comes from one address
    limits = Limits(per_address=10 * tables, max_connections=10 * tables)

    routes = []
    for i in range(tables):
        path = Path(folder) / f"t{i}.yaml" if folder else None
        service = TableService(
            Evening.open(path, NAMES), table_file=table_file_for(path), seed=1000 + i
        )
        tokens.append(service.tokens.host)
        routes.append(Mount(f"/t{i}", make_app(service, limits=limits)))
    options: Any = server_options(limits)  # the settings `lopti serve` runs with
    uvicorn.run(Starlette(routes=routes), host="127.0.0.1", port=port, **options)


async def table_client(
    url: str, until: float, budget: list[int], times: list[float], rounds: list[int], think: float
) -> None:
    import websockets

    async with websockets.connect(url, max_size=None) as ws:

        async def state() -> dict[str, Any]:
            while True:
                msg = json.loads(await ws.recv())
                if msg["type"] == "state":
                    return dict(msg)
                if msg["type"] == "error":
                    raise RuntimeError(msg["message"])

        current = await state()
        while time.monotonic() < until and budget[0] > 0:
            if current["game"] is None or current["game"]["over"]:
                await ws.send(json.dumps({"type": "new_round", "cards": "web"}))
                current = await state()
                rounds[0] += 1
                for ask in current["asks"]:
                    await ws.send(json.dumps({"type": "answer", "id": ask["id"], "choice": "keep"}))
                    current = await state()
                continue
            move = {k: v for k, v in current["legal"][0].items() if k != "label"}
            if think:
                await asyncio.sleep(think)  # a person takes a moment to choose
            started = time.perf_counter()
            await ws.send(json.dumps({"type": "move", "seq": current["seq"], "move": move}))
            current = await state()
            times.append(time.perf_counter() - started)
            budget[0] -= 1


async def run_clients(
    base: str, tokens: list[str], seconds: float, max_moves: int, think: float, server: int
) -> None:
    times: list[float] = []
    rounds = [0]
    budget = [max_moves]
    started = time.monotonic()
    until = started + seconds
    cpu_server, cpu_clients = _cpu_seconds(server), time.process_time()
    await asyncio.gather(
        *(
            table_client(f"{base}/t{i}/ws?t={token}", until, budget, times, rounds, think)
            for i, token in enumerate(tokens)
        )
    )
    elapsed = time.monotonic() - started
    cpu_clients = time.process_time() - cpu_clients
    end_server = _cpu_seconds(server)
    times.sort()
    p50 = statistics.median(times) * 1000
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))] * 1000
    print(
        f"tables: {len(tokens)}, rounds dealt: {rounds[0]}, moves: {len(times)} in {elapsed:.1f} s"
    )
    print(f"moves/s: {len(times) / elapsed:.0f}")
    print(f"move round trip: p50 {p50:.1f} ms, p99 {p99:.1f} ms (aim: p99 < 50 ms)")
    moves = max(1, len(times))
    if cpu_server is not None and end_server is not None:
        used = end_server - cpu_server
        print(f"server CPU: {used:.1f} s ({used / moves * 1000:.2f} ms per move)")
    print(f"clients' CPU: {cpu_clients:.1f} s ({cpu_clients / moves * 1000:.2f} ms per move)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--max-moves", type=int, default=200_000)
    parser.add_argument("--files", action="store_true", help="keep each evening in a file")
    parser.add_argument(
        "--think", type=float, default=0.0, help="seconds a client waits before each move"
    )
    args = parser.parse_args()
    if not 1 <= args.tables <= 500 or not 0 < args.seconds <= 120:
        parser.error("--tables 1..500, --seconds up to 120")
    port = _free_port()
    with tempfile.TemporaryDirectory() as folder, multiprocessing.Manager() as manager:
        tokens = manager.list()
        child = multiprocessing.Process(
            target=serve, args=(port, args.tables, folder if args.files else None, tokens)
        )
        child.start()
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                        break
                except OSError:
                    time.sleep(0.1)
            else:
                raise SystemExit("the server did not start")
            base = f"ws://127.0.0.1:{port}"
            assert child.pid is not None
            clients = run_clients(
                base, list(tokens), args.seconds, args.max_moves, args.think, child.pid
            )
            asyncio.run(clients)
        finally:
            child.terminate()
            child.join(10)


if __name__ == "__main__":
    main()
