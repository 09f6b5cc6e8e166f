"""Fixtures for the language-server tests: a server in a subprocess, per module."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from lopti_rules.lsp.client import Client


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("rules")


@pytest.fixture(scope="module")
def client(workspace: Path) -> Iterator[Client]:
    started = Client(workspace)
    yield started
    started.close()
