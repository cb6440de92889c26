"""The tilesets an exported map references, copied beside it when the game is installed.

Apart from `resources` (where the files are) because it writes (`safe_write`), which
itself asks `resources` what is shipped: in one module they would import each other.
"""

from __future__ import annotations

from pathlib import Path

from dragonnoir import resources
from dragonnoir.safe_write import write_bytes


def tilesets_for_export(out: Path) -> Path | None:
    """The tileset folder an exported TMX at `out` should reference.

    In a checkout, None: the TMX points at the repository's `maps/tilesets/` (relative
    paths, as the committed boards do). In an installed copy the bundled tilesets sit in
    site-packages or, for a one-file binary, in a temporary folder that is gone when the
    program exits, so they are copied to `tilesets/` beside `out` and referenced there:
    the exported map opens in Tiled wherever it is moved with that folder.

    A folder holding different tilesets (the player's edits, or those of another version
    of the game, which other maps there still use) is never overwritten: the copy goes to
    the first of `tilesets-2/`, `tilesets-3/`... whose files are absent or the same.
    """
    if resources.is_checkout():
        return None
    sources = [p for p in sorted(resources.tileset_dir().iterdir()) if p.suffix in (".tsx", ".png")]
    base = out.resolve().parent
    for n in range(1, 1000):
        target = base / ("tilesets" if n == 1 else f"tilesets-{n}")
        if all(_absent_or_same(src, target / src.name) for src in sources):
            break
    else:
        raise resources.ResourceError(
            f"{base}: no free tilesets folder (tilesets-2 ... tilesets-999)"
        )
    for src in sources:
        if not (target / src.name).exists():
            write_bytes(target / src.name, src.read_bytes())
    return target


def _absent_or_same(src: Path, dest: Path) -> bool:
    return not dest.exists() or (dest.is_file() and dest.read_bytes() == src.read_bytes())
