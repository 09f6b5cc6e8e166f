"""What the commands take as files: a rule file, a folder of them, or `-` for standard input.

`expand(paths)` turns each folder into the rule files (`*.lopti`) under it, at any depth, in
sorted order, and keeps files and `-` as given. A folder without rule files is a usage
mistake (`InputError`, exit 2), as is a path that does not exist.
"""

from __future__ import annotations

from pathlib import Path

from lopti_rules.i18n import _

STDIN = "-"
STDIN_NAME = "<stdin>"


class InputError(ValueError):
    """A path that names nothing to read (one sentence, without the final stop)."""


def expand(paths: tuple[str, ...] | list[str]) -> list[str]:
    """Files and `-` as given; each folder replaced by its `*.lopti` files, sorted."""
    found: list[str] = []
    for path in paths:
        if path == STDIN:
            found.append(path)
            continue
        where = Path(path)
        if where.is_dir():
            inside = sorted(str(f) for f in where.rglob("*.lopti") if f.is_file())
            if not inside:
                said = _("there are no rule files (*.lopti) in the folder {path}")
                raise InputError(said.format(path=path))
            found += inside
        elif where.exists():
            found.append(path)
        else:
            raise InputError(_("there is no file or folder {path}").format(path=path))
    if found.count(STDIN) > 1:
        raise InputError(_("standard input (`-`) can be read only once"))
    return found
