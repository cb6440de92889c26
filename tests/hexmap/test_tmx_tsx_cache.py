"""read_tmx keeps external tilesets read once per process: each map still gets its own
tileset objects, and a .tsx (or one of its images) changed on disk is read again."""

from __future__ import annotations

import copy
import shutil
import struct
from pathlib import Path

import pytest

from dragonnoir.errors import MapFormatError
from dragonnoir.hexmap.tmx import read_tmx
from dragonnoir.hexmap.tmxmodel import Property, Tileset

DATA = Path(__file__).resolve().parents[1] / "data" / "tmx"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shutil.copytree(DATA, tmp_path / "tmx")
    return tmp_path / "tmx"


def _fake_png(path: Path, width: int, height: int) -> None:
    """Just the PNG signature and IHDR size: all the reader looks at."""
    head = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR"
    path.write_bytes(head + struct.pack(">II", width, height) + b"\x08\x06\x00\x00\x00")


def test_maps_sharing_a_tsx_get_independent_tilesets(folder: Path) -> None:
    first = read_tmx(folder / "full.tmx")
    second = read_tmx(folder / "full.tmx")
    a, b = first.tilesets[1], second.tilesets[1]
    assert a.source == "collection.tsx"
    assert a == b and a is not b
    assert a.tiles[0] is not b.tiles[0]
    pristine = copy.deepcopy(b)

    # Change everything mutable in one map's copy...
    _spoil(a)
    # ... and neither the other map nor the next reading sees it.
    assert b == pristine
    third = read_tmx(folder / "full.tmx")
    assert third.tilesets[1] == pristine
    _spoil(b)
    _spoil(third.tilesets[1])
    assert read_tmx(folder / "full.tmx").tilesets[1] == pristine


def _spoil(ts: Tileset) -> None:
    ts.first_gid = 100
    ts.properties.clear()
    tile = ts.tiles[0]
    members = tile.properties["Biome"].members
    assert members is not None
    members["move_cost"] = Property(9, "int")
    tile.animation.append((0, 1))
    assert tile.objects is not None
    tile.objects.objects.clear()
    ts.tiles.pop(1)


def test_a_changed_tsx_is_read_again(folder: Path) -> None:
    tsx = folder / "collection.tsx"
    assert read_tmx(folder / "full.tmx").tilesets[1].properties["kind"] == Property("pieces")
    # Same size, and possibly the same modification time: the content decides.
    tsx.write_text(tsx.read_text().replace('value="pieces"', 'value="stones"'))
    assert read_tmx(folder / "full.tmx").tilesets[1].properties["kind"] == Property("stones")
    tsx.write_text(tsx.read_text().replace('value="stones"', 'value="many stones"'))
    assert read_tmx(folder / "full.tmx").tilesets[1].properties["kind"] == Property("many stones")


def test_a_changed_tileset_image_is_read_again(folder: Path) -> None:
    image = read_tmx(folder / "full.tmx").tilesets[1].tiles[0].image
    assert image is not None and (image.width, image.height) == (14, 12)
    _fake_png(folder / "collection" / "a.png", 28, 24)
    image = read_tmx(folder / "full.tmx").tilesets[1].tiles[0].image
    assert image is not None and (image.width, image.height) == (28, 24)
    (folder / "collection" / "a.png").unlink()
    with pytest.raises(MapFormatError, match=r"collection/a\.png.*not found"):
        read_tmx(folder / "full.tmx")


def test_a_tsx_broken_after_a_good_reading_is_refused(folder: Path) -> None:
    read_tmx(folder / "full.tmx")
    (folder / "collection.tsx").write_text("<tileset><tile></tileset>")
    with pytest.raises(MapFormatError, match="broken XML"):
        read_tmx(folder / "full.tmx")


def test_reading_a_map_leaves_no_trace_of_the_pytmx_preparation(folder: Path) -> None:
    # The tree pytmx reads is the map's own, changed and put back: reading twice (and
    # the legacy XML layer data map, which is rewritten as CSV for pytmx) is stable.
    for name in ("full.tmx", "legacy.tmx"):
        assert read_tmx(folder / name) == read_tmx(folder / name)
