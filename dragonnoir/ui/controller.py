"""The hotseat client's input logic, without pygame ("Hotseat client", section 3: Acting).

`Controller(game, viewer_side)` turns the screen's clicks, hovers and commands into
actions, and gives the screen what to draw: `overlays()` (reachable hexes, paths, jump
targets, chosen shooters / attackers / defenders, the line of fire), `preview()` (the
numbers before confirming), `prompt()` (the question of a pending decision and its
choices) and `message()` (the last feedback, e.g. the engine's refusal and its rule).

Rules are never computed here: every action goes through `Game.apply` (after
`Game.explain`, whose refusal is shown and changes nothing), and every number comes
from the engine's own functions (`legal_destinations`, `explain_shot`,
`Game.explain(Attack)`, `advance_options`, `legal_actions`). Hidden information is
filtered through `ui.visibility.visible_to` for `viewer_side`. The screen's contract is
docs/client-controller.md.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from dragonnoir.engine.actions import (
    Action,
    Advance,
    Attack,
    CastSpell,
    ChooseCasualty,
    Declare,
    DeclineSpells,
    Deploy,
    DestroyWeb,
    EndPhase,
    EnterMap,
    EnterPassage,
    Fire,
    Fly,
    Jump,
    LeaveMap,
    Move,
    Pass,
    ResolveCombat,
    Retreat,
    SailBoat,
    WithdrawAttack,
)
from dragonnoir.engine.events import DecisionRequested, Event
from dragonnoir.engine.explain import Explanation, IllegalAction, refused
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import (
    boats,
    combat_declared,
    combat_results,
    fire,
    flight,
    magic,
    movement,
)
from dragonnoir.engine.rules.combat_odds import check_attacker
from dragonnoir.engine.spell_book import Spell, Target
from dragonnoir.engine.state import AccessoryKind, Decision, Side, Unit
from dragonnoir.hexmap.hexes import Hex, line
from dragonnoir.ui import placement
from dragonnoir.ui.visibility import WEB_RULE_SUFFIX, Visibility, visible_to

T = TypeVar("T")

#: Decision kinds answered by choosing shooters (and a target) like offensive fire.
FIRE_DECISIONS = frozenset({"defensive_fire", fire.UNMOVED_DECISION})

#: What is said instead of a line-of-fire reason that would reveal a hidden web.
HIDDEN_REASON = ("there is no line of fire", fire.R_LINE)

#: Commands `Controller.command` understands (keys and buttons of the screen).
COMMANDS = (
    "cast",
    "fire",
    "attack",
    "move",
    "confirm",
    "cancel",
    "end_phase",
    "undo",
    "pass",
    "rotate",
    "rotate_back",
    "between_legs",
    "leave_map",
    "enter_passage",
)

#: Prompt kinds that list characters to choose (deployment, reinforcements): a choice
#: selects the character; the click on a hex then places him.
PLACING_PROMPTS = frozenset({"deploy", "reinforcements"})


#: Spell counters that have an orientation the player turns with R while placing.
GALLERY_COUNTERS = frozenset(
    {"gallery_straight_1", "gallery_straight_2", "gallery_curved_1", "gallery_crossing"}
)


class Mode(StrEnum):
    """What clicks on the map mean now."""

    IDLE = "idle"  # nothing chosen: a click selects (what depends on the phase)
    MOVE = "move"  # a character is selected: his reachable hexes and jumps are shown
    FIRE = "fire"  # choosing shooters and a target
    ATTACK = "attack"  # choosing attackers and defenders (or a web to destroy)
    SPELL = "spell"  # a wizard's spell: his spell book, then its targets ("Magic")
    DECISION = "decision"  # answering the pending decision (see `prompt()`)
    CONFIRM = "confirm"  # an action is ready: `confirm` applies it, clicks still edit it
    OVER = "over"  # the game is over


@dataclass(frozen=True, slots=True)
class Message:
    """Feedback for the player: an engine refusal (`refused`, with its `rule`) or what
    was done."""

    text: str
    rule: str = ""
    refused: bool = False

    def __str__(self) -> str:
        cite = f" [{self.rule}]" if self.rule else ""
        return f"{'Not allowed: ' if self.refused else ''}{self.text}{cite}"


# -- what the screen draws ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reach:
    """A hex the selected character may end his move on (`legal_destinations`).

    `web_stop` is shown only to a viewer who may see the web (else None)."""

    hex: Hex
    level: float
    cost: int
    rolls: int
    path: tuple[Hex, ...]
    facings: tuple[int, ...] = ()
    web_stop: Hex | None = None


@dataclass(frozen=True, slots=True)
class JumpOption:
    """A hex the selected daredevil may jump to (the engine's `explain(Jump)`)."""

    hex: Hex
    cost: int
    rolls: int
    direction: str


@dataclass(frozen=True, slots=True)
class SailOption:
    """Where the selected passenger may row his boat ("Movement by Boat"): the action,
    the hexes it counts and the boat's two hexes at the end (stern, bow)."""

    action: SailBoat
    cost: int
    budget: int
    boat: tuple[Hex, Hex]


@dataclass(frozen=True, slots=True)
class LineView:
    """A line of fire to draw: map-pixel segment, hexes and sides it crosses."""

    shooter: str
    target: str
    possible: bool
    start: tuple[float, float]
    end: tuple[float, float]
    range: int
    crossed_hexes: tuple[Hex, ...]
    crossed_edges: tuple[tuple[tuple[Hex, Hex], str | None], ...]
    blockers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Overlays:
    """Everything the screen draws over the map for the current mode."""

    mode: Mode
    hover: Hex | None = None
    #: The character being moved, or the one answering a retreat / advance.
    unit: str | None = None
    reachable: dict[Hex, Reach] = field(default_factory=dict)
    jumps: dict[Hex, JumpOption] = field(default_factory=dict)
    #: Boat journeys of the selected passenger, by the hex the boat's leading end ends on.
    sails: dict[Hex, SailOption] = field(default_factory=dict)
    #: The path under the mouse (hexes entered, in order) and where it starts.
    path: tuple[Hex, ...] = ()
    path_start: Hex | None = None
    #: A Queen's or Guard's chosen end orientation (`rotate`), else None.
    facing: int | None = None
    shooters: tuple[str, ...] = ()
    target: str | None = None
    #: Characters that may be clicked to add as shooters / enemies that may be aimed at.
    shooter_candidates: tuple[str, ...] = ()
    target_candidates: tuple[str, ...] = ()
    lines: tuple[LineView, ...] = ()
    attackers: tuple[str, ...] = ()
    defenders: tuple[str, ...] = ()
    attacker_candidates: tuple[str, ...] = ()
    defender_candidates: tuple[str, ...] = ()
    between_legs: bool = False
    #: A spider web chosen for destruction.
    web: Hex | None = None
    #: Webs the acting adventurers could destroy now (known to the viewer).
    webs: tuple[Hex, ...] = ()
    #: Hexes a click answers the pending decision on; `routes`: retreat or advance paths
    #: of the unit answering, the hexes clicked so far in `route`.
    choice_hexes: frozenset[Hex] = frozenset()
    routes: tuple[tuple[Hex, ...], ...] = ()
    route: tuple[Hex, ...] = ()
    #: A wizard's spell being aimed: the hexes within his range, the targets chosen.
    spell_range: frozenset[Hex] = frozenset()
    spell_targets: tuple[Hex, ...] = ()
    #: The combats declared this phase, drawn as arrows with their odds (ruling 2).
    planned: tuple[PlannedCombat, ...] = ()
    #: Hexes two living characters share: the phase may not end so ("Stacking").
    stacked: tuple[Hex, ...] = ()
    #: The deployment or entry zone of the characters the acting side has to place
    #: (the hexes the selected one may take now are `choice_hexes`).
    zone: frozenset[Hex] = frozenset()

    @property
    def selected(self) -> tuple[str, ...]:
        """Every character to draw as selected."""
        out = [*self.shooters, *self.attackers]
        if self.unit is not None:
            out.insert(0, self.unit)
        return tuple(dict.fromkeys(out))


@dataclass(frozen=True, slots=True)
class MovePreview:
    """A move, jump, advance or retreat before it is made."""

    kind: str  # "move", "jump", "advance", "retreat", "row" (boat hexes), "fly" (hexes)
    unit: str
    to: Hex
    path: tuple[Hex, ...]
    cost: int
    rolls: int
    legal: bool = True
    reason: str = ""
    rule: str = ""
    facing: int | None = None
    direction: str = ""  # a jump: "up" or "down"

    def lines(self) -> list[str]:
        out = [f"{self.kind} {self.unit}: {self.cost} MP"]
        if self.rolls:
            out.append(f"{self.rolls} infiltration roll(s)")
        if self.direction:
            out.append(f"jump {self.direction}: the Jump Table is rolled")
        if not self.legal:
            out.append(f"not allowed: {self.reason} [{self.rule}]")
        return out


@dataclass(frozen=True, slots=True)
class ShotView:
    """One shot before the die (`fire.explain_shot`), hidden information removed."""

    shooter: str
    target: str
    legal: bool
    reason: str
    rule: str
    weapon: str = ""
    range: int = 0
    cover: str = ""
    cover_why: tuple[tuple[str, str], ...] = ()
    modifiers: tuple[tuple[int, str, str], ...] = ()
    die_modifier: int = 0
    probabilities: dict[str, float] = field(default_factory=dict)
    result_names: dict[str, str] = field(default_factory=dict)
    line: LineView | None = None

    def chance(self, code: str) -> float:
        return self.probabilities.get(code, 0.0)

    def lines(self) -> list[str]:
        out = [f"{self.shooter} -> {self.target}: {self.weapon}, range {self.range}"]
        out.append(f"cover: {self.cover}")
        out.extend(f"  {reason} [{rule}]" for reason, rule in self.cover_why)
        out.extend(f"  {value:+d} {reason} [{rule}]" for value, reason, rule in self.modifiers)
        chances = ", ".join(
            f"{code} {self.result_names.get(code, code)} {p:.0%}"
            for code, p in self.probabilities.items()
        )
        out.append(chances)
        if not self.legal:
            out.append(f"not allowed: {self.reason} [{self.rule}]")
        return out


@dataclass(frozen=True, slots=True)
class ShotPreview:
    """A `Fire` before it is made: one `ShotView` per shooter (one die each)."""

    shooters: tuple[str, ...]
    target: str
    mode: str
    legal: bool
    reason: str
    rule: str
    shots: tuple[ShotView, ...]
    kind: str = "fire"

    def lines(self) -> list[str]:
        out: list[str] = [f"{self.mode} fire at {self.target}"]
        for shot in self.shots:
            out.extend(shot.lines())
        if not self.legal:
            out.append(f"not allowed: {self.reason} [{self.rule}]")
        return out


@dataclass(frozen=True, slots=True)
class ShiftView:
    """A column shift, why, and the column the odds stand at after it (the shifts so far
    summed, clamped to the table)."""

    columns: int
    reason: str
    column_after: str


@dataclass(frozen=True, slots=True)
class AttackPreview:
    """An `Attack` before the die (`Game.explain(Attack).details`)."""

    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    legal: bool
    reason: str
    rule: str
    attack: int = 0
    attack_parts: tuple[tuple[str, int, str], ...] = ()
    defence: int = 0
    defence_parts: tuple[tuple[str, int, str], ...] = ()
    ratio: str = ""
    odds: str = ""
    shifts: tuple[ShiftView, ...] = ()
    column: str = ""
    die_modifiers: tuple[tuple[int, str], ...] = ()
    die_modifier: int = 0
    probabilities: dict[str, float] = field(default_factory=dict)
    result_names: dict[str, str] = field(default_factory=dict)
    zone: str | None = None
    between_legs: bool = False
    joined: tuple[str, ...] = ()
    kind: str = "attack"
    #: The engine's readings that bear on this attack, in words, each with its section.
    notes: tuple[tuple[str, str], ...] = ()

    def lines(self) -> list[str]:
        out = [f"attack {self.attack} ({', '.join(w for _, _, w in self.attack_parts)})"]
        out.append(f"defence {self.defence} ({', '.join(w for _, _, w in self.defence_parts)})")
        if self.ratio:
            out.append(self.ratio)
        if self.odds:
            out.append(f"odds {self.odds}")
        out.extend(f"  {s.columns:+d} -> {s.column_after}: {s.reason}" for s in self.shifts)
        if self.column:
            out.append(f"column {self.column}")
        out.extend(f"  die {v:+d}: {why}" for v, why in self.die_modifiers)
        if self.probabilities:
            out.append(
                ", ".join(
                    f"{code} {self.result_names.get(code, code)} {p:.0%}"
                    for code, p in self.probabilities.items()
                )
            )
        out.extend(f"note: {text} [{rule}]" for text, rule in self.notes)
        if not self.legal:
            out.append(f"not allowed: {self.reason} [{self.rule}]")
        return out


@dataclass(frozen=True, slots=True)
class WebPreview:
    """A `DestroyWeb` before it is made."""

    unit: str
    at: Hex
    legal: bool
    reason: str
    rule: str
    cost: int = 0
    budget: int = 0
    kind: str = "destroy_web"

    def lines(self) -> list[str]:
        out = [f"{self.unit} destroys the web: {self.cost} MP of {self.budget}"]
        if not self.legal:
            out.append(f"not allowed: {self.reason} [{self.rule}]")
        return out


@dataclass(frozen=True, slots=True)
class SpellPreview:
    """A `CastSpell` before it is made (the engine's `explain`): the chance of success
    and why ("Resolution of a Spell", "Range of Action")."""

    wizard: str
    spell: str
    name: str
    text: str
    legal: bool
    reason: str
    rule: str
    cost: int = 0
    energy: int = 0
    needs: int = 0
    level: int = 0
    penalty: int = 0
    distance: int = 0
    reach: int = 0
    chance: float = 0.0
    kind: str = "spell"

    def lines(self) -> list[str]:
        out = [f"{self.wizard} casts {self.name}: {self.cost} EP of {self.energy}"]
        if self.legal:
            out.append(f"success {self.chance:.0%}")
        else:
            out.append(f"not allowed: {self.reason} [{self.rule}]")
        return out


Preview = MovePreview | ShotPreview | AttackPreview | WebPreview | SpellPreview


@dataclass(frozen=True, slots=True)
class PlannedCombat:
    """A declared combat as the map shows it: arrows from the attackers' hexes to the
    defenders', its number and odds column, and whether it is still to be resolved."""

    number: int
    attackers: tuple[Hex, ...]
    defenders: tuple[Hex, ...]
    label: str
    status: str


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal answer to a decision: a button label, the action, the unit and hexes to
    highlight (a click on them answers)."""

    label: str
    action: Action
    unit: str | None = None
    hexes: tuple[Hex, ...] = ()


@dataclass(frozen=True, slots=True)
class Prompt:
    """The pending decision: who answers, the question, the legal answers."""

    kind: str
    side: Side
    question: str
    choices: tuple[Choice, ...]
    can_pass: bool
    #: The unit whose retreat / advance is being chosen, and the hexes clicked so far.
    unit: str | None = None
    route: tuple[Hex, ...] = ()


# -- the controller ----------------------------------------------------------------------------


class Controller:
    """The input state machine of the game screen (no pygame).

    `viewer_side`: whose eyes the screen shows (hidden information of the other side is
    never exposed); None shows everything. With `follow_to_act=True` the viewer is
    always the side to act (hotseat: the hand-over screen changes the eyes).
    `confirm_moves=True`: a click on a destination stages the move (mode `CONFIRM`);
    by default it moves at once (the hover already shows cost, rolls and path).
    """

    def __init__(
        self,
        game: Game,
        viewer_side: Side | None = None,
        *,
        follow_to_act: bool = False,
        confirm_moves: bool = False,
    ) -> None:
        self.game = game
        self.viewer_side = viewer_side
        self.follow_to_act = follow_to_act
        self.confirm_moves = confirm_moves
        #: Events of the last action applied through the controller.
        self.last_events: list[Event] = []
        self._msg: Message | None = None
        self._hover: Hex | None = None
        self._memo: dict[Any, Any] = {}
        self._seen: tuple[int, int] = (0, -1)
        self._clear()
        self._sync()

    # -- state ---------------------------------------------------------------------------

    def _clear(self) -> None:
        self._build = "idle"  # idle / move / fire / attack
        self._unit: str | None = None
        self._shooters: list[str] = []
        self._target: str | None = None
        self._attackers: list[str] = []
        self._defenders: list[str] = []
        self._legs = False
        self._web: Hex | None = None
        self._route: list[Hex] = []
        self._facing: int | None = None
        self._staged: Action | None = None
        self._wizard: str | None = None
        self._spell: str | None = None
        self._spell_targets: list[str] = []
        self._memo = {}

    def _key(self) -> tuple[int, int]:
        return (id(self.game.state), len(self.game.history))

    def _sync(self) -> None:
        """Drop the selection when the game changed behind our back (undo, a load)."""
        if self._key() != self._seen:
            self._clear()
            self._seen = self._key()
            self._prepare_decision()

    def reset(self, game: Game | None = None) -> None:
        """Forget the selection (and switch to `game`, e.g. after a load)."""
        if game is not None:
            self.game = game
        self._clear()
        self._seen = self._key()
        self._prepare_decision()

    def _prepare_decision(self) -> None:
        decision = self._decision()
        if decision is None:
            return
        if decision.kind == "defensive_fire":
            self._target = str(decision.data.get("unit"))
        elif decision.kind in ("retreat", "advance"):
            units = list(combat_results.iter_decision_units(decision))
            if len(units) == 1:
                self._unit = units[0]

    def _memoised(self, key: Any, make: Callable[[], T]) -> T:
        if key not in self._memo:
            self._memo[key] = make()
        value: T = self._memo[key]
        return value

    def _touched(self) -> None:
        self._memo = {}

    @property
    def viewer(self) -> Side | None:
        if self.follow_to_act:
            return self.game.to_act()
        return self.viewer_side

    def visibility(self) -> Visibility:
        return self._memoised(("vis", self.viewer), lambda: visible_to(self.game, self.viewer))

    def _decision(self) -> Decision | None:
        if self.game.over or not self.game.state.pending:
            return None
        return self.game.state.pending[0]

    @property
    def mode(self) -> Mode:
        self._sync()
        if self.game.over:
            return Mode.OVER
        if self._staged_action() is not None:
            return Mode.CONFIRM
        if self._build == "spell":
            return Mode.SPELL
        if self._decision() is not None:
            return Mode.DECISION
        return {
            "move": Mode.MOVE,
            "deploy": Mode.MOVE,
            "enter": Mode.MOVE,
            "fire": Mode.FIRE,
            "attack": Mode.ATTACK,
            "spell": Mode.SPELL,
        }.get(self._build, Mode.IDLE)

    @property
    def building(self) -> str:
        """What clicks are building: idle / move / fire / attack / the decision's kind."""
        decision = self._decision()
        return decision.kind if decision is not None else self._build

    def staged(self) -> Action | None:
        """The action `confirm` would apply, or None."""
        self._sync()
        return self._staged_action()

    def _staged_action(self) -> Action | None:
        if self._staged is not None:
            return self._staged
        if self._build == "spell":
            return self._spell_action()
        if self._shooters and self._target is not None and self._fire_allowed_now():
            return Fire(tuple(self._shooters), self._target)
        if self._attackers and self._defenders and self._build == "attack":
            return Attack(tuple(self._attackers), tuple(self._defenders), self._legs)
        if self._web is not None and len(self._attackers) == 1 and self._build == "attack":
            return DestroyWeb(self._attackers[0], self._web)
        return None

    def _hovered_move(self) -> Action | None:
        """What Enter does in the move mode without a staged action: row the boat or
        move to the hovered hex — the way to end on a friend's hex, where a click
        chooses the friend instead (Stacking is checked at the phase's end)."""
        if self._build != "move" or self._unit is None or self._hover is None:
            return None
        sail = self._sails().get(self._hover)
        if sail is not None:
            return sail.action
        reach = self._reach().get(self._hover)
        return None if reach is None else self._move_action(reach)

    def _fire_allowed_now(self) -> bool:
        decision = self._decision()
        if decision is not None:
            return decision.kind in FIRE_DECISIONS
        return self._build == "fire"

    def _fire_mode(self) -> str:
        decision = self._decision()
        if decision is not None and decision.kind in FIRE_DECISIONS:
            return fire.DEFENSIVE
        return fire.current_mode(self.game) or fire.OFFENSIVE

    # -- feedback --------------------------------------------------------------------------

    def message(self) -> Message | None:
        """The last feedback (a refusal with its rule, or what was done)."""
        return self._msg

    def _say(self, text: str, rule: str = "", *, refused: bool = False) -> None:
        self._msg = Message(" ".join(text.split()), rule, refused)

    def _refuse(self, verdict: Explanation, context: Iterable[Hex] = ()) -> None:
        reason, rule = self._redact(verdict.reason, verdict.rule, context)
        self._say(reason, rule, refused=True)

    def _secret(self, reason: str, rule: str, context: Iterable[Hex] = ()) -> bool:
        """Would this reason tell the viewer of a spider web hidden from him?"""
        vis = self.visibility()
        if not vis.hidden_webs:
            return False
        if not (rule.endswith(WEB_RULE_SUFFIX) or "spider web" in reason.lower()):
            return False
        if vis.any_hidden_web(context):
            return True
        return any(self.game.where(h) in reason for h in vis.hidden_webs)

    def _redact(self, reason: str, rule: str, context: Iterable[Hex] = ()) -> tuple[str, str]:
        if self._secret(reason, rule, tuple(context)):
            return HIDDEN_REASON
        return reason, rule

    def hint(self) -> str:
        """One line for the phase bar: what the player may do now."""
        mode = self.mode
        game = self.game
        if mode is Mode.OVER:
            return "the game is over"
        if mode is Mode.CONFIRM:
            return "confirm (Enter) or cancel (right click); clicks still change the choice"
        if self._build == "deploy" and self._unit is not None:
            return f"click a highlighted hex to place {self._unit}; right click to choose another"
        if self._build == "enter" and self._unit is not None:
            return f"click a highlighted entry hex to bring {self._unit} in; right click to cancel"
        prompt = self.prompt()
        if prompt is not None and prompt.kind == "deploy":
            if prompt.choices:
                return "choose a character (panel or a zone hex), then a highlighted hex"
            return "everyone is placed: End phase (E), or click one to pick him up"
        if prompt is not None and prompt.kind == "leave" and mode is Mode.MOVE:
            return (
                "click a highlighted hex to move there, or a button (X: leave the map, "
                "D: go down) to take him off the map"
            )
        if prompt is not None and prompt.kind == "reinforcements" and not prompt.choices:
            prompt = None  # only a list of who comes later: the phase's own hint
        if prompt is not None and (prompt.kind != "combats" or mode is not Mode.ATTACK):
            return prompt.question
        if mode is Mode.MOVE:
            return "click a highlighted hex to move there; right click to cancel"
        if mode is Mode.FIRE:
            return "click archers to choose the shooters, then an enemy as the target"
        if mode is Mode.ATTACK:
            return "click your attackers, then the enemies they attack (or a web)"
        actions = game.phase.actions
        if "Move" in actions:
            return "click a character to move him; End phase when done"
        if "Fire" in actions:
            return "click an archer or a target to fire; End phase when done"
        if "Attack" in actions:
            return "click a character or an enemy to attack; End phase when done"
        return "End phase when done"

    # -- the one door ----------------------------------------------------------------------

    def _apply(self, action: Action, context: Iterable[Hex] = ()) -> list[Event] | None:
        """`Game.explain` then `Game.apply`; a refusal is shown and changes nothing."""
        verdict = self.game.explain(action)
        if not verdict.legal:
            self._refuse(verdict, context)
            self._touched()
            return None
        try:
            events = self.game.apply(action)
        except IllegalAction as exc:  # pragma: no cover - explain and apply agree
            self._refuse(exc.explanation, context)
            return None
        self.last_events = events
        build = self._build
        self._clear()
        self._seen = self._key()
        if build in ("fire", "attack") and self._decision() is None and self._phase_allows(build):
            self._build = build  # go on choosing the next shot or attack
        self._prepare_decision()
        if build == "deploy" and self._decision() is None:
            self._select_next_to_deploy()
        reason, rule = self._redact(verdict.reason, verdict.rule, context)
        self._say(reason, rule)
        return events

    def _phase_allows(self, build: str) -> bool:
        wanted = {"fire": "Fire", "attack": "Attack", "move": "Move"}[build]
        return wanted in self.game.phase.actions

    # -- inputs ----------------------------------------------------------------------------

    def hover_hex(self, h: Hex | None) -> None:
        """The mouse is over `h` (None: off the map)."""
        self._sync()
        self._hover = h

    def click_hex(
        self, h: Hex, *, button: str = "left", modifiers: frozenset[str] = frozenset()
    ) -> list[Event] | None:
        """A click on the map. Returns the events when it made an action, else None.

        Right button: `cancel`. `modifiers` is reserved (shift-clicks)."""
        self._sync()
        self._hover = h
        if button == "right":
            self.command("cancel")
            return None
        if button != "left":
            return None
        if self.game.over:
            self._say("the game is over", refused=True)
            return None
        if h not in self.game.board.cells:
            return None
        self._touched()
        if self._staged is not None:
            return self._click_staged(h)
        if self._build == "spell":
            return self._click_spell(h)
        decision = self._decision()
        if decision is not None:
            return self._click_decision(decision, h)
        if self._build == "move":
            return self._click_move(h)
        if self._build in ("deploy", "enter"):
            return self._click_place(h)
        if self._build == "fire":
            return self._click_fire(h, None)
        if self._build == "attack":
            return self._click_attack(h)
        return self._click_idle(h)

    def command(self, name: str) -> list[Event] | None:
        """A key or button: see `COMMANDS`. Returns the events when it made an action."""
        self._sync()
        self._touched()
        if name == "cancel":
            self._cancel()
            return None
        if name == "undo":
            if self.game.undo():
                self.reset()
                self._say("undone")
            else:
                self._say("nothing to undo: undo stops at the last die roll or reveal")
            return None
        if self.game.over:
            self._say("the game is over", refused=True)
            return None
        if name == "confirm":
            action = self._staged_action() or self._hovered_move()
            if action is None:
                self._say("nothing to confirm yet", refused=True)
                return None
            return self._apply(action, self._context(action))
        if name == "end_phase":
            return self._apply(EndPhase())
        if name == "pass":
            return self._apply(Pass())
        if name == "cast":
            self._start_spell()
            return None
        if name in ("fire", "attack"):
            self._enter(name, Fire((), "") if name == "fire" else Attack((), ()))
            return None
        if name == "move":
            if self._decision() is None and "Move" in self.game.phase.actions:
                self._clear()  # idle: a click on a character selects him
                return None
            self._refuse(self.game.explain(Move("", ())))
            return None
        if name in ("rotate", "rotate_back"):
            self._rotate(1 if name == "rotate" else -1)
            return None
        if name in ("leave_map", "enter_passage"):
            return self._way_out(name)
        if name == "between_legs":
            if self._build != "attack":
                self._say("between the legs is an attack option: press attack first", refused=True)
                return None
            self._legs = not self._legs
            return None
        self._say(f"unknown command {name!r}", refused=True)
        return None

    def choose(self, index: int) -> list[Event] | None:
        """Answer the pending decision with `prompt().choices[index]` (buttons)."""
        prompt = self.prompt()
        if prompt is None or not 0 <= index < len(prompt.choices):
            self._say("there is no such choice", refused=True)
            return None
        action = prompt.choices[index].action
        if prompt.kind in PLACING_PROMPTS and prompt.choices[index].unit is not None:
            self._clear()  # choose the character; a click on a hex places him
            self._build = "deploy" if prompt.kind == "deploy" else "enter"
            self._unit = prompt.choices[index].unit
            self._msg = None
            return None
        if prompt.kind == "spell_book" and isinstance(action, CastSpell):
            self._spell = action.spell  # now aim it (or confirm it: self, the map)
            self._spell_targets = []
            self._memo = {}
            return None
        return self._apply(action)

    # -- commands ----------------------------------------------------------------------------

    def _enter(self, build: str, probe: Action) -> None:
        decision = self._decision()
        if decision is not None:
            if build == "fire" and decision.kind in FIRE_DECISIONS:
                return
            self._refuse(self.game.explain(probe))
            return
        if probe.kind not in self.game.phase.actions:
            self._refuse(self.game.explain(probe))  # the phase's refusal, with its rule
            return
        self._clear()
        self._build = build

    def _cancel(self) -> None:
        if self._staged is not None:
            self._staged = None
        elif self._route:
            self._route.pop()
        elif self._decision() is not None:
            decision = self._decision()
            keep_target = self._target if decision and decision.kind == "defensive_fire" else None
            self._shooters, self._target = [], keep_target
            if decision is not None and len(list(combat_results.iter_decision_units(decision))) > 1:
                self._unit = None
        else:
            self._clear()
        self._msg = None

    def _rotate(self, step: int) -> None:
        if self._build in ("deploy", "enter"):  # a Queen's or Guard's facing as placed
            self._facing = ((self._facing or 0) + step) % 6
            self._memo = {}
            return
        spell = self._chosen_spell() if self._build == "spell" else None
        if spell is not None and spell.counter in GALLERY_COUNTERS:
            self._facing = ((self._facing or 0) + step) % 6  # the gallery's orientation
            self._memo = {}
            return
        if self._build != "move" or self._unit is None:
            self._say("select a Queen or a Guard first", refused=True)
            return
        reach = self._reach()
        options: tuple[int, ...] = ()
        if self._hover is not None and self._hover in reach:
            options = reach[self._hover].facings
        if not options:
            options = tuple(sorted({f for r in reach.values() for f in r.facings}))
        if not options:
            self._say(
                "only the Queen and her Guards choose an orientation", "Movement", refused=True
            )
            return
        current = self._facing if self._facing in options else options[0]
        self._facing = options[(options.index(current) + step) % len(options)]

    # -- clicks outside decisions ----------------------------------------------------------

    def _units_at(self, h: Hex) -> list[Unit]:
        """The visible characters on `h`, living and standing first."""
        units = [u for u in self.visibility().units_at(self.game, h) if u.hex is not None]
        return sorted(units, key=lambda u: (not u.alive, not u.standing, u.id))

    def _own_at(self, h: Hex, side: Side | None) -> Unit | None:
        return next((u for u in self._units_at(h) if u.side is side and u.alive), None)

    def _enemy_at(self, h: Hex, side: Side | None) -> Unit | None:
        return next((u for u in self._units_at(h) if u.side is not side and u.alive), None)

    def _click_idle(self, h: Hex) -> list[Event] | None:
        game = self.game
        side = game.to_act()
        actions = game.phase.actions
        own = self._own_at(h, side)
        enemy = self._enemy_at(h, side)
        if "Deploy" in actions:
            return self._click_deploy_idle(h, own)
        if "Move" in actions:
            if own is not None:
                return self._select_mover(own)
            anyone = own or enemy
            if anyone is not None:
                self._refuse(game.explain(Move(anyone.id, ())))
            return None
        if "Fire" in actions and (own is not None or enemy is not None):
            self._build = "fire"
            events = self._click_fire(h, None)
        elif "Attack" in actions and (own is not None or enemy is not None or self._web_here(h)):
            self._build = "attack"
            events = self._click_attack(h)
        else:
            return None
        if not (self._shooters or self._target or self._attackers or self._defenders):
            self._build = "idle"  # a refused first click leaves nothing chosen
        return events

    def _select_mover(self, unit: Unit) -> list[Event] | None:
        reach = self._reach(unit.id)
        jumps = self._jumps(unit.id)
        if not reach and not jumps and not self._sails(unit.id):
            verdict = self.game.explain(Move(unit.id, ()))
            if verdict.legal or "at least one hex" in verdict.reason:
                self._say(f"{unit.id} has no hex within reach", movement.R_MOVEMENT, refused=True)
            else:
                self._refuse(verdict)
            return None
        self._clear()
        self._build = "move"
        self._unit = unit.id
        return None

    def _reach(self, uid: str | None = None) -> dict[Hex, Reach]:
        uid = uid or self._unit
        if uid is None:
            return {}

        def make() -> dict[Hex, Reach]:
            vis = self.visibility()
            out: dict[Hex, Reach] = {}
            for h, d in movement.legal_destinations(self.game, uid).items():
                out[h] = Reach(
                    d.hex,
                    d.level,
                    d.cost,
                    d.rolls,
                    d.path,
                    d.facings,
                    None if vis.hidden_webs else d.web_stop,
                )
            return out

        return self._memoised(("reach", uid), make)

    def _jumps(self, uid: str | None = None) -> dict[Hex, JumpOption]:
        uid = uid or self._unit
        if uid is None:
            return {}

        def make() -> dict[Hex, JumpOption]:
            unit = self.game.state.units[uid]
            out: dict[Hex, JumpOption] = {}
            if unit.hex is None or "Jump" not in self.game.phase.actions:
                return out
            for to in unit.hex.neighbours():
                if to not in self.game.board.cells:
                    continue
                verdict = self.game.explain(Jump(uid, to))
                if verdict.legal:
                    d = verdict.details
                    out[to] = JumpOption(
                        to, int(d.get("cost", 0)), int(d.get("rolls", 0)), str(d.get("direction"))
                    )
            # A Gargoyle's flights ("The Spectres"), shown like jumps: F<hexes>.
            for h, path in flight.flights(self.game, unit).items():
                out.setdefault(h, JumpOption(h, len(path), 0, "fly"))
            return out

        return self._memoised(("jumps", uid), make)

    def _sails(self, uid: str | None = None) -> dict[Hex, SailOption]:
        uid = uid or self._unit
        if uid is None:
            return {}

        def make() -> dict[Hex, SailOption]:
            game = self.game
            unit = game.state.units[uid]
            out: dict[Hex, SailOption] = {}
            if "SailBoat" not in game.phase.actions or unit.hex is None:
                return out
            boat = boats.boat_of(game, unit)
            if boat is None:
                return out
            budget = boats.rower_budget(game, unit, boat)
            if isinstance(budget, Explanation):
                return out
            for action in boats.voyages(game, unit, boat, budget[0]):
                voyage = boats.sail(game, boat, action.path, action.backward)
                if isinstance(voyage, str):
                    continue
                end = action.path[-1]
                old = out.get(end)
                if old is None or voyage.cost < old.cost:
                    out[end] = SailOption(action, voyage.cost, budget[0], voyage.positions[-1])
            return out

        return self._memoised(("sails", uid), make)

    def _move_action(self, reach: Reach) -> Move:
        assert self._unit is not None
        if not reach.facings:
            return Move(self._unit, reach.path)
        facing = self._facing if self._facing in reach.facings else reach.facings[0]
        return Move(self._unit, reach.path, facing)

    def _click_move(self, h: Hex) -> list[Event] | None:
        assert self._unit is not None
        unit = self.game.state.units[self._unit]
        friend = self._own_at(h, self.game.to_act())
        if friend is not None and friend.id != unit.id:
            # A click on a friend chooses him; a move may still end on his hex
            # (Stacking is checked at the end of the phase): hover it and confirm.
            return self._select_mover(friend)
        sail_first = self._sails().get(h)
        if sail_first is not None:  # a passenger on a hex his boat can reach rows there
            return self._do(sail_first.action)
        reach = self._reach().get(h)
        if reach is not None:
            action = self._move_action(reach)
            if reach.path or action.facing != unit.facing:
                return self._do(action)
        jump = self._jumps().get(h)
        if jump is not None and jump.direction == "fly":
            path = flight.flights(self.game, unit).get(h)
            if path is not None:
                return self._do(Fly(unit.id, path))
        if jump is not None:
            return self._do(Jump(unit.id, h))
        side = self.game.to_act()
        own = self._own_at(h, side)
        if own is not None and own.id != unit.id:
            return self._select_mover(own)
        if own is not None or (unit.hex is not None and h == unit.hex):
            self._clear()  # a click on the selected character lets him go
            self._msg = None
            return None
        assert unit.hex is not None
        # The reason that decides it: the cheapest path's cost, or what closes every way
        # (issue 8, ruling 8) — not the first obstacle on a straight line.
        verdict = movement.why_not_reach(self.game, unit.id, h)
        if verdict.legal:
            self._say(
                f"{unit.id} cannot end his move on {self.game.where(h)}",
                movement.R_STACKING,
                refused=True,
            )
        else:
            self._refuse(verdict, (h,))
        return None

    def _do(self, action: Action) -> list[Event] | None:
        """Apply a click's action, or stage it when moves are confirmed."""
        if self.confirm_moves:
            verdict = self.game.explain(action)
            if not verdict.legal:
                self._refuse(verdict)
                return None
            self._staged = action
            return None
        return self._apply(action)

    def _click_staged(self, h: Hex) -> list[Event] | None:
        """In `CONFIRM` after a staged click: the same hex again confirms, another hex
        drops the staged action and counts as a fresh click."""
        staged = self._staged
        self._staged = None
        if staged is not None and h in self._context(staged)[-1:]:
            return self._apply(staged)
        return self.click_hex(h)

    def _context(self, action: Action) -> tuple[Hex, ...]:
        """The hexes an action is about (for redaction and `CONFIRM` clicks)."""
        units = self.game.state.units
        if isinstance(action, Move | Advance | Retreat):
            return tuple(action.path)
        if isinstance(action, Jump):
            return (action.to,)
        if isinstance(action, DestroyWeb):
            return (action.at,)
        if isinstance(action, Fire):
            target = units.get(action.target)
            return () if target is None or target.hex is None else (target.hex,)
        return ()

    # -- fire --------------------------------------------------------------------------------

    def _click_fire(self, h: Hex, targets: list[str] | None) -> list[Event] | None:
        """Choose shooters (the acting side's) and a target. `targets`: the only targets
        allowed by the decision (None: any enemy)."""
        game = self.game
        side = Side.ADVENTURERS if self._decision() is not None else game.to_act()
        own = self._own_at(h, side)
        enemy = self._enemy_at(h, side)
        mode = self._fire_mode()
        if own is not None:
            if own.id in self._shooters:
                self._shooters.remove(own.id)
                return None
            why = fire.shooter_problem(game, own, mode)
            if why is not None:
                self._refuse(why)
                return None
            self._shooters.append(own.id)
            return None
        if enemy is not None:
            if enemy.id == self._target:
                if self._shooters:  # the target clicked again: fire
                    return self._apply(Fire(tuple(self._shooters), enemy.id), (h,))
                self._say(f"click the archers who fire at {enemy.id}")
                return None
            decision = self._decision()
            fixed = decision is not None and decision.kind == "defensive_fire"
            if fixed or (targets is not None and enemy.id not in targets):
                # the decision's own refusal ("defensive fire here is at the moving Krob")
                verdict = game.explain(Fire(tuple(self._shooters) or ("",), enemy.id))
                self._refuse(verdict, (h,))
                return None
            self._target = enemy.id
            return None
        self._say("click an archer to choose him as a shooter, or an enemy as the target")
        return None

    def _shot_views(self, shooters: Iterable[str], target: str) -> tuple[ShotView, ...]:
        mode = self._fire_mode()
        return tuple(self._shot_view(sid, target, mode) for sid in shooters)

    def _shot_view(self, sid: str, tid: str, mode: str) -> ShotView:
        def make() -> ShotView:
            verdict = fire.explain_shot(self.game, sid, tid, mode)
            d = verdict.details
            target = self.game.state.units.get(tid)
            aim = () if target is None or target.hex is None else (target.hex,)
            reason, rule = self._redact(verdict.reason, verdict.rule, aim)
            if "line" not in d:
                return ShotView(sid, tid, verdict.legal, reason, rule)
            why = tuple(
                (str(c["reason"]), str(c["rule"]))
                for c in d.get("cover_why", ())
                if not self._secret(str(c["reason"]), str(c["rule"]), aim)
            )
            return ShotView(
                shooter=sid,
                target=tid,
                legal=verdict.legal,
                reason=reason,
                rule=rule,
                weapon=str(d.get("weapon", "")),
                range=int(d["line"].get("range", 0)),
                cover=str(d.get("cover", "")),
                cover_why=why,
                modifiers=tuple(
                    (int(m["value"]), str(m["reason"]), str(m["rule"]))
                    for m in d.get("modifiers", ())
                ),
                die_modifier=int(d.get("die_modifier", 0)),
                probabilities=dict(d.get("probabilities", {})),
                result_names={k: str(v["name"]) for k, v in d.get("results", {}).items()},
                line=_line_view(sid, tid, d["line"]),
            )

        return self._memoised(("shot", sid, tid, mode), make)

    def _shot_preview(self, fire_action: Fire) -> ShotPreview:
        def make() -> ShotPreview:
            verdict = self.game.explain(fire_action)
            target = self.game.state.units.get(fire_action.target)
            aim = () if target is None or target.hex is None else (target.hex,)
            reason, rule = self._redact(verdict.reason, verdict.rule, aim)
            return ShotPreview(
                fire_action.shooters,
                fire_action.target,
                self._fire_mode(),
                verdict.legal,
                reason,
                rule,
                self._shot_views(fire_action.shooters, fire_action.target),
            )

        return self._memoised(("fire", fire_action), make)

    def _fire_targets(self) -> tuple[str, ...]:
        """Enemies someone may fire at now (or the decision's)."""

        def make() -> tuple[str, ...]:
            decision = self._decision()
            mode = self._fire_mode()
            if decision is not None and decision.kind == "defensive_fire":
                return (str(decision.data.get("unit")),)
            if decision is not None:
                return tuple(str(t) for t in decision.data.get("targets", ()))
            vis = self.visibility()
            return tuple(
                u.id
                for u in sorted(self.game.living_units(), key=lambda u: u.id)
                if u.side is not Side.ADVENTURERS
                and vis.sees_unit(u)
                and fire.eligible_shooters(self.game, u, mode)
            )

        return self._memoised("fire_targets", make)

    def _fire_shooters(self) -> tuple[str, ...]:
        def make() -> tuple[str, ...]:
            mode = self._fire_mode()
            if self._target is not None:
                target = self.game.state.units.get(self._target)
                if target is None:
                    return ()
                return tuple(u.id for u in fire.eligible_shooters(self.game, target, mode))
            return tuple(
                u.id
                for u in sorted(self.game.living_units(Side.ADVENTURERS), key=lambda u: u.id)
                if fire.weapon_rate(self.game, u) is not None
                and fire.shooter_problem(self.game, u, mode) is None
            )

        return self._memoised(("fire_shooters", self._target), make)

    # -- attacks -----------------------------------------------------------------------------

    def _web_here(self, h: Hex) -> bool:
        return h in self._known_webs()

    def _known_webs(self) -> tuple[Hex, ...]:
        """Face-up webs the acting adventurers know of (and the viewer sees)."""
        if (
            self.game.to_act() is not Side.ADVENTURERS
            or "DestroyWeb" not in self.game.phase.actions
        ):
            return ()
        vis = self.visibility()
        return tuple(
            sorted(
                h
                for acc in self.game.state.accessories.values()
                if acc.kind is AccessoryKind.WEB
                and acc.face_up
                and acc.hidden_from is not Side.ADVENTURERS
                and vis.sees_accessory(acc)
                for h in acc.hexes
            )
        )

    def _click_attack(self, h: Hex) -> list[Event] | None:
        game = self.game
        side = game.to_act()
        own = self._own_at(h, side)
        enemy = self._enemy_at(h, side)
        if own is not None:
            if own.id in self._attackers:
                self._attackers.remove(own.id)
                return None
            why = check_attacker(game, own, tuple(self._defenders))
            if why is not None:
                self._refuse(why)
                return None
            self._attackers.append(own.id)
            return None
        if enemy is not None:
            if enemy.id in self._defenders:
                self._defenders.remove(enemy.id)
            else:
                self._defenders.append(enemy.id)
            self._web = None
            return None
        if self._web_here(h):
            if len(self._attackers) != 1 or self._defenders:
                self._say("choose one adventurer, then the web he destroys", refused=True)
                return None
            verdict = game.explain(DestroyWeb(self._attackers[0], h))
            if not verdict.legal:
                self._refuse(verdict)
                return None
            self._web = None if self._web == h else h
            return None
        self._say("click your attackers, then the enemies they attack")
        return None

    def _attack_preview(self, attack: Attack) -> AttackPreview:
        def make() -> AttackPreview:
            verdict = self.game.explain(attack)
            d = verdict.details
            table = self.game.rules.combat
            shifts: list[ShiftView] = []
            odds = str(d.get("odds", ""))
            if odds in table.columns:
                base = table.columns.index(odds)
                running = 0
                for s in d.get("shifts", ()):
                    running += int(s["columns"])
                    after = table.columns[table.shift(base, running)]
                    shifts.append(ShiftView(int(s["columns"]), str(s["reason"]), after))
            return AttackPreview(
                attackers=tuple(d.get("attackers", attack.attackers)),
                defenders=tuple(d.get("defenders", attack.defenders)),
                legal=verdict.legal,
                reason=verdict.reason,
                rule=verdict.rule,
                attack=int(d.get("attack", 0)),
                attack_parts=tuple(
                    (str(p["unit"]), int(p["attack"]), str(p["why"]))
                    for p in d.get("attack_parts", ())
                ),
                defence=int(d.get("defence", 0)),
                defence_parts=tuple(
                    (str(p["unit"]), int(p["defence"]), str(p["why"]))
                    for p in d.get("defence_parts", ())
                ),
                ratio=str(d.get("ratio", "")),
                odds=odds,
                shifts=tuple(shifts),
                column=str(d.get("column", "")),
                die_modifiers=tuple(
                    (int(m["value"]), str(m["reason"])) for m in d.get("die_modifiers", ())
                ),
                die_modifier=int(d.get("die_modifier", 0)),
                probabilities=dict(d.get("probabilities", {})),
                result_names={r.code: r.name for r in table.results},
                zone=d.get("zone"),
                between_legs=bool(d.get("between_legs", attack.between_legs)),
                joined=tuple(str(j["unit"]) for j in d.get("joined", ())),
                notes=tuple((str(n["text"]), str(n["rule"])) for n in d.get("notes", ())),
            )

        return self._memoised(("attack", attack), make)

    def _attack_candidates(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(own characters who may still attack, enemies the chosen attackers may all
        attack) — from the engine's `legal_actions` and `check_attacker`."""

        def make() -> tuple[tuple[str, ...], tuple[str, ...]]:
            game = self.game
            side = game.to_act()
            vis = self.visibility()
            legal = [a for a in game.legal_actions() if isinstance(a, Attack)]
            attackers = sorted({uid for a in legal for uid in a.attackers})
            defenders: set[str] = set()
            for a in legal:
                if not self._attackers or set(self._attackers) <= set(a.attackers):
                    defenders.update(a.defenders)
            if self._attackers:
                for u in game.living_units():
                    if u.side is side or u.id in defenders:
                        continue
                    if game.explain(Attack(tuple(self._attackers), (u.id,))).legal:
                        defenders.add(u.id)
            return (
                tuple(attackers),
                tuple(sorted(d for d in defenders if vis.sees_unit(d))),
            )

        return self._memoised(("attack_candidates", tuple(self._attackers)), make)

    # -- decisions ---------------------------------------------------------------------------

    def _click_decision(self, decision: Decision, h: Hex) -> list[Event] | None:
        kind = decision.kind
        if kind in FIRE_DECISIONS:
            targets = None
            if kind == fire.UNMOVED_DECISION:
                targets = [str(t) for t in decision.data.get("targets", ())]
            return self._click_fire(h, targets)
        if kind == "casualty":
            candidates = [str(c) for c in decision.data.get("candidates", ())]
            for u in self._units_at(h):
                if u.id in candidates:
                    return self._apply(ChooseCasualty(u.id))
            here = self._units_at(h)
            if here:
                self._refuse(self.game.explain(ChooseCasualty(here[0].id)))
            else:
                self._say(f"click one of {', '.join(candidates)}: who takes the blow", refused=True)
            return None
        if kind in ("retreat", "advance"):
            return self._click_route(decision, h)
        matches = [c for c in self._choices(decision) if h in c.hexes]
        if len(matches) == 1:
            return self._apply(matches[0].action)
        self._say("choose one of the answers offered", refused=True)
        return None

    def _routes(self, decision: Decision, uid: str) -> list[tuple[Hex, ...]]:
        """The paths the engine offers `uid` for this retreat or advance."""

        def make() -> list[tuple[Hex, ...]]:
            out: list[tuple[Hex, ...]] = []
            for a in self.game.legal_actions():
                if isinstance(a, Retreat | Advance) and a.unit == uid:
                    out.append(tuple(a.path))
            return out

        return self._memoised(("routes", uid), make)

    def _route_action(self, decision: Decision, uid: str, path: tuple[Hex, ...]) -> Action:
        return Retreat(uid, path) if decision.kind == "retreat" else Advance(uid, path)

    def _click_route(self, decision: Decision, h: Hex) -> list[Event] | None:
        """A retreat or an advance: click the character (when several must answer), then
        the hexes of his path — its last hex is enough when only one path ends there."""
        units = list(combat_results.iter_decision_units(decision))
        if self._unit is not None:
            done, events = self._route_step(decision, self._unit, h)
            if done:
                return events
        here = [u.id for u in self._units_at(h) if u.id in units]
        if here:
            self._unit, self._route = here[0], []
            return None
        if self._unit is None:
            self._say(f"choose who {decision.kind}s first: {', '.join(units)}", refused=True)
            return None
        unit = self.game.state.units[self._unit]
        if unit.hex is None:
            return None
        start = self._route[-1] if self._route else unit.hex
        path = (*self._route, *line(start, h)[1:])
        self._refuse(self.game.explain(self._route_action(decision, self._unit, path)), path)
        return None

    def _route_step(self, decision: Decision, uid: str, h: Hex) -> tuple[bool, list[Event] | None]:
        """(whether `h` continues one of `uid`'s paths, the events if it finished one)."""
        routes = self._routes(decision, uid)
        done = tuple(self._route)
        prefix = (*done, h)
        through = [p for p in routes if p[: len(prefix)] == prefix]
        if through:
            if len(through) == 1 and through[0] == prefix:
                return True, self._apply(self._route_action(decision, uid, prefix))
            self._route.append(h)
            return True, None
        ending = [p for p in routes if p[: len(done)] == done and p[-1] == h]
        if len(ending) == 1:
            return True, self._apply(self._route_action(decision, uid, ending[0]))
        if len(ending) > 1:
            self._say(
                f"several paths end on {self.game.where(h)}: click the hex to go through first"
            )
            return True, None
        return False, None

    def _choices(self, decision: Decision) -> tuple[Choice, ...]:
        def make() -> tuple[Choice, ...]:
            units = self.game.state.units
            out: list[Choice] = []
            for a in self.game.legal_actions():
                if isinstance(a, ChooseCasualty):
                    u = units[a.unit]
                    out.append(
                        Choice(
                            f"{a.unit} takes the blow", a, a.unit, () if u.hex is None else (u.hex,)
                        )
                    )
                elif isinstance(a, Retreat | Advance):
                    verb = "retreats" if isinstance(a, Retreat) else "advances"
                    where = " ".join(self.game.where(h) for h in a.path)
                    out.append(Choice(f"{a.unit} {verb} to {where}", a, a.unit, tuple(a.path)))
                elif isinstance(a, Fire):
                    target = units[a.target]
                    out.append(
                        Choice(
                            f"{', '.join(a.shooters)} fire{'s' if len(a.shooters) == 1 else ''} "
                            f"at {a.target}",
                            a,
                            a.target,
                            () if target.hex is None else (target.hex,),
                        )
                    )
                elif isinstance(a, Pass):
                    label = {
                        "advance": "no (further) advance",
                        "defensive_fire": f"let {decision.data.get('unit')} go on",
                        fire.UNMOVED_DECISION: "no (more) defensive fire",
                        magic.CAST_WINDOW: "no spell now",
                    }.get(decision.kind, "pass")
                    out.append(Choice(label, a))
                elif isinstance(a, CastSpell):
                    continue  # spells are chosen from the spell book (Magic), not listed
                elif isinstance(a, DeclineSpells):
                    out.append(Choice("no spell for the rest of this Krob turn", a))
                else:
                    out.append(Choice(a.kind, a))
            return tuple(out)

        return self._memoised("choices", make)

    def prompt(self) -> Prompt | None:
        """The pending decision (for whichever side must answer), or None."""
        self._sync()
        if self._build == "spell":
            book = self._spell_book_prompt()
            if book is not None:
                return book
        decision = self._decision()
        if decision is None:
            return self._combat_plan_prompt() or self._placing_prompt()
        choices = self._choices(decision)
        question = ""
        for event in reversed(self.game.log):
            if isinstance(event, DecisionRequested) and event.kind == decision.kind:
                question = event.prompt
                break
        if not question:
            question = decision.kind.replace("_", " ")
        return Prompt(
            kind=decision.kind,
            side=decision.side,
            question=question,
            choices=choices,
            can_pass=any(isinstance(c.action, Pass) for c in choices),
            unit=self._unit,
            route=tuple(self._route),
        )

    # -- spells ---------------------------------------------------------------------------

    def _cast_allowed_now(self) -> Explanation | None:
        """Why no spell may be cast now (phase, decision), or None."""
        decision = self._decision()
        if decision is not None:
            if decision.kind in ("defensive_fire", magic.CAST_WINDOW):
                return None
            return refused("first answer the decision shown", magic.R_WHEN)
        if "CastSpell" not in self.game.phase.actions:
            return refused(
                f"no spell during {self.game.phase.title}: a wizard casts in the Adventurer "
                "turn or, in the Krob turn, when the game offers it",
                magic.R_WHEN,
            )
        return None

    def spell_window(self) -> bool:
        """Is the pending decision a window open for a spell alone: a cast window of the
        Krob turn, or the pause after a Krob's step when no archer may fire at it? (The
        screen may pass it quietly: docs/client-controller.md, "Spell windows".)"""
        decision = self._decision()
        if decision is None:
            return False
        if decision.kind == magic.CAST_WINDOW:
            return True
        if decision.kind != "defensive_fire":
            return False
        krob = self.game.state.units.get(str(decision.data.get("unit", "")))
        return krob is None or not fire.can_fire_at_moving(self.game, krob)

    def cast_possible(self) -> bool:
        """Would the Magic button act now (a wizard may cast, the moment allows it)?"""
        self._sync()
        return self._cast_allowed_now() is None and bool(self._wizards())

    def _wizards(self) -> list[Unit]:
        return [
            u
            for u in sorted(self.game.living_units(Side.ADVENTURERS), key=lambda u: u.id)
            if magic.is_wizard(self.game, u) and magic.may_cast_now(self.game, u) is None
        ]

    def _start_spell(self) -> None:
        why = self._cast_allowed_now()
        if why is not None:
            self._refuse(why)
            return
        wizards = self._wizards()
        if not wizards:
            self._say("no wizard may cast a spell now", magic.R_WHEN, refused=True)
            return
        self._clear()
        self._build = "spell"
        if len(wizards) == 1:
            self._wizard = wizards[0].id

    def _spell_book_prompt(self) -> Prompt | None:
        game = self.game
        if self._wizard is None:
            return Prompt(
                "spell_book",
                Side.ADVENTURERS,
                "click the wizard who casts",
                (),
                can_pass=False,
            )
        if self._spell is not None:
            return None
        wizard = game.state.units[self._wizard]
        sheet = magic.sheet(game, wizard)
        energy = magic.available_energy(sheet, wizard)
        choices: list[Choice] = []
        for spell in game.rules.spells.spells:
            if spell.level > sheet.level or spell.cost > energy:
                continue
            needs = magic.success_needs(spell.cost)
            chance = sum(1 for f in range(1, 11) if f + sheet.level > needs) / 10
            choices.append(
                Choice(
                    f"{spell.name}: {spell.cost} EP, {chance:.0%}",
                    CastSpell(wizard.id, spell.id, ()),
                    wizard.id,
                )
            )
        return Prompt(
            "spell_book",
            Side.ADVENTURERS,
            f"{wizard.id}, level {sheet.level}: {energy} EP left. Which spell?",
            tuple(choices),
            can_pass=False,
            unit=wizard.id,
        )

    def _chosen_spell(self) -> Spell | None:
        return None if self._spell is None else self.game.rules.spells.get(self._spell)

    def _spell_action(self) -> CastSpell | None:
        spell = self._chosen_spell()
        if spell is None or self._wizard is None:
            return None
        needed = {Target.SELF: 0, Target.MAP: 0}.get(spell.target)
        if needed is None:
            needed = spell.hexes if spell.target is Target.HEXES else 1
        if len(self._spell_targets) != needed:
            return None
        targets = tuple(self._spell_targets)
        if spell.counter in GALLERY_COUNTERS:  # R turns it while placing
            targets = (*targets, f"facing:{self._facing or 0}")
        return CastSpell(self._wizard, spell.id, targets)

    def _click_spell(self, h: Hex) -> list[Event] | None:
        game = self.game
        if self._wizard is None:
            own = self._own_at(h, Side.ADVENTURERS)
            if own is not None and own in self._wizards():
                self._wizard = own.id
                self._memo = {}
                return None
            self._say("click a wizard who may cast", magic.R_MAGIC, refused=True)
            return None
        spell = self._chosen_spell()
        if spell is None:
            self._say("choose a spell in the spell book first", magic.R_MAGIC, refused=True)
            return None
        if spell.target in (Target.FRIEND, Target.ENEMY, Target.CHARACTER):
            units = [u for u in game.units_at(h) if u.alive and self.visibility().sees_unit(u)]
            if not units and magic.aims_at_webs(spell) and magic.known_web_at(game, h):
                self._spell_targets = [f"{h.q},{h.r}"]  # "Fireballs ... destroy spider webs"
                self._memo = {}
                return None
            if not units:
                self._say(f"{spell.name} is cast on a character", magic.R_MAGIC, refused=True)
                return None
            self._spell_targets = [units[0].id]
        elif spell.target is Target.HEXES:
            key = f"{h.q},{h.r}"
            if key in self._spell_targets:
                self._spell_targets.remove(key)
            elif len(self._spell_targets) < spell.hexes:
                self._spell_targets.append(key)
            else:
                self._spell_targets = [key]
        self._memo = {}
        return None

    def _spell_preview(self, action: CastSpell) -> SpellPreview:
        verdict = self.game.explain(action)
        d = verdict.details
        spell = self.game.rules.spells.get(action.spell)
        return SpellPreview(
            action.wizard,
            action.spell,
            spell.name if spell else action.spell,
            spell.text if spell else "",
            verdict.legal,
            verdict.reason,
            verdict.rule,
            int(d.get("cost", spell.cost if spell else 0)),
            int(d.get("energy", 0)),
            int(d.get("needs", 0)),
            int(d.get("level", 0)),
            int(d.get("penalty", 0)),
            int(d.get("distance", 0)),
            int(d.get("range", 0)),
            float(d.get("chance", 0.0)),
        )

    def _spell_overlays(self, mode: Mode, hover: Hex | None) -> Overlays:
        game = self.game
        reach: frozenset[Hex] = frozenset()
        if self._wizard is not None and self._spell is not None:
            wizard = game.state.units[self._wizard]
            level = magic.sheet(game, wizard).level
            if wizard.hex is not None:
                reach = frozenset(
                    h
                    for h in game.board.cells
                    if wizard.hex.distance(h) <= magic.range_of(level)
                    and magic.same_map(game, wizard.hex, h)
                )
        targets: list[Hex] = []
        for t in self._spell_targets:
            h = magic.parse_hex(t)
            if h is not None:
                targets.append(h)
            elif (u := game.state.units.get(t)) is not None and u.hex is not None:
                targets.append(u.hex)
        return Overlays(
            mode,
            hover,
            unit=self._wizard,
            spell_range=reach,
            spell_targets=tuple(targets),
        )

    def _combat_plan_prompt(self) -> Prompt | None:
        """In a combat phase: the combats declared so far with Withdraw and Declare, then
        (declarations closed) one Resolve per combat left, in the order the player
        chooses (issue 8, ruling 2)."""
        game = self.game
        if game.over or "Declare" not in game.phase.actions:
            return None
        combats = combat_declared.combats(game)
        closed = combat_declared.closed(game)
        if not combats and not closed:
            return None
        choices: list[Choice] = []

        def label(number: int, combat: dict[str, Any]) -> str:
            return f"{'+'.join(combat['attackers'])} vs {'+'.join(combat['defenders'])}"

        if not closed:
            choices.append(Choice(f"Declare these {len(combats)} combat(s)", Declare()))
            for i, combat in enumerate(combats):
                choices.append(
                    Choice(f"withdraw {i + 1}: {label(i + 1, combat)}", WithdrawAttack(i + 1))
                )
            question = (
                f"{len(combats)} combat(s) planned: add more, or declare them "
                "(then none can be withdrawn)"
            )
        else:
            for number, combat in combat_declared.open_combats(game):
                verdict = game.explain(ResolveCombat(number))
                odds = verdict.details.get("column", "lapses")
                choices.append(
                    Choice(
                        f"resolve {number}: {label(number, combat)} ({odds})", ResolveCombat(number)
                    )
                )
            if not choices:
                return None
            question = "resolve the declared combats in the order you choose"
        return Prompt(
            kind="combats",
            side=game.phase.side,
            question=question,
            choices=tuple(choices),
            can_pass=False,
        )

    # -- off the map: deployment, reinforcements, ways out ---------------------------------

    def _placing_options(self, uid: str) -> dict[Hex, Action]:
        """The hexes the engine lets `uid` (off the map) be placed or brought in on now."""

        def make() -> dict[Hex, Action]:
            if "Deploy" in self.game.phase.actions:
                return dict(placement.deploy_options(self.game, uid, self._facing))
            if "EnterMap" in self.game.phase.actions:
                return dict(placement.enter_options(self.game, uid, self._facing))
            return {}

        return self._memoised(("placing", uid, self._facing), make)

    def _select_next_to_deploy(self) -> None:
        """After a placement: the next character still to place is chosen (the player
        places them one click each)."""
        waiting = placement.to_deploy(self.game, self.game.to_act())
        if waiting:
            self._build, self._unit = "deploy", waiting[0].uid

    def _click_deploy_idle(self, h: Hex, own: Unit | None) -> list[Event] | None:
        """A deployment phase, nobody chosen: a placed character of the side is picked
        up; a hex of the zone takes the first character still to place."""
        if own is not None:
            return self.pick_up(own.id)
        waiting = placement.to_deploy(self.game, self.game.to_act())
        if not waiting:
            self._say("everyone is placed: End phase (E) when you are ready", refused=True)
            return None
        self._build, self._unit = "deploy", waiting[0].uid
        return self._click_place(h)

    def _click_place(self, h: Hex) -> list[Event] | None:
        """The chosen off-map character goes on `h` (Deploy / EnterMap); another own
        character clicked in a deployment is picked up instead."""
        uid = self._unit
        if uid is None:
            self._build = "idle"
            return None
        if self._build == "deploy":
            own = self._own_at(h, self.game.to_act())
            if own is not None and own.id != uid:
                return self.pick_up(own.id)
        action = self._placing_options(uid).get(h)
        if action is None:
            probe: Action = (
                Deploy(uid, h, self._facing)
                if self._build == "deploy"
                else EnterMap(uid, h, self._facing)
            )
            self._refuse(self.game.explain(probe), (h,))
            return None
        return self._apply(action, (h,))

    def pick_up(self, uid: str) -> list[Event] | None:
        """Take back the placement of `uid` during his side's deployment: the engine's
        own re-placement when it allows one (a `Deploy` of a placed character), else
        the placements since his are undone and the others made again (no die is
        rolled while deploying). He is then the one to place."""
        game = self.game
        unit = game.state.units.get(uid)
        if unit is None or unit.hex is None or "Deploy" not in game.phase.actions:
            return None
        if placement.deploy_options(game, uid):
            self._clear()
            self._build, self._unit = "deploy", uid  # the engine places him again
            self._say(f"{uid} chosen: click a highlighted hex to place him again")
            return None
        history = game.history
        at = max(
            (i for i, a in enumerate(history) if isinstance(a, Deploy) and a.unit == uid),
            default=None,
        )
        if at is None or not all(isinstance(a, Deploy) for a in history[at:]):
            self._say(f"{uid} was not placed in this deployment", refused=True)
            return None
        later = [a for a in history[at + 1 :] if isinstance(a, Deploy)]
        while len(game.history) > at:
            if not game.undo():
                self._say("undo stops at a reveal: he stays where he is", refused=True)
                for action in history[len(game.history) :]:
                    game.apply(action)
                return None
        events: list[Event] = []
        for action in later:
            if game.explain(action).legal:
                events.extend(game.apply(action))
        self._clear()
        self._seen = self._key()
        self._build, self._unit = "deploy", uid
        self._say(f"{uid} picked up: click a hex of the zone to place him again")
        return events

    def drag_place(self, start: Hex, end: Hex) -> list[Event] | None:
        """A counter dragged from `start` to `end` during a deployment: pick him up and
        place him there."""
        own = self._own_at(start, self.game.to_act())
        if own is None or "Deploy" not in self.game.phase.actions or start == end:
            return None
        picked = self.pick_up(own.id)
        if self._unit != own.id:
            return picked
        placed = self._click_place(end)
        return (picked or []) + (placed or []) if placed is not None else picked

    def _placing_prompt(self) -> Prompt | None:
        """The side panel's list when there is no decision: the characters to deploy,
        the reinforcements (those that may come in now as buttons, the later ones in
        the text with their turn), or the selected character's ways off the map."""
        game = self.game
        side = game.to_act()
        if side is None or game.state.pending:
            return None
        actions = game.phase.actions
        if "Deploy" in actions:
            waiting = placement.to_deploy(game, side)
            choices = tuple(
                Choice(
                    f"{'> ' if o.uid == self._unit else ''}place {o.uid}",
                    Deploy(o.uid, o.hexes[0]) if o.hexes else EndPhase(),
                    o.uid,
                    tuple(self._placing_options(o.uid)),
                )
                for o in waiting
            )
            if waiting:
                question = (
                    f"Deployment: {len(waiting)} to place. Choose one (or click a hex of the "
                    "zone), then a highlighted hex; click a placed one to pick him up."
                )
            else:
                question = "Deployment: everyone is placed. End phase (E) when you are ready."
            return Prompt("deploy", side, question, choices, False, self._unit)
        if self._build == "move" and self._unit is not None:
            unit = game.state.units.get(self._unit)
            ways = placement.ways_out(game, unit) if unit is not None else []
            if ways:
                choices = tuple(
                    Choice(f"{w.label}: {w.verdict.reason}", w.action, self._unit) for w in ways
                )
                question = f"{self._unit} may leave the map (verdict below) or move on."
                return Prompt("leave", side, question, choices, False, self._unit)
        if "EnterMap" in actions or "Move" in actions:
            waiting = placement.arriving(game, side)
            below = [o for o in placement.off_map(game, side) if o.state == placement.PASSAGE]
            if not waiting and not below:
                return None
            now = [o for o in waiting if self._placing_options(o.uid)]
            later = [o for o in waiting if o not in now]
            lines = []
            if now:
                lines.append(f"Reinforcements: {len(now)} may come in now.")
            for title, group in (("Later", later), ("Underground", below)):
                if group:
                    named = (f"{o.uid} (turn {o.turn})" if o.turn else o.uid for o in group)
                    lines.append(f"{title}: {', '.join(named)}.")
            choices = tuple(
                Choice(
                    f"{'> ' if o.uid == self._unit else ''}bring in {o.uid}",
                    next(iter(self._placing_options(o.uid).values())),
                    o.uid,
                    tuple(self._placing_options(o.uid)),
                )
                for o in now
            )
            return Prompt("reinforcements", side, " ".join(lines), choices, False, self._unit)
        return None

    def _placing_overlays(self, mode: Mode, hover: Hex | None) -> Overlays:
        """Deployment and reinforcements: the zone tinted, the hexes the chosen character
        may take now highlighted."""
        game = self.game
        side = game.to_act()
        if "Deploy" not in game.phase.actions and self._build != "enter":
            return Overlays(mode, hover)
        waiting = (
            placement.to_deploy(game, side)
            if "Deploy" in game.phase.actions
            else placement.arriving(game, side)
        )
        zone = frozenset(h for o in waiting for h in o.hexes)
        choice: frozenset[Hex] = frozenset()
        if self._unit is not None and self._build in ("deploy", "enter"):
            choice = frozenset(self._placing_options(self._unit))
        return Overlays(mode, hover, unit=self._unit, choice_hexes=choice, zone=zone)

    def _way_out(self, name: str) -> list[Event] | None:
        """`leave_map` / `enter_passage` for the selected character: the engine's first
        legal one, or its reason why not."""
        unit = self.game.state.units.get(self._unit or "")
        if unit is None:
            self._say("select a character first", refused=True)
            return None
        wanted = LeaveMap if name == "leave_map" else EnterPassage
        for way in placement.ways_out(self.game, unit):
            if isinstance(way.action, wanted):
                return self._apply(way.action)
        if name == "leave_map":
            self._refuse(self.game.explain(LeaveMap(unit.id)))
        else:
            probe = next(iter(placement.passages(self.game)), "")
            self._refuse(self.game.explain(EnterPassage(unit.id, probe)))
        return None

    # -- views -------------------------------------------------------------------------------

    def overlays(self) -> Overlays:
        """What to draw over the map now (cheap to call every frame: memoised)."""
        self._sync()
        return self._memoised(("overlays", self._hover, self._facing), self._overlays)

    def _overlays(self) -> Overlays:
        base = self._mode_overlays()
        planned = self._planned_combats()
        stacked = tuple(movement.shared_hexes(self.game)) if self.game.rules is not None else ()
        if not planned and not stacked:
            return base
        return dataclasses.replace(base, planned=planned, stacked=stacked)

    def _planned_combats(self) -> tuple[PlannedCombat, ...]:
        game = self.game
        if "Declare" not in game.phase.actions:
            return ()
        units = game.state.units
        out: list[PlannedCombat] = []
        for i, combat in enumerate(combat_declared.combats(game)):
            number = i + 1
            verdict = game.explain(ResolveCombat(number))
            column = verdict.details.get("column")
            if combat["status"] == combat_declared.DECLARED and not column:
                probe = Attack(tuple(combat["attackers"]), tuple(combat["defenders"]))
                column = (
                    game.explain(probe).details.get("column")
                    if not combat_declared.closed(game)
                    else None
                )
            label = f"{number}: {column}" if column else f"{number}"
            out.append(
                PlannedCombat(
                    number,
                    tuple(h for a in combat["attackers"] if (h := units[a].hex) is not None),
                    tuple(h for d in combat["defenders"] if (h := units[d].hex) is not None),
                    label,
                    str(combat["status"]),
                )
            )
        return tuple(out)

    def _mode_overlays(self) -> Overlays:
        mode = self.mode
        if self._build == "spell":
            return self._spell_overlays(mode, self._hover)
        decision = self._decision()
        kind = decision.kind if decision is not None else self._build
        hover = self._hover
        if kind == "move" and self._unit is not None:
            reach = self._reach()
            unit = self.game.state.units[self._unit]
            path: tuple[Hex, ...] = ()
            staged = self._staged
            if isinstance(staged, Move):
                path = staged.path
            elif hover is not None and hover in reach:
                path = reach[hover].path
            return Overlays(
                mode,
                hover,
                unit=self._unit,
                reachable=reach,
                jumps=self._jumps(),
                sails=self._sails(),
                path=path,
                path_start=unit.hex,
                facing=self._facing,
            )
        if kind in ("fire", *FIRE_DECISIONS):
            lines: tuple[LineView, ...] = ()
            if self._target is not None:
                shown = self._shooters
                views = self._shot_views(shown, self._target)
                lines = tuple(v.line for v in views if v.line is not None)
            elif self._shooters and hover is not None:
                enemy = self._enemy_at(hover, Side.ADVENTURERS)
                if enemy is not None:
                    views = self._shot_views(self._shooters, enemy.id)
                    lines = tuple(v.line for v in views if v.line is not None)
            return Overlays(
                mode,
                hover,
                shooters=tuple(self._shooters),
                target=self._target,
                shooter_candidates=self._fire_shooters(),
                target_candidates=self._fire_targets(),
                lines=lines,
                choice_hexes=frozenset(h for c in self._choices(decision) for h in c.hexes)
                if decision is not None
                else frozenset(),
            )
        if kind == "attack":
            attackers, defenders = self._attack_candidates()
            return Overlays(
                mode,
                hover,
                attackers=tuple(self._attackers),
                defenders=tuple(self._defenders),
                attacker_candidates=attackers,
                defender_candidates=defenders,
                between_legs=self._legs,
                web=self._web,
                webs=self._known_webs(),
            )
        if decision is not None and kind in ("retreat", "advance"):
            routes: tuple[tuple[Hex, ...], ...] = ()
            choice: set[Hex] = set()
            path = ()
            start = None
            if self._unit is not None:
                all_routes = self._routes(decision, self._unit)
                prefix = tuple(self._route)
                routes = tuple(p for p in all_routes if p[: len(prefix)] == prefix)
                for p in routes:
                    choice.update(p[len(prefix) :])
                if hover is not None:
                    ending = [p for p in routes if p[-1] == hover]
                    if ending:
                        path = ending[0]
                start = self.game.state.units[self._unit].hex
            else:
                for uid in combat_results.iter_decision_units(decision):
                    h = self.game.state.units[uid].hex
                    if h is not None:
                        choice.add(h)
            return Overlays(
                mode,
                hover,
                unit=self._unit,
                choice_hexes=frozenset(choice),
                routes=routes,
                route=tuple(self._route),
                path=path,
                path_start=start,
            )
        if decision is not None:
            return Overlays(
                mode,
                hover,
                choice_hexes=frozenset(h for c in self._choices(decision) for h in c.hexes),
            )
        return self._placing_overlays(mode, hover)

    def preview(self) -> Preview | None:
        """The numbers to show before confirming (None: nothing to show)."""
        self._sync()
        return self._memoised(("preview", self._hover, self._facing), self._preview)

    def _preview(self) -> Preview | None:
        action = self._staged_action()
        if isinstance(action, Fire):
            return self._shot_preview(action)
        if isinstance(action, Attack):
            return self._attack_preview(action)
        if isinstance(action, DestroyWeb):
            verdict = self.game.explain(action)
            return WebPreview(
                action.unit,
                action.at,
                verdict.legal,
                verdict.reason,
                verdict.rule,
                int(verdict.details.get("cost", 0)),
                int(verdict.details.get("budget", 0)),
            )
        if isinstance(action, Move | Jump):
            return self._move_preview(action)
        if isinstance(action, CastSpell):
            return self._spell_preview(action)
        if isinstance(action, SailBoat):
            verdict = self.game.explain(action)
            return MovePreview(
                "row",
                action.unit,
                action.path[-1],
                action.path,
                int(verdict.details.get("cost", 0)),
                0,
                verdict.legal,
                verdict.reason,
                verdict.rule,
            )
        decision = self._decision()
        hover = self._hover
        kind = decision.kind if decision is not None else self._build
        if kind == "move" and self._unit is not None and hover is not None:
            sail = self._sails().get(hover)
            if sail is not None:
                return MovePreview("row", self._unit, hover, sail.action.path, sail.cost, 0)
            reach = self._reach().get(hover)
            if reach is not None:
                move = self._move_action(reach)
                return MovePreview(
                    "move",
                    self._unit,
                    hover,
                    reach.path,
                    reach.cost,
                    reach.rolls,
                    facing=move.facing,
                )
            jump = self._jumps().get(hover)
            if jump is not None and jump.direction == "fly":
                return MovePreview("fly", self._unit, hover, (hover,), jump.cost, 0)
            if jump is not None:
                return self._move_preview(Jump(self._unit, hover))
        if kind in ("fire", *FIRE_DECISIONS) and self._shooters and hover is not None:
            enemy = self._enemy_at(hover, Side.ADVENTURERS)
            if enemy is not None:
                return self._shot_preview(Fire(tuple(self._shooters), enemy.id))
        if kind == "attack" and self._attackers and hover is not None:
            enemy = self._enemy_at(hover, self.game.to_act())
            if enemy is not None:
                return self._attack_preview(Attack(tuple(self._attackers), (enemy.id,)))
        if decision is not None and kind == "advance" and self._unit is not None and hover:
            unit = self.game.state.units[self._unit]
            first = frozenset(combat_results.hexes_from(decision.data.get("vacated", ())))
            options = combat_results.advance_options(self.game, unit, first)
            if hover in options:
                path, cost = options[hover]
                return MovePreview("advance", self._unit, hover, tuple(path), int(cost), 0)
        if decision is not None and kind == "retreat" and self._unit is not None and hover:
            ending = [p for p in self._routes(decision, self._unit) if p[-1] == hover]
            if ending:
                return MovePreview("retreat", self._unit, hover, ending[0], 0, 0)
        return None

    def _move_preview(self, action: Move | Jump) -> MovePreview:
        verdict = self.game.explain(action)
        d = verdict.details
        if isinstance(action, Jump):
            return MovePreview(
                "jump",
                action.unit,
                action.to,
                (action.to,),
                int(d.get("cost", 0)),
                int(d.get("rolls", 0)),
                verdict.legal,
                verdict.reason,
                verdict.rule,
                direction=str(d.get("direction", "")),
            )
        to = action.path[-1] if action.path else self.game.state.units[action.unit].hex
        assert to is not None
        reason, rule = self._redact(verdict.reason, verdict.rule, action.path)
        return MovePreview(
            "move",
            action.unit,
            to,
            action.path,
            int(d.get("cost", 0)),
            int(d.get("rolls", 0)),
            verdict.legal,
            reason,
            rule,
            facing=action.facing,
        )


def _hex(raw: Any) -> Hex:
    return Hex(int(raw[0]), int(raw[1]))


def _line_view(shooter: str, target: str, d: dict[str, Any]) -> LineView:
    return LineView(
        shooter=shooter,
        target=target,
        possible=bool(d.get("possible", False)),
        start=(float(d["start"][0]), float(d["start"][1])),
        end=(float(d["end"][0]), float(d["end"][1])),
        range=int(d.get("range", 0)),
        crossed_hexes=tuple(_hex(h) for h in d.get("crossed_hexes", ())),
        crossed_edges=tuple(
            ((_hex(e[0][0]), _hex(e[0][1])), None if e[1] is None else str(e[1]))
            for e in d.get("crossed_edges", ())
        ),
        blockers=tuple(str(b) for b in d.get("blockers", ())),
    )
