"""LR203: the trigger graph, the closing hook, and the message naming every step."""

from __future__ import annotations

from lopti_rules.check import cycles, trigger_graph
from lopti_rules.check.loops import BASE_EDGES, BOUNDED, emitted_events, self_feeding
from lopti_rules.diagnostics.source import Source
from lopti_rules.language.parse import parse
from tests.check.helpers import codes, diagnose, one_hook


def test_message_names_each_hook_with_its_line_and_file() -> None:
    first = 'rule "Draw then pick up":\n    after draw: next player picks up the pile\n'
    second = '\n\nrule "Pick up then draw":\n    after pickup: player draws 1\n'
    (d,) = diagnose(first, second)
    assert (d.file, d.span.line, d.span.column) == ("unit1.lopti", 4, 5)
    assert "`pickup` → `draw` → `pickup`" in d.message
    assert '"Draw then pick up" `after draw` (unit0.lopti:2)' in d.message
    assert '"Pick up then draw" `after pickup` (line 4)' in d.message


def test_base_edge_is_named() -> None:
    (d,) = diagnose(one_hook("after bonus: clear the pile"))
    assert d.code == "LR203"
    assert "a clear always grants a bonus play" in d.message


def test_three_step_cycle_is_closed_by_the_last_hook() -> None:
    text = (
        'rule "A":\n    after clear: next player picks up the pile\n'
        'rule "B":\n    after pickup: next player draws 1\n'
        'rule "C":\n    after draw when deck is 5: clear the pile\n'
    )
    (d,) = diagnose(text)
    assert d.span.line == 6
    assert "`draw` → `clear` → `pickup` → `draw`" in d.message


def test_conditions_do_not_break_a_loop() -> None:
    assert codes(one_hook("after draw when deck is 0 and deck is 1: player draws 1")) == [
        "LR203",
        "LW601",
    ]


def test_not_loops() -> None:
    assert codes(one_hook("after turn: player picks up the pile")) == []
    assert codes(one_hook("after take_up: player draws 1")) == []
    assert codes(one_hook("after bonus: next player draws 1")) == []
    assert codes(one_hook("after clear: next player gives 1 card to player")) == []


def test_graph_api() -> None:
    source = Source(one_hook("after clear: next player draws 1"))
    tree = parse(source)
    assert tree is not None
    graph = trigger_graph([(source, tree)])
    assert "draw" in graph.edges["clear"]
    assert cycles([(source, tree)]) == []
    assert graph.path("play", "bonus") == ["play", "clear", "bonus"]


def test_base_edges_only_name_events_and_have_no_cycle_of_their_own() -> None:
    from lopti_rules.language import catalog

    for start, ends in BASE_EDGES.items():
        assert start in catalog.HOOKABLE
        assert all(end in catalog.HOOKABLE for end, _ in ends)
    graph = trigger_graph([])
    for start, ends in BASE_EDGES.items():
        for end, _ in ends:
            if start not in BOUNDED and end not in BOUNDED:
                assert graph.path(end, start) is None, (start, end)
    assert set(catalog.HOOKABLE) >= BOUNDED


def test_emitted_events() -> None:
    source = Source(
        one_hook(
            "after play:\n        repeat 2 times:\n            if rank is 5: clear the pile\n"
            "        player discards 1 card"
        )
    )
    tree = parse(source)
    assert tree is not None
    assert emitted_events(tree.rules[0].hooks[0].actions) == ["clear", "take_up"]


MATE = 'rule "Mate":\n    after play when rank is 8: player becomes the "mate"\n'


def test_a_hook_that_only_makes_the_holder_of_a_title_act_cannot_feed_itself() -> None:
    # each draw it makes is the mate's, and it requires the player not to be the mate
    fed = MATE + '    after draw when player is not the "mate": the "mate" draws 1\n'
    assert codes(fed) == []
    # every other form still loops: no condition, `is` instead of `is not`, another action
    # that emits a draw, a title that differs, the condition inside an `or`
    for hook in (
        'after draw: the "mate" draws 1',
        'after draw when player is the "mate": the "mate" draws 1',
        'after draw when player is not the "mate":\n        the "mate" draws 1\n'
        "        next player draws 1",
        'after draw when player is not the "Mate": the "mate" draws 1',
        'after draw when player is not the "mate" or deck > 3: the "mate" draws 1',
        'after draw when next player is not the "mate": the "mate" draws 1',
    ):
        assert "LR203" in codes(MATE + f"    {hook}\n"), hook


def test_the_holder_of_a_title_must_stay_the_same_through_the_cascade() -> None:
    # a `before draw` hook gives the title on: the next draw is a new mate's, not the
    # one who was tested, and the pair loops at run time
    moved = (
        MATE
        + '    after draw when player is not the "mate": the "mate" draws 1\n'
        + '    before draw: next player becomes the "mate"\n'
    )
    assert "LR203" in codes(moved)


def test_two_hooks_that_each_only_make_a_holder_act_can_feed_each_other() -> None:
    # the mate's draw fires the pal's hook, whose draw fires the mate's: a loop at run time
    pals = (
        MATE
        + '    after play when rank is 9: player becomes the "pal"\n'
        + '    after draw when player is not the "mate": the "mate" draws 1\n'
        + '    after draw when player is not the "pal": the "pal" draws 1\n'
    )
    assert "LR203" in codes(pals)


def test_a_hook_is_told_whether_it_can_fire_itself_again() -> None:
    text = MATE + '    after draw when player is not the "mate": the "mate" draws 1\n'
    source = Source(text)
    tree = parse(source)
    assert tree is not None
    feeds = self_feeding([(source, tree)])
    assign, share = tree.rules[0].hooks
    assert not feeds(assign)  # it brings no play
    assert not feeds(share)  # each draw it brings is the mate's
    plain = Source(MATE + '    after draw: the "mate" draws 1\n')
    plain_tree = parse(plain)
    assert plain_tree is not None
    assert self_feeding([(plain, plain_tree)])(plain_tree.rules[0].hooks[1])
