"""`lopti rules [CLAUSE]`: the players' rulebook, whole or one clause, in the chosen language.

Takes an optional clause id (`X7`, `x7.2`, `D25`, `S`); prints that clause with its
sub-clauses (X7 prints X7.1 to X7.4), or the whole rulebook without one. Every clause id a
message of the program cites can be looked up here. An unknown id is a usage error (exit 2)
with the nearest id suggested.
"""

from __future__ import annotations

import click

from lopti_rules.diagnostics.spell import nearest
from lopti_rules.i18n import N_, _, current_language
from lopti_rules.i18n.rulebook import load


@click.command(
    name="rules",
    help=(
        N_("Print the rulebook, or one clause of it and its sub-clauses.") + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti rules X7\n"
        "  lopti rules D25 --lang it"
    ),
)
@click.argument("clause", required=False)
def command(clause: str | None) -> int:
    book = load(current_language())
    if clause is None:
        click.echo(book.text.rstrip("\n"))
        return 0
    found = book.find(clause)
    if found is None:
        near = nearest(clause.strip().upper(), book.clauses)
        hint = (
            _(" Did you mean {id}?").format(id=near)
            if near
            else _(" Run `lopti rules` to read them all.")
        )
        click.echo(
            _("error: the rulebook has no clause {id!r}.").format(id=clause) + hint, err=True
        )
        return 2
    click.echo(found.text)
    return 0
