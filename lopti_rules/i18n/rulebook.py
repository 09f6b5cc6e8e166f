"""The players' rulebook, by clause: `docs/rules/<lang>.md` cut at its headings.

Takes the rulebook of a language (shipped in the wheel as `lopti_rules/docs/rules/`, the
repository's `docs/rules/` in a checkout). Produces `Rulebook`: the whole text, and each clause
as its heading and body. A heading that starts with a clause id (`## X — ...`, `### X7 — ...`,
`#### X7.2 — ...`, `### D25 — ...`) opens a clause, which runs to the next heading of the same
or a higher level, so `X7` holds X7.1 to X7.4 and `X` the whole section. Guarantees: every
language's rulebook has the same clause ids as the English one (a test checks it), so an id a
message cites can be looked up in any language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lopti_rules.language.resources import resource_dir

_HEADING = re.compile(r"^(#{2,4}) ([A-Z][0-9]*(?:\.[0-9]+)?)\b")


@dataclass(frozen=True, slots=True)
class Clause:
    id: str
    level: int  # 2 for a section, 3 for a clause, 4 for a sub-clause
    text: str  # from the heading line to the end of the clause


@dataclass(frozen=True, slots=True)
class Rulebook:
    lang: str
    text: str
    clauses: dict[str, Clause]

    def find(self, clause_id: str) -> Clause | None:
        """The clause `clause_id` (any case), or None."""
        return self.clauses.get(clause_id.strip().upper())


def rulebook_path(lang: str) -> Path:
    return resource_dir("docs/rules") / f"{lang}.md"


def parse(lang: str, text: str) -> Rulebook:
    """Cut `text` at its clause headings (see the module's docstring)."""
    lines = text.splitlines()
    opened: list[tuple[str, int, int]] = []  # (id, level, first line)
    for number, line in enumerate(lines):
        match = _HEADING.match(line)
        if match:
            opened.append((match.group(2), len(match.group(1)), number))
    clauses: dict[str, Clause] = {}
    for index, (clause_id, level, start) in enumerate(opened):
        end = len(lines)
        for _other, other_level, other_start in opened[index + 1 :]:
            if other_level <= level:
                end = other_start
                break
        body = "\n".join(lines[start:end]).strip("\n")
        clauses[clause_id] = Clause(clause_id, level, body)
    return Rulebook(lang, text, clauses)


def load(lang: str) -> Rulebook:
    """The rulebook of `lang`, or the English one for a language without its own yet
    (OSError if neither is installed)."""
    path = rulebook_path(lang)
    if not path.is_file():
        lang, path = "en", rulebook_path("en")
    return parse(lang, path.read_text(encoding="utf-8"))
