"""`lopti simulate`: play many seeded rounds of bots and report what the table's rules do.

Takes a table (`--players`, or a `--pack` whose rules are put in force and whose roster
names the seats), `--games`, `--bots`, `--seed`, and where to run: `--workers K` local
processes (default: every CPU) or `--dask ADDRESS` (`local` starts a cluster on this
machine). Prints game length (moves and turns: mean with its 95% interval, median, 95th
percentile), each seat's win rate (Wilson interval), pickups and clears per round, how often
each rule fired, runtime-guard trips and stalled rounds, as a table or `--format json`.

A progress bar runs on stderr when it is a terminal. Game `i` is played from a seed derived
from `--seed` and `i` alone, so the output is identical, byte for byte, for any `--workers`
or `--dask`. Exit codes: 0 simulated, 1 the pack was rejected (its diagnostics on stderr),
2 bad arguments, an unreadable pack or an unreachable cluster (one sentence on stderr).

`run_options` (which hands a command its `Run`) and `table_for` are shared with `lopti vet`.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import click

from lopti_rules.bots import told_kinds
from lopti_rules.bots.runner import DEFAULT_MAX_MOVES
from lopti_rules.cli.output import Rejected, failure
from lopti_rules.cli.play import CALL_MISS, base_variants, load_rules_of, table_names
from lopti_rules.i18n import N_, _, ngettext
from lopti_rules.i18n.numbers import decimal
from lopti_rules.runtime.calls import DEFAULT_CALL_MISS

MAX_GAMES = 1_000_000  # --games and --max-moves: checked before anything runs (docs/limits.md)
MAX_WORKERS = 256

if TYPE_CHECKING:
    from lopti_rules.engine.variants import Variants
    from lopti_rules.packs.pack import BaseVariants
    from lopti_rules.sim import GameRecord, Table

DEFAULT_GAMES = 1000


@dataclass(frozen=True, slots=True)
class Setup:
    """A table ready to simulate, with its seat names and pack name (if any)."""

    table: Table
    names: list[str]
    pack_name: str | None
    titles: tuple[str, ...]


def table_for(
    pack_path: str | None,
    players: str | None,
    bots: str,
    places: bool,
    max_moves: int,
    base_text: str | None = None,
    call_miss: float = DEFAULT_CALL_MISS,
) -> Setup:
    """The table of `--pack`/`--players`/`--bots`/`--base` (onto the pack's `base:`).
    `Rejected` when the checker rejects the pack; ValueError (one sentence) for arguments
    that do not fit together."""
    from lopti_rules.sim import RuleText, Table

    rules: tuple[RuleText, ...] = ()
    pack_name = None
    roster: tuple[str, ...] | None = None
    base: BaseVariants | None = None
    if pack_path is not None:
        pack, _table, names = load_rules_of(pack_path, players)
        rules = tuple(RuleText.of(e.source, e.author) for e in pack.entries)
        pack_name = pack.name
        base = pack.pack.base
        places = places or base.places
        roster = tuple(pack.roster) if pack.roster is not None else None
    else:
        names = table_names(players, None)
    variants = base_variants("", base) if base is not None else None
    if base_text is not None:
        variants = base_variants(base_text, base)
    if variants is not None and not variants.changed():
        variants = None  # base Lopti: nothing to send to the workers
    table = Table(len(names), bots, places, rules, roster, max_moves, variants, call_miss)
    return Setup(table, names, pack_name, table.check())


def workers_of(workers: int | None) -> int:
    from lopti_rules.sim import default_workers

    if workers is None:
        return default_workers()
    if workers < 1:
        raise ValueError(_("--workers must be at least 1"))
    if workers > MAX_WORKERS:
        raise ValueError(
            _("--workers must be at most {most}, not {n}").format(most=MAX_WORKERS, n=workers)
        )
    return workers


def in_range(option: str, value: int, most: int) -> None:
    """ValueError (one sentence) unless 1 <= value <= most: checked before anything runs."""
    if value < 1:
        raise ValueError(_("{option} must be at least 1").format(option=option))
    if value > most:
        raise ValueError(
            _("{option} must be at most {most}, not {n}").format(
                option=option, most=decimal(most, 0), n=decimal(value, 0)
            )
        )


@dataclass(frozen=True, slots=True)
class Run:
    """The options of `run_options`: the table, the games and where to run them."""

    players: str | None
    games: int
    bots: str
    seed: int
    places: bool
    base: str | None
    max_moves: int
    call_miss: float
    workers: int | None
    dask: str | None
    output: str

    def setup(self, pack_path: str | None) -> Setup:
        """The table, with `--pack` (see `table_for`), once the counts are in range."""
        in_range("--games", self.games, MAX_GAMES)
        in_range("--max-moves", self.max_moves, MAX_GAMES)
        if self.workers is not None:
            workers_of(self.workers)
        return table_for(
            pack_path,
            self.players,
            self.bots,
            self.places,
            self.max_moves,
            self.base,
            self.call_miss,
        )

    def play(self, tables: list[Table], label: str) -> list[list[GameRecord]]:
        """Each table's `--games` rounds from `--seed`, on `--workers` or `--dask`."""
        return play_tables(
            tables, self.games, self.seed, workers_of(self.workers), self.dask, label
        )


_RUN_FIELDS = tuple(field.name for field in dataclasses.fields(Run))


def run_options(games: int) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The options `simulate` and `vet` share: the table, the games (`games` by default) and
    where to run them. The command gets them as one `Run`, its keyword argument `run`."""
    decorators = [
        click.option(
            "--players",
            default=None,
            help=N_("How many players (2..5), or their names (default: 4, or the pack's)."),
        ),
        click.option(
            "--games", type=int, default=games, show_default=True, help=N_("Rounds to play.")
        ),
        click.option(
            "--bots",
            default="greedy",
            show_default=True,
            help=N_("greedy|random|easy|medium|hard, or one per seat."),
        ),
        click.option(
            "--seed", type=int, default=0, show_default=True, help=N_("Same seed, same numbers.")
        ),
        click.option("--places", is_flag=True, help=N_("Play on for 2nd, 3rd, ... places (D28).")),
        click.option(
            "--base",
            metavar="NAME=VALUE,...",
            default=None,
            help=N_("Base variants, e.g. skip=8,reverse=J (docs/variants.md)."),
        ),
        click.option(
            "--max-moves",
            type=int,
            default=DEFAULT_MAX_MOVES,
            show_default=True,
            help=N_("A round that reaches this many moves is stopped and counted as stalled."),
        ),
        CALL_MISS,
        click.option(
            "--workers",
            type=int,
            default=None,
            help=N_("Local worker processes (default: one per CPU)."),
        ),
        click.option(
            "--dask",
            metavar="ADDRESS",
            default=None,
            help=N_("Run on the Dask scheduler at ADDRESS, or `local` (needs lopti-rules[dask])."),
        ),
        click.option(
            "--format",
            "output",
            type=click.Choice(["text", "json"]),
            default="text",
            show_default=True,
            help=N_("A readable table, or JSON."),
        ),
    ]

    def apply(f: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(f)
        def with_run(**kwargs: Any) -> Any:
            run = Run(**{name: kwargs.pop(name) for name in _RUN_FIELDS})
            return f(run=run, **kwargs)

        command: Callable[..., Any] = with_run
        for decorator in reversed(decorators):
            command = decorator(command)
        return command

    return apply


def play_tables(
    tables: list[Table], games: int, seed: int, workers: int, dask: str | None, label: str
) -> list[list[GameRecord]]:
    """Run the simulation; Dask problems become one-sentence ValueErrors."""
    from lopti_rules.sim import simulate
    from lopti_rules.sim.cluster import DaskMissing, DaskUnavailable

    try:
        return simulate(tables, games, seed, workers=workers, dask=dask, label=label)
    except (DaskMissing, DaskUnavailable) as exc:
        raise ValueError(str(exc)) from None


@click.command(
    name="simulate",
    help=(
        N_("Play many seeded rounds between bots and report what the rules do.") + "\n"
        "\n"
        "\b\n"
        "Example:\n"
        "  lopti simulate --players 4 --games 2000 --seed 1\n"
        "  lopti simulate --pack examples/packs/gentle.yaml --games 1000 --format json\n"
        "  lopti simulate --players 4 --games 500 --base skip=8,burn=3\n"
        "  lopti simulate --games 20000 --dask tcp://scheduler:8786"
    ),
)
@click.option(
    "--pack",
    "pack_path",
    type=click.Path(dir_okay=False),
    default=None,
    help=N_("Put this rule pack's house rules in force."),
)
@run_options(DEFAULT_GAMES)
def command(pack_path: str | None, run: Run) -> int:
    from lopti_rules.sim import Summary

    try:
        if run.games < 1:
            raise ValueError(_("--games must be at least 1"))
        setup = run.setup(pack_path)
        records = run.play([setup.table], "simulate")
    except (Rejected, ValueError) as exc:
        return failure(exc)
    summary = Summary.of(records[0], setup.table.players, setup.titles)
    if run.output == "json":
        doc = {
            "games": run.games,
            "seed": run.seed,
            "players": setup.names,
            "bots": run.bots,
            "places": setup.table.places,
            "base": setup.table.variants.shown() if setup.table.variants else {},
            "pack": setup.pack_name,
            "summary": summary.to_json(),
        }
        click.echo(json.dumps(doc, indent=2, ensure_ascii=False))
        return 0
    n = len(setup.titles)
    pack = (
        ngettext(", pack {pack} ({n} rule)", ", pack {pack} ({n} rules)", n).format(
            pack=repr(setup.pack_name), n=n
        )
        if setup.pack_name
        else ""
    )
    said = _("Simulated {games} rounds: {n} players ({names}), {bots} bots, seed {seed}{more}.")
    click.echo(
        said.format(
            games=run.games,
            n=len(setup.names),
            names=", ".join(setup.names),
            bots=told_kinds(run.bots),
            seed=run.seed,
            more=pack + _variants_note(setup.table.variants),
        )
    )
    click.echo(summary.text(setup.names), nl=False)
    return 0


def _variants_note(variants: Variants | None) -> str:
    told = variants.describe() if variants is not None else ""
    return _(", base variants {told}").format(told=told) if told else ""
