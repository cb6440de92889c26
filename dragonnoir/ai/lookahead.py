"""The hard level's look at the enemy's reply: how boldly to move this turn.

Before its movement phase the hard AI plays the round out in its head a few ways. Each
*style* changes the groups' orders for this turn: as planned, bolder (every character's
aggression up), warier (down), or sheltering (whoever the enemy wins by killing, and the
badly wounded, walk away from the enemy). For each style the round is played on a copy
of the side's own view (`SideView.game`: what it may know, nothing more) by plain agents
of both sides: its own movement and combat in that style, the enemy's whole reply, up to
its next movement phase. The positions reached are judged (`judge`), each style on the
same throws of the dice (its own seeded dice, never the game's), and the style with the
best average is played for real.

It looks one round ahead only, and only when the map is small enough for that to be
quick (`MOST_CHARACTERS`; fewer rounds and styles beyond `FEW_CHARACTERS`): with sixty
Krobs a round takes too long to be played out at every turn, and the hard AI plays
there as it did before.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, replace
from random import Random
from typing import Protocol

from dragonnoir.ai.behaviours import is_badly_hurt, is_queen, named_by_enemy
from dragonnoir.ai.evaluation import unit_value
from dragonnoir.ai.mobility import goal_field
from dragonnoir.ai.orders import Order
from dragonnoir.ai.paths import FAR
from dragonnoir.ai.view import SideView, view_for
from dragonnoir.engine.actions import Action
from dragonnoir.engine.dice import Dice
from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import clone
from dragonnoir.engine.rules.offmap import status_of
from dragonnoir.engine.state import Side, Unit
from dragonnoir.engine.values import profile
from dragonnoir.errors import DragonNoirError

#: The styles weighed, as planned first (kept on a tie).
STYLES = ("as planned", "bolder", "warier", "sheltering")
#: How much bolder (warier) a style makes every character.
SHIFT = 0.3
#: Rounds played out per style (the same dice for every style: their gap is the style's);
#: beyond `FEW_CHARACTERS` on the map, one round of `MANY_STYLES` only. A round's time
#: grows with the characters (la-reine's Krob turn is the dearest: two rounds of four
#: styles with 16 characters took 0.87 s, one round of four with 21 up to 0.94 s).
ROUNDS = 2
FEW_CHARACTERS = 12
MANY_STYLES = ("as planned", "bolder", "sheltering")
#: Beyond this many characters on the map the round is not played out at all (time).
MOST_CHARACTERS = 30
#: A round that has not come back to the side's movement in this many actions is given
#: up (a safeguard: a round takes tens of actions, a few hundred on the big maps).
MOST_ACTIONS = 3000
#: What a won (lost) game is worth against the counters and the walk.
DECIDED = 1000.0
#: The weight of a casualty point against one movement point nearer the goal.
W_MATERIAL = 4.0
#: The farthest walk to the goal that counts (as scoring.py's `GOAL_CAP`).
GOAL_CAP = 400


class Player(Protocol):
    """An agent as the look-ahead drives it (`TacticalAgent`)."""

    _orders: dict[str, Order]

    def choose(self, view: SideView) -> Action: ...


#: Makes the agent of `side`, seeded, playing `style`.
MakePlayer = Callable[[Side, int, str], Player]


@dataclass(frozen=True)
class Verdict:
    """The style chosen, and each style's average judgement (for the tests and logs)."""

    style: str
    values: dict[str, float]

    def why(self) -> str:
        """The judgements, for the intent line: "as planned -14, sheltering 22"."""
        return ", ".join(f"{s} {v:+.0f}" for s, v in self.values.items())


def _characters(view: SideView) -> int:
    return sum(1 for _ in view.game.living_units())


def styles_for(view: SideView) -> tuple[str, ...]:
    """The styles weighed: all of them where the map holds few characters."""
    return STYLES if _characters(view) <= FEW_CHARACTERS else MANY_STYLES


def rounds_for(view: SideView) -> int:
    """How many rounds to play out per style: fewer where a round takes longer, none
    where it would take too long (counted, not timed: the same game plays the same)."""
    characters = _characters(view)
    if characters > MOST_CHARACTERS:
        return 0
    return ROUNDS if characters <= FEW_CHARACTERS else 1


def restyle(view: SideView, style: str, orders: dict[str, Order]) -> dict[str, Order]:
    """The orders of this turn played in `style`."""
    if style == "bolder" or style == "warier":
        shift = SHIFT if style == "bolder" else -SHIFT
        return {
            uid: replace(o, aggression=min(1.0, max(0.0, o.aggression + shift)))
            for uid, o in orders.items()
        }
    if style == "sheltering":
        shelter = sheltered(view, orders)
        return {
            uid: Order(avoid=True, aggression=0.05) if uid in shelter else o
            for uid, o in orders.items()
        }
    return orders


def sheltered(view: SideView, orders: dict[str, Order]) -> set[str]:
    """Who the sheltering style walks away from the enemy: those the enemy wins by
    killing, and the party's badly wounded. Not the Queen: her court fights for her where
    she stands, and she walked away from it (la-reine). Not a badly wounded Krob: the
    Krobs are many and the victory is theirs to keep, and one who walked away left the
    fight for the Orb a blow short (l-ile, seed 6015: a wounded Hunter walked off and
    the Knight carried the Orb out past the keeper alone). Hard's Krobs against normal,
    wins before and after (seeds 6000-6019, 7000-7019, and 8000-8019 but on l-ile):
    l-ile 22 then 28 of 40, les-eaux-noires 34 then 42 of 60, la-reine 40 then 49 of 60;
    le-nid, whose Guard and newborns it still shelters, 28 then 24 of 60 (16 without
    the style at all)."""
    units = view.state.units
    named = named_by_enemy(view)
    if view.side is Side.KROBS:
        return {uid for uid in named if uid in units and not is_queen(view.game, units[uid])}
    return named | {uid for uid in orders if uid in units and is_badly_hurt(view, units[uid])}


def choose_style(
    view: SideView, make: MakePlayer, rng: Random, orders: dict[str, Order]
) -> Verdict:
    """The style whose rounds, played out from this view, end best for the side
    (`orders`: the groups' orders as planned)."""
    side = view.side
    seeds = [rng.randrange(1 << 30) for _ in range(max(1, rounds_for(view)))]
    values: dict[str, float] = {}
    for style in styles_for(view):
        if style != STYLES[0] and restyle(view, style, orders) == orders:
            continue  # the same orders: the same rounds (nobody to shelter)
        total = 0.0
        for seed in seeds:
            game = clone(view.game)
            game.state.dice = Dice(seed)
            players = {
                side: make(side, seed, style),
                side.enemy(): make(side.enemy(), seed, STYLES[0]),
            }
            # A thought experiment must not end the real game: a round the engine
            # refused to go on with is judged where it stopped.
            with suppress(DragonNoirError):
                _play_round(game, side, players)
            total += judge(game, side, orders, players[side.enemy()]._orders)
        values[style] = total / len(seeds)
    best = max(values, key=lambda s: (values[s], s == STYLES[0]))
    return Verdict(best, values)


def _play_round(game: Game, side: Side, players: dict[Side, Player]) -> None:
    """Play from now to the side's next movement phase (or the end of the game)."""
    moving = f"{side.value[:-1]}_movement"
    start = game.state.turn
    for _ in range(MOST_ACTIONS):
        if game.over or (game.state.turn > start and game.state.phase == moving):
            return
        who = game.to_act()
        if who is None or who not in players:
            return
        game.apply(players[who].choose(view_for(game, who)))


def judge(game: Game, side: Side, mine: dict[str, Order], theirs: dict[str, Order]) -> float:
    """How the position stands for `side`: a decided game first, then the counters
    each side has left (casualty points, less the wounds taken) and the walk each
    side's characters still have to their goals: `mine` are the side's orders as
    planned (whatever style was played, the goals are the same), `theirs` the enemy's.
    The Krobs' walk does not count against the Adventurers: a hunt's goal is the enemy,
    whose nearness is no gain in itself."""
    winner = game.state.winner
    if game.over and winner is not None:
        return DECIDED if winner is side else -DECIDED
    value = W_MATERIAL * (_material(game, side) - _material(game, side.enemy()))
    value -= _walk(game, side, mine)
    if side is Side.KROBS:
        value += _walk(game, side.enemy(), theirs)
    return value


def _material(game: Game, side: Side) -> float:
    total = 0.0
    for unit in game.state.units.values():
        if unit.side is not side or not unit.alive:
            continue
        if unit.hex is None and status_of(game, unit.id) != "exited":
            continue  # off the map, not come yet (or in a deep passage): not yet here
        # One who left by an exit is safe and counts towards the victory: he is worth
        # all he was worth on the map. (Counted as nothing, a round that got him out
        # looked worse than one that kept him a step from the way out.)
        total += unit_value(game, unit) * _health(game, unit)
    return total


def _health(game: Game, unit: Unit) -> float:
    p = profile(game, unit)
    share = 1.0 - unit.wounds / max(1, p.wounds_to_kill)
    return share * (1.0 if unit.standing else 0.8)


def _walk(game: Game, side: Side, orders: dict[str, Order]) -> float:
    total = 0.0
    for unit in game.living_units(side):
        order = orders.get(unit.id)
        if order is None or not order.goal or unit.hex is None:
            continue
        field = goal_field(game, unit, order.goal, frozenset())
        total += min(field.get(unit.hex, FAR), GOAL_CAP)
    return total
