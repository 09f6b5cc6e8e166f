"""Close the test clients each test opened (one event loop per client, see helpers)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.serve.helpers import OPEN


@pytest.fixture(autouse=True)
def _close_clients() -> Iterator[None]:
    yield
    OPEN.close()
