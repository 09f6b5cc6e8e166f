"""One round at the web table: the engine's game, who sits where, and the bots.

Takes: the seat names, which seats are people and which are bots, the table options, a seed
and the rules in force (`RuleEntry`s, checked again by the runtime). Produces: for each seat
its own view (`view(seat)`, built from the engine's `View`: its hand, counts for the other
hands, nothing face-down), its legal moves when it is to act, the questions it has to
answer (the setup swap), and the narrated log (which house rule fired and why).
Guarantees: every move goes through `Game.apply`; a refused one raises `Refusal` with the
engine's sentence and clause and changes nothing; bots move at once, until a person is to
act or the round is over. `moves` records every step, so `Round.replay` rebuilds the round
exactly after a restart.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from lopti_rules.api import ruleset_from_sources
from lopti_rules.bots import Bot, GreedyBot, make_bots
from lopti_rules.bots.choices import chooser
from lopti_rules.bots.runner import DEFAULT_MAX_MOVES
from lopti_rules.bots.search import seat_bots
from lopti_rules.diagnostics.source import Source
from lopti_rules.engine import (
    Event,
    EventBus,
    Game,
    IllegalMoveError,
    Move,
    PickUp,
    Play,
    Reveal,
    Swap,
    TableOptions,
)
from lopti_rules.engine.cards import RANK_NAMES
from lopti_rules.engine.narrate import Narrator
from lopti_rules.runtime import RuleEntry

_CLAUSE = re.compile(r"\(([A-Z][A-Za-z0-9.\-]*(?:,\s*[A-Z][A-Za-z0-9.\-]*)*)\)\.?\s*$")
KEEP = "keep"
Step = list[int | str]  # ["play", rank, count] | ["pickup"] | ["reveal", i] | ["swap", ...]


class Refusal(Exception):
    """A message the table refuses: one sentence, the rulebook clause (if any) and a kind
    (`illegal`, `refused`, `stale`, `forbidden`, `malformed`)."""

    def __init__(self, message: str, clause: str | None = None, kind: str = "refused") -> None:
        super().__init__(message)
        self.message = message
        self.clause = clause
        self.kind = kind

    def to_json(self) -> dict[str, object]:
        return {"type": "error", "kind": self.kind, "message": self.message, "clause": self.clause}


def clause_of(message: str) -> str | None:
    """The clause ids a sentence ends with, `(X10.1, P4)` -> `X10.1, P4`."""
    found = _CLAUSE.search(message)
    return found.group(1) if found else None


_RANK_NAMES = [RANK_NAMES.get(rank, str(rank)) for rank in range(15)]


def rank_name(rank: int) -> str:
    return _RANK_NAMES[rank] if 0 <= rank < 15 else str(rank)


class TableNarrator(Narrator):
    """The narration every device sees: as `lopti play` tells it, except that a card one
    player gives another (a house rule's `give`) is not named - it goes from one hidden
    hand to another, so only the count is told."""

    __slots__ = ()

    def rule_clause(self, event: Event) -> str | None:
        if event.name == "give":
            ranks = event.fields.get("cards", ())
            n = len(ranks) if isinstance(ranks, tuple | list) else 0
            to = event.fields.get("to")
            whom = self.name(to if isinstance(to, int) else None)
            if not n:
                return f"{self.name(event.actor)} has no card to give"
            cards = "a card" if n == 1 else f"{n} cards"
            return f"{self.name(event.actor)} gives {whom} {cards}"
        return super().rule_clause(event)


@dataclass(slots=True)
class Ask:
    """A question the server asks one seat: `options` are (value, label); with `many`,
    the answer may be several values in a row (Roshambo throws)."""

    id: str
    kind: str
    prompt: str
    options: list[tuple[str, str]]
    many: bool = False

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "kind": self.kind,
            "prompt": self.prompt,
            "many": self.many,
            "options": [{"value": v, "label": label} for v, label in self.options],
        }


def move_label(move: Move) -> str:
    if isinstance(move, Play):
        return "Play " + " ".join([rank_name(move.rank)] * move.count)
    if isinstance(move, Reveal):
        return f"Turn face-down card {move.index + 1}"
    return "Pick up the pile"


def seat_bot(kind: str) -> Bot:
    """The bot of a seat kind: `bot` is the greedy bot, a level names the searching bot."""
    return make_bots("greedy" if kind == "bot" else kind, 1)[0]


def move_json(move: Move) -> dict[str, object]:
    if isinstance(move, Play):
        return {"kind": "play", "rank": move.rank, "count": move.count, "label": move_label(move)}
    if isinstance(move, Reveal):
        return {"kind": "reveal", "index": move.index, "label": move_label(move)}
    return {"kind": "pickup", "label": move_label(move)}


@dataclass(slots=True)
class Round:
    """A round being played; build with `Round.deal`, rebuild with `Round.replay`."""

    names: list[str]
    kinds: list[str]
    options: TableOptions
    seed: int
    rules: list[tuple[str, int]]  # (text, author seat) of each rule in force
    game: Game
    log: list[str] = field(default_factory=list)
    moves: list[Step] = field(default_factory=list)
    swap_pending: set[int] = field(default_factory=set)
    stalled: bool = False
    rng: random.Random = field(default_factory=random.Random)
    narrator: Narrator | None = None
    bots: dict[int, Bot] = field(default_factory=dict)  # seat -> its bot (not a person's)

    @classmethod
    def deal(
        cls,
        names: Sequence[str],
        kinds: Sequence[str],
        options: TableOptions,
        seed: int,
        rules: Sequence[tuple[str, int]] = (),
        moves: Sequence[Step] | None = None,
    ) -> Round:
        """Deal the round with the rules in force; with `moves`, replay those steps."""
        entries = [RuleEntry(_source(text, i), author) for i, (text, author) in enumerate(rules)]
        ruleset = ruleset_from_sources(entries, roster=list(names))
        bus = EventBus()
        bots = {seat: seat_bot(kind) for seat, kind in enumerate(kinds) if kind != "person"}
        seated: list[Bot] = [bots.get(seat, GreedyBot()) for seat in range(len(kinds))]
        people_choose_lowest = [bots.get(seat) for seat in range(len(kinds))]
        runtime = ruleset.attach(bus, chooser=chooser(people_choose_lowest, seed))
        log: list[str] = []
        narrator = TableNarrator(list(names), log.append, lambda: runtime.rule, options.variants)
        bus.observe(narrator)
        seat_bots(seated, bus, options, ruleset)
        game = Game.new(options, seed, bus=bus)
        narrator.flush()
        here = cls(
            list(names),
            list(kinds),
            options,
            seed,
            list(rules),
            game,
            log,
            rng=random.Random(f"lopti-web-{seed}"),
            narrator=narrator,
            bots=bots,
        )
        if moves is None:
            here._open_setup()
            here.run_bots()
        else:
            here._replay(moves)
        return here

    # -------------------------------------------------------------- setup swap (S4)

    def _open_setup(self) -> None:
        swaps = self.game.legal_swaps()
        for seat in self.game.active_from(self.game.turn):
            mine = [s for s in swaps if s.seat == seat]
            if not mine:
                continue
            if self.kinds[seat] == "person":
                self.swap_pending.add(seat)
                continue
            choice = self.bots[seat].choose_swap(self.game.view(seat), mine, self.rng)
            self._step(["swap", seat, choice.hand_rank, choice.face_up_rank] if choice else [])

    def asks(self, seat: int | None) -> list[Ask]:
        if seat is None or seat not in self.swap_pending:
            return []
        options = [(KEEP, "Keep my cards")]
        for swap in self.game.legal_swaps():
            if swap.seat == seat:
                value = f"{swap.hand_rank}-{swap.face_up_rank}"
                label = (
                    f"Swap {rank_name(swap.hand_rank)} from the hand "
                    f"for the face-up {rank_name(swap.face_up_rank)}"
                )
                options.append((value, label))
        prompt = "Before the first play you may swap one hand card for one face-up card (S4)."
        return [Ask(f"swap-{self.options.round}-{seat}", "swap", prompt, options)]

    def answer(self, seat: int, ask_id: str, choice: str) -> None:
        asked = {a.id: a for a in self.asks(seat)}
        question = asked.get(ask_id)
        if question is None:
            raise Refusal("there is no such open question for you", None, "stale")
        if choice not in {value for value, _ in question.options}:
            raise Refusal(f"{choice[:20]!r} is not one of the answers offered", "S4", "refused")
        if choice == KEEP:
            self._step(["keep", seat])
        else:
            hand, up = (int(part) for part in choice.split("-"))
            self._step(["swap", seat, hand, up])
        self.run_bots()

    # -------------------------------------------------------------- moves

    def to_act(self) -> int | None:
        if self.over or self.swap_pending:
            return None
        return self.game.turn

    @property
    def over(self) -> bool:
        return self.game.over or self.stalled

    def legal(self, seat: int | None) -> list[dict[str, object]]:
        if seat is None or self.to_act() != seat or self.kinds[seat] != "person":
            return []
        return [move_json(m) for m in self.game.legal_moves()]

    def move(
        self, seat: int, kind: str, rank: int | None, count: int | None, index: int | None
    ) -> None:
        """A person's move; Refusal (with the engine's reason and clause) if not allowed."""
        game = self.game
        if self.over:
            raise Refusal("the round is over", "W4")
        if self.swap_pending:
            who = ", ".join(self.names[s] for s in sorted(self.swap_pending))
            raise Refusal(f"the setup swaps are not done yet (waiting for {who})", "S4")
        if seat != game.turn:
            raise Refusal(f"it is {self.names[game.turn]}'s turn, not yours", "S7", "out_of_turn")
        step: Step
        if kind == "play":
            if rank is None or count is None:
                raise Refusal("a play names a rank and a count", "P1", "malformed")
            step = ["play", rank, count]
        elif kind == "reveal":
            if index is None:
                raise Refusal("a reveal names the face-down card's index", "F4", "malformed")
            step = ["reveal", index]
        else:
            step = ["pickup"]
        try:
            self._step(step)
        except IllegalMoveError as exc:
            text = str(exc)
            raise Refusal(text, clause_of(text), "illegal") from None
        self.run_bots()

    def run_bots(self) -> None:
        game = self.game
        while not self.over and not self.swap_pending and self.kinds[game.turn] != "person":
            if len(self.moves) >= DEFAULT_MAX_MOVES:
                self.stalled = True
                self.log.append("The round stalled: no winner (move cap reached).")
                return
            seat = game.turn
            choice = self.bots[seat].choose(game.view(seat), game.legal_moves(), self.rng)
            self._step(_encode(choice))

    def _step(self, step: Step) -> None:
        """Apply one recorded step (IllegalMoveError changes nothing and records nothing)."""
        kind = step[0] if step else KEEP
        if kind == "keep":
            if len(step) > 1:
                self.swap_pending.discard(int(step[1]))
        elif kind == "swap":
            seat = int(step[1])
            self.game.apply(Swap(seat, int(step[2]), int(step[3])))
            self.swap_pending.discard(seat)
        else:
            self.game.apply(_decode(step))
        if self.narrator is not None:
            self.narrator.flush()
        if step:
            self.moves.append(step)

    def _replay(self, moves: Sequence[Step]) -> None:
        swaps = self.game.legal_swaps()
        self.swap_pending = {
            s.seat for s in swaps if self.kinds[s.seat] == "person" and self.game.setup
        }
        for step in moves:
            self._step(list(step))
        if not self.game.setup:
            self.swap_pending.clear()
        self.run_bots()

    # -------------------------------------------------------------- what a seat sees

    def view(self, seat: int | None) -> dict[str, object]:
        """What `seat` may see (None: the table as a spectator sees it, no hand)."""
        game = self.game
        look = game.view(seat if seat is not None else 0)
        return {
            "round": self.options.round,
            "dealer": game.dealer,
            "turn": None if self.over else game.turn,
            "to_act": self.to_act(),
            "hand": [_RANK_NAMES[r] for r in look.hand] if seat is not None else [],
            "hand_sizes": look.hand_sizes,
            "face_up": [[_RANK_NAMES[r] for r in up] for up in look.face_up],
            "face_down": look.face_down_counts,
            "pile": [[_RANK_NAMES[r], c] for r, c in look.pile],
            "pile_size": look.pile_size,
            "deck": look.deck_size,
            "removed": look.removed_size,
            "chain": look.chain,
            "obligation": look.obligation,
            "low": look.low,
            "bonus": look.bonus,
            "setup": look.setup,
            "finished": look.finished,
            "over": self.over,
            "stalled": self.stalled,
            "winner": game.winner,
            "places": game.places if game.over else [],
        }


def _source(text: str, index: int) -> Source:
    return Source(text, f"<rule {index + 1}>")


def _encode(move: Move) -> Step:
    if isinstance(move, Play):
        return ["play", move.rank, move.count]
    if isinstance(move, Reveal):
        return ["reveal", move.index]
    return ["pickup"]


def _decode(step: Step) -> Move:
    kind = step[0]
    if kind == "play":
        return Play(int(step[1]), int(step[2]))
    if kind == "reveal":
        return Reveal(int(step[1]))
    if kind == "pickup":
        return PickUp()
    raise IllegalMoveError(f"{str(kind)[:20]!r} is not a move")
