"""The table's two clocks for people and bots: the bots' beat, and the seats of people gone.

Takes: a table's hub (its service, its clients, its lock: `Hub`, the part of app.py's hub
the clocks read). Produces: `Pacer` - while a bot is
to move, its move comes `beat` seconds after the last change, one bot at a time, so people
can follow each play (0: the bots move at once); `Presence` - a person's seat with no device
connected for the `away_after` seconds the host set (0: never) is played by a bot from then
on (serve/standin.py), and given back as soon as a device of that seat connects again.
Guarantees: every change runs under the table's lock, through `Hub.time_up` (saved, then
everyone is told, then the clocks are set again); a clock whose moment has passed does
nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol

from lopti_rules.serve.security import Identity
from lopti_rules.serve.service import TableService

if TYPE_CHECKING:
    from starlette.websockets import WebSocket

BEAT = 0.6  # seconds between two bots' moves (`lopti serve --beat`)
AWAY_AFTER = 60.0  # seconds before a bot plays a gone person's seat (`lopti serve --away`)


class Hub(Protocol):
    """What the clocks read of a table's hub (app.py): its service, who is connected, and
    the way a clock's step is run under the table's lock."""

    service: TableService

    @property
    def clients(self) -> Mapping[WebSocket, Identity]: ...

    async def time_up(self, step: Callable[[str], bool], key: str) -> None: ...


class _Clock:
    __slots__ = ("hub", "tasks")

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.tasks: set[asyncio.Task[None]] = set()

    def run(self, step: Callable[[str], bool], key: str) -> None:
        """Run `step(key)` soon, under the table's lock (`Hub.time_up`)."""
        task = asyncio.ensure_future(self.hub.time_up(step, key))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


class Pacer(_Clock):
    """The bots' beat (module doc)."""

    __slots__ = ("beat", "timer")

    def __init__(self, hub: Hub, beat: float) -> None:
        super().__init__(hub)
        self.beat = beat
        self.timer: asyncio.TimerHandle | None = None

    def watch(self) -> None:
        if self.beat <= 0 or self.timer is not None or not self.hub.service.bot_due():
            return
        self.timer = asyncio.get_running_loop().call_later(self.beat, self._tick)

    def _tick(self) -> None:
        self.timer = None
        self.run(lambda _key: self.hub.service.bot_step(), "beat")


class Presence(_Clock):
    """The seats of people gone (module doc)."""

    __slots__ = ("seen", "timers")

    def __init__(self, hub: Hub) -> None:
        super().__init__(hub)
        self.seen: set[int] = set()  # the seats with a device connected, as last seen
        self.timers: dict[int, asyncio.TimerHandle] = {}

    def watch(self) -> None:
        service = self.hub.service
        r = service.round
        here = {who.seat for who in self.hub.clients.values() if who.seat is not None}
        back, self.seen = here - self.seen, here
        if r is None or r.over:
            self._cancel(set(self.timers))
            return
        for seat in back & r.standins:
            self.run(self._back, str(seat))
        gone = {
            s for s, kind in enumerate(r.kinds) if kind == "person" and s not in r.standins
        } - here
        self._cancel(set(self.timers) - gone)
        if service.away_after <= 0:
            self._cancel(set(self.timers))
            return
        loop = asyncio.get_running_loop()
        for seat in gone - set(self.timers):
            self.timers[seat] = loop.call_later(service.away_after, self._away, seat)

    def _away(self, seat: int) -> None:
        self.timers.pop(seat, None)
        self.run(self._stand_in, str(seat))

    def _back(self, seat: str) -> bool:
        return self.hub.service.give_back(int(seat))

    def _stand_in(self, seat: str) -> bool:
        return self.hub.service.stand_in(int(seat))

    def _cancel(self, seats: set[int]) -> None:
        for seat in seats:
            timer = self.timers.pop(seat, None)
            if timer is not None:
                timer.cancel()
