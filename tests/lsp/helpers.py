"""Small helpers for reading what the server sends."""

from __future__ import annotations

from typing import Any

from lopti_rules.lsp.client import utf16_index

Message = dict[str, Any]

# two rules that make an endless loop: `clear` -> `draw` -> `clear`
LOOP = """\
rule "A":
    after clear:
        player draws 1
rule "B":
    after draw:
        clear the pile
"""


def spans(diagnostics: list[Message]) -> list[tuple[str, int, int, int, int]]:
    """Each diagnostic as (code, start line, start char, end line, end char)."""
    return [
        (
            d["code"],
            d["range"]["start"]["line"],
            d["range"]["start"]["character"],
            d["range"]["end"]["line"],
            d["range"]["end"]["character"],
        )
        for d in diagnostics
    ]


def apply(text: str, edit: Message) -> str:
    """The text with one LSP TextEdit applied (positions in UTF-16 units)."""
    lines = text.split("\n")

    def offset(position: Message) -> int:
        row = position["line"]
        if row >= len(lines):
            return len(text)
        before = sum(len(line) + 1 for line in lines[:row])
        return before + utf16_index(lines[row], position["character"])

    start, end = offset(edit["range"]["start"]), offset(edit["range"]["end"])
    new_text: str = edit["newText"]
    return text[:start] + new_text + text[end:]


def labels(result: Message | list[Message] | None) -> list[str]:
    items = result["items"] if isinstance(result, dict) else (result or [])
    return [item["label"] for item in items]
