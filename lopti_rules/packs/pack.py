"""Rule packs: the set of custom rules a table plays with, kept in one YAML file.

Takes: a pack file's path. Produces: a `LoadedPack` with the pack's name, roster, base-rule
variants and, for each rule entry, a `Source` ready for the parser and checker (its path and
line/column offsets point into the file the text really lives in: the rule file for `file:`,
the pack itself for inline `text:`) and the author's seat. Guarantees: YAML is read with the
safe loader only; the shape is validated by a pydantic model that forbids unknown keys; every
problem is a `PackProblem` with file, line and column of the offending YAML node, and all of
them are reported together (`PackError`). The model's JSON Schema is `pack_schema()`.

Limits (docs/limits.md): a pack of more than `MAX_PACK_CHARS` characters is refused (LY005);
a `file:` entry must name a regular file of at most `MAX_RULE_FILE_BYTES` bytes inside the
folder that holds the pack's folder (symlinks resolved; see `_home`), unless the caller
passes `confine=False` (`--any-rule-file`); otherwise it is an LY004. Positions are found
from one index of the pack's lines, so loading is linear in the size of the pack.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from lopti_rules.diagnostics.oserrors import os_reason
from lopti_rules.diagnostics.schema import schema_words
from lopti_rules.diagnostics.source import PositionMap, Source
from lopti_rules.diagnostics.spell import did_you_mean
from lopti_rules.i18n import N_, _, grouped
from lopti_rules.packs import yamlsafe
from lopti_rules.packs.files import FileRefused, read_bounded

MAX_PLAYERS = 5
MAX_PACK_CHARS = 2_000_000
MAX_PACK_BYTES = 4 * MAX_PACK_CHARS  # UTF-8 takes at most 4 bytes a character
MAX_RULE_FILE_BYTES = 4_000_000  # the parser's own limit (LP005) is 1,000,000 characters


def _rank_or_none(value: object) -> str | None:
    """A rank given as 8, "8", "J", "jack", or none/null/off for no such rank."""
    if value is None or value is False:  # YAML reads `off` and `no` as false
        return None
    if isinstance(value, str) and value.strip().lower() in _NONE_WORDS:
        return None
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError(_("must be a rank (2..10, J, Q, K, A) or none"))
    key = str(value).strip()
    rank = _RANK_WORDS.get(key.lower(), key.upper())
    if rank not in _RANKS:
        raise ValueError(
            _("`{value}` is not a rank (use 2..10, J, Q, K or A) or none").format(value=value)
        )
    return rank


ROLE_FIELDS = ("reset", "pass_on", "low", "clear", "glass")  # a rank's role (X2, X3, X7, X10, VG)
TURN_FIELDS = ("skip", "reverse", "name_next")  # what a play of the rank does to the turn order
RANK_FIELDS = (*ROLE_FIELDS, *TURN_FIELDS)


def rank_clash(values: dict[str, object]) -> tuple[str, str] | None:
    """The first two named ranks that may not be one rank, or None (docs/variants.md, VR4): a
    rank holds at most one role and at most one turn effect; a role rank may also carry a turn
    effect (Mau-Mau's 10 clears and reverses), except the pass rank, whose cards leave the
    pile (X3.2)."""
    seen: dict[object, list[str]] = {}
    for name in RANK_FIELDS:
        rank = values.get(name)
        if rank is None:
            continue
        for other in seen.get(rank, []):
            if (other in ROLE_FIELDS) == (name in ROLE_FIELDS) or "pass_on" in (other, name):
                return other, name
        seen.setdefault(rank, []).append(name)
    return None


_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_WORDS = {"jack": "J", "queen": "Q", "king": "K", "ace": "A"}
_NONE_WORDS = frozenset({"none", "null", "off", "no", "-"})
RankOrNone = Annotated[
    str | None, BeforeValidator(_rank_or_none), Field(json_schema_extra={"enum": [*_RANKS, None]})
]


class BaseVariants(BaseModel):
    """Base-rule variants the table agreed by a Rule Vote (V2). Defaults are RULES.md; each
    field's exact meaning, as clauses naming the base clauses it replaces: docs/variants.md."""

    model_config = ConfigDict(extra="forbid")

    places: bool = Field(
        default=False, description="Play on after the winner to decide every place (D28)."
    )
    reset: RankOrNone = Field(default="2", description="The rank after which anything goes (X2).")
    pass_on: RankOrNone = Field(
        default="3", description="The rank that passes the pickup on: a 3-obligation (X3)."
    )
    low: RankOrNone = Field(default="7", description="The rank that forces a low play (X7).")
    clear: RankOrNone = Field(default="10", description="The rank that clears the pile (X10).")
    glass: RankOrNone = Field(
        default=None, description="A glass rank: it takes the rank of the play under it (VG1)."
    )
    skip: RankOrNone = Field(
        default=None, description="Each card of this rank skips one more player (VS1)."
    )
    reverse: RankOrNone = Field(
        default=None, description="This rank turns the direction of play (VR1)."
    )
    name_next: RankOrNone = Field(
        default=None, description="This rank's player names who plays next (VN1)."
    )
    jump_in: bool = Field(
        default=False, description="The top play's rank may be played out of turn (VJ1)."
    )
    burn: int = Field(default=4, ge=2, le=4, description="Cards of a kind that clear (C1b, VB1).")
    four_on_anything: bool = Field(
        default=False, description="Four of a kind may be played on anything and clears (VF1)."
    )
    must_play: bool = Field(default=False, description="No voluntary pickup (T2, VM1).")
    face_down: int = Field(default=3, ge=1, le=5, description="Face-down cards dealt (S3).")
    face_up: int = Field(default=3, ge=0, le=5, description="Face-up cards dealt (S3).")
    hand: int = Field(default=3, ge=1, le=7, description="Hand cards dealt; T4's hand size.")
    choose_face_up: bool = Field(
        default=False,
        description="Face-up cards chosen from a larger hand instead of the swap (S4, VD3).",
    )
    starter: Literal["winner", "loser", "lowest", "left"] = Field(
        default="winner", description="Who opens a round (S6, VW1, VW2, VW4)."
    )
    dealer: Literal["rotate", "loser"] = Field(
        default="rotate", description="Who deals the next round (S5, VW3)."
    )
    draw: Literal["one", "refill"] = Field(
        default="one", description="T4: draw one card, or up to the hand size (VD1)."
    )

    @model_validator(mode="after")
    def _engine_accepts(self) -> BaseVariants:
        clash = rank_clash({f: getattr(self, f) for f in RANK_FIELDS})
        if clash is not None:
            raise ValueError(
                _("`{one}` and `{other}` cannot be the same rank (VR4)").format(
                    one=clash[0], other=clash[1]
                )
            )
        return self

    def changed(self) -> dict[str, object]:
        """The fields set away from RULES.md, in declaration order."""
        base = BaseVariants()
        return {
            name: getattr(self, name)
            for name in type(self).model_fields
            if getattr(self, name) != getattr(base, name)
        }


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
        raise ValueError(_("must be a name from `players` or a seat number (0, 1, ...)"))

    @model_validator(mode="after")
    def _one_source(self) -> PackRule:
        if (self.file is None) == (self.text is None):
            raise ValueError(_("give exactly one of `file` or `text`"))
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


# The diagnostic code of each kind of pack problem (diagnostics/codes.py, docs/codes/LY*.md).
NOT_YAML = "LY001"  # not valid YAML, or not a mapping
BAD_SHAPE = "LY002"  # does not match the schema: unknown key, missing or wrong value
BAD_AUTHOR = "LY003"  # an author who is not a player or seat
BAD_FILE = "LY004"  # a rule file that cannot be read
TOO_BIG = "LY005"  # a pack over a size limit


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
    """A pack that could not be loaded; `problems` lists every problem found. `entries` holds
    the rules that did load (their text, positioned, and author) and `roster` the pack's
    players when they are sound, so a checker can still report every problem of those rules
    along with the pack's own (`api.check_pack`)."""

    def __init__(
        self,
        problems: list[PackProblem],
        entries: tuple[PackEntry, ...] = (),
        roster: list[str] | None = None,
    ) -> None:
        self.problems = problems
        self.entries = entries
        self.roster = roster
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
            _(
                "--players {given} does not agree with the players of {path} ({players}): give "
                "the same names in the same order, or leave it out"
            ).format(given=",".join(given), path=pack.path, players=", ".join(roster))
        )
    return roster


def load_pack(path: str | Path, *, confine: bool = True) -> LoadedPack:
    """Load and validate a pack file; PackError lists every problem with its position.
    OSError if the pack file itself cannot be read, UnicodeDecodeError if it is not UTF-8."""
    path_str = str(path)
    text = read_pack_bytes(path_str).decode("utf-8")
    return load_pack_text(text, path_str, confine=confine)


def read_pack_bytes(path: str) -> bytes:
    """A pack file's bytes, bounded; PackError (LY005) when it is over the size limit."""
    try:
        return read_bounded(path, MAX_PACK_BYTES)
    except FileRefused:
        message = _("the pack is larger than the limit of {limit} characters").format(
            limit=grouped(MAX_PACK_CHARS)
        )
        raise PackError([PackProblem(path, 1, 1, message, TOO_BIG, _(_SPLIT))]) from None


_SPLIT = N_("split the rules over several packs, or keep long rules in `file:` entries")


def load_pack_text(text: str, path: str, *, confine: bool = True) -> LoadedPack:
    if len(text) > MAX_PACK_CHARS:
        message = _("the pack is {size} characters long; the limit is {limit}").format(
            size=grouped(len(text)), limit=grouped(MAX_PACK_CHARS)
        )
        raise PackError([PackProblem(path, 1, 1, message, TOO_BIG, _(_SPLIT))])
    lines = text.splitlines()
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
        loaded: list[PackEntry] = []
        for index, raw in enumerate(rules if isinstance(rules, list) else []):
            try:
                rule = PackRule.model_validate(raw)
            except ValidationError:
                continue
            # with a wrong roster, its problem is reported already: check only the rule's file
            known = roster is not None or "players" not in data
            entry, found = _entry(rule, index, roster, locator, text, lines, confine, author=known)
            problems += found
            if entry is not None:
                loaded.append(entry)
        ordered = sorted(problems, key=lambda p: (p.line, p.column))
        raise PackError(ordered, tuple(loaded), roster) from None
    problems = _twice(pack.players, locator) + _undealable(pack, locator)
    entries: list[PackEntry] = []
    for index, rule in enumerate(pack.rules):
        entry, found = _entry(rule, index, pack.players, locator, text, lines, confine)
        problems += found
        if entry is not None:
            entries.append(entry)
    if problems:
        raise PackError(problems, tuple(entries), pack.players)
    return LoadedPack(path, pack, tuple(entries))


def _entry(
    rule: PackRule,
    index: int,
    roster: list[str] | None,
    locator: yamlsafe.Locator,
    text: str,
    lines: list[str],
    confine: bool,
    *,
    author: bool = True,
) -> tuple[PackEntry | None, list[PackProblem]]:
    """One rule's entry (its source read and positioned, its author's seat), or every problem
    it has (a wrong author and an unreadable file are both reported). `author=False` skips
    the author check (when the roster is wrong)."""
    path = locator.path
    problems: list[PackProblem] = []
    seat = _author_seat(rule.author, roster) if author else 0
    if isinstance(seat, str):
        line, col = locator.position(("rules", index, "author"))
        problems.append(PackProblem(path, line, col, seat, BAD_AUTHOR))
    if rule.file is not None:
        rule_path = Path(path).parent / rule.file
        try:
            rule_text = _read_rule_file(Path(path).parent, rule.file, confine)
        except (OSError, UnicodeDecodeError) as exc:
            line, col = locator.position(("rules", index, "file"))
            reason = os_reason(exc) if isinstance(exc, OSError) else _("it is not UTF-8 text")
            message = _("cannot read rule file `{file}`: {reason}").format(
                file=_shown(rule.file), reason=reason
            )
            problems.append(PackProblem(path, line, col, message, BAD_FILE))
            return None, problems
        if isinstance(seat, str):
            return None, problems
        return PackEntry(Source(rule_text, os.path.normpath(rule_path)), seat), []
    assert rule.text is not None
    node = locator.node(("rules", index, "text"))
    if isinstance(node, yaml.ScalarNode) and (
        node.style == ">" or (node.style != "|" and node.start_mark.line != node.end_mark.line)
    ):
        # folding joins lines, which would change an indentation-based rule and its positions
        line, col = locator.position(("rules", index, "text"))
        message = _("`{where}`: this text is folded into one line").format(
            where=f"rules.{index}.text"
        )
        hint = _("write a rule of several lines as a literal block: `text: |`")
        problems.append(PackProblem(path, line, col, message, BAD_SHAPE, hint))
    if problems or isinstance(seat, str):
        return None, problems
    line_offset, column_offset = text_offsets(node, lines)
    where = text_positions(node, text)
    source = Source(rule.text, path, line_offset, column_offset, position_map=where)
    return PackEntry(source, seat), []


def _read_rule_file(folder: Path, written: str, confine: bool) -> str:
    """A `file:` entry's text: confined to regular files inside the pack's folder (unless
    `confine` is off) and bounded in size. OSError or UnicodeDecodeError otherwise."""
    rule_path = folder / written
    if confine and not _inside(os.path.realpath(rule_path), _home(folder)):
        raise FileRefused(
            str(rule_path),
            _(
                "it is outside the pack's folder and the one above it (`--any-rule-file` "
                "allows that)"
            ),
        )
    data = read_bounded(rule_path, MAX_RULE_FILE_BYTES, regular=True)
    return data.removeprefix(b"\xef\xbb\xbf").decode("utf-8")


def _home(folder: Path) -> str:
    """The folder `file:` entries are confined to: the one that holds the pack's folder, so
    the documented layout (`packs/` beside `rules/`, `file: ../rules/x.lopti`) works and
    `../../` does not; the pack's own folder when the one above it is the filesystem root."""
    home = os.path.realpath(folder)
    above = os.path.dirname(home)
    return home if above == os.path.dirname(above) else above


def _inside(path: str, folder: str) -> bool:
    return os.path.commonpath([path, folder]) == folder


def _shown(text: str) -> str:
    """A name from a file, safe to print: control characters escaped."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


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
            message = _("the player `{player}` is listed twice").format(player=player)
            return [PackProblem(locator.path, line, col, message, BAD_SHAPE)]
        seen.add(player.lower())
    return []


DECK = 52  # S1: the cards a deal shares out (S3)


def _undealable(pack: Pack, locator: yamlsafe.Locator) -> list[PackProblem]:
    """A `base:` deal the pack's own roster cannot be dealt from one deck (S3), at `base`."""
    if pack.players is None:
        return []
    each = pack.base.face_down + pack.base.face_up + pack.base.hand
    need = each * len(pack.players)
    if need <= DECK:
        return []
    line, col = locator.position(("base",))
    message = _(
        "the `base:` deal gives each player {each} cards, {need} for the {n} players of this "
        "pack, and a deck has {deck} (S3)"
    ).format(each=each, need=need, n=len(pack.players), deck=DECK)
    hint = _("deal fewer cards (`face_down`, `face_up`, `hand`) or seat fewer players")
    return [PackProblem(locator.path, line, col, message, BAD_SHAPE, hint)]


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
            return _("author seat {seat} does not exist (seats are 0..{last})").format(
                seat=author, last=size - 1
            )
        return author
    if roster is None:
        return _(
            "author `{author}` needs a `players` roster to name; or give a seat number"
        ).format(author=author)
    lowered = [p.lower() for p in roster]
    if author.lower() not in lowered:
        return _("author `{author}` is not one of the players ({players})").format(
            author=author, players=", ".join(roster)
        )
    return lowered.index(author.lower())


def text_offsets(node: yaml.Node | None, lines: Sequence[str]) -> tuple[int, int]:
    """Line and column offsets that map inline rule text back into the pack file (given as
    its lines, split once): exact for a literal block (whatever its indentation indicator:
    `|`, `|2`, `|-`) and for a one-line scalar without escapes. A quoted scalar with escapes
    also needs `text_positions`."""
    if not isinstance(node, yaml.ScalarNode):
        return (0, 0)
    mark = node.start_mark
    if node.style == "|":
        return (mark.line + 1, _literal_indent(node, lines))
    quoted = 1 if node.style in ("'", '"') else 0
    return (mark.line, mark.column + quoted)


def _literal_indent(node: yaml.ScalarNode, lines: Sequence[str]) -> int:
    """The column where a literal block's text begins: the content starts on the line after
    the `|` header, one line of text per line of file, so the first line with text shows how
    far the block is indented (an indentation indicator such as `|2` may leave spaces of the
    text itself in front of it, which this keeps in the text, not in the offset)."""
    first = node.start_mark.line + 1
    for number, value_line in enumerate(str(node.value).split("\n"), start=first):
        if number >= len(lines):
            break
        if value_line.strip():
            raw = lines[number]
            return len(raw) - len(value_line) if raw.endswith(value_line) else 0
    return 0


def text_positions(node: yaml.Node | None, text: str) -> PositionMap | None:
    """Every column of a one-line quoted scalar's text, placed in the pack file through its
    escapes (`\"`, `\\`, `\n` in double quotes, `''` in single quotes): a `\n` starts a new
    line of the rule on the same line of the pack. None for other styles, whose offsets are
    exact, and if the walk does not give back the loaded text (it always should)."""
    if not isinstance(node, yaml.ScalarNode) or node.style not in ("'", '"'):
        return None
    start, end = node.start_mark, node.end_mark
    if start.line != end.line or text[start.index : start.index + 1] != node.style:
        return None
    raw = text[start.index + 1 : end.index - 1]
    line, first = start.line + 1, start.column + 2  # 1-based: the character after the quote
    rows: list[list[tuple[int, int]]] = [[]]
    chars: list[str] = []
    index = 0
    while index < len(raw):
        here = (line, first + index)
        char, width = _scalar_char(raw, index, node.style)
        rows[-1].append(here)  # a newline's place is its line's "just past the end"
        if char == "\n":
            rows.append([])
        chars.append(char)
        index += width
    rows[-1].append((line, first + len(raw)))  # the closing quote
    if "".join(chars) != node.value:
        return None
    return PositionMap(tuple(tuple(row) for row in rows))


def _scalar_char(raw: str, index: int, style: str) -> tuple[str, int]:
    """The character that `raw[index:]` stands for in a one-line quoted scalar, and how many
    characters of the file it takes."""
    char = raw[index]
    if style == "'":
        return ("'", 2) if raw.startswith("''", index) else (char, 1)
    if char != "\\" or index + 1 >= len(raw):
        return (char, 1)
    code = raw[index + 1]
    if code in yaml.scanner.Scanner.ESCAPE_REPLACEMENTS:
        return (yaml.scanner.Scanner.ESCAPE_REPLACEMENTS[code], 2)
    size = yaml.scanner.Scanner.ESCAPE_CODES.get(code)
    if size is not None:
        digits = raw[index + 2 : index + 2 + size]
        try:
            return (chr(int(digits, 16)), 2 + size)
        except ValueError:
            return (char, 1)
    return (char, 1)


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
            message = _("unknown key `{key}`").format(key=loc[-1])
            hint = did_you_mean(str(loc[-1]), _keys_at(loc))
        else:
            line, col = locator.position(loc)
            where = ".".join(str(p) for p in loc) or _("the pack")
            message = f"`{where}`: {schema_words(error)}"
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
