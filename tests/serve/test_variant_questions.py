"""The base variants' questions to a person at the web table (docs/variants.md VN1, VJ1):
asked in words, through the same asks as a rule's questions, and answered from the seat;
never a question the engine puts only to the holders of a card."""

from __future__ import annotations

from lopti_rules.engine import TableOptions
from lopti_rules.engine.variants import Variants
from lopti_rules.serve.table import Round


def prompts_seen(variants: Variants, seeds: range) -> set[str]:
    """The prompts a person in seat 0 (two bots beside) is asked, answering the first option."""
    found: set[str] = set()
    for seed in seeds:
        table = TableOptions(players=3, variants=variants)
        r = Round.deal(["Ann", "Ben", "Cat"], ["person", "bot", "bot"], table, seed)
        for _ in range(300):
            if r.over:
                break
            asks = r.asks(0)
            if asks:
                if asks[0].kind == "choice":
                    found.add(asks[0].prompt)
                r.answer(0, asks[0].id, asks[0].options[0][0])
                continue
            legal = r.legal(0)
            if not legal:
                break
            m = legal[0]
            rank, count, index = m.get("rank"), m.get("count"), m.get("index")
            assert rank is None or isinstance(rank, int)
            assert count is None or isinstance(count, int)
            assert index is None or isinstance(index, int)
            r.move(0, str(m["kind"]), rank, count, index)
    return found


def test_a_person_is_asked_who_plays_next_but_never_whether_to_jump_in() -> None:
    # the engine asks a jump-in (VJ1) only of the seats holding the rank: asking a person
    # would tell every device that they hold it, so nobody is asked (docs/web.md)
    found = prompts_seen(Variants(name_next=11, jump_in=True), range(12))
    assert found == {"Choose who plays next."}
