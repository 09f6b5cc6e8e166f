"""Actions with no base event (show, announce, roshambo), choices, and hooks at the deal."""

from __future__ import annotations

from runtime_helpers import hand, record, table, with_rules

from lopti_rules.api import load_rules
from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import bot_rng, play_round
from lopti_rules.engine import Ask, EventBus, Game, Play, TableOptions


def test_reveals_shows_the_cards_without_moving_them() -> None:
    game = table(["9 6 6", "J Q"], pile=["5"], face_down=["A 2", "K"])
    runtime = with_rules(
        game, 'rule "Open":\n    after play: every player reveals their face down cards\n'
    )
    events = record(game)
    game.apply(Play(9, 1))
    shows = [(e.actor, e.fields["what"], e.fields["cards"]) for e in events if e.name == "show"]
    assert shows == [(0, "face_down", (14, 2)), (1, "face_down", (13,))]
    assert runtime.fires == {"Open": 1} and game.face_down == [[14, 2], [13]]


def test_announce_is_a_note_with_the_text() -> None:
    game = table(["9 6", "J"], pile=["5"])
    with_rules(game, 'rule "Herald":\n    after play: announce "Nine!"\n')
    events = record(game)
    game.apply(Play(9, 1))
    notes = [e for e in events if e.name == "announce"]
    assert [(n.actor, n.fields["text"]) for n in notes] == [(0, "Nine!")]


def test_roshambo_is_seeded_and_a_player_never_plays_themselves() -> None:
    text = (
        'rule "Duel":\n    after play:\n'
        "        roshambo player vs next player: loser draws 1\n"
        "        roshambo player vs player: player draws 1\n"
    )
    outcomes: set[int] = set()
    for seed in range(8):
        game = table(["9 6", "J"], pile=["5"], deck="4 8", seed=seed)
        with_rules(game, text)
        events = record(game)
        game.apply(Play(9, 1))
        duels = [e for e in events if e.name == "roshambo"]
        assert len(duels) == 1  # the second roshambo has one side only: it does nothing
        winner, loser = duels[0].fields["winner"], duels[0].fields["loser"]
        assert isinstance(winner, int) and isinstance(loser, int) and {winner, loser} == {0, 1}
        assert game.hand_sizes[loser] == (3 if loser == 0 else 2)  # seat 0 also draws (T4)
        outcomes.add(winner)
    assert outcomes == {0, 1}


def test_a_chooser_picks_the_cards_given_without_lowest_or_highest() -> None:
    rules = load_rules('rule "Gift":\n    after play: player gives 2 cards to next player\n')
    game = table(["9 4 K A", "J"], pile=["5"])
    asked: list[Ask] = []

    def chooser(g: Game, ask: Ask) -> list[int]:
        asked.append(ask)
        return [14, 13]

    rules.install(game, chooser=chooser)
    game.apply(Play(9, 1))
    assert [(a.seat, a.kind, a.purpose, a.count, a.about) for a in asked] == [
        (0, "cards", "give", 2, 1)
    ]
    assert asked[0].options == (4, 13, 14)  # the giver's own hand, nothing hidden
    assert hand(game, 0) == [4] and hand(game, 1) == [11, 13, 14]
    plain = table(["9 4 K A", "J"], pile=["5"])
    rules.install(plain)
    plain.apply(Play(9, 1))
    assert hand(plain, 0) == [14]  # where no one chooses, the lowest (4, K) go first


def test_hooks_on_round_deal_and_the_first_turn_run_when_attached_before_the_deal() -> None:
    rules = load_rules(
        'rule "Start":\n'
        '    before round: announce "Shuffle up"\n'
        '    before deal: announce "Dealing"\n'
        "    after deal when round > 1: the last winner discards 1 highest card\n"
        "    before turn: player draws 1\n"
    )
    bus = EventBus()
    runtime = rules.attach(bus)
    names: list[str] = []
    bus.observe(lambda e: names.append(e.name))
    game = Game.new(TableOptions(players=3, round=2, last_winner=1, dealer=0), 5, bus=bus)
    assert runtime.fires == {"Start": 4}
    assert game.turn == 1  # the last winner plays first (S6) ...
    assert game.hand_sizes == [3, 3, 3] and len(game.removed) == 1  # ... discarded, drew
    # before round runs before the round starts; before deal once it is certain
    assert names[:6] == ["hook", "announce", "round", "hook", "announce", "deal"]


def test_a_whole_round_with_every_example_rule_ends_and_keeps_the_cards() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "examples" / "rules"
    texts = [p.read_text(encoding="utf-8") for p in sorted(root.glob("*.lopti"))]
    rules = load_rules(texts, [i % 4 for i in range(len(texts))])
    for seed in range(20):
        bus = EventBus()
        runtime = rules.attach(bus)
        game = Game.new(TableOptions(players=4), seed, bus=bus)
        result = play_round(game, make_bots("greedy", 4), bot_rng(seed))
        assert not result.stalled and runtime.trips == []
        assert (
            sum(game.cards_of(s) for s in range(4))
            + game.pile_size()
            + len(game.deck)
            + len(game.removed)
            == 52
        )
