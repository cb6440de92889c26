"""Carry-over: the campaign's party and Krob bands put into the next scenario, before
`Scenario.new_game`, and the finished game's survivors read back into the campaign.

Into the scenario (`prepare`), on a copy of the `Scenario` (the loaded file is untouched):

- Adventurers. With `adventurers = "party"` (the default) the party plays: the scenario's
  own Adventurers who are not in the party (nor listed as `recruits`) step aside and the
  party members missing from the scenario take their places one for one (their cell and
  facing, or their place in a deployment group); members beyond the places free stand on
  the nearest free hexes to their companions (or join the party's deployment group). With
  `"both"` the scenario's own Adventurers play too, and join the party. Dead members are
  gone. Ids never change: a member's unit id is his id in every scenario; a victory
  condition naming a character who stepped aside names the one who took his place.
- Every party member's status and wounds are his own (a knocked-out character has come
  round between the scenarios: healthy, or wounded if he has wounds); wizards keep their
  sheet (level, the EP left).
- Krobs. A band's characters are in the scenario if and only if the band is in the
  step's cave: present, they are added (to the step's `krob_group`, else on the nearest
  free hexes to the scenario's Krobs); away or dead, the scenario's characters of the same
  ids (a cave's garrison that has left) are taken out.

Out of the game (`record`): the party is every Adventurer of the finished game (the dead
as fallen), each wizard who survived becomes level 2 ("Magic": Zacharie or Shaman "is now
considered a level 2 wizard" if he survived the campaign of L'Exil; ours: any campaign
scenario), keeping the EP he has left plus the 100 of the new level; bands lose their dead
and keep their wounds.
"""

from __future__ import annotations

import copy
import dataclasses
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from dragonnoir.campaign.campaign_format import StepEntry
from dragonnoir.campaign.notes import Note
from dragonnoir.campaign.plan import Campaign
from dragonnoir.campaign.state import BandUnit, CampaignState, Member, Sheet
from dragonnoir.engine.rules.footprint import hexes_for
from dragonnoir.engine.rules.magic import available_energy
from dragonnoir.engine.rules.steps import never_swims
from dragonnoir.engine.scenario import Group, Scenario
from dragonnoir.engine.state import AccessoryKind, Side, Status, Unit, Wizard
from dragonnoir.engine.tables import RulesData
from dragonnoir.engine.values import Profile, profile_of, side_of
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.terrain import TerrainTable
from dragonnoir.i18n import N_

#: EP a wizard gains on reaching level 2 ("available EP = Level x 100").
EP_PER_LEVEL = 100
MAX_WIZARD_LEVEL = 2


@dataclass
class Prepared:
    """The scenario as the campaign plays it, and what changed, in words."""

    scenario: Scenario
    #: What both players may read (who joins the party, who waits for lack of room).
    notes: list[Note] = field(default_factory=list)
    #: What only the Krob player may read (bands joining, a garrison gone).
    secret: list[Note] = field(default_factory=list)
    #: Scenario unit id -> the party member who took his place.
    replaced: dict[str, str] = field(default_factory=dict)


def prepare(
    campaign: Campaign,
    state: CampaignState,
    step: StepEntry,
    scenario: Scenario,
    rules: RulesData,
) -> Prepared:
    """The step's scenario with the party and the bands put in (see the module doc)."""
    out = Prepared(_copy(scenario))
    _Builder(campaign, state, step, out, rules).run()
    return out


def _copy(scenario: Scenario) -> Scenario:
    """A copy whose lists and units may be changed (the board and layout are shared)."""
    return dataclasses.replace(
        scenario,
        units=[Unit.from_dict(u.to_dict()) for u in scenario.units],
        wizards=[Wizard.from_dict(w.to_dict()) for w in scenario.wizards],
        groups=copy.deepcopy(scenario.groups),
        victory=copy.deepcopy(scenario.victory),
        names=dict(scenario.names),
    )


class _Builder:
    def __init__(
        self,
        campaign: Campaign,
        state: CampaignState,
        step: StepEntry,
        out: Prepared,
        rules: RulesData,
    ) -> None:
        self.campaign = campaign
        self.state = state
        self.step = step
        self.out = out
        self.sc = out.scenario
        self.rules = rules

    @property
    def units(self) -> dict[str, Unit]:
        return {u.id: u for u in self.sc.units}

    def named(self, message: str, uid: str, kind: str, **words: str) -> Note:
        """A note about one character, named as the game names his counter; `words` are
        the campaign's own (a band's name)."""
        counter = self.rules.roster.get(kind)
        if counter is None:  # not in the rules data: his id, as it is
            return Note(message=message, words={"name": uid, **words})
        return Note(message=message, counters={"name": counter.name}, words=words)

    def run(self) -> None:
        self.adventurers()
        self.wizards()
        self.krobs()
        self.remap_conditions()

    # -- Adventurers -------------------------------------------------------------------

    def adventurers(self) -> None:
        party = {m.id: m for m in self.state.party}
        own = [u for u in self.sc.units if u.side is Side.ADVENTURERS]
        slots: list[Unit] = []
        for u in own:
            member = party.get(u.id)
            if member is not None:
                if not member.alive:
                    slots.append(u)  # the dead are gone: his place is free
            elif self.step.adventurers == "party" and u.id not in self.step.recruits:
                slots.append(u)  # not of the party: he steps aside
            else:
                self.out.notes.append(self.named(N_("{name} joins the party here"), u.id, u.kind))
        slot_groups = {u.id: self.remove(u.id) for u in slots}
        present = {u.id for u in self.sc.units}
        missing = [m for m in self.state.alive() if m.id not in present]
        for m in missing:
            unit = Unit(
                id=m.id,
                kind=m.kind,
                side=side_of(self.rules.roster, m.kind),
                status=m.status,
                wounds=m.wounds,
                adult=m.adult,
            )
            slot = next((s for s in slots if self.may_take(s, unit)), None)
            if slot is not None:
                slots.remove(slot)
                unit.hex, unit.level, unit.facing = slot.hex, slot.level, slot.facing
                self.out.replaced[slot.id] = m.id
                self.sc.units.append(unit)
                group = slot_groups[slot.id]
                if group is not None:
                    group.units.append(unit.id)
            elif self.join_group(self.step.party_group, Side.ADVENTURERS, unit) or self.place_near(
                unit
            ):
                self.sc.units.append(unit)
            else:
                waits = N_("{name} finds no room here and waits for the next one")
                self.out.notes.append(self.named(waits, m.id, m.kind))
        for u in self.sc.units:
            member = party.get(u.id)
            if member is not None and member.alive:
                u.status = came_round(member.status, member.wounds)
                u.wounds = member.wounds
                u.adult = member.adult
                if member.name:
                    self.set_name(u.id, member.name)

    # -- wizards ---------------------------------------------------------------------

    def wizards(self) -> None:
        present = self.units
        kept = [w for w in self.sc.wizards if w.unit in present]
        by_unit = {w.unit: w for w in kept}
        for uid, sheet in self.state.wizards.items():
            if uid not in present:
                continue
            by_unit[uid] = Wizard(uid, sheet.level, sheet.energy, wounds=sheet.wounds)
        self.sc.wizards[:] = list(by_unit.values())

    # -- Krobs -----------------------------------------------------------------------

    def krobs(self) -> None:
        cave = self.step.cave
        for band in self.state.bands:
            here = band.cave == cave
            joined: list[str] = []
            for bu in band.units:
                inside = bu.id in self.units
                if not bu.alive or not here:
                    if inside:
                        self.remove(bu.id)
                        if not bu.alive:
                            gone = self.named(N_("{name} fell"), bu.id, bu.kind)
                        else:
                            away = N_("{name} is away with {band}")
                            gone = self.named(away, bu.id, bu.kind, band=band.name)
                        self.out.secret.append(gone)
                    continue
                if inside:
                    _apply_band_unit(self.units[bu.id], bu)
                    continue
                unit = Unit(
                    id=bu.id,
                    kind=bu.kind,
                    side=Side.KROBS,
                    status=bu.status,
                    wounds=bu.wounds,
                    adult=bu.adult,
                )
                if self.join_group(self.step.krob_group, Side.KROBS, unit) or self.place_near(unit):
                    self.sc.units.append(unit)
                    joined.append(bu.id)
            if joined:
                self.out.secret.append(
                    Note(
                        message=N_("{band} ({n}) joins the Krobs of {cave}"),
                        words={"band": band.name, "cave": self.campaign.cave(cave).name},
                        numbers={"n": len(joined)},
                    )
                )

    # -- places ----------------------------------------------------------------------

    def remove(self, uid: str) -> Group | None:
        """Take `uid` out of the scenario; the group he was in (None: none)."""
        self.sc.units[:] = [u for u in self.sc.units if u.id != uid]
        for g in self.sc.groups:
            if uid in g.units:
                g.units.remove(uid)
                return g
        return None

    def join_group(self, group_id: str | None, side: Side, unit: Unit) -> bool:
        """Add `unit` to the scenario's group `group_id` (default for the party: the first
        Adventurer group deployed by its player) when it deploys or enters with room."""
        groups = self.sc.groups
        if group_id is None and side is Side.ADVENTURERS:
            group = next((g for g in groups if g.side is side and (g.deploy or g.entry)), None)
        else:
            group = next((g for g in groups if g.id == group_id), None)
        if group is None or not (group.deploy or group.entry):
            return False
        if group.deploy and len(set(group.deploy)) <= len(group.units):
            return False
        group.units.append(unit.id)
        if group.hidden:
            unit.hidden_from = Side.ADVENTURERS
        return True

    def may_take(self, slot: Unit, unit: Unit) -> bool:
        """Whether `unit` may stand where `slot` stood: not in water he cannot swim unless
        a boat or a bridge counter covers it (a place in a deploying group always)."""
        if slot.hex is None:
            return True
        cell = self.sc.board.cells[slot.hex]
        if not self.rules.terrain[cell.terrain].water:
            return True
        if not never_swims(profile_of(self.rules.roster, unit)):
            return True
        afloat = (AccessoryKind.BOAT, AccessoryKind.BRIDGE)
        return any(a.kind in afloat and slot.hex in a.hexes for a in self.sc.accessories)

    def place_near(self, unit: Unit) -> bool:
        """Stand `unit` on the nearest free hex to his side's characters on the map
        (breadth first: ground he may stand on, not next to an enemy)."""
        board = self.sc.board
        terrain = self.rules.terrain
        p = profile_of(self.rules.roster, unit)
        covered: set[Hex] = set()
        enemies: set[Hex] = set()
        anchors: list[Hex] = []
        for u in self.sc.units:
            if u.hex is None or not u.alive:
                continue
            hexes = hexes_for(u.hex, profile_of(self.rules.roster, u).size, u.facing)
            covered.update(hexes)
            if u.side is unit.side:
                anchors.append(u.hex)
            else:
                enemies.update(hexes)
        if not anchors:
            return False
        seen = set(anchors)
        queue = deque(anchors)
        while queue:
            h = queue.popleft()
            feet = hexes_for(h, p.size, unit.facing)
            if all(self._can_stand(f, p, covered, enemies, terrain) for f in feet):
                unit.hex, unit.level = h, board.cells[h].level
                return True
            for n in h.neighbours():
                if n in board.cells and n not in seen:
                    seen.add(n)
                    queue.append(n)
        return False

    def _can_stand(
        self,
        h: Hex,
        p: Profile,
        covered: set[Hex],
        enemies: set[Hex],
        terrain: TerrainTable,
    ) -> bool:
        cell = self.sc.board.cells.get(h)
        if cell is None or h in covered:
            return False
        t = terrain[cell.terrain]
        if not t.passable or (t.water and never_swims(p)):
            return False
        return not any(n in enemies for n in h.neighbours())

    def set_name(self, uid: str, name: str) -> None:
        self.sc.names[uid] = name

    def remap_conditions(self) -> None:
        """Victory conditions name the members who took the places of characters who
        stepped aside, and forget characters no longer in the scenario."""
        victory = self.sc.victory
        present = self.units
        for cond in victory.get("conditions", []):
            named = [self.out.replaced.get(uid, uid) for uid in cond.get("units", [])]
            kept = [uid for uid in named if uid in present]
            if cond.get("units") and not kept:
                cond["count"] = cond.get("count") or len(cond["units"])
            cond["units"] = kept
            if kept and cond.get("count") is not None:
                cond["count"] = min(cond["count"], len(kept))


def came_round(status: Status, wounds: int) -> Status:
    """A character knocked out at the end of a scenario has come round by the next:
    wounded if he has wounds, else healthy."""
    if status is Status.KNOCKED_OUT:
        return Status.WOUNDED if wounds else Status.HEALTHY
    return status


def _apply_band_unit(unit: Unit, bu: BandUnit) -> None:
    unit.status = came_round(bu.status, bu.wounds)
    unit.wounds = bu.wounds
    unit.adult = bu.adult


# -- out of a finished game -----------------------------------------------------------


@dataclass
class Outcome:
    """What a finished scenario did to the party (the campaign screen says it)."""

    fallen: list[str] = field(default_factory=list)
    levelled: list[str] = field(default_factory=list)
    exited: int = 0


def record(
    state: CampaignState, units: Iterable[Unit], wizards: dict[str, Wizard], offmap: dict[str, Any]
) -> Outcome:
    """Read the finished game's characters back into the party, the sheets and the bands."""
    out = Outcome()
    by_id = {u.id: u for u in units}
    members = {m.id: m for m in state.party}
    for u in by_id.values():
        if u.side is not Side.ADVENTURERS:
            continue
        member = members.get(u.id)
        if member is None:
            member = Member(id=u.id, kind=u.kind)
            state.party.append(member)
            members[u.id] = member
        member.status = came_round(u.status, u.wounds)
        member.wounds = u.wounds
        member.adult = u.adult
        if not u.alive:
            out.fallen.append(u.id)
        entry = offmap.get(u.id)
        if isinstance(entry, dict) and entry.get("state") == "exited":
            out.exited += 1
    for uid, w in wizards.items():
        unit = by_id.get(uid)
        if unit is None or unit.side is not Side.ADVENTURERS:
            continue
        if not unit.alive:
            state.wizards.pop(uid, None)
            continue
        energy = available_energy(w, unit)
        level = w.level
        if level < MAX_WIZARD_LEVEL:
            level += 1
            energy += EP_PER_LEVEL
            out.levelled.append(uid)
        state.wizards[uid] = Sheet(level=level, energy=energy, wounds=unit.wounds)
    for band in state.bands:
        for bu in band.units:
            unit = by_id.get(bu.id)
            if unit is None:
                continue
            bu.status = came_round(unit.status, unit.wounds)
            bu.wounds = unit.wounds
            bu.adult = unit.adult
    return out
