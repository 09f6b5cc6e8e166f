"""Every test starts in English, whatever the machine's locale: a test that wants another
language says so (`--lang`, `LOPTI_LANG` or `set_language`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lopti_rules.i18n import set_language


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("LOPTI_LANG", "en")
    set_language("en")
    yield
    set_language("en")
