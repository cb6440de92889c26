"""Victory: the scenario's conditions, judged after every action, at the end of each game
turn and at the turn limit (docs/scenarios.md, "Victory"; all ours: the scenario booklet
that set each scenario's victory conditions is printed material we do not have).

The first condition met ends the game with its side as the winner and its text as the
reason. When a side has nothing left on the map, nothing to come and nobody underground,
the game ends at once: a side wiped out loses; a side that has gone (left the map) is
judged as at the turn limit. At the turn limit the scenario's `at_turn_limit` decides: a
side, a draw, or the casualty points (`dragonnoir/data/casualty_points.toml`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dragonnoir.engine.events import Event
from dragonnoir.engine.rules import hidden, objectives, offmap
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.state import AccessoryKind, Side, Status, Unit
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import DataName, Value, series, tell
from dragonnoir.narration.sides import side_name

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

R_VICTORY = "Scenario: victory conditions (ours, docs/scenarios.md)"
PLAYERS = (Side.ADVENTURERS, Side.KROBS)


def victory_block(game: Game) -> dict[str, Any] | None:
    """The scenario's victory block, None for a game set up without one (tests, old
    scenarios: they end at the turn limit with no winner)."""
    block = offmap.setup(game).get("victory")
    return block if isinstance(block, dict) else None


def _conditions(game: Game) -> list[dict[str, Any]]:
    block = victory_block(game)
    return list(block.get("conditions", ())) if block else []


def _hexes(c: dict[str, Any]) -> frozenset[Hex]:
    return frozenset(Hex(int(q), int(r)) for q, r in c.get("hexes", ()))


def _name(game: Game, uid: str) -> DataName:
    """A character by the name players read (a Krob hidden from the other side is named
    as he shows, never by his id)."""
    unit = game.state.units.get(uid)
    return DataName(uid if unit is None else hidden.display_name(game, unit))


def _names(game: Game, uids: list[str]) -> Value:
    """ "A, B": the names a reason lists (the state keeps the English words of the reason,
    as saves have always had them)."""
    return series([_name(game, u) for u in uids])


def _counted(game: Game, side: Side) -> list[Unit]:
    """The side's characters that count: not the spectres a wizard summons."""
    return [
        u
        for u in sorted(game.state.units.values(), key=lambda u: u.id)
        if u.side is side and u.expires_turn is None
    ]


def _needed(c: dict[str, Any], default: int) -> int:
    count = c.get("count")
    return int(count) if count is not None else default


# -- each kind of condition -------------------------------------------------------------------


def _reach(game: Game, c: dict[str, Any], side: Side) -> Value | None:
    zone = _hexes(c)
    named = list(c.get("units", ()))
    pool = [game.state.units[u] for u in named] if named else _counted(game, side)
    inside = [
        u for u in pool if u.hex is not None and u.standing and zone & set(footprint(game, u))
    ]
    need = _needed(c, len(named) if named else 1)
    if len(inside) >= need:
        who = _names(game, [u.id for u in inside[:need]])
        return c.get("text") or tell("{who} reached the objective", who=who)
    return None


def exited_for(game: Game, c: dict[str, Any], side: Side) -> list[str]:
    """Those of `side` who left the map in a way that counts for the `exit` condition
    `c` (its zone, its named characters), by id."""
    zone = _hexes(c)
    named = list(c.get("units", ()))
    return [
        uid
        for uid, e in sorted(offmap.exited(game).items())
        if game.state.units[uid].side is side
        and (not named or uid in named)
        and (not zone or Hex(*e["at"]) in zone)
    ]


def _exit(game: Game, c: dict[str, Any], side: Side) -> Value | None:
    named = list(c.get("units", ()))
    out = exited_for(game, c, side)
    need = _needed(c, len(named) if named else 1)
    if len(out) >= need:
        return c.get("text") or tell("{who} left the map", who=_names(game, out[:need]))
    return None


def _orb_off(game: Game, c: dict[str, Any], side: Side) -> Value | None:
    orb = objectives.real_counter(game, AccessoryKind.ORB)
    if orb is not None and orb.properties.get("off_map"):
        return c.get("text") or tell("the Orb was carried off the map")
    return None


def _khuzun_out(game: Game, c: dict[str, Any], side: Side) -> Value | None:
    if objectives.KHUZUN_ID in offmap.exited(game):
        return c.get("text") or tell("Khuzun was freed and brought out")
    return None


def _sun_exit(game: Game, c: dict[str, Any], side: Side) -> Value | None:
    sun = objectives.real_counter(game, AccessoryKind.SUN)
    if sun is None:
        return None
    area = objectives.area(sun)
    out = [uid for uid, e in sorted(offmap.exited(game).items()) if Hex(*e["at"]) in area]
    if len(out) >= _needed(c, 1):
        return c.get("text") or tell("the Adventurers found the gallery of the Sun and left by it")
    return None


def _kill(game: Game, c: dict[str, Any], side: Side) -> Value | None:
    named = list(c.get("units", ()))
    pool = [game.state.units[u] for u in named] if named else _counted(game, side.enemy())
    dead = [u for u in pool if u.status is Status.KILLED]
    need = _needed(c, len(pool))
    if pool and len(dead) >= need:
        if named:
            return c.get("text") or tell("{who} killed", who=_names(game, [u.id for u in dead]))
        killed = tell("{n} of {side} killed", n=len(dead), side=side_name(side.enemy().value))
        return c.get("text") or killed
    return None


def _eliminate(game: Game, c: dict[str, Any], side: Side) -> Value | None:
    enemy = side.enemy()
    if any(u.alive and u.hex is not None for u in _counted(game, enemy)):
        return None
    if offmap.waiting(game, enemy):
        return None
    return c.get("text") or tell("no enemy left: {side} are gone", side=side_name(enemy.value))


def _hold(game: Game, c: dict[str, Any], side: Side) -> Value | None:
    zone = _hexes(c)
    mine = enemy = False
    for u in game.state.units.values():
        if u.hex is None or not u.standing or not zone & set(footprint(game, u)):
            continue
        if u.side is side:
            mine = True
        elif u.side is side.enemy():
            enemy = True
    if mine and not enemy:
        return c.get("text") or tell("{side} held the objective", side=side_name(side.value))
    return None


_JUDGES = {
    "reach": _reach,
    "exit": _exit,
    "orb_off": _orb_off,
    "khuzun_out": _khuzun_out,
    "sun_exit": _sun_exit,
    "kill": _kill,
    "eliminate": _eliminate,
}


# -- when they are judged ---------------------------------------------------------------------


def _finish(game: Game, c: dict[str, Any], reason: Value) -> list[Event]:
    side = Side(c["side"])
    return [
        game.end_game(
            side,
            reason,
            {"condition": c.get("id", ""), "kind": c["kind"], "casualties": casualties(game)},
        )
    ]


def after_action(game: Game) -> list[Event]:
    block = victory_block(game)
    if block is None or game.state.phase.endswith("_deployment"):
        return []
    for c in block.get("conditions", ()):
        judge = _JUDGES.get(c["kind"])
        if judge is None:
            continue
        reason = judge(game, c, Side(c["side"]))
        if reason is not None:
            return _finish(game, c, reason)
    return _nothing_left(game)


def _nothing_left(game: Game) -> list[Event]:
    """A side with nothing on the map, nothing to come and nobody underground: a side
    killed to the last loses; a side that went away is judged as at the turn limit."""
    for side in PLAYERS:
        units = _counted(game, side)
        if not units:
            continue
        if any(u.alive and u.hex is not None for u in units) or offmap.waiting(game, side):
            continue
        if all(u.status is Status.KILLED for u in units):
            winner = side.enemy()
            return [
                game.end_game(
                    winner,
                    tell("{side} were wiped out", side=side_name(side.value)),
                    {"condition": "wiped_out", "kind": "eliminate", "casualties": casualties(game)},
                )
            ]
        winner_at, reason, details = judge_at_limit(game)
        gone = tell(
            "{side} have left the caves: {reason}", side=side_name(side.value), reason=reason
        )
        return [game.end_game(winner_at, gone, details)]
    return []


def turn_end(game: Game) -> list[Event]:
    """`hold` conditions are judged when their game turn ends (default: the turn limit)."""
    for c in _conditions(game):
        if c["kind"] != "hold":
            continue
        turn = c.get("turn") or game.state.turn_limit
        if turn != game.state.turn:
            continue
        reason = _hold(game, c, Side(c["side"]))
        if reason is not None:
            return _finish(game, c, reason)
    return []


def casualties(game: Game) -> dict[str, Any]:
    """Per side: the characters it lost (ids) and the points the enemy scored for them."""
    table = getattr(game.rules, "casualty_points", None)
    out: dict[str, Any] = {}
    for side in PLAYERS:
        dead = [u for u in _counted(game, side) if u.status is Status.KILLED]
        points = 0
        if table is not None:
            points = sum(table.of(u.kind, profile(game, u), adult=u.adult) for u in dead)
        out[side.value] = {"lost": [u.id for u in dead], "points": points}
    return out


def judge_at_limit(game: Game) -> tuple[Side | None, Value, dict[str, Any]]:
    limit = game.state.turn_limit
    if limit is None:
        reason = tell("the game is over")
    else:
        reason = tell("turn limit {limit} reached", limit=limit)
    block = victory_block(game)
    if block is None:
        return None, reason, {}
    report = casualties(game)
    details: dict[str, Any] = {"condition": "turn_limit", "casualties": report}
    mode = block.get("at_turn_limit", "krobs")
    if mode == "draw":
        return None, tell("{reason}: a draw", reason=reason), details
    if mode in ("adventurers", "krobs"):
        prevail = tell("{reason}: {side} prevail", reason=reason, side=side_name(mode))
        return Side(mode), prevail, details
    # Casualties: each side scores the points of the enemies it killed.
    adv = int(report[Side.KROBS.value]["points"])  # what the Adventurers killed
    krobs = int(report[Side.ADVENTURERS.value]["points"])
    margin = int(block.get("margin", 0))
    score: dict[str, Value] = {"reason": reason, "adv": adv, "krobs": krobs}
    if adv - krobs > margin:
        said = tell("{reason}: the Adventurers win on casualty points {adv} to {krobs}", **score)
        return Side.ADVENTURERS, said, details
    if krobs - adv > margin:
        said = tell("{reason}: the Krobs win on casualty points {adv} to {krobs}", **score)
        return Side.KROBS, said, details
    if block.get("draw_allowed", True):
        return None, tell("{reason}: a draw on casualty points {adv} to {krobs}", **score), details
    return (
        Side.KROBS,
        tell("{reason}: casualty points {adv} to {krobs}, the Krobs hold", **score),
        details,
    )
