"""The AI's memos for one state of the game (ai/memo.py): worked out once a state, and
again as soon as the state changes."""

from __future__ import annotations

from dragonnoir.ai.memo import once_per_state, this_state
from dragonnoir.engine.game import Game
from dragonnoir.engine.testing import Piece, position

ROW = """
. . . .
 . . . .
"""


def test_work_is_done_once_a_state_and_again_after_a_change() -> None:
    game = position(ROW, [Piece("elf_1", (0, 0))])
    calls: list[int] = []

    def work(g: Game) -> int:
        calls.append(g.version)
        return len(calls)

    assert once_per_state(game, "test_work", work) == 1
    assert once_per_state(game, "test_work", work) == 1  # the same state: kept
    game.touch()
    assert once_per_state(game, "test_work", work) == 2  # a new state: done again
    assert calls == [calls[0], calls[0] + 1]


def test_a_state_memo_starts_empty_after_each_change_and_is_kept_within_one() -> None:
    game = position(ROW, [Piece("elf_1", (0, 0))])
    this_state(game, "test_memo")["k"] = 3
    assert this_state(game, "test_memo") == {"k": 3}
    assert this_state(game, "other_memo") == {}  # each name its own
    game.touch()
    assert this_state(game, "test_memo") == {}
