"""Starting a game by e-mail and playing one's links (docs/pbem.md, "A turn").

`start_game` writes link 0: the creator's key and the commitment to its first secret.
`take_turn` writes the next link for this installation's side: the hand-shake answer
(link 1: the other side's key and first secret), or a link of play: the secret it
committed in its link before, a new commitment, and its actions, chosen by `choose`
(a person in the client, an agent for `pbem autoplay`), each played with the dice the
two sides' secrets give, until the decision passes to the other side or the game ends.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dragonnoir.engine.actions import Action
from dragonnoir.engine.events import Event
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules_record import rules_record
from dragonnoir.engine.save import carried_start
from dragonnoir.engine.scenario import Scenario
from dragonnoir.engine.state import Side
from dragonnoir.engine.tables import RulesData
from dragonnoir.errors import DragonNoirError
from dragonnoir.i18n import _
from dragonnoir.narration.narrator import Narrator
from dragonnoir.pbem import coins
from dragonnoir.pbem.blind import fits_play_by_files
from dragonnoir.pbem.canonical import digest
from dragonnoir.pbem.chain import HANDSHAKE, PROGRAM, Replay, chain_start, replay, signed_part
from dragonnoir.pbem.keys import Identity
from dragonnoir.pbem.orders import Orders
from dragonnoir.pbem.records import GameRecord, load_record, save_record
from dragonnoir.pbem.seals import Opening
from dragonnoir.pbem.turnfile import TurnFile, TurnFileError, write_turn_file
from dragonnoir.pbem.words import side_words

#: What plays a side's actions: given the game and the side, the action to take now.
Chooser = Callable[[Game, Side], Action]


class NotYourTurn(DragonNoirError):
    """A turn file this installation cannot play now (the other side's, an older one)."""


def start_game(
    scenario: Scenario,
    side: Side,
    identity: Identity,
    rules: RulesData,
    out: Path,
    orders: Orders | None = None,
    records: Path | None = None,
) -> TurnFile:
    """A new game of `scenario` in which this installation plays `side`, with its
    standing orders: link 0, written to `out`. Krobs deployed in secret stay hidden
    (docs/pbem.md, "Hidden Krobs"); a scenario hiding anything else is refused."""
    set_up = scenario.new_game(0, rules)  # only its map and set-up: no die is rolled here
    why = fits_play_by_files(set_up)
    if why is not None:
        raise DragonNoirError(
            _(
                "{scenario}: play by e-mail cannot keep the hidden characters of this "
                "scenario hidden ({why}): only Krobs deployed in secret can be"
            ).format(scenario=scenario.title(), why=why)
        )
    start = {
        "scenario": {"id": scenario.id, "name": scenario.name, "carried": carried_start(set_up)},
        "rules": rules_record(rules),
    }
    game_id = coins.new_game_id()
    secret = coins.new_secret()
    link = {
        "n": 0,
        "side": side.value,
        "program": PROGRAM,
        "prev": chain_start(game_id, start),
        "key": identity.public,
        "reveal": None,
        "commit": coins.commitment(secret),
        "orders": (orders or Orders()).to_dict(),
        "actions": [],
        "said": [_("{scenario}: a new game").format(scenario=scenario.title())],
    }
    link["sig"] = identity.sign(signed_part(link))
    record = GameRecord(game_id, side, {0: secret}, openings=_openings_for(side))
    turn = TurnFile(game_id, start, [link])
    send(turn, record, out, records)
    return turn


def _openings_for(side: Side) -> dict[str, Opening] | None:
    """What a new record keeps of hidden Krobs: the Krob player, their openings (none yet);
    the Adventurers, nothing."""
    return {} if side is Side.KROBS else None


@dataclass
class NextLink:
    """The link this installation's side is to write next, checked and ready: the file
    replayed (`walk`), the side, this computer's record of the game, the secret the link
    reveals and the one it commits to."""

    turn: TurnFile
    walk: Replay
    side: Side
    record: GameRecord
    n: int
    reveal: str
    secret: str


def next_link(
    turn: TurnFile, walk: Replay, identity: Identity, records: Path | None = None
) -> NextLink:
    """Check that `turn`, checked and replayed by `walk`, is this installation's to
    play now, and fix the secrets of its next link (NotYourTurn when not)."""
    src = walk.src
    side = walk.next_side()
    if side is None:
        raise NotYourTurn(_("{file}: the game is over").format(file=src))
    record = _record_for(walk, side, identity, records)
    n = len(walk.links)
    secret = coins.new_secret()
    if n == 1:
        reveal = coins.new_secret()  # fixed knowing only the creator's commitment
    else:
        reveal = record.secrets.get(n - 2, "")
        if not coins.is_secret(reveal):
            raise NotYourTurn(
                _("{file}: this computer no longer has its secret for this game").format(file=src)
            )
    return NextLink(turn, walk, side, record, n, reveal, secret)


def link_header(nxt: NextLink, identity: Identity, orders: Orders | None) -> dict[str, object]:
    """The next link without its actions and signature (a hand-shake link: whole)."""
    link: dict[str, object] = {
        "n": nxt.n,
        "side": nxt.side.value,
        "program": PROGRAM,
        "prev": nxt.walk.head(),
        "reveal": nxt.reveal,
        "commit": coins.commitment(nxt.secret),
        "orders": (orders or Orders()).to_dict(),
        "actions": [],
        "said": [],
    }
    if nxt.n < HANDSHAKE:
        link["key"] = identity.public
        link["said"] = [_("{side} accept the game").format(side=side_words(nxt.side))]
    return link


def seal_link(
    nxt: NextLink,
    link: dict[str, object],
    identity: Identity,
    rules: RulesData,
    out: Path,
    records: Path | None = None,
) -> tuple[TurnFile, Replay]:
    """Sign `link`, check the file it ends as the other side will, write it to `out`
    and remember it as sent (the Krob player of a game with hidden Krobs: with the
    openings of his seals, and the file replayed in full as he sees it)."""
    link["sig"] = identity.sign(signed_part(link))
    n, record = nxt.n, nxt.record
    record.secrets = {k: v for k, v in record.secrets.items() if k > n - 2} | {n: nxt.secret}
    if nxt.walk.hidden is not None and nxt.side is Side.KROBS:
        record.openings = dict(nxt.walk.hidden.known)
    new = TurnFile(nxt.turn.game, nxt.turn.start, [*nxt.turn.links, link])
    walk = replay(new, out, rules)  # what this program wrote is what the other checks
    if record.openings is not None:
        walk = replay(new, out, rules, record.openings)  # and what the Krob player knows
    send(new, record, out, records)
    return new, walk


def take_turn(
    turn: TurnFile,
    src: Path,
    identity: Identity,
    rules: RulesData,
    choose: Chooser,
    out: Path,
    orders: Orders | None = None,
    records: Path | None = None,
) -> tuple[TurnFile, Replay]:
    """The next link of `turn`, played by this installation's side and written to
    `out`; the game replayed to its end."""
    known = load_record(turn.game, records)  # the Krob player's: his openings
    walk = replay(turn, src, rules, known.openings if known is not None else None)
    nxt = next_link(turn, walk, identity, records)
    link = link_header(nxt, identity, orders)
    if nxt.n >= HANDSHAKE:
        link.update(play_link(nxt.walk, nxt.n, nxt.side, nxt.reveal, choose))
    return seal_link(nxt, link, identity, rules, out, records)


def send(turn: TurnFile, record: GameRecord, out: Path, records: Path | None) -> None:
    """Write `turn` to `out`, then remember it as sent. In that order: a file that could
    not be written leaves the record as it was, so the player can play the same file
    again instead of being told he sent what never left."""
    write_turn_file(turn, out)
    record.sent_links, record.sent_head = len(turn.links), digest(turn.links[-1])
    save_record(record, records)


def _record_for(walk: Replay, side: Side, identity: Identity, records: Path | None) -> GameRecord:
    """This installation's record of the game, checking that the file is the next one
    for it: its side's to play, not older than, nor forked from, the last file it sent."""
    record = load_record(walk.game_id, records)
    n = len(walk.links)
    if record is None:
        if n != 1:
            raise NotYourTurn(
                _("{file}: this computer has no record of this game: it plays neither side").format(
                    file=walk.src
                )
            )
        return GameRecord(walk.game_id, side, openings=_openings_for(side))
    if record.side is not side:
        raise NotYourTurn(
            _(
                "{file}: it is the turn of {side}, and this computer plays {mine}: "
                "send the file to the other player"
            ).format(file=walk.src, side=side_words(side), mine=side_words(record.side))
        )
    if n < record.sent_links:
        raise NotYourTurn(
            _("{file}: an older file of this game: you have sent a later one").format(file=walk.src)
        )
    sent = walk.links[record.sent_links - 1] if record.sent_links else None
    if sent is not None and digest(sent) != record.sent_head:
        raise NotYourTurn(
            _("{file}: link {n} differs from the one you sent: the game has forked").format(
                file=walk.src, n=record.sent_links - 1
            )
        )
    if identity.public != walk.keys.get(side):
        raise NotYourTurn(
            _("{file}: this computer's key is not the key of {side} in this game").format(
                file=walk.src, side=side_words(side)
            )
        )
    return record


def open_link(
    walk: Replay, n: int, side: Side, reveal: str
) -> tuple[bool, tuple[dict[str, Any], list[Event]] | None]:
    """Begin link `n` of `side` on `walk`: is it the Krob player's link of a game with
    hidden Krobs (its actions sealed where they stay hidden), and the cut it makes first
    in the Adventurers' link before (None: none). The client's session begins the Krob
    player's link on a copy of the file's game the same way (pbem/session.py)."""
    sealing = walk.set_up_at(n, reveal) and side is Side.KROBS
    cut = walk.write_cut(n) if sealing else None
    walk.begin_link(n, side, reveal)
    return sealing, cut


def play_link(walk: Replay, n: int, side: Side, reveal: str, choose: Chooser) -> dict[str, object]:
    """Link `n`'s actions, chosen by `choose` and by the other side's standing orders,
    and what happened; in a game with hidden Krobs, the Krob player's computer seals what
    stays hidden, makes the cut the Adventurers' link needs, and opens every seal once
    the game is over (reveals.py)."""
    fields: dict[str, object] = {}
    sealing, cut = open_link(walk, n, side, reveal)
    game = walk.game
    assert game is not None
    actions: list[object] = []
    said: list[str] = []
    narrator = Narrator.of(game)
    if cut is not None:
        fields["cut"], events = cut
        said.extend(narrator.event(e) for e in events)
    while not game.over and (actor := game.to_act()) is not None:
        answer = choose(game, side) if actor is side else walk.ordered(actor)
        if answer is None:
            break  # the other side decides here: the file goes back
        if sealing:
            entries, events = walk.play_sealing(n, actor, answer)
            actions.extend(entries)
        else:
            events = walk.play(n, actor, answer)
            actions.append(answer.to_dict())
        said.extend(narrator.event(e) for e in events)
    if sealing and (audit := walk.audit()) is not None:
        fields["audit"] = audit
    walk.end_link(n, side)
    return fields | {"actions": actions, "said": said}


def ensure_next(previous: TurnFile, new: TurnFile, src: Path) -> None:
    """`new` extends `previous`: the same game, every link of `previous` unchanged in it,
    and more links (TurnFileError naming the first difference)."""
    if new.game != previous.game:
        raise TurnFileError(src, _("not the same game as the previous file"))
    if new.start != previous.start:
        raise TurnFileError(
            src, _("the game's start differs from the previous file's"), _("field start")
        )
    for i, link in enumerate(previous.links):
        if i >= len(new.links):
            raise TurnFileError(
                src, _("link {n} of the previous file is missing: links dropped").format(n=i)
            )
        if new.links[i] != link:
            raise TurnFileError(
                src,
                _("differs from the previous file's: the game has forked"),
                _("link {n}").format(n=i),
            )
    if len(new.links) == len(previous.links):
        raise TurnFileError(src, _("no new link: the same turn as the previous file"))
