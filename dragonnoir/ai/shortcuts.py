"""Spells that open a way: which bridge, gallery or demolished wall saves the party most
walking ("Magic Spells"; the list is ours: data/spells.toml, docs/spells.md).

A wizard may lay a bridge over the water, open a gallery in the rock or bring a wall
down. Such a spell is worth the walk it saves the characters on their way to their goals
(each character's own way: `mobility.goal_field`), on the AI's one scale: a casualty
point is worth `POINTS_PER_CASUALTY` walking points, as in the movement's scores
(scoring.py: `W_FIGHT` against `W_GOAL`).

The engine lists every placement within the wizard's reach (`magic.casts`); opening the
rock or the water anywhere would be hundreds of maps to walk. So each placement is first
weighed by a bound: the walk from each character to the hexes round it, one step across
and the walk from there to his goal, on the map as it is (`_bound`). Only the few best
by that bound are judged exactly: the counter laid on a copy of the side's view as the
engine lays it (`magic.lay_counter`), and each character's way worked out again on it
(`paths.distances_for` walks the map as its bridges, galleries and demolished walls
make it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from dragonnoir.ai import mobility
from dragonnoir.ai.paths import FAR, distances_for
from dragonnoir.ai.view import SideView
from dragonnoir.engine.actions import CastSpell
from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import clone
from dragonnoir.engine.rules import magic
from dragonnoir.engine.rules.steps import edge_feature, terrain_at
from dragonnoir.engine.state import Unit
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import Hex

#: Walking points a casualty point is worth (scoring.py: W_FIGHT / W_GOAL).
POINTS_PER_CASUALTY = 4.0
#: A character's saving counts up to this many walking points (two turns' walk or so):
#: beyond, he would not be there in time for it to matter more.
SAVING_CAP = 12
#: Placements judged exactly (a map to walk each), the best by their bound.
EXACT = 4
#: A placement whose bound saves less than this in all is not looked at again.
LEAST_BOUND = 3
#: A character's saving below this is none (a step or two is what any small detour
#: costs), and a way that saves less than `LEAST_SAVED` in all is not worth opening:
#: the energy is kept for the fight.
LEAST_EACH = 2
LEAST_SAVED = 8


@dataclass(frozen=True)
class Shortcut:
    """A map spell and the walk it saves: in all, and per character."""

    action: CastSpell
    saved: int
    by: tuple[tuple[str, int], ...]

    @property
    def worth(self) -> float:
        """The saving on the AI's scale (casualty points)."""
        return self.saved / POINTS_PER_CASUALTY


def shortcuts(view: SideView, wizard: Unit, goals: Mapping[str, frozenset[Hex]]) -> list[Shortcut]:
    """The map spells `wizard` may cast now that save walking to `goals` (by character),
    the best first."""
    game = view.game
    walkers = [
        (u, goals[u.id])
        for u in sorted(view.mine(), key=lambda u: u.id)
        if u.hex is not None
        and goals.get(u.id)
        and u.hex not in goals[u.id]
        and "spectre" not in profile(game, u).tags  # gone within two turns
    ]
    if not walkers:
        return []
    ways = _Ways(game, walkers)
    bounded: list[tuple[int, CastSpell]] = []
    scratch = clone(game)
    loose: dict[tuple[str, ...], int] = {}  # by the targets' hexes: facings share it
    for action in _map_casts(game, wizard):
        hexes = tuple(t for t in action.targets if not t.startswith("facing:"))
        if hexes not in loose:
            loose[hexes] = ways.bound(_around(game, hexes), 1)
        if loose[hexes] < LEAST_BOUND:
            continue  # even opening every side of it would save too little
        opened = _opened(scratch, action)
        if opened is None:
            continue
        bound = ways.bound(*opened)
        if bound >= LEAST_BOUND:
            bounded.append((bound, action))
    bounded.sort(key=lambda b: (-b[0], b[1].spell, b[1].targets))
    found = [s for _, a in bounded[:EXACT] for s in (_judged(game, a, walkers, ways),) if s]
    return sorted(found, key=lambda s: -s.saved)


def _map_casts(game: Game, wizard: Unit) -> Iterable[CastSpell]:
    return magic.casts(game, wizard_id=wizard.id, which=magic.lays_counter)


def _opened(scratch: Game, action: CastSpell) -> tuple[set[Hex], int] | None:
    """Where the counter of `action` lets one step in from and out to (the open ground
    beside it across the sides it opens, and its own hexes where they were open ground
    already: a wall brought down), and how many steps crossing it takes. Worked out by
    laying the counter on `scratch` as the engine lays it, and taking it up again."""
    plan = magic.plan_cast(scratch, action)
    if not isinstance(plan, magic.Plan):
        return None
    firm = {h for h in plan.hexes if _walkable(scratch, h)}
    acc = magic.lay_counter(scratch, plan)
    scratch.touch()
    try:
        ring = set(firm)
        for h in acc.hexes:
            for n in h.neighbours():
                if n not in acc.hexes and _walkable(scratch, n) and not edge_feature(scratch, h, n):
                    ring.add(n)
    finally:
        del scratch.state.accessories[acc.id]
        scratch.touch()
    return ring, len(acc.hexes) - len(firm) + 1


def _around(game: Game, targets: tuple[str, ...]) -> set[Hex]:
    """The open ground beside the target hexes, and those of them that are open ground:
    wherever a counter there could let one step in or out, whichever sides it opens."""
    hexes = {h for t in targets for h in (magic.parse_hex(t),) if h is not None}
    ring = {h for h in hexes if _walkable(game, h)}
    ring.update(n for h in hexes for n in h.neighbours() if n not in hexes and _walkable(game, n))
    return ring


def _walkable(game: Game, h: Hex) -> bool:
    terrain = terrain_at(game, h)
    return terrain is not None and terrain.passable and not terrain.water


class _Ways:
    """Each character's walk to his goal and from where he stands, on the map as it is."""

    def __init__(self, game: Game, walkers: list[tuple[Unit, frozenset[Hex]]]) -> None:
        memo = distances_for(game)
        self.now: dict[str, int] = {}
        self.to_goal: dict[str, dict[Hex, int]] = {}
        self.from_him: dict[str, dict[Hex, int]] = {}
        for unit, goal in walkers:
            assert unit.hex is not None
            field = mobility.goal_field(game, unit, goal)
            self.now[unit.id] = min(field.get(unit.hex, FAR), FAR)
            self.to_goal[unit.id] = memo.field(goal)
            self.from_him[unit.id] = memo.field((unit.hex,), limit=self.now[unit.id])

    def bound(self, ring: set[Hex], across: int) -> int:
        """About what a counter opening onto `ring` saves the characters in all, crossing
        it in `across` steps: for each, the walk to the nearest hex of the ring, across,
        and on from the ring's hex nearest his goal (the same hex, or the level and the
        cost of each step, are the exact judgement's)."""
        total = 0
        for uid, now in self.now.items():
            there = min((self.from_him[uid].get(n, FAR) for n in ring), default=FAR)
            on = min((self.to_goal[uid].get(n, FAR) for n in ring), default=FAR)
            if there >= FAR or on >= FAR:
                continue
            total += min(SAVING_CAP, max(0, now - (there + across + on)))
        return total


def _judged(
    game: Game, action: CastSpell, walkers: list[tuple[Unit, frozenset[Hex]]], ways: _Ways
) -> Shortcut | None:
    """The walk `action` really saves: its counter laid on a copy of the view's game,
    each character's way worked out again there."""
    after = clone(game)
    plan = magic.plan_cast(after, action)
    if not isinstance(plan, magic.Plan):
        return None
    magic.lay_counter(after, plan)
    after.touch()
    by: list[tuple[str, int]] = []
    for unit, goal in walkers:
        moved = after.state.units[unit.id]
        assert moved.hex is not None
        field = mobility.goal_field(after, moved, goal)
        saved = ways.now[unit.id] - min(field.get(moved.hex, FAR), FAR)
        if saved >= LEAST_EACH:
            by.append((unit.id, min(SAVING_CAP, saved)))
    total = sum(s for _, s in by)
    return Shortcut(action, total, tuple(by)) if total >= LEAST_SAVED else None
