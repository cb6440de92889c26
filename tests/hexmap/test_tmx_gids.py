"""Raw gids come back from the layer data (decoded with `pytmx.unpack_gids`) with all four
flag bits, whatever the encoding, the order of first use or the spelling of the number."""

from __future__ import annotations

import base64
import gzip
import itertools
import random
import shutil
import struct
import zlib
from pathlib import Path

import pytest

from dragonnoir.hexmap.tmx import read_tmx
from dragonnoir.hexmap.tmxmodel import FLIP_H, FLIP_V, ROT_60, ROT_120, TileLayer

DATA = Path(__file__).resolve().parents[1] / "data" / "tmx"
FLAGS = [FLIP_H, FLIP_V, ROT_60, ROT_120]
#: Every combination of the four flag bits on every tile of the 8-tile tileset, and empties.
RAW = [0] + [
    gid | sum(combo)
    for gid in range(1, 9)
    for k in range(5)
    for combo in itertools.combinations(FLAGS, k)
]


def _data(values: list[int], encoding: str) -> str:
    packed = struct.pack(f"<{len(values)}I", *values)
    if encoding == "csv":
        return f'<data encoding="csv">{",".join(map(str, values))}</data>'
    if encoding == "base64":
        return f'<data encoding="base64">{base64.b64encode(packed).decode()}</data>'
    if encoding == "zlib":
        text = base64.b64encode(zlib.compress(packed)).decode()
        return f'<data encoding="base64" compression="zlib">{text}</data>'
    text = base64.b64encode(gzip.compress(packed)).decode()
    return f'<data encoding="base64" compression="gzip">{text}</data>'


def _map(tmp_path: Path, layers: list[str], width: int, height: int) -> Path:
    shutil.copy(DATA / "tiles.png", tmp_path / "tiles.png")
    body = "".join(
        f'<layer id="{i + 1}" name="L{i}" width="{width}" height="{height}">{data}</layer>'
        for i, data in enumerate(layers)
    )
    path = tmp_path / "gids.tmx"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" orientation="hexagonal" renderorder="right-down" width="{width}" '
        f'height="{height}" tilewidth="14" tileheight="12" infinite="0" hexsidelength="6" '
        f'staggeraxis="y" staggerindex="odd" nextlayerid="{len(layers) + 1}" nextobjectid="1">'
        '<tileset firstgid="1" name="t" tilewidth="14" tileheight="12" tilecount="8" '
        'columns="4"><image source="tiles.png" width="56" height="24"/></tileset>'
        f"{body}</map>"
    )
    return path


@pytest.mark.parametrize("encoding", ["csv", "base64", "zlib", "gzip"])
def test_every_flag_combination_in_any_order(tmp_path: Path, encoding: str) -> None:
    width = 11
    values = RAW + [0] * (-len(RAW) % width)
    shuffled = random.Random(7).sample(values, len(values))
    height = len(values) // width
    m = read_tmx(
        _map(tmp_path, [_data(values, encoding), _data(shuffled, encoding)], width, height)
    )
    for layer, expected in zip(m.layers, (values, shuffled), strict=True):
        assert isinstance(layer, TileLayer)
        assert layer.data == [expected[r * width : (r + 1) * width] for r in range(height)]


def test_csv_numbers_beyond_32_bits_are_masked(tmp_path: Path) -> None:
    # Tiled never writes these; they mean what their low 32 bits mean, as before.
    written = [1 + (1 << 32), 2 - (1 << 32), (3 | ROT_120 | FLIP_H) + (5 << 32), 4]
    m = read_tmx(
        _map(tmp_path, [f'<data encoding="csv">{",".join(map(str, written))}</data>'], 2, 2)
    )
    layer = m.layers[0]
    assert isinstance(layer, TileLayer)
    assert layer.data == [[1, 2], [3 | ROT_120 | FLIP_H, 4]]
