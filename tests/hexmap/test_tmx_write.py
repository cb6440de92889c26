"""write_tmx / write_tsx: lossless, deterministic, atomic, and readable by Tiled 1.8."""

from __future__ import annotations

import errno
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from dragonnoir.hexmap.tmx import read_tmx, read_tsx, tmx_bytes, write_tmx, write_tsx
from dragonnoir.hexmap.tmxmodel import TmxMap
from dragonnoir.safe_read import TRUSTED_ENV
from dragonnoir.safe_write import WriteError
from dragonnoir.tiled_tools import export_map, have_tiled

DATA = Path(__file__).resolve().parents[1] / "data" / "tmx"
FIXTURES = ["full.tmx", "legacy.tmx"]


def _copy_data(tmp_path: Path) -> Path:
    shutil.copytree(DATA, tmp_path / "tmx")
    return tmp_path / "tmx"


def _same(a: TmxMap, b: TmxMap) -> bool:
    return a.replace(path=None) == b.replace(path=None)


@pytest.mark.parametrize("name", FIXTURES)
def test_write_read_is_lossless_and_deterministic(tmp_path: Path, name: str) -> None:
    folder = _copy_data(tmp_path)
    original = read_tmx(folder / name)
    out = folder / f"out_{name}"
    write_tmx(original, out)
    again = read_tmx(out)
    assert _same(original, again)
    first = out.read_bytes()
    write_tmx(again, out)
    assert out.read_bytes() == first
    assert tmx_bytes(original, folder) == first
    assert first.startswith(
        b'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" tiledversion="1.8.2"'
    )
    assert [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] == []


def test_odd_tile_size_is_written_as_read(tmp_path: Path) -> None:
    folder = _copy_data(tmp_path)
    write_tmx(read_tmx(folder / "legacy.tmx"), folder / "o.tmx")
    text = (folder / "o.tmx").read_text()
    assert 'tilewidth="15" tileheight="13"' in text and 'hexsidelength="7"' in text
    assert "268435457" in text  # the 120-degree bit survives


def test_sources_are_rewritten_relative_to_a_new_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The copy names the test data's files, outside its folder: trusted for this test.
    monkeypatch.setenv(TRUSTED_ENV, str(DATA))
    m = read_tmx(DATA / "full.tmx")
    out = tmp_path / "elsewhere" / "m.tmx"
    out.parent.mkdir()
    write_tmx(m, out)
    again = read_tmx(out)
    assert again.tilesets[0].image is not None and m.tilesets[0].image is not None
    assert again.tilesets[0].image.path == m.tilesets[0].image.path
    assert again.tilesets[1].source_path == m.tilesets[1].source_path


def test_write_tsx_round_trip(tmp_path: Path) -> None:
    folder = _copy_data(tmp_path)
    ts = read_tsx(folder / "collection.tsx")
    write_tsx(ts, folder / "copy.tsx")
    assert read_tsx(folder / "copy.tsx") == ts
    first = (folder / "copy.tsx").read_bytes()
    write_tsx(read_tsx(folder / "copy.tsx"), folder / "copy.tsx")
    assert (folder / "copy.tsx").read_bytes() == first


def test_failed_write_leaves_old_file_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _copy_data(tmp_path)
    m = read_tmx(folder / "full.tmx")
    target = folder / "t.tmx"
    target.write_text("old")

    def boom(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(WriteError, match=r"t\.tmx: cannot write it: the disk is full"):
        write_tmx(m, target)
    assert target.read_text() == "old"
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


# -- Tiled 1.8 opens what we write ---------------------------------------------------------


@pytest.mark.tiled
@pytest.mark.skipif(not have_tiled(), reason="Tiled is not installed")
@pytest.mark.parametrize("name", FIXTURES)
def test_tiled_reexport_reads_back_equal(
    tmp_path: Path, name: str, normalise_for_tiled: Callable[[TmxMap], TmxMap]
) -> None:
    folder = _copy_data(tmp_path)
    ours = folder / f"ours_{name}"
    write_tmx(read_tmx(folder / name), ours)
    theirs = folder / f"tiled_{name}"
    export_map(ours, theirs)
    a, b = read_tmx(ours), read_tmx(theirs)
    # Tiled re-saves external tilesets untouched, and embedded ones with tile data as is.
    assert normalise_for_tiled(a) == normalise_for_tiled(b)
