"""The event bus: timing order, read-only events, add-only subscription, zero cost when idle."""

from __future__ import annotations

import pytest
from engine_helpers import hand, record, table

from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import run_round
from lopti_rules.engine import Event, EventBus, Game, Play, TableOptions
from lopti_rules.engine.events import Handler, RawHandler, Subscription


def trace(game: Game) -> list[str]:
    """Every hook point and observation of `game`, as "before play", "play", "after play"."""
    seen: list[str] = []
    for name in ("play", "clear", "draw", "bonus", "turn", "take_up", "finish", "win"):
        game.bus.subscribe(name, "before", lambda e: seen.append(f"before {e.name}"))
        game.bus.subscribe(name, "after", lambda e: seen.append(f"after {e.name}"))
    game.bus.observe(lambda e: seen.append(e.name))
    return seen


def test_resolution_order_of_a_clearing_play() -> None:  # LANGUAGE.md §4 Timing, D16
    g = table(["10 5", "K"], deck="4")
    seen = trace(g)
    g.apply(Play(10, 1))
    assert seen == [
        "before play",
        "play",
        "before clear",
        "clear",
        "after clear",
        "after play",
        "before draw",
        "draw",
        "after draw",
        "before bonus",
        "bonus",
        "after bonus",
    ]


def test_turn_spans_and_finish_follow_the_play() -> None:  # W1, LANGUAGE.md §4
    g = table(["9 4", "", "Q"], face_down=["", "5", "6"], pile=["8"])
    seen = trace(g)
    g.apply(Play(9, 1))
    assert seen[-3:] == ["after turn", "before turn", "turn"]
    g2 = table(["9", "K"], pile=["8"])
    seen2 = trace(g2)
    g2.apply(Play(9, 1))
    assert seen2 == [
        "before play",
        "play",
        "after play",
        "before finish",
        "finish",
        "after finish",
        "before win",
        "win",
        "after win",
        "after turn",
    ]


def test_events_are_read_only() -> None:
    g = table(["5 5", "K"], pile=["4"])
    events = record(g)
    g.apply(Play(5, 2))
    play = events[0]
    with pytest.raises(TypeError):
        play.fields["count"] = 9  # type: ignore[index]
    with pytest.raises((AttributeError, TypeError)):  # frozen (3.11 raises TypeError)
        play.actor = 3  # type: ignore[misc]
    assert play.fields["cards"] == (5, 5) and isinstance(play.fields["cards"], tuple)


def test_unknown_event_or_timing_is_refused() -> None:
    bus = EventBus()
    with pytest.raises(ValueError, match="not an engine event"):
        bus.subscribe("clearr", "after", lambda e: None)
    with pytest.raises(ValueError, match="timing"):
        bus.subscribe("clear", "instead", lambda e: None)
    assert not hasattr(bus, "unsubscribe")


def test_subscribe_all_is_subscribe_one_hook_at_a_time() -> None:
    # keyed and unkeyed hooks on play and turn, gated and not, before and after
    def hooks(seen: list[str]) -> list[Subscription[Game]]:
        def note(tag: str) -> Handler:
            return lambda e: seen.append(f"{tag} {e.name} {e.actor}")

        def big(game: Game, actor: int | None, *_: object) -> bool:
            return actor is not None and game.hand_sizes[actor] > 4

        return [
            ("play", "after", note("sevens"), None, frozenset({7})),
            ("turn", "before", note("big hand"), big, frozenset(range(5, 53))),
            ("play", "before", note("any play"), None, None),
            ("turn", "after", note("turn over"), None, None),
            ("pickup", "after", note("pickup"), None, None),
            ("play", "after", note("tens"), None, frozenset({10})),
        ]

    def play(batch: bool) -> list[str]:
        seen: list[str] = []
        bus = EventBus()
        if batch:
            bus.subscribe_all(hooks(seen))
        else:
            for name, timing, handler, gate, keys in hooks(seen):
                bus.subscribe(name, timing, handler, gate, keys=keys)
        run_round(TableOptions(players=3), 4, make_bots("random", 3), bus=bus)
        return seen

    seen = play(batch=True)
    assert seen == play(batch=False)
    assert {line.split()[0] for line in seen} >= {"sevens", "big", "any", "turn", "tens"}
    with pytest.raises(ValueError, match="not an engine event"):
        EventBus().subscribe_all([("clearr", "after", lambda e: None, None, None)])


def test_raw_hooks_get_the_gates_values_in_subscription_order() -> None:
    seen: list[str] = []

    def raw(tag: str) -> RawHandler[Game]:
        def run(game: Game, actor: int | None, f0: object, f1: object, f2: object) -> None:
            seen.append(f"{tag} {actor} {f0} {f1} {f2}")

        return run

    g = table(["10 5", "K"], deck="4")
    g.bus.subscribe("play", "after", raw("raw"), raw=True)
    g.bus.subscribe("play", "after", lambda e: seen.append(f"event {e.actor} {e.fields['rank']}"))
    g.bus.subscribe("clear", "before", raw("clear"), lambda game, *a: a[1] == "ten", raw=True)
    g.apply(Play(10, 1))
    assert seen == ["clear 0 ten 1 None", "raw 0 10 1 hand", "event 0 10"]


def test_a_fresh_bus_adopts_a_template_and_plays_as_if_subscribed() -> None:
    def play(adopt: bool) -> list[str]:
        seen: list[str] = []

        def note(tag: str) -> RawHandler[Game]:
            return lambda game, actor, *values: seen.append(f"{tag} {actor} {values}")

        hooks: list[Subscription[Game]] = [
            ("play", "after", note("sevens"), None, frozenset({7})),
            ("turn", "before", note("turn"), None, frozenset(range(6, 53))),
            ("pickup", "after", note("pickup"), None, None),
        ]
        bus = EventBus()
        if adopt:
            template = EventBus()
            template.subscribe_all(hooks, raw=True)
            assert bus.adopt(template)
            bus.subscribe("clear", "after", lambda e: seen.append(f"clear {e.actor}"))
            assert template.plan["clear"] == ((), (), ())  # the template is not changed
        else:
            bus.subscribe_all(hooks, raw=True)
            bus.subscribe("clear", "after", lambda e: seen.append(f"clear {e.actor}"))
        run_round(TableOptions(players=3), 4, make_bots("random", 3), bus=bus)
        return seen

    seen = play(adopt=True)
    assert seen == play(adopt=False)
    assert {line.split()[0] for line in seen} >= {"sevens", "turn", "pickup", "clear"}


def test_only_a_bus_without_subscriptions_adopts() -> None:
    template = EventBus()
    template.subscribe("play", "after", lambda e: None)
    watched = EventBus()
    watched.observe(lambda e: None)
    hooked = EventBus()
    hooked.subscribe("win", "after", lambda e: None)
    assert not watched.adopt(template) and not hooked.adopt(template)
    assert hooked.plan["play"] == ((), (), ())  # refused: nothing changed
    seen_by = EventBus()
    seen_by.observe(lambda e: None)
    assert not EventBus().adopt(seen_by)  # a template with observers is refused too


def test_hooks_reenter_and_the_draw_sees_what_they_left() -> None:  # T4 after hooks
    g = table(["10 5 6", "K", "Q"], deck="4")

    def tax(event: Event) -> None:  # "after clear when cause is ten: each other player draws 1"
        if event.fields["cause"] == "ten":
            for seat in g.active_from(g.next_active(event.actor or 0)):
                if seat != event.actor:
                    g.effects.draw(seat, 1)

    g.bus.subscribe("clear", "after", tax)
    events = record(g)
    g.apply(Play(10, 1))
    assert [(e.name, e.actor) for e in events] == [
        ("play", 0),
        ("clear", 0),
        ("draw", 1),
        ("bonus", 0),
    ]
    assert hand(g, 0) == [5, 6] and hand(g, 1) == [4, 13]


def test_new_game_emits_round_deal_and_first_turn_on_a_given_bus() -> None:  # S3
    bus = EventBus()
    seen: list[Event] = []
    bus.observe(seen.append)
    g = Game.new(TableOptions(players=3, dealer=0), seed=4, bus=bus)
    assert [e.name for e in seen] == ["round", "deal", "turn"]
    assert seen[0].fields["round"] == 1 and g.bus is bus
    deal = seen[1].fields
    assert len(deal["deck"]) == 52 - 27  # type: ignore[arg-type]


def test_a_bus_serves_one_game_reachable_from_hooks() -> None:
    bus = EventBus()
    dealt: list[int] = []
    bus.subscribe("deal", "after", lambda e: dealt.append(len(bus.game.deck) if bus.game else -1))
    g = Game.new(TableOptions(players=2, dealer=0), seed=1, bus=bus)
    assert bus.game is g and dealt == [52 - 18]
    with pytest.raises(ValueError, match="another game"):
        Game.new(TableOptions(players=2), seed=1, bus=bus)


def test_round_after_hook_fires_when_the_round_ends() -> None:  # D28, LANGUAGE.md round
    g = table(["9", "K"], pile=["8"])
    ended: list[object] = []
    g.bus.subscribe("round", "after", lambda e: ended.append(e.fields["round"]))
    g.apply(Play(9, 1))
    assert ended == [1] and g.is_over()
