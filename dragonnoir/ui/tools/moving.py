"""Moving a character ("Movement"): his reachable hexes with their cost and rolls, a
daredevil's jumps and a Gargoyle's flights, a passenger's boat journeys ("Movement by
Boat"), the path under the mouse, and a Queen's or Guard's orientation (R)."""

from __future__ import annotations

from dragonnoir.engine.actions import Action, Fly, Jump, Move, SailBoat
from dragonnoir.engine.events import Event
from dragonnoir.engine.explain import Explanation
from dragonnoir.engine.rules import boats, flight, movement
from dragonnoir.engine.state import Unit
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import Who, tell
from dragonnoir.ui.controller_views import (
    JumpOption,
    Mode,
    MovePreview,
    Overlays,
    Preview,
    Reach,
    SailOption,
)
from dragonnoir.ui.tools.base import Tool


class MoveTool(Tool):
    """A character is selected: a click on a highlighted hex moves him there (or stages
    the move when moves are confirmed), a click on a friend selects the friend."""

    # -- what the selected character may do (memoised until the next click) ---------------

    def reach(self, uid: str | None = None) -> dict[Hex, Reach]:
        """The hexes `uid` (default: the selected one) may end his move on
        (`legal_destinations`); a web stop only for a viewer who sees every web."""
        uid = uid or self.sel.unit
        if uid is None:
            return {}

        def make() -> dict[Hex, Reach]:
            vis = self.vis()
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

        return self.ui.memoised(("reach", uid), make)

    def jumps(self, uid: str | None = None) -> dict[Hex, JumpOption]:
        """The hexes `uid` may jump to (the engine's `explain(Jump)`), and a Gargoyle's
        flights shown like jumps ("The Spectres")."""
        uid = uid or self.sel.unit
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

        return self.ui.memoised(("jumps", uid), make)

    def sails(self, uid: str | None = None) -> dict[Hex, SailOption]:
        """Where `uid` may row his boat, by the hex its leading end ends on (the cheapest
        journey there): "Movement by Boat"."""
        uid = uid or self.sel.unit
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
                if not isinstance(voyage, boats.Voyage):
                    continue
                end = action.path[-1]
                old = out.get(end)
                if old is None or voyage.cost < old.cost:
                    out[end] = SailOption(action, voyage.cost, budget[0], voyage.positions[-1])
            return out

        return self.ui.memoised(("sails", uid), make)

    def move_action(self, reach: Reach) -> Move:
        """The move to `reach`, with the chosen orientation when he has one."""
        sel = self.sel
        assert sel.unit is not None
        if not reach.facings:
            return Move(sel.unit, reach.path)
        facing = sel.facing if sel.facing in reach.facings else reach.facings[0]
        return Move(sel.unit, reach.path, facing)

    def hovered_move(self, hover: Hex | None) -> Action | None:
        """What Enter does in the move mode without a staged action: row the boat or
        move to the hovered hex — the way to end on a friend's hex, where a click
        chooses the friend instead (Stacking is checked at the phase's end)."""
        if self.sel.build != "move" or self.sel.unit is None or hover is None:
            return None
        sail = self.sails().get(hover)
        if sail is not None:
            return sail.action
        reach = self.reach().get(hover)
        return None if reach is None else self.move_action(reach)

    # -- clicks ------------------------------------------------------------------------------

    def select(self, unit: Unit) -> list[Event] | None:
        """Select `unit` to move him, or say why he cannot move."""
        reach = self.reach(unit.id)
        jumps = self.jumps(unit.id)
        if not reach and not jumps and not self.sails(unit.id):
            verdict = self.game.explain(Move(unit.id, ()))
            if verdict.legal or "at least one hex" in verdict.reason:
                nowhere = tell("{unit} has no hex within reach", unit=Who(unit.id))
                self.ui.say(nowhere, movement.R_MOVEMENT, refused=True)
            else:
                self.ui.refuse(verdict)
            return None
        self.ui.clear()
        self.sel.build = "move"
        self.sel.unit = unit.id
        return None

    def click(self, h: Hex) -> list[Event] | None:
        ui = self.ui
        assert self.sel.unit is not None
        unit = self.game.state.units[self.sel.unit]
        friend = self.own_at(h, self.game.to_act())
        if friend is not None and friend.id != unit.id:
            # A click on a friend chooses him; a move may still end on his hex
            # (Stacking is checked at the end of the phase): hover it and confirm.
            return self.select(friend)
        sail_first = self.sails().get(h)
        if sail_first is not None:  # a passenger on a hex his boat can reach rows there
            return ui.do(sail_first.action)
        reach = self.reach().get(h)
        if reach is not None:
            action = self.move_action(reach)
            if reach.path or action.facing != unit.facing:
                return ui.do(action)
        jump = self.jumps().get(h)
        if jump is not None and jump.direction == "fly":
            path = flight.flights(self.game, unit).get(h)
            if path is not None:
                return ui.do(Fly(unit.id, path))
        if jump is not None:
            return ui.do(Jump(unit.id, h))
        side = self.game.to_act()
        own = self.own_at(h, side)
        if own is not None and own.id != unit.id:
            return self.select(own)
        if own is not None or (unit.hex is not None and h == unit.hex):
            ui.clear()  # a click on the selected character lets him go
            ui.silence()
            return None
        assert unit.hex is not None
        # The reason that decides it: the cheapest path's cost, or what closes every way
        # (issue 8, ruling 8) — not the first obstacle on a straight line.
        verdict = movement.why_not_reach(self.game, unit.id, h)
        if verdict.legal:
            ui.say(
                tell("{unit} cannot end his move on {cell}", unit=Who(unit.id), cell=h),
                movement.R_STACKING,
                refused=True,
            )
        else:
            ui.refuse(verdict, (h,))
        return None

    def rotate(self, step: int, hover: Hex | None) -> None:
        """R / Shift+R: the next orientation the Queen or a Guard may end with ("Movement")."""
        sel = self.sel
        if sel.build != "move" or sel.unit is None:
            self.ui.say("select a Queen or a Guard first", refused=True)
            return
        reach = self.reach()
        options: tuple[int, ...] = ()
        if hover is not None and hover in reach:
            options = reach[hover].facings
        if not options:
            options = tuple(sorted({f for r in reach.values() for f in r.facings}))
        if not options:
            self.ui.say(
                "only the Queen and her Guards choose an orientation", "Movement", refused=True
            )
            return
        current = sel.facing if sel.facing in options else options[0]
        sel.facing = options[(options.index(current) + step) % len(options)]

    # -- views -------------------------------------------------------------------------------

    def overlays(self, mode: Mode, hover: Hex | None) -> Overlays:
        sel = self.sel
        if sel.unit is None:
            return self.ui.placing.overlays(mode, hover)
        reach = self.reach()
        unit = self.game.state.units[sel.unit]
        path: tuple[Hex, ...] = ()
        if isinstance(sel.staged, Move):
            path = sel.staged.path
        elif hover is not None and hover in reach:
            path = reach[hover].path
        return Overlays(
            mode,
            hover,
            unit=sel.unit,
            reachable=reach,
            jumps=self.jumps(),
            sails=self.sails(),
            path=path,
            path_start=unit.hex,
            facing=sel.facing,
        )

    def hover_preview(self, hover: Hex | None) -> Preview | None:
        uid = self.sel.unit
        if uid is None or hover is None:
            return None
        sail = self.sails().get(hover)
        if sail is not None:
            return MovePreview("row", uid, hover, sail.action.path, sail.cost, 0)
        reach = self.reach().get(hover)
        if reach is not None:
            move = self.move_action(reach)
            return MovePreview(
                "move", uid, hover, reach.path, reach.cost, reach.rolls, facing=move.facing
            )
        jump = self.jumps().get(hover)
        if jump is not None and jump.direction == "fly":
            return MovePreview("fly", uid, hover, (hover,), jump.cost, 0)
        if jump is not None:
            return self.move_preview(Jump(uid, hover))
        return None

    def move_preview(self, action: Move | Jump) -> MovePreview:
        """A staged or hovered move or jump, with the engine's verdict."""
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
                verdict.said,
                verdict.rule,
                direction=str(d.get("direction", "")),
            )
        to = action.path[-1] if action.path else self.game.state.units[action.unit].hex
        assert to is not None
        reason, rule = self.ui.redact(verdict.said, verdict.rule, action.path)
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

    def sail_preview(self, action: SailBoat) -> MovePreview:
        """A staged boat journey, with the engine's verdict."""
        verdict = self.game.explain(action)
        return MovePreview(
            "row",
            action.unit,
            action.path[-1],
            action.path,
            int(verdict.details.get("cost", 0)),
            0,
            verdict.legal,
            verdict.said,
            verdict.rule,
        )
