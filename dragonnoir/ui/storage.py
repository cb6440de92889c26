"""Where the client keeps its files: settings in the user's config folder, saves and the
autosave in the user's data folder (platformdirs).

`DRAGONNOIR_HOME`, when set, puts both under one folder (`$DRAGONNOIR_HOME/config`,
`$DRAGONNOIR_HOME/data`): tests, portable installs and screenshots use it so they never
touch the player's real files.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from platformdirs import user_config_dir, user_data_dir

APP_NAME = "dragonnoir"
HOME_ENV = "DRAGONNOIR_HOME"
SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.json"


def _home() -> Path | None:
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value) if value else None


def config_dir() -> Path:
    """The settings folder (not created)."""
    home = _home()
    return home / "config" if home else Path(user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """The folder of the autosave and the saves folder (not created)."""
    home = _home()
    return home / "data" if home else Path(user_data_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_FILE


def write_text_atomic(target: Path, text: str) -> None:
    """Write `text` to `target` through a temporary file in the same folder and a rename:
    a crash leaves the old file or the new one, never half of one."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
