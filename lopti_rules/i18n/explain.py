"""A rule in plain words: each hook of a rule said as one sentence in the reader's language.

Takes the syntax tree of a rule file (`lopti_rules.language.ast`) and a language; produces,
per rule, its title and one sentence per hook or note ("After a ten clears the pile, each other
player draws a card."). The sentences come from templates, one per construct
(`lopti_rules.i18n.templates`), each a gettext message translated in the language's catalogue,
filled in from the tree — never a word-by-word translation of the rule's English keywords.
Guarantees: every node class of the syntax tree has a renderer here (a test walks `ast` and
fails on a class without one) and every language translates every template (a catalogue
test); forms the checker rejects (`instead of`, `skip`, a person's name) are said too, with
the clause that forbids them, so a rejected rule can still be read.

    >>> from lopti_rules.i18n.explain import explain_text
    >>> rule = 'rule "T":\\n    after clear when cause is ten: each other player draws 1\\n'
    >>> explain_text(rule, "it")
    [('T', ['Dopo che un 10 svuota la pila, ogni altro giocatore pesca una carta.'])]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lopti_rules.engine.cardwords import rank_letters
from lopti_rules.engine.variants import Variants
from lopti_rules.i18n import translation
from lopti_rules.i18n.templates import TEMPLATES
from lopti_rules.language import ast, constructs
from lopti_rules.language.catalog import RANK_COUNT_FIELDS, ROUND_RANK_FIELDS, rank_value

BOOL_FIELDS = ("low", "obligation", "legal")
PLAYER_FIELDS = ("hand", "face_up", "face_down", "cards")
RANK_WORDS = {"jack": "J", "queen": "Q", "king": "K", "ace": "A"}


_EQUALITY = ("is", "is not", "==", "!=")
NEGATED = ".negated"  # the mood of a condition inside a negation (`Explainer.cond`)


class Explainer:
    """Says the nodes of one rule file in one language; with `variants`, a clear's cause is
    said with the rank that has its role at that table (docs/variants.md: `clear: J` makes
    `cause is ten` "a card of rank J")."""

    def __init__(self, lang: str, variants: Variants | None = None) -> None:
        self.catalogue = translation(lang)
        self.letters = rank_letters(self.catalogue.pgettext)
        v = variants or Variants()
        roles = {"ten": (v.clear, 10), "threes": (v.pass_on, 3), "sevens": (v.low, 7)}
        self.moved = {
            cause: self.letter(rank)
            for cause, (rank, base) in roles.items()
            if rank is not None and rank != base
        }

    def letter(self, rank: int) -> str:
        """A rank put into a sentence, written as the language's rulebook writes it on a card
        (S2, as the narration does: German B, D, K, A; French V, D, R, A; `10` everywhere)."""
        return str(rank) if rank <= 10 else self.letters["JQKA"[rank - 11]]

    def text(self, key: str) -> str:
        """The template `key` in this language, its placeholders not filled."""
        template = TEMPLATES[key]
        return self.catalogue.pgettext(template.context, template.singular)

    def say(self, key: str, **values: object) -> str:
        return self.text(key).format(**values)

    def count(self, key: str, n: int) -> str:
        """The count's template `key` in the form the language's plural rule gives `n`."""
        context, singular, plural = TEMPLATES[key]
        if plural is None:
            raise KeyError(f"{key!r} is not a count's template")
        return self.catalogue.npgettext(context, singular, plural, n).format(n=n)

    def _symbol(self, name: str) -> str | None:
        """A symbol's words (`ten`: "a ten"), as the variants in force name its rank."""
        if name in self.moved:
            return self.say(f"symbol.{name}.rank", rank=self.moved[name])
        key = f"symbol.{name}"
        return self.text(key) if key in TEMPLATES else None

    # ----------------------------------------------------------------- structure

    def rule(self, rule: ast.Rule) -> tuple[str, list[str]]:
        return rule.title.value, [self.item(item) for item in rule.items]

    def item(self, item: ast.Item) -> str:
        if isinstance(item, ast.Note):
            return self.say("note", text=item.text.value)
        if isinstance(item, ast.TableEvent):
            return self.table_event(item)
        return self.hook(item)

    def table_event(self, item: ast.TableEvent) -> str:
        """A declared call, race or conduct: what is due, when, and what the table does."""
        values = {"what": item.what.value, "name": item.name.name}
        if item.event is None:
            return self.say(f"table.{item.kind}", **values)
        event, cond = self._event("after", item.event.name, item.cond)
        if cond is None:
            return _tidy(self.say(f"table.{item.kind}", event=event, **values))
        said = self.say(f"table.{item.kind}.if", event=event, cond=self.cond(cond), **values)
        return _tidy(said)

    def hook(self, hook: ast.Hook) -> str:
        timing = "instead" if hook.timing == "instead of" else hook.timing
        moment = "before" if timing == "instead" else timing
        event, cond = self._event(moment, hook.event.name, hook.cond)
        if hook.call is not None:  # a table report: `after missed lopti`
            event = self.say(f"{moment}.{hook.event.name}", call=hook.call.name)
        actions = self.actions(hook.actions)
        if cond is None:
            said = self.say(f"hook.{timing}", event=event, actions=actions)
        else:
            when = self.cond(cond)
            said = self.say(f"hook.{timing}.if", event=event, cond=when, actions=actions)
        return _tidy(said)

    def _event(self, moment: str, name: str, cond: ast.Cond | None) -> tuple[str, ast.Cond | None]:
        """The event as a clause; `clear when cause is X` is said in one clause."""
        if (
            name == "clear"
            and isinstance(cond, ast.Compare)
            and cond.op in ("is", "==")
            and cond.retro is None
            and isinstance(cond.left, ast.Ident)
            and cond.left.name == "cause"
            and isinstance(cond.right, ast.Ident)
            and f"{moment}.clear.{cond.right.name}" in TEMPLATES
        ):
            cause = cond.right.name
            if cause in self.moved:
                return self.say(f"{moment}.clear.{cause}.rank", rank=self.moved[cause]), None
            return self.text(f"{moment}.clear.{cause}"), None
        key = f"{moment}.{name}"
        if key in TEMPLATES:
            return self.text(key), cond
        return self.say(f"event.unknown.{moment}", word=name), cond

    # ----------------------------------------------------------------- actions

    def actions(self, actions: Sequence[ast.Action]) -> str:
        return self._list([self.action(a) for a in actions], "list.and")

    def action(self, action: ast.Action) -> str:
        sayer = ACTIONS.get(type(action))
        said = sayer(self, action) if sayer is not None else self.said(action)
        if action.retro is not None:
            return self.retro(said, action.retro)
        return said

    def retro(self, what: str, retro: ast.Retro) -> str:
        return self.say("retro", what=what, retro=retro.text)

    def cards(self, count: ast.Int, which: ast.Which | None = None) -> str:
        """`a card`, `2 cards`, `their lowest card`, `their 2 highest cards`, ..."""
        return self.count(which or "cards", count.value)

    def said(self, a: ast.Action) -> str:
        """A simple action's sentence, from its construct (`language/constructs.py`): the
        message `said` names (its `{field}`s filled from the node), with `who` and `whom` its
        players in their slots, `cards` its count (and `which`), `rank` the rank it names (as
        the rulebook writes it), `title` and `text` its strings."""
        construct = constructs.of(a)
        key = construct.said[0].format_map(_Fields(a))
        values: dict[str, object] = {}
        for (name, slot), role in zip(construct.targets, ("who", "whom"), strict=False):
            values[role] = self.target(getattr(a, name), slot)
        count = getattr(a, "count", None)
        if isinstance(count, ast.Int):
            values["cards"] = self.cards(count, getattr(a, "which", None))
        if isinstance(a, ast.GiveRank):
            rank = rank_value(a.rank)
            values["rank"] = self.letter(rank) if rank is not None else self.operand(a.rank)
        for name in ("title", "text"):
            value = getattr(a, name, None)
            if isinstance(value, ast.Str):
                values[name] = value.value
        return self.say(key, **values)

    def _choose(self, a: ast.Choose) -> str:
        key = "choose_self" if a.themself else "choose"
        return self.say(key, who=self.target(a.chooser), body=self.actions(a.body))

    def _may(self, a: ast.May) -> str:
        return self.say("may", who=self.target(a.target), body=self.actions(a.body))

    def _repeat(self, a: ast.Repeat) -> str:
        times = self.count("times", a.count.value)
        return self.say("repeat", times=times, body=self.actions(a.body))

    def _if(self, a: ast.If) -> str:
        cond, then = self.cond(a.cond), self.actions(a.then)
        if a.else_ is None:
            return self.say("if", cond=cond, then=then)
        return self.say("ifelse", cond=cond, then=then, otherwise=self.actions(a.else_))

    def _roshambo(self, a: ast.RoshamboAction) -> str:
        first, second = self.target(a.first), self.target(a.second)
        return self.say("roshambo", first=first, second=second, body=self.actions(a.body))

    def _prevent(self, a: ast.Prevent) -> str:
        verb = self.say(f"verb.{a.verb}")
        return self.say("prevent", verb=verb, words=self._words(a.words))

    def _forbid(self, a: ast.Forbid) -> str:
        who = self.target(a.target)
        return self.say("forbid", who=who, modal=a.modal, words=self._words(a.words))

    def _while(self, a: ast.While) -> str:
        return self.say("while", cond=self.cond(a.cond), body=self.actions(a.body))

    def _forever(self, a: ast.Forever) -> str:
        return self.say("forever", body=self.actions(a.body))

    def _until(self, a: ast.RepeatUntil) -> str:
        return self.say("until", cond=self.cond(a.cond), body=self.actions(a.body))

    @staticmethod
    def _words(words: Sequence[ast.Ident]) -> str:
        return " ".join(w.name for w in words)

    # ----------------------------------------------------------------- targets

    def target(self, target: ast.Target, case: str = "nom") -> str:
        """`target` in the slot `case`: `nom` (who acts), `dat` (who receives: `give`), `gen`
        (whose: a player's field) or `with` (after "swaps hands with"), each its own message
        context, so a language gives each slot the form its grammar needs there."""
        return TARGETS[type(target)](self, target, case)

    def _role(self, t: ast.Role, case: str) -> str:
        return self.say(f"role.{t.name}.{case}")

    def _each(self, t: ast.Each, case: str) -> str:
        said = self.say(f"each.{t.kind}.{case}")
        if t.where is None:
            return said
        return self.say("where", target=said, cond=self.cond(t.where))

    def _their(self, t: ast.Their, case: str) -> str:
        return self.say(f"their.{t.which}.{case}")

    def _name(self, t: ast.NameTarget, case: str) -> str:
        return self.say("target.name", name=t.name.name)

    def _seat(self, t: ast.SeatTarget, case: str) -> str:
        return self.say("target.seat", word=t.word, number=t.number.value)

    def _title(self, t: ast.TitleTarget, case: str) -> str:
        return self.say(f"title.{case}", title=t.title.value)

    def _trait(self, t: ast.TraitTarget, case: str) -> str:
        return self.say("target.trait", trait=t.trait.name)

    # ----------------------------------------------------------------- conditions

    def cond(self, cond: ast.Cond, mood: str = "") -> str:
        """`cond` said in `mood`: "" where a condition usually stands (after "if", "as long as",
        ...), NEGATED inside "it is not so that", whose slot may take another mood (Italian
        "non è vero che il valore sia 7"), said with the templates of that slot (their keys
        end in `.negated`, context `... inside a negation`)."""
        return CONDS[type(cond)](self, cond, mood)

    def _compare(self, c: ast.Compare, mood: str) -> str:
        said = self._truth(c, mood)
        if said is None:
            left, right = self.operand(c.left), self.operand(c.right, value=True)
            # "is 1" in a count: Polish says "wynosi 1", not "to 1" (a rank or a symbol)
            number = ".number" if isinstance(c.right, ast.Int) and c.op in _EQUALITY else ""
            said = self.say(f"cmp.{c.op}{number}{mood}", left=left, right=right)
        return self.retro(said, c.retro) if c.retro is not None else said

    def _truth(self, c: ast.Compare, mood: str) -> str | None:
        """`low is true`, `legal is false`, ... said as one statement."""
        if not (
            isinstance(c.left, ast.Ident)
            and c.left.name in BOOL_FIELDS
            and isinstance(c.right, ast.Bool)
            and c.op in ("is", "==", "is not", "!=")
        ):
            return None
        value = c.right.value if c.op in ("is", "==") else not c.right.value
        return self.say(f"{'true' if value else 'false'}.{c.left.name}{mood}")

    def _in(self, c: ast.In, mood: str) -> str:
        options = self._list([self.operand(o, value=True) for o in c.options], "list.or")
        said = self.say(f"in{mood}", left=self.operand(c.left), options=options)
        return self.retro(said, c.retro) if c.retro is not None else said

    def _and(self, c: ast.And, mood: str) -> str:
        left, right = self.cond(c.left, mood), self.cond(c.right, mood)
        return self.say("and", left=left, right=right)

    def _or(self, c: ast.Or, mood: str) -> str:
        left, right = self.cond(c.left, mood), self.cond(c.right, mood)
        return self.say("or", left=left, right=right)

    def _not(self, c: ast.Not, mood: str) -> str:
        return self.say(f"not{mood}", cond=self.cond(c.operand, NEGATED))

    def _titled(self, c: ast.Titled, mood: str) -> str:
        key = f"titled{'.not' if c.negated else ''}{mood}"
        return self.say(key, who=self.target(c.who), title=c.title.title.value)

    # ----------------------------------------------------------------- operands

    def operand(self, operand: ast.Operand, value: bool = False) -> str:
        """`operand` said; `value`: it is what a field is compared with, so a word that is both
        a field and a symbol (`hand`) is the symbol (`source is hand`)."""
        if value and isinstance(operand, ast.Ident):
            said = self._symbol(operand.name)
            if said is not None:
                return said
        return OPERANDS[type(operand)](self, operand)

    def _int(self, o: ast.Int) -> str:
        return str(o.value)

    def _rank(self, o: ast.Rank) -> str:
        letter = RANK_WORDS.get(o.text.lower(), o.text.upper())
        return self.say(f"rank.{letter}")

    def _bool(self, o: ast.Bool) -> str:
        return self.say(f"bool.{'true' if o.value else 'false'}")

    def _ident(self, o: ast.Ident) -> str:
        played = ROUND_RANK_FIELDS.get(o.name)
        if played is not None:
            return self.say("field.round_rank", rank=self.letter(played))
        key = f"field.{o.name}"
        said = self.text(key) if key in TEMPLATES else self._symbol(o.name)
        return said if said is not None else self.say("word", word=o.name)

    def _player_field(self, o: ast.PlayerField) -> str:
        whose = self.target(o.target, "gen")
        rank = RANK_COUNT_FIELDS.get(o.field.name)
        if rank is not None:
            return self.say("pfield.rank_count", rank=self.letter(rank), whose=whose)
        if o.field.name in PLAYER_FIELDS:
            return self.say(f"pfield.{o.field.name}", whose=whose)
        return self.say("pfield.unknown", field=o.field.name, whose=whose)

    # ----------------------------------------------------------------- helpers

    def _list(self, items: list[str], last: str) -> str:
        if len(items) <= 1:
            return "".join(items)
        comma, final = self.say("list.comma"), self.say(last)
        return comma.join(items[:-1]) + final + items[-1]


class _Fields(dict[str, object]):
    """A node's fields by name, for `str.format_map`."""

    def __init__(self, node: object) -> None:
        super().__init__()
        self.node = node

    def __missing__(self, key: str) -> object:
        return getattr(self.node, key)


def _tidy(sentence: str) -> str:
    """Punctuation where templates meet: a phrase that closes with a comma (a German or Polish
    relative clause) before other punctuation loses it, and a quote that ends a sentence ends
    it (`... hears “Done!”.` -> `... hears “Done!”`)."""
    for doubled, single in ((",,", ","), (",.", "."), (",:", ":"), (", :", " :"), (",;", ";")):
        sentence = sentence.replace(doubled, single)
    for end in (".", "!", "?"):
        for close in ("”", "“", "»", "«", '"'):
            if sentence.endswith(f"{end}{close}.") or sentence.endswith(f"{end} {close}."):
                return sentence[:-1]
    return sentence


# the blocks and the forbidden forms; every other action is said by `Explainer.said`
ACTIONS: dict[type, Callable[..., str]] = {
    ast.Choose: Explainer._choose,
    ast.May: Explainer._may,
    ast.Repeat: Explainer._repeat,
    ast.If: Explainer._if,
    ast.RoshamboAction: Explainer._roshambo,
    ast.Prevent: Explainer._prevent,
    ast.Forbid: Explainer._forbid,
    ast.While: Explainer._while,
    ast.Forever: Explainer._forever,
    ast.RepeatUntil: Explainer._until,
}
TARGETS: dict[type, Callable[..., str]] = {
    ast.Role: Explainer._role,
    ast.Each: Explainer._each,
    ast.Their: Explainer._their,
    ast.NameTarget: Explainer._name,
    ast.SeatTarget: Explainer._seat,
    ast.TraitTarget: Explainer._trait,
    ast.TitleTarget: Explainer._title,
}
CONDS: dict[type, Callable[..., str]] = {
    ast.Compare: Explainer._compare,
    ast.In: Explainer._in,
    ast.And: Explainer._and,
    ast.Or: Explainer._or,
    ast.Not: Explainer._not,
    ast.Titled: Explainer._titled,
}
OPERANDS: dict[type, Callable[..., str]] = {
    ast.Int: Explainer._int,
    ast.Rank: Explainer._rank,
    ast.Bool: Explainer._bool,
    ast.Ident: Explainer._ident,
    ast.PlayerField: Explainer._player_field,
}

#: Every node class of the syntax tree, and where it is said (a test checks none is missing).
SAID_BY: dict[type, str] = {
    **{c.node: "said" for c in constructs.ACTIONS if c.node not in ACTIONS},
    **{cls: "actions" for cls in ACTIONS},
    **{cls: "targets" for cls in TARGETS},
    **{cls: "conditions" for cls in CONDS},
    **{cls: "operands" for cls in OPERANDS},
    ast.Retro: "retro",
    ast.Str: "announce, note and titles",
    ast.Hook: "hook",
    ast.Note: "item",
    ast.TableEvent: "table_event",
    ast.Rule: "rule",
    ast.File: "explain_file",
    ast.Comment: "not said: comments are for the file's readers",
}


def explain_file(
    file: ast.File, lang: str, variants: Variants | None = None
) -> list[tuple[str, list[str]]]:
    """Each rule of `file` as (title, sentences) in `lang`, at a table with `variants`."""
    explainer = Explainer(lang, variants)
    return [explainer.rule(rule) for rule in file.rules]


def explain_text(
    text: str, lang: str, path: str = "<string>", variants: Variants | None = None
) -> list[tuple[str, list[str]]]:
    """Parse `text` and explain it; ValueError (the syntax error, one line) if it does not parse."""
    from lopti_rules.diagnostics.source import Source
    from lopti_rules.language.parse import parse

    source = Source(text, path)
    tree = parse(source)
    if tree is None:
        first = source.diagnostics[0]
        raise ValueError(f"{path}:{first.span.line}:{first.span.column}: {first.message}")
    return explain_file(tree, lang, variants)
