"""Pass 2: add, don't replace (R2, C5): LR101, LR102, LR103, and the forbidden forms that
name the win or the vote (LR201, LR202).

Takes one hook; reports into its `Source`.

- LR101: `instead of EVENT` replaces a base event.
- LR102: `skip/cancel/prevent/undo WORDS` and `TARGET cannot/may not/must not WORDS`
  (`skip the next turn`, `cancel the draw`, `player cannot play`, whichever event is hooked).
  The most specific code wins when the words name something the rulebook protects on its
  own: the win (LR201, R3), the vote or roshambo (LR202, V10), and, LR103 over LR102, a
  clear or a bonus play (C5): the form takes away a clear or a bonus play (the first event
  its words name, phrases first: `skip the bonus play` is a bonus), or stops the actor of a
  `clear`/`bonus` hook, the clearer, from playing (`after clear: player cannot play`).
- LR103, the semantic case, read off each action's facets (`facets.py`), for every target
  that can be the event's actor: an action that takes away what its own event needs, so the
  event could not happen: the pile picked up or cleared in `before clear` or
  `before pickup`; in `before play`, the played cards moved out of the hand (given,
  discarded, put under the pile, swapped or passed away, by the player or by anyone who can
  be them: the dealer, the author, the player with the most cards, a title's holder, a
  roshambo side, ...) and any change to the pile the cards land on (the clear they could
  complete), in `before play` and around a `reveal` (its card is played next); likewise the
  hand or face-up card of a setup swap in `before swap` and the face-down card in
  `before reveal`. Cards put under the empty table of a clear's bonus play take nothing
  away: they form the pile the bonus play is made on (LANGUAGE.md §4).
  Conditions are treated as possibly true, and nested blocks count.
"""

from __future__ import annotations

from lopti_rules.check import facets
from lopti_rules.check.names import event_of
from lopti_rules.check.sites import ActionSite, Scope, hook_sites
from lopti_rules.diagnostics.source import Source
from lopti_rules.i18n import N_, _
from lopti_rules.language import ast, catalog, constructs


def check_hook(source: Source, hook: ast.Hook) -> None:
    event = hook.event.name
    if hook.timing == "instead of":
        source.report(
            "LR101",
            hook.timing_span,
            _("`instead of {event}` replaces a base event; a rule may only add to it").format(
                event=event
            ),
            _(
                "write `before {event}:` or `after {event}:` and say what happens in addition"
            ).format(event=event),
        )
    for site in hook_sites(hook):
        if not isinstance(site, ActionSite) or facets.of(site.action).visit == "block":
            continue
        action = site.action
        if isinstance(action, ast.Prevent | ast.Forbid):
            _forbidden_form(source, hook, action)
        else:
            taken = hook.timing == "before" and event_of(hook) is not None
            if not (taken and _takes_away(source, event, action, site.scope)):
                _moves_landing_pile(source, hook, action)


def _forbidden_form(source: Source, hook: ast.Hook, action: ast.Prevent | ast.Forbid) -> None:
    said = " ".join(w.name for w in action.words)
    form = f"`{action.verb if isinstance(action, ast.Prevent) else action.modal} {said}`"
    named = catalog.events_named([w.name for w in action.words])
    # what the form takes away: the first event its words name (`skip the next turn`: a turn)
    taken = named[0] if named else None
    if any(e in catalog.PROCEDURES for e in named):
        source.report(
            "LR202",
            action.span,
            _("{form} changes the vote or roshambo procedure, which no rule may change").format(
                form=form
            ),
            _("the Rule Vote and Roshambo are fixed (V10); change rules through a vote"),
        )
    elif any(e in ("win", "finish") for e in named):
        source.report(
            "LR201",
            action.span,
            _("{form} prevents winning").format(form=form),
            _("no rule may stop a player going out or winning (R3)"),
        )
    elif taken in ("clear", "bonus") or _stops_the_clearer(hook, action, taken):
        message = (
            _("{form} takes away a clear, which no rule may prevent (C5)")
            if taken == "clear"
            else _("{form} takes away the clearer's bonus play, which no rule may prevent (C5)")
        )
        source.report(
            "LR103",
            action.span,
            message.format(form=form),
            _(
                "a clear and the clearer's bonus play are protected (C5); add an action "
                "instead, such as `player draws 1`"
            ),
        )
    else:
        message = (
            _("{form} takes away a `{event}`, a base event; a rule may only add to the base game")
            if taken
            else _("{form} takes away part of the base game; a rule may only add to it")
        )
        source.report(
            "LR102",
            action.span,
            message.format(form=form, event=taken),
            _(
                "rules add before or after an event (R2); make the rule add something instead, "
                "such as `next player draws 1`"
            ),
        )


def _stops_the_clearer(hook: ast.Hook, action: ast.Prevent | ast.Forbid, taken: str | None) -> bool:
    """Whether the form stops the actor of a clear or bonus hook (the clearer, whose bonus
    play comes next) from playing: `after clear: player cannot play`, `skip the player`."""
    if hook.event.name not in ("clear", "bonus") or taken not in (None, "play", "turn"):
        return False
    if isinstance(action, ast.Forbid):
        return _is_player(action.target)
    words = [w.name.casefold() for w in action.words]
    words = [w for w in words if w not in catalog.FILLER_WORDS]
    return bool(words) and words[0] == "player"


def _is_player(target: ast.Target) -> bool:
    return isinstance(target, ast.Role) and target.name == "player"


def _takes_away(source: Source, event: str, action: ast.Action, scope: Scope) -> bool:
    """LR103 for an action of `before EVENT` that moves away what the event needs (R2);
    whether it reported."""
    taken = facets.taken_from(action)
    for whose, zone in taken:
        if whose is None or zone not in facets.CONSUMES.get(event, ()):
            continue
        if facets.may_be_actor(whose, constructs.chooser(action, whose, scope.chooser)):
            if zone == "hand":
                message = _MOVES_HAND_CARDS[event]
                hint = _("use `after {event}:` to move cards once the `{event}` has happened")
            else:
                message = _SWAPS_FACE[event]
                hint = _("use `after {event}:` to swap cards once the `{event}` has happened")
            source.report(
                "LR103", action.span, _(message).format(event=event), hint.format(event=event)
            )
            return True
    if "pile" in facets.CONSUMES.get(event, ()) and any(
        whose is None and zone == "pile" for whose, zone in taken
    ):
        message = (
            _("`before {event}` picks up the pile, so the `{event}` would have no pile left")
            if isinstance(action, ast.PickUp)
            else _("`before {event}` clears the pile, so the `{event}` would have no pile left")
        )
        source.report(
            "LR103",
            action.span,
            message.format(event=event),
            _(
                "use `after {event}:` to act once it has happened (C5: a clear cannot be prevented)"
            ).format(event=event),
        )
        return True
    return False


def _moves_landing_pile(source: Source, hook: ast.Hook, action: ast.Action) -> None:
    """LR103 for a change to the pile a play is about to land on: in `before play`, and in
    `before`/`after reveal` (the turned card is played next, F5, F6)."""
    moment = (hook.event.name, hook.timing)
    if moment not in facets.PILE_FIXED or not facets.moves_pile(action):
        return
    if moment != ("swap", "before"):
        source.report(
            "LR103",
            action.span,
            _(
                "`{timing} {event}` changes the pile the cards are about to land on, so the "
                "play, and the clear it could complete, could not happen as it was made"
            ).format(timing=hook.timing, event=hook.event.name),
            _("use `after play:` to change the pile once the cards have landed (R2, C5)"),
        )
    else:
        source.report(
            "LR103",
            action.span,
            _(
                "`before swap` changes the pile during the setup swaps: a clear there owes a "
                "bonus play before the first play, and the swap could not happen as it was made"
            ),
            _("use `after swap:` to act once the swap has happened (S4, R2)"),
        )


# `before swap`/`before reveal` swapping the card the event is about to use
_SWAPS_FACE = {
    "swap": N_(
        "`before {event}` swaps the face-up card the player is about to swap with another, so "
        "the `{event}` could not happen as it was made"
    ),
    "reveal": N_(
        "`before {event}` swaps the face-down card the player is about to reveal with another, "
        "so the `{event}` could not happen as it was made"
    ),
}

# events whose effect moves the actor's hand cards, so `before` may not take them away
_MOVES_HAND_CARDS = {
    "play": N_(
        "`before {event}` moves away cards the player is about to play, so the `{event}` "
        "could not happen"
    ),
    "swap": N_(
        "`before {event}` moves away cards the player is about to swap for a face-up card, "
        "so the `{event}` could not happen"
    ),
}
