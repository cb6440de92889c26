"""Firing ("Fire"): choosing the shooters and a target, offensively in the Adventurers'
fire phase or defensively when a decision asks (a Krob moving in sight, the unmoved
archers); the lines of fire and each shot's chances before the die."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from dragonnoir.engine.actions import Fire
from dragonnoir.engine.events import Event
from dragonnoir.engine.rules import fire
from dragonnoir.engine.state import Side
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import Who, tell
from dragonnoir.ui.controller_views import (
    LineView,
    Mode,
    Overlays,
    Preview,
    ShotPreview,
    ShotView,
)
from dragonnoir.ui.tools.base import Tool

#: Decision kinds answered by choosing shooters (and a target) like offensive fire.
FIRE_DECISIONS = frozenset({"defensive_fire", fire.UNMOVED_DECISION})


class FireTool(Tool):
    """A click on an own archer adds or drops him as a shooter, on an enemy makes him
    the target; the target clicked again fires."""

    def allowed_now(self) -> bool:
        """May the chosen shooters and target make a `Fire` now?"""
        decision = self.ui.decision()
        if decision is not None:
            return decision.kind in FIRE_DECISIONS
        return self.sel.build == "fire"

    def mode(self) -> str:
        """Offensive or defensive fire (a fire decision is defensive)."""
        decision = self.ui.decision()
        if decision is not None and decision.kind in FIRE_DECISIONS:
            return fire.DEFENSIVE
        return fire.current_mode(self.game) or fire.OFFENSIVE

    # -- clicks ------------------------------------------------------------------------------

    def click(self, h: Hex) -> list[Event] | None:
        return self.choose(h, None)

    def choose(self, h: Hex, targets: list[str] | None) -> list[Event] | None:
        """Choose shooters (the acting side's) and a target. `targets`: the only targets
        allowed by the decision (None: any enemy)."""
        game = self.game
        sel = self.sel
        side = Side.ADVENTURERS if self.ui.decision() is not None else game.to_act()
        own = self.own_at(h, side)
        enemy = self.enemy_at(h, side)
        mode = self.mode()
        if own is not None:
            if own.id in sel.shooters:
                sel.shooters.remove(own.id)
                return None
            why = fire.shooter_problem(game, own, mode)
            if why is not None:
                self.ui.refuse(why)
                return None
            sel.shooters.append(own.id)
            return None
        if enemy is not None:
            if enemy.id == sel.target:
                if sel.shooters:  # the target clicked again: fire
                    return self.ui.apply_action(Fire(tuple(sel.shooters), enemy.id), (h,))
                self.ui.say(tell("click the archers who fire at {target}", target=Who(enemy.id)))
                return None
            decision = self.ui.decision()
            fixed = decision is not None and decision.kind == "defensive_fire"
            if fixed or (targets is not None and enemy.id not in targets):
                # the decision's own refusal ("defensive fire here is at the moving Krob")
                verdict = game.explain(Fire(tuple(sel.shooters) or ("",), enemy.id))
                self.ui.refuse(verdict, (h,))
                return None
            sel.target = enemy.id
            return None
        self.ui.say("click an archer to choose him as a shooter, or an enemy as the target")
        return None

    # -- the numbers ------------------------------------------------------------------------

    def shot_views(self, shooters: Iterable[str], target: str) -> tuple[ShotView, ...]:
        mode = self.mode()
        return tuple(self.shot_view(sid, target, mode) for sid in shooters)

    def shot_view(self, sid: str, tid: str, mode: str) -> ShotView:
        """One shot before the die (`fire.explain_shot`), what the viewer may not know
        of (a hidden web) left out."""
        ui = self.ui

        def make() -> ShotView:
            verdict = fire.explain_shot(self.game, sid, tid, mode)
            d = verdict.details
            target = self.game.state.units.get(tid)
            aim = () if target is None or target.hex is None else (target.hex,)
            reason, rule = ui.redact(verdict.said, verdict.rule, aim)
            if "line" not in d:
                return ShotView(sid, tid, verdict.legal, reason, rule)
            why = tuple(
                (c["reason"], str(c["rule"]))
                for c in d.get("cover_why", ())
                if not ui.secret(c["reason"], str(c["rule"]), aim)
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
                    (int(m["value"]), m["reason"], str(m["rule"])) for m in d.get("modifiers", ())
                ),
                die_modifier=int(d.get("die_modifier", 0)),
                probabilities=dict(d.get("probabilities", {})),
                result_names={k: str(v["name"]) for k, v in d.get("results", {}).items()},
                line=line_view(sid, tid, d["line"]),
            )

        return ui.memoised(("shot", sid, tid, mode), make)

    def shot_preview(self, fire_action: Fire) -> ShotPreview:
        """A `Fire` before it is made: the engine's verdict and one view per shooter."""

        def make() -> ShotPreview:
            verdict = self.game.explain(fire_action)
            target = self.game.state.units.get(fire_action.target)
            aim = () if target is None or target.hex is None else (target.hex,)
            reason, rule = self.ui.redact(verdict.said, verdict.rule, aim)
            return ShotPreview(
                fire_action.shooters,
                fire_action.target,
                self.mode(),
                verdict.legal,
                reason,
                rule,
                self.shot_views(fire_action.shooters, fire_action.target),
            )

        return self.ui.memoised(("fire", fire_action), make)

    def targets(self) -> tuple[str, ...]:
        """Enemies someone may fire at now (or the decision's)."""

        def make() -> tuple[str, ...]:
            decision = self.ui.decision()
            mode = self.mode()
            if decision is not None and decision.kind == "defensive_fire":
                return (str(decision.data.get("unit")),)
            if decision is not None:
                return tuple(str(t) for t in decision.data.get("targets", ()))
            vis = self.vis()
            return tuple(
                u.id
                for u in sorted(self.game.living_units(), key=lambda u: u.id)
                if u.side is not Side.ADVENTURERS
                and vis.sees_unit(u)
                and fire.eligible_shooters(self.game, u, mode)
            )

        return self.ui.memoised("fire_targets", make)

    def shooters(self) -> tuple[str, ...]:
        """Archers who may fire now (at the chosen target, if any)."""
        target_id = self.sel.target

        def make() -> tuple[str, ...]:
            mode = self.mode()
            if target_id is not None:
                target = self.game.state.units.get(target_id)
                if target is None:
                    return ()
                return tuple(u.id for u in fire.eligible_shooters(self.game, target, mode))
            return tuple(
                u.id
                for u in sorted(self.game.living_units(Side.ADVENTURERS), key=lambda u: u.id)
                if fire.weapon_rate(self.game, u) is not None
                and fire.shooter_problem(self.game, u, mode) is None
            )

        return self.ui.memoised(("fire_shooters", target_id), make)

    # -- views -------------------------------------------------------------------------------

    def overlays(self, mode: Mode, hover: Hex | None) -> Overlays:
        sel = self.sel
        decision = self.ui.decision()
        lines: tuple[LineView, ...] = ()
        if sel.target is not None:
            views = self.shot_views(sel.shooters, sel.target)
            lines = tuple(v.line for v in views if v.line is not None)
        elif sel.shooters and hover is not None:
            enemy = self.enemy_at(hover, Side.ADVENTURERS)
            if enemy is not None:
                views = self.shot_views(sel.shooters, enemy.id)
                lines = tuple(v.line for v in views if v.line is not None)
        return Overlays(
            mode,
            hover,
            shooters=tuple(sel.shooters),
            target=sel.target,
            shooter_candidates=self.shooters(),
            target_candidates=self.targets(),
            lines=lines,
            choice_hexes=frozenset(h for c in self.ui.deciding.choices(decision) for h in c.hexes)
            if decision is not None
            else frozenset(),
        )

    def hover_preview(self, hover: Hex | None) -> Preview | None:
        if not self.sel.shooters or hover is None:
            return None
        enemy = self.enemy_at(hover, Side.ADVENTURERS)
        if enemy is None:
            return None
        return self.shot_preview(Fire(tuple(self.sel.shooters), enemy.id))


def _hex(raw: Any) -> Hex:
    return Hex(int(raw[0]), int(raw[1]))


def line_view(shooter: str, target: str, d: dict[str, Any]) -> LineView:
    """The engine's line of fire (`explain_shot`'s "line") as the screen draws it."""
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
