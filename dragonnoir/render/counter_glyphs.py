"""The silhouettes on the chits: figures of each people and weapon, the monsters, the
Krobs seen from above, the flames of a frenzied Crazy Ork.

Everything is drawn by code with the `counter_pen` tools, supersampled and shrunk with
the portable filter, so the same arguments give the same pixels on every machine.
`glyph_key` says which silhouette a counter shows; `glyph` is the cached image;
`paint_krob` is also what `big_counters` draws the Queen and her Guards with.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

import pygame

from dragonnoir.engine.roster import Counter
from dragonnoir.engine.values import Profile
from dragonnoir.render.art import smoothscale_portable
from dragonnoir.render.counter_pen import Frame, Pen, Point
from dragonnoir.render.counter_style import INK


def glyph_key(counter: Counter | None, profile: Profile) -> str:
    """Which silhouette a counter shows: by category, people, weapon and name."""
    cat = profile.category
    if cat in ("hunter", "warrior", "killer", "guard", "queen", "gharv"):
        return cat
    if cat in ("living_dead", "gargoyle"):
        return cat
    tags = profile.tags
    name = counter.name.lower() if counter is not None else profile.kind
    people = profile.people or "rebels"
    if "dog" in tags or "godivas_dog" in tags:
        return "dog"
    if "troll" in tags or people == "trolls":
        return "troll"
    if "wizard" in tags:
        return f"{people}:wizard"
    if "crazy_ork" in tags:
        return f"{people}:berserk"
    if "prisoner" in tags:
        return f"{people}:prisoner"
    if profile.weapon == "crossbow":
        return f"{people}:crossbow"
    if profile.weapon in ("long_bow", "short_bow"):
        return f"{people}:{profile.weapon}"
    for word, weapon in (
        ("axe", "axe"),
        ("spear", "spear"),
        ("hammer", "hammer"),
        ("miner", "pick"),
        ("climber", "climber"),
        ("scout", "scout"),
        ("knight", "knight"),
        ("zed", "dagger"),
    ):
        if word in name:
            return f"{people}:{weapon}"
    return f"{people}:sword"


_BODY = {  # height, width, head radius
    "rebels": (1.0, 1.0, 7.0),
    "orks": (0.98, 1.22, 7.6),
    "goblins": (0.84, 0.92, 7.4),
    "elves": (1.06, 0.86, 6.6),
    "black_dwarves": (0.8, 1.28, 7.6),
}


def _paint_glyph(pen: Pen, key: str, ink: Sequence[int] = INK) -> None:
    """A silhouette in the 100 x 100 box (dark ink; a few light details)."""
    light = (226, 214, 186)
    if key in ("hunter", "warrior", "killer", "guard", "queen"):
        f = Frame((50, 52), (0.0, -1.0), 1.0)
        paint_krob(pen, f, key, 92 if key != "queen" else 96, ink, light)
        return
    if key == "gharv":
        _paint_gharv(pen, ink)
        return
    if key == "living_dead":
        _paint_living_dead(pen, ink, light)
        return
    if key == "gargoyle":
        _paint_gargoyle(pen, ink)
        return
    if key == "dog":
        _paint_dog(pen, ink)
        return
    if key == "troll":
        _paint_troll(pen, ink, light)
        return
    people, _, weapon = key.partition(":")
    _paint_figure(pen, people, weapon, ink, light)


def _paint_figure(
    pen: Pen, people: str, weapon: str, ink: Sequence[int], light: Sequence[int]
) -> None:
    h, w, hr = _BODY.get(people, _BODY["rebels"])
    foot = 95.0
    top = foot - 84 * h
    hx, hy = 50.0, top + hr
    sh_y = hy + hr + 3  # shoulders
    hip_y = sh_y + 30 * h
    sw = 13 * w  # half shoulder width
    robe = weapon in ("wizard", "scout")
    # Weapon behind the body first for a few.
    if weapon == "berserk":
        for side in (-1, 1):
            x0 = 50 + side * sw
            tip: Point = (50.0 + side * 30, top - 2)
            pen.line(ink, (x0, sh_y + 4), tip, 3.2)
            pen.poly(
                ink,
                [
                    (tip[0] - side * 1, tip[1] + 2),
                    (tip[0] + side * 12, tip[1] - 3),
                    (tip[0] + side * 12, tip[1] + 13),
                    (tip[0] - side * 1, tip[1] + 9),
                ],
            )
    if robe:
        pen.poly(
            ink, [(50 - sw, sh_y), (50 + sw, sh_y), (50 + sw * 1.55, foot), (50 - sw * 1.55, foot)]
        )
    else:
        # torso
        pen.poly(
            ink,
            [(50 - sw, sh_y), (50 + sw, sh_y), (50 + sw * 0.78, hip_y), (50 - sw * 0.78, hip_y)],
        )
        # legs
        leg = 5.2 * w
        for side in (-1, 1):
            x_hip = 50 + side * sw * 0.45
            x_foot = 50 + side * sw * 0.72
            pen.poly(
                ink,
                [
                    (x_hip - leg, hip_y - 1),
                    (x_hip + leg, hip_y - 1),
                    (x_foot + leg * 0.7, foot),
                    (x_foot - leg * 0.7, foot),
                ],
            )
            pen.ellipse(ink, x_foot + side * 1.5, foot - 1, leg * 1.1, 2.4)
        pen.line(light, (50 - sw * 0.8, hip_y - 3), (50 + sw * 0.8, hip_y - 3), 1.4)
    # head
    pen.circle(ink, hx, hy, hr)
    if people == "elves":
        for side in (-1, 1):
            pen.poly(
                ink,
                [
                    (hx + side * hr * 0.7, hy - 2),
                    (hx + side * (hr + 7), hy - 8),
                    (hx + side * hr * 0.8, hy + 3),
                ],
            )
    elif people == "goblins":
        for side in (-1, 1):
            pen.poly(
                ink,
                [
                    (hx + side * hr * 0.6, hy - 3),
                    (hx + side * (hr + 9), hy - 1),
                    (hx + side * hr * 0.7, hy + 4),
                ],
            )
    elif people == "orks":
        for side in (-1, 1):
            pen.poly(
                light,
                [(hx + side * 3, hy + 4), (hx + side * 4.2, hy + 0.5), (hx + side * 5, hy + 4.5)],
            )
        pen.poly(
            ink,
            [
                (hx - hr, hy),
                (hx + hr, hy),
                (hx + hr * 0.8, hy + hr + 2),
                (hx - hr * 0.8, hy + hr + 2),
            ],
        )
    elif people == "black_dwarves":
        pen.poly(ink, [(hx - hr, hy + 1), (hx + hr, hy + 1), (hx, hy + hr + 10)])  # beard
        pen.line(light, (hx - hr * 0.5, hy + 4), (hx, hy + hr + 7), 0.9)
        pen.line(light, (hx + hr * 0.5, hy + 4), (hx, hy + hr + 7), 0.9)
        pen.poly(ink, [(hx - hr - 2, hy - 1), (hx + hr + 2, hy - 1), (hx, hy - hr - 4)])  # helm
    if weapon == "knight":
        pen.poly(
            ink,
            [
                (hx - hr - 1, hy + 1),
                (hx + hr + 1, hy + 1),
                (hx + hr, hy - hr - 1),
                (hx - hr, hy - hr - 1),
            ],
        )
        pen.line(light, (hx - hr + 1.5, hy - 1), (hx + hr - 1.5, hy - 1), 1.3)  # visor
        pen.lines(ink, [(hx, hy - hr - 1), (hx + 3, hy - hr - 7), (hx + 9, hy - hr - 5)], 2.2)
    if weapon == "wizard":
        pen.poly(ink, [(hx - hr - 6, hy - 2), (hx + hr + 6, hy - 2), (hx + 4, hy - hr - 20)])  # hat
    if weapon == "scout":
        pen.poly(
            ink,
            [
                (hx - hr - 2, hy + 3),
                (hx + hr + 2, hy + 3),
                (hx + hr, hy - hr - 1),
                (hx, hy - hr - 5),
                (hx - hr, hy - hr - 1),
            ],
        )
    # arms
    rh = (50 + sw + 5, sh_y + 16 * h)  # right hand (viewer's right)
    lh = (50 - sw - 5, sh_y + 16 * h)
    if weapon not in ("berserk",):
        pen.line(ink, (50 + sw - 1, sh_y + 2), rh, 4.2 * w)
        pen.line(ink, (50 - sw + 1, sh_y + 2), lh, 4.2 * w)
    else:
        pen.line(ink, (50 + sw - 1, sh_y + 2), (50 + sw + 4, sh_y - 8), 4.2 * w)
        pen.line(ink, (50 - sw + 1, sh_y + 2), (50 - sw - 4, sh_y - 8), 4.2 * w)
    # weapons in hand
    if weapon in ("sword", "knight"):
        tip = (rh[0] + 10, rh[1] - 44)
        pen.line(ink, rh, tip, 2.4)
        pen.poly(
            ink,
            [(tip[0] - 1.4, tip[1] + 2), (tip[0] + 1.6, tip[1] - 5), (tip[0] + 2.6, tip[1] + 3)],
        )
        a = (rh[0] - 5, rh[1] - 4)
        pen.line(ink, a, (rh[0] + 6, rh[1] + 1), 2.2)
        if weapon == "knight":
            pen.poly(
                ink,
                [
                    (lh[0] - 9, lh[1] - 14),
                    (lh[0] + 7, lh[1] - 14),
                    (lh[0] + 6, lh[1] + 2),
                    (lh[0] - 1, lh[1] + 12),
                    (lh[0] - 8, lh[1] + 2),
                ],
            )
            pen.line(light, (lh[0] - 1, lh[1] - 11), (lh[0] - 1, lh[1] + 7), 1.6)
            pen.line(light, (lh[0] - 6, lh[1] - 5), (lh[0] + 4, lh[1] - 5), 1.6)
        else:
            pen.circle(ink, lh[0] - 1, lh[1] - 3, 9)
            pen.circle(light, lh[0] - 1, lh[1] - 3, 2.2)
    elif weapon == "dagger":
        pen.line(ink, rh, (rh[0] + 6, rh[1] - 16), 2.4)
        pen.line(ink, (lh[0], lh[1]), (lh[0] - 6, lh[1] - 16), 2.4)
    elif weapon == "axe":
        top_h = (rh[0] + 4, rh[1] - 40)
        pen.line(ink, (rh[0] - 1, rh[1] + 6), top_h, 2.6)
        pen.poly(
            ink,
            [
                (top_h[0] - 1, top_h[1] + 3),
                (top_h[0] + 13, top_h[1] - 4),
                (top_h[0] + 13, top_h[1] + 15),
                (top_h[0] - 1, top_h[1] + 10),
            ],
        )
    elif weapon == "hammer":
        top_h = (rh[0] + 4, rh[1] - 36)
        pen.line(ink, (rh[0] - 1, rh[1] + 6), top_h, 2.8)
        pen.poly(
            ink,
            [
                (top_h[0] - 8, top_h[1] - 5),
                (top_h[0] + 9, top_h[1] - 6),
                (top_h[0] + 9, top_h[1] + 6),
                (top_h[0] - 8, top_h[1] + 5),
            ],
        )
    elif weapon == "pick":
        top_h = (rh[0] + 3, rh[1] - 34)
        pen.line(ink, (rh[0] - 1, rh[1] + 6), top_h, 2.6)
        pen.arc(ink, top_h[0], top_h[1] + 9, 13, 10, 0.35, math.pi - 0.35, 3.0)
    elif weapon == "spear":
        pen.line(ink, (rh[0] - 2, rh[1] + 26), (rh[0] + 4, rh[1] - 60), 2.2)
        t = (rh[0] + 4.3, rh[1] - 64)
        pen.poly(ink, [(t[0], t[1] - 6), (t[0] + 4, t[1] + 6), (t[0] - 3.5, t[1] + 6)])
        if people == "goblins" or people == "orks":
            pen.ellipse(ink, lh[0] - 2, lh[1] - 2, 6, 10)
    elif weapon in ("long_bow", "short_bow"):
        ry = 42 if weapon == "long_bow" else 30
        bx = lh[0] - 3
        pen.arc(ink, bx + 10, lh[1] - 6, 14, ry, math.pi / 2 + 0.15, 3 * math.pi / 2 - 0.15, 2.6)
        ya = lh[1] - 6 - ry * math.cos(0.15)
        yb = lh[1] - 6 + ry * math.cos(0.15)
        xs = bx + 10 - 14 * math.sin(0.15)
        pen.lines(ink, [(xs, ya), (rh[0] - 2, lh[1] - 6), (xs, yb)], 0.9)
        pen.line(ink, (lh[0] - 8, lh[1] - 6), (rh[0] + 2, lh[1] - 6), 1.4)  # arrow
        pen.poly(ink, [(lh[0] - 12, lh[1] - 6), (lh[0] - 6, lh[1] - 9), (lh[0] - 6, lh[1] - 3)])
    elif weapon == "crossbow":
        y = sh_y + 8
        pen.line(ink, (lh[0] - 10, y), (rh[0] + 2, y + 3), 3.4)  # stock
        pen.arc(ink, lh[0] - 8, y, 5, 14, math.pi / 2, 3 * math.pi / 2, 2.4)
        pen.lines(ink, [(lh[0] - 8, y - 14), (lh[0] - 1, y), (lh[0] - 8, y + 14)], 0.9)
    elif weapon == "wizard":
        pen.line(ink, (rh[0] + 2, foot), (rh[0] + 2, top - 4), 2.4)
        pen.circle(ink, rh[0] + 2, top - 6, 4.4)
        pen.circle(light, rh[0] + 2, top - 6, 1.8)
        for i in range(3):
            ang = -0.6 + i * 0.6
            pen.line(
                ink,
                (rh[0] + 2 + 6 * math.sin(ang), top - 6 - 6 * math.cos(ang)),
                (rh[0] + 2 + 9 * math.sin(ang), top - 6 - 9 * math.cos(ang)),
                1.0,
            )
    elif weapon == "climber":
        pen.circle(ink, lh[0] + 4, sh_y + 2, 9, 2.4)  # rope coil
        pen.circle(ink, lh[0] + 4, sh_y + 2, 5.5, 1.6)
        g = (rh[0] + 6, rh[1] - 30)
        pen.lines(ink, [rh, (rh[0] + 3, rh[1] - 14), g], 1.2)
        for side in (-1, 1):
            pen.lines(ink, [g, (g[0] + side * 6, g[1] - 4), (g[0] + side * 6, g[1] - 8)], 1.8)
        pen.line(ink, g, (g[0], g[1] - 9), 1.8)
    elif weapon == "prisoner":
        pen.line(light, lh, rh, 1.0)
        for i in range(5):
            x = lh[0] + (rh[0] - lh[0]) * (i + 0.5) / 5
            pen.ellipse(ink, x, lh[1] + 0.5, 2.6, 1.8, 0.9)
        for hand in (lh, rh):
            pen.ellipse(light, hand[0], hand[1], 3.0, 2.2, 1.0)


def _paint_dog(pen: Pen, ink: Sequence[int]) -> None:
    pen.ellipse(ink, 48, 56, 26, 11)  # body
    pen.poly(ink, [(66, 52), (78, 34), (90, 36), (94, 44), (86, 48), (78, 58)])  # neck+head
    pen.poly(ink, [(78, 36), (80, 24), (86, 34)])  # ear
    for x, dx in ((30, -4), (38, 3), (60, -2), (68, 4)):
        pen.line(ink, (x, 60), (x + dx, 86), 5.0)
    pen.lines(ink, [(24, 52), (12, 44), (8, 34)], 3.4)  # tail
    pen.ellipse((200, 60, 40), 85, 40, 1.6, 1.4)
    pen.line((210, 200, 170), (60, 48), (68, 52), 2.0)  # collar


def _paint_troll(pen: Pen, ink: Sequence[int], light: Sequence[int]) -> None:
    pen.ellipse(ink, 48, 50, 26, 30)  # huge body
    pen.circle(ink, 54, 20, 9)  # small head pushed forward
    pen.poly(light, [(52, 24), (54, 20.5), (55.5, 24.5)])
    pen.poly(light, [(58, 24), (60, 20.5), (61.5, 24.5)])
    pen.line(ink, (32, 44), (20, 78), 8.0)  # long arms
    pen.line(ink, (68, 44), (78, 60), 8.0)
    pen.line(ink, (80, 62), (88, 14), 5.0)  # club
    pen.ellipse(ink, 88, 18, 8, 13)
    for k in (-1, 1):
        pen.line(ink, (48 + k * 12, 74), (48 + k * 15, 95), 9.0)
    pen.circle(light, 86, 12, 1.3)
    pen.circle(light, 91, 21, 1.3)


def _paint_gharv(pen: Pen, ink: Sequence[int]) -> None:
    body = [(8, 58), (18, 46), (34, 42), (58, 44), (74, 40), (88, 32), (96, 34), (92, 44),
            (78, 52), (60, 60), (36, 62), (20, 64)]  # fmt: skip
    pen.poly(ink, body)
    pen.poly(ink, [(8, 58), (0, 50), (4, 60), (20, 64)])  # jaw open
    for x in range(24, 72, 9):
        pen.poly(ink, [(x, 45), (x + 4, 30), (x + 8, 44)])  # spines
    for x, dx in ((28, -6), (56, 6)):
        pen.lines(ink, [(x, 58), (x + dx, 72), (x + dx * 1.6, 74)], 3.6)
    pen.circle((236, 70, 40), 17, 50, 2.0)
    for i in range(4):
        pen.poly(
            (246, 240, 220),
            [(2 + i * 4, 56 + i * 0.5), (4 + i * 4, 59), (6 + i * 4, 56.5 + i * 0.5)],
        )
    for x in range(8, 96, 14):
        pen.arc((30, 70, 100), x, 86, 7, 3.5, 0.2, math.pi - 0.2, 2.2)


def _paint_living_dead(pen: Pen, ink: Sequence[int], light: Sequence[int]) -> None:
    pen.poly(ink, [(50, 6), (68, 16), (74, 60), (84, 94), (70, 86), (60, 96), (50, 86), (40, 96),
                   (30, 86), (16, 94), (26, 60), (32, 16)])  # fmt: skip
    pen.ellipse(light, 50, 26, 9, 11)  # skull
    pen.circle(ink, 46, 25, 2.6)
    pen.circle(ink, 54, 25, 2.6)
    pen.poly(ink, [(48.5, 31), (51.5, 31), (50, 28)])
    for i in range(4):
        pen.line(light, (42, 46 + i * 6), (58, 46 + i * 6), 1.6)
    pen.line(light, (50, 42), (50, 68), 1.6)
    pen.lines(ink, [(26, 44), (10, 56), (8, 66)], 3.0)
    pen.lines(ink, [(74, 44), (90, 56), (92, 66)], 3.0)


def _paint_gargoyle(pen: Pen, ink: Sequence[int]) -> None:
    for side in (-1, 1):
        xs = (8, 30, 48, 40, 44, 30, 26)
        ys = (38, 10, 22, 34, 48, 44, 56)
        wing = [(50 + side * x, y) for x, y in zip(xs, ys, strict=True)]
        pen.poly(ink, wing)
        pen.poly(ink, [(50 + side * 5, 18), (50 + side * 11, 4), (50 + side * 9, 20)])  # horns
    pen.circle(ink, 50, 24, 8)
    pen.ellipse(ink, 50, 52, 12, 20)
    for side in (-1, 1):
        pen.lines(ink, [(50 + side * 6, 68), (50 + side * 12, 84), (50 + side * 8, 94)], 5.0)
    pen.lines(ink, [(50, 70), (64, 88), (76, 86)], 2.4)
    pen.circle((240, 120, 40), 46.5, 23, 1.5)
    pen.circle((240, 120, 40), 53.5, 23, 1.5)


def paint_krob(
    pen: Pen,
    f: Frame,
    kind: str,
    length: float,
    ink: Sequence[int],
    light: Sequence[int],
    *,
    newborn: bool = False,
) -> None:
    """A Krob seen from above, head forward, `length` long in the pen's units.

    `f` maps (a forward, b right) in units of `length` / 100 to pen coordinates."""
    k = length / 100.0
    slim = {"hunter": 0.78, "warrior": 1.06, "killer": 0.96, "guard": 1.05, "queen": 1.12}
    wd = slim.get(kind, 1.0) * (1.22 if newborn else 1.0)

    def P(a: float, b: float) -> Point:
        return f(a * k, b * k)

    def ell(a: float, b: float, ra: float, rb: float) -> list[Point]:
        return f.ellipse(a * k, b * k, ra * k, rb * k)

    leg_w = (2.6 if kind != "hunter" else 2.0) * k * (0.8 if newborn else 1.0)
    reach = 1.2 if kind == "hunter" else 1.0
    if newborn:
        reach = 0.6
    # legs (behind the body)
    for side in (-1, 1):
        for i, (a0, a1, a2) in enumerate(((6, 20, 34), (0, 2, -6), (-6, -18, -38))):
            pts = [P(a0, side * 8 * wd), P(a1, side * 26 * reach), P(a2, side * 34 * reach)]
            if i == 0:
                pts[2] = P(a2 - 2, side * 30 * reach)
            pen.lines(ink, pts, leg_w)
    # antennae
    if kind != "queen" and not newborn:
        for side in (-1, 1):
            pen.lines(ink, [P(30, side * 4), P(42, side * 10), P(48, side * 20)], 1.2 * k)
    # abdomen
    if kind == "queen":
        pen.poly(ink, ell(-22, 0, 28, 20 * wd))
        for i in range(4):
            a = -10 - i * 9
            pen.lines(
                light, [P(a, -14 * wd + i * 1.5), P(a - 3, 0), P(a, 14 * wd - i * 1.5)], 1.3 * k
            )
    else:
        pen.poly(ink, ell(-24 if not newborn else -14, 0, 22 if not newborn else 18, 14 * wd))
    pen.poly(ink, ell(2, 0, 11, 9 * wd))  # thorax
    head_a = 18 if not newborn else 14
    pen.poly(ink, ell(head_a, 0, 9, 8.5 * wd))  # head
    # mandibles
    if newborn:
        mand = 5.0
    else:
        mand = {"killer": 17.0, "guard": 16.0, "queen": 12.0, "warrior": 11.0}.get(kind, 9.0)
    for side in (-1, 1):
        base = P(head_a + 6, side * 5)
        mid = P(head_a + 6 + mand * 0.7, side * (5 + mand * 0.45))
        tip = P(head_a + 6 + mand * 1.15, side * 1.5)
        pen.lines(ink, [base, mid, tip], (3.0 if kind in ("killer", "guard") else 2.2) * k)
    # markings
    if kind == "warrior" and not newborn:  # carapace plates
        for i in range(3):
            a = -14 - i * 8
            pen.lines(light, [P(a, -12 * wd), P(a - 3, 0), P(a, 12 * wd)], 1.3 * k)
    if kind == "killer" and not newborn:  # spikes on the thorax
        for side in (-1, 1):
            pen.poly(ink, [P(6, side * 7), P(10, side * 17), P(0, side * 8)])
        pen.poly(light, ell(-24, 0, 3, 8))
    if kind == "queen":  # crest
        for side in (-1, 0, 1):
            pen.poly(
                ink,
                [
                    P(head_a - 4, side * 6 - 3),
                    P(head_a - 2 + (8 if side == 0 else 5), side * 9),
                    P(head_a - 4, side * 6 + 3),
                ],
            )
    if kind in ("guard", "queen"):
        pen.poly(light, ell(head_a + 2, -3.5, 1.8, 1.6))
        pen.poly(light, ell(head_a + 2, 3.5, 1.8, 1.6))


def _paint_flames(pen: Pen) -> None:
    outer = (236, 96, 24)
    inner = (255, 206, 60)
    xs = (14, 26, 38, 50, 62, 74, 86)
    for i, x in enumerate(xs):
        h = 46 + (i % 3) * 12
        pen.poly(
            outer,
            [
                (x - 10, 98),
                (x - 4, 98 - h * 0.6),
                (x + 1, 98 - h),
                (x + 6, 98 - h * 0.5),
                (x + 10, 98),
            ],
        )
    for i, x in enumerate(xs):
        h = 26 + (i % 2) * 10
        pen.poly(inner, [(x - 6, 98), (x, 98 - h), (x + 6, 98)])


@cache
def glyph(key: str, px: int, variant: str = "") -> pygame.Surface:
    """A silhouette `px` wide (supersampled 4x, shrunk with the portable filter).
    `variant`: "" standing, "ko" lying (turned a quarter), "dead" dim, "frenzied" with
    flames behind, "newborn" smaller."""
    ss = 4
    big = pygame.Surface((px * ss, px * ss), pygame.SRCALPHA)
    big.fill((0, 0, 0, 0))
    pen = Pen(big)
    if variant == "frenzied":
        _paint_flames(pen)
    ink: Sequence[int] = INK if variant != "dead" else (120, 112, 104)
    if variant == "newborn":
        inner = pygame.Surface((round(px * ss * 0.7), round(px * ss * 0.7)), pygame.SRCALPHA)
        inner.fill((0, 0, 0, 0))
        ipen = Pen(inner)
        if key in ("hunter", "warrior", "killer"):
            paint_krob(
                ipen,
                Frame((50, 54), (0.0, -1.0), 1.0),
                key,
                96,
                ink,
                (226, 214, 186),
                newborn=True,
            )
        else:
            _paint_glyph(ipen, key, ink)
        off = (big.get_width() - inner.get_width()) // 2
        big.blit(inner, (off, round(px * ss * 0.06)))
    else:
        _paint_glyph(pen, key, ink)
    if variant == "ko":
        big = pygame.transform.rotate(big, 90)
    return smoothscale_portable(big, (px, px))
