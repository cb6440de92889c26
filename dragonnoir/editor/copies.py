"""The player's own copy of a shipped board, layout or scenario.

The game's own files are never written (`resources.is_shipped`; `safe_write` refuses).
A designer may still open one in the editor and change it: saving it then writes a copy
in the user's folder of its kind (`resources.user_dir`), named for the player ("Le
Labyrinthe" becomes "My Labyrinthe", `my-labyrinthe.tmx`; `my-labyrinthe-2.tmx` when
that name is taken, so an earlier copy is never overwritten), and a layout whose shipped
boards were painted names the copies. `Copied` says what was copied, for the editor's
status line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from dragonnoir import resources
from dragonnoir.i18n import N_, _

#: Articles a shipped name begins with, left out of the copy's name ("My Labyrinthe").
_ARTICLES: Final = re.compile(r"^(?:(?:les|le|la)\s+|l['’])", re.IGNORECASE)


@dataclass(frozen=True)
class Copied:
    """A shipped file saved as the player's copy: the names shown and the copy's file."""

    kind: str  # "board", "layout", "scenario"
    shipped_name: str
    copy_name: str
    path: Path

    def said(self) -> str:
        """The editor's words for it (the status line: the file's name, not its path)."""
        return _(
            "{shipped_name} is a shipped {kind}: your changes go to a copy, {copy_name} ({where})"
        ).format(
            shipped_name=self.shipped_name,
            kind=_(KIND_WORDS.get(self.kind, self.kind)),
            copy_name=self.copy_name,
            where=self.where(),
        )

    def where(self) -> str:
        """`my-labyrinthe.tmx in your maps folder`."""
        return _("{file} in your {folder} folder").format(
            file=self.path.name, folder=self.path.parent.name
        )


def said_of(copied: list[Copied]) -> str:
    """What a save that made `copied` says: one copy in full, several in a list."""
    if len(copied) == 1:
        return copied[0].said()
    mine = ", ".join(f"{c.copy_name} ({c.where()})" for c in copied)
    return _("the game's own files went to your copies: {mine}").format(mine=mine)


#: What a shipped file is, as the status line says it.
KIND_WORDS: Final = {"board": N_("board"), "layout": N_("layout"), "scenario": N_("scenario")}


def copy_name(name: str) -> str:
    """ "Le Labyrinthe" -> "My Labyrinthe"; "Two boards" -> "My Two boards"."""
    bare = _ARTICLES.sub("", name.strip()) or name.strip()
    return _("My {name}").format(name=bare[:1].upper() + bare[1:])


def copy_path(shipped: Path, kind: resources.Kind) -> Path:
    """A free file name for the copy of `shipped` in the user's folder of `kind`: its
    name with "my-" before it, and "-2", "-3"... when taken."""
    folder = resources.user_dir(kind)
    stem = shipped.stem if shipped.stem.startswith("my-") else f"my-{shipped.stem}"
    candidate = folder / f"{stem}{shipped.suffix}"
    n = 2
    while candidate.exists() or candidate.is_symlink():
        candidate = folder / f"{stem}-{n}{shipped.suffix}"
        n += 1
    return candidate


def needs_copy(path: Path | None, explicit: Path | str | None) -> bool:
    """Does saving a document that came from `path`, to `explicit` (None: where it came
    from), go to a copy? Only when it came from a shipped file and is saved back there;
    a name the player chose is theirs (a shipped one is refused by the writer)."""
    return explicit is None and path is not None and resources.is_shipped(path)


#: The user folder of each kind of document.
_FOLDERS: Final[dict[str, resources.Kind]] = {
    "board": "maps",
    "layout": "layouts",
    "scenario": "scenarios",
}


def copy_for(kind: str, path: Path | None, explicit: Path | str | None, name: str) -> Copied | None:
    """The copy a save of the `kind` document named `name`, from `path`, to `explicit`,
    makes (`needs_copy`), or None when it saves where it is asked."""
    if path is None or not needs_copy(path, explicit):
        return None
    return Copied(kind, name, copy_name(name), copy_path(path, _FOLDERS[kind]))
