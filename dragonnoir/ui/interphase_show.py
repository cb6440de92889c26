"""The Gharv interphases shown as they happen (issue 10, the client): after an action,
the events the engine played by itself in a Gharv interphase — an appearance roll that
called a Gharv, the numbered water hexes and the die that chose one, each Gharv attack
with its odds and result, the capsize roll, the Gharvs withdrawing — become *beats*:
one caption and the hexes concerned, shown one after the other on the map at the
chosen animation speed, each with its log line. An interphase where nothing happens
makes no beat (its phase lines only).

Pure logic without pygame (`beats_of`), and a small player (`InterphaseShow`) the game
screen advances each frame and draws; any click or key skips the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from dragonnoir.engine.events import (
    BoatCapsized,
    CombatResolved,
    DieRolled,
    Event,
    GharvAppeared,
    GharvLeft,
    PhaseBegan,
    UnitMoved,
)
from dragonnoir.engine.game import Game
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.i18n import _, current
from dragonnoir.narration import names
from dragonnoir.narration.narrator import Narrator
from dragonnoir.narration.phrase import DataName, Value, english

#: Seconds a beat stays on screen at animation speed 1.
BEAT_SECONDS = 0.9
#: A result's beat lasts this many beats: the die rolls, then the outcome is read.
RESULT_LENGTH = 2.0


def die_text(die: int, modified: int) -> str:
    """A die as the result marks write it: "5", or "3 -> 4" when it was modified."""
    return str(modified) if modified == die else f"{die} -> {modified}"


def data_name(name: Value) -> str:
    """A name of the rules data (a result's "Defender killed": the engine gives it as a
    `DataName`) in the reader's language."""
    if isinstance(name, DataName):
        name = name.name
    if isinstance(name, str):
        return names.data_name(name, current())
    return Narrator(str, str).value(name)


def die_mark(at: Hex | None, die: int, modified: int, outcome: str) -> ResultMark | None:
    """A die that ended in `outcome` (words), on hex `at`: "3 -> 4: Defender wounded"."""
    if at is None:
        return None
    label = _("{die}: {outcome}").format(die=die_text(die, modified), outcome=outcome)
    return ResultMark(at, str(modified), label)


def combat_mark(event: CombatResolved, at: Hex | None) -> ResultMark | None:
    """A combat's die and result, on the defender's hex (`at`)."""
    outcome = data_name(event.meaning) if event.meaning else event.result
    return die_mark(at, event.die, event.modified_die, outcome)


@dataclass(frozen=True, slots=True)
class ResultMark:
    """A die and what it did, shown on the map where it happened (issue 45: the player who
    caused a result sees it): on hex `at`, a die rolling to `face`, then `label` ("5:
    Defender killed", "Fireball 3 -> 4: Wounded")."""

    at: Hex
    face: str
    label: str


@dataclass(frozen=True, slots=True)
class Beat:
    """One moment of an interphase: what to say and which hexes to mark (`line`: an
    attack, from the Gharv to its victim)."""

    caption: str
    hexes: tuple[Hex, ...] = ()
    line: tuple[Hex, Hex] | None = None
    numbered: tuple[tuple[Hex, str], ...] = ()
    #: A character walking `hexes` (his path, from where he stood): his counter is
    #: drawn stepping along it while the beat lasts.
    walker: str = ""
    #: A die rolled and its result, drawn at its hex (`ResultMark`).
    mark: ResultMark | None = None
    #: How long the beat lasts, in beats (`BEAT_SECONDS` at animation speed 1): a result
    #: stays longer than a step, a long walk longer than a short one.
    length: float = 1.0


def beats_of(game: Game, events: Iterable[Event], name: Callable[[str], str] = str) -> list[Beat]:
    """The beats of the Gharv interphase events among `events` (in order)."""
    out: list[Beat] = []
    in_interphase = False
    units = game.state.units
    for event in events:
        if isinstance(event, PhaseBegan):
            in_interphase = event.phase.startswith("gharv")
            continue
        if not in_interphase:
            continue
        purpose = english(event.purpose, game.where) if isinstance(event, DieRolled) else ""
        if isinstance(event, DieRolled) and purpose.startswith("where the Gharv rises"):
            choices = _numbered(game, purpose)
            n = max(1, len(choices))
            if event.value > 10 // n * n:
                said = _(
                    "Free water hexes numbered; the die shows {die}: no such number, rolled again"
                )
                said = said.format(die=event.value)
            else:
                said = _("Free water hexes numbered; the die shows {die}: number {n}")
                said = said.format(die=event.value, n=(event.value - 1) % n + 1)
            out.append(
                Beat(
                    said,
                    tuple(h for h, _number in choices),
                    numbered=choices,
                )
            )
        elif isinstance(event, GharvAppeared):
            out.append(
                Beat(
                    _("{gharv} rises next to {victim}").format(
                        gharv=name(event.gharv), victim=name(event.victim)
                    ),
                    (event.hex,),
                )
            )
        elif isinstance(event, CombatResolved) and event.attackers[0].startswith("gharv"):
            g = units.get(event.attackers[0])
            v = units.get(event.defenders[0]) if event.defenders else None
            line = (g.hex, v.hex) if g and v and g.hex and v.hex else None
            out.append(
                Beat(
                    _("{gharv} attacks {victim}: {odds} on {column}, die {die}: {meaning}").format(
                        gharv=name(event.attackers[0]),
                        victim=name(event.defenders[0]),
                        odds=event.odds,
                        column=event.column,
                        die=event.modified_die,
                        meaning=data_name(event.meaning) if event.meaning else event.result,
                    ),
                    tuple(h for h in (line or ()) if h is not None),
                    line=line,
                    mark=combat_mark(event, v.hex if v is not None else None),
                    length=RESULT_LENGTH,
                )
            )
        elif isinstance(event, BoatCapsized):
            out.append(Beat(_("{gharv} capsizes the boat").format(gharv=name(event.gharv))))
        elif isinstance(event, UnitMoved) and event.unit.startswith("gharv") and event.path:
            back = _("{gharv} heads back to the water").format(gharv=name(event.unit))
            out.append(Beat(back, event.path))
        elif isinstance(event, GharvLeft):
            left = _("{gharv} {why}").format(gharv=name(event.gharv), why=event.why)
            out.append(Beat(left, (event.hex,)))
    return out


def _numbered(game: Game, purpose: str) -> tuple[tuple[Hex, str], ...]:
    """The hexes of a placement draw, read back from its purpose ("1 (12,4), 2 ...")."""
    out: list[tuple[Hex, str]] = []
    _head, _colon, listed = purpose.partition(": ")
    for part in listed.split(", "):
        number, _, cell = part.partition(" ")
        if not cell.startswith("(") or "," not in cell:
            continue
        try:
            col, row = (int(x) for x in cell.strip("()").split(",")[:2])
        except ValueError:
            continue
        out.append((game.board.grid.to_hex(col, row), number))
    return tuple(out)


@dataclass
class InterphaseShow:
    """Plays beats one after the other (`advance(dt)`); `current` is the one to draw."""

    beats: list[Beat] = field(default_factory=list)
    left: float = 0.0
    speed: float = 1.0

    def start(self, beats: list[Beat], speed: float) -> None:
        self.speed = speed
        self.beats = list(beats) if speed > 0 else []
        self.left = self._duration() if self.beats else 0.0

    def _duration(self) -> float:
        length = self.beats[0].length if self.beats else 1.0
        return BEAT_SECONDS * length / max(self.speed, 0.05)

    @property
    def current(self) -> Beat | None:
        return self.beats[0] if self.beats else None

    @property
    def progress(self) -> float:
        """How far the current beat is, 0 to 1."""
        if not self.beats:
            return 1.0
        return min(1.0, max(0.0, 1.0 - self.left / self._duration()))

    def advance(self, dt: float) -> None:
        if not self.beats:
            return
        self.left -= dt
        while self.beats and self.left <= 0:
            self.beats.pop(0)
            self.left += self._duration()

    def skip(self) -> bool:
        """Drop what is left; True when something was showing."""
        showing = bool(self.beats)
        self.beats = []
        return showing
