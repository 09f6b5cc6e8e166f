# ruff: noqa: E501
"""The sentences `lopti explain` says a rule in: one template per construct of the rule
language, declared once here, each a gettext message (English as the message id) translated in
the catalogues (`lopti_rules/i18n/locale/<lang>/LC_MESSAGES/lopti.po`) like every other text.

Takes nothing; gives `TEMPLATES`, the key `lopti_rules.i18n.explain` asks for (`draw`,
`role.next player.with`, ...) -> the message. `NP_(context, message)` and
`NNP_(context, singular, plural)` mark them for `pybabel extract` (`-k NP_:1c,2 -k
NNP_:1c,2,3`, docs/translating.md) and translate nothing themselves. The context says the
role of the words, so the same English in two roles is two messages: an event after "After"
(`explain: event, after`) or "Before" (`explain: event, before`), a comparison with a number
(`explain: condition on a number`, Polish "wynosi 1"), and a target in each grammatical slot
— the one who acts (`explain: target`), the one who receives (`explain: target receiving`,
German dative), whose (`explain: target, whose`) and after "with" (`explain: target after
with`: German dative, Polish instrumental), and a condition inside "it is not so that"
(`... inside a negation`: the Italian and Portuguese subjunctive, "non è vero che il valore
sia 7"). A count is a plural message (`NNP_`), its forms
chosen by the catalogue's `Plural-Forms`. Guarantees: a test checks every message here is in
the catalogue template and translated in every language with the same placeholders.
"""

from __future__ import annotations

from lopti_rules.i18n import NNP_, NP_, Template
from lopti_rules.language.constructs import ACTIONS

TEMPLATES: dict[str, Template] = {
    # a rule and its items
    "note": NP_("explain: note", "Note: {text}"),
    # table events (calls, races, conduct) and their reports
    "after.missed": NP_(
        "explain: event, after", "the table catches a player who did not make the call “{call}”"
    ),
    "before.missed": NP_(
        "explain: event, before", "the table catches a player who did not make the call “{call}”"
    ),
    "after.lost": NP_(
        "explain: event, after", "the table names the last player in the race “{call}”"
    ),
    "before.lost": NP_(
        "explain: event, before", "the table names the last player in the race “{call}”"
    ),
    "after.won": NP_(
        "explain: event, after", "the table names the first player in the race “{call}”"
    ),
    "before.won": NP_(
        "explain: event, before", "the table names the first player in the race “{call}”"
    ),
    "after.caught": NP_("explain: event, after", "the table names a player for “{call}”"),
    "before.caught": NP_("explain: event, before", "the table names a player for “{call}”"),
    "table.call": NP_(
        "explain: table event",
        "The call “{what}” ({name}) is due from the player after {event}; the table can catch it missed until the next play.",
    ),
    "table.call.if": NP_(
        "explain: table event",
        "The call “{what}” ({name}) is due from the player after {event}, if {cond}; the table can catch it missed until the next play.",
    ),
    "table.race": NP_(
        "explain: table event",
        "After {event}, everyone must “{what}” ({name}); the table names the last one, until the next play.",
    ),
    "table.race.if": NP_(
        "explain: table event",
        "After {event}, if {cond}, everyone must “{what}” ({name}); the table names the last one, until the next play.",
    ),
    "table.conduct": NP_(
        "explain: table event",
        "Conduct ({name}): “{what}”; the table names whoever does it, at any time.",
    ),
    "hook.after": NP_("explain: hook", "After {event}, {actions}."),
    "hook.before": NP_("explain: hook", "Before {event}, {actions}."),
    "hook.instead": NP_(
        "explain: hook",
        "Instead of {event}, {actions} (no rule may replace the game's own events, R2).",
    ),
    "hook.after.if": NP_("explain: hook", "After {event}, if {cond}, {actions}."),
    "hook.before.if": NP_("explain: hook", "Before {event}, if {cond}, {actions}."),
    "hook.instead.if": NP_(
        "explain: hook",
        "Instead of {event}, if {cond}, {actions} (no rule may replace the game's own events, R2).",
    ),
    # events, as said after "After"/"Before" ("instead of" takes the before form)
    "before.round": NP_("explain: event, before", "a round begins"),
    "after.round": NP_("explain: event, after", "a round ends"),
    "before.deal": NP_("explain: event, before", "the cards are dealt"),
    "after.deal": NP_("explain: event, after", "the cards are dealt"),
    "before.swap": NP_("explain: event, before", "a player swaps a card"),
    "after.swap": NP_("explain: event, after", "a player swaps a card"),
    "before.turn": NP_("explain: event, before", "a turn begins"),
    "after.turn": NP_("explain: event, after", "a turn ends"),
    "before.play": NP_("explain: event, before", "a player plays"),
    "after.play": NP_("explain: event, after", "a player plays"),
    "before.draw": NP_("explain: event, before", "a player draws a card"),
    "after.draw": NP_("explain: event, after", "a player draws a card"),
    "before.pickup": NP_("explain: event, before", "a player picks up the pile"),
    "after.pickup": NP_("explain: event, after", "a player picks up the pile"),
    "before.clear": NP_("explain: event, before", "the pile clears"),
    "after.clear": NP_("explain: event, after", "the pile clears"),
    "before.bonus": NP_("explain: event, before", "a player gets a bonus play"),
    "after.bonus": NP_("explain: event, after", "a player gets a bonus play"),
    "before.take_up": NP_("explain: event, before", "a player takes up their face-up cards"),
    "after.take_up": NP_("explain: event, after", "a player takes up their face-up cards"),
    "before.reveal": NP_("explain: event, before", "a player turns over a face-down card"),
    "after.reveal": NP_("explain: event, after", "a player turns over a face-down card"),
    "before.finish": NP_("explain: event, before", "a player goes out"),
    "after.finish": NP_("explain: event, after", "a player goes out"),
    "before.win": NP_("explain: event, before", "a player wins the round"),
    "after.win": NP_("explain: event, after", "a player wins the round"),
    "before.skip": NP_("explain: event, before", "a player is skipped"),
    "after.skip": NP_("explain: event, after", "a player is skipped"),
    "before.reverse": NP_("explain: event, before", "the direction of play turns"),
    "after.reverse": NP_("explain: event, after", "the direction of play turns"),
    "before.vote": NP_("explain: event, before", "a Rule Vote"),
    "after.vote": NP_("explain: event, after", "a Rule Vote"),
    "before.roshambo": NP_("explain: event, before", "a roshambo"),
    "after.roshambo": NP_("explain: event, after", "a roshambo"),
    # an event the language does not know (`after clearr`), after "After" and after "Before"
    "event.unknown.after": NP_("explain: event, after", "`{word}`"),
    "event.unknown.before": NP_("explain: event, before", "`{word}`"),
    # "after clear when cause is X" said in one clause
    "before.clear.ten": NP_("explain: event, before", "a ten clears the pile"),
    "after.clear.ten": NP_("explain: event, after", "a ten clears the pile"),
    "before.clear.four_of_a_kind": NP_("explain: event, before", "four of a kind clear the pile"),
    "after.clear.four_of_a_kind": NP_("explain: event, after", "four of a kind clear the pile"),
    "before.clear.threes": NP_("explain: event, before", "four 3s in the chain clear the pile"),
    "after.clear.threes": NP_("explain: event, after", "four 3s in the chain clear the pile"),
    "before.clear.sevens": NP_("explain: event, before", "four 7s clear the pile"),
    "after.clear.sevens": NP_("explain: event, after", "four 7s clear the pile"),
    "before.clear.ten.rank": NP_("explain: event, before", "a card of rank {rank} clears the pile"),
    "after.clear.ten.rank": NP_("explain: event, after", "a card of rank {rank} clears the pile"),
    "before.clear.threes.rank": NP_(
        "explain: event, before", "four {rank}s in the chain clear the pile"
    ),
    "after.clear.threes.rank": NP_(
        "explain: event, after", "four {rank}s in the chain clear the pile"
    ),
    "before.clear.sevens.rank": NP_("explain: event, before", "four {rank}s clear the pile"),
    "after.clear.sevens.rank": NP_("explain: event, after", "four {rank}s clear the pile"),
    "before.clear.custom": NP_("explain: event, before", "a house rule clears the pile"),
    "after.clear.custom": NP_("explain: event, after", "a house rule clears the pile"),
    # conditions
    "cmp.is": NP_("explain: condition", "{left} is {right}"),
    "cmp.is not": NP_("explain: condition", "{left} is not {right}"),
    "cmp.==": NP_("explain: condition", "{left} is {right}"),
    "cmp.!=": NP_("explain: condition", "{left} is not {right}"),
    "cmp.is.number": NP_("explain: condition on a number", "{left} is {right}"),
    "cmp.is not.number": NP_("explain: condition on a number", "{left} is not {right}"),
    "cmp.==.number": NP_("explain: condition on a number", "{left} is {right}"),
    "cmp.!=.number": NP_("explain: condition on a number", "{left} is not {right}"),
    "cmp.<": NP_("explain: condition", "{left} is less than {right}"),
    "cmp.<=": NP_("explain: condition", "{left} is at most {right}"),
    "cmp.>": NP_("explain: condition", "{left} is more than {right}"),
    "cmp.>=": NP_("explain: condition", "{left} is at least {right}"),
    "in": NP_("explain: condition", "{left} is {options}"),
    "and": NP_("explain: condition", "{left} and {right}"),
    "or": NP_("explain: condition", "{left} or {right}"),
    "not": NP_("explain: condition", "it is not so that {cond}"),
    "true.low": NP_("explain: condition", "the low rule is pending"),
    "false.low": NP_("explain: condition", "the low rule is not pending"),
    "true.obligation": NP_("explain: condition", "a 3-obligation is on"),
    "false.obligation": NP_("explain: condition", "no 3-obligation is on"),
    "true.legal": NP_("explain: condition", "the card can be played"),
    "false.legal": NP_("explain: condition", "the card cannot be played"),
    # `ROLE is the "TITLE"`: whether the role's player holds the titled role
    "titled": NP_("explain: condition", "{who} is the “{title}”"),
    "titled.not": NP_("explain: condition", "{who} is not the “{title}”"),
    # the same conditions inside "it is not so that": a language whose negation takes another
    # mood (Italian and Portuguese: the subjunctive) says them in that mood
    "titled.negated": NP_("explain: condition inside a negation", "{who} is the “{title}”"),
    "titled.not.negated": NP_("explain: condition inside a negation", "{who} is not the “{title}”"),
    "cmp.is.negated": NP_("explain: condition inside a negation", "{left} is {right}"),
    "cmp.is not.negated": NP_("explain: condition inside a negation", "{left} is not {right}"),
    "cmp.==.negated": NP_("explain: condition inside a negation", "{left} is {right}"),
    "cmp.!=.negated": NP_("explain: condition inside a negation", "{left} is not {right}"),
    "cmp.is.number.negated": NP_(
        "explain: condition on a number inside a negation", "{left} is {right}"
    ),
    "cmp.is not.number.negated": NP_(
        "explain: condition on a number inside a negation", "{left} is not {right}"
    ),
    "cmp.==.number.negated": NP_(
        "explain: condition on a number inside a negation", "{left} is {right}"
    ),
    "cmp.!=.number.negated": NP_(
        "explain: condition on a number inside a negation", "{left} is not {right}"
    ),
    "cmp.<.negated": NP_("explain: condition inside a negation", "{left} is less than {right}"),
    "cmp.<=.negated": NP_("explain: condition inside a negation", "{left} is at most {right}"),
    "cmp.>.negated": NP_("explain: condition inside a negation", "{left} is more than {right}"),
    "cmp.>=.negated": NP_("explain: condition inside a negation", "{left} is at least {right}"),
    "in.negated": NP_("explain: condition inside a negation", "{left} is {options}"),
    "not.negated": NP_("explain: condition inside a negation", "it is not so that {cond}"),
    "true.low.negated": NP_("explain: condition inside a negation", "the low rule is pending"),
    "false.low.negated": NP_("explain: condition inside a negation", "the low rule is not pending"),
    "true.obligation.negated": NP_("explain: condition inside a negation", "a 3-obligation is on"),
    "false.obligation.negated": NP_(
        "explain: condition inside a negation", "no 3-obligation is on"
    ),
    "true.legal.negated": NP_("explain: condition inside a negation", "the card can be played"),
    "false.legal.negated": NP_("explain: condition inside a negation", "the card cannot be played"),
    "bool.true": NP_("explain: value", "true"),
    "bool.false": NP_("explain: value", "false"),
    # operands: fields of the table and of the event
    "field.pile": NP_("explain: field", "the number of cards in the pile"),
    "field.top": NP_("explain: field", "the top rank"),
    "field.deck": NP_("explain: field", "the number of cards in the draw deck"),
    "field.removed": NP_("explain: field", "the number of removed cards"),
    "field.round": NP_("explain: field", "the round number"),
    "field.players": NP_("explain: field", "the number of players still in the round"),
    "field.chain": NP_("explain: field", "the number of 3s in the chain"),
    "field.low": NP_("explain: field", "the low rule"),
    "field.obligation": NP_("explain: field", "the 3-obligation"),
    "field.rank": NP_("explain: field", "the rank"),
    "field.count": NP_("explain: field", "the number of cards"),
    "field.source": NP_("explain: field", "where the card comes from"),
    "field.reason": NP_("explain: field", "the reason"),
    "field.cause": NP_("explain: field", "the cause"),
    "field.legal": NP_("explain: field", "whether the card can be played"),
    "field.place": NP_("explain: field", "the place"),
    "field.hand": NP_("explain: field", "the number of cards in their hand"),
    "field.face_up": NP_("explain: field", "the number of their face-up cards"),
    "field.face_down": NP_("explain: field", "the number of their face-down cards"),
    "field.cards": NP_("explain: field", "the number of cards they hold"),
    "field.direction": NP_("explain: field", "the direction of play"),
    "word": NP_("explain: word", "`{word}`"),
    "symbol.ten": NP_("explain: symbol", "a ten"),
    "symbol.four_of_a_kind": NP_("explain: symbol", "four of a kind"),
    "symbol.threes": NP_("explain: symbol", "four 3s in the chain"),
    "symbol.sevens": NP_("explain: symbol", "four 7s"),
    "symbol.ten.rank": NP_("explain: symbol", "a card of rank {rank}"),
    "symbol.threes.rank": NP_("explain: symbol", "four {rank}s in the chain"),
    "symbol.sevens.rank": NP_("explain: symbol", "four {rank}s"),
    "symbol.custom": NP_("explain: symbol", "a house rule"),
    "symbol.clockwise": NP_("explain: symbol", "clockwise"),
    "symbol.counterclockwise": NP_("explain: symbol", "counterclockwise"),
    "symbol.hand": NP_("explain: symbol", "the hand"),
    "symbol.face_down": NP_("explain: symbol", "the face-down cards"),
    "symbol.voluntary": NP_("explain: symbol", "the player's own choice"),
    "symbol.forced": NP_("explain: symbol", "having no legal play"),
    "symbol.failed_reveal": NP_("explain: symbol", "a face-down card that could not be played"),
    "symbol.none": NP_("explain: symbol", "none (the table is empty)"),
    "rank.J": NP_("explain: rank", "a jack"),
    "rank.Q": NP_("explain: rank", "a queen"),
    "rank.K": NP_("explain: rank", "a king"),
    "rank.A": NP_("explain: rank", "an ace"),
    "pfield.hand": NP_("explain: player field", "the number of cards in the hand of {whose}"),
    "pfield.face_up": NP_("explain: player field", "the number of face-up cards of {whose}"),
    "pfield.face_down": NP_("explain: player field", "the number of face-down cards of {whose}"),
    "pfield.cards": NP_("explain: player field", "the number of cards {whose} holds"),
    "field.run": NP_("explain: field", "the length of the top run"),
    "field.under": NP_("explain: field", "the rank under the top play"),
    "field.third": NP_("explain: field", "the rank of the third play from the top"),
    "field.round_rank": NP_("explain: field", "the number of {rank}s played this round"),
    "pfield.rank_count": NP_(
        "explain: player field", "the number of {rank}s in the hand of {whose}"
    ),
    "random": NNP_("explain: count", "a random card", "{n} random cards"),
    "role.chosen player.nom": NP_("explain: target", "the chosen player"),
    "role.chosen player.dat": NP_("explain: target receiving", "the chosen player"),
    "role.chosen player.gen": NP_("explain: target, whose", "the chosen player"),
    "role.chosen player.with": NP_("explain: target after with", "the chosen player"),
    "role.their choice.nom": NP_("explain: target", "a player of their choice"),
    "role.their choice.dat": NP_("explain: target receiving", "a player of their choice"),
    "role.their choice.gen": NP_("explain: target, whose", "a player of their choice"),
    "role.their choice.with": NP_("explain: target after with", "a player of their choice"),
    "pfield.unknown": NP_("explain: player field", "`{field}` of {whose}"),
    # targets: the one who acts, the one who receives (`give`), whose (a field), and after
    # "with" (`swap_hands`): each language gives the form its grammar needs there
    "role.player.nom": NP_("explain: target", "the player"),
    "role.player.dat": NP_("explain: target receiving", "the player"),
    "role.player.gen": NP_("explain: target, whose", "the player"),
    "role.player.with": NP_("explain: target after with", "the player"),
    "role.next player.nom": NP_("explain: target", "the next player"),
    "role.next player.dat": NP_("explain: target receiving", "the next player"),
    "role.next player.gen": NP_("explain: target, whose", "the next player"),
    "role.next player.with": NP_("explain: target after with", "the next player"),
    "role.previous player.nom": NP_("explain: target", "the previous player"),
    "role.previous player.dat": NP_("explain: target receiving", "the previous player"),
    "role.previous player.gen": NP_("explain: target, whose", "the previous player"),
    "role.previous player.with": NP_("explain: target after with", "the previous player"),
    "role.dealer.nom": NP_("explain: target", "the dealer"),
    "role.dealer.dat": NP_("explain: target receiving", "the dealer"),
    "role.dealer.gen": NP_("explain: target, whose", "the dealer"),
    "role.dealer.with": NP_("explain: target after with", "the dealer"),
    "role.author.nom": NP_("explain: target", "the rule's author"),
    "role.author.dat": NP_("explain: target receiving", "the rule's author"),
    "role.author.gen": NP_("explain: target, whose", "the rule's author"),
    "role.author.with": NP_("explain: target after with", "the rule's author"),
    "role.last winner.nom": NP_("explain: target", "the last round's winner"),
    "role.last winner.dat": NP_("explain: target receiving", "the last round's winner"),
    "role.last winner.gen": NP_("explain: target, whose", "the last round's winner"),
    "role.last winner.with": NP_("explain: target after with", "the last round's winner"),
    "role.last loser.nom": NP_("explain: target", "the player who came last in the previous round"),
    "role.last loser.dat": NP_(
        "explain: target receiving", "the player who came last in the previous round"
    ),
    "role.last loser.gen": NP_(
        "explain: target, whose", "the player who came last in the previous round"
    ),
    "role.last loser.with": NP_(
        "explain: target after with", "the player who came last in the previous round"
    ),
    "role.most cards.nom": NP_("explain: target", "the player with the most cards"),
    "role.most cards.dat": NP_("explain: target receiving", "the player with the most cards"),
    "role.most cards.gen": NP_("explain: target, whose", "the player with the most cards"),
    "role.most cards.with": NP_("explain: target after with", "the player with the most cards"),
    "role.fewest cards.nom": NP_("explain: target", "the player with the fewest cards"),
    "role.fewest cards.dat": NP_("explain: target receiving", "the player with the fewest cards"),
    "role.fewest cards.gen": NP_("explain: target, whose", "the player with the fewest cards"),
    "role.fewest cards.with": NP_("explain: target after with", "the player with the fewest cards"),
    "role.winner.nom": NP_("explain: target", "the winner of the roshambo"),
    "role.winner.dat": NP_("explain: target receiving", "the winner of the roshambo"),
    "role.winner.gen": NP_("explain: target, whose", "the winner of the roshambo"),
    "role.winner.with": NP_("explain: target after with", "the winner of the roshambo"),
    "role.loser.nom": NP_("explain: target", "the loser of the roshambo"),
    "role.loser.dat": NP_("explain: target receiving", "the loser of the roshambo"),
    "role.loser.gen": NP_("explain: target, whose", "the loser of the roshambo"),
    "role.loser.with": NP_("explain: target after with", "the loser of the roshambo"),
    "each.each other.nom": NP_("explain: target", "each other player"),
    "each.each other.dat": NP_("explain: target receiving", "each other player"),
    "each.each other.gen": NP_("explain: target, whose", "each other player"),
    "each.each other.with": NP_("explain: target after with", "each other player"),
    "each.every.nom": NP_("explain: target", "every player"),
    "each.every.dat": NP_("explain: target receiving", "every player"),
    "each.every.gen": NP_("explain: target, whose", "every player"),
    "each.every.with": NP_("explain: target after with", "every player"),
    "each.each.nom": NP_("explain: target", "each player"),
    "each.each.dat": NP_("explain: target receiving", "each player"),
    "each.each.gen": NP_("explain: target, whose", "each player"),
    "each.each.with": NP_("explain: target after with", "each player"),
    "where": NP_("explain: target with a condition", "{target} for whom {cond}"),
    "their.next.nom": NP_("explain: target", "the player after them"),
    "their.next.dat": NP_("explain: target receiving", "the player after them"),
    "their.next.gen": NP_("explain: target, whose", "the player after them"),
    "their.next.with": NP_("explain: target after with", "the player after them"),
    "their.previous.nom": NP_("explain: target", "the player before them"),
    "their.previous.dat": NP_("explain: target receiving", "the player before them"),
    "their.previous.gen": NP_("explain: target, whose", "the player before them"),
    "their.previous.with": NP_("explain: target after with", "the player before them"),
    "target.name": NP_(
        "explain: target", "`{name}` (a person: rules name roles, never people, R4)"
    ),
    "target.seat": NP_(
        "explain: target", "`{word} {number}` (a fixed seat: rules name roles, never seats, R4)"
    ),
    "target.trait": NP_("explain: target", "`{trait} player` (a personal trait: not allowed, R4)"),
    # actions
    "cards": NNP_("explain: count", "a card", "{n} cards"),
    "lowest": NNP_("explain: count", "their lowest card", "their {n} lowest cards"),
    "highest": NNP_("explain: count", "their highest card", "their {n} highest cards"),
    "times": NNP_("explain: count", "once", "{n} times"),
    "title.nom": NP_("explain: target", "the “{title}”"),
    "title.dat": NP_("explain: target receiving", "the “{title}”"),
    "title.gen": NP_("explain: target, whose", "the “{title}”"),
    "title.with": NP_("explain: target after with", "the “{title}”"),
    "verb.skip": NP_("explain: verb", "skip"),
    "verb.cancel": NP_("explain: verb", "cancel"),
    "verb.prevent": NP_("explain: verb", "prevent"),
    "verb.undo": NP_("explain: verb", "undo"),
    "retro": NP_("explain: retro", "{what} `{retro}` (no rule may act on the past, R3)"),
    # lists
    "list.comma": NP_("explain: list", ", "),
    "list.and": NP_("explain: list", " and "),
    "list.or": NP_("explain: list", " or "),
}

# the actions' sentences are declared with the actions (`language/constructs.py`, `said`)
for _construct in ACTIONS:
    TEMPLATES.update(_construct.said[1])
