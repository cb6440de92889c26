"""The tactical AI: one agent for either side, with three levels of play.

Each call answers what the engine asks now, from the side's view only:

- **decisions**: a wound or knock-out goes to the character whose loss costs least; a
  retreat takes the path that ends farthest from the enemy and nearest to friends; an
  advance after combat is taken when the hex it ends on is better for the character's
  order than where he stands; defensive fire shoots when the expected loss it inflicts
  is worth a shot; at a spell window a wizard casts what is worth casting (spells.py:
  a fireball, a blink away from the Krobs' attack), else the window is passed;
- **deployment**: each character on the zone hex that suits his group's behaviour;
- **offensive fire**: shot by shot, the shooter and target with the highest expected
  loss (the engine's own chances for that line, cover and modifiers);
- **movement**: the groups' behaviours (behaviours.py) give each character an order; the
  characters nearest their goal move first, each to the legal destination with the best
  score (walking distance to the goal, the combat he may then make with the friends
  already there, the blows he may take back, the archers' lines of fire he ends in);
- **combat**: the best set of combats (attacks.py: joint attacks for the best odds),
  declared one by one, then resolved in order.

Levels change how well it plays, never the rules: `easy` scores with a lot of noise,
sees no archers' lines and tries only the engine's listed attacks; `normal` plays the
full evaluation with a little noise; `hard` plays it without noise, weighs the
blows it may take back more carefully, plays as a team, weighs where the Infiltration
Table may stop a path (infiltration.py), reads the scenario's victory as a player would
(it keeps the Orb, contests the place the enemy must hold: behaviours.py), and before it
moves plays the round out in its head a few ways (lookahead.py) to choose how boldly to
move.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from dragonnoir.ai import (
    attacks,
    crossing,
    infiltration,
    lookahead,
    mobility,
    shuttle,
    spells,
    tables,
)
from dragonnoir.ai.ambush import ambush_spot
from dragonnoir.ai.answers import spell_answers
from dragonnoir.ai.behaviours import (
    Order,
    contest_the_place,
    display,
    enemy_bearers,
    keep_the_prize,
    plan_groups,
    spare_the_named,
    urgency,
    victory_targets,
)
from dragonnoir.ai.evaluation import (
    TARGET_WEIGHT,
    attack_loss,
    fire_value,
    loss_share,
    unit_value,
)
from dragonnoir.ai.lapses import forget_tasks
from dragonnoir.ai.paths import FAR, distances_for
from dragonnoir.ai.view import SideView
from dragonnoir.engine.actions import (
    Action,
    Advance,
    Attack,
    CastSpell,
    ChooseCasualty,
    Declare,
    DeclineSpells,
    Deploy,
    DestroyWeb,
    EndPhase,
    EnterMap,
    EnterPassage,
    Fire,
    Fly,
    Jump,
    LeaveMap,
    Move,
    Pass,
    ResolveCombat,
    Retreat,
    SailBoat,
)
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import combat_declared
from dragonnoir.engine.rules.combat_odds import result_probabilities
from dragonnoir.engine.rules.footprint import hexes_for
from dragonnoir.engine.rules.steps import boat_at, landed, never_swims
from dragonnoir.engine.state import AccessoryKind, Decision, Side, Unit
from dragonnoir.engine.values import Profile, profile
from dragonnoir.engine.water_tables import WaterSituation
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.los import MAX_RANGE


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
    ),
}

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
#: The score of one movement point nearer the goal.
W_GOAL = 1.0
#: The farthest walk to the goal that still counts (beyond: out of reach, all alike).
#: Six boards put the last '?' counter 80 points away: below that cap every step nearer
#: must still be worth one point, or the far ones never set off.
GOAL_CAP = 400
#: Weight of a combat's expected gain (in casualty points) against walking.
W_FIGHT = 4.0
#: Weight of the loss the Gharvs may cost at the next two interphases: twice a combat's,
#: as who ends a move in the water or the marsh is seldom out of it by the next turn
#: (the marsh costs double, "Terrain Effects Chart") and a risen Gharv stays to strike.
W_WATER = 2 * W_FIGHT
#: Weight of the expected loss to one archer's shot.
W_FIRE = 2.0
#: The cost of ending a move on a hex someone else holds.
STACKED = 3.0
#: ... where the friend there has moved already, or one of the two is the Queen or a
#: Guard: the engine puts the one who may no longer move on the nearest free hex.
CRUSHED = 50.0
#: A Gharv's attack (data/gharvs.toml, healthy) and its shift in the water ("Effect of
#: Terrain on Combats": the Gharvs fight on favourable terrain in the water).
GHARV_ATTACK = 5
GHARV_SHIFT = 2
#: The Queen and her Guards watch the enemies within this many hexes of their rear zone;
#: an enemy next to it costs REAR_WEIGHT (goal points) for the facing that shows it.
REAR_WATCH = 6
REAR_WEIGHT = 2.0
#: A Krob holding a post one hex from the next (a line the enemy must infiltrate).
LINE_BONUS = 0.6
#: A ferryman's cost (in hexes of gap) of leaving his boat, or of a way of rowing that
#: cannot be worked out (ai/shuttle.py).
ASHORE = 60
#: How much more a blow to a victory's target weighs on the last turn, when the turn
#: limit is against the side (`behaviours.urgency`): 1 + this times TARGET_WEIGHT.
LATE_TARGET_WEIGHT = 2.0
#: Share of a coming friend's attack counted in the combat a character may make.
JOINING = 0.6
#: Orders at or below this aggression keep out of the enemy's next move.
SHY = 0.2
#: The least value (casualty points, net of the energy) for a spell cast in the
#: Adventurer turn, and for one cast in a window of the Krob turn.
CAST_LEAST = 0.15
CAST_WINDOW_LEAST = 0.4
#: What sitting in a boat that is neither docked nor beached costs (in walking points):
#: no one steps ashore from it ("Movement by Boat": "To dock at a landing stage, the two
#: hexes of the boat must be in contact with the landing stage"); rowing on to where it
#: lands takes about the rest of a turn. Without it, a boat touching the landing stage
#: with one hex looks as good as a docked one, and its passenger sits there for good.
UNDOCKED = 4.0
#: A move must beat standing still by this much to be made (no dithering).
MOVE_MARGIN = 0.25


class TacticalAgent:
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
        self._picture_of: tuple[weakref.ref[SideView], _Picture] | None = None

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
        plans = plan_groups(view, self.posts)
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
        if self.level.lapses:
            forget_tasks(view, plans, self.level.lapses, self.rng, self._lapsed)
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

    # -- decisions ------------------------------------------------------------------------

    def _answer(self, view: SideView, decision: Decision, legal: list[Action]) -> Action:
        game = view.game
        if decision.kind == "casualty":
            effect = str(decision.data.get("effect", "wounded"))
            options = [a for a in legal if isinstance(a, ChooseCasualty)]
            if options:
                return min(
                    options,
                    key=lambda a: (
                        unit_value(game, game.state.units[a.unit])
                        * loss_share(game, game.state.units[a.unit], effect),
                        a.unit,
                    ),
                )
        if decision.kind == "retreat":
            retreats = [a for a in legal if isinstance(a, Retreat)]
            if retreats:
                return max(
                    retreats, key=lambda a: self._safety(view, a.path[-1] if a.path else None)
                )
        if decision.kind == "advance":
            return self._advance(view, legal)
        cast = self._cast(view, window=True)
        if cast is not None:
            return cast
        fires = [a for a in legal if isinstance(a, Fire) and len(a.shooters) == 1]
        if fires:
            best = max(fires, key=lambda a: fire_value(game, a))
            if fire_value(game, best) > 0.05:
                return best
        # Declining ends the Krob turn's windows: while a wizard may yet blink away
        # from the Krobs' attack, the window is passed instead.
        keep = self.keeps_windows and spells.may_blink_later(view)
        polite = (Pass(), DeclineSpells()) if keep else None
        for answer in polite or (DeclineSpells(), Pass()):
            if answer in legal:
                return answer
        return legal[0]

    def _advance(self, view: SideView, legal: list[Action]) -> Action:
        """Advance only onto a hex better for the character's order than his own; when
        the advance cannot be declined (after destroying a web), onto the best one."""
        options = [a for a in legal if isinstance(a, Advance) and a.path]
        orders = self._orders or self._plan(view)
        best: tuple[float, Action] | None = None
        for a in options:
            unit = view.state.units[a.unit]
            order = orders.get(a.unit, Order())
            here = self._score(view, unit, unit.hex, order) if unit.hex is not None else 0.0
            gain = self._score(view, unit, a.path[-1], order) - here
            if best is None or gain > best[0]:
                best = (gain, a)
        may_pass = Pass() in legal
        if best is not None and (best[0] > MOVE_MARGIN or not may_pass):
            return best[1]
        return Pass() if may_pass else legal[0]

    def _safety(self, view: SideView, h: Hex | None) -> float:
        if h is None:
            return -FAR
        enemies = [u.hex for u in view.enemies() if u.hex is not None and u.standing]
        friends = [u.hex for u in view.mine() if u.hex is not None]
        far = min((h.distance(e) for e in enemies), default=10)
        close = sum(1 for f in friends if h.distance(f) <= 2)
        return far + 0.3 * close

    # -- spells ----------------------------------------------------------------------------

    def _cast(self, view: SideView, *, window: bool = False) -> CastSpell | None:
        """A wizard's spell worth casting now (spells.py), looked for once per phase in
        the Adventurer turn (offensive fire, then combat: a spectre summoned early also
        moves and fights) and at the first window of the Krob turn, where only a spell
        worth more than waiting is cast."""
        if view.side is not Side.ADVENTURERS or not self.level.casts:
            return None
        # In the Krob turn: once at its first window, again at the one before the Krobs
        # attack, and once more when their combats are declared (a Blink out of their
        # reach is weighed only in the Krob combat: then the Krobs that will strike are
        # known).
        key = (view.turn, view.phase if not window else _krob_window(view))
        if key in self._cast_looked:
            return None
        if not window and not view.phase.endswith(("_fire", "_combat")):
            return None
        if not window and view.phase.endswith("_combat") and combat_declared.closed(view.game):
            return None
        self._cast_looked.add(key)

        def goals() -> dict[str, frozenset[Hex]]:
            # The groups' goals as planned (their intent lines are said when they move).
            return {
                uid: o.goal
                for plan in plan_groups(view, self.posts)
                for uid, o in plan.orders.items()
                if o.goal and not o.hold
            }

        found = spells.best_cast(view, goals if self.opens_ways else None)
        least = CAST_WINDOW_LEAST if window else CAST_LEAST
        if found is None or found.value < least or not view.game.explain(found.action).legal:
            return None
        wizard = view.state.units[found.action.wizard]
        self.intent.append(
            f"Turn {view.turn}, {self.side.value}: {display(view.game, wizard.id)} casts "
            f"{_spell_name(view.game, found.action.spell)} ({found.why})"
        )
        return found.action

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
        from dragonnoir.engine.rules.movement import unit_moves

        field = mobility.goal_field(game, unit, order.goal, _webs(view))
        here = _walk_left(order, field, unit.hex)
        ends = (_walk_left(order, field, a.path[-1]) for a in unit_moves(game, unit))
        return W_GOAL * max(0, here - min(ends, default=here)) / W_FIGHT

    # -- movement ------------------------------------------------------------------------------

    def _movement(self, view: SideView) -> Action:
        """One character's move at a time: the nearest his goal first, each to his best
        destination, or nobody (End phase). Only his own moves are worked out
        (`movement.unit_moves`, what `legal_actions` lists for him): on six boards with
        sixty Krobs, listing everyone's every destination at each step was most of a
        Krob turn's time. Besides walking: rowing a boat he sits in (`SailBoat`), going
        down a deep passage (`EnterPassage`), coming onto the map, a Gargoyle's flight."""
        from dragonnoir.engine.rules.movement import unit_moves

        orders = self._look_ahead(view) or self._plan(view)
        others = view.actions({"LeaveMap", "EnterMap", "Fly", "SailBoat", "EnterPassage", "Jump"})
        game = view.game
        for a in others:
            if isinstance(a, LeaveMap) and _leaves_here(game, a.unit, orders.get(a.unit)):
                return a
        blocked = _webs(view)
        fields: dict[str, dict[Hex, int] | None] = {}

        def field_of(unit: Unit) -> dict[Hex, int] | None:
            if unit.id not in fields:
                order = orders.get(unit.id, Order())
                fields[unit.id] = (
                    mobility.goal_field(game, unit, order.goal, blocked) if order.goal else None
                )
            return fields[unit.id]

        def goal_distance(unit: Unit) -> int:
            field = field_of(unit)
            if unit.hex is None or field is None:
                return FAR
            return field.get(unit.hex, FAR)

        waiting: dict[str, list[Action]] = {}
        for a in others:
            if isinstance(a, EnterMap | Fly | SailBoat | EnterPassage | Jump):
                waiting.setdefault(a.unit, []).append(a)
        movers = [
            u
            for u in view.mine()
            if u.id not in self._done and u.standing and not orders.get(u.id, Order()).hold
        ]
        movers.sort(key=lambda u: (goal_distance(u), u.id))
        ids = [u.id for u in movers] + sorted(
            uid for uid in set(waiting) - {u.id for u in movers}
            if uid not in self._done or uid not in self._sailed
        )  # fmt: skip
        rower = self._last_mover
        # The first who gains by moving, moves: the nearest his goal first. (Hard once
        # moved, of the next three who gained, the one who gained most, whatever his
        # place in the file: as Adventurers it lost games normal won, la-fosse 177 of
        # 400 with it against 227 without; benchmarks/README.md, session 18.)
        if rower in waiting and rower not in self._sailed and rower in ids:
            # He has just boarded: he rows now or never (once another character moves,
            # his own move is over: "Movement by Boat", "Stacking"), so his choice is
            # made before anyone else's is weighed.
            ids.remove(rower)
            ids.insert(0, rower)
        lander, self._landing = self._landing, ""
        if lander and lander == rower and lander in self._sailed:
            # He has just rowed two hexes or fewer to a landing stage or a beach and
            # kept half his points to land ("Movement by Boat"): now or never, as above.
            # (Left in the boat, the party sat out the Gharv interphases afloat by the
            # island's shore.)
            ids = [lander] + [i for i in ids if i != lander]
        for uid in ids:
            again = uid in self._done  # boarded a boat this phase: he may still row it
            unit = game.state.units[uid]
            order = orders.get(uid, Order())
            options: list[Action] = list(waiting.get(uid, ()))
            if uid == lander:
                ashore = unit.hex is not None and not order.ferry
                options = list(unit_moves(game, unit)) if ashore else []
            elif again:
                options = [a for a in options if isinstance(a, SailBoat)]
                self._sailed.add(uid)
            elif unit.hex is not None:
                options.extend(unit_moves(game, unit))
            field = field_of(unit)
            stay = self._score(view, unit, unit.hex, order, field) if unit.hex is not None else -FAR
            if not order.ferry and unit.hex is not None:
                stay -= _undocked(game, unit.hex, field)
                if profile(game, unit).size > 1:
                    # The Queen or a Guard standing still keeps the back he shows:
                    # turning where he stands (a move of no step) must be able to beat it.
                    stay -= self._rear_exposure(view, unit, unit.hex, unit.facing)
            if order.ferry and unit.hex is not None:
                stay -= W_GOAL * self._ferry_gap(view, unit, order, None)
            toll = self._wet_toll(view, unit, order, field, options)
            here = FAR if field is None or unit.hex is None else field.get(unit.hex, FAR)
            best: tuple[float, float, Action] | None = None
            scores: dict[Hex, float] = {}  # a Guard's or the Queen's facings share a hex
            for a in options:
                scored = self._option(view, unit, a, order, field, stay, scores)
                if scored is None:
                    continue
                if toll and isinstance(a, Move) and field and field.get(a.path[-1], FAR) < here:
                    scored += toll  # the water he must face anyway (`_wet_toll`)
                score = scored + self._noise()
                if best is None or score > best[0]:
                    best = (score, scored, a)
            # The noise picks among good moves; whether moving beats standing is judged
            # on the scores alone (else, where nothing pulls, he wanders at random).
            if best is None or (unit.hex is not None and best[1] <= stay + MOVE_MARGIN):
                self._done.add(uid)  # nothing better than where he is: his turn is over
                continue
            action = best[2]
            self._done.add(uid)
            self._last_mover = uid
            if isinstance(action, SailBoat):
                self._sailed.add(uid)
                self._landing = uid
            return action
        ending = view.actions({"EndPhase"})
        return ending[0] if ending else self._unstick(view)

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

    def _option(
        self,
        view: SideView,
        unit: Unit,
        action: Action,
        order: Order,
        field: dict[Hex, int] | None,
        stay: float = -FAR,
        scores: dict[Hex, float] | None = None,
    ) -> float | None:
        """The score of where `action` leaves `unit` (None: it could not be worked out);
        `scores`: the hexes' scores already worked out for him (the same order and field)."""
        game = view.game
        extra = 0.0
        if isinstance(action, Jump):
            odds = mobility.jump_odds(game, unit, action)
            if odds is None:
                return None
            lands, loss = odds
            there = self._score(view, unit, action.to, order, field)
            return (
                lands * there
                + (1 - lands) * stay
                - W_FIGHT * loss * unit_value(game, unit) * self.level.risk
            )
        if isinstance(action, EnterMap):
            to: Hex | None = action.to
        elif isinstance(action, SailBoat):
            to = mobility.sail_end(game, unit, action)
            if order.ferry:
                # Where the boat lies for the friend to board matters, not its landing.
                extra = -W_GOAL * self._ferry_gap(view, unit, order, action)
            else:
                seats = shuttle.seats_after(game, unit, action)
                extra = -_undocked(game, to, field, seats) if to is not None and seats else 0.0
        elif isinstance(action, EnterPassage):
            out = mobility.passage_out(game, unit, action.passage)
            if out is None or not order.goal:
                return None
            to, cost = out
            if field is None:
                field = mobility.goal_field(game, unit, order.goal, _webs(view))
            # The field at the entrance already counts the way through: going down is
            # what makes that progress real, worth the turn's walk (`mobility.pace`)
            # that standing there would lose. Only the walk on from the way out is
            # weighed, not its fights nor waters: he comes out turns from now and walks
            # on. (With a tie-break of one point, the Gharvs' marsh round the marsh
            # tower's vault, or a Krob to fight beside the pit's trapdoor, kept the
            # Black Dwarves above until the last turn: les-six-cavernes.)
            return -W_GOAL * (_walk_left(order, field, to) + cost - mobility.pace(game, unit))
        else:
            to = _path_end(action)
            if to is not None and not order.ferry:
                extra -= _undocked(game, to, field)
            if isinstance(action, Move) and action.facing is not None:
                extra -= self._rear_exposure(view, unit, to, action.facing)
                extra -= CRUSHED * _friends_under(game, unit, to, action.facing)
            if order.ferry and to is not None:
                # The ferryman stays aboard (the boat is what he brings); changing seats
                # moves the free one.
                boat = boat_at(game, to)
                gap = ASHORE if boat is None else shuttle.ferry_gap(order.ferry, boat.hexes, to)
                extra -= W_GOAL * gap
        if to is None:
            return None
        if isinstance(action, SailBoat):
            there = self._score(view, unit, to, order, field, afloat=True) + extra
            kept = 0 if order.ferry else mobility.kept_to_land(game, unit, action)
            if kept:
                # Rowed two hexes or fewer to where the boat lands, he steps ashore with
                # the half of his points he keeps (`_movement`): the row is worth the
                # best of where those points take him on land.
                water = mobility.water_hexes(game)
                reach = distances_for(game).field([to], limit=kept)
                ashore = [h for h, d in reach.items() if d <= kept and h not in water]
                there = max(
                    [there] + [self._hex_score(view, unit, h, order, field, scores) for h in ashore]
                )
        else:
            there = self._hex_score(view, unit, to, order, field, scores) + extra
        if isinstance(action, Move) and self.level.infiltration:
            cross = infiltration.crossing(game, unit, action.path)
            if cross is not None:
                # Stopped on a hex crossed, he ends there ("Infiltration of Enemy Lines").
                there = cross.arrives * there + sum(
                    chance * self._hex_score(view, unit, h, order, field, scores)
                    for h, chance in cross.stops
                )
                there -= W_FIGHT * cross.hurt * unit_value(game, unit) * self.level.risk
        return there

    def _hex_score(
        self,
        view: SideView,
        unit: Unit,
        to: Hex,
        order: Order,
        field: dict[Hex, int] | None,
        scores: dict[Hex, float] | None,
    ) -> float:
        """`_score` of `to`, kept in `scores` (when given) for his other options."""
        if scores is None:
            return self._score(view, unit, to, order, field)
        known = scores.get(to)
        if known is None:
            known = scores[to] = self._score(view, unit, to, order, field)
        return known

    def _rear_exposure(self, view: SideView, unit: Unit, to: Hex, facing: int) -> float:
        """What turning his back costs the Queen or a Guard ending on `to` facing
        `facing`: each enemy nearer his greyed rear zone than his front may strike where
        his defence is the weaker one ("Defence": "an attack from behind, through the
        greyed zone of the counter"); the nearer, the worse."""
        rear, front = tables.rear_and_front(view, unit, to, facing)
        if not rear:
            return 0.0
        exposure = 0.0
        for to_rear in tables.for_view(view).behind(rear, front, REAR_WATCH):
            exposure += REAR_WEIGHT * (1 + REAR_WATCH - to_rear) / REAR_WATCH
        return exposure

    def _unstick(self, view: SideView) -> Action:
        """EndPhase is refused (two characters share a hex at the end of a movement
        sequence: "Stacking"): move one of those on, to the hex best for his order.
        Only their moves are worked out (each character's is a search), everyone's
        only when none of them can move."""
        from dragonnoir.engine.rules.movement import unit_moves

        game = view.game
        units = game.state.units
        shared: set[str] = set()
        for ids in game.occupancy().values():
            standing = [i for i in ids if units[i].alive]
            if len(standing) > 1:
                shared.update(standing)
        moves: list[Move] = [
            a for uid in sorted(shared) if units[uid].side is view.side
            for a in unit_moves(game, units[uid])
        ]  # fmt: skip
        if not moves:
            moves = [a for a in view.actions({"Move"}) if isinstance(a, Move)]
            if not moves:
                # No one can walk on: whatever else the phase allows (rowing, going
                # down a passage, leaving the map) — the engine lists it.
                return view.legal[0]
        orders = self._orders
        scores: dict[tuple[str, Hex], float] = {}  # the Queen's six facings share a hex

        def score(a: Move) -> float:
            key = (a.unit, a.path[-1])
            found = scores.get(key)
            if found is None:
                unit = units[a.unit]
                found = scores[key] = self._score(view, unit, key[1], orders.get(a.unit, Order()))
            return found

        return max(moves, key=score)

    # -- scoring a hex for a character -----------------------------------------------------------

    def _score(
        self,
        view: SideView,
        unit: Unit,
        to: Hex,
        order: Order,
        field: dict[Hex, int] | None = None,
        *,
        afloat: bool = False,
    ) -> float:
        """How good it is for `unit` to stand on `to` at the end of this move (`afloat`:
        in a boat rowed there, which the map does not show there yet)."""
        game = view.game
        score = 0.0
        units = game.state.units
        sharing = [u for u in game.occupancy().get(to, ()) if u != unit.id and units[u].alive]
        if sharing:
            # A friend is there: ending on his hex means he moves on later, or the
            # phase cannot end ("Stacking"). One who has moved already cannot, nor can
            # the Queen or a Guard be sure to: whoever can no longer move off is put
            # on the nearest free hex by the engine (a big counter facing any way).
            stuck = profile(game, unit).size > 1 or any(
                units[u].moved or profile(game, units[u]).size > 1 for u in sharing
            )
            score -= CRUSHED if stuck else STACKED
        if order.avoid:
            return score + self._safety(view, to)
        if order.goal:
            if field is None:
                field = mobility.goal_field(game, unit, order.goal, _webs(view))
            score -= W_GOAL * _walk_left(order, field, to)
            if order.prize and to in order.goal:
                score += order.prize
        if order.post:
            from_post = distances_for(game).field(order.post, limit=order.reach + 2)
            if from_post.get(to, FAR) > order.reach:
                score -= 5.0
        if order.post and unit.side is Side.KROBS and not order.goal - order.post:
            score += self._line_bonus(view, unit, to)
        fight, danger = self._contact(view, unit, to)
        if order.aggression <= SHY and self.level.keeps_safe:
            danger += self._within_reach(view, unit, to)
        score += W_FIGHT * (
            order.aggression * fight - (1 - order.aggression) * danger * self.level.risk
        )
        if self.level.fire_lines and unit.side is Side.KROBS:
            score -= W_FIRE * self._fire_danger(view, unit, to)
        if self.level.fire_lines:
            score -= self._water_cost(view, unit, to, order, afloat=afloat)
        return score

    def _water_cost(
        self, view: SideView, unit: Unit, to: Hex, order: Order, *, afloat: bool = False
    ) -> float:
        """What the Gharvs' waters weigh against ending his move on `to` (his order's
        `daring` says how much he minds them)."""
        cost = W_WATER * order.daring * self._water_danger(view, unit, to, afloat=afloat)
        if order.daring > 1:
            cost += W_WATER * (order.daring - 1) * self._beside_callers(view, unit, to)
        return cost

    def _wet_toll(
        self,
        view: SideView,
        unit: Unit,
        order: Order,
        field: dict[Hex, int] | None,
        options: Sequence[Action],
    ) -> float:
        """The Gharvs' threat he must face anyway, not to be held against the moves that
        bring him nearer his goal: the least of it over those moves, when every one of
        them ends by the water or in the marsh (the marsh of Le Marais Hanté between him and
        the Sun). For one who must get there before the turn limit (or walks out by an
        exit), and has no time to spare (`Order.slack`): waiting on the bank makes the
        crossing no safer, the water does not dry, and time runs out. Without it, each
        step into the marsh cost more than the ground it gained, and the party stood at
        its edge until the last turn (les-six-cavernes, the Sun found in the marsh)."""
        if not self.level.fire_lines or not order.goal or order.slack or order.ferry:
            return 0.0
        if order.daring > 1:
            # One whose death loses the game (`WARY`): the party needs him alive more
            # than it needs him there (le-marais: Zacharie drowned in the marsh on the
            # way to the tower in 7 games of 200 more with the toll).
            return 0.0
        if field is None or unit.hex is None or not mobility.gharv_waters(view.game):
            return 0.0
        if not order.leave and not urgency(view):
            return 0.0
        here = field.get(unit.hex, FAR)
        toll: float | None = None
        for a in options:
            if not isinstance(a, Move) or field.get(a.path[-1], FAR) >= here:
                continue
            cost = self._water_cost(view, unit, a.path[-1], order)
            if cost <= 0:
                return 0.0  # a dry way on: the water is his choice, not his toll
            toll = cost if toll is None else min(toll, cost)
        return toll or 0.0

    def _ferry_gap(
        self, view: SideView, unit: Unit, order: Order, action: SailBoat | None
    ) -> float:
        """How far the ferryman's free seat lies from his friend's shore, the boat where
        it is (`action` None) or rowed along `action` (ai/shuttle.py)."""
        game = view.game
        boat = boat_at(game, unit.hex) if unit.hex is not None else None
        if boat is None:
            return ASHORE
        if action is None:
            seats: tuple[Hex, ...] | None = tuple(boat.hexes)
            mine = unit.hex
        else:
            seats = shuttle.seats_after(game, unit, action)
            mine = mobility.sail_end(game, unit, action)
        if seats is None or mine is None:
            return ASHORE
        return float(shuttle.ferry_gap(order.ferry, seats, mine))

    def _line_bonus(self, view: SideView, unit: Unit, to: Hex) -> float:
        """Krobs holding a post stand one hex apart: the hex between two of them is next
        to both, so an Adventurer crossing it rolls twice on the Infiltration Table
        ("Infiltration of Enemy Lines": "as many times as there are enemies adjacent to
        the hex"); side by side, they would cover less of the gallery."""
        nearest = tables.for_view(view).nearest_friend(unit, to, within=2)
        if nearest == 2:
            return LINE_BONUS
        if nearest <= 1:
            return -LINE_BONUS / 2
        return 0.0

    def _water_danger(self, view: SideView, unit: Unit, to: Hex, *, afloat: bool = False) -> float:
        """The loss he may expect from the Gharvs if he ends his move on `to`: at each of
        the two Gharv interphases before he moves again, the chance that one rises next to
        him (the Gharv Appearance Table for where he stands: in the water, in a boat, next
        to the water, in a marsh) times what its automatic attack costs him ("The
        Gharvs")."""
        game = view.game
        if not mobility.gharv_waters(game):
            return 0.0
        # Rowed there, he sits in the boat: the map shows only water there yet. (Scored as
        # a swim, rowing to the island's stage was worth no more than swimming there, and
        # the passengers swam, l-ile, seed 0: drowned.)
        where = WaterSituation.BOAT if afloat else tables.water_situation(view, unit, to)
        if where is None:
            return 0.0
        table = game.rules.gharv_appearance
        chance = float(table.chance(where, table.modifiers.wounded if unit.wounds else 0))
        if not chance:
            return 0.0
        p = profile(game, unit)
        blow = tables.for_view(view).of_unit(
            unit,
            "gharv_blow",  # the same for every hex he may end on: worked out once
            lambda: attack_loss(game, GHARV_ATTACK, p.defence, unit, p.armoured, shift=GHARV_SHIFT),
        )
        if where.value == "boat":
            # Capsized (the Capsize Table): an armoured man drowns or clutches a bank.
            # For him the boat is the only way over the water: its risk is the price of
            # a crossing the plan has chosen, weighed lightly.
            blow = unit_value(game, unit) * (0.08 if never_swims(p) else 0.02)
        return min(1.0, 2 * chance) * blow

    def _beside_callers(self, view: SideView, unit: Unit, to: Hex) -> float:
        """For one whose death loses the game (`Order.daring` above 1): the loss he may
        expect from the Gharvs his friends call. A Gharv rises next to the one who
        called it and attacks a character next to it ("The Gharvs"): standing within two
        hexes of a friend in the water or the marsh, he may be the one it picks (le-marais:
        Zacharie killed on firm ground beside an Ork in the bog)."""
        game = view.game
        if not mobility.gharv_waters(game):
            return 0.0
        table = game.rules.gharv_appearance
        chance = 0.0
        for friend in view.mine():
            if friend.id == unit.id or friend.hex is None or not friend.standing:
                continue
            if friend.hex.distance(to) > 2:
                continue
            where = tables.water_situation(view, friend, friend.hex)
            if where is not None:
                chance += float(table.chance(where, 0)) / 2  # one of two it may pick
        if not chance:
            return 0.0
        p = profile(game, unit)
        blow = attack_loss(game, GHARV_ATTACK, p.defence, unit, p.armoured)
        return min(1.0, 2 * chance) * blow

    def _contact(self, view: SideView, unit: Unit, to: Hex) -> tuple[float, float]:
        """The best combat `unit` may make from `to` next, and the loss he may expect
        from the enemies next to `to`. A combat is worth what his blow adds to the one
        the friends already next to that enemy can make: where they win without him (the
        Combat Table's last column), he is better used on another, and near a big enemy
        whose every hex beside him is wanted the strong hitters should hold them."""
        game = view.game
        picture = self._picture(view)
        p = profile(game, unit)
        fight = 0.0
        against_me = 0
        for key, enemy, ep in picture.touching.get(to, ()):
            if key == enemy.id:
                against_me += ep.attack  # once for the Queen, from whichever side
            friends = [a for uid, a in picture.friends_of.get(key, ()) if uid != unit.id]
            there = list(friends)
            attack = p.attack + sum(friends)
            if self.level.joins_coming:
                # Friends who have not moved yet and can still come: they will join him
                # (counted at part of their strength: they may find better to do).
                coming = [a for uid, a in picture.could_join.get(key, ()) if uid != unit.id]
                attack += int(JOINING * sum(coming))
                friends = friends + coming
            gain = _expected(game, attack, ep.defence, len(friends) + 1, enemy, unit, ep.armoured)
            if there:
                gain -= _expected(
                    game, sum(there), ep.defence, len(there), enemy, unit, ep.armoured
                )
            fight = max(fight, gain)
        danger = 0.0
        if against_me:
            danger = attack_loss(game, against_me, p.defence, unit, p.armoured)
        beasts = picture.gharvs_at.get(to, 0)
        if beasts:
            # A Gharv in contact attacks again at the next interphase ("The Gharvs"),
            # on favourable terrain in the water and the marshes.
            terrain = game.rules.terrain[game.board.cells[to].terrain]
            wet = terrain.water or terrain.id in ("marsh", "unstable_marsh")
            danger += attack_loss(
                game, beasts, p.defence, unit, p.armoured, shift=GHARV_SHIFT if wet else 0
            )
        return fight, danger

    def _within_reach(self, view: SideView, unit: Unit, to: Hex) -> float:
        """For a character who must not be caught (the wizard the enemy wins by
        killing, the badly wounded, a newborn): half the blows of each enemy who could
        walk next to `to` in his next move (straight distance: a cautious guess)."""
        game = view.game
        p = profile(game, unit)
        loss = 0.0
        for enemy, ep in self._picture(view).enemies:
            if enemy.hex is None:
                continue
            d = enemy.hex.distance(to)
            if 1 < d <= ep.movement + 1:
                loss += 0.5 * attack_loss(game, ep.attack, p.defence, unit, p.armoured)
        return loss

    def _picture(self, view: SideView) -> _Picture:
        """Who stands next to whom in this view, worked out once per view."""
        if self._picture_of is None or self._picture_of[0]() is not view:
            self._picture_of = (weakref.ref(view), _Picture.of(view))
        return self._picture_of[1]

    def _fire_danger(self, view: SideView, unit: Unit, to: Hex) -> float:
        """The expected loss from the archers who would see `unit` on `to` (one shot each)."""
        from dragonnoir.engine.rules.line_of_fire import line_of_fire

        game = view.game
        shooters = tables.for_view(view).shooters(to, 1, MAX_RANGE)
        if not shooters:
            return 0.0
        probe = tables.probe(game, unit, to)
        value = unit_value(game, unit)
        loss = 0.0
        for s in shooters:
            if line_of_fire(game, s, probe).possible:
                loss += 0.25 * value
        return loss

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

    def _noise(self) -> float:
        return self.rng.gauss(0.0, self.level.noise) if self.level.noise else 0.0


@dataclass
class _Picture:
    """The contacts of one moment: for each hex, the standing enemies a character there
    would touch; for each enemy, the attack of the friends already touching him.

    The Queen and her Guards are two enemies each, keyed `id` and `id@rear`: struck from
    the hexes of their greyed zone they show their rear defence, and those blows are a
    combat of their own ("Defence": "an attack from behind, through the greyed zone of
    the counter"), so a character weighs standing behind her at the odds he would get
    there and counts only the friends who strike from the same side."""

    #: For each hex, (key, enemy, his profile as struck from that hex).
    touching: dict[Hex, list[tuple[str, Unit, Profile]]]
    friends_of: dict[str, list[tuple[str, int]]]
    #: For each enemy (by key), the friends who have not moved yet and are within a move
    #: of him.
    could_join: dict[str, list[tuple[str, int]]]
    #: The standing enemies, with their profiles (for who can reach a hex next turn).
    enemies: list[tuple[Unit, Profile]]
    #: For each hex, the attack of the Gharvs on the map next to it.
    gharvs_at: dict[Hex, int]

    @classmethod
    def of(cls, view: SideView) -> _Picture:
        from dragonnoir.engine.rules.combat_geometry import rear_zone
        from dragonnoir.engine.rules.footprint import footprint

        game = view.game
        touching: dict[Hex, list[tuple[str, Unit, Profile]]] = {}
        friends_of: dict[str, list[tuple[str, int]]] = {}
        could_join: dict[str, list[tuple[str, int]]] = {}
        enemies: list[tuple[Unit, Profile]] = []
        # The friends as plain numbers (id, attack, q, r, movement, moved): every enemy
        # looks at every friend, hexes compared as (q, r).
        mine = [
            (u.id, p.attack, u.hex.q, u.hex.r, p.movement, u.moved)
            for u in view.mine()
            if u.standing and u.hex is not None
            for p in (profile(game, u),)
        ]
        moving = view.phase == f"{view.side.value[:-1]}_movement"
        for enemy in view.enemies():
            if not enemy.standing:
                continue
            ep = profile(game, enemy)
            enemies.append((enemy, ep))
            around: set[Hex] = set()
            for h in footprint(game, enemy):
                around.add(h)
                around.update(h.neighbours())
            sides = [(enemy.id, ep, around)]
            if ep.defence_rear is not None:
                rear = around & rear_zone(game, enemy)
                if rear:
                    sides = [
                        (enemy.id, ep, around - rear),
                        (f"{enemy.id}@rear", replace(ep, defence=ep.defence_rear), rear),
                    ]
            joiners: list[tuple[str, int]] = []
            if moving and enemy.hex is not None:
                near = {(h.q, h.r) for h in around}
                eq, er = enemy.hex.q, enemy.hex.r
                joiners = [
                    (uid, a)
                    for uid, a, q, r, walk, moved in mine
                    if not moved
                    and (q, r) not in near
                    and (abs(q - eq) + abs(r - er) + abs(q - eq + r - er)) // 2 <= walk
                ]
            for key, shown, hexes in sides:
                for h in hexes:
                    touching.setdefault(h, []).append((key, enemy, shown))
                cells = {(h.q, h.r) for h in hexes}
                friends_of[key] = [(uid, a) for uid, a, q, r, _, _ in mine if (q, r) in cells]
                if moving and enemy.hex is not None:
                    could_join[key] = joiners  # they may come to either side
        gharvs_at: dict[Hex, int] = {}
        for beast in game.state.units.values():
            if beast.side is Side.GHARVS and beast.hex is not None and beast.standing:
                attack = profile(game, beast).attack
                for h in beast.hex.neighbours():
                    gharvs_at[h] = gharvs_at.get(h, 0) + attack
        return cls(touching, friends_of, could_join, enemies, gharvs_at)


def _rehearsal_player(side: Side, seed: int, style: str) -> TacticalAgent:
    """A player for a round played out in the head: normal's play without its noise
    (the gap between styles is theirs, not chance's), never looking ahead itself."""
    agent = TacticalAgent(side, seed, level="normal", style=style)
    agent.level = replace(agent.level, noise=0.0)
    agent.keeps_windows = False
    agent.opens_ways = False
    return agent


def _webs(view: SideView) -> frozenset[Hex]:
    """The spider webs the side knows of that stop its movement: the Adventurers' ("Spider
    webs block the movement of Adventurers", Movement Restriction 7); none for the Krobs."""
    if view.side is not Side.ADVENTURERS:
        return frozenset()
    return frozenset(
        h
        for acc in view.state.accessories.values()
        if acc.kind is AccessoryKind.WEB and acc.face_up
        for h in acc.hexes
    )


def _spell_name(game: Game, spell_id: str) -> str:
    spell = game.rules.spells.get(spell_id)
    return spell.name if spell is not None else spell_id


def _undocked(
    game: Game,
    seat: Hex,
    field: dict[Hex, int] | None,
    seats: Sequence[Hex] | None = None,
) -> float:
    """The cost (`UNDOCKED`) of sitting on `seat` of a boat lying on `seats` that is
    neither docked nor beached, where his way on lies ashore (the field's best next hex
    is land): he cannot step out there. Nothing in mid-crossing, nor on land. `seats`:
    where the boat will lie after a voyage (default: the boat on `seat` as it lies)."""
    if seats is None:
        boat = boat_at(game, seat)
        seats = boat.hexes if boat is not None else None
    if seats is None or field is None or landed(game, seats):
        return 0.0
    water = mobility.water_hexes(game)
    ashore = min((field.get(n, FAR) for n in seat.neighbours() if n not in water), default=FAR)
    afloat = min((field.get(n, FAR) for n in seat.neighbours() if n in water), default=FAR)
    return W_GOAL * UNDOCKED if ashore < afloat else 0.0


def _friends_under(game: Game, unit: Unit, anchor: Hex, facing: int) -> int:
    """For the Queen or a Guard: the friends standing under the counter's other hexes
    at `anchor` facing `facing` (`_score` weighs the anchor's own). Ending a move on
    them breaks "Stacking"; the engine then puts the big counter on the nearest free
    hex however it faces, his back to the enemy as like as not."""
    p = profile(game, unit)
    if p.size <= 1:
        return 0
    units = game.state.units
    occupancy = game.occupancy()
    return sum(
        1
        for h in hexes_for(anchor, p.size, facing)
        if h != anchor
        for uid in occupancy.get(h, ())
        if uid != unit.id and units[uid].alive
    )


def _walk_left(order: Order, field: dict[Hex, int], to: Hex) -> int:
    """The walk from `to` to his goal that counts against him: beyond the time he has
    to spare (`Order.slack`), up to `GOAL_CAP`."""
    return min(max(0, field.get(to, FAR) - order.slack), GOAL_CAP)


def _leaves_here(game: Game, uid: str, order: Order | None) -> bool:
    """Whether he is to leave the map where he stands: sent off it (`Order.leave`) and
    on a hex of his goal, where leaving counts. An entry zone on the map's edge is a way
    out too (`offmap.exit_hexes`), but one that counts for nothing: le-pont's Godiva,
    sheltering by the west bank she came in by, walked off it and the party lost her."""
    if order is None or not order.leave:
        return False
    here = game.state.units[uid].hex
    return here is not None and (not order.goal or here in order.goal)


def _path_end(action: Action) -> Hex:
    """Where a move (or a flight) ends."""
    assert isinstance(action, Move | Fly)
    return action.path[-1]


def _end_or(legal: list[Action], fallback: Action) -> Action:
    return EndPhase() if EndPhase() in legal else fallback


def _column(game: Game, attack: int, defence: int, attackers: int) -> int | None:
    table = game.rules.combat
    column = table.column_for(attack, max(1, defence))
    if column is None:
        return None
    if attackers >= 2:
        column = table.shift(column, table.modifiers.joint_attack_shift)
    return int(column)


def _expected(
    game: Game, attack: int, defence: int, attackers: int, enemy: Unit, me: Unit, armoured: bool
) -> float:
    """The expected gain of an attack of `attack` against `defence` (Combat Table, a
    joint attack's shift, armour), before terrain: what the enemy loses minus what the
    attacker does."""
    column = _column(game, attack, defence, attackers)
    if column is None:
        return 0.0
    modifier = game.rules.combat.modifiers.armoured_defender if armoured else 0
    return _over_results(game, column, modifier, lambda d, a: (
        unit_value(game, enemy) * loss_share(game, enemy, d)
        - unit_value(game, me) * loss_share(game, me, a) / attackers
    ))  # fmt: skip


def _over_results(
    game: Game, column: int, modifier: int, worth: Callable[[str, str], float]
) -> float:
    by_code = {r.code: r for r in game.rules.combat.results}
    total = 0.0
    chances: dict[str, Any] = result_probabilities(game, column, modifier)
    for code, chance in chances.items():
        r = by_code[code]
        total += float(chance) * worth(r.defender.effect.value, r.attacker.effect.value)
    return total


def _krob_window(view: SideView) -> str:
    """Which look at casting a window of the Krob turn is: the Krob movement's first
    window, the one before the Krobs attack, or the one after their declaration (each
    weighed once a turn; the others are passed)."""
    if view.phase != "krob_combat":
        return "krob"
    if combat_declared.closed(view.game):
        return "krob_declared"
    return "krob_combat"
