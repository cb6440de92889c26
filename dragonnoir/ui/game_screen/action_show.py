"""The person's own action shown on the map, as the AI's are (issue 45, section 2): his
character slides along the path he was given, and each die his action rolled shows at
the hex where it happened with what it did. The results of his last action are kept
(`marks`) so that the hand-over can wait until he has seen them
(`input_modes.ResultsMode`).

Pure logic without pygame, over the events the player may read: the show only reads
events, so a game plays the same shown or not."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable

from dragonnoir.engine.actions import Action
from dragonnoir.engine.events import Event
from dragonnoir.engine.game import Game
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.ui.ai_driver import move_beats
from dragonnoir.ui.interphase_show import Beat, ResultMark

#: A slide's length in beats: a short start, then so much a hex, at most `SLIDE_MOST`.
SLIDE_START = 0.2
SLIDE_PER_HEX = 0.15
SLIDE_MOST = 2.0


def positions(game: Game) -> dict[str, Hex | None]:
    """Where each character stands now (the start of the next action's walks)."""
    return {uid: u.hex for uid, u in game.state.units.items()}


def slide_length(hexes: int, speed: float) -> float:
    """How long a walk of `hexes` hexes slides, in beats, at `speed` (> 0)."""
    return min(SLIDE_MOST, SLIDE_START + SLIDE_PER_HEX * hexes) / speed


class ActionShow:
    """Beats of the person's actions; `marks`: the results of the last one."""

    def __init__(self, game: Game) -> None:
        #: Where everyone stood before the action being shown.
        self.before = positions(game)
        self.marks: list[ResultMark] = []

    def remember(self, game: Game) -> None:
        """The position after a change: where the next action's walks start."""
        self.before = positions(game)

    def beats(
        self,
        game: Game,
        events: Iterable[Event],
        action: Action | None,
        name: Callable[[str], str],
        slide: float,
    ) -> list[Beat]:
        """What the person's action did, to show: every die with its result, and his
        walks when moves slide (`slide` > 0, their speed); a declaration, a placement
        or a move with slides off is on the map already and waits for nothing."""
        out: list[Beat] = []
        for beat in move_beats(game, events, self.before, name, action):
            if beat.mark is not None:
                out.append(beat)
            elif beat.walker and slide > 0:
                out.append(dataclasses.replace(beat, length=slide_length(len(beat.hexes), slide)))
        self.marks = [b.mark for b in out if b.mark is not None]
        return out

    def forget(self) -> None:
        """The results have been seen (or undone)."""
        self.marks = []
