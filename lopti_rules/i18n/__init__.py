"""Translations: which language the user reads, and the gettext catalogues that speak it.

Takes a language asked for (`--lang`, see `cli/main.py`) or, failing that, the environment:
`LOPTI_LANG`, then the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`, the first one set), else
English. Produces `_()` and `ngettext()` for any module that shows text to a person:

    from lopti_rules.i18n import _, ngettext
    _("{who} wins the round!").format(who=name)
    ngettext("{n} card", "{n} cards", n).format(n=n)

Guarantees: a message id missing from a catalogue comes back as the English text (gettext's
`fallback=True`), so a new message never breaks a command; the catalogues live in
`lopti_rules/i18n/locale/<lang>/LC_MESSAGES/lopti.{po,mo}` (both committed; a test checks the
`.mo` matches its `.po`). Keep placeholders named (`{who}`), never positional, so a translation
can put them in its own order. Machine-readable output (JSON, SARIF, event logs) must not go
through `_()`: codes, field names and symbols never change with the language.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    import gettext

DOMAIN = "lopti"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

#: The languages the project speaks: English and the five rulebook languages.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "it": "Italiano",
    "de": "Deutsch",
    "pl": "Polski",
    "pt": "Português",
    "fr": "Français",
}
DEFAULT = "en"
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")

_current: str | None = None
_translations: dict[str, gettext.NullTranslations] = {}


class UnknownLanguage(ValueError):
    """A language that is not one of `LANGUAGES` was asked for by name."""


def normalise(code: str) -> str | None:
    """`it`, `IT`, `it_IT.UTF-8`, `pt-BR` -> the language code, or None if not spoken here."""
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def choose(asked: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language for this run: `asked` (from `--lang`), then `LOPTI_LANG`, then the first
    of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set (a locale we do not speak means English),
    else English. UnknownLanguage (one sentence) when `asked` or `LOPTI_LANG` names a
    language we do not have, listing the codes we have, and said in the language in use: the
    one set before (`lopti --lang it rules --lang xx` says it in Italian, as click's words
    around it are), else the one the rest of the environment chooses (a bad `--lang` in
    `LOPTI_LANG`'s language, else the locale's). It never asks `current_language()`, which
    calls this function."""
    env = os.environ if environ is None else environ
    for where, value in (("--lang", asked), ("LOPTI_LANG", env.get("LOPTI_LANG"))):
        if value:
            found = normalise(value)
            if found is None:
                said_in = _current or _from_locale(env)
                if where == "--lang" and _current is None:
                    said_in = normalise(env.get("LOPTI_LANG") or "") or said_in
                said = translation(said_in).gettext(UNKNOWN)
                known = ", ".join(LANGUAGES)
                raise UnknownLanguage(said.format(where=where, value=repr(value), known=known))
            return found
    return _from_locale(env)


def _from_locale(env: Mapping[str, str]) -> str:
    """The language of the first locale variable set (one we do not speak: English)."""
    for variable in LOCALE_VARIABLES:
        value = env.get(variable)
        if value:
            return normalise(value) or DEFAULT
    return DEFAULT


def translation(lang: str) -> gettext.NullTranslations:
    """The catalogue of `lang` (English: no catalogue, the message ids are the text)."""
    if lang not in _translations:
        import gettext  # only when a message is shown: `lopti check` on a good file needs none

        _translations[lang] = gettext.translation(
            DOMAIN, localedir=LOCALE_DIR, languages=[lang], fallback=True
        )
    return _translations[lang]


def set_language(lang: str) -> None:
    """Speak `lang` (a key of LANGUAGES) from now on in this process."""
    global _current
    if lang not in LANGUAGES:
        raise UnknownLanguage(f"{lang!r} is not a language lopti speaks")
    _current = lang


def current_language() -> str:
    """The language in use: the one set, else the environment's choice (see `choose`)."""
    global _current
    if _current is None:
        try:
            _current = choose()
        except UnknownLanguage:
            _current = DEFAULT
    return _current


def _(message: str) -> str:
    """`message` in the current language."""
    return translation(current_language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of `singular`/`plural` for `n` in the current language (Polish has three)."""
    return translation(current_language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, in the grammatical form `context` names (a rank's
    noun as the object of "gives": `pgettext("object", "a K")`, German "einen König")."""
    return translation(current_language()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """The form for `n` of a plural message in the grammatical form `context` names (the
    object of "choose": `npgettext("object", "{n} card", "{n} cards", 1)`, Polish "1 kartę")."""
    return translation(current_language()).npgettext(context, singular, plural, n)


def grouped(n: int) -> str:
    """A whole number in the current language, grouped as it groups thousands: English
    "1,050", German, Italian and Portuguese "1.050", French and Polish "1 050" (no-break
    spaces) (Babel's CLDR data; imported on first use, so only a message that
    shows a large number loads it). A comma would read as a decimal comma in most of them."""
    from babel.numbers import format_decimal

    return str(format_decimal(n, locale=current_language()))


def N_(message: str) -> str:
    """Mark `message` for extraction where it is defined; translate it with `_()` when used."""
    return message


class Template(NamedTuple):
    """A message said with a context (`pgettext`): its context, its English text and, for a
    count, its plural (`npgettext`)."""

    context: str
    singular: str
    plural: str | None = None


def NP_(context: str, message: str) -> Template:
    """Mark a message with `context` for extraction (`-k NP_:1c,2`); said where it is used."""
    return Template(context, message)


def NNP_(context: str, singular: str, plural: str) -> Template:
    """Mark a count's message (`-k NNP_:1c,2,3`): `singular` for one, `plural` with `{n}`."""
    return Template(context, singular, plural)


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural message for extraction where it is defined (`pybabel extract -k
    Nn_:1,2`); it is said with `ngettext` where it is used."""
    return singular, plural


#: Said in the language lopti would speak without the unknown name (see `choose`).
UNKNOWN = N_("{where} {value} is not a language lopti speaks ({known})")
