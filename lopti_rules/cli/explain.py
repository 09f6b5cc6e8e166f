"""`lopti explain CODE`: print a diagnostic code's page (what it catches, why the rulebook
forbids it, an example and what to write instead).

Takes a code such as `LR203` (any case); prints `docs/codes/<CODE>.md` as shipped in the
package. An unknown code is a usage error (exit 2) with the nearest known code suggested.
"""

from __future__ import annotations

import click

from lopti_rules.diagnostics.codes import CODES
from lopti_rules.diagnostics.spell import nearest
from lopti_rules.language.resources import code_page_path


@click.command(name="explain")
@click.argument("code")
def command(code: str) -> int:
    """Print the page of a diagnostic code.

    \b
    Example:
      lopti explain LR203
    """
    wanted = code.strip().upper()
    if wanted not in CODES:
        found = nearest(wanted, sorted(CODES))
        hint = f" Did you mean {found}?" if found else " Codes are listed in docs/codes/."
        click.echo(f"error: unknown code {code!r}.{hint}", err=True)
        return 2
    path = code_page_path(wanted)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        click.echo(f"error: the page for {wanted} is missing ({path}).", err=True)
        return 2
    click.echo(text.rstrip("\n"))
    return 0
