"""The Adventurer player's standing order for defensive fire (issue 45, section 5: solo
play that does not nag).

The engine pauses a Krob's move after every step an archer may fire at it ("Defensive
Fire": a shooter in range with a line of fire, `fire.eligible_shooters`). Asked at each
one, a player with a crossbowman watching a corridor answered four prompts in one Krob
turn. The order (the setting `defensive_fire`, changed in Settings or with the button
over the map in the Krob turn) says which pauses are put to him:

- "always": every one;
- "in_range" (the default): when a Krob *comes* into range, that is, when an archer may
  fire at it who could not at its last pause (or it was out of everyone's range since);
  he is not asked again while it walks on under the same bows;
- "never": none: the Krob walks on (M or Cast now still stop it for a spell).

A pause not put to him passes quietly (`SpellWindows.pass_quietly`), as a spell window
nobody asked for does. The order is the screen's, not the rules': the engine offers the
same pauses whatever it says, and the AI is not concerned."""

from __future__ import annotations

from dataclasses import dataclass

from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.fire import DEFENSIVE, eligible_shooters
from dragonnoir.engine.state import Decision
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.i18n import N_

#: The orders (`settings.DEFENSIVE_FIRE_ORDERS`) as the button over the map says them.
ORDER_TEXTS: dict[str, str] = {
    "in_range": N_("Defensive fire: when a Krob comes in range"),
    "always": N_("Defensive fire: ask at every step"),
    "never": N_("Defensive fire: never ask"),
}


@dataclass(frozen=True)
class _Pause:
    """A Krob's last pause the person was asked about (or not): where, and who could fire."""

    turn: int
    at: Hex
    shooters: frozenset[str]
    asked: bool


class FireOrders:
    """Which defensive-fire pauses the person is asked about (see the module docstring)."""

    def __init__(self) -> None:
        #: Each Krob's last pause this turn.
        self._last: dict[str, _Pause] = {}
        #: The answer for the pause being looked at (asked once a frame: worked out once).
        self._answer: tuple[tuple[object, ...], bool] | None = None

    def wanted(self, game: Game, decision: Decision, order: str) -> bool:
        """Is this "defensive_fire" pause put to the person under `order`?"""
        if order == "always":
            return True
        if order == "never":
            return False
        key = (id(game), len(game.history), game.version)
        if self._answer is not None and self._answer[0] == key:
            return self._answer[1]
        answer = self._comes_in_range(game, decision)
        self._answer = (key, answer)
        return answer

    def _comes_in_range(self, game: Game, decision: Decision) -> bool:
        krob = game.state.units.get(str(decision.data.get("unit", "")))
        if krob is None or krob.hex is None:
            return True  # nothing to compare with: ask
        shooters = frozenset(u.id for u in eligible_shooters(game, krob, DEFENSIVE))
        turn = game.state.turn
        last = self._last.get(krob.id)
        if last is not None and last.turn == turn and last.at == krob.hex:
            return last.asked  # the same pause, after a shot that left it standing
        if last is None or last.turn != turn or last.at.distance(krob.hex) > 1:
            asked = True  # its first pause, or it walked out of every range since
        else:
            asked = bool(shooters - last.shooters)
        self._last[krob.id] = _Pause(turn, krob.hex, shooters, asked)
        return asked
