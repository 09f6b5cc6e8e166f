"""How bots answer the game's asks (engine/asks.py): one policy per bot kind, every ask kind.

`chooser(bots, seed)` is the `Chooser` for a table of bots (plug it in with
`ruleset.attach(bus, chooser=...)` or `EventBus(chooser=...)`): it answers each ask with the
policy of the asked seat's bot kind (`POLICIES`), which sees only the ask and the seat's own
`View` (never another hand). A seat that is not a bot (None: a person, asked elsewhere) or of
a kind without a policy gets None, and the game takes the ask's default.

The policies (docs/bots.md, "Choices"), by kind of ask:
- `random`: cards: any `count` of the options; a seat: any option; yes/no: a coin toss. All
  from one RNG seeded from the game seed (`lopti-choices-<seed>`), so a seed replays.
- `greedy`, `easy`, `medium`, `hard`: cards: the ones it values least (`greedy.KEEP`: low
  normal ranks first, the specials 2, 3, 7 and 10 last), or most when the chosen cards stay
  its own; a seat: the opponent nearest to going out (fewest cards; ties: the first
  offered), or the one furthest from it where the choice favours the chosen seat; yes/no:
  yes when yes helps the seat, no when it costs it, else the ask's default. Which case an
  ask is comes from its purpose (`asks.PURPOSES[purpose].favours`). No RNG is used, so they
  never disturb the random bot's sequence.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from lopti_rules.bots.greedy import KEEP
from lopti_rules.engine.asks import CARDS, PURPOSES, SEAT, Answer, Ask

if TYPE_CHECKING:
    from lopti_rules.bots.bot import Bot
    from lopti_rules.engine import Chooser, Game, View

Policy = Callable[["View", Ask, random.Random], Answer]


def least_valued(options: Sequence[int], n: int) -> list[int]:
    """The `n` cards of `options` the seat values least (greedy and searching bots)."""
    return sorted(options, key=lambda rank: (KEEP[rank], rank))[:n]


def most_valued(options: Sequence[int], n: int) -> list[int]:
    """The `n` cards of `options` the seat values most."""
    return sorted(options, key=lambda rank: (-KEEP[rank], -rank))[:n]


def random_answer(view: View, ask: Ask, rng: random.Random) -> Answer:
    """The random bot: any allowed answer, from the choices RNG."""
    if ask.kind == CARDS:
        return tuple(rng.sample(ask.options, min(ask.count, len(ask.options))))
    if ask.kind == SEAT:
        return rng.choice(ask.options)
    return rng.random() < 0.5


def greedy_answer(view: View, ask: Ask, rng: random.Random) -> Answer:
    """The greedy and searching bots: part with the least, hurt the leader (module doc)."""
    favours = PURPOSES[ask.purpose].favours
    if ask.kind == CARDS:
        pick = most_valued if favours else least_valued
        return tuple(pick(ask.options, ask.count))
    if ask.kind == SEAT:
        return _leader(view, ask, furthest=bool(favours))
    return ask.default if favours is None else favours


def _leader(view: View, ask: Ask, *, furthest: bool) -> int:
    """The offered seat with the fewest cards (`furthest`: the most), the asked seat itself
    only when no other is offered; ties go to the first offered."""
    sizes, up, down = view.hand_sizes, view.face_up, view.face_down_counts
    others = [s for s in ask.options if s != ask.seat] or list(ask.options)
    sign = -1 if furthest else 1
    return min(others, key=lambda s: sign * (sizes[s] + len(up[s]) + down[s]))


POLICIES: dict[str, Policy] = {
    "random": random_answer,
    "greedy": greedy_answer,
    "easy": greedy_answer,
    "medium": greedy_answer,
    "hard": greedy_answer,
}


def chooser(bots: Sequence[Bot | None], seed: int) -> Chooser[Game]:
    """The chooser for `bots` (one per seat, in seat order; None: a person, not asked here)."""
    rng = random.Random(f"lopti-choices-{seed}")

    def choose(game: Game, ask: Ask) -> Answer | None:
        seat = ask.seat
        bot = bots[seat] if 0 <= seat < len(bots) else None
        policy = POLICIES.get(bot.name) if bot is not None else None
        return policy(game.view(seat), ask, rng) if policy is not None else None

    return choose
