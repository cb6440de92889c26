"""The map editor's scenario mode: forces placed on a layout or board, by group, with the
counters, the victory conditions and the scenario's details, and *Play*.

`ScenarioMode` turns the mouse on the map into `editor/scenario_doc.py` edits (so undo
and redo cover everything) and draws the counters over the map; its left panel's widgets
are `ui/editor_scenario_panel.py`'s. The scene (`ui/editor_scene.py`) owns files and
prompts.
"""

from __future__ import annotations

from typing import Any, Final

import pygame

from dragonnoir.editor import scenario_doc as sd
from dragonnoir.editor.edits import Edit, EditError
from dragonnoir.editor.history import History
from dragonnoir.editor.words import SIDE_WORDS, STATUS_WORDS, data_word, word
from dragonnoir.engine.roster import Adventurer, Krob
from dragonnoir.engine.state import Accessory, AccessoryKind
from dragonnoir.hexmap.board import ZoneKind
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.i18n import N_, _, ngettext, pgettext
from dragonnoir.render.accessories import draw_accessories
from dragonnoir.render.board_view import ZONE_COLOURS, BoardView
from dragonnoir.render.counters import CounterArt
from dragonnoir.render.fonts import ui_font
from dragonnoir.ui.editor_modes import (
    BRUSH,
    PAN_KEYS,
    PROBLEM,
    Mode,
    Segment,
    draw_segments,
    hex_outline,
    to_screen,
)
from dragonnoir.ui.editor_words import zone_kind_name
from dragonnoir.ui.map_view import MapControl

#: The objective counters a scenario lays (a "?" counter each, one of them the real one).
OBJECTIVES: Final = ("orb", "khuzun", "sun")
#: The objective counters as their badges on the map name them ("Orb ?").
OBJECTIVE_BADGES: Final = {"orb": N_("Orb"), "khuzun": N_("Khuzun"), "sun": N_("Sun")}
SELECTED = (120, 220, 255)
PASSAGE = (190, 140, 255)


class ScenarioMode(Mode[sd.ScenarioDocument]):
    """Place forces and counters on the scenario's map; checked live by the loader."""

    name = "scenario"

    def __init__(self, doc: sd.ScenarioDocument) -> None:
        super().__init__()
        self.doc = doc
        self.history = History(doc)
        self.tool = "forces"
        self.group: str | None = None  # None: top-level characters
        self.new_group_side: str | None = None
        self.search = ""
        self.kind: str | None = None  # the roster counter placed by a click
        self.counter = AccessoryKind.WEB.value  # an accessory kind or an objective kind
        self.web_hidden = False
        self.selected: str | None = None
        self.dragging: str | None = None
        self.condition: int | None = None
        #: Deep passages: the one chosen in the list, and the first end clicked.
        self.passage: int | None = None
        self.passage_start: Hex | None = None
        #: Clicks on the map tick the chosen group's deployment cells.
        self.cells_tool = False
        self.mouse: tuple[int, int] = (0, 0)
        #: The panel shows something a map click changed (a new group, the selection).
        self.panel_stale = False
        self.art = CounterArt(doc.roster)
        self._zone_key: object = None
        self._zone_lines: list[Segment] = []
        self.revalidate()

    def title(self) -> str:
        return _("Scenario: {title}").format(title=self.doc.title)

    def revalidate(self) -> None:
        self.problems = self.doc.check()

    def changed(self, touched: frozenset[Hex] | None) -> None:
        self.revalidate()

    def make_control(self, viewport: pygame.Rect) -> MapControl:
        view = BoardView(self.doc.board)
        view.show_seams = False
        self.control = MapControl(self.doc.board, viewport, PAN_KEYS, view=view)
        return self.control

    # -- the roster -----------------------------------------------------------------

    def roster_entries(self) -> list[tuple[str, str]]:
        """(label, counter id) of the counters the list offers: the search's matches of
        the chosen group's side (Adventurers and Krobs; Gharvs and spectres come by the
        rules, not by scenario)."""
        side = self.group_side()
        words = self.search.lower().split()
        out = []
        for counter in self.doc.roster:
            if isinstance(counter, Adventurer):
                counter_side = "adventurers"
            elif isinstance(counter, Krob):
                counter_side = "krobs"
            else:
                continue
            if side is not None and counter_side != side:
                continue
            name = data_word(counter.name)
            text = f"{name} {counter.name} {counter.id}".lower()
            if all(w in text for w in words):
                out.append((f"{name} · {counter.id}", counter.id))
        return out

    def group_side(self) -> str | None:
        if self.new_group_side is not None:
            return self.new_group_side
        group = self.doc.group(self.group) if self.group else None
        return group.side if group is not None else None

    # -- acting on the map -----------------------------------------------------------

    def hex_under(self, pos: tuple[int, int]) -> Hex | None:
        control = self.control
        if control is None or not control.viewport.collidepoint(pos):
            return None
        h = control.hex_at(pos)
        return h if h is not None and h in self.doc.board.cells else None

    def apply(self, make: Any, *args: Any, **kwargs: Any) -> bool:
        """Build an edit with `make` and do it; a refusal is the status message."""
        try:
            edit: Edit[sd.ScenarioDocument] | None = make(self.doc, *args, **kwargs)
        except EditError as exc:
            self.message = str(exc)
            return False
        if edit is None:
            return False
        return self.do(edit)

    def place(self, h: Hex) -> bool:
        waiting = sd.unplaced(self.doc, self.group)
        if waiting:
            return self.apply(sd.move_unit, waiting[0], h)
        if self.kind is None:
            self.message = _("Choose a character in the list first (type to search)")
            return False
        side, self.new_group_side = self.new_group_side, None
        before = {g.id for g in self.doc.data.group}
        done = self.apply(sd.place_unit, self.kind, h, self.group, new_group_side=side)
        if done and side is not None:
            self.group = next(g.id for g in self.doc.data.group if g.id not in before)
            self.panel_stale = True
        elif side is not None:
            self.new_group_side = side
        there = self.doc.unit_at(h) if done else None
        if there is not None:  # the new character (none when his group deploys later)
            self.select(there.unit_id)
        return done

    def map_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = (int(event.pos[0]), int(event.pos[1]))
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.mouse = (int(event.pos[0]), int(event.pos[1]))
            h = self.hex_under(self.mouse)
            if h is None:
                return False
            if self.tool == "counters":
                return self.counter_at(h)
            if self.tool == "passages":
                return self.passage_at(h, event.button == 3)
            if self.cells_tool and self.group and self.tool == "forces":
                if event.button == 1:
                    self.apply(sd.toggle_deploy_cell, self.group, h)
                return True
            there = self.doc.unit_at(h)
            if event.button == 3:
                if there is not None:
                    self.apply(sd.remove_unit, there.unit_id)
                    self.select(None)
                return True
            if there is not None:
                self.select(there.unit_id)
                self.dragging = there.unit_id
                self.message = _("{who}: drag to move, right click removes").format(
                    who=self.describe(there)
                )
                return True
            if self.tool == "character":
                self.message = _("Click a character to see and change his state")
                return True
            self.place(h)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            unit_id, self.dragging = self.dragging, None
            h = self.hex_under((int(event.pos[0]), int(event.pos[1])))
            found = self.doc.find(unit_id)
            if h is not None and found is not None and found.hex != h:
                self.apply(sd.move_unit, unit_id, h)
            return True
        return False

    def passage_at(self, h: Hex, cancel: bool) -> bool:
        """Deep passages: a click on an end chooses its passage; two clicks elsewhere
        make a new one (the first end, then the other); right click removes the passage
        whose end is under the mouse, or forgets the first end."""
        at = self.passage_ends()
        if cancel:
            if self.passage_start is not None:
                self.passage_start = None
                self.message = _("No new passage")
            elif h in at:
                self.apply(sd.put_passage, at[h], None)
                self.passage = None
                self.panel_stale = True
            return True
        if h in at and self.passage_start is None:
            self.passage = at[h]
            self.panel_stale = True
            self.message = _("Deep passage {n}").format(n=at[h] + 1)
            return True
        if self.passage_start is None:
            self.passage_start = h
            self.message = _("A passage from cell {cell}: click its other end").format(
                cell=self.doc.cell_of(h)
            )
            return True
        start, self.passage_start = self.passage_start, None
        if self.apply(sd.new_passage, start, h):
            self.passage = len(self.doc.data.passage) - 1
            self.panel_stale = True
        return True

    def passage_ends(self) -> dict[Hex, int]:
        """The hexes of the passages' ends, with the passage's index."""
        out: dict[Hex, int] = {}
        for i, p in enumerate(self.doc.data.passage):
            for end in p.ends:
                h = sd.passage_hex(self.doc, end)
                if h is not None:
                    out.setdefault(h, i)
        return out

    def counter_at(self, h: Hex) -> bool:
        if self.counter in OBJECTIVES:
            return self.apply(sd.toggle_objective, self.counter, h) or True
        kind = AccessoryKind(self.counter)
        hidden = self.web_hidden and kind is AccessoryKind.WEB
        return self.apply(sd.toggle_accessory, kind, h, hidden=hidden) or True

    def key(self, event: pygame.event.Event) -> bool:
        target = self.selected
        h = self.hex_under(self.mouse)
        if h is not None and self.doc.unit_at(h) is not None:
            target = self.doc.unit_at(h).unit_id  # type: ignore[union-attr]
        if event.key == pygame.K_r and target is not None:
            found = self.doc.find(target)
            if found is not None:
                self.apply(sd.set_facing, target, found.entry.facing + 1)
            return True
        if event.key in (pygame.K_DELETE, pygame.K_BACKSPACE) and target is not None:
            self.apply(sd.remove_unit, target)
            self.select(None)
            return True
        return False

    def select(self, unit_id: str | None) -> None:
        if unit_id != self.selected:
            self.selected = unit_id
            self.panel_stale = True

    # -- words -------------------------------------------------------------------------

    def describe(self, placed: sd.Placed) -> str:
        counter = self.doc.roster.get(placed.entry.kind)
        name = placed.entry.name or (data_word(counter.name) if counter else placed.entry.kind)
        group = self.doc.group(placed.group) if placed.group else None
        if group is not None:
            return _("{name} ({id}, group {group})").format(
                name=name, id=placed.unit_id, group=group.name or group.id
            )
        return f"{name} ({placed.unit_id})"

    def hover_lines(self) -> list[str]:
        doc = self.doc
        out: list[str] = []
        h = self.hex_under(self.mouse)
        if h is not None:
            col, row = doc.cell_of(h)
            cell = doc.board.cells[h]
            terrain = doc.rules.terrain.get(cell.terrain)
            said = data_word(terrain.name) if terrain else cell.terrain
            out.append(_("cell ({col}, {row}): {terrain}").format(col=col, row=row, terrain=said))
            for zone in doc.board.zones:
                if h in zone.hexes:
                    out.append(
                        _("{kind} zone '{zone}'").format(
                            kind=zone_kind_name(zone.kind), zone=zone.name
                        )
                    )
            there = doc.unit_at(h)
            if there is not None:
                out.append(self.describe(there))
        chosen = doc.find(self.selected) if self.selected else None
        if chosen is not None:
            out.append("")
            out.append(_("Selected: {who}").format(who=self.describe(chosen)))
            out.append(_("facing {facing} (R turns)").format(facing=chosen.entry.facing))
            entry = chosen.entry
            if entry.status != "healthy" or entry.wounds:
                out.append(
                    ngettext("{status}, {n} wound", "{status}, {n} wounds", entry.wounds).format(
                        status=word(STATUS_WORDS, entry.status), n=entry.wounds
                    )
                )
            if entry.level is not None:
                out.append(_("level {level}").format(level=f"{entry.level:+g}"))
            level = doc.wizard_level(chosen.unit_id)
            if doc.is_wizard(chosen.entry.kind):
                out.append(
                    _("wizard level {level}").format(level=level)
                    if level
                    else _("wizard: not cast (no level)")
                )
        out.append("")
        for g in doc.data.group:
            side = word(SIDE_WORDS, g.side)
            line = _("{group}: {n} {side}, hidden") if g.hidden else _("{group}: {n} {side}")
            out.append(line.format(group=g.name or g.id, n=len(g.unit), side=side))
            out.append(f"    {sd.how_group_comes(g)}")
        return out

    # -- drawing -------------------------------------------------------------------------

    def draw_overlay(self, screen: pygame.Surface) -> None:
        control = self.control
        if control is None:
            return
        width = max(2, round(3 * control.camera.zoom))
        draw_segments(screen, control, self.zone_lines(), width)
        accessories, badges = self.counters()
        draw_accessories(screen, control.camera, control.view.grid, accessories, control.viewport)
        font = ui_font(max(10, round(14 * control.camera.zoom)))
        for h, text in badges:
            x, y = to_screen(control, *control.view.grid.hex_centre(h))
            img = font.render(text, True, (20, 14, 6))
            box = img.get_rect(center=(x, y)).inflate(8, 4)
            pygame.draw.rect(screen, (240, 206, 90), box, border_radius=4)
            pygame.draw.rect(screen, (20, 14, 6), box, 1, border_radius=4)
            screen.blit(img, img.get_rect(center=box.center))
        walkways = [h for h, c in self.doc.board.cells.items() if c.walkway]
        units = self.doc.units_on_map()
        self.art.draw_units(
            screen,
            control.camera,
            control.view.grid,
            units,
            selected=self.selected,
            viewport=control.viewport,
            walkways=walkways,
        )
        self.draw_passages(screen)
        group = self.doc.group(self.group) if self.group else None
        if group is not None:
            for c in group.deploy_cells:
                hex_outline(screen, control, self.doc.hex_of(c), SELECTED, 3)
        for problem in self.problems:
            for h in problem.marked():
                hex_outline(screen, control, h, PROBLEM, 3)
        under = self.hex_under(self.mouse)
        if under is not None:
            hex_outline(screen, control, under, BRUSH, 2)

    def draw_passages(self, screen: pygame.Surface) -> None:
        """Each deep passage as a dashed line between its ends, the chosen one bright,
        and the first end of one being made."""
        control = self.control
        assert control is not None
        grid = control.view.grid
        for i, p in enumerate(self.doc.data.passage):
            ha, hb = (sd.passage_hex(self.doc, e) for e in p.ends)
            if ha is None or hb is None:
                continue
            a = to_screen(control, *grid.hex_centre(ha))
            b = to_screen(control, *grid.hex_centre(hb))
            colour = SELECTED if i == self.passage else PASSAGE
            pygame.draw.line(screen, (0, 0, 0), a, b, 5)
            pygame.draw.line(screen, colour, a, b, 3)
            for h in (ha, hb):
                hex_outline(screen, control, h, colour, 3)
        if self.passage_start is not None:
            hex_outline(screen, control, self.passage_start, BRUSH, 4)

    def counters(self) -> tuple[list[Accessory], list[tuple[Hex, str]]]:
        """The accessories drawn as in the game, and the badges of the others (objective
        counters, dungeon entrances, hidden webs)."""
        doc = self.doc
        drawn: list[Accessory] = []
        badges: list[tuple[Hex, str]] = []
        for a in doc.data.accessory:
            hexes = tuple(doc.hex_of(c) for c in a.cells)
            drawn.append(Accessory(a.id, a.kind, hexes, a.face_up, a.facing))
            if a.kind is AccessoryKind.DUNGEON_ENTRANCE:
                badges.append((hexes[0], pgettext("map badge", "Entrance")))
            elif a.hidden:
                badges.append((hexes[0], pgettext("map badge", "hidden")))
        for o in doc.data.objective:
            for n, h in enumerate(sd.objective_hexes(doc, o.kind)):
                real = "!" if o.real == n else "?"  # the designer sees which is true
                badges.append((h, f"{word(OBJECTIVE_BADGES, o.kind)} {real}"))
        for i, p in enumerate(doc.data.passage):
            for end in p.ends:
                at = sd.passage_hex(doc, end)
                if at is not None:
                    badges.append((at, _("Passage {n}").format(n=i + 1)))
        return drawn, badges

    def zone_lines(self) -> list[Segment]:
        """The map's zones' borders; the chosen group's zones bright, the others dim."""
        group = self.doc.group(self.group) if self.group else None
        mine: set[str] = set()
        if group is not None:
            mine |= set(zones_of(group.deploy))
            mine |= set(zones_of(group.enter.zone if group.enter else None))
        key = (id(self.doc.board), tuple(sorted(mine)))
        if self._zone_key != key:
            grid = self.doc.board.grid
            self._zone_key = key
            lines: list[Segment] = []
            for z in self.doc.board.zones:
                colour = ZONE_COLOURS.get(z.kind, (255, 255, 255))
                if z.name in mine:
                    colour = SELECTED
                elif mine or z.kind not in (ZoneKind.DEPLOYMENT, ZoneKind.ENTRY, ZoneKind.EXIT):
                    colour = tuple(c // 2 for c in colour)  # type: ignore[assignment]
                lines += [
                    (colour, *grid.edge_segment(h, n))
                    for h in z.hexes
                    for n in h.neighbours()
                    if n not in z.hexes
                ]
            self._zone_lines = lines
        return self._zone_lines


def zones_of(value: str | list[str] | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)
