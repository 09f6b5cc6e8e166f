"""Find the data files the package ships: the grammar and the diagnostic-code pages.

In a built wheel they sit inside the package (`lopti_rules/grammar/`,
`lopti_rules/docs/codes/`); in a source checkout or an editable install they are the
repository's top-level `grammar/` and `docs/codes/` folders.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def resource_dir(name: str) -> Path:
    """The folder holding `name` ("grammar" or "docs/codes")."""
    inside = _PACKAGE / name
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / name


def grammar_path(filename: str = "lopti.lark") -> Path:
    return resource_dir("grammar") / filename


def code_page_path(code: str) -> Path:
    return resource_dir("docs/codes") / f"{code.upper()}.md"
