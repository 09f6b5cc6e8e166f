"""A minimal LSP client: JSON-RPC with Content-Length framing to `lopti lsp` in a subprocess.

For the tests, `benchmarks/bench_lsp.py` and `editors/screenshot.py`, which talk to the real
server the way an editor does. Standard library only (no pygls). `Client` starts
`python -m lopti_rules lsp`, sends requests and notifications, and collects
what the server sends (a reader thread puts each message on a queue). `request` waits for
the response to its id; `diagnostics(uri)` waits for the next `publishDiagnostics` for that
document. Everything times out after a few seconds, so a hung server fails a test.
"""

from __future__ import annotations

import contextlib
import json
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any

TIMEOUT = 20.0

Message = dict[str, Any]


def frame(message: Message) -> bytes:
    body = json.dumps(message).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_message(stream: IO[bytes]) -> Message | None:
    """One framed message from the stream, or None at its end."""
    length = None
    while True:
        header = stream.readline()
        if not header:
            return None
        if header in (b"\r\n", b"\n"):
            break
        name, _, value = header.decode("ascii").partition(":")
        if name.strip().lower() == "content-length":
            length = int(value)
    assert length is not None, "a message without Content-Length"
    loaded: Message = json.loads(stream.read(length))
    return loaded


class Client:
    def __init__(self, root: Path, options: dict[str, Any] | None = None) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "lopti_rules", "lsp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.inbox: queue.Queue[Message] = queue.Queue()
        self.pending: list[Message] = []
        self.next_id = 0
        self.versions: dict[str, int] = {}
        threading.Thread(target=self._read, daemon=True).start()
        self.capabilities = self.request(
            "initialize",
            {
                "processId": None,
                "rootUri": root.as_uri(),
                "capabilities": {},
                "initializationOptions": options or {},
            },
        )["capabilities"]
        self.notify("initialized", {})

    def _read(self) -> None:
        assert self.process.stdout is not None
        while (message := read_message(self.process.stdout)) is not None:
            self.inbox.put(message)

    def send(self, message: Message) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(frame({"jsonrpc": "2.0", **message}))
        self.process.stdin.flush()

    def notify(self, method: str, params: Any) -> None:
        self.send({"method": method, "params": params})

    def request(self, method: str, params: Any) -> Any:
        self.next_id += 1
        ident = self.next_id
        self.send({"id": ident, "method": method, "params": params})
        response = self.wait(lambda m: m.get("id") == ident and "method" not in m)
        assert "error" not in response, response["error"]
        return response.get("result")

    def wait(self, wanted: Any, timeout: float = TIMEOUT) -> Message:
        """The first message (kept back earlier or new) for which `wanted` is true."""
        for index, message in enumerate(self.pending):
            if wanted(message):
                return self.pending.pop(index)
        while True:
            try:
                message = self.inbox.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError("the server sent nothing expected in time") from None
            if wanted(message):
                return message
            self.pending.append(message)

    def diagnostics(self, uri: str, timeout: float = TIMEOUT) -> list[Message]:
        message = self.wait(
            lambda m: (
                m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
            ),
            timeout,
        )
        found: list[Message] = message["params"]["diagnostics"]
        return found

    def open(self, uri: str, text: str, language: str = "lopti") -> list[Message]:
        self.versions[uri] = 1
        item = {"uri": uri, "languageId": language, "version": 1, "text": text}
        self.notify("textDocument/didOpen", {"textDocument": item})
        return self.diagnostics(uri)

    def change(self, uri: str, text: str) -> list[Message]:
        """Replace the whole text (as a client with full sync would) and wait for the check."""
        return self._changed(uri, {"text": text})

    def edit(self, uri: str, edit: Message) -> list[Message]:
        """Send one incremental change (an LSP TextEdit) and wait for the check."""
        return self._changed(uri, {"range": edit["range"], "text": edit["newText"]})

    def burst(self, uri: str, edits: list[Message]) -> list[Message]:
        """Send several incremental changes at once, as fast typing does, and wait for the
        diagnostics of the last one (the server may skip the ones in between)."""
        for edit in edits:
            self._send_change(uri, {"range": edit["range"], "text": edit["newText"]})
        last = self.versions[uri]
        message = self.wait(
            lambda m: (
                m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["uri"] == uri
                and m["params"].get("version") == last
            )
        )
        found: list[Message] = message["params"]["diagnostics"]
        return found

    def _changed(self, uri: str, change: Message) -> list[Message]:
        self._send_change(uri, change)
        return self.diagnostics(uri)

    def _send_change(self, uri: str, change: Message) -> None:
        self.versions[uri] += 1
        document = {"uri": uri, "version": self.versions[uri]}
        self.notify(
            "textDocument/didChange", {"textDocument": document, "contentChanges": [change]}
        )

    def at(self, method: str, uri: str, line: int, character: int) -> Any:
        position = {"line": line, "character": character}
        return self.request(method, {"textDocument": {"uri": uri}, "position": position})

    def close(self) -> None:
        """Shut the server down (unless it has ended already) and close the pipes."""
        try:
            if self.process.poll() is None:
                self.request("shutdown", None)
                self.notify("exit", None)
                self.process.wait(timeout=TIMEOUT)
        finally:
            if self.process.poll() is None:
                self.process.kill()
            for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
                if stream is not None:
                    with contextlib.suppress(BrokenPipeError):
                        stream.close()


def utf16_index(line: str, character: int) -> int:
    """The code-point index on `line` of an LSP character offset in UTF-16 units."""
    units = 0
    for index, char in enumerate(line):
        if units >= character:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    return len(line)
