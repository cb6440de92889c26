"""Blink on the wizard's own way (dragonnoir/ai/blink_way.py): cast before he moves,
over the rock or the water his walk must go round, never for a few steps of open floor,
never nearer the enemy."""

from __future__ import annotations

from typing import Any

from dragonnoir.ai.blink_way import blink_on_the_way
from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import Action, CastSpell
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side
from dragonnoir.engine.testing import Piece, hexes, position

WIDTH = 18
#: His goal: two hexes four rows south of him, beyond whatever lies on rows 2 and 3.
GOAL = ((3, 5), (4, 5))


def _hall(between: str, gap: int | None = None) -> str:
    """Seven rows of floor; rows 2 and 3 are `between` (rock '#', water '~', floor
    '.'), but for the hexes of column `gap`."""
    rows = []
    for r in range(7):
        cells = [between if r in (2, 3) and c != gap else "." for c in range(WIDTH)]
        rows.append((" " if r % 2 else "") + " ".join(cells))
    return "\n".join(rows)


def _fire_phase(art: str, wizard: str, krob: tuple[int, int] = (17, 6)) -> Game:
    """The wizard on (3, 1) in the Adventurers' offensive fire, a Hunter far out of his
    Fireball's range (or where given), and a scenario won by reaching `GOAL`."""
    game = position(
        art,
        [Piece(wizard, (3, 1)), Piece("hunter_01", krob)],
        phase="adventurer_fire",
        turn_limit=10,
    )
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    zone = [[h.q, h.r] for h in hexes(game, *GOAL)]
    setup["victory"] = {"conditions": [{"side": "adventurers", "kind": "reach", "hexes": zone}]}
    game.touch()
    return game


def _first(game: Game) -> tuple[Action, TacticalAgent]:
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    return agent.choose(view_for(game, Side.ADVENTURERS)), agent


def _blinked_to(game: Game, cast: Action) -> tuple[int, int]:
    assert isinstance(cast, CastSpell) and cast.spell == "blink", cast
    game.apply(cast)
    wizard = game.state.units[cast.wizard]
    assert wizard.hex is not None
    return game.board.grid.to_cell(wizard.hex)


def test_the_wizard_blinks_through_the_rock_his_walk_must_go_round() -> None:
    # A wall of rock two hexes thick, open only at its far end: the walk round is 27
    # points longer than the Blink's three hexes through it.
    game = _fire_phase(_hall("#", gap=WIDTH - 1), "shaman")
    cast, agent = _first(game)
    col, row = _blinked_to(game, cast)
    assert row >= 4, (col, row)  # beyond the rock
    assert any("casts Blink" in line and "shorter" in line for line in agent.intent)


def test_the_wizard_who_may_not_cross_the_water_blinks_over_it() -> None:
    game = _fire_phase(_hall("~"), "zacharie")
    cast, agent = _first(game)
    col, row = _blinked_to(game, cast)
    assert row >= 4, (col, row)  # on the far bank, dry
    assert any("cannot cross" in line for line in agent.intent)


def test_no_blink_for_a_few_steps_of_open_floor() -> None:
    # The gap in the rock is before him: walking is as quick, and the energy is kept.
    cast, _ = _first(_fire_phase(_hall("#", gap=3), "shaman"))
    assert not (isinstance(cast, CastSpell) and cast.spell == "blink"), cast
    cast, _ = _first(_fire_phase(_hall("."), "shaman"))
    assert not (isinstance(cast, CastSpell) and cast.spell == "blink"), cast


def test_no_blink_that_sets_him_down_nearer_the_enemy() -> None:
    # A Hunter stands beyond the rock, by the goal: every landing there is nearer him
    # than the wizard is now, within six hexes. (The Hunter is in his Fireball's range,
    # so the Blink is asked of blink_way directly.)
    game = _fire_phase(_hall("#", gap=WIDTH - 1), "shaman", krob=(3, 6))
    view = view_for(game, Side.ADVENTURERS)
    wizard = view.game.state.units["shaman"]
    blink = next(s for s in game.rules.spells.spells if s.id == "blink")
    goals = {"shaman": frozenset(hexes(game, *GOAL))}
    assert blink_on_the_way(view, wizard, blink, goals) is None
    far = _fire_phase(_hall("#", gap=WIDTH - 1), "shaman")
    view = view_for(far, Side.ADVENTURERS)
    assert blink_on_the_way(view, view.game.state.units["shaman"], blink, goals) is not None
