"""Spells at the moment the Adventurer player chooses (issue 40, item 2): "At each game
turn, each of the wizards may cast one spell, either during his turn or during that of
the Krobs. The moment of casting the spell is freely decided by the Adventurer player"
("Resolution of a Spell"). In the Krob turn a window opens at the start of the Krob
movement, after each step of a Krob the Adventurers see, as the Krob combat begins,
once the combats are declared, between two combats and at the end of the Krob turn;
never because a hidden Krob stepped. Small hand-made positions, dice forced."""

from __future__ import annotations

from dragonnoir.engine import revisions
from dragonnoir.engine.actions import (
    Attack,
    CastSpell,
    Declare,
    DeclineSpells,
    EndPhase,
    Move,
    Pass,
    ResolveCombat,
)
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import magic
from dragonnoir.engine.state import Side
from dragonnoir.engine.testing import Piece, cell_of, force_dice, hexes, position

FLOOR = """
. . . . . . . . . . . . . .
 . . . . . . . . . . . . . .
. . . . . . . . . . . . . .
 . . . . . . . . . . . . . .
"""


def at(game: Game, cell: tuple[int, int]) -> str:
    h = hexes(game, cell)[0]
    return f"{h.q},{h.r}"


def moment(game: Game) -> str | None:
    """The moment of the pending cast window, None when none is pending."""
    if not game.state.pending or game.state.pending[0].kind != magic.CAST_WINDOW:
        return None
    return magic.window_moment(game.state.pending[0])


def blink(game: Game, cell: tuple[int, int]) -> CastSpell:
    return CastSpell("zacharie", "blink", (at(game, cell),))


def test_a_window_opens_before_the_first_krob_moves() -> None:
    game = position(FLOOR, [Piece("zacharie", (0, 0)), Piece("hunter_01", (12, 2))],
                    phase="krob_movement")  # fmt: skip
    assert moment(game) == magic.MOVEMENT_START
    assert game.to_act() is Side.ADVENTURERS
    force_dice(game, 10)
    game.apply(blink(game, (2, 0)))
    assert cell_of(game, "zacharie") == (2, 0)
    assert game.to_act() is Side.KROBS  # his spell of the turn is cast: no more windows


def test_no_window_when_no_wizard_may_cast() -> None:
    game = position(FLOOR, [Piece("rebel_swordsman_1", (0, 0)), Piece("hunter_01", (12, 2))],
                    phase="krob_movement")  # fmt: skip
    assert not game.state.pending


def test_a_hidden_krob_s_steps_open_no_window_a_seen_one_s_do() -> None:
    """The windows after a step open only for a Krob the Adventurers see: the number of
    questions put to them must not tell that a hidden Krob moved."""
    pieces = [Piece("zacharie", (0, 0)), Piece("hunter_01", (12, 3)), Piece("hunter_02", (12, 1))]
    game = position(FLOOR, pieces, phase="krob_movement")
    game.state.units["hunter_01"].hidden_from = Side.ADVENTURERS
    game.apply(Pass())  # the start of the movement
    asked = len(game.history)
    game.apply(Move("hunter_01", hexes(game, (11, 3), (10, 3))))
    assert not game.state.pending and len(game.history) == asked + 1
    game.apply(Move("hunter_02", hexes(game, (11, 1))))
    assert game.state.pending and game.state.pending[0].kind == "defensive_fire"


def krob_combat_game() -> Game:
    """Two Hunters next to two swordsmen, Zacharie out of reach, in the Krob combat."""
    pieces = [
        Piece("zacharie", (0, 0)),
        Piece("rebel_swordsman_1", (5, 1)),
        Piece("hunter_01", (6, 1)),
        Piece("rebel_swordsman_2", (5, 3)),
        Piece("hunter_02", (6, 3)),
    ]
    game = position(FLOOR, pieces, phase="krob_combat")
    assert moment(game) == ""  # the window as the Krob combat begins (older than the rest)
    game.apply(Pass())
    return game


def test_windows_after_the_declaration_between_combats_and_at_the_end() -> None:
    game = krob_combat_game()
    game.apply(Attack(("hunter_01",), ("rebel_swordsman_1",)))
    game.apply(Attack(("hunter_02",), ("rebel_swordsman_2",)))
    assert not game.state.pending  # nothing is fought yet: no window while declaring
    game.apply(Declare())
    assert moment(game) == magic.COMBATS_DECLARED
    game.apply(Pass())
    force_dice(game, 1, 1, 1, 1)
    game.apply(ResolveCombat(1))
    while game.state.pending and moment(game) is None:  # the combat's own decisions
        game.apply(game.legal_actions()[0])
    assert moment(game) == f"{magic.BETWEEN_COMBATS}:1"
    game.apply(Pass())
    game.apply(ResolveCombat(2))
    while game.state.pending and moment(game) is None:
        game.apply(game.legal_actions()[0])
    assert moment(game) is None  # no combat left: the next window is the turn's end
    game.apply(EndPhase())
    assert moment(game) == magic.TURN_END and game.state.phase == "krob_combat"
    game.apply(Pass())
    assert game.state.phase != "krob_combat"  # the phase ends once the window is passed


def test_a_spell_cast_at_the_end_of_the_krob_turn_is_that_turn_s() -> None:
    game = krob_combat_game()
    game.apply(EndPhase())
    assert moment(game) == magic.TURN_END
    force_dice(game, 10)
    game.apply(blink(game, (1, 0)))
    assert magic.sheet(game, game.state.units["zacharie"]).cast_turn == 1
    assert game.state.turn == 2 and game.state.phase == "adventurer_fire"
    assert game.is_legal(blink(game, (2, 0)))  # a new game turn, a new spell


def test_declining_closes_every_window_of_the_turn() -> None:
    game = position(FLOOR, [Piece("zacharie", (0, 0)), Piece("hunter_01", (12, 2))],
                    phase="krob_movement")  # fmt: skip
    game.apply(DeclineSpells())
    game.apply(Move("hunter_01", hexes(game, (11, 2))))
    assert not game.state.pending
    game.apply(EndPhase())
    assert not game.state.pending  # not even as the Krob combat begins
    game.apply(EndPhase())
    assert game.state.phase != "krob_combat"


def test_a_game_begun_before_the_revision_keeps_its_two_windows() -> None:
    """A save of an older version replays with the rules it was begun with
    (engine/revisions.py): no window at the start of the movement, after the
    declaration, between combats or at the end."""
    game = position(FLOOR, [Piece("zacharie", (0, 0)), Piece("hunter_01", (12, 2))],
                    phase="adventurer_movement")  # fmt: skip
    revisions.align(game, [revisions.BRIDGE_BANKS])
    while game.state.phase != "krob_movement":
        game.apply(EndPhase())
    assert not game.state.pending
    game.apply(EndPhase())
    assert moment(game) == ""  # the old window before the Krobs attack stays
    game.apply(Pass())
    game.apply(EndPhase())
    assert game.state.phase != "krob_combat"
