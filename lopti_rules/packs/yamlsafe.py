"""Read YAML safely and keep where each value came from.

Rule packs, scenarios and session files are data: they are loaded with PyYAML's safe loader
only (never constructing arbitrary objects), and every value keeps the line and column of its
node, so a problem found later (by pydantic, by the checker) can be reported at its place in
the file. `load(text, path)` returns the plain Python data and a `Locator` that maps a
pydantic-style location tuple (`("rules", 1, "author")`) to a 1-based (line, column).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import yaml


class YamlError(ValueError):
    """A file that is not valid YAML, with its position."""

    def __init__(self, path: str, line: int, column: int, message: str) -> None:
        super().__init__(f"{path}:{line}:{column}: {message}")
        self.path, self.line, self.column, self.message = path, line, column, message


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
        for k, _ in parent.value:
            if isinstance(k, yaml.ScalarNode) and k.value == str(loc[-1]):
                return k
    return None


def load(text: str, path: str) -> tuple[object, Locator]:
    """Parse one YAML document safely; YamlError (with position) if it is not valid YAML."""
    loader = yaml.SafeLoader(text)
    try:
        root = loader.get_single_node()
        data = loader.construct_document(root) if root is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        raise YamlError(path, line, col, f"this is not valid YAML: {problem}") from None
    except yaml.YAMLError as exc:
        raise YamlError(path, 1, 1, f"this is not valid YAML: {exc}") from None
    finally:
        loader.dispose()
    return data, Locator(path, root)
