"""The referee: an observer that checks, move by move, the base guarantees no rule may break.

The checker proves a rule set safe from its text (check/); the referee watches the games it
is played in and says so when a guarantee does not hold after all, naming the rules that
fired in that move and the clause. It takes a `Game` (or a bus before the deal) and is told
of each move before and after it is applied (`before(game, move)`, `after(game, move)`:
`bots.runner.play_round` does it); it produces `breaches`, one `Breach` per broken guarantee.

What it checks (docs/referee.md):
- a play lands with all its cards (R2): the pile's top play, or the chain, holds them;
- a play that empties all its player's zones finishes them (W1, D37, R3);
- a clear gives its causer a bonus play in the same move (C3, T5), unless they went out or
  the round ended, and a bonus play is made on the empty table (T5, C5), or on the pile
  that cards put under it since formed (LANGUAGE.md §4);
- the setup swap asked for happens (S4);
- the round keeps its cards (S1: 52, or the position's own count);
- every table between moves is one base Lopti can reach (`table_fault`: what
  `build.validate_position` checks, by the same `pile.py`: no 3 or 10 on the pile, no
  uncleared run of four, the low rule as the top says, ...);
- the runtime's guard never trips (docs/limits.md: an accepted set never reaches a cap).

Observing costs the bus its idle fast path (every event is built), so the referee is for
tests, campaigns and `lopti vet`, not for a table's every game.
"""

from __future__ import annotations

from dataclasses import dataclass

from lopti_rules.engine.events import Event
from lopti_rules.engine.game import EventBus, Game
from lopti_rules.engine.moves import Move, Play, Reveal, Swap
from lopti_rules.engine.pile import flags_fault, pile_fault
from lopti_rules.i18n import N_, _


@dataclass(frozen=True, slots=True)
class Breach:
    """A guarantee that did not hold: the clause, what happened, and the rules that fired
    in the move (their titles, in firing order; none when no rule fired)."""

    clause: str
    what: str
    rules: tuple[str, ...]
    move: int  # the 1-based move of the round (swaps included)

    def describe(self) -> str:
        """One sentence, in the language in use."""
        rules = ", ".join(f"“{r}”" for r in self.rules) or _("no rule")
        return _("move {move}: {what} ({clause}); rules that fired: {rules}").format(
            move=self.move, what=self.what, clause=self.clause, rules=rules
        )


class Referee:
    """Watches one game; see the module doc. `Referee(bus)` before the deal, then
    `before`/`after` around each move."""

    __slots__ = (
        "_bonuses",
        "_bus",
        "_clears",
        "_finishing",
        "_fired",
        "_landed",
        "_legal_last",
        "_total",
        "_under",
        "breaches",
        "moves",
    )

    def __init__(self, bus: EventBus) -> None:
        self._bus = bus
        self.breaches: list[Breach] = []
        self.moves = 0
        self._total: int | None = None
        self._fired: list[str] = []
        self._clears: list[int] = []  # causers of the move's base clears
        self._bonuses: set[int] = set()
        self._landed: list[str] = []
        self._finishing: int | None = None  # a seat whose move empties all their zones
        self._legal_last = False
        self._under = 0  # cards put under the pile since it was last cleared or picked up
        bus.observe(self._event)

    # -- the moves ---------------------------------------------------------------------------
    def before(self, game: Game, move: Move | Swap) -> None:
        if self._total is None:
            self._total = _cards(game)
        self.moves += 1
        self._fired, self._clears, self._bonuses, self._landed = [], [], set(), []
        self._finishing = None
        self._legal_last = False
        seat = game.turn
        zones = game.hand_sizes[seat], len(game.face_up[seat]), len(game.face_down[seat])
        if isinstance(move, Play) and zones == (move.count, 0, 0):
            self._finishing = seat
        elif isinstance(move, Reveal) and zones == (0, 0, 1):
            self._finishing = seat  # if the card is legal (`reveal`'s `legal`)

    def after(self, game: Game, move: Move | Swap) -> None:
        for what in self._landed:
            self._breach("R2", what)
        seat = self._finishing
        if seat is not None and not game.out[seat] and (self._legal_last or isinstance(move, Play)):
            self._breach("W1, R3", N_("a play that emptied all its player's zones did not finish"))
        for causer in self._clears:
            if causer not in self._bonuses and not game.out[causer] and not game.over:
                self._breach("C3, T5", N_("a clear gave its causer no bonus play"))
        if game.bonus and not game.over and game.pile_size() > self._under:
            self._breach("T5, C5", N_("a bonus play is owed on a pile that is not empty"))
        if isinstance(move, Swap) and move.seat not in game.swapped:
            self._breach("S4", N_("the setup swap did not happen"))
        if _cards(game) != self._total:
            self._breach("S1", N_("the round no longer holds all its cards"))
        if game.over:
            return  # the table after the round is no position to play from
        fault = table_fault(game)
        if fault is not None:
            self._breach("C1, X3.2, X7.2", N_("a table base Lopti never reaches: {why}"), fault)

    # -- the events --------------------------------------------------------------------------
    def _event(self, event: Event) -> None:
        name = event.name
        if name == "hook":
            rule = str(event.fields["rule"])
            if rule not in self._fired:
                self._fired.append(rule)
        elif name == "guard":
            rule = str(event.fields["rule"])
            if rule not in self._fired:
                self._fired.append(rule)
            self._breach("V8", N_("the runtime's guard stopped a cascade"))
        elif name == "play":
            self._play(event)
        elif name in ("clear", "pickup"):
            self._under = 0
            if name == "clear" and event.fields["cause"] != "custom" and event.actor is not None:
                self._clears.append(event.actor)
        elif name == "under":
            count = event.fields["count"]
            self._under += count if isinstance(count, int) else 0
        elif name == "bonus" and event.actor is not None:
            self._bonuses.add(event.actor)
        elif name == "reveal" and event.actor == self._finishing:
            self._legal_last = bool(event.fields["legal"])

    def _play(self, event: Event) -> None:
        """The cards of a play, as it is observed (its effect applied, before its clear)."""
        game = self._bus.game
        if game is None:  # pragma: no cover - a bus emits only once its game is set
            return
        rank, count = int(str(event.fields["rank"])), int(str(event.fields["count"]))
        on_chain = game.chain >= count and (not game.pile_ranks or game.pile_ranks[-1] != rank)
        on_pile = bool(game.pile_ranks) and (game.pile_ranks[-1], game.pile_counts[-1]) == (
            rank,
            count,
        )
        if not (on_pile or on_chain):
            self._landed.append(N_("a play did not land with all its cards"))

    def _breach(self, clause: str, what: str, why: str | None = None) -> None:
        said = _(what).format(why=why) if why is not None else _(what)
        self.breaches.append(Breach(clause, said, tuple(self._fired), self.moves))


def table_fault(game: Game) -> str | None:
    """Why the table between two moves is not one base Lopti reaches, or None: what
    `build.validate_position` checks of a table that keeps its cards (the pile and its flags,
    by the same functions, `pile.py`; the seat to act)."""
    ranks, counts = game.pile_ranks, game.pile_counts
    if any(count < 1 for count in counts):
        return _("a play on the pile is one or more cards of one rank (P1)")
    variants = game.vt.variants
    fault = pile_fault(ranks, counts, variants) or flags_fault(
        ranks,
        variants,
        low=game.low,
        obligation=game.obligation,
        chain=game.chain,
        direction=game.direction,
    )
    if fault is not None:
        return fault[1]
    if game.out[game.turn]:
        said = _(
            "seat {seat} is to act but has already finished; play skips finished seats (S7, D27)"
        )
        return said.format(seat=game.turn)
    return None


def _cards(game: Game) -> int:
    """Every card of the round: the zones, the pile, the deck and the removed cards."""
    return (
        sum(game.hand_sizes)
        + sum(map(len, game.face_up))
        + sum(map(len, game.face_down))
        + game.pile_size()
        + len(game.deck)
        + game.removed_count()
    )
