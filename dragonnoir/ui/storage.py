"""Where the client keeps its files: settings in the user's config folder, saves and the
autosave in the user's data folder (platformdirs).

The folders themselves are `dragonnoir/user_folders.py`'s (`DRAGONNOIR_HOME` puts them
under one folder for tests and portable installs).
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

from dragonnoir.safe_write import write_text

# The folders, named here too for the client's modules and tests (explicit re-exports).
from dragonnoir.user_folders import APP_NAME as APP_NAME
from dragonnoir.user_folders import HOME_ENV as HOME_ENV
from dragonnoir.user_folders import cache_dir as cache_dir
from dragonnoir.user_folders import config_dir as config_dir
from dragonnoir.user_folders import data_dir as data_dir

SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.json"


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
