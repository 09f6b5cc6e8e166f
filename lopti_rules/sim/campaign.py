"""The safety campaign: random accepted rule sets, played under the referee.

Takes a seed and a size; produces `Figures`: how many rule sets were drawn and accepted, how
many games were played (by bot kind), and every game that crashed, broke a base guarantee
(engine/referee.py), tripped the runtime's guard or ran over the move cap, each with the
rules in force so it can be replayed. The rule sets come from a small seeded grammar of the
language (`random_rule`) over every event, timing, action, target and condition form,
`chooses a player` (`or themself` too), `may`, titled roles and the conditions on who holds
one, and table events included. Each set sits at a table with random base variants of its
own (`drawn_table`), is checked as that table's live check checks a proposed rule (the
trial rounds played with those variants), and only accepted sets are played, at that table,
with random, greedy and (in a few games) searching bots, bots' or random answers to the asks, and
the table's calls and reports played by the seeded table model.

`tests/sim/test_campaign.py` runs a small campaign by default and a twenty-fifth of the full
one (200 accepted sets, 800 games) with `-m slow`; `benchmarks/bench_campaign.py` plays the
full one (5,000 accepted sets, 20,000 games) and prints the figures. Same seed, same figures.
"""

from __future__ import annotations

import random
import typing
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from lopti_rules.api import check_sources, load_rules
from lopti_rules.bots import make_bots
from lopti_rules.bots.choices import chooser
from lopti_rules.bots.runner import run_round
from lopti_rules.bots.search import seat_bots
from lopti_rules.diagnostics.source import Source
from lopti_rules.engine import Answer, Ask, EventBus, Game, TableOptions
from lopti_rules.engine.asks import CARDS, SEAT, Chooser
from lopti_rules.engine.referee import Referee
from lopti_rules.engine.variants import Variants
from lopti_rules.language import constructs
from lopti_rules.runtime import RuleSet
from lopti_rules.runtime.calls import TableModel

MAX_MOVES = 3000

# ---------------------------------------------------------------------- the rule grammar

EVENTS = (
    "round", "deal", "swap", "turn", "play", "draw", "pickup", "clear", "bonus", "take_up",
    "reveal", "finish", "win",
)  # fmt: skip
ROLES = (
    "player", "next player", "previous player", "the dealer", "the author", "the last winner",
    "the last loser", "the player with the most cards", "the player with the fewest cards",
    'the "keeper"',
)  # fmt: skip
GROUPS = ("every player", "each other player", "each player where hand > 3")
PLAYER_FIELDS = ("hand", "face_up", "face_down", "cards")
TABLE_CONDS = (
    "pile > 3", "deck is 0", "deck > 5", "removed > 8", "top is none", "top >= 9", "low is true",
    "obligation is false", "chain < 2", "players > 2", "round is 1", "run >= 2", "under is top",
    "third is top", "round_kings >= 2", 'player is the "keeper"', 'player is not the "keeper"',
    'next player is the "keeper"',
)  # fmt: skip
EVENT_CONDS: dict[str, tuple[str, ...]] = {
    "play": ("rank is 7", "rank > 10", "count >= 2", "source is face_down",
             "cards of player > count"),
    "pickup": ("count > 4", "reason is forced", "reason in [voluntary, custom]"),
    "clear": ("cause is ten", "cause is four_of_a_kind", "count > 3"),
    "take_up": ("count < 3",),
    "reveal": ("legal is true", "legal is false", "rank is A"),
    "finish": ("place is 1",),
    "round": ("round > 1",),
}  # fmt: skip
TABLE_RULE = """rule "Table":
    call lopti "say Lopti" after turn when cards of player is 1
    race tap "tap the table" after play when rank is 5
    after play when rank is K: player becomes the "keeper"
"""
REPORTS = ("missed lopti", "lost tap")


def _cond(rng: random.Random, event: str, who: str = "player") -> str:
    kind = rng.randrange(4)
    if kind == 0:
        return rng.choice(TABLE_CONDS + EVENT_CONDS.get(event, ()))
    if kind == 1:
        field, op = rng.choice(PLAYER_FIELDS), rng.choice((">", "<", "is", ">=", "<="))
        return f"{field} of {who} {op} {rng.randrange(0, 6)}"
    if kind == 2:
        return f"not {_cond(rng, event, who)}"
    joiner = rng.choice(("and", "or"))
    return f"{_cond(rng, event, who)} {joiner} {_cond(rng, event, who)}"


def _target(rng: random.Random) -> str:
    return rng.choice(ROLES + GROUPS)


# every simple action the checker can accept, from the construct table, so a new construct is
# refereed the day it is declared; a construct's field is filled by its kind
_SIMPLE = tuple(
    c for c in constructs.ACTIONS if c.allowed and c.visit != "block" and c.syntax is not None
)
_SECOND = (*ROLES, "a player of their choice")
_FILLERS: dict[str, Callable[[random.Random], str]] = {
    "recipient": lambda rng: rng.choice(_SECOND),
    "other": lambda rng: rng.choice(_SECOND),
    "count": lambda rng: str(rng.randint(1, 3)),
    "rank": lambda rng: rng.choice(("2", "3", "7", "9", "10", "J", "king", "A")),
    "which": lambda rng: rng.choice(("", "lowest", "highest", "random")),
    "card_word": lambda rng: rng.choice(("card", "cards")),
    "title": lambda rng: '"keeper"',
    "text": lambda rng: '"Hear ye"',
}


def _options(node: type, name: str) -> tuple[str, ...]:
    """The words a field of literal words may hold (`what`, `group`, `way`)."""
    hint = typing.get_type_hints(node)[name]
    return tuple(str(option) for option in typing.get_args(hint))


def _simple(rng: random.Random, who: str | None = None) -> str:
    construct = rng.choice(_SIMPLE)
    assert construct.syntax is not None
    words: list[str] = []
    for word in construct.syntax.split(" "):
        if word[:1] not in "{[":
            words.append(word)
            continue
        name = word[1:-1]
        if name == "target":
            value = who or _target(rng)
        elif name in _FILLERS:
            value = _FILLERS[name](rng)
        else:
            value = rng.choice(_options(construct.node, name))
        if value:
            words.append(value)
    return " ".join(words)


def _actions(rng: random.Random, event: str, pad: str, depth: int = 0) -> list[str]:
    kind = rng.randrange(10 if depth < 2 else 5)
    if kind < 5:
        return [pad + _simple(rng)]
    inner = pad + "    "
    if kind == 5:
        return [f"{pad}repeat {rng.randint(1, 4)} times:", *_actions(rng, event, inner, depth + 1)]
    if kind == 6:
        out = [f"{pad}if {_cond(rng, event)}:", *_actions(rng, event, inner, depth + 1)]
        if rng.random() < 0.5:
            out += [f"{pad}else:", *_actions(rng, event, inner, depth + 1)]
        return out
    if kind == 7:
        left, right = rng.choice(ROLES), rng.choice(ROLES)
        body = rng.choice(
            ("loser draws 1", "winner discards 1 card", "winner gives 1 card to loser")
        )
        return [f"{pad}roshambo {left} vs {right}:", f"{inner}{body}"]
    if kind == 8:
        test = f"if {_cond(rng, event, 'the chosen player')}: "
        chosen = rng.choice(
            (
                "the chosen player draws 1",
                "the chosen player picks up the pile",
                "player gives 1 card to the chosen player",
                "the chosen player discards 1 card",
                "the chosen player puts 1 card under the pile",
            )
        )
        themself = " or themself" if rng.random() < 0.3 else ""
        return [
            f"{pad}{_target(rng)} chooses a player{themself}:",
            f"{inner}{test if rng.random() < 0.5 else ''}{chosen}",
        ]
    asked = rng.choice(ROLES)
    return [f"{pad}{asked} may:", f"{inner}{_simple(rng, asked)}"]


def random_rule(rng: random.Random, title: str) -> str:
    """One rule of one to three hooks, each with an optional condition and one to three
    actions (nested blocks included)."""
    lines = [f'rule "{title}":']
    for _ in range(rng.randint(1, 3)):
        event = rng.choice(EVENTS + REPORTS) if rng.random() < 0.95 else rng.choice(REPORTS)
        timing = "after" if event in REPORTS else rng.choice(("before", "after"))
        cond = f" when {_cond(rng, event)}" if rng.random() < 0.6 else ""
        lines.append(f"    {timing} {event}{cond}:")
        for _ in range(rng.randint(1, 3)):
            lines += _actions(rng, event, "        ")
    return "\n".join(lines) + "\n"


def random_variants(rng: random.Random) -> Variants | None:
    """Base Lopti half the time, else a few variants a vote could adopt."""
    if rng.random() < 0.5:
        return None
    free = [r for r in range(4, 15) if r not in (7, 10)]
    rng.shuffle(free)
    ranks = [free.pop() if rng.random() < 0.25 else None for _ in range(4)]
    switches = [rng.random() < 0.2 for _ in range(3)]
    return Variants(
        skip=ranks[0],
        reverse=ranks[1],
        glass=ranks[2],
        name_next=ranks[3],
        jump_in=switches[0],
        four_on_anything=switches[1],
        must_play=switches[2],
        burn=rng.choice((2, 3)) if rng.random() < 0.2 else 4,
        clear=None if rng.random() < 0.1 else 10,
    )


# ---------------------------------------------------------------------- the games

# what the check said of a drawn set: the checker refused it, the trial refused it (LR210:
# rounds do not end), the trial warned (LW603: rounds far longer, figures given), accepted
REFUSED, ENDLESS, WARNED, ACCEPTED = "refused", "endless", "warned", "accepted"


@dataclass(slots=True)
class Incident:
    """A game that did not play safe: what happened, and what to replay it with."""

    kind: str  # crash, breach, trip, stall; `warned`: a stall in a set the trial warned about
    what: str
    rules: tuple[str, ...]
    # replay with `play_one(rules, load_rules(rules), game, Figures(), search, variants=...)`
    game: int
    variants: Variants | None = None  # the table's base variants


@dataclass(slots=True)
class Figures:
    drawn: int = 0
    accepted: int = 0
    endless: int = 0  # sets the trial refused (LR210), among the drawn ones
    warned: int = 0  # accepted sets the trial warned about (LW603)
    games: int = 0
    moves: int = 0
    by_bots: dict[str, int] = field(default_factory=dict)
    incidents: list[Incident] = field(default_factory=list)

    def count(self, kind: str) -> int:
        return sum(1 for i in self.incidents if i.kind == kind)

    def lines(self) -> list[str]:
        bots = ", ".join(f"{k} {v}" for k, v in sorted(self.by_bots.items()))
        return [
            f"rule sets drawn: {self.drawn}, accepted: {self.accepted} (trial: {self.endless} "
            f"refused as endless, LR210; {self.warned} accepted with a warning, LW603)",
            f"games: {self.games} ({bots}), moves: {self.moves}",
            f"crashes: {self.count('crash')}, broken guarantees: {self.count('breach')}, "
            f"guard trips: {self.count('trip')}, rounds over the cap: {self.count('stall')} "
            f"(and {self.count('warned')} in sets the trial warned about)",
        ]


def random_answers(seed: int) -> Chooser[Game]:
    """A chooser that answers every ask at random among what it allows (seeded)."""
    rng = random.Random(f"lopti-campaign-answers-{seed}")

    def choose(game: Game, ask: Ask) -> Answer | Sequence[int] | None:
        if ask.kind == CARDS:
            return tuple(rng.sample(list(ask.options), min(ask.count, len(ask.options))))
        if ask.kind == SEAT:
            return rng.choice(ask.options) if ask.options else None
        return rng.random() < 0.5

    return choose


def drawn_set(seed: int, index: int) -> list[str]:
    """The campaign's `index`-th rule set (its own seed): the table's rule, then one to three
    random rules."""
    rng = random.Random(f"lopti-campaign-{seed}-set-{index}")
    return [TABLE_RULE, *(random_rule(rng, f"R{i}") for i in range(rng.randint(1, 3)))]


def drawn_table(seed: int, index: int) -> Variants | None:
    """The base variants of the table that plays the `index`-th set (its own seed): a table
    checks a proposed rule with its variants in force, and plays its rounds with them."""
    return random_variants(random.Random(f"lopti-campaign-{seed}-table-{index}"))


def judged(texts: Sequence[str], variants: Variants | None = None) -> str:
    """What a table's live check says of a set (the web table's: the checker, then the trial
    rounds with the table's variants, `check_sources(..., trial=True)`): REFUSED, ENDLESS,
    WARNED or ACCEPTED."""
    sources = [Source(text, f"<campaign>[{i}]") for i, text in enumerate(texts)]
    diagnostics = check_sources(sources, trial=True, variants=variants)
    codes = {d.code for d in diagnostics}
    if "LR210" in codes:
        return ENDLESS
    if any(d.is_error for d in diagnostics):
        return REFUSED
    return WARNED if "LW603" in codes else ACCEPTED


def _judge(job: tuple[int, range]) -> list[str]:
    seed, indices = job
    return [judged(drawn_set(seed, i), drawn_table(seed, i)) for i in indices]


Mapper = Callable[[Callable[[Any], Any], Iterable[Any]], Iterable[Any]]


def accepted_sets(
    seed: int, wanted: int, figures: Figures, mapper: Mapper = map, parts: int = 1
) -> list[tuple[int, bool]]:
    """The first `wanted` drawn sets the live check accepts, as (index, warned), judged in
    batches over `parts` workers (`mapper`: `map` or a pool's); the figures count the sets
    drawn up to the last one taken, so they do not depend on the batches."""
    chosen: list[tuple[int, bool]] = []
    start = 0
    while len(chosen) < wanted:
        size = max(8 * parts, 2 * (wanted - len(chosen)) + 4)  # about half are accepted
        jobs = [(seed, range(start + p, start + size, parts)) for p in range(parts)]
        verdicts: dict[int, str] = {}
        for (_, indices), said in zip(jobs, mapper(_judge, jobs), strict=True):
            verdicts.update(zip(indices, said, strict=True))
        for index in range(start, start + size):
            if len(chosen) == wanted:
                break
            verdict = verdicts[index]
            figures.drawn += 1
            figures.endless += verdict == ENDLESS
            if verdict in (WARNED, ACCEPTED):
                figures.accepted += 1
                figures.warned += verdict == WARNED
                chosen.append((index, verdict == WARNED))
        start += size
    return chosen


def play_one(
    texts: list[str],
    rules: RuleSet,
    game: int,
    figures: Figures,
    search: float,
    *,
    warned: bool = False,
    variants: Variants | None = None,
) -> list[Referee]:
    """Game `game` (its seed: everything about it but the table's base `variants` is drawn
    from it) of `rules` under the referee, its incidents added to `figures` (a stall as
    `warned` when the trial warned about the set); returns its referee (none if it
    crashed)."""
    rng = random.Random(f"lopti-campaign-game-{game}")
    players = rng.randint(2, 5)
    seed = rng.randrange(1 << 30)
    kind = "search" if rng.random() < search else rng.choice(("random", "greedy", "mixed"))
    names = {
        "random": "random",
        "greedy": "greedy",
        "mixed": ",".join(rng.choice(("random", "greedy")) for _ in range(players)),
        "search": ",".join(["easy", *(["random"] * (players - 1))]),
    }[kind]
    figures.games += 1
    figures.by_bots[kind] = figures.by_bots.get(kind, 0) + 1
    said = "base" if variants is None else variants.describe()
    try:
        options = TableOptions(
            players=players,
            places=rng.random() < 0.3,
            round=rng.choice((1, 2)),
            last_winner=rng.randrange(players),
            author=rng.randrange(players),
            variants=variants,
        )
        bots = make_bots(names, players)
        bus = EventBus()
        answers = random_answers(seed) if rng.random() < 0.5 else chooser(bots, seed)
        runtime = rules.attach(bus, chooser=answers)
        seat_bots(bots, bus, options, rules)
        model = TableModel(runtime.table, seed, 0.3) if runtime.table is not None else None
        referee = Referee(bus)
        result = run_round(
            options,
            seed,
            bots,
            bus=bus,
            max_moves=MAX_MOVES,
            between=model.between if model is not None else None,
            referee=referee,
        )
    except Exception as error:
        what = f"{type(error).__name__}: {error}"
        figures.incidents.append(Incident("crash", what, tuple(texts), game, variants))
        return []
    figures.moves += result.moves
    found = [("breach", b.describe()) for b in referee.breaches if b.clause != "V8"]
    found += [("trip", f"{t.rule}: {t.reason}") for t in runtime.trips]
    if result.stalled:
        found.append(("warned" if warned else "stall", f"{result.moves} moves"))
    for kind_, what in found[:3]:
        incident = Incident(kind_, f"{what} [{names}; {said}]", tuple(texts), game, variants)
        figures.incidents.append(incident)
    return [referee]


def _play(job: tuple[int, list[tuple[int, bool]], int, float, int, int]) -> Figures:
    """A worker's share of the games: those of the sets `k` with `k % parts == part` (each
    set compiled once, by one worker)."""
    seed, chosen, games, search, part, parts = job
    figures = Figures()
    for k in range(part, min(len(chosen), games), parts):
        index, warned = chosen[k]
        texts, variants = drawn_set(seed, index), drawn_table(seed, index)
        rules = load_rules(texts, [i % 5 for i in range(len(texts))])
        for i in range(k, games, len(chosen)):
            game = seed * 1_000_000 + i
            play_one(texts, rules, game, figures, search, warned=warned, variants=variants)
    return figures


def campaign(
    seed: int, sets: int, games: int, *, search: float = 0.02, workers: int = 1
) -> Figures:
    """Draw `sets` rule sets the live check accepts and play `games` games over them (game
    `i` plays set `i % sets`), on `workers` processes (the figures do not depend on how
    many: the sets are judged and the games played by their own seeds)."""
    if workers <= 1:
        return _campaign(seed, sets, games, search, map, 1)
    with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
        return _campaign(seed, sets, games, search, pool.map, workers)


def _campaign(
    seed: int, sets: int, games: int, search: float, mapper: Mapper, parts: int
) -> Figures:
    figures = Figures()
    chosen = accepted_sets(seed, sets, figures, mapper, parts)
    jobs = [(seed, chosen, games, search, p, parts) for p in range(parts)]
    for share in mapper(_play, jobs):
        figures.games += share.games
        figures.moves += share.moves
        for kind, n in share.by_bots.items():
            figures.by_bots[kind] = figures.by_bots.get(kind, 0) + n
        figures.incidents += share.incidents
    figures.incidents.sort(key=lambda i: i.game)
    return figures
