"""Pass 2: add, don't replace (R2, C5): LR101, LR102, LR103, and the forbidden forms that
name the win or the vote (LR201, LR202).

Takes one hook; reports into its `Source`.

- LR101: `instead of EVENT` replaces a base event.
- LR102: `skip/cancel/prevent/undo WORDS` and `TARGET cannot/may not/must not WORDS`.
  The most specific code wins when the words name something the rulebook protects on its
  own: the win (LR201, R3), the vote or roshambo (LR202, V10), the hooked event itself or
  a clear or bonus play (LR103, C5).
- LR103, the semantic case: an action that takes away what its own event needs, so the
  event could not happen: the pile picked up or cleared in `before clear` or
  `before pickup`, the played cards given or discarded by the player in `before play`.
  Conditions are treated as possibly true, and nested blocks count.
"""

from __future__ import annotations

from lopti_rules import ast, catalog
from lopti_rules.check.names import event_of
from lopti_rules.check.sites import leaf_actions
from lopti_rules.source import Source


def check_hook(source: Source, hook: ast.Hook) -> None:
    event = hook.event.name
    if hook.timing == "instead of":
        source.report(
            "LR101",
            hook.timing_span,
            f"`instead of {event}` replaces a base event; a rule may only add to it",
            f"write `before {event}:` or `after {event}:` and say what happens in addition",
        )
    for action in leaf_actions(hook.actions):
        if isinstance(action, ast.Prevent | ast.Forbid):
            _forbidden_form(source, hook, action)
        elif hook.timing == "before" and event_of(hook) is not None:
            _takes_away(source, event, action)


def _named_events(words: tuple[ast.Ident, ...]) -> list[str]:
    return [catalog.EVENT_WORDS[w.name.casefold()] for w in words
            if w.name.casefold() in catalog.EVENT_WORDS]  # fmt: skip


def _forbidden_form(source: Source, hook: ast.Hook, action: ast.Prevent | ast.Forbid) -> None:
    said = " ".join(w.name for w in action.words)
    if isinstance(action, ast.Prevent):
        form = f"`{action.verb} {said}`"
    else:
        form = f"`{action.modal} {said}`"
    named = _named_events(action.words)
    own = hook.event.name
    if any(e in catalog.PROCEDURES for e in named):
        source.report(
            "LR202",
            action.span,
            f"{form} changes the vote or roshambo procedure, which no rule may change",
            "the Rule Vote and Roshambo are fixed (V10); change rules through a vote",
        )
    elif any(e in ("win", "finish") for e in named):
        source.report(
            "LR201",
            action.span,
            f"{form} prevents winning",
            "no rule may stop a player going out or winning (R3)",
        )
    elif own in named or any(e in ("clear", "bonus") for e in named):
        what = own if own in named else next(e for e in named if e in ("clear", "bonus"))
        source.report(
            "LR103",
            action.span,
            f"{form} takes away the `{what}` itself, so the event could not happen",
            "a clear and the clearer's bonus play are protected (C5); add an action "
            "instead, such as `player draws 1`",
        )
    else:
        source.report(
            "LR102",
            action.span,
            f"{form} prevents, cancels, skips or undoes part of the base game",
            "rules add before or after an event (R2); make the rule add something instead, "
            "such as `next player draws 1`",
        )


def _is_actor(target: ast.Target) -> bool:
    """Whether the target is, or certainly includes, the hooked event's actor."""
    if isinstance(target, ast.Role):
        return target.name == "player"
    return isinstance(target, ast.Each) and target.kind != "each other"


def _takes_away(source: Source, event: str, action: ast.Action) -> None:
    if event in ("clear", "pickup") and isinstance(action, ast.PickUp | ast.ClearPile):
        done = "picks up" if isinstance(action, ast.PickUp) else "clears"
        source.report(
            "LR103",
            action.span,
            f"`before {event}` {done} the pile, so the {event} would have no pile to "
            f"{'clear' if event == 'clear' else 'pick up'}",
            f"use `after {event}:` to act once it has happened (C5: a clear cannot be prevented)",
        )
    elif (
        event == "play" and isinstance(action, ast.Give | ast.Discard) and _is_actor(action.target)
    ):
        verb = "gives away" if isinstance(action, ast.Give) else "discards"
        source.report(
            "LR103",
            action.span,
            f"`before play` {verb} cards the player is about to play, so the play could not happen",
            "use `after play:` to move cards once the play has landed",
        )
