"""Terminal colour for the text people read: one palette, for every command that styles text.

A `Paint` takes a piece of text and its role and gives it back styled (`ansi`, click's
styles) or as it was (`plain`, the default of every renderer). Roles: `error` and `warning`
(a diagnostic's code and caret, a vet finding, a failed scenario), `hint`, `location`
(file:line:col), `added`, `removed` and `hunk` (a diff), `good` (a finding that plays fine,
a passed scenario), `heading`, `name` (a seat) and `rule` (a house rule's title in the
narration).

The command line paints what it prints and leaves the choice to click's context colour,
which `lopti --color auto|always|never` and NO_COLOR set (`lopti_rules/cli/output.py`):
styles are dropped where colour is off. JSON, SARIF, logs and files are never painted.
"""

from __future__ import annotations

from collections.abc import Callable

Paint = Callable[[str, str], str]

# role -> (foreground colour or None, bold)
ROLES: dict[str, tuple[str | None, bool]] = {
    "error": ("red", True),
    "warning": ("yellow", True),
    "hint": ("cyan", False),
    "location": (None, True),
    "added": ("green", False),
    "removed": ("red", False),
    "hunk": ("cyan", False),
    "good": ("green", False),
    "heading": (None, True),
    "name": (None, True),
    "rule": ("magenta", True),
}


def plain(text: str, role: str) -> str:
    """`text` as it is (no colour)."""
    return text


def ansi(text: str, role: str) -> str:
    """`text` in the colour of `role` (ANSI escape codes)."""
    import click  # needed only when colour is wanted

    fg, bold = ROLES[role]
    return click.style(text, fg=fg, bold=bold or None)
