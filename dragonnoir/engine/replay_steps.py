"""A saved game as positions to step through: forwards, backwards, to either end.

`dragonnoir watch` and the client's *Watch a replay* (ui/watch_scene.py) show a save
action by action. A save is its scenario, its seed and its actions (docs/saves.md), and
`check_save` has already replayed them once to check the file; here the same actions
are replayed again from the position as set up, keeping after each one what the
engine's own undo keeps (the state as `GameState.to_dict()`, the log's length). Going
back is then what `Game.undo` does, and going forwards replays the action (the dice
are in the state: the same roll comes again), so any position is reached in one step
whichever way the player goes. Nothing is written.

The set-up comes from the game itself (`Game.start_state`, what a save of a game
without a scenario file starts from); a game that went on from an unverified snapshot
(engine/unverified.py) is shown from that snapshot on, the actions before it having
led elsewhere.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from dragonnoir.engine.actions import Action
from dragonnoir.engine.events import Event, WentOnUnverified
from dragonnoir.engine.explain import IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import GameState, Side, Unit


class ReplayStepsError(ValueError):
    """The actions do not lead, a second time, where the checked replay led."""


@dataclass(frozen=True)
class Position:
    """What the game was after `Replay.first + index` actions: its state and how long
    its log was."""

    state: dict[str, object]
    log_length: int


class Replay:
    """The positions of a checked game (`SaveCheck.game`), and one `game` moved between
    them. `at` is the number of actions played; `first` the first position shown (the
    unverified snapshot's, else 0)."""

    def __init__(self, checked: Game) -> None:
        self.actions: list[Action] = list(checked.history)
        final = checked.state.to_dict()
        self.game, self.first = _starting_game(checked)
        self.game.record_undo = False  # the positions are the undo: kept here
        self.positions = [Position(self.game.state.to_dict(), len(self.game.log))]
        for action in self.actions[self.first :]:
            try:
                self.game.apply(action)
            except IllegalAction as exc:
                raise ReplayStepsError(
                    f"{action.kind} is refused on a second replay: {exc}"
                ) from None
            self.positions.append(Position(self.game.state.to_dict(), len(self.game.log)))
        if self.game.state.to_dict() != final:
            raise ReplayStepsError("a second replay of its actions comes to another position")
        #: The whole log and its secrets, the last position's: a position shows a prefix.
        self.log: list[Event] = list(self.game.log)
        self.secret: list[Side | None] = list(self.game.secret)
        self.at = len(self.actions)

    @property
    def last(self) -> int:
        return len(self.actions)

    @property
    def at_start(self) -> bool:
        return self.at <= self.first

    @property
    def at_end(self) -> bool:
        return self.at >= self.last

    def go_to(self, n: int) -> None:
        """Show the position after `n` actions (clamped to those there are)."""
        n = max(self.first, min(self.last, n))
        position = self.positions[n - self.first]
        game = self.game
        game.state = GameState.from_dict(position.state)
        game.history = self.actions[:n]
        game.log = self.log[: position.log_length]
        game.secret = self.secret[: position.log_length]
        game.touch()
        self.at = n

    def forward(self) -> bool:
        """One action on; False at the end."""
        if self.at_end:
            return False
        self.go_to(self.at + 1)
        return True

    def back(self) -> bool:
        """One action back; False at the start."""
        if self.at_start:
            return False
        self.go_to(self.at - 1)
        return True

    def new_events(self) -> list[Event]:
        """The events the last action made (the dice among them)."""
        if self.at_start:
            return []
        before = self.positions[self.at - 1 - self.first].log_length
        return self.log[before : self.positions[self.at - self.first].log_length]


def _starting_game(checked: Game) -> tuple[Game, int]:
    """A game at the first position to show, and how many actions come before it."""
    mark = checked.unverified
    if mark is not None:
        return _from_mark(checked), mark.actions
    if checked.start_state is None:
        raise ReplayStepsError("the game keeps no set-up to replay from")
    start = GameState.from_dict(checked.start_state)

    def prepare(state: GameState) -> None:
        for f in dataclasses.fields(GameState):
            setattr(state, f.name, getattr(start, f.name))

    game = Game.start(
        checked.board,
        [Unit.from_dict(u.to_dict()) for u in start.units.values()],
        checked.rules,
        checked.seed,
        layout=checked.layout,
        scenario_id=checked.scenario_id,
        turn_limit=start.turn_limit,
        first_phase=start.phase,
        prepare=prepare,
        ruleset=checked.ruleset,
    )
    game.players = dict(checked.players)
    game.scenario_path = checked.scenario_path
    return game, 0


def _from_mark(checked: Game) -> Game:
    """`checked` itself (the check's game, shown from now on) brought back to its
    unverified snapshot: the state marked, the log up to the line that says the game
    went on from it."""
    mark = checked.unverified
    assert mark is not None
    said = next(i for i, e in enumerate(checked.log) if isinstance(e, WentOnUnverified))
    checked.state = GameState.from_dict(mark.state)
    del checked.history[mark.actions :]
    del checked.log[said + 1 :]
    del checked.secret[said + 1 :]
    checked.cache.clear()
    checked.touch()
    return checked
