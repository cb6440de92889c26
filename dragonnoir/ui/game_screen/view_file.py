"""Where the camera looks, kept beside the autosave so that Continue opens the game
where it was left. A failure loses only the view."""

from __future__ import annotations

import contextlib

from dragonnoir.errors import DataFileError
from dragonnoir.render.camera import Camera
from dragonnoir.safe_read import parse_json, read_text
from dragonnoir.safe_write import WriteError
from dragonnoir.ui.storage import view_path, write_view


def keep_view(cam: Camera) -> None:
    """Write the camera's zoom and centre (a failure to write is ignored)."""
    cx, cy = cam.to_map(cam.view_w / 2, cam.view_h / 2)
    with contextlib.suppress(WriteError):
        write_view(cam.zoom, cx, cy)


def restore_view(cam: Camera) -> bool:
    """The camera of the last autosave (Continue); False when there is none."""
    try:  # the safe reader: a FIFO or deep nesting there must not stop Continue
        view = parse_json(read_text(view_path(), limit=64 * 1024))
        zoom, x, y = float(view["zoom"]), float(view["x"]), float(view["y"])
    except (DataFileError, ValueError, LookupError, TypeError):
        return False
    if not (0.05 <= zoom <= 10.0):
        return False
    cam.zoom = min(max(zoom, cam.min_zoom), cam.max_zoom)
    cam.center_on(x, y)
    return True
