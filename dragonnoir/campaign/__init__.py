"""Campaigns: a sequence of scenarios on a general plan of the caves (docs/campaign.md).

A campaign file (`campaigns/*.toml`, `campaign_format.py`) lays out the caves and the links
between them, the party that sets out, the Krob bands and how they move in secret, and
the steps (one scenario in one cave) with the branches the outcome of each chooses. The
survivors, their wounds and the wizards' sheets carry over from one scenario to the next
(`carry.py`); the bands move between scenarios with the campaign's seeded dice
(`krobs.py`); the whole is saved and resumed with the game in progress (`store.py`).

No pygame here: the client's campaign screen is `ui/campaign_scene.py`.
"""

from __future__ import annotations

from pathlib import Path

from dragonnoir.campaign.plan import Campaign, CampaignError, load_campaign
from dragonnoir.campaign.run import CampaignRun, StepResult
from dragonnoir.campaign.state import CampaignState
from dragonnoir.resources import items

__all__ = [
    "Campaign",
    "CampaignError",
    "CampaignRun",
    "CampaignState",
    "StepResult",
    "campaign_files",
    "find_campaign",
    "load_campaign",
]


def campaign_files() -> list[Path]:
    """Every campaign available by id: the player's (user data folder) first, then the
    shipped ones whose id the player has not reused."""
    return [item.path for item in items("campaigns")]


def find_campaign(ident: str) -> Path | None:
    """The campaign file of that id, or None."""
    return next((p for p in campaign_files() if p.stem == ident), None)
