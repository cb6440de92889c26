"""Where the game's files are: the one place that knows how the program is installed.

Every file the program reads at run time is found through this module: the boards and
their tilesets (`maps/`), the board layouts (`layouts/`), the scenarios (`scenarios/`),
the generated art (`assets/`), the rules data (`dragonnoir/data/`) and the client's theme
(`dragonnoir/ui/theme.json`). The same calls work in three installations:

- an editable checkout (`pip install -e .`): `maps/`, `layouts/`, `scenarios/`, `campaigns/` and
  `assets/` are the repository's top-level folders, next to the `dragonnoir/` package;
- a wheel (`pip install .`): the build copies those five folders into the package as
  `dragonnoir/_content/` (see `setup.py`), and `importlib.resources` finds them there;
- a frozen binary (pyinstaller, `build/dragonnoir.spec`): the spec puts them at the same
  place, `dragonnoir/_content/`, inside the bundle.

Why two places instead of moving the folders into the package: the boards, layouts and
scenarios are the project's documents — edited in Tiled, validated with
`dragonnoir validate maps/`, referenced by relative paths (`map = "../maps/fosse.tmx"`)
— and the repository's documented layout keeps them at the top. Relative references
between them hold in all three installations because the content folders stay siblings.

Fonts are not ours: pygame's FreeSans and pygame_gui's Noto Sans are found by those
packages inside themselves (the build collects their data).

The player's own boards, layouts and scenarios live in the user data folder
(platformdirs, `user_dir`), in sub-folders of the same names, so a scenario copied there
with its `../maps/` board keeps working. Bundled items are named by id: the file name
without its extension (`la-fosse`, `six-boards`, `fosse`); a player's file of the same id
comes first.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from dragonnoir.errors import DragonNoirError

#: The kinds of shipped files that can be named by id, and the extension of each.
Kind = Literal["maps", "layouts", "scenarios", "campaigns"]
EXTENSIONS: dict[str, str] = {
    "maps": ".tmx",
    "layouts": ".toml",
    "scenarios": ".toml",
    "campaigns": ".toml",
}
#: Top-level folders of the checkout that installed copies carry in `dragonnoir/_content/`.
CONTENT_FOLDERS = ("maps", "layouts", "scenarios", "campaigns", "assets")
CONTENT_DIR = "_content"
#: What each kind is called in messages.
NOUNS: dict[str, str] = {
    "maps": "board",
    "layouts": "layout",
    "scenarios": "scenario",
    "campaigns": "campaign",
}


class ResourceError(DragonNoirError):
    """A named item (board, layout, scenario) or the bundled files themselves are missing."""


@dataclass(frozen=True)
class Item:
    """One board, layout or scenario the program can open by id."""

    kind: str
    id: str
    path: Path
    bundled: bool


@cache
def package_dir() -> Path:
    """The `dragonnoir` package folder (in the bundle when frozen)."""
    # This module's own folder, as importlib.resources.files() answers for a package on
    # disk (checkout, wheel, pyinstaller bundle), without importing importlib.resources
    # and its tempfile, shutil, random... at every command's start (issue 16).
    here = Path(__file__).resolve().parent
    if here.is_dir():
        return here
    import importlib.resources

    root = importlib.resources.files("dragonnoir")
    if isinstance(root, Path):
        return root
    # A reader that is not a folder (a zip import): fall back on the module's location.
    return here


def is_frozen() -> bool:
    """True inside a pyinstaller build."""
    return bool(getattr(sys, "frozen", False))


@cache
def content_root() -> Path:
    """The folder holding `maps/`, `layouts/`, `scenarios/`, `campaigns/` and `assets/`."""
    packaged = package_dir() / CONTENT_DIR
    if packaged.is_dir():
        return packaged
    checkout = package_dir().parent
    if all((checkout / name).is_dir() for name in CONTENT_FOLDERS):
        return checkout
    raise ResourceError(
        f"the game's bundled files are missing: neither {packaged} nor "
        f"{checkout}/{{{','.join(CONTENT_FOLDERS)}}} exist; reinstall the program"
    )


def is_checkout() -> bool:
    """True when running from a source checkout (editable install or PYTHONPATH)."""
    return content_root() != package_dir() / CONTENT_DIR


def bundled_dir(folder: str) -> Path:
    """A shipped folder: `maps`, `layouts`, `scenarios` or `assets`."""
    if folder not in CONTENT_FOLDERS:
        raise ValueError(f"not a content folder: {folder!r}")
    return content_root() / folder


def is_shipped(path: Path | str) -> bool:
    """Is `path` one of the game's own files (its boards, layouts, scenarios, campaigns,
    art, or anything in the package, rules data included), in a checkout, a wheel or a
    binary? The program never writes those (`safe_write` refuses): a player's changes
    go to a copy in the user's folder."""
    try:
        roots = [content_root() / name for name in CONTENT_FOLDERS] + [package_dir()]
    except ResourceError:  # no bundled files at all: nothing of ours to protect
        return False
    target = Path(os.path.realpath(path))
    return any(target.is_relative_to(os.path.realpath(root)) for root in roots)


def tileset_dir() -> Path:
    """The standard board tilesets (terrain, levels, features: TSX + PNG)."""
    return bundled_dir("maps") / "tilesets"


def counters_dir() -> Path:
    """The sample counter chits drawn by the art script."""
    return bundled_dir("assets") / "counters"


def sounds_dir() -> Path:
    """The game's sounds, synthesised by tools/make_sounds.py."""
    return bundled_dir("assets") / "sounds"


def data_dir() -> Path:
    """The rules data files (`dragonnoir/data/*.toml`, docs/rules-tables.md)."""
    return package_dir() / "data"


def theme_file() -> Path:
    """The client's pygame_gui theme."""
    return package_dir() / "ui" / "theme.json"


def user_dir(kind: Kind) -> Path:
    """The player's own boards, layouts or scenarios (not created): a sub-folder of the
    user data folder (`DRAGONNOIR_HOME/data` when that is set)."""
    from dragonnoir.user_folders import data_dir as user_data_dir

    return user_data_dir() / kind


def items(kind: Kind) -> list[Item]:
    """Every board, layout or scenario available by id: the player's first, then the
    bundled ones whose id the player has not reused; each group sorted by id."""
    ext = EXTENSIONS[kind]
    out: list[Item] = []
    seen: set[str] = set()
    for folder, bundled in ((user_dir(kind), False), (bundled_dir(kind), True)):
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob(f"*{ext}")):
            if path.stem not in seen:
                seen.add(path.stem)
                out.append(Item(kind, path.stem, path, bundled))
    return out


def find(kind: Kind, name: str | Path) -> Path:
    """The file named by `name`: an existing file path as given, else the item of that
    id (`la-fosse`, or `la-fosse.toml`). Raises `ResourceError` listing the known ids."""
    path = Path(name)
    if os.path.isfile(path):  # False, not OSError, for a name too long for the system
        return path
    found = _by_id(kind, str(name))
    if found is not None:
        return found
    raise ResourceError(_not_found(str(name), (kind,)))


def find_map(name: str | Path) -> Path:
    """A board or a layout for `view`, `render`, `validate`: a file path, else a layout
    id, else a board id."""
    path = Path(name)
    if os.path.exists(path):  # False, not OSError, for a name too long for the system
        return path
    for kind in ("layouts", "maps"):
        found = _by_id(kind, str(name))
        if found is not None:
            return found
    raise ResourceError(_not_found(str(name), ("layouts", "maps")))


def find_by_id(kind: Kind, ident: str) -> Path | None:
    """The item of that id (`la-fosse`, or `la-fosse.toml`), or None. Never a path:
    for names read from files, which may not lead anywhere (`safe_read.resolve_name`);
    `find` also takes a path, for names the player types."""
    return _by_id(kind, ident)


def _by_id(kind: Kind, name: str) -> Path | None:
    if "/" in name or "\\" in name:
        return None  # a path that does not exist, not an id
    ident = name.removesuffix(EXTENSIONS[kind])
    for item in items(kind):
        if item.id == ident:
            return item.path
    return None


def _not_found(name: str, kinds: tuple[Kind, ...]) -> str:
    nouns = " or ".join(NOUNS[k] for k in kinds)
    known = "; ".join(f"{NOUNS[k]}s: {', '.join(i.id for i in items(k)) or 'none'}" for k in kinds)
    return f"{name}: no such file, and no {nouns} of that id ({known})"
