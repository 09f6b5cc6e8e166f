"""Reading and writing the project's data files safely: bounded reads, atomic writes.

Takes: paths. Produces: text (`read_bounded`) or a replaced file (`write_atomic`).
Guarantees (docs/limits.md):

- `read_bounded` reads at most `limit` bytes and refuses, with one sentence, what is larger
  (`/dev/zero` is never read to the end) and, with `regular=True`, anything that is not a
  regular file (a FIFO is opened without blocking, so it never hangs);
- `write_atomic` writes the new text to a temporary file in the same folder as the file's real
  target (a symlink is followed, so the link stays and its target is updated), flushes and
  fsyncs it, then `os.replace`s it over the target: a crash or a full disk leaves the old file
  or the new one, never a mix. It refuses to replace anything but a regular file (a device such
  as `/dev/full`, a folder) and a file that is not writable (a read-only session file stays
  as it is), keeps the file's permissions, and its errors name the real file, never the
  temporary one.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from lopti_rules.diagnostics.oserrors import os_reason
from lopti_rules.i18n import _, grouped


class FileRefused(OSError):
    """A file this module will not read or replace; its message is one sentence."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(reason)
        self.filename = path
        self.strerror = reason
        self.reason = reason

    def __str__(self) -> str:
        return f"{self.filename}: {self.reason}"


def read_bounded(path: str | Path, limit: int, *, regular: bool = False) -> bytes:
    """The file's bytes; FileRefused when it holds more than `limit` bytes or (with
    `regular`) is not a regular file; OSError when it cannot be opened."""
    name = str(path)
    fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        mode = os.fstat(fd).st_mode
        if regular and not stat.S_ISREG(mode):
            raise FileRefused(name, _("it is not a regular file ({kind})").format(kind=_kind(mode)))
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(21, _("it is a folder"), name)
        os.set_blocking(fd, True)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:
        said = _("it is larger than the limit of {limit} bytes").format(limit=grouped(limit))
        raise FileRefused(name, said)
    return b"".join(chunks)


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return _("a FIFO")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("not a plain file")


def write_atomic(path: str | Path, text: str, *, durable: bool = True) -> None:
    """Replace the file's content with `text` atomically (see the module doc); OSError
    (naming `path`) when it cannot. Not `durable`: the same, without waiting for the disk
    (no fsync): a crash of the program still leaves the old file or the new one, a power
    cut may leave the old one."""
    name = str(path)
    target = Path(os.path.realpath(name))
    try:
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    if info is not None:
        if not stat.S_ISREG(info.st_mode):
            said = _("it is not a regular file ({kind})").format(kind=_kind(info.st_mode))
            raise FileRefused(name, said)
        if not info.st_mode & 0o222 or not os.access(target, os.W_OK):
            raise FileRefused(name, _("the file is read-only"))  # also for root, who may write it
    folder = target.parent
    try:
        handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise _named(exc, name) from None
    try:
        os.chmod(temp, info.st_mode & 0o7777 if info is not None else _default_mode())
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            if durable:
                os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise _named(exc, name) from None
        raise
    if not durable:
        return
    with contextlib.suppress(OSError):  # make the rename itself durable where possible
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _named(exc: OSError, name: str) -> OSError:
    """The same error, naming the file the user gave (not the temporary file)."""
    reason = os_reason(exc)
    return OSError(exc.errno, reason, name)


def _default_mode() -> int:
    """What the umask allows a new file (mkstemp alone would leave it owner-only)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
