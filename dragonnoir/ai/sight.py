"""Where Far sight is worth casting from: the '?' counters it would settle.

Far sight ('Hidden things on the wizard's map, or one map away, are revealed': the
remote detection spells of "Magic", our spells.toml) turns over every '?' counter on the
wizard's board and the boards next to it in the layout (`magic.near_map`). It is worth
its energy when it turns over two counters of a kind or more, or when those it turns
over leave at most one of their kind face down elsewhere: the last one left is the true
one ("on the back of one of them is the sun": `behaviours.known_sun`; for the Orb and
Khuzun the party's goal narrows to it alike), so the objective is known either way.

On six boards the wizard who walks with his party may come within reach of the last
counters only late (les-six-cavernes: the marsh's and the nest's "Sun?" counters, a
board away from the maze where Zacharie enters); `spots` names the hexes he can cast it
from, so that he may go there (behaviours: "scout by sight").
"""

from __future__ import annotations

from collections.abc import Iterable

from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import magic, objectives
from dragonnoir.engine.spell_book import Effect as SpellEffect
from dragonnoir.engine.state import Accessory, AccessoryKind, Unit
from dragonnoir.hexmap.hexes import Hex

#: The kinds of '?' counter a detection turns over.
KINDS = (AccessoryKind.ORB, AccessoryKind.KHUZUN, AccessoryKind.SUN)


def unknown(game: Game) -> list[Accessory]:
    """The '?' counters the Adventurers have not turned over yet."""
    return [
        acc
        for kind in KINDS
        for acc in objectives.counters(game, kind)
        if not acc.properties.get("revealed") and acc.hexes
    ]


def settles(game: Game, at: Hex, counters: Iterable[Accessory]) -> bool:
    """Far sight cast from `at` turns over two counters of a kind, or leaves at most one
    of a kind it reaches face down (see the module's docstring). A kind with one counter
    left face down is known already."""
    left: dict[AccessoryKind, list[Accessory]] = {}
    for acc in counters:
        left.setdefault(acc.kind, []).append(acc)
    for face_down in left.values():
        if len(face_down) < 2:
            continue  # the last one left is the true one: nothing more to learn
        n = sum(1 for acc in face_down if magic.near_map(game, at, acc.hexes[0]))
        if n >= 2 or (n and len(face_down) - n <= 1):
            return True
    return False


def can_cast(game: Game, wizard: Unit) -> bool:
    """The wizard knows a detection spell at his level and has the energy for it."""
    if not magic.is_wizard(game, wizard):
        return False
    sheet = magic.sheet(game, wizard)
    energy = magic.available_energy(sheet, wizard)
    return any(
        s.effect is SpellEffect.DETECT and s.level <= sheet.level and s.cost <= energy
        for s in game.rules.spells.spells
    )


def spots(game: Game, wizard: Unit) -> frozenset[Hex]:
    """The hexes Far sight would settle something from (none when he cannot cast it, or
    on a single board, where it reaches everything): whole boards, worked out once per
    set of counters still face down."""
    if not can_cast(game, wizard) or game.layout is None:
        return frozenset()
    counters = unknown(game)
    if not counters:
        return frozenset()
    layout = game.layout
    key = (id(layout), tuple(sorted((acc.id, acc.hexes[0]) for acc in counters)))
    kept = _SPOTS.get(key)
    if kept is not None and kept[0] is layout:
        return kept[1]
    found = frozenset(
        h
        for hexes in _boards(game).values()
        if settles(game, next(iter(hexes)), counters)
        for h in hexes
    )
    if len(_SPOTS) > 64:
        _SPOTS.clear()
    _SPOTS[key] = (layout, found)
    return found


#: The spots per layout and counters face down, shared by every view of the game (a
#: view is a fresh copy at each decision: its own cache would be worked out again).
_SPOTS: dict[tuple[int, tuple[tuple[str, Hex], ...]], tuple[object, frozenset[Hex]]] = {}


def _boards(game: Game) -> dict[str, frozenset[Hex]]:
    """Each board's hexes, those straddling two boards left out (a hex on one board
    only stands for its board)."""
    layout = game.layout
    assert layout is not None
    on: dict[str, set[Hex]] = {}
    for h in game.board.cells:
        ids = layout.board_ids_at(h)
        if len(ids) == 1:
            on.setdefault(ids[0], set()).add(h)
    return {bid: frozenset(hs) for bid, hs in on.items() if hs}
