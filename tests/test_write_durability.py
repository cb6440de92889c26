"""kill -9 during every kind of write the program makes (issue 47 section 4): a writer
(a process forked from the test, tests/write_kinds.py's `write_forever`, so it starts
with the program already loaded) writes two versions of its file in turn and is killed
at a random moment; the file must then load, with the program's own reader, as one of
the two versions, and the next write must leave no temporary behind.

Whatever the moment of the kill, the outcome asserted is the same, so the test cannot
depend on the machine's speed: a quicker or slower writer is only killed at another
step of its write. The default run kills each writer `DEFAULT_KILLS` times; the soak
test (`pytest -m slow`) `DN_WRITE_KILLS` times (default 40)."""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

import pytest
from write_kinds import KINDS, write_forever

#: fork and SIGKILL: POSIX (CI runs Linux).
pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="POSIX only (fork, SIGKILL)")
DEFAULT_KILLS = 3


def _versions(kind: str, scratch: Path) -> list[object]:
    """What the reader gives for each of the two versions, written here in-process."""
    out = []
    for version in (0, 1):
        folder = scratch / f"v{version}"
        folder.mkdir()
        KINDS[kind].write(folder, version)
        out.append(KINDS[kind].read(folder))
    assert out[0] != out[1] or kind == "rules", out
    return out


def _kill_writes(kind: str, tmp_path: Path, kills: int) -> None:
    expected = _versions(kind, tmp_path)
    folder = tmp_path / "killed"
    folder.mkdir()
    rng = random.Random(f"{kind}:{kills}")
    for _ in range(kills):
        pid = _start_writer(kind, folder)
        time.sleep(rng.uniform(0, 0.05))  # the moment of the kill, not a wait
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        assert KINDS[kind].read(folder) in expected
    KINDS[kind].write(folder, 0)  # the next write clears what the killed ones left
    left = sorted(str(p.relative_to(folder)) for p in folder.rglob("*.tmp"))
    assert left == [], f"temporaries left after the next {kind} write: {left}"
    assert KINDS[kind].read(folder) == expected[0]


def _start_writer(kind: str, folder: Path) -> int:
    """Fork a writer; returns its pid once its first write is done."""
    ready_in, ready_out = os.pipe()
    pid = os.fork()
    if pid == 0:  # the writer: never returns into pytest
        try:
            os.close(ready_in)
            write_forever(kind, folder, ready_out)
        finally:
            os._exit(1)
    os.close(ready_out)
    with os.fdopen(ready_in, "rb") as ready:
        assert ready.read(1) == b"!", f"the {kind} writer failed before its first write"
    return pid


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_killed_write_leaves_the_old_or_the_new_file(kind: str, tmp_path: Path) -> None:
    _kill_writes(kind, tmp_path, DEFAULT_KILLS)


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_many_killed_writes_leave_the_old_or_the_new_file(kind: str, tmp_path: Path) -> None:
    _kill_writes(kind, tmp_path, int(os.environ.get("DN_WRITE_KILLS", "40")))
