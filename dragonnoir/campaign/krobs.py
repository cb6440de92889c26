"""The Krob bands' secret movements on the general plan between two scenarios.

After each scenario every band with characters left moves up to `speed` links, with dice
seeded from the campaign's seed and the number of scenarios played (so a campaign replays
the same from its seed, and a save reloads the same positions):

- `guard`: stays in its cave;
- `wander`: on 1-4 (d10) it stays, otherwise it takes a link drawn with the die;
- `hunt`: one link nearer to the cave of the party's next scenario (ties drawn);
- `gather`: one link nearer to its `toward` cave.

Newborn Krobs in a band grow up between two scenarios (ours: the box's campaign tables
are missing; "The Krobs": newborns become adults). Then the party may hear a band in a
cave linked to the one it goes to (`scouting` chances out of 10 per band): a sighting
for the Adventurer view, with a rough word for its strength. Bands already in the party's
cave are not heard: they are found in the scenario.
"""

from __future__ import annotations

import hashlib

from dragonnoir.campaign.notes import Note
from dragonnoir.campaign.plan import Campaign
from dragonnoir.campaign.state import Band, CampaignState, Sighting
from dragonnoir.engine.dice import Dice
from dragonnoir.i18n import N_


def derived_seed(seed: int, *parts: object) -> int:
    """A seed for one use of the campaign's dice (a scenario's game, an interlude's
    movements): a hash of the campaign seed and the parts, below 2**31."""
    text = ":".join(str(p) for p in (seed, *parts)).encode()
    digest = hashlib.blake2b(text, digest_size=8, person=b"dn-campaign").digest()
    return int.from_bytes(digest, "big") % 2**31


def move_bands(campaign: Campaign, state: CampaignState, party_cave: str) -> list[Note]:
    """Move every band one interlude (see the module doc); returns the Krob player's
    notes ("The hunting pack moves from La Fosse to Le Nid"), never shown to the
    Adventurers."""
    dice = Dice(derived_seed(state.seed, "interlude", len(state.played)))
    notes: list[Note] = []
    for band in state.bands:
        if band.strength() == 0:
            continue
        start = band.cave
        for _ in range(band.speed):
            nxt = _next_cave(campaign, band, party_cave, dice)
            if nxt is None:
                break
            band.cave = nxt
        for u in band.units:
            u.adult = True
        if band.cave != start:
            notes.append(
                Note(
                    message=N_("{band} moves from {start} to {end}"),
                    words={
                        "band": band.name,
                        "start": campaign.cave(start).name,
                        "end": campaign.cave(band.cave).name,
                    },
                )
            )
    _scout(campaign, state, party_cave, dice)
    return notes


def _next_cave(campaign: Campaign, band: Band, party_cave: str, dice: Dice) -> str | None:
    options = campaign.neighbours(band.cave)
    if band.moves == "guard" or not options:
        return None
    if band.moves == "wander":
        if dice.roll_d10() <= 4:
            return None
        return options[dice.roll(len(options)) - 1]
    target = party_cave if band.moves == "hunt" else band.toward
    assert target is not None
    dist = campaign.distances(target)
    here = dist.get(band.cave)
    if here is None or here == 0:
        return None
    nearer = [n for n in options if dist.get(n) == here - 1]
    return nearer[0] if len(nearer) == 1 else nearer[dice.roll(len(nearer)) - 1]


def rough_strength(count: int) -> Note:
    """How a band sounds through the rock."""
    if count <= 2:
        return Note(message=N_("a few Krobs"))
    if count <= 5:
        return Note(message=N_("a band of Krobs"))
    return Note(message=N_("a horde of Krobs"))


def _scout(campaign: Campaign, state: CampaignState, party_cave: str, dice: Dice) -> None:
    chance = campaign.data.scouting
    around = set(campaign.neighbours(party_cave))
    for band in state.bands:
        if band.strength() == 0 or band.cave not in around:
            continue
        if chance and dice.roll_d10() <= chance:
            state.sightings.append(
                Sighting(
                    band=band.id,
                    name=band.name,
                    cave=band.cave,
                    after=len(state.played),
                    how="heard",
                    strength=rough_strength(band.strength()),
                )
            )
