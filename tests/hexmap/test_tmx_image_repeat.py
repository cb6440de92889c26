"""Image layers that repeat (Tiled 1.8's repeatx/repeaty) are read, written and
re-saved by Tiled without loss (issue 16, section 6); drawing them is checked against
tmxrasterizer in tests/render/test_against_tiled.py."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from tmx_samples import repeating_image_tmx

from dragonnoir.hexmap.tmx import read_tmx, write_tmx
from dragonnoir.hexmap.tmxmodel import ImageLayer
from dragonnoir.tiled_tools import export_map, have_tiled


def _png(path: Path, width: int, height: int) -> None:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + b"\xff\x00\x00\xff" * width for _ in range(height))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    data = chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + data)


def _map(folder: Path, repeat: str) -> Path:
    _png(folder / "tile.png", 10, 7)
    path = folder / "repeat.tmx"
    path.write_text(repeating_image_tmx(repeat), encoding="utf-8")
    return path


def _flags(path: Path) -> tuple[bool, bool]:
    layer = read_tmx(path).layers[0]
    assert isinstance(layer, ImageLayer)
    return (layer.repeat_x, layer.repeat_y)


@pytest.mark.parametrize(
    ("attrs", "flags"),
    [
        ("", (False, False)),
        (' repeatx="1"', (True, False)),
        (' repeaty="1"', (False, True)),
        (' repeatx="1" repeaty="1"', (True, True)),
        (' repeatx="0" repeaty="0"', (False, False)),
    ],
)
def test_repeat_flags_are_read_and_written_back(
    attrs: str, flags: tuple[bool, bool], tmp_path: Path
) -> None:
    path = _map(tmp_path, attrs)
    assert _flags(path) == flags
    again = tmp_path / "again.tmx"
    write_tmx(read_tmx(path), again)
    assert _flags(again) == flags


@pytest.mark.tiled
@pytest.mark.skipif(not have_tiled(), reason="Tiled is not installed")
def test_tiled_resaves_what_we_write_unchanged(tmp_path: Path) -> None:
    ours = tmp_path / "ours.tmx"
    write_tmx(read_tmx(_map(tmp_path, ' repeatx="1" repeaty="1"')), ours)
    tiled = export_map(ours, tmp_path / "tiled.tmx")
    assert tiled.read_text(encoding="utf-8") == ours.read_text(encoding="utf-8")
