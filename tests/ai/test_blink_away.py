"""Blink to take a badly wounded wizard farther from the Krobs before he walks away
(dragonnoir/ai/blink_away.py): cast in his own turn, before he moves, where on foot the
Krobs' next move would still catch him; not when he is whole, nor when he can walk out
of their reach anyway."""

from __future__ import annotations

from typing import Any

from dragonnoir.ai.blink_away import blink_away
from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import CastSpell, EndPhase
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.energy import settle
from dragonnoir.engine.state import Side, Status
from dragonnoir.engine.testing import Piece, hexes, position

#: A long hall of open floor.
HALL = "\n".join((" " if r % 2 else "") + " ".join(["."] * 22) for r in range(5))


def _wizard_and_krob(gap: int, *, wounded: bool = True) -> Game:
    """Zacharie on (8, 2) in the Adventurers' offensive fire (wounded: one more wound
    kills him), a Hunter `gap` columns east of him, the party's goal far west."""
    hurt: dict[str, Any] = {"status": Status.WOUNDED, "wounds": 1} if wounded else {}
    game = position(
        HALL,
        [Piece("zacharie", (8, 2), **hurt), Piece("hunter_01", (8 + gap, 2))],
        phase="adventurer_fire",
        turn_limit=10,
    )
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    zone = [[h.q, h.r] for h in hexes(game, (0, 2))]
    setup["victory"] = {"conditions": [{"side": "adventurers", "kind": "reach", "hexes": zone}]}
    game.touch()
    return game


def _blink(game: Game) -> Any:
    view = view_for(game, Side.ADVENTURERS)
    spell = next(s for s in game.rules.spells.spells if s.id == "blink")
    return blink_away(view, view.state.units["zacharie"], spell)


def test_the_badly_wounded_wizard_blinks_away_from_the_krob_before_he_walks() -> None:
    # Wounded, he walks 4; the Hunter, 4 hexes off, walks his 7 and strikes:
    # on foot he is caught, three hexes farther by the Blink he walks out of reach.
    game = _wizard_and_krob(4)
    away = _blink(game)
    assert away is not None and away.escaped > 0
    krob = game.state.units["hunter_01"].hex
    wizard = game.state.units["zacharie"].hex
    assert krob is not None and wizard is not None
    assert away.to.distance(krob) == wizard.distance(krob) + 3
    # 12 EP left: enough for the Blink (8), not for a healing (15, 18).
    settle(game, game.state.units["zacharie"]).energy = 12
    # Hard keeps the wizard out of the enemies' next move (`Level.keeps_safe`): he walks
    # away after the Blink. Normal does not, and casts no Blink away.
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
    cast = agent.choose(view_for(game, Side.ADVENTURERS))
    assert isinstance(cast, CastSpell) and cast.spell == "blink", cast
    assert cast.targets == (f"{away.to.q},{away.to.r}",)
    normal = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    assert normal.choose(view_for(game, Side.ADVENTURERS)) == EndPhase()


def test_no_blink_away_for_a_wizard_who_is_whole() -> None:
    assert _blink(_wizard_and_krob(4, wounded=False)) is None


def test_no_blink_away_when_his_walk_takes_him_out_of_reach() -> None:
    assert _blink(_wizard_and_krob(6)) is None
