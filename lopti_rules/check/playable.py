"""Pass 3: keep the game playable (R3, V10): LR201, LR202, LR204, LR205, LR206.

Takes one hook; reports into its `Source`.

- LR201 prevents winning: `end the game/round/session`, and cards sent to a player who is
  certainly finishing or finished: the actor (`player`) of a hook on `finish` or `win`, or
  where the conditions that hold say the actor holds no cards: the hook's own condition
  (`after play when cards of player is 0`), the enclosing `if` conditions (`if cards of
  player is 0: player draws 1`; in an `else`, the negated condition when it is a single
  comparison), and all of them together. `every player` and other targets that only
  *might* include a finished player are accepted: the runtime never visits finished players.
  A player certainly about to play their last cards (`before play when cards of player is
  1`, a legal last face-down card on `reveal`) is not finished yet, so there every target
  that could be the actor is rejected too. A player chosen by a player (`the chosen player`,
  `a player of their choice`) could be anyone the chooser may choose: never the chooser, so
  never the actor when the actor chooses; otherwise it is treated like any target that could
  be the actor.
- LR202: a hook on `vote` or `roshambo` (the procedures, V10).
- LR204: `while`, `forever`, `repeat until`: loops without a fixed bound.
- LR205: `repeat N times` with N over 10 (more specific than LR506).
- LR206: a retroactive qualifier on any action or comparison (`retro_in` also reads a call's
  or race's trigger condition, for `calls.py`).
"""

from __future__ import annotations

from lopti_rules.check import facets
from lopti_rules.check.conds import bounds, certainly, certainly_zero, conjuncts
from lopti_rules.check.sites import ActionSite, CondSite, TargetSite, comparisons, hook_sites
from lopti_rules.diagnostics.source import Source
from lopti_rules.i18n import N_, _
from lopti_rules.language import ast, catalog

_LOOPS = {"While": "while", "Forever": "forever", "RepeatUntil": "repeat until"}


def check_hook(source: Source, hook: ast.Hook) -> None:
    event = hook.event.name
    if event in catalog.PROCEDURES:
        source.report(
            "LR202",
            hook.event.span,
            _("`{event}` is a session procedure; no rule may hook or change it").format(
                event=event
            ),
            _("the Rule Vote and Roshambo are fixed (V10); hook a game event instead"),
        )
    for site in hook_sites(hook):
        if isinstance(site, ActionSite):
            _action(source, site.action)
        elif isinstance(site, CondSite):
            retro_in(source, site.cond)
        elif site.receives:
            _receiving(source, hook, site)


def _receiving(source: Source, hook: ast.Hook, site: TargetSite) -> None:
    """LR201 for a target cards may reach where the actor is certainly finishing or finished,
    or, from a source that refills, where the actor may be playing their last cards."""
    reach = facets.reach(site.target, _chooser(site))
    if _is_player(site.target):
        finishing = _finishing_actor(hook, site.holds) or _last_cards(hook, site.holds)
        if finishing:
            source.report(
                "LR201",
                site.target.span,
                _("cards would go to a player who is {finishing}, who can then never win").format(
                    finishing=_(finishing)
                ),
                _(
                    "no card may reach a finishing or finished player (R3); target "
                    "`next player` or `each other player`"
                ),
            )
            return
    elif reach != facets.NEVER:
        finishing = _last_cards(hook, site.holds)
        if finishing:  # not finished yet, so the runtime would not skip them
            source.report(
                "LR201",
                site.target.span,
                _(
                    "cards could go to the actor, who is {finishing}, and stop them going out"
                ).format(finishing=_(finishing)),
                _(
                    "no card may reach a finishing player (R3); target `next player`, "
                    "`previous player` or `each other player`"
                ),
            )
            return
    if (hook.event.name, hook.timing) == ("play", "before") and "hand" in site.leaves:
        return  # an exchange that takes the cards to play away: LR103's (addonly)
    if reach != facets.NEVER and site.sources and _maybe_last(hook, site.holds):
        source.report(
            "LR201",
            site.target.span,
            _(_MAYBE_LAST[site.sources[0]]),
            _(
                "no card may reach a player going out (R3); say `when cards of player > count`, "
                "or target `next player` or `each other player`"
            ),
        )


# cards, by where they come from, reaching a player who may be about to play their last cards
_MAYBE_LAST = {
    "deck": N_(
        "cards from the deck could go to the player about to play their last cards, who would "
        "then not go out"
    ),
    "removed": N_(
        "cards from the removed cards could go to the player about to play their last cards, "
        "every time, so they could never go out"
    ),
    "pile": N_(
        "the pile could go to the player about to play their last cards, every time, so they "
        "could never go out"
    ),
    "hand": N_(
        "cards from another hand could go to the player about to play their last cards, every "
        "time, so they could never go out"
    ),
}


def _chooser(site: TargetSite) -> ast.Target | None:
    """Who chose the site's target, for a chosen player (never the chooser)."""
    target = site.target
    if isinstance(target, ast.Role) and target.name == "chosen player":
        return site.scope.chooser
    if isinstance(target, ast.Role) and target.name == "their choice":
        return site.chosen_by
    return None


def _maybe_last(hook: ast.Hook, holds: tuple[ast.Cond, ...]) -> bool:
    """Whether the hook may run just before the actor plays their last cards: `before play`
    or a `reveal` (its card is then played, if legal), unless the conditions that hold prove
    the actor keeps a card (`cards of player` above the most the play can take)."""
    event = hook.event.name
    if not ((event == "play" and hook.timing == "before") or event == "reveal"):
        return False
    cards = _cards_bounds(holds)
    if cards is None:
        return False  # the conditions never hold
    if event == "play":
        if _versus_count(holds) == "more":
            return False
        count = bounds(holds, ("count", ""), catalog.INT1)
        most = 4 if count is None or count[1] is None else count[1]  # at most 4 of a rank
        return cards[0] <= most
    if certainly(holds, ("legal", ""), catalog.BOOL, False):
        return False
    return cards[0] <= (1 if hook.timing == "before" else 0)


def _finishing_actor(hook: ast.Hook, holds: tuple[ast.Cond, ...]) -> str | None:
    """Why the hook's actor certainly is finishing or finished where an action runs, if it
    is: the event (`finish`, `win`), or the conditions that hold there (the hook's `when`
    and the enclosing `if`s) saying `cards of player` is 0. The why is a message id (`N_`),
    translated where it is said."""
    event = hook.event.name
    if event == "finish":
        return N_("finishing") if hook.timing == "before" else N_("finished")
    if event == "win":
        return N_("winning") if hook.timing == "before" else N_("the winner")
    if certainly_zero(holds, "cards", "player"):
        return N_("out of cards (`cards of player` is 0)")
    return None


_CARDS = ("cards", "player")
_ZONE_FIELDS = ("hand", "face_up", "face_down")


def _cards_bounds(holds: tuple[ast.Cond, ...]) -> tuple[int, int | None] | None:
    """The bounds the conditions that hold put on `cards of player`, directly or through its
    three zones (`hand`, `face_up`, `face_down` of player); None: they never hold."""
    cards = bounds(holds, _CARDS, catalog.PLAYER_FIELDS["cards"])
    zones = [bounds(holds, (z, "player"), catalog.PLAYER_FIELDS[z]) for z in _ZONE_FIELDS]
    if cards is None or any(z is None for z in zones):
        return None
    low = max(cards[0], sum(z[0] for z in zones if z is not None))
    highs = [z[1] for z in zones if z is not None]
    high = cards[1]
    if all(h is not None for h in highs):
        total = sum(h for h in highs if h is not None)
        high = total if high is None else min(high, total)
    return low, high


def _versus_count(holds: tuple[ast.Cond, ...]) -> str | None:
    """How a condition that holds compares `cards of player` with the play's `count`:
    "at most" (`cards of player <= count`, `is count`), "more" (`> count`), or None."""
    for part in (p for cond in holds for p in conjuncts(cond)):
        if not isinstance(part, ast.Compare):
            continue
        op, left, right = part.op, part.left, part.right
        if _is_count(left) and _is_cards(right):
            op, left, right = _FLIPPED.get(op, op), right, left
        if _is_cards(left) and _is_count(right):
            if op in ("is", "==", "<=", "<"):
                return "at most"
            if op == ">":
                return "more"
    return None


_FLIPPED: dict[ast.CompareOp, ast.CompareOp] = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}


def _is_count(operand: ast.Operand) -> bool:
    return isinstance(operand, ast.Ident) and operand.name == "count"


def _is_cards(operand: ast.Operand) -> bool:
    return (
        isinstance(operand, ast.PlayerField)
        and operand.field.name == "cards"
        and _is_player(operand.target)
    )


def _last_cards(hook: ast.Hook, holds: tuple[ast.Cond, ...]) -> str | None:
    """Why the actor is certainly about to play their last cards, if they are (they are still
    in the round, so the runtime would not skip them): `before play` where `cards of player`
    (or its three zones together) is at most the play's `count`, and a `reveal` of a legal
    card (so it is played) that is their last: `cards of player` at most 1 before the card is
    turned, 0 after."""
    event = hook.event.name
    if event == "play" and hook.timing == "before" and _versus_count(holds) == "at most":
        return N_("about to play their last card")
    cards = _cards_bounds(holds)
    if cards is None or cards[1] is None:
        return None
    if event == "play" and hook.timing == "before":
        count = bounds(holds, ("count", ""), catalog.INT1)
        if count is not None and cards[1] <= count[0]:
            return N_("about to play their last card")
    last = 1 if hook.timing == "before" else 0
    if (
        event == "reveal"
        and cards[1] <= last
        and certainly(holds, ("legal", ""), catalog.BOOL, True)
    ):
        return N_("turning over their last card, a legal one")
    return None


def _is_player(target: ast.Target) -> bool:
    return isinstance(target, ast.Role) and target.name == "player"


def retro_in(source: Source, cond: ast.Cond) -> None:
    """LR206 for each retroactive qualifier in a condition (a hook's, an `if`'s, a `where`,
    or the trigger of a call or race: `calls.py`)."""
    for cmp in comparisons(cond):
        _retro(source, cmp.retro)


def _retro(source: Source, retro: ast.Retro | None) -> None:
    if retro is not None:
        source.report(
            "LR206",
            retro.span,
            _("`{said}` acts on what happened before the rule existed").format(said=retro.text),
            _("rules apply from their announcement on (R1, R3); drop the qualifier"),
        )


def _action(source: Source, action: ast.Action) -> None:
    _retro(source, action.retro)
    name = type(action).__name__
    if name in _LOOPS:
        source.report(
            "LR204",
            action.span,
            _("`{loop}` is a loop without a fixed bound and could run forever").format(
                loop=_LOOPS[name]
            ),
            _("use `repeat N times:` with N from 1 to 10, or an `if`"),
        )
    elif isinstance(action, ast.Repeat) and action.count.value > 10:
        source.report(
            "LR205",
            action.count.span,
            _("`repeat {n} times` is over the bound of 10").format(n=action.count.value),
            _("repeat at most 10 times"),
        )
    elif isinstance(action, ast.EndGame):
        source.report(
            "LR201",
            action.span,
            _("`end the {what}` stops the game before anyone can win").format(what=action.what),
            _("the round ends only when a player goes out (W4, R3)"),
        )
