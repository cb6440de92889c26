"""Carrying out a combat result: blows, the special rules that change them, retreats,
advances after combat, and the decisions they ask of the players ("Multiple Combat",
"Advance After Combat", "Special Rules").

A combat in progress lives in `state.scratch["combat"]` (plain JSON, so a save file can
hold a game stopped in the middle of one):

    {"attackers": [ids], "defenders": [ids], "queue": [ops],
     "vacated": {"attackers": [[q, r]...], "defenders": [...]}, "retreated": [ids]}

`queue` is what remains to be done, in order: the defenders' result, the attackers'
result, then an advance for each side. An op that needs a player raises a `Decision`
and stops; the answer carries it out and the queue goes on (`run`).

ops: {"op": "blow", "role", "effect"} — one character of `role` takes `effect`;
     {"op": "retreat", "role", "units": {id: hexes}, "rule"};
     {"op": "advance", "role", "units": [ids] | None}.

A shot's result goes through the same machinery (`start_shot`, called by rules/fire.py):
the shooter is the "attacker", the target the "defender", the queue holds the blow only
(no advance after a shot), the events cite "Resolution of Fire", and the rules of a
blow in a combat — a Killer's mortal wound, Zed's curare — are left out (`"kind":
"fire"` in the record). Everything that belongs to the counter hit (Crazy Ork's frenzy,
dogs, Trolls, the Queen and Guards' double wound, babies, a Krob's knock-out as a
retreat, a blocked retreat) applies as in combat.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from dragonnoir.engine.events import (
    DecisionRequested,
    Event,
    MovementStopped,
    ResultConverted,
    RetreatBlocked,
    Revealed,
    UnitAdvanced,
    UnitFrenzied,
    UnitKilled,
    UnitKnockedOut,
    UnitRetreated,
    UnitWounded,
    WebDestroyed,
)
from dragonnoir.engine.rules import energy, hidden, movement
from dragonnoir.engine.rules.combat_declared import engaged as declared_engaged
from dragonnoir.engine.rules.combat_geometry import distance_between, is_enemy, webs_lifted
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.rules.infiltration import infiltration_threats, resolve_infiltration
from dragonnoir.engine.rules.steps import ground_level, step
from dragonnoir.engine.state import AccessoryKind, Decision, Side, Status, Unit
from dragonnoir.engine.tables import Effect
from dragonnoir.engine.values import Profile, profile
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.combat_words import effect_name
from dragonnoir.narration.phrase import DataName, Many, Phrase, Value, Who, tell, tell_n

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

ATTACKERS = "attackers"
DEFENDERS = "defenders"

R_MULTIPLE = "Multiple Combat"
R_ADVANCE = "Advance After Combat"
R_RETREAT = "Multiple Combat: retreats (our reading, docs/combat.md)"
R_BLOCKED = "Multiple Combat: a blocked retreat (our reading, docs/combat.md)"
R_KROBS = "The Krobs: Combat results"
R_TROLLS = "The Adventurers: The Trolls"
R_DOGS = "The Adventurers: Lucifer and the Wardogs"
R_ZED = "The Adventurers: Zed"
R_CRAZY = "The Adventurers: Crazy Ork"
R_SPECTRES = "The Spectres"
R_GHARVS = "The Gharvs (our reading, docs/combat.md)"
R_WEB = "How to Destroy a Spider Web"

SPECTRES = ("living_dead", "gargoyle")


def other(role: str) -> str:
    return DEFENDERS if role == ATTACKERS else ATTACKERS


def hex_list(hexes: Iterable[Hex]) -> list[list[int]]:
    return [[h.q, h.r] for h in hexes]


def hexes_from(raw: Iterable[Any]) -> list[Hex]:
    return [Hex(int(q), int(r)) for q, r in raw]


def combat(game: Game) -> dict[str, Any]:
    found = game.state.scratch.get("combat")
    assert isinstance(found, dict), "no combat in progress"
    return found


def participants(game: Game, role: str) -> list[Unit]:
    return [game.state.units[uid] for uid in combat(game)[role]]


def role_of(game: Game, unit_id: str) -> str:
    return ATTACKERS if unit_id in combat(game)[ATTACKERS] else DEFENDERS


def _rule(game: Game) -> str:
    """The rule the blow events cite: "Combat", or "Resolution of Fire" for a shot."""
    return str(combat(game).get("rule", "Combat"))


def _is_shot(game: Game) -> bool:
    return combat(game).get("kind") == "fire"


# -- starting and running a combat's results ---------------------------------------------------


def start(
    game: Game,
    attackers: tuple[str, ...],
    defenders: tuple[str, ...],
    attacker_effect: Effect,
    attacker_hexes: int,
    defender_effect: Effect,
    defender_hexes: int,
) -> list[Event]:
    """Set up the results of a combat just resolved and carry out what needs nobody."""
    queue: list[dict[str, Any]] = []
    for role, effect, n in (
        (DEFENDERS, defender_effect, defender_hexes),
        (ATTACKERS, attacker_effect, attacker_hexes),
    ):
        if effect is Effect.RETREAT:
            queue.append({"op": "side_retreat", "role": role, "hexes": n})
        elif effect is not Effect.NONE:
            queue.append({"op": "blow", "role": role, "effect": effect.value})
    queue.append({"op": "advance", "role": ATTACKERS, "units": None})
    queue.append({"op": "advance", "role": DEFENDERS, "units": None})
    game.state.scratch["combat"] = {
        ATTACKERS: list(attackers),
        DEFENDERS: list(defenders),
        "queue": queue,
        "vacated": {ATTACKERS: [], DEFENDERS: []},
        "retreated": [],
    }
    return run(game)


def start_shot(game: Game, shooter: str, target: str, effect: Effect, rule: str) -> list[Event]:
    """Carry out a shot's result on `target` (rules/fire.py): the blow only, with the
    target's special rules; a retreat it turns into goes away from `shooter`, and may
    need the target's player to choose the path (a "retreat" decision)."""
    queue: list[dict[str, Any]] = []
    if effect is Effect.RETREAT:  # the Fireball Table's retreat
        queue.append({"op": "side_retreat", "role": DEFENDERS, "hexes": 1})
    elif effect is not Effect.NONE:
        queue.append({"op": "blow", "role": DEFENDERS, "effect": effect.value})
    game.state.scratch["combat"] = {
        ATTACKERS: [shooter],
        DEFENDERS: [target],
        "queue": queue,
        "vacated": {ATTACKERS: [], DEFENDERS: []},
        "retreated": [],
        "kind": "fire",
        "rule": rule,
    }
    return run(game)


def start_web_advance(game: Game, adventurer: str, web_hex: Hex) -> list[Event]:
    """An adventurer has destroyed the web on `web_hex`: "If there is no Krob on the hex
    in question, the Adventurer automatically benefits from the advance after combat"
    ("How to Destroy a Spider Web"), which is "a number of points equal to half of their
    movement potential. The first hex crossed must necessarily be ..." the web's hex
    ("Advance After Combat"). Our reading: the advance is automatic, so it cannot be
    declined (the web is flipped as he steps onto it, and "Without advance after combat,
    a web always remains intact"); where it ends, on the web hex or beyond, is his
    player's choice, asked only when there is one."""
    game.state.scratch["combat"] = {
        ATTACKERS: [adventurer],
        DEFENDERS: [],
        "queue": [{"op": "advance", "role": ATTACKERS, "units": None, "web": True}],
        "vacated": {ATTACKERS: [], DEFENDERS: hex_list([web_hex])},
        "retreated": [],
        "rule": R_WEB,
    }
    return run(game)


def run(game: Game) -> list[Event]:
    """Carry out the queue until a player must decide or the combat is over."""
    events: list[Event] = []
    while True:
        state = game.state.scratch.get("combat")
        if state is None:
            return events
        queue: list[dict[str, Any]] = state["queue"]
        if not queue:
            del game.state.scratch["combat"]
            game.touch()
            return events
        op = queue.pop(0)
        kind = op["op"]
        if kind == "side_retreat":
            events.extend(_side_retreat(game, op["role"], int(op["hexes"])))
        elif kind == "blow":
            asked = _blow_op(game, op, events)
            if asked:
                return events
        elif kind == "retreat":
            asked = _retreat_op(game, op, events)
            if asked:
                return events
        elif kind == "advance":
            asked = _advance_op(game, op, events)
            if asked:
                return events
        else:  # pragma: no cover - a corrupt save
            raise RuntimeError(f"unknown combat step {kind!r}")


def _ask(game: Game, decision: Decision, prompt: Value) -> list[Event]:
    game.push_decision(decision)
    return [DecisionRequested(decision.kind, decision.side.value, prompt)]


def _owner(units: Iterable[Unit]) -> Side:
    """Who decides for these characters: their player (Gharvs decide nothing: the engine
    picks for them, "The Gharvs")."""
    sides = [u.side for u in units]
    for side in sides:
        if side is not Side.GHARVS:
            return side
    return Side.GHARVS


# -- blows ------------------------------------------------------------------------------------


def casualty_candidates(game: Game, role: str) -> list[Unit]:
    """Who may take a knocked-out, wounded or killed result: any living character of that
    side who took part ("it is the player of the side concerned who decides which of
    his characters takes the blow")."""
    return [u for u in participants(game, role) if u.alive and u.hex is not None]


def _blow_op(game: Game, op: dict[str, Any], events: list[Event]) -> bool:
    role = op["role"]
    candidates = casualty_candidates(game, role)
    if not candidates:
        return False
    owner = _owner(candidates)
    if len(candidates) == 1 or owner is Side.GHARVS:
        events.extend(blow(game, candidates[0], Effect(op["effect"]), role))
        return False
    decision = Decision(
        "casualty",
        owner,
        {"role": role, "effect": op["effect"], "candidates": [u.id for u in candidates]},
    )
    events.extend(
        _ask(
            game,
            decision,
            tell(
                "which of {units} is {effect}",
                units=Many(tuple(Who(u.id) for u in candidates)),
                effect=effect_name(op["effect"]),
            ),
        )
    )
    return True


def blow(game: Game, unit: Unit, effect: Effect, role: str) -> list[Event]:
    """`unit` takes `effect` (knocked out, wounded or killed) in the combat in progress,
    with the special rules of its counter."""
    p = profile(game, unit)
    if p.category in SPECTRES:
        _push_retreat(game, role, {unit.id: 1}, R_SPECTRES)
        return [ResultConverted(unit.id, effect.value, tell("a retreat of 1 hex"), R_SPECTRES)]
    if effect is Effect.KNOCKED_OUT:
        return knock_out(game, unit, role)
    return wound(game, unit, role, killed=effect is Effect.KILLED)


def knock_out_retreat(game: Game, unit: Unit, p: Profile) -> tuple[int, str] | None:
    """Hexes a knocked-out result makes `unit` retreat instead, and the rule; None when
    he is really knocked out."""
    if p.is_krob:
        if p.category == "hunter" or not unit.adult:
            return 2, R_KROBS
        return 1, R_KROBS
    if "troll" in p.tags:
        return 1, R_TROLLS
    if "dog" in p.tags:
        return 1, R_DOGS
    if p.category == "gharv":
        return 1, R_GHARVS
    if p.category in SPECTRES:
        return 1, R_SPECTRES
    return None


def knock_out(game: Game, unit: Unit, role: str) -> list[Event]:
    p = profile(game, unit)
    if "crazy_ork" in p.tags:
        if not unit.frenzied:
            unit.frenzied = True
            return [
                UnitFrenzied(unit.id),
                ResultConverted(unit.id, "knocked_out", tell("a frenzy"), R_CRAZY),
            ]
        if role != ATTACKERS:
            # "the results 'Defender knocked out' and 'Attacker retreats' or 'Defender
            # retreats' are no longer applied to him": "Attacker knocked out" still is.
            return [
                ResultConverted(unit.id, "knocked_out", tell("nothing: he is frenzied"), R_CRAZY)
            ]
    instead = knock_out_retreat(game, unit, p)
    if instead is not None:
        hexes, rule = instead
        _push_retreat(game, role, {unit.id: hexes}, rule)
        becomes = tell_n("a retreat of {n} hex", "a retreat of {n} hexes", hexes)
        return [ResultConverted(unit.id, "knocked_out", becomes, rule)]
    if unit.status is Status.KNOCKED_OUT:
        unit.knocked_out_turn = game.state.turn
        return [
            ResultConverted(
                unit.id, "knocked_out", tell("nothing more: already knocked out"), _rule(game)
            )
        ]
    unit.status = Status.KNOCKED_OUT
    unit.knocked_out_turn = game.state.turn
    _vacate(game, role, unit)
    return [UnitKnockedOut(unit.id, _rule(game))]


def _killer_blow(game: Game, role: str, victim: Unit) -> tuple[bool, list[Event]]:
    """Is a wound to `victim` dealt by a Killer mortal ("The Krobs: Combat results")?

    A Killer among the victim's opponents makes it mortal; if they include other Krobs,
    a second die decides: 1 to `killer_mortal_max` the Killer dealt it (mortal)."""
    opponents = [profile(game, u) for u in participants(game, other(role))]
    if not any(p.category == "killer" for p in opponents):
        return False, []
    if not any(p.is_krob and p.category != "killer" for p in opponents):
        return True, []
    limit = game.rules.combat.modifiers.killer_mortal_max
    value, die = game.roll(
        tell("who dealt the blow (1-{limit}: the Killer, mortal)", limit=limit),
        R_KROBS,
        by=victim.id,
    )
    return value <= limit, [die]


def wound(game: Game, unit: Unit, role: str, *, killed: bool, plain: bool = False) -> list[Event]:
    """A wounded (or killed) result on `unit`. `plain`: a wound that is no blow of the
    combat (a blocked retreat): neither a Killer's nor Zed's."""
    p = profile(game, unit)
    events: list[Event] = []
    count = 1
    mortal = killed
    if killed and ("troll" in p.tags or p.category in ("queen", "guard")):
        count, mortal = 2, False
        rule = R_TROLLS if "troll" in p.tags else R_KROBS
        events.append(ResultConverted(unit.id, "killed", tell("two wounds"), rule))
    blow_rules = not plain and not _is_shot(game)  # a Killer's blow, Zed's curare
    if not mortal and blow_rules:
        deadly, dice = _killer_blow(game, role, unit)
        events.extend(dice)
        if deadly:
            mortal = True
            events.append(
                ResultConverted(unit.id, "wounded", tell("killed: a Killer's blow"), R_KROBS)
            )
    if not mortal and blow_rules and not p.is_krob:
        zed = [u for u in participants(game, other(role)) if "zed_curare" in profile(game, u).tags]
        if zed:
            mortal = True
            events.append(ResultConverted(unit.id, "wounded", tell("killed: Zed's curare"), R_ZED))
    if mortal:
        return [*events, *kill(game, unit, role)]
    if "crazy_ork" in p.tags:
        if unit.frenzied:
            said = tell("killed: a further wound")
            events.append(ResultConverted(unit.id, "wounded", said, R_CRAZY))
            return [*events, *kill(game, unit, role)]
        unit.frenzied = True
        return [
            *events,
            UnitFrenzied(unit.id),
            ResultConverted(unit.id, "wounded", tell("a frenzy"), R_CRAZY),
        ]
    energy.change_wounds(game, unit, count)
    newborn = p.is_krob and not unit.adult
    if newborn or unit.wounds >= p.wounds_to_kill:
        if newborn:
            events.append(
                ResultConverted(
                    unit.id, "wounded", tell("killed: baby Krobs die at the first wound"), R_KROBS
                )
            )
        return [*events, *kill(game, unit, role)]
    if unit.status is not Status.KNOCKED_OUT:
        unit.status = Status.WOUNDED
    events.append(UnitWounded(unit.id, unit.wounds, _rule(game)))
    return events


def kill(game: Game, unit: Unit, role: str) -> list[Event]:
    """Dead: the counter stays on its hex and blocks nothing."""
    unit.status = Status.KILLED
    unit.knocked_out_turn = None
    _vacate(game, role, unit)
    game.touch()
    return [UnitKilled(unit.id, _rule(game))]


def _vacate(game: Game, role: str, unit: Unit, hexes: Iterable[Hex] | None = None) -> None:
    state = combat(game)
    found = hexes_from(state["vacated"][role])
    for h in footprint(game, unit) if hexes is None else hexes:
        if h not in found:
            found.append(h)
    state["vacated"][role] = hex_list(found)


# -- retreats ---------------------------------------------------------------------------------


def _side_retreat(game: Game, role: str, hexes: int) -> list[Event]:
    """ "Attacker/defender retreats" applies to every character who took part; a frenzied
    Crazy Ork ignores it."""
    events: list[Event] = []
    by_owner: dict[Side, dict[str, int]] = {}
    for unit in participants(game, role):
        if not unit.alive or unit.hex is None:
            continue
        if unit.frenzied and "crazy_ork" in profile(game, unit).tags:
            said = tell("nothing: he is frenzied")
            events.append(ResultConverted(unit.id, "retreat", said, R_CRAZY))
            continue
        by_owner.setdefault(unit.side, {})[unit.id] = hexes
    queue = combat(game)["queue"]
    for i, units in enumerate(by_owner.values()):
        queue.insert(i, {"op": "retreat", "role": role, "units": units, "rule": R_MULTIPLE})
    return events


def _push_retreat(game: Game, role: str, units: dict[str, int], rule: str) -> None:
    combat(game)["queue"].insert(0, {"op": "retreat", "role": role, "units": units, "rule": rule})


def enemies_of(game: Game, role: str) -> list[Unit]:
    """The characters a retreat must go away from: the other side's participants
    (dead counters included: their bodies are where the blow came from)."""
    return [u for u in participants(game, other(role)) if u.hex is not None]


def _shift(
    game: Game, unit: Unit, p: Profile, fp: tuple[Hex, ...], level: float, d: int
) -> tuple[tuple[Hex, ...], float] | None:
    """The footprint and level after moving the whole counter one hex in direction `d`,
    or None when the map forbids it (every hex newly covered must be a legal step)."""
    new_fp = tuple(h.neighbour(d) for h in fp)
    old = set(fp)
    new_level = level
    for h, n in zip(fp, new_fp, strict=True):
        if n in old:
            continue
        verdict = step(game, unit, p, h, level, n)
        if not verdict.ok:
            return None
        if h == fp[0]:
            new_level = verdict.level
    if len(fp) > 1:
        new_level = ground_level(game, new_fp[0]) if new_fp[0] in game.board.cells else level
    return new_fp, new_level


def _standing_enemy_on(
    game: Game, unit: Unit, hexes: Iterable[Hex], *, seen_only: bool = False
) -> bool:
    """A standing enemy is there; with `seen_only`, only one `unit`'s side sees (an
    advance is planned, like a move, as if the hidden Krobs were not there)."""
    return any(
        o.id != unit.id
        and o.standing
        and is_enemy(unit, o)
        and not (seen_only and o.hidden_from is unit.side)
        for h in hexes
        for o in game.units_at(h)
    )


def _stacked_on(game: Game, unit: Unit, hexes: Iterable[Hex], *, seen_only: bool = False) -> bool:
    """Another living character is there ("only one living character must remain per
    hex"; dead counters block nothing); with `seen_only`, one `unit`'s side sees."""
    return any(
        o.id != unit.id and o.alive and not (seen_only and o.hidden_from is unit.side)
        for h in hexes
        for o in game.units_at(h)
    )


def retreat_paths(
    game: Game, unit: Unit, hexes: int, away_from: list[Unit]
) -> list[tuple[Hex, ...]]:
    """Every legal retreat of `hexes` hexes for `unit` (docs/combat.md, "Retreats"):

    - each step is one a character may take on the map (`steps.step`), never through a
      standing enemy (Movement Restriction 1); through friends, knocked-out or dead
      characters it may go;
    - each step takes him strictly farther from every enemy who took part ("away");
    - he may not end on a hex where another living character stands (Stacking);
    - the Queen and Guards move their whole counter, keeping their facing.
    A knocked-out character cannot retreat. Like an advance, a retreat is planned as his
    side sees the map: a Krob hidden from him is not there for the paths offered (else
    the list would tell where he lurks); a path that runs into one finds him, and the
    retreat is chosen again (`lurking_on`, "Hidden Krobs" in docs/scenarios.md).
    """
    if unit.hex is None or not unit.alive or unit.status is Status.KNOCKED_OUT or hexes < 1:
        return []
    p = profile(game, unit)
    enemy_fps = [footprint(game, e) for e in away_from]
    start_fp = footprint(game, unit)
    out: list[tuple[Hex, ...]] = []

    def dists(fp: tuple[Hex, ...]) -> list[int]:
        return [distance_between(fp, e) for e in enemy_fps]

    def walk(fp: tuple[Hex, ...], level: float, path: tuple[Hex, ...]) -> None:
        if len(path) == hexes:
            if not _stacked_on(game, unit, fp, seen_only=True):
                out.append(path)
            return
        before = dists(fp)
        for d in range(6):
            moved = _shift(game, unit, p, fp, level, d)
            if moved is None:
                continue
            new_fp, new_level = moved
            if new_fp[0] == start_fp[0] or new_fp[0] in path:
                continue
            after = dists(new_fp)
            if any(a <= b for a, b in zip(after, before, strict=True)):
                continue
            if _standing_enemy_on(game, unit, new_fp, seen_only=True):
                continue
            walk(new_fp, new_level, (*path, new_fp[0]))

    walk(start_fp, unit.level, ())
    return sorted(out)


def lurking_on(game: Game, unit: Unit, path: Iterable[Hex]) -> list[Unit]:
    """The characters hidden from `unit`'s side standing on `path` (a retreat planned as
    his side sees the map), by id."""
    return sorted(
        (
            o
            for h in path
            for o in game.units_at(h)
            if o.id != unit.id and o.alive and o.hidden_from is unit.side
        ),
        key=lambda o: o.id,
    )


def found_on_retreat(game: Game, unit: Unit, lurkers: list[Unit]) -> list[Event]:
    """His retreat runs into Krobs nobody saw: they are found, he has not moved, and
    his retreat is chosen again among the paths now seen (none: a blocked retreat).
    Ours, as a move or an advance that runs into one stops short of him ("Hidden
    Krobs", docs/scenarios.md): the retreat's length stays the result's."""
    how = tell("{unit}'s retreat runs into him", unit=DataName(hidden.display_name(game, unit)))
    return [hidden.reveal(game, o, how) for o in lurkers]


def _retreat_op(game: Game, op: dict[str, Any], events: list[Event]) -> bool:
    role = op["role"]
    units: dict[str, int] = {
        uid: n for uid, n in op["units"].items() if game.state.units[uid].alive
    }
    away = enemies_of(game, role)
    while units:
        options = {
            uid: retreat_paths(game, game.state.units[uid], n, away) for uid, n in units.items()
        }
        total = sum(len(v) for v in options.values())
        if total == 0:
            for uid in sorted(units):
                events.extend(blocked_retreat(game, game.state.units[uid], role))
            return False
        owner = _owner(game.state.units[uid] for uid in units)
        if total == 1 or owner is Side.GHARVS:
            uid = next(u for u in sorted(options) if options[u])
            unit = game.state.units[uid]
            lurkers = lurking_on(game, unit, options[uid][0])
            if lurkers:
                events.extend(found_on_retreat(game, unit, lurkers))
                continue  # the paths again, as now seen
            events.extend(do_retreat(game, unit, options[uid][0], role, op["rule"]))
            del units[uid]
            continue
        decision = Decision(
            "retreat", owner, {"role": role, "units": dict(units), "rule": op["rule"]}
        )
        events.extend(
            _ask(
                game,
                decision,
                tell(
                    "the retreat path of {units}", units=Many(tuple(Who(u) for u in sorted(units)))
                ),
            )
        )
        return True
    return False


def do_retreat(game: Game, unit: Unit, path: tuple[Hex, ...], role: str, rule: str) -> list[Event]:
    p = profile(game, unit)
    before = footprint(game, unit)
    level = unit.level
    fp = before
    for h in path:
        assert fp[0].direction_to(h) is not None
        moved = _shift(game, unit, p, fp, level, fp[0].direction_to(h) or 0)
        assert moved is not None
        fp, level = moved
    unit.hex = path[-1]
    unit.level = level
    game.touch()
    after = set(footprint(game, unit))
    _vacate(game, role, unit, [h for h in before if h not in after])
    combat(game)["retreated"].append(unit.id)
    return [UnitRetreated(unit.id, path, rule)]


def blocked_retreat(game: Game, unit: Unit, role: str) -> list[Event]:
    """No legal retreat (docs/combat.md, "A blocked retreat"): he stays, and suffers the
    knocked-out result instead; one for whom knocked out is itself a retreat (Krobs,
    Trolls, dogs, Gharvs) takes a wound instead; spectres just do not move ("Otherwise,
    they do not even move"); a knocked-out character stays knocked out."""
    p = profile(game, unit)
    if p.category in SPECTRES:
        return [RetreatBlocked(unit.id, tell("a spectre without room does not move"), R_SPECTRES)]
    if unit.status is Status.KNOCKED_OUT:
        unit.knocked_out_turn = game.state.turn
        return [RetreatBlocked(unit.id, tell("he lies knocked out where he is"), R_BLOCKED)]
    if knock_out_retreat(game, unit, p) is not None:
        return [
            RetreatBlocked(unit.id, tell("he takes a wound instead"), R_BLOCKED),
            *wound(game, unit, role, killed=False, plain=True),
        ]
    return [
        RetreatBlocked(unit.id, tell("he is knocked out instead"), R_BLOCKED),
        *knock_out(game, unit, role),
    ]


# -- advance after combat ---------------------------------------------------------------------


def half_movement(p: Profile) -> int:
    """ "A number of points equal to half of their movement potential" (rounded down)."""
    return p.movement // 2


def advance_candidates(game: Game, role: str) -> list[Unit]:
    """Victors who may advance: standing participants who did not retreat themselves."""
    state = combat(game)
    return [
        u
        for u in participants(game, role)
        if u.standing
        and u.hex is not None
        and u.id not in state["retreated"]
        and half_movement(profile(game, u)) > 0
    ]


def vacated(game: Game, role: str) -> frozenset[Hex]:
    """The hexes the *enemies* of `role` left, or where one of them was knocked out or
    killed: the first hex of an advance must be one of them."""
    return frozenset(hexes_from(combat(game)["vacated"][other(role)]))


def _advance_op(game: Game, op: dict[str, Any], events: list[Event]) -> bool:
    role = op["role"]
    first = vacated(game, role)
    if not first:
        return False
    eligible = {u.id: u for u in advance_candidates(game, role)}
    wanted = op.get("units")
    ids = [uid for uid in (wanted if wanted is not None else eligible) if uid in eligible]
    ids = [uid for uid in ids if advance_options(game, eligible[uid], first)]
    if not ids:
        return False
    if op.get("web"):
        unit = eligible[ids[0]]
        options = advance_options(game, unit, first)
        if len(options) == 1:  # the web hex alone: nothing to choose
            events.extend(do_advance(game, unit, next(iter(options.values()))[0]))
            return False
    owner = _owner(eligible[uid] for uid in ids)
    if owner is Side.GHARVS:
        # "In case of retreat or death of the character, the Gharv will always advance
        # onto the hex left free."
        for uid in ids:
            unit = game.state.units[uid]
            options = advance_options(game, unit, first)
            onto = sorted(h for h in options if h in first)
            if onto:
                events.extend(do_advance(game, unit, options[onto[0]][0]))
        return False
    data: dict[str, Any] = {"role": role, "units": ids, "vacated": hex_list(sorted(first))}
    if op.get("web"):
        data["web"] = True
    decision = Decision("advance", owner, data)
    events.extend(
        _ask(
            game,
            decision,
            tell(
                "advance after combat with {units}, or pass", units=Many(tuple(Who(i) for i in ids))
            ),
        )
    )
    return True


def _web_hexes(game: Game) -> set[Hex]:
    return {
        h
        for acc in game.state.accessories.values()
        if acc.kind is AccessoryKind.WEB and acc.face_up
        for h in acc.hexes
    }


def advance_options(
    game: Game, unit: Unit, first: frozenset[Hex]
) -> dict[Hex, tuple[tuple[Hex, ...], int]]:
    """Destinations of an advance after combat: path (anchor hexes) and cost, within
    half the movement potential, the first hex one the enemy left. A web on a hex the
    enemy left does not stop an adventurer: advancing onto it destroys it ("How to
    Destroy a Spider Web")."""
    budget = half_movement(profile(game, unit))
    if budget <= 0 or unit.hex is None:
        return {}
    lift = first & _web_hexes(game) if unit.side is Side.ADVENTURERS else frozenset()
    with webs_lifted(game, lift | _unknown_webs(game, unit)):
        found = _own_search(game, unit, budget, first)
        theirs = movement.search(game, unit, budget, first_step_in=first)
        # The Queen and Guards keep their facing in an advance (an Advance has no
        # facing): their path is ours, translated; others take movement's path.
        keep_ours = profile(game, unit).size > 1
        # A web hidden from him does not shorten the list (his side cannot know of
        # it): carrying the advance out stops him at it (`do_advance`).
        found = {
            h: found[h] if keep_ours else (tuple(d.path), int(d.cost))
            for h, d in theirs.items()
            if h in found and d.path and d.cost <= budget
        }
    return found


def _unknown_webs(game: Game, unit: Unit) -> frozenset[Hex]:
    """The hexes of the webs hidden from `unit`'s side: an advance is planned through
    them, as the side sees the map; carrying it out stops him at one (`do_advance`)."""
    return frozenset(
        h
        for acc in game.state.accessories.values()
        if acc.kind is AccessoryKind.WEB and acc.face_up and acc.hidden_from is unit.side
        for h in acc.hexes
    )


def _own_search(
    game: Game, unit: Unit, budget: int, first: frozenset[Hex]
) -> dict[Hex, tuple[tuple[Hex, ...], int]]:
    """Cheapest paths within `budget`: map steps, no standing enemy crossed, the first
    step onto a hex the enemy left, no ending on a living character."""
    p = profile(game, unit)
    start_fp = footprint(game, unit)
    best: dict[tuple[Hex, float], int] = {}
    out: dict[Hex, tuple[tuple[Hex, ...], int]] = {}
    heap: list[tuple[int, tuple[Hex, ...], tuple[Hex, ...], float]] = [
        (0, (), start_fp, unit.level)
    ]
    while heap:
        cost, path, fp, level = heapq.heappop(heap)
        if path and path[-1] not in out and not _stacked_on(game, unit, fp, seen_only=True):
            out[path[-1]] = (path, cost)
        for d in range(6):
            moved = _shift(game, unit, p, fp, level, d)
            if moved is None:
                continue
            new_fp, new_level = moved
            if not path and not (set(new_fp) - set(fp)) & first:
                continue
            if new_fp[0] == start_fp[0] or new_fp[0] in path:
                continue
            if _standing_enemy_on(game, unit, new_fp, seen_only=True):
                continue
            step_cost = _entry_cost(game, unit, p, fp, new_fp, level)
            total = cost + step_cost
            if total > budget:
                continue
            key = (new_fp[0], new_level)
            if best.get(key, budget + 1) <= total:
                continue
            best[key] = total
            heapq.heappush(heap, (total, (*path, new_fp[0]), new_fp, new_level))
    return out


def _entry_cost(
    game: Game, unit: Unit, p: Profile, fp: tuple[Hex, ...], new_fp: tuple[Hex, ...], level: float
) -> int:
    """The most expensive hex newly covered (one hex for a single-hex character)."""
    old = set(fp)
    costs = [
        step(game, unit, p, h, level, n).cost
        for h, n in zip(fp, new_fp, strict=True)
        if n not in old
    ]
    return max(costs, default=1)


def check_advance_path(
    game: Game, unit: Unit, path: tuple[Hex, ...], first: frozenset[Hex]
) -> Phrase | None:
    """Why `path` is not a legal advance for `unit`, or None."""
    if not path:
        return tell("an advance needs at least one hex")
    options = advance_options(game, unit, first)
    if path[-1] not in options:
        return tell("that hex cannot be reached by an advance after combat from here")
    if options[path[-1]][0] == path:
        return None
    p = profile(game, unit)
    budget = half_movement(p)
    lift = first & _web_hexes(game) if unit.side is Side.ADVENTURERS else frozenset()
    with webs_lifted(game, lift | _unknown_webs(game, unit)):
        fp = footprint(game, unit)
        level = unit.level
        cost = 0
        for i, h in enumerate(path):
            d = fp[0].direction_to(h)
            if d is None:
                return tell("each hex of the path must be next to the one before")
            moved = _shift(game, unit, p, fp, level, d)
            if moved is None:
                return tell("the step onto {cell} is not allowed", cell=h)
            new_fp, new_level = moved
            if i == 0 and not (set(new_fp) - set(fp)) & first:
                return tell(
                    "the first hex must be one the enemy left (or the hex of the knocked-out "
                    "or killed character)"
                )
            if _standing_enemy_on(game, unit, new_fp, seen_only=True):
                return tell("an advance cannot pass through enemy characters")
            cost += _entry_cost(game, unit, p, fp, new_fp, level)
            fp, level = new_fp, new_level
        if cost > budget:
            return tell(
                "the path costs {cost} MP, more than half the movement potential ({budget})",
                cost=cost,
                budget=budget,
            )
        if _stacked_on(game, unit, fp, seen_only=True):
            return tell("only one living character may remain per hex (Stacking)")
    return None


def engaged(game: Game) -> frozenset[str]:
    """Characters engaged in a combat this phase, as attackers or defenders: every
    combat declared this phase, resolved or not ("It does not matter whether the combat
    has already taken place or not"), and the combats the engine ran itself."""
    out = declared_engaged(game)
    record = game.state.scratch.get("engaged")
    if (
        not isinstance(record, dict)
        or record.get("turn") != game.state.turn
        or record.get("phase") != game.state.phase
    ):
        return out
    return out | frozenset(record.get("units", ()))


def mark_engaged(game: Game, ids: Iterable[str]) -> None:
    found = set(engaged(game)) | set(ids)
    game.state.scratch["engaged"] = {
        "turn": game.state.turn,
        "phase": game.state.phase,
        "units": sorted(found),
    }


def do_advance(game: Game, unit: Unit, path: tuple[Hex, ...]) -> list[Event]:
    """Advance along `path` at once: webs on the way are destroyed (only a hex the enemy
    left can hold one), infiltration is checked on every hex crossed — except for
    enemies engaged in a combat this phase — and the points spent are not counted
    against his normal movement."""
    p = profile(game, unit)
    events: list[Event] = []
    spent_before = unit.mp_spent
    ignore = engaged(game)
    done: list[Hex] = []
    fp = footprint(game, unit)
    level = unit.level
    assert unit.hex is not None
    path_start = (unit.hex, unit.level)
    for i, h in enumerate(path):
        d = fp[0].direction_to(h)
        assert d is not None
        with webs_lifted(game, [h] if unit.side is Side.ADVENTURERS else []):
            moved = _shift(game, unit, p, fp, level, d)
        assert moved is not None, f"illegal advance step onto {game.where(h)}"
        lurkers = [
            o
            for x in moved[0]
            for o in game.units_at(x)
            if o.id != unit.id and o.alive and o.hidden_from is unit.side
        ]
        hidden_web = [
            acc
            for acc in game.state.accessories.values()
            if i > 0
            and acc.kind is AccessoryKind.WEB
            and acc.face_up
            and acc.hidden_from is unit.side
            and set(acc.hexes) & set(moved[0])
        ]
        if hidden_web:
            # A web he did not know of stops him on the hex before it, as in a move
            # (Movement Restriction 7, "Spider webs").
            for acc in hidden_web:
                acc.hidden_from = None
            game.touch()
            events.append(Revealed(tell("a spider web on {cell}", cell=h), h, R_WEB))
            events.append(
                MovementStopped(
                    unit.id, unit.hex, tell("a spider web on {cell} blocks the way", cell=h), R_WEB
                )
            )
            break
        if lurkers:
            # A Krob nobody saw stands there: he is found, and the advance stops short
            # of him, as a move does ("Hidden Krobs", docs/scenarios.md).
            for o in lurkers:
                events.append(
                    hidden.reveal(
                        game,
                        o,
                        tell(
                            "{unit} runs into him", unit=DataName(hidden.display_name(game, unit))
                        ),
                    )
                )
            events.append(
                MovementStopped(unit.id, unit.hex, tell("a hidden Krob bars the way"), R_ADVANCE)
            )
            break
        fp, level = moved
        unit.hex = h
        unit.level = level
        game.touch()
        done.append(h)
        events.extend(_destroy_webs(game, unit, fp))
        if i == len(path) - 1:
            continue
        threats = infiltration_threats(game, unit, h, ignore=ignore)
        if threats:
            stopped, evs = resolve_infiltration(game, unit, h, threats)
            events.extend(evs)
            if stopped or not unit.standing:
                _step_back_if_stacked(game, unit, done, path_start)
                break
    unit.mp_spent = spent_before  # "do not prevent ... from moving normally"
    game.touch()
    events.insert(0, UnitAdvanced(unit.id, tuple(done), R_ADVANCE))
    return events


def _step_back_if_stacked(
    game: Game, unit: Unit, done: list[Hex], start: tuple[Hex, float]
) -> None:
    """Stopped on a hex a friend holds: he ends on the last hex of his path where he may
    stand, or where he started (Stacking)."""
    while _stacked_on(game, unit, footprint(game, unit)):
        done.pop()
        if done:
            unit.hex = done[-1]
            if done[-1] in game.board.cells:
                unit.level = ground_level(game, done[-1])
        else:
            unit.hex, unit.level = start
            game.touch()
            return
        game.touch()


def _destroy_webs(game: Game, unit: Unit, fp: Iterable[Hex]) -> list[Event]:
    if unit.side is not Side.ADVENTURERS:
        return []
    events: list[Event] = []
    cells = set(fp)
    for acc in game.state.accessories.values():
        if acc.kind is AccessoryKind.WEB and acc.face_up and cells.intersection(acc.hexes):
            acc.face_up = False
            events.append(WebDestroyed(acc.id, acc.hexes[0], unit.id, R_WEB))
    return events


def iter_decision_units(decision: Decision) -> Iterator[str]:
    units = decision.data.get("units", ())
    yield from (units if isinstance(units, list) else sorted(units))
