"""The editor's recent files: the boards and layouts last opened or saved, newest first.

Kept as a small JSON list in the user's data folder (`<data>/editor/recent.json`), written
atomically; a missing or broken file is an empty list (recent files are a convenience,
never a reason to fail), and files that no longer exist are left out when listed.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from dragonnoir.safe_write import WriteError, write_text

#: How many files the list keeps.
MAX_RECENT = 10


def load_recent(path: Path) -> list[Path]:
    """The recent files in `path` that still exist, newest first."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(raw, list):
        return []
    return [Path(p) for p in raw if isinstance(p, str) and Path(p).is_file()]


def remember(path: Path, opened: Path) -> list[Path]:
    """Put `opened` first in the list in `path` (once), keep `MAX_RECENT`, write it back
    (a write that fails is ignored) and return the list."""
    target = opened.resolve()
    files = [target, *(p for p in load_recent(path) if p.resolve() != target)][:MAX_RECENT]
    with contextlib.suppress(WriteError):
        write_text(path, json.dumps([str(p) for p in files], indent=1) + "\n")
    return files
