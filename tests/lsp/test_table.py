"""A workspace that names its table's pack: rule files are checked with the rules in force."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lopti_rules.lsp.client import Client

pytest.importorskip("pygls", reason="the language server needs the `lsp` extra")

IN_FORCE = 'rule "Refill":\n    after clear:\n        player draws 1\n'
PROPOSED = 'rule "Burn":\n    after draw:\n        clear the pile\n'
PACK = "name: Our table\nplayers: [Ann, Ben]\nrules:\n  - file: refill.lopti\n    author: Ann\n"


def table(root: Path) -> Path:
    (root / "refill.lopti").write_text(IN_FORCE, encoding="utf-8")
    (root / "packs").mkdir()
    pack = root / "packs" / "table.yaml"
    pack.write_text(PACK.replace("refill", "../refill"), encoding="utf-8")
    return pack


def test_lopti_toml_names_the_pack_a_proposed_rule_is_checked_with(tmp_path: Path) -> None:
    table(tmp_path)
    (tmp_path / "lopti.toml").write_text('pack = "packs/table.yaml"\n', encoding="utf-8")
    client = Client(tmp_path)
    try:
        proposed = (tmp_path / "burn.lopti").as_uri()
        (loop,) = client.open(proposed, PROPOSED)
        assert loop["code"] == "LR203"  # the cycle closes through the pack's rule
        (other,) = loop["relatedInformation"]
        assert other["location"]["uri"] == (tmp_path / "refill.lopti").as_uri()
        assert other["location"]["range"]["start"] == {"line": 1, "character": 4}
        # the pack's roster applies: a player's name in a rule is LR304
        named = client.change(proposed, PROPOSED.replace("clear the pile", "Ann draws 1"))
        assert "LR304" in [d["code"] for d in named]
        # the rule in force itself, opened, is not checked against its own copy
        assert client.open((tmp_path / "refill.lopti").as_uri(), IN_FORCE) == []
    finally:
        client.close()


def test_a_setting_names_the_pack_and_without_one_the_file_stands_alone(tmp_path: Path) -> None:
    table(tmp_path)
    client = Client(tmp_path, {"pack": "packs/table.yaml"})
    try:
        proposed = (tmp_path / "burn.lopti").as_uri()
        assert [d["code"] for d in client.open(proposed, PROPOSED)] == ["LR203"]
        client.notify("workspace/didChangeConfiguration", {"settings": {"lopti": {"pack": ""}}})
        assert client.diagnostics(proposed) == []
    finally:
        client.close()


def test_without_the_extra_lopti_lsp_says_how_to_install_it() -> None:
    hide = "import sys; sys.modules['pygls'] = None; from lopti_rules.cli.main import run; run()"
    done = subprocess.run(
        [sys.executable, "-c", hide, "lsp"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stderr == (
        "error: `lopti lsp` needs the language-server extra: pip install 'lopti-rules[lsp]' "
        "(from a checkout of the project: pip install '.[lsp]').\n"
    )
    assert done.stdout == ""
