"""Issue 11, item 1, 5 (duplicate keys), 7 and 10 (aliases): every YAML the loader cannot
or must not read is one sentence with file:line:col in every command that reads YAML (`check`,
`check --with`, `play --pack`, `session`, `conformance`), never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_run import run

LAUGHS = "".join(
    f"l{i}: &l{i} [{', '.join([f'*l{i - 1}' if i else 'x'] * 10)}]\n" for i in range(7)
)

# (what it is, a first line to put in a file, the position the error must name, its words)
BAD = [
    ("control character", "name: a\x07b\n", (1, 8), "U+0007 is not allowed"),
    ("bad bool", "name: !!bool maybe\n", (1, 7), "cannot be read as `!!bool`"),
    ("timestamp tag", "name: !!timestamp x\n", (1, 7), "`!!timestamp` is not allowed"),
    ("deep nesting", "name: " + "[" * 600 + "\n", (1, 70), "nested more than 64 levels"),
    ("huge integer", "name: " + "9" * 4301 + "\n", (1, 7), "4,301 digits"),
    ("duplicate key", "name: a\nname: b\n", (2, 1), "the key `name` is given twice"),
    ("lone surrogate", 'name: "\\ud800"\n', (1, 7), "lone surrogate U+D800"),
    ("terminal escape", 'name: "\\e[31mred"\n', (1, 7), "control character U+001B"),
    ("billion laughs", LAUGHS, (6, 5), "more than 200,000 values"),
    ("cyclic alias", "name: &a [*a]\n", (1, 11), "refers to a value that contains it"),
]
IDS = [b[0] for b in BAD]


@pytest.mark.parametrize(("what", "first", "where", "words"), BAD, ids=IDS)
def test_check_reports_the_pack_at_its_place(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    what: str,
    first: str,
    where: tuple[int, int],
    words: str,
) -> None:
    pack = tmp_path / "p.yaml"
    pack.write_text(first + "rules: []\n", encoding="utf-8")
    code, out, _ = run(capsys, "check", "--format", "concise", str(pack))
    assert code == 1
    assert out.startswith(f"{pack}:{where[0]}:{where[1]}: LY001 ")
    assert words in out and len(out.splitlines()) == 1


@pytest.mark.parametrize(("what", "first", "where", "words"), BAD, ids=IDS)
def test_check_with_and_play_refuse_the_pack_in_one_sentence(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    what: str,
    first: str,
    where: tuple[int, int],
    words: str,
) -> None:
    pack = tmp_path / "p.yaml"
    pack.write_text(first + "rules: []\n", encoding="utf-8")
    rule = tmp_path / "r.lopti"
    rule.write_text('rule "R":\n    after play: announce "x"\n', encoding="utf-8")
    code, _, err = run(capsys, "check", "--with", str(pack), str(rule))
    assert code == 2 and f"{pack}:{where[0]}:{where[1]}: " in err and words in err
    code, _, err = run(capsys, "play", "--pack", str(pack), "--seed", "1")
    assert code in (1, 2) and f"{pack}:{where[0]}:{where[1]}: " in err and words in err
    assert "Traceback" not in err


@pytest.mark.parametrize(("what", "first", "where", "words"), BAD, ids=IDS)
def test_a_session_file_is_refused_at_its_place(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    what: str,
    first: str,
    where: tuple[int, int],
    words: str,
) -> None:
    session = tmp_path / "s.yaml"
    session.write_text(first + "players: [Ann, Ben]\n", encoding="utf-8")
    for argv in (["show"], ["deal"], ["history"]):
        code, _, err = run(capsys, "session", *argv, "--file", str(session))
        assert code == 1
        assert err.startswith(f"error: {session}:{where[0]}:{where[1]}: ") and words in err
        assert len(err.splitlines()) == 1


@pytest.mark.parametrize(("what", "first", "where", "words"), BAD, ids=IDS)
def test_one_bad_scenario_is_a_fail_and_the_others_still_run(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    what: str,
    first: str,
    where: tuple[int, int],
    words: str,
) -> None:
    (tmp_path / "a_bad.yaml").write_text(first + "clause: [D1]\n", encoding="utf-8")
    good = Path("tests/conformance/ten").glob("*.yaml")
    (tmp_path / "b_good.yaml").write_text(next(iter(sorted(good))).read_text("utf-8"), "utf-8")
    code, out, _ = run(capsys, "conformance", str(tmp_path))
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith("FAIL ")
    assert f"{tmp_path / 'a_bad.yaml'}:{where[0]}:{where[1]}: " in lines[0]
    assert words in lines[0] and lines[1].startswith("PASS ") and lines[-1] == "1 passed, 1 failed"


def test_a_date_like_name_is_a_plain_string(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "p.yaml"
    pack.write_text("name: 2001-13-45\nrules: []\n", encoding="utf-8")
    assert run(capsys, "check", str(pack))[0] == 0
    session = tmp_path / "s.yaml"
    assert run(capsys, "session", "start", "Ann,Ben", "--name", "x", "--file", str(session))[0] == 0
    text = session.read_text("utf-8").replace("name: x", "name: 2001-13-45")
    session.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "session", "show", "--file", str(session))
    assert code == 0 and "2001-13-45" in out


def test_two_rules_keys_are_an_error_not_a_silent_drop(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "p.yaml"
    pack.write_text(
        "name: x\nrules:\n  - text: 'rule \"A\": after play: alice draws 2'\n    author: 0\n"
        "rules: []\n",
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "check", "--format", "concise", str(pack))
    assert code == 1 and out.startswith(f"{pack}:5:1: LY001 the key `rules` is given twice")


def test_a_second_votes_key_in_a_session_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = tmp_path / "s.yaml"
    assert run(capsys, "session", "start", "Ann,Ben", "--file", str(session))[0] == 0
    before = session.read_text("utf-8")
    session.write_text(before + "votes: []\nvotes: []\n", encoding="utf-8")
    code, _, err = run(capsys, "session", "deal", "--file", str(session))
    assert code == 1 and "the key `votes` is given twice" in err
    assert session.read_text("utf-8").endswith("votes: []\nvotes: []\n")  # left as it was
