"""The rules data the game plays with: the shipped files, each replaced by the player's own
file of the same name in their rules folder (`<user data folder>/rules/`).

A player who owns the box may type the values of their own Game Sheet (the roster, the
Combat Table...) into a copy of a shipped file (`dragonnoir data --copy combat.toml`
makes one) and every new game uses it; the other files stay as shipped. The folder is
the player's: the program never writes there except on that explicit `--copy`.

A file there that cannot be used (broken TOML, a value out of range, a roster entry the
Infiltration Table has no column for) is never skipped nor replaced by ours behind the
player's back: `rules_in_use()` raises one `RulesFolderError` naming the file and the
field, and nothing that plays (the client's New game, Load and Continue; `play`,
`replay`, `validate` of a scenario) starts until the file is fixed or removed. A `.toml`
there whose name is not a rules file's (`combats.toml`) is ignored and said so.

Which rules a game was played with is recorded in its save (engine/rules_record.py).

Cheap on purpose where the main menu asks: `look()` only lists the folder (no TOML read,
no engine import) and the rules are loaded only when the player has files there.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from dragonnoir import resources
from dragonnoir.errors import DataFileError
from dragonnoir.i18n import _
from dragonnoir.safe_write import WriteError, write_bytes

if TYPE_CHECKING:
    from dragonnoir.engine.tables import RulesData

#: The sub-folder of the user data folder holding the player's rules files.
FOLDER_NAME = "rules"


class RulesFolderError(DataFileError):
    """A file of the player's rules folder cannot be used (message names file and field)."""


def rules_dir() -> Path:
    """The player's rules folder (not created): `<user data folder>/rules`
    (`$DRAGONNOIR_HOME/data/rules` when that is set)."""
    from dragonnoir.user_folders import data_dir as user_data_dir

    return user_data_dir() / FOLDER_NAME


def rules_file_names() -> list[str]:
    """The names of the rules files (those the game ships in `dragonnoir/data/`)."""
    return sorted(p.name for p in resources.data_dir().glob("*.toml"))


@dataclass(frozen=True)
class Choice:
    """What the player's rules folder holds, from a listing (nothing read)."""

    folder: Path
    #: The rules files found there (they replace the shipped ones).
    own: tuple[str, ...]
    #: Other `.toml` entries there: not rules file names (a typo, say) or not files.
    ignored: tuple[str, ...]
    #: Each own file's (name, size, modification time): tells a changed folder.
    stamp: tuple[tuple[str, int, int], ...]


def look(folder: Path | None = None) -> Choice:
    """List the player's rules folder (or `folder`)."""
    folder = rules_dir() if folder is None else folder
    known = set(rules_file_names())
    own: list[str] = []
    ignored: list[str] = []
    stamp: list[tuple[str, int, int]] = []
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:  # no folder (the usual case), or not a folder
        entries = []
    for entry in entries:
        if not entry.name.endswith(".toml"):
            continue
        try:
            info = entry.stat() if entry.is_file() else None
        except OSError:
            info = None
        if entry.name not in known or info is None:  # a typo, a folder, a broken link
            ignored.append(entry.name)
            continue
        own.append(entry.name)
        stamp.append((entry.name, info.st_size, info.st_mtime_ns))
    return Choice(folder, tuple(own), tuple(ignored), tuple(stamp))


_cache: dict[tuple[Path, tuple[tuple[str, int, int], ...]], RulesData | RulesFolderError] = {}


def rules_in_use(folder: Path | None = None) -> RulesData:
    """The rules data a new game plays with: the shipped data when the player's folder
    holds no rules file, else the shipped data with the player's files in place of ours.
    Loaded again only when a file there changes. `RulesFolderError` (one line naming the
    file, the field and the folder) when a file cannot be used."""
    from dragonnoir.engine.tables import default_rules_data, load_rules_data

    choice = look(folder)
    if not choice.own:
        return default_rules_data()
    key = (choice.folder, choice.stamp)
    found = _cache.get(key)
    if found is None:
        try:
            found = load_rules_data(choice.folder)
        except DataFileError as exc:
            found = RulesFolderError(
                exc.path,
                f"{exc.detail} (your rules data in {choice.folder}: fix this file or "
                "remove it to play with the shipped rules)",
                exc.place,
            )
        _cache.clear()  # one folder, one version: the latest
        _cache[key] = found
    if isinstance(found, RulesFolderError):
        raise found
    return found


def summary(choice: Choice | None = None, *, where: bool = True) -> str:
    """One line saying which rules data is in use, from a listing only (`where`: with
    the folder the player's files are in)."""
    choice = look() if choice is None else choice
    files = ", ".join(choice.own)
    if choice.own and where:
        text = _("your own {files} (from {folder}), the other files as shipped").format(
            files=files, folder=choice.folder
        )
    elif choice.own:
        text = _("your own {files}, the other files as shipped").format(files=files)
    else:
        text = _("as shipped")
    if choice.ignored:
        ignored = ", ".join(choice.ignored)
        text += _("; ignored there: {files} (not a rules file)").format(files=ignored)
    return text


def report(choice: Choice | None = None) -> list[str]:
    """What `dragonnoir data` prints: where each rules file comes from, the fingerprint
    saves record, and the folder a player's files go in. Raises `RulesFolderError`
    when a file of the player's cannot be used."""
    choice = look() if choice is None else choice
    rules = rules_in_use(choice.folder)
    from dragonnoir.engine.rules_record import short

    state = "" if choice.folder.is_dir() else " (not created yet)"
    lines = [
        f"rules data in use: {summary(choice)}",
        f"fingerprint (recorded in saves): {short(rules.fingerprint)}",
        f"your rules folder: {choice.folder}{state}",
    ]
    from dragonnoir.engine.tables import default_rules_data

    shipped = default_rules_data().digests
    width = max(len(n) for n in rules.sources)
    for name in sorted(rules.sources):
        origin = "yours  " if name in rules.own_texts else "shipped"
        same = (
            " (the same values as shipped)"
            if origin == "yours  " and (rules.digests[name] == shipped.get(name))
            else ""
        )
        lines.append(f"  {name:<{width}}  {origin}  {rules.sources[name]}{same}")
    for name in choice.ignored:
        lines.append(_("  ignored: {path} (not a rules file)").format(path=choice.folder / name))
    return lines


def copy_shipped(names: list[str], folder: Path | None = None) -> list[Path]:
    """Copy shipped rules files (`all` for every one) into the player's rules folder, to
    edit there. Never overwrites: a file already there is a `DataFileError`. Each file
    is written atomically, and a copy that fails (a full disk) removes the files it
    copied before (`WriteError` says why), so no cut-off rules file is left to refuse."""
    folder = rules_dir() if folder is None else folder
    known = rules_file_names()
    wanted = known if "all" in names else names
    for name in wanted:
        if name not in known:
            raise DataFileError(
                None,
                _("{name!r} is not a rules file (the rules files: {choices}, or all)").format(
                    name=name, choices=", ".join(known)
                ),
            )
        if (folder / name).exists():
            raise DataFileError(
                folder / name, _("already there: edit it, or remove it to copy the shipped one")
            )
    written: list[Path] = []
    try:
        for name in wanted:
            written.append(write_bytes(folder / name, (resources.data_dir() / name).read_bytes()))
    except WriteError:
        for path in written:  # all or nothing: the player may simply try again
            with contextlib.suppress(OSError):
                path.unlink()
        raise
    return written
