"""Which plays are legal (P, X) and what they do to the table; each test cites its clause."""

from __future__ import annotations

import pytest
from engine_helpers import hand, names, ranks, record, table

from lopti_rules.engine import Game, IllegalMoveError, Move, PickUp, Play, Reveal, play_of
from lopti_rules.engine.legality import generate, play_is_legal


def refused(game: Game, move: Move, clause: str) -> str:
    before = game.position()
    with pytest.raises(IllegalMoveError) as err:
        game.apply(move)
    assert clause in str(err.value)
    assert game.position() == before  # a refused move changes nothing
    return str(err.value)


def test_ten_on_seven_is_refused_with_the_clause() -> None:  # X10.1, D25
    g = table(["10 4", "K"], pile=["7"])
    msg = refused(g, Play(10, 1), "X10.1")
    assert msg == "cannot play 10 on a 7: a 10 may not follow a 7 (X10.1, X7.2, P4, P6, D25)"


def test_low_rule_allows_seven_or_lower_only() -> None:  # P6, D5
    g = table(["8 A 6 2", "K"], pile=["9", "7"])
    assert g.low
    refused(g, Play(8, 1), "P6")
    refused(g, Play(14, 1), "P6")
    g.apply(Play(6, 1))
    assert not g.low and g.turn == 1  # D24: exactly one play


def test_two_on_seven_then_anything(  # D1, P5
) -> None:
    g = table(["2 5", "A"], pile=["7"])
    g.apply(Play(2, 1))
    assert not g.low
    g.apply(Play(14, 1))
    assert g.position().pile == [[7], [2], [14]]


def test_ten_on_a_two_on_a_seven_clears() -> None:  # D2
    g = table(["10 5", "A"], pile=["7", "2"])
    events = record(g)
    g.apply(Play(10, 1))
    assert names(events)[:3] == ["play", "clear", "bonus"]
    assert events[1].fields["cause"] == "ten" and events[1].fields["count"] == 3
    assert g.turn == 0 and g.bonus and not g.pile_ranks  # X10.2, T5


def test_three_under_the_low_rule_keeps_it_and_obliges() -> None:  # D3, D24, X3.3
    g = table(["3 5", "5 3", "9"], pile=["7"])
    g.apply(Play(3, 1))
    assert g.obligation and g.low and g.chain == 1 and g.turn == 1
    assert g.legal_moves() == [Play(3, 1), PickUp()]  # P7
    refused(g, Play(5, 1), "P7")


def test_seven_on_seven_with_fewer_cards() -> None:  # D4, X7.3
    g = table(["7", "K"], pile=["7 7"])
    g.apply(Play(7, 1))
    assert g.low


def test_same_rank_needs_more_cards_or_completes_four() -> None:  # P3b, P3c, D8
    g = table(["9 5 5", "K"], pile=["9 9"])
    refused(g, Play(9, 1), "P3")
    g2 = table(["5 K", "K"], pile=["5", "5 5"])
    events = record(g2)
    g2.apply(Play(5, 1))
    assert events[1].name == "clear" and events[1].fields["cause"] == "four_of_a_kind"


def test_lower_normal_rank_is_refused() -> None:  # P3a
    g = table(["5", "K"], pile=["9"])
    assert "P3" in refused(g, Play(5, 1), "P3")


def test_two_on_two() -> None:  # D7, D12, X2.2
    g = table(["2 2", "K"], pile=["2"])
    assert play_is_legal(g, 2, 2) and not play_is_legal(g, 2, 1)
    refused(g, Play(2, 1), "X2.2")
    g2 = table(["2", "K"], pile=["2", "2 2"])
    events = record(g2)
    g2.apply(Play(2, 1))
    assert names(events)[:2] == ["play", "clear"]


def test_four_on_a_seven_needs_the_rank_legal_first() -> None:  # P8
    g = table(["6 6 6 6 8", "K"], pile=["7"])
    g.apply(Play(6, 4))
    assert not g.pile_ranks and g.bonus
    g2 = table(["8 8 8 8 6", "K"], pile=["7"])
    refused(g2, Play(8, 4), "P6")


def test_four_sevens_clear_as_sevens() -> None:  # X7.4
    g = table(["7 7", "K"], pile=["5", "7 7"])
    events = record(g)
    g.apply(Play(7, 2))
    assert events[1].fields["cause"] == "sevens"


def test_three_on_an_empty_table_continues_the_chain() -> None:  # X3.4, D19, D20
    g = table(["3 3 5", "3 3 K"], chain=0)
    g.apply(Play(3, 2))
    assert not g.obligation and g.chain == 2 and g.turn == 1
    events = record(g)
    g.apply(Play(3, 2))
    assert names(events)[:3] == ["play", "clear", "bonus"]
    assert events[1].fields["cause"] == "threes" and events[1].fields["count"] == 0
    assert g.turn == 1 and g.bonus and g.chain == 0


def test_three_play_passes_exactly_one_obligation() -> None:  # X3.3, X3.5
    g = table(["3 3 Q", "3 K", "9"], pile=["8"])
    g.apply(Play(3, 2))
    assert g.obligation and g.turn == 1 and g.chain == 2
    g.apply(Play(3, 1))
    assert g.obligation and g.turn == 2 and g.chain == 3
    g.apply(PickUp())
    assert not g.obligation and g.chain == 0 and hand(g, 2) == [8, 9]  # 3s never picked up


def test_play_of_mixed_or_empty_is_p1() -> None:  # P1
    with pytest.raises(IllegalMoveError, match=r"\(P1, D23\)"):
        play_of(ranks("5 6"))
    with pytest.raises(IllegalMoveError, match=r"\(P1\)"):
        play_of([])
    assert play_of(ranks("9 9")) == Play(9, 2)


def test_ranks_not_held_and_face_up_cards() -> None:  # P1, F3, D13
    g = table(["5", "K"], face_up=["9", ""], pile=["4"])
    refused(g, Play(5, 2), "P1")
    refused(g, Play(9, 1), "F3")


def test_obligation_refuses_specials() -> None:  # P7, P4
    g = table(["2 7 10 3", "K"], pile=["5"], obligation=True)
    for rank in (2, 7, 10):
        refused(g, Play(rank, 1), "P7")


def test_generate_agrees_with_play_is_legal() -> None:  # P2-P8 stated once
    piles = [[], ["5"], ["7"], ["2"], ["9", "9 9"], ["2", "2"], ["A"]]
    for pile in piles:
        for obligation in (False, True):
            if obligation and not pile:
                continue
            g = table(["2 2 3 4 5 5 7 7 9 10 J A", "K"], pile=pile, obligation=obligation)
            plays = {m for m in generate(g) if isinstance(m, Play)}
            expect = {
                Play(r, c)
                for r in range(2, 15)
                for c in range(1, g.hands[0][r] + 1)
                if play_is_legal(g, r, c)
            }
            assert plays == expect, pile


def test_ten_on_an_empty_table_clears_with_a_bonus() -> None:  # D21, X10.2
    g = table(["10 5", "K"])
    events = record(g)
    g.apply(Play(10, 1))
    assert names(events)[:3] == ["play", "clear", "bonus"] and g.turn == 0


def test_four_of_a_kind_on_an_empty_table_clears() -> None:  # D22, C1b
    g = table(["6 6 6 6 5", "K"])
    events = record(g)
    g.apply(Play(6, 4))
    assert events[1].fields["cause"] == "four_of_a_kind" and g.bonus


def test_several_tens_are_one_clear_and_one_bonus() -> None:  # D23, T5
    g = table(["10 10 10 5 9", "K"], pile=["8"])
    events = record(g)
    g.apply(Play(10, 3))
    assert names(events).count("clear") == 1 and names(events).count("bonus") == 1
    assert events[1].fields["count"] == 4  # the 8 and the three 10s (C2)


def test_bonus_plays_chain_while_they_clear() -> None:  # T5
    g = table(["10 10 J J J J 5", "K"], face_down=["4", "4"])
    g.apply(Play(10, 1))
    g.apply(Play(10, 1))
    g.apply(Play(11, 4))
    assert g.turn == 0 and g.bonus
    g.apply(Play(5, 1))
    assert g.turn == 1 and not g.bonus


def test_winning_three_that_completes_the_chain() -> None:  # D26, W3, X3.5
    g = table(["", "K", "Q"], face_down=["3", "5", "6"], pile=["9"], chain=3)
    events = record(g)
    g.apply(Reveal(0))
    assert names(events) == ["reveal", "play", "clear", "finish", "win"]
    assert events[2].fields["cause"] == "threes" and g.winner == 0
