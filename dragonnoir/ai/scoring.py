"""How good a hex is for a character to end his move on: the tactical AI's scores.

One score per hex for one character and his order (behaviours.py): the walk left to his
goal (in walking points, `W_GOAL` each), the combat he may then make with the friends
already there against the blows he may take back (`W_FIGHT` a casualty point, weighed
by his order's aggression and the level's `risk`), the archers' lines he ends in, and
the Gharvs' waters. The movement (ai/moving.py) weighs every destination it lists with
these; the decisions of a phase (an advance after combat, a retreat) weigh theirs too.

`HexScoring` is a part of the agent (`tactical.TacticalAgent`), not an agent of its own:
it reads the agent's level, its noise and the view's contacts (contacts.py).
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Sequence

from dragonnoir.ai import mobility, shuttle, tables
from dragonnoir.ai.clock import urgency
from dragonnoir.ai.contacts import Picture, expected
from dragonnoir.ai.evaluation import attack_loss, unit_value
from dragonnoir.ai.levels import Level
from dragonnoir.ai.orders import Order
from dragonnoir.ai.paths import FAR, distances_for
from dragonnoir.ai.view import SideView
from dragonnoir.engine.actions import Action, Move, SailBoat
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.line_of_fire import line_of_fire
from dragonnoir.engine.rules.steps import boat_at, landed, never_swims
from dragonnoir.engine.state import AccessoryKind, Side, Unit
from dragonnoir.engine.values import profile
from dragonnoir.engine.water_tables import WaterSituation
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.los import MAX_RANGE

#: The score of one movement point nearer the goal.
W_GOAL = 1.0
#: The farthest walk to the goal that still counts (beyond: out of reach, all alike).
#: Six boards put the last '?' counter 80 points away: below that cap every step nearer
#: must still be worth one point, or the far ones never set off.
GOAL_CAP = 400
#: Weight of a combat's expected gain (in casualty points) against walking.
W_FIGHT = 4.0
#: Weight of the loss the Gharvs may cost at the next two interphases: four times a
#: combat's, as who ends a move in the water or the marsh is seldom out of it by the next
#: turn (a water hex costs 3 points, the marsh double, "Terrain Effects Chart"), a risen
#: Gharv stays to strike at each interphase while he is in reach, and a swimmer's death
#: is one fewer to carry the victory (l-ile against the random Krobs, seeds 0-399: 372
#: won with four times, 367 with six, 357 with twice, where the party drowned piecemeal
#: and 69 of 89 deaths read in lost games came to one who ended his move in the water).
W_WATER = 4 * W_FIGHT
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
#: A Krob holding a post one hex from the next (a line the enemy must infiltrate).
LINE_BONUS = 0.6
#: A ferryman's cost (in hexes of gap) of leaving his boat, or of a way of rowing that
#: cannot be worked out (ai/shuttle.py).
ASHORE = 60
#: Share of a coming friend's attack counted in the combat a character may make.
JOINING = 0.6
#: Orders at or below this aggression keep out of the enemy's next move.
SHY = 0.2
#: What sitting in a boat that is neither docked nor beached costs (in walking points):
#: no one steps ashore from it ("Movement by Boat": "To dock at a landing stage, the two
#: hexes of the boat must be in contact with the landing stage"); rowing on to where it
#: lands takes about the rest of a turn. Without it, a boat touching the landing stage
#: with one hex looks as good as a docked one, and its passenger sits there for good.
UNDOCKED = 4.0


class HexScoring:
    """The agent's scoring of a hex (see the module docstring)."""

    side: Side
    level: Level
    rng: random.Random
    #: The last view's picture; the view weakly held (`ai.runner` frees a view when
    #: its decision is made, before the garbage collector resumes).
    _picture_of: tuple[weakref.ref[SideView], Picture] | None

    def _noise(self) -> float:
        """A draw of the level's noise (`Level.noise`, its standard deviation), added to a
        score where the level chooses among moves or attacks nearly as good."""
        return self.rng.gauss(0.0, self.level.noise) if self.level.noise else 0.0

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
            score += self._safety(view, to)
            if self.level.keeps_safe and self.level.fire_lines:
                # Out of the enemies' way is not into the Gharvs' waters (les-eaux-noires:
                # a badly wounded swordsman swam off the island away from the Krobs).
                score -= self._water_cost(view, unit, to, order, afloat=afloat)
            return score
        if order.goal:
            if field is None:
                field = mobility.goal_field(game, unit, order.goal, known_webs(view))
            score -= W_GOAL * order.haste * walk_left(order, field, to)
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

    def _safety(self, view: SideView, h: Hex | None) -> float:
        """How safe `h` is for one who keeps out of the fight (`Order.avoid`) or retreats:
        the hexes to the nearest standing enemy, and a little for each friend within two."""
        if h is None:
            return -FAR
        enemies = [u.hex for u in view.enemies() if u.hex is not None and u.standing]
        friends = [u.hex for u in view.mine() if u.hex is not None]
        far = min((h.distance(e) for e in enemies), default=10)
        close = sum(1 for f in friends if h.distance(f) <= 2)
        return far + 0.3 * close

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
            gain = expected(game, attack, ep.defence, len(friends) + 1, enemy, unit, ep.armoured)
            if there:
                gain -= expected(game, sum(there), ep.defence, len(there), enemy, unit, ep.armoured)
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

    def _picture(self, view: SideView) -> Picture:
        """Who stands next to whom in this view, worked out once per view."""
        if self._picture_of is None or self._picture_of[0]() is not view:
            self._picture_of = (weakref.ref(view), Picture.of(view))
        return self._picture_of[1]

    def _fire_danger(self, view: SideView, unit: Unit, to: Hex) -> float:
        """The expected loss from the archers who would see `unit` on `to` (one shot each)."""
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


def known_webs(view: SideView) -> frozenset[Hex]:
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


def undocked(
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


def walk_left(order: Order, field: dict[Hex, int], to: Hex) -> int:
    """The walk from `to` to his goal that counts against him: beyond the time he has
    to spare (`Order.slack`), up to `GOAL_CAP`."""
    return min(max(0, field.get(to, FAR) - order.slack), GOAL_CAP)
