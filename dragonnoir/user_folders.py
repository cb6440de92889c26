"""Where the player's files are: the config, data and cache folders (platformdirs).

Low-level on purpose: the engine's readers need the player's data folder (a name inside
a file may point into it, `safe_read.named_file`), the rules folder lives in it, and
none of them may import the client (`dragonnoir/ui/`). The client's `ui/storage.py`
names its files inside these folders.

`DRAGONNOIR_HOME`, when set, puts all three under one folder (`$DRAGONNOIR_HOME/config`,
`$DRAGONNOIR_HOME/data`, `$DRAGONNOIR_HOME/cache`): tests, portable installs and
screenshots use it so they never touch the player's real files.
"""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_cache_dir, user_config_dir, user_data_dir

APP_NAME = "dragonnoir"
HOME_ENV = "DRAGONNOIR_HOME"


def _home() -> Path | None:
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value) if value else None


def config_dir() -> Path:
    """The settings folder (not created)."""
    home = _home()
    return home / "config" if home else Path(user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """The player's data folder: saves, the autosave, their own boards, layouts,
    scenarios, campaigns and rules files (not created)."""
    home = _home()
    return home / "data" if home else Path(user_data_dir(APP_NAME, appauthor=False))


def cache_dir() -> Path:
    """Files the client can make again (scenario thumbnails); not created."""
    home = _home()
    return home / "cache" if home else Path(user_cache_dir(APP_NAME, appauthor=False))
