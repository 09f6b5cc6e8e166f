"""The bots' card memory (`bots/ledger.py`) follows every action that moves cards: whatever a
seat's `Ledger` believes is true of the table, after every event, at tables whose house rules
move cards every way the language can (under the pile, whole hands swapped or passed, a
face-up card swapped with a face-down one, gifts, discards, cards shown, removed cards taken
back or shuffled in), and it knows every event and note those games emit.

An event the ledger was never taught makes it forget everything (safe, but blind); the last
test fails when such an event turns up, so a new construct gets taught, not just forgotten."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from lopti_rules.api import load_rules
from lopti_rules.bots import Bot, GreedyBot, RandomBot
from lopti_rules.bots.choices import chooser
from lopti_rules.bots.ledger import MOVES, STILL, Ledger
from lopti_rules.bots.runner import run_round
from lopti_rules.engine import Event, EventBus, TableOptions
from lopti_rules.language import constructs
from lopti_rules.language.catalog import rank_text

RULES = {
    "under": "after play when rank is 5: player puts 2 cards under the pile",
    "under_random": "after play when rank is 6: player puts 1 random card under the pile",
    "swap_hands": "after play when rank is 7: player swaps hands with next player",
    "pass_hands": "after play when rank is 8: every player passes their hand to their next player",
    "swap_face": "after play when rank is 9: player swaps a face up card with a face down card",
    "show": "after play when rank is 4: player reveals their face down cards",
    "show_hand": "after play when rank is J: player reveals their hand",
    "give": "after play when rank is Q: player gives 1 highest card to previous player",
    "discard": "after play when rank is K: player discards 1 card",
    "take": "after pickup: player takes 1 card from the removed cards",
    "shuffle": "after clear when cause is ten: shuffle the removed cards into the deck",
    "swap_zones": "after play when rank is 2: player swaps their face up and face down cards",
}
# and every construct that moves cards, as its own example says it (language/constructs.py),
# so a new construct is followed here the day it is declared
RULES.update(
    {
        f"construct {c.rule}": f"after play when rank is {rank_text(3 + i % 12)}: {c.example}"
        for i, c in enumerate(c for c in constructs.ACTIONS if c.moves and c.visit != "block")
    }
)


def _pack(names: list[str]) -> str:
    return "".join(f'rule "{n}": {RULES[n]}\n' for n in names)


class Referee:
    """Checks every seat's ledger against the table after each event and note."""

    def __init__(self, bus: EventBus, ledgers: list[Ledger]) -> None:
        self.bus, self.ledgers, self.seen = bus, ledgers, Counter[str]()

    def __call__(self, event: Event) -> None:
        self.seen[event.name] += 1
        game = self.bus.game
        assert game is not None
        removed = Counter(game.removed)
        for ledger in self.ledgers:
            for seat in range(game.players):
                hand = Counter({r: c for r, c in enumerate(game.hands[seat]) if c})
                down = Counter(game.face_down[seat])
                assert ledger.hand[seat] <= hand, (event.name, ledger.seat, seat)
                assert ledger.down[seat] <= down, (event.name, ledger.seat, seat)
            assert ledger.removed <= removed, (event.name, ledger.seat)


def _play(names: list[str], seed: int, players: int) -> Counter[str]:
    rules = load_rules(_pack(names))
    options = TableOptions(players=players)
    bots: list[Bot] = [GreedyBot() if s % 2 else RandomBot() for s in range(players)]
    bus = EventBus()
    rules.attach(bus, chooser=chooser(bots, seed))
    ledgers = [Ledger(players, seat) for seat in range(players)]
    for ledger in ledgers:
        ledger.watch(bus)
    referee = Referee(bus, ledgers)
    bus.observe(referee)
    run_round(options, seed, bots, bus=bus, max_moves=1500)
    return referee.seen


@settings(max_examples=40, deadline=None)
@given(
    names=st.lists(st.sampled_from(sorted(RULES)), min_size=1, max_size=4, unique=True),
    seed=st.integers(0, 10_000),
    players=st.integers(2, 5),
)
def test_a_ledger_never_believes_a_card_is_where_it_is_not(
    names: list[str], seed: int, players: int
) -> None:
    _play(names, seed, players)


def test_the_games_move_cards_every_way() -> None:
    seen: Counter[str] = Counter()
    for seed in range(6):
        seen += _play(sorted(RULES), seed, 4)
    moves = {"under", "swap_hands", "pass_hands", "swap_face", "swap_zones", "show", "give"}
    moves |= {"discard", "take"}
    assert moves <= set(seen), moves - set(seen)
    assert set(seen) <= MOVES | STILL  # the ledger was taught every event these games emit
