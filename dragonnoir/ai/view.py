"""What one side may know of a game: the `SideView` an agent decides from.

"An agent receives the side's view only ... and never cheats" (issue 13). So the view is
not a window on the real game but a redacted *copy*:

- characters hidden from the side (secret placement, underground) are not in it at all,
  and every reference to them in the rules' bookkeeping (`state.scratch`, decisions) is
  scrubbed: an id, a key, a record naming one;
- accessories hidden from the side (webs placed in secret) are not in it;
- for the Adventurers, an objective counter not yet turned over does not say whether it
  is the true one (its `real` flag is dropped): the Krob player knows, they do not;
- the dice are a decoy (a fixed seed, no rolls): an agent may roll them in a look-ahead, but
  they say nothing of the game's next throws; the game's seed is not copied either;
- the log is the side's log (`Game.log_for`); the history of actions is left out (it
  holds the hidden characters' moves).

The legal actions are computed on that copy. By the engine's invariant (checked in the
playouts: `PlayoutChecker._check_hidden`) they are the real game's legal actions, so an
agent's choice is always accepted by the real game; tests/ai/test_view.py asserts it over
seeded games with hidden Krobs, and walks a view's objects to prove no path leads from
it to the real game, its state or its dice.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from dragonnoir.engine.actions import Action
from dragonnoir.engine.events import Event
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.movement import MovementTables, share_movement_tables
from dragonnoir.engine.state import Decision, GameState, Side, Unit

#: The objective counters whose true face the Adventurers do not see until turned over.
OBJECTIVE_KINDS = frozenset({"orb", "khuzun", "sun"})
#: The decoy dice's seed: a fixed number (so it says nothing of the game's seed), changed
#: only in the one game whose own seed it is.
DECOY_SEED = -7_777_777_777
#: Stands for a record that names a hidden character: it is left out of its container.
_DROP = object()


class SideView:
    """One side's knowledge of a game at the moment it is to decide.

    `game` is a redacted copy (see the module docstring): agents read it, ask it
    `explain` for chances, and may clone it to look ahead; nothing they do to it touches
    the real game. `legal` lists every action the side may take now (worked out when
    first asked); `actions(kinds)` only those of some types, for an agent that plays
    only those (listing every spell on every target takes most of the time).
    """

    def __init__(self, side: Side, game: Game, log: list[Event]) -> None:
        self.side = side
        self.game = game
        self.log = log
        self._legal: list[Action] | None = None

    @property
    def legal(self) -> list[Action]:
        if self._legal is None:
            self._legal = self.game.legal_actions(self.side)
        return self._legal

    def actions(self, kinds: Collection[str]) -> list[Action]:
        """The legal actions of these types (all answers when a decision is pending)."""
        if self._legal is not None or self.game.state.pending:
            return [a for a in self.legal if self.game.state.pending or a.kind in kinds]
        return self.game.legal_actions(self.side, kinds)

    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def turn(self) -> int:
        return self.game.state.turn

    @property
    def phase(self) -> str:
        return self.game.state.phase

    @property
    def decision(self) -> Decision | None:
        """The question the engine asks this side now, if any (wounds, retreats...)."""
        pending = self.game.state.pending
        return pending[0] if pending else None

    def units(self, side: Side | None = None) -> list[Unit]:
        """Living characters on the map this side sees (of `side`, default all), by id."""
        return sorted(self.game.living_units(side), key=lambda u: u.id)

    def mine(self) -> list[Unit]:
        return self.units(self.side)

    def enemies(self) -> list[Unit]:
        return self.units(self.side.enemy())


def view_for(game: Game, side: Side) -> SideView:
    """The view of `game` for `side` (see the module docstring)."""
    data = game.state.to_dict()
    hidden = {u["id"] for u in data["units"] if u.get("hidden_from") == side.value}
    data["units"] = [u for u in data["units"] if u["id"] not in hidden]
    data["accessories"] = [
        _mask_objective(a, side) for a in data["accessories"] if a.get("hidden_from") != side.value
    ]
    decoy = DECOY_SEED if game.state.dice.seed != DECOY_SEED else DECOY_SEED - 1
    data["dice"] = {"seed": decoy, "rolls": 0}
    data["pending"] = [d for d in (_scrub(p, hidden) for p in data["pending"]) if d is not _DROP]
    scratch = _scrub(data["scratch"], hidden)
    data["scratch"] = scratch if isinstance(scratch, dict) else {}
    _drop_emptied_groups(data["scratch"], game.state.scratch)
    state = GameState.from_dict(data)
    log = game.log_for(side)
    copy = Game(
        game.board,
        state,
        game.rules,
        game.layout,
        game.scenario_id,
        0,
        [],
        list(log),
        record_undo=False,
    )
    copy.secret = [None] * len(log)
    share_movement_tables(copy, _movement_tables(game, side))
    return SideView(side, copy, list(log))


#: Per (map, rules, side): the movement steps judged on the side's earlier views.
_TABLES: dict[tuple[int, int, Side], tuple[object, object, MovementTables]] = {}


def _movement_tables(game: Game, side: Side) -> MovementTables:
    """The movement tables the side's views of games on this map share.

    A view is a fresh copy at each decision, so without them every view judged again
    every step of the map its characters' searches crossed (most of a Krob turn with
    sixty Krobs). They are filled by views only (never by the real game) and hold only
    what the map, the rules and the map counters in view say: steps, costs, levels — no
    character, no hidden counter. They live here, outside the view: a view reaches only
    its own side's tables, through its copy's cache."""
    key = (id(game.board), id(game.rules), side)
    found = _TABLES.get(key)
    if found is not None and found[0] is game.board and found[1] is game.rules:
        return found[2]
    if len(_TABLES) > 16:
        _TABLES.clear()
    tables: MovementTables = {}
    _TABLES[key] = (game.board, game.rules, tables)
    return tables


def _mask_objective(acc: dict[str, Any], side: Side) -> dict[str, Any]:
    """An objective counter as `side` sees it: the Adventurers learn which one is true
    only when it is turned over ("Only one of them has the Orb in colour on the back")."""
    if side is Side.ADVENTURERS and acc.get("kind") in OBJECTIVE_KINDS:
        props = acc.get("properties", {})
        if not props.get("revealed"):
            props.pop("real", None)
    return acc


def _scrub(value: Any, hidden: set[str]) -> Any:
    """`value` without any mention of the `hidden` ids: list items and dict keys that
    are one are left out, a record (dict) holding one as a value is dropped whole."""
    if not hidden:
        return value
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if key in hidden:
                continue
            if isinstance(item, str) and item in hidden:
                return _DROP
            cleaned = _scrub(item, hidden)
            if cleaned is not _DROP:
                out[key] = cleaned
        return out
    if isinstance(value, list):
        kept = []
        for item in value:
            if isinstance(item, str) and item in hidden:
                continue
            cleaned = _scrub(item, hidden)
            if cleaned is not _DROP:
                kept.append(cleaned)
        return kept
    return value


def _drop_emptied_groups(scratch: dict[str, Any], real: dict[str, Any]) -> None:
    """A scenario group whose every character is hidden is left out of the view (its
    name, zones and behaviour would say where the hidden ones wait)."""
    groups = scratch.get("scenario", {}).get("groups")
    real_groups = real.get("scenario", {}).get("groups", {})
    if not isinstance(groups, dict):
        return
    for gid in list(groups):
        before = real_groups.get(gid, {}).get("units", [])
        if before and not groups[gid].get("units"):
            del groups[gid]


def hidden_ids(game: Game, side: Side) -> frozenset[str]:
    """The characters `side` cannot see now (for tests; an agent never gets these)."""
    return frozenset(u.id for u in game.state.units.values() if u.hidden_from is side)
