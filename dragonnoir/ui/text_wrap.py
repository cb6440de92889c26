"""Text cut into lines that fit a width: the preview card, the key help and the editor's
status line wrap with it, so that nothing a player must read is cut at the edge."""

from __future__ import annotations

import pygame


def wrap_text(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """`text` in lines no wider than `width` in `font`, cut between words (a word
    wider than the line stands alone on its line)."""
    words = text.split()
    lines: list[str] = []
    line = ""
    for word in words:
        trial = f"{line} {word}".strip()
        if font.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines or [""]
