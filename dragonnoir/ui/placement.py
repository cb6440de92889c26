"""Characters off the map, for the client: who is still to be deployed, who waits to
come in as reinforcements (and from which turn), who is underground, who has left; and
the actions that bring them on or take them off (docs/scenarios.md, "Groups and coming
into play", "Leaving the map, deep passages").

No rules here: every option is an action the engine's `Game.explain` allows now (the
one door). The candidate hexes come from the scenario as the engine keeps it
(`scratch["scenario"]["groups"]`, `["passages"]`) and only the engine says which are
legal. Pure: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dragonnoir.engine.actions import Action, Deploy, EnterMap, EnterPassage, LeaveMap
from dragonnoir.engine.explain import Explanation
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.offmap import passage_name, passages, setup
from dragonnoir.engine.state import Side, Unit
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import Phrase, tell, tell_n
from dragonnoir.ui.visibility import offmap

DEPLOYING = "deploying"
ARRIVING = "arriving"
EXITED = "exited"
PASSAGE = "passage"


@dataclass(frozen=True, slots=True)
class OffMap:
    """One character off the map as his own player sees him."""

    uid: str
    side: Side
    #: deploying / arriving / exited / passage
    state: str
    #: The group's display name ("The rebel patrol").
    group: str
    #: Arriving: the game turn from which he may enter (None: now). Passage: the turn he
    #: comes out, when the engine says.
    turn: int | None
    #: Where he may be placed or come in (deploy zone, entry zone), from the scenario.
    hexes: tuple[Hex, ...]


def groups(game: Game) -> dict[str, dict[str, Any]]:
    found = setup(game).get("groups")
    return found if isinstance(found, dict) else {}


def _hexes(raw: Any) -> tuple[Hex, ...]:
    if not isinstance(raw, list):
        return ()
    return tuple(Hex(int(p[0]), int(p[1])) for p in raw if isinstance(p, list | tuple))


def off_map(game: Game, side: Side | None) -> list[OffMap]:
    """The characters of `side` (None: everyone) off the map, in id order. The enemy's
    are never listed for a side (hidden placement, passages, reinforcements to come)."""
    out: list[OffMap] = []
    by_group = groups(game)
    # in the scenario's order (groups, then their characters), then by id
    order = {u: i for i, u in enumerate(u for g in by_group.values() for u in g.get("units", ()))}
    items = sorted(offmap(game).items(), key=lambda item: (order.get(item[0], len(order)), item[0]))
    for uid, entry in items:
        unit = game.state.units.get(uid)
        if (
            unit is None
            or not isinstance(entry, dict)
            or (side is not None and unit.side is not side)
        ):
            continue
        state = str(entry.get("state", ""))
        if state == DEPLOYING and unit.hex is not None:
            continue  # placed already (the engine may keep the entry until the phase ends)
        group = by_group.get(str(entry.get("group", "")), {})
        hexes: tuple[Hex, ...] = ()
        turn: int | None = None
        if state == DEPLOYING:
            hexes = _hexes(group.get("deploy"))
        elif state == ARRIVING:
            hexes = _hexes(group.get("entry"))
            raw = group.get("entry_turn")
            turn = int(raw) if isinstance(raw, int) else None
        elif state == PASSAGE:
            raw = entry.get("turn", entry.get("out_turn"))
            turn = int(raw) if isinstance(raw, int) else None
        name = str(group.get("name") or entry.get("group") or "")
        out.append(OffMap(uid, unit.side, state, name, turn, hexes))
    return out


def to_deploy(game: Game, side: Side | None) -> list[OffMap]:
    return [o for o in off_map(game, side) if o.state == DEPLOYING]


def arriving(game: Game, side: Side | None) -> list[OffMap]:
    return [o for o in off_map(game, side) if o.state == ARRIVING]


def deploy_options(game: Game, uid: str, facing: int | None = None) -> dict[Hex, Deploy]:
    """The hexes of his zone the engine lets `uid` be placed on now."""
    entry = next((o for o in off_map(game, None) if o.uid == uid), None)
    candidates = entry.hexes if entry is not None else _group_hexes(game, uid, "deploy")
    out: dict[Hex, Deploy] = {}
    for h in candidates:
        action = Deploy(uid, h, facing)
        if game.explain(action).legal:
            out[h] = action
    return out


def enter_options(game: Game, uid: str, facing: int | None = None) -> dict[Hex, EnterMap]:
    """The hexes of his entry zone the engine lets the waiting `uid` come in on now."""
    out: dict[Hex, EnterMap] = {}
    for h in _group_hexes(game, uid, "entry"):
        action = EnterMap(uid, h, facing)
        if game.explain(action).legal:
            out[h] = action
    return out


def _group_hexes(game: Game, uid: str, key: str) -> tuple[Hex, ...]:
    for group in groups(game).values():
        if isinstance(group, dict) and uid in group.get("units", ()):
            return _hexes(group.get(key))
    return ()


@dataclass(frozen=True, slots=True)
class WayOut:
    """Leaving the map or going down a passage, with the engine's verdict (what happens,
    said before the player commits)."""

    action: LeaveMap | EnterPassage
    verdict: Explanation
    label: Phrase


def ways_out(game: Game, unit: Unit) -> list[WayOut]:
    """The legal ways off the map for `unit` now: `LeaveMap`, and `EnterPassage` for
    each passage with an end on his hex, each with its label (a phrase)."""
    if unit.hex is None:
        return []
    out: list[WayOut] = []
    leave = LeaveMap(unit.id)
    verdict = game.explain(leave)
    if verdict.legal:
        out.append(WayOut(leave, verdict, tell("Leave the map at {cell}", cell=unit.hex)))
    for pid, p in sorted(passages(game).items()):
        ends = _hexes([p.get("a"), p.get("b")])
        if unit.hex not in ends:
            continue
        action = EnterPassage(unit.id, pid)
        verdict = game.explain(action)
        if verdict.legal:
            turns = p.get("turns")
            name = passage_name(p)
            if isinstance(turns, int):
                down = tell_n(
                    "Go down {passage}, {n} turn",
                    "Go down {passage}, {n} turns",
                    turns,
                    passage=name,
                )
            else:
                down = tell("Go down {passage}", passage=name)
            out.append(WayOut(action, verdict, down))
    return out


def placement_action(action: Action) -> bool:
    return isinstance(action, Deploy | EnterMap)
