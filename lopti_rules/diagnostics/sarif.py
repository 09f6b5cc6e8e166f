"""SARIF 2.1.0 output, so code-review tools can show rule problems inline.

Takes the per-file results of a check: anything with `path` and `diagnostics` attributes
(the renderer's per-file result) or `(path, diagnostics)` pairs. Produces one SARIF log as a
plain dict (`json.dumps` it): a single run whose `tool.driver.rules` lists every code of
`lopti_rules.diagnostics.codes` (id, short description, the RULES.md clause, severity as the default
level, and the `lopti explain` page as help), and one result per diagnostic with its
`ruleId`, `level`, message (the hint appended) and a physical location with 1-based
start/end line and column. Columns are counted in code points (`columnKind`
`unicodeCodePoints`), as every lopti position is. The output is deterministic: files in the
order given, diagnostics in their sorted order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from lopti_rules import __version__
from lopti_rules.diagnostics.codes import CODES
from lopti_rules.diagnostics.source import Diagnostic
from lopti_rules.i18n import _

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


class FileResultLike(Protocol):
    @property
    def path(self) -> str: ...

    @property
    def diagnostics(self) -> Sequence[Diagnostic]: ...


ResultInput = FileResultLike | tuple[str, Sequence[Diagnostic]]


def _rules() -> list[dict[str, Any]]:
    rules = []
    for code in sorted(CODES.values(), key=lambda c: c.code):
        rule: dict[str, Any] = {
            "id": code.code,
            "name": code.title.replace(" ", "-"),
            "shortDescription": {"text": code.title},
            "fullDescription": {
                "text": f"{code.title}" + (f" (rulebook {code.clause})" if code.clause else "")
            },
            "help": {"text": f"Run `lopti explain {code.code}` for the full page."},
            "defaultConfiguration": {"level": code.severity.value},
        }
        if code.clause:
            rule["properties"] = {"clauses": [c.strip() for c in code.clause.split(",")]}
        rules.append(rule)
    return rules


def _unpack(item: ResultInput) -> tuple[str, Sequence[Diagnostic]]:
    if isinstance(item, tuple):
        return item[0], item[1]
    return item.path, item.diagnostics


def _result(diag: Diagnostic, rule_index: dict[str, int]) -> dict[str, Any]:
    text = diag.message
    if diag.hint:  # the only words of the log that change with the language
        text += " " + _("(hint: {hint})").format(hint=diag.hint)
    result: dict[str, Any] = {
        "ruleId": diag.code,
        "level": diag.severity.value,
        "message": {"text": text},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": diag.file},
                    "region": {
                        "startLine": max(diag.span.line, 1),
                        "startColumn": max(diag.span.column, 1),
                        "endLine": max(diag.span.end_line, 1),
                        "endColumn": max(diag.span.end_column, 1),
                    },
                }
            }
        ],
    }
    if diag.code in rule_index:
        result["ruleIndex"] = rule_index[diag.code]
    return result


def to_sarif(results: Iterable[ResultInput]) -> dict[str, Any]:
    """One SARIF 2.1.0 log for the given per-file results."""
    rules = _rules()
    rule_index = {r["id"]: i for i, r in enumerate(rules)}
    out: list[dict[str, Any]] = []
    artifacts: list[dict[str, Any]] = []
    for item in results:
        path, diagnostics = _unpack(item)
        artifacts.append({"location": {"uri": path}})
        for diag in sorted(diagnostics, key=Diagnostic.sort_key):
            out.append(_result(diag, rule_index))
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "lopti",
                        "version": __version__,
                        "rules": rules,
                    }
                },
                "columnKind": "unicodeCodePoints",
                "artifacts": artifacts,
                "results": out,
            }
        ],
    }
