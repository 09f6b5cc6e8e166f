"""The server never stalls on a large file and ends cleanly: checks run in the background
(requests are answered meanwhile), a stale check's result is never published, a malformed
code action gets an answer, and `shutdown` then `exit` ends the process with 0."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from lopti_rules.lsp.client import Client

BIG = "".join(
    f'rule "Rule {i}":\n    after clear when cause is ten: each other player draws {1 + i % 9}\n'
    for i in range(4000)
)  # a few seconds to check: long enough to send requests while it runs
SLOW = 120.0  # seconds to wait for the big file's check on a loaded machine
SMALL = 'rule "Tens tax":\n    after clear when cause is tn: each other player draws 1\n'


def _is_diagnostics(uri: str) -> Any:
    return lambda m: (
        m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
    )


def _open(client: Client, uri: str, text: str) -> None:
    client.versions[uri] = 1
    item = {"uri": uri, "languageId": "lopti", "version": 1, "text": text}
    client.notify("textDocument/didOpen", {"textDocument": item})


def test_requests_are_answered_while_a_large_file_is_checked(
    client: Client, workspace: Path
) -> None:
    uri = (workspace / "big.lopti").as_uri()
    _open(client, uri, BIG)
    time.sleep(0.3)  # the check has started
    client.next_id += 1
    ident = client.next_id
    position = {"line": 1, "character": 10}
    client.send(
        {
            "id": ident,
            "method": "textDocument/completion",
            "params": {"textDocument": {"uri": uri}, "position": position},
        }
    )
    first = client.wait(lambda m: m.get("id") == ident or _is_diagnostics(uri)(m))
    assert first.get("id") == ident, "the completion waited for the check"
    assert client.diagnostics(uri, timeout=SLOW) == []  # and the check ends, accepted
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    client.diagnostics(uri)


def test_a_check_of_an_older_text_is_never_published(client: Client, workspace: Path) -> None:
    uri = (workspace / "stale.lopti").as_uri()
    _open(client, uri, BIG)
    time.sleep(0.3)  # the check of version 1 is under way
    client.versions[uri] = 2
    change = {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": SMALL}]}
    client.notify("textDocument/didChange", change)
    published = client.wait(_is_diagnostics(uri), SLOW)["params"]
    assert published["version"] == 2
    assert [d["code"] for d in published["diagnostics"]] == ["LR503"]


def test_a_code_action_with_malformed_data_offers_nothing(client: Client, workspace: Path) -> None:
    uri = (workspace / "fix.lopti").as_uri()
    client.open(uri, SMALL)
    where = {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 5}}
    for data in (
        {"fix": {"range": {"start": {"line": "x"}}, "text": 3}},
        {"fix": {"range": where, "text": None}},
        {
            "fix": {
                "range": {"start": {"line": -1, "character": 0}, "end": where["end"]},
                "text": "a",
            }
        },
        {"fix": "replace"},
        ["fix"],
    ):
        diagnostic = {"range": where, "message": "m", "source": "lopti", "data": data}
        context = {"diagnostics": [diagnostic]}
        found = client.request(
            "textDocument/codeAction",
            {"textDocument": {"uri": uri}, "range": where, "context": context},
        )
        assert found == []


def test_shutdown_then_exit_ends_the_server_with_0_and_no_traceback(tmp_path: Path) -> None:
    started = Client(tmp_path)
    started.request("shutdown", None)
    started.notify("exit", None)
    assert started.process.wait(timeout=20) == 0
    assert started.process.stderr is not None
    assert b"Traceback" not in started.process.stderr.read()
    started.close()


def test_exit_without_shutdown_ends_the_server_with_1(tmp_path: Path) -> None:
    started = Client(tmp_path)
    started.notify("exit", None)
    assert started.process.wait(timeout=20) == 1
    started.close()
