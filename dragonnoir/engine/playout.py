"""Seeded random playouts that check the engine's invariants after every action.

"Thousands of seeded random playouts checking invariants after every action" (habit 8,
after OpenSpiel's random_sim_test). A `RandomAgent` with its own seeded
`random.Random` picks uniformly among `game.legal_actions()` for whichever side
`game.to_act()` names, until the game ends. After every action `PlayoutChecker` checks:

- stacking: one living character per hex and level at every phase end, and after every
  action outside the movement phases (inside them a move may end on a friend's hex);
  a walkway deck and the floor under it are two levels, and the Queen and her Guards
  count every hex they cover;
- movement never below zero: 0 <= `mp_spent` <= the movement potential (the highest
  the counter showed since the character began moving, as a wound may lower it);
- at most one attack per character per turn, two for the Queen's Guards ("The Krobs");
- dead characters never act: the units an action names as actors were alive, on the
  map, and on the side to act before it;
- only `to_act()`'s side acts: `legal_actions` for every other side is empty;
- every listed action is accepted by `apply` (the one door refuses none of them) and
  survives JSON (`to_dict -> json -> action_from_dict`), as a save file needs;
- magic: energy never below zero, spell counters within the box's counts, spectres gone
  when their time is up;
- the water: nobody but an Adventurer in a boat, nobody who "would sink like stones"
  (Movement Restriction 2) in the water (out of a boat);
- the Gharvs: never more on the map than the box's 8 counters; after a disappearance
  phase, none out of contact left in the water, nor on land when it could reach the
  water with its land potential;
- undo: on a sample of actions, apply -> undo restores the state, history and log
  exactly, and applying again gives the same events and state; when a die was rolled
  `can_undo()` is False;
- the state survives JSON: `to_dict -> json -> from_dict -> to_dict` is identical.

A failure raises `PlayoutFailure` naming the playout's label, seed, action number and
action, so `playout(make_game, seed)` reproduces it.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dragonnoir.engine.actions import (
    Action,
    Advance,
    Attack,
    CastSpell,
    ChooseCasualty,
    DestroyWeb,
    Fire,
    Fly,
    Jump,
    Move,
    Retreat,
    SailBoat,
    action_from_dict,
)
from dragonnoir.engine.events import PhaseBegan
from dragonnoir.engine.explain import IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import gharvs, hidden, magic
from dragonnoir.engine.rules.steps import boat_at, never_swims, terrain_at
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import GameState, Side
from dragonnoir.engine.values import profile
from dragonnoir.narration.phrase import english

#: A playout that has not ended after this many actions is a failure (a loop).
MAX_ACTIONS = 20_000
#: The phases whose end checks stacking ("Stacking").
MOVEMENT_PHASES = frozenset({"adventurer_movement", "krob_movement"})


class PlayoutFailure(AssertionError):
    """An invariant broken during a playout; the message says how to reproduce it."""

    def __init__(
        self, label: str, seed: int, number: int, action: Action | None, message: str
    ) -> None:
        self.label = label
        self.seed = seed
        self.number = number
        self.action = action
        self.detail = message
        what = "at the start" if action is None else f"action #{number} {_show(action)}"
        super().__init__(f"playout {label or '?'} seed {seed}, {what}: {message}")


def _show(action: Action) -> str:
    return json.dumps(action.to_dict(), separators=(",", ":"))


class RandomAgent:
    """Chooses uniformly among the legal actions of the side to act."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action | None:
        side = game.to_act()
        if side is None:
            return None
        legal = game.legal_actions(side)
        return self.rng.choice(legal) if legal else None


@dataclass
class PlayoutResult:
    """What one playout did."""

    label: str
    seed: int
    actions: int = 0
    turns: int = 0
    over: bool = False
    die_rolls: int = 0
    undo_checks: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    game: Game | None = field(default=None, repr=False)


def actors(action: Action) -> tuple[str, ...]:
    """The units an action makes act (a casualty chosen to take a blow does not act)."""
    if isinstance(action, Move | Jump | Fly | SailBoat | Retreat | Advance | DestroyWeb):
        return (action.unit,)
    if isinstance(action, Attack):
        return action.attackers
    if isinstance(action, Fire):
        return action.shooters
    if isinstance(action, CastSpell):
        return (action.wizard,)
    return ()


def attack_limit(category: str) -> int:
    """Attacks a character may make in one turn: two for a Queen's Guard ("The Krobs":
    "two attacks per turn against different opponents"), one for anyone else."""
    return 2 if category == "guard" else 1


class PlayoutChecker:
    """The invariants, checked around each action of one game.

    `undo_every`: the fraction of actions (chosen by the checker's own generator) on
    which the undo round trip is checked; 0 turns it off, 1 checks every action.
    """

    def __init__(
        self, game: Game, *, label: str = "", seed: int = 0, undo_every: float = 0.25
    ) -> None:
        self.game = game
        self.label = label
        self.seed = seed
        self.undo_every = undo_every
        self.rng = random.Random(f"undo:{seed}")
        self.number = 0
        self.undo_checks = 0
        self._mp_cap: dict[str, int] = {}
        self._check_stacking(None)
        self._check_roundtrip(None)

    def fail(self, action: Action | None, message: str) -> PlayoutFailure:
        return PlayoutFailure(self.label, self.seed, self.number, action, message)

    def apply(self, action: Action) -> None:
        """Apply `action` through `Game.apply`, checking every invariant around it."""
        game = self.game
        self.number += 1
        side = game.to_act()
        self._check_before(action, side)
        phase_before = game.state.phase
        potentials = self._potentials()
        before = game.state.to_dict() if self._sample_undo() else None
        history_len, log_len = len(game.history), len(game.log)
        rolls_before = game.state.dice.rolls
        try:
            events = game.apply(action)
        except IllegalAction as exc:
            raise self.fail(action, f"legal_actions listed it but apply refused: {exc}") from None
        rolled = game.state.dice.rolls != rolls_before
        if rolled and game.can_undo():
            raise self.fail(action, "a die was rolled but can_undo() is still True")
        if before is not None and game.can_undo():
            self._check_undo(action, before, history_len, log_len, events)
        self._check_after(action, potentials)
        # Stacking holds at every phase end ("at the end of each movement sequence");
        # during a movement phase a move may end on a friend's hex (issue 8, ruling 1),
        # so inside those phases it is checked only when the phase ends. Outside them
        # (advances, retreats) it is checked after every action, so that a failure names
        # the action that broke it.
        in_movement = game.state.phase in MOVEMENT_PHASES
        if game.state.phase != phase_before or game.over or not in_movement:
            self._check_stacking(action)
        self._check_gharvs(action, events)
        self._check_magic(action)
        self._check_hidden(action)
        self._check_roundtrip(action)

    # -- the invariants ----------------------------------------------------------------

    def _check_hidden(self, action: Action) -> None:
        """Hidden characters (docs/scenarios.md): between two actions none is in sight of
        or next to a standing enemy (the reveals happened); and, on a sample of actions,
        the side they are hidden from has exactly the legal actions it would have if they
        were not on the map at all (its choices give nothing away)."""
        game = self.game
        if game.over or not hidden.any_hidden(game):
            return
        for unit in game.state.units.values():
            seen = hidden.why_seen(game, unit)
            if seen is not None:
                raise self.fail(action, f"{unit.id} is still hidden but {english(seen[0])}")
        side = game.to_act()
        if side is None or not self._sample_undo():
            return
        blind = clone(game)
        for uid in [u.id for u in blind.state.units.values() if u.hidden_from is side]:
            del blind.state.units[uid]
        blind.touch()
        mine, theirs = game.legal_actions(), blind.legal_actions()
        if mine != theirs:
            extra = [_show(a) for a in mine if a not in theirs][:3]
            missing = [_show(a) for a in theirs if a not in mine][:3]
            raise self.fail(
                action,
                f"the {side.value}' legal actions depend on characters hidden from them: "
                f"{extra} only with them, {missing} only without",
            )

    def _sample_undo(self) -> bool:
        return self.undo_every > 0 and self.rng.random() < self.undo_every

    def _check_before(self, action: Action, side: Side | None) -> None:
        game = self.game
        if side is None:
            raise self.fail(action, "the game is over, yet an action is chosen")
        for other in Side:
            if other is not side and game.legal_actions(other):
                raise self.fail(
                    action,
                    f"{other.value} have legal actions while {side.value} are to act: "
                    f"{[_show(a) for a in game.legal_actions(other)[:3]]}",
                )
        try:
            same = action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
        except (TypeError, ValueError) as exc:
            raise self.fail(action, f"the action does not survive JSON: {exc}") from None
        if not same:
            raise self.fail(action, "to_dict -> JSON -> action_from_dict changes the action")
        for uid in actors(action):
            unit = game.state.units.get(uid)
            if unit is None:
                raise self.fail(action, f"{uid!r} acts but is no unit of this game")
            if not unit.alive:
                raise self.fail(action, f"{uid!r} acts but is dead")
            if unit.hex is None:
                raise self.fail(action, f"{uid!r} acts but is not on the map")
            if unit.side is not side:
                raise self.fail(action, f"{uid!r} ({unit.side.value}) acts for {side.value}")
        if isinstance(action, ChooseCasualty):
            unit = game.state.units.get(action.unit)
            if unit is None or not unit.alive:
                raise self.fail(action, f"{action.unit!r} is chosen to take a blow but is dead")

    def _potentials(self) -> dict[str, int]:
        """Each unit's movement potential now (the larger of water and land for Gharvs)."""
        game = self.game
        if game.rules is None:
            return {}
        out = {}
        for unit in game.state.units.values():
            p = profile(game, unit)
            out[unit.id] = max(p.movement, p.movement_land or 0, p.flight or 0)
        return out

    def _check_after(self, action: Action, potentials_before: dict[str, int]) -> None:
        game = self.game
        if game.rules is None:
            return
        after = self._potentials()
        for unit in game.state.units.values():
            if unit.mp_spent < 0:
                raise self.fail(action, f"{unit.id} has spent {unit.mp_spent} MP (below zero)")
            # A wound taken during or after a move lowers the potential below what was
            # already spent: the limit is the highest potential since it began moving.
            limit = max(after[unit.id], potentials_before.get(unit.id, 0))
            if unit.mp_spent:
                limit = max(limit, self._mp_cap.get(unit.id, 0))
            self._mp_cap[unit.id] = limit
            if unit.mp_spent > limit:
                raise self.fail(
                    action,
                    f"{unit.id} has spent {unit.mp_spent} MP, more than its potential {limit}",
                )
            cap = attack_limit(profile(game, unit).category)
            if unit.attacked > cap:
                raise self.fail(
                    action, f"{unit.id} has made {unit.attacked} attacks this turn (limit {cap})"
                )

    def _check_magic(self, action: Action) -> None:
        """Energy never below zero; spell counters within the box's counts; spectres
        gone when their time is up ("Magic", "The Spectres")."""
        game = self.game
        if game.rules is None:
            return
        for sheet in game.state.wizards.values():
            if sheet.energy < 0:
                raise self.fail(action, f"{sheet.unit} has {sheet.energy} EP (below zero)")
        for counter in game.rules.spells.counters:
            if magic.counters_left(game, counter) < 0:
                raise self.fail(action, f"more {counter} counters on the map than the box has")
        if game.state.phase.startswith("gharv"):
            return  # they vanish as the interphase begins
        now = magic.player_turn(game)
        for unit in game.state.units.values():
            if unit.hex is not None and unit.expires_turn is not None and unit.expires_turn < now:
                raise self.fail(action, f"{unit.id} stays past its time (The Spectres)")

    def _check_gharvs(self, action: Action, events: list[Any]) -> None:
        """At most 8 Gharvs on the map; once a disappearance phase is over, none out of
        contact in the water, and one on land only when it could not reach the water
        this time ("The Gharvs")."""
        game = self.game
        if game.rules is None:
            return
        for unit in game.living_units():
            assert unit.hex is not None
            aboard = boat_at(game, unit.hex)
            p = profile(game, unit)
            if aboard is not None and p.category != "adventurer":
                raise self.fail(action, f"{unit.id} is in a boat: only Adventurers move by boat")
            terrain = terrain_at(game, unit.hex)
            if aboard is None and terrain is not None and terrain.water and never_swims(p):
                raise self.fail(action, f"{unit.id} stands in the water: he would sink")
        on_map = [u for u in game.state.units.values() if u.side is Side.GHARVS and u.hex]
        if len(on_map) > len(gharvs.gharv_counters(game)):
            raise self.fail(action, f"{len(on_map)} Gharvs on the map, more than the box's")
        passed = any(
            isinstance(e, PhaseBegan) and e.phase.endswith("_disappearance") for e in events
        )
        if passed and not game.state.phase.endswith(("_appearance", "_combat")):
            for gharv in on_map:
                if not gharvs.stranded_as_it_should(game, gharv):
                    raise self.fail(
                        action, f"{gharv.id} stays on the map out of contact (The Gharvs)"
                    )

    def _check_stacking(self, action: Action | None) -> None:
        game = self.game
        if game.rules is None:
            return
        seen: dict[tuple[Any, float], str] = {}
        for h, ids in game.occupancy().items():
            for uid in ids:
                unit = game.state.units[uid]
                if not unit.alive:
                    continue
                key = (h, unit.level)
                other = seen.get(key)
                if other is not None and other != uid:
                    col, row = game.board.grid.to_cell(h)
                    raise self.fail(
                        action,
                        f"{other} and {uid} both stand on cell ({col}, {row}) at level "
                        f"{unit.level:g} (Stacking)",
                    )
                seen[key] = uid

    def _check_undo(
        self,
        action: Action,
        before: dict[str, Any],
        history_len: int,
        log_len: int,
        events: list[Any],
    ) -> None:
        game = self.game
        after = game.state.to_dict()
        history = list(game.history)
        log = list(game.log)
        if not game.undo():
            raise self.fail(action, "can_undo() was True but undo() did nothing")
        if game.state.to_dict() != before:
            raise self.fail(action, "undo did not restore the state")
        if len(game.history) != history_len or game.history != history[:history_len]:
            raise self.fail(action, "undo did not restore the history")
        if len(game.log) != log_len or game.log != log[:log_len]:
            raise self.fail(action, "undo did not restore the log")
        try:
            again = game.apply(action)
        except IllegalAction as exc:
            raise self.fail(action, f"after undo the same action is refused: {exc}") from None
        if again != events:
            raise self.fail(action, "applying again after undo gives other events")
        if game.state.to_dict() != after or game.history != history or game.log != log:
            raise self.fail(action, "applying again after undo gives another state")
        self.undo_checks += 1

    def _check_roundtrip(self, action: Action | None) -> None:
        data = self.game.state.to_dict()
        try:
            text = json.dumps(data, allow_nan=False)
            again = GameState.from_dict(json.loads(text)).to_dict()
        except (TypeError, ValueError) as exc:
            raise self.fail(action, f"the state does not survive JSON: {exc}") from None
        if again != data:
            raise self.fail(action, "to_dict -> JSON -> from_dict -> to_dict changes the state")


def playout(
    make_game: Callable[[int], Game],
    seed: int,
    *,
    label: str = "",
    check: bool = True,
    undo_every: float = 0.25,
    max_actions: int = MAX_ACTIONS,
    keep_game: bool = False,
) -> PlayoutResult:
    """Play one game from `make_game(seed)` with a `RandomAgent(seed)` to its end.

    With `check`, every invariant is checked after every action (`PlayoutFailure`);
    without, the actions are applied bare (for timing).
    """
    game = make_game(seed)
    agent = RandomAgent(seed)
    result = PlayoutResult(label, seed)
    checker = PlayoutChecker(game, label=label, seed=seed, undo_every=undo_every) if check else None
    while not game.over:
        action = agent.choose(game)
        if action is None:
            raise PlayoutFailure(
                label, seed, result.actions + 1, None, f"{game.to_act()} are to act but have "
                "no legal action (EndPhase at least should be listed)"
            )  # fmt: skip
        if result.actions >= max_actions:
            raise PlayoutFailure(
                label, seed, result.actions, action, f"no end after {max_actions} actions"
            )
        if checker is not None:
            checker.apply(action)
        else:
            game.apply(action)
        result.actions += 1
        result.kinds[action.kind] += 1
    result.turns = game.state.turn
    result.over = game.over
    result.die_rolls = game.state.dice.rolls
    result.undo_checks = checker.undo_checks if checker is not None else 0
    if keep_game:
        result.game = game
    return result


# -- counting legal actions (perft) -----------------------------------------------------


def clone(game: Game) -> Game:
    """An independent copy of `game` for look-ahead: the same map and rules, a copy of
    the state (dice included), no undo, fresh caches."""
    return Game(
        game.board,
        game.state.copy(),
        game.rules,
        game.layout,
        game.scenario_id,
        game.seed,
        list(game.history),
        [],
        record_undo=False,
        scenario_path=game.scenario_path,
        ruleset=game.ruleset,
    )


def count_actions(game: Game) -> Counter[str]:
    """The legal actions now, counted by type."""
    return Counter(a.kind for a in game.legal_actions())


def perft(game: Game, depth: int) -> int:
    """The number of positions `depth` legal actions away (like chess perft): depth 1 is
    `len(legal_actions())`. Dice are part of the state, so the count is exact."""
    legal = game.legal_actions()
    if depth <= 1:
        return len(legal) if depth == 1 else 1
    total = 0
    for action in legal:
        child = clone(game)
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def scenario_games(path: Path | str, rules: Any = None) -> Callable[[int], Game]:
    """`seed -> new game` for a scenario file (loaded once)."""
    scenario = load_scenario(path, rules)

    def make(seed: int) -> Game:
        return scenario.new_game(seed, rules)

    return make


def run_playouts(
    path: Path | str, seeds: range | list[int], *, undo_every: float = 0.25
) -> list[PlayoutResult]:
    """One checked playout of the scenario at `path` per seed."""
    make = scenario_games(path)
    label = Path(path).stem
    return [playout(make, s, label=label, undo_every=undo_every) for s in seeds]
