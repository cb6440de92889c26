"""The game screen's words: the phase bar's line, the hex under the mouse, a character's
numbers, a log entry — HTML for pygame_gui's text boxes, nothing drawn here."""

from __future__ import annotations

import html

from dragonnoir.engine.events import DieRolled, Event, PhaseBegan, TurnBegan
from dragonnoir.engine.game import Game
from dragonnoir.engine.phases import SEQUENCE
from dragonnoir.engine.rules.movement import budget_of
from dragonnoir.engine.rules.steps import ground_level
from dragonnoir.engine.state import AccessoryKind, Side, Unit
from dragonnoir.engine.values import profile_of
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.los import MAX_RANGE
from dragonnoir.ui.end_screen import game_result
from dragonnoir.ui.names import Names
from dragonnoir.ui.visibility import Visibility

#: The spell counters that change the map, as the hover panel names them.
MAP_SPELL_COUNTERS = {
    AccessoryKind.DEMOLISHED_WALL: "a wall brought down",
    AccessoryKind.BRIDGE: "a bridge over the water",
    AccessoryKind.GALLERY: "a gallery through the rock",
}


def side_name(side: Side | None) -> str:
    return {Side.ADVENTURERS: "Adventurers", Side.KROBS: "Krobs", Side.GHARVS: "Gharvs"}.get(
        side,  # type: ignore[arg-type]
        "nobody",
    )


def phase_texts(game: Game) -> list[str]:
    """The phase bar's words, the whole first, then shorter ones for a narrow window
    (`top_bar.fitting`): what is cut is said elsewhere (the hint line, the log)."""
    state = game.state
    if game.over:
        result = game_result(game)
        return [f"Game over: {result.headline} ({result.reason})", result.headline]
    limit = f"/{state.turn_limit}" if state.turn_limit else ""
    who = side_name(game.to_act())
    if game.phase not in SEQUENCE:  # the deployment before the first game turn
        whole = f"Before turn 1 · {game.phase.title} · {who} to act"
        return [whole, f"Before turn 1 · {game.phase.title}"]
    decision = " to decide" if state.pending else " to act"  # the hint says what
    turn = f"Turn {state.turn}{limit}"
    return [
        f"{turn} · {game.phase.title} · {who}{decision}",
        f"{turn} · {game.phase.title} · {who}",
        f"{turn} · {game.phase.title}",
    ]


def hover_html(game: Game, names: Names, vis: Visibility, h: Hex | None) -> str:
    """The hex under the mouse: terrain, level, cover, movement cost, the spell counters
    on it and the characters the viewer sees there."""
    if h is None or h not in game.board.cells:
        return "<i>Hover a hex: terrain, level, cover, movement cost and who is there.</i>"
    cell = game.board.cells[h]
    where = html.escape(game.where(h))
    terrain = game.rules.terrain.get(cell.terrain) if game.rules is not None else None
    lines = []
    if terrain is None:
        lines.append(f"<b>{where}</b> {html.escape(cell.terrain)}")
    else:
        cost = "impassable" if terrain.move_cost is None else f"{terrain.move_cost} MP"
        lines.append(f"<b>{where} {html.escape(terrain.name)}</b>")
        lines.append(f"movement cost {cost}, cover {terrain.cover.value}")
    ground = ground_level(game, h)
    level = f"level {ground:+g}" if ground else "level 0"
    if ground != cell.level:  # a bridge stands at its banks' level (docs/spells.md)
        level += f", over water at {cell.level:+g}"
    if cell.walkway:
        level += ", walkway deck at +1"
    lines.append(level)
    lines.extend(spell_counters_html(game, vis, h))
    for unit in game.units_at(h):
        if vis.sees_unit(unit):
            lines.extend(unit_html(game, names, unit))
    return "<br>".join(lines)


def spell_counters_html(game: Game, vis: Visibility, h: Hex) -> list[str]:
    """The spell counters that change the map on `h`, in words: a wall brought down
    (and toward which hex), a bridge, a gallery ("Counters Linked to Magic Spells").
    The map under them still shows the rock, water or wall they undo."""
    out = []
    for acc in game.state.accessories.values():
        if acc.kind not in MAP_SPELL_COUNTERS or h not in acc.hexes:
            continue
        if not acc.face_up or not vis.sees_accessory(acc):
            continue  # as the map draws them: the viewer's counters only
        spell_id = str(acc.properties.get("spell", ""))
        rules = game.rules
        spell = rules.spells.get(spell_id) if spell_id and rules is not None else None
        what = MAP_SPELL_COUNTERS[acc.kind]
        if acc.kind is AccessoryKind.DEMOLISHED_WALL:
            others = [game.where(o) for o in acc.hexes if o != h]
            if others:
                what += " toward " + ", ".join(others)
        by = f" (spell: {spell.name})" if spell is not None else ""
        out.append(f"<font color='#d8c8a8'>{html.escape(what + by)}</font>")
    return out


def unit_html(game: Game, names: Names, unit: Unit) -> list[str]:
    """A character in words: name, side and status; the numbers of his counter
    (attack, defence front / rear, movement and what is left of it this phase), his
    weapon, his wounds, and what he did this turn."""
    colour = "#8fb4f0" if unit.side is Side.ADVENTURERS else "#f08f7a"
    status = unit.status.value.replace("_", " ")
    out = [
        f"<font color='{colour}'><b>{html.escape(names.of(unit))}</b></font> "
        f"({side_name(unit.side)}, {status})"
    ]
    roster = getattr(game.rules, "roster", None)
    if roster is None or roster.get(unit.kind) is None or not unit.alive:
        return out
    prof = profile_of(roster, unit)
    defence = f"defence {prof.defence}"
    if prof.defence_rear is not None:
        defence = f"defence {prof.defence} front, {prof.defence_rear} rear"
    if prof.armoured:
        defence += " (armoured)"
    move = f"movement {prof.movement}"
    if prof.movement_land is not None:
        move = f"movement {prof.movement} in water, {prof.movement_land} on land"
    if unit.side is game.phase.side and "Move" in game.phase.actions:
        move += f", {budget_of(game, unit)} left this phase"
    out.append(f"attack {prof.attack}, {defence}, {move}")
    if prof.weapon:
        out.append(f"weapon: {html.escape(names.weapon(prof.weapon))}, range {MAX_RANGE} hexes")
    wounds = ""
    if unit.wounds or prof.wounds_to_kill > 1:
        had = "no wound" if not unit.wounds else f"{unit.wounds} wound{'s' * (unit.wounds > 1)}"
        wounds = f"{had}, {prof.wounds_to_kill} wounds kill"
    done = [w for w, flag in (("moved", unit.moved), ("fired", unit.fired)) if flag]
    if unit.attacked:
        done.append("attacked" if unit.attacked == 1 else f"attacked {unit.attacked} times")
    status_bits = [b for b in (wounds, " and ".join(done) + " this turn" if done else "") if b]
    if status_bits:
        out.append(", ".join(status_bits))
    return out


def event_html(names: Names, event: Event) -> str:
    """A log entry: the event in words, coloured by kind, with its rule cited."""
    text = html.escape(names.event(event))
    rule = getattr(event, "rule", "")
    cite = f" <font color='#8c7c64'><i>[{html.escape(rule)}]</i></font>" if rule else ""
    if isinstance(event, TurnBegan):
        return f"<b><font color='#e8c36a'>{text}</font></b>"
    if isinstance(event, PhaseBegan):
        return f"<font color='#c9a45a'>{text}</font>"
    if isinstance(event, DieRolled):
        return f"<font color='#9ad07a'>{text}</font>{cite}"
    return f"{text}{cite}"
