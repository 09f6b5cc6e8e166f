"""Parse and check rule text in tests."""

from __future__ import annotations

from lopti_rules.check import check
from lopti_rules.diagnostics.source import Diagnostic, Source
from lopti_rules.language import ast
from lopti_rules.language.parse import parse


def units(*texts: str) -> list[tuple[Source, ast.File]]:
    """Each text parsed as its own unit (each must parse)."""
    out = []
    for i, text in enumerate(texts):
        source = Source(text, f"unit{i}.lopti")
        tree = parse(source)
        assert tree is not None, source.diagnostics
        out.append((source, tree))
    return out


def diagnose(*texts: str, roster: list[str] | None = None) -> list[Diagnostic]:
    """Parse each text as its own unit, check them together, return every diagnostic."""
    parsed = units(*texts)
    check(parsed, roster=roster)
    return [d for source, _ in parsed for d in source.sorted_diagnostics()]


def codes(*texts: str, roster: list[str] | None = None) -> list[str]:
    return [d.code for d in diagnose(*texts, roster=roster)]


def one_hook(line: str) -> str:
    return f'rule "Case":\n    {line}\n'
