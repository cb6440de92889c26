"""Answering the pending decision: who takes the blow (a casualty), the path of a
retreat or an advance ("Combat Results"), a spell window, or defensive fire (handed to
the fire tool). The answers are the engine's `legal_actions`, as buttons and as hexes
to click."""

from __future__ import annotations

from dragonnoir.engine.actions import (
    Action,
    Advance,
    CastSpell,
    ChooseCasualty,
    DeclineSpells,
    Fire,
    Pass,
    Retreat,
)
from dragonnoir.engine.events import DecisionRequested, Event
from dragonnoir.engine.rules import combat_results, fire, magic
from dragonnoir.engine.state import Decision
from dragonnoir.hexmap.hexes import Hex, line
from dragonnoir.narration.events import who
from dragonnoir.narration.phrase import Many, Phrase, Who, tell, tell_n
from dragonnoir.ui.controller_views import Choice, Mode, MovePreview, Overlays, Preview, Prompt
from dragonnoir.ui.tools.base import Tool
from dragonnoir.ui.tools.firing import FIRE_DECISIONS


class DecideTool(Tool):
    """A decision is pending: a click on a hex of one of its answers gives that answer;
    a retreat or an advance is clicked hex by hex (its last hex is enough when only one
    path ends there); defensive fire is chosen like offensive fire."""

    def current(self) -> Decision:
        decision = self.ui.decision()
        assert decision is not None
        return decision

    # -- clicks ------------------------------------------------------------------------------

    def click(self, h: Hex) -> list[Event] | None:
        decision = self.current()
        kind = decision.kind
        if kind in FIRE_DECISIONS:
            targets = None
            if kind == fire.UNMOVED_DECISION:
                targets = [str(t) for t in decision.data.get("targets", ())]
            return self.ui.firing.choose(h, targets)
        if kind == "casualty":
            candidates = [str(c) for c in decision.data.get("candidates", ())]
            for u in self.units_at(h):
                if u.id in candidates:
                    return self.ui.apply_action(ChooseCasualty(u.id))
            here = self.units_at(h)
            if here:
                self.ui.refuse(self.game.explain(ChooseCasualty(here[0].id)))
            else:
                self.ui.say(
                    tell(
                        "click one of {candidates}: who takes the blow", candidates=who(candidates)
                    ),
                    refused=True,
                )
            return None
        if kind in ("retreat", "advance"):
            return self.click_route(decision, h)
        matches = [c for c in self.choices(decision) if h in c.hexes]
        if len(matches) == 1:
            return self.ui.apply_action(matches[0].action)
        self.ui.say("choose one of the answers offered", refused=True)
        return None

    def routes(self, decision: Decision, uid: str) -> list[tuple[Hex, ...]]:
        """The paths the engine offers `uid` for this retreat or advance."""

        def make() -> list[tuple[Hex, ...]]:
            out: list[tuple[Hex, ...]] = []
            for a in self.game.legal_actions():
                if isinstance(a, Retreat | Advance) and a.unit == uid:
                    out.append(tuple(a.path))
            return out

        return self.ui.memoised(("routes", uid), make)

    @staticmethod
    def route_action(decision: Decision, uid: str, path: tuple[Hex, ...]) -> Action:
        return Retreat(uid, path) if decision.kind == "retreat" else Advance(uid, path)

    def click_route(self, decision: Decision, h: Hex) -> list[Event] | None:
        """A retreat or an advance: click the character (when several must answer), then
        the hexes of his path — its last hex is enough when only one path ends there."""
        sel = self.sel
        units = list(combat_results.iter_decision_units(decision))
        if sel.unit is not None:
            done, events = self.route_step(decision, sel.unit, h)
            if done:
                return events
        here = [u.id for u in self.units_at(h) if u.id in units]
        if here:
            sel.unit, sel.route = here[0], []
            return None
        if sel.unit is None:
            first = (
                tell("choose who retreats first: {units}", units=who(units))
                if decision.kind == "retreat"
                else tell("choose who advances first: {units}", units=who(units))
            )
            self.ui.say(first, refused=True)
            return None
        unit = self.game.state.units[sel.unit]
        if unit.hex is None:
            return None
        start = sel.route[-1] if sel.route else unit.hex
        path = (*sel.route, *line(start, h)[1:])
        self.ui.refuse(self.game.explain(self.route_action(decision, sel.unit, path)), path)
        return None

    def route_step(self, decision: Decision, uid: str, h: Hex) -> tuple[bool, list[Event] | None]:
        """(whether `h` continues one of `uid`'s paths, the events if it finished one)."""
        routes = self.routes(decision, uid)
        done = tuple(self.sel.route)
        prefix = (*done, h)
        through = [p for p in routes if p[: len(prefix)] == prefix]
        if through:
            if len(through) == 1 and through[0] == prefix:
                return True, self.ui.apply_action(self.route_action(decision, uid, prefix))
            self.sel.route.append(h)
            return True, None
        ending = [p for p in routes if p[: len(done)] == done and p[-1] == h]
        if len(ending) == 1:
            return True, self.ui.apply_action(self.route_action(decision, uid, ending[0]))
        if len(ending) > 1:
            self.ui.say(
                tell("several paths end on {cell}: click the hex to go through first", cell=h)
            )
            return True, None
        return False, None

    # -- the answers -------------------------------------------------------------------------

    def choices(self, decision: Decision) -> tuple[Choice, ...]:
        """The decision's legal answers as buttons (a spell is chosen from the book)."""

        def make() -> tuple[Choice, ...]:
            units = self.game.state.units
            out: list[Choice] = []
            for a in self.game.legal_actions():
                if isinstance(a, ChooseCasualty):
                    u = units[a.unit]
                    out.append(
                        Choice(
                            tell("{unit} takes the blow", unit=Who(a.unit)),
                            a,
                            a.unit,
                            () if u.hex is None else (u.hex,),
                        )
                    )
                elif isinstance(a, Retreat | Advance):
                    path = Many(tuple(a.path))
                    if isinstance(a, Retreat):
                        goes = tell("{unit} retreats to {cells}", unit=Who(a.unit), cells=path)
                    else:
                        goes = tell("{unit} advances to {cells}", unit=Who(a.unit), cells=path)
                    out.append(Choice(goes, a, a.unit, tuple(a.path)))
                elif isinstance(a, Fire):
                    target = units[a.target]
                    out.append(
                        Choice(
                            tell_n(
                                "{shooters} fires at {target}",
                                "{shooters} fire at {target}",
                                len(a.shooters),
                                shooters=who(a.shooters),
                                target=Who(a.target),
                            ),
                            a,
                            a.target,
                            () if target.hex is None else (target.hex,),
                        )
                    )
                elif isinstance(a, Pass):
                    out.append(Choice(pass_label(decision), a))
                elif isinstance(a, CastSpell):
                    continue  # spells are chosen from the spell book (Magic), not listed
                elif isinstance(a, DeclineSpells):
                    out.append(Choice(tell("no spell for the rest of this Krob turn"), a))
                else:
                    out.append(Choice(a.kind, a))
            return tuple(out)

        return self.ui.memoised("choices", make)

    def prompt(self) -> Prompt | None:
        """The pending decision: its question (the engine's words), its answers."""
        decision = self.ui.decision()
        if decision is None:
            return None
        choices = self.choices(decision)
        question: Phrase | str = ""
        for event in reversed(self.game.log):
            if isinstance(event, DecisionRequested) and event.decision == decision.kind:
                question = event.asked if isinstance(event.asked, Phrase | str) else ""
                break
        if not question:
            question = decision.kind.replace("_", " ")
        return Prompt(
            kind=decision.kind,
            side=decision.side,
            question=question,
            choices=choices,
            can_pass=any(isinstance(c.action, Pass) for c in choices),
            unit=self.sel.unit,
            route=tuple(self.sel.route),
        )

    # -- views -------------------------------------------------------------------------------

    def overlays(self, mode: Mode, hover: Hex | None) -> Overlays:
        decision = self.current()
        if decision.kind in FIRE_DECISIONS:
            return self.ui.firing.overlays(mode, hover)
        if decision.kind in ("retreat", "advance"):
            return self.route_overlays(decision, mode, hover)
        return Overlays(
            mode,
            hover,
            choice_hexes=frozenset(h for c in self.choices(decision) for h in c.hexes),
        )

    def route_overlays(self, decision: Decision, mode: Mode, hover: Hex | None) -> Overlays:
        """The characters who must answer, then the chosen one's paths from the hexes
        clicked so far, the one ending under the mouse drawn."""
        sel = self.sel
        routes: tuple[tuple[Hex, ...], ...] = ()
        choice: set[Hex] = set()
        path: tuple[Hex, ...] = ()
        start = None
        if sel.unit is not None:
            all_routes = self.routes(decision, sel.unit)
            prefix = tuple(sel.route)
            routes = tuple(p for p in all_routes if p[: len(prefix)] == prefix)
            for p in routes:
                choice.update(p[len(prefix) :])
            if hover is not None:
                ending = [p for p in routes if p[-1] == hover]
                if ending:
                    path = ending[0]
            start = self.game.state.units[sel.unit].hex
        else:
            for uid in combat_results.iter_decision_units(decision):
                h = self.game.state.units[uid].hex
                if h is not None:
                    choice.add(h)
        return Overlays(
            mode,
            hover,
            unit=sel.unit,
            choice_hexes=frozenset(choice),
            routes=routes,
            route=tuple(sel.route),
            path=path,
            path_start=start,
        )

    def hover_preview(self, hover: Hex | None) -> Preview | None:
        decision = self.current()
        kind = decision.kind
        if kind in FIRE_DECISIONS:
            return self.ui.firing.hover_preview(hover)
        uid = self.sel.unit
        if uid is None or not hover:
            return None
        if kind == "advance":
            unit = self.game.state.units[uid]
            first = frozenset(combat_results.hexes_from(decision.data.get("vacated", ())))
            options = combat_results.advance_options(self.game, unit, first)
            if hover in options:
                path, cost = options[hover]
                return MovePreview("advance", uid, hover, tuple(path), int(cost), 0)
        if kind == "retreat":
            ending = [p for p in self.routes(decision, uid) if p[-1] == hover]
            if ending:
                return MovePreview("retreat", uid, hover, ending[0], 0, 0)
        return None


def pass_label(decision: Decision) -> Phrase:
    """The button that answers `decision` with no action."""
    if decision.kind == "advance":
        return tell("no (further) advance")
    if decision.kind == "defensive_fire":
        return tell("let {unit} go on", unit=Who(str(decision.data.get("unit"))))
    if decision.kind == fire.UNMOVED_DECISION:
        return tell("no (more) defensive fire")
    if decision.kind == magic.CAST_WINDOW:
        return tell("no spell now")
    return tell("pass")
