"""Hover, completion, formatting and quick fixes, asked of a running server."""

from __future__ import annotations

from pathlib import Path

import pytest

from lopti_rules.diagnostics.source import Source
from lopti_rules.language import catalog
from lopti_rules.language.fmt import format_file
from lopti_rules.language.parse import parse
from lopti_rules.lsp.client import Client
from tests.lsp.helpers import LOOP, apply, labels

pytest.importorskip("pygls", reason="the language server needs the `lsp` extra")

RULE = """\
rule "Tens tax":
    after clear when cause is ten:
        next player draws 1
"""


def hover(client: Client, uri: str, line: int, character: int) -> str:
    found = client.at("textDocument/hover", uri, line, character)
    assert found is not None
    value: str = found["contents"]["value"]
    return value


def test_hover_explains_events_fields_values_roles_and_actions(
    client: Client, workspace: Path
) -> None:
    uri = (workspace / "hover.lopti").as_uri()
    assert client.open(uri, RULE) == []
    assert hover(client, uri, 1, 12).startswith("**event** `clear`: the pile leaves.")
    assert "`player` is who caused it" in hover(client, uri, 1, 12)
    assert hover(client, uri, 1, 22).startswith("**field** `cause`: one of `ten`")
    assert "a field of the `clear` event" in hover(client, uri, 1, 22)
    assert hover(client, uri, 1, 31) == "**value** `ten`: a value of `cause`"
    assert hover(client, uri, 2, 9).startswith("**role** `next player`")
    assert hover(client, uri, 2, 22) == "**action** `draw`: `TARGET draws INT CARD RETRO`"
    assert client.at("textDocument/hover", uri, 1, 19) is None  # `when`: a plain keyword


def test_hover_on_a_diagnostic_shows_its_code_page(client: Client, workspace: Path) -> None:
    uri = (workspace / "hover_code.lopti").as_uri()
    (_,) = client.open(uri, RULE.replace("clear when", "claer when"))
    text = hover(client, uri, 1, 12)
    assert "**LR501** unknown event `claer`" in text
    assert "hint: did you mean `clear`?" in text
    assert "# LR501: unknown event" in text  # the page `lopti explain LR501` prints


def complete(client: Client, uri: str, text: str) -> list[str]:
    """The labels offered at the end of `text` (opened as the whole document)."""
    client.change(uri, text)
    lines = text.split("\n")
    result = client.at("textDocument/completion", uri, len(lines) - 1, len(lines[-1]))
    return labels(result)


@pytest.fixture(scope="module")
def draft(client: Client, workspace: Path) -> str:
    uri = (workspace / "draft.lopti").as_uri()
    client.open(uri, "")
    return uri


def test_events_are_offered_after_a_timing(client: Client, draft: str) -> None:
    # the events, then the table reports' keywords (`after missed lopti`)
    hookable = [*catalog.HOOKABLE, "caught", "lost", "missed", "won"]
    assert complete(client, draft, 'rule "A":\n    after ') == hookable
    assert complete(client, draft, 'rule "A":\n    before t') == ["turn", "take_up"]
    assert complete(client, draft, 'rule "A":\n    instead of ') == hookable


def test_fields_in_scope_are_offered_after_when(client: Client, draft: str) -> None:
    offered = complete(client, draft, 'rule "A":\n    after clear when ')
    assert offered[:2] == ["cause", "count"]  # the event's own fields first
    assert {"pile", "top", "hand of player", "not"} <= set(offered)
    assert "rank" not in offered  # a field of `play`, not of `clear`
    assert complete(client, draft, 'rule "A":\n    after play when rank is 2 and so') == ["source"]


def test_a_fields_values_are_offered_after_a_comparison(client: Client, draft: str) -> None:
    assert complete(client, draft, 'rule "A":\n    after clear when cause is ') == list(
        catalog.CAUSE.symbols
    )
    assert complete(client, draft, 'rule "A":\n    after pickup when reason in [forced, ') == [
        "voluntary", "forced", "failed_reveal", "custom"
    ]  # fmt: skip
    ranks = complete(client, draft, 'rule "A":\n    after play when rank >= ')
    assert ranks[:2] == ["2", "3"] and ranks[-1] == "A"
    assert complete(client, draft, 'rule "A":\n    after reveal when legal is ') == [
        "true",
        "false",
    ]
    assert "none" in complete(client, draft, 'rule "A":\n    before turn when top is ')


def test_roles_are_offered_where_a_target_starts(client: Client, draft: str) -> None:
    offered = complete(client, draft, 'rule "A":\n    after clear:\n        ')
    assert offered[: len(catalog.ROLE_WORDS)] == list(catalog.ROLE_WORDS)
    assert {"shuffle", "announce", "if", "repeat", "each"} <= set(offered)  # from the grammar
    of_whom = complete(client, draft, 'rule "A":\n    before turn when hand of ')
    assert of_whom[: len(catalog.ROLE_WORDS)] == list(catalog.ROLE_WORDS)


def test_actions_are_offered_after_a_target(client: Client, draft: str) -> None:
    offered = complete(client, draft, 'rule "A":\n    after clear:\n        next player ')
    assert {"draws", "discards", "gives", "picks", "takes", "reveals"} <= set(offered)
    assert complete(client, draft, 'rule "A":\n    after clear:\n        player d') == [
        "discards", "draws"
    ]  # fmt: skip


def test_completion_works_in_a_packs_inline_rules(client: Client, workspace: Path) -> None:
    uri = (workspace / "inline.yaml").as_uri()
    head = 'name: T\nrules:\n  - author: 1\n    text: |\n      rule "A":\n          after '
    client.open(uri, head, "yaml")
    assert complete(client, uri, head)[:2] == ["round", "deal"]
    actions = complete(client, uri, head + "clear:\n              next player ")
    assert {"draws", "discards", "gives"} <= set(actions)


MESSY = 'rule   "Messy"  :\n  after clear when cause is ten :   player draws 1 # keep\n'


def test_formatting_gives_lopti_fmts_text(client: Client, workspace: Path) -> None:
    uri = (workspace / "messy.lopti").as_uri()
    client.open(uri, MESSY)
    options = {"tabSize": 4, "insertSpaces": True}
    edits = client.request(
        "textDocument/formatting", {"textDocument": {"uri": uri}, "options": options}
    )
    (edit,) = edits
    tree = parse(Source(MESSY))
    assert tree is not None
    assert apply(MESSY, edit) == format_file(tree, MESSY)
    client.change(uri, apply(MESSY, edit))
    again = client.request(
        "textDocument/formatting", {"textDocument": {"uri": uri}, "options": options}
    )
    assert again == []  # already canonical
    client.change(uri, "rule broken\n")
    broken = client.request(
        "textDocument/formatting", {"textDocument": {"uri": uri}, "options": options}
    )
    assert broken is None  # a file that does not parse is left alone


FIXABLE = [
    ('rule "A": after claer: player draws 1\n', "LR501", "after clear:"),
    ('rule "A":\n    after clear when hnd of player > 2: player draws 1\n', "LR502", "hand of"),
    ('rule "A":\n    after clear when cause is tenn: player draws 1\n', "LR503", "is ten:"),
    ('rule "A":\n    after clear:\n        nxt player draws 1\n', "LR301", "next player draws"),
    ('rule "A":\n    after clear when cause is 10: player draws 1\n', "LR503", "cause is ten:"),
    (
        'rule "A":\n    after reveal when legal is yes: next player draws 1\n',
        "LR503",
        "legal is true:",
    ),
    (
        'rule "A":\n    after play when rank is 5 and rank is 7: player draws 1\n',
        "LW601",
        "rank is 5 or rank is 7",
    ),
]


PACK_TYPO = (
    'name: Typo\nrulez:\n  - author: 1\n    text: |\n      rule "A": after clear: player draws 1\n'
)


@pytest.mark.parametrize(
    ("name", "text", "code", "fixed"),
    [*(("fix.lopti", *case) for case in FIXABLE), ("pack.yaml", PACK_TYPO, "LY002", "\nrules:")],
)
def test_a_quick_fix_applies_the_did_you_mean(
    client: Client, workspace: Path, name: str, text: str, code: str, fixed: str
) -> None:
    uri = (workspace / f"{code}_{len(text)}_{name}").as_uri()
    (diagnostic,) = client.open(uri, text, "yaml" if name.endswith(".yaml") else "lopti")
    assert diagnostic["code"] == code
    actions = client.request(
        "textDocument/codeAction",
        {
            "textDocument": {"uri": uri},
            "range": diagnostic["range"],
            "context": {"diagnostics": [diagnostic]},
        },
    )
    (action,) = actions
    assert action["kind"] == "quickfix"
    (edit,) = action["edit"]["changes"][uri]
    after = apply(text, edit)
    assert fixed in after
    assert client.edit(uri, edit) == []  # the server, edited the same way, finds nothing


def test_a_hint_with_nothing_to_write_offers_no_fix(client: Client, workspace: Path) -> None:
    uri = (workspace / "nofix.lopti").as_uri()
    text = LOOP
    (diagnostic,) = client.open(uri, text)
    actions = client.request(
        "textDocument/codeAction",
        {
            "textDocument": {"uri": uri},
            "range": diagnostic["range"],
            "context": {"diagnostics": [diagnostic]},
        },
    )
    assert actions == []
