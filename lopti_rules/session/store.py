"""The session file: readable YAML in, readable YAML out, never half written.

Takes: a path. Produces: a `Session` (`load`), the file (`save`), or the rules in force as
a rule pack's YAML (`pack_yaml`). Guarantees:

- reading uses the safe YAML loader only (`lopti_rules.packs.yamlsafe`); every problem (not YAML,
  an unknown key, a wrong value, a fact a hand edit broke, a rule in force the checker
  rejects) is a `SessionFileError` whose message starts with `file:line:col:` of the
  offending node (for a rule, of the place in its text);
- writing is atomic: the text goes to a temporary file in the same folder, is flushed and
  fsynced, then `os.replace`d over the session file (and the folder is fsynced), so a crash
  mid-write leaves the old file or the new one, never a mix, and the file keeps its
  permissions;
- the YAML is meant to be read and edited by people: keys in a fixed order, rule texts as
  block scalars, empty sections left out, a comment at the top.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from lopti_rules.api import check_sources
from lopti_rules.diagnostics.source import Source
from lopti_rules.packs import yamlsafe
from lopti_rules.packs.pack import text_offsets
from lopti_rules.session.model import FactError, SessionState
from lopti_rules.session.procedure import Session

HEADER = (
    "# A Lopti session, kept by `lopti session` (docs/sessions.md). You may edit it by hand;\n"
    "# `lopti session show` reports any problem with its line and column.\n"
)


class SessionFileError(ValueError):
    """A session file that cannot be used, as `file:line:col: what is wrong`."""


def load(path: str | Path) -> Session:
    """Read a session file. `SessionFileError` for its problems; `OSError` if unreadable."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise SessionFileError(f"{name}:1:1: the session file is not UTF-8 text") from None
    return Session(parse(text, name))


def parse(text: str, path: str) -> SessionState:
    """Validate a session file's text: its YAML, its shape, its facts, and the rules in
    force (parsed and checked together with the roster, positions in the session file)."""
    try:
        data, locator = yamlsafe.load(text, path)
    except yamlsafe.YamlError as exc:
        raise SessionFileError(str(exc)) from None
    if not isinstance(data, dict):
        raise SessionFileError(f"{path}:1:1: a session file is a mapping with `players`")
    state = _validate(data, locator)
    _check_rules(state, locator, text)
    return state


def _check_rules(state: SessionState, locator: yamlsafe.Locator, text: str) -> None:
    """The checker's first error in the rules in force now or next round, at its place."""
    session = Session(state)
    where = {id(r): ("rules", i) for i, r in enumerate(state.rules)}
    where |= {id(r): ("removed", i) for i, r in enumerate(state.removed)}
    lines = text.splitlines()
    for k in sorted({session.current, session.current + 1}):
        sources = []
        for rule in session.rules_in_force(k):
            node = locator.node((*where[id(rule)], "text"))
            line, column = text_offsets(node, lines)
            sources.append(Source(rule.text, locator.path, line, column))
        errors = [d for d in check_sources(sources, roster=state.players) if d.is_error]
        if errors:
            d = errors[0]
            raise SessionFileError(
                f"{d.file}:{d.span.line}:{d.span.column}: {d.code} {d.message} (a rule in "
                f"force in round {k}; `lopti check` on the exported pack shows every problem)"
            )


def _validate(data: dict[str, object], locator: yamlsafe.Locator) -> SessionState:
    path = locator.path
    try:
        return SessionState.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        loc = tuple(p for p in error["loc"] if isinstance(p, str | int))
        cause = error.get("ctx", {}).get("error")
        if isinstance(cause, FactError):
            loc = (*loc, *cause.loc)
        line, col = locator.position(loc)
        where = ".".join(str(p) for p in loc)
        message = str(error["msg"]).removeprefix("Value error, ")
        if error["type"] == "extra_forbidden":
            message = f"unknown key `{loc[-1]}`"
        elif where and not isinstance(cause, FactError):
            message = f"`{where}`: {message[:1].lower()}{message[1:]}"
        raise SessionFileError(f"{path}:{line}:{col}: {message}") from None


def dump(state: SessionState) -> str:
    """The session as readable YAML (the header comment, then the data)."""
    data = state.model_dump(mode="json", exclude_defaults=False)
    return HEADER + yaml.dump(
        _tidy(data), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=4096
    )


def _tidy(value: Any) -> Any:
    """Leave out empty lists and None values, so the file shows only what happened."""
    if isinstance(value, dict):
        return {k: _tidy(v) for k, v in value.items() if v not in (None, [], "")}
    if isinstance(value, list):
        return [_tidy(v) for v in value]
    return value


class _Dumper(yaml.SafeDumper):
    pass


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value else None
    if style:
        value = "\n".join(line.rstrip() for line in value.split("\n"))
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


def _list(dumper: yaml.SafeDumper, value: list[Any]) -> yaml.SequenceNode:
    flow = bool(value) and all(isinstance(v, str | int | bool) for v in value)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)


_Dumper.add_representer(str, _str)
_Dumper.add_representer(list, _list)


def save(session: Session, path: str | Path) -> None:
    """Write the session file atomically (temp file, fsync, `os.replace`)."""
    write_atomic(path, dump(session.state))


def write_atomic(path: str | Path, text: str) -> None:
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        os.chmod(temp, _mode(target))
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable where possible
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _mode(target: Path) -> int:
    """The session file's permissions: kept when it exists, else what the umask allows
    (mkstemp would leave it readable by its owner only)."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def pack_data(session: Session, k: int | None = None) -> dict[str, Any]:
    """The rules in force for round `k` (default: the current round) as a rule pack."""
    state = session.state
    options = session.options(k).model_dump()
    data: dict[str, Any] = {"name": state.name, "players": list(state.players)}
    if options != type(session.options(1))().model_dump():
        data["base"] = options
    data["rules"] = [
        {"author": rule.author, "text": rule.text if rule.text.endswith("\n") else rule.text + "\n"}
        for rule in session.rules_in_force(k)
    ]
    return data


def pack_yaml(session: Session, k: int | None = None) -> str:
    k = session.current if k is None else k
    head = f"# The rules in force in round {k} of the session `{session.state.name}`.\n"
    body = yaml.dump(pack_data(session, k), Dumper=_Dumper, sort_keys=False, allow_unicode=True)
    return head + body
