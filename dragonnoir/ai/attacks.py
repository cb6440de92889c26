"""Choosing the combats of a phase: which attackers join against whom, for the best odds.

"When two (or more) characters decide to attack an enemy character, they may ... add
their attack points into a single overall factor ... If they attack together, they are
also entitled to shift the odds ratio thus obtained one column to the right" ("Multiple
Combat"). The engine lists single attacks and the joint attack
of everyone able on each defender; the best plan is often in between (two attackers on
one Krob at 3-1, the third on another). So the AI builds the candidates itself — every
group of up to `MAX_JOINED` attackers able to reach a defender — asks the engine's
preview for each (`explain`: odds after terrain, armour, zones, a Killer's -1, a Guard
between its legs), values it (evaluation.combat_value), and searches the best set of
combats that use each character no more often than the rules let him attack.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from dragonnoir.ai.evaluation import TARGET_WEIGHT, combat_value
from dragonnoir.engine.actions import Action, Attack
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.combat_odds import attacks_allowed
from dragonnoir.engine.values import profile

#: The largest group of attackers tried together (more is seldom better than two joint
#: attacks, and the count of groups grows fast).
MAX_JOINED = 4
#: Nodes the plan search may visit before it settles for the best found.
SEARCH_LIMIT = 4000


@dataclass(frozen=True)
class Candidate:
    """An attack the engine accepts now, and its expected gain for the attackers.

    `stays`: the chance its defenders are still there after it (neither killed nor
    driven back), for a later combat of the phase against them: "a defender may be
    attacked several times by different attackers" ("Combat"), and a combat whose
    defender has gone lapses."""

    attack: Attack
    value: float
    stays: float = 1.0


def candidates(
    game: Game,
    legal: Iterable[Action],
    *,
    joined: bool = True,
    targets: frozenset[str] = frozenset(),
    target_weight: float = TARGET_WEIGHT,
) -> list[Candidate]:
    """Every attack worth considering: the legal list's, and (with `joined`) every group
    of able attackers against each single defender, each judged by the engine (blows to
    `targets`, the enemies the side wins by killing, weigh more)."""
    listed = [a for a in legal if isinstance(a, Attack)]
    seen: set[Attack] = set(listed)
    tried = list(listed)
    if joined:
        able: dict[str, set[str]] = {}
        for a in listed:
            if len(a.attackers) == 1 and len(a.defenders) == 1 and not a.between_legs:
                able.setdefault(a.defenders[0], set()).add(a.attackers[0])
        for defender, attackers in sorted(able.items()):
            ids = sorted(attackers)
            for size in range(2, min(MAX_JOINED, len(ids)) + 1):
                for group in combinations(ids, size):
                    attack = Attack(group, (defender,))
                    if attack not in seen:
                        seen.add(attack)
                        tried.append(attack)
    out: list[Candidate] = []
    for attack in tried:
        verdict = game.explain(attack)
        if verdict.legal:
            value = combat_value(game, attack, verdict.details, targets, target_weight)
            out.append(Candidate(attack, value, _stays(game, verdict.details)))
    return out


#: The defender's results after which a later combat against him lapses.
GONE = frozenset({"killed", "retreat"})


def _stays(game: Game, details: Mapping[str, Any]) -> float:
    """The chance the defenders neither die nor retreat in this combat (the engine's
    preview: its `probabilities` per result code of the Combat Table)."""
    by_code = {r.code: r for r in game.rules.combat.results}
    gone = sum(
        float(chance)
        for code, chance in details.get("probabilities", {}).items()
        if code in by_code and by_code[code].defender.effect.value in GONE
    )
    return max(0.0, 1.0 - gone)


def best_plan(game: Game, found: list[Candidate], threshold: float) -> list[Attack]:
    """The set of combats with the highest total gain, each above `threshold`, using
    each attacker at most as often as he may attack. A defender may be attacked again
    (the Queen from the front and from behind, "always carried out separately"; a
    second group where one would waste strength): a later combat counts as much as its
    defenders are likely to be still there, the combats resolved in the plan's order."""
    pool = sorted((c for c in found if c.value > threshold), key=lambda c: -c.value)
    if not pool:
        return []
    limit = {
        uid: attacks_allowed(profile(game, game.state.units[uid]))
        for c in pool
        for uid in c.attack.attackers
    }
    best: tuple[float, list[Attack]] = (0.0, [])
    visited = 0

    # Bound: even taking every remaining candidate in full cannot beat the best.
    rest = [sum(max(0.0, c.value) for c in pool[i:]) for i in range(len(pool) + 1)]

    def search(
        i: int, used: dict[str, int], there: dict[str, float], total: float, chosen: list[Attack]
    ) -> None:
        nonlocal best, visited
        visited += 1
        if total > best[0]:
            best = (total, list(chosen))
        if i >= len(pool) or visited > SEARCH_LIMIT or total + rest[i] <= best[0]:
            return
        c = pool[i]
        fits = all(used.get(a, 0) < limit[a] for a in c.attack.attackers)
        if fits and not (c.attack.between_legs and any(used.get(a, 0) for a in c.attack.attackers)):
            chance = 1.0
            for d in c.attack.defenders:
                chance *= there.get(d, 1.0)
            if c.value * chance > threshold:
                for a in c.attack.attackers:
                    used[a] = used.get(a, 0) + (limit[a] if c.attack.between_legs else 1)
                after = dict(there)
                for d in c.attack.defenders:
                    after[d] = there.get(d, 1.0) * c.stays
                chosen.append(c.attack)
                search(i + 1, used, after, total + c.value * chance, chosen)
                chosen.pop()
                for a in c.attack.attackers:
                    used[a] -= limit[a] if c.attack.between_legs else 1
        search(i + 1, used, there, total, chosen)

    search(0, {}, {}, 0.0, [])
    return best[1]
