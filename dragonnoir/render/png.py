"""Write a pygame surface as PNG, fast: raw rows, zlib at level 1, compressed in parallel.

Why not `pygame.image.save`: for a six-board map (about 4000 x 1700 pixels) it spends
~430 ms in libpng at its default compression with adaptive filtering, eight times as
long as drawing the map. The files it saves are about 15% smaller; nobody needs that
for `dragonnoir render`. Here the image is written as Tiled and every viewer read it:

- opaque surfaces (no per-pixel alpha, colour key or surface alpha) become 8-bit RGB,
  the others 8-bit RGBA, both non-interlaced with filter type 0 (None) on every row;
- the pixels are compressed with zlib level 1 in pieces of a few MB, one thread each
  (zlib releases the GIL). Each piece is a raw deflate stream ended by a sync flush and
  primed with the previous piece's last 32 KB as dictionary, so the pieces join into
  one valid zlib stream (pigz does the same); the Adler-32 is computed over the whole.
  The pieces depend only on the image, never on the number of CPUs: the same surface
  always gives the same bytes.
"""

from __future__ import annotations

import os
import struct
import sys
import threading
import zlib
from pathlib import Path

import pygame

#: zlib level: 1 is ~2x faster than 6 for a file ~15% larger.
LEVEL = 1
#: Size of one independently compressed piece of filtered image data.
PIECE_BYTES = 4 << 20
#: The deflate window: each piece is primed with this much of what precedes it.
WINDOW = 32 << 10

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: Masks of a 24-bit surface whose bytes in memory are R, G, B.
_RGB24_MASKS = (
    (0xFF, 0xFF00, 0xFF0000, 0) if sys.byteorder == "little" else (0xFF0000, 0xFF00, 0xFF, 0)
)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data))
        + kind
        + data
        + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))
    )


def _is_opaque(surface: pygame.Surface) -> bool:
    return (
        not surface.get_flags() & pygame.SRCALPHA
        and surface.get_colorkey() is None
        and surface.get_alpha() is None
    )


def _filtered_rows(surface: pygame.Surface) -> tuple[bytearray, int]:
    """The image as PNG scanlines (a 0 filter byte, then the row's pixels) and the
    PNG colour type (2 = RGB, 6 = RGBA)."""
    w, h = surface.get_size()
    if _is_opaque(surface):
        # A blit into R,G,B byte order is ~2x faster than tobytes("RGB").
        rgb = pygame.Surface((w, h), 0, 24, _RGB24_MASKS)
        rgb.blit(surface, (0, 0))
        raw = memoryview(rgb.get_buffer())  # type: ignore[arg-type]
        pitch, bpp, colour_type = rgb.get_pitch(), 3, 2
    else:
        raw = memoryview(pygame.image.tobytes(surface, "RGBA"))
        pitch, bpp, colour_type = w * 4, 4, 6
    stride = w * bpp
    line = stride + 1
    out = bytearray(line * h)  # zero-filled: every filter byte is already 0
    for y in range(h):
        start = y * pitch
        out[y * line + 1 : (y + 1) * line] = raw[start : start + stride]
    return out, colour_type


def _compress(data: bytearray, row_bytes: int) -> bytes:
    """One zlib stream of `data`, compressed piecewise in parallel (see module doc)."""
    view = memoryview(data)
    rows_per_piece = max(1, PIECE_BYTES // max(1, row_bytes))
    step = rows_per_piece * row_bytes
    bounds = [(a, min(len(data), a + step)) for a in range(0, len(data), step)] or [(0, 0)]
    pieces: list[bytes] = [b""] * len(bounds)

    def work(indices: list[int]) -> None:
        for i in indices:
            a, b = bounds[i]
            last = i == len(bounds) - 1
            if a:
                co = zlib.compressobj(LEVEL, zlib.DEFLATED, -15, zdict=view[max(0, a - WINDOW) : a])
            else:
                co = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
            pieces[i] = co.compress(view[a:b]) + co.flush(
                zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH
            )

    workers = max(1, min(len(bounds), os.cpu_count() or 1, 8))
    threads = [
        threading.Thread(target=work, args=(list(range(k, len(bounds), workers)),))
        for k in range(1, workers)
    ]
    for t in threads:
        t.start()
    adler = zlib.adler32(view)
    work(list(range(0, len(bounds), workers)))
    for t in threads:
        t.join()
    # CMF 0x78: deflate, 32 KB window; FLG 0x01: fastest level, no dictionary, check bits.
    return b"\x78\x01" + b"".join(pieces) + struct.pack(">I", adler)


def encode_png(surface: pygame.Surface) -> bytes:
    """The PNG file bytes of `surface` (RGB if opaque, else RGBA)."""
    w, h = surface.get_size()
    if w < 1 or h < 1:
        raise ValueError(f"a PNG needs at least one pixel, not {w}x{h}")
    rows, colour_type = _filtered_rows(surface)
    header = struct.pack(">IIBBBBB", w, h, 8, colour_type, 0, 0, 0)
    idat = _compress(rows, len(rows) // h)
    return b"".join(
        (_SIGNATURE, _chunk(b"IHDR", header), _chunk(b"IDAT", idat), _chunk(b"IEND", b""))
    )


def save_png(surface: pygame.Surface, path: Path | str) -> Path:
    """Write `surface` to `path` as PNG; returns the path."""
    out = Path(path)
    out.write_bytes(encode_png(surface))
    return out
