"""The canonical layout of a rule file (`lopti fmt`).

Takes: an `ast.File` (with its comments). Produces: text in the one canonical layout.
Guarantees: parsing the output gives the same tree (spans aside), and formatting the output
again changes nothing (both are property-tested). Comments are kept.

The layout:
- rules are separated by one blank line; `rule "Title":` with its items indented four spaces;
- a hook, `if` or block whose body is a single simple action written on the same line stays
  on one line (`after clear when cause is ten: each other player draws 1`) when that line
  fits in `WIDTH` columns and no comment sits inside it; otherwise the body is an indented
  block. A single action the author wrote as an indented block stays a block: both layouts
  are canonical (LANGUAGE.md §2 writes its "Low gift" example as a block), and `lopti fmt`
  keeps the author's choice rather than rewriting the spec's own example;
- an `if` with an `else` is always written as blocks; nested blocks are always indented;
- words are separated by single spaces; conditions get parentheses only where the tree needs
  them (`and` binds tighter than `or`); strings use `\\"` and `\\\\` escapes only.

Comments: a comment on a line of its own stays on a line of its own, before the same node
(at that node's indentation; above a rule, a blank line that followed it is kept); a
comment after code stays at the end of the output line that holds the node written latest on
its source line.
"""

from __future__ import annotations

from typing import cast

from lopti_rules.language import ast, constructs

WIDTH = 100
INDENT = "    "


def format_file(tree: ast.File, source_text: str = "") -> str:
    """The canonical text of `tree`; `source_text` tells own-line from trailing comments."""
    return _Printer(tree.comments, source_text.split("\n")).file(tree)


# ---------------------------------------------------------------- expressions


def string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _retro(node: ast.Retro | None) -> str:
    return f" {node.text}" if node is not None else ""


def target(node: ast.Target) -> str:
    match node:
        case ast.Role(name=name, the=the):
            written = constructs.ROLES[name].written
            if written != name:  # `the player with the most cards`, `a player of their choice`
                return written
            return f"the {name}" if the else name
        case ast.Each(kind=kind, where=where):
            return f"{kind} player" + (f" where {cond(where)}" if where is not None else "")
        case ast.Their(which=which):
            return f"their {which} player"
        case ast.NameTarget(name=name):
            return name.name
        case ast.SeatTarget(word=word, number=number):
            return f"{word} {number.value}"
        case ast.TraitTarget(trait=trait, the=the):
            return f"the {trait.name} player" if the else f"{trait.name} player"
        case ast.TitleTarget(title=title):
            return f"the {string(title.value)}"
    raise TypeError(node)  # pragma: no cover - the match is exhaustive


def operand(node: ast.Operand) -> str:
    match node:
        case ast.Int(value=value):
            return str(value)
        case ast.Rank(text=text):
            return text
        case ast.Bool(value=value):
            return "true" if value else "false"
        case ast.Ident(name=name):
            return name
        case ast.PlayerField(field=field, target=of):
            return f"{field.name} of {target(of)}"
    raise TypeError(node)  # pragma: no cover


_PRECEDENCE = {ast.Or: 1, ast.And: 2, ast.Not: 3}


def cond(node: ast.Cond, parent: int = 0) -> str:
    level = _PRECEDENCE.get(type(node), 4)
    match node:
        case ast.Compare(op=op, left=left, right=right, retro=retro):
            text = f"{operand(left)} {op} {operand(right)}{_retro(retro)}"
        case ast.In(left=left, options=options, retro=retro):
            listed = ", ".join(operand(o) for o in options)
            text = f"{operand(left)} in [{listed}]{_retro(retro)}"
        case ast.Or(left=left, right=right):
            text = f"{cond(left, 1)} or {cond(right, 2)}"
        case ast.And(left=left, right=right):
            text = f"{cond(left, 2)} and {cond(right, 3)}"
        case ast.Not(operand=inner):
            text = f"not {cond(inner, 3)}"
        case ast.Titled(who=who, title=title, negated=negated):
            text = f"{target(who)} is{' not' if negated else ''} {target(title)}"
    return f"({text})" if level < parent else text


def is_simple(node: ast.Action) -> bool:
    """An action written on one line (not a block)."""
    return constructs.of(node).visit != "block"


def simple(node: ast.Action) -> str:
    """One simple action as a line of text, written by its construct's `syntax`
    (`language/constructs.py`): `{field}` is the node's field, `[field]` an optional word."""
    syntax = constructs.of(node).syntax
    if syntax is None:
        raise TypeError(node)  # pragma: no cover - every simple action has a syntax
    words: list[str] = []
    for word in syntax.split(" "):
        if word[:1] in "{[":
            value = getattr(node, word[1:-1])
            if value is not None:
                words.append(_value(value))
        else:
            words.append(word)
    return " ".join(words) + _retro(getattr(node, "retro", None))


def _value(value: object) -> str:
    """A field of an action as written: a player, a number, a string, words."""
    if isinstance(value, ast.Int):
        return str(value.value)
    if isinstance(value, ast.Rank):
        return value.text
    if isinstance(value, ast.Ident):
        return value.name
    if isinstance(value, ast.Str):
        return string(value.value)
    if isinstance(value, str):
        return value
    if isinstance(value, tuple):
        return " ".join(w.name for w in value)
    return target(cast("ast.Target", value))


def table_event(node: ast.TableEvent) -> str:
    """A table event's declaration as one line: `call lopti "say Lopti" after play when ...`."""
    text = f"{node.kind} {node.name.name} {string(node.what.value)}"
    if node.event is not None:
        text += f" after {node.event.name}"
    if node.cond is not None:
        text += f" when {cond(node.cond)}"
    return text


def _head(node: ast.Action) -> str:
    """The line that opens a block action, up to and including its `:`."""
    match node:
        case ast.Repeat(count=n, retro=r):
            return f"repeat {n.value} times{_retro(r)}:"
        case ast.RepeatUntil(cond=c):
            return f"repeat until {cond(c)}:"
        case ast.While(cond=c):
            return f"while {cond(c)}:"
        case ast.Forever():
            return "forever:"
        case ast.RoshamboAction(first=a, second=b):
            return f"roshambo {target(a)} vs {target(b)}:"
        case ast.Choose(chooser=t, themself=themself):
            return f"{target(t)} chooses a player{' or themself' if themself else ''}:"
        case ast.May(target=t):
            return f"{target(t)} may:"
        case ast.If(cond=c):
            return f"if {cond(c)}:"
    raise TypeError(node)  # pragma: no cover


def _body(node: ast.Action) -> tuple[ast.Action, ...]:
    if isinstance(node, ast.If):
        return node.then
    assert isinstance(
        node,
        ast.Repeat
        | ast.RepeatUntil
        | ast.While
        | ast.Forever
        | ast.RoshamboAction
        | ast.Choose
        | ast.May,
    )
    return node.body


# ---------------------------------------------------------------- layout


class _Printer:
    def __init__(self, comments: tuple[ast.Comment, ...], source_lines: list[str]) -> None:
        self.lines: list[tuple[int, str]] = []  # (depth, text)
        self.anchors: list[tuple[int, int]] = []  # (source line of a node, output index)
        self.trailing: dict[int, ast.Comment] = {}
        self.own_line: list[ast.Comment] = []
        for c in comments:
            index = c.span.line - 1
            before = source_lines[index][: c.span.column - 1] if index < len(source_lines) else ""
            if before.strip():
                self.trailing[c.span.line] = c
            else:
                self.own_line.append(c)
        self.comment_lines = {c.span.line for c in comments}
        self.source_lines = source_lines

    def emit(
        self,
        depth: int,
        text: str,
        *nodes: ast.Action | ast.Hook | ast.Rule | ast.Note | ast.TableEvent,
    ) -> None:
        for node in nodes:
            self.anchors.append((node.span.line, len(self.lines)))
        self.lines.append((depth, text))

    def quiet(self, first: int, last: int) -> bool:
        """No comment on the lines first..last-1 (a comment may end the last line)."""
        return not any(first <= line < last for line in self.comment_lines)

    def inline(
        self, depth: int, head: str, node: ast.Hook | ast.Action, body: tuple[ast.Action, ...]
    ) -> bool:
        if len(body) != 1 or not is_simple(body[0]):
            return False
        if body[0].span.line > node.span.line:  # written as a block: kept as one
            return False
        text = f"{head} {simple(body[0])}"
        if len(INDENT) * depth + len(text) > WIDTH or not self.quiet(
            node.span.line, node.span.end_line
        ):
            return False
        self.emit(depth, text, node, body[0])
        return True

    def file(self, tree: ast.File) -> str:
        for index, rule in enumerate(tree.rules):
            if index:
                self.lines.append((0, ""))
            self.emit(0, f"rule {string(rule.title.value)}:", rule)
            for item in rule.items:
                if isinstance(item, ast.Note):
                    self.emit(1, f"note {string(item.text.value)}", item)
                elif isinstance(item, ast.TableEvent):
                    self.emit(1, table_event(item), item)
                else:
                    self.hook(item)
        return self.render()

    def hook(self, hook: ast.Hook) -> None:
        when = f" when {cond(hook.cond)}" if hook.cond is not None else ""
        call = f" {hook.call.name}" if hook.call is not None else ""
        head = f"{hook.timing} {hook.event.name}{call}{when}:"
        if not self.inline(1, head, hook, hook.actions):
            self.emit(1, head, hook)
            self.block(2, hook.actions)

    def block(self, depth: int, actions: tuple[ast.Action, ...]) -> None:
        for action in actions:
            if is_simple(action):
                self.emit(depth, simple(action), action)
                continue
            head = _head(action)
            body = _body(action)
            if isinstance(action, ast.If) and action.else_ is not None:
                self.emit(depth, head, action)
                self.block(depth + 1, body)
                else_line = self._else_line(action.then[-1], action.else_[0])
                if else_line:
                    self.anchors.append((else_line, len(self.lines)))
                self.emit(depth, "else:")
                self.block(depth + 1, action.else_)
            elif not self.inline(depth, head, action, body):
                self.emit(depth, head, action)
                self.block(depth + 1, body)

    def render(self) -> str:
        before: dict[int, list[ast.Comment]] = {}
        after_all: list[ast.Comment] = []
        for c in self.own_line:
            later = [out for line, out in self.anchors if line > c.span.line]
            if later:
                before.setdefault(min(later), []).append(c)
            else:
                after_all.append(c)
        tails: dict[int, str] = {}
        for line, c in sorted(self.trailing.items()):
            owners = [out for src, out in self.anchors if src <= line]
            if owners:
                out = max(owners)
                tails[out] = f"{tails[out]} {c.text}" if out in tails else c.text
            else:
                before.setdefault(0, []).append(c)
        out_lines: list[str] = []
        for index, (depth, text) in enumerate(self.lines):
            for c in before.get(index, ()):
                out_lines.append(INDENT * depth + c.text)
                if depth == 0 and self._blank_after(c):
                    out_lines.append("")
            tail = f"  {tails[index]}" if index in tails else ""
            out_lines.append((INDENT * depth + text + tail) if text else "")
        out_lines.extend(c.text for c in after_all)
        return "\n".join(out_lines) + "\n"

    def _else_line(self, then_last: ast.Action, else_first: ast.Action) -> int | None:
        """The source line of an `else` (the tree does not record it): the line that begins
        with `else` between the two blocks."""
        for line in range(then_last.span.end_line + 1, else_first.span.line + 1):
            if line <= len(self.source_lines) and self.source_lines[line - 1].lstrip().startswith(
                "else"
            ):
                return line
        return None

    def _blank_after(self, comment: ast.Comment) -> bool:
        """A comment above a rule keeps the blank line that followed it (a file header)."""
        line = comment.span.line  # the next source line's 0-based index
        return line < len(self.source_lines) and not self.source_lines[line].strip()
