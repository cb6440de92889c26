"""Behaviours: what each group of characters is trying to do this turn.

The scenario sets a behaviour per group (`[[group]] behaviour = ...`, docs/scenarios.md);
a character outside any group, or a group without one, gets its side's default (the
Krobs hunt; the Adventurers pursue their victory conditions). Each behaviour turns the
situation into an `Order` per character: the hexes he should walk towards (`goal`), how
keen he is to fight (`aggression`), and whether he should stay put. The tactical layer
(rules of engagement, joint attacks, cover from archers) is shared by all of them and
lives in tactical.py and the parts it is made of (scoring.py, moving.py, decisions.py).

Implemented: `hunt` (walk to the nearest enemies and fight), `guard` (hold the place the
group started from, fight whoever comes within reach, never chase far), `ambush` (stay
still and unseen until an enemy comes within striking distance or one of the group is
revealed, then hunt), the Adventurers' `objective` (see `adventurer_orders`), and `flee`
(the wounded walk away from the enemy towards their friends). The others fall back, as
documented in docs/ai.md: `swarm` hunts (every Krob of the group at once), `protect_queen`
guards the Queen where she stands, `patrol` guards with a wider reach, `block` guards.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dragonnoir.ai import clock, mobility, sight
from dragonnoir.ai.clock import urgency, victory_block
from dragonnoir.ai.lines import line_orders
from dragonnoir.ai.memo import once_per_state
from dragonnoir.ai.orders import GroupPlan, Order
from dragonnoir.ai.paths import FAR, WOODEN, Distances, distances_for
from dragonnoir.ai.view import SideView
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import objectives, offmap
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.rules.hidden import display_name
from dragonnoir.engine.rules.victory import exited_for, judge_at_limit
from dragonnoir.engine.state import Accessory, AccessoryKind, Side, Status, Unit
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import Hex

KNOWN = ("hunt", "guard", "ambush", "swarm", "protect_queen", "patrol", "block", "flee")
#: Behaviours that fall back on another, and why (docs/ai.md).
FALLBACK = {
    "swarm": "hunt",
    "protect_queen": "guard",
    "patrol": "guard",
    "block": "guard",
}
#: How far (walking cost) from his post a guard goes to fight; a patrol goes farther.
GUARD_REACH = {"guard": 6, "block": 4, "patrol": 10, "protect_queen": 5}


def groups_of(view: SideView) -> dict[str, dict[str, Any]]:
    """The scenario's groups of this side, as the view holds them, plus one `others`
    group for characters no group names."""
    setup = view.state.scratch.get("scenario", {})
    raw = setup.get("groups", {}) if isinstance(setup, dict) else {}
    out: dict[str, dict[str, Any]] = {}
    named: set[str] = set()
    for gid, g in sorted(raw.items()):
        if g.get("side") != view.side.value:
            continue
        out[gid] = g
        named.update(g.get("units", ()))
    rest = [u.id for u in view.state.units.values() if u.side is view.side and u.id not in named]
    if rest:
        out["_others"] = {"name": "the others", "units": rest, "behaviour": None}
    return out


def display(game: Game, uid: str) -> str:
    """A character's name for the intent line."""
    unit = game.state.units.get(uid)
    return uid if unit is None else display_name(game, unit)


def enemy_hexes(view: SideView) -> list[Hex]:
    out: list[Hex] = []
    for u in view.enemies():
        if u.hex is not None and u.standing:
            out.append(u.hex)
    return out


def is_queen(game: Game, unit: Unit) -> bool:
    """Alkiram herself: she stays where she stands and her court fights for her there
    (`_orders`, "protect_queen"); the other readings leave her out of theirs."""
    return profile(game, unit).category == "queen"


def is_badly_hurt(view: SideView, unit: Unit) -> bool:
    """One more wound kills him (and he is worth keeping)."""
    p = profile(view.game, unit)
    return unit.status is Status.WOUNDED and unit.wounds + 1 >= p.wounds_to_kill


def plan_groups(
    view: SideView, posts: dict[str, frozenset[Hex]], *, bides: bool = True
) -> list[GroupPlan]:
    """Every group's plan for now. `posts` is the agent's memory of where each group
    started (a guard's place), filled on first sight. `bides`: a party that must hold a
    place at a turn may wait out of harm's way until its last moves (`_time_to_spare`;
    the hard level does not: `Level.presses_on`)."""
    plans: list[GroupPlan] = []
    enemies = enemy_hexes(view)
    for gid, g in groups_of(view).items():
        members = [uid for uid in g.get("units", ()) if uid in view.state.units]
        alive = [view.state.units[u] for u in members if view.state.units[u].alive]
        if not alive:
            continue
        wanted = g.get("behaviour") or ("hunt" if view.side is Side.KROBS else "objective")
        behaviour = wanted if wanted in KNOWN or wanted == "objective" else "hunt"
        name = str(g.get("name") or gid)
        if gid == "_others":
            name = ""  # the intent line names them
        plan = GroupPlan(gid, name, behaviour, members)
        on_map = [u for u in alive if u.hex is not None]
        if gid not in posts and on_map:
            posts[gid] = frozenset(u.hex for u in on_map if u.hex is not None)
        post = posts.get(gid, frozenset())
        if not post:
            post = frozenset(hexes_of(g.get("entry")) or hexes_of(g.get("deploy")))
        _orders(view, plan, alive, enemies, post, bides=bides)
        _press_when_time_runs_out(view, plan)
        _keep_newborns_back(view, plan, alive)
        plans.append(plan)
    return plans


def _conditions(view: SideView) -> list[dict[str, Any]]:
    """The scenario's victory conditions, of both sides."""
    return [c for c in victory_block(view).get("conditions", ()) if isinstance(c, dict)]


#: How much of the Gharvs' threat weighs (`Order.daring`) for who carries the victory:
#: the Orb's bearer, who goes to pick it up, who can be in the place to hold on its turn.
BEARER_DARING = 0.3
#: ... and for one whose death loses the game (Zacharie, Godiva): three times the water's
#: weight (the party needs him alive more than it needs him there).
WARY = 3.0
#: What picking up the lying Orb is worth (`Order.prize`, in walking points), and
#: standing in the place to hold on its turn (or the turn before).
ORB_PRIZE = 6.0
HOLD_PRIZE = 8.0


def _press_when_time_runs_out(view: SideView, plan: GroupPlan) -> None:
    """Those who seek the fight accept harder trades as the turn limit nears. Not those
    leaving the map (by an exit, by the true Sun): for them time running out is a reason
    to walk on, not to stop and fight whoever is near. (A place to hold is still
    pressed: the Krobs in it must be fought out; la-fosse against the random player,
    181 of 200 unpressed, 188 pressed.)"""
    push = urgency(view)
    if not push:
        return
    pressed = False
    for uid, order in list(plan.orders.items()):
        if order.leave:
            continue
        if order.aggression >= 0.4 and not order.avoid:
            # Orders may be shared between members: each gets his own, changed copy.
            plan.orders[uid] = replace(order, aggression=min(0.9, order.aggression + 0.35 * push))
            pressed = True
    if pressed and push >= 0.5 and plan.mode and "late" not in plan.intent:
        plan.intent += " (time runs out: they press on)"
        plan.mode += "-late"


#: How far the Queen steps from where she stands when her court protects her.
QUEEN_STEP = 2


def _queen_stays(view: SideView, plan: GroupPlan, alive: list[Unit]) -> None:
    """Her court goes out to meet the enemy; the Queen herself stays where she stands
    (turning, a step at most: `QUEEN_STEP`) and fights whoever comes to her. Walking out
    to the assault showed her back ("Defence": from behind, through the greyed zone, her
    defence is half) to a party that had only to go round her."""
    for u in alive:
        if u.hex is not None and is_queen(view.game, u):
            here = frozenset({u.hex})
            plan.orders[u.id] = Order(goal=here, aggression=0.3, post=here, reach=QUEEN_STEP)


def _keep_newborns_back(view: SideView, plan: GroupPlan, alive: list[Unit]) -> None:
    """Baby Krobs follow their group but never seek a fight: "killed at the first
    wound", no weight in infiltration ("The Krobs"); near the Queen when she is on the
    map (they are the nest's future), else with the grown-ups of their group."""
    if view.side is not Side.KROBS:
        return
    babies = [u for u in alive if not u.adult and u.hex is not None]
    if not babies:
        return
    queens = [u for u in view.mine() if u.hex is not None and is_queen(view.game, u)]
    home = frozenset(q.hex for q in queens if q.hex is not None)
    for baby in babies:
        order = plan.orders.get(baby.id, Order())
        if home:
            plan.orders[baby.id] = Order(goal=home, aggression=0.05, hold=order.hold)
        else:  # no Queen: away from the enemy, towards friends
            plan.orders[baby.id] = Order(avoid=True, aggression=0.05, hold=order.hold)


def hexes_of(raw: Any) -> list[Hex]:
    """Hexes as the scenario's setup stores them (`[[q, r], ...]`); none for anything else."""
    if not isinstance(raw, list):
        return []
    return [Hex(int(q), int(r)) for q, r in raw]


def listed(game: Game, uids: list[str], most: int = 3) -> str:
    """The first `most` of them by name, and how many more ("Hunter 1, Hunter 2, Hunter 3
    and 2 more"): an intent line stays a line."""
    names = ", ".join(display(game, uid) for uid in uids[:most])
    return names + (f" and {len(uids) - most} more" if len(uids) > most else "")


def _orders(
    view: SideView,
    plan: GroupPlan,
    alive: list[Unit],
    enemies: list[Hex],
    post: frozenset[Hex],
    *,
    bides: bool,
) -> None:
    behaviour = plan.behaviour
    names = listed(view.game, [u.id for u in alive])
    who = f"{plan.name} ({names})" if plan.name else names
    plan.mode = behaviour
    _, _, wanted = victory_targets(view)
    prey = [u.hex for u in view.enemies() if u.id in wanted and u.hex is not None]
    # The enemies a victory condition names are hunted first (kill Shaman, kill Godiva).
    hunt = Order(goal=frozenset(prey or enemies), aggression=0.6)
    if behaviour == "objective":
        _adventurer_orders(view, plan, alive, enemies, bides=bides)
        return
    if behaviour == "ambush":
        revealed = any(u.hidden_from is None for u in alive if u.hex is not None)
        close = _enemy_within(view, alive, enemies)
        if revealed or close:
            plan.orders = {u.id: hunt for u in alive}
            why = "sprung: an enemy is close" if close else "seen: the ambush is sprung"
            plan.intent = f"{who}: {why}, they hunt"
            plan.mode = "sprung"
        else:
            plan.orders = {u.id: Order(hold=True, aggression=0.9) for u in alive}
            plan.intent = f"{who}: wait unseen in ambush"
            plan.mode = "wait"
        return
    if behaviour in ("guard", "protect_queen", "patrol", "block"):
        anchor = post
        if behaviour == "protect_queen":
            queens = [u for u in view.mine() if is_queen(view.game, u)]
            if queens and queens[0].hex is not None:
                anchor = frozenset({queens[0].hex})
        reach = GUARD_REACH.get(behaviour, 6)
        near = _enemies_near(view, anchor, enemies, reach)
        goal = frozenset(near) if near else anchor
        plan.orders = {
            u.id: Order(goal=goal, aggression=0.55, post=anchor, reach=reach) for u in alive
        }
        if behaviour == "protect_queen":
            _queen_stays(view, plan, alive)
        elif not near:
            _hold_a_line(view, plan, alive, anchor, enemies)
        what = {"guard": "guard", "protect_queen": "protect the Queen", "patrol": "patrol",
                "block": "block"}[behaviour]  # fmt: skip
        if near:
            plan.intent = f"{who}: {what}, and strike at the enemy who came near"
            plan.mode = "strike"
        elif behaviour == "protect_queen":
            plan.intent = f"{who}: protect the Queen where she stands"
        else:
            plan.intent = f"{who}: {what} their post"
        return
    if behaviour == "flee":
        plan.orders = {}
        for u in alive:
            plan.orders[u.id] = Order(avoid=True) if u.wounds else Order(goal=post, aggression=0.4)
        plan.intent = f"{who}: the wounded flee to heal, the rest hold back"
        return
    plan.orders = {u.id: hunt for u in alive}
    target = _nearest_enemy_name(view, alive)
    verb = "swarm" if behaviour == "swarm" else "hunt"
    plan.intent = f"{who}: {verb} {target}" if target else (f"{who}: search for the enemy")
    if not enemies:
        plan.orders = {u.id: Order(goal=_unknown_ground(view), aggression=0.6) for u in alive}


def _hold_a_line(
    view: SideView, plan: GroupPlan, alive: list[Unit], post: frozenset[Hex], enemies: list[Hex]
) -> None:
    """A guard with nobody near stands in a line across the gallery at his post, facing
    the enemies (ai/lines.py): the line's hexes join the post he keeps to."""
    places = line_orders(view.game, alive, post, enemies)
    kept = post | frozenset(places.values())
    for uid, spot in places.items():
        plan.orders[uid] = replace(plan.orders[uid], goal=frozenset({spot}), post=kept)


def _enemy_within(view: SideView, alive: list[Unit], enemies: list[Hex]) -> bool:
    """An enemy within striking distance (his walk, plus one) of one of them."""
    for u in alive:
        if u.hex is None:
            continue
        reach = profile(view.game, u).movement + 1
        dist = distances_for(view.game).field([u.hex], limit=reach)
        if any(dist.get(e, FAR) <= reach for e in enemies):
            return True
    return False


#: A badly wounded character keeps away from any enemy within this walking cost (about
#: what a Krob walks in a turn and strikes after: "Movement", "Combat").
THREAT_REACH = 8


def _threatened(view: SideView, unit: Unit, enemies: list[Hex]) -> bool:
    """An enemy stands within THREAT_REACH of him."""
    if unit.hex is None:
        return False
    return bool(_enemies_near(view, frozenset({unit.hex}), enemies, THREAT_REACH))


def _enemies_near(
    view: SideView, anchor: frozenset[Hex], enemies: list[Hex], reach: int
) -> list[Hex]:
    if not anchor:
        return enemies
    dist = distances_for(view.game).field(anchor, limit=reach)
    return [e for e in enemies if dist.get(e, FAR) <= reach]


def _nearest_enemy_name(view: SideView, alive: list[Unit]) -> str:
    """The enemy nearest (walking) any of them, and his cell, for the intent line: one
    search from all of them at once (the nearest to any is the nearest to the group),
    stopped once the nearest is sure (`CaveGraph.nearest`)."""
    here = [u.hex for u in alive if u.hex is not None]
    if not here:
        return ""
    enemies = [(e.id, e.hex) for e in view.enemies() if e.hex is not None]
    i = distances_for(view.game).nearest(here, [h for _, h in enemies], limit=60)
    if i < 0:
        return ""
    uid, h = enemies[i]
    return f"{display(view.game, uid)} on {view.game.where(h)}"


def _unknown_ground(view: SideView) -> frozenset[Hex]:
    """Where to look when no enemy is in sight: the other side's entries and exits."""
    return offmap.exit_hexes(view.game) or frozenset()


# -- the Adventurers' objectives -----------------------------------------------------------


def victory_targets(view: SideView) -> tuple[frozenset[Hex], bool, list[str]]:
    """From the side's victory conditions: the hexes to reach, whether leaving the map
    wins, and the enemies to kill by name."""
    hexes, leave, kill, _ = _victory_targets(view)
    return hexes, leave, kill


def enemy_goal_hexes(view: SideView) -> frozenset[Hex]:
    """The places the other side must reach, hold or leave by (its victory conditions
    are public: the briefing states them); empty when it wins only by killing."""
    return _victory_targets(view, view.side.enemy())[0]


def _victory_targets(
    view: SideView, side: Side | None = None
) -> tuple[frozenset[Hex], bool, list[str], int | None]:
    """`victory_targets` for `side` (the view's by default), and the turn at whose end
    its goal must be held when every place it must reach is one to hold then (a `hold`
    condition with its `turn`; None otherwise)."""
    hexes: set[Hex] = set()
    leave = False
    choices: list[list[str]] = []
    game = view.game
    held: set[int | None] = set()
    side = side or view.side
    for c in _conditions(view):
        if c.get("side") != side.value:
            continue
        kind = c.get("kind")
        zone = set(hexes_of(c.get("hexes")))
        if kind == "hold" and zone and c.get("turn"):
            held.add(int(c["turn"]))
        elif kind not in ("kill", "eliminate"):
            held.add(None)  # a place to reach as soon as may be
        if kind in ("reach", "hold"):
            hexes |= zone
        elif kind == "exit":
            leave = True
            hexes |= _ways_out(game, c)
        elif kind in ("orb_off", "khuzun_out", "sun_exit"):
            if kind == "sun_exit" and known_sun(game) is not None:
                leave = True  # only by the true Sun: any other exit wastes the character
            objective = {"orb_off": AccessoryKind.ORB, "khuzun_out": AccessoryKind.KHUZUN,
                         "sun_exit": AccessoryKind.SUN}[kind]  # fmt: skip
            hexes |= _objective_hexes(view, objective)
        elif kind in ("kill", "eliminate") and c.get("units"):
            choices.append([str(u) for u in c.get("units", ())])
    turns = [t for t in held if t is not None]
    turn = min(turns) if turns and len(turns) == len(held) else None
    return frozenset(hexes), leave, _easiest(view, choices), turn


def _easiest(view: SideView, choices: list[list[str]]) -> list[str]:
    """Of the side's `kill` conditions (each a list of enemies, all to be killed), the
    one nearest done: the fewest wounds still to deal and steps to walk, over the enemies
    the side sees. Going for one makes a party strike together, not split between two
    (Le Nid: the Guard, or both newborns)."""
    if len(choices) <= 1:
        return choices[0] if choices else []
    game = view.game
    mine = [u.hex for u in view.mine() if u.hex is not None and u.standing]
    units = view.state.units

    def effort(names: list[str]) -> float:
        total = 0.0
        for uid in names:
            unit = units.get(uid)
            if unit is None:
                total += 25.0  # unseen: somewhere to search for
                continue
            if not unit.alive:
                continue
            p = profile(game, unit)
            near = min((h.distance(unit.hex) for h in mine if unit.hex), default=25)
            total += near + 6 * max(1, p.wounds_to_kill - unit.wounds)
        return total

    return min(choices, key=lambda names: (effort(names), names))


def _exits_free_of(exits: frozenset[Hex], enemies: list[Hex], here: Hex | None) -> frozenset[Hex]:
    """The ways out no enemy in sight stands on or next to, when there are any: the Orb's
    bearer goes round to another rather than wait for the one a Krob holds (l-ile,
    seed 60: a Hunter stood on the east way out from turn 9, the wounded Goblin with the
    Orb beside it until the time ran out; against the random player 358 + 365 won of
    seeds 0-799, against 354 + 365). The one he stands on stays his: he leaves by it."""
    free = frozenset(h for h in exits if h == here or all(h.distance(e) > 1 for e in enemies))
    return free or exits


def _escort(view: SideView, unit: Unit, bearer: Hex) -> Order:
    """The Orb's bearer or Khuzun makes for the way out: the others go with him and
    fight off whoever comes, rather than crowd the exits he needs. Not over the Gharvs'
    waters: no Krob follows him there, so an escort swimming or rowing after him only
    calls Gharvs (one of them may rise next to the bearer) and takes the boats. Where
    only the water leads to him, the escort keeps ashore and weighs the waters thrice
    (`WARY`); one in the water or a boat makes for the nearest land. On l-ile against
    the random player the wins hold (351 of 400 games, 348 without) and the party loses
    a seventh fewer characters (2.5 a game, 2.9 without; benchmarks/README.md, session
    13)."""
    game = view.game
    if unit.hex is None or not mobility.gharv_waters(game):
        return Order(goal=frozenset({bearer}), aggression=0.6)
    water = mobility.water_hexes(game)
    by_land = distances_for(game).field([bearer], blocked=water)
    if by_land.get(unit.hex, FAR) < FAR:
        return Order(goal=frozenset({bearer}), aggression=0.6, daring=WARY)
    if unit.hex in water:  # swimming, or in a boat: ashore first, wherever is nearest
        return Order(goal=frozenset(game.board.cells) - water, aggression=0.6, daring=WARY)
    return Order(aggression=0.6, daring=WARY)


def _fetch_the_orb(
    view: SideView, plan: GroupPlan, alive: list[Unit], orb: Hex, exits: frozenset[Hex]
) -> None:
    """The Orb lies revealed: who goes for it weighs the Gharvs' waters as its bearer
    would (it may lie where its last bearer drowned). Whoever stands on it picks it up
    and cannot put it down (it "drops where he falls"): one who could not get from there
    to a way out (the knight on the island with no boat left) would hold the victory
    where it is lost. He goes next to it instead, while a friend who can bring it out is
    left to take it. One on dry land goes first to the water's edge beside an Orb lying
    in the water (`_edge_to_fetch_from`). (l-ile against the random player, seeds 0-799:
    692 wins with it and the fetcher walking on with the Orb, `moving._may_go_on`, 692
    without: the Orb falls mostly in the open lake, where no dry hex touches it.)"""
    game = view.game
    stuck: list[str] = []
    able: list[str] = []
    for u in alive:
        order = plan.orders.get(u.id)
        if order is None or order.goal != frozenset({orb}):
            continue
        out = mobility.goal_field(game, u, exits) if exits else {}
        (able if out.get(orb, FAR) < FAR else stuck).append(u.id)
    for uid in able if able else stuck:
        order = plan.orders[uid]
        plan.orders[uid] = replace(order, daring=min(order.daring, BEARER_DARING), prize=ORB_PRIZE)
        edge = _edge_to_fetch_from(game, game.state.units[uid], orb)
        if edge:
            plan.orders[uid] = replace(plan.orders[uid], goal=edge)
    if not able:
        return  # nobody can: better carried by someone than left lying
    beside = frozenset(orb.neighbours())
    for uid in stuck:
        plan.orders[uid] = replace(plan.orders[uid], goal=beside)


def _edge_to_fetch_from(game: Game, unit: Unit, orb: Hex) -> frozenset[Hex]:
    """Where `unit`, on dry land, should wait before he fetches the Orb lying in the
    Gharvs' waters: the dry hexes next to it he can climb out onto (a Goblin onto the
    wood too, Movement Restriction 3), while he stands on none of them. From there he
    swims out (3 points), picks it up and climbs back out with the points he has left
    (`moving._may_go_on`): a turn in the water where a Gharv rises one time in two
    becomes two steps. Empty where he should go straight for it: he is in the water or
    a boat already, stands at the edge, cannot swim, or no dry hex touches it."""
    if unit.hex is None or not mobility.gharv_waters(game) or not mobility.swims(game, unit):
        return frozenset()
    water = mobility.water_hexes(game)
    if orb not in water or unit.hex in water:
        return frozenset()
    goblin = "goblin" in profile(game, unit).tags
    cells = game.board.cells
    edge = frozenset(
        n
        for (n, deck), _ in distances_for(game).graph.steps.get((orb, False), ())
        if not deck and n not in water and (goblin or cells[n].terrain not in WOODEN)
    )
    if not edge or unit.hex in edge:
        return frozenset()
    if mobility.goal_field(game, unit, edge).get(unit.hex, FAR) >= FAR:
        return frozenset()
    return edge


def _last_hope(view: SideView, unit: Unit, alive: list[Unit], goal: frozenset[Hex]) -> bool:
    """Nobody but `unit`, badly hurt, can still do the party's job: every other friend is
    badly hurt too, or cannot swim and has no way to the goal but over the water (he is
    kept ashore). Stepping back then only runs the clock out on a lost game: l-ile, the
    wounded Elf, the last swimmer, kept out of a Warrior's way for eight turns beside
    the turned-over Orb (seed 12)."""
    if not goal:
        return False
    game = view.game
    water = mobility.water_hexes(game)
    memo = distances_for(game)
    for friend in alive:
        if friend.id == unit.id or friend.hex is None or is_badly_hurt(view, friend):
            continue
        if mobility.swims(game, friend) or friend.hex in water:
            return False
        if memo.field(goal, blocked=water).get(friend.hex, FAR) < FAR:
            return False
    return True


def _keep_non_swimmers_ashore(
    view: SideView, plan: GroupPlan, alive: list[Unit], carrier: str
) -> None:
    """Where the party must find and carry off the Orb, one who cannot swim, on dry land,
    whose goal lies over the Gharvs' waters, stays ashore: in a boat a Gharv rises one
    time in five and capsizes it three times in ten (the Gharv Appearance Table), the
    knight in armour then sinks like a stone, and his seat is one swimmer fewer in the
    water, where a Gharv rises one time in two. The Orb's bearer brings it to him, not
    he to it. (l-ile against the random player, seeds 0-399: 354 won against 347 with him
    in a boat, and no party wiped out any more: benchmarks/README.md.)"""
    game = view.game
    if not mobility.gharv_waters(game):
        return
    water = mobility.water_hexes(game)
    memo = distances_for(game)
    for u in alive:
        order = plan.orders.get(u.id)
        if order is None or not order.goal or u.id == carrier or u.hex is None:
            continue
        if mobility.swims(game, u) or u.hex in water:
            continue
        if memo.field(order.goal, blocked=water).get(u.hex, FAR) < FAR:
            continue
        plan.orders[u.id] = Order(aggression=order.aggression)


def known_sun(game: Game) -> Accessory | None:
    """The true Sun as the side knows it: turned over, or the last one still face down
    once every other was turned over and found empty ("on the back of one of them is the
    sun": one, so the last left is it). Its gallery may then be made for directly."""
    suns = objectives.counters(game, AccessoryKind.SUN)
    for acc in suns:
        if acc.properties.get("revealed") and acc.properties.get("real"):
            return acc
    down = [acc for acc in suns if not acc.properties.get("revealed")]
    return down[0] if len(down) == 1 and len(suns) > 1 else None


def _objective_hexes(view: SideView, kind: AccessoryKind) -> set[Hex]:
    """Where the objective may be: the true counter once known, else every counter not
    yet turned over (the view does not say which is true). The Sun's is its gallery,
    known by elimination too (`known_sun`)."""
    if kind is AccessoryKind.SUN:
        sun = known_sun(view.game)
        if sun is not None:
            return set(objectives.area(sun))
    found: set[Hex] = set()
    for acc in objectives.counters(view.game, kind):
        if acc.properties.get("revealed") and acc.properties.get("real"):
            if kind is AccessoryKind.ORB and acc.properties.get("carried_by"):
                return set(offmap.exit_hexes(view.game))
            return (
                set(acc.hexes) if kind is AccessoryKind.ORB else set(offmap.exit_hexes(view.game))
            )
        if not acc.properties.get("revealed"):
            found |= set(acc.hexes)
    return found or set(offmap.exit_hexes(view.game))


#: Walking points a wound still to deal weighs, when a kill condition is set against a
#: place to reach (the Queen's seven wounds: a long fight, not a short walk).
WOUND_EFFORT = 4


def _kill_is_nearer(
    view: SideView, alive: list[Unit], kill: list[str], targets: list[Hex], goal: frozenset[Hex]
) -> bool:
    """Whether the party should go for the enemies it wins by killing rather than the
    place it wins by reaching: the walk to them plus WOUND_EFFORT per wound still to deal,
    against the walk to the place (the nearest of the party, each way)."""
    memo = distances_for(view.game)
    here = [u.hex for u in alive if u.hex is not None]
    if not here:
        return True
    to_targets = memo.field(targets)
    to_goal = memo.field(goal)
    walk_kill = min(to_targets.get(h, FAR) for h in here)
    walk_goal = min(to_goal.get(h, FAR) for h in here)
    if walk_kill >= FAR:
        return False
    units = view.state.units
    wounds = sum(
        max(1, profile(view.game, units[k]).wounds_to_kill - units[k].wounds)
        for k in kill
        if k in units and units[k].alive
    )
    return walk_kill + WOUND_EFFORT * wounds <= walk_goal


def named_by_enemy(view: SideView) -> set[str]:
    """This side's characters that an enemy `kill` condition names."""
    out: set[str] = set()
    for c in _conditions(view):
        if c.get("side") != view.side.value and c.get("kind") == "kill":
            out.update(c.get("units", ()))
    return out


#: Of the moves left before the turn a place must be held, the share a character may
#: spend away from it: the rest is his margin for the enemies, webs and water on the way.
SPARE_SHARE = 0.5


def _time_to_spare(view: SideView, unit: Unit, by: int | None) -> int:
    """The walking cost he may stay away from a place the side must hold at the end of
    turn `by`: half of what his moves after this one could walk, the last move before
    `by` kept for getting there and clearing it ("Victory" of the scenario)."""
    if by is None or not mobility.gharv_waters(view.game):
        return 0  # waiting is worth it where the way itself hurts: the Gharvs' waters
    later = by - view.turn - 1  # his moves after this one, the very last one kept spare
    if later <= 0:
        return 0
    return int(SPARE_SHARE * profile(view.game, unit).movement * later)


#: At most this share of the party goes to turn over one '?' counter (at least two go
#: together: a lone searcher is easy prey)...
SEARCH_PAIR = 2
#: ... unless the counters lie more than this many walking points apart (about a
#: character's move): then each further counter is a turn or more of walking for a
#: party that goes round them together, and who comes onto the map alone or is left
#: alone goes to one alone (le-labyrinthe: four cells about the maze, seeds 0-399, 385
#: of 400 against 373 with pairs only; l-ile, three counters within a few hexes on the
#: island, keeps its pairs).
SEARCH_APART = 8
#: Far apart, a counter's team is as many as must get out by it and this many more (the
#: fallen and the slow); the rest go to the counter that team would reach last.
SEARCH_SPARE = 2


def _search_split(
    view: SideView, alive: list[Unit], goal: frozenset[Hex]
) -> dict[str, frozenset[Hex]]:
    """While the true objective is unknown and several '?' counters lie in the goal,
    the party splits to turn them over faster: each counter gets the nearest of the
    characters still free, two at a time (one at a time where the counters lie far
    apart: `SEARCH_APART`), nearest pairs first ("Revealed" by contact). Far apart, where
    several must get out by the true one (the Sun), the whole party shares them out."""
    game = view.game
    unknown = [
        acc
        for kind in (AccessoryKind.ORB, AccessoryKind.KHUZUN, AccessoryKind.SUN)
        for acc in objectives.counters(game, kind)
        if not acc.properties.get("revealed") and acc.hexes and set(acc.hexes) <= goal
    ]
    if len(unknown) < 2:
        return {}
    memo = distances_for(game)
    pair = 1 if _far_apart(memo, unknown) else SEARCH_PAIR
    needed = _exits_needed(view)
    if pair == 1 and needed > 1:
        # Several must get out by the true one, far from the others: the bands share
        # the counters out as one party (a band's own share would send each of them
        # everywhere), once per state.
        def share_out(_: Game) -> dict[str, frozenset[Hex]]:
            # Not who the enemy wins by killing: he keeps with the party, wherever.
            protect = named_by_enemy(view)
            party = [u for u in view.mine() if u.alive and u.id not in protect]
            return _share_out(view, _free(view, party), unknown, 1, needed)

        whole = once_per_state(game, _PARTY_SPLIT, share_out)
        return {u.id: whole[u.id] for u in alive if u.id in whole}
    return _share_out(view, _free(view, alive), unknown, pair, 0)


_PARTY_SPLIT = "ai_party_search_split"


def _free(view: SideView, units: list[Unit]) -> list[Unit]:
    """Who may go to turn over a counter: on the map, standing, not badly hurt."""
    return [u for u in units if u.hex is not None and u.standing and not is_badly_hurt(view, u)]


def _share_out(
    view: SideView, free: list[Unit], unknown: list[Accessory], pair: int, needed: int
) -> dict[str, frozenset[Hex]]:
    """Each counter gets the nearest of `free` still free, nearest first, an equal share
    of them (at least `pair`). With `needed` (how many must get out by the true one) a
    counter's team is `needed + SEARCH_SPARE` at most, and who is left goes to the
    counter its team would win by last: should the near one prove true, its team wins
    there; should the far one, they are already on the way."""
    game = view.game
    if len(free) < 2 * pair:
        return {}
    # Who gets there first: his way as he can go (deep passages, a boat: the mobility
    # field), in turns of his own move (a Black Dwarf by the pit's trapdoor reaches the
    # marsh tower before an Elf walks round: les-six-cavernes).
    pairs: list[tuple[float, str, str]] = []
    for acc in unknown:
        goal = frozenset(acc.hexes)
        for u in free:
            assert u.hex is not None
            walk = mobility.goal_field(game, u, goal).get(u.hex, FAR)
            turns = walk / mobility.pace(game, u) if walk < FAR else float(FAR)
            pairs.append((turns, acc.id, u.id))
    pairs.sort()
    per_counter = max(pair, -(-len(free) // len(unknown)))
    if needed:
        per_counter = min(per_counter, needed + SEARCH_SPARE)
    taken: dict[str, frozenset[Hex]] = {}
    arrivals: dict[str, list[float]] = {acc.id: [] for acc in unknown}
    where = {acc.id: frozenset(acc.hexes) for acc in unknown}
    for d, acc_id, uid in pairs:
        if d >= FAR or uid in taken or len(arrivals[acc_id]) >= per_counter:
            continue
        taken[uid] = where[acc_id]
        arrivals[acc_id].append(d)
    if needed:
        hardest = max(
            unknown,
            key=lambda acc: (arrivals[acc.id][needed - 1] if len(arrivals[acc.id]) >= needed
                             else float(FAR), acc.id),
        )  # fmt: skip
        for d, acc_id, uid in pairs:
            if acc_id == hardest.id and d < FAR and uid not in taken:
                taken[uid] = where[acc_id]
    return taken


def spare_the_named(view: SideView, plans: list[GroupPlan]) -> None:
    """The hard level's reading of an `exit` victory when the enemy also wins by killing
    one of the party (le-pont: "get four of your party off the map", "Godiva dies"):
    while the others on the map are as many as must still get out, the one the enemy
    wins by killing need not go at all, and walking him to the exits through the
    enemy is all risk. Once the enemy is in sight he keeps away from it (`Order.avoid`)
    until the others are too few. (le-pont, hard's party against normal's Krobs, seeds
    2000-2039: sent with the party, Godiva died in 17 games and the party won 11;
    kept back, it won 25.)"""
    protect = named_by_enemy(view)
    if not protect or not enemy_hexes(view) or not _others_suffice(view, protect):
        return
    for plan in plans:
        spared = [
            uid for uid, order in plan.orders.items() if uid in protect and order.leave
        ]  # fmt: skip
        for uid in spared:
            plan.orders[uid] = Order(avoid=True, aggression=0.05)
        if spared:
            names = ", ".join(display(view.game, uid) for uid in spared)
            plan.intent += f"; {names} keeps back: the others are enough to get out"
            plan.mode += "-spare"


#: How many moves to spare a character sets off for the place the enemy must hold with:
#: he makes for it once the moves left before that turn's end are at most the moves his
#: walk there takes plus these.
CONTEST_MARGIN = 3


def contest_the_place(view: SideView, plans: list[GroupPlan]) -> None:
    """The hard level's reading of the enemy's `hold` condition: the place is held only
    if one of them stands in it when the turn ends "and no Krob does" (le-marais: the
    tower at the end of turn 11; la-fosse: the pit's bottom at the end of turn 7). So
    one of the side standing in it then is as good as winning the fight for it: each
    character who can walk into it by that turn's end makes for it in time, once the
    moves left are at most his walk's moves plus `CONTEST_MARGIN` (the place his goal,
    standing in it worth `HOLD_PRIZE`; a guard leaves his post for it): the far ones set
    off early, who stands by it goes in for the last turns.
    (Hard's Krobs against normal's Adventurers, seeds 1000/2000/3000/4000, 40 games a
    scenario each: la-fosse, le-marais and les-eaux-noires 125, 97 and 92 of 160 in
    time, against 118, 73 and 94 from the turn before only; from four turns
    before for all 131, 88 and 92, from six 109, 102 and (two sets) 39 against 49.)

    Only where the place not held gives the side the game as things stand at the turn
    limit (`_denying_wins`): la-fosse and le-marais, whose limit is the Krobs'; not
    les-eaux-noires, where the casualty points judge then: a Krob on the island at the
    end turns the rearguard's win there into a win on points or a draw, and the Krobs
    sent off for it went one at a time into the defenders and the Gharvs (hard's Krobs
    against normal's party, the levels report's 200 seeds: 119 wins so, 104 before)."""
    game = view.game
    if not _denying_wins(view):
        return
    units = view.state.units
    for c in _conditions(view):
        if c.get("side") == view.side.value or c.get("kind") != "hold":
            continue
        turn = int(c.get("turn") or view.state.turn_limit or 0)
        zone = frozenset(hexes_of(c.get("hexes")))
        if not zone or not turn or view.turn > turn:
            continue
        moves_left = turn - view.turn + 1
        for plan in plans:
            going: list[str] = []
            for uid, order in list(plan.orders.items()):
                u = units.get(uid)
                if u is None or u.hex is None or order.hold or order.avoid:
                    continue
                walk = mobility.goal_field(game, u, zone).get(u.hex, FAR)
                needed = -(-walk // max(1, profile(game, u).movement))  # his moves to it
                if needed <= moves_left <= needed + CONTEST_MARGIN:
                    plan.orders[uid] = replace(
                        order, goal=zone, prize=HOLD_PRIZE, post=frozenset(), reach=FAR
                    )
                    going.append(uid)
            if going:
                names = ", ".join(display(game, uid) for uid in going[:3])
                where = game.where(min(zone, key=lambda h: (h.q, h.r)))
                verb, who = ("makes", "him") if len(going) == 1 else ("make", "one of them")
                plan.intent += (
                    f"; {names} {verb} for the place by {where}: with {who} in it at the end "
                    f"of turn {turn}, it is not held"
                )
                plan.mode += "-contest"


def _denying_wins(view: SideView) -> bool:
    """Whether the game, judged at the turn limit as it stands now, is this side's: then
    an enemy `hold` condition denied is a win (the casualty points may decide otherwise)."""
    return judge_at_limit(view.game)[0] is view.side


def _enemy_wins_by(view: SideView, kind: str) -> bool:
    """The other side has a victory condition of this kind (`orb_off`: l-ile;
    `khuzun_out`: le-labyrinthe)."""
    return any(
        c.get("side") != view.side.value and c.get("kind") == kind for c in _conditions(view)
    )


#: An enemy within this many of his moves of a way out that counts for his side's `exit`
#: condition is about to leave: `enemy_bearers`.
RUNNER_MOVES = 2


def enemy_bearers(view: SideView) -> set[str]:
    """The enemies who carry the other side's victory off the map: the Orb's bearer (the
    Orb "drops where he falls (knocked out or killed)"), Khuzun freed (he must get out
    himself), and where the enemy wins by getting people out (le-pont: "four of your
    party off the map by the eastern galleries") whoever is within `RUNNER_MOVES` of
    his moves of a way out that counts. A blow that fells one of them is a blow at the
    enemy's victory, like one at an enemy a `kill` condition names. Only those the side
    sees. Worked out once per state (the plan and the combat plan both ask)."""
    return set(once_per_state(view.game, "ai_enemy_bearers", lambda _: _enemy_bearers(view)))


def _enemy_bearers(view: SideView) -> frozenset[str]:
    found: set[str] = set()
    units = view.state.units
    game = view.game
    if _enemy_wins_by(view, "orb_off"):
        orb = objectives.real_counter(game, AccessoryKind.ORB)
        carrier = str(orb.properties.get("carried_by", "")) if orb is not None else ""
        if carrier:
            found.add(carrier)
    if _enemy_wins_by(view, "khuzun_out"):
        found.add(objectives.KHUZUN_ID)
    ways_out = _enemy_ways_out(view)
    if ways_out:
        for u in view.enemies():
            if u.hex is None or not u.alive:
                continue
            walk = mobility.goal_field(game, u, ways_out).get(u.hex, FAR)
            if walk <= RUNNER_MOVES * profile(game, u).movement:
                found.add(u.id)
    return frozenset(uid for uid in found if uid in units and units[uid].alive and units[uid].hex)


def _ways_out(game: Game, c: dict[str, Any]) -> set[Hex]:
    """The hexes by which leaving counts for an `exit` condition: its own, else every way
    off the map."""
    return set(hexes_of(c.get("hexes"))) or set(offmap.exit_hexes(game))


def _enemy_ways_out(view: SideView) -> frozenset[Hex]:
    """The hexes by which the other side's leaving counts for its `exit` conditions."""
    found: set[Hex] = set()
    for c in _conditions(view):
        if c.get("side") != view.side.value and c.get("kind") == "exit":
            found |= _ways_out(view.game, c)
    return frozenset(found)


#: Who stands on the Orb to keep it: worth this much beyond the walk (`Order.prize`).
KEEP_PRIZE = HOLD_PRIZE
#: Of those who can stand on it within this many moves, the hardest to drive off keeps it.
KEEP_MOVES = 2


def keep_the_prize(view: SideView, plans: list[GroupPlan]) -> None:
    """The hard level's reading of a victory the enemy must carry off the map (l-ile:
    the Orb "off the map by any gallery"; le-labyrinthe: Khuzun freed and out; le-pont:
    four of the party out by the eastern galleries; the Krobs win by keeping it until
    the turn limit). Once an enemy carries the Orb, Khuzun is freed, or one is about to
    slip away by a way out that counts (`enemy_bearers`), every hunter and guard goes
    after him: his fall is the victory kept.
    While the Orb lies (under its counter, or where its bearer fell), one of the side
    stands on it: the Krobs know the true "Orb?" counter ("The Krob player knows the
    true ones"), and it "is picked up by an Adventurer who stands on it", so one of them
    on it keeps it until he is driven off."""
    if view.side is not Side.KROBS:
        return
    game = view.game
    units = view.state.units
    bearers = sorted(enemy_bearers(view))
    if bearers:
        goal = frozenset(h for uid in bearers if (h := units[uid].hex) is not None)
        names = listed(game, bearers)
        for plan in plans:
            chasing = [uid for uid, order in plan.orders.items() if free_fighter(view, uid, order)]
            for uid in chasing:
                order = plan.orders[uid]
                plan.orders[uid] = replace(order, goal=goal, post=frozenset(), reach=FAR)
            if chasing:
                whose = "his" if len(bearers) == 1 else "their"
                plan.intent += f"; they go after {names}: {whose} escape is the enemy's victory"
                plan.mode += "-bearer"
        return
    if not _enemy_wins_by(view, "orb_off"):
        return
    orb = objectives.real_counter(game, AccessoryKind.ORB)
    if orb is None or orb.properties.get("off_map") or not orb.hexes:
        return
    if orb.properties.get("carried_by"):
        return  # carried by one the side does not see
    spot = orb.hexes[0]
    keeper: tuple[tuple[int, int, int, str], GroupPlan] | None = None
    for plan in plans:
        for uid, order in plan.orders.items():
            u = units.get(uid)
            if u is None or u.hex is None or not free_fighter(view, uid, order):
                continue
            walk = mobility.goal_field(game, u, frozenset({spot})).get(u.hex, FAR)
            if walk >= FAR:
                continue
            # The hardest to drive off of those who can be on it within two moves (a
            # Hunter on it was knocked back and a Goblin stepped on the Orb), else the
            # nearest.
            p = profile(game, u)
            soon = walk <= KEEP_MOVES * p.movement
            key = (0 if soon else 1, -p.defence if soon else 0, walk, uid)
            if keeper is None or key < keeper[0]:
                keeper = (key, plan)
    if keeper is None:
        return
    (_, _, _, uid), plan = keeper
    here = frozenset({spot})
    plan.orders[uid] = replace(plan.orders[uid], goal=here, prize=KEEP_PRIZE, post=here, reach=1)
    plan.intent += f"; {display(game, uid)} keeps the Orb on {game.where(spot)}"
    plan.mode += "-keep"


def free_fighter(view: SideView, uid: str, order: Order) -> bool:
    """A grown Krob free to go where the fight is: not holding still, not keeping away,
    not the Queen (her court fights for her where she stands)."""
    u = view.state.units.get(uid)
    if u is None or u.hex is None or not u.adult or order.hold or order.avoid:
        return False
    return not is_queen(view.game, u)


def _others_suffice(view: SideView, protect: set[str]) -> bool:
    """The side's characters on the map, less `protect`, are as many as its `exit`
    condition still wants out (none named in it: any of the side will do)."""
    game = view.game
    for c in _conditions(view):
        if c.get("side") != view.side.value or c.get("kind") != "exit" or c.get("units"):
            continue
        out = len(exited_for(game, c, view.side))  # as the engine counts them
        others = sum(1 for u in view.mine() if u.id not in protect)
        return others >= int(c.get("count", 1)) - out
    return False


def _exits_needed(view: SideView) -> int:
    """How many of the side must get out by the objective to win ("get three of your
    people out by the real Sun exit": `count` of a `sun_exit` condition; one for the
    rest)."""
    for c in _conditions(view):
        if c.get("side") == view.side.value and c.get("kind") == "sun_exit":
            return max(1, int(c.get("count", 1)))
    return 1


def _scout_by_sight(
    view: SideView, plan: GroupPlan, alive: list[Unit], protect: set[str]
) -> list[str]:
    """A wizard who can cast Far sight, standing where it would settle nothing, makes
    for the nearest hex it would settle the '?' counters from (`sight.spots`: a board
    next to theirs): one cast there tells what a walk to each would (les-six-cavernes:
    Zacharie, walking with the vanguard through the maze, came within reach of the
    marsh's and the nest's "Sun?" counters only on turn 9). Not one the enemy wins by
    killing: he stays with the party. Returns who goes."""
    game = view.game
    scouts: list[str] = []
    for u in alive:
        order = plan.orders.get(u.id)
        if order is None or order.leave or order.avoid or order.hold or u.hex is None:
            continue
        if u.id in protect:
            continue
        spots = sight.spots(game, u)  # none for one who cannot cast it
        if not spots or u.hex in spots:
            continue
        plan.orders[u.id] = replace(order, goal=spots)
        scouts.append(u.id)
    return scouts


def _far_apart(memo: Distances, counters: list[Accessory]) -> bool:
    """Every two of the '?' counters lie more than `SEARCH_APART` walking points apart."""
    for i, acc in enumerate(counters):
        field = memo.field(acc.hexes, limit=SEARCH_APART)
        if any(h in field for other in counters[i + 1 :] for h in other.hexes):
            return False
    return True


def _adventurer_orders(
    view: SideView, plan: GroupPlan, alive: list[Unit], enemies: list[Hex], *, bides: bool
) -> None:
    goal, leave, kill, by = _victory_targets(view)
    bide_till = by if bides else None  # `_time_to_spare`: no turn, no waiting
    names = ", ".join(display(view.game, u.id) for u in alive[:3])
    who = f"{plan.name} ({names})" if plan.name else names
    plan.mode = "objective"
    # The whole counter of the Queen or a Guard: every hex next to it is as near the
    # goal, and which to stand on (behind her, in front) is the fight's to say.
    targets = [
        h for u in view.enemies() if u.id in kill and u.hex is not None
        for h in footprint(view.game, u)
    ]  # fmt: skip
    if targets and goal and not _kill_is_nearer(view, alive, kill, targets, goal):
        targets = []  # the place is the nearer way to win (les-six-cavernes: the Sun)
    orb = objectives.real_counter(view.game, AccessoryKind.ORB)
    carrier = str(orb.properties.get("carried_by", "")) if orb is not None else ""
    exits = frozenset(offmap.exit_hexes(view.game))
    protect = named_by_enemy(view)
    searching = _search_split(view, alive, goal) if not targets else {}
    units = view.state.units
    escorted = units.get(carrier) if carrier else None
    khuzun = units.get(objectives.KHUZUN_ID)
    if escorted is None and khuzun is not None and khuzun.alive and khuzun.side is view.side:
        escorted = khuzun
    ashore: list[str] = []  # escorts the water parts from the bearer

    def hurt(u: Unit) -> bool:
        # One more wound kills him: he keeps out of harm's way while a friend can go on.
        return is_badly_hurt(view, u) and not _last_hope(view, u, alive, goal)

    for u in alive:
        if u.id == carrier or u.id == objectives.KHUZUN_ID:
            # Wounded or not, the bearer makes for the way out: the Orb is the victory.
            calm = 0.1 if is_badly_hurt(view, u) else 0.2
            ways_out = _exits_free_of(exits, enemies, u.hex) if u.id == carrier else exits
            bearing = Order(goal=ways_out, leave=True, aggression=calm, daring=BEARER_DARING)
            plan.orders[u.id] = clock.on_the_clock(view, u, bearing, exits)
        elif u.id in protect and enemies:
            # The enemy wins by killing him (the wizard, Godiva): he goes where the party
            # goes but never seeks a fight (the blows he may take weigh nine times more
            # than those he may deal).
            plan.orders[u.id] = Order(
                goal=goal or frozenset(enemies),
                leave=leave,
                aggression=0.1,
                slack=_time_to_spare(view, u, bide_till) if goal else 0,
                daring=WARY,
            )
        elif hurt(u) and _threatened(view, u, enemies):
            plan.orders[u.id] = Order(avoid=True, aggression=0.1)
        elif hurt(u) and enemies and goal:
            # Nobody can reach him next turn: he still does his part, out of the fights.
            plan.orders[u.id] = Order(goal=goal, leave=leave, aggression=0.1)
        elif escorted is not None and escorted.hex is not None and not leave:
            plan.orders[u.id] = _escort(view, u, escorted.hex)
            if plan.orders[u.id].goal != frozenset({escorted.hex}):
                ashore.append(u.id)
        elif targets:
            plan.orders[u.id] = Order(goal=frozenset(targets), aggression=0.6)
        elif u.id in searching:
            plan.orders[u.id] = Order(goal=searching[u.id], leave=leave, aggression=0.5)
        elif goal:
            plan.orders[u.id] = Order(
                goal=goal, leave=leave, aggression=0.5, slack=_time_to_spare(view, u, bide_till)
            )
        else:
            plan.orders[u.id] = Order(goal=frozenset(enemies), aggression=0.6)
    scouts = [] if targets else _scout_by_sight(view, plan, alive, protect)
    if by is not None and goal and view.turn >= by - 1:
        # The place is held at the end of turn `by`: now standing in it counts, and for
        # one who can get in this turn the marsh's Gharvs are no reason to stay out.
        for u in alive:
            order = plan.orders.get(u.id)
            if order is None or order.goal != goal or u.id in protect or u.hex is None:
                continue
            near = mobility.goal_field(view.game, u, goal).get(u.hex, FAR)
            bold = near <= profile(view.game, u).movement  # he can be in it this turn
            daring = min(order.daring, BEARER_DARING) if bold else order.daring
            plan.orders[u.id] = replace(order, slack=0, daring=daring, prize=HOLD_PRIZE)
    if goal:
        clock.hurry_the_late(view, plan, alive, goal, by)
    if orb is not None and not carrier and orb.properties.get("revealed") and orb.hexes:
        _fetch_the_orb(view, plan, alive, orb.hexes[0], exits)
    if objectives.counters(view.game, AccessoryKind.ORB):
        _keep_non_swimmers_ashore(view, plan, alive, carrier)
    waiting = any(o.slack for o in plan.orders.values())
    if targets:
        plan.intent = f"{who}: go for {', '.join(display(view.game, k) for k in kill[:2])}"
        plan.mode = "kill"
    elif carrier:
        plan.intent = f"{who}: carry the Orb out"
        plan.mode = "carry"
    elif escorted is not None:
        plan.intent = f"{who}: bring {display(view.game, escorted.id)} out"
        plan.mode = "escort"
    elif len(set(searching.values())) > 1:
        plan.intent = f"{who}: split to turn over {len(set(searching.values()))} '?' counters"
        plan.mode = "search"  # how many: said once a turn, not at each change
    elif searching:
        # The party's share sends the whole band to one of them (les-six-cavernes).
        counter = min(next(iter(searching.values())))
        plan.intent = f"{who}: go to turn over the '?' counter on {view.game.where(counter)}"
        plan.mode = f"search-1-{counter.q},{counter.r}"
    elif goal and waiting and by is not None:
        plan.intent = f"{who}: wait out of harm's way, then take the objective by turn {by}"
        plan.mode = "bide"
    elif goal:
        plan.intent = f"{who}: make for the objective"
        plan.mode = "objective"
    else:
        plan.intent = f"{who}: fight the Krobs"
        plan.mode = "fight"
    for uid in scouts:
        plan.intent += f"; {display(view.game, uid)} goes where his Far sight will reach them"
        plan.mode += "-scout"
    if ashore and escorted is not None:
        names = ", ".join(display(view.game, uid) for uid in ashore[:3])
        verb = "keeps" if len(ashore) == 1 else "keep"
        plan.intent += (
            f"; {names} {verb} to the land rather than swim after {display(view.game, escorted.id)}"
        )
        plan.mode += "-ashore"
