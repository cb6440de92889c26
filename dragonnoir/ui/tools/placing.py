"""Placing characters off the map: the deployment ("Deployment"), the reinforcements
that enter the map, and the ways off it (leaving the map, going down a passage). The
legal hexes come from the engine through `ui.placement`."""

from __future__ import annotations

from typing import Any

from dragonnoir.engine.actions import Action, Deploy, EndPhase, EnterMap, EnterPassage, LeaveMap
from dragonnoir.engine.events import Event
from dragonnoir.engine.rules.offmap import passages
from dragonnoir.engine.state import Unit
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import Many, Phrase, Who, tell
from dragonnoir.ui import placement
from dragonnoir.ui.controller_views import Choice, Mode, Overlays, Prompt
from dragonnoir.ui.tools.base import Tool

#: Prompt kinds that list characters to choose (deployment, reinforcements): a choice
#: selects the character; the click on a hex then places him.
PLACING_PROMPTS = frozenset({"deploy", "reinforcements"})


class PlaceTool(Tool):
    """A character off the map is chosen (`build` "deploy" or "enter"): a click on a
    highlighted hex places him or brings him in; in a deployment, a click on another
    placed character picks him up."""

    def options(self, uid: str) -> dict[Hex, Action]:
        """The hexes the engine lets `uid` (off the map) be placed or brought in on now."""
        facing = self.sel.facing

        def make() -> dict[Hex, Action]:
            if "Deploy" in self.game.phase.actions:
                return dict(placement.deploy_options(self.game, uid, facing))
            if "EnterMap" in self.game.phase.actions:
                return dict(placement.enter_options(self.game, uid, facing))
            return {}

        return self.ui.memoised(("placing", uid, facing), make)

    def choose(self, uid: str, kind: str) -> None:
        """A character chosen from the side panel's list (`kind`: the prompt's)."""
        self.ui.clear()  # choose the character; a click on a hex places him
        self.sel.build = "deploy" if kind == "deploy" else "enter"
        self.sel.unit = uid
        self.ui.silence()

    def rotate(self, step: int) -> None:
        """R: a Queen's or Guard's facing as placed."""
        self.sel.facing = ((self.sel.facing or 0) + step) % 6
        self.ui.touched()

    def select_next_to_deploy(self) -> None:
        """After a placement: the next character still to place is chosen (the player
        places them one click each)."""
        waiting = placement.to_deploy(self.game, self.game.to_act())
        if waiting:
            self.sel.build, self.sel.unit = "deploy", waiting[0].uid

    # -- clicks ------------------------------------------------------------------------------

    def click_idle(self, h: Hex, own: Unit | None) -> list[Event] | None:
        """A deployment phase, nobody chosen: a placed character of the side is picked
        up; a hex of the zone takes the first character still to place."""
        if own is not None:
            return self.pick_up(own.id)
        waiting = placement.to_deploy(self.game, self.game.to_act())
        if not waiting:
            self.ui.say("everyone is placed: End phase (E) when you are ready", refused=True)
            return None
        self.sel.build, self.sel.unit = "deploy", waiting[0].uid
        return self.click(h)

    def click(self, h: Hex) -> list[Event] | None:
        """The chosen off-map character goes on `h` (Deploy / EnterMap); another own
        character clicked in a deployment is picked up instead."""
        sel = self.sel
        uid = sel.unit
        if uid is None:
            sel.build = "idle"
            return None
        if sel.build == "deploy":
            own = self.own_at(h, self.game.to_act())
            if own is not None and own.id != uid:
                return self.pick_up(own.id)
        action = self.options(uid).get(h)
        if action is None:
            make = Deploy if sel.build == "deploy" else EnterMap
            probe: Action = make(uid, h, sel.facing)
            self.ui.refuse(self.game.explain(probe), (h,))
            return None
        return self.ui.apply_action(action, (h,))

    def pick_up(self, uid: str) -> list[Event] | None:
        """Take back the placement of `uid` during his side's deployment: the engine's
        own re-placement when it allows one (a `Deploy` of a placed character), else
        the placements since his are undone and the others made again (no die is
        rolled while deploying). He is then the one to place."""
        game = self.game
        ui = self.ui
        unit = game.state.units.get(uid)
        if unit is None or unit.hex is None or "Deploy" not in game.phase.actions:
            return None
        if placement.deploy_options(game, uid):
            ui.clear()
            self.sel.build, self.sel.unit = "deploy", uid  # the engine places him again
            ui.say(tell("{unit} chosen: click a highlighted hex to place him again", unit=Who(uid)))
            return None
        history = game.history
        at = max(
            (i for i, a in enumerate(history) if isinstance(a, Deploy) and a.unit == uid),
            default=None,
        )
        if at is None or not all(isinstance(a, Deploy) for a in history[at:]):
            ui.say(tell("{unit} was not placed in this deployment", unit=Who(uid)), refused=True)
            return None
        later = [a for a in history[at + 1 :] if isinstance(a, Deploy)]
        while len(game.history) > at:
            if not game.undo():
                ui.say("undo stops at a reveal: he stays where he is", refused=True)
                for action in history[len(game.history) :]:
                    game.apply(action)
                return None
        events: list[Event] = []
        for action in later:
            if game.explain(action).legal:
                events.extend(game.apply(action))
        ui.clear()
        ui.caught_up()
        self.sel.build, self.sel.unit = "deploy", uid
        ui.say(tell("{unit} picked up: click a hex of the zone to place him again", unit=Who(uid)))
        return events

    def drag(self, start: Hex, end: Hex) -> list[Event] | None:
        """A counter dragged from `start` to `end` during a deployment: pick him up and
        place him there."""
        own = self.own_at(start, self.game.to_act())
        if own is None or "Deploy" not in self.game.phase.actions or start == end:
            return None
        picked = self.pick_up(own.id)
        if self.sel.unit != own.id:
            return picked
        placed = self.click(end)
        return (picked or []) + (placed or []) if placed is not None else picked

    def way_out(self, name: str) -> list[Event] | None:
        """`leave_map` / `enter_passage` for the selected character: the engine's first
        legal one, or its reason why not."""
        unit = self.game.state.units.get(self.sel.unit or "")
        if unit is None:
            self.ui.say("select a character first", refused=True)
            return None
        wanted = LeaveMap if name == "leave_map" else EnterPassage
        for way in placement.ways_out(self.game, unit):
            if isinstance(way.action, wanted):
                return self.ui.apply_action(way.action)
        if name == "leave_map":
            self.ui.refuse(self.game.explain(LeaveMap(unit.id)))
        else:
            probe = next(iter(passages(self.game)), "")
            self.ui.refuse(self.game.explain(EnterPassage(unit.id, probe)))
        return None

    # -- views -------------------------------------------------------------------------------

    def prompt(self) -> Prompt | None:
        """The side panel's list when there is no decision: the characters to deploy,
        the reinforcements (those that may come in now as buttons, the later ones in
        the text with their turn), or the selected character's ways off the map."""
        game = self.game
        sel = self.sel
        side = game.to_act()
        if side is None or game.state.pending:
            return None
        actions = game.phase.actions
        if "Deploy" in actions:
            waiting = placement.to_deploy(game, side)
            choices = tuple(
                Choice(
                    chosen(tell("place {unit}", unit=Who(o.uid)), o.uid == sel.unit),
                    Deploy(o.uid, o.hexes[0]) if o.hexes else EndPhase(),
                    o.uid,
                    tuple(self.options(o.uid)),
                )
                for o in waiting
            )
            if waiting:
                question = tell(
                    "Deployment: {n} to place. Choose one (or click a hex of the zone), then a "
                    "highlighted hex; click a placed one to pick him up.",
                    n=len(waiting),
                )
            else:
                question = tell("Deployment: everyone is placed. End phase (E) when you are ready.")
            return Prompt("deploy", side, question, choices, False, sel.unit)
        if sel.build == "move" and sel.unit is not None:
            unit = game.state.units.get(sel.unit)
            ways = placement.ways_out(game, unit) if unit is not None else []
            if ways:
                choices = tuple(
                    Choice(
                        tell("{way}: {verdict}", way=w.label, verdict=w.verdict.said),
                        w.action,
                        sel.unit,
                    )
                    for w in ways
                )
                question = tell(
                    "{unit} may leave the map (verdict below) or move on.", unit=Who(sel.unit)
                )
                return Prompt("leave", side, question, choices, False, sel.unit)
        if "EnterMap" in actions or "Move" in actions:
            waiting = placement.arriving(game, side)
            below = [o for o in placement.off_map(game, side) if o.state == placement.PASSAGE]
            if not waiting and not below:
                return None
            now = [o for o in waiting if self.options(o.uid)]
            later = [o for o in waiting if o not in now]
            lines: list[Phrase] = []
            if now:
                lines.append(tell("Reinforcements: {n} may come in now.", n=len(now)))
            if later:
                lines.append(tell("Later: {units}.", units=arrivals(later)))
            if below:
                lines.append(tell("Underground: {units}.", units=arrivals(below)))
            choices = tuple(
                Choice(
                    chosen(tell("bring in {unit}", unit=Who(o.uid)), o.uid == sel.unit),
                    next(iter(self.options(o.uid).values())),
                    o.uid,
                    tuple(self.options(o.uid)),
                )
                for o in now
            )
            return Prompt("reinforcements", side, sentences(lines), choices, False, sel.unit)
        return None

    def overlays(self, mode: Mode, hover: Hex | None) -> Overlays:
        """Deployment and reinforcements: the zone tinted, the hexes the chosen character
        may take now highlighted."""
        game = self.game
        sel = self.sel
        side = game.to_act()
        if "Deploy" not in game.phase.actions and sel.build != "enter":
            return Overlays(mode, hover)
        waiting = (
            placement.to_deploy(game, side)
            if "Deploy" in game.phase.actions
            else placement.arriving(game, side)
        )
        zone = frozenset(h for o in waiting for h in o.hexes)
        choice: frozenset[Hex] = frozenset()
        if sel.unit is not None and sel.build in ("deploy", "enter"):
            choice = frozenset(self.options(sel.unit))
        return Overlays(mode, hover, unit=sel.unit, choice_hexes=choice, zone=zone)


def chosen(label: Phrase, selected: bool) -> Phrase:
    """A button's label, marked when it is the character chosen now."""
    return tell("> {choice}", choice=label) if selected else label


def arrivals(group: list[Any]) -> Many:
    """Characters still to come, each with his turn when he has one ("Killer 3 (turn 2)")."""
    return Many(
        tuple(
            tell("{unit} (turn {turn})", unit=Who(o.uid), turn=o.turn) if o.turn else Who(o.uid)
            for o in group
        )
    )


def sentences(lines: list[Phrase]) -> Phrase | str:
    """Phrases said one after the other, as one text."""
    if not lines:
        return ""
    said = lines[0]
    for line in lines[1:]:
        said = tell("{first} {then}", first=said, then=line)
    return said
