"""How strong and how fast the AI is (issue 13, section 5): figures, not pass/fail tests.

Run: `python -m benchmarks.ai_strength [--games N] [--jobs J] [SCENARIO ...]` (default: the
shipped scenarios the machine can afford, 20 games each). For each scenario it plays,
with `dragonnoir.ai.simulate` (the same code as `dragonnoir simulate`):

- the Krob AI (normal) against the random player, and the Adventurer AI (normal)
  against the random player: the AI's win rate from each seat;
- the median time of an AI decision and of an AI side's whole game turn of decisions,
  and the slowest decision seen.

`--sixty [--turns T] [--seed S] [--level L] [--profile]`: the Krob turn's time with sixty
Krobs on six boards (issue 13's speed aim: median Krob turn at most 300 ms, no decision
over 1 s), AI of level L (default normal) against itself for T game turns (default 3);
`--big` the same on les-six-cavernes.

Seeds 0..N-1, the same every run. Prints one JSON object per line and a Markdown table
for benchmarks/README.md at the end.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ["la-fosse", "le-nid", "le-pont", "l-ile"]
#: The benchmark position of issue 13's speed aim: sixty Krobs on six boards (written by
#: `python -m benchmarks.sixty_krobs`).
SIXTY = REPO_ROOT / "tests" / "data" / "scenarios" / "six_boards_sixty_krobs.toml"


def measure(scenario: str, games: int, jobs: int) -> dict[str, Any]:
    from dragonnoir.ai.simulate import simulate
    from dragonnoir.resources import find

    path = find("scenarios", scenario)
    krob_seat = simulate(path, games=games, krobs="ai", adventurers="random", jobs=jobs)
    adv_seat = simulate(path, games=games, krobs="random", adventurers="ai", jobs=jobs)
    return {
        "scenario": scenario,
        "games": games,
        "krob_ai_wins": krob_seat.wins["krobs"],
        "krob_ai_draws": krob_seat.draws,
        "adventurer_ai_wins": adv_seat.wins["adventurers"],
        "adventurer_ai_draws": adv_seat.draws,
        "krob_decision_ms": krob_seat.median_decision_ms["krobs"],
        "krob_turn_ms": krob_seat.median_turn_ms["krobs"],
        "adventurer_decision_ms": adv_seat.median_decision_ms["adventurers"],
        "adventurer_turn_ms": adv_seat.median_turn_ms["adventurers"],
        "slowest_decision_ms": round(
            max(krob_seat.slowest_decision_ms, adv_seat.slowest_decision_ms)
        ),
        "seconds_per_game": round((krob_seat.seconds_per_game + adv_seat.seconds_per_game) / 2, 2),
    }


def big_turns(
    scenario: str | Path = "les-six-cavernes",
    turns: int = 3,
    seed: int = 0,
    *,
    profile: bool = False,
    level: str = "normal",
) -> dict[str, Any]:
    """AI against AI on a large scenario for its first `turns` game turns: the median and
    the longest Krob turn of decisions (all the Krobs' decisions of one game turn), the
    median Krob decision, the slowest decision (either side), and the machine's load; the
    same in processor time (`cpu_...`: what the figures compare on a shared machine).
    With `profile`, the same game again with cProfile on during the Krob decisions, for
    its summary (`profile_top`): the profiler slows the code down, so the times come from
    the first game, played without it."""
    import cProfile
    import os
    import statistics

    from dragonnoir.ai.runner import play_game
    from dragonnoir.engine.playout import scenario_games
    from dragonnoir.engine.state import Side
    from dragonnoir.resources import find

    path = scenario if isinstance(scenario, Path) else find("scenarios", scenario)
    make = scenario_games(path)
    start = make(seed).state.units.values()
    krobs = sum(1 for u in start if u.side is Side.KROBS)
    agents = {Side.KROBS: f"ai:{level}", Side.ADVENTURERS: f"ai:{level}"}
    load_before = os.getloadavg()[0]
    record = play_game(make, seed, agents, max_turns=turns)
    load_after = os.getloadavg()[0]
    krob_turns = [t for t in record.turn_ms.get("krobs", ()) if t]
    decisions = record.decision_ms["krobs"]
    cpu_turns = [t for t in record.turn_cpu_ms.get("krobs", ()) if t]
    cpu_decisions = record.decision_cpu_ms["krobs"]
    out: dict[str, Any] = {
        "scenario": path.stem,
        "level": level,
        "krobs": krobs,
        "seed": seed,
        "turns": len(krob_turns),
        "krob_turn_ms": [round(t) for t in krob_turns],
        "krob_turn_ms_median": round(statistics.median(krob_turns)) if krob_turns else None,
        "krob_turn_ms_max": round(max(krob_turns)) if krob_turns else None,
        "krob_decisions": len(decisions),
        "krob_decision_ms_median": round(statistics.median(decisions), 1),
        "krob_decision_ms_max": round(max(decisions)),
        "cpu_krob_turn_ms": [round(t) for t in cpu_turns],
        "cpu_krob_turn_ms_median": round(statistics.median(cpu_turns)) if cpu_turns else None,
        # The whole Krob turn a player waits for: the decisions and the engine playing
        # them (`Game.apply`), each game turn.
        "cpu_krob_turn_with_engine_ms": [
            round(t + a)
            for t, a in zip(
                record.turn_cpu_ms.get("krobs", ()),
                record.apply_cpu_ms.get("krobs", ()),
                strict=False,
            )
            if t
        ],
        "cpu_krob_decision_ms_median": round(statistics.median(cpu_decisions), 1),
        "cpu_krob_decision_ms_max": round(max(cpu_decisions)),
        "slowest_decision_ms": round(record.slowest_decision_ms),
        "slowest_decision": record.slowest_decision,
        "actions": record.actions,
        "load_1min": [round(load_before, 2), round(load_after, 2)],
    }
    if profile:
        profiler = cProfile.Profile()
        play_game(make, seed, agents, max_turns=turns, profilers={Side.KROBS: profiler})
        out["profile_top"] = profile_top(profiler)
    return out


def profile_top(profiler: Any, n: int = 15) -> list[str]:
    """The `n` functions with the most time of their own, and the `n` with the most
    time under them (cumulative), as printed lines."""
    import io
    import pstats

    lines: list[str] = []
    for order in ("tottime", "cumulative"):
        buf = io.StringIO()
        stats = pstats.Stats(profiler, stream=buf)
        stats.strip_dirs().sort_stats(order).print_stats(n)
        body = buf.getvalue().splitlines()
        first = next(i for i, line in enumerate(body) if "ncalls" in line)
        lines.append(f"-- by {order}")
        lines.extend(line.rstrip() for line in body[first : first + n + 1] if line.strip())
    return lines


def table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| scenario | games | Krob AI vs random: wins (draws) | Adventurer AI vs random: wins "
        "(draws) | AI decision ms, Krobs / Adv. (median) | AI turn ms, Krobs / Adv. (median) "
        "| slowest decision ms | s per game |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        n = r["games"]
        lines.append(
            f"| {r['scenario']} | {n} | {r['krob_ai_wins']}/{n} ({r['krob_ai_draws']}) | "
            f"{r['adventurer_ai_wins']}/{n} ({r['adventurer_ai_draws']}) | "
            f"{r['krob_decision_ms']:.0f} / {r['adventurer_decision_ms']:.0f} | "
            f"{r['krob_turn_ms']:.0f} / {r['adventurer_turn_ms']:.0f} | "
            f"{r['slowest_decision_ms']} | {r['seconds_per_game']} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenarios", nargs="*", default=DEFAULT)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--big", action="store_true", help="only the Krob turn time on les-six-cavernes"
    )
    parser.add_argument(
        "--sixty",
        action="store_true",
        help="only the Krob turn time with sixty Krobs on six boards (issue 13's aim)",
    )
    parser.add_argument("--turns", type=int, default=3, help="game turns for --big/--sixty")
    parser.add_argument("--seed", type=int, default=0, help="the game's seed for --big/--sixty")
    parser.add_argument(
        "--profile", action="store_true", help="with --big/--sixty: where the Krobs' time goes"
    )
    parser.add_argument(
        "--level", default="normal", help="with --big/--sixty: the AI's level in both seats"
    )
    args = parser.parse_args()
    if args.big or args.sixty:
        scenario: str | Path = SIXTY if args.sixty else "les-six-cavernes"
        row = big_turns(scenario, args.turns, args.seed, profile=args.profile, level=args.level)
        top = row.pop("profile_top", None)
        print(json.dumps(row))
        if top:
            print("\n".join(top))
        return
    rows = []
    for scenario in args.scenarios:
        row = measure(scenario, args.games, args.jobs)
        print(json.dumps(row), flush=True)
        rows.append(row)
    print(table(rows))


if __name__ == "__main__":
    main()
