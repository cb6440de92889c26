"""What a behaviour asks of each character (`Order`) and of a group (`GroupPlan`): the
words behaviours.py plans in and the tactical layer (scoring, moving) acts on."""

from __future__ import annotations

from dataclasses import dataclass, field

from dragonnoir.ai.paths import FAR
from dragonnoir.hexmap.hexes import Hex


@dataclass
class Order:
    """What one character should do: walk towards `goal`, fight with `aggression`
    (0 never attacks at a loss, 1 accepts even trades), or `hold` (do not move)."""

    goal: frozenset[Hex] = frozenset()
    aggression: float = 0.5
    hold: bool = False
    leave: bool = False  # leave the map when he can (exits, the Orb carried out)
    avoid: bool = False  # walk away from the enemy (the wounded)
    #: Stay within this walking cost of `post` (guards).
    post: frozenset[Hex] = frozenset()
    reach: int = FAR
    #: Walking cost to `goal` he may still stand off without loss: a place to hold at a
    #: set turn needs no one there before he must start for it (the waiting is done
    #: where nothing threatens: not in the Gharvs' marsh).
    slack: int = 0
    #: Weight of the Gharvs' waters against his goal (1: full). Who carries the victory
    #: out, or goes to pick it up, crosses water he would otherwise shun: waiting on the
    #: bank makes the crossing no safer, and at the turn limit it is lost anyway.
    daring: float = 1.0
    #: A ferryman's: where a friend cut off by the water could step into a boat this
    #: turn (ai/shuttle.py); he rows his boat until its free seat lies on one.
    ferry: frozenset[Hex] = frozenset()
    #: Worth of ending the move on `goal` itself, beyond the walk saved (picking up the
    #: lying Orb: the victory is in his hands, not one step nearer).
    prize: float = 0.0
    #: How much his walk weighs against the fights and waters on the way (1: as usual;
    #: `clock.HASTE` when the turn limit leaves him no move to spare).
    haste: float = 1.0


@dataclass
class GroupPlan:
    """A group's behaviour this turn and each member's order; `intent` is the line the
    AI logs ("Hunters 1-4 hunt the archers")."""

    gid: str
    name: str
    behaviour: str
    members: list[str]
    orders: dict[str, Order] = field(default_factory=dict)
    intent: str = ""
    #: What the plan amounts to ("wait", "sprung", "strike"...): a new intent line is
    #: logged when it changes within a turn, not when only the nearest enemy does, and
    #: not again for a plan already said that turn (`TacticalAgent._plan`).
    mode: str = ""
