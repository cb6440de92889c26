"""Tables the tactical AI reads while it scores destinations, worked out once.

Scoring a move weighs each destination hex (scoring.py `_score`): a Krob with forty
destinations asks forty times who of the enemy carries a bow, where his friends stand,
whether the hex lies by the Gharvs' water. Those answers do not depend on the hex, or
depend on the hex and the map only, so they are worked out here once:

- per view (`for_view`): the lists the scoring walks at every hex — the archers among
  the enemies, the friends' positions as numbers, the enemies' hexes — built when first
  asked, for the view's state version;
- per map (`map_memo`): what a hex is by the map and the map counters in view (bridges,
  galleries, demolished walls, boats): where a character there stands for the Gharv
  Appearance Table, the rear and front of a Guard placed there. Kept across the side's
  views, by the map counters' fingerprint.

Nothing here decides anything: every function gives what the code it replaces computed,
value for value (the golden games of tests/ai/test_golden_games.py replay the AI's choices
action for action). The hidden-information guarantee holds: a view's tables hold its own
objects only, and the map memo holds plain map data keyed by what the side sees.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any, TypeVar

from dragonnoir.ai.view import SideView
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.combat_geometry import rear_zone
from dragonnoir.engine.rules.fire import weapon_rate
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.rules.gharvs import situation
from dragonnoir.engine.rules.infiltration import position_info
from dragonnoir.engine.rules.steps import ground_level
from dragonnoir.engine.state import Side, Unit
from dragonnoir.engine.values import profile
from dragonnoir.engine.water_tables import WaterSituation
from dragonnoir.hexmap.hexes import Hex, ring

T = TypeVar("T")

#: Farther than any walk (as paths.FAR): what `nearest_friend` gives when none stands.
FAR = 10_000


#: Hexes as (q, r) numbers.
Cells = tuple[tuple[int, int], ...]


class ViewTables:
    """The per-view lists `_score` walks at every hex (see the module docstring)."""

    __slots__ = ("_enemy_cells", "_friends", "_maps", "_shooters", "_units", "_view", "version")

    #: Where `for_view` keeps a view's tables (`SideView.memo`).
    KEY = "tactical_tables"

    def __init__(self, view: SideView) -> None:
        # Weakly: the tables live in the view's memo, and a cycle would keep a dropped
        # view (a whole game copy) for the cyclic garbage collector.
        self._view = weakref.ref(view)
        self.version = view.game.version
        self._shooters: list[tuple[Unit, int, int]] | None = None
        self._friends: dict[tuple[int, int], list[str]] | None = None
        self._enemy_cells: list[tuple[int, int]] | None = None
        self._units: dict[tuple[str, str], Any] = {}
        self._maps: dict[str, dict[Any, Any]] = {}

    @property
    def view(self) -> SideView:
        view = self._view()
        assert view is not None  # the tables live in the view's memo
        return view

    def map_memo(self, name: str) -> dict[Any, Any]:
        """`map_memo(game, side, name)` for this view (looked up once per view)."""
        found = self._maps.get(name)
        if found is None:
            found = map_memo(self.view.game, self.view.side, name)
            self._maps[name] = found
        return found

    def of_unit(self, unit: Unit, name: str, make: Callable[[], T]) -> T:
        """`make()`, worked out once per character of this view: for what does not
        depend on the hex he is weighed on (`name` says what it is)."""
        key = (unit.id, name)
        if key in self._units:
            found: T = self._units[key]
            return found
        value = make()
        self._units[key] = value
        return value

    def shooters(self, to: Hex, near: int, far: int) -> list[Unit]:
        """The standing enemies on the map with a missile weapon, by id, more than `near`
        and at most `far` hexes from `to` (the archers whose lines of fire a character
        on `to` may be in)."""
        if self._shooters is None:
            game = self.view.game
            self._shooters = [
                (s, s.hex.q, s.hex.r)
                for s in self.view.enemies()
                if s.hex is not None and s.standing and weapon_rate(game, s) is not None
            ]
        q, r = to.q, to.r
        out: list[Unit] = []
        for s, sq, sr in self._shooters:  # `_gap`, written out: asked at every hex
            dq = q - sq
            dr = r - sr
            if near < (abs(dq) + abs(dr) + abs(dq + dr)) // 2 <= far:
                out.append(s)
        return out

    def nearest_friend(self, unit: Unit, to: Hex, within: int) -> int:
        """The distance from `to` to the nearest standing adult friend of `unit` on the
        map (him aside) when it is at most `within`, else FAR: the friends' hexes are
        looked up ring by ring around `to`, not each friend measured."""
        if self._friends is None:
            self._friends = {}
            for u in self.view.mine():
                if u.hex is not None and u.standing and u.adult:
                    self._friends.setdefault((u.hex.q, u.hex.r), []).append(u.id)
        friends = self._friends
        q, r = to.q, to.r
        uid = unit.id
        for d, cells in enumerate(_rings(within)):
            for dq, dr in cells:
                there = friends.get((q + dq, r + dr))
                if there is not None and (len(there) > 1 or there[0] != uid):
                    return d
        return FAR

    def behind(self, rear: Cells, front: Cells, watch: int) -> list[int]:
        """For each standing enemy on the map (by id) within `watch` hexes of the `rear`
        cells and nearer them than the `front` cells: his distance to the rear."""
        if self._enemy_cells is None:
            self._enemy_cells = [
                (u.hex.q, u.hex.r) for u in self.view.enemies() if u.hex is not None and u.standing
            ]
        out: list[int] = []
        if not rear:
            return out
        # One whose distance to the first rear cell, less the rear zone's spread about
        # it, is more than `watch` is farther than `watch` from every rear cell.
        q0, r0 = rear[0]
        reach = watch + max(_gap(q0, r0, q, r) for q, r in rear)
        for eq, er in self._enemy_cells:
            if _gap(eq, er, q0, r0) > reach:
                continue
            to_rear = min(_gap(eq, er, q, r) for q, r in rear)
            if to_rear > watch:
                continue
            if to_rear < min((_gap(eq, er, q, r) for q, r in front), default=FAR):
                out.append(to_rear)
        return out


def _rings(radius: int) -> list[Cells]:
    """The offsets of the hexes at distance 0, 1 ... `radius` from a hex, ring by ring."""
    found = _RINGS.get(radius)
    if found is None:
        origin = Hex(0, 0)
        found = [tuple((h.q, h.r) for h in ring(origin, d)) for d in range(radius + 1)]
        _RINGS[radius] = found
    return found


_RINGS: dict[int, list[Cells]] = {}


def _gap(q1: int, r1: int, q2: int, r2: int) -> int:
    """`Hex.distance` on plain numbers."""
    dq = q1 - q2
    dr = r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def for_view(view: SideView) -> ViewTables:
    """The tables of `view` for its game's current state version."""
    found = view.memo.get(ViewTables.KEY)
    if not isinstance(found, ViewTables) or found.version != view.game.version:
        found = ViewTables(view)
        view.memo[ViewTables.KEY] = found
    return found


# -- per map ------------------------------------------------------------------------------

#: Per (map, rules, side): by the map counters' fingerprint, the memo dicts by name.
_MAPS: dict[tuple[int, int, Side], tuple[object, object, dict[Any, dict[str, dict[Any, Any]]]]] = {}


def map_memo(game: Game, side: Side, name: str) -> dict[Any, Any]:
    """A memo for answers that depend on the map, the rules and the map counters on it
    (bridges, galleries, demolished walls, boats: `infiltration.MAP_COUNTERS`) only, kept
    across `side`'s views of games on this map. The caller's keys say the rest."""
    key = (id(game.board), id(game.rules), side)
    found = _MAPS.get(key)
    if found is None or found[0] is not game.board or found[1] is not game.rules:
        if len(_MAPS) > 16:
            _MAPS.clear()
        found = (game.board, game.rules, {})
        _MAPS[key] = found
    by_counters = found[2]
    fingerprint = position_info(game).fingerprint
    memos = by_counters.get(fingerprint)
    if memos is None:
        if len(by_counters) > 32:
            by_counters.clear()
        memos = by_counters.setdefault(fingerprint, {})
    return memos.setdefault(name, {})


def water_situation(view: SideView, unit: Unit, to: Hex) -> WaterSituation | None:
    """Where `unit` would stand on `to` for the Gharv Appearance Table (`gharvs.situation`
    of a character like him put there, at the hex's level): by the map and its counters
    only, so kept per map."""
    memo = for_view(view).map_memo("water_situation")
    key = (to, unit.alive, unit.side)
    found: WaterSituation | None = memo.get(key, _UNKNOWN)
    if found is _UNKNOWN:
        game = view.game
        found = memo[key] = situation(game, probe(game, unit, to))
    return found


#: Not looked up yet (None is an answer: no Gharv rises there).
_UNKNOWN: Any = object()


def probe(game: Game, unit: Unit, to: Hex) -> Unit:
    """A character like `unit` standing on `to` at the hex's level (to ask the rules
    about a place he might end on)."""
    level = ground_level(game, to) if to in game.board.cells else 0.0
    return Unit(
        "__ai_probe__", unit.kind, unit.side, hex=to, level=level,
        adult=unit.adult, wounds=unit.wounds, status=unit.status,
    )  # fmt: skip


def rear_and_front(view: SideView, unit: Unit, to: Hex, facing: int) -> tuple[Cells, Cells]:
    """The greyed rear zone of the Queen or a Guard like `unit` placed on `to` facing
    `facing`, and the hexes in front of it (next to the counter, not behind), as (q, r):
    geometry, kept per map. Empty for everybody else."""
    game = view.game
    p = profile(game, unit)
    memo = for_view(view).map_memo("rear_and_front")
    key = (p.category, p.size, to, facing)
    found: tuple[Cells, Cells] | None = memo.get(key)
    if found is None:
        probe = Unit(
            "__ai_probe__", unit.kind, unit.side, hex=to, facing=facing, adult=unit.adult,
            wounds=unit.wounds, status=unit.status,
        )  # fmt: skip
        rear = rear_zone(game, probe)
        front: set[Hex] = set()
        if rear:
            body = footprint(game, probe)
            front = {n for h in body for n in h.neighbours()} - rear - set(body)
        found = (tuple((h.q, h.r) for h in rear), tuple((h.q, h.r) for h in front))
        memo[key] = found
    return found
