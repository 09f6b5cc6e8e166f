"""Finding and loading scenario files, with problems reported at their line and column.

Input: paths (files, or folders searched recursively for `*.yaml` / `*.yml`). Output: one
`Loaded` per file, holding either a validated `Scenario` or a one-sentence problem of the form
`FILE:LINE:COL: what is wrong`. YAML is read only with the safe loader: `yaml.compose` gives the
node tree (with marks) and `yaml.safe_load` the data; a pydantic error's location is walked down
that tree so the problem points at the offending node, not just at the file. Names must be
unique within a folder (CONFORMANCE.md); a repeated name is a problem of the later file.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from lopti_rules.conformance.model import Scenario

SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True, slots=True)
class Loaded:
    """One scenario file: the scenario, or the reason it could not be read."""

    path: Path
    scenario: Scenario | None = None
    problem: str | None = None

    @property
    def name(self) -> str:
        return self.scenario.name if self.scenario is not None else str(self.path)


def discover(paths: Iterable[str | Path]) -> list[Path]:
    """Scenario files under `paths`, folders searched recursively, each folder in name order.

    Raises FileNotFoundError for a path that does not exist (a usage error, not a FAIL).
    """
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file())
        elif path.is_file():
            found.append(path)
        else:
            raise FileNotFoundError(2, "no such file or folder", str(path))
    return found


def load_all(paths: Sequence[Path]) -> list[Loaded]:
    """Load each file; a second scenario with a name already used in its folder is a problem."""
    seen: dict[tuple[Path, str], Path] = {}
    out: list[Loaded] = []
    for path in paths:
        item = load_file(path)
        if item.scenario is not None:
            key = (path.parent, item.scenario.name)
            if key in seen:
                item = Loaded(
                    path,
                    problem=f"{path}: the name `{item.scenario.name}` is already used by "
                    f"{seen[key].name} in the same folder",
                )
            else:
                seen[key] = path
        out.append(item)
    return out


def load_file(path: Path) -> Loaded:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return Loaded(path, problem=f"{path}: cannot read the file ({exc})")
    return load_text(text, path)


def load_text(text: str, path: Path) -> Loaded:
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        return Loaded(path, problem=_yaml_problem(exc, path))
    if node is None or not isinstance(data, dict):
        return Loaded(path, problem=f"{path}:1:1: a scenario is a YAML mapping (name, clause, ...)")
    try:
        return Loaded(path, scenario=Scenario.model_validate(data))
    except ValidationError as exc:
        return Loaded(path, problem=_validation_problem(exc, node, path))


def _yaml_problem(exc: yaml.YAMLError, path: Path) -> str:
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark is not None else str(path)
    return f"{where}: invalid YAML: {problem}"


def _validation_problem(exc: ValidationError, root: yaml.Node, path: Path) -> str:
    errors = exc.errors(include_url=False)
    first = errors[0]
    node, key_path = _locate(root, first["loc"], first["type"])
    mark = node.start_mark
    message = _message(first, key_path)
    more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
    return f"{path}:{mark.line + 1}:{mark.column + 1}: {message}{more}"


def _locate(root: yaml.Node, loc: tuple[Any, ...], kind: str) -> tuple[yaml.Node, list[str]]:
    """The YAML node a pydantic location points at (its parent for a missing key)."""
    node = root
    walked: list[str] = []
    for i, part in enumerate(loc):
        last = i == len(loc) - 1
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if _key_matches(key_node, part):
                    walked.append(str(part))
                    # an unknown key is best shown at the key itself
                    node = key_node if last and kind == "extra_forbidden" else value_node
                    break
            else:
                if isinstance(part, str) and not last and part not in ("[key]",):
                    continue  # a validator's label (e.g. a type name), not a key
                walked.append(str(part))
                break
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            if 0 <= part < len(node.value):
                walked.append(str(part))
                node = node.value[part]
            else:
                break
        else:
            continue
    return node, walked


def _key_matches(key_node: yaml.Node, part: Any) -> bool:
    if not isinstance(key_node, yaml.ScalarNode):
        return False
    return bool(key_node.value == str(part))


def _message(error: Any, key_path: list[str]) -> str:
    where = ".".join(key_path)
    kind = error["type"]
    if kind == "extra_forbidden":
        return f"unknown key `{key_path[-1] if key_path else where}`"
    if kind == "missing":
        return f"missing required key `{error['loc'][-1]}`"
    msg = str(error["msg"])
    msg = msg.removeprefix("Value error, ")
    return f"`{where}`: {msg}" if where else msg
