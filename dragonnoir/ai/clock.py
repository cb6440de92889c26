"""The party on the clock: what must be done by when, and what to stop doing to make it.

Where the turn limit makes the Adventurers lose (`at_turn_limit` names the Krobs), their
victory is a job with a deadline: enemies to kill (la-reine's Queen, le-nid's Guard) by
the last turn, or a place to hold at the end of a turn with no Krob in it (la-fosse's
pit bottom at the end of turn 7: the Krobs standing in it must be killed or driven
out). The job's enemies (`Clock.job`) need so many wounds still (`wounds`), to be dealt
in the party's combat phases left before the deadline (`rounds`); the wounds a round the
party must deal from now on (`pace`) say how far behind it is.

A party that cannot get this done against Krobs that barely fight back loses the way a
person beats it first (issue 44: against a generic Monte-Carlo player, la-fosse lost at
the turn limit in four games of ten; against the passive player, `passive_agent.py`, 14
of 20 won: the party walked into the pit, then traded a blow or two a turn with the
Warrior at the trapdoor while the turns ran out; la-reine 6 of 10: the party ground
down the Guards for seven turns and reached the Queen on the last). So, once the pace
asked is at least `PACE_ON`, the party:

- strikes the job's enemies harder as the pace rises: in the combat plan and in where a
  character ends his move, a blow at one of them counts `1 + pace` times what it counts
  otherwise, and in the last round `LAST_ROUND` times (then only the job matters: losing
  a blow back costs nothing the turn limit will not take anyway);
- stops fighting what does not stand in the way: a fight with an enemy neither of the
  job nor next to its enemies or its place counts `STRAY` of its worth in his move (the
  combat plan still strikes whoever is next to him: a blow costs no time).
"""

from __future__ import annotations

from dataclasses import dataclass

from dragonnoir.ai.memo import once_per_state
from dragonnoir.ai.view import SideView
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.state import Side
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import Hex

#: The wounds a round asked of the party from which it is on the clock (a wound every
#: other round: a party in contact deals about one a round to a single enemy).
PACE_ON = 0.5
#: The weight of a fight, in a move, with an enemy who does not stand in the way.
STRAY = 0.3
#: How much a blow at the job's enemies counts: 1 + this times the pace (a wound a round
#: asked: four times)...
PRESS = 3.0
#: ... and in the last round before the deadline.
LAST_ROUND = 10.0


@dataclass(frozen=True)
class Clock:
    """The side's job against the turn limit, as it stands now."""

    #: The enemies the job needs killed (or, for a place to hold, gone from it).
    job: frozenset[str]
    #: Their hexes, and the place to hold if any: who stands next to these is in the way.
    ground: frozenset[Hex]
    #: The turn at whose end the job must be done, and the side's combat phases left
    #: before then (this turn's included).
    deadline: int
    rounds: int
    #: The wounds still to deal to the job's enemies.
    wounds: int

    @property
    def pace(self) -> float:
        """The wounds a round the party must deal from now on."""
        return self.wounds / max(1, self.rounds)

    @property
    def running(self) -> bool:
        """Whether the party is on the clock: far enough behind to change its play."""
        return bool(self.job) and (self.pace >= PACE_ON or self.rounds <= 1)

    def weight(self) -> float:
        """How many times a blow at the job's enemies counts."""
        if not self.running:
            return 1.0
        return LAST_ROUND if self.rounds <= 1 else min(LAST_ROUND, 1.0 + PRESS * self.pace)

    def in_the_way(self, game: Game, enemy_id: str) -> bool:
        """The enemy is of the job, or stands next to its enemies or its place."""
        if enemy_id in self.job:
            return True
        unit = game.state.units.get(enemy_id)
        if unit is None or unit.hex is None:
            return False
        return any(
            h in self.ground or any(n in self.ground for n in h.neighbours())
            for h in footprint(game, unit)
        )


def clock_for(view: SideView) -> Clock | None:
    """The side's clock now (once per state), or None where the turn limit is not against
    it or its victory is no job against enemies (leaving the map, finding an objective:
    walking, which the moves' scores already weigh)."""
    return once_per_state(view.game, f"ai_clock_{view.side.value}", lambda _: _clock(view))


def _clock(view: SideView) -> Clock | None:
    from dragonnoir.ai.behaviours import (
        _conditions,
        _kill_is_nearer,
        _victory,
        hexes_of,
        victory_targets,
    )

    game = view.game
    limit = view.state.turn_limit
    if view.side is not Side.ADVENTURERS or not limit:
        return None
    if _victory(view).get("at_turn_limit") != view.side.enemy().value:
        return None
    goal, leave, kill = victory_targets(view)
    units = view.state.units
    mine = [u for u in view.mine() if u.alive]
    targets = [
        h for uid in kill if (u := units.get(uid)) is not None and u.alive and u.hex is not None
        for h in footprint(game, u)
    ]  # fmt: skip
    if targets and (not goal or _kill_is_nearer(view, mine, kill, targets, goal)):
        job = [uid for uid in kill if uid in units and units[uid].alive]
        deadline = limit
        ground = frozenset(targets)
    else:
        held = [
            c for c in _conditions(view)
            if c.get("side") == view.side.value and c.get("kind") == "hold" and c.get("hexes")
        ]  # fmt: skip
        if leave or not held:
            return None
        zone = frozenset(h for c in held for h in hexes_of(c.get("hexes")))
        deadline = min(int(c.get("turn") or limit) for c in held)
        job = [u.id for u in view.enemies() if u.alive and u.hex is not None and u.hex in zone]
        ground = zone | frozenset(h for uid in job for h in footprint(game, units[uid]))
    if view.turn > deadline:
        return None
    wounds = sum(
        max(1, profile(game, units[uid]).wounds_to_kill - units[uid].wounds) for uid in job
    )
    return Clock(frozenset(job), ground, deadline, deadline - view.turn + 1, wounds)
