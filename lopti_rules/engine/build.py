"""Building a game: a fresh deal from table options, or any position a scenario describes.

`deal` shuffles a 52-card deck with the table's `random.Random(seed)`, picks the first
dealer by the same RNG unless the options name one (D29), deals S3 (three face-down, three
face-up, three in hand, one card at a time clockwise from the dealer's left) and leaves the
round in the setup phase (S4) with the first player to act (S6). It emits `round`, `deal`
and the first `turn` on the table's bus. `validate_position` checks a `Position` (sizes,
ranks, at most four cards of a rank, seats, the low flag); `fill` builds its state (after
that check) without emitting anything; `position_of` reads a table back in the same shape.
They fill and read a table `Game.new`/`Game.from_position` made (a `Flow` to deal, which
runs the deal's hooks and asks; a `State` to fill and read), so this module never imports
game.py.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from lopti_rules.engine.asks import Ask, chosen_cards
from lopti_rules.engine.cards import RANK_NAMES, SUITS, full_deck, hand_ranks
from lopti_rules.engine.events import deal_event, round_event, turn_event
from lopti_rules.engine.flow import Flow
from lopti_rules.engine.pile import flags_fault, low_pending, pile_fault
from lopti_rules.engine.position import Position
from lopti_rules.engine.state import State
from lopti_rules.engine.variants import (
    BASE,
    Variants,
    compile_variants,
    starter_rank_seat,
)
from lopti_rules.i18n import _, ngettext


@dataclass(frozen=True, slots=True)
class TableOptions:
    """Fixed facts of a table. `players` 2..5; `places`: play on for places (D28);
    `dealer`: first dealer (None: drawn by the seed, D29); `round`: the round number;
    `last_winner`: the previous round's winner, who plays first in later rounds (S6, D29);
    `author`: the seat that made the custom rules in force (LANGUAGE.md `author`);
    `last_loser`: the previous round's last place (`starter: loser`); `variants`: the base
    variants in force (None or `Variants()`: base Lopti, docs/variants.md)."""

    players: int
    places: bool = False
    dealer: int | None = None
    round: int = 1
    last_winner: int | None = None
    author: int = 0
    last_loser: int | None = None
    variants: Variants | None = None

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 5:
            raise ValueError(f"a table has 2 to 5 players, not {self.players} (S1)")
        seats = (("dealer", self.dealer), ("last winner", self.last_winner))
        for name, seat in (*seats, ("last loser", self.last_loser)):
            if seat is not None and not 0 <= seat < self.players:
                raise ValueError(f"the {name} must be a seat from 0 to {self.players - 1}")
        if self.round < 1:
            raise ValueError("rounds are numbered from 1")
        if self.variants is not None and self.variants.dealt() * self.players > 52:
            each = self.variants.dealt()
            raise ValueError(
                f"a deal of {each} cards each needs {each * self.players} cards for "
                f"{self.players} players, and a deck has 52 (S3)"
            )


def deal(game: Flow, options: TableOptions, seed: int) -> None:
    """Deal `game`, a table just made for `options.players` on `random.Random(seed)` (S3):
    the round's and the deal's events, the setup phase, the first turn's start."""
    rng = game.rng
    n = options.players
    game.seed = seed
    game.dealer = options.dealer if options.dealer is not None else rng.randrange(n)
    game.round = options.round
    game.places_option = options.places
    game.author = options.author
    game.last_winner = options.last_winner
    game.last_loser = options.last_loser
    game.vt = vt = compile_variants(options.variants)
    counts = (vt.variants.face_down, vt.variants.face_up, vt.hand)  # S3: 3, 3, 3
    if vt.choose_up:  # VD3: the face-up cards are dealt into the hand
        counts = (counts[0], 0, counts[1] + counts[2])
    deck = full_deck()
    rng.shuffle(deck)  # the end of the list is the top
    bus = game.bus
    # the set-up's events are once a game: each moment is `run` even when its row is empty
    round_at = (game.dealer, game.round, None, None, round_event, None)
    before, seen, _ = bus.plan["round"]
    bus.run(seen, bus.run(before, None, *round_at), *round_at)
    layers: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(3)]
    for layer, size in zip(layers, counts, strict=True):  # S3: face-down, face-up, hand
        for _ in range(size):
            for i in range(1, n + 1):
                layer[(game.dealer + i) % n].append(deck.pop())
    downs, ups, hands = layers
    dealt = {
        "hands": [sorted(h) for h in hands],
        "face_up": [list(u) for u in ups],
        "face_down": [list(d) for d in downs],
        "deck": deck[::-1],
        "cards": [],
    }
    deal_at = (game.dealer, None, None, None, deal_event, dealt)
    before, seen, after = bus.plan["deal"]
    event = bus.run(before, None, *deal_at)
    for seat in range(n):
        for rank in hands[seat]:
            game.hands[seat][rank] += 1
        game.hand_sizes[seat] = len(hands[seat])
    game.face_up, game.face_down, game.deck = ups, downs, deck
    if vt.choose_up and vt.variants.face_up:
        _choose_face_up(game, vt.variants.face_up, dealt)
        event = None  # the deal's later moments show the cards as laid out
    game.setup = True
    game.turn = starter = _starter(game, options)
    bus.run(after, bus.run(seen, event, *deal_at), *deal_at)
    turn_at = (starter, None, None, None, turn_event, None)
    before, seen, _ = bus.turns[game.hand_sizes[starter]]
    bus.run(seen, bus.run(before, None, *turn_at), *turn_at)


def _starter(game: State, options: TableOptions) -> int:
    """Who makes the first play (S6, W6, D29; VW1, VW2, VW4 with the variants in force)."""
    n = game.players
    starter_rule = game.vt.variants.starter
    if starter_rule == "lowest":  # VW2: the lowest hand card opens, every round
        return starter_rank_seat(game.hands, (game.dealer + 1) % n)
    if starter_rule == "left":  # VW4: the dealer's left opens, every round
        return (game.dealer + 1) % n
    if options.round > 1 and starter_rule == "loser" and options.last_loser is not None:
        return options.last_loser  # VW1
    if options.round > 1 and options.last_winner is not None:
        return options.last_winner  # S6, W6 (D29: else the dealer)
    return game.dealer


def _choose_face_up(game: Flow, count: int, dealt: dict[str, object]) -> None:
    """VD3: each seat, clockwise from the dealer's left, chooses `count` of its hand cards to
    lay face up (an ask; by default its highest ranks, by S2). `dealt` (the deal event's
    cards) is brought up to date, so the deal's later moments show the cards as laid out."""
    n = game.players
    hands_dealt, ups_dealt = dealt["hands"], dealt["face_up"]
    assert isinstance(hands_dealt, list) and isinstance(ups_dealt, list)
    for i in range(1, n + 1):
        seat = (game.dealer + i) % n
        hand = game.hands[seat]
        held = [rank for rank in range(2, 15) for _ in range(hand[rank])]
        ask = Ask.of_cards(seat, "face_up", held, count, default=sorted(held[-count:]))
        for rank in chosen_cards(game.ask(ask)):
            hand[rank] -= 1
            game.hand_sizes[seat] -= 1
            game.face_up[seat].append(rank)
        hands_dealt[seat] = [rank for rank in range(2, 15) for _ in range(hand[rank])]
        ups_dealt[seat] = list(game.face_up[seat])


class PositionError(ValueError):
    """A position no game reaches: one sentence with the clause (`str(error)`), and `where`,
    the `Position` field it is about (with an index into it: the seat, the pile's play), or
    () for the whole table, so a scenario can point at the line that states it."""

    def __init__(self, message: str, where: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.where = where


def _check_ranks(where: tuple[str | int, ...], ranks: list[int]) -> None:
    for rank in ranks:
        if rank not in RANK_NAMES:
            said = _("{rank!r} is not a rank (2..14)").format(rank=rank)
            raise PositionError(said, where)


def validate_position(pos: Position) -> None:
    """PositionError (one sentence, with the clause) if `pos` describes no table a game of
    base Lopti with `pos.variants` reaches. The pile and its flags are judged by `pile.py`,
    which the effects and the referee read too."""
    n = pos.players
    if not 2 <= n <= 5:
        raise PositionError(_("a table has 2 to 5 players, not {n} (S1)").format(n=n), ())
    _check_zones(pos)
    _check_counts(pos)
    _check_seats(pos)
    ranks = [play[0] for play in pos.pile]
    fault = pile_fault(ranks, [len(play) for play in pos.pile], pos.variants) or flags_fault(
        ranks,
        pos.variants,
        low=_low_of(pos) if pos.low is None else pos.low,
        obligation=pos.obligation,
        chain=pos.chain,
        direction=pos.direction,
    )
    if fault is not None:
        raise PositionError(fault[1], fault[0])
    _check_decisions(pos)
    if pos.setup and (pos.pile or pos.chain):
        said = _(
            "during the setup nothing has been played yet: the pile and the chain are empty "
            "until the first play (S3-S6)"
        )
        raise PositionError(said, ("pile",) if pos.pile else ("chain",))


def _check_zones(pos: Position) -> None:
    n = pos.players
    for name in ("hands", "face_up", "face_down"):
        zone = getattr(pos, name)
        if len(zone) != n:
            said = _("`{name}` must list {n} seats, one per player, not {count}")
            raise PositionError(said.format(name=name, n=n, count=len(zone)), (name,))
        for seat, ranks in enumerate(zone):
            _check_ranks((name, seat), ranks)
    for i, play in enumerate(pos.pile):
        _check_ranks(("pile", i), play)
        if not play or len(set(play)) != 1:
            said = _("a play on the pile is one or more cards of one rank (P1)")
            raise PositionError(said, ("pile", i))
    _check_ranks(("deck",), pos.deck)
    _check_ranks(("removed",), pos.removed)


def _check_counts(pos: Position) -> None:
    every = [
        r for zone in (pos.hands, pos.face_up, pos.face_down, pos.pile) for z in zone for r in z
    ]
    every += pos.deck + pos.removed
    for rank, count in sorted(Counter(every).items()):
        if count > SUITS:
            said = ngettext(  # five or more: English has no singular to say
                "the state holds {count} cards of rank {rank}; a deck has {suits}",
                "the state holds {count} cards of rank {rank}; a deck has {suits}",
                count,
            )
            chained = pos.chain and rank in pos.removed  # the chain's cards are out, but count
            where = ("chain",) if chained else ()
            raise PositionError(said.format(count=count, rank=RANK_NAMES[rank], suits=SUITS), where)
    if pos.chain < 0 or pos.removed_unknown < 0:
        raise PositionError(_("`chain` and `removed` cannot be negative"), ("chain",))
    removed = pos.removed_count
    known = len(every) - len(pos.removed)
    if known + removed > SUITS * len(RANK_NAMES):
        said = _("the state holds {cards} and {removed}; a deck has {deck} (S1)").format(
            cards=ngettext("{n} card", "{n} cards", known).format(n=known),
            removed=ngettext("{n} removed one", "{n} removed ones", removed).format(
                n=f"{removed:,}"
            ),
            deck=SUITS * len(RANK_NAMES),
        )
        raise PositionError(said, ("removed",))


def _check_seats(pos: Position) -> None:
    n = pos.players
    for name, seat in (("turn", pos.turn), ("dealer", pos.dealer)):
        if not 0 <= seat < n:
            said = _("`{name}` must be a seat from 0 to {last}, not {seat}")
            raise PositionError(said.format(name=name, last=n - 1, seat=seat), (name,))
    for i, seat in enumerate(pos.finished):
        if not 0 <= seat < n or seat in pos.finished[:i]:
            said = _("`finished` must list distinct seats of this table")
            raise PositionError(said, ("finished", i))
        held = pos.hands[seat] + pos.face_up[seat] + pos.face_down[seat]
        if held:
            said = _(
                "seat {seat} has finished but still holds {cards}: a player goes out only with "
                "no cards left (W1, D37)"
            )
            cards = " ".join(RANK_NAMES[r] for r in held)
            raise PositionError(said.format(seat=seat, cards=cards), ("finished", i))
    if pos.turn in pos.finished and pos.waiting is None:  # a finishing play still names
        said = _(
            "seat {seat} is to act but has already finished; play skips finished seats (S7, D27)"
        )
        raise PositionError(said.format(seat=pos.turn), ("turn",))


def _check_decisions(pos: Position) -> None:
    """A jump-in's turn and a turn's end waiting for an answer need their variant in force
    and a table they can happen at (docs/variants.md VN1, VJ1, VJ2)."""
    variants = pos.variants
    top = pos.pile[-1] if pos.pile else None
    if pos.jumping and (variants is None or not variants.jump_in or top is None or pos.obligation):
        said = _("a jump-in's turn needs the jump_in variant and a top play to play again (VJ2)")
        raise PositionError(said, ("jumping",))
    waiting = pos.waiting
    if waiting is None:
        return
    purpose = waiting.purpose
    if purpose == "name_next":
        wanted = variants is not None and variants.name_next is not None
    else:
        wanted = purpose == "jump_in" and variants is not None and variants.jump_in
    over = bool(pos.finished) and (not pos.places or pos.players - len(pos.finished) <= 1)
    if not wanted or over or pos.setup or pos.bonus or pos.jumping:
        said = _("a turn's end waits for `{purpose}` only with that variant in force (VN1, VJ1)")
        raise PositionError(said.format(purpose=purpose), ("waiting",))
    for name, seat in (("next", waiting.next), ("asked", waiting.asked)):
        if not 0 <= seat < pos.players or seat in pos.finished:
            said = _("seat {seat} is not a player still in the round")
            raise PositionError(said.format(seat=seat), ("waiting", name))
    if waiting.next == pos.turn:
        said = _("seat {seat} is the player whose turn ends, not the one who plays next")
        raise PositionError(said.format(seat=waiting.next), ("waiting", "next"))
    if purpose == "jump_in":
        _check_window(pos, waiting.asked, top)


def _check_window(pos: Position, asked: int, top: list[int] | None) -> None:
    """A jump-in window asks another seat holding the top play again (VJ1)."""
    if (
        top is None
        or pos.obligation
        or asked == pos.turn
        or pos.hands[asked].count(top[0]) < len(top)
    ):
        said = _(
            "a jump-in is asked of another player holding the top play again, with no "
            "3-obligation (VJ1)"
        )
        raise PositionError(said, ("waiting", "asked"))


def _low_of(pos: Position) -> bool:
    return low_pending([play[0] for play in pos.pile], pos.variants)


def fill(game: State, pos: Position, seed: int = 0) -> None:
    """Make `game`, a table just made for `pos.players`, the one `pos` (validated:
    `validate_position`) describes; emits no events."""
    n = pos.players
    game.seed = seed
    game.vt = compile_variants(pos.variants)
    game.direction = pos.direction
    for seat in range(n):
        for rank in pos.hands[seat]:
            game.hands[seat][rank] += 1
        game.hand_sizes[seat] = len(pos.hands[seat])
        game.face_up[seat] = list(pos.face_up[seat])
        game.face_down[seat] = list(pos.face_down[seat])
        if not game.hand_sizes[seat] and game.face_up[seat]:  # F2 would already have happened
            for rank in game.face_up[seat]:
                game.hands[seat][rank] += 1
            game.hand_sizes[seat] = len(game.face_up[seat])
            game.face_up[seat] = []
    game.pile_ranks = [play[0] for play in pos.pile]
    game.pile_counts = [len(play) for play in pos.pile]
    game.deck = pos.deck[::-1]
    game.turn, game.dealer, game.round = pos.turn, pos.dealer, pos.round
    game.chain, game.obligation, game.low = pos.chain, pos.obligation, _low_of(pos)
    game.removed = list(pos.removed)
    game.removed_unknown = pos.removed_unknown
    game.drawn, game.bonus = pos.drawn, pos.bonus
    game.bonus_table = pos.bonus and not pos.pile
    game.finished = list(pos.finished)
    for seat in pos.finished:
        game.out[seat] = True
    game.setup, game.swapped = pos.setup, list(pos.swapped)
    game.places_option, game.author, game.last_winner = pos.places, pos.author, pos.last_winner
    game.last_loser = pos.last_loser
    game.jumping = pos.pile[-1][0] if pos.jumping else 0
    game.waiting = pos.waiting
    if game.finished:
        game.winner = game.finished[0]
        if not game.places_option or n - len(game.finished) <= 1:
            game.over = True


def position_of(game: State) -> Position:
    hands = [hand_ranks(h) for h in game.hands]
    return Position(
        players=game.players,
        hands=hands,
        face_up=[sorted(u) for u in game.face_up],
        face_down=[list(d) for d in game.face_down],
        pile=[[r] * c for r, c in zip(game.pile_ranks, game.pile_counts, strict=True)],
        deck=game.deck[::-1],
        turn=game.turn,
        dealer=game.dealer,
        round=game.round,
        chain=game.chain,
        obligation=game.obligation,
        low=game.low,
        removed=list(game.removed),
        removed_unknown=game.removed_unknown,
        drawn=game.drawn,
        bonus=game.bonus,
        finished=list(game.finished),
        setup=game.setup,
        swapped=list(game.swapped),
        places=game.places_option,
        author=game.author,
        last_winner=game.last_winner,
        last_loser=game.last_loser,
        variants=None if game.vt is BASE else game.vt.variants,
        direction=game.direction,
        jumping=bool(game.jumping),
        waiting=game.waiting,
    )
