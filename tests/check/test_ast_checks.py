"""The checker on hand-built trees: one test per family, independent of the parser."""

from __future__ import annotations

from lopti_rules.language import ast
from tests.check.build import cmp, codes, draw, each, file, hook, ident, num, role, rule, sp


def test_accepts_a_plain_rule() -> None:
    tree = file(
        rule(
            "Tens tax",
            hook(
                "after",
                "clear",
                draw(each("each other")),
                cond=cmp(ident("cause"), "is", ident("ten")),
            ),
        )
    )
    assert codes(tree) == []


def test_unknown_event_and_field_of_another_event() -> None:
    tree = file(
        rule("A", hook("after", "clearr", draw(role("next player")), line=2)),
        rule(
            "B",
            hook(
                "after",
                "play",
                draw(role("next player"), line=3),
                cond=cmp(ident("cause", 3), "is", ident("ten", 3), 3),
                line=3,
            ),
        ),
    )
    assert codes(tree) == [(2, "LR501"), (3, "LR502")]


def test_instead_of_and_skip() -> None:
    skip = ast.Prevent("skip", (ident("next"), ident("player")), sp(2))
    tree = file(
        rule(
            "A",
            hook("instead of", "draw", draw(role("player"), 2)),
            hook("after", "clear", skip, line=2),
        )
    )
    assert codes(tree) == [(1, "LR101"), (2, "LR102")]


def test_before_clear_pickup_is_lr103() -> None:
    tree = file(rule("A", hook("before", "clear", ast.PickUp(role("player"), sp()))))
    assert codes(tree) == [(1, "LR103")]


def test_loop_across_two_units_is_reported_at_the_closing_hook() -> None:
    first = file(rule("A", hook("after", "draw", ast.PickUp(role("next player"), sp(4)), line=4)))
    second = file(rule("B", hook("after", "pickup", draw(role("player"), line=7), line=7)))
    assert codes(first, second) == [(7, "LR203")]


def test_custom_clear_after_play_is_not_a_loop() -> None:
    tree = file(
        rule(
            "A",
            hook(
                "after",
                "play",
                ast.ClearPile(sp()),
                cond=cmp(ident("rank"), "is", ast.Rank("K", sp())),
            ),
        )
    )
    assert codes(tree) == []


def test_repeat_bounds() -> None:
    body = (draw(role("player")),)
    tree = file(
        rule(
            "A",
            hook("after", "play", ast.Repeat(num(11, 2), body, sp(2)), line=2),
            hook("after", "play", ast.Repeat(num(0, 3), body, sp(3)), line=3),
        )
    )
    assert codes(tree) == [(2, "LR205"), (3, "LR506")]


def test_roster_name_as_target_is_lr304_only() -> None:
    tree = file(rule("A", hook("after", "clear", draw(ast.NameTarget(ident("ben"), sp())))))
    assert codes(tree, roster=["Ben"], text="ben draws 1") == [(1, "LR304")]
    assert codes(tree, text="ben draws 1") == [(1, "LR301")]


def test_winner_outside_roshambo() -> None:
    tree = file(rule("A", hook("after", "clear", draw(role("loser")))))
    assert codes(tree) == [(1, "LR504")]


def test_contradiction_warns() -> None:
    cond = ast.And(cmp(ident("rank"), "is", num(3)), cmp(ident("rank"), "is", num(4)), sp())
    tree = file(rule("A", hook("after", "play", draw(role("next player")), cond=cond)))
    assert codes(tree) == [(1, "LW601")]


def test_announce_only_warns() -> None:
    tree = file(rule("A", hook("after", "play", ast.Announce(ast.Str("hi", sp()), sp()))))
    assert codes(tree) == [(1, "LW602")]
