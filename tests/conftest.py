"""Every test starts in English, whatever the machine's locale, and with the colour left to
`--color` (no NO_COLOR, FORCE_COLOR or CLICOLOR_FORCE from the machine): a test that wants
another language or colour says so (`--lang`, `LOPTI_LANG`, `set_language`, `--color`).

The property tests draw the same examples on every run (hypothesis's `repeatable` profile,
derandomized), so the suite passes or fails the same way everywhere; `pytest
--hypothesis-profile explore` draws new examples each run, to look for new failures."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import settings

from lopti_rules.i18n import set_language

settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile("repeatable")


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("LOPTI_LANG", "en")
    for variable in ("NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE"):
        monkeypatch.delenv(variable, raising=False)
    set_language("en")
    yield
    set_language("en")
