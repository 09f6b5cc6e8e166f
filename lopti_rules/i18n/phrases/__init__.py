"""One phrasebook per language for `lopti_rules.i18n.explain`: the sentence templates that say a
rule in plain words. Each language module defines `PHRASES` (key -> template with named
`{placeholders}`), `plural(n)` (the index of the plural form for n) and the plural forms in
`PHRASES` as `key#0`, `key#1`, ... A module may also define `CASES`, the grammatical case a
slot takes where it differs from the nominative (German `{"with": "dat"}`: "tauscht die
Hand mit der nächsten Person"; Polish `{"with": "ins"}`, the instrumental, "z następnym
graczem"); a case the English phrasebook lacks (`ins`) then needs its form of every target
(`role.next player.ins`, ...). A test checks every language has exactly the English keys
(plural forms and its own cases aside) and the same placeholders."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Phrasebook:
    lang: str
    phrases: dict[str, str]
    plural: Callable[[int], int]
    cases: Mapping[str, str] = field(default_factory=dict)  # slot -> case (module doc)

    def case(self, slot: str) -> str:
        """The case a target takes in `slot` (`with`: after "swaps hands with")."""
        return self.cases.get(slot, "nom")

    def say(self, key: str, **values: object) -> str:
        return self.phrases[key].format(**values)

    def count(self, key: str, n: int, **values: object) -> str:
        """The plural form of `key` for `n` (`key#0`, `key#1`, ...), with `{n}` filled."""
        return self.phrases[f"{key}#{self.plural(n)}"].format(n=n, **values)


_BOOKS: dict[str, Phrasebook] = {}


def phrasebook(lang: str) -> Phrasebook:
    if lang not in _BOOKS:
        module = importlib.import_module(f"lopti_rules.i18n.phrases.{lang}")
        _BOOKS[lang] = Phrasebook(lang, module.PHRASES, module.plural, getattr(module, "CASES", {}))
    return _BOOKS[lang]
