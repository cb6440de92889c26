"""`RuleSet`: the rules a `Game` plays by, given to it rather than found in globals.

A rules module (under `engine/rules/`) judges some action types, raises some decisions
and does some work when a phase begins or ends. It says so by nothing at all: it only
exposes its rules objects and hook functions. What joins them into the game is a
`RulesPart` per module and a `RuleSet` that puts the parts together in order;
`engine/standard_rules.py` lists the standard game's parts in one place.

The order of the parts is part of the rules: when two modules hook the same moment,
the earlier part's hook runs first (the Krobs come into sight before victory is judged).
A reduced rule set (`without`) is a game without some rules (no magic, no Gharvs): what
a test builds to read one module alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

from dragonnoir.engine.actions import Action
from dragonnoir.engine.events import Event
from dragonnoir.engine.explain import Explanation
from dragonnoir.engine.phases import phase
from dragonnoir.engine.state import Decision, Side, Unit
from dragonnoir.narration.phrase import Value

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game


class ActionRules(Protocol):
    """What a rules module provides for the action types it judges."""

    def explain(self, game: Game, action: Action) -> Explanation: ...

    def apply(self, game: Game, action: Action) -> list[Event]: ...

    def generate(self, game: Game, side: Side) -> Iterable[Action]: ...


class DecisionRules(Protocol):
    """What a rules module provides for a kind of decision it raises (or one more answer
    to a decision another module raises: a shot or a spell during a Krob's move)."""

    def explain(self, game: Game, decision: Decision, action: Action) -> Explanation: ...

    def apply(self, game: Game, decision: Decision, action: Action) -> list[Event]: ...

    def generate(self, game: Game, decision: Decision) -> Iterable[Action]: ...


PhaseHook = Callable[["Game"], list[Event]]
#: Says why the phase may not end yet (an `Explanation` refusing it), or None.
EndCheck = Callable[["Game"], Explanation | None]
#: Says who wins when the turn limit is reached: (winner or None, why, details).
TurnLimitJudge = Callable[["Game"], tuple[Side | None, Value, dict[str, Any]]]
#: Says which side may not read an event in the log (a hidden Krob's steps), or None.
SecrecyRule = Callable[["Game", Event], Side | None]
#: Says whether a Krob that has just entered a hex may be interrupted ("Defensive Fire").
DefensiveFireCheck = Callable[["Game", Unit], bool]

#: Phase id -> hooks, in the order they run.
PhaseHooks = Mapping[str, tuple[PhaseHook, ...]]


def _no_hooks() -> dict[str, tuple[PhaseHook, ...]]:
    return {}


@dataclass(frozen=True)
class RulesPart:
    """What one rules module brings to the game. Every field is optional.

    - `actions`: action type -> the rules object that explains, applies and lists it.
    - `decisions`: decision kind -> the rules object that answers it.
    - `entry`: hooks run when a phase is entered (after `PhaseBegan`).
    - `end_checks`: may refuse `EndPhase` while the phase's sequence is unfinished.
    - `closing`: run when a phase is about to end, before its exit hooks: a decision one
      raises is answered first, and the phase ends once none is left (it must raise each
      decision once: it runs again when the phase goes on ending).
    - `exit`: run when a phase ends, before the next is entered.
    - `work`: the work of an automatic phase, called when it would end and again after
      each decision it raised is answered, until it leaves none pending; it keeps its
      progress in `state.scratch` (so a save holds it).
    - `after_action`: run after every action (and once the game has started) while the
      game is not over: what may change after anything (a unit comes into sight).
    - `turn_end`: run when a game turn ends (before the next begins or the limit ends it).
    - `turn_limit_judge`: who wins when the scenario's turn limit is reached.
    - `secrecy`: keeps an event out of one side's log (hidden units).
    - `defensive_fire_checks`, `defensive_fire_answers`: when a moving Krob may be
      interrupted, and the answers (besides `Pass`) to that "defensive_fire" decision.
    """

    name: str
    actions: Mapping[type[Action], ActionRules] = field(default_factory=dict)
    decisions: Mapping[str, DecisionRules] = field(default_factory=dict)
    entry: PhaseHooks = field(default_factory=_no_hooks)
    end_checks: Mapping[str, tuple[EndCheck, ...]] = field(default_factory=dict)
    closing: PhaseHooks = field(default_factory=_no_hooks)
    exit: PhaseHooks = field(default_factory=_no_hooks)
    work: PhaseHooks = field(default_factory=_no_hooks)
    after_action: tuple[PhaseHook, ...] = ()
    turn_end: tuple[PhaseHook, ...] = ()
    turn_limit_judge: TurnLimitJudge | None = None
    secrecy: tuple[SecrecyRule, ...] = ()
    defensive_fire_checks: tuple[DefensiveFireCheck, ...] = ()
    defensive_fire_answers: Mapping[str, DecisionRules] = field(default_factory=dict)


def _merged_hooks(parts: Iterable[Mapping[str, tuple[Any, ...]]]) -> dict[str, tuple[Any, ...]]:
    """Phase id -> the hooks of every part, part by part (a typo in a phase id fails)."""
    out: dict[str, tuple[Any, ...]] = {}
    for hooks in parts:
        for phase_id, found in hooks.items():
            phase(phase_id)  # KeyError names a phase that does not exist
            out[phase_id] = (*out.get(phase_id, ()), *found)
    return out


def _merged_table(name: str, tables: Iterable[tuple[str, Mapping[str, Any]]]) -> dict[str, Any]:
    """One table from the parts' tables; two parts may not claim the same key."""
    out: dict[str, Any] = {}
    owner: dict[str, str] = {}
    for part, table in tables:
        for key, value in table.items():
            if key in out:
                raise ValueError(f"{name} {key!r}: claimed by both {owner[key]} and {part}")
            out[key] = value
            owner[key] = part
    return out


@dataclass(frozen=True)
class RuleSet:
    """The rules of a game: its parts, in order, and the tables `Game` reads them from.

    Built once and shared (it holds no game's state): `standard_rules()` for every game
    of Dragon Noir 2; `without` for a game with less.
    """

    parts: tuple[RulesPart, ...]
    #: Action type name -> its rules.
    actions: Mapping[str, ActionRules] = field(init=False, repr=False)
    decisions: Mapping[str, DecisionRules] = field(init=False, repr=False)
    entry: PhaseHooks = field(init=False, repr=False)
    end_checks: Mapping[str, tuple[EndCheck, ...]] = field(init=False, repr=False)
    closing: PhaseHooks = field(init=False, repr=False)
    exit: PhaseHooks = field(init=False, repr=False)
    work: PhaseHooks = field(init=False, repr=False)
    after_action: tuple[PhaseHook, ...] = field(init=False, repr=False)
    turn_end: tuple[PhaseHook, ...] = field(init=False, repr=False)
    turn_limit_judge: TurnLimitJudge | None = field(init=False, repr=False)
    secrecy: tuple[SecrecyRule, ...] = field(init=False, repr=False)
    defensive_fire_checks: tuple[DefensiveFireCheck, ...] = field(init=False, repr=False)
    defensive_fire_answers: Mapping[str, DecisionRules] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        parts = self.parts
        names = [p.name for p in parts]
        if len(set(names)) != len(names):
            raise ValueError(f"a rules part appears twice: {names}")
        for part in parts:
            for phase_id in part.work:
                if not phase(phase_id).automatic:
                    raise ValueError(f"{phase_id} is not an automatic phase ({part.name})")
        judges = [p for p in parts if p.turn_limit_judge is not None]
        if len(judges) > 1:
            raise ValueError(f"two judges of the turn limit: {[p.name for p in judges]}")
        actions = _merged_table(
            "action", ((p.name, {cls.__name__: r for cls, r in p.actions.items()}) for p in parts)
        )
        tables: dict[str, object] = {
            "actions": actions,
            "decisions": _merged_table("decision", ((p.name, p.decisions) for p in parts)),
            "entry": _merged_hooks(p.entry for p in parts),
            "end_checks": _merged_hooks(p.end_checks for p in parts),
            "closing": _merged_hooks(p.closing for p in parts),
            "exit": _merged_hooks(p.exit for p in parts),
            "work": _merged_hooks(p.work for p in parts),
            "defensive_fire_answers": _merged_table(
                "defensive fire answer", ((p.name, p.defensive_fire_answers) for p in parts)
            ),
        }
        for name, table in tables.items():
            assert isinstance(table, dict)
            object.__setattr__(self, name, MappingProxyType(table))
        object.__setattr__(self, "after_action", tuple(h for p in parts for h in p.after_action))
        object.__setattr__(self, "turn_end", tuple(h for p in parts for h in p.turn_end))
        object.__setattr__(self, "secrecy", tuple(r for p in parts for r in p.secrecy))
        object.__setattr__(
            self, "defensive_fire_checks", tuple(c for p in parts for c in p.defensive_fire_checks)
        )
        object.__setattr__(self, "turn_limit_judge", judges[0].turn_limit_judge if judges else None)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.parts)

    def without(self, *names: str) -> RuleSet:
        """These rules minus the parts named (a game without magic: `without("magic")`)."""
        unknown = set(names) - set(self.names)
        if unknown:
            raise KeyError(f"no rules part {sorted(unknown)} in {list(self.names)}")
        return RuleSet(tuple(p for p in self.parts if p.name not in names))

    def plus(self, *parts: RulesPart) -> RuleSet:
        """These rules and `parts` after them (a test's made-up decision)."""
        return RuleSet((*self.parts, *parts))
