"""A game with hidden Krobs played by a person's session (pbem/session.py, issue 42 §4),
from each seat, against an agent's files: every file is accepted by the checker, the
Adventurers' files never name a hidden Krob before his opening, a cut is said in words,
and the Krob player's session writes the seals, the cut and the end audit as `pbem
autoplay` does."""

from __future__ import annotations

from pathlib import Path

import pytest
from pbem_helpers import HIDDEN, Player, Table, check_no_hidden_id, play_by_hand, seed_secrets

from dragonnoir.engine.state import Side
from dragonnoir.engine.tables import default_rules_data
from dragonnoir.pbem.chain import other, replay
from dragonnoir.pbem.keys import Identity
from dragonnoir.pbem.records import load_record
from dragonnoir.pbem.session import Session, open_session
from dragonnoir.pbem.turnfile import read_turn_file


def by_session(session: Session, seed: int) -> None:
    """The other side's link shown to its end, then this side's played by hand."""
    while session.replaying():
        session.show_next()
    if session.handshake_only:
        return
    if not session.mine_started:
        session.begin_mine()
    play_by_hand(session, seed)


def play_from(
    seat: Side,
    secrets: int,
    links: int,
    folder: Path,
    creator: Side = Side.ADVENTURERS,
) -> tuple[Table, list[Path], list[str]]:
    """Le Pont, `creator` starting the game; `seat` played by sessions, the other side by a
    random agent; each file checked as `pbem verify` checks it. The files, and what the
    sessions said in words."""
    said: list[str] = []
    with pytest.MonkeyPatch.context() as patch:
        seed_secrets(patch, secrets)
        players = {s: Player(s, Identity.fresh(), folder / s.value) for s in Side}
        table = Table(folder, players, default_rules_data())
        files = [table.start("le-pont", creator)]
        side = other(creator)
        for i in range(links):
            walk = replay(read_turn_file(files[-1]), files[-1], table.rules)
            if walk.next_side() is None:
                break
            if side is seat:
                player = players[seat]
                session = open_session(files[-1], player.identity, table.rules, player.records)
                said.extend(session.said)
                by_session(session, seed=i)
                files.append(session.finish(folder / f"t{i + 1}.dnturn"))
            else:
                files.append(table.next(files[-1], side))
            replay(read_turn_file(files[-1]), files[-1], table.rules)  # `pbem verify`
            side = other(side)
    return table, files, said


def cuts(files: list[Path]) -> int:
    return sum("cut" in link for link in read_turn_file(files[-1]).links)


def test_the_krob_player_s_session_seals_cuts_and_audits(tmp_path: Path) -> None:
    """A whole game (seeded to have a cut and to end early): the Krob player's links,
    played by hand, carry seals, cut the Adventurers' link and end with the audit, and
    his computer's full replay and the Adventurers' blind one agree on the winner."""
    table, files, said = play_from(Side.KROBS, secrets=2, links=60, folder=tmp_path)
    last = read_turn_file(files[-1])
    assert cuts(files) >= 1
    assert any("runs into one of your hidden Krobs" in line for line in said), said
    assert "audit" in last.links[-1] and last.links[-1]["side"] == "krobs"
    assert any("sealed" in a for link in last.links for a in link["actions"])
    check_no_hidden_id(last.links, HIDDEN)
    blind = replay(last, files[-1], table.rules)
    assert blind.game is not None and blind.game.over and blind.next_side() is None


def test_the_adventurers_session_skips_the_seals_and_says_the_cut(tmp_path: Path) -> None:
    """The Adventurers' links, played by hand on the blind game: no hidden Krob's id in
    them before his opening, and the cut the Krobs made said in words."""
    table, files, said = play_from(Side.ADVENTURERS, secrets=3, links=12, folder=tmp_path)
    assert cuts(files) >= 1
    assert any("was halted at" in line for line in said), said
    check_no_hidden_id(read_turn_file(files[-1]).links, HIDDEN)
    record = load_record(read_turn_file(files[-1]).game, table.players[Side.ADVENTURERS].records)
    assert record is not None and record.openings is None  # never an opening on his computer


def test_the_krob_player_creating_deploys_in_his_first_link(tmp_path: Path) -> None:
    """The Krobs creating: the game is set up in the Krob player's first link of play,
    which his session seals (his hidden Krobs' placements)."""
    _table, files, _said = play_from(
        Side.KROBS, secrets=1, links=6, folder=tmp_path, creator=Side.KROBS
    )
    links = read_turn_file(files[-1]).links
    assert any("sealed" in a for a in links[2]["actions"])
    check_no_hidden_id(links, HIDDEN)
