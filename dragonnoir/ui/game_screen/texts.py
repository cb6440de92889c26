"""The game screen's words: the phase bar's line, the hex under the mouse, a character's
numbers, a log entry — HTML for pygame_gui's text boxes, nothing drawn here; every word
in the player's language (`dragonnoir.i18n`), events through the game's narrator."""

from __future__ import annotations

import html

from dragonnoir.engine.events import DieRolled, Event, PhaseBegan, TurnBegan
from dragonnoir.engine.game import Game
from dragonnoir.engine.phases import SEQUENCE
from dragonnoir.engine.rules.movement import budget_of
from dragonnoir.engine.rules.steps import entry_cost, ground_level
from dragonnoir.engine.state import AccessoryKind, Side, Status, Unit
from dragonnoir.engine.values import profile, profile_of
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.los import MAX_RANGE
from dragonnoir.hexmap.terrain import TerrainType
from dragonnoir.i18n import N_, _, ngettext, pgettext
from dragonnoir.narration.phases import PHASE_TITLES
from dragonnoir.ui.end_screen import game_result
from dragonnoir.ui.names import Names
from dragonnoir.ui.visibility import Visibility
from dragonnoir.ui.words import cover_words, side_name

#: The spell counters that change the map, as the hover panel names them.
MAP_SPELL_COUNTERS = {
    AccessoryKind.DEMOLISHED_WALL: N_("a wall brought down"),
    AccessoryKind.BRIDGE: N_("a bridge over the water"),
    AccessoryKind.GALLERY: N_("a gallery through the rock"),
}

#: A character's status as the hover panel says it.
STATUS_NAMES = {
    Status.HEALTHY: N_("healthy"),
    Status.WOUNDED: N_("wounded"),
    Status.KNOCKED_OUT: N_("knocked out"),
    Status.KILLED: N_("killed"),
}


def phase_texts(game: Game) -> list[str]:
    """The phase bar's words, the whole first, then shorter ones for a narrow window
    (`top_bar.fitting`): what is cut is said elsewhere (the hint line, the log)."""
    state = game.state
    if game.over:
        result = game_result(game)
        over = _("Game over: {headline} ({reason})").format(
            headline=result.headline, reason=result.said_reason
        )
        return [over, result.headline]
    who = side_name(game.to_act())
    title = phase_title(game)
    if game.phase not in SEQUENCE:  # the deployment before the first game turn
        before = _("Before turn 1")
        whole = _("{when} · {phase} · {side} to act").format(when=before, phase=title, side=who)
        return [whole, f"{before} · {title}"]
    if state.turn_limit:
        turn = _("Turn {turn}/{limit}").format(turn=state.turn, limit=state.turn_limit)
    else:
        turn = _("Turn {turn}").format(turn=state.turn)
    if state.pending:  # the hint says what
        doing = _("{when} · {phase} · {side} to decide")
    else:
        doing = _("{when} · {phase} · {side} to act")
    return [
        doing.format(when=turn, phase=title, side=who),
        f"{turn} · {title} · {who}",
        f"{turn} · {title}",
    ]


def phase_title(game: Game) -> str:
    """The phase's name in the player's language."""
    phase = game.phase
    return pgettext("phase", PHASE_TITLES[phase.id]) if phase.id in PHASE_TITLES else phase.title


def hover_html(
    game: Game, names: Names, vis: Visibility, h: Hex | None, mover: str | None = None
) -> str:
    """The hex under the mouse: terrain, level, cover, movement cost (what `mover`, the
    selected character, pays; else what each character on the map pays where they
    differ), the spell counters on it and the characters the viewer sees there."""
    if h is None or h not in game.board.cells:
        return "<i>{}</i>".format(
            html.escape(_("Hover a hex: terrain, level, cover, movement cost and who is there."))
        )
    cell = game.board.cells[h]
    terrain = game.rules.terrain.get(cell.terrain) if game.rules is not None else None
    lines = [f"<b>{html.escape(place_words(game, names, h))}</b>"]
    if terrain is not None:
        cover = cover_words(terrain.cover)
        if terrain.move_cost is None:  # rock: nobody enters it
            said = _("impassable, cover {cover}").format(cover=cover)
        else:
            cost = cost_words(game, names, vis, terrain, mover)
            said = _("movement cost {cost}, cover {cover}").format(cost=cost, cover=cover)
        lines.append(html.escape(said))
    ground = ground_level(game, h)
    level = _("level {level}").format(level=f"{ground:+g}" if ground else "0")
    if ground != cell.level:  # a bridge stands at its banks' level (docs/spells.md)
        level += _(", over water at {level}").format(level=f"{cell.level:+g}")
    if cell.walkway:
        level += _(", walkway deck at +1")
    lines.append(html.escape(level))
    lines.extend(spell_counters_html(game, names, vis, h))
    for unit in game.units_at(h):
        if vis.sees_unit(unit):
            lines.extend(unit_html(game, names, unit))
    return "<br>".join(lines)


def place_words(game: Game, names: Names, h: Hex) -> str:
    """A hex as the hover panel names it: its cell and its terrain ("(12,5) water"),
    the words prompts use for places too (issue 45 §6: never "(12,5) (11,5)")."""
    cell = game.board.cells.get(h)
    terrain = game.rules.terrain.get(cell.terrain) if cell is not None and game.rules else None
    if terrain is not None:
        what = names.data(terrain.name)
    else:
        what = cell.terrain if cell is not None else ""
    return f"{game.where(h)} {what}".strip()


def path_words(game: Game, names: Names, path: tuple[Hex, ...]) -> str:
    """Where a path ends, named as a place, and the places it goes by ("(11,5) water,
    by (12,5) cave floor")."""
    end = place_words(game, names, path[-1])
    if len(path) == 1:
        return end
    by = ", ".join(place_words(game, names, h) for h in path[:-1])
    return _("{end}, by {places}").format(end=end, places=by)


def cost_words(
    game: Game, names: Names, vis: Visibility, terrain: TerrainType, mover: str | None
) -> str:
    """The movement cost of a hex of `terrain` as the engine charges it (`entry_cost`):
    for the selected character alone ("2 MP for Goblin 1"), else the Terrain Effects
    Chart's cost and, after it, the characters on the map who pay another ("3 MP; 2 MP
    for Goblin 1 and Goblin 2": issue 45 said water cost 3 to a Goblin who pays 2)."""
    unit = game.state.units.get(mover) if mover else None
    if unit is not None and unit.alive:
        paid = entry_cost(profile(game, unit), terrain)
        return _mp_for(paid, names.full(unit.id))
    said = _("{n} MP").format(n=terrain.move_cost)
    others: dict[int | None, list[str]] = {}
    for other in vis.units(game):
        if other.alive and other.hex is not None and other.side is not Side.GHARVS:
            paid = entry_cost(profile(game, other), terrain)
            if paid != terrain.move_cost:
                others.setdefault(paid, []).append(other.id)
    for paid, uids in others.items():
        said = _("{cost}; {other}").format(cost=said, other=_mp_for(paid, names.many(uids)))
    return said


def _mp_for(paid: int | None, who: str) -> str:
    if paid is None:
        return _("impassable for {who}").format(who=who)
    return ngettext("{n} MP for {who}", "{n} MP for {who}", paid).format(n=paid, who=who)


def spell_counters_html(game: Game, names: Names, vis: Visibility, h: Hex) -> list[str]:
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
        what = _(MAP_SPELL_COUNTERS[acc.kind])
        if acc.kind is AccessoryKind.DEMOLISHED_WALL:
            others = [game.where(o) for o in acc.hexes if o != h]
            if others:
                what = _("{what} toward {cells}").format(what=what, cells=", ".join(others))
        if spell is not None:
            what = _("{what} (spell: {spell})").format(what=what, spell=names.data(spell.name))
        out.append(f"<font color='#d8c8a8'>{html.escape(what)}</font>")
    return out


def unit_html(game: Game, names: Names, unit: Unit) -> list[str]:
    """A character in words: name, side and status; the numbers of his counter
    (attack, defence front / rear, movement and what is left of it this phase), his
    weapon, his wounds, and what he did this turn."""
    colour = "#8fb4f0" if unit.side is Side.ADVENTURERS else "#f08f7a"
    status = _(STATUS_NAMES[unit.status]) if unit.status in STATUS_NAMES else unit.status.value
    out = [
        f"<font color='{colour}'><b>{html.escape(names.of(unit))}</b></font> "
        f"({html.escape(side_name(unit.side))}, {html.escape(status)})"
    ]
    roster = getattr(game.rules, "roster", None)
    if roster is None or roster.get(unit.kind) is None or not unit.alive:
        return out
    prof = profile_of(roster, unit)
    defence = _("defence {n}").format(n=prof.defence)
    if prof.defence_rear is not None:
        defence = _("defence {front} front, {rear} rear").format(
            front=prof.defence, rear=prof.defence_rear
        )
    if prof.armoured:
        defence = _("{defence} (armoured)").format(defence=defence)
    move = _("movement {n}").format(n=prof.movement)
    if prof.movement_land is not None:
        move = _("movement {water} in water, {land} on land").format(
            water=prof.movement, land=prof.movement_land
        )
    if unit.side is game.phase.side and "Move" in game.phase.actions:
        move = _("{move}, {n} left this phase").format(move=move, n=budget_of(game, unit))
    out.append(
        html.escape(
            _("attack {attack}, {defence}, {move}").format(
                attack=prof.attack, defence=defence, move=move
            )
        )
    )
    if prof.weapon:
        out.append(
            html.escape(
                _("weapon: {weapon}, range {n} hexes").format(
                    weapon=names.weapon(prof.weapon), n=MAX_RANGE
                )
            )
        )
    wounds = ""
    if unit.wounds or prof.wounds_to_kill > 1:
        if unit.wounds:
            had = ngettext("{n} wound", "{n} wounds", unit.wounds).format(n=unit.wounds)
        else:
            had = _("no wound")
        kill = ngettext("{n} wound kills", "{n} wounds kill", prof.wounds_to_kill)
        wounds = f"{had}, {kill.format(n=prof.wounds_to_kill)}"
    done = [word for word, flag in ((_("moved"), unit.moved), (_("fired"), unit.fired)) if flag]
    if unit.attacked:
        if unit.attacked == 1:
            done.append(_("attacked"))
        else:
            done.append(_("attacked {n} times").format(n=unit.attacked))
    this_turn = ""
    if done:
        this_turn = _("{done} this turn").format(done=names.narrator.listed(done))
    status_bits = [b for b in (wounds, this_turn) if b]
    if status_bits:
        out.append(html.escape(", ".join(status_bits)))
    return out


def event_html(names: Names, event: Event, *, link: bool = False) -> str:
    """A log entry: the event in words (the narrator's), coloured by kind, with its rule
    cited; with `link`, the citation opens the rules panel (ui/rules_panel.py)."""
    if isinstance(event, PhaseBegan) and event.phase in PHASE_TITLES:
        text = html.escape(names.line(pgettext("phase", PHASE_TITLES[event.phase])) + ".")
    else:
        text = html.escape(names.event(event))
    rule = getattr(event, "rule", "")
    said = f"[{html.escape(names.rule(rule))}]"
    if link and rule:
        said = f"<a href='rule:{html.escape(rule, quote=True)}'>{said}</a>"
    cite = f" <font color='#8c7c64'><i>{said}</i></font>" if rule else ""
    if isinstance(event, TurnBegan):
        return f"<b><font color='#e8c36a'>{text}</font></b>"
    if isinstance(event, PhaseBegan):
        return f"<font color='#c9a45a'>{text}</font>"
    if isinstance(event, DieRolled):
        return f"<font color='#9ad07a'>{text}</font>{cite}"
    return f"{text}{cite}"
