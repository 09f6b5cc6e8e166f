"""The `lopti` command run in-process by a test: its exit code, standard output and error."""

from __future__ import annotations

import pytest

from lopti_rules.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
