"""`lopti explain CODE | RULE.lopti`: a diagnostic code's page, or a rule in plain words.

Takes a code such as `LR203` (any case) and prints `docs/codes/<CODE>.md` as shipped in the
package; or a rule file (a path ending in `.lopti`, or any file that exists) and prints, per
rule, its title and one sentence per hook in the chosen language (`--lang`, see
`lopti_rules.i18n.explain`), at a table with the base variants of `--with PACK` and `--base`
(a clear's cause is said with the rank that has its role there). `--list` lists the codes
with their titles. An unknown code, a bad `--base` or pack is a usage error (exit 2) with the
nearest known code suggested; a rule file that does not parse gets its syntax error in one
sentence (exit 1).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from lopti_rules.diagnostics.codes import CODES
from lopti_rules.diagnostics.spell import nearest
from lopti_rules.i18n import N_, _, current_language
from lopti_rules.language.resources import code_page_path

if TYPE_CHECKING:
    from lopti_rules.engine.variants import Variants


@click.command(
    name="explain",
    help=(
        N_("Print the page of a diagnostic code, or say a rule file in plain words.") + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti explain LR203\n"
        "  lopti explain examples/rules/tens_tax.lopti --lang it\n"
        "  lopti explain examples/rules/tens_tax.lopti --base clear=J\n"
        "  lopti explain --list"
    ),
)
@click.argument("what", metavar="CODE|RULE.lopti", required=False)
@click.option("--list", "listing", is_flag=True, help=N_("List the diagnostic codes."))
@click.option(
    "--with", "pack_path", default=None, metavar="PACK", help=N_("Say it at this pack's table.")
)
@click.option("--base", "base_text", default=None, help=N_("Base variants, e.g. clear=J."))
def command(what: str | None, listing: bool, pack_path: str | None, base_text: str | None) -> int:
    if listing:
        for code in CODES.values():
            clause = f" ({code.clause})" if code.clause else ""
            click.echo(f"{code.code}  {code.title}{clause}")
        return 0
    if what is None:
        raise click.UsageError(_("give a code, a rule file or --list"))
    if what.endswith(".lopti") or Path(what).is_file():
        return explain_rules(what, pack_path, base_text)
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
        said = _("error: the page for {code} is missing ({path}).")
        click.echo(said.format(code=wanted, path=path), err=True)
        return 2
    click.echo(text.rstrip("\n"))
    return 0


def explain_rules(path: str, pack_path: str | None = None, base_text: str | None = None) -> int:
    from lopti_rules.i18n.explain import explain_text

    try:
        variants = table_variants(pack_path, base_text)
    except ValueError as exc:  # a bad --base or pack: one sentence, a usage error
        click.echo(_("error: {message}.").format(message=str(exc).rstrip(".")), err=True)
        return 2
    text = Path(path).read_text(encoding="utf-8")  # OSError: one sentence from cli.main
    try:
        rules = explain_text(text, current_language(), path, variants)
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


def table_variants(pack_path: str | None, base_text: str | None) -> Variants | None:
    """The base variants of `--with PACK` with `--base` on top (None: base Lopti)."""
    if pack_path is None and base_text is None:
        return None
    from lopti_rules.cli.play import base_variants
    from lopti_rules.packs.pack import load_pack

    start = load_pack(pack_path).pack.base if pack_path is not None else None
    return base_variants(base_text or "", start)
