"""Stand-in rules for Deploy, EnterMap and LeaveMap, following the engine's declared
contract (docs/scenarios.md), used by the client's tests only while the engine has no
rules of its own for them: `use_standin_rules(monkeypatch)` registers them for one test
and changes nothing when the engine's own are there.

Deploy: an undeployed character of the acting side (`scratch["offmap"][uid]["state"] ==
"deploying"`) onto a free hex of his group's zone; End phase refused while one is left.
EnterMap: a waiting character from his group's entry turn, onto a free entry hex.
LeaveMap: a character of the acting side on an exit hex. A hidden unit's placement is
secret from the other side's log.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pytest

from dragonnoir.engine import game as game_module
from dragonnoir.engine.actions import Action, Deploy, EnterMap, LeaveMap
from dragonnoir.engine.events import Event
from dragonnoir.engine.explain import Explanation, allowed, refused
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side
from dragonnoir.hexmap.hexes import Hex

RULE = "Course of a Game (deployment, ours: docs/scenarios.md)"


@dataclass(frozen=True, slots=True)
class Placed(Event):
    unit: str
    at: Hex
    how: str = "placed"

    def text(self) -> str:
        return f"{self.unit} is {self.how} at {self.at}."


def _group(game: Game, uid: str) -> dict:
    entry = game.state.scratch.get("offmap", {}).get(uid, {})
    return game.state.scratch["scenario"]["groups"].get(entry.get("group", ""), {})


def _hexes(raw: list) -> list[Hex]:
    return [Hex(q, r) for q, r in raw]


class _Rules:
    def explain(self, game: Game, action: Action) -> Explanation:
        assert isinstance(action, Deploy | EnterMap | LeaveMap)
        unit = game.state.units.get(action.unit)
        if unit is None or unit.side is not game.phase.side:
            return refused(f"{action.unit} is not one of yours", RULE)
        entry = game.state.scratch.get("offmap", {}).get(unit.id, {})
        if isinstance(action, LeaveMap):
            exits = game.state.scratch.get("exits_for_test", [])
            if unit.hex is None or [unit.hex.q, unit.hex.r] not in exits:
                return refused(f"{unit.id} is not on an exit", RULE)
            return allowed(f"{unit.id} leaves the map: safe, he counts for the exits", RULE)
        want = "deploying" if isinstance(action, Deploy) else "arriving"
        if entry.get("state") != want or unit.hex is not None:
            return refused(f"{unit.id} is not waiting to be placed", RULE)
        group = _group(game, unit.id)
        key = "deploy" if isinstance(action, Deploy) else "entry"
        if action.to not in _hexes(group.get(key, [])):
            return refused(f"{game.where(action.to)} is not in {unit.id}'s zone", RULE)
        if isinstance(action, EnterMap) and game.state.turn < (group.get("entry_turn") or 1):
            return refused(f"{unit.id} comes in on turn {group.get('entry_turn')}", RULE)
        if game.units_at(action.to):
            return refused(f"{game.where(action.to)} is taken", RULE)
        return allowed(f"{unit.id} is placed at {game.where(action.to)}", RULE)

    def apply(self, game: Game, action: Action) -> list[Event]:
        assert isinstance(action, Deploy | EnterMap | LeaveMap)
        unit = game.state.units[action.unit]
        offmap = game.state.scratch["offmap"]
        if isinstance(action, LeaveMap):
            unit.hex = None
            offmap[unit.id] = {"state": "exited", "group": ""}
            return [Placed(unit.id, Hex(0, 0), "gone")]
        unit.hex = action.to
        del offmap[unit.id]
        return [Placed(unit.id, action.to, "placed" if isinstance(action, Deploy) else "entering")]

    def generate(self, game: Game, side: Side) -> Iterable[Action]:
        for uid, entry in sorted(game.state.scratch.get("offmap", {}).items()):
            group = _group(game, uid)
            if entry.get("state") == "deploying":
                for q, r in group.get("deploy", []):
                    action = Deploy(uid, Hex(q, r))
                    if self.explain(game, action).legal:
                        yield action


def _end_check(game: Game) -> Explanation | None:
    left = [
        uid
        for uid, e in game.state.scratch.get("offmap", {}).items()
        if e.get("state") == "deploying" and game.state.units[uid].side is game.phase.side
    ]
    return refused(f"{len(left)} characters to place first", RULE) if left else None


def _secret(game: Game, event: Event) -> Side | None:
    if isinstance(event, Placed):
        unit = game.state.units.get(event.unit)
        if unit is not None and unit.hidden_from is not None:
            return unit.hidden_from
    return None


def use_standin_rules(monkeypatch: pytest.MonkeyPatch) -> bool:
    """Register the stand-ins for this test when the engine has no rules for Deploy;
    True when they were registered."""
    if "Deploy" in game_module._ACTION_RULES:
        return False
    rules = _Rules()
    for kind in ("Deploy", "EnterMap", "LeaveMap"):
        monkeypatch.setitem(game_module._ACTION_RULES, kind, rules)
    checks = dict(game_module._END_CHECKS)
    for ph in ("krob_deployment", "adventurer_deployment"):
        checks[ph] = [*checks.get(ph, []), _end_check]
    monkeypatch.setattr(game_module, "_END_CHECKS", checks)
    monkeypatch.setattr(game_module, "_SECRECY", [*game_module._SECRECY, _secret])
    return True
