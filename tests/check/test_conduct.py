"""LR207 (R3's other half): wordings that demand harmful conduct are rejected, in English and
the rulebooks' five languages, and ordinary table actions pass (docs/codes/LR207.md)."""

from __future__ import annotations

import pytest

from lopti_rules.check.conduct import harms, words
from lopti_rules.check.conduct_lexicon import CLASSES, LEXICON, Pattern
from tests.check.helpers import codes

HARMFUL = {
    # English
    "Everyone drinks a shot": "drinking",
    "Take a shot, bottoms up": "drinking",
    "The loser strips": "undressing",
    "Take off your shirt": "undressing",
    "Eat a card": "eating",
    "Swallow the joker": "eating",
    "Slap the next player": "violence",
    "Punch whoever is slowest": "violence",
    "Kick the dealer": "violence",
    "Break a glass": "property",
    "Tear up a card": "property",
    "Smash the phone": "property",
    "Kiss your neighbour": "consent",
    "Touch the player on your left": "consent",
    "Smoke a cigarette": "illegal",
    "Insult the winner": "slur",
    # Italian
    "Bevi un sorso di birra": "drinking",
    "Spogliati!": "undressing",
    "Mangia una carta": "eating",
    "Dai uno schiaffo al vicino": "violence",
    "Rompi un bicchiere": "property",
    "Bacia il giocatore a destra": "consent",
    # German
    "Trink einen Schnaps": "drinking",
    "Zieh dein Hemd aus": "undressing",
    "Iss eine Karte": "eating",
    "Gib dem Nachbarn eine Ohrfeige": "violence",
    "Zerbrich ein Glas, zerbrech es": "property",
    "Küss den Gewinner": "consent",
    # Polish
    "Wypij kieliszek wódki": "drinking",
    "Rozbierz się": "undressing",
    "Zjedz kartę": "eating",
    "Uderz gracza obok": "violence",
    "Pocałuj sąsiada": "consent",
    # Portuguese
    "Beba uma cerveja": "drinking",
    "Tire a roupa": "undressing",
    "Engula uma carta": "eating",
    "Bate no jogador ao lado": "violence",
    "Quebre um copo": "property",
    "Beije o vizinho": "consent",
    # French
    "Bois un verre ? Non : boire cul sec": "drinking",
    "Déshabille-toi": "undressing",
    "Mange une carte": "eating",
    "Gifle ton voisin": "violence",
    "Casse une bouteille": "property",
    "Embrasse le joueur à gauche": "consent",
}

ORDINARY = [
    "Say Lopti and tap the table",
    "The last to slap the pile draws",
    "Stand up and swap seats with the next player",
    "Clap twice and say a word",
    "Touch your nose",
    "You eat the pile!",
    "Break the silence, or break a tie",
    "Knock on wood",
    "Burn the top card of the deck",
    "In spite of the deal, the low rule kicks in",
    "Steal a card from the next player",
    "Hit the table, then the next player draws",
    "Battle the next player for the pile",
    "Play poker with the dealer",
    "Batti sul tavolo e alzati",
    "Klopf auf den Tisch und steh auf",
    "Zieh eine Karte aus dem Stapel",
    "Stuknij w stół i wstań",
    "Bate na mesa e levanta-te",
    "Touche du bois et tape sur la table",
    "Levez-vous et changez de place",
]


@pytest.mark.parametrize("text", HARMFUL)
def test_harmful_wordings_are_found(text: str) -> None:
    assert HARMFUL[text] in {harm for harm, _ in harms(text)}


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_table_actions_pass(text: str) -> None:
    assert list(harms(text)) == []


def _sample(pattern: Pattern) -> str:
    """A phrase a pattern must match: stems as written, a class by its first word."""
    out: list[str] = []
    for step in pattern:
        if step == "~" or step.startswith("-@"):
            continue
        word = CLASSES[step[1:]][0] if step.startswith("@") else step
        out.append(word.rstrip("*"))
    return " ".join(out)


@pytest.mark.parametrize(
    ("harm", "pattern"), [(h, p) for h, patterns in LEXICON.items() for p in patterns]
)
def test_every_lexicon_pattern_matches_its_own_words(harm: str, pattern: Pattern) -> None:
    assert (harm, _sample(pattern)) in list(harms(_sample(pattern)))


def test_words_fold_case_and_accents() -> None:
    assert words("Déshabille-TOI, Wódka! Großes Glas") == [
        "deshabille", "toi", "wodka", "grosses", "glas"
    ]  # fmt: skip


def test_titles_notes_and_announcements_are_read() -> None:
    rule = (
        'rule "Strip Lopti":\n'
        "    after pickup: player draws 1\n"
        '    note "Kiss the winner"\n'
        "    after clear:\n"
        "        player draws 1\n"
        '        if pile > 3: announce "Drink up"\n'
    )
    assert codes(rule) == ["LR207", "LR207", "LR207"]


def test_a_roster_name_is_lr304_only() -> None:
    assert codes(
        'rule "r":\n    after clear:\n        player draws 1\n        announce "Ben drinks"\n',
        roster=["ben"],
    ) == ["LR304"]
