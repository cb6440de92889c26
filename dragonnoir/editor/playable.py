"""Whether a scenario may be played: the design problems that refuse it.

The map editor saves a file with problems (with a warning) so that no work is lost, but
playing it is refused with the same messages `dragonnoir validate --design` prints
(issue "The map editor", section 4): the map's problems (a stair joining no levels, a
place no one can reach...) and where the characters stand (in rock, in water they cannot
enter, a Queen who does not fit). The command line's `play`, the scenario picker and the
editor's *Play* all load through `load_playable`.
"""

from __future__ import annotations

from pathlib import Path

from dragonnoir.editor.layout_doc import layout_namer, layout_problems
from dragonnoir.editor.placement import placement_problems
from dragonnoir.editor.validate import Namer, Problem, validate_board
from dragonnoir.engine.scenario import Scenario, load_scenario
from dragonnoir.engine.state import AccessoryKind
from dragonnoir.engine.tables import RulesData
from dragonnoir.errors import DataFileError
from dragonnoir.i18n import _, ngettext

#: Problems named in a refusal before "and N more" (the list is in `validate --design`).
SHOWN = 3


class DesignProblemsError(DataFileError):
    """A scenario that loads but has design problems: not played. `problems` holds
    them all; the message names the file and the first few."""

    def __init__(self, path: Path, problems: list[Problem]) -> None:
        self.problems = problems
        listed = "; ".join(p.text() for p in problems[:SHOWN])
        left = len(problems) - SHOWN
        more = _("; and {n} more").format(n=left) if left > 0 else ""
        count = ngettext("{n} design problem", "{n} design problems", len(problems))
        said = _("not played: {count} (dragonnoir validate --design lists them): {problems}")
        super().__init__(
            path,
            said.format(count=count.format(n=len(problems)), problems=listed + more),
        )


def scenario_design_problems(
    scenario: Scenario, name: Namer | None = None, rules: RulesData | None = None
) -> list[Problem]:
    """Where the characters stand: in rock, in water they cannot enter (a boat or bridge
    counter over the water carries them), a Queen or a Guard who does not fit."""
    if name is None and scenario.layout is not None:
        name = layout_namer(scenario.layout)
    afloat = {
        h
        for acc in scenario.accessories
        if acc.face_up and acc.kind in (AccessoryKind.BOAT, AccessoryKind.BRIDGE)
        for h in acc.hexes
    }
    return placement_problems(
        scenario.board,
        scenario.units,
        roster=rules.roster if rules else None,
        table=rules.terrain if rules else None,
        name=name,
        afloat=afloat,
    )


def play_problems(
    scenario: Scenario, name: Namer | None = None, rules: RulesData | None = None
) -> list[Problem]:
    """The map's design problems, then the characters' (what refuses a game), judged
    with `rules` (default: the shipped rules data)."""
    table = rules.terrain if rules else None
    if scenario.layout is not None:
        problems = layout_problems(scenario.layout, table)
    else:
        problems = validate_board(scenario.board, table, name)
    return problems + scenario_design_problems(scenario, name, rules)


def load_playable(path: Path | str, rules: RulesData | None = None) -> Scenario:
    """`load_scenario`, refusing (`DesignProblemsError`) a scenario with design problems."""
    scenario = load_scenario(path, rules)
    problems = play_problems(scenario, rules=rules)
    if problems:
        raise DesignProblemsError(Path(path), problems)
    return scenario
