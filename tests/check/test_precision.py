"""Precision of the harm and person checks (R3, R4): the wording a table really writes must
pass, and the forbidden wording must fail, measured on two sets that are both kept at 100%.

Titles name a rule and demand nothing by mentioning a thing; quoted words about people in
general are not a person target; a table event that picks people by a trait is one (spec §4,
"Titles and wording are names, not demands"). Both sets run through the whole checker, as a
table would meet them.
"""

from __future__ import annotations

import pytest

from lopti_rules.check.conduct import looks_back
from lopti_rules.check.conduct_lexicon import LEXICON, RETRO, THINGS
from tests.check.helpers import codes
from tests.check.test_conduct import _sample

# --------------------------------------------------------------------------- legitimate

LEGITIMATE_TITLES = [
    "Round of drinks",
    "Drinking game",
    "Beer o'clock",
    "Happy hour",
    "Kings cup",
    "Giro di bevute",
    "Trinkspiel",
    "Kolejka wódki",
    "Rodada de cerveja",
    "Tournée de bières",
    "The naked truth",
    "The drinks table",
]

LEGITIMATE_WORDINGS = [
    'race look "call out: look, it\'s a boy!" after play when rank is 5',
    'conduct names "say the name of a girl"',
    'call snore "snore like a sleeping man" after play when rank is 9',
    'race first "the fastest to slap the pile" after play when rank is 6',
    'conduct thanks "thank the person who deals"',
    'call cheers "say cheers" after clear',
    'race quick "be the fastest to tap the table" after play when rank is 7',
    'conduct quiet "be quiet while a 7 is played"',
    'race first "be the first to say Lopti" after play when rank is 4',
]

LEGITIMATE_ANNOUNCEMENTS = [
    "No points are counted retroactively since the session began",
    "Every man for himself!",
    "Ladies and gentlemen, the pile is cleared",
    "Take off the top card and show it",
    "The oldest card on the pile wins nothing",
    "Round of drinks",
    "Giro di bevute per tutti",
]


def _title_rule(title: str) -> str:
    return f'rule "{title}":\n    after clear: every player draws 1\n'


def _table_event_rule(declaration: str) -> str:
    name = declaration.split()[1]
    kind = declaration.split()[0]
    report = {"call": "missed", "race": "lost", "conduct": "caught"}[kind]
    return f'rule "Table":\n    {declaration}\n    after {report} {name}: player draws 1\n'


def _announce_rule(text: str) -> str:
    return f'rule "Say":\n    after clear:\n        player draws 1\n        announce "{text}"\n'


@pytest.mark.parametrize("title", LEGITIMATE_TITLES)
def test_a_title_that_mentions_demands_nothing(title: str) -> None:
    assert codes(_title_rule(title)) == []


@pytest.mark.parametrize("declaration", LEGITIMATE_WORDINGS)
def test_words_about_people_in_general_are_no_person_target(declaration: str) -> None:
    assert codes(_table_event_rule(declaration)) == []


@pytest.mark.parametrize("text", LEGITIMATE_ANNOUNCEMENTS)
def test_announcements_about_people_in_general_pass(text: str) -> None:
    assert codes(_announce_rule(text)) == []


# --------------------------------------------------------------------------- forbidden

FORBIDDEN_TITLES = {
    "Strip Lopti": "LR207",
    "Loser drinks": "LR207",
    "Everyone drinks a shot": "LR207",
    "Take off your shirt": "LR207",
    "Drink the beer": "LR207",
    "Tutti a bere": "LR207",
    "Todos a beber": "LR207",
    "I drink": "LR207",
}

FORBIDDEN_ANNOUNCEMENTS = {
    "The loser pulls their trousers down": "LR207",
    "Pants down!": "LR207",
    "Drop your trousers": "LR207",
    "Drink a glass of wine": "LR207",
    "Everyone drinks the beer": "LR207",
}

FORBIDDEN_WORDINGS = {
    'conduct lefty "whoever is left handed"': "LR303",
    'conduct lefties "players who are left-handed stand up"': "LR303",
    'conduct specs "whoever wears glasses"': "LR303",
    'conduct young "the youngest player says Lopti"': "LR303",
    'conduct lh "be left handed"': "LR303",
    'race tall "be the tallest" after play when rank is 8': "LR303",
    'conduct ex "exist"': "LR303",
    'call here "exists at the table" after clear': "LR303",
    'race back "whoever won in previous rounds" after play when rank is 5': "LR206",
    'conduct payback "everyone who won last session claps"': "LR206",
    'call sorry "whoever lost in earlier rounds says sorry" after clear': "LR206",
    'conduct gulp "drink a glass of wine"': "LR207",
    'conduct sip "take a sip of beer"': "LR207",
    'conduct down "down a glass of wine"': "LR207",
}


@pytest.mark.parametrize(("title", "code"), FORBIDDEN_TITLES.items())
def test_a_title_that_asks_for_harm_is_refused(title: str, code: str) -> None:
    assert codes(_title_rule(title)) == [code]


@pytest.mark.parametrize(("text", "code"), FORBIDDEN_ANNOUNCEMENTS.items())
def test_forbidden_announcements_are_refused(text: str, code: str) -> None:
    assert codes(_announce_rule(text)) == [code]


@pytest.mark.parametrize(("declaration", "code"), FORBIDDEN_WORDINGS.items())
def test_forbidden_wordings_are_refused(declaration: str, code: str) -> None:
    assert codes(_table_event_rule(declaration)) == [code]


def test_a_titled_role_named_after_a_seat_is_a_seat() -> None:
    rule = (
        'rule "Seat two":\n'
        '    after clear: player becomes the "seat 2"\n'
        '    after pickup: the "seat 2" draws 1\n'
    )
    assert set(codes(rule)) == {"LR302"}


def test_a_roster_name_in_full_width_letters_is_still_a_name() -> None:
    rule = _announce_rule("\uff22\uff45\uff4e stands up")  # "Ben" in full-width letters
    assert codes(rule, roster=["Ben"]) == ["LR304"]


def test_a_call_that_can_only_fall_due_from_a_finished_player_is_refused() -> None:
    for trigger in (
        "after play when cards of player is 0",
        "after play when hand of player is 0 and face_up of player is 0 "
        "and face_down of player is 0",
        "after finish",
    ):
        rule = _table_event_rule(f'call last "say last" {trigger}')
        assert "LR201" in codes(rule), trigger


def test_a_call_due_while_the_player_is_still_in_passes() -> None:
    rule = _table_event_rule('call last "say last" after play when cards of player is 1')
    assert codes(rule) == []


def test_every_thing_and_retro_word_is_used() -> None:
    """The title reading's list of things names lexicon patterns' first words, and each
    retroactive phrase is found by the text check: no dead entry."""
    heads = {pattern[0] for patterns in LEXICON.values() for pattern in patterns}
    assert heads >= THINGS
    for pattern in RETRO:
        assert looks_back(_sample(pattern)) is not None, pattern
