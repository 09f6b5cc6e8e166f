"""The web table's routes: the page, its static files and labels, join QR codes, the WebSocket.

Takes: a `TableService` and its `Limits`. Produces: a Starlette application (`make_app`).
Guarantees: every HTTP response, the static files included, carries the security headers
(a strict Content-Security-Policy: scripts and styles only from this server, never framed;
no Referer; no sniffing), set by one middleware; a WebSocket is accepted only with a seat's
or the host's token, from a page of this server (`security.origin_allowed`) and while that
seat has fewer than `per_seat` connections; every frame is rate-limited (per connection and
per seat), parsed and size-checked (`protocol.parse`) and handled (`Hub.handle`: the files
are written in a worker thread, so they never hold up other tables) under the table's one
asyncio lock, so two people acting at once are served one after the other. A handler that
fails (any exception) is answered with an `error` frame to its sender and the table goes
on: the lock is released, nothing is logged but one line. An error goes to the client that
caused it only, and after a change every client gets its own new `state`, with only the log
lines it has not been sent yet. Nothing is sent under the lock: each connection has its own
bounded outbox, written by its own task with a send timeout, and a connection that does not
drain is dropped (it may reconnect), so a device that stops reading never stalls a table.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from pathlib import Path
from typing import Any, TypedDict, TypeVar, Unpack

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from lopti_rules.i18n import _
from lopti_rules.serve import protocol
from lopti_rules.serve.labels import catalogue
from lopti_rules.serve.limits import Bucket, Limits
from lopti_rules.serve.limits import server_options as server_options
from lopti_rules.serve.pace import AWAY_AFTER, Pacer, Presence
from lopti_rules.serve.security import Identity, origin_allowed
from lopti_rules.serve.service import TableService
from lopti_rules.serve.table import Refusal

STATIC = Path(str(resources.files("lopti_rules.serve") / "static"))
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the token in the address never leaves in a Referer
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",  # for browsers without frame-ancestors
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
_RAW_HEADERS = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in HEADERS.items()]
LOG = logging.getLogger("lopti.serve")
T = TypeVar("T")


class SecurityHeaders:
    """ASGI middleware: every HTTP response gets `HEADERS` (replacing its own of the same
    names), whichever route or static file it comes from."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name for name, _ in _RAW_HEADERS}
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                message = {**message, "headers": [*kept, *_RAW_HEADERS]}
            await send(message)

        await self.app(scope, receive, with_headers)


def _not_text(frame: bytes) -> Refusal:
    """The refusal of a binary frame (or of a text frame that is not UTF-8)."""
    try:
        frame.decode("utf-8")
    except UnicodeDecodeError:
        return Refusal(_("the message is not UTF-8 text"), None, "malformed")
    return Refusal(_("messages are JSON text frames"), None, "malformed")


def too_fast() -> dict[str, object]:
    """The refusal of a message sent faster than the table's rate."""
    return Refusal(_("too many messages at once: wait a moment"), None, "rate").to_json()


class Fault(Exception):
    """A handler failed (not a refusal): the table goes on, the sender is told."""


def internal_error() -> dict[str, object]:
    text = _("the server could not do that (an internal error); the table goes on")
    return Refusal(text, None, "internal").to_json()


def caught(step: Callable[..., T], *args: Any) -> T:
    """`step(*args)` for a worker thread: a failure comes back as `Fault`, a refusal as
    itself (a StopIteration could not cross into the event loop's future: it would never
    finish, and the table's lock would stay held)."""
    try:
        return step(*args)
    except Refusal:
        raise
    except Exception as exc:
        raise Fault(f"{type(exc).__name__}: {str(exc)[:200]}") from None


# the threads that write the files: a save mostly waits for the disk (fsync), so many tables
# may wait at once; asyncio's default pool (cores + 4) would queue them behind each other
WRITERS = ThreadPoolExecutor(max_workers=32, thread_name_prefix="lopti-save")


async def in_thread(step: Callable[..., T], *args: Any) -> T:
    """`step(*args)` in a writer thread (`caught`); the event loop goes on meanwhile."""
    return await asyncio.get_running_loop().run_in_executor(WRITERS, caught, step, *args)


class Outbox:
    """What is to be sent to one connection, in order: at most `size` frames wait; one send
    may take `timeout` seconds. Frames are sent by a task of their own, or, for the
    connection whose message is being answered, by its own reading loop once the table's
    lock is released (`held`, then `flush`: no extra turn of the event loop for the answer).
    A connection that falls behind (full, a send timed out, gone) is dropped with `gone`."""

    def __init__(
        self, ws: WebSocket, size: int, timeout: float, gone: Callable[[WebSocket], None]
    ) -> None:
        self.ws = ws
        self.frames: deque[str] = deque()
        self.size = size
        self.timeout = timeout
        self.gone = gone
        self.busy = False  # a flush is sending
        self.held = False  # its own reading loop flushes it
        self.task: asyncio.Task[None] | None = None
        self.closed = False

    def put(self, text: str) -> bool:
        if len(self.frames) >= self.size:
            return False
        self.frames.append(text)
        if not self.held and not self.busy and self.task is None:
            self.task = asyncio.ensure_future(self.flush())
        return True

    async def flush(self) -> None:
        """Send every frame waiting, in order (one flush at a time)."""
        if self.busy or self.closed:
            return
        self.busy = True
        try:
            while self.frames and not self.closed:
                text = self.frames.popleft()
                async with asyncio.timeout(self.timeout):  # no task per send (wait_for's)
                    await self.ws.send_text(text)
        except asyncio.CancelledError:
            raise
        except Exception:  # timed out, closed, reset: this connection is dropped
            self.gone(self.ws)
        finally:
            self.busy = False
            if asyncio.current_task() is self.task:
                self.task = None

    @property
    def idle(self) -> bool:
        return not self.frames and not self.busy

    def close(self) -> None:
        self.closed = True
        self.frames.clear()
        if self.task is not None:
            self.task.cancel()


ANSWER_TIMEOUT = 120.0  # seconds a person has to answer a rule's question
GONE_GRACE = 20.0  # seconds, when no device of the asked seat is connected
CALL_WINDOW = 5.0  # seconds the bots wait while a call is due for a person or a race is open


class Hub:
    """The connected clients of one table, the lock that serializes its changes, and the
    clock of a rule's question a person is answering: nobody answers it within
    `answer_timeout` seconds, or within `gone_grace` seconds while no device of that seat
    is connected (a reload comes back sooner), and its default is taken (engine/asks.py);
    and the clock of the table's moment to speak (a call due for a person, a race open): the
    bots wait `call_window` seconds for it, or until it is said or reported."""

    def __init__(
        self,
        service: TableService,
        public_url: str | None = None,
        *,
        answer_timeout: float = ANSWER_TIMEOUT,
        gone_grace: float = GONE_GRACE,
        call_window: float = CALL_WINDOW,
        limits: Limits | None = None,
        beat: float = 0.0,
        away_after: float = AWAY_AFTER,
    ) -> None:
        self.service = service
        self.pacer = Pacer(self, beat)  # the bots' beat and the seats of people gone (pace.py)
        self.presence = Presence(self)
        service.paced = beat > 0
        service.away_after = away_after
        if service.round is not None:
            service.round.paced = service.paced
        self.call_window = call_window
        self.hold: str | None = None  # the table's moment being timed
        self.hold_timer: asyncio.TimerHandle | None = None
        self.public_url = public_url
        self.answer_timeout = answer_timeout
        self.gone_grace = gone_grace
        self.question: str | None = None  # the question being timed
        self.asked_at = 0.0
        self.gone_since: float | None = None
        self.due: float | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.expiring: set[asyncio.Task[None]] = set()
        self.lock = asyncio.Lock()
        self.limits = limits or Limits()
        self.clients: dict[WebSocket, Identity] = {}
        self.told: dict[WebSocket, int] = {}  # log lines each client has been sent
        self.outboxes: dict[WebSocket, Outbox] = {}
        self.buckets: dict[WebSocket, Bucket] = {}
        self.seat_buckets: dict[Identity, Bucket] = {}
        self.closing: set[asyncio.Task[None]] = set()

    def join(self, ws: WebSocket, who: Identity) -> bool:
        """A connection of `who` joins the table (its outbox and rate); False when that
        seat has `per_seat` connections already."""
        if sum(1 for other in self.clients.values() if other == who) >= self.limits.per_seat:
            return False
        limits = self.limits
        self.clients[ws] = who
        self.outboxes[ws] = Outbox(ws, limits.outbox, limits.send_timeout, self.fall_behind)
        self.buckets[ws] = Bucket(limits.rate, limits.burst)
        if who not in self.seat_buckets:
            self.seat_buckets[who] = Bucket(limits.seat_rate, limits.seat_burst)
        return True

    def allowed(self, ws: WebSocket, cost: float) -> bool:
        """Whether the connection and its seat may send a message of `cost` now."""
        mine = self.buckets.get(ws)
        seat = self.seat_buckets.get(self.clients[ws]) if ws in self.clients else None
        if mine is None or seat is None or not mine.take(cost):
            return False
        return seat.take(cost)

    def send_state(self, ws: WebSocket, who: Identity) -> None:
        """The client's own state, with only the log lines it has not been sent yet."""
        try:
            state = self.service.state_for(who, self.told.get(ws, 0))
        except Exception as exc:  # one client's view failing must not stop the others
            LOG.warning("a state could not be built: %s: %s", type(exc).__name__, exc)
            self.send(ws, internal_error())
            return
        self.told[ws] = self.service.log_end
        self.send(ws, state)

    def send(self, ws: WebSocket, data: dict[str, object]) -> None:
        """Put a frame in the connection's outbox (never waits); a full one drops it."""
        outbox = self.outboxes.get(ws)
        if outbox is not None and not outbox.put(json.dumps(data)):
            self.fall_behind(ws)

    def fall_behind(self, ws: WebSocket) -> None:
        """The connection does not drain: it is dropped and closed (it may reconnect)."""
        if ws not in self.clients:
            return
        self.drop(ws)
        task = asyncio.ensure_future(self._close(ws))
        self.closing.add(task)
        task.add_done_callback(self.closing.discard)

    async def _close(self, ws: WebSocket) -> None:
        try:
            await asyncio.wait_for(ws.close(code=1013), self.limits.send_timeout)
        except Exception:  # already gone, or it never reads: the server aborts it in time
            return

    def drop(self, ws: WebSocket) -> None:
        self.clients.pop(ws, None)
        self.told.pop(ws, None)
        self.buckets.pop(ws, None)
        outbox = self.outboxes.pop(ws, None)
        if outbox is not None:
            outbox.close()

    async def drained(self) -> None:
        """Wait until every frame put in an outbox so far has been sent."""
        while not all(o.idle for o in self.outboxes.values()):
            await asyncio.sleep(0.001)

    def broadcast(self) -> None:
        for ws, who in list(self.clients.items()):
            self.send_state(ws, who)

    def watch(self) -> None:
        """(Re)set the clocks of the open question and of the table's moment to speak after
        anything changed (class doc)."""
        self.pacer.watch()
        self.presence.watch()
        loop = asyncio.get_running_loop()
        hold = self.service.holding()
        if hold != self.hold:
            if self.hold_timer is not None:
                self.hold_timer.cancel()
            self.hold = hold
            if hold is not None:
                self.hold_timer = loop.call_later(self.call_window, self._soon, self.go_on, hold)
        open_now = self.service.open_question()
        if open_now is None:
            self.question = self.due = None
            if self.timer is not None:
                self.timer.cancel()
            return
        ask_id, seat = open_now
        now = loop.time()
        if ask_id != self.question:
            self.question, self.asked_at, self.gone_since = ask_id, now, None
        here = any(who.seat == seat for who in self.clients.values())
        self.gone_since = None if here else (self.gone_since or now)
        due = self.asked_at + self.answer_timeout
        if self.gone_since is not None:
            due = min(due, self.gone_since + self.gone_grace)
        if due == self.due:
            return
        if self.timer is not None:
            self.timer.cancel()
        self.due = due
        self.timer = loop.call_at(due, self._soon, self.expire, ask_id)

    def _soon(self, step: Callable[[str], bool], key: str) -> None:
        task = asyncio.ensure_future(self.time_up(step, key))
        self.expiring.add(task)
        task.add_done_callback(self.expiring.discard)

    def go_on(self, hold: str) -> bool:
        """The table's moment to speak has passed: the bots go on."""
        self.hold = None
        return self.service.release(hold)

    def expire(self, ask_id: str) -> bool:
        """The question's time is up: its default is taken."""
        self.due = None
        return self.service.answer_default(ask_id)

    async def time_up(self, step: Callable[[str], bool], key: str) -> None:
        """A clock ran out: `step` (`go_on` or `expire`) under the table's lock; if it
        changed the table, it is saved and everyone is told. A failure is logged in one
        line; the table goes on."""
        async with self.lock:
            try:
                if step(key):
                    await self.record()
                    self.broadcast()
                self.watch()
            except Exception as exc:
                LOG.warning("a clock's step failed: %s: %s", type(exc).__name__, exc)

    async def record(self) -> None:
        """Save what a move changed (`TableService.save`, not waiting for the disk unless
        the round ended); with files, in a worker thread."""
        service = self.service
        if service.dirty and service.table_file is not None:
            await in_thread(service.save, service.round is None or service.round.over)
        elif service.dirty:
            service.save()

    async def handle(self, who: Identity, msg: protocol.Message) -> dict[str, object] | None:
        """Do what `msg` asks; saved before anyone is told. A move (and the bots' replies)
        takes a fraction of a millisecond of CPU and runs here, on the event loop; with
        files, the writing (`save`) waits in a worker thread, so other tables go on. The
        evening's other steps (under the session file's lock) and the checker run in a
        worker thread as a whole: they are rare. A move is not given to a thread: the
        thread would hold Python's interpreter lock while the event loop waits for it to
        send every other table's frames (docs/web.md, Speed)."""
        service = self.service
        files = service.table_file is not None
        if files and not isinstance(msg, protocol.MoveMsg | protocol.AnswerMsg | protocol.CallMsg):
            return await in_thread(service.step, who, msg)
        reply = service.handle(who, msg)
        await self.record()
        return reply

    async def frame(self, ws: WebSocket, who: Identity, text: str | bytes) -> None:
        """One frame from `ws`: parsed, handled under the table's lock, answered. Whatever
        the handler does - refuse, or fail - the lock is released and the sender told."""
        if not self.allowed(ws, 1.0):
            self.send(ws, too_fast())
            return
        try:
            msg = protocol.parse(text)
        except protocol.BadMessage as exc:
            self.send(ws, Refusal(str(exc), None, "malformed").to_json())
            return
        if isinstance(msg, protocol.CheckRuleMsg) and not self.allowed(
            ws, self.limits.check_cost - 1.0
        ):  # the checker runs: a check counts as several messages
            self.send(ws, too_fast())
            return
        mine = self.outboxes.get(ws)
        if mine is not None:
            mine.held = True
        try:
            await self._locked_frame(ws, who, msg)
        finally:
            if mine is not None:
                mine.held = False
                await mine.flush()  # the answer goes out now, the table's lock released

    async def _locked_frame(self, ws: WebSocket, who: Identity, msg: protocol.Message) -> None:
        async with self.lock:
            try:
                reply = await self.handle(who, msg)
            except Refusal as exc:
                self.send(ws, exc.to_json())
                if self.service.reread():  # another writer changed the file: show it
                    self.broadcast()
                return
            except Exception as exc:  # a handler failed: the table goes on
                LOG.warning("`%s` failed: %s: %s", msg.type, type(exc).__name__, exc)
                self.send(ws, internal_error())
                self.service.dirty = True  # whatever it changed is saved and shown
                await self._settle_after_fault()
                return
            if reply is not None:
                self.send(ws, reply)
            if not isinstance(msg, protocol.SettleMsg | protocol.CheckRuleMsg):
                self.broadcast()
                self.watch()

    async def _settle_after_fault(self) -> None:
        try:
            await self.record()
            self.broadcast()
            self.watch()
        except Exception as exc:
            LOG.warning("the table could not be saved after a failure: %s", exc)

    async def run(self, step: Callable[[], Awaitable[None]]) -> None:
        """A connection's own step outside any frame (joining), guarded likewise."""
        try:
            await step()
        except Exception as exc:
            LOG.warning("a connection's step failed: %s: %s", type(exc).__name__, exc)


class HubOptions(TypedDict, total=False):
    """`make_app`'s settings, `Hub`'s keyword arguments (their defaults are `Hub`'s)."""

    public_url: str | None
    answer_timeout: float
    gone_grace: float
    call_window: float
    limits: Limits | None
    beat: float
    away_after: float


def make_app(service: TableService, **options: Unpack[HubOptions]) -> Starlette:
    """The table's application, with `Hub`'s settings; `beat`: seconds between bots' moves
    (0: at once, as the tests play); `away_after`: seconds before a bot plays a gone person's
    seat (0: never)."""
    hub = Hub(service, **options)

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def favicon(request: Request) -> Response:
        """Browsers ask for it whatever the page names: never a 404."""
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml", headers=HEADERS)

    async def page_labels(request: Request) -> Response:
        return JSONResponse(catalogue(request.query_params.get("lang")))

    async def qr(request: Request) -> Response:
        who = service.tokens.identify(request.query_params.get("t"))
        if who is None or not who.host:
            return Response(_("only the host may show join codes"), 403)
        try:
            seat = int(request.query_params.get("seat", ""))
            token = service.tokens.seat[seat]
        except (ValueError, IndexError):
            return Response(_("there is no such seat"), 404)
        base = (hub.public_url or str(request.base_url)).rstrip("/")
        return Response(qr_svg(f"{base}/?t={token}"), media_type="image/svg+xml")

    async def socket(ws: WebSocket) -> None:
        if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host")):
            await ws.close(code=1008)
            return
        who = service.tokens.identify(ws.query_params.get("t"))
        if who is None:
            await ws.close(code=1008)
            return
        await ws.accept()

        async def first_state() -> None:
            async with hub.lock:
                if not hub.join(ws, who):
                    await ws.close(code=1013)  # this seat has too many connections
                    return
                hub.send_state(ws, who)
                hub.watch()

        await hub.run(first_state)
        try:
            while ws in hub.clients:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                frame = message.get("text")
                if not isinstance(frame, str):
                    hub.send(ws, _not_text(message.get("bytes") or b"").to_json())
                    continue
                await hub.frame(ws, who, frame)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hub.drop(ws)
            hub.watch()

    routes = [
        Route("/", index),
        Route("/favicon.ico", favicon),
        Route("/labels.json", page_labels),
        Route("/qr.svg", qr),
        WebSocketRoute("/ws", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, middleware=[Middleware(SecurityHeaders)])
    app.state.hub = hub
    return app


def qr_svg(link: str) -> str:
    """The join link as an SVG QR code (no fonts, no scripts)."""
    import qrcode
    import qrcode.image.svg

    image = qrcode.make(link, image_factory=qrcode.image.svg.SvgPathImage, box_size=8)
    text = image.to_string(encoding="unicode")
    return text if isinstance(text, str) else bytes(text).decode("utf-8")
