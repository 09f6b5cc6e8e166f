"""`lopti check FILE...`: parse and check rule files, print diagnostics, exit 0/1/2.

Each file is checked on its own. Exit 0 when every file is accepted (warnings allowed), 1 when
a file is rejected, 2 on a usage or I/O error. Imports only the parser, the checker and the
renderers (never pydantic or the engine), so a cold run stays fast.
"""

from __future__ import annotations

import click


@click.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option(
    "--format",
    "output",
    type=click.Choice(["text", "concise", "json", "sarif"]),
    default="text",
    show_default=True,
    help="text: message, source line, caret and hint; concise: one line each; json; sarif.",
)
@click.option(
    "--players",
    metavar="NAMES",
    default=None,
    help="The table's roster, comma separated (enables LR304: no roster name in a rule).",
)
def command(files: tuple[str, ...], output: str, players: str | None) -> int:
    """Check rule files: syntax, then the rulebook's limits on house rules.

    \b
    Example:
      lopti check examples/rules/tens_tax.lopti
      lopti check --format json --players ann,ben my_rule.lopti
    """
    from lopti_rules import render
    from lopti_rules.api import accepted, check_paths

    roster = [p.strip() for p in players.split(",") if p.strip()] if players else None
    results = check_paths(files, roster=roster)
    if output == "json":
        text = render.json_text(results)
    elif output == "sarif":
        import json

        from lopti_rules.sarif import to_sarif

        text = json.dumps(to_sarif(results), indent=2, ensure_ascii=False) + "\n"
    elif output == "concise":
        text = render.concise(results)
    else:
        text = render.full(results)
    click.echo(text, nl=False)
    return 0 if accepted(results) else 1
