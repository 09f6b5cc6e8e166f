"""Read YAML safely and keep where each value came from.

Rule packs, scenarios and session files are data: they are loaded with a subclass of PyYAML's
safe loader (never constructing arbitrary objects), and every value keeps the line and column
of its node, so a problem found later (by pydantic, by the checker) can be reported at its
place in the file. `load(text, path)` returns the plain Python data and a `Locator` that maps
a pydantic-style location tuple (`("rules", 1, "author")`) to a 1-based (line, column).

Every problem the loader can meet is a `YamlError` with a position, never another exception
(docs/limits.md lists these limits):

- characters YAML does not allow (control characters, lone surrogates);
- tags other than the plain ones (`!!str`, `!!int`, `!!float`, `!!bool`, `!!null`, `!!seq`,
  `!!map`), and values their tag cannot read (`!!bool maybe`);
- a key given twice in one mapping (PyYAML would silently keep the last);
- nesting deeper than `MAX_DEPTH`, more than `MAX_NODES` values once aliases are expanded
  (a "billion laughs" document), an alias inside the node it names;
- integers of more than `MAX_INT_DIGITS` digits.

Dates are never converted: `2001-13-45` is the string it looks like.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from lopti_rules.i18n import N_, _, grouped

MAX_DEPTH = 64
MAX_NODES = 200_000
MAX_INT_DIGITS = 100

_PLAIN = "tag:yaml.org,2002:"
_DEEP = N_("this is nested more than {depth} levels deep")
_NOT_YAML = N_("this is not valid YAML: {problem}")
ALLOWED_TAGS = frozenset(_PLAIN + t for t in ("null", "bool", "int", "float", "str", "seq", "map"))
_SURROGATE = re.compile("[\ud800-\udfff]")
# C0 controls but tab and line breaks, DEL, C1 controls, lone surrogates: never in a name or rule
_UNPRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


class YamlError(ValueError):
    """A file that is not valid YAML, with its position."""

    def __init__(self, path: str, line: int, column: int, message: str) -> None:
        super().__init__(f"{path}:{line}:{column}: {message}")
        self.path, self.line, self.column, self.message = path, line, column, message


class _Refused(yaml.MarkedYAMLError):
    """A document this loader refuses, at the node's place."""

    def __init__(self, problem: str, mark: Any) -> None:
        super().__init__(problem=problem, problem_mark=mark)


class _Loader(yaml.SafeLoader):
    """The safe loader, bounded: depth, expanded size, duplicate keys, tags, long integers;
    no implicit timestamps."""

    yaml_implicit_resolvers = {  # noqa: RUF012 (PyYAML's own class attribute)
        first: [(tag, regexp) for tag, regexp in resolvers if tag != _PLAIN + "timestamp"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self._depth = 0
        self._sizes: dict[int, int] = {}  # id(node) -> values once expanded, when composed

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        event: yaml.Event = self.peek_event()  # type: ignore[no-untyped-call]
        if isinstance(event, yaml.AliasEvent):
            node = super().compose_node(parent, index)
            if id(node) not in self._sizes:  # still being composed: it contains the alias
                raise _Refused(_("this alias refers to a value that contains it"), event.start_mark)
            return node
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise _Refused(_(_DEEP).format(depth=MAX_DEPTH), event.start_mark)
        node = super().compose_node(parent, index)
        self._depth -= 1
        if node is None:
            return None
        self._sizes[id(node)] = size = self._size(node)
        if size > MAX_NODES:
            raise _Refused(
                _("this holds more than {limit} values once its aliases are expanded").format(
                    limit=grouped(MAX_NODES)
                ),
                event.start_mark,
            )
        return node

    def compose_mapping_node(self, anchor: Any) -> yaml.MappingNode:
        node = super().compose_mapping_node(anchor)
        _no_duplicate_keys(node)
        return node

    def _size(self, node: yaml.Node) -> int:
        sizes = self._sizes
        if isinstance(node, yaml.SequenceNode):
            return 1 + sum(sizes.get(id(c), 1) for c in node.value)
        if isinstance(node, yaml.MappingNode):
            return 1 + sum(sizes.get(id(k), 1) + sizes.get(id(v), 1) for k, v in node.value)
        return 1

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        if node.tag not in ALLOWED_TAGS:
            tag = node.tag.replace(_PLAIN, "!!")
            raise _Refused(
                _("the tag `{tag}` is not allowed here: write a plain value").format(tag=tag),
                node.start_mark,
            )
        if node.tag == _PLAIN + "int" and isinstance(node, yaml.ScalarNode):
            digits = sum(ch.isdigit() for ch in node.value)
            if digits > MAX_INT_DIGITS:
                raise _Refused(
                    _("this number has {digits} digits; the limit is {limit}").format(
                        digits=grouped(digits), limit=MAX_INT_DIGITS
                    ),
                    node.start_mark,
                )
        if node.tag == _PLAIN + "str" and isinstance(node, yaml.ScalarNode):
            bad = _UNPRINTABLE.search(node.value)
            if bad is not None:
                said = (
                    _("this text holds a lone surrogate {code}, which cannot be shown")
                    if _SURROGATE.match(bad.group())
                    else _("this text holds the control character {code}, which cannot be shown")
                )
                raise _Refused(
                    said.format(code=f"U+{ord(bad.group()):04X}"),
                    node.start_mark,
                )
        try:
            return super().construct_object(node, deep)
        except yaml.MarkedYAMLError:
            raise
        except (ValueError, KeyError, TypeError, OverflowError, AttributeError):
            tag = node.tag.replace(_PLAIN, "!!")
            raise _Refused(
                _("this value cannot be read as `{tag}`").format(tag=tag), node.start_mark
            ) from None


@dataclass(frozen=True, slots=True)
class Locator:
    """Maps a location path inside the loaded data to the node's position in the file."""

    path: str
    root: yaml.Node | None

    def node(self, loc: Sequence[str | int]) -> yaml.Node | None:
        """The deepest node along `loc` (stops where the path leaves the document)."""
        node = self.root
        for key in loc:
            child = _child(node, key)
            if child is None:
                break
            node = child
        return node

    def position(self, loc: Sequence[str | int]) -> tuple[int, int]:
        node = self.node(loc)
        if node is None:
            return (1, 1)
        return (node.start_mark.line + 1, node.start_mark.column + 1)


def _child(node: yaml.Node | None, key: str | int) -> yaml.Node | None:
    if isinstance(node, yaml.MappingNode):
        pairs: list[tuple[yaml.Node, yaml.Node]] = node.value
        for k, v in pairs:
            if isinstance(k, yaml.ScalarNode) and k.value == str(key):
                return v
        return None
    if isinstance(node, yaml.SequenceNode) and isinstance(key, int):
        items: list[yaml.Node] = node.value
        return items[key] if 0 <= key < len(items) else None
    return None


def key_node(locator: Locator, loc: Sequence[str | int]) -> yaml.Node | None:
    """The node of the *key* named last in `loc` (for "unknown key" errors)."""
    parent = locator.node(loc[:-1])
    if isinstance(parent, yaml.MappingNode):
        for k, _value in parent.value:
            if isinstance(k, yaml.ScalarNode) and k.value == str(loc[-1]):
                return k
    return None


def load(text: str, path: str) -> tuple[object, Locator]:
    """Parse one YAML document safely; YamlError (with position) if it is not valid YAML or
    over a limit of this loader."""
    loader: _Loader | None = None
    try:
        loader = _Loader(text)
        root = loader.get_single_node()
        data = loader.construct_document(root) if root is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        if isinstance(exc, _Refused):
            raise YamlError(path, line, col, problem) from None
        raise YamlError(path, line, col, _(_NOT_YAML).format(problem=problem)) from None
    except yaml.reader.ReaderError as exc:
        line, col = _place(text, exc.position)
        char = exc.character if isinstance(exc.character, str) else chr(exc.character)
        message = _("the character {code} is not allowed in YAML").format(code=f"U+{ord(char):04X}")
        raise YamlError(path, line, col, message) from None
    except yaml.YAMLError as exc:
        raise YamlError(path, 1, 1, _(_NOT_YAML).format(problem=exc)) from None
    except RecursionError:  # a safety net: the depth limit comes first
        raise YamlError(path, 1, 1, _(_DEEP).format(depth=MAX_DEPTH)) from None
    finally:
        if loader is not None:
            loader.dispose()
    return data, Locator(path, root)


def _place(text: str, index: int) -> tuple[int, int]:
    """The 1-based line and column of a character index."""
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _no_duplicate_keys(node: yaml.Node) -> None:
    seen: dict[str, yaml.Node] = {}
    for key, _value in node.value:
        if not isinstance(key, yaml.ScalarNode):
            continue
        first = seen.get(key.value)
        if first is not None:
            raise _Refused(
                _("the key `{key}` is given twice in this mapping (first on line {line})").format(
                    key=key.value, line=first.start_mark.line + 1
                ),
                key.start_mark,
            )
        seen[key.value] = key
