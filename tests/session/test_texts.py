"""Texts that reach a session file are validated where the session model accepts them, so the
command line and the web table refuse the same (issue 27): no control characters, bounded
lengths, one sentence; and a step prepared against an old revision of the file is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from lopti_rules.cli.main import main
from lopti_rules.session import Refused, Session, store
from lopti_rules.session.model import MAX_NAME

RULE = 'rule "Bell{}":\n    after clear:\n        each other player draws 1\n'


def _run(capsys: pytest.CaptureFixture[str], path: Path, *argv: str) -> tuple[int, str]:
    code = main(["session", *argv, "--file", str(path)])
    out, err = capsys.readouterr()
    return code, out + err


def test_the_command_line_refuses_a_control_character_in_a_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.yaml"
    assert _run(capsys, path, "start", "Ann,Ben")[0] == 0
    assert _run(capsys, path, "round", "--winner", "Ann")[0] == 0
    code, said = _run(capsys, path, "rule", "--author", "Ann", "--text", RULE.format("\x1b[2J"))
    assert code == 1 and "control character U+001B" in said and "Traceback" not in said
    assert "\x1b" not in said  # the character itself is never echoed
    assert _run(capsys, path, "show")[0] == 0  # the file is as it was, and loads
    code, said = _run(capsys, path, "rule", "--author", "Ann", "--text", RULE.format(""))
    assert code == 0, said


def test_a_session_file_holding_a_control_character_is_refused_with_its_place(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.yaml"
    store.save(Session.start("x", ["Ann", "Ben"]), path)
    text = path.read_text(encoding="utf-8").replace("name: x", 'name: "x\\e"')
    path.write_text(text, encoding="utf-8")
    with pytest.raises(store.SessionFileError, match=r"s\.yaml:\d+:\d+: .*U\+001B"):
        store.load(path)


def test_names_are_bounded_and_every_allowed_name_is_usable() -> None:
    longest = "A" * MAX_NAME
    session = Session.start("x", [longest, "Ben"])
    session.finish_round(longest, [])
    assert session.state.rounds[0].winner == longest
    with pytest.raises(Refused, match="at most 40"):
        Session.start("x", ["A" * (MAX_NAME + 1), "Ben"])
    with pytest.raises(Refused, match="control character"):
        Session.start("x", ["Ann\x07", "Ben"])


def test_a_step_prepared_against_an_old_revision_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.yaml"
    assert _run(capsys, path, "start", "Ann,Ben")[0] == 0
    seen = store.load(path).state.revision
    assert _run(capsys, path, "--revision", str(seen), "deal")[0] == 0
    # someone else records the round meanwhile; a step prepared on what was seen is refused
    code, said = _run(capsys, path, "--revision", str(seen), "round", "--winner", "Ben")
    assert code == 1 and f"revision {seen + 1}, not {seen}" in said, said
    assert store.load(path).in_play
    code, _said = _run(capsys, path, "--revision", str(seen + 1), "round", "--winner", "Ben")
    assert code == 0 and store.load(path).state.rounds[0].winner == "Ben"
