"""A campaign in progress: the party, the wizards' sheets, the Krob bands on the plan,
what the Adventurers have learned of them, the scenarios played and the step to play.

The state is pydantic models so that a campaign save is read back with the same care as
a data file: a wrong type or a missing field is one message naming the field. Each side
has its own view (`view`): the Krob player sees where every band is; the Adventurer
player sees only the sightings (bands met in a fight, or heard from a neighbouring cave),
never a band's position itself.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from dragonnoir.campaign.notes import Said
from dragonnoir.engine.state import Side, Status


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Character(_Model):
    """A character between scenarios: his unit id (the same in every scenario), his
    counter, status and wounds."""

    id: str
    kind: str
    status: Status = Status.HEALTHY
    wounds: int = Field(default=0, ge=0)
    adult: bool = True

    @property
    def alive(self) -> bool:
        return self.status is not Status.KILLED


class Member(Character):
    """A character of the party."""

    name: str | None = None


class Sheet(_Model):
    """A wizard's sheet between scenarios ("Magic"): level, the EP left, and the wounds
    those EP were counted with (as `engine.state.Wizard`)."""

    level: int = Field(default=1, ge=1, le=2)
    energy: int = Field(default=100, ge=0)
    wounds: int = Field(default=0, ge=0)


class BandUnit(Character):
    """A Krob of a band."""


class Band(_Model):
    """A Krob band on the plan: where it is (secret), how it moves, who is in it."""

    id: str
    name: str
    cave: str
    moves: Literal["guard", "wander", "hunt", "gather"] = "wander"
    toward: str | None = None
    speed: int = Field(default=1, ge=0)
    units: list[BandUnit]

    def strength(self) -> int:
        return sum(1 for u in self.units if u.alive)


class Sighting(_Model):
    """What the Adventurers learned of a band: fought in a cave, or heard next door."""

    band: str
    name: str
    cave: str
    #: Scenarios played when it was seen.
    after: int
    how: Literal["fought", "heard"]
    #: Characters counted (fought), or a rough word (heard); words in older saves.
    strength: Said


class Played(_Model):
    """One scenario played: its outcome and where it led."""

    step: str
    scenario: str
    name: str
    winner: Literal["adventurers", "krobs", "draw"]
    reason: str = ""
    turn: int = 0
    condition: str | None = None
    fallen: list[str] = Field(default_factory=list)
    exited: int = 0
    goto: str = ""
    text: str = ""
    #: What the report said of the party's coming (older saves: its words).
    notes: list[Said] = Field(default_factory=list)


class CampaignState(_Model):
    """Everything a campaign save holds besides the game in progress."""

    campaign: str
    seed: int
    step: str | None
    ending: str | None = None
    party: list[Member]
    wizards: dict[str, Sheet] = Field(default_factory=dict)
    bands: list[Band] = Field(default_factory=list)
    sightings: list[Sighting] = Field(default_factory=list)
    played: list[Played] = Field(default_factory=list)
    #: Who plays each seat in the campaign's games, by side ({"krobs": "ai:normal"}:
    #: `Game.players`, chosen when the campaign starts; empty: two people).
    players: dict[str, str] = Field(default_factory=dict)

    # -- lookups ---------------------------------------------------------------------

    def member(self, uid: str) -> Member | None:
        return next((m for m in self.party if m.id == uid), None)

    def alive(self) -> list[Member]:
        return [m for m in self.party if m.alive]

    def band(self, band_id: str) -> Band | None:
        return next((b for b in self.bands if b.id == band_id), None)

    @property
    def over(self) -> bool:
        return self.ending is not None

    # -- what each side may know ----------------------------------------------------------

    def view(self, side: Side) -> dict[str, Any]:
        """What `side`'s player may see, as plain data (the campaign screen draws it).

        Both: the party, the wizards' sheets, the scenarios played, the step to come. The
        Krobs: every band, where it is and its strength. The Adventurers: the sightings
        only, the latest per band (no band's cave unless it was seen there)."""
        out: dict[str, Any] = {
            "side": side.value,
            "step": self.step,
            "ending": self.ending,
            "party": [m.model_dump(mode="json") for m in self.party],
            "wizards": {k: v.model_dump(mode="json") for k, v in self.wizards.items()},
            "played": [p.model_dump(mode="json") for p in self.played],
        }
        if side is Side.KROBS:
            out["bands"] = [b.model_dump(mode="json") for b in self.bands]
            out["sightings"] = [s.model_dump(mode="json") for s in self.sightings]
        else:
            latest: dict[str, Sighting] = {}
            for s in self.sightings:
                latest[s.band] = s
            out["sightings"] = [s.model_dump(mode="json") for s in latest.values()]
        return out
