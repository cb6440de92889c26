"""The movement phase of the tactical AI: one character's move at a time.

Each call moves one character or ends the phase: the groups' orders (behaviours.py)
give each his goal; the characters nearest their goal move first, each to the legal
destination with the best score (ai/scoring.py), if it beats standing still by
`MOVE_MARGIN`. Besides walking: rowing a boat he sits in, going down a deep passage,
coming onto the map, a Gargoyle's flight, a jump (weighed by its odds and the walk on
after landing: ai/jumps.py). A boat's rower rows at once, and one who rowed to where he
may land steps ashore at once ("Movement by Boat"); a jumper who lands walks on at once,
and a daredevil who walked to a ledge weighs his jumps from there at once; the Queen and
her Guards weigh the back they show (`_rear_exposure`).

`Moving` is a part of the agent (`tactical.TacticalAgent`), which plans the orders.
"""

from __future__ import annotations

from dragonnoir.ai import infiltration, jumps, mobility, shuttle, tables
from dragonnoir.ai.evaluation import unit_value
from dragonnoir.ai.orders import Order
from dragonnoir.ai.paths import FAR, distances_for
from dragonnoir.ai.scoring import (
    ASHORE,
    CRUSHED,
    W_FIGHT,
    W_GOAL,
    HexScoring,
    known_webs,
    undocked,
    walk_left,
)
from dragonnoir.ai.view import SideView
from dragonnoir.engine.actions import (
    Action,
    EnterMap,
    EnterPassage,
    Fly,
    Jump,
    LeaveMap,
    Move,
    SailBoat,
)
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import objectives
from dragonnoir.engine.rules.footprint import hexes_for
from dragonnoir.engine.rules.movement import unit_moves
from dragonnoir.engine.rules.steps import boat_at
from dragonnoir.engine.state import AccessoryKind, Side, Unit
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import Hex

#: The Queen and her Guards watch the enemies within this many hexes of their rear zone;
#: an enemy next to it costs REAR_WEIGHT (goal points) for the facing that shows it.
REAR_WATCH = 6
REAR_WEIGHT = 2.0
#: A move must beat standing still by this much to be made (no dithering).
MOVE_MARGIN = 0.25


class Moving(HexScoring):
    """The agent's movement phase (see the module docstring)."""

    _orders: dict[str, Order]
    #: Who has moved, and who has rowed, this phase.
    _done: set[str]
    _sailed: set[str]
    _last_mover: str
    #: Who may go on at once with the points he has left (`_movement`): one who has just
    #: rowed to where he may land, one who has just picked up the Orb.
    _landing: str
    #: Of those, who has just jumped (a `J` lets him walk on: the engine's moves say
    #: whether he landed so), and who has just walked with a ledge he may jump from: a
    #: daredevil, whose jumps from where he stopped are weighed at once (his points
    #: left, the same path: docs/movement.md, 'One move per character').
    _jumper: str = ""
    _at_the_ledge: str = ""

    def _plan(self, view: SideView) -> dict[str, Order]:
        """The groups' orders (the agent's: tactical.py)."""
        raise NotImplementedError

    def _look_ahead(self, view: SideView) -> dict[str, Order] | None:
        """Hard's orders after the round played out in its head (tactical.py)."""
        raise NotImplementedError

    def _movement(self, view: SideView) -> Action:
        """One character's move at a time: the nearest his goal first, each to his best
        destination, or nobody (End phase). Only his own moves are worked out
        (`movement.unit_moves`, what `legal_actions` lists for him): on six boards with
        sixty Krobs, listing everyone's every destination at each step was most of a
        Krob turn's time. Besides walking: rowing a boat he sits in (`SailBoat`), going
        down a deep passage (`EnterPassage`), coming onto the map, a Gargoyle's flight."""
        orders = self._look_ahead(view) or self._plan(view)
        others = view.actions({"LeaveMap", "EnterMap", "Fly", "SailBoat", "EnterPassage", "Jump"})
        game = view.game
        for a in others:
            if isinstance(a, LeaveMap) and _leaves_here(game, a.unit, orders.get(a.unit)):
                return a
        blocked = known_webs(view)
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
        jumper, self._jumper = self._jumper, ""
        at_the_ledge, self._at_the_ledge = self._at_the_ledge, ""
        going_on = lander in (jumper, at_the_ledge) or _may_go_on(game, lander, self._sailed)
        if lander and lander == rower and going_on:
            # He has just rowed two hexes or fewer to a landing stage or a beach and
            # kept half his points to land ("Movement by Boat"), or picked up the Orb
            # with points to spare: now or never, as above. (Left in the boat, the party
            # sat out the Gharv interphases afloat by the island's shore; left on the
            # Orb where it fell in the water, each fetcher in turn drowned there with
            # it, l-ile seed 86, when a step back onto the landing stage was his.)
            ids = [lander] + [i for i in ids if i != lander]
        for uid in ids:
            again = uid in self._done  # boarded a boat this phase: he may still row it
            unit = game.state.units[uid]
            order = orders.get(uid, Order())
            options: list[Action] = list(waiting.get(uid, ()))
            if uid == lander:
                ashore = unit.hex is not None and not order.ferry
                options = [a for a in options if isinstance(a, Jump)]
                if ashore and uid != at_the_ledge:
                    options.extend(unit_moves(game, unit))
            elif again:
                options = [a for a in options if isinstance(a, SailBoat)]
                self._sailed.add(uid)
            elif unit.hex is not None:
                options.extend(unit_moves(game, unit))
            field = field_of(unit)
            stay = self._score(view, unit, unit.hex, order, field) if unit.hex is not None else -FAR
            if not order.ferry and unit.hex is not None:
                stay -= undocked(game, unit.hex, field)
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
            if isinstance(action, SailBoat) or _picks_up_the_orb(game, action):
                if isinstance(action, SailBoat):
                    self._sailed.add(uid)
                self._landing = uid
            elif isinstance(action, Jump):
                self._landing = self._jumper = uid
            elif isinstance(action, Move) and jumps.daredevil(game, unit):
                self._landing = self._at_the_ledge = uid
            return action
        ending = view.actions({"EndPhase"})
        return ending[0] if ending else self._unstick(view)

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
            odds = jumps.jump_odds(game, unit, action)
            if odds is None:
                return None
            return self._jump_score(view, unit, action.to, odds, stay, order, field, scores)
        if isinstance(action, EnterMap):
            to: Hex | None = action.to
        elif isinstance(action, SailBoat):
            to = mobility.sail_end(game, unit, action)
            if order.ferry:
                # Where the boat lies for the friend to board matters, not its landing.
                extra = -W_GOAL * self._ferry_gap(view, unit, order, action)
            else:
                seats = shuttle.seats_after(game, unit, action)
                extra = -undocked(game, to, field, seats) if to is not None and seats else 0.0
        elif isinstance(action, EnterPassage):
            out = mobility.passage_out(game, unit, action.passage)
            if out is None or not order.goal:
                return None
            to, cost = out
            if field is None:
                field = mobility.goal_field(game, unit, order.goal, known_webs(view))
            # The field at the entrance already counts the way through: going down is
            # what makes that progress real, worth the turn's walk (`mobility.pace`)
            # that standing there would lose. Only the walk on from the way out is
            # weighed, not its fights nor waters: he comes out turns from now and walks
            # on. (With a tie-break of one point, the Gharvs' marsh round the marsh
            # tower's vault, or a Krob to fight beside the pit's trapdoor, kept the
            # Black Dwarves above until the last turn: les-six-cavernes.)
            return -W_GOAL * (walk_left(order, field, to) + cost - mobility.pace(game, unit))
        else:
            to = _path_end(action)
            if to is not None and not order.ferry:
                extra -= undocked(game, to, field)
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
            if isinstance(action, Move) and jumps.daredevil(game, unit):
                # A walk that ends at a ledge is worth the jump he may go on with
                # (`_movement` weighs his jumps at once after it).
                left = jumps.points_after_walk(game, unit, to)
                for edge, odds in jumps.ledge_jumps(game, unit, to, left):
                    jumped = self._jump_score(view, unit, edge, odds, there, order, field, scores)
                    there = max(there, jumped)
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

    def _jump_score(
        self,
        view: SideView,
        unit: Unit,
        to: Hex,
        odds: jumps.JumpOdds,
        stay: float,
        order: Order,
        field: dict[Hex, int] | None,
        scores: dict[Hex, float] | None,
    ) -> float:
        """A jump onto `to` by its odds (jumps.py): a `J` lets him walk on at once
        (`_movement`), worth the best of where his points left take him from there; a
        landing that ends his move, `to`; a balk or a fall, `stay`, where he stood;
        less what a fall may cost him."""
        game = view.game
        there = self._hex_score(view, unit, to, order, field, scores)
        on = [self._hex_score(view, unit, h, order, field, scores) for h in
              jumps.walk_on(game, unit, to, odds.points_left)]  # fmt: skip
        return (
            odds.goes_on * max([there, *on])
            + odds.stops * there
            + (1 - odds.lands) * stay
            - W_FIGHT * odds.loss * unit_value(game, unit) * self.level.risk
        )

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


def _leaves_here(game: Game, uid: str, order: Order | None) -> bool:
    """Whether he is to leave the map where he stands: sent off it (`Order.leave`) and
    on a hex of his goal, where leaving counts. An entry zone on the map's edge is a way
    out too (`offmap.exit_hexes`), but one that counts for nothing: le-pont's Godiva,
    sheltering by the west bank she came in by, walked off it and the party lost her."""
    if order is None or not order.leave:
        return False
    here = game.state.units[uid].hex
    return here is not None and (not order.goal or here in order.goal)


def _picks_up_the_orb(game: Game, action: Action) -> bool:
    """An Adventurer's walk that ends on an "Orb?" counter or the lying Orb: if it is the
    true one he picks it up there (engine `objectives.sweep`) and may walk on with the
    points he has left (`_may_go_on` asks once the counter is turned over)."""
    if not isinstance(action, Move) or game.state.units[action.unit].side is not Side.ADVENTURERS:
        return False
    end = action.path[-1]
    return any(
        end in orb.hexes and not orb.properties.get("carried_by")
        for orb in objectives.counters(game, AccessoryKind.ORB)
    )


def _may_go_on(game: Game, uid: str, sailed: set[str]) -> bool:
    """He rowed to where he may land, or he now carries the Orb."""
    return uid in sailed or objectives.carries_orb(game, game.state.units[uid])


def _path_end(action: Action) -> Hex:
    """Where a move (or a flight) ends."""
    assert isinstance(action, Move | Fly)
    return action.path[-1]
