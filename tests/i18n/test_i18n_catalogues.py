"""The gettext catalogues: complete, faithful to the English placeholders, really translated,
compiled (.mo) from the committed .po, and extracted from the source as it is now."""

from __future__ import annotations

import io
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from lopti_rules.i18n import LANGUAGES, LOCALE_DIR, ngettext, set_language
from lopti_rules.i18n.templates import TEMPLATES

ROOT = Path(__file__).parents[2]
OTHERS = sorted(set(LANGUAGES) - {"en"})


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / "lopti.po"


def read(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


def singular(message: Message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def key(message: Message) -> tuple[str | None, str]:
    """A message's context (`pgettext`) and singular id: the same words in two grammatical
    forms are two messages."""
    return message.context, singular(message)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def forms(message: Message) -> list[str]:
    if isinstance(message.string, str):
        return [message.string]
    return list(message.string or ())


def only_placeholders(text: str) -> bool:
    """`{rule}: {told}{end}`, ` ({throws})`: nothing a language could say differently."""
    return not re.search(r"[A-Za-z]", re.sub(r"\{[^}]*\}", "", text))


TEMPLATE = read(LOCALE_DIR / "lopti.pot")
IDS = {key(m): m for m in TEMPLATE if m.id}
KEYWORDS = {
    "_": None,
    "ngettext": (1, 2),
    "N_": None,
    "Nn_": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "NP_": ((1, "c"), 2),
    "NNP_": ((1, "c"), 2, 3),
}


def test_the_template_holds_every_message_of_the_source() -> None:
    found = {
        (context, msgid if isinstance(msgid, str) else msgid[0])
        for _, _, msgid, _, context in extract_from_dir(
            str(ROOT / "lopti_rules"), keywords=KEYWORDS
        )
    }
    assert found == set(IDS), "run the pybabel extract/update commands in docs/translating.md"


def test_every_explain_template_is_a_message_of_the_catalogue() -> None:
    """`lopti explain` has no texts of its own: each template is a catalogue message (so the
    test below checks every language translates it, with its placeholders and plural forms),
    found by `pybabel extract` with the keywords of docs/translating.md."""
    for key, template in TEMPLATES.items():
        message = IDS.get((template.context, template.singular))
        assert message is not None, (key, "run the pybabel extract/update commands")
        plural = message.id[1] if isinstance(message.id, tuple) else None
        assert plural == template.plural, key
        assert template.context.startswith("explain: "), key


@pytest.mark.parametrize("lang", OTHERS)
def test_every_message_is_translated_faithfully(lang: str) -> None:
    catalog = read(po_path(lang))
    have = {key(m): m for m in catalog if m.id}
    assert set(have) == set(IDS), f"{lang}: run pybabel update (docs/translating.md)"
    for (context, msgid), message in have.items():
        english = IDS[context, msgid]
        ids = [english.id] if isinstance(english.id, str) else list(english.id)
        wanted = set().union(*map(fields, ids))
        assert not message.fuzzy, (lang, msgid)
        assert len(forms(message)) == (catalog.num_plurals if message.pluralizable else 1)
        for form in forms(message):
            assert form, (lang, msgid, "untranslated")
            assert fields(form) <= wanted, (lang, msgid, form)
            # every placeholder of its English id (click's plural ids differ: "Did you
            # mean {possibility}?", "(Did you mean one of: {possibilities}?)")
            assert any(fields(form) >= fields(i) - {"n"} for i in ids), (lang, msgid, form)
            if not only_placeholders(msgid) and context != "rank letter":  # J may stay J
                assert form != msgid, (lang, msgid, "still English")


@pytest.mark.parametrize("lang", OTHERS)
def test_the_committed_mo_is_compiled_from_the_committed_po(lang: str) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, read(po_path(lang)))
    committed = po_path(lang).with_suffix(".mo").read_bytes()
    assert committed == compiled.getvalue(), "run pybabel compile (docs/translating.md)"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["1 card", "2 cards", "5 cards", "22 cards"]),
        ("pl", ["1 karta", "2 karty", "5 kart", "22 karty"]),
        ("de", ["1 Karte", "2 Karten", "5 Karten", "22 Karten"]),
        ("fr", ["1 carte", "2 cartes", "5 cartes", "22 cartes"]),
    ],
)
def test_plural_forms_follow_each_language(lang: str, said: list[str]) -> None:
    set_language(lang)
    assert [ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 2, 5, 22)] == said


@pytest.mark.parametrize(
    ("lang", "zero"),
    [("en", "0 cards"), ("it", "0 carte"), ("pt", "0 cartas"), ("fr", "0 carte")],
)
def test_zero_takes_each_languages_form(lang: str, zero: str) -> None:
    """Brazilian Portuguese says "0 avisos", French "0 avertissement" (issue 29, PT-46)."""
    set_language(lang)
    assert ngettext("{n} card", "{n} cards", 0).format(n=0) == zero
