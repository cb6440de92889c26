"""Where a character may be put down on the map without moving there: deployed, entering
from a side, coming out of a deep passage, freed from a cell.

Apart from the off-map rules (offmap.py) because the objectives (objectives.py: Khuzun
freed) put a character down too, and the off-map rules read the objectives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonnoir.engine.explain import Explanation, allowed, refused
from dragonnoir.engine.rules import hidden, movement
from dragonnoir.engine.rules.footprint import hexes_for
from dragonnoir.engine.state import Unit
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import Hex, ring
from dragonnoir.narration.phrase import DataName, tell

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

R_DEPLOY = "Course of a Game: deployment (ours, docs/scenarios.md)"


def placement(game: Game, unit: Unit, to: Hex, facing: int) -> Explanation:
    """May `unit` be put down on `to` (facing `facing`)? Judged as his own side sees the
    map: a hidden enemy there is found when he arrives (`_arrive`). `details["level"]`
    is the level he stands at."""
    if to not in game.board.cells:
        return refused(tell("{cell} is not on the map", cell=to), R_DEPLOY)
    level = movement.placement_level(game, unit, to, facing)
    if level is None:
        return refused(
            tell(
                "{unit} cannot stand on {cell} "
                "(rock, water he cannot enter, or no room for his counter)",
                unit=DataName(hidden.display_name(game, unit)),
                cell=to,
            ),
            "The Underground Maps",
        )
    p = profile(game, unit)
    for h in hexes_for(to, p.size, facing):
        for other in game.units_at(h):
            if other.id == unit.id or not other.alive or other.level != level:
                continue
            if other.hidden_from is unit.side:
                continue
            return refused(
                tell(
                    "{unit} already stands on {cell} (Stacking: one living character per hex)",
                    unit=DataName(hidden.display_name(game, other)),
                    cell=h,
                ),
                "Stacking",
            )
    return allowed(
        tell("{unit} may stand there", unit=DataName(hidden.display_name(game, unit))),
        R_DEPLOY,
        level=level,
    )


def free_spot_near(game: Game, unit: Unit, out: Hex) -> tuple[Hex, float] | None:
    """`out`, else the nearest hex (ring by ring, in a fixed order) where he may stand
    (a character coming out of a deep passage, Khuzun freed from his cell)."""
    for radius in range(0, 4):
        around = [out] if radius == 0 else sorted(ring(out, radius), key=lambda h: (h.q, h.r))
        for h in around:
            verdict = placement(game, unit, h, 0)
            if verdict.legal and not any(o.alive and o.id != unit.id for o in game.units_at(h)):
                return h, float(verdict.details["level"])
    return None
