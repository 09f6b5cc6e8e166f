"""The base variants' questions to a person at the web table (docs/variants.md VN1, VJ1):
asked in words, through the same asks as a rule's questions, and answered from the seat;
never a question the engine puts only to the holders of a card."""

from __future__ import annotations

from lopti_rules.engine import TableOptions
from lopti_rules.engine.variants import Variants
from tests.serve.helpers import prompts_seen


def test_a_person_is_asked_who_plays_next_but_never_whether_to_jump_in() -> None:
    # the engine asks a jump-in (VJ1) only of the seats holding the rank: asking a person
    # would tell every device that they hold it, so nobody is asked (docs/web.md)
    found = prompts_seen(
        TableOptions(players=3, variants=Variants(name_next=11, jump_in=True)), range(12)
    )
    assert found == {"Choose who plays next."}
