"""Where the client keeps its files: settings in the user's config folder, saves and the
autosave in the user's data folder (platformdirs).

`DRAGONNOIR_HOME`, when set, puts both under one folder (`$DRAGONNOIR_HOME/config`,
`$DRAGONNOIR_HOME/data`): tests, portable installs and screenshots use it so they never
touch the player's real files.
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from pathlib import Path

from platformdirs import user_cache_dir, user_config_dir, user_data_dir

from dragonnoir.safe_write import write_text

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


def cache_dir() -> Path:
    """Files the client can make again (scenario thumbnails); not created. Under
    `DRAGONNOIR_HOME`: `$DRAGONNOIR_HOME/cache`."""
    home = _home()
    return home / "cache" if home else Path(user_cache_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_FILE


def view_path() -> Path:
    """Where the camera of the autosaved game is kept (beside the autosave)."""
    return data_dir() / "autosave.view"


def write_view(zoom: float, x: float, y: float) -> None:
    """Keep the autosaved game's camera (`view_path`), atomically as every file is; a
    `WriteError` when it cannot be written."""
    write_text(view_path(), json.dumps({"zoom": zoom, "x": x, "y": y}))


#: The longest stem a save file name is given (the whole name stays far below the
#: 255 bytes file systems allow, whatever the time stamp and counter added to it).
MAX_STEM = 60


def file_stem(text: str, fallback: str = "game") -> str:
    """`text` (a scenario id, a name: anything a file may have carried) made into a safe
    part of a file name: letters, digits, `-` and `_` only (accents dropped), no leading
    dot, at most `MAX_STEM` characters; `fallback` when nothing is left. So a scenario
    id such as "../../x" or "/etc/passwd" can never name a file outside the saves
    folder, a hidden file, or a reserved Windows name."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", ascii_text).strip("-_")[:MAX_STEM].strip("-_")
    if stem.upper() in _WINDOWS_RESERVED:
        stem = f"{stem}-save"
    return stem or fallback


_WINDOWS_RESERVED = frozenset(
    {"CON", "PRN", "AUX", "NUL"} | {f"{p}{n}" for p in ("COM", "LPT") for n in range(1, 10)}
)


def save_file_path(name: str, folder: Path | None = None) -> Path:
    """The file `name` in the saves folder (or `folder`); ValueError when the result
    would not lie directly inside it (a name with a separator, `..`, an absolute path).
    Every save file name the client makes goes through here."""
    base = saves_dir() if folder is None else folder
    candidate = base / name
    if (
        not name
        or name in (".", "..")
        or Path(name).name != name
        or "/" in name
        or "\\" in name
        or "\0" in name
        or candidate.parent != base
    ):
        raise ValueError(f"{name!r} is not a file name inside the saves folder")
    return candidate
