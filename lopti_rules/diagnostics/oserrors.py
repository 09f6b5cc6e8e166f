"""Why the system refused a file, in the reader's language.

Takes an `OSError`; produces its reason as a phrase ("there is no such file or folder"). The
system's own words (`strerror`) are English whatever the reader's language, so the reasons a
person meets at a table (a mistyped path, a folder given for a file, a file they may not read,
a full or read-only disk) are said from the catalogue by their error number; any other keeps
the system's words. An error lopti raised itself (`packs.files.FileRefused`) carries its own
translated reason and has no number.
"""

from __future__ import annotations

import errno

from lopti_rules.i18n import N_, _

_REASONS = {
    errno.ENOENT: N_("there is no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EISDIR: N_("it is a folder, not a file"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EROFS: N_("the disk is read-only"),
    errno.EADDRINUSE: N_("the address is already in use"),
}


def os_reason(exc: OSError) -> str:
    """`exc`'s reason, translated where it is one a person commonly meets."""
    said = _REASONS.get(exc.errno) if exc.errno is not None else None
    if said is not None:
        return _(said)
    return exc.strerror or str(exc)
