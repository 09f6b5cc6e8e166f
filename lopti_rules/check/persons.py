"""Pass 4: conditions, not people (R4): LR301, LR302, LR303, LR304.

Takes one hook (targets) or one whole file (roster names); reports into its `Source`.

- LR301: a word where a role belongs (`alice draws 2`, `the nxt player`): a person's name
  or an unknown word. The hint suggests the nearest role.
- LR302: `seat 2`, `player 3`, `the first player`: a fixed seat or position, a disguised
  personal target (the position words are `catalog.POSITION_WORDS`).
- LR303: `the youngest player`: a fixed personal trait (the word list is
  `catalog.TRAIT_WORDS`, plus any superlative ending in "est").
- LR304: with a known roster, any roster name anywhere in the rule's text, titles and
  strings included, as a whole word and ignoring case; comments are the file's, not the
  rule's, and are not searched. Names that are also keywords, catalogue names or rank
  words (`Jack`) never count. LR304 replaces the code an unknown word would otherwise get:
  LR301 in target position (`ben draws 1`, `the ann player`), and, in `names`, LR501 in
  event position and LR502/LR503 in a condition. The most specific code wins: one mistake,
  one diagnostic.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from lopti_rules.check.sites import ActionSite, TargetSite, hook_sites
from lopti_rules.diagnostics.source import Source, Span
from lopti_rules.diagnostics.spell import nearest
from lopti_rules.i18n import N_, _
from lopti_rules.language import ast, catalog

_ROLE_HINT = N_("use a game role such as `player`, `next player`, `dealer` or `each other player`")


@dataclass(frozen=True, slots=True)
class Roster:
    names: tuple[str, ...]  # as given, reserved words dropped
    folded: frozenset[str]
    pattern: re.Pattern[str] | None

    def named_in(self, words: str) -> bool:
        """Whether a roster name is among the words (`ann`, `Ann Smith` with ann playing,
        `Ann` in full-width letters)."""
        return self.pattern is not None and self.pattern.search(compatible(words)) is not None


def compatible(text: str) -> str:
    """The text with each character in its compatibility form (NFKC: `Ann` in full-width
    letters is `Ann`), character by character, so a match's columns stay the text's own."""
    out = []
    for char in text:
        folded = unicodedata.normalize("NFKC", char)
        out.append(folded if len(folded) == 1 else char)
    return "".join(out)


def roster_names(roster: Sequence[str] | None) -> Roster:
    names = tuple(
        dict.fromkeys(
            compatible(n.strip())
            for n in roster or ()
            if n.strip() and compatible(n.strip()).casefold() not in catalog.reserved_words()
        )
    )
    if not names:
        return Roster((), frozenset(), None)
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w])(?:{alternatives})(?![\w])", re.IGNORECASE)
    return Roster(names, frozenset(n.casefold() for n in names), pattern)


def check_hook(source: Source, hook: ast.Hook, roster: Roster) -> None:
    for site in hook_sites(hook):
        if isinstance(site, TargetSite):
            _target(source, site.target, roster)
        elif isinstance(site, ActionSite) and isinstance(site.action, ast.Become):
            title_words(source, site.action.title, roster)


def _suggest_role(word: str) -> str:
    found = nearest(word, catalog.ROLE_WORDS) or nearest(
        word, ("next", "previous", "last", "most", "fewest")
    )
    if found is None:
        return _(_ROLE_HINT)
    role = {
        "next": "next player",
        "previous": "previous player",
        "last": "last winner",
        "most": "the player with the most cards",
        "fewest": "the player with the fewest cards",
    }.get(found, found)
    return _("did you mean {name}?").format(name=f"`{role}`")


def _target(source: Source, target: ast.Target, roster: Roster) -> None:
    if isinstance(target, ast.NameTarget):
        name = target.name.name
        if roster.named_in(name):
            return  # LR304, reported by the roster scan
        if catalog.is_trait_word(name):
            _trait(source, target.span, name)
            return
        source.report(
            "LR301",
            target.span,
            _("`{name}` is not a role: rules target game roles, never people").format(name=name),
            _suggest_role(name),
        )
    elif isinstance(target, ast.SeatTarget):
        _seat(source, target.span, f"{target.word} {target.number.value}")
    elif isinstance(target, ast.TitleTarget):
        title_words(source, target.title, roster)
    elif isinstance(target, ast.TraitTarget):
        word = target.trait.name
        if roster.named_in(word):
            return  # `the ann player`: LR304, reported by the roster scan
        if catalog.is_position_word(word):
            _seat(source, target.span, f"the {word} player")
        elif catalog.is_trait_word(word):
            _trait(source, target.span, word)
        else:
            source.report(
                "LR301",
                target.span,
                _("`{name}` is not a role").format(
                    name=_written(source, target.span, f"the {word} player")
                ),
                _suggest_role(word),
            )


def title_words(source: Source, title: ast.Str, roster: Roster) -> None:
    """R4 for a titled role's name (`the "question master"`): a roster name in it is LR304
    (the roster scan), a trait LR303, a seat or position LR302."""
    words = [w.strip(".,;:!?'\"()").casefold() for w in catalog.trait_text(title.value).split()]
    if roster.named_in(title.value):
        return
    if any(w in catalog.TRAIT_WORDS or w in catalog.TRAIT_NOUNS for w in words) or any(
        catalog.is_trait_word(w) for w in words[-1:]
    ):
        _trait(source, title.span, title.value)
    elif any(catalog.is_position_word(w) for w in words) or catalog.names_a_seat(words):
        _seat(source, title.span, f'the "{title.value}"')


def _written(source: Source, span: Span, fallback: str) -> str:
    """The target as the file spells it (`nxt player`, not `the nxt player`)."""
    if span.line != span.end_line:
        return fallback
    text = " ".join(source.line_text(span.line)[span.column - 1 : span.end_column - 1].split())
    return text or fallback


def _seat(source: Source, span: Span, written: str) -> None:
    source.report(
        "LR302",
        span,
        _("`{written}` is a fixed seat or position, a disguised personal target").format(
            written=written
        ),
        _("use a role relative to the event, such as `next player` or `dealer`"),
    )


def _trait(source: Source, span: Span, word: str) -> None:
    source.report(
        "LR303",
        span,
        _("`{word}` is a fixed personal trait: it picks the same person every time").format(
            word=word
        ),
        _("target a changing condition instead, such as `the player with the fewest cards`"),
    )


def roster_in_text(source: Source, tree: ast.File, roster: Roster) -> None:
    """LR304 for every roster name in the text outside comments."""
    if roster.pattern is None:
        return
    comment_at = {c.span.line: c.span.column for c in tree.comments}
    for number, line in enumerate(source.text.splitlines(), 1):
        stop = comment_at.get(number, len(line) + 1)
        for match in roster.pattern.finditer(compatible(line)):
            column = match.start() + 1
            if column >= stop:
                break
            source.report(
                "LR304",
                Span(number, column, number, match.end() + 1),
                _("`{name}` is a player at this table: a rule may not name people").format(
                    name=line[match.start() : match.end()]
                ),
                _("refer to a game role (`next player`, `dealer`) or a condition instead"),
            )
