"""Gates: a hook's `when` as the engine tests it, and the ranks prefilter derived from it.

- Over random bot games, at every hookable event and for a wide set of conditions (event
  fields, table fields, player fields of every role, `in`, `not`, `and`/`or`, `none`), the
  gate on the event's raw values and the `if` test on the built event agree, and whenever
  the gate of a `play` hook holds, the played rank is one of its prefilter's ranks.
- The bus runs a gated hook only when its gate holds, tested at the hook's moment (before
  the effect for `before`, after it for `after`).
- The prefiltered bus fires the example packs exactly as the unfiltered one.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from lopti_rules.api import load_rules, ruleset_from_pack
from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import run_round
from lopti_rules.diagnostics.source import Source
from lopti_rules.engine import Event, EventBus, TableOptions
from lopti_rules.engine.events import GATE_FIELDS, Gate
from lopti_rules.engine.game import Game
from lopti_rules.language import ast, catalog
from lopti_rules.language.parse import parse
from lopti_rules.packs.pack import load_pack
from lopti_rules.runtime import GuardLimits, Runtime
from lopti_rules.runtime.conditions import CondCompiler, compile_gate, event_keys, resolve
from lopti_rules.runtime.context import Ctx

ROOT = Path(__file__).resolve().parents[2]

ANY = (
    "pile > 3", "pile is 0", "deck is 0", "deck > 5", "removed > 8", "top is none",
    "top >= 9", "top < 5", "top is not none", "top in [none, 7, A]", "not (top > 9)",
    "low is true", "obligation is false", "chain < 2", "players > 2", "round is 1",
    "cards of player > 5", "hand of player > 12", "face_up of player is 0",
    "face_down of player >= 2", "hand of the next player < 4", "hand of previous player > 3",
    "cards of the dealer > 6", "hand of author is 2", "cards of the last winner >= 0",
    "not (cards of the last winner > 0)", "cards of the last winner is not 3",
    "cards of the player with the most cards > 10",
    "hand of the player with the fewest cards <= 2",
    "hand of player > hand of the next player", "cards of player in [3, 4, 5]",
    "hand of next player in [0, 1]", "not (hand of next player > 3) or deck is 0",
    "hand of player > 3 and (pile > 2 or top is none)",
    "hand of player >= 5 and not (hand of next player > 3)", "12 < hand of player",
    "hand of player is 5 or hand of player > 9", "hand of player in [4, 9]",
    "hand of player is not 6", "hand of player <= 8",
)  # fmt: skip
BY_EVENT: dict[str, tuple[str, ...]] = {
    "play": ("rank is 7", "rank > 10", "rank in [2, 7, J]", "count >= 2", "source is face_down",
             "rank is 7 and cards of player > 3", "not (count is 1) or source is hand",
             "rank >= J", "not (rank in [2, 7])", "rank is not 10 and hand of player > 2",
             "rank < 7 or rank is A", "rank is 7 or count > 1", "not (rank is 7 and count > 1)",
             "J <= rank", "rank is top", "hand of player >= 3 and rank < 9"),
    "pickup": ("count > 4", "reason is forced", "reason in [voluntary, custom]",
               "reason is forced and count >= 5", "reason is not failed_reveal"),
    "clear": ("cause is ten", "cause is four_of_a_kind", "count > 3", "cause in [ten, custom]"),
    "take_up": ("count < 3",),
    "reveal": ("legal is true", "rank is A", "legal is false and rank < 7"),
    "finish": ("place is 1",),
    "round": ("round > 1",),
}  # fmt: skip


def _cond(event: str, text: str) -> ast.Cond:
    tree = parse(Source(f'rule "t":\n    after {event} when {text}: announce "x"\n'))
    assert tree is not None, text
    cond = tree.rules[0].hooks[0].cond
    assert cond is not None
    return cond


# a condition's text, its gate, its closure with the author's seat, and its prefilter's keys
Compiled = tuple[str, Gate[Game], tuple[Callable[[Ctx], bool], int], frozenset[int] | None]


def test_gates_agree_with_the_ctx_conditions_over_random_games() -> None:
    """... and whenever a gate holds, its prefilter holds too (it never skips a firing)."""
    compiled: dict[str, list[Compiled]] = {}
    for name in GATE_FIELDS:
        if name in catalog.REPORTS:  # table reports: tests/runtime/test_calls.py
            continue
        entry = catalog.EVENTS[name]
        for author in (0, 2):
            for text in ANY + BY_EVENT.get(name, ()):
                cond = _cond(name, text)
                gate = compile_gate(cond, entry, author)
                compiled.setdefault(name, []).append(
                    (
                        text,
                        gate,
                        (CondCompiler(entry, author).compile(cond), author),
                        event_keys(name, resolve(cond, entry)),
                    )
                )
    checked = passed = 0

    for seed in range(12):
        bus = EventBus()
        runtime = Runtime(bus, (), GuardLimits())

        def check(event: Event, runtime: Runtime = runtime, bus: EventBus = bus) -> None:
            nonlocal checked, passed
            game = bus.game
            assert game is not None
            values = [event.fields.get(n) for n in GATE_FIELDS.get(event.name, ())]
            f0, f1, f2 = [*values, None, None, None][:3]
            for text, gate, (closure, author), pre in compiled.get(event.name, ()):
                want = closure(Ctx.of_event(runtime, game, event, author))
                got = gate(game, event.actor, f0, f1, f2)
                assert bool(got) is bool(want), (event, text, author)
                checked += 1
                if got:  # the prefilter is implied: it would not have skipped this firing
                    passed += 1
                    key = event.fields["rank"] if event.name == "play" else None
                    if event.name == "turn" and event.actor is not None:
                        key = game.hand_sizes[event.actor]
                    assert pre is None or key in pre, (event, text)

        bus.observe(check)
        players = 2 + seed % 4
        options = TableOptions(players=players, places=seed % 3 == 0, round=1 + seed % 2,
                               last_winner=seed % players)  # fmt: skip
        run_round(options, seed, make_bots("random" if seed % 2 else "greedy", players), bus=bus)
    assert checked > 100_000
    assert passed > 10_000


@pytest.mark.parametrize(
    ("event", "text", "keys"),
    [
        ("play", "rank is 7 and cards of player > 3", {7}),
        ("play", "rank >= J", {11, 12, 13, 14}),
        ("play", "J <= rank", {11, 12, 13, 14}),
        ("play", "rank in [2, 7, J]", {2, 7, 11}),
        ("play", "not (rank in [2, 7])", set(range(15)) - {2, 7}),
        ("play", "rank < 7 or rank is A", set(range(7)) | {14}),
        ("play", "rank is 7 or count > 1", None),
        ("play", "not (rank is 7 and count > 1)", None),
        ("play", "rank is top", None),
        ("play", "hand of player >= 3 and rank < 9", set(range(9))),
        ("play", "hand of player > 12", None),
        ("turn", "hand of player > 12", set(range(13, 53))),
        ("turn", "12 < hand of player", set(range(13, 53))),
        ("turn", "hand of player is 5 or hand of player > 9", {5} | set(range(10, 53))),
        ("turn", "hand of player in [4, 9] and deck > 2", {4, 9}),
        ("turn", "not (hand of player > 12)", set(range(13))),
        ("turn", "hand of the next player > 12", None),
        ("turn", "cards of player > 12", None),
    ],
)
def test_keys_of_conditions(event: str, text: str, keys: set[int] | None) -> None:
    got = event_keys(event, resolve(_cond(event, text), catalog.EVENTS[event]))
    assert got == (None if keys is None else frozenset(keys))


@pytest.mark.parametrize("pack", ["gentle", "chaotic", "everything"])
def test_prefilters_change_no_firing(pack: str) -> None:
    import dataclasses

    rules = ruleset_from_pack(load_pack(ROOT / "examples" / "packs" / f"{pack}.yaml"))
    seen = []
    for strip in (False, True):
        hooks = [dataclasses.replace(h, keys=None) if strip else h for h in rules.hooks]
        fires: list[dict[str, int]] = []
        for seed in range(40):
            bus = EventBus()
            runtime = Runtime(bus, hooks, rules.limits)
            bots = make_bots("random" if seed % 2 else "greedy", 4)
            result = run_round(TableOptions(players=4), seed, bots, bus=bus)
            fires.append({**runtime.fires, "moves": result.moves})
        seen.append(fires)
    assert seen[0] == seen[1]


def test_gates_see_the_state_of_their_moment() -> None:
    text = (
        'rule "before":\n    before pickup when hand of player is 0: announce "b"\n'
        'rule "after":\n    after pickup when hand of player is 0: announce "a"\n'
    )
    rules = load_rules(text)
    seen: list[tuple[str, int, int]] = []

    bus = EventBus()
    rules.attach(bus)

    def note(event: Event) -> None:
        if event.name == "hook":
            game = bus.game
            assert game is not None and event.actor is not None
            seen.append((str(event.fields["timing"]), event.actor, game.hand_sizes[event.actor]))

    bus.observe(note)
    run_round(TableOptions(players=4), 3, make_bots("random", 4), bus=bus)
    assert any(t == "before" for t, _, _ in seen)
    # a pickup takes at least one card, so `hand is 0` holds before it and never after it
    assert all(t == "before" and size == 0 for t, _, size in seen)
