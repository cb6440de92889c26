"""The client's session (pbem/session.py): a link played one action at a time, as the
game screen plays it, is the link the checker replays, die for die."""

from __future__ import annotations

from pathlib import Path

import pytest
from pbem_helpers import Table, play_by_hand

from dragonnoir.engine.state import Side
from dragonnoir.errors import DragonNoirError
from dragonnoir.pbem.chain import replay
from dragonnoir.pbem.session import Session, open_session
from dragonnoir.pbem.turnfile import read_turn_file
from dragonnoir.pbem.turns import NotYourTurn


def open_as(table: Table, path: Path, side: Side) -> Session:
    player = table.players[side]
    return open_session(path, player.identity, table.rules, player.records)


def to_the_first_link_of_play(table: Table) -> list[Path]:
    """A game of La Fosse the Adventurers started, and the Krobs' hand-shake answer."""
    files = [table.start("la-fosse", Side.ADVENTURERS)]
    return [*files, table.next(files[0], Side.KROBS)]


def test_a_link_played_action_by_action_is_the_link_the_checker_replays(
    table: Table, tmp_path: Path
) -> None:
    files = to_the_first_link_of_play(table)
    session = open_as(table, files[1], Side.ADVENTURERS)
    assert session.side is Side.ADVENTURERS and not session.script  # link 1: nothing to show
    play_by_hand(session)
    out = session.finish(tmp_path / "mine.dnturn")
    checked = replay(read_turn_file(out), out, table.rules)
    assert session.game is not None and checked.game is not None
    assert checked.game.state.to_dict() == session.game.state.to_dict()  # the same dice
    # the other side opens it: the link is shown from its start, then it plays its own
    theirs = open_as(table, out, Side.KROBS)
    shown = read_turn_file(out).links[-1]["actions"]
    assert theirs.replaying() and len(theirs.script) == len(shown)
    game = theirs.game
    assert game is not None
    while theirs.replaying():
        game.apply(theirs.next_shown())
    theirs.begin_mine()
    assert game.state.to_dict() == checked.game.state.to_dict()
    play_by_hand(theirs, seed=3)
    back = theirs.finish(tmp_path / "theirs.dnturn")
    assert replay(read_turn_file(back), back, table.rules).next_side() in (Side.ADVENTURERS, None)


def test_closing_in_the_middle_sends_nothing_and_the_same_turn_starts_again(
    table: Table, tmp_path: Path
) -> None:
    files = to_the_first_link_of_play(table)
    first = open_as(table, files[1], Side.ADVENTURERS)
    play_by_hand(first)
    assert first.game is not None
    played = list(first.game.history)
    # not finished: nothing written, the records untouched; the same file opens again
    again = open_as(table, files[1], Side.ADVENTURERS)
    play_by_hand(again)
    assert again.game is not None and again.game.history == played  # the same dice
    assert sorted(table.folder.glob("*.dnturn")) == sorted(files)  # nothing sent


def test_the_hand_shake_is_answered_without_play(table: Table, tmp_path: Path) -> None:
    first = table.start("la-fosse", Side.KROBS)
    session = open_as(table, first, Side.ADVENTURERS)
    assert session.handshake_only and session.game is None
    out = session.finish(tmp_path / "accept.dnturn")
    assert len(read_turn_file(out).links) == 2


def test_a_file_not_ours_to_play_is_refused_and_nothing_is_written(
    table: Table, tmp_path: Path
) -> None:
    files = to_the_first_link_of_play(table)
    records = table.players[Side.KROBS].records
    before = {p: p.read_bytes() for p in records.rglob("*") if p.is_file()}
    with pytest.raises(NotYourTurn, match="send the file to the other player"):
        open_as(table, files[1], Side.KROBS)
    with pytest.raises(DragonNoirError, match="older file"):
        open_as(table, files[0], Side.KROBS)  # the one it answered already
    assert {p: p.read_bytes() for p in records.rglob("*") if p.is_file()} == before
