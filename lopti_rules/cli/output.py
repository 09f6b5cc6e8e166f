"""What the commands print, decided once: colour, and the sentence a command stops with.

Colour: `--color auto|always|never` (on `lopti` and on every command, like `--lang`) sets
click's context colour, which every `click.echo` obeys: `always` keeps the styles, `never`
drops them, `auto` (the default) keeps them only on a terminal. In `auto`, a non-empty
NO_COLOR turns colour off (https://no-color.org) and a non-empty FORCE_COLOR or
CLICOLOR_FORCE (other than `0`) turns it on, NO_COLOR winning; `--color always` colours even
with NO_COLOR. The commands paint with `lopti_rules.diagnostics.style.ansi` what they echo
for people (diagnostics, `fmt --diff`, vet findings, PASS/FAIL of conformance scenarios,
the narration's names and rules) and
never what is JSON, SARIF, a log or a file.

Failures: `Rejected` is a pack the checker rejects (its rendered diagnostics); `failure(exc)`
says why a command stopped before it began: the report (exit 1) or a usage mistake as one
sentence (`error: ...`, exit 2).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

import click

from lopti_rules.i18n import N_, _

COLOR_MODES = ("auto", "always", "never")


class Rejected(Exception):
    """A pack the checker rejects; `report` is its diagnostics, rendered."""

    def __init__(self, report: str) -> None:
        super().__init__(report)
        self.report = report


def failure(exc: Exception) -> int:
    """Print why the command cannot run (on stderr) and return its exit code: a rejected
    pack's report (1), else the exception's one sentence (2)."""
    if isinstance(exc, Rejected):
        click.echo(exc.report, err=True, nl=False)
        return 1
    click.echo(_("error: {message}.").format(message=str(exc).rstrip(".")), err=True)
    return 2


def _on(value: str | None) -> bool:
    return bool(value) and value != "0"


def color_of(mode: str, env: Mapping[str, str]) -> bool | None:
    """click's context colour for `mode`: True (colour), False (none), or None (colour on
    a terminal only, which click decides for each stream)."""
    if mode != "auto":
        return mode == "always"
    if env.get("NO_COLOR"):
        return False
    if _on(env.get("FORCE_COLOR")) or _on(env.get("CLICOLOR_FORCE")):
        return True
    return None


def _set_color(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is None and ctx.parent is not None:
        return  # a command without its own --color keeps the group's choice
    ctx.color = color_of(value or "auto", os.environ)


def color_option() -> click.Option:
    return click.Option(
        ["--color"],
        type=click.Choice(COLOR_MODES),
        expose_value=False,
        is_eager=True,
        callback=_set_color,
        help=N_("Colour: auto (on a terminal, unless NO_COLOR is set), always or never."),
    )
