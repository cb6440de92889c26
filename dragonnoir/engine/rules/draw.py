"""Choosing by the die: "assign a number to each of them and re-roll the die until one
of these numbers is obtained" (The Gharvs: where a Gharv appears), and "the question
will be decided with the die" (the order of the Gharvs' attacks, and of infiltration
rolls: issue 8, ruling 3).

With n options numbered 1..n (in a fixed order the caller gives), a d10 names one: with
n <= 10 the faces 1..10 // n * n are shared out evenly (face f names number
(f - 1) % n + 1) and a spare face is rolled again — the rulebook's re-roll, without
throwing away more faces than needed. Every throw is an event.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from dragonnoir.engine.events import Event
from dragonnoir.narration.phrase import Value, series, tell

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

T = TypeVar("T")


def draw_one(
    game: Game,
    options: Sequence[T],
    label: Callable[[T], Value],
    purpose: Value,
    rule: str,
    events: list[Event],
    *,
    by: str = "",
) -> T:
    """One of `options`, named by the die (no throw when there is only one)."""
    if not options:
        raise ValueError("nothing to draw from")
    n = len(options)
    if n == 1:
        return options[0]
    if n > 10:
        raise ValueError("a d10 draws among at most ten")
    usable = 10 // n * n
    numbered = series(
        [tell("{n} {option}", n=i + 1, option=label(o)) for i, o in enumerate(options)]
    )
    while True:
        _, die = game.roll(
            tell("{purpose}: {numbered}", purpose=purpose, numbered=numbered), rule, by=by
        )
        events.append(die)
        if die.value <= usable:
            return options[(die.value - 1) % n]


def draw_order(
    game: Game,
    items: Sequence[T],
    label: Callable[[T], Value],
    purpose: Value,
    rule: str,
    events: list[Event],
    *,
    by: str = "",
) -> list[T]:
    """`items` in an order the die decides: the next is drawn from those left, until
    one is left."""
    left = list(items)
    order: list[T] = []
    while len(left) > 1:
        purpose_now = tell("{purpose} ({n} left)", purpose=purpose, n=len(left))
        chosen = draw_one(game, left, label, purpose_now, rule, events, by=by)
        left.remove(chosen)
        order.append(chosen)
    return order + left
