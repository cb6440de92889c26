"""The campaign file format: TOML read into these pydantic models (docs/campaign.md).

A campaign file holds the general plan of the caves (caves and the links between them),
the party that sets out, the Krob bands and how each moves between caves, the steps (one
scenario played in one cave) with their branches, and the endings. Only the shape is
checked here (types, ranges, unknown keys refused so a typo is caught); whether a step
names a known cave, scenario or step is `campaign.load_campaign`'s business.

Everything here is ours: the box's "general plan for the secret movements of the Krobs
(campaign scenarios)" and its solo campaign tables are printed material we do not have.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from dragonnoir.i18n import _
from dragonnoir.local_texts import LanguageCode, LocalTexts

Ident = str
IDENT = r"^[a-z0-9][a-z0-9_-]*$"
SideName = Literal["adventurers", "krobs"]
Outcome = Literal["adventurers", "krobs", "draw"]
#: How a Krob band moves on the plan between two scenarios (docs/campaign.md).
Moves = Literal["guard", "wander", "hunt", "gather"]
#: Which Adventurers play a step's scenario (docs/campaign.md, "Carry-over").
Roster = Literal["party", "both"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CaveEntry(_Strict):
    """A cave of the general plan, drawn at `at` (x, y from 0 to 100)."""

    id: str = Field(pattern=IDENT)
    name: str
    at: tuple[float, float]
    board: str | None = None  # the board it is (for the reader), an id of maps/
    text: str = ""


class LinkEntry(_Strict):
    """A tunnel between two caves: Krob bands move along it."""

    between: tuple[str, str]
    name: str = ""


class MemberEntry(_Strict):
    """A character of the party as it sets out (its id is its id in every scenario)."""

    kind: str
    id: str | None = None
    name: str | None = None
    status: Literal["healthy", "wounded"] = "healthy"
    wounds: int = Field(default=0, ge=0)
    #: For a wizard: his level and energy points at the start (default level x 100).
    wizard_level: int | None = Field(default=None, ge=1, le=2)
    energy: int | None = Field(default=None, ge=0)


class BandUnitEntry(_Strict):
    kind: str
    id: str | None = None
    adult: bool = True


class BandEntry(_Strict):
    """A Krob band: its characters, the cave it starts in and how it moves."""

    id: str = Field(pattern=IDENT)
    name: str
    cave: str
    moves: Moves = "wander"
    #: For `gather`: the cave it makes for.
    toward: str | None = None
    #: Links it may travel between two scenarios.
    speed: int = Field(default=1, ge=0, le=6)
    unit: list[BandUnitEntry] = Field(min_length=1)

    @model_validator(mode="after")
    def _toward(self) -> BandEntry:
        if self.moves == "gather" and self.toward is None:
            raise ValueError(_("a band that gathers needs `toward` (a cave id)"))
        return self


class BranchEntry(_Strict):
    """Where the campaign goes after a step: the first branch whose tests all hold (a
    branch without tests always holds)."""

    goto: str
    winner: Outcome | None = None
    #: A victory condition met: its id in the scenario ("c1") or its kind ("exit").
    condition: str | None = None
    #: At least this many members of the party alive after the scenario.
    survivors: int | None = Field(default=None, ge=0)
    #: These members all alive.
    alive: list[str] = Field(default_factory=list)
    #: These members all dead.
    dead: list[str] = Field(default_factory=list)
    #: At least this many Adventurers left the map.
    exited: int | None = Field(default=None, ge=0)
    text: str = ""
    #: Bands that take up the hunt (their `moves` becomes "hunt").
    alert: list[str] = Field(default_factory=list)


class StepEntry(_Strict):
    """One scenario of the campaign, played in one cave of the plan."""

    id: str = Field(pattern=IDENT)
    scenario: str
    cave: str
    name: str | None = None
    briefing: str = ""
    adventurers: Roster = "party"
    #: Scenario Adventurers who join the party (kept even with adventurers = "party").
    recruits: list[str] = Field(default_factory=list)
    #: The scenario's Krob group the bands found in the cave join (placed with it).
    krob_group: str | None = None
    #: The scenario's Adventurer group the party fills (default: the first one).
    party_group: str | None = None
    next: list[BranchEntry] = Field(min_length=1)


class EndingEntry(_Strict):
    id: str = Field(pattern=IDENT)
    winner: Outcome
    name: str
    text: str = ""


class CampaignFile(_Strict):
    format: Literal[1] = 1
    id: str = Field(pattern=IDENT)
    name: str
    briefing: str = ""
    first: str
    #: Chance out of 10 that the party hears a band in a cave next to theirs.
    scouting: int = Field(default=3, ge=0, le=10)
    cave: list[CaveEntry] = Field(min_length=2)
    link: list[LinkEntry] = Field(min_length=1)
    party: list[MemberEntry] = Field(min_length=1)
    band: list[BandEntry] = Field(default_factory=list)
    step: list[StepEntry] = Field(min_length=1)
    ending: list[EndingEntry] = Field(min_length=1)
    #: The campaign's texts in other languages (`[text.fr]`: dragonnoir/local_texts.py):
    #: its name and briefing, and by their English words the caves', steps', outcomes'
    #: and endings' texts.
    text: dict[LanguageCode, LocalTexts] = Field(default_factory=dict)
