"""Fixtures for board tests: a tileset folder with the standard tilesets and blank images."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from dragonnoir.hexmap.board_tilesets import standard_tilesets
from dragonnoir.hexmap.tmx import write_tsx


def _blank_png(path: Path, width: int, height: int) -> None:
    """A fully transparent RGBA PNG, written without pygame (hexmap tests stay pure)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + b"\x00" * (4 * width) for _ in range(height))
    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw))
    png += chunk(b"IEND", b"")
    path.write_bytes(png)


@pytest.fixture
def tileset_dir(tmp_path: Path) -> Path:
    """The three standard tilesets (TSX + blank PNG) in a temporary folder."""
    folder = tmp_path / "tilesets"
    folder.mkdir()
    for ts in standard_tilesets(folder):
        assert ts.image is not None
        _blank_png(ts.image.path, ts.image.width, ts.image.height)
        write_tsx(ts, folder / f"{ts.name}.tsx")
    return folder
