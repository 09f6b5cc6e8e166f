"""Shape Lark's parse tree into the typed AST of `lopti_rules.language.ast`.

Takes: the `lark.Tree` that `grammar/lopti.lark` produces (positions propagated). Produces: an
`ast.File`. Guarantees: every node carries the `Span` of the text it came from, and nothing is
decided here beyond the shape: a word stays an `Ident` whatever it means (only the rank words
`J Q K A jack queen king ace` become `Rank`, and `true`/`false` become `Bool`, because the
grammar says so). The transformer is Lark's non-recursive one, so a deeply nested (but
size-limited) file cannot exhaust Python's stack.

A node whose text ends in a block (a hook, a rule, `if`, `repeat`, ...) spans from its first
token to the end of its last action, never over the newline and indentation that follow.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any, cast

from lark import Token, Transformer_NonRecursive, Tree, v_args
from lark.tree import Meta

from lopti_rules.diagnostics.source import Span
from lopti_rules.language import ast, constructs

RANK_WORDS = frozenset({"J", "Q", "K", "A", "jack", "queen", "king", "ace"})

_ROLE_NAMES: dict[tuple[str, ...], ast.RoleName] = {
    role.words: role.name for role in constructs.ROLES.values()
}
_EACH_KINDS: dict[tuple[str, ...], ast.EachKind] = {
    ("each", "other", "player"): "each other",
    ("every", "player"): "every",
    ("each", "player"): "each",
}
_ESCAPE = re.compile(r'\\(["\\])')


@dataclass(frozen=True, slots=True)
class _Words:
    """A keyword phrase kept by a `!rule` (timing, card, which, modal, ...): words + span."""

    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class _Body:
    actions: tuple[ast.Action, ...]


def token_span(tok: Token) -> Span:
    return Span(
        cast(int, tok.line),
        cast(int, tok.column),
        cast(int, tok.end_line),
        cast(int, tok.end_column),
    )


def _meta_span(meta: Meta) -> Span:
    return Span(meta.line, meta.column, meta.end_line, meta.end_column)


def _head_to(meta: Meta, last: Span) -> Span:
    """From the node's first token to the end of `last` (its final action or item)."""
    return Span(meta.line, meta.column, last.end_line, last.end_column)


def _of(children: list[Any], kind: type[Any] | tuple[type[Any], ...]) -> list[Any]:
    return [c for c in children if isinstance(c, kind)]


def _first(children: list[Any], kind: type[Any] | tuple[type[Any], ...]) -> Any:
    found = _of(children, kind)
    return found[0] if found else None


def _retro(children: list[Any]) -> ast.Retro | None:
    return cast("ast.Retro | None", _first(children, ast.Retro))


def _int(tok: Token) -> ast.Int:
    return ast.Int(int(tok), token_span(tok))


def _ints(children: list[Any]) -> list[Token]:
    return [c for c in children if isinstance(c, Token) and c.type == "INT"]


def _word(children: list[Any], kinds: tuple[str, ...]) -> str | None:
    """The text of the first kept keyword phrase whose text is one of `kinds`."""
    for c in children:
        if isinstance(c, _Words) and c.text in kinds:
            return c.text
    return None


_TARGETS = (
    ast.Role,
    ast.Each,
    ast.Their,
    ast.NameTarget,
    ast.SeatTarget,
    ast.TraitTarget,
    ast.TitleTarget,
)
_WHICH = ("lowest", "highest", "random")


def string_value(tok: Token) -> ast.Str:
    return ast.Str(_ESCAPE.sub(r"\1", tok[1:-1]), token_span(tok))


_OPTIONAL_WORDS: dict[str, tuple[str, ...]] = {"which": _WHICH, "card_word": ("card", "cards")}


def _build(node: type[Any], c: list[Any], span: Span) -> Any:
    """The node of a construct from its children, field by field (`dataclasses.fields`, in
    order): players, numbers, strings and ranks (`RankWord`) in the order written, the
    optional words `which` and `card_word`, and any other field the next kept keyword phrase
    (`reveal_what`, `end_what`)."""
    targets = iter(_of(c, _TARGETS))
    ints = iter(_ints(c))
    strings = iter(t for t in c if isinstance(t, Token) and t.type == "STRING")
    ranks = iter(_of(c, (ast.Int, ast.Rank, ast.Ident)))
    words = iter(w.text for w in _of(c, _Words) if not any(
        w.text in kinds for kinds in _OPTIONAL_WORDS.values()))  # fmt: skip
    values: dict[str, Any] = {}
    for f in dataclasses.fields(node):
        if f.name == "span":
            values[f.name] = span
        elif f.name == "retro":
            values[f.name] = _retro(c)
        elif f.name in _OPTIONAL_WORDS:
            values[f.name] = _word(c, _OPTIONAL_WORDS[f.name])
        elif f.type == "Target":
            values[f.name] = next(targets)
        elif f.type == "Int":
            values[f.name] = _int(next(ints))
        elif f.type == "Str":
            values[f.name] = string_value(next(strings))
        elif f.type == "RankWord":
            values[f.name] = next(ranks)
        else:
            values[f.name] = next(words)
    return node(**values)


@v_args(inline=False, meta=True)
class ToAst(Transformer_NonRecursive[Token, Any]):
    """One method per grammar rule (or alias); each returns an AST node or a small helper."""

    # ---------------------------------------------------------------- structure
    def start(self, meta: Meta, c: list[Any]) -> ast.File:
        rules = tuple(_of(c, ast.Rule))
        return ast.File(rules, rules[0].span.cover(rules[-1].span))

    def rule(self, meta: Meta, c: list[Any]) -> ast.Rule:
        items = tuple(_of(c, (ast.Hook, ast.Note, ast.TableEvent)))
        return ast.Rule(string_value(c[0]), items, _head_to(meta, items[-1].span))

    def note(self, meta: Meta, c: list[Any]) -> ast.Note:
        return ast.Note(string_value(c[0]), _meta_span(meta))

    def hook(self, meta: Meta, c: list[Any]) -> ast.Hook:
        timing, event, cond, body = c
        actions = body.actions
        return ast.Hook(
            timing=cast(ast.Timing, timing.text),
            event=ast.Ident(str(event), token_span(event)),
            cond=cond,
            actions=actions,
            span=_head_to(meta, actions[-1].span),
            timing_span=timing.span,
        )

    def report_hook(self, meta: Meta, c: list[Any]) -> ast.Hook:
        timing, kind, call, cond, body = c
        actions = body.actions
        return ast.Hook(
            timing=cast(ast.Timing, timing.text),
            event=ast.Ident(kind.text, kind.span),
            cond=cond,
            actions=actions,
            span=_head_to(meta, actions[-1].span),
            timing_span=timing.span,
            call=ast.Ident(str(call), token_span(call)),
        )

    def _declared(self, kind: ast.TableKind, meta: Meta, c: list[Any]) -> ast.TableEvent:
        name, what = c[0], c[1]
        event = ast.Ident(str(c[2]), token_span(c[2])) if len(c) > 2 else None
        cond = c[3] if len(c) > 3 else None
        span = _meta_span(meta)
        return ast.TableEvent(
            kind, ast.Ident(str(name), token_span(name)), string_value(what), span, event, cond
        )

    def call_decl(self, meta: Meta, c: list[Any]) -> ast.TableEvent:
        return self._declared("call", meta, c)

    def race_decl(self, meta: Meta, c: list[Any]) -> ast.TableEvent:
        return self._declared("race", meta, c)

    def conduct_decl(self, meta: Meta, c: list[Any]) -> ast.TableEvent:
        return self._declared("conduct", meta, c)

    def body(self, meta: Meta, c: list[Any]) -> _Body:
        return _Body(tuple(c))

    def _words(self, meta: Meta, c: list[Any]) -> _Words:
        return _Words(" ".join(str(t) for t in c), _meta_span(meta))

    timing = report_kind = card = which = reveal_what = prevent_verb = modal = end_what = cmp_op = (
        _words
    )
    pass_group = pass_way = _words

    def retro(self, meta: Meta, c: list[Any]) -> ast.Retro:
        return ast.Retro(" ".join(str(t) for t in c), _meta_span(meta))

    # ---------------------------------------------------------------- simple actions
    def __default__(self, data: str, children: list[Any], meta: Meta) -> Any:
        """An action without a method of its own: built from its construct's fields."""
        construct = constructs.BY_RULE.get(data)
        if construct is None:
            return Tree(data, children, meta)
        return _build(construct.node, children, _meta_span(meta))

    def give(self, meta: Meta, c: list[Any]) -> ast.Give:
        giver, recipient = _of(c, _TARGETS)
        return ast.Give(
            giver,
            _int(_ints(c)[0]),
            recipient,
            _meta_span(meta),
            cast("ast.Which | None", _word(c, _WHICH)),
            _word(c, ("card", "cards")),
            _retro(c),
        )

    def pass_hands(self, meta: Meta, c: list[Any]) -> ast.PassHands:
        group = cast(_Words, c[0]).text.split()[0]
        way = cast(_Words, c[1]).text
        return ast.PassHands(cast(Any, group), cast(Any, way), _meta_span(meta), _retro(c))

    def prevent(self, meta: Meta, c: list[Any]) -> ast.Prevent:
        verb = cast(_Words, c[0]).text
        words = tuple(ast.Ident(str(t), token_span(t)) for t in c if isinstance(t, Token))
        return ast.Prevent(cast(Any, verb), words, _meta_span(meta), _retro(c))

    def forbid(self, meta: Meta, c: list[Any]) -> ast.Forbid:
        modal = cast(_Words, c[1]).text
        words = tuple(ast.Ident(str(t), token_span(t)) for t in c if isinstance(t, Token))
        return ast.Forbid(c[0], cast(Any, modal), words, _meta_span(meta), _retro(c))

    # ---------------------------------------------------------------- blocks
    def repeat(self, meta: Meta, c: list[Any]) -> ast.Repeat:
        body = cast(_Body, c[-1]).actions
        return ast.Repeat(_int(c[0]), body, _head_to(meta, body[-1].span), _retro(c))

    def repeat_until(self, meta: Meta, c: list[Any]) -> ast.RepeatUntil:
        body = cast(_Body, c[-1]).actions
        return ast.RepeatUntil(c[0], body, _head_to(meta, body[-1].span))

    def while_(self, meta: Meta, c: list[Any]) -> ast.While:
        body = cast(_Body, c[-1]).actions
        return ast.While(c[0], body, _head_to(meta, body[-1].span))

    def forever(self, meta: Meta, c: list[Any]) -> ast.Forever:
        body = cast(_Body, c[-1]).actions
        return ast.Forever(body, _head_to(meta, body[-1].span))

    def roshambo(self, meta: Meta, c: list[Any]) -> ast.RoshamboAction:
        body = cast(_Body, c[-1]).actions
        return ast.RoshamboAction(c[0], c[1], body, _head_to(meta, body[-1].span))

    def choose(self, meta: Meta, c: list[Any]) -> ast.Choose:
        body = cast(_Body, c[-1]).actions
        return ast.Choose(c[0], body, _head_to(meta, body[-1].span), themself=c[1] is not None)

    def may(self, meta: Meta, c: list[Any]) -> ast.May:
        body = cast(_Body, c[-1]).actions
        return ast.May(c[0], body, _head_to(meta, body[-1].span))

    def if_inline(self, meta: Meta, c: list[Any]) -> ast.If:
        then = cast(_Body, c[1]).actions
        return ast.If(c[0], then, None, _head_to(meta, then[-1].span))

    def if_block(self, meta: Meta, c: list[Any]) -> ast.If:
        then = cast(_Body, c[1]).actions
        else_ = cast("_Body | None", c[2])
        last = (else_.actions if else_ else then)[-1].span
        return ast.If(c[0], then, else_.actions if else_ else None, _head_to(meta, last))

    # ---------------------------------------------------------------- targets
    def role(self, meta: Meta, c: list[Any]) -> ast.Role:
        words = [str(t) for t in c]
        the = words[0] == "the"
        return ast.Role(_ROLE_NAMES[tuple(words[1:] if the else words)], _meta_span(meta), the)

    def choice(self, meta: Meta, c: list[Any]) -> ast.Role:
        return ast.Role("their choice", _meta_span(meta))

    def each(self, meta: Meta, c: list[Any]) -> ast.Each:
        words = tuple(str(t) for t in c if isinstance(t, Token))
        return ast.Each(_EACH_KINDS[words], None, _meta_span(meta))

    def each_where(self, meta: Meta, c: list[Any]) -> ast.Each:
        words = tuple(str(t) for t in c if isinstance(t, Token) and t != "where")
        return ast.Each(_EACH_KINDS[words], c[-1], _meta_span(meta))

    def their(self, meta: Meta, c: list[Any]) -> ast.Their:
        return ast.Their(cast(Any, str(c[1])), _meta_span(meta))

    def name_target(self, meta: Meta, c: list[Any]) -> ast.NameTarget:
        # `Mary Ann`: one Ident for all the words, single-spaced, spanning them all
        span = token_span(c[0]).cover(token_span(c[-1]))
        return ast.NameTarget(ast.Ident(" ".join(str(t) for t in c), span), _meta_span(meta))

    def title_target(self, meta: Meta, c: list[Any]) -> ast.TitleTarget:
        title = next(t for t in c if isinstance(t, Token) and t.type == "STRING")
        return ast.TitleTarget(string_value(title), _meta_span(meta))

    def seat_target(self, meta: Meta, c: list[Any]) -> ast.SeatTarget:
        return ast.SeatTarget(cast(Any, str(c[0])), _int(c[1]), _meta_span(meta))

    def trait_target(self, meta: Meta, c: list[Any]) -> ast.TraitTarget:
        word = c[-2]  # the word before `player`, after the optional `the`
        the = len(c) == 3
        return ast.TraitTarget(ast.Ident(str(word), token_span(word)), _meta_span(meta), the)

    # ---------------------------------------------------------------- conditions
    def or_(self, meta: Meta, c: list[Any]) -> ast.Or:
        return ast.Or(c[0], c[1], _meta_span(meta))

    def and_(self, meta: Meta, c: list[Any]) -> ast.And:
        return ast.And(c[0], c[1], _meta_span(meta))

    def not_(self, meta: Meta, c: list[Any]) -> ast.Not:
        return ast.Not(c[0], _meta_span(meta))

    def compare(self, meta: Meta, c: list[Any]) -> ast.Compare:
        op = cast(ast.CompareOp, cast(_Words, c[1]).text)
        return ast.Compare(op, c[0], c[2], _meta_span(meta), _retro(c))

    def titled(self, meta: Meta, c: list[Any]) -> ast.Titled:
        return ast.Titled(c[0], c[2], c[1] is not None, _meta_span(meta))

    def in_(self, meta: Meta, c: list[Any]) -> ast.In:
        operands = [x for x in c if not isinstance(x, ast.Retro)]
        return ast.In(operands[0], tuple(operands[1:]), _meta_span(meta), _retro(c))

    # ---------------------------------------------------------------- operands
    def int_(self, meta: Meta, c: list[Any]) -> ast.Int:
        return _int(c[0])

    def ident(self, meta: Meta, c: list[Any]) -> ast.Ident | ast.Rank:
        tok = c[0]
        if str(tok) in RANK_WORDS:
            return ast.Rank(str(tok), token_span(tok))
        return ast.Ident(str(tok), token_span(tok))

    def true(self, meta: Meta, c: list[Any]) -> ast.Bool:
        return ast.Bool(True, _meta_span(meta))

    def false(self, meta: Meta, c: list[Any]) -> ast.Bool:
        return ast.Bool(False, _meta_span(meta))

    def player_field(self, meta: Meta, c: list[Any]) -> ast.PlayerField:
        return ast.PlayerField(ast.Ident(str(c[0]), token_span(c[0])), c[1], _meta_span(meta))


def to_ast(tree: Tree[Token]) -> ast.File:
    return cast(ast.File, ToAst().transform(tree))
