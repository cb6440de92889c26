"""How well each level of the tactical AI plays: the knobs of `easy`, `normal` and `hard`.

Levels change how well the AI plays, never the rules (ai/tactical.py): `easy` scores with
a lot of noise, sees no archers' lines, tries only the engine's listed attacks and lets a
group of the party forget its task now and then; `normal` plays the full evaluation with
a little noise; `hard` plays it without noise, weighs the blows it may take back more
carefully, plays as a team, weighs where the Infiltration Table may stop a path, reads
the scenario's victory as a player would, makes for the place it must hold without biding
and plays the round out in its head before it moves. docs/ai.md, "Where it stands", says
what each is worth against normal.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """How well a level plays."""

    noise: float  # standard deviation added to every move's score
    fire_lines: bool  # weighs the archers' lines of fire a Krob ends in
    joined: bool  # builds its own joint attacks (else only the engine's list)
    risk: float  # weight of the blows it may take back
    attack_threshold: float  # least expected gain for an attack to be made
    casts: bool = True  # its wizards cast spells
    #: Plays as a team, in three ways. Counts the friends who have not moved yet and can
    #: still come to a fight (at part of their strength) in the combat it may make there:
    joins_coming: bool = False
    #: keeps the wizard and the badly wounded out of the enemies' next move:
    keeps_safe: bool = False
    #: a hunting pack's swimmers wait at the water's edge for the pack (ai/crossing.py):
    crosses_together: bool = False
    #: Plays the round out in its head a few ways before moving (ai/lookahead.py).
    looks_ahead: bool = False
    #: Weighs where the Infiltration Table may stop a move, and what it may cost
    #: (ai/infiltration.py).
    infiltration: bool = False
    #: Makes for the place the enemy must hold at the end of a turn, in time: one of its
    #: own standing in it then denies it (behaviours.contest_the_place).
    contests: bool = False
    #: Keeps what the enemy must carry off (the Orb, Khuzun, the party by its ways out):
    #: stands on the lying Orb, hunts who carries it out and strikes him first
    #: (behaviours.keep_the_prize).
    keeps_the_prize: bool = False
    #: On the clock, fights who stands in its walkers' way as it fights the enemies the
    #: victory names (ai/blockers.py).
    clears_the_way: bool = False
    #: The Krobs near one whose fall loses them the game stand beside him (ai/escort.py).
    escorts_the_named: bool = False
    #: A party that must hold a place at a turn makes for it at once, where the other
    #: levels bide out of harm's way till their last moves (behaviours._time_to_spare):
    #: each turn waited is one for the enemy to dig in and bring up his reinforcements
    #: (le-marais: the war party on turn 4, the nest guard through the vault).
    presses_on: bool = False
    #: How much its Krobs mind the Gharvs' waters (`Order.daring`, 1: as the party does)
    #: where the turn limit does not give them the game, so that they must come at the
    #: enemy (`clock.dare_the_crossing`). The party's weight (four times a combat's loss)
    #: keeps its few characters alive; a Krob is one of many, and les-eaux-noires's packs
    #: reach the island only through the lake (hard's Krobs there at half the weight: 130
    #: wins of the levels report's 200 against 119, 75 of 100 against 64 on seeds 6000+).
    krobs_daring: float = 1.0
    #: The chance that a group of the party forgets its task for a turn and goes for
    #: the nearest enemies (a beginner's lapse: ai/lapses.py).
    lapses: float = 0.0


#: The easy level's chance that a group of the party forgets its task for a turn
#: (ai/lapses.py; 0.3: easy against normal 32% of 640 games without, about 26% with).
LAPSES = 0.3

LEVELS: dict[str, Level] = {
    "easy": Level(
        noise=2.5,
        fire_lines=False,
        joined=False,
        risk=0.3,
        attack_threshold=-0.3,
        casts=False,
        lapses=LAPSES,
    ),
    "normal": Level(noise=0.3, fire_lines=True, joined=True, risk=0.7, attack_threshold=0.05),
    "hard": Level(
        noise=0.0,
        fire_lines=True,
        joined=True,
        risk=0.9,
        attack_threshold=0.05,
        joins_coming=True,
        keeps_safe=True,
        crosses_together=True,
        looks_ahead=True,
        infiltration=True,
        contests=True,
        keeps_the_prize=True,
        clears_the_way=True,
        escorts_the_named=True,
        presses_on=True,
        krobs_daring=0.5,
    ),
}
