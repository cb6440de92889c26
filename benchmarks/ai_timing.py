"""How long the AI thinks, level by level and scenario by scenario (issue 44, part 4).

Run: `python -m benchmarks.ai_timing [--games N] [--seed S] [--levels easy,normal,hard]
[SCENARIO ...]` (default: every shipped scenario, 3 games a level from seed 0). For each
scenario it plays, in this one process, with the code of `dragonnoir simulate`:

- the random player against itself: the **baseline**, a random player's whole turn (all
  its decisions in one game turn: on this machine, now, what "nothing" costs);
- for each level, that level against itself (both seats: the positions the AI meets
  against an opponent that fights back, where the hard look-ahead costs most): the median
  and the slowest decision, and the median and the longest whole AI turn (all of a side's
  decisions in one game turn, its decisions in the other side's turn included), both
  seats together; where the slowest decision was taken.

Every time is **processor time** of this process (`time.process_time`, the runner's
`decision_cpu_ms`): the machine is shared, and wall time moves with the other jobs; it
counts the view's building (a decision's cost, as the player waits for it). The aim
(issue 44): no decision over 1 s at any level on any shipped scenario. The random turn
beside it says how loaded or quick the machine was, so runs on other days compare by
the ratio.

Prints one JSON object per scenario and level as it goes, then a Markdown table for
benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
LEVELS = ("easy", "normal", "hard")


def shipped() -> list[str]:
    return sorted(p.stem for p in (REPO_ROOT / "scenarios").glob("*.toml"))


def _play(scenario: str, agent: str, games: int, seed: int) -> list[Any]:
    """The records of `games` games of `scenario`, `agent` in both seats."""
    from dragonnoir.ai.simulate import simulate
    from dragonnoir.resources import find

    summary = simulate(
        find("scenarios", scenario), games=games, seed=seed, krobs=agent, adventurers=agent
    )
    return summary.records


def timing(scenario: str, agent: str, games: int, seed: int) -> dict[str, Any]:
    """Decision and turn times (processor ms) of `agent` against itself, both seats."""
    records = _play(scenario, agent, games, seed)
    decisions = [t for r in records for side in r.decision_cpu_ms.values() for t in side]
    turns = [t for r in records for side in r.turn_cpu_ms.values() for t in side if t]
    worst = max(
        ((ms, f"seed {r.seed}, {side}, {where}") for r in records
         for side, (ms, where) in r.slowest_cpu.items()),
        default=(0.0, ""),
    )  # fmt: skip
    return {
        "scenario": scenario,
        "agent": agent,
        "games": games,
        "seed": seed,
        "decisions": len(decisions),
        "decision_ms_median": round(statistics.median(decisions), 2),
        "decision_ms_max": round(worst[0], 1),
        "slowest_at": worst[1],
        "turn_ms_median": round(statistics.median(turns), 1),
        "turn_ms_max": round(max(turns), 1),
        "wall_decision_ms_max": round(max(r.slowest_decision_ms for r in records), 1),
    }


def table(rows: list[dict[str, Any]]) -> str:
    """One line per scenario and level; the random turn of the same scenario beside."""
    base = {r["scenario"]: r for r in rows if r["agent"] == "random"}
    lines = [
        "| scenario | level | decision: median / slowest (ms) | where the slowest was "
        "| AI turn: median / longest (ms) | random turn, median (ms) | AI turn / random turn |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        if r["agent"] == "random":
            continue
        rand = base.get(r["scenario"], {}).get("turn_ms_median")
        ratio = f"{r['turn_ms_median'] / rand:.1f}x" if rand else "-"
        lines.append(
            f"| {r['scenario']} | {r['agent'].removeprefix('ai:')} | "
            f"{r['decision_ms_median']:.1f} / {r['decision_ms_max']:.0f} | {r['slowest_at']} | "
            f"{r['turn_ms_median']:.0f} / {r['turn_ms_max']:.0f} | "
            f"{rand if rand is not None else '-'} | {ratio} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenarios", nargs="*")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--levels", default=",".join(LEVELS))
    args = parser.parse_args(argv)
    rows = []
    for scenario in args.scenarios or shipped():
        agents = ["random"] + [f"ai:{lv}" for lv in args.levels.split(",")]
        for agent in agents:
            row = timing(scenario, agent, args.games, args.seed)
            print(json.dumps(row), flush=True)
            rows.append(row)
    print(table(rows))


if __name__ == "__main__":
    main()
