"""The program's icon, drawn by code: a black dragon's amber eye in a gold-rimmed hex.

Original art of this project (nothing traced or copied). One drawing serves every use:
the window icon the client sets at start, and the files each system's binary needs,
written by `python -m dragonnoir.render.icon` into `build/icon/`:

- `dragonnoir.png` (1024 px, Linux desktop files and the source of the others),
- `dragonnoir.ico` (Windows: 16 to 256 px, PNG-compressed entries),
- `dragonnoir.icns` (macOS: 16 to 1024 px, PNG entries).

The drawing is made in design units (0..100 on each side) at four times the target size
and scaled down with the portable filter, so the files are the same bytes on every
machine (`tests/render/test_icon.py` checks the committed ones).
"""

from __future__ import annotations

import argparse
import math
import struct
from collections.abc import Callable, Sequence
from pathlib import Path

import pygame

#: Sizes in a Windows .ico (Explorer picks 16..256; 256 is the largest it shows).
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: macOS icon element types (PNG data) and their pixel sizes.
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)
PNG_SIZE = 1024
DEFAULT_OUT = Path("build") / "icon"

GOLD = (214, 162, 64)
GOLD_DARK = (120, 82, 28)
STONE = (44, 36, 32)
STONE_LIGHT = (78, 64, 54)
AMBER = (236, 136, 22)
AMBER_LIGHT = (255, 214, 96)
BLACK = (10, 8, 8)

Point = tuple[float, float]


def _hexagon(cx: float, cy: float, r: float) -> list[Point]:
    """A pointy-top hexagon (the boards' orientation) of vertex radius r."""
    return [
        (cx + r * math.cos(math.radians(90 + 60 * i)), cy + r * math.sin(math.radians(90 + 60 * i)))
        for i in range(6)
    ]


def _lens(cx: float, cy: float, half_len: float, half_width: float, vertical: bool) -> list[Point]:
    """An almond: two circular arcs through the ends of a chord of 2*half_len, bulging
    half_width each side (an eye, or a slit pupil when vertical)."""
    radius = (half_len**2 + half_width**2) / (2 * half_width)
    angle = math.asin(half_len / radius)
    steps = 48
    pts: list[Point] = []
    for side in (1, -1):
        for k in range(steps + 1):
            a = -angle + 2 * angle * k / steps
            along = radius * math.sin(a) * side
            across = (radius * math.cos(a) - (radius - half_width)) * side
            pts.append((cx + across, cy + along) if vertical else (cx + along, cy - across))
    return pts


Scaler = Callable[[pygame.Surface, tuple[int, int]], pygame.Surface]


def draw_icon(size: int, scale: Scaler | None = None) -> pygame.Surface:
    """The icon at `size` x `size` pixels, with per-pixel alpha. `scale` shrinks the
    drawing; by default the portable filter (same pixels everywhere, for the files)."""
    if scale is None:
        from dragonnoir.render.art import smoothscale_portable

        scale = smoothscale_portable
    big = 4 * size
    s = big / 100

    def pts(points: Sequence[Point]) -> list[tuple[float, float]]:
        return [(x * s, y * s) for x, y in points]

    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    # the hex: gold rim, a darker line inside it, stone lit from above
    pygame.draw.polygon(canvas, GOLD_DARK, pts(_hexagon(50, 50, 50)))
    pygame.draw.polygon(canvas, GOLD, pts(_hexagon(50, 50, 47)))
    steps = 24
    for k in range(steps):
        t = k / (steps - 1)
        colour = tuple(round(a + (b - a) * t) for a, b in zip(STONE, STONE_LIGHT, strict=True))
        pygame.draw.polygon(canvas, colour, pts(_hexagon(50, 50 - 6 * t, 43 - 24 * t)))
    # the brow: dark scales above the eye
    for i in range(5):
        x = 22 + i * 14
        pygame.draw.polygon(
            canvas, BLACK, pts([(x - 9, 36), (x + 3, 22 + abs(i - 2) * 3), (x + 7, 36)])
        )
    # the eye: a black almond, an amber iris clipped to it, a slit pupil, a glint
    pygame.draw.polygon(canvas, BLACK, pts(_lens(50, 54, 38, 21, vertical=False)))
    iris = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.polygon(iris, AMBER, pts(_lens(50, 54, 33, 17, vertical=False)))
    for k in range(10):
        t = k / 9
        colour = tuple(round(a + (b - a) * t) for a, b in zip(AMBER, AMBER_LIGHT, strict=True))
        pygame.draw.circle(iris, colour, (50 * s, 54 * s), (17 - 12 * t) * s)
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), pts(_lens(50, 54, 33, 17, vertical=False)))
    iris.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    canvas.blit(iris, (0, 0))
    pygame.draw.polygon(canvas, BLACK, pts(_lens(50, 54, 15, 4.5, vertical=True)))
    pygame.draw.circle(canvas, (255, 246, 220), (57 * s, 47 * s), 2.6 * s)
    return scale(canvas, (size, size))


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG images (size -> PNG bytes)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, data = b"", b""
    for size in sizes:
        png = images[size]
        dim = size if size < 256 else 0  # 0 means 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + entries + data


def icns_bytes(images: dict[int, bytes]) -> bytes:
    """A macOS .icns with one PNG element per type of ICNS_TYPES."""
    body = b"".join(
        kind + struct.pack(">I", 8 + len(images[size])) + images[size] for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def icon_files() -> dict[str, bytes]:
    """The three icon files by name."""
    from dragonnoir.render.png import encode_png

    sizes = sorted({PNG_SIZE, *ICO_SIZES, *(size for _, size in ICNS_TYPES)})
    pngs = {size: encode_png(draw_icon(size)) for size in sizes}
    return {
        "dragonnoir.png": pngs[PNG_SIZE],
        "dragonnoir.ico": ico_bytes({size: pngs[size] for size in ICO_SIZES}),
        "dragonnoir.icns": icns_bytes(pngs),
    }


def window_icon() -> pygame.Surface:
    """The small icon the client gives its window (title bar, task bar): drawn at start
    (~2 ms) with pygame's own filter, no need for the art module there."""
    return draw_icon(64, pygame.transform.smoothscale)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the program's icon files.")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="default: build/icon")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in icon_files().items():
        (args.out / name).write_bytes(data)
        print(f"wrote {args.out / name} ({len(data) // 1024} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
