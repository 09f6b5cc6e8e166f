"""The two tiers of a big property test: a few examples by default, all of them in the slow tier.

`@tiers(few=4, many=20)` parametrizes a test by `examples`, the number of examples the
`@given` test inside it draws: `few` in the default tier (`[few]`), `many` in the slow tier
(`[many]`, marked slow: `pytest -m slow`). One property, one body, one set of strategies:

    @tiers(few=4, many=20)
    def test_only_legal_moves(examples: int) -> None:
        @settings(max_examples=examples, deadline=None)
        @given(st.integers(0, 2**32 - 1))
        def check(seed: int) -> None: ...

        check()
"""

from __future__ import annotations

import pytest


def tiers(few: int, many: int) -> pytest.MarkDecorator:
    return pytest.mark.parametrize(
        "examples",
        [pytest.param(few, id="few"), pytest.param(many, id="many", marks=pytest.mark.slow)],
    )
