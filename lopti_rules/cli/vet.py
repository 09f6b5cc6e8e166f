"""`lopti vet RULE.lopti`: judge a proposed rule, first by the checker, then by simulation.

First the checker, exactly as `lopti check RULE [--with PACK]`: a rejected rule stops here,
its diagnostics on stdout, exit 1 (a rejected `--pack` too). Then a paired simulation: the
same `--games` seeded deals played with the rules in force (the pack's, or none) and with
the proposed rule added, its author sitting at `--author` (a seat, or a name of the pack's
roster; default seat 0, the seat that made the rule). Each difference is reported with its
95% interval (round length, each seat's win rate, pickups, clears) and each question gets a
verdict line by the thresholds of `lopti_rules.sim.compare` (docs/vetting.md): round
length, the author's advantage, seat fairness, how often the rule fires, guard trips and
stalls. `--html FILE` also writes one self-contained page with plots (matplotlib, the extra
`report`). `--format json` prints the whole comparison as JSON.

Exit codes: 0 vetted (warnings are reported, not failures, unless `--strict`), 1 the rule or
the pack was rejected (or a warning under `--strict`), 2 bad arguments, unreadable files,
missing matplotlib for `--html`, an unreachable cluster (one sentence on stderr).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from lopti_rules.bots import told_kinds
from lopti_rules.cli.output import Rejected, failure
from lopti_rules.cli.simulate import Run, run_options
from lopti_rules.diagnostics.oserrors import os_reason
from lopti_rules.diagnostics.style import ansi
from lopti_rules.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from collections.abc import Sequence

    from lopti_rules.cli.simulate import Setup
    from lopti_rules.sim import GameRecord
    from lopti_rules.sim.compare import Comparison

DEFAULT_GAMES = 2000  # paired: 4,000 rounds, a few seconds on two cores


def author_seat(author: str, names: list[str]) -> int:
    """`--author`: a seat number, or a seat's name; ValueError (one sentence) otherwise."""
    text = author.strip()
    if text.isascii() and text.isdigit():
        seat = int(text)
        if seat >= len(names):
            raise ValueError(
                _("--author {seat} is not a seat of this table (0 to {last})").format(
                    seat=seat, last=len(names) - 1
                )
            )
        return seat
    lowered = [n.lower() for n in names]
    if text.lower() not in lowered:
        raise ValueError(
            _("--author {name} is not one of the players ({players})").format(
                name=text, players=", ".join(names)
            )
        )
    return lowered.index(text.lower())


def check_rule(rule_path: str, pack_path: str | None) -> tuple[bool, str, dict[str, object]]:
    """The checker's verdict on the rule (with the pack's rules in force): accepted, the
    rendered diagnostics and their JSON. ValueError for a pack that cannot be loaded."""
    from lopti_rules.api import accepted, check_paths, check_with
    from lopti_rules.diagnostics import render
    from lopti_rules.packs.pack import PackError, load_pack

    if pack_path is None:
        results = check_paths([rule_path])
    else:
        try:
            pack = load_pack(pack_path)
        except PackError:
            raise ValueError(_("the pack {path} cannot be loaded").format(path=pack_path)) from None
        results = check_with([rule_path], pack, roster=pack.roster)
    shown = render.full(results, ansi) if any(r.diagnostics for r in results) else ""
    return accepted(results), shown, render.to_json(results)


@click.command(
    name="vet",
    help=(
        N_(
            "Vet a proposed rule: the checker, then the same seeded rounds with and without it.\n"
            "\n"
            "Without RULE.lopti, vet the proposed base change given by --base instead: the same\n"
            "rounds with the table's base rules and with the change (docs/variants.md)."
        )
        + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti vet examples/rules/tens_tax.lopti --games 2000\n"
        "  lopti vet --base skip=8 --games 500\n"
        "  lopti vet my_rule.lopti --pack examples/packs/gentle.yaml --author Cat --html "
        "report.html\n"
        "  lopti vet my_rule.lopti --format json --seed 7 --dask local"
    ),
)
@click.argument(
    "rule_path", metavar="[RULE.lopti]", type=click.Path(dir_okay=False), required=False
)
@click.option(
    "--pack",
    "pack_path",
    type=click.Path(dir_okay=False),
    default=None,
    help=N_("The rules in force the proposed rule would join."),
)
@click.option(
    "--author", default="0", show_default=True, help=N_("The seat (or name) that made the rule.")
)
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False),
    default=None,
    help=N_("Also write a self-contained HTML report with plots here."),
)
@click.option("--strict", is_flag=True, help=N_("Exit 1 when any finding is a warning."))
@run_options(DEFAULT_GAMES)
def command(
    rule_path: str | None,
    pack_path: str | None,
    author: str,
    html_path: str | None,
    strict: bool,
    run: Run,
) -> int:
    from lopti_rules.api import is_pack, read_source
    from lopti_rules.runtime import RulesRejected
    from lopti_rules.sim import RuleText
    from lopti_rules.sim.report import MatplotlibMissing, require_matplotlib

    if rule_path is None:
        return vet_base(pack_path, author, run)
    try:
        if run.games < 1:
            raise ValueError(_("--games must be at least 1"))
        if is_pack(rule_path):
            raise ValueError(
                f"{rule_path} is a pack: vet takes the proposed rule file, and the rules in "
                "force with --pack"
            )
        if html_path is not None:
            require_matplotlib()
            folder = Path(html_path).resolve().parent
            if not folder.is_dir():
                raise ValueError(
                    _("cannot write {path}: the folder {folder} does not exist").format(
                        path=html_path, folder=folder
                    )
                )
        ok, shown, check_json = check_rule(rule_path, pack_path)
        if not ok:
            if run.output == "json":
                click.echo(json.dumps({"check": check_json, "accepted": False}, indent=2))
            else:
                click.echo(shown, nl=False)
            return 1
        setup = run.setup(pack_path)
        seat = author_seat(author, setup.names)
        proposed = RuleText.of(read_source(rule_path), seat)
        base = setup.table
        table = dataclasses.replace(base, rules=(*base.rules, proposed))
        titles = table.check()[len(setup.titles) :]
        without, with_ = run.play([base, table], "vet")
    except RulesRejected as exc:  # the checker above reports first; this is a safety net
        click.echo(_("error: {message}.").format(message=exc), err=True)
        return 1
    except (Rejected, ValueError, MatplotlibMissing) as exc:
        return failure(exc)
    result = judge(without, with_, setup, titles, seat)
    in_force = ngettext("the {n} rule of {pack}", "the {n} rules of {pack}", len(setup.titles))
    in_force = in_force.format(n=len(setup.titles), pack=_('"{text}"').format(text=setup.pack_name))
    names = ", ".join(_('"{text}"').format(text=t) for t in titles)
    heading = _("Vetting {names} ({path})").format(names=names, path=rule_path)
    details = (
        _(
            "{games} paired rounds with {in_force} in force, and with the rule added; {players} "
            "players ({names}), {bots} bots, seed {seed}; the rule's author sits at seat {seat}."
        )
        if pack_path
        else _(  # its own sentence: "with no rules in force" is said otherwise in some languages
            "{games} paired rounds with no rules in force, and with the rule added; {players} "
            "players ({names}), {bots} bots, seed {seed}; the rule's author sits at seat {seat}."
        )
    ).format(
        games=run.games,
        in_force=in_force,
        players=base.players,
        names=", ".join(setup.names),
        bots=told_kinds(run.bots),
        seed=run.seed,
        seat=seat,
    )
    if html_path is not None:
        from lopti_rules.sim.report import html_page

        page = html_page(result, without, with_, setup.names, heading, details)
        try:
            Path(html_path).write_text(page, encoding="utf-8")
        except OSError as exc:
            said = _("error: cannot write {path}: {reason}.")
            click.echo(said.format(path=html_path, reason=os_reason(exc)), err=True)
            return 2
    if run.output == "json":
        doc = {"check": check_json, "accepted": True, "games": run.games, "seed": run.seed}
        doc |= {"players": setup.names, "bots": run.bots, "pack": setup.pack_name}
        doc |= {"comparison": result.to_json()}
        click.echo(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        click.echo(shown, nl=False)
        click.echo(_("{heading}: {details}").format(heading=heading, details=details))
        click.echo()
        click.echo(result.text(setup.names, ansi), nl=False)
        if html_path is not None:
            click.echo(_("Report: {path}").format(path=html_path))
    return 1 if strict and result.warnings else 0


def judge(
    without: list[GameRecord],
    with_: list[GameRecord],
    setup: Setup,
    proposed: Sequence[str] | None,
    author: int,
) -> Comparison:
    """The paired comparison of the arms; `proposed` None: the arms differ by base variants."""
    from lopti_rules.sim import compare

    return compare(
        without,
        with_,
        players=setup.table.players,
        titles_in_force=setup.titles,
        proposed=proposed or (),
        author=author,
        base_change=proposed is None,
    )


def vet_base(pack_path: str | None, author: str, run: Run) -> int:
    """`lopti vet --base NAME=VALUE`: the table (the pack's, or base Lopti) without and with
    the proposed base change, on the same seeded rounds; `--author` is the proposer."""
    from lopti_rules.cli.play import base_variants
    from lopti_rules.cli.simulate import table_for

    try:
        if run.base is None:
            raise ValueError(
                _("give the proposed rule file, or the proposed base change with --base")
            )
        if run.games < 1:
            raise ValueError(_("--games must be at least 1"))
        setup = table_for(
            pack_path, run.players, run.bots, run.places, run.max_moves, call_miss=run.call_miss
        )
        start = None
        if pack_path is not None:
            from lopti_rules.packs.pack import load_pack

            start = load_pack(pack_path).pack.base
        variants = base_variants(run.base, start)
        base = setup.table
        if variants == base.variants or (base.variants is None and not variants.changed()):
            said = _("--base {change} changes nothing at this table")
            raise ValueError(said.format(change=run.base))
        table = dataclasses.replace(base, variants=variants)
        table.check()
        seat = author_seat(author, setup.names)
        without, with_ = run.play([base, table], "vet")
    except (Rejected, ValueError) as exc:
        return failure(exc)
    result = judge(without, with_, setup, None, seat)
    heading = _("Vetting the base change {change}").format(change=variants.describe() or run.base)
    details = _(
        "{games} paired rounds with the table's base rules and with the change; {players} "
        "players ({names}), {bots} bots, seed {seed}; the proposer sits at seat {seat}."
    ).format(
        games=run.games,
        players=base.players,
        names=", ".join(setup.names),
        bots=told_kinds(run.bots),
        seed=run.seed,
        seat=seat,
    )
    if run.output == "json":
        doc = {"base": variants.shown(), "games": run.games, "seed": run.seed}
        doc |= {"players": setup.names, "bots": run.bots, "pack": setup.pack_name}
        doc |= {"comparison": result.to_json()}
        click.echo(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        click.echo(_("{heading}: {details}").format(heading=heading, details=details))
        click.echo()
        click.echo(result.text(setup.names, ansi), nl=False)
    return 0
