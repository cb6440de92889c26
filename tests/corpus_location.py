"""Where the shared TMX corpus is: `$DN_TMX_CORPUS`, else `shared/tmx-corpus` beside the
repository (a clone next to `shared/`, as in CI), else beside the folder holding the
repository (a worktree in `wt/issue-N/` next to `shared/`). Tests that need it skip when
it is nowhere."""

from __future__ import annotations

import os
from pathlib import Path

_REPO = Path(__file__).resolve().parents[1]


def _find() -> Path:
    named = os.environ.get("DN_TMX_CORPUS")
    if named:
        return Path(named).resolve()
    candidates = [base / "shared" / "tmx-corpus" for base in (_REPO.parent, _REPO.parent.parent)]
    return next((c for c in candidates if c.is_dir()), candidates[0])


CORPUS = _find()
