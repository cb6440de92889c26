"""`Game`: the one door through which every change to a game passes.

Humans (the client), the AI and replays all call `apply(action)`. It checks legality
(`explain`), raises `IllegalAction` with the reason and the rule when the rulebook
forbids the action, otherwise changes the state and returns the events. After every
action the engine checks whether the phase is over and runs the phases that play
themselves ("Organisation of the Game Turn"). `to_act()` says whose decision it is —
not always the moving side: which defender takes a wound, retreat paths, an advance
after combat, defensive fire.

A game is given its rules (`ruleset`, a `RuleSet`): which rules module judges each action
type, answers each decision and hooks each phase. This file knows the turn sequence, the
dice, undo and the history, and nothing of movement or combat.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from dragonnoir.engine import revisions
from dragonnoir.engine.actions import Action, EndPhase, Pass
from dragonnoir.engine.dice import Dice
from dragonnoir.engine.events import (
    DecisionPassed,
    DieRolled,
    Event,
    GameEnded,
    PhaseBegan,
    Revealed,
    TurnBegan,
    WentOnUnverified,
)
from dragonnoir.engine.explain import Explanation, IllegalAction, allowed, refused
from dragonnoir.engine.phases import FIRST_PHASE, SEQUENCE, Phase, next_phase, phase
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.ruleset import RuleSet
from dragonnoir.engine.standard_rules import standard_rules
from dragonnoir.engine.state import Decision, GameState, Side, Unit
from dragonnoir.engine.unverified import Unverified
from dragonnoir.hexmap.board import Board
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.actions import action_name
from dragonnoir.narration.narrator import Narrator
from dragonnoir.narration.phases import phase_title
from dragonnoir.narration.phrase import Value, english, tell

SEQUENCE_RULE = "Organisation of the Game Turn"


#: `state.scratch` key: the phase whose end waits for a decision its closing raised.
CLOSING = "closing"


class GameMap(Protocol):
    """Which maps a hex is on ("Range of Action"); a composed layout provides it."""

    def board_ids_at(self, h: Hex) -> list[str]: ...


@dataclass
class _UndoPoint:
    state: dict[str, Any]
    history_len: int
    log_len: int


@dataclass
class Game:
    """A game in progress: the map, the rules data, the state, its history.

    `board` is the composed map (a single board or a layout's `map`); `layout`, when the
    map is a layout, answers which boards a hex is on.
    """

    board: Board
    state: GameState
    rules: Any  # dragonnoir.engine.tables.RulesData (None in tests that need no counters)
    layout: GameMap | None = None
    scenario_id: str = ""
    seed: int = 0
    history: list[Action] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)
    record_undo: bool = True
    #: The scenario file this game was set up from (absolute), "" for a game built in
    #: code; a save file refers to it.
    scenario_path: str = ""
    #: The state as set up, before the first phase was entered (`GameState.to_dict()`):
    #: what a save of a game without a scenario file starts its replay from.
    start_state: dict[str, Any] | None = field(default=None, repr=False)
    #: Per log entry, the side that may not read it (None: both may).
    secret: list[Side | None] = field(default_factory=list, repr=False)
    _undo: list[_UndoPoint] = field(default_factory=list, repr=False)
    _occupancy: dict[Hex, list[str]] | None = field(default=None, repr=False)
    #: Bumped whenever the state may have changed (after an action, undo, `touch()`, a
    #: phase entry): rules modules key their per-position caches on it.
    version: int = field(default=0, repr=False, compare=False)
    #: Where each action's dice come from, when not from the game's own seed (None):
    #: play by e-mail seeds each action from both players' secrets (pbem/chain.py), so
    #: the game screen plays a turn file's link through this same door.
    dice_source: Callable[[Game, Action], Dice] | None = field(
        default=None, repr=False, compare=False
    )
    #: With a `dice_source`, the dice of characters hidden from a side, by id: their own
    #: stream per action (`roll`), reset before each action.
    _hidden_dice: dict[str, Dice] = field(default_factory=dict, repr=False, compare=False)
    #: Per-game memo of the rules modules (precomputed map tables, per-version caches).
    cache: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    #: Who plays each seat, by side value: "human" or an agent's name ("ai:normal").
    #: Empty: two people (hotseat). Not part of the rules: the client reads it, a save
    #: keeps it (field `players`) so a loaded game resumes with the same players.
    players: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    #: Set when the game went on from a save's snapshot its actions did not lead to
    #: (`go_on_unverified`): every save of it keeps the mark and replays from there.
    unverified: Unverified | None = field(default=None, repr=False, compare=False)
    #: The rules the game is played by. The default is there because every game but a
    #: test's plays the standard game; a save does not record it (it is not a choice).
    ruleset: RuleSet = field(default_factory=standard_rules, repr=False, compare=False)

    # -- construction ----------------------------------------------------------------

    @classmethod
    def start(
        cls,
        board: Board,
        units: Iterable[Unit],
        rules: Any,
        seed: int,
        *,
        layout: GameMap | None = None,
        scenario_id: str = "",
        turn_limit: int | None = None,
        first_phase: str = FIRST_PHASE,
        prepare: Callable[[GameState], None] | None = None,
        ruleset: RuleSet | None = None,
    ) -> Game:
        """A new game at turn 1, entering `first_phase` (its entry hooks run), played by
        `ruleset` (default: the standard rules)."""
        state = GameState(
            turn=1,
            phase=first_phase,
            units={u.id: u for u in units},
            dice=Dice(seed),
            turn_limit=turn_limit,
        )
        revisions.stamp(state)  # a set-up carried from an older save may take it away
        if prepare is not None:
            prepare(state)
        game = cls(board, state, rules, layout, scenario_id, seed)
        if ruleset is not None:
            game.ruleset = ruleset
        game.start_state = state.to_dict()
        events = game._enter(phase(first_phase), new_turn=False)
        events = [TurnBegan(1), *events]
        events.extend(game._run_automatic())
        events.extend(game._after_action())
        game._record(events)
        return game

    # -- whose turn, what is legal -----------------------------------------------------

    @property
    def phase(self) -> Phase:
        return phase(self.state.phase)

    @property
    def over(self) -> bool:
        return bool(self.state.scratch.get("game_over"))

    def to_act(self) -> Side | None:
        """The side whose decision it is, or None when the game is over."""
        if self.over:
            return None
        if self.state.pending:
            return self.state.pending[0].side
        return self.phase.side

    def legal_actions(
        self, side: Side | None = None, kinds: Collection[str] | None = None
    ) -> list[Action]:
        """Every action `side` (default: the side to act) may take now.

        Moves are listed once per destination with the engine's chosen path; `is_legal`
        accepts any other legal path. `kinds` (action type names) keeps the phase's
        actions to those types (an AI that casts no spell need not have every spell on
        every target listed); answers to a pending decision are always all listed.
        """
        acting = self.to_act()
        if acting is None or (side is not None and side is not acting):
            return []
        out: list[Action] = []
        if self.state.pending:
            decision = self.state.pending[0]
            rules = self.ruleset.decisions.get(decision.kind)
            if rules is not None:
                out.extend(rules.generate(self, decision))
            return out
        for kind in sorted(self.phase.actions):
            if kind == "EndPhase" or (kinds is not None and kind not in kinds):
                continue
            rules_for = self.ruleset.actions.get(kind)
            if rules_for is not None:
                out.extend(a for a in rules_for.generate(self, acting) if a.kind == kind)
        if (kinds is None or "EndPhase" in kinds) and self._end_refusal() is None:
            out.append(EndPhase())
        return out

    def explain(self, action: Action) -> Explanation:
        """Why `action` is allowed now or refused, citing the rule."""
        if self.over:
            return refused(tell("the game is over"), SEQUENCE_RULE)
        if self.state.pending:
            decision = self.state.pending[0]
            rules = self.ruleset.decisions.get(decision.kind)
            if rules is None:  # a decision nobody can answer is an engine bug
                raise RuntimeError(f"no rules for decision {decision.kind!r} in this rule set")
            return rules.explain(self, decision, action)
        ph = self.phase
        if isinstance(action, EndPhase):
            return self._end_refusal() or allowed(
                tell("{phase} ends", phase=phase_title(ph.id, ph.title)), SEQUENCE_RULE
            )
        if isinstance(action, Pass):
            return refused(tell("there is no decision to decline"), SEQUENCE_RULE)
        if action.kind not in ph.actions:
            return refused(
                tell(
                    "{action} is not allowed during {phase}: "
                    "a new sequence may only begin when the previous one is finished",
                    action=action_name(action.kind),
                    phase=phase_title(ph.id, ph.title),
                ),
                ph.section,
            )
        action_rules = self.ruleset.actions.get(action.kind)
        if action_rules is None:
            return refused(
                tell(
                    "no rules for {action} in this game's rule set", action=action_name(action.kind)
                ),
                ph.section,
            )
        return action_rules.explain(self, action)

    def _end_refusal(self) -> Explanation | None:
        """Why the current phase may not end yet ("A new sequence may only begin if the
        previous one is finished"), or None."""
        for check in self.ruleset.end_checks.get(self.state.phase, ()):
            why = check(self)
            if why is not None:
                return why
        return None

    def is_legal(self, action: Action) -> bool:
        return self.explain(action).legal

    # -- changing the state ----------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Carry out `action`; raise `IllegalAction` (nothing changes) if it is illegal."""
        verdict = self.explain(action)
        if not verdict.legal:
            raise IllegalAction(verdict, Narrator.english(self).verdict(verdict))
        point = (
            _UndoPoint(self.state.to_dict(), len(self.history), len(self.log))
            if self.record_undo
            else None
        )
        if self.dice_source is not None:
            self.state.dice = self.dice_source(self, action)
            self._hidden_dice.clear()
        rolls_before = self.state.dice.rolls
        if self.state.pending:
            decision = self.state.pending[0]
            events = self.ruleset.decisions[decision.kind].apply(self, decision, action)
            if isinstance(action, Pass):  # declining is a decision too: the log says so
                events.insert(
                    0,
                    DecisionPassed(decision.kind, decision.side.value, verdict.said, verdict.rule),
                )
        elif isinstance(action, EndPhase):
            events = self._end_phase()
        else:
            events = self.ruleset.actions[action.kind].apply(self, action)
        self._occupancy = None
        self.version += 1
        if not self.state.pending and not self.over:
            events.extend(self._go_on_closing())
        if not self.state.pending and not self.over:
            events.extend(self._run_automatic())
        events.extend(self._after_action())
        self.history.append(action)
        self._record(events)
        # Undo reaches back only to the last die roll or reveal ("Undo by snapshot,
        # limited by information").
        if self.state.dice.rolls != rolls_before or any(_reveals(e) for e in events):
            self._undo.clear()
        elif point is not None:
            self._undo.append(point)
        return events

    def _after_action(self) -> list[Event]:
        events: list[Event] = []
        for hook in self.ruleset.after_action:
            if self.over:
                break
            found = hook(self)
            if found:
                events.extend(found)
                self._occupancy = None
                self.version += 1
                if not self.state.pending and not self.over:
                    events.extend(self._run_automatic())
        return events

    def _record(self, events: list[Event]) -> None:
        """Append `events` to the log, each with the side that may not read it."""
        for event in events:
            hidden: Side | None = None
            for rule in self.ruleset.secrecy:
                hidden = rule(self, event)
                if hidden is not None:
                    break
            self.log.append(event)
            self.secret.append(hidden)

    def log_for(self, side: Side | None) -> list[Event]:
        """The log as `side` may read it (None: all of it)."""
        if side is None:
            return list(self.log)
        return [e for e, s in zip(self.log, self.secret, strict=True) if s is not side]

    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def undo_depth(self) -> int:
        """How many actions `undo` can take back now (back to the last die roll or
        reveal): the client checks it before taking back several at once."""
        return len(self._undo)

    def undo(self) -> bool:
        """Take back the last action if no die was rolled and nothing revealed since."""
        if not self._undo:
            return False
        point = self._undo.pop()
        self.state = GameState.from_dict(point.state)
        del self.history[point.history_len :]
        del self.log[point.log_len :]
        del self.secret[point.log_len :]
        self._occupancy = None
        self.version += 1
        return True

    def go_on_unverified(self, state: GameState, history: list[Action], mark: Unverified) -> None:
        """Go on from `state`, a save's snapshot that `history` did not lead to, marked
        with `mark`: a save writes the history again, the log says where the unverified
        position begins, and there is nothing to undo before it."""
        self.state = state
        self.history = list(history)
        self._undo.clear()
        self._occupancy = None
        self.version += 1
        self.unverified = mark
        self._record([WentOnUnverified(mark.turn)])

    def roll(
        self,
        purpose: Value,
        rule: str,
        modifier: int = 0,
        *,
        by: str = "",
        floor: int | None = None,
    ) -> tuple[int, DieRolled]:
        """Throw the d10 for `purpose` (a phrase: "shot"); returns the modified value and
        the event."""
        value = self._dice_for(by).roll_d10()
        modified = value + modifier
        if floor is not None:
            modified = max(floor, modified)
        return modified, DieRolled(purpose, value, modified, rule, by)

    def _dice_for(self, by: str) -> Dice:
        """The dice a roll for `by` comes from: the game's, but in a game whose dice come
        from a `dice_source` (play by e-mail), a character hidden from a side rolls from
        his own stream, made of the action's dice and his id. The side he is hidden from
        plays the game without him (pbem/blind.py): his rolls must not shift the dice of
        anything it does play, in the same action."""
        unit = self.state.units.get(by)
        if self.dice_source is None or unit is None or unit.hidden_from is None:
            return self.state.dice
        if by not in self._hidden_dice:
            self._hidden_dice[by] = Dice(hidden_seed(self.state.dice.seed, by))
        return self._hidden_dice[by]

    def push_decision(self, decision: Decision) -> None:
        self.state.pending.append(decision)

    def pop_decision(self) -> Decision:
        return self.state.pending.pop(0)

    # -- map queries shared by the rules modules -------------------------------------

    def occupancy(self) -> dict[Hex, list[str]]:
        """Hex -> ids of the units (alive or not) covering it; rebuilt after each action."""
        if self._occupancy is None:
            index: dict[Hex, list[str]] = {}
            for unit in self.state.units.values():
                if unit.hex is None:
                    continue
                for h in footprint(self, unit):
                    index.setdefault(h, []).append(unit.id)
            self._occupancy = index
        return self._occupancy

    def where(self, h: Hex) -> str:
        """A hex as players see it: its Tiled cell on the map, "(col,row)" — the
        coordinates the viewer's status line and Tiled show."""
        col, row = self.board.grid.to_cell(h)
        return f"({col},{row})"

    def units_at(self, h: Hex) -> list[Unit]:
        return [self.state.units[uid] for uid in self.occupancy().get(h, ())]

    def touch(self) -> None:
        """Rules modules call this after moving units in the middle of an action."""
        self._occupancy = None
        self.version += 1

    # -- the turn sequence -----------------------------------------------------------

    def _go_on_closing(self) -> list[Event]:
        """End the phase whose closing waited for a decision, now answered."""
        if self.state.scratch.get(CLOSING) != self.state.phase:
            return []
        return self._end_phase()

    def _closing(self) -> list[Event]:
        """The phase's closing hooks; when one raises a decision, the phase waits."""
        events: list[Event] = []
        for hook in self.ruleset.closing.get(self.state.phase, ()):
            events.extend(hook(self))
            if self.state.pending:
                self.state.scratch[CLOSING] = self.state.phase
                return events
        self.state.scratch.pop(CLOSING, None)
        return events

    def _end_phase(self) -> list[Event]:
        events = self._closing()
        if self.state.pending:
            return events  # it ends once the decision is answered (`_go_on_closing`)
        following, new_turn = next_phase(self.state.phase)
        for hook in self.ruleset.exit.get(self.state.phase, ()):
            events.extend(hook(self))
            self._occupancy = None
            self.version += 1
        setup = self.state.scratch.get("setup_queue")
        if isinstance(setup, list) and self.state.phase not in {p.id for p in SEQUENCE}:
            # Setup phases (deployment) come before the first game turn, in the order the
            # scenario set; then the turn sequence starts at its first phase.
            following = phase(setup.pop(0)) if setup else phase(FIRST_PHASE)
            if not setup:
                self.state.scratch.pop("setup_queue", None)
            events.extend(self._enter(following, new_turn=False))
            return events
        if new_turn:
            for hook in self.ruleset.turn_end:
                events.extend(hook(self))
                if self.over:
                    return events
            if self.state.turn_limit is not None and self.state.turn >= self.state.turn_limit:
                events.append(self.end_game(*self._judge_at_limit()))
                return events
            self.state.turn += 1
            events.append(TurnBegan(self.state.turn))
        events.extend(self._enter(following, new_turn))
        return events

    def _judge_at_limit(self) -> tuple[Side | None, Value, dict[str, Any]]:
        reason = tell("turn limit {limit} reached", limit=self.state.turn_limit or 0)
        judge = self.ruleset.turn_limit_judge
        if judge is None:
            return None, reason, {}
        return judge(self)

    def end_game(
        self, winner: Side | None, reason: Value, details: dict[str, Any] | None = None
    ) -> GameEnded:
        """End the game now with `winner` (None: a draw or no result) and why (a phrase
        for the narrator; the state keeps its English, as saves have always had it)."""
        self.state.scratch["game_over"] = True
        self.state.winner = winner
        info = dict(details or {})
        self.state.scratch["result"] = {
            "winner": None if winner is None else winner.value,
            "reason": english(reason),
            "turn": self.state.turn,
            **info,
        }
        self._occupancy = None
        self.version += 1
        return GameEnded(None if winner is None else winner.value, reason, info)

    def _enter(self, ph: Phase, new_turn: bool) -> list[Event]:
        self.state.phase = ph.id
        events: list[Event] = [PhaseBegan(ph.id, ph.title)]
        for hook in self.ruleset.entry.get(ph.id, ()):
            events.extend(hook(self))
        self._occupancy = None
        self.version += 1
        return events

    def _run_automatic(self) -> list[Event]:
        """Play the phases that play themselves, until a player has something to do."""
        events: list[Event] = []
        guard = 0
        while self.phase.automatic and not self.state.pending and not self.over:
            for hook in self.ruleset.work.get(self.state.phase, ()):
                events.extend(hook(self))
                self._occupancy = None
                self.version += 1
                if self.state.pending or self.over:
                    break
            if self.state.pending or self.over:
                break
            events.extend(self._end_phase())
            guard += 1
            if guard > 100:  # twelve phases a turn: a loop here is an engine bug
                raise RuntimeError("automatic phases do not end")
        return events

    # -- iteration helpers -----------------------------------------------------------

    def living_units(self, side: Side | None = None) -> Iterator[Unit]:
        for unit in self.state.units.values():
            if unit.alive and unit.hex is not None and (side is None or unit.side is side):
                yield unit


def hidden_seed(seed: int, unit: str) -> int:
    """The seed of hidden `unit`'s own dice in an action whose dice have `seed`."""
    digest = hashlib.blake2b(f"{seed}:{unit}".encode(), digest_size=8, person=b"dn-hidden")
    return int.from_bytes(digest.digest(), "big")


def _reveals(event: Event) -> bool:
    return isinstance(event, Revealed)
