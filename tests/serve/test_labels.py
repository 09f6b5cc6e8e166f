"""The page's labels: each one the page shows is in `labels.PAGE` (so it is extracted and
translated, docs/translating.md), and `/labels.json` serves them in the language asked."""

from __future__ import annotations

import re

from lopti_rules.i18n import current_language
from lopti_rules.serve.app import STATIC
from lopti_rules.serve.labels import PAGE
from tests.serve.helpers import client_for, make_service


def _page_labels() -> set[str]:
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    js = (STATIC / "app.js").read_text(encoding="utf-8")
    found = set(re.findall(r"<(\w+)[^>]*\sdata-t(?:\s[^>]*)?>([^<]*)</\1>", html))
    labels = {text for _, text in found}
    labels |= set(re.findall(r'aria-label="([^"]+)" data-t-label', html))
    labels |= set(re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', js))
    for table in ("KINDS", "REPORTS"):  # labels the page looks up in a table
        found_table = re.search(rf"const {table} = \{{(.*?)\}};", js, re.S)
        assert found_table is not None, table
        labels |= set(re.findall(r':\s*"([^"]+)"', found_table.group(1)))
    return labels


def test_every_label_of_the_page_is_in_the_catalogue_and_no_other() -> None:
    assert _page_labels() == set(PAGE)
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    tags = r"<(h1|h2|h3|legend|button|label|summary)(?![^>]*data-t)[^>]*>([^<]+)<"
    untagged = re.findall(tags, html)
    assert [text for _, text in untagged if text.strip()] == []


def test_the_labels_come_in_the_language_asked() -> None:
    client = client_for(make_service())
    french = client.get("/labels.json?lang=fr").json()
    assert french["lang"] == "fr" and french["labels"]["The table"] == "La table"
    assert french["labels"]["Rule Vote"] == "Vote de Règle"
    assert set(french["languages"]) == {"en", "it", "de", "pl", "pt", "fr"}
    polish = client.get("/labels.json?lang=pl").json()["labels"]
    won = "Round {round} is over: {name} wins."
    assert polish[won] == "Rozdanie {round} skończone: wygrywa {name}."
    unknown = client.get("/labels.json?lang=xx").json()  # the server's language
    assert unknown["lang"] == current_language()


def test_the_cards_carry_the_rank_letters_of_each_rulebook() -> None:
    """The ranks from low to high as each language's rulebook lists them (S2) are the
    letters its cards carry."""
    from lopti_rules.i18n import LANGUAGES
    from lopti_rules.i18n.rulebook import load

    client = client_for(make_service())
    english = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    for lang in LANGUAGES:
        clause = load(lang).find("S2")
        assert clause is not None and clause.id == "S2"
        listed = re.search(
            r"2, 3, 4, 5, 6, 7, 8, 9, 10, ([A-Z]), ([A-Z]), ([A-Z]), ([A-Z])", clause.text
        )
        assert listed, (lang, clause.text)
        letters = client.get(f"/labels.json?lang={lang}").json()["ranks"]
        shown = [letters.get(rank, rank) for rank in english]
        assert shown[9:] == list(listed.groups()), lang
