"""The table of known syntax mistakes: what LP001 says for each, and bad examples of it.

Each row is a message (what would fit there, in words a card player understands), a hint (what
to write instead) and a few bad examples. `lopti_rules.language.syntax_report` finds the row whose
examples fail in the same parser state, with the same acceptable next tokens, as the error at
hand (Lark's `match_examples`), so one row covers a mistake wherever it is made. Every example
of every row is tested to produce its row's message (tests/language/test_syntax_errors.py).

To add a row: write the message and hint, give two or three examples that fail at the same
spot in different contexts, and run the tests; a row whose example lands elsewhere fails.
"""

from __future__ import annotations

from dataclasses import dataclass

from lopti_rules.i18n import N_


@dataclass(frozen=True, slots=True)
class Mistake:
    message: str
    hint: str | None
    examples: tuple[str, ...]


_HOOK = 'rule "r":\n    '
_BODY = 'rule "r":\n    after clear:\n        '

MISTAKES: tuple[Mistake, ...] = (
    Mistake(
        N_("expected `rule` and a title to start a rule"),
        N_('a rule file is a list of rules: `rule "Title":`, then its hooks indented below it'),
        ("after clear: player draws 1", '"Tens tax":\n    after clear: player draws 1', ""),
    ),
    Mistake(
        N_("expected the rule's title in double quotes after `rule`"),
        N_('write the title in straight double quotes: `rule "Tens tax":`'),
        (
            "rule Tens tax:\n    after clear: player draws 1",
            "rule:\n    after clear: player draws 1",
        ),
    ),
    Mistake(
        N_("expected `:` after the rule's title"),
        N_('a rule starts `rule "Title":`, with a colon'),
        ('rule "Tens tax"\n    after clear: player draws 1', 'rule "Tens" tax:'),
    ),
    Mistake(
        N_("expected `before`, `after` or `note` to start a hook"),
        N_("a hook says when it runs and on which event: `after clear: ...`"),
        (
            _HOOK + "clear: player draws 1",
            _HOOK + "when clear: player draws 1",
            _HOOK + "after clear: player draws 1\n    player draws 2",
            'rule "r": player draws 1',
        ),
    ),
    Mistake(
        N_("expected the event the hook waits for, such as `clear` or `play`"),
        N_("write `after EVENT:` or `before EVENT:`; the events are listed in docs/language.md"),
        (_HOOK + "after: player draws 1", _HOOK + "before 7: player draws 1"),
    ),
    Mistake(
        N_("expected `of` after `instead`"),
        N_("`instead of EVENT` parses, but a house rule adds to an event: use `before` or `after`"),
        (_HOOK + "instead draw: player draws 2",),
    ),
    Mistake(
        N_("expected `:` after the event"),
        N_("a hook reads `after EVENT: ACTION`, or `after EVENT when CONDITION: ACTION`"),
        (
            _HOOK + "after clear each other player draws 1",
            _HOOK + "after clear player draws 1",
            _HOOK + "after clear\n        player draws 1",
            _HOOK + "after clear if rank is 7: player draws 1",
        ),
    ),
    Mistake(
        N_("expected `:` after the condition"),
        N_("end the condition with a colon, then say what happens: `when cause is ten: ...`"),
        (
            _HOOK + "after clear when cause is ten each other player draws 1",
            _HOOK + "after play when rank is 7 player draws 1",
            _HOOK + "after play when rank is 7\n        player draws 1",
            _HOOK + "after play when rank is ten\n        player draws 1",
            _BODY + "if rank is 7 player draws 1",
            _BODY + "if rank is ten player draws 1",
            _HOOK + "after play when removed > 12>\n        clear the pile",
            _HOOK + "after reveal when legal is true rank is A: player draws 1",
        ),
    ),
    Mistake(
        N_("expected a comparison after the value, such as `is`, `is not`, `<` or `>=`"),
        N_("a condition compares two things: `cause is ten`, `cards of player > 3`"),
        (
            _HOOK + "after clear when cause ten: player draws 1",
            _HOOK + "after clear when cause: player draws 1",
            _HOOK + "after clear when 7: player draws 1",
            _BODY + "if deck: player draws 1",
            _HOOK + "after play when cards of player card 3: clear the pile",
            _HOOK + "after play when hand of player of player > 15: clear the pile",
        ),
    ),
    Mistake(
        N_("expected a value to compare with"),
        N_("compare with a number, a rank, a word such as `ten`, or a field: `rank is 7`"),
        (
            _HOOK + "after clear when cause is: player draws 1",
            _HOOK + "after clear when count >: player draws 1",
            _HOOK + 'after clear when cause is "ten": player draws 1',
            _HOOK + "after clear when count >= >= 8: player draws 1",
            _HOOK + "after clear: each player where hand > gives 1 card to next player",
        ),
    ),
    Mistake(
        N_("expected a condition, such as `cause is ten`"),
        N_("a condition compares two things: `cause is ten`, `cards of player > 3`"),
        (
            _HOOK + "after clear when: player draws 1",
            _HOOK + "after clear when cause is ten or: player draws 1",
            _HOOK + "after clear when cause is ten and: player draws 1",
            _HOOK + "after clear when not: player draws 1",
            _BODY + "if: player draws 1",
            _HOOK + "after clear: if: player draws 1",
            _BODY + "while: player draws 1",
        ),
    ),
    Mistake(
        N_("expected a role after `the`, such as `the next player` or `the dealer`"),
        N_(
            "the roles are: player, next player, previous player, dealer, author, last winner, "
            "the player with the most (or fewest) cards"
        ),
        (
            _HOOK + "after clear: the with the most cards draws 1",
            _HOOK + "after clear: the draws 1",
            _HOOK + "after clear: the next draws 1",
        ),
    ),
    Mistake(
        N_("expected `the most cards` or `the fewest cards` after `the player with`"),
        N_("write `the player with the most cards` or `the player with the fewest cards`"),
        (
            _HOOK + "after clear: the player with the cards draws 1",
            _HOOK + "after clear: the player with most cards draws 1",
            _HOOK + "after clear: the player with the most draws 1",
            _HOOK + "after clear: the player draws 1",
        ),
    ),
    Mistake(
        N_("expected `[` and a list after `in`, such as `rank in [7, 8]`"),
        N_("list the values in square brackets, separated by commas"),
        (_HOOK + "after play when rank in 7, 8: clear the pile",),
    ),
    Mistake(
        N_("expected `,` between the values, or `]` to close the list"),
        N_("write the list as `[7, 8, J]`"),
        (
            _HOOK + "after play when rank in [7 8]: clear the pile",
            _HOOK + "after play when rank in [7: clear the pile",
            _HOOK + "after play when rank in [ten: clear the pile",
        ),
    ),
    Mistake(
        N_("expected `)` to close the parenthesis"),
        N_("every `(` in a condition needs its `)`"),
        (
            _HOOK + "after play when (rank is 7: clear the pile",
            _HOOK + "after play when (rank is ten: clear the pile",
            _HOOK + "after play when (rank is 7 and count is 2: clear the pile",
        ),
    ),
    Mistake(
        N_("expected whose field after `of`, such as `player` or `the next player`"),
        N_("a player field reads `cards of player`, `hand of the dealer`"),
        (_HOOK + "after play when cards of > 3: clear the pile",),
    ),
    Mistake(
        N_("expected `:` after `repeat N times`"),
        N_("write `repeat 2 times: player draws 1`"),
        (_BODY + "repeat 2 times player draws 1", _BODY + "repeat 2 times\n"),
    ),
    Mistake(
        N_("expected `:` after the two players of the roshambo"),
        N_("write `roshambo player vs next player: loser draws 1`"),
        (
            _BODY + "roshambo player vs next player",
            _BODY + "roshambo player vs next player loser draws 1",
        ),
    ),
    Mistake(
        N_("expected the text to announce, in double quotes"),
        N_('write `announce "The ten was taxed."`'),
        (_BODY + "announce hello", _BODY + "announce"),
    ),
    Mistake(
        N_("expected the note's text, in double quotes"),
        N_('write `note "Agreed in round 3."`'),
        (_HOOK + "note hello", _HOOK + "note"),
    ),
    Mistake(
        N_("expected `the removed cards into the deck` after `shuffle`"),
        N_("write `shuffle the removed cards into the deck`"),
        (_BODY + "shuffle the deck", _BODY + "shuffle", _BODY + "shuffle the removed cards"),
    ),
    Mistake(
        N_("expected `the pile` after `clear`"),
        N_("write `clear the pile`"),
        (_BODY + "clear pile", _BODY + "clear", _BODY + "clear the"),
    ),
    Mistake(
        N_("expected `rule` to start a new rule: hooks belong indented under their rule"),
        N_('indent the hook under its `rule "Title":` line, or start a new rule'),
        ('rule "r":\n    after clear: player draws 1\nafter play: player draws 1',),
    ),
    Mistake(
        N_("expected an action: who does what, such as `player draws 1` or `clear the pile`"),
        N_(
            "the actions are: draws, picks up the pile, gives, discards, takes, reveals, shuffle "
            "the removed cards into the deck, clear the pile, announce, repeat, if, roshambo"
        ),
        (
            _HOOK + "after clear: 2 cards",
            _BODY + '"hello"',
            _HOOK + "after clear:\n        :",
            _HOOK + "after clear: :",
            _BODY + "shuffle the removed cards into go deck",
            _BODY + "shuffle the removed cards into the",
            _BODY + "shuffle the removed",
            _HOOK + "after clear when count >= 8: :",
        ),
    ),
    Mistake(
        N_("expected what the player does, such as `draws 1` or `picks up the pile`"),
        N_("after who comes the verb: draws, picks up the pile, gives, discards, takes, reveals"),
        (
            _HOOK + "after clear: player draw 1",
            _HOOK + "after clear: next player 1",
            _HOOK + "after clear: give 1 card to next player",
            _HOOK + "after clear: each other player draw 1",
            _HOOK + "after clear: player 2 lowest cards",
            _HOOK + "after clear: next player lowest card",
            _HOOK + "after clear: the dealer 1",
            _HOOK + "after clear: each other player 1 card",
            _HOOK + "after clear: the player with the most cards 1",
            _HOOK + "after clear: their next player 1",
            _HOOK + "after clear: the youngest player 1",
            _HOOK + "after clear: player",
            _HOOK + "after clear: reason is forced",
            _HOOK + "after clear: each player when hand > 6 gives 1 card",
            _HOOK + "after clear: each player where hand > 6 1 card",
        ),
    ),
    Mistake(
        N_("expected how many cards, as a number"),
        N_("write the number in digits: `draws 2`, `gives 1 card to next player`"),
        (
            _HOOK + "after clear: player draws a card",
            _HOOK + "after clear: player draws two",
            _HOOK + "after clear: player draws",
            _HOOK + "after clear: player gives card to next player",
            _HOOK + "after clear: player discards a card",
            _HOOK + "after clear: player takes one from the removed cards",
        ),
    ),
    Mistake(
        N_("expected `to` and who receives the cards"),
        N_("a gift names its receiver: `player gives 1 card to next player`"),
        (
            _HOOK + "after clear: player gives 1 card next player",
            _HOOK + "after clear: player gives 1 next player",
            _HOOK + "after clear: player gives 1 card",
        ),
    ),
    Mistake(
        N_("expected who receives the cards after `to`"),
        N_("name a role: `to next player`, `to the dealer`, `to the player with the fewest cards`"),
        (_HOOK + "after clear: player gives 1 card to",),
    ),
    Mistake(
        N_("expected `the pile` after `picks up`"),
        N_("write it in full: `player picks up the pile`"),
        (
            _HOOK + "after clear: player picks up pile",
            _HOOK + "after clear: player picks the pile",
            _HOOK + "after clear: player picks up thepile",
        ),
    ),
    Mistake(
        N_("expected `their hand` or `their face down cards` after `reveals`"),
        N_("write `player reveals their hand`"),
        (
            _HOOK + "after clear: player reveals hand",
            _HOOK + "after clear: player reveals their cards",
        ),
    ),
    Mistake(
        N_("expected `from the removed cards` after the number of cards"),
        N_("write `player takes 1 card from the removed cards`"),
        (
            _HOOK + "after clear: player takes 1 card",
            _HOOK + "after clear: player takes 1 from deck",
            _HOOK + "after clear: player takes 1 card from the removed",
            _HOOK + "after clear: player takes 1 card from removed cards",
            _HOOK + "after clear: player takes 1 card from the cards",
        ),
    ),
    Mistake(
        N_("expected `times` after the number: `repeat 3 times:`"),
        N_("write `repeat 2 times:` and the actions to repeat"),
        (_BODY + "repeat 3: player draws 1", _BODY + "repeat 3 time: player draws 1"),
    ),
    Mistake(
        N_("expected `vs` between the two players of a roshambo"),
        N_("write `roshambo player vs next player:`"),
        (_BODY + "roshambo player next player:", _BODY + "roshambo player against next player:"),
    ),
    # Before the `else` row: after `draws 1` both fail in the same state with the same
    # acceptable tokens; a stray word (`draws 1 foo`) falls back to the first row whose example
    # token is a word, while a stray `else` matches its own row exactly.
    Mistake(
        N_("expected the end of the line"),
        N_("one action per line; put each further action on its own line in the block"),
        (
            _HOOK + "after clear: player draws 1 next player draws 1",
            _HOOK + "after clear: player draws 1 card card",
            _HOOK + "after clear: clear the pile now",
            _HOOK + "after clear: player draws 1 card to next player",
            _HOOK + "after clear: player draws 1 foo",
            _HOOK + "after clear: player draws 1 2",
            _BODY + "if deck > 1: player draws 1 foo",
        ),
    ),
    Mistake(
        N_("`else` must follow an `if` that begins its line"),
        N_("put the `if` on its own line, with the `else:` under it at the same indentation"),
        (
            _HOOK + "after clear: if rank is 7: player draws 1\n    else: player draws 2",
            _BODY + "player draws 1\n        else: player draws 2",
            _BODY + "if rank is 7: if count is 2: player draws 1 else: player draws 2",
        ),
    ),
    Mistake(
        N_("expected `player` after `each` or `every`"),
        N_("write `each player`, `each other player` or `every player`"),
        (_HOOK + "after clear: each draws 1", _HOOK + "after clear: every other player draws 1"),
    ),
)
