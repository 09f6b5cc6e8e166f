"""Helpers for the browser tests: the system's chromium (Playwright), a table served by
uvicorn on 127.0.0.1 in a thread, and pages opened on it."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lopti_rules.serve.app import make_app, server_options
from lopti_rules.serve.evening import Evening
from lopti_rules.serve.service import TableService, table_file_for

CHROMIUM = shutil.which("chromium")
ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "examples" / "packs" / "gentle.yaml"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 900}


@dataclass
class Served:
    service: TableService
    base: str

    @property
    def host_url(self) -> str:
        return f"{self.base}/?t={self.service.tokens.host}"

    def seat_url(self, seat: int) -> str:
        return f"{self.base}/?t={self.service.tokens.seat[seat]}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def launched() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@contextmanager
def served_table(tmp_path: Path, *, beat: float = 0.0, away_after: float = 0.0) -> Iterator[Served]:
    """A table for the gentle pack's four players, its evening in a session file; the bots'
    `beat` and the time before a bot plays a gone person's seat (`away_after`, 0: never),
    as `make_app` takes them."""
    import uvicorn

    from lopti_rules.cli.play import load_rules_of

    pack, _, names = load_rules_of(str(PACK), None)
    rules = [(names[e.author], e.source.text) for e in pack.entries]
    path = tmp_path / "evening.yaml"
    service = TableService(
        Evening.open(path, names, rules), table_file=table_file_for(path), seed=11
    )
    port = free_port()
    options: Any = server_options()  # as `lopti serve` runs
    config = uvicorn.Config(
        make_app(service, beat=beat, away_after=away_after), host="127.0.0.1", port=port, **options
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "the server did not start"
    try:
        yield Served(service, f"http://127.0.0.1:{port}")
    finally:
        server.should_exit = True
        thread.join(10)


def open_page(
    browser: Any, url: str, *, phone: bool = False, size: dict[str, int] | None = None
) -> Any:
    """A new device (its own context) on `url`, once the page has its first state."""
    viewport = size or (PHONE if phone else DESKTOP)
    mobile = viewport["width"] < 600
    context = browser.new_context(
        viewport=viewport,
        is_mobile=mobile,
        has_touch=mobile,
        device_scale_factor=2 if mobile else 1,
    )
    page = context.new_page()
    page.set_default_timeout(30000)
    page.goto(url)
    page.wait_for_function("() => typeof state !== 'undefined' && state !== null")
    return page
