"""Attacking ("Combat"): choosing the attackers and the defenders (or a spider web to
destroy), the odds before the die, and the combat phase's plan — the combats declared so
far, withdrawn or declared, then resolved in the order the player chooses (issue 8,
ruling 2)."""

from __future__ import annotations

from typing import Any

from dragonnoir.engine.actions import Attack, Declare, DestroyWeb, ResolveCombat, WithdrawAttack
from dragonnoir.engine.events import Event
from dragonnoir.engine.rules import combat_declared
from dragonnoir.engine.rules.combat_odds import check_attacker
from dragonnoir.engine.state import AccessoryKind, Side
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.events import who
from dragonnoir.narration.phrase import Phrase, tell, tell_n
from dragonnoir.ui.controller_views import (
    AttackPreview,
    Choice,
    Mode,
    Overlays,
    PlannedCombat,
    Preview,
    Prompt,
    ShiftView,
    WebPreview,
)
from dragonnoir.ui.tools.base import Tool


class AttackTool(Tool):
    """A click on an own character adds or drops him as an attacker, on an enemy adds or
    drops him as a defender, on a known web (one adventurer chosen) aims at the web."""

    def known_webs(self) -> tuple[Hex, ...]:
        """Face-up webs the acting adventurers know of (and the viewer sees)."""
        if (
            self.game.to_act() is not Side.ADVENTURERS
            or "DestroyWeb" not in self.game.phase.actions
        ):
            return ()
        vis = self.vis()
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

    def web_here(self, h: Hex) -> bool:
        return h in self.known_webs()

    def toggle_between_legs(self) -> None:
        """B: attack the Queen between her legs, or not (an attack option)."""
        if self.sel.build != "attack":
            self.ui.say("between the legs is an attack option: press attack first", refused=True)
            return
        self.sel.legs = not self.sel.legs

    # -- clicks ------------------------------------------------------------------------------

    def click(self, h: Hex) -> list[Event] | None:
        game = self.game
        sel = self.sel
        side = game.to_act()
        own = self.own_at(h, side)
        enemy = self.enemy_at(h, side)
        if own is not None:
            if own.id in sel.attackers:
                sel.attackers.remove(own.id)
                return None
            why = check_attacker(game, own, tuple(sel.defenders))
            if why is not None:
                self.ui.refuse(why)
                return None
            sel.attackers.append(own.id)
            return None
        if enemy is not None:
            if enemy.id in sel.defenders:
                sel.defenders.remove(enemy.id)
            else:
                sel.defenders.append(enemy.id)
            sel.web = None
            return None
        if self.web_here(h):
            if len(sel.attackers) != 1 or sel.defenders:
                self.ui.say("choose one adventurer, then the web he destroys", refused=True)
                return None
            verdict = game.explain(DestroyWeb(sel.attackers[0], h))
            if not verdict.legal:
                self.ui.refuse(verdict)
                return None
            sel.web = None if sel.web == h else h
            return None
        self.ui.say("click your attackers, then the enemies they attack")
        return None

    # -- the numbers ------------------------------------------------------------------------

    def attack_preview(self, attack: Attack) -> AttackPreview:
        """An `Attack` before the die (`Game.explain(Attack).details`): strengths, odds,
        column shifts with the column after each, die modifiers, chances."""

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
                    shifts.append(ShiftView(int(s["columns"]), s["reason"], after))
            return AttackPreview(
                attackers=tuple(d.get("attackers", attack.attackers)),
                defenders=tuple(d.get("defenders", attack.defenders)),
                legal=verdict.legal,
                reason=verdict.said,
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
                    (int(m["value"]), m["reason"]) for m in d.get("die_modifiers", ())
                ),
                die_modifier=int(d.get("die_modifier", 0)),
                probabilities=dict(d.get("probabilities", {})),
                result_names={r.code: r.name for r in table.results},
                zone=d.get("zone"),
                between_legs=bool(d.get("between_legs", attack.between_legs)),
                joined=tuple(str(j["unit"]) for j in d.get("joined", ())),
                notes=tuple((str(n["text"]), str(n["rule"])) for n in d.get("notes", ())),
            )

        return self.ui.memoised(("attack", attack), make)

    def web_preview(self, action: DestroyWeb) -> WebPreview:
        """A `DestroyWeb` before it is made: its cost of the adventurer's movement."""
        verdict = self.game.explain(action)
        return WebPreview(
            action.unit,
            action.at,
            verdict.legal,
            verdict.said,
            verdict.rule,
            int(verdict.details.get("cost", 0)),
            int(verdict.details.get("budget", 0)),
        )

    def candidates(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(own characters who may still attack, enemies the chosen attackers may all
        attack) — from the engine's `legal_actions` and `check_attacker`."""
        chosen = tuple(self.sel.attackers)

        def make() -> tuple[tuple[str, ...], tuple[str, ...]]:
            game = self.game
            side = game.to_act()
            vis = self.vis()
            legal = [a for a in game.legal_actions() if isinstance(a, Attack)]
            attackers = sorted({uid for a in legal for uid in a.attackers})
            defenders: set[str] = set()
            for a in legal:
                if not chosen or set(chosen) <= set(a.attackers):
                    defenders.update(a.defenders)
            if chosen:
                for u in game.living_units():
                    if u.side is side or u.id in defenders:
                        continue
                    if game.explain(Attack(chosen, (u.id,))).legal:
                        defenders.add(u.id)
            return (
                tuple(attackers),
                tuple(sorted(d for d in defenders if vis.sees_unit(d))),
            )

        return self.ui.memoised(("attack_candidates", chosen), make)

    # -- views -------------------------------------------------------------------------------

    def overlays(self, mode: Mode, hover: Hex | None) -> Overlays:
        sel = self.sel
        attackers, defenders = self.candidates()
        return Overlays(
            mode,
            hover,
            attackers=tuple(sel.attackers),
            defenders=tuple(sel.defenders),
            attacker_candidates=attackers,
            defender_candidates=defenders,
            between_legs=sel.legs,
            web=sel.web,
            webs=self.known_webs(),
        )

    def hover_preview(self, hover: Hex | None) -> Preview | None:
        if not self.sel.attackers or hover is None:
            return None
        enemy = self.enemy_at(hover, self.game.to_act())
        if enemy is None:
            return None
        return self.attack_preview(Attack(tuple(self.sel.attackers), (enemy.id,)))

    # -- the combat phase's plan -------------------------------------------------------------

    def plan_prompt(self) -> Prompt | None:
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

        def label(combat: dict[str, Any]) -> Phrase:
            return tell(
                "{attackers} vs {defenders}",
                attackers=who(combat["attackers"]),
                defenders=who(combat["defenders"]),
            )

        if not closed:
            n = len(combats)
            declare = tell_n("Declare this combat", "Declare these {n} combats", n)
            choices.append(Choice(declare, Declare()))
            for i, combat in enumerate(combats):
                withdraw = tell("withdraw {number}: {combat}", number=i + 1, combat=label(combat))
                choices.append(Choice(withdraw, WithdrawAttack(i + 1)))
            question: Phrase = tell_n(
                "{n} combat planned: add more, or declare it (then it cannot be withdrawn)",
                "{n} combats planned: add more, or declare them (then none can be withdrawn)",
                n,
            )
        else:
            for number, combat in combat_declared.open_combats(game):
                verdict = game.explain(ResolveCombat(number))
                column = verdict.details.get("column")
                resolve = tell(
                    "resolve {number}: {combat} ({odds})",
                    number=number,
                    combat=label(combat),
                    odds=str(column) if column else tell("lapses"),
                )
                choices.append(Choice(resolve, ResolveCombat(number)))
            if not choices:
                return None
            question = tell("resolve the declared combats in the order you choose")
        return Prompt(
            kind="combats",
            side=game.phase.side,
            question=question,
            choices=tuple(choices),
            can_pass=False,
        )

    def planned_combats(self) -> tuple[PlannedCombat, ...]:
        """The combats declared this phase as the map draws them: arrows with their
        number and odds column (ruling 2)."""
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
