"""Every counter of a roster in every face on one PNG, for the docs and for looking.

`counters_sheet(roster, out_png)`, and from the command line::

    python -m dragonnoir.render.counter_sheet --sheet out.png [--px 64]

It draws with the same `CounterArt` as the game client (plus the Queen and her Guards in
every face and facing, and one chit at every size), so the sheet shows what the players
see.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import pygame

from dragonnoir.engine.roster import (
    PEOPLE_NAMES,
    Counter,
    KrobType,
    People,
    Roster,
    SpectreKind,
    default_roster,
)
from dragonnoir.render.counter_faces import Face, FaceKey, faces_for
from dragonnoir.render.counter_pen import text_image
from dragonnoir.render.counters import CounterArt


def _groups(roster: Roster) -> list[tuple[str, list[Counter]]]:
    out: list[tuple[str, list[Counter]]] = []
    for people in People:
        out.append((PEOPLE_NAMES[people], list(roster.people(people))))
    for t in (KrobType.HUNTER, KrobType.WARRIOR, KrobType.KILLER):
        out.append((f"Krob {t.value}s", list(roster.of_type(t))))
    out.append(("Gharvs", list(roster.gharvs)))
    for kind in SpectreKind:
        out.append((kind.value.replace("_", " ").title() + "s", list(roster.spectres_of(kind))))
    return [(title, rows) for title, rows in out if rows]


def counters_sheet(roster: Roster, out_png: Path | str, px: int = 64) -> Path:
    """Every counter of `roster` in every face on one PNG (plus the Queen and Guards in
    every face and facing, and one chit at every size), for the docs and for looking."""
    if not pygame.font.get_init():
        pygame.font.init()
    art = CounterArt(roster)
    pad = 6
    cell = px + pad
    width = 1900
    title_h = 30
    # lay out the one-hex counters: one block of faces per counter
    blocks: list[tuple[str | None, Counter | None]] = []
    for group, rows in _groups(roster):
        blocks.append((group, None))
        blocks += [(None, c) for c in rows]
    y = 40
    x = pad
    pos: list[tuple[int, int, str | None, Counter | None]] = []
    for title, counter in blocks:
        if title is not None:
            if x > pad:
                y += cell + 14
            x = pad
            pos.append((x, y, title, None))
            y += title_h
            continue
        assert counter is not None
        bw = len(faces_for(counter)) * cell + 12
        if x + bw > width:
            x = pad
            y += cell + 14
        pos.append((x, y, None, counter))
        x += bw
    y += cell + 30
    big_top = y
    zoom_big = 0.8
    queen = roster.of_type(KrobType.QUEEN)
    guards = roster.of_type(KrobType.GUARD)
    big_h = 0
    height = big_top + 1600
    sheet = pygame.Surface((width, height))
    sheet.fill((58, 52, 48))
    head = text_image(
        f"Dragon Noir 2 counters — {len(roster)} counters, every face", 26, (240, 230, 210)
    )
    sheet.blit(head, (pad, 8))
    for x, y, heading, counter in pos:
        if heading is not None:
            sheet.blit(text_image(heading, 22, (240, 226, 190)), (x, y + 6))
            continue
        assert counter is not None
        for i, face in enumerate(faces_for(counter)):
            img = art.chit(counter.id, face, px)
            cx = x + i * cell + cell // 2
            cy = y + cell // 2
            sheet.blit(img, img.get_rect(center=(cx, cy)))
            cap = text_image(
                face.face.value.replace("_", " ") + (f" {face.wound}" if face.wound else ""),
                11,
                (200, 190, 170),
            )
            sheet.blit(cap, cap.get_rect(midtop=(cx, y + cell - 1)))
    # Queen and Guards
    y = big_top
    sheet.blit(
        text_image(
            "Queen Alkiram (7 hexes) and the Queen's Guards (3 hexes): greyed rear zone hatched",
            22,
            (240, 226, 190),
        ),
        (pad, y),
    )
    y += title_h
    x = pad
    for counter in queen:
        for i, face in enumerate(faces_for(counter)):
            bi = art.big(counter.id, face, i % 6, zoom_big)
            sheet.blit(bi.image, (x, y))
            x += bi.image.get_width() + 8
            big_h = max(big_h, bi.image.get_height())
    y += big_h + 10
    x = pad
    row_h = 0
    for gi, counter in enumerate(guards):
        faces = faces_for(counter) if gi == 0 else (FaceKey(Face.HEALTHY),)
        for i, face in enumerate(faces):
            facing = (gi + i) % 6
            bi = art.big(counter.id, face, facing, zoom_big)
            if x + bi.image.get_width() > width:
                x = pad
                y += row_h + 6
                row_h = 0
            sheet.blit(bi.image, (x, y))
            x += bi.image.get_width() + 6
            row_h = max(row_h, bi.image.get_height())
    y += row_h + 16
    sheet.blit(
        text_image("Sizes: 24, 28, 32, 40, 48, 56, 64 px (100% zoom = 40 px)", 22, (240, 226, 190)),
        (pad, y),
    )
    y += title_h
    x = pad
    samples = [roster.adventurers[0].id, roster.adventurers[5].id]
    if roster.of_type(KrobType.WARRIOR):
        samples.append(roster.of_type(KrobType.WARRIOR)[0].id)
    if roster.gharvs:
        samples.append(roster.gharvs[0].id)
    for kind in samples:
        for s in (24, 28, 32, 40, 48, 56, 64):
            img = art.chit(kind, FaceKey(Face.HEALTHY), s)
            sheet.blit(img, (x, y + 64 - s))
            x += s + 6
        x += 20
    if y + 80 < height:
        sheet = sheet.subsurface((0, 0, width, y + 80)).copy()
    out = Path(out_png)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m dragonnoir.render.counters",
        description="Draw every counter of the roster in every face on one sheet.",
    )
    parser.add_argument("--sheet", type=Path, required=True, help="output PNG")
    parser.add_argument("--px", type=int, default=64, help="chit size on the sheet")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    print(counters_sheet(default_roster(), args.sheet, args.px))
    return 0


if __name__ == "__main__":
    sys.exit(main())
