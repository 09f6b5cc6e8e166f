"""The checker corpus as data: every expected code appears, nothing else does."""

from __future__ import annotations

from collections import Counter

import pytest

from lopti_rules.diagnostics.codes import CODES
from lopti_rules.language.resources import code_page_path
from tests.corpus.corpus import Unit, groups, run

GROUPS = groups()


@pytest.mark.parametrize("group", GROUPS, ids=[g[0].name for g in GROUPS])
def test_corpus_file(group: list[Unit]) -> None:
    missing, unexpected, notes = run(group)
    problems = [f"missing {code} at {f}:{line}" for (f, line, code) in sorted(missing)]
    problems += [f"unexpected {code} at {f}:{line}" for (f, line, code) in sorted(unexpected)]
    assert not problems, "\n".join([*problems, "diagnostics:", *notes])


def _cases() -> list[tuple[str, list[str]]]:
    return [(unit.name, codes) for g in GROUPS for unit in g for _, _, codes in unit.cases()]


def test_corpus_is_big_enough() -> None:
    cases = _cases()
    assert len(cases) >= 150
    assert sum(1 for _, codes in cases if not codes) >= 40  # near misses that must pass


@pytest.mark.parametrize("code", sorted(c for c in CODES if c[:2] in ("LR", "LW")))
def test_every_checker_code_has_three_must_fail_cases(code: str) -> None:
    per_code = Counter(c for _, codes in _cases() for c in set(codes))
    assert per_code[code] >= 3, f"{code} has {per_code[code]} must-fail corpus cases"


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_code_has_a_page(code: str) -> None:
    page = code_page_path(code)
    assert page.is_file(), f"{code} has no page at {page}"
    text = page.read_text(encoding="utf-8")
    if code[:2] in ("LR", "LW"):
        assert text.startswith(f"# {code}: ")
        for heading in ("## What it does", "## Why is this bad?", "## Example", "## Use instead"):
            assert heading in text, f"{code} page lacks {heading!r}"
