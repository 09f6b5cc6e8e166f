"""Table events: calls, races and conduct the table reports (LR507, LR508, and R4 on them).

Takes a rule file (`check_file`: each declaration) or every unit checked together
(`check_reports`: declarations against the hooks that name them); reports into the sources.

- A declaration's trigger (`after EVENT [when COND]` of a call or race) is checked exactly like
  a hook's head: the event must be a base event (LR501; a procedure is LR202; a report is
  LR507, since a report is never an automatic consequence), and its condition's words and
  types like any `when` (LR502, LR503, LR303 for a trait in `FIELD of ROLE`, ...), and a
  retroactive qualifier in it is LR206.
- R4: a table event about a fixed personal trait (`conduct glasses "whoever wears glasses"`,
  "whoever is the youngest", "be left handed", "exist") is LR303: its name, and its wording
  where it picks people by it, may not use a trait word (`catalog.TRAIT_WORDS`,
  `catalog.TRAIT_NOUNS`, or `the ...est`). Roster names in the
  wording are LR304 (the roster scan reads the whole text) and harmful conduct LR207
  (`conduct.py` reads the wording with titles, notes and announcements).
- LR508: two declarations of one name among the rules checked together (at the later one).
- LR507: a hook on a report whose table event no rule declares, or with the wrong report
  word for its kind (`missed` is a call's, `lost` and `won` a race's, `caught` conduct's).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lopti_rules.check import names, persons, playable
from lopti_rules.check.conds import certainly_zero, check_cond
from lopti_rules.check.sites import CondSite, TargetSite, hook_sites
from lopti_rules.diagnostics.source import Source, Span
from lopti_rules.diagnostics.spell import did_you_mean
from lopti_rules.i18n import _
from lopti_rules.language import ast, catalog


def check_file(source: Source, tree: ast.File, roster: persons.Roster) -> None:
    for rule in tree.rules:
        for declared in rule.table_events:
            _trigger(source, declared, roster)
            _traits(source, declared)
            _finishing(source, declared)


def _finishing(source: Source, declared: ast.TableEvent) -> None:
    """LR201 for a table event that can only fall due from a player who has just gone out: on
    `finish` or `win`, or where its condition says the actor holds no cards. A finished player
    is out of the round and can never be reported, so its penalty could only bite by taking a
    win away, and as written it never fires (spec §4, "Calls and finished players")."""
    hook = declared.trigger()
    if hook is None:
        return
    conds = () if hook.cond is None else (hook.cond,)
    if hook.event.name not in ("finish", "win") and not (
        hook.event.name in catalog.EVENTS and _out_of_cards(conds)
    ):
        return
    source.report(
        "LR201",
        hook.event.span,
        _(
            "this `{kind}` can only fall due from a player who has just gone out, who can "
            "never be reported: its penalty could only take their win away"
        ).format(kind=declared.kind),
        _(
            "let it fall due while the player is still in the round, "
            "e.g. `when cards of player is 1`"
        ),
    )


def _out_of_cards(conds: tuple[ast.Cond, ...]) -> bool:
    if certainly_zero(conds, "cards", "player"):
        return True
    zones = ("hand", "face_up", "face_down")
    return all(
        zone in catalog.PLAYER_FIELDS and certainly_zero(conds, zone, "player") for zone in zones
    )


def _trigger(source: Source, declared: ast.TableEvent, roster: persons.Roster) -> None:
    hook = declared.trigger()
    if hook is None:
        return
    name = hook.event.name
    if name in catalog.PROCEDURES:
        source.report(
            "LR202",
            hook.event.span,
            _("a `{kind}` cannot fall due on `{name}`, a session procedure").format(
                kind=declared.kind, name=name
            ),
            _("the Rule Vote and Roshambo are fixed (V10); use a game event such as `play`"),
        )
        return
    if name in catalog.REPORTS:
        source.report(
            "LR507",
            hook.event.span,
            _("a `{kind}` cannot fall due on `{name}`: a report is never a consequence").format(
                kind=declared.kind, name=name
            ),
            _("a table event falls due on a game event, such as `after play when rank is 5`"),
        )
        return
    names.check_hook(source, hook, roster.folded)
    persons.check_hook(source, hook, roster)
    resolver = names.event_of(hook)
    for site in hook_sites(hook):
        if isinstance(site, CondSite):
            check_cond(source, site.cond, names.fields_in_scope(resolver, site.scope))
            playable.retro_in(source, site.cond)  # LR206, as in a hook's condition


def _traits(source: Source, declared: ast.TableEvent) -> None:
    name = declared.name.name
    if catalog.is_trait_word(name.casefold()) or name.casefold() in catalog.TRAIT_NOUNS:
        _trait(source, declared, declared.name.span, name)
        return
    for clause in re.split(r"[.,;:!?()\"]+", catalog.trait_text(declared.what.value)):
        words = clause.split()
        folded = [w.strip("'").casefold() for w in words]
        for index in range(len(folded)):
            if folded[index] in _EXISTING or _selects_by(folded, index):
                _trait(source, declared, declared.what.span, words[index])
                return


# Who a wording is about: a trait word counts only in a clause that picks people by it
# ("whoever wears glasses", "the youngest player"), not in quoted words about people in
# general ("say the name of a girl", "look, it's a boy!"): spec §4, "Titles and wording are
# names, not demands".
_SELECTORS = frozenset(
    {
        "whoever", "who", "whom", "whose", "anyone", "anybody", "everyone", "everybody",
        "someone", "somebody", "player", "players", "person", "people", "those", "chi",
        "chiunque", "wer", "jeder", "jede", "kto", "ktokolwiek", "ktos", "quem", "qualquer",
        "qui", "quiconque", "celui", "celle", "ceux",
    }
)  # fmt: skip
_REACH = 5  # words between a selector and the trait it picks by
# a wording that asks someone to *be* something picks them by it as surely as "whoever is"
# ("be left handed", "be the youngest"): the table event's subject is whoever it is about
_BEING = frozenset({"be", "being", "essere", "sein", "być", "byc", "ser", "estar", "être", "etre"})
_BEING_REACH = 3  # words between `be` and the trait (`be the very youngest`)
# to exist is who somebody is, never what they do at the table: a table event about it names
# anyone at any moment
_EXISTING = frozenset({"exist", "exists", "existing", "existence"})


def _selects_by(folded: list[str], index: int) -> bool:
    word = folded[index]
    after_the = index > 0 and folded[index - 1] == "the"
    if not (
        word in catalog.TRAIT_WORDS
        or word in catalog.TRAIT_NOUNS
        or (after_the and catalog.is_trait_word(word))
    ):
        return False
    following = folded[index + 1] if index + 1 < len(folded) else ""
    if following in ("to", "at"):
        return False  # "the fastest to slap the pile": how they play, not who they are
    if following in _SELECTORS:
        return True  # "the youngest player"
    if any(w in _BEING for w in folded[max(0, index - _BEING_REACH) : index]):
        return True  # "be left handed"
    return any(w in _SELECTORS for w in folded[max(0, index - _REACH) : index])


def _trait(source: Source, declared: ast.TableEvent, span: Span, word: str) -> None:
    source.report(
        "LR303",
        span,
        _(
            "this `{kind}` is about `{word}`, a fixed personal trait: it would always "
            "name the same person"
        ).format(kind=declared.kind, word=word),
        _(
            "a table event is about what people do at the table (say a word, tap the "
            "table, stand up), never about who they are"
        ),
    )


def check_titles(units: Sequence[tuple[Source, ast.File]]) -> None:
    """LR301 for a titled role (`the "question master"`) that no rule checked together
    assigns (`... becomes the "question master"`): it could never match anyone."""
    given: set[str] = set()
    for _source, tree in units:
        for rule in tree.rules:
            for hook in rule.hooks:
                for action in ast.walk_actions(hook.actions):
                    if isinstance(action, ast.Become):
                        given.add(action.title.value.casefold())
    for source, tree in units:
        for rule in tree.rules:
            for hook in rule.hooks:
                for site in hook_sites(hook):
                    if isinstance(site, TargetSite) and isinstance(site.target, ast.TitleTarget):
                        title = site.target.title.value
                        if title.casefold() not in given:
                            source.report(
                                "LR301",
                                site.target.span,
                                _(
                                    'no rule makes anyone the "{title}": this role matches nobody'
                                ).format(title=title),
                                _('assign it first, e.g. `player becomes the "{title}"`').format(
                                    title=title
                                ),
                            )


def check_reports(units: Sequence[tuple[Source, ast.File]]) -> None:
    """LR508 for a name declared twice, LR507 for a report hook that names no declaration."""
    declared: dict[str, ast.TableEvent] = {}
    for source, tree in units:
        for rule in tree.rules:
            for item in rule.table_events:
                key = item.name.name.casefold()
                if key in declared:
                    first = declared[key]
                    source.report(
                        "LR508",
                        item.name.span,
                        _("the table event `{name}` is already declared (a `{kind}`)").format(
                            name=item.name.name, kind=first.kind
                        ),
                        _("give each call, race or conduct its own name"),
                    )
                    continue
                declared[key] = item
    for source, tree in units:
        for rule in tree.rules:
            for hook in rule.hooks:
                if hook.call is not None:
                    _report_hook(source, hook, hook.call, declared)


def _report_hook(
    source: Source, hook: ast.Hook, call: ast.Ident, declared: dict[str, ast.TableEvent]
) -> None:
    found = declared.get(call.name.casefold())
    word = hook.event.name
    if found is None:
        known = [d.name.name for d in declared.values()]
        source.report(
            "LR507",
            call.span,
            _("no rule declares a table event `{name}`").format(name=call.name),
            did_you_mean(call.name, known)
            or _('declare it first, e.g. `call {name} "say {name}" after play`').format(
                name=call.name
            ),
        )
        return
    right = ast.REPORTS_OF[found.kind]
    if word not in right:
        shown = [f"`{r}`" for r in right]
        said = (
            _("{some} or {last}").format(some=", ".join(shown[:-1]), last=shown[-1])
            if len(shown) > 1
            else shown[0]
        )
        source.report(
            "LR507",
            hook.event.span,
            _("`{name}` is a `{kind}`: the table reports it as {reports}, not `{word}`").format(
                name=call.name, kind=found.kind, reports=said, word=word
            ),
            _("write `{timing} {right} {name}`").format(
                timing=hook.timing, right=right[0], name=call.name
            ),
        )
