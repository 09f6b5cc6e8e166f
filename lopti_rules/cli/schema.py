"""`lopti schema KIND`: print a JSON Schema so editors can validate files as people type.

Kinds: `pack` (a rule pack, docs/packs.md), `session` (a session file, docs/sessions.md) and
`scenario` (a conformance scenario, docs/conformance.md). Each schema comes from the pydantic
model that reads the file, so it cannot drift from what `lopti` accepts; what a schema cannot
say (a rule file that is missing, a name that is not a player) the commands still report.
"""

from __future__ import annotations

import json
from typing import Any

import click

from lopti_rules.i18n import N_

KINDS = ("pack", "session", "scenario")


def schema_of(kind: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a file kind."""
    if kind == "pack":
        from lopti_rules.packs.pack import pack_schema

        body = pack_schema()
    elif kind == "session":
        from lopti_rules.session.model import SessionState

        body = SessionState.model_json_schema()
    else:
        from lopti_rules.conformance.model import Scenario

        body = Scenario.model_json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **body}


@click.command(
    "schema",
    help=(
        N_(
            "Print the JSON Schema of a file kind: a pack, a session file or a conformance "
            "scenario."
        )
        + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti schema pack > lopti-pack.schema.json\n"
        "  lopti schema session > lopti-session.schema.json\n"
        "  lopti schema scenario > lopti-scenario.schema.json"
    ),
)
@click.argument("kind", type=click.Choice(KINDS))
def command(kind: str) -> int:
    click.echo(json.dumps(schema_of(kind), indent=2, sort_keys=True))
    return 0
