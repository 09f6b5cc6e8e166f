"""The README's rulebook and language commands run and say what the README says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lopti_rules.cli.main import main

README = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")


def test_the_readme_rules_commands_run(capsys: pytest.CaptureFixture[str]) -> None:
    commands = re.findall(r"`lopti (rules[^`]*)`", README)
    assert len(commands) >= 3
    for command in commands:
        assert main(command.split()) == 0, command
        out = capsys.readouterr().out
        wanted = command.split()[1] if len(command.split()) > 1 else "S1"
        assert f" {wanted} " in out, command


TRANSLATING = (Path(__file__).parents[2] / "docs" / "translating.md").read_text(encoding="utf-8")


def test_the_documented_catalogue_workflow_runs_and_changes_no_translation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/translating.md's pybabel commands, run on a copy of the catalogues."""
    import shutil

    from babel.messages.frontend import CommandLineInterface
    from babel.messages.pofile import read_po

    root = Path(__file__).parents[2]
    locale = root / "lopti_rules" / "i18n" / "locale"
    copy = tmp_path / "locale"
    shutil.copytree(locale, copy)
    monkeypatch.chdir(root)
    commands = re.findall(r"^pybabel .*$", TRANSLATING, re.M)
    assert [c.split()[1] for c in commands] == ["extract", "update", "compile"]
    for command in commands:
        args = command.replace("lopti_rules/i18n/locale", str(copy)).split()
        CommandLineInterface().run(args)  # type: ignore[no-untyped-call]
    for po in sorted(locale.glob("*/LC_MESSAGES/lopti.po")):
        fresh = copy / po.relative_to(locale)
        with po.open("rb") as a, fresh.open("rb") as b:
            committed, updated = read_po(a), read_po(b)
        assert [(m.id, m.string) for m in committed if m.id] == [
            (m.id, m.string) for m in updated if m.id
        ]
        assert fresh.with_suffix(".mo").is_file()


def test_the_readme_play_and_explain_commands_speak_the_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(Path(__file__).parents[2])
    (play,) = re.findall(r"`lopti (play --lang [^`]+)`", README)
    assert main(play.split()) == 0
    assert "Mano 1: distribuisce" in capsys.readouterr().out
    (explain,) = re.findall(r"`lopti (explain [^`]+--lang [^`]+)`", README)
    assert main(explain.split()) == 0
    assert "Po tym, jak dziesiątka wyczyści stos" in capsys.readouterr().out


def test_the_readme_check_command_speaks_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (check,) = re.findall(r"`lopti (check [^`]+--lang [^`]+)`", README)
    path = check.split()[1]
    (tmp_path / path).write_text('rule "Slip":\n    after clearr: player draws 1\n', "utf-8")
    assert main(check.split()) == 1
    out = capsys.readouterr().out
    assert "unbekanntes Ereignis `clearr`" in out and "Hinweis: meintest du `clear`?" in out
