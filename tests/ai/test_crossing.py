"""Krob swimmers cross the water together (dragonnoir/ai/crossing.py): who waits at the
water's edge, for whom, and when nobody waits."""

from __future__ import annotations

from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.state import Side
from dragonnoir.engine.testing import Piece, position

#: Beaches (at the water's level: anyone climbs out) on rows 0-9 and 13-14, a lake on
#: rows 10-12 between them.
LAKE_ROWS = (10, 11, 12)
SHORES = "\n".join(
    (" " if r % 2 else "") + " ".join(("~" if r in LAKE_ROWS else "h") for _ in range(8))
    for r in range(15)
)
EDGE = 9  # the row at the water's edge
ELF = (3, 14)  # across the lake


def _waiting(*pieces: Piece) -> set[str]:
    """The Krobs the hard level holds at the water's edge, the elf across the lake."""
    game = position(SHORES, [*pieces, Piece("elf_1", ELF)], phase="krob_movement")
    agent = TacticalAgent(Side.KROBS, 1, level="hard")
    agent.choose(view_for(game, Side.KROBS))
    return {uid for uid, order in agent._orders.items() if order.hold}


def test_the_swimmer_at_the_edge_waits_for_a_friend_a_move_behind() -> None:
    # Hunter 2 is five hexes behind: within his move (7), he is there next turn.
    assert _waiting(Piece("hunter_01", (3, EDGE)), Piece("hunter_02", (3, EDGE - 5))) == {
        "hunter_01"
    }


def test_nobody_waits_for_a_friend_more_than_a_move_behind() -> None:
    # Eight hexes behind: the next wave, a turn and more away; waiting for him is a turn
    # lost (les-eaux-noires: a pack held four turns at the edge for a Killer going round).
    assert not _waiting(Piece("hunter_01", (3, EDGE)), Piece("hunter_02", (3, EDGE - 8)))


def test_three_at_the_edge_are_enough_and_swim() -> None:
    edge = [Piece(f"hunter_0{i}", (2 + i, EDGE)) for i in (1, 3, 4)]
    assert not _waiting(*edge, Piece("hunter_02", (3, EDGE - 5)))


def test_nobody_waits_for_a_friend_who_cannot_swim() -> None:
    # A Warrior (armoured: Movement Restriction 2) does not cross with them.
    assert not _waiting(Piece("hunter_01", (3, EDGE)), Piece("warrior_01", (3, EDGE - 4)))
