"""The one door through which the program writes a file (`safe_read` is the door in).

Saves and the autosave, the autosave's view, settings, campaigns, the editor's boards,
layouts and scenarios, its list of recent files, exported maps and tilesets, rendered
PNGs, thumbnails, copies of the rules data: whatever happens while one is written (kill
-9, a full disk, a read-only folder, two processes writing the same file), the file
afterwards is the old version or the new one, never a cut-off mix, and no debris stays.

How: the data goes to a temporary file beside the target, `.<name>.<pid>.<hex>.tmp`
(created with mode 0666, so the user's umask gives it the permissions of any file they
make), flushed to disk, then renamed over the target (atomic on POSIX and Windows), and
the folder is synced. A write that fails removes its own temporary; a writer killed
cannot, so every write first removes what killed writes of the same target left
(`remove_stale_temporaries`: a temporary of a process that is gone, or older than
`STALE_TEMP_SECONDS`; another process's write in progress is never touched). With
`backup=True` the version replaced is kept as `<name>.bak`, also atomically.

The game's own files (`resources.is_shipped`: boards, layouts, scenarios, campaigns,
art, the package) are never written: a write there is a `WriteError`, whatever asked
for it. Only the scripts that make those files in a checkout (the art and the boards)
write them, inside `writing_shipped_files()`.

A write that fails for the player's environment (a full disk, a read-only folder, a
file where a folder should be) is a `WriteError`: one line naming the target, never the
temporary, and the reason in words (`os_reason`), not an errno.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from dragonnoir import resources
from dragonnoir.errors import DataFileError
from dragonnoir.foreign_words import system_reason
from dragonnoir.i18n import _

#: A temporary older than this is left over from an interrupted write (a write takes
#: well under a second), even if its process id is alive again (reused).
STALE_TEMP_SECONDS = 600.0
BACKUP_SUFFIX = ".bak"


_shipped_writable = False


@contextlib.contextmanager
def writing_shipped_files() -> Iterator[None]:
    """For the scripts that make the game's own files in a checkout (render/art.py,
    tools/boards/make_boards.py): within it, `write_*` may replace a shipped file."""
    global _shipped_writable
    before, _shipped_writable = _shipped_writable, True
    try:
        yield
    finally:
        _shipped_writable = before


class WriteError(DataFileError):
    """A file the program could not write: `path` is the file meant, the message says why
    in words. Nothing was changed on disk (the old file, if any, is whole)."""


def write_bytes(target: Path | str, data: bytes, *, backup: bool = False) -> Path:
    """Write `data` to `target` atomically (see the module docstring); returns the path."""
    return write_stream(target, lambda fh: fh.write(data), backup=backup)


def write_text(target: Path | str, text: str, *, backup: bool = False) -> Path:
    """`write_bytes` of `text` in UTF-8, newlines as given."""
    return write_bytes(target, text.encode("utf-8"), backup=backup)


def write_stream(
    target: Path | str, fill: Callable[[BinaryIO], object], *, backup: bool = False
) -> Path:
    """Write whatever `fill` writes into the open binary file it is given (an encoder
    that wants a file, such as `pygame.image.save(surface, fh, "x.png")`) to `target`
    atomically. `fill`'s own exceptions pass through, the target untouched."""
    path = Path(target)
    if path.is_dir():
        raise WriteError(path, _("is a folder, not a file"))
    if not _shipped_writable and resources.is_shipped(path):
        raise WriteError(
            path, _("is one of the game's own files, which it never changes: save a copy elsewhere")
        )
    try:
        _make_folder(path.parent)
        remove_stale_temporaries(path)
        tmp = _write_temp(path.parent, path.name, fill)
        try:
            if backup and path.exists():
                _keep_backup(path)
            os.replace(tmp, path)
        finally:
            with contextlib.suppress(OSError):
                tmp.unlink()  # only still there if the rename failed
        _sync_folder(path.parent)
    except OSError as exc:
        raise WriteError(
            path, _("cannot write it: {reason}").format(reason=os_reason(exc, path))
        ) from None
    return path


def os_reason(exc: OSError, target: Path | None = None) -> str:
    """Why a write failed, in words a player can act on (not "[Errno 28] ...")."""
    code = exc.errno
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return _("the disk is full")
    if code == errno.EROFS:
        return _("the disk is read-only")
    if code in (errno.EACCES, errno.EPERM):
        return _("permission denied (the folder or the file is read-only for you)")
    if code in (errno.ENOTDIR, errno.EEXIST) and target is not None:
        blocker = _file_in_the_way(target.parent)
        if blocker is not None:
            return _("{path} is a file where a folder should be").format(path=blocker)
    if code == errno.ENOTDIR:
        return _("a part of its folder path is a file, not a folder")
    if code == errno.EISDIR:
        return _("it is a folder, not a file")
    if code == errno.ENAMETOOLONG:
        return _("the name is too long for the file system")
    if code == errno.ENOENT:
        return _("its folder does not exist")
    return system_reason(exc)


def remove_stale_temporaries(target: Path, now: float | None = None) -> list[Path]:
    """Delete the temporaries an interrupted write of `target` left behind (its own and
    its backup's): those of a process that is gone (POSIX), or older than
    `STALE_TEMP_SECONDS`. Another process's write in progress is never touched; only
    regular files are removed. Returns what was removed."""
    now = time.time() if now is None else now
    pattern = re.compile(
        rf"\.{re.escape(target.name)}(?:{re.escape(BACKUP_SUFFIX)})?\.(\d+)\.[0-9a-f]{{8}}\.tmp"
    )
    removed: list[Path] = []
    try:
        names = os.listdir(target.parent)
    except OSError:
        return removed
    for name in names:
        match = pattern.fullmatch(name)
        if match is None:
            continue
        path = target.parent / name
        try:
            st = path.lstat()
        except OSError:
            continue
        pid = int(match.group(1))
        stale = now - st.st_mtime > STALE_TEMP_SECONDS or (
            pid != os.getpid() and not _process_alive(pid)
        )
        if stale and path.is_file() and not path.is_symlink():
            with contextlib.suppress(OSError):
                path.unlink()
                removed.append(path)
    return removed


# -- the steps -------------------------------------------------------------------------


def _make_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # a file of that name: mkdir's "File exists" says too little
        raise NotADirectoryError(errno.ENOTDIR, "not a folder", str(folder)) from None


def _file_in_the_way(folder: Path) -> Path | None:
    """The nearest of `folder` and its parents that exists and is not a folder."""
    for place in (folder, *folder.parents):
        if place.exists() or place.is_symlink():
            return None if place.is_dir() else place
    return None


def _temp_name(name: str) -> str:
    return f".{name}.{os.getpid()}.{os.urandom(4).hex()}.tmp"


def _write_temp(folder: Path, name: str, fill: Callable[[BinaryIO], object]) -> Path:
    """A new file next to `name` holding what `fill` writes, flushed to disk."""
    while True:
        tmp = folder / _temp_name(name)
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
            fd = os.open(tmp, flags, 0o666)
        except FileExistsError:
            continue
        break
    try:
        with os.fdopen(fd, "wb") as fh:
            fill(fh)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    return tmp


def _keep_backup(target: Path) -> None:
    """Replace `<name>.bak` with the current file, atomically: a hard link (or a copy
    where links are not supported) under a temporary name, then a rename. When the
    backup is already a link of the file itself (a write killed after its backup and
    before its own rename, or two writers at once), a rename between two links of one
    file "does nothing" (POSIX rename()): the temporary is removed after it either way."""
    backup = target.with_name(target.name + BACKUP_SUFFIX)
    with contextlib.suppress(OSError):
        if os.path.samefile(target, backup):
            return
    tmp = target.with_name(_temp_name(backup.name))
    try:
        os.link(target, tmp)
    except OSError:
        data = target.read_bytes()
        tmp = _write_temp(target.parent, backup.name, lambda fh: fh.write(data))
    try:
        os.replace(tmp, backup)
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()


def _sync_folder(folder: Path) -> None:
    """Make the renames durable where the platform allows it (POSIX)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _process_alive(pid: int) -> bool:
    """Whether process `pid` exists. Only asked on POSIX (on Windows signal 0 is not a
    probe): elsewhere every process counts as alive and age alone decides."""
    if os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: alive, someone else's; others: assume alive
        return True
    except OverflowError:
        return True
    return True
