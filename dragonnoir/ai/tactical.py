"""The tactical AI: one agent for either side, with three levels of play.

Each call answers what the engine asks now, from the side's view only. The agent is
this file's `TacticalAgent` and the parts it is made of, one job each:

- **decisions** (decisions.py): a wound or knock-out, a retreat, an advance after
  combat, defensive fire, a spell window; and the wizards' spells worth casting;
- **deployment** (here): each character on the zone hex that suits his group's
  behaviour;
- **offensive fire** (here): shot by shot, the shooter and target with the highest
  expected loss (the engine's own chances for that line, cover and modifiers), less what
  a crossbowman's shot costs his move;
- **movement** (moving.py): the groups' behaviours (behaviours.py) give each character
  an order (`_plan`, here); the characters nearest their goal move first, each to the
  legal destination with the best score (scoring.py: walking distance to the goal, the
  combat he may then make with the friends already there, the blows he may take back,
  the archers' lines of fire he ends in, the Gharvs' waters);
- **combat** (here): the best set of combats (attacks.py: joint attacks for the best
  odds), declared one by one, then resolved in order.

Levels change how well it plays, never the rules (levels.py): `easy` scores with a lot
of noise, sees no archers' lines and tries only the engine's listed attacks; `normal`
plays the full evaluation with a little noise; `hard` plays it without noise, weighs the
blows it may take back more carefully, plays as a team, weighs where the Infiltration
Table may stop a path (infiltration.py), reads the scenario's victory as a player would
(it keeps the Orb, contests the place the enemy must hold: behaviours.py), and before it
moves plays the round out in its head a few ways (lookahead.py) to choose how boldly to
move.
"""

from __future__ import annotations

import random
import weakref
from dataclasses import replace

from dragonnoir.ai import attacks, blockers, clock, crossing, escort, lookahead, mobility, shuttle
from dragonnoir.ai.ambush import ambush_spot
from dragonnoir.ai.answers import spell_answers
from dragonnoir.ai.behaviours import (
    contest_the_place,
    enemy_bearers,
    keep_the_prize,
    plan_groups,
    spare_the_named,
    victory_targets,
)
from dragonnoir.ai.clock import urgency
from dragonnoir.ai.contacts import Picture
from dragonnoir.ai.decisions import Deciding
from dragonnoir.ai.evaluation import TARGET_WEIGHT, fire_value
from dragonnoir.ai.lapses import forget_tasks
from dragonnoir.ai.levels import LEVELS
from dragonnoir.ai.moving import Moving
from dragonnoir.ai.orders import Order
from dragonnoir.ai.paths import FAR, distances_for
from dragonnoir.ai.scoring import W_FIGHT, W_GOAL, known_webs, walk_left
from dragonnoir.ai.view import SideView
from dragonnoir.engine.actions import (
    Action,
    Attack,
    Declare,
    Deploy,
    DestroyWeb,
    EndPhase,
    Fire,
    Pass,
    ResolveCombat,
)
from dragonnoir.engine.rules import combat_declared
from dragonnoir.engine.rules.movement import unit_moves
from dragonnoir.engine.state import Side
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import Hex

#: The action types the AI plays in each phase (by the phase id's end). Spells are not
#: listed: a cast is looked for apart, before anything else of the phase (`_cast`).
PLAYED: dict[str, frozenset[str]] = {
    "deployment": frozenset({"Deploy", "EndPhase"}),
    "fire": frozenset({"Fire", "EndPhase"}),
    "movement": frozenset({"EndPhase"}),  # the moves: one character at a time
    "combat": frozenset(
        {"Attack", "WithdrawAttack", "Declare", "ResolveCombat", "DestroyWeb", "EndPhase"}
    ),
}
#: How much more a blow to a victory's target weighs on the last turn, when the turn
#: limit is against the side (`behaviours.urgency`): 1 + this times TARGET_WEIGHT.
LATE_TARGET_WEIGHT = 2.0


class TacticalAgent(Moving, Deciding):
    """The Krob AI and the Adventurer AI (the side decides the goals, not the code)."""

    def __init__(
        self, side: Side, seed: int, *, level: str = "normal", style: str = lookahead.STYLES[0]
    ) -> None:
        self.side = side
        #: How the groups' orders are played this turn (ai/lookahead.py).
        self.style = style
        self._styled: tuple[int, str] | None = None
        #: The enemies in sight when it last looked ahead (`_look_ahead`).
        self._seen_when_styled: frozenset[str] = frozenset()
        self.level_name = level
        self.level = LEVELS[level]
        self.rng = random.Random(seed)
        self.intent: list[str] = []
        self.posts: dict[str, frozenset[Hex]] = {}
        self._phase_key: tuple[int, str] | None = None
        self._done: set[str] = set()
        self._sailed: set[str] = set()
        self._cast_looked: set[tuple[int, str]] = set()
        self._last_mover = ""
        #: Who has just rowed and may land with the points he kept (`_movement`).
        self._landing = ""
        self._attack_plan: list[Attack] | None = None
        #: Per group, the plans (`GroupPlan.mode`) its intent lines said this turn.
        self._said: dict[str, list[str]] = {}
        self._said_turn = 0
        self._orders: dict[str, Order] = {}
        #: Per (turn, group): whether the group forgot its task that turn (ai/lapses.py).
        self._lapsed: dict[tuple[int, str], bool] = {}
        #: The orders of the turn's offensive fire (`_move_forgone`), planned once.
        self._fire_orders: tuple[int, dict[str, Order]] | None = None
        #: Passes the Krob turn's spell windows (rather than declining them for the turn)
        #: while a wizard may yet blink away before the Krobs attack. Off for the players
        #: of a round played out in the head: each window passed is one more decision,
        #: and a look-ahead with them took 2.5 s where 0.6 s was the rule (la-reine).
        self.keeps_windows = True
        #: Weighs the spells that open a way (a bridge, a gallery, a wall brought down:
        #: ai/shortcuts.py) before the Adventurers move. Off for the players of a round
        #: played out in the head: each weighing walks the map again for a few placements.
        self.opens_ways = True
        #: The last view's picture; the view weakly held (`ai.runner` frees a view when
        #: its decision is made, before the garbage collector resumes).
        self._picture_of: tuple[weakref.ref[SideView], Picture] | None = None

    # -- the one entry point ---------------------------------------------------------

    def choose(self, view: SideView) -> Action:
        key = (view.turn, view.phase)
        if key != self._phase_key:
            self._phase_key = key
            self._done = set()
            self._sailed = set()
            self._attack_plan = None
        decision = view.decision
        if decision is not None:
            offered = spell_answers(view.game, decision)
            if offered is not None and Pass() in offered[0]:
                # The casts are left out of the list (the AI weighs its own): with one
                # among them, the answers are never one alone (ai/answers.py).
                legal, casting = offered
                if casting or len(legal) > 1:
                    return self._answer(view, decision, legal)
                return legal[0]
            legal = view.legal
            return legal[0] if len(legal) == 1 else self._answer(view, decision, legal)
        phase = view.phase
        cast = self._cast(view)
        if cast is not None:
            return cast
        if phase.endswith("_movement"):
            # Whether the phase may end is asked only when nobody moves (the Stacking
            # check searches every stacked character's moves: costly at every step).
            return self._movement(view)
        kinds = PLAYED.get(phase.split("_", 1)[-1])
        legal = view.actions(kinds) if kinds else view.legal
        if not legal:  # nothing of what it plays, and the phase may not end: anything legal
            legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if phase.endswith("_deployment"):
            return self._deploy(view, legal)
        if phase == "adventurer_fire":
            return self._offensive_fire(view, legal)
        if phase.endswith("_combat"):
            return self._combat(view, legal)
        return _end_or(legal, legal[0])

    # -- the groups' orders and the intent log ------------------------------------------

    def _plan(self, view: SideView) -> dict[str, Order]:
        plans = plan_groups(view, self.posts, bides=not self.level.presses_on)
        if view.turn != self._said_turn:
            self._said_turn = view.turn
            self._said = {}
        orders: dict[str, Order] = {}
        if view.side is Side.ADVENTURERS:
            shuttle.bring_boats(view.game, plans)
        elif self.level.crosses_together:
            crossing.cross_together(view.game, plans)
        if self.level.keeps_safe:
            spare_the_named(view, plans)
        if self.level.contests:
            contest_the_place(view, plans)
        if self.level.keeps_the_prize:
            keep_the_prize(view, plans)
        if self.level.escorts_the_named:
            escort.escort_the_named(view, plans)
        if self.level.lapses:
            forget_tasks(view, plans, self.level.lapses, self.rng, self._lapsed)
        if view.side is Side.KROBS and self.level.krobs_daring != 1.0:
            clock.dare_the_crossing(view, plans, self.level.krobs_daring)
        for plan in plans:
            orders.update(plan.orders)
            said = self._said.setdefault(plan.gid, [])
            if plan.intent and plan.mode not in said:
                # Said once a turn: a plan that comes back within the turn (a searcher
                # knocked out and up again, a counter's team changing hands and back)
                # is not said again (les-six-cavernes, seed 12: "go to turn over the '?'
                # counter on (68,34)", then (77,30), then (68,34) again).
                said.append(plan.mode)
                self.intent.append(f"Turn {view.turn}, {self.side.value}: {plan.intent}")
        orders = lookahead.restyle(view, self.style, orders)
        self._orders = orders
        return orders

    # -- deployment ------------------------------------------------------------------------

    def _deploy(self, view: SideView, legal: list[Action]) -> Action:
        deploys = [a for a in legal if isinstance(a, Deploy)]
        if not deploys:
            return _end_or(legal, legal[0])
        orders = self._plan(view)
        # The hardest hitters place first, the slowest first among equals: they take
        # the hexes nearest the goal (la-reine: the Trolls at the head of the gallery,
        # not behind the archers, a march of three turns behind).
        units = view.state.units

        def first(uid: str) -> tuple[int, int, str]:
            p = profile(view.game, units[uid])
            return (-p.attack, p.movement, uid)

        uid = min({a.unit for a in deploys}, key=first)
        mine = [a for a in deploys if a.unit == uid]
        order = orders.get(uid, Order())
        unit = view.state.units[uid]
        if order.hold or not order.goal:
            # An ambush (or a group with nothing to aim at) lies across the enemy's way
            # (ambush.py), a little chance choosing among hexes as good.
            return ambush_spot(view, mine, self.rng)
        return max(mine, key=lambda a: self._score(view, unit, a.to, order) + self._noise())

    # -- offensive fire ----------------------------------------------------------------------

    def _offensive_fire(self, view: SideView, legal: list[Action]) -> Action:
        fires = [a for a in legal if isinstance(a, Fire) and len(a.shooters) == 1]
        if fires:
            forgone: dict[str, float] = {}
            for a in fires:
                if a.shooters[0] not in forgone:
                    forgone[a.shooters[0]] = self._move_forgone(view, a.shooters[0])
            scored = [
                (fire_value(view.game, a) - forgone[a.shooters[0]] + self._noise() * 0.05, a)
                for a in fires
            ]
            value, best = max(scored, key=lambda x: x[0])
            if value > 0.02:
                return best
        return _end_or(legal, legal[0])

    def _move_forgone(self, view: SideView, shooter: str) -> float:
        """What an offensive shot costs a shooter whose weapon forbids moving after it
        ("all Adventurers may move, except the crossbowmen who have just fired": the Rate
        of Fire & Movement table): the ground towards his goal his move this turn could
        gain, in the units of a shot's worth (four walking points a casualty point, as in
        the movement's scores: `W_GOAL` / `W_FIGHT`). Nothing for one who may move after
        firing, or has no ground to gain. Without it a Black Dwarf crossbowman sent to
        turn over a '?' counter shot at a Krob Warrior from the same hex for eight turns
        (les-six-cavernes). (Charged instead what his best move would gain by all the
        movement's scores, fights and dangers too, la-fosse against the random player
        gave 182 of 200 where it gives 186 with this charge and without any.)"""
        game = view.game
        unit = game.state.units[shooter]
        p = profile(game, unit)
        rate = game.rules.rate_of_fire.get(p.weapon) if p.weapon else None
        if rate is None or rate.move_after_firing or unit.hex is None or not unit.standing:
            return 0.0
        if self._fire_orders is None or self._fire_orders[0] != view.turn:
            self._fire_orders = (view.turn, self._plan(view))
        order = self._fire_orders[1].get(shooter, Order())
        if not order.goal or order.hold:
            return 0.0
        field = mobility.goal_field(game, unit, order.goal, known_webs(view))
        here = walk_left(order, field, unit.hex)
        ends = (walk_left(order, field, a.path[-1]) for a in unit_moves(game, unit))
        return W_GOAL * max(0, here - min(ends, default=here)) / W_FIGHT

    # -- how boldly to move (hard) --------------------------------------------------------

    def _look_ahead(self, view: SideView) -> dict[str, Order] | None:
        """Hard, at the start of its movement, and again within it when enemies it did
        not see come into sight: how boldly to move (ai/lookahead.py). Returns the
        orders in the chosen style when it looked (planned once, not again by the
        caller), None when it did not."""
        key = (view.turn, view.phase)
        if not self.level.looks_ahead:
            return None
        seen = frozenset(u.id for u in view.enemies() if u.hex is not None)
        again = self._styled == key
        if again and seen <= self._seen_when_styled:
            return None
        # A hidden enemy revealed by a move ("Hidden placement": the mover halts) is
        # what the round played out before the move could not know: the rest of the
        # movement is thought out again. (Not thought again, le-pont's party walked
        # on into the bank's ambush the first of them had just seen.)
        self._styled = key
        self._seen_when_styled = seen
        self.style = lookahead.STYLES[0]
        if not lookahead.rounds_for(view):
            return None
        orders = self._plan(view)

        def player(side: Side, seed: int, style: str) -> TacticalAgent:
            agent = _rehearsal_player(side, seed, style)
            if side is self.side:
                agent.posts = dict(self.posts)  # the groups' posts as first seen, not here
            return agent

        verdict = lookahead.choose_style(view, player, self.rng, orders)
        self.style = verdict.style
        if verdict.style != lookahead.STYLES[0] or again:
            when = "enemies came into sight: " if again else ""
            self.intent.append(
                f"Turn {view.turn}, {self.side.value}: {when}moves {verdict.style} this turn "
                f"(the round played out in its head: {verdict.why()})"
            )
        self._orders = lookahead.restyle(view, self.style, orders)
        return self._orders

    # -- combat -------------------------------------------------------------------------------

    def _combat(self, view: SideView, legal: list[Action]) -> Action:
        game = view.game
        if not combat_declared.closed(game):
            if self._attack_plan is None:
                goal, _, kill = victory_targets(view)
                # Who stands on the place the side wins by reaching (the Warrior on the
                # lying Orb) is fought like one it wins by killing: he is in the way.
                in_the_way = {u.id for u in view.enemies() if u.hex is not None and u.hex in goal}
                if self.level.keeps_the_prize:
                    in_the_way |= enemy_bearers(view)  # who carries the victory off
                if self.level.clears_the_way:
                    in_the_way |= blockers.in_the_way(view, self._orders or self._plan(view))
                # The turn limit against the side: every blow to them counts more.
                weight = TARGET_WEIGHT * (1 + LATE_TARGET_WEIGHT * urgency(view))
                found = attacks.candidates(
                    game,
                    legal,
                    joined=self.level.joined,
                    targets=frozenset(kill) | in_the_way,
                    target_weight=weight,
                )
                if self.level.noise:
                    found = [replace(c, value=c.value + self._noise() * 0.1) for c in found]
                self._attack_plan = attacks.best_plan(game, found, self.level.attack_threshold)
            while self._attack_plan:
                attack = self._attack_plan.pop(0)
                if game.explain(attack).legal:
                    return attack
            web = self._web_to_destroy(view, legal)
            if web is not None:
                return web
            if Declare() in legal:
                return Declare()
            return _end_or(legal, legal[0])
        resolves = [a for a in legal if isinstance(a, ResolveCombat)]
        if resolves:
            return min(resolves, key=lambda a: a.number)
        return _end_or(legal, legal[0])

    def _web_to_destroy(self, view: SideView, legal: list[Action]) -> Action | None:
        """A web that stands between a character and his goal: he destroys it ("How to
        Destroy a Spider Web": no die, he advances onto it)."""
        orders = self._orders or self._plan(view)
        memo = distances_for(view.game)
        for a in legal:
            if not isinstance(a, DestroyWeb):
                continue
            unit = view.state.units[a.unit]
            order = orders.get(a.unit, Order())
            if unit.hex is None or not order.goal or order.avoid:
                continue
            field = memo.field(order.goal)  # as if the web were gone
            if field.get(a.at, FAR) < field.get(unit.hex, FAR):
                return a
        return None


def _rehearsal_player(side: Side, seed: int, style: str) -> TacticalAgent:
    """A player for a round played out in the head: normal's play without its noise
    (the gap between styles is theirs, not chance's), never looking ahead itself."""
    agent = TacticalAgent(side, seed, level="normal", style=style)
    agent.level = replace(agent.level, noise=0.0)
    agent.keeps_windows = False
    agent.opens_ways = False
    return agent


def _end_or(legal: list[Action], fallback: Action) -> Action:
    return EndPhase() if EndPhase() in legal else fallback
