"""`lopti rules [CLAUSE]`: the rulebook, whole or by clause."""

from __future__ import annotations

import pytest

from lopti_rules.cli.main import main


def test_a_clause_prints_with_its_sub_clauses(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "X7"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("### X7 ")
    for sub in ("X7.1", "X7.2", "X7.3", "X7.4"):
        assert f"#### {sub} " in out
    assert "X10" not in out.split("#### X7.4")[1]


def test_a_sub_clause_alone_and_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "x7.2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("#### X7.2 ")
    assert "X7.3" not in out


def test_the_whole_rulebook_without_a_clause(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "### S1 " in out and "### D38 " in out


def test_an_unknown_clause_suggests_the_nearest(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "X77"]) == 2
    captured = capsys.readouterr()
    assert captured.err == "error: the rulebook has no clause 'X77'. Did you mean X7?\n"
    assert captured.out == ""
