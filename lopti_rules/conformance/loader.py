"""Finding and loading scenario files, with problems reported at their line and column.

Input: paths (files, or folders searched recursively for `*.yaml` / `*.yml`). Output: one
`Loaded` per file, holding either a validated `Scenario` or a one-sentence problem of the form
`FILE:LINE:COL: what is wrong`. YAML is read only with the safe loader
(`lopti_rules.packs.yamlsafe`, which keeps the node tree and its marks), and a pydantic error's
location is walked down that tree so the problem points at the offending node, not just at the
file. Names must be unique
within a folder (CONFORMANCE.md); a repeated name is a problem of the later file.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from lopti_rules.conformance.model import Misplaced, Scenario
from lopti_rules.conformance.table import position
from lopti_rules.diagnostics.schema import schema_words
from lopti_rules.engine.build import PositionError, validate_position
from lopti_rules.i18n import _, ngettext
from lopti_rules.packs import yamlsafe

SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True, slots=True)
class Loaded:
    """One scenario file: the scenario, or the reason it could not be read."""

    path: Path
    scenario: Scenario | None = None
    problem: str | None = None
    state_at: str | None = None  # `FILE:LINE:COL` of the `state` node (the file's start if none)

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
                    problem=f"{path}: "
                    + _("the name `{name}` is already used by {other} in the same folder").format(
                        name=item.scenario.name, other=seen[key].name
                    ),
                )
            else:
                seen[key] = path
        out.append(item)
    return out


def load_file(path: Path) -> Loaded:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return Loaded(
            path, problem=f"{path}: " + _("cannot read the file ({problem})").format(problem=exc)
        )
    return load_text(text, path)


def load_text(text: str, path: Path) -> Loaded:
    try:
        data, locator = yamlsafe.load(text, str(path))
    except yamlsafe.YamlError as exc:
        return Loaded(path, problem=str(exc))
    if not isinstance(data, dict):
        said = _("a scenario is a YAML mapping (name, clause, ...)")
        return Loaded(path, problem=f"{path}:1:1: {said}")
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        return Loaded(path, problem=_validation_problem(exc, locator, path))
    line, column = locator.position(("state",) if "state" in data else ())
    try:
        validate_position(position(scenario))
    except PositionError as exc:
        return Loaded(path, problem=f"{path}:{_state_place(locator, exc.where, data)}: {exc}")
    except ValueError as exc:  # variants the engine cannot play together
        at, col = locator.position(("options",))
        return Loaded(path, problem=f"{path}:{at}:{col}: {exc}")
    return Loaded(path, scenario=scenario, state_at=f"{path}:{line}:{column}")


def _state_place(locator: yamlsafe.Locator, where: tuple[str | int, ...], data: Any) -> str:
    """`LINE:COL: `state.KEY`:` for what the engine's refusal of a state is about: the key or
    item as far as the file states it (a value the file leaves to its default, such as a
    derived `low`, at the state itself)."""
    loc: tuple[str | int, ...] = ()
    node: Any = data
    for part in ("state", *where):
        inside = (
            part in node
            if isinstance(node, dict)
            else (isinstance(node, list) and isinstance(part, int) and part < len(node))
        )
        if not inside:
            break
        node = node[part]
        loc += (part,)
    line, column = locator.position(loc)
    if len(loc) < 2:  # the state itself: its key is not named
        return f"{line}:{column}"
    return f"{line}:{column}: `{'.'.join(map(str, loc))}`"


def _validation_problem(exc: ValidationError, locator: yamlsafe.Locator, path: Path) -> str:
    """The first problem at its node (an unknown key at the key itself), and how many more."""
    errors = exc.errors(include_url=False)
    first = errors[0]
    loc = tuple(part for part in first["loc"] if isinstance(part, int | str))
    cause = (first.get("ctx") or {}).get("error")
    at_key = first["type"] == "extra_forbidden"
    if isinstance(cause, Misplaced):  # a whole-model check knows the place it is about
        loc += cause.loc
        at_key = cause.key
    node = None
    if at_key:
        node = yamlsafe.key_node(locator, loc)
    if node is None:
        node = locator.node(loc)
    line, column = (node.start_mark.line + 1, node.start_mark.column + 1) if node else (1, 1)
    others = len(errors) - 1
    more = ""
    if others:  # English keeps its plural for one more, as it always wrote it
        said = ngettext("(and {n} more problems)", "(and {n} more problems)", others)
        more = " " + said.format(n=others)
    return f"{path}:{line}:{column}: {_message(first, loc)}{more}"


def _message(error: Any, loc: tuple[str | int, ...]) -> str:
    where = ".".join(str(part) for part in loc)
    kind = error["type"]
    if kind == "extra_forbidden":
        return _("unknown key `{key}`").format(key=loc[-1] if loc else where)
    if kind == "missing":
        return _("missing required key `{key}`").format(key=where)
    msg = schema_words(error)
    return _("`{where}`: {problem}").format(where=where, problem=msg) if where else msg
