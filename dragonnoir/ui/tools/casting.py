"""Casting a spell ("Magic"): the wizard who casts, his spell book (the spells his level
and energy allow, with their chance), then the spell's targets on the map and the
chance of success before the die ("Resolution of a Spell", "Range of Action")."""

from __future__ import annotations

from dragonnoir.engine.actions import CastSpell
from dragonnoir.engine.events import Event
from dragonnoir.engine.explain import Explanation, refused
from dragonnoir.engine.rules import fire, magic
from dragonnoir.engine.spell_book import Spell, Target
from dragonnoir.engine.state import Side, Unit
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.i18n import pgettext
from dragonnoir.narration.phrase import Who, tell
from dragonnoir.ui.controller_views import Choice, Mode, Overlays, Prompt, SpellPreview
from dragonnoir.ui.tools.base import Tool

#: Spell counters that have an orientation the player turns with R while placing.
GALLERY_COUNTERS = frozenset(
    {"gallery_straight_1", "gallery_straight_2", "gallery_curved_1", "gallery_crossing"}
)


class CastTool(Tool):
    """Magic: a click chooses the wizard (when several may cast), then, once a spell is
    chosen from the book, its target character or hexes."""

    def allowed_now(self) -> Explanation | None:
        """Why no spell may be cast now (phase, decision), or None."""
        decision = self.ui.decision()
        if decision is not None:
            if decision.kind in ("defensive_fire", magic.CAST_WINDOW):
                return None
            return refused("first answer the decision shown", magic.R_WHEN)
        if "CastSpell" not in self.game.phase.actions:
            return refused(
                f"no spell during {self.game.phase.title}: a wizard casts in the Adventurer "
                "turn or, in the Krob turn, when the game offers it",
                magic.R_WHEN,
            )
        return None

    def window(self) -> bool:
        """Is the pending decision a window open for a spell alone: a cast window of the
        Krob turn, or the pause after a Krob's step when no archer may fire at it?"""
        decision = self.ui.decision()
        if decision is None:
            return False
        if decision.kind == magic.CAST_WINDOW:
            return True
        if decision.kind != "defensive_fire":
            return False
        krob = self.game.state.units.get(str(decision.data.get("unit", "")))
        return krob is None or not fire.can_fire_at_moving(self.game, krob)

    def wizards(self) -> list[Unit]:
        """The wizards who may cast now."""
        return [
            u
            for u in sorted(self.game.living_units(Side.ADVENTURERS), key=lambda u: u.id)
            if magic.is_wizard(self.game, u) and magic.may_cast_now(self.game, u) is None
        ]

    def start(self) -> None:
        """Magic (the button or M): open the spell book, or say why not."""
        why = self.allowed_now()
        if why is not None:
            self.ui.refuse(why)
            return
        wizards = self.wizards()
        if not wizards:
            self.ui.say("no wizard may cast a spell now", magic.R_WHEN, refused=True)
            return
        self.ui.clear()
        self.sel.build = "spell"
        if len(wizards) == 1:
            self.sel.wizard = wizards[0].id

    def choose_spell(self, spell_id: str) -> None:
        """A spell of the book chosen: now it is aimed (or confirmed: self, the map)."""
        self.sel.spell = spell_id
        self.sel.spell_targets = []
        self.ui.touched()

    def chosen(self) -> Spell | None:
        spell = self.sel.spell
        return None if spell is None else self.game.rules.spells.get(spell)

    def turns(self) -> bool:
        """Does the chosen spell place a counter the player turns with R (a gallery)?"""
        spell = self.chosen() if self.sel.build == "spell" else None
        return spell is not None and spell.counter in GALLERY_COUNTERS

    def action(self) -> CastSpell | None:
        """The spell as aimed so far, once it has all its targets."""
        sel = self.sel
        spell = self.chosen()
        if spell is None or sel.wizard is None:
            return None
        needed = {Target.SELF: 0, Target.MAP: 0}.get(spell.target)
        if needed is None:
            needed = spell.hexes if spell.target is Target.HEXES else 1
        if len(sel.spell_targets) != needed:
            return None
        targets = tuple(sel.spell_targets)
        if spell.counter in GALLERY_COUNTERS:  # R turns it while placing
            targets = (*targets, f"facing:{sel.facing or 0}")
        return CastSpell(sel.wizard, spell.id, targets)

    # -- clicks ------------------------------------------------------------------------------

    def click(self, h: Hex) -> list[Event] | None:
        game = self.game
        sel = self.sel
        if sel.wizard is None:
            own = self.own_at(h, Side.ADVENTURERS)
            if own is not None and own in self.wizards():
                sel.wizard = own.id
                self.ui.touched()
                return None
            self.ui.say("click a wizard who may cast", magic.R_MAGIC, refused=True)
            return None
        spell = self.chosen()
        if spell is None:
            self.ui.say("choose a spell in the spell book first", magic.R_MAGIC, refused=True)
            return None
        if spell.target in (Target.FRIEND, Target.ENEMY, Target.CHARACTER):
            units = [u for u in game.units_at(h) if u.alive and self.vis().sees_unit(u)]
            if not units and magic.aims_at_webs(spell) and magic.known_web_at(game, h):
                sel.spell_targets = [f"{h.q},{h.r}"]  # "Fireballs ... destroy spider webs"
                self.ui.touched()
                return None
            if not units:
                cast_on = tell("{spell} is cast on a character", spell=spell.name)
                self.ui.say(cast_on, magic.R_MAGIC, refused=True)
                return None
            sel.spell_targets = [units[0].id]
        elif spell.target is Target.HEXES:
            key = f"{h.q},{h.r}"
            if key in sel.spell_targets:
                sel.spell_targets.remove(key)
            elif len(sel.spell_targets) < spell.hexes:
                sel.spell_targets.append(key)
            else:
                sel.spell_targets = [key]
        self.ui.touched()
        return None

    # -- views -------------------------------------------------------------------------------

    def prompt(self) -> Prompt | None:
        """The spell book: who casts, then the spells he may cast now (None once a spell
        is chosen)."""
        game = self.game
        sel = self.sel
        if sel.wizard is None:
            return Prompt(
                "spell_book",
                Side.ADVENTURERS,
                "click the wizard who casts",
                (),
                can_pass=False,
            )
        if sel.spell is not None:
            return None
        wizard = game.state.units[sel.wizard]
        sheet = magic.sheet(game, wizard)
        energy = magic.available_energy(sheet, wizard)
        choices: list[Choice] = []
        for spell in game.rules.spells.spells:
            if spell.level > sheet.level or spell.cost > energy:
                continue
            needs = magic.success_needs(spell.cost)
            chance = sum(1 for f in range(1, 11) if f + sheet.level > needs) / 10
            choices.append(
                Choice(
                    tell(
                        "{spell}: {cost} EP, {chance}",
                        spell=pgettext("data", spell.name),
                        cost=spell.cost,
                        chance=f"{chance:.0%}",
                    ),
                    CastSpell(wizard.id, spell.id, ()),
                    wizard.id,
                )
            )
        return Prompt(
            "spell_book",
            Side.ADVENTURERS,
            tell(
                "{wizard}, level {level}: {energy} EP left. Which spell?",
                wizard=Who(wizard.id),
                level=sheet.level,
                energy=energy,
            ),
            tuple(choices),
            can_pass=False,
            unit=wizard.id,
        )

    def overlays(self, mode: Mode, hover: Hex | None) -> Overlays:
        """The hexes within the wizard's range ("Range of Action") and the targets chosen."""
        game = self.game
        sel = self.sel
        reach: frozenset[Hex] = frozenset()
        if sel.wizard is not None and sel.spell is not None:
            wizard = game.state.units[sel.wizard]
            level = magic.sheet(game, wizard).level
            if wizard.hex is not None:
                reach = frozenset(
                    h
                    for h in game.board.cells
                    if wizard.hex.distance(h) <= magic.range_of(level)
                    and magic.same_map(game, wizard.hex, h)
                )
        targets: list[Hex] = []
        for t in sel.spell_targets:
            h = magic.parse_hex(t)
            if h is not None:
                targets.append(h)
            elif (u := game.state.units.get(t)) is not None and u.hex is not None:
                targets.append(u.hex)
        return Overlays(
            mode,
            hover,
            unit=sel.wizard,
            spell_range=reach,
            spell_targets=tuple(targets),
        )

    def spell_preview(self, action: CastSpell) -> SpellPreview:
        """A `CastSpell` before it is made (the engine's `explain`): the chance of success
        and why."""
        verdict = self.game.explain(action)
        d = verdict.details
        spell = self.game.rules.spells.get(action.spell)
        return SpellPreview(
            action.wizard,
            action.spell,
            spell.name if spell else action.spell,
            spell.text if spell else "",
            verdict.legal,
            verdict.said,
            verdict.rule,
            int(d.get("cost", spell.cost if spell else 0)),
            int(d.get("energy", 0)),
            int(d.get("needs", 0)),
            int(d.get("level", 0)),
            int(d.get("penalty", 0)),
            int(d.get("distance", 0)),
            int(d.get("range", 0)),
            float(d.get("chance", 0.0)),
        )
