"""A campaign read and checked: the general plan of the caves, its steps and bands.

`load_campaign` reads a campaign file (`campaign_format.py`) and checks what the shape
cannot: every cave, step, ending, band and roster id named exists, every scenario is
found (by id among the shipped and the player's scenarios, or as a path relative to the
campaign file), the plan is connected. Every fault is one `DataFileError` naming the file
and the entry, like a scenario's.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from dragonnoir.campaign.campaign_format import (
    BandEntry,
    CampaignFile,
    CaveEntry,
    EndingEntry,
    StepEntry,
)
from dragonnoir.datafiles import load_toml_model, read_toml
from dragonnoir.engine.roster import Spectre
from dragonnoir.engine.state import Side
from dragonnoir.engine.tables import RulesData, default_rules_data
from dragonnoir.engine.values import side_of
from dragonnoir.errors import DataFileError
from dragonnoir.i18n import N_, _, ngettext
from dragonnoir.local_texts import Texts
from dragonnoir.resources import find_by_id
from dragonnoir.safe_read import CAMPAIGN, named_file, quoted


class CampaignError(DataFileError):
    """A campaign file or a campaign save that cannot be used (names the file, the place)."""


@dataclass
class Campaign:
    """A campaign file, checked, with the plan's graph at hand."""

    data: CampaignFile
    source: Path
    #: Each step's scenario file, found when the campaign was read.
    scenario_files: dict[str, Path] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.data.id

    @property
    def name(self) -> str:
        return self.data.name

    @property
    def texts(self) -> Texts:
        """The name, the briefing and the other texts in the languages the file gives
        (`texts.name("fr")`, `texts.word(step.briefing)`)."""
        return Texts(self.data.name, self.data.briefing, self.data.text)

    def cave(self, cave_id: str) -> CaveEntry:
        return next(c for c in self.data.cave if c.id == cave_id)

    def step(self, step_id: str) -> StepEntry:
        return next(s for s in self.data.step if s.id == step_id)

    def ending(self, ending_id: str) -> EndingEntry | None:
        return next((e for e in self.data.ending if e.id == ending_id), None)

    def band(self, band_id: str) -> BandEntry:
        return next(b for b in self.data.band if b.id == band_id)

    def neighbours(self, cave_id: str) -> list[str]:
        """The caves one link away, in the file's order (so dice choices are stable)."""
        out: list[str] = []
        for link in self.data.link:
            a, b = link.between
            if a == cave_id and b not in out:
                out.append(b)
            elif b == cave_id and a not in out:
                out.append(a)
        return out

    def distances(self, target: str) -> dict[str, int]:
        """Links from every cave to `target` (breadth first)."""
        dist = {target: 0}
        queue = deque([target])
        while queue:
            here = queue.popleft()
            for n in self.neighbours(here):
                if n not in dist:
                    dist[n] = dist[here] + 1
                    queue.append(n)
        return dist


def is_campaign_file(path: Path) -> bool:
    """A .toml that holds caves and steps is a campaign (scenarios name a `map`, layouts
    list `board`s); an unreadable file is not, and is left to the other readers."""
    try:
        data = read_toml(path)
    except DataFileError:
        return False
    return "step" in data and "cave" in data


def load_campaign(path: Path | str, rules: RulesData | None = None) -> Campaign:
    """Read and check a campaign file; faults name the file and the entry."""
    src = Path(path)
    data = load_toml_model(src, CampaignFile, CAMPAIGN)
    rules = rules or default_rules_data()

    def fail(message: str, place: str) -> CampaignError:
        return CampaignError(src, message, place=place)

    caves = [c.id for c in data.cave]
    _unique(caves, "cave", fail)
    for i, link in enumerate(data.link):
        for end in link.between:
            if end not in caves:
                raise fail(
                    _("no cave {end!r} (caves: {names})").format(end=end, names=", ".join(caves)),
                    f"field link[{i}]",
                )
        if link.between[0] == link.between[1]:
            raise fail(_("a link joins two different caves"), f"field link[{i}]")
    campaign = Campaign(data, src)
    reached = campaign.distances(caves[0])
    lost = [c for c in caves if c not in reached]
    if lost:
        raise fail(
            ngettext(
                "cave {names} is not linked to the others",
                "caves {names} are not linked to the others",
                len(lost),
            ).format(names=", ".join(lost)),
            "field link",
        )

    members: list[str] = []
    for i, m in enumerate(data.party):
        place = f"field party[{i}]"
        if m.kind not in rules.roster:
            raise fail(
                _("no counter {kind!r} in the roster").format(kind=m.kind),
                f"{place}.kind",
            )
        if side_of(rules.roster, m.kind) is not Side.ADVENTURERS:
            raise fail(
                _("{kind!r} is not an Adventurer").format(kind=m.kind),
                f"{place}.kind",
            )
        members.append(m.id or m.kind)
        if (m.wizard_level or m.energy is not None) and not is_wizard(rules, m.kind):
            raise fail(
                _("{kind!r} is not a wizard").format(kind=m.kind),
                f"{place}.wizard_level",
            )
    _unique(members, N_("party member"), fail)

    band_units: list[str] = []
    for i, band in enumerate(data.band):
        place = f"field band[{i}] (id {band.id!r})"
        for cave in (band.cave, band.toward):
            if cave is not None and cave not in caves:
                raise fail(_("no cave {cave!r}").format(cave=cave), place)
        for j, u in enumerate(band.unit):
            if u.kind not in rules.roster:
                raise fail(
                    _("no counter {kind!r} in the roster").format(kind=u.kind),
                    f"{place}.unit[{j}].kind",
                )
            if side_of(rules.roster, u.kind) is not Side.KROBS:
                raise fail(
                    _("{kind!r} is not a Krob").format(kind=u.kind),
                    f"{place}.unit[{j}].kind",
                )
            band_units.append(u.id or u.kind)
    _unique([b.id for b in data.band], N_("band"), fail)
    _unique(band_units, N_("band character"), fail)
    clash = set(band_units) & set(members)
    if clash:
        raise fail(
            _("{member!r} is both a party member and a Krob").format(member=sorted(clash)[0]),
            "field band",
        )

    steps = [s.id for s in data.step]
    endings = [e.id for e in data.ending]
    _unique(steps + endings, N_("step or ending"), fail)
    if data.first not in steps:
        raise fail(_("no step {first!r}").format(first=data.first), "field first")
    bands = {b.id for b in data.band}

    for i, step in enumerate(data.step):
        place = f"field step[{i}] (id {step.id!r})"
        if step.cave not in caves:
            raise fail(_("no cave {cave!r}").format(cave=step.cave), f"{place}.cave")
        campaign.scenario_files[step.id] = _step_scenario(src, step.scenario, f"{place}.scenario")
        for j, branch in enumerate(step.next):
            if branch.goto not in steps and branch.goto not in endings:
                raise fail(
                    _("goto {goto!r} is neither a step nor an ending").format(goto=branch.goto),
                    f"{place}.next[{j}].goto",
                )
            for b in branch.alert:
                if b not in bands:
                    raise fail(
                        _("no band {b!r}").format(b=b),
                        f"{place}.next[{j}].alert",
                    )
        if _tests(step.next[-1].model_dump()):
            raise fail(
                _("the last branch must have no tests (where the campaign goes otherwise)"),
                f"{place}.next[{len(step.next) - 1}]",
            )
    return campaign


def _step_scenario(src: Path, name: str, place: str) -> Path:
    """The scenario file a step names: a `.toml` file beside the campaign (under the rule
    of names inside files, `safe_read.resolve_name`), else the scenario of that id among
    the installation's and the player's. Never a path taken as given: a campaign naming
    `/etc/passwd.toml` makes the program open nothing."""
    if name.endswith(".toml"):
        path = named_file(src, name, "scenario", place=place)
        if path.is_file():
            return path
    found = find_by_id("scenarios", name)
    if found is None:
        raise DataFileError(
            src, _("no scenario file or scenario of id {quoted}").format(quoted=quoted(name)), place
        )
    return found


def is_wizard(rules: RulesData, kind: str) -> bool:
    """Whether the roster's counter `kind` is a wizard ("Magic": Zacharie and Shaman)."""
    tags = getattr(rules.roster.get(kind), "tags", ())
    return any(getattr(t, "value", t) == "wizard" for t in tags)


def is_spectre(rules: RulesData, kind: str) -> bool:
    """Whether `kind` is a summoned spectre (Living Dead, Gargoyle): it serves one
    scenario and never joins the party."""
    return isinstance(rules.roster.get(kind), Spectre)


def _tests(branch: dict[str, object]) -> bool:
    """Whether a branch (as a dict) has any test set."""
    keys = ("winner", "condition", "survivors", "exited")
    return any(branch.get(k) is not None for k in keys) or bool(
        branch.get("alive") or branch.get("dead")
    )


def _unique(ids: list[str], what: str, fail: Callable[[str, str], CampaignError]) -> None:
    seen: set[str] = set()
    for ident in ids:
        if ident in seen:
            said = _("{what} id {ident!r} is used twice").format(what=_(what), ident=ident)
            raise fail(said, "field " + what.split()[0])
        seen.add(ident)
