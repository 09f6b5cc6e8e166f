"""The roles `last winner`, `last loser` and titled roles: who they are, and nobody."""

from __future__ import annotations

from runtime_helpers import hand, table, total_cards, with_rules

from lopti_rules.api import load_rules
from lopti_rules.engine import EventBus, Game, PickUp, Play, TableOptions

TRIBUTE = 'rule "Tribute":\n    after deal: last loser gives 2 highest cards to last winner\n'


def _dealt(options: TableOptions) -> tuple[Game, list[int]]:
    plain = Game.new(options, 5)
    before = [plain.hand_sizes[s] for s in range(options.players)]
    bus = EventBus()
    load_rules(TRIBUTE).attach(bus)
    return Game.new(options, 5, bus=bus), before


def test_the_last_loser_gives_the_last_winner_their_two_best_cards() -> None:
    options = TableOptions(players=4, round=2, last_winner=1, last_loser=3)
    plain = Game.new(options, 5)
    best = sorted((r for r in range(2, 15) for _ in range(plain.hands[3][r])), reverse=True)[:2]
    game, before = _dealt(options)
    assert game.hand_sizes[3] == before[3] - 2 and game.hand_sizes[1] == before[1] + 2
    assert all(game.hands[1][r] >= plain.hands[1][r] + best.count(r) for r in set(best))
    assert total_cards(game) == 52


def test_without_a_previous_last_place_the_role_matches_nobody() -> None:
    game, before = _dealt(TableOptions(players=4, round=2, last_winner=1))
    assert [game.hand_sizes[s] for s in range(4)] == before


MATE = """rule "Mate":
    after play when rank is J: player becomes the "mate"
    after pickup when cards of the "mate" < 9: the "mate" draws 1
"""


def test_a_titled_role_has_one_holder_and_passes_on_when_its_holder_finishes() -> None:
    game = table(
        ["J 10", "Q K", "K A"], pile=["9"], face_down=["", "A", "A"], places=True, drawn=True
    )
    with_rules(game, MATE)
    game.apply(Play(11, 1))  # seat 0 becomes the "mate"
    assert game.titles == {"mate": 0}
    game.apply(Play(12, 1))
    game.apply(Play(13, 1))
    game.apply(Play(10, 1))  # seat 0 plays its last card and goes out
    assert game.out[0] and game.titles == {"mate": 1}  # the next player still in holds it


def test_reassigning_a_titled_role_moves_it() -> None:
    game = table(["J 8", "J J 5", "2 3"], pile=["9"], deck="4 5 6 7", drawn=True)
    with_rules(game, MATE)
    game.apply(Play(11, 1))
    assert game.titles == {"mate": 0}
    game.apply(Play(11, 2))
    assert game.titles == {"mate": 1}
    before = hand(game, 1)
    game.apply(PickUp())  # seat 2 picks up: the "mate" (seat 1) draws one
    assert len(hand(game, 1)) == len(before) + 1
