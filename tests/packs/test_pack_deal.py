"""A pack's `base:` deal must fit its own roster in one deck (S3): refused with a sentence
and the position of `base:`, never accepted and then failing when a round is dealt."""

from __future__ import annotations

from pathlib import Path

from lopti_rules.api import check_pack

RULE = (
    '  - author: Ann\n    text: |\n      rule "Tens tax":\n'
    "          after clear when cause is ten: each other player draws 1\n"
)


def pack(tmp_path: Path, players: str, deal: str) -> Path:
    path = tmp_path / "pack.yaml"
    path.write_text(
        f"name: Deal\nplayers: [{players}]\nbase:\n{deal}rules:\n{RULE}", encoding="utf-8"
    )
    return path


def test_a_roster_the_deal_cannot_be_dealt_to_is_refused_at_base(tmp_path: Path) -> None:
    deal = "  face_down: 5\n  face_up: 5\n  hand: 7\n"
    result = check_pack(pack(tmp_path, "Ann, Ben, Cat, Dan, Eve", deal))
    [found] = result.diagnostics
    assert (found.code, found.span.line, found.span.column) == ("LY002", 4, 3)
    assert found.message == (
        "the `base:` deal gives each player 17 cards, 85 for the 5 players of this pack, "
        "and a deck has 52 (S3)"
    )


def test_a_deal_that_uses_the_whole_deck_is_accepted(tmp_path: Path) -> None:
    deal = "  face_down: 5\n  face_up: 3\n  hand: 5\n"  # 13 each, 52 for four
    assert check_pack(pack(tmp_path, "Ann, Ben, Cat, Dan", deal)).diagnostics == ()
