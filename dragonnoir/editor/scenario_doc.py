"""A scenario being made in the editor: the forces placed on a map, their groups, the
counters, the victory conditions; the edits that change it, each returning its inverse.

The document holds the scenario file's own model (`engine.scenario_format.ScenarioFile`,
frozen pydantic values), so what the editor saves is exactly what `load_scenario` reads,
and an edit replaces one part of it (`SetPart`): its inverse is the part it replaced.
The helpers below turn the designer's acts (place a counter, make a group deploy, add a
victory condition) into such edits and refuse, with a message, what the format refuses.
`check` runs the engine's own loader on the document (every fault it would report when
the file is played) and the design checks of `placement.py` (docs/editor.md).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from pydantic import ValidationError

from dragonnoir.datafiles import load_toml_model, read_toml
from dragonnoir.editor import copies
from dragonnoir.editor.copies import Copied
from dragonnoir.editor.edits import Edit, EditError, batch
from dragonnoir.editor.layout_doc import _relpath, layout_namer
from dragonnoir.editor.playable import play_problems
from dragonnoir.editor.validate import Namer, Problem, cell_namer
from dragonnoir.editor.words import (
    BOX_WORDS,
    COUNTER_WORDS,
    KIND_WORDS,
    SIDE_WORDS,
    data_word,
    word,
)
from dragonnoir.engine import box
from dragonnoir.engine.roster import Roster, Tag
from dragonnoir.engine.scenario import Scenario, scenario_from, scenario_problems
from dragonnoir.engine.scenario_format import (
    AccessoryEntry,
    ConditionEntry,
    GroupEntry,
    ObjectiveEntry,
    PassageEntry,
    ScenarioFile,
    UnitEntry,
    VictoryEntry,
    WizardEntry,
)
from dragonnoir.engine.state import Accessory, AccessoryKind, Side, Unit
from dragonnoir.engine.tables import RulesData, default_rules_data
from dragonnoir.engine.values import side_of
from dragonnoir.errors import DataFileError, DragonNoirError
from dragonnoir.hexmap.board import Board
from dragonnoir.hexmap.board_io import load_board
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.layout import Layout, load_layout
from dragonnoir.i18n import NP_, _
from dragonnoir.pydantic_words import validation_reason
from dragonnoir.safe_read import SCENARIO, named_file, resolved
from dragonnoir.safe_write import write_text

#: The rule a fault of the file's format cites (the loader's message names the entry).
R_SCENARIO: Final = NP_("rule", "Scenario file (docs/scenarios.md)")

#: The turn limit a new scenario starts with: the shipped scenarios' usual one (10-12).
NEW_TURN_LIMIT: Final = 10

#: The accessories a designer places one cell at a time (objectives are `toggle_objective`).
PLACED_ACCESSORIES: Final = (
    AccessoryKind.WEB,
    AccessoryKind.BOAT,
    AccessoryKind.BRIDGE,
    AccessoryKind.GALLERY,
    AccessoryKind.DEMOLISHED_WALL,
    AccessoryKind.DUNGEON_ENTRANCE,
)
OBJECTIVE_KINDS: Final = ("orb", "khuzun", "sun")


def load_map(path: Path, rules: RulesData) -> tuple[Board, Layout | None]:
    """The map a scenario is made on: a board (.tmx) or a layout (.toml), composed."""
    if path.suffix.lower() == ".toml":
        layout = load_layout(path, rules.terrain)
        return layout.map, layout
    return load_board(path, rules.terrain), None


@dataclass(frozen=True)
class Placed:
    """A character of the scenario, found by its unit id: where its entry is in the file
    (`group` None: a top-level `[[unit]]`) and where it stands (None: off the map until
    deployed or entering)."""

    unit_id: str
    entry: UnitEntry
    group: str | None
    index: int
    hex: Hex | None
    side: Side


@dataclass
class ScenarioDocument:
    """A scenario open in the editor: its file model, its map, and the file it came from."""

    data: ScenarioFile
    map_path: Path
    board: Board
    layout: Layout | None = None
    path: Path | None = None
    rules: RulesData = field(default_factory=default_rules_data)
    #: The last save went to the player's copy of a shipped scenario (copies.py).
    copied: Copied | None = field(default=None, compare=False)

    @property
    def roster(self) -> Roster:
        return self.rules.roster

    @property
    def title(self) -> str:
        return (
            self.path.name
            if self.path is not None
            else _("{name} (new)").format(name=self.data.name)
        )

    # -- files -------------------------------------------------------------------------

    @classmethod
    def new(cls, map_path: Path | str, rules: RulesData | None = None) -> ScenarioDocument:
        """An empty scenario on the board or layout file `map_path`."""
        r = rules or default_rules_data()
        p = resolved(Path(map_path))
        board, layout = load_map(p, r)
        name = layout.name if layout is not None else board.name
        ident = _slug(p.stem) + "-scenario"
        data = ScenarioFile(
            id=ident,
            name=_("A scenario on {name}").format(name=name),
            map=p.as_posix(),
            turn_limit=NEW_TURN_LIMIT,  # a game without one never ends
        )
        return cls(data, p, board, layout, None, r)

    @classmethod
    def open(cls, path: Path | str, rules: RulesData | None = None) -> ScenarioDocument:
        """Read a scenario file and its map. Its meaning is not checked here (that is
        `check`'s job, shown as problems): the editor opens a broken scenario to mend it."""
        src = Path(path)
        r = rules or default_rules_data()
        data = load_toml_model(src, ScenarioFile, SCENARIO)
        map_path = named_file(src, data.map, "map", place="field map")
        if not map_path.is_file():
            raise DataFileError(
                src,
                _("no map file {map!r} ({path})").format(map=data.map, path=map_path),
                place="field map",
            )
        board, layout = load_map(map_path, r)
        data = data.model_copy(update={"map": map_path.as_posix()})
        return cls(data, map_path, board, layout, src, r)

    def toml(self, path: Path) -> str:
        """The scenario file's text for a file at `path` (the map named relative to it)."""
        rel = Path(_relpath(self.map_path, path.resolve().parent)).as_posix()
        raw = self.data.model_copy(update={"map": rel}).model_dump(
            mode="json", exclude_defaults=True
        )
        for key in ("id", "name", "map"):  # required: always written, in this order
            raw.pop(key, None)
        head = {"id": self.data.id, "name": self.data.name, "map": rel}
        return (
            "# A Dragon Noir scenario (docs/scenarios.md), made in the map editor.\n\n"
            + dump_toml({**head, **raw})
        )

    def save(self, path: Path | str | None = None) -> Path:
        """Write the scenario TOML (atomically) to `path` or where it came from; a
        shipped scenario goes to the player's copy (`copied` says so)."""
        self.copied = copies.copy_for("scenario", self.path, path, self.data.name)
        if self.copied is not None:
            path = self.copied.path
            self.data = self.data.model_copy(
                update={"id": path.stem, "name": self.copied.copy_name}
            )
        target = Path(path) if path is not None else self.path
        if target is None:
            raise EditError(_("this scenario has never been saved: choose a file name"))
        write_text(target, self.toml(target))
        self.path = target
        return target

    # -- checking --------------------------------------------------------------------------

    def load(self) -> Scenario:
        """The scenario as the game would load it (a `DataFileError` naming the entry at
        fault, with this document's title as the file)."""
        src = self.path or Path(self.title)
        try:
            scenario = scenario_from(self.data, src, self.rules, map_=(self.board, self.layout))
        except DataFileError as exc:
            raise DataFileError(self.path or self.title, exc.detail, exc.place) from None
        scenario.source = self.path
        return scenario

    def check(self) -> list[Problem]:
        """What stops the scenario being played: every fault the loader finds, each
        naming its entry and marking its hexes (`scenario_problems`); without any, the
        design problems of the map and of where its characters stand (the same as
        `validate --design`)."""
        src = self.path or Path(self.title)
        faults = scenario_problems(self.data, src, self.rules, map_=(self.board, self.layout))
        if faults:
            return [
                Problem(
                    R_SCENARIO, f"{exc.place}: {exc.detail}" if exc.place else exc.detail, exc.hexes
                )
                for exc in faults
            ]
        return play_problems(self.load(), self.namer(), self.rules)

    def namer(self) -> Namer:
        if self.layout is not None:
            return layout_namer(self.layout)
        return cell_namer(self.board)

    # -- reading -----------------------------------------------------------------------

    def cell_of(self, h: Hex) -> tuple[int, int]:
        col, row = self.board.grid.to_cell(h)
        return (col, row)

    def hex_of(self, cell: Sequence[int]) -> Hex:
        return self.board.grid.to_hex(cell[0], cell[1])

    def placed(self) -> Iterator[Placed]:
        """Every character entry of the file, top-level ones first, then by group."""
        for i, u in enumerate(self.data.unit):
            yield self._placed(u, None, i, self._side_of(u.kind))
        for g in self.data.group:
            for i, u in enumerate(g.unit):
                yield self._placed(u, g.id, i, Side(g.side))

    def _placed(self, u: UnitEntry, group: str | None, i: int, side: Side) -> Placed:
        h = self.hex_of(u.cell) if u.cell is not None else None
        return Placed(u.id or u.kind, u, group, i, h, side)

    def _side_of(self, kind: str) -> Side:
        return side_of(self.roster, kind) if kind in self.roster else Side.ADVENTURERS

    def find(self, unit_id: str) -> Placed | None:
        return next((p for p in self.placed() if p.unit_id == unit_id), None)

    def unit_at(self, h: Hex) -> Placed | None:
        return next((p for p in self.placed() if p.hex == h), None)

    def group(self, group_id: str) -> GroupEntry | None:
        return next((g for g in self.data.group if g.id == group_id), None)

    def units_on_map(self) -> list[Unit]:
        """Engine units of the characters standing on the map (for drawing and checks)."""
        out = []
        for p in self.placed():
            if p.hex is None or p.entry.kind not in self.roster:
                continue
            cell = self.board.cells.get(p.hex)
            level = p.entry.level if p.entry.level is not None else (cell.level if cell else 0.0)
            out.append(
                Unit(
                    p.unit_id,
                    p.entry.kind,
                    p.side,
                    p.hex,
                    level,
                    p.entry.facing,
                    adult=p.entry.adult,
                )
            )
        return out

    def is_wizard(self, kind: str) -> bool:
        counter = self.roster.get(kind)
        return counter is not None and Tag.WIZARD in getattr(counter, "tags", ())

    def wizard_level(self, unit_id: str) -> int | None:
        entry = next((w for w in self.data.wizard if w.unit == unit_id), None)
        return None if entry is None else entry.level

    def zone_names(self, *kinds: str) -> list[str]:
        """The map's zone names (of these kinds), as a scenario names them."""
        return sorted(z.name for z in self.board.zones if not kinds or z.kind.value in kinds)

    def fresh_id(self, base: str, taken: Sequence[str]) -> str:
        if base not in taken:
            return base
        n = 2
        while f"{base}_{n}" in taken:
            n += 1
        return f"{base}_{n}"


# -- the one edit -------------------------------------------------------------------------


@dataclass(frozen=True)
class SetPart:
    """Replace one field of the scenario file (`units`, `group`, `victory`, `name`...):
    the inverse puts back the value it replaced."""

    part: str
    value: Any
    name: str

    @property
    def label(self) -> str:
        return self.name

    def apply(self, doc: ScenarioDocument) -> SetPart:
        if self.part not in ScenarioFile.model_fields:
            raise EditError(_("a scenario has no field {part!r}").format(part=self.part))
        old = getattr(doc.data, self.part)
        doc.data = doc.data.model_copy(update={self.part: self.value})
        return SetPart(self.part, old, self.name)

    def touched(self) -> frozenset[Hex] | None:
        return frozenset()  # counters are drawn over the map: the board's look is unchanged


def _model(model_type: type[Any], /, **values: Any) -> Any:
    """Build a format model; what the format refuses becomes an `EditError`."""
    try:
        return model_type(**values)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise EditError(f"{where + ': ' if where else ''}{validation_reason(first)}") from None


# -- scenario details ---------------------------------------------------------------------


def set_info(doc: ScenarioDocument, **changes: Any) -> Edit[ScenarioDocument] | None:
    """Change top-level fields (name, id, briefing, size, turn_limit, rules); None when
    nothing changes. Checked by the format (an id with capitals is refused)."""
    try:
        new = ScenarioFile.model_validate({**doc.data.model_dump(), **changes})
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise EditError(f"{where}: {validation_reason(first)}") from None
    edits = [
        SetPart(k, getattr(new, k), _("Set the {k}").format(k=k.replace("_", " ")))
        for k in changes
        if getattr(doc.data, k) != getattr(new, k)
    ]
    if not edits:
        return None
    return batch(edits, edits[0].name if len(edits) == 1 else _("Scenario details"))


def set_victory(doc: ScenarioDocument, **changes: Any) -> Edit[ScenarioDocument] | None:
    """Change the victory block's at-limit judge, margin or draw rule."""
    victory = _model(VictoryEntry, **{**doc.data.victory_or_default.model_dump(), **changes})
    if victory == doc.data.victory_or_default and doc.data.victory is not None:
        return None
    return SetPart("victory", victory, _("Victory at the turn limit"))


def drop_victory(doc: ScenarioDocument) -> Edit[ScenarioDocument] | None:
    """No victory table: the game ends at the turn limit with no winner (refused while
    conditions are listed: remove them first, so none is lost by a menu)."""
    victory = doc.data.victory
    if victory is None:
        return None
    if victory.condition:
        raise EditError(
            _("remove the victory conditions first (a game without them has no winner)")
        )
    return SetPart("victory", None, _("No winner at the turn limit"))


def put_condition(
    doc: ScenarioDocument, index: int | None, condition: ConditionEntry | None
) -> Edit[ScenarioDocument]:
    """Add (`index` None), replace or remove (`condition` None) a victory condition."""
    conditions = list(doc.data.victory_or_default.condition)
    if index is None:
        if condition is None:
            raise EditError(_("nothing to add"))
        conditions.append(condition)
        label = _("Add a victory condition ({kind})").format(kind=word(KIND_WORDS, condition.kind))
    elif not 0 <= index < len(conditions):
        raise EditError(_("there is no victory condition {n}").format(n=index + 1))
    elif condition is None:
        label = _("Remove victory condition {n}").format(n=index + 1)
        del conditions[index]
    else:
        conditions[index] = condition
        label = _("Change victory condition {n}").format(n=index + 1)
    victory = doc.data.victory_or_default.model_copy(update={"condition": conditions})
    return SetPart("victory", victory, label)


def condition_from_form(
    side: str,
    kind: str,
    *,
    units: str = "",
    count: str = "",
    zones: str = "",
    turn: str = "",
    text: str = "",
) -> ConditionEntry:
    """A victory condition from the form's text fields (lists comma separated); a field
    the format refuses is an `EditError` saying which."""

    def number(value: str, what: str) -> int | None:
        value = value.strip()
        if not value:
            return None
        try:
            return int(value)
        except ValueError:
            raise EditError(
                _("the {what} is a whole number, not {value!r}").format(what=what, value=value)
            ) from None

    def names(value: str) -> list[str]:
        return [v.strip() for v in value.split(",") if v.strip()]

    entry: ConditionEntry = _model(
        ConditionEntry,
        side=side,
        kind=kind,
        units=names(units),
        count=number(count, "count"),
        zones=names(zones),
        turn=number(turn, "turn"),
        text=text.strip(),
    )
    return entry


# -- characters -------------------------------------------------------------------------


def _taken_ids(doc: ScenarioDocument) -> list[str]:
    return [p.unit_id for p in doc.placed()]


def _group_edit(doc: ScenarioDocument, groups: list[GroupEntry], label: str) -> SetPart:
    return SetPart("group", groups, label)


def place_unit(
    doc: ScenarioDocument,
    kind: str,
    h: Hex | None,
    group: str | None = None,
    *,
    new_group_side: str | None = None,
) -> Edit[ScenarioDocument]:
    """Put a counter of roster `kind` in the scenario: standing on `h` (a top-level
    character, or one of a group whose characters stand where placed), or into a group
    that deploys or enters later (then `h` is only where the designer clicked). With
    `new_group_side`, a new group of that side is made for it."""
    counter = doc.roster.get(kind)
    if counter is None:
        raise EditError(_("no counter {kind!r} in the roster").format(kind=kind))
    name = data_word(counter.name)
    if h is not None and h not in doc.board.cells:
        raise EditError(_("that place is off the map"))
    side = doc._side_of(kind).value
    target = doc.group(group) if group else None
    if group and target is None:
        raise EditError(_("there is no group {group!r}").format(group=group))
    if new_group_side is not None:
        side_wanted = new_group_side
    elif target is not None:
        side_wanted = target.side
    else:
        side_wanted = side
    if side != side_wanted:
        raise EditError(
            _("{name} is one of the {side}; the group is of the {side_wanted}").format(
                name=name, side=word(SIDE_WORDS, side), side_wanted=word(SIDE_WORDS, side_wanted)
            )
        )
    off_map = target is not None and (
        target.deploy is not None or target.deploy_cells or target.enter
    )
    cell = None if off_map or h is None else doc.cell_of(h)
    if cell is None and target is None and new_group_side is None:
        raise EditError(_("click the map where the character stands"))
    if cell is not None and h is not None:
        other = doc.unit_at(h)
        if other is not None:
            raise EditError(
                _(
                    "{name} already stands at cell {cell} (Stacking: one living character per hex)"
                ).format(name=data_word(doc.roster[other.entry.kind].name), cell=cell)
            )
    ident = doc.fresh_id(kind, _taken_ids(doc))
    entry = _model(UnitEntry, kind=kind, id=None if ident == kind else ident, cell=cell)
    where = _(" at cell {cell}").format(cell=cell) if cell is not None else ""
    if new_group_side is not None:
        gid = doc.fresh_id(new_group_side, [g.id for g in doc.data.group])
        new = _model(GroupEntry, id=gid, side=new_group_side, unit=[entry])
        return _group_edit(
            doc,
            [*doc.data.group, new],
            _("New group {gid}: {name}{where}").format(gid=gid, name=name, where=where),
        )
    if target is None:
        return SetPart(
            "unit",
            [*doc.data.unit, entry],
            _("Place {name}{where}").format(name=name, where=where),
        )
    groups = [
        g.model_copy(update={"unit": [*g.unit, entry]}) if g.id == target.id else g
        for g in doc.data.group
    ]
    return _group_edit(
        doc, groups, _("Add {name} to {id}{where}").format(name=name, id=target.id, where=where)
    )


def _replace_entry(
    doc: ScenarioDocument, found: Placed, entry: UnitEntry | None, label: str
) -> list[Edit[ScenarioDocument]]:
    """Edits replacing (or removing) one character's entry; a group left empty goes too."""
    if found.group is None:
        units = list(doc.data.unit)
        if entry is None:
            del units[found.index]
        else:
            units[found.index] = entry
        return [SetPart("unit", units, label)]
    groups: list[GroupEntry] = []
    for g in doc.data.group:
        if g.id != found.group:
            groups.append(g)
            continue
        units = list(g.unit)
        if entry is None:
            del units[found.index]
        else:
            units[found.index] = entry
        if units:
            groups.append(g.model_copy(update={"unit": units}))
    return [SetPart("group", groups, label)]


def move_unit(doc: ScenarioDocument, unit_id: str, h: Hex) -> Edit[ScenarioDocument]:
    """Stand a character on another hex."""
    found = doc.find(unit_id)
    if found is None:
        raise EditError(_("no character {unit_id!r} in this scenario").format(unit_id=unit_id))
    if h not in doc.board.cells:
        raise EditError(_("that place is off the map"))
    group = doc.group(found.group) if found.group else None
    if group is not None and (group.deploy is not None or group.deploy_cells or group.enter):
        raise EditError(
            _("{unit_id} is placed by the group's player or enters later").format(unit_id=unit_id)
        )
    other = doc.unit_at(h)
    if other is not None and other.unit_id != unit_id:
        raise EditError(
            _("{unit_id} already stands at cell {cell}").format(
                unit_id=other.unit_id, cell=doc.cell_of(h)
            )
        )
    cell = doc.cell_of(h)
    entry = found.entry.model_copy(update={"cell": cell})
    return batch(
        _replace_entry(
            doc, found, entry, _("Move {unit_id} to cell {cell}").format(unit_id=unit_id, cell=cell)
        )
    )


def remove_unit(doc: ScenarioDocument, unit_id: str) -> Edit[ScenarioDocument]:
    """Take a character out, with his wizard entry (the file must stay loadable)."""
    found = doc.find(unit_id)
    if found is None:
        raise EditError(_("no character {unit_id!r} in this scenario").format(unit_id=unit_id))
    label = _("Remove {unit_id}").format(unit_id=unit_id)
    edits = _replace_entry(doc, found, None, label)
    wizards = [w for w in doc.data.wizard if w.unit != unit_id]
    if len(wizards) != len(doc.data.wizard):
        edits.append(SetPart("wizard", wizards, label))
    return batch(edits, label)


def set_facing(doc: ScenarioDocument, unit_id: str, facing: int) -> Edit[ScenarioDocument]:
    found = doc.find(unit_id)
    if found is None:
        raise EditError(_("no character {unit_id!r} in this scenario").format(unit_id=unit_id))
    entry = found.entry.model_copy(update={"facing": facing % 6})
    return batch(
        _replace_entry(
            doc,
            found,
            entry,
            _("Turn {unit_id} to facing {n}").format(unit_id=unit_id, n=facing % 6),
        )
    )


def set_wizard(doc: ScenarioDocument, unit_id: str, level: int | None) -> Edit[ScenarioDocument]:
    """Make a character a wizard of `level` (1 or 2) in this scenario, or no longer."""
    found = doc.find(unit_id)
    if found is None:
        raise EditError(_("no character {unit_id!r} in this scenario").format(unit_id=unit_id))
    wizards = [w for w in doc.data.wizard if w.unit != unit_id]
    if level is not None:
        if not doc.is_wizard(found.entry.kind):
            raise EditError(
                _("{unit_id} is no wizard (Magic: only wizards cast spells)").format(
                    unit_id=unit_id
                )
            )
        index = next((i for i, w in enumerate(doc.data.wizard) if w.unit == unit_id), len(wizards))
        wizards.insert(index, _model(WizardEntry, unit=unit_id, level=level))
        label = _("{unit_id}: wizard level {level}").format(unit_id=unit_id, level=level)
    else:
        label = _("{unit_id}: no wizard entry").format(unit_id=unit_id)
    return SetPart("wizard", wizards, label)


#: What a character's entry may say of his state at the start (`set_unit`).
UNIT_FIELDS: Final = ("name", "status", "wounds", "level")
STATUSES: Final = ("healthy", "wounded", "knocked_out", "killed")


def set_unit(doc: ScenarioDocument, unit_id: str, **changes: Any) -> Edit[ScenarioDocument]:
    """Change a character's display `name` (None or "": the counter's), `status`
    (healthy, wounded, knocked out, killed), `wounds` or `level` (None: the hex's own;
    +1 stands on a walkway's deck). The format refuses what it refuses (a negative
    wound count); the loader judges the rest live (a level the hex does not have)."""
    found = doc.find(unit_id)
    if found is None:
        raise EditError(_("no character {unit_id!r} in this scenario").format(unit_id=unit_id))
    bad = sorted(set(changes) - set(UNIT_FIELDS))
    if bad:
        raise EditError(
            _("a character has no field {bad!r} here ({names})").format(
                bad=bad[0], names=", ".join(UNIT_FIELDS)
            )
        )
    if "name" in changes:
        changes["name"] = (changes["name"] or "").strip() or None
    entry: UnitEntry = _model(UnitEntry, **{**found.entry.model_dump(), **changes})
    if entry == found.entry:
        raise EditError(_("nothing changes"))
    what = ", ".join(f"{k} {_shown(v)}" for k, v in changes.items())
    label = _("{unit_id}: {changes}").format(unit_id=unit_id, changes=what)
    return batch(_replace_entry(doc, found, entry, label))


def _shown(value: Any) -> str:
    if value is None:
        return _("(none)")
    if isinstance(value, float):
        return f"{value:+g}" if value else "0"
    return str(value).replace("_", " ")


def unit_levels(doc: ScenarioDocument, unit_id: str) -> tuple[float, ...]:
    """The levels a character may be given where he stands (a walkway's +1 too)."""
    found = doc.find(unit_id)
    if found is None or found.hex is None or found.hex not in doc.board.cells:
        return ()
    return doc.board.cells[found.hex].levels()


# -- deployment on cells ------------------------------------------------------------------


def toggle_deploy_cell(doc: ScenarioDocument, group_id: str, h: Hex) -> Edit[ScenarioDocument]:
    """Add the cell `h` to where a group deploys (`deploy_cells`), or take it off. A
    group deploying on cells comes into play by deployment: no entry, no cells of its
    own characters (their player places them)."""
    group = doc.group(group_id)
    if group is None:
        raise EditError(_("there is no group {group_id!r}").format(group_id=group_id))
    if h not in doc.board.cells:
        raise EditError(_("that place is off the map"))
    cell = doc.cell_of(h)
    cells = [tuple(c) for c in group.deploy_cells]
    if cell in cells:
        cells.remove(cell)
    else:
        terrain = doc.rules.terrain[doc.board.cells[h].terrain]
        if not terrain.passable or terrain.water:
            raise EditError(
                _("cell {cell} is {name}: characters deploy on open ground").format(
                    cell=cell, name=data_word(terrain.name).lower()
                )
            )
        cells.append(cell)
    if not cells and group.deploy is None:
        raise EditError(
            _("a group that deploys needs a zone or a cell: choose Placed or Enters instead")
        )
    return set_group(doc, group_id, deploy_cells=cells, enter=None)


# -- deep passages --------------------------------------------------------------------------


def passage_end(doc: ScenarioDocument, h: Hex) -> str | tuple[int, int]:
    """How a passage names its end at `h`: the dungeon entrance zone there (it stays
    right if the zone is redrawn), else the cell."""
    if h not in doc.board.cells:
        raise EditError(_("that place is off the map"))
    for zone in doc.board.zones:
        if zone.kind.value == "dungeon_entrance" and h in zone.hexes:
            return zone.name
    return doc.cell_of(h)


def passage_hex(doc: ScenarioDocument, end: str | Sequence[int]) -> Hex | None:
    """The hex of a passage's end (a zone's first hex, as the loader takes it)."""
    if isinstance(end, str):
        zone = doc.board.zone(end)
        if zone is None or not zone.hexes:
            return None
        return min(zone.hexes, key=lambda x: (x.q, x.r))
    return doc.hex_of(end)


def put_passage(
    doc: ScenarioDocument, index: int | None, passage: PassageEntry | None
) -> Edit[ScenarioDocument]:
    """Add (`index` None), replace or remove (`passage` None) a deep passage."""
    passages = list(doc.data.passage)
    if index is None:
        if passage is None:
            raise EditError(_("nothing to add"))
        passages.append(passage)
        label = _("Deep passage {n}").format(n=len(passages))
    elif not 0 <= index < len(passages):
        raise EditError(_("there is no deep passage {n}").format(n=index + 1))
    elif passage is None:
        del passages[index]
        label = _("Remove deep passage {n}").format(n=index + 1)
    else:
        passages[index] = passage
        label = _("Change deep passage {n}").format(n=index + 1)
    return SetPart("passage", passages, label)


def new_passage(doc: ScenarioDocument, a: Hex, b: Hex) -> Edit[ScenarioDocument]:
    """A deep passage from `a` to `b` (one game turn, both ways: the format's default)."""
    ends = (passage_end(doc, a), passage_end(doc, b))
    if ends[0] == ends[1]:
        raise EditError(_("a passage joins two different entrances: click another hex"))
    return put_passage(doc, None, _model(PassageEntry, ends=ends))


def set_passage(doc: ScenarioDocument, index: int, **changes: Any) -> Edit[ScenarioDocument]:
    """Change a passage's `turns`, `both_ways` or `name`."""
    if not 0 <= index < len(doc.data.passage):
        raise EditError(_("there is no deep passage {n}").format(n=index + 1))
    old = doc.data.passage[index]
    new: PassageEntry = _model(PassageEntry, **{**old.model_dump(), **changes})
    if new == old:
        raise EditError(_("nothing changes"))
    return put_passage(doc, index, new)


# -- groups ---------------------------------------------------------------------------------


def set_group(doc: ScenarioDocument, group_id: str, **changes: Any) -> Edit[ScenarioDocument]:
    """Change a group: `name`, `hidden`, `behaviour`, `deploy` (zone names, or None),
    `enter` (an `EntrySpec` dict or None). A group that starts deploying or entering later
    loses its characters' cells (the format: they have none until placed in play)."""
    group = doc.group(group_id)
    if group is None:
        raise EditError(_("there is no group {group_id!r}").format(group_id=group_id))
    values = {**group.model_dump(), **changes}
    if changes.get("enter") is not None:
        values["deploy"], values["deploy_cells"] = None, []
    if changes.get("deploy") is not None:
        values["enter"] = None
    if values.get("deploy") == []:
        values["deploy"] = None
    off_map = values.get("deploy") is not None or values.get("deploy_cells") or values.get("enter")
    if off_map:
        values["unit"] = [{**u, "cell": None} for u in values["unit"]]
    new: GroupEntry = _model(GroupEntry, **values)
    if new == group:
        raise EditError(_("nothing changes"))
    groups = [new if g.id == group_id else g for g in doc.data.group]
    what = ", ".join(sorted(changes))
    return _group_edit(
        doc, groups, _("Group {group_id}: {what}").format(group_id=group_id, what=what)
    )


def how_group_comes(group: GroupEntry) -> str:
    """In words: how a group comes into play."""
    if group.enter is not None:
        zones = (
            group.enter.zone if isinstance(group.enter.zone, str) else ", ".join(group.enter.zone)
        )
        return _("enters on turn {turn} by {zones}").format(turn=group.enter.turn, zones=zones)
    if group.deploy is not None or group.deploy_cells:
        zones = group.deploy if isinstance(group.deploy, str) else ", ".join(group.deploy or [])
        if not zones:
            return _("deployed by its player on the cells given")
        return _("deployed by its player in {zones}").format(zones=zones)
    return _("stands where placed")


# -- counters -----------------------------------------------------------------------------


def toggle_accessory(
    doc: ScenarioDocument, kind: AccessoryKind, h: Hex, *, hidden: bool = False
) -> Edit[ScenarioDocument]:
    """Put an accessory counter of `kind` on `h`, or take off the one there."""
    if h not in doc.board.cells:
        raise EditError(_("that place is off the map"))
    cell = doc.cell_of(h)
    there = [a for a in doc.data.accessory if tuple(cell) in [tuple(c) for c in a.cells]]
    if there:
        kept = [a for a in doc.data.accessory if a not in there]
        return SetPart("accessory", kept, _("Remove {id}").format(id=there[0].id))
    if hidden and kind is not AccessoryKind.WEB:
        raise EditError(_("only spider webs are placed in secret"))
    cells = [cell]
    if kind is AccessoryKind.BOAT:  # a boat covers two hexes: stern here, bow beside it
        bow = _bow(doc, h)
        if bow is None:
            raise EditError(_("a boat covers two water hexes: there is no water beside this one"))
        cells.append(doc.cell_of(bow))
    why = _box_refusal(doc, kind, len(cells))
    if why is not None:
        raise EditError(why)
    ident = doc.fresh_id(kind.value, [a.id for a in doc.data.accessory])
    entry = _model(AccessoryEntry, id=ident, kind=kind, cells=cells, hidden=hidden)
    label = _("Place {counter} at cell {cell}").format(
        counter=word(COUNTER_WORDS, kind.value), cell=cell
    )
    return SetPart("accessory", [*doc.data.accessory, entry], label)


def box_left(doc: ScenarioDocument, kind: str) -> list[tuple[str, int, int]]:
    """What the box has left of the counters placed as `kind` (an accessory kind or an
    objective kind): (counter, left, the box's count), for the editor to show ("Game
    Components": the box's counters are the limits; engine/box.py)."""
    if kind in OBJECTIVE_KINDS:
        limit = box.OBJECTIVE_LIMITS[kind]
        return [(kind, limit - len(objective_hexes(doc, kind)), limit)]
    used = box.counters_used(
        Accessory(a.id, a.kind, tuple(doc.hex_of(c) for c in a.cells)) for a in doc.data.accessory
    )
    limits = box.counter_limits(doc.rules.spells.counters)
    return [
        (counter, limit - used.get(counter, 0), limit)
        for counter, (limit, _) in limits.items()
        if counter == kind or counter.startswith(_COUNTER_PREFIX.get(kind, "-"))
    ]


#: The spell counters each placed accessory kind takes.
_COUNTER_PREFIX: Final = {"bridge": "bridge_", "gallery": "gallery_"}


def _box_refusal(doc: ScenarioDocument, kind: AccessoryKind, cells: int) -> str | None:
    """Why one more `kind` counter of `cells` hexes is not in the box, or None."""
    counter = box.counter_of(Accessory("new", kind, tuple(Hex(i, 0) for i in range(cells))))
    for name, left, limit in box_left(doc, kind.value):
        if name == counter and left <= 0:
            return _("the box holds {limit} {counters}: none is left").format(
                limit=limit, counters=word(BOX_WORDS, name)
            )
    return None


def _bow(doc: ScenarioDocument, stern: Hex) -> Hex | None:
    """The first water hex next to `stern` (E, then counter-clockwise) free of counters."""
    table = doc.rules.terrain
    taken = {tuple(c) for a in doc.data.accessory for c in a.cells}
    for n in stern.neighbours():
        cell = doc.board.cells.get(n)
        if cell is not None and table[cell.terrain].water and doc.cell_of(n) not in taken:
            return n
    return None


def toggle_objective(doc: ScenarioDocument, kind: str, h: Hex) -> Edit[ScenarioDocument]:
    """Add a "?" counter of `kind` (orb, khuzun, sun) on `h`, or take it off."""
    if kind not in OBJECTIVE_KINDS:
        raise EditError(_("no objective kind {kind!r} (orb, khuzun, sun)").format(kind=kind))
    if h not in doc.board.cells:
        raise EditError(_("that place is off the map"))
    cell = doc.cell_of(h)
    objectives = list(doc.data.objective)
    index = next((i for i, o in enumerate(objectives) if o.kind == kind), None)
    current = objectives[index] if index is not None else None
    cells = [tuple(c) for c in current.cells] if current else []
    if cell in cells:
        cells.remove(cell)
        label = _("Take the {counter} off cell {cell}").format(
            counter=word(COUNTER_WORDS, kind), cell=cell
        )
    else:
        limit = box.OBJECTIVE_LIMITS[kind]
        if len(cells) + (len(current.zones) if current else 0) >= limit:
            raise EditError(
                _("the box holds {limit} {counters}: none is left").format(
                    limit=limit, counters=word(BOX_WORDS, kind)
                )
            )
        cells.append(cell)
        label = _("{counter} at cell {cell}").format(counter=word(COUNTER_WORDS, kind), cell=cell)
    zones = list(current.zones) if current else []
    if not cells and not zones:
        assert index is not None
        del objectives[index]
    else:
        real = (
            current.real
            if current and current.real is not None and current.real < len(cells) + len(zones)
            else None
        )
        entry = _model(ObjectiveEntry, kind=kind, cells=cells, zones=zones, real=real)
        if index is None:
            objectives.append(entry)
        else:
            objectives[index] = entry
    return SetPart("objective", objectives, label)


def set_objective_real(
    doc: ScenarioDocument, kind: str, real: int | None
) -> Edit[ScenarioDocument]:
    """Say which "?" counter of `kind` is the true one (0 the first laid, in the file's
    order: its cells, then its zones), or None: drawn with the game's dice at the start."""
    index = next((i for i, o in enumerate(doc.data.objective) if o.kind == kind), None)
    if index is None:
        raise EditError(_("none of the {counters} laid yet").format(counters=word(BOX_WORDS, kind)))
    old = doc.data.objective[index]
    count = len(old.cells) + len(old.zones)
    if real is not None and not 0 <= real < count:
        raise EditError(
            _("there are {count} {counters} (1 to {count})").format(
                count=count, counters=word(BOX_WORDS, kind)
            )
        )
    if old.real == real:
        raise EditError(_("nothing changes"))
    objectives = list(doc.data.objective)
    objectives[index] = old.model_copy(update={"real": real})
    which = _("drawn by the dice") if real is None else _("counter {n}").format(n=real + 1)
    return SetPart(
        "objective",
        objectives,
        _("The true one of the {counters}: {which}").format(
            counters=word(BOX_WORDS, kind), which=which
        ),
    )


def objective_hexes(doc: ScenarioDocument, kind: str) -> list[Hex]:
    """The hexes of the "?" counters of `kind`, in the order `real` counts them."""
    entry = next((o for o in doc.data.objective if o.kind == kind), None)
    if entry is None:
        return []
    out = [doc.hex_of(c) for c in entry.cells]
    for name in entry.zones:
        h = passage_hex(doc, name)
        if h is not None:
            out.append(h)
    return out


def is_scenario_file(path: Path) -> bool:
    """A .toml is a scenario or a layout: told apart by what it holds (a scenario names a
    `map`; a layout lists `board`s), never by its folder or name. An unreadable file is
    left to the layout reader, whose message names the fault."""
    try:
        data = read_toml(path)
    except DragonNoirError:
        return False
    return "map" in data and "board" not in data


def unplaced(doc: ScenarioDocument, group_id: str | None) -> list[str]:
    """The characters of a group that stands where placed who have no cell yet (the group
    was deploying or entering before): a click on the map places the first."""
    group = doc.group(group_id) if group_id else None
    if group is None or group.deploy is not None or group.deploy_cells or group.enter:
        return []
    return [u.id or u.kind for u in group.unit if u.cell is None]


# -- TOML out -----------------------------------------------------------------------------


def dump_toml(data: dict[str, Any]) -> str:
    """TOML text of a model dump: scalars and small tables inline, tables and arrays of
    tables as sections (what a person writes by hand, docs/scenarios.md)."""
    lines: list[str] = []
    _section(lines, "", data, array=False)
    return "\n".join(lines).strip() + "\n"


def _is_table(value: Any) -> bool:
    return isinstance(value, dict) and any(
        isinstance(v, dict) or _is_table_array(v) for v in value.values()
    )


def _is_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _section(lines: list[str], prefix: str, data: dict[str, Any], *, array: bool) -> None:
    if prefix:
        lines.append("")
        lines.append(f"[[{prefix}]]" if array else f"[{prefix}]")
    tables = []
    for key, value in data.items():
        if (not prefix and isinstance(value, dict)) or _is_table(value) or _is_table_array(value):
            tables.append((key, value))
        else:
            lines.append(f"{key} = {_value(value)}")
    for key, value in tables:
        path = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            _section(lines, path, value, array=False)
        else:
            for item in value:
                _section(lines, path, item, array=True)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML for {value!r}")


def _key(key: str) -> str:
    """A key as TOML reads it back: bare when it can be, quoted otherwise (a scenario's
    `[text.fr.words]` are keyed by its English words, spaces and all)."""
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


def _slug(text: str) -> str:
    out = "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")
    return out or "scenario"
