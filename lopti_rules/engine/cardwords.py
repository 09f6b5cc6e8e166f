"""A card in words: one rank as a noun, with the article each language gives it.

Takes a rank (2..14). Produces the noun phrase for one card of that rank as the object of a
sentence ("Ann gives Ben an A", "cannot play 10 on a 7"), in the language in use: German
"ein Ass", "einen König"; Polish "asa", "damę"; French "une dame". Each rank is its own
message, with the context `one card` (`pgettext`), so each language gives it its gender and
case; the rule language's symbols (J, Q, K, A) stay in the English text only.
"""

from __future__ import annotations

from collections.abc import Callable

from lopti_rules.i18n import _, pgettext

FACES = ("J", "Q", "K", "A")  # the ranks a rulebook may letter its own way (S2)


def rank_letters(say: Callable[[str, str], str] | None = None) -> dict[str, str]:
    """The letters of the face ranks and the ace as the language's rulebook writes them on a
    card (S2; context `rank letter`): French V, D, R, German B, D, K, Polish W, D, K; the
    rule language keeps J, Q, K, A. `say` is another language's `pgettext` (the web table
    asks for a device's language); by default, the language in use."""
    if say is not None:
        return {face: say("rank letter", face) for face in FACES}
    return {  # written out, so that pybabel extract finds each message
        "J": pgettext("rank letter", "J"),
        "Q": pgettext("rank letter", "Q"),
        "K": pgettext("rank letter", "K"),
        "A": pgettext("rank letter", "A"),
    }


def rank_letter(rank: int) -> str:
    """One rank as the table's language writes it (`10`, and French `V` for a jack)."""
    if rank <= 10:
        return str(rank)
    return rank_letters().get("JQKA"[rank - 11], str(rank))


def a_card(rank: int) -> str:
    """One card as the object of a clause ("Ann gives Ben an A"), a noun with the article
    each language gives that rank (German "ein Ass", "einen König"; context `one card`)."""
    nouns = {
        2: pgettext("one card", "a 2"),
        3: pgettext("one card", "a 3"),
        4: pgettext("one card", "a 4"),
        5: pgettext("one card", "a 5"),
        6: pgettext("one card", "a 6"),
        7: pgettext("one card", "a 7"),
        8: pgettext("one card", "an 8"),
        9: pgettext("one card", "a 9"),
        10: pgettext("one card", "a 10"),
        11: pgettext("one card", "a J"),
        12: pgettext("one card", "a Q"),
        13: pgettext("one card", "a K"),
        14: pgettext("one card", "an A"),
    }
    return nouns.get(rank) or _("a {card}").format(card=str(rank))
