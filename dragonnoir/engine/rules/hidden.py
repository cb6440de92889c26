"""Hidden Krobs: secret placement and how it ends (docs/scenarios.md, "Hidden placement").

The rulebook's scenario 2 has the Krobs placed in secret (the "secret placement of the
Krobs" on the back of the game sheets, which we do not have); how a hidden counter comes to
light is ours, kept to what a player at the table would accept:

- **line of sight**: a standing enemy has a line of fire to him ("Line of Fire", within
  the longest range: the caves are dark beyond it; a character in the water, who cannot
  fire, sees nothing either);
- **contact**: a standing enemy is adjacent to one of his hexes;
- **detection**: the Detection spell reaches his hex ("Magic", rules/magic.py);
- **entering his hex**: a mover who would step into it is stopped before it.

`sweep` runs after every action (an after-action hook) and after every step of a move, so
between two actions no hidden character is ever in sight of, or next to, a standing
enemy. The mover's side computes its legal moves as if the hidden were not there
(movement filters them by `seen_by`), so the list of legal actions gives nothing away.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING

# The name players read, kept where the rules of secrecy are (line_of_fire.py uses it too).
from dragonnoir.engine.display_names import display_name as display_name
from dragonnoir.engine.events import Event, Revealed
from dragonnoir.engine.rules.combat_declared import engaged
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.rules.line_of_fire import line_of_fire
from dragonnoir.engine.state import Side, Unit
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.los import MAX_RANGE
from dragonnoir.narration.phrase import DataName, Value, tell

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

R_HIDDEN = "Hidden placement (ours: docs/scenarios.md)"
R_SIGHT = "Hidden placement: seen along a line of fire (ours)"
R_CONTACT = "Hidden placement: contact (ours)"
R_ENTERED = "Hidden placement: a character runs into him (ours)"


def seen_by(viewer: Side, unit: Unit) -> bool:
    """May `viewer`'s side see `unit`? (Hidden characters are unseen by their enemy.)"""
    return unit.hidden_from is not viewer


def any_hidden(game: Game) -> bool:
    return any(u.hidden_from is not None for u in game.state.units.values())


def reveal(game: Game, unit: Unit, how: Value, rule: str = R_HIDDEN) -> Revealed:
    """`unit` is seen from now on; the event says by what."""
    unit.hidden_from = None
    game.touch()
    where: Value = unit.hex if unit.hex is not None else tell("the map")
    return Revealed(
        tell(
            "{unit} on {cell} ({how})", unit=DataName(display_name(game, unit)), cell=where, how=how
        ),
        unit.hex,
        rule,
    )


def _watchers(game: Game, side: Side) -> list[tuple[Unit, tuple[Hex, ...]]]:
    out: list[tuple[Unit, tuple[Hex, ...]]] = []
    for u in game.state.units.values():
        if u.side is side and u.hex is not None and u.standing:
            out.append((u, footprint(game, u)))
    return out


def why_seen(game: Game, unit: Unit) -> tuple[Value, str] | None:
    """How a standing enemy sees hidden `unit` now ("contact with X", "seen by X"), with
    the rule; None while he stays unseen."""
    side = unit.hidden_from
    if side is None or unit.hex is None or not unit.alive:
        return None
    if unit.attacked or _in_a_combat(game, unit):
        return tell("he attacks"), R_CONTACT  # a blow gives away where it came from
    mine = footprint(game, unit)
    watchers = _watchers(game, side)
    for other, hexes in watchers:
        if any(a.distance(b) <= 1 for a in hexes for b in mine):
            return tell(
                "in contact with {unit}", unit=DataName(display_name(game, other))
            ), R_CONTACT
    for other, hexes in watchers:
        if min(a.distance(b) for a in hexes for b in mine) > MAX_RANGE:
            continue
        if line_of_fire(game, other, unit).possible:
            return tell("seen by {unit}", unit=DataName(display_name(game, other))), R_SIGHT
    return None


def _in_a_combat(game: Game, unit: Unit) -> bool:
    """Named in a combat declared this phase (an attacker who declares shows himself)."""
    if "declared" not in game.state.scratch:
        return False
    return unit.id in engaged(game)


def sweep(game: Game) -> list[Event]:
    """Reveal every hidden character a standing enemy now sees or touches."""
    if not any_hidden(game):
        return []
    events: list[Event] = []
    for unit in sorted(game.state.units.values(), key=lambda u: u.id):
        found = why_seen(game, unit)
        if found is not None:
            events.append(reveal(game, unit, *found))
    return events


def hidden_enemy_at(game: Game, mover: Unit, hexes: tuple[Hex, ...]) -> Unit | None:
    """A living character hidden from `mover`'s side covering one of `hexes`."""
    for h in hexes:
        for other in game.units_at(h):
            if other.alive and other.hidden_from is mover.side and other.id != mover.id:
                return other
    return None


def secret_from(game: Game, event: Event) -> Side | None:
    """Events that name a character still hidden are kept from his enemy's log (his
    steps, his deployment, a Gharv's attack on him); the reveal itself is read by all."""
    if isinstance(event, Revealed):
        return None
    units = game.state.units
    for f in fields(event):
        value = getattr(event, f.name)
        names = value if isinstance(value, tuple) else (value,)
        for uid in names:
            if isinstance(uid, str):
                unit = units.get(uid)
                if unit is not None and unit.hidden_from is not None:
                    return unit.hidden_from
    return None
