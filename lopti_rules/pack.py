"""Rule packs: the set of custom rules a table plays with, kept in one YAML file.

Takes: a pack file's path. Produces: a `LoadedPack` with the pack's name, roster, base-rule
variants and, for each rule entry, a `Source` ready for the parser and checker (its path and
line/column offsets point into the file the text really lives in: the rule file for `file:`,
the pack itself for inline `text:`) and the author's seat. Guarantees: YAML is read with the
safe loader only; the shape is validated by a pydantic model that forbids unknown keys; every
problem is a `PackProblem` with file, line and column of the offending YAML node, and all of
them are reported together (`PackError`). The model's JSON Schema is `pack_schema()`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from lopti_rules import yamlsafe
from lopti_rules.source import Source
from lopti_rules.spell import did_you_mean

MAX_PLAYERS = 5


class BaseVariants(BaseModel):
    """Base-rule variants the table agreed by a Rule Vote (V2). Defaults are RULES.md."""

    model_config = ConfigDict(extra="forbid")

    places: bool = Field(
        default=False, description="Play on after the winner to decide every place (D28)."
    )


class PackRule(BaseModel):
    """One custom rule in force: from a rule file or written inline."""

    model_config = ConfigDict(extra="forbid")

    file: str | None = Field(default=None, description="A .lopti file, relative to the pack file.")
    text: str | None = Field(default=None, description="The rule's text, written inline.")
    author: str | int = Field(
        description="Who made the rule: a name from `players`, or a seat number (0-based)."
    )

    @field_validator("author", mode="plain", json_schema_input_type=str | int)
    @classmethod
    def _author(cls, value: object) -> str | int:
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
        if isinstance(value, str) and value.strip():
            return value.strip()
        raise ValueError("must be a name from `players` or a seat number (0, 1, ...)")

    @model_validator(mode="after")
    def _one_source(self) -> PackRule:
        if (self.file is None) == (self.text is None):
            raise ValueError("give exactly one of `file` or `text`")
        return self


class Pack(BaseModel):
    """A rule pack (INTERFACES.md): the custom rules a table plays with."""

    model_config = ConfigDict(extra="forbid", title="Lopti rule pack")

    name: Annotated[str, Field(min_length=1, description="The pack's name.")]
    players: (
        Annotated[
            list[Annotated[str, Field(min_length=1)]],
            Field(min_length=2, max_length=MAX_PLAYERS),
        ]
        | None
    ) = Field(default=None, description="Optional roster: seat names, 2..5; enables LR304.")
    base: BaseVariants = Field(default_factory=BaseVariants)
    rules: list[PackRule] = Field(
        default_factory=list, description="The custom rules, in the order they came into force."
    )


def pack_schema() -> dict[str, Any]:
    """The JSON Schema editors use to validate packs as people type."""
    return Pack.model_json_schema()


# The diagnostic code of each kind of pack problem (lopti_rules.codes, docs/codes/LY*.md).
NOT_YAML = "LY001"  # not valid YAML, or not a mapping
BAD_SHAPE = "LY002"  # does not match the schema: unknown key, missing or wrong value
BAD_AUTHOR = "LY003"  # an author who is not a player or seat
BAD_FILE = "LY004"  # a rule file that cannot be read


@dataclass(frozen=True, slots=True)
class PackProblem:
    path: str
    line: int
    column: int
    message: str
    code: str = BAD_SHAPE
    hint: str | None = None

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.message}"


class PackError(ValueError):
    """A pack that could not be loaded; `problems` lists every problem found."""

    def __init__(self, problems: list[PackProblem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


@dataclass(frozen=True, slots=True)
class PackEntry:
    """One rule entry of a loaded pack, ready to parse and check."""

    source: Source
    author: int  # seat


@dataclass(frozen=True, slots=True)
class LoadedPack:
    path: str
    pack: Pack
    entries: tuple[PackEntry, ...]

    @property
    def name(self) -> str:
        return self.pack.name

    @property
    def roster(self) -> list[str] | None:
        return self.pack.players


def agree_roster(pack: LoadedPack, given: list[str] | None) -> list[str] | None:
    """The table's roster from the pack's `players` and a roster given on the command line:
    either alone, or both when they name the same players in the same seats (case aside).
    ValueError (one sentence) when they disagree."""
    roster = pack.roster
    if given is None or roster is None:
        return roster if roster is not None else given
    if [g.lower() for g in given] != [p.lower() for p in roster]:
        raise ValueError(
            f"--players {','.join(given)} does not agree with the players of {pack.path} "
            f"({', '.join(roster)}): give the same names in the same order, or leave it out"
        )
    return roster


def load_pack(path: str | Path) -> LoadedPack:
    """Load and validate a pack file; PackError lists every problem with its position.
    OSError if the pack file itself cannot be read."""
    path_str = str(path)
    text = Path(path).read_text(encoding="utf-8")
    return load_pack_text(text, path_str)


def load_pack_text(text: str, path: str) -> LoadedPack:
    try:
        data, locator = yamlsafe.load(text, path)
    except yamlsafe.YamlError as exc:
        raise PackError([PackProblem(path, exc.line, exc.column, exc.message, NOT_YAML)]) from None
    if not isinstance(data, dict):
        raise PackError(
            [PackProblem(path, 1, 1, "a pack must be a mapping with `name` and `rules`", NOT_YAML)]
        )
    try:
        pack = Pack.model_validate(data)
    except ValidationError as exc:
        # also check the rules that are well formed on their own, so one run shows every problem
        problems = _problems(exc, locator) + _twice(data.get("players"), locator)
        roster = _raw_roster(data.get("players"))
        rules = data.get("rules")
        for index, raw in enumerate(rules if isinstance(rules, list) else []):
            try:
                rule = PackRule.model_validate(raw)
            except ValidationError:
                continue
            # with a wrong roster, its problem is reported already: check only the rule's file
            known = roster is not None or "players" not in data
            problems += _entry(rule, index, roster, locator, text, author=known)[1]
        raise PackError(sorted(problems, key=lambda p: (p.line, p.column))) from None
    problems = _twice(pack.players, locator)
    entries: list[PackEntry] = []
    for index, rule in enumerate(pack.rules):
        entry, found = _entry(rule, index, pack.players, locator, text)
        problems += found
        if entry is not None:
            entries.append(entry)
    if problems:
        raise PackError(problems)
    return LoadedPack(path, pack, tuple(entries))


def _entry(
    rule: PackRule,
    index: int,
    roster: list[str] | None,
    locator: yamlsafe.Locator,
    text: str,
    *,
    author: bool = True,
) -> tuple[PackEntry | None, list[PackProblem]]:
    """One rule's entry (its source read and positioned, its author's seat), or its problems.
    `author=False` skips the author check (when the roster is wrong)."""
    path = locator.path
    seat = _author_seat(rule.author, roster) if author else 0
    if isinstance(seat, str):
        line, col = locator.position(("rules", index, "author"))
        return None, [PackProblem(path, line, col, seat, BAD_AUTHOR)]
    if rule.file is not None:
        rule_path = Path(path).parent / rule.file
        try:
            rule_text = rule_path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            line, col = locator.position(("rules", index, "file"))
            reason = exc.strerror if isinstance(exc, OSError) else "it is not UTF-8 text"
            message = f"cannot read rule file `{rule.file}`: {reason}"
            return None, [PackProblem(path, line, col, message, BAD_FILE)]
        return PackEntry(Source(rule_text, os.path.normpath(rule_path)), seat), []
    assert rule.text is not None
    node = locator.node(("rules", index, "text"))
    if isinstance(node, yaml.ScalarNode) and (
        node.style == ">" or (node.style != "|" and node.start_mark.line != node.end_mark.line)
    ):
        # folding joins lines, which would change an indentation-based rule and its positions
        line, col = locator.position(("rules", index, "text"))
        message = f"`rules.{index}.text`: this text is folded into one line"
        hint = "write a rule of several lines as a literal block: `text: |`"
        return None, [PackProblem(path, line, col, message, BAD_SHAPE, hint)]
    line_offset, column_offset = text_offsets(node, text)
    return PackEntry(Source(rule.text, path, line_offset, column_offset), seat), []


def _twice(players: object, locator: yamlsafe.Locator) -> list[PackProblem]:
    """A player listed twice (case aside), at the second mention."""
    if not isinstance(players, list):
        return []
    seen: set[str] = set()
    for index, player in enumerate(players):
        if not isinstance(player, str):
            continue
        if player.lower() in seen:
            line, col = locator.position(("players", index))
            message = f"the player `{player}` is listed twice"
            return [PackProblem(locator.path, line, col, message, BAD_SHAPE)]
        seen.add(player.lower())
    return []


def _raw_roster(players: object) -> list[str] | None:
    """The roster of a pack that failed validation, when that part of it is sound."""
    if not isinstance(players, list) or not 2 <= len(players) <= MAX_PLAYERS:
        return None
    if not all(isinstance(p, str) and p for p in players):
        return None
    if len({p.lower() for p in players}) != len(players):
        return None
    return [str(p) for p in players]


def _author_seat(author: str | int, roster: list[str] | None) -> int | str:
    """The author's seat, or a one-sentence problem."""
    if isinstance(author, int):
        if author >= MAX_PLAYERS or (roster is not None and author >= len(roster)):
            size = len(roster) if roster is not None else MAX_PLAYERS
            return f"author seat {author} does not exist (seats are 0..{size - 1})"
        return author
    if roster is None:
        return f"author `{author}` needs a `players` roster to name; or give a seat number"
    lowered = [p.lower() for p in roster]
    if author.lower() not in lowered:
        return f"author `{author}` is not one of the players ({', '.join(roster)})"
    return lowered.index(author.lower())


def text_offsets(node: yaml.Node | None, text: str) -> tuple[int, int]:
    """Line and column offsets that map inline rule text back into the pack file."""
    if not isinstance(node, yaml.ScalarNode):
        return (0, 0)
    mark = node.start_mark
    if node.style == "|":
        # literal block scalar: content starts on the next line, at the block's indentation
        lines = text.splitlines()
        for number in range(mark.line + 1, len(lines)):
            content = lines[number]
            if content.strip():
                indent = len(content) - len(content.lstrip(" "))
                return (mark.line + 1, indent)
        return (mark.line + 1, 0)
    quoted = 1 if node.style in ("'", '"') else 0
    return (mark.line, mark.column + quoted)


def _problems(exc: ValidationError, locator: yamlsafe.Locator) -> list[PackProblem]:
    problems: list[PackProblem] = []
    for error in exc.errors():
        loc = tuple(part for part in error["loc"] if isinstance(part, str | int))
        # union members add their type name to the location: keep only real keys
        loc = tuple(p for p in loc if not (isinstance(p, str) and p in _UNION_TAGS))
        if error["type"] == "extra_forbidden":
            node = yamlsafe.key_node(locator, loc)
            line, col = (
                (node.start_mark.line + 1, node.start_mark.column + 1)
                if node is not None
                else locator.position(loc)
            )
            message = f"unknown key `{loc[-1]}`"
            hint = did_you_mean(str(loc[-1]), _keys_at(loc))
        else:
            line, col = locator.position(loc)
            where = ".".join(str(p) for p in loc) or "the pack"
            message = f"`{where}`: {_lower_first(error['msg'])}"
            hint = None
        problem = PackProblem(locator.path, line, col, message, BAD_SHAPE, hint)
        if problem not in problems:
            problems.append(problem)
    return sorted(problems, key=lambda p: (p.line, p.column))


def _keys_at(loc: tuple[str | int, ...]) -> list[str]:
    """The keys the schema allows in the mapping that holds `loc`'s last key."""
    parents = [p for p in loc[:-1] if isinstance(p, str)]
    models: dict[str, type[BaseModel]] = {"rules": PackRule, "base": BaseVariants}
    return list(models.get(parents[-1] if parents else "", Pack).model_fields)


_UNION_TAGS = {"list[constrained-str]", "none", "function-after"}


def _lower_first(text: str) -> str:
    text = text.removeprefix("Value error, ")
    return text[:1].lower() + text[1:]
