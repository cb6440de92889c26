"""Room to retreat as the side judging it knows the map (dragonnoir/ai/retreats.py).

An Adventurer's retreat is offered as his side sees the map; a path that runs into a
Krob hidden from him finds him and the retreat is chosen again, or is blocked ("Hidden
Krobs", docs/scenarios.md). The Krobs' AI knows where its hidden Krobs stand, so it
counts such a retreat as blocked; the Adventurers' AI, which cannot know, does not."""

from __future__ import annotations

from dragonnoir.ai import evaluation
from dragonnoir.ai.retreats import has_room
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import Attack
from dragonnoir.engine.events import CombatResolved, Revealed
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side, Status
from dragonnoir.engine.testing import Piece, attack_now, force_dice, position

# A hall on the west, a gallery one hex wide to the east. The Goblin Archer stands at the
# gallery's mouth, three Warriors against him from the hall: driven back, he can only go
# east, down the gallery.
GALLERY = """
. . . . # # # # #
 . . . . . . . . #
. . . . # # # # #
"""
WARRIORS = ("warrior_01", "warrior_02", "warrior_03")
JOINT = Attack(WARRIORS, ("goblin_archer_1",))
#: The die that gives "Defender retreats 2 hexes" (DR2) to the three Warriors' attack.
DR2_DIE = 9


def _the_gallery(lurker: bool) -> Game:
    """With `lurker`, a Hunter hidden from the Adventurers two hexes down the gallery,
    on the end of the archer's only retreat of two hexes. (In this short lit gallery the
    archer would see him; where the caves hide him, beyond a bend or below a rim, it is
    the same: he is hidden when the retreat is weighed, which is all that counts here.)"""
    hunter = [Piece("hunter_09", (6, 1))] if lurker else []
    attack = {"warrior_01": (3, 1), "warrior_02": (4, 0), "warrior_03": (4, 2)}
    game = position(
        GALLERY,
        [*(Piece(k, c) for k, c in attack.items()), Piece("goblin_archer_1", (4, 1)), *hunter],
        phase="krob_combat",
    )
    for piece in hunter:
        game.state.units[piece.kind].hidden_from = Side.ADVENTURERS
    return game


def _room(game: Game, side: Side, hexes: int) -> bool:
    seen = view_for(game, side).game
    units = seen.state.units
    return has_room(seen, units["goblin_archer_1"], hexes, [units[w] for w in WARRIORS])


def _attack_value(game: Game, side: Side) -> float:
    seen = view_for(game, side).game
    return evaluation.combat_value(seen, JOINT, seen.explain(JOINT).details)


def test_the_krobs_count_a_retreat_into_their_hidden_krob_as_blocked() -> None:
    game = _the_gallery(lurker=True)
    assert _room(game, Side.KROBS, 1)  # one hex: the gallery's first hex is free
    assert not _room(game, Side.KROBS, 2)  # two: the only path ends on the Hunter
    assert _room(game, Side.ADVENTURERS, 2)  # the archer's side cannot know it
    assert _room(_the_gallery(lurker=False), Side.KROBS, 2)


def test_the_krobs_weigh_an_attack_higher_with_a_hidden_krob_at_his_back() -> None:
    """A blocked retreat is a knock-out for an Adventurer ("A blocked retreat"): the
    Krobs' AI counts the joint attack's DR2 as one, and the Adventurers' AI, which
    cannot see the Hunter, as the retreat it reads."""
    with_lurker = _attack_value(_the_gallery(lurker=True), Side.KROBS)
    without = _attack_value(_the_gallery(lurker=False), Side.KROBS)
    assert with_lurker > without
    assert _attack_value(_the_gallery(lurker=True), Side.ADVENTURERS) == without


def test_the_engine_blocks_that_retreat_as_the_krobs_counted() -> None:
    """What the Krobs' AI reckons is what happens: the archer's retreat runs into the
    Hunter, finds him, and, no other path left, is blocked: he is knocked out."""
    game = _the_gallery(lurker=True)
    archer = game.state.units["goblin_archer_1"]
    stood = archer.hex
    force_dice(game, DR2_DIE)
    events = attack_now(game, JOINT)
    assert next(e for e in events if isinstance(e, CombatResolved)).result == "DR2"
    assert any(isinstance(e, Revealed) for e in events)
    assert archer.status is Status.KNOCKED_OUT
    assert archer.hex == stood
