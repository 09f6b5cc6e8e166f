"""The roles `last winner` and `last loser` at the deal: who they are, and nobody."""

from __future__ import annotations

from runtime_helpers import total_cards

from lopti_rules.api import load_rules
from lopti_rules.engine import EventBus, Game, TableOptions

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
