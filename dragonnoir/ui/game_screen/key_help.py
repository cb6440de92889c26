"""The list of keys (H) over the map, fitted to the room it has (issue 45 §3: it was
clipped top and bottom at 1280x800): one column when it fits, else two or three, the
descriptions wrapped to the column, and a smaller font only when even three columns
do not fit. Every row is always drawn whole."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from dragonnoir.render import fonts
from dragonnoir.ui.text_wrap import wrap_text

KEY_INK = (255, 226, 140)
TEXT_INK = (230, 222, 204)
MARGIN = 20
COLUMN_GAP = 28
#: The font sizes tried, largest first.
SIZES = (15, 14, 13, 12)


@dataclass(frozen=True, slots=True)
class KeyLayout:
    """Where each row goes: its column, its y, its description's lines; the box's size."""

    font: pygame.font.Font
    keys_w: int
    column_w: int
    placed: tuple[tuple[int, int, str, tuple[str, ...]], ...]  # column, y, keys, lines
    size: tuple[int, int]


def draw_key_list(
    screen: pygame.Surface, rows: Sequence[tuple[str, str]], room: pygame.Rect, title: str
) -> pygame.Rect:
    """A translucent box listing `rows` (keys, what they do), centred in `room` and
    within it; returns where it was drawn."""
    layout = lay_out(rows, room.size, title)
    box = pygame.Surface(layout.size, pygame.SRCALPHA)
    box.fill((12, 10, 8, 232))
    pygame.draw.rect(box, (150, 130, 90), box.get_rect(), 2)
    f = layout.font
    box.blit(f.render(title, True, KEY_INK), (MARGIN, 12))
    line_h = f.get_height() + 2
    for column, y, keys, lines in layout.placed:
        x = MARGIN + column * (layout.column_w + COLUMN_GAP)
        box.blit(f.render(keys, True, KEY_INK), (x, y))
        for i, line in enumerate(lines):
            box.blit(f.render(line, True, TEXT_INK), (x + layout.keys_w, y + i * line_h))
    rect = box.get_rect(center=room.center).clamp(room)
    screen.blit(box, rect)
    return rect


def lay_out(rows: Sequence[tuple[str, str]], room: tuple[int, int], title: str) -> KeyLayout:
    """The first layout that fits `room`: the largest font, the fewest columns."""
    layout = None
    for size in SIZES:
        font = fonts.ui_font(size)
        for columns in (1, 2, 3):
            layout = _try(rows, room, title, font, columns)
            if layout.size[0] <= room[0] and layout.size[1] <= room[1]:
                return layout
    assert layout is not None
    return layout  # the smallest: nothing fits better (a window smaller than any we open)


def _try(
    rows: Sequence[tuple[str, str]],
    room: tuple[int, int],
    title: str,
    font: pygame.font.Font,
    columns: int,
) -> KeyLayout:
    keys_w = max((font.size(k)[0] for k, _ in rows), default=0) + 18
    widest = max((font.size(v)[0] for _, v in rows), default=0)
    usable = (room[0] - 2 * MARGIN - (columns - 1) * COLUMN_GAP) // columns - keys_w
    text_w = max(80, min(widest, usable))
    wrapped = [(k, tuple(wrap_text(v, font, text_w))) for k, v in rows]
    line_h = font.get_height() + 2
    row_gap = 5
    top = 12 + font.get_height() + 10
    total = sum(len(lines) * line_h + row_gap for _, lines in wrapped)
    per_column = -(-total // columns)
    placed = []
    column, y, bottom = 0, top, top
    for k, lines in wrapped:
        height = len(lines) * line_h + row_gap
        if y > top and y - top + height > per_column + line_h and column < columns - 1:
            column, y = column + 1, top
        placed.append((column, y, k, lines))
        y += height
        bottom = max(bottom, y)
    column_w = keys_w + text_w
    width = 2 * MARGIN + columns * column_w + (columns - 1) * COLUMN_GAP
    width = max(width, font.size(title)[0] + 2 * MARGIN)
    return KeyLayout(font, keys_w, column_w, tuple(placed), (width, bottom + 8))
