"""benchmarks/before_after.py reads each benchmark's output and tables the medians: the
figures a change is judged by must come from the right lines (no timing is asserted)."""

from __future__ import annotations

import json

from benchmarks.before_after import _ai_figures, _json_figures, table


def test_the_ai_figures_are_read_per_level_and_the_random_line_left_out() -> None:
    out = "\n".join(
        json.dumps({"agent": a, "decision_ms_median": d, "turn_ms_median": t})
        for a, d, t in (("random", 0.1, 1.0), ("ai:normal", 0.5, 7.0), ("ai:hard", 0.6, 120.0))
    )
    assert _ai_figures(out + "\n| scenario | level |") == {
        "ai_normal_decision_cpu_ms": 0.5,
        "ai_normal_turn_cpu_ms": 7.0,
        "ai_hard_decision_cpu_ms": 0.6,
        "ai_hard_turn_cpu_ms": 120.0,
    }


def test_a_benchmark_printing_json_gives_only_the_figures_asked() -> None:
    read = _json_figures(("frame_ms_100", "absent_ms"))
    assert read('bench: note\n{"frame_ms_100": 0.9, "frame_ms_fit": 1.8}') == {"frame_ms_100": 0.9}


def test_the_table_gives_each_figure_its_medians_and_ratio() -> None:
    runs = {"before": {"x_ms": [1.0, 3.0, 2.0]}, "after": {"x_ms": [1.0, 1.0, 5.0]}}
    assert table("abc", "def", runs).splitlines()[2] == "| x_ms | 2.00 | 1.00 | 0.50 |"
