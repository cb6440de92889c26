"""How strong the AI is, scenario by scenario (issue 13, section 5): figures, not tests.

Run: `python -m benchmarks.ai_balance [--games N] [--jobs J] [SCENARIO ...]` (default:
every shipped scenario). For each scenario it plays, with `dragonnoir.ai.simulate` (the
code of `dragonnoir simulate`), seeds 0..N-1 of each pairing:

- **against random**: the Krob AI (normal) against the random player, and the Adventurer
  AI (normal) against it: the AI's wins from each seat (aim: 90% or more);
- **hard against normal**: hard Krobs against normal Adventurers, then normal Krobs
  against hard Adventurers: hard's wins over both (aim: more than 60%);
- **balance**: normal against normal: each side's wins (aim: 35-65%).

One JSON line per scenario as it goes, then a Markdown table for benchmarks/README.md.

`--levels`: **what the levels are worth** (issue 44, part 3), the figure of
benchmarks/README.md's "The AI" and docs/ai.md's "Where it stands". Hard and easy each
against normal, from each seat, on the eight short scenarios (default) and on seed sets
of N games each (default `--seeds 1000,2000,3000,4000,5000 --games 40`: 3,200 games a
level; aims: hard at least 65%, easy at most 35%). A draw is no win. `--save FILE` writes
every game as a JSON line as it is played, and a run with the same file skips the games
already in it (a run of hours survives being stopped; `--table-only` prints the table of
what the file holds).
`--level hard` or `easy` plays one level only, `--seat krobs` or `adventurers` that
seat only (to screen a change on small sets). One process unless `--jobs`.

Screening a change of a level's knobs: `--knobs "presses_on=False,risk=1.2"` plays the
level with those fields of `dragonnoir.ai.levels.Level` changed (normal, its opponent,
stays as it is); `--against BASE` with `--table-only` pairs the games of `--save` with
those of BASE (the same scenario, seat and seed) and prints, per scenario and seat, the
wins of each and how many games changed.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import json
import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent

#: Who plays which seat: (name, Krob agent, Adventurer agent).
PAIRINGS = (
    ("krob_ai_vs_random", "ai", "random"),
    ("adventurer_ai_vs_random", "random", "ai"),
    ("hard_krobs_vs_normal", "ai:hard", "ai"),
    ("normal_krobs_vs_hard", "ai", "ai:hard"),
    ("normal_vs_normal", "ai", "ai"),
)


def shipped() -> list[str]:
    return sorted(p.stem for p in (REPO_ROOT / "scenarios").glob("*.toml"))


def measure(scenario: str, games: int, jobs: int) -> dict[str, Any]:
    from dragonnoir.ai.simulate import simulate
    from dragonnoir.resources import find

    path = find("scenarios", scenario)
    row: dict[str, Any] = {"scenario": scenario, "games": games}
    started = time.perf_counter()
    for name, krobs, adventurers in PAIRINGS:
        summary = simulate(path, games=games, krobs=krobs, adventurers=adventurers, jobs=jobs)
        row[name] = {
            "krobs": summary.wins["krobs"],
            "adventurers": summary.wins["adventurers"],
            "draws": summary.draws,
            "turns": round(summary.average_turns, 1),
        }
    row["minutes"] = round((time.perf_counter() - started) / 60, 1)
    return row


def _pct(won: int, games: int) -> str:
    return f"{won}/{games} ({round(100 * won / games)}%)" if games else "-"


def table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| scenario | games per pairing | Krob AI vs random | Adventurer AI vs random "
        "| hard vs normal (both seats) | normal vs normal: Krobs / Adventurers / draws |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        n = r["games"]
        hard = r["hard_krobs_vs_normal"]["krobs"] + r["normal_krobs_vs_hard"]["adventurers"]
        even = r["normal_vs_normal"]
        lines.append(
            f"| {r['scenario']} | {n} | {_pct(r['krob_ai_vs_random']['krobs'], n)} | "
            f"{_pct(r['adventurer_ai_vs_random']['adventurers'], n)} | {_pct(hard, 2 * n)} | "
            f"{even['krobs']} / {even['adventurers']} / {even['draws']} |"
        )
    return "\n".join(lines)


# -- the levels against normal (--levels) ---------------------------------------------

#: The eight short scenarios (les-six-cavernes, six boards, takes ten times as long).
SHORT = (
    "la-fosse", "le-nid", "l-ile", "le-pont", "le-labyrinthe", "la-reine", "le-marais",
    "les-eaux-noires",
)  # fmt: skip
SEATS = ("krobs", "adventurers")
LEVEL_SEEDS = (1000, 2000, 3000, 4000, 5000)


#: A game of the report: (scenario, level, seat, seed).
Key = tuple[str, str, str, int]


@dataclass(frozen=True)
class Job:
    """One game of the level report: `level` in `seat`, normal in the other."""

    scenario: str
    level: str
    seat: str
    seed: int
    #: Fields of the level changed for a screen (`--knobs`), "" for the level as it is.
    knobs: str = ""

    def agents(self) -> tuple[str, str]:
        """(Krob agent, Adventurer agent)."""
        mine = f"ai:{self.level}"
        return (mine, "ai:normal") if self.seat == "krobs" else ("ai:normal", mine)

    def key(self) -> Key:
        return (self.scenario, self.level, self.seat, self.seed)


def level_jobs(
    scenarios: Sequence[str],
    levels: Sequence[str],
    seeds: Sequence[int],
    games: int,
    seats: Sequence[str] = SEATS,
    knobs: str = "",
) -> list[Job]:
    """Every game of the report, scenario by scenario, so a stopped run has whole rows."""
    return [
        Job(scenario, level, seat, start + i, knobs)
        for scenario in scenarios
        for level in levels
        for seat in seats
        for start in seeds
        for i in range(games)
    ]


def play(job: Job) -> dict[str, Any]:
    """Play one game of the report: its line of the save file."""
    from dragonnoir.ai.runner import play_game
    from dragonnoir.ai.simulate import games_of
    from dragonnoir.engine.state import Side
    from dragonnoir.resources import find

    if job.knobs:
        from dragonnoir.ai import levels

        levels.LEVELS[job.level] = with_knobs(levels.LEVELS[job.level], job.knobs)
    krobs, adventurers = job.agents()
    make = games_of(str(find("scenarios", job.scenario)))
    record = play_game(make, job.seed, {Side.KROBS: krobs, Side.ADVENTURERS: adventurers})
    return {
        "scenario": job.scenario, "level": job.level, "seat": job.seat, "seed": job.seed,
        "winner": record.winner, "turns": record.turns, "reason": record.reason,
        "knobs": job.knobs,
    }  # fmt: skip


def with_knobs(level: Any, knobs: str) -> Any:
    """`level` (a `Level`) with the fields `knobs` names changed: "name=value,..." where
    each value is a Python literal. SystemExit naming the field when it is not one."""
    fields = {f.name for f in dataclasses.fields(level)}
    changes: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in knobs.split(","))):
        name, _, text = part.partition("=")
        if name not in fields or not text:
            raise SystemExit(f"--knobs: {part!r} is not name=value for a field of Level")
        try:
            changes[name] = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            raise SystemExit(f"--knobs: the value of {name} is not a literal: {text!r}") from None
    return dataclasses.replace(level, **changes)


def paired(games: dict[Key, dict[str, Any]], base: dict[Key, dict[str, Any]]) -> str:
    """Per scenario and seat, the wins of `games` and of `base` on the same seeds, and how
    many games ended otherwise (winner or turn): a screen's verdict."""
    cells: dict[tuple[str, str], list[int]] = {}
    for key, game in games.items():
        before = base.get(key)
        if before is None:
            continue
        cell = cells.setdefault((key[0], key[2]), [0, 0, 0, 0])
        cell[0] += game["winner"] == game["seat"]
        cell[1] += before["winner"] == before["seat"]
        cell[2] += 1
        cell[3] += (game["winner"], game["turns"]) != (before["winner"], before["turns"])
    lines = [f"{s} as {seat}: {a} against {b} of {n} ({c} changed)"
             for (s, seat), (a, b, n, c) in sorted(cells.items())]  # fmt: skip
    a, b, n, c = (sum(cell[i] for cell in cells.values()) for i in range(4))
    lines.append(f"all: {a} against {b} of {n} ({c} changed)")
    return "\n".join(lines)


def load_saved(path: Path | None) -> dict[Key, dict[str, Any]]:
    """The games a save file holds, by (scenario, level, seat, seed)."""
    if path is None or not path.exists():
        return {}
    games = {}
    for line in path.read_text().splitlines():
        if line.strip():
            g = json.loads(line)
            games[(g["scenario"], g["level"], g["seat"], g["seed"])] = g
    return games


def play_levels(jobs: list[Job], save: Path | None, workers: int) -> dict[Key, dict[str, Any]]:
    """Play the games of `jobs` not already in `save`, appending each to it."""
    done = load_saved(save)
    todo = [j for j in jobs if j.key() not in done]
    with ProcessPoolExecutor(workers) if workers > 1 else nullcontext() as pool:
        for game in pool.map(play, todo) if pool else map(play, todo):
            done[(game["scenario"], game["level"], game["seat"], game["seed"])] = game
            if save is not None:
                with save.open("a") as out:
                    out.write(json.dumps(game) + "\n")
    return done


def _won(games: list[dict[str, Any]]) -> int:
    return sum(1 for g in games if g["winner"] == g["seat"])


def _cell(games: list[dict[str, Any]]) -> str:
    return f"{_won(games)}/{len(games)} ({100 * _won(games) / len(games):.0f}%)" if games else "-"


def levels_table(jobs: list[Job], games: dict[Key, dict[str, Any]]) -> str:
    """Per scenario, each level's wins against normal as Krobs, as Adventurers and over
    both; then the totals with their standard error, and per seed set."""
    played = [games[j.key()] for j in jobs if j.key() in games]
    levels = list(dict.fromkeys(j.level for j in jobs))
    head = " | ".join(f"{lv} as Krobs | {lv} as Adventurers | {lv}, both seats" for lv in levels)
    lines = [f"| scenario | {head} |", "|---|" + "---|" * (3 * len(levels))]

    def row(name: str, pick: Callable[[dict[str, Any]], bool]) -> str:
        cells = []
        for lv in levels:
            mine = [g for g in played if g["level"] == lv and pick(g)]
            cells += [_cell([g for g in mine if g["seat"] == s]) for s in SEATS] + [_cell(mine)]
        return f"| {name} | " + " | ".join(cells) + " |"

    def of_scenario(name: str) -> Callable[[dict[str, Any]], bool]:
        return lambda g: bool(g["scenario"] == name)

    def of_seeds(start: int) -> Callable[[dict[str, Any]], bool]:
        return lambda g: start <= g["seed"] < start + 1000

    for scenario in dict.fromkeys(j.scenario for j in jobs):
        lines.append(row(scenario, of_scenario(scenario)))
    lines.append(row("**all**", lambda g: True))
    for start in sorted({j.seed - j.seed % 1000 for j in jobs}):
        lines.append(row(f"seeds {start}+", of_seeds(start)))
    for lv in levels:
        mine = [g for g in played if g["level"] == lv]
        if mine:
            p = _won(mine) / len(mine)
            lines.append(
                f"\n{lv} against normal: {_won(mine)} of {len(mine)} = {100 * p:.1f}% "
                f"(standard error {100 * math.sqrt(p * (1 - p) / len(mine)):.1f} points)"
            )
    return "\n".join(lines)


def levels_main(args: argparse.Namespace) -> None:
    seeds = [int(s) for s in args.seeds.split(",")]
    levels = [args.level] if args.level else ["hard", "easy"]
    seats = [args.seat] if args.seat else SEATS
    if args.knobs:
        from dragonnoir.ai.levels import LEVELS

        for level in levels:
            with_knobs(LEVELS[level], args.knobs)  # refused here, before any game is played
    jobs = level_jobs(args.scenarios or SHORT, levels, seeds, args.games, seats, args.knobs)
    games = load_saved(args.save) if args.table_only else play_levels(jobs, args.save, args.jobs)
    if args.against is not None:
        print(paired(games, load_saved(args.against)))
        return
    print(levels_table(jobs, games))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenarios", nargs="*")
    parser.add_argument("--games", type=int)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--levels", action="store_true", help="hard and easy against normal")
    parser.add_argument("--level", choices=("hard", "easy"), help="with --levels: one level")
    parser.add_argument("--seat", choices=SEATS, help="with --levels: one seat (screening)")
    parser.add_argument("--seeds", default=",".join(map(str, LEVEL_SEEDS)))
    parser.add_argument("--save", type=Path, help="with --levels: every game, one JSON line")
    parser.add_argument("--table-only", action="store_true")
    parser.add_argument("--knobs", default="", help="with --levels: Level fields changed")
    parser.add_argument("--against", type=Path, help="with --levels: pair with this save")
    args = parser.parse_args()
    if args.levels:
        args.games = args.games or 40
        levels_main(args)
        return
    args.games = args.games or 20
    rows = []
    for scenario in args.scenarios or shipped():
        row = measure(scenario, args.games, args.jobs)
        print(json.dumps(row), flush=True)
        rows.append(row)
    print(table(rows))


if __name__ == "__main__":
    main()
