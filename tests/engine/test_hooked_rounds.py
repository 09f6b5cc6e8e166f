"""Whole rounds with custom actions hooked on the bus: the primitives keep the invariants.

The hooks below stand in for house rules (issue 5 compiles real rule files to hooks like
these): they draw, give, discard, pick up, bring cards back and clear out of turn, so the
out-of-turn bonus frames, D38 and F2-after-an-action all run many times per round.
"""

from __future__ import annotations

from engine_helpers import total_cards
from hypothesis import given, settings
from hypothesis import strategies as st

from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import bot_rng
from lopti_rules.engine import Event, Game, TableOptions


def install(game: Game) -> list[str]:
    fx = game.effects
    fired: list[str] = []

    def tens_tax(e: Event) -> None:  # after clear when cause is ten: each other player draws 1
        if e.fields["cause"] == "ten" and e.actor is not None:
            fired.append("tax")
            for seat in game.active_from(e.actor)[1:]:
                fx.draw(seat, 1)

    def low_gift(e: Event) -> None:  # after play when rank is 7: player gives 1 to next player
        if e.fields["rank"] == 7 and e.actor is not None:
            fired.append("gift")
            fx.give(e.actor, game.next_active(e.actor), 1)

    def shed(e: Event) -> None:  # after pickup when count >= 6: player discards 1; clear
        count = e.fields["count"]
        if isinstance(count, int) and count >= 6 and e.actor is not None:
            fired.append("shed")
            fx.discard(e.actor, 1, "highest")
            fx.clear(e.actor)

    def comeback(e: Event) -> None:  # after clear when cause is four_of_a_kind: recycle
        if e.fields["cause"] == "four_of_a_kind" and e.actor is not None:
            fired.append("comeback")
            fx.take_removed(e.actor, 1)
            fx.shuffle_removed(e.actor)

    game.bus.subscribe("clear", "after", tens_tax)
    game.bus.subscribe("play", "after", low_gift)
    game.bus.subscribe("pickup", "after", shed)
    game.bus.subscribe("clear", "after", comeback)
    return fired


@settings(max_examples=30, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**32 - 1),
    st.integers(min_value=2, max_value=5),
    st.sampled_from(["random", "greedy"]),
    st.booleans(),
)
def test_hooked_rounds_conserve_cards_and_end(seed: int, n: int, spec: str, places: bool) -> None:
    game = Game.new(TableOptions(players=n, places=places), seed)
    install(game)
    bots = make_bots(spec, n)
    rng = bot_rng(seed)
    moves = 0
    while not game.is_over() and moves < 20000:
        legal = game.legal_moves()
        assert legal
        game.apply(bots[game.turn].choose(game.view(game.turn), legal, rng))
        moves += 1
        assert total_cards(game) == 52
        for seat in game.finished:
            assert game.cards_of(seat) == 0  # R3: nothing reaches a finished player
        assert not game.suspended or game.bonus  # a turn waits only during a bonus
    assert game.is_over() and game.winner == game.finished[0]
