"""Diagnostics as you type: the codes, messages and ranges of `lopti check`, in UTF-16."""

from __future__ import annotations

from pathlib import Path

import pytest

from lopti_rules.api import check_pack, check_text
from lopti_rules.lsp.client import Client
from tests.lsp.helpers import LOOP, spans

pytest.importorskip("pygls", reason="the language server needs the `lsp` extra")

MISTAKES = """\
# Typos to fix, café 🃏
rule "Café 🃏": after claer: player draws 1
rule "Tens":
    after clear when cuase is ten:
        nxt player draws 1
"""


def test_open_reports_lopti_checks_diagnostics_in_utf16_columns(
    client: Client, workspace: Path
) -> None:
    uri = (workspace / "typos.lopti").as_uri()
    found = client.open(uri, MISTAKES)
    # `claer` is code points 21..26 of its line, but the emoji before it takes two UTF-16 units
    assert spans(found) == [
        ("LR501", 1, 22, 1, 27),
        ("LR502", 3, 21, 3, 26),
        ("LR301", 4, 8, 4, 18),
    ]
    expected = check_text(MISTAKES, str(workspace / "typos.lopti"))
    assert [d["message"] for d in found] == [d.message for d in expected]
    assert [d["data"]["hint"] for d in found] == [d.hint for d in expected]
    assert {d["source"] for d in found} == {"lopti"}
    assert found[0]["codeDescription"]["href"].endswith("docs/codes/LR501.md")


def test_edits_change_and_then_clear_the_diagnostics(client: Client, workspace: Path) -> None:
    uri = (workspace / "editing.lopti").as_uri()
    assert [d["code"] for d in client.open(uri, MISTAKES)] == ["LR501", "LR502", "LR301"]
    fewer = client.change(uri, MISTAKES.replace("claer", "clear"))
    assert [d["code"] for d in fewer] == ["LR502", "LR301"]
    worse = client.change(uri, MISTAKES.replace("draws 1\n", "draws\n", 1))
    assert [d["code"] for d in worse] == ["LP001"]
    fixed = MISTAKES.replace("claer", "clear").replace("cuase", "cause")
    assert client.change(uri, fixed.replace("nxt", "next")) == []


def test_a_burst_of_keystrokes_ends_with_the_diagnostics_of_the_last_text(
    client: Client, workspace: Path
) -> None:
    uri = (workspace / "typing.lopti").as_uri()
    client.open(uri, MISTAKES)
    at = {"line": 1, "character": 22}  # the `c` of `claer`, after the emoji
    keys = [
        {"range": {"start": at, "end": {"line": 1, "character": 23}}, "newText": letter}
        for letter in "xyc"
    ]
    assert [d["code"] for d in client.burst(uri, keys)] == ["LR501", "LR502", "LR301"]
    fix = {"range": {"start": {"line": 1, "character": 24}, "end": {"line": 1, "character": 26}}}
    assert [d["code"] for d in client.burst(uri, [{**fix, "newText": "ea"}])] == [
        "LR502",
        "LR301",
    ]


def test_an_endless_loop_names_the_other_hooks_as_related_locations(
    client: Client, workspace: Path
) -> None:
    uri = (workspace / "loop.lopti").as_uri()
    text = LOOP
    (found,) = client.open(uri, text)
    assert found["code"] == "LR203"
    assert spans([found]) == [("LR203", 4, 4, 4, 14)]
    (other,) = found["relatedInformation"]
    assert other["location"]["uri"] == uri
    assert other["location"]["range"] == {
        "start": {"line": 1, "character": 4},
        "end": {"line": 1, "character": 15},
    }
    assert other["message"] == '"A" `after clear` (line 2)'


def test_inline_rules_of_a_pack_are_checked_in_the_packs_own_lines(
    client: Client, workspace: Path
) -> None:
    pack = workspace / "table.yaml"
    text = (
        "name: Our table\n"
        "players: [Ann, Ben]\n"
        "rules:\n"
        "  - author: Ann\n"
        "    text: |\n"
        '      rule "Gift": after claer: player draws 1\n'
    )
    pack.write_text(text.replace("claer", "clear"), encoding="utf-8")  # the buffer is newer
    found = client.open(pack.as_uri(), text, "yaml")
    assert spans(found) == [("LR501", 5, 25, 5, 30)]
    (expected,) = check_pack(pack, data=text.encode()).diagnostics
    assert found[0]["message"] == expected.message


def test_yaml_that_is_not_a_pack_gets_no_diagnostics(client: Client, workspace: Path) -> None:
    uri = (workspace / "ci.yml").as_uri()
    assert client.open(uri, "on: [push]\njobs: {build: 1\n", "yaml") == []
