"""The hotseat client's input logic, without pygame ("Hotseat client", section 3: Acting).

`Controller(game, viewer_side)` turns the screen's clicks, hovers and commands into
actions, and gives the screen what to draw: `overlays()` (reachable hexes, paths, jump
targets, chosen shooters / attackers / defenders, the line of fire), `preview()` (the
numbers before confirming), `prompt()` (the question of a pending decision and its
choices) and `message()` (the last feedback, e.g. the engine's refusal and its rule).

The controller is thin: it holds the game, the `Selection` and the feedback, and picks
the tool for what the player is doing (`tool()`: ui/tools/ — selecting, moving, firing,
attacking, casting, placing, answering a decision), which says what a click does, what
is highlighted and what is previewed. The values it hands out are in
ui/controller_views.py (and named here too, for the screen and the tests).

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
from typing import Any, TypeVar

from dragonnoir.engine.actions import (
    Action,
    Advance,
    Attack,
    CastSpell,
    DestroyWeb,
    EndPhase,
    Fire,
    Jump,
    Move,
    Pass,
    Retreat,
    SailBoat,
)
from dragonnoir.engine.events import Event
from dragonnoir.engine.explain import Explanation, IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import combat_results, movement
from dragonnoir.engine.state import Decision, Side
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import Phrase, Who, tell
from dragonnoir.ui.controller_views import (
    AttackPreview,
    Choice,
    JumpOption,
    LineView,
    Message,
    Mode,
    MovePreview,
    Overlays,
    PlannedCombat,
    Preview,
    Prompt,
    Reach,
    SailOption,
    ShiftView,
    ShotPreview,
    ShotView,
    SpellPreview,
    WebPreview,
)
from dragonnoir.ui.tools import common
from dragonnoir.ui.tools.attacking import AttackTool
from dragonnoir.ui.tools.base import Selection, Tool
from dragonnoir.ui.tools.casting import GALLERY_COUNTERS, CastTool
from dragonnoir.ui.tools.common import HIDDEN_REASON
from dragonnoir.ui.tools.deciding import DecideTool
from dragonnoir.ui.tools.firing import FIRE_DECISIONS, FireTool
from dragonnoir.ui.tools.moving import MoveTool
from dragonnoir.ui.tools.placing import PLACING_PROMPTS, PlaceTool
from dragonnoir.ui.tools.selecting import SelectTool
from dragonnoir.ui.visibility import Visibility, visible_to

__all__ = [
    "COMMANDS",
    "FIRE_DECISIONS",
    "GALLERY_COUNTERS",
    "HIDDEN_REASON",
    "PLACING_PROMPTS",
    "AttackPreview",
    "Choice",
    "Controller",
    "JumpOption",
    "LineView",
    "Message",
    "Mode",
    "MovePreview",
    "Overlays",
    "PlannedCombat",
    "Preview",
    "Prompt",
    "Reach",
    "SailOption",
    "ShiftView",
    "ShotPreview",
    "ShotView",
    "SpellPreview",
    "WebPreview",
]

T = TypeVar("T")

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


class Controller:
    """The input state machine of the game screen (no pygame): the game, the selection,
    and the tool that the selection and the pending decision call for (`tool`).

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
        #: What the clicks have chosen so far (the tools read and write it).
        self.sel = Selection()
        self._msg: Message | None = None
        self._hover: Hex | None = None
        self._memo: dict[Any, Any] = {}
        self._seen: tuple[int, int] = (0, -1)
        self.selecting = SelectTool(self)
        self.moving = MoveTool(self)
        self.firing = FireTool(self)
        self.attacking = AttackTool(self)
        self.casting = CastTool(self)
        self.placing = PlaceTool(self)
        self.deciding = DecideTool(self)
        self.clear()
        self._sync()

    # -- state ---------------------------------------------------------------------------

    def clear(self) -> None:
        """Forget the selection and every memoised answer."""
        self.sel.reset()
        self._memo = {}

    def _key(self) -> tuple[int, int]:
        return (id(self.game.state), len(self.game.history))

    def caught_up(self) -> None:
        """The game changed through us: no need to drop the selection at the next look."""
        self._seen = self._key()

    def _sync(self) -> None:
        """Drop the selection when the game changed behind our back (undo, a load)."""
        if self._key() != self._seen:
            self.clear()
            self._seen = self._key()
            self._prepare_decision()

    def reset(self, game: Game | None = None) -> None:
        """Forget the selection (and switch to `game`, e.g. after a load)."""
        if game is not None:
            self.game = game
        self.clear()
        self._seen = self._key()
        self._prepare_decision()

    def _prepare_decision(self) -> None:
        decision = self.decision()
        if decision is None:
            return
        if decision.kind == "defensive_fire":
            self.sel.target = str(decision.data.get("unit"))
        elif decision.kind in ("retreat", "advance"):
            units = list(combat_results.iter_decision_units(decision))
            if len(units) == 1:
                self.sel.unit = units[0]

    def memoised(self, key: Any, make: Callable[[], T]) -> T:
        """`make()`, worked out once until the next click, command or change."""
        if key not in self._memo:
            self._memo[key] = make()
        value: T = self._memo[key]
        return value

    def touched(self) -> None:
        """The selection changed: every memoised answer is out of date."""
        self._memo = {}

    @property
    def viewer(self) -> Side | None:
        if self.follow_to_act:
            return self.game.to_act()
        return self.viewer_side

    def visibility(self) -> Visibility:
        return self.memoised(("vis", self.viewer), lambda: visible_to(self.game, self.viewer))

    def decision(self) -> Decision | None:
        """The decision pending now, or None."""
        if self.game.over or not self.game.state.pending:
            return None
        return self.game.state.pending[0]

    def tool(self) -> Tool:
        """The tool clicks on the map go to now: casting once Magic is pressed, else the
        pending decision, else what the selection is building."""
        build = self.sel.build
        if build == "spell":
            return self.casting
        if self.decision() is not None:
            return self.deciding
        tools: dict[str, Tool] = {
            "move": self.moving,
            "deploy": self.placing,
            "enter": self.placing,
            "fire": self.firing,
            "attack": self.attacking,
        }
        return tools.get(build, self.selecting)

    @property
    def mode(self) -> Mode:
        self._sync()
        if self.game.over:
            return Mode.OVER
        if self._staged_action() is not None:
            return Mode.CONFIRM
        if self.sel.build == "spell":
            return Mode.SPELL
        if self.decision() is not None:
            return Mode.DECISION
        return {
            "move": Mode.MOVE,
            "deploy": Mode.MOVE,
            "enter": Mode.MOVE,
            "fire": Mode.FIRE,
            "attack": Mode.ATTACK,
            "spell": Mode.SPELL,
        }.get(self.sel.build, Mode.IDLE)

    @property
    def building(self) -> str:
        """What clicks are building: idle / move / fire / attack / the decision's kind."""
        decision = self.decision()
        return decision.kind if decision is not None else self.sel.build

    def staged(self) -> Action | None:
        """The action `confirm` would apply, or None."""
        self._sync()
        return self._staged_action()

    def _staged_action(self) -> Action | None:
        sel = self.sel
        if sel.staged is not None:
            return sel.staged
        if sel.build == "spell":
            return self.casting.action()
        if sel.shooters and sel.target is not None and self.firing.allowed_now():
            return Fire(tuple(sel.shooters), sel.target)
        if sel.attackers and sel.defenders and sel.build == "attack":
            return Attack(tuple(sel.attackers), tuple(sel.defenders), sel.legs)
        if sel.web is not None and len(sel.attackers) == 1 and sel.build == "attack":
            return DestroyWeb(sel.attackers[0], sel.web)
        return None

    # -- feedback --------------------------------------------------------------------------

    def message(self) -> Message | None:
        """The last feedback (a refusal with its rule, or what was done)."""
        return self._msg

    def say(self, text: Phrase | str, rule: str = "", *, refused: bool = False) -> None:
        """Feedback of the client's own: a literal message (a catalog's entry, said in the
        player's language) or a phrase."""
        said = Phrase(" ".join(text.split())) if isinstance(text, str) else text
        self._msg = Message(said, rule, refused)

    def tell(self, text: Phrase | str, rule: str = "", *, refused: bool = False) -> None:
        """The engine's words (a verdict's reason), passed on as they are."""
        self._msg = Message(text, rule, refused)

    def silence(self) -> None:
        """No feedback to show (the last one is out of date)."""
        self._msg = None

    def refuse(self, verdict: Explanation, context: Iterable[Hex] = ()) -> None:
        """Show the engine's refusal, redacted for the viewer."""
        reason, rule = self.redact(verdict.said, verdict.rule, context)
        self.tell(reason, rule, refused=True)

    def secret(self, reason: Phrase | str, rule: str, context: Iterable[Hex] = ()) -> bool:
        """Would this reason tell the viewer of a spider web hidden from him?"""
        return common.is_secret(self.game, self.visibility(), reason, rule, context)

    def redact(
        self, reason: Phrase | str, rule: str, context: Iterable[Hex] = ()
    ) -> tuple[Phrase | str, str]:
        return common.redacted(self.game, self.visibility(), reason, rule, context)

    def hint(self) -> Phrase | str:
        """One line for the phase bar: what the player may do now."""
        mode = self.mode
        game = self.game
        sel = self.sel
        if mode is Mode.OVER:
            return tell("the game is over")
        if mode is Mode.CONFIRM:
            return tell("confirm (Enter) or cancel (right click); clicks still change the choice")
        if sel.build == "deploy" and sel.unit is not None:
            return tell(
                "click a highlighted hex to place {unit}; right click to choose another",
                unit=Who(sel.unit),
            )
        if sel.build == "enter" and sel.unit is not None:
            return tell(
                "click a highlighted entry hex to bring {unit} in; right click to cancel",
                unit=Who(sel.unit),
            )
        prompt = self.prompt()
        if prompt is not None and prompt.kind == "deploy":
            if prompt.choices:
                return tell("choose a character (panel or a zone hex), then a highlighted hex")
            return tell("everyone is placed: End phase (E), or click one to pick him up")
        if prompt is not None and prompt.kind == "leave" and mode is Mode.MOVE:
            return tell(
                "click a highlighted hex to move there, or a button (X: leave the map, "
                "D: go down) to take him off the map"
            )
        if prompt is not None and prompt.kind == "reinforcements" and not prompt.choices:
            prompt = None  # only a list of who comes later: the phase's own hint
        if prompt is not None and (prompt.kind != "combats" or mode is not Mode.ATTACK):
            return prompt.question
        if mode is Mode.MOVE:
            return tell("click a highlighted hex to move there; right click to cancel")
        if mode is Mode.FIRE:
            return tell("click archers to choose the shooters, then an enemy as the target")
        if mode is Mode.ATTACK:
            return tell("click your attackers, then the enemies they attack (or a web)")
        actions = game.phase.actions
        if "Move" in actions:
            return tell("click a character to move him; End phase when done")
        if "Fire" in actions:
            return tell("click an archer or a target to fire; End phase when done")
        if "Attack" in actions:
            return tell("click a character or an enemy to attack; End phase when done")
        return tell("End phase when done")

    # -- the one door ----------------------------------------------------------------------

    def apply_action(self, action: Action, context: Iterable[Hex] = ()) -> list[Event] | None:
        """`Game.explain` then `Game.apply`; a refusal is shown and changes nothing."""
        verdict = self.game.explain(action)
        if not verdict.legal:
            self.refuse(verdict, context)
            self.touched()
            return None
        try:
            events = self.game.apply(action)
        except IllegalAction as exc:  # pragma: no cover - explain and apply agree
            self.refuse(exc.explanation, context)
            return None
        self.last_events = events
        build = self.sel.build
        self.clear()
        self._seen = self._key()
        if build in ("fire", "attack") and self.decision() is None and self._phase_allows(build):
            self.sel.build = build  # go on choosing the next shot or attack
        self._prepare_decision()
        if build == "deploy" and self.decision() is None:
            self.placing.select_next_to_deploy()
        reason, rule = self.redact(verdict.said, verdict.rule, context)
        self.tell(reason, rule)
        return events

    def _phase_allows(self, build: str) -> bool:
        wanted = {"fire": "Fire", "attack": "Attack", "move": "Move"}[build]
        return wanted in self.game.phase.actions

    def do(self, action: Action) -> list[Event] | None:
        """Apply a click's action, or stage it when moves are confirmed."""
        if self.confirm_moves:
            verdict = self.game.explain(action)
            if not verdict.legal:
                self.refuse(verdict)
                return None
            self.sel.staged = action
            return None
        return self.apply_action(action)

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
            self.say("the game is over", refused=True)
            return None
        if h not in self.game.board.cells:
            return None
        self.touched()
        if self.sel.staged is not None:
            return self._click_staged(h)
        return self.tool().click(h)

    def _click_staged(self, h: Hex) -> list[Event] | None:
        """In `CONFIRM` after a staged click: the same hex again confirms, another hex
        drops the staged action and counts as a fresh click."""
        staged = self.sel.staged
        self.sel.staged = None
        if staged is not None and h in self._context(staged)[-1:]:
            return self.apply_action(staged)
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

    def command(self, name: str) -> list[Event] | None:
        """A key or button: see `COMMANDS`. Returns the events when it made an action."""
        self._sync()
        self.touched()
        if name == "cancel":
            self._cancel()
            return None
        if name == "undo":
            if self.game.undo():
                self.reset()
                self.say("undone")
            else:
                self.say("nothing to undo: undo stops at the last die roll or reveal")
            return None
        if self.game.over:
            self.say("the game is over", refused=True)
            return None
        if name == "confirm":
            action = self._staged_action() or self.moving.hovered_move(self._hover)
            if action is None:
                self.say("nothing to confirm yet", refused=True)
                return None
            return self.apply_action(action, self._context(action))
        if name == "end_phase":
            return self.apply_action(EndPhase())
        if name == "pass":
            return self.apply_action(Pass())
        if name == "cast":
            self.casting.start()
            return None
        if name in ("fire", "attack"):
            self._enter(name, Fire((), "") if name == "fire" else Attack((), ()))
            return None
        if name == "move":
            if self.decision() is None and "Move" in self.game.phase.actions:
                self.clear()  # idle: a click on a character selects him
                return None
            self.refuse(self.game.explain(Move("", ())))
            return None
        if name in ("rotate", "rotate_back"):
            self._rotate(1 if name == "rotate" else -1)
            return None
        if name in ("leave_map", "enter_passage"):
            return self.placing.way_out(name)
        if name == "between_legs":
            self.attacking.toggle_between_legs()
            return None
        self.say(tell("unknown command {name}", name=repr(name)), refused=True)
        return None

    def choose(self, index: int) -> list[Event] | None:
        """Answer the pending decision with `prompt().choices[index]` (buttons)."""
        prompt = self.prompt()
        if prompt is None or not 0 <= index < len(prompt.choices):
            self.say("there is no such choice", refused=True)
            return None
        choice = prompt.choices[index]
        if prompt.kind in PLACING_PROMPTS and choice.unit is not None:
            self.placing.choose(choice.unit, prompt.kind)
            return None
        if prompt.kind == "spell_book" and isinstance(choice.action, CastSpell):
            self.casting.choose_spell(choice.action.spell)
            return None
        return self.apply_action(choice.action)

    def pick_up(self, uid: str) -> list[Event] | None:
        """Take back the placement of `uid` during his side's deployment (see
        `PlaceTool.pick_up`)."""
        return self.placing.pick_up(uid)

    def drag_place(self, start: Hex, end: Hex) -> list[Event] | None:
        """A counter dragged from `start` to `end` during a deployment: pick him up and
        place him there."""
        return self.placing.drag(start, end)

    # -- commands ----------------------------------------------------------------------------

    def _enter(self, build: str, probe: Action) -> None:
        decision = self.decision()
        if decision is not None:
            if build == "fire" and decision.kind in FIRE_DECISIONS:
                return
            self.refuse(self.game.explain(probe))
            return
        if probe.kind not in self.game.phase.actions:
            self.refuse(self.game.explain(probe))  # the phase's refusal, with its rule
            return
        self.clear()
        self.sel.build = build

    def _cancel(self) -> None:
        sel = self.sel
        decision = self.decision()
        if sel.staged is not None:
            sel.staged = None
        elif sel.route:
            sel.route.pop()
        elif decision is not None:
            keep_target = sel.target if decision.kind == "defensive_fire" else None
            sel.shooters, sel.target = [], keep_target
            if len(list(combat_results.iter_decision_units(decision))) > 1:
                sel.unit = None
        else:
            self.clear()
        self._msg = None

    def _rotate(self, step: int) -> None:
        """R / Shift+R: a placed character's facing, a gallery's orientation, or the
        orientation the Queen or a Guard ends her move with."""
        if self.sel.build in ("deploy", "enter"):
            self.placing.rotate(step)
        elif self.casting.turns():
            self.sel.facing = ((self.sel.facing or 0) + step) % 6  # the gallery's orientation
            self.touched()
        else:
            self.moving.rotate(step, self._hover)

    # -- views -------------------------------------------------------------------------------

    def prompt(self) -> Prompt | None:
        """The pending decision (for whichever side must answer), or None."""
        self._sync()
        if self.sel.build == "spell":
            book = self.casting.prompt()
            if book is not None:
                return book
        if self.decision() is not None:
            return self.deciding.prompt()
        return self.attacking.plan_prompt() or self.placing.prompt()

    def spell_window(self) -> bool:
        """Is the pending decision a window open for a spell alone: a cast window of the
        Krob turn, or the pause after a Krob's step when no archer may fire at it? (The
        screen may pass it quietly: docs/client-controller.md, "Spell windows".)"""
        return self.casting.window()

    def cast_possible(self) -> bool:
        """Would the Magic button act now (a wizard may cast, the moment allows it)?"""
        self._sync()
        return self.casting.allowed_now() is None and bool(self.casting.wizards())

    def overlays(self) -> Overlays:
        """What to draw over the map now (cheap to call every frame: memoised)."""
        self._sync()
        return self.memoised(("overlays", self._hover, self.sel.facing), self._overlays)

    def _overlays(self) -> Overlays:
        base = self.tool().overlays(self.mode, self._hover)
        planned = self.attacking.planned_combats()
        stacked = tuple(movement.shared_hexes(self.game)) if self.game.rules is not None else ()
        if not planned and not stacked:
            return base
        return dataclasses.replace(base, planned=planned, stacked=stacked)

    def preview(self) -> Preview | None:
        """The numbers to show before confirming (None: nothing to show)."""
        self._sync()
        return self.memoised(("preview", self._hover, self.sel.facing), self._preview)

    def _preview(self) -> Preview | None:
        action = self._staged_action()
        if isinstance(action, Fire):
            return self.firing.shot_preview(action)
        if isinstance(action, Attack):
            return self.attacking.attack_preview(action)
        if isinstance(action, DestroyWeb):
            return self.attacking.web_preview(action)
        if isinstance(action, Move | Jump):
            return self.moving.move_preview(action)
        if isinstance(action, CastSpell):
            return self.casting.spell_preview(action)
        if isinstance(action, SailBoat):
            return self.moving.sail_preview(action)
        return self.tool().hover_preview(self._hover)
