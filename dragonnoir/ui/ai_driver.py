"""The computer players of the game screen: who plays each seat, and the AI thinking
off the frame loop.

A game's `players` (`Game.players`, kept in its save) say who plays each seat: "human"
or an agent's name (`ai:easy`, `ai:normal`, `ai:hard`; `dragonnoir.ai.agent`). One AI
seat is a solo game, two a game to watch.

`AIDriver.poll(game)` is called by the game screen once a frame. When an AI side is to
act (its phase, or a decision the engine asks of it: a wound, a retreat, defensive
fire...), it builds that side's `SideView` — a redacted *copy* of the game, made on the
screen's thread — and hands it with the side's agent to one worker thread, which runs
`agent.choose(view)`. The worker never sees the live `Game`; only the screen's thread
calls `Game.apply`. A later frame finds the answer ready and returns it (`AIMove`) for
the screen to apply through its one door; meanwhile the window draws, pans, zooms and
pauses as usual. An answer computed for a position that is no longer the game's (an
undo, a load) is thrown away; a paused driver holds a finished answer and starts no new
thinking.

The worker is a daemon thread: closing the window while the AI thinks never waits for
it. (A process would think in parallel with drawing, but would have to copy the rules,
the map and the agent's memory across for every decision; the thread shares them, and
Python hands the screen's thread the interpreter often enough to keep frames coming.)
"""

from __future__ import annotations

import dataclasses
import queue
import threading
import time
import weakref
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from concurrent.futures import wait as wait_futures
from dataclasses import dataclass

from dragonnoir.ai.agent import Agent, make_agent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import Action
from dragonnoir.engine.events import (
    CombatDeclared,
    CombatResolved,
    Event,
    ShotResolved,
    UnitAdvanced,
    UnitDeployed,
    UnitMoved,
    UnitRetreated,
    WebDestroyed,
)
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.hidden import display_name
from dragonnoir.engine.state import Side
from dragonnoir.errors import DragonNoirError
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.tmx import gc_paused
from dragonnoir.i18n import N_, NP_, _, pgettext
from dragonnoir.ui.interphase_show import RESULT_LENGTH, Beat, combat_mark, data_name
from dragonnoir.ui.result_marks import shot_mark, spell_beat
from dragonnoir.ui.words import side_name

HUMAN = "human"
#: The seats a person or the AI may take (the Gharvs play themselves).
SEATS = (Side.ADVENTURERS, Side.KROBS)
#: What the picker offers for a seat, in its order: (player, button text).
PLAYER_CHOICES: tuple[tuple[str, str], ...] = (
    (HUMAN, N_("Person")),
    ("ai:easy", N_("AI easy")),
    ("ai:normal", N_("AI normal")),
    ("ai:hard", N_("AI hard")),
)
#: The speeds of the AI's show (a multiplier of the animation speed; 0: instant), with
#: their key (1-4) and text.
SPEEDS: tuple[tuple[float, str], ...] = ((1.0, "1x"), (2.0, "2x"), (4.0, "4x"), (0.0, "instant"))

#: The AI's levels and speeds as the screen says them (`ai.agent.LEVELS`, `ai_driver.SPEEDS`).
AI_LEVELS = {
    "easy": NP_("ai level", "easy"),
    "normal": NP_("ai level", "normal"),
    "hard": NP_("ai level", "hard"),
}
AI_SPEEDS = (
    NP_("ai speed", "1x"),
    NP_("ai speed", "2x"),
    NP_("ai speed", "4x"),
    NP_("ai speed", "instant"),
)


class AIError(DragonNoirError):
    """An agent failed to answer (a fault in its code): the screen pauses and says so."""


def player_text(player: str) -> str:
    """A seat's player in words: "a person", "the AI (normal)"."""
    if player == HUMAN:
        return _("a person")
    level = player.split(":", 1)[1] if ":" in player else "normal"
    said = pgettext("ai level", AI_LEVELS[level]) if level in AI_LEVELS else level
    return _("the AI ({level})").format(level=said)


def players_of(game: Game) -> tuple[dict[Side, str], list[str]]:
    """Who plays each seat of `game` (default: a person), and a line for each player
    name this version does not know (that seat is played by a person instead)."""
    known = {name for name, _ in PLAYER_CHOICES} | {"ai", "random"}
    out: dict[Side, str] = {}
    problems: list[str] = []
    for side in SEATS:
        name = game.players.get(side.value, HUMAN).strip().lower()
        if name == "ai":
            name = "ai:normal"
        if name not in known:
            problems.append(
                _(
                    "the save names {name} as the player of the {side}, which this version "
                    "does not know: a person plays them"
                ).format(name=repr(name), side=side_name(side))
            )
            name = HUMAN
        out[side] = name
    return out, problems


def game_kind(players: dict[Side, str]) -> str:
    """ "hotseat" (two people), "solo" (one AI seat) or "watch" (the AI on both)."""
    ai = [s for s in SEATS if players.get(s, HUMAN) != HUMAN]
    return ("hotseat", "solo", "watch")[len(ai)]


def describe_players(players: dict[Side, str]) -> str:
    """One line for the picker: what kind of game these players make."""
    kind = game_kind(players)
    if kind == "hotseat":
        return _("Hotseat: two people take turns at this screen.")
    if kind == "watch":
        a, k = (player_text(players[s]) for s in SEATS)
        return _("Watch: {adventurers} plays the Adventurers, {krobs} the Krobs.").format(
            adventurers=a, krobs=k
        )
    human = next(s for s in SEATS if players[s] == HUMAN)
    ai = human.enemy()
    return _("Solo: you play the {side} against {ai}.").format(
        side=side_name(human), ai=player_text(players[ai])
    )


@dataclass(frozen=True)
class AIMove:
    """An agent's answer: the action, the side, the intent lines it wrote while
    choosing, and how long it thought."""

    side: Side
    action: Action
    intent: tuple[str, ...]
    seconds: float


AgentMaker = Callable[[str, Side, int], Agent]


class _Worker:
    """One daemon thread running jobs in order (an agent is never asked twice at once)."""

    def __init__(self, wake: Callable[[], None] | None = None) -> None:
        #: Called (on the worker's thread) when a job is done: wakes an idle window.
        self._wake = wake
        self._jobs: queue.Queue[tuple[Callable[[], object], Future[object]] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="dragonnoir-ai", daemon=True)
        self._thread.start()

    def submit(self, job: Callable[[], object]) -> Future[object]:
        future: Future[object] = Future()
        self._jobs.put((job, future))
        return future

    def _run(self) -> None:
        while True:
            item = self._jobs.get()
            if item is None:
                return
            job, future = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(job())
            except BaseException as exc:  # handed to the screen's thread
                future.set_exception(exc)
            if self._wake is not None:
                self._wake()

    def stop(self) -> None:
        self._jobs.put(None)


def _think(agent: Agent, view_side: Side, view: object) -> AIMove:
    """The worker's job: the agent's choice on the side's view (never the live game)."""
    before = len(agent.intent)
    started = time.perf_counter()
    with gc_paused():  # as `ai.runner.play_game` does: see its module docstring
        action = agent.choose(view)  # type: ignore[arg-type]
    spent = time.perf_counter() - started
    return AIMove(view_side, action, tuple(agent.intent[before:]), spent)


class AIDriver:
    """The AI seats of one game screen (see the module docstring)."""

    def __init__(
        self,
        game: Game,
        players: dict[Side, str],
        make: AgentMaker = make_agent,
        wake: Callable[[], None] | None = None,
    ) -> None:
        self.players = dict(players)
        self._make = make
        #: Called from the worker when an answer is ready (the screen posts an event, so
        #: a window idling while the AI thinks wakes at once).
        self._wake = wake
        self.agents: dict[Side, Agent] = {}
        self.paused = False
        #: Index into `SPEEDS`.
        self.speed_index = 0
        self._worker: _Worker | None = None
        self._future: Future[object] | None = None
        self._key: tuple[int, int, int] | None = None
        self._side: Side | None = None
        self.restart(game)

    # -- who plays ---------------------------------------------------------------------

    @property
    def sides(self) -> frozenset[Side]:
        return frozenset(self.agents)

    def plays(self, side: Side | None) -> bool:
        return side in self.agents

    def restart(self, game: Game) -> None:
        """Fresh agents for `game` (a new game, a load, an undo): an agent's memory of
        the phase (who already moved) must not outlive the position it was made in."""
        self.drop()
        self.agents = {
            side: self._make(name, side, game.seed)
            for side, name in self.players.items()
            if name != HUMAN
        }

    # -- speed and pause ---------------------------------------------------------------

    @property
    def speed(self) -> float:
        """The show's multiplier of the animation speed; 0: instant (no show)."""
        return SPEEDS[self.speed_index][0]

    @property
    def speed_text(self) -> str:
        return SPEEDS[self.speed_index][1]

    def set_speed(self, value: float) -> None:
        self.speed_index = min(
            range(len(SPEEDS)),
            key=lambda i: (SPEEDS[i][0] != value, abs(SPEEDS[i][0] - value)),
        )

    # -- thinking ------------------------------------------------------------------------

    @property
    def thinking(self) -> Side | None:
        """The side whose agent is at work now (None when none is)."""
        if self._future is not None and not self._future.done():
            return self._side
        return None

    @property
    def holding(self) -> bool:
        """A finished answer waits (paused)."""
        return self._future is not None and self._future.done()

    def wait(self, timeout: float) -> bool:
        """Block until the answer being worked out is ready, or `timeout` seconds have
        passed; True when no thinking is left under way. The screen never calls this
        (it must stay live while the AI thinks); a headless driver of the screen (the
        tests) awaits the answer here rather than counting frames, so a slow machine
        takes longer but never plays differently."""
        future = self._future
        if future is None:
            return True
        wait_futures([future], timeout)
        return future.done()

    def drop(self) -> None:
        """Forget the answer being worked out (the position changed under it)."""
        if self._future is not None:
            self._future.cancel()  # a job not started yet never runs
        self._future = None
        self._key = None
        self._side = None

    def poll(self, game: Game) -> AIMove | None:
        """The AI's next move when it is ready for the current position; starts the
        thinking when an AI side is to act. Raises `AIError` when the agent failed."""
        key = (id(game), len(game.history), game.version)
        if self._future is not None:
            if self._key != key:
                self.drop()
            elif not self._future.done() or self.paused:
                return None
            else:
                future, self._future, self._key, self._side = self._future, None, None, None
                try:
                    move = future.result()
                except Exception as exc:  # any fault of an agent's code
                    raise AIError(f"{type(exc).__name__}: {exc}") from exc
                assert isinstance(move, AIMove)
                return move
        if self.paused or game.over:
            return None
        side = game.to_act()
        if side is None or side not in self.agents:
            return None
        view = view_for(game, side)  # the copy, made here on the screen's thread
        agent = self.agents[side]
        if self._worker is None:
            self._worker = _Worker(self._wake)
            weakref.finalize(self, self._worker.stop)  # a screen dropped stops its thread
        self._future = self._worker.submit(lambda: _think(agent, side, view))
        self._key = key
        self._side = side
        return None

    def close(self) -> None:
        """Stop the worker (it ends after the job it is on, if any)."""
        self.drop()
        if self._worker is not None:
            self._worker.stop()
            self._worker = None


# -- what the player sees of the AI's moves ----------------------------------------------


def intent_shown(game: Game, line: str, ai_side: Side, viewer: Side | None) -> bool:
    """May the person watching (`viewer`; None: a spectator who sees all) read this
    intent line of `ai_side`'s agent?

    An intent line names a group and its members ("Turn 2, krobs: Pit (Hunter 1,
    Warrior 1): wait unseen in ambush"). The agent writes it from its own side's view,
    which holds its hidden characters: a line about a group with a member hidden from
    the viewer would tell him where an ambush waits. Such lines are kept back; the
    others (groups he can see, the Adventurers' aims, whom they hunt) are shown."""
    if viewer is None or viewer is ai_side:
        return True
    units = game.state.units.values()
    hidden = {u.id for u in units if u.side is ai_side and u.hidden_from is viewer}
    if not hidden:
        return True
    if _members_named(game, line, ai_side) & hidden:
        return False
    # and, whatever the line's form, none of them named in it
    return not any(display_name(game, game.state.units[u]) in line for u in hidden)


def _members_named(game: Game, line: str, side: Side) -> set[str]:
    """The characters of the group an intent line is about: the scenario's group whose
    name starts the line's subject, else every character of `side` in no group (the
    agent's "others")."""
    _, _, rest = line.partition(f"{side.value}: ")
    setup = game.state.scratch.get("scenario", {})
    groups = setup.get("groups", {}) if isinstance(setup, dict) else {}
    grouped: set[str] = set()
    found: set[str] | None = None
    for gid, g in groups.items() if isinstance(groups, dict) else ():
        if not isinstance(g, dict) or g.get("side") != side.value:
            continue
        members = {str(u) for u in g.get("units", ())}
        grouped |= members
        name = str(g.get("name") or gid)  # as the behaviours name it
        if name and rest.lower().startswith(f"{name.lower()} (") and found is None:
            found = members
    if found is not None:
        return found
    return {u.id for u in game.state.units.values() if u.side is side and u.id not in grouped}


def move_beats(
    game: Game,
    events: Iterable[Event],
    before: dict[str, Hex | None],
    name: Callable[[str], str] = str,
    action: Action | None = None,
) -> list[Beat]:
    """An action shown on the map (the AI's, or the person's: ui/game_screen/action_show.py),
    one beat per thing it did: a character's walk (the hexes of his path, a line from
    where he stood), a shot or a combat (the line between them, the odds, and the die and
    its result at the target: `Beat.mark`), a spell's dice (ui/result_marks.py), a
    retreat or an advance, a deployment, a web destroyed. `events` are those the viewer
    may read; `before` is where each character stood before the action."""
    units = game.state.units
    out: list[Beat] = []
    events = list(events)

    def at(uid: str) -> Hex | None:
        u = units.get(uid)
        return u.hex if u is not None and u.hex is not None else before.get(uid)

    for i, event in enumerate(events):
        spell = spell_beat(events, i, at, name, action)
        if spell is not None:
            out.append(spell)
        elif isinstance(event, UnitMoved | UnitRetreated | UnitAdvanced) and event.path:
            if event.unit.startswith("gharv"):
                continue  # the Gharv interphase's own show
            start = before.get(event.unit)
            path = tuple(event.path)
            hexes = ((start,) if start is not None and start != path[0] else ()) + path
            if isinstance(event, UnitMoved):
                goes = _("{unit} moves to {cell}")
            elif isinstance(event, UnitRetreated):
                goes = _("{unit} retreats to {cell}")
            else:
                goes = _("{unit} advances to {cell}")
            out.append(
                Beat(
                    goes.format(unit=name(event.unit), cell=game.where(path[-1])),
                    hexes,
                    line=(hexes[0], hexes[-1]) if len(hexes) > 1 else None,
                    walker=event.unit,
                )
            )
        elif isinstance(event, UnitDeployed):
            placed = _("{unit} is placed on {cell}").format(
                unit=name(event.unit), cell=game.where(event.at)
            )
            out.append(Beat(placed, (event.at,)))
        elif isinstance(event, ShotResolved):
            a, b = at(event.shooter), at(event.target)
            line = (a, b) if a is not None and b is not None else None
            out.append(
                Beat(
                    _(
                        "{shooter} shoots at {target}: range {range}, {cover} cover, die {die}: "
                        "{result}"
                    ).format(
                        shooter=name(event.shooter),
                        target=name(event.target),
                        range=event.range,
                        cover=event.cover,
                        die=event.modified_die,
                        result=data_name(event.meaning) if event.meaning else event.result,
                    ),
                    tuple(h for h in (a, b) if h is not None),
                    line=line,
                    mark=shot_mark(event, b),
                    length=RESULT_LENGTH,
                )
            )
        elif isinstance(event, CombatDeclared):
            declared = _("Combat {number}: {attackers} against {defenders}, {odds} on {column}")
            out.append(_combat_beat(event.attackers, event.defenders, at, name, declared.format(
                number=event.number,
                attackers=" + ".join(name(u) for u in event.attackers),
                defenders=" + ".join(name(u) for u in event.defenders),
                odds=event.odds,
                column=event.column,
            )))  # fmt: skip
        elif isinstance(event, CombatResolved) and not event.attackers[0].startswith("gharv"):
            fought = _("{attackers} attack {defenders}: {odds} on {column}, die {die}: {result}")
            beat = _combat_beat(event.attackers, event.defenders, at, name, fought.format(
                attackers=" + ".join(name(u) for u in event.attackers),
                defenders=" + ".join(name(u) for u in event.defenders),
                odds=event.odds,
                column=event.column,
                die=event.modified_die,
                result=data_name(event.meaning) if event.meaning else event.result,
            ))  # fmt: skip
            mark = combat_mark(event, next((at(u) for u in event.defenders if at(u)), None))
            out.append(dataclasses.replace(beat, mark=mark, length=RESULT_LENGTH))
        elif isinstance(event, WebDestroyed):
            destroyed = _("{unit} destroys the spider web").format(unit=name(event.by))
            out.append(Beat(destroyed, (event.at,)))
    return out


def _combat_beat(
    attackers: tuple[str, ...],
    defenders: tuple[str, ...],
    at: Callable[[str], Hex | None],
    name: Callable[[str], str],
    caption: str,
) -> Beat:
    hexes = tuple(h for h in (at(u) for u in (*attackers, *defenders)) if h is not None)
    a = next((at(u) for u in attackers if at(u) is not None), None)
    d = next((at(u) for u in defenders if at(u) is not None), None)
    return Beat(caption, hexes, line=(a, d) if a is not None and d is not None else None)
