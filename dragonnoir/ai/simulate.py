"""`dragonnoir simulate`: many seeded games between agents, and what they add up to.

Game `i` of a run plays with seed `seed + i`, so a run is reproduced by its command line
and any one game by its seed (`--games 1 --seed K`). With `jobs` > 1 the games are
shared among worker processes (each loads the scenario once); the results are the same
as with one process, only sooner.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from dragonnoir.ai.agent import AGENT_NAMES, UnknownAgent
from dragonnoir.ai.runner import GameRecord, play_game
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side
from dragonnoir.errors import DragonNoirError
from dragonnoir.i18n import _, ngettext
from dragonnoir.narration.narrator import Narrator
from dragonnoir.narration.phases import phase_title
from dragonnoir.narration.phrase import Value
from dragonnoir.narration.sides import side_name


@dataclass
class Summary:
    """What a run of games gave (`--json` prints `as_json()`)."""

    scenario: str
    games: int
    seed: int
    krobs: str
    adventurers: str
    wins: dict[str, int] = field(default_factory=lambda: {"krobs": 0, "adventurers": 0})
    draws: int = 0
    average_turns: float = 0.0
    #: Per side: average characters lost and casualty points the enemy scored for them.
    casualties: dict[str, dict[str, float]] = field(default_factory=dict)
    seconds_per_game: float = 0.0
    slowest_decision_ms: float = 0.0
    slowest_decision: str = ""
    #: The game (seed) and place (side, game turn, phase id) of the slowest decision.
    slowest_seed: int = 0
    slowest_at: tuple[str, int, str] = ("", 0, "")
    #: Per side: the median time of a decision, and of a whole game turn's decisions.
    median_decision_ms: dict[str, float] = field(default_factory=dict)
    median_turn_ms: dict[str, float] = field(default_factory=dict)
    wall_seconds: float = 0.0
    records: list[GameRecord] = field(default_factory=list, repr=False)

    def as_json(self) -> dict[str, Any]:
        out = asdict(self)
        del out["records"]
        out["results"] = [
            {"seed": r.seed, "winner": r.winner, "turns": r.turns, "reason": r.reason}
            for r in self.records
        ]
        return out

    def lines(self) -> list[str]:
        """The summary a player reads, in his language."""
        n = self.games
        wins, cas = self.wins, self.casualties

        def pct(k: int) -> str:
            return f"{100 * k / n:.0f}%" if n else "-"

        def lost(side: str) -> str:
            got = cas.get(side, {})
            return _("{lost:.1f} ({points:.1f} points)").format(
                lost=got.get("lost", 0), points=got.get("points", 0)
            )

        side, turn, phase = self.slowest_at
        where = _("seed {seed}: {side}, turn {turn}, {phase}").format(
            seed=self.slowest_seed,
            side=_said(side_name(side or None)),
            turn=turn,
            phase=_said(phase_title(phase, phase)),
        )
        return [
            ngettext(
                "{scenario}: {n} game, seeds {first}..{last}, Krobs: {krobs}, "
                "Adventurers: {adventurers}",
                "{scenario}: {n} games, seeds {first}..{last}, Krobs: {krobs}, "
                "Adventurers: {adventurers}",
                n,
            ).format(
                scenario=self.scenario,
                n=n,
                first=self.seed,
                last=self.seed + n - 1,
                krobs=self.krobs,
                adventurers=self.adventurers,
            ),
            _(
                "Krobs won {krobs} ({krobs_pct}), Adventurers won {adventurers} "
                "({adventurers_pct}), draws {draws} ({draws_pct})"
            ).format(
                krobs=wins["krobs"],
                krobs_pct=pct(wins["krobs"]),
                adventurers=wins["adventurers"],
                adventurers_pct=pct(wins["adventurers"]),
                draws=self.draws,
                draws_pct=pct(self.draws),
            ),
            _("average length {turns:.1f} turns").format(turns=self.average_turns),
            _("average casualties: Adventurers lost {adventurers}, Krobs lost {krobs}").format(
                adventurers=lost("adventurers"), krobs=lost("krobs")
            ),
            _(
                "{per_game:.2f} s per game ({wall:.1f} s in all); slowest decision {slowest:.0f} "
                "ms ({where})"
            ).format(
                per_game=self.seconds_per_game,
                wall=self.wall_seconds,
                slowest=self.slowest_decision_ms,
                where=where,
            ),
            _(
                "median decision: Krobs {krobs:.0f} ms, Adventurers {adventurers:.0f} ms; "
                "median turn of decisions: Krobs {krobs_turn:.0f} ms, Adventurers "
                "{adventurers_turn:.0f} ms"
            ).format(
                krobs=self.median_decision_ms.get("krobs", 0),
                adventurers=self.median_decision_ms.get("adventurers", 0),
                krobs_turn=self.median_turn_ms.get("krobs", 0),
                adventurers_turn=self.median_turn_ms.get("adventurers", 0),
            ),
        ]


def _said(value: Value) -> str:
    """A phrase (a side, a phase) in the reader's language; no game's names needed."""
    return Narrator(str, str).value(value)


def check_agent(name: str) -> str:
    """`name` if it is an agent's name, else a clear refusal listing them."""
    spec = name.strip().lower()
    if spec not in AGENT_NAMES:
        raise UnknownAgent(name)
    return spec


_LOADED: dict[str, Callable[[int], Game]] = {}


def games_of(path: str) -> Callable[[int], Game]:
    """`seed -> new game` for the scenario at `path`, loaded once per process (with the
    rules in use: the games `dragonnoir simulate` and benchmarks.ai_endings play)."""
    make = _LOADED.get(path)
    if make is None:
        from dragonnoir.engine.scenario import load_scenario
        from dragonnoir.rules_folder import rules_in_use

        rules = rules_in_use()
        scenario = load_scenario(path, rules)

        def make(seed: int) -> Game:
            return scenario.new_game(seed, rules)

        _LOADED[path] = make
    return make


def _one(job: tuple[str, int, str, str]) -> GameRecord:
    path, seed, krobs, adventurers = job
    return play_game(games_of(path), seed, {Side.KROBS: krobs, Side.ADVENTURERS: adventurers})


def simulate(
    path: Path,
    *,
    games: int,
    seed: int = 0,
    krobs: str = "ai",
    adventurers: str = "ai",
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Summary:
    """Play `games` games of the scenario at `path` (seeds `seed`...)."""
    if games < 1:
        raise DragonNoirError(_("--games must be at least 1, not {n}").format(n=games))
    if jobs < 1:
        raise DragonNoirError(_("--jobs must be at least 1, not {n}").format(n=jobs))
    krobs, adventurers = check_agent(krobs), check_agent(adventurers)
    where = str(Path(path).resolve())
    games_of(where)  # a bad file fails here, once, with its message
    started = time.perf_counter()
    work = [(where, seed + i, krobs, adventurers) for i in range(games)]
    records: list[GameRecord] = []
    if jobs == 1 or games == 1:
        for job in work:
            records.append(_one(job))
            if progress is not None:
                progress(len(records), games)
    else:
        try:  # imported here: a game that only plays needs no worker processes
            from concurrent.futures import ProcessPoolExecutor
        except ImportError:  # a binary built without multiprocessing (build/bundle.py)
            raise DragonNoirError(
                "--jobs needs worker processes, which this build of the game leaves out: "
                "run with --jobs 1"
            ) from None
        with ProcessPoolExecutor(max_workers=min(jobs, games)) as pool:
            for record in pool.map(_one, work):
                records.append(record)
                if progress is not None:
                    progress(len(records), games)
    summary = Summary(Path(path).stem, games, seed, krobs, adventurers, records=records)
    summary.wall_seconds = time.perf_counter() - started
    _add_up(summary)
    return summary


def _add_up(summary: Summary) -> None:
    records = summary.records
    n = len(records)
    for r in records:
        if r.winner in summary.wins:
            summary.wins[r.winner] += 1
        else:
            summary.draws += 1
    summary.average_turns = sum(r.turns for r in records) / n
    summary.seconds_per_game = sum(r.seconds for r in records) / n
    slowest = max(records, key=lambda r: r.slowest_decision_ms)
    summary.slowest_decision_ms = slowest.slowest_decision_ms
    summary.slowest_decision = f"seed {slowest.seed}: {slowest.slowest_decision}"
    summary.slowest_seed, summary.slowest_at = slowest.seed, slowest.slowest_at
    for side in ("adventurers", "krobs"):
        times = [t for r in records for t in r.decision_ms.get(side, ())]
        turns = [t for r in records for t in r.turn_ms.get(side, ()) if t]
        summary.median_decision_ms[side] = round(statistics.median(times), 1) if times else 0.0
        summary.median_turn_ms[side] = round(statistics.median(turns), 1) if turns else 0.0
        lost = sum(len(r.casualties.get(side, {}).get("lost", ())) for r in records) / n
        points = sum(r.casualties.get(side, {}).get("points", 0) for r in records) / n
        summary.casualties[side] = {"lost": round(lost, 2), "points": round(points, 2)}


def progress_bar(stream: Any = None) -> Callable[[int, int], None] | None:
    """A progress bar on `stream` (standard error) when it is a terminal, else None."""
    out = stream or sys.stderr
    if not getattr(out, "isatty", lambda: False)():
        return None

    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        bar = f"[{'#' * filled}{'.' * (width - filled)}]"
        out.write("\r" + _("{bar} {done}/{total} games").format(bar=bar, done=done, total=total))
        if done == total:
            out.write("\n")
        out.flush()

    return show
