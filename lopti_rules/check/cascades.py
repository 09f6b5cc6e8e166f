"""Pass over all units: add-only through cascades (R2, C5): LR103 for a hook that runs inside
another's `before play`, `before swap`, `before clear`, `before pickup` or around a `reveal`
and takes away what that event needs (facets.py: the zones it consumes, the pile that must
not change).

Takes every unit checked together; reports into their `Source`s. A `before play` hook's
actions emit events (`next player draws 1`: a `draw`), whose hooks run at once, before the
cards land; a hook there that moves the playing player's hand cards, or the pile the cards
land on, takes the play away as surely as the `before play` hook itself would (addonly.py
checks that one); likewise a clear or pickup inside `before clear` or `before pickup` (a
hand emptied there brings a `take_up`, whose hooks may clear the pile) takes the pile away.
So, from each such hook, the events its actions can emit are followed
through the hooks on them (the facets' `emits`, facets.py), keeping who each event's actor
can be next to the player whose event it is (`next player draws 1`: never them; `the
dealer draws 1`: maybe), and each hook reached is checked with those roles: a move out of a
needed zone of anyone who can be that player, or any change to the pile of a play about to
land, is LR103, reported at the action, naming the hook it runs inside.
"""

from __future__ import annotations

from collections.abc import Sequence

from lopti_rules.check import facets
from lopti_rules.check.facets import ALWAYS, MAYBE, NEVER
from lopti_rules.check.loops import HookRef, hook_refs
from lopti_rules.check.sites import leaf_actions
from lopti_rules.diagnostics.source import Source
from lopti_rules.i18n import _
from lopti_rules.language import ast
from lopti_rules.language.constructs import Reach

# the moments whose event is still to come, and what it needs (facets.py): the zones it
# consumes (its actor's, or the table's `pile`), and LANDING where the pile may not change
LANDING = "landing"
_GUARDED: dict[tuple[str, str], tuple[str, ...]] = {
    (event, "before"): zones for event, zones in facets.CONSUMES.items()
}
for _moment in facets.PILE_FIXED:
    _GUARDED[_moment] = (*_GUARDED.get(_moment, ()), LANDING)


def check_cascades(units: Sequence[tuple[Source, ast.File]]) -> None:
    refs = hook_refs(units)
    by_event: dict[str, list[HookRef]] = {}
    for ref in refs:
        by_event.setdefault(ref.hook.event.name, []).append(ref)
    # the guarded moments' first hook per (moment, emitted event, actor's relation): a few
    # dozen starts at most, so the walk is linear in the hooks however many guard
    starts: dict[tuple[tuple[str, str], str, Reach], HookRef] = {}
    for origin in refs:
        moment: tuple[str, str] = (origin.hook.event.name, origin.hook.timing)
        if moment in _GUARDED:
            for action in leaf_actions(origin.hook.actions):
                if _already(origin.source, action):
                    continue  # it takes the event away itself: one mistake, one diagnostic
                for event, actor in _emitted(action, ALWAYS):
                    starts.setdefault((moment, event, actor), origin)
    reported: set[int] = set()
    for (guarded, event, actor), origin in starts.items():
        for ref, reach in _reached(event, actor, by_event):
            for action in leaf_actions(ref.hook.actions):
                if id(action) in reported or _already(ref.source, action):
                    continue
                if _takes(action, reach, _GUARDED[guarded]):
                    reported.add(id(action))
                    _report(ref, action, origin)


def _already(source: Source, action: ast.Action) -> bool:
    """Whether the action already has its LR103 (addonly.py): one mistake, one diagnostic."""
    return any(d.code == "LR103" and d.span == action.span for d in source.diagnostics)


def _relative(target: ast.Target, actor: Reach) -> Reach:
    """Whether `target`, in a hook whose actor relates to the guarded player as `actor`
    says, can be that player."""
    if isinstance(target, ast.Role) and target.name == "player":
        return actor
    if actor == ALWAYS:
        return facets.reach(target)
    return MAYBE


def _emitted(action: ast.Action, actor: Reach) -> list[tuple[str, Reach]]:
    """The events `action` can emit, each with how its actor relates to the guarded player."""
    out: list[tuple[str, Reach]] = []
    target = getattr(action, "target", None)
    for event in facets.of(action).emits:
        if event == "clear" or target is None:  # a clear's causer: the hook's own actor
            out.append((event, actor))
        else:
            out.append((event, _relative(target, actor)))
    return out


def _reached(
    event: str, actor: Reach, by_event: dict[str, list[HookRef]]
) -> list[tuple[HookRef, Reach]]:
    """The hooks that can run from an `event` whose actor relates to the guarded player as
    `actor` says, each with its own actor's relation (the widest found), in force order."""
    found: dict[int, tuple[HookRef, Reach]] = {}
    frontier = [(event, actor)]
    while frontier:
        event, actor = frontier.pop()
        for ref in by_event.get(event, ()):
            known = found.get(ref.index)
            if known is not None and (known[1] == MAYBE or known[1] == actor):
                continue
            wider = actor if known is None else MAYBE
            found[ref.index] = (ref, wider)
            for action in leaf_actions(ref.hook.actions):
                frontier.extend(_emitted(action, wider))
    return [found[i] for i in sorted(found)]


def _takes(action: ast.Action, actor: Reach, needs: tuple[str, ...]) -> bool:
    if LANDING in needs and facets.moves_pile(action):
        return True
    for whose, zone in facets.taken_from(action):
        if zone in needs and (whose is None or _relative(whose, actor) != NEVER):
            return True  # the table's pile, or a zone of anyone who can be the actor
    return False


def _report(ref: HookRef, action: ast.Action, origin: HookRef) -> None:
    hook = origin.hook
    if "pile" in facets.CONSUMES.get(hook.event.name, ()):
        said = _(
            "this can run inside `{timing} {event}` of rule `{rule}` and take away the "
            "pile the `{event}` takes, so the `{event}` would have no pile left"
        )
    else:
        said = _(
            "this can run inside `{timing} {event}` of rule `{rule}` and take away what the "
            "`{event}` needs (the cards played, swapped or turned, or the pile they land on)"
        )
    ref.source.report(
        "LR103",
        action.span,
        said.format(timing=hook.timing, event=hook.event.name, rule=origin.rule),
        _(
            "move the cards at another moment, or make the `{timing} {event}` hook emit nothing"
        ).format(timing=hook.timing, event=hook.event.name),
    )
