"""Pauses: a move that stops at an ask nobody can answer yet, and goes on when it is answered.

The engine resolves a move as one call (`Game.apply`): the cards land, the hooks run, the
variants ask, the turn passes. An ask inside it goes to the chooser on the game's bus
(engine/asks.py), synchronously. A chooser that cannot answer now (a person at the web
table, whose answer comes in a later message) calls `pause.wait(ask)`: run under the pause,
the move stops exactly there, inside the hook, action or variant that asked, until
`pause.answer` gives the answer, which the chooser returns:

    pause = Pause()
    ask = pause.start(lambda: game.apply(move))  # None: the move is done
    while ask is not None:                       # the game waits at `ask` (`pause.pending`)
        ask = pause.answer(reply)                # goes on from there: the next ask, or None

Guarantees:
- Nothing is undone, dealt again or replayed: `answer` goes on from the point that asked, so
  an answer costs the same at any move of a round. A timeout's default is an answer like any
  other (`pause.answer(pause.pending.default)`).
- One thing at a time: while a pause waits, the game stands half-way through the move (to be
  seen: its `view`, the narration so far; `resolving` is true) and the only way on is
  `answer`. The work runs on a thread of the pause's own, but never while its caller runs:
  `start` and `answer` return only once the work waits again or is done, so a game under a
  pause is as deterministic as one played straight through, and read by one thread at a
  time. The thread is kept for the next work (starting a thread cost about 100 µs of CPU,
  handing work to the kept one costs about 30) and ends once idle for `IDLE` seconds, so a
  pause nobody uses holds no thread.
- Errors come out where the work was started: an `IllegalMoveError` (which changes nothing)
  or any other exception the work raises is raised again by `start` or `answer`.
- An answer is checked as the engine checks a chooser's (`Ask.check`): one the ask does not
  allow raises `AnswerError`, and the work keeps waiting for one it does.
- `close` abandons a waiting move (its game stands half-way: it must not be played on). A
  pause left waiting holds its daemon thread, which never keeps the process alive.
- Called from anywhere but the work of a running pause (a simulation, a round replaying its
  recorded answers), `wait` returns None: the ask takes its default, as for any chooser that
  does not answer.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable

from lopti_rules.engine.asks import Answer, Ask

IDLE = 30.0  # seconds a pause's thread waits for more work before it ends


class Abandoned(BaseException):
    """Raised inside a waiting move that `Pause.close` abandons, to unwind its thread (a
    BaseException, so that no `except Exception` on the way catches it)."""


# what the work's thread tells its caller: it waits at an ask, it is done, or it failed
_ASKS, _DONE, _FAILED = 0, 1, 2


class Pause:
    """Runs work on a game (a move, a report) that may stop at asks answered later."""

    __slots__ = ("_back", "_lock", "_running", "_to_work", "_worker", "pending")

    def __init__(self) -> None:
        # to the thread: work to run, or the answer (or Abandoned) the work waits for
        self._to_work: queue.SimpleQueue[Callable[[], None] | Answer | Abandoned] = (
            queue.SimpleQueue()
        )
        self._back: queue.SimpleQueue[tuple[int, object]] = queue.SimpleQueue()
        self._lock = threading.Lock()  # the thread's start and its idle end
        self._worker: threading.Thread | None = None  # the pause's thread, while it lives
        self._running = False  # work was started and is not done yet
        self.pending: Ask | None = None  # the ask the work waits at, if any

    def start(self, work: Callable[[], None]) -> Ask | None:
        """Run `work` until it waits at an ask (returned) or is done (None)."""
        if self._running:
            raise RuntimeError("this pause is still running a move")
        self._running = True
        with self._lock:
            if self._worker is None:
                self._worker = threading.Thread(target=self._serve, daemon=True, name="lopti-pause")
                self._worker.start()
            self._to_work.put(work)
        return self._next()

    def answer(self, reply: object) -> Ask | None:
        """Answer the pending ask and go on: the next ask the work waits at, or None when it is
        done. AnswerError, and the work still waits, if the ask does not allow `reply`."""
        ask = self.pending
        if ask is None:
            raise RuntimeError("no ask is waiting for an answer")
        checked = ask.check(reply)
        self.pending = None
        self._to_work.put(checked)
        return self._next()

    def close(self) -> None:
        """Abandon the waiting move, if any."""
        if self.pending is not None:
            self.pending = None
            self._to_work.put(Abandoned())
            self._next()

    def wait(self, ask: Ask) -> Answer | None:
        """A chooser's answer to `ask` that must wait: on the work's thread, stop there until
        `answer` gives it; anywhere else, None (the ask's default)."""
        if not self._running or self._worker is not threading.current_thread():
            return None
        self._back.put((_ASKS, ask))
        reply = self._to_work.get()
        if isinstance(reply, Abandoned):
            raise reply
        assert not callable(reply)  # only `answer` speaks while the work waits
        return reply

    def _serve(self) -> None:
        """The pause's thread: run each work given, until none comes for `IDLE` seconds."""
        while True:
            try:
                work = self._to_work.get(timeout=IDLE)
            except queue.Empty:
                with self._lock:
                    if self._to_work.empty():  # nothing came meanwhile: `start` makes another
                        self._worker = None
                        return
                continue
            assert callable(work)
            try:
                work()
            except BaseException as exc:  # raised again on the caller's side
                self._back.put((_FAILED, exc))
            else:
                self._back.put((_DONE, None))

    def _next(self) -> Ask | None:
        kind, said = self._back.get()
        if kind == _ASKS:
            assert isinstance(said, Ask)
            self.pending = said
            return said
        self._running = False
        if kind == _FAILED and not isinstance(said, Abandoned):
            assert isinstance(said, BaseException)
            raise said
        return None
