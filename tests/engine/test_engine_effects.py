"""Custom-action primitives (LANGUAGE.md §4 "Decided semantics of actions", D38, R3)."""

from __future__ import annotations

from engine_helpers import hand, names, record, table, total_cards

from lopti_rules.engine import Event, PickUp, Play


def test_draw_n_stops_when_the_deck_runs_out_and_skips_finished() -> None:
    g = table(["5", "K", ""], deck="4 9", finished=[2], places=True)
    events = record(g)
    assert g.effects.draw(1, 3) == 2
    assert names(events) == ["draw", "draw"] and hand(g, 1) == [4, 9, 13]
    assert g.effects.draw(2, 1) == 0  # never to a finished seat


def test_custom_pickup_does_not_end_the_turn() -> None:
    g = table(["5 6", "K"], pile=["4", "7"])
    events = record(g)
    assert g.effects.pickup(1) == 2
    assert events[0].fields["reason"] == "custom"
    assert g.turn == 0 and not g.low and not g.pile_ranks and hand(g, 1) == [4, 7, 13]
    assert g.effects.pickup(1) == 0  # nothing to pick up


def test_give_lowest_highest_and_never_the_last_card() -> None:  # D38
    g = table(["2 5 9 K", "Q", "4"])
    assert g.effects.give(0, 1, 2) == [2, 5]
    assert g.effects.give(0, 1, 1, "highest") == [13]
    assert g.effects.give(0, 2, 3) == []  # seat 0 holds one card: it stays
    assert hand(g, 0) == [9] and hand(g, 1) == [2, 5, 12, 13]


def test_discard_empties_a_hand_and_brings_the_take_up() -> None:  # F2
    g = table(["5 6", "K"], face_up=["8 J", ""], face_down=["4", "4"])
    events = record(g)
    assert g.effects.discard(1 - 1, 2) == [5, 6]
    assert [e.name for e in events] == ["discard", "take_up"]
    assert hand(g, 0) == [8, 11] and g.removed == [5, 6]
    assert total_cards(g) == 2 + 2 + 1 + 2 + 0


def test_take_and_shuffle_removed_cards() -> None:  # C4
    g = table(["5", "K"], deck="4", removed=[9, 10])
    assert g.effects.take_removed(0, 1) == [10]
    assert g.effects.shuffle_removed() == 1
    assert sorted(g.deck) == [4, 9] and g.removed == []


def test_custom_clear_in_the_actors_play_gives_the_bonus_after_the_draw() -> None:
    g = table(["5 6", "K"], pile=["4"], deck="9")

    def hook(event: Event) -> None:  # after play when rank is 5: clear the pile
        if event.fields["rank"] == 5:
            g.effects.clear(event.actor or 0)

    g.bus.subscribe("play", "after", hook)
    events = record(g)
    g.apply(Play(5, 1))
    assert names(events) == ["play", "clear", "draw", "bonus"]
    assert events[1].fields["cause"] == "custom" and g.turn == 0 and g.bonus


def test_custom_clear_after_a_pickup_is_a_bonus_out_of_turn() -> None:
    g = table(["5 6", "K", "Q"], pile=["9"])

    def hook(event: Event) -> None:  # after pickup: clear the pile (an empty one: D20)
        g.effects.clear(event.actor or 0)

    g.bus.subscribe("pickup", "after", hook)
    g.apply(PickUp())
    assert g.turn == 0 and g.bonus  # the causer plays at once, out of turn
    g.apply(Play(5, 1))
    assert g.turn == 1 and not g.bonus  # then play goes on as it would have


def test_custom_clear_outside_a_move_gives_a_bonus_then_the_turn_resumes() -> None:
    g = table(["5 6 9", "K"], pile=["4"], face_down=["2", "3"])
    g.effects.clear(0)  # e.g. from a `before turn` hook of seat 0
    assert g.turn == 0 and g.bonus and not g.pile_ranks
    g.apply(Play(5, 1))  # the bonus play on the empty table
    assert g.turn == 0 and not g.bonus and not g.drawn  # seat 0's own turn goes on
    g.apply(Play(6, 1))
    assert g.turn == 1


def test_a_second_clear_of_cards_put_under_the_cleared_table_owes_no_second_bonus() -> None:
    # T5, LANGUAGE.md: a bonus play is owed once per play's resolution. Found by the safety
    # campaign: the second clear's causer was given a bonus play after the first one's, on
    # the pile that play had left (`a bonus play is owed on a pile that is not empty`)
    g = table(["5 6 9", "K 8", "Q J"], pile=["4"], deck="2 2 2")

    def hook(event: Event) -> None:  # after play when rank is 5, three actions in a row
        if event.fields["rank"] == 5:
            g.effects.clear(0)  # the player's own clear: a bonus play, at its play's end
            g.effects.under(1, 1, "lowest")  # Ben's 8 forms the pile that bonus is made on
            g.effects.clear(1)  # cleared again, by Ben: no second bonus play

    g.bus.subscribe("play", "after", hook)
    events = record(g)
    g.apply(Play(5, 1))
    assert g.turn == 0 and g.bonus and not g.pile_ranks
    g.apply(Play(6, 1))  # the one bonus play
    assert g.turn == 1 and not g.bonus and g.pile_ranks == [6]  # Ben plays on, in turn
    assert names(events).count("bonus") == 1


def test_a_finished_causer_gets_no_bonus() -> None:  # W3
    g = table(["5", "K", ""], finished=[2], places=True)
    g.effects.clear(2)
    assert g.turn == 0 and not g.bonus
