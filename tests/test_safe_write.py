"""The program's one writer (dragonnoir/safe_write.py, issue 47 section 4): every file is
the old version or the new one whatever happens during the write, no temporary is left
after the next write, and a write the player's machine refuses (a full disk, a read-only
folder, a file where a folder should be) is one line naming the file and the reason in
words, exit 1 from a command, never a traceback or "internal error".

Running as root, a chmod'ed folder is still writable, and a full disk cannot be made in
a test: those failures are injected at the system call the writer makes."""

from __future__ import annotations

import errno
import json
import os
import time
from pathlib import Path

import pytest

from dragonnoir import safe_write
from dragonnoir.cli import main
from dragonnoir.engine.save import load_game, save_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.rules_folder import rules_dir, rules_file_names
from dragonnoir.safe_write import (
    STALE_TEMP_SECONDS,
    WriteError,
    os_reason,
    remove_stale_temporaries,
    write_text,
)
from dragonnoir.ui.settings import Settings, save_settings

REPO = Path(__file__).resolve().parents[1]
CORRIDOR = REPO / "tests" / "data" / "scenarios" / "corridor.toml"


def _good_save(folder: Path) -> Path:
    return save_game(load_scenario(CORRIDOR).new_game(3), folder / "good.json")


def _temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*.tmp"))


def _disk_full_after(monkeypatch: pytest.MonkeyPatch, good_writes: int) -> None:
    """The disk fills up: the writer's `good_writes` next flushes to disk succeed, the
    ones after fail as a full disk does (at fsync, where a write-back cache reports it)."""
    real_fsync = os.fsync
    left = [good_writes]

    def fsync(fd: int) -> None:
        if left[0] <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        left[0] -= 1
        real_fsync(fd)

    monkeypatch.setattr(safe_write.os, "fsync", fsync)


def test_stale_temporary_files_are_removed_by_the_next_save(tmp_path: Path) -> None:
    path = _good_save(tmp_path)
    dead = tmp_path / ".good.json.999999999.0123abcd.tmp"  # no such process
    old = tmp_path / f".good.json.bak.{os.getpid()}.89abcdef.tmp"
    young = tmp_path / f".good.json.{os.getpid()}.00000000.tmp"  # a save of ours, running
    other = tmp_path / ".other.json.999999999.0123abcd.tmp"  # another save's: not ours
    for leftover in (dead, old, young, other):
        leftover.write_text("half a save")
    past = time.time() - STALE_TEMP_SECONDS - 60
    os.utime(old, (past, past))
    save_game(load_game(path), path)
    assert not dead.exists() and not old.exists()
    assert young.exists() and other.exists()
    assert remove_stale_temporaries(path, now=time.time() + 2 * STALE_TEMP_SECONDS) == [young]


def test_every_file_the_program_writes_clears_what_killed_writes_left(tmp_path: Path) -> None:
    """The settings, like any file (the shared writer used to leave its temporaries)."""
    target = tmp_path / "settings.json"
    dead = tmp_path / ".settings.json.999999999.0123abcd.tmp"
    dead.write_text("{half")
    save_settings(Settings(), target)
    assert _temporaries(tmp_path) == []
    assert json.loads(target.read_text())["handover"] == Settings().handover


def test_two_saves_at_once_leave_no_backup_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race two processes saving one file ran into: between this save's link of the
    file under a temporary name and its rename over the backup, the other made the
    backup a link of the same file; the rename of two links of one file "does
    nothing" (POSIX), which left the temporary."""
    path = _good_save(tmp_path)
    save_game(load_game(path), path)  # a backup exists
    backup = path.with_name(path.name + ".bak")
    real_link = os.link

    def link_then_the_other_process(src: str | Path, dst: str | Path) -> None:
        real_link(src, dst)
        os.unlink(backup)
        real_link(path, backup)  # the other save's backup, done meanwhile

    monkeypatch.setattr(safe_write.os, "link", link_then_the_other_process)
    save_game(load_game(path), path)
    assert _temporaries(tmp_path) == []
    assert load_game(path).history == load_game(backup).history


def test_a_full_disk_keeps_the_old_file_whole_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "notes.txt"
    write_text(target, "the old version\n")
    _disk_full_after(monkeypatch, 0)
    with pytest.raises(WriteError) as caught:
        write_text(target, "the new version, never complete\n")
    assert str(caught.value) == f"{target}: cannot write it: the disk is full"
    assert target.read_text() == "the old version\n"
    assert _temporaries(tmp_path) == []


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (errno.ENOSPC, "the disk is full"),
        (errno.EROFS, "the disk is read-only"),
        (errno.EACCES, "permission denied"),
        (errno.ENAMETOOLONG, "the name is too long"),
    ],
)
def test_os_errors_in_words(code: int, words: str) -> None:
    reason = os_reason(OSError(code, os.strerror(code)))
    assert words in reason and "errno" not in reason.lower()


def test_a_file_where_a_folder_should_be_is_named(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    with pytest.raises(WriteError) as caught:
        write_text(blocker / "rules" / "fire.toml", "x")
    assert f"{blocker} is a file where a folder should be" in str(caught.value)
    assert "File exists" not in str(caught.value) and "Errno" not in str(caught.value)


# -- the commands ------------------------------------------------------------------------


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DRAGONNOIR_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err and "internal error" not in err
    return lines[0]


@pytest.mark.usefixtures("home")
def test_data_copy_on_a_full_disk_leaves_nothing_behind(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_fsync = os.fsync
    _disk_full_after(monkeypatch, 2)  # two files fit, the third does not
    assert main(["data", "--copy", "all"]) == 1
    line = _one_line(capsys.readouterr().err)
    assert line.startswith(f"dragonnoir: {rules_dir()}/") and "the disk is full" in line
    assert sorted(p.name for p in rules_dir().iterdir()) == []  # nothing half there
    monkeypatch.setattr(safe_write.os, "fsync", real_fsync)  # room on the disk again
    assert main(["data", "--copy", "all"]) == 0  # so trying again simply works
    assert sorted(p.name for p in rules_dir().iterdir()) == sorted(rules_file_names())


def test_data_copy_into_a_data_folder_that_is_a_file(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home.mkdir()
    (home / "data").write_text("a file")
    assert main(["data", "--copy", "fire.toml"]) == 1
    line = _one_line(capsys.readouterr().err)
    assert f"{home / 'data'} is a file where a folder should be" in line


def test_render_on_a_full_disk_keeps_the_png_that_was_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "fosse.png"
    assert main(["render", str(REPO / "maps" / "fosse.tmx"), "-o", str(out)]) == 0
    good = out.read_bytes()
    _disk_full_after(monkeypatch, 0)
    assert main(["render", str(REPO / "maps" / "fosse.tmx"), "-o", str(out), "--seams"]) == 1
    line = _one_line(capsys.readouterr().err)
    assert line == f"dragonnoir: {out}: cannot write it: the disk is full"
    assert out.read_bytes() == good
    assert _temporaries(tmp_path) == []


@pytest.mark.usefixtures("home")
def test_export_into_a_read_only_folder_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_open = os.open

    def read_only(path: str, flags: int, *args: int, **kwargs: object) -> int:
        if flags & os.O_CREAT:  # reading still works
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        return real_open(path, flags, *args)

    monkeypatch.setattr(safe_write.os, "open", read_only)
    out = tmp_path / "two.tmx"
    assert main(["export", "two-boards", "-o", str(out)]) == 1
    line = _one_line(capsys.readouterr().err)
    assert line == f"dragonnoir: {out}: cannot write it: the disk is read-only"


def test_a_crash_with_no_room_for_its_log_is_still_one_line(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    home.mkdir()
    (home / "log").write_text("a file where the log folder should be")

    def broken(*args: object) -> int:
        raise RuntimeError("a bug of ours")

    monkeypatch.setattr("dragonnoir.cli.cmd_data", broken)
    assert main(["data"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    line = err.strip()
    assert line.startswith("dragonnoir: internal error: RuntimeError('a bug of ours')")
    assert "the crash log could not be written" in line and "a bug of ours" in line
