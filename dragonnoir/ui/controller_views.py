"""What the game screen's controller hands the screen: plain frozen values, no pygame.

`Mode` (what clicks on the map mean now), `Message` (the last feedback), `Overlays`
(what is drawn over the map), the previews (`MovePreview`, `ShotPreview`,
`AttackPreview`, `WebPreview`, `SpellPreview`: the numbers before an action is made) and
`Prompt` / `Choice` (the pending decision and its answers). They live apart from
`ui.controller.Controller` and its tools (ui/tools/) so that the screen's painters and
cards (`ui.overlays`, `ui.preview_card`) read them without knowing who made them; the
contract is docs/client-controller.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from dragonnoir.engine.actions import Action, SailBoat
from dragonnoir.engine.state import Side
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import Phrase, english


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

    #: A phrase of the client's, or the engine's words (a `str` until the engine says
    #: phrases everywhere: issue 41 §1); the screen says it with the game's narrator.
    text: Phrase | str
    rule: str = ""
    refused: bool = False

    @property
    def english(self) -> str:
        """The text in English with ids, for logs and tests (the screen narrates it)."""
        return english(self.text)

    def __str__(self) -> str:
        cite = f" [{self.rule}]" if self.rule else ""
        return f"{'Not allowed: ' if self.refused else ''}{self.english}{cite}"


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
    reason: Phrase | str = ""
    rule: str = ""
    facing: int | None = None
    direction: str = ""  # a jump: "up" or "down"

    def lines(self) -> list[str]:
        out = [f"{self.kind} {self.unit}: {self.cost} MP"]
        if self.rolls:
            out.append(f"{self.rolls} infiltration roll" + ("s" if self.rolls > 1 else ""))
        if self.direction:
            out.append(f"jump {self.direction}: the Jump Table is rolled")
        out.extend(_refusal(self.legal, self.reason, self.rule))
        return out


@dataclass(frozen=True, slots=True)
class ShotView:
    """One shot before the die (`fire.explain_shot`), hidden information removed."""

    shooter: str
    target: str
    legal: bool
    reason: Phrase | str
    rule: str
    weapon: str = ""
    range: int = 0
    cover: str = ""
    cover_why: tuple[tuple[Phrase | str, str], ...] = ()
    modifiers: tuple[tuple[int, Phrase | str, str], ...] = ()
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
        out.extend(_refusal(self.legal, self.reason, self.rule))
        return out


@dataclass(frozen=True, slots=True)
class ShotPreview:
    """A `Fire` before it is made: one `ShotView` per shooter (one die each)."""

    shooters: tuple[str, ...]
    target: str
    mode: str
    legal: bool
    reason: Phrase | str
    rule: str
    shots: tuple[ShotView, ...]
    kind: str = "fire"

    def lines(self) -> list[str]:
        out: list[str] = [f"{self.mode} fire at {self.target}"]
        for shot in self.shots:
            out.extend(shot.lines())
        out.extend(_refusal(self.legal, self.reason, self.rule))
        return out


@dataclass(frozen=True, slots=True)
class ShiftView:
    """A column shift, why, and the column the odds stand at after it (the shifts so far
    summed, clamped to the table)."""

    columns: int
    reason: Phrase | str
    column_after: str


@dataclass(frozen=True, slots=True)
class AttackPreview:
    """An `Attack` before the die (`Game.explain(Attack).details`)."""

    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    legal: bool
    reason: Phrase | str
    rule: str
    attack: int = 0
    attack_parts: tuple[tuple[str, int, str], ...] = ()
    defence: int = 0
    defence_parts: tuple[tuple[str, int, str], ...] = ()
    ratio: str = ""
    odds: str = ""
    shifts: tuple[ShiftView, ...] = ()
    column: str = ""
    die_modifiers: tuple[tuple[int, Phrase | str], ...] = ()
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
        out.extend(_refusal(self.legal, self.reason, self.rule))
        return out


@dataclass(frozen=True, slots=True)
class WebPreview:
    """A `DestroyWeb` before it is made."""

    unit: str
    at: Hex
    legal: bool
    reason: Phrase | str
    rule: str
    cost: int = 0
    budget: int = 0
    kind: str = "destroy_web"

    def lines(self) -> list[str]:
        out = [f"{self.unit} destroys the web: {self.cost} MP of {self.budget}"]
        out.extend(_refusal(self.legal, self.reason, self.rule))
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
    reason: Phrase | str
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

    label: Phrase | str
    action: Action
    unit: str | None = None
    hexes: tuple[Hex, ...] = ()


@dataclass(frozen=True, slots=True)
class Prompt:
    """The pending decision: who answers, the question, the legal answers."""

    kind: str
    side: Side
    question: Phrase | str
    choices: tuple[Choice, ...]
    can_pass: bool
    #: The unit whose retreat / advance is being chosen, and the hexes clicked so far.
    unit: str | None = None
    route: tuple[Hex, ...] = ()


def _refusal(legal: bool, reason: Phrase | str, rule: str) -> list[str]:
    """The line a refused action adds to its preview's text (none when it is allowed):
    English, for tests and logs; the side panel narrates the preview's fields."""
    return [] if legal else [f"not allowed: {english(reason)} [{rule}]"]
