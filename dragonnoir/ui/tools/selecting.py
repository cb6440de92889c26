"""Nothing chosen yet: a click picks the tool the phase calls for — a character to move,
an archer or a target to fire, an attacker, a defender or a web, a deployment hex."""

from __future__ import annotations

from dragonnoir.engine.actions import Move
from dragonnoir.engine.events import Event
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.ui.controller_views import Mode, Overlays
from dragonnoir.ui.tools.base import Tool


class SelectTool(Tool):
    """The idle tool: what a click selects depends on the phase's actions."""

    def click(self, h: Hex) -> list[Event] | None:
        ui = self.ui
        game = self.game
        sel = self.sel
        side = game.to_act()
        actions = game.phase.actions
        own = self.own_at(h, side)
        enemy = self.enemy_at(h, side)
        if "Deploy" in actions:
            return ui.placing.click_idle(h, own)
        if "Move" in actions:
            if own is not None:
                return ui.moving.select(own)
            anyone = own or enemy
            if anyone is not None:
                ui.refuse(game.explain(Move(anyone.id, ())))
            return None
        if "Fire" in actions and (own is not None or enemy is not None):
            sel.build = "fire"
            events = ui.firing.click(h)
        elif "Attack" in actions and (
            own is not None or enemy is not None or ui.attacking.web_here(h)
        ):
            sel.build = "attack"
            events = ui.attacking.click(h)
        else:
            return None
        if not (sel.shooters or sel.target or sel.attackers or sel.defenders):
            sel.build = "idle"  # a refused first click leaves nothing chosen
        return events

    def overlays(self, mode: Mode, hover: Hex | None) -> Overlays:
        return self.ui.placing.overlays(mode, hover)  # a deployment's zone, if any
