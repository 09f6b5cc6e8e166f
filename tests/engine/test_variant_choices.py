"""The base variants that ask a player (docs/variants.md VN, VJ, VD3), through the one
ask/answer API (engine/asks.py): who is asked, with which options, the default when nobody
answers, and what the answer does to the turn order, the legal moves and the deal; and the
deal's other new variant, the dealer's left opening (VW4)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from engine_helpers import table

from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import run_round
from lopti_rules.engine import (
    Answer,
    Ask,
    EventBus,
    Game,
    IllegalMoveError,
    PickUp,
    Play,
    TableOptions,
)
from lopti_rules.engine.narrate import Narrator
from lopti_rules.engine.variants import Variants

Reply = Callable[[Ask], Answer | Sequence[int] | None]


def answering(game: Game, reply: Reply) -> list[Ask]:
    """Plug a chooser answering with `reply` into the game; returns the asks it is handed."""
    asked: list[Ask] = []

    def choose(g: Game, ask: Ask) -> Answer | Sequence[int] | None:
        asked.append(ask)
        return reply(ask)

    game.bus.chooser = choose
    return asked


NAME_J = Variants(name_next=11)


def test_vn1_the_player_of_the_rank_names_who_plays_next() -> None:
    g = table(["J 4", "K", "A", "Q"], face_down=["5"] * 4, pile=["9"], variants=NAME_J)
    asked = answering(g, lambda ask: 2)
    g.apply(Play(11, 1))
    (ask,) = asked
    assert (ask.seat, ask.purpose, ask.options, ask.default) == (0, "name_next", (1, 2, 3), 1)
    assert g.turn == 2
    g.apply(Play(14, 1))
    assert g.turn == 3  # play goes on from the named player


def test_vn1_unanswered_the_next_player_plays_next() -> None:
    g = table(["J 4", "K", "A"], face_down=["5"] * 3, pile=["9"], variants=NAME_J)
    g.apply(Play(11, 1))
    assert g.turn == 1


def test_vn2_a_name_next_play_that_clears_names_nobody() -> None:
    g = table(["J 4", "K", "A"], face_down=["5"] * 3, pile=["J J J"], variants=NAME_J)
    asked = answering(g, lambda ask: 2)
    g.apply(Play(11, 1))
    assert asked == [] and g.turn == 0 and g.bonus


def test_vj1_a_holder_of_the_top_play_jumps_in_and_play_goes_on_from_them() -> None:
    v = Variants(jump_in=True)
    g = table(["9 4", "K", "9 9 6", "Q"], face_down=["A"] * 4, pile=["5"], variants=v)
    asked = answering(g, lambda ask: True)
    g.apply(Play(9, 1))
    (ask,) = asked  # only seat 2 holds a 9
    assert (ask.seat, ask.purpose, ask.default) == (2, "jump_in", False)
    assert g.turn == 2
    assert g.legal_moves() == [Play(9, 1)]  # VJ2: the top play again, and no pickup
    for move in (PickUp(), Play(6, 1), Play(9, 2)):
        with pytest.raises(IllegalMoveError, match="VJ2"):
            g.apply(move)
    g.apply(Play(9, 1))  # one 9 on one 9: a jump-in matches the top play (LANGUAGE.md §4)
    assert g.turn == 3  # seat 1 was passed by; play goes on after the jumper


def test_vj1_unanswered_nobody_jumps_in() -> None:
    v = Variants(jump_in=True)
    g = table(["9 4", "K", "9 9 6"], face_down=["A"] * 3, pile=["5"], variants=v)
    g.apply(Play(9, 1))
    assert g.turn == 1 and PickUp() in g.legal_moves()


def test_vj3_no_jump_in_without_the_top_plays_cards_or_during_an_obligation() -> None:
    v = Variants(jump_in=True)
    g = table(["9 9 4", "K", "9 6", "9 Q"], face_down=["A"] * 4, pile=["5"], variants=v)
    asked = answering(g, lambda ask: True)
    g.apply(Play(9, 2))  # seats 2 and 3 hold one 9 each, the top play is two: nobody is asked
    assert asked == [] and g.turn == 1
    g = table(["3 4", "K", "9 9"], face_down=["5"] * 3, pile=["9"], variants=v)
    asked = answering(g, lambda ask: True)
    g.apply(Play(3, 1))  # a 3-obligation: only 3s are legal (P7)
    assert asked == [] and g.turn == 1


def deal(variants: Variants, reply: Reply | None, seed: int = 5) -> tuple[Game, list[Ask]]:
    bus = EventBus()
    asked: list[Ask] = []
    if reply is not None:

        def choose(g: Game, ask: Ask) -> Answer | Sequence[int] | None:
            asked.append(ask)
            return reply(ask)

        bus.chooser = choose
    return Game.new(TableOptions(players=3, dealer=0, variants=variants), seed, bus=bus), asked


CHOOSE = Variants(choose_face_up=True)


def test_vd3_each_player_chooses_face_up_cards_from_six_in_hand() -> None:
    game, asked = deal(CHOOSE, lambda ask: tuple(ask.options[:3]))
    assert [ask.seat for ask in asked] == [1, 2, 0]  # clockwise from the dealer's left
    for ask in asked:
        assert ask.purpose == "face_up" and ask.count == 3 and len(ask.options) == 6
        assert sorted(game.face_up[ask.seat]) == list(ask.options[:3])
    assert game.hand_sizes == [3, 3, 3] and [len(d) for d in game.face_down] == [3, 3, 3]
    assert game.legal_swaps() == []  # VD3: no swap (S4) after choosing


def test_vd3_unanswered_the_highest_cards_go_face_up() -> None:
    game, _ = deal(CHOOSE, None)
    for seat in range(3):
        held = [r for r in range(2, 15) for _ in range(game.hands[seat][r])]
        assert min(game.face_up[seat]) >= max(held)


def test_bots_answer_the_variant_asks_and_the_round_ends() -> None:
    v = Variants(name_next=11, jump_in=True, choose_face_up=True)
    seen: list[str] = []
    bus = EventBus()
    bus.observe(lambda e: seen.append(e.name))
    for bots in ("greedy", "random"):
        result = run_round(TableOptions(players=4, variants=v), 11, make_bots(bots, 4), bus=bus)
        assert result.winner is not None
        bus = EventBus()
        bus.observe(lambda e: seen.append(e.name))
    assert "choice" in seen


def test_the_narration_tells_the_naming_and_the_jump_in() -> None:
    v = Variants(name_next=11, jump_in=True)
    g = table(["J 4", "K", "A", "Q Q"], face_down=["6"] * 4, pile=["9"], variants=v)
    lines: list[str] = []
    g.bus.observe(Narrator(["Ann", "Ben", "Cat", "Dan"], lines.append, variants=v))
    answering(g, lambda ask: 2 if ask.purpose == "name_next" else True)
    g.apply(Play(11, 1))
    g.apply(Play(14, 1))
    assert lines == ["Ann plays J.", "Ann names Cat to play next.", "Cat plays A on J."]
    g = table(["9 4", "K", "9 9 6"], face_down=["A"] * 3, pile=["5"], variants=v)
    lines.clear()
    g.bus.observe(Narrator(["Ann", "Ben", "Cat"], lines.append, variants=v))
    answering(g, lambda ask: True)
    g.apply(Play(9, 1))
    assert lines[-1] == "Cat jumps in out of turn."


def test_vw4_the_dealers_left_opens() -> None:
    v = Variants(starter="left")
    for dealer in range(3):
        options = TableOptions(players=3, dealer=dealer, round=2, last_winner=dealer, variants=v)
        assert Game.new(options, 1).turn == (dealer + 1) % 3
