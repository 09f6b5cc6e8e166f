"""`lopti explain CODE | RULE.lopti`: a diagnostic code's page, or a rule in plain words.

Takes a code such as `LR203` (any case) and prints `docs/codes/<CODE>.md` as shipped in the
package; or a rule file (a path ending in `.lopti`, or any file that exists) and prints, per
rule, its title and one sentence per hook in the chosen language (`--lang`, see
`lopti_rules.i18n.explain`). `--list` lists the codes with their titles. An unknown code is a
usage error (exit 2) with the nearest known code suggested; a rule file that does not parse
gets its syntax error in one sentence (exit 1).
"""

from __future__ import annotations

from pathlib import Path

import click

from lopti_rules.diagnostics.codes import CODES
from lopti_rules.diagnostics.spell import nearest
from lopti_rules.i18n import _, current_language
from lopti_rules.language.resources import code_page_path


@click.command(name="explain")
@click.argument("what", metavar="CODE|RULE.lopti", required=False)
@click.option("--list", "listing", is_flag=True, help="List the diagnostic codes.")
def command(what: str | None, listing: bool) -> int:
    """Print the page of a diagnostic code, or say a rule file in plain words.

    \b
    Example:
      lopti explain LR203
      lopti explain examples/rules/tens_tax.lopti --lang it
      lopti explain --list
    """
    if listing:
        for code in CODES.values():
            clause = f" ({code.clause})" if code.clause else ""
            click.echo(f"{code.code}  {code.title}{clause}")
        return 0
    if what is None:
        raise click.UsageError(_("give a code, a rule file or --list"))
    if what.endswith(".lopti") or Path(what).is_file():
        return explain_rules(what)
    return explain_code(what)


def explain_code(code: str) -> int:
    wanted = code.strip().upper()
    if wanted not in CODES:
        found = nearest(wanted, sorted(CODES))
        hint = (
            _(" Did you mean {code}?").format(code=found)
            if found
            else _(" `lopti explain --list` lists them.")
        )
        click.echo(_("error: unknown code {code!r}.").format(code=code) + hint, err=True)
        return 2
    path = code_page_path(wanted)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        click.echo(f"error: the page for {wanted} is missing ({path}).", err=True)
        return 2
    click.echo(text.rstrip("\n"))
    return 0


def explain_rules(path: str) -> int:
    from lopti_rules.i18n.explain import explain_text

    text = Path(path).read_text(encoding="utf-8")  # OSError: one sentence from cli.main
    try:
        rules = explain_text(text, current_language(), path)
    except ValueError as exc:
        click.echo(_("error: {problem}").format(problem=exc), err=True)
        return 1
    for index, (title, sentences) in enumerate(rules):
        if index:
            click.echo("")
        click.echo(title)
        for sentence in sentences:
            click.echo(f"  {sentence}")
    return 0
