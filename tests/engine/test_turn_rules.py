"""The turn (T), face-up and face-down cards (F), winning (W) and their rulings."""

from __future__ import annotations

import pytest
from engine_helpers import hand, names, record, table

from lopti_rules.engine import Game, IllegalMoveError, PickUp, Play, Reveal, Swap, TableOptions


def test_draw_exactly_one_after_the_first_play_before_the_bonus() -> None:  # T4, D16
    g = table(["10 10 5", "K"], deck="4 9 J")
    events = record(g)
    g.apply(Play(10, 2))
    assert names(events) == ["play", "clear", "draw", "bonus"]
    assert hand(g, 0) == [4, 5] and g.drawn and g.bonus
    g.apply(Play(4, 1))  # a bonus play never draws
    assert hand(g, 0) == [5] and len(g.deck) == 2 and g.turn == 1


def test_no_draw_with_three_cards_left_and_never_a_refill() -> None:  # T4, D16
    g = table(["5 6 7 8", "K"], deck="4 9")
    g.apply(Play(5, 1))
    assert len(g.deck) == 2
    g2 = table(["5 5 5", "K"], face_down=["6", "6"], deck="4 9 J")
    g2.apply(Play(5, 3))
    assert hand(g2, 0) == [4]  # exactly one, even from an empty hand


def test_pickup_ends_the_turn_without_draw(  # T3, T2
) -> None:
    g = table(["5", "K", "Q"], pile=["9"], deck="4")
    events = record(g)
    g.apply(PickUp())
    assert names(events) == ["pickup", "turn"]
    assert events[0].fields["reason"] == "forced" and events[0].fields["cards"] == (9,)
    assert g.turn == 1 and len(g.deck) == 1 and hand(g, 0) == [5, 9]
    g2 = table(["K", "Q"], pile=["9"])
    events = record(g2)
    g2.apply(PickUp())  # seat 0 could play K: the pickup is voluntary
    assert events[0].fields["reason"] == "voluntary" and g2.turn == 1


def test_pickup_on_an_empty_table_is_refused() -> None:  # T1, D35
    g = table(["5", "K"])
    with pytest.raises(IllegalMoveError, match="T1"):
        g.apply(PickUp())


def test_take_up_when_the_deck_is_empty_even_before_the_bonus() -> None:  # F2, D15
    g = table(["10", "K"], face_up=["4 Q", "9"], face_down=["5", "6"])
    events = record(g)
    g.apply(Play(10, 1))
    assert names(events) == ["play", "clear", "take_up", "bonus"]
    assert hand(g, 0) == [4, 12] and g.position().face_up[0] == []


def test_take_up_waits_for_the_draw() -> None:  # F2, T4
    g = table(["5", "K"], face_up=["9", "9"], face_down=["4", "4"], deck="J")
    g.apply(Play(5, 1))
    assert hand(g, 0) == [11] and g.position().face_up[0] == [9]


def test_face_down_play_and_draw() -> None:  # F4, F5, D17
    g = table(["", "K"], face_down=["9 4", "5"], pile=["6"], deck="J")
    assert g.legal_moves() == [Reveal(0), Reveal(1), PickUp()]
    with pytest.raises(IllegalMoveError, match="F4"):
        g.apply(Play(9, 1))
    events = record(g)
    g.apply(Reveal(0))
    assert names(events)[:3] == ["reveal", "play", "draw"]
    assert events[1].fields["source"] == "face_down"
    assert hand(g, 0) == [11] and g.face_down[0] == [4]


def test_failed_reveal_goes_on_the_pile_then_is_picked_up() -> None:  # F6, D25
    g = table(["", "K"], face_down=["10 4", "5"], pile=["6", "7"])
    events = record(g)
    g.apply(Reveal(0))
    assert names(events) == ["reveal", "pickup", "turn"]
    assert events[0].fields["legal"] is False
    assert events[1].fields["reason"] == "failed_reveal"
    assert hand(g, 0) == [6, 7, 10] and g.turn == 1 and not g.low


def test_face_down_under_obligation_only_a_three() -> None:  # F7
    g = table(["", "K"], face_down=["2", "5"], pile=["6"], obligation=True)
    g.apply(Reveal(0))
    assert hand(g, 0) == [2, 6]


def test_face_down_player_may_pick_up_voluntarily() -> None:  # D18
    g = table(["", "K"], face_down=["2", "5"], pile=["6"], obligation=True)
    events = record(g)
    g.apply(PickUp())
    assert events[0].fields["reason"] == "voluntary"


def test_reveal_refused_while_holding_a_hand() -> None:  # F1, F4
    g = table(["5", "K"], face_down=["2", "5"])
    with pytest.raises(IllegalMoveError, match="F1"):
        g.apply(Reveal(0))


def test_last_card_clears_no_bonus_next_opens() -> None:  # W1, W3, D26
    g = table(["", "K", "Q"], face_down=["10", "5", "6"], pile=["9"])
    events = record(g)
    g.apply(Reveal(0))
    assert names(events) == ["reveal", "play", "clear", "finish", "win"]
    assert g.is_over() and g.winner == 0 and g.finished == [0]
    with pytest.raises(IllegalMoveError, match="round is over"):
        g.apply(PickUp())


def test_final_three_passes_the_obligation_with_places() -> None:  # W2, W5, D27, D28
    g = table(["", "K", "Q"], face_down=["3", "5", "6"], pile=["9"], places=True)
    g.apply(Reveal(0))
    assert g.finished == [0] and not g.is_over()
    assert g.turn == 1 and g.obligation
    g.apply(PickUp())
    assert g.turn == 2  # seat 0 is skipped


def test_going_out_from_the_hand_after_face_down_is_gone() -> None:  # D37
    g = table(["8", "K"], pile=["5"])
    g.apply(Play(8, 1))
    assert g.winner == 0


def test_places_end_with_one_player_left() -> None:  # D28
    g = table(["", "K 4", "Q"], face_down=["5", "", "6"], pile=["4"], places=True)
    g.apply(Reveal(0))
    g.apply(Play(13, 1))
    g.apply(PickUp())
    g.apply(Play(4, 1))
    assert g.is_over() and g.finished == [0, 1] and g.places == [0, 1, 2]


def test_setup_swap_once_and_only_before_the_first_play() -> None:  # S4, D34
    g = Game.new(TableOptions(players=3, dealer=1), seed=5)
    assert g.setup and g.turn == 1  # S6: the dealer plays first in round 1
    swap = g.legal_swaps()[0]
    events = record(g)
    g.apply(swap)
    assert names(events) == ["swap"] and swap.seat in g.swapped
    with pytest.raises(IllegalMoveError, match="already swapped"):
        g.apply(next(s for s in [*g.legal_swaps(), swap] if s.seat == swap.seat))
    g.apply(g.legal_moves()[0])
    assert not g.setup and g.legal_swaps() == []
    with pytest.raises(IllegalMoveError, match="S4"):
        g.apply(Swap(2, 2, 2))


def test_deal_and_first_player() -> None:  # S3, S6, D29
    g = Game.new(TableOptions(players=4), seed=1)
    pos = g.position()
    assert [len(h) for h in pos.hands] == [3] * 4 and len(pos.deck) == 52 - 36
    assert all(len(u) == 3 and len(d) == 3 for u, d in zip(pos.face_up, pos.face_down, strict=True))
    later = Game.new(TableOptions(players=4, dealer=2, round=2, last_winner=0), seed=1)
    assert later.turn == 0 and later.dealer == 2
    with pytest.raises(ValueError, match="2 to 5"):
        TableOptions(players=6)


def test_from_position_checks_low_and_card_counts() -> None:
    with pytest.raises(ValueError, match="low"):
        table(["5", "K"], pile=["9"], low=True)
    with pytest.raises(ValueError, match="5 cards of rank 5; a deck has 4"):
        table(["5 5 5", "5 5"])
    g = table(["5", "K"], pile=["9", "7"], low=True)
    assert g.low
