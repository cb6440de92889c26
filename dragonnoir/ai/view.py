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
from dataclasses import fields
from operator import attrgetter
from typing import Any

from dragonnoir.engine.actions import Action
from dragonnoir.engine.dice import Dice
from dragonnoir.engine.events import Event
from dragonnoir.engine.game import Game
from dragonnoir.engine.plain import plain_copy
from dragonnoir.engine.rules.infiltration import AttackVerdicts, share_attack_verdicts
from dragonnoir.engine.rules.movement import MovementTables, share_movement_tables
from dragonnoir.engine.state import Accessory, Decision, GameState, Side, Unit, Wizard

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
        self._units: dict[tuple[Side | None, int], list[Unit]] = {}
        #: The agent's own tables about this view (ai/tables.py: worked out once per
        #: view, not at every hex it scores); only what is worked out from the view.
        self.memo: dict[str, Any] = {}

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
        """Living characters on the map this side sees (of `side`, default all), by id.
        Worked out once per state version of the view's game (the AI asks for them at
        every hex it scores)."""
        key = (side, self.game.version)
        found = self._units.get(key)
        if found is None:
            if len(self._units) > 8:
                self._units.clear()
            found = sorted(self.game.living_units(side), key=lambda u: u.id)
            self._units[key] = found
        return list(found)

    def mine(self) -> list[Unit]:
        return self.units(self.side)

    def enemies(self) -> list[Unit]:
        return self.units(self.side.enemy())


def view_for(game: Game, side: Side) -> SideView:
    """The view of `game` for `side` (see the module docstring).

    Built field by field (the counters copied, the bookkeeping copied once, with what the
    side may not know left out), not through a save's `to_dict`/`from_dict` round trip,
    which copied the bookkeeping twice: the view is built at every decision."""
    real = game.state
    hidden = {u.id for u in real.units.values() if u.hidden_from is side}
    decoy = DECOY_SEED if real.dice.seed != DECOY_SEED else DECOY_SEED - 1
    pending = [d for d in (_scrub(p.to_dict(), hidden) for p in real.pending) if d is not _DROP]
    scratch = _scrub(plain_copy(real.scratch), hidden)
    scratch = scratch if isinstance(scratch, dict) else {}
    _drop_emptied_groups(scratch, real.scratch)
    state = GameState(
        turn=real.turn,
        phase=real.phase,
        units={uid: _copy_unit(u) for uid, u in real.units.items() if uid not in hidden},
        dice=Dice.from_dict({"seed": decoy, "rolls": 0}),
        accessories={
            aid: _accessory_seen(a, side)
            for aid, a in real.accessories.items()
            if a.hidden_from is not side
        },
        wizards={uid: _copy_wizard(w) for uid, w in real.wizards.items() if uid not in hidden},
        pending=[Decision.from_dict(d) for d in pending],
        turn_limit=real.turn_limit,
        winner=real.winner,
        scratch=scratch,
    )
    log = game.log_for(side)
    seen = Game(
        game.board,
        state,
        game.rules,
        game.layout,
        game.scenario_id,
        0,
        [],
        list(log),
        record_undo=False,
        ruleset=game.ruleset,
    )
    seen.secret = [None] * len(log)
    movement, attacks = _shared_tables(game, side)
    share_movement_tables(seen, movement)
    share_attack_verdicts(seen, attacks)
    return SideView(side, seen, list(log))


#: Per (map, rules, side): the movement steps and the "in a position to attack" verdicts
#: judged on the side's earlier views.
_TABLES: dict[tuple[int, int, Side], tuple[object, object, MovementTables, AttackVerdicts]] = {}


def _shared_tables(game: Game, side: Side) -> tuple[MovementTables, AttackVerdicts]:
    """The movement tables and attack verdicts the side's views of games on this map
    share.

    A view is a fresh copy at each decision, so without them every view judged again
    every step of the map its characters' searches crossed (most of a Krob turn with
    sixty Krobs), and whether each enemy next to a hex crossed may attack there. They
    are filled by views only (never by the real game) and hold only what the map, the
    rules and the map counters in view say: steps, costs, levels, verdicts by kind of
    character — no character, no hidden counter. They live here, outside the view: a
    view reaches only its own side's tables, through its copy's cache."""
    key = (id(game.board), id(game.rules), side)
    found = _TABLES.get(key)
    if found is not None and found[0] is game.board and found[1] is game.rules:
        return found[2], found[3]
    if len(_TABLES) > 16:
        _TABLES.clear()
    movement: MovementTables = {}
    attacks: AttackVerdicts = {}
    _TABLES[key] = (game.board, game.rules, movement, attacks)
    return movement, attacks


#: Every field of a state: `view_for` builds the copy field by field, so a field added
#: to the state must be weighed there (may the other side see it?):
#: tests/ai/test_side_view.py fails until it is. Characters, accessories and wizards are
#: copied with all their fields (values: ids, hexes, numbers; an accessory's properties
#: dict is copied too).
STATE_FIELDS = ("turn", "phase", "units", "dice", "accessories", "wizards", "pending",
                "turn_limit", "winner", "scratch")  # fmt: skip
_UNIT_FIELDS = attrgetter(*(f.name for f in fields(Unit)))
_WIZARD_FIELDS = attrgetter(*(f.name for f in fields(Wizard)))
_ACCESSORY_FIELDS = attrgetter(*(f.name for f in fields(Accessory) if f.name != "properties"))


def _copy_unit(unit: Unit) -> Unit:
    """A copy of a character counter (its fields are all values: ids, hexes, numbers)."""
    return Unit(*_UNIT_FIELDS(unit))


def _copy_wizard(wizard: Wizard) -> Wizard:
    return Wizard(*_WIZARD_FIELDS(wizard))


def _accessory_seen(acc: Accessory, side: Side) -> Accessory:
    """A copy of an accessory counter as `side` sees it: the Adventurers learn which
    objective counter is the true one only when it is turned over ("Only one of them has
    the Orb in colour on the back")."""
    props = dict(acc.properties)
    hides = side is Side.ADVENTURERS and acc.kind.value in OBJECTIVE_KINDS
    if hides and not props.get("revealed"):
        props.pop("real", None)
    seen = Accessory(*_ACCESSORY_FIELDS(acc))
    seen.properties = props
    return seen


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
