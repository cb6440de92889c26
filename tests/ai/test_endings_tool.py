"""benchmarks/ai_endings.py, the tool for reading how the AI's games end: it plays
the game it says it plays and tells it in the players' names."""

from __future__ import annotations

import re

import pytest

from benchmarks.ai_endings import ending, main


@pytest.mark.parametrize(
    ("scenario", "seed", "krobs", "adventurers"),
    [("la-fosse", 1, "ai", "random"), ("le-pont", 2000, "ai:hard", "ai")],
)
def test_an_ending_names_the_winner_the_reason_and_the_fates(
    scenario: str, seed: int, krobs: str, adventurers: str
) -> None:
    # Whatever happens, the line agrees with the game `dragonnoir simulate` plays with
    # the same seed and agents (its winner, turn, reason and dead), and names the
    # characters as players read them, never by their ids.
    from dragonnoir.ai.simulate import simulate
    from dragonnoir.resources import find

    e = ending(scenario, seed, krobs, adventurers)
    summary = simulate(find("scenarios", scenario), games=1, seed=seed, krobs=krobs,
                       adventurers=adventurers)  # fmt: skip
    record = summary.records[0]
    assert (e.winner, e.turn, e.reason) == (record.winner or "nobody", record.turns, record.reason)
    lost = sum(len(side["lost"]) for side in record.casualties.values())
    assert lost > 0
    assert sum(1 for f in e.fates if re.fullmatch(r"[A-Z][^_]* \+\d+", f)) == lost
    out = [f for f in e.fates if re.fullmatch(r"[A-Z][^_]* >\d+@\(\d+,\d+\)", f)]
    assert len(out) + lost == len(e.fates)
    if e.reason == "Four of the party slip away by the eastern galleries":
        assert len(out) >= 4
    assert e.line().startswith(f"{seed} {e.winner} turn {e.turn} | {e.reason} | ")


def test_the_command_prints_a_line_per_game_then_the_reasons(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["la-fosse", "--krobs", "ai", "--adventurers", "random", "--games", "2"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines[:2]] == ["0", "1"]
    counted = [int(line.split()[0]) for line in lines[2:]]
    assert sum(counted) == 2
