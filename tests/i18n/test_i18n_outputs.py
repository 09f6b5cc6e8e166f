"""What each language prints: one seeded round narrated per language (golden files), and the
machine-readable outputs (check's JSON, the event log) the same in every language apart from
`message` and `hint`."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from lopti_rules.cli.main import main
from lopti_rules.i18n import LANGUAGES

GOLDEN = Path(__file__).parent / "golden"
BAD = 'rule "Bad":\n    after clear: alice draws 2\n    after clearr: player draws 1\n'


def matches(name: str, text: str) -> bool:
    """Compare with tests/i18n/golden/NAME (rewritten when LOPTI_UPDATE_SNAPSHOTS=1)."""
    path = GOLDEN / name
    if os.environ.get("LOPTI_UPDATE_SNAPSHOTS") == "1":
        path.write_text(text, encoding="utf-8")
    return path.is_file() and path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_seeded_round_narrated_in_each_language(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "--lang", lang, "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert matches(f"play_seed7.{lang}.txt", out)


def test_the_narration_differs_by_language_but_not_the_moves(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = {}
    for lang in sorted(LANGUAGES):
        main(["play", "--lang", lang, "--seed", "7"])
        lines[lang] = capsys.readouterr().out.splitlines()
    assert len({len(told) for told in lines.values()}) == 1
    assert len({told[2] for told in lines.values()}) == len(LANGUAGES)


def without_words(value: Any) -> Any:
    """`value` with every `message` and `hint` blanked."""
    if isinstance(value, dict):
        return {k: "" if k in ("message", "hint") else without_words(v) for k, v in value.items()}
    if isinstance(value, list):
        return [without_words(v) for v in value]
    return value


def test_check_json_is_the_same_in_every_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.lopti"
    bad.write_text(BAD, encoding="utf-8")
    seen = []
    for lang in sorted(LANGUAGES):
        assert main(["check", str(bad), "--format", "json", "--lang", lang]) == 1
        seen.append(without_words(json.loads(capsys.readouterr().out)))
    assert seen[0]["files"][0]["diagnostics"]
    assert all(other == seen[0] for other in seen)


def test_the_event_log_is_the_same_in_every_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    logs = []
    for lang in sorted(LANGUAGES):
        log = tmp_path / f"{lang}.jsonl"
        pack = "examples/packs/everything.yaml"
        root = Path(__file__).parents[2]
        args = ["play", "--seed", "3", "--pack", str(root / pack), "--log", str(log)]
        assert main([*args, "--lang", lang]) == 0
        capsys.readouterr()
        logs.append(log.read_text(encoding="utf-8"))
    assert logs[0].count("\n") > 10
    assert all(log == logs[0] for log in logs)
