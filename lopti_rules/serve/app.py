"""The web table's routes: the page, its static files and labels, join QR codes, the WebSocket.

Takes: a `TableService`. Produces: a Starlette application (`make_app`). Guarantees: the
page and its files are served with a strict Content-Security-Policy (scripts and styles
only from this server, not framed); a WebSocket is accepted only with a seat's or the
host's token and from a page of this server (`security.origin_allowed`); every frame is
parsed and size-checked (`protocol.parse`) and handled (`Hub.handle`: the files are written
in a worker thread, so they never hold up other tables) under the table's one asyncio lock,
so two people acting at once are served one after the other; an error goes to the client
that caused it only, and after a change every client gets its own new `state`, with only
the log lines it has not been sent yet.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from lopti_rules.serve import protocol
from lopti_rules.serve.labels import catalogue
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
}


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
        self.clients: dict[WebSocket, Identity] = {}
        self.told: dict[WebSocket, int] = {}  # log lines each client has been sent

    async def send_state(self, ws: WebSocket, who: Identity) -> None:
        """The client's own state, with only the log lines it has not been sent yet."""
        state = self.service.state_for(who, self.told.get(ws, 0))
        self.told[ws] = self.service.log_end
        await self.send(ws, state)

    async def send(self, ws: WebSocket, data: dict[str, object]) -> None:
        try:
            await ws.send_text(json.dumps(data))
        except (RuntimeError, WebSocketDisconnect, OSError):
            self.drop(ws)

    def drop(self, ws: WebSocket) -> None:
        self.clients.pop(ws, None)
        self.told.pop(ws, None)

    async def broadcast(self) -> None:
        for ws, who in list(self.clients.items()):
            await self.send_state(ws, who)

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
        changed the table, it is saved and everyone is told."""
        async with self.lock:
            if step(key):
                await self.record()
                await self.broadcast()
            self.watch()

    async def record(self) -> None:
        """Save what changed (`TableService.save`); with files, in a worker thread."""
        service = self.service
        if service.dirty and service.table_file is not None:
            await asyncio.to_thread(service.save)
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
            return await asyncio.to_thread(service.step, who, msg)
        reply = service.handle(who, msg)
        await self.record()
        return reply

    async def frame(self, ws: WebSocket, who: Identity, text: str) -> None:
        try:
            msg = protocol.parse(text)
        except protocol.BadMessage as exc:
            await self.send(ws, Refusal(str(exc), None, "malformed").to_json())
            return
        async with self.lock:
            try:
                reply = await self.handle(who, msg)
            except Refusal as exc:
                await self.send(ws, exc.to_json())
                return
            if reply is not None:
                await self.send(ws, reply)
            if not isinstance(msg, protocol.SettleMsg | protocol.CheckRuleMsg):
                await self.broadcast()
                self.watch()


def make_app(
    service: TableService,
    *,
    public_url: str | None = None,
    answer_timeout: float = ANSWER_TIMEOUT,
    gone_grace: float = GONE_GRACE,
    call_window: float = CALL_WINDOW,
    beat: float = 0.0,
    away_after: float = AWAY_AFTER,
) -> Starlette:
    """The table's application; `beat`: seconds between bots' moves (0: at once, as the
    tests play); `away_after`: seconds before a bot plays a gone person's seat (0: never)."""
    hub = Hub(
        service,
        public_url,
        answer_timeout=answer_timeout,
        gone_grace=gone_grace,
        call_window=call_window,
        beat=beat,
        away_after=away_after,
    )

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=HEADERS)

    async def favicon(request: Request) -> Response:
        """Browsers ask for it whatever the page names: never a 404."""
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml", headers=HEADERS)

    async def page_labels(request: Request) -> Response:
        return JSONResponse(catalogue(request.query_params.get("lang")), headers=HEADERS)

    async def qr(request: Request) -> Response:
        who = service.tokens.identify(request.query_params.get("t"))
        if who is None or not who.host:
            return Response("only the host may show join codes", 403)
        try:
            seat = int(request.query_params.get("seat", ""))
            token = service.tokens.seat[seat]
        except (ValueError, IndexError):
            return Response("no such seat", 404)
        base = (hub.public_url or str(request.base_url)).rstrip("/")
        return Response(qr_svg(f"{base}/?t={token}"), media_type="image/svg+xml", headers=HEADERS)

    async def socket(ws: WebSocket) -> None:
        if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host")):
            await ws.close(code=1008)
            return
        who = service.tokens.identify(ws.query_params.get("t"))
        if who is None:
            await ws.close(code=1008)
            return
        await ws.accept()
        async with hub.lock:
            hub.clients[ws] = who
            await hub.send_state(ws, who)
            hub.watch()
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if not isinstance(text, str):
                    refusal = Refusal("messages are JSON text frames", None, "malformed")
                    await hub.send(ws, refusal.to_json())
                    continue
                await hub.frame(ws, who, text)
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
    app = Starlette(routes=routes)
    app.state.hub = hub
    return app


def server_options() -> dict[str, object]:
    """uvicorn's settings for the web table (`lopti serve` and benchmarks/bench_serve.py):
    a frame a little over `protocol.MAX_FRAME` is cut off by the server itself, and
    WebSocket messages are not compressed (permessage-deflate): a state is a few KB that
    the local network carries at once, and compressing it cost the server more CPU per move
    than building it (docs/web.md, Speed)."""
    return {
        "log_level": "warning",
        "ws_max_size": protocol.MAX_FRAME + 1024,
        "ws_per_message_deflate": False,
    }


def qr_svg(link: str) -> str:
    """The join link as an SVG QR code (no fonts, no scripts)."""
    import qrcode
    import qrcode.image.svg

    image = qrcode.make(link, image_factory=qrcode.image.svg.SvgPathImage, box_size=8)
    text = image.to_string(encoding="unicode")
    return text if isinstance(text, str) else bytes(text).decode("utf-8")
