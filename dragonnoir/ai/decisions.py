"""What the tactical AI answers when the engine asks mid-phase, and its wizards' spells.

- a wound or knock-out goes to the character whose loss costs least;
- a retreat takes the path that ends farthest from the enemy and nearest to friends;
- an advance after combat is taken when the hex it ends on is better for the
  character's order than where he stands (ai/scoring.py);
- defensive fire shoots when the expected loss it inflicts is worth a shot;
- at a spell window a wizard casts what is worth casting (spells.py: a fireball, a
  blink away from the Krobs' attack), else the window is passed (kept open while a
  wizard may yet blink away before the Krobs attack) or declined.

`Deciding` is a part of the agent (`tactical.TacticalAgent`).
"""

from __future__ import annotations

from dragonnoir.ai import spells
from dragonnoir.ai.behaviours import display, plan_groups
from dragonnoir.ai.evaluation import fire_value, loss_share, unit_value
from dragonnoir.ai.moving import MOVE_MARGIN
from dragonnoir.ai.orders import Order
from dragonnoir.ai.scoring import HexScoring
from dragonnoir.ai.view import SideView
from dragonnoir.engine.actions import (
    Action,
    Advance,
    CastSpell,
    ChooseCasualty,
    DeclineSpells,
    Fire,
    Pass,
    Retreat,
)
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import combat_declared
from dragonnoir.engine.state import Decision, Side
from dragonnoir.hexmap.hexes import Hex

#: The least value (casualty points, net of the energy) for a spell cast in the
#: Adventurer turn, and for one cast in a window of the Krob turn.
CAST_LEAST = 0.15
CAST_WINDOW_LEAST = 0.4


class Deciding(HexScoring):
    """The agent's answers and casts (see the module docstring)."""

    intent: list[str]
    posts: dict[str, frozenset[Hex]]
    _orders: dict[str, Order]
    _cast_looked: set[tuple[int, str]]
    keeps_windows: bool
    opens_ways: bool

    def _plan(self, view: SideView) -> dict[str, Order]:
        """The groups' orders (the agent's: tactical.py)."""
        raise NotImplementedError

    def _answer(self, view: SideView, decision: Decision, legal: list[Action]) -> Action:
        """The answer to the engine's question `decision`, one of `legal` (see the module
        docstring: a casualty, a retreat, an advance, then a window's cast, a defensive
        shot, or the window passed or declined)."""
        game = view.game
        if decision.kind == "casualty":
            effect = str(decision.data.get("effect", "wounded"))
            options = [a for a in legal if isinstance(a, ChooseCasualty)]
            if options:
                return min(
                    options,
                    key=lambda a: (
                        unit_value(game, game.state.units[a.unit])
                        * loss_share(game, game.state.units[a.unit], effect),
                        a.unit,
                    ),
                )
        if decision.kind == "retreat":
            retreats = [a for a in legal if isinstance(a, Retreat)]
            if retreats:
                return max(
                    retreats, key=lambda a: self._safety(view, a.path[-1] if a.path else None)
                )
        if decision.kind == "advance":
            return self._advance(view, legal)
        cast = self._cast(view, window=True)
        if cast is not None:
            return cast
        fires = [a for a in legal if isinstance(a, Fire) and len(a.shooters) == 1]
        if fires:
            best = max(fires, key=lambda a: fire_value(game, a))
            if fire_value(game, best) > 0.05:
                return best
        # Declining ends the Krob turn's windows: while a wizard may yet blink away
        # from the Krobs' attack, or lay a bridge for a friend's retreat, the window is
        # passed instead.
        keep = self.keeps_windows and spells.may_cast_later(view)
        polite = (Pass(), DeclineSpells()) if keep else None
        for answer in polite or (DeclineSpells(), Pass()):
            if answer in legal:
                return answer
        return legal[0]

    def _advance(self, view: SideView, legal: list[Action]) -> Action:
        """Advance only onto a hex better for the character's order than his own; when
        the advance cannot be declined (after destroying a web), onto the best one."""
        options = [a for a in legal if isinstance(a, Advance) and a.path]
        orders = self._orders or self._plan(view)
        best: tuple[float, Action] | None = None
        for a in options:
            unit = view.state.units[a.unit]
            order = orders.get(a.unit, Order())
            here = self._score(view, unit, unit.hex, order) if unit.hex is not None else 0.0
            gain = self._score(view, unit, a.path[-1], order) - here
            if best is None or gain > best[0]:
                best = (gain, a)
        may_pass = Pass() in legal
        if best is not None and (best[0] > MOVE_MARGIN or not may_pass):
            return best[1]
        return Pass() if may_pass else legal[0]

    def _cast(self, view: SideView, *, window: bool = False) -> CastSpell | None:
        """A wizard's spell worth casting now (spells.py), looked for once per phase in
        the Adventurer turn (offensive fire, then combat: a spectre summoned early also
        moves and fights) and at the first window of the Krob turn, where only a spell
        worth more than waiting is cast."""
        if view.side is not Side.ADVENTURERS or not self.level.casts:
            return None
        # In the Krob turn: once at its first window, again at the one before the Krobs
        # attack, and once more when their combats are declared (a Blink out of their
        # reach is weighed only in the Krob combat: then the Krobs that will strike are
        # known).
        key = (view.turn, view.phase if not window else _krob_window(view))
        if key in self._cast_looked:
            return None
        if not window and not view.phase.endswith(("_fire", "_combat")):
            return None
        if not window and view.phase.endswith("_combat") and combat_declared.closed(view.game):
            return None
        self._cast_looked.add(key)

        def goals() -> dict[str, frozenset[Hex]]:
            # The groups' goals as planned (their intent lines are said when they move).
            return {
                uid: o.goal
                for plan in plan_groups(view, self.posts, bides=not self.level.presses_on)
                for uid, o in plan.orders.items()
                if o.goal and not o.hold
            }

        keeps_safe = self.level.keeps_safe
        found = spells.best_cast(view, goals if self.opens_ways else None, keeps_safe=keeps_safe)
        least = CAST_WINDOW_LEAST if window else CAST_LEAST
        if found is None or found.value < least or not view.game.explain(found.action).legal:
            return None
        wizard = view.state.units[found.action.wizard]
        self.intent.append(
            f"Turn {view.turn}, {self.side.value}: {display(view.game, wizard.id)} casts "
            f"{_spell_name(view.game, found.action.spell)} ({found.why})"
        )
        return found.action


def _spell_name(game: Game, spell_id: str) -> str:
    spell = game.rules.spells.get(spell_id)
    return spell.name if spell is not None else spell_id


def _krob_window(view: SideView) -> str:
    """Which look at casting a window of the Krob turn is: the Krob movement's first
    window, the one before the Krobs attack, or the one after their declaration (each
    weighed once a turn; the others are passed)."""
    if view.phase != "krob_combat":
        return "krob"
    if combat_declared.closed(view.game):
        return "krob_declared"
    return "krob_combat"
