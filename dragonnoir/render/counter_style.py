"""The look every counter shares: chit sizes (map and screen) and the palette.

One small module so that the faces, the painters, the placement and the sheet agree on
the same numbers and colours without importing each other ("The Counters": a chit is
`CHIT_SIZE` map pixels wide, never smaller than `MIN_MAP_PX` on screen; the side is read
first from the frame colour `BORDERS`, the people second from `BACKGROUNDS`).
"""

from __future__ import annotations

from dragonnoir.engine.state import Side

Colour = tuple[int, int, int]

#: Width of a one-hex chit in map pixels (the hex is 52 x 60 at 100%).
CHIT_SIZE = 40
#: From this many pixels a chit shows its name, silhouette and numbers.
FULL_PX = 34
#: From this many pixels (and below FULL_PX) a chit shows its numbers only (big).
NUMBERS_PX = 16
#: Chits are never drawn smaller than this on the map, at any zoom: the numbers stay
#: legible (at the smallest zooms the chits overlap their hexes' edges instead).
MIN_MAP_PX = 22

#: Below this font size an armoured defence is a red disc, not a ring (which would blot).
SMALL_RING_PX = 13

INK: Colour = (22, 18, 16)
ATTACK_INK: Colour = (12, 12, 12)
DEFENCE_INK: Colour = (196, 18, 22)
MOVE_INK: Colour = (22, 62, 188)
STRIP: Colour = (246, 240, 222)
SELECTED_RING: Colour = (255, 226, 80)
HIGHLIGHT_RING: Colour = (120, 220, 255)

#: Background of the chits of each people / Krob type / other kind.
BACKGROUNDS: dict[str, Colour] = {
    "rebels": (168, 188, 216),
    "orks": (160, 184, 104),
    "goblins": (214, 186, 112),
    "elves": (150, 210, 166),
    "trolls": (176, 166, 150),
    "black_dwarves": (204, 148, 112),
    "hunter": (226, 190, 110),
    "warrior": (206, 150, 86),
    "killer": (206, 112, 92),
    "guard": (170, 124, 92),
    "queen": (150, 96, 132),
    "gharv": (112, 180, 176),
    "living_dead": (196, 190, 222),
    "gargoyle": (168, 170, 178),
}
#: Frame colour of each side's chits: the side is read first (a thick frame), the
#: people second (the background). Chosen apart from every background and terrain:
#: a Black Dwarf (tan) and a Krob Warrior (tan) differ by their blue / red frames.
BORDERS: dict[Side, Colour] = {
    Side.ADVENTURERS: (34, 86, 214),
    Side.KROBS: (178, 24, 20),
    Side.GHARVS: (14, 128, 118),
}
#: The hairline around the frame: the chit stays visible on any terrain (bright resin
#: or dark rock).
OUTLINE: Colour = (8, 6, 6)


def chit_px(zoom: float) -> int:
    """A one-hex chit's width in screen pixels at `zoom`."""
    return max(MIN_MAP_PX, round(CHIT_SIZE * zoom))


def shade(c: Colour, k: float) -> Colour:
    """`c` made lighter (k > 1) or darker (k < 1)."""
    return (min(255, round(c[0] * k)), min(255, round(c[1] * k)), min(255, round(c[2] * k)))


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """The colour `t` of the way from `a` to `b`."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
