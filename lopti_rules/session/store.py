"""The session file: readable YAML in, readable YAML out, never half written.

Takes: a path. Produces: a `Session` (`load`), the file (`save`), or the rules in force as
a rule pack's YAML (`pack_yaml`). Guarantees:

- reading uses the safe YAML loader only (`lopti_rules.packs.yamlsafe`); every problem (not YAML,
  an unknown key, a wrong value, a fact a hand edit broke, a rule in force the checker
  rejects) is a `SessionFileError` whose message starts with `file:line:col:` of the
  offending node (for a rule, of the place in its text);
- writing is atomic: the text goes to a temporary file in the same folder, is flushed and
  fsynced, then `os.replace`d over the session file (and the folder is fsynced), so a crash
  or a full disk leaves the old file or the new one, never a mix; the file keeps its
  permissions, a symlink keeps pointing at the (updated) target, and a read-only file or a
  device is refused (`lopti_rules.packs.files`);
- a command that changes the session holds its lock (`locked`) from reading to saving, so two
  commands at once run one after the other (the second says it waits) and no change is lost;
- the YAML is meant to be read and edited by people: keys in a fixed order, rule texts as
  block scalars, empty sections left out, a comment at the top.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from lopti_rules.api import check_sources
from lopti_rules.diagnostics.oserrors import os_reason
from lopti_rules.diagnostics.schema import schema_words
from lopti_rules.diagnostics.source import Source
from lopti_rules.i18n import _
from lopti_rules.packs import yamlsafe
from lopti_rules.packs.files import FileRefused, read_bounded, write_atomic
from lopti_rules.packs.pack import text_offsets
from lopti_rules.session.model import FactError, SessionState
from lopti_rules.session.procedure import Session

LOCK_TIMEOUT = 30.0  # seconds a command waits for another one on the same session
MAX_SESSION_BYTES = 8_000_000

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
        text = read_bounded(path, MAX_SESSION_BYTES, regular=True).decode("utf-8")
    except UnicodeDecodeError:
        said = _("the session file is not UTF-8 text")
        raise SessionFileError(f"{name}:1:1: {said}") from None
    return Session(parse(text, name))


def parse(text: str, path: str) -> SessionState:
    """Validate a session file's text: its YAML, its shape, its facts, and the rules in
    force (parsed and checked together with the roster, positions in the session file)."""
    try:
        data, locator = yamlsafe.load(text, path)
    except yamlsafe.YamlError as exc:
        raise SessionFileError(str(exc)) from None
    if not isinstance(data, dict):
        said = _("a session file is a mapping with `players`")
        raise SessionFileError(f"{path}:1:1: {said}")
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
            said = _(
                "{code} {message} (a rule in force in round {k}; `lopti check` on the "
                "exported pack shows every problem)"
            ).format(code=d.code, message=d.message, k=k)
            raise SessionFileError(f"{d.file}:{d.span.line}:{d.span.column}: {said}")


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
        message = schema_words(error)
        if error["type"] == "extra_forbidden":
            message = _("unknown key `{key}`").format(key=loc[-1])
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


# libyaml's emitter when PyYAML has it: the same text (the representers below decide the
# layout), about four times faster, so a save holds the interpreter for less time
_Emitter: type[yaml.SafeDumper] = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class _Dumper(_Emitter):  # type: ignore[valid-type,misc]
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
    """Write the session file atomically (`lopti_rules.packs.files.write_atomic`: a temporary
    file beside the real target, fsync, `os.replace`; a symlink is followed; a read-only file
    or a device is refused). OSError naming `path` when it cannot be saved. Each save
    counts one more `revision` (kept as it was when the save fails)."""
    state = session.state
    state.revision += 1
    try:
        write_atomic(path, dump(state))
    except BaseException:
        state.revision -= 1
        raise


def prepared_against(session: Session, revision: int | None, path: str | Path) -> None:
    """`StaleRevision` unless the session is at `revision` (None: any): a step prepared
    against another revision of the file is never applied to what it has become."""
    if revision is not None and session.state.revision != revision:
        said = _(
            "{path} is at revision {now}, not {then}: another command changed it since; "
            "look at it again and repeat the step"
        )
        raise StaleRevision(said.format(path=path, now=session.state.revision, then=revision))


class StaleRevision(ValueError):
    """A step prepared against an older revision of the session file, as one sentence."""


@contextlib.contextmanager
def locked(
    path: str | Path,
    *,
    timeout: float = LOCK_TIMEOUT,
    waiting: Callable[[str], None] | None = None,
) -> Iterator[None]:
    """Hold the session's lock for a read-modify-write: an exclusive `flock` on a lock file
    beside the session file's real target (`.NAME.lock`), so two commands on one session
    run one after the other and no change is lost. `waiting(message)` is told once when
    another command holds it; after `timeout` seconds `SessionBusy`."""
    real = Path(os.path.realpath(path))
    if real.exists() and not real.is_file():
        raise FileRefused(str(path), _("it is not a regular file"))
    lock_path = real.parent / f".{real.name}.lock"
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as exc:
        reason = _("cannot lock the session: {reason}").format(reason=os_reason(exc))
        raise FileRefused(str(path), reason) from None
    try:
        deadline = time.monotonic() + timeout
        told = False
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    said = _(
                        "{path} is in use by another `lopti session` command (waited "
                        "{seconds} s): try again when it has finished"
                    )
                    raise SessionBusy(said.format(path=path, seconds=f"{timeout:g}")) from None
                if not told and waiting is not None:
                    said = _("waiting for another `lopti session` command to finish with {path}")
                    waiting(said.format(path=path))
                    told = True
                time.sleep(0.01)
        yield
    finally:
        os.close(fd)  # closing the file releases the lock


class SessionBusy(OSError):
    """The session file stayed locked by another command for the whole timeout."""


def pack_data(session: Session, k: int | None = None) -> dict[str, Any]:
    """The rules in force for round `k` (default: the current round) as a rule pack."""
    state = session.state
    changed = session.options(k).changed()  # only the variants away from RULES.md
    data: dict[str, Any] = {"name": state.name, "players": list(state.players)}
    if changed:
        data["base"] = changed
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
