"""Pass 6: what a rule asks people to do (R3's other half): LR207, and LR206 in words.

Takes one whole file; reports into its `Source`. R3 says no rule may require dangerous,
illegal, discriminatory, destructive or non-consensual behaviour. The engine never sees what
people do at the table, so the checker reads what a rule *says*: its title, its notes and
every `announce` text. A wording that matches the curated lexicon (`conduct_lexicon.py`:
drinking, undressing, eating, hurting or touching a person, damaging property, drugs and
weapons, slurs; English and the rulebooks' five languages) is LR207, once per text, naming
the words. Ordinary table actions pass: tap or slap the table, stand up, say a word, swap
seats. A text that names a player at the table is already LR304 and is not judged again
(one mistake, one diagnostic: rewriting it rewrites the text).

Matching works on words: the text is lower-cased, accents are dropped, and each lexicon
pattern is tried at each word its first step can match (an index of the lexicon by first
steps, built once). It is a guard rail, not a judge: it cannot read intent, and a
new word or spelling gets past it (docs/checker.md, "LR207").

A title is a name: it is read for what it asks someone to do, not for what it mentions
(`Round of drinks` and `The drinks table` pass, `Strip Lopti` does not; `harms(...,
reading=NAME)`). An announcement says something: it is read as a demand except for a thing
named after `of` and its kin (`announce "Round of drinks"`, `reading=SAYING`). A note, and a
call's, race's or conduct's wording, which says what someone does, are read in full (spec
§4, "Titles and wording are names, not demands"). Wording that
of a call, race or conduct that picks people by what happened before the rule existed
(`whoever lost in previous rounds`) is LR206, as the grammar's retroactive qualifiers are.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Sequence

from lopti_rules.check.conduct_lexicon import (
    ARTICLES,
    CLASSES,
    HARMS,
    LEXICON,
    MENTION_MARKERS,
    RETRO,
    THINGS,
    Pattern,
)
from lopti_rules.check.persons import Roster
from lopti_rules.diagnostics.source import Source
from lopti_rules.i18n import N_, _
from lopti_rules.language import ast

_WORD = re.compile(r"[^\W\d_]+")
_FOLD = str.maketrans({"ł": "l", "Ł": "l", "ø": "o", "æ": "ae", "œ": "oe"})
_GAP = 3  # words a `~` may skip
_LOOKAHEAD = 2  # words a `-@class` looks at


def words(text: str) -> list[str]:
    """The text's words as the lexicon is written: lower case, accents dropped."""
    folded = unicodedata.normalize("NFKD", text.translate(_FOLD).casefold())
    plain = "".join(c for c in folded if not unicodedata.combining(c))
    return _WORD.findall(plain)


def _is(word: str, entry: str) -> bool:
    return word.startswith(entry[:-1]) if entry.endswith("*") else word == entry


def _in_class(word: str, name: str) -> bool:
    return any(_is(word, entry) for entry in CLASSES[name])


def _step(word: str, step: str) -> bool:
    return _in_class(word, step[1:]) if step.startswith("@") else _is(word, step)


def _match(tokens: Sequence[str], at: int, pattern: Pattern) -> int | None:
    """The index just past a match of `pattern` starting at word `at`, or None."""
    if not pattern:
        return at
    step, rest = pattern[0], pattern[1:]
    if step == "~":
        for skip in range(_GAP + 1):
            skipped = at + skip - 1  # the word this skip passes over
            if skip and (skipped >= len(tokens) or _in_class(tokens[skipped], "table")):
                return None
            end = _match(tokens, at + skip, rest)
            if end is not None:
                return end
        return None
    if step.startswith("-@"):
        ahead = tokens[at : at + _LOOKAHEAD]
        return None if any(_in_class(w, step[2:]) for w in ahead) else _match(tokens, at, rest)
    if at < len(tokens) and _step(tokens[at], step):
        return _match(tokens, at + 1, rest)
    return None


# how a text is read (`harms`): in full (a note, a table event's wording), as a thing said
# (an announcement: what follows `of` is named, not asked for), or as a name (a title)
DEMAND, SAYING, NAME = 0, 1, 2


def _names_only(tokens: Sequence[str], at: int, pattern: Pattern, reading: int) -> bool:
    """Whether a match at word `at` only names the thing, in a text read as `reading`: a
    word after `of`/`di`/`de`... (`Round of drinks`); in a name also a thing, not an act
    (`Beer o'clock`), a noun after an article (`The drinks table`), a gerund (`Drinking
    game`) or a compound built on the stem (`Trinkspiel`)."""
    head, word = pattern[0], tokens[at]
    if reading == DEMAND:
        return False
    if at > 0 and tokens[at - 1] in MENTION_MARKERS:
        return True
    if reading == SAYING:
        return False
    if head in THINGS or (at > 0 and tokens[at - 1] in ARTICLES):
        return True
    if head.endswith("*") and len(word) > len(head) + 3:
        return True  # a compound noun on the verb's stem, not one of the verb's forms
    return word.endswith("ing") and not head.endswith("ing")


# The lexicon's patterns indexed by their first step, computed once (like a parser table),
# so each word is tried only against the patterns that can start at it: (harm's position,
# pattern's position, harm, pattern), looked up by the exact word, or by a stem's first letter
# (then tested with `_is`); a first step of another kind (a class, `~`) is tried everywhere.
Candidate = tuple[int, int, str, Pattern]
_EXACT: dict[str, list[Candidate]] = {}
_STEMS: dict[str, list[Candidate]] = {}
_ANYWHERE: list[Candidate] = []
for _h, (_harm, _patterns) in enumerate(LEXICON.items()):
    for _p, _pattern in enumerate(_patterns):
        _first = _pattern[0] if _pattern else "~"
        _entry = (_h, _p, _harm, _pattern)
        if _first.startswith(("@", "-@", "~")) or _first == "*":
            _ANYWHERE.append(_entry)
        elif _first.endswith("*"):
            _STEMS.setdefault(_first[0], []).append(_entry)
        else:
            _EXACT.setdefault(_first, []).append(_entry)


def _candidates(word: str) -> list[Candidate]:
    """The patterns whose first step can match `word`, in lexicon order."""
    found = [*_EXACT.get(word, ()), *_ANYWHERE]
    found += [c for c in _STEMS.get(word[:1], ()) if _is(word, c[3][0])]
    found.sort()
    return found


def harms(text: str, *, reading: int = DEMAND) -> Iterator[tuple[str, str]]:
    """Each (harm, the words that say it) the text demands, in text order, one per harm:
    at each word, the first pattern of each harm that matches there, in lexicon order.

    A title (`NAME`) demands only what it asks someone to do, and an announcement
    (`SAYING`) does not ask for a thing it names after `of`: a match that merely
    names the thing there (`_names_only`) is not read (spec §4, "Titles and wording are
    names, not demands")."""
    tokens = words(text)
    found: set[str] = set()
    for at, word in enumerate(tokens):
        for *_order, harm, pattern in _candidates(word):
            if harm in found:
                continue
            end = _match(tokens, at, pattern)
            if end is not None and not _names_only(tokens, at, pattern, reading):
                found.add(harm)
                yield harm, " ".join(tokens[at:end])


def _texts(tree: ast.File) -> Iterator[tuple[str, ast.Str]]:
    for rule in tree.rules:
        yield "title", rule.title
        for item in rule.items:
            if isinstance(item, ast.Note):
                yield "note", item.text
            elif isinstance(item, ast.TableEvent):
                yield f"{item.kind}'s wording", item.what
            else:
                for action in ast.walk_actions(item.actions):
                    if isinstance(action, ast.Announce):
                        yield "announcement", action.text
                    elif isinstance(action, ast.Become):
                        yield "titled role", action.title


def looks_back(text: str) -> str | None:
    """The words by which a text acts on the past (`in previous rounds`), if it does."""
    tokens = words(text)
    for at in range(len(tokens)):
        for pattern in RETRO:
            end = _match(tokens, at, pattern)
            if end is not None:
                return " ".join(tokens[at:end])
    return None


def check_file(source: Source, tree: ast.File, roster: Roster) -> None:
    """LR207 for each title, note or announcement whose wording demands harmful conduct;
    LR206 for a table event's wording that picks people by the past (`whoever won in previous
    rounds`). An announcement or a note only says something (`no points are counted
    retroactively` denies the past a say), and a title names."""
    for kind, text in _texts(tree):
        if roster.named_in(text.value):
            continue  # LR304 already (the roster scan)
        past = looks_back(text.value) if kind in _PICKS_PEOPLE else None
        if past is not None:
            source.report(
                "LR206",
                text.span,
                _("this text acts on what happened before the rule existed (`{said}`)").format(
                    said=past
                ),
                _("a rule applies from its announcement on (R1); say what happens from now on"),
            )
        found = list(harms(text.value, reading=_READINGS.get(kind, DEMAND)))
        if not found:
            continue
        said = ", ".join(f"{_(HARMS[harm])} (`{phrase}`)" for harm, phrase in found)
        source.report(
            "LR207",
            text.span,
            _(_DEMANDS.get(kind, _DEMANDS["text"])).format(said=said),
            _(
                "rules may ask for ordinary table actions only, such as tapping the table, "
                "standing up or saying a word (R3)"
            ),
        )


_PICKS_PEOPLE = ("call's wording", "race's wording", "conduct's wording")
_READINGS = {"title": NAME, "announcement": SAYING}

_DEMANDS = {
    "title": N_("this title demands {said}, which no rule may require"),
    "note": N_("this note demands {said}, which no rule may require"),
    "announcement": N_("this announcement demands {said}, which no rule may require"),
    "call's wording": N_("this call's wording demands {said}, which no rule may require"),
    "race's wording": N_("this race's wording demands {said}, which no rule may require"),
    "conduct's wording": N_("this conduct's wording demands {said}, which no rule may require"),
    "titled role": N_("this titled role demands {said}, which no rule may require"),
    "text": N_("this text demands {said}, which no rule may require"),  # any other kind
}
