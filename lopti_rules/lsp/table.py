"""The table a workspace's rules are checked for: the pack its rules in force come from.

A workspace names its pack in either of two places (the first found wins):
- the client's setting `pack` (LSP `initializationOptions` or the `lopti` section of
  `workspace/didChangeConfiguration`), a path relative to the workspace root;
- a `lopti.toml` at the workspace root holding `pack = "path/to/pack.yaml"` (relative to it).

A rule file is then checked together with the pack's rules (the way `lopti check --with`
does) and with its roster. The pack is loaded again only when its file changes; a pack that
does not load is left out (its own problems show when the pack file itself is opened).
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lopti_rules.packs.pack import LoadedPack

CONFIG_FILE = "lopti.toml"


def configured_pack(root: Path | None, setting: object) -> Path | None:
    """The pack's path from the setting, else from `lopti.toml` at `root`, else None."""
    if isinstance(setting, str) and setting.strip():
        path = Path(setting).expanduser()
        return path if path.is_absolute() or root is None else root / path
    if root is None:
        return None
    config = root / CONFIG_FILE
    try:
        data = tomllib.loads(config.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    pack = data.get("pack")
    return root / pack if isinstance(pack, str) and pack.strip() else None


@dataclass(slots=True)
class Table:
    """The workspace's pack, loaded on demand and again whenever its file changes."""

    root: Path | None = None
    setting: object = None
    _cached: tuple[Path, float, LoadedPack | None] | None = field(
        default=None, init=False, repr=False
    )

    def pack_path(self) -> Path | None:
        return configured_pack(self.root, self.setting)

    def pack(self) -> LoadedPack | None:
        """The loaded pack, or None when none is named or it does not load."""
        path = self.pack_path()
        if path is None:
            return None
        try:
            stamp = path.stat().st_mtime
        except OSError:
            return None
        if self._cached is not None and self._cached[:2] == (path, stamp):
            return self._cached[2]
        from lopti_rules.packs.pack import PackError, load_pack

        try:
            loaded: LoadedPack | None = load_pack(path)
        except (PackError, OSError, UnicodeDecodeError):
            loaded = None
        self._cached = (path, stamp, loaded)
        return loaded


def same_file(a: str | Path, b: str | Path) -> bool:
    return os.path.normcase(os.path.realpath(a)) == os.path.normcase(os.path.realpath(b))
