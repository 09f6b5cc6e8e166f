"""Base variants in self-play: every variant alone and in random combinations keeps all 52
cards, ends every round, and plays the same round for the same seed (docs/variants.md)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import run_round
from lopti_rules.engine import Event, EventBus, Game, TableOptions
from lopti_rules.engine.build import validate_position
from lopti_rules.engine.variants import Variants
from tests.tiers import tiers

MAX_MOVES = 5000

# each variant alone, with a value that changes the game
ALONE: list[Variants] = [
    Variants(reset=None),
    Variants(reset=5),
    Variants(pass_on=None),
    Variants(pass_on=9),
    Variants(low=None),
    Variants(low=8),
    Variants(clear=None),
    Variants(clear=11),
    Variants(glass=8),
    Variants(glass=14),
    Variants(skip=8),
    Variants(reverse=11),
    Variants(name_next=11),
    Variants(jump_in=True),
    Variants(choose_face_up=True),
    Variants(burn=3),
    Variants(burn=2),
    Variants(four_on_anything=True),
    Variants(must_play=True),
    Variants(face_down=4, face_up=2, hand=4),
    Variants(face_up=0),
    Variants(starter="lowest"),
    Variants(starter="left"),
    Variants(draw="refill"),
]

RANK_OR_NONE = st.sampled_from([None, *range(2, 15)])


@st.composite
def combinations(pick: st.DrawFn) -> Variants:
    """Any valid set of variants: distinct special ranks, a deal that fits 5 players."""
    while True:
        ranks = [pick(RANK_OR_NONE) for _ in range(8)]
        named = [r for r in ranks if r is not None]
        if len(set(named)) == len(named):
            break
    down = pick(st.integers(1, 4))
    up = pick(st.integers(0, 3))
    hand = pick(st.integers(1, 10 - down - up))
    reset, pass_on, low, clear, skip, reverse, glass, name_next = ranks
    return Variants(
        reset=reset,
        pass_on=pass_on,
        low=low,
        clear=clear,
        skip=skip,
        reverse=reverse,
        glass=glass,
        name_next=name_next,
        jump_in=pick(st.booleans()),
        choose_face_up=pick(st.booleans()),
        dealer=pick(st.sampled_from(["rotate", "loser"])),
        burn=pick(st.integers(2, 4)),
        four_on_anything=pick(st.booleans()),
        must_play=pick(st.booleans()),
        face_down=down,
        face_up=up,
        hand=hand,
        starter=pick(st.sampled_from(["winner", "loser", "lowest", "left"])),
        draw=pick(st.sampled_from(["one", "refill"])),
    )


def cards_in(game: Game) -> int:
    held = sum(game.hand_sizes) + sum(map(len, game.face_up)) + sum(map(len, game.face_down))
    return held + len(game.deck) + game.pile_size() + game.removed_count()


def played(variants: Variants, players: int, seed: int, bots: str) -> tuple[list[str], Game]:
    """The round's event stream (as text) and its final game."""
    bus = EventBus()
    seen: list[str] = []

    def note(event: Event) -> None:
        seen.append(json.dumps([event.name, event.actor, sorted(map(str, event.fields.items()))]))

    def restate() -> None:  # every table between moves is a position a scenario can state
        assert bus.game is not None
        if not bus.game.over:
            validate_position(bus.game.position())

    bus.observe(note)
    options = TableOptions(players=players, variants=variants)
    bots_ = make_bots(bots, players)
    result = run_round(options, seed, bots_, bus=bus, max_moves=MAX_MOVES, between=restate)
    assert not result.stalled, f"{variants.describe()}: seed {seed} stalled"
    return seen, result.game


def check_round(variants: Variants, players: int, seed: int, bots: str) -> None:
    first, game = played(variants, players, seed, bots)
    assert game.is_over() and game.winner is not None
    assert cards_in(game) == 52
    again, _ = played(variants, players, seed, bots)
    assert again == first, f"{variants.describe()}: seed {seed} played differently twice"


@tiers(few=4, many=12)
def test_each_variant_alone_over_many_seeds(examples: int) -> None:
    for variants in ALONE:
        for seed in range(examples):  # the first four: 2 to 5 players, greedy and random bots
            players = 2 + seed % 4
            check_round(variants, players, seed, "random" if seed % 3 else "greedy")


@settings(max_examples=60, deadline=None)
@given(
    combinations(), st.integers(2, 5), st.integers(0, 10**6), st.sampled_from(["greedy", "random"])
)
def test_random_combinations_keep_the_cards_and_end(
    variants: Variants, players: int, seed: int, bots: str
) -> None:
    check_round(variants, players, seed, bots)


def test_a_table_without_variants_is_base_lopti() -> None:
    with_none = played(Variants(), 4, 7, "greedy")[0]
    plain = EventBus()
    seen: list[str] = []
    plain.observe(
        lambda e: seen.append(json.dumps([e.name, e.actor, sorted(map(str, e.fields.items()))]))
    )
    run_round(TableOptions(players=4), 7, make_bots("greedy", 4), bus=plain)
    assert with_none == seen
