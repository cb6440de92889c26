"""`dragonnoir.render.png`: the files are valid PNG (checked by hand, chunk by chunk), load
back in pygame and in Qt (`tmxrasterizer`) with exactly the surface's pixels, and do not
depend on how many CPUs wrote them."""

from __future__ import annotations

import os
import random
import struct
import zlib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from dragonnoir import tiled_tools
from dragonnoir.hexmap.board import Board
from dragonnoir.render import png
from dragonnoir.render.board_view import BoardView, render_board_to_png


def noisy(w: int, h: int, alpha: bool, seed: int = 1) -> pygame.Surface:
    rng = random.Random(seed)
    surf = pygame.Surface((w, h), pygame.SRCALPHA if alpha else 0)
    for y in range(h):
        for x in range(w):
            a = rng.choice((0, 1, 128, 254, 255)) if alpha else 255
            surf.set_at((x, y), (rng.randrange(256), rng.randrange(256), rng.randrange(256), a))
    return surf


def chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """Parse a PNG file without any image library, checking every CRC."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    out, pos = [], 8
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        out.append((kind, body))
        pos += 12 + length
    assert pos == len(data)
    return out


def decode(data: bytes) -> tuple[int, int, int, bytes]:
    """(width, height, colour type, pixels) of a filter-0 PNG, by hand."""
    parts = chunks(data)
    assert parts[0][0] == b"IHDR" and parts[-1] == (b"IEND", b"")
    w, h, depth, colour, comp, filt, interlace = struct.unpack(">IIBBBBB", parts[0][1])
    assert (depth, comp, filt, interlace) == (8, 0, 0, 0)
    raw = zlib.decompress(b"".join(body for kind, body in parts if kind == b"IDAT"))
    line = w * (3 if colour == 2 else 4) + 1
    assert len(raw) == line * h
    assert all(raw[y * line] == 0 for y in range(h))  # filter type None on every row
    return w, h, colour, b"".join(raw[y * line + 1 : (y + 1) * line] for y in range(h))


@pytest.mark.parametrize("size", [(1, 1), (37, 23), (64, 3)])
def test_opaque_surface_is_rgb_with_the_same_pixels(tmp_path: Path, size: tuple[int, int]) -> None:
    surf = noisy(*size, alpha=False)
    path = png.save_png(surf, tmp_path / "a.png")
    w, h, colour, pixels = decode(path.read_bytes())
    assert (w, h, colour) == (*size, 2)
    assert pixels == pygame.image.tobytes(surf, "RGB")
    back = pygame.image.load(str(path))
    assert pygame.image.tobytes(back, "RGB") == pygame.image.tobytes(surf, "RGB")


def test_alpha_surface_is_rgba_with_the_same_pixels(tmp_path: Path) -> None:
    surf = noisy(29, 17, alpha=True)
    path = png.save_png(surf, tmp_path / "a.png")
    w, h, colour, pixels = decode(path.read_bytes())
    assert (w, h, colour) == (29, 17, 6)
    assert pixels == pygame.image.tobytes(surf, "RGBA")
    back = pygame.image.load(str(path))
    assert pygame.image.tobytes(back, "RGBA") == pygame.image.tobytes(surf, "RGBA")


def test_colour_key_becomes_transparency(tmp_path: Path) -> None:
    surf = noisy(8, 8, alpha=False)
    surf.fill((255, 0, 255), (0, 0, 4, 8))
    surf.set_colorkey((255, 0, 255))
    _, _, colour, pixels = decode(png.encode_png(surf))
    assert colour == 6
    assert pixels[3] == 0 and pixels[4 * 7 + 3] == 255


def test_many_pieces_join_into_one_stream_whatever_the_cpu_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    surf = noisy(50, 120, alpha=False, seed=7)
    surf.fill((90, 80, 70), (0, 40, 50, 40))  # repeats, so pieces use their dictionary
    monkeypatch.setattr(png, "PIECE_BYTES", 1000)  # ~7 rows a piece: 18 pieces
    encoded = {}
    for cpus in (1, 2, 3, 16):
        monkeypatch.setattr(os, "cpu_count", lambda cpus=cpus: cpus)
        encoded[cpus] = png.encode_png(surf)
    assert len(set(encoded.values())) == 1
    _, _, _, pixels = decode(encoded[1])
    assert pixels == pygame.image.tobytes(surf, "RGB")


def test_an_empty_surface_is_refused() -> None:
    with pytest.raises(ValueError, match="0x5"):
        png.encode_png(pygame.Surface((0, 5)))


def test_rendered_board_png_has_the_views_pixels(tmp_path: Path, tiny_board: Board) -> None:
    out = render_board_to_png(tiny_board, tmp_path / "board.png")
    back = pygame.image.load(str(out))
    expected = BoardView(tiny_board).render(1.0)
    assert pygame.image.tobytes(back, "RGB") == pygame.image.tobytes(expected, "RGB")


@pytest.mark.tiled
@pytest.mark.skipif(not tiled_tools.have_rasterizer(), reason="tmxrasterizer not installed")
@pytest.mark.parametrize("alpha", [False, True], ids=["rgb", "rgba"])
def test_qt_reads_the_same_pixels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, alpha: bool
) -> None:
    """Tiled (Qt's PNG reader) draws our file as an image layer at 1:1."""
    w, h = 41, 30
    surf = noisy(w, h, alpha=alpha, seed=3)
    if alpha:  # Qt composes onto a transparent map: keep alpha 0 or 255 for exact colours
        for y in range(h):
            for x in range(w):
                c = surf.get_at((x, y))
                surf.set_at((x, y), (c.r, c.g, c.b, 255) if c.a >= 128 else (0, 0, 0, 0))
    monkeypatch.setattr(png, "PIECE_BYTES", 500)  # several pieces
    png.save_png(surf, tmp_path / "ours.png")
    (tmp_path / "m.tmx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" orientation="orthogonal" renderorder="right-down" width="{w}" '
        f'height="{h}" tilewidth="1" tileheight="1" infinite="0" nextlayerid="2" '
        'nextobjectid="1">\n'
        f' <imagelayer id="1" name="img"><image source="ours.png" width="{w}" height="{h}"/>'
        "</imagelayer>\n</map>\n",
        encoding="utf-8",
    )
    tiled_tools.rasterize(tmp_path / "m.tmx", tmp_path / "qt.png")
    theirs = pygame.image.load(str(tmp_path / "qt.png"))
    assert theirs.get_size() == (w, h)
    fmt = "RGBA" if alpha else "RGB"
    assert pygame.image.tobytes(theirs, fmt) == pygame.image.tobytes(surf, fmt)


def test_adler32_of_pieces_combines_as_zlib_computes_it_whole() -> None:
    rng = random.Random(5)
    data = bytes(rng.randrange(256) for _ in range(200_000))
    for cut in (0, 1, 65521, 65522, 131042, 199_999, 200_000):
        a, b = data[:cut], data[cut:]
        combined = png._adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b))
        assert combined == zlib.adler32(data), cut
