"""The Gargoyles' flight ("The Spectres"): 5 hexes at most, over level-1 obstacles, only
in galleries at least 2 hexes wide (docs/movement.md, "Flight")."""

from __future__ import annotations

from dragonnoir.engine.actions import Fly
from dragonnoir.engine.rules import flight
from dragonnoir.engine.testing import Piece, cell_of, hexes, position

OPEN = """
. . . . . . . .
 . . . . . . . .
. . . . . . . .
"""


def test_a_gargoyle_flies_five_hexes_at_most() -> None:
    game = position(OPEN, [Piece("gargoyle_1", (0, 1))])
    five = Fly("gargoyle_1", hexes(game, (1, 1), (2, 1), (3, 1), (4, 1), (5, 1)))
    assert game.explain(five).legal
    six = Fly("gargoyle_1", hexes(game, (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1)))
    assert not game.explain(six).legal
    game.apply(five)
    assert cell_of(game, "gargoyle_1") == (5, 1)
    assert not game.explain(Fly("gargoyle_1", hexes(game, (6, 1)))).legal  # move over


def test_over_a_cliff_of_one_level_but_not_through_a_wall() -> None:
    game = position(
        OPEN,
        [Piece("gargoyle_1", (0, 1))],
        levels="0 0 0 + + + + +\n0 0 0 + + + + +\n0 0 0 + + + + +",
        edges=[((2, 1), 0, "cliff")],
    )
    assert game.explain(Fly("gargoyle_1", hexes(game, (1, 1), (2, 1), (3, 1)))).legal
    walled = position(OPEN, [Piece("gargoyle_1", (0, 1))], edges=[((2, 1), 0, "wall")])
    assert not walled.explain(Fly("gargoyle_1", hexes(walled, (1, 1), (2, 1), (3, 1)))).legal


def test_not_in_a_gallery_one_hex_wide() -> None:
    game = position(
        """
        # # # # # #
         . . . . . .
        # # # # # #
        """,
        [Piece("gargoyle_1", (0, 1))],
    )
    assert not flight.wide(game, hexes(game, (2, 1))[0])
    verdict = game.explain(Fly("gargoyle_1", hexes(game, (1, 1), (2, 1))))
    assert not verdict.legal and "ceiling is too low" in verdict.reason
    assert flight.flights(game, game.state.units["gargoyle_1"]) == {}


def test_only_gargoyles_fly_and_flights_are_listed() -> None:
    game = position(OPEN, [Piece("gargoyle_1", (0, 1)), Piece("living_dead_1", (0, 0))])
    assert not game.explain(Fly("living_dead_1", hexes(game, (1, 0)))).legal
    listed = [a for a in game.legal_actions() if isinstance(a, Fly)]
    assert listed and all(a.unit == "gargoyle_1" and len(a.path) <= 5 for a in listed)
