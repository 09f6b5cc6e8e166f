"""`skip/cancel/prevent/undo WORDS` and `X cannot WORDS`: which code, and which event the
message names (LANGUAGE.md §3, §5; docs/checker.md, LR102 vs LR103)."""

from __future__ import annotations

import pytest

from lopti_rules.language import catalog
from tests.check.helpers import diagnose, one_hook

CASES = [
    # §3's own LR102 examples, whichever event is hooked
    ("after turn: skip the next turn", "LR102", "`turn`"),
    ("after clear: skip next player", "LR102", "part of the base game"),
    ("after play: cancel play", "LR102", "`play`"),
    ("after draw: cancel the draw", "LR102", "`draw`"),
    ("before draw: prevent draw", "LR102", "`draw`"),
    ("before play: player cannot play", "LR102", "`play`"),
    ("after play: next player may not pick up the pile", "LR102", "`pickup`"),
    ("after play: cancel the draw after a clear", "LR102", "`draw`"),
    # LR103 over LR102: a clear or the clearer's bonus play (C5)
    ("before clear: cancel the clear", "LR103", "a clear"),
    ("after play: skip the bonus play", "LR103", "bonus play"),
    ("after clear: skip the bonus play", "LR103", "bonus play"),
    ("after draw: next player may not play a bonus", "LR103", "bonus play"),
    ("after clear: player cannot play", "LR103", "bonus play"),
    ("after bonus: skip the player", "LR103", "bonus play"),
    # the win and the vote keep their own codes
    ("after play: player cannot go out", "LR201", "winning"),
    ("after round: skip the vote", "LR202", "vote"),
]


@pytest.mark.parametrize(("line", "code", "named"), CASES, ids=[c[0] for c in CASES])
def test_forbidden_form_code_and_named_event(line: str, code: str, named: str) -> None:
    (d,) = diagnose(one_hook(line))
    assert d.code == code
    assert named in d.message


def test_the_bonus_play_is_not_the_play() -> None:
    (d,) = diagnose(one_hook("after play: skip the bonus play"))
    assert "`play`" not in d.message


def test_skipping_someone_else_after_a_clear_is_lr102() -> None:
    # only the clearer's own play is the bonus play
    for line in ("after clear: skip next player", "after clear: next player cannot play"):
        assert [d.code for d in diagnose(one_hook(line))] == ["LR102"], line


def test_events_named_reads_phrases_first() -> None:
    assert catalog.events_named(["the", "bonus", "play"]) == ["bonus"]
    assert catalog.events_named(["play", "a", "bonus"]) == ["bonus"]
    assert catalog.events_named(["pick", "up", "the", "pile"]) == ["pickup"]
    assert catalog.events_named(["the", "next", "turn"]) == ["turn"]
    assert catalog.events_named(["the", "draw", "after", "a", "clear"]) == ["draw", "clear"]
    assert catalog.events_named(["Go", "OUT"]) == ["finish"]
    assert catalog.events_named(["next", "player"]) == []
