"""`lopti check FILE...`: parse and check rule files and packs, print diagnostics, exit 0/1/2.

Each file is checked on its own: a rule file (`.lopti`) alone, a pack (`.yaml`/`.yml`) as its
YAML plus all its rules together (loops across rules, duplicate titles, its roster). With
`--with PACK` each rule file is checked together with the rules in force in PACK, and only the
file's own diagnostics are shown (the pack's rules are the table's, already agreed: when they
have errors a one-line note on stderr says so, and `lopti check PACK` shows them).

Exit 0 when every file is accepted (warnings allowed), 1 when a file is rejected, 2 on a usage
or I/O error (a `--with` pack that does not load, `--players` disagreeing with a pack's
roster). Imports only the parser, the checker and the renderers; pydantic and PyYAML only when
a pack is involved, and the engine only with `--trial`, so a cold run on rule files stays
fast. `--trial` also plays the accepted rules in a few seeded trial rounds, as a table's
check of a proposed rule always does (`lopti_rules.trial`: LR210 when rounds do not end,
LW603 when they last many times longer).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from lopti_rules.i18n import N_, _

if TYPE_CHECKING:
    from lopti_rules.diagnostics.render import FileResult


def _roster(players: str | None) -> list[str] | None:
    if not players:
        return None
    return [p.strip() for p in players.split(",") if p.strip()] or None


@click.command(
    "check",
    help=(
        N_(
            "Check rule files and packs: syntax, then the rulebook's limits on house rules.\n"
            "\n"
            "FILES are rule files (.lopti), packs (.yaml), folders (every .lopti file in them, at\n"
            "any depth) or `-` for a rule read from standard input."
        )
        + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti check examples/rules/tens_tax.lopti\n"
        "  lopti check examples/rules\n"
        "  lopti check examples/packs/gentle.yaml\n"
        "  lopti check --with examples/packs/gentle.yaml my_rule.lopti\n"
        "  lopti check --format json --players ann,ben my_rule.lopti\n"
        "  lopti check --explain --lang it examples/rules/tens_tax.lopti\n"
        "  lopti check --trial examples/rules/lean_hands.lopti"
    ),
)
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option(
    "--format",
    "output",
    type=click.Choice(["text", "concise", "json", "sarif"]),
    default="text",
    show_default=True,
    help=N_("text: message, source line, caret and hint; concise: one line each; json; sarif."),
)
@click.option(
    "--players",
    metavar="NAMES",
    default=None,
    help=N_("The table's roster, comma separated (enables LR304: no roster name in a rule)."),
)
@click.option(
    "--with",
    "with_pack",
    metavar="PACK",
    type=click.Path(dir_okay=False),
    default=None,
    help=N_("Check each file together with the rules in force in this pack."),
)
@click.option(
    "--explain",
    is_flag=True,
    help=N_("Also say each accepted rule in plain words, in the chosen language (text output)."),
)
@click.option(
    "--trial",
    is_flag=True,
    help=N_("Also play the accepted rules in eight seeded trial rounds: do rounds still end?"),
)
@click.option(
    "--any-rule-file",
    "anywhere",
    is_flag=True,
    help=N_("Let a pack's `file:` entries name files outside its folder (docs/limits.md)."),
)
def command(
    files: tuple[str, ...],
    output: str,
    players: str | None,
    with_pack: str | None,
    explain: bool,
    trial: bool,
    anywhere: bool,
) -> int:
    from lopti_rules.api import accepted, check_paths, is_pack
    from lopti_rules.cli.inputs import expand
    from lopti_rules.diagnostics import render
    from lopti_rules.diagnostics.style import ansi

    roster = _roster(players)
    try:
        files = tuple(expand(files))
        if with_pack is not None:
            packs = [f for f in files if is_pack(f)]
            if packs:
                raise ValueError(
                    f"--with checks rule files against a pack, and {packs[0]} is a pack: "
                    "check it on its own"
                )
            results = _check_with(files, with_pack, roster, confine=not anywhere, trial=trial)
        else:
            results = check_paths(files, roster=roster, confine=not anywhere, trial=trial)
    except ValueError as exc:
        click.echo(_("error: {message}.").format(message=exc), err=True)
        return 2
    if output == "json":
        text = render.json_text(results)
    elif output == "sarif":
        import json

        from lopti_rules.diagnostics.sarif import to_sarif

        text = json.dumps(to_sarif(results), indent=2, ensure_ascii=False) + "\n"
    elif output == "concise":
        text = render.concise(results, ansi)
    else:
        text = render.full(results, ansi)
    click.echo(text, nl=False)
    if explain and output in ("text", "concise"):
        _explain(results, confine=not anywhere)
    return 0 if accepted(results) else 1


def _explain(results: list[FileResult], *, confine: bool) -> None:
    """Each accepted file's rules in plain words (`lopti explain`), in the language in use."""
    from lopti_rules.api import is_pack
    from lopti_rules.i18n import _, current_language
    from lopti_rules.i18n.explain import explain_text

    said: list[str] = []
    for result in results:
        if not result.accepted:
            continue
        if is_pack(result.path):
            from lopti_rules.packs.pack import load_pack

            texts = [
                (e.source.text, e.source.path)
                for e in load_pack(result.path, confine=confine).entries
            ]
        else:
            texts = [(result.text, result.path)]
        for text, path in texts:
            for title, sentences in explain_text(text, current_language(), path):
                said.append(f"{path}: {title}")
                said.extend(f"  {sentence}" for sentence in sentences)
    if said:
        click.echo("\n" + _("In plain words:"))
        click.echo("\n".join(said))


def _check_with(
    files: tuple[str, ...],
    pack_path: str,
    roster: list[str] | None,
    *,
    confine: bool,
    trial: bool = False,
) -> list[FileResult]:
    """Each file with the rules in force in the pack; ValueError when the pack is unusable."""
    from lopti_rules.api import check_with, pack_errors
    from lopti_rules.packs.pack import PackError, agree_roster, load_pack

    try:
        pack = load_pack(pack_path, confine=confine)
    except PackError as exc:
        first = exc.problems[0]
        more = len(exc.problems) - 1
        also = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise ValueError(
            f"the pack {pack_path} cannot be loaded: {first}{also}; "
            f"run `lopti check {pack_path}` to see every problem"
        ) from None
    except UnicodeDecodeError:
        said = _("the pack {path} is not valid UTF-8 text")
        raise ValueError(said.format(path=pack_path)) from None
    table = agree_roster(pack, roster)
    errors = pack_errors(pack, roster=table)
    if errors:
        click.echo(
            f"note: the rules in force in {pack_path} have {errors} "
            f"error{'s' if errors > 1 else ''} of their own; "
            f"run `lopti check {pack_path}` to see them.",
            err=True,
        )
    return check_with(files, pack, roster=table, trial=trial)
