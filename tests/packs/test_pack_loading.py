"""Rule packs (INTERFACES.md): safe YAML, a strict model, every problem with its position."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lopti_rules.cli.main import main
from lopti_rules.packs.pack import PackError, load_pack, load_pack_text

GOOD = """\
name: Friday table
players: [ann, ben, cat, dan]
rules:
  - file: tens.lopti
    author: ann
  - author: 2
    text: |
      rule "Low gift":
          after play when rank is 7: player gives 1 card to next player
"""


def write(tmp_path: Path, text: str, rule: str | None = None) -> Path:
    if rule is not None:
        (tmp_path / "tens.lopti").write_text(rule, encoding="utf-8")
    path = tmp_path / "pack.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def problems(text: str, path: str = "p.yaml") -> list[str]:
    with pytest.raises(PackError) as info:
        load_pack_text(text, path)
    return [str(p) for p in info.value.problems]


def test_a_good_pack_loads_with_authors_as_seats(tmp_path: Path) -> None:
    rule = 'rule "Tens tax":\n    after clear when cause is ten: each other player draws 1\n'
    loaded = load_pack(write(tmp_path, GOOD, rule))
    assert loaded.name == "Friday table"
    assert loaded.roster == ["ann", "ben", "cat", "dan"]
    assert [e.author for e in loaded.entries] == [0, 2]
    assert loaded.entries[0].source.path.endswith("tens.lopti")
    assert loaded.entries[0].source.text == rule


def test_inline_text_positions_map_into_the_pack_file(tmp_path: Path) -> None:
    from lopti_rules.diagnostics.source import Span

    loaded = load_pack(write(tmp_path, GOOD, "x"))
    inline = loaded.entries[1].source
    assert inline.path.endswith("pack.yaml")
    # `rule` starts line 8, column 7 of the pack file (1-based)
    assert inline.outer(Span(1, 1, 1, 5)) == Span(8, 7, 8, 11)
    assert inline.outer(Span(2, 5, 2, 10)) == Span(9, 11, 9, 16)


def test_unknown_keys_are_reported_at_the_key() -> None:
    assert problems("name: x\ncolour: red\nrules: []\n") == ["p.yaml:2:1: unknown key `colour`"]
    assert problems("name: x\nrules:\n  - text: a\n    author: 0\n    auther: 1\n") == [
        "p.yaml:5:5: unknown key `auther`"
    ]


def test_every_problem_is_reported_in_file_order() -> None:
    text = "name: x\nplayers: [a, b]\nrules:\n  - author: 0\n  - author: [1]\n    text: y\nzz: 1\n"
    got = problems(text)
    assert got == [
        "p.yaml:4:5: `rules.0`: give exactly one of `file` or `text`",
        "p.yaml:5:13: `rules.1.author`: must be a name from `players` or a seat number (0, 1, ...)",
        "p.yaml:7:1: unknown key `zz`",
    ]


@pytest.mark.parametrize(
    ("author", "expected"),
    [
        ("eve", "author `eve` is not one of the players (ann, ben)"),
        ("2", None),  # a string that is not a name
        ("5", None),
    ],
)
def test_authors_must_be_on_the_roster(author: str, expected: str | None) -> None:
    text = f"name: x\nplayers: [ann, ben]\nrules:\n  - author: {author}\n    text: a\n"
    got = problems(text)
    assert len(got) == 1 and got[0].startswith("p.yaml:4:13: ")
    if expected:
        assert got[0].endswith(expected)


def test_a_name_author_needs_a_roster() -> None:
    (got,) = problems("name: x\nrules:\n  - author: ann\n    text: a\n")
    assert "needs a `players` roster" in got


def test_a_missing_rule_file_is_an_error_at_the_file_key(tmp_path: Path) -> None:
    path = write(tmp_path, "name: x\nrules:\n  - file: gone.lopti\n    author: 0\n")
    with pytest.raises(PackError) as info:
        load_pack(path)
    (problem,) = info.value.problems
    assert (problem.line, problem.column) == (3, 11)
    assert "cannot read rule file `gone.lopti`" in problem.message


def test_yaml_is_read_safely() -> None:
    (got,) = problems("!!python/object/apply:os.system ['echo hacked']\n")
    assert "the tag `!!python/object/apply:os.system` is not allowed" in got


def test_broken_yaml_has_a_position() -> None:
    (got,) = problems("name: [x\n")
    assert got.startswith("p.yaml:2:1: this is not valid YAML")


def test_a_pack_must_be_a_mapping() -> None:
    (got,) = problems("- 1\n- 2\n")
    assert "must be a mapping" in got


def test_schema_command_prints_the_pack_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "pack"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["title"] == "Lopti rule pack"
    assert schema["additionalProperties"] is False
    assert set(schema["properties"]) == {"name", "players", "base", "rules"}
