"""`lopti schema KIND`: a JSON Schema for packs, session files and conformance scenarios, each
naming every key that real files of that kind use, and refusing the keys they may not."""

from __future__ import annotations

import json
import re

import pytest
import yaml
from cli_snapshot import ROOT

from lopti_rules.cli.main import main


def real_files(kind: str) -> list[dict[str, object]]:
    if kind == "pack":
        paths = sorted((ROOT / "examples" / "packs").glob("*.yaml"))
        return [yaml.safe_load(p.read_text(encoding="utf-8")) for p in paths]
    if kind == "scenario":
        paths = sorted((ROOT / "tests" / "conformance").rglob("*.yaml"))[:40]
        return [yaml.safe_load(p.read_text(encoding="utf-8")) for p in paths]
    page = (ROOT / "docs" / "sessions.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- session-file -->\n```yaml\n(.*?)```", page, re.S)
    assert found is not None
    return [yaml.safe_load(found.group(1))]


def schema(kind: str, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(["schema", kind]) == 0
    loaded = json.loads(capsys.readouterr().out)
    assert isinstance(loaded, dict)
    return loaded


@pytest.mark.parametrize("kind", ["pack", "session", "scenario"])
def test_the_schema_names_every_key_real_files_use(
    kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    found = schema(kind, capsys)
    assert found["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert found["additionalProperties"] is False  # a misspelt key is an error
    properties = found["properties"]
    assert isinstance(properties, dict)
    for data in real_files(kind):
        assert set(data) <= set(properties), set(data) - set(properties)


def test_the_session_schema_describes_the_steps_undo_uses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    properties = schema("session", capsys)["properties"]
    assert isinstance(properties, dict)
    steps = properties["steps"]
    assert "undo" in steps["description"]


def test_an_unknown_kind_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "deck"]) == 2
    assert "'deck' is not one of 'pack', 'session', 'scenario'" in capsys.readouterr().err
