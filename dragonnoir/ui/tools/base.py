"""The protocol of the game screen's tools, and the selection they build together.

A tool is what clicks on the map mean while the player does one thing (moves a
character, fires, attacks, casts, places, answers a decision). Each answers the same
questions, on the model of an editor's tools: what a click on a hex does (`click`),
what is drawn over the map (`overlays`), what the side panel previews for the hex under
the mouse (`hover_preview`) and, for those that ask something, the side panel's question
and answers (`prompt`). The `Controller` owns the game, the `Selection` and the one door
to the engine (`Controller.apply_action`), and picks the tool (`Controller.tool`)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING

from dragonnoir.engine.actions import Action
from dragonnoir.engine.events import Event
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side, Unit
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.ui.controller_views import Mode, Overlays, Preview, Prompt
from dragonnoir.ui.tools import common
from dragonnoir.ui.visibility import Visibility

if TYPE_CHECKING:
    from dragonnoir.ui.controller import Controller


@dataclass(slots=True)
class Selection:
    """What the player's clicks have chosen so far (forgotten by `Controller.clear`).

    `build` says what the clicks build: idle / move / deploy / enter / fire / attack /
    spell (a pending decision takes precedence: `Controller.building`)."""

    build: str = "idle"
    unit: str | None = None
    shooters: list[str] = field(default_factory=list)
    target: str | None = None
    attackers: list[str] = field(default_factory=list)
    defenders: list[str] = field(default_factory=list)
    legs: bool = False
    web: Hex | None = None
    route: list[Hex] = field(default_factory=list)
    facing: int | None = None
    staged: Action | None = None
    wizard: str | None = None
    spell: str | None = None
    spell_targets: list[str] = field(default_factory=list)

    def reset(self) -> None:
        """Forget everything, in place: a tool holding this selection sees the change."""
        fresh = Selection()
        for f in fields(self):
            setattr(self, f.name, getattr(fresh, f.name))


class Tool:
    """One thing the player does on the map. The defaults: a click does nothing, nothing
    is drawn but the hover, nothing is previewed or asked."""

    def __init__(self, ui: Controller) -> None:
        self.ui = ui

    @property
    def game(self) -> Game:
        return self.ui.game

    @property
    def sel(self) -> Selection:
        return self.ui.sel

    def vis(self) -> Visibility:
        return self.ui.visibility()

    # -- the protocol ------------------------------------------------------------------

    def click(self, h: Hex) -> list[Event] | None:
        """A left click on `h`: the events when it made an action, else None."""
        return None

    def overlays(self, mode: Mode, hover: Hex | None) -> Overlays:
        """What to draw over the map while this tool is in use."""
        return Overlays(mode, hover)

    def hover_preview(self, hover: Hex | None) -> Preview | None:
        """The numbers of what a click on `hover` would do (no staged action)."""
        return None

    def prompt(self) -> Prompt | None:
        """The side panel's question and answers, if this tool asks one."""
        return None

    # -- shared look-ups (ui/tools/common.py) ----------------------------------------------

    def units_at(self, h: Hex) -> list[Unit]:
        return common.units_at(self.game, self.vis(), h)

    def own_at(self, h: Hex, side: Side | None) -> Unit | None:
        return common.own_at(self.game, self.vis(), h, side)

    def enemy_at(self, h: Hex, side: Side | None) -> Unit | None:
        return common.enemy_at(self.game, self.vis(), h, side)
