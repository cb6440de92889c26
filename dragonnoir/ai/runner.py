"""Playing one game with an agent in each seat, through the one door.

`play_game` asks `Game.to_act()` who decides, builds that side's `SideView`, lets its
agent choose, and applies the action with `Game.apply` — exactly what a person at the
client does. The time of each decision (building the view included: it is part of what
the player waits for) is measured; the slowest one is reported.

A decision runs with the cyclic garbage collector paused (`gc_paused`, as the client's AI
worker does): a decision allocates hundreds of thousands of small objects, nearly all
freed as soon as they are dropped, and the collector would walk every live object of
the game and its caches again and again meanwhile (a quarter of a Krob turn with sixty
Krobs: benchmarks/README.md). The decision's view is dropped before it resumes (the
agent keeps no strong reference to it): its copy of the game and tables go at once.
What lives on after a decision (the game, the map and rules tables, the agents' and
the engine's caches: a hundred and fifty thousand objects on six boards) is then
frozen (`gc.freeze`) until the game ends: the collector, resuming, walks only what was
made since, instead of walking all of it again at its full collections (two of 55 ms
in three turns with sixty Krobs, each inside a decision). The few objects a decision
leaves in cycles (about seven) wait for the game's end to be collected.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from dragonnoir.ai.agent import Agent, make_agent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import Action
from dragonnoir.engine.explain import IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.victory import casualties
from dragonnoir.engine.state import Side
from dragonnoir.errors import DragonNoirError
from dragonnoir.hexmap.tmx import gc_paused

PLAYERS = (Side.ADVENTURERS, Side.KROBS)
#: A game that has not ended after this many actions is an agent stuck in a loop.
MAX_ACTIONS = 20_000


class AgentFailure(DragonNoirError):
    """An agent chose an action the engine refused, or never let the game end."""


@dataclass
class GameRecord:
    """What one game with agents gave."""

    seed: int
    winner: str | None = None
    reason: str = ""
    turns: int = 0
    actions: int = 0
    seconds: float = 0.0
    slowest_decision_ms: float = 0.0
    slowest_decision: str = ""
    #: Where the slowest decision was taken, for the reader's words: (side, game turn,
    #: phase id).
    slowest_at: tuple[str, int, str] = ("", 0, "")
    #: Per side: characters lost and the casualty points the enemy scored for them.
    casualties: dict[str, Any] = field(default_factory=dict)
    #: Per side: the time of each of its decisions, in milliseconds.
    decision_ms: dict[str, list[float]] = field(default_factory=dict)
    #: Per side: the time it spent deciding in each game turn, in milliseconds.
    turn_ms: dict[str, list[float]] = field(default_factory=dict)
    #: The same two in processor time (what the decisions cost this process, whatever
    #: else the machine runs: benchmarks on a shared machine compare these).
    decision_cpu_ms: dict[str, list[float]] = field(default_factory=dict)
    turn_cpu_ms: dict[str, list[float]] = field(default_factory=dict)
    #: Per side and game turn: the processor time the engine took to play the side's
    #: actions (`Game.apply`): with `turn_cpu_ms`, the whole turn a player waits for.
    apply_cpu_ms: dict[str, list[float]] = field(default_factory=dict)
    #: Per side: its slowest decision in processor time (ms), and where it was taken
    #: ("turn 4, Adventurer turn: movement"): the figure a shared machine can compare.
    slowest_cpu: dict[str, tuple[float, str]] = field(default_factory=dict)
    intent: list[str] = field(default_factory=list)


def play_game(
    make_game: Callable[[int], Game],
    seed: int,
    agents: dict[Side, str],
    *,
    on_action: Callable[[Game, Side, Action], None] | None = None,
    max_actions: int = MAX_ACTIONS,
    max_turns: int | None = None,
    profilers: Mapping[Side, Any] | None = None,
) -> GameRecord:
    """Play `make_game(seed)` to its end (or the end of game turn `max_turns`: timing
    benchmarks), each side by the agent named in `agents`. `profilers`: a
    `cProfile.Profile` per side, enabled during that side's decisions only (benchmarks:
    where a Krob turn's time goes)."""
    started = time.perf_counter()
    game = make_game(seed)
    players: dict[Side, Agent] = {s: make_agent(agents[s], s, seed) for s in PLAYERS}
    record = GameRecord(seed)
    # Frozen after each decision (see the module docstring), unfrozen when the game
    # ends; not when the caller has frozen objects of his own.
    freeze = gc.get_freeze_count() == 0
    try:
        while not game.over:
            if max_turns is not None and game.state.turn > max_turns:
                break
            side = game.to_act()
            if side is None or side not in players:
                raise AgentFailure(f"seed {seed}: nobody may act for {side}")
            if record.actions >= max_actions:
                raise AgentFailure(f"seed {seed}: no end after {max_actions} actions")
            profiler = profilers.get(side) if profilers else None
            action, spent, cpu = _decide(game, side, players[side], profiler, freeze=freeze)
            _add(record.decision_ms, record.turn_ms, side, game.state.turn, spent)
            _add(record.decision_cpu_ms, record.turn_cpu_ms, side, game.state.turn, cpu)
            where = f"turn {game.state.turn}, {game.phase.title}"
            if spent > record.slowest_decision_ms:
                record.slowest_decision_ms = spent
                record.slowest_decision = f"{side.value}, {where}"
                record.slowest_at = (side.value, game.state.turn, game.state.phase)
            if cpu > record.slowest_cpu.get(side.value, (-1.0, ""))[0]:
                record.slowest_cpu[side.value] = (cpu, where)
            applying = time.process_time()
            turn = game.state.turn
            try:
                game.apply(action)
            except IllegalAction as exc:
                raise AgentFailure(
                    f"seed {seed}: the {agents[side]} agent of the {side.value} chose "
                    f"{action.to_dict()}, which the engine refuses: {exc}"
                ) from None
            applied = (time.process_time() - applying) * 1000
            _add({}, record.apply_cpu_ms, side, turn, applied)
            record.actions += 1
            if on_action is not None:
                on_action(game, side, action)
    finally:
        if freeze:
            gc.unfreeze()
    result = game.state.scratch.get("result", {})
    record.winner = None if game.state.winner is None else game.state.winner.value
    record.reason = str(result.get("reason", ""))
    record.turns = game.state.turn
    record.casualties = _casualties(game)
    record.seconds = time.perf_counter() - started
    for s in PLAYERS:
        record.intent.extend(players[s].intent)
    return record


def _decide(
    game: Game, side: Side, agent: Agent, profiler: Any, *, freeze: bool
) -> tuple[Action, float, float]:
    """The agent's choice on its side's view, with its wall and processor times (ms):
    the collector paused meanwhile, the view dropped, and what lives on frozen when
    `freeze` (see the module docstring)."""
    if profiler is not None:
        profiler.enable()
    t0, c0 = time.perf_counter(), time.process_time()
    with gc_paused():
        view = view_for(game, side)
        action = agent.choose(view)
        del view  # freed before the collector resumes, which need not walk it then
        if freeze:
            gc.freeze()  # what lives on is kept out of the collector's walks
    spent = (time.perf_counter() - t0) * 1000
    cpu = (time.process_time() - c0) * 1000
    if profiler is not None:
        profiler.disable()
    return action, spent, cpu


def _add(
    decisions: dict[str, list[float]],
    turns: dict[str, list[float]],
    side: Side,
    turn: int,
    ms: float,
) -> None:
    """Count one decision's time for the side, and in its game turn's total."""
    decisions.setdefault(side.value, []).append(ms)
    per_turn = turns.setdefault(side.value, [])
    while len(per_turn) < turn:
        per_turn.append(0.0)
    per_turn[turn - 1] += ms


def _casualties(game: Game) -> dict[str, Any]:
    return casualties(game)
