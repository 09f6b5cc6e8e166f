"""The trial: do rounds still end with these rules? (R3, "rounds that end"): LR210, LW603.

Takes rule files the checker accepted together, as `(Source, ast.File)` units in the order
they came into force, and the number of players; plays a few short seeded rounds with them
and, for comparison, the same deals without them; reports into the sources. Whether a set
of rules lets rounds end cannot be read off the text (a rule that feeds cards back is fine
until another one refills the deck), so it is measured, cheaply and the same way every time:

- at the table's size, or, for rules checked with no table in mind (no roster), at every size
  a table may have (`TABLES`: 4 players first, then 2, 3 and 5), since a rule that lets four
  players finish may keep two passing the same cards back and forth for ever (at a size
  other than the first, rounds that do not end are LW603, with the size in its figures: that
  table may never sit down);
- `ROUNDS` rounds, seeds 1 to `ROUNDS`, by turns with greedy bots (the table's habits: play
  the lowest card that goes) and random bots (a careless table: any legal move, pickups
  included), each stopped at `MAX_MOVES` moves, about thirty times a greedy base round and
  eight times a random one; half of them (`later`: seeds 3, 4, 7, 8) at a table later in the
  evening, its second round with places played out and a last winner, a last loser and an
  author at other seats, so the rules on `finish`, `win`, `round > 1` and those roles play
  too (the campaign's stalls in round one's trial went unseen there);
- with the base variants in force at the table (`variants`: a pack's `base:`, a session's
  voted changes), the rounds with the rules and the same deals without them alike, so a rule
  that lets rounds end in base Lopti but not at this table is seen (a round that does not
  end without the rules either, which some variants allow, counts against no rule);
- with the table's calls and races said, forgotten and reported the way a table of bots does
  it in `lopti simulate` and `vet` (`Table.model`, seeded by the round), so the hooks on a
  missed call or a race's loser play too (before, a race that refilled every hand when lost
  was accepted: its hook never fired in the trial);
- LR210 (error) when at least half of the greedy rounds reach the cap at the table's size (4
  players when it is not known): with these rules
  rounds do not end even when the table plays sensibly (the trial stops as soon as that is
  certain);
- LW603 (warning) when some round reaches the cap, or the rounds last on average more than
  `LONGER` times as long as the same deals without the rules: the figures say how long.

Both are reported at the title of the rule to blame: of the rules that fired in the trial,
the one that came into force last (the proposed rule, with the rules in force before it),
most fired first; the message names the rules that fired most. Seeded, so the same rules
give the same verdict on every machine. The cost is a few milliseconds a round (docs/limits.md,
"Rounds that end"; `benchmarks/bench_check.py --trial`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import run_round
from lopti_rules.diagnostics.source import Source
from lopti_rules.engine import EventBus, TableOptions
from lopti_rules.engine.variants import BASE, Variants, compile_variants
from lopti_rules.i18n import _, grouped
from lopti_rules.language import ast
from lopti_rules.runtime import compile_rules

ROUNDS = 8
MAX_MOVES = 2_000
LONGER = 5
BOTS = ("greedy", "random")  # by turns, seed by seed; the first decides LR210
TABLES = (4, 2, 3, 5)  # the sizes rules with no table in mind are tried at, the usual first


@dataclass(slots=True)
class Figures:
    """What the trial measured: moves per round with the rules and without, per seed."""

    players: int
    moves: list[int] = field(default_factory=list)
    base: list[int] = field(default_factory=list)
    # rounds still going at the cap where the same deal without the rules ended, per bots
    stalled_by: dict[str, int] = field(default_factory=lambda: dict.fromkeys(BOTS, 0))
    fires: dict[str, int] = field(default_factory=dict)

    @property
    def stalled(self) -> int:
        return sum(self.stalled_by.values())

    @property
    def endless(self) -> bool:
        """At least half the greedy rounds reached the cap."""
        return 2 * self.stalled_by[BOTS[0]] >= ROUNDS // len(BOTS)

    @property
    def ratio(self) -> float:
        return sum(self.moves) / max(1, sum(self.base))

    @property
    def long(self) -> bool:
        return self.stalled > 0 or self.ratio > LONGER


def measure(
    units: Sequence[tuple[Source, ast.File]], players: int, variants: Variants | None = None
) -> Figures:
    """Play the trial rounds with the units' rules (authors: seat 0) and without them, with
    the base variants in force (None: base Lopti)."""
    rules = compile_rules([(tree, 0) for _, tree in units])
    figures = Figures(players, fires=dict.fromkeys(rules.titles, 0))
    for seed in range(1, ROUNDS + 1):
        bots, options = table(players, seed, variants)
        bus = EventBus()
        runtime = rules.attach(bus)
        model = runtime.table.model(seed) if runtime.table is not None else None
        played = run_round(
            options,
            seed,
            make_bots(bots, players),
            bus=bus,
            max_moves=MAX_MOVES,
            between=model.between if model is not None else None,
        )
        base = base_moves(players, seed, variants)
        figures.moves.append(played.moves)
        figures.base.append(base)
        figures.stalled_by[bots] += int(played.stalled and base < MAX_MOVES)
        for title, count in runtime.fires.items():
            figures.fires[title] = figures.fires.get(title, 0) + count
        if figures.endless:
            break
    return figures


@cache
def base_moves(players: int, seed: int, variants: Variants | None = None) -> int:
    """How long trial round `seed` lasts at `players` players without the rules: the same
    deal, table, variants and bots as `measure` plays it with them (`MAX_MOVES`: it does
    not end either). It depends on nothing else, so each figure is played once a process
    (base Lopti's 32, `TABLES` by `ROUNDS`, and those of the variants tried)."""
    bots, options = table(players, seed, variants)
    return run_round(options, seed, make_bots(bots, players), max_moves=MAX_MOVES).moves


def table(players: int, seed: int, variants: Variants | None = None) -> tuple[str, TableOptions]:
    """Trial round `seed`'s bots and table: greedy and random by turns, half of them later
    in the evening; with the base variants in force."""
    bots = BOTS[(seed - 1) % len(BOTS)]
    if seed % 4 in (3, 0):
        return bots, later(players, seed, variants)
    return bots, TableOptions(players=players, variants=variants)


def later(players: int, seed: int, variants: Variants | None = None) -> TableOptions:
    """A table later in the evening: the second round, played out to the last place, with
    the last winner, the last loser and the author at seats the seed moves round."""
    return TableOptions(
        players=players,
        places=True,
        round=2,
        last_winner=seed % players,
        last_loser=(seed + 1) % players,
        author=(seed + 2) % players,
        variants=variants,
    )


def worth_trying(units: Sequence[tuple[Source, ast.File]]) -> bool:
    """Whether any rule has a hook (a set without one plays base Lopti's rounds)."""
    return any(rule.hooks for _, tree in units for rule in tree.rules)


def check(
    units: Sequence[tuple[Source, ast.File]],
    players: int | Sequence[int],
    variants: Variants | None = None,
) -> Figures | None:
    """Run the trial on accepted units and report LR210 or LW603; the figures, or None when
    there was nothing to try. `players`: the table's size, or the sizes to try, the table's
    likely one first (rules checked with no table in mind: `TABLES`); `variants`: the base
    variants in force at the table (None: base Lopti). Rounds that do not end
    at the first size are LR210; at another size, or rounds that run long, LW603 (the
    figures name the size), since the table may never have that many players."""
    if not worth_trying(units):
        return None
    if variants is not None and compile_variants(variants) is BASE:
        variants = None  # base Lopti (a pack's empty `base:`): the rounds `base_moves` keeps
    sizes = (players,) if isinstance(players, int) else tuple(players)
    first = measure(units, sizes[0], variants)
    if first.endless or first.long:
        _report(units, first)
        return first
    for size in sizes[1:]:
        figures = measure(units, size, variants)
        if figures.endless or figures.long:
            _report(units, figures, endless=False)
            return figures
    return first


def _blamed(
    units: Sequence[tuple[Source, ast.File]], fires: dict[str, int]
) -> tuple[Source, ast.Rule]:
    best: tuple[int, int, Source, ast.Rule] | None = None
    for index, (source, tree) in enumerate(units):
        for rule in tree.rules:
            key = (index, fires.get(rule.title.value, 0))
            if key[1] and (best is None or key > best[:2]):
                best = (*key, source, rule)
    if best is None:  # nothing fired, yet rounds changed: the last rule
        source, tree = units[-1]
        return source, tree.rules[-1]
    return best[2], best[3]


def _fired(fires: dict[str, int]) -> str:
    top = sorted((item for item in fires.items() if item[1]), key=lambda i: -i[1])[:3]
    return ", ".join(
        _('"{title}" ({n} times)').format(title=title, n=grouped(n)) for title, n in top
    )


def _report(
    units: Sequence[tuple[Source, ast.File]], figures: Figures, *, endless: bool = True
) -> None:
    source, rule = _blamed(units, figures.fires)
    played = len(figures.moves)
    base = sum(figures.base) / max(1, played)
    if figures.endless and endless:
        greedy = figures.base[:: len(BOTS)]
        base = sum(greedy) / max(1, len(greedy))
        source.report(
            "LR210",
            rule.title.span,
            _(
                "with these rules rounds do not end: {stalled} of {played} seeded trial rounds "
                "({players} players, greedy bots) were still going after {cap} moves, where the "
                "same deals take {base} moves on average without them; the rules that fired "
                "most: {fired}"
            ).format(
                stalled=figures.stalled_by[BOTS[0]],
                played=(played + 1) // len(BOTS),
                players=figures.players,
                cap=grouped(MAX_MOVES),
                base=f"{base:.0f}",
                fired=_fired(figures.fires),
            ),
            _(
                "a rule that keeps bringing cards back into play needs a condition that lets "
                "the round run down, such as `when deck > 0` or `when round > 1`"
            ),
        )
        return
    mean = sum(figures.moves) / max(1, played)
    message = _(
        "with these rules a round lasts {ratio:.1f} times as long as base Lopti: {mean} moves "
        "on average over {played} seeded trial rounds ({players} players, greedy and random bots), "
        "against {base} for the same deals without them; the rules that fired most: {fired}"
    ).format(
        ratio=figures.ratio,
        mean=f"{mean:.0f}",
        played=played,
        players=figures.players,
        base=f"{base:.0f}",
        fired=_fired(figures.fires),
    )
    if figures.stalled:
        message += "; " + _("{n} of them did not end within {cap} moves").format(
            n=figures.stalled, cap=grouped(MAX_MOVES)
        )
    source.report(
        "LW603",
        rule.title.span,
        message,
        _("`lopti simulate --pack` gives the full figures; a long round may be what you want"),
    )
