"""The grammar and the code pages ship inside the wheel, and the installed package parses;
each LP page's example gets its code and its suggestion parses."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from lopti_rules.diagnostics.codes import CODES
from lopti_rules.diagnostics.source import Source
from lopti_rules.language.parse import parse
from lopti_rules.language.resources import code_page_path

ROOT = Path(__file__).parents[2]
LP_CODES = sorted(c for c in CODES if c.startswith("LP"))


@pytest.fixture(scope="module")
def wheel(pure_wheel: Path) -> Path:
    return pure_wheel  # built once per run (tests/conftest.py)


def test_wheel_holds_the_grammar_and_the_lp_pages(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "lopti_rules/grammar/lopti.lark" in names
    for code in LP_CODES:
        assert f"lopti_rules/docs/codes/{code}.md" in names


def test_installed_wheel_parses_a_rule_file(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    probe = (
        "import lopti_rules, sys\n"
        "from lopti_rules.language.resources import grammar_path\n"
        "from lopti_rules.language.parse import parse\n"
        "from lopti_rules.diagnostics.source import Source\n"
        f"assert lopti_rules.__file__.startswith({str(target)!r}), lopti_rules.__file__\n"
        f"assert str(grammar_path()).startswith({str(target)!r})\n"
        "tree = parse(Source(open(sys.argv[1], encoding='utf-8').read()))\n"
        "assert tree is not None and tree.rules[0].title.value == 'Tens tax'\n"
    )
    env = {**os.environ, "PYTHONPATH": str(target), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    result = subprocess.run(
        [sys.executable, "-c", probe, str(ROOT / "examples/rules/tens_tax.lopti")],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr


def _block(page: str, heading: str) -> str | None:
    section = page.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    found = re.search(r"```\n(.*?)```", section, re.S)
    return found.group(1) if found else None


@pytest.mark.parametrize("code", LP_CODES)
def test_lp_page_headings(code: str) -> None:
    page = code_page_path(code).read_text(encoding="utf-8")
    assert page.startswith(f"# {code}: {CODES[code].title}\n")
    for heading in ("What it does", "Why is this bad?", "Example", "Use instead"):
        assert f"\n## {heading}\n" in page


@pytest.mark.parametrize("code", [c for c in LP_CODES if c != "LP005"])
def test_lp_page_example_gets_its_code_and_the_fix_parses(code: str) -> None:
    page = code_page_path(code).read_text(encoding="utf-8")
    bad = Source(_block(page, "Example") or "")
    assert parse(bad) is None
    assert [d.code for d in bad.diagnostics] == [code]
    fix = Source(_block(page, "Use instead") or "")
    assert parse(fix) is not None, fix.diagnostics


def _rule_blocks(markdown: str) -> list[str]:
    """Fenced blocks that are rule files (not Python, not templates with placeholders)."""
    blocks = re.findall(r"```(\w*)\n(.*?)```", markdown, re.S)
    templates = ("ITEM", "ACTION", "EVENT", "TITLE")
    return [
        body
        for lang, body in blocks
        if not lang and not any(word in body for word in templates) and "rule" in body
    ]


def test_language_reference_examples_parse() -> None:
    page = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    blocks = _rule_blocks(page)
    assert len(blocks) >= 5
    for block in blocks:
        source = Source(block, "docs/language.md")
        assert parse(source) is not None, (block, source.diagnostics)
