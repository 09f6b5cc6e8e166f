"""Engine behaviour under hooks that the property tests found: take-up and swap edge cases."""

from __future__ import annotations

import pytest
from runtime_helpers import Lines, hand, table, total_cards, with_rules

from lopti_rules.api import compile_unchecked, load_rules
from lopti_rules.engine import Event, Play, Swap
from lopti_rules.runtime import RulesRejected


def test_a_take_up_is_not_repeated_by_actions_in_its_own_before_hooks() -> None:  # F2
    game = table(["9", "J Q K", "4"], pile=["5"], face_up=["6 8", "", ""])
    runtime = with_rules(
        game,
        'rule "Churn":\n    before take_up:\n'
        "        next player gives 1 lowest card to player\n"
        "        player discards 1 card\n"
        "        player discards 2 cards\n",
    )
    lines = Lines(game, runtime)
    cards = total_cards(game)
    game.apply(Play(9, 1))
    assert lines.names().count("take_up") == 1 and runtime.fires == {"Churn": 1}
    assert runtime.trips == [] and hand(game, 0) == [6, 8] and total_cards(game) == cards


def test_a_swap_whose_cards_a_before_hook_moved_does_nothing() -> None:  # S4, R2
    """The checker rejects this rule (LR103); forced through, the engine still stays sound."""
    toll = 'rule "Toll":\n    before swap: player gives 2 lowest cards to next player\n'
    with pytest.raises(RulesRejected, match="LR103"):
        load_rules(toll)
    game = table(["5 9", "J Q"], face_up=["A K", "4 6"], face_down=["2", "3"], setup=True)
    compile_unchecked(toll).install(game)
    game.apply(Swap(0, 5, 14))
    # the emptied hand took up the face-up cards (F2): the 5 and the A are gone from reach
    assert hand(game, 0) == [13, 14] and game.face_up[0] == [] and hand(game, 1) == [5, 9, 11, 12]
    assert game.swapped == []


def test_events_are_immutable_and_their_fields_read_only() -> None:
    event = Event.make("play", 0, rank=9, count=1, source="hand", cards=[9])
    assert event.fields["cards"] == (9,)
    with pytest.raises(TypeError):
        event.fields["rank"] = 10  # type: ignore[index]
    with pytest.raises(AttributeError):
        event.name = "draw"  # type: ignore[misc]
