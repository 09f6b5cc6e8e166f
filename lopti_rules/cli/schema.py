"""`lopti schema KIND`: print a JSON Schema so editors can validate files as people type."""

from __future__ import annotations

import json

import click


@click.command("schema")
@click.argument("kind", type=click.Choice(["pack"]))
def command(kind: str) -> int:
    """Print the JSON Schema of a file kind.

    \b
    Example:
      lopti schema pack > lopti-pack.schema.json
    """
    from lopti_rules.packs.pack import pack_schema

    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", **pack_schema()}
    click.echo(json.dumps(schema, indent=2, sort_keys=True))
    return 0
