"""A game by e-mail as a person plays it (issue 42 §4): open a received file, check it,
show the other side's last link action by action, then play this side's link one action
at a time, and write the next file.

`turns.take_turn` plays a whole link in one go for an agent; the client cannot: its
player acts one click at a time, and the other side's last link is shown before he plays.
A `Session` holds the file between those steps. Its game is the one the game screen
shows and plays; its dice come from the link's seed (`Game.dice_source`, `LinkDice`), set
by the same `Replay.begin_link` the checker uses, so the link the player makes is the
link the other program replays, die for die. The other side's decisions in the link are
answered by its standing orders (`answer`), and the link ends where they give no answer
or the game ends (`link_over`), as `Replay.end_link` demands.

A game with hidden Krobs (docs/pbem.md, "Hidden Krobs") is played the same way from
either seat. The Krob player's session replays the file with his openings, so he sees
and plays the full game; his link is written by `turns.play_link`, which plays the
actions he took again through `Replay.play_sealing` (seals, openings, the cut, the end
audit), exactly as `pbem autoplay` writes one. The Adventurers' session plays the blind
game: the Krobs' link it shows passes over the seals (nothing of them is shown), puts in
the Krobs it opens just before the action that reveals them, and says a cut in words.

Nothing is written before `finish`: a player who closes the window in the middle of his
turn has sent nothing, and opening the same file again starts the same turn with the
same dice (that is the protocol: the dice were fixed when both secrets were).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dragonnoir.engine.actions import Action, Move, action_from_dict
from dragonnoir.engine.game import Game
from dragonnoir.engine.scenario import Scenario
from dragonnoir.engine.state import Side
from dragonnoir.engine.tables import RulesData
from dragonnoir.errors import DragonNoirError
from dragonnoir.i18n import _
from dragonnoir.narration.names import names_of
from dragonnoir.narration.narrator import Narrator
from dragonnoir.pbem.canonical import canonical_bytes
from dragonnoir.pbem.chain import HANDSHAKE, Replay, other, replay
from dragonnoir.pbem.keys import Identity
from dragonnoir.pbem.orders import Orders
from dragonnoir.pbem.records import load_record, pbem_folder
from dragonnoir.pbem.reveals import HiddenLinkError, HiddenPlay
from dragonnoir.pbem.turnfile import SUFFIX, TurnFile, TurnFileError, read_turn_file
from dragonnoir.pbem.turns import (
    NextLink,
    link_header,
    next_link,
    open_link,
    play_link,
    seal_link,
    start_game,
)
from dragonnoir.safe_read import Limits, check_limits, parse_json, read_bytes
from dragonnoir.safe_write import write_bytes


def turns_folder() -> Path:
    """Where the client writes the turn files it sends (the player's data folder)."""
    return pbem_folder() / "turns"


def turn_file_name(scenario_id: str, game: str, n: int) -> str:
    """A file named after its game and link: `la-fosse-1a2b3c4d-003.dnturn`."""
    return f"{scenario_id or 'game'}-{game[:8]}-{n:03d}{SUFFIX}"


#: The received files opened lately, remembered wherever they were saved.
RECENT_FILE = "recent.json"
RECENT_LIMITS = Limits("recent turn files", size=64 * 1024, items=100, text=4096, depth=2)
RECENT_KEPT = 20


def recent_turn_files(folder: Path | None = None) -> list[Path]:
    """The turn files to offer: those opened lately (wherever they were saved) and
    those in the client's folder, newest first; a file since gone is left out."""
    where = folder or turns_folder()
    files = set(_opened_lately())
    if where.is_dir():
        files.update(p for p in where.iterdir() if p.suffix == SUFFIX)
    present = [p for p in files if p.is_file()]
    return sorted(present, key=lambda p: (-p.stat().st_mtime, p.name))


def remember_opened(path: Path) -> None:
    """Keep `path` among the files opened lately (a failure to write is no matter: the
    list is a convenience)."""
    kept = [str(path.resolve())] + [str(p) for p in _opened_lately() if p != path.resolve()]
    with contextlib.suppress(DragonNoirError, OSError):
        write_bytes(pbem_folder() / RECENT_FILE, canonical_bytes(kept[:RECENT_KEPT]))


def _opened_lately() -> list[Path]:
    path = pbem_folder() / RECENT_FILE
    if not path.is_file():
        return []
    try:
        doc = parse_json(read_bytes(path, limit=RECENT_LIMITS.size).decode("utf-8"))
        check_limits(doc, RECENT_LIMITS, path)
    except (DragonNoirError, ValueError, UnicodeDecodeError):
        return []  # a damaged list is forgotten, not an error
    if not isinstance(doc, list):
        return []
    return [Path(p) for p in doc if isinstance(p, str) and p.endswith(SUFFIX)]


def new_game(
    scenario: Scenario,
    side: Side,
    identity: Identity,
    rules: RulesData,
    orders: Orders | None = None,
    records: Path | None = None,
    folder: Path | None = None,
) -> Path:
    """Start a game of `scenario` in which this computer plays `side`: its first file,
    written into `folder` (the client's turns folder) under its game's name."""
    where = folder or turns_folder()
    draft = where / f"{scenario.id}-new{SUFFIX}"
    turn = start_game(scenario, side, identity, rules, draft, orders, records)
    return draft.replace(where / turn_file_name(scenario.id, turn.game, 0))


@dataclass
class Session:
    """A received turn file being played (see the module docstring)."""

    src: Path
    turn: TurnFile
    #: The whole file, checked; from `begin_mine` on, its game is the one played.
    walk: Replay
    identity: Identity
    rules: RulesData
    records: Path | None
    #: This computer's next link (None: the game is over, nothing to play).
    nxt: NextLink | None
    #: The game the screen shows: at the start of the other side's last link until it
    #: has been shown, then the game this side plays on (None: a hand-over link only).
    game: Game | None = None
    #: The other side's last link's actions, to show, and where they start in `game`.
    script: list[Action] = field(default_factory=list)
    script_start: int = 0
    #: This side's standing orders, for the file it writes (editable until then).
    orders: Orders = field(default_factory=Orders)
    #: Where this side's link starts in the game's history and log (`begin_mine`).
    link_start: int = 0
    log_start: int = 0
    mine_started: bool = False
    #: The file written (`finish`), once it is.
    written: Path | None = None
    #: The Adventurers' computer showing a Krob link of a game with hidden Krobs: the
    #: shown game's hidden part, the link's entries (seals and openings among its
    #: actions) and how far they are taken in (`before_shown`).
    shown_hidden: HiddenPlay | None = None
    entries: list[Any] = field(default_factory=list)
    entry_at: int = 0
    entry_k: int = 0
    clear_taken: int = 0
    #: What the file's last link did that is said in words rather than shown: the cut
    #: it made in the Adventurers' link, the end audit.
    said: list[str] = field(default_factory=list)

    # -- what the file asks ----------------------------------------------------------------

    @property
    def side(self) -> Side | None:
        """The side this computer plays in the link to write (None: the game is over)."""
        return self.nxt.side if self.nxt is not None else None

    @property
    def handshake_only(self) -> bool:
        """Is the next link the hand-shake answer (accepting the game), with no play?"""
        return self.nxt is not None and self.nxt.n < HANDSHAKE

    @property
    def scenario_id(self) -> str:
        return str(self.walk.start["scenario"].get("id", ""))

    @property
    def scenario_name(self) -> str:
        return str(self.walk.start["scenario"].get("name", ""))

    def out_path(self, folder: Path | None = None) -> Path:
        """Where the next file goes: the turns folder, named after the game and link."""
        n = self.nxt.n if self.nxt is not None else len(self.walk.links)
        return (folder or turns_folder()) / turn_file_name(self.scenario_id, self.walk.game_id, n)

    # -- showing the other side's link -------------------------------------------------------

    def replaying(self) -> bool:
        """Is the other side's last link still being shown?"""
        return (
            not self.mine_started
            and self.game is not None
            and len(self.game.history) < self.script_start + len(self.script)
        )

    def next_shown(self) -> Action:
        """The next action of the link being shown (the one the file holds)."""
        assert self.game is not None and self.replaying()
        return self.script[len(self.game.history) - self.script_start]

    def before_shown(self) -> None:
        """The Adventurers' computer, showing a Krob link of a game with hidden Krobs:
        take in the entries before the next action shown: a seal passes (its place
        counts for the dice), an opening puts its Krob on the map, checked against the
        seals made at the time. Called on the screen's thread before each action shown."""
        hidden, game = self.shown_hidden, self.game
        if hidden is None or game is None:
            return
        n = self.turn.links[-1]["n"]
        applied = len(game.history) - self.script_start
        try:
            while self.entry_at < len(self.entries):
                raw = self.entries[self.entry_at]
                if "open" in raw:
                    hidden.put_in(n, raw["open"])
                elif "sealed" in raw:
                    hidden.krob_action(n, self.entry_k, [], raw, None)
                    self.entry_k += 1
                elif self.clear_taken < applied:
                    self.clear_taken += 1
                    self.entry_k += 1
                else:
                    return  # the next action shown: the screen plays it
                self.entry_at += 1
        except HiddenLinkError as exc:  # checked with the file already: not expected
            raise TurnFileError(self.src, str(exc)) from None

    def show_next(self) -> None:
        """Play the next action of the link shown (what the screen's driver does)."""
        self.before_shown()
        assert self.game is not None
        self.game.apply(self.next_shown())

    @property
    def sealing(self) -> bool:
        """Is this the Krob player's computer in a game with hidden Krobs (his actions
        sealed where they stay hidden)?"""
        hidden = self.walk.hidden
        return hidden is not None and hidden.lock is not None and self.side is Side.KROBS

    # -- playing this side's link ------------------------------------------------------------

    def begin_mine(self) -> None:
        """The other side's link is shown: this side's link begins, with its dice."""
        nxt = self.nxt
        assert nxt is not None and not self.handshake_only and not self.mine_started
        walk = self.walk
        if walk.game is None:
            walk.set_up_at(nxt.n, nxt.reveal)  # the first link of play: hidden Krobs or not
        if self.sealing:
            self._begin_sealing(nxt)
        else:
            self.before_shown()  # seals after the last action shown
            if self.game is not None and walk.game is not None:
                self._same_as(walk.game)
                walk.game = self.game  # the same position: play on the game the screen shows
                if walk.hidden is not None:
                    walk.hidden.blind = self.game  # the Adventurers' blind game is it
            walk.begin_link(nxt.n, nxt.side, nxt.reveal)
            self.game = walk.game
        assert self.game is not None
        self.link_start, self.log_start = len(self.game.history), len(self.game.log)
        self.mine_started = True

    def _same_as(self, checked: Game) -> None:
        assert self.game is not None
        if self.game.state.to_dict() != checked.state.to_dict():
            raise TurnFileError(self.src, _("the link shown is not the link checked"))

    def _begin_sealing(self, nxt: NextLink) -> None:
        """The Krob player's link begins on a second full replay of the file, begun as
        `turns.play_link` begins it (the cut first): the file's own walk is kept whole
        for `finish`, which plays his actions again through it, sealing them."""
        begun = replay(self.turn, self.src, self.rules, self.walk.openings)
        open_link(begun, nxt.n, nxt.side, nxt.reveal)
        assert begun.game is not None
        if self.game is None or self.game is self.walk.game:
            self.game = begun.game  # nothing was shown: the screen is not built yet
        else:
            self._same_as(begun.game)  # the cut shown is the cut the link writes
            self.game.dice_source = begun.game.dice_source
        self.game.record_undo = True  # his own moves may be taken back until sent

    def answer(self) -> Action | None:
        """The other side's answer, by its standing orders, to the decision it is asked
        now in this side's link (None: it is not asked, or its orders say to ask)."""
        game = self.game
        if not self.mine_started or game is None or game.over or self.side is None:
            return None
        enemy = other(self.side)
        if game.to_act() is not enemy:
            return None
        return self.walk.orders[enemy].answer(game, enemy)  # on the game the screen plays

    def link_over(self) -> bool:
        """Has this side's link ended: the game over, or the other side to decide where
        its standing orders give no answer (then the file goes to it)?"""
        game = self.game
        if not self.mine_started or game is None or self.written is not None:
            return False
        if game.over or (actor := game.to_act()) is None:
            return True
        return actor is not self.side and self.answer() is None

    def finish(self, out: Path | None = None) -> Path:
        """Write this side's link: the next file, into `out` (default: `out_path`),
        checked as the other side will check it, and remembered as sent."""
        nxt = self.nxt
        assert nxt is not None
        link = link_header(nxt, self.identity, self.orders)
        if self.sealing:
            link.update(self._played_sealing(nxt))
        elif not self.handshake_only:
            game = self.game
            assert game is not None and self.mine_started
            narrator = Narrator.of(game)
            link["actions"] = [a.to_dict() for a in game.history[self.link_start :]]
            link["said"] = [narrator.event(e) for e in game.log[self.log_start :]]
        target = out or self.out_path()
        seal_link(nxt, link, self.identity, self.rules, target, self.records)
        self.written = target
        return target

    def _played_sealing(self, nxt: NextLink) -> dict[str, object]:
        """The Krob player's link as the file carries it: the actions he took on the
        screen played again through the file's walk by `turns.play_link`, which seals
        them, makes the cut and, the game over, the end audit."""
        game = self.game
        assert game is not None and self.mine_started
        taken = game.history  # the screen's game and the walk's share every action

        def choose(walked: Game, _side: Side) -> Action:
            if len(walked.history) >= len(taken):
                raise TurnFileError(self.src, _("the link played is not the link checked"))
            return taken[len(walked.history)]

        fields = play_link(self.walk, nxt.n, nxt.side, nxt.reveal, choose)
        walked = self.walk.game
        assert walked is not None
        if len(walked.history) != len(taken):
            raise TurnFileError(self.src, _("the link played is not the link checked"))
        return fields


def open_session(
    path: Path, identity: Identity, rules: RulesData, records: Path | None = None
) -> Session:
    """The turn file at `path`, checked (its chain, signatures, dice, every action) and
    checked against this computer's records (its side's turn, not older than the last
    file it sent, not a fork), ready to be shown and played. Raises a DragonNoirError
    naming the fault; nothing is written."""
    turn = read_turn_file(path)
    known = load_record(turn.game, records)  # the Krob player's: his openings
    walk = replay(turn, path, rules, known.openings if known is not None else None)
    nxt = None if walk.next_side() is None else next_link(turn, walk, identity, records)
    session = Session(path, turn, walk, identity, rules, records, nxt)
    mine = nxt.side if nxt is not None else None
    if mine is not None and mine in walk.orders:
        session.orders = walk.orders[mine]  # his orders as he last sent them
    if nxt is not None and nxt.n < HANDSHAKE:
        return session
    _set_up_the_last_link(session)
    if nxt is not None and not session.script:
        session.begin_mine()
    return session


def _set_up_the_last_link(session: Session) -> None:
    """The game at the start of the file's last link, its actions to show, their dice
    the link's own (a second walk, up to that link, of the file already checked)."""
    turn, walk = session.turn, session.walk
    last = turn.links[-1]
    if "audit" in last:
        session.said.append(
            _(
                "The Krob player opened every seal at the end of the game: each hidden "
                "Krob did only what the rules allowed, where the file says."
            )
        )
    if last["n"] < HANDSHAKE or not (last["actions"] or "cut" in last):
        session.game = walk.game  # nothing to show (None before the first link of play)
        return
    shown = Replay(walk.src, walk.game_id, walk.start, walk.rules, openings=walk.openings)
    for link in turn.links[:-1]:
        shown.add(link)
    try:
        shown.begin_link(last["n"], Side(last["side"]), last["reveal"], last.get("cut"))
    except HiddenLinkError as exc:  # checked with the file already: not expected
        raise TurnFileError(walk.src, str(exc)) from None
    session.game = shown.game
    assert session.game is not None
    session.script = _shown_actions(session, shown, last)
    session.script_start = len(session.game.history)
    if "cut" in last and shown.hidden is not None and shown.hidden.lock is None:
        session.said.append(_cut_said(session.game, turn.links[-2]["actions"][last["cut"]["at"]]))
    cutting = walk.hidden.cut if walk.hidden is not None and walk.hidden.lock else None
    if cutting is not None and last["side"] == Side.ADVENTURERS.value:
        session.said.append(_cut_made_said(session.game, last["actions"][cutting]))


def _shown_actions(session: Session, shown: Replay, last: dict[str, Any]) -> list[Action]:
    """The actions of the file's last link the screen shows. A game with hidden Krobs:
    the Adventurers' computer shows a Krob link's actions in the clear (its seals and
    openings are taken in by `before_shown`); the Krob player's shows the Adventurers'
    link up to its cut, the action cut played again on the full game as the cut does,
    and his own link with his sealed actions opened."""
    hidden, raw = shown.hidden, last["actions"]
    if hidden is None:
        return [action_from_dict(a) for a in raw]
    if hidden.lock is None:
        if last["side"] == Side.KROBS.value:
            session.shown_hidden, session.entries = hidden, raw
        return [action_from_dict(a) for a in raw if "open" not in a and "sealed" not in a]
    if last["side"] == Side.ADVENTURERS.value:
        cut = session.walk.hidden.cut if session.walk.hidden is not None else None
        return [action_from_dict(a) for a in raw[: None if cut is None else cut + 1]]
    known = hidden.known
    return [
        action_from_dict(known[a["sealed"]].action if "sealed" in a else a)
        for a in raw
        if "open" not in a
    ]


def _cut_made_said(game: Game, raw: dict[str, Any]) -> str:
    """The Krob player's words for the cut his link will make: which Adventurer ran into
    one of his hidden Krobs, and what becomes of the rest of their link."""
    action = action_from_dict(raw)
    if isinstance(action, Move) and action.unit in game.state.units:
        return _(
            "The move of {unit} runs into one of your hidden Krobs and is halted there: the "
            "Adventurers' actions after it are void, and they play on from the halt when "
            "they get your file."
        ).format(unit=names_of(game)(action.unit))
    return _(
        "An action of the Adventurers brings one of your hidden Krobs into sight: their "
        "actions after it are void, and they play on from there when they get your file."
    )


def _cut_said(game: Game, raw: dict[str, Any]) -> str:
    """The Adventurers' action the Krobs' link cut, in words: where it stopped, and why
    what they played after it did not happen."""
    action = action_from_dict(raw)
    if isinstance(action, Move) and (unit := game.state.units.get(action.unit)) is not None:
        where = game.where(unit.hex) if unit.hex is not None else "?"
        return _(
            "Your move of {unit} was halted at {hex}: a Krob came into sight. The actions "
            "after it are void: play on from there."
        ).format(unit=names_of(game)(action.unit), hex=where)
    return _(
        "A Krob came into sight during your turn: it was stopped there. The actions after "
        "it are void: play on from there."
    )
