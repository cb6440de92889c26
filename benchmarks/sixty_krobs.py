"""Writes the benchmark scenario `tests/data/scenarios/six_boards_sixty_krobs.toml`: the
whole box of Krobs (sixty counters: the Queen, seven Guards, eight Killers, sixteen
Warriors, twenty-eight Hunters) on the six boards of les-six-cavernes, all on the map from
the first turn, against that scenario's three bands of Adventurers.

Issue 13 (section 5) asks "a Krob turn with 60 Krobs on six boards" to take at most
300 ms: les-six-cavernes has 27 Krobs, and only 22 of them on the map in the first turns.
This file is the position that figure is measured on (`python -m benchmarks.ai_strength
--sixty`); it is not a shipped scenario (tests/data, not scenarios/).

Run: `python -m benchmarks.sixty_krobs` rewrites the file (deterministic: the Krobs of each
group on the nearest free open hexes around their group's zones, in a fixed order). The
Adventurers, accessories, objectives, passages and victory conditions are les-six-cavernes'
own, copied from its file.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path

from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import scenario_games
from dragonnoir.engine.rules.footprint import hexes_for
from dragonnoir.engine.rules.movement import placement_level
from dragonnoir.engine.state import Side, Unit
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import Hex

REPO = Path(__file__).resolve().parent.parent
SOURCE = REPO / "scenarios" / "les-six-cavernes.toml"
TARGET = REPO / "tests" / "data" / "scenarios" / "six_boards_sixty_krobs.toml"

#: (group id, name, behaviour, zones it stands around, counters). The Queen's court keeps
#: les-six-cavernes' cells for the Queen, Guards 1-2, Killer 4 and the brood.
GROUPS: list[tuple[str, str, str, list[str], list[str]]] = [
    ("court", "The Queen's court", "protect_queen", ["nid:great-hall"],
     ["guard_3", "guard_4", "guard_5", "guard_6", "guard_7"]),
    ("pit", "The pit hunters", "hunt", ["fosse:pit-bottom"],
     ["warrior_01", "warrior_02", "killer_1", "hunter_01", "warrior_03", "hunter_06"]),
    ("maze", "The maze hunters", "hunt", ["labyrinthe:central-cave", "labyrinthe:upper-ledges"],
     ["hunter_07", "hunter_08", "warrior_05", "hunter_10", "warrior_09", "warrior_10"]),
    ("island", "The island garrison", "guard", ["ile:island"],
     ["hunter_02", "hunter_03", "killer_2", "hunter_14", "hunter_15"]),
    ("shore", "The east shore", "hunt", ["ile:east-shore"],
     ["hunter_16", "hunter_17", "hunter_18", "hunter_19", "warrior_11"]),
    ("marsh", "The marsh stalkers", "hunt", ["marais:marsh-west", "marais:tower-approach"],
     ["hunter_04", "hunter_05", "killer_3", "warrior_04", "hunter_20", "hunter_21"]),
    ("bridge", "The bridge watch", "block", ["pont:east-bank"],
     ["warrior_06", "hunter_09", "warrior_12", "hunter_22"]),
    ("west-bank", "The west bank", "hunt", ["pont:west-bank"],
     ["warrior_13", "hunter_23", "hunter_24"]),
    ("war-party", "The war party", "hunt", ["nid:egg-chambers", "nid:top-centre"],
     ["warrior_07", "warrior_08", "killer_6", "hunter_11", "hunter_12", "killer_7",
      "killer_8", "warrior_14", "warrior_15", "warrior_16", "hunter_25", "hunter_26",
      "hunter_27", "hunter_28"]),
]  # fmt: skip

#: les-six-cavernes' own placed Krobs (cell, facing, adult), kept where they are.
FIXED = """\
[[group]]
id = "throne"
name = "The Queen and her first Guards"
side = "krobs"
behaviour = "protect_queen"
[[group.unit]]
kind = "queen_alkiram"
cell = [61, 27]
facing = 3
[[group.unit]]
kind = "guard_1"
cell = [58, 27]
facing = 3
[[group.unit]]
kind = "guard_2"
cell = [63, 30]
facing = 3
[[group.unit]]
kind = "killer_4"
cell = [64, 27]

[[group]]
id = "brood"
name = "The brood"
side = "krobs"
behaviour = "swarm"
[[group.unit]]
kind = "hunter_13"
name = "Newborn Hunter"
cell = [55, 21]
adult = false
[[group.unit]]
kind = "killer_5"
name = "Newborn Killer"
cell = [54, 21]
adult = false
"""

HEADER = """\
# BENCHMARK ONLY (not a shipped scenario): the whole box of Krobs, sixty counters, on the
# six boards of les-six-cavernes, all on the map from turn 1, against that scenario's three
# bands. Written by `python -m benchmarks.sixty_krobs` (do not edit by hand); measured by
# `python -m benchmarks.ai_strength --sixty` (issue 13: a Krob turn with 60 Krobs).
id = "six-boards-sixty-krobs"
name = "Sixty Krobs on six boards (benchmark)"
size = "epic"
briefing = "A benchmark position: Alkiram's whole brood awake in the six caves."
map = "../../../layouts/six-boards.toml"
turn_limit = 20
"""


def _section(text: str, start: str, end: str | None) -> str:
    i = text.index(start)
    j = text.index(end, i) if end else len(text)
    return text[i:j]


def build() -> str:
    source = SOURCE.read_text(encoding="utf-8")
    rules = _section(source, "[rules]", "# ---- the Adventurers")
    adventurers = _section(source, "# ---- the Adventurers", "# ---- the Krobs")
    rest = _section(source, "# ---- accessories", None)
    game = scenario_games(SOURCE)(0)
    board = game.board
    covered: set[Hex] = set()
    for u in game.state.units.values():
        if u.hex is not None and u.side is Side.KROBS:
            for h in _cells_of(game, u, u.hex):
                covered.add(h)
    reserved = {h for acc in game.state.accessories.values() for h in acc.hexes}
    reserved |= {h for z in board.zones if z.kind.value in ("entry", "exit") for h in z.hexes}
    used = {u.kind for u in game.state.units.values() if u.side is Side.KROBS and u.hex}
    out = [HEADER, "\n", rules, adventurers, "# ---- the Krobs (sixty) ----\n\n", FIXED]
    for gid, name, behaviour, zones, kinds in GROUPS:
        out.append(f'\n[[group]]\nid = "{gid}"\nname = "{name}"\nside = "krobs"\n')
        out.append(f'behaviour = "{behaviour}"\n')
        frontier = [h for z in zones for h in sorted(_zone(game, z))]
        for kind in kinds:
            used.add(kind)
            unit = Unit(kind, kind, Side.KROBS, facing=3)
            anchor = _nearest_free(game, unit, frontier, covered | reserved)
            covered.update(_cells_of(game, unit, anchor))
            col, row = board.grid.to_cell(anchor)
            facing = "\nfacing = 3" if kind.startswith("guard") else ""
            out.append(f'[[group.unit]]\nkind = "{kind}"\ncell = [{col}, {row}]{facing}\n')
    missing = {k.id for k in game.rules.roster.krobs} - used
    assert not missing and len(used) == 60, (len(used), sorted(missing))
    out.append("\n")
    out.append(rest)
    return "".join(out)


def _zone(game: Game, name: str) -> frozenset[Hex]:
    zone = game.board.zone(name)
    assert zone is not None, name
    return frozenset(zone.hexes)


def _cells_of(game: Game, unit: Unit, anchor: Hex) -> tuple[Hex, ...]:
    return hexes_for(anchor, profile(game, unit).size, unit.facing)


def _nearest_free(game: Game, unit: Unit, frontier: list[Hex], taken: set[Hex]) -> Hex:
    """The first hex, breadth first from `frontier` over passable hexes, where `unit`
    fits on dry ground and covers no hex already `taken`."""
    cells = game.board.cells
    table = game.rules.terrain
    seen = set(frontier)
    queue = deque(frontier)
    while queue:
        h = queue.popleft()
        if placement_level(game, unit, h, unit.facing) is not None and not any(
            c in taken or table[cells[c].terrain].water for c in _cells_of(game, unit, h)
        ):
            return h
        for n in h.neighbours():
            if n in cells and n not in seen and table[cells[n].terrain].passable:
                seen.add(n)
                queue.append(n)
    raise RuntimeError(f"no room for {unit.id}")


def main() -> None:
    TARGET.write_text(build(), encoding="utf-8")
    make = scenario_games(TARGET)
    krobs = [u for u in make(0).state.units.values() if u.side is Side.KROBS]
    print(f"wrote {TARGET.relative_to(REPO)}: {len(krobs)} Krobs")


if __name__ == "__main__":
    main()
