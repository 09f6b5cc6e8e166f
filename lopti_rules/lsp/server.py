"""The pygls server: documents in, diagnostics, completion, hover, formatting and fixes out.

`serve()` runs it over stdio (`lopti lsp`) and returns its exit code: 0 after the client's
`shutdown` and `exit`, 1 for an `exit` without a `shutdown` (as the protocol says). Every
open document is checked on open, on each change and on save, and its diagnostics published
as soon as the check ends (a burst of changes is checked once: `LoptiServer`;
`benchmarks/bench_lsp.py` times both). Checks run in a background thread, so the server
keeps answering (completion, hover, formatting) while a large file is checked, and a check
of a text that has changed since is never started; one already running is let finish and
its result dropped. Saving a pack, or a new `pack` setting, checks every open document
again, since the rules in force may have changed. Positions follow the encoding pygls
agrees with the client (UTF-16 unless the client offers another). A code action whose
`data` is not a fix this server made (a client may send anything back) offers nothing.
"""

from __future__ import annotations

import asyncio
import os
import queue
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace import TextDocument

from lopti_rules import __version__
from lopti_rules.lsp import complete, convert, hover
from lopti_rules.lsp.diagnose import Checked, check_document, document_path, is_checked
from lopti_rules.lsp.table import Table
from lopti_rules.lsp.words import spot

_KINDS = {
    "event": types.CompletionItemKind.Event,
    "field": types.CompletionItemKind.Field,
    "value": types.CompletionItemKind.EnumMember,
    "role": types.CompletionItemKind.Variable,
    "keyword": types.CompletionItemKind.Keyword,
}


SETTLE = 0.005  # seconds a change waits for the next one of a burst before it is checked


class Checker:
    """One background thread that runs checks in turn. A daemon: at `exit` the process ends
    at once, even in the middle of checking a large file (nothing is written by a check)."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[tuple[Callable[[], Checked], Future[Checked]] | None]
        self._jobs = queue.SimpleQueue()
        threading.Thread(target=self._work, name="lopti-check", daemon=True).start()

    def submit(self, job: Callable[[], Checked]) -> Future[Checked]:
        done: Future[Checked] = Future()
        self._jobs.put((job, done))
        return done

    def stop(self) -> None:
        self._jobs.put(None)

    def _work(self) -> None:
        while (item := self._jobs.get()) is not None:
            job, done = item
            try:
                done.set_result(job())
            except BaseException as exc:  # handed to the waiting side, which raises it there
                done.set_exception(exc)


class LoptiServer(LanguageServer):
    """The server, with the workspace's table and each open document's last check.

    A change is checked `SETTLE` seconds after it arrives, from the document's newest text
    then: the changes of a burst of keystrokes (and those that queue up while a check runs)
    are checked once, together, not once each. The check runs on one background thread, one
    document at a time; when it ends, its diagnostics are published only if the document is
    still at the version checked, else the newest text is checked instead."""

    def __init__(self) -> None:
        super().__init__("lopti", __version__)
        self.table = Table()
        self.checked: dict[str, Checked] = {}
        self.shut_down = False  # the client asked `shutdown` before `exit` (exit code 0)
        self._due: set[str] = set()
        self._running: set[str] = set()  # documents whose check is under way
        self._checker = Checker()

    def check(self, uri: str) -> None:
        """Check a document shortly, once however many changes arrive meanwhile."""
        if uri not in self._due:
            self._due.add(uri)
            asyncio.get_running_loop().call_later(SETTLE, self._check_now, uri)

    def _check_now(self, uri: str) -> None:
        self._due.discard(uri)
        if uri not in self.workspace.text_documents or uri in self._running:
            return  # closed meanwhile; or checked again when the running check ends
        doc = self.workspace.get_text_document(uri)
        path = document_path(doc.path, uri)
        if not is_checked(path, doc.source):
            self.checked.pop(uri, None)
            self._publish(uri, [], doc.version)
            return
        self._running.add(uri)
        version = doc.version
        text, table = doc.source, self.table
        job = self._checker.submit(lambda: check_document(path, text, table))
        loop = asyncio.get_running_loop()
        job.add_done_callback(
            lambda done: loop.call_soon_threadsafe(self._checked, uri, version, done)
        )

    def _checked(self, uri: str, version: int | None, done: Future[Checked]) -> None:
        """A check has ended: publish it, or check the newer text the document has now."""
        self._running.discard(uri)
        if uri not in self.workspace.text_documents:
            return
        doc = self.workspace.get_text_document(uri)
        if doc.version != version:
            self.check(uri)  # stale: the text changed while it was checked
            return
        checked = done.result()
        self.checked[uri] = checked
        self._publish(uri, convert.to_lsp(checked, doc.position_codec, uri), doc.version)

    def stop_checking(self) -> None:
        """Stop the background thread once its current check ends (at exit)."""
        self._checker.stop()

    def check_all(self) -> None:
        for uri in list(self.workspace.text_documents):
            self.check(uri)

    def _publish(self, uri: str, diagnostics: list[types.Diagnostic], version: int | None) -> None:
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version)
        )


def build() -> LoptiServer:
    server = LoptiServer()

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: LoptiServer, params: None) -> None:
        ls.shut_down = True

    @server.feature(types.INITIALIZE)
    def initialize(ls: LoptiServer, params: types.InitializeParams) -> None:
        root = params.root_uri
        if params.workspace_folders:
            root = params.workspace_folders[0].uri
        folder = to_fs_path(root) if root else None
        ls.table = Table(Path(folder) if folder else None, _setting(params.initialization_options))

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def configuration(ls: LoptiServer, params: types.DidChangeConfigurationParams) -> None:
        settings = params.settings
        if isinstance(settings, dict) and isinstance(settings.get("lopti"), dict):
            settings = settings["lopti"]
        ls.table = Table(ls.table.root, _setting(settings))
        ls.check_all()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: LoptiServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.check(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: LoptiServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.check(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: LoptiServer, params: types.DidSaveTextDocumentParams) -> None:
        pack = ls.table.pack_path()
        saved = to_fs_path(params.text_document.uri)
        if pack is not None and saved is not None and Path(saved).resolve() == pack.resolve():
            ls.check_all()

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: LoptiServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.checked.pop(params.text_document.uri, None)
        ls._publish(params.text_document.uri, [], None)

    @server.feature(
        types.TEXT_DOCUMENT_COMPLETION,
        types.CompletionOptions(trigger_characters=[" ", "["]),
    )
    def completion(ls: LoptiServer, params: types.CompletionParams) -> types.CompletionList:
        doc = ls.workspace.get_text_document(params.text_document.uri)
        line, column = _position(doc, params.position)
        items = [
            types.CompletionItem(label=o.label, kind=_KINDS[o.kind], detail=o.detail)
            for o in complete.offers(spot(doc.source, line, column))
        ]
        return types.CompletionList(is_incomplete=False, items=items)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: LoptiServer, params: types.HoverParams) -> types.Hover | None:
        doc = ls.workspace.get_text_document(params.text_document.uri)
        line, column = _position(doc, params.position)
        checked = ls.checked.get(params.text_document.uri)
        found = hover.hover_text(doc.source, line, column, checked.diagnostics if checked else [])
        if found is None:
            return None
        return types.Hover(
            contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=found)
        )

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    def formatting(
        ls: LoptiServer, params: types.DocumentFormattingParams
    ) -> list[types.TextEdit] | None:
        doc = ls.workspace.get_text_document(params.text_document.uri)
        formatted = format_text(document_path(doc.path, doc.uri), doc.source)
        if formatted is None or formatted == doc.source:
            return None if formatted is None else []
        end = convert.Lines(doc.source, doc.position_codec).position(
            len(doc.source.splitlines()) + 1, 1
        )
        whole = types.Range(start=types.Position(line=0, character=0), end=end)
        return [types.TextEdit(range=whole, new_text=formatted)]

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
    )
    def code_action(ls: LoptiServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        actions = []
        for diagnostic in params.context.diagnostics:
            found = _fix(diagnostic)
            if found is None:
                continue
            where, text = found
            edit = types.TextEdit(range=where, new_text=text)
            actions.append(
                types.CodeAction(
                    title=f"Replace with `{text}`",
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[diagnostic],
                    is_preferred=True,
                    edit=types.WorkspaceEdit(changes={params.text_document.uri: [edit]}),
                )
            )
        return actions

    return server


def format_text(path: str, text: str) -> str | None:
    """The text as `lopti fmt` would write it; None for a pack or a file that does not parse."""
    from lopti_rules.api import is_pack
    from lopti_rules.diagnostics.source import Source
    from lopti_rules.language.fmt import format_file
    from lopti_rules.language.parse import parse

    if is_pack(path):
        return None
    tree = parse(Source(text, path))
    return None if tree is None else format_file(tree, text)


def _fix(diagnostic: types.Diagnostic) -> tuple[types.Range, str] | None:
    """The fix this server put in a diagnostic's `data` (`convert.to_lsp`): the range and the
    new text, or None when the data is not one (another source's, or malformed)."""
    data = diagnostic.data
    quick = data.get("fix") if isinstance(data, dict) else None
    if diagnostic.source != convert.SOURCE_NAME or not isinstance(quick, dict):
        return None
    text, where = quick.get("text"), quick.get("range")
    if not isinstance(text, str) or not isinstance(where, dict):
        return None
    ends = [_point(where.get("start")), _point(where.get("end"))]
    if ends[0] is None or ends[1] is None:
        return None
    return types.Range(start=ends[0], end=ends[1]), text


def _point(value: object) -> types.Position | None:
    if not isinstance(value, dict):
        return None
    line, character = value.get("line"), value.get("character")
    if not (_uinteger(line) and _uinteger(character)):
        return None
    assert isinstance(line, int) and isinstance(character, int)
    return types.Position(line=line, character=character)


def _uinteger(value: object) -> bool:
    """An LSP `uinteger` (a JSON number, not a boolean)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31


def _setting(options: Any) -> object:
    return options.get("pack") if isinstance(options, dict) else None


def _position(doc: TextDocument, position: types.Position) -> tuple[int, int]:
    """An LSP position as a 1-based line and code-point column."""
    lines = convert.Lines(doc.source, doc.position_codec)
    return position.line + 1, lines.column(position)


def serve() -> int:
    """Run the server over stdin and stdout until the client says exit; the exit code.

    The server writes to its own copy of standard output, which it closes at `exit`, so
    the process's own stays open for the command to end cleanly."""
    server = build()
    writer = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    try:
        server.start_io(sys.stdin.buffer, writer)
    finally:
        server.stop_checking()
        if not writer.closed:
            writer.close()
    return 0 if server.shut_down else 1
